//! Beginning the fight, the surprise round, rounds and turns, joining,
//! leaving and hiding mid-fight, and the end of the fight.

use nanite_core::encounter::{
    ClockCommand, ClockEvent, EncounterError, FightPhase, roll_initiative,
};

use super::support::{
    Clock, active, begin, begun, hold, id, join_command, leave, now, order, play, react, refused,
    run, set, setup, spend, trigger,
};

const FOUR: [(&str, i64); 4] = [("a", 40), ("b", 30), ("c", 20), ("d", 10)];

#[test]
fn the_fight_begins_only_when_everyone_has_initiative() {
    let mut clock = setup(&[("a", 30)], &[]);
    run(&mut clock, join_command("b", false));
    run(&mut clock, join_command("c", false));
    assert_eq!(
        refused(&clock, begin(&[])),
        EncounterError::NoInitiative { id: id("b") }
    );
    run(&mut clock, set("b", 20));
    assert_eq!(
        refused(&clock, begin(&[])),
        EncounterError::NoInitiative { id: id("c") }
    );
    // Nothing runs before the fight begins.
    assert_eq!(
        refused(&clock, ClockCommand::NextTurn),
        EncounterError::NotBegun
    );
    assert_eq!(spend(&mut clock, "a", 1), Err(EncounterError::NotBegun));
    assert_eq!(
        clock.react(&id("a"), "snap shot"),
        Err(EncounterError::NotBegun)
    );
    assert_eq!(
        refused(&clock, hold(1, "door")),
        EncounterError::NoActiveTurn
    );
    run(&mut clock, set("c", 10));
    assert_eq!(
        run(&mut clock, begin(&[])),
        [
            ClockEvent::RoundBegan { number: 1 },
            ClockEvent::TurnBegan {
                id: id("a"),
                actions: 4
            },
        ]
    );
    assert_eq!(clock.phase, FightPhase::Round { number: 1 });
    assert!(clock.running());
    assert_eq!(refused(&clock, begin(&[])), EncounterError::AlreadyBegun);
}

#[test]
fn turns_follow_the_order_round_after_round() {
    let mut clock = begun(&[("c", 10), ("a", 30), ("b", 20)]);
    assert_eq!(now(&clock), "1:a");
    assert_eq!(
        play(&mut clock, 8),
        ["1:b", "1:c", "2:a", "2:b", "2:c", "3:a", "3:b", "3:c"]
    );
    assert_eq!(
        run(&mut clock, ClockCommand::NextTurn),
        [
            ClockEvent::TurnEnded { id: id("c") },
            ClockEvent::RoundBegan { number: 4 },
            ClockEvent::TurnBegan {
                id: id("a"),
                actions: 4
            },
        ]
    );
    assert_eq!(
        run(&mut clock, ClockCommand::NextTurn),
        [
            ClockEvent::TurnEnded { id: id("a") },
            ClockEvent::TurnBegan {
                id: id("b"),
                actions: 4
            },
        ]
    );
}

#[test]
fn only_the_hidden_attackers_named_act_in_the_surprise_round() {
    // rule: CX-TURN-02
    // a 40, b 30, c 20 and d 10; b, c and d are hidden.
    let cases: [(&[&str], &[&str]); 4] = [
        // The surprise round follows the order, not the list.
        (
            &["c", "b"],
            &["0:b", "0:c", "1:a", "1:b", "1:c", "1:d", "2:a"],
        ),
        (&["d"], &["0:d", "1:a", "1:b", "1:c", "1:d", "2:a"]),
        (&["b", "c", "d"], &["0:b", "0:c", "0:d", "1:a", "1:b"]),
        (&[], &["1:a", "1:b", "1:c", "1:d", "2:a"]),
    ];
    for (surprise, expected) in cases {
        let mut clock = setup(&FOUR, &["b", "c", "d"]);
        run(&mut clock, begin(surprise));
        if !surprise.is_empty() {
            assert_eq!(
                clock.phase,
                FightPhase::Surprise {
                    actors: surprise.iter().map(|s| id(s)).collect()
                }
            );
            assert_eq!(clock.round(), 0);
            // a is not surprising anyone: it cannot act yet.
            assert!(matches!(
                spend(&mut clock, "a", 1),
                Err(EncounterError::NotTheirTurn { .. })
            ));
        }
        let mut turns = vec![now(&clock)];
        turns.extend(play(&mut clock, expected.len() - 1));
        assert_eq!(turns, expected, "surprise by {surprise:?}");
    }
}

#[test]
fn the_surprise_round_gives_way_to_round_one() {
    // rule: CX-TURN-02
    let mut clock = setup(&FOUR, &["c"]);
    assert_eq!(
        run(&mut clock, begin(&["c"])),
        [
            ClockEvent::SurpriseBegan {
                actors: vec![id("c")]
            },
            ClockEvent::TurnBegan {
                id: id("c"),
                actions: 4
            },
        ]
    );
    assert_eq!(
        run(&mut clock, ClockCommand::NextTurn),
        [
            ClockEvent::TurnEnded { id: id("c") },
            ClockEvent::RoundBegan { number: 1 },
            ClockEvent::TurnBegan {
                id: id("a"),
                actions: 4
            },
        ]
    );
}

#[test]
fn only_hidden_combatants_can_surprise() {
    // rule: CX-TURN-02
    // b and c are hidden, a and d are not.
    let cases: [(&[&str], EncounterError); 4] = [
        (&["a"], EncounterError::NotHidden { id: id("a") }),
        (&["b", "d"], EncounterError::NotHidden { id: id("d") }),
        (&["b", "c", "a"], EncounterError::NotHidden { id: id("a") }),
        (&["ghost"], EncounterError::Unknown { id: id("ghost") }),
    ];
    for (surprise, error) in cases {
        let clock = setup(&FOUR, &["b", "c"]);
        assert_eq!(refused(&clock, begin(surprise)), error, "{surprise:?}");
    }
}

#[test]
fn the_gm_hides_and_reveals_combatants() {
    let hide = |name: &str, hidden| ClockCommand::Hide {
        id: id(name),
        hidden,
    };
    let mut clock = setup(&FOUR, &["b"]);
    let hidden = |clock: &Clock, name: &str| clock.seat(&id(name)).unwrap().hidden;
    assert!(hidden(&clock, "b") && !hidden(&clock, "a"));
    assert_eq!(
        run(&mut clock, hide("a", true)),
        [ClockEvent::HiddenSet {
            id: id("a"),
            hidden: true
        }]
    );
    run(&mut clock, hide("b", false));
    assert!(hidden(&clock, "a") && !hidden(&clock, "b"));
    // Revealed, b can no longer surprise; hidden, a can.
    assert_eq!(
        refused(&clock, begin(&["b"])),
        EncounterError::NotHidden { id: id("b") }
    );
    run(&mut clock, begin(&["a"]));
    assert_eq!(now(&clock), "0:a");
    // Hiding changes nothing about the order, and works mid-fight.
    run(&mut clock, hide("a", false));
    assert_eq!(order(&clock), ["a", "b", "c", "d"]);
    assert_eq!(
        refused(&clock, hide("ghost", true)),
        EncounterError::Unknown { id: id("ghost") }
    );
}

#[test]
fn a_newcomer_acts_this_round_only_if_placed_after_the_active_combatant() {
    // a 30, b 20, c 10; b is acting when d joins with `total`.
    let cases: [(i64, &[&str], &[&str]); 6] = [
        (25, &["a", "d", "b", "c"], &["1:c", "2:a", "2:d", "2:b"]),
        (40, &["d", "a", "b", "c"], &["1:c", "2:d", "2:a", "2:b"]),
        // Tied with a, it goes after the earlier joiner, still before b.
        (30, &["a", "d", "b", "c"], &["1:c", "2:a", "2:d", "2:b"]),
        // Tied with b, it goes after b: it acts this round.
        (20, &["a", "b", "d", "c"], &["1:d", "1:c", "2:a", "2:b"]),
        (15, &["a", "b", "d", "c"], &["1:d", "1:c", "2:a", "2:b"]),
        (5, &["a", "b", "c", "d"], &["1:c", "1:d", "2:a", "2:b"]),
    ];
    for (total, expected_order, turns) in cases {
        let mut clock = begun(&[("a", 30), ("b", 20), ("c", 10)]);
        run(&mut clock, ClockCommand::NextTurn);
        run(&mut clock, join_command("d", false));
        run(&mut clock, set("d", total));
        assert_eq!(order(&clock), expected_order, "d at {total}");
        assert_eq!(active(&clock), Some("b"), "joining does not pass the turn");
        assert_eq!(play(&mut clock, turns.len()), turns, "d at {total}");
    }
}

#[test]
fn a_newcomer_can_roll_initiative_mid_fight() {
    let mut clock = begun(&[("a", 30), ("b", 20), ("c", 10)]);
    run(&mut clock, join_command("drone", false));
    let events = roll_initiative(&clock, &[(id("drone"), 5)], |_, _| {
        Ok::<u32, EncounterError>(20)
    })
    .unwrap();
    for event in &events {
        clock.apply(event);
    }
    assert_eq!(order(&clock), ["a", "drone", "b", "c"]);
    assert_eq!(play(&mut clock, 4), ["1:drone", "1:b", "1:c", "2:a"]);
    assert_eq!(
        refused(&clock, join_command("drone", true)),
        EncounterError::Taken { id: id("drone") }
    );
}

#[test]
fn a_combatant_leaves_and_the_turn_passes_correctly() {
    struct Case {
        /// Turns passed after the fight begins (a acts first).
        after: usize,
        leaver: &'static str,
        events: &'static [&'static str],
        /// Whose turn comes next, and after.
        turns: &'static [&'static str],
    }
    let cases = [
        Case {
            after: 1,
            leaver: "a",
            events: &["left a"],
            turns: &["1:c", "1:d", "2:b", "2:c"],
        },
        Case {
            after: 1,
            leaver: "b",
            events: &["b ends", "left b"],
            turns: &["1:c", "1:d", "2:a", "2:c"],
        },
        Case {
            after: 1,
            leaver: "c",
            events: &["left c"],
            turns: &["1:d", "2:a", "2:b", "2:d"],
        },
        Case {
            after: 1,
            leaver: "d",
            events: &["left d"],
            turns: &["1:c", "2:a", "2:b", "2:c"],
        },
        Case {
            after: 0,
            leaver: "a",
            events: &["a ends", "left a"],
            turns: &["1:b", "1:c", "1:d", "2:b"],
        },
        Case {
            after: 3,
            leaver: "d",
            events: &["d ends", "left d"],
            turns: &["2:a", "2:b", "2:c", "3:a"],
        },
    ];
    for case in cases {
        let mut clock = begun(&FOUR);
        play(&mut clock, case.after);
        let before = active(&clock).map(str::to_string);
        let events: Vec<String> = run(&mut clock, leave(case.leaver))
            .iter()
            .map(|e| match e {
                ClockEvent::TurnEnded { id } => format!("{id} ends"),
                ClockEvent::Left { id } => format!("left {id}"),
                other => format!("{other:?}"),
            })
            .collect();
        let name = format!("{} leaves on {before:?}'s turn", case.leaver);
        assert_eq!(events, case.events, "{name}");
        assert!(!order(&clock).contains(&case.leaver), "{name}");
        assert!(clock.seat(&id(case.leaver)).is_err(), "{name}");
        if before.as_deref() == Some(case.leaver) {
            // Nobody acts until the GM passes the turn.
            assert_eq!(active(&clock), None, "{name}");
            assert_eq!(
                spend(&mut clock, "c", 1),
                Err(EncounterError::NotTheirTurn {
                    id: id("c"),
                    active: None
                }),
                "{name}"
            );
        } else {
            assert_eq!(active(&clock), before.as_deref(), "{name}");
        }
        assert_eq!(play(&mut clock, case.turns.len()), case.turns, "{name}");
    }
}

#[test]
fn a_leaver_takes_its_reactions_and_held_actions_along() {
    let mut clock = begun(&FOUR);
    run(&mut clock, hold(2, "the door opens"));
    react(&mut clock, "a").unwrap();
    run(&mut clock, ClockCommand::NextTurn);
    run(&mut clock, leave("a"));
    assert!(clock.held.is_empty());
    assert_eq!(clock.reactions_used(&id("a")), 0);
    assert_eq!(
        refused(&clock, trigger("a")),
        EncounterError::Unknown { id: id("a") }
    );
    assert_eq!(
        refused(&clock, leave("a")),
        EncounterError::Unknown { id: id("a") }
    );
    // Everyone leaving leaves an empty fight that still counts rounds.
    for name in ["b", "c", "d"] {
        run(&mut clock, leave(name));
    }
    assert!(clock.order.is_empty() && clock.active.is_none());
    play(&mut clock, 1);
    assert_eq!(now(&clock), "2:-");
}

#[test]
fn after_the_end_every_command_is_refused_as_over() {
    let mut clock = begun(&FOUR);
    run(&mut clock, hold(1, "the door opens"));
    assert_eq!(run(&mut clock, ClockCommand::End), [ClockEvent::Ended]);
    assert_eq!(clock.phase, FightPhase::Ended);
    assert!(!clock.running() && clock.active.is_none() && clock.held.is_empty());
    let commands = [
        join_command("e", false),
        join_command("a", false),
        leave("a"),
        ClockCommand::Hide {
            id: id("a"),
            hidden: true,
        },
        set("a", 50),
        ClockCommand::Pin {
            id: id("a"),
            pinned: true,
        },
        ClockCommand::Place {
            id: id("a"),
            position: 0,
        },
        begin(&[]),
        ClockCommand::NextTurn,
        hold(1, "the door opens"),
        trigger("a"),
        ClockCommand::End,
    ];
    for command in commands {
        let shown = format!("{command:?}");
        assert_eq!(refused(&clock, command), EncounterError::Over, "{shown}");
    }
    // Spending and reacting say the fight is over too, not that it has not
    // begun.
    assert_eq!(spend(&mut clock, "a", 1), Err(EncounterError::Over));
    assert_eq!(
        clock.react(&id("a"), "snap shot"),
        Err(EncounterError::Over)
    );
    assert_eq!(
        clock.can_spend(&id("b"), 1, "fire"),
        Err(EncounterError::Over)
    );
}

#[test]
fn the_gm_can_end_a_fight_before_it_begins() {
    let mut clock = setup(&[("a", 10)], &[]);
    run(&mut clock, ClockCommand::End);
    assert_eq!(refused(&clock, begin(&[])), EncounterError::Over);
}

#[test]
fn moving_combatants_around_the_active_one_costs_nobody_a_turn() {
    // a 40, b 30, c 20, d 10. (turns passed before the move, who moves,
    // to which place, the order after, the turns that follow)
    type Case = (
        usize,
        &'static str,
        usize,
        &'static [&'static str],
        &'static [&'static str],
    );
    let cases: [Case; 4] = [
        // a is acting and the GM moves a last: b, c and d still act.
        (
            0,
            "a",
            3,
            &["b", "c", "d", "a"],
            &["1:b", "1:c", "1:d", "2:b"],
        ),
        // b is acting; d (still to act) moves to the front: d acts next.
        (
            1,
            "d",
            0,
            &["d", "a", "b", "c"],
            &["1:d", "1:c", "2:d", "2:a"],
        ),
        // b is acting; a (who acted) moves after c: no second turn.
        (
            1,
            "a",
            3,
            &["b", "c", "d", "a"],
            &["1:c", "1:d", "2:b", "2:c"],
        ),
        // c is acting and moves to the front: d still acts this round.
        (
            2,
            "c",
            0,
            &["c", "a", "b", "d"],
            &["1:d", "2:c", "2:a", "2:b"],
        ),
    ];
    for (passed, who, position, expected_order, turns) in cases {
        let mut clock = begun(&[("a", 40), ("b", 30), ("c", 20), ("d", 10)]);
        play(&mut clock, passed);
        run(
            &mut clock,
            ClockCommand::Place {
                id: id(who),
                position,
            },
        );
        assert_eq!(order(&clock), expected_order, "{who} to {position}");
        assert_eq!(
            play(&mut clock, turns.len()),
            turns,
            "{who} to {position} after {passed} turns"
        );
    }
}
