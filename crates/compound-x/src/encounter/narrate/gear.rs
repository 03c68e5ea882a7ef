//! Gear and harm told: suppression laid down, ticking damage, broken,
//! reloaded and repaired weapons, and used items.

use nanite_core::CombatantId;

use super::super::{Battle, level_key};
use super::name;
use crate::combat::Tick;
use crate::pack::{ItemKind, Suppression};

/// A weapon's name, or "weapon" if it cannot be found.
fn weapon_name<'a>(state: &'a Battle, id: &CombatantId, weapon: usize) -> &'a str {
    state
        .combatants
        .get(id)
        .and_then(|c| c.fighter.weapons.get(weapon))
        .map_or("weapon", |w| w.name.as_str())
}

/// A weapon breaks until a DC 60 repair.
pub(super) fn weapon_broken(state: &Battle, id: &CombatantId, weapon: usize) -> String {
    format!(
        "{}'s {} is broken until a DC 60 repair",
        name(state, id),
        weapon_name(state, id, weapon)
    )
}

/// Suppression laid down (CX-SUP): who is suppressed until the suppressor's
/// next turn, and who cannot be hit from there so is not (CX-SUP-05).
pub(super) fn suppressing(
    state: &Battle,
    id: &CombatantId,
    target: &CombatantId,
    level: Suppression,
    rounds: i64,
    suppressed: &[CombatantId],
    unhittable: &[CombatantId],
) -> Vec<String> {
    let n = |id: &CombatantId| name(state, id);
    let mut out = vec![format!(
        "{} lays down {} suppression on {} ({rounds} rounds, CX-SUP): {} suppressed until {}'s next turn",
        n(id),
        level_key(level),
        n(target),
        suppressed.iter().map(n).collect::<Vec<_>>().join(", "),
        n(id)
    )];
    for u in unhittable {
        out.push(format!(
            "{} cannot be hit at all from there, so is not suppressed (CX-SUP-05)",
            n(u)
        ));
    }
    out
}

/// Ticking damage from a condition (CX-COND).
pub(super) fn ticked(state: &Battle, id: &CombatantId, tick: &Tick) -> String {
    format!(
        "{} takes {} from {} (dice {:?}, CX-COND)",
        name(state, id),
        tick.damage,
        tick.kind.key(),
        tick.dice
    )
}

/// A reload (CX-RNG-12).
pub(super) fn reloaded(state: &Battle, id: &CombatantId, weapon: usize) -> String {
    format!(
        "{} reloads the {} (CX-RNG-12)",
        name(state, id),
        weapon_name(state, id, weapon)
    )
}

/// An item used up.
pub(super) fn item_used(state: &Battle, id: &CombatantId, kind: ItemKind) -> String {
    format!(
        "{} uses up a {}",
        name(state, id),
        match kind {
            ItemKind::Medikit => "medikit",
            ItemKind::RepairKit => "repair kit",
            _ => "supply",
        }
    )
}

/// A repair: a weapon works again (CX-STAT-13), or armor has its APL back
/// (CX-COND-07).
pub(super) fn repaired(state: &Battle, id: &CombatantId, weapon: Option<usize>) -> String {
    match weapon {
        Some(i) => format!(
            "{}'s {} works again (CX-STAT-13)",
            name(state, id),
            weapon_name(state, id, i)
        ),
        None => format!("{}'s armor has its APL back (CX-COND-07)", name(state, id)),
    }
}
