//! Secrets change nothing a player or a spectator is told: two tables play
//! the same visible fight, one of them with a combatant the clock hides, a
//! GM's secret ruling on it and the GM's secret roll. Until the hidden
//! combatant is revealed or acts, Alice (a player) and the spectator get
//! the same encounter view, choices, tracker page, rolls, play sessions
//! and live feed (numbered without gaps) from both tables.

use serde_json::{Value, json};

use super::live::{catch_up, connect, listen};
use super::support::{Auth, Db, SCAV, Table, VEX};
use crate::both;

/// The fight both tables play; with `secrets`, the GM's secrets are
/// scattered through it.
async fn play(db: Db, secrets: bool) -> (Table, String) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let e = t.encounter("Ambush at the depot").await;
    let gm = &t.gm.session;
    let secret = async |command: Value| {
        if secrets {
            t.command(&e, gm, command).await.expect(201);
        }
    };
    t.enter_vex(&e).await;
    if secrets {
        t.enter(
            &e,
            json!({"id": "scav", "npc": SCAV, "side": "raiders", "hidden": true}),
        )
        .await;
    }
    t.enter_raider(&e).await;
    secret(json!({"command": "distance", "a": "vex", "b": "scav", "metres": 25})).await;
    t.vex_ahead(&e, 15).await;
    // The scav acts last: nothing of this test reaches its turn.
    secret(json!({"command": "clock", "clock": "set_initiative", "id": "scav", "total": 10})).await;
    t.begin(&e).await;
    if secrets {
        // The GM's secret roll, with the GM's own dice (no play session).
        t.send(
            t.post(&t.path("/rolls"), gm)
                .json(json!({"expression": "d20", "mode": "gm", "dice": [17]})),
        )
        .await
        .expect(201);
    }
    secret(json!({"command": "position", "id": "scav", "cover": "partial", "stance": null})).await;
    t.command(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
        .await
        .expect(201);
    secret(json!({"command": "distance", "a": "vex", "b": "scav", "metres": 20})).await;
    t.command(
        &e,
        gm,
        json!({"command": "distance", "a": "vex", "b": "raider", "metres": 14}),
    )
    .await
    .expect(201);
    (t, e)
}

/// Everything `auth` is told of the table, with the campaign's and the
/// encounter's and the seats' own ids (which differ between the two
/// tables) taken out.
async fn told(t: &Table, e: &str, auth: &Auth) -> Vec<(&'static str, String)> {
    let get = async |path: String| t.send(t.get(&path, auth)).await.expect(200);
    let address = listen(t).await;
    let mut socket = connect(address, t, auth, 0).await;
    let (feed, last) = catch_up(&mut socket).await;
    let page = t
        .send(super::support::Call::new(
            axum::http::Method::GET,
            format!("/c/{}/e/{e}/part", t.campaign),
            auth,
        ))
        .await
        .expect(200);
    let said = [
        ("view", t.view(e, auth).await.to_string()),
        (
            "choices",
            get(t.path(&format!("/encounters/{e}/choices"))).await.text,
        ),
        ("rolls", get(t.path("/rolls")).await.text),
        ("play sessions", get(t.path("/play-sessions")).await.text),
        ("live feed", Value::from(feed).to_string()),
        ("live feed's last number", last.to_string()),
        ("tracker", page.text),
    ];
    said.into_iter()
        .map(|(what, text)| {
            let mut text = text
                .replace(&t.campaign, "CAMPAIGN")
                .replace(e, "ENCOUNTER");
            for (seat, name) in [(&t.gm, "GM"), (&t.alice, "ALICE"), (&t.bob, "BOB")] {
                text = text.replace(&seat.invite, name);
            }
            text = text.replace(&t.spectator.invite, "SPECTATOR");
            (what, text)
        })
        .collect()
}

async fn a_secret_changes_nothing_a_player_or_spectator_is_told(db: Db) {
    let second = if db.0.starts_with("sqlite:") {
        super::support::sqlite()
    } else {
        super::support::postgres().await.expect("a second database")
    };
    let (plain, e1) = play(db, false).await;
    let (secret, e2) = play(second, true).await;
    for (who, a, b) in [
        ("Alice", &plain.alice.session, &secret.alice.session),
        (
            "the spectator",
            &plain.spectator.session,
            &secret.spectator.session,
        ),
    ] {
        let plainly = told(&plain, &e1, a).await;
        let secretly = told(&secret, &e2, b).await;
        for ((what, p), (_, s)) in plainly.iter().zip(&secretly) {
            let at = p.chars().zip(s.chars()).take_while(|(a, b)| a == b).count();
            assert_eq!(
                p,
                s,
                "{who}'s {what} differs when the GM keeps secrets, from: {}",
                s.chars()
                    .skip(at.saturating_sub(80))
                    .take(240)
                    .collect::<String>()
            );
        }
    }
    // The GM sees them all.
    let gm = secret.view(&e2, &secret.gm.session).await;
    assert!(gm.to_string().contains("scav"), "{gm}");
}

both!(a_secret_changes_nothing_a_player_or_spectator_is_told);
