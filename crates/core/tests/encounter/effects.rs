//! Effects that end at exact moments: the start or end of a named
//! combatant's turn, the `count`-th time it comes around.

use nanite_core::encounter::{ClockCommand, ClockEvent, EffectId, Expiry, Moment};

use super::support::{Clock, Condition, Event, begun, id, leave, now, run};

const THREE: [(&str, i64); 3] = [("a", 30), ("b", 20), ("c", 10)];

/// Adds `name` on c with `expiry`, answering its id.
fn add(clock: &mut Clock, name: &str, expiry: Option<Expiry>) -> EffectId {
    let event = clock.add_effect(&id("c"), name.to_string(), expiry, Condition::Stunned);
    clock.apply(&event);
    match event {
        ClockEvent::EffectAdded { effect } => effect.id,
        other => panic!("adding an effect gave {other:?}"),
    }
}

/// One turn passing, told as "a ends, stunned ends, round 2, b starts".
fn told(events: &[Event], clock: &Clock) -> String {
    events
        .iter()
        .map(|event| match event {
            ClockEvent::TurnEnded { id } => format!("{id} ends"),
            ClockEvent::TurnBegan { id, .. } => format!("{id} starts"),
            ClockEvent::RoundBegan { number } => format!("round {number}"),
            ClockEvent::EffectEnded { id, .. } => {
                let effect = clock.effects.iter().find(|e| e.id == *id);
                format!("{} ends", effect.map_or("?", |e| e.name.as_ref()))
            }
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Passes turns until effect `effect` is gone; answers where the clock was
/// when it ended ("round:who" before the turn passed) and that turn, told.
fn until_gone(clock: &mut Clock, effect: EffectId) -> (String, String) {
    for _ in 0..30 {
        let when = now(clock);
        let events = clock.decide(&ClockCommand::NextTurn).unwrap();
        let story = told(&events, clock);
        for event in &events {
            clock.apply(event);
        }
        if clock.effects.iter().all(|e| e.id != effect) {
            return (when, story);
        }
    }
    panic!("effect {effect} never ended");
}

#[test]
fn effects_end_exactly_at_the_moment_named() {
    let (a, b, c) = (id("a"), id("b"), id("c"));
    // Added on a's first turn. (expiry, turn it ends on, that turn told)
    let cases = [
        (
            Expiry::next(Moment::end_of(&a)),
            "1:a",
            "a ends, x ends, b starts",
        ),
        (
            Expiry::next(Moment::start_of(&b)),
            "1:a",
            "a ends, x ends, b starts",
        ),
        (
            Expiry::next(Moment::end_of(&b)),
            "1:b",
            "b ends, x ends, c starts",
        ),
        // The start of a's turn next comes in round 2.
        (
            Expiry::next(Moment::start_of(&a)),
            "1:c",
            "c ends, round 2, x ends, a starts",
        ),
        // Until the end of c's turn: c is last, so before round 2 begins.
        (
            Expiry::next(Moment::end_of(&c)),
            "1:c",
            "c ends, x ends, round 2, a starts",
        ),
        // Until the end of b's 2nd turn.
        (
            Expiry::after(2, Moment::end_of(&b)),
            "2:b",
            "b ends, x ends, c starts",
        ),
        (
            Expiry::after(2, Moment::start_of(&b)),
            "2:a",
            "a ends, x ends, b starts",
        ),
        // a's current turn counts as the first end of a's turn.
        (
            Expiry::after(2, Moment::end_of(&a)),
            "2:a",
            "a ends, x ends, b starts",
        ),
        (
            Expiry::after(2, Moment::start_of(&a)),
            "2:c",
            "c ends, round 3, x ends, a starts",
        ),
        (
            Expiry::after(3, Moment::end_of(&c)),
            "3:c",
            "c ends, x ends, round 4, a starts",
        ),
    ];
    for (expiry, when, story) in cases {
        let mut clock = begun(&THREE);
        let shown = expiry.to_string();
        let effect = add(&mut clock, "x", Some(expiry));
        assert_eq!(
            until_gone(&mut clock, effect),
            (when.to_string(), story.to_string()),
            "{shown}"
        );
    }
}

/// However many effects end at one moment, each ends once, in the order
/// they were added, after the moment itself; one still counting down at
/// that moment goes on. (A turn's end keeps the first few on the stack and
/// the rest in a list; a turn's start ends them one by one.)
#[test]
fn many_effects_ending_at_once_end_in_order() {
    let (a, b) = (id("a"), id("b"));
    for (moment, story) in [
        (
            Moment::end_of(&a),
            "a ends, e0 ends, e1 ends, e2 ends, e3 ends, e4 ends, e5 ends, e6 ends, b starts",
        ),
        (
            Moment::start_of(&b),
            "a ends, e0 ends, e1 ends, e2 ends, e3 ends, e4 ends, e5 ends, e6 ends, b starts",
        ),
    ] {
        let mut clock = begun(&THREE);
        let mut ids = Vec::new();
        for i in 0..7 {
            let name = format!("e{i}");
            ids.push(add(&mut clock, &name, Some(Expiry::next(moment.clone()))));
            if i == 3 {
                add(
                    &mut clock,
                    "lasting",
                    Some(Expiry::after(2, moment.clone())),
                );
            }
        }
        let events = clock.decide(&ClockCommand::NextTurn).unwrap();
        assert_eq!(told(&events, &clock), story, "{moment}");
        for event in &events {
            clock.apply(event);
        }
        let left: Vec<&str> = clock.effects.iter().map(|e| e.name.as_ref()).collect();
        assert_eq!(left, ["lasting"], "{moment}");
    }
}

#[test]
fn a_counted_expiry_counts_down_each_time_its_moment_passes() {
    let mut clock = begun(&THREE);
    let b = id("b");
    let effect = add(
        &mut clock,
        "pinned down",
        Some(Expiry::after(3, Moment::end_of(&b))),
    );
    let count = |clock: &Clock| {
        clock
            .effects
            .iter()
            .find(|e| e.id == effect)
            .map(|e| e.expiry.clone().unwrap().count)
    };
    // (turns passed so far, count left)
    let expected = [(1, 3), (2, 2), (3, 2), (4, 2), (5, 1), (7, 1)];
    let mut passed = 0;
    for (turns, left) in expected {
        while passed < turns {
            run(&mut clock, ClockCommand::NextTurn);
            passed += 1;
        }
        assert_eq!(count(&clock), Some(left), "after {turns} turns");
    }
    run(&mut clock, ClockCommand::NextTurn);
    assert_eq!(count(&clock), None, "ended at the end of b's 3rd turn");
}

#[test]
fn effects_at_the_same_moment_end_together_in_the_order_added() {
    let mut clock = begun(&THREE);
    let b = id("b");
    add(
        &mut clock,
        "stunned",
        Some(Expiry::next(Moment::end_of(&b))),
    );
    add(&mut clock, "forever", None);
    add(&mut clock, "aiming", Some(Expiry::next(Moment::end_of(&b))));
    add(
        &mut clock,
        "later",
        Some(Expiry::after(2, Moment::end_of(&b))),
    );
    run(&mut clock, ClockCommand::NextTurn);
    let events = clock.decide(&ClockCommand::NextTurn).unwrap();
    assert_eq!(
        told(&events, &clock),
        "b ends, stunned ends, aiming ends, c starts"
    );
    for event in &events {
        clock.apply(event);
    }
    let names: Vec<&str> = clock.effects.iter().map(|e| e.name.as_ref()).collect();
    assert_eq!(names, ["forever", "later"]);
    for _ in 0..12 {
        run(&mut clock, ClockCommand::NextTurn);
    }
    let names: Vec<&str> = clock.effects.iter().map(|e| e.name.as_ref()).collect();
    assert_eq!(names, ["forever"], "an effect without expiry stays");
}

#[test]
fn a_turn_ended_by_leaving_still_ends_its_effects() {
    let mut clock = begun(&THREE);
    let a = id("a");
    add(
        &mut clock,
        "covered",
        Some(Expiry::next(Moment::end_of(&a))),
    );
    let events = run(&mut clock, leave("a"));
    assert!(
        matches!(
            events.as_slice(),
            [
                ClockEvent::TurnEnded { .. },
                ClockEvent::EffectEnded { .. },
                ClockEvent::Left { .. }
            ]
        ),
        "{events:?}"
    );
    assert!(clock.effects.is_empty());
}

#[test]
fn effects_leave_with_their_bearer() {
    let mut clock = begun(&THREE);
    add(&mut clock, "stunned", None);
    let on_a = clock.add_effect(&id("a"), "aiming", None, Condition::Aiming);
    clock.apply(&on_a);
    assert_eq!(clock.effects_on(&id("c")).count(), 1);
    run(&mut clock, leave("c"));
    let left: Vec<&str> = clock.effects.iter().map(|e| e.name.as_ref()).collect();
    assert_eq!(left, ["aiming"]);
}

#[test]
fn effects_get_fresh_ids_and_can_change() {
    let mut clock = begun(&THREE);
    let first = add(&mut clock, "stunned", None);
    let second = add(&mut clock, "aiming", None);
    assert_eq!(
        (first, second, clock.next_effect),
        (EffectId(1), EffectId(2), EffectId(3))
    );
    let mut changed = clock.effects[1].clone();
    changed.payload = Condition::Aiming;
    clock.apply(&ClockEvent::EffectChanged {
        effect: Box::new(changed.clone()),
    });
    assert_eq!(clock.effects[1], changed);
    clock.apply(&ClockEvent::EffectEnded {
        id: first,
        why: "shaken off".into(),
    });
    assert_eq!(clock.effects, [changed]);
    // Ids are never reused.
    assert_eq!(add(&mut clock, "stunned", None), EffectId(3));
}

#[test]
fn expiries_read_as_people_say_them() {
    let b = id("b");
    let cases = [
        (
            Expiry::next(Moment::start_of(&b)),
            "until the start of b's turn",
        ),
        (
            Expiry::next(Moment::end_of(&b)),
            "until the end of b's turn",
        ),
        (
            Expiry::after(2, Moment::end_of(&b)),
            "until the end of b's turn (2 more times)",
        ),
        // A count of 0 means the next time.
        (
            Expiry::after(0, Moment::end_of(&b)),
            "until the end of b's turn",
        ),
    ];
    for (expiry, text) in cases {
        assert_eq!(expiry.to_string(), text);
    }
}
