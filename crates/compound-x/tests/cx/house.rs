//! House rules from the older edition (CX-HOUSE-01..05).

use nanite_compound_x::{FireMode, HouseRules, Sheet, validate};
use nanite_core::ModifierPhase;

use super::support::{TEMPLATE, character, sample, sheet, with};

fn house(text: &str, rules: &str) -> String {
    format!("{text}\n[house_rules]\n{rules}\n")
}

#[test]
fn secondary_pool_gives_primary_points_to_secondaries() {
    // rule: CX-HOUSE-01
    // STR 7 would need the STR choice by the rules as written; under the pool
    // each primary splits its points, and spare points are kept.
    let text = house(
        &with(&[
            ("STR = 6", "STR = 7"),
            ("LUCK = 6", "LUCK = 5"),
            ("level = 0", "level = 2"),
        ]),
        "secondary_pool = true",
    ) + "\n[secondary_pool]\nSTR = { movement_speed = 4, carry_ability = 3 }\nDEX = { movement_speed = 3 }\nFORT = { carry_ability = 2 }\nINT = { skill_point_gain = 5 }\n";
    let c = character(&text);
    let found = validate(&c, sample());
    assert!(found.is_empty(), "{found}");
    let s = Sheet::compute(&c, sample());
    assert_eq!(
        (
            s.secondary.movement_speed,
            s.secondary.carry_ability,
            s.secondary.skill_point_gain
        ),
        (7, 5, 5)
    );
    assert!(!s.secondary.strength_choice);
    assert!(s.secondary.set_by.values().all(|by| by == "pool"));
    // Skill points per level follow the pooled Skill Point Gain.
    assert_eq!(s.skill_points.per_level, [10, 10]);
    let sources: Vec<String> = s.breakdown["movement_speed"]
        .terms()
        .iter()
        .map(|t| t.source.name.clone())
        .collect();
    assert_eq!(sources, ["CX-HOUSE-01 from STR", "CX-HOUSE-01 from DEX"]);
}

#[test]
fn secondary_pool_values_are_capped_by_the_largest_source() {
    // rule: CX-HOUSE-01
    // (pool lines) -> errors (rule CX-HOUSE-01 messages)
    const CASES: &[(&str, &[&str])] = &[
        (
            "STR = { movement_speed = 6 }\nDEX = { movement_speed = 0 }",
            &[],
        ),
        (
            "STR = { movement_speed = 4 }\nDEX = { movement_speed = 3 }",
            &["Movement Speed holds 7 points, above its largest source (6)"],
        ),
        (
            "CHA = { skill_point_gain = 4 }\nINT = { skill_point_gain = 4 }",
            &["Skill Point Gain holds 8 points, above its largest source (6)"],
        ),
        (
            "FORT = { carry_ability = 7 }",
            &[
                "FORT gives 7 points but has only 6",
                "Carry Ability holds 7 points, above its largest source (6)",
            ],
        ),
        (
            "LUCK = { skill_point_gain = 1 }",
            &["LUCK is not associated with Skill Point Gain"],
        ),
    ];
    for &(pool, expected) in CASES {
        let text = house(TEMPLATE, "secondary_pool = true") + "\n[secondary_pool]\n" + pool + "\n";
        let found = validate(&character(&text), sample());
        let messages: Vec<&str> = found
            .iter()
            .filter(|d| d.rule.as_deref() == Some("CX-HOUSE-01"))
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(messages, expected, "{pool}");
    }
}

#[test]
fn the_pool_is_ignored_when_the_house_rule_is_off() {
    // rule: CX-HOUSE-01
    let text = TEMPLATE.to_string() + "\n[secondary_pool]\nSTR = { movement_speed = 1 }\n";
    let s = sheet(&text);
    assert_eq!(s.secondary.movement_speed, 6);
    assert_eq!(s.secondary.set_by["movement_speed"], "DEX");
}

/// The template with PER `per`, an assault rifle with `attachments`, and
/// LINEAR_ACCURACY on or off.
fn rifle(per: i64, attachments: &str, linear: bool) -> Sheet {
    let text = house(
        &with(&[("PER = 6", &format!("PER = {per}"))]),
        &format!("linear_accuracy = {linear}"),
    ) + &format!(
        "\n[[equipment.weapons]]\nid = \"assault-rifle\"\nattachments = [{attachments}]\n"
    );
    sheet(&text)
}

#[test]
fn linear_accuracy_rounds_to_the_best_accuracy() {
    // rule: CX-HOUSE-02
    // (PER, attachments) -> (linear sum, applied, table sum, applied)
    type Case = (i64, &'static str, (f64, i64, f64, i64));
    const CASES: &[Case] = &[
        // The catalog's example: PER 7 (0.6) + 3.2x scope (0.5) = 1.1 -> 2.
        (7, "\"basic-scope-3x2\"", (1.1, 2, 1.0, 1)),
        // PER 6: 0.3 -> 1 (the table's 0.5 truncates to 0).
        (6, "", (0.3, 1, 0.5, 0)),
        (5, "", (0.0, 0, 0.0, 0)),
        (4, "", (-0.3, 0, -0.5, 0)),
        (1, "", (-1.2, -1, -1.5, -1)),
        (9, "\"basic-scope-3x2\"", (1.7, 2, 1.5, 1)),
    ];
    for &(per, attachments, (linear_sum, linear, table_sum, table)) in CASES {
        let on = rifle(per, attachments, true);
        let off = rifle(per, attachments, false);
        let (a, b) = (&on.weapons[0].accuracy, &off.weapons[0].accuracy);
        assert_eq!(
            (a.total.as_f64(), a.applied),
            (linear_sum, linear),
            "PER {per} on"
        );
        assert_eq!(
            (b.total.as_f64(), b.applied),
            (table_sum, table),
            "PER {per} off"
        );
        // The brackets 3/4/6 move by the applied bonus.
        let semi = on.weapons[0].miss_chances.row(FireMode::Semi).unwrap();
        assert_eq!(semi, [3 - linear, 4 - linear, 6 - linear], "PER {per}");
    }
    let s = rifle(7, "", true);
    assert_eq!(s.combat_bonus["PER"].as_f64(), 0.6);
    assert_eq!(
        s.weapons[0].accuracy.terms[0].source.name,
        "CX-HOUSE-02 PER combat bonus"
    );
}

#[test]
fn crit_round_up() {
    // rule: CX-HOUSE-03
    // LUCK -> critical range by the rule, 1 + ceil((LUCK - 5) * 0.4)
    const CASES: &[(i64, i64)] = &[
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 2),
        (7, 2),
        (8, 3),
        (10, 3),
        (11, 4),
    ];
    for &(luck, range) in CASES {
        let text = house(
            &with(&[("LUCK = 6", &format!("LUCK = {luck}"))]),
            "crit_round_up = true",
        );
        let s = sheet(&text);
        assert_eq!(
            s.breakdown["crit_range"].total_through(ModifierPhase::Base),
            range,
            "LUCK {luck}"
        );
    }
    // The catalog's example: LUCK 6 gives range 2, so 9-10 crit.
    let s = sheet(&house(TEMPLATE, "crit_round_up = true"));
    assert_eq!((s.crit_range, s.crit_faces.clone()), (2, vec![9, 10]));
    assert_eq!(sheet(TEMPLATE).crit_faces, [10]);
}

#[test]
fn melee_guard_and_fort_downed_are_settings_on_the_sheet() {
    // rule: CX-HOUSE-04
    // rule: CX-HOUSE-05
    let s = sheet(&house(TEMPLATE, "melee_guard = true\nfort_downed = true"));
    assert_eq!(
        s.house_rules,
        HouseRules {
            melee_guard: true,
            fort_downed: true,
            ..HouseRules::default()
        }
    );
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(
        json["house_rules"],
        serde_json::json!({
            "secondary_pool": false,
            "linear_accuracy": false,
            "crit_round_up": false,
            "melee_guard": true,
            "fort_downed": true,
        })
    );
}
