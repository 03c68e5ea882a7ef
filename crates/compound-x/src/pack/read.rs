//! Small reading helpers shared by the pack's sections.

use nanite_core::Formula;
use nanite_core::content::Fields;

use super::effect::FORMULA_VARIABLES;
use crate::stat::Stat;

/// Reads `key` as one of `options` (by name), reporting anything else.
pub(crate) fn choice<T: Copy>(
    fields: &Fields<'_, '_>,
    key: &str,
    options: &[(&str, T)],
) -> Option<T> {
    let item = fields.item(key)?;
    let text = item.string()?;
    let found = options
        .iter()
        .find(|(name, _)| *name == text)
        .map(|(_, v)| *v);
    if found.is_none() {
        let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
        item.error(format!("`{text}` is not one of {}", names.join(", ")), None);
    }
    found
}

/// Reads `key` as a formula over the stats and level.
pub(crate) fn formula(fields: &Fields<'_, '_>, key: &str, required: bool) -> Option<Formula> {
    let item = if required {
        fields.required(key)
    } else {
        fields.item(key)
    }?;
    let text = item.string()?;
    match Formula::parse(&text, &FORMULA_VARIABLES) {
        Ok(f) => Some(f),
        Err(err) => {
            item.error(err.message, None);
            None
        }
    }
}

/// Reads `key` as a table of stat -> integer (`{ PER = 1, STR = -1 }`).
pub(crate) fn stat_table(fields: &Fields<'_, '_>, key: &str) -> Vec<(Stat, i64)> {
    let Some(table) = fields.table(key) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, item) in table.entries() {
        match Stat::ALL.into_iter().find(|s| s.code() == name) {
            Some(stat) => {
                if let Some(v) = item.integer() {
                    out.push((stat, v));
                }
            }
            None => item.error(
                format!("`{name}` is not a stat"),
                Some("stats are STR, PER, FORT, CHA, INT, DEX, LUCK".to_string()),
            ),
        }
    }
    out
}

/// Reads `key` as a non-negative integer.
pub(crate) fn count(fields: &Fields<'_, '_>, key: &str, required: bool) -> Option<i64> {
    let item = if required {
        fields.required(key)
    } else {
        fields.item(key)
    }?;
    let value = item.integer()?;
    if value < 0 {
        item.error(format!("{value} is negative; use 0 or more"), None);
        return None;
    }
    Some(value)
}

/// Reads `key` as a percentage 0..=100.
pub(crate) fn percent(fields: &Fields<'_, '_>, key: &str) -> Option<i64> {
    let item = fields.required(key)?;
    let value = item.integer()?;
    if !(0..=100).contains(&value) {
        item.error(format!("{value} is not a percentage from 0 to 100"), None);
        return None;
    }
    Some(value)
}
