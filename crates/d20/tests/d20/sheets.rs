//! The computed sheet: attribute bonuses, skills with their alternates,
//! hit points, Defense, weapons.

use expect_test::{Expect, expect};
use nanite_d20::{Attribute, Campaign, Sheet};

use super::support::{character, pack};

fn render(sheet: &Sheet) -> String {
    let mut out = format!(
        "{} level {} (bonus {})\n",
        sheet.name, sheet.level, sheet.bonus_formula
    );
    for a in &sheet.attributes {
        out += &format!("{} {} ({:+})\n", a.attribute, a.score, a.bonus);
    }
    out += &format!(
        "HP {}  Defense {}  speed {} ft  energy {}  power points {}  SR {}  PR {}\n",
        sheet.max_hp,
        sheet.defense,
        sheet.speed,
        sheet.spell_energy,
        sheet.power_points,
        sheet.spell_resistance,
        sheet.power_resistance
    );
    for s in sheet
        .skills
        .iter()
        .filter(|s| s.level > 0 || !s.alternates.is_empty())
    {
        out += &format!(
            "{} {} level {}: {:+}",
            s.name, s.attribute, s.level, s.modifier
        );
        for alt in &s.alternates {
            out += &format!(
                ", {} ({}) {:+}",
                alt.attribute,
                alt.when.key(),
                alt.modifier
            );
        }
        out.push('\n');
    }
    for w in &sheet.weapons {
        out += &format!(
            "{} ({}) {:+} damage {} reach {} ft\n",
            w.name, w.attribute, w.attack, w.damage, w.reach
        );
    }
    for m in &sheet.magic {
        out += &format!(
            "{} {} {} {:+} {} ft\n",
            m.name,
            m.cost,
            m.kind.cost_name(),
            m.modifier,
            m.range
        );
    }
    out
}

fn check(name: &str, campaign: &Campaign, expect: Expect) {
    let sheet = Sheet::compute(&character(name), &pack(), campaign);
    expect.assert_eq(&render(&sheet));
}

#[test]
fn kara_finesse_uses_dexterity() {
    // rule: D20-CHK-01
    // STR 12 +1, DEX 16 +3, CON 12 +1, WIS 10 +0; HP 12 + 5 * (3 - 1) = 22;
    // Defense 10 + 3 + 2 leather = 15; rapier DEX 3 + level 3 = +6, damage
    // 1d6+3; shortbow DEX 3 + Ranged Fighting 2 = +5, no damage bonus.
    check(
        "kara",
        &Campaign::default(),
        expect![[r#"
            Kara Voss level 3 (bonus (SCORE - 10) / 2)
            STR 12 (+1)
            DEX 16 (+3)
            CON 12 (+1)
            WIS 10 (+0)
            HP 22  Defense 15 = 10 rule base Defense (decision, D20-CHK-03) + 3 rule DEX 16 bonus + 2 equipment Leather Armor  speed 30 ft  energy 0  power points 0  SR 0  PR 0
            Melee Fighting STR level 3: +4, DEX (finesse) +6
            Ranged Fighting DEX level 2: +5
            Athletics STR level 0: +1, CON (gm) +1
            Acrobatics DEX level 2: +5
            Perception WIS level 1: +1
            Survival WIS level 0: +0, CON (gm) +1
            Rapier (DEX) +6 damage 1d6+3 reach 5 ft
            Shortbow (DEX) +5 damage 1d6 reach 80 ft
        "#]],
    );
}

#[test]
fn bram_strength_reach_and_a_low_wisdom() {
    // STR 17 +3, DEX 11 +0, CON 15 +2, WIS 9 -1 (floor of -0.5);
    // HP 15 + 5 = 20; Defense 10 + 0 + 4 chain = 14; the spear reaches 10 ft.
    check(
        "bram",
        &Campaign::default(),
        expect![[r#"
            Bram Holt level 2 (bonus (SCORE - 10) / 2)
            STR 17 (+3)
            DEX 11 (+0)
            CON 15 (+2)
            WIS 9 (-1)
            HP 20  Defense 14 = 10 rule base Defense (decision, D20-CHK-03) + 0 rule DEX 11 bonus + 4 equipment Chain Shirt  speed 30 ft  energy 0  power points 0  SR 0  PR 0
            Melee Fighting STR level 3: +6, DEX (finesse) +3
            Athletics STR level 2: +5, CON (gm) +4
            Endurance CON level 1: +3
            Survival WIS level 0: -1, CON (gm) +2
            Spear (STR) +6 damage 1d8+3 reach 10 ft
            Club (STR) +6 damage 1d6+3 reach 5 ft
        "#]],
    );
}

#[test]
fn casters_have_energy_or_points() {
    // Ilsa: energy WIS 16 + 2 * 3 = 22; Orun: points 15 + 2 * 2 = 19, SR 14.
    check(
        "ilsa",
        &Campaign::default(),
        expect![[r#"
            Ilsa Wren level 3 (bonus (SCORE - 10) / 2)
            STR 8 (-1)
            DEX 12 (+1)
            CON 11 (+0)
            WIS 16 (+3)
            HP 21  Defense 11 = 10 rule base Defense (decision, D20-CHK-03) + 1 rule DEX 12 bonus  speed 30 ft  energy 22  power points 0  SR 0  PR 0
            Melee Fighting STR level 0: -1, DEX (finesse) +1
            Athletics STR level 0: -1, CON (gm) +0
            Perception WIS level 1: +4
            Medicine WIS level 2: +5
            Survival WIS level 0: +3, CON (gm) +0
            Spellcasting WIS level 3: +6
            Dagger (DEX) +1 damage 1d4+1 reach 5 ft
            Firebolt 3 spell energy +6 60 ft
            Mend 2 spell energy +6 0 ft
            Hold 4 spell energy +6 30 ft
        "#]],
    );
    check(
        "orun",
        &Campaign::default(),
        expect![[r#"
            Orun the Seer level 2 (bonus (SCORE - 10) / 2)
            STR 10 (+0)
            DEX 13 (+1)
            CON 12 (+1)
            WIS 15 (+2)
            HP 17  Defense 11 = 10 rule base Defense (decision, D20-CHK-03) + 1 rule DEX 13 bonus  speed 30 ft  energy 0  power points 19  SR 14  PR 0
            Melee Fighting STR level 1: +1, DEX (finesse) +2
            Athletics STR level 0: +0, CON (gm) +1
            Perception WIS level 2: +4
            Survival WIS level 0: +2, CON (gm) +1
            Psionics WIS level 3: +5
            Club (STR) +1 damage 1d6 reach 5 ft
            Mind Spike 2 power points +5 30 ft
            Psychic Crush 5 power points +5 30 ft
            Body Mend 3 power points +5 0 ft
        "#]],
    );
}

#[test]
fn the_bonus_formula_is_a_campaign_setting() {
    // The catalog's decision: floor((score - 10) / 2) by default.
    let default = Campaign::default();
    for (score, bonus) in [
        (1, -5),
        (3, -4),
        (8, -1),
        (9, -1),
        (10, 0),
        (11, 0),
        (16, 3),
        (17, 3),
        (30, 10),
    ] {
        assert_eq!(default.bonus(score), bonus, "score {score}");
    }
    let house = Campaign {
        attribute_bonus: nanite_d20::campaign::AttributeBonus::new("(SCORE - 10) / 3").unwrap(),
        ..Campaign::default()
    };
    let sheet = Sheet::compute(&character("kara"), &pack(), &house);
    assert_eq!(sheet.attribute(Attribute::Dex).bonus, 2);
    assert_eq!(sheet.weapons[0].attack, 5, "finesse DEX 2 + 3");
    assert_eq!(sheet.defense.total(), 14);
}

#[test]
fn skill_checks_refuse_attributes_the_skill_does_not_allow() {
    // rule: D20-CHK-01
    let sheet = Sheet::compute(&character("kara"), &pack(), &Campaign::default());
    let spec = sheet
        .skill_check("melee-fighting", Some(Attribute::Dex))
        .unwrap();
    assert_eq!(spec.modifier(), 6);
    let err = sheet
        .skill_check("melee-fighting", Some(Attribute::Wis))
        .unwrap_err();
    assert_eq!(
        err,
        "Melee Fighting uses STR or DEX (finesse); WIS is not allowed for it (D20-CHK-01)"
    );
    assert!(
        sheet
            .skill_check("lockpicking", None)
            .unwrap_err()
            .starts_with("no skill `lockpicking`")
    );
}
