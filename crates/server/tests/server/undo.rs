//! The GM's undo: it takes back an encounter's last command in effect (a
//! shot, an entrance), the log keeps both, a restart and `nanite verify`
//! replay it, and nobody else may undo.

use axum::http::Method;
use nanite_server::Config;
use serde_json::{Value, json};

use super::support::{self, Answer, Auth, Call, Db, Table};
use crate::both;

fn undo_call(t: &Table, encounter: &str, auth: &Auth) -> Call {
    t.post(&t.path(&format!("/encounters/{encounter}/undo")), auth)
        .json(json!({}))
}

async fn undo(t: &Table, encounter: &str, auth: &Auth) -> Answer {
    t.send(undo_call(t, encounter, auth)).await
}

/// The encounter as the GM sees it, without the version and the log, which
/// an undo lengthens.
async fn fight(t: &Table, encounter: &str) -> Value {
    let mut view = t.view(encounter, &t.gm.session).await;
    let map = view.as_object_mut().unwrap();
    map.remove("version");
    map.remove("log");
    view
}

const BURST: &str = r#"{"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
    "mode": "burst", "fire": null, "distance": null, "cover": null}"#;

/// Vex aims, so the shot is aimed fire with the Basic SMG's Dot Sight (CX-RNG-05).
async fn aim(t: &Table, encounter: &str) {
    t.command(
        encounter,
        &t.alice.session,
        json!({"command": "aim", "id": "vex"}),
    )
    .await
    .expect(201);
}

async fn the_gm_takes_back_a_shot(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    aim(&t, &e).await;
    let before = fight(&t, &e).await;
    let shot = t
        .command(&e, &t.alice.session, serde_json::from_str(BURST).unwrap())
        .await
        .expect(201);
    assert_ne!(fight(&t, &e).await, before, "the shot spent ammunition");
    // The GM knows the shot by the stream's number (the last entry).
    let shot_for_gm = t.view(&e, &t.gm.session).await["version"].clone();
    let undone = undo(&t, &e, &t.gm.session).await.expect(201);
    let entry = &undone.json["entry"];
    assert_eq!(entry["type"], "undone");
    assert_eq!(entry["undone_version"], shot_for_gm);
    assert!(
        shot.json["version"].as_i64() < shot_for_gm.as_i64(),
        "Alice's own number"
    );
    assert_eq!(entry["command"], "fire");
    assert!(
        entry["lines"][0]
            .as_str()
            .unwrap()
            .starts_with("The GM takes back `fire`"),
        "{entry}"
    );
    assert_eq!(fight(&t, &e).await, before, "as if never fired");
    // The encounter's log no longer holds the shot (the campaign's feed
    // keeps both the shot and its undo).
    let alice = t.view(&e, &t.alice.session).await;
    let log = alice["log"].as_array().unwrap();
    assert!(
        log.iter().all(|l| l["version"] != shot.json["version"]),
        "{alice}"
    );
    assert!(undone.json["version"].as_i64() > shot.json["version"].as_i64());
    // The fight goes on from there: Vex has the three actions left after
    // aiming.
    assert_eq!(alice["actions"], json!({"total": 4, "left": 3}));
}

async fn undo_walks_back_one_command_at_a_time(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    // The last command of the depot began the fight; before it, the
    // initiative was set and the combatants entered.
    let newcomer = t
        .add(
            &e,
            json!({"id": "late", "npc": support::RAIDER, "side": "raiders"}),
        )
        .await
        .expect(201);
    let ids = |v: &Value| {
        v["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert!(ids(&t.view(&e, &t.gm.session).await).contains(&"late".to_string()));
    let first = undo(&t, &e, &t.gm.session).await.expect(201);
    assert_eq!(
        first.json["entry"]["undone_version"],
        newcomer.json["version"]
    );
    let view = t.view(&e, &t.gm.session).await;
    assert!(!ids(&view).contains(&"late".to_string()), "{view}");
    assert_eq!(view["phase"], "round");
    let second = undo(&t, &e, &t.gm.session).await.expect(201);
    assert!(
        second.json["entry"]["lines"]
            .to_string()
            .contains("round 1"),
        "{}",
        second.text
    );
    assert_eq!(t.view(&e, &t.gm.session).await["phase"], "setup");
}

async fn nothing_left_to_undo_changes_nothing(db: Db) {
    let t = Table::new(db).await;
    let e = t.encounter("Quiet night").await;
    let version = t.view(&e, &t.gm.session).await["version"].clone();
    let refused = undo(&t, &e, &t.gm.session).await.expect(422);
    assert_eq!(refused.code(), "nothing_to_undo");
    assert!(
        refused.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no command to take back"),
        "{}",
        refused.text
    );
    assert_eq!(t.view(&e, &t.gm.session).await["version"], version);
    let odd = t
        .send(
            t.post(&t.path(&format!("/encounters/{e}/undo")), &t.gm.session)
                .json(json!({"steps": 3})),
        )
        .await
        .expect(422);
    assert!(odd.text.contains("steps"), "{}", odd.text);
    undo(&t, "e-nowhere", &t.gm.session).await.expect(404);
}

async fn only_the_gm_undoes(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let before = t.view(&e, &t.gm.session).await["version"].clone();
    for seat in [&t.alice, &t.bob, &t.spectator] {
        let refused = undo(&t, &e, &seat.session).await.expect(403);
        assert!(!refused.code().is_empty());
    }
    undo(&t, &e, &Auth::Anonymous).await.expect(401);
    let no_csrf = t
        .send(undo_call(&t, &e, &t.gm.session).without_csrf())
        .await;
    assert_eq!(no_csrf.status, 403, "{}", no_csrf.text);
    assert_eq!(t.view(&e, &t.gm.session).await["version"], before);
}

async fn a_double_clicked_undo_takes_back_one_command(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    aim(&t, &e).await;
    let aimed = fight(&t, &e).await;
    t.command(&e, &t.alice.session, serde_json::from_str(BURST).unwrap())
        .await
        .expect(201);
    let click = || undo_call(&t, &e, &t.gm.session).header("Idempotency-Key", "undo-once");
    let first = t.send(click()).await.expect(201);
    let again = t.send(click()).await.expect(200);
    assert_eq!(again.json["version"], first.json["version"]);
    assert_eq!(fight(&t, &e).await, aimed, "the aim still stands");
}

async fn an_undo_survives_a_restart_and_verifies(db: Db) {
    let t = Table::new(db.clone()).await;
    let e = t.depot().await;
    t.start_play_session().await.expect(201);
    aim(&t, &e).await;
    t.command(&e, &t.alice.session, serde_json::from_str(BURST).unwrap())
        .await
        .expect(201);
    undo(&t, &e, &t.gm.session).await.expect(201);
    t.command(&e, &t.alice.session, serde_json::from_str(BURST).unwrap())
        .await
        .expect(201);
    t.end_play_session().await.expect(201);
    let before = t.view(&e, &t.gm.session).await;

    let state = support::state(&db, Config::default()).await;
    let router = nanite_server::app(state.clone());
    let call = Call::new(
        Method::GET,
        t.path(&format!("/encounters/{e}")),
        &t.gm.session,
    );
    assert_eq!(support::send(&router, call).await.expect(200).json, before);

    let export = nanite_store::export(state.store(), &[format!("table:{}", t.campaign)])
        .await
        .unwrap();
    let text = serde_json::to_string(&export).unwrap();
    let found = support::verified(&text);
    assert!(found.honest(), "{found:#?}");
    assert_eq!(
        found.verified, 2,
        "both shots, the undone one too: {found:#?}"
    );
}

both!(
    the_gm_takes_back_a_shot,
    undo_walks_back_one_command_at_a_time,
    nothing_left_to_undo_changes_nothing,
    only_the_gm_undoes,
    a_double_clicked_undo_takes_back_one_command,
    an_undo_survives_a_restart_and_verifies,
);
