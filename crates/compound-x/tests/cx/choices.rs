//! The choices a viewer has at the table: every action of the turn for its
//! player, the GM's hand for the GM, nothing for a spectator, each judged
//! by the engine; and nothing of them depends on a combatant hidden from
//! the players.

use std::collections::BTreeSet;

use nanite_compound_x::encounter::Command;
use nanite_compound_x::encounter::choices::{choices, refusal};
use nanite_core::table::{Seat, Verdict};
use nanite_core::{ClockCommand, CombatantId};

use super::table::{Table, armed, fighter, id};

fn vex_player() -> Seat {
    Seat::Player {
        controls: vec![id("vex")],
    }
}

/// Vex and a raider 12 m apart, Vex's turn.
fn duel() -> Table {
    let mut t = Table::new();
    t.add("vex", "crew", fighter(&armed(&[])));
    t.add("raider", "raiders", fighter(&armed(&[])));
    t.distance("vex", "raider", 12);
    t.begin(&["vex", "raider"]);
    t
}

fn kinds(seat: &Seat, t: &Table) -> BTreeSet<&'static str> {
    choices(t.game.state(), seat)
        .iter()
        .map(|c| c.kind)
        .collect()
}

#[test]
fn a_player_is_offered_every_action_of_the_turn() {
    let t = duel();
    let have = kinds(&vex_player(), &t);
    for kind in [
        "fire", "melee", "grapple", "move", "treat", "repair", "search", "aim", "reload", "stance",
        "jump", "hold", "act", "check", "end_turn",
    ] {
        assert!(have.contains(kind), "no {kind} among {have:?}");
    }
    for gm_only in ["harm", "distance", "afflict", "next_turn", "end_fight"] {
        assert!(!have.contains(gm_only), "a player is offered {gm_only}");
    }
}

#[test]
fn the_gm_has_the_turn_and_the_hand_and_a_spectator_nothing() {
    let t = duel();
    let gm = kinds(&Seat::Gm, &t);
    for kind in [
        "fire",
        "end_turn",
        "harm",
        "distance",
        "afflict",
        "hide",
        "end_fight",
    ] {
        assert!(gm.contains(kind), "the GM has no {kind}");
    }
    assert!(choices(t.game.state(), &Seat::Spectator).is_empty());
    // Not Vex's player's turn once the raider acts: nothing of the raider's.
    let mut t = duel();
    t.run(Command::Clock(ClockCommand::NextTurn), &[]);
    let theirs = choices(t.game.state(), &vex_player());
    assert!(
        theirs.is_empty(),
        "{:?}",
        theirs.iter().map(|c| &c.label).collect::<Vec<_>>()
    );
}

#[test]
fn a_shot_offers_its_cost_and_exact_chance_to_hit() {
    // rule: CX-RNG-01
    let t = duel();
    let all = choices(t.game.state(), &vex_player());
    let shot = all
        .iter()
        .find(|c| c.kind == "fire" && c.label.contains("semi"))
        .expect("a semi-automatic shot");
    let Verdict::Allowed { cost, odds } = &shot.verdict else {
        panic!("refused: {:?}", shot.verdict);
    };
    assert!(*cost >= 1);
    let odds = odds.expect("a shot has odds");
    assert!(
        (0.0..=100.0).contains(&odds) && odds % 10.0 == 0.0,
        "{odds}"
    );
    assert_eq!(shot.target, Some(id("raider")));
    let params: Vec<&str> = shot.params.iter().map(|p| p.field).collect();
    assert_eq!(params, ["fire", "cover"]);
}

#[test]
fn a_refused_choice_says_why_with_its_code() {
    let t = duel();
    let all = choices(t.game.state(), &vex_player());
    // Nobody is downed: stabilizing is not offered; a kit-less treatment
    // of an unwounded raider is the engine's to refuse.
    assert!(all.iter().all(|c| c.kind != "stabilize"));
    let treat = all
        .iter()
        .find(|c| c.kind == "treat" && c.target == Some(id("raider")))
        .expect("treat the raider");
    let r = treat.verdict.refusal().expect("nothing to treat");
    assert!(!r.code.is_empty() && !r.message.is_empty(), "{r:?}");
}

#[test]
fn a_hidden_combatant_changes_nothing_a_player_is_offered() {
    let plain = duel();
    let mut lurking = Table::new();
    lurking.add("vex", "crew", fighter(&armed(&[])));
    lurking.add("raider", "raiders", fighter(&armed(&[])));
    lurking.run(
        Command::Add {
            id: id("lurker"),
            side: "raiders".into(),
            hidden: true,
            fighter: Box::new(fighter(&armed(&[]))),
            cover: nanite_compound_x::combat::Cover::Full,
            stance: nanite_compound_x::combat::Stance::Prone,
        },
        &[],
    );
    lurking.distance("vex", "raider", 12);
    lurking.distance("vex", "lurker", 3);
    lurking.begin(&["vex", "raider", "lurker"]);
    let seen = |t: &Table| {
        choices(t.game.state(), &vex_player())
            .into_iter()
            .map(|c| (c.label, c.target, format!("{:?}", c.verdict)))
            .collect::<Vec<_>>()
    };
    assert_eq!(seen(&plain), seen(&lurking));
    // The GM sees the lurker as a target.
    let gm = choices(lurking.game.state(), &Seat::Gm);
    assert!(
        gm.iter()
            .any(|c| c.target == Some(CombatantId::from("lurker")))
    );
}

#[test]
fn an_engine_refusal_keeps_its_rule_and_fix() {
    let mut t = duel();
    let r = t.refuse(
        Command::ClearJam {
            id: id("vex"),
            weapon: 0,
        },
        &[],
    );
    let shaped = refusal(&r);
    assert_eq!(shaped.code, "against_the_rules", "{shaped:?}");
    assert_eq!(shaped.message, r.to_string().split("; ").next().unwrap());
}

#[test]
fn a_player_may_search_for_an_enemy_the_gm_ruled_undetected() {
    // rule: CX-CLOAK-03
    let mut t = duel();
    t.run(
        Command::Conceal {
            id: id("raider"),
            from: Vec::new(),
            dc: Some(40),
        },
        &[],
    );
    let all = choices(t.game.state(), &vex_player());
    let search = all
        .iter()
        .find(|c| c.kind == "search" && c.label == "Search")
        .expect("a search");
    assert!(search.allowed(), "{:?}", search.verdict);
}

#[test]
fn taking_50_or_100_and_combined_checks_are_the_gms_to_call() {
    // rule: CX-DICE-06
    // rule: CX-DICE-07
    // A player calls a plain check in the open; the GM marks the checks that
    // may be taken 50 or 100 and chooses a combined roll.
    use nanite_compound_x::check::Effort;
    use nanite_compound_x::encounter::choices::acting;
    use nanite_core::table::Acting;
    let t = duel();
    let check = |effort, combined_with: Option<&str>| Command::Check {
        id: id("vex"),
        skill: "medicine".into(),
        dc: 40,
        hidden: false,
        effort,
        combined_with: combined_with.map(String::from),
    };
    let cases = [
        (check(Effort::Roll, None), Acting::Turn(id("vex"))),
        (check(Effort::Take50, None), Acting::Gm),
        (check(Effort::Take100, None), Acting::Gm),
        (check(Effort::Roll, Some("awareness")), Acting::Gm),
    ];
    for (command, who) in cases {
        assert_eq!(acting(&command, t.game.state()), who, "{command:?}");
    }
}

#[test]
fn the_gms_check_offers_take_50_100_and_a_combined_skill() {
    // rule: CX-DICE-06
    // rule: CX-DICE-07
    // The GM's hand calls a check with every way the rules allow: the
    // effort (roll, take 50, take 100) and a second skill for one combined
    // roll against the doubled DC, each a field a page can fill in.
    let t = duel();
    let all = choices(t.game.state(), &Seat::Gm);
    let check = all
        .iter()
        .find(|c| c.kind == "check" && c.actor.is_none())
        .expect("the GM's hand calls checks");
    let fields: Vec<&str> = check.params.iter().map(|p| p.field).collect();
    for field in ["id", "skill", "dc", "hidden", "effort", "combined_with"] {
        assert!(fields.contains(&field), "{field} missing from {fields:?}");
    }
    let effort = check.params.iter().find(|p| p.field == "effort").unwrap();
    let json = serde_json::to_string(&effort.kind).unwrap();
    for value in ["roll", "take50", "take100"] {
        assert!(json.contains(&format!("\"{value}\"")), "{json}");
    }
}
