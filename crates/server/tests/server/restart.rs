//! A game survives a restart: a new server over the same database rebuilds
//! every table from its stream and shows the same thing to everyone.

use axum::http::Method;
use nanite_server::Config;
use serde_json::json;

use super::support::{self, Call, Db, Table};
use crate::both;

async fn a_game_survives_a_restart(db: Db) {
    let t = Table::new(db.clone()).await;
    let e = t.depot().await;
    let alice = &t.alice.session;
    let aim = t
        .send(
            t.command_call(&e, alice, json!({"command": "aim", "id": "vex"}))
                .header("Idempotency-Key", "aim-before-restart"),
        )
        .await
        .expect(201);
    t.physically(
        &e,
        alice,
        json!({"command": "fire", "id": "vex", "target": "raider",
        "weapon": 0, "mode": "burst", "fire": null, "distance": null, "cover": null}),
    )
    .await
    .expect(201);
    t.command(
        &e,
        &t.gm.session,
        json!({"command": "fire", "id": "vex", "target": "raider",
        "weapon": 0, "mode": "semi", "fire": null, "distance": null, "cover": null}),
    )
    .await;
    t.next_turn(&e, &t.gm.session).await.expect(201);
    t.send(
        t.post(&t.path("/rolls"), alice)
            .json(json!({"expression": "d100", "mode": "blind"})),
    )
    .await
    .expect(201);
    let paths = [
        t.path(&format!("/encounters/{e}")),
        t.path("/rolls"),
        t.path(""),
    ];
    let seats = [&t.gm, &t.alice, &t.bob, &t.spectator];
    let mut before = Vec::new();
    for path in &paths {
        for seat in seats {
            before.push(t.send(t.get(path, &seat.session)).await.expect(200).json);
        }
    }

    // The old server is gone; a new one opens the same database.
    let state = support::state(&db, Config::default()).await;
    let router = nanite_server::app(state);
    let mut after = Vec::new();
    for path in &paths {
        for seat in seats {
            let call = Call::new(Method::GET, path.clone(), &seat.session);
            after.push(support::send(&router, call).await.expect(200).json);
        }
    }
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b, a);
    }
    // Idempotency keys survive too, and the fight goes on.
    let replay = support::send(
        &router,
        t.command_call(&e, alice, json!({"command": "aim", "id": "vex"}))
            .header("Idempotency-Key", "aim-before-restart"),
    )
    .await
    .expect(200);
    assert_eq!(replay.json["version"], aim.json["version"]);
    assert_eq!(replay.json["entry"], aim.json["entry"]);
    let next = support::send(&router, t.next_turn_call(&e, &t.gm.session))
        .await
        .expect(201);
    assert_eq!(
        next.json["version"].as_i64().unwrap(),
        before[0]["version"].as_i64().unwrap() + 1
    );
}

both!(a_game_survives_a_restart);
