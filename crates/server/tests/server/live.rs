//! Live updates over a real socket: catching up from the last version
//! seen, new entries as they are committed, each cut to its viewer, and the
//! connection of a revoked invitation closed.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use super::support::{Auth, Db, Table};
use crate::both;

pub(crate) type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub(crate) async fn listen(t: &Table) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = nanite_server::app(t.state.clone());
    tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    address
}

fn request(
    address: SocketAddr,
    t: &Table,
    auth: &Auth,
    after: i64,
) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    let url = format!(
        "ws://{address}/api/campaigns/{}/live?after={after}",
        t.campaign
    );
    let mut request = url.into_client_request().unwrap();
    let headers = request.headers_mut();
    match auth {
        Auth::Anonymous => {}
        Auth::Bearer(token) => {
            headers.insert("authorization", format!("Bearer {token}").parse().unwrap());
        }
        Auth::Cookie { cookie, .. } => {
            headers.insert("cookie", cookie.parse().unwrap());
        }
    }
    request
}

pub(crate) async fn connect(address: SocketAddr, t: &Table, auth: &Auth, after: i64) -> Socket {
    connect_async(request(address, t, auth, after))
        .await
        .unwrap()
        .0
}

/// The next message: JSON text, or `{"closed": code}`.
pub(crate) async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket is open")
            .expect("a good frame");
        match message {
            Message::Text(text) => return serde_json::from_str(&text).unwrap(),
            Message::Close(frame) => {
                return json!({ "closed": frame.map(|f| u16::from(f.code)) });
            }
            _ => {}
        }
    }
}

/// Everything up to `caught_up`, and its version.
pub(crate) async fn catch_up(socket: &mut Socket) -> (Vec<Value>, i64) {
    let mut seen = Vec::new();
    loop {
        let message = next(socket).await;
        if message["type"] == "caught_up" {
            return (seen, message["version"].as_i64().unwrap());
        }
        seen.push(message);
    }
}

/// The next message to the GM and the next to Alice, numbered
/// `gm_version` and `alice_version` in their own feeds.
async fn heard_by_both(
    gm: &mut Socket,
    alice: &mut Socket,
    gm_version: i64,
    alice_version: i64,
) -> (Value, Value) {
    let to_gm = next(gm).await;
    let to_alice = next(alice).await;
    assert_eq!(to_gm["version"], gm_version);
    assert_eq!(to_alice["version"], alice_version);
    (to_gm, to_alice)
}

fn versions(items: &[Value]) -> Vec<i64> {
    items
        .iter()
        .map(|i| i["version"].as_i64().unwrap())
        .collect()
}

async fn live_updates_catch_up_and_follow(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let version = t.view(&e, &t.gm.session).await["version"].as_i64().unwrap();
    let address = listen(&t).await;

    let mut gm = connect(address, &t, &t.gm.bearer(), 0).await;
    let (gm_seen, gm_at) = catch_up(&mut gm).await;
    assert_eq!(gm_at, version);
    assert_eq!(versions(&gm_seen), (1..=version).collect::<Vec<_>>());
    assert!(
        Value::from(gm_seen.clone())
            .to_string()
            .contains("Scav Lookout")
    );

    let mut alice = connect(address, &t, &t.alice.session, 0).await;
    let (alice_seen, alice_at) = catch_up(&mut alice).await;
    // Alice's feed is numbered without gaps: nothing shows where the
    // hidden scav's entries stood.
    let alices = alice_at;
    assert_eq!(versions(&alice_seen), (1..=alices).collect::<Vec<_>>());
    let text = Value::from(alice_seen.clone()).to_string();
    assert!(!text.contains("scav") && !text.contains("Scav"), "{text}");
    assert!(text.contains("Depot Raider (raider) enters"), "{text}");
    assert!(
        alice_seen.len() < gm_seen.len(),
        "the hidden scav's entries are left out"
    );

    // A visible command reaches both.
    t.command(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
        .await
        .expect(201);
    let (to_gm, to_alice) = heard_by_both(&mut gm, &mut alice, version + 1, alices + 1).await;
    assert_eq!(to_alice["command"], "aim");
    assert!(to_gm["dice"].is_array() && to_alice.get("dice").is_none());

    // What only the GM may know reaches only the GM.
    t.by_gm(
        &e,
        json!({"command": "position", "id": "scav", "cover": "partial", "stance": null}),
    )
    .await;
    assert_eq!(next(&mut gm).await["version"], version + 2);
    t.send(
        t.post(&t.path("/rolls"), &t.gm.session)
            .json(json!({"expression": "d100", "mode": "gm"})),
    )
    .await
    .expect(201);
    assert_eq!(next(&mut gm).await["type"], "roll");
    t.by_gm(
        &e,
        json!({"command": "distance", "a": "vex", "b": "raider", "metres": 14}),
    )
    .await;
    assert_eq!(next(&mut gm).await["version"], version + 4);
    // The GM's roll started a play session: Alice learns its commitment
    // (the SHA-256 of its seed), and nothing of the roll.
    // Her numbers go on from her last, with no gap for the GM's secrets.
    let started = next(&mut alice).await;
    assert_eq!(started["type"], "play_session_started", "{started}");
    assert_eq!(started["version"], alices + 2);
    assert!(started["commitment"].is_string());
    assert!(started.get("total").is_none() && started.get("roll").is_none());
    let skipped = next(&mut alice).await;
    assert_eq!(skipped["version"], alices + 3, "{skipped}");

    // Alice drops; two things happen; she reconnects from where she was.
    alice.close(None).await.unwrap();
    drop(alice);
    for metres in [13, 12] {
        t.by_gm(
            &e,
            json!({"command": "distance", "a": "vex", "b": "raider", "metres": metres}),
        )
        .await;
    }
    let mut alice = connect(address, &t, &t.alice.session, alices + 3).await;
    let (missed, now) = catch_up(&mut alice).await;
    assert_eq!(versions(&missed), [alices + 4, alices + 5]);
    assert_eq!(now, alices + 5);
    assert!(
        missed[1]["lines"].to_string().contains("12 m"),
        "{missed:?}"
    );

    // A blind roll: the GM sees the result, the roller only that it was
    // made, another player nothing.
    let mut bob = connect(address, &t, &t.bob.session, now).await;
    catch_up(&mut bob).await;
    t.send(
        t.post(&t.path("/rolls"), &t.alice.session)
            .json(json!({"expression": "d100", "mode": "blind"})),
    )
    .await
    .expect(201);
    t.send(
        t.post(&t.path("/rolls"), &t.alice.session)
            .json(json!({"expression": "d6"})),
    )
    .await
    .expect(201);
    let gm_blind = next(&mut gm).await;
    // The GM socket is still on the earlier entries; skip to the blind roll.
    let mut gm_blind = gm_blind;
    while gm_blind["mode"] != "blind" {
        gm_blind = next(&mut gm).await;
    }
    assert!(gm_blind["total"].is_number());
    let alice_blind = next(&mut alice).await;
    assert_eq!(alice_blind["mode"], "blind");
    assert!(alice_blind.get("total").is_none());
    let bob_next = next(&mut bob).await;
    // Bob has seen what Alice had; the blind roll is not his to know of,
    // so the public roll is his next number.
    assert_eq!(bob_next["type"], "roll");
    assert_eq!(bob_next["mode"], "public");
    assert_eq!(
        bob_next["version"],
        now + 1,
        "Bob's first news is the public roll, with no gap for the blind one"
    );
    assert_eq!(next(&mut alice).await["version"], now + 2);

    // Revoking Alice's invitation closes her connection.
    t.send(axum_delete(&t, &t.alice.invite)).await.expect(200);
    let closed = next(&mut alice).await;
    assert_eq!(closed, json!({"closed": 4001}));
}

fn axum_delete(t: &Table, invite: &str) -> super::support::Call {
    super::support::Call::new(
        axum::http::Method::DELETE,
        t.path(&format!("/invites/{invite}")),
        &t.gm.session,
    )
}

async fn strangers_and_other_sites_cannot_listen(db: Db) {
    let t = Table::new(db).await;
    let address = listen(&t).await;
    let refused = connect_async(request(address, &t, &Auth::Anonymous, 0)).await;
    assert!(refused.is_err());
    let mut from_elsewhere = request(address, &t, &t.alice.session, 0);
    from_elsewhere
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(connect_async(from_elsewhere).await.is_err());
    let mut same_site = request(address, &t, &t.alice.session, 0);
    same_site
        .headers_mut()
        .insert("origin", format!("http://{address}").parse().unwrap());
    let (mut socket, _) = connect_async(same_site).await.unwrap();
    let (_, version) = catch_up(&mut socket).await;
    assert_eq!(version, 0);
}

/// A D20 fight live: each entry cut to its viewer as it is committed, and
/// what a player missed while away caught up from the last version seen.
async fn a_d20_fight_is_followed_live(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let version = t.view(&e, &t.gm.session).await["version"].as_i64().unwrap();
    let address = listen(&t).await;
    let mut gm = connect(address, &t, &t.gm.bearer(), 0).await;
    let (gm_seen, _) = catch_up(&mut gm).await;
    let mut alice = connect(address, &t, &t.alice.session, 0).await;
    let (alice_seen, alice_at) = catch_up(&mut alice).await;
    // Her own numbers, without gaps where the hidden brute's entries stood.
    let alices = alice_at;
    assert_eq!(versions(&alice_seen), (1..=alices).collect::<Vec<_>>());
    let text = Value::from(alice_seen.clone()).to_string();
    assert!(!text.contains("Brute") && !text.contains("brute"), "{text}");
    assert!(
        alice_seen.len() < gm_seen.len(),
        "the brute's entries are left out"
    );

    // Kara moves: both hear it, the GM with its dice and order.
    t.command(
        &e,
        &t.alice.session,
        json!({"command": "move", "id": "kara", "to": [{"x": 2, "y": 1}]}),
    )
    .await
    .expect(201);
    let (to_gm, to_alice) = heard_by_both(&mut gm, &mut alice, version + 1, alices + 1).await;
    assert_eq!(to_alice["command"], "move");
    assert!(to_gm["order"].is_object() && to_alice.get("order").is_none());
    // A hidden check reaches Alice without its DC.
    t.by_gm(&e, json!({"command": "check", "id": "kara", "skill": "perception", "attribute": null, "dc": 17, "hidden": true})).await;
    assert_eq!(next(&mut gm).await["version"], version + 2);
    let checked = next(&mut alice).await;
    assert_eq!(checked["version"], alices + 2);
    // Not the DC (17): no "DC 17" in its lines and no DC field; the die
    // itself may well show a 17.
    let said = checked.to_string();
    assert!(
        !said.contains("DC 17") && !said.contains("\"dc\""),
        "{checked}"
    );

    // Alice drops; the GM harms the bandit and takes it back; she catches up.
    alice.close(None).await.unwrap();
    drop(alice);
    t.by_gm(
        &e,
        json!({"command": "harm", "target": "bandit", "amount": 2, "by": null, "why": "a stone"}),
    )
    .await;
    t.undo(&e).await.expect(201);
    let mut alice = connect(address, &t, &t.alice.session, alices + 2).await;
    let (missed, now) = catch_up(&mut alice).await;
    assert_eq!(versions(&missed), [alices + 3, alices + 4], "{missed:?}");
    assert_eq!(now, alices + 4);
    assert_eq!(missed[1]["type"], "undone");
    // The take-back names the harm by Alice's number for it.
    assert_eq!(missed[1]["undone_version"], alices + 3);
    assert!(
        missed[1]["lines"]
            .to_string()
            .contains("takes 2 damage from a stone")
    );
}

/// Sockets of one audience share the entry's JSON (`live.rs` cuts and
/// serializes it once per audience): what each socket hears live is exactly
/// what a fresh connection catching up from the same place is shown, for
/// two tabs of one player, another player and two connections of the GM.
async fn every_socket_hears_what_catching_up_shows(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let address = listen(&t).await;
    let seats = [
        &t.gm.bearer(),
        &t.gm.session,
        &t.alice.session,
        &t.alice.session,
        &t.bob.session,
    ];
    let mut sockets = Vec::new();
    let mut starts = Vec::new();
    for auth in seats {
        let mut socket = connect(address, &t, auth, 0).await;
        starts.push(catch_up(&mut socket).await.1);
        sockets.push(socket);
    }
    t.command(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
        .await
        .expect(201);
    for (expression, mode) in [("d100 # awareness", "public"), ("d6", "blind")] {
        t.send(
            t.post(&t.path("/rolls"), &t.alice.session)
                .json(json!({"expression": expression, "mode": mode})),
        )
        .await
        .expect(201);
    }
    // The GM hears all three; each player the aim and the public roll,
    // and Alice her blind roll's mark.
    let heard = [3, 3, 3, 3, 2];
    for (i, auth) in seats.into_iter().enumerate() {
        let mut live = Vec::new();
        for _ in 0..heard[i] {
            live.push(next(&mut sockets[i]).await);
        }
        let mut fresh = connect(address, &t, auth, starts[i]).await;
        let (caught, _) = catch_up(&mut fresh).await;
        assert_eq!(live, caught, "socket {i}");
        assert_eq!(
            versions(&live),
            (starts[i] + 1..=starts[i] + heard[i]).collect::<Vec<_>>()
        );
    }
}

both!(
    live_updates_catch_up_and_follow,
    every_socket_hears_what_catching_up_shows,
    strangers_and_other_sites_cannot_listen,
    a_d20_fight_is_followed_live,
);
