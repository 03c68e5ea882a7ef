//! Itemised explanations of a resolution: modifiers, dice, comparisons.
//!
//! A GM must be able to see why a shot missed. A [`Breakdown`] lists, in
//! order, every modifier with its source, every die with its purpose and every
//! comparison with its outcome, and renders as one readable line per step.
//! Hot paths compute numbers first and build the breakdown only when asked.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// A value and where it came from ("base miss chance 4, bracket 0-10 m").
    Value {
        /// What the value is.
        what: String,
        /// The value.
        value: i64,
    },
    /// A modifier with its source ("partial cover +2").
    Modifier {
        /// Where it comes from.
        source: String,
        /// Its amount.
        amount: i64,
    },
    /// A die with its purpose.
    Die {
        /// What it was rolled for.
        purpose: String,
        /// Its faces.
        sides: u32,
        /// What it showed.
        value: u32,
    },
    /// A comparison and its outcome ("d10 7 > miss chance 6: hit").
    Compare {
        /// The left side's name and value.
        left: String,
        /// The operator as shown (">", "<=", ">=").
        op: String,
        /// The right side's name and value.
        right: String,
        /// The outcome in words.
        outcome: String,
    },
    /// Anything else worth saying.
    Note {
        /// The text.
        text: String,
    },
}

/// An ordered explanation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Breakdown {
    steps: Vec<Step>,
}

impl Breakdown {
    /// An empty explanation.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a value.
    pub fn value(&mut self, what: impl Into<String>, value: i64) {
        self.steps.push(Step::Value {
            what: what.into(),
            value,
        });
    }

    /// Adds a modifier (zero modifiers are skipped).
    pub fn modifier(&mut self, source: impl Into<String>, amount: i64) {
        if amount != 0 {
            self.steps.push(Step::Modifier {
                source: source.into(),
                amount,
            });
        }
    }

    /// Adds a die.
    pub fn die(&mut self, purpose: impl Into<String>, sides: u32, value: u32) {
        self.steps.push(Step::Die {
            purpose: purpose.into(),
            sides,
            value,
        });
    }

    /// Adds a comparison.
    pub fn compare(
        &mut self,
        left: impl Into<String>,
        op: &str,
        right: impl Into<String>,
        outcome: impl Into<String>,
    ) {
        self.steps.push(Step::Compare {
            left: left.into(),
            op: op.to_string(),
            right: right.into(),
            outcome: outcome.into(),
        });
    }

    /// Adds a note.
    pub fn note(&mut self, text: impl Into<String>) {
        self.steps.push(Step::Note { text: text.into() });
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Appends another explanation.
    pub fn extend(&mut self, other: Breakdown) {
        self.steps.extend(other.steps);
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Value { what, value } => write!(f, "{what}: {value}"),
            Step::Modifier { source, amount } => write!(f, "  {amount:+} {source}"),
            Step::Die {
                purpose,
                sides,
                value,
            } => write!(f, "d{sides} = {value} ({purpose})"),
            Step::Compare {
                left,
                op,
                right,
                outcome,
            } => write!(f, "{left} {op} {right}: {outcome}"),
            Step::Note { text } => f.write_str(text),
        }
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            writeln!(f, "{step}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_one_line_per_step() {
        let mut b = Breakdown::new();
        b.value("base miss chance (0-10 m)", 4);
        b.modifier("partial cover", 2);
        b.modifier("nothing", 0);
        b.die("accuracy", 10, 7);
        b.compare("d10 7", ">", "miss chance 6", "hit");
        assert_eq!(
            b.to_string(),
            "base miss chance (0-10 m): 4\n  +2 partial cover\nd10 = 7 (accuracy)\nd10 7 > miss chance 6: hit\n"
        );
    }
}
