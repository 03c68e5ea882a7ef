//! The Black Cat table, rolled at the start of each combat by a LUCK 1
//! character (CX-STAT-13).

use serde::{Deserialize, Serialize};

/// What the Black Cat d10 brought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlackCat {
    /// 1-2: the primary weapon is broken until a DC 60 repair.
    WeaponBroken,
    /// 3-4: no critical of any kind this encounter.
    NoCriticals,
    /// 5-6: trips: 15 damage and loses 3 actions of the first turn.
    Trip,
    /// 7-8: a DC 75 Will save or Fear of the enemies.
    Breakdown,
    /// 9-10: nothing, this time.
    Nothing,
}

/// Damage of the Black Cat trip.
pub const TRIP_DAMAGE: i64 = 15;
/// Actions lost in the first turn by the trip.
pub const TRIP_ACTIONS: i64 = 3;
/// DC to repair the broken weapon.
pub const REPAIR_DC: i64 = 60;
/// DC of the Will save against the breakdown.
pub const BREAKDOWN_WILL_DC: i64 = 75;

impl BlackCat {
    /// The row for a d10.
    pub fn of(d10: u32) -> BlackCat {
        match d10 {
            1 | 2 => BlackCat::WeaponBroken,
            3 | 4 => BlackCat::NoCriticals,
            5 | 6 => BlackCat::Trip,
            7 | 8 => BlackCat::Breakdown,
            _ => BlackCat::Nothing,
        }
    }

    /// The row as the table says it.
    pub fn text(self) -> &'static str {
        match self {
            BlackCat::WeaponBroken => "primary weapon broken until a DC 60 repair",
            BlackCat::NoCriticals => "no critical of any kind this encounter",
            BlackCat::Trip => "trips: 15 damage and 3 actions of the first turn lost",
            BlackCat::Breakdown => "mental breakdown: DC 75 Will save or Fear of the enemies",
            BlackCat::Nothing => "nothing bad happens... this time",
        }
    }
}
