//! The engine and the players (issue 22 item 1, loose ends): the engine
//! plays NPCs only, so the GM's tracker offers it the NPCs' sides and never
//! the players' (a player's character is its player's to play), and the API
//! refuses a side of players' characters; and a die the engine's NPC
//! command needs from a player who rolls their own dice (the downed
//! character's death save at the start of their turn, an armor roll when an
//! NPC hits them) waits for that player, as a GM's command does.

use axum::http::Method;
use serde_json::{Value, json};

use super::support::{Answer, Call, Db, Table};
use crate::both;

async fn hand(t: &Table, e: &str, body: Value) -> Answer {
    t.send(
        Call::new(
            Method::PUT,
            t.path(&format!("/encounters/{e}/engine")),
            &t.gm.session,
        )
        .json(body),
    )
    .await
}

async fn the_engine_card_offers_the_npc_sides_only(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let part = t
        .send(Call::new(
            Method::GET,
            format!("/c/{}/e/{e}/part", t.campaign),
            &t.gm.session,
        ))
        .await
        .expect(200);
    part.has("Hand the raiders to the engine");
    assert!(
        !part.text.contains("the players to the engine"),
        "the players' side is theirs to play"
    );
    // Vex's own card has no engine toggle; the raider's has.
    assert!(part.text.contains("Hand Depot Raider to the engine"));
    assert!(!part.text.contains("Hand Vex Marrow to the engine"));
    // The API refuses the players' side, and changes nothing.
    let refused = hand(&t, &e, json!({"side": "players", "engine": true}))
        .await
        .expect(422);
    assert_eq!(refused.code(), "not_an_npc", "{}", refused.text);
    let message = refused.json["error"]["message"].as_str().unwrap();
    assert!(message.contains("no NPCs"), "{message}");
    let shown = t
        .send(t.get(&t.path(&format!("/encounters/{e}/engine")), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(shown.json["played"], json!([]));
    assert_eq!(shown.json["sides"], json!([]));
    // Taking a side back is always allowed; the raiders' side is handed.
    hand(&t, &e, json!({"side": "players", "engine": false}))
        .await
        .expect(200);
    let handed = hand(&t, &e, json!({"side": "raiders", "engine": true}))
        .await
        .expect(200);
    assert_eq!(handed.json["played"], json!(["raider", "scav"]));
}

async fn the_engine_waits_for_a_players_own_dice(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let (gm, alice) = (&t.gm.session, &t.alice.session);
    t.send(Call::new(Method::PUT, t.path("/own-dice"), alice).json(json!({ "own": true })))
        .await
        .expect(201);
    // Vex is downed (the GM rolls her armor die for her if it is asked).
    t.down_vex(&e).await;
    let path = t.path(&format!("/encounters/{e}/awaited"));
    hand(&t, &e, json!({"side": "raiders", "engine": true}))
        .await
        .expect(200);
    // The GM ends Vex's turn: the engine plays the scav and the raider,
    // and each of Vex's dice its commands come to waits for Alice.
    // rule: CX-DEATH-03 (a downed character's death save at its turn start)
    t.next_turn(&e, gm).await.expect(201);
    let mut asked = Vec::new();
    for _ in 0..10 {
        let waits = t.awaited(&e, alice).await;
        if waits.is_null() {
            break;
        }
        assert_eq!(waits["yours"], true, "{waits}");
        let purpose = waits["purpose"].as_str().unwrap().to_string();
        assert!(purpose.contains("for Vex Marrow"), "{purpose}");
        // The table waits: no command until Alice rolls.
        let blocked = t
            .command(&e, gm, json!({"command": "clock", "clock": "next_turn"}))
            .await
            .expect(409);
        assert_eq!(blocked.code(), "waiting_for_dice");
        let needed = t
            .send(t.post(&path, alice).json(json!({"dice": []})))
            .await
            .expect(422);
        let dice: Vec<Value> = needed.json["error"]["needed"]["dice"]
            .as_array()
            .unwrap_or_else(|| panic!("{}", needed.text))
            .iter()
            .map(|d| {
                let face = if d["role"] == "tens" { 9 } else { 5 };
                json!({"sides": d["sides"], "purpose": d["purpose"], "value": face})
            })
            .collect();
        t.send(t.post(&path, alice).json(json!({ "dice": dice })))
            .await
            .expect(201);
        asked.push(purpose);
    }
    assert!(
        asked
            .iter()
            .any(|p| p.starts_with("death save d100 for Vex Marrow")),
        "the death save waited for Alice: {asked:?}"
    );
    let view = t.view(&e, gm).await;
    assert_eq!(view["active"], "vex", "{}", view["log"]);
    // No die of Vex's came from the server: every entry that rolled one
    // is Alice's physical dice.
    for entry in view["log"].as_array().unwrap() {
        let vex = entry["dice"].as_array().is_some_and(|d| {
            d.iter().any(|d| {
                d["purpose"]
                    .as_str()
                    .unwrap_or("")
                    .contains("for Vex Marrow")
            })
        });
        if vex && entry["by"] != t.gm.invite.as_str() {
            assert_eq!(entry["physical"], true, "{entry}");
        }
    }
}

both!(
    the_engine_card_offers_the_npc_sides_only,
    the_engine_waits_for_a_players_own_dice,
);
