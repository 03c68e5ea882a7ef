//! How gear changes in a fight: magazines, broken and jammed weapons,
//! repairs, armor points, shields, nanites and used items.

use nanite_core::CombatantId;

use super::super::Battle;
use super::fighter;
use crate::pack::ItemKind;

/// A spare magazine is thrown away.
pub(super) fn thrown_away(state: &mut Battle, id: &CombatantId, weapon: usize) {
    if let Some(w) = fighter(state, id).and_then(|f| f.weapons.get_mut(weapon)) {
        w.spare_magazines = (w.spare_magazines - 1).max(0);
    }
}

/// A weapon breaks.
pub(super) fn weapon_broken(state: &mut Battle, id: &CombatantId, weapon: usize) {
    if let Some(w) = fighter(state, id).and_then(|f| f.weapons.get_mut(weapon)) {
        w.broken = true;
    }
}

/// A reload fills the magazine from a spare one.
pub(super) fn reloaded(state: &mut Battle, id: &CombatantId, weapon: usize) {
    if let Some(w) = fighter(state, id).and_then(|f| f.weapons.get_mut(weapon)) {
        w.loaded = w.magazine;
        w.spare_magazines = (w.spare_magazines - 1).max(0);
    }
}

/// A jam is cleared.
pub(super) fn jam_cleared(state: &mut Battle, id: &CombatantId, weapon: usize) {
    if let Some(w) = fighter(state, id).and_then(|f| f.weapons.get_mut(weapon)) {
        w.jammed = false;
    }
}

/// A repair mends a broken weapon, or (no weapon) plasma-damaged armor,
/// which gets its lost armor point back.
pub(super) fn repaired(state: &mut Battle, id: &CombatantId, weapon: Option<usize>) {
    let Some(f) = fighter(state, id) else {
        return;
    };
    match weapon {
        Some(i) => {
            if let Some(w) = f.weapons.get_mut(i) {
                w.broken = false;
            }
        }
        None => {
            if let Some(a) = f.armor.as_mut().filter(|a| a.plasma_damaged) {
                a.plasma_damaged = false;
                a.apl += 1;
            }
        }
    }
}

/// A fast recharge spends nanites and sets the shield's strength, its wait
/// starting over.
pub(super) fn fast_recharged(state: &mut Battle, id: &CombatantId, cost: i64, strength: i64) {
    if let Some(f) = fighter(state, id) {
        f.nanites = (f.nanites - cost).max(0);
        if let Some(s) = f.shield.as_mut() {
            s.strength = strength;
            s.waited = 0;
        }
    }
}

/// An item of a kind is used up.
pub(super) fn item_used(state: &mut Battle, id: &CombatantId, kind: ItemKind) {
    if let Some(f) = fighter(state, id) {
        f.use_one(kind);
    }
}

/// Armor's points are refreshed.
pub(super) fn armor_refreshed(state: &mut Battle, id: &CombatantId, points: i64) {
    if let Some(a) = fighter(state, id).and_then(|f| f.armor.as_mut()) {
        a.points_left = points;
    }
}

/// A shield's turn: its strength and how long it has waited.
pub(super) fn shield_turn(state: &mut Battle, id: &CombatantId, strength: i64, waited: i64) {
    if let Some(s) = fighter(state, id).and_then(|f| f.shield.as_mut()) {
        s.strength = strength;
        s.waited = waited;
    }
}
