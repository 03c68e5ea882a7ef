//! The OpenAPI 3 document of the JSON API, written by hand: every endpoint,
//! who may call it, what it takes and what it answers.

use axum::Json;
use serde_json::{Value, json};

/// Every route the API serves, with its methods, in the document's order.
#[cfg(test)]
const ROUTES: &[(&str, &[&str])] = &[
    ("/api/health", &["get"]),
    ("/api/openapi.json", &["get"]),
    ("/api/join", &["post"]),
    ("/api/me", &["get"]),
    ("/api/campaigns", &["get", "post"]),
    ("/api/campaigns/{campaign}", &["get", "patch"]),
    ("/api/campaigns/{campaign}/invites", &["get", "post"]),
    ("/api/campaigns/{campaign}/invites/{invite}", &["delete"]),
    ("/api/campaigns/{campaign}/characters", &["get", "post"]),
    (
        "/api/campaigns/{campaign}/characters/{character}",
        &["get", "put"],
    ),
    ("/api/campaigns/{campaign}/encounters", &["get", "post"]),
    ("/api/campaigns/{campaign}/encounters/{encounter}", &["get"]),
    (
        "/api/campaigns/{campaign}/encounters/{encounter}/combatants",
        &["post"],
    ),
    (
        "/api/campaigns/{campaign}/encounters/{encounter}/commands",
        &["post"],
    ),
    (
        "/api/campaigns/{campaign}/encounters/{encounter}/choices",
        &["get"],
    ),
    (
        "/api/campaigns/{campaign}/encounters/{encounter}/script",
        &["post"],
    ),
    (
        "/api/campaigns/{campaign}/encounters/{encounter}/undo",
        &["post"],
    ),
    ("/api/campaigns/{campaign}/rolls", &["get", "post"]),
    ("/api/campaigns/{campaign}/play-sessions", &["get", "post"]),
    ("/api/campaigns/{campaign}/play-sessions/end", &["post"]),
    ("/api/campaigns/{campaign}/live", &["get"]),
    ("/api/campaigns/{campaign}/station/scenarios", &["get"]),
    ("/api/campaigns/{campaign}/station/games", &["get", "post"]),
    ("/api/campaigns/{campaign}/station/games/{game}", &["get"]),
    (
        "/api/campaigns/{campaign}/station/games/{game}/seats",
        &["post"],
    ),
    (
        "/api/campaigns/{campaign}/station/games/{game}/commands",
        &["post"],
    ),
    (
        "/api/campaigns/{campaign}/station/games/{game}/undo",
        &["post"],
    ),
];

/// `GET /api/openapi.json`.
pub(crate) async fn document() -> Json<Value> {
    Json(spec())
}

pub(crate) fn error(description: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
    })
}

pub(crate) fn ok(description: &str) -> Value {
    json!({ "description": description, "content": { "application/json": { "schema": { "type": "object" } } } })
}

pub(crate) fn body(schema: Value) -> Value {
    json!({ "required": true, "content": { "application/json": { "schema": schema } } })
}

pub(crate) fn object(required: &[&str], properties: Value) -> Value {
    json!({ "type": "object", "additionalProperties": false, "required": required, "properties": properties })
}

pub(crate) fn path(name: &str, what: &str) -> Value {
    json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" }, "description": what })
}

pub(crate) fn idempotency() -> Value {
    json!({
        "name": "Idempotency-Key", "in": "header", "required": false,
        "schema": { "type": "string", "maxLength": 128 },
        "description": "A key per change (a UUID): sending it again returns the first result (200, Idempotent-Replayed: true) and fires nothing; the same key with another request is a 409."
    })
}

/// A standard operation: who may call it and the usual errors.
pub(crate) fn op(summary: &str, who: &str, mut extra: Value) -> Value {
    let mut o = json!({
        "summary": summary,
        "description": format!("Who: {who}."),
        "responses": {
            "400": error("malformed request (bad JSON)"),
            "401": error("not signed in, or the invitation was revoked"),
            "403": error("not allowed for your role, or the CSRF token is missing"),
            "404": error("no such campaign, encounter or character"),
            "413": error("body over 1 MB"),
            "422": error("well-formed but refused: unknown fields, invalid input, the rules' refusal"),
        }
    });
    if let (Some(o), Some(extra)) = (o.as_object_mut(), extra.as_object_mut()) {
        if let Some(Value::Object(responses)) = extra.remove("responses") {
            if let Some(Value::Object(r)) = o.get_mut("responses") {
                r.extend(responses);
            }
        }
        o.extend(std::mem::take(extra));
    }
    o
}

/// The document.
pub(crate) fn spec() -> Value {
    let mut doc = core_spec();
    if let Some(paths) = doc["paths"].as_object_mut() {
        paths.extend(crate::station::openapi::paths());
    }
    doc
}

fn core_spec() -> Value {
    let campaign = path("campaign", "the campaign id");
    let encounter = path("encounter", "the encounter id");
    let mode = json!({ "type": "string", "enum": ["public", "gm", "blind", "self"] });
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "nanite game-table server",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Campaigns (Compound X or D20), invitations, characters, encounters, a roll log and live updates. Errors are {\"error\": {\"code\", \"message\"}}; see docs/server.md."
        },
        "components": {
            "securitySchemes": {
                "session": { "type": "apiKey", "in": "cookie", "name": "nanite_session",
                    "description": "Set by POST /api/join. Changes also need the X-CSRF-Token header (from /api/join or /api/me)." },
                "bearer": { "type": "http", "scheme": "bearer",
                    "description": "An invitation token, for bots; no CSRF token needed." }
            },
            "schemas": {
                "Error": object(&["error"], json!({
                    "error": object(&["code", "message"], json!({
                        "code": { "type": "string", "example": "not_your_turn" },
                        "message": { "type": "string" }
                    }))
                })),
                "Command": { "type": "object", "required": ["command"],
                    "description": "A command of the campaign's ruleset as its engine reads it from JSON (tag `command`, snake_case). Compound X, e.g. {\"command\":\"fire\",\"id\":\"vex\",\"target\":\"raider\",\"weapon\":0,\"mode\":\"burst\",\"fire\":null,\"distance\":15,\"cover\":null}; D20, e.g. {\"command\":\"attack\",\"id\":\"kara\",\"target\":\"bandit\",\"weapon\":1}, {\"command\":\"move\",\"id\":\"kara\",\"to\":[{\"x\":3,\"y\":2}]}, {\"command\":\"change_row\",\"id\":\"kara\",\"row\":\"back\"}, takedown, change_position, grapple_attack, cast, check, harm, rest, use_kit (docs/server.md). Plus `dice`: the physical dice in the order asked for.",
                    "properties": { "command": { "type": "string" }, "dice": { "type": "array", "items": { "type": "integer" } } } }
            }
        },
        "security": [ { "session": [] }, { "bearer": [] } ],
        "paths": {
            "/api/health": { "get": op("Is the server up", "anyone", json!({ "security": [], "responses": { "200": ok("{\"ok\": true}") } })) },
            "/api/openapi.json": { "get": op("This document", "anyone", json!({ "security": [], "responses": { "200": ok("the OpenAPI document") } })) },
            "/api/join": { "post": op("Join with an invitation token", "anyone holding a token", json!({
                "security": [],
                "requestBody": body(object(&["token"], json!({ "token": { "type": "string" } }))),
                "responses": { "200": ok("the campaign, your role and a csrf_token; Set-Cookie: nanite_session (HttpOnly; SameSite=Strict; Path=/)") }
            })) },
            "/api/me": { "get": op("Who you are (and your CSRF token)", "any participant", json!({ "responses": { "200": ok("campaign, role, invitation, csrf_token") } })) },
            "/api/campaigns": {
                "get": op("Your campaign", "any participant", json!({ "responses": { "200": ok("{campaigns: [...]}") } })),
                "post": op("Create a campaign", "a GM (anyone if the server allows)", json!({
                    "requestBody": body(object(&["name"], json!({
                        "name": { "type": "string" },
                        "ruleset": { "type": "string", "enum": ["compound-x", "d20", "station"], "default": "compound-x" },
                        "house_rules": { "type": "object", "additionalProperties": { "type": "boolean" }, "description": "Compound X only" },
                        "initiative": { "type": "string", "enum": ["combatant", "side"], "description": "D20 only: 1d100 + DEX each (D20-INIT-01) or 1d100 a side (D20-INIT-03)" },
                        "reroll": { "type": "string", "enum": ["each-round", "kept"], "description": "D20 only: rolled every round, or kept for the battle (D20-INIT-02)" }
                    }))),
                    "responses": { "201": ok("the campaign and its GM token and link (shown once)"), "422": error("an unknown ruleset, or settings of another ruleset (not_this_ruleset)") }
                }))
            },
            "/api/campaigns/{campaign}": {
                "get": op("A campaign: ruleset, house rules, encounters, stream version", "any participant", json!({ "parameters": [campaign], "responses": { "200": ok("the campaign") } })),
                "patch": op("Rename, or set house rules (Compound X: secondary_pool, linear_accuracy, crit_round_up, melee_guard, fort_downed) or initiative (D20); the ruleset stays", "GM", json!({
                    "parameters": [campaign],
                    "requestBody": body(object(&[], json!({
                        "name": { "type": "string" },
                        "house_rules": { "type": "object", "additionalProperties": { "type": "boolean" } },
                        "initiative": { "type": "string", "enum": ["combatant", "side"] },
                        "reroll": { "type": "string", "enum": ["each-round", "kept"] }
                    }))),
                    "responses": { "200": ok("the campaign") }
                }))
            },
            "/api/campaigns/{campaign}/invites": {
                "get": op("Every invitation (never tokens)", "GM", json!({ "parameters": [campaign], "responses": { "200": ok("{invites: [...]}") } })),
                "post": op("A new invitation link", "GM", json!({
                    "parameters": [campaign],
                    "requestBody": body(object(&["role"], json!({
                        "role": { "type": "string", "enum": ["gm", "player", "spectator"] },
                        "slot": { "type": "string", "description": "a player's character id" },
                        "label": { "type": "string" }
                    }))),
                    "responses": { "201": ok("the invitation, its token and /join/TOKEN link (shown once)") }
                }))
            },
            "/api/campaigns/{campaign}/invites/{invite}": {
                "delete": op("Revoke an invitation: no joining, its sessions and live connections end", "GM", json!({
                    "parameters": [campaign, path("invite", "the invitation id")],
                    "responses": { "200": ok("the revoked invitation"), "409": error("your own invitation") }
                }))
            },
            "/api/campaigns/{campaign}/characters": {
                "get": op("Character names, marked `mine`", "any participant", json!({ "parameters": [campaign], "responses": { "200": ok("{characters: [...]}") } })),
                "post": op("Upload a TOML character file (checked as `nanite cx check`, or `nanite d20 sheet` in a D20 campaign)", "GM or player (who then owns it)", json!({
                    "parameters": [campaign, { "name": "id", "in": "query", "required": false, "schema": { "type": "string" }, "description": "its id (default: the slot, or from the name)" }],
                    "requestBody": { "required": true, "content": { "application/toml": { "schema": { "type": "string" } } } },
                    "responses": { "201": ok("the character and any warnings"), "409": error("the id is taken"), "422": error("the file's errors, each with its rule, in error.diagnostics") }
                }))
            },
            "/api/campaigns/{campaign}/characters/{character}": {
                "get": op("The file and computed sheet", "its owner or the GM", json!({ "parameters": [campaign, path("character", "the character id")], "responses": { "200": ok("toml, sheet, diagnostics") } })),
                "put": op("Upload or replace a character", "its owner or the GM", json!({
                    "parameters": [campaign, path("character", "the character id")],
                    "requestBody": { "required": true, "content": { "application/toml": { "schema": { "type": "string" } } } },
                    "responses": { "200": ok("replaced"), "201": ok("created") }
                }))
            },
            "/api/campaigns/{campaign}/encounters": {
                "get": op("Encounters", "any participant", json!({ "parameters": [campaign], "responses": { "200": ok("{encounters: [...]}") } })),
                "post": op("Open an encounter", "GM", json!({
                    "parameters": [campaign, idempotency()],
                    "requestBody": body(object(&["name"], json!({
                        "name": { "type": "string" },
                        "field": { "type": "object", "description": "D20 only: {\"field\": \"rows\"} (the default) or {\"field\": \"map\", \"width\": 12, \"height\": 8} (squares of 5 ft, 1 to 40 each way)" }
                    }))),
                    "responses": { "201": ok("{version, replayed, entry}") }
                }))
            },
            "/api/campaigns/{campaign}/encounters/{encounter}": {
                "get": op("The encounter as you may see it: its ruleset, phase, round, active combatant and actions, initiative, combatants, log; Compound X: distances; D20: field, places, movement, grapples, initiative settings", "any participant (cut to the viewer)", json!({
                    "parameters": [campaign, encounter], "responses": { "200": ok("the view") }
                }))
            },
            "/api/campaigns/{campaign}/encounters/{encounter}/combatants": {
                "post": op("Add a combatant from a campaign character or an NPC TOML file", "GM", json!({
                    "parameters": [campaign, encounter, idempotency()],
                    "requestBody": body(object(&["id", "side"], json!({
                        "id": { "type": "string" }, "side": { "type": "string" },
                        "character": { "type": "string" }, "npc": { "type": "string", "description": "TOML" },
                        "hidden": { "type": "boolean" },
                        "cover": { "type": "string", "enum": ["none", "partial", "full"], "description": "Compound X" },
                        "stance": { "type": "string", "description": "Compound X" }, "name": { "type": "string" },
                        "place": { "type": "object", "description": "D20: {\"square\": {\"x\": 2, \"y\": 3}} (required on a grid) or {\"row\": \"front\"|\"back\"} (front by default)" }
                    }))),
                    "responses": { "201": ok("{version, replayed, entry}") }
                }))
            },
            "/api/campaigns/{campaign}/encounters/{encounter}/commands": {
                "post": op("A command for the engine", "GM; a player for their own combatant on its turn or with a reaction", json!({
                    "parameters": [campaign, encounter, idempotency()],
                    "requestBody": body(json!({ "$ref": "#/components/schemas/Command" })),
                    "responses": {
                        "200": ok("a repeated Idempotency-Key: the first result"),
                        "201": ok("{version, replayed, entry}: the log lines you may see"),
                        "409": error("the Idempotency-Key was used for another request"),
                        "422": error("the rules refuse (error.refusal), or physical dice are missing (error.needed names the die by purpose)")
                    }
                }))
            },
            "/api/campaigns/{campaign}/encounters/{encounter}/choices": {
                "get": op("What you may do now (Compound X or D20): each choice's kind, label, actor and target, its command with every parameter at its default, the parameters a form may fill in (field, label, kind whole/one_of/flag/text with their legal values), and the engine's verdict (allowed with its action cost and chance to hit, or refused with code, rule, message and fix); worked out from what you may know only", "any participant", json!({
                    "parameters": [campaign, encounter],
                    "responses": { "200": ok("{version, choices: [{kind, label, actor, target, command, params, verdict}]}") }
                }))
            },
            "/api/campaigns/{campaign}/encounters/{encounter}/script": {
                "post": op("One line of Compound X's text command language (`vex fire burst raider`, as in encounter files and `nanite cx play`; docs/compound-x/encounter-file.md), read by the ruleset's parser and given as the command it reads as, with the same permissions, dice and answers as .../commands", "GM; a player for their own combatant", json!({
                    "parameters": [campaign, encounter, idempotency()],
                    "requestBody": body(object(&["line"], json!({
                        "line": { "type": "string", "maxLength": 1000, "example": "vex fire burst raider" },
                        "dice": { "type": "array", "items": { "type": "integer" }, "description": "physical dice" }
                    }))),
                    "responses": {
                        "201": ok("{version, replayed, entry}: as .../commands"),
                        "422": error("the line does not read (invalid_command_line, with error.line.column and error.line.help), or the rules refuse")
                    }
                }))
            },
            "/api/campaigns/{campaign}/encounters/{encounter}/undo": {
                "post": op("Take back the encounter's last command: the fight is replayed without it (its dice are not rolled again; a play session's roll index stays used)", "GM", json!({
                    "parameters": [campaign, encounter, idempotency()],
                    "requestBody": body(object(&[], json!({}))),
                    "responses": { "201": ok("{version, replayed, entry}: what was taken back"), "422": error("nothing to take back (nothing_to_undo)") }
                }))
            },
            "/api/campaigns/{campaign}/rolls": {
                "get": op("The roll log as you may see it", "any participant", json!({ "parameters": [campaign], "responses": { "200": ok("{rolls: [...]}") } })),
                "post": op("Roll a dice expression", "GM or player (mode gm: the GM only)", json!({
                    "parameters": [campaign, idempotency()],
                    "requestBody": body(object(&["expression"], json!({
                        "expression": { "type": "string", "example": "2d10+12 # strength" },
                        "mode": mode,
                        "dice": { "type": "array", "items": { "type": "integer" }, "description": "physical dice" }
                    }))),
                    "responses": { "201": ok("{version, replayed, entry}"), "429": error("too many rolls from this session; see Retry-After") }
                }))
            },
            "/api/campaigns/{campaign}/play-sessions": {
                "get": op("Every play session: its seed's SHA-256 (commitment), and the seed once it ended", "any participant", json!({ "parameters": [campaign], "responses": { "200": ok("{open, sessions: [{session, commitment, started_version, rolls, open, ended_version?, seed?}]}") } })),
                "post": op("Start a play session: commit to a fresh seed", "GM", json!({
                    "parameters": [campaign, idempotency()],
                    "requestBody": body(object(&[], json!({}))),
                    "responses": { "201": ok("{version, replayed, entry: {type: play_session_started, session, commitment}}"), "409": error("a play session is open (play_session_open)") }
                }))
            },
            "/api/campaigns/{campaign}/play-sessions/end": {
                "post": op("End the open play session: reveal its seed", "GM", json!({
                    "parameters": [campaign, idempotency()],
                    "requestBody": body(object(&[], json!({}))),
                    "responses": { "201": ok("{version, replayed, entry: {type: play_session_ended, session, commitment, seed}}"), "409": error("no play session is open (no_play_session)") }
                }))
            },
            "/api/campaigns/{campaign}/live": {
                "get": op("WebSocket of live updates", "any participant", json!({
                    "parameters": [campaign, { "name": "after", "in": "query", "required": false, "schema": { "type": "integer" }, "description": "the last version you saw" }],
                    "description": "Who: any participant. Upgrades to a WebSocket: the entries after `after` you may see, then {\"type\":\"caught_up\",\"version\":V}, then each new entry as it is committed. Closes with code 4001 when the invitation is revoked.",
                    "responses": { "101": { "description": "switching to WebSocket" } }
                }))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_lists_every_route() {
        let spec = super::spec();
        let paths = spec["paths"].as_object().unwrap();
        assert_eq!(paths.len(), super::ROUTES.len());
        for (path, methods) in super::ROUTES {
            let item = paths
                .get(*path)
                .unwrap_or_else(|| panic!("{path} undocumented"));
            assert_eq!(item.as_object().unwrap().len(), methods.len(), "{path}");
            for m in *methods {
                assert!(item.get(*m).is_some(), "{m} {path}");
            }
        }
    }
}
