//! A builder form's numbers: what the character builders (Compound X and
//! D20) take before the rules judge them, and a typing slip named at the
//! control that holds it.

use std::ops::RangeInclusive;

use nanite_core::{Diagnostic, Diagnostics};

/// What a builder form's numbers may be before validation judges them:
/// anything else is a typing slip, refused at its field.
const NUMBERS: RangeInclusive<i64> = -1000..=1000;

/// The whole number typed in `raw` (already trimmed): `default` when it is
/// empty; when it is not a number in [`NUMBERS`], `default` and an error in
/// `found` at the form's `control`, naming the field by its `label`.
pub(crate) fn read(
    raw: &str,
    control: &str,
    label: &str,
    default: i64,
    found: &mut Diagnostics,
) -> i64 {
    if raw.is_empty() {
        return default;
    }
    match raw.parse::<i64>() {
        Ok(n) if NUMBERS.contains(&n) => n,
        _ => {
            found.push(
                Diagnostic::error(
                    format!("form:{control}"),
                    format!("{label}: `{raw}` is not a whole number the builder takes"),
                )
                .help(format!(
                    "enter a whole number from {} to {}",
                    NUMBERS.start(),
                    NUMBERS.end()
                )),
            );
            default
        }
    }
}
