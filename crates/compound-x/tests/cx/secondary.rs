//! Secondary stats: which primary sets each, the STR choice, and what each
//! secondary means (CX-STAT-02, CX-STAT-15).

use nanite_compound_x::{Secondary, Sheet, Stat, Stats, secondary_source, strength_choice_needed};

use super::support::{character, find, problems, sample, sheet, valid_sheet, with};

/// The 000 example: STR 6, DEX 3, FORT 4 (and CHA 5, INT 6), as a valid
/// 42-point human soldier, with `choice` as its secondary_choice line.
fn strong_and_slow(choice: &str) -> String {
    with(&[
        ("level = 0\n", &format!("level = 0\n{choice}")),
        ("PER = 6", "PER = 9"),
        ("FORT = 6", "FORT = 4"),
        ("CHA = 6", "CHA = 5"),
        ("DEX = 6", "DEX = 3"),
        ("LUCK = 6", "LUCK = 9"),
    ])
}

fn secondaries(s: &Sheet) -> (i64, i64, i64) {
    (
        s.secondary.movement_speed,
        s.secondary.carry_ability,
        s.secondary.skill_point_gain,
    )
}

#[test]
fn worked_example_cha_5_int_6_gives_spg_6() {
    // rule: CX-STAT-02
    let s = valid_sheet(&strong_and_slow("secondary_choice = \"movement_speed\"\n"));
    assert_eq!(s.stats.get(Stat::Charisma), 5);
    assert_eq!(s.stats.get(Stat::Intelligence), 6);
    assert_eq!(s.secondary.skill_point_gain, 6);
    assert_eq!(s.secondary.set_by["skill_point_gain"], "INT");
}

#[test]
fn worked_example_strength_sets_movement_speed() {
    // rule: CX-STAT-02
    // STR 6, DEX 3, FORT 4: "6 Movement Speed and 4 Carry Ability".
    let s = valid_sheet(&strong_and_slow("secondary_choice = \"movement_speed\"\n"));
    assert!(s.secondary.strength_choice);
    assert_eq!(secondaries(&s), (6, 4, 6));
    assert_eq!(s.secondary.set_by["movement_speed"], "STR");
    assert_eq!(s.secondary.set_by["carry_ability"], "FORT");
}

#[test]
fn worked_example_strength_sets_carry_ability() {
    // rule: CX-STAT-02
    // "3 Movement Speed and 6 Carry Ability".
    let s = valid_sheet(&strong_and_slow("secondary_choice = \"carry_ability\"\n"));
    assert!(s.secondary.strength_choice);
    assert_eq!(secondaries(&s), (3, 6, 6));
    assert_eq!(s.secondary.set_by["movement_speed"], "DEX");
    assert_eq!(s.secondary.set_by["carry_ability"], "STR");
}

#[test]
fn the_strength_choice_is_required_when_it_matters() {
    // rule: CX-STAT-02
    let text = strong_and_slow("");
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found}");
    let d = find(
        &found,
        Some("CX-STAT-02"),
        "STR 6 is the largest source of both Movement Speed and Carry Ability, but can set only one",
    );
    assert_eq!(d.field, "secondary_choice");
    assert_eq!(d.file.as_deref(), Some("test.toml"));
    let help = d.help.as_deref().unwrap();
    assert!(help.contains("\"movement_speed\" (MS 6, CA 4)"), "{help}");
    assert!(help.contains("\"carry_ability\" (MS 3, CA 6)"), "{help}");
    // The sheet still computes, with Movement Speed as the default.
    let s = Sheet::compute(&character(&text), sample());
    assert_eq!(secondaries(&s), (6, 4, 6));
}

#[test]
fn each_secondary_takes_its_largest_primary_and_strength_sets_only_one() {
    // rule: CX-STAT-02
    // (STR, DEX, FORT, choice) -> (MS, CA, MS set by, CA set by, choice needed)
    type Case = (
        i64,
        i64,
        i64,
        Option<Secondary>,
        (i64, i64, &'static str, &'static str, bool),
    );
    const CASES: &[Case] = &[
        (
            6,
            3,
            4,
            Some(Secondary::MovementSpeed),
            (6, 4, "STR", "FORT", true),
        ),
        (
            6,
            3,
            4,
            Some(Secondary::CarryAbility),
            (3, 6, "DEX", "STR", true),
        ),
        (6, 3, 4, None, (6, 4, "STR", "FORT", true)),
        (3, 6, 4, None, (6, 4, "DEX", "FORT", false)),
        (5, 3, 7, None, (5, 7, "STR", "FORT", false)),
        (
            9,
            1,
            1,
            Some(Secondary::CarryAbility),
            (1, 9, "DEX", "STR", true),
        ),
        // A choice that is not needed changes nothing.
        (
            3,
            6,
            4,
            Some(Secondary::CarryAbility),
            (6, 4, "DEX", "FORT", false),
        ),
        // Ties: the value is the same either way, and STR still sets only one.
        (6, 6, 4, None, (6, 6, "DEX", "STR", false)),
        (6, 4, 6, None, (6, 6, "STR", "FORT", false)),
        (6, 6, 6, None, (6, 6, "DEX", "FORT", false)),
    ];
    for &(str, dex, fort, choice, (ms, ca, ms_by, ca_by, needed)) in CASES {
        let mut stats = Stats::all(6);
        stats.set(Stat::Strength, str);
        stats.set(Stat::Dexterity, dex);
        stats.set(Stat::Fortitude, fort);
        let case = format!("STR {str} DEX {dex} FORT {fort} {choice:?}");
        assert_eq!(strength_choice_needed(&stats), needed, "{case}");
        let ms_source = secondary_source(Secondary::MovementSpeed, &stats, choice);
        let ca_source = secondary_source(Secondary::CarryAbility, &stats, choice);
        assert_eq!(
            (ms_source.code(), ca_source.code()),
            (ms_by, ca_by),
            "{case}"
        );
        assert_eq!(
            (stats.get(ms_source), stats.get(ca_source)),
            (ms, ca),
            "{case}"
        );
        assert!(
            ms_source != Stat::Strength || ca_source != Stat::Strength,
            "{case}: STR sets both"
        );
    }
}

#[test]
fn skill_point_gain_takes_the_larger_of_charisma_and_intelligence() {
    // rule: CX-STAT-02
    // (CHA, INT) -> SPG
    const CASES: &[(i64, i64, i64)] = &[(5, 6, 6), (8, 3, 8), (1, 1, 1), (7, 7, 7), (2, 9, 9)];
    for &(cha, int, spg) in CASES {
        let mut stats = Stats::all(6);
        stats.set(Stat::Charisma, cha);
        stats.set(Stat::Intelligence, int);
        let source = secondary_source(Secondary::SkillPointGain, &stats, None);
        assert_eq!(stats.get(source), spg, "CHA {cha} INT {int}");
    }
}

#[test]
fn the_choice_is_stored_on_the_character() {
    // rule: CX-STAT-02
    let c = character(&strong_and_slow("secondary_choice = \"carry_ability\"\n"));
    assert_eq!(c.secondary_choice, Some(Secondary::CarryAbility));
    assert!(c.to_toml().contains("secondary_choice = \"carry_ability\""));
    let again = character(&c.to_toml());
    assert_eq!(again.secondary_choice, Some(Secondary::CarryAbility));
}

#[test]
fn movement_speed_is_metres_per_2_actions() {
    // rule: CX-STAT-15
    let s = sheet(&with(&[("DEX = 6", "DEX = 8"), ("LUCK = 6", "LUCK = 4")]));
    assert_eq!(s.secondary.movement_speed, 8);
    assert_eq!(s.movement.speed, 8);
    assert_eq!(s.movement.per_2_actions, 8);
}

#[test]
fn carry_ability_cancels_movement_penalty() {
    // rule: CX-STAT-15
    // rule: CX-MOVE-01
    // A soldier with STR 2, FORT 2 (Carry Ability 2) and DEX 9 (MS 9).
    // (armor, feat) -> (penalty, rounded, cancelled, per 2 actions)
    type Case = (&'static str, &'static str, (f64, i64, i64, i64));
    const CASES: &[Case] = &[
        ("", "", (0.0, 0, 0, 9)),
        ("flak-jacket", "", (0.5, 1, 1, 9)),
        ("combat-armor", "", (1.5, 2, 2, 9)),
        ("assault-plate", "", (3.0, 3, 2, 8)),
        // Penalties are summed, then rounded up: 1.5 - 0.5 = 1.
        ("combat-armor", "light-step", (1.0, 1, 1, 9)),
        ("assault-plate", "light-step", (2.5, 3, 2, 8)),
    ];
    for &(armor, feat, (penalty, rounded, cancelled, per_2)) in CASES {
        let mut changes = vec![
            ("STR = 6", "STR = 2"),
            ("FORT = 6", "FORT = 2"),
            ("DEX = 6", "DEX = 9"),
        ];
        let armor_line = format!("[equipment]\narmor = \"{armor}\"\n");
        if !armor.is_empty() {
            changes.push(("[equipment]\n", &armor_line));
        }
        let feat_line = format!("feats = [\"{feat}\"]\n");
        if !feat.is_empty() {
            changes.push(("feats = []\n", &feat_line));
        }
        let s = sheet(&with(&changes));
        let m = &s.movement;
        assert_eq!(s.secondary.carry_ability, 2);
        assert_eq!(
            (
                m.penalty.as_f64(),
                m.penalty_rounded,
                m.cancelled_by_carry,
                m.per_2_actions
            ),
            (penalty, rounded, cancelled, per_2),
            "{armor} {feat}"
        );
    }
}

#[test]
fn skill_point_gain_is_skill_points_per_level_times_two() {
    // rule: CX-STAT-15
    // rule: CX-LVL-02
    let s = sheet(&with(&[
        ("level = 0", "level = 3"),
        ("INT = 6", "INT = 8"),
        ("LUCK = 6", "LUCK = 4"),
    ]));
    assert_eq!(s.secondary.skill_point_gain, 8);
    assert_eq!(s.skill_points.per_level, [16, 16, 16]);
    assert_eq!(s.skill_points.starting, 50);
    assert_eq!(s.skill_points.budget, 50 + 48);
    assert_eq!(s.skill_points.spent, 10);
    assert_eq!(s.skill_points.unspent, 88);
}

#[test]
fn effects_add_to_secondaries() {
    // rule: CX-STAT-02
    // A Gravan's race effect: +1 Carry Ability on top of the largest source.
    let s = sheet(&with(&[
        ("race = \"human\"", "race = \"gravan\""),
        ("STR = 6", "STR = 4"),
    ]));
    // STR 4+2 = 6, DEX 6-1 = 5, FORT 6+1 = 7: MS from STR, CA from FORT + 1.
    assert_eq!(secondaries(&s), (6, 8, 6));
    assert_eq!(s.breakdown["carry_ability"].total(), 8);
}
