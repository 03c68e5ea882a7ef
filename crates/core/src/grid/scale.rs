//! How long a square is in a ruleset's unit: 5 feet in D20, metres for a
//! Compound X battle map.

use super::square::{Coord, Square, distance};

/// The length of a square's side in a ruleset's unit of distance (feet,
/// metres), to turn squares into that unit and back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    per_square: i64,
}

impl Scale {
    /// A grid whose squares are `per_square` units across (at least 1).
    pub const fn per_square(per_square: i64) -> Self {
        assert!(per_square > 0, "a square is at least one unit across");
        Scale { per_square }
    }

    /// Units in one square.
    pub const fn unit(self) -> i64 {
        self.per_square
    }

    /// Units between two squares: the [`distance`] in squares times the
    /// units a square (saturating: any two squares have a distance).
    pub fn between<C: Coord>(self, a: Square<C>, b: Square<C>) -> i64 {
        distance(a, b).wide().saturating_mul(self.per_square)
    }

    /// Units walked in `squares` steps.
    pub const fn of_squares(self, squares: i64) -> i64 {
        self.per_square * squares
    }

    /// Whole squares that fit in `units` (a part of a square is not a
    /// step): 12 feet of movement is 2 squares of 5 ft.
    pub const fn whole_squares(self, units: i64) -> i64 {
        units / self.per_square
    }
}
