//! Audit of the combat rules (CX-RNG, CX-DMG) against the seed documents' own
//! sentences (issue 21): each test quotes the sentence its numbers come from,
//! with its file (000 canonical, 002 wins on combat), and forces every die.

use std::sync::Arc;

use nanite_compound_x::Sheet;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{Aim, ArmorHit, Cover, Fighter, Fire, Shot, Stance, shoot};
use nanite_compound_x::{DamageType, FireMode};
use nanite_core::ModifierPhase;
use nanite_dice::{Roller, ScriptedDice};

use super::support::{character, sample, sheet, with};

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");

/// Vex Marrow: Basic SMG (2d10 + 8, APL 1; aimed rows 3/4/5), flak jacket
/// (60% coverage, APL 2, 15 AP), CS-1 shield (30), LUCK 6 (crit on 10).
fn vex() -> Fighter {
    Fighter::from_sheet(&Sheet::compute(&character(VEX), sample()), sample())
}

/// Vex with neither armor nor shield: the body takes every hit.
fn bare() -> Fighter {
    let mut f = vex();
    f.armor = None;
    f.shield = None;
    f
}

/// Vex whose SMG's aimed semi row is `row` at every bracket.
fn vex_with_row(row: i64) -> Fighter {
    let mut f = vex();
    let mut rows = (*f.weapons[0].aimed).clone();
    rows.semi = Some(vec![row; 3]);
    f.weapons[0].aimed = Arc::new(rows);
    f
}

/// Resolves a legal shot with the dice `dice` (d100s are two d10s: tens, ones;
/// a 10 reads as 0, and 10, 10 as 100).
fn fire(attacker: &Fighter, target: &Fighter, a: &Aim, dice: &[u32]) -> Shot {
    let mut source = ScriptedDice::new(dice.iter().map(|d| i64::from(*d)));
    shoot(attacker, target, a, &mut Roller::new(), &mut source)
        .expect("enough dice")
        .expect("a legal shot")
}

#[test]
fn audit_rng_01_a_hit_is_a_d10_over_the_miss_chance() {
    // rule: CX-RNG-01
    // 000: "To hit a target, Players must roll a d10 that is over their weapon's miss stat."
    // The SMG's row at 0-10 m is 3: 4..10 hit, 3 (a tie) and below miss.
    let (vex, target) = (vex(), bare());
    // (accuracy d10, hit); a hit rolls 2d10 (1, 1) + 8 = 10 and a body d100 of 10.
    let cases = [(2, false), (3, false), (4, true), (9, true)];
    for (d10, hit) in cases {
        let shot = fire(&vex, &target, &Aim::aimed(8), &[d10, 1, 1, 1, 10]);
        assert_eq!(shot.miss_chance, 3);
        assert_eq!(shot.hit, hit, "d10 {d10} against 3");
        assert_eq!(shot.strike.map(|s| s.health), hit.then_some(10));
    }
    // Largest miss chance 10: even a 10 does not roll over it.
    let shot = fire(&vex_with_row(10), &target, &Aim::aimed(8), &[10]);
    assert!(!shot.hit && !shot.critical, "a 10 ties a miss chance of 10");
    // Miss chance 0: a 1 is over it (and still rolls the jam die, CX-RNG-08).
    let shot = fire(
        &vex_with_row(0),
        &target,
        &Aim::aimed(8),
        &[1, 5, 1, 1, 1, 10],
    );
    assert!(shot.hit && !shot.jammed);
}

#[test]
fn audit_rng_03_minimums_apply_before_cover() {
    // rule: CX-RNG-03
    // 000: "you have a minimum of -2 weapon miss chance ... These minimums apply after all
    // PER/DEX/STR/Attachment modifiers, at all ranges, and before cover and any other
    // environmental effects."
    // PER 15 (+3), Laser Sight and Steady Aim (+0.5 each): Breacher 1/4/7 - 4 = -3/0/3,
    // the first raised to -2; full cover then adds 4: 2, so a 2 misses and a 3 hits.
    let text = with(&[
        ("PER = 6", "PER = 15"),
        ("feats = []\n", "feats = [\"steady-aim\"]\n"),
        (
            "items = {}",
            "items = {}\n\n[[equipment.weapons]]\nid = \"pump-shotgun\"\nattachments = [\"laser-sight\"]\nmagazines = 1",
        ),
    ]);
    let s = sheet(&text);
    let shooter = Fighter::from_sheet(&s, sample());
    let mut a = Aim::aimed(1);
    a.cover = Cover::Full;
    let target = bare();
    let tie = fire(&shooter, &target, &a, &[2]);
    assert_eq!((tie.row, tie.cover, tie.miss_chance), (-2, 4, 2));
    assert!(!tie.hit);
    let over = fire(&shooter, &target, &a, &[3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 10]);
    assert!(over.hit);
}

#[test]
fn audit_rng_04_cover_adds_to_the_miss_chance() {
    // rule: CX-RNG-04
    // 000: "Lets say your normal ranged miss chance is 2, and the enemy is in full cover, your
    // miss chance is increased by 4, for a final DC of 6. So a roll of 7-10 would be successful."
    let (shooter, target) = (vex_with_row(2), bare());
    let mut a = Aim::aimed(8);
    a.cover = Cover::Full;
    for d10 in 1..=10u32 {
        // A 1 rolls a jam die (5: no jam); hits roll 2d10 and a body d100.
        let dice = if d10 == 1 {
            vec![1, 5]
        } else {
            vec![d10, 1, 1, 1, 10]
        };
        let shot = fire(&shooter, &target, &a, &dice);
        assert_eq!(shot.miss_chance, 6);
        assert_eq!(shot.hit, d10 >= 7, "d10 {d10} against full cover");
    }
    // 000: "No Cover: +0 / Partial Cover: +2 / Full Cover: +4 / Crouching: +1 (on top of
    // whatever cover you're behind ...) / Hunkering: +2 (on top of whatever cover you're behind.)"
    let cases = [
        (Cover::None, Stance::Standing, 2),
        (Cover::Partial, Stance::Standing, 4),
        (Cover::Partial, Stance::Crouched, 5),
        (Cover::Full, Stance::Crouched, 7),
        (Cover::Full, Stance::Hunkered, 8),
        (Cover::None, Stance::Hunkered, 4),
    ];
    for (cover, stance, expected) in cases {
        let mut a = Aim::aimed(8);
        a.cover = cover;
        a.stance = stance;
        let shot = fire(&shooter, &target, &a, &[5, 1, 1, 1, 10]);
        assert_eq!(shot.miss_chance, expected, "{cover:?} {stance:?}");
    }
}

#[test]
fn audit_rng_07_critical_range_drops_the_remainder() {
    // rule: CX-RNG-07
    // 000: "by default, everyone starts with a critical hit range of "1", meaning, an attack roll
    // of a 10 would be considered a critical hit ... ((Luck-5)*0.4), drop the remainder, is added
    // to your critical hit range. Which means, if you have a Luck stat of 8 (and thus ... +1 to
    // your critical hit range), an attack roll of 9-10 would be considered a critical hit."
    // "Drop the remainder" truncates toward zero, as 002 says of the same phrase for miss
    // chances ("Drop any remaining decimal (0.5 or -0.5 becomes 0)"): -0.8 is 0, -1.2 is -1.
    let cases: &[(i64, i64, &[i64])] = &[
        (1, 0, &[]),          // -1.6 -> -1
        (2, 0, &[]),          // -1.2 -> -1
        (3, 1, &[10]),        // -0.8 -> 0
        (4, 1, &[10]),        // -0.4 -> 0
        (5, 1, &[10]),        // 0
        (7, 1, &[10]),        // 0.8 -> 0
        (8, 2, &[9, 10]),     // 1.2 -> 1: the seed's example
        (10, 3, &[8, 9, 10]), // 2
        (11, 3, &[8, 9, 10]), // 2.4 -> 2
    ];
    for &(luck, range, faces) in cases {
        let s = sheet(&with(&[("LUCK = 6", &format!("LUCK = {luck}"))]));
        let by_rule = s.breakdown["crit_range"].total_through(ModifierPhase::Base);
        assert_eq!(by_rule, range, "LUCK {luck}");
        // The pack's Lucky feat adds a face from LUCK 9 on; below it the faces are the rule's.
        if luck <= 8 {
            assert_eq!(s.crit_faces.as_slice(), faces, "LUCK {luck}");
        }
    }
    // 000: "If you roll a critical hit, your weapon does +20 damage for that attack".
    // LUCK 6: a 10 crits, a 9 does not; 2d10 (1, 1) + 8 = 10, +20 = 30, body d100 10: full.
    let (vex, target) = (vex(), bare());
    let crit = fire(&vex, &target, &Aim::aimed(8), &[10, 1, 1, 1, 10]);
    assert!(crit.critical);
    assert_eq!(crit.strike.unwrap().health, 30);
    let plain = fire(&vex, &target, &Aim::aimed(8), &[9, 1, 1, 1, 10]);
    assert!(!plain.critical);
    assert_eq!(plain.strike.unwrap().health, 10);
}

#[test]
fn audit_rng_08_a_raw_one_rolls_for_a_jam() {
    // rule: CX-RNG-08
    // 000: "If at any time that you are firing a gun and you roll a weapon accuracy of 1, roll a
    // second d10. If that second d10 roll is a 1 or 2, the weapon Jams, necessitating a weapon
    // skill check, DC 60."
    let (vex, target) = (vex(), bare());
    for (jam_die, jammed) in [(1, true), (2, true), (3, false), (10, false)] {
        let shot = fire(&vex, &target, &Aim::aimed(8), &[1, jam_die]);
        assert_eq!((shot.jam_die, shot.jammed), (Some(jam_die), jammed));
        assert!(!shot.hit);
    }
    // Only a raw 1 rolls the second die.
    let shot = fire(&vex, &target, &Aim::aimed(8), &[2]);
    assert_eq!((shot.jam_die, shot.jammed), (None, false));
    assert_eq!(nanite_compound_x::encounter::CLEAR_JAM_DC, 60);
}

#[test]
fn audit_dmg_01_the_armor_roll_decides_armor_full_or_half() {
    // rule: CX-DMG-01
    // 000: "If the defending player has no armor, they armor roll for a target 50 Percentile.
    // If the armor roll is above 50%, they receive half-damage. Below 50%, full damage."
    // 000: "Coverage is simply the percentile that you have to roll under to see if armor was hit."
    // Damage 2d10 (1, 2) + 8 = 11; half is 5 (the remainder dropped).
    let vex = vex();
    // (d100 tens, ones, armor?, outcome, health)
    let body = |full| ArmorHit::Body { full };
    let cases = [
        (10, 1, false, body(true), 11),      // 1
        (5, 10, false, body(true), 11),      // 50: the catalog's "<= 50" full
        (5, 1, false, body(false), 5),       // 51
        (10, 10, false, body(false), 5),     // 100
        (6, 10, true, ArmorHit::Blocked, 0), // 60 <= 60% coverage: armor (APL 1 < 2)
        (6, 1, true, body(false), 5),        // 61: past the armor, above 50
    ];
    for (tens, ones, armored, outcome, health) in cases {
        let mut target = bare();
        if armored {
            target.armor = vex.armor.clone();
        }
        let s = fire(&vex, &target, &Aim::aimed(8), &[9, 1, 2, tens, ones])
            .strike
            .unwrap();
        assert_eq!((s.armor, s.health), (outcome, health), "d100 {tens},{ones}");
    }
}

#[test]
fn audit_dmg_02_apl_blocks_or_armor_points_absorb() {
    // rule: CX-DMG-02
    // 000: "If the attackers weapon's APL is less than the defenders armor's APL, all damage is
    // blocked. If the weapon's APL is greater than or equal to the armor's APL, then Armor Points
    // (APs) come into play." ... "all damage is first inflicted on APs. Once the APs are used up,
    // all remaining damage goes to health."
    // The SMG's APL is 1; the flak jacket has 15 AP; armor d100 30 (struck).
    let vex = vex();
    let mut target = vex.clone();
    target.shield = None;
    // (armor APL, 2d10, outcome, AP absorbed, health)
    let cases = [
        (2, (10, 10), ArmorHit::Blocked, 0, 0), // 28 blocked: APL 1 < 2
        (1, (1, 2), ArmorHit::Pierced, 11, 0),  // tie pierces; 11 < 15 AP
        (1, (3, 4), ArmorHit::Pierced, 15, 0),  // exactly 15: all AP
        (1, (10, 10), ArmorHit::Pierced, 15, 13), // 28: 15 AP, 13 to health
        (0, (10, 10), ArmorHit::Pierced, 15, 13),
    ];
    for (apl, (a, b), outcome, points, health) in cases {
        target.armor.as_mut().unwrap().apl = apl;
        let s = fire(&vex, &target, &Aim::aimed(8), &[9, a, b, 3, 10])
            .strike
            .unwrap();
        assert_eq!(
            (s.armor, s.armor_points, s.health),
            (outcome, points, health),
            "APL {apl}, 2d10 {a}+{b}"
        );
    }
}

#[test]
fn audit_dmg_03_shields_take_lasers_whole_and_plasma_half() {
    // rule: CX-DMG-03
    // 000: "If you are hit with a laser, shields absorb 100% of the damage, reducing the shield's
    // strength by the damage taken. If you are hit with a plasma weapon, the shield absorbs 50%
    // of the damage, and the rest passes through ... If the shield's strength is reduced to 0,
    // all remaining damage passes through unabated."
    let mut target = vex();
    target.armor = None;
    let mut laser = vex();
    laser.weapons[0].damage_type = DamageType::Laser;
    let mut plasma = vex();
    plasma.weapons[0].damage_type = DamageType::Plasma;
    // SMG damage 2d10 + 8 with the type changed; shield 30.
    // Laser 11 + 11 + 8 = 30... a d10 is at most 10: 10 + 10 + 8 = 28, all into the shield.
    let s = fire(&laser, &target, &Aim::aimed(8), &[9, 10, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.armor_die, s.health), (28, None, 0));
    // Shield at 2: laser 28 puts 2 in, 26 through; body d100 10: full.
    let mut weak = target.clone();
    weak.shield.as_mut().unwrap().strength = 2;
    let s = fire(&laser, &weak, &Aim::aimed(8), &[9, 10, 10, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (2, 26));
    // Plasma 1 + 2 + 8 = 11: 50% is 5.5, the shield takes 5 (remainder dropped), 6 through.
    let s = fire(&plasma, &target, &Aim::aimed(8), &[9, 1, 2, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (5, 6));
    // Shield at 0: everything through.
    let mut down = target.clone();
    down.shield.as_mut().unwrap().strength = 0;
    let s = fire(&plasma, &down, &Aim::aimed(8), &[9, 1, 2, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (0, 11));
    // Ballistic: the shield takes nothing.
    let s = fire(&vex(), &target, &Aim::aimed(8), &[9, 1, 2, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (0, 11));
}

#[test]
fn audit_dmg_06_critical_and_stealth_damage_add_before_armor() {
    // rule: CX-DMG-06
    // rule: CX-RNG-09
    // 000: "If you roll a critical hit, your weapon does +20 damage for that attack"; the
    // catalog: "Critical +20 damage and stealth +20 damage add before armor and shields."
    // Crit 10; 2d10 (1, 2) + 8 = 11, +20 = 31; armor APL 1 struck (d100 30): 15 AP, 16 health.
    let vex = vex();
    let mut target = vex.clone();
    target.shield = None;
    target.armor.as_mut().unwrap().apl = 1;
    let s = fire(&vex, &target, &Aim::aimed(8), &[10, 1, 2, 3, 10])
        .strike
        .unwrap();
    assert_eq!((s.incoming, s.armor_points, s.health), (31, 15, 16));
    // 000: "Ranged weapon stealth-attacks ... have -1 miss chance to hit., if 'adequate' aiming
    // time is given ... deal +20 damage and, in addition, if you critical hit you gain all the
    // effects of a critical."
    // Stealth and critical together: miss chance 3 - 1 = 2; 11 + 20 + 20 = 51: 15 AP, 36 health.
    let mut a = Aim::aimed(8);
    a.stealth = true;
    let shot = fire(&vex, &target, &a, &[10, 1, 2, 3, 10]);
    assert_eq!(shot.miss_chance, 2);
    let s = shot.strike.unwrap();
    assert_eq!((s.incoming, s.armor_points, s.health), (51, 15, 36));
}

#[test]
fn audit_rng_05_hip_fire_adds_3_without_optics() {
    // rule: CX-RNG-05
    // 000: "Hip Firing: Add 3 to a weapon''s miss chance. You cannot use optical attachments in
    // hip firing unless otherwise noted."
    // A PER 6 soldier (+0.5) with a Dot Sight (optical, +0.5) on the Basic SMG (4/5/6):
    // aimed 4 - 1 = 3 at 8 m; hip 4 + 3 - 0.5 (remainder dropped) = 7.
    let text = with(&[(
        "items = {}",
        "items = {}\n\n[[equipment.weapons]]\nid = \"smg\"\nattachments = [\"dot-sight\"]\nmagazines = 1",
    )]);
    let shooter = Fighter::from_sheet(&sheet(&text), sample());
    let target = bare();
    let aimed = fire(&shooter, &target, &Aim::aimed(8), &[4, 1, 1, 1, 10]);
    assert_eq!(aimed.miss_chance, 3);
    assert!(aimed.hit);
    let mut a = Aim::aimed(8);
    a.fire = Fire::Hip;
    let tie = fire(&shooter, &target, &a, &[7]);
    assert_eq!((tie.fire, tie.miss_chance), (Fire::Hip, 7));
    assert!(!tie.hit);
    assert!(fire(&shooter, &target, &a, &[8, 1, 1, 1, 10]).hit);
}

#[test]
fn audit_sup_01_a_suppressed_shooter_takes_1_not_stacking() {
    // rule: CX-SUP-01
    // 000: "If the suppressed target shoots, they fire with +1 miss chance, not-stackable."
    // The SMG's 3 at 8 m becomes 4: a 4 ties and misses, a 5 hits. The flag is a
    // yes/no, so a second suppressor cannot add another +1.
    let (vex, target) = (vex(), bare());
    let mut a = Aim::aimed(8);
    a.suppressed = true;
    let tie = fire(&vex, &target, &a, &[4]);
    assert_eq!((tie.situation, tie.miss_chance), (1, 4));
    assert!(!tie.hit);
    assert!(fire(&vex, &target, &a, &[5, 1, 1, 1, 10]).hit);
}

#[test]
fn audit_rng_02_burst_and_auto_add_their_miss_chances_per_bracket() {
    // rule: CX-RNG-02
    // 000: "let's now assume your gun has a burst fire miss chance of 1 and an automatic fire
    // miss chance of 3 ... 3, 4, 5 semi-auto miss chances / 4, 5, 6 burst fire miss chances /
    // 6, 7, 8 automatic fire miss chances" (the Basic SMG, 4/5/6, with a Dot Sight and PER 6).
    let text = with(&[(
        "items = {}",
        "items = {}\n\n[[equipment.weapons]]\nid = \"smg\"\nattachments = [\"dot-sight\"]\nmagazines = 1",
    )]);
    let shooter = Fighter::from_sheet(&sheet(&text), sample());
    let target = bare();
    let modes = [
        (FireMode::Semi, [3, 4, 5]),
        (FireMode::Burst, [4, 5, 6]),
        (FireMode::Auto, [6, 7, 8]),
    ];
    for (mode, row) in modes {
        // One distance in each bracket: 0-10 m, 11-20 m, 21-40 m (their far edges).
        for (distance, expected) in [10, 20, 40].into_iter().zip(row) {
            let mut a = Aim::aimed(distance);
            a.mode = mode;
            // A d10 equal to the miss chance: a tie, so no more dice.
            let shot = fire(&shooter, &target, &a, &[expected as u32]);
            assert_eq!(shot.miss_chance, expected, "{mode:?} at {distance} m");
            assert!(!shot.hit);
        }
    }
}

#[test]
fn audit_rng_06_blind_fire_adds_6_less_per_and_luck() {
    // rule: CX-RNG-06
    // 000: "Blind Firing: Add 6 to a ranged weapon's miss chances ... You can blind fire while
    // hunkered. Your blind fire miss chance is affected by your base weapon miss chance(s), not
    // affected by attachments unless otherwise noted, reduced by PER stat combat bonus (as
    // usual), and reduced by LUCK stat combat bonus."
    // Basic SMG 4 at 0-10 m, Dot Sight ignored: PER 6 (+0.5) and LUCK 6 (+0.5): 4 + 6 - 1 = 9;
    // LUCK 5 (+0): 4 + 6 - 0.5, the remainder dropped: 10.
    for (luck, expected) in [(6, 9), (5, 10)] {
        let text = with(&[
            ("LUCK = 6", &format!("LUCK = {luck}")),
            (
                "items = {}",
                "items = {}\n\n[[equipment.weapons]]\nid = \"smg\"\nattachments = [\"dot-sight\"]\nmagazines = 1",
            ),
        ]);
        let shooter = Fighter::from_sheet(&sheet(&text), sample());
        let mut a = Aim::aimed(8);
        a.fire = Fire::Blind;
        a.shooter_stance = Stance::Hunkered;
        let tie = fire(&shooter, &bare(), &a, &[expected as u32]);
        assert_eq!(
            (tie.fire, tie.miss_chance),
            (Fire::Blind, expected),
            "LUCK {luck}"
        );
        assert!(!tie.hit, "a tie misses");
    }
}

#[test]
fn audit_dmg_05_explosives_ignore_protection_and_lasers_ignore_armor() {
    // rule: CX-DMG-05
    // 000: "Explosive Damage ignores armor and shields (explosive damage is essentially, a
    // crushing force)." / "If a player wearing ballistic armor is hit with a laser, they receive
    // damage as if they weren't wearing any armor." / "Ballistic weapons ... are blocked by armor
    // and ignore shields."
    // The SMG's 2d10 (1, 2) + 8 = 11 with its type changed; Vex wears the flak jacket (60%).
    let target = vex();
    let mut explosive = vex();
    explosive.weapons[0].damage_type = DamageType::Explosive;
    let s = fire(&explosive, &target, &Aim::aimed(8), &[9, 1, 2])
        .strike
        .unwrap();
    assert_eq!(
        (s.shield, s.armor_die, s.armor, s.health),
        (0, None, ArmorHit::NoRoll, 11)
    );
    // Laser with the shield down: a d100 of 40 would strike the armor, but there is none for a
    // laser: the body, full damage (40 <= 50); 60: half, 5.
    let mut unshielded = target.clone();
    unshielded.shield = None;
    let mut laser = vex();
    laser.weapons[0].damage_type = DamageType::Laser;
    for (tens, health) in [(4, 11), (6, 5)] {
        let s = fire(&laser, &unshielded, &Aim::aimed(8), &[9, 1, 2, tens, 10])
            .strike
            .unwrap();
        assert_eq!(s.health, health, "laser, d100 {tens}0");
        assert!(matches!(s.armor, ArmorHit::Body { .. }));
    }
    // Ballistic against the shield: the shield takes nothing, the armor blocks (APL 1 < 2).
    let s = fire(&vex(), &target, &Aim::aimed(8), &[9, 1, 2, 4, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.armor, s.health), (0, ArmorHit::Blocked, 0));
}

// ---------------------------------------------------------------------------
// Stealth blows, flanking, ammunition, reloads, thrown weapons and grenades,
// shields, plasma and melee damage (CX-RNG-10..15, CX-DMG-04, CX-DMG-05),
// each in a running fight with forced dice (the skirmish of `skirmish.rs`:
// level-0 human soldiers, every stat 6 unless a case says otherwise).
// ---------------------------------------------------------------------------

use nanite_compound_x::Suppression;
use nanite_compound_x::combat::ConditionKind;
use nanite_compound_x::encounter::{Command, Event, MeleeKind, Way};
use nanite_dice::Expression;

use super::arena::{
    blow, check, fire as fire_at, grab, into_cover, reload, search, suppress, throw,
};
use super::skirmish::{Skirmish, away, fighter as soldier_fighter, id, line, soldier, step};
use super::support::last_event;

/// `a` (crew) and `b` (targets) `metres` apart; `a`'s turn.
fn face_off(a: (&str, Fighter), b: (&str, Fighter), metres: i64) -> Skirmish {
    let mut s = Skirmish::new(vec![(a.0, "crew", a.1), (b.0, "targets", b.1)]);
    s.distance(a.0, b.0, metres);
    s.begin();
    s
}

/// The fighter of a character text read without validation: for the edges a character
/// file cannot reach at level 0 (a skill under 10 points, PER 14, a higher level without
/// its stat increases, a gun outside the class's list), where the rule still has to hold.
fn unchecked(text: &str) -> Fighter {
    Fighter::from_sheet(&sheet(text), sample())
}

/// A soldier carrying an SMG, in `armor` if any.
fn mark(name: &str, armor: Option<&str>) -> Fighter {
    soldier_fighter(&soldier(name, &[], &[("smgs", 10)], armor, &[("smg", 1)]))
}

/// The GM hides `who` from every enemy.
fn conceal(who: &str) -> Command {
    Command::Conceal {
        id: id(who),
        from: vec![],
        dc: None,
    }
}

/// The last command's melee swing.
fn last_swing(s: &Skirmish) -> nanite_compound_x::encounter::Swing {
    last_event(&s.game, "blow", |e| match e {
        Event::Melee { swing, .. } => Some((**swing).clone()),
        _ => None,
    })
}

#[test]
fn audit_rng_10_stealth_blows_double_to_the_cap_and_vital_spots_bypass_armor() {
    // rule: CX-RNG-10
    // 000: "If you have 10 skill in melee combat, Thrown and Melee (non-explosive) weapons
    // deal 2x damage, up to 150 maximum damage (before critical effects). If you critically
    // hit, or hit at greater than 3 over your miss chance, the target gets hit in whatever you
    // deem to be the most vulnerable ... If you critical hit, you also gain all the effects of
    // a critical." 002: "Increases to 200 max damage at level 10."
    // Kit: the combat knife (row 2 - 0.5 truncated = 2; d10 + STR 6 + DEX 6), unseen by
    // Mark, who wears a flak jacket (60% coverage, APL 2: the knife's APL 1 is blocked).
    // No -1 for a blow: that is for ranged stealth attacks only.
    let kit = |melee_points: i64| {
        unchecked(&soldier(
            "Kit",
            &[],
            &[("melee", melee_points)],
            None,
            &[("combat-knife", 0)],
        ))
    };
    // (Melee points, dice, vital spot, health lost); every miss chance is 2.
    // d10 5 + 12 = 17: doubled 34. (Melee 9 is below a new skill's 10, CX-LVL-03: the fighter
    // is built without the file's validation.)
    type Case = (i64, &'static [i64], bool, i64);
    const CASES: &[Case] = &[
        // A tie with the miss chance 2 still misses: no stealth -1 in melee.
        (10, &[2], false, 0),
        // 3 over (d10 5): no vital spot; armor d100 30 <= 60 strikes it: blocked.
        (10, &[5, 5, 3, 10], false, 0),
        // 3 over, armor d100 61: past the armor, above 50: half of 34.
        (10, &[5, 5, 6, 1], false, 17),
        // The same blow with Melee 9: no doubling, half of 17.
        (9, &[5, 5, 6, 1], false, 8),
        // 4 over (d10 6): a vital spot: the armor is bypassed; d100 30: full 34.
        (10, &[6, 5, 3, 10], true, 34),
        // A critical (10): vital, and +20 after the doubling: 34 + 20 = 54.
        (10, &[10, 5, 3, 10], true, 54),
    ];
    for &(points, dice, vital, lost) in CASES {
        let mut s = face_off(
            ("kit", kit(points)),
            ("mark", mark("Mark", Some("flak-jacket"))),
            1,
        );
        s.run(conceal("kit"), &[]);
        let full = s.hp("mark");
        let log = s.run(blow("kit", "mark", Some(0), MeleeKind::Strike, false), dice);
        assert_eq!(last_swing(&s).miss_chance, 2);
        assert_eq!(
            s.hp("mark"),
            full - lost,
            "Melee {points}, {dice:?}:\n{}",
            log.join("\n")
        );
        assert_eq!(
            log.iter().any(|l| l.contains("a vital spot")),
            vital,
            "{dice:?}:\n{}",
            log.join("\n")
        );
    }
    // The cap: a knife that does d10 + 100 (5 + 100 = 105, doubled 210) is held to 150
    // below level 10 and to 200 from level 10; 70 + 5 = 75 doubles to exactly 150. (So
    // much damage at once also calls for Mark's Shock save, CX-DEATH-10: d100 11 fails.)
    for (level, bonus, amount) in [(9, 100, 150), (10, 100, 200), (0, 70, 150), (20, 70, 150)] {
        let mut k = kit(10);
        k.level = level;
        k.weapons[0].damage = Arc::new(Expression::parse(&format!("d10 + {bonus}")).unwrap());
        let mut s = face_off(("kit", k), ("mark", mark("Mark", None)), 1);
        s.run(conceal("kit"), &[]);
        s.run(
            blow("kit", "mark", Some(0), MeleeKind::Strike, false),
            &[5, 5, 3, 10, 1, 1],
        );
        let strike = last_swing(&s).strike.unwrap();
        assert_eq!(strike.incoming, amount, "level {level}, d10 + {bonus}");
    }
    // A thrown knife from hiding doubles too (d10 5 + DEX 6 = 11 -> 22; a d10 of 4 is 2
    // over its 2: no bypass; body d100 30: full) and gets no -1 either.
    let tia = |melee_points: i64| {
        unchecked(&soldier(
            "Tia",
            &[],
            &[("throwing", 10), ("melee", melee_points)],
            None,
            &[("throwing-knife", 3)],
        ))
    };
    for (points, lost) in [(10, 22), (0, 11)] {
        let mut s = face_off(("tia", tia(points)), ("mark", mark("Mark", None)), 3);
        s.place(
            "mark",
            None,
            Some(nanite_compound_x::combat::Stance::Crouched),
        );
        s.run(conceal("tia"), &[]);
        let full = s.hp("mark");
        let throw = throw("tia", "mark", 0);
        let log = s.run(throw.clone(), &[4, 5, 3, 10]);
        // Crouched: +1, so the miss chance is 3 (2 + 1), not 2.
        line(&log, "d10 4 > miss chance 3");
        assert_eq!(
            s.hp("mark"),
            full - lost,
            "Melee {points}:\n{}",
            log.join("\n")
        );
    }
}

#[test]
fn audit_rng_11_flanking_takes_two_off_a_blow() {
    // rule: CX-RNG-11
    // 000: "If you are behind a target, aka flanking, your melee attacks gain -2 miss chance."
    // Fists: 3 less the melee bonus (STR, DEX, FORT 6: +0.5, dropped): 3; flanking: 1.
    // (flanking, d10, hit)
    for (flanking, d10, hit) in [
        (false, 3, false),
        (false, 4, true),
        (true, 1, false),
        (true, 2, true),
    ] {
        let mut s = face_off(("bo", mark("Bo", None)), ("mark", mark("Mark", None)), 1);
        let dice: &[i64] = if hit { &[d10, 5, 3, 10] } else { &[d10] };
        s.run(blow("bo", "mark", None, MeleeKind::Strike, flanking), dice);
        let swing = last_swing(&s);
        assert_eq!(
            (swing.miss_chance, swing.hit),
            (if flanking { 1 } else { 3 }, hit),
            "flanking {flanking}, d10 {d10}"
        );
    }
}

#[test]
fn audit_rng_12_each_shot_spends_its_rounds_and_an_empty_gun_must_reload() {
    // rule: CX-RNG-12
    // 000: "When a gun runs out of ammunition, the user must pause to reload." The Basic SMG
    // (sample data): magazine 30, a burst 3 rounds, automatic 6.
    // (mode, rounds loaded, rounds left or refused)
    let cases = [
        (FireMode::Semi, 30, Some(29)),
        (FireMode::Burst, 30, Some(27)),
        (FireMode::Auto, 30, Some(24)),
        (FireMode::Auto, 6, Some(0)),
        (FireMode::Auto, 5, None),
        (FireMode::Burst, 2, None),
        (FireMode::Semi, 1, Some(0)),
        (FireMode::Semi, 0, None),
    ];
    for (mode, loaded, left) in cases {
        let mut lena = mark("Lena", None);
        lena.weapons[0].loaded = loaded;
        let mut s = face_off(("lena", lena), ("mark", mark("Mark", None)), 12);
        s.place("mark", Some(Cover::Partial), None);
        let shot = Command::Fire {
            id: id("lena"),
            target: id("mark"),
            weapon: 0,
            mode,
            fire: None,
            distance: None,
            cover: None,
        };
        match left {
            // A d10 of 2 misses every row here; no jam die.
            Some(left) => {
                s.run(shot, &[2]);
                assert_eq!(
                    s.c("lena").fighter.weapons[0].loaded,
                    left,
                    "{mode:?} {loaded}"
                );
            }
            None => {
                let why = s.refuse(shot);
                assert!(why.contains("reload"), "{mode:?} {loaded}: {why}");
            }
        }
    }
    // Reloading fills the magazine from a spare one.
    let mut lena = mark("Lena", None);
    lena.weapons[0].loaded = 0;
    let mut s = face_off(("lena", lena), ("mark", mark("Mark", None)), 12);
    s.run(reload("lena"), &[5, 5]);
    let smg = &s.c("lena").fighter.weapons[0];
    assert_eq!((smg.loaded, smg.spare_magazines), (30, 0));
    assert_eq!(s.refuse(reload("lena")), "the Basic SMG is fully loaded");
}

#[test]
fn audit_rng_13_the_reload_check_sets_the_time() {
    // rule: CX-RNG-13
    // 002: "an assault rifle ... has an average DC of 30% ... If the Player passes the reload,
    // then the reload time is standard. For Box-Magazine fed Semi- and Fully-Automatic
    // weapons, this is 2 Actions ... On a critical Weapons - [X] check to reload the weapon, the
    // reload time is halved (for Bolt-Actions it is reduced to 1 Action). On a failure, the
    // reload time takes twice as long." 000: "On a critical reload success (... anything in
    // the 90-100 range caused by a raw roll or by adding your weapon use skill)".
    // Each gun's skill: 10 points + DEX 6's bonus 4 = +14.
    // (weapon, skill, reload DC, d100 tens/ones, actions spent this turn, next turn)
    type Case = (&'static str, &'static str, [i64; 2], u32, u32);
    const CASES: &[Case] = &[
        // Basic SMG, DC 30, 2 actions.
        ("smg", "smgs", [1, 6], 4, 0), // 16 + 14 = 30: a tie fails, double: 4
        ("smg", "smgs", [1, 7], 2, 0), // 31: standard
        ("smg", "smgs", [7, 5], 2, 0), // 89: standard
        ("smg", "smgs", [7, 6], 1, 0), // 90: critical, half
        ("smg", "smgs", [10, 10], 1, 0), // 114: critical
        // Longshot bolt action, DC 40, 3 actions.
        ("sniper-rifle", "sniper-rifles", [2, 6], 4, 2), // 40: fails, 6 (4 + 2 next turn)
        ("sniper-rifle", "sniper-rifles", [2, 7], 3, 0), // 41: standard 3
        ("sniper-rifle", "sniper-rifles", [7, 6], 1, 0), // 90: a bolt action's critical is 1
        // Breacher pump shotgun, DC 30, 4 actions.
        ("pump-shotgun", "shotguns", [7, 6], 2, 0), // critical: half, 2
        ("pump-shotgun", "shotguns", [1, 7], 4, 0), // standard 4
        ("pump-shotgun", "shotguns", [1, 6], 4, 4), // fails: 8 (4 + 4 next turn)
    ];
    for &(weapon, skill, d100, now, later) in CASES {
        let mut f = unchecked(&soldier("Lena", &[], &[(skill, 10)], None, &[(weapon, 1)]));
        f.weapons[0].loaded = 0;
        let mut s = face_off(("lena", f), ("mark", mark("Mark", None)), 12);
        s.run(reload("lena"), &d100);
        assert_eq!(4 - s.left(), now, "{weapon} {d100:?}");
        let done = s.c("lena").fighter.weapons[0].loaded > 0;
        assert_eq!(done, later == 0, "{weapon} {d100:?}");
        if later > 0 {
            // Mark's turn, then Lena's: the reload takes the rest first.
            s.next(&[]);
            s.next(&[]);
            assert_eq!(4 - s.left(), later, "{weapon} {d100:?} next turn");
            assert!(s.c("lena").fighter.weapons[0].loaded > 0);
        }
    }
    // "effected by luck as normal" (000): each face of critical range beyond the first takes
    // 10 off the 90 (a decision, `compound-x.md`). LUCK 8: range 2 (9-10), a critical from
    // 80; LUCK 2: no critical faces, from 100 only. The SMG again, +14, DC 30.
    // (stats, d100, actions)
    type Luck = (&'static [(&'static str, i64)], [i64; 2], u32);
    const LUCK: &[Luck] = &[
        (&[("LUCK", 8), ("CHA", 4)], [6, 6], 1), // 66 + 14 = 80: critical
        (&[("LUCK", 8), ("CHA", 4)], [6, 5], 2), // 79: standard
        (&[("LUCK", 2), ("CHA", 9), ("INT", 7)], [8, 6], 1), // 100: critical
        (&[("LUCK", 2), ("CHA", 9), ("INT", 7)], [8, 5], 2), // 99: standard
    ];
    for &(stats, d100, actions) in LUCK {
        let mut f = unchecked(&soldier(
            "Lena",
            stats,
            &[("smgs", 10)],
            None,
            &[("smg", 1)],
        ));
        f.weapons[0].loaded = 0;
        let mut s = face_off(("lena", f), ("mark", mark("Mark", None)), 12);
        s.run(reload("lena"), &d100);
        assert_eq!(4 - s.left(), actions, "{stats:?} {d100:?}");
    }
    // Under the Black Cat's "no critical of any kind this encounter" (its 3-4 row, CX-STAT-13)
    // a 90 is only a pass: 2 actions.
    let mut lena = unchecked(&soldier("Lena", &[], &[("smgs", 10)], None, &[("smg", 1)]));
    lena.weapons[0].loaded = 0;
    lena.black_cat = true;
    let mut s = Skirmish::new(vec![
        ("lena", "crew", lena),
        ("mark", "targets", mark("Mark", None)),
    ]);
    s.distance("lena", "mark", 12);
    s.run(
        Command::Clock(nanite_core::ClockCommand::Begin { surprise: vec![] }),
        &[4],
    );
    s.run(reload("lena"), &[7, 6]);
    assert_eq!(s.left(), 2);
}

#[test]
fn audit_rng_14_thrown_weapons_aim_with_per_and_bypass_armor_at_three_over() {
    // rule: CX-RNG-14
    // 002: "These weapons work similarly to guns in that attackers add their combat PER mod to
    // their accuracy, however, like melee attacks, if you roll a critical hit or 3+ above your
    // Miss Chance, your attack bypasses any armor the target is wearing."
    // The throwing knife's 2/4/6 (0-5/6-10/11-15 m) less PER's combat bonus, the remainder
    // dropped: PER 1 (-1.5) 3, PER 6 (+0.5) 2, PER 8 (+1) 1, PER 14 (+2.5) 0.
    let tia = |stats: &[(&str, i64)]| {
        unchecked(&soldier(
            "Tia",
            stats,
            &[("throwing", 10)],
            None,
            &[("throwing-knife", 3)],
        ))
    };
    let throw = throw("tia", "mark", 0);
    let rows: &[(&[(&str, i64)], i64)] = &[
        (&[("PER", 1), ("CHA", 9), ("INT", 8)], 3),
        (&[], 2),
        (&[("PER", 8), ("CHA", 4)], 1),
        (&[("PER", 14), ("CHA", 1), ("INT", 1), ("LUCK", 4)], 0),
    ];
    for &(stats, row) in rows {
        let mut s = face_off(("tia", tia(stats)), ("mark", mark("Mark", None)), 3);
        s.place(
            "mark",
            None,
            Some(nanite_compound_x::combat::Stance::Crouched),
        );
        // Crouched +1; a 1 misses everything (a thrown weapon has no jam die).
        let log = s.run(throw.clone(), &[1]);
        line(&log, &format!("d10 1 <= miss chance {}", row + 1));
    }
    // PER 6: miss chance 2 at 3 m; Mark in a flak jacket (60%, APL 2 blocks the knife's APL 1).
    // Damage d10 5 + DEX 6 = 11. (d10, armor bypassed, health lost)
    // 4 is 2 over: the armor d100 30 strikes the armor, blocked. 5 is 3 over: bypassed; the
    // same d100 30 goes to the body, full. A critical (10) bypasses too: 11 + 20.
    for (d10, bypassed, lost) in [(4, false, 0), (5, true, 11), (10, true, 31)] {
        let mut s = face_off(
            ("tia", tia(&[])),
            ("mark", mark("Mark", Some("flak-jacket"))),
            3,
        );
        let full = s.hp("mark");
        let log = s.run(throw.clone(), &[d10, 5, 3, 10]);
        assert_eq!(s.hp("mark"), full - lost, "d10 {d10}:\n{}", log.join("\n"));
        assert_eq!(
            log.iter().any(|l| l.contains("bypass")),
            bypassed,
            "d10 {d10}:\n{}",
            log.join("\n")
        );
    }
}

#[test]
fn audit_rng_15_grenades_skill_close_throws_scatter_cooking_and_reflex() {
    // rule: CX-RNG-15
    // 002: "All grenades require an explosives skill of at least 6 to use. You can 'cook' a
    // grenade in your hand for 1 action to make it impossible for an enemy to dodge. Gain +2
    // Accuracy if you are throwing under half of your grenade's max throwing distance. If you
    // fail your throw within 1 miss chance of the minimum, roll d4 meters for how off-target the
    // grenade throw is. If you fail your throw beyond 1 miss chance, roll a d10 instead. All
    // grenades have a Reflex Modifier: -10"
    // The sample frag (3/5/7 at 0-10/11-20/21-30 m, 3d10 + 15 ballistic, blast 8 m) and HE
    // grenade (same rows, 4d10 + 20 explosive, blast 5 m). Mark's Reflex: 2 * (PER 6 + DEX 6
    // - 6) = 12, +2 from the pack's Lucky (LUCK 6): 14; against a grenade 14 - 10 = 4.
    let tia = |explosives: i64| {
        unchecked(&soldier(
            "Tia",
            &[],
            &[("explosives", explosives)],
            None,
            &[("frag-grenade", 2), ("he-grenade", 2)],
        ))
    };
    let throw = |weapon: usize| Command::Throw {
        id: id("tia"),
        target: id("mark"),
        weapon,
        distance: None,
    };
    // Explosives 5 cannot throw one; 6 can (a 1 misses, a d10 scatter of 10 m lands clear).
    // (A new skill starts at 10 points, CX-LVL-03, so a character file never holds 5 or 6;
    // the threshold is checked here on unvalidated fighters.)
    let mut s = face_off(("tia", tia(5)), ("mark", mark("Mark", None)), 25);
    assert_eq!(
        s.refuse(throw(0)),
        "the Fragmentation Grenade needs explosives 6 and tia has 5 (CX-RNG-15)"
    );
    let mut s = face_off(("tia", tia(6)), ("mark", mark("Mark", None)), 25);
    // (The blast's damage is rolled once for everyone it might catch: 3d10.)
    s.run(throw(0), &[1, 10, 1, 1, 1]);
    assert_eq!(
        s.hp("mark"),
        s.c("mark").fighter.max_hp,
        "10 m off an 8 m blast"
    );

    // "under half" of the 30 m throw: 14 m is, 15 m is not (the catalog's "within half"
    // is looser than the seed). A 10 is a critical on target: 3 + 15 + 20 = 38; the Reflex
    // d100 11 + 4 fails; the body d100 100 halves it: 19.
    for (metres, miss_chance) in [(10, 1), (14, 3), (15, 5), (16, 5), (25, 7)] {
        let mut s = face_off(("tia", tia(10)), ("mark", mark("Mark", None)), metres);
        let log = s.run(throw(0), &[10, 1, 1, 1, 1, 1, 10, 10]);
        line(&log, &format!("d10 10 > miss chance {miss_chance}"));
        assert_eq!(
            s.c("mark").fighter.max_hp - s.hp("mark"),
            19,
            "{metres} m:\n{}",
            log.join("\n")
        );
    }

    // Scatter at 16 m (miss chance 5), HE grenade (blast 5 m, explosive: no armor roll):
    // a 5 (a tie) or a 4 fails within 1: d4 4 m off, inside the blast: 4 + 20 = 24, Reflex
    // d100 11 fails. A 3 fails by 2: d10; 6 m off is outside the blast (the damage is rolled
    // once for all it might catch, and catches nobody), 5 m is inside.
    // (d10, scatter die, scatter, dice after it, health lost)
    type Scatter = (i64, u32, i64, &'static [i64], i64);
    const SCATTER: &[Scatter] = &[
        (5, 4, 4, &[1, 1, 1, 1, 1, 1], 24),
        (4, 4, 4, &[1, 1, 1, 1, 1, 1], 24),
        (3, 10, 6, &[1, 1, 1, 1], 0),
        (3, 10, 5, &[1, 1, 1, 1, 1, 1], 24),
    ];
    for &(d10, sides, off, rest, lost) in SCATTER {
        let mut s = face_off(("tia", tia(10)), ("mark", mark("Mark", None)), 16);
        let mut dice = vec![d10, off];
        dice.extend_from_slice(rest);
        let log = s.run(throw(1), &dice);
        line(&log, &format!("d{sides}"));
        assert_eq!(
            s.c("mark").fighter.max_hp - s.hp("mark"),
            lost,
            "d10 {d10}, {off} m off:\n{}",
            log.join("\n")
        );
    }

    // The Reflex save against DC 50 with the -10: d100 46 + 4 = 50 ties and fails (full 24),
    // 47 + 4 = 51 dodges (half, 12). A cooked grenade (1 action) cannot be dodged: no d100.
    for (save, lost) in [([4, 6], 24), ([4, 7], 12)] {
        let mut s = face_off(("tia", tia(10)), ("mark", mark("Mark", None)), 16);
        let mut dice = vec![9, 1, 1, 1, 1];
        dice.extend_from_slice(&save);
        s.run(throw(1), &dice);
        assert_eq!(
            s.c("mark").fighter.max_hp - s.hp("mark"),
            lost,
            "save {save:?}"
        );
    }
    let mut s = face_off(("tia", tia(10)), ("mark", mark("Mark", None)), 16);
    s.run(
        Command::Cook {
            id: id("tia"),
            weapon: 1,
        },
        &[],
    );
    assert_eq!(s.left(), 3, "cooking takes 1 action");
    s.run(throw(1), &[9, 1, 1, 1, 1]);
    assert_eq!(s.c("mark").fighter.max_hp - s.hp("mark"), 24);
}

/// A soldier wearing a CS-1 shield (30, Recharge Rate 5, Time Before Restart 3, Fast
/// Recharge 10 nanites) at `strength`, with `nanites`.
fn shielded(name: &str, strength: i64, nanites: i64) -> Fighter {
    let text = soldier(name, &[], &[("smgs", 10)], None, &[("smg", 1)]).replacen(
        "[equipment]\n",
        "[equipment]\nshield = \"cs-1\"\n",
        1,
    );
    let mut f = soldier_fighter(&text);
    f.shield.as_mut().unwrap().strength = strength;
    f.nanites = nanites;
    f
}

fn shield(s: &Skirmish, who: &str) -> (i64, i64) {
    let sh = s.c(who).fighter.shield.as_ref().unwrap();
    (sh.strength, sh.waited)
}

#[test]
fn audit_dmg_04_shields_recharge_wait_restart_and_fast_recharge() {
    // rule: CX-DMG-04
    // 000: "As long as the shield's strength isn't reduced to 0, the shield will recharge
    // 'Recharge Rate' number of points at the start of the wearer's turn. If the shield's
    // strength is reduced to 0, you must wait a "Time Before Restart" number of turns before
    // the shield will restart at "Recharge Rate" strength. If you get hit with a weapon/by melee
    // during that time, you must restart your recharging time. If you don't want to wait that
    // long, at the start of your turn you can pay the "Fast Recharge Nanite Cost" to restart
    // your shields. Or if your shield's strength is just damaged, at the start of your turn you
    // can pay the "Fast Recharge Nanite Cost" to boost the shield's strength by an extra
    // "Recharge Rate" (in other words, 2x "Recharge Rate" instead of the normal 1x)."
    // Recharge: 20 -> 25 -> 30, never past the 30 maximum (28 -> 30); full stays full.
    for (from, to) in [(20, 25), (25, 30), (28, 30), (30, 30), (1, 6)] {
        let mut s = face_off(
            ("lena", mark("Lena", None)),
            ("mark", shielded("Mark", from, 60)),
            12,
        );
        s.next(&[]);
        assert_eq!(shield(&s, "mark"), (to, 0), "from {from}");
    }
    // At 0: three of Mark's turn starts pass (1, 2 of 3 waited), and a hit in between sets
    // the wait back; the third turn start after it restarts the shield at 5.
    let mut s = face_off(
        ("lena", mark("Lena", None)),
        ("mark", shielded("Mark", 0, 60)),
        12,
    );
    s.next(&[]);
    assert_eq!(shield(&s, "mark"), (0, 1));
    s.next(&[]);
    s.next(&[]);
    assert_eq!(shield(&s, "mark"), (0, 2));
    s.next(&[]);
    // Lena's SMG hits (d10 9; 2d10 1 + 1 + 8 = 10; body d100 10): the wait starts over.
    s.run(fire_at("lena", "mark"), &[9, 1, 1, 1, 10]);
    assert_eq!(shield(&s, "mark"), (0, 0));
    for waited in 1..=2 {
        s.next(&[]);
        assert_eq!(shield(&s, "mark"), (0, waited));
        s.next(&[]);
    }
    s.next(&[]);
    assert_eq!(shield(&s, "mark"), (5, 0), "restarted at its Recharge Rate");
    s.next(&[]);
    s.next(&[]);
    assert_eq!(shield(&s, "mark"), (10, 0));

    // Fast recharge at the start of Mark's turn, for 10 nanites.
    // (strength before, nanites, strength after or the refusal)
    let cases: [(i64, i64, Result<i64, &str>); 5] = [
        (0, 60, Ok(5)),   // restarts at once at 5
        (20, 60, Ok(30)), // 20 + 5 at the turn start, + 5 more
        (10, 10, Ok(20)), // exactly the cost
        (
            10,
            9,
            Err("the fast recharge costs 10 nanites and mark has 9 (CX-DMG-04)"),
        ),
        (28, 60, Err("the CS-1 Personal Shield is at full strength")),
    ];
    for (from, nanites, expected) in cases {
        let mut s = face_off(
            ("mark", shielded("Mark", from, nanites)),
            ("lena", mark("Lena", None)),
            12,
        );
        let fast = Command::FastRecharge { id: id("mark") };
        match expected {
            Ok(to) => {
                s.run(fast, &[]);
                assert_eq!(shield(&s, "mark").0, to, "from {from}");
                assert_eq!(s.c("mark").fighter.nanites, nanites - 10);
                assert_eq!(s.left(), 4, "paid at the turn's start, no action");
            }
            Err(why) => assert_eq!(s.refuse(fast), why, "from {from}"),
        }
    }
    // Not after an action of the turn.
    let mut s = face_off(
        ("mark", shielded("Mark", 10, 60)),
        ("lena", mark("Lena", None)),
        12,
    );
    s.run(
        Command::Act {
            id: id("mark"),
            what: "look".into(),
            actions: 1,
        },
        &[],
    );
    assert!(
        s.refuse(Command::FastRecharge { id: id("mark") })
            .contains("at the start of the turn")
    );
}

#[test]
fn audit_dmg_05_plasma_dulls_and_burns_and_melee_is_ballistic() {
    // rule: CX-DMG-05
    // rule: CX-COND-07
    // 000: "Plasma interacts with both armor and shields. Armor's effectiveness is reduced by
    // 1 APL when hit by plasma. Targets hit with plasma, that pierces armor, take (stackable)
    // plasma burn." / "Plasma Burn - ... if the target's armor is pierced/missed. If the targets
    // armor is hit/pierced, the armor's AP level is reduced by 1, permanently ..., not
    // stackable." / "Melee damage is treated like ballistic damage."
    // The PX-9 Plasma Rifle (3d10 + 10, APL 2; 3 at 12 m) at Mark in a flak jacket (60%,
    // APL 2, 15 AP). 3d10 (1, 1, 1) + 10 = 13.
    // (armor APL, armor d100, APL after, health lost, burning)
    type Case = (i64, [i64; 2], i64, i64, bool);
    const CASES: &[Case] = &[
        // Struck (30 <= 60), APL 2 = 2: pierced; the 15 AP take all 13; dulled to 1; a burn.
        (2, [3, 10], 1, 0, true),
        // Struck, APL 3 > 2: blocked, but struck: dulled to 2; no burn.
        (3, [3, 10], 2, 0, false),
        // Missed (70 > 60): the body, above 50: half, 6; a burn; the armor keeps its APL.
        (2, [7, 10], 2, 6, true),
    ];
    for &(apl, d100, after, lost, burning) in CASES {
        let lena = soldier_fighter(&soldier(
            "Lena",
            &[],
            &[("energy-weapons", 10)],
            None,
            &[("plasma-rifle", 1)],
        ));
        let mut target = mark("Mark", Some("flak-jacket"));
        target.armor.as_mut().unwrap().apl = apl;
        let mut s = face_off(("lena", lena), ("mark", target), 12);
        let fire = fire_at("lena", "mark");
        let full = s.hp("mark");
        let mut dice = vec![9, 1, 1, 1];
        dice.extend_from_slice(&d100);
        let log = s.run(fire.clone(), &dice);
        let armor = s.c("mark").fighter.armor.clone().unwrap();
        assert_eq!(
            (
                armor.apl,
                s.hp("mark"),
                s.state()
                    .has_condition(&id("mark"), ConditionKind::PlasmaBurn)
            ),
            (after, full - lost, burning),
            "APL {apl}, d100 {d100:?}:\n{}",
            log.join("\n")
        );
        // Not stackable: a second plasma hit on the dulled armor leaves it 1 down, not 2.
        if after < apl {
            s.run(fire, &dice);
            assert_eq!(s.c("mark").fighter.armor.as_ref().unwrap().apl, after);
        }
    }
    // Melee as ballistic: a knife (d10 5 + STR 6 + DEX 6 = 17, APL 1) past a shield (which
    // takes nothing) into a flak jacket (struck, APL 1 < 2: blocked), or past it (d100 61:
    // half, 8). A laser pistol's shot would have gone into the shield instead.
    for (d100, lost) in [([3, 10], 0), ([6, 1], 8)] {
        let kit = soldier_fighter(&soldier(
            "Kit",
            &[],
            &[("melee", 10)],
            None,
            &[("combat-knife", 0)],
        ));
        let text = soldier(
            "Mark",
            &[],
            &[("smgs", 10)],
            Some("flak-jacket"),
            &[("smg", 1)],
        )
        .replacen("[equipment]\n", "[equipment]\nshield = \"cs-1\"\n", 1);
        let mut s = face_off(("kit", kit), ("mark", soldier_fighter(&text)), 1);
        let full = s.hp("mark");
        let mut dice = vec![5, 5];
        dice.extend_from_slice(&d100);
        s.run(
            blow("kit", "mark", Some(0), MeleeKind::Strike, false),
            &dice,
        );
        assert_eq!(shield(&s, "mark").0, 30, "the shield ignores a blade");
        assert_eq!(s.hp("mark"), full - lost, "d100 {d100:?}");
    }
}

fn suppressed(s: &Skirmish, who: &str) -> bool {
    s.state().is_suppressed(&id(who))
}

/// A soldier with `weapon` (one spare magazine) and 10 points of `skill`.
fn gunner(name: &str, skill: &str, weapon: &str) -> Fighter {
    soldier_fighter(&soldier(name, &[], &[(skill, 10)], None, &[(weapon, 1)]))
}

#[test]
fn audit_sup_02_light_suppression_three_rounds_one_metre_and_an_accuracy_roll() {
    // rule: CX-SUP-02
    // 000: "Light Suppression: As the last action of your turn, aim at a target and fire 3
    // rounds (or the rest of your magazine, at least 1 round has to be fired) to suppress 1m
    // radius AOE around the target. The target takes a +1 miss chance malus until the start of
    // your next turn, and if the target moves out into the open**, then roll an immediate
    // reaction to hit the target with a (non-automatic fire) accuracy roll. Immediate reactions
    // are stackable on a per-weapon basis."
    // Lena's Basic SMG (light): 5 at 11-20 m (PER 6's +0.5 dropped); Mark 12 m away.
    for (loaded, left) in [
        (30, Some(27)),
        (3, Some(0)),
        (2, Some(0)),
        (1, Some(0)),
        (0, None),
    ] {
        let mut lena = gunner("Lena", "smgs", "smg");
        lena.weapons[0].loaded = loaded;
        let mut s = face_off(("lena", lena), ("mark", mark("Mark", None)), 12);
        match left {
            Some(left) => {
                s.run(suppress("lena", "mark", None), &[]);
                assert_eq!(
                    s.c("lena").fighter.weapons[0].loaded,
                    left,
                    "{loaded} loaded"
                );
                assert!(suppressed(&s, "mark"));
                assert_eq!(s.left(), 0, "the last action of the turn");
            }
            None => {
                let why = s.refuse(suppress("lena", "mark", None));
                assert_eq!(
                    why,
                    "light suppression needs 3 rounds and the Basic SMG has 0; reload (CX-SUP)"
                );
            }
        }
    }
    // Mark steps 1 m (still inside the 1 m area) into the open: Lena rolls a non-automatic
    // accuracy roll against 5 (13 m, no cover: he is moving in the open).
    // (d10 and what follows, health lost, Lena's SMG jammed)
    // A hit: 2d10 (1, 1) + 8 = 10, body d100 10: full. A critical (10, LUCK 6): +20, as any
    // accuracy roll in the critical range ("Critical hits are accuracy rolls that land inside
    // your critical hit range", 000). A raw 1 rolls the jam die as any firing does ("If at any
    // time that you are firing a gun and you roll a weapon accuracy of 1, roll a second d10").
    type Case = (&'static [i64], i64, bool);
    const CASES: &[Case] = &[
        (&[5], 0, false),
        (&[6, 1, 1, 1, 10], 10, false),
        (&[10, 1, 1, 1, 10], 30, false),
        (&[1, 2], 0, true),
        (&[1, 3], 0, false),
    ];
    for &(dice, lost, jammed) in CASES {
        let mut s = face_off(
            ("lena", gunner("Lena", "smgs", "smg")),
            ("mark", mark("Mark", None)),
            12,
        );
        s.run(suppress("lena", "mark", None), &[]);
        s.next(&[]);
        let full = s.hp("mark");
        let log = s.run(step("mark", 1, away("lena"), false), dice);
        assert_eq!(s.hp("mark"), full - lost, "{dice:?}:\n{}", log.join("\n"));
        assert_eq!(s.c("lena").fighter.weapons[0].jammed, jammed, "{dice:?}");
        assert!(suppressed(&s, "mark"), "1 m stays inside the 1 m area");
    }
    // Stackable per weapon: two light suppressors each roll once.
    let mut s = Skirmish::new(vec![
        ("lena", "crew", gunner("Lena", "smgs", "smg")),
        ("luke", "crew", gunner("Luke", "smgs", "smg")),
        ("mark", "targets", mark("Mark", None)),
    ]);
    s.distance("lena", "mark", 12);
    s.distance("luke", "mark", 12);
    s.begin();
    s.run(suppress("lena", "mark", None), &[]);
    s.next(&[]);
    s.run(suppress("luke", "mark", None), &[]);
    s.next(&[]);
    s.run(step("mark", 1, away("lena"), false), &[5, 5]);
    // Stepping 2 m more leaves the 1 m area; neither fires again ("once per target per
    // suppressor's turn", 000).
    s.run(step("mark", 2, Way::Elsewhere, false), &[]);
    assert!(!suppressed(&s, "mark"));
}

#[test]
fn audit_sup_03_medium_suppression_six_rounds_and_an_automatic_hit() {
    // rule: CX-SUP-03
    // 000: "Medium/Moderate Suppression: identical to light suppression with the following
    // exceptions, you must fire 6 rounds from the current magazine to achieve 'moderate', and
    // you don't have to roll to hit -- you automatically hit and roll armor."
    // Rook's AR-7 (medium): 6 of 6 loaded leaves 0; 5 cannot make medium (light is still 3).
    for (loaded, level, result) in [
        (6, None, Ok(0)),
        (30, None, Ok(24)),
        (
            5,
            Some(Suppression::Medium),
            Err(
                "medium suppression needs 6 rounds and the AR-7 Assault Rifle has 5; reload (CX-SUP)",
            ),
        ),
        (5, Some(Suppression::Light), Ok(2)),
    ] {
        let mut rook = gunner("Rook", "rifles", "assault-rifle");
        rook.weapons[0].loaded = loaded;
        let mut s = face_off(("rook", rook), ("mark", mark("Mark", None)), 12);
        match result {
            Ok(left) => {
                s.run(suppress("rook", "mark", level), &[]);
                assert_eq!(
                    s.c("rook").fighter.weapons[0].loaded,
                    left,
                    "{loaded} {level:?}"
                );
            }
            Err(why) => assert_eq!(s.refuse(suppress("rook", "mark", level)), why),
        }
    }
    // Mark, in a flak jacket, steps 1 m: no accuracy die; 2d10 (1, 1) + 15 = 17; the armor
    // d100 30 strikes the jacket; APL 2 = 2 pierces; 15 armor points, 2 to health.
    let mut s = face_off(
        ("rook", gunner("Rook", "rifles", "assault-rifle")),
        ("mark", mark("Mark", Some("flak-jacket"))),
        12,
    );
    s.run(suppress("rook", "mark", None), &[]);
    s.next(&[]);
    let full = s.hp("mark");
    let log = s.run(step("mark", 1, away("rook"), false), &[1, 1, 3, 10]);
    line(&log, "an automatic hit: only armor is rolled");
    assert_eq!(s.hp("mark"), full - 2, "{}", log.join("\n"));
}

#[test]
fn audit_sup_04_heavy_suppression_ten_rounds_two_hits_and_a_two_metre_area() {
    // rule: CX-SUP-04
    // 000: "Heavy Suppression: identical to light suppression with the following exceptions:
    // you must fire 10 rounds from the current magazine to achieve 'heavy', you don't have to
    // roll to hit -- you automatically hit x2 and roll for armor. You suppress all targets within
    // a 2m radius AOE around the primary target."
    // Gus's LMG-90 (heavy; 2d10 + 12). Nell is 2 m from Mark, Olly 3 m.
    let setup = |loaded: i64| {
        let mut gus = gunner("Gus", "heavy-weapons", "lmg");
        gus.weapons[0].loaded = loaded;
        let mut s = Skirmish::new(vec![
            ("gus", "crew", gus),
            ("mark", "targets", mark("Mark", None)),
            ("nell", "targets", mark("Nell", None)),
            ("olly", "targets", mark("Olly", None)),
        ]);
        for (who, metres) in [("mark", 20), ("nell", 20), ("olly", 20)] {
            s.distance("gus", who, metres);
        }
        s.distance("mark", "nell", 2);
        s.distance("mark", "olly", 3);
        s.begin();
        s
    };
    let mut s = setup(9);
    assert_eq!(
        s.refuse(suppress("gus", "mark", Some(Suppression::Heavy))),
        "heavy suppression needs 10 rounds and the LMG-90 Squad Automatic has 9; reload (CX-SUP)"
    );
    let mut s = setup(10);
    s.run(suppress("gus", "mark", None), &[]);
    assert_eq!(s.c("gus").fighter.weapons[0].loaded, 0);
    assert_eq!(
        (
            suppressed(&s, "mark"),
            suppressed(&s, "nell"),
            suppressed(&s, "olly")
        ),
        (true, true, false)
    );
    // Mark steps 2 m (inside the 2 m area): two automatic hits, each 2d10 (1, 1) + 12 = 14
    // with a body d100 10 (full): 28.
    s.next(&[]);
    let full = s.hp("mark");
    s.run(
        step("mark", 2, away("gus"), false),
        &[1, 1, 1, 10, 1, 1, 1, 10],
    );
    assert_eq!(s.hp("mark"), full - 28);
    assert!(suppressed(&s, "mark"), "2 m stays inside the 2 m area");
    // Nell steps 3 m: two hits, and she leaves the area.
    s.next(&[]);
    s.run(
        step("nell", 3, away("gus"), false),
        &[1, 1, 1, 10, 1, 1, 1, 10],
    );
    assert!(!suppressed(&s, "nell"));
}

#[test]
fn audit_sup_05_moving_into_the_open_unhittable_targets_and_how_it_ends() {
    // rule: CX-SUP-05
    // 000: ""Moving out into the open" includes moving into a new location while you can be hit
    // by shots from the suppressor (this excludes moving into complete concealment, such as
    // going prone behind a high concrete wall)" / "If the suppressor cannot physically hit you
    // (such as being completely behind an impenetrable barrier) you are not suppressed." /
    // "Suppression status can't be purged unless you move outside the AOE. The only other way
    // to stop being suppressed is to stop the suppressor from using a suppression action on
    // you at the end of their turn."
    // Lena's SMG at 12 m: 5. Full cover +4, crouched +1, hunkered +2: 9 can still be hit by a
    // 10; 10 and 11 cannot.
    for (cover, stance, held) in [
        (Cover::Full, Stance::Standing, true),
        (Cover::Full, Stance::Crouched, false),
        (Cover::Full, Stance::Hunkered, false),
        (Cover::Partial, Stance::Hunkered, true),
    ] {
        let mut s = face_off(
            ("lena", gunner("Lena", "smgs", "smg")),
            ("mark", mark("Mark", None)),
            12,
        );
        s.place("mark", Some(cover), Some(stance));
        s.run(suppress("lena", "mark", None), &[]);
        assert_eq!(suppressed(&s, "mark"), held, "{cover:?} {stance:?}");
    }
    // A move into complete concealment draws no fire (no die), and the area still holds him.
    let mut s = face_off(
        ("lena", gunner("Lena", "smgs", "smg")),
        ("mark", mark("Mark", None)),
        12,
    );
    s.run(suppress("lena", "mark", None), &[]);
    s.next(&[]);
    s.run(into_cover("mark", 1, Some(Cover::Full), true), &[]);
    assert!(suppressed(&s, "mark"));
    // Not renewed: at the start of Lena's next turn it ends.
    s.next(&[]);
    assert!(!suppressed(&s, "mark"));
    // Renewed, it holds again.
    s.run(suppress("lena", "mark", None), &[]);
    assert!(suppressed(&s, "mark"));
}

#[test]
fn audit_sup_06_crossing_in_front_of_a_suppressor_is_the_gms_call() {
    // rule: CX-SUP-06
    // 000: "Even though Suppression is an AOE effect, if you cross in-front of someone (someone
    // who is suppressing a different person) you will likely trigger automatic attack rolls,
    // DM's discretion."
    // Lena suppresses Mark (light); the GM rules that Olly, 10 m from Lena, crossed her fire:
    // her accuracy roll (4 at 0-10 m) decides; a 5 hits for 2d10 (1, 1) + 8 = 10.
    let mut s = Skirmish::new(vec![
        ("lena", "crew", gunner("Lena", "smgs", "smg")),
        ("mark", "targets", mark("Mark", None)),
        ("olly", "targets", mark("Olly", None)),
    ]);
    s.distance("lena", "mark", 12);
    s.distance("lena", "olly", 10);
    s.begin();
    let crossing = Command::Crossing {
        by: id("lena"),
        target: id("olly"),
    };
    assert_eq!(
        s.refuse(crossing.clone()),
        "lena is not laying down suppressive fire"
    );
    s.run(suppress("lena", "mark", None), &[]);
    s.next(&[]);
    let full = s.hp("olly");
    s.run(crossing.clone(), &[4]);
    assert_eq!(s.hp("olly"), full, "a 4 ties the 4");
    s.run(crossing, &[5, 1, 1, 1, 10]);
    assert_eq!(s.hp("olly"), full - 10);
    assert!(!suppressed(&s, "olly"), "crossing does not suppress");
}

/// Bo: STR 9 (melee combat bonus +1), CHA 3, Grappling 20, Melee 10, Unarmed 10, with a
/// combat knife (0) and a monofilament sword (1).
fn bo() -> Fighter {
    soldier_fighter(&soldier(
        "Bo",
        &[("STR", 9), ("CHA", 3)],
        &[("grappling", 20), ("melee", 10), ("unarmed", 10)],
        None,
        &[("combat-knife", 0), ("mono-sword", 0)],
    ))
}

/// With the MELEE_GUARD house rule on.
fn guarded(text: String) -> Fighter {
    soldier_fighter(&format!("{text}\n[house_rules]\nmelee_guard = true\n"))
}

#[test]
fn audit_melee_01_a_blow_is_a_d10_over_the_miss_chance_or_the_guard_dc_house_rule() {
    // rule: CX-MELEE-01
    // rule: CX-HOUSE-04
    // The catalog's decision: the d10 miss-chance model, with the melee combat bonus of
    // 002: "Melee combat uses Strength, Dexterity, and Fortitude" (the best of the three,
    // remainder dropped). Fists (3, a decision) and the knife (2) less that bonus.
    // (stats, fists, knife)
    type Case = (&'static [(&'static str, i64)], i64, i64);
    const CASES: &[Case] = &[
        (&[], 3, 2),                        // +0.5 -> 0
        (&[("STR", 9), ("CHA", 3)], 2, 1),  // STR +1
        (&[("DEX", 9), ("CHA", 3)], 2, 1),  // DEX +1
        (&[("FORT", 9), ("CHA", 3)], 2, 1), // FORT +1
        (
            &[
                ("STR", 2),
                ("DEX", 2),
                ("FORT", 2),
                ("PER", 9),
                ("CHA", 9),
                ("INT", 9),
                ("LUCK", 9),
            ],
            4,
            3,
        ), // all -1
    ];
    for &(stats, fists, knife) in CASES {
        let f = soldier_fighter(&soldier(
            "Bo",
            stats,
            &[("melee", 10)],
            None,
            &[("combat-knife", 0)],
        ));
        for (weapon, row) in [(None, fists), (Some(0), knife)] {
            // A tie misses, one more hits (d10 5 + STR + DEX damage, body d100 30).
            let mut s = face_off(("bo", f.clone()), ("mark", mark("Mark", None)), 1);
            s.run(blow("bo", "mark", weapon, MeleeKind::Strike, false), &[row]);
            let swing = last_swing(&s);
            assert_eq!(
                (swing.miss_chance, swing.hit),
                (row, false),
                "{stats:?} {weapon:?}"
            );
            let mut s = face_off(("bo", f.clone()), ("mark", mark("Mark", None)), 1);
            s.run(
                blow("bo", "mark", weapon, MeleeKind::Strike, false),
                &[row + 1, 5, 3, 10],
            );
            assert!(last_swing(&s).hit, "{stats:?} {weapon:?}");
        }
    }
    // MELEE_GUARD (000): "To hit an enemy player, add your dexterity modifier to a d100 roll,
    // plus any relevant skill. The result must be greater than the opponent''s DEX * 5 + any
    // skill in combat (Guard DC)."
    // Bo (DEX 6: bonus 4) strikes with the knife: the relevant skill is Melee 10 (not his
    // Grappling 20): +14; with his fists, Unarmed 10: +14. Mark (DEX 6, Melee 10): Guard DC
    // 30 + 10 = 40; prone, 002: "suffer -2 to Guard checks": 38.
    let attacker = guarded(soldier(
        "Bo",
        &[("STR", 9), ("CHA", 3)],
        &[("grappling", 20), ("melee", 10), ("unarmed", 10)],
        None,
        &[("combat-knife", 0)],
    ));
    let defender = guarded(soldier("Mark", &[], &[("melee", 10)], None, &[]));
    // (weapon, Mark prone, d100, hit); the knife does d10 5 + 9 + 6 = 20, fists 5 + 9 = 14.
    type Guard = (Option<usize>, bool, [i64; 2], bool);
    const GUARD: &[Guard] = &[
        (Some(0), false, [2, 6], false), // 26 + 14 = 40: a tie fails
        (Some(0), false, [2, 7], true),  // 41
        (None, false, [2, 6], false),
        (None, false, [2, 7], true),
        (Some(0), true, [2, 4], false), // 38 against 38
        (Some(0), true, [2, 5], true),  // 39
    ];
    for &(weapon, prone, d100, hit) in GUARD {
        let mut s = face_off(("bo", attacker.clone()), ("mark", defender.clone()), 1);
        if prone {
            s.place("mark", None, Some(Stance::Prone));
        }
        let mut dice = d100.to_vec();
        if hit {
            dice.extend_from_slice(&[5, 3, 10]);
        }
        let log = s.run(blow("bo", "mark", weapon, MeleeKind::Strike, false), &dice);
        line(
            &log,
            &format!(
                "+14 DEX bonus + {} skill (CX-HOUSE-04)",
                if weapon.is_some() { "Melee" } else { "Unarmed" }
            ),
        );
        line(&log, &format!("Guard DC {}", if prone { 38 } else { 40 }));
        assert_eq!(
            last_swing(&s).hit,
            hit,
            "{weapon:?} {d100:?}:\n{}",
            log.join("\n")
        );
    }
}

#[test]
fn audit_melee_02_leaving_melee_or_a_skill_check_in_it_draws_a_penalty_attack() {
    // rule: CX-MELEE-02
    // 000: "If a character wishes to leave melee combat, they incur a "penalty attack."
    // Characters also incur "penalty attacks" when moving through or next to an enemy
    // character''s 1m space, or within range of a melee weapon that the enemy has equipped,
    // and when performing a skill check when in melee combat."
    // Bo strikes Mark (a 1 misses his knife's 1): they are locked in melee.
    let locked = || {
        let mut s = face_off(("bo", bo()), ("mark", mark("Mark", None)), 1);
        s.run(blow("bo", "mark", Some(0), MeleeKind::Strike, false), &[1]);
        assert!(s.state().engaged(&id("bo"), &id("mark")));
        s.next(&[]);
        s
    };
    // Mark steps away: Bo's penalty attack with his first melee weapon, the knife (1): a 2
    // hits for d10 5 + 9 + 6 = 20 (body d100 30); the lock ends.
    let mut s = locked();
    let full = s.hp("mark");
    let log = s.run(step("mark", 2, away("bo"), false), &[2, 5, 3, 10]);
    line(&log, "penalty attack");
    assert_eq!(s.hp("mark"), full - 20);
    assert!(!s.state().engaged(&id("bo"), &id("mark")));
    // A skill check in melee draws one too (a 1 misses), and the lock holds.
    let mut s = locked();
    let full = s.hp("mark");
    let log = s.run(check("mark", "search", 30, Effort::Roll), &[1, 5, 5]);
    line(&log, "penalty attack");
    assert_eq!(s.hp("mark"), full, "the penalty attack missed");
    assert!(s.state().engaged(&id("bo"), &id("mark")));
    // Moving next to an enemy or within its reach: the GM grants it (no map).
    let mut s = face_off(("bo", bo()), ("mark", mark("Mark", None)), 2);
    s.next(&[]);
    let full = s.hp("mark");
    s.run(
        Command::PenaltyAttack {
            by: id("bo"),
            target: id("mark"),
            why: "ran past Bo's sword".into(),
        },
        &[2, 5, 3, 10],
    );
    assert_eq!(s.hp("mark"), full - 20);
}

#[test]
fn audit_melee_03_grapples_penalty_attack_opposed_control_and_holds() {
    // rule: CX-MELEE-03
    // 000: "A character may grapple another character when they are both in melee distance.
    // Doing so provides the grappled player a "penalty attack" on the grappling player. During
    // grappling, both sides roll opposing grapple checks to see who maintains control. Once you
    // have control you may make a grapple check to subdue your opponent (by choke-out, pin, or
    // a joint lock). You may also strike an opponent during grappling, but if the strike fails
    // your opponent may attempt to gain control of the grapple. Skill in grappling is
    // different than skill in unarmed combat."
    // Bo: Grappling 20 + STR 9's bonus 16 = 36. Mark: no Grappling, STR 6: 4 (his Unarmed 30
    // does not count). Mark's penalty attack: fists 3, a 3 misses.
    let mark_brawler = soldier_fighter(&soldier("Mark", &[], &[("unarmed", 30)], None, &[]));
    let mut s = face_off(("bo", bo()), ("mark", mark_brawler), 1);
    // Bo d100 10 + 36 = 46, Mark 42 + 4 = 46: the defender wins the tie.
    let log = s.run(grab("bo", "mark"), &[3, 1, 10, 4, 2]);
    line(&log, "penalty attack");
    line(&log, "Bo 46 <= Mark 46");
    assert_eq!(s.left(), 3);
    let contest = Command::GrappleAct {
        id: id("bo"),
        act: nanite_compound_x::encounter::GrappleAct::Contest,
    };
    // 11 + 36 = 47 against 46: Bo takes control.
    let log = s.run(contest, &[1, 1, 4, 2]);
    line(&log, "Bo 47 > Mark 46");
    // A pin, won by another grapple check: Mark is held: no move, only contesting.
    s.run(
        Command::GrappleAct {
            id: id("bo"),
            act: nanite_compound_x::encounter::GrappleAct::Subdue {
                hold: nanite_compound_x::encounter::Hold::Pin,
            },
        },
        &[5, 10, 1, 10],
    );
    assert!(s.state().is_restrained(&id("mark")));
    s.next(&[]);
    let why = s.refuse(step("mark", 1, away("bo"), false));
    assert!(why.contains("in a grapple"), "{why}");
    // A strike that fails lets the other contest control at once: Bo's fists (2) miss with
    // a 2; Mark contests: 99 + 4 = 103 against Bo's 1 + 36 = 37: Mark takes control.
    let mut s = face_off(("bo", bo()), ("mark", mark("Mark", None)), 1);
    s.run(grab("bo", "mark"), &[3, 5, 10, 1, 1]);
    s.run(
        Command::GrappleAct {
            id: id("bo"),
            act: nanite_compound_x::encounter::GrappleAct::Strike { weapon: None },
        },
        &[2, 9, 9, 10, 1],
    );
    let g = s.state().grapple_of(&id("bo")).unwrap();
    assert_eq!(g.controller, Some(id("mark")));
}

#[test]
fn audit_melee_04_a_shove_is_an_unarmed_attack_at_plus_two_for_half_and_a_push() {
    // rule: CX-MELEE-04
    // 000: "Instead of dealing full damage, a character can try to kick/shove a human sized
    // opponent to force movement by rolling for a normal unarmed attack with a -2 miss penalty.
    // If the attack succeeds, it yields 1/2 the damage it normally would and pushes the target
    // 1m for every 5 strength you have."
    // Fists 3 (less the melee bonus) + 2; unarmed damage d10 5 + STR, halved; 1 m per 5 STR.
    // (STR, other stat lowered, miss chance, health lost, push)
    type Case = (i64, (&'static str, i64), i64, i64, i64);
    let cases: [Case; 4] = [
        (4, ("CHA", 8), 5, (5 + 4) / 2, 0),
        (5, ("CHA", 7), 5, (5 + 5) / 2, 1),
        (9, ("CHA", 3), 4, (5 + 9) / 2, 1),
        (6, ("CHA", 6), 5, (5 + 6) / 2, 1),
    ];
    for (strength, other, miss_chance, lost, push) in cases {
        for kind in [MeleeKind::Shove, MeleeKind::Kick] {
            let f = soldier_fighter(&soldier(
                "Bo",
                &[("STR", strength), other],
                &[("unarmed", 10)],
                None,
                &[],
            ));
            let mut s = face_off(("bo", f), ("mark", mark("Mark", None)), 1);
            let full = s.hp("mark");
            // A tie misses; one more hits.
            s.run(blow("bo", "mark", None, kind, false), &[miss_chance]);
            assert!(!last_swing(&s).hit);
            s.run(
                blow("bo", "mark", None, kind, false),
                &[miss_chance + 1, 5, 3, 10],
            );
            assert_eq!(s.hp("mark"), full - lost, "STR {strength} {kind:?}");
            assert_eq!(s.metres("bo", "mark"), Some(1 + push), "STR {strength}");
        }
    }
    // A Gravan with STR 8 + 2 = 10 pushes 2 m.
    let gravan = soldier(
        "Gav",
        &[("STR", 8), ("CHA", 3), ("INT", 6)],
        &[("unarmed", 10)],
        None,
        &[],
    )
    .replacen("race = \"human\"", "race = \"gravan\"", 1);
    let mut s = face_off(
        ("gav", soldier_fighter(&gravan)),
        ("mark", mark("Mark", None)),
        1,
    );
    s.run(
        blow("gav", "mark", None, MeleeKind::Shove, false),
        &[9, 5, 3, 10],
    );
    assert_eq!(s.metres("gav", "mark"), Some(3));
    // "a normal unarmed attack": a shove or kick is not made with a weapon.
    let mut s = face_off(("bo", bo()), ("mark", mark("Mark", None)), 1);
    for kind in [MeleeKind::Shove, MeleeKind::Kick] {
        let why = s.refuse(blow("bo", "mark", Some(0), kind, false));
        assert_eq!(
            why,
            format!(
                "a {} is an unarmed attack (CX-MELEE-04); leave the weapon out",
                kind.key()
            )
        );
    }
}

#[test]
fn audit_melee_05_melee_damage_from_str_and_dex_by_the_weapons_formula() {
    // rule: CX-MELEE-05
    // 000: "Your damage dealt is based on a combination of your DEX and STR modifier. If you are
    // wielding a weapon against an unarmed opponent, they may still incur damage depending on
    // their skill." The sample weapons give the formulas: knife d10 + STR + DEX, monofilament
    // sword 2d10 + STR + DEX, fists d10 + STR.
    // (stats, weapon, damage dice, health lost); body d100 30: full.
    type Case = (
        &'static [(&'static str, i64)],
        Option<usize>,
        &'static [i64],
        i64,
    );
    const CASES: &[Case] = &[
        (&[], Some(0), &[5], 5 + 6 + 6),
        (&[("STR", 9), ("CHA", 3)], Some(0), &[5], 5 + 9 + 6),
        (&[("DEX", 9), ("CHA", 3)], Some(0), &[5], 5 + 6 + 9),
        (&[("STR", 9), ("CHA", 3)], Some(1), &[10, 10], 20 + 9 + 6),
        (&[("STR", 9), ("CHA", 3)], None, &[1], 1 + 9),
        (&[("STR", 2), ("CHA", 9), ("INT", 7)], None, &[1], 1 + 2),
    ];
    for &(stats, weapon, damage, lost) in CASES {
        let f = soldier_fighter(&soldier(
            "Bo",
            stats,
            &[("melee", 10)],
            None,
            &[("combat-knife", 0), ("mono-sword", 0)],
        ));
        let mut s = face_off(("bo", f), ("mark", mark("Mark", None)), 1);
        let full = s.hp("mark");
        // A 9 hits every row here without a critical.
        let mut dice = vec![9];
        dice.extend_from_slice(damage);
        dice.extend_from_slice(&[3, 10]);
        s.run(blow("bo", "mark", weapon, MeleeKind::Strike, false), &dice);
        assert_eq!(s.hp("mark"), full - lost, "{stats:?} {weapon:?}");
    }
    // An unarmed defender's skill may still hurt the armed attacker: the GM's call, made with
    // Harm (melee damage to Bo).
    let mut s = face_off(("bo", bo()), ("mark", mark("Mark", None)), 1);
    let full = s.hp("bo");
    s.run(
        Command::Harm {
            target: id("bo"),
            amount: 5,
            damage_type: nanite_compound_x::DamageType::Melee,
            apl: 0,
            why: "Mark's Unarmed parries the knife hand".into(),
        },
        &[3, 10],
    );
    assert_eq!(s.hp("bo"), full - 5);
}

/// Ghost: a soldier of `level` wearing `module`, with `nanites`.
fn ghost(level: i64, module: &str, nanites: i64) -> Fighter {
    let text = soldier("Ghost", &[], &[("smgs", 10)], None, &[("smg", 1)])
        .replacen(
            "[equipment]\n",
            &format!("[equipment]\ncloak = \"{module}\"\n"),
            1,
        )
        .replacen("level = 0", &format!("level = {level}"), 1);
    let mut f = unchecked(&text);
    f.nanites = nanites;
    f
}

/// Ghost and a Raider (Search 10 + PER 6's bonus 4 = +14) 15 m apart; Ghost's turn.
fn stalk(g: Fighter) -> Skirmish {
    let raider = soldier_fighter(&soldier(
        "Raider",
        &[],
        &[("smgs", 10), ("search", 10)],
        None,
        &[("smg", 1)],
    ));
    face_off(("ghost", g), ("raider", raider), 15)
}

fn cloak_on(s: &Skirmish) -> bool {
    s.c("ghost").stealth.cloak.is_some()
}

/// To the start of Ghost's next turn (through the Raider's).
fn round(s: &mut Skirmish) {
    s.next(&[]);
    s.next(&[]);
}

#[test]
fn audit_cloak_01_activation_cost_then_upkeep_unless_kept_still() {
    // rule: CX-CLOAK-01
    // 000: "Expend the cloaking module's 'Nanite Activation Cost' to begin cloaking. At the
    // beginning of every turn thereafter, you have to pay a 'Nanite Upkeep' cost to continue
    // cloaking, unless you didn't move for the entire previous turn."
    // The Mk I: activation 20, upkeep 5.
    let mut s = stalk(ghost(0, "mk1-cloak", 60));
    s.run(Command::Cloak { id: id("ghost") }, &[]);
    assert_eq!((s.c("ghost").fighter.nanites, cloak_on(&s)), (40, true));
    // Kept still: nothing at the next turn's start.
    round(&mut s);
    assert_eq!(s.c("ghost").fighter.nanites, 40);
    // Moved: 5 at the next.
    s.run(step("ghost", 2, Way::Elsewhere, false), &[]);
    round(&mut s);
    assert_eq!(s.c("ghost").fighter.nanites, 35);
    round(&mut s);
    assert_eq!(s.c("ghost").fighter.nanites, 35, "kept still again");
    // Exactly the activation cost is enough; one short is refused.
    let mut s = stalk(ghost(0, "mk1-cloak", 20));
    s.run(Command::Cloak { id: id("ghost") }, &[]);
    assert_eq!(s.c("ghost").fighter.nanites, 0);
    let mut s = stalk(ghost(0, "mk1-cloak", 19));
    assert_eq!(
        s.refuse(Command::Cloak { id: id("ghost") }),
        "the Mk I Cloaking Module costs 20 nanites to activate and ghost has 19 (CX-CLOAK-01)"
    );
}

#[test]
fn audit_cloak_02_duration_nanites_charge_delay_and_once_per_encounter_to_level_4() {
    // rule: CX-CLOAK-02
    // 000: "You can remain cloaked for a number of turns equal to ["Cloak Turns" + your cloaking
    // module's "Cloak Turn Bonus"] or when you run out of Nanites, whichever occurs sooner ...
    // If your cloak time runs out, you stop cloaking and have to wait a number of actions equal
    // to your "Charge Delay" ... before being able to cloak again." / "For levels 1-4, you may
    // only cloak once per encounter."
    // (level, module, turns): Cloak Turns 3 at levels 0-3, 4 at 4-6; Shadowweave +2.
    for (level, module, turns) in [
        (0, "mk1-cloak", 3),
        (3, "mk1-cloak", 3),
        (4, "mk1-cloak", 4),
        (6, "shadowweave", 6),
    ] {
        let mut s = stalk(ghost(level, module, 200));
        s.run(Command::Cloak { id: id("ghost") }, &[]);
        for turn in 1..=turns {
            round(&mut s);
            assert!(
                cloak_on(&s),
                "level {level} {module}: turn {turn} of {turns}"
            );
        }
        round(&mut s);
        assert!(!cloak_on(&s), "level {level} {module}: over after {turns}");
    }
    // Out of nanites: 24 - 20 = 4 left; a move makes the 5 upkeep due: the cloak ends.
    let mut s = stalk(ghost(0, "mk1-cloak", 24));
    s.run(Command::Cloak { id: id("ghost") }, &[]);
    s.run(step("ghost", 2, Way::Elsewhere, false), &[]);
    round(&mut s);
    assert!(!cloak_on(&s));
    assert_eq!(s.c("ghost").fighter.nanites, 4);
    // Charge Delay 8 actions (Mk I), at level 5 (no once-per-encounter limit): switched on
    // (1 action) and off (free), the 3 actions left of the turn pass, then 4, then 1 more.
    let mut s = stalk(ghost(5, "mk1-cloak", 200));
    s.run(Command::Cloak { id: id("ghost") }, &[]);
    s.run(Command::Uncloak { id: id("ghost") }, &[]);
    assert!(
        s.refuse(Command::Cloak { id: id("ghost") })
            .contains("8 more action(s)")
    );
    round(&mut s);
    let act = |n: u32| Command::Act {
        id: id("ghost"),
        what: "wait".into(),
        actions: n,
    };
    s.run(act(4), &[]);
    round(&mut s);
    assert!(
        s.refuse(Command::Cloak { id: id("ghost") })
            .contains("1 more action(s)")
    );
    s.run(act(1), &[]);
    s.run(Command::Cloak { id: id("ghost") }, &[]);
    assert!(cloak_on(&s));
    // Once per encounter at levels 1-4 (and 0), not from 5.
    for (level, again) in [(0, false), (1, false), (4, false), (5, true), (20, true)] {
        let mut s = stalk(ghost(level, "mk1-cloak", 200));
        s.run(Command::Cloak { id: id("ghost") }, &[]);
        s.run(Command::Uncloak { id: id("ghost") }, &[]);
        // The Charge Delay's 8 actions pass: 3 left unused, then 4, then 1 more.
        round(&mut s);
        round(&mut s);
        round(&mut s);
        let cloak = Command::Cloak { id: id("ghost") };
        if again {
            s.run(cloak, &[]);
        } else {
            assert!(
                s.refuse(cloak).contains("once per encounter"),
                "level {level}"
            );
        }
    }
}

#[test]
fn audit_cloak_03_detect_dc_moving_detect_dc_and_combat_actions() {
    // rule: CX-CLOAK-03
    // 000: "If someone/something is looking for you, they must pass a (normally, perception)
    // check at 'Detect DC' difficulty. While moving, the detect DC is reduced (listed as 'moving
    // detect DC' ...). ... once you have performed a combat action, the cloak fizzes out ...
    // When using a skill ... use your reduced, 'moving detect DC'".
    // The Mk I: Detect DC 60, Moving Detect DC 40; level 5 adds 5 to both (CX-CLOAK-04).
    // The Raider's Search: d100 + 14, strictly over the DC.
    // (Ghost's level, moved, d100, found)
    type Case = (i64, bool, [i64; 2], bool);
    const CASES: &[Case] = &[
        (0, false, [4, 6], false), // 60: a tie fails
        (0, false, [4, 7], true),  // 61
        (0, true, [2, 6], false),  // 40
        (0, true, [2, 7], true),   // 41
        (5, false, [5, 1], false), // 65
        (5, false, [5, 2], true),  // 66
        (5, true, [3, 1], false),  // 45
        (5, true, [3, 2], true),   // 46
    ];
    for &(level, moved, d100, found) in CASES {
        let mut s = stalk(ghost(level, "mk1-cloak", 200));
        s.run(Command::Cloak { id: id("ghost") }, &[]);
        if moved {
            s.run(step("ghost", 2, Way::Elsewhere, false), &[]);
        }
        s.next(&[]);
        s.run(search("raider", "ghost", false), &d100);
        assert_eq!(s.left(), 3, "a search is a skill check: 1 action");
        let unseen = s.c("ghost").stealth.unseen_by.contains(&id("raider"));
        assert_eq!(unseen, !found, "level {level}, moved {moved}, {d100:?}");
    }
    // Using a skill counts as moving: a Search check of Ghost's own (1 action; d100 55)
    // and the Raider's 26 + 14 = 40 fails against the Moving Detect DC 40, 27 finds him.
    for (d100, found) in [([2, 6], false), ([2, 7], true)] {
        let mut s = stalk(ghost(0, "mk1-cloak", 200));
        s.run(Command::Cloak { id: id("ghost") }, &[]);
        s.run(check("ghost", "search", 30, Effort::Roll), &[5, 5]);
        s.next(&[]);
        s.run(search("raider", "ghost", false), &d100);
        let unseen = s.c("ghost").stealth.unseen_by.contains(&id("raider"));
        assert_eq!(unseen, !found, "after a skill, {d100:?}");
    }
    // A combat action (a shot; a 2 misses) ends the cloak: seen by everyone again.
    let mut s = stalk(ghost(0, "mk1-cloak", 200));
    s.run(Command::Cloak { id: id("ghost") }, &[]);
    s.run(fire_at("ghost", "raider"), &[2]);
    assert!(!cloak_on(&s));
    assert!(s.c("ghost").stealth.unseen_by.is_empty());
}

#[test]
fn audit_cloak_04_cloak_turns_and_gains_by_level_on_the_sheet() {
    // rule: CX-CLOAK-04
    // 000's table: Cloak Turns 3 at levels 1-3, 4 at 4-6, 5 at 7-9, 6 at 10-12, 7 at 13-15,
    // 8 at 16-17, 9 at 18-19, 10 at 20; Detect DC Gain +5% at 5, +10% at 10, +15% at 15, +20% at
    // 20; Shadow Assassin Cloak Turn Gain +1 at 1, +2 at 6, +3 at 11, +4 at 16, +5 at 20.
    // Level 0 takes the level 1 row (a decision); the gains hold until the next one.
    let turns = [
        3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10,
    ];
    let detect = [
        0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15, 15, 15, 15, 20,
    ];
    let assassin = [
        0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5,
    ];
    for level in 0..=20usize {
        for class in ["soldier", "shadow-assassin"] {
            let s = sheet(&super::support::with(&[
                ("class = \"soldier\"", &format!("class = \"{class}\"")),
                ("level = 0", &format!("level = {level}")),
                ("items = {}", "cloak = \"mk1-cloak\"\nitems = {}"),
            ]));
            let c = s.cloak.unwrap();
            let gain = if class == "soldier" {
                0
            } else {
                assassin[level]
            };
            assert_eq!(
                (
                    c.turns,
                    c.detect_dc,
                    c.moving_detect_dc,
                    c.once_per_encounter
                ),
                (
                    turns[level] + gain,
                    60 + detect[level],
                    40 + detect[level],
                    level <= 4
                ),
                "{class} level {level}"
            );
        }
    }
}

/// Nyx, a `class` with 10 points in `skill` and `nanites`.
fn caster(class: &str, skill: &str, nanites: i64) -> Fighter {
    let text = soldier("Nyx", &[], &[(skill, 10)], None, &[]).replacen(
        "class = \"soldier\"",
        &format!("class = \"{class}\""),
        1,
    );
    let mut f = soldier_fighter(&text);
    f.nanites = nanites;
    f
}

/// Nyx, the Raider 15 m away and Ally (Nyx's side) 5 m away; Nyx's turn.
fn coven(nyx: Fighter) -> Skirmish {
    let mut s = Skirmish::new(vec![
        ("nyx", "crew", nyx),
        ("raider", "raiders", mark("Raider", None)),
        ("ally", "crew", mark("Ally", None)),
    ]);
    s.distance("nyx", "raider", 15);
    s.distance("nyx", "ally", 5);
    s.begin();
    s
}

fn cast(spell: &str, target: &str, cover: Option<Cover>) -> Command {
    super::arena::cast("nyx", spell, target, cover)
}

fn last_cast(s: &Skirmish) -> bool {
    last_event(&s.game, "cast", |e| match e {
        Event::SpellCast { success, .. } => Some(*success),
        _ => None,
    })
}

#[test]
fn audit_spell_01_paladins_mages_and_sorcerers_cast_for_one_action() {
    // rule: CX-SPELL-01
    // 000: "There are a few classes which are able to cast spells, Paladins, Mages and
    // Sorcerers. ... Normally, a spell takes one action to cast."
    for (class, skill) in [
        ("paladin", "knowledge-nanites"),
        ("mage", "sorcery"),
        ("sorcerer", "sorcery"),
    ] {
        let mut s = coven(caster(class, skill, 200));
        // Dread (30 nanites): a 1 + 14 (24 for a Paladin) fails, nothing more is rolled.
        s.run(cast("fear", "raider", None), &[10, 1]);
        assert!(!last_cast(&s));
        assert_eq!(s.left(), 3, "{class}");
        assert_eq!(s.c("nyx").fighter.nanites, 170, "{class}");
    }
    let mut s = coven(caster("soldier", "smgs", 200));
    let why = s.refuse(cast("nanite-bolt", "raider", None));
    assert!(
        why.contains("only Paladins, Mages and Sorcerers cast spells (CX-SPELL-01)"),
        "{why}"
    );
}

#[test]
fn audit_spell_02_the_dc_is_nanites_plus_cover_and_the_class_skill_adds() {
    // rule: CX-SPELL-02
    // 000: "This DC is the number of Nanites used to cast the spell, plus an bonuses the
    // target gains from cover. For Mages and Sorcerers this is a Spellcast DC, and for Paladins
    // this is a Knowledge [Nanites] DC. Mages/Sorcerers can add any skill points they have in
    // Sorcery to their rolls, and Paladins may do the same with their Knowledge [Nanites] skill."
    // Nanite Barrier (30 nanites) on the Ally: DC 30, partial cover 32, full 34. The skill:
    // 10 points + INT 6's bonus 4 = +14; the sample Paladin's Nanite Communion adds 10 more
    // to Knowledge [Nanites]: +24. A tie fails; the nanites are spent either way.
    for (class, skill, bonus) in [
        ("mage", "sorcery", 14),
        ("paladin", "knowledge-nanites", 24),
    ] {
        for (cover, dc) in [
            (None, 30),
            (Some(Cover::Partial), 32),
            (Some(Cover::Full), 34),
        ] {
            for (roll, success) in [(dc - bonus, false), (dc - bonus + 1, true)] {
                let mut s = coven(caster(class, skill, 100));
                // A d100 is two d10, tens then ones, a face 0 typed as 10.
                let face = |v: i64| if v == 0 { 10 } else { v };
                s.run(
                    cast("barrier", "ally", cover),
                    &[face(roll / 10), face(roll % 10)],
                );
                assert_eq!(last_cast(&s), success, "{class} {cover:?} d100 {roll}");
                assert_eq!(s.c("nyx").fighter.nanites, 70);
            }
        }
    }
    // The cover the target stands in counts when the caster names none: the Ally placed in
    // partial cover makes it 32; 18 + 14 ties.
    for (roll, success) in [([1, 8], false), ([1, 9], true)] {
        let mut s = coven(caster("mage", "sorcery", 100));
        s.place("ally", Some(Cover::Partial), None);
        s.run(cast("barrier", "ally", None), &roll);
        assert_eq!(last_cast(&s), success, "placed partial cover, {roll:?}");
    }
    // A Mage's Knowledge [Nanites] does not count: its casting skill is Sorcery, here 0 points
    // with INT 6's bonus 4.
    let mut s = coven(caster("mage", "knowledge-nanites", 100));
    s.run(cast("barrier", "ally", None), &[4, 4]);
    assert!(last_cast(&s), "44 + INT 6's 4 = 48 > 30");
    let mut s = coven(caster("mage", "knowledge-nanites", 100));
    s.run(cast("barrier", "ally", None), &[2, 6]);
    assert!(!last_cast(&s), "26 + 4 = 30: a tie");
}

#[test]
fn audit_spell_03_range_by_cha_and_the_targets_save() {
    // rule: CX-SPELL-03
    // 000: "Some spells may also require the target to make a saving throw in order to avoid the
    // spell or negate its effects. Generally speaking, spells have a range that is dependant on
    // either the Charisma score of the caster or the Charisma Modifier."
    // Nanite Bolt's range is CHA * 5 (sample data): CHA 6, 30 m; 31 m is out of reach.
    let mut s = coven(caster("mage", "sorcery", 200));
    s.distance("nyx", "raider", 31);
    let why = s.refuse(cast("nanite-bolt", "raider", None));
    assert_eq!(
        why,
        "raider is 31 m from nyx; Nanite Bolt reaches 30 m with Nyx's CHA (CX-SPELL-03)"
    );
    s.distance("nyx", "raider", 30);
    s.run(cast("nanite-bolt", "raider", None), &[10, 1]);
    // Dread (30 nanites, a Will save; range CHA * 3 = 18): cast 50 + 14 = 64 > 30. The
    // Raider's Will 2 * (CHA 6 + INT 6 - 6) = 12: 52 + 12 = 64 reaches it and resists (the
    // defender wins ties); 51 + 12 = 63 does not: Fear.
    for (save, afraid) in [([5, 2], false), ([5, 1], true)] {
        let mut s = coven(caster("mage", "sorcery", 200));
        s.run(cast("fear", "raider", None), &[5, 10, save[0], save[1]]);
        assert_eq!(
            s.state().has_condition(&id("raider"), ConditionKind::Fear),
            afraid,
            "save {save:?}"
        );
    }
}
