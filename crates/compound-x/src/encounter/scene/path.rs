//! The shortest way around the walls: A* over the points of a 0.5 m
//! lattice (and the start and end themselves), each step a straight line
//! no wall touches, then pulled straight where the walls allow, and
//! measured along its corners. Integers throughout, ties broken by the
//! order of the points, so the same map always gives the same path.
//!
//! On a map with difficult ground, every step costs its length plus its
//! part in difficult ground (paid twice, `ground`): the search, the
//! pulling straight and the corners drawn in all weigh that cost, so the
//! way may go round a patch of mud when that is cheaper.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use serde::{Deserialize, Serialize};

use super::{Layout, Point, Wall, isqrt};

/// The lattice's step: 0.5 m.
const STEP: i64 = 5;

/// A way from one point to another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Route {
    /// The corners, the start first and the end last.
    pub corners: Vec<Point>,
    /// Its length in decimetres, each leg rounded down (never more than
    /// the true length).
    pub length_dm: i64,
    /// Of that length, the decimetres in difficult ground (each leg's
    /// rounded down), paid a second time.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub difficult_dm: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

impl Route {
    /// The metres the way costs, rounded to the nearest (a half up), at
    /// least 1 for any move at all: its length, and its part in difficult
    /// ground once more. Without difficult ground, its length.
    pub fn metres(&self) -> i64 {
        let paid = self.paid_dm();
        let m = (paid + 5) / 10;
        if paid > 0 { m.max(1) } else { 0 }
    }

    /// The decimetres it costs: its length plus its part in difficult
    /// ground.
    pub fn paid_dm(&self) -> i64 {
        self.length_dm + self.difficult_dm
    }

    /// Its part in difficult ground in whole metres, rounded to the
    /// nearest (a half up).
    pub fn difficult_metres(&self) -> i64 {
        (self.difficult_dm + 5) / 10
    }
}

/// The length of a leg in decimetres, rounded down.
fn leg(a: Point, b: Point) -> i64 {
    isqrt(a.distance2(b))
}

/// The cost of a leg in hundredths of a decimetre, for the search (the
/// lattice's diagonals are not whole decimetres).
fn cost(a: Point, b: Point) -> i64 {
    isqrt(a.distance2(b) * 10_000)
}

pub(super) fn route(layout: &Layout, from: Point, to: Point, limit: i64) -> Option<Route> {
    if !layout.contains(from) || !layout.contains(to) {
        return None;
    }
    // Only walls the search can reach are tested.
    let reach = limit + STEP;
    let near: Vec<&Wall> = layout
        .walls
        .iter()
        .filter(|w| w.blocks_steps() && segment_near(w, from, reach))
        .collect();
    let clear = |a: Point, b: Point| {
        !near
            .iter()
            .any(|w| super::geometry::touches(a, b, w.a, w.b))
    };
    let rough = !layout.ground.is_empty();
    // A step's cost: its length, and its part in difficult ground again.
    let step = |a: Point, b: Point| {
        let c = cost(a, b);
        if rough {
            c + super::ground::inside_part(&layout.ground, a, b, c)
        } else {
            c
        }
    };
    let measure = |corners: Vec<Point>| {
        let length_dm = corners.windows(2).map(|w| leg(w[0], w[1])).sum();
        let difficult_dm = corners
            .windows(2)
            .map(|w| layout.difficult_dm(w[0], w[1]))
            .sum();
        Route {
            corners,
            length_dm,
            difficult_dm,
        }
    };
    let done = |corners: Vec<Point>| Some(measure(corners)).filter(|r| r.paid_dm() <= limit);
    if from == to {
        return done(vec![from]);
    }
    // Straight, when nothing is in the way (and, on rough maps, when the
    // search finds nothing cheaper).
    let straight = clear(from, to).then(|| measure(vec![from, to]));
    if let Some(s) = &straight
        && !rough
    {
        return done(s.corners.clone());
    }
    let limit_cost = limit * 100 + 100;
    let goal_corners = lattice_corners(layout, to);
    let h = |p: Point| cost(p, to);
    let mut best: BTreeMap<Point, i64> = BTreeMap::new();
    let mut came: BTreeMap<Point, Point> = BTreeMap::new();
    let mut open = BinaryHeap::new();
    best.insert(from, 0);
    open.push(Reverse((h(from), 0i64, from)));
    let mut reached = false;
    while let Some(Reverse((f, g, p))) = open.pop() {
        if f > limit_cost {
            break;
        }
        if best.get(&p).is_some_and(|&b| b < g) {
            continue;
        }
        if p == to {
            reached = true;
            break;
        }
        let mut next: Vec<Point> = if p == from {
            lattice_corners(layout, from)
        } else {
            neighbours(layout, p)
        };
        if goal_corners.contains(&p) {
            next.push(to);
        }
        for q in next {
            if q == p || !clear(p, q) {
                continue;
            }
            let gq = g + step(p, q);
            if best.get(&q).is_none_or(|&b| gq < b) {
                best.insert(q, gq);
                came.insert(q, p);
                open.push(Reverse((gq + h(q), gq, q)));
            }
        }
    }
    if !reached {
        return straight.and_then(|s| done(s.corners));
    }
    let mut steps = vec![to];
    let mut at = to;
    while let Some(&p) = came.get(&at) {
        steps.push(p);
        at = p;
    }
    steps.reverse();
    let mut corners = pulled_straight(&steps, rough, &clear, &step);
    tighten(&mut corners, &near, &clear, &step);
    let found = measure(corners);
    match straight {
        Some(s) if s.paid_dm() <= found.paid_dm() => done(s.corners),
        _ => done(found.corners),
    }
}

/// The lattice points of `p`'s cell within the map: the start and the end
/// join the lattice through them.
fn lattice_corners(layout: &Layout, p: Point) -> Vec<Point> {
    let snap_down = |v: i64| v.div_euclid(STEP) * STEP;
    let (x0, y0) = (snap_down(p.x), snap_down(p.y));
    let mut out = vec![];
    for (x, y) in [
        (x0, y0),
        (x0 + STEP, y0),
        (x0, y0 + STEP),
        (x0 + STEP, y0 + STEP),
    ] {
        let q = Point::new(x, y);
        if layout.contains(q) && !out.contains(&q) {
            out.push(q);
        }
    }
    out
}

/// The eight steps to the points around one, in rows from the top left.
const AROUND: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The eight lattice points around `p` within the map.
fn neighbours(layout: &Layout, p: Point) -> Vec<Point> {
    let mut n = Vec::with_capacity(9);
    for (dx, dy) in AROUND {
        let q = Point::new(p.x + dx * STEP, p.y + dy * STEP);
        if layout.contains(q) {
            n.push(q);
        }
    }
    n
}

/// The lattice path pulled straight: from each corner, on to the farthest
/// point of the path in clear sight of the feet (on rough maps, only where
/// the straight leg costs no more than the steps it replaces, give or take
/// a hundredth of a decimetre a step for the rounding of each).
fn pulled_straight(
    steps: &[Point],
    rough: bool,
    clear: &dyn Fn(Point, Point) -> bool,
    step: &dyn Fn(Point, Point) -> i64,
) -> Vec<Point> {
    let mut paid = vec![0i64; steps.len()];
    if rough {
        for k in 1..steps.len() {
            paid[k] = paid[k - 1] + step(steps[k - 1], steps[k]);
        }
    }
    let shortcut = |i: usize, j: usize| {
        clear(steps[i], steps[j])
            && (!rough || step(steps[i], steps[j]) <= paid[j] - paid[i] + (j - i) as i64)
    };
    let mut corners = vec![steps[0]];
    let mut i = 0;
    while i + 1 < steps.len() {
        let mut j = steps.len() - 1;
        while j > i + 1 && !shortcut(i, j) {
            j -= 1;
        }
        corners.push(steps[j]);
        i = j;
    }
    corners
}

/// Draws each corner of a pulled path in to the wall end it turns round:
/// the lattice turns up to half a step wide of it, the tightened corner a
/// decimetre off the end, as a GM's tape would run. A corner moves only
/// where both its legs stay clear and the way gets shorter.
fn tighten(
    corners: &mut [Point],
    near: &[&Wall],
    clear: &dyn Fn(Point, Point) -> bool,
    step: &dyn Fn(Point, Point) -> i64,
) {
    let ends: Vec<Point> = near.iter().flat_map(|w| [w.a, w.b]).collect();
    for _ in 0..3 {
        for i in 1..corners.len().saturating_sub(1) {
            let (prev, here, next) = (corners[i - 1], corners[i], corners[i + 1]);
            let length = |c: Point| step(prev, c) + step(c, next);
            let mut best = (length(here), here);
            for end in ends.iter().filter(|e| e.distance2(here) <= 4 * STEP * STEP) {
                for (dx, dy) in AROUND {
                    let c = Point::new(end.x + dx, end.y + dy);
                    let l = length(c);
                    if l < best.0 && clear(prev, c) && clear(c, next) {
                        best = (l, c);
                    }
                }
            }
            corners[i] = best.1;
        }
    }
}

/// Whether the wall `w` comes within `reach` decimetres of `p`
/// (its box, widened, holds `p`).
fn segment_near(w: &Wall, p: Point, reach: i64) -> bool {
    p.x >= w.a.x.min(w.b.x) - reach
        && p.x <= w.a.x.max(w.b.x) + reach
        && p.y >= w.a.y.min(w.b.y) - reach
        && p.y <= w.a.y.max(w.b.y) + reach
}

#[cfg(test)]
mod tests {
    use super::super::{Wall, WallKind};
    use super::*;

    #[test]
    fn a_path_goes_around_a_wall() {
        let mut layout = Layout::new(200, 200);
        // A concealing wall from (100, 20) to (100, 180) between the ends.
        layout.walls.push(Wall {
            name: String::new(),
            a: Point::new(100, 20),
            b: Point::new(100, 180),
            kind: WallKind::Concealing,
            open: false,
        });
        let (from, to) = (Point::new(50, 100), Point::new(150, 100));
        let r = route(&layout, from, to, 1000).expect("a way round");
        // Around an end: two legs of about sqrt(50^2 + 80^2) = 94.3 dm.
        assert!(r.corners.len() >= 3, "{r:?}");
        assert!((188..=192).contains(&r.length_dm), "{r:?}");
        assert_eq!(r.metres(), 19);
        for leg in r.corners.windows(2) {
            assert!(layout.clear_step(leg[0], leg[1]));
        }
        // Beyond the limit: none.
        assert_eq!(route(&layout, from, to, 150), None);
        // Straight when nothing is in the way.
        let r = route(&layout, from, Point::new(50, 150), 1000).unwrap();
        assert_eq!(r.corners, vec![from, Point::new(50, 150)]);
        assert_eq!(r.metres(), 5);
    }
}
