//! The battle map of a Compound X fight (issue 24): an optional [`Scene`]
//! of walls, obstacles and doors in metres, and where each combatant
//! stands on it. When a fight has one, positions drive the rules:
//! distances and range brackets, adjacency, flanking, line of sight, the
//! cover a target has against one shooter, paths around walls, suppressed
//! areas and grenade blasts. Without one, the GM's distances and covers
//! rule as before.
//!
//! Everything is measured in whole decimetres ([`Point`]), so that a fight
//! replays exactly on every machine; the rules read whole metres, rounded
//! to the nearest (half up, [`metres_between`]).
//!
//! - `geometry`: exact segment tests on integer points.
//! - `path`: the shortest way around the walls.
//! - `sightlines`: the walls sorted into cells, for many lines at once.
//! - `ground`: areas of difficult ground, which a way pays twice.
//! - `backdrop`: the optional background image, checked.

mod backdrop;
mod geometry;
mod ground;
mod path;
mod sightlines;

use std::collections::BTreeMap;

use nanite_core::CombatantId;
use serde::{Deserialize, Serialize};

use crate::combat::Cover;
pub use backdrop::{Backdrop, BackdropData, BackdropError, ImageKind, MAX_BACKDROP_BYTES};
pub use ground::Ground;
pub use path::Route;
pub use sightlines::{BothWays, LinesOfFire, Sightlines};

/// Decimetres in a metre.
pub const DM: i64 = 10;
/// The largest side of a map: 1 km (every product of coordinates stays far
/// from overflowing).
pub const MAX_SIDE_DM: i64 = 10_000;
/// A wall that gives cover counts only where the line of fire crosses it
/// farther than this from the shooter: a shooter up against its own low
/// wall fires over or around it (a decision, docs/rules/compound-x.md).
pub const OWN_COVER_DM: i64 = 10;

/// A point on the map, in decimetres from the map's top-left corner: `x`
/// grows east (right), `y` south (down), as the map is drawn.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxPoint))]
pub struct Point {
    /// Decimetres east of the left edge.
    pub x: i64,
    /// Decimetres south of the top edge.
    pub y: i64,
}

impl Point {
    /// The point `x`, `y` in decimetres.
    pub const fn new(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    /// The point `x`, `y` in whole metres.
    pub const fn metres(x: i64, y: i64) -> Point {
        Point {
            x: x * DM,
            y: y * DM,
        }
    }

    /// Reads "12,4" or "12.5, 4" (metres, at most one decimal) as a point.
    pub fn parse_metres(text: &str) -> Result<Point, String> {
        let (x, y) = text.split_once(',').ok_or_else(|| {
            format!("'{text}' is not a point: give metres east and south as \"12,4\" or \"12.5,4\"")
        })?;
        Ok(Point {
            x: parse_dm(x.trim())?,
            y: parse_dm(y.trim())?,
        })
    }

    /// Squared decimetres to `other`.
    pub fn distance2(self, other: Point) -> i64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }
}

impl std::fmt::Display for Point {
    /// Metres, as typed: "12,4", "12.5,4".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", show_dm(self.x), show_dm(self.y))
    }
}

/// Decimetres as metres: "12", "12.5", "-0.5".
pub fn show_dm(dm: i64) -> String {
    let sign = if dm < 0 { "-" } else { "" };
    let dm = dm.abs();
    if dm % DM == 0 {
        format!("{sign}{}", dm / DM)
    } else {
        format!("{sign}{}.{}", dm / DM, dm % DM)
    }
}

/// Metres with at most one decimal ("12", "12.5") as decimetres.
fn parse_dm(text: &str) -> Result<i64, String> {
    let bad =
        || format!("'{text}' is not a number of metres (\"12\" or \"12.5\", one decimal at most)");
    let (whole, tenth) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t),
        Some(_) => return Err(bad()),
        None => (text, "0"),
    };
    let negative = whole.starts_with('-');
    let w: i64 = whole.parse().map_err(|_| bad())?;
    let t: i64 = tenth.parse().map_err(|_| bad())?;
    if w.abs() > MAX_SIDE_DM {
        return Err(bad());
    }
    Ok(if negative { w * DM - t } else { w * DM + t })
}

/// Whole metres between two points, rounded to the nearest, a half up
/// (10.4 m is 10 m, 10.5 m is 11 m): exact in integers.
///
/// Rounded to the nearest as a GM with a tape would: a target 10.3 m away
/// is in the 0-10 m bracket, two combatants in diagonally adjacent metres
/// (1.4 m apart) are adjacent.
pub fn metres_between(a: Point, b: Point) -> i64 {
    // floor(d / 10 + 1/2) = floor((floor(2d) + 10) / 20), d in decimetres.
    let twice = isqrt(4 * a.distance2(b));
    (twice + DM) / (2 * DM)
}

/// The integer square root (the largest r with r * r <= n).
pub(crate) fn isqrt(n: i64) -> i64 {
    if n <= 0 {
        return 0;
    }
    // A float first guess, then made exact.
    let mut r = (n as f64).sqrt() as i64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// What a wall or obstacle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxWallKind))]
#[serde(rename_all = "snake_case")]
pub enum WallKind {
    /// A low wall, crates: partial cover (+2, CX-RNG-04); seen over.
    Partial,
    /// A sturdy obstacle to shoot around: full cover (+4, CX-RNG-04); seen
    /// past.
    Full,
    /// Complete concealment: blocks sight and shots (CX-SUP-05).
    Concealing,
    /// A door: closed, it blocks sight, shots and steps as a concealing
    /// wall; open, nothing.
    Door,
}

impl WallKind {
    /// The name in files and commands.
    pub fn key(self) -> &'static str {
        match self {
            WallKind::Partial => "partial",
            WallKind::Full => "full",
            WallKind::Concealing => "concealing",
            WallKind::Door => "door",
        }
    }

    /// The kind named `key`.
    pub fn from_key(key: &str) -> Option<WallKind> {
        [
            WallKind::Partial,
            WallKind::Full,
            WallKind::Concealing,
            WallKind::Door,
        ]
        .into_iter()
        .find(|k| k.key() == key)
    }
}

/// A straight wall or an obstacle's side, from `a` to `b`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxWall))]
pub struct Wall {
    /// Its name, for the log and for doors ("crates", "north door"); may be
    /// empty.
    #[serde(default)]
    pub name: String,
    /// One end.
    pub a: Point,
    /// The other.
    pub b: Point,
    /// What it gives.
    pub kind: WallKind,
    /// A door stands open (only doors open).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
}

impl Wall {
    /// Whether it blocks sight and shots now: a concealing wall, a closed door.
    pub fn blocks_sight(&self) -> bool {
        match self.kind {
            WallKind::Concealing => true,
            WallKind::Door => !self.open,
            WallKind::Partial | WallKind::Full => false,
        }
    }

    /// Whether it blocks a step: every wall but an open door (a decision:
    /// no climbing over crates in a move; jump or let the GM place).
    pub fn blocks_steps(&self) -> bool {
        !(self.kind == WallKind::Door && self.open)
    }

    /// The cover it gives a target behind it.
    pub fn cover(&self) -> Cover {
        match self.kind {
            WallKind::Partial => Cover::Partial,
            WallKind::Full => Cover::Full,
            WallKind::Concealing | WallKind::Door => Cover::None,
        }
    }

    /// Its name, or where it runs when it has none.
    pub fn label(&self) -> String {
        if self.name.is_empty() {
            format!("{} wall {} to {}", self.kind.key(), self.a, self.b)
        } else {
            self.name.clone()
        }
    }
}

/// The map's ground: its size, whether a 1 m grid is drawn, its walls.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxLayout))]
pub struct Layout {
    /// Width in decimetres (west to east).
    pub width: i64,
    /// Height in decimetres (north to south).
    pub height: i64,
    /// A 1 m grid is drawn (a drawing aid: the rules stay gridless).
    #[serde(default)]
    pub grid: bool,
    /// Walls, obstacles' sides and doors.
    #[serde(default)]
    pub walls: Vec<Wall>,
    /// Areas of difficult ground: a way pays each metre in them twice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ground: Vec<Ground>,
    /// The background image drawn under the map, if the GM gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<BackdropData>))]
    pub background: Option<Backdrop>,
}

/// A suppressed area on the map (CX-SUP-01..04): around the point the
/// target stood on when the suppression was laid down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    /// The suppressor.
    pub by: CombatantId,
    /// The centre.
    pub at: Point,
    /// Its radius in metres (1, or 2 for heavy suppression).
    pub radius: i64,
}

/// Why a layout is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A side out of bounds.
    #[error("a map is 1 to 1000 m a side; this one is {width} x {height} m")]
    Size {
        /// Width in metres.
        width: String,
        /// Height in metres.
        height: String,
    },
    /// A wall leaves the map, or has no length.
    #[error("wall {index} ({label}) {why}")]
    Wall {
        /// Its place in the list, from 0.
        index: usize,
        /// Its name or ends.
        label: String,
        /// What is wrong.
        why: String,
    },
    /// Only doors open.
    #[error("wall {index} ({label}) is open but is not a door; only doors open")]
    OpenWall {
        /// Its place in the list, from 0.
        index: usize,
        /// Its name or ends.
        label: String,
    },
    /// An area of difficult ground leaves the map or covers no ground.
    #[error("difficult ground {index} ({label}) {why}")]
    Ground {
        /// Its place in the list, from 0.
        index: usize,
        /// Its name or first corner.
        label: String,
        /// What is wrong.
        why: String,
    },
}

impl Layout {
    /// An empty map `width` by `height` decimetres.
    pub fn new(width: i64, height: i64) -> Layout {
        Layout {
            width,
            height,
            grid: false,
            walls: Vec::new(),
            ground: Vec::new(),
            background: None,
        }
    }

    /// Checks its size and walls.
    pub fn check(&self) -> Result<(), LayoutError> {
        let side = DM..=MAX_SIDE_DM;
        if !side.contains(&self.width) || !side.contains(&self.height) {
            return Err(LayoutError::Size {
                width: show_dm(self.width),
                height: show_dm(self.height),
            });
        }
        for (index, w) in self.walls.iter().enumerate() {
            let why = if !self.contains(w.a) || !self.contains(w.b) {
                Some(format!(
                    "leaves the map (0,0 to {},{})",
                    show_dm(self.width),
                    show_dm(self.height)
                ))
            } else if w.a == w.b {
                Some("has no length: give two different ends".to_string())
            } else {
                None
            };
            if let Some(why) = why {
                return Err(LayoutError::Wall {
                    index,
                    label: w.label(),
                    why,
                });
            }
            if w.open && w.kind != WallKind::Door {
                return Err(LayoutError::OpenWall {
                    index,
                    label: w.label(),
                });
            }
        }
        for (index, g) in self.ground.iter().enumerate() {
            let why = match g.outline.iter().find(|p| !self.contains(**p)) {
                Some(p) => Some(format!(
                    "has the corner {p} off the map (0,0 to {},{})",
                    show_dm(self.width),
                    show_dm(self.height)
                )),
                None => g.problem(),
            };
            if let Some(why) = why {
                return Err(LayoutError::Ground {
                    index,
                    label: g.label(),
                    why,
                });
            }
        }
        Ok(())
    }

    /// The decimetres of the straight leg `a`-`b` that lie in difficult
    /// ground (rounded down; the edge of an area is firm ground): what a
    /// move along it pays a second time.
    pub fn difficult_dm(&self, a: Point, b: Point) -> i64 {
        ground::inside_part(&self.ground, a, b, isqrt(a.distance2(b)))
    }

    /// Whether `p` is on the map (its edges included).
    pub fn contains(&self, p: Point) -> bool {
        (0..=self.width).contains(&p.x) && (0..=self.height).contains(&p.y)
    }

    /// Whether someone at `a` sees someone at `b`: no concealing wall or
    /// closed door touches the line between their centres (one line, centre
    /// to centre, as a decision; the same both ways).
    pub fn sees(&self, a: Point, b: Point) -> bool {
        !self
            .walls
            .iter()
            .any(|w| w.blocks_sight() && geometry::touches(a, b, w.a, w.b))
    }

    /// The cover a target at `target` has against a shooter at `shooter`
    /// from the walls: the best of the partial and full walls the line of
    /// fire crosses farther than [`OWN_COVER_DM`] from the shooter, with
    /// the wall that gives it. Sight is asked apart ([`Layout::sees`]).
    pub fn cover(&self, shooter: Point, target: Point) -> (Cover, Option<&Wall>) {
        let mut best: (Cover, Option<&Wall>) = (Cover::None, None);
        for w in &self.walls {
            let cover = w.cover();
            if cover.modifier() <= best.0.modifier() {
                continue;
            }
            if geometry::touches(shooter, target, w.a, w.b)
                && geometry::crossing_beyond(shooter, target, w.a, w.b, OWN_COVER_DM)
            {
                best = (cover, Some(w));
            }
        }
        best
    }

    /// Sight and cover at once, in one pass over the walls: `None` when a
    /// concealing wall or a closed door blocks the line (as
    /// [`Layout::sees`]), otherwise the cover the target at `target` has
    /// against the shooter at `shooter` (as [`Layout::cover`]).
    pub fn line_of_fire(&self, shooter: Point, target: Point) -> Option<(Cover, Option<&Wall>)> {
        let mut best: (Cover, Option<&Wall>) = (Cover::None, None);
        let (lo_x, hi_x) = (shooter.x.min(target.x), shooter.x.max(target.x));
        let (lo_y, hi_y) = (shooter.y.min(target.y), shooter.y.max(target.y));
        for w in &self.walls {
            // Boxes apart: no touching (the cheap test first).
            if w.a.x.max(w.b.x) < lo_x
                || w.a.x.min(w.b.x) > hi_x
                || w.a.y.max(w.b.y) < lo_y
                || w.a.y.min(w.b.y) > hi_y
            {
                continue;
            }
            let blocks = w.blocks_sight();
            let cover = w.cover();
            if !blocks && cover.modifier() <= best.0.modifier() {
                continue;
            }
            if !geometry::touches(shooter, target, w.a, w.b) {
                continue;
            }
            if blocks {
                return None;
            }
            if geometry::crossing_beyond(shooter, target, w.a, w.b, OWN_COVER_DM) {
                best = (cover, Some(w));
            }
        }
        Some(best)
    }

    /// Whether a straight step from `a` to `b` is free of walls that block
    /// steps.
    pub fn clear_step(&self, a: Point, b: Point) -> bool {
        !self
            .walls
            .iter()
            .any(|w| w.blocks_steps() && geometry::touches(a, b, w.a, w.b))
    }

    /// Whether a wall that stops a blast (full cover, concealing, a closed
    /// door) lies between a blast at `at` and `p` (a decision: partial cover
    /// does not shield from a grenade).
    pub fn shields_blast(&self, at: Point, p: Point) -> bool {
        self.walls.iter().any(|w| {
            (w.blocks_sight() || w.kind == WallKind::Full) && geometry::touches(at, p, w.a, w.b)
        })
    }

    /// The shortest way from `from` to `to` around the walls, if one is at
    /// most `limit` decimetres long.
    pub fn route(&self, from: Point, to: Point, limit: i64) -> Option<Route> {
        path::route(self, from, to, limit)
    }

    /// The index of the door named `name`.
    pub fn door(&self, name: &str) -> Option<usize> {
        self.walls
            .iter()
            .position(|w| w.kind == WallKind::Door && w.name == name)
    }

    /// The names of the doors, for refusals.
    pub fn door_names(&self) -> Vec<String> {
        self.walls
            .iter()
            .filter(|w| w.kind == WallKind::Door)
            .map(Wall::label)
            .collect()
    }
}

/// The map of a fight and where the combatants stand on it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    /// The ground and walls.
    pub layout: Layout,
    /// Where each placed combatant stands (the centre of its metre).
    #[serde(default)]
    pub positions: BTreeMap<CombatantId, Point>,
    /// Suppressed areas laid down on the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
}

impl Scene {
    /// A scene on `layout`, nobody placed yet.
    pub fn new(layout: Layout) -> Scene {
        Scene {
            layout,
            positions: BTreeMap::new(),
            areas: Vec::new(),
        }
    }

    /// Where `id` stands, if placed.
    pub fn at(&self, id: &CombatantId) -> Option<Point> {
        self.positions.get(id).copied()
    }

    /// Whether `a` sees `b`; true when either is not on the map (the GM's
    /// word rules there).
    pub fn sees(&self, a: &CombatantId, b: &CombatantId) -> bool {
        match (self.at(a), self.at(b)) {
            (Some(pa), Some(pb)) => self.layout.sees(pa, pb),
            _ => true,
        }
    }

    /// The metres between `a` and `b` as the map measures them, when both
    /// are placed.
    pub fn metres(&self, a: &CombatantId, b: &CombatantId) -> Option<i64> {
        Some(metres_between(self.at(a)?, self.at(b)?))
    }
}

/// Which way a scattered grenade flies: a d8, 1 north then clockwise
/// (2 north-east, 3 east ... 8 north-west), as a decision.
pub fn scatter_direction(d8: u32) -> (i64, i64) {
    match d8 {
        1 => (0, -1),
        2 => (1, -1),
        3 => (1, 0),
        4 => (1, 1),
        5 => (0, 1),
        6 => (-1, 1),
        7 => (-1, 0),
        _ => (-1, -1),
    }
}

/// The compass name of a d8 scatter direction.
pub fn direction_name(d8: u32) -> &'static str {
    match d8 {
        1 => "north",
        2 => "north-east",
        3 => "east",
        4 => "south-east",
        5 => "south",
        6 => "south-west",
        7 => "west",
        _ => "north-west",
    }
}

/// Where a grenade aimed at `at` lands `metres` off in the d8's direction,
/// kept on the map: a diagonal moves `metres / sqrt 2` along each axis,
/// rounded to the decimetre.
pub fn scattered(layout: &Layout, at: Point, metres: i64, d8: u32) -> Point {
    let (ux, uy) = scatter_direction(d8);
    let along = if ux != 0 && uy != 0 {
        // metres * 10 / sqrt(2), rounded: sqrt(metres^2 * 50) to the nearest.
        (isqrt(4 * 50 * metres * metres) + 1) / 2
    } else {
        metres * DM
    };
    Point {
        x: (at.x + ux * along).clamp(0, layout.width),
        y: (at.y + uy * along).clamp(0, layout.height),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metres_round_to_the_nearest_half_up() {
        let o = Point::new(0, 0);
        for (dm, m) in [
            (0, 0),
            (4, 0),
            (5, 1),
            (14, 1),
            (15, 2),
            (104, 10),
            (105, 11),
        ] {
            assert_eq!(metres_between(o, Point::new(dm, 0)), m, "{dm} dm");
        }
        // 1.41 m diagonally: 1 m.
        assert_eq!(metres_between(o, Point::new(10, 10)), 1);
        // 3,4 -> 5 m exactly.
        assert_eq!(metres_between(o, Point::metres(3, 4)), 5);
    }

    #[test]
    fn points_read_as_metres() {
        assert_eq!(Point::parse_metres("12,4"), Ok(Point::new(120, 40)));
        assert_eq!(Point::parse_metres("12.5, 0.5"), Ok(Point::new(125, 5)));
        assert!(Point::parse_metres("12").is_err());
        assert!(Point::parse_metres("1.25,3").is_err());
        assert_eq!(Point::new(125, 40).to_string(), "12.5,4");
    }
}
