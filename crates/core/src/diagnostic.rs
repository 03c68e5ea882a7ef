//! Problems found in user input, collected rather than thrown.
//!
//! A content pack or a character file can hold many mistakes at once; making a
//! user fix them one run at a time is cruel. Loaders and validators therefore
//! push every problem they find into [`Diagnostics`] and carry on, and the
//! caller decides what "has errors" means. Each diagnostic says where (file,
//! line, field), what, which rule if any, and how to fix it.

use std::fmt;

use serde::Serialize;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Severity {
    /// The input cannot be used as it is.
    Error,
    /// The input is usable but probably not what the user meant.
    Warning,
}

/// One problem in user input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The file it is in, when the input came from a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The 1-based line, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The dotted path of the field (`weapon.smg.brackets[1].miss`); empty for
    /// the whole input.
    pub field: String,
    /// What is wrong, in the user's terms.
    pub message: String,
    /// The rule that the input breaks, when one does (`CX-STAT-06`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// How to fix it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error about `field`.
    pub fn error(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, field, message)
    }

    /// A warning about `field`.
    pub fn warning(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, field, message)
    }

    fn new(severity: Severity, field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity,
            file: None,
            line: None,
            field: field.into(),
            message: message.into(),
            rule: None,
            help: None,
        }
    }

    /// Names the rule the input breaks.
    #[must_use]
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Says how to fix it.
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Places it in a file at a line.
    #[must_use]
    pub fn at(mut self, file: impl Into<String>, line: Option<usize>) -> Self {
        self.file = Some(file.into());
        self.line = line;
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{severity}: ")?;
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{file}:{line}: ")?,
            (Some(file), None) => write!(f, "{file}: ")?,
            _ => {}
        }
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        write!(f, "{}", self.message)?;
        if let Some(rule) = &self.rule {
            write!(f, " (rule {rule})")?;
        }
        if let Some(help) = &self.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

/// Every problem found in one piece of input, in the order found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// No problems yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a problem.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    /// Records an error about `field`.
    pub fn error(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.push(Diagnostic::error(field, message));
    }

    /// Records every problem of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
    }

    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    /// The number of errors.
    pub fn error_count(&self) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// Whether nothing was found at all.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The problems, in the order found.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// The number of problems.
    pub fn len(&self) -> usize {
        self.items.len()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.items {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_line_field_rule_and_fix() {
        let d = Diagnostic::error("stats.PER", "PER is 11, above the creation limit of 9")
            .rule("CX-STAT-06")
            .help("lower PER to 9 or less")
            .at("vex.toml", Some(7));
        assert_eq!(
            d.to_string(),
            "error: vex.toml:7: stats.PER: PER is 11, above the creation limit of 9 \
             (rule CX-STAT-06)\n  help: lower PER to 9 or less"
        );
    }

    #[test]
    fn warnings_are_not_errors() {
        let mut all = Diagnostics::new();
        all.push(Diagnostic::warning("stats", "2 stat points unspent"));
        assert!(!all.has_errors());
        all.error("race", "unknown race");
        assert!(all.has_errors());
        assert_eq!(all.error_count(), 1);
    }
}
