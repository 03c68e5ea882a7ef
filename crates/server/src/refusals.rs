//! Why a command was not carried out, in the API's words: the engine's
//! refusal with its message and details, the physical die still needed
//! (named by purpose), and, for a player, nothing of the combatants hidden
//! from them.

use nanite_compound_x::encounter::{Battle, Refusal};
use nanite_core::ScriptedDice;
use nanite_dice::SourceError;
use serde_json::{Value, json};

use crate::error::AppError;
use crate::permissions::Viewer;
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

/// The dice a scripted source was asked for, in order.
pub(crate) fn asked(dice: &ScriptedDice) -> Value {
    json!(
        dice.requests()
            .iter()
            .map(|(sides, purpose)| json!({ "sides": sides, "purpose": purpose }))
            .collect::<Vec<_>>()
    )
}

/// The API code for a dice source's failure.
pub(crate) fn source_code(e: &SourceError) -> &'static str {
    match e {
        SourceError::Exhausted { .. } => "dice_needed",
        SourceError::OutOfRange { .. } => "invalid_die",
        _ => "dice_unavailable",
    }
}

pub(crate) fn refused_with_dice(
    refusal: Refusal,
    viewer: &Viewer,
    battle: &Battle,
    dice: Option<&ScriptedDice>,
) -> AppError {
    if let (Refusal::Dice(message), Some(dice)) = (&refusal, dice) {
        return dice_refused(message, dice);
    }
    refused(refusal, viewer, Some(battle))
}

/// Typed-in dice the command did not use, as an API error (the command is
/// then taken back): the player enters exactly the dice asked for.
pub(crate) fn unused_dice(dice: Option<&ScriptedDice>) -> Option<AppError> {
    let s = dice.filter(|s| s.remaining() > 0)?;
    let used = s.requests().len();
    Some(
        AppError::unprocessable(
            "too_many_dice",
            format!(
                "{} dice were typed in but the command used {used}; enter exactly the dice asked for",
                used + s.remaining()
            ),
        )
        .with("asked", asked(s)),
    )
}

/// A command that ran out of typed-in dice, or was given an impossible
/// one (the engine's `message` says which), as an API error naming the die
/// still needed and what for. Every ruleset's dice are typed in alike.
pub(crate) fn dice_refused(message: &str, dice: &ScriptedDice) -> AppError {
    let (sides, purpose) = dice.requests().last().cloned().unwrap_or_default();
    let given = match dice.requests().len().saturating_sub(1) {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    };
    let (code, message) = if message.contains("impossible") {
        // The engine's words: which die, and the faces it has.
        (
            "invalid_die",
            format!("{message}; send the command again with it corrected"),
        )
    } else {
        (
            "dice_needed",
            format!(
                "the command needs a d{sides} for {purpose} after the {given} given; send it again with that die added to `dice`"
            ),
        )
    };
    AppError::unprocessable(code, message).with(
        "needed",
        json!({ "sides": sides, "purpose": purpose, "asked": asked(dice) }),
    )
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
