//! The seed's worked examples and the rules' tables.

use nanite_core::ScriptedDice;

use super::*;

fn shotgun(skill: i32) -> AttackProfile {
    AttackProfile {
        weapon: "Shotgun".into(),
        skill_source: "standard-weapons skill".into(),
        kind: WeaponKind::Standard,
        skill,
        reach: 3,
        mod_accuracy: 0,
        damage: 2,
        shots: 3,
        damage_type: DamageType::Standard,
    }
}

fn lit(distance: i32) -> Situation {
    Situation {
        distance,
        light: Light::Lit,
        aim: 0,
        defence: 0,
        resistance: 0,
    }
}

#[test]
fn the_seeds_accuracy_examples() {
    // rule: ST-SHOOT-01
    let (total, _) = accuracy(&shotgun(2), &lit(5));
    assert_eq!(total, 5, "Standard weapons 2 + shotgun range 3");
    // rule: ST-SHOOT-02
    let cases = [(5, 5), (3, 5), (1, 5), (7, 3), (8, 2), (10, 0), (12, 0)];
    for (distance, chance) in cases {
        assert_eq!(
            hit_chance(5, distance),
            chance,
            "accuracy 5 at {distance} squares"
        );
    }
    assert_eq!(hit_chance(9, 2), 6, "never above 6");
    assert_eq!(hit_chance(-3, 1), 0, "never below 0");
}

#[test]
fn a_roll_at_or_under_the_chance_hits() {
    // rule: ST-SHOOT-02
    // rule: ST-SHOOT-04
    let p = AttackProfile {
        shots: 1,
        ..shotgun(2)
    };
    let mut dice = ScriptedDice::new([5]);
    assert!(
        attack(&p, &lit(5), &mut dice).unwrap().shots[0].hit,
        "5 <= 5/6"
    );
    let mut dice = ScriptedDice::new([6]);
    assert!(
        !attack(&p, &lit(5), &mut dice).unwrap().shots[0].hit,
        "6 misses"
    );
    let mut dice = ScriptedDice::new([1]);
    assert!(
        !attack(&p, &lit(10), &mut dice).unwrap().shots[0].hit,
        "10 squares never hits"
    );
}

#[test]
fn aiming_adds_one_accuracy_per_extra_ap() {
    // rule: ST-SHOOT-03
    let s = Situation { aim: 2, ..lit(7) };
    let (total, b) = accuracy(&shotgun(2), &s);
    assert_eq!(total, 7);
    assert_eq!(hit_chance(total, 7), 6);
    assert!(
        b.to_string()
            .contains("+2 aimed with 2 extra AP (ST-SHOOT-03)"),
        "{b}"
    );
}

#[test]
fn melee_uses_agility_and_ap_defence() {
    // rule: ST-MELEE-01
    let pipe = AttackProfile {
        weapon: "Pipe".into(),
        skill_source: "melee skill".into(),
        kind: WeaponKind::Melee,
        skill: 1,
        reach: 2,
        mod_accuracy: 0,
        damage: 2,
        shots: 1,
        damage_type: DamageType::Standard,
    };
    let s = Situation {
        light: Light::NoLight,
        ..lit(1)
    };
    let (total, b) = accuracy(&pipe, &s);
    assert_eq!(total, 3, "melee 1 + AGI 2, and light does not touch melee");
    assert!(b.to_string().contains("AGI, in place of range"), "{b}");
    // rule: ST-MELEE-02
    let defended = Situation { defence: 1, ..s };
    let mut dice = ScriptedDice::new([3]);
    let report = attack(&pipe, &defended, &mut dice).unwrap();
    assert_eq!(report.chance, 2);
    assert!(!report.shots[0].hit, "3 would hit without the defence");
}

#[test]
fn light_lowers_shooting_accuracy() {
    // rule: ST-ENV-01
    for (light, total) in [(Light::Lit, 5), (Light::Dark, 3), (Light::NoLight, 0)] {
        let (t, _) = accuracy(&shotgun(2), &Situation { light, ..lit(3) });
        assert_eq!(t, total, "{light:?}");
    }
}

#[test]
fn the_seeds_damage_examples() {
    // rule: ST-DMG-02
    assert_eq!(
        damage_through(2, -2),
        4,
        "laser pistol against the protocol droid"
    );
    assert_eq!(
        damage_through(2, 3),
        1,
        "shotgun pellet against heavy armor"
    );
    let s = Situation {
        resistance: 3,
        ..lit(2)
    };
    let mut dice = ScriptedDice::new([1, 2, 3]);
    let report = attack(&shotgun(2), &s, &mut dice).unwrap();
    assert_eq!(report.damage, 3, "three pellets of 1 each");
    let text = report.breakdown.to_string();
    assert!(text.contains("d6 = 2 (hit roll, shot 2 of 3)"), "{text}");
    assert!(
        text.contains("damage 2 Standard - resistance 3 = 1 (at least 1, ST-DMG-02)"),
        "{text}"
    );
}

#[test]
fn the_seeds_hacking_example() {
    // rule: ST-TECH-01
    // rule: ST-TECH-02
    // "If (hacking_strenght + k6_dice_result) will be greater then Security
    // terminal difficulty it means hacking succes. Equals means failure witout
    // damaging security station. Less means failure" (003). The breakdown
    // prints the comparison actually made.
    let cases = [
        (
            3,
            TechOutcome::Success,
            "k6 3 + strength 3 = 6 > difficulty 5",
        ),
        (
            6,
            TechOutcome::Success,
            "k6 6 + strength 3 = 9 > difficulty 5",
        ),
        (
            2,
            TechOutcome::Failure,
            "k6 2 + strength 3 = 5 = difficulty 5",
        ),
        (
            1,
            TechOutcome::Broken,
            "k6 1 + strength 3 = 4 < difficulty 5",
        ),
    ];
    for (roll, want, shown) in cases {
        let mut dice = ScriptedDice::new([roll]);
        let (outcome, _, b) = tech_check("hack", "hacking", 2, 1, 5, &mut dice).unwrap();
        assert_eq!(outcome, want, "roll {roll}: {b}");
        assert!(b.to_string().contains(shown), "roll {roll}: {b}");
    }
}

#[test]
fn the_seeds_research_example() {
    // rule: ST-TECH-05
    assert_eq!(research_turns(6, 1, 2), 3);
    assert_eq!(research_turns(6, 3, 3), 2, "never under 2 turns");
}

#[test]
fn slots_over_two_cost_ap() {
    // rule: ST-INV-02
    assert_eq!(inventory_penalty(2), 0);
    assert_eq!(inventory_penalty(3), 1);
    assert_eq!(inventory_penalty(5), 3);
}

#[test]
fn loot_rolls_by_set_count() {
    // rule: ST-SEARCH-02
    assert_eq!(
        loot_pick(6, Some(5), 1),
        (4, 0),
        "the seed's Engineer dead body 5"
    );
    assert_eq!(loot_pick(1, None, 4), (0, 3), "one set: no first roll");
    assert_eq!(
        loot_pick(3, Some(5), 5),
        (2, 2),
        "three sets: halved, rounded up"
    );
    assert_eq!(loot_pick(3, Some(1), 2), (0, 0));
}

#[test]
fn alarm_income_is_half_rounded_up() {
    // rule: ST-ENV-03
    let five = ThreatIncome {
        level: 5,
        bcp: 3,
        mcp: 2,
    };
    assert_eq!(alarm_income(five), (2, 1));
}
