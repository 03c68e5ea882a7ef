//! Joining and sessions: the cookie's flags, the CSRF token, bots with a
//! bearer token, and the join page.

use axum::http::{Method, header};
use nanite_server::Config;
use serde_json::json;

use super::support::{Auth, Call, Db, Table};
use crate::both;

async fn joining_sets_a_strict_http_only_cookie(db: Db) {
    let t = Table::new(db).await;
    let answer = t
        .send(
            Call::new(Method::POST, "/api/join", &Auth::Anonymous)
                .json(json!({"token": t.alice.token})),
        )
        .await
        .expect(200);
    let cookie = answer.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.starts_with("nanite_session="), "{cookie}");
    for flag in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(cookie.split("; ").any(|p| p == flag), "{flag} in {cookie}");
    }
    assert!(
        !cookie.contains("Secure"),
        "plain HTTP by default: {cookie}"
    );
    assert_eq!(answer.json["role"], "player");
    assert_eq!(answer.json["campaign"]["name"], "The Depot");
    assert_eq!(answer.json["invite"]["slot"], "vex");
    let csrf = answer.json["csrf_token"].as_str().unwrap();
    assert_eq!(csrf.len(), 64);
    // The session token itself is never in the body.
    let session = cookie.split(';').next().unwrap().split_once('=').unwrap().1;
    assert!(!answer.text.contains(session));
    // /api/me tells the page its CSRF token again.
    let me_auth = Auth::Cookie {
        cookie: cookie.split(';').next().unwrap().to_string(),
        csrf: String::new(),
    };
    let me = t.send(t.get("/api/me", &me_auth)).await.expect(200);
    assert_eq!(me.json["csrf_token"], csrf);
    // A bearer has no CSRF token to be told.
    let bot = t
        .send(t.get("/api/me", &t.alice.bearer()))
        .await
        .expect(200);
    assert!(bot.json.get("csrf_token").is_none());
}

async fn behind_https_the_cookie_is_secure(db: Db) {
    let config = Config {
        secure_cookies: true,
        ..Config::default()
    };
    let t = Table::with_config(db, config).await;
    let answer = t
        .send(
            Call::new(Method::POST, "/api/join", &Auth::Anonymous)
                .json(json!({"token": t.bob.token})),
        )
        .await
        .expect(200);
    let cookie = answer.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.ends_with("; Secure"), "{cookie}");
}

async fn changes_by_cookie_need_the_csrf_token(db: Db) {
    let t = Table::new(db).await;
    let roll = |auth: &Auth| {
        t.post(&t.path("/rolls"), auth)
            .json(json!({"expression": "d20"}))
    };
    let missing = t
        .send(roll(&t.alice.session).without_csrf())
        .await
        .expect(403);
    assert_eq!(missing.code(), "csrf_missing");
    assert!(missing.text.contains("X-CSRF-Token"), "{}", missing.text);
    let Auth::Cookie { cookie, csrf } = &t.alice.session else {
        unreachable!()
    };
    let other = Auth::Cookie {
        cookie: cookie.clone(),
        csrf: csrf.chars().rev().collect(),
    };
    let mismatch = t.send(roll(&other)).await.expect(403);
    assert_eq!(mismatch.code(), "csrf_mismatch");
    // Reading needs no CSRF token; a bot's bearer token needs none at all.
    t.send(t.get(&t.path("/rolls"), &t.alice.session).without_csrf())
        .await
        .expect(200);
    t.send(roll(&t.alice.bearer())).await.expect(201);
    t.send(roll(&t.alice.session)).await.expect(201);
    // Nothing was rolled by the refused requests.
    let log = t
        .send(t.get(&t.path("/rolls"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(log.json["rolls"].as_array().unwrap().len(), 2);
}

async fn the_join_page_posts_the_token(db: Db) {
    let t = Table::new(db).await;
    let page = t
        .send(t.get(&format!("/join/{}", t.spectator.token), &Auth::Anonymous))
        .await
        .expect(200);
    assert!(
        page.text
            .contains("<form method=\"post\" action=\"/join\">")
    );
    assert!(page.text.contains(&t.spectator.token));
    let bad = t
        .send(t.get("/join/%3Cscript%3E", &Auth::Anonymous))
        .await
        .expect(200);
    assert!(bad.text.contains("not a nanite invitation"));
    assert!(!bad.text.contains("<script>"));
    let joined = t
        .send(Call::new(Method::POST, "/join", &Auth::Anonymous).raw(
            "application/x-www-form-urlencoded",
            format!("token={}", t.spectator.token),
        ))
        .await
        .expect(303);
    // The browser is sent on to the table's page.
    assert_eq!(
        joined.headers[header::LOCATION].to_str().unwrap(),
        format!("/c/{}", t.campaign)
    );
    let cookie = joined.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
}

async fn another_site_cannot_sign_a_visitor_in(db: Db) {
    let t = Table::new(db).await;
    let join = |origin: &str| {
        Call::new(Method::POST, "/join", &Auth::Anonymous)
            .raw(
                "application/x-www-form-urlencoded",
                format!("token={}", t.bob.token),
            )
            .header("host", "table.example")
            .header("origin", origin)
    };
    let refused = t.send(join("https://evil.example")).await.expect(403);
    assert_eq!(refused.code(), "cross_origin");
    assert!(refused.headers.get(header::SET_COOKIE).is_none());
    t.send(join("http://table.example")).await.expect(303);
    let api = t
        .send(
            Call::new(Method::POST, "/api/join", &Auth::Anonymous)
                .json(json!({"token": t.bob.token}))
                .header("origin", "https://evil.example"),
        )
        .await
        .expect(403);
    assert_eq!(api.code(), "cross_origin");
    // Under the pages' `Referrer-Policy: no-referrer` a browser posts the
    // join form with `Origin: null`; its `Sec-Fetch-Site` says where the
    // form was, and is believed first.
    let fetched = |site: &str, origin: &str| join(origin).header("sec-fetch-site", site);
    t.send(fetched("same-origin", "null")).await.expect(303);
    for (site, origin) in [
        ("cross-site", "null"),
        ("cross-site", "http://table.example"),
        ("same-site", "null"),
    ] {
        let refused = t.send(fetched(site, origin)).await.expect(403);
        assert_eq!(refused.code(), "cross_origin", "{site} {origin}");
    }
}

both!(
    another_site_cannot_sign_a_visitor_in,
    joining_sets_a_strict_http_only_cookie,
    behind_https_the_cookie_is_secure,
    changes_by_cookie_need_the_csrf_token,
    the_join_page_posts_the_token,
);
