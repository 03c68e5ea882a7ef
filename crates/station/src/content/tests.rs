//! Tests of the Station pack loader.

use nanite_core::content::SourceFile;

use super::*;

fn load_one(text: &str) -> (Pack, Vec<String>) {
    let (pack, problems) = Pack::load(&[SourceFile::new("test.toml", text)]);
    (pack, problems.iter().map(|d| d.to_string()).collect())
}

#[test]
fn the_sample_pack_loads_cleanly() {
    let pack = Pack::sample();
    assert_eq!(pack.classes.len(), 3);
    // rule: ST-DMG-01
    assert_eq!(pack.weapons["laser-pistol"].damage_type, DamageType::Energy);
    // rule: ST-GM-01
    let droid = &pack.creatures["protocol-droid"];
    assert_eq!((droid.bcp, droid.mcp), (2, 1));
    assert_eq!(droid.resist.of(DamageType::Energy), -2);
    assert_eq!(
        pack.armors["heavy-armor"].resist.of(DamageType::Standard),
        3
    );
    assert_eq!(pack.weapons["shotgun"].shots, 3);
    assert_eq!(pack.income(5).bcp, 3);
    assert_eq!(pack.income(9).mcp, 2, "levels above the table use its top");
    // rule: ST-CHAR-03
    assert_eq!(pack.cyber.skill[0], 1);
    // rule: ST-SEARCH-01
    let body = &pack.loot["engineer-body"];
    assert_eq!(
        body.sets[4].bundles[0],
        vec![Loot::Item("hazard-suit".into())]
    );
    assert_eq!(
        body.sets[4].always,
        vec![Loot::Item("strength-hypo".into()), Loot::Nanites(10)]
    );
}

#[test]
fn problems_name_file_line_and_field() {
    let (_, problems) = load_one(
        "format = 1\n\
         [[weapon]]\n\
         id = \"zapper\"\n\
         name = \"Zapper\"\n\
         kind = \"energy\"\n\
         range = 2\n\
         damage = 2\n\
         type = \"plasma\"\n\
         \n\
         [[creature]]\n\
         id = \"blob\"\n\
         hp = 3\n\
         weapon = \"goo\"\n\
         colour = \"green\"\n",
    );
    let text = problems.join("\n");
    assert!(
        text.contains("test.toml:8: weapon[0].type: `plasma` is not a damage type"),
        "{text}"
    );
    assert!(
        text.contains("test.toml:14: creature[0].colour: unknown field `colour`"),
        "{text}"
    );
    assert!(
        text.contains("creature[0].weapon: no weapon `goo` in the pack"),
        "{text}"
    );
    assert!(
        text.contains("creature[0].name: missing required field `name`"),
        "{text}"
    );
}

#[test]
fn loot_tables_need_one_three_or_six_sets_of_matching_size() {
    // rule: ST-SEARCH-02
    let (_, problems) = load_one(
        "format = 1\n\
         [[item]]\nid = \"medkit\"\nname = \"Medkit\"\nkind = \"consumable\"\nheal = 2\n\
         [[loot]]\nobject = \"crate\"\n\
         sets = [ { bundles = [[\"medkit\"], [], []] }, { bundles = [[], [], []] } ]\n",
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("1, 3 or 6 loot sets, not 2")),
        "{problems:?}"
    );
    let (pack, problems) = load_one(
        "format = 1\n\
         [[item]]\nid = \"medkit\"\nname = \"Medkit\"\nkind = \"consumable\"\nheal = 2\n\
         [[loot]]\nobject = \"crate\"\n\
         sets = [ { bundles = [[\"medkit\"], [], [\"nanites 3\"]] }, { bundles = [[], [], []] }, { bundles = [[\"cm 1\"], [], [\"medkit\"]] } ]\n",
    );
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(pack.loot["crate"].sets.len(), 3);
}

#[test]
fn bad_bonuses_and_effects_are_reported() {
    let (_, problems) = load_one(
        "format = 1\n\
         [[class]]\nid = \"x\"\nname = \"X\"\nyears = [[\"skill flying +1\"]]\n\
         [[card]]\nid = \"c\"\nname = \"C\"\neffects = [\"summon dragon\"]\n",
    );
    let text = problems.join("\n");
    assert!(text.contains("unknown skill `flying`"), "{text}");
    assert!(
        text.contains("`summon dragon` is not a card effect"),
        "{text}"
    );
    assert!(text.contains("training year 1 offers no bonus"), "{text}");
}

#[test]
fn newer_formats_are_refused() {
    let (_, problems) = load_one("format = 9\n");
    assert!(
        problems[0].contains("reads formats up to 1"),
        "{problems:?}"
    );
}

#[test]
fn every_pack_number_is_read_within_its_range() {
    // input: numbers past their documented range (docs/station/scenario.md)
    let cases = [
        (
            "[[weapon]]\nid = \"w\"\nkind = \"energy\"\nrange = 2\ndamage = 2147483648\ntype = \"fire\"",
            "damage 2147483648 is out of range: from 1 to 100",
        ),
        (
            "[[armor]]\nid = \"a\"\nresist = { standard = 4294967296 }",
            "a resistance 4294967296 is out of range: from -100 to 100",
        ),
        (
            "[[threat]]\nlevel = 4294967297\nbcp = 1",
            "threat levels run from 1 to 20",
        ),
        (
            "[[threat]]\nlevel = 2\nbcp = -1",
            "`bcp` cannot be negative",
        ),
        (
            "[cyber]\nskill = [1, 2147483648]",
            "a price 2147483648 is out of range: from 0 to 1000",
        ),
        (
            "[[card]]\nid = \"c\"\nname = \"C\"\neffects = [\"bcp +2147483647\"]",
            "bcp 2147483647 is out of range: from -100 to 100",
        ),
        (
            "[[card]]\nid = \"c\"\nname = \"C\"\neffects = [\"threat +99999999999\"]",
            "threat 99999999999 is out of range",
        ),
        (
            "[[loot]]\nobject = \"crate\"\n[[loot.sets]]\nbundles = [[\"nanites 1001\"], [], [], [], [], []]",
            "nanites 1001 is out of range: from 0 to 1000",
        ),
    ];
    for (text, want) in cases {
        let (_, problems) = load_one(&format!("format = 1\n{text}\n"));
        assert!(
            problems.iter().any(|p| p.contains(want)),
            "{text}: {problems:?}"
        );
    }
    let effects = vec!["\"bcp +1\""; 51].join(", ");
    let (_, problems) = load_one(&format!(
        "format = 1\n[[card]]\nid = \"c\"\nname = \"C\"\neffects = [{effects}]\n"
    ));
    assert!(
        problems
            .iter()
            .any(|p| p.contains("51 entries; a list has at most 50")),
        "{problems:?}"
    );
}
