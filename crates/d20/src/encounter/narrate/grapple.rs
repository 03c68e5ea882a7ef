//! Grappling in words (D20-GRAP-01 to 05): checks, hits, Grappling
//! Advantage and its +5, the takedown's natural 1 and 20.

use nanite_core::CombatantId;

use super::{indent, roll_text};
use crate::encounter::{Battle, Event, TakedownChoice};

/// The lines telling `event`, one of this module's kinds (others tell
/// nothing here: [`super::narrate`] routes each kind to its module).
pub(super) fn told(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::GrappleCheck {
            actor,
            defender,
            action,
            success,
            breakdown,
            ..
        } => {
            let mut out = vec![format!(
                "{}: {action} against {}: {}",
                n(actor),
                n(defender),
                if *success { "success" } else { "failure" }
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::GrappleHit {
            actor,
            target,
            action,
            roll,
            breakdown,
        } => {
            let mut out = vec![format!(
                "{}'s {} hits {}: {} = {}",
                n(actor),
                action.to_lowercase(),
                n(target),
                roll_text(roll),
                roll.total
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::GrappleBegan { a, b, advantage } => one(format!(
            "{} and {} are grappling; {} has Grappling Advantage (D20-GRAP-02)",
            n(a),
            n(b),
            n(advantage)
        )),
        Event::AdvantageTo { id, why } => {
            one(format!("{} takes Grappling Advantage: {why}", n(id)))
        }
        Event::Primed { id } => one(format!(
            "{} already held advantage: +5 to its next grappling attack (D20-GRAP-03)",
            n(id)
        )),
        Event::PrimedUsed { id } => one(format!("{}'s +5 is used", n(id))),
        Event::GrappleEnded { a, b, why } => {
            one(format!("{} and {} stop grappling: {why}", n(a), n(b)))
        }
        Event::ChoiceOwed { chooser, against } => one(format!(
            "natural 1: {} chooses Grappling Advantage or a free melee attack on {} (D20-GRAP-02)",
            n(chooser),
            n(against)
        )),
        Event::Chose { chooser, choice } => one(format!(
            "{} chooses {}",
            n(chooser),
            match choice {
                TakedownChoice::Advantage => "Grappling Advantage".to_string(),
                TakedownChoice::Attack { .. } => "a free melee attack".to_string(),
            }
        )),
        Event::FreeGrapple { id } => one(format!(
            "natural 20: {} may take a position change or attack at once, free (D20-GRAP-02)",
            n(id)
        )),
        Event::FreeGrappleUsed { id } => one(format!("{} uses the free grappling action", n(id))),
        _ => Vec::new(),
    }
}
