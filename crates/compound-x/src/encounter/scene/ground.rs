//! Difficult ground on the map: rubble, mud, knee-deep water, thick brush,
//! drawn as areas (polygons). The Compound X texts give movement no cost
//! for terrain; as a fair GM would, nanite makes every metre of a way that
//! lies in difficult ground cost two metres of movement (a decision,
//! docs/rules/compound-x.md, under CX-MOVE-01). Its edge is firm ground:
//! a way along the border pays single.
//!
//! Measured exactly in integers: where a leg enters and leaves each area
//! is a fraction along it, and the part inside is the leg's length times
//! the sum of the inside stretches, each rounded down.

use serde::{Deserialize, Serialize};

use super::Point;

/// An area of difficult ground: the polygon of its outline (closed, the
/// last corner joined to the first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxGround))]
pub struct Ground {
    /// Its name, for the log ("rubble", "creek"); may be empty.
    #[serde(default)]
    pub name: String,
    /// Its corners in order, at least 3.
    pub outline: Vec<Point>,
}

impl Ground {
    /// Its name, or where it lies when it has none.
    pub fn label(&self) -> String {
        if self.name.is_empty() {
            match self.outline.first() {
                Some(p) => format!("difficult ground from {p}"),
                None => "difficult ground".into(),
            }
        } else {
            self.name.clone()
        }
    }

    /// Why its outline is not an area, if it is not: fewer than 3
    /// corners, or all of them in one line.
    pub(crate) fn problem(&self) -> Option<String> {
        if self.outline.len() < 3 {
            return Some(format!(
                "has {} corner(s); an area of difficult ground has 3 or more",
                self.outline.len()
            ));
        }
        let o = self.outline[0];
        let flat = self.outline.windows(2).all(|w| cross(o, w[0], w[1]) == 0);
        flat.then(|| "has all its corners in one line: it covers no ground".into())
    }

    /// The box of its corners.
    fn bounds(&self) -> (Point, Point) {
        let xs = self.outline.iter().map(|p| p.x);
        let ys = self.outline.iter().map(|p| p.y);
        (
            Point::new(xs.clone().min().unwrap_or(0), ys.clone().min().unwrap_or(0)),
            Point::new(xs.max().unwrap_or(0), ys.max().unwrap_or(0)),
        )
    }

    /// Its edges, the last joining the first corner.
    fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        let n = self.outline.len();
        (0..n).map(move |i| (self.outline[i], self.outline[(i + 1) % n]))
    }

    /// Whether the point `p / scale` lies strictly inside (not on an edge).
    fn holds(&self, p: (i128, i128), scale: i128) -> bool {
        let mut inside = false;
        for (e1, e2) in self.edges() {
            let (ax, ay) = (i128::from(e1.x) * scale, i128::from(e1.y) * scale);
            let (bx, by) = (i128::from(e2.x) * scale, i128::from(e2.y) * scale);
            let turn = (bx - ax) * (p.1 - ay) - (by - ay) * (p.0 - ax);
            let on_box =
                p.0 >= ax.min(bx) && p.0 <= ax.max(bx) && p.1 >= ay.min(by) && p.1 <= ay.max(by);
            if turn == 0 && on_box {
                return false;
            }
            // A ray east of p: edges crossing its height, half-open.
            if (ay > p.1) != (by > p.1) {
                // The edge's x at height p.1 is right of p.0.
                let right = if by > ay { turn > 0 } else { turn < 0 };
                if right {
                    inside = !inside;
                }
            }
        }
        inside
    }
}

/// The cross product (b - o) x (c - o).
fn cross(o: Point, b: Point, c: Point) -> i64 {
    (b.x - o.x) * (c.y - o.y) - (b.y - o.y) * (c.x - o.x)
}

/// A fraction along a leg, `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Along {
    num: i128,
    den: i128,
}

impl Along {
    fn new(num: i128, den: i128) -> Along {
        if den < 0 {
            Along {
                num: -num,
                den: -den,
            }
        } else {
            Along { num, den }
        }
    }

    fn within(self) -> bool {
        self.num >= 0 && self.num <= self.den
    }

    fn cmp(self, other: Along) -> std::cmp::Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// The part of the leg `a`-`b` whose `length` (in any unit) lies in one of
/// `areas`, rounded down: overlapping areas count once.
pub(crate) fn inside_part(areas: &[Ground], a: Point, b: Point, length: i64) -> i64 {
    if a == b || length == 0 {
        return 0;
    }
    let (lo, hi) = (
        Point::new(a.x.min(b.x), a.y.min(b.y)),
        Point::new(a.x.max(b.x), a.y.max(b.y)),
    );
    let near: Vec<&Ground> = areas
        .iter()
        .filter(|g| {
            let (glo, ghi) = g.bounds();
            !(ghi.x < lo.x || glo.x > hi.x || ghi.y < lo.y || glo.y > hi.y)
        })
        .collect();
    if near.is_empty() {
        return 0;
    }
    let (rx, ry) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    let mut cuts = vec![Along::new(0, 1), Along::new(1, 1)];
    for g in &near {
        for (e1, e2) in g.edges() {
            let (sx, sy) = (i128::from(e2.x - e1.x), i128::from(e2.y - e1.y));
            let (qx, qy) = (i128::from(e1.x - a.x), i128::from(e1.y - a.y));
            let den = rx * sy - ry * sx;
            if den == 0 {
                // Parallel: where an edge in line with the leg begins and
                // ends along it.
                if qx * ry - qy * rx == 0 {
                    let len2 = rx * rx + ry * ry;
                    for e in [e1, e2] {
                        let (ex, ey) = (i128::from(e.x - a.x), i128::from(e.y - a.y));
                        let t = Along::new(ex * rx + ey * ry, len2);
                        if t.within() {
                            cuts.push(t);
                        }
                    }
                }
                continue;
            }
            let t = Along::new(qx * sy - qy * sx, den);
            let u = Along::new(qx * ry - qy * rx, den);
            if t.within() && u.within() {
                cuts.push(t);
            }
        }
    }
    cuts.sort_by(|x, y| x.cmp(*y));
    let mut total = 0i64;
    for w in cuts.windows(2) {
        let (t1, t2) = (w[0], w[1]);
        let gap = t2.num * t1.den - t1.num * t2.den;
        if gap <= 0 {
            continue;
        }
        // The stretch's middle, scaled by 2 * t1.den * t2.den.
        let scale = 2 * t1.den * t2.den;
        let mid = t1.num * t2.den + t2.num * t1.den;
        let p = (
            i128::from(a.x) * scale + mid * rx,
            i128::from(a.y) * scale + mid * ry,
        );
        if near.iter().any(|g| g.holds(p, scale)) {
            let part = i128::from(length) * gap / (t1.den * t2.den);
            total += i64::try_from(part).unwrap_or(i64::MAX);
        }
    }
    total.min(length)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x0: i64, y0: i64, x1: i64, y1: i64) -> Ground {
        Ground {
            name: "mud".into(),
            outline: vec![
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
            ],
        }
    }

    #[test]
    fn the_part_of_a_leg_inside_an_area_is_measured() {
        // rule: CX-MOVE-01 (difficult ground, a decision)
        let mud = [square(100, 0, 200, 100)];
        // (from, to, length, inside)
        let cases = [
            // Straight through 10 m of mud on a 30 m leg.
            (Point::new(0, 50), Point::new(300, 50), 300, 100),
            // Starting inside, 5 m in.
            (Point::new(150, 50), Point::new(300, 50), 150, 50),
            // Wholly inside.
            (Point::new(120, 20), Point::new(180, 80), 84, 84),
            // Along the edge: firm ground.
            (Point::new(0, 0), Point::new(300, 0), 300, 0),
            // Beside it.
            (Point::new(0, 150), Point::new(300, 150), 300, 0),
            // Diagonally through a corner region: from (50,0) to (250,100)
            // enters at x=100 (y=25) and leaves at x=200 (y=75): half.
            (Point::new(50, 0), Point::new(250, 100), 223, 111),
        ];
        for (a, b, length, inside) in cases {
            assert_eq!(inside_part(&mud, a, b, length), inside, "{a} to {b}");
            assert_eq!(inside_part(&mud, b, a, length), inside, "{b} to {a}");
        }
    }

    #[test]
    fn overlapping_areas_count_once_and_concave_ones_hold_their_shape() {
        // rule: CX-MOVE-01 (difficult ground, a decision)
        let two = [square(100, 0, 200, 100), square(150, 0, 250, 100)];
        assert_eq!(
            inside_part(&two, Point::new(0, 50), Point::new(300, 50), 300),
            150
        );
        // A U open to the north: the leg crosses both arms, not the gap.
        let u = Ground {
            name: String::new(),
            outline: [
                (0, 0),
                (30, 0),
                (30, 70),
                (70, 70),
                (70, 0),
                (100, 0),
                (100, 100),
                (0, 100),
            ]
            .iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect(),
        };
        assert_eq!(
            inside_part(&[u], Point::new(0, 50), Point::new(100, 50), 100),
            60
        );
    }

    #[test]
    fn an_outline_must_cover_ground() {
        assert!(square(0, 0, 10, 10).problem().is_none());
        let line = Ground {
            name: String::new(),
            outline: vec![Point::new(0, 0), Point::new(5, 5), Point::new(10, 10)],
        };
        assert!(line.problem().unwrap().contains("one line"));
        let two = Ground {
            name: String::new(),
            outline: vec![Point::new(0, 0), Point::new(5, 5)],
        };
        assert!(two.problem().unwrap().contains("3 or more"));
    }
}
