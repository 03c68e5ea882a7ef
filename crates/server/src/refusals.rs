//! Why a command was not carried out, in the API's words: the engine's
//! refusal with its message and details, the physical dice still needed
//! (every die of the command at once, `crate::physical`), and, for a
//! player, nothing of the combatants hidden from them.

use std::collections::BTreeSet;

use nanite_core::{CombatantId, Encounter, SeededDice};
use nanite_dice::SourceError;
use serde_json::Value;

use crate::error::AppError;
use crate::fought::Fought;
use crate::permissions::Viewer;
use crate::physical::{DiceTyped, Physical};

/// Refuses a player's command that names a combatant hidden from them, in
/// the words the engine uses for one that is not there at all.
pub(crate) fn unseen_targets<R: Fought>(state: &R::State, json: &Value) -> Result<(), AppError> {
    for (id, _) in R::hidden(state) {
        if names(json, id.as_str()) {
            return Err(nobody(id.as_str(), R::clock(state)));
        }
    }
    Ok(())
}

/// A player's command naming `id`, hidden from them or not there at all,
/// refused in the engine's words for one that is not there, with the ids
/// they may name: the combatants of `clock` not hidden from them.
pub(crate) fn nobody<P>(id: &str, clock: &Encounter<P>) -> AppError {
    let known: Vec<String> = clock
        .seats
        .iter()
        .filter(|s| !s.hidden)
        .map(|s| s.id.to_string())
        .collect();
    AppError::unprocessable(
        "refused",
        format!(
            "nobody called '{id}' is in this fight (known: {})",
            known.join(", ")
        ),
    )
}

/// Whether a command's JSON names `id` anywhere.
pub(crate) fn names(value: &Value, id: &str) -> bool {
    match value {
        Value::String(s) => s == id,
        Value::Array(items) => items.iter().any(|v| names(v, id)),
        Value::Object(map) => map.values().any(|v| names(v, id)),
        _ => false,
    }
}

/// The API code for a dice source's failure.
pub(crate) fn source_code(e: &SourceError) -> &'static str {
    match e {
        SourceError::Exhausted { .. } => "dice_needed",
        SourceError::OutOfRange { .. } => "invalid_die",
        _ => "dice_unavailable",
    }
}

/// The engine's refusal as an API error; a command refused for its
/// physical dice answers with every die it needs, worked out by a dry run
/// of `command` on `battle` (`physical::dice_refused`). A player while
/// someone is hidden from them is given the rules' words on the fight as
/// they know it ([`as_they_know`]).
pub(crate) fn refused_with_dice<R: Fought>(
    refusal: R::Error,
    viewer: &Viewer,
    state: &R::State,
    dice: Option<(&Physical, &DiceTyped)>,
    command: &R::Command,
    mine: &dyn Fn(&str) -> bool,
) -> AppError {
    if let (Some(message), Some((physical, typed))) = (R::wants_dice(&refusal), dice) {
        return crate::physical::refused_dice(
            message,
            physical,
            typed,
            viewer.is_gm(),
            mine,
            |d| {
                let _ = R::decide(state, command, d);
            },
        );
    }
    match as_they_know::<R>(refusal, viewer, state, command) {
        Some(refusal) => refused::<R>(refusal, viewer, Some(state)),
        None => ask_the_gm(),
    }
}

/// The engine's words (`why`) are about the fight it decided. For a player
/// while someone is hidden from them, the command is decided again on the
/// fight as they know it (the hidden combatants left), so the words can
/// only be about what they may know; none when that fight would take the
/// command (the refusal is about something hidden from them). A refusal
/// with no words of the engine's, and the GM's, stay as they are.
fn as_they_know<R: Fought>(
    refusal: R::Error,
    viewer: &Viewer,
    state: &R::State,
    command: &R::Command,
) -> Option<R::Error> {
    if viewer.is_gm() || !R::worded(&refusal) || R::hidden(state).is_empty() {
        return Some(refusal);
    }
    let known = nanite_core::table::without_hidden::<R, _>(state, R::clock(state), R::leave);
    // The probe's dice never leave this function.
    R::decide(&known, command, &mut SeededDice::new(0)).err()
}

/// A refusal a player may not be told the reason of.
pub(crate) fn ask_the_gm() -> AppError {
    AppError::unprocessable(
        "refused",
        "the rules refuse this command now; ask the GM why",
    )
}

/// The engine's refusal as an API error: its message names what is wrong
/// and the fix. A player is not told of combatants hidden from them: the
/// refusal names its combatants as data (`Refusal::mentions`), and one
/// that names a combatant hidden from the player tells them to ask the GM.
/// The GM's is the engine's own.
pub(crate) fn refused<R: Fought>(
    refusal: R::Error,
    viewer: &Viewer,
    state: Option<&R::State>,
) -> AppError {
    let Some(state) = state.filter(|_| !viewer.is_gm()) else {
        return told(
            &R::mentions(&refusal),
            &BTreeSet::new(),
            refusal.to_string(),
            serde_json::to_value(&refusal),
        );
    };
    if let Some(id) = R::unknown(&refusal) {
        return nobody(id.as_str(), R::clock(state));
    }
    let hidden: BTreeSet<CombatantId> = R::hidden(state).into_iter().map(|(id, _)| id).collect();
    told(
        &R::mentions(&refusal),
        &hidden,
        refusal.to_string(),
        serde_json::to_value(&refusal),
    )
}

/// A refusal of any ruleset as its viewer is told it: the engine's message
/// and details, unless it `mentions` (as data) a combatant `hidden` from
/// the viewer (none for the GM).
pub(crate) fn told(
    mentions: &[&CombatantId],
    hidden: &BTreeSet<CombatantId>,
    message: String,
    details: serde_json::Result<Value>,
) -> AppError {
    if mentions.iter().any(|id| hidden.contains(*id)) {
        return ask_the_gm();
    }
    AppError::unprocessable("refused", message).with("refusal", details.unwrap_or(Value::Null))
}
