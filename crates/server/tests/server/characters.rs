//! Characters: uploaded TOML checked as `nanite cx check` checks it, owned
//! by the uploader (or the slot's player); others see names only.

use axum::http::Method;
use serde_json::json;

use super::support::{Call, Db, RAIDER, Table, VEX};
use crate::both;

async fn a_valid_character_is_stored_and_owned(db: Db) {
    let t = Table::new(db).await;
    let made = t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    assert_eq!(made.json["character"]["id"], "vex");
    assert_eq!(made.json["character"]["name"], "Vex Marrow");
    assert_eq!(made.json["character"]["owner"], t.alice.invite.as_str());
    // Bob's, under an id made from its name.
    let bobs = t
        .send(
            t.post(&t.path("/characters"), &t.bob.session)
                .raw("application/toml", RAIDER),
        )
        .await
        .expect(201);
    assert_eq!(bobs.json["character"]["id"], "depot-raider");

    let list = |auth| t.get(&t.path("/characters"), auth);
    let seen = t.send(list(&t.bob.session)).await.expect(200);
    let vex = seen.json["characters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "vex")
        .unwrap()
        .clone();
    assert_eq!(
        vex,
        json!({"id": "vex", "name": "Vex Marrow", "mine": false})
    );
    let gm = t.send(list(&t.gm.session)).await.expect(200);
    assert!(gm.text.contains(&t.alice.invite), "the GM sees owners");
    // `mine` is what the caller plays: for the GM too, not every file the
    // GM may open (a file the GM uploads is nobody's: an NPC's).
    t.upload(&t.gm.session, "boss", RAIDER).await.expect(201);
    let gm = t.send(list(&t.gm.session)).await.expect(200);
    let mine: Vec<(&str, bool)> = gm.json["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap(), c["mine"].as_bool().unwrap()))
        .collect();
    for (id, expected) in [("vex", false), ("depot-raider", false), ("boss", false)] {
        assert!(mine.contains(&(id, expected)), "{id}: {mine:?}");
    }
    let alice = t.send(list(&t.alice.session)).await.expect(200);
    assert!(
        alice
            .text
            .contains(r#""id":"vex","name":"Vex Marrow","mine":true"#),
        "{}",
        alice.text
    );

    let sheet = |auth| t.get(&t.path("/characters/vex"), auth);
    let own = t.send(sheet(&t.alice.session)).await.expect(200);
    assert_eq!(own.json["sheet"]["name"], "Vex Marrow");
    assert!(own.json["sheet"]["max_hp"].as_i64().unwrap() > 0);
    assert!(own.json["toml"].as_str().unwrap().contains("Vex Marrow"));
    t.send(sheet(&t.gm.session)).await.expect(200);
    let other = t.send(sheet(&t.bob.session)).await.expect(403);
    assert_eq!(other.code(), "not_your_character");
    t.send(sheet(&t.spectator.session)).await.expect(403);
    t.send(t.get(&t.path("/characters/nobody"), &t.gm.session))
        .await
        .expect(404);
}

async fn every_problem_comes_back_with_its_rule(db: Db) {
    let t = Table::new(db).await;
    let broken = VEX
        .replace("PER = 6", "PER = 12")
        .replace("smgs = 40", "smgs = 400");
    let refused = t.upload(&t.alice.session, "vex", &broken).await.expect(422);
    assert_eq!(refused.code(), "invalid_character");
    let found = refused.json["error"]["diagnostics"].as_array().unwrap();
    assert!(found.len() >= 2, "{}", refused.text);
    assert!(
        found
            .iter()
            .all(|d| d["severity"].is_string() && d["message"].is_string()),
        "{}",
        refused.text
    );
    assert!(
        found
            .iter()
            .any(|d| d["rule"].as_str().is_some_and(|r| r.starts_with("CX-"))),
        "{}",
        refused.text
    );
    let message = refused.json["error"]["message"].as_str().unwrap();
    assert!(message.contains("nanite cx check"), "{message}");
    // A file that is not TOML at all: the line is named.
    let garbled = t
        .upload(&t.alice.session, "vex", "name = \"Vex\nrace = ")
        .await
        .expect(422);
    assert!(
        garbled.json["error"]["diagnostics"][0]["line"].is_number(),
        "{}",
        garbled.text
    );
    // Nothing was stored.
    t.send(t.get(&t.path("/characters/vex"), &t.gm.session))
        .await
        .expect(404);
}

async fn only_owners_replace_and_slots_are_kept(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let put =
        |auth| Call::new(Method::PUT, t.path("/characters/vex"), auth).raw("application/toml", VEX);
    let theirs = t.send(put(&t.bob.session)).await.expect(403);
    assert_eq!(theirs.code(), "not_your_character");
    t.send(put(&t.spectator.session)).await.expect(403);
    t.send(put(&t.alice.session)).await.expect(200);
    t.send(put(&t.gm.session)).await.expect(200);
    let taken = t.upload(&t.bob.session, "vex", VEX).await.expect(409);
    assert_eq!(taken.code(), "character_exists");
    let wrong_slot = t.upload(&t.alice.session, "kit", VEX).await.expect(403);
    assert_eq!(wrong_slot.code(), "not_your_slot");
    let bad_id = t.upload(&t.gm.session, "Not_An_Id", VEX).await.expect(422);
    assert_eq!(bad_id.code(), "invalid_id");
}

async fn the_campaigns_house_rules_apply(db: Db) {
    let t = Table::new(db).await;
    t.send(
        Call::new(Method::PATCH, t.path(""), &t.gm.session)
            .json(json!({"house_rules": {"melee_guard": true}})),
    )
    .await
    .expect(200);
    let made = t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let found = made.json["diagnostics"].as_array().unwrap();
    assert!(
        found
            .iter()
            .any(|d| d["field"] == "house_rules" && d["severity"] == "warning"),
        "{}",
        made.text
    );
    let sheet = t
        .send(t.get(&t.path("/characters/vex"), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(
        sheet.json["sheet"]["house_rules"]["melee_guard"], true,
        "{}",
        sheet.text
    );
}

both!(
    a_valid_character_is_stored_and_owned,
    every_problem_comes_back_with_its_rule,
    only_owners_replace_and_slots_are_kept,
    the_campaigns_house_rules_apply,
);
