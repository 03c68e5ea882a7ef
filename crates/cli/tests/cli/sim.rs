//! `nanite sim` and `nanite cx odds --plot` end to end: reports that a seed
//! fixes whatever the thread count, charts with a bar per outcome, and bad
//! input refused before anything is played.

use super::*;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/compound-x/");

/// How many charts the SVG file `svg` draws.
fn charts(svg: &std::path::Path) -> usize {
    let text = std::fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("chart"))
        .count()
}

fn report(threads: &str) -> Value {
    let file = format!("{EXAMPLES}depot-ambush.toml");
    let out = succeeds(&[
        "sim",
        &file,
        "--runs",
        "12",
        "--seed",
        "4",
        "--threads",
        threads,
        "--json",
    ]);
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn a_seed_gives_the_same_report_on_one_or_two_threads() {
    // rule: CX-TURN-08
    let (mut one, mut two) = (report("1"), report("2"));
    assert_eq!(one["encounter"], "Ambush at the depot");
    assert_eq!(one["runs"], 12);
    assert_eq!(one["refused"], 0);
    let sides = one["sides"].as_array().expect("sides");
    assert_eq!(sides.len(), 2);
    let wins: u64 = sides.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + one["draws"].as_u64().unwrap(), 12);
    for s in sides {
        let (lo, rate, hi) = (
            s["win_low"].as_f64().unwrap(),
            s["win_rate"].as_f64().unwrap(),
            s["win_high"].as_f64().unwrap(),
        );
        assert!(lo <= rate && rate <= hi, "{s}");
    }
    one["threads"] = Value::Null;
    two["threads"] = Value::Null;
    assert_eq!(one, two);
}

/// The encounter file that times `nanite sim` on the benchmark's fight
/// (bench/sim/four-against-four.toml) reads and plays: four against four.
#[test]
fn the_benchmarks_fight_file_plays_four_against_four() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../bench/sim/four-against-four.toml"
    );
    let out = succeeds(&["sim", file, "--runs", "20", "--seed", "5", "--json"]);
    let report: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(report["encounter"], "Four against four");
    assert_eq!(report["refused"], 0);
    let members: Vec<u64> = report["sides"]
        .as_array()
        .expect("sides")
        .iter()
        .map(|s| s["members"].as_u64().unwrap())
        .collect();
    assert_eq!(members, [4, 4], "{report}");
}

#[test]
fn the_sim_chart_has_rounds_and_each_sides_losses() {
    let file = format!("{EXAMPLES}depot-ambush.toml");
    let dir = std::env::temp_dir().join(format!("nanite-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("sim.svg");
    let out = succeeds(&["sim", &file, "--runs", "5", "--plot", svg.to_str().unwrap()]);
    assert!(out.is_empty(), "--plot alone prints no table: {out}");
    assert_eq!(
        charts(&svg),
        3,
        "rounds, then the crew's and the raiders' losses"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_odds_chart_has_a_chart_per_shot() {
    let (vex, raider) = (
        format!("{EXAMPLES}vex.toml"),
        format!("{EXAMPLES}raider.toml"),
    );
    let dir = std::env::temp_dir().join(format!("nanite-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("odds.svg");
    let json = succeeds(&[
        "cx", "odds", &raider, "--target", &vex, "--cover", "all", "--json",
    ]);
    let lines: Value = serde_json::from_str(&json).unwrap();
    let lines = lines.as_array().unwrap();
    succeeds(&[
        "cx",
        "odds",
        &raider,
        "--target",
        &vex,
        "--cover",
        "all",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let count = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    };
    assert_eq!(count("chart"), lines.len());
    let outcomes: usize = lines
        .iter()
        .map(|l| l["damage"].as_array().unwrap().len())
        .sum();
    assert_eq!(count("bar"), outcomes);
    // Each cover has its own lines.
    for cover in ["none", "partial", "full"] {
        assert!(lines.iter().any(|l| l["cover"] == cover), "{cover}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_refused_before_any_fight() {
    let file = format!("{EXAMPLES}depot-ambush.toml");
    let err = fails(&["sim", &file, "--runs", "0"]);
    assert!(err.contains("--runs 0 is out of bounds"), "{err}");
    let err = fails(&["sim", &file, "--threads", "0"]);
    assert!(err.contains("--threads 0 is out of bounds"), "{err}");
    let err = fails(&["sim", "no-such-file.toml"]);
    assert!(err.contains("cannot read the encounter file"), "{err}");
    // Enemies with no distance between them.
    let room = Room::new("sim", "bad", "compound-x", &["vex.toml", "raider.toml"]);
    let bad = room.write(
        "bad.toml",
        "format = 1\n\n[[combatant]]\nid = \"vex\"\ncharacter = \"vex.toml\"\nside = \"crew\"\n\n[[combatant]]\nid = \"raider\"\ncharacter = \"raider.toml\"\nside = \"raiders\"\n",
    );
    let err = fails(&["sim", &bad, "--runs", "3"]);
    assert!(err.contains("between vex and raider is not set"), "{err}");
}

const D20: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/d20/");
const STATION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/station/");

/// `nanite sim FILE --json` on `threads` threads.
fn json_report(file: &str, runs: &str, threads: &str) -> Value {
    let out = succeeds(&[
        "sim",
        file,
        "--runs",
        runs,
        "--seed",
        "8",
        "--threads",
        threads,
        "--json",
    ]);
    serde_json::from_str(&out).expect("JSON")
}

/// The checks every report passes: runs, refusals, wins, intervals.
fn check_report(report: &Value, runs: u64, sides: &[&str]) {
    assert_eq!(report["runs"], runs);
    assert_eq!(report["refused"], 0, "{}", report["first_refusal"]);
    let got: Vec<&str> = report["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["side"].as_str().unwrap())
        .collect();
    assert_eq!(got, sides);
    let wins: u64 = report["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + report["draws"].as_u64().unwrap(), runs);
    for s in report["sides"].as_array().unwrap() {
        let (lo, rate, hi) = (
            s["win_low"].as_f64().unwrap(),
            s["win_rate"].as_f64().unwrap(),
            s["win_high"].as_f64().unwrap(),
        );
        assert!(lo <= rate && rate <= hi, "{s}");
    }
}

#[test]
fn a_d20_encounter_is_told_from_its_file_and_a_seed_fixes_its_report() {
    // rule: D20-INIT-01
    for (file, sides) in [
        ("ford-ambush.toml", ["bandits", "travellers"]),
        ("cellar-brawl.toml", ["heroes", "smugglers"]),
    ] {
        let file = format!("{D20}{file}");
        let (mut one, mut two) = (json_report(&file, "20", "1"), json_report(&file, "20", "2"));
        assert_eq!(one["ruleset"], "d20");
        check_report(&one, 20, &sides);
        assert!(one["counts"]["attacks"].as_u64().unwrap() > 20, "{one}");
        one["threads"] = Value::Null;
        two["threads"] = Value::Null;
        assert_eq!(one, two, "{file}");
    }
    let text = succeeds(&["sim", &format!("{D20}ford-ambush.toml"), "--runs", "10"]);
    assert!(text.starts_with("Ambush at the ford: 10 fights"), "{text}");
    assert!(
        text.contains("side        members  wins  win rate  95% CI"),
        "{text}"
    );
    assert!(text.contains("Per fight:"), "{text}");
}

#[test]
fn a_station_scenario_plays_the_players_against_the_automated_gm() {
    // rule: ST-FLOW-04
    let file = format!("{STATION}derelict-lab.txt");
    let (mut one, mut two) = (json_report(&file, "6", "1"), json_report(&file, "6", "2"));
    assert_eq!(one["encounter"], "Derelict Lab");
    assert_eq!(one["ruleset"], "station");
    check_report(&one, 6, &["players", "gm"]);
    assert!(one["counts"]["deployed"].as_u64().unwrap() > 0, "{one}");
    one["threads"] = Value::Null;
    two["threads"] = Value::Null;
    assert_eq!(one, two);
    let text = succeeds(&["sim", &file, "--runs", "3", "--max-rounds", "20"]);
    assert!(text.starts_with("Derelict Lab: 3 games"), "{text}");
    assert!(text.contains("a draw after 20 turns"), "{text}");
}

#[test]
fn the_d20_and_station_charts_have_rounds_and_each_sides_losses() {
    let dir = std::env::temp_dir().join(format!("nanite-sim-rulesets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, runs) in [
        (format!("{D20}cellar-brawl.toml"), "8"),
        (format!("{STATION}outpost-siege.txt"), "2"),
    ] {
        let svg = dir.join("sim.svg");
        let out = succeeds(&[
            "sim",
            &file,
            "--runs",
            runs,
            "--plot",
            svg.to_str().unwrap(),
        ]);
        assert!(out.is_empty(), "--plot alone prints no table: {out}");
        assert_eq!(charts(&svg), 3, "{file}: rounds, then each side's losses");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn broken_d20_and_station_files_are_refused_before_any_fight() {
    let dir = std::env::temp_dir().join(format!("nanite-sim-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for who in ["kara", "brute"] {
        std::fs::copy(format!("{D20}{who}.toml"), dir.join(format!("{who}.toml"))).unwrap();
    }
    // One side only.
    let one_side = dir.join("one-side.toml");
    std::fs::write(
        &one_side,
        "format = 1\n[map]\nwidth = 5\nheight = 5\n\n[[combatant]]\nid = \"kara\"\ncharacter = \"kara.toml\"\nside = \"a\"\nat = [0, 0]\n\n[[combatant]]\nid = \"brute\"\ncharacter = \"brute.toml\"\nside = \"a\"\nat = [3, 3]\n",
    )
    .unwrap();
    let err = fails(&["sim", one_side.to_str().unwrap(), "--runs", "3"]);
    assert!(err.contains("a fight needs at least two sides"), "{err}");
    // A missing character file, reported with its line.
    let missing = dir.join("missing.toml");
    std::fs::write(
        &missing,
        "format = 1\n\n[[combatant]]\nid = \"kara\"\ncharacter = \"nobody.toml\"\nside = \"a\"\nrow = \"front\"\n\n[[combatant]]\nid = \"brute\"\ncharacter = \"brute.toml\"\nside = \"b\"\nrow = \"front\"\n",
    )
    .unwrap();
    let err = fails(&["sim", missing.to_str().unwrap(), "--runs", "3"]);
    assert!(
        err.contains("cannot run") && err.contains("nobody.toml"),
        "{err}"
    );
    // A Station scenario with a problem, named with its line.
    let scenario = dir.join("bad.txt");
    let text = std::fs::read_to_string(format!("{STATION}derelict-lab.txt"))
        .unwrap()
        .replace(
            "player: ana marine picks 1 2 1",
            "player: ana pilot picks 1 2 1",
        );
    std::fs::write(&scenario, text).unwrap();
    let err = fails(&["sim", scenario.to_str().unwrap(), "--runs", "3"]);
    assert!(
        err.contains("cannot be played") && err.contains("pilot"),
        "{err}"
    );
    // A forced ruleset that does not fit the file.
    let err = fails(&[
        "sim",
        &format!("{D20}ford-ambush.toml"),
        "--ruleset",
        "station",
        "--runs",
        "3",
    ]);
    assert!(err.contains("cannot be played"), "{err}");
    let err = fails(&["sim", "no-such-scenario.txt"]);
    assert!(err.contains("cannot read the encounter file"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
