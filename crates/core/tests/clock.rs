//! The encounter clock on its own, as any ruleset sees it: initiative with
//! roll-offs and the GM's pins, the surprise round, turns and rounds, action
//! budgets, reactions, held actions, and effects ending at exact moments.

use nanite_core::encounter::{
    ClockCommand, ClockEvent, CombatantId, Encounter, EncounterError, Expiry, FightPhase,
    InitiativeDie, Limits, Moment, roll_initiative,
};

const LIMITS: Limits = Limits {
    actions_per_turn: 4,
    reactions_per_round: 3,
    max_held: 2,
};

fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

/// An encounter where `who` joined, `hidden` among them hidden.
fn table(who: &[&str], hidden: &[&str]) -> Encounter<&'static str> {
    let mut e = Encounter::new(LIMITS);
    for name in who {
        run(
            &mut e,
            ClockCommand::Join {
                id: id(name),
                side: if name.starts_with('e') {
                    "enemies"
                } else {
                    "crew"
                }
                .into(),
                hidden: hidden.contains(name),
            },
        )
        .unwrap();
    }
    e
}

fn run(
    e: &mut Encounter<&'static str>,
    command: ClockCommand,
) -> Result<Vec<ClockEvent<&'static str>>, EncounterError> {
    let events = e.decide(&command)?;
    for event in &events {
        e.apply(event);
    }
    Ok(events)
}

/// Rolls initiative with `faces` handed out in order (rolls, then roll-offs).
fn roll(e: &mut Encounter<&'static str>, who: &[(&str, i64)], faces: &[u32]) {
    let mut faces = faces.iter().copied();
    let who: Vec<(CombatantId, i64)> = who.iter().map(|(w, m)| (id(w), *m)).collect();
    let events = roll_initiative(e, &who, |_, _: InitiativeDie| {
        Ok::<u32, EncounterError>(faces.next().expect("enough faces"))
    })
    .unwrap();
    assert!(faces.next().is_none(), "every face is used");
    for event in &events {
        e.apply(event);
    }
}

fn order<'a>(e: &'a Encounter<&'static str>) -> Vec<&'a str> {
    e.order.iter().map(CombatantId::as_str).collect()
}

fn active<'a>(e: &'a Encounter<&'static str>) -> Option<&'a str> {
    e.active.as_ref().map(CombatantId::as_str)
}

#[test]
fn higher_totals_go_first_and_ties_roll_off() {
    // rule: CX-TURN-01
    // (rolls, faces, order): a, b and c roll in that order.
    let cases: [(&[u32], &[&str]); 4] = [
        (&[50, 70, 10], &["b", "a", "c"]),
        // a and b tie at 50: a roll-off 3 against 8.
        (&[50, 50, 10, 3, 8], &["b", "a", "c"]),
        // All three tie, then b and c tie again.
        (&[40, 40, 40, 9, 5, 5, 2, 7], &["a", "c", "b"]),
        (&[1, 100, 100, 6, 6, 4, 9], &["c", "b", "a"]),
    ];
    for (faces, expected) in cases {
        let mut e = table(&["a", "b", "c"], &[]);
        roll(&mut e, &[("a", 0), ("b", 0), ("c", 0)], faces);
        assert_eq!(order(&e), expected, "{faces:?}");
    }
}

#[test]
fn the_gm_sets_pins_and_places_initiative() {
    let mut e = table(&["a", "b", "c", "d"], &[]);
    roll(
        &mut e,
        &[("a", 0), ("b", 0), ("c", 0), ("d", 0)],
        &[40, 30, 20, 10],
    );
    assert_eq!(order(&e), ["a", "b", "c", "d"]);
    run(
        &mut e,
        ClockCommand::SetInitiative {
            id: id("d"),
            total: 35,
        },
    )
    .unwrap();
    assert_eq!(order(&e), ["a", "d", "b", "c"]);
    // Pinned at the top, a keeps its place when b outrolls it.
    run(
        &mut e,
        ClockCommand::Pin {
            id: id("a"),
            pinned: true,
        },
    )
    .unwrap();
    run(
        &mut e,
        ClockCommand::SetInitiative {
            id: id("b"),
            total: 90,
        },
    )
    .unwrap();
    assert_eq!(order(&e), ["a", "b", "d", "c"]);
    // Placing moves and pins.
    run(
        &mut e,
        ClockCommand::Place {
            id: id("c"),
            position: 1,
        },
    )
    .unwrap();
    assert_eq!(order(&e), ["a", "c", "b", "d"]);
    assert!(e.seat(&id("c")).unwrap().pinned);
    let err = run(
        &mut e,
        ClockCommand::Place {
            id: id("c"),
            position: 9,
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("outside the order"), "{err}");
}

#[test]
fn the_fight_begins_only_when_everyone_has_initiative() {
    let mut e = table(&["a", "b"], &[]);
    let err = run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap_err();
    assert_eq!(err, EncounterError::NoInitiative { id: id("a") });
    roll(&mut e, &[("a", 0), ("b", 0)], &[9, 1]);
    run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap();
    assert_eq!(
        (e.phase.clone(), active(&e)),
        (FightPhase::Round { number: 1 }, Some("a"))
    );
    let err = run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap_err();
    assert_eq!(err, EncounterError::AlreadyBegun);
}

#[test]
fn only_hidden_attackers_act_in_the_surprise_round() {
    // rule: CX-TURN-02
    let mut e = table(&["a", "e1", "e2"], &["e1", "e2"]);
    roll(&mut e, &[("a", 0), ("e1", 0), ("e2", 0)], &[90, 50, 10]);
    let err = run(
        &mut e,
        ClockCommand::Begin {
            surprise: vec![id("a")],
        },
    )
    .unwrap_err();
    assert_eq!(err, EncounterError::NotHidden { id: id("a") });
    run(
        &mut e,
        ClockCommand::Begin {
            surprise: vec![id("e1"), id("e2")],
        },
    )
    .unwrap();
    let mut turns = vec![active(&e).unwrap().to_string()];
    for _ in 0..4 {
        run(&mut e, ClockCommand::NextTurn).unwrap();
        turns.push(format!("{}:{}", e.round(), active(&e).unwrap()));
    }
    assert_eq!(turns, ["e1", "0:e2", "1:a", "1:e1", "1:e2"]);
}

#[test]
fn budgets_reactions_and_turn_order_hold() {
    // rule: CX-TURN-03
    // rule: CX-TURN-04
    let mut e = table(&["a", "b"], &[]);
    roll(&mut e, &[("a", 0), ("b", 0)], &[9, 1]);
    run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap();
    let spend = |e: &mut Encounter<&'static str>, who: &str, n| {
        let event = e.spend(&id(who), n, "shoot")?;
        e.apply(&event);
        Ok::<(), EncounterError>(())
    };
    spend(&mut e, "a", 3).unwrap();
    assert!(matches!(
        spend(&mut e, "a", 2),
        Err(EncounterError::NotEnoughActions {
            needed: 2,
            left: 1,
            ..
        })
    ));
    assert!(matches!(
        spend(&mut e, "b", 1),
        Err(EncounterError::NotTheirTurn { .. })
    ));
    for _ in 0..3 {
        let event = e.react(&id("b"), "snap shot").unwrap();
        e.apply(&event);
    }
    assert_eq!(
        e.react(&id("b"), "snap shot"),
        Err(EncounterError::NoReactionsLeft {
            id: id("b"),
            limit: 3
        })
    );
    run(&mut e, ClockCommand::NextTurn).unwrap();
    run(&mut e, ClockCommand::NextTurn).unwrap();
    assert_eq!(e.round(), 2);
    assert!(
        e.react(&id("b"), "snap shot").is_ok(),
        "a new round, new reactions"
    );
}

#[test]
fn held_actions_fire_on_their_trigger_or_are_lost() {
    // rule: CX-TURN-05
    let mut e = table(&["a", "b"], &[]);
    roll(&mut e, &[("a", 0), ("b", 0)], &[9, 1]);
    run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap();
    let hold = |actions| ClockCommand::Hold {
        actions,
        trigger: "b breaks cover".into(),
    };
    assert!(matches!(
        run(&mut e, hold(3)),
        Err(EncounterError::TooManyHeld { max: 2, .. })
    ));
    assert_eq!(
        run(
            &mut e,
            ClockCommand::Hold {
                actions: 1,
                trigger: " ".into()
            }
        ),
        Err(EncounterError::NoTrigger)
    );
    run(&mut e, hold(2)).unwrap();
    run(&mut e, ClockCommand::NextTurn).unwrap();
    run(&mut e, ClockCommand::Trigger { id: id("a") }).unwrap();
    assert_eq!(e.reactions_used(&id("a")), 1, "a held action is a reaction");
    let event = e.spend(&id("a"), 1, "shoot").unwrap();
    e.apply(&event);
    assert_eq!(e.held[&id("a")].actions, 1);
    let events = run(&mut e, ClockCommand::NextTurn).unwrap();
    assert!(events.contains(&ClockEvent::HeldLost {
        id: id("a"),
        actions: 1
    }));
    assert!(e.held.is_empty());
    assert_eq!(
        run(&mut e, ClockCommand::Trigger { id: id("a") }),
        Err(EncounterError::NothingHeld { id: id("a") })
    );
}

#[test]
fn effects_end_at_the_exact_moment_named() {
    let mut e = table(&["a", "b"], &[]);
    roll(&mut e, &[("a", 0), ("b", 0)], &[9, 1]);
    run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap();
    for (name, expiry) in [
        (
            "until b's turn starts",
            Expiry::next(Moment::start_of(&id("b"))),
        ),
        (
            "until a's turn ends",
            Expiry::next(Moment::end_of(&id("a"))),
        ),
        (
            "until b's second turn ends",
            Expiry::after(2, Moment::end_of(&id("b"))),
        ),
    ] {
        let event = e.add_effect(&id("a"), name, Some(expiry), "x");
        e.apply(&event);
    }
    let names = |e: &Encounter<&'static str>| -> Vec<String> {
        e.effects.iter().map(|f| f.name.to_string()).collect()
    };
    // a's turn ends, then b's starts: two of three end, in that order.
    let events = run(&mut e, ClockCommand::NextTurn).unwrap();
    let ended: Vec<String> = events
        .iter()
        .filter_map(|ev| match ev {
            ClockEvent::EffectEnded { why, .. } => Some(why.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(ended.len(), 2, "{ended:?}");
    assert!(ended[0].starts_with("until a's turn ends"), "{ended:?}");
    assert_eq!(names(&e), ["until b's second turn ends"]);
    run(&mut e, ClockCommand::NextTurn).unwrap(); // b's first turn ends
    run(&mut e, ClockCommand::NextTurn).unwrap();
    assert_eq!(names(&e), ["until b's second turn ends"]);
    run(&mut e, ClockCommand::NextTurn).unwrap(); // b's second turn ends
    assert!(names(&e).is_empty());
}

#[test]
fn joining_leaving_and_hiding_mid_fight() {
    let mut e = table(&["a", "b", "c"], &[]);
    roll(&mut e, &[("a", 0), ("b", 0), ("c", 0)], &[90, 50, 10]);
    run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap();
    run(&mut e, ClockCommand::NextTurn).unwrap();
    assert_eq!(active(&e), Some("b"));
    // A newcomer placed ahead of b waits for the next round; one behind acts now.
    run(
        &mut e,
        ClockCommand::Join {
            id: id("early"),
            side: "crew".into(),
            hidden: false,
        },
    )
    .unwrap();
    run(
        &mut e,
        ClockCommand::SetInitiative {
            id: id("early"),
            total: 95,
        },
    )
    .unwrap();
    run(
        &mut e,
        ClockCommand::Join {
            id: id("late"),
            side: "crew".into(),
            hidden: true,
        },
    )
    .unwrap();
    run(
        &mut e,
        ClockCommand::SetInitiative {
            id: id("late"),
            total: 30,
        },
    )
    .unwrap();
    assert!(e.seat(&id("late")).unwrap().hidden);
    // b leaves on its own turn: the turn passes on.
    run(&mut e, ClockCommand::Leave { id: id("b") }).unwrap();
    assert_eq!(active(&e), None);
    run(&mut e, ClockCommand::NextTurn).unwrap();
    assert_eq!(active(&e), Some("late"));
    run(&mut e, ClockCommand::NextTurn).unwrap();
    assert_eq!(active(&e), Some("c"));
    run(&mut e, ClockCommand::NextTurn).unwrap();
    assert_eq!((e.round(), active(&e)), (2, Some("early")));
    run(
        &mut e,
        ClockCommand::Hide {
            id: id("late"),
            hidden: false,
        },
    )
    .unwrap();
    assert!(!e.seat(&id("late")).unwrap().hidden);
    run(&mut e, ClockCommand::End).unwrap();
    assert_eq!(
        run(&mut e, ClockCommand::NextTurn),
        Err(EncounterError::Over)
    );
    assert_eq!(
        run(
            &mut e,
            ClockCommand::Join {
                id: id("a"),
                side: "x".into(),
                hidden: false
            }
        ),
        Err(EncounterError::Over)
    );
}

#[test]
fn effects_timed_by_someone_who_leaves_end_with_it_and_an_empty_fight_cannot_begin() {
    let mut empty: Encounter<&'static str> = Encounter::new(LIMITS);
    assert_eq!(
        run(&mut empty, ClockCommand::Begin { surprise: vec![] }),
        Err(EncounterError::Empty)
    );
    let mut e = table(&["a", "b"], &[]);
    roll(&mut e, &[("a", 0), ("b", 0)], &[9, 1]);
    run(&mut e, ClockCommand::Begin { surprise: vec![] }).unwrap();
    // a is suppressed until b's next turn starts; b leaves first.
    let event = e.add_effect(
        &id("a"),
        "suppressed",
        Some(Expiry::next(Moment::start_of(&id("b")))),
        "x",
    );
    e.apply(&event);
    let events = run(&mut e, ClockCommand::Leave { id: id("b") }).unwrap();
    assert!(events.iter().any(
        |ev| matches!(ev, ClockEvent::EffectEnded { why, .. } if why.contains("b left the fight"))
    ));
    assert!(e.effects.is_empty());
}
