//! Tasks of whole turns and the things they work on: doors, security
//! stations, bio-reconstruction machines, weapons and research (rules
//! ST-TECH-*, ST-ENV-04, ST-DEATH-03).

use super::{Event, player};
use crate::state::State;

/// Applies a task, door, station, machine, weapon or research event.
pub(super) fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::TaskStarted {
            who, task, nanites, ..
        } => {
            if let Some(p) = player(state, who) {
                p.ap = 0;
                p.nanites = p.nanites.saturating_sub(*nanites);
                p.task = Some(task.clone());
            }
        }
        Event::TaskAdvanced { who } => {
            if let Some(t) = player(state, who).and_then(|p| p.task.as_mut()) {
                t.turns_left = t.turns_left.saturating_sub(1);
            }
        }
        Event::TaskFinished { who } => {
            if let Some(p) = player(state, who) {
                p.task = None;
            }
        }
        Event::DoorOpened { at } => state.doors.retain(|d| d.at != *at),
        Event::DoorUnlocked { at }
        | Event::DoorLockBroken { at }
        | Event::DoorLockRepaired { at } => {
            if let Some(d) = state.doors.iter_mut().find(|d| d.at == *at) {
                match event {
                    Event::DoorUnlocked { .. } => d.locked = false,
                    Event::DoorLockBroken { .. } => d.broken = true,
                    _ => d.broken = false,
                }
            }
        }
        Event::StationBroken { at } | Event::StationRepaired { at } => {
            let broken = matches!(event, Event::StationBroken { .. });
            if let Some(s) = state.stations.iter_mut().find(|s| s.spec.at == *at) {
                s.broken = broken;
            }
        }
        Event::MachineActivated { who, at } => {
            if let Some(p) = player(state, who) {
                p.ap = p.ap.saturating_sub(2);
            }
            if let Some(m) = state.machines.iter_mut().find(|m| m.at == *at) {
                m.active = true;
            }
        }
        Event::MachineBroken { at } | Event::MachineRepaired { at } => {
            let broken = matches!(event, Event::MachineBroken { .. });
            if let Some(m) = state.machines.iter_mut().find(|m| m.at == *at) {
                m.broken = broken;
            }
        }
        Event::WeaponModified { who }
        | Event::WeaponBroken { who }
        | Event::WeaponRepaired { who } => {
            if let Some(w) = player(state, who).and_then(|p| p.weapon.as_mut()) {
                match event {
                    Event::WeaponModified { .. } => w.mods = w.mods.saturating_add(1),
                    Event::WeaponBroken { .. } => w.broken = true,
                    _ => w.broken = false,
                }
            }
        }
        Event::Researched { who, cm } => {
            if let Some(p) = player(state, who) {
                p.cm = p.cm.saturating_add(*cm);
            }
        }
        Event::ResearchItemsUsed {
            who,
            item,
            chemical,
        } => {
            if let Some(p) = player(state, who) {
                for id in [item, chemical] {
                    if let Some(i) = p.inventory.iter().position(|c| c.id() == id) {
                        p.inventory.remove(i);
                    }
                }
            }
        }
        _ => {}
    }
}
