//! Thrown weapons and grenades in a running fight (CX-RNG-14, CX-RNG-15):
//! PER-aimed knives that bypass armor, the count carried, grenades that need
//! Explosives 6, cooking, the close-throw bonus, scatter, the blast and who
//! it catches, Reflex saves, explosives ignoring armor and shields, and the
//! throws the rules refuse.
//!
//! Tia carries 3 throwing knives (0; 2/4/6 at 0-5/6-10/11-15 m with PER 6),
//! 2 frag grenades (1; 3/5/7 at 0-10/11-20/21-30 m, blast 8 m, ballistic
//! APL 1) and an HE grenade (2; same rows, blast 5 m, explosive), and an
//! SMG (3). Her targets have Reflex 14; a grenade's Reflex modifier is -10.

use expect_test::expect;
use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Command, CxEffect};

use super::arena::{conceal, suppress};
use super::skirmish::{Skirmish, fighter, id, line, soldier, step, toward};
use super::support::{edit, find, problems};

const KNIFE: usize = 0;
const FRAG: usize = 1;
const HE: usize = 2;

fn tia(stats: &[(&str, i64)]) -> Fighter {
    fighter(&soldier(
        "Tia",
        stats,
        &[("throwing", 10), ("explosives", 10)],
        None,
        &[
            ("throwing-knife", 3),
            ("frag-grenade", 2),
            ("he-grenade", 1),
            ("smg", 1),
        ],
    ))
}

/// A target with an SMG, in `armor` (and a CS-1 shield when `shield`).
fn target(name: &str, armor: Option<&str>, shield: bool) -> Fighter {
    let text = soldier(name, &[], &[("smgs", 10)], armor, &[("smg", 1)]);
    let text = if shield {
        edit(
            &text,
            &[("[equipment]\n", "[equipment]\nshield = \"cs-1\"\n")],
        )
    } else {
        text
    };
    fighter(&text)
}

/// Tia and Mark (in `armor`) `metres` apart; Tia's turn.
fn range(thrower: Fighter, armor: Option<&str>, metres: i64) -> Skirmish {
    let mut s = Skirmish::new(vec![
        ("tia", "crew", thrower),
        ("mark", "targets", target("Mark", armor, false)),
    ]);
    s.distance("tia", "mark", metres);
    s.begin();
    s
}

fn throw(weapon: usize) -> Command {
    Command::Throw {
        id: id("tia"),
        target: id("mark"),
        weapon,
        distance: None,
    }
}

fn carried(s: &Skirmish, weapon: usize) -> i64 {
    s.c("tia").fighter.weapons[weapon].spare_magazines
}

#[test]
fn thrown_weapons_aim_with_per() {
    // rule: CX-RNG-14
    // rule: CX-STAT-03
    // rule: CX-STAT-04
    // The knife's 2/4/6 less PER's combat bonus, truncated: PER 1 -1.5
    // (-1), PER 3 -0.5 (0), PER 6 +0.5 (0), PER 8 +1.
    type Case = (&'static [(&'static str, i64)], [i64; 3]);
    const CASES: &[Case] = &[
        (&[("PER", 1), ("CHA", 9), ("INT", 8)], [3, 5, 7]),
        (&[("PER", 3), ("CHA", 9)], [2, 4, 6]),
        (&[], [2, 4, 6]),
        (&[("PER", 8), ("CHA", 4)], [1, 3, 5]),
    ];
    for &(stats, rows) in CASES {
        let mut s = range(tia(stats), None, 3);
        // Mark crouches so as not to dive; each throw misses with a 1.
        s.place("mark", None, Some(Stance::Crouched));
        for ((metres, bracket), row) in [(3, "0-5"), (8, "6-10"), (12, "11-15")]
            .into_iter()
            .zip(rows)
        {
            s.distance("tia", "mark", metres);
            let log = s.run(throw(KNIFE), &[1]);
            line(
                &log,
                &format!(
                    "aimed miss chance at {bracket} m (sheet: stats, attachments, feats, minimums): {row}"
                ),
            );
        }
    }
}

#[test]
fn a_throw_bypasses_armor_on_a_critical_or_a_roll_three_over() {
    // rule: CX-RNG-14
    // rule: CX-RNG-07
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    // Mark wears a flak jacket (coverage 60, APL 2): a knife (APL 1) that
    // strikes it is blocked. d10 5 + DEX 6 = 11.
    // (metres, Mark's cover, dice, bypassed, health lost)
    type Case = (i64, Cover, &'static [i64], bool, i64);
    const CASES: &[Case] = &[
        // At 3 m the miss chance is 2. A 4 is only 2 over: the armor roll
        // 30 strikes the jacket and it blocks.
        (3, Cover::None, &[4, 5, 3, 10], false, 0),
        // A 5 is 3 over: the armor counts as absent; 30 is the body, full.
        (3, Cover::None, &[5, 5, 3, 10], true, 11),
        // Bypassed, a body roll of 70 still halves it.
        (3, Cover::None, &[5, 5, 7, 10], true, 5),
        // Behind full cover at 8 m: 4 + 4 = 8. A 9 hits, only 1 over.
        (8, Cover::Full, &[9, 5, 3, 10], false, 0),
        // A 10 is a critical (+20) and bypasses the armor.
        (8, Cover::Full, &[10, 5, 3, 10], true, 31),
    ];
    for &(metres, cover, dice, bypassed, lost) in CASES {
        let mut s = range(tia(&[]), Some("flak-jacket"), metres);
        s.place("mark", Some(cover), None);
        let full = s.hp("mark");
        let log = s.run(throw(KNIFE), dice);
        assert_eq!(
            log.iter().any(|l| l.contains("bypasses armor (CX-RNG-14)")),
            bypassed,
            "{}",
            log.join("\n")
        );
        assert_eq!(s.hp("mark"), full - lost, "{}", log.join("\n"));
    }
}

#[test]
fn each_throw_uses_up_one_and_none_left_is_refused() {
    // rule: CX-RNG-14
    let mut s = range(tia(&[]), None, 3);
    s.place("mark", None, Some(Stance::Crouched));
    for left in [2, 1, 0] {
        // Hit or miss, the knife is gone.
        s.run(throw(KNIFE), &[1]);
        assert_eq!(carried(&s, KNIFE), left);
    }
    assert_eq!(s.refuse(throw(KNIFE)), "tia has no Throwing Knife left");
}

#[test]
fn a_grenade_needs_explosives_6() {
    // rule: CX-RNG-15
    // rule: CX-DMG-05
    // On the sheet: carried, but flagged.
    let clumsy = soldier("Tia", &[], &[("smgs", 10)], None, &[("frag-grenade", 2)]);
    let found = problems(&clumsy);
    find(
        &found,
        Some("CX-RNG-15"),
        "Fragmentation Grenade needs 6 points in explosives to use",
    );
    // In a fight: 5 points are refused, 6 throw. At 12 m: 5 - 2 = 3; a 2 is
    // off by 1: d4 = 1 m; 3d10 + 15 = 18; Mark's Reflex 11 + 14 - 10 fails;
    // frag is ballistic: the body roll 100 halves it, 9.
    for (points, accepted) in [(0, false), (5, false), (6, true), (10, true)] {
        let mut thrower = tia(&[]);
        thrower.weapons[FRAG].skill_points = points;
        let mut s = range(thrower, None, 12);
        if accepted {
            s.run(throw(FRAG), &[2, 1, 1, 1, 1, 1, 1, 10, 10]);
            assert_eq!(s.hp("mark"), s.c("mark").fighter.max_hp - 9);
        } else {
            assert_eq!(
                s.refuse(throw(FRAG)),
                format!(
                    "the Fragmentation Grenade needs explosives 6 and tia has {points} (CX-RNG-15)"
                )
            );
            assert_eq!(
                s.refuse(Command::Cook {
                    id: id("tia"),
                    weapon: FRAG,
                }),
                format!(
                    "the Fragmentation Grenade needs explosives 6 and tia has {points} (CX-RNG-15)"
                )
            );
        }
    }
}

#[test]
fn a_cooked_grenade_cannot_be_dodged() {
    // rule: CX-RNG-15
    // HE at 12 m on target (a 4 against 3): 4d10 + 20 = 24.
    let mut s = range(tia(&[]), None, 12);
    let log = s.run(
        Command::Cook {
            id: id("tia"),
            weapon: HE,
        },
        &[],
    );
    line(&log, "Tia: cook the HE Grenade (1 action)");
    line(
        &log,
        "Tia: cooking the HE Grenade, until the end of Tia's turn",
    );
    assert_eq!(
        s.refuse(Command::Cook {
            id: id("tia"),
            weapon: FRAG,
        }),
        "tia is already cooking a grenade"
    );
    // No Reflex save is rolled: no d100 after the damage.
    let full = s.hp("mark");
    let log = s.run(throw(HE), &[4, 1, 1, 1, 1]);
    line(&log, "(cooked: no dodging)");
    assert_eq!(s.hp("mark"), full - 24);
    assert!(
        !s.state()
            .has_effect(&id("tia"), |e| matches!(e, CxEffect::Cooked { .. }))
    );

    // Cooking one grenade and throwing the other: that one can be dodged
    // (a Reflex save of 47 + 14 - 10 = 51 beats 50: half of 18, then the
    // body roll 100 halves it again: 4).
    let mut s = range(tia(&[]), None, 12);
    s.run(
        Command::Cook {
            id: id("tia"),
            weapon: HE,
        },
        &[],
    );
    let full = s.hp("mark");
    let log = s.run(throw(FRAG), &[4, 1, 1, 1, 4, 7, 10, 10]);
    line(&log, "dodged: half damage");
    assert_eq!(s.hp("mark"), full - 4);
    // A cooked grenade not thrown this turn stops cooking at its end.
    let log = s.next(&[]);
    assert!(
        !s.state()
            .has_effect(&id("tia"), |e| matches!(e, CxEffect::Cooked { .. })),
        "{}",
        log.join("\n")
    );
    let mut s = range(tia(&[]), None, 12);
    assert_eq!(
        s.refuse(Command::Cook {
            id: id("tia"),
            weapon: KNIFE,
        }),
        "only a grenade is cooked; the Throwing Knife is not one"
    );
}

#[test]
fn inside_half_the_longest_throw_a_grenade_takes_minus_two() {
    // rule: CX-RNG-15
    // The frag's longest throw is 30 m: under 15 m, -2 (002: "under half of your
    // grenade's max throwing distance"; exactly 15 m is not under half).
    // (metres, sheet row, -2, final miss chance)
    const CASES: &[(i64, i64, bool, i64)] = &[
        (10, 3, true, 1),
        (14, 5, true, 3),
        (15, 5, false, 5),
        (16, 5, false, 5),
        (25, 7, false, 7),
    ];
    for &(metres, row, close, miss_chance) in CASES {
        let mut s = range(tia(&[]), None, metres);
        // A 10: a critical on target; 3 + 15 + 20 = 38; the Reflex save
        // fails; the body roll 100 halves it.
        let log = s.run(throw(FRAG), &[10, 1, 1, 1, 1, 1, 10, 10]);
        line(&log, &format!("miss chance (sheet): {row}"));
        assert_eq!(
            log.iter()
                .any(|l| l.contains("-2 under half the longest throw (CX-RNG-15)")),
            close,
            "{metres} m: {}",
            log.join("\n")
        );
        line(
            &log,
            &format!("d10 10 > miss chance {miss_chance}: critical: on target"),
        );
        assert_eq!(s.hp("mark"), s.c("mark").fighter.max_hp - 19);
    }
}

#[test]
fn a_grenade_at_a_prone_target_counts_its_stance_as_a_shot_does() {
    // rule: CX-RNG-04
    // rule: CX-MOVE-05
    // (metres, cover, stance, stance modifier, final miss chance): the frag's
    // rows are 3/5/7, -2 within 15 m; prone gives nothing within 5 m in the
    // open.
    const CASES: &[(i64, Cover, Stance, i64, i64)] = &[
        (4, Cover::None, Stance::Prone, 0, 1),
        (5, Cover::None, Stance::Prone, 0, 1),
        (6, Cover::None, Stance::Prone, 2, 3),
        (4, Cover::Partial, Stance::Prone, 2, 5),
        (4, Cover::None, Stance::Crouched, 1, 2),
        (4, Cover::None, Stance::Hunkered, 2, 3),
    ];
    for &(metres, cover, stance, modifier, miss_chance) in CASES {
        let mut s = range(tia(&[]), None, metres);
        s.place("mark", Some(cover), Some(stance));
        // A 10: a critical on target; 3 + 15 + 20 = 38 to Mark and to Tia,
        // inside the 8 m blast herself: both fail the Reflex save, the body
        // rolls 100.
        let log = s.run(throw(FRAG), &[10, 1, 1, 1, 1, 1, 10, 10, 1, 1, 10, 10]);
        let what = format!("{metres} m, {cover:?}, {stance:?}: {}", log.join("\n"));
        let stance_line = format!("{modifier:+} target {} (CX-RNG-04)", stance.key());
        if modifier == 0 {
            assert!(
                !log.iter().any(|l| l.contains("target prone (CX-RNG-04)")),
                "{what}"
            );
        } else {
            line(&log, &stance_line);
        }
        line(
            &log,
            &format!("d10 10 > miss chance {miss_chance}: critical: on target"),
        );
        assert_eq!(
            log.iter()
                .any(|l| l.contains("prone gives nothing within 5 m without cover")),
            stance == Stance::Prone && modifier == 0,
            "{what}"
        );
    }
}

#[test]
fn a_suppressed_or_sprinting_thrower_takes_one_more_miss_chance_with_a_grenade() {
    // rule: CX-SUP-01
    // rule: CX-MOVE-02
    // Sprinting: 2 actions of movement at a sprint, then the throw at 14 m:
    // row 5, -2 within 15 m, +1 sprinting = 4.
    let mut s = range(tia(&[]), None, 16);
    s.run(step("tia", 2, toward("mark"), true), &[]);
    let log = s.run(throw(FRAG), &[10, 1, 1, 1, 1, 1, 10, 10]);
    line(&log, "+1 sprinting (CX-MOVE-02)");
    line(&log, "d10 10 > miss chance 4: critical: on target");
    // Suppressed: Mark suppresses Tia on his turn; on hers, the throw at 16 m
    // is row 5 +1 suppressed = 6.
    let mut s = range(tia(&[]), None, 16);
    s.next(&[]);
    s.run(suppress("mark", "tia", None), &[]);
    assert!(s.state().is_suppressed(&id("tia")));
    s.next(&[]);
    let log = s.run(throw(FRAG), &[10, 1, 1, 1, 1, 1, 10, 10]);
    line(&log, "+1 suppressed (CX-SUP-01)");
    line(&log, "d10 10 > miss chance 6: critical: on target");
}

/// Tia, Mark 12 m off, Nell 2 m from Mark, Fay 4 m from Mark; Tia's turn.
fn crowd() -> Skirmish {
    let mut s = Skirmish::new(vec![
        ("tia", "crew", tia(&[])),
        ("mark", "targets", target("Mark", Some("flak-jacket"), true)),
        ("nell", "targets", target("Nell", None, false)),
        ("fay", "targets", target("Fay", None, false)),
    ]);
    s.distance("tia", "mark", 12);
    s.distance("mark", "nell", 2);
    s.distance("mark", "fay", 4);
    s.begin();
    s
}

#[test]
fn a_miss_scatters_d4_within_one_and_d10_beyond_and_the_blast_catches_the_sure_cases() {
    // rule: CX-RNG-15
    // HE at 12 m: 5 - 2 = 3, blast 5 m. 4d10 + 20 = 24; each one caught
    // fails a Reflex save of 11 + 14 - 10 and takes all of it.
    // (d10, scatter die, scatter sides, caught)
    type Case = (i64, i64, u32, &'static [&'static str]);
    const CASES: &[Case] = &[
        // 3 and 2 miss by at most 1: d4.
        (3, 3, 4, &["mark", "nell"]), // Nell 2 + 3 = 5; Fay 4 + 3 = 7
        (2, 1, 4, &["mark", "fay", "nell"]), // Fay 4 + 1 = 5
        // 1 misses by 2: d10.
        (1, 5, 10, &["mark"]), // Nell 2 + 5 = 7
        (1, 6, 10, &[]),       // 6 m off: even Mark is clear
    ];
    for &(die, scatter, sides, caught) in CASES {
        let mut s = crowd();
        let before: Vec<i64> = ["mark", "nell", "fay"].iter().map(|w| s.hp(w)).collect();
        let mut dice = vec![die, scatter, 1, 1, 1, 1];
        for _ in caught {
            dice.extend([1, 1]);
        }
        let log = s.run(throw(HE), &dice);
        line(&log, &format!("d{sides} = {scatter} (scatter: "));
        line(
            &log,
            if sides == 4 {
                "within 1 of the miss chance, d4 m off (CX-RNG-15)"
            } else {
                "scatter: d10 m off (CX-RNG-15)"
            },
        );
        let list = if caught.is_empty() {
            "nobody".to_string()
        } else {
            caught.join(", ")
        };
        line(
            &log,
            &format!("blast radius 5 m, {scatter} m off target: {list} caught"),
        );
        for (who, hp) in ["mark", "nell", "fay"].iter().zip(before) {
            let lost = if caught.contains(who) { 24 } else { 0 };
            assert_eq!(s.hp(who), hp - lost, "{who}: {}", log.join("\n"));
        }
    }
}

#[test]
fn a_reflex_save_over_50_halves_the_blast() {
    // rule: CX-RNG-15
    // rule: CX-DICE-03
    // HE on Mark at 12 m: 24. d100 + Reflex 14 - 10 must beat 50.
    for (save, lost) in [([4, 6], 24), ([4, 7], 12), ([10, 10], 12)] {
        let mut s = range(tia(&[]), None, 12);
        let full = s.hp("mark");
        let mut dice = vec![4, 1, 1, 1, 1];
        dice.extend(save);
        let log = s.run(throw(HE), &dice);
        line(&log, "-10 HE Grenade Reflex modifier (CX-RNG-15)");
        assert_eq!(s.hp("mark"), full - lost, "{}", log.join("\n"));
    }
}

#[test]
fn explosives_ignore_armor_and_shields_and_frag_counts_as_ballistic() {
    // rule: CX-DMG-05
    // rule: CX-RNG-15
    // Mark: flak jacket (60, APL 2, 15 points) and a CS-1 shield (30).
    let shield = |s: &Skirmish| s.c("mark").fighter.shield.as_ref().unwrap().strength;
    let points = |s: &Skirmish| s.c("mark").fighter.armor.as_ref().unwrap().points_left;
    let alone = || {
        let mut s = Skirmish::new(vec![
            ("tia", "crew", tia(&[])),
            ("mark", "targets", target("Mark", Some("flak-jacket"), true)),
        ]);
        s.distance("tia", "mark", 12);
        s.begin();
        s
    };
    // HE: 24 straight to health, no armor roll, the shield untouched.
    let mut s = alone();
    let full = s.hp("mark");
    let log = s.run(throw(HE), &[4, 1, 1, 1, 1, 1, 1]);
    assert!(
        !log.iter().any(|l| l.contains("(armor, Mark)")),
        "{}",
        log.join("\n")
    );
    assert_eq!(s.hp("mark"), full - 24);
    assert_eq!((shield(&s), points(&s)), (30, 15));
    // Frag: 18, the shield ignores it, the armor is rolled: 30 strikes the
    // jacket and APL 1 is blocked by APL 2; 70 is the body, half: 9.
    for (armor, lost) in [([3, 10], 0), ([7, 10], 9)] {
        let mut s = alone();
        let full = s.hp("mark");
        let mut dice = vec![4, 1, 1, 1, 1, 1];
        dice.extend(armor);
        s.run(throw(FRAG), &dice);
        assert_eq!(s.hp("mark"), full - lost);
        assert_eq!(shield(&s), 30);
    }
    // A critical adds +20 for everyone caught: Mark, Fay and Nell take 44.
    let mut s = crowd();
    let before: Vec<i64> = ["mark", "fay", "nell"].iter().map(|w| s.hp(w)).collect();
    s.run(throw(HE), &[10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    for (who, hp) in ["mark", "fay", "nell"].iter().zip(before) {
        assert_eq!(s.hp(who), hp - 44, "{who}");
    }
}

#[test]
fn a_thrower_too_close_is_caught_in_its_own_blast() {
    // rule: CX-RNG-15
    // HE at 4 m: 3 - 2 = 1; a 4 lands on Mark, and Tia, 4 m off, is inside
    // the 5 m blast: both fail their saves and take 24.
    let mut s = range(tia(&[]), None, 4);
    let (mark, tia_hp) = (s.hp("mark"), s.hp("tia"));
    let log = s.run(throw(HE), &[4, 1, 1, 1, 1, 1, 1, 1, 1]);
    line(&log, "blast radius 5 m, 0 m off target: mark, tia caught");
    assert_eq!((s.hp("mark"), s.hp("tia")), (mark - 24, tia_hp - 24));
}

#[test]
fn throws_the_rules_refuse_explain_themselves_and_change_nothing() {
    // rule: CX-RNG-14
    // rule: CX-RNG-15
    // rule: CX-MOVE-06
    let mut s = Skirmish::new(vec![
        ("tia", "crew", tia(&[])),
        ("mark", "targets", target("Mark", None, false)),
        ("ward", "targets", target("Ward", None, false)),
    ]);
    s.distance("tia", "mark", 31);
    s.begin();
    let at = |target: &str, weapon: usize| Command::Throw {
        id: id("tia"),
        target: id(target),
        weapon,
        distance: None,
    };
    let cases: Vec<(Command, &str)> = vec![
        (
            at("mark", FRAG),
            "mark is beyond the Fragmentation Grenade's longest throw (30 m, CX-RNG-02)",
        ),
        (
            at("mark", 3),
            "the Basic SMG is not a thrown weapon; fire it instead",
        ),
        (at("mark", 7), "tia has no weapon 7"),
        (at("tia", KNIFE), "a combatant cannot throw at itself"),
        (
            at("ward", KNIFE),
            "the distance between tia and ward is not known; give it or set it",
        ),
        (
            Command::Cook {
                id: id("tia"),
                weapon: 3,
            },
            "only a grenade is cooked; the Basic SMG is not one",
        ),
    ];
    for (command, why) in cases {
        assert_eq!(s.refuse(command), why);
    }
    s.distance("tia", "mark", 12);
    s.place("tia", None, Some(Stance::Hunkered));
    assert_eq!(
        s.refuse(at("mark", FRAG)),
        "a hunkered combatant cannot throw (CX-MOVE-06)"
    );
    // The last HE grenade thrown, neither it nor a cooking is possible.
    s.place("tia", None, Some(Stance::Standing));
    // A 1 misses by 2: 6 m off, out of the 5 m blast.
    s.run(at("mark", HE), &[1, 6, 1, 1, 1, 1]);
    assert_eq!(carried(&s, HE), 0);
    assert_eq!(s.refuse(at("mark", HE)), "tia has no HE Grenade left");
    assert_eq!(
        s.refuse(Command::Cook {
            id: id("tia"),
            weapon: HE,
        }),
        "tia has no HE Grenade left"
    );
}

#[test]
fn scene_a_grenade_that_scatters() {
    // rule: CX-RNG-15
    // rule: CX-DMG-05
    // rule: CX-MOVE-07
    // HE at 12 m: 5 - 2 = 3. A 2 is off by 1: d4 = 3 m off. 6 + 5 + 4 + 3 +
    // 20 = 38. The 5 m blast catches Mark (3 m) and Nell (2 + 3 m), not Fay
    // (4 + 3 m). Mark's Reflex save 65 + 14 - 10 = 69 dodges: 19, through
    // his jacket and shield (explosive); Nell's 22 + 4 fails: 38. Mark was
    // thrown at standing in the open: he hits the dirt; Nell was not.
    let mut s = crowd();
    let (mark, nell, fay) = (s.hp("mark"), s.hp("nell"), s.hp("fay"));
    let log = s.run(throw(HE), &[2, 3, 6, 5, 4, 3, 6, 5, 2, 2]);
    expect![[r#"
        Tia: throw the HE Grenade at mark (1 action)
        Tia throws the HE Grenade at Mark from 12 m
        miss chance (sheet): 5
          -2 under half the longest throw (CX-RNG-15)
        d10 = 2 (accuracy, Tia)
        d10 2 <= miss chance 3: off target
        d4 = 3 (scatter: within 1 of the miss chance, d4 m off (CX-RNG-15))
        damage 4d10 + 20: 38
        blast radius 5 m, 3 m off target: mark, nell caught
        Mark tries to dodge: Reflex save against DC 50
        d100 = 65 (check)
          +14 Reflex save
          -10 HE Grenade Reflex modifier (CX-RNG-15)
        total 69 > DC 50: success
        dodged: half damage
        Mark's share of the blast: 19
        damage to Mark's health: 19
        Nell tries to dodge: Reflex save against DC 50
        d100 = 22 (check)
          +14 Reflex save
          -10 HE Grenade Reflex modifier (CX-RNG-15)
        total 26 <= DC 50: failure
        Nell's share of the blast: 38
        damage to Nell's health: 38
        Mark is now prone
        Mark: hit the dirt, until the end of Mark's turn"#]]
    .assert_eq(&log.join("\n"));
    assert_eq!(
        (s.hp("mark"), s.hp("nell"), s.hp("fay")),
        (mark - 19, nell - 38, fay)
    );
    assert_eq!(s.c("nell").stance, Stance::Standing);
}

#[test]
fn an_unseen_grenade_is_a_ranged_stealth_attack_and_a_knife_is_not() {
    // rule: CX-RNG-09
    // rule: CX-RNG-15
    // 000: "Ranged weapon stealth-attacks (including explosive but not any
    // other thrown weapons) have -1 miss chance to hit ... deal +20 damage".
    // The HE at 12 m: row 5 - 2 (under half the longest throw) = 3, and
    // 4d10 + 20 on four 1s = 24; Mark's dodge 1, 1 (11 + 14 - 10 = 15)
    // fails. Unseen: miss chance 2 and 44.
    // (Tia unseen by Mark, d10, on target, Mark's health lost)
    const CASES: &[(bool, i64, bool, i64)] = &[
        (false, 3, false, 0),
        (false, 4, true, 24),
        (true, 3, true, 44),
        (true, 2, false, 0),
    ];
    for &(unseen, face, on_target, lost) in CASES {
        let mut s = range(tia(&[]), None, 12);
        if unseen {
            s.run(conceal("tia", &["mark"], None), &[]);
        }
        let full = s.hp("mark");
        // Off target, the d4 scatter of 4 m still leaves Mark in the 5 m blast.
        let dice: &[i64] = if on_target {
            &[face, 1, 1, 1, 1, 1, 1]
        } else {
            &[face, 4, 1, 1, 1, 1, 1, 1]
        };
        let log = s.run(throw(HE), dice);
        let mc = if unseen { 2 } else { 3 };
        line(&log, &format!("miss chance {mc}"));
        assert_eq!(
            log.iter()
                .filter(|l| l.contains("stealth attack (CX-RNG-09)"))
                .count(),
            if unseen { 2 } else { 0 },
            "the -1 and the +20: {}",
            log.join("\n")
        );
        let expected = if on_target {
            lost
        } else if unseen {
            44
        } else {
            24
        };
        assert_eq!(s.hp("mark"), full - expected, "{}", log.join("\n"));
    }
    // A throwing knife is "any other thrown weapon": no -1, no +20 (its
    // stealth is CX-RNG-10's doubled blow). At 3 m its miss chance stays 2.
    let mut s = range(tia(&[]), None, 3);
    s.run(conceal("tia", &["mark"], None), &[]);
    let log = s.run(throw(KNIFE), &[1]);
    line(&log, "d10 1 <= miss chance 2: miss");
    assert!(
        !log.iter().any(|l| l.contains("CX-RNG-09")),
        "{}",
        log.join("\n")
    );
}
