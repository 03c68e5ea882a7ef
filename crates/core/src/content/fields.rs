//! [`Fields`]: typed, diagnosed access to one TOML table.

use std::cell::RefCell;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::Reading;
use crate::diagnostic::Diagnostic;

/// One TOML table being read. Every key asked for is remembered, so
/// [`Fields::finish`] can report the keys nobody asked for as unknown.
#[derive(Debug)]
pub struct Fields<'r, 'i> {
    reading: &'r Reading<'r>,
    table: &'r DeTable<'i>,
    span: Range<usize>,
    path: String,
    asked: RefCell<Vec<String>>,
}

/// One TOML value with its position and field path.
#[derive(Clone, Debug)]
pub struct Item<'r, 'i> {
    reading: &'r Reading<'r>,
    value: &'r Spanned<DeValue<'i>>,
    path: String,
}

fn type_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a number with a fraction",
        DeValue::Boolean(_) => "true/false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

fn integer_of(value: &DeValue<'_>) -> Option<i64> {
    let int = value.as_integer()?;
    i64::from_str_radix(&int.as_str().replace('_', ""), int.radix()).ok()
}

fn float_of(value: &DeValue<'_>) -> Option<f64> {
    match value {
        DeValue::Float(f) => f.as_str().replace('_', "").parse().ok(),
        DeValue::Integer(_) => integer_of(value).map(|i| i as f64),
        _ => None,
    }
}

impl<'r, 'i> Fields<'r, 'i> {
    pub(super) fn root(
        reading: &'r Reading<'r>,
        table: &'r DeTable<'i>,
        span: Range<usize>,
    ) -> Self {
        Self::at(reading, table, span, String::new())
    }

    fn at(
        reading: &'r Reading<'r>,
        table: &'r DeTable<'i>,
        span: Range<usize>,
        path: String,
    ) -> Self {
        Self {
            reading,
            table,
            span,
            path,
            asked: RefCell::new(Vec::new()),
        }
    }

    /// The dotted path of this table (`weapon.smg`); empty at the top.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The path of `key` inside this table.
    pub fn path_of(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn lookup(&self, key: &str) -> Option<&'r Spanned<DeValue<'i>>> {
        self.asked.borrow_mut().push(key.to_string());
        self.table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    }

    /// Whether the table has `key` (counts as asking for it).
    pub fn has(&self, key: &str) -> bool {
        self.lookup(key).is_some()
    }

    /// Reports an error about `key` (at its line when present, else at the
    /// table's line).
    pub fn error_at(&self, key: &str, message: impl Into<String>, help: Option<String>) {
        let offset = self
            .table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map_or(self.span.start, |(k, _)| k.span().start);
        let mut d = Diagnostic::error(self.path_of(key), message);
        d.help = help;
        self.reading.report(d, Some(offset));
    }

    /// Reports `diagnostic` (its field is set to `key`'s path) at `key`'s line.
    pub fn report(&self, key: &str, mut diagnostic: Diagnostic) {
        let offset = self
            .table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map_or(self.span.start, |(k, _)| k.span().start);
        diagnostic.field = self.path_of(key);
        self.reading.report(diagnostic, Some(offset));
    }

    /// The value under `key`, if present.
    pub fn item(&self, key: &str) -> Option<Item<'r, 'i>> {
        let value = self.lookup(key)?;
        Some(Item {
            reading: self.reading,
            value,
            path: self.path_of(key),
        })
    }

    /// The value under `key`; reports it missing when absent.
    pub fn required(&self, key: &str) -> Option<Item<'r, 'i>> {
        let item = self.item(key);
        if item.is_none() {
            self.error_at(
                key,
                format!("missing required field `{key}`"),
                Some(format!("add `{key} = ...` to [{}]", self.display_path())),
            );
        }
        item
    }

    fn display_path(&self) -> &str {
        if self.path.is_empty() {
            "the top of the file"
        } else {
            &self.path
        }
    }

    /// An optional string.
    pub fn string(&self, key: &str) -> Option<String> {
        self.item(key).and_then(|i| i.string())
    }

    /// A required string.
    pub fn required_string(&self, key: &str) -> Option<String> {
        self.required(key).and_then(|i| i.string())
    }

    /// An optional integer.
    pub fn integer(&self, key: &str) -> Option<i64> {
        self.item(key).and_then(|i| i.integer())
    }

    /// A required integer.
    pub fn required_integer(&self, key: &str) -> Option<i64> {
        self.required(key).and_then(|i| i.integer())
    }

    /// An optional number (integer or fraction).
    pub fn number(&self, key: &str) -> Option<f64> {
        self.item(key).and_then(|i| i.number())
    }

    /// An optional boolean.
    pub fn boolean(&self, key: &str) -> Option<bool> {
        self.item(key).and_then(|i| i.boolean())
    }

    /// An optional list of strings.
    pub fn strings(&self, key: &str) -> Option<Vec<String>> {
        self.item(key).and_then(|i| i.strings())
    }

    /// An optional sub-table.
    pub fn table(&self, key: &str) -> Option<Fields<'r, 'i>> {
        self.item(key).and_then(|i| i.table())
    }

    /// An optional list of tables (`[[key]]` or `key = [{...}]`).
    pub fn tables(&self, key: &str) -> Vec<Fields<'r, 'i>> {
        let Some(item) = self.item(key) else {
            return Vec::new();
        };
        item.list()
            .unwrap_or_default()
            .into_iter()
            .filter_map(|i| i.table())
            .collect()
    }

    /// Every key of the table with its value, in file order (marks all asked).
    pub fn entries(&self) -> Vec<(String, Item<'r, 'i>)> {
        let keys: Vec<String> = self
            .table
            .iter()
            .map(|(k, _)| k.get_ref().to_string())
            .collect();
        keys.into_iter()
            .filter_map(|k| self.item(&k).map(|i| (k, i)))
            .collect()
    }

    /// The name of the file being read.
    pub fn file_name(&self) -> &str {
        self.reading.file().name()
    }

    /// The line of the table's start.
    pub fn line(&self) -> usize {
        self.reading.file().line_of(self.span.start)
    }

    /// Reports every key nobody asked for as an unknown field, suggesting
    /// the closest known one.
    pub fn finish(&self) {
        let asked = self.asked.borrow();
        for (key, _) in self.table.iter() {
            let name = key.get_ref().as_ref();
            if asked.iter().any(|a| a == name) {
                continue;
            }
            let mut known: Vec<&str> = asked.iter().map(String::as_str).collect();
            known.sort_unstable();
            known.dedup();
            let help = match closest(name, &known) {
                Some(near) => format!("did you mean `{near}`?"),
                None if known.is_empty() => "remove it".to_string(),
                None => format!("known fields here: {}", known.join(", ")),
            };
            self.reading.report(
                Diagnostic::error(
                    self.path_of(name),
                    format!("unknown field `{name}` in [{}]", self.display_path()),
                )
                .help(help),
                Some(key.span().start),
            );
        }
    }
}

impl<'r, 'i> Item<'r, 'i> {
    /// The dotted path of the value.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The 1-based line of the value.
    pub fn line(&self) -> usize {
        self.reading.file().line_of(self.value.span().start)
    }

    /// Reports an error about this value.
    pub fn error(&self, message: impl Into<String>, help: Option<String>) {
        let mut d = Diagnostic::error(self.path.clone(), message);
        d.help = help;
        self.reading.report(d, Some(self.value.span().start));
    }

    /// Reports `diagnostic` at this value (its field set to the value's path).
    pub fn report(&self, mut diagnostic: Diagnostic) {
        diagnostic.field = self.path.clone();
        self.reading
            .report(diagnostic, Some(self.value.span().start));
    }

    fn mistyped(&self, expected: &str) {
        self.error(
            format!(
                "expected {expected}, found {}",
                type_name(self.value.get_ref())
            ),
            None,
        );
    }

    /// The value as a string, or a reported type error.
    pub fn string(&self) -> Option<String> {
        match self.value.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            _ => {
                self.mistyped("a string");
                None
            }
        }
    }

    /// Whether the value is a string (no report).
    pub fn is_string(&self) -> bool {
        matches!(self.value.get_ref(), DeValue::String(_))
    }

    /// The value as an integer, or a reported type error.
    pub fn integer(&self) -> Option<i64> {
        let found = integer_of(self.value.get_ref());
        if found.is_none() {
            if self.value.get_ref().is_integer() {
                self.error("this integer does not fit in 64 bits", None);
            } else {
                self.mistyped("an integer");
            }
        }
        found
    }

    /// The value as a number (integer or fraction), or a reported type error.
    pub fn number(&self) -> Option<f64> {
        let found = float_of(self.value.get_ref()).filter(|f| f.is_finite());
        if found.is_none() {
            self.mistyped("a number");
        }
        found
    }

    /// The value as a boolean, or a reported type error.
    pub fn boolean(&self) -> Option<bool> {
        let found = self.value.get_ref().as_bool();
        if found.is_none() {
            self.mistyped("true or false");
        }
        found
    }

    /// The value as a list, or a reported type error.
    pub fn list(&self) -> Option<Vec<Item<'r, 'i>>> {
        match self.value.get_ref() {
            DeValue::Array(items) => Some(
                items
                    .iter()
                    .enumerate()
                    .map(|(n, value)| Item {
                        reading: self.reading,
                        value,
                        path: format!("{}[{n}]", self.path),
                    })
                    .collect(),
            ),
            _ => {
                self.mistyped("a list");
                None
            }
        }
    }

    /// The value as a list of strings; wrong elements are reported and skipped.
    pub fn strings(&self) -> Option<Vec<String>> {
        Some(self.list()?.iter().filter_map(Item::string).collect())
    }

    /// The value as a table, or a reported type error.
    pub fn table(&self) -> Option<Fields<'r, 'i>> {
        match self.value.get_ref() {
            DeValue::Table(table) => Some(Fields::at(
                self.reading,
                table,
                self.value.span(),
                self.path.clone(),
            )),
            _ => {
                self.mistyped("a table");
                None
            }
        }
    }

    /// Whether the value is a table (no report).
    pub fn is_table(&self) -> bool {
        matches!(self.value.get_ref(), DeValue::Table(_))
    }
}

/// The known name closest to `name` by edit distance, if close enough to be a
/// plausible typo.
pub(crate) fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(name, k), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(row[j]).min(cur)
            };
            prev = cur;
        }
    }
    row[b.len()]
}
