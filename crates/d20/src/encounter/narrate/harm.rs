//! Attacks and what they do in words: hits and misses with their
//! breakdowns, damage, healing, falling and rising.

use nanite_core::CombatantId;

use super::indent;
use crate::encounter::{Battle, Event};

/// The lines telling `event`, one of this module's kinds (others tell
/// nothing here: [`super::narrate`] routes each kind to its module).
pub(super) fn told(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::Attacked {
            attacker,
            target,
            weapon,
            hit,
            breakdown,
            ..
        } => {
            let mut out = vec![format!(
                "{} attacks {} with the {weapon}: {}",
                n(attacker),
                n(target),
                if *hit { "hit" } else { "miss" }
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::Hurt {
            target,
            amount,
            why,
            ..
        } => one(format!(
            "{} takes {amount} damage from {why}: {}",
            n(target),
            hit_points_after(state, target, |hp| hp.saturating_sub(*amount))
        )),
        Event::Healed { id, amount, why } => one(format!(
            "{} regains {amount} HP from {why}: {}",
            n(id),
            hit_points_after(state, id, |hp| hp.saturating_add(*amount))
        )),
        Event::HpCapped { id, hp, max } => one(format!(
            "{}'s maximum hit points fall to {max} with its Constitution: {hp} HP (D20-GRAP-05)",
            n(id)
        )),
        Event::Fell { id, why } => one(format!("{} falls: {why}", n(id))),
        Event::Rose { id } => one(format!("{} is back on its feet", n(id))),
        _ => Vec::new(),
    }
}

/// `id`'s hit points once `change` has changed them, out of its maximum:
/// `12/22 HP` (0 for one not in the fight).
fn hit_points_after(state: &Battle, id: &CombatantId, change: impl Fn(i64) -> i64) -> String {
    let hp = state.combatants.get(id).map_or(0, |c| change(c.hp));
    format!("{hp}/{} HP", state.max_hp(id))
}
