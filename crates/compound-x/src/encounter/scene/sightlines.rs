//! [`Sightlines`]: the walls of a map sorted into 4 m cells, so that the
//! sight and cover of many pairs (fog of war for every player, a whole
//! table's lines of fire) test only the walls near each line, not all of
//! them. The answers are exactly [`Layout::line_of_fire`]'s: a line's
//! cells hold every wall that shares a point with it.

use super::{Cover, Layout, Point, Wall};

/// The side of a cell: 4 m.
const CELL: i64 = 40;

/// A map's walls by cell, borrowed from its layout.
#[derive(Debug)]
pub struct Sightlines<'a> {
    layout: &'a Layout,
    columns: i64,
    rows: i64,
    /// The walls (by index) whose box meets each cell, row by row.
    cells: Vec<Vec<u32>>,
}

impl<'a> Sightlines<'a> {
    /// Sorts the walls of `layout` into cells.
    pub fn new(layout: &'a Layout) -> Sightlines<'a> {
        let columns = layout.width.max(1) / CELL + 1;
        let rows = layout.height.max(1) / CELL + 1;
        let mut cells = vec![Vec::new(); usize::try_from(columns * rows).unwrap_or(0)];
        let cell = |v: i64, n: i64| (v.div_euclid(CELL)).clamp(0, n - 1);
        for (i, w) in layout.walls.iter().enumerate() {
            let (x0, x1) = (
                cell(w.a.x.min(w.b.x), columns),
                cell(w.a.x.max(w.b.x), columns),
            );
            let (y0, y1) = (cell(w.a.y.min(w.b.y), rows), cell(w.a.y.max(w.b.y), rows));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    if let Some(list) = usize::try_from(y * columns + x)
                        .ok()
                        .and_then(|at| cells.get_mut(at))
                    {
                        list.push(u32::try_from(i).unwrap_or(u32::MAX));
                    }
                }
            }
        }
        Sightlines {
            layout,
            columns,
            rows,
            cells,
        }
    }

    /// As [`Layout::line_of_fire`]: `None` when the line is blocked,
    /// otherwise the target's cover from the walls. Points off the map are
    /// asked of the layout itself.
    pub fn line_of_fire(&self, shooter: Point, target: Point) -> Option<(Cover, Option<&'a Wall>)> {
        if !self.layout.contains(shooter) || !self.layout.contains(target) {
            return self.layout.line_of_fire(shooter, target);
        }
        let mut best: (Cover, Option<&'a Wall>) = (Cover::None, None);
        let (a, b) = if shooter.y <= target.y {
            (shooter, target)
        } else {
            (target, shooter)
        };
        let (r0, r1) = (
            a.y.div_euclid(CELL),
            b.y.div_euclid(CELL).min(self.rows - 1),
        );
        for row in r0..=r1 {
            // The part of the line within the row's band, and its x range
            // (rounded outward).
            let y0 = (row * CELL).max(a.y);
            let y1 = ((row + 1) * CELL).min(b.y);
            let (xa, xb) = if a.y == b.y {
                (a.x, b.x)
            } else {
                let dy = b.y - a.y;
                let at = |y: i64| {
                    let n = (y - a.y) * (b.x - a.x);
                    (a.x + n.div_euclid(dy), a.x + (n + dy - 1).div_euclid(dy))
                };
                let (f0, c0) = at(y0);
                let (f1, c1) = at(y1);
                (f0.min(f1), c0.max(c1))
            };
            let (lo, hi) = (xa.min(xb), xa.max(xb));
            let c0 = lo.div_euclid(CELL).max(0);
            let c1 = hi.div_euclid(CELL).min(self.columns - 1);
            for column in c0..=c1 {
                let Some(list) = usize::try_from(row * self.columns + column)
                    .ok()
                    .and_then(|at| self.cells.get(at))
                else {
                    continue;
                };
                for &i in list {
                    let w = &self.layout.walls[i as usize];
                    let blocks = w.blocks_sight();
                    let cover = w.cover();
                    if !blocks && cover.modifier() <= best.0.modifier() {
                        continue;
                    }
                    if !super::geometry::touches(shooter, target, w.a, w.b) {
                        continue;
                    }
                    if blocks {
                        return None;
                    }
                    if super::geometry::crossing_beyond(
                        shooter,
                        target,
                        w.a,
                        w.b,
                        super::OWN_COVER_DM,
                    ) {
                        best = (cover, Some(w));
                    }
                }
            }
        }
        Some(best)
    }

    /// Whether someone at `a` sees someone at `b` (as [`Layout::sees`]).
    pub fn sees(&self, a: Point, b: Point) -> bool {
        self.line_of_fire(a, b).is_some()
    }
}
