//! How failures reach the user: `error: <message>` on stderr, then the
//! expression that failed with a caret `^` under the column at fault.

use std::fmt;
use std::io::{self, Write};

use nanite_dice::ErrorKind;

/// Longest expression echoed under an error that has no column to point at.
const MAX_ECHO_CHARS: usize = 80;

/// A dice error together with the expression, as typed, that caused it.
#[derive(Debug)]
pub(crate) struct ExpressionError {
    /// The expression exactly as the user typed it (label included).
    pub(crate) input: String,
    /// What went wrong.
    pub(crate) error: nanite_dice::Error,
}

impl fmt::Display for ExpressionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The expression itself is echoed on the following lines by `render`.
        self.error.fmt(f)
    }
}

impl std::error::Error for ExpressionError {}

impl ExpressionError {
    /// The 1-based character column the error points at, if it has one.
    fn column(&self) -> Option<usize> {
        match self.error.kind() {
            ErrorKind::Parse { column, .. }
            | ErrorKind::Invalid { column, .. }
            | ErrorKind::DivisionByZero { column }
            | ErrorKind::Overflow { column } => Some(*column),
            _ => None,
        }
    }
}

/// Whether `err` comes from writing to a pipe whose reader has gone away.
pub(crate) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

/// Writes `err` to stderr as [`render`] formats it.
pub(crate) fn report(err: &anyhow::Error) {
    // If stderr itself is gone there is nobody left to tell.
    let _ = io::stderr().lock().write_all(render(err).as_bytes());
}

/// `error: <message>`, its causes joined by `: `, and for an expression error
/// the expression (indented two spaces) with a caret under the column.
pub(crate) fn render(err: &anyhow::Error) -> String {
    let mut out = format!("error: {err:#}\n");
    if let Some(expr) = err.downcast_ref::<ExpressionError>() {
        match expr.column() {
            Some(column) => {
                out.push_str(&format!("  {}\n", echo(&expr.input)));
                out.push_str(&format!("  {}^\n", caret_padding(&expr.input, column)));
            }
            None => {
                let mut shown: String = echo(&expr.input).chars().take(MAX_ECHO_CHARS).collect();
                if expr.input.chars().count() > MAX_ECHO_CHARS {
                    shown.push_str("...");
                }
                out.push_str(&format!("  {shown}\n"));
            }
        }
    }
    out
}

/// The input on one line: tabs kept (so the caret lines up), other control
/// characters shown as spaces.
fn echo(input: &str) -> String {
    input
        .chars()
        .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
        .collect()
}

/// Whitespace that puts a caret under the 1-based character `column`.
fn caret_padding(input: &str, column: usize) -> String {
    let before = column.saturating_sub(1);
    let mut pad: String = input
        .chars()
        .take(before)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    // A column past the end (e.g. "input ended") points just after the text.
    let missing = before.saturating_sub(pad.chars().count());
    pad.extend(std::iter::repeat_n(' ', missing));
    pad
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;
    use nanite_dice::Expression;

    fn rendered(input: &str) -> String {
        let error = Expression::parse(input).expect_err("the input is invalid");
        render(
            &ExpressionError {
                input: input.to_string(),
                error,
            }
            .into(),
        )
    }

    #[test]
    fn caret_points_at_the_column() {
        expect![[r#"
            error: expected the number of sides after 'd' at column 3, found end of input
              2d
                ^
        "#]]
        .assert_eq(&rendered("2d"));
    }

    #[test]
    fn caret_keeps_tabs_aligned() {
        assert_eq!(caret_padding("\t2d", 4), "\t  ");
    }

    #[test]
    fn broken_pipe_is_found_through_context() {
        let err =
            anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe)).context("writing");
        assert!(is_broken_pipe(&err));
        assert!(!is_broken_pipe(&anyhow::anyhow!("no pipe here")));
    }
}
