//! The log in words, twice: as the GM reads it, and as the table may hear
//! it. The table never hears of a combatant the clock hides from the
//! players, a GM's ruling of who cannot see whom, a hidden DC, or an exact
//! health total; what it does hear is the engine's own narration.

use std::collections::BTreeSet;

use nanite_compound_x::encounter::{Battle, CompoundX, Event, narrate};
use nanite_core::{ClockEvent, CombatantId, Ruleset};
use serde_json::Value;

/// One command's log lines.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Told {
    /// Everything, for the GM.
    pub(crate) gm: Vec<String>,
    /// What the table may hear.
    pub(crate) table: Vec<String>,
    /// Nothing of it may reach the table.
    pub(crate) secret: bool,
}

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
        CompoundX::evolve(&mut state, event);
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
        .map(|s| {
            let name = battle
                .combatants
                .get(&s.id)
                .map(|c| c.fighter.name.clone())
                .unwrap_or_default();
            (s.id.clone(), name)
        })
        .collect()
}

/// The lines the table may hear of `event`, or `None` when the event is
/// the GM's alone.
fn for_table(state: &Battle, event: &Event) -> Option<Vec<String>> {
    match event {
        // Entering shows health totals: the table hears only the name.
        Event::Entered { id, fighter, .. } => Some(vec![format!("{} ({id}) enters", fighter.name)]),
        Event::Checked { id, what, result } => Some(narrate(
            state,
            &Event::Checked {
                id: id.clone(),
                what: what.clone(),
                result: result.for_player(),
            },
        )),
        Event::Searched {
            searcher,
            target,
            glance,
            round,
            result,
        } => Some(narrate(
            state,
            &Event::Searched {
                searcher: searcher.clone(),
                target: target.clone(),
                glance: *glance,
                round: *round,
                result: result.for_player(),
            },
        )),
        // Who is undetected by whom, and the DC to find them, are rulings
        // the GM keeps.
        Event::Concealed { .. } => None,
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn ids_are_found_anywhere_but_only_whole() {
        let v = json!({"event": "shot", "attacker": "scav", "shot": {"notes": ["scavenger"]}});
        assert!(super::mentions(&v, "scav"));
        assert!(!super::mentions(&v, "vex"));
        assert!(!super::mentions(&json!({"x": "scavenger"}), "scav"));
    }
}
