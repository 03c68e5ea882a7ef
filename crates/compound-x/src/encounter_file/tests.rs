//! Tests of the Compound X encounter file reader: the example reads whole,
//! and each broken file names what is wrong and how to fix it.

use super::*;
use crate::encounter::Point;

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
        .distances
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
        ("[map]\nwidth = 30\n", "height", ""),
        (
            "[map]\nwidth = 30\nheight = 2000\n",
            "a map is 1 to 1000 m a side",
            "a side is 1 to 1000 m",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[[map.wall]]\nkind = \"brick\"\nfrom = [1, 1]\nto = [1, 5]\n",
            "unknown wall kind `brick`",
            "use one of: partial, full, concealing, door",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[[map.wall]]\nkind = \"full\"\nfrom = [1, 1]\nto = [31, 5]\n",
            "31,5 is off the map",
            "the map runs from 0,0 to 30,20",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[[map.wall]]\nkind = \"full\"\nfrom = [1.25, 1]\nto = [3, 5]\n",
            "1.25 m is not a length of the map",
            "at most one decimal",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[[map.wall]]\nkind = \"door\"\nfrom = [1, 1]\nto = [1, 3]\n",
            "a door needs a name",
            "name = \"north door\"",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[[map.wall]]\nkind = \"partial\"\nfrom = [1, 1]\n",
            "a wall needs `from` and `to`, or an `outline`",
            "",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[map.at]\nghost = [1, 1]\n",
            "nobody called `ghost` is in this encounter",
            "",
        ),
        (
            "[map]\nwidth = 30\nheight = 20\n[map.at]\nvex = [1, 1]\nraider = [1.4, 1]\n",
            "`raider` would stand on `vex`'s metre",
            "at least 0.5 m apart",
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

#[test]
fn a_map_reads_walls_outlines_doors_and_places() {
    // The [map] section (issue 24), in metres, read into decimetres.
    let (file, found) = read_text(&two_and(
        "[map]\nwidth = 30\nheight = 20.5\ngrid = true\n\
         [[map.wall]]\nkind = \"concealing\"\nfrom = [10, 0]\nto = [10, 8]\n\
         [[map.wall]]\nkind = \"full\"\nname = \"car\"\noutline = [[3, 3], [5, 3], [5, 5]]\n\
         [[map.wall]]\nkind = \"door\"\nname = \"north door\"\nfrom = [10, 8]\nto = [10, 10]\nopen = true\n\
         [map.at]\nvex = [2, 3]\nraider = [20, 15.5]\n\
         [script]\ncommands = [\"move vex to 12,4\", \"vex move to 2.5,3 sprint\", \"position raider at 1,1\", \"door 'north door' close\", \"vex door 'north door' open\"]\n",
    ));
    assert!(found.is_empty(), "{found}");
    let file = file.expect("it runs");
    let map = file.settings.map.expect("a map");
    assert_eq!(
        (map.layout.width, map.layout.height, map.layout.grid),
        (300, 205, true)
    );
    // One wall, a triangle's three sides, one door.
    assert_eq!(map.layout.walls.len(), 5);
    assert_eq!(map.layout.walls[3].b, Point::metres(3, 3));
    assert!(map.layout.walls[4].open);
    assert_eq!(map.layout.door("north door"), Some(4));
    let at: Vec<(&str, Point)> = map.at.iter().map(|(id, p, _)| (id.as_str(), *p)).collect();
    assert_eq!(
        at,
        [
            ("vex", Point::metres(2, 3)),
            ("raider", Point::new(200, 155))
        ]
    );
    assert_eq!(file.script.len(), 5);
}

#[test]
fn a_map_reads_difficult_ground_and_names_its_background() {
    // rule: CX-MOVE-01 (difficult ground, a decision)
    let (file, found) = read_text(&two_and(
        "[map]\nwidth = 30\nheight = 20\nbackground = \"warehouse.webp\"\n\
         [[map.ground]]\nname = \"rubble\"\noutline = [[12, 2], [18, 2], [18, 6.5], [12, 6]]\n\
         [map.at]\nvex = [2, 3]\nraider = [20, 15.5]\n",
    ));
    assert!(found.is_empty(), "{found}");
    let map = file.expect("it runs").settings.map.expect("a map");
    assert_eq!(map.layout.ground.len(), 1);
    assert_eq!(map.layout.ground[0].name, "rubble");
    assert_eq!(map.layout.ground[0].outline[2], Point::new(180, 65));
    assert_eq!(
        map.background.as_ref().map(|b| b.0.as_str()),
        Some("warehouse.webp")
    );
}

#[test]
fn bad_ground_and_backgrounds_are_refused_with_the_fix() {
    // (the [map] lines, what the error says, the fix it gives)
    let cases = [
        (
            "[[map.ground]]\noutline = [[1, 1], [2, 2]]\n",
            "this difficult ground has 2 corner(s)",
            "give 3 or more corners",
        ),
        (
            "[[map.ground]]\noutline = [[1, 1], [2, 2], [3, 3]]\n",
            "has all its corners in one line",
            "give 3 or more corners",
        ),
        (
            "[[map.ground]]\noutline = [[1, 1], [40, 2], [3, 3]]\n",
            "40,2 is off the map",
            "make the map larger",
        ),
        (
            "background = \"https://example.com/map.png\"\n",
            "is not a file: a map's background is never fetched from elsewhere",
            "save the image beside the encounter file",
        ),
        (
            "background = \"map.svg\"\n",
            "`map.svg` is not a PNG, JPEG or WebP file",
            "give a .png, .jpg or .webp image",
        ),
    ];
    for (section, error, fix) in cases {
        let (file, found) = read_text(&two_and(&format!(
            "[map]\nwidth = 30\nheight = 20\n{section}"
        )));
        assert!(file.is_none(), "{section}");
        let shown = found.to_string();
        assert!(
            shown.contains(error) && shown.contains(fix),
            "{section}: {shown}"
        );
    }
}
