//! `nanite cx play`: the GM's prompt driven through its standard input, the
//! session file it saves after every command, and resuming it.

use super::*;

/// A scratch room `name` with the example characters.
fn room(name: &str) -> Room {
    Room::new("cx-play", name, "compound-x", &["vex.toml", "raider.toml"])
}

fn play(room: &Room, input: &str, args: &[&str]) -> String {
    play_in(room, "cx", input, args)
}

#[test]
fn a_fight_is_run_saved_after_every_command_and_replayed() {
    // rule: CX-TURN-01
    let room = room("run");
    // Physical dice: initiative 4,6 and 2,10; the shot 9, damage 5 6, armor 3 4.
    let out = play(
        &room,
        "add vex vex.toml crew\n\
         add raider raider.toml raiders cover partial\n\
         distance vex raider 12\n\
         roll initiative\n4\n6\n2\n10\n\
         begin\n\
         vex aim\n\
         vex fire semi raider\n9\n5\n6\n3\n4\n",
        &["--physical"],
    );
    assert!(
        out.contains("Vex Marrow initiative: d100 = 46 +10 = 56"),
        "{out}"
    );
    assert!(
        out.contains("d10 9 > miss chance 6: hit (CX-RNG-01)"),
        "{out}"
    );
    // No `quit`: the input just ends, as after a crash; everything is saved.
    let saved = room.saved();
    assert!(
        saved.contains("dice = [4, 6, 2, 10, 9, 5, 6, 3, 4]"),
        "{saved}"
    );
    assert!(saved.contains("\"vex fire semi raider\","), "{saved}");
    // The session replays exactly as an encounter file.
    let replay = succeeds(&["cx", "encounter", &room.session()]);
    assert!(
        replay.contains("d10 9 > miss chance 6: hit (CX-RNG-01)"),
        "{replay}"
    );
    // And resumes: the status shows the shot's effect.
    let resumed = play(&room, "status\nquit\n", &[]);
    assert!(resumed.contains("5 command(s) so far"), "{resumed}");
    assert!(resumed.contains("smg 29/30+3"), "{resumed}");
}

#[test]
fn undo_takes_back_the_last_command_and_the_file_forgets_it() {
    undo_twice_in(
        &room("undo"),
        "cx",
        "add vex vex.toml crew\nadd raider raider.toml raiders\ndistance vex raider 12\n",
        ["distance vex raider 12", "add raider"],
        ["raider", "distance vex"],
    );
}

#[test]
fn mistakes_explain_themselves_and_change_nothing() {
    // rule: CX-RNG-05
    let room = room("mistakes");
    let out = play(
        &room,
        "add vex vex.toml crew\nadd raider raider.toml raiders\ndistance vex raider 12\n\
         initiative vex 50\ninitiative raider 40\nbegin\n\
         vex fire semi rader\n\
         vex fire semi raider aimed\n\
         vex flies\n\
         roll 2d\n\
         add ghost nobody.toml crew\n",
        &["--seed", "3"],
    );
    for said in [
        "nobody called 'rader' is in this fight",
        "refused: vex cannot fire: vex has not aimed this turn",
        "nothing changed",
        "flies",
        "expected the number of sides",
        "nobody.toml",
    ] {
        assert!(out.contains(said), "{said}: {out}");
    }
    let saved = room.saved();
    assert!(
        !saved.contains("fire"),
        "refused commands are not saved: {saved}"
    );
}

#[test]
fn someone_added_mid_fight_joins_at_the_same_moment_on_replay() {
    let room = room("join");
    play(
        &room,
        "add vex vex.toml crew\ninitiative vex 50\nbegin\nvex aim\n\
         add raider raider.toml raiders\ninitiative raider 10\ndistance vex raider 12\n",
        &["--seed", "5"],
    );
    let saved = room.saved();
    assert!(saved.contains("after = 3"), "{saved}");
    let replay = succeeds(&["cx", "encounter", &room.session()]);
    assert!(replay.contains("Depot Raider (raider) enters"), "{replay}");
}

#[test]
fn help_lists_the_prompt_and_script_commands() {
    help_lists_in(
        &room("help"),
        "cx",
        &[
            "add ID CHARACTER.toml SIDE",
            "undo",
            "roll initiative",
            "fire",
        ],
    );
}
