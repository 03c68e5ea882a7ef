//! Typed errors for parsing, rolling and computing distributions.
//!
//! Messages speak to the person who typed the expression: what was wrong, where,
//! and how to fix it.

use std::fmt;

/// Everything that can go wrong in this crate.
///
/// The kind is boxed so that `Result<T, Error>` stays two words wide and the
/// parser and roller pass results in registers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct Error {
    kind: Box<ErrorKind>,
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

/// The kinds of [`Error`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The expression could not be parsed.
    Parse {
        /// 1-based column (in characters) where the problem was found.
        column: usize,
        /// What was found there.
        found: String,
        /// What the parser expected, or what is wrong.
        expected: String,
    },
    /// The expression is semantically invalid (e.g. `d0`, `2d6kh3`).
    Invalid {
        /// 1-based column of the offending term.
        column: usize,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// A limit of [`crate::limits`] was exceeded.
    Limit {
        /// Which limit, in words, with its value.
        limit: String,
        /// What the input asked for.
        detail: String,
    },
    /// A variable was used but not bound by the caller.
    UnboundVariable {
        /// The variable's name.
        name: String,
    },
    /// Division by zero while evaluating.
    DivisionByZero {
        /// 1-based column of the `/`.
        column: usize,
    },
    /// An intermediate value left the range of a 64-bit integer.
    Overflow {
        /// 1-based column of the operation.
        column: usize,
    },
    /// The dice source could not provide a die.
    Source(SourceError),
}

/// Failures of a [`crate::DiceSource`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SourceError {
    /// A physical die result outside `1..=sides`.
    OutOfRange {
        /// The value supplied.
        value: i64,
        /// The die's sides.
        sides: u32,
        /// What the die was for.
        purpose: String,
    },
    /// The scripted dice ran out before the roll was complete.
    Exhausted {
        /// The die that was asked for.
        sides: u32,
        /// What the die was for.
        purpose: String,
        /// How many dice had been supplied and used.
        used: usize,
    },
    /// The operating system refused to give entropy.
    Entropy(String),
    /// Whoever supplies the dice stopped (end of input, an I/O error).
    Unavailable(String),
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SourceError::OutOfRange {
                value,
                sides,
                purpose,
            } => write!(
                f,
                "die result {value} is impossible on a d{sides} (for {purpose}); enter a value from 1 to {sides}"
            ),
            SourceError::Exhausted {
                sides,
                purpose,
                used,
            } => {
                let supplied = if *used == 1 {
                    "1 die was".to_string()
                } else {
                    format!("{used} dice were")
                };
                write!(
                    f,
                    "the roll needs another d{sides} (for {purpose}) but only {supplied} supplied; supply more dice"
                )
            }
            SourceError::Unavailable(why) => f.write_str(why),
            SourceError::Entropy(e) => write!(f, "the operating system gave no randomness: {e}"),
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Parse {
                column,
                found,
                expected,
            } => {
                write!(f, "expected {expected} at column {column}, found {found}")
            }
            ErrorKind::Invalid { column, message } => write!(f, "{message} (column {column})"),
            ErrorKind::Limit { limit, detail } => write!(f, "{detail}: over the limit of {limit}"),
            ErrorKind::UnboundVariable { name } => write!(
                f,
                "variable {name} has no value; bind {name} before evaluating the formula"
            ),
            ErrorKind::DivisionByZero { column } => {
                write!(f, "division by zero at column {column}")
            }
            ErrorKind::Overflow { column } => write!(
                f,
                "the result at column {column} does not fit in a 64-bit integer"
            ),
            ErrorKind::Source(e) => e.fmt(f),
        }
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error {
            kind: Box::new(kind),
        }
    }
}

impl From<SourceError> for Error {
    fn from(e: SourceError) -> Self {
        Error {
            kind: Box::new(ErrorKind::Source(e)),
        }
    }
}

impl Error {
    pub(crate) fn limit(limit: impl Into<String>, detail: impl Into<String>) -> Self {
        ErrorKind::Limit {
            limit: limit.into(),
            detail: detail.into(),
        }
        .into()
    }

    pub(crate) fn invalid(column: usize, message: impl Into<String>) -> Self {
        ErrorKind::Invalid {
            column,
            message: message.into(),
        }
        .into()
    }
}
