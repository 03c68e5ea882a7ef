//! Every problem validation can find in a character, each with its rule,
//! message, field, file and line (validate.rs).

use nanite_compound_x::{Pack, validate};
use nanite_core::Severity;
use nanite_core::content::SourceFile;

use super::support::{TEMPLATE, character, find, problems, sample_files, with};

/// One validation problem: the template changed by `changes` and with
/// `append` added at the end must produce a diagnostic of `severity` with
/// `rule`, a message containing `message`, on `field`, at the line holding
/// `at` (see [`line_of`]).
struct Case {
    changes: &'static [(&'static str, &'static str)],
    append: &'static str,
    severity: Severity,
    rule: &'static str,
    message: &'static str,
    field: &'static str,
    at: &'static str,
}

const E: Severity = Severity::Error;
const W: Severity = Severity::Warning;

const POOL_ON: &str = "\n[house_rules]\nsecondary_pool = true\n";

/// A level 5 soldier (its stat point on PER) taking Shadow Veil, a class
/// feat of another class, as its class feat.
const SHADOW_VEIL_AT_5: &[(&str, &str)] = &[
    ("level = 0", "level = 5"),
    ("stat_increases = []", "stat_increases = [\"PER\"]"),
    ("class_feats = []", "class_feats = [\"shadow-veil\"]"),
];

const CASES: &[Case] = &[
    // --- references -------------------------------------------------------
    Case {
        changes: &[("race = \"human\"", "race = \"elf\"")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown race `elf`",
        field: "race",
        at: "race = ",
    },
    Case {
        changes: &[("class = \"soldier\"", "class = \"bard\"")],
        append: "",
        severity: E,
        rule: "CX-LVL-01",
        message: "unknown class `bard`",
        field: "class",
        at: "class = ",
    },
    // --- levels -----------------------------------------------------------
    Case {
        changes: &[("level = 0", "level = 21")],
        append: "",
        severity: E,
        rule: "CX-LVL-07",
        message: "level 21 is outside 0..20",
        field: "level",
        at: "level = ",
    },
    Case {
        changes: &[("level = 0", "level = 5")],
        append: "",
        severity: E,
        rule: "CX-LVL-06",
        message: "a level 5 character has 1 stat point (levels 5), but 0 are listed",
        field: "stat_increases",
        at: "stat_increases",
    },
    Case {
        changes: &[("stat_increases = []", "stat_increases = [\"PER\"]")],
        append: "",
        severity: E,
        rule: "CX-LVL-06",
        message: "a level 0 character has 0 stat points (levels none yet), but 1 is listed",
        field: "stat_increases",
        at: "stat_increases",
    },
    // --- stats ------------------------------------------------------------
    Case {
        changes: &[("STR = 6", "STR = 10"), ("LUCK = 6", "LUCK = 2")],
        append: "",
        severity: E,
        rule: "CX-STAT-06",
        message: "STR is 10, above the creation limit of 9 (before race bonuses)",
        field: "base_stats.STR",
        at: "STR = ",
    },
    Case {
        changes: &[
            ("STR = 6", "STR = -1"),
            ("PER = 6", "PER = 9"),
            ("FORT = 6", "FORT = 9"),
            ("CHA = 6", "CHA = 9"),
            ("INT = 6", "INT = 9"),
            ("LUCK = 6", "LUCK = 1"),
        ],
        append: "",
        severity: E,
        rule: "CX-STAT-06",
        message: "STR is -1; assigned stats cannot be negative",
        field: "base_stats.STR",
        at: "STR = ",
    },
    Case {
        changes: &[
            ("race = \"human\"", "race = \"android\""),
            ("CHA = 6", "CHA = 2"),
            ("LUCK = 6", "LUCK = 9"),
        ],
        append: "",
        severity: E,
        rule: "CX-STAT-06",
        message: "CHA is 0 after the Android bonus; no stat may be below 1",
        field: "base_stats.CHA",
        at: "CHA = ",
    },
    Case {
        changes: &[("STR = 6", "STR = 7")],
        append: "",
        severity: E,
        rule: "CX-STAT-06",
        message: "43 stat points assigned, but a Human has 42",
        field: "base_stats",
        at: "[base_stats]",
    },
    Case {
        changes: &[("STR = 6", "STR = 5")],
        append: "",
        severity: W,
        rule: "CX-STAT-06",
        message: "41 of the Human's 42 stat points assigned",
        field: "base_stats",
        at: "[base_stats]",
    },
    // --- secondaries ------------------------------------------------------
    Case {
        changes: &[("STR = 6", "STR = 7"), ("LUCK = 6", "LUCK = 5")],
        append: "",
        severity: E,
        rule: "CX-STAT-02",
        message: "STR 7 is the largest source of both Movement Speed and Carry Ability",
        field: "secondary_choice",
        at: "",
    },
    Case {
        changes: &[],
        append: POOL_ON,
        severity: E,
        rule: "CX-HOUSE-01",
        message: "the SECONDARY_POOL house rule is on, but no points are given to secondaries",
        field: "secondary_pool",
        at: "",
    },
    Case {
        changes: &[],
        append: "\n[house_rules]\nsecondary_pool = true\n\n[secondary_pool]\nSTR = { movement_speed = 4, carry_ability = 3 }\n",
        severity: E,
        rule: "CX-HOUSE-01",
        message: "STR gives 7 points but has only 6",
        field: "secondary_pool.STR",
        at: "STR = {",
    },
    Case {
        changes: &[],
        append: "\n[house_rules]\nsecondary_pool = true\n\n[secondary_pool]\nPER = { movement_speed = 2 }\n",
        severity: E,
        rule: "CX-HOUSE-01",
        message: "PER is not associated with Movement Speed",
        field: "secondary_pool.PER.movement_speed",
        at: "PER = {",
    },
    Case {
        changes: &[],
        append: "\n[house_rules]\nsecondary_pool = true\n\n[secondary_pool]\nSTR = { movement_speed = -1 }\n",
        severity: E,
        rule: "CX-HOUSE-01",
        message: "-1 points is negative",
        field: "secondary_pool.STR.movement_speed",
        at: "STR = {",
    },
    Case {
        changes: &[],
        append: "\n[house_rules]\nsecondary_pool = true\n\n[secondary_pool]\nSTR = { movement_speed = 6 }\nDEX = { movement_speed = 6 }\n",
        severity: E,
        rule: "CX-HOUSE-01",
        message: "Movement Speed holds 12 points, above its largest source (6)",
        field: "secondary_pool",
        at: "[secondary_pool]",
    },
    // --- skills -----------------------------------------------------------
    Case {
        changes: &[("smgs = 10", "smgs = 10\nlasers = 10")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown skill `lasers`",
        field: "skills.lasers",
        at: "lasers = ",
    },
    Case {
        changes: &[("smgs = 10", "smgs = 9")],
        append: "",
        severity: E,
        rule: "CX-LVL-03",
        message: "Weapons - SMGs has 9 points; a new skill costs 10 and starts at +10",
        field: "skills.smgs",
        at: "smgs = ",
    },
    Case {
        changes: &[("smgs = 10", "smgs = 51")],
        append: "",
        severity: E,
        rule: "CX-LVL-03",
        message: "Weapons - SMGs has 51 points, more than a level 0 character can have put into one skill (50",
        field: "skills.smgs",
        at: "smgs = ",
    },
    Case {
        changes: &[
            ("STR = 6", "STR = 8"),
            ("FORT = 6", "FORT = 8"),
            ("DEX = 6", "DEX = 1"),
            ("LUCK = 6", "LUCK = 7"),
            ("smgs = 10", "lockpicking = 10"),
        ],
        append: "",
        severity: E,
        rule: "CX-STAT-12",
        message: "Lockpicking is a DEX skill and a character with DEX 1 cannot learn it",
        field: "skills.lockpicking",
        at: "lockpicking = ",
    },
    Case {
        changes: &[("smgs = 10", "smgs = 30\nmedicine = 30")],
        append: "",
        severity: E,
        rule: "CX-LVL-02",
        message: "60 skill points spent, but only 50 were gained (50 starting + 2 * Skill Point Gain per level)",
        field: "skills",
        at: "[skills]",
    },
    Case {
        changes: &[
            ("PER = 6", "PER = 9"),
            ("FORT = 6", "FORT = 8"),
            ("INT = 6", "INT = 1"),
            ("smgs = 10", "smgs = 5"),
        ],
        append: "",
        severity: W,
        rule: "CX-DICE-08",
        message: "with INT 1 only proficient skills (10+ points) may be attempted",
        field: "skills",
        at: "[skills]",
    },
    // --- feats ------------------------------------------------------------
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"flying\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown feat `flying`",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"iron-will\", \"iron-will\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "Iron Will is listed twice (or is already granted by a stat)",
        field: "feats[1]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"lucky\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "Lucky is listed twice (or is already granted by a stat)",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("class = \"soldier\"", "class = \"shadow-assassin\""),
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"shadow-veil\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-05",
        message: "Shadow Veil is a class feat",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("CHA = 6", "CHA = 5"),
            ("LUCK = 6", "LUCK = 7"),
            ("feats = []", "feats = [\"will-to-survive\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-STAT-14",
        message: "Will to Survive is granted by a stat, not chosen",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"marksman\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "Marksman requires PER 7, feat steady-aim",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"eagle-eye\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "Eagle Eye requires level 8, PER 8, feat marksman",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            ("feats = []", "feats = [\"daredevil\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "Daredevil requires 10 points in acrobatics",
        field: "feats[0]",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 2"),
            (
                "feats = []",
                "feats = [\"steady-aim\", \"iron-will\", \"tough\"]",
            ),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "3 feats chosen, but a level 2 character with INT 6 may own 2",
        field: "feats",
        at: "feats = [",
    },
    Case {
        changes: &[
            ("level = 0", "level = 5"),
            ("stat_increases = []", "stat_increases = [\"PER\"]"),
            ("class_feats = []", "class_feats = [\"nope\"]"),
        ],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown feat `nope`",
        field: "class_feats[0]",
        at: "class_feats = ",
    },
    Case {
        changes: SHADOW_VEIL_AT_5,
        append: "",
        severity: E,
        rule: "CX-LVL-05",
        message: "Shadow Veil is not a class feat of Soldier",
        field: "class_feats[0]",
        at: "class_feats = ",
    },
    Case {
        changes: SHADOW_VEIL_AT_5,
        append: "",
        severity: E,
        rule: "CX-LVL-04",
        message: "Shadow Veil requires class shadow-assassin",
        field: "class_feats[0]",
        at: "class_feats = ",
    },
    Case {
        changes: &[("class_feats = []", "class_feats = [\"tactical-awareness\"]")],
        append: "",
        severity: E,
        rule: "CX-LVL-05",
        message: "1 class feats, but a level 0 character has 0",
        field: "class_feats",
        at: "class_feats = ",
    },
    Case {
        changes: &[("level = 0\n", "level = 0\ncharisma_feat = \"lucky\"\n")],
        append: "",
        severity: E,
        rule: "CX-STAT-14",
        message: "`lucky` is not a feat that can be taken instead of a granted one",
        field: "charisma_feat",
        at: "charisma_feat",
    },
    Case {
        changes: &[(
            "level = 0\n",
            "level = 0\ncharisma_feat = \"positional-mastermind\"\n",
        )],
        append: "",
        severity: E,
        rule: "CX-STAT-14",
        message: "Positional Mastermind needs CHA 9+, the character has 6",
        field: "charisma_feat",
        at: "charisma_feat",
    },
    // --- equipment --------------------------------------------------------
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"phaser\"\n",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown weapon `phaser`",
        field: "equipment.weapons[0]",
        at: "^id = \"phaser\"",
    },
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"rocket-launcher\"\n\n[[equipment.weapons]]\nid = \"sniper-rifle\"\n",
        severity: E,
        rule: "CX-LVL-01",
        message: "a Soldier cannot use Longshot Bolt-Action Rifle (sniper-rifle)",
        field: "equipment.weapons[1]",
        at: "^id = \"sniper-rifle\"",
    },
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"smg\"\nattachments = [\"bipod\"]\n",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown attachment `bipod`",
        field: "equipment.weapons[0]",
        at: "^id = \"smg\"",
    },
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"smg\"\nattachments = [\"basic-scope-3x2\"]\n",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "3.2x Basic Scope does not fit Basic SMG (smg)",
        field: "equipment.weapons[0]",
        at: "^id = \"smg\"",
    },
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"combat-knife\"\nattachments = [\"laser-sight\"]\n",
        severity: W,
        rule: "CX-CONTENT-01",
        message: "Combat Knife is a melee weapon; attachments do nothing",
        field: "equipment.weapons[0]",
        at: "^id = \"combat-knife\"",
    },
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"frag-grenade\"\n",
        severity: W,
        rule: "CX-RNG-15",
        message: "Fragmentation Grenade needs 6 points in explosives to use",
        field: "equipment.weapons[0]",
        at: "^id = \"frag-grenade\"",
    },
    Case {
        changes: &[("items = {}", "armor = \"mithril\"\nitems = {}")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown armor `mithril`",
        field: "equipment.armor",
        at: "armor = ",
    },
    Case {
        changes: &[
            ("class = \"soldier\"", "class = \"sniper\""),
            ("items = {}", "armor = \"assault-plate\"\nitems = {}"),
        ],
        append: "",
        severity: E,
        rule: "CX-LVL-01",
        message: "a Sniper cannot wear heavy armor",
        field: "equipment.armor",
        at: "armor = ",
    },
    Case {
        changes: &[
            ("STR = 6", "STR = 1"),
            ("PER = 6", "PER = 9"),
            ("FORT = 6", "FORT = 8"),
            ("items = {}", "armor = \"combat-armor\"\nitems = {}"),
        ],
        append: "",
        severity: E,
        rule: "CX-STAT-07",
        message: "with STR 1 no armor above 50% coverage may be worn; Combat Armor covers 70%",
        field: "equipment.armor",
        at: "armor = ",
    },
    Case {
        changes: &[("items = {}", "shield = \"cs-9\"\nitems = {}")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown shield `cs-9`",
        field: "equipment.shield",
        at: "shield = ",
    },
    Case {
        changes: &[("items = {}", "cloak = \"ring\"\nitems = {}")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown cloaking module `ring`",
        field: "equipment.cloak",
        at: "cloak = ",
    },
    Case {
        changes: &[("items = {}", "items = { medikit = 1, stimpack = 2 }")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "unknown item `stimpack`",
        field: "equipment.items.stimpack",
        at: "items = ",
    },
    Case {
        changes: &[("items = {}", "items = { medikit = -1 }")],
        append: "",
        severity: E,
        rule: "CX-CONTENT-01",
        message: "-1 is a negative count",
        field: "equipment.items.medikit",
        at: "items = ",
    },
    // --- counts the file records -------------------------------------------
    Case {
        changes: &[],
        append: "\n[[equipment.weapons]]\nid = \"smg\"\nattachments = []\nmagazines = -2\n",
        severity: E,
        rule: "CX-RNG-12",
        message: "-2 magazines of the Basic SMG is a negative count",
        field: "equipment.weapons[0]",
        at: "[[equipment.weapons]]",
    },
    Case {
        changes: &[("class_feats = []", "class_feats = []\ndeath_saves = 0")],
        append: "",
        severity: E,
        rule: "CX-DEATH-04",
        message: "death_saves is 0; a character has 1 to 3 death saves",
        field: "death_saves",
        at: "death_saves = ",
    },
    Case {
        changes: &[("class_feats = []", "class_feats = []\ndeath_saves = 4")],
        append: "",
        severity: E,
        rule: "CX-DEATH-04",
        message: "death_saves is 4",
        field: "death_saves",
        at: "death_saves = ",
    },
    Case {
        changes: &[("class_feats = []", "class_feats = []\nfort_failures = -1")],
        append: "",
        severity: E,
        rule: "CX-HOUSE-05",
        message: "fort_failures is -1; it counts failed Fort saves, from 0",
        field: "fort_failures",
        at: "fort_failures = ",
    },
    Case {
        changes: &[("class_feats = []", "class_feats = []\nmoney = -1")],
        append: "",
        severity: E,
        rule: "CX-LVL-01",
        message: "money is -1; it cannot be negative",
        field: "money",
        at: "money = ",
    },
];

/// The line holding `marker`, or with `^marker` the line above it (the
/// `[[equipment.weapons]]` header of a weapon); none for an empty marker.
fn line_of(text: &str, marker: &str) -> Option<usize> {
    if marker.is_empty() {
        return None;
    }
    let (marker, above) = match marker.strip_prefix('^') {
        Some(m) => (m, 1),
        None => (marker, 0),
    };
    let n = text.lines().position(|l| l.contains(marker));
    Some(n.unwrap_or_else(|| panic!("`{marker}` not in:\n{text}")) + 1 - above)
}

#[test]
fn every_validation_problem_names_its_rule_field_and_line() {
    // rule: CX-CONTENT-01
    // rule: CX-LVL-01
    // rule: CX-LVL-02
    // rule: CX-LVL-03
    // rule: CX-LVL-04
    // rule: CX-LVL-05
    // rule: CX-LVL-06
    // rule: CX-LVL-07
    // rule: CX-STAT-02
    // rule: CX-STAT-06
    // rule: CX-STAT-07
    // rule: CX-STAT-12
    // rule: CX-STAT-14
    // rule: CX-HOUSE-01
    // rule: CX-DICE-08
    for case in CASES {
        let mut text = with(case.changes);
        text.push_str(case.append);
        let found = problems(&text);
        let d = find(&found, Some(case.rule), case.message);
        let what = format!("{}: {}\n{found}", case.rule, case.message);
        assert_eq!(d.severity, case.severity, "{what}");
        assert_eq!(d.field, case.field, "{what}");
        assert_eq!(d.file.as_deref(), Some("test.toml"), "{what}");
        assert_eq!(d.line, line_of(&text, case.at), "{what}");
        assert!(d.help.is_some(), "every problem says how to fix it: {what}");
    }
}

#[test]
fn the_template_is_valid() {
    let found = validate(&character(TEMPLATE), super::support::sample());
    assert!(found.is_empty(), "{found}");
}

#[test]
fn every_problem_is_reported_at_once() {
    // rule: CX-STAT-06
    // rule: CX-CONTENT-01
    // rule: CX-LVL-06
    let text = with(&[
        ("class = \"soldier\"", "class = \"bard\""),
        ("level = 0", "level = 9"),
        ("STR = 6", "STR = 10"),
        ("PER = 6", "PER = 0"),
        ("CHA = 6", "CHA = 8"),
    ]);
    let found = problems(&text);
    let shown: Vec<String> = found
        .iter()
        .map(|d| d.to_string().lines().next().unwrap().to_string())
        .collect();
    assert_eq!(
        shown,
        [
            "error: test.toml:4: class: unknown class `bard` (rule CX-LVL-01)",
            "error: test.toml:6: stat_increases: a level 9 character has 2 stat points (levels 5, 9), but 0 are listed (rule CX-LVL-06)",
            "error: test.toml:11: base_stats.STR: STR is 10, above the creation limit of 9 (before race bonuses) (rule CX-STAT-06)",
            "error: test.toml:12: base_stats.PER: PER is 0 after the Human bonus; no stat may be below 1 (rule CX-STAT-06)",
        ]
    );
}

#[test]
fn a_level_out_of_range_hides_no_other_problem() {
    // rule: CX-LVL-07
    // rule: CX-LVL-03
    // rule: CX-LVL-04
    // rule: CX-CONTENT-01
    // With a level of 25 nothing derived from the level can be checked (the
    // skill cap, the feat allowance), but the file's own entries still are:
    // a negative skill, an unknown one, a feat listed twice, an unknown
    // weapon, a negative count.
    let text = with(&[
        ("level = 0", "level = 25"),
        ("smgs = 10", "smgs = -5\njuggling = 10"),
        ("feats = []", "feats = [\"steady-aim\", \"steady-aim\"]"),
        (
            "items = {}",
            "items = { medikit = -1 }\n\n[[equipment.weapons]]\nid = \"railgun\"\nattachments = []\nmagazines = 1",
        ),
    ]);
    let found = problems(&text);
    let shown: Vec<String> = found
        .iter()
        .map(|d| d.to_string().lines().next().unwrap().to_string())
        .collect();
    assert_eq!(
        shown,
        [
            "error: test.toml:5: level: level 25 is outside 0..20 (rule CX-LVL-07)",
            "error: test.toml:20: skills.smgs: Weapons - SMGs has -5 points; a new skill costs 10 and starts at +10 (rule CX-LVL-03)",
            "error: test.toml:21: skills.juggling: unknown skill `juggling` (rule CX-CONTENT-01)",
            "error: test.toml:7: feats[1]: Steady Aim is listed twice (or is already granted by a stat) (rule CX-LVL-04)",
            "error: test.toml:26: equipment.weapons[0]: unknown weapon `railgun` (rule CX-CONTENT-01)",
            "error: test.toml:24: equipment.items.medikit: -1 is a negative count (rule CX-CONTENT-01)",
        ],
        "{found}"
    );
}

#[test]
fn stats_above_the_cap_after_every_bonus() {
    // rule: CX-STAT-06
    // No sample content lifts a stat that far, so a test pack adds a feat
    // worth +6 STR: 9 + 6 = 15 is the cap before level 15, 16 is over it.
    let mut files = sample_files();
    files.push(SourceFile::new(
        "giant.toml",
        "[feat.giant]\nname = \"Giant\"\ndescription = \"+6 STR.\"\neffects = [{ target = \"STR\", amount = 6 }]\n",
    ));
    let (pack, found) = Pack::load(&files);
    assert!(found.is_empty(), "{found}");
    let text = |level: i64, increases: &str| {
        with(&[
            (
                "level = 0",
                &format!("secondary_choice = \"movement_speed\"\nlevel = {level}"),
            ),
            (
                "stat_increases = []",
                &format!("stat_increases = [{increases}]"),
            ),
            ("feats = []", "feats = [\"giant\"]"),
            ("STR = 6", "STR = 9"),
            ("LUCK = 6", "LUCK = 3"),
        ])
    };
    let check = |text: String| validate(&character(&text), &pack);
    let at_cap = check(text(2, ""));
    assert!(at_cap.is_empty(), "{at_cap}");
    let over = check(text(5, "\"STR\""));
    let d = find(
        &over,
        Some("CX-STAT-06"),
        "STR is 16 after every bonus, above the cap of 15 at level 5",
    );
    assert_eq!(d.field, "base_stats.STR");
    assert_eq!(d.line, Some(12));
    // From level 15 the cap is 20: 9 + 6 + 3 = 18 is fine.
    let late = check(text(15, "\"STR\", \"STR\", \"STR\""));
    assert!(!late.has_errors(), "{late}");
}
