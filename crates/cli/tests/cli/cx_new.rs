//! `nanite cx new`, the guided builder, driven by scripted answers on stdin.

use std::path::{Path, PathBuf};

use super::*;

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("nanite-cx-new-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The answers, one a line.
fn script(answers: &[&str]) -> String {
    let mut text = answers.join("\n");
    text.push('\n');
    text
}

/// A level 0 human soldier, up to (not including) the target level.
const SOLDIER: &[&str] = &[
    "Vex Marrow",
    "human",
    "soldier",
    // STR PER FORT CHA INT DEX LUCK
    "7",
    "6",
    "6",
    "6",
    "6",
    "5",
    "6",
    // STR 7 is the largest source of both MS and CA.
    "movement_speed",
    // 50 starting points: the step ends by itself when they are spent.
    "smgs",
    "40",
    "awareness",
    "10",
    // A weapon with one attachment and 3 spare magazines, then no more.
    "smg",
    "dot-sight",
    "",
    "3",
    "",
    // Armor, shield, no cloak.
    "flak-jacket",
    "cs-1",
    "",
    // Two medikits, then no more items.
    "medikit",
    "2",
    "",
];

fn new_character(out: &Path, answers: &[&str], extra: &[&str]) -> Output {
    let mut args = vec!["cx", "new", "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    nanite_with_input(&args, &script(answers))
}

fn checks_clean(file: &Path) {
    let out = succeeds(&["cx", "check", file.to_str().unwrap()]);
    assert!(out.ends_with(": no problems\n"), "{out}");
}

#[test]
fn builds_a_level_0_soldier_that_checks_clean() {
    // rule: CX-STAT-02
    let dir = Scratch::new("level-0");
    let file = dir.file("vex.toml");
    let mut answers = SOLDIER.to_vec();
    answers.push("0");
    let output = new_character(&file, &answers, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    for shown in [
        "Race (1-5 or an id): human",
        "STR (1-9, 42 points left) [6]: 7",
        "LUCK (6, 6 points left) [6]: 6",
        "STR 7 is the largest source of both Movement Speed and Carry Ability",
        "2) carry_ability   Movement Speed 5 (from DEX), Carry Ability 7 (from STR)",
        "-- So far: Vex Marrow, level 0 Human Soldier --",
        "   skills   50 of 50 points spent: smgs 40, awareness 10",
        "Vex Marrow: level 0 Human Soldier\n=================================",
        "Check: no problems.",
    ] {
        assert!(out.contains(shown), "missing {shown:?} in:\n{out}");
    }
    assert!(
        out.ends_with(&format!(
            "Wrote {} (Vex Marrow, level 0). Show it with `nanite cx sheet {0}`.\n",
            file.display()
        )),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    for line in [
        "race = \"human\"",
        "class = \"soldier\"",
        "level = 0",
        "secondary_choice = \"movement_speed\"",
        "money = 1500",
        "smgs = 40",
        "armor = \"flak-jacket\"",
        "attachments = [\"dot-sight\"]",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
    checks_clean(&file);
}

#[test]
fn walks_level_ups_to_level_5() {
    // rule: CX-LVL-02
    // rule: CX-LVL-03
    // rule: CX-LVL-04
    // rule: CX-LVL-05
    // rule: CX-LVL-06
    let dir = Scratch::new("level-5");
    let file = dir.file("vex.toml");
    let mut answers = SOLDIER.to_vec();
    answers.extend([
        "5",
        // Level 1: 12 points, 2 saved.
        "medicine",
        "10",
        "",
        // Level 2: 12 + 2, 4 saved; two feats.
        "stealth",
        "10",
        "",
        "steady-aim",
        "tough",
        // Level 3: 12 + 4 spent to the last point; no feat slot.
        "smgs",
        "11",
        "10",
        "awareness",
        "6",
        // Level 4: 2 saved; the third feat is left for later.
        "explosives",
        "10",
        "",
        "",
        // Level 5: the stat point first, so PER 7 opens Marksman.
        "PER",
        "medicine",
        "10",
        "",
        "marksman",
        "tactical-awareness",
    ]);
    let output = new_character(&file, &answers, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    for shown in [
        "Skill points: +12 at level 1 (2 x Skill Point Gain, rule CX-LVL-02) and 0 saved",
        "11 is too many: a level-up puts at most 10 points into one skill (rule CX-LVL-03)",
        "Feats: a level 2 character with INT 6 may own 2 chosen feats (rule CX-LVL-04)",
        "Level 5 grants a stat point",
        "Class feats: one at every 5th level (rule CX-LVL-05): 1 allowed at level 5, 0 owned.",
        "Vex Marrow is now level 5.",
        "Check: no problems.",
    ] {
        assert!(out.contains(shown), "missing {shown:?} in:\n{out}");
    }
    let text = std::fs::read_to_string(&file).unwrap();
    for line in [
        "level = 5",
        "stat_increases = [\"PER\"]",
        "feats = [\"steady-aim\", \"tough\", \"marksman\"]",
        "class_feats = [\"tactical-awareness\"]",
        "smgs = 50",
        "medicine = 20",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
    checks_clean(&file);
}

#[test]
fn an_illegal_stat_is_asked_again_naming_the_rule() {
    // rule: CX-STAT-06
    let dir = Scratch::new("illegal-stat");
    let file = dir.file("x.toml");
    let output = new_character(&file, &["Vex", "human", "soldier", "10", "0", "7"], &[]);
    let out = stdout(&output);
    assert!(
        out.contains(
            "STR (1-9, 42 points left) [6]: 10\n  10 is above 9: no stat may be above 9 at creation, before the race bonus (rule CX-STAT-06)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("STR (1-9, 42 points left) [6]: 0\n  STR would be 0: no stat may be below 1 after race bonuses (rule CX-STAT-06)\n"),
        "{out}"
    );
    assert!(out.contains("PER (1-9, 35 points left) [6]: "), "{out}");
    assert_eq!(output.status.code(), Some(2));
    assert!(!file.exists());
}

#[test]
fn input_that_ends_early_writes_nothing() {
    let dir = Scratch::new("early-end");
    let file = dir.file("x.toml");
    let output = new_character(&file, &["Vex", "human"], &[]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "error: the input ended before the question \"Class (1-8 or an id)\" was answered; nothing was written to {}\n",
            file.display()
        )
    );
    assert!(!file.exists());
    assert_eq!(
        std::fs::read_dir(&dir.0).unwrap().count(),
        0,
        "no temporary file left"
    );
}

#[test]
fn an_existing_file_is_replaced_only_with_force() {
    let dir = Scratch::new("overwrite");
    let file = dir.file("vex.toml");
    std::fs::write(&file, "keep me\n").unwrap();
    let mut answers = SOLDIER.to_vec();
    answers.push("0");
    let output = new_character(&file, &answers, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("already exists; pass --force to replace it"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty(), "nothing is asked");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me\n");
    let output = new_character(&file, &answers, &["--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
    checks_clean(&file);
}

#[test]
fn stats_at_1_and_high_charisma_limit_the_menus() {
    // rule: CX-STAT-07
    // rule: CX-STAT-12
    // rule: CX-STAT-14
    let dir = Scratch::new("stat-one");
    let file = dir.file("low.toml");
    let answers = [
        "Low",
        "2",
        "SOLDIER",
        // Tundari: 40 points, DEX +1, PER +1, FORT -1, so DEX may be 0.
        "1",
        "8",
        "6",
        "9",
        "9",
        "0",
        "7",
        "positional-mastermind",
        // A DEX skill is refused with its rule; then a legal one.
        "stealth",
        "medicine",
        "10",
        "",
        "",
        // Armor above 50% coverage is refused with STR 1.
        "flak-jacket",
        "padded-vest",
        "",
        "",
        "",
        "0",
    ];
    let output = new_character(&file, &answers, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    for shown in [
        "CHA 9+ grants Will to Survive, or Positional Mastermind instead (rule CX-STAT-14).",
        "DEX is 1: DEX skills cannot be learned and are not offered (rule CX-STAT-12).",
        "stealth is not offered: Stealth is a DEX skill and a character with DEX 1 cannot learn it (rule CX-STAT-12)",
        "STR is 1: armor above 50% coverage is not offered (rule CX-STAT-07).",
        "flak-jacket is not offered: with STR 1 no armor above 50% coverage may be worn",
    ] {
        assert!(out.contains(shown), "missing {shown:?} in:\n{out}");
    }
    assert!(
        !out.contains(") stealth "),
        "DEX skills are not on the menu:\n{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("race = \"tundari\""), "{text}");
    assert!(
        text.contains("charisma_feat = \"positional-mastermind\""),
        "{text}"
    );
    checks_clean(&file);
}
