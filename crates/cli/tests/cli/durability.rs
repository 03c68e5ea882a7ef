//! An acknowledged command survives `kill -9`: several clients drive rolls
//! and encounter commands at a real `nanite serve`, the process is killed
//! with SIGKILL in the middle, and a new process over the same database
//! must hold every command that was acknowledged, replay the table the same
//! way each time it starts, and still know every idempotency key.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::serve::{RAIDER, Reply, Server, campaign_of, http, postgres, sqlite};

/// A command the server acknowledged.
#[derive(Clone, Debug)]
struct Ack {
    key: String,
    version: i64,
    what: Acked,
}

#[derive(Clone, Debug)]
enum Acked {
    /// A combatant added to the encounter.
    Add { id: String },
    /// A roll and its total.
    Roll { total: i64 },
}

const ADDERS: usize = 2;
const ROLLERS: usize = 3;
/// Acknowledgements to wait for before the kill.
const BEFORE_KILL: usize = 60;
/// No client sends more than this, so the test is bounded.
const MOST_PER_CLIENT: usize = 400;

/// `POST path` with `body`, as `token`, under Idempotency-Key `key`: the
/// key the new process must still know.
fn post_keyed(addr: &str, path: &str, token: &str, body: &Value, key: &str) -> Reply {
    http(
        addr,
        "POST",
        path,
        token,
        Some(body),
        &[("Idempotency-Key", key)],
    )
}

fn survives_kill_9(database: &str) {
    let server = Server::start(database);
    let campaign = campaign_of(&server);
    let base = format!("/api/campaigns/{campaign}");
    let opened = server.gm(
        "POST",
        &format!("{base}/encounters"),
        Some(&json!({"name": "Load"})),
    );
    assert_eq!(opened.status, 201, "{:?}", opened.json);
    let encounter = opened.json["entry"]["encounter"]
        .as_str()
        .expect("an encounter id")
        .to_string();
    let mut players = Vec::new();
    for n in 0..ROLLERS {
        let invite = server.gm(
            "POST",
            &format!("{base}/invites"),
            Some(&json!({"role": "player", "label": format!("roller {n}")})),
        );
        assert_eq!(invite.status, 201, "{:?}", invite.json);
        players.push(invite.json["token"].as_str().expect("a token").to_string());
    }

    let acks: Arc<Mutex<Vec<Ack>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut clients = Vec::new();
    for n in 0..ADDERS {
        let (addr, token, acks, stop) = (
            server.addr.clone(),
            server.gm.clone(),
            acks.clone(),
            stop.clone(),
        );
        let path = format!("{base}/encounters/{encounter}/combatants");
        clients.push(std::thread::spawn(move || {
            for i in 0..MOST_PER_CLIENT {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let id = format!("raider-{n}-{i}");
                let key = format!("add-{id}");
                let body = json!({"id": id, "npc": RAIDER, "side": "raiders"});
                let reply = post_keyed(&addr, &path, &token, &body, &key);
                match reply.status {
                    201 => acks.lock().unwrap().push(Ack {
                        key,
                        version: reply.json["version"].as_i64().expect("a version"),
                        what: Acked::Add { id },
                    }),
                    0 => return,
                    other => panic!("adding {id}: {other} {:?}", reply.json),
                }
            }
        }));
    }
    for (n, token) in players.iter().enumerate() {
        let (addr, token, acks, stop) = (
            server.addr.clone(),
            token.clone(),
            acks.clone(),
            stop.clone(),
        );
        let path = format!("{base}/rolls");
        clients.push(std::thread::spawn(move || {
            for i in 0..MOST_PER_CLIENT {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let key = format!("roll-{n}-{i}");
                let body = json!({"expression": "3d100 # load"});
                let reply = post_keyed(&addr, &path, &token, &body, &key);
                match reply.status {
                    201 => acks.lock().unwrap().push(Ack {
                        key,
                        version: reply.json["version"].as_i64().expect("a version"),
                        what: Acked::Roll {
                            total: reply.json["entry"]["total"].as_i64().expect("a total"),
                        },
                    }),
                    // The roll limiter: wait a little and go on.
                    429 => std::thread::sleep(Duration::from_millis(100)),
                    0 => return,
                    other => panic!("rolling: {other} {:?}", reply.json),
                }
            }
        }));
    }

    let deadline = Instant::now() + Duration::from_secs(300);
    while acks.lock().unwrap().len() < BEFORE_KILL {
        assert!(
            Instant::now() < deadline,
            "the load did not reach {BEFORE_KILL} acknowledgements: {}",
            server.log()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // Mid-load: the clients are still sending.
    server.kill();
    stop.store(true, Ordering::Relaxed);
    for client in clients {
        client.join().expect("a client thread");
    }
    let acks = acks.lock().unwrap().clone();
    assert!(acks.len() >= BEFORE_KILL);
    let versions: BTreeSet<i64> = acks.iter().map(|a| a.version).collect();
    assert_eq!(versions.len(), acks.len(), "every ack has its own version");

    // A new process over the same database holds every acknowledged command.
    let again = Server::start(database);
    let rolls = again.gm("GET", &format!("{base}/rolls"), None);
    assert_eq!(rolls.status, 200, "{:?}", rolls.json);
    let stored_rolls: BTreeMap<i64, i64> = rolls.json["rolls"]
        .as_array()
        .expect("a roll list")
        .iter()
        .map(|r| (r["version"].as_i64().unwrap(), r["total"].as_i64().unwrap()))
        .collect();
    let shown = again.gm("GET", &format!("{base}/encounters/{encounter}"), None);
    assert_eq!(shown.status, 200, "{:?}", shown.json);
    let combatants: BTreeSet<String> = shown.json["combatants"]
        .as_array()
        .expect("a combatant list")
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect();
    let (mut added, mut rolled) = (0, 0);
    for ack in &acks {
        match &ack.what {
            Acked::Roll { total } => {
                rolled += 1;
                assert_eq!(
                    stored_rolls.get(&ack.version),
                    Some(total),
                    "acknowledged roll {} (version {}) after the restart",
                    ack.key,
                    ack.version
                );
            }
            Acked::Add { id } => {
                added += 1;
                assert!(
                    combatants.contains(id),
                    "acknowledged combatant {id} (version {}) after the restart",
                    ack.version
                );
            }
        }
    }
    assert!(added > 0 && rolled > 0, "{added} adds and {rolled} rolls");
    let campaign_now = again.gm("GET", &base, None);
    let version = campaign_now.json["version"].as_i64().expect("a version");
    assert!(version >= *versions.last().unwrap());

    // Replaying the stream gives the same table every time.
    let before = (rolls.json, shown.json);
    again.kill();
    let third = Server::start(database);
    let after = (
        third.gm("GET", &format!("{base}/rolls"), None).json,
        third
            .gm("GET", &format!("{base}/encounters/{encounter}"), None)
            .json,
    );
    assert_eq!(before, after, "the table replays the same");

    // Every acknowledged key is still known: a player sending a roll again
    // with its key gets the first result, and nothing new is rolled.
    let roll = acks
        .iter()
        .find(|a| matches!(a.what, Acked::Roll { .. }))
        .expect("an acknowledged roll");
    let player: usize = roll.key.split('-').nth(1).unwrap().parse().unwrap();
    let replayed = http(
        &third.addr,
        "POST",
        &format!("{base}/rolls"),
        &players[player],
        Some(&json!({"expression": "3d100 # load"})),
        &[("Idempotency-Key", &roll.key)],
    );
    assert_eq!(replayed.status, 200, "{:?}", replayed.json);
    assert_eq!(replayed.json["replayed"], Value::Bool(true));
    assert_eq!(replayed.json["version"].as_i64(), Some(roll.version));
    let Acked::Roll { total } = roll.what else {
        unreachable!("a roll was found")
    };
    assert_eq!(replayed.json["entry"]["total"].as_i64(), Some(total));
}

#[test]
fn acknowledged_commands_survive_kill_9_on_sqlite() {
    let (database, path) = sqlite();
    survives_kill_9(&database);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

#[test]
fn acknowledged_commands_survive_kill_9_on_postgres() {
    if let Some(database) = postgres("acknowledged_commands_survive_kill_9") {
        survives_kill_9(&database);
    }
}
