//! The GM's NPCs: D20 copies and heal, the campaign's NPC library,
//! encounters prepared in advance and started when the table is ready, and
//! the engine playing NPCs at the live table until the GM takes over.

use serde_json::{Value, json};

use super::support::{Answer, BANDIT, Db, RAIDER, SCAV, Table, combatant};
use crate::both;

async fn post(t: &Table, rest: &str, body: Value) -> Answer {
    t.send(t.post(&t.path(rest), &t.gm.session).json(body))
        .await
}

async fn put(t: &Table, rest: &str, body: Value) -> Answer {
    t.send(
        super::support::Call::new(axum::http::Method::PUT, t.path(rest), &t.gm.session).json(body),
    )
    .await
}

async fn delete(t: &Table, rest: &str) -> Answer {
    t.send(super::support::Call::new(
        axum::http::Method::DELETE,
        t.path(rest),
        &t.gm.session,
    ))
    .await
}

async fn d20_copies_take_numbered_names_and_the_nearest_free_squares(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let gm = &t.gm.session;
    let made = post(
        &t,
        &format!("/encounters/{e}/combatants/bandit/copies"),
        json!({"count": 2}),
    )
    .await
    .expect(201);
    let names: Vec<&str> = made.json["made"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bandit-2", "bandit-3"], "{}", made.text);
    let view = t.view(&e, gm).await;
    let bandit = combatant(&view, "bandit").unwrap();
    for id in ["bandit-2", "bandit-3"] {
        let c = combatant(&view, id).unwrap_or_else(|| panic!("{id} in {view}"));
        assert_eq!(c["side"], "bandits");
        assert_eq!(c["hp"], bandit["max_hp"], "a copy enters fresh: {c}");
        // The free squares next to the bandit's (4,1), by row then column.
        let at = &c["place"]["square"];
        let (x, y) = (at["x"].as_i64().unwrap(), at["y"].as_i64().unwrap());
        assert!(
            (x - 4).abs() <= 1 && (y - 1).abs() <= 1,
            "{id} at {at}, next to the bandit"
        );
    }
    let hidden = post(
        &t,
        &format!("/encounters/{e}/combatants/brute/copies"),
        json!({"count": 1}),
    )
    .await
    .expect(201);
    assert_eq!(hidden.json["made"][0]["id"], "brute-2");
    let players = t.view(&e, &t.alice.session).await.to_string();
    assert!(
        !players.contains("brute"),
        "a hidden NPC's copies are hidden"
    );
    let kara = post(
        &t,
        &format!("/encounters/{e}/combatants/kara/copies"),
        json!({"count": 1}),
    )
    .await
    .expect(422);
    assert_eq!(kara.code(), "not_an_npc");
}

async fn the_d20_gm_heals_and_harms(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let gm = &t.gm.session;
    let max = combatant(&t.view(&e, gm).await, "bandit").unwrap()["max_hp"]
        .as_i64()
        .unwrap();
    t.command(
        &e,
        gm,
        json!({"command": "harm", "target": "bandit", "amount": max + 2, "by": null, "why": "a rockfall"}),
    )
    .await
    .expect(201);
    let healed = t
        .command(
            &e,
            gm,
            json!({"command": "heal", "target": "bandit", "amount": 5, "why": "a potion"}),
        )
        .await
        .expect(201);
    let lines = healed.json["entry"]["lines"].to_string();
    assert!(lines.contains("regains 5 HP from a potion"), "{lines}");
    assert!(lines.contains("back on its feet"), "{lines}");
    assert_eq!(combatant(&t.view(&e, gm).await, "bandit").unwrap()["hp"], 3);
    let full = t
        .command(
            &e,
            gm,
            json!({"command": "heal", "target": "kara", "amount": 5, "why": "a potion"}),
        )
        .await
        .expect(422);
    assert!(full.text.contains("at full hit points"), "{}", full.text);
    let player = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "heal", "target": "kara", "amount": 5, "why": "a potion"}),
        )
        .await;
    assert_eq!(player.status, 403, "{}", player.text);
}

async fn the_library_keeps_an_npc_to_add_anywhere_with_numbered_names(db: Db) {
    let t = Table::new(db).await;
    let saved = post(&t, "/npcs", json!({"npc": RAIDER})).await.expect(201);
    assert_eq!(saved.json["id"], "depot-raider", "{}", saved.text);
    assert_eq!(saved.json["name"], "Depot Raider");
    post(&t, "/npcs", json!({"npc": SCAV, "id": "lookout"}))
        .await
        .expect(201);
    let list = t
        .send(t.get(&t.path("/npcs"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(
        list.json["npcs"],
        json!([{"id": "depot-raider", "name": "Depot Raider"}, {"id": "lookout", "name": "Scav Lookout"}])
    );
    // Bad input says what is wrong and keeps nothing.
    for (body, status, code) in [
        (json!({"npc": RAIDER}), 409, "npc_exists"),
        (json!({"npc": "name = 3"}), 422, "invalid_character"),
        (json!({"npc": RAIDER, "id": "Bad Id"}), 422, "invalid_id"),
    ] {
        let answer = post(&t, "/npcs", body.clone()).await.expect(status);
        assert_eq!(answer.code(), code, "{body}: {}", answer.text);
    }
    let player = t
        .send(
            t.post(&t.path("/npcs"), &t.alice.session)
                .json(json!({"npc": RAIDER, "id": "mine"})),
        )
        .await;
    assert_eq!(player.status, 403);
    // Three into one encounter, one into another.
    let e = t.encounter("The yard").await;
    let three = post(
        &t,
        &format!("/encounters/{e}/npcs"),
        json!({"npc": "depot-raider", "count": 3, "side": "raiders", "cover": "partial"}),
    )
    .await
    .expect(201);
    assert_eq!(
        three.json["made"],
        json!([
            {"id": "depot-raider-1", "name": "Depot Raider 1"},
            {"id": "depot-raider-2", "name": "Depot Raider 2"},
            {"id": "depot-raider-3", "name": "Depot Raider 3"},
        ])
    );
    let view = t.view(&e, &t.gm.session).await;
    assert_eq!(
        combatant(&view, "depot-raider-2").unwrap()["cover"],
        "partial"
    );
    let other = t.encounter("The gate").await;
    let one = post(
        &t,
        &format!("/encounters/{other}/npcs"),
        json!({"npc": "lookout", "side": "raiders", "hidden": true}),
    )
    .await
    .expect(201);
    assert_eq!(
        one.json["made"],
        json!([{"id": "lookout", "name": "Scav Lookout"}])
    );
    let missing = post(
        &t,
        &format!("/encounters/{other}/npcs"),
        json!({"npc": "nobody", "side": "raiders"}),
    )
    .await
    .expect(422);
    assert_eq!(missing.code(), "no_such_npc");
    delete(&t, "/npcs/lookout").await.expect(204);
    delete(&t, "/npcs/lookout").await.expect(404);
}

async fn a_prepared_encounter_starts_when_the_table_is_ready(db: Db) {
    let t = Table::new(db).await;
    post(&t, "/npcs", json!({"npc": RAIDER, "id": "raider"}))
        .await
        .expect(201);
    let made = post(
        &t,
        "/prepared",
        json!({"name": "Depot ambush", "groups": [
            {"npc": "raider", "count": 2, "side": "raiders", "engine": true},
        ]}),
    )
    .await
    .expect(201);
    let p = made.json["id"].as_str().unwrap().to_string();
    // Bad preparations are refused whole, the group at fault named.
    for (body, code, says) in [
        (json!({"name": " "}), "invalid_name", "1 to 100"),
        (
            json!({"name": "X", "groups": [{"npc": "nobody", "side": "raiders"}]}),
            "no_such_npc",
            "group 1",
        ),
        (
            json!({"name": "X", "groups": [{"file": SCAV, "side": "raiders"}]}),
            "invalid_id",
            "group 1",
        ),
        (
            json!({"name": "X", "groups": [{"npc": "raider", "side": "raiders", "count": 0}]}),
            "invalid_count",
            "group 1",
        ),
        (
            json!({"name": "X", "field": {"field": "rows"}}),
            "not_this_ruleset",
            "D20",
        ),
    ] {
        let answer = post(&t, "/prepared", body.clone()).await.expect(422);
        assert_eq!(answer.code(), code, "{body}: {}", answer.text);
        assert!(answer.text.contains(says), "{body}: {}", answer.text);
    }
    // Edited: a hidden lookout from a file joins, then a group is added and
    // taken out again.
    let edited = put(
        &t,
        &format!("/prepared/{p}"),
        json!({"name": "Depot ambush at dusk", "groups": [
            {"npc": "raider", "count": 2, "side": "raiders", "engine": true},
            {"file": SCAV, "id": "scav", "side": "raiders", "hidden": true, "cover": "full"},
        ]}),
    )
    .await
    .expect(200);
    assert_eq!(edited.json["name"], "Depot ambush at dusk");
    let added = post(
        &t,
        &format!("/prepared/{p}/groups"),
        json!({"npc": "raider", "side": "guards"}),
    )
    .await
    .expect(200);
    assert_eq!(added.json["groups"].as_array().unwrap().len(), 3);
    let removed = delete(&t, &format!("/prepared/{p}/groups/3"))
        .await
        .expect(200);
    assert_eq!(removed.json["groups"].as_array().unwrap().len(), 2);
    let list = t
        .send(t.get(&t.path("/prepared"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(list.json["prepared"][0]["id"], p.as_str());
    // Started: a live encounter with its NPCs, the raiders the engine's.
    let started = post(&t, &format!("/prepared/{p}/start"), json!({}))
        .await
        .expect(201);
    let e = started.json["encounter"].as_str().unwrap().to_string();
    assert_eq!(
        started.json["made"],
        json!([
            {"id": "raider-1", "name": "Depot Raider 1"},
            {"id": "raider-2", "name": "Depot Raider 2"},
            {"id": "scav", "name": "Scav Lookout"},
        ])
    );
    assert_eq!(started.json["engine"], json!(["raider-1", "raider-2"]));
    let view = t.view(&e, &t.gm.session).await;
    assert_eq!(view["name"], "Depot ambush at dusk");
    assert_eq!(combatant(&view, "scav").unwrap()["hidden"], true);
    let engine = t
        .send(t.get(&t.path(&format!("/encounters/{e}/engine")), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(engine.json["played"], json!(["raider-1", "raider-2"]));
    // It stays, to start again; deleted, it is gone.
    delete(&t, &format!("/prepared/{p}")).await.expect(204);
    post(&t, &format!("/prepared/{p}/start"), json!({}))
        .await
        .expect(404);
    assert_eq!(
        t.send(
            t.post(&t.path("/prepared"), &t.alice.session)
                .json(json!({"name": "Mine"}))
        )
        .await
        .status,
        403
    );
}

/// The log's entries by the engine, as the GM sees them.
fn engine_entries(view: &Value) -> Vec<&Value> {
    view["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["by"] == "engine")
        .collect()
}

async fn a_side_handed_to_the_engine_plays_its_turns_to_the_players_turn(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    // Vex's turn: handing the raiders over plays nothing yet.
    let handed = put(
        &t,
        &format!("/encounters/{e}/engine"),
        json!({"side": "raiders", "engine": true}),
    )
    .await
    .expect(200);
    assert_eq!(handed.json["played"], json!(["raider", "scav"]));
    assert_eq!(handed.json["commands"], 0);
    // Vex ends her turn: the scav (55) and the raider (50) play theirs, and
    // it is Vex's again.
    t.next_turn(&e, &t.alice.session).await.expect(201);
    let view = t.view(&e, gm).await;
    assert_eq!(view["active"], "vex", "{}", view["log"]);
    assert_eq!(view["round"], 2);
    let played = engine_entries(&view);
    assert!(played.len() >= 4, "{played:?}");
    let commands: Vec<&str> = played
        .iter()
        .map(|e| e["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        commands.iter().filter(|c| **c == "clock").count(),
        2,
        "each NPC ends its turn: {commands:?}"
    );
    assert!(
        commands.iter().any(|c| *c != "clock"),
        "the NPCs act: {commands:?}"
    );
    // The table heard them: the player's log has the raider's lines.
    let player = t.view(&e, &t.alice.session).await;
    assert!(
        player["log"].to_string().contains("Depot Raider"),
        "{}",
        player["log"]
    );
    // Each is judged and kept like the GM's own: undo takes back the last.
    t.send(
        t.post(&t.path(&format!("/encounters/{e}/undo")), gm)
            .json(json!({})),
    )
    .await
    .expect(201);
}

async fn the_gm_takes_over_and_the_engine_stops(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    put(
        &t,
        &format!("/encounters/{e}/engine"),
        json!({"side": "raiders", "engine": true}),
    )
    .await
    .expect(200);
    let taken = put(
        &t,
        &format!("/encounters/{e}/engine"),
        json!({"combatant": "scav", "engine": false}),
    )
    .await
    .expect(200);
    assert_eq!(taken.json["played"], json!(["raider"]));
    t.next_turn(&e, &t.alice.session).await.expect(201);
    let view = t.view(&e, gm).await;
    assert_eq!(view["active"], "scav", "the GM plays the scav");
    assert!(engine_entries(&view).is_empty());
    // Handed back, it plays at once, and the raider after it.
    let back = put(
        &t,
        &format!("/encounters/{e}/engine"),
        json!({"combatant": "scav", "engine": true}),
    )
    .await
    .expect(200);
    assert!(
        back.json["commands"].as_u64().unwrap() >= 2,
        "{}",
        back.text
    );
    assert_eq!(t.view(&e, gm).await["active"], "vex");
    // The whole side taken back: the NPCs wait for the GM.
    put(
        &t,
        &format!("/encounters/{e}/engine"),
        json!({"side": "raiders", "engine": false}),
    )
    .await
    .expect(200);
    t.next_turn(&e, &t.alice.session).await.expect(201);
    assert_eq!(t.view(&e, gm).await["active"], "scav");
    // Bad hand-overs say what is wrong.
    for (body, code) in [
        (json!({"combatant": "vex", "engine": true}), "not_an_npc"),
        (json!({"side": "pirates", "engine": true}), "unknown_side"),
        (json!({"engine": true}), "one_of"),
        (
            json!({"combatant": "nobody", "engine": true}),
            "unknown_combatant",
        ),
    ] {
        let answer = put(&t, &format!("/encounters/{e}/engine"), body.clone())
            .await
            .expect(422);
        assert_eq!(answer.code(), code, "{body}: {}", answer.text);
    }
    let player = t
        .send(
            super::support::Call::new(
                axum::http::Method::PUT,
                t.path(&format!("/encounters/{e}/engine")),
                &t.alice.session,
            )
            .json(json!({"side": "raiders", "engine": true})),
        )
        .await;
    assert_eq!(player.status, 403);
}

async fn the_engine_plays_d20_npcs(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let gm = &t.gm.session;
    put(
        &t,
        &format!("/encounters/{e}/engine"),
        json!({"side": "bandits", "engine": true}),
    )
    .await
    .expect(200);
    t.physically(
        &e,
        &t.alice.session,
        json!({"command": "clock", "clock": "next_turn"}),
    )
    .await
    .expect(201);
    let view = t.view(&e, gm).await;
    assert_eq!(view["active"], "kara", "{}", view["log"]);
    let played = engine_entries(&view);
    assert!(
        played.iter().any(|e| e["command"] != "clock"),
        "the bandits act: {played:?}"
    );
    let _ = BANDIT;
}

both!(
    d20_copies_take_numbered_names_and_the_nearest_free_squares,
    the_d20_gm_heals_and_harms,
    the_library_keeps_an_npc_to_add_anywhere_with_numbered_names,
    a_prepared_encounter_starts_when_the_table_is_ready,
    a_side_handed_to_the_engine_plays_its_turns_to_the_players_turn,
    the_gm_takes_over_and_the_engine_stops,
    the_engine_plays_d20_npcs,
);
