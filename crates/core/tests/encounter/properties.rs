//! Properties of the clock under random command sequences (legal or not):
//! the order is always a permutation of the seats, replaying the accepted
//! events rebuilds the clock exactly, the active combatant is in the order,
//! and no budget, reaction count or hold leaves its bounds.

use std::collections::BTreeSet;

use nanite_core::encounter::{
    ClockCommand, CombatantId, EncounterError, Expiry, Moment, roll_initiative,
};
use proptest::prelude::*;

use super::support::{CX, Clock, Condition, Event};

const NAMES: [&str; 5] = ["vex", "raider", "drone", "medic", "scav"];

/// One thing that may happen to the clock.
#[derive(Clone, Debug)]
enum Step {
    /// A clock command from the GM or the rules.
    Clock(ClockCommand),
    /// Initiative rolled for some (with modifiers), the dice cycling.
    Roll(Vec<(CombatantId, i64)>, Vec<u32>),
    /// Actions spent.
    Spend(CombatantId, u32),
    /// A reaction.
    React(CombatantId),
    /// An effect on someone, ending at a counted moment (or never).
    Effect(CombatantId, Option<Expiry>),
}

fn name() -> impl Strategy<Value = CombatantId> {
    (0..NAMES.len()).prop_map(|i| CombatantId::from(NAMES[i]))
}

fn command() -> impl Strategy<Value = ClockCommand> {
    prop_oneof![
        20 => (name(), any::<bool>()).prop_map(|(id, hidden)| ClockCommand::Join {
            id,
            side: "crew".into(),
            hidden,
        }),
        5 => name().prop_map(|id| ClockCommand::Leave { id }),
        5 => (name(), any::<bool>()).prop_map(|(id, hidden)| ClockCommand::Hide { id, hidden }),
        // Few totals, so ties are common.
        15 => (name(), -1i64..3).prop_map(|(id, total)| ClockCommand::SetInitiative { id, total }),
        5 => (name(), any::<bool>()).prop_map(|(id, pinned)| ClockCommand::Pin { id, pinned }),
        5 => (name(), 0usize..6).prop_map(|(id, position)| ClockCommand::Place { id, position }),
        15 => prop::collection::vec(name(), 0..3)
            .prop_map(|surprise| ClockCommand::Begin { surprise }),
        40 => Just(ClockCommand::NextTurn),
        10 => (0u32..4, prop_oneof![Just(""), Just("the door opens")]).prop_map(
            |(actions, trigger)| ClockCommand::Hold {
                actions,
                trigger: trigger.into(),
            }
        ),
        10 => name().prop_map(|id| ClockCommand::Trigger { id }),
        // Rare, or most sequences would end early.
        1 => Just(ClockCommand::End),
    ]
}

fn expiry() -> impl Strategy<Value = Option<Expiry>> {
    prop::option::of(
        (name(), any::<bool>(), 1u32..4).prop_map(|(of, start, count)| {
            let at = if start {
                Moment::start_of(&of)
            } else {
                Moment::end_of(&of)
            };
            Expiry::after(count, at)
        }),
    )
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        10 => command().prop_map(Step::Clock),
        2 => (
            prop::collection::vec((name(), 0i64..2), 0..4),
            prop::collection::vec(1u32..4, 0..6),
        )
            .prop_map(|(who, dice)| Step::Roll(who, dice)),
        3 => (name(), 0u32..4).prop_map(|(id, actions)| Step::Spend(id, actions)),
        2 => name().prop_map(Step::React),
        2 => (name(), expiry()).prop_map(|(id, expiry)| Step::Effect(id, expiry)),
    ]
}

/// The events `step` brings about, or why it is refused.
fn decide(clock: &Clock, step: &Step) -> Result<Vec<Event>, EncounterError> {
    match step {
        Step::Clock(command) => clock.decide(command),
        Step::Roll(who, dice) => {
            let mut faces = dice.iter().copied().cycle();
            roll_initiative(clock, who, |_, _| Ok(faces.next().unwrap_or(1)))
        }
        Step::Spend(id, actions) => Ok(vec![clock.spend(id, *actions, "fire")?]),
        Step::React(id) => Ok(vec![clock.react(id, "snap shot")?]),
        Step::Effect(id, expiry) => {
            clock.seat(id)?;
            Ok(vec![clock.add_effect(
                id,
                "stunned",
                expiry.clone(),
                Condition::Stunned,
            )])
        }
    }
}

/// What must hold of any clock reached by accepted events.
fn check(clock: &Clock) -> Result<(), TestCaseError> {
    let seats: BTreeSet<&CombatantId> = clock.seats.iter().map(|s| &s.id).collect();
    prop_assert_eq!(seats.len(), clock.seats.len(), "ids are unique");
    let mut order = clock.order.iter().collect::<Vec<_>>();
    order.sort();
    prop_assert_eq!(
        order,
        seats.iter().copied().collect::<Vec<_>>(),
        "the order is a permutation of the seats"
    );
    if let Some(active) = &clock.active {
        prop_assert!(
            clock.order.contains(active),
            "{active} acts but is not in the order"
        );
        prop_assert!(clock.running(), "{active} acts outside a running fight");
    }
    prop_assert!(
        clock.budget.left <= clock.budget.total,
        "{:?}",
        clock.budget
    );
    let acted: BTreeSet<&CombatantId> = clock.acted.iter().collect();
    prop_assert_eq!(acted.len(), clock.acted.len(), "nobody acts twice a round");
    prop_assert!(
        acted.iter().all(|id| seats.contains(id)),
        "{:?}",
        clock.acted
    );
    for (id, held) in &clock.held {
        prop_assert!(seats.contains(id), "{id} holds actions but left");
        prop_assert!(
            (1..=CX.max_held).contains(&held.actions),
            "{id} holds {}",
            held.actions
        );
    }
    for (id, used) in &clock.reactions {
        prop_assert!(
            *used <= CX.reactions_per_round,
            "{id} used {used} reactions"
        );
    }
    let ids: BTreeSet<_> = clock.effects.iter().map(|e| e.id).collect();
    prop_assert_eq!(ids.len(), clock.effects.len(), "effect ids are unique");
    prop_assert!(clock.effects.iter().all(|e| e.id < clock.next_effect));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_commands_keep_the_clock_consistent_and_replayable(
        cast in prop::collection::vec((any::<bool>(), -1i64..3), 0..=NAMES.len()),
        steps in prop::collection::vec(step(), 0..80),
    ) {
        // A cast with initiative first, so that many sequences get to begin.
        let cast = cast.iter().zip(NAMES).flat_map(|((hidden, total), name)| {
            let id = CombatantId::from(name);
            [
                Step::Clock(ClockCommand::Join { id: id.clone(), side: "crew".into(), hidden: *hidden }),
                Step::Clock(ClockCommand::SetInitiative { id, total: *total }),
            ]
        });
        let mut clock = Clock::new(CX);
        let mut log: Vec<Event> = Vec::new();
        for step in cast.chain(steps) {
            let step = &step;
            let Ok(events) = decide(&clock, step) else {
                continue;
            };
            for event in &events {
                clock.apply(event);
            }
            log.extend(events);
            check(&clock)?;
        }
        let mut replayed = Clock::new(CX);
        for event in &log {
            replayed.apply(event);
        }
        prop_assert_eq!(replayed, clock);
    }
}
