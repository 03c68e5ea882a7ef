//! What a viewer may do now, as the table's choices: every command kind of
//! a turn for the player of the combatant acting, the GM's hand for the GM,
//! nothing for a spectator; each judged by the engine on the fight as the
//! viewer knows it, so a hidden combatant is never offered to a player.

use nanite_core::table::{Choice, ParamKind, ParamValue, Seat, Verdict};
use nanite_core::{ClockCommand, CombatantId, Ruleset as _, SeededDice};
use nanite_d20::encounter::choices::choices;
use nanite_d20::encounter::{Command, D20, Square, Takedown};

use super::support::{Table, id};

fn player(of: &str) -> Seat {
    Seat::Player {
        controls: vec![id(of)],
    }
}

fn kinds(list: &[Choice<Command>]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = list.iter().map(|c| c.kind).collect();
    out.dedup();
    out
}

fn find<'a>(list: &'a [Choice<Command>], label: &str, target: Option<&str>) -> &'a Choice<Command> {
    list.iter()
        .find(|c| c.label == label && c.target.as_ref().map(CombatantId::as_str) == target)
        .unwrap_or_else(|| panic!("no {label} at {target:?} in {:?}", kinds(list)))
}

/// Kara at (1,1) against a raider at (4,1), 15 ft away, Kara's turn.
fn ford() -> Table {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (4, 1)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    t
}

#[test]
fn the_acting_player_is_offered_every_action_of_a_turn() {
    // rule: D20-MOVE-01, D20-GRAP-02
    let t = ford();
    let offered = choices(t.state(), &player("kara"));
    assert_eq!(
        kinds(&offered),
        [
            "attack",
            "takedown",
            "move",
            "double_move",
            "hold",
            "end_turn"
        ]
    );
    assert!(
        offered
            .iter()
            .all(|c| c.actor.as_ref() == Some(&id("kara")))
    );
    // Each as the engine judges it: the bow reaches 15 ft for 1 action, the
    // rapier does not, with the engine's reason.
    let cases = [
        ("Attack with Shortbow", Some("raider"), Some(1)),
        ("Attack with Rapier", Some("raider"), None),
        ("Clinch (takedown)", Some("raider"), None),
        ("Move", None, Some(0)),
        ("End turn", None, Some(0)),
    ];
    for (label, target, cost) in cases {
        let choice = find(&offered, label, target);
        match (&choice.verdict, cost) {
            (Verdict::Allowed { cost: spent, .. }, Some(cost)) => {
                assert_eq!(*spent, cost, "{label}")
            }
            (Verdict::Refused(r), None) => {
                assert_eq!(r.code, "against_the_rules", "{label}");
                assert!(r.message.contains("reach"), "{label}: {r:?}");
            }
            (verdict, _) => panic!("{label}: {verdict:?}"),
        }
    }
    // The move is offered on a square it may reach; its one parameter
    // lists every square the engine accepts, and only those
    // (D20-MOVE-01/02).
    let step = find(&offered, "Move", None);
    assert_eq!(
        step.params.iter().map(|p| p.field).collect::<Vec<_>>(),
        ["to.0"]
    );
    let ParamKind::OneOf { options } = &step.params[0].kind else {
        panic!("the squares are a list: {:?}", step.params);
    };
    assert!(!options.is_empty());
    assert!(
        !options
            .iter()
            .any(|o| o.value == ParamValue::Square { x: 4, y: 1 }),
        "the raider's square is not a move"
    );
    for option in options {
        let ParamValue::Square { x, y } = option.value else {
            panic!("a square: {option:?}");
        };
        let moved = Command::Move {
            id: "kara".into(),
            to: vec![Square { x, y }],
        };
        assert!(
            D20::decide(t.state(), &moved, &mut SeededDice::new(0)).is_ok(),
            "{x},{y} is offered, so the engine takes it"
        );
    }
}

#[test]
fn only_the_players_of_the_actor_and_the_gm_act_for_it() {
    let t = ford();
    for seat in [Seat::Spectator, player("raider"), player("bram")] {
        assert!(choices(t.state(), &seat).is_empty(), "{seat:?}");
    }
    let gm = choices(t.state(), &Seat::Gm);
    assert!(
        gm.iter().any(|c| c.kind == "attack"),
        "the GM acts for Kara"
    );
    // The GM's hand, in a round: next turn, placing, checks, harm, hiding,
    // rest, the end; not the setup's initiative and begin.
    let hand: Vec<&str> = gm
        .iter()
        .filter(|c| c.actor.is_none() && c.target.is_none())
        .map(|c| c.kind)
        .collect();
    assert_eq!(
        hand,
        [
            "next_turn",
            "position",
            "check",
            "harm",
            "hide",
            "rest",
            "end"
        ]
    );
    // And on each combatant, aimed at it: a check called at any time, harm,
    // healing (offered always, refused with its reason at full health),
    // hiding, its initiative, a later
    // place (not for the last), removing it.
    let on = |who: &str| -> Vec<&str> {
        gm.iter()
            .filter(|c| c.actor.is_none() && c.target.as_ref().is_some_and(|t| t.as_str() == who))
            .map(|c| c.kind)
            .collect()
    };
    assert_eq!(
        on("kara"),
        [
            "check",
            "harm",
            "heal",
            "hide",
            "initiative",
            "delay",
            "leave"
        ]
    );
    // The raider acts last: no later place to delay to.
    assert_eq!(
        on("raider"),
        ["check", "harm", "heal", "hide", "initiative", "leave"]
    );
    let calls: Vec<_> = gm
        .iter()
        .filter(|c| c.kind == "check" && c.target.is_some())
        .collect();
    assert!(
        calls.iter().all(|c| c.verdict.refusal().is_none()),
        "a check may be called for anyone at any time: {calls:?}"
    );
    for c in gm.iter().filter(|c| c.actor.is_none()) {
        match c.verdict.refusal() {
            // Resting takes hours: the engine refuses it in a fight; nobody
            // is hurt yet, so healing is refused with the reason.
            Some(r) => assert!(
                (c.kind == "rest" && r.message.contains("outside a fight"))
                    || (c.kind == "heal" && r.message.contains("at full hit points")),
                "{c:?}"
            ),
            None => assert!(c.allowed()),
        }
    }
}

#[test]
fn before_the_fight_the_gm_rolls_initiative_and_begins() {
    // rule: D20-INIT-01
    let t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (4, 1)),
    ]);
    let gm = choices(t.state(), &Seat::Gm);
    let roll = find(&gm, "Roll initiative for everyone without it", None);
    assert!(roll.allowed(), "{roll:?}");
    assert!(matches!(roll.command, Command::RollInitiative { ref who } if who.is_empty()));
    let begin = find(&gm, "Begin the fight", None);
    // Nobody has initiative yet: the engine says so.
    assert!(!begin.allowed(), "{begin:?}");
    assert!(choices(t.state(), &player("kara")).is_empty());
}

#[test]
fn a_hidden_combatant_is_never_offered_to_a_player() {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (4, 1)),
        ("brute", "brute", "bandits", (2, 1)),
    ]);
    t.ok(
        Command::Clock(ClockCommand::Hide {
            id: id("brute"),
            hidden: true,
        }),
        &[],
    );
    t.begin_in_order(&["kara", "raider", "brute"]);
    let targets = |seat: &Seat| {
        let mut out: Vec<String> = choices(t.state(), seat)
            .iter()
            .filter(|c| c.actor.is_some())
            .filter_map(|c| c.target.as_ref().map(ToString::to_string))
            .collect();
        out.dedup();
        out
    };
    assert_eq!(targets(&player("kara")), ["raider"]);
    assert_eq!(targets(&Seat::Gm), ["raider", "brute"]);
    // The brute stands on (2,1), next to Kara: a player's move there is
    // judged on the fight as they know it, so nothing tells them it is taken.
    let offered = choices(t.state(), &player("kara"));
    let step = find(&offered, "Move", None);
    assert!(step.allowed(), "{step:?}");
    let refusals: Vec<String> = offered
        .iter()
        .filter_map(|c| c.verdict.refusal().map(|r| r.message.clone()))
        .collect();
    assert!(
        refusals
            .iter()
            .all(|m| !m.contains("Brute") && !m.contains("brute")),
        "{refusals:?}"
    );
}

#[test]
fn a_natural_1_owes_the_opponent_its_choice_and_nothing_else() {
    // rule: D20-GRAP-02
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (2, 1)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    t.ok(
        Command::Takedown {
            id: id("kara"),
            target: id("raider"),
            kind: Takedown::Clinch,
        },
        &[1],
    );
    // Kara's player has nothing to do while the raider chooses.
    assert!(choices(t.state(), &player("kara")).is_empty());
    let owed = choices(t.state(), &player("raider"));
    let labels: Vec<&str> = owed.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Take Grappling Advantage", "Free melee attack on Kara Voss"]
    );
    assert!(
        owed.iter().all(|c| c.kind == "choose" && c.allowed()),
        "{owed:?}"
    );
    let attack = &owed[1];
    assert_eq!(attack.params[0].field, "choice.weapon");
}

#[test]
fn in_rows_a_combatant_changes_row_instead_of_moving() {
    // rule: D20-MOVE-03
    let mut t = Table::new(
        nanite_d20::Campaign::default(),
        nanite_d20::encounter::Field::Rows,
        &[
            (
                "kara",
                "kara",
                "heroes",
                nanite_d20::encounter::Place::Row(nanite_d20::encounter::Row::Front),
            ),
            (
                "raider",
                "raider",
                "bandits",
                nanite_d20::encounter::Place::Row(nanite_d20::encounter::Row::Back),
            ),
        ],
    );
    t.begin_in_order(&["kara", "raider"]);
    let offered = choices(t.state(), &player("kara"));
    let row = find(&offered, "Move to the back row", None);
    assert_eq!(row.kind, "change_row");
    assert!(row.allowed(), "{row:?}");
    assert!(offered.iter().all(|c| c.kind != "move"));
}
