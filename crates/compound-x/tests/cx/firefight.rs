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

#[test]
fn a_shot_shows_every_step() {
    // rule: CX-RNG-01
    // rule: CX-RNG-04
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    let (vex, target) = (vex(), vex());
    let mut a = aim(15);
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
