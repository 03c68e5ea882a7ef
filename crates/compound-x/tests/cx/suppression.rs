//! Suppression in a running fight (CX-SUP): the last action of a turn, the
//! rounds each level spends, the +1 on a suppressed shooter, the area and
//! how it ends, the reactions to a move into the open, heavy suppression's
//! neighbours, unhittable targets, the GM's crossing, and refusals.
//!
//! Lena carries a Basic SMG (light; semi rows 4/5/6 at 0-10/11-20/21-40 m),
//! Rook an AR-7 (medium; 3/4/6 at 0-15/16-40/41-80 m), Gus an LMG-90
//! (heavy; automatic only, 6/7/9 at 0-20/21-60/61-100 m). Targets wear
//! nothing, or a flak jacket (coverage 60, APL 2, 15 armor points).

use expect_test::expect;
use nanite_compound_x::Suppression;
use nanite_compound_x::combat::{ConditionKind, Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Command, CxEffect, Way};

use super::arena::{hip, into_cover, suppress};
use super::skirmish::{Skirmish, fighter, gus, id, line, soldier, step, target};

/// Lena with a stun laser pistol (1 spare) as well.
fn lena() -> Fighter {
    super::skirmish::lena(&[("stun-laser-pistol", 1)])
}

fn rook() -> Fighter {
    fighter(&soldier(
        "Rook",
        &[],
        &[("rifles", 10)],
        None,
        &[("assault-rifle", 2)],
    ))
}

/// `shooter` and Mark (in `armor`), 12 m apart; the shooter's turn.
fn duel(shooter: Fighter, armor: Option<&str>) -> Skirmish {
    let handle = shooter.name.to_lowercase();
    let mut s = Skirmish::new(vec![
        (handle.as_str(), "crew", shooter),
        ("mark", "targets", target("Mark", armor)),
    ]);
    s.distance(&handle, "mark", 12);
    s.begin();
    s
}

fn suppressed(s: &Skirmish, who: &str) -> bool {
    s.state().is_suppressed(&id(who))
}

fn loaded(s: &Skirmish, who: &str) -> i64 {
    s.c(who).fighter.weapons[0].loaded
}

#[test]
fn suppression_is_the_last_action_and_spends_what_is_left() {
    // rule: CX-SUP-01
    // rule: CX-TURN-07
    for used in 0..4 {
        let mut s = duel(lena(), None);
        if used > 0 {
            s.run(
                Command::Act {
                    id: id("lena"),
                    what: "draw".into(),
                    actions: used,
                },
                &[],
            );
        }
        let log = s.run(suppress("lena", "mark", None), &[]);
        let spent = 4 - used;
        line(
            &log,
            &format!(
                "Lena: suppress mark (light, the last action) ({spent} action{})",
                if spent == 1 { "" } else { "s" }
            ),
        );
        assert_eq!(s.left(), 0);
        assert!(suppressed(&s, "mark"));
    }
    let mut s = duel(lena(), None);
    s.run(
        Command::Act {
            id: id("lena"),
            what: "draw".into(),
            actions: 4,
        },
        &[],
    );
    assert_eq!(
        s.refuse(suppress("lena", "mark", None)),
        "lena needs 1 action(s) for suppress mark (light, the last action) but has 0 left this turn"
    );
}

#[test]
fn each_level_spends_its_rounds() {
    // rule: CX-SUP-02
    // rule: CX-SUP-03
    // rule: CX-SUP-04
    // rule: CX-RNG-12
    use Suppression::{Heavy, Light, Medium};
    // (weapon, level asked (none: the weapon's own), rounds loaded,
    //  rounds spent or the refusal)
    type Case = (
        fn() -> Fighter,
        Option<Suppression>,
        i64,
        Result<i64, &'static str>,
    );
    const CASES: &[Case] = &[
        (lena, None, 30, Ok(3)),
        // Light: 3 rounds, or the rest of the magazine, at least 1.
        (lena, Some(Light), 2, Ok(2)),
        (lena, Some(Light), 1, Ok(1)),
        (
            lena,
            Some(Light),
            0,
            Err("light suppression needs 3 rounds and the Basic SMG has 0; reload (CX-SUP)"),
        ),
        (
            lena,
            Some(Medium),
            30,
            Err("the Basic SMG lays down at most light suppression (CX-SUP)"),
        ),
        (rook, None, 30, Ok(6)),
        (rook, Some(Light), 30, Ok(3)),
        (rook, Some(Medium), 6, Ok(6)),
        (
            rook,
            Some(Medium),
            5,
            Err(
                "medium suppression needs 6 rounds and the AR-7 Assault Rifle has 5; reload (CX-SUP)",
            ),
        ),
        (
            rook,
            Some(Heavy),
            30,
            Err("the AR-7 Assault Rifle lays down at most medium suppression (CX-SUP)"),
        ),
        (gus, None, 100, Ok(10)),
        (gus, Some(Medium), 100, Ok(6)),
        (gus, Some(Light), 100, Ok(3)),
        (
            gus,
            Some(Heavy),
            9,
            Err(
                "heavy suppression needs 10 rounds and the LMG-90 Squad Automatic has 9; reload (CX-SUP)",
            ),
        ),
    ];
    for &(who, level, rounds, expected) in CASES {
        let mut shooter = who();
        shooter.weapons[0].loaded = rounds;
        let handle = shooter.name.to_lowercase();
        let mut s = duel(shooter, None);
        let command = suppress(&handle, "mark", level);
        match expected {
            Ok(spent) => {
                let log = s.run(command, &[]);
                line(&log, &format!("({spent} rounds, CX-SUP)"));
                assert_eq!(loaded(&s, &handle), rounds - spent, "{handle} {level:?}");
            }
            Err(why) => assert_eq!(s.refuse(command), why),
        }
    }
}

/// Mark, 12 m from Lena (light suppression) and Rook (medium) in the open,
/// held by both (Lena first, then Rook): Mark's turn.
fn held_by_lena_and_rook() -> Skirmish {
    let mut s = Skirmish::new(vec![
        ("lena", "crew", lena()),
        ("rook", "crew", rook()),
        ("mark", "targets", target("Mark", None)),
    ]);
    s.distance("lena", "mark", 12);
    s.distance("rook", "mark", 12);
    s.begin();
    s.run(suppress("lena", "mark", None), &[]);
    s.next(&[]);
    s.run(suppress("rook", "mark", None), &[]);
    s.next(&[]);
    s
}

#[test]
fn a_suppressed_shooter_takes_plus_one_once_until_each_suppressor_moves_again() {
    // rule: CX-SUP-01
    let mut s = held_by_lena_and_rook();
    // Held by two suppressors, Mark still takes +1 once: hip fire at
    // 11-20 m is 5 + 3 = 8, suppressed 9.
    let log = s.run(hip("mark", "lena"), &[9]);
    line(&log, "+1 suppressed (CX-SUP-01)");
    line(&log, "d10 9 <= miss chance 9: miss");
    // Lena's hold ends as her next turn starts; Rook's holds on.
    let log = s.next(&[]);
    line(&log, "-- Lena's turn");
    assert!(suppressed(&s, "mark"));
    let holds = |s: &Skirmish| {
        s.state()
            .clock
            .effects_on(&id("mark"))
            .filter_map(|e| match &e.payload {
                CxEffect::Suppressed { by, .. } => Some(by.to_string()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(holds(&s), ["rook"]);
    // Lena lets it lapse: from Rook's next turn Mark is free.
    s.next(&[]);
    assert!(!suppressed(&s, "mark"));
}

#[test]
fn a_move_into_the_open_draws_fire_by_level_and_armor_is_still_rolled() {
    // rule: CX-SUP-02
    // rule: CX-SUP-03
    // rule: CX-SUP-04
    // rule: CX-SUP-05
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    // Mark (flak jacket) shuffles 1 m inside the area; the suppressor, 12 m
    // off, reacts. (suppressor, dice, health lost, a line of the log)
    type Case = (fn() -> Fighter, &'static [i64], i64, &'static str);
    const CASES: &[Case] = &[
        // Light: a semi-automatic roll against 5 in the open; 6 hits.
        // 2d10 + 8 = 18; armor roll 70 > 60: the body, above 50: half, 9.
        (
            lena,
            &[6, 5, 5, 7, 10],
            9,
            "d10 6 > miss chance 5: hit (CX-SUP-02)",
        ),
        // The armor roll 30 strikes the jacket: APL 1 < 2 blocks it all.
        (lena, &[6, 5, 5, 3, 10], 0, "all damage blocked (CX-DMG-02)"),
        // A 5 misses: no damage dice.
        (lena, &[5], 0, "d10 5 <= miss chance 5: miss"),
        // Medium: an automatic hit. 2d10 + 15 = 25; armor 30: APL 2 pierces
        // the jacket, its 15 armor points take the first 15, 10 go through.
        (
            rook,
            &[5, 5, 3, 10],
            10,
            "an automatic hit: only armor is rolled",
        ),
        // Heavy: two automatic hits. 2d10 + 12 = 22, armor 100: the body,
        // half, 11; then 1 + 1 + 12 = 14, armor 40: pierced, the 15 armor
        // points take all 14.
        (gus, &[5, 5, 10, 10, 1, 1, 4, 10], 11, "hit 2 of 2"),
    ];
    for &(who, dice, lost, says) in CASES {
        let shooter = who();
        let handle = shooter.name.to_lowercase();
        let mut s = duel(shooter, Some("flak-jacket"));
        s.run(suppress(&handle, "mark", None), &[]);
        s.next(&[]);
        let full = s.hp("mark");
        let log = s.run(step("mark", 1, Way::Elsewhere, false), dice);
        line(&log, "moving into the open");
        line(&log, says);
        assert_eq!(s.hp("mark"), full - lost, "{handle}: {}", log.join("\n"));
        assert!(suppressed(&s, "mark"), "1 m stays inside the area");
    }
}

#[test]
fn leaving_the_area_ends_it_and_concealment_draws_no_fire() {
    // rule: CX-SUP-02
    // rule: CX-SUP-04
    // rule: CX-SUP-05
    // (suppressor, metres, into concealment, dice, still suppressed)
    type Case = (fn() -> Fighter, i64, bool, &'static [i64], bool);
    const CASES: &[Case] = &[
        // Light: a 1 m area. A 2 misses.
        (lena, 1, false, &[2], true),
        (lena, 2, false, &[2], false),
        (lena, 1, true, &[], true),
        (lena, 2, true, &[], false),
        // Heavy: a 2 m area; two hits of 1 + 1 + 12, body rolls 30: full.
        (gus, 2, false, &[1, 1, 3, 10, 1, 1, 3, 10], true),
        (gus, 3, false, &[1, 1, 3, 10, 1, 1, 3, 10], false),
        (gus, 3, true, &[], false),
    ];
    for &(who, metres, concealed, dice, stays) in CASES {
        let shooter = who();
        let handle = shooter.name.to_lowercase();
        let mut s = duel(shooter, None);
        s.run(suppress(&handle, "mark", None), &[]);
        s.next(&[]);
        let log = s.run(
            Command::Move {
                id: id("mark"),
                metres,
                way: Way::Elsewhere,
                sprint: false,
                cover: None,
                concealed,
            },
            dice,
        );
        assert_eq!(
            suppressed(&s, "mark"),
            stays,
            "{handle} {metres} m: {}",
            log.join("\n")
        );
        if !stays {
            line(&log, "mark leaves the suppressed area");
        }
    }
}

#[test]
fn a_jump_is_a_move_into_the_open_and_leaves_the_area_when_it_goes_farther() {
    // rule: CX-SUP-05
    // rule: CX-MOVE-03
    // Lena's light suppression: a 1 m area. (metres, up, still suppressed);
    // each jump draws her semi-automatic roll, a 2 that misses.
    const CASES: &[(f64, bool, bool)] =
        &[(1.0, false, true), (1.5, false, false), (1.5, true, true)];
    for &(metres, vertical, stays) in CASES {
        let mut s = duel(lena(), None);
        s.run(suppress("lena", "mark", None), &[]);
        s.next(&[]);
        let log = s.run(
            Command::Jump {
                id: id("mark"),
                metres,
                vertical,
                run_up: false,
            },
            &[2],
        );
        line(&log, "moving into the open");
        assert_eq!(
            suppressed(&s, "mark"),
            stays,
            "{metres} m up {vertical}: {}",
            log.join("\n")
        );
    }
}

#[test]
fn heavy_suppression_holds_every_enemy_within_2_m_it_can_hit() {
    // rule: CX-SUP-04
    // rule: CX-SUP-05
    let mut s = Skirmish::new(vec![
        ("gus", "crew", gus()),
        ("mark", "targets", target("Mark", None)),
        ("nell", "targets", target("Nell", None)),
        ("fay", "targets", target("Fay", None)),
        ("hid", "targets", target("Hid", None)),
        ("nox", "targets", target("Nox", None)),
        ("pal", "crew", target("Pal", None)),
    ]);
    s.distance("gus", "mark", 12);
    s.distance("mark", "nell", 2);
    s.distance("mark", "fay", 3);
    s.distance("mark", "hid", 1);
    s.distance("mark", "pal", 1);
    // Nox is somewhere unknown; Hid is hunkered behind full cover: from
    // 12 m the LMG's 6 + 4 + 2 = 12 cannot be beaten.
    s.place("hid", Some(Cover::Full), Some(Stance::Hunkered));
    s.begin();
    let log = s.run(suppress("gus", "mark", None), &[]);
    expect![[r#"
        Gus: suppress mark (heavy, the last action) (4 actions)
        Gus lays down heavy suppression on Mark (10 rounds, CX-SUP): Mark, Nell suppressed until Gus's next turn
        Hid cannot be hit at all from there, so is not suppressed (CX-SUP-05)
        Mark: suppressed by gus (heavy), until the start of Gus's turn
        Nell: suppressed by gus (heavy), until the start of Gus's turn"#]]
    .assert_eq(&log.join("\n"));
    for (who, held) in [
        ("mark", true),
        ("nell", true),
        ("fay", false),
        ("hid", false),
        ("nox", false),
        ("pal", false),
    ] {
        assert_eq!(suppressed(&s, who), held, "{who}");
    }
}

#[test]
fn a_target_that_cannot_be_hit_at_all_is_not_suppressed() {
    // rule: CX-SUP-05
    // rule: CX-RNG-04
    // Lena's SMG semi row: 4 at 0-10 m, 6 at 21-40 m.
    // (metres, cover, stance, suppressed)
    const CASES: &[(i64, Cover, Stance, bool)] = &[
        (8, Cover::None, Stance::Standing, true),
        (8, Cover::Full, Stance::Crouched, true), // 4 + 4 + 1 = 9
        (8, Cover::Full, Stance::Hunkered, false), // 4 + 4 + 2 = 10
        (8, Cover::Full, Stance::Prone, false),   // 4 + 4 + 2 = 10
        (8, Cover::Partial, Stance::Prone, true), // 4 + 2 + 2 = 8
        (4, Cover::None, Stance::Prone, true),    // prone within 5 m: 4
        (25, Cover::Full, Stance::Standing, false), // 6 + 4 = 10
        (25, Cover::Partial, Stance::Crouched, true), // 6 + 2 + 1 = 9
    ];
    for &(metres, cover, stance, held) in CASES {
        let mut s = duel(lena(), None);
        s.distance("lena", "mark", metres);
        s.place("mark", Some(cover), Some(stance));
        let log = s.run(suppress("lena", "mark", None), &[]);
        assert_eq!(
            suppressed(&s, "mark"),
            held,
            "{metres} m {cover:?} {stance:?}"
        );
        if !held {
            line(&log, "Mark cannot be hit at all from there");
        }
        // The rounds are spent either way.
        assert_eq!(loaded(&s, "lena"), 27);
    }
}

#[test]
fn a_suppressor_reacts_at_most_three_times_a_round() {
    // rule: CX-SUP-04
    // rule: CX-TURN-04
    // Gus's heavy suppression holds four targets within 2 m of Mark; each
    // fires once at him (once per target per suppressor's turn, CX-SUP-02),
    // but Gus has 3 reactions a round: the fourth target's move draws
    // nothing. Each reaction is two automatic hits of 1 + 1 + 12 = 14,
    // body roll 100: half, 7.
    let mut s = Skirmish::new(vec![
        ("gus", "crew", gus()),
        ("mark", "targets", target("Mark", None)),
        ("nell", "targets", target("Nell", None)),
        ("fay", "targets", target("Fay", None)),
        ("hid", "targets", target("Hid", None)),
    ]);
    s.distance("gus", "mark", 12);
    for other in ["nell", "fay", "hid"] {
        s.distance("mark", other, 2);
    }
    s.begin();
    s.run(suppress("gus", "mark", None), &[]);
    for (who, name) in [("mark", "Mark"), ("nell", "Nell"), ("fay", "Fay")] {
        s.next(&[]);
        let full = s.hp(who);
        let log = s.run(
            step(who, 1, Way::Elsewhere, false),
            &[1, 1, 10, 10, 1, 1, 10, 10],
        );
        line(
            &log,
            &format!("Gus reacts: suppression fire at {who} moving into the open"),
        );
        line(&log, &format!("Gus fires on {name} moving into the open"));
        assert_eq!(s.hp(who), full - 14, "{}", log.join("\n"));
    }
    // The fourth draws nothing: no die is rolled.
    s.next(&[]);
    let log = s.run(step("hid", 1, Way::Elsewhere, false), &[]);
    assert!(
        !log.iter().any(|l| l.contains("reacts")),
        "{}",
        log.join("\n")
    );
    assert!(suppressed(&s, "hid"));
}

#[test]
fn the_gm_rules_a_crossing_in_front_of_the_fire() {
    // rule: CX-SUP-06
    // rule: CX-TURN-04
    let mut s = Skirmish::new(vec![
        ("rook", "crew", rook()),
        ("lena", "crew", lena()),
        ("mark", "targets", target("Mark", None)),
        ("ward", "targets", target("Ward", None)),
    ]);
    s.distance("rook", "mark", 12);
    s.distance("rook", "ward", 14);
    s.begin();
    s.run(suppress("rook", "mark", None), &[]);
    // Ward, not suppressed, runs across Rook's line of fire: medium
    // suppression hits automatically, 5 + 5 + 15 = 25, body roll 30: full.
    let full = s.hp("ward");
    let crossing = Command::Crossing {
        by: id("rook"),
        target: id("ward"),
    };
    let log = s.run(crossing.clone(), &[5, 5, 3, 10]);
    line(
        &log,
        "Rook reacts: suppression fire at ward crossing its fire",
    );
    assert_eq!(s.hp("ward"), full - 25);
    assert!(!suppressed(&s, "ward"));
    // Two more crossings use up Rook's reactions; a fourth is refused.
    s.run(crossing.clone(), &[1, 1, 10, 10]);
    s.run(crossing.clone(), &[1, 1, 10, 10]);
    assert_eq!(
        s.refuse(crossing),
        "rook has used all 3 reactions this round; a reaction is possible again next round"
    );
    assert_eq!(
        s.refuse(Command::Crossing {
            by: id("lena"),
            target: id("ward"),
        }),
        "lena is not laying down suppressive fire"
    );
}

#[test]
fn suppression_that_cannot_be_laid_down_is_refused_and_changes_nothing() {
    // rule: CX-SUP-01
    // rule: CX-MOVE-06
    // rule: CX-COND-04
    let with = |weapon: usize| Command::Suppress {
        id: id("lena"),
        target: id("mark"),
        weapon,
        level: None,
    };
    let mut s = Skirmish::new(vec![
        ("lena", "crew", lena()),
        ("mark", "targets", target("Mark", None)),
        ("ward", "targets", target("Ward", None)),
    ]);
    s.distance("lena", "mark", 12);
    s.begin();
    let cases: Vec<(Command, &str)> = vec![
        (
            with(1),
            "the Combat Knife cannot lay down suppressive fire (CX-SUP)",
        ),
        (
            with(2),
            "the Pacifier Stun-Laser Pistol cannot lay down suppressive fire (CX-SUP)",
        ),
        (with(5), "lena has no weapon 5"),
        (
            suppress("lena", "ward", None),
            "the distance between lena and ward is not known; set it first",
        ),
        (
            suppress("lena", "lena", None),
            "a combatant cannot suppress itself",
        ),
        (
            suppress("mark", "lena", None),
            "it is not mark's turn (it is lena's)",
        ),
    ];
    for (command, why) in cases {
        assert_eq!(s.refuse(command), why);
    }
    s.distance("lena", "mark", 41);
    assert_eq!(
        s.refuse(with(0)),
        "mark is beyond the Basic SMG's range (CX-RNG-02)"
    );
    s.distance("lena", "mark", 12);
    s.place("lena", None, Some(Stance::Hunkered));
    assert_eq!(
        s.refuse(with(0)),
        "a hunkered shooter can only blind fire, not suppress (CX-MOVE-06)"
    );
    s.place("lena", None, Some(Stance::Standing));
    s.run(
        Command::Afflict {
            target: id("lena"),
            condition: ConditionKind::Fear,
            turns: None,
        },
        &[],
    );
    let refusal = s.refuse(with(0));
    assert!(refusal.contains("cannot suppress"), "{refusal}");

    let mut jammed = lena();
    jammed.weapons[0].jammed = true;
    let mut s = duel(jammed, None);
    assert_eq!(
        s.refuse(suppress("lena", "mark", None)),
        "the Basic SMG is jammed or broken"
    );
}

#[test]
fn scene_a_suppressed_target_breaks_cover_under_heavy_fire() {
    // rule: CX-SUP-01
    // rule: CX-SUP-04
    // rule: CX-SUP-05
    // rule: CX-MOVE-07
    let mut s = Skirmish::new(vec![
        ("gus", "crew", gus()),
        ("mark", "targets", target("Mark", Some("flak-jacket"))),
        ("nell", "targets", target("Nell", None)),
    ]);
    s.distance("gus", "mark", 12);
    s.distance("gus", "nell", 13);
    s.distance("mark", "nell", 2);
    s.place("mark", Some(Cover::Partial), None);
    let mut log = s.begin();
    log.extend(s.run(suppress("gus", "mark", None), &[]));
    log.extend(s.next(&[]));
    // Mark breaks cover, 3 m into the open (1 action at 6 m per 2; the flak
    // jacket's 0.5 penalty is cancelled by Carry Ability). Heavy fire hits
    // twice automatically: 6 + 4 + 12 = 22, armor roll 80 > 60 misses the
    // jacket and is above 50: half, 11; then 3 + 7 + 12 = 22, armor roll 25
    // strikes it, APL 2 pierces 2, its 15 armor points take 15: 7. 3 m is
    // more than the 2 m area: Mark is free of it, but Nell is still held.
    log.extend(s.run(
        into_cover("mark", 3, Some(Cover::None), false),
        &[6, 4, 8, 10, 3, 7, 2, 5],
    ));
    log.extend(s.next(&[]));
    // Nell fires back from the hip at 13 m: 5 + 3, suppressed +1: 9. Gus,
    // standing in the open, hits the dirt, and pays for it next turn, when
    // his suppression ends.
    log.extend(s.run(hip("nell", "gus"), &[9]));
    log.extend(s.next(&[]));
    expect![[r#"
        == round 1
        -- Gus's turn (4 actions)
        Gus: suppress mark (heavy, the last action) (4 actions)
        Gus lays down heavy suppression on Mark (10 rounds, CX-SUP): Mark, Nell suppressed until Gus's next turn
        Mark: suppressed by gus (heavy), until the start of Gus's turn
        Nell: suppressed by gus (heavy), until the start of Gus's turn
        -- Mark's turn (4 actions)
        Mark: move 3 m (1 action)
        Gus reacts: suppression fire at mark moving into the open
        Gus fires on Mark moving into the open (heavy suppression, hit 1 of 2, CX-SUP-05)
        an automatic hit: only armor is rolled (CX-SUP-03, CX-SUP-04)
        damage 2d10 + 12: 22
        d100 = 80 (armor, Mark)
        armor missed: body struck, half damage (roll > 50, CX-DMG-01)
        damage to Mark's health: 11
        Gus fires on Mark moving into the open (heavy suppression, hit 2 of 2, CX-SUP-05)
        an automatic hit: only armor is rolled (CX-SUP-03, CX-SUP-04)
        damage 2d10 + 12: 22
        d100 = 25 (armor, Mark)
        armor struck: APL 2 >= armor APL 2: pierced; 15 absorbed by armor points (CX-DMG-02)
        damage to Mark's health: 7
        mark leaves the suppressed area
        Mark moves 3 m, into the open
        -- Nell's turn (4 actions)
        Nell: fire Basic SMG semi at gus (1 action)
        Nell fires the Basic SMG (semi, hip fire) at Gus from 13 m
        hip fire miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 8
          +1 suppressed (CX-SUP-01)
        d10 = 9 (accuracy, Nell)
        d10 9 <= miss chance 9: miss (CX-RNG-01)
        1 round(s) used (CX-RNG-12)
        Gus is now prone
        Gus: hit the dirt, until the end of Gus's turn
        == round 2
        suppressed by gus (heavy) ended at the start of gus's turn
        -- Gus's turn (4 actions)
        Gus: hit the dirt (CX-MOVE-07) (1 action)
        the dive is paid for"#]].assert_eq(&log.join("\n"));
    assert_eq!(s.hp("mark"), s.c("mark").fighter.max_hp - 18);
    assert_eq!(loaded(&s, "gus"), 90);
    assert!(!suppressed(&s, "nell"));
}

#[test]
fn each_suppressor_fires_once_per_target_per_its_turn() {
    // rule: CX-SUP-02
    // rule: CX-SUP-03
    // rule: CX-SUP-05
    // 000: a suppressed target moving into the open triggers "automatic
    // attack rolls (or automatic hits) by the suppressor, once per target
    // per suppressor's turn". Lena (light: a roll against 5) and Rook
    // (medium: an automatic hit, 2d10 + 15) hold Mark, 12 m off, in the open.
    let mut s = held_by_lena_and_rook();
    // Mark's first step draws both: Lena's 5 misses; Rook's hit of
    // 5 + 5 + 15 = 25, body roll 30: full.
    let full = s.hp("mark");
    let log = s.run(step("mark", 1, Way::Elsewhere, false), &[5, 5, 5, 3, 10]);
    assert_eq!(
        log.iter()
            .filter(|l| l.contains("fires on Mark moving into the open"))
            .count(),
        2,
        "{}",
        log.join("\n")
    );
    assert_eq!(s.hp("mark"), full - 25);
    // The second and third steps in the same holds draw nothing (no dice).
    for _ in 0..2 {
        let log = s.run(step("mark", 1, Way::Elsewhere, false), &[]);
        assert!(
            !log.iter().any(|l| l.contains("moving into the open")),
            "{}",
            log.join("\n")
        );
        assert!(suppressed(&s, "mark"));
    }
    // Lena's next turn: she lays it down again, so Mark's next move draws
    // her fire once more (a 6 hits: 2d10 + 8 = 18, body roll 70: half);
    // Rook lets his hold lapse.
    s.next(&[]);
    s.run(suppress("lena", "mark", None), &[]);
    s.next(&[]);
    s.next(&[]);
    let full = s.hp("mark");
    let log = s.run(step("mark", 1, Way::Elsewhere, false), &[6, 5, 5, 7, 10]);
    let fire: Vec<&String> = log
        .iter()
        .filter(|l| l.contains("fires on Mark moving into the open"))
        .collect();
    assert_eq!(fire.len(), 1, "{}", log.join("\n"));
    assert!(fire[0].starts_with("Lena"), "{}", log.join("\n"));
    assert_eq!(s.hp("mark"), full - 9);
}
