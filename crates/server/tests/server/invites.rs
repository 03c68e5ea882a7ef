//! Invitations: GM links, player and spectator links, tokens kept hashed,
//! revoking, and the start-up link.

use axum::http::Method;
use nanite_server::Config;
use nanite_store::EventStore;
use serde_json::json;

use super::support::{self, Auth, Call, Db, Table, join};
use crate::both;

async fn the_gm_lists_invitations_without_their_tokens(db: Db) {
    let t = Table::new(db).await;
    let list = t
        .send(t.get(&t.path("/invites"), &t.gm.session))
        .await
        .expect(200);
    let invites = list.json["invites"].as_array().unwrap();
    assert_eq!(invites.len(), 4);
    let roles: Vec<&str> = invites
        .iter()
        .map(|i| i["role"].as_str().unwrap())
        .collect();
    for role in ["gm", "player", "spectator"] {
        assert!(roles.contains(&role), "{roles:?}");
    }
    let alice = invites.iter().find(|i| i["label"] == "Alice").unwrap();
    assert_eq!(alice["slot"], "vex");
    for seat in [&t.gm, &t.alice, &t.bob, &t.spectator] {
        assert_eq!(seat.token.len(), 64, "256 bits in hex");
        assert!(seat.token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(!list.text.contains(&seat.token));
    }
    let spectator_slot = t
        .send(
            t.post(&t.path("/invites"), &t.gm.session)
                .json(json!({"role": "spectator", "slot": "vex"})),
        )
        .await
        .expect(422);
    assert_eq!(spectator_slot.code(), "slot_for_player_only");
    let bad_role = t
        .send(
            t.post(&t.path("/invites"), &t.gm.session)
                .json(json!({"role": "admiral"})),
        )
        .await
        .expect(422);
    assert!(bad_role.text.contains("admiral"), "{}", bad_role.text);
}

async fn tokens_are_kept_only_as_hashes(db: Db) {
    let t = Table::new(db).await;
    let store = t.state.store();
    let mut everything = String::new();
    for collection in [
        "invite-tokens".to_string(),
        "sessions".to_string(),
        format!("invites:{}", t.campaign),
        "campaigns".to_string(),
    ] {
        for r in store.records(&collection).await.unwrap() {
            everything.push_str(&r.id);
            everything.push_str(&r.data.to_string());
        }
    }
    assert!(!everything.is_empty());
    for seat in [&t.gm, &t.alice, &t.bob, &t.spectator] {
        assert!(!everything.contains(&seat.token));
        if let Auth::Cookie { cookie, .. } = &seat.session {
            let session = cookie.split_once('=').unwrap().1;
            assert!(!everything.contains(session));
        }
    }
}

async fn a_revoked_invitation_opens_nothing(db: Db) {
    let t = Table::new(db).await;
    let revoke =
        |id: &str, auth: &Auth| Call::new(Method::DELETE, t.path(&format!("/invites/{id}")), auth);
    t.send(revoke(&t.bob.invite, &t.alice.session))
        .await
        .expect(403);
    let done = t
        .send(revoke(&t.bob.invite, &t.gm.session))
        .await
        .expect(200);
    assert_eq!(done.json["invite"]["revoked"], true);
    // The session it opened, the bearer token, and joining again: all refused.
    for auth in [t.bob.session.clone(), t.bob.bearer()] {
        let refused = t.send(t.get("/api/me", &auth)).await.expect(401);
        assert_eq!(refused.code(), "invite_revoked");
    }
    let rejoin = t
        .send(
            Call::new(Method::POST, "/api/join", &Auth::Anonymous)
                .json(json!({"token": t.bob.token})),
        )
        .await
        .expect(401);
    assert_eq!(rejoin.code(), "invite_revoked");
    assert!(
        rejoin.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("ask the GM")
    );
    // Others are untouched.
    t.send(t.get("/api/me", &t.alice.session)).await.expect(200);
    // The GM cannot lock themself out; unknown invitations are named.
    let own = t
        .send(revoke(&t.gm.invite, &t.gm.session))
        .await
        .expect(409);
    assert_eq!(own.code(), "own_invite");
    t.send(revoke("i-nope", &t.gm.session)).await.expect(404);
}

async fn a_mistyped_token_opens_nothing(db: Db) {
    let t = Table::new(db).await;
    for token in ["", "short", &"0".repeat(64)] {
        let answer = t
            .send(
                Call::new(Method::POST, "/api/join", &Auth::Anonymous)
                    .json(json!({"token": token})),
            )
            .await
            .expect(401);
        assert_eq!(answer.code(), "unknown_invite");
        t.send(t.get("/api/me", &Auth::Bearer(token.to_string())))
            .await
            .expect(401);
    }
    let forged = Auth::Cookie {
        cookie: format!("nanite_session={}", "a".repeat(64)),
        csrf: String::new(),
    };
    t.send(t.get("/api/me", &forged)).await.expect(401);
}

async fn each_start_prints_a_fresh_gm_link_and_retires_the_last(db: Db) {
    let state = support::state(&db, Config::default()).await;
    let router = nanite_server::app(state.clone());
    let first = state.startup_link().await.unwrap();
    assert_eq!(first.campaign_name, "First campaign");
    let session = join(&router, &first.token).await;
    let second = state.startup_link().await.unwrap();
    assert_eq!(second.campaign_name, "First campaign");
    assert_ne!(first.token, second.token);
    // The old link opens no new session; the session it opened goes on.
    let old = support::send(
        &router,
        Call::new(Method::POST, "/api/join", &Auth::Anonymous).json(json!({"token": first.token})),
    )
    .await
    .expect(401);
    assert_eq!(old.code(), "link_replaced");
    support::send(&router, Call::new(Method::GET, "/api/me", &session))
        .await
        .expect(200);
    join(&router, &second.token).await;
    // Still one campaign.
    let me = support::send(
        &router,
        Call::new(Method::GET, "/api/campaigns", &Auth::Bearer(second.token)),
    )
    .await
    .expect(200);
    assert_eq!(me.json["campaigns"].as_array().unwrap().len(), 1);
}

async fn a_new_link_replaces_the_old_for_the_same_seat(db: Db) {
    let t = Table::new(db).await;
    let relink = |id: &str, auth: &Auth| t.post(&t.path(&format!("/invites/{id}/link")), auth);
    let made = t
        .send(relink(&t.alice.invite, &t.gm.session))
        .await
        .expect(201);
    let token = made.json["token"].as_str().unwrap().to_string();
    assert_ne!(token, t.alice.token);
    assert_eq!(made.json["link"], format!("/join/{token}"));
    // The same seat: its id, slot and label.
    assert_eq!(made.json["invite"]["id"], t.alice.invite.as_str());
    assert_eq!(made.json["invite"]["slot"], "vex");
    assert_eq!(made.json["invite"]["label"], "Alice");
    // The old link opens nothing more, as a link or a bot's bearer.
    let old = t
        .send(
            Call::new(Method::POST, "/api/join", &Auth::Anonymous)
                .json(json!({"token": t.alice.token})),
        )
        .await
        .expect(401);
    assert_eq!(old.code(), "link_replaced");
    old.has("ask the GM for the new link");
    t.send(t.get("/api/me", &t.alice.bearer()))
        .await
        .expect(401);
    // The new one opens the same seat; the session Alice already had goes on.
    let again = join(&t.router, &token).await;
    let me = t.send(t.get("/api/me", &again)).await.expect(200);
    assert_eq!(me.json["invite"]["id"], t.alice.invite.as_str());
    t.send(t.get("/api/me", &t.alice.session)).await.expect(200);
    // Her character stays hers through the new link.
    t.upload(&t.alice.session, "vex", support::VEX)
        .await
        .expect(201);
    let list = t
        .send(t.get(&t.path("/characters"), &again))
        .await
        .expect(200);
    assert_eq!(list.json["characters"][0]["mine"], true);
    // The GM's own link may be made again (for another device).
    t.send(relink(&t.gm.invite, &t.gm.session))
        .await
        .expect(201);
    // Only the GM; not a revoked seat; not an unknown one.
    let player = t
        .send(relink(&t.bob.invite, &t.alice.session))
        .await
        .expect(403);
    assert_eq!(player.code(), "gm_only");
    t.send(Call::new(
        Method::DELETE,
        t.path(&format!("/invites/{}", t.bob.invite)),
        &t.gm.session,
    ))
    .await
    .expect(200);
    let revoked = t
        .send(relink(&t.bob.invite, &t.gm.session))
        .await
        .expect(409);
    assert_eq!(revoked.code(), "invite_revoked");
    revoked.has("create a new invitation");
    t.send(relink("i-nobody", &t.gm.session)).await.expect(404);
}

both!(
    a_new_link_replaces_the_old_for_the_same_seat,
    the_gm_lists_invitations_without_their_tokens,
    tokens_are_kept_only_as_hashes,
    a_revoked_invitation_opens_nothing,
    a_mistyped_token_opens_nothing,
    each_start_prints_a_fresh_gm_link_and_retires_the_last,
);
