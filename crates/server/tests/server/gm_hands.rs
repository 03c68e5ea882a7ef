//! The GM's hands mid-fight: copies of an NPC with numbered names, a
//! campaign character added by picking it, the GM's heal, and (D20) a
//! check the GM calls for anyone at any time.

use serde_json::{Value, json};

use super::support::{Db, Table, VEX, combatant};
use crate::both;

async fn copies(t: &Table, e: &str, of: &str, body: Value) -> super::support::Answer {
    t.send(
        t.post(
            &t.path(&format!("/encounters/{e}/combatants/{of}/copies")),
            &t.gm.session,
        )
        .json(body),
    )
    .await
}

async fn an_npc_is_copied_with_numbered_names(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    let made = copies(&t, &e, "raider", json!({"count": 3}))
        .await
        .expect(201);
    assert_eq!(
        made.json["made"],
        json!([
            {"id": "raider-2", "name": "Depot Raider 2"},
            {"id": "raider-3", "name": "Depot Raider 3"},
            {"id": "raider-4", "name": "Depot Raider 4"},
        ])
    );
    let view = t.view(&e, gm).await;
    let raider = combatant(&view, "raider").unwrap();
    for id in ["raider-2", "raider-3", "raider-4"] {
        let c = combatant(&view, id).unwrap_or_else(|| panic!("{id} in {view}"));
        assert_eq!(c["side"], "raiders");
        assert_eq!(c["hidden"], false);
        assert_eq!(c["hp"], raider["max_hp"], "a copy enters fresh");
        assert_eq!(c["cover"], raider["cover"]);
        assert_eq!(c["stance"], raider["stance"]);
    }
    // Copies of a copy go on numbering; a hidden NPC's copies are hidden,
    // in its cover and stance.
    let more = copies(&t, &e, "raider-3", json!({"count": 1}))
        .await
        .expect(201);
    assert_eq!(more.json["made"][0]["id"], "raider-5");
    assert_eq!(more.json["made"][0]["name"], "Depot Raider 5");
    copies(&t, &e, "scav", json!({"count": 2}))
        .await
        .expect(201);
    let view = t.view(&e, gm).await;
    let scav2 = combatant(&view, "scav-2").unwrap();
    assert_eq!(
        (
            &scav2["hidden"],
            &scav2["cover"],
            &scav2["stance"],
            &scav2["name"]
        ),
        (
            &json!(true),
            &json!("full"),
            &json!("crouched"),
            &json!("Scav Lookout 2")
        )
    );
    let players = t.view(&e, &t.alice.session).await.to_string();
    assert!(
        !players.contains("scav"),
        "hidden copies stay hidden: {players}"
    );
    // Each copy is a line of the log the GM may take back.
    let log = view["log"].to_string();
    assert!(log.contains("Depot Raider 4 (raider-4) enters"), "{log}");
}

async fn bad_copies_say_what_is_wrong_and_change_nothing(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    let before = t.view(&e, gm).await["version"].clone();
    for (of, body, status, code, says) in [
        (
            "raider",
            json!({"count": 0}),
            422,
            "invalid_count",
            "0 copies: give a count from 1 to 20",
        ),
        (
            "raider",
            json!({"count": 21}),
            422,
            "invalid_count",
            "21 copies: give a count from 1 to 20",
        ),
        ("raider", json!({"count": -1}), 422, "invalid_field", "-1"),
        (
            "vex",
            json!({"count": 1}),
            422,
            "not_an_npc",
            "only NPCs are copied",
        ),
        (
            "nobody",
            json!({"count": 1}),
            422,
            "unknown_combatant",
            "no combatant 'nobody'",
        ),
    ] {
        let answer = copies(&t, &e, of, body.clone()).await.expect(status);
        assert_eq!(answer.code(), code, "{of} {body}: {}", answer.text);
        assert!(answer.text.contains(says), "{of} {body}: {}", answer.text);
    }
    let player = t
        .send(
            t.post(
                &t.path(&format!("/encounters/{e}/combatants/raider/copies")),
                &t.alice.session,
            )
            .json(json!({"count": 1})),
        )
        .await;
    assert_eq!(player.status, 403, "{}", player.text);
    assert_eq!(t.view(&e, gm).await["version"], before, "nothing changed");
}

async fn a_campaign_character_is_added_by_picking_it(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let e = t.encounter("The yard").await;
    // Picked from the list, with no id: it takes the character's.
    t.enter(&e, json!({"character": "vex", "side": "players"}))
        .await;
    let view = t.view(&e, &t.gm.session).await;
    let vex = combatant(&view, "vex").unwrap();
    assert_eq!(vex["character"], "vex");
    assert_eq!(vex["owner"], t.alice.invite.as_str());
    // An NPC file needs an id.
    let none = t
        .add(
            &e,
            json!({"npc": super::support::RAIDER, "side": "raiders"}),
        )
        .await
        .expect(422);
    assert_eq!(none.code(), "invalid_id");
    assert!(none.text.contains("give the NPC an id"), "{}", none.text);
}

async fn the_gm_heals_a_combatant(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    t.command(
        &e,
        gm,
        json!({"command": "harm", "target": "raider", "amount": 30, "damage_type": "explosive", "apl": 20, "why": "a falling crate"}),
    )
    .await
    .expect(201);
    let hurt = combatant(&t.view(&e, gm).await, "raider").unwrap()["hp"]
        .as_i64()
        .unwrap();
    let healed = t
        .command(
            &e,
            gm,
            json!({"command": "heal", "target": "raider", "amount": 10, "why": "a stim"}),
        )
        .await
        .expect(201);
    let lines = healed.json["entry"]["lines"].to_string();
    assert!(lines.contains("Depot Raider regains 10 health"), "{lines}");
    let view = t.view(&e, gm).await;
    assert_eq!(combatant(&view, "raider").unwrap()["hp"], hurt + 10);
    // The GM's alone.
    let player = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "heal", "target": "vex", "amount": 10, "why": "a stim"}),
        )
        .await;
    assert_eq!(player.status, 403, "{}", player.text);
}

async fn the_d20_gm_calls_a_check_for_anyone_at_any_time(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let gm = &t.gm.session;
    // Kara's turn ends; on the next one the GM calls her Perception check.
    t.physically(&e, gm, json!({"command": "clock", "clock": "next_turn"}))
        .await
        .expect(201);
    let view = t.view(&e, gm).await;
    assert_ne!(view["active"], "kara", "{}", view["active"]);
    let check = t
        .physically(
            &e,
            gm,
            json!({"command": "check", "id": "kara", "skill": "perception", "attribute": null, "dc": 12, "hidden": false}),
        )
        .await
        .expect(201);
    let lines = check.json["entry"]["lines"].to_string();
    assert!(lines.contains("Perception"), "{lines}");
    let after = t.view(&e, gm).await;
    assert_eq!(
        after["actions"], view["actions"],
        "nobody's action is spent"
    );
}

both!(
    an_npc_is_copied_with_numbered_names,
    bad_copies_say_what_is_wrong_and_change_nothing,
    a_campaign_character_is_added_by_picking_it,
    the_gm_heals_a_combatant,
    the_d20_gm_calls_a_check_for_anyone_at_any_time,
);
