//! The sample pack, and the problems a broken pack reports.

use expect_test::expect;
use nanite_core::content::SourceFile;
use nanite_d20::Pack;
use nanite_d20::pack::{AlternateUse, MagicKind, WeaponKind};

use super::support::{pack, sample_files};

#[test]
fn the_sample_pack_has_what_the_seed_names() {
    // rule: D20-CHK-01
    let p = pack();
    assert!(p.info.sample, "the pack is marked as sample content");
    let melee = p.skill("melee-fighting").unwrap();
    assert_eq!(melee.attribute.key(), "STR");
    assert_eq!(melee.alternates.len(), 1);
    assert_eq!(melee.alternates[0].attribute.key(), "DEX");
    assert_eq!(melee.alternates[0].when, AlternateUse::Finesse);
    assert!(p.weapons.iter().any(|w| w.finesse));
    assert!(p.weapons.iter().any(|w| w.reach));
    assert!(p.weapons.iter().any(|w| w.kind == WeaponKind::Ranged));
    assert!(
        p.magic
            .iter()
            .any(|m| m.kind == MagicKind::Spell && m.cost > 0)
    );
    assert!(
        p.magic
            .iter()
            .any(|m| m.kind == MagicKind::Power && m.cost > 0)
    );
    assert!(p.kit("healing-kit").is_some());
    assert_eq!(p.grappling_skill, "melee-fighting");
}

fn load(files: &[(&str, &str)]) -> String {
    let files: Vec<SourceFile> = files
        .iter()
        .map(|(name, text)| SourceFile::new(*name, *text))
        .collect();
    let (_, found) = Pack::load(&files);
    found.to_string()
}

const MANIFEST: &str = r#"
[pack]
format = 1
id = "broken"
name = "Broken"
ruleset = "d20"

[formulas]
max_hp = "CON"
spell_energy = "WIS"
power_points = "WIS"
speed = "30"

[rules]
grappling_skill = "melee-fighting"
unarmed_damage = "1d3"
"#;

#[test]
fn every_problem_names_file_line_and_field() {
    let broken = r#"
[skill.melee-fighting]
name = "Melee Fighting"
attribute = "STR"
alternates = [{ attribute = "DEX", when = "sometimes" }]

[weapon.bow]
name = "Bow"
kind = "ranged"
skill = "archery"
damage = "1d"
finesse = true

[spell.zap]
name = "Zap"
energy = 2
skill = "melee-fighting"
damag = "1d6"
"#;
    expect![[r#"
        error: gear.toml:5: skill.melee-fighting.alternates[0].when: `sometimes` is neither "finesse" nor "gm"
          help: "finesse": with finesse weapons; "gm": when the GM allows it
        error: gear.toml:11: weapon.bow.damage: formula `1d` does not parse: expected the number of sides after 'd' at column 3, found end of input
          help: write dice such as "1d8" or "2d6+1"
        error: gear.toml:7: weapon.bow.range: a ranged weapon needs its `range` in feet
          help: add `range = 60` (feet)
        error: gear.toml:12: weapon.bow.finesse: only melee weapons are finesse or reach weapons
        error: gear.toml:14: spell.zap.damage: the spell does nothing: give it `damage`, `heal` or `stun`
        error: gear.toml:18: spell.zap.damag: unknown field `damag` in [spell.zap]
          help: did you mean `damage`?
    "#]]
    .assert_eq(&load(&[("pack.toml", MANIFEST), ("gear.toml", broken)]));
}

#[test]
fn a_pack_for_another_ruleset_is_refused() {
    let other = MANIFEST.replace("ruleset = \"d20\"", "ruleset = \"compound-x\"");
    let text = load(&[("pack.toml", &other)]);
    assert!(
        text.contains("pack.ruleset: this is a pack for `compound-x`, not D20"),
        "{text}"
    );
}

#[test]
fn campaign_settings_are_checked() {
    let bad = format!(
        "{MANIFEST}\n[campaign]\nattribute_bonus = \"1d6 + SCORE\"\ninitiative = \"everyone\"\nreroll = \"never\"\n"
    );
    expect![[r#"
        error: pack.toml:19: campaign.attribute_bonus: the attribute bonus `1d6 + SCORE` rolls dice; it must be a fixed number
          help: it must give a bonus for every score from -30 to 30 (scores 1 to 30, less what submission holds drain); the default is "(SCORE - 10) / 2"
        error: pack.toml:20: campaign.initiative: initiative `everyone` is neither "combatant" nor "side"
          help: "combatant": 1d100 + DEX each (D20-INIT-01); "side": 1d100 a side (D20-INIT-03)
        error: pack.toml:21: campaign.reroll: reroll `never` is neither "each-round" nor "kept"
          help: "kept" rolls once for the whole battle (D20-INIT-02)
        error: rules.grappling_skill: no skill `melee-fighting` in this pack (rule D20-GRAP-02)
          help: known skills: 
    "#]]
    .assert_eq(&load(&[("pack.toml", &bad)]));
}

/// The pack compiled in for every tool is the `content/d20/` directory,
/// file for file and word for word.
#[test]
fn the_built_in_sample_pack_is_the_content_directory() {
    let texts = |files: Vec<SourceFile>| {
        let mut texts: Vec<(String, String)> = files
            .iter()
            .map(|f| (f.name().to_string(), f.text().to_string()))
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

#[test]
fn pack_numbers_are_read_within_their_range() {
    // input: the ends of i64 and just past each documented range
    let huge = r#"
[skill.melee-fighting]
name = "Melee Fighting"
attribute = "STR"

[weapon.railgun]
name = "Railgun"
kind = "ranged"
skill = "melee-fighting"
damage = "1d6"
range = 9223372036854775807

[armor.wall]
name = "Wall"
defense = 101

[kit.miracle]
name = "Miracle kit"
skill = "melee-fighting"
bonus = 9223372036854775807

[spell.nova]
name = "Nova"
energy = 1001
skill = "melee-fighting"
damage = "1d6"
range = -1
"#;
    let found = load(&[("pack.toml", MANIFEST), ("gear.toml", huge)]);
    for want in [
        "weapon.railgun.range: range 9223372036854775807 ft is out of range: at most 10000 ft",
        "armor.wall.defense: defense 101 is out of range: from 0 to 100",
        "kit.miracle.bonus: bonus 9223372036854775807 is out of range: from -100 to 100",
        "spell.nova.energy: energy 1001 is out of range: from 0 to 1000",
        "spell.nova.range: range -1 is out of range: from 0 to 10000 (feet)",
    ] {
        assert!(found.contains(want), "{want}\n{found}");
    }
}
