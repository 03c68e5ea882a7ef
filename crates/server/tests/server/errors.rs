//! Errors: one JSON shape naming the problem and the fix; size limits;
//! nothing internal leaks.

use axum::http::Method;
use nanite_server::Config;
use nanite_store::{EventStore, NewEvent};
use serde_json::json;

use super::support::{self, Call, Db, Table};
use crate::both;

async fn a_five_megabyte_body_is_refused(db: Db) {
    let t = Table::new(db).await;
    let e = t.encounter("Depot").await;
    let big = format!(
        "{{\"command\":\"aim\",\"id\":\"{}\"}}",
        "x".repeat(5 * 1024 * 1024)
    );
    let path = t.path(&format!("/encounters/{e}/commands"));
    // Declared up front, and streamed without a length: both refused.
    let declared = t
        .send(
            t.post(&path, &t.gm.session)
                .raw("application/json", big.clone())
                .header("content-length", &big.len().to_string()),
        )
        .await
        .expect(413);
    assert_eq!(declared.code(), "body_too_large");
    let streamed = t
        .send(
            t.post(&path, &t.gm.session)
                .raw("application/json", big.clone()),
        )
        .await
        .expect(413);
    assert_eq!(streamed.code(), "body_too_large");
    let upload = t.upload(&t.alice.session, "vex", &big).await.expect(413);
    assert!(
        upload.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("limit")
    );
    // Nothing happened.
    assert_eq!(t.view(&e, &t.gm.session).await["version"], 1);
}

async fn malformed_requests_are_named(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let path = t.path(&format!("/encounters/{e}/commands"));
    let gm = &t.gm.session;
    let cases = [
        ("{\"command\": \"aim\", ", 400, "malformed_json", "line 1"),
        ("[1, 2]", 422, "invalid_field", "map"),
        (
            "{\"command\": \"teleport\", \"id\": \"vex\"}",
            422,
            "invalid_field",
            "teleport",
        ),
        (
            "{\"command\": \"aim\"}",
            422,
            "invalid_field",
            "missing field `id`",
        ),
        (
            "{\"command\": \"aim\", \"id\": \"vex\", \"speed\": 3}",
            422,
            "unknown_field",
            "speed",
        ),
        // A field at its default (left out of the engine's JSON) is known;
        // an unknown one beside it is still named.
        (
            "{\"command\": \"stabilize\", \"id\": \"vex\", \"target\": \"raider\", \"kit\": false, \"count_revive\": false, \"speed\": 3}",
            422,
            "unknown_field",
            "speed",
        ),
        (
            "{\"command\": \"stabilize\", \"id\": \"vex\", \"target\": \"raider\", \"kit\": false, \"count_revive\": false}",
            422,
            "refused",
            "raider",
        ),
        (
            "{\"command\": \"add\", \"id\": \"x\"}",
            422,
            "use_combatants",
            "combatants",
        ),
        (
            "{\"command\": \"aim\", \"id\": \"vex\", \"dice\": \"six\"}",
            422,
            "invalid_field",
            "dice",
        ),
    ];
    for (body, status, code, says) in cases {
        let answer = t
            .send(t.post(&path, gm).raw("application/json", body))
            .await;
        assert_eq!(answer.status.as_u16(), status, "{body}: {}", answer.text);
        assert_eq!(answer.code(), code, "{body}: {}", answer.text);
        let message = answer.json["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{body}: {message}");
    }
    let untyped = t
        .send(
            t.post(&path, gm)
                .raw("text/plain", "{\"command\": \"aim\", \"id\": \"vex\"}"),
        )
        .await
        .expect(415);
    assert!(untyped.text.contains("application/json"));
    let nowhere = t.send(t.get("/api/nowhere", gm)).await.expect(404);
    assert!(nowhere.text.contains("openapi.json"));
    t.send(t.get("/nowhere", gm)).await.expect(404);
    let method = t
        .send(Call::new(Method::DELETE, "/api/campaigns", gm))
        .await
        .expect(405);
    assert_eq!(method.code(), "method_not_allowed");
}

async fn internal_failures_say_only_internal_error(db: Db) {
    let t = Table::new(db.clone()).await;
    t.encounter("Depot").await;
    // Someone writes garbage into the campaign's stream behind our back.
    t.state
        .store()
        .append(
            &format!("table:{}", t.campaign),
            1,
            None,
            &[NewEvent::new(
                "command",
                &json!({"by": "x", "secret_detail": "/var/lib/nanite"}),
            )
            .unwrap()],
        )
        .await
        .unwrap();
    // A server starting afresh cannot rebuild the table.
    let state = support::state(&db, Config::default()).await;
    let router = nanite_server::app(state);
    let answer = support::send(&router, t.get(&t.path("/encounters"), &t.gm.session))
        .await
        .expect(500);
    assert_eq!(
        answer.json,
        json!({"error": {"code": "internal", "message": "internal error"}})
    );
}

both!(
    a_five_megabyte_body_is_refused,
    malformed_requests_are_named,
    internal_failures_say_only_internal_error,
);
