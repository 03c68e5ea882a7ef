//! The test table: a server over a fresh database (SQLite always,
//! PostgreSQL when `NANITE_TEST_POSTGRES` names a server), requests sent
//! with `oneshot`, and the seats of a campaign: the GM, Alice (who plays
//! Vex), Bob (a player with no character in the fight) and a spectator.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use nanite_server::{AppState, Config, app};
use nanite_store::testing::unique;
use serde_json::{Value, json};
use tower::ServiceExt;

pub(crate) const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");
pub(crate) const RAIDER: &str = include_str!("../../../../examples/compound-x/raider.toml");
pub(crate) const SCAV: &str = include_str!("../../../../examples/compound-x/scav.toml");
pub(crate) const KARA: &str = include_str!("../../../../examples/d20/kara.toml");
pub(crate) const BANDIT: &str = include_str!("../../../../examples/d20/raider.toml");
pub(crate) const BRUTE: &str = include_str!("../../../../examples/d20/brute.toml");

/// The schema of the JSON body of `POST path` in the document `router`
/// serves (the same for every router), compiled once per path.
pub(crate) async fn request_schema(
    router: &Router,
    path: &'static str,
) -> std::sync::Arc<jsonschema::Validator> {
    static SCHEMAS: std::sync::Mutex<
        std::collections::BTreeMap<&'static str, std::sync::Arc<jsonschema::Validator>>,
    > = std::sync::Mutex::new(std::collections::BTreeMap::new());
    if let Some(schema) = SCHEMAS.lock().unwrap().get(path) {
        return schema.clone();
    }
    let doc = send(
        router,
        Call::new(Method::GET, "/api/openapi.json", &Auth::Anonymous),
    )
    .await
    .expect(200)
    .json;
    let mut root =
        doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"].clone();
    assert!(root.is_object(), "no request schema for POST {path}");
    root["components"] = doc["components"].clone();
    let schema = std::sync::Arc::new(
        jsonschema::validator_for(&root)
            .unwrap_or_else(|e| panic!("the schema of POST {path} does not compile: {e}")),
    );
    SCHEMAS.lock().unwrap().insert(path, schema.clone());
    schema
}

/// Checks `body`, sent to `POST path`, against the request schema the
/// served document gives: it must match whenever the server read it (it
/// was accepted, or the rules refused it), and must not where the server
/// refused a field of the wrong type or value.
pub(crate) async fn check_request(
    router: &Router,
    path: &'static str,
    body: &Value,
    answer: &Answer,
) {
    let read = answer.status.is_success()
        || matches!(
            answer.code(),
            "refused" | "dice_needed" | "too_many_dice" | "invalid_die"
        );
    if !read && answer.code() != "invalid_field" {
        return;
    }
    let schema = request_schema(router, path).await;
    let errors: Vec<String> = schema
        .iter_errors(body)
        .map(|e| format!("at {}: {e}", e.instance_path()))
        .collect();
    if read {
        assert!(
            errors.is_empty(),
            "the server read {body} ({}), but it does not match the schema of POST {path}:\n{}",
            answer.status,
            errors.join("\n")
        );
    } else {
        assert!(
            !errors.is_empty(),
            "the server refused {body} ({}), but it matches the schema of POST {path}",
            answer.text
        );
    }
}

/// The path of an encounter's commands, as the document names it.
pub(crate) const COMMANDS: &str = "/api/campaigns/{campaign}/encounters/{encounter}/commands";

/// The path of an encounter's combatants, as the document names it.
pub(crate) const COMBATANTS: &str = "/api/campaigns/{campaign}/encounters/{encounter}/combatants";

/// The character file a builder's legal answer carries (in its `<pre>`).
pub(crate) fn file_of(html: &str) -> String {
    let start = html
        .find("<pre>")
        .unwrap_or_else(|| panic!("not legal: {html}"))
        + 5;
    let end = html.find("</pre>").unwrap();
    html[start..end]
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&#60;", "<")
        .replace("&gt;", ">")
        .replace("&#62;", ">")
        .replace("&amp;", "&")
        .replace("&#38;", "&")
}

/// The command that ends the turn.
fn next_turn() -> Value {
    json!({"command": "clock", "clock": "next_turn"})
}

/// What `nanite verify` finds in an export's text.
pub(crate) fn verified(text: &str) -> nanite_server::verify::Verification {
    use nanite_server::verify;
    verify::verify(&verify::read(text).unwrap()).unwrap()
}

/// A server on a fresh SQLite database `export` was imported into.
pub(crate) async fn imported(export: &nanite_store::Export) -> AppState {
    let fresh = sqlite();
    nanite_server::transfer::import(&fresh.0, export, false)
        .await
        .unwrap();
    state(&fresh, Config::default()).await
}

/// The ids of a list of combatants (or of an initiative order).
pub(crate) fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect()
}

/// The field names of an object, in order.
pub(crate) fn fields(object: &Value) -> Vec<String> {
    object.as_object().unwrap().keys().cloned().collect()
}

/// Where a test's data lives.
#[derive(Clone, Debug)]
pub(crate) struct Db(pub(crate) String);

/// A fresh SQLite file, in this test process's scratch directory.
pub(crate) fn sqlite() -> Db {
    let path = scratch().join(format!("{}.db", unique("table")));
    Db(format!("sqlite:{}", path.display()))
}

/// This test process's directory for its SQLite files, under
/// `nanite-server-tests` in the system's temporary directory. A test's
/// server may use its file until the process ends, so nothing is removed
/// while it runs; instead each run first removes the directories of the
/// runs that have ended (where `/proc` tells which processes run).
fn scratch() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let root = std::env::temp_dir().join("nanite-server-tests");
        let proc = std::path::Path::new("/proc");
        if proc.join("self").exists() {
            for entry in std::fs::read_dir(&root).into_iter().flatten().flatten() {
                let name = entry.file_name();
                let pid = name.to_str().and_then(|n| n.parse::<u32>().ok());
                if pid.is_some_and(|pid| !proc.join(pid.to_string()).exists()) {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let dir = root.join(std::process::id().to_string());
        std::fs::create_dir_all(&dir).expect("a scratch directory for the test databases");
        dir
    })
}

/// A fresh PostgreSQL database, or `None` (skipped, and said so once).
pub(crate) async fn postgres() -> Option<Db> {
    let Some(url) = nanite_store::testing::fresh_postgres("nanite_srv").await else {
        nanite_store::testing::say_once(
            "note: PostgreSQL server tests skipped: set NANITE_TEST_POSTGRES=postgres://... to run them",
        );
        return None;
    };
    Some(Db(url))
}

/// A server state over `db`.
pub(crate) async fn state(db: &Db, config: Config) -> AppState {
    let store = nanite_store::open(&db.0).await.unwrap();
    AppState::with_config(store, config).unwrap()
}

/// How a request proves who it is.
#[derive(Clone, Debug)]
pub(crate) enum Auth {
    /// Nobody.
    Anonymous,
    /// A bot: `Authorization: Bearer TOKEN`.
    Bearer(String),
    /// A page: the session cookie and its CSRF token.
    Cookie { cookie: String, csrf: String },
}

/// An answer.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: StatusCode,
    pub(crate) headers: HeaderMap,
    pub(crate) json: Value,
    pub(crate) text: String,
}

impl Answer {
    /// The error code, if it is an error.
    pub(crate) fn code(&self) -> &str {
        self.json["error"]["code"].as_str().unwrap_or("")
    }

    /// Panics unless the status is `status`.
    #[track_caller]
    /// Panics, showing the body, unless the body contains `needle`.
    pub(crate) fn has(&self, needle: &str) {
        assert!(self.text.contains(needle), "{}", self.text);
    }

    pub(crate) fn expect(self, status: u16) -> Answer {
        assert_eq!(self.status.as_u16(), status, "{}", self.text);
        self
    }
}

/// A request to send.
pub(crate) struct Call {
    method: Method,
    path: String,
    auth: Auth,
    body: Option<(String, Vec<u8>)>,
    headers: Vec<(String, String)>,
}

impl Call {
    pub(crate) fn new(method: Method, path: impl Into<String>, auth: &Auth) -> Call {
        Call {
            method,
            path: path.into(),
            auth: auth.clone(),
            body: None,
            headers: Vec::new(),
        }
    }

    pub(crate) fn json(mut self, value: Value) -> Call {
        self.body = Some(("application/json".into(), value.to_string().into_bytes()));
        self
    }

    pub(crate) fn raw(mut self, content_type: &str, body: impl Into<Vec<u8>>) -> Call {
        self.body = Some((content_type.into(), body.into()));
        self
    }

    pub(crate) fn header(mut self, name: &str, value: &str) -> Call {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// Leaves the CSRF header out (of a cookie request).
    pub(crate) fn without_csrf(mut self) -> Call {
        if let Auth::Cookie { cookie, .. } = &self.auth {
            self.auth = Auth::Cookie {
                cookie: cookie.clone(),
                csrf: String::new(),
            };
        }
        self
    }

    pub(crate) fn request(self) -> Request<Body> {
        let mut r = Request::builder().method(self.method).uri(self.path);
        match &self.auth {
            Auth::Anonymous => {}
            Auth::Bearer(token) => r = r.header(header::AUTHORIZATION, format!("Bearer {token}")),
            Auth::Cookie { cookie, csrf } => {
                r = r.header(header::COOKIE, format!("theme=dark; {cookie}"));
                if !csrf.is_empty() {
                    r = r.header("x-csrf-token", csrf);
                }
            }
        }
        for (name, value) in &self.headers {
            r = r.header(name, value);
        }
        match self.body {
            Some((content_type, bytes)) => r
                .header(header::CONTENT_TYPE, content_type)
                .body(Body::from(bytes))
                .unwrap(),
            None => r.body(Body::empty()).unwrap(),
        }
    }
}

/// GETs `path` from `router` as `auth`.
pub(crate) async fn get(router: &Router, path: impl Into<String>, auth: &Auth) -> Answer {
    send(router, Call::new(Method::GET, path, auth)).await
}

/// Sends `call` to `router`.
pub(crate) async fn send(router: &Router, call: Call) -> Answer {
    let response = router.clone().oneshot(call.request()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Answer {
        status,
        headers,
        json,
        text,
    }
}

/// One seat: its invitation id and token, and a cookie session.
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    pub(crate) invite: String,
    pub(crate) token: String,
    pub(crate) session: Auth,
}

impl Seat {
    /// A new invitation to `campaign` as `body` asks, made by its GM
    /// (`gm`), and joined.
    pub(crate) async fn invited(router: &Router, campaign: &str, gm: &Auth, body: Value) -> Seat {
        let made = send(
            router,
            Call::new(
                Method::POST,
                format!("/api/campaigns/{campaign}/invites"),
                gm,
            )
            .json(body),
        )
        .await
        .expect(201);
        let token = made.json["token"].as_str().unwrap().to_string();
        let session = join(router, &token).await;
        Seat {
            invite: made.json["invite"]["id"].as_str().unwrap().to_string(),
            token,
            session,
        }
    }

    pub(crate) fn bearer(&self) -> Auth {
        Auth::Bearer(self.token.clone())
    }
}

/// A campaign with its seats.
pub(crate) struct Table {
    pub(crate) state: AppState,
    pub(crate) router: Router,
    pub(crate) campaign: String,
    pub(crate) gm: Seat,
    pub(crate) alice: Seat,
    pub(crate) bob: Seat,
    pub(crate) spectator: Seat,
}

impl Table {
    /// A new campaign on `db` with a GM, Alice (slot `vex`), Bob and a
    /// spectator, each with a session.
    pub(crate) async fn new(db: Db) -> Table {
        Table::with_config(db, Config::default()).await
    }

    pub(crate) async fn with_config(db: Db, config: Config) -> Table {
        Table::build(db, config, "compound-x", "The Depot", "vex").await
    }

    /// A new D20 campaign on `db`, seated as [`Table::new`]'s but with
    /// Alice's slot `kara`.
    pub(crate) async fn d20(db: Db) -> Table {
        Table::d20_with_config(db, Config::default()).await
    }

    /// [`Table::d20`] with `config`.
    pub(crate) async fn d20_with_config(db: Db, config: Config) -> Table {
        Table::build(db, config, "d20", "The Ford Road", "kara").await
    }

    /// A new campaign of the registered ruleset `ruleset`, seated as
    /// [`Table::new`]'s (Alice's slot `ann`).
    pub(crate) async fn plugged(db: Db, ruleset: &str) -> Table {
        Table::build(db, Config::default(), ruleset, "The Yard", "ann").await
    }

    async fn build(db: Db, config: Config, ruleset: &str, name: &str, slot: &str) -> Table {
        let state = state(&db, config).await;
        let router = app(state.clone());
        let made = state.create_campaign_under(name, ruleset).await.unwrap();
        let campaign = made.id.clone();
        let gm_session = join(&router, &made.gm_token).await;
        let mut table = Table {
            state,
            router,
            campaign,
            gm: Seat {
                invite: made.gm_invite.clone(),
                token: made.gm_token.clone(),
                session: gm_session,
            },
            alice: placeholder(),
            bob: placeholder(),
            spectator: placeholder(),
        };
        table.alice = table
            .invite(json!({"role": "player", "slot": slot, "label": "Alice"}))
            .await;
        table.bob = table
            .invite(json!({"role": "player", "label": "Bob"}))
            .await;
        table.spectator = table.invite(json!({"role": "spectator"})).await;
        table
    }

    /// A new invitation, joined.
    pub(crate) async fn invite(&self, body: Value) -> Seat {
        Seat::invited(&self.router, &self.campaign, &self.gm.session, body).await
    }

    pub(crate) fn path(&self, rest: &str) -> String {
        format!("/api/campaigns/{}{rest}", self.campaign)
    }

    pub(crate) fn get(&self, path: &str, auth: &Auth) -> Call {
        Call::new(Method::GET, path, auth)
    }

    pub(crate) fn post(&self, path: &str, auth: &Auth) -> Call {
        Call::new(Method::POST, path, auth)
    }

    pub(crate) async fn send(&self, call: Call) -> Answer {
        send(&self.router, call).await
    }

    /// Uploads a character file as `auth`.
    pub(crate) async fn upload(&self, auth: &Auth, id: &str, toml: &str) -> Answer {
        self.send(
            self.post(&self.path(&format!("/characters?id={id}")), auth)
                .raw("application/toml", toml),
        )
        .await
    }

    /// Opens an encounter (GM); returns its id.
    pub(crate) async fn encounter(&self, name: &str) -> String {
        let made = self
            .send(
                self.post(&self.path("/encounters"), &self.gm.session)
                    .json(json!({ "name": name })),
            )
            .await
            .expect(201);
        made.json["entry"]["encounter"]
            .as_str()
            .unwrap()
            .to_string()
    }

    /// Adds a combatant (GM).
    pub(crate) async fn add(&self, encounter: &str, body: Value) -> Answer {
        let answer = self
            .send(
                self.post(
                    &self.path(&format!("/encounters/{encounter}/combatants")),
                    &self.gm.session,
                )
                .json(body.clone()),
            )
            .await;
        check_request(&self.router, COMBATANTS, &body, &answer).await;
        answer
    }

    /// Adds a combatant (GM), which must enter.
    pub(crate) async fn enter(&self, encounter: &str, body: Value) {
        self.add(encounter, body).await.expect(201);
    }

    /// [`Table::depot`] with Vex (Alice's) aiming: her shot comes next.
    pub(crate) async fn depot_aimed(&self) -> String {
        let e = self.depot().await;
        self.command(
            &e,
            &self.alice.session,
            json!({"command": "aim", "id": "vex"}),
        )
        .await
        .expect(201);
        e
    }

    /// Vex, Alice's character (uploaded already), enters `encounter` for
    /// the players.
    pub(crate) async fn enter_vex(&self, encounter: &str) {
        self.enter(
            encounter,
            json!({"id": "vex", "character": "vex", "side": "players"}),
        )
        .await;
    }

    /// The sample raider enters `encounter` for the raiders.
    pub(crate) async fn enter_raider(&self, encounter: &str) {
        self.enter(
            encounter,
            json!({"id": "raider", "npc": RAIDER, "side": "raiders"}),
        )
        .await;
    }

    /// Gives `command` as the GM; it must be taken.
    pub(crate) async fn by_gm(&self, encounter: &str, command: Value) -> Answer {
        self.command(encounter, &self.gm.session, command)
            .await
            .expect(201)
    }

    /// What encounter `e` awaits, as `auth` sees it (`null`: nothing).
    pub(crate) async fn awaited(&self, e: &str, auth: &Auth) -> Value {
        self.send(self.get(&self.path(&format!("/encounters/{e}/awaited")), auth))
            .await
            .expect(200)
            .json["awaited"]
            .clone()
    }

    /// The GM downs Vex with 500 ballistic damage in encounter `e`,
    /// rolling her armor die for her if it is asked (it is the defender's,
    /// CX-DMG-01).
    pub(crate) async fn down_vex(&self, e: &str) {
        let gm = &self.gm.session;
        let harmed = self
            .by_gm(
                e,
                json!({"command": "harm", "target": "vex", "amount": 500,
                    "damage_type": "ballistic", "apl": 20, "why": "a falling crate"}),
            )
            .await;
        if harmed.json["entry"]["type"] == "dice" {
            let path = self.path(&format!("/encounters/{e}/awaited"));
            self.send(self.post(&path, gm).json(json!({})))
                .await
                .expect(201);
        }
    }

    /// Gives each of `commands` as `auth`; each must be taken.
    pub(crate) async fn commands(
        &self,
        encounter: &str,
        auth: &Auth,
        commands: impl IntoIterator<Item = Value>,
    ) {
        for command in commands {
            self.command(encounter, auth, command).await.expect(201);
        }
    }

    /// Ends the turn as `auth` (`clock next_turn`).
    pub(crate) async fn next_turn(&self, encounter: &str, auth: &Auth) -> Answer {
        self.command(encounter, auth, next_turn()).await
    }

    /// The call that ends the turn as `auth`, to send elsewhere.
    pub(crate) fn next_turn_call(&self, encounter: &str, auth: &Auth) -> Call {
        self.command_call(encounter, auth, next_turn())
    }

    /// Vex and the raider `metres` apart, Vex's initiative 80 and the
    /// raider's 50, the fight begun: Vex acts first.
    pub(crate) async fn vex_first(&self, encounter: &str, metres: u32) {
        self.vex_ahead(encounter, metres).await;
        self.begin(encounter).await;
    }

    /// Vex and the raider `metres` apart, Vex's initiative 80 and the
    /// raider's 50 (the GM's), the fight not begun.
    pub(crate) async fn vex_ahead(&self, encounter: &str, metres: u32) {
        self.commands(
            encounter,
            &self.gm.session,
            [
                json!({"command": "distance", "a": "vex", "b": "raider", "metres": metres}),
                json!({"command": "clock", "clock": "set_initiative", "id": "vex", "total": 80}),
                json!({"command": "clock", "clock": "set_initiative", "id": "raider", "total": 50}),
            ],
        )
        .await;
    }

    /// The GM begins the fight, nobody surprised, with physical dice.
    pub(crate) async fn begin(&self, encounter: &str) {
        self.physically(
            encounter,
            &self.gm.session,
            json!({"command": "clock", "clock": "begin", "surprise": []}),
        )
        .await
        .expect(201);
    }

    /// The GM takes back the encounter's last command.
    pub(crate) async fn undo(&self, encounter: &str) -> Answer {
        self.gm_posts(&format!("/encounters/{encounter}/undo"))
            .await
    }

    /// The GM starts a play session.
    pub(crate) async fn start_play_session(&self) -> Answer {
        self.gm_posts("/play-sessions").await
    }

    /// The GM ends the open play session.
    pub(crate) async fn end_play_session(&self) -> Answer {
        self.gm_posts("/play-sessions/end").await
    }

    /// The GM posts an empty object to the campaign's `rest`.
    async fn gm_posts(&self, rest: &str) -> Answer {
        self.send(
            self.post(&self.path(rest), &self.gm.session)
                .json(json!({})),
        )
        .await
    }

    /// Sends a command as `auth`, and checks it against the document's
    /// request schema ([`check_request`]).
    pub(crate) async fn command(&self, encounter: &str, auth: &Auth, command: Value) -> Answer {
        let answer = self
            .send(self.command_call(encounter, auth, command.clone()))
            .await;
        check_request(&self.router, COMMANDS, &command, &answer).await;
        answer
    }

    pub(crate) fn command_call(&self, encounter: &str, auth: &Auth, command: Value) -> Call {
        self.post(
            &self.path(&format!("/encounters/{encounter}/commands")),
            auth,
        )
        .json(command)
    }

    /// Sends a command as `auth` with physical dice: starts with none and
    /// adds a 5 (or the die's top face, if smaller) for each die the server
    /// names as needed, until the engine accepts or refuses it.
    pub(crate) async fn physically(&self, encounter: &str, auth: &Auth, command: Value) -> Answer {
        let mut dice: Vec<u32> = Vec::new();
        loop {
            let mut body = command.clone();
            body["dice"] = json!(dice);
            let answer = self.command(encounter, auth, body).await;
            if answer.code() != "dice_needed" {
                return answer;
            }
            let sides = answer.json["error"]["needed"]["sides"].as_u64().unwrap() as u32;
            dice.push(5.min(sides));
            assert!(dice.len() < 50, "runaway dice: {}", answer.text);
        }
    }

    /// The encounter as `auth` sees it.
    pub(crate) async fn view(&self, encounter: &str, auth: &Auth) -> Value {
        self.send(self.get(&self.path(&format!("/encounters/{encounter}")), auth))
            .await
            .expect(200)
            .json
    }

    /// The depot scene: Vex (Alice's character) against a raider and a
    /// scav the clock hides from the players; distances set, initiative
    /// set (Vex first), the fight begun. Returns the encounter id.
    pub(crate) async fn depot(&self) -> String {
        self.upload(&self.alice.session, "vex", VEX)
            .await
            .expect(201);
        let e = self.encounter("Ambush at the depot").await;
        self.enter(
            &e,
            json!({"id": "vex", "character": "vex", "side": "players", "cover": "partial"}),
        )
        .await;
        self.enter_raider(&e).await;
        self.enter(
            &e,
            json!({"id": "scav", "npc": SCAV, "side": "raiders", "hidden": true, "cover": "full", "stance": "crouched"}),
        )
        .await;
        let gm = &self.gm.session;
        self.commands(
            &e,
            gm,
            [
                json!({"command": "distance", "a": "vex", "b": "raider", "metres": 15}),
                json!({"command": "distance", "a": "vex", "b": "scav", "metres": 25}),
                json!({"command": "clock", "clock": "set_initiative", "id": "vex", "total": 80}),
                json!({"command": "clock", "clock": "set_initiative", "id": "raider", "total": 50}),
                json!({"command": "clock", "clock": "set_initiative", "id": "scav", "total": 55}),
            ],
        )
        .await;
        self.begin(&e).await;
        e
    }
}

fn placeholder() -> Seat {
    Seat {
        invite: String::new(),
        token: String::new(),
        session: Auth::Anonymous,
    }
}

/// Joins with `token`: the session cookie and CSRF token.
pub(crate) async fn join(router: &Router, token: &str) -> Auth {
    let answer = send(
        router,
        Call::new(Method::POST, "/api/join", &Auth::Anonymous).json(json!({ "token": token })),
    )
    .await
    .expect(200);
    let set = answer.headers[header::SET_COOKIE].to_str().unwrap();
    let cookie = set.split(';').next().unwrap().to_string();
    Auth::Cookie {
        cookie,
        csrf: answer.json["csrf_token"].as_str().unwrap().to_string(),
    }
}

/// Runs each named test against SQLite, and against PostgreSQL when a
/// server is given.
#[macro_export]
macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sqlite_backend {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::server::support::sqlite()).await;
                }
            )*
        }
        mod postgres_backend {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(db) = $crate::server::support::postgres().await {
                        super::$name(db).await;
                    }
                }
            )*
        }
    };
}

/// The export of `campaign` from the database at `url`.
pub(crate) async fn export(url: &str, campaign: &str) -> nanite_store::Export {
    nanite_server::transfer::export(url, &[campaign.to_string()])
        .await
        .unwrap()
}

/// Importing `export` without its packs is refused, saying why.
pub(crate) async fn refused_without_packs(export: &nanite_store::Export) {
    let mut bare = export.clone();
    bare.records.retain(|r| !r.collection.starts_with("packs:"));
    let refused = nanite_server::transfer::import(&sqlite().0, &bare, false)
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("pack"), "{refused}");
}

/// Whether `export` carries the packs of `campaign`.
pub(crate) fn carries_packs(export: &nanite_store::Export, campaign: &str) -> bool {
    export
        .records
        .iter()
        .any(|r| r.collection == format!("packs:{campaign}"))
}

/// The ids of the tokens on the battle map of `view`, in its order.
pub(crate) fn tokens(view: &Value) -> Vec<String> {
    view["map"]["tokens"]
        .as_array()
        .map(|ts| {
            ts.iter()
                .map(|t| t["id"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The combatant `id` in `view`, if it is there.
pub(crate) fn combatant<'a>(view: &'a Value, id: &str) -> Option<&'a Value> {
    view["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
}
