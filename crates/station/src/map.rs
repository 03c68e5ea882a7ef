//! The square grid: tiles, rooms, distance, line of sight and paths
//! (rule ST-MAP-01).
//!
//! Decisions (docs/rules/station.md): distance is Chebyshev (a diagonal step
//! is 1 square); line of sight runs from square centre to square centre and is
//! blocked by walls, void and closed doors, and where it passes exactly
//! through a corner it is blocked only when both squares beside the corner
//! block; moves go to any of the 8 neighbours, but a diagonal step may not cut
//! the corner of a wall or closed door; rooms are the 4-connected floor areas
//! between walls and doors (a door square belongs to no room).
//!
//! Squares, distance, sight and the path searches are the shared grid's
//! (`nanite_core::grid`); this module says what blocks on a station: its
//! tiles, doors, corners and units ([`Terrain`]).

use std::collections::{BTreeMap, BTreeSet};

use nanite_core::grid::{self, Square};
use serde::{Deserialize, Serialize};

/// A square on the grid: x grows to the right, y downwards, from 0,0 (the
/// shared grid's square, counted in `i32`).
pub type Pos = Square<i32>;

/// Distance in squares: Chebyshev, a diagonal step counts 1 (rule ST-MAP-01).
/// Any two squares have a distance, however far apart (it saturates at
/// `i32::MAX`), so a square typed far off the map is simply too far.
pub fn distance(a: Pos, b: Pos) -> i32 {
    grid::distance(a, b)
}

/// What a square is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tile {
    /// Outside the station.
    Void,
    /// Walkable floor (doors stand on floor).
    Floor,
    /// A wall.
    Wall,
}

/// A room's number.
pub type RoomId = u32;

/// The fixed shape of the map: tiles and rooms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    width: i32,
    height: i32,
    tiles: Vec<Tile>,
    rooms: Vec<Option<RoomId>>,
    room_count: u32,
}

impl Grid {
    /// A grid from rows of tiles; squares in `doors` separate rooms.
    pub fn new(rows: &[Vec<Tile>], doors: &[Pos]) -> Grid {
        let height = rows.len() as i32;
        let width = rows.iter().map(Vec::len).max().unwrap_or(0) as i32;
        let mut tiles = vec![Tile::Void; (width * height) as usize];
        for (y, row) in rows.iter().enumerate() {
            for (x, tile) in row.iter().enumerate() {
                tiles[y * width as usize + x] = *tile;
            }
        }
        let mut grid = Grid {
            width,
            height,
            tiles,
            rooms: vec![None; (width * height) as usize],
            room_count: 0,
        };
        grid.find_rooms(&doors.iter().copied().collect());
        grid
    }

    fn index(&self, p: Pos) -> Option<usize> {
        grid::Bounds::new(self.width, self.height)
            .contains(p)
            .then(|| (p.y * self.width + p.x) as usize)
    }

    fn find_rooms(&mut self, doors: &BTreeSet<Pos>) {
        let mut next = 0;
        for start in 0..self.tiles.len() {
            let p = Pos::new(start as i32 % self.width, start as i32 / self.width);
            if self.tiles[start] != Tile::Floor || self.rooms[start].is_some() || doors.contains(&p)
            {
                continue;
            }
            let mut stack = vec![p];
            self.rooms[start] = Some(next);
            while let Some(q) = stack.pop() {
                for n in &q.neighbours()[..4] {
                    if let Some(i) = self.index(*n) {
                        if self.tiles[i] == Tile::Floor
                            && self.rooms[i].is_none()
                            && !doors.contains(n)
                        {
                            self.rooms[i] = Some(next);
                            stack.push(*n);
                        }
                    }
                }
            }
            next += 1;
        }
        self.room_count = next;
    }

    /// Columns.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// Whether `p` lies within the grid's rows and columns.
    pub fn contains(&self, p: Pos) -> bool {
        self.index(p).is_some()
    }

    /// The tile at `p` (void outside the grid).
    pub fn tile(&self, p: Pos) -> Tile {
        self.index(p).map_or(Tile::Void, |i| self.tiles[i])
    }

    /// The room `p` lies in (none for walls, void and door squares).
    pub fn room(&self, p: Pos) -> Option<RoomId> {
        self.index(p).and_then(|i| self.rooms[i])
    }

    /// How many rooms.
    pub fn room_count(&self) -> u32 {
        self.room_count
    }

    /// Every floor square, row by row.
    pub fn floor(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Pos::new(x, y)))
            .filter(|p| self.tile(*p) == Tile::Floor)
    }
}

/// What the geometry needs to know beyond the grid: doors, units, costs.
pub trait Terrain {
    /// The grid.
    fn grid(&self) -> &Grid;
    /// Whether a closed door stands on `p`.
    fn closed_door(&self, p: Pos) -> bool;
    /// Whether something stands on `p` that blocks moving onto it (a unit,
    /// a device).
    fn occupied(&self, p: Pos) -> bool;
    /// AP to step onto `p` (1; 2 in a no-light room, rule ST-ENV-01).
    fn step_cost(&self, p: Pos) -> u32 {
        let _ = p;
        1
    }

    /// Whether `p` blocks sight: walls, void, closed doors.
    fn opaque(&self, p: Pos) -> bool {
        self.grid().tile(p) != Tile::Floor || self.closed_door(p)
    }
}

/// Whether `to` can be seen from `from` (rule ST-MAP-01): walls, void and
/// closed doors block sight, a corner only when both its sides block. A
/// square outside the grid is never seen, nor sees.
pub fn line_of_sight(t: &dyn Terrain, from: Pos, to: Pos) -> bool {
    if !t.grid().contains(from) || !t.grid().contains(to) {
        return false;
    }
    grid::line_of_sight(from, to, |p| t.opaque(p))
}

/// Whether a single step from `a` to its neighbour `b` is allowed by walls
/// and doors (units are not considered).
pub fn step_open(t: &dyn Terrain, a: Pos, b: Pos) -> bool {
    if distance(a, b) != 1 || t.opaque(b) {
        return false;
    }
    if a.x != b.x && a.y != b.y {
        // No cutting corners.
        return !t.opaque(Pos::new(b.x, a.y)) && !t.opaque(Pos::new(a.x, b.y));
    }
    true
}

/// The AP to step from `a` onto its neighbour `b`, if a unit may: open by
/// walls and doors, nobody standing on `b`.
fn step(t: &dyn Terrain, a: Pos, b: Pos) -> Option<u32> {
    (step_open(t, a, b) && !t.occupied(b)).then(|| t.step_cost(b))
}

/// The AP cost of reaching every square reachable from `from`, going around
/// walls, closed doors and occupied squares.
pub fn costs_from(t: &dyn Terrain, from: Pos) -> BTreeMap<Pos, u32> {
    grid::costs_from(from, |a, b| step(t, a, b))
}

/// The cheapest path from `from` to `to` (excluding `from`), with its AP
/// cost, or `None` if `to` cannot be reached. Of equally cheap paths, the
/// one through the smallest squares ([`grid::cheapest_path`]).
pub fn path(t: &dyn Terrain, from: Pos, to: Pos) -> Option<(Vec<Pos>, u32)> {
    grid::cheapest_path(from, to, |a, b| step(t, a, b))
}

/// The AP cost from the nearest of `sources` to every square reachable from
/// them: a distance field to walk down, one step at a time. A square counts
/// from where a unit could start its walk: not one somebody else stands on.
pub fn distance_field(t: &dyn Terrain, sources: &[Pos]) -> BTreeMap<Pos, u32> {
    grid::distance_field(sources, |a, b| {
        (step_open(t, a, b) && !t.occupied(a)).then(|| t.step_cost(b))
    })
}

/// A direction a camera or turret faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Facing {
    /// Up the page.
    North,
    /// North-east.
    NorthEast,
    /// Right.
    East,
    /// South-east.
    SouthEast,
    /// Down the page.
    South,
    /// South-west.
    SouthWest,
    /// Left.
    West,
    /// North-west.
    NorthWest,
}

impl Facing {
    /// Reads "n", "north", "ne", "north-east", ...
    pub fn parse(text: &str) -> Option<Facing> {
        Some(match text.to_ascii_lowercase().as_str() {
            "n" | "north" => Facing::North,
            "ne" | "north-east" | "northeast" => Facing::NorthEast,
            "e" | "east" => Facing::East,
            "se" | "south-east" | "southeast" => Facing::SouthEast,
            "s" | "south" => Facing::South,
            "sw" | "south-west" | "southwest" => Facing::SouthWest,
            "w" | "west" => Facing::West,
            "nw" | "north-west" | "northwest" => Facing::NorthWest,
            _ => return None,
        })
    }

    fn vector(self) -> (f64, f64) {
        match self {
            Facing::North => (0.0, -1.0),
            Facing::NorthEast => (1.0, -1.0),
            Facing::East => (1.0, 0.0),
            Facing::SouthEast => (1.0, 1.0),
            Facing::South => (0.0, 1.0),
            Facing::SouthWest => (-1.0, 1.0),
            Facing::West => (-1.0, 0.0),
            Facing::NorthWest => (-1.0, -1.0),
        }
    }
}

/// A cone of view: where a camera or turret looks (rule ST-ENV-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cone {
    /// Where it stands.
    pub at: Pos,
    /// Which way it looks.
    pub facing: Facing,
    /// How far, in squares.
    pub range: i32,
    /// The full opening angle in degrees (360 sees all around).
    pub angle: i32,
}

impl Cone {
    /// Whether `p` is in this field of view: within range, within the angle
    /// and in line of sight.
    pub fn sees(&self, t: &dyn Terrain, p: Pos) -> bool {
        if p == self.at {
            return true;
        }
        if distance(self.at, p) > self.range {
            return false;
        }
        if self.angle < 360 {
            let (fx, fy) = self.facing.vector();
            let (vx, vy) = (f64::from(p.x - self.at.x), f64::from(p.y - self.at.y));
            let cos =
                (fx * vx + fy * vy) / ((fx * fx + fy * fy).sqrt() * (vx * vx + vy * vy).sqrt());
            let half = f64::from(self.angle) / 2.0;
            // A small tolerance so a square exactly on the edge is seen.
            if cos < (half.to_radians()).cos() - 1e-9 {
                return false;
            }
        }
        line_of_sight(t, self.at, p)
    }
}

#[cfg(test)]
mod tests;
