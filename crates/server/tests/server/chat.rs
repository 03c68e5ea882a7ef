//! The table log: chat lines and whispers (each seen by its audience only,
//! live too, with no gap in anyone else's feed numbering), bad lines refused
//! with nothing changed, rolls with their labels and times, rolls from a
//! character sheet explained by the engine, and all of it after a restart.

use axum::http::Method;
use nanite_server::Config;
use serde_json::{Value, json};

use super::live::{catch_up, connect, listen, next};
use super::support::{self, Answer, Auth, Call, Db, Table, VEX};
use crate::both;

async fn say(t: &Table, auth: &Auth, body: Value) -> Answer {
    t.send(t.post(&t.path("/chat"), auth).json(body)).await
}

/// The table log as `auth` sees it.
async fn log(t: &Table, auth: &Auth) -> Vec<Value> {
    t.send(t.get(&t.path("/chat"), auth)).await.expect(200).json["entries"]
        .as_array()
        .unwrap()
        .clone()
}

/// The chat lines of a log, as `Sender>recipient: text`.
fn lines(entries: &[Value]) -> Vec<String> {
    entries
        .iter()
        .filter(|e| e["type"] == "chat")
        .map(|e| {
            let to = e["whisper_to"]["label"].as_str().unwrap_or("all");
            format!(
                "{}>{to}: {}",
                e["label"].as_str().unwrap(),
                e["text"].as_str().unwrap()
            )
        })
        .collect()
}

async fn whispers_reach_only_sender_recipient_and_gm(db: Db) {
    let t = Table::new(db.clone()).await;
    let address = listen(&t).await;
    let mut bob_live = connect(address, &t, &t.bob.session, 0).await;
    assert_eq!(catch_up(&mut bob_live).await.1, 0);

    let hello = say(&t, &t.alice.session, json!({"text": "  Hello, table  "}))
        .await
        .expect(201);
    assert_eq!(hello.json["entry"]["type"], "chat");
    assert_eq!(hello.json["entry"]["text"], "Hello, table", "trimmed");
    assert!(hello.json["entry"]["at"].as_u64().unwrap() > 1_700_000_000_000);
    let to_gm = say(
        &t,
        &t.alice.session,
        json!({"text": "I palm the key", "to": "gm"}),
    )
    .await
    .expect(201);
    assert_eq!(to_gm.json["entry"]["whisper_to"]["label"], "the GM");
    say(
        &t,
        &t.gm.session,
        json!({"text": "The key is warm", "to": t.alice.invite}),
    )
    .await
    .expect(201);
    say(&t, &t.bob.session, json!({"text": "Bob waves"}))
        .await
        .expect(201);

    let everyone = ["Alice>all: Hello, table", "Bob>all: Bob waves"];
    let cases: [(&Auth, Vec<&str>); 4] = [
        (
            &t.gm.session,
            vec![
                "Alice>all: Hello, table",
                "Alice>the GM: I palm the key",
                "GM>Alice: The key is warm",
                "Bob>all: Bob waves",
            ],
        ),
        (
            &t.alice.session,
            vec![
                "Alice>all: Hello, table",
                "Alice>the GM: I palm the key",
                "GM>Alice: The key is warm",
                "Bob>all: Bob waves",
            ],
        ),
        (&t.bob.session, everyone.to_vec()),
        (&t.spectator.session, everyone.to_vec()),
    ];
    for (auth, expected) in &cases {
        assert_eq!(lines(&log(&t, auth).await), *expected);
    }

    // The live feed: Bob was told the two lines said to everyone, numbered
    // 1 and 2, as they happened; the whispers left no gap.
    let first = next(&mut bob_live).await;
    let second = next(&mut bob_live).await;
    assert_eq!(
        (first["version"].as_i64(), first["text"].as_str()),
        (Some(1), Some("Hello, table"))
    );
    assert_eq!(
        (second["version"].as_i64(), second["text"].as_str()),
        (Some(2), Some("Bob waves"))
    );
    for (seat, count, secret) in [
        (&t.gm, 4, true),
        (&t.alice, 4, true),
        (&t.bob, 2, false),
        (&t.spectator, 2, false),
    ] {
        let mut socket = connect(address, &t, &seat.session, 0).await;
        let (feed, last) = catch_up(&mut socket).await;
        let numbers: Vec<i64> = feed
            .iter()
            .map(|e| e["version"].as_i64().unwrap())
            .collect();
        assert_eq!(numbers, (1..=count).collect::<Vec<_>>());
        assert_eq!(last, count);
        let text = Value::from(feed).to_string();
        assert_eq!(text.contains("palm the key"), secret, "{text}");
        assert_eq!(text.contains("is warm"), secret, "{text}");
    }
    // A whisper to Bob: Alice (neither sender nor recipient) never hears it.
    say(
        &t,
        &t.gm.session,
        json!({"text": "Bob, you hear footsteps", "to": t.bob.invite}),
    )
    .await
    .expect(201);
    let heard = next(&mut bob_live).await;
    assert_eq!(heard["version"], 3);
    assert_eq!(heard["whisper_to"]["label"], "Bob");
    let alices = lines(&log(&t, &t.alice.session).await);
    assert!(
        !alices.iter().any(|l| l.contains("footsteps")),
        "{alices:?}"
    );

    // Kept in the stream: a new server over the same database tells each
    // seat the same log.
    let router = nanite_server::app(support::state(&db, Config::default()).await);
    for seat in [&t.gm, &t.alice, &t.bob, &t.spectator] {
        let before = log(&t, &seat.session).await;
        let call = Call::new(Method::GET, t.path("/chat"), &seat.session);
        let after = support::send(&router, call).await.expect(200).json;
        assert_eq!(after["entries"], Value::from(before));
    }
}

async fn bad_lines_are_refused_and_change_nothing(db: Db) {
    let t = Table::new(db).await;
    let long = "x".repeat(501);
    let cases = [
        (&t.alice.session, json!({"text": "   "}), 422, "empty_line"),
        (
            &t.alice.session,
            json!({"text": long}),
            422,
            "line_too_long",
        ),
        (
            &t.alice.session,
            json!({"text": "hi", "to": "i-nobody"}),
            422,
            "no_recipient",
        ),
        (
            &t.alice.session,
            json!({"text": "hi", "to": t.alice.invite}),
            422,
            "whisper_self",
        ),
        (
            &t.alice.session,
            json!({"text": "hi", "to": t.spectator.invite}),
            422,
            "no_recipient",
        ),
        (
            &t.gm.session,
            json!({"text": "hi", "to": "gm"}),
            422,
            "whisper_self",
        ),
        (
            &t.spectator.session,
            json!({"text": "hi"}),
            403,
            "spectators_watch",
        ),
    ];
    for (auth, body, status, code) in cases {
        let answer = say(&t, auth, body.clone()).await.expect(status);
        assert_eq!(answer.code(), code, "{body}: {}", answer.text);
    }
    let too_long = say(&t, &t.alice.session, json!({"text": "y".repeat(501)})).await;
    assert!(
        too_long.text.contains("501 characters") && too_long.text.contains("at most 500"),
        "{}",
        too_long.text
    );
    // The longest line is kept whole.
    assert!(log(&t, &t.gm.session).await.is_empty(), "nothing was kept");
    let kept = say(&t, &t.alice.session, json!({"text": "z".repeat(500)}))
        .await
        .expect(201);
    assert_eq!(kept.json["version"], 1, "no refused line took a number");
}

async fn rolls_keep_their_label_time_and_roller(db: Db) {
    let t = Table::new(db).await;
    let rolled = t
        .send(
            t.post(&t.path("/rolls"), &t.alice.session)
                .json(json!({"expression": "d100 # awareness", "dice": [4, 6]})),
        )
        .await
        .expect(201);
    let entry = &rolled.json["entry"];
    assert_eq!(entry["what"], "awareness");
    assert_eq!(entry["label"], "Alice");
    assert_eq!(entry["total"], 46);
    assert!(entry["at"].as_u64().unwrap() > 1_700_000_000_000);
    for auth in [&t.gm.session, &t.bob.session, &t.spectator.session] {
        let seen = log(&t, auth).await;
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0]["what"], "awareness");
        assert_eq!(seen[0]["at"], entry["at"]);
    }
    let page = t
        .send(Call::new(
            Method::GET,
            format!("/c/{}/part/rolls", t.campaign),
            &t.bob.session,
        ))
        .await
        .expect(200);
    for want in ["Alice", "awareness", " UTC", "datetime=", "46"] {
        assert!(page.text.contains(want), "{want} in {}", page.text);
    }
}

async fn a_sheet_roll_is_the_engines_check_labelled_and_explained(db: Db) {
    // rule: CX-DICE-05
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let sheet_roll = |auth: &Auth, body: Value| {
        t.send(t.post(&t.path("/characters/vex/rolls"), auth).json(body))
    };
    // Vex's Awareness: 30 points + the PER bonus; tens 4, ones 6 = 46.
    let awareness = sheet_roll(
        &t.alice.session,
        json!({"roll": {"skill": "awareness"}, "dice": [4, 6]}),
    )
    .await
    .expect(201);
    let entry = &awareness.json["entry"];
    assert_eq!(entry["what"], "Vex Marrow: Awareness check");
    let added: i64 = entry["expression"].as_str().unwrap()["d100".len()..]
        .trim()
        .parse()
        .unwrap();
    assert!(added >= 30, "30 points and the PER bonus: {added}");
    assert_eq!(entry["total"], 46 + added);
    let steps = entry["breakdown"].to_string();
    assert!(steps.contains("+30 Awareness skill points"), "{steps}");
    assert!(steps.contains("46"), "{steps}");
    assert!(steps.contains("the GM judges it against the DC"), "{steps}");

    // rule: CX-STAT-17
    let blind = sheet_roll(
        &t.alice.session,
        json!({"roll": {"save": "will"}, "mode": "blind"}),
    )
    .await
    .expect(201);
    assert!(blind.json["entry"]["hidden"].is_string(), "{}", blind.text);
    assert!(blind.json["entry"].get("breakdown").is_none());
    let gm = log(&t, &t.gm.session).await;
    assert_eq!(gm.len(), 2);
    assert_eq!(gm[1]["what"], "Vex Marrow: Will save");
    assert!(gm[1]["breakdown"].to_string().contains("(CX-STAT-17)"));
    assert_eq!(
        log(&t, &t.bob.session).await.len(),
        1,
        "Bob sees no blind roll"
    );

    let damage = sheet_roll(&t.gm.session, json!({"roll": {"weapon": 0}, "mode": "gm"}))
        .await
        .expect(201);
    assert!(
        damage.json["entry"]["what"]
            .as_str()
            .unwrap()
            .ends_with("damage"),
        "{}",
        damage.text
    );

    // Refused, with nothing kept.
    let cases = [
        (&t.bob.session, json!({"roll": {"stat": "STR"}}), 403),
        (&t.spectator.session, json!({"roll": {"stat": "STR"}}), 403),
        (
            &t.alice.session,
            json!({"roll": {"stat": "STR"}, "mode": "gm"}),
            403,
        ),
        (
            &t.alice.session,
            json!({"roll": {"skill": "juggling"}}),
            422,
        ),
        (&t.alice.session, json!({"roll": {"save": "luck"}}), 422),
        (&t.alice.session, json!({"roll": {"weapon": 7}}), 422),
        (
            &t.alice.session,
            json!({"roll": {"skill": "awareness", "stat": "STR"}}),
            400,
        ),
    ];
    for (auth, body, status) in cases {
        let answer = sheet_roll(auth, body.clone()).await;
        assert_eq!(answer.status.as_u16(), status, "{body}: {}", answer.text);
    }
    assert_eq!(log(&t, &t.gm.session).await.len(), 3);
}

both!(
    whispers_reach_only_sender_recipient_and_gm,
    bad_lines_are_refused_and_change_nothing,
    rolls_keep_their_label_time_and_roller,
    a_sheet_roll_is_the_engines_check_labelled_and_explained,
);
