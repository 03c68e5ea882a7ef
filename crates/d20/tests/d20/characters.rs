//! Character files: reading and validation, every problem at once.

use expect_test::expect;
use nanite_d20::validate;

use super::support::{example_text, pack, read};

#[test]
fn every_example_character_is_valid() {
    for name in ["kara", "bram", "ilsa", "orun", "raider", "brute"] {
        let (c, found) = read(name, &example_text(name));
        assert!(found.is_empty(), "{name}: {found}");
        let found = validate(&c, &pack());
        assert!(found.is_empty(), "{name}: {found}");
    }
}

#[test]
fn reading_reports_every_problem_with_its_line() {
    let text = r#"format = 1
name = "Broken"
level = "three"

[attributes]
STR = 12
DEX = 16
WIS = 10
CHA = 9

[gear]
weapons = ["rapier", 7]
armour = "leather"
"#;
    let (_, found) = read("broken", text);
    expect![[r#"
        error: broken.toml:3: level: expected an integer, found a string
        error: broken.toml:5: attributes.CON: missing required field `CON`
          help: add `CON = ...` to [attributes]
        error: broken.toml:9: attributes.CHA: unknown field `CHA` in [attributes]
          help: did you mean `CON`?
        error: broken.toml:12: gear.weapons[1]: expected a string, found an integer
        error: broken.toml:13: gear.armour: unknown field `armour` in [gear]
          help: did you mean `armor`?
    "#]]
    .assert_eq(&found.to_string());
}

#[test]
fn validation_names_the_rule() {
    // rule: D20-CHK-01, D20-CHK-02, D20-CAST-01, D20-CAST-03, D20-REST-02
    let text = example_text("ilsa")
        .replace("level = 3", "level = 0")
        .replace("WIS = 16", "WIS = 31")
        .replace("spellcasting = 3", "spellcasting = 3\nsneaking = 2")
        .replace("surgeons-kit = 1", "bandages = 1")
        .replace("\"hold\"]", "\"hold\", \"mind-spike\", \"wish\"]")
        + "\n[resistance]\nspell = -1\n";
    let (c, found) = read("ilsa", &text);
    assert!(found.is_empty(), "{found}");
    expect![[r#"
        error: ilsa.toml:4: level: experience level 0 is outside 1 to 20 (rule D20-CHK-02)
          help: non-skill checks add the experience level; a new character is level 1
        error: ilsa.toml:10: attributes.WIS: WIS is 31, outside 1 to 30 (rule D20-CHK-01)
          help: 10 is average; the bonus is floor((score - 10) / 2)
        error: ilsa.toml:14: skills.sneaking: no skill `sneaking` in the pack (rule D20-CHK-01)
          help: known skills: melee-fighting, ranged-fighting, athletics, acrobatics, stealth, endurance, perception, medicine, survival, spellcasting, psionics
        error: ilsa.toml:20: gear.kits.bandages: no healing kit `bandages` in the pack (rule D20-REST-02)
          help: known kits: healing-kit, surgeons-kit
        error: ilsa.toml:23: magic.spells[3]: `mind-spike` is a power, not a spell (rule D20-CAST-03)
          help: list it under `powers`
        error: ilsa.toml:23: magic.spells[4]: no spell `wish` in the pack (rule D20-CAST-01)
          help: known spells: firebolt, frost-ray, mend, hold
        error: ilsa.toml:26: resistance.spell: spell resistance -1 is out of range: from 0 to 100 (rule D20-CAST-03)
          help: 0 means no resistance
    "#]]
    .assert_eq(&validate(&c, &pack()).to_string());
}

#[test]
fn untrained_magic_is_a_warning() {
    // rule: D20-CAST-02
    let text = example_text("ilsa").replace("spellcasting = 3\n", "");
    let (c, _) = read("ilsa", &text);
    let found = validate(&c, &pack());
    assert!(!found.has_errors());
    assert_eq!(found.len(), 3, "{found}");
    assert!(found.to_string().contains("warning: ilsa.toml:21: magic.spells[0]: Firebolt uses the skill `spellcasting`, which the character has not trained"), "{found}");
}
