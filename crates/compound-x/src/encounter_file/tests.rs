//! Tests of the Compound X encounter file reader: the example reads whole,
//! and each broken file names what is wrong and how to fix it.

use super::*;

const DEPOT: &str = include_str!("../../../../examples/compound-x/depot-ambush.toml");

/// Reads `text` as `fight.toml`.
fn read_text(text: &str) -> (Option<EncounterFile>, Diagnostics) {
    read(&SourceFile::new("fight.toml", text), "fight")
}

/// Two combatants, then `rest`.
fn two_and(rest: &str) -> String {
    format!(
        "format = 1\n\n[[combatant]]\nid = \"vex\"\ncharacter = \"vex.toml\"\nside = \"crew\"\n\n\
         [[combatant]]\nid = \"raider\"\ncharacter = \"raider.toml\"\nside = \"raiders\"\n{rest}"
    )
}

#[test]
fn the_example_reads_whole() {
    let (file, found) = read_text(DEPOT);
    assert!(found.is_empty(), "{found}");
    let file = file.expect("the example runs");
    assert_eq!(file.name, "Ambush at the depot");
    assert_eq!(file.seed, None);
    let ids: Vec<&str> = file.combatants.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["vex", "raider", "scav"]);
    let scav = &file.combatants[2];
    assert_eq!(
        scav.place,
        Stand {
            cover: Cover::Full,
            stance: Stance::Crouched
        }
    );
    assert!(scav.hidden);
    assert_eq!(scav.initiative, Some(55));
    assert_eq!(file.combatants[1].place, Stand::default());
    let gaps: Vec<(&str, &str, i64)> = file
        .settings
        .iter()
        .map(|g| (g.a.as_str(), g.b.as_str(), g.metres))
        .collect();
    assert_eq!(gaps, [("vex", "raider", 15), ("vex", "scav", 25)]);
    assert_eq!(file.dice.as_ref().map(Vec::len), Some(32));
    assert_eq!(file.script[0].text, "roll initiative");
    assert_eq!(file.script[0].field, "script.commands[0]");
}

#[test]
fn an_untitled_file_is_named_after_its_stem() {
    let (file, found) = read_text(&two_and(""));
    assert!(found.is_empty(), "{found}");
    assert_eq!(file.expect("it runs").name, "fight");
}

#[test]
fn a_broken_file_says_what_is_wrong_and_how_to_fix_it() {
    // (what is added to two combatants, the message, the fix)
    let cases: &[(&str, &str, &str)] = &[
        (
            "[[combatant]]\nid = \"scav\"\ncharacter = \"scav.toml\"\nside = \"raiders\"\ncover = \"thick\"\n",
            "unknown cover `thick`",
            "use one of: none, partial, full",
        ),
        (
            "[[combatant]]\nid = \"scav\"\ncharacter = \"scav.toml\"\nside = \"raiders\"\nstance = \"lying\"\n",
            "unknown stance `lying`",
            "use one of: standing, crouched, prone, hunkered",
        ),
        (
            "[[combatant]]\nid = \"Scav\"\ncharacter = \"scav.toml\"\nside = \"raiders\"\n",
            "id `Scav` has `S`",
            "",
        ),
        (
            "[[combatant]]\nid = \"next\"\ncharacter = \"scav.toml\"\nside = \"raiders\"\n",
            "`next` starts a GM command in the script",
            "",
        ),
        (
            "[[combatant]]\nid = \"vex\"\ncharacter = \"scav.toml\"\nside = \"raiders\"\n",
            "two combatants have the id `vex`",
            "give each combatant its own id",
        ),
        (
            "[[combatant]]\nid = \"scav\"\ncharacter = \"scav.toml\"\nside = \"raiders\"\nafter = -1\n",
            "`after` counts script commands, so it cannot be negative",
            "leave it out to enter at the start",
        ),
        (
            "[[distance]]\nbetween = [\"vex\", \"ghost\"]\nmetres = 10\n",
            "nobody called `ghost` is in this encounter",
            "the combatants are vex, raider",
        ),
        (
            "[[distance]]\nbetween = [\"vex\", \"vex\"]\nmetres = 10\n",
            "a distance needs two different combatants, not vex twice",
            "",
        ),
        (
            "[[distance]]\nbetween = [\"vex\"]\nmetres = 10\n",
            "expected two combatant ids",
            "between = [\"vex\", \"raider\"]",
        ),
        (
            "[[distance]]\nbetween = [\"vex\", \"raider\"]\nmetres = 100001\n",
            "100001 m is not a distance",
            "give 0 to 100000 metres",
        ),
        (
            "[script]\ndice = [3, 0]\ncommands = []\n",
            "0 is not a face of a die",
            "a face showing 0 is 10",
        ),
        (
            "[script]\ncommands = [\"vex fire semi ghost\"]\n",
            "nobody called `ghost` is in this encounter",
            "",
        ),
        (
            "[script]\ncommands = [\"vex dance\"]\n",
            "`vex dance`: column 5:",
            "",
        ),
    ];
    for (rest, message, fix) in cases {
        let (file, found) = read_text(&two_and(rest));
        assert!(file.is_none(), "{rest}: read as fit to run");
        let shown = found.to_string();
        assert!(shown.contains(message), "{rest}: {shown}");
        assert!(shown.contains(fix), "{rest}: {shown}");
    }
}

#[test]
fn a_seed_and_dice_typed_ahead_are_one_too_many() {
    let text = two_and("[script]\ndice = [1, 2]\ncommands = []\n")
        .replace("format = 1\n", "format = 1\nseed = 4\n");
    let (file, found) = read_text(&text);
    assert!(file.is_none());
    let shown = found.to_string();
    assert!(
        shown.contains("the file gives both a seed and [script] dice")
            && shown.contains("keep one: a seed for random dice, or dice typed ahead"),
        "{shown}"
    );
}

#[test]
fn a_file_without_combatants_says_to_add_them() {
    let (file, found) = read_text("format = 1\nname = \"empty\"\n");
    assert!(file.is_none());
    let shown = found.to_string();
    assert!(
        shown.contains("the encounter has no combatants")
            && shown.contains("add a [[combatant]] table"),
        "{shown}"
    );
}
