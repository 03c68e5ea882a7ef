//! Tests of the D20 encounter file reader: the examples read whole, the
//! file's `[campaign]` goes over the pack's, and each broken file names
//! what is wrong and how to fix it.

use super::*;
use crate::InitiativeBy;

const CELLAR: &str = include_str!("../../../../examples/d20/cellar-brawl.toml");
const FORD: &str = include_str!("../../../../examples/d20/ford-ambush.toml");

/// Reads `text` as `fight.toml` over the default campaign.
fn read_text(text: &str) -> (Option<EncounterFile>, Diagnostics) {
    read(
        &SourceFile::new("fight.toml", text),
        "fight",
        &Campaign::default(),
    )
}

/// `head` (a map or nothing), two combatants (`bram` with `bram_place`,
/// `kara` in the front row or at (1,1)), then `rest`.
fn fight(head: &str, bram_place: &str, rest: &str) -> String {
    let kara_place = if head.contains("[map]") {
        "at = [1, 1]"
    } else {
        "row = \"front\""
    };
    format!(
        "format = 1\n{head}\n[[combatant]]\nid = \"bram\"\ncharacter = \"bram.toml\"\nside = \"heroes\"\n{bram_place}\n\n\
         [[combatant]]\nid = \"kara\"\ncharacter = \"kara.toml\"\nside = \"raiders\"\n{kara_place}\n{rest}"
    )
}

const MAP: &str = "[map]\nwidth = 6\nheight = 4\n";

#[test]
fn the_rows_example_reads_whole_with_its_campaign_over_the_packs() {
    // rule: D20-MOVE-03, D20-INIT-03
    let (file, found) = read_text(CELLAR);
    assert!(found.is_empty(), "{found}");
    let file = file.expect("the example runs");
    assert_eq!(file.name, "Brawl in the cellar");
    assert_eq!(file.settings.field, Field::Rows);
    assert_eq!(file.settings.campaign.initiative, InitiativeBy::Side);
    let places: Vec<(&str, Place)> = file
        .combatants
        .iter()
        .map(|c| (c.id.as_str(), c.place))
        .collect();
    assert_eq!(
        places,
        [
            ("orun", Place::Row(Row::Front)),
            ("kara", Place::Row(Row::Back)),
            ("brute", Place::Row(Row::Front)),
            ("raider", Place::Row(Row::Back)),
        ]
    );
    assert_eq!(file.script[0].text, "roll initiative");
    assert_eq!(file.script.len(), 21);
}

#[test]
fn the_map_example_reads_whole() {
    let (file, found) = read_text(FORD);
    assert!(found.is_empty(), "{found}");
    let file = file.expect("the example runs");
    assert_eq!(
        file.settings.field,
        Field::Map {
            width: 10,
            height: 8
        }
    );
    assert!(
        file.combatants
            .iter()
            .all(|c| matches!(c.place, Place::Square(_)))
    );
}

#[test]
fn a_broken_file_says_what_is_wrong_and_how_to_fix_it() {
    // (the map or nothing, bram's place, what follows, the message, the fix)
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        (
            MAP,
            "at = [6, 0]",
            "",
            "(6,0) is off the map, which runs from (0,0) to (5,3)",
            "",
        ),
        (
            MAP,
            "at = [2]",
            "",
            "a square is two numbers, `at = [x, y]`",
            "",
        ),
        (
            MAP,
            "at = [2, 2]\nrow = \"front\"",
            "",
            "this encounter has a [map]: give `at = [x, y]`, not a row",
            "",
        ),
        (
            "",
            "at = [2, 2]",
            "",
            "this encounter has no [map]: give `row = \"front\"` or `\"back\"`, or add a [map]",
            "",
        ),
        (
            "",
            "row = \"middle\"",
            "",
            "`middle` is not a row",
            "the rows are \"front\" and \"back\" (D20-MOVE-03)",
        ),
        (
            "[map]\nwidth = 0\nheight = 4\n",
            "at = [0, 0]",
            "",
            "width 0 is outside 1 to 200 squares",
            "",
        ),
        (
            "",
            "row = \"back\"\ninitiative = 5000",
            "",
            "initiative 5000 is out of range: from -1000 to 1000",
            "1d100 + DEX gives 2 to 130",
        ),
        (
            "",
            "row = \"back\"\nafter = 3",
            "[script]\ncommands = [\"roll initiative\"]\n",
            "`bram` enters after 3 script commands, but the script has 1",
            "lower it or add the commands",
        ),
        (
            "",
            "row = \"back\"\nafter = -1",
            "",
            "after -1 is negative",
            "the combatant enters after the first N script commands",
        ),
        (
            "seed = -2\n",
            "row = \"back\"",
            "",
            "seed -2 is negative",
            "use a whole number from 0",
        ),
        (
            "",
            "row = \"back\"",
            "[script]\ncommands = [\"bram attack ghost\"]\n",
            "`bram attack ghost`: nobody called `ghost` is in this fight",
            "the combatants are bram, kara",
        ),
        (
            "",
            "row = \"back\"",
            "[script]\ncommands = [\"bram dance\"]\n",
            "`bram dance`: column 6:",
            "",
        ),
    ];
    for (head, place, rest, message, fix) in cases {
        let text = fight(head, place, rest);
        let (file, found) = read_text(&text);
        assert!(file.is_none(), "{text}: read as fit to run");
        let shown = found.to_string();
        assert!(shown.contains(message), "{text}: {shown}");
        assert!(shown.contains(fix), "{text}: {shown}");
    }
}

#[test]
fn an_id_that_is_a_command_word_is_refused() {
    let text = fight("", "row = \"back\"", "").replace("id = \"bram\"", "id = \"next\"");
    let (file, found) = read_text(&text);
    assert!(file.is_none());
    let shown = found.to_string();
    assert!(
        shown.contains("`next` cannot be a combatant's id")
            && shown.contains("are not command words"),
        "{shown}"
    );
}
