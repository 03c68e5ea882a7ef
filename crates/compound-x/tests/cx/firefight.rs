//! Shots resolved with forced dice: miss chances, crits, jams, armor, shields.

use nanite_compound_x::combat::{Aim, ArmorHit, Cover, Fighter, Fire, Stance, shoot};
use nanite_compound_x::{FireMode, Sheet};
use nanite_dice::{Roller, ScriptedDice};

use super::support::{character, sample};

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");

fn vex() -> Fighter {
    let sheet = Sheet::compute(&character(VEX), sample());
    Fighter::from_sheet(&sheet, sample())
}

#[test]
fn a_shot_shows_every_step() {
    // rule: CX-RNG-01
    // rule: CX-RNG-04
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    let (vex, target) = (vex(), vex());
    let mut a = Aim::aimed(15);
    a.cover = Cover::Partial;
    // accuracy 7; damage 2d10 = 5 + 6; armor tens 3 ones 4 = 34 <= 60: struck.
    let mut dice = ScriptedDice::new([7, 5, 6, 3, 4]);
    let shot = shoot(&vex, &target, &a, &mut Roller::new(), &mut dice)
        .unwrap()
        .unwrap();
    assert_eq!(shot.miss_chance, 6, "row 4 at 11-20 m + partial cover 2");
    assert!(shot.hit);
    let strike = shot.strike.unwrap();
    assert_eq!(
        strike.armor,
        ArmorHit::Blocked,
        "SMG APL 1 < flak jacket APL 2"
    );
    assert_eq!(strike.health, 0);
    expect_test::expect![[r#"
        Vex Marrow fires the Basic SMG (semi, aimed) at Vex Marrow from 15 m
        aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
          +2 partial cover (CX-RNG-04)
        d10 = 7 (accuracy, Vex Marrow)
        d10 7 > miss chance 6: hit (CX-RNG-01)
        1 round(s) used (CX-RNG-12)
        damage 2d10 + 8: 19
        d100 = 34 (armor, Vex Marrow)
        armor struck: APL 1 < armor APL 2: all damage blocked (CX-DMG-02)
        damage to Vex Marrow's health: 0
    "#]]
    .assert_eq(&shot.explain(&vex, &target, &a).to_string());
}

/// Vex carrying `weapon` (no attachments) as weapon 0.
fn vex_with(weapon: &str) -> Fighter {
    let text = VEX
        .replace("id = \"smg\"", &format!("id = \"{weapon}\""))
        .replace("attachments = [\"dot-sight\"]", "attachments = []");
    let sheet = Sheet::compute(&character(&text), sample());
    Fighter::from_sheet(&sheet, sample())
}

fn fire(
    attacker: &Fighter,
    target: &Fighter,
    a: &Aim,
    dice: &[u32],
) -> nanite_compound_x::combat::Shot {
    let mut source = ScriptedDice::new(dice.iter().map(|d| i64::from(*d)));
    shoot(attacker, target, a, &mut Roller::new(), &mut source)
        .expect("enough dice")
        .expect("a legal shot")
}

#[test]
fn ties_miss_and_cover_and_stance_add_up() {
    // rule: CX-RNG-01
    // rule: CX-RNG-04
    let (vex, target) = (vex(), vex());
    // (target cover, target stance, distance) -> miss chance; SMG row at 0-10 m is 3.
    let cases = [
        (Cover::None, Stance::Standing, 8, 3),
        (Cover::Partial, Stance::Standing, 8, 5),
        (Cover::Full, Stance::Standing, 8, 7),
        (Cover::None, Stance::Crouched, 8, 4),
        (Cover::Full, Stance::Hunkered, 8, 9),
        (Cover::Partial, Stance::Prone, 8, 7),
        // Prone gives nothing within 5 m without cover, but does from cover.
        (Cover::None, Stance::Prone, 5, 3),
        (Cover::None, Stance::Prone, 6, 5),
        (Cover::Partial, Stance::Prone, 4, 7),
    ];
    for (cover, stance, distance, expected) in cases {
        let mut a = Aim::aimed(distance);
        a.cover = cover;
        a.stance = stance;
        // A d10 equal to the miss chance misses: a tie fails.
        let shot = fire(&vex, &target, &a, &[expected as u32]);
        assert_eq!(
            shot.miss_chance, expected,
            "{cover:?} {stance:?} {distance} m"
        );
        assert!(!shot.hit, "a tie misses");
    }
}

#[test]
fn criticals_add_20_and_automatic_weapons_never_crit() {
    // rule: CX-RNG-07
    // rule: CX-DMG-06
    let (vex, mut target) = (vex(), vex());
    target.armor = None;
    target.shield = None;
    // d10 10 crits (LUCK 6: range 1); 2d10 = 1 + 1 + 8 = 10, +20; body roll 20 -> full.
    let shot = fire(&vex, &target, &Aim::aimed(8), &[10, 1, 1, 2, 10]);
    assert!(shot.critical);
    assert_eq!(shot.strike.unwrap().health, 30);
    let lmg = vex_with("lmg");
    let mut a = Aim::aimed(8);
    a.mode = FireMode::Auto;
    let shot = fire(&lmg, &target, &a, &[10, 1, 1, 2, 10]);
    assert!(
        shot.hit && !shot.critical,
        "fully automatic weapons cannot crit"
    );
}

#[test]
fn a_raw_one_rolls_for_a_jam() {
    // rule: CX-RNG-08
    let (vex, target) = (vex(), vex());
    let shot = fire(&vex, &target, &Aim::aimed(8), &[1, 2]);
    assert_eq!(shot.jam_die, Some(2));
    assert!(shot.jammed);
    let shot = fire(&vex, &target, &Aim::aimed(8), &[1, 3]);
    assert!(!shot.jammed);
    let mut jammed = vex.clone();
    jammed.fired(0, 1, true);
    let mut source = ScriptedDice::new([5]);
    let refused = shoot(
        &jammed,
        &target,
        &Aim::aimed(8),
        &mut Roller::new(),
        &mut source,
    )
    .unwrap();
    assert_eq!(refused, Err(nanite_compound_x::combat::ShotRefusal::Jammed));
}

#[test]
fn ammunition_is_spent_and_runs_out() {
    // rule: CX-RNG-12
    let (mut vex, target) = (vex(), vex());
    let mut a = Aim::aimed(8);
    a.mode = FireMode::Burst;
    let shot = fire(&vex, &target, &a, &[2]);
    assert_eq!(shot.rounds, 3);
    vex.fired(0, 29, false);
    let mut source = ScriptedDice::new([5]);
    let refused = shoot(&vex, &target, &a, &mut Roller::new(), &mut source).unwrap();
    assert_eq!(
        refused,
        Err(nanite_compound_x::combat::ShotRefusal::OutOfAmmo {
            needed: 3,
            loaded: 1
        })
    );
}

#[test]
fn inside_the_minimum_distance_aimed_fire_is_hip_fire() {
    // rule: CX-RNG-05
    let sniper = vex_with("sniper-rifle");
    let target = vex();
    let shot = fire(&sniper, &target, &Aim::aimed(10), &[2]);
    assert!(
        shot.forced_hip,
        "the sniper rifle's minimum distance is above 10 m"
    );
    assert_eq!(shot.fire, Fire::Hip);
    assert_eq!(
        shot.row,
        sniper.weapons[0]
            .hip
            .as_ref()
            .unwrap()
            .semi
            .as_ref()
            .unwrap()[0]
    );
}

#[test]
fn hunkered_shooters_can_only_blind_fire() {
    // rule: CX-MOVE-06
    // rule: CX-RNG-06
    let (vex, target) = (vex(), vex());
    let mut a = Aim::aimed(8);
    a.shooter_stance = Stance::Hunkered;
    let mut source = ScriptedDice::new([5]);
    let refused = shoot(&vex, &target, &a, &mut Roller::new(), &mut source).unwrap();
    assert_eq!(
        refused,
        Err(nanite_compound_x::combat::ShotRefusal::Hunkered)
    );
    a.fire = Fire::Blind;
    let shot = fire(&vex, &target, &a, &[9]);
    assert_eq!(
        shot.row, 9,
        "blind: base 4 + 6 - 1 (PER 7 and LUCK 6 bonuses)"
    );
    assert!(!shot.hit);
}

#[test]
fn armor_rolls_decide_body_armor_and_piercing() {
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    let rifle = vex_with("sniper-rifle"); // APL 4, 3d10 + 30
    let mut target = vex(); // flak jacket: 60% coverage, APL 2, 15 AP
    target.shield = None;
    let mut a = Aim::aimed(50);
    a.fire = Fire::Aimed;
    // Hit; damage 1+1+1+30 = 33; armor 4,0 = 40 <= 60: pierced, 15 AP, 18 to health.
    let s = fire(&rifle, &target, &a, &[9, 1, 1, 1, 4, 10])
        .strike
        .unwrap();
    assert_eq!(
        (s.armor, s.armor_points, s.health),
        (ArmorHit::Pierced, 15, 18)
    );
    // Armor 7,0 = 70 > 60: body, above 50: half of 33 = 16.
    let s = fire(&rifle, &target, &a, &[9, 1, 1, 1, 7, 10])
        .strike
        .unwrap();
    assert_eq!((s.armor, s.health), (ArmorHit::Body { full: false }, 16));
    // No armor: coverage 0, a roll of 50 is full damage.
    target.armor = None;
    let s = fire(&rifle, &target, &a, &[9, 1, 1, 1, 5, 10])
        .strike
        .unwrap();
    assert_eq!((s.armor, s.health), (ArmorHit::Body { full: true }, 33));
    // Armor points refresh at the wearer's turn: after taking 15, none are left.
    let mut worn = vex();
    let first = fire(&rifle, &worn, &a, &[9, 1, 1, 1, 4, 10])
        .strike
        .unwrap();
    worn.take(&first);
    let second = fire(&rifle, &worn, &a, &[9, 1, 1, 1, 4, 10])
        .strike
        .unwrap();
    assert_eq!(second.armor_points, 0);
}

#[test]
fn shields_take_lasers_whole_and_plasma_half() {
    // rule: CX-DMG-03
    // rule: CX-DMG-05
    // rule: CX-COND-07
    let laser = vex_with("laser-rifle"); // 2d10 + 18
    let plasma = vex_with("plasma-rifle"); // 3d10 + 10
    let target = vex(); // CS-1 shield, strength 30; flak jacket APL 2
    let a = Aim::aimed(10);
    // Laser 1+1+18 = 20: all into the shield, no armor roll.
    let s = fire(&laser, &target, &a, &[9, 1, 1]).strike.unwrap();
    assert_eq!((s.shield, s.health, s.armor_die), (20, 0, None));
    // Laser 10+10+18 = 38: 30 into the shield, 8 on; lasers ignore armor: roll 30 -> body, full.
    let s = fire(&laser, &target, &a, &[9, 10, 10, 3, 10])
        .strike
        .unwrap();
    assert_eq!(
        (s.shield, s.armor, s.health),
        (30, ArmorHit::Body { full: true }, 8)
    );
    // Plasma 2+2+2+10 = 16: 8 into the shield, 8 on; armor 20 <= 60 struck, APL 2 >= 2:
    // pierced, 8 into armor points, APL lowered, plasma burn.
    let s = fire(&plasma, &target, &a, &[9, 2, 2, 2, 2, 10])
        .strike
        .unwrap();
    assert_eq!(
        (s.shield, s.armor, s.armor_points, s.health),
        (8, ArmorHit::Pierced, 8, 0)
    );
    assert!(s.apl_lowered && s.plasma_burn);
    let mut hit = target.clone();
    hit.take(&s);
    assert_eq!(hit.armor.as_ref().unwrap().apl, 1);
    hit.take(&s);
    assert_eq!(
        hit.armor.as_ref().unwrap().apl,
        1,
        "plasma lowers APL once, not per hit"
    );
    // A shield at 0 lets everything through.
    let mut down = target.clone();
    down.shield.as_mut().unwrap().strength = 0;
    let s = fire(&laser, &down, &a, &[9, 1, 1, 3, 10]).strike.unwrap();
    assert_eq!((s.shield, s.health), (0, 20));
}

#[test]
fn explosives_ignore_armor_and_shields() {
    // rule: CX-DMG-05
    let grenade = vex_with("he-grenade");
    let target = vex();
    let s = fire(&grenade, &target, &Aim::aimed(5), &[9, 1, 1, 1, 1])
        .strike
        .unwrap();
    assert_eq!((s.shield, s.armor_die, s.health), (0, None, 24));
}

#[test]
fn big_hits_force_a_shock_save_and_health_stops_at_zero_when_downed() {
    // rule: CX-DEATH-10
    // rule: CX-DEATH-01
    let rifle = vex_with("sniper-rifle");
    let mut target = vex();
    target.armor = None;
    target.shield = None;
    let mut a = Aim::aimed(50);
    a.stealth = true; // -1 miss chance, +20 damage
    // 10 crits: 10+10+10+30 = 60, +20 crit, +20 stealth = 100; body 10 -> full;
    // Shock save d100 3,0 = 30 + 14 <= 100: fails.
    let s = fire(&rifle, &target, &a, &[10, 10, 10, 10, 1, 10, 3, 10])
        .strike
        .unwrap();
    assert_eq!(s.health, 100);
    let shock = s.shock.unwrap();
    assert_eq!((shock.die, shock.dc, shock.passed), (30, 100, false));
    let mut hit = target.clone();
    hit.hp = 60;
    hit.take(&s);
    assert_eq!(hit.hp, 0, "health below 1 is set to 0 when downed");
    assert!(hit.is_downed());
    hit.take(&s);
    assert_eq!(hit.hp, -100, "further damage goes negative");
}

#[test]
fn conditions_tick_their_damage() {
    // rule: CX-COND-01
    // rule: CX-COND-02
    // rule: CX-COND-03
    // rule: CX-COND-05
    // rule: CX-COND-07
    // rule: CX-COND-08
    use nanite_compound_x::combat::{Condition, ConditionKind as K, tick};
    // (condition, stacks, turns ticked, dice, damage)
    let cases: &[(K, u32, u32, &[u32], i64)] = &[
        (K::Bleeding, 1, 0, &[7], 4),
        (K::Bleeding, 2, 0, &[1, 10], 7),
        (K::Burning, 1, 0, &[3, 4], 7),
        (K::Burning, 1, 2, &[3, 4, 5], 12),
        (K::Frozen, 1, 0, &[6], 6),
        (K::Necrosis, 1, 0, &[2, 3], 10),
        (K::PlasmaBurn, 2, 0, &[1, 2], 5),
        (K::Poisoned, 1, 0, &[4], 4),
        (K::GreaterPoison, 1, 0, &[4], 9),
        (K::LesserPoison, 1, 0, &[4], 0),
    ];
    for (kind, stacks, turns, dice, damage) in cases {
        let condition = Condition {
            kind: *kind,
            stacks: *stacks,
            turns: *turns,
        };
        let mut source = ScriptedDice::new(dice.iter().map(|d| i64::from(*d)));
        let t = tick(&condition, "Vex", &mut source).unwrap().unwrap();
        assert_eq!((t.damage, t.dice.as_slice()), (*damage, *dice), "{kind:?}");
    }
    let fear = Condition {
        kind: K::Fear,
        stacks: 1,
        turns: 0,
    };
    assert_eq!(
        tick(&fear, "Vex", &mut ScriptedDice::new([])).unwrap(),
        None
    );
    assert_eq!(K::Fear.ends_with(), Some(("Will save", 50)));
    assert_eq!(K::GreaterFear.ends_with(), Some(("Will save", 75)));
    assert_eq!(K::PinnedDown.lasts(), Some(2));
    assert_eq!(K::Hammered.miss_chance(), 3);
    assert!(K::Stunned.prevents_actions() && K::Unconscious.prevents_actions());
}

#[test]
fn death_saves_shrink_and_return() {
    // rule: CX-DEATH-03
    // rule: CX-DEATH-04
    use nanite_compound_x::combat::{DeathSaveOutcome as O, DeathSaves};
    let mut saves = DeathSaves::default();
    assert_eq!(saves.judge(51), O::Survived);
    assert_eq!(
        saves.judge(50),
        O::Failed { left: 2 },
        "50 is not above DC 50"
    );
    saves.record(O::Failed { left: 2 });
    saves.record(O::Failed { left: 1 });
    assert_eq!(
        saves.judge(12),
        O::Died,
        "the third failure of the first downing kills"
    );
    saves.back_up();
    assert_eq!(
        saves.allowance, 2,
        "after a failure the next downing gives 2"
    );
    saves.record(saves.judge(3));
    saves.back_up();
    assert_eq!(
        saves.allowance, 1,
        "failures in two downings: the third gives 1"
    );
    saves.encounter_ended();
    assert_eq!(
        saves.allowance, 1,
        "no regain after an encounter with a failure"
    );
    saves.encounter_ended();
    saves.encounter_ended();
    saves.encounter_ended();
    assert_eq!(
        saves.allowance, 3,
        "one regained per clean encounter, never above 3"
    );
}

#[test]
fn the_black_cat_table() {
    // rule: CX-STAT-13
    use nanite_compound_x::combat::BlackCat as B;
    let rows = [
        (1, B::WeaponBroken),
        (2, B::WeaponBroken),
        (3, B::NoCriticals),
        (4, B::NoCriticals),
        (5, B::Trip),
        (6, B::Trip),
        (7, B::Breakdown),
        (8, B::Breakdown),
        (9, B::Nothing),
        (10, B::Nothing),
    ];
    for (d10, row) in rows {
        assert_eq!(B::of(d10), row, "d10 {d10}");
    }
}
