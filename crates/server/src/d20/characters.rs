//! D20 character files in a campaign: read and validated exactly as
//! `nanite d20 sheet` reads them (every problem with its file, line, field
//! and rule), and the computed sheet under the campaign's settings.

use nanite_core::content::SourceFile;
use nanite_core::{Diagnostics, Severity};
use nanite_d20::{Character, Pack, Sheet, validate};
use serde_json::{Value, json};

use crate::error::AppError;

/// Reads and validates a D20 character file as [`check`] does, returning
/// every problem instead of refusing (a pack switch's preview lists them).
pub(crate) fn read_checked(pack: &Pack, file: &str, text: &str) -> (Character, Diagnostics) {
    let (character, mut found) = Character::read(&SourceFile::new(file, text));
    if !found.has_errors() {
        found.extend(validate(&character, pack));
    }
    (character, found)
}

/// Reads and validates a D20 character file. Errors come back as a 422
/// listing every diagnostic with its rule; warnings with the character.
pub(crate) fn check(
    pack: &Pack,
    file: &str,
    text: &str,
) -> Result<(Character, Diagnostics), AppError> {
    let (character, found) = read_checked(pack, file, text);
    if found.has_errors() {
        let errors = found.error_count();
        let first = found
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.to_string())
            .unwrap_or_default();
        return Err(AppError::unprocessable(
            "invalid_character",
            format!(
                "{file} has {errors} error{} (the checks of `nanite d20 sheet`); the first: {first}",
                if errors == 1 { "" } else { "s" }
            ),
        )
        .with("diagnostics", json!(found)));
    }
    Ok((character, found))
}

/// The computed sheet of a valid character under `campaign`'s settings.
pub(crate) fn sheet(character: &Character, pack: &Pack, campaign: &nanite_d20::Campaign) -> Value {
    serde_json::to_value(Sheet::compute(character, pack, campaign)).unwrap_or(Value::Null)
}
