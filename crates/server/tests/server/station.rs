//! Station campaigns through the router: a campaign created for the Station
//! ruleset, games started from a sample or an uploaded scenario, crew seats,
//! the permission matrix of who may give which command when, each viewer's
//! view, the automated GM's answer in a single-player game, undo, a restart
//! and `nanite verify` re-deriving every Station die.

use axum::http::Method;
use nanite_server::verify;
use serde_json::{Value, json};

use super::support::{self, Answer, Auth, Call, Db, Seat, join, send};
use crate::both;

/// A Station campaign with a GM, Alice (a player invitation for crew
/// member `ana`), Bob (a free player invitation) and a spectator.
pub(crate) struct Station {
    pub(crate) state: nanite_server::AppState,
    pub(crate) router: axum::Router,
    pub(crate) campaign: String,
    pub(crate) gm: Seat,
    pub(crate) alice: Seat,
    pub(crate) bob: Seat,
    pub(crate) spectator: Seat,
}

impl Station {
    pub(crate) async fn new(db: Db) -> Station {
        let state = support::state(&db, nanite_server::Config::default()).await;
        let router = nanite_server::app(state.clone());
        let first = state.create_campaign("First").await.unwrap();
        let made = send(
            &router,
            Call::new(
                Method::POST,
                "/api/campaigns",
                &Auth::Bearer(first.gm_token),
            )
            .json(json!({"name": "Outpost nights", "ruleset": "station"})),
        )
        .await
        .expect(201);
        assert_eq!(made.json["campaign"]["ruleset"], "station");
        let campaign = made.json["campaign"]["id"].as_str().unwrap().to_string();
        let token = made.json["gm_token"].as_str().unwrap().to_string();
        let session = join(&router, &token).await;
        let me = send(&router, Call::new(Method::GET, "/api/me", &session))
            .await
            .expect(200);
        let gm = Seat {
            invite: me.json["invite"]["id"].as_str().unwrap().to_string(),
            token,
            session,
        };
        let mut t = Station {
            state,
            router,
            campaign,
            gm: gm.clone(),
            alice: gm.clone(),
            bob: gm.clone(),
            spectator: gm,
        };
        t.alice = t
            .invite(json!({"role": "player", "slot": "ana", "label": "Alice"}))
            .await;
        t.bob = t.invite(json!({"role": "player", "label": "Bob"})).await;
        t.spectator = t.invite(json!({"role": "spectator"})).await;
        t
    }

    async fn invite(&self, body: Value) -> Seat {
        Seat::invited(&self.router, &self.campaign, &self.gm.session, body).await
    }

    /// The sessions of the GM, Alice, Bob and the spectator.
    pub(crate) fn sessions(&self) -> (&Auth, &Auth, &Auth, &Auth) {
        (
            &self.gm.session,
            &self.alice.session,
            &self.bob.session,
            &self.spectator.session,
        )
    }

    pub(crate) fn path(&self, rest: &str) -> String {
        format!("/api/campaigns/{}{rest}", self.campaign)
    }

    pub(crate) fn post(&self, rest: &str, auth: &Auth) -> Call {
        Call::new(Method::POST, self.path(rest), auth)
    }

    pub(crate) fn get(&self, rest: &str, auth: &Auth) -> Call {
        Call::new(Method::GET, self.path(rest), auth)
    }

    pub(crate) async fn send(&self, call: Call) -> Answer {
        send(&self.router, call).await
    }

    /// Starts a sample scenario (GM); returns the game's id.
    pub(crate) async fn start(&self, sample: &str) -> String {
        let made = self
            .send(
                self.post("/station/games", &self.gm.session)
                    .json(json!({ "sample": sample })),
            )
            .await
            .expect(201);
        made.json["entry"]["game"].as_str().unwrap().to_string()
    }

    pub(crate) async fn command(&self, game: &str, auth: &Auth, command: Value) -> Answer {
        self.send(
            self.post(&format!("/station/games/{game}/commands"), auth)
                .json(json!({ "command": command })),
        )
        .await
    }

    pub(crate) async fn view(&self, game: &str, auth: &Auth) -> Value {
        self.send(self.get(&format!("/station/games/{game}"), auth))
            .await
            .expect(200)
            .json
    }
}

fn step(who: &str, x: i32, y: i32) -> Value {
    json!({"Move": {"who": who, "to": {"x": x, "y": y}}})
}

fn crew<'v>(view: &'v Value, id: &str) -> &'v Value {
    view["crew"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()
}

/// A single-player game: the automated GM sets up when the game starts and
/// answers the players' turn in the same change; the campaign says its
/// ruleset; the game survives a restart and undo takes back a whole turn.
async fn single_player_games_answer_at_once(db: Db) {
    let url = db.0.clone();
    let t = Station::new(db).await;
    let shown = t.send(t.get("", &t.alice.session)).await.expect(200);
    assert_eq!(shown.json["ruleset"], "station");
    let samples = t
        .send(t.get("/station/scenarios", &t.gm.session))
        .await
        .expect(200);
    let ids: Vec<&str> = samples.json["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["derelict-lab", "outpost-siege"]);
    let g = t.start("derelict-lab").await;
    let view = t.view(&g, &t.alice.session).await;
    assert_eq!(
        view["phase"], "players",
        "the automated GM set up and began"
    );
    assert_eq!(view["turn"], 1);
    assert_eq!(
        crew(&view, "ana")["yours"],
        true,
        "Alice's invitation is for ana"
    );
    assert_eq!(
        crew(&t.view(&g, &t.bob.session).await, "ana")["yours"],
        false
    );
    let at = crew(&view, "ana")["at"].clone();
    let (x, y) = (
        at["x"].as_i64().unwrap() as i32,
        at["y"].as_i64().unwrap() as i32,
    );
    let moved = t
        .send(
            t.post(&format!("/station/games/{g}/commands"), &t.alice.session)
                .header("Idempotency-Key", "ana-steps")
                .json(json!({ "command": step("ana", x + 1, y) })),
        )
        .await
        .expect(201);
    let again = t
        .send(
            t.post(&format!("/station/games/{g}/commands"), &t.alice.session)
                .header("Idempotency-Key", "ana-steps")
                .json(json!({ "command": step("ana", x + 1, y) })),
        )
        .await
        .expect(200);
    assert_eq!(
        again.json["version"], moved.json["version"],
        "a repeat moves once"
    );
    let ended = t
        .command(&g, &t.alice.session, json!("EndTurn"))
        .await
        .expect(201);
    let moves = ended.json["entry"]["moves"].as_array().unwrap();
    assert!(
        moves.len() >= 2,
        "the GM's turn came with the end: {moves:?}"
    );
    assert!(moves[1..].iter().all(|m| m["by_engine"] == true));
    assert_eq!(moves.last().unwrap()["command"], "EndTurn");
    let after = t.view(&g, &t.gm.session).await;
    assert_eq!(after["turn"], 2);
    assert_eq!(after["phase"], "players");
    assert_eq!(after["can_undo"], true);
    // A new server over the same database rebuilds the same game.
    let state = support::state(&Db(url), nanite_server::Config::default()).await;
    let router = nanite_server::app(state);
    let reloaded = send(
        &router,
        Call::new(
            Method::GET,
            t.path(&format!("/station/games/{g}")),
            &t.gm.session,
        ),
    )
    .await
    .expect(200);
    assert_eq!(reloaded.json, after);
    // Undo takes back the players' end of turn and the GM's whole answer.
    t.send(
        t.post(&format!("/station/games/{g}/undo"), &t.gm.session)
            .json(json!({})),
    )
    .await
    .expect(201);
    let undone = t.view(&g, &t.gm.session).await;
    assert_eq!(undone["turn"], 1);
    assert_eq!(crew(&undone, "ana")["at"], json!({"x": x + 1, "y": y}));
    let refused = t
        .send(
            t.post(&format!("/station/games/{g}/undo"), &t.alice.session)
                .json(json!({})),
        )
        .await
        .expect(403);
    assert_eq!(refused.code(), "gm_only");
    // Undoing on reaches the start of the game, and then there is nothing
    // left: refused as Compound X and D20 refuse it.
    let mut last = None;
    for _ in 0..10 {
        let answer = t
            .send(
                t.post(&format!("/station/games/{g}/undo"), &t.gm.session)
                    .json(json!({})),
            )
            .await;
        if answer.status != 201 {
            last = Some(answer);
            break;
        }
    }
    let last = last.expect("undo stops when nothing is left");
    assert_eq!(last.status, 422, "{}", last.text);
    assert_eq!(last.code(), "nothing_to_undo");
}

/// Who may give which command, and when, in a players-vs-GM game.
async fn the_permission_matrix(db: Db) {
    let t = Station::new(db).await;
    let g = t.start("outpost-siege").await;
    let (gm, alice, bob, spectator) = t.sessions();
    let view = t.view(&g, gm).await;
    assert_eq!(view["phase"], "setup");
    let ana = crew(&view, "ana")["at"].clone();
    let bo = crew(&view, "bo")["at"].clone();
    let xy = |v: &Value| {
        (
            v["x"].as_i64().unwrap() as i32,
            v["y"].as_i64().unwrap() as i32,
        )
    };
    let ((ax, ay), (bx, by)) = (xy(&ana), xy(&bo));
    // Setup: only the GM.
    let setup = [
        (alice, step("ana", ax + 1, ay), 403, "not_your_turn"),
        (spectator, json!("Begin"), 403, "spectators_watch"),
        (alice, json!("Begin"), 403, "not_your_turn"),
        (
            gm,
            json!({"Deploy": {"creature": "crawler", "at": {"x": ax + 1, "y": ay}}}),
            422,
            "refused",
        ),
        (gm, json!("Begin"), 201, ""),
    ];
    for (i, (auth, command, status, code)) in setup.into_iter().enumerate() {
        let a = t.command(&g, auth, command).await;
        assert_eq!(a.status.as_u16(), status, "setup case {i}: {}", a.text);
        if !code.is_empty() {
            assert_eq!(a.code(), code, "setup case {i}");
        }
    }
    // Bob claims the free crew member; he cannot take Alice's.
    let claim = |crew: &str, auth: &Auth| {
        t.post(&format!("/station/games/{g}/seats"), auth)
            .json(json!({ "crew": crew }))
    };
    t.send(claim("bo", bob)).await.expect(201);
    assert_eq!(
        t.send(claim("ana", bob)).await.expect(409).code(),
        "crew_taken"
    );
    assert_eq!(
        t.send(claim("bo", alice)).await.expect(409).code(),
        "crew_taken"
    );
    assert_eq!(
        t.send(claim("bo", spectator)).await.expect(403).code(),
        "spectators_watch"
    );
    // The players' turn.
    let players = [
        (alice, step("ana", ax + 1, ay), 201, ""),
        (bob, step("ana", ax, ay), 403, "not_your_crew"),
        (bob, step("bo", bx + 1, by), 201, ""),
        (alice, step("bo", bx, by), 403, "not_your_crew"),
        (spectator, step("ana", ax, ay), 403, "spectators_watch"),
        (
            alice,
            json!({"Deploy": {"creature": "crawler", "at": {"x": 20, "y": 2}}}),
            403,
            "gm_only",
        ),
        (alice, json!("Begin"), 403, "gm_only"),
        (alice, step("ana", 0, 0), 422, "refused"),
        (alice, json!("EndTurn"), 201, ""),
        // The GM's turn.
        (alice, step("ana", ax, ay), 403, "not_your_turn"),
        (bob, json!("EndTurn"), 403, "not_your_turn"),
        (gm, json!("EndTurn"), 201, ""),
        // The GM may act for a crew member too.
        (gm, step("ana", ax, ay), 201, ""),
    ];
    for (i, (auth, command, status, code)) in players.into_iter().enumerate() {
        let a = t.command(&g, auth, command).await;
        assert_eq!(a.status.as_u16(), status, "case {i}: {}", a.text);
        if !code.is_empty() {
            assert_eq!(a.code(), code, "case {i}");
        }
    }
    // The GM frees Bob's seat and seats Alice there.
    let seat = t
        .post(&format!("/station/games/{g}/seats"), gm)
        .json(json!({ "crew": "bo", "seat": t.alice.invite }));
    t.send(seat).await.expect(201);
    let view = t.view(&g, alice).await;
    assert_eq!(crew(&view, "bo")["yours"], true);
    assert_eq!(crew(&t.view(&g, bob).await, "bo")["yours"], false);
}

/// The GM's purse stays the GM's: players and spectators see neither the
/// creature points nor what deploying cost, in the view or the log.
async fn players_do_not_see_the_gms_purse(db: Db) {
    let t = Station::new(db).await;
    let g = t.start("derelict-lab").await;
    let gm = t.view(&g, &t.gm.session).await;
    assert!(gm["gm"]["bcp"].is_i64(), "{}", gm["gm"]);
    let gm_lines = gm["log"].to_string();
    assert!(gm_lines.contains("BCP"), "{gm_lines}");
    for auth in [&t.alice.session, &t.spectator.session] {
        let v = t.view(&g, auth).await;
        assert!(v["gm"].get("bcp").is_none(), "{}", v["gm"]);
        assert!(v["gm"].get("mcp").is_none());
        assert!(
            v["creatures"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c.get("knows").is_none())
        );
        assert!(v.get("can_undo").is_none());
        let log = v["log"].to_string();
        assert!(log.contains("The GM deploys"), "{log}");
        assert!(!log.contains("BCP") && !log.contains("\"order\""), "{log}");
    }
}

/// A scenario that does not check is refused with every problem and its
/// line, and nothing is kept; Station endpoints refuse a Compound X
/// campaign and an unknown ruleset is named.
async fn bad_scenarios_change_nothing(db: Db) {
    let t = Station::new(db).await;
    let before = t.send(t.get("", &t.gm.session)).await.expect(200).json["version"].clone();
    let text = "name: Broken\nkind: sideways\nplayer: ana nobody picks 1\n\npiece hall at 0,0\n####\n#1.#\n####\nend\n";
    let refused = t
        .send(
            t.post("/station/games", &t.gm.session)
                .json(json!({ "scenario": text, "file": "broken.txt" })),
        )
        .await
        .expect(422);
    assert_eq!(refused.code(), "invalid_scenario");
    let problems = refused.json["error"]["diagnostics"].as_array().unwrap();
    assert!(problems.len() >= 2, "{problems:?}");
    assert!(problems.iter().all(|d| d["line"].is_u64()), "{problems:?}");
    assert!(
        refused.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("broken.txt")
    );
    let after = t.send(t.get("", &t.gm.session)).await.expect(200).json["version"].clone();
    assert_eq!(before, after);
    let both = t
        .send(
            t.post("/station/games", &t.gm.session)
                .json(json!({ "scenario": text, "sample": "derelict-lab" })),
        )
        .await
        .expect(422);
    assert_eq!(both.code(), "one_source");
    let player = t
        .send(
            t.post("/station/games", &t.alice.session)
                .json(json!({ "sample": "derelict-lab" })),
        )
        .await
        .expect(403);
    assert_eq!(player.code(), "gm_only");
    // An uploaded scenario that checks starts a game.
    let lab = include_str!("../../../../examples/station/derelict-lab.txt");
    t.send(
        t.post("/station/games", &t.gm.session)
            .json(json!({ "scenario": lab, "file": "my-lab.txt", "name": "Lab night" })),
    )
    .await
    .expect(201);
    let unknown = t
        .send(
            Call::new(Method::POST, "/api/campaigns", &t.gm.session)
                .json(json!({"name": "X", "ruleset": "chess"})),
        )
        .await
        .expect(422);
    assert_eq!(unknown.code(), "unknown_ruleset");
    // A Compound X campaign has no Station games.
    let cx = support::Table::new(support::sqlite()).await;
    let wrong = cx
        .send(
            cx.post(&cx.path("/station/games"), &cx.gm.session)
                .json(json!({ "sample": "derelict-lab" })),
        )
        .await
        .expect(409);
    assert_eq!(wrong.code(), "wrong_ruleset");
}

/// Every Station die comes from the play session's seed: after the session
/// ends, `verify` re-derives each of them, the automated GM's included,
/// and a changed die is named.
async fn station_dice_verify(db: Db) {
    let t = Station::new(db).await;
    // No session is started: the first Station die starts one itself.
    let g = t.start("derelict-lab").await;
    for _ in 0..4 {
        t.command(&g, &t.alice.session, json!("EndTurn"))
            .await
            .expect(201);
    }
    t.send(t.post("/play-sessions/end", &t.gm.session).json(json!({})))
        .await
        .expect(201);
    let log = t.view(&g, &t.alice.session).await["log"].to_string();
    assert!(
        log.contains("play_session_started"),
        "players see the session's commitment: {log}"
    );
    let export = nanite_store::export(t.state.store(), &[format!("table:{}", t.campaign)])
        .await
        .unwrap();
    let text = serde_json::to_string(&export).unwrap();
    let found = verify::verify(&verify::read(&text).unwrap()).unwrap();
    assert!(found.honest(), "{:?}", found.mismatches);
    assert_eq!(found.sessions.len(), 1, "{:?}", found.sessions);
    assert!(found.unverifiable.is_empty(), "{:?}", found.unverifiable);
    assert!(
        found.verified >= 2,
        "the GM's turns rolled (cards, attacks): {found:?}"
    );
    // Change one die of the log: verify names it.
    let mut tampered: Value = serde_json::from_str(&text).unwrap();
    let events = tampered["streams"][0]["events"].as_array_mut().unwrap();
    let die = events
        .iter_mut()
        .flat_map(|e| e["data"]["moves"].as_array_mut().into_iter().flatten())
        .find_map(|m| {
            let d = m["dice"].as_array_mut()?.first_mut()?;
            Some(d)
        })
        .expect("a Station die in the log");
    let sides = die["sides"].as_u64().unwrap();
    let value = die["value"].as_u64().unwrap();
    die["value"] = json!(if value == sides { 1 } else { value + 1 });
    let found = verify::verify(&verify::read(&tampered.to_string()).unwrap()).unwrap();
    assert!(!found.honest());
    assert!(
        found.mismatches[0].message.contains("Station command"),
        "{:?}",
        found.mismatches
    );
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next(socket: &mut Socket) -> Value {
    use futures_util::StreamExt;
    let msg = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
        .await
        .expect("a message in time")
        .unwrap()
        .unwrap();
    serde_json::from_str(msg.to_text().unwrap()).unwrap()
}

fn page(t: &Station, path: &str, auth: &Auth) -> Call {
    Call::new(Method::GET, format!("/c/{}{path}", t.campaign), auth)
}

/// The pages through the router: the dashboard of a Station campaign, the
/// map for each role, and a game that is not there.
async fn the_pages_show_each_role_its_own(db: Db) {
    let t = Station::new(db).await;
    let dash = t.send(page(&t, "", &t.gm.session)).await.expect(200).text;
    assert!(dash.contains("Start a Station game"), "{dash}");
    assert!(!dash.contains("Open an encounter") && !dash.contains("House rules of this campaign"));
    let g = t.start("outpost-siege").await;
    let dash = t
        .send(page(&t, "", &t.alice.session))
        .await
        .expect(200)
        .text;
    assert!(
        dash.contains(&format!("/c/{}/s/{g}", t.campaign)),
        "the game is listed"
    );
    assert!(!dash.contains("Start a Station game"));
    let gm = t
        .send(page(&t, &format!("/s/{g}"), &t.gm.session))
        .await
        .expect(200)
        .text;
    assert!(gm.contains("<svg class=\"st-map\""));
    assert!(gm.contains("data-deploy-pick") && gm.contains("Creature points: 4 BCP, 1 MCP"));
    assert!(gm.contains("/assets/station.js"));
    t.command(&g, &t.gm.session, json!("Begin"))
        .await
        .expect(201);
    let alice = t
        .send(page(&t, &format!("/s/{g}/part"), &t.alice.session))
        .await
        .expect(200)
        .text;
    assert!(alice.contains("data-moves-of=\"ana\""), "Alice moves ana");
    assert!(!alice.contains("data-moves-of=\"bo\""), "not bo");
    assert!(!alice.contains("BCP") && !alice.contains("data-deploy-pick"));
    assert!(alice.contains("End the players&#39; turn"));
    assert!(alice.contains("Give back"));
    assert!(
        alice.contains("Spend cyber modules") && alice.contains(" CM)"),
        "ana has cyber modules to spend"
    );
    let bob = t
        .send(page(&t, &format!("/s/{g}/part"), &t.bob.session))
        .await
        .expect(200)
        .text;
    assert!(
        bob.contains("Claim bo") && !bob.contains("Claim ana"),
        "ana is Alice's by her slot"
    );
    let gm = t
        .send(page(&t, &format!("/s/{g}/part"), &t.gm.session))
        .await
        .expect(200)
        .text;
    assert!(gm.contains("Seat Alice") && gm.contains("Seat Bob"));
    let watching = t
        .send(page(&t, &format!("/s/{g}/part"), &t.spectator.session))
        .await
        .expect(200)
        .text;
    assert!(!watching.contains("data-cmd"), "spectators watch");
    assert!(watching.contains("data-unit=\"ana\""));
    let export = t
        .send(page(&t, "/export.json", &t.gm.session))
        .await
        .expect(200)
        .json;
    assert_eq!(
        export["station_games"][0]["id"],
        g.as_str(),
        "the GM's export holds the game"
    );
    assert!(export["station_games"][0]["gm"]["bcp"].is_i64());
    let missing = t
        .send(page(&t, "/s/g-nope", &t.gm.session))
        .await
        .expect(404)
        .text;
    assert!(missing.contains("no Station game g-nope"));
    let asset = send(
        &t.router,
        Call::new(Method::GET, "/assets/station.js", &Auth::Anonymous),
    )
    .await
    .expect(200);
    assert!(asset.text.contains("data-cmd"));
}

/// A Station change reaches a live socket, cut to its viewer, and a late
/// socket catches up on it.
async fn station_changes_go_live(db: Db) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let t = Station::new(db).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = nanite_server::app(t.state.clone());
    tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    let connect = |after: i64| {
        let mut request = format!(
            "ws://{address}/api/campaigns/{}/live?after={after}",
            t.campaign
        )
        .into_client_request()
        .unwrap();
        request.headers_mut().insert(
            "authorization",
            format!("Bearer {}", t.alice.token).parse().unwrap(),
        );
        tokio_tungstenite::connect_async(request)
    };
    let (mut socket, _) = connect(0).await.unwrap();
    assert_eq!(next(&mut socket).await["type"], "caught_up");
    let g = t.start("derelict-lab").await;
    let started = next(&mut socket).await;
    assert_eq!(started["type"], "station_started");
    assert_eq!(started["game"], g.as_str());
    assert!(!started.to_string().contains("BCP"), "{started}");
    assert!(started.get("by").is_none());
    t.command(&g, &t.alice.session, json!("EndTurn"))
        .await
        .expect(201);
    let played = next(&mut socket).await;
    assert_eq!(played["type"], "station_played");
    assert!(played["moves"].as_array().unwrap().len() >= 2);
    let (mut late, _) = connect(0).await.unwrap();
    let first = next(&mut late).await;
    assert_eq!(first["type"], "station_started");
    assert_eq!(next(&mut late).await["type"], "station_played");
    assert_eq!(next(&mut late).await["type"], "caught_up");
}

/// Hostile scenario uploads (the audit's `piece a at 2000000000,2000000000`
/// hung `nanite station check` eating gigabytes; the same file could be
/// uploaded here) are refused with the limit they break, while a game
/// already running at the table keeps answering, asked at the same time.
async fn hostile_scenarios_are_refused_while_the_table_answers(db: Db) {
    let t = Station::new(db).await;
    let game = t.start("outpost-siege").await;
    let head = "name: Hostile\nkind: players-vs-gm\nthreat 1: crawler 1\nplayer: ana marine picks 1 1 1\nobjective: survive 3 win\n";
    let room = "#####\n#1..#\n#####\nend\n";
    let hostile = [
        (
            format!("{head}piece a at 2000000000,2000000000\n{room}"),
            "is not a square of the map",
        ),
        (
            format!("{head}piece a at 10000,10000\n{room}"),
            "is not a square of the map",
        ),
        (
            format!("{head}piece a at 0,0\n#1{}#\nend\n", ".".repeat(100_000)),
            "reaches beyond the largest map",
        ),
        (
            format!(
                "{head}C: camera facing w\npiece a at 0,0\n#1{}#\nend\n",
                "C".repeat(120)
            ),
            "cameras; it may have at most 32",
        ),
        (
            format!("{head}{}", format!("piece p at 0,0\n{room}").repeat(65)),
            "map pieces; it may have at most 64",
        ),
        (
            format!("{head}starting-cm: 2147483647\npiece a at 0,0\n{room}"),
            "starting-cm 2147483647 is out of range: from 0 to 1000",
        ),
    ];
    for (text, why) in hostile {
        let upload = t.send(
            t.post("/station/games", &t.gm.session)
                .json(json!({ "scenario": text, "file": "hostile.txt" })),
        );
        let other = t.send(t.get(&format!("/station/games/{game}"), &t.alice.session));
        let (refused, answered) = tokio::join!(upload, other);
        let refused = refused.expect(422);
        assert_eq!(refused.code(), "invalid_scenario");
        let message = refused.json["error"]["message"].as_str().unwrap();
        assert!(message.contains(why), "{why}: {message}");
        let view = answered.expect(200);
        assert!(view.json["crew"].is_array(), "{}", view.json);
    }
}

both!(
    hostile_scenarios_are_refused_while_the_table_answers,
    the_pages_show_each_role_its_own,
    station_changes_go_live,
    single_player_games_answer_at_once,
    the_permission_matrix,
    players_do_not_see_the_gms_purse,
    bad_scenarios_change_nothing,
    station_dice_verify,
);
