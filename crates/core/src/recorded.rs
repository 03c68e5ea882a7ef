//! A dice source wrapper that remembers every die it handed out.

use nanite_dice::{DiceSource, DieRequest, DieRole, SourceError};

/// One die rolled while deciding a command.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RolledDie {
    /// Faces of the die.
    pub sides: u32,
    /// The face rolled.
    pub value: u32,
    /// What it was for ("accuracy", "armor", ...).
    pub purpose: String,
}

/// Wraps a source and records each die it rolls, in order.
pub struct RecordingDice<'a> {
    inner: &'a mut dyn DiceSource,
    rolled: Vec<RolledDie>,
}

impl<'a> RecordingDice<'a> {
    /// Records what `inner` rolls.
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        RecordingDice {
            inner,
            rolled: Vec::new(),
        }
    }

    /// The dice rolled so far.
    pub fn into_rolled(self) -> Vec<RolledDie> {
        self.rolled
    }
}

impl DiceSource for RecordingDice<'_> {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        let value = self.inner.roll(request)?;
        let purpose = match request.role {
            DieRole::Normal => request.purpose.to_string(),
            _ => nanite_dice::describe(request),
        };
        self.rolled.push(RolledDie {
            sides: request.sides,
            value,
            purpose,
        });
        Ok(value)
    }

    // The log keeps every purpose, whatever the source underneath.
    fn reads_purposes(&self) -> bool {
        true
    }
}
