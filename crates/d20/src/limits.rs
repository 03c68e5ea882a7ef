//! The ranges of every quantity a D20 file, prompt, API call or command line
//! gives (documented in `docs/rules/d20.md`, "Numbers and bounds"). Each is
//! checked where it is read or decided, with an error naming the number and
//! its range; within them no sum the rules make can overflow, and the
//! battle's own arithmetic saturates besides.

use std::ops::RangeInclusive;

use crate::check::MAX_EXTENDED_CHECKS;

/// Hit points the GM's `harm` deals at once.
pub const HARM: RangeInclusive<i64> = 1..=10_000;
/// A check's difficulty (negative DCs allowed: a trivial task).
pub const DC: RangeInclusive<i64> = -1_000..=1_000;
/// An extended check's threshold.
pub const THRESHOLD: RangeInclusive<i64> = 1..=100_000;
/// In-game minutes one check of an extended check takes: up to a week.
pub const MINUTES_PER_CHECK: RangeInclusive<i64> = 0..=10_080;
/// The GM's maximum number of checks of an extended check.
pub const MAX_CHECKS: RangeInclusive<u32> = 1..=MAX_EXTENDED_CHECKS;
/// Periods of 8 hours of rest at once (D20-REST-01).
pub const REST_PERIODS: RangeInclusive<i64> = 1..=100;
/// A hand-set initiative total (1d100 + DEX gives 2 to 130).
pub const INITIATIVE: RangeInclusive<i64> = -1_000..=1_000;
/// Healing kits of one kind a character carries.
pub const KITS: RangeInclusive<i64> = 0..=100;
/// A character's spell or power resistance.
pub const RESISTANCE: RangeInclusive<i64> = 0..=100;
/// A ranged weapon's range or a spell's or power's, in feet.
pub const RANGE_FEET: RangeInclusive<i64> = 0..=10_000;
/// An armor's defense.
pub const DEFENSE: RangeInclusive<i64> = 0..=100;
/// A healing kit's bonus to its check.
pub const KIT_BONUS: RangeInclusive<i64> = -100..=100;
/// A spell's energy or a power's points.
pub const MAGIC_COST: RangeInclusive<i64> = 0..=1_000;
/// Entries of one list in a character file (weapons, spells, powers) and
/// kinds of kit.
pub const LIST: usize = 50;
/// The scores an attribute can have in play: 1 to 30 on a sheet
/// ([`crate::SCORES`]), less up to 31 points a submission hold drains before
/// the combatant falls (D20-GRAP-05). A custom attribute bonus formula must
/// evaluate for every one of them.
pub const BONUS_SCORES: RangeInclusive<i64> = -30..=30;

/// `value` if it lies in `range`, else a message naming `what`, the value
/// and the range.
pub fn within<T>(what: &str, value: T, range: &RangeInclusive<T>) -> Result<T, String>
where
    T: PartialOrd + std::fmt::Display,
{
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{what} {value} is out of range: from {} to {}",
            range.start(),
            range.end()
        ))
    }
}
