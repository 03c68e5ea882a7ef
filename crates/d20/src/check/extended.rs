//! Extended checks (D20-CHK-04): a threshold and a time per check; the
//! totals accumulate until they reach the threshold. Only a maximum number
//! of checks, set by the GM, makes one fail.

use nanite_core::{Breakdown, DiceSource, SourceError};
use serde::{Deserialize, Serialize};

use super::{CheckSpec, d20};

/// nanite stops an extended check after this many checks even without a
/// GM's maximum, so that no input can make it roll forever.
pub const MAX_EXTENDED_CHECKS: u32 = 1000;

/// The terms of an extended check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extended {
    /// The accumulated total to reach.
    pub threshold: i64,
    /// In-game minutes each check takes.
    pub minutes_per_check: i64,
    /// The GM's maximum number of checks, if any (the only way to fail).
    pub max_checks: Option<u32>,
}

/// One check of an extended check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtendedStep {
    /// The d20.
    pub die: u32,
    /// Its total (die plus modifiers).
    pub total: i64,
    /// What it adds to the accumulated total (a negative total adds 0).
    pub adds: i64,
    /// The accumulated total after it.
    pub accumulated: i64,
    /// In-game minutes since the start, when it is done.
    pub minutes: i64,
}

/// An extended check as made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtendedResult {
    /// The terms.
    pub terms: Extended,
    /// Every check, in order.
    pub steps: Vec<ExtendedStep>,
    /// The threshold was reached.
    pub reached: bool,
    /// In-game minutes it took.
    pub minutes: i64,
    /// How it went.
    pub breakdown: Breakdown,
}

/// Why an extended check cannot be made. No die was rolled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExtendedError {
    /// Even a natural 20 adds nothing: it could never end.
    #[error("{label} can never reach {threshold}: even a natural 20 totals {best} (D20-CHK-04)")]
    Hopeless {
        /// What is checked.
        label: String,
        /// The threshold.
        threshold: i64,
        /// The best total one check can give.
        best: i64,
    },
    /// The terms make no sense.
    #[error("{0}")]
    Terms(String),
    /// The dice ran out.
    #[error("no die: {0}")]
    Dice(String),
}

impl From<SourceError> for ExtendedError {
    fn from(e: SourceError) -> Self {
        ExtendedError::Dice(e.to_string())
    }
}

/// Makes `spec` again and again, `terms.minutes_per_check` of in-game time
/// each, until the accumulated totals reach the threshold or the GM's
/// maximum number of checks is used up (D20-CHK-04).
pub fn extended(
    spec: &CheckSpec,
    terms: Extended,
    dice: &mut dyn DiceSource,
    who: &str,
) -> Result<ExtendedResult, ExtendedError> {
    use crate::limits::{MAX_CHECKS, MINUTES_PER_CHECK, THRESHOLD, within};
    within("the threshold", terms.threshold, &THRESHOLD).map_err(ExtendedError::Terms)?;
    within(
        "the minutes per check",
        terms.minutes_per_check,
        &MINUTES_PER_CHECK,
    )
    .map_err(ExtendedError::Terms)?;
    if let Some(max) = terms.max_checks {
        within("the maximum number of checks", max, &MAX_CHECKS).map_err(|why| {
            ExtendedError::Terms(if max == 0 {
                format!("{why}: a maximum of 0 checks allows no check at all")
            } else {
                why
            })
        })?;
    }
    let best = 20 + spec.modifier();
    if best < 1 {
        return Err(ExtendedError::Hopeless {
            label: spec.label.clone(),
            threshold: terms.threshold,
            best,
        });
    }
    let limit = terms
        .max_checks
        .unwrap_or(MAX_EXTENDED_CHECKS)
        .min(MAX_EXTENDED_CHECKS);
    let mut b = Breakdown::new();
    b.value(
        format!(
            "{} extended check: threshold ({} min a check{})",
            spec.label,
            terms.minutes_per_check,
            terms
                .max_checks
                .map(|m| format!(", at most {m} checks"))
                .unwrap_or_default()
        ),
        terms.threshold,
    );
    let mut steps: Vec<ExtendedStep> = Vec::new();
    let mut accumulated = 0;
    let mut reached = false;
    for n in 1..=limit {
        let die = d20(dice, &format!("{} check {n} for {who}", spec.label))?;
        let total = i64::from(die) + spec.modifier();
        let adds = total.max(0);
        accumulated += adds;
        let minutes = i64::from(n) * terms.minutes_per_check;
        b.die(format!("{} check {n}", spec.label), 20, die);
        spec.explain(&mut b);
        b.note(format!(
            "check {n}: total {total}, accumulated {accumulated} after {}",
            duration(minutes)
        ));
        steps.push(ExtendedStep {
            die,
            total,
            adds,
            accumulated,
            minutes,
        });
        if accumulated >= terms.threshold {
            reached = true;
            break;
        }
    }
    let minutes = steps.last().map_or(0, |s| s.minutes);
    b.compare(
        format!("accumulated {accumulated}"),
        if reached { ">=" } else { "<" },
        format!("threshold {}", terms.threshold),
        if reached {
            format!(
                "reached after {} check(s), {} (D20-CHK-04)",
                steps.len(),
                duration(minutes)
            )
        } else if terms.max_checks.is_some() {
            format!(
                "failed: the GM's {} check(s) are used up (D20-CHK-04)",
                steps.len()
            )
        } else {
            format!("stopped after nanite's limit of {MAX_EXTENDED_CHECKS} checks")
        },
    );
    Ok(ExtendedResult {
        terms,
        steps,
        reached,
        minutes,
        breakdown: b,
    })
}

/// Minutes in words: `90 min`, `3 h`, `2 h 30 min`.
pub fn duration(minutes: i64) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}
