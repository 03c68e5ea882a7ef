//! Two `nanite serve` processes on one PostgreSQL database share their
//! campaigns: a WebSocket client of one sees, live, what is done through the
//! other (LISTEN/NOTIFY), and commands through either server build on
//! everything done through both. Skipped without `NANITE_TEST_POSTGRES`.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::serve::{Pair, RAIDER, Server, http, postgres};

/// A WebSocket client of `/live`, read on a thread of its own; each JSON
/// message arrives on the channel.
fn listen(addr: &str, campaign: &str, token: &str) -> mpsc::Receiver<Value> {
    let url = format!("ws://{addr}/api/campaigns/{campaign}/live?after=0");
    let mut request = url.into_client_request().expect("a WebSocket request");
    request.headers_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().expect("a header"),
    );
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let (mut socket, _) = tokio_tungstenite::connect_async(request)
                .await
                .expect("the live socket opens");
            while let Some(Ok(message)) = socket.next().await {
                if let Message::Text(text) = message {
                    let value = serde_json::from_str(&text).expect("live messages are JSON");
                    if tx.send(value).is_err() {
                        return;
                    }
                }
            }
        });
    });
    rx
}

/// Waits (up to a minute) for a live message that `wanted` accepts.
fn expect_live(rx: &mpsc::Receiver<Value>, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(message) if wanted(&message) => return message,
            Ok(_) => {}
            Err(_) => panic!("no live message with {what} within a minute"),
        }
    }
}

#[test]
fn two_servers_on_one_postgres_database_share_a_live_table() {
    let Some(database) = postgres("two_servers_on_one_postgres_database_share_a_live_table") else {
        return;
    };
    let Pair {
        one,
        two,
        gm,
        campaign,
        base,
    } = Pair::start(&database);
    let call = |server: &Server, method: &str, path: &str, body: Option<&Value>| {
        http(&server.addr, method, path, &gm, body, &[])
    };

    let live = listen(&two.addr, &campaign, &gm);
    expect_live(&live, "caught_up", |m| m["type"] == "caught_up");

    // Done through the first server, seen live through the second.
    let opened = call(
        &one,
        "POST",
        &format!("{base}/encounters"),
        Some(&json!({"name": "Across"})),
    );
    assert_eq!(opened.status, 201, "{:?}", opened.json);
    let encounter = opened.json["entry"]["encounter"]
        .as_str()
        .unwrap()
        .to_string();
    let seen = expect_live(&live, "the new encounter", |m| {
        m["type"] == "encounter_created"
    });
    assert_eq!(seen["encounter"].as_str(), Some(encounter.as_str()));
    assert_eq!(seen["version"], opened.json["version"]);

    let rolled = call(
        &one,
        "POST",
        &format!("{base}/rolls"),
        Some(&json!({"expression": "2d10 # across"})),
    );
    assert_eq!(rolled.status, 201, "{:?}", rolled.json);
    let seen = expect_live(&live, "the roll", |m| m["type"] == "roll");
    assert_eq!(seen["total"], rolled.json["entry"]["total"]);
    assert_eq!(seen["version"], rolled.json["version"]);

    // The second server knows the encounter the first opened, and the first
    // builds on what the second did.
    let combatants = format!("{base}/encounters/{encounter}/combatants");
    for (server, id) in [
        (&two, "raider-two"),
        (&one, "raider-one"),
        (&two, "raider-three"),
    ] {
        let added = call(
            server,
            "POST",
            &combatants,
            Some(&json!({"id": id, "npc": RAIDER, "side": "raiders"})),
        );
        assert_eq!(added.status, 201, "adding {id}: {:?}", added.json);
        if std::ptr::eq(server, &one) {
            let seen = expect_live(&live, "a command through the other server", |m| {
                m["type"] == "command" && m["version"] == added.json["version"]
            });
            assert_eq!(seen["command"], "add");
        }
    }
    let shown = |server: &Server| {
        call(
            server,
            "GET",
            &format!("{base}/encounters/{encounter}"),
            None,
        )
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (a, b) = (shown(&one), shown(&two));
        assert_eq!((a.status, b.status), (200, 200));
        if a.json == b.json {
            let ids: Vec<&str> = a.json["combatants"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|c| c["id"].as_str())
                .collect();
            assert_eq!(ids.len(), 3, "{ids:?}");
            for id in ["raider-one", "raider-two", "raider-three"] {
                assert!(ids.contains(&id), "{id} in {ids:?}");
            }
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the two servers still disagree: {:?} / {:?}",
            a.json,
            b.json
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
