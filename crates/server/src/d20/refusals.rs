//! A D20 refusal in the API's words, and for a player nothing of the
//! combatants hidden from them (the same shape as Compound X's refusals).

use nanite_core::Ruleset as _;
use nanite_d20::encounter::{Battle, Command, D20, Refusal};
use serde_json::Value;

use super::told;
use crate::error::AppError;
use crate::permissions::Viewer;
use crate::physical::{DiceTyped, Physical};

/// The ids a player may name: the combatants not hidden from them.
fn known(battle: &Battle) -> Vec<String> {
    battle
        .clock
        .seats
        .iter()
        .filter(|s| !s.hidden)
        .map(|s| s.id.to_string())
        .collect()
}

fn nobody(id: &str, battle: &Battle) -> AppError {
    AppError::unprocessable(
        "refused",
        format!(
            "nobody called '{id}' is in this fight (known: {})",
            known(battle).join(", ")
        ),
    )
}

fn names(value: &Value, id: &str) -> bool {
    match value {
        Value::String(s) => s == id,
        Value::Array(items) => items.iter().any(|v| names(v, id)),
        Value::Object(map) => map.values().any(|v| names(v, id)),
        _ => false,
    }
}

/// Refuses a player's command that names a combatant hidden from them, in
/// the words the engine uses for one that is not there at all.
pub(crate) fn unseen_targets(battle: &Battle, json: &Value) -> Result<(), AppError> {
    match told::hidden(battle)
        .into_iter()
        .find(|(id, _)| names(json, id.as_str()))
    {
        Some((id, _)) => Err(nobody(id.as_str(), battle)),
        None => Ok(()),
    }
}

/// The engine's refusal as an API error, with every die the command needs
/// when the dice were typed in (a dry run of `command` on `battle`).
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
                let _ = D20::decide(battle, command, d);
            },
        );
    }
    refused(refusal, viewer, Some(battle))
}

/// The engine's refusal as an API error: its message names what is wrong
/// and the fix. A player is not told of combatants hidden from them.
pub(crate) fn refused(refusal: Refusal, viewer: &Viewer, battle: Option<&Battle>) -> AppError {
    if let (Refusal::Unknown { id, .. }, Some(battle), false) = (&refusal, battle, viewer.is_gm()) {
        return nobody(id.as_str(), battle);
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
