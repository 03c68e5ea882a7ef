//! Actions in a turn, reactions in a round, and actions held for a trigger.

use nanite_core::encounter::{ClockCommand, ClockEvent, EncounterError, Held, Limits};

use super::support::{
    CX, Clock, begin, begun, hold, id, join_command, now, play, react, refused, run, set, spend,
    trigger, try_run,
};

const THREE: [(&str, i64); 3] = [("a", 30), ("b", 20), ("c", 10)];

fn not_enough(who: &str, needed: u32, left: u32) -> EncounterError {
    EncounterError::NotEnoughActions {
        id: id(who),
        on: "fire".into(),
        needed,
        left,
    }
}

fn not_their_turn(who: &str, active: Option<&str>) -> EncounterError {
    EncounterError::NotTheirTurn {
        id: id(who),
        active: active.map(id),
    }
}

#[test]
fn actions_come_out_of_the_turns_budget() {
    // rule: CX-TURN-03
    let mut clock = begun(&THREE);
    assert_eq!((clock.budget.total, clock.budget.left), (4, 4));
    // (who, actions, outcome, actions left to a).
    let steps: [(&str, u32, Result<(), EncounterError>, u32); 7] = [
        ("a", 1, Ok(()), 3),
        ("a", 2, Ok(()), 1),
        ("a", 2, Err(not_enough("a", 2, 1)), 1),
        ("b", 1, Err(not_their_turn("b", Some("a"))), 1),
        ("a", 1, Ok(()), 0),
        ("a", 1, Err(not_enough("a", 1, 0)), 0),
        (
            "ghost",
            1,
            Err(EncounterError::Unknown { id: id("ghost") }),
            0,
        ),
    ];
    for (who, actions, outcome, left) in steps {
        assert_eq!(
            spend(&mut clock, who, actions),
            outcome,
            "{who} spends {actions}"
        );
        assert_eq!(clock.budget.left, left, "after {who} spends {actions}");
    }
    assert_eq!(
        clock.budget.spent,
        [("fire".into(), 1), ("fire".into(), 2), ("fire".into(), 1)]
    );
    assert_eq!(
        clock.spend(&id("a"), 1, "aim"),
        Err(EncounterError::NotEnoughActions {
            id: id("a"),
            on: "aim".into(),
            needed: 1,
            left: 0
        })
    );
    // The next turn starts afresh, for the next combatant only.
    assert_eq!(
        run(&mut clock, ClockCommand::NextTurn).last(),
        Some(&ClockEvent::TurnBegan {
            id: id("b"),
            actions: 4
        })
    );
    assert_eq!((clock.budget.total, clock.budget.left), (4, 4));
    assert!(clock.budget.spent.is_empty());
    assert_eq!(
        spend(&mut clock, "a", 1),
        Err(not_their_turn("a", Some("b")))
    );
    assert_eq!(spend(&mut clock, "b", 4), Ok(()));
}

#[test]
fn reactions_are_limited_per_round_and_come_back_next_round() {
    // rule: CX-TURN-04
    let mut clock = begun(&THREE);
    // b reacts on a's turn, out of its own.
    for _ in 0..3 {
        assert_eq!(react(&mut clock, "b"), Ok(()));
    }
    assert_eq!(clock.reactions_used(&id("b")), 3);
    let spent = EncounterError::NoReactionsLeft {
        id: id("b"),
        limit: 3,
    };
    assert_eq!(react(&mut clock, "b"), Err(spent.clone()));
    // Others keep theirs; the count is per combatant.
    assert_eq!(react(&mut clock, "c"), Ok(()));
    assert_eq!(react(&mut clock, "a"), Ok(()));
    // Later turns of the same round do not give any back.
    assert_eq!(play(&mut clock, 2), ["1:b", "1:c"]);
    assert_eq!(react(&mut clock, "b"), Err(spent));
    // A new round does, for everyone.
    assert_eq!(play(&mut clock, 1), ["2:a"]);
    assert_eq!(clock.reactions_used(&id("b")), 0);
    assert_eq!(clock.reactions_used(&id("c")), 0);
    for _ in 0..3 {
        assert_eq!(react(&mut clock, "b"), Ok(()));
    }
    assert!(react(&mut clock, "b").is_err());
    assert_eq!(
        react(&mut clock, "ghost"),
        Err(EncounterError::Unknown { id: id("ghost") })
    );
}

#[test]
fn the_reaction_limit_is_the_rulesets() {
    for limit in [0, 1, 2, 3, 5] {
        let mut clock = Clock::new(Limits {
            reactions_per_round: limit,
            ..CX
        });
        for (name, total) in THREE {
            run(&mut clock, join_command(name, false));
            run(&mut clock, set(name, total));
        }
        run(&mut clock, begin(&[]));
        let accepted = (0..limit + 2)
            .take_while(|_| react(&mut clock, "c").is_ok())
            .count();
        assert_eq!(accepted, limit as usize, "limit {limit}");
        assert_eq!(
            react(&mut clock, "c"),
            Err(EncounterError::NoReactionsLeft { id: id("c"), limit })
        );
    }
}

#[test]
fn at_most_two_unused_actions_are_held_for_a_declared_trigger() {
    // rule: CX-TURN-05
    // (actions spent first, actions held, trigger, outcome as actions left).
    let too_many = |left| EncounterError::TooManyHeld { max: 2, left };
    let cases: [(u32, u32, &str, Result<u32, EncounterError>); 10] = [
        (0, 1, "the door opens", Ok(3)),
        (0, 2, "the door opens", Ok(2)),
        (2, 2, "the door opens", Ok(0)),
        (3, 1, "the door opens", Ok(0)),
        (0, 3, "the door opens", Err(too_many(4))),
        (0, 4, "the door opens", Err(too_many(4))),
        (0, 0, "the door opens", Err(too_many(4))),
        (3, 2, "the door opens", Err(too_many(1))),
        (4, 1, "the door opens", Err(too_many(0))),
        (0, 1, "  ", Err(EncounterError::NoTrigger)),
    ];
    for (spent, actions, declared, outcome) in cases {
        let mut clock = begun(&THREE);
        if spent > 0 {
            spend(&mut clock, "a", spent).unwrap();
        }
        let name = format!("hold {actions} after spending {spent}, on {declared:?}");
        let result = try_run(&mut clock, hold(actions, declared));
        match outcome {
            Ok(left) => {
                assert_eq!(
                    result,
                    Ok(vec![ClockEvent::ActionsHeld {
                        id: id("a"),
                        actions,
                        trigger: declared.into()
                    }]),
                    "{name}"
                );
                assert_eq!(clock.budget.left, left, "{name}");
                assert_eq!(
                    clock.held.get(&id("a")),
                    Some(&Held {
                        actions,
                        trigger: declared.into(),
                        triggered: false
                    }),
                    "{name}"
                );
            }
            Err(error) => {
                assert_eq!(result, Err(error), "{name}");
                assert!(clock.held.is_empty(), "{name}");
                assert_eq!(clock.budget.left, 4 - spent, "{name}");
            }
        }
    }
}

#[test]
fn a_second_hold_in_a_turn_is_refused_and_loses_nothing() {
    // rule: CX-TURN-05
    // Holding again would replace the first hold and lose its actions.
    for (first, second) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        let mut clock = begun(&THREE);
        run(&mut clock, hold(first, "the door opens"));
        assert_eq!(
            refused(&clock, hold(second, "someone rounds the corner")),
            EncounterError::AlreadyHolding {
                id: id("a"),
                actions: first,
                trigger: "the door opens".into()
            },
            "hold {first}, then {second}"
        );
        assert_eq!(clock.budget.left, 4 - first);
        assert_eq!(clock.held[&id("a")].actions, first);
    }
}

#[test]
fn a_trigger_is_a_reaction_and_frees_the_held_actions_out_of_turn() {
    // rule: CX-TURN-05
    // rule: CX-TURN-04
    let mut clock = begun(&THREE);
    run(&mut clock, hold(2, "b breaks cover"));
    assert_eq!(play(&mut clock, 1), ["1:b"]);
    // Not yet triggered: the held actions cannot be used.
    assert_eq!(
        spend(&mut clock, "a", 1),
        Err(not_their_turn("a", Some("b")))
    );
    assert_eq!(
        run(&mut clock, trigger("a")),
        [
            ClockEvent::ReactionUsed {
                id: id("a"),
                on: "held actions: b breaks cover".into(),
                target: None
            },
            ClockEvent::HeldTriggered {
                id: id("a"),
                actions: 2
            },
        ]
    );
    assert_eq!(clock.reactions_used(&id("a")), 1, "a trigger is a reaction");
    assert_eq!(
        refused(&clock, trigger("a")),
        EncounterError::NothingHeld { id: id("a") },
        "a hold triggers once"
    );
    // On b's turn, a spends its held actions; b's own budget is untouched.
    assert_eq!(spend(&mut clock, "a", 3), Err(not_enough("a", 3, 2)));
    assert_eq!(spend(&mut clock, "a", 1), Ok(()));
    assert_eq!(clock.held[&id("a")].actions, 1);
    assert_eq!(clock.budget.left, 4);
    assert_eq!(spend(&mut clock, "a", 2), Err(not_enough("a", 2, 1)));
    assert_eq!(spend(&mut clock, "a", 1), Ok(()));
    assert!(clock.held.is_empty(), "all held actions used");
    assert_eq!(
        spend(&mut clock, "a", 1),
        Err(not_their_turn("a", Some("b")))
    );
    assert_eq!(clock.budget.left, 4);
}

#[test]
fn a_trigger_needs_a_reaction_left() {
    // rule: CX-TURN-05
    // rule: CX-TURN-04
    let mut clock = begun(&THREE);
    run(&mut clock, hold(1, "b breaks cover"));
    play(&mut clock, 1);
    for _ in 0..3 {
        react(&mut clock, "a").unwrap();
    }
    assert_eq!(
        refused(&clock, trigger("a")),
        EncounterError::NoReactionsLeft {
            id: id("a"),
            limit: 3
        }
    );
    assert!(!clock.held[&id("a")].triggered);
}

#[test]
fn held_actions_are_lost_at_the_start_of_the_holders_next_turn() {
    // rule: CX-TURN-05
    // c holds at the end of round 1; the new round does not end the hold,
    // c's next turn does, whether the hold was triggered or not.
    for triggered in [false, true] {
        let mut clock = begun(&THREE);
        play(&mut clock, 2);
        run(&mut clock, hold(2, "a moves"));
        assert_eq!(play(&mut clock, 2), ["2:a", "2:b"]);
        assert_eq!(clock.held[&id("c")].actions, 2, "held into round 2");
        if triggered {
            run(&mut clock, trigger("c"));
            spend(&mut clock, "c", 1).unwrap();
        }
        let left = if triggered { 1 } else { 2 };
        assert_eq!(
            run(&mut clock, ClockCommand::NextTurn),
            [
                ClockEvent::TurnEnded { id: id("b") },
                ClockEvent::HeldLost {
                    id: id("c"),
                    actions: left
                },
                ClockEvent::TurnBegan {
                    id: id("c"),
                    actions: 4
                },
            ],
            "triggered: {triggered}"
        );
        assert!(clock.held.is_empty());
        assert_eq!(
            (clock.budget.left, now(&clock)),
            (4, "2:c".to_string()),
            "lost, not added to the new turn"
        );
        assert_eq!(
            refused(&clock, trigger("c")),
            EncounterError::NothingHeld { id: id("c") }
        );
    }
}

#[test]
fn only_held_actions_can_be_triggered() {
    let clock = begun(&THREE);
    assert_eq!(
        refused(&clock, trigger("b")),
        EncounterError::NothingHeld { id: id("b") }
    );
    assert_eq!(
        refused(&clock, trigger("ghost")),
        EncounterError::Unknown { id: id("ghost") }
    );
}
