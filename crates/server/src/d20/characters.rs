//! D20 character files in a campaign: read and validated exactly as
//! `nanite d20 sheet` reads them (every problem with its file, line, field
//! and rule), and the computed sheet under the campaign's settings.

use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;
use nanite_d20::{Character, Pack, Sheet, validate};
use serde_json::Value;

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
        return Err(crate::diagnosed::refused(
            "invalid_character",
            &found,
            |count, first| {
                format!("{file} has {count} (the checks of `nanite d20 sheet`); the first: {first}")
            },
        ));
    }
    Ok((character, found))
}

/// The computed sheet of a valid character under `campaign`'s settings.
pub(crate) fn sheet(character: &Character, pack: &Pack, campaign: &nanite_d20::Campaign) -> Value {
    serde_json::to_value(Sheet::compute(character, pack, campaign)).unwrap_or(Value::Null)
}
