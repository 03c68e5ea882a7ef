//! Idempotency keys: a double-clicked "Fire" fires once; an old key
//! replayed returns the first result and fires nothing; a key reused for
//! another request is refused; keys belong to their seat.

use serde_json::json;

use super::support::{Db, Table};
use crate::both;

async fn a_repeated_key_fires_once(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let aim = json!({"command": "aim", "id": "vex"});
    let first = t
        .send(
            t.command_call(&e, &t.alice.session, aim.clone())
                .header("Idempotency-Key", "aim-1"),
        )
        .await
        .expect(201);
    assert_eq!(first.json["replayed"], false);
    let version = first.json["version"].as_i64().unwrap();
    let again = t
        .send(
            t.command_call(&e, &t.alice.session, aim.clone())
                .header("Idempotency-Key", "aim-1"),
        )
        .await
        .expect(200);
    assert_eq!(again.json["replayed"], true);
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(again.json["version"], version);
    assert_eq!(again.json["entry"], first.json["entry"]);
    let view = t.view(&e, &t.alice.session).await;
    assert_eq!(view["version"], version, "nothing new in Alice's feed");
    assert_eq!(view["actions"]["left"], 3, "one action spent, not two");
}

async fn an_old_key_replayed_later_fires_nothing(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let shot = t
        .command(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
        .await
        .expect(201);
    let key_version = shot.json["version"].as_i64().unwrap();
    // The GM ends the turn with the key `next-1`.
    let next_turn = || {
        t.send(
            t.next_turn_call(&e, &t.gm.session)
                .header("Idempotency-Key", "next-1"),
        )
    };
    let keyed = next_turn().await.expect(201);
    assert!(keyed.json["version"].as_i64().unwrap() > key_version);
    let view = t.view(&e, &t.gm.session).await;
    assert_eq!(view["active"], "scav");
    let later = view["version"].clone();
    // Long after, the same key again: the first result, and the turn does
    // not move on again.
    let replay = next_turn().await.expect(200);
    assert_eq!(replay.json["version"], keyed.json["version"]);
    let view = t.view(&e, &t.gm.session).await;
    assert_eq!(view["active"], "scav");
    assert_eq!(view["version"], later);
    // The same key with another command is refused.
    let reused = t
        .send(
            t.command_call(&e, &t.gm.session, json!({"command": "aim", "id": "scav"}))
                .header("Idempotency-Key", "next-1"),
        )
        .await
        .expect(409);
    assert_eq!(reused.code(), "idempotency_key_reused");
    assert_eq!(t.view(&e, &t.gm.session).await["version"], later);
}

async fn keys_belong_to_their_seat(db: Db) {
    let t = Table::new(db).await;
    let roll = json!({"expression": "d100"});
    let gm = t
        .send(
            t.post(&t.path("/rolls"), &t.gm.session)
                .json(roll.clone())
                .header("Idempotency-Key", "k"),
        )
        .await
        .expect(201);
    // Bob's "k" is his own: a new roll, not the GM's result.
    let bob = t
        .send(
            t.post(&t.path("/rolls"), &t.bob.session)
                .json(roll.clone())
                .header("Idempotency-Key", "k"),
        )
        .await
        .expect(201);
    assert_ne!(gm.json["version"], bob.json["version"]);
    let bob_again = t
        .send(
            t.post(&t.path("/rolls"), &t.bob.bearer())
                .json(roll)
                .header("Idempotency-Key", "k"),
        )
        .await
        .expect(200);
    assert_eq!(bob_again.json["entry"]["total"], bob.json["entry"]["total"]);
    let bad = t
        .send(
            t.post(&t.path("/rolls"), &t.bob.session)
                .json(json!({"expression": "d6"}))
                .header("Idempotency-Key", "has space"),
        )
        .await
        .expect(400);
    assert_eq!(bad.code(), "invalid_idempotency_key");
}

both!(
    a_repeated_key_fires_once,
    an_old_key_replayed_later_fires_nothing,
    keys_belong_to_their_seat,
);
