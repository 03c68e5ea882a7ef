//! End-to-end tests of the `nanite` binary: arguments in, stdout, stderr and
//! exit code out.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use expect_test::expect;
use serde_json::Value;

#[path = "cli/campaign_files.rs"]
mod campaign_files;
#[path = "cli/completions.rs"]
mod completions;
#[path = "cli/cx.rs"]
mod cx;
#[path = "cli/cx_encounter.rs"]
mod cx_encounter;
#[path = "cli/cx_new.rs"]
mod cx_new;
#[path = "cli/cx_play.rs"]
mod cx_play;
#[path = "cli/d20.rs"]
mod d20;
#[path = "cli/d20_play.rs"]
mod d20_play;
#[path = "cli/durability.rs"]
mod durability;
#[path = "cli/failover.rs"]
mod failover;
#[path = "cli/negative_numbers.rs"]
mod negative_numbers;
#[path = "cli/revocation.rs"]
mod revocation;
#[path = "cli/scale_out.rs"]
mod scale_out;
#[path = "cli/serve.rs"]
mod serve;
#[path = "cli/sim.rs"]
mod sim;
#[path = "cli/sim_map.rs"]
mod sim_map;
#[path = "cli/transfer.rs"]
mod transfer;

/// A scratch directory, `nanite-{what}-{pid}-{name}` in the system's
/// temporary one, with copies of example files of `examples/{ruleset}/`,
/// removed when dropped.
struct Room(PathBuf);

impl Room {
    fn new(what: &str, name: &str, ruleset: &str, files: &[&str]) -> Self {
        let dir = std::env::temp_dir().join(format!("nanite-{what}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let examples = format!("{}/../../examples/{ruleset}/", env!("CARGO_MANIFEST_DIR"));
        for file in files {
            std::fs::copy(format!("{examples}{file}"), dir.join(file)).unwrap();
        }
        Room(dir)
    }

    /// The path of `file` in the room.
    fn path(&self, file: &str) -> String {
        self.0.join(file).to_str().unwrap().to_string()
    }

    /// Writes `file` with `text`; returns its path.
    fn write(&self, file: &str, text: &str) -> String {
        std::fs::write(self.0.join(file), text).unwrap();
        self.path(file)
    }

    /// The text of `file`.
    fn read(&self, file: &str) -> String {
        std::fs::read_to_string(self.0.join(file)).unwrap()
    }

    fn exists(&self, file: &str) -> bool {
        self.0.join(file).exists()
    }

    /// The `play` session file.
    fn session(&self) -> String {
        self.path("session.toml")
    }

    /// The `play` session file's text.
    fn saved(&self) -> String {
        self.read("session.toml")
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `nanite RULESET play` of the room's session with `args`, typing `input`;
/// it must succeed. Returns its standard output.
fn play_in(room: &Room, ruleset: &str, input: &str, args: &[&str]) -> String {
    let session = room.session();
    let mut all = vec![ruleset, "play", session.as_str()];
    all.extend(args);
    let output = nanite_with_input(&all, input);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

/// Types `commands` then `undo` twice at `nanite RULESET play` of the
/// room's session: the last two commands are taken back (`undone`, the
/// newest first), and the saved file forgets them (has none of
/// `forgotten`).
fn undo_twice_in(
    room: &Room,
    ruleset: &str,
    commands: &str,
    undone: [&str; 2],
    forgotten: [&str; 2],
) {
    let input = format!("{commands}undo\nundo\nstatus\n");
    let out = play_in(room, ruleset, &input, &["--seed", "1"]);
    for command in undone {
        assert!(out.contains(&format!("undone: {command}")), "{out}");
    }
    let saved = room.saved();
    for words in forgotten {
        assert!(!saved.contains(words), "{saved}");
    }
}

/// `help` at `nanite RULESET play` of the room's session lists the
/// prompt's words and the script's, among them each of `forms`.
fn help_lists_in(room: &Room, ruleset: &str, forms: &[&str]) {
    let out = play_in(room, ruleset, "help\n", &[]);
    for form in forms {
        assert!(out.contains(form), "{form}: {out}");
    }
}

/// Runs `nanite` with `args` and no standard input.
fn nanite(args: &[&str]) -> Output {
    nanite_with_input(args, "")
}

/// Runs `nanite` with `args`, typing `input` on its standard input.
fn nanite_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nanite"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nanite binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A program that refuses early stops reading: the rest of the input is
    // then not wanted, and writing it may find the pipe closed.
    if let Err(e) = stdin.write_all(input.as_bytes()) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "input is written: {e}"
        );
    }
    drop(stdin);
    child.wait_with_output().expect("nanite finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs `nanite` expecting success and returns its stdout.
fn succeeds(args: &[&str]) -> String {
    let output = nanite(args);
    assert!(
        output.status.success(),
        "nanite {args:?} failed: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// Runs `nanite` expecting exit code 2 and returns its stderr.
fn fails(args: &[&str]) -> String {
    let output = nanite(args);
    assert_eq!(
        output.status.code(),
        Some(2),
        "nanite {args:?}: {}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty(), "nothing on stdout after an error");
    stderr(&output)
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&succeeds(args)).expect("stdout is one JSON document")
}

#[test]
fn seeded_rolls_show_every_die() {
    expect![[r#"
        2d10+12 # strength: 2d10 [2, 2] = 4; total 16
        4d6kh3: 4d6kh3 [2, 2, 2 dropped, 5] = 9; total 9
        d100: d100 [18 (10+8)] = 18; total 18
    "#]]
    .assert_eq(&succeeds(&[
        "roll",
        "--seed",
        "7",
        "2d10+12 # strength",
        "4d6kh3",
        "d100",
    ]));
}

#[test]
fn same_seed_same_dice() {
    let args = ["roll", "--seed", "12345", "10d10", "d6", "d6", "3d6!"];
    assert_eq!(succeeds(&args), succeeds(&args));
    // One source serves the whole run, so the two d6 come from different draws.
    let other = succeeds(&["roll", "--seed", "12346", "10d10", "d6", "d6", "3d6!"]);
    assert_ne!(succeeds(&args), other);
}

#[test]
fn json_roll_has_the_documented_shape() {
    let roll = json(&["roll", "--json", "--seed", "3", "4d6kh3+2 # strength"]);
    assert_eq!(roll["expression"], "4d6kh3+2");
    assert_eq!(roll["label"], "strength");
    assert_eq!(roll["seed"], 3);
    let total = roll["total"].as_i64().expect("total is an integer");
    assert!((5..=20).contains(&total));
    assert_eq!(roll["terms"][0]["text"], "4d6kh3");
    let dice = roll["dice"].as_array().expect("dice is an array");
    assert_eq!(dice.len(), 4);
    for die in dice {
        assert_eq!(die["sides"], 6);
        assert_eq!(die["term"], 0);
        assert_eq!(die["role"], "normal");
        assert!(die["value"].is_u64());
        for flag in ["kept", "dropped", "exploded", "rerolled"] {
            assert!(die[flag].is_boolean(), "{flag} is a boolean");
        }
    }
    assert_eq!(dice.iter().filter(|d| d["kept"] == true).count(), 3);
}

#[test]
fn json_of_several_rolls_is_an_array_and_has_no_seed_unless_given() {
    let rolls = json(&["roll", "--json", "d6", "d8"]);
    let rolls = rolls.as_array().expect("several expressions give an array");
    assert_eq!(rolls.len(), 2);
    assert!(
        rolls
            .iter()
            .all(|r| r.get("seed").is_none() && r["total"].is_i64())
    );
}

#[test]
fn scripted_dice_give_exact_totals() {
    for (dice, expr, total) in [
        ("3,7", "2d10+12", 22),
        ("6,6,1,2", "4d6kh3", 14),
        ("6,2,3", "2d6!", 11),
        ("1,5", "d6r1", 5),
        ("7,3,9", "3d10>=7", 2),
    ] {
        let roll = json(&["roll", "--json", "--dice", dice, expr]);
        assert_eq!(roll["total"], total, "--dice {dice} {expr}");
    }
    expect![[r#"
        2d10+12: 2d10 [3, 7] = 10; total 22
    "#]]
    .assert_eq(&succeeds(&["roll", "--dice", "3,7", "2d10+12"]));
}

#[test]
fn percentile_dice_read_tens_and_ones() {
    // rule: CX-DICE-01
    for (dice, total, tens, ones) in [
        ("4,6", 46, 40, 6),
        ("10,10", 100, 0, 0),
        ("10,1", 1, 0, 1),
        ("9,10", 90, 90, 0),
    ] {
        let roll = json(&["roll", "--json", "--dice", dice, "d100"]);
        assert_eq!(roll["total"], total, "--dice {dice} d100");
        let die = &roll["dice"][0];
        assert_eq!(
            (die["sides"].as_u64(), die["value"].as_i64()),
            (Some(100), Some(total))
        );
        assert_eq!(
            (die["tens"].as_i64(), die["ones"].as_i64()),
            (Some(tens), Some(ones))
        );
    }
}

#[test]
fn scripted_dice_left_over_or_missing() {
    let output = nanite(&["roll", "--dice", "3,7,10,2", "2d10"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "2d10: 2d10 [3, 7] = 10; total 10\n");
    assert!(
        stderr(&output).starts_with("warning: 2 dice of the 4 given with --dice were not used")
    );

    expect![[r#"
        error: the roll needs another d10 (for 2d10) but only 1 die was supplied; supply more dice
          2d10+12
    "#]]
    .assert_eq(&fails(&["roll", "--dice", "3", "2d10+12"]));
    let err = fails(&["roll", "--dice", "7", "d6"]);
    assert!(
        err.starts_with("error: die result 7 is impossible on a d6"),
        "{err}"
    );
}

#[test]
fn physical_dice_are_asked_for_one_by_one() {
    let output = nanite_with_input(
        &["roll", "--physical", "2d10+12 # strength"],
        "three\n3\n11\n7\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "2d10+12 # strength: 2d10 [3, 7] = 10; total 22\n"
    );
    let prompts = stderr(&output);
    assert_eq!(
        prompts.matches("d10 for strength: ").count(),
        4,
        "{prompts}"
    );
    assert!(prompts.contains("'three' is not a whole number"));
    assert!(prompts.contains("11 is not a face of a d10"));

    let output = nanite_with_input(&["roll", "--physical", "2d6"], "4\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("error: input ended while waiting for a d6 for 2d6"));
}

#[test]
fn dist_json_for_two_d6() {
    let dist = json(&["roll", "--dist", "--json", "2d6"]);
    assert_eq!(dist["expression"], "2d6");
    let outcomes = dist["outcomes"].as_array().expect("outcomes is an array");
    assert_eq!(outcomes.len(), 11);
    let chance = |table: &str, total: i64| {
        dist[table]
            .as_array()
            .and_then(|rows| rows.iter().find(|row| row[0] == total))
            .and_then(|row| row[1].as_f64())
            .unwrap_or_else(|| panic!("{table} has {total}"))
    };
    assert!((chance("outcomes", 7) - 6.0 / 36.0).abs() < 1e-12);
    assert!((chance("at_least", 7) - 21.0 / 36.0).abs() < 1e-12);
    assert!((chance("at_most", 7) - 21.0 / 36.0).abs() < 1e-12);
    assert!((dist["mean"].as_f64().expect("mean") - 7.0).abs() < 1e-12);
    assert!((dist["sd"].as_f64().expect("sd") - (35.0f64 / 6.0).sqrt()).abs() < 1e-12);
    assert_eq!(
        (dist["min"].as_i64(), dist["max"].as_i64()),
        (Some(2), Some(12))
    );
    assert_eq!(dist["truncated"], 0.0);
}

#[test]
fn dist_table_for_two_d6() {
    expect![[r#"
        2d6
        mean 7.0000, sd 2.4152, min 2, max 12
        value  probability     at least      at most
            2      2.7778%    100.0000%      2.7778%  #####
            3      5.5556%     97.2222%      8.3333%  ##########
            4      8.3333%     91.6667%     16.6667%  ###############
            5     11.1111%     83.3333%     27.7778%  ####################
            6     13.8889%     72.2222%     41.6667%  #########################
            7     16.6667%     58.3333%     58.3333%  ##############################
            8     13.8889%     41.6667%     72.2222%  #########################
            9     11.1111%     27.7778%     83.3333%  ####################
           10      8.3333%     16.6667%     91.6667%  ###############
           11      5.5556%      8.3333%     97.2222%  ##########
           12      2.7778%      2.7778%    100.0000%  #####
    "#]]
    .assert_eq(&succeeds(&["roll", "--dist", "2d6"]));
}

#[test]
fn plot_writes_one_bar_per_outcome() {
    let dir = std::env::temp_dir().join(format!("nanite-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("odds.svg");
    let path_arg = path.to_str().expect("UTF-8 temp path");
    let output = nanite(&[
        "roll",
        "--plot",
        path_arg,
        "3d6 # <fire> & \"ice\"",
        "2d6*10",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stdout.is_empty(), "--plot alone prints no table");
    assert!(stderr(&output).contains("wrote 2 charts to"));

    let svg = std::fs::read_to_string(&path).expect("the chart was written");
    let doc = roxmltree::Document::parse(&svg).expect("the chart is well-formed XML");
    let charts: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("chart"))
        .collect();
    assert_eq!(charts.len(), 2);
    let bars = |chart: &roxmltree::Node<'_, '_>| {
        chart
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("bar"))
            .count()
    };
    assert_eq!(bars(&charts[0]), 16, "3d6 has 16 totals");
    assert_eq!(bars(&charts[1]), 11, "2d6*10 has 11 totals");
    let title = charts[0]
        .descendants()
        .find(|n| n.attribute("class") == Some("title"));
    assert_eq!(title.and_then(|n| n.text()), Some("3d6 # <fire> & \"ice\""));

    // With --dist the table goes to stdout as well.
    let output = nanite(&["roll", "--dist", "--plot", path_arg, "d4"]);
    assert!(output.status.success());
    assert!(stdout(&output).starts_with("d4\nmean 2.5000"));
    std::fs::remove_dir_all(&dir).expect("temp dir removed");
}

#[test]
fn parse_errors_point_at_the_column() {
    expect![[r#"
        error: expected a number, dice (like 2d6), a variable, '(' or min/max at column 6, found end of input
          1d10+
               ^
    "#]]
    .assert_eq(&fails(&["roll", "1d10+"]));
    expect![[r#"
        error: expected the number of sides after 'd' at column 3, found end of input
          2d
            ^
    "#]]
    .assert_eq(&fails(&["roll", "--seed", "1", "d6", "2d"]));
}

#[test]
fn hostile_input_fails_cleanly() {
    let err = fails(&["roll", "999999999999999999d6"]);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("limit"), "{err}");
    let err = fails(&["roll", "99999999999999999999999d6"]);
    assert!(err.starts_with("error: "), "{err}");
    let err = fails(&["roll", "--dist", "d1000000*d1000000"]);
    assert!(err.starts_with("error: "), "{err}");
    let long = "1+".repeat(600) + "1";
    assert!(fails(&["roll", &long]).contains("over the limit"));
}

#[test]
fn usage_errors_exit_with_two() {
    for args in [
        &["roll"][..],
        &["roll", "--seed", "1", "--dist", "d6"],
        &["roll", "--seed", "1", "--dice", "3", "d6"],
        &["roll", "--dice", "3,x", "d6"],
    ] {
        assert_eq!(nanite(args).status.code(), Some(2), "nanite {args:?}");
    }
}

#[test]
fn closed_stdout_is_a_clean_exit() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nanite"))
        .args(["roll", "--dist", "1000d6"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nanite binary starts");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut first = [0u8; 8];
    stdout.read_exact(&mut first).expect("the table starts");
    assert_eq!(&first, b"1000d6\nm");
    drop(stdout);
    let output = child.wait_with_output().expect("nanite finishes");
    assert!(output.status.success(), "exit {:?}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
