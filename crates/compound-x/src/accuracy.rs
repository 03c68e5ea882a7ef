//! Combat accuracy bonuses on the d10 scale (CX-STAT-03, CX-STAT-04, CX-HOUSE-02).
//!
//! Accuracy bonuses come in halves (the stat table, a Dot Sight's 0.5) and, under
//! the LINEAR_ACCURACY house rule, in tenths (`(stat - 5) * 0.3`). They are kept
//! exactly as whole tenths in [`Tenths`], summed, and only the sum is rounded:
//! truncated toward zero by the rules as written, rounded toward the better
//! accuracy under the house rule.

use std::fmt;

use serde::{Serialize, Serializer};

/// A quantity in tenths (accuracy bonus, movement penalty): 5 is 0.5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(value_type = f64))]
pub struct Tenths(pub i64);

impl Tenths {
    /// The value for a number written in content (0.5), if it is a whole
    /// number of tenths.
    pub fn from_number(value: f64) -> Option<Self> {
        let tenths = (value * 10.0).round();
        ((value * 10.0 - tenths).abs() < 1e-9 && tenths.abs() < 1e12)
            .then_some(Tenths(tenths as i64))
    }

    /// Truncated toward zero to a whole number (CX-STAT-04: 0.5 and -0.5 become 0).
    pub fn truncate(self) -> i64 {
        self.0 / 10
    }

    /// Rounded up to a whole number (toward the better accuracy for a bonus,
    /// CX-HOUSE-02; the larger penalty for a movement penalty, CX-MOVE-01).
    pub fn ceil(self) -> i64 {
        self.0.div_euclid(10) + i64::from(self.0.rem_euclid(10) != 0)
    }

    /// Whether it is 0.
    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }

    /// As a decimal number.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 10.0
    }
}

impl std::ops::Add for Tenths {
    type Output = Tenths;
    fn add(self, rhs: Tenths) -> Tenths {
        Tenths(self.0 + rhs.0)
    }
}

impl std::iter::Sum for Tenths {
    fn sum<I: Iterator<Item = Tenths>>(iter: I) -> Tenths {
        Tenths(iter.map(|t| t.0).sum())
    }
}

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs % 10 == 0 {
            write!(f, "{sign}{}", abs / 10)
        } else {
            write!(f, "{sign}{}.{}", abs / 10, abs % 10)
        }
    }
}

impl Serialize for Tenths {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

/// Read back from the decimal it is written as (`1.5`), to the nearest tenth.
impl<'de> serde::Deserialize<'de> for Tenths {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)?;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "tenths of game bonuses are small; the value was written from an i64 of tenths"
        )]
        Ok(Tenths((value * 10.0).round() as i64))
    }
}

/// The combat accuracy bonus of a stat by the table (CX-STAT-03); above 15 it
/// continues +0.5 per 2 points (the catalog's decision).
pub fn combat_bonus(stat: i64) -> Tenths {
    Tenths(match stat {
        i64::MIN..=1 => -15,
        2 => -10,
        3..=4 => -5,
        5 => 0,
        6..=7 => 5,
        8..=9 => 10,
        10..=11 => 15,
        12..=13 => 20,
        14 => 25,
        15 => 30,
        // 16-17: 3.5, 18-19: 4, 20: 4.5, ...
        _ => 30 + 5 * ((stat - 14) / 2),
    })
}

/// The combat bonus under LINEAR_ACCURACY: `(stat - 5) * 0.3` (CX-HOUSE-02).
pub fn linear_combat_bonus(stat: i64) -> Tenths {
    Tenths((stat - 5) * 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_of_tenths() {
        assert_eq!(Tenths(5).truncate(), 0);
        assert_eq!(Tenths(-5).truncate(), 0);
        assert_eq!(Tenths(15).truncate(), 1);
        assert_eq!(Tenths(-15).truncate(), -1);
        assert_eq!(Tenths(3).ceil(), 1);
        assert_eq!(Tenths(11).ceil(), 2);
        assert_eq!(Tenths(-3).ceil(), 0);
        assert_eq!(Tenths(20).ceil(), 2);
        assert_eq!(Tenths::from_number(0.5), Some(Tenths(5)));
        assert_eq!(Tenths::from_number(0.25), None);
        assert_eq!(Tenths(-15).to_string(), "-1.5");
    }
}
