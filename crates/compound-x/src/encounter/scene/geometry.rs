//! Exact tests on segments between integer points: whether two touch, and
//! how far along a line of fire it crosses a wall. Integers only, so that
//! every machine answers alike.

use super::Point;

/// The sign of the turn a -> b -> c: positive counter-clockwise (on the
/// drawn map, y down: clockwise), 0 in line.
fn turn(a: Point, b: Point, c: Point) -> i64 {
    ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).signum()
}

/// Whether `p`, in line with `a`-`b`, lies within their box.
fn within(a: Point, b: Point, p: Point) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether the segments `p1`-`p2` and `q1`-`q2` share a point (crossing,
/// touching at an end, or overlapping in line). The same whichever order
/// the ends or the segments are given in.
pub(crate) fn touches(p1: Point, p2: Point, q1: Point, q2: Point) -> bool {
    let d1 = turn(q1, q2, p1);
    let d2 = turn(q1, q2, p2);
    let d3 = turn(p1, p2, q1);
    let d4 = turn(p1, p2, q2);
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && within(q1, q2, p1))
        || (d2 == 0 && within(q1, q2, p2))
        || (d3 == 0 && within(p1, p2, q1))
        || (d4 == 0 && within(p1, p2, q2))
}

/// For a line `from`-`to` that touches the wall `q1`-`q2`: whether some
/// point they share lies farther than `beyond` decimetres from `from`.
pub(crate) fn crossing_beyond(from: Point, to: Point, q1: Point, q2: Point, beyond: i64) -> bool {
    let (rx, ry) = (i128::from(to.x - from.x), i128::from(to.y - from.y));
    let (sx, sy) = (i128::from(q2.x - q1.x), i128::from(q2.y - q1.y));
    let den = rx * sy - ry * sx;
    let b2 = i128::from(beyond) * i128::from(beyond);
    if den == 0 {
        // In line: the wall's farther end within the line, or the line's end.
        let far = |p: Point| i128::from(p.distance2(from)) > b2;
        let on = |p: Point| within(from, to, p);
        return (on(q1) && far(q1)) || (on(q2) && far(q2)) || far(to);
    }
    // The crossing is at t = num / den along from -> to.
    let (qx, qy) = (i128::from(q1.x - from.x), i128::from(q1.y - from.y));
    let num = qx * sy - qy * sx;
    // (t * |r|)^2 > beyond^2  <=>  num^2 |r|^2 > beyond^2 den^2.
    num * num * (rx * rx + ry * ry) > b2 * den * den
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn p(x: i64, y: i64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn segments_touch_when_they_cross_meet_or_overlap() {
        // (p1, p2, q1, q2, touching)
        let cases = [
            (p(0, 0), p(10, 10), p(0, 10), p(10, 0), true),
            (p(0, 0), p(10, 0), p(5, 0), p(5, 10), true),
            (p(0, 0), p(10, 0), p(10, 0), p(20, 0), true),
            (p(0, 0), p(10, 0), p(11, 0), p(20, 0), false),
            (p(0, 0), p(10, 0), p(0, 1), p(10, 1), false),
            (p(0, 0), p(10, 0), p(5, 1), p(5, 10), false),
        ];
        for (a, b, c, d, expected) in cases {
            assert_eq!(touches(a, b, c, d), expected, "{a:?}-{b:?} / {c:?}-{d:?}");
            assert_eq!(touches(b, a, d, c), expected);
            assert_eq!(touches(c, d, a, b), expected);
        }
    }

    #[test]
    fn a_crossing_is_measured_from_the_shooter() {
        // The wall crosses x = 5 on a line from 0 to 100 along x.
        assert!(crossing_beyond(p(0, 0), p(100, 0), p(5, -5), p(5, 5), 4));
        assert!(!crossing_beyond(p(0, 0), p(100, 0), p(5, -5), p(5, 5), 5));
        assert!(crossing_beyond(p(100, 0), p(0, 0), p(5, -5), p(5, 5), 10));
    }
}
