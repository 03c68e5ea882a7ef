//! Sessions expire: a session cookie unused for the idle time, or older
//! than its lifetime however much it is used, is refused with 401
//! `session_expired` and forgotten; joining again opens a new one. A bot's
//! bearer token is its invitation, which lasts until the GM revokes it.
//! The server's clock is moved on instead of waiting.

use std::time::Duration;

use axum::http::header;
use nanite_server::Config;
use serde_json::json;

use super::support::{self, Db, Table};
use crate::both;

const MINUTE: Duration = Duration::from_secs(60);

fn config() -> Config {
    Config {
        session_idle: 60 * MINUTE,
        session_lifetime: 24 * 60 * MINUTE,
        ..Config::default()
    }
}

async fn an_idle_session_expires(db: Db) {
    let config = config();
    let clock = config.clock.clone();
    let t = Table::with_config(db, config).await;
    let alice = &t.alice.session;
    // Used every 50 minutes, it lives on past the idle time.
    for _ in 0..3 {
        clock.advance(50 * MINUTE);
        t.send(t.get("/api/me", alice)).await.expect(200);
    }
    clock.advance(61 * MINUTE);
    let expired = t.send(t.get("/api/me", alice)).await.expect(401);
    assert_eq!(expired.code(), "session_expired");
    assert!(
        expired.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("after 1 hour without use"),
        "{}",
        expired.text
    );
    // Forgotten: a change with it is refused as well, and changes nothing.
    let roll = t
        .send(
            t.post(&t.path("/rolls"), alice)
                .json(json!({"expression": "d6"})),
        )
        .await
        .expect(401);
    assert_eq!(roll.code(), "not_signed_in");
    let rolls = t.send(t.get(&t.path("/rolls"), &t.gm.bearer())).await;
    assert_eq!(rolls.expect(200).json["rolls"], json!([]));
    // Her invitation still opens a new session, and her bot's token works.
    let again = support::join(&t.router, &t.alice.token).await;
    t.send(t.get("/api/me", &again)).await.expect(200);
    t.send(t.get("/api/me", &t.alice.bearer()))
        .await
        .expect(200);
}

async fn a_session_expires_at_the_end_of_its_lifetime(db: Db) {
    let config = config();
    let clock = config.clock.clone();
    let t = Table::with_config(db, config).await;
    let bob = &t.bob.session;
    // Used every 50 minutes: alive for a day, then expired.
    let mut used = Duration::ZERO;
    while used + 50 * MINUTE <= 24 * 60 * MINUTE {
        clock.advance(50 * MINUTE);
        used += 50 * MINUTE;
        t.send(t.get("/api/me", bob)).await.expect(200);
    }
    clock.advance(50 * MINUTE);
    let expired = t.send(t.get("/api/me", bob)).await.expect(401);
    assert_eq!(expired.code(), "session_expired");
    assert!(
        expired.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("sessions last 1 day at most"),
        "{}",
        expired.text
    );
}

async fn the_cookie_lasts_as_long_as_the_session(db: Db) {
    let t = Table::with_config(db, config()).await;
    let joined = support::send(
        &t.router,
        support::Call::new(
            axum::http::Method::POST,
            "/api/join",
            &support::Auth::Anonymous,
        )
        .json(json!({ "token": t.bob.token })),
    )
    .await
    .expect(200);
    let cookie = joined.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.contains("; Max-Age=86400"), "{cookie}");
}

both!(
    an_idle_session_expires,
    a_session_expires_at_the_end_of_its_lifetime,
    the_cookie_lasts_as_long_as_the_session,
);
