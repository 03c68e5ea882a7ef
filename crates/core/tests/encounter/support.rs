//! What every clock test shares: the Compound X limits, a fight set up by
//! hand, commands run and refused, turns played, and scripted initiative dice.

use std::collections::VecDeque;

use nanite_core::encounter::{
    ClockCommand, ClockEvent, CombatantId, Encounter, EncounterError, InitiativeDie, Limits,
    roll_initiative,
};

/// What the test ruleset's effects carry.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Condition {
    Stunned,
    Aiming,
}

pub(super) type Clock = Encounter<Condition>;
pub(super) type Event = ClockEvent<Condition>;

/// Compound X's limits: 4 actions a turn (CX-TURN-03), 3 reactions a round
/// (CX-TURN-04), up to 2 held actions (CX-TURN-05).
pub(super) const CX: Limits = Limits {
    actions_per_turn: 4,
    reactions_per_round: 3,
    max_held: 2,
};

pub(super) fn id(name: &str) -> CombatantId {
    CombatantId::from(name)
}

/// Decides `command` and, if accepted, applies its events.
pub(super) fn try_run(
    clock: &mut Clock,
    command: ClockCommand,
) -> Result<Vec<Event>, EncounterError> {
    let events = clock.decide(&command)?;
    for event in &events {
        clock.apply(event);
    }
    Ok(events)
}

/// Decides and applies a command that must be accepted.
pub(super) fn run(clock: &mut Clock, command: ClockCommand) -> Vec<Event> {
    let shown = format!("{command:?}");
    try_run(clock, command).unwrap_or_else(|e| panic!("{shown} was refused: {e}"))
}

/// Decides a command that must be refused (deciding never changes the clock).
pub(super) fn refused(clock: &Clock, command: ClockCommand) -> EncounterError {
    match clock.decide(&command) {
        Ok(events) => panic!("{command:?} was accepted: {events:?}"),
        Err(error) => error,
    }
}

pub(super) fn join_command(name: &str, hidden: bool) -> ClockCommand {
    ClockCommand::Join {
        id: id(name),
        side: if name.starts_with("drone") {
            "drones".into()
        } else {
            "crew".into()
        },
        hidden,
    }
}

pub(super) fn set(name: &str, total: i64) -> ClockCommand {
    ClockCommand::SetInitiative {
        id: id(name),
        total,
    }
}

pub(super) fn begin(surprise: &[&str]) -> ClockCommand {
    ClockCommand::Begin {
        surprise: surprise.iter().map(|s| id(s)).collect(),
    }
}

pub(super) fn hold(actions: u32, trigger: &str) -> ClockCommand {
    ClockCommand::Hold {
        actions,
        trigger: trigger.into(),
    }
}

pub(super) fn trigger(name: &str) -> ClockCommand {
    ClockCommand::Trigger { id: id(name) }
}

pub(super) fn leave(name: &str) -> ClockCommand {
    ClockCommand::Leave { id: id(name) }
}

/// A fight in setup with Compound X's limits: everyone joins in the order
/// given (those named in `hidden` hidden) and the GM sets their totals.
pub(super) fn setup(cast: &[(&str, i64)], hidden: &[&str]) -> Clock {
    let mut clock = Clock::new(CX);
    for (name, total) in cast {
        run(&mut clock, join_command(name, hidden.contains(name)));
        run(&mut clock, set(name, *total));
    }
    clock
}

/// A fight that has begun without surprise: the first in the order acts.
pub(super) fn begun(cast: &[(&str, i64)]) -> Clock {
    let mut clock = setup(cast, &[]);
    run(&mut clock, begin(&[]));
    clock
}

pub(super) fn order(clock: &Clock) -> Vec<&str> {
    clock.order.iter().map(CombatantId::as_str).collect()
}

pub(super) fn active(clock: &Clock) -> Option<&str> {
    clock.active.as_ref().map(CombatantId::as_str)
}

/// Where the clock stands, as "round:who" (round 0 is the surprise round).
pub(super) fn now(clock: &Clock) -> String {
    format!("{}:{}", clock.round(), active(clock).unwrap_or("-"))
}

/// Passes `turns` turns and names each new one as [`now`] does.
pub(super) fn play(clock: &mut Clock, turns: usize) -> Vec<String> {
    (0..turns)
        .map(|_| {
            run(clock, ClockCommand::NextTurn);
            now(clock)
        })
        .collect()
}

/// `who` spends `actions` through the clock, applying the event if allowed.
pub(super) fn spend(clock: &mut Clock, who: &str, actions: u32) -> Result<(), EncounterError> {
    let event = clock.spend(&id(who), actions, "fire")?;
    clock.apply(&event);
    Ok(())
}

/// `who` uses a reaction through the clock, applying the event if allowed.
pub(super) fn react(clock: &mut Clock, who: &str) -> Result<(), EncounterError> {
    let event = clock.react(&id(who), "snap shot")?;
    clock.apply(&event);
    Ok(())
}

/// Rolls initiative for `who` (names and modifiers) with `dice` handed out
/// in order, applies the events, and answers who was asked for a roll-off
/// die, in order. Every die of the script must be used.
pub(super) fn roll(clock: &mut Clock, who: &[(&str, i64)], dice: &[u32]) -> Vec<String> {
    let mut script: VecDeque<u32> = dice.iter().copied().collect();
    let mut rolled_off = Vec::new();
    let who: Vec<(CombatantId, i64)> = who.iter().map(|(w, m)| (id(w), *m)).collect();
    let events = roll_initiative(clock, &who, |who, kind| {
        let die = script
            .pop_front()
            .unwrap_or_else(|| panic!("the script ran out at {who}'s {kind:?} die"));
        if kind == InitiativeDie::RollOff {
            rolled_off.push(who.to_string());
        }
        Ok::<u32, EncounterError>(die)
    })
    .unwrap_or_else(|e| panic!("initiative was refused: {e}"));
    assert!(script.is_empty(), "dice left unused: {script:?}");
    for event in &events {
        clock.apply(event);
    }
    rolled_off
}
