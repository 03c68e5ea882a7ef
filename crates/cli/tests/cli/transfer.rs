//! `nanite export` and `nanite import`: a campaign played on one server
//! moves to another database whole (its table, rolls, encounters and
//! invitation links); bad files and campaigns already there are refused
//! with a clear error and change nothing; `--replace` swaps a campaign for
//! the file's copy.

use serde_json::{Value, json};

use super::serve::{RAIDER, Server, campaign_of, http, sqlite};
use super::{nanite, stderr, stdout};

fn export(database: &str, campaigns: &[&str]) -> Value {
    let mut args = vec!["export", "--database", database];
    args.extend(campaigns);
    let output = nanite(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("the export is JSON")
}

fn refused(args: &[&str]) -> String {
    let output = nanite(args);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
    stderr(&output)
}

#[test]
fn a_campaign_moves_to_another_database_and_bad_imports_change_nothing() {
    let (from, from_path) = sqlite();
    let (to, to_path) = sqlite();
    let dir = std::env::temp_dir().join(super::serve::unique("nanite_transfer"));
    std::fs::create_dir_all(&dir).unwrap();

    // A campaign with an encounter, a combatant, a roll and a player.
    let server = Server::start(&from);
    let campaign = campaign_of(&server);
    let base = format!("/api/campaigns/{campaign}");
    let opened = server.gm(
        "POST",
        &format!("{base}/encounters"),
        Some(&json!({"name": "Moved"})),
    );
    let encounter = opened.json["entry"]["encounter"]
        .as_str()
        .unwrap()
        .to_string();
    let added = server.gm(
        "POST",
        &format!("{base}/encounters/{encounter}/combatants"),
        Some(&json!({"id": "raider", "npc": RAIDER, "side": "raiders"})),
    );
    assert_eq!(added.status, 201, "{:?}", added.json);
    let invite = server.gm(
        "POST",
        &format!("{base}/invites"),
        Some(&json!({"role": "player", "label": "Alice"})),
    );
    let alice = invite.json["token"].as_str().unwrap().to_string();
    let rolled = http(
        &server.addr,
        "POST",
        &format!("{base}/rolls"),
        &alice,
        Some(&json!({"expression": "3d6 # moved"})),
        &[],
    );
    assert_eq!(rolled.status, 201, "{:?}", rolled.json);
    let rolls_there = server.gm("GET", &format!("{base}/rolls"), None).json;
    server.kill();

    // Exports: everything, or the campaigns named; unknown ones are refused.
    let all = export(&from, &[]);
    assert_eq!(all, export(&from, &[&campaign]));
    assert_eq!(all["format"], 1);
    assert_eq!(all["streams"].as_array().unwrap().len(), 1);
    // The encounter, the combatant and the roll (and whatever the roll
    // brought with it).
    let entries = all["streams"][0]["events"].as_array().unwrap().len();
    assert!(entries >= 3, "{all}");
    let err = refused(&["export", "--database", &from, "c-nope"]);
    assert!(err.contains("there is no campaign c-nope"), "{err}");
    assert!(
        err.contains(&campaign),
        "the error lists the campaigns: {err}"
    );
    let missing = dir.join("missing.db");
    let err = refused(&["export", "--database", missing.to_str().unwrap()]);
    assert!(err.contains("there is no database at"), "{err}");
    assert!(!missing.exists(), "a mistyped path creates no database");

    let file = dir.join("campaign.json");
    std::fs::write(&file, serde_json::to_string(&all).unwrap()).unwrap();
    let file = file.to_str().unwrap();

    // Broken files are refused and leave the database as it was.
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "{ this is not").unwrap();
    let err = refused(&["import", not_json.to_str().unwrap(), "--database", &to]);
    assert!(err.contains("is not a nanite export"), "{err}");
    let mut gap = all.clone();
    gap["streams"][0]["events"]
        .as_array_mut()
        .unwrap()
        .remove(1);
    gap["streams"][0]["info"]["version"] = json!(2);
    let gap_file = dir.join("gap.json");
    std::fs::write(&gap_file, gap.to_string()).unwrap();
    let err = refused(&["import", gap_file.to_str().unwrap(), "--database", &to]);
    assert!(err.contains("does not replay"), "{err}");
    let mut stray = all.clone();
    stray["records"]
        .as_array_mut()
        .unwrap()
        .push(json!({"collection": "characters:c-other", "id": "vex", "data": {}}));
    let stray_file = dir.join("stray.json");
    std::fs::write(&stray_file, stray.to_string()).unwrap();
    let err = refused(&["import", stray_file.to_str().unwrap(), "--database", &to]);
    assert!(err.contains("belongs to no campaign of the file"), "{err}");
    assert!(!to_path.exists(), "a refused import creates no database");

    // The whole campaign arrives; Alice's link still works there.
    let output = nanite(&["import", file, "--database", &to]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with(&format!(
            "imported campaign {campaign} (First campaign): {entries} table entries"
        )),
        "{}",
        stdout(&output)
    );
    assert_eq!(export(&to, &[])["streams"], all["streams"]);
    let moved = Server::start(&to);
    let me = http(&moved.addr, "GET", "/api/me", &alice, None, &[]);
    assert_eq!(me.status, 200, "{:?}", me.json);
    assert_eq!(me.json["campaign"]["id"].as_str(), Some(campaign.as_str()));
    assert_eq!(
        moved.gm("GET", &format!("{base}/rolls"), None).json,
        rolls_there
    );
    let shown = moved.gm("GET", &format!("{base}/encounters/{encounter}"), None);
    assert_eq!(shown.json["combatants"][0]["id"], "raider");
    // Play goes on there.
    let again = http(
        &moved.addr,
        "POST",
        &format!("{base}/rolls"),
        &alice,
        Some(&json!({"expression": "d6"})),
        &[],
    );
    assert_eq!(again.status, 201, "{:?}", again.json);
    moved.kill();

    // Importing over it is refused and changes nothing...
    let before = export(&to, &[]);
    let err = refused(&["import", file, "--database", &to]);
    assert!(err.contains("is already in this database"), "{err}");
    assert!(err.contains("--replace"), "{err}");
    assert_eq!(export(&to, &[]), before);
    // ...unless told to replace it with the file's copy.
    let output = nanite(&["import", file, "--database", &to, "--replace"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("replaced campaign"),
        "{}",
        stdout(&output)
    );
    let replaced = export(&to, &[]);
    assert_eq!(replaced["streams"], all["streams"]);

    for path in [from_path, to_path] {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
