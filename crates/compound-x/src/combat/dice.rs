//! Asking the dice source for the dice of a resolution, each with its purpose.

use nanite_dice::{DiceSource, DieRequest, DieRole, SourceError};

/// Rolls one die of `sides` for the purpose `purpose` builds. The purpose is
/// only composed when the source reads it (a prompt, a log), not for a
/// seeded simulation.
pub(crate) fn die(
    source: &mut dyn DiceSource,
    sides: u32,
    purpose: impl FnOnce() -> String,
) -> Result<u32, SourceError> {
    if source.reads_purposes() {
        let text = purpose();
        source.roll(&DieRequest::new(sides, &text))
    } else {
        source.roll(&DieRequest::new(sides, ""))
    }
}

/// Rolls a d100 as two d10, tens and ones; 00 and 0 read 100 (CX-DICE-01).
pub fn d100(
    source: &mut dyn DiceSource,
    purpose: impl FnOnce() -> String,
) -> Result<u32, SourceError> {
    let (tens, ones) = if source.reads_purposes() {
        let text = purpose();
        let tens = source.roll(&DieRequest {
            sides: 10,
            purpose: &text,
            role: DieRole::Tens,
        })?;
        let ones = source.roll(&DieRequest {
            sides: 10,
            purpose: &text,
            role: DieRole::Ones,
        })?;
        (tens, ones)
    } else {
        let tens = source.roll(&DieRequest {
            sides: 10,
            purpose: "",
            role: DieRole::Tens,
        })?;
        let ones = source.roll(&DieRequest {
            sides: 10,
            purpose: "",
            role: DieRole::Ones,
        })?;
        (tens, ones)
    };
    let read = (tens % 10) * 10 + ones % 10;
    Ok(if read == 0 { 100 } else { read })
}

/// Rolls one d10 for `purpose`.
pub fn d10(
    source: &mut dyn DiceSource,
    purpose: impl FnOnce() -> String,
) -> Result<u32, SourceError> {
    die(source, 10, purpose)
}
