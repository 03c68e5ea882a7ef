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
        } => {
            let hp = state
                .combatants
                .get(target)
                .map_or(0, |c| c.hp.saturating_sub(*amount));
            one(format!(
                "{} takes {amount} damage from {why}: {hp}/{} HP",
                n(target),
                state.max_hp(target)
            ))
        }
        Event::Healed { id, amount, why } => {
            let hp = state
                .combatants
                .get(id)
                .map_or(0, |c| c.hp.saturating_add(*amount));
            one(format!(
                "{} regains {amount} HP from {why}: {hp}/{} HP",
                n(id),
                state.max_hp(id)
            ))
        }
        Event::HpCapped { id, hp, max } => one(format!(
            "{}'s maximum hit points fall to {max} with its Constitution: {hp} HP (D20-GRAP-05)",
            n(id)
        )),
        Event::Fell { id, why } => one(format!("{} falls: {why}", n(id))),
        Event::Rose { id } => one(format!("{} is back on its feet", n(id))),
        _ => Vec::new(),
    }
}
