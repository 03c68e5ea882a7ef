//! `nanite d20 play`: the GM's D20 prompt driven through its standard
//! input, the session file it saves after every command, and resuming and
//! replaying it.

use super::*;

/// A scratch room `name` with the example characters.
fn room(name: &str) -> Room {
    Room::new(
        "d20-play",
        name,
        "d20",
        &["kara.toml", "raider.toml", "brute.toml"],
    )
}

fn play(room: &Room, input: &str, args: &[&str]) -> String {
    play_in(room, "d20", input, args)
}

/// The `dice:` lines of an output, in order.
fn dice_lines(out: &str) -> Vec<&str> {
    out.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("dice: ") && l.contains('('))
        .collect()
}

#[test]
fn a_fight_on_a_map_is_saved_after_every_command_and_replays_exactly() {
    let room = room("map");
    let out = play(
        &room,
        "add kara kara.toml travellers 2,4\n\
         add raider raider.toml raiders 3,4\n\
         initiative kara 60\n\
         roll initiative raider\n\
         begin\n",
        &["--map", "10x8", "--seed", "11"],
    );
    let saved = room.saved();
    assert!(saved.contains("[map]\nwidth = 10\nheight = 8"), "{saved}");
    assert!(saved.contains("at = [2, 4]"), "{saved}");
    assert!(saved.contains("\"roll initiative raider\","), "{saved}");
    // Another sitting, other dice: the raider's initiative (at most 100 +
    // DEX) may beat Kara's 60, so whoever acts attacks the other.
    let more = play(
        &room,
        "kara attack raider rapier\nraider attack kara club\nnext\n",
        &["--seed", "12"],
    );
    assert!(more.contains("3 command(s) so far"), "{more}");
    assert!(
        more.contains("refused:"),
        "one of them is out of turn: {more}"
    );
    let saved = room.saved();
    assert!(saved.contains("attack"), "{saved}");
    assert!(saved.contains("\"next\","), "{saved}");
    // Replaying the session prints the same dice, purpose by purpose.
    let replay = succeeds(&["d20", "encounter", &room.session()]);
    let played: Vec<&str> = dice_lines(&out)
        .into_iter()
        .chain(dice_lines(&more))
        .collect();
    assert!(played.len() >= 2, "{out}{more}");
    assert_eq!(dice_lines(&replay), played, "{replay}");
}

#[test]
fn a_map_less_session_puts_newcomers_in_the_front_row_unless_told() {
    // rule: D20-MOVE-03
    let room = room("rows");
    let out = play(
        &room,
        "add kara kara.toml travellers back\nadd raider raider.toml raiders\nstatus\n",
        &["--initiative", "side", "--reroll", "kept"],
    );
    let saved = room.saved();
    assert!(!saved.contains("[map]"), "{saved}");
    assert!(saved.contains("initiative = \"side\""), "{saved}");
    assert!(saved.contains("reroll = \"kept\""), "{saved}");
    assert!(
        saved.contains(
            "id = \"kara\"\ncharacter = \"kara.toml\"\nside = \"travellers\"\nrow = \"back\""
        ),
        "{saved}"
    );
    assert!(
        saved.contains("side = \"raiders\"\nrow = \"front\""),
        "{saved}"
    );
    assert!(out.contains("back"), "{out}");
    // A resumed session keeps its settings and refuses new ones.
    let output = nanite_with_input(&["d20", "play", &room.session(), "--map", "4x4"], "");
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("is a session already"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn undo_takes_back_the_last_command_and_the_file_forgets_it() {
    undo_twice_in(
        &room("undo"),
        "d20",
        "add kara kara.toml travellers\nadd raider raider.toml raiders\ninitiative kara 50\n",
        ["initiative kara 50", "add raider"],
        ["raider", "initiative kara"],
    );
}

#[test]
fn mistakes_explain_themselves_and_change_nothing() {
    let room = room("mistakes");
    let out = play(
        &room,
        "add kara kara.toml travellers 2,4\n\
         add raider raider.toml raiders\n\
         add raider raider.toml raiders 20,20\n\
         add raider raider.toml raiders 3,4\n\
         initiative kara 50\ninitiative raider 40\nbegin\n\
         kara attack rader\n\
         raider attack kara\n\
         kara flies\n\
         roll 2d\n\
         add ghost nobody.toml raiders 5,5\n\
         add next raider.toml raiders 5,5\n",
        &["--map", "8x8", "--seed", "3"],
    );
    for said in [
        "give the square to stand on",
        "refused:",
        "nothing changed",
        "nobody called 'rader' is in this fight",
        "flies",
        "expected the number of sides",
        "nobody.toml",
        "`next` cannot be a combatant's id",
    ] {
        assert!(out.contains(said), "{said}: {out}");
    }
    let saved = room.saved();
    assert!(
        !saved.contains("attack"),
        "refused commands are not saved: {saved}"
    );
    assert!(!saved.contains("20, 20"), "{saved}");
    assert!(saved.contains("at = [3, 4]"), "{saved}");
}

#[test]
fn someone_added_mid_fight_joins_at_the_same_moment_on_replay() {
    let room = room("join");
    play(
        &room,
        "add kara kara.toml travellers\ninitiative kara 50\nbegin\n\
         add brute brute.toml raiders back\ninitiative brute 10\n",
        &["--seed", "5"],
    );
    let saved = room.saved();
    assert!(saved.contains("after = 2"), "{saved}");
    let replay = succeeds(&["d20", "encounter", &room.session()]);
    let enters = replay.find("> add brute").expect(&replay);
    let begins = replay.find("> begin").expect(&replay);
    assert!(begins < enters, "{replay}");
    // And the session resumes with the newcomer in its place.
    let resumed = play(&room, "status\n", &[]);
    assert!(resumed.contains("3 command(s) so far"), "{resumed}");
    assert!(resumed.contains("brute"), "{resumed}");
}

#[test]
fn help_lists_the_prompt_and_script_commands() {
    help_lists_in(
        &room("help"),
        "d20",
        &[
            "add ID CHARACTER.toml SIDE",
            "undo",
            "roll initiative",
            "ID attack TARGET",
            "ID clinch TARGET",
        ],
    );
}

#[test]
fn an_arrival_after_the_end_of_the_script_is_refused_with_its_fix() {
    let room = room("late");
    std::fs::write(
        room.session(),
        "format = 1\n\n[[combatant]]\nid = \"kara\"\ncharacter = \"kara.toml\"\nside = \"a\"\nrow = \"front\"\n\n\
         [[combatant]]\nid = \"brute\"\ncharacter = \"brute.toml\"\nside = \"b\"\nrow = \"front\"\nafter = 3\n\n\
         [script]\ncommands = [\"initiative kara 10\"]\n",
    )
    .unwrap();
    let err = fails(&["d20", "encounter", &room.session()]);
    assert!(
        err.contains("`brute` enters after 3 script commands, but the script has 1"),
        "{err}"
    );
    let output = nanite_with_input(&["d20", "play", &room.session()], "status\n");
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("enters after 3"),
        "{}",
        stderr(&output)
    );
}
