//! Levelling tables and what they put on the sheet: skill points, feats,
//! class feats, stat points, the level range, cloak turns (CX-LVL-01..07,
//! CX-CLOAK-04).

use nanite_compound_x::level::{
    MAX_LEVEL, STAT_POINT_LEVELS, class_feats_allowed, cloak_turns, detect_dc_gain, feats_allowed,
    shadow_assassin_cloak_gain, stat_points_gained,
};
use nanite_compound_x::{NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP, Stat, skill_points_at_level};
use nanite_core::SourceKind;

use super::support::{character, find, problems, sample, sheet, valid_sheet, with};

/// A Syrin mage with INT 9 + 1 = 10 who raises INT with the level 15 stat
/// point, PER at 5 and 9.
const SYRIN: &str = r#"format = 1
name = "Ilse"
race = "syrin"
class = "mage"
level = 15
stat_increases = ["PER", "PER", "INT"]
feats = []
class_feats = []

[base_stats]
STR = 5
PER = 6
FORT = 6
CHA = 5
INT = 9
DEX = 5
LUCK = 6

[skills]
sorcery = 10
"#;

#[test]
fn worked_example_int_10_to_11_gives_22_skill_points() {
    // rule: CX-LVL-02
    // rule: CX-LVL-06
    // "if you had 10 int, and increased to 11, you would get 22 skill points
    // for the level": the stat point comes first.
    let c = character(SYRIN);
    let pack = sample();
    assert_eq!(skill_points_at_level(&c, pack, 14), 20);
    assert_eq!(skill_points_at_level(&c, pack, 15), 22);
    // Level 0 gives the class's starting points.
    assert_eq!(skill_points_at_level(&c, pack, 0), 55);
    let s = sheet(SYRIN);
    assert_eq!(s.stats.get(Stat::Intelligence), 11);
    assert_eq!(s.skill_points.per_level.len(), 15);
    assert_eq!(s.skill_points.per_level[13], 20);
    assert_eq!(s.skill_points.per_level[14], 22);
    assert_eq!(s.skill_points.budget, 55 + 14 * 20 + 22);
}

#[test]
fn each_level_grants_twice_the_skill_point_gain_of_that_level() {
    // rule: CX-LVL-02
    // CHA 6 INT 6, INT raised at levels 5 and 9: 12 a level, then 14, then 16.
    let text = with(&[
        ("level = 0", "level = 10"),
        ("stat_increases = []", "stat_increases = [\"INT\", \"INT\"]"),
    ]);
    let s = sheet(&text);
    assert_eq!(
        s.skill_points.per_level,
        [12, 12, 12, 12, 14, 14, 14, 14, 16, 16]
    );
    assert_eq!(s.skill_points.budget, 50 + 136);
}

#[test]
fn spending_more_than_gained_is_an_error() {
    // rule: CX-LVL-02
    let found = problems(&with(&[("smgs = 10", "smgs = 30\nawareness = 30")]));
    let d = find(
        &found,
        Some("CX-LVL-02"),
        "60 skill points spent, but only 50 were gained",
    );
    assert_eq!(d.field, "skills");
    assert_eq!(d.help.as_deref(), Some("remove 10 skill points"));
}

#[test]
fn a_new_skill_costs_10_and_a_level_adds_at_most_10_to_one_skill() {
    // rule: CX-LVL-03
    assert_eq!((NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP), (10, 10));
    // A skill below 10 points was never learned properly.
    let found = problems(&with(&[("smgs = 10", "smgs = 9")]));
    let d = find(
        &found,
        Some("CX-LVL-03"),
        "Weapons - SMGs has 9 points; a new skill costs 10",
    );
    assert_eq!(d.field, "skills.smgs");
    // The starting 50 may all go into one skill at level 0 ...
    valid_sheet(&with(&[("smgs = 10", "smgs = 50")]));
    // ... but each level adds at most 10 to it: 60 at level 1, not 61.
    let level_1 = with(&[("level = 0", "level = 1"), ("smgs = 10", "smgs = 60")]);
    valid_sheet(&level_1);
    let found = problems(&level_1.replace("smgs = 60", "smgs = 61"));
    let d = find(
        &found,
        Some("CX-LVL-03"),
        "Weapons - SMGs has 61 points, more than a level 1 character",
    );
    assert_eq!(
        d.help.as_deref(),
        Some("lower Weapons - SMGs to 60 or less")
    );
}

/// Level -> total feats allowed with INT below 9 and with INT 9+.
const FEATS: &[(i64, i64, i64)] = &[
    (0, 0, 0),
    (1, 0, 0),
    (2, 2, 2),
    (3, 2, 2),
    (4, 3, 4),
    (5, 3, 4),
    (6, 4, 5),
    (7, 4, 5),
    (8, 5, 7),
    (9, 5, 7),
    (10, 6, 8),
    (11, 6, 8),
    (12, 7, 10),
    (13, 7, 10),
    (14, 8, 11),
    (15, 8, 11),
    (16, 9, 13),
    (17, 9, 13),
    (18, 10, 14),
    (19, 10, 14),
    (20, 11, 16),
];

#[test]
fn feats_owned_by_level_and_intelligence() {
    // rule: CX-LVL-04
    for &(level, normal, clever) in FEATS {
        assert_eq!(feats_allowed(level, 8), normal, "level {level} INT 8");
        assert_eq!(feats_allowed(level, 9), clever, "level {level} INT 9");
        assert_eq!(feats_allowed(level, 1), normal, "level {level} INT 1");
        assert_eq!(feats_allowed(level, 15), clever, "level {level} INT 15");
    }
}

#[test]
fn the_sheet_uses_the_characters_intelligence_for_feats() {
    // rule: CX-LVL-04
    let at = |int: &str| {
        sheet(&with(&[("level = 0", "level = 4"), ("INT = 6", int)]))
            .feats
            .allowed
    };
    assert_eq!(at("INT = 8"), 3);
    assert_eq!(at("INT = 9"), 4);
}

#[test]
fn too_many_feats_is_an_error() {
    // rule: CX-LVL-04
    let text = with(&[
        ("level = 0", "level = 2"),
        (
            "feats = []",
            "feats = [\"steady-aim\", \"iron-will\", \"iron-lungs\"]",
        ),
    ]);
    let found = problems(&text);
    let d = find(
        &found,
        Some("CX-LVL-04"),
        "3 feats chosen, but a level 2 character with INT 6 may own 2",
    );
    assert_eq!(d.field, "feats");
    // Two are fine.
    valid_sheet(&text.replace(", \"iron-lungs\"", ""));
}

/// Level -> class feats allowed: one every 5th level (CX-LVL-05; the seed's
/// table: 5: 1, 10: 2, 15: 3, 20: 4).
pub(super) const CLASS_FEATS_BY_LEVEL: &[(i64, i64)] = &[
    (0, 0),
    (4, 0),
    (5, 1),
    (9, 1),
    (10, 2),
    (14, 2),
    (15, 3),
    (19, 3),
    (20, 4),
];

#[test]
fn one_class_feat_every_5th_level() {
    // rule: CX-LVL-05
    for &(level, allowed) in CLASS_FEATS_BY_LEVEL {
        assert_eq!(class_feats_allowed(level), allowed, "level {level}");
    }
    let found = problems(&with(&[(
        "class_feats = []",
        "class_feats = [\"tactical-awareness\"]",
    )]));
    let d = find(
        &found,
        Some("CX-LVL-05"),
        "1 class feats, but a level 0 character has 0",
    );
    assert_eq!(d.field, "class_feats");
}

#[test]
fn stat_points_at_levels_5_9_15_and_20() {
    // rule: CX-LVL-06
    assert_eq!(STAT_POINT_LEVELS, [5, 9, 15, 20]);
    const CASES: &[(i64, usize)] = &[
        (0, 0),
        (4, 0),
        (5, 1),
        (8, 1),
        (9, 2),
        (14, 2),
        (15, 3),
        (19, 3),
        (20, 4),
    ];
    for &(level, points) in CASES {
        assert_eq!(stat_points_gained(level), points, "level {level}");
    }
    // Each point shows in the stat's breakdown with its level.
    let s = sheet(SYRIN);
    assert_eq!(s.stats.get(Stat::Perception), 8);
    let levels: Vec<&str> = s.breakdown["PER"]
        .terms()
        .iter()
        .filter(|t| t.source.kind == SourceKind::Level)
        .map(|t| t.source.name.as_str())
        .collect();
    assert_eq!(levels, ["stat point at level 5", "stat point at level 9"]);
}

#[test]
fn levels_run_from_0_to_20() {
    // rule: CX-LVL-07
    assert_eq!(MAX_LEVEL, 20);
    for level in ["-1", "21"] {
        let found = problems(&with(&[("level = 0", &format!("level = {level}"))]));
        let d = find(
            &found,
            Some("CX-LVL-07"),
            &format!("level {level} is outside 0..20"),
        );
        assert_eq!(d.field, "level");
        assert_eq!(d.line, Some(5));
    }
}

#[test]
fn a_character_has_race_class_skills_equipment_and_feats() {
    // rule: CX-LVL-01
    let s = valid_sheet(&with(&[
        ("level = 0", "level = 2"),
        ("feats = []", "feats = [\"steady-aim\"]"),
        (
            "items = {}",
            "armor = \"combat-armor\"\nitems = { medikit = 1 }",
        ),
    ]));
    assert_eq!(
        (s.race.name.as_str(), s.class.name.as_str()),
        ("Human", "Soldier")
    );
    assert_eq!(s.skills[0].id, "smgs");
    assert_eq!(s.armor.as_ref().unwrap().name, "Combat Armor");
    assert_eq!(s.items[0].count, 1);
    assert!(
        s.feats
            .owned
            .iter()
            .any(|f| f.id == "steady-aim" && f.how == "chosen")
    );
    // The class's starting money and abilities come from the pack.
    let soldier = sample().classes.get("soldier").unwrap();
    assert_eq!(soldier.starting_money, 1500);
    assert!(
        soldier
            .abilities
            .iter()
            .any(|a| a.name == "Battle Hardened")
    );
    // FORT 6: 110, Battle Hardened +10, Will to Survive (CHA 6) +5.
    assert_eq!(s.max_hp, 110 + 10 + 5);
}

#[test]
fn the_class_sets_usable_weapons_and_armor() {
    // rule: CX-LVL-01
    let mage = with(&[
        ("class = \"soldier\"", "class = \"mage\""),
        ("smgs = 10", "sorcery = 10"),
        (
            "items = {}\n",
            "armor = \"combat-armor\"\nitems = {}\n\n[[equipment.weapons]]\nid = \"assault-rifle\"\n",
        ),
    ]);
    let found = problems(&mage);
    let d = find(
        &found,
        Some("CX-LVL-01"),
        "a Mage cannot use AR-7 Assault Rifle (assault-rifle)",
    );
    assert_eq!(d.field, "equipment.weapons[0]");
    assert_eq!(d.help.as_deref(), Some("Mage may use: pistol, smg, melee"));
    let d = find(&found, Some("CX-LVL-01"), "a Mage cannot wear medium armor");
    assert_eq!(d.field, "equipment.armor");
    // A soldier may use both.
    let soldier = mage
        .replace("class = \"mage\"", "class = \"soldier\"")
        .replace("sorcery = 10", "smgs = 10");
    valid_sheet(&soldier);
}

/// Level -> (Cloak Turns, Detect DC gain, Shadow Assassin cloak turn gain)
const CLOAK: &[(i64, (i64, i64, i64))] = &[
    (1, (3, 0, 1)),
    (3, (3, 0, 1)),
    (4, (4, 0, 1)),
    (5, (4, 5, 1)),
    (6, (4, 5, 2)),
    (7, (5, 5, 2)),
    (9, (5, 5, 2)),
    (10, (6, 10, 2)),
    (11, (6, 10, 3)),
    (12, (6, 10, 3)),
    (13, (7, 10, 3)),
    (14, (7, 10, 3)),
    (15, (7, 15, 3)),
    (16, (8, 15, 4)),
    (17, (8, 15, 4)),
    (18, (9, 15, 4)),
    (19, (9, 15, 4)),
    (20, (10, 20, 5)),
];

#[test]
fn cloak_turns_detect_dc_gain_and_shadow_assassin_gain_by_level() {
    // rule: CX-CLOAK-04
    for &(level, (turns, detect, assassin)) in CLOAK {
        assert_eq!(
            (
                cloak_turns(level),
                detect_dc_gain(level),
                shadow_assassin_cloak_gain(level)
            ),
            (turns, detect, assassin),
            "level {level}"
        );
    }
}

#[test]
fn the_cloak_on_the_sheet() {
    // rule: CX-CLOAK-04
    // (class, level, module) -> (turns, detect DC, moving detect DC, once per encounter)
    type Case = (&'static str, i64, &'static str, (i64, i64, i64, bool));
    const CASES: &[Case] = &[
        // Level 6 Shadow Assassin: 4 by level + 2 Shadowweave + 2 class gain;
        // Detect DC 80 + 5, moving 55 + 5.
        ("shadow-assassin", 6, "shadowweave", (8, 85, 60, false)),
        ("soldier", 6, "shadowweave", (6, 85, 60, false)),
        ("shadow-assassin", 4, "mk1-cloak", (5, 60, 40, true)),
        ("soldier", 20, "mk1-cloak", (10, 80, 60, false)),
        ("shadow-assassin", 20, "mk1-cloak", (15, 80, 60, false)),
    ];
    for &(class, level, module, (turns, detect, moving, once)) in CASES {
        let s = sheet(&with(&[
            ("class = \"soldier\"", &format!("class = \"{class}\"")),
            ("level = 0", &format!("level = {level}")),
            ("items = {}", &format!("cloak = \"{module}\"\nitems = {{}}")),
        ]));
        let cloak = s.cloak.unwrap();
        assert_eq!(
            (
                cloak.turns,
                cloak.detect_dc,
                cloak.moving_detect_dc,
                cloak.once_per_encounter
            ),
            (turns, detect, moving, once),
            "{class} {level} {module}"
        );
        assert_eq!(cloak.level_turns, cloak_turns(level));
    }
}

#[test]
fn effects_on_skill_point_gain_count_for_every_level() {
    // rule: CX-LVL-02
    // rule: CX-STAT-18
    // SPG 7 (INT 7), plus Quick Study's +1: 16 points at each of 2 levels.
    let text = super::support::with(&[
        ("level = 0", "level = 2"),
        ("feats = []", "feats = [\"quick-study\"]"),
        ("INT = 6", "INT = 7"),
        ("LUCK = 6", "LUCK = 5"),
    ]);
    let sheet = super::support::valid_sheet(&text);
    assert_eq!(sheet.secondary.skill_point_gain, 8);
    assert_eq!(sheet.skill_points.per_level, vec![16, 16]);
}
