//! Human-readable rendering of a roll: every die, its fate, and the total.

use std::fmt;

use crate::roll::{DieRoll, Roll};

impl fmt::Display for DieRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.tens, self.ones) {
            (Some(t), Some(o)) => write!(f, "{} ({t:02}+{o})", self.value)?,
            _ => write!(f, "{}", self.value)?,
        }
        let mut notes = Vec::new();
        if self.rerolled {
            notes.push("rerolled");
        }
        if self.dropped {
            notes.push("dropped");
        }
        if self.exploded {
            notes.push("exploded");
        }
        match self.success {
            Some(true) => notes.push("success"),
            Some(false) => notes.push("fail"),
            None => {}
        }
        if !notes.is_empty() {
            write!(f, " {}", notes.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Display for Roll {
    /// `2d10+12 # strength` then one line per dice term, then the total:
    ///
    /// ```text
    /// 4d6kh3+2: 4d6kh3 [6, 5, 2 dropped, 3] = 14; total 16
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.expression)?;
        if let Some(label) = &self.label {
            write!(f, " # {label}")?;
        }
        f.write_str(":")?;
        for (i, term) in self.terms.iter().enumerate() {
            let dice: Vec<String> = self
                .dice
                .iter()
                .filter(|d| d.term as usize == i)
                .map(ToString::to_string)
                .collect();
            let sep = if i == 0 { " " } else { "; " };
            write!(
                f,
                "{sep}{} [{}] = {}",
                term.text,
                dice.join(", "),
                term.value
            )?;
        }
        let sep = if self.terms.is_empty() { " " } else { "; " };
        write!(f, "{sep}total {}", self.total)
    }
}
