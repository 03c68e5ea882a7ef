//! How each event changes the state. Never rolls, never fails, never
//! overflows: every count and purse changes by saturating arithmetic.
//!
//! The events are applied by the part of the rules they belong to: the
//! clock and the GM's economy ([`clock`]), units fighting, dying and coming
//! back ([`combat`]), tasks, doors and devices ([`devices`]), and what the
//! players carry and buy ([`gear`]).

mod clock;
mod combat;
mod devices;
mod gear;

use super::Event;
use crate::state::{Monster, Player, State};

/// A player by handle, to change.
fn player<'s>(state: &'s mut State, id: &str) -> Option<&'s mut Player> {
    state.players.iter_mut().find(|p| p.id == id)
}

/// A creature by handle, to change.
fn monster<'s>(state: &'s mut State, id: &str) -> Option<&'s mut Monster> {
    state.creatures.iter_mut().find(|c| c.id == id)
}

/// Applies one event.
pub fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::Began
        | Event::PlayersTurn { .. }
        | Event::GmTurn
        | Event::Deployed { .. }
        | Event::Spotted { .. }
        | Event::Income { .. }
        | Event::CardDrawn { .. }
        | Event::ThreatChanged { .. }
        | Event::ThreatHeld { .. }
        | Event::CameraCounted { .. }
        | Event::AlarmRaised { .. }
        | Event::AlarmTicked
        | Event::AlarmEnded
        | Event::SecurityReset { .. }
        | Event::SecurityTicked
        | Event::SecurityRestored
        | Event::LightsOut { .. }
        | Event::ObjectiveReached { .. }
        | Event::TurnEnded { .. }
        | Event::GameOver { .. } => clock::evolve(state, event),
        Event::Moved { .. }
        | Event::Attacked { .. }
        | Event::PsiSpent { .. }
        | Event::TurretFired { .. }
        | Event::Defended { .. }
        | Event::ApSpent { .. }
        | Event::PlayerDied { .. }
        | Event::Reconstructed { .. }
        | Event::CreatureDied { .. } => combat::evolve(state, event),
        Event::TaskStarted { .. }
        | Event::TaskAdvanced { .. }
        | Event::TaskFinished { .. }
        | Event::DoorUnlocked { .. }
        | Event::DoorLockBroken { .. }
        | Event::DoorLockRepaired { .. }
        | Event::DoorOpened { .. }
        | Event::StationBroken { .. }
        | Event::StationRepaired { .. }
        | Event::MachineActivated { .. }
        | Event::MachineBroken { .. }
        | Event::MachineRepaired { .. }
        | Event::WeaponModified { .. }
        | Event::WeaponBroken { .. }
        | Event::WeaponRepaired { .. }
        | Event::Researched { .. }
        | Event::ResearchItemsUsed { .. } => devices::evolve(state, event),
        Event::Searched { .. }
        | Event::Equipped { .. }
        | Event::Dropped { .. }
        | Event::UsedItem { .. }
        | Event::Bought { .. } => gear::evolve(state, event),
    }
}
