//! Initiative: totals, roll-offs that break ties, and the GM's set, pin and
//! place.

use nanite_core::encounter::{
    ClockCommand, ClockEvent, EncounterError, Initiative, MAX_ROLLOFFS, roll_initiative,
};

use super::support::{CX, Clock, begun, id, join_command, order, refused, roll, run, set, setup};

fn joined(names: &[&str]) -> Clock {
    let mut clock = Clock::new(CX);
    for name in names {
        run(&mut clock, join_command(name, false));
    }
    clock
}

#[test]
fn higher_totals_go_first_and_ties_roll_off() {
    // rule: CX-TURN-01
    struct Case {
        name: &'static str,
        /// Who rolls, with modifiers, in the order they joined.
        who: &'static [(&'static str, i64)],
        /// Initiative dice in `who` order, then roll-off dice.
        dice: &'static [u32],
        order: &'static [&'static str],
        /// Who rolled a roll-off die, in order.
        rolled_off: &'static [&'static str],
    }
    let cases = [
        Case {
            name: "totals decide",
            who: &[("vex", 10), ("raider", 0), ("drone", 5)],
            dice: &[40, 70, 20],
            order: &["raider", "vex", "drone"],
            rolled_off: &[],
        },
        Case {
            name: "the modifier counts",
            who: &[("vex", 20), ("raider", 0)],
            dice: &[30, 45],
            order: &["vex", "raider"],
            rolled_off: &[],
        },
        Case {
            name: "a negative modifier counts",
            who: &[("vex", -10), ("raider", 0)],
            dice: &[50, 45],
            order: &["raider", "vex"],
            rolled_off: &[],
        },
        Case {
            name: "two tie at 50 with different modifiers; the higher roll-off goes first",
            who: &[("vex", 10), ("raider", 0)],
            dice: &[40, 50, 3, 8],
            order: &["raider", "vex"],
            rolled_off: &["vex", "raider"],
        },
        Case {
            name: "only the tied roll off",
            who: &[("a", 0), ("b", 0), ("c", 0), ("d", 0)],
            dice: &[60, 30, 60, 10, 2, 5],
            order: &["c", "a", "b", "d"],
            rolled_off: &["a", "c"],
        },
        Case {
            name: "three-way tie settled at once",
            who: &[("a", 0), ("b", 0), ("c", 0)],
            dice: &[40, 40, 40, 5, 2, 9],
            order: &["c", "a", "b"],
            rolled_off: &["a", "b", "c"],
        },
        Case {
            name: "three-way tie; two tie again and roll again",
            who: &[("a", 0), ("b", 0), ("c", 0)],
            dice: &[40, 40, 40, 6, 6, 1, 2, 7],
            order: &["b", "a", "c"],
            rolled_off: &["a", "b", "c", "a", "b"],
        },
        Case {
            name: "three-way tie twice over",
            who: &[("a", 0), ("b", 0), ("c", 0)],
            dice: &[40, 40, 40, 4, 4, 4, 4, 4, 4, 3, 1, 2],
            order: &["a", "c", "b"],
            rolled_off: &["a", "b", "c", "a", "b", "c", "a", "b", "c"],
        },
        Case {
            name: "two separate ties roll off together, each among its own",
            who: &[("a", 0), ("b", 0), ("c", 0), ("d", 0)],
            dice: &[60, 60, 30, 30, 1, 2, 9, 3],
            order: &["b", "a", "c", "d"],
            rolled_off: &["a", "b", "c", "d"],
        },
        Case {
            name: "a roll-off die only matters among the same total",
            who: &[("a", 0), ("b", 0), ("c", 0)],
            dice: &[50, 50, 51, 1, 2],
            order: &["c", "b", "a"],
            rolled_off: &["a", "b"],
        },
    ];
    for case in cases {
        let names: Vec<&str> = case.who.iter().map(|(n, _)| *n).collect();
        let mut clock = joined(&names);
        let rolled_off = roll(&mut clock, case.who, case.dice);
        assert_eq!(order(&clock), case.order, "{}", case.name);
        assert_eq!(rolled_off, case.rolled_off, "{}", case.name);
    }
}

#[test]
fn initiative_events_record_the_dice() {
    // rule: CX-TURN-01
    let mut clock = joined(&["vex", "raider"]);
    let mut dice = [40, 50, 3, 8].into_iter();
    let events = roll_initiative(&clock, &[(id("vex"), 10), (id("raider"), 0)], |_, _| {
        Ok::<u32, EncounterError>(dice.next().unwrap())
    })
    .unwrap();
    assert_eq!(
        events,
        [
            ClockEvent::InitiativeRolled {
                id: id("vex"),
                die: 40,
                modifier: 10,
                total: 50
            },
            ClockEvent::InitiativeRolled {
                id: id("raider"),
                die: 50,
                modifier: 0,
                total: 50
            },
            ClockEvent::RolledOff {
                id: id("vex"),
                die: 3
            },
            ClockEvent::RolledOff {
                id: id("raider"),
                die: 8
            },
        ]
    );
    for event in &events {
        clock.apply(event);
    }
    assert_eq!(
        clock.seat(&id("vex")).unwrap().initiative,
        Some(Initiative {
            die: Some(40),
            modifier: 10,
            total: 50,
            rolloff: vec![3],
        })
    );
}

#[test]
fn endless_roll_offs_give_up_and_keep_the_order_of_joining() {
    // The raider joined first, so it stays first however the dice tie.
    let mut clock = joined(&["raider", "vex"]);
    let mut dice = vec![50, 50];
    dice.extend(std::iter::repeat_n(6, 2 * MAX_ROLLOFFS));
    let rolled_off = roll(&mut clock, &[("vex", 0), ("raider", 0)], &dice);
    assert_eq!(rolled_off.len(), 2 * MAX_ROLLOFFS);
    assert_eq!(order(&clock), ["raider", "vex"]);
}

#[test]
fn a_newcomer_tying_with_rolled_off_combatants_rolls_off_too() {
    // rule: CX-TURN-01
    // a and b tied at 50 and rolled off 5 against 3; c then rolls 50 too
    // (joining mid-fight, or the GM rerolling it) and must roll off against
    // them rather than go last by default.
    let cases: [(&[u32], &[&str], &[&str]); 6] = [
        (&[70], &["c", "a", "b"], &[]),
        (&[50, 9], &["c", "a", "b"], &["c"]),
        (&[50, 4], &["a", "c", "b"], &["c"]),
        (&[50, 1], &["a", "b", "c"], &["c"]),
        // c matches a's roll-off: the two roll again, b stays behind them.
        (&[50, 5, 1, 2], &["c", "a", "b"], &["c", "a", "c"]),
        (&[50, 3, 6, 2], &["a", "b", "c"], &["c", "b", "c"]),
    ];
    for (dice, expected, rolled_off) in cases {
        let mut clock = joined(&["a", "b", "c"]);
        roll(&mut clock, &[("a", 0), ("b", 0)], &[50, 50, 5, 3]);
        assert_eq!(order(&clock), ["a", "b", "c"], "c has no initiative yet");
        assert_eq!(
            roll(&mut clock, &[("c", 0)], dice),
            rolled_off,
            "dice {dice:?}"
        );
        assert_eq!(order(&clock), expected, "dice {dice:?}");
    }
    // Rerolling one of a settled pair into the same total rolls off again.
    let mut clock = joined(&["a", "b"]);
    roll(&mut clock, &[("a", 0), ("b", 0)], &[50, 50, 5, 3]);
    assert_eq!(roll(&mut clock, &[("b", 0)], &[50, 7]), ["b"]);
    assert_eq!(order(&clock), ["b", "a"]);
}

#[test]
fn rolling_initiative_needs_known_combatants_and_a_running_clock() {
    let clock = joined(&["vex"]);
    let refused_roll = |clock: &Clock, who: &str| {
        roll_initiative(clock, &[(id(who), 0)], |_, _| Ok::<u32, EncounterError>(1)).unwrap_err()
    };
    assert_eq!(
        refused_roll(&clock, "ghost"),
        EncounterError::Unknown { id: id("ghost") }
    );
    let mut clock = begun(&[("vex", 10)]);
    run(&mut clock, ClockCommand::End);
    assert_eq!(refused_roll(&clock, "vex"), EncounterError::Over);
}

#[test]
fn the_gm_sets_totals_by_hand() {
    // Each case starts from a 30, b 20, c 10 (joined in that order).
    let cases: [(&str, i64, &[&str]); 6] = [
        ("c", 40, &["c", "a", "b"]),
        ("a", 15, &["b", "a", "c"]),
        ("b", 5, &["a", "c", "b"]),
        ("c", 25, &["a", "c", "b"]),
        // A tie set by hand is not rolled off: the earlier joiner goes first.
        ("c", 20, &["a", "b", "c"]),
        ("a", 10, &["b", "a", "c"]),
    ];
    for (who, total, expected) in cases {
        let mut clock = setup(&[("a", 30), ("b", 20), ("c", 10)], &[]);
        assert_eq!(
            run(&mut clock, set(who, total)),
            [ClockEvent::InitiativeSet { id: id(who), total }]
        );
        assert_eq!(order(&clock), expected, "{who} set to {total}");
        let initiative = clock.seat(&id(who)).unwrap().initiative.clone().unwrap();
        assert_eq!((initiative.die, initiative.total), (None, total));
    }
    let clock = setup(&[("a", 30)], &[]);
    assert_eq!(
        refused(&clock, set("ghost", 1)),
        EncounterError::Unknown { id: id("ghost") }
    );
}

#[test]
fn a_pinned_combatant_keeps_its_place_when_others_change() {
    let pin = |name: &str, pinned| ClockCommand::Pin {
        id: id(name),
        pinned,
    };
    let mut clock = setup(&[("a", 30), ("b", 20), ("c", 10), ("d", 5)], &[]);
    let steps: [(ClockCommand, &[&str]); 7] = [
        (pin("b", true), &["a", "b", "c", "d"]),
        // Others overtake each other around b, at place 1.
        (set("d", 40), &["d", "b", "a", "c"]),
        (set("c", 50), &["c", "b", "d", "a"]),
        // b's own total no longer moves it.
        (set("b", 1), &["c", "b", "d", "a"]),
        (set("b", 99), &["c", "b", "d", "a"]),
        // A newcomer without initiative goes last, b stays put.
        (join_command("e", false), &["c", "b", "d", "a", "e"]),
        // Unpinned, b sorts by its total again.
        (pin("b", false), &["b", "c", "d", "a", "e"]),
    ];
    for (command, expected) in steps {
        let shown = format!("{command:?}");
        run(&mut clock, command);
        assert_eq!(order(&clock), expected, "after {shown}");
    }
    assert_eq!(
        refused(&clock, pin("ghost", true)),
        EncounterError::Unknown { id: id("ghost") }
    );
}

#[test]
fn placing_moves_a_combatant_and_pins_it_there() {
    let place = |name: &str, position| ClockCommand::Place {
        id: id(name),
        position,
    };
    // From a 30, b 20, c 10, d 5.
    let cases: [(&str, usize, &[&str]); 5] = [
        ("d", 0, &["d", "a", "b", "c"]),
        ("a", 3, &["b", "c", "d", "a"]),
        ("b", 2, &["a", "c", "b", "d"]),
        ("c", 1, &["a", "c", "b", "d"]),
        ("c", 2, &["a", "b", "c", "d"]),
    ];
    for (who, position, expected) in cases {
        let mut clock = setup(&[("a", 30), ("b", 20), ("c", 10), ("d", 5)], &[]);
        assert_eq!(
            run(&mut clock, place(who, position)),
            [ClockEvent::Placed {
                id: id(who),
                position
            }]
        );
        assert_eq!(order(&clock), expected, "{who} placed at {position}");
        assert!(clock.seat(&id(who)).unwrap().pinned);
        // Pinned there: its own total no longer moves it.
        run(&mut clock, set(who, 1000));
        run(&mut clock, set(who, -1000));
        assert_eq!(clock.order[position], id(who), "{who} stays at {position}");
        // The others still sort by total around it.
        let others: Vec<&str> = order(&clock).into_iter().filter(|o| *o != who).collect();
        let by_total: Vec<&str> = expected.iter().copied().filter(|o| *o != who).collect();
        assert_eq!(others, by_total, "{who} placed at {position}");
    }
    let clock = setup(&[("a", 30), ("b", 20), ("c", 10), ("d", 5)], &[]);
    assert_eq!(
        refused(&clock, place("a", 4)),
        EncounterError::NoSuchPlace {
            position: 4,
            last: 3
        }
    );
    assert_eq!(
        refused(&clock, place("ghost", 0)),
        EncounterError::Unknown { id: id("ghost") }
    );
}
