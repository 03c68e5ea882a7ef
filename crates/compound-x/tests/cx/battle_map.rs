//! The battle map (issue 24) in a running fight, with forced dice:
//! distances and range brackets measured from positions, the GM's
//! overrides shown as such, cover and sight from walls, doors, adjacency
//! and flanking, moves along the way around walls within the stance's
//! budget, suppressed areas and moving into the open, and grenades that
//! land and catch everyone in their blast.
//!
//! Lena carries a Basic SMG (semi 4/5/6 at 0-10/11-20/21-40 m; hip fire
//! +3). Tia carries an HE grenade (0; 3/5/7 at 0-10/11-20/21-30 m, blast
//! 5 m, 4d10 + 20 explosive) and an SMG. Every soldier moves 6 m per 2
//! actions standing. Points are in decimetres; the map is 40 x 40 m.

use nanite_compound_x::Suppression;
use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::scene::Ground;
use nanite_compound_x::encounter::{Command, Layout, MeleeKind, Point, Wall, WallKind};

use super::arena::{blow, fire, fire_ruled, suppress};
use super::skirmish::{Skirmish, fighter, gus, id, lena, line, soldier, step, target, toward};
use super::support::edit;
use nanite_compound_x::combat::ConditionKind;

fn tia() -> Fighter {
    fighter(&soldier(
        "Tia",
        &[],
        &[("throwing", 10), ("explosives", 10)],
        None,
        &[("he-grenade", 2), ("smg", 1)],
    ))
}

/// A point in decimetres.
const fn p(x: i64, y: i64) -> Point {
    Point::new(x, y)
}

fn wall(name: &str, kind: WallKind, a: Point, b: Point) -> Wall {
    Wall {
        name: name.into(),
        a,
        b,
        kind,
        open: false,
    }
}

/// The fight of `cast` (the first is on "crew", the others on "targets"
/// unless their id starts with "ally"), on a 40 x 40 m map with `walls`,
/// each placed at its point; begun, the first one's turn.
fn on_map(cast: Vec<(&str, Fighter, Point)>, walls: Vec<Wall>) -> Skirmish {
    let mut layout = Layout::new(400, 400);
    layout.walls = walls;
    on_layout(cast, layout)
}

/// As [`on_map`], on `layout`.
fn on_layout(cast: Vec<(&str, Fighter, Point)>, layout: Layout) -> Skirmish {
    let places: Vec<(String, Point)> = cast.iter().map(|(w, _, at)| (w.to_string(), *at)).collect();
    let mut s = Skirmish::new(
        cast.into_iter()
            .enumerate()
            .map(|(i, (who, f, _))| {
                let side = if i == 0 || who.starts_with("ally") {
                    "crew"
                } else {
                    "targets"
                };
                (who, side, f)
            })
            .collect(),
    );
    s.run(Command::Map { layout }, &[]);
    for (who, at) in places {
        s.run(Command::Place { id: id(&who), at }, &[]);
    }
    s.begin();
    s
}

fn move_to(who: &str, to: Point) -> Command {
    Command::MoveTo {
        id: id(who),
        to,
        sprint: false,
    }
}

#[test]
fn distance_and_bracket_come_from_positions_rounded_to_the_nearest_metre() {
    // rule: CX-RNG-02
    // rule: CX-RNG-05
    // Lena at 2,2 m; Mark east of her. Hip fire: 4/5/6 + 3 = 7/8/9.
    // (Mark's x in decimetres, metres measured, bracket, miss chance)
    const CASES: &[(i64, i64, &str, i64)] = &[
        (124, 10, "0-10", 7),
        (125, 11, "11-20", 8),
        (224, 20, "11-20", 8),
        (225, 21, "21-40", 9),
    ];
    for &(x, metres, bracket, mc) in CASES {
        let mut s = on_map(
            vec![
                ("lena", lena(&[]), p(20, 20)),
                ("mark", target("Mark", None), p(x, 20)),
            ],
            vec![],
        );
        assert_eq!(s.metres("lena", "mark"), Some(metres), "{x} dm");
        // Mark crouches so as not to dive: +1.
        s.place("mark", None, Some(Stance::Crouched));
        let log = s.run(fire("lena", "mark"), &[2]);
        line(&log, &format!("distance {metres} m, measured on the map"));
        line(&log, &format!("hip fire miss chance at {bracket} m"));
        line(&log, &format!("d10 2 <= miss chance {}: miss", mc + 1));
    }
    // Diagonally 3 m by 4 m: 5 m.
    let s = on_map(
        vec![
            ("lena", lena(&[]), p(20, 20)),
            ("mark", target("Mark", None), p(50, 60)),
        ],
        vec![],
    );
    assert_eq!(s.metres("lena", "mark"), Some(5));
}

#[test]
fn a_gm_override_of_distance_or_cover_shows_in_the_breakdown() {
    // rule: CX-RNG-02
    // rule: CX-RNG-04
    let crates = wall("crates", WallKind::Partial, p(100, 0), p(100, 100));
    let mut s = on_map(
        vec![
            ("lena", lena(&[]), p(20, 50)),
            ("mark", target("Mark", None), p(150, 50)),
        ],
        vec![crates],
    );
    s.place("mark", None, Some(Stance::Crouched));
    // The map: 13 m (11-20: 8), partial cover +2, crouched +1 = 11.
    let log = s.run(fire("lena", "mark"), &[2]);
    line(&log, "distance 13 m, measured on the map");
    line(&log, "partial cover from the map: crates");
    line(&log, "d10 2 <= miss chance 11: miss");
    // The GM's distance and cover for one shot: 25 m (9) in the open (+1).
    let log = s.run(
        fire_ruled("lena", "mark", Some(25), Some(Cover::None)),
        &[2],
    );
    line(
        &log,
        "distance 25 m: the GM's override (the map measures 13 m)",
    );
    line(
        &log,
        "no cover: the GM's override for this shot (the map gives partial cover)",
    );
    line(&log, "d10 2 <= miss chance 10: miss");
}

#[test]
fn cover_comes_from_the_walls_crossing_the_line_of_fire() {
    // rule: CX-RNG-04
    // Lena at 2,5 m fires east at Mark (crouched, +1) at 15,5 m: 13 m,
    // hip 8. (walls, cover words, final miss chance)
    let low = |x: i64| wall("low wall", WallKind::Partial, p(x, 0), p(x, 100));
    let pillar = |x: i64| wall("pillar", WallKind::Full, p(x, 40), p(x, 60));
    let cases: Vec<(Vec<Wall>, &str, i64)> = vec![
        (vec![], "no cover from the walls on the map", 9),
        (vec![low(140)], "partial cover from the map: low wall", 11),
        (vec![pillar(140)], "full cover from the map: pillar", 13),
        // The best of two.
        (
            vec![low(60), pillar(140)],
            "full cover from the map: pillar",
            13,
        ),
        // A low wall the shooter stands up against (within 1 m) is its own
        // cover, fired over: none for Mark.
        (vec![low(28)], "no cover from the walls on the map", 9),
        // A wall beside the line is no cover.
        (
            vec![wall("pillar", WallKind::Full, p(140, 60), p(140, 90))],
            "no cover from the walls on the map",
            9,
        ),
    ];
    for (walls, words, mc) in cases {
        let mut s = on_map(
            vec![
                ("lena", lena(&[]), p(20, 50)),
                ("mark", target("Mark", None), p(150, 50)),
            ],
            walls,
        );
        s.place("mark", None, Some(Stance::Crouched));
        let log = s.run(fire("lena", "mark"), &[2]);
        line(&log, words);
        line(&log, &format!("d10 2 <= miss chance {mc}: miss"));
    }
}

#[test]
fn a_concealing_wall_or_a_closed_door_blocks_sight_and_shots() {
    // rule: CX-SUP-05
    // rule: CX-TURN-07
    let walls = vec![
        wall("", WallKind::Concealing, p(100, 0), p(100, 40)),
        wall("door", WallKind::Door, p(100, 40), p(100, 60)),
        wall("", WallKind::Concealing, p(100, 60), p(100, 400)),
    ];
    let mut s = on_map(
        vec![
            ("lena", lena(&[]), p(50, 50)),
            ("mark", target("Mark", None), p(150, 50)),
        ],
        walls,
    );
    assert!(!s.state().sees(&id("lena"), &id("mark")));
    assert!(!s.state().sees(&id("mark"), &id("lena")));
    assert_eq!(
        s.refuse(fire("lena", "mark")),
        "lena cannot fire: lena has no line of fire to mark: a wall that conceals completely stands between them on the map (CX-SUP-05); move, or the GM rules the cover"
    );
    // A player's view holds only whom its characters see (fog of war).
    assert_eq!(s.state().seen_by(&[id("lena")]), vec![id("lena")]);
    // Lena is 5 m from the door: too far to open it.
    assert_eq!(
        s.refuse(Command::Door {
            id: Some(id("lena")),
            door: "door".into(),
            open: true,
        }),
        "lena is 5 m from the door; it must be within 1 m to reach it (CX-MOVE-08)"
    );
    s.run(move_to("lena", p(90, 50)), &[]);
    let left = s.left();
    let log = s.run(
        Command::Door {
            id: Some(id("lena")),
            door: "door".into(),
            open: true,
        },
        &[],
    );
    line(&log, "Lena opens the door");
    assert_eq!(s.left(), left - 1, "opening a door is 1 action, as a grab");
    assert!(s.state().sees(&id("lena"), &id("mark")));
    assert_eq!(
        s.state().seen_by(&[id("lena")]),
        vec![id("lena"), id("mark")]
    );
    // The GM closes it again, free.
    s.run(
        Command::Door {
            id: None,
            door: "door".into(),
            open: false,
        },
        &[],
    );
    assert!(!s.state().sees(&id("lena"), &id("mark")));
    assert!(
        s.refuse(Command::Door {
            id: None,
            door: "gate".into(),
            open: true,
        })
        .contains("the map has no door called 'gate'; its doors: door")
    );
    // The GM's cover for the shot overrides the wall.
    s.run(fire_ruled("lena", "mark", None, Some(Cover::Full)), &[2]);
}

fn strike(who: &str, at: &str) -> Command {
    Command::Melee {
        id: id(who),
        target: id(at),
        weapon: None,
        kind: MeleeKind::Strike,
        flanking: false,
    }
}

#[test]
fn melee_needs_adjacent_metres_measured_on_the_map() {
    // rule: CX-MOVE-08
    // rule: CX-MELEE-01
    // (Mark's point, adjacent): 1 m apart, 1.4 m diagonally, 1.5 m not.
    for (at, adjacent) in [(p(60, 50), true), (p(60, 60), true), (p(65, 50), false)] {
        let mut s = on_map(
            vec![
                ("lena", lena(&[]), p(50, 50)),
                ("mark", target("Mark", None), at),
            ],
            vec![],
        );
        if adjacent {
            s.run(strike("lena", "mark"), &[1]);
        } else {
            assert_eq!(
                s.refuse(strike("lena", "mark")),
                "mark is 2 m from lena, beyond reach (1 m); move toward it first (CX-MOVE-08)"
            );
        }
    }
}

#[test]
fn flanking_is_read_from_an_ally_on_the_far_side() {
    // rule: CX-RNG-11
    // Lena strikes Mark at 5,5 m with her fists from the west; her ally
    // stands next to Mark. Unarmed: 3 less the best of STR/DEX/FORT 6's
    // combat bonus, 0 = 3; flanking -2.
    // (ally's point, flanking from the map)
    let cases = [
        (p(60, 50), true),  // due east: 180 degrees
        (p(60, 60), true),  // south-east: 135 degrees
        (p(50, 60), false), // due south: 90 degrees
        (p(80, 50), false), // opposite but 3 m off: not next to Mark
    ];
    for (ally, flanking) in cases {
        let mut s = on_map(
            vec![
                ("lena", lena(&[]), p(40, 50)),
                ("mark", target("Mark", None), p(50, 50)),
                ("ally-1", target("Ally", None), ally),
            ],
            vec![],
        );
        let log = s.run(strike("lena", "mark"), &[1]);
        if flanking {
            line(
                &log,
                "flanking from the map: ally-1 stands on mark's far side (CX-RNG-11)",
            );
            line(&log, "d10 1 <= miss chance 1: miss");
        } else {
            line(&log, "d10 1 <= miss chance 3: miss");
            // The GM may still rule it: an override, shown.
            let log = s.run(blow("lena", "mark", None, MeleeKind::Strike, true), &[1]);
            line(
                &log,
                "flanking: the GM's override (the map shows no ally on the far side)",
            );
            line(&log, "d10 1 <= miss chance 1: miss");
        }
    }
}

#[test]
fn a_move_walks_around_walls_and_pays_the_way_at_the_stance_rate() {
    // rule: CX-MOVE-01
    // rule: CX-MOVE-04
    // A concealing wall from 10,1 to 10,9 m; Lena at 8,5 wants 12,5.
    // Around its end: two legs of about 4.5 m: 9 m, 3 actions at 6 m per 2.
    let w = wall("wall", WallKind::Concealing, p(100, 10), p(100, 90));
    let mut s = on_map(
        vec![
            ("lena", lena(&[]), p(80, 50)),
            ("mark", target("Mark", None), p(300, 300)),
        ],
        vec![w],
    );
    let log = s.run(move_to("lena", p(120, 50)), &[]);
    line(&log, "Lena: move to 12,5 (9 m) (3 actions)");
    line(&log, "Lena goes to 12,5 by way of 10,9.1");
    assert_eq!(s.left(), 1);
    assert_eq!(s.state().position(&id("lena")), Some(p(120, 50)));
    // Measured again from where she stands: 12,5 to 30,30 is 30.8 m.
    assert_eq!(s.metres("lena", "mark"), Some(31));
    // 1 action left: 3 m. Back round the wall is refused, with why.
    assert_eq!(
        s.refuse(move_to("lena", p(80, 50))),
        "the way around the walls from 12,5 to 8,5 is 9 m; it moves 6 m per 2 actions, and 1 action(s) allow 3 m (CX-MOVE-01)"
    );
    // Nobody walks into a wall's far side without a way round, or off the map.
    assert!(
        s.refuse(move_to("lena", p(500, 50)))
            .contains("is off the map")
    );
    // Crouched: 5 m per 2 actions (-1 per action, CX-MOVE-04); 2 m costs 1.
    s.next(&[]);
    s.next(&[]);
    s.place("lena", None, Some(Stance::Crouched));
    let log = s.run(move_to("lena", p(140, 50)), &[]);
    line(&log, "Lena: move to 14,5 (2 m) (1 action)");
    // The old move by metres is for fights without a map.
    assert!(
        s.refuse(step("lena", 2, toward("mark"), false))
            .contains("stands on the map: move it to a point")
    );
}

#[test]
fn suppression_holds_everyone_in_its_area_around_the_target() {
    // rule: CX-SUP-01
    // rule: CX-SUP-02
    // rule: CX-SUP-04
    // rule: CX-SUP-05
    // Gus's LMG lays heavy suppression (2 m) on Mark at 20,5 m; light on
    // the SMG is 1 m. Nina is 1.8 m from Mark, Otto 3 m, Pia 2 m but
    // behind a concealing wall from Gus.
    let cast = |first: (&'static str, Fighter)| {
        vec![
            (first.0, first.1, p(50, 50)),
            ("mark", target("Mark", None), p(200, 50)),
            ("nina", target("Nina", None), p(200, 68)),
            ("otto", target("Otto", None), p(200, 80)),
            ("pia", target("Pia", None), p(200, 30)),
        ]
    };
    let screen = wall("screen", WallKind::Concealing, p(190, 35), p(190, 20));
    let mut s = on_map(cast(("gus", gus())), vec![screen.clone()]);
    let log = s.run(suppress("gus", "mark", None), &[]);
    line(&log, "Mark, Nina suppressed until Gus's next turn");
    line(
        &log,
        "Pia cannot be hit at all from there, so is not suppressed (CX-SUP-05)",
    );
    assert!(s.state().is_suppressed(&id("nina")));
    assert!(!s.state().is_suppressed(&id("otto")));
    // Light suppression's area is 1 m: Nina, 1.8 m off, is outside.
    let mut s = on_map(cast(("lena", lena(&[]))), vec![screen]);
    let log = s.run(suppress("lena", "mark", Some(Suppression::Light)), &[]);
    line(&log, "Mark suppressed until Lena's next turn");
    assert!(!s.state().is_suppressed(&id("nina")));
}

#[test]
fn moving_into_the_open_is_read_from_the_suppressors_line_of_fire() {
    // rule: CX-SUP-02
    // rule: CX-SUP-05
    // Lena suppresses Mark (light) at 15,5 m; a concealing wall runs
    // north-south at 17 m from 0 to 4.5 m.
    let w = wall("wall", WallKind::Concealing, p(170, 0), p(170, 45));
    let suppressed = |s: &Skirmish| s.state().is_suppressed(&id("mark"));
    let setup = || {
        let mut s = on_map(
            vec![
                ("lena", lena(&[]), p(50, 50)),
                ("mark", target("Mark", None), p(150, 50)),
            ],
            vec![w.clone()],
        );
        s.run(suppress("lena", "mark", Some(Suppression::Light)), &[]);
        s.next(&[]);
        s
    };
    // Into the open, within the area (0.8 m on): Lena fires (a d10 2 misses
    // at 10 m: 4 in the open) and the suppression holds.
    let mut s = setup();
    let log = s.run(move_to("mark", p(150, 58)), &[2]);
    line(&log, "fires on Mark moving into the open");
    assert!(suppressed(&s));
    // Behind the wall, out of her sight: no fire, and out of the area.
    let mut s = setup();
    let log = s.run(move_to("mark", p(190, 30)), &[]);
    assert!(
        !log.iter().any(|l| l.contains("moving into the open")),
        "{log:?}"
    );
    assert!(!suppressed(&s));
    line(&log, "mark leaves the suppressed area");
}

fn throw(at: &str) -> Command {
    Command::Throw {
        id: id("tia"),
        target: id(at),
        weapon: 0,
        distance: None,
    }
}

#[test]
fn a_grenade_on_target_catches_everyone_in_its_blast_each_with_a_dodge() {
    // rule: CX-RNG-15
    // rule: CX-DMG-05
    // Tia at 2,20 m throws the HE grenade (blast 5 m) at Mark at 14,20:
    // 12 m, 5 - 2 under half the longest throw = 3; a 4 is on target.
    // 4d10 + 20 = 24. Nina is 4 m from Mark (caught), Otto 6 m (not), Pia
    // 3 m but behind a full-cover pillar (shielded). Each caught rolls its
    // own Reflex save: 14 - 10 + d100 against 50: Mark 30 + 4 fails (24),
    // Nina 47 + 4 dodges (half: 12).
    let pillar = wall("pillar", WallKind::Full, p(150, 210), p(150, 250));
    let mut s = on_map(
        vec![
            ("tia", tia(), p(20, 200)),
            ("mark", target("Mark", None), p(140, 200)),
            ("nina", target("Nina", None), p(140, 160)),
            ("otto", target("Otto", None), p(140, 260)),
            ("pia", target("Pia", None), p(160, 220)),
        ],
        vec![pillar],
    );
    let full = s.hp("mark");
    let log = s.run(throw("mark"), &[4, 1, 1, 1, 1, 3, 10, 4, 7]);
    line(&log, "blast radius 5 m, 0 m off target: mark, nina caught");
    assert_eq!(s.hp("mark"), full - 24);
    assert_eq!(s.hp("nina"), full - 12);
    assert_eq!(s.hp("otto"), full);
    assert_eq!(s.hp("pia"), full);
}

#[test]
fn a_scattered_grenade_lands_the_way_a_d8_says() {
    // rule: CX-RNG-15
    // As above, the throw misses: a 3 against 3 is within 1: d4 = 4 m off,
    // and the d8 says 3 (east): it lands at 18,20. Mark is 4 m from it
    // (caught), Nina 5.7 m (6: not), Otto 4 m east of the landing... caught.
    let mut s = on_map(
        vec![
            ("tia", tia(), p(20, 200)),
            ("mark", target("Mark", None), p(140, 200)),
            ("nina", target("Nina", None), p(140, 160)),
            ("otto", target("Otto", None), p(220, 200)),
        ],
        vec![],
    );
    let log = s.run(throw("mark"), &[3, 4, 3, 1, 1, 1, 1, 3, 10, 3, 10]);
    line(&log, "it lands 4 m east of Mark, at 18,20");
    line(&log, "blast radius 5 m, 4 m off target: mark, otto caught");
    assert!(s.hp("nina") == s.c("nina").fighter.max_hp);
}

#[test]
fn the_script_moves_places_and_opens_doors_on_the_map() {
    use nanite_compound_x::encounter::Battle;
    use nanite_compound_x::script::parse;
    let battle = Battle::new();
    let command = |line: &str| {
        let parsed = parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        serde_json::to_string(&parsed.order.command(&battle).unwrap()).unwrap()
    };
    let cases = [
        (
            "move vex to 12,4",
            r#"{"command":"move_to","id":"vex","to":{"x":120,"y":40}}"#,
        ),
        (
            "vex move to 2.5,3 sprint",
            r#"{"command":"move_to","id":"vex","to":{"x":25,"y":30},"sprint":true}"#,
        ),
        (
            "position raider at 1,0.5",
            r#"{"command":"place","id":"raider","at":{"x":10,"y":5}}"#,
        ),
        (
            "door 'north door' close",
            r#"{"command":"door","door":"north door","open":false}"#,
        ),
        (
            "vex door hatch open",
            r#"{"command":"door","id":"vex","door":"hatch","open":true}"#,
        ),
    ];
    for (line, json) in cases {
        assert_eq!(command(line), json, "{line}");
    }
    let e = parse("move vex to 12").unwrap_err();
    assert_eq!(
        e.message,
        "expected a point of the map (metres east,south like `12,4` or `12.5,4`), found `12`"
    );
}

/// An area of difficult ground with corners `corners` (decimetres).
fn ground(name: &str, corners: &[(i64, i64)]) -> Ground {
    Ground {
        name: name.into(),
        outline: corners.iter().map(|&(x, y)| p(x, y)).collect(),
    }
}

#[test]
fn a_way_through_difficult_ground_pays_its_metres_there_twice() {
    // rule: CX-MOVE-01
    // Decision (docs/rules/compound-x.md): every metre of a way in
    // difficult ground costs 2 m of movement; its edge is firm ground.
    // Mud across the whole map from x = 4 to 8 m: no way round it.
    let mut layout = Layout::new(400, 400);
    layout.ground = vec![ground("mud", &[(40, 0), (80, 0), (80, 400), (40, 400)])];
    let mut s = on_layout(
        vec![
            ("lena", lena(&[]), p(20, 50)),
            ("mark", target("Mark", None), p(300, 300)),
        ],
        layout,
    );
    // 2,5 to 10,5: 8 m long, 4 m of it in the mud: 12 m to pay, 4 actions
    // at 6 m per 2 (8 m on firm ground would take 3).
    let log = s.run(move_to("lena", p(100, 50)), &[]);
    line(
        &log,
        "Lena: move to 10,5 (12 m: 8 m long, 4 m of it in difficult ground, paid twice) (4 actions)",
    );
    assert_eq!(s.state().position(&id("lena")), Some(p(100, 50)));
    s.next(&[]);
    s.next(&[]);
    // Back into the mud, 2 m short of it and 2 m in: 6 m to pay, 2 actions;
    // back out to 2,5 is 3 m with 1 m in the mud, 4 m: 1 action allows 3.
    let log = s.run(move_to("lena", p(60, 50)), &[]);
    line(
        &log,
        "Lena: move to 6,5 (6 m: 4 m long, 2 m of it in difficult ground, paid twice) (2 actions)",
    );
    let log = s.run(move_to("lena", p(50, 50)), &[]);
    line(
        &log,
        "Lena: move to 5,5 (2 m: 1 m long, 1 m of it in difficult ground, paid twice) (1 action)",
    );
    assert_eq!(
        s.refuse(move_to("lena", p(20, 50))),
        "the way around the walls from 5,5 to 2,5 is 4 m: 3 m long, 1 m of it in difficult ground, paid twice; it moves 6 m per 2 actions, and 1 action(s) allow 3 m (CX-MOVE-01)"
    );
}

#[test]
fn a_way_goes_round_a_patch_of_difficult_ground_when_that_is_cheaper() {
    // rule: CX-MOVE-01
    // Rubble from 4,3 to 8,7 m between Lena at 2,5 and 10,5: straight
    // through is 8 m with 4 m in the rubble (12 m to pay); along its edge
    // (firm ground), by 4,7 and 8,7 (or 4,3 and 8,3), 2.8 + 4 + 2.8 = 9.7 m.
    let mut layout = Layout::new(400, 400);
    layout.ground = vec![ground("rubble", &[(40, 30), (80, 30), (80, 70), (40, 70)])];
    let mut s = on_layout(
        vec![
            ("lena", lena(&[]), p(20, 50)),
            ("mark", target("Mark", None), p(300, 300)),
        ],
        layout.clone(),
    );
    let route = layout.route(p(20, 50), p(100, 50), 200).expect("a way");
    assert_eq!(route.difficult_dm, 0, "{route:?}");
    // Each leg rounded down: 28 + 40 + 28 dm.
    assert_eq!(route.length_dm, 96, "{route:?}");
    assert_eq!(route.corners.len(), 4, "{route:?}");
    assert_eq!(route.metres(), 10);
    let log = s.run(move_to("lena", p(100, 50)), &[]);
    line(&log, "Lena: move to 10,5 (10 m) (4 actions)");
    // Without the rubble, the straight 8 m.
    layout.ground.clear();
    let straight = layout.route(p(20, 50), p(100, 50), 200).expect("a way");
    assert_eq!((straight.corners.len(), straight.metres()), (2, 8));
}

/// Nyx, a mage with 30 points of Sorcery, whose Stun Pulse (35 nanites,
/// a Shock save, stunned for 1 turn, range CHA * 2 = 12 m) is given a
/// 2 m area (the pack format's `area`; the sample spells have none).
fn mage() -> Fighter {
    let text = edit(
        &soldier("Nyx", &[], &[("sorcery", 30)], None, &[]),
        &[("class = \"soldier\"", "class = \"mage\"")],
    );
    let mut f = fighter(&text);
    let book = f.spellbook.as_mut().expect("a mage casts");
    let pulse = book
        .spells
        .iter_mut()
        .find(|s| s.id == "stun-pulse")
        .expect("mages know Stun Pulse");
    pulse.area = Some(2);
    f
}

fn pulse(at: &str) -> Command {
    Command::Cast {
        id: id("nyx"),
        spell: "stun-pulse".into(),
        target: id(at),
        cover: None,
    }
}

#[test]
fn a_spell_with_an_area_catches_everyone_in_it_each_with_a_save() {
    // rule: CX-SPELL-02
    // rule: CX-SPELL-03
    // Nyx at 5,20 casts at Mark at 15,20 (10 m, in range). Nick 1 m from
    // Mark is caught; Ned 3 m off is not; Nora 2 m off is caught but for
    // the concealing wall between her and Mark (a blast's shield).
    let cast = || {
        vec![
            ("nyx", mage(), p(50, 200)),
            ("mark", target("Mark", None), p(150, 200)),
            ("nick", target("Nick", None), p(160, 200)),
            ("ned", target("Ned", None), p(180, 200)),
            ("nora", target("Nora", None), p(150, 220)),
        ]
    };
    let screen = || {
        vec![wall(
            "screen",
            WallKind::Concealing,
            p(140, 210),
            p(160, 210),
        )]
    };
    let stunned =
        |s: &Skirmish, who: &str| s.state().has_condition(&id(who), ConditionKind::Stunned);
    // Casting d100 30 + 30 Sorcery + 4 INT = 64 > DC 35; Mark's save, then
    // Nick's: 10 + Shock each, short of 64.
    let mut s = on_map(cast(), screen());
    let before = s.state().combatant(&id("nyx")).unwrap().fighter.nanites;
    let log = s.run(pulse("mark"), &[3, 10, 1, 10, 1, 10]);
    line(
        &log,
        "an area of 2 m: everyone on the map within 2 m of Mark is caught, each with its own save",
    );
    line(
        &log,
        "Nick is caught in Nyx's Stun Pulse (1 m from Mark, within its 2 m area)",
    );
    let stunned_now: Vec<bool> = ["mark", "nick", "ned", "nora"]
        .iter()
        .map(|w| stunned(&s, w))
        .collect();
    assert_eq!(stunned_now, [true, true, false, false]);
    // The nanites are spent once.
    let after = s.state().combatant(&id("nyx")).unwrap().fighter.nanites;
    assert_eq!(before - after, 35);
    // Nick rolls 100 on his save: he resists (the defender wins ties),
    // Mark does not.
    let mut s = on_map(cast(), screen());
    s.run(pulse("mark"), &[3, 10, 1, 10, 10, 10]);
    assert!(stunned(&s, "mark") && !stunned(&s, "nick"));
    // Without the screen, Nora is caught too (Nick, then Nora, each saves).
    let mut s = on_map(cast(), vec![]);
    s.run(pulse("mark"), &[3, 10, 1, 10, 1, 10, 1, 10]);
    assert!(stunned(&s, "nora") && !stunned(&s, "ned"));
}

#[test]
fn the_gm_adds_and_takes_off_walls_checked_as_a_whole_map() {
    // rule: CX-SUP-05
    let mut s = on_map(
        vec![
            ("lena", lena(&[]), p(50, 50)),
            ("mark", target("Mark", None), p(150, 50)),
        ],
        vec![],
    );
    assert!(s.state().sees(&id("lena"), &id("mark")));
    // Off the map, no length, an open wall that is no door: refused, the
    // map unchanged.
    for (bad, says) in [
        (
            wall("", WallKind::Concealing, p(100, 0), p(100, 500)),
            "leaves the map (0,0 to 40,40)",
        ),
        (
            wall("", WallKind::Full, p(100, 0), p(100, 0)),
            "has no length",
        ),
        (
            Wall {
                open: true,
                ..wall("", WallKind::Partial, p(0, 0), p(10, 0))
            },
            "only doors open",
        ),
    ] {
        let why = s.refuse(Command::AddWall { wall: bad });
        assert!(why.contains(says), "{says}: {why}");
        assert!(why.contains("the map is unchanged"), "{why}");
    }
    let log = s.run(
        Command::AddWall {
            wall: wall("screen", WallKind::Concealing, p(100, 0), p(100, 400)),
        },
        &[],
    );
    line(&log, "GM adds screen to the map: complete concealment");
    assert!(!s.state().sees(&id("lena"), &id("mark")));
    assert_eq!(s.state().seen_by(&[id("lena")]), vec![id("lena")]);
    assert!(
        s.refuse(Command::RemoveWall { wall: 1 })
            .contains("the map has no wall 1: its walls are numbered 0 to 0")
    );
    let log = s.run(Command::RemoveWall { wall: 0 }, &[]);
    line(&log, "GM takes screen off the map");
    assert!(s.state().sees(&id("lena"), &id("mark")));
}
