//! Content refused for its errors (a character file, an NPC, a map, a
//! pack): the 422 answer that says how many errors it has and the first,
//! with every diagnostic (file, line, field, rule, fix) in `diagnostics`.

use nanite_core::{Diagnostics, Severity};
use serde_json::json;

use crate::error::AppError;

/// The 422 `code` for content whose diagnostics `found` hold errors:
/// `says` words the message from the count (`1 error`, `3 errors`) and the
/// first error.
pub(crate) fn refused(
    code: &'static str,
    found: &Diagnostics,
    says: impl FnOnce(&str, &str) -> String,
) -> AppError {
    let errors = found.error_count();
    let first = found
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .unwrap_or_default();
    let count = format!("{errors} error{}", if errors == 1 { "" } else { "s" });
    AppError::unprocessable(code, says(&count, &first)).with("diagnostics", json!(found))
}
