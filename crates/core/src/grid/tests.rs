//! The grid geometry, case by case, and its searches checked against the
//! plain searches they replaced (so seeded games replay the same steps).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, VecDeque};

use proptest::prelude::*;

use super::*;

type Sq = Square<i32>;

const fn sq(x: i32, y: i32) -> Sq {
    Square::new(x, y)
}

/// A map drawn in text: `#` blocks, anything else is open; outside is
/// blocked.
#[derive(Debug)]
struct Drawn(Vec<Vec<u8>>);

impl Drawn {
    fn new(rows: &[&str]) -> Self {
        Drawn(rows.iter().map(|r| r.as_bytes().to_vec()).collect())
    }

    fn cell(&self, s: Sq) -> u8 {
        let (Ok(x), Ok(y)) = (usize::try_from(s.x), usize::try_from(s.y)) else {
            return b'#';
        };
        self.0
            .get(y)
            .and_then(|r| r.get(x))
            .copied()
            .unwrap_or(b'#')
    }

    fn blocked(&self, s: Sq) -> bool {
        self.cell(s) == b'#'
    }

    /// A step between open squares: 1, or 2 onto `~` (rough ground).
    fn step(&self, from: Sq, to: Sq) -> Option<u32> {
        if self.blocked(from) {
            return None;
        }
        match self.cell(to) {
            b'#' => None,
            b'~' => Some(2),
            _ => Some(1),
        }
    }
}

#[test]
fn distance_counts_a_diagonal_step_as_one() {
    for (a, b, want) in [
        (sq(0, 0), sq(0, 0), 0),
        (sq(0, 0), sq(3, 0), 3),
        (sq(0, 0), sq(3, 3), 3),
        (sq(1, 5), sq(4, 1), 4),
        (sq(-2, 0), sq(2, -1), 4),
    ] {
        assert_eq!(distance(a, b), want, "{a} to {b}");
        assert_eq!(distance(b, a), want, "{b} to {a}");
    }
}

#[test]
fn far_apart_squares_saturate_instead_of_overflowing() {
    let (min, max) = (i32::MIN, i32::MAX);
    for (a, b, want) in [
        (sq(min, 0), sq(max, 0), max),
        (sq(0, min), sq(0, max), max),
        (sq(-1, 0), sq(max, 0), max),
        (sq(min, min), sq(min, min), 0),
    ] {
        assert_eq!(distance(a, b), want, "{a} to {b}");
    }
    let corner = sq(max, min);
    let n = corner.neighbours();
    assert_eq!(n[0], corner, "east of the last column is the square itself");
    assert_eq!(n[3], corner, "north of the first row is the square itself");
    assert_eq!(n[2], sq(max, min + 1));
    let far = Square::<i64>::new(i64::MIN, 0);
    let feet = Scale::per_square(5);
    assert_eq!(feet.between(far, Square::new(i64::MAX, 0)), i64::MAX);
    assert_eq!(
        straight_path(sq(max - 1, 0), &[sq(max, 2)]),
        vec![sq(max, 1), sq(max, 2)]
    );
}

#[test]
fn squares_read_and_print_as_x_comma_y() {
    for (text, want) in [
        ("3,4", Some(sq(3, 4))),
        (" 3 , 4 ", Some(sq(3, 4))),
        ("-1,0", Some(sq(-1, 0))),
        ("3", None),
        ("3,x", None),
        ("", None),
    ] {
        assert_eq!(Sq::parse(text), want, "{text:?}");
    }
    assert_eq!(sq(3, 4).to_string(), "3,4");
    assert_eq!(Square::<i64>::new(12, 0).to_string(), "12,0");
}

#[test]
fn neighbours_come_edge_first_and_around_in_reading_order() {
    let at = sq(5, 5);
    assert_eq!(
        at.neighbours(),
        [
            sq(6, 5),
            sq(4, 5),
            sq(5, 6),
            sq(5, 4),
            sq(6, 6),
            sq(6, 4),
            sq(4, 6),
            sq(4, 4)
        ]
    );
    assert_eq!(
        at.around(),
        [
            sq(4, 4),
            sq(5, 4),
            sq(6, 4),
            sq(4, 5),
            sq(6, 5),
            sq(4, 6),
            sq(5, 6),
            sq(6, 6)
        ]
    );
    for n in at.neighbours() {
        assert_eq!(distance(at, n), 1);
        assert!(at.around().contains(&n));
    }
}

#[test]
fn a_straight_path_goes_diagonally_then_straight_through_each_waypoint() {
    for (from, waypoints, want) in [
        (sq(0, 0), vec![sq(0, 0)], vec![]),
        (sq(0, 0), vec![sq(2, 0)], vec![sq(1, 0), sq(2, 0)]),
        (sq(0, 0), vec![sq(3, 1)], vec![sq(1, 1), sq(2, 1), sq(3, 1)]),
        (sq(2, 2), vec![sq(0, 0)], vec![sq(1, 1), sq(0, 0)]),
        (
            sq(0, 0),
            vec![sq(1, 0), sq(1, 2)],
            vec![sq(1, 0), sq(1, 1), sq(1, 2)],
        ),
    ] {
        assert_eq!(
            straight_path(from, &waypoints),
            want,
            "{from} via {waypoints:?}"
        );
    }
}

#[test]
fn bounds_hold_the_squares_from_zero_to_one_short_of_the_size() {
    let map = Bounds::new(4i64, 3);
    for (s, want) in [
        (Square::new(0, 0), true),
        (Square::new(3, 2), true),
        (Square::new(4, 2), false),
        (Square::new(3, 3), false),
        (Square::new(-1, 0), false),
        (Square::new(0, -1), false),
    ] {
        assert_eq!(map.contains(s), want, "{s}");
    }
}

#[test]
fn a_scale_turns_squares_into_units_and_back() {
    // rule: D20-MOVE-01 (5 ft squares, a diagonal 5 ft too)
    let feet = Scale::per_square(5);
    for (a, b, want) in [
        (sq(0, 0), sq(0, 0), 0),
        (sq(0, 0), sq(1, 1), 5),
        (sq(0, 0), sq(6, 2), 30),
    ] {
        assert_eq!(feet.between(a, b), want, "{a} to {b}");
    }
    for (units, squares) in [(0, 0), (4, 0), (5, 1), (12, 2), (30, 6)] {
        assert_eq!(feet.whole_squares(units), squares, "{units} ft");
    }
    assert_eq!(feet.of_squares(3), 15);
    assert_eq!(Scale::per_square(2).between(sq(0, 0), sq(3, 1)), 6);
}

#[test]
fn sight_runs_centre_to_centre_past_open_corners_only() {
    // rule: ST-MAP-01 (the geometry Station's sight is written in)
    let map = Drawn::new(&[
        "........", //
        "...#....", "........", ".#......", "#.......",
    ]);
    for (a, b, want, why) in [
        (sq(0, 0), sq(7, 0), true, "along an open row"),
        (sq(0, 1), sq(7, 1), false, "a pillar in the row"),
        (sq(3, 0), sq(3, 1), true, "the far end may itself block"),
        (sq(2, 1), sq(4, 1), false, "through the pillar"),
        (sq(0, 3), sq(2, 3), false, "a pillar between"),
        (
            sq(2, 0),
            sq(4, 2),
            false,
            "diagonal through the pillar's centre",
        ),
        (sq(1, 4), sq(2, 3), true, "past a corner with one open side"),
        (
            sq(0, 3),
            sq(1, 4),
            false,
            "through a corner closed on both sides",
        ),
        (sq(0, 0), sq(5, 3), true, "a long slope over open squares"),
    ] {
        let blocked = |s| map.blocked(s);
        assert_eq!(line_of_sight(a, b, blocked), want, "{why}: {a} -> {b}");
        assert_eq!(line_of_sight(b, a, blocked), want, "{why} reversed");
    }
    let pinch = Drawn::new(&[
        ".#", //
        "#.",
    ]);
    assert!(
        !line_of_sight(sq(0, 0), sq(1, 1), |s| pinch.blocked(s)),
        "a corner closed on both sides blocks"
    );
}

#[test]
fn costs_and_paths_go_around_what_blocks_and_pay_for_rough_ground() {
    let map = Drawn::new(&[
        "...#...", //
        "...#...", ".~~....",
    ]);
    let step = |a, b| map.step(a, b);
    let costs = costs_from(sq(0, 0), step);
    for (s, want) in [
        (sq(0, 0), Some(0)),
        (sq(2, 0), Some(2)),
        (sq(1, 2), Some(3)),
        (sq(3, 2), Some(3)),
        (sq(4, 0), Some(5)),
        (sq(3, 0), None),
    ] {
        assert_eq!(costs.get(&s).copied(), want, "{s}");
    }
    for (from, to, want) in [
        (sq(0, 0), sq(0, 0), Some((vec![], 0))),
        (sq(0, 0), sq(1, 0), Some((vec![sq(1, 0)], 1))),
        // Around the wall's foot: equally cheap ways, the one through the
        // smallest squares.
        (
            sq(2, 0),
            sq(4, 0),
            Some((vec![sq(2, 1), sq(3, 2), sq(4, 1), sq(4, 0)], 4)),
        ),
        (sq(0, 0), sq(3, 0), None),
        (sq(0, 0), sq(9, 9), None),
    ] {
        assert_eq!(cheapest_path(from, to, step), want, "{from} to {to}");
    }
}

#[test]
fn of_equal_paths_the_smallest_squares_are_taken() {
    let open = Drawn::new(&["...", "...", "..."]);
    // (1,0), (1,1) and (1,2) all lead from (0,1) to (2,1) in two steps: the
    // smallest is (1,0).
    assert_eq!(
        cheapest_path(sq(0, 1), sq(2, 1), |a, b| open.step(a, b)),
        Some((vec![sq(1, 0), sq(2, 1)], 2))
    );
}

#[test]
fn a_distance_field_counts_to_the_nearest_source() {
    let map = Drawn::new(&[
        ".....", //
        ".###.", ".....",
    ]);
    let field = distance_field(&[sq(0, 0), sq(4, 2)], |a, b| map.step(a, b));
    for (s, want) in [
        (sq(0, 0), Some(0)),
        (sq(4, 2), Some(0)),
        (sq(2, 0), Some(2)),
        (sq(2, 2), Some(2)),
        (sq(4, 0), Some(2)),
        (sq(2, 1), None),
    ] {
        assert_eq!(field.get(&s).copied(), want, "{s}");
    }
    assert!(distance_field(&[], |a, b| map.step(a, b)).is_empty());
}

#[test]
fn the_nearest_goal_is_found_through_passable_squares_in_reading_order() {
    let open = Drawn::new(&["...", "...", "..."]);
    let pillar = Drawn::new(&[
        "...", //
        ".#.", "...",
    ]);
    for (map, from, goals, want, why) in [
        (
            &open,
            sq(1, 2),
            vec![sq(2, 0), sq(0, 0)],
            Some(vec![sq(0, 1), sq(0, 0)]),
            "two goals two steps away: the way that reads first",
        ),
        (
            &pillar,
            sq(0, 2),
            vec![sq(2, 0)],
            Some(vec![sq(0, 1), sq(1, 0), sq(2, 0)]),
            "around the pillar",
        ),
        (
            &open,
            sq(0, 0),
            vec![sq(0, 0)],
            None,
            "the start is never reached",
        ),
        (
            &pillar,
            sq(0, 0),
            vec![sq(1, 1)],
            None,
            "a goal that cannot be entered",
        ),
    ] {
        let got = nearest(from, |s| !map.blocked(s), |s| goals.contains(&s));
        assert_eq!(got, want, "{why}");
    }
    // A square that may be crossed but not ended on (an ally in D20).
    let ally = sq(1, 1);
    assert_eq!(
        nearest(sq(0, 0), |s| !open.blocked(s), |s| s != ally && s.x == 1),
        Some(vec![sq(1, 0)])
    );
    assert_eq!(
        nearest(sq(0, 1), |s| !open.blocked(s), |s| s != ally && s.y == 1),
        Some(vec![sq(1, 0), sq(2, 1)])
    );
}

/// The searches the rulesets wrote by hand before this module: Station's
/// Dijkstra over a heap of (cost, square) and D20's breadth-first search.
/// The module must give what they gave, step for step.
mod before {
    use super::*;

    type Search = (BTreeMap<Sq, u32>, BTreeMap<Sq, Sq>);

    pub(super) fn search(
        from: Sq,
        goal: Option<Sq>,
        step: impl Fn(Sq, Sq) -> Option<u32>,
    ) -> Search {
        let mut cost = BTreeMap::from([(from, 0)]);
        let mut came = BTreeMap::new();
        let mut queue = BinaryHeap::from([Reverse((0u32, from))]);
        while let Some(Reverse((c, p))) = queue.pop() {
            if cost.get(&p).is_some_and(|best| *best < c) {
                continue;
            }
            if Some(p) == goal {
                break;
            }
            for n in p.neighbours() {
                let Some(s) = step(p, n) else { continue };
                let next = c + s;
                if cost.get(&n).is_none_or(|best| next < *best) {
                    cost.insert(n, next);
                    came.insert(n, p);
                    queue.push(Reverse((next, n)));
                }
            }
        }
        (cost, came)
    }

    pub(super) fn path(
        from: Sq,
        to: Sq,
        step: impl Fn(Sq, Sq) -> Option<u32>,
    ) -> Option<(Vec<Sq>, u32)> {
        if from == to {
            return Some((Vec::new(), 0));
        }
        let (cost, came) = search(from, Some(to), step);
        let total = *cost.get(&to)?;
        let mut steps = vec![to];
        let mut at = to;
        while let Some(prev) = came.get(&at) {
            if *prev == from {
                break;
            }
            steps.push(*prev);
            at = *prev;
        }
        steps.reverse();
        Some((steps, total))
    }

    pub(super) fn field(sources: &[Sq], step: impl Fn(Sq, Sq) -> Option<u32>) -> BTreeMap<Sq, u32> {
        let mut cost: BTreeMap<Sq, u32> = sources.iter().map(|s| (*s, 0)).collect();
        let mut queue: BinaryHeap<Reverse<(u32, Sq)>> =
            sources.iter().map(|s| Reverse((0, *s))).collect();
        while let Some(Reverse((c, p))) = queue.pop() {
            if cost.get(&p).is_some_and(|best| *best < c) {
                continue;
            }
            for n in p.neighbours() {
                let Some(s) = step(n, p) else { continue };
                let next = c + s;
                if cost.get(&n).is_none_or(|best| next < *best) {
                    cost.insert(n, next);
                    queue.push(Reverse((next, n)));
                }
            }
        }
        cost
    }

    pub(super) fn nearest(
        from: Sq,
        enter: impl Fn(Sq) -> bool,
        end: impl Fn(Sq) -> bool,
    ) -> Option<Vec<Sq>> {
        let mut came = BTreeMap::from([(from, from)]);
        let mut queue = VecDeque::from([from]);
        let mut found = None;
        while let Some(at) = queue.pop_front() {
            if at != from && end(at) {
                found = Some(at);
                break;
            }
            for next in at.around() {
                if came.contains_key(&next) || !enter(next) {
                    continue;
                }
                came.insert(next, at);
                queue.push_back(next);
            }
        }
        let end = found?;
        let mut path = vec![end];
        let mut at = end;
        while came[&at] != from {
            at = came[&at];
            path.push(at);
        }
        path.reverse();
        Some(path)
    }
}

/// A random 6 by 6 map: each square open, rough (`~`) or blocked (`#`).
fn maps() -> impl Strategy<Value = Drawn> {
    proptest::collection::vec(0u8..6, 36).prop_map(|cells| {
        Drawn(
            cells
                .chunks(6)
                .map(|row| {
                    row.iter()
                        .map(|c| match c {
                            0 => b'#',
                            1 => b'~',
                            _ => b'.',
                        })
                        .collect()
                })
                .collect(),
        )
    })
}

fn squares() -> impl Strategy<Value = Sq> {
    (0i32..6, 0i32..6).prop_map(|(x, y)| sq(x, y))
}

proptest! {
    #[test]
    fn the_searches_give_what_the_hand_written_ones_gave(
        map in maps(),
        from in squares(),
        to in squares(),
        more in proptest::collection::vec(squares(), 0..3),
    ) {
        let step = |a, b| map.step(a, b);
        prop_assert_eq!(cheapest_path(from, to, step), before::path(from, to, step));
        prop_assert_eq!(costs_from(from, step), before::search(from, None, step).0);
        let mut sources = vec![to];
        sources.extend(&more);
        prop_assert_eq!(distance_field(&sources, step), before::field(&sources, step));
        let enter = |s| !map.blocked(s);
        let end = |s: Sq| s == to || more.contains(&s);
        prop_assert_eq!(nearest(from, enter, end), before::nearest(from, enter, end));
    }

    #[test]
    fn sight_is_symmetric(map in maps(), a in squares(), b in squares()) {
        let blocked = |s| map.blocked(s);
        prop_assert_eq!(line_of_sight(a, b, blocked), line_of_sight(b, a, blocked));
    }
}
