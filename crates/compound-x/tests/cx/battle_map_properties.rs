//! Properties of the battle map (issue 24) for any map and positions:
//! sight is the same both ways; a combatant behind a concealing wall across
//! the whole map is never seen; a player's view (fog of war) holds exactly
//! the combatants one of its characters sees; a path never steps through a
//! wall and never exceeds its limit; a fight on a map replays exactly.

use nanite_compound_x::combat::{Cover, Stance};
use nanite_compound_x::encounter::scene::{Ground, Sightlines};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Layout, Point, Wall, WallKind};
use nanite_core::{ClockCommand, CombatantId, Game, SeededDice, replay};
use proptest::prelude::*;

use super::arena::{RAIDER, VEX, fighter};

/// The map is 30 x 30 m.
const SIDE: i64 = 300;

fn point() -> impl Strategy<Value = Point> {
    (0..=SIDE, 0..=SIDE).prop_map(|(x, y)| Point::new(x, y))
}

fn kind() -> impl Strategy<Value = (WallKind, bool)> {
    prop_oneof![
        Just((WallKind::Partial, false)),
        Just((WallKind::Full, false)),
        Just((WallKind::Concealing, false)),
        Just((WallKind::Door, false)),
        Just((WallKind::Door, true)),
    ]
}

fn walls() -> impl Strategy<Value = Vec<Wall>> {
    proptest::collection::vec((point(), point(), kind()), 0..25).prop_map(|ws| {
        ws.into_iter()
            .filter(|(a, b, _)| a != b)
            .map(|(a, b, (kind, open))| Wall {
                name: String::new(),
                a,
                b,
                kind,
                open,
            })
            .collect()
    })
}

fn layout(walls: Vec<Wall>) -> Layout {
    let mut l = Layout::new(SIDE, SIDE);
    l.walls = walls;
    l
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Sight is the same both ways, and agrees with the one-pass line of fire.
    #[test]
    fn sight_is_symmetric(walls in walls(), a in point(), b in point()) {
        let l = layout(walls);
        prop_assert_eq!(l.sees(a, b), l.sees(b, a));
        prop_assert_eq!(l.line_of_fire(a, b).is_some(), l.sees(a, b));
        if let Some((cover, _)) = l.line_of_fire(a, b) {
            prop_assert_eq!(cover, l.cover(a, b).0);
        }
        // The walls sorted into cells answer alike.
        let lines = Sightlines::new(&l);
        prop_assert_eq!(
            lines.line_of_fire(a, b).map(|(c, _)| c),
            l.line_of_fire(a, b).map(|(c, _)| c)
        );
    }

    /// Behind a concealing wall across the whole map, nobody is seen from
    /// the other side, whatever else stands there.
    #[test]
    fn behind_a_concealing_wall_nobody_is_seen(
        walls in walls(),
        x in 20..280i64,
        a in (0..20i64, 0..=SIDE),
        b in (1..=20i64, 0..=SIDE),
    ) {
        let mut l = layout(walls);
        l.walls.push(Wall {
            name: "across".into(),
            a: Point::new(x, 0),
            b: Point::new(x, SIDE),
            kind: WallKind::Concealing,
            open: false,
        });
        let west = Point::new(x - a.0, a.1);
        let east = Point::new(x + b.0, b.1);
        prop_assert!(!l.sees(west, east));
        prop_assert!(!l.sees(east, west));
        prop_assert!(l.line_of_fire(west, east).is_none());
    }

    /// A path never steps through a wall, starts and ends where asked, and
    /// is no longer than its limit.
    #[test]
    fn paths_go_around_walls(walls in walls(), a in point(), b in point(), limit in 0..600i64) {
        let l = layout(walls);
        if let Some(r) = l.route(a, b, limit) {
            prop_assert!(r.length_dm <= limit);
            prop_assert_eq!(r.corners.first(), Some(&a));
            prop_assert_eq!(r.corners.last(), Some(&b));
            for leg in r.corners.windows(2) {
                prop_assert!(l.clear_step(leg[0], leg[1]), "{:?} crosses a wall", leg);
            }
        }
    }
}

/// A point of the map, often on or by a 4 m cell's edge (where the cells
/// of [`Sightlines`] meet).
fn edgy_point() -> impl Strategy<Value = Point> {
    let coordinate = prop_oneof![
        0..=SIDE,
        (0..=SIDE / 40, -1..=1i64).prop_map(|(c, d)| (c * 40 + d).clamp(0, SIDE)),
    ];
    (coordinate.clone(), coordinate).prop_map(|(x, y)| Point::new(x, y))
}

/// Short walls (up to 6 m), many of them within a cell or two.
fn short_walls() -> impl Strategy<Value = Vec<Wall>> {
    proptest::collection::vec((edgy_point(), -60..=60i64, -60..=60i64, kind()), 0..40).prop_map(
        |ws| {
            ws.into_iter()
                .map(|(a, dx, dy, (kind, open))| {
                    let b = Point::new((a.x + dx).clamp(0, SIDE), (a.y + dy).clamp(0, SIDE));
                    (a, b, kind, open)
                })
                .filter(|(a, b, _, _)| a != b)
                .map(|(a, b, kind, open)| Wall {
                    name: String::new(),
                    a,
                    b,
                    kind,
                    open,
                })
                .collect()
        },
    )
}

/// Which wall a line of fire names, by its place in the layout.
fn named(l: &Layout, answer: Option<(Cover, Option<&Wall>)>) -> Option<(Cover, Option<usize>)> {
    answer.map(|(c, w)| {
        (
            c,
            w.map(|w| l.walls.iter().position(|x| std::ptr::eq(x, w)).unwrap()),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The walls sorted into cells answer exactly as the layout tested
    /// wall by wall: sight, cover and the wall named (the first in the
    /// map's order giving the best cover); and the table of every pair,
    /// each line followed once for both ways, answers alike.
    #[test]
    fn sightlines_answer_exactly_as_the_layout(
        long in walls(),
        short in short_walls(),
        points in proptest::collection::vec(edgy_point(), 1..7),
    ) {
        let mut l = layout(long);
        l.walls.extend(short);
        let lines = Sightlines::new(&l);
        let table = lines.table(&points);
        prop_assert_eq!(table.len(), points.len());
        for (i, &a) in points.iter().enumerate() {
            for (j, &b) in points.iter().enumerate() {
                let expected = named(&l, l.line_of_fire(a, b));
                prop_assert_eq!(named(&l, lines.line_of_fire(a, b)), expected, "{} to {}", a, b);
                prop_assert_eq!(named(&l, table.get(i, j)), expected, "table {} to {}", a, b);
                prop_assert_eq!(lines.sees(a, b), l.sees(a, b));
                let both = lines.both_ways(a, b);
                prop_assert_eq!(both.map(|[x, _]| named(&l, Some(x))), l.line_of_fire(a, b).map(|x| named(&l, Some(x))));
                prop_assert_eq!(both.map(|[_, y]| named(&l, Some(y))), l.line_of_fire(b, a).map(|y| named(&l, Some(y))));
            }
        }
    }

    /// On difficult ground a way still avoids walls, and what it pays
    /// (its length and its part in difficult ground again) stays within
    /// the limit; its difficult part is never more than its length.
    #[test]
    fn ways_over_difficult_ground_pay_within_their_limit(
        walls in walls(),
        patches in proptest::collection::vec((point(), 10..120i64, 10..120i64), 1..4),
        a in point(),
        b in point(),
        limit in 0..600i64,
    ) {
        // rule: CX-MOVE-01
        let mut l = layout(walls);
        l.ground = patches
            .into_iter()
            .map(|(p, w, h)| Ground {
                name: String::new(),
                outline: vec![
                    p,
                    Point::new((p.x + w).min(SIDE), p.y),
                    Point::new((p.x + w).min(SIDE), (p.y + h).min(SIDE)),
                    Point::new(p.x, (p.y + h).min(SIDE)),
                ],
            })
            .filter(|g| g.outline[0].x < g.outline[1].x && g.outline[1].y < g.outline[2].y)
            .collect();
        if let Some(r) = l.route(a, b, limit) {
            prop_assert!(r.paid_dm() <= limit);
            prop_assert!(r.difficult_dm <= r.length_dm);
            prop_assert_eq!(r.corners.first(), Some(&a));
            prop_assert_eq!(r.corners.last(), Some(&b));
            let again: i64 = r.corners.windows(2).map(|w| l.difficult_dm(w[0], w[1])).sum();
            prop_assert_eq!(again, r.difficult_dm);
            for leg in r.corners.windows(2) {
                prop_assert!(l.clear_step(leg[0], leg[1]), "{:?} crosses a wall", leg);
            }
        }
    }
}

const IDS: [&str; 4] = ["vex", "raider", "scav", "medic"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// For any map and positions, a player's view (what its characters see)
    /// never holds a combatant none of them sees, and holds every one they
    /// see; a wall across the map hides the far side from it entirely.
    /// Moves on the map replay exactly.
    #[test]
    fn a_players_view_holds_only_whom_its_characters_see(
        walls in walls(),
        places in proptest::collection::vec(point(), 4),
        viewers in proptest::collection::vec(any::<bool>(), 4),
        moves in proptest::collection::vec((0..4usize, point()), 0..6),
        seed in any::<u64>(),
    ) {
        let mut game = Game::<CompoundX>::new(Battle::new());
        let mut dice = SeededDice::new(seed);
        for (i, who) in IDS.iter().enumerate() {
            game.execute(&Command::Add {
                id: CombatantId::from(*who),
                side: if i % 2 == 0 { "crew" } else { "raiders" }.into(),
                hidden: false,
                fighter: Box::new(fighter(if i % 2 == 0 { VEX } else { RAIDER })),
                cover: Cover::None,
                stance: Stance::Standing,
            }, &mut dice).unwrap();
            game.execute(&Command::Clock(ClockCommand::SetInitiative {
                id: CombatantId::from(*who),
                total: 100 - i as i64,
            }), &mut dice).unwrap();
        }
        game.execute(&Command::Map { layout: layout(walls) }, &mut dice).unwrap();
        for (who, at) in IDS.iter().zip(&places) {
            // Two on one metre: the second placing is refused, changing nothing.
            let _ = game.execute(&Command::Place { id: CombatantId::from(*who), at: *at }, &mut dice);
        }
        game.execute(&Command::Clock(ClockCommand::Begin { surprise: vec![] }), &mut dice).unwrap();
        for (who, to) in moves {
            let _ = game.execute(&Command::MoveTo { id: CombatantId::from(IDS[who]), to, sprint: false }, &mut dice);
        }
        let battle = game.state();
        let viewers: Vec<CombatantId> = IDS
            .iter()
            .zip(&viewers)
            .filter(|(_, v)| **v)
            .map(|(id, _)| CombatantId::from(*id))
            .collect();
        let view = battle.seen_by(&viewers);
        for c in battle.combatants.keys() {
            let seen = viewers.contains(c) || viewers.iter().any(|v| battle.sees(v, c));
            prop_assert_eq!(view.contains(c), seen, "{} in the view of {:?}", c, viewers);
            if let (Some(pc), false) = (battle.position(c), viewers.contains(c)) {
                for v in &viewers {
                    if let Some(pv) = battle.position(v) {
                        let layout = &battle.scene.as_ref().unwrap().layout;
                        prop_assert_eq!(battle.sees(v, c), layout.sees(pv, pc));
                    }
                }
            }
        }
        // Distances on the map are the measured ones.
        let scene = battle.scene.as_ref().unwrap();
        for a in scene.positions.keys() {
            for b in scene.positions.keys() {
                if a < b {
                    prop_assert_eq!(battle.distance(a, b), scene.metres(a, b));
                }
            }
        }
        let rebuilt = replay::<CompoundX>(Battle::new(), game.log().iter().flat_map(|e| &e.events));
        prop_assert_eq!(
            serde_json::to_value(&rebuilt).unwrap(),
            serde_json::to_value(battle).unwrap()
        );
    }
}
