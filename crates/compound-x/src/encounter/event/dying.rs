//! How falling, dying and being saved change the battle: downed fighters,
//! death and fortitude saves, deaths, stabilizing, medkits, condition
//! saves, and what the end of the encounter resets.

use nanite_core::CombatantId;

use super::super::Battle;
use super::fighter;
use crate::check::CheckResult;
use crate::combat::{ConditionKind, DeathSaveOutcome};

/// A fighter goes down: prone, at 0 health or below.
pub(super) fn downed(state: &mut Battle, id: &CombatantId) {
    if let Some(c) = state.combatants.get_mut(id) {
        c.stance = crate::combat::Stance::Prone;
        c.fighter.hp = c.fighter.hp.min(0);
    }
}

/// A death save's outcome is recorded.
pub(super) fn death_save(state: &mut Battle, id: &CombatantId, outcome: DeathSaveOutcome) {
    if let Some(f) = fighter(state, id) {
        f.death_saves.record(outcome);
    }
}

/// A failed fortitude save counts.
pub(super) fn fort_save(state: &mut Battle, id: &CombatantId, result: &CheckResult) {
    if let Some(c) = state.combatants.get_mut(id) {
        if !result.success {
            c.fort_failures += 1;
        }
    }
}

/// A fighter dies. A hazard that kills outright reduces the victim "to zero
/// health points" (CX-DEATH-09); the other deaths come at 0 or below
/// already.
pub(super) fn died(state: &mut Battle, id: &CombatantId) {
    if let Some(f) = fighter(state, id) {
        f.dead = true;
        f.hp = f.hp.min(0);
    }
}

/// A fighter is stabilized at 1 health, its death saves backed up; a
/// stabilizing that counts adds a revive.
pub(super) fn stabilized(state: &mut Battle, id: &CombatantId, counts: bool) {
    if let Some(c) = state.combatants.get_mut(id) {
        c.fighter.hp = 1;
        c.fighter.death_saves.back_up();
        if counts {
            c.revives += 1;
        }
    }
}

/// A medkit is spent this round.
pub(super) fn kit_spent(state: &mut Battle, id: &CombatantId, round: u32) {
    if let Some(c) = state.combatants.get_mut(id) {
        c.kit_round = Some(round);
    }
}

/// A save against a condition was tried this round.
pub(super) fn save_tried(
    state: &mut Battle,
    id: &CombatantId,
    condition: ConditionKind,
    round: u32,
) {
    if let Some(c) = state.combatants.get_mut(id) {
        c.saves_tried.push((condition, round));
    }
}

/// The encounter closes: death saves learn it ended, and revives reset.
pub(super) fn encounter_closed(state: &mut Battle) {
    for c in state.combatants.values_mut() {
        c.fighter.death_saves.encounter_ended();
        c.revives = 0;
    }
}
