//! Joining and sessions: the cookie's flags, the CSRF token, bots with a
//! bearer token, the join page, and one browser holding a seat in several
//! campaigns.

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
    // A dead link, opened from a chat message: a page saying why, not JSON.
    let revoked = t
        .send(Call::new(
            Method::DELETE,
            t.path(&format!("/invites/{}", t.spectator.invite)),
            &t.gm.bearer(),
        ))
        .await
        .expect(200);
    assert_eq!(revoked.json["invite"]["revoked"], true);
    let dead = t
        .send(Call::new(Method::POST, "/join", &Auth::Anonymous).raw(
            "application/x-www-form-urlencoded",
            format!("token={}", t.spectator.token),
        ))
        .await
        .expect(401);
    assert!(
        dead.text.contains("<html") || dead.text.contains("<!DOCTYPE"),
        "{}",
        dead.text
    );
    assert!(dead.text.contains("revoked by the GM"), "{}", dead.text);
    assert!(dead.headers.get(header::SET_COOKIE).is_none());
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
    refused.has("a page of another site");
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
        assert!(
            refused.text.contains("a page of another site"),
            "{site} {origin}"
        );
    }
}

/// A second campaign, "The Ford", made by the depot's GM through their
/// browser session: its id and its GM's bearer.
async fn second_campaign(t: &Table) -> (String, Auth) {
    let made = t
        .send(
            t.post("/api/campaigns", &t.gm.session)
                .json(json!({"name": "The Ford", "ruleset": "d20"})),
        )
        .await
        .expect(201);
    (
        made.json["campaign"]["id"].as_str().unwrap().to_string(),
        Auth::Bearer(made.json["gm_token"].as_str().unwrap().to_string()),
    )
}

/// A player link of campaign `id` made by its GM `gm`.
async fn player_link(t: &Table, id: &str, gm: &Auth, label: &str) -> (String, String) {
    let made = t
        .send(
            t.post(&format!("/api/campaigns/{id}/invites"), gm)
                .json(json!({"role": "player", "label": label})),
        )
        .await
        .expect(201);
    (
        made.json["token"].as_str().unwrap().to_string(),
        made.json["invite"]["id"].as_str().unwrap().to_string(),
    )
}

/// (campaign name, role) of each campaign `auth` lists.
async fn listed(t: &Table, auth: &Auth) -> Vec<(String, String)> {
    let list = t.send(t.get("/api/campaigns", auth)).await.expect(200);
    list.json["campaigns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["role"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

async fn one_browser_keeps_every_campaign_it_joined(db: Db) {
    let t = Table::new(db).await;
    let (ford, ford_gm) = second_campaign(&t).await;
    // The browser that created the Ford holds its GM seat at once.
    assert_eq!(
        listed(&t, &t.gm.session).await,
        [
            ("The Depot".to_string(), "gm".to_string()),
            ("The Ford".to_string(), "gm".to_string())
        ]
    );
    let ford_gm_page = t
        .send(t.get(&format!("/api/campaigns/{ford}/invites"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(ford_gm_page.json["invites"].as_array().unwrap().len(), 1);
    // Alice, a player at the depot, joins the Ford in the same browser.
    let (token, _) = player_link(&t, &ford, &ford_gm, "Alice at the ford").await;
    let joined = t
        .send(
            t.post("/api/join", &t.alice.session)
                .json(json!({"token": token})),
        )
        .await
        .expect(200);
    let Auth::Cookie { cookie, csrf } = &t.alice.session else {
        unreachable!()
    };
    // The same session: the same cookie and CSRF token, one more seat.
    let set = joined.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(set.starts_with(&format!("{cookie};")), "{set}");
    assert_eq!(joined.json["csrf_token"], csrf.as_str());
    assert_eq!(joined.json["campaign"]["name"], "The Ford");
    assert_eq!(
        listed(&t, &t.alice.session).await,
        [
            ("The Depot".to_string(), "player".to_string()),
            ("The Ford".to_string(), "player".to_string())
        ]
    );
    // Each request sits in the seat of the campaign it names.
    let depot = t
        .send(t.get(&t.path(""), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(depot.json["you"]["invite"]["label"], "Alice");
    let at_ford = t
        .send(t.get(&format!("/api/campaigns/{ford}"), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(at_ford.json["you"]["invite"]["label"], "Alice at the ford");
    // Changes still need the CSRF token, the same for every seat.
    t.send(
        t.post(&t.path("/rolls"), &t.alice.session)
            .json(json!({"expression": "d20"})),
    )
    .await
    .expect(201);
    let refused = t
        .send(
            t.post(&format!("/api/campaigns/{ford}/rolls"), &t.alice.session)
                .json(json!({"expression": "d20"}))
                .without_csrf(),
        )
        .await
        .expect(403);
    assert_eq!(refused.code(), "csrf_missing");
    // A player seat is no GM seat: the ford's invitations are the GM's.
    let not_gm = t
        .send(t.get(&format!("/api/campaigns/{ford}/invites"), &t.alice.session))
        .await
        .expect(403);
    assert_eq!(not_gm.code(), "gm_only");
    // A campaign this browser never joined is still closed to it.
    let other = t
        .send(
            t.post("/api/campaigns", &ford_gm)
                .json(json!({"name": "Elsewhere"})),
        )
        .await
        .expect(201);
    let elsewhere = other.json["campaign"]["id"].as_str().unwrap();
    let stranger = t
        .send(t.get(&format!("/api/campaigns/{elsewhere}"), &t.alice.session))
        .await
        .expect(403);
    assert_eq!(stranger.code(), "other_campaign");
    assert!(stranger.text.contains("join it"), "{}", stranger.text);
    // The GM's browser is still the depot's GM after all this.
    t.send(t.get(&t.path("/invites"), &t.gm.session))
        .await
        .expect(200);
}

async fn a_revoked_seat_leaves_the_browsers_other_seats(db: Db) {
    let t = Table::new(db).await;
    let (ford, ford_gm) = second_campaign(&t).await;
    let (token, invite) = player_link(&t, &ford, &ford_gm, "Alice at the ford").await;
    t.send(
        t.post("/api/join", &t.alice.session)
            .json(json!({"token": token})),
    )
    .await
    .expect(200);
    t.send(Call::new(
        Method::DELETE,
        format!("/api/campaigns/{ford}/invites/{invite}"),
        &ford_gm,
    ))
    .await
    .expect(200);
    let gone = t
        .send(t.get(&format!("/api/campaigns/{ford}"), &t.alice.session))
        .await
        .expect(401);
    assert_eq!(gone.code(), "invite_revoked");
    // The depot seat goes on, and the list forgets the ford.
    t.send(t.get(&t.path(""), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(
        listed(&t, &t.alice.session).await,
        [("The Depot".to_string(), "player".to_string())]
    );
    // Joining the same campaign again replaces the seat held there.
    let (again, _) = player_link(&t, &ford, &ford_gm, "Alice, back").await;
    t.send(
        t.post("/api/join", &t.alice.session)
            .json(json!({"token": again})),
    )
    .await
    .expect(200);
    let back = t
        .send(t.get(&format!("/api/campaigns/{ford}"), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(back.json["you"]["invite"]["label"], "Alice, back");
    assert_eq!(listed(&t, &t.alice.session).await.len(), 2);
}

async fn a_session_of_the_old_one_campaign_shape_still_opens(db: Db) {
    use nanite_store::EventStore;
    use sha2::Digest;
    let t = Table::new(db).await;
    let token = "ab".repeat(32);
    let hash: String = sha2::Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    t.state
        .store()
        .put_record(
            "sessions",
            &hash,
            &json!({"campaign": t.campaign, "invite": t.bob.invite, "opened_ms": 0, "seen_ms": 0}),
        )
        .await
        .unwrap();
    let old = Auth::Cookie {
        cookie: format!("nanite_session={token}"),
        csrf: String::new(),
    };
    let me = t.send(t.get("/api/me", &old)).await.expect(200);
    assert_eq!(me.json["invite"]["label"], "Bob");
    assert_eq!(
        listed(&t, &old).await,
        [("The Depot".to_string(), "player".to_string())]
    );
}

/// One browser joining three campaigns at once (three tabs opened
/// together) keeps all three seats: each join changes the session's
/// current copy under the server's lock, none writes back an older one.
async fn joins_at_once_keep_every_seat(db: Db) {
    let t = Table::new(db).await;
    let mut tokens = Vec::new();
    for label in ["one", "two", "three"] {
        let (id, gm) = second_campaign(&t).await;
        tokens.push(player_link(&t, &id, &gm, label).await.0);
    }
    let join = |token: &String| {
        t.send(
            t.post("/api/join", &t.alice.session)
                .json(json!({"token": token})),
        )
    };
    let (a, b, c) = tokio::join!(join(&tokens[0]), join(&tokens[1]), join(&tokens[2]));
    for joined in [a, b, c] {
        joined.expect(200);
    }
    let seats = listed(&t, &t.alice.session).await;
    assert_eq!(seats.len(), 4, "{seats:?}");
}

both!(
    joins_at_once_keep_every_seat,
    one_browser_keeps_every_campaign_it_joined,
    a_revoked_seat_leaves_the_browsers_other_seats,
    a_session_of_the_old_one_campaign_shape_still_opens,
    another_site_cannot_sign_a_visitor_in,
    joining_sets_a_strict_http_only_cookie,
    behind_https_the_cookie_is_secure,
    changes_by_cookie_need_the_csrf_token,
    the_join_page_posts_the_token,
);
