//! Why a command was not carried out, in the API's words: the engine's
//! refusal with its message and details, the physical dice still needed
//! (every die of the command at once, `crate::physical`), and, for a
//! player, nothing of the combatants hidden from them.

use nanite_compound_x::encounter::{Battle, Command, CompoundX, Refusal};
use nanite_core::Ruleset as _;
use nanite_dice::SourceError;
use serde_json::Value;

use crate::error::AppError;
use crate::permissions::Viewer;
use crate::physical::{DiceTyped, Physical};
use crate::told;

/// Refuses a player's command that names a combatant hidden from them, in
/// the words the engine uses for one that is not there at all.
pub(crate) fn unseen_targets(battle: &Battle, json: &Value) -> Result<(), AppError> {
    for (id, _) in told::hidden(battle) {
        if names(json, id.as_str()) {
            let known: Vec<String> = battle
                .clock
                .seats
                .iter()
                .filter(|s| !s.hidden)
                .map(|s| s.id.to_string())
                .collect();
            return Err(AppError::unprocessable(
                "refused",
                format!(
                    "nobody called '{id}' is in this fight (known: {})",
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

fn names(value: &Value, id: &str) -> bool {
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
/// of `command` on `battle` (`physical::dice_refused`).
pub(crate) fn refused_with_dice(
    refusal: Refusal,
    viewer: &Viewer,
    battle: &Battle,
    dice: Option<(&Physical, &DiceTyped)>,
    command: &Command,
    mine: &dyn Fn(&str) -> bool,
) -> AppError {
    if let (Refusal::Dice(message), Some((physical, typed))) = (&refusal, dice) {
        return crate::physical::refused_dice(
            message,
            physical,
            typed,
            viewer.is_gm(),
            mine,
            |d| {
                let _ = CompoundX::decide(battle, command, d);
            },
        );
    }
    refused(refusal, viewer, Some(battle))
}

/// The engine's refusal as an API error: its message names what is wrong
/// and the fix. A player is not told of combatants hidden from them.
pub(crate) fn refused(refusal: Refusal, viewer: &Viewer, battle: Option<&Battle>) -> AppError {
    if let (Refusal::Unknown { id, .. }, Some(battle), false) = (&refusal, battle, viewer.is_gm()) {
        let known: Vec<String> = battle
            .clock
            .seats
            .iter()
            .filter(|s| !s.hidden)
            .map(|s| s.id.to_string())
            .collect();
        return AppError::unprocessable(
            "refused",
            format!(
                "nobody called '{id}' is in this fight (known: {})",
                known.join(", ")
            ),
        );
    }
    let details = serde_json::to_value(&refusal).unwrap_or(Value::Null);
    let message = refusal.to_string();
    if let (Some(battle), false) = (battle, viewer.is_gm()) {
        let leaks = told::hidden(battle).iter().any(|(id, name)| {
            names(&details, id.as_str()) || (!name.is_empty() && message.contains(name.as_str()))
        });
        if leaks {
            return AppError::unprocessable(
                "refused",
                "the rules refuse this command now; ask the GM why",
            );
        }
    }
    AppError::unprocessable("refused", message).with("refusal", details)
}
