//! A fourth ruleset played through the server: playground tag
//! (`crates/tag`, only for tests) registered with one line and played
//! through the table's API, its script route, its page and a restart, with
//! no server code of its own. Hidden runners change nothing a player or a
//! spectator is shown or offered until they act on them.

use serde_json::{Value, json};

use super::support::{Auth, Db, Table, get};
use crate::both;

/// The one registration line (idempotent: every test may call it).
fn registered() {
    nanite_server::register::<nanite_tag::Tag>().unwrap();
}

async fn tag_table(db: Db) -> (Table, String) {
    registered();
    let t = Table::plugged(db, "tag").await;
    let opened = t
        .send(
            t.post(&t.path("/encounters"), &t.gm.session)
                .json(json!({"name": "The yard", "setup": {"actions": 2}})),
        )
        .await
        .expect(201);
    let id = opened.json["entry"]["encounter"]
        .as_str()
        .expect("the encounter's id")
        .to_string();
    (t, id)
}

fn enter(id: &str, name: &str, dodge: i64, hidden: bool) -> Value {
    json!({"command": "enter", "id": id, "side": if hidden { "chasers" } else { "runners" },
           "hidden": hidden, "runner": {"name": name, "dodge": dodge}})
}

async fn command(t: &Table, enc: &str, auth: &Auth, body: Value) -> super::support::Answer {
    t.send(t.command_call(enc, auth, body)).await
}

async fn choices(t: &Table, enc: &str, auth: &Auth) -> Value {
    t.send(t.get(&t.path(&format!("/encounters/{enc}/choices")), auth))
        .await
        .expect(200)
        .json["choices"]
        .clone()
}

fn kinds(choices: &Value) -> Vec<String> {
    choices
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{}:{}",
                c["kind"].as_str().unwrap(),
                c["label"].as_str().unwrap()
            )
        })
        .collect()
}

fn pieces(view: &Value) -> Vec<&str> {
    view["board"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect()
}

fn log(view: &Value) -> String {
    view["log"].to_string()
}

/// The yard with Ann (Alice's, dodge 2) and Bob (Bob's, dodge 5) in, and,
/// when `ghost`, the GM's hidden Ghost (dodge 1); initiative Ann, Bob,
/// Ghost; begun.
async fn begun(t: &Table, enc: &str, ghost: bool) {
    command(t, enc, &t.alice.session, enter("ann", "Ann", 2, false))
        .await
        .expect(201);
    command(t, enc, &t.bob.session, enter("bob", "Bob", 5, false))
        .await
        .expect(201);
    if ghost {
        command(t, enc, &t.gm.session, enter("ghost", "Ghost", 1, true))
            .await
            .expect(201);
    }
    for (id, total) in [("ann", 6), ("bob", 5), ("ghost", 4)] {
        if id == "ghost" && !ghost {
            continue;
        }
        command(
            t,
            enc,
            &t.gm.session,
            json!({"command": "clock", "clock": "set_initiative", "id": id, "total": total}),
        )
        .await
        .expect(201);
    }
    command(
        t,
        enc,
        &t.gm.session,
        json!({"command": "clock", "clock": "begin", "surprise": []}),
    )
    .await
    .expect(201);
}

async fn played_through_the_api(db: Db) {
    let same_db = Db(db.0.clone());
    let (t, enc) = tag_table(db).await;
    // A setup the ruleset refuses opens nothing.
    let refused = t
        .send(
            t.post(&t.path("/encounters"), &t.gm.session)
                .json(json!({"name": "Too quick", "setup": {"actions": 9}})),
        )
        .await
        .expect(422);
    assert_eq!(refused.code(), "invalid_setup");
    assert!(refused.text.contains("1 to 3 actions"), "{}", refused.text);
    let list = t
        .send(t.get(&t.path("/encounters"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(list.json["encounters"].as_array().unwrap().len(), 1);

    // Before anyone joins, a player is offered to join, the GM more.
    let alice = kinds(&choices(&t, &enc, &t.alice.session).await);
    assert_eq!(alice, ["enter:Join with a runner"]);
    let gm = kinds(&choices(&t, &enc, &t.gm.session).await);
    assert!(gm.contains(&"begin:Begin".to_string()), "{gm:?}");
    assert!(
        choices(&t, &enc, &t.spectator.session)
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
    // A spectator may not join; a runner with a dodge of 7 is refused.
    let watching = command(
        &t,
        &enc,
        &t.spectator.session,
        enter("sam", "Sam", 3, false),
    )
    .await;
    assert_eq!(watching.expect(403).code(), "spectators_watch");
    let bad = command(&t, &enc, &t.alice.session, enter("ann", "Ann", 7, false))
        .await
        .expect(422);
    assert_eq!(bad.code(), "refused");
    assert!(bad.text.contains("outside 1 to 5"), "{}", bad.text);

    begun(&t, &enc, false).await;
    // Ann's turn: Alice may tag Bob (a d6 over 5: 1 chance in 6) or end
    // the turn; Bob may do nothing for Ann.
    let offered = choices(&t, &enc, &t.alice.session).await;
    let tag = offered
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "tag")
        .expect("a tag");
    assert_eq!(tag["target"], "bob");
    assert_eq!(tag["verdict"]["cost"], 1);
    assert!((tag["verdict"]["odds"].as_f64().unwrap() - 100.0 / 6.0).abs() < 1e-9);
    let not_his = command(
        &t,
        &enc,
        &t.bob.session,
        json!({"command": "tag", "id": "ann", "target": "bob"}),
    )
    .await;
    assert_eq!(not_his.expect(403).code(), "not_your_character");
    // An unknown field is refused, as for every ruleset.
    let odd = command(
        &t,
        &enc,
        &t.alice.session,
        json!({"command": "tag", "id": "ann", "target": "bob", "power": 9}),
    )
    .await;
    assert_eq!(odd.expect(422).code(), "unknown_field");

    // Alice tags Bob with a physical 6: out. Too few dice first: the
    // server names the die.
    let short = command(
        &t,
        &enc,
        &t.alice.session,
        json!({"command": "tag", "id": "ann", "target": "bob", "dice": []}),
    )
    .await
    .expect(422);
    assert_eq!(short.code(), "dice_needed");
    assert_eq!(short.json["error"]["needed"]["sides"], 6);
    command(
        &t,
        &enc,
        &t.alice.session,
        json!({"command": "tag", "id": "ann", "target": "bob", "dice": [6]}),
    )
    .await
    .expect(201);
    let view = t.view(&enc, &t.spectator.session).await;
    assert_eq!(view["ruleset"], "tag");
    assert!(
        log(&view).contains("Ann tags Bob: d6 6 beats dodge 5; Bob is out"),
        "{view}"
    );
    // The GM takes it back: Bob is in again, and the log says so.
    t.undo(&enc).await.expect(201);
    let view = t.view(&enc, &t.spectator.session).await;
    assert!(!pieces(&view).is_empty());
    assert!(
        view["board"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["side"] != "out"),
        "{view}"
    );
    // The text command language, as Alice types it.
    let typed = t
        .send(
            t.post(
                &t.path(&format!("/encounters/{enc}/script")),
                &t.alice.session,
            )
            .json(json!({"line": "ann tag bob", "dice": [2]})),
        )
        .await
        .expect(201);
    assert!(typed.text.contains("dodges Ann"), "{}", typed.text);
    let broken = t
        .send(
            t.post(
                &t.path(&format!("/encounters/{enc}/script")),
                &t.alice.session,
            )
            .json(json!({"line": "ann hug bob"})),
        )
        .await
        .expect(422);
    assert_eq!(broken.code(), "invalid_command_line");
    assert_eq!(broken.json["error"]["line"]["column"], 5);

    // A restart replays the stream to the same game.
    let before = t.view(&enc, &t.gm.session).await;
    let restarted = super::support::state(&same_db, nanite_server::Config::default()).await;
    let router = nanite_server::app(restarted);
    let after = get(
        &router,
        t.path(&format!("/encounters/{enc}")),
        &t.gm.bearer(),
    )
    .await
    .expect(200);
    assert_eq!(before["board"], after.json["board"]);
}

/// Adding a hidden runner changes nothing a player or a spectator is
/// shown or offered until it acts on them; then they learn only what the
/// rules say ("tagged by someone unseen").
async fn hidden_runners_stay_hidden(db: Db) {
    let (open, enc_open) = tag_table(Db(db.0.clone())).await;
    begun(&open, &enc_open, false).await;
    let (hid, enc_hid) = tag_table(db).await;
    begun(&hid, &enc_hid, true).await;
    for (seat_open, seat_hid) in [
        (&open.alice.session, &hid.alice.session),
        (&open.spectator.session, &hid.spectator.session),
    ] {
        let (a, b) = (
            open.view(&enc_open, seat_open).await,
            hid.view(&enc_hid, seat_hid).await,
        );
        assert_eq!(a["board"], b["board"]);
        assert_eq!(
            log(&a).replace(&enc_open, "ENC"),
            log(&b).replace(&enc_hid, "ENC")
        );
        assert_eq!(
            choices(&open, &enc_open, seat_open).await,
            choices(&hid, &enc_hid, seat_hid).await
        );
        let page_a = open
            .send(open.get(&format!("/c/{}/e/{enc_open}", open.campaign), seat_open))
            .await;
        let page_b = hid
            .send(hid.get(&format!("/c/{}/e/{enc_hid}", hid.campaign), seat_hid))
            .await;
        assert!(!page_b.text.contains("Ghost") && !page_b.text.contains("ghost"));
        assert_eq!(page_a.status, page_b.status);
    }
    // Ann ends her turn, Bob his: the hidden Ghost's turn. Nobody visible
    // acts, and a player's command then names nobody.
    command(
        &hid,
        &enc_hid,
        &hid.alice.session,
        json!({"command": "clock", "clock": "next_turn"}),
    )
    .await
    .expect(201);
    command(
        &hid,
        &enc_hid,
        &hid.bob.session,
        json!({"command": "clock", "clock": "next_turn"}),
    )
    .await
    .expect(201);
    let view = hid.view(&enc_hid, &hid.alice.session).await;
    assert_eq!(view["board"]["acting"], Value::Null);
    let early = command(
        &hid,
        &enc_hid,
        &hid.alice.session,
        json!({"command": "clock", "clock": "next_turn"}),
    )
    .await
    .expect(403);
    assert_eq!(early.code(), "not_your_turn");
    assert!(
        !early.text.contains("ghost") && !early.text.contains("Ghost"),
        "{}",
        early.text
    );
    // The Ghost tags Ann (the GM's die: 6).
    command(
        &hid,
        &enc_hid,
        &hid.gm.session,
        json!({"command": "tag", "id": "ghost", "target": "ann", "dice": [6]}),
    )
    .await
    .expect(201);
    let seen = hid.view(&enc_hid, &hid.alice.session).await;
    assert!(
        log(&seen).contains("Ann is tagged by someone unseen and is out"),
        "{seen}"
    );
    assert!(
        !log(&seen).contains("Ghost") && !log(&seen).contains("ghost"),
        "{seen}"
    );
    let gm = hid.view(&enc_hid, &hid.gm.session).await;
    assert!(log(&gm).contains("Ghost tags Ann"), "{gm}");
}

/// The page draws the board and the choices from the contract: Alice's
/// tag and end-turn buttons, the GM's hand, and the log; a choice's form
/// posts the command its body holds.
async fn played_from_the_page(db: Db) {
    let (t, enc) = tag_table(db).await;
    let page = |auth: &Auth| t.get(&format!("/c/{}/e/{enc}", t.campaign), auth);
    let joining = t.send(page(&t.alice.session)).await.expect(200);
    assert!(
        joining.text.contains("Join with a runner"),
        "{}",
        joining.text
    );
    assert!(joining.text.contains("Playground tag"));
    begun(&t, &enc, false).await;
    let alice = t.send(page(&t.alice.session)).await.expect(200);
    for shown in [
        "Actions of Ann",
        "Tag Bob",
        "End the turn",
        "round 1",
        "dodge",
    ] {
        assert!(
            alice.text.contains(shown),
            "{shown} missing: {}",
            alice.text
        );
    }
    let gm = t.send(page(&t.gm.session)).await.expect(200);
    for shown in [
        "The GM&#39;s hand",
        "Next turn",
        "End the game",
        "Bring in a runner",
    ] {
        assert!(gm.text.contains(shown), "{shown} missing");
    }
    let spectator = t.send(page(&t.spectator.session)).await.expect(200);
    assert!(!spectator.text.contains("Tag Bob"));
    assert!(
        !spectator.text.contains("cmd-line"),
        "a spectator types no command"
    );
    // The tag button's form carries the command as the API takes it.
    let body = data_body(&alice.text, "act-tag");
    let sent: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        sent,
        json!({"command": "tag", "id": "ann", "target": "bob"})
    );
    let mut with_die = sent;
    with_die["dice"] = json!([1]);
    command(&t, &enc, &t.alice.session, with_die)
        .await
        .expect(201);
    let part = t
        .send(t.get(&format!("/c/{}/e/{enc}/part", t.campaign), &t.bob.session))
        .await
        .expect(200);
    assert!(
        part.text
            .contains("Bob dodges Ann: d6 1 does not beat dodge 5"),
        "{}",
        part.text
    );
}

/// The `data-body` of the first form of class `class` on a page.
fn data_body(html: &str, class: &str) -> String {
    let at = html.find(class).unwrap_or_else(|| panic!("no {class}"));
    let rest = &html[at..];
    let start = rest.find("data-body=\"").unwrap() + "data-body=\"".len();
    let end = rest[start..].find('"').unwrap();
    rest[start..start + end]
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
}

both!(
    played_through_the_api,
    hidden_runners_stay_hidden,
    played_from_the_page
);
