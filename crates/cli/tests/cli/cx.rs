//! `nanite cx check | sheet | level-up` end to end.

use super::*;

/// The example character shipped in `examples/compound-x/`.
const VEX: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/compound-x/vex.toml"
);

/// A fresh copy of `text` in a temporary file.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("nanite-cx-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }

    fn text(&self) -> String {
        std::fs::read_to_string(&self.0).unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn vex() -> String {
    std::fs::read_to_string(VEX).unwrap()
}

#[test]
fn check_passes_a_valid_character() {
    let out = succeeds(&["cx", "check", VEX]);
    assert!(out.ends_with("vex.toml: no problems\n"), "{out}");
}

#[test]
fn check_lists_every_problem_and_exits_1() {
    // rule: CX-STAT-06
    // rule: CX-LVL-06
    let broken = vex()
        .replace("PER = 6", "PER = 11")
        .replace("stat_increases = [\"PER\"]", "stat_increases = []")
        .replace("smgs = 40", "smgz = 40");
    let file = TempFile::new("broken", &broken);
    let output = nanite(&["cx", "check", file.path()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("base_stats.PER: PER is 11, above the creation limit of 9"),
        "{out}"
    );
    assert!(out.contains("(rule CX-STAT-06)"), "{out}");
    assert!(
        out.contains("stat_increases: a level 5 character has 1 stat point"),
        "{out}"
    );
    assert!(out.contains("(rule CX-LVL-06)"), "{out}");
    assert!(
        out.contains("broken.toml:"),
        "problems name the file and line: {out}"
    );
}

#[test]
fn check_reports_unknown_fields_with_their_line() {
    let broken = vex().replace("money = 1200", "mony = 1200");
    let file = TempFile::new("typo", &broken);
    let output = nanite(&["cx", "check", file.path()]);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert!(
        out.contains("typo.toml:11: mony: unknown field `mony`"),
        "{out}"
    );
    assert!(out.contains("did you mean `money`?"), "{out}");
}

#[test]
fn check_json_lists_diagnostics() {
    let broken = vex().replace("race = \"human\"", "race = \"elf\"");
    let file = TempFile::new("elf", &broken);
    let output = nanite(&["cx", "check", "--json", file.path()]);
    assert_eq!(output.status.code(), Some(1));
    let found: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(found[0]["field"], "race");
    assert_eq!(found[0]["rule"], "CX-CONTENT-01");
    assert_eq!(found[0]["line"], 4);
    assert!(found[0]["help"].as_str().unwrap().contains("human"));
}

#[test]
fn sheet_json_has_the_documented_shape() {
    // rule: CX-STAT-04
    // rule: CX-RNG-02
    let sheet = json(&["cx", "sheet", "--json", VEX]);
    for key in [
        "stats",
        "stat_bonus",
        "saves",
        "secondary",
        "crit_range",
        "max_hp",
        "nanites",
        "weapons",
    ] {
        assert!(sheet.get(key).is_some(), "missing {key}");
    }
    for key in ["will", "shock", "reflex"] {
        assert!(sheet["saves"][key].is_i64(), "saves.{key}");
    }
    for key in ["movement_speed", "carry_ability", "skill_point_gain"] {
        assert!(sheet["secondary"][key].is_i64(), "secondary.{key}");
    }
    let smg = &sheet["weapons"][0];
    assert_eq!(smg["name"], "Basic SMG");
    // PER 7 (+0.5), Steady Aim (+0.5), Dot Sight (+0.5): 1.5 truncates to 1.
    assert_eq!(smg["miss_chances"]["semi"], serde_json::json!([3, 4, 5]));
    assert_eq!(smg["miss_chances"]["burst"], serde_json::json!([4, 5, 6]));
    assert_eq!(smg["miss_chances"]["auto"], serde_json::json!([6, 7, 8]));
    let grenade = &sheet["weapons"][1];
    assert!(
        grenade["miss_chances"].get("burst").is_none(),
        "absent modes are omitted"
    );
}

#[test]
fn sheet_text_and_markdown_show_breakdowns() {
    let text = succeeds(&["cx", "sheet", VEX]);
    assert!(
        text.starts_with("Vex Marrow: level 5 Human Soldier\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "PER   7      +8     +0.5    7 = 6 assigned base stat + 1 level stat point at level 5"
        ),
        "{text}"
    );
    assert!(text.contains("sample content"), "{text}");
    let md = succeeds(&["cx", "sheet", "--markdown", VEX]);
    assert!(
        md.starts_with("# Vex Marrow: level 5 Human Soldier\n"),
        "{md}"
    );
    assert!(md.contains("| aimed | semi | 3 | 4 | 5 |"), "{md}");
    // rule: CX-RNG-05
    // The hip row is usable and says which optic it leaves out: 4/5/6 + 3,
    // less PER and Steady Aim (1), without the Dot Sight.
    assert!(
        md.contains("| hip (no Dot Sight) | semi | 6 | 7 | 8 |"),
        "{md}"
    );
}

#[test]
fn sheet_refuses_an_invalid_character() {
    let file = TempFile::new("over", &vex().replace("level = 5", "level = 25"));
    let err = fails(&["cx", "sheet", file.path()]);
    assert!(err.contains("level 25 is outside 0..20"), "{err}");
    assert!(err.contains("nanite cx check"), "{err}");
}

#[test]
fn level_up_rewrites_the_file_and_recomputes() {
    // rule: CX-LVL-02
    // rule: CX-STAT-18
    let file = TempFile::new("levelup", &vex());
    let out = succeeds(&[
        "cx",
        "level-up",
        file.path(),
        "--skill",
        "smgs=2",
        "--skill",
        "repair=10",
    ]);
    assert!(out.contains("Vex Marrow is now level 6."), "{out}");
    assert!(
        out.contains("Skill points: +12 this level, 0 saved for later."),
        "{out}"
    );
    assert!(out.contains("Feats allowed: 3 -> 4"), "{out}");
    let text = file.text();
    assert!(text.contains("level = 6"), "{text}");
    assert!(text.contains("smgs = 42"), "{text}");
    assert!(text.contains("repair = 10"), "{text}");
    succeeds(&["cx", "check", file.path()]);
}

#[test]
fn level_up_refuses_illegal_choices_and_changes_nothing() {
    // rule: CX-LVL-03
    let file = TempFile::new("refused", &vex());
    let err = fails(&[
        "cx",
        "level-up",
        file.path(),
        "--skill",
        "smgs=11",
        "--stat",
        "PER",
    ]);
    assert!(
        err.contains("cannot reach level 6; nothing was changed"),
        "{err}"
    );
    assert!(
        err.contains("a level-up puts at most 10 into any one skill"),
        "{err}"
    );
    assert!(err.contains("level 6 grants no stat point"), "{err}");
    assert_eq!(file.text(), vex());
}

#[test]
fn level_up_dry_run_writes_nothing() {
    let file = TempFile::new("dry", &vex());
    let out = succeeds(&["cx", "level-up", file.path(), "--dry-run"]);
    assert!(out.contains("dry run"), "{out}");
    assert_eq!(file.text(), vex());
}

#[test]
fn a_broken_pack_is_refused_with_every_problem() {
    // rule: CX-CONTENT-01
    let dir = std::env::temp_dir().join(format!("nanite-cx-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("pack.toml"),
        "[pack]\nformat = 1\nid = \"p\"\nname = \"P\"\nruleset = \"compound-x\"\n\n[formulas]\nmax_hp = \"100 + FORTT\"\nnanites = \"10 * INT\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("races.toml"),
        "[race.elf]\nname = \"Elf\"\nstat_point = 40\n",
    )
    .unwrap();
    let pack = dir.to_str().unwrap().to_string();
    let err = fails(&["cx", "--pack", &pack, "check", VEX]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(err.contains("the content pack has 3 errors"), "{err}");
    assert!(
        err.contains(
            "pack.toml:8: formulas.max_hp: formula `100 + FORTT` uses unknown variable FORTT"
        ),
        "{err}"
    );
    assert!(
        err.contains("races.toml:1: race.elf.stat_points: missing required field `stat_points`"),
        "{err}"
    );
    assert!(
        err.contains("races.toml:3: race.elf.stat_point: unknown field `stat_point`"),
        "{err}"
    );
}

#[test]
fn odds_are_exact_and_leave_out_shots_that_cannot_be_taken() {
    // rule: CX-RNG-01
    // rule: CX-RNG-05
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/compound-x/");
    let vex = format!("{examples}vex.toml");
    let raider = format!("{examples}raider.toml");
    let out = succeeds(&[
        "cx", "odds", &vex, "--target", &raider, "--cover", "partial", "--weapon", "smg", "--json",
    ]);
    let lines: Value = serde_json::from_str(&out).expect("JSON");
    let lines = lines.as_array().expect("a list");
    let at = |fire: &str, mode: &str, distance: i64| {
        lines
            .iter()
            .find(|l| l["fire"] == fire && l["mode"] == mode && l["distance"] == distance)
    };
    // Aimed semi at 20 m: row 4 + partial cover 2 = 6, so 4 faces of 10 hit.
    let line = at("aimed", "semi", 20).expect("aimed semi at 20 m");
    assert_eq!(line["miss_chance"], 6);
    assert!((line["hit"].as_f64().unwrap() - 0.4).abs() < 1e-12);
    let total: f64 = line["damage"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[1].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
    // rule: CX-RNG-05
    // The Dot Sight is optical: hip fire is listed without it, semi at 20 m
    // row 7 (base 5 + 3 - 1) + partial cover 2 = 9.
    let line = at("hip", "semi", 20).expect("hip semi at 20 m");
    assert_eq!(line["miss_chance"], 9);
    let err = fails(&["cx", "odds", &vex, "--target", &raider, "--weapon", "rifle"]);
    assert!(err.contains("carries no weapon 'rifle'"), "{err}");
}
