//! Encounters: combatants from characters and NPC files, commands decided
//! by the engine, physical dice, refusals, and the view each role gets.

use serde_json::{Value, json};

use super::support::{Db, RAIDER, Table, VEX, fields, ids};
use crate::both;

async fn the_gm_sees_the_whole_fight(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let view = t.view(&e, &t.gm.session).await;
    assert_eq!(view["name"], "Ambush at the depot");
    assert_eq!(view["phase"], "round");
    assert_eq!(view["round"], 1);
    assert_eq!(view["active"], "vex");
    assert_eq!(view["actions"], json!({"total": 4, "left": 4}));
    assert_eq!(ids(&view["initiative"]), ["vex", "scav", "raider"]);
    assert_eq!(view["initiative"][0]["total"], 80);
    assert_eq!(ids(&view["combatants"]), ["vex", "raider", "scav"]);
    let scav = &view["combatants"][2];
    assert_eq!(scav["hidden"], true);
    assert_eq!(scav["cover"], "full");
    assert_eq!(scav["hp"], scav["max_hp"]);
    assert_eq!(scav["wounded"], "unhurt");
    assert!(scav["weapons"][0]["name"].is_string());
    assert_eq!(view["combatants"][0]["owner"], t.alice.invite.as_str());
    assert_eq!(view["distances"].as_array().unwrap().len(), 2);
    let log = view["log"].as_array().unwrap();
    assert!(log.len() >= 9, "{log:?}");
    let lines = log
        .iter()
        .map(|l| l["lines"].to_string())
        .collect::<String>();
    assert!(lines.contains("Scav Lookout (scav) enters"), "{lines}");
    assert!(lines.contains("HP"), "the GM reads health: {lines}");
    assert!(view["version"].as_i64().unwrap() >= 10);
}

async fn a_player_sees_only_what_the_table_shows(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    for seat in [&t.alice, &t.bob, &t.spectator] {
        let view = t.view(&e, &seat.session).await;
        let text = view.to_string();
        assert!(!text.contains("scav") && !text.contains("Scav"), "{text}");
        assert_eq!(ids(&view["initiative"]), ["vex", "raider"]);
        assert_eq!(ids(&view["combatants"]), ["vex", "raider"]);
        let raider = &view["combatants"][1];
        assert_eq!(
            fields(raider),
            ["conditions", "id", "mine", "name", "side", "wounded"],
            "names, conditions and a wounded descriptor only"
        );
        assert_eq!(raider["wounded"], "unhurt");
        assert!(!text.contains("120 HP"), "no NPC health in the log: {text}");
        assert!(text.contains("Depot Raider (raider) enters"), "{text}");
        assert_eq!(view["distances"], json!([["raider", "vex", 15]]));
    }
    // Alice sees her own character whole; Bob sees Vex like any other.
    let alice = t.view(&e, &t.alice.session).await;
    assert_eq!(alice["combatants"][0]["mine"], true);
    assert!(alice["combatants"][0]["hp"].as_i64().unwrap() > 0);
    let bob = t.view(&e, &t.bob.session).await;
    assert!(bob["combatants"][0].get("hp").is_none());
    assert_eq!(bob["combatants"][0]["mine"], false);
}

async fn physical_dice_are_asked_for_by_purpose(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot_aimed().await;
    let alice = &t.alice.session;
    let fire = json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
        "mode": "burst", "fire": null, "distance": null, "cover": null});
    let mut first = fire.clone();
    first["dice"] = json!([]);
    let asked = t.command(&e, alice, first).await.expect(422);
    assert_eq!(asked.code(), "dice_needed");
    let needed = &asked.json["error"]["needed"];
    assert_eq!(needed["sides"], 10);
    assert!(
        needed["purpose"].as_str().unwrap().contains("accuracy"),
        "{}",
        asked.text
    );
    assert!(
        asked.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("accuracy")
    );
    let before = t.view(&e, alice).await["version"].clone();
    let mut too_many = fire.clone();
    too_many["dice"] = json!(vec![5; 40]);
    let extra = t.command(&e, alice, too_many).await.expect(422);
    assert_eq!(extra.code(), "too_many_dice");
    let mut impossible = fire.clone();
    impossible["dice"] = json!([11]);
    let out = t.command(&e, alice, impossible).await.expect(422);
    assert_eq!(out.code(), "invalid_die");
    assert_eq!(t.view(&e, alice).await["version"], before, "nothing fired");

    let shot = t.physically(&e, alice, fire).await.expect(201);
    let lines = shot.json["entry"]["lines"].to_string();
    assert!(lines.contains("d10 = 5 (accuracy"), "{lines}");
    // The GM's copy of the log carries every die, by purpose.
    let gm = t.view(&e, &t.gm.session).await;
    let last = gm["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["command"], "fire");
    let dice = last["dice"].as_array().unwrap();
    assert!(dice.iter().all(|d| d["value"].as_u64().unwrap() <= 5));
    assert!(
        dice.iter()
            .any(|d| d["purpose"].as_str().unwrap().contains("accuracy"))
    );
    // Alice's view: the raider's wounds show as a word.
    let raider = &t.view(&e, alice).await["combatants"][1];
    assert!(raider.get("hp").is_none());
    assert!(raider["wounded"].is_string());
}

async fn refusals_say_what_is_wrong(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    let no_weapon = t
        .command(
            &e,
            gm,
            json!({"command": "fire", "id": "vex", "target": "raider",
            "weapon": 9, "mode": "semi", "fire": null, "distance": null, "cover": null}),
        )
        .await
        .expect(422);
    assert_eq!(no_weapon.code(), "refused");
    assert!(no_weapon.text.contains("weapon"), "{}", no_weapon.text);
    assert!(no_weapon.json["error"]["refusal"].is_object());
    let ghost = t
        .command(&e, gm, json!({"command": "aim", "id": "ghost"}))
        .await
        .expect(422);
    ghost.has("nobody called 'ghost'");
    assert!(ghost.text.contains("scav"), "the GM is told every name");
    // A player aiming at the hidden scav hears it is not there, and no names
    // of hidden combatants.
    let hidden = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "search", "id": "vex", "target": "scav", "glance": true}),
        )
        .await
        .expect(422);
    hidden.has("nobody called 'scav'");
    hidden.has("known: vex, raider");
    // An out-of-turn command is refused by the engine for the GM too.
    let not_now = t
        .command(&e, gm, json!({"command": "aim", "id": "raider"}))
        .await
        .expect(422);
    assert!(
        not_now.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("turn"),
        "{}",
        not_now.text
    );
}

async fn combatants_come_from_checked_files(db: Db) {
    let t = Table::new(db).await;
    let e = t.encounter("Yard").await;
    let both_given = t
        .add(
            &e,
            json!({"id": "r", "npc": RAIDER, "character": "vex", "side": "a"}),
        )
        .await
        .expect(422);
    assert_eq!(both_given.code(), "one_source");
    let missing = t
        .add(
            &e,
            json!({"id": "vex", "character": "vex", "side": "players"}),
        )
        .await
        .expect(422);
    assert_eq!(missing.code(), "no_such_character");
    let broken = t
        .add(
            &e,
            json!({"id": "r", "npc": RAIDER.replace("DEX = 7", "DEX = 15"), "side": "raiders"}),
        )
        .await
        .expect(422);
    assert_eq!(broken.code(), "invalid_character");
    let unknown_field = t
        .add(
            &e,
            json!({"id": "r", "npc": RAIDER, "side": "raiders", "hp": 999}),
        )
        .await
        .expect(422);
    assert_eq!(unknown_field.code(), "unknown_field");
    let named = t
        .add(
            &e,
            json!({"id": "r", "npc": RAIDER, "side": "raiders", "name": "Raider Two"}),
        )
        .await
        .expect(201);
    named.has("Raider Two (r) enters");
    let twice = t
        .add(&e, json!({"id": "r", "npc": RAIDER, "side": "raiders"}))
        .await
        .expect(422);
    assert_eq!(twice.code(), "refused");
    let bad_id = t
        .add(&e, json!({"id": "R 2", "npc": RAIDER, "side": "raiders"}))
        .await
        .expect(422);
    assert_eq!(bad_id.code(), "invalid_id");
    let nowhere = t
        .add(
            "e-nope",
            json!({"id": "r2", "npc": RAIDER, "side": "raiders"}),
        )
        .await
        .expect(404);
    assert!(nowhere.text.contains("e-nope"));
}

async fn hidden_dcs_stay_with_the_gm(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let check =
        json!({"command": "check", "id": "vex", "skill": "awareness", "dc": 73, "hidden": true});
    let made = t.physically(&e, &t.gm.session, check).await.expect(201);
    assert!(
        made.text.contains("DC 73"),
        "the GM sees the DC: {}",
        made.text
    );
    for seat in [&t.alice, &t.bob] {
        let view = t.view(&e, &seat.session).await;
        let last = view["log"].as_array().unwrap().last().unwrap()["lines"].to_string();
        assert!(!last.contains("73"), "{last}");
        assert!(
            last.contains("success") || last.contains("failure"),
            "{last}"
        );
    }
}

async fn the_gm_lets_a_character_take_100_or_combine_two_skills(db: Db) {
    // rule: CX-DICE-06
    // rule: CX-DICE-07
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let e = t.encounter("Before the depot").await;
    t.enter_vex(&e).await;
    // Out of combat, no die: 100 + Medicine's 20 ranks = 120 against 119;
    // combined with Awareness (30 ranks), 150 against DC 75 doubled: a tie.
    let take = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "check", "id": "vex", "skill": "medicine", "dc": 119,
                   "hidden": false, "effort": "take100"}),
        )
        .await
        .expect(201);
    take.has("total 120 > DC 119: success");
    let combined = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "check", "id": "vex", "skill": "medicine", "dc": 75,
                   "hidden": false, "effort": "take100", "combined_with": "awareness"}),
        )
        .await
        .expect(201);
    assert!(
        combined
            .text
            .contains("total 150 <= DC 150: failure: a tie fails"),
        "{}",
        combined.text
    );
    // In a fight taking 50 is refused, with the rule.
    t.by_gm(
        &e,
        json!({"command": "clock", "clock": "set_initiative", "id": "vex", "total": 80}),
    )
    .await;
    t.begin(&e).await;
    let refused = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "check", "id": "vex", "skill": "medicine", "dc": 40,
                   "hidden": false, "effort": "take50"}),
        )
        .await
        .expect(422);
    assert!(refused.text.contains("CX-DICE-06"), "{}", refused.text);
}

async fn a_typed_line_is_the_command_it_reads_as(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let line = |auth, line: &str| {
        t.post(&t.path(&format!("/encounters/{e}/script")), auth)
            .json(json!({ "line": line }))
    };
    let version = |v: Value| v["version"].as_i64().unwrap();
    let before = version(t.view(&e, &t.gm.session).await);
    // A line that does not read: what is wrong, where and how to write it.
    let bad = t
        .send(line(&t.alice.session, "vex fire burts raider"))
        .await
        .expect(422);
    assert_eq!(bad.code(), "invalid_command_line", "{}", bad.text);
    assert_eq!(bad.json["error"]["line"]["column"], 10, "{}", bad.text);
    assert!(
        bad.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("`burts`")
    );
    assert!(
        bad.json["error"]["line"]["help"]
            .as_str()
            .unwrap()
            .contains("fire")
    );
    assert_eq!(
        version(t.view(&e, &t.gm.session).await),
        before,
        "nothing changed"
    );
    // Only the players of a combatant and the GM give it lines.
    let bob = t.send(line(&t.bob.session, "vex aim")).await;
    let direct = t
        .command(&e, &t.bob.session, json!({ "command": "aim", "id": "vex" }))
        .await;
    assert_eq!(bob.status, direct.status, "{}", bob.text);
    assert_eq!(bob.code(), direct.code());
    t.send(line(&t.spectator.session, "vex aim"))
        .await
        .expect(403);
    // A player's line that names a combatant hidden from them is refused as
    // the same command sent as JSON, saying nothing of it.
    let unseen = t.send(line(&t.alice.session, "vex fire semi scav")).await;
    let json_unseen = t
        .command(
            &e,
            &t.alice.session,
            json!({ "command": "fire", "id": "vex", "target": "scav", "weapon": 0, "mode": "semi" }),
        )
        .await;
    assert_eq!(unseen.status, json_unseen.status, "{}", unseen.text);
    assert_eq!(unseen.code(), json_unseen.code(), "{}", unseen.text);
    assert!(!unseen.text.contains("Scav"), "{}", unseen.text);
    // A line that reads is given as its command.
    let aimed = t.send(line(&t.alice.session, "vex aim")).await.expect(201);
    let said = aimed.json["entry"]["lines"].to_string();
    assert!(said.contains("aim"), "{said}");
    assert_eq!(aimed.json["entry"]["command"], "aim");
}

both!(
    a_typed_line_is_the_command_it_reads_as,
    the_gm_lets_a_character_take_100_or_combine_two_skills,
    the_gm_sees_the_whole_fight,
    a_player_sees_only_what_the_table_shows,
    physical_dice_are_asked_for_by_purpose,
    refusals_say_what_is_wrong,
    combatants_come_from_checked_files,
    hidden_dcs_stay_with_the_gm,
);
