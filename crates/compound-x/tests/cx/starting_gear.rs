//! A new character's name and its starting equipment bought with the
//! class's starting money (validate.rs, starting_money.rs), and a problem
//! of the stats hiding none of the skills'.

use nanite_compound_x::starting_money::{gear_cost, money_left};
use nanite_core::Severity;

use super::support::{character, problems, sample, with};

#[test]
fn a_blank_name_is_refused_on_the_name_field() {
    for name in ["\"\"", "\"   \""] {
        let text = with(&[("name = \"Tess\"", &format!("name = {name}"))]);
        let found = problems(&text);
        let d = found
            .iter()
            .find(|d| d.field == "name")
            .unwrap_or_else(|| panic!("no problem on the name for {name}:\n{found}"));
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.message, "the character has no name");
        assert_eq!(d.line, Some(2));
        assert!(d.help.is_some());
    }
    assert!(problems(&with(&[])).is_empty());
}

#[test]
fn stats_in_error_hide_no_overspent_skill() {
    // rule: CX-STAT-06
    // rule: CX-LVL-02
    // A soldier starts with the class's skill points; STR 12 is above the
    // creation limit and 50 points more than the class gives are spent:
    // both are reported at once, not one stage at a time.
    let starting = sample()
        .classes
        .get("soldier")
        .unwrap()
        .starting_skill_points;
    let text = with(&[
        ("STR = 6", "STR = 12"),
        (
            "smgs = 10",
            &format!("smgs = 10\nawareness = {}", starting + 40),
        ),
    ]);
    let found = problems(&text);
    let fields: Vec<&str> = found.iter().map(|d| d.field.as_str()).collect();
    assert!(fields.contains(&"base_stats.STR"), "{found}");
    assert!(fields.contains(&"base_stats"), "{found}");
    assert!(fields.contains(&"skills"), "{found}");
}

#[test]
fn gear_is_bought_with_the_starting_money() {
    // rule: CX-LVL-01
    // A Medic starts with 1100 (content/compound-x/classes.toml); a medikit
    // costs 100 and two cost 200; a Flak Jacket and a pistol with a Dot
    // Sight are priced in gear.toml and weapons.toml.
    let pack = sample();
    let price = |p: Option<i64>| p.unwrap();
    let medic = |items: &str, extra: &str| {
        character(&with(&[
            ("class = \"soldier\"", "class = \"medic\""),
            ("items = {}", &format!("items = {{ {items} }}{extra}")),
        ]))
    };
    let two_kits = medic("medikit = 2", "");
    assert_eq!(gear_cost(&two_kits, pack), 200);
    assert_eq!(money_left(&two_kits, pack), Some(1100 - 200));
    let pistol = pack
        .weapons
        .iter()
        .find(|w| w.category == "pistol")
        .unwrap();
    let dot = pack.attachments.get("dot-sight").unwrap();
    let flak = pack.armors.get("flak-jacket").unwrap();
    let kitted = medic(
        "medikit = 1",
        &format!(
            "\narmor = \"flak-jacket\"\n\n[[equipment.weapons]]\nid = \"{}\"\nattachments = [\"dot-sight\"]\nmagazines = 3",
            pistol.id
        ),
    );
    let expected = 100 + price(flak.price) + price(pistol.price) + price(dot.price);
    assert_eq!(gear_cost(&kitted, pack), expected);
    assert_eq!(money_left(&kitted, pack), Some(1100 - expected));
    // Too much gear leaves the money negative.
    let hoard = medic("medikit = 12", "");
    assert_eq!(money_left(&hoard, pack), Some(1100 - 1200));
}
