//! Line of sight, path and distance tests on small maps.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;

struct Small {
    grid: Grid,
    doors: BTreeSet<Pos>,
    units: BTreeSet<Pos>,
    dark: BTreeSet<Pos>,
}

/// `#` wall, `.` floor, `+` closed door, `u` a unit on floor, `n` a no-light square.
fn small(rows: &[&str]) -> Small {
    let mut doors = BTreeSet::new();
    let mut units = BTreeSet::new();
    let mut dark = BTreeSet::new();
    let tiles: Vec<Vec<Tile>> = rows
        .iter()
        .enumerate()
        .map(|(y, row)| {
            row.chars()
                .enumerate()
                .map(|(x, c)| {
                    let p = Pos::new(x as i32, y as i32);
                    match c {
                        '#' => Tile::Wall,
                        ' ' => Tile::Void,
                        '+' => {
                            doors.insert(p);
                            Tile::Floor
                        }
                        'u' => {
                            units.insert(p);
                            Tile::Floor
                        }
                        'n' => {
                            dark.insert(p);
                            Tile::Floor
                        }
                        _ => Tile::Floor,
                    }
                })
                .collect()
        })
        .collect();
    let door_list: Vec<Pos> = doors.iter().copied().collect();
    Small {
        grid: Grid::new(&tiles, &door_list),
        doors,
        units,
        dark,
    }
}

impl Terrain for Small {
    fn grid(&self) -> &Grid {
        &self.grid
    }
    fn closed_door(&self, p: Pos) -> bool {
        self.doors.contains(&p)
    }
    fn occupied(&self, p: Pos) -> bool {
        self.units.contains(&p)
    }
    fn step_cost(&self, p: Pos) -> u32 {
        if self.dark.contains(&p) { 2 } else { 1 }
    }
}

const P: fn(i32, i32) -> Pos = Pos::new;

#[test]
fn distance_counts_diagonals_as_one() {
    // rule: ST-MAP-01
    assert_eq!(distance(P(0, 0), P(3, 3)), 3);
    assert_eq!(distance(P(0, 0), P(5, 2)), 5);
    assert_eq!(distance(P(2, 7), P(2, 0)), 7);
}

#[test]
fn walls_and_closed_doors_block_sight() {
    // rule: ST-MAP-01
    let m = small(&[
        "#########",
        "#...#...#",
        "#...+...#",
        "#...#...#",
        "#########",
    ]);
    let cases = [
        (P(1, 1), P(3, 3), true, "same room"),
        (P(1, 2), P(7, 2), false, "through the closed door"),
        (P(1, 1), P(7, 1), false, "through the wall"),
        (P(3, 2), P(4, 2), true, "the door itself is seen"),
    ];
    for (a, b, want, why) in cases {
        assert_eq!(line_of_sight(&m, a, b), want, "{why}: {a} -> {b}");
        assert_eq!(line_of_sight(&m, b, a), want, "{why} reversed");
    }
    let mut open = m;
    open.doors.clear();
    assert!(
        line_of_sight(&open, P(1, 2), P(7, 2)),
        "through the open door"
    );
}

#[test]
fn a_corner_blocks_only_when_both_sides_block() {
    // rule: ST-MAP-01
    let pinch = small(&[".#", "#."]);
    assert!(
        !line_of_sight(&pinch, P(0, 0), P(1, 1)),
        "both sides of the corner are walls"
    );
    let half = small(&[".#", ".."]);
    assert!(line_of_sight(&half, P(0, 0), P(1, 1)), "one side is open");
}

#[test]
fn paths_go_around_walls_and_closed_doors() {
    // rule: ST-MAP-01
    let m = small(&["#######", "#..#..#", "#..#..#", "#.....#", "#######"]);
    let (steps, cost) = path(&m, P(1, 1), P(5, 1)).unwrap();
    assert_eq!(steps.last(), Some(&P(5, 1)));
    assert_eq!(cost, 6, "down to the gap, across and back up: {steps:?}");
    for w in steps.windows(2) {
        assert_eq!(distance(w[0], w[1]), 1);
        assert_ne!(m.grid.tile(w[1]), Tile::Wall);
    }
    let closed = small(&["#####", "#.+.#", "#####"]);
    assert_eq!(
        path(&closed, P(1, 1), P(3, 1)),
        None,
        "a closed door stops the path"
    );
}

#[test]
fn no_corner_cutting_and_units_block() {
    let m = small(&["..", "#."]);
    // From 0,0 to 1,1 diagonally would cut the wall at 0,1.
    let (steps, cost) = path(&m, P(0, 0), P(1, 1)).unwrap();
    assert_eq!((steps, cost), (vec![P(1, 0), P(1, 1)], 2));
    let blocked = small(&["#####", "#.u.#", "#####"]);
    assert_eq!(path(&blocked, P(1, 1), P(3, 1)), None);
}

#[test]
fn no_light_squares_cost_double() {
    // rule: ST-ENV-01
    let m = small(&["#####", "#.nn#", "#####"]);
    assert_eq!(path(&m, P(1, 1), P(3, 1)).unwrap().1, 4);
}

#[test]
fn rooms_are_split_by_doors_and_walls() {
    let m = small(&["#######", "#..+..#", "#######"]);
    let left = m.grid.room(P(1, 1)).unwrap();
    let right = m.grid.room(P(5, 1)).unwrap();
    assert_ne!(left, right);
    assert_eq!(m.grid.room(P(3, 1)), None, "a door square is in no room");
    assert_eq!(m.grid.room_count(), 2);
}

#[test]
fn cones_see_within_range_angle_and_sight() {
    // rule: ST-ENV-02
    let m = small(&["#######", "#.....#", "#.....#", "#.....#", "#######"]);
    let cone = Cone {
        at: P(3, 1),
        facing: Facing::South,
        range: 2,
        angle: 90,
    };
    assert!(cone.sees(&m, P(3, 3)));
    assert!(cone.sees(&m, P(1, 3)), "on the 45 degree edge");
    assert!(
        !cone.sees(&m, P(1, 1)),
        "beside the camera, outside the cone"
    );
    assert!(cone.sees(&m, P(5, 3)), "on the other edge");
    let wide = Cone {
        at: P(1, 1),
        facing: Facing::East,
        range: 9,
        angle: 360,
    };
    assert!(wide.sees(&m, P(1, 3)), "360 degrees sees all around");
    let short = Cone { range: 1, ..cone };
    assert!(!short.sees(&m, P(3, 3)), "out of range");
}

proptest! {
    #[test]
    fn sight_is_symmetric(cells in proptest::collection::vec(any::<bool>(), 36), a in 0..36usize, b in 0..36usize) {
        let rows: Vec<String> = (0..6)
            .map(|y| (0..6).map(|x| if cells[y * 6 + x] { '#' } else { '.' }).collect())
            .collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let m = small(&refs);
        let pa = P((a % 6) as i32, (a / 6) as i32);
        let pb = P((b % 6) as i32, (b / 6) as i32);
        prop_assert_eq!(line_of_sight(&m, pa, pb), line_of_sight(&m, pb, pa));
    }
}
