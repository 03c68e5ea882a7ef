//! Spells and powers in words: casting (D20-CAST-01), concentration,
//! resistance and the energy spent (D20-CAST-03), the effect or the fizzle.

use nanite_core::CombatantId;

use super::{check_lines, indent, roll_text};
use crate::encounter::{Battle, Event};

/// The lines telling `event`, one of this module's kinds (others tell
/// nothing here: [`super::narrate`] routes each kind to its module).
pub(super) fn told(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::CastBegan {
            id,
            name,
            kind,
            target,
        } => one(format!(
            "{} begins: {} {name} at {}; it takes effect just before {}'s next turn (D20-CAST-01)",
            n(id),
            kind.verb(),
            n(target),
            n(id)
        )),
        Event::Concentration { id, result } => check_lines(
            format!(
                "{} must keep concentrating: {}",
                n(id),
                if result.success { "kept" } else { "lost" }
            ),
            result,
        ),
        Event::Resistance {
            caster,
            target,
            result,
        } => check_lines(
            format!(
                "{} against {}'s resistance: {}",
                n(caster),
                n(target),
                if result.success { "beaten" } else { "it holds" }
            ),
            result,
        ),
        Event::MagicSpent {
            id,
            kind,
            amount,
            wasted,
        } => {
            let left = state.combatants.get(id).map_or(0, |c| match kind {
                crate::pack::MagicKind::Spell => c.energy,
                crate::pack::MagicKind::Power => c.power_points,
            }) - amount;
            one(format!(
                "{} spends {amount} {}{} ({left} left)",
                n(id),
                kind.cost_name(),
                if *wasted {
                    ", wasted on the resistance (D20-CAST-03)"
                } else {
                    ""
                }
            ))
        }
        Event::MagicTookEffect {
            caster,
            target,
            name,
            roll,
            breakdown,
        } => {
            let mut out = vec![format!(
                "{}'s {name} takes effect on {}{}",
                n(caster),
                n(target),
                roll.as_ref()
                    .map(|r| format!(": {} = {}", roll_text(r), r.total))
                    .unwrap_or_default()
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::MagicFizzled { caster, name, why } => {
            one(format!("{}'s {name} fizzles: {why}", n(caster)))
        }
        _ => Vec::new(),
    }
}
