//! The grid's squares as the engine judges them: each move the page offers
//! as a square of the grid is checked against the table's permissions and
//! then decided by the engine on the battle as the viewer knows it (deciding
//! changes nothing), so a square is a button only where the engine would
//! move there. The action buttons are the D20 engine's own choices
//! (`nanite_d20::encounter::choices`), drawn by the tracker's template.

use nanite_core::{ClockEvent, CombatantId, Ruleset, SeededDice};
use nanite_d20::encounter::{Battle, Command, D20, Event};

use crate::d20::permissions::may_command;
use crate::d20::refusals::refused;
use crate::permissions::Viewer;

/// The engine's judgement of `command`: the actions `actor` would spend,
/// or why not (permissions first, then the rules).
pub(crate) fn judge(
    battle: &Battle,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
    command: &Command,
) -> Result<u32, String> {
    may_command(viewer.role, owns, battle, command).map_err(|e| e.message().to_string())?;
    // The probe's dice never leave this function: only whether the engine
    // accepts the command, and what it spends, are read.
    let mut dice = SeededDice::new(0);
    match D20::decide(battle, command, &mut dice) {
        Ok(events) => Ok(events
            .iter()
            .filter_map(|e| match e {
                Event::Clock(ClockEvent::ActionsSpent { id, actions, .. }) if id == actor => {
                    Some(*actions)
                }
                _ => None,
            })
            .sum()),
        Err(r) => Err(refused(r, viewer, Some(battle)).message().to_string()),
    }
}
