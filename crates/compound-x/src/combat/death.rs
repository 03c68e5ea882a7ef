//! Death saving throws and their allowance (CX-DEATH-03, CX-DEATH-04), and
//! revives (CX-DEATH-06).

use serde::{Deserialize, Serialize};

/// The DC of a death saving throw: d100, no modifiers (CX-DEATH-03).
pub const DEATH_SAVE_DC: i64 = 50;
/// The most death saves a character can have (CX-DEATH-04).
pub const MAX_DEATH_SAVES: u32 = 3;

/// A character's death-save record, kept between encounters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSaves {
    /// Saves granted at the next downing (3, 2 after a failure, 1 after
    /// failures in two downings).
    pub allowance: u32,
    /// Failures in the current downing.
    pub failures: u32,
    /// Whether any save failed in this encounter (no regain at its end).
    pub failed_this_encounter: bool,
    /// Whether a save failed during the current downing.
    pub failed_this_downing: bool,
}

impl Default for DeathSaves {
    fn default() -> Self {
        Self {
            allowance: MAX_DEATH_SAVES,
            failures: 0,
            failed_this_encounter: false,
            failed_this_downing: false,
        }
    }
}

/// The outcome of one death save.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeathSaveOutcome {
    /// Still bleeding out.
    Survived,
    /// Failed, but saves remain.
    Failed {
        /// Saves left in this downing.
        left: u32,
    },
    /// The last allowed failure: dead.
    Died,
}

impl DeathSaves {
    /// Judges a death save roll (strictly greater than 50 succeeds, CX-DICE-03).
    pub fn judge(&self, roll: u32) -> DeathSaveOutcome {
        if i64::from(roll) > DEATH_SAVE_DC {
            DeathSaveOutcome::Survived
        } else if self.failures + 1 >= self.allowance {
            DeathSaveOutcome::Died
        } else {
            DeathSaveOutcome::Failed {
                left: self.allowance - self.failures - 1,
            }
        }
    }

    /// Records a save.
    pub fn record(&mut self, outcome: DeathSaveOutcome) {
        if outcome != DeathSaveOutcome::Survived {
            self.failures += 1;
            self.failed_this_encounter = true;
            self.failed_this_downing = true;
        }
    }

    /// The character got back up (stabilized): a downing with a failure
    /// lowers the next allowance by one, to at least 1 (CX-DEATH-04).
    pub fn back_up(&mut self) {
        if self.failed_this_downing {
            self.allowance = self.allowance.saturating_sub(1).max(1);
        }
        self.failures = 0;
        self.failed_this_downing = false;
    }

    /// The allowance carried into the next fight once this one is over
    /// (CX-DEATH-04): one regained if no save failed in it (up to 3), and a
    /// downing still under way that had a failure counts as one that did.
    pub fn after_encounter(&self) -> u32 {
        let mut next = *self;
        next.encounter_ended();
        if next.failed_this_downing {
            next.back_up();
        }
        next.allowance
    }

    /// The encounter ended: without a failed save, one save is regained, up
    /// to 3 (CX-DEATH-04).
    pub fn encounter_ended(&mut self) {
        if !self.failed_this_encounter {
            self.allowance = (self.allowance + 1).min(MAX_DEATH_SAVES);
        }
        self.failed_this_encounter = false;
    }
}

/// Revives per encounter before a stabilized target stays unconscious:
/// max(2, FORT / 2) (CX-DEATH-06).
pub fn revives_allowed(fortitude: i64) -> i64 {
    (fortitude / 2).max(2)
}
