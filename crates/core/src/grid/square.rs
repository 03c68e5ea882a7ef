//! A square of the grid, its neighbours, the distance between two squares
//! and the straight way from one to another.

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The integer a ruleset counts columns and rows in.
///
/// Station's maps count in `i32`, D20's encounter files and API in `i64`:
/// the coordinate is a type parameter so that each keeps what it accepts
/// (a D20 coordinate past `i32` is refused as off the map, not as a bad
/// number) while both share one geometry.
pub trait Coord: 'static + Copy + Ord + Hash + fmt::Debug + fmt::Display + FromStr {
    /// Zero: the first column and row.
    const ZERO: Self;
    /// One square.
    const ONE: Self;
    /// One square back.
    const MINUS_ONE: Self;
    /// How far apart `self` and `other` are, saturating at the largest
    /// value: any two squares have a distance, however far apart.
    fn gap(self, other: Self) -> Self;
    /// `self + by`, saturating at either end of the type: a neighbour past
    /// the edge of the plane (far off any map) is the square itself.
    fn saturating_add(self, by: Self) -> Self;
    /// -1, 0 or 1: the direction of a step from `self` towards `to`.
    fn towards(self, to: Self) -> Self;
    /// The value as an `i64`, to count in a ruleset's unit ([`super::Scale`]).
    fn wide(self) -> i64;
}

macro_rules! coord {
    ($($t:ty),*) => {$(
        impl Coord for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MINUS_ONE: Self = -1;
            fn gap(self, other: Self) -> Self {
                <$t>::try_from(self.abs_diff(other)).unwrap_or(<$t>::MAX)
            }
            fn saturating_add(self, by: Self) -> Self {
                <$t>::saturating_add(self, by)
            }
            fn towards(self, to: Self) -> Self {
                match self.cmp(&to) {
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => -1,
                }
            }
            fn wide(self) -> i64 {
                i64::from(self)
            }
        }
    )*};
}
coord!(i32, i64);

/// A square on the grid: x grows to the right, y downwards, from 0,0.
/// Squares order by column, then row (the order ties are settled in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square<C> {
    /// Column.
    pub x: C,
    /// Row.
    pub y: C,
}

/// A square is `{"x": .., "y": ..}` in JSON, whole numbers whatever its
/// coordinate type (written by hand: utoipa's derive refers to a generic
/// coordinate by its type's name, `i32`, as if it were a schema).
#[cfg(feature = "openapi")]
impl<C> utoipa::PartialSchema for Square<C> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let whole = |what: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .description(Some(what))
        };
        ObjectBuilder::new()
            .property("x", whole("Across, from 0 at the left."))
            .property("y", whole("Down, from 0 at the top."))
            .required("x")
            .required("y")
            .description(Some("A square of the grid."))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl<C> utoipa::ToSchema for Square<C> {
    fn name() -> std::borrow::Cow<'static, str> {
        "Square".into()
    }
}

impl<C: Coord> Square<C> {
    /// The square at column `x`, row `y`.
    pub const fn new(x: C, y: C) -> Self {
        Square { x, y }
    }

    /// The square `dx` columns and `dy` rows away (saturating at the edge
    /// of the plane).
    fn offset(self, dx: C, dy: C) -> Self {
        Square::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// The square one step from `self` towards `to`: diagonal while both
    /// column and row differ (`self` itself when they are the same).
    pub fn step_towards(self, to: Self) -> Self {
        self.offset(self.x.towards(to.x), self.y.towards(to.y))
    }

    /// The eight neighbours, the four sharing an edge first: east, west,
    /// south, north, then south-east, north-east, south-west, north-west.
    /// Station's rooms are the squares joined by the first four (rule
    /// ST-MAP-01), and its simulated players try steps in this order.
    pub fn neighbours(self) -> [Self; 8] {
        let (one, zero, minus) = (C::ONE, C::ZERO, C::MINUS_ONE);
        [
            self.offset(one, zero),
            self.offset(minus, zero),
            self.offset(zero, one),
            self.offset(zero, minus),
            self.offset(one, one),
            self.offset(one, minus),
            self.offset(minus, one),
            self.offset(minus, minus),
        ]
    }

    /// The eight neighbours in reading order: the row above from left to
    /// right, then left and right, then the row below. [`nearest`] tries
    /// steps in this order, so of equally short ways it finds the one that
    /// reads first.
    ///
    /// [`nearest`]: super::nearest
    pub fn around(self) -> [Self; 8] {
        let (one, zero, minus) = (C::ONE, C::ZERO, C::MINUS_ONE);
        [
            self.offset(minus, minus),
            self.offset(zero, minus),
            self.offset(one, minus),
            self.offset(minus, zero),
            self.offset(one, zero),
            self.offset(minus, one),
            self.offset(zero, one),
            self.offset(one, one),
        ]
    }

    /// Reads "x,y" (spaces allowed around each number).
    pub fn parse(text: &str) -> Option<Self> {
        let (x, y) = text.trim().split_once(',')?;
        Some(Square::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
    }
}

impl<C: fmt::Display> fmt::Display for Square<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Squares between `a` and `b`, a diagonal step counting one like a
/// straight one (the Chebyshev distance): the number of single steps from
/// one to the other on an open grid. It saturates at the coordinate's
/// largest value, so a square typed far off the map is simply too far.
pub fn distance<C: Coord>(a: Square<C>, b: Square<C>) -> C {
    a.x.gap(b.x).max(a.y.gap(b.y))
}

/// The squares entered going from `from` through each waypoint in turn, in
/// straight single steps: diagonal while both column and row differ, then
/// straight on. `from` itself is not entered; a waypoint where the walker
/// already stands adds nothing.
pub fn straight_path<C: Coord>(from: Square<C>, waypoints: &[Square<C>]) -> Vec<Square<C>> {
    let mut at = from;
    let mut squares = Vec::new();
    for &to in waypoints {
        while at != to {
            at = at.step_towards(to);
            squares.push(at);
        }
    }
    squares
}

/// A rectangular map `width` squares across and `height` down, from 0,0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds<C> {
    /// Squares across.
    pub width: C,
    /// Squares down.
    pub height: C,
}

impl<C: Coord> Bounds<C> {
    /// A map `width` by `height`.
    pub const fn new(width: C, height: C) -> Self {
        Bounds { width, height }
    }

    /// Whether `s` lies on the map.
    pub fn contains(self, s: Square<C>) -> bool {
        s.x >= C::ZERO && s.y >= C::ZERO && s.x < self.width && s.y < self.height
    }
}
