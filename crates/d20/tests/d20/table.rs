//! The GM's table: held actions, surprise, leaving, the end of the fight,
//! and a table of illegal commands, each refused with its reason and
//! changing nothing.

use nanite_core::ClockCommand;
use nanite_d20::encounter::{
    Command, GrappleAttack, Place, PositionChange, Square, Takedown, TakedownChoice,
};

use super::support::{Table, id, sq};

fn cast(who: &str, magic: &str, target: &str) -> Command {
    Command::Cast {
        id: id(who),
        magic: magic.into(),
        target: id(target),
    }
}

#[test]
fn a_held_action_is_taken_out_of_turn_when_its_trigger_comes() {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (5, 0)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    let text = t.ok(
        Command::Hold {
            id: id("kara"),
            trigger: "the raider comes close".into(),
        },
        &[],
    );
    assert_eq!(
        text,
        "Kara Voss holds its action until: the raider comes close\n"
    );
    t.next(&[]);
    t.ok(
        Command::Move {
            id: id("raider"),
            to: vec![sq(1, 0)],
        },
        &[],
    );
    assert_eq!(
        t.ok(
            Command::Clock(ClockCommand::Trigger { id: id("kara") }),
            &[]
        ),
        "Kara Voss reacts: held actions: the raider comes close\nKara Voss's held action is set off\n"
    );
    // Out of turn, with the held action: 15 + 6 hits, 1d6 2 + 3.
    t.ok(
        Command::Attack {
            id: id("kara"),
            target: id("raider"),
            weapon: Some(0),
        },
        &[15, 2],
    );
    assert_eq!(t.hp("raider"), 7);
    // Moving is never a held action.
    assert!(
        t.refused(Command::Move {
            id: id("kara"),
            to: vec![sq(0, 1)],
        })
        .starts_with("Kara Voss can only move on its own turn")
    );
}

#[test]
fn a_hidden_attacker_may_take_a_surprise_round() {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (5, 0)),
    ]);
    t.ok(
        Command::Clock(ClockCommand::Hide {
            id: id("raider"),
            hidden: true,
        }),
        &[],
    );
    t.ok(Command::RollInitiative { who: vec![] }, &[45, 10]);
    let text = t.ok(
        Command::Clock(ClockCommand::Begin {
            surprise: vec![id("raider")],
        }),
        &[],
    );
    assert_eq!(
        text,
        "surprise round: only Bandit Raider act\nBandit Raider's turn: 1 action and 30 ft of movement\n"
    );
    let text = t.next(&[]);
    assert!(
        text.ends_with("round 1 begins\nKara Voss's turn: 1 action and 30 ft of movement\n"),
        "{text}"
    );
}

#[test]
fn leaving_and_ending_let_go_of_grapples_and_spells() {
    let mut t = Table::map(&[
        ("bram", "bram", "heroes", (1, 1)),
        ("ilsa", "ilsa", "heroes", (0, 0)),
        ("brute", "brute", "bandits", (2, 1)),
        ("raider", "raider", "bandits", (4, 4)),
    ]);
    t.begin_in_order(&["bram", "ilsa", "brute", "raider"]);
    t.ok(
        Command::Takedown {
            id: id("bram"),
            target: id("brute"),
            kind: Takedown::Clinch,
        },
        &[15, 2],
    );
    t.next(&[]);
    t.ok(cast("ilsa", "firebolt", "raider"), &[]);
    t.ok(Command::Clock(ClockCommand::Leave { id: id("brute") }), &[]);
    assert!(t.state().grapples.is_empty());
    assert!(!t.state().combatants.contains_key(&id("brute")));
    let text = t.ok(Command::Clock(ClockCommand::End), &[]);
    assert_eq!(
        text,
        "the fight is over\ncasting Firebolt ends with the fight\n"
    );
    assert_eq!(t.state().combatants[&id("ilsa")].energy, 22);
}

#[test]
fn a_spell_whose_target_left_fizzles_and_costs_nothing() {
    // rule: D20-CAST-01
    let mut t = Table::map(&[
        ("ilsa", "ilsa", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (4, 4)),
        ("brute", "brute", "bandits", (5, 5)),
    ]);
    t.begin_in_order(&["ilsa", "raider", "brute"]);
    t.ok(cast("ilsa", "firebolt", "raider"), &[]);
    t.ok(
        Command::Clock(ClockCommand::Leave { id: id("raider") }),
        &[],
    );
    t.next(&[]);
    let text = t.next(&[]);
    assert!(
        text.contains(
            "Ilsa Wren's Firebolt fizzles: its target raider has left the fight; nothing is spent"
        ),
        "{text}"
    );
    assert_eq!(t.state().combatants[&id("ilsa")].energy, 22);
}

#[test]
fn illegal_commands_are_refused_with_their_reason() {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("ilsa", "ilsa", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (2, 1)),
    ]);
    // Before the fight.
    for (command, why) in [
        (
            Command::Attack {
                id: id("kara"),
                target: id("raider"),
                weapon: Some(0),
            },
            "the fight has not begun yet; begin it first",
        ),
        (
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            "'kara' has no initiative yet; roll or set it before the fight begins",
        ),
        (
            Command::Position {
                id: id("kara"),
                place: Place::Square(Square { x: 2, y: 1 }),
            },
            "(2,1) is Bandit Raider's square",
        ),
        (
            Command::Position {
                id: id("kara"),
                place: Place::Row(nanite_d20::encounter::Row::Front),
            },
            "this fight is on a map: give a square (`at = [x, y]`), not a row",
        ),
        (
            Command::Harm {
                target: id("kara"),
                amount: 0,
                by: None,
                why: "nothing".into(),
            },
            "harm 0 is out of range: from 1 to 10000",
        ),
        (
            Command::Harm {
                target: id("kara"),
                amount: i64::MAX,
                by: None,
                why: "the audit's 9223372036854775807".into(),
            },
            "harm 9223372036854775807 is out of range: from 1 to 10000",
        ),
        (
            Command::Check {
                id: id("kara"),
                skill: None,
                attribute: Some(nanite_d20::Attribute::Str),
                dc: 1001,
                hidden: false,
            },
            "DC 1001 is out of range: from -1000 to 1000",
        ),
        (
            Command::Clock(ClockCommand::SetInitiative {
                id: id("kara"),
                total: i64::MIN,
            }),
            "initiative -9223372036854775808 is out of range: from -1000 to 1000",
        ),
        (
            Command::UseKit {
                id: id("kara"),
                target: id("ilsa"),
                kit: "healing-kit".into(),
                max_checks: None,
            },
            "Kara Voss carries no `healing-kit`",
        ),
        (
            Command::UseKit {
                id: id("ilsa"),
                target: id("kara"),
                kit: "healing-kit".into(),
                max_checks: None,
            },
            "Kara Voss is unhurt (22/22 HP); the kit would be wasted",
        ),
        (
            Command::Rest {
                id: id("kara"),
                periods: 0,
            },
            "rest periods 0 is out of range: from 1 to 100 (periods of 8 hours)",
        ),
    ] {
        assert_eq!(t.refused(command), why);
    }
    t.begin_in_order(&["kara", "ilsa", "raider"]);
    // In the fight, on Kara's turn.
    for (command, why) in [
        (
            Command::ChangePosition {
                id: id("kara"),
                kind: PositionChange::Push,
            },
            "Kara Voss is not grappling; start with a takedown (clinch, tackle or trip, D20-GRAP-02)",
        ),
        (
            Command::GrappleAttack {
                id: id("kara"),
                kind: GrappleAttack::Slam,
            },
            "Kara Voss is not grappling; start with a takedown (clinch, tackle or trip, D20-GRAP-02)",
        ),
        (
            Command::Takedown {
                id: id("kara"),
                target: id("kara"),
                kind: Takedown::Trip,
            },
            "nobody takes itself down",
        ),
        (
            Command::Choose {
                id: id("kara"),
                choice: TakedownChoice::Advantage,
            },
            "Kara Voss has nothing to choose",
        ),
        (
            Command::Takedown {
                id: id("ilsa"),
                target: id("raider"),
                kind: Takedown::Trip,
            },
            "it is not ilsa's turn (it is kara's)",
        ),
        (
            Command::ChangeRow {
                id: id("kara"),
                row: nanite_d20::encounter::Row::Back,
            },
            "this fight is on a map; move to a square instead (`move X,Y`)",
        ),
        (
            Command::Hold {
                id: id("kara"),
                trigger: " ".into(),
            },
            "a held action needs a declared trigger (what sets it off)",
        ),
        (
            Command::Rest {
                id: id("kara"),
                periods: 1,
            },
            "resting takes hours: only outside a fight (before it begins or after it ends)",
        ),
        (
            Command::Check {
                id: id("kara"),
                skill: None,
                attribute: None,
                dc: 10,
                hidden: false,
            },
            "a non-skill check names its attribute (STR, DEX, CON or WIS)",
        ),
        (
            Command::Check {
                id: id("kara"),
                skill: Some("flying".into()),
                attribute: None,
                dc: 10,
                hidden: false,
            },
            "no skill `flying`; known skills: melee-fighting, ranged-fighting, athletics, acrobatics, stealth, endurance, perception, medicine, survival, spellcasting, psionics",
        ),
    ] {
        assert_eq!(t.refused(command), why);
    }
}

#[test]
fn harm_never_wraps_a_fallen_combatant_back_to_life() {
    // rule: D20-REST-01
    // input: the audit's `harm X 9223372036854775807` twice brought a fallen
    // combatant back at 37/35 HP; the largest harm, many times, keeps it down
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (3, 1)),
    ]);
    for _ in 0..5 {
        t.ok(
            Command::Harm {
                target: id("raider"),
                amount: 10_000,
                by: None,
                why: "a collapsing ceiling".into(),
            },
            &[],
        );
        assert!(t.hp("raider") <= 0, "{}", t.hp("raider"));
        assert!(t.state().is_down(&id("raider")));
    }
    assert_eq!(t.hp("raider"), 12 - 50_000);
    assert!(t.hp("kara") <= t.state().max_hp(&id("kara")));
}
