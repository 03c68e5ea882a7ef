//! The Station endpoints in the OpenAPI document.

use serde_json::{Map, Value, json};

use crate::openapi::{body, error, idempotency, object, ok, op, path};

/// The Station paths, for the document's `paths`.
pub(crate) fn paths() -> Map<String, Value> {
    let campaign = path("campaign", "the campaign id (a Station campaign)");
    let game = path("game", "the game id");
    let command = json!({
        "description": "A Station command as `nanite station play` gives it, in the engine's JSON: \"Begin\", \"EndTurn\", {\"Move\": {\"who\": \"ana\", \"to\": {\"x\": 3, \"y\": 4}}}, {\"Attack\": {\"who\": \"ana\", \"target\": \"c1\", \"aim\": 0}}, {\"Deploy\": {\"creature\": \"crawler\", \"at\": {\"x\": 20, \"y\": 2}}}, {\"Hack\": {\"who\": \"ana\", \"at\": {\"x\": 18, \"y\": 2}}}, ... (docs/server.md lists them)"
    });
    let wrong = error("the campaign plays another ruleset (wrong_ruleset)");
    let mut out = Map::new();
    out.insert(
        "/api/campaigns/{campaign}/station/scenarios".into(),
        json!({ "get": op("The sample scenarios a game can start from", "any participant", json!({
            "parameters": [campaign],
            "responses": { "200": ok("{scenarios: [{id, name, kind, crew}]}"), "409": wrong }
        })) }),
    );
    out.insert(
        "/api/campaigns/{campaign}/station/games".into(),
        json!({
            "get": op("The campaign's Station games", "any participant", json!({
                "parameters": [campaign],
                "responses": { "200": ok("{games: [{id, name, scenario, kind, phase, winner, turn}]}") }
            })),
            "post": op("Start a game from a sample scenario or a scenario's text", "GM", json!({
                "parameters": [campaign, idempotency()],
                "description": "Who: GM. Give `sample` (an id from .../station/scenarios) or `scenario` (the text of a scenario file, docs/station/scenario.md, with an optional `file` name). The text is checked as `nanite station check` checks it: a 422 invalid_scenario lists every problem with its line in `diagnostics`, and nothing is kept. In a single-player scenario the automated GM sets up at once.",
                "requestBody": body(object(&[], json!({
                    "name": { "type": "string" },
                    "sample": { "type": "string" },
                    "scenario": { "type": "string" },
                    "file": { "type": "string" }
                }))),
                "responses": { "201": ok("{version, replayed, entry: {type: station_started, game, name, scenario, moves}}"), "409": wrong }
            }))
        }),
    );
    out.insert(
        "/api/campaigns/{campaign}/station/games/{game}".into(),
        json!({ "get": op("A game as you may see it", "any participant", json!({
            "parameters": [campaign, game],
            "description": "Who: any participant. The map (tiles, light, doors with their locks, cameras and turrets with the squares they see, stations, machines, upgrade units, switches, searchables, goals), the crew (stats, AP, inventory, seat, `yours`), the creatures with their HP, the threat level, alarm (turns left), security_down (turns a hacked security station keeps cameras and turrets off) and cards, the objectives and the log. Only the GM sees the creature points (gm.bcp, gm.mcp), which creatures know where the crew is, the commands' dice and `can_undo`.",
            "responses": { "200": ok("the game") }
        })) }),
    );
    out.insert(
        "/api/campaigns/{campaign}/station/games/{game}/seats".into(),
        json!({ "post": op("Seat a player at a crew member, claim one, or free one", "GM; a player for a free crew member or their own", json!({
            "parameters": [campaign, game, idempotency()],
            "requestBody": body(object(&["crew"], json!({
                "crew": { "type": "string" },
                "seat": { "type": "string", "description": "GM: a player invitation's id" },
                "free": { "type": "boolean" }
            }))),
            "responses": { "201": ok("{version, replayed, entry: {type: station_seated, crew, seat}}"), "409": error("the crew member is someone else's (crew_taken) or already yours") }
        })) }),
    );
    out.insert(
        "/api/campaigns/{campaign}/station/games/{game}/commands".into(),
        json!({ "post": op("One command, decided by the engine", "GM: any; a player: for their own crew member, in the players' turn (EndTurn when seated); spectators: none", json!({
            "parameters": [campaign, game, idempotency()],
            "requestBody": body(object(&["command"], json!({ "command": command }))),
            "responses": {
                "201": ok("{version, replayed, entry: {type: station_played, moves: [{command, by_engine, lines}], lines}}; in a single-player scenario the automated GM's answer comes in the same entry"),
                "403": error("not your crew member (not_your_crew), not the players' turn (not_your_turn), the GM's command (gm_only), spectators_watch")
            }
        })) }),
    );
    out.insert(
        "/api/campaigns/{campaign}/station/games/{game}/undo".into(),
        json!({ "post": op("Take back the game's last change", "GM", json!({
            "parameters": [campaign, game, idempotency()],
            "requestBody": body(object(&[], json!({}))),
            "responses": { "201": ok("{version, replayed, entry: {type: station_undone, commands}}"), "422": error("nothing to take back (nothing_to_undo)") }
        })) }),
    );
    out
}
