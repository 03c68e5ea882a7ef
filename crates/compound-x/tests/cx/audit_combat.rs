//! Audit of the combat rules (CX-RNG, CX-DMG) against the seed documents' own
//! sentences (issue 21): each test quotes the sentence its numbers come from,
//! with its file (000 canonical, 002 wins on combat), and forces every die.

use std::sync::Arc;

use nanite_compound_x::Sheet;
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

/// An aimed semi-automatic shot with weapon 0 from `distance` metres at a
/// standing target in the open.
fn aim(distance: i64) -> Aim {
    Aim {
        weapon: 0,
        mode: FireMode::Semi,
        fire: Fire::Aimed,
        distance,
        cover: Cover::None,
        stance: Stance::Standing,
        shooter_stance: Stance::Standing,
        suppressed: false,
        sprinting: false,
        stealth: false,
        condition: 0,
        no_crits: false,
    }
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
        let shot = fire(&vex, &target, &aim(8), &[d10, 1, 1, 1, 10]);
        assert_eq!(shot.miss_chance, 3);
        assert_eq!(shot.hit, hit, "d10 {d10} against 3");
        assert_eq!(shot.strike.map(|s| s.health), hit.then_some(10));
    }
    // Largest miss chance 10: even a 10 does not roll over it.
    let shot = fire(&vex_with_row(10), &target, &aim(8), &[10]);
    assert!(!shot.hit && !shot.critical, "a 10 ties a miss chance of 10");
    // Miss chance 0: a 1 is over it (and still rolls the jam die, CX-RNG-08).
    let shot = fire(&vex_with_row(0), &target, &aim(8), &[1, 5, 1, 1, 1, 10]);
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
    let mut a = aim(1);
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
    let mut a = aim(8);
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
        let mut a = aim(8);
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
    let crit = fire(&vex, &target, &aim(8), &[10, 1, 1, 1, 10]);
    assert!(crit.critical);
    assert_eq!(crit.strike.unwrap().health, 30);
    let plain = fire(&vex, &target, &aim(8), &[9, 1, 1, 1, 10]);
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
        let shot = fire(&vex, &target, &aim(8), &[1, jam_die]);
        assert_eq!((shot.jam_die, shot.jammed), (Some(jam_die), jammed));
        assert!(!shot.hit);
    }
    // Only a raw 1 rolls the second die.
    let shot = fire(&vex, &target, &aim(8), &[2]);
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
        let s = fire(&vex, &target, &aim(8), &[9, 1, 2, tens, ones])
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
        let s = fire(&vex, &target, &aim(8), &[9, a, b, 3, 10])
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
    let s = fire(&laser, &target, &aim(8), &[9, 10, 10]).strike.unwrap();
    assert_eq!((s.shield, s.armor_die, s.health), (28, None, 0));
    // Shield at 2: laser 28 puts 2 in, 26 through; body d100 10: full.
    let mut weak = target.clone();
    weak.shield.as_mut().unwrap().strength = 2;
    let s = fire(&laser, &weak, &aim(8), &[9, 10, 10, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (2, 26));
    // Plasma 1 + 2 + 8 = 11: 50% is 5.5, the shield takes 5 (remainder dropped), 6 through.
    let s = fire(&plasma, &target, &aim(8), &[9, 1, 2, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (5, 6));
    // Shield at 0: everything through.
    let mut down = target.clone();
    down.shield.as_mut().unwrap().strength = 0;
    let s = fire(&plasma, &down, &aim(8), &[9, 1, 2, 1, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.health), (0, 11));
    // Ballistic: the shield takes nothing.
    let s = fire(&vex(), &target, &aim(8), &[9, 1, 2, 1, 10])
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
    let s = fire(&vex, &target, &aim(8), &[10, 1, 2, 3, 10])
        .strike
        .unwrap();
    assert_eq!((s.incoming, s.armor_points, s.health), (31, 15, 16));
    // 000: "Ranged weapon stealth-attacks ... have -1 miss chance to hit., if 'adequate' aiming
    // time is given ... deal +20 damage and, in addition, if you critical hit you gain all the
    // effects of a critical."
    // Stealth and critical together: miss chance 3 - 1 = 2; 11 + 20 + 20 = 51: 15 AP, 36 health.
    let mut a = aim(8);
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
    let aimed = fire(&shooter, &target, &aim(8), &[4, 1, 1, 1, 10]);
    assert_eq!(aimed.miss_chance, 3);
    assert!(aimed.hit);
    let mut a = aim(8);
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
    let mut a = aim(8);
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
            let mut a = aim(distance);
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
        let mut a = aim(8);
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
    let s = fire(&explosive, &target, &aim(8), &[9, 1, 2])
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
        let s = fire(&laser, &unshielded, &aim(8), &[9, 1, 2, tens, 10])
            .strike
            .unwrap();
        assert_eq!(s.health, health, "laser, d100 {tens}0");
        assert!(matches!(s.armor, ArmorHit::Body { .. }));
    }
    // Ballistic against the shield: the shield takes nothing, the armor blocks (APL 1 < 2).
    let s = fire(&vex(), &target, &aim(8), &[9, 1, 2, 4, 10])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.armor, s.health), (0, ArmorHit::Blocked, 0));
}
