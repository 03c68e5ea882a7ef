//! Campaign play from files (docs/campaign.md, "Character state on
//! files"): `nanite cx state` / `nanite d20 state` change the state file
//! beside a character file with the engine's own rules, and `encounter
//! --carry` starts a fight from it and writes back what happened.

use super::*;

/// A room `name` with the Compound X examples of the depot ambush.
fn cx_room(name: &str) -> Room {
    Room::new(
        "campaign",
        name,
        "compound-x",
        &["vex.toml", "raider.toml", "scav.toml", "depot-ambush.toml"],
    )
}

/// `nanite RULESET encounter FILE --carry=IDS` in `room`: it runs and
/// says what it wrote back.
fn carried_fight(room: &Room, ruleset: &str, file: &str, ids: &str) {
    let carry = format!("--carry={ids}");
    let out = succeeds(&[ruleset, "encounter", &room.path(file), &carry]);
    assert!(out.contains("Carried:"), "{out}");
}

/// The state of `character` as `state show --json` prints it.
fn cx_state(room: &Room, character: &str) -> Value {
    json(&["cx", "state", "show", &room.path(character), "--json"])
}

fn d20_state(room: &Room, character: &str) -> Value {
    json(&["d20", "state", "show", &room.path(character), "--json"])
}

/// Runs `nanite` expecting exit code 1 (the rules refused) and returns stderr.
fn refused(args: &[&str]) -> String {
    let output = nanite(args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "nanite {args:?}: {}",
        stderr(&output)
    );
    stderr(&output)
}

/// A fight of Vex against a raider that only begins and ends: nobody is
/// hurt, so it is a clean encounter for Vex.
const QUIET: &str = r#"format = 1
name = "A quiet night"

[[combatant]]
id = "vex"
character = "vex.toml"
side = "crew"
initiative = 60

[[combatant]]
id = "raider"
character = "raider.toml"
side = "raiders"
initiative = 40

[[distance]]
between = ["vex", "raider"]
metres = 30

[script]
commands = ["begin", "end"]
"#;

fn fighter<'a>(fight: &'a Value, id: &str) -> &'a Value {
    &fight["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()["fighter"]
}

#[test]
fn cx_a_fight_from_files_is_written_back_and_the_next_starts_from_it() {
    // rule: CX-HEAL-01
    // rule: CX-TURN-08
    let room = cx_room("cx-carry");
    assert!(!room.exists("vex.state.toml"));
    let fresh = cx_state(&room, "vex.toml");
    assert_eq!(fresh["hp"], fresh["max_hp"], "no state file: fresh");
    assert_eq!(fresh["wounds"], serde_json::json!([]));
    carried_fight(&room, "cx", "depot-ambush.toml", "vex");
    let state = cx_state(&room, "vex.toml");
    let wounds: Vec<i64> = state["wounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_i64().unwrap())
        .collect();
    assert!(!wounds.is_empty(), "Vex was hit: {state}");
    // Each hit's damage is a wound of its own (CX-HEAL-01), and health is
    // the maximum less them.
    assert_eq!(
        state["hp"].as_i64().unwrap(),
        state["max_hp"].as_i64().unwrap() - wounds.iter().sum::<i64>()
    );
    assert!(
        state["weapons"][0]["loaded"].as_i64().unwrap()
            < fresh["weapons"][0]["loaded"].as_i64().unwrap(),
        "rounds were spent: {state}"
    );
    let file = room.read("vex.state.toml");
    assert!(file.contains("ruleset = \"compound-x\""), "{file}");
    assert!(
        file.contains("what = \"encounter Ambush at the depot\""),
        "{file}"
    );
    // Only Vex carries: the raider has no state file.
    assert!(!room.exists("raider.state.toml"));
    // The next fight starts Vex wounded and short of rounds.
    let quiet = room.write("quiet.toml", QUIET);
    let output = nanite(&["cx", "encounter", &quiet, "--json", "--carry=vex"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let fight: Value = serde_json::from_slice(&output.stdout).unwrap();
    let vex = fighter(&fight, "vex");
    assert_eq!(vex["hp"], state["hp"], "{vex}");
    assert_eq!(vex["wounds"], state["wounds"]);
    assert_eq!(vex["weapons"][0]["loaded"], state["weapons"][0]["loaded"]);
    assert!(stderr(&output).contains("Carried:"), "{}", stderr(&output));
    // A fight the script does not end writes nothing back.
    let before = room.read("vex.state.toml");
    let open = room.write(
        "open.toml",
        &QUIET.replace("[\"begin\", \"end\"]", "[\"begin\"]"),
    );
    let output = nanite(&["cx", "encounter", &open, "--carry"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("nothing was written back"), "{err}");
    assert!(err.contains("CX-TURN-08"), "{err}");
    assert_eq!(room.read("vex.state.toml"), before);
}

#[test]
fn cx_a_clean_encounter_regains_a_death_save() {
    // rule: CX-DEATH-04
    let room = Room::new(
        "campaign",
        "cx-deathsave",
        "compound-x",
        &["vex.toml", "raider.toml"],
    );
    let vex = room.path("vex.toml");
    succeeds(&[
        "cx",
        "state",
        "correct",
        &vex,
        "death-saves",
        "1",
        "--reason",
        "failed saves in the last two downings",
    ]);
    assert_eq!(cx_state(&room, "vex.toml")["death_saves"], 1);
    let quiet = room.write("quiet.toml", QUIET);
    succeeds(&["cx", "encounter", &quiet, "--carry=vex"]);
    // A whole encounter without a failed DST regains one.
    assert_eq!(cx_state(&room, "vex.toml")["death_saves"], 2);
    succeeds(&["cx", "encounter", &quiet, "--carry=vex"]);
    assert_eq!(cx_state(&room, "vex.toml")["death_saves"], 3);
    // Never more than 3.
    succeeds(&["cx", "encounter", &quiet, "--carry=vex"]);
    assert_eq!(cx_state(&room, "vex.toml")["death_saves"], 3);
    let log = room.read("vex.state.toml");
    assert!(
        log.contains("reason = \"failed saves in the last two downings\""),
        "{log}"
    );
    assert_eq!(log.matches("\n[[log]]\n").count(), 4, "{log}");
}

#[test]
fn cx_between_fights_rest_heal_and_correct_with_the_engines_rules() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-03
    // rule: CX-HEAL-04
    let room = Room::new("campaign", "cx-between", "compound-x", &["vex.toml"]);
    let vex = room.path("vex.toml");
    let max_hp = cx_state(&room, "vex.toml")["max_hp"].as_i64().unwrap();
    let max_nanites = cx_state(&room, "vex.toml")["max_nanites"].as_i64().unwrap();
    for (field, value) in [
        ("wounds", "[12]".to_string()),
        ("hp", (max_hp - 12).to_string()),
        ("nanites", "0".to_string()),
        ("shield", "0".to_string()),
    ] {
        succeeds(&[
            "cx",
            "state",
            "correct",
            &vex,
            field,
            &value,
            "--reason",
            "the last session's wounds",
        ]);
    }
    // A short rest: half the maximum nanites back, the shield full, and
    // health stays: wounds need Medicine.
    let out = succeeds(&["cx", "state", "rest", "short", &vex]);
    assert!(out.contains("wounds need Medicine (CX-HEAL-02)"), "{out}");
    let state = cx_state(&room, "vex.toml");
    assert_eq!(state["nanites"], max_nanites / 2);
    assert_eq!(state["shield"]["strength"], state["shield"]["max"]);
    assert_eq!(state["hp"], max_hp - 12);
    // A long rest: all the nanites.
    succeeds(&["cx", "state", "rest", "long", &vex]);
    assert_eq!(cx_state(&room, "vex.toml")["nanites"], max_nanites);
    // Medicine on the 12-damage wound, taking 100 out of combat: DC 12 + 20
    // without a medicine bag; a success heals the skill plus the margin,
    // never more than the wound, so the wound closes.
    let out = succeeds(&["cx", "state", "heal", &vex, "--take", "100"]);
    assert!(out.contains("CX-HEAL"), "{out}");
    let state = cx_state(&room, "vex.toml");
    assert_eq!(state["wounds"], serde_json::json!([]), "{out}");
    assert_eq!(state["hp"], max_hp);
    // Nothing left to treat: refused by the rules, nothing written.
    let before = room.read("vex.state.toml");
    let err = refused(&["cx", "state", "heal", &vex, "--take", "100"]);
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(room.read("vex.state.toml"), before);
    // Loot and resupply count what the file carries.
    succeeds(&["cx", "state", "loot", &vex, "medikit", "3"]);
    assert_eq!(cx_state(&room, "vex.toml")["items"]["medikit"], 5);
    let err = fails(&["cx", "state", "loot", &vex, "plasma-cannon", "1"]);
    assert!(err.contains("carries no 'plasma-cannon'"), "{err}");
    let log = room.read("vex.state.toml");
    assert!(log.contains("what = \"rest short\""), "{log}");
    assert!(
        log.contains("reason = \"the last session's wounds\""),
        "{log}"
    );
}

#[test]
fn cx_levels_come_with_the_xp_and_through_the_level_up_checks() {
    // rule: CX-LVL-02
    // rule: CX-LVL-07
    let room = Room::new("campaign", "cx-level", "compound-x", &["vex.toml"]);
    let vex = room.path("vex.toml");
    let before = cx_state(&room, "vex.toml");
    // Level 6 takes 6,000 XP in all (a decision: 1,000 a level).
    succeeds(&[
        "cx",
        "state",
        "award-xp",
        &vex,
        "5999",
        "--reason",
        "the depot",
    ]);
    // Two skill choices, refused below 6,000 XP and taken at it.
    let level_up: [&str; 8] = [
        "cx",
        "state",
        "level-up",
        &vex,
        "--skill",
        "smgs=2",
        "--skill",
        "repair=10",
    ];
    let err = refused(&level_up);
    assert!(err.contains("5999 XP and level 6 takes 6000"), "{err}");
    assert!(room.read("vex.toml").contains("level = 5"));
    succeeds(&["cx", "state", "award-xp", &vex, "1"]);
    // Illegal choices are refused by the level-up checks, naming the rule.
    let err = refused(&["cx", "state", "level-up", &vex, "--skill", "smgs=11"]);
    assert!(err.contains("at most 10 into any one skill"), "{err}");
    let out = succeeds(&level_up);
    assert!(out.contains("Vex Marrow is now level 6"), "{out}");
    let text = room.read("vex.toml");
    assert!(text.contains("level = 6"), "{text}");
    succeeds(&["cx", "check", &vex]);
    let after = cx_state(&room, "vex.toml");
    assert_eq!(after["level"], 6);
    assert_eq!(after["xp"], 6000);
    // The new maximum health raises health by as much.
    let gain = after["max_hp"].as_i64().unwrap() - before["max_hp"].as_i64().unwrap();
    assert_eq!(
        after["hp"].as_i64().unwrap(),
        before["hp"].as_i64().unwrap() + gain
    );
}

#[test]
fn bad_state_files_and_bad_values_are_refused_and_change_nothing() {
    // rule: CX-DEATH-04
    let room = cx_room("cx-bad");
    let vex = room.path("vex.toml");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["death-saves", "4", "--reason", "x"],
            "death saves are 1 to 3 (CX-DEATH-04)",
        ),
        (
            vec!["hp", "9999", "--reason", "x"],
            "health is at most the maximum",
        ),
        (vec!["hp", "12", "--reason", "  "], "--reason is empty"),
        (
            vec!["stamina", "3", "--reason", "x"],
            "not a correction nanite knows",
        ),
    ];
    for (args, said) in cases {
        let mut all = vec!["cx", "state", "correct", vex.as_str()];
        all.extend(args);
        let err = fails(&all);
        assert!(err.contains(said), "{all:?}: {err}");
        assert!(!room.exists("vex.state.toml"), "nothing was written");
    }
    // A correction needs a reason.
    let output = nanite(&["cx", "state", "correct", &vex, "hp", "12"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--reason"), "{}", stderr(&output));
    // A state file that is not one.
    room.write(
        "vex.state.toml",
        "format = 1\nruleset = \"compound-x\"\nhp = \"lots\"\n",
    );
    let err = fails(&["cx", "state", "show", &vex]);
    assert!(err.contains("vex.state.toml is not a state file"), "{err}");
    assert!(err.contains("remove it to start"), "{err}");
    // Another ruleset's state.
    room.write(
        "vex.state.toml",
        "format = 1\nruleset = \"d20\"\ncharacter = \"vex.toml\"\n[state]\nhp = 1\nmax_hp = 1\nenergy = 0\nmax_energy = 0\npower_points = 0\nmax_power_points = 0\nlevel = 1\n",
    );
    let err = fails(&["cx", "state", "show", &vex]);
    assert!(err.contains("holds a d20 state"), "{err}");
    std::fs::remove_file(room.0.join("vex.state.toml")).unwrap();
    // --carry names combatants of the fight.
    let ambush = room.path("depot-ambush.toml");
    let err = fails(&["cx", "encounter", &ambush, "--carry=nobody"]);
    assert!(
        err.contains("--carry nobody: no combatant has that id"),
        "{err}"
    );
    // A dead character joins no fight.
    succeeds(&[
        "cx",
        "state",
        "correct",
        &vex,
        "dead",
        "true",
        "--reason",
        "the crane",
    ]);
    let err = fails(&["cx", "encounter", &ambush, "--carry=vex"]);
    assert!(err.contains("is dead and joins no fight"), "{err}");
}

#[test]
fn d20_a_fight_from_files_and_rest_and_kits_between() {
    // rule: D20-REST-01
    // rule: D20-REST-02
    let room = Room::new(
        "campaign",
        "d20-carry",
        "d20",
        &[
            "orun.toml",
            "kara.toml",
            "brute.toml",
            "raider.toml",
            "bram.toml",
            "cellar-brawl.toml",
        ],
    );
    let orun = room.path("orun.toml");
    let fresh = d20_state(&room, "orun.toml");
    carried_fight(&room, "d20", "cellar-brawl.toml", "orun,kara");
    let state = d20_state(&room, "orun.toml");
    assert!(
        state["power_points"].as_i64().unwrap() < fresh["power_points"].as_i64().unwrap(),
        "Mind Spike was paid for: {state}"
    );
    assert!(room.exists("kara.state.toml"));
    assert!(!room.exists("brute.state.toml"));
    // Hit points down by hand, then rest: 1 a period of 8 hours, and the
    // energy and power points full again (a decision).
    let max = state["max_hp"].as_i64().unwrap();
    succeeds(&[
        "d20",
        "state",
        "correct",
        &orun,
        "hp",
        &(max - 5).to_string(),
        "--reason",
        "a fall",
    ]);
    succeeds(&["d20", "state", "rest", &orun, "--periods", "2"]);
    let rested = d20_state(&room, "orun.toml");
    assert_eq!(rested["hp"], max - 3);
    assert_eq!(rested["power_points"], rested["max_power_points"]);
    // A healing kit: an extended check, threshold 100, restoring the CON
    // score; Bram uses his own.
    let bram = room.path("bram.toml");
    let bram_max = d20_state(&room, "bram.toml")["max_hp"].as_i64().unwrap();
    succeeds(&[
        "d20",
        "state",
        "correct",
        &bram,
        "hp",
        "1",
        "--reason",
        "the brawl",
    ]);
    let out = succeeds(&["d20", "state", "kit", &bram, "healing-kit", "--seed", "3"]);
    assert!(out.contains("D20-REST-02") || out.contains("kit"), "{out}");
    let kitted = d20_state(&room, "bram.toml");
    assert_eq!(
        kitted["kits"]["healing-kit"], 0,
        "the kit is spent: {kitted}"
    );
    assert!(kitted["hp"].as_i64().unwrap() > 1, "{kitted}");
    assert!(kitted["hp"].as_i64().unwrap() <= bram_max);
    // XP and a level.
    let err = refused(&["d20", "state", "level-up", &orun]);
    assert!(err.contains("level 3 takes 3000"), "{err}");
    succeeds(&["d20", "state", "award-xp", &orun, "3000"]);
    let out = succeeds(&["d20", "state", "level-up", &orun]);
    assert!(out.contains("Orun the Seer is now level 3"), "{out}");
    assert!(room.read("orun.toml").contains("level = 3"));
    assert_eq!(d20_state(&room, "orun.toml")["level"], 3);
}

#[test]
fn cx_state_says_a_grenade_is_carried_not_loaded() {
    // A thrown weapon has no magazine: its spare count is what is carried,
    // said as the page says it.
    let room = Room::new("campaign", "cx-grenades", "compound-x", &["vex.toml"]);
    let out = succeeds(&["cx", "state", "show", &room.path("vex.toml")]);
    assert!(out.contains("Weapon 1 frag-grenade: 2 grenades\n"), "{out}");
    assert!(
        out.contains("Weapon 0 smg: 30 loaded, 3 spare magazines"),
        "{out}"
    );
    assert!(!out.contains("0 loaded, 2 spare"), "{out}");
}
