//! The served OpenAPI document against the router and the real answers:
//! every `/api` route is in it with exactly the methods it serves, every
//! body it describes is a named schema, and answers of each ruleset (a
//! Compound X fight and its choices, a D20 fight, a Station game, rolls,
//! characters, errors) validate against the schemas it gives for them.

use axum::http::Method;
use serde_json::{Value, json};

use super::d20::ford;
use super::station::Station;
use super::support::{Answer, Auth, Call, Db, Table, send};
use crate::both;

/// The methods a route may serve.
const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// The served document.
async fn document(router: &axum::Router) -> Value {
    send(
        router,
        Call::new(Method::GET, "/api/openapi.json", &Auth::Anonymous),
    )
    .await
    .expect(200)
    .json
}

/// `path` with its parameters filled in.
fn concrete(path: &str, campaign: &str) -> String {
    path.replace("{campaign}", campaign)
        .replace("{encounter}", "e-0")
        .replace("{character}", "vex")
        .replace("{invite}", "i-0")
        .replace("{game}", "g-0")
        .replace("{session}", "1")
}

/// Whether the router routed the request (any answer but "no such
/// endpoint" or "method not allowed").
fn routed(answer: &Answer) -> bool {
    answer.status.as_u16() != 405
        && !answer.json["error"]["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("no such endpoint")
}

async fn every_api_route_is_in_the_document_with_its_methods(db: Db) {
    let t = Table::new(db).await;
    let doc = document(&t.router).await;
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() >= 27, "{} paths", paths.len());
    for (path, item) in paths {
        assert!(path.starts_with("/api/"), "{path} is outside /api");
        let documented: Vec<&str> = METHODS
            .into_iter()
            .filter(|m| item.get(*m).is_some())
            .collect();
        assert!(!documented.is_empty(), "{path} has no operation");
        for method in METHODS {
            let call = Call::new(
                method.to_uppercase().parse().unwrap(),
                concrete(path, &t.campaign),
                &t.gm.bearer(),
            );
            let answer = t.send(call).await;
            if documented.contains(&method) {
                assert!(routed(&answer), "{method} {path}: {}", answer.text);
            } else {
                assert_eq!(
                    answer.code(),
                    "method_not_allowed",
                    "{method} {path} is served but not documented: {}",
                    answer.text
                );
            }
        }
        // Nothing is served between a documented path and its parent that
        // the document leaves out.
        let parent = &path[..path.rfind('/').unwrap()];
        if !paths.contains_key(parent) && parent != "/api" {
            for method in METHODS {
                let call = Call::new(
                    method.to_uppercase().parse().unwrap(),
                    concrete(parent, &t.campaign),
                    &t.gm.bearer(),
                );
                let answer = t.send(call).await;
                assert_eq!(
                    answer.status.as_u16(),
                    404,
                    "{method} {parent}: {}",
                    answer.text
                );
            }
        }
    }
}

/// Every `application/json` (or TOML) schema of requests and answers in
/// `doc`, with where it is.
fn bodies(doc: &Value) -> Vec<(String, &Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for (kind, content) in op["requestBody"]["content"]
                .as_object()
                .into_iter()
                .flatten()
            {
                out.push((
                    format!("{method} {path} request {kind}"),
                    &content["schema"],
                ));
            }
            for (status, answer) in op["responses"].as_object().unwrap() {
                for (kind, content) in answer["content"].as_object().into_iter().flatten() {
                    out.push((
                        format!("{method} {path} {status} {kind}"),
                        &content["schema"],
                    ));
                }
            }
        }
    }
    out
}

async fn every_body_is_a_named_schema(db: Db) {
    let t = Table::new(db).await;
    let doc = document(&t.router).await;
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let found = bodies(&doc);
    assert!(found.len() > 100, "{} bodies", found.len());
    for (at, schema) in found {
        let name = schema["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .unwrap_or_else(|| panic!("{at}: not a named schema: {schema}"));
        assert!(schemas.contains_key(name), "{at}: no schema {name}");
    }
    // Each operation says who may call it and answers the error shape.
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let said = op["description"].as_str().unwrap_or("");
            assert!(said.starts_with("Who: "), "{method} {path}: {said}");
            assert!(op["summary"].is_string(), "{method} {path}");
            assert_eq!(
                op["responses"]["404"]["content"]["application/json"]["schema"]["$ref"],
                "#/components/schemas/Error",
                "{method} {path}"
            );
        }
    }
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["session"]["in"], "cookie");
    assert_eq!(schemes["session"]["name"], "nanite_session");
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    assert_eq!(doc["paths"]["/api/health"]["get"]["security"], json!([{}]));
}

/// What in `body` does not match the schema the document gives for
/// `method path` answering `status`.
fn mismatches(doc: &Value, method: &str, path: &str, status: u16, body: &Value) -> Vec<String> {
    let op = &doc["paths"][path][method];
    assert!(op.is_object(), "{method} {path} is not in the document");
    let schema = &op["responses"][status.to_string()]["content"]["application/json"]["schema"];
    assert!(
        schema.is_object(),
        "{method} {path} answered {status}, which the document does not describe: {body}"
    );
    // The schema, with the document's components beside it so that its
    // references resolve.
    let mut root = schema.clone();
    root["components"] = doc["components"].clone();
    let validator = jsonschema::validator_for(&root)
        .unwrap_or_else(|e| panic!("{method} {path} {status}: the schema does not compile: {e}"));
    validator
        .iter_errors(body)
        .map(|e| {
            let said: String = e.to_string().chars().take(300).collect();
            format!(
                "at {} (schema {}): {said}",
                e.instance_path(),
                e.schema_path()
            )
        })
        .collect()
}

/// Checks that `answer` is what the document says `method path` answers
/// with its status.
#[track_caller]
fn conforms(doc: &Value, method: &str, path: &str, answer: &Answer) {
    let errors = mismatches(doc, method, path, answer.status.as_u16(), &answer.json);
    assert!(
        errors.is_empty(),
        "{method} {path} {} does not match its schema:\n{}\nanswer: {}",
        answer.status,
        errors.join("\n"),
        answer.text
    );
}

async fn compound_x_answers_match_their_schemas(db: Db) {
    let t = Table::new(db).await;
    let doc = document(&t.router).await;
    let e = t.depot().await;
    let c = |rest: &str| t.path(rest);
    let enc = format!("/encounters/{e}");
    let fired = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0, "mode": "burst", "fire": null, "distance": 15, "cover": null}),
        )
        .await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &fired,
    );
    let rolled = t
        .send(
            t.post(&c("/rolls"), &t.alice.session)
                .json(json!({"expression": "2d10+3 # luck"})),
        )
        .await
        .expect(201);
    conforms(&doc, "post", "/api/campaigns/{campaign}/rolls", &rolled);
    t.send(
        t.post(&c("/rolls"), &t.alice.session)
            .json(json!({"expression": "1d6", "mode": "blind"})),
    )
    .await
    .expect(201);
    // The schemas say something: a view with a field of the wrong type, or
    // without one, or a combatant's numbers half given, does not match.
    let view = t.send(t.get(&c(&enc), &t.gm.session)).await.expect(200);
    let shown = "/api/campaigns/{campaign}/encounters/{encounter}";
    let mut wrong = view.json.clone();
    wrong["round"] = json!("one");
    assert!(!mismatches(&doc, "get", shown, 200, &wrong).is_empty());
    let mut wrong = view.json.clone();
    wrong.as_object_mut().unwrap().remove("combatants");
    assert!(!mismatches(&doc, "get", shown, 200, &wrong).is_empty());
    let mut wrong = view.json.clone();
    wrong["combatants"][0]["hp"] = json!("full");
    assert!(!mismatches(&doc, "get", shown, 200, &wrong).is_empty());
    for seat in [&t.gm, &t.alice, &t.bob, &t.spectator] {
        let auth = &seat.session;
        let view = t.send(t.get(&c(&enc), auth)).await.expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/encounters/{encounter}",
            &view,
        );
        let choices = t
            .send(t.get(&c(&format!("{enc}/choices")), auth))
            .await
            .expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/encounters/{encounter}/choices",
            &choices,
        );
        let rolls = t.send(t.get(&c("/rolls"), auth)).await.expect(200);
        conforms(&doc, "get", "/api/campaigns/{campaign}/rolls", &rolls);
        let characters = t.send(t.get(&c("/characters"), auth)).await.expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/characters",
            &characters,
        );
        let campaign = t.send(t.get(&c(""), auth)).await.expect(200);
        conforms(&doc, "get", "/api/campaigns/{campaign}", &campaign);
        let me = t.send(t.get("/api/me", auth)).await.expect(200);
        conforms(&doc, "get", "/api/me", &me);
        let encounters = t.send(t.get(&c("/encounters"), auth)).await.expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/encounters",
            &encounters,
        );
    }
    let sheet = t
        .send(t.get(&c("/characters/vex"), &t.alice.session))
        .await
        .expect(200);
    conforms(
        &doc,
        "get",
        "/api/campaigns/{campaign}/characters/{character}",
        &sheet,
    );
    let script = t
        .send(
            t.post(&c(&format!("{enc}/script")), &t.gm.session)
                .json(json!({"line": "vex aim"})),
        )
        .await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/script",
        &script,
    );
    let undone = t
        .send(
            t.post(&c(&format!("{enc}/undo")), &t.gm.session)
                .json(json!({})),
        )
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/undo",
        &undone,
    );
    let ended = t
        .send(
            t.post(&c("/play-sessions/end"), &t.gm.session)
                .json(json!({})),
        )
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/play-sessions/end",
        &ended,
    );
    let started = t
        .send(t.post(&c("/play-sessions"), &t.gm.session).json(json!({})))
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/play-sessions",
        &started,
    );
    let revealed = t
        .send(
            t.post(&c("/play-sessions/1/reveal"), &t.gm.session)
                .json(json!({})),
        )
        .await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/play-sessions/{session}/reveal",
        &revealed,
    );
    for auth in [&t.gm.session, &t.bob.session] {
        let sessions = t.send(t.get(&c("/play-sessions"), auth)).await.expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/play-sessions",
            &sessions,
        );
    }
    let sessions = t
        .send(t.get(&c("/play-sessions"), &t.bob.session))
        .await
        .expect(200);
    conforms(
        &doc,
        "get",
        "/api/campaigns/{campaign}/play-sessions",
        &sessions,
    );
    let invites = t
        .send(t.get(&c("/invites"), &t.gm.session))
        .await
        .expect(200);
    conforms(&doc, "get", "/api/campaigns/{campaign}/invites", &invites);
    let invited = t
        .send(
            t.post(&c("/invites"), &t.gm.session)
                .json(json!({"role": "spectator"})),
        )
        .await
        .expect(201);
    conforms(&doc, "post", "/api/campaigns/{campaign}/invites", &invited);
    let id = invited.json["invite"]["id"].as_str().unwrap();
    let relinked = t
        .send(t.post(&c(&format!("/invites/{id}/link")), &t.gm.session))
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/invites/{invite}/link",
        &relinked,
    );
    let revoked = t
        .send(Call::new(
            Method::DELETE,
            c(&format!("/invites/{id}")),
            &t.gm.session,
        ))
        .await
        .expect(200);
    conforms(
        &doc,
        "delete",
        "/api/campaigns/{campaign}/invites/{invite}",
        &revoked,
    );
    let renamed = t
        .send(
            Call::new(Method::PATCH, c(""), &t.gm.session)
                .json(json!({"name": "The Depot, again"})),
        )
        .await
        .expect(200);
    conforms(&doc, "patch", "/api/campaigns/{campaign}", &renamed);
    let made = t
        .send(
            t.post("/api/campaigns", &t.gm.session)
                .json(json!({"name": "Another", "ruleset": "d20"})),
        )
        .await
        .expect(201);
    conforms(&doc, "post", "/api/campaigns", &made);
    let list = t
        .send(t.get("/api/campaigns", &t.gm.session))
        .await
        .expect(200);
    conforms(&doc, "get", "/api/campaigns", &list);
    let health = t
        .send(t.get("/api/health", &Auth::Anonymous))
        .await
        .expect(200);
    conforms(&doc, "get", "/api/health", &health);
}

async fn d20_answers_match_their_schemas(db: Db) {
    let t = Table::d20(db).await;
    let doc = document(&t.router).await;
    let e = ford(&t).await;
    let enc = format!("/encounters/{e}");
    let moved = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "move", "id": "kara", "to": [{"x": 2, "y": 1}]}),
        )
        .await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &moved,
    );
    for seat in [&t.gm, &t.alice, &t.spectator] {
        let view = t
            .send(t.get(&t.path(&enc), &seat.session))
            .await
            .expect(200);
        assert_eq!(view.json["ruleset"], "d20");
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/encounters/{encounter}",
            &view,
        );
        let choices = t
            .send(t.get(&t.path(&format!("{enc}/choices")), &seat.session))
            .await
            .expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/encounters/{encounter}/choices",
            &choices,
        );
    }
    let sheet = t
        .send(t.get(&t.path("/characters/kara"), &t.alice.session))
        .await
        .expect(200);
    conforms(
        &doc,
        "get",
        "/api/campaigns/{campaign}/characters/{character}",
        &sheet,
    );
}

async fn station_answers_match_their_schemas(db: Db) {
    let s = Station::new(db).await;
    let doc = document(&s.router).await;
    let scenarios = s
        .send(s.get("/station/scenarios", &s.gm.session))
        .await
        .expect(200);
    conforms(
        &doc,
        "get",
        "/api/campaigns/{campaign}/station/scenarios",
        &scenarios,
    );
    let sample = scenarios.json["scenarios"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let started = s
        .send(
            s.post("/station/games", &s.gm.session)
                .json(json!({ "sample": sample })),
        )
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/station/games",
        &started,
    );
    let game = started.json["entry"]["game"].as_str().unwrap().to_string();
    let seated = s
        .send(
            s.post(&format!("/station/games/{game}/seats"), &s.alice.session)
                .json(json!({"crew": "ana"})),
        )
        .await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/station/games/{game}/seats",
        &seated,
    );
    let began = s.command(&game, &s.gm.session, json!("Begin")).await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/station/games/{game}/commands",
        &began,
    );
    let ended = s.command(&game, &s.gm.session, json!("EndTurn")).await;
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/station/games/{game}/commands",
        &ended,
    );
    for seat in [&s.gm, &s.alice, &s.spectator] {
        let view = s
            .send(s.get(&format!("/station/games/{game}"), &seat.session))
            .await
            .expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/station/games/{game}",
            &view,
        );
        let games = s
            .send(s.get("/station/games", &seat.session))
            .await
            .expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/station/games",
            &games,
        );
        let campaign = s.send(s.get("", &seat.session)).await.expect(200);
        conforms(&doc, "get", "/api/campaigns/{campaign}", &campaign);
        let rolls = s.send(s.get("/rolls", &seat.session)).await.expect(200);
        conforms(&doc, "get", "/api/campaigns/{campaign}/rolls", &rolls);
    }
    let undone = s
        .send(
            s.post(&format!("/station/games/{game}/undo"), &s.gm.session)
                .json(json!({})),
        )
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/station/games/{game}/undo",
        &undone,
    );
}

async fn errors_match_the_error_schema(db: Db) {
    let t = Table::new(db).await;
    let doc = document(&t.router).await;
    let e = t.depot().await;
    let c = |rest: &str| t.path(rest);
    // 404, 403, 422 with the rules' refusal, 422 with a line's column, 422
    // with a file's diagnostics, 409.
    let missing = t
        .send(t.get(&c("/encounters/e-none"), &t.gm.session))
        .await
        .expect(404);
    conforms(
        &doc,
        "get",
        "/api/campaigns/{campaign}/encounters/{encounter}",
        &missing,
    );
    let watching = t
        .command(
            &e,
            &t.spectator.session,
            json!({"command": "aim", "id": "vex"}),
        )
        .await
        .expect(403);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &watching,
    );
    let refused = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "reload", "id": "raider", "weapon": 7}),
        )
        .await
        .expect(422);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &refused,
    );
    let unread = t
        .send(
            t.post(&c(&format!("/encounters/{e}/script")), &t.gm.session)
                .json(json!({"line": "vex fire"})),
        )
        .await
        .expect(422);
    assert!(
        unread.json["error"]["line"]["column"].is_number(),
        "{}",
        unread.text
    );
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/script",
        &unread,
    );
    let bad_file = t
        .upload(&t.gm.session, "junk", "name = 3")
        .await
        .expect(422);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/characters",
        &bad_file,
    );
    let taken = t
        .upload(&t.gm.session, "vex", super::support::VEX)
        .await
        .expect(409);
    conforms(&doc, "post", "/api/campaigns/{campaign}/characters", &taken);
    let own = t
        .send(Call::new(
            Method::DELETE,
            c(&format!("/invites/{}", t.gm.invite)),
            &t.gm.session,
        ))
        .await
        .expect(409);
    conforms(
        &doc,
        "delete",
        "/api/campaigns/{campaign}/invites/{invite}",
        &own,
    );
    let anonymous = t.send(t.get(&c(""), &Auth::Anonymous)).await.expect(401);
    conforms(&doc, "get", "/api/campaigns/{campaign}", &anonymous);
}

both!(
    every_api_route_is_in_the_document_with_its_methods,
    every_body_is_a_named_schema,
    compound_x_answers_match_their_schemas,
    d20_answers_match_their_schemas,
    station_answers_match_their_schemas,
    errors_match_the_error_schema,
);
