//! The square grid every ruleset's battle map stands on: squares, distance,
//! straight lines, line of sight and paths.
//!
//! One geometry serves D20 (5 ft squares, rule D20-MOVE-01), Station (rule
//! ST-MAP-01) and a Compound X battle map (metres a square), so that what a
//! square, a step or a line of sight is gets written and tested once.
//! What a ruleset decides for itself stays in the ruleset and comes in as a
//! closure:
//! - **what blocks sight** ([`line_of_sight`]): Station's walls, void and
//!   closed doors; a ruleset without cover passes `|_| false`;
//! - **what a step costs and whether it may be taken** ([`costs_from`],
//!   [`cheapest_path`], [`distance_field`]): Station's doors, corners and
//!   dark rooms; **which squares may be crossed or ended on**
//!   ([`nearest`]): D20's rule that allies may be passed and enemies not.
//!
//! Closures rather than a trait: each call site names the rule it applies
//! in a line (a ruleset often searches the same map under different rules,
//! e.g. Station plans a move as if locked doors were open), and nothing has
//! to be implemented for a throwaway view of the map.
//!
//! Ties are settled by fixed rules, never by the order a hash map or heap
//! happens to keep, because seeded fights and their recorded replays must
//! come out the same on every machine: see each function.
//!
//! Distance is counted in squares, a diagonal step counting one (the
//! Chebyshev distance, [`distance`]); a [`Scale`] turns squares into the
//! ruleset's unit (feet, metres).

mod paths;
mod scale;
mod sight;
mod square;

pub use paths::{cheapest_path, costs_from, distance_field, nearest};
pub use scale::Scale;
pub use sight::line_of_sight;
pub use square::{Bounds, Coord, Square, distance, straight_path};

#[cfg(test)]
mod tests;
