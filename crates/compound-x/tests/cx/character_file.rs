//! Reading character files: every problem with file, line and field, and the
//! house rules read from the file (character.rs).

use nanite_compound_x::{Character, HouseRules, Secondary, Stat};
use nanite_core::content::SourceFile;

use super::support::{TEMPLATE, character, edit, find, read, sheet, with};

/// A reading problem: the template changed by `changes` must give an error
/// whose message contains `message`, on `field`, at the line holding `at`.
struct Case {
    changes: &'static [(&'static str, &'static str)],
    message: &'static str,
    field: &'static str,
    at: &'static str,
}

const CASES: &[Case] = &[
    Case {
        changes: &[("name = \"Tess\"\n", "name = \"Tess\"\ncolour = \"red\"\n")],
        message: "unknown field `colour` in [the top of the file]",
        field: "colour",
        at: "colour",
    },
    Case {
        changes: &[("LUCK = 6\n", "LUCK = 6\nWIS = 5\n")],
        message: "unknown field `WIS` in [base_stats]",
        field: "base_stats.WIS",
        at: "WIS",
    },
    Case {
        changes: &[("level = 0", "level = \"five\"")],
        message: "expected an integer, found a string",
        field: "level",
        at: "level = ",
    },
    Case {
        changes: &[("PER = 6", "PER = 6.5")],
        message: "expected an integer, found a number with a fraction",
        field: "base_stats.PER",
        at: "PER = ",
    },
    Case {
        changes: &[("feats = []", "feats = \"steady-aim\"")],
        message: "expected a list, found a string",
        field: "feats",
        at: "feats = ",
    },
    Case {
        changes: &[("smgs = 10", "smgs = \"ten\"")],
        message: "expected an integer, found a string",
        field: "skills.smgs",
        at: "smgs = ",
    },
    Case {
        changes: &[("items = {}", "items = { medikit = true }")],
        message: "expected an integer, found true/false",
        field: "equipment.items.medikit",
        at: "items = ",
    },
    Case {
        changes: &[("name = \"Tess\"\n", "")],
        message: "missing required field `name`",
        field: "name",
        // Reported at the start of the table it is missing from.
        at: "format = ",
    },
    Case {
        changes: &[("LUCK = 6\n", "")],
        message: "missing required field `LUCK`",
        field: "base_stats.LUCK",
        at: "[base_stats]",
    },
    Case {
        changes: &[("stat_increases = []", "stat_increases = [\"PER\", \"WIS\"]")],
        message: "`WIS` is not a stat",
        field: "stat_increases[1]",
        at: "stat_increases",
    },
    Case {
        changes: &[(
            "level = 0\n",
            "level = 0\nsecondary_choice = \"skill_point_gain\"\n",
        )],
        message: "`skill_point_gain` is not a secondary STR can set",
        field: "secondary_choice",
        at: "secondary_choice",
    },
    Case {
        changes: &[("format = 1", "format = 2")],
        message: "this character file uses format 2, but this nanite reads formats up to 1",
        field: "format",
        at: "format = ",
    },
    Case {
        changes: &[("format = 1", "format = 0")],
        message: "format 0 does not exist; formats start at 1",
        field: "format",
        at: "format = ",
    },
    Case {
        changes: &[("format = 1\n", "")],
        message: "missing required field `format`",
        field: "format",
        at: "name = ",
    },
    Case {
        changes: &[(
            "items = {}\n",
            "items = {}\n\n[house_rules]\nlinear_acuracy = true\n",
        )],
        message: "unknown field `linear_acuracy` in [house_rules]",
        field: "house_rules.linear_acuracy",
        at: "linear_acuracy",
    },
    Case {
        changes: &[(
            "items = {}\n",
            "items = {}\n\n[house_rules]\ncrit_round_up = \"yes\"\n",
        )],
        message: "expected true or false, found a string",
        field: "house_rules.crit_round_up",
        at: "crit_round_up",
    },
    Case {
        changes: &[(
            "items = {}\n",
            "items = {}\n\n[[equipment.weapons]]\nattachments = []\n",
        )],
        message: "missing required field `id`",
        field: "equipment.weapons[0].id",
        at: "[[equipment.weapons]]",
    },
    Case {
        changes: &[(
            "items = {}\n",
            "items = {}\n\n[[equipment.weapons]]\nid = \"smg\"\nmagazine = 3\n",
        )],
        message: "unknown field `magazine` in [equipment.weapons[0]]",
        field: "equipment.weapons[0].magazine",
        at: "magazine = ",
    },
    Case {
        changes: &[(
            "items = {}\n",
            "items = {}\n\n[secondary_pool]\nSTR = { speed = 3 }\n",
        )],
        message: "unknown field `speed` in [secondary_pool.STR]",
        field: "secondary_pool.STR.speed",
        at: "STR = {",
    },
    Case {
        changes: &[("name = \"Tess\"", "name = \"Tess")],
        message: "this is not valid TOML",
        field: "",
        at: "name = ",
    },
];

fn line_of(text: &str, marker: &str) -> usize {
    text.lines()
        .position(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("`{marker}` not in:\n{text}"))
        + 1
}

#[test]
fn reading_problems_name_file_line_and_field() {
    for case in CASES {
        let text = with(case.changes);
        let (_, found) = read(&text);
        let d = find(&found, None, case.message);
        let what = format!("{}\n{found}", case.message);
        assert_eq!(d.field, case.field, "{what}");
        assert_eq!(d.file.as_deref(), Some("test.toml"), "{what}");
        assert_eq!(d.line, Some(line_of(&text, case.at)), "{what}");
    }
}

#[test]
fn unknown_fields_suggest_the_closest_known_one() {
    let (_, found) = read(&with(&[(
        "class = \"soldier\"\n",
        "class = \"soldier\"\nlevle = 2\n",
    )]));
    let d = find(&found, None, "unknown field `levle`");
    assert_eq!(d.help.as_deref(), Some("did you mean `level`?"));
    assert_eq!(
        d.to_string(),
        "error: test.toml:5: levle: unknown field `levle` in [the top of the file]\n  help: did you mean `level`?"
    );
}

#[test]
fn every_reading_problem_is_reported_at_once() {
    let text = edit(
        TEMPLATE,
        &[
            ("name = \"Tess\"\n", "name = \"Tess\"\nheight = 180\n"),
            ("level = 0", "level = \"zero\""),
            ("DEX = 6", "DEX = \"six\""),
            ("smgs = 10", "smgs = 10\nknives = []"),
        ],
    );
    let (_, found) = read(&text);
    let shown: Vec<String> = found
        .iter()
        .map(|d| d.to_string().lines().next().unwrap().to_string())
        .collect();
    assert_eq!(found.error_count(), 4, "{found}");
    for expected in [
        "error: test.toml:6: level: expected an integer, found a string",
        "error: test.toml:17: base_stats.DEX: expected an integer, found a string",
        "error: test.toml:22: skills.knives: expected an integer, found a list",
        "error: test.toml:3: height: unknown field `height` in [the top of the file]",
    ] {
        assert!(
            shown.iter().any(|s| s == expected),
            "{expected}\nin:\n{found}"
        );
    }
}

#[test]
fn a_newer_format_is_refused_with_one_problem() {
    let (_, found) = read(&with(&[("format = 1", "format = 2")]));
    assert_eq!(found.len(), 1, "{found}");
}

#[test]
fn validation_problems_point_into_the_file_it_was_read_from() {
    let file = SourceFile::new(
        "chars/tess.toml",
        with(&[("STR = 6", "STR = 10"), ("LUCK = 6", "LUCK = 2")]),
    );
    let (c, found) = Character::read(&file);
    assert!(found.is_empty(), "{found}");
    let found = nanite_compound_x::validate(&c, super::support::sample());
    let d = find(&found, Some("CX-STAT-06"), "above the creation limit");
    assert_eq!(
        (d.file.as_deref(), d.line),
        (Some("chars/tess.toml"), Some(11))
    );
}

#[test]
fn a_character_file_round_trips() {
    let text = edit(
        TEMPLATE,
        &[
            (
                "level = 0\n",
                "level = 5\nsecondary_choice = \"carry_ability\"\ncharisma_feat = \"positional-mastermind\"\nmoney = 900\nnotes = \"a \\\"quoted\\\" note\"\n",
            ),
            ("stat_increases = []", "stat_increases = [\"STR\"]"),
            ("feats = []", "feats = [\"steady-aim\"]"),
            ("smgs = 10", "smgs = 30\nmedicine = 20"),
            (
                "items = {}\n",
                "armor = \"flak-jacket\"\nshield = \"cs-1\"\ncloak = \"mk1-cloak\"\nitems = { medikit = 2 }\n\n[[equipment.weapons]]\nid = \"smg\"\nattachments = [\"dot-sight\"]\nmagazines = 3\n\n[house_rules]\nlinear_accuracy = true\nfort_downed = true\n",
            ),
        ],
    );
    let first = character(&text);
    assert_eq!(first.level, 5);
    assert_eq!(first.stat_increases, [Stat::Strength]);
    assert_eq!(first.secondary_choice, Some(Secondary::CarryAbility));
    assert_eq!(
        first.charisma_feat.as_deref(),
        Some("positional-mastermind")
    );
    assert_eq!(first.money, Some(900));
    assert_eq!(first.notes, "a \"quoted\" note");
    assert_eq!(
        first.skills,
        [("smgs".to_string(), 30), ("medicine".to_string(), 20)]
    );
    assert_eq!(first.equipment.weapons[0].attachments, ["dot-sight"]);
    assert_eq!(first.equipment.items, [("medikit".to_string(), 2)]);
    let (a, b) = (&first, &character(&first.to_toml()));
    assert_eq!(a.name, b.name);
    assert_eq!(a.base_stats, b.base_stats);
    assert_eq!(a.stat_increases, b.stat_increases);
    assert_eq!(a.secondary_choice, b.secondary_choice);
    assert_eq!(a.charisma_feat, b.charisma_feat);
    assert_eq!(a.skills, b.skills);
    assert_eq!(a.feats, b.feats);
    assert_eq!(a.equipment, b.equipment);
    assert_eq!(a.money, b.money);
    assert_eq!(a.notes, b.notes);
    assert_eq!(a.house_rules, b.house_rules);
}

#[test]
fn house_rules_are_off_by_default_and_read_from_the_file() {
    // rule: CX-HOUSE-04
    // rule: CX-HOUSE-05
    let plain = sheet(TEMPLATE);
    assert_eq!(plain.house_rules, HouseRules::default());
    for (key, rule, _) in HouseRules::ALL {
        let text = format!("{TEMPLATE}\n[house_rules]\n{key} = true\n");
        let c = character(&text);
        assert_eq!(c.house_rules.get(key), Some(true), "{rule}");
        for (other, _, _) in HouseRules::ALL {
            assert_eq!(
                c.house_rules.get(other),
                Some(other == key),
                "{rule} {other}"
            );
        }
        // The setting is carried onto the sheet, and written back out.
        let json = serde_json::to_value(nanite_compound_x::Sheet::compute(
            &c,
            super::support::sample(),
        ))
        .unwrap();
        assert_eq!(json["house_rules"][key], true, "{rule}");
        assert!(
            c.to_toml().contains(&format!("{key} = true # {rule}")),
            "{rule}"
        );
    }
    let mut rules = HouseRules::default();
    assert!(!rules.set("melee_guard_typo", true));
    assert!(rules.set("melee_guard", true));
    assert!(rules.melee_guard);
    assert_eq!(
        HouseRules::ALL.map(|(_, rule, _)| rule),
        [
            "CX-HOUSE-01",
            "CX-HOUSE-02",
            "CX-HOUSE-03",
            "CX-HOUSE-04",
            "CX-HOUSE-05",
        ]
    );
}
