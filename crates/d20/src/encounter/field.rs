//! Where the fight happens: a square grid (D20-MOVE-01/02) or two rows a
//! side (D20-MOVE-03), and who can reach whom. Moving is in `movement`.

use std::fmt;

use nanite_core::CombatantId;
use nanite_core::grid::{self, Scale};
use serde::{Deserialize, Serialize};

use super::Battle;
use crate::pack::WeaponKind;

/// Feet in one square of the grid.
pub const SQUARE_FEET: i64 = 5;
/// The grid's scale: 5 ft a square (D20-MOVE-01).
pub const FEET: Scale = Scale::per_square(SQUARE_FEET);
/// Feet another attempt to get past an enemy costs (D20-MOVE-02).
pub const RETRY_FEET: i64 = 10;

/// The battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "field", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Field))]
pub enum Field {
    /// A square grid of 5 ft squares, `width` by `height`, from (0, 0).
    Map {
        /// Squares across.
        width: i64,
        /// Squares down.
        height: i64,
    },
    /// Map-less: a front row and a back row for each side (D20-MOVE-03).
    Rows,
}

/// A square of the grid: column `x` and row `y`, from 0 (the shared grid's
/// square, counted in `i64` as encounter files write them).
pub type Square = grid::Square<i64>;

/// A row of a side in map-less combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Row))]
pub enum Row {
    /// The front row: melee reaches the enemy front row.
    Front,
    /// The back row: only reach and ranged attacks reach it.
    Back,
}

impl Row {
    /// `front` or `back`.
    pub fn key(self) -> &'static str {
        match self {
            Row::Front => "front",
            Row::Back => "back",
        }
    }
}

/// Where a combatant stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Place))]
pub enum Place {
    /// On a square of the grid.
    Square(Square),
    /// In a row.
    Row(Row),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Square(s) => write!(f, "({s})"),
            Place::Row(r) => write!(f, "the {} row", r.key()),
        }
    }
}

/// Feet between two squares: 5 a square, diagonals too (a decision);
/// saturating, so a square far off the map is simply too far.
pub fn distance_feet(a: Square, b: Square) -> i64 {
    FEET.between(a, b)
}

pub(super) fn adjacent(a: Square, b: Square) -> bool {
    a != b && distance_feet(a, b) == SQUARE_FEET
}

/// The squares entered going from `from` through each waypoint in turn, a
/// straight line of single steps (diagonal while both coordinates differ).
pub fn path(from: Square, waypoints: &[Square]) -> Vec<Square> {
    grid::straight_path(from, waypoints)
}

impl Field {
    /// The map's extent, if the fight is on a map.
    pub fn bounds(&self) -> Option<grid::Bounds<i64>> {
        match *self {
            Field::Map { width, height } => Some(grid::Bounds::new(width, height)),
            Field::Rows => None,
        }
    }
}

impl Battle {
    /// The square of `id`, if it stands on the grid.
    pub fn square(&self, id: &CombatantId) -> Option<Square> {
        match self.combatants.get(id)?.place {
            Place::Square(s) => Some(s),
            Place::Row(_) => None,
        }
    }

    /// The row `id` fights from: its own, or the front when nobody of its
    /// side stands in front any more (a decision).
    pub fn row(&self, id: &CombatantId) -> Option<Row> {
        let Place::Row(row) = self.combatants.get(id)?.place else {
            return None;
        };
        if row == Row::Back {
            let side = self.side(id)?;
            let front_held = self.combatants.iter().any(|(other, c)| {
                c.place == Place::Row(Row::Front)
                    && self.side(other) == Some(side)
                    && !self.is_down(other)
            });
            if !front_held {
                return Some(Row::Front);
            }
        }
        Some(row)
    }

    /// Whether `a` and `b` are on different sides.
    pub fn enemies(&self, a: &CombatantId, b: &CombatantId) -> bool {
        self.side(a).is_some() && self.side(b).is_some() && self.side(a) != self.side(b)
    }

    /// Whether `attacker` can reach `target` with an attack of `kind`, reach
    /// weapon or not, out to `range` feet on the map. `Err` says why not.
    pub fn reaches(
        &self,
        attacker: &CombatantId,
        target: &CombatantId,
        kind: WeaponKind,
        reach: bool,
        range: i64,
    ) -> Result<(), String> {
        match self.field {
            Field::Map { .. } => {
                let (Some(a), Some(t)) = (self.square(attacker), self.square(target)) else {
                    return Err("both must stand on the grid".into());
                };
                let feet = distance_feet(a, t);
                if feet <= range {
                    Ok(())
                } else {
                    Err(format!(
                        "{} is {feet} ft away, beyond {range} ft{}",
                        self.name(target),
                        match (kind, reach) {
                            (WeaponKind::Melee, false) => " (melee reaches adjacent squares)",
                            (WeaponKind::Melee, true) => " (a reach weapon reaches 10 ft)",
                            (WeaponKind::Ranged, _) => "",
                        }
                    ))
                }
            }
            Field::Rows => {
                let (Some(a), Some(t)) = (self.row(attacker), self.row(target)) else {
                    return Err("both must stand in a row".into());
                };
                let ok = matches!(
                    (kind, reach, a, t),
                    (WeaponKind::Ranged, ..)
                        | (WeaponKind::Melee, _, Row::Front, Row::Front)
                        | (WeaponKind::Melee, true, Row::Front, Row::Back)
                        | (WeaponKind::Melee, true, Row::Back, Row::Front)
                );
                if ok {
                    Ok(())
                } else {
                    Err(format!(
                        "{} is in the {} row, out of reach of {}: from the {} row, {} (D20-MOVE-03)",
                        self.name(target),
                        t.key(),
                        if reach {
                            "a reach weapon"
                        } else {
                            "a melee attack"
                        },
                        a.key(),
                        match a {
                            Row::Front =>
                                "melee reaches the enemy front row, a reach weapon the back row too, a ranged weapon any row",
                            Row::Back =>
                                "a reach weapon reaches the enemy front row, a ranged weapon any row, plain melee nobody",
                        }
                    ))
                }
            }
        }
    }
}
