//! The sample pack loads cleanly and covers what the rules name.

use super::support::{sample, sample_files};
use nanite_compound_x::Pack;
use nanite_core::content::SourceFile;

#[test]
fn sample_pack_loads_without_problems() {
    // rule: CX-CONTENT-01
    let (pack, found) = Pack::load(&sample_files());
    assert!(found.is_empty(), "{found}");
    assert!(
        pack.info.sample,
        "the sample pack is marked as sample content"
    );
}

#[test]
fn sample_pack_is_rich_enough() {
    // rule: CX-CONTENT-01
    let pack = sample();
    assert!(pack.races.len() >= 4);
    assert!(pack.classes.len() >= 5);
    for class in ["soldier", "paladin", "mage", "sorcerer", "shadow-assassin"] {
        assert!(pack.classes.get(class).is_some(), "class {class}");
    }
    for skill in [
        "awareness",
        "search",
        "speech",
        "deceive",
        "medicine",
        "repair",
        "acrobatics",
        "maneuver",
        "explosives",
        "stealth",
        "sorcery",
        "knowledge-nanites",
        "grappling",
        "unarmed",
        "driving",
        "flying",
    ] {
        assert!(pack.skills.get(skill).is_some(), "skill {skill}");
    }
    for feat in ["will-to-survive", "positional-mastermind", "lucky"] {
        assert!(pack.feats.get(feat).is_some(), "feat {feat}");
    }
}

#[test]
fn example_character_is_valid() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/compound-x/vex.toml"
    ))
    .unwrap();
    let (character, found) = super::support::read(&text);
    assert!(found.is_empty(), "{found}");
    let problems = nanite_compound_x::validate(&character, sample());
    let sheet = nanite_compound_x::Sheet::compute(&character, sample());
    assert_eq!(sheet.level, 5);
    assert!(problems.is_empty(), "{problems}");
}

// --- Loading problems ---------------------------------------------------------

const MANIFEST: &str = r#"[pack]
format = 1
id = "mini"
name = "Mini pack"
ruleset = "compound-x"

[formulas]
max_hp = "100 + 10 * (FORT - 5)"
nanites = "10 * INT"
"#;

const CONTENT: &str = r#"[race.human]
name = "Human"
stat_points = 42

[class.soldier]
name = "Soldier"
armor = ["light"]
weapons = ["smg"]
starting_money = 100
starting_skill_points = 50

[skill.smgs]
name = "SMGs"
stat = "DEX"
kind = "weapon"

[feat.plain]
name = "Plain"
description = "Nothing."

[weapon.smg]
name = "SMG"
category = "smg"
skill = "smgs"
damage = "2d10"
damage_type = "ballistic"
brackets = [{ to = 10, miss = 4 }]
"#;

/// A small pack: `pack.toml` (the manifest changed by `manifest`), a valid
/// `content.toml`, and `extra` as `extra.toml` when not empty.
fn mini(manifest: &[(&str, &str)], extra: &str) -> Vec<SourceFile> {
    let mut files = vec![
        SourceFile::new("pack.toml", super::support::edit(MANIFEST, manifest)),
        SourceFile::new("content.toml", CONTENT),
    ];
    if !extra.is_empty() {
        files.push(SourceFile::new("extra.toml", extra));
    }
    files
}

/// A pack problem: the mini pack with `manifest` changes and `extra` must give
/// an error with `rule`, a message containing `message`, on `field`, in the
/// file whose text holds `at`, at that line.
struct Case {
    manifest: &'static [(&'static str, &'static str)],
    extra: &'static str,
    rule: Option<&'static str>,
    message: &'static str,
    field: &'static str,
    at: &'static str,
}

const CASES: &[Case] = &[
    // --- the manifest -----------------------------------------------------
    Case {
        manifest: &[("ruleset = \"compound-x\"", "ruleset = \"d20\"")],
        extra: "",
        rule: None,
        message: "this is a pack for `d20`, not Compound X",
        field: "pack.ruleset",
        at: "ruleset = ",
    },
    Case {
        manifest: &[("format = 1", "format = 2")],
        extra: "",
        rule: None,
        message: "this pack uses format 2, but this nanite reads formats up to 1",
        field: "pack.format",
        at: "format = ",
    },
    Case {
        manifest: &[("id = \"mini\"\n", "")],
        extra: "",
        rule: None,
        message: "missing required field `id`",
        field: "pack.id",
        at: "[pack]",
    },
    Case {
        manifest: &[("10 * INT", "10 * WIS")],
        extra: "",
        rule: None,
        message: "formula `10 * WIS` uses unknown variable WIS; known variables here: STR, PER, FORT, CHA, INT, DEX, LUCK, LEVEL",
        field: "formulas.nanites",
        at: "nanites = ",
    },
    Case {
        manifest: &[("max_hp = \"100 + 10 * (FORT - 5)\"", "max_hp = \"100 +\"")],
        extra: "",
        rule: None,
        message: "formula `100 +` does not parse",
        field: "formulas.max_hp",
        at: "max_hp = ",
    },
    Case {
        manifest: &[(
            "[formulas]\nmax_hp = \"100 + 10 * (FORT - 5)\"\nnanites = \"10 * INT\"\n",
            "",
        )],
        extra: "",
        rule: None,
        message: "missing required field `formulas`",
        field: "formulas",
        at: "[pack]",
    },
    // --- reading entries --------------------------------------------------
    Case {
        manifest: &[],
        extra: "[monster.grue]\nname = \"Grue\"\n",
        rule: None,
        message: "unknown field `monster` in [the top of the file]",
        field: "monster",
        at: "[monster.grue]",
    },
    Case {
        manifest: &[],
        extra: "[race.Elf]\nname = \"Elf\"\nstat_points = 40\n",
        rule: None,
        message: "`Elf` is not a valid id",
        field: "race.Elf",
        at: "[race.Elf]",
    },
    Case {
        manifest: &[],
        extra: "[race.human]\nname = \"Human again\"\nstat_points = 42\n",
        rule: None,
        message: "race `human` is defined twice",
        field: "race.human",
        at: "[race.human]",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nstat_points = 40\n",
        rule: None,
        message: "missing required field `name`",
        field: "race.elf.name",
        at: "[race.elf]",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = -1\n",
        rule: None,
        message: "-1 is negative; use 0 or more",
        field: "race.elf.stat_points",
        at: "stat_points",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\nstat_bonus = { WIS = 1 }\n",
        rule: None,
        message: "`WIS` is not a stat",
        field: "race.elf.stat_bonus.WIS",
        at: "stat_bonus",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = \"forty\"\n",
        rule: None,
        message: "expected an integer, found a string",
        field: "race.elf.stat_points",
        at: "stat_points",
    },
    Case {
        manifest: &[],
        extra: "[skill.magic]\nname = \"Magic\"\nstat = \"WIS\"\n",
        rule: None,
        message: "`WIS` is not a stat",
        field: "skill.magic.stat",
        at: "stat = ",
    },
    Case {
        manifest: &[],
        extra: "[skill.magic]\nname = \"Magic\"\nstat = \"INT\"\nkind = \"arcane\"\n",
        rule: None,
        message: "`arcane` is not one of general, weapon, combat",
        field: "skill.magic.kind",
        at: "kind = ",
    },
    Case {
        manifest: &[],
        extra: "[feat.wise]\nname = \"Wise\"\ndescription = \"x\"\ngranted = { stat = \"WIS\", min = 6 }\n",
        rule: None,
        message: "`WIS` is not a stat",
        field: "feat.wise.granted.stat",
        at: "granted = ",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nmodes = [\"semi\", \"laser\"]\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "`laser` is not one of semi, burst, auto",
        field: "weapon.gun.modes[1]",
        at: "modes = ",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nmodes = [\"semi\", \"burst\"]\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "mode `burst` needs `burst_miss` and `burst_rounds`",
        field: "weapon.gun.modes",
        at: "modes = ",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nauto_miss = 2\nauto_rounds = 5\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "`auto_miss`/`auto_rounds` given but `modes` lacks `auto`",
        field: "weapon.gun.auto_miss",
        at: "auto_miss",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"plasma\"\nnon_lethal = true\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "only ballistic, laser and melee weapons have non-lethal variants (rule CX-DMG-05)",
        field: "weapon.gun.non_lethal",
        at: "non_lethal",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"sonic\"\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "`sonic` is not one of ballistic, laser, plasma, explosive, melee",
        field: "weapon.gun.damage_type",
        at: "damage_type",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10 + WIS\"\ndamage_type = \"ballistic\"\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "formula `2d10 + WIS` uses unknown variable WIS",
        field: "weapon.gun.damage",
        at: "damage = ",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nbrackets = []\n",
        rule: None,
        message: "a weapon needs at least one range bracket",
        field: "weapon.gun.brackets",
        at: "brackets = ",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nbrackets = [\n  { to = 10, miss = 4 },\n  { to = 5, miss = 5 },\n]\n",
        rule: None,
        message: "bracket ends at 5 m but starts at 11 m",
        field: "weapon.gun.brackets[1]",
        at: "to = 5",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nmagazin = 30\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "unknown field `magazin` in [weapon.gun]",
        field: "weapon.gun.magazin",
        at: "magazin",
    },
    Case {
        manifest: &[],
        extra: "[attachment.sight]\nname = \"Sight\"\naccuracy = 0.25\nfits = [\"smg\"]\n",
        rule: None,
        message: "0.25 is not a multiple of 0.1",
        field: "attachment.sight.accuracy",
        at: "accuracy",
    },
    Case {
        manifest: &[],
        extra: "[armor.vest]\nname = \"Vest\"\ncategory = \"light\"\ncoverage = 120\napl = 1\narmor_points = 5\n",
        rule: None,
        message: "120 is not a percentage from 0 to 100",
        field: "armor.vest.coverage",
        at: "coverage",
    },
    Case {
        manifest: &[],
        extra: "[armor.vest]\nname = \"Vest\"\ncategory = \"light\"\ncoverage = 40\napl = 1\narmor_points = 5\nmovement_penalty = -1\n",
        rule: None,
        message: "-1 is not a non-negative multiple of 0.1",
        field: "armor.vest.movement_penalty",
        at: "movement_penalty",
    },
    Case {
        manifest: &[],
        extra: "[armor.vest]\nname = \"Vest\"\ncategory = \"huge\"\ncoverage = 40\napl = 1\narmor_points = 5\n",
        rule: None,
        message: "`huge` is not one of light, medium, heavy",
        field: "armor.vest.category",
        at: "category",
    },
    Case {
        manifest: &[],
        extra: "[shield.belt]\nname = \"Belt\"\nstrength = 30\nrecharge_rate = 5\nrestart_turns = 3\n",
        rule: None,
        message: "missing required field `fast_recharge_cost`",
        field: "shield.belt.fast_recharge_cost",
        at: "[shield.belt]",
    },
    Case {
        manifest: &[],
        extra: "[item.kit]\nname = \"Kit\"\nkind = \"snack\"\n",
        rule: None,
        message: "`snack` is not one of medikit, medicine-bag, repair-kit, ammunition, other",
        field: "item.kit.kind",
        at: "kind = ",
    },
    // --- effects ----------------------------------------------------------
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"wisdom\", amount = 1 }]\n",
        rule: None,
        message: "unknown effect target `wisdom`",
        field: "race.elf.effects[0].target",
        at: "effects = ",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"accuracy.ranged\", amount = \"PER\" }]\n",
        rule: None,
        message: "this target takes a number such as 0.5, not a formula",
        field: "race.elf.effects[0].amount",
        at: "effects = ",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"max_hp\", amount = \"d10\" }]\n",
        rule: None,
        message: "effect formula `d10` rolls dice; effects must be fixed values",
        field: "race.elf.effects[0].amount",
        at: "effects = ",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"max_hp\", amount = \"2 * WIS\" }]\n",
        rule: None,
        message: "formula `2 * WIS` uses unknown variable WIS",
        field: "race.elf.effects[0].amount",
        at: "effects = ",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"accuracy.melee\", amount = 0.25 }]\n",
        rule: None,
        message: "0.25 is not a multiple of 0.1",
        field: "race.elf.effects[0].amount",
        at: "effects = ",
    },
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"nanites\", amount = 1.5 }]\n",
        rule: None,
        message: "expected an integer, found a number with a fraction",
        field: "race.elf.effects[0].amount",
        at: "effects = ",
    },
    // --- references ---------------------------------------------------------
    Case {
        manifest: &[],
        extra: "[race.elf]\nname = \"Elf\"\nstat_points = 40\neffects = [{ target = \"skill.archery\", amount = 5 }]\n",
        rule: None,
        message: "effect targets unknown skill `archery`",
        field: "race.elf.effects",
        at: "[race.elf]",
    },
    Case {
        manifest: &[],
        extra: "[class.mage]\nname = \"Mage\"\nstarting_money = 1\nstarting_skill_points = 1\nclass_feats = [\"nope\"]\n",
        rule: None,
        message: "unknown feat `nope`",
        field: "class.mage.class_feats",
        at: "[class.mage]",
    },
    Case {
        manifest: &[],
        extra: "[class.mage]\nname = \"Mage\"\nstarting_money = 1\nstarting_skill_points = 1\nclass_feats = [\"plain\"]\n",
        rule: None,
        message: "feat `plain` is listed as a class feat but lacks class_feat = true",
        field: "class.mage.class_feats",
        at: "[class.mage]",
    },
    Case {
        manifest: &[],
        extra: "[class.mage]\nname = \"Mage\"\nstarting_money = 1\nstarting_skill_points = 1\nspellcasting = \"sorcery\"\n",
        rule: None,
        message: "unknown skill `sorcery`",
        field: "class.mage.spellcasting",
        at: "[class.mage]",
    },
    Case {
        manifest: &[],
        extra: "[class.mage]\nname = \"Mage\"\nstarting_money = 1\nstarting_skill_points = 1\nweapons = [\"staff\"]\n",
        rule: None,
        message: "no weapon of category `staff` exists in this pack",
        field: "class.mage.weapons",
        at: "[class.mage]",
    },
    Case {
        manifest: &[],
        extra: "[feat.bardic]\nname = \"Bardic\"\ndescription = \"x\"\nclasses = [\"bard\"]\n",
        rule: None,
        message: "unknown class `bard`",
        field: "feat.bardic.classes",
        at: "[feat.bardic]",
    },
    Case {
        manifest: &[],
        extra: "[feat.next]\nname = \"Next\"\ndescription = \"x\"\nrequires = { feats = [\"nope\"] }\n",
        rule: None,
        message: "unknown feat `nope`",
        field: "feat.next.requires.feats",
        at: "[feat.next]",
    },
    Case {
        manifest: &[],
        extra: "[feat.next]\nname = \"Next\"\ndescription = \"x\"\nrequires = { skills = { archery = 10 } }\n",
        rule: None,
        message: "unknown skill `archery`",
        field: "feat.next.requires.skills",
        at: "[feat.next]",
    },
    Case {
        manifest: &[],
        extra: "[feat.alt]\nname = \"Alt\"\ndescription = \"x\"\ninstead_of = \"nope\"\n",
        rule: None,
        message: "unknown feat `nope`",
        field: "feat.alt.instead_of",
        at: "[feat.alt]",
    },
    Case {
        manifest: &[],
        extra: "[feat.alt]\nname = \"Alt\"\ndescription = \"x\"\ninstead_of = \"plain\"\n",
        rule: None,
        message: "`plain` is not a granted feat, so nothing can be taken instead of it",
        field: "feat.alt.instead_of",
        at: "[feat.alt]",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"bard\"]\n",
        rule: None,
        message: "unknown class `bard`",
        field: "spell.zap.classes",
        at: "[spell.zap]",
    },
    // --- what a spell does in play (CX-SPELL-03) ----------------------------
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ndamage = \"2d10\"\n",
        rule: None,
        message: "a spell that deals damage needs its `damage_type`",
        field: "spell.zap.damage",
        at: "damage = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ndamage_type = \"plasma\"\n",
        rule: None,
        message: "`damage_type` without `damage`",
        field: "spell.zap.damage_type",
        at: "damage_type = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ndamage = \"2d10\"\ndamage_type = \"plasma\"\non_save = \"half\"\n",
        rule: None,
        message: "the spell needs both `save` and `damage`",
        field: "spell.zap.on_save",
        at: "on_save = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ncondition = \"sleepy\"\n",
        rule: None,
        message: "`sleepy` is not a condition",
        field: "spell.zap.condition",
        at: "condition = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ncondition = \"stunned\"\ncondition_turns = 0\n",
        rule: None,
        message: "a condition lasts at least 1 turn",
        field: "spell.zap.condition_turns",
        at: "condition_turns = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ncondition_turns = 2\n",
        rule: None,
        message: "`condition_turns` without `condition`",
        field: "spell.zap.condition_turns",
        at: "condition_turns = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ncures = [\"fear\", \"sad\"]\n",
        rule: None,
        message: "`sad` is not a condition",
        field: "spell.zap.cures[1]",
        at: "cures = ",
    },
    Case {
        manifest: &[],
        extra: "[spell.zap]\nname = \"Zap\"\ndescription = \"x\"\nnanites = 5\nclasses = [\"soldier\"]\ncover = \"total\"\n",
        rule: None,
        message: "`total` is not one of partial, full",
        field: "spell.zap.cover",
        at: "cover = ",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"archery\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: None,
        message: "unknown skill `archery`",
        field: "weapon.gun.skill",
        at: "[weapon.gun]",
    },
    Case {
        manifest: &[],
        extra: "[weapon.gun]\nname = \"Gun\"\ncategory = \"smg\"\nskill = \"smgs\"\ndamage = \"2d10\"\ndamage_type = \"ballistic\"\nautomatic = true\nbrackets = [{ to = 10, miss = 4 }]\n",
        rule: Some("CX-RNG-07"),
        message: "a fully automatic weapon needs the `auto` mode",
        field: "weapon.gun.automatic",
        at: "[weapon.gun]",
    },
];

#[test]
fn the_mini_pack_loads() {
    let (pack, found) = Pack::load(&mini(&[], ""));
    assert!(found.is_empty(), "{found}");
    assert_eq!(pack.info.name, "Mini pack");
    assert!(!pack.info.sample);
}

#[test]
fn every_pack_problem_names_file_line_and_field() {
    // rule: CX-CONTENT-01
    for case in CASES {
        let files = mini(case.manifest, case.extra);
        let (_, found) = Pack::load(&files);
        let d = super::support::find(&found, case.rule, case.message);
        let what = format!("{}\n{found}", case.message);
        assert_eq!(d.field, case.field, "{what}");
        let (file, line) = files
            .iter()
            .rev()
            .find_map(|f| {
                let n = f.text().lines().position(|l| l.contains(case.at))?;
                Some((f.name(), n + 1))
            })
            .unwrap();
        assert_eq!(d.file.as_deref(), Some(file), "{what}");
        assert_eq!(d.line, Some(line), "{what}");
    }
}

#[test]
fn references_list_what_is_known() {
    // rule: CX-CONTENT-01
    let (_, found) = Pack::load(&mini(
        &[],
        "[feat.bardic]\nname = \"Bardic\"\ndescription = \"x\"\nclasses = [\"bard\"]\n",
    ));
    let d = super::support::find(&found, None, "unknown class `bard`");
    assert_eq!(d.help.as_deref(), Some("known classes: soldier"));
}

#[test]
fn a_pack_needs_a_manifest() {
    // rule: CX-CONTENT-01
    let (_, found) = Pack::load(&[SourceFile::new("content.toml", CONTENT)]);
    let d = super::support::find(
        &found,
        None,
        "a pack needs a pack.toml with [pack] and [formulas]",
    );
    assert_eq!(
        (d.file.as_deref(), d.line, d.field.as_str()),
        (None, None, "")
    );
}

#[test]
fn a_broken_pack_reports_every_problem_at_once() {
    // rule: CX-CONTENT-01
    let extra = r#"[race.elf]
name = "Elf"
stat_points = "forty"

[weapon.bow]
name = "Bow"
category = "bow"
skill = "archery"
damage = "d10 + WIS"
damage_type = "ballistic"
brackets = [{ to = 20, miss = 3 }]
magazin = 1
"#;
    let files = mini(
        &[("ruleset = \"compound-x\"", "ruleset = \"station\"")],
        extra,
    );
    let (_, found) = Pack::load(&files);
    let shown: Vec<String> = found
        .iter()
        .map(|d| d.to_string().lines().next().unwrap().to_string())
        .collect();
    assert_eq!(
        shown,
        [
            "error: pack.toml:5: pack.ruleset: this is a pack for `station`, not Compound X",
            "error: extra.toml:3: race.elf.stat_points: expected an integer, found a string",
            "error: extra.toml:9: weapon.bow.damage: formula `d10 + WIS` uses unknown variable WIS; known variables here: STR, PER, FORT, CHA, INT, DEX, LUCK, LEVEL",
            "error: extra.toml:12: weapon.bow.magazin: unknown field `magazin` in [weapon.bow]",
            "error: extra.toml:5: weapon.bow.skill: unknown skill `archery`",
        ],
        "{found}"
    );
    assert_eq!(found.error_count(), 5);
}

#[test]
fn a_toml_syntax_error_is_reported_with_its_line() {
    let (_, found) = Pack::load(&mini(&[], "[race.elf]\nname = \"Elf\nstat_points = 40\n"));
    let d = &found.iter().next().unwrap();
    assert!(d.message.starts_with("this is not valid TOML"), "{found}");
    assert_eq!((d.file.as_deref(), d.line), (Some("extra.toml"), Some(2)));
}

/// The pack compiled in for every tool is the `content/compound-x/`
/// directory, file for file and word for word.
#[test]
fn the_built_in_sample_pack_is_the_content_directory() {
    // The files on the disk are named without their directory.
    let texts = |files: Vec<SourceFile>| {
        let mut texts: Vec<(String, String)> = files
            .iter()
            .map(|f| {
                let name = f.name().rsplit('/').next().unwrap_or_default();
                (name.to_string(), f.text().to_string())
            })
            .collect();
        texts.sort();
        texts
    };
    assert_eq!(
        texts(sample_files()),
        texts(Pack::sample_files()),
        "add new pack files to SAMPLE_PACK in pack.rs"
    );
}
