//! Failover between two `nanite serve` processes on one PostgreSQL
//! database: clients send commands through the first, each with its own
//! idempotency key; the first is killed with SIGKILL in the middle; each
//! client sends the command it was waiting on again, with the same key,
//! through the second, and goes on there. Every command acknowledged by
//! either server is in the campaign's stream exactly once, and nothing else
//! is. Skipped without `NANITE_TEST_POSTGRES`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;

use super::serve::{Pair, RAIDER, http, postgres};

const CLIENTS: usize = 3;
/// Commands each client sends in all.
const PER_CLIENT: usize = 40;
/// Acknowledgements (through the first server) to wait for before the kill.
const BEFORE_KILL: usize = 30;

#[test]
fn clients_of_a_killed_server_go_on_through_another_and_lose_nothing_acknowledged() {
    let Some(database) =
        postgres("clients_of_a_killed_server_go_on_through_another_and_lose_nothing_acknowledged")
    else {
        return;
    };
    let Pair {
        one, two, gm, base, ..
    } = Pair::start(&database);
    let opened = http(
        &one.addr,
        "POST",
        &format!("{base}/encounters"),
        &gm,
        Some(&json!({"name": "Failover"})),
        &[],
    );
    assert_eq!(opened.status, 201, "{:?}", opened.json);
    let encounter = opened.json["entry"]["encounter"]
        .as_str()
        .expect("an encounter id")
        .to_string();
    for id in ["raider", "scav"] {
        let added = http(
            &one.addr,
            "POST",
            &format!("{base}/encounters/{encounter}/combatants"),
            &gm,
            Some(&json!({"id": id, "npc": RAIDER, "side": id})),
            &[],
        );
        assert_eq!(added.status, 201, "{:?}", added.json);
    }
    let version = |addr: &str| {
        let shown = http(addr, "GET", &base, &gm, None, &[]);
        assert_eq!(shown.status, 200, "{:?}", shown.json);
        shown.json["version"].as_i64().expect("a version")
    };
    let before = version(&one.addr);

    // Each acknowledged command: its key and the version it took.
    let acked: Arc<Mutex<BTreeMap<String, i64>>> = Arc::default();
    let through_first = Arc::new(AtomicUsize::new(0));
    let path = format!("{base}/encounters/{encounter}/commands");
    let clients: Vec<_> = (0..CLIENTS)
        .map(|n| {
            let servers = [one.addr.clone(), two.addr.clone()];
            let (gm, path, acked, through_first) = (
                gm.clone(),
                path.clone(),
                acked.clone(),
                through_first.clone(),
            );
            std::thread::spawn(move || {
                let mut server = 0;
                let deadline = Instant::now() + Duration::from_secs(120);
                for i in 0..PER_CLIENT {
                    let key = format!("failover-{n}-{i}");
                    let command = json!({"command": "distance", "a": "raider", "b": "scav",
                        "metres": 5 + (i + n) % 40});
                    loop {
                        assert!(Instant::now() < deadline, "{key} was never acknowledged");
                        let reply = http(
                            &servers[server],
                            "POST",
                            &path,
                            &gm,
                            Some(&command),
                            &[("Idempotency-Key", &key)],
                        );
                        match reply.status {
                            // Acknowledged, or acknowledged before (the
                            // killed server committed it, unanswered).
                            201 | 200 => {
                                let at = reply.json["version"].as_i64().expect("a version");
                                acked.lock().unwrap().insert(key.clone(), at);
                                if server == 0 {
                                    through_first.fetch_add(1, Ordering::Relaxed);
                                }
                                break;
                            }
                            // The server is gone: go to the other one.
                            0 => server = 1,
                            other => panic!("{key}: {other} {:?}", reply.json),
                        }
                    }
                }
            })
        })
        .collect();

    let deadline = Instant::now() + Duration::from_secs(60);
    while through_first.load(Ordering::Relaxed) < BEFORE_KILL {
        assert!(
            Instant::now() < deadline,
            "the first server answers too slowly"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    one.kill();
    for client in clients {
        client.join().expect("a client finishes");
    }

    let acked = acked.lock().unwrap().clone();
    assert_eq!(acked.len(), CLIENTS * PER_CLIENT);
    let first = through_first.load(Ordering::Relaxed);
    assert!(
        (BEFORE_KILL..CLIENTS * PER_CLIENT).contains(&first),
        "the kill came in the middle ({first} through the first server)"
    );
    // The stream holds each acknowledged command once, at the version it
    // was acknowledged with, and nothing else.
    let mut versions: Vec<i64> = acked.values().copied().collect();
    versions.sort_unstable();
    let after = version(&two.addr);
    assert_eq!(
        versions,
        (before + 1..=after).collect::<Vec<_>>(),
        "{acked:?}"
    );
}
