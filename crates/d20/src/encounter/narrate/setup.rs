//! Setting up and ordering the fight in words: combatants entering and
//! placed, side initiative (D20-INIT-03), lost turns.

use nanite_core::CombatantId;

use crate::encounter::{Battle, Event};

/// The lines telling `event`, one of this module's kinds (others tell
/// nothing here: [`super::narrate`] routes each kind to its module).
pub(super) fn told(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::Entered {
            id,
            fighter,
            place,
            hp,
        } => one(format!(
            "{} ({id}) enters at {place}: {hp} HP, Defense {}, speed {} ft",
            fighter.name,
            fighter
                .defense(&state.campaign, &fighter.scores)
                .iter()
                .map(|(_, v)| v)
                .sum::<i64>(),
            fighter.speed
        )),
        Event::Positioned { id, place } => one(format!("the GM puts {} at {place}", n(id))),
        Event::SideInitiative { rolls, order } => {
            let mut out = vec![format!(
                "side initiative (D20-INIT-03): {}",
                rolls
                    .iter()
                    .map(|r| format!(
                        "{} d100 = {}",
                        r.side,
                        r.dice
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", re-rolled ")
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            )];
            out.push(format!(
                "  sides act in the order {}; within a side, highest DEX first",
                order.join(", ")
            ));
            out
        }
        Event::TurnLost { id, why } => one(format!("{} loses the turn: {why}", n(id))),
        _ => Vec::new(),
    }
}
