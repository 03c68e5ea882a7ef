//! A D20 command's log in words, twice: as the GM reads it, and as the
//! table may hear it. The table never hears of a combatant hidden from the
//! players, the DC of a hidden check (nor the total that met it), or an
//! exact health total; what it does hear is the engine's own narration.

use std::collections::BTreeSet;

use nanite_core::{ClockEvent, CombatantId, Ruleset};
use nanite_d20::encounter::{Battle, D20, Event, narrate};
use serde_json::Value;

use crate::told::Told;

/// Tells `events` (as `json`), starting from `before`, the battle just
/// before the command.
pub(crate) fn tell(before: Battle, events: &[Event], json: &[Value]) -> Told {
    let mut state = before;
    let mut told = Told::default();
    let (mut withheld, mut heard) = (false, false);
    for (event, value) in events.iter().zip(json) {
        let mut unseen = hidden(&state);
        let lines = narrate(&state, event);
        let shown = for_table(&state, event);
        D20::evolve(&mut state, event);
        unseen.extend(hidden(&state));
        if let Event::Clock(ClockEvent::HiddenSet { id, hidden: false }) = event {
            // The reveal itself is for everyone.
            unseen.retain(|(i, _)| i != id);
        }
        told.gm.extend(lines);
        let Some(shown) = shown else {
            withheld = true;
            continue;
        };
        let secret = unseen.iter().any(|(id, name)| {
            mentions(value, id.as_str())
                || shown
                    .iter()
                    .any(|line| !name.is_empty() && line.contains(name))
        });
        if secret {
            withheld = true;
        } else {
            heard = true;
            told.table.extend(shown);
        }
    }
    told.secret = withheld && !heard;
    told
}

/// The combatants the clock hides from the players, with their names.
pub(crate) fn hidden(battle: &Battle) -> BTreeSet<(CombatantId, String)> {
    battle
        .clock
        .seats
        .iter()
        .filter(|s| s.hidden)
        .map(|s| (s.id.clone(), battle.name(&s.id)))
        .collect()
}

/// The lines the table may hear of `event`, or `None` when the event is
/// the GM's alone.
fn for_table(state: &Battle, event: &Event) -> Option<Vec<String>> {
    match event {
        // The engine's lines give hit point totals; the table hears the
        // change only (a player sees their own totals on the tracker).
        Event::Entered {
            id, fighter, place, ..
        } => Some(vec![format!("{} ({id}) enters at {place}", fighter.name)]),
        Event::Hurt {
            target,
            amount,
            why,
            ..
        } => Some(vec![format!(
            "{} takes {amount} damage from {why}",
            state.name(target)
        )]),
        Event::Healed { id, amount, why } => Some(vec![format!(
            "{} regains {amount} HP from {why}",
            state.name(id)
        )]),
        Event::HpCapped { id, .. } => Some(vec![format!(
            "{}'s maximum hit points fall with its Constitution (D20-GRAP-05)",
            state.name(id)
        )]),
        // A check against a hidden DC: the die and whether it succeeded, as
        // in Compound X, but neither the DC nor the total that met it.
        Event::Checked { id, result } if result.dc.hidden => Some(vec![format!(
            "{}: {} check against a hidden DC: d20 = {}, {}",
            state.name(id),
            result.label,
            result.die,
            if result.success { "success" } else { "failure" }
        )]),
        Event::Clock(ClockEvent::HiddenSet { hidden: true, .. }) => None,
        _ => Some(narrate(state, event)),
    }
}

/// Whether any string in `value` is exactly `id`.
fn mentions(value: &Value, id: &str) -> bool {
    match value {
        Value::String(s) => s == id,
        Value::Array(items) => items.iter().any(|v| mentions(v, id)),
        Value::Object(map) => map.values().any(|v| mentions(v, id)),
        _ => false,
    }
}
