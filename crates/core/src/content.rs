//! Reading TOML content (packs, character files) with every problem reported.
//!
//! Serde-style decoding stops at the first mistake and rarely knows the line.
//! Content is read here instead through [`Fields`]: a view of one TOML table
//! that hands out typed values by key, records a diagnostic with file, line and
//! dotted field path for each missing, mistyped or unknown field, and carries on.
//! A loader reads everything it can, and the caller gets the result together
//! with all the problems at once.
//!
//! Unknown fields are errors, with the closest known field suggested: a typo
//! such as `magazin` must not silently lose the magazine.
//!
//! Content carries a format version ([`check_format`]), so that a file written
//! for a newer nanite is refused with a clear message rather than misread.

mod fields;
mod pack;

pub use fields::{Fields, Item};
pub use pack::{
    Definitions, PackInfo, PackReading, check_entry_id, is_manifest, read_pack, source_files,
};

use std::cell::RefCell;

use crate::diagnostic::{Diagnostic, Diagnostics};

/// One TOML file's name and text, with a line index for error positions.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// A file called `name` (as the user should see it) holding `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The name given to the file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The text of the file.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset)
    }
}

/// A diagnostics sink bound to one file: every problem is placed in it.
#[derive(Debug)]
pub struct Reading<'s> {
    file: &'s SourceFile,
    found: RefCell<Diagnostics>,
}

impl<'s> Reading<'s> {
    /// Starts reading `file`.
    pub fn new(file: &'s SourceFile) -> Self {
        Self {
            file,
            found: RefCell::new(Diagnostics::new()),
        }
    }

    /// The file being read.
    pub fn file(&self) -> &'s SourceFile {
        self.file
    }

    /// Records `diagnostic` at the line of byte `offset` in this file.
    pub fn report(&self, diagnostic: Diagnostic, offset: Option<usize>) {
        let line = offset.map(|o| self.file.line_of(o));
        self.found
            .borrow_mut()
            .push(diagnostic.at(self.file.name.clone(), line));
    }

    /// Everything reported so far.
    pub fn finish(self) -> Diagnostics {
        self.found.into_inner()
    }

    /// Parses the file as a TOML document and calls `read` with its top-level
    /// table. Syntax errors are reported (all of them that the parser can
    /// recover from) and `read` is not called.
    pub fn document<T>(&self, read: impl FnOnce(Fields<'_, '_>) -> T) -> Option<T> {
        let (doc, errors) = toml::de::DeTable::parse_recoverable(self.file.text());
        if !errors.is_empty() {
            for error in errors {
                let message = error.message().trim().to_string();
                self.report(
                    Diagnostic::error("", format!("this is not valid TOML: {message}"))
                        .help("see https://toml.io for the syntax"),
                    error.span().map(|s| s.start),
                );
            }
            return None;
        }
        let span = doc.span();
        Some(read(Fields::root(self, doc.get_ref(), span)))
    }
}

/// Reads `file` as one TOML document of `what` (`"character file"`) in a
/// format this build reads (up to `supported`): `read` gets its top-level
/// table, whose keys left unread are then reported. A file in a format this
/// build cannot read is refused with that one problem, not with every field
/// of it reported as unknown.
pub fn read_document(
    file: &SourceFile,
    what: &str,
    supported: i64,
    read: impl FnOnce(&Fields<'_, '_>),
) -> Diagnostics {
    let reading = Reading::new(file);
    reading.document(|top| {
        if check_format(&top, what, supported) {
            read(&top);
            top.finish();
        }
    });
    reading.finish()
}

/// Checks the `format` of a file against the newest format this build reads.
/// Reports an error (and returns `false`) if it is missing, not a positive
/// integer, or newer than `supported`.
pub fn check_format(fields: &Fields<'_, '_>, what: &str, supported: i64) -> bool {
    let Some(format) = fields.required_integer("format") else {
        return false;
    };
    if format < 1 {
        fields.error_at(
            "format",
            format!("format {format} does not exist; formats start at 1"),
            Some(format!("set format = {supported}")),
        );
        false
    } else if format > supported {
        fields.error_at(
            "format",
            format!(
                "this {what} uses format {format}, but this nanite reads formats up to {supported}"
            ),
            Some("upgrade nanite, or write the file in an older format".to_string()),
        );
        false
    } else {
        true
    }
}

#[cfg(test)]
mod tests;
