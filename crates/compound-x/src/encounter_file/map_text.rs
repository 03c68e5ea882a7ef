//! A battle map given on its own (issue 24): the `[map]` section of an
//! encounter file pasted or uploaded to a fight already under way, read
//! against the fight's combatants. A whole encounter file is read the same
//! way: only its `[map]` is taken, the rest is left to the file's readers.

use nanite_core::content::{Reading, SourceFile};
use nanite_core::{CombatantId, Diagnostics};

use super::map::{self, MapSection};

/// Reads the `[map]` section of `file`, whose places name combatants of
/// `known`; `None` when there is none or it has errors (the diagnostics
/// say which, with their lines).
pub fn read_map(file: &SourceFile, known: &[CombatantId]) -> (Option<MapSection>, Diagnostics) {
    let reading = Reading::new(file);
    let section = reading
        .document(|root| match root.table("map") {
            Some(t) => map::read(&t, known, &[]),
            None => {
                root.error_at(
                    "map",
                    "the text has no [map] section",
                    Some(
                        "give a [map] table with width and height in metres, [[map.wall]] tables and [map.at] places (docs/compound-x/encounter-file.md)"
                            .into(),
                    ),
                );
                None
            }
        })
        .flatten();
    let found = reading.finish();
    (section.filter(|_| !found.has_errors()), found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Option<MapSection>, Diagnostics) {
        read_map(
            &SourceFile::new("map.toml", text),
            &[CombatantId::from("vex"), CombatantId::from("raider")],
        )
    }

    #[test]
    fn a_map_section_reads_with_its_places() {
        let (map, found) = read(
            "[map]\nwidth = 20\nheight = 10\n[[map.wall]]\nkind = \"concealing\"\nfrom = [10, 0]\nto = [10, 8]\n[map.at]\nvex = [2, 3]\nraider = [15, 4.5]\n",
        );
        assert!(!found.has_errors(), "{found}");
        let map = map.expect("a map");
        assert_eq!(map.layout.width, 200);
        assert_eq!(map.layout.walls.len(), 1);
        assert_eq!(map.at.len(), 2);
    }

    #[test]
    fn a_whole_encounter_file_gives_its_map() {
        let (map, found) = read(
            "format = 1\nname = \"Yard\"\n[[combatant]]\nid = \"vex\"\ncharacter = \"vex.toml\"\nside = \"players\"\n[map]\nwidth = 20\nheight = 10\n",
        );
        assert!(!found.has_errors(), "{found}");
        assert_eq!(map.expect("a map").layout.height, 100);
    }

    #[test]
    fn problems_are_refused_with_their_lines() {
        for (text, says) in [
            ("name = \"x\"\n", "no [map] section"),
            (
                "[map]\nwidth = 20\nheight = 10\n[map.at]\nghost = [1, 1]\n",
                "nobody called `ghost`",
            ),
            (
                "[map]\nwidth = 20\nheight = 10\n[map.at]\nvex = [30, 1]\n",
                "off the map",
            ),
            ("[map]\nwidth = 0\nheight = 10\n", "1 to 1000 m"),
        ] {
            let (map, found) = read(text);
            assert!(map.is_none(), "{text}");
            assert!(found.to_string().contains(says), "{text}: {found}");
        }
    }
}
