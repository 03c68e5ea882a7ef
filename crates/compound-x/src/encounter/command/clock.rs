//! The clock's commands in a Compound X fight: joining, beginning, turns,
//! held actions, leaving and ending, with what the Compound X rules add to
//! each.

use nanite_core::{ClockCommand, CombatantId, DiceSource};

use super::super::{CxEffect, Decision, Event, Refusal, gm, grapple, turn};

/// Decides a clock command: a combatant joins only with its character, and
/// triggers, leaving and the end of the fight follow the Compound X rules;
/// the rest is the clock's own.
pub(super) fn decide(
    d: &mut Decision<'_>,
    clock: &ClockCommand,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    match clock {
        ClockCommand::Join { id, .. } => Err(Refusal::Illegal {
            why: format!("add '{id}' with its character (Add), not with a bare join"),
        }),
        ClockCommand::Begin { surprise } => turn::begin(d, surprise, dice),
        ClockCommand::NextTurn => turn::next(d, dice),
        ClockCommand::Trigger { id } => trigger(d, id),
        ClockCommand::Leave { id } => leave(d, id),
        clock => {
            apply(d, clock)?;
            if let ClockCommand::End = clock {
                end_fight(d);
            }
            Ok(())
        }
    }
}

/// The clock decides a command and its events are pushed.
fn apply(d: &mut Decision<'_>, clock: &ClockCommand) -> Result<(), Refusal> {
    for e in d.state.clock.decide(clock)? {
        d.clock(e);
    }
    Ok(())
}

/// A held action is triggered. Held actions are a reaction: only for one
/// who can act (CX-TURN-05).
fn trigger(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    if d.state.combatants.contains_key(id) {
        gm::able(d, id)?;
    }
    apply(d, &ClockCommand::Trigger { id: id.clone() })
}

/// One who leaves the fight lets go of whoever it grapples and its holds on
/// them end (CX-MELEE-03): nothing left behind names it.
fn leave(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    d.state.combatant(id)?;
    grapple::left(d, id);
    apply(d, &ClockCommand::Leave { id: id.clone() })
}

/// The fight ends: what lasts a turn or a round ends with it (conditions,
/// lost criticals and injuries stay), and the encounter closes.
fn end_fight(d: &mut Decision<'_>) {
    let ending = d.state.clock.effects_ending_with_the_fight(|p| {
        matches!(
            p,
            CxEffect::Condition(_) | CxEffect::NoCriticals | CxEffect::Injured { .. }
        )
    });
    for e in ending {
        d.clock(e);
    }
    d.push(Event::EncounterClosed);
}

/// An action is held for a trigger: only by one who can act, on its own
/// turn.
pub(super) fn hold(
    d: &mut Decision<'_>,
    id: &CombatantId,
    actions: u32,
    trigger: &str,
) -> Result<(), Refusal> {
    gm::able(d, id)?;
    d.state.clock.check_turn_of(id)?;
    apply(
        d,
        &ClockCommand::Hold {
            actions,
            trigger: trigger.to_string(),
        },
    )
}
