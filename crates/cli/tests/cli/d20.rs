//! `nanite d20 sheet | check | encounter` end to end.

use super::*;

/// An example of `examples/d20/`.
fn example(name: &str) -> String {
    format!(
        "{}/../../examples/d20/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A scratch directory with copies of the D20 examples, removed on drop.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("nanite-d20-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for entry in
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/d20")).unwrap()
        {
            let path = entry.unwrap().path();
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
        Self(dir)
    }

    /// Writes `file` with `text`; returns its path.
    fn write(&self, file: &str, text: &str) -> String {
        let path = self.0.join(file);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    /// Writes example `name` as `file`, each `(from, to)` of `edits`
    /// replaced; returns its path.
    fn edited(&self, name: &str, file: &str, edits: &[(&str, &str)]) -> String {
        let mut text = std::fs::read_to_string(example(name)).unwrap();
        for (from, to) in edits {
            text = text.replace(from, to);
        }
        self.write(file, &text)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn sheet_shows_every_number_with_its_source() {
    // rule: D20-CHK-01, D20-CHK-02, D20-INIT-01
    // Kara: DEX 16 is +3, so her rapier (finesse) attacks at +3 + 3 = +6 for
    // 1d6+3; Defense 10 + 3 + 2 = 15; HP 12 + 5 * 2 = 22.
    let out = succeeds(&["d20", "sheet", &example("kara")]);
    expect![[r#"
        Kara Voss, level 3
        campaign: attribute bonus (SCORE - 10) / 2, initiative by combatant, rolled each round

          Attributes  STR 12 (+1)  DEX 16 (+3)  CON 12 (+1)  WIS 10 (+0)
          Hit points  22
          Defense     15 = 10 rule base Defense (decision, D20-CHK-03) + 3 rule DEX 16 bonus + 2 equipment Leather Armor
          Speed       30 ft a turn, 60 ft giving up the action (D20-MOVE-01)
          Initiative  1d100 + 16, the DEX score (D20-INIT-01)
          Magic       spell energy 0, power points 0, spell resistance 0, power resistance 0

        Skills: d20 + attribute bonus + skill level (D20-CHK-01)
          skill                              attribute  level  check  also
          Melee Fighting (melee-fighting)    STR        3      +4     DEX +6 (finesse)
          Ranged Fighting (ranged-fighting)  DEX        2      +5
          Athletics (athletics)              STR        0      +1     CON +1 (gm)
          Acrobatics (acrobatics)            DEX        2      +5
          Stealth (stealth)                  DEX        0      +3
          Endurance (endurance)              CON        0      +1
          Perception (perception)            WIS        1      +1
          Medicine (medicine)                WIS        0      +0
          Survival (survival)                WIS        0      +0     CON +1 (gm)
          Spellcasting (spellcasting)        WIS        0      +0
          Psionics (psionics)                WIS        0      +0

        Non-skill checks: d20 + attribute bonus + level 3 (D20-CHK-02)
          STR +4  DEX +6  CON +4  WIS +3

        Weapons: attack against Defense, meets or beats
          #  weapon               attack  damage  reach
          0  Rapier (rapier)      +6 DEX  1d6+3   5 ft   finesse
          1  Shortbow (shortbow)  +5 DEX  1d6     80 ft

        Armor: Leather Armor
    "#]]
    .assert_eq(&out);
}

#[test]
fn sheet_json_and_the_bonus_formula_setting() {
    let sheet = json(&["d20", "sheet", "--json", &example("ilsa")]);
    assert_eq!(sheet["name"], "Ilsa Wren");
    assert_eq!(sheet["max_hp"], 21);
    assert_eq!(sheet["spell_energy"], 22);
    assert_eq!(sheet["bonus_formula"], "(SCORE - 10) / 2");
    assert_eq!(sheet["magic"][0]["id"], "firebolt");
    // The campaign's bonus formula is a setting (the catalog's decision).
    let thirds = json(&[
        "d20",
        "--attribute-bonus",
        "(SCORE - 10) / 3",
        "sheet",
        "--json",
        &example("ilsa"),
    ]);
    assert_eq!(thirds["attributes"][3]["bonus"], 2, "WIS 16: 6 / 3");
    let err = fails(&["d20", "--attribute-bonus", "1d6", "sheet", &example("ilsa")]);
    assert!(
        err.contains("rolls dice; it must be a fixed number"),
        "{err}"
    );
}

#[test]
fn a_broken_character_lists_every_problem() {
    let scratch = Scratch::new("broken");
    let path = scratch.edited(
        "kara",
        "broken.toml",
        &[
            ("DEX = 16", "DEX = 40"),
            ("acrobatics = 2", "acrobatix = 2"),
        ],
    );
    let err = fails(&["d20", "sheet", &path]);
    assert!(err.contains("has 2 errors"), "{err}");
    assert!(
        err.contains(
            "broken.toml:10: attributes.DEX: DEX is 40, outside 1 to 30 (rule D20-CHK-01)"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "broken.toml:17: skills.acrobatix: no skill `acrobatix` in the pack (rule D20-CHK-01)"
        ),
        "{err}"
    );
}

#[test]
fn checks_show_their_die_and_modifiers() {
    // rule: D20-CHK-01, D20-CHK-02, D20-CHK-03
    expect![[r#"
        Kara Voss: Melee Fighting (DEX) check against DC 15
        d20 = 9 (Melee Fighting (DEX) check)
          +3 DEX 16 bonus, with a finesse weapon (D20-CHK-01)
          +3 Melee Fighting level
        total: 15
        total 15 >= DC 15: success (meets or beats, D20-CHK-03)
    "#]]
    .assert_eq(&succeeds(&[
        "d20",
        "check",
        &example("kara"),
        "melee-fighting",
        "--attribute",
        "DEX",
        "--dc",
        "15",
        "--dice",
        "9",
    ]));
    // A non-skill check: WIS -1 + level 2.
    let out = succeeds(&[
        "d20",
        "check",
        &example("bram"),
        "WIS",
        "--dc",
        "10",
        "--dice",
        "8",
    ]);
    assert!(
        out.ends_with("total 9 < DC 10: failure (meets or beats, D20-CHK-03)\n"),
        "{out}"
    );
    // A hidden DC shows only the outcome.
    assert_eq!(
        succeeds(&[
            "d20",
            "check",
            &example("bram"),
            "athletics",
            "--dc",
            "12",
            "--hidden",
            "--dice",
            "8"
        ]),
        "Bram Holt: Athletics (STR) check against a hidden DC\nd20 = 8, total 13: success\n"
    );
    let v = json(&[
        "d20",
        "check",
        &example("bram"),
        "athletics",
        "--dc",
        "12",
        "--hidden",
        "--dice",
        "8",
        "--json",
    ]);
    assert_eq!(v["dc"], serde_json::json!({ "hidden": true }));
    assert_eq!(
        (v["total"].as_i64(), v["success"].as_bool()),
        (Some(13), Some(true))
    );
    let err = fails(&[
        "d20",
        "check",
        &example("kara"),
        "melee-fighting",
        "--attribute",
        "WIS",
        "--dc",
        "10",
    ]);
    assert_eq!(
        err,
        "error: Melee Fighting uses STR or DEX (finesse); WIS is not allowed for it (D20-CHK-01)\n"
    );
}

#[test]
fn opposed_and_extended_checks() {
    // rule: D20-CHK-03, D20-CHK-04
    // Kara DEX +6 against the raider's +2: 10 + 6 ties 14 + 2, then 5 against 1.
    let v = json(&[
        "d20",
        "check",
        &example("kara"),
        "DEX",
        "--against",
        &example("raider"),
        "--dice",
        "10,14,5,1",
        "--json",
    ]);
    assert_eq!(v["kind"], "opposed");
    assert_eq!(v["rolls"], serde_json::json!([[10, 14], [5, 1]]));
    assert_eq!(v["actor_wins"], true);
    // Medicine +5 until 30, 20 minutes a check, at most two: 8 + 9 fails.
    let out = succeeds(&[
        "d20",
        "check",
        &example("ilsa"),
        "medicine",
        "--threshold",
        "30",
        "--every",
        "20",
        "--max-checks",
        "2",
        "--dice",
        "3,4",
    ]);
    assert!(
        out.contains(
            "accumulated 17 < threshold 30: failed: the GM's 2 check(s) are used up (D20-CHK-04)"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("failed after 2 check(s), 40 min of in-game time\n"),
        "{out}"
    );
    let v = json(&[
        "d20",
        "check",
        &example("ilsa"),
        "medicine",
        "--threshold",
        "30",
        "--dice",
        "20,20",
        "--json",
    ]);
    assert_eq!(
        (v["reached"].as_bool(), v["minutes"].as_i64()),
        (Some(true), Some(120))
    );
}

#[test]
fn the_map_example_runs_to_its_end() {
    // rule: D20-INIT-01, D20-INIT-02, D20-MOVE-01, D20-CAST-01, D20-GRAP-02, D20-GRAP-03, D20-GRAP-05, D20-GRAP-06, D20-REST-02
    let out = succeeds(&["d20", "encounter", &example("ford-ambush")]);
    for line in [
        "  Kara Voss initiative: d100 = 45 + DEX 16 = 61 (D20-INIT-01)\n",
        "  Ilsa Wren's casting Firebolt ends at the start of Ilsa Wren's turn\n",
        "  Bram Holt and Bandit Brute are grappling; Bram Holt has Grappling Advantage (D20-GRAP-02)\n",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    let status = &out[out.find("Status\n").unwrap()..];
    expect![[r#"
        Status
        ======
          #  id      name           side        init  HP     place  energy    state
          1  raider  Bandit Raider  bandits     63    -1/12  (7,3)  -         down
          2  kara    Kara Voss      travellers  61    22/22  (7,4)  -         -
          3  bram    Bram Holt      travellers  41    19/20  (5,4)  -         -
          4  ilsa    Ilsa Wren      travellers  32    21/21  (1,5)  15/22 SE  -
          5  brute   Bandit Brute   bandits     22    -1/19  (6,5)  -         down
        the fight is over
    "#]]
    .assert_eq(status);
}

#[test]
fn the_rows_example_runs_to_its_end() {
    // rule: D20-MOVE-03, D20-INIT-03, D20-CAST-02, D20-CAST-03, D20-REST-01
    let out = succeeds(&["d20", "encounter", &example("cellar-brawl")]);
    for said in [
        "side initiative (D20-INIT-03): heroes d100 = 25; smugglers d100 = 80",
        "Orun the Seer must keep concentrating: kept",
        "against Bandit Brute's power resistance 12 (D20-CAST-03; psionics ignores spell resistance)",
        "Orun the Seer rests 2 period(s) of 8 hours and regains 2 HP (D20-REST-01)",
    ] {
        assert!(out.contains(said), "{said}: {out}");
    }
}

#[test]
fn encounter_json_carries_events_dice_and_the_battle() {
    let v = json(&["d20", "encounter", "--json", &example("ford-ambush")]);
    assert_eq!(v["name"], "Ambush at the ford");
    assert_eq!(v["source"]["kind"], "scripted");
    assert!(v["stop"].is_null());
    let commands = v["commands"].as_array().unwrap();
    assert_eq!(commands[0]["text"], "roll initiative");
    assert_eq!(
        commands[0]["dice"][0],
        serde_json::json!({ "sides": 100, "value": 45, "purpose": "initiative d100 for Kara Voss" })
    );
    assert_eq!(commands[2]["events"][1]["event"], "attacked");
    assert_eq!(commands[2]["events"][1]["breakdown"][0]["step"], "die");
    assert_eq!(v["battle"]["combatants"]["kara"]["hp"], 22);
}

#[test]
fn seeded_fights_repeat() {
    let a = succeeds_or_refused(&["d20", "encounter", "--seed", "11", &example("cellar-brawl")]);
    let b = succeeds_or_refused(&["d20", "encounter", "--seed", "11", &example("cellar-brawl")]);
    assert_eq!(a, b);
}

/// Runs `nanite`, accepting a refused script line (exit 1), returning stdout.
fn succeeds_or_refused(args: &[&str]) -> String {
    let output = nanite(args);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        stderr(&output)
    );
    stdout(&output)
}

#[test]
fn a_refused_line_stops_the_fight_with_exit_1() {
    let scratch = Scratch::new("refused");
    let path = scratch.edited(
        "ford-ambush",
        "fight.toml",
        &[(
            "\"kara attack raider rapier\"",
            "\"kara attack brute rapier\"",
        )],
    );
    let output = nanite(&["d20", "encounter", &path]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).contains("> kara attack brute rapier\n  refused: Kara Voss cannot reach: Bandit Brute is 10 ft away, beyond 5 ft (melee reaches adjacent squares)\n"));
    assert!(
        stderr(&output)
            .contains("fight.toml:69: `kara attack brute rapier`: Kara Voss cannot reach"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("the command changed nothing"));
}

#[test]
fn a_broken_encounter_file_lists_every_problem_before_any_die() {
    let scratch = Scratch::new("broken-encounter");
    let path = scratch.edited(
        "ford-ambush",
        "fight.toml",
        &[
            ("\"kara move 6,3\"", "\"kara move 6 3\""),
            ("\"bram clinch brute\"", "\"bram clinch brutus\""),
            ("at = [6, 5]", "at = [16, 5]"),
        ],
    );
    let err = fails(&["d20", "encounter", &path]);
    assert!(err.contains("cannot run: 3 errors"), "{err}");
    assert!(
        err.contains("combatant[4].at: (16,5) is off the map, which runs from (0,0) to (9,7)"),
        "{err}"
    );
    assert!(
        err.contains("script.commands[4]: `kara move 6 3`: column 11: `6` is not a square"),
        "{err}"
    );
    assert!(
        err.contains(
            "script.commands[8]: `bram clinch brutus`: nobody called `brutus` is in this fight"
        ),
        "{err}"
    );
    // Weapons are checked against the characters before any die is rolled.
    let path = scratch.edited(
        "ford-ambush",
        "axe.toml",
        &[(
            "\"kara attack raider rapier\"",
            "\"kara attack raider axe\"",
        )],
    );
    let err = fails(&["d20", "encounter", &path]);
    assert!(
        err.contains("`kara attack raider axe`: Kara Voss carries no `axe`"),
        "{err}"
    );
    assert!(
        err.contains("its weapons: 0 rapier, 1 shortbow, or `unarmed`"),
        "{err}"
    );
}

#[test]
fn too_few_dice_is_an_error_naming_the_die() {
    let err = stderr(&nanite(&[
        "d20",
        "encounter",
        "--dice",
        "1,2,3",
        &example("ford-ambush"),
    ]));
    assert!(err.contains("`roll initiative` cannot be decided"), "{err}");
    assert!(err.contains("initiative d100 for Bandit Raider"), "{err}");
}
