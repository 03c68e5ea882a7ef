//! `nanite sim` and `nanite cx odds --plot` end to end: reports that a seed
//! fixes whatever the thread count, charts with a bar per outcome, and bad
//! input refused before anything is played.

use super::*;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/compound-x/");

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

#[test]
fn the_sim_chart_has_rounds_and_each_sides_losses() {
    let file = format!("{EXAMPLES}depot-ambush.toml");
    let dir = std::env::temp_dir().join(format!("nanite-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("sim.svg");
    let out = succeeds(&["sim", &file, "--runs", "5", "--plot", svg.to_str().unwrap()]);
    assert!(out.is_empty(), "--plot alone prints no table: {out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let charts = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("chart"))
        .count();
    assert_eq!(charts, 3, "rounds, then the crew's and the raiders' losses");
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
    let dir = std::env::temp_dir().join(format!("nanite-sim-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for who in ["vex", "raider"] {
        std::fs::copy(
            format!("{EXAMPLES}{who}.toml"),
            dir.join(format!("{who}.toml")),
        )
        .unwrap();
    }
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "format = 1\n\n[[combatant]]\nid = \"vex\"\ncharacter = \"vex.toml\"\nside = \"crew\"\n\n[[combatant]]\nid = \"raider\"\ncharacter = \"raider.toml\"\nside = \"raiders\"\n",
    )
    .unwrap();
    let err = fails(&["sim", bad.to_str().unwrap(), "--runs", "3"]);
    assert!(err.contains("between vex and raider is not set"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
