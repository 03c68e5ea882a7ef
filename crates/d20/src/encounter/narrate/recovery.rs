//! Checks and recovery in words: ability checks, rest (D20-REST-01),
//! kits (D20-REST-02) and time passing out of combat.

use nanite_core::CombatantId;

use super::{check_lines, indent};
use crate::check::duration;
use crate::encounter::{Battle, Event};

/// The lines telling `event`, one of this module's kinds (others tell
/// nothing here: [`super::narrate`] routes each kind to its module).
pub(super) fn told(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::Checked { id, result } => check_lines(
            format!(
                "{}: {} check against DC {}{}: {}",
                n(id),
                result.label,
                result.dc.value,
                if result.dc.hidden { " (hidden)" } else { "" },
                if result.success { "success" } else { "failure" }
            ),
            result,
        ),
        Event::Rested { id, rest } => {
            let mut out = vec![format!(
                "{} rests {} period(s) of 8 hours and regains {} HP (D20-REST-01)",
                n(id),
                rest.periods,
                rest.healed
            )];
            out.extend(indent(&rest.breakdown));
            out
        }
        Event::KitUsed {
            id,
            target,
            kit,
            treatment,
        } => {
            let kit_name = state
                .combatants
                .get(id)
                .and_then(|c| c.fighter.kits.iter().find(|k| &k.id == kit))
                .map_or(kit.as_str(), |k| k.name.as_str());
            let mut out = vec![format!(
                "{} treats {} with a {kit_name} (D20-REST-02): {}",
                n(id),
                n(target),
                if treatment.check.reached {
                    format!("{} HP restored", treatment.healed)
                } else {
                    "the treatment fails".into()
                }
            )];
            out.extend(indent(&treatment.check.breakdown));
            out
        }
        Event::TimePassed { minutes } => one(format!(
            "{} pass (in-game time out of combat: {})",
            duration(*minutes),
            duration(state.minutes + minutes)
        )),
        _ => Vec::new(),
    }
}
