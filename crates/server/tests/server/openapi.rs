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
        // The document's own schema is OpenAPI's, not repeated here.
        assert!(
            name == "OpenApiDocument" || !free_form(&schemas[name]),
            "{at}: {name} is a free-form object: {}",
            schemas[name]
        );
    }
    // Nothing in any schema is free-form but the document itself, what
    // the GM's log shows of a command as recorded (the command and the
    // engine's events, kept as the engine wrote them), and a registered
    // ruleset's setup of an encounter (that ruleset's own type, which the
    // server does not know).
    let mut loose = Vec::new();
    for (name, schema) in schemas {
        free_forms(schema, name, &mut loose);
    }
    assert_eq!(
        loose,
        [
            "NewEncounter/properties/setup",
            "OpenApiDocument",
            "OptionalCommandDetails_CommandDetails/properties/events/items",
            "OptionalCommandDetails_CommandDetails/properties/order",
        ],
        "free-form schemas"
    );
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

/// Whether `schema` says nothing of its value but perhaps "an object":
/// no properties, items, values, choices or reference.
fn free_form(schema: &Value) -> bool {
    let Some(map) = schema.as_object() else {
        return schema == &json!(true);
    };
    const SAYS: [&str; 11] = [
        "properties",
        "items",
        "prefixItems",
        "enum",
        "const",
        "allOf",
        "anyOf",
        "oneOf",
        "$ref",
        "not",
        "propertyNames",
    ];
    let typed = match map.get("type") {
        None => false,
        Some(Value::String(t)) => t != "object",
        Some(Value::Array(ts)) => ts.iter().any(|t| t != "object" && t != "null"),
        Some(_) => true,
    };
    let values = map
        .get("additionalProperties")
        .is_some_and(|v| v == &json!(false) || (v.is_object() && !free_form(v)));
    !typed && !values && !map.keys().any(|k| SAYS.contains(&k.as_str()))
}

/// Where in `schema` (named `at`) a value is free-form.
fn free_forms(schema: &Value, at: &str, found: &mut Vec<String>) {
    if free_form(schema) {
        found.push(at.to_string());
        return;
    }
    let Some(map) = schema.as_object() else {
        return;
    };
    for (key, inner) in map {
        match (key.as_str(), inner) {
            ("properties", Value::Object(props)) => {
                for (name, prop) in props {
                    free_forms(prop, &format!("{at}/properties/{name}"), found);
                }
            }
            ("allOf" | "anyOf" | "oneOf" | "prefixItems", Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    free_forms(item, &format!("{at}/{key}/{i}"), found);
                }
            }
            ("items" | "additionalProperties", Value::Object(_)) => {
                free_forms(inner, &format!("{at}/{key}"), found);
            }
            _ => {}
        }
    }
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
    let said = t
        .send(
            t.post(&c("/chat"), &t.alice.session)
                .json(json!({"text": "Hello, table"})),
        )
        .await
        .expect(201);
    conforms(&doc, "post", "/api/campaigns/{campaign}/chat", &said);
    let whispered = t
        .send(
            t.post(&c("/chat"), &t.alice.session)
                .json(json!({"text": "I palm the key", "to": "gm"})),
        )
        .await
        .expect(201);
    conforms(&doc, "post", "/api/campaigns/{campaign}/chat", &whispered);
    let from_sheet = t
        .send(
            t.post(&c("/characters/vex/rolls"), &t.alice.session)
                .json(json!({"roll": {"skill": "awareness"}, "mode": "self"})),
        )
        .await
        .expect(201);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/characters/{character}/rolls",
        &from_sheet,
    );
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
        let chat = t.send(t.get(&c("/chat"), auth)).await.expect(200);
        conforms(&doc, "get", "/api/campaigns/{campaign}/chat", &chat);
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
    // The sheet's schema is the ruleset's sheet, not any object.
    let character = "/api/campaigns/{campaign}/characters/{character}";
    for (field, value) in [
        ("max_hp", json!("lots")),
        ("stats", json!({"STR": "strong"})),
        ("weapons", json!([{"id": "rifle"}])),
    ] {
        let mut wrong = sheet.json.clone();
        wrong["sheet"][field] = value;
        assert!(
            !mismatches(&doc, "get", character, 200, &wrong).is_empty(),
            "{field}"
        );
    }
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
    let character = "/api/campaigns/{campaign}/characters/{character}";
    for (field, value) in [
        ("defense", json!(12)),
        (
            "attributes",
            json!([{"attribute": "LUCK", "score": 10, "bonus": 0}]),
        ),
    ] {
        let mut wrong = sheet.json.clone();
        wrong["sheet"][field] = value;
        assert!(
            !mismatches(&doc, "get", character, 200, &wrong).is_empty(),
            "{field}"
        );
    }
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
        let choices = s
            .send(s.get(&format!("/station/games/{game}/choices"), &seat.session))
            .await
            .expect(200);
        conforms(
            &doc,
            "get",
            "/api/campaigns/{campaign}/station/games/{game}/choices",
            &choices,
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

/// The `command` tags a ruleset's command schema offers (each variant's
/// `command` property, a one-value enum).
fn command_tags(doc: &Value, schema: &str) -> std::collections::BTreeSet<String> {
    fn walk(v: &Value, out: &mut std::collections::BTreeSet<String>) {
        if let Some(tags) = v["properties"]["command"]["enum"].as_array() {
            out.extend(tags.iter().filter_map(Value::as_str).map(String::from));
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            for item in v[key].as_array().into_iter().flatten() {
                walk(item, out);
            }
        }
    }
    let mut out = std::collections::BTreeSet::new();
    walk(&doc["components"]["schemas"][schema], &mut out);
    out
}

/// Sends every command of `commands` as the GM: each is read by the server
/// (accepted, or refused by the rules: not a malformed body) and, through
/// [`Table::command`], matches the document's request schema. Every
/// command kind the ruleset's schema offers is among them.
async fn read_alike(t: &Table, doc: &Value, e: &str, schema: &str, commands: &[Value]) {
    let sent: std::collections::BTreeSet<String> = commands
        .iter()
        .map(|c| c["command"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(sent, command_tags(doc, schema), "the {schema} kinds sent");
    for command in commands {
        let answer = t.command(e, &t.gm.session, command.clone()).await;
        assert!(
            !matches!(
                answer.code(),
                "invalid_field" | "unknown_field" | "malformed_json" | "invalid_json"
            ),
            "{command}: {}",
            answer.text
        );
    }
}

/// Bodies the server refuses as malformed (a field of the wrong type or
/// value, a field missing): none matches the request schema either
/// ([`Table::command`] checks that).
async fn refused_alike(t: &Table, e: &str, commands: &[Value]) {
    for command in commands {
        let answer = t.command(e, &t.gm.session, command.clone()).await;
        assert_eq!(answer.code(), "invalid_field", "{command}: {}", answer.text);
    }
}

async fn compound_x_commands_match_the_request_schema(db: Db) {
    let t = Table::new(db).await;
    let doc = document(&t.router).await;
    let e = t.depot().await;
    read_alike(
        &t,
        &doc,
        &e,
        "CxCommand",
        &[
            json!({"command": "aim", "id": "vex"}),
            json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0, "mode": "burst", "fire": "aimed", "distance": 15, "cover": null}),
            json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0, "mode": "semi"}),
            json!({"command": "stance", "id": "vex", "to": "crouched"}),
            json!({"command": "move", "id": "vex", "metres": 2, "way": {"way": "toward", "id": "raider"}, "sprint": false, "cover": "partial", "concealed": false}),
            json!({"command": "move", "id": "vex", "metres": 1, "way": {"way": "elsewhere"}, "sprint": true, "concealed": false}),
            json!({"command": "jump", "id": "vex", "metres": 1.5, "vertical": false, "run_up": true}),
            json!({"command": "suppress", "id": "vex", "target": "raider", "weapon": 0, "level": "light"}),
            json!({"command": "melee", "id": "vex", "target": "raider", "weapon": null, "kind": "kick", "flanking": false}),
            json!({"command": "grapple", "id": "vex", "target": "raider"}),
            json!({"command": "grapple_act", "id": "vex", "act": {"act": "subdue", "hold": "joint_lock"}}),
            json!({"command": "cook", "id": "vex", "weapon": 0}),
            json!({"command": "throw", "id": "vex", "target": "raider", "weapon": 0, "distance": 10}),
            json!({"command": "penalty_attack", "by": "raider", "target": "vex", "why": "crossed in front"}),
            json!({"command": "crossing", "by": "raider", "target": "vex"}),
            json!({"command": "hold", "id": "vex", "actions": 1, "trigger": "the raider moves"}),
            json!({"command": "treat", "id": "vex", "target": "vex", "wound": null, "medikit": true, "effort": "take50"}),
            json!({"command": "rest", "id": "vex", "long": false}),
            json!({"command": "stay_up", "id": "vex"}),
            json!({"command": "fall", "id": "vex", "metres": 3, "fouled": false}),
            json!({"command": "mend", "id": "vex", "injury": "sprained-ankle"}),
            json!({"command": "clear_jam", "id": "vex", "weapon": 0}),
            json!({"command": "reload", "id": "vex", "weapon": 0}),
            json!({"command": "repair", "id": "vex", "target": "vex", "weapon": 0, "effort": "take100"}),
            json!({"command": "fast_recharge", "id": "vex"}),
            json!({"command": "save", "id": "vex", "condition": "burning"}),
            json!({"command": "stabilize", "id": "vex", "target": "raider", "kit": true, "count_revive": true}),
            json!({"command": "check", "id": "vex", "skill": "athletics", "dc": 40, "hidden": false, "combined_with": "acrobatics"}),
            json!({"command": "act", "id": "vex", "what": "draws a knife", "actions": 1}),
            json!({"command": "harm", "target": "raider", "amount": 5, "damage_type": "laser", "apl": 1, "why": "a live wire"}),
            json!({"command": "heal", "target": "raider", "amount": 3, "why": "a stim"}),
            json!({"command": "afflict", "target": "raider", "condition": "pinned-down", "turns": 2}),
            json!({"command": "cure", "target": "raider", "condition": "pinned-down"}),
            json!({"command": "conceal", "id": "vex", "from": ["raider"], "dc": 60}),
            json!({"command": "reveal", "id": "vex", "to": []}),
            json!({"command": "search", "id": "raider", "target": "vex", "glance": true}),
            json!({"command": "cloak", "id": "vex"}),
            json!({"command": "uncloak", "id": "vex"}),
            json!({"command": "cast", "id": "vex", "spell": "spark", "target": "raider", "cover": null}),
            json!({"command": "distance", "a": "vex", "b": "raider", "metres": 12}),
            json!({"command": "position", "id": "raider", "cover": "full", "stance": null}),
            json!({"command": "roll_initiative", "who": ["raider"]}),
            json!({"command": "clock", "clock": "pin", "id": "vex", "pinned": true}),
            json!({"command": "clock", "clock": "next_turn"}),
            // The battle map (issue 24): a map, a place on it, a walk, a door.
            json!({"command": "map", "layout": {"width": 300, "height": 200, "grid": true,
                "walls": [{"name": "north door", "a": {"x": 0, "y": 100}, "b": {"x": 20, "y": 100}, "kind": "door"}]}}),
            json!({"command": "place", "id": "vex", "at": {"x": 50, "y": 50}}),
            json!({"command": "move_to", "id": "vex", "to": {"x": 60, "y": 50}}),
            json!({"command": "door", "door": "north door", "open": true}),
            json!({"command": "add_wall", "wall": {"name": "screen", "a": {"x": 100, "y": 0}, "b": {"x": 100, "y": 40}, "kind": "partial"}}),
            json!({"command": "remove_wall", "wall": 1}),
            json!({"command": "kill", "target": "raider", "why": "the roof falls in"}),
        ],
    )
    .await;
    refused_alike(
        &t,
        &e,
        &[
            json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0, "mode": "laser"}),
            json!({"command": "fire", "id": "vex", "target": "raider", "mode": "semi"}),
            json!({"command": "move", "id": "vex", "metres": "far", "way": {"way": "elsewhere"}, "sprint": false, "concealed": false}),
            json!({"command": "move", "id": "vex", "metres": 2, "way": {"way": "sideways"}, "sprint": false, "concealed": false}),
            json!({"command": "stance", "id": "vex", "to": "floating"}),
            json!({"command": "teleport", "id": "vex"}),
            json!({"command": "aim", "id": "vex", "dice": ["six"]}),
        ],
    )
    .await;
}

async fn d20_commands_match_the_request_schema(db: Db) {
    let t = Table::d20(db).await;
    let doc = document(&t.router).await;
    let e = ford(&t).await;
    read_alike(
        &t,
        &doc,
        &e,
        "D20Command",
        &[
            json!({"command": "move", "id": "kara", "to": [{"x": 2, "y": 1}]}),
            json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": 0}),
            json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": null}),
            json!({"command": "double_move", "id": "kara"}),
            json!({"command": "change_row", "id": "kara", "row": "back"}),
            json!({"command": "cast", "id": "kara", "magic": "spark", "target": "bandit"}),
            json!({"command": "takedown", "id": "kara", "target": "bandit", "kind": "clinch"}),
            json!({"command": "change_position", "id": "kara", "kind": "scramble"}),
            json!({"command": "grapple_attack", "id": "kara", "kind": "short_strikes"}),
            json!({"command": "release", "id": "kara"}),
            json!({"command": "choose", "id": "kara", "choice": {"choice": "attack", "weapon": null}}),
            json!({"command": "hold", "id": "kara", "trigger": "the bandit moves"}),
            json!({"command": "check", "id": "kara", "skill": null, "attribute": "WIS", "dc": 12, "hidden": true}),
            json!({"command": "harm", "target": "bandit", "amount": 3, "by": "kara", "why": "a falling rock"}),
            json!({"command": "heal", "target": "bandit", "amount": 2, "why": "a potion"}),
            json!({"command": "rest", "id": "kara", "periods": 1}),
            json!({"command": "use_kit", "id": "kara", "target": "kara", "kit": "healing_kit", "max_checks": 3}),
            json!({"command": "position", "id": "bandit", "place": {"square": {"x": 5, "y": 2}}}),
            json!({"command": "roll_initiative", "who": []}),
            json!({"command": "clock", "clock": "hide", "id": "bandit", "hidden": false}),
            json!({"command": "clock", "clock": "end"}),
        ],
    )
    .await;
    refused_alike(
        &t,
        &e,
        &[
            json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": "sword"}),
            json!({"command": "move", "id": "kara"}),
            json!({"command": "move", "id": "kara", "to": [{"x": 2}]}),
            json!({"command": "takedown", "id": "kara", "target": "bandit", "kind": "suplex"}),
            json!({"command": "check", "id": "kara", "attribute": "LUCK", "dc": 12, "hidden": false}),
        ],
    )
    .await;
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
    // The clock's refusal, written as the clock writes it.
    let begun = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "clock", "clock": "begin", "surprise": []}),
        )
        .await
        .expect(422);
    assert_eq!(begun.json["error"]["refusal"]["refusal"], "already_begun");
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &begun,
    );
    // The die still needed, and the dice asked for.
    let short = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0, "mode": "semi", "dice": []}),
        )
        .await
        .expect(422);
    assert_eq!(short.code(), "dice_needed", "{}", short.text);
    conforms(
        &doc,
        "post",
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &short,
    );
    let mut wrong = short.json.clone();
    wrong["error"]["needed"]["sides"] = json!("ten");
    assert!(
        !mismatches(
            &doc,
            "post",
            "/api/campaigns/{campaign}/encounters/{encounter}/commands",
            422,
            &wrong
        )
        .is_empty()
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
    compound_x_commands_match_the_request_schema,
    d20_commands_match_the_request_schema,
    errors_match_the_error_schema,
);
