//! Verifiable rolls that keep secrets: each play session commits to the
//! root of its sealed roll keys when it starts; when it ends it reveals the
//! keys of the rolls everyone saw, and the GM may later reveal the secret
//! ones. `verify` checks every key against the commitment, re-derives an
//! export's dice and names every roll, key or commitment that does not
//! match; a secret roll whose key is still sealed is unverifiable, never
//! derivable.

use nanite_server::verify::{self, SessionStatus, Verification};
use nanite_server::{AppState, Config};
use nanite_store::{Export, StreamExport};
use serde_json::{Value, json};

use super::support::{self, Answer, Auth, Db, Table};
use crate::both;

async fn start(t: &Table) -> Answer {
    t.start_play_session().await
}

async fn end(t: &Table) -> Answer {
    t.end_play_session().await
}

async fn roll(t: &Table, auth: &Auth, body: Value) -> Answer {
    t.send(t.post(&t.path("/rolls"), auth).json(body)).await
}

async fn sessions(t: &Table, auth: &Auth) -> Value {
    t.send(t.get(&t.path("/play-sessions"), auth))
        .await
        .expect(200)
        .json
}

async fn export(state: &AppState, campaign: &str) -> Export {
    nanite_store::export(state.store(), &[format!("table:{campaign}")])
        .await
        .unwrap()
}

async fn reveal(t: &Table, auth: &Auth, session: u32) -> Answer {
    t.send(
        t.post(&t.path(&format!("/play-sessions/{session}/reveal")), auth)
            .json(json!({})),
    )
    .await
}

fn check(export: &Export) -> Verification {
    // Through the JSON, as `nanite verify` reads it.
    let text = serde_json::to_string(export).unwrap();
    verify::verify(&verify::read(&text).unwrap()).unwrap()
}

fn events(export: &mut Export) -> &mut StreamExport {
    &mut export.streams[0]
}

/// The depot fight with a session: Alice fires and rolls, Bob rolls his
/// own dice, the GM rolls in secret, and the GM ends the session.
/// Returns the table and the versions of Alice's roll and shot.
async fn honest_session(db: Db) -> (Table, i64, i64) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let started = start(&t).await.expect(201);
    let entry = &started.json["entry"];
    assert_eq!(entry["type"], "play_session_started");
    assert_eq!(entry["session"], 1);
    let commitment = entry["commitment"].as_str().unwrap().to_string();
    assert_eq!(commitment.len(), 64);
    assert!(commitment.chars().all(|c| c.is_ascii_hexdigit()));
    // Everyone sees the commitment, the spectator too.
    let seen = sessions(&t, &t.spectator.session).await;
    assert_eq!(seen["open"], 1);
    assert_eq!(seen["sessions"][0]["commitment"], commitment.as_str());
    assert!(seen["sessions"][0].get("seed").is_none(), "{seen}");

    t.command(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
        .await
        .expect(201);
    let shot = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
                "mode": "burst", "fire": null, "distance": null, "cover": null}),
        )
        .await
        .expect(201);
    // The stream's numbers are the GM's (Alice's own skip what she does
    // not see, such as the hidden scav's entrance).
    let gm_version = async || t.view(&e, &t.gm.session).await["version"].as_i64().unwrap();
    let shot_version = gm_version().await;
    assert!(shot.json["version"].as_i64().unwrap() < shot_version);
    let alices = roll(&t, &t.alice.session, json!({"expression": "10d10+3"}))
        .await
        .expect(201);
    let roll_version = gm_version().await;
    assert_eq!(alices.json["entry"]["seeded"]["session"], 1);
    roll(
        &t,
        &t.bob.session,
        json!({"expression": "d20", "dice": [17]}),
    )
    .await
    .expect(201);
    roll(
        &t,
        &t.gm.session,
        json!({"expression": "5d100", "mode": "gm"}),
    )
    .await
    .expect(201);
    let ended = end(&t).await.expect(201);
    let entry = &ended.json["entry"];
    assert_eq!(entry["type"], "play_session_ended");
    // No seed: the keys of the two rolls everyone saw (Alice's shot and
    // roll), each with its path; the GM's secret roll stays sealed.
    assert!(entry.get("seed").is_none(), "{entry}");
    let keys = entry["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 2, "{entry}");
    assert!(
        keys.iter()
            .all(|k| k["path"].as_array().unwrap().len() == 12)
    );
    let leaves: Vec<&Value> = keys.iter().map(|k| &k["leaf"]).collect();
    assert!(leaves.contains(&&alices.json["entry"]["seeded"]["index"]));
    (t, roll_version, shot_version)
}

async fn an_honest_export_verifies(db: Db) {
    let (t, _, _) = honest_session(db).await;
    let found = check(&export(&t.state, &t.campaign).await);
    assert!(found.honest(), "{found:#?}");
    // Alice's shot and her roll; Bob's die is the table's own (the depot's
    // `begin`, sent with physical dice, rolled none). The GM's secret roll
    // cannot be verified, nor derived, while its key is sealed.
    assert_eq!(found.verified, 2, "{found:#?}");
    assert_eq!(found.physical, 1, "{found:#?}");
    assert_eq!(found.unverifiable.len(), 1, "{found:#?}");
    assert!(
        found.unverifiable[0].message.contains("stays sealed"),
        "{found:#?}"
    );
    assert_eq!(found.sessions.len(), 1);
    assert_eq!(found.sessions[0].status, SessionStatus::Revealed);
    assert_eq!(found.sessions[0].keys, 2);
    let gm_sees = sessions(&t, &t.gm.session).await;
    assert_eq!(gm_sees["sessions"][0]["sealed_rolls"], 1, "{gm_sees}");
    let alice_sees = sessions(&t, &t.alice.session).await;
    assert!(alice_sees["sessions"][0].get("sealed_rolls").is_none());
    assert!(alice_sees["sessions"][0].get("rolls").is_none());

    // Only the GM reveals the secret rolls, once, and then they verify.
    assert_eq!(
        reveal(&t, &t.alice.session, 1).await.expect(403).code(),
        "gm_only"
    );
    let revealed = reveal(&t, &t.gm.session, 1).await.expect(201);
    assert_eq!(
        revealed.json["entry"]["type"],
        "play_session_secrets_revealed"
    );
    assert_eq!(revealed.json["entry"]["keys"].as_array().unwrap().len(), 1);
    assert_eq!(
        reveal(&t, &t.gm.session, 1).await.expect(409).code(),
        "already_revealed"
    );
    assert_eq!(
        reveal(&t, &t.gm.session, 7).await.expect(404).code(),
        "not_found"
    );
    let found = check(&export(&t.state, &t.campaign).await);
    assert!(found.honest(), "{found:#?}");
    assert_eq!(found.verified, 3, "{found:#?}");
    assert!(found.unverifiable.is_empty(), "{found:#?}");
    assert_eq!(found.sessions[0].keys, 3);
}

/// The event at `version` of the export.
fn event(export: &mut Export, version: i64) -> &mut Value {
    &mut events(export)
        .events
        .iter_mut()
        .find(|e| e.version == version)
        .unwrap()
        .data
}

fn seed_event(export: &mut Export) -> &mut Value {
    &mut events(export)
        .events
        .iter_mut()
        .find(|e| e.kind == "play_session_ended")
        .unwrap()
        .data
}

async fn tampering_is_reported_precisely(db: Db) {
    let (t, roll_version, shot_version) = honest_session(db).await;
    let honest = export(&t.state, &t.campaign).await;

    // A die of Alice's roll, and the total to match.
    let mut forged = honest.clone();
    let data = event(&mut forged, roll_version);
    let first = data["roll"]["dice"][0]["value"].as_i64().unwrap();
    let other = if first == 10 { 9 } else { first + 1 };
    data["roll"]["dice"][0]["value"] = json!(other);
    data["total"] = json!(data["total"].as_i64().unwrap() + other - first);
    let found = check(&forged);
    assert_eq!(found.mismatches.len(), 1, "{found:#?}");
    assert_eq!(found.mismatches[0].version, roll_version);
    assert!(
        found.mismatches[0]
            .message
            .contains("roll `10d10+3` by Alice"),
        "{}",
        found.mismatches[0].message
    );
    assert_eq!(found.verified, 1, "the shot; the GM's roll is sealed");

    // A die of the shot.
    let mut forged = honest.clone();
    let data = event(&mut forged, shot_version);
    let die = &mut data["dice"][0];
    let sides = die["sides"].as_i64().unwrap();
    let value = die["value"].as_i64().unwrap();
    die["value"] = json!(if value == sides { 1 } else { value + 1 });
    let found = check(&forged);
    let at_shot: Vec<_> = found
        .mismatches
        .iter()
        .filter(|f| f.version == shot_version)
        .collect();
    // The seed gives another first die (and the forged die may send the
    // engine down another path when the log is replayed with it).
    assert!(
        at_shot
            .iter()
            .any(|f| f.message.contains("command `fire`") && f.message.contains("die 1 of")),
        "{found:#?}"
    );
    assert!(found.mismatches.iter().all(|f| f.version == shot_version));

    // A revealed key replaced by another: it does not lead to the
    // commitment, and the roll it served is left unverified.
    let mut forged = honest.clone();
    seed_event(&mut forged)["keys"][0]["key"] = json!("ab".repeat(32));
    let found = check(&forged);
    assert!(
        found.mismatches.iter().any(|f| f
            .message
            .contains("does not lead to the session's commitment")),
        "{found:#?}"
    );
    assert_eq!(found.sessions[0].status, SessionStatus::SeedMismatch);
    assert_eq!(found.verified, 0, "{found:#?}");

    // A key moved to another leaf does not lead there either.
    let mut forged = honest.clone();
    let leaf = seed_event(&mut forged)["keys"][0]["leaf"].as_u64().unwrap();
    seed_event(&mut forged)["keys"][0]["leaf"] = json!(leaf ^ 1);
    let found = check(&forged);
    assert!(!found.honest(), "{found:#?}");
}

async fn a_revealed_seed_is_never_used_again(db: Db) {
    let t = Table::new(db.clone()).await;
    // Outside a session, a roll starts one: it carries the commitment.
    let first = roll(&t, &t.alice.session, json!({"expression": "d20"}))
        .await
        .expect(201);
    let seeded = &first.json["entry"]["seeded"];
    assert_eq!(seeded["session"], 1);
    // The roll's leaf is drawn in an order the seed keeps to itself: it
    // says nothing of how many rolls came before.
    assert!(seeded["index"].as_u64().unwrap() < 4096);
    let commitment = seeded["commitment"].as_str().unwrap();
    assert_eq!(
        sessions(&t, &t.bob.session).await["sessions"][0]["commitment"],
        commitment
    );
    assert_eq!(start(&t).await.expect(409).code(), "play_session_open");
    end(&t).await.expect(201);
    assert_eq!(end(&t).await.expect(409).code(), "no_play_session");
    let next = roll(&t, &t.alice.session, json!({"expression": "d20"}))
        .await
        .expect(201);
    assert_eq!(next.json["entry"]["seeded"]["session"], 2);
    assert_ne!(next.json["entry"]["seeded"]["commitment"], commitment);

    // A restarted server goes on with the open session's seed.
    let state = support::state(&db, Config::default()).await;
    let again = Table {
        router: nanite_server::app(state.clone()),
        state,
        ..t
    };
    let after = roll(&again, &again.alice.session, json!({"expression": "d20"}))
        .await
        .expect(201);
    let seeded = &after.json["entry"]["seeded"];
    assert_eq!(seeded["session"], 2);
    assert!(
        seeded.get("commitment").is_none(),
        "the same session goes on"
    );
    assert_ne!(seeded["index"], next.json["entry"]["seeded"]["index"]);
    let shown = sessions(&again, &again.bob.session).await;
    let list = shown["sessions"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_ne!(list[0]["commitment"], list[1]["commitment"]);
    assert!(list[0]["ended_version"].is_number() && list[1].get("ended_version").is_none());

    // Until session 2 ends, its rolls are unverifiable, not wrong.
    let found = check(&export(&again.state, &again.campaign).await);
    assert!(found.honest(), "{found:#?}");
    assert_eq!(found.verified, 1);
    assert_eq!(found.unverifiable.len(), 2, "{found:#?}");
    assert!(
        found.unverifiable[0].message.contains("not revealed"),
        "{found:#?}"
    );

    end(&again).await.expect(201);
    let honest = export(&again.state, &again.campaign).await;
    let found = check(&honest);
    assert!(found.honest() && found.verified == 3, "{found:#?}");

    // An export where session 2 reuses session 1's seed is caught.
    let mut forged = honest.clone();
    let mut commitment = Value::Null;
    for e in &mut events(&mut forged).events {
        let opens = e.data["seeded"]["commitment"].is_string();
        match (
            e.kind.as_str(),
            opens,
            &e.data["seeded"]["session"],
            &e.data["session"],
        ) {
            ("roll", true, s, _) if *s == 1 => commitment = e.data["seeded"]["commitment"].clone(),
            ("roll", true, s, _) if *s == 2 => e.data["seeded"]["commitment"] = commitment.clone(),
            _ => {}
        }
    }
    let found = check(&forged);
    assert!(
        found
            .mismatches
            .iter()
            .any(|f| f.message.contains("a seed is used twice")),
        "{found:#?}"
    );
    assert_eq!(found.sessions[1].status, SessionStatus::Reused);
}

both!(
    an_honest_export_verifies,
    tampering_is_reported_precisely,
    a_revealed_seed_is_never_used_again,
);
