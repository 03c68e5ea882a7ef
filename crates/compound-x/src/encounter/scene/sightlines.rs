//! [`Sightlines`]: the walls of a map sorted into 4 m cells, so that the
//! sight and cover of many pairs (fog of war for every player, a whole
//! table's lines of fire) test only the walls near each line, not all of
//! them. The answers are exactly [`Layout::line_of_fire`]'s, the wall
//! named included: a line's cells hold every wall that shares a point with
//! it, and of the walls giving the best cover the first in the map's order
//! is named.
//!
//! Built for speed (issue 24's benchmark: every pair of 50 combatants on a
//! map of 200 walls): open doors, which stop nothing, are left out; each
//! wall keeps its box, so most walls met in a cell are set aside by four
//! comparisons before the exact segment test; the cells are one flat list;
//! and [`Sightlines::table`] follows each line once for both directions
//! (sight is the same both ways, and only where the line crosses a wall is
//! measured from each end).

use super::{Cover, Layout, Point, Wall};

/// The side of a cell: 4 m.
const CELL: i64 = 40;

/// What a wall does to a line that touches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stops {
    /// Blocks sight and shots (concealing, a closed door).
    Sight,
    /// Full cover.
    Full,
    /// Partial cover.
    Partial,
}

/// A wall as the lines test it: its ends, its box, what it does.
#[derive(Clone, Copy, Debug)]
struct Segment {
    a: Point,
    b: Point,
    /// The box's least corner.
    lo: Point,
    /// The box's greatest corner.
    hi: Point,
    stops: Stops,
    /// Its place in the layout's walls.
    wall: u32,
}

/// A map's walls by cell, borrowed from its layout.
#[derive(Debug)]
pub struct Sightlines<'a> {
    layout: &'a Layout,
    columns: i64,
    rows: i64,
    /// The walls that stop something, in the layout's order.
    segments: Vec<Segment>,
    /// Where each cell's list starts in `items` (row by row), and one past
    /// the last cell's end.
    starts: Vec<u32>,
    /// The segments (by index) whose box meets each cell, cell after cell.
    items: Vec<u32>,
}

/// The best cover a line crosses, as the segment's index (the first in the
/// layout's order) for full and for partial cover; `u32::MAX` for none.
#[derive(Clone, Copy)]
struct Best {
    full: u32,
    partial: u32,
}

impl Best {
    const NONE: Best = Best {
        full: u32::MAX,
        partial: u32::MAX,
    };

    /// Whether the segment `k` giving `stops` could still better it.
    fn wants(&self, k: u32, stops: Stops) -> bool {
        match stops {
            Stops::Full => k < self.full,
            Stops::Partial => self.full == u32::MAX && k < self.partial,
            Stops::Sight => true,
        }
    }

    fn take(&mut self, k: u32, stops: Stops) {
        match stops {
            Stops::Full => self.full = self.full.min(k),
            Stops::Partial => self.partial = self.partial.min(k),
            Stops::Sight => {}
        }
    }
}

impl<'a> Sightlines<'a> {
    /// Sorts the walls of `layout` into cells.
    pub fn new(layout: &'a Layout) -> Sightlines<'a> {
        let columns = layout.width.max(1) / CELL + 1;
        let rows = layout.height.max(1) / CELL + 1;
        let segments: Vec<Segment> = layout
            .walls
            .iter()
            .enumerate()
            .filter_map(|(i, w)| {
                let stops = if w.blocks_sight() {
                    Stops::Sight
                } else {
                    match w.cover() {
                        Cover::Full => Stops::Full,
                        Cover::Partial => Stops::Partial,
                        Cover::None => return None,
                    }
                };
                Some(Segment {
                    a: w.a,
                    b: w.b,
                    lo: Point::new(w.a.x.min(w.b.x), w.a.y.min(w.b.y)),
                    hi: Point::new(w.a.x.max(w.b.x), w.a.y.max(w.b.y)),
                    stops,
                    wall: u32::try_from(i).unwrap_or(u32::MAX),
                })
            })
            .collect();
        let cell = |v: i64, n: i64| (v.div_euclid(CELL)).clamp(0, n - 1);
        let cells = usize::try_from(columns * rows).unwrap_or(0);
        // Each segment's cells, as a range of columns and rows.
        let spans: Vec<(i64, i64, i64, i64)> = segments
            .iter()
            .map(|s| {
                (
                    cell(s.lo.x, columns),
                    cell(s.hi.x, columns),
                    cell(s.lo.y, rows),
                    cell(s.hi.y, rows),
                )
            })
            .collect();
        // Counted first, then filled: one flat list.
        let mut counts = vec![0u32; cells + 1];
        for &(x0, x1, y0, y1) in &spans {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    counts[(y * columns + x) as usize] += 1;
                }
            }
        }
        let mut starts = Vec::with_capacity(cells + 1);
        let mut total = 0u32;
        for c in &counts {
            starts.push(total);
            total += c;
        }
        let mut fill: Vec<u32> = starts.clone();
        let mut items = vec![0u32; total as usize];
        for (k, &(x0, x1, y0, y1)) in spans.iter().enumerate() {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let at = &mut fill[(y * columns + x) as usize];
                    items[*at as usize] = k as u32;
                    *at += 1;
                }
            }
        }
        Sightlines {
            layout,
            columns,
            rows,
            segments,
            starts,
            items,
        }
    }

    /// As [`Layout::line_of_fire`]: `None` when the line is blocked,
    /// otherwise the target's cover from the walls and the wall giving it.
    /// Points off the map are asked of the layout itself.
    pub fn line_of_fire(&self, shooter: Point, target: Point) -> Option<(Cover, Option<&'a Wall>)> {
        if !self.layout.contains(shooter) || !self.layout.contains(target) {
            return self.layout.line_of_fire(shooter, target);
        }
        let [from_shooter, _] = self.trace(shooter, target, false)?;
        Some(self.answer(from_shooter))
    }

    /// Both ways at once: `None` when the line between `a` and `b` is
    /// blocked, otherwise the cover of `b` against a shooter at `a`, and of
    /// `a` against a shooter at `b` (each as [`Layout::line_of_fire`]).
    pub fn both_ways(&self, a: Point, b: Point) -> Option<BothWays<'a>> {
        if !self.layout.contains(a) || !self.layout.contains(b) {
            let there = self.layout.line_of_fire(a, b)?;
            let back = self.layout.line_of_fire(b, a)?;
            return Some([there, back]);
        }
        let [there, back] = self.trace(a, b, true)?;
        Some([self.answer(there), self.answer(back)])
    }

    /// Sight and cover between every two of `points`, each line followed
    /// once: the table's entry (i, j) is the line of fire from `points[i]`
    /// to `points[j]` (as [`Sightlines::line_of_fire`]).
    pub fn table(&self, points: &[Point]) -> LinesOfFire<'a> {
        let n = points.len();
        let mut lines = vec![None; n * n];
        for i in 0..n {
            for j in i + 1..n {
                if let Some([there, back]) = self.both_ways(points[i], points[j]) {
                    lines[i * n + j] = Some(there);
                    lines[j * n + i] = Some(back);
                }
            }
            lines[i * n + i] = self.line_of_fire(points[i], points[i]);
        }
        LinesOfFire { n, lines }
    }

    /// Whether someone at `a` sees someone at `b` (as [`Layout::sees`]).
    pub fn sees(&self, a: Point, b: Point) -> bool {
        if !self.layout.contains(a) || !self.layout.contains(b) {
            return self.layout.sees(a, b);
        }
        self.trace(a, b, false).is_some()
    }

    fn answer(&self, best: Best) -> (Cover, Option<&'a Wall>) {
        let wall = |k: u32| {
            let w = self.segments[k as usize].wall as usize;
            Some(&self.layout.walls[w])
        };
        if best.full != u32::MAX {
            (Cover::Full, wall(best.full))
        } else if best.partial != u32::MAX {
            (Cover::Partial, wall(best.partial))
        } else {
            (Cover::None, None)
        }
    }

    /// Follows the line from `p` to `q` (both on the map) through its
    /// cells: `None` when a wall blocks it, otherwise the best cover from
    /// `p`'s side and, when `back`, from `q`'s.
    fn trace(&self, p: Point, q: Point, back: bool) -> Option<[Best; 2]> {
        let mut best = [Best::NONE; 2];
        let (a, b) = if p.y <= q.y { (p, q) } else { (q, p) };
        let (r0, r1) = (
            a.y.div_euclid(CELL),
            b.y.div_euclid(CELL).min(self.rows - 1),
        );
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        // Where the line crosses the rows' edges, x = a.x + eq + er / dy,
        // stepped from edge to edge without dividing again: the first
        // edge below a, then CELL further each time.
        let (mut eq, mut er, step_q, step_r) = if dy > 0 {
            let n = ((r0 + 1) * CELL - a.y) * dx;
            let step = CELL * dx;
            (
                n.div_euclid(dy),
                n.rem_euclid(dy),
                step.div_euclid(dy),
                step.rem_euclid(dy),
            )
        } else {
            (0, 0, 0, 0)
        };
        // The line's x at the top of the current row's part (whole
        // decimetres, rounded down and up).
        let (mut top_lo, mut top_hi) = (a.x, a.x);
        for row in r0..=r1 {
            // The part of the line within the row's band, and its x range
            // (rounded outward).
            let y0 = (row * CELL).max(a.y);
            let y1 = ((row + 1) * CELL).min(b.y);
            let (xa, xb) = if dy == 0 {
                (a.x, b.x)
            } else {
                let (bottom_lo, bottom_hi) = if (row + 1) * CELL >= b.y {
                    (b.x, b.x)
                } else {
                    let edge = (a.x + eq, a.x + eq + i64::from(er > 0));
                    eq += step_q;
                    er += step_r;
                    if er >= dy {
                        eq += 1;
                        er -= dy;
                    }
                    edge
                };
                let range = (top_lo.min(bottom_lo), top_hi.max(bottom_hi));
                (top_lo, top_hi) = (bottom_lo, bottom_hi);
                range
            };
            let c0 = xa.min(xb).div_euclid(CELL).max(0);
            let c1 = xa.max(xb).div_euclid(CELL).min(self.columns - 1);
            if c0 > c1 {
                continue;
            }
            // The cells c0..=c1 of this row are consecutive in the list.
            let first = (row * self.columns + c0) as usize;
            let last = (row * self.columns + c1) as usize;
            let (from, to) = (self.starts[first] as usize, self.starts[last + 1] as usize);
            // The box of the line's part in this row: a wall touching it
            // there has a box that meets it.
            let (lo_x, hi_x) = (xa.min(xb), xa.max(xb));
            for &k in &self.items[from..to] {
                let s = &self.segments[k as usize];
                if s.hi.x < lo_x || s.lo.x > hi_x || s.hi.y < y0 || s.lo.y > y1 {
                    continue;
                }
                let wanted = s.stops == Stops::Sight
                    || best[0].wants(k, s.stops)
                    || (back && best[1].wants(k, s.stops));
                if !wanted {
                    continue;
                }
                if !super::geometry::touches(p, q, s.a, s.b) {
                    continue;
                }
                if s.stops == Stops::Sight {
                    return None;
                }
                if best[0].wants(k, s.stops)
                    && super::geometry::crossing_beyond(p, q, s.a, s.b, super::OWN_COVER_DM)
                {
                    best[0].take(k, s.stops);
                }
                if back
                    && best[1].wants(k, s.stops)
                    && super::geometry::crossing_beyond(q, p, s.a, s.b, super::OWN_COVER_DM)
                {
                    best[1].take(k, s.stops);
                }
            }
        }
        Some(best)
    }
}

/// The lines of fire both ways between two points: from the first to the
/// second, and back.
pub type BothWays<'a> = [(Cover, Option<&'a Wall>); 2];

/// Sight and cover between every two of a list of points
/// ([`Sightlines::table`]).
#[derive(Debug, Clone)]
pub struct LinesOfFire<'a> {
    n: usize,
    lines: Vec<Option<(Cover, Option<&'a Wall>)>>,
}

impl<'a> LinesOfFire<'a> {
    /// The line of fire from point `i` to point `j` (indices into the list
    /// the table was made for): `None` when blocked, otherwise the cover of
    /// the one at `j` against a shooter at `i`.
    ///
    /// # Panics
    /// When `i` or `j` is not below the number of points.
    pub fn get(&self, i: usize, j: usize) -> Option<(Cover, Option<&'a Wall>)> {
        assert!(i < self.n && j < self.n, "a point of the table");
        self.lines[i * self.n + j]
    }

    /// How many points the table is for.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether it is for no point.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
}
