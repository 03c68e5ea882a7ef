//! `nanite sim` on a Compound X encounter with a battle map (issue 24):
//! the fights start from the placed positions and the report reads as
//! without a map, fixed by the seed; a broken map or someone left off it
//! is refused before any fight, saying what to fix.

use super::*;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/compound-x/");

/// `nanite sim` on the warehouse map, `--json`, on `threads` threads.
fn warehouse(threads: &str) -> Value {
    let file = format!("{EXAMPLES}warehouse-map.toml");
    json(&[
        "sim",
        &file,
        "--runs",
        "16",
        "--seed",
        "24",
        "--threads",
        threads,
        "--json",
    ])
}

#[test]
fn a_fight_on_a_map_is_simulated_and_a_seed_fixes_its_report() {
    // rule: CX-RNG-04
    let (mut one, mut two) = (warehouse("1"), warehouse("2"));
    assert_eq!(one["encounter"], "Across the warehouse");
    assert_eq!(one["runs"], 16);
    assert_eq!(one["refused"], 0, "{}", one["first_refusal"]);
    let sides: Vec<&str> = one["sides"]
        .as_array()
        .expect("sides")
        .iter()
        .map(|s| s["side"].as_str().unwrap())
        .collect();
    assert_eq!(sides, ["crew", "raiders"]);
    let wins: u64 = one["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + one["draws"].as_u64().unwrap(), 16);
    // Someone came into sight around the office wall and fired.
    assert!(one["shots"].as_u64().unwrap() > 0, "{one}");
    one["threads"] = Value::Null;
    two["threads"] = Value::Null;
    assert_eq!(one, two);
    // The text report, as without a map.
    let file = format!("{EXAMPLES}warehouse-map.toml");
    let text = |threads| {
        succeeds(&[
            "sim",
            &file,
            "--runs",
            "8",
            "--seed",
            "24",
            "--threads",
            threads,
        ])
    };
    let (one, two) = (text("1"), text("2"));
    assert!(
        one.starts_with("Across the warehouse: 8 fights (seed 24, 1 thread)"),
        "{one}"
    );
    for line in [
        "side     members  wins  win rate",
        "crew     1",
        "raiders  1",
        "Rounds: ",
    ] {
        assert!(one.contains(line), "{line}: {one}");
    }
    // The same fights on one thread or two: all but the header's count.
    let body = |t: &str| t.lines().skip(2).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&one), body(&two));
}

/// A room with Vex and the raider, and `bad.toml` holding `text`; the
/// room and that file's path.
fn with_file(name: &str, text: &str) -> (Room, String) {
    let room = Room::new("sim-map", name, "compound-x", &["vex.toml", "raider.toml"]);
    let bad = room.write("bad.toml", text);
    (room, bad)
}

const CAST: &str = "format = 1\n\n[[combatant]]\nid = \"vex\"\ncharacter = \"vex.toml\"\nside = \"crew\"\n\n[[combatant]]\nid = \"raider\"\ncharacter = \"raider.toml\"\nside = \"raiders\"\n";

#[test]
fn a_broken_map_or_someone_off_it_is_refused_before_any_fight() {
    // A wall that leaves the map: the file and the line of the wall.
    let (_room, bad) = with_file(
        "wall",
        &format!(
            "{CAST}\n[map]\nwidth = 30\nheight = 20\n\n[[map.wall]]\nkind = \"full\"\nfrom = [1, 1]\nto = [40, 1]\n\n[map.at]\nvex = [2, 2]\nraider = [20, 10]\n"
        ),
    );
    let out = nanite(&["sim", &bad, "--runs", "3"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no report");
    let err = stderr(&out);
    assert!(
        err.contains("bad.toml:20: map.wall[0].to: 40,1 is off the map"),
        "{err}"
    );
    assert!(
        err.contains("move the point or make the map larger"),
        "{err}"
    );
    // The raider is not placed: whom to place, and where.
    let (_room, bad) = with_file(
        "unplaced",
        &format!("{CAST}\n[map]\nwidth = 30\nheight = 20\n\n[map.at]\nvex = [2, 2]\n"),
    );
    let err = fails(&["sim", &bad, "--runs", "3"]);
    assert!(err.contains("bad.toml cannot be simulated"), "{err}");
    assert!(
        err.contains("raider is not placed: give each a place in [map.at]"),
        "{err}"
    );
}
