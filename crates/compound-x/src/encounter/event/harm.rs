//! How harm changes the battle: shots, blows, suppression fire and ticking
//! damage land on a fighter, and the shooter's weapon spends its rounds.

use nanite_core::CombatantId;

use super::super::{Battle, SuppressionHit};
use super::fighter;
use crate::combat::{Fighter, Shot, Strike, Tick};

/// A strike, if there is one, lands on the target.
pub(super) fn struck(state: &mut Battle, target: &CombatantId, strike: Option<&Strike>) {
    if let (Some(strike), Some(f)) = (strike, fighter(state, target)) {
        take(f, strike);
    }
}

/// A shot: the weapon spends its rounds (and may jam), and its strike lands.
pub(super) fn shot(
    state: &mut Battle,
    attacker: &CombatantId,
    target: &CombatantId,
    weapon: usize,
    shot: &Shot,
) {
    if let Some(f) = fighter(state, attacker) {
        f.fired(weapon, shot.rounds, shot.jammed);
    }
    struck(state, target, shot.strike.as_ref());
}

/// Suppression is laid down: the weapon spends its rounds, and as this is a
/// new turn's suppression it may fire on each of the suppressed again.
pub(super) fn suppressing(
    state: &mut Battle,
    id: &CombatantId,
    weapon: usize,
    rounds: i64,
    suppressed: &[CombatantId],
) {
    if let Some(f) = fighter(state, id) {
        f.fired(weapon, rounds, false);
    }
    for who in suppressed {
        if let Some(c) = state.combatants.get_mut(who) {
            c.suppression_fired_by.retain(|by| by != id);
        }
    }
}

/// Suppression fires on a target: the target is marked as fired on by this
/// suppressor, the hit lands, and the weapon may jam.
pub(super) fn suppression_fire(
    state: &mut Battle,
    by: &CombatantId,
    target: &CombatantId,
    hit: &SuppressionHit,
) {
    if let Some(c) = state.combatants.get_mut(target)
        && !c.suppression_fired_by.contains(by)
    {
        c.suppression_fired_by.push(by.clone());
    }
    struck(state, target, hit.strike.as_ref());
    if let Some(w) = hit
        .jammed_weapon
        .and_then(|w| fighter(state, by).and_then(|f| f.weapons.get_mut(w)))
    {
        w.jammed = true;
    }
}

/// Ticking damage wounds the fighter; damage that takes it from standing to
/// below 1 leaves it at 0.
pub(super) fn ticked(state: &mut Battle, id: &CombatantId, tick: &Tick) {
    if let Some(f) = fighter(state, id) {
        f.wound(tick.damage);
        f.hp = if f.hp >= 1 && f.hp - tick.damage < 1 {
            0
        } else {
            f.hp.saturating_sub(tick.damage)
        };
    }
}

/// A hit lands: shield, armor, health; a hit restarts a dead shield's wait
/// (CX-DMG-04).
fn take(f: &mut Fighter, strike: &Strike) {
    f.take(strike);
    if let Some(shield) = &mut f.shield {
        if shield.strength == 0 {
            shield.waited = 0;
        }
    }
}
