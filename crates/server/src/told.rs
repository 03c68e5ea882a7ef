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

/// What telling a ruleset's events needs from it; the rest of [`tell_as`]
/// (who is hidden before and after each event, what the table may hear,
/// when a whole command is the GM's alone) is the same for every ruleset.
pub(crate) trait Teller {
    /// The ruleset.
    type Rules: Ruleset;
    /// The combatants hidden from the players in `state`, with their names.
    fn hidden(state: &<Self::Rules as Ruleset>::State) -> BTreeSet<(CombatantId, String)>;
    /// The GM's lines for `event`.
    fn narrate(
        state: &<Self::Rules as Ruleset>::State,
        event: &<Self::Rules as Ruleset>::Event,
    ) -> Vec<String>;
    /// The lines the table may hear of `event`, or `None` for the GM alone.
    fn for_table(
        state: &<Self::Rules as Ruleset>::State,
        event: &<Self::Rules as Ruleset>::Event,
    ) -> Option<Vec<String>>;
    /// The combatant `event` reveals to the players, if it does.
    fn revealed(event: &<Self::Rules as Ruleset>::Event) -> Option<&CombatantId>;
}

/// Tells `events` (as `json`), starting from `before`, the state just
/// before the command, the way `T` tells its ruleset's events.
pub(crate) fn tell_as<T: Teller>(
    before: <T::Rules as Ruleset>::State,
    events: &[<T::Rules as Ruleset>::Event],
    json: &[Value],
) -> Told {
    let mut state = before;
    let mut told = Told::default();
    let (mut withheld, mut heard) = (false, false);
    for (event, value) in events.iter().zip(json) {
        let mut unseen = T::hidden(&state);
        let lines = T::narrate(&state, event);
        let shown = T::for_table(&state, event);
        T::Rules::evolve(&mut state, event);
        unseen.extend(T::hidden(&state));
        if let Some(id) = T::revealed(event) {
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

/// How Compound X is told.
struct CxTeller;

impl Teller for CxTeller {
    type Rules = CompoundX;
    fn hidden(state: &Battle) -> BTreeSet<(CombatantId, String)> {
        hidden(state)
    }
    fn narrate(state: &Battle, event: &Event) -> Vec<String> {
        narrate(state, event)
    }
    fn for_table(state: &Battle, event: &Event) -> Option<Vec<String>> {
        for_table(state, event)
    }
    fn revealed(event: &Event) -> Option<&CombatantId> {
        match event {
            Event::Clock(ClockEvent::HiddenSet { id, hidden: false }) => Some(id),
            _ => None,
        }
    }
}

/// Tells Compound X `events` (as `json`), starting from `before`, the
/// battle just before the command.
pub(crate) fn tell(before: Battle, events: &[Event], json: &[Value]) -> Told {
    tell_as::<CxTeller>(before, events, json)
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
        // An effect of a hidden combatant is the GM's; one that ends with
        // a hidden combatant's turn, the table hears ended, not whose turn
        // ended it (the typed bearer and expiry say whose: nothing is
        // searched for in the words).
        Event::Clock(ClockEvent::EffectEnded { id, .. }) => {
            let effect = state.clock.effects.iter().find(|e| &e.id == id)?;
            let hidden =
                |who: &CombatantId| state.clock.seats.iter().any(|s| &s.id == who && s.hidden);
            // A hidden combatant's own effect is the GM's alone.
            if hidden(&effect.bearer) {
                return None;
            }
            if effect.expiry.as_ref().is_some_and(|x| hidden(&x.at.of)) {
                Some(vec![format!("{} ended for {}", effect.name, effect.bearer)])
            } else {
                Some(narrate(state, event))
            }
        }
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
