//! The Black Cat table a LUCK 1 character rolls at the start of each fight,
//! every row of it in play, with forced dice (CX-STAT-13).

use nanite_compound_x::FireMode;
use nanite_compound_x::combat::{ConditionKind, Fighter};
use nanite_compound_x::encounter::{Command, CxEffect};
use nanite_core::ClockCommand;

use super::arena::{Arena, RAIDER, Recruit, VEX, aim, fighter, fire, fire_with, id};
use super::support::problems;

/// Cat: a level-0 soldier with LUCK 1 (PER 9 and DEX 8 make up the 42
/// points), SMGs 10 and a Basic SMG. Will +12.
fn cat() -> Recruit {
    Recruit::new("Cat")
        .stat("LUCK", 1)
        .stat("PER", 9)
        .stat("DEX", 8)
        .skill("smgs", 10)
        .weapon("smg", &[], 2)
}

/// Cat (first) against the raider at 12 m, begun with `dice`.
fn cat_fight(dice: &[i64]) -> (Arena, String) {
    let mut a = Arena::with(
        vec![
            ("cat", "crew", cat().fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        12,
    );
    let log = a.begin(dice);
    (a, log)
}

#[test]
fn a_luck_1_character_is_valid_and_carries_the_black_cat() {
    // rule: CX-STAT-13
    // rule: CX-STAT-06
    let text = cat().text();
    assert!(problems(&text).is_empty(), "{}", problems(&text));
    let cat = cat().fighter();
    assert!(cat.black_cat);
    assert!(!fighter(VEX).black_cat && !fighter(RAIDER).black_cat);
    // LUCK 1: critical range 1 + floor(-1.6) = -1, so no critical faces.
    assert_eq!(cat.weapons[0].crit_from, 11);
}

#[test]
fn every_row_of_the_black_cat_table_at_the_start_of_the_fight() {
    // rule: CX-STAT-13
    // rule: CX-COND-04
    for d10 in 1..=10 {
        // Rows 7-8: a Will save against DC 75: 63 + 12 = 75 fails, 64 passes.
        let dice: Vec<i64> = match d10 {
            7 => vec![7, 6, 3],
            8 => vec![8, 6, 4],
            n => vec![n],
        };
        let (mut a, log) = cat_fight(&dice);
        let text = match d10 {
            1 | 2 => "primary weapon broken until a DC 60 repair",
            3 | 4 => "no critical of any kind this encounter",
            5 | 6 => "trips: 15 damage and 3 actions of the first turn lost",
            7 | 8 => "mental breakdown: DC 75 Will save or Fear of the enemies",
            _ => "nothing bad happens... this time",
        };
        assert!(
            log.starts_with(&format!(
                "Black Cat table for Cat (LUCK 1, CX-STAT-13): d10 = {d10}: {text}"
            )),
            "{log}"
        );
        let broken = a.f("cat").weapons[0].broken;
        assert_eq!(broken, d10 <= 2, "{d10}");
        let no_crits = a
            .state()
            .has_effect(&id("cat"), |e| matches!(e, CxEffect::NoCriticals));
        assert_eq!(no_crits, (3..=4).contains(&d10), "{d10}");
        let tripped = (5..=6).contains(&d10);
        assert_eq!(a.hp("cat"), if tripped { 125 - 15 } else { 125 }, "{d10}");
        assert_eq!(a.left(), if tripped { 1 } else { 4 }, "{d10}");
        assert_eq!(a.has("cat", ConditionKind::Fear), d10 == 7, "{d10}: {log}");
        if broken {
            assert!(
                log.contains("Cat's Basic SMG is broken until a DC 60 repair"),
                "{log}"
            );
            let why = a.refuse(fire_with("cat", "raider", 0, FireMode::Semi, None), &[5]);
            assert!(
                why.contains(
                    "the Basic SMG is broken until a DC 60 repair (Black Cat, CX-STAT-13)"
                ),
                "{why}"
            );
        }
        if tripped {
            assert!(log.contains("damage to Cat's health: 15"), "{log}");
            assert!(
                log.contains("Cat: lost to the Black Cat trip (CX-STAT-13) (3 actions)"),
                "{log}"
            );
        }
        if d10 == 8 {
            assert!(log.contains("total 76 > DC 75: success"), "{log}");
        }
        // The next round: a whole turn again; the encounter-long effects stay.
        a.next(&[]);
        a.next(&[]);
        assert_eq!((a.active().as_deref(), a.left()), (Some("cat"), 4));
        assert_eq!(a.f("cat").weapons[0].broken, d10 <= 2);
        let still = a
            .state()
            .has_effect(&id("cat"), |e| matches!(e, CxEffect::NoCriticals));
        assert_eq!(still, (3..=4).contains(&d10));
    }
}

#[test]
fn the_trip_takes_the_first_turn_even_when_it_comes_later() {
    // rule: CX-STAT-13
    let mut a = Arena::with(
        vec![
            ("raider", "raiders", fighter(RAIDER)),
            ("cat", "crew", cat().fighter()),
        ],
        12,
    );
    a.begin(&[6]);
    assert_eq!((a.active().as_deref(), a.left()), (Some("raider"), 4));
    let log = a.next(&[]);
    assert!(log.contains("lost to the Black Cat trip"), "{log}");
    assert_eq!(a.left(), 1);
    a.next(&[]);
    a.next(&[]);
    assert_eq!((a.active().as_deref(), a.left()), (Some("cat"), 4));
}

#[test]
fn no_criticals_all_encounter_on_the_black_cats_three_or_four() {
    // rule: CX-STAT-13
    // rule: CX-RNG-07
    // A LUCK 1 character has no critical faces anyway; to see the row bite,
    // Vex (crit on a 10) carries the Black Cat here.
    let mut unlucky = fighter(VEX);
    unlucky.black_cat = true;
    let mut a = Arena::with(
        vec![
            ("vex", "crew", unlucky),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        12,
    );
    a.begin(&[4]);
    a.run(aim("vex"), &[]);
    // A 10 hits (aimed 4) but is no critical: 2d10+8 = 3+4+8 = 15, no +20;
    // the armor d100 4,5 = 45 misses the vest, full damage.
    let log = a.run(fire("vex", "raider"), &[10, 3, 4, 4, 5]);
    assert!(
        log.contains("d10 10 > miss chance 4: hit (CX-RNG-01)"),
        "{log}"
    );
    assert!(
        log.contains("no critical this encounter (Black Cat, CX-STAT-13)"),
        "{log}"
    );
    assert_eq!(a.hp("raider"), 120 - 15);
    // Without the Black Cat the same 10 is a critical: +20.
    let mut a = Arena::duel();
    a.run(aim("vex"), &[]);
    let log = a.run(fire("vex", "raider"), &[10, 3, 4, 4, 5]);
    assert!(log.contains("critical hit"), "{log}");
    assert_eq!(a.hp("raider"), 120 - 35);
}

#[test]
fn only_luck_1_characters_roll_and_only_when_the_fight_begins() {
    // rule: CX-STAT-13
    let mut a = Arena::with(
        vec![
            ("cat", "crew", cat().fighter()),
            ("raider", "raiders", fighter(RAIDER)),
            ("kit", "crew", cat().fighter()),
        ],
        12,
    );
    // Two rolls, in the order they joined; none for the raider.
    let log = a.begin(&[9, 10]);
    assert_eq!(log.matches("Black Cat table").count(), 2, "{log}");
    assert!(
        log.contains("for Cat (LUCK 1, CX-STAT-13): d10 = 9"),
        "{log}"
    );
    assert!(
        log.contains("for Cat (LUCK 1, CX-STAT-13): d10 = 10"),
        "{log}"
    );
    // A LUCK 1 newcomer in the middle of the fight rolls nothing.
    let late: Fighter = cat().fighter();
    a.add("late", "crew", late);
    a.run(
        Command::Clock(ClockCommand::SetInitiative {
            id: id("late"),
            total: 1,
        }),
        &[],
    );
    for _ in 0..3 {
        a.next(&[]);
    }
    assert_eq!((a.active().as_deref(), a.left()), (Some("late"), 4));
}
