//! Undoing a fight's end undoes its write-back (issue 23: the write-back is
//! "undoable, in the log"): the GM takes back the `end` that wrote Vex's
//! wounds and spent rounds back to his carried state, and his state is
//! exactly what it was before the end; ending again writes it back once.
//! A write-back that later changes stand on (a rest) is not taken back
//! under them: the GM is told to take those back first, and nothing changes.

use nanite_server::Config;
use serde_json::{Value, json};

use super::support::{self, Answer, Auth, Db, Table};
use crate::both;

async fn state(t: &Table, auth: &Auth) -> Value {
    t.send(t.get(&t.path("/characters/vex/state"), auth))
        .await
        .expect(200)
        .json
}

async fn post(t: &Table, rest: &str, auth: &Auth) -> Answer {
    t.send(t.post(&t.path(rest), auth).json(json!({}))).await
}

/// The depot fight up to its end: Vex fires a burst and a grenade's 30
/// hurt him. Returns the encounter.
pub(crate) async fn a_fight_before_its_end(t: &Table) -> String {
    let e = t.depot().await;
    t.command(
        &e,
        &t.alice.session,
        json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
               "mode": "burst", "fire": "hip", "distance": null, "cover": null}),
    )
    .await
    .expect(201);
    t.by_gm(
        &e,
        json!({"command": "harm", "target": "vex", "amount": 30,
               "damage_type": "explosive", "apl": 0, "why": "a grenade"}),
    )
    .await;
    e
}

async fn end(t: &Table, e: &str) {
    t.by_gm(e, json!({"command": "clock", "clock": "end"}))
        .await;
}

async fn phase(t: &Table, e: &str) -> Value {
    t.view(e, &t.gm.session).await["phase"].clone()
}

async fn undoing_the_end_undoes_the_write_back(db: Db) {
    let again_db = Db(db.0.clone());
    let t = Table::new(db).await;
    let gm = &t.gm.session;
    let e = a_fight_before_its_end(&t).await;
    let before = state(&t, gm).await;
    assert_eq!(before["recorded"], false, "no fight written back yet");
    end(&t, &e).await;
    let written = state(&t, gm).await;
    assert_eq!(written["recorded"], true);
    assert_ne!(
        written["state"], before["state"],
        "the fight was written back"
    );

    // The GM takes back the end: the write-back goes with it.
    let undone = post(&t, &format!("/encounters/{e}/undo"), gm)
        .await
        .expect(201);
    assert_eq!(undone.json["entry"]["type"], "undone");
    assert!(
        undone.json["entry"]["write_back_version"].is_i64(),
        "{}",
        undone.json
    );
    let lines = undone.json["entry"]["lines"].to_string();
    assert!(lines.contains("write-back"), "{lines}");
    assert_ne!(phase(&t, &e).await, "ended");
    assert_eq!(state(&t, gm).await, before, "exactly as before the end");
    // Its owner sees the same, and nothing is left to take back.
    assert_eq!(state(&t, &t.alice.session).await, before);
    let none = post(&t, "/states/undo", gm).await.expect(422);
    assert_eq!(none.code(), "nothing_to_undo");
    // A restart replays the stream to the same state.
    let router = nanite_server::app(support::state(&again_db, Config::default()).await);
    let replayed = support::get(&router, t.path("/characters/vex/state"), &t.gm.bearer())
        .await
        .expect(200);
    assert_eq!(replayed.json, before);

    // Ending again writes it back, once.
    end(&t, &e).await;
    assert_eq!(state(&t, gm).await, written);
    let twice = post(&t, &format!("/encounters/{e}/write-back"), gm)
        .await
        .expect(422);
    assert_eq!(twice.code(), "written_back");
    post(&t, "/states/undo", gm).await.expect(201);
    assert_eq!(state(&t, gm).await, before, "one write-back stood");
    post(&t, "/states/undo", gm).await.expect(422);
}

async fn a_rest_on_the_write_back_is_taken_back_first(db: Db) {
    let t = Table::new(db).await;
    let gm = &t.gm.session;
    let e = a_fight_before_its_end(&t).await;
    end(&t, &e).await;
    t.send(
        t.post(&t.path("/characters/vex/state/rest"), &t.alice.session)
            .json(json!({"long": true})),
    )
    .await
    .expect(201);
    let rested = state(&t, gm).await;
    let refused = post(&t, &format!("/encounters/{e}/undo"), gm)
        .await
        .expect(422);
    assert_eq!(refused.code(), "written_back");
    assert!(
        refused.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("takes those back first"),
        "{}",
        refused.json
    );
    assert_eq!(phase(&t, &e).await, "ended", "nothing changed");
    assert_eq!(state(&t, gm).await, rested);
    // The rest taken back first, the end goes with its write-back.
    post(&t, "/states/undo", gm).await.expect(201);
    post(&t, &format!("/encounters/{e}/undo"), gm)
        .await
        .expect(201);
    assert_eq!(state(&t, gm).await["recorded"], false);
}

both!(
    undoing_the_end_undoes_the_write_back,
    a_rest_on_the_write_back_is_taken_back_first,
);
