//! The sample pack loads cleanly and covers what the rules name.

use super::support::{sample, sample_files};
use nanite_compound_x::Pack;

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
