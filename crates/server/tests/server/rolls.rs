//! The roll log: modes and who sees what, physical dice, hostile
//! expressions, and the per-session rate limit.

use nanite_server::Config;
use serde_json::{Value, json};

use super::support::{Auth, Db, Table};
use crate::both;

async fn roll(t: &Table, auth: &Auth, body: Value) -> super::support::Answer {
    t.send(t.post(&t.path("/rolls"), auth).json(body)).await
}

async fn log(t: &Table, auth: &Auth) -> Vec<Value> {
    t.send(t.get(&t.path("/rolls"), auth))
        .await
        .expect(200)
        .json["rolls"]
        .as_array()
        .unwrap()
        .clone()
}

async fn each_mode_shows_the_roll_to_its_audience(db: Db) {
    let t = Table::new(db).await;
    let gm_roll = roll(
        &t,
        &t.gm.session,
        json!({"expression": "d100 # ambush", "mode": "gm"}),
    )
    .await
    .expect(201);
    assert_eq!(gm_roll.json["entry"]["roll"]["label"], "ambush");
    let blind = roll(
        &t,
        &t.alice.session,
        json!({"expression": "d100 # search", "mode": "blind"}),
    )
    .await
    .expect(201);
    // The roller of a blind roll learns it was made, not what it showed.
    assert!(blind.json["entry"].get("total").is_none(), "{}", blind.text);
    assert!(blind.json["entry"]["hidden"].is_string());
    let own = roll(
        &t,
        &t.alice.session,
        json!({"expression": "2d6", "mode": "self"}),
    )
    .await
    .expect(201);
    assert!(own.json["entry"]["total"].is_number());
    roll(&t, &t.alice.session, json!({"expression": "d20"}))
        .await
        .expect(201);
    roll(
        &t,
        &t.bob.session,
        json!({"expression": "d20+1", "mode": "public"}),
    )
    .await
    .expect(201);

    let modes = |entries: &[Value]| -> Vec<String> {
        entries
            .iter()
            .map(|r| {
                format!(
                    "{}:{}:{}",
                    r["label"].as_str().unwrap(),
                    r["mode"].as_str().unwrap(),
                    r.get("total").is_some()
                )
            })
            .collect()
    };
    assert_eq!(
        modes(&log(&t, &t.gm.session).await),
        [
            "GM:gm:true",
            "Alice:blind:true",
            "Alice:self:true",
            "Alice:public:true",
            "Bob:public:true"
        ]
    );
    assert_eq!(
        modes(&log(&t, &t.alice.session).await),
        [
            "Alice:blind:false",
            "Alice:self:true",
            "Alice:public:true",
            "Bob:public:true"
        ]
    );
    assert_eq!(
        modes(&log(&t, &t.bob.session).await),
        ["Alice:public:true", "Bob:public:true"]
    );
    assert_eq!(
        modes(&log(&t, &t.spectator.session).await),
        ["Alice:public:true", "Bob:public:true"]
    );
    let gm_only = roll(
        &t,
        &t.alice.session,
        json!({"expression": "d6", "mode": "gm"}),
    )
    .await
    .expect(403);
    assert!(
        gm_only.text.contains("blind"),
        "the fix is named: {}",
        gm_only.text
    );
    let watcher = roll(&t, &t.spectator.session, json!({"expression": "d6"}))
        .await
        .expect(403);
    assert_eq!(watcher.code(), "spectators_watch");
}

async fn physical_dice_and_hostile_expressions(db: Db) {
    let t = Table::new(db).await;
    let alice = &t.alice.session;
    let typed = roll(&t, alice, json!({"expression": "2d6+1", "dice": [3, 4]}))
        .await
        .expect(201);
    assert_eq!(typed.json["entry"]["total"], 8);
    assert_eq!(typed.json["entry"]["physical"], true);
    let short = roll(&t, alice, json!({"expression": "2d6", "dice": [3]}))
        .await
        .expect(422);
    assert_eq!(short.code(), "dice_needed");
    assert!(short.text.contains("d6"), "{}", short.text);
    let impossible = roll(&t, alice, json!({"expression": "d6", "dice": [7]}))
        .await
        .expect(422);
    assert_eq!(impossible.code(), "invalid_die");
    let extra = roll(&t, alice, json!({"expression": "d6", "dice": [1, 2]}))
        .await
        .expect(422);
    assert_eq!(extra.code(), "too_many_dice");
    let garbled = roll(&t, alice, json!({"expression": "2d"}))
        .await
        .expect(422);
    assert_eq!(garbled.code(), "invalid_expression");
    assert!(garbled.text.contains("column 3"), "{}", garbled.text);
    let huge = roll(&t, alice, json!({"expression": "100000d6"}))
        .await
        .expect(422);
    assert_eq!(huge.code(), "invalid_expression");
    let unbound = roll(&t, alice, json!({"expression": "d6 + FORT"}))
        .await
        .expect(422);
    assert!(unbound.text.contains("FORT"), "{}", unbound.text);
    let long = roll(&t, alice, json!({"expression": "1+".repeat(600) + "1"}))
        .await
        .expect(422);
    assert_eq!(long.code(), "invalid_expression");
    let unknown = roll(&t, alice, json!({"expression": "d6", "secret": true}))
        .await
        .expect(422);
    assert_eq!(unknown.code(), "unknown_field");
    // Only the good roll is in the log.
    assert_eq!(log(&t, &t.gm.session).await.len(), 1);
}

async fn a_session_that_rolls_too_fast_is_told_to_wait(db: Db) {
    let config = Config {
        roll_burst: 3,
        rolls_per_minute: 2,
        ..Config::default()
    };
    let t = Table::with_config(db, config).await;
    for _ in 0..3 {
        roll(&t, &t.alice.session, json!({"expression": "d6"}))
            .await
            .expect(201);
    }
    let slow_down = roll(&t, &t.alice.session, json!({"expression": "d6"}))
        .await
        .expect(429);
    assert_eq!(slow_down.code(), "rate_limited");
    let wait: u64 = slow_down.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    // Another session has its own allowance.
    roll(&t, &t.bob.session, json!({"expression": "d6"}))
        .await
        .expect(201);
    assert_eq!(log(&t, &t.gm.session).await.len(), 4);
}

both!(
    each_mode_shows_the_roll_to_its_audience,
    physical_dice_and_hostile_expressions,
    a_session_that_rolls_too_fast_is_told_to_wait,
);
