//! Moving in words: double moves and steps (D20-MOVE-01), getting past
//! enemies (D20-MOVE-02), changing rows (D20-MOVE-03).

use nanite_core::CombatantId;

use super::indent;
use crate::encounter::{Battle, Event};

/// The lines telling `event`, one of this module's kinds (others tell
/// nothing here: [`super::narrate`] routes each kind to its module).
pub(super) fn told(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::DoubledMove { id, allowance } => one(format!(
            "{} gives up the action to move double: {allowance} ft this turn (D20-MOVE-01)",
            n(id)
        )),
        Event::Moved { id, squares } => {
            let feet = 5 * squares.len();
            let to = squares
                .last()
                .map_or_else(String::new, |s| format!(" to ({s})"));
            let left = state
                .combatants
                .get(id)
                .map_or(0, |c| c.movement.left() - i64::try_from(feet).unwrap_or(0));
            one(format!("{} moves {feet} ft{to} ({left} ft left)", n(id)))
        }
        Event::PassContest {
            mover,
            enemy,
            retry,
            contest,
        } => {
            let mut out = vec![format!(
                "{} tries to get past {}{}: opposed DEX checks (D20-MOVE-02)",
                n(mover),
                n(enemy),
                if *retry {
                    ", another try for 10 ft"
                } else {
                    ""
                }
            )];
            out.extend(indent(&contest.breakdown));
            out.push(if contest.actor_wins {
                format!("  {} slips past", n(mover))
            } else {
                format!(
                    "  {} is stopped; another try costs 10 ft of movement (D20-MOVE-02)",
                    n(mover)
                )
            });
            out
        }
        Event::RowChanged { id, row } => one(format!(
            "{} moves to the {} row (the whole move, D20-MOVE-03)",
            n(id),
            row.key()
        )),
        _ => Vec::new(),
    }
}
