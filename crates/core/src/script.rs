//! What every ruleset's text command language (`vex fire burst raider`,
//! `kara attack raider`) shares: the error of a line that does not read,
//! with the column at fault. Each ruleset parses its own language.

/// A line that does not read (or names what its combatant does not
/// have), with what was expected, where, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// What is wrong: what was expected and what was found.
    pub message: String,
    /// How to write it: the form of the command, with an example.
    pub help: String,
    /// The column (in characters, from 1) of the word at fault, or just past
    /// the end when a word is missing; none when the fault is not one word
    /// (a weapon its combatant does not carry).
    pub column: Option<usize>,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.column {
            Some(c) => write!(f, "column {c}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for LineError {}

impl LineError {
    /// The error under its line: the line, a caret at the column at fault
    /// (when there is one), what is wrong and how to write it.
    pub fn under(&self, line: &str) -> String {
        match self.column {
            Some(c) => format!(
                "{line}\n{:>width$}\n{}\n  {}",
                "^",
                self.message,
                self.help,
                width = c
            ),
            None => format!("{}\n  {}", self.message, self.help),
        }
    }
}
