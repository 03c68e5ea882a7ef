//! D20 checks: 1d20 plus an attribute bonus and a skill level (D20-CHK-01)
//! or the experience level (D20-CHK-02), meeting or beating a difficulty
//! (D20-CHK-03), opposed with ties re-rolled, and extended over in-game
//! time (D20-CHK-04, in [`extended`]).
//!
//! Every result keeps its breakdown: the die with its purpose, each
//! modifier with its source, the comparison and its outcome.

mod extended;
mod opposed;

pub use extended::{
    Extended, ExtendedError, ExtendedResult, ExtendedStep, MAX_EXTENDED_CHECKS, duration, extended,
};
pub use opposed::{MAX_TIES, Opposed, opposed, opposed_after};

use nanite_core::check::{Beats, Dc};
use nanite_core::{Breakdown, DiceSource, DieRequest, SourceError};
use serde::{Deserialize, Serialize};

use crate::attribute::Attribute;

/// D20 checks succeed when the total meets or beats the difficulty
/// (D20-CHK-03, the catalog's decision).
pub const BEATS: Beats = Beats::AtLeast;

/// The average difficulty of a check (D20-CHK-03).
pub const AVERAGE_DC: i64 = 10;

/// One modifier of a check, with its source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Where it comes from (`DEX 16 bonus`, `Melee Fighting level`).
    pub source: String,
    /// Its amount.
    pub amount: i64,
}

/// What a check adds to its d20, each part with its source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckSpec {
    /// What is checked (`Melee Fighting (DEX)`, `DEX`).
    pub label: String,
    /// The modifiers, in order.
    pub modifiers: Vec<Modifier>,
}

impl CheckSpec {
    /// A skill check: the attribute's bonus and the skill level (D20-CHK-01).
    pub fn skill(
        skill: &str,
        attribute: Attribute,
        score: i64,
        bonus: i64,
        level: i64,
        note: Option<&str>,
    ) -> CheckSpec {
        let why = note.map(|n| format!(", {n}")).unwrap_or_default();
        CheckSpec {
            label: format!("{skill} ({attribute})"),
            modifiers: vec![
                Modifier {
                    source: format!("{attribute} {score} bonus{why} (D20-CHK-01)"),
                    amount: bonus,
                },
                Modifier {
                    source: format!("{skill} level"),
                    amount: level,
                },
            ],
        }
    }

    /// A non-skill check: the attribute's bonus and the experience level
    /// (D20-CHK-02).
    pub fn attribute(attribute: Attribute, score: i64, bonus: i64, level: i64) -> CheckSpec {
        CheckSpec {
            label: attribute.key().to_string(),
            modifiers: vec![
                Modifier {
                    source: format!("{attribute} {score} bonus (D20-CHK-02)"),
                    amount: bonus,
                },
                Modifier {
                    source: "experience level (D20-CHK-02)".into(),
                    amount: level,
                },
            ],
        }
    }

    /// The same check with one more modifier.
    #[must_use]
    pub fn with(mut self, source: impl Into<String>, amount: i64) -> CheckSpec {
        self.modifiers.push(Modifier {
            source: source.into(),
            amount,
        });
        self
    }

    /// The sum of the modifiers.
    pub fn modifier(&self) -> i64 {
        self.modifiers.iter().map(|m| m.amount).sum()
    }

    /// Adds the modifiers to `b` (zero ones are left out).
    pub fn explain(&self, b: &mut Breakdown) {
        for m in &self.modifiers {
            b.modifier(&m.source, m.amount);
        }
    }
}

/// Rolls one d20 for `purpose`.
pub fn d20(dice: &mut dyn DiceSource, purpose: &str) -> Result<u32, SourceError> {
    dice.roll(&DieRequest::new(20, purpose))
}

/// A check as made against a difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// What was checked.
    pub label: String,
    /// The d20.
    pub die: u32,
    /// Die plus modifiers.
    pub total: i64,
    /// The difficulty, possibly hidden from the players.
    pub dc: Dc,
    /// Met or beaten.
    pub success: bool,
    /// How the total was reached and compared.
    pub breakdown: Breakdown,
}

/// Makes `spec` against `dc`: one d20 for `purpose`.
pub fn check(
    spec: &CheckSpec,
    dc: Dc,
    dice: &mut dyn DiceSource,
    purpose: &str,
) -> Result<CheckResult, SourceError> {
    let die = d20(dice, purpose)?;
    Ok(judge(spec, die, dc))
}

/// Judges a rolled `die` for `spec` against `dc`.
pub fn judge(spec: &CheckSpec, die: u32, dc: Dc) -> CheckResult {
    let total = i64::from(die) + spec.modifier();
    let success = BEATS.passes(total, dc.value);
    let mut b = Breakdown::new();
    b.die(format!("{} check", spec.label), 20, die);
    spec.explain(&mut b);
    b.value("total", total);
    b.compare(
        format!("total {total}"),
        BEATS.operator(success),
        format!("DC {}", dc.value),
        format!(
            "{} (meets or beats, D20-CHK-03)",
            if success { "success" } else { "failure" }
        ),
    );
    CheckResult {
        label: spec.label.clone(),
        die,
        total,
        dc,
        success,
        breakdown: b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nanite_core::ScriptedDice;

    #[test]
    fn a_tie_with_the_dc_succeeds() {
        // rule: D20-CHK-03
        let spec = CheckSpec::attribute(Attribute::Dex, 14, 2, 1);
        let r = check(&spec, Dc::open(10), &mut ScriptedDice::new([7]), "x").unwrap();
        assert_eq!((r.total, r.success), (10, true));
        let r = check(&spec, Dc::open(11), &mut ScriptedDice::new([7]), "x").unwrap();
        assert!(!r.success);
    }
}
