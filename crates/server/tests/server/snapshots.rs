//! Snapshots: a table is written to its stream's snapshot every
//! `snapshot_every` entries, a new server loads from the newest snapshot and
//! replays only what came after, and an unreadable snapshot falls back to
//! the whole stream, showing everyone the same table either way.

use axum::http::Method;
use nanite_server::Config;
use nanite_store::EventStore;
use serde_json::{Value, json};

use super::support::{self, Call, Db, Table};
use crate::both;

fn every(n: i64) -> Config {
    Config {
        snapshot_every: n,
        ..Config::default()
    }
}

/// The depot fight with a few more commands, a roll, an undo and a key.
async fn played(db: Db) -> (Table, String) {
    let t = Table::with_config(db, every(5)).await;
    let e = t.depot().await;
    let alice = &t.alice.session;
    t.send(
        t.command_call(&e, alice, json!({"command": "aim", "id": "vex"}))
            .header("Idempotency-Key", "aim-1"),
    )
    .await
    .expect(201);
    t.command(
        &e,
        alice,
        json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
            "mode": "burst", "fire": null, "distance": null, "cover": null}),
    )
    .await
    .expect(201);
    t.undo(&e).await.expect(201);
    t.send(
        t.post(&t.path("/rolls"), alice)
            .json(json!({"expression": "d100", "mode": "blind"})),
    )
    .await
    .expect(201);
    (t, e)
}

/// What every seat sees of the encounter, the rolls and the campaign.
async fn seen(router: &axum::Router, t: &Table, e: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for path in [
        t.path(&format!("/encounters/{e}")),
        t.path("/rolls"),
        t.path(""),
    ] {
        for seat in [&t.gm, &t.alice, &t.bob, &t.spectator] {
            let call = Call::new(Method::GET, path.clone(), &seat.session);
            out.push(support::send(router, call).await.expect(200).json);
        }
    }
    out
}

async fn a_new_server_loads_from_the_snapshot(db: Db) {
    let (t, e) = played(db.clone()).await;
    let stream = format!("table:{}", t.campaign);
    let version = t.view(&e, &t.gm.session).await["version"].as_i64().unwrap();
    let snapshot = t
        .state
        .store()
        .latest_snapshot(&stream)
        .await
        .unwrap()
        .unwrap();
    // The first snapshot is due 5 to 9 entries in (spread by campaign),
    // then every as many again; the fight has more entries than that.
    assert!(
        snapshot.version >= 5 && snapshot.version <= version,
        "{}",
        snapshot.version
    );
    let before = seen(&t.router, &t, &e).await;

    let state = support::state(&db, every(5)).await;
    let router = nanite_server::app(state);
    assert_eq!(seen(&router, &t, &e).await, before);
    // Keys from before the snapshot still answer with their first result,
    // and the fight goes on at the next version.
    let again = support::send(
        &router,
        t.command_call(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
            .header("Idempotency-Key", "aim-1"),
    )
    .await
    .expect(200);
    assert_eq!(again.json["replayed"], true);
    let next = support::send(&router, t.next_turn_call(&e, &t.gm.session))
        .await
        .expect(201);
    assert_eq!(next.json["version"].as_i64().unwrap(), version + 1);
}

async fn the_snapshot_is_what_loads(db: Db) {
    let (t, e) = played(db.clone()).await;
    let stream = format!("table:{}", t.campaign);
    let store = t.state.store();
    let mut snapshot = store.latest_snapshot(&stream).await.unwrap().unwrap();
    // A snapshot edited by hand shows: the new server did not replay the
    // entries before it.
    let text = snapshot
        .data
        .to_string()
        .replace("Ambush at the depot", "Edited in the snapshot");
    snapshot.data = serde_json::from_str(&text).unwrap();
    store
        .save_snapshot(&stream, snapshot.version, &snapshot.data)
        .await
        .unwrap();
    let router = nanite_server::app(support::state(&db, every(0)).await);
    let call = Call::new(
        Method::GET,
        t.path(&format!("/encounters/{e}")),
        &t.gm.session,
    );
    let view = support::send(&router, call).await.expect(200).json;
    assert_eq!(view["name"], "Edited in the snapshot");
}

async fn an_unreadable_snapshot_falls_back_to_the_stream(db: Db) {
    let (t, e) = played(db.clone()).await;
    let stream = format!("table:{}", t.campaign);
    let before = seen(&t.router, &t, &e).await;
    let version = t
        .state
        .store()
        .latest_snapshot(&stream)
        .await
        .unwrap()
        .unwrap()
        .version;
    t.state
        .store()
        .save_snapshot(
            &stream,
            version + 1,
            &json!({"format": 99, "what": "not a table"}),
        )
        .await
        .unwrap();
    let router = nanite_server::app(support::state(&db, every(0)).await);
    assert_eq!(seen(&router, &t, &e).await, before);
}

/// A D20 fight is kept in snapshots too (its battle and its log's events),
/// and a new server shows everyone the same fight and goes on with it.
async fn a_d20_fight_loads_from_its_snapshot(db: Db) {
    let t = Table::d20_with_config(db.clone(), every(3)).await;
    let e = super::d20::ford(&t).await;
    let stream = format!("table:{}", t.campaign);
    let snapshot = t.state.store().latest_snapshot(&stream).await.unwrap();
    let snapshot = snapshot.expect("the ford is longer than a snapshot's interval");
    assert!(
        snapshot.data.to_string().contains("\"ruleset\":\"d20\""),
        "a D20 game is kept: {}",
        snapshot.data
    );
    let before = seen(&t.router, &t, &e).await;
    let router = nanite_server::app(support::state(&db, every(3)).await);
    assert_eq!(seen(&router, &t, &e).await, before);
    // The loaded fight goes on: Kara steps east on her turn.
    let moved = support::send(
        &router,
        t.command_call(
            &e,
            &t.alice.session,
            json!({"command": "move", "id": "kara", "to": [{"x": 2, "y": 1}]}),
        ),
    )
    .await
    .expect(201);
    assert!(moved.text.contains("Kara"), "{}", moved.text);
}

/// A table nobody uses or watches is let go after the idle time, its
/// snapshot written first, and loads again unchanged when next used; a
/// table in use, or watched live, stays.
async fn idle_tables_are_let_go_and_load_again(db: Db) {
    let (t, e) = played(db.clone()).await;
    let idle = std::time::Duration::from_secs(15 * 60);
    let before = seen(&t.router, &t, &e).await;
    let version = t.view(&e, &t.gm.session).await["version"].as_i64().unwrap();
    assert_eq!(t.state.loaded_tables(), 1);
    // Just used: it stays.
    assert_eq!(t.state.unload_idle_tables(idle).await, 0);
    assert_eq!(t.state.loaded_tables(), 1);

    // Watched live: it stays however long nobody sends anything.
    let address = super::live::listen(&t).await;
    let mut socket = super::live::connect(address, &t, &t.alice.session, 0).await;
    let _ = super::live::catch_up(&mut socket).await;
    t.state.config().clock.advance(idle);
    assert_eq!(t.state.unload_idle_tables(idle).await, 0);
    drop(socket);

    // Nobody watches (the server notices the closed socket in its own time).
    let mut unloaded = 0;
    for _ in 0..100 {
        unloaded = t.state.unload_idle_tables(idle).await;
        if unloaded > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(unloaded, 1, "an idle, unwatched table is let go");
    assert_eq!(t.state.loaded_tables(), 0);
    // Its snapshot is up to date, so loading it replays nothing.
    let stream = format!("table:{}", t.campaign);
    let snapshot = t.state.store().latest_snapshot(&stream).await.unwrap();
    assert_eq!(snapshot.map(|s| s.version), Some(version));
    // Used again: loaded, the same for every seat, and the fight goes on.
    assert_eq!(seen(&t.router, &t, &e).await, before);
    assert_eq!(t.state.loaded_tables(), 1);
    let next = t
        .send(t.next_turn_call(&e, &t.gm.session))
        .await
        .expect(201);
    assert_eq!(next.json["version"].as_i64().unwrap(), version + 1);
}

both!(
    idle_tables_are_let_go_and_load_again,
    a_d20_fight_loads_from_its_snapshot,
    a_new_server_loads_from_the_snapshot,
    the_snapshot_is_what_loads,
    an_unreadable_snapshot_falls_back_to_the_stream,
);
