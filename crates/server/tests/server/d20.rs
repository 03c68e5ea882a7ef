//! D20 campaigns: created with their ruleset and initiative settings, D20
//! character files checked as `nanite d20` checks them, encounters on a
//! grid or in rows driven by the engine's commands, each role's permissions
//! and view, idempotency, physical dice, and the seeded dice `verify`
//! derives again.

use axum::http::Method;
use serde_json::{Value, json};

use super::support::{Auth, BANDIT, BRUTE, Call, Db, KARA, Table, VEX, fields, ids};
use crate::both;

/// Opens a D20 encounter on `field` (GM); returns its id.
async fn open(t: &Table, name: &str, field: Value) -> String {
    let made = t
        .send(
            t.post(&t.path("/encounters"), &t.gm.session)
                .json(json!({ "name": name, "field": field })),
        )
        .await
        .expect(201);
    assert_eq!(made.json["entry"]["ruleset"], "d20");
    made.json["entry"]["encounter"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The ford: Kara (Alice's) on a 10 by 6 grid against a bandit and a
/// brute the players do not see; Kara rolls her own 45 for initiative
/// (61), the GM's dice put the bandit and the brute after her, and the
/// fight begins on Kara's turn.
pub(crate) async fn ford(t: &Table) -> String {
    t.upload(&t.alice.session, "kara", KARA).await.expect(201);
    let e = open(
        t,
        "The ford",
        json!({"field": "map", "width": 10, "height": 6}),
    )
    .await;
    t.enter(
        &e,
        json!({"id": "kara", "character": "kara", "side": "players", "place": {"square": {"x": 1, "y": 1}}}),
    )
    .await;
    t.enter(
        &e,
        json!({"id": "bandit", "npc": BANDIT, "side": "bandits", "place": {"square": {"x": 4, "y": 1}}}),
    )
    .await;
    t.enter(
        &e,
        json!({"id": "brute", "npc": BRUTE, "side": "bandits", "hidden": true, "place": {"square": {"x": 8, "y": 4}}}),
    )
    .await;
    // The seed's example: DEX 16 rolling 45 has initiative 61 (D20-INIT-01).
    let rolled = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "roll_initiative", "who": ["kara"], "dice": [45]}),
        )
        .await
        .expect(201);
    assert!(
        rolled.json["entry"]["physical"].is_null(),
        "a player's entry is cut"
    );
    gm_rolls_and_begins(t, &e, json!([10, 10])).await;
    e
}

/// The GM rolls initiative for everyone left (with `dice`) and begins
/// the fight in `e`, nobody surprised.
async fn gm_rolls_and_begins(t: &Table, e: &str, dice: Value) {
    t.commands(
        e,
        &t.gm.session,
        [
            json!({"command": "roll_initiative", "who": [], "dice": dice}),
            json!({"command": "clock", "clock": "begin", "surprise": []}),
        ],
    )
    .await;
}

/// Encounter `e`'s stream replays on a server restarted over `db` into
/// the fight the GM sees now.
async fn replays_after_a_restart(t: &Table, db: &Db, e: &str) {
    let again = super::support::state(db, nanite_server::Config::default()).await;
    let router = nanite_server::app(again);
    let view = super::support::send(
        &router,
        t.get(&t.path(&format!("/encounters/{e}")), &t.gm.session),
    )
    .await
    .expect(200);
    assert_eq!(view.json, t.view(e, &t.gm.session).await);
}

async fn campaigns_take_a_ruleset(db: Db) {
    let t = Table::new(db).await;
    let create = |body: Value| t.post("/api/campaigns", &t.gm.session).json(body);
    let made = t
        .send(create(json!({"name": "The ford road", "ruleset": "d20", "initiative": "side", "reroll": "kept"})))
        .await
        .expect(201);
    let campaign = &made.json["campaign"];
    assert_eq!(campaign["ruleset"], "d20");
    assert_eq!(campaign["d20"]["initiative"], "side");
    assert_eq!(campaign["d20"]["reroll"], "kept");
    assert_eq!(campaign["house_rules"], json!({}));
    // The default stays Compound X, as every client before rulesets sent.
    let cx = t
        .send(create(json!({"name": "Rustbelt"})))
        .await
        .expect(201);
    assert_eq!(cx.json["campaign"]["ruleset"], "compound-x");
    assert!(cx.json["campaign"]["d20"].is_null());
    let refused = [
        (json!({"name": "x", "ruleset": "gurps"}), "unknown_ruleset"),
        (
            json!({"name": "x", "ruleset": "d20", "house_rules": {"melee_guard": true}}),
            "not_this_ruleset",
        ),
        (
            json!({"name": "x", "initiative": "side"}),
            "not_this_ruleset",
        ),
    ];
    for (body, code) in refused {
        let answer = t.send(create(body.clone())).await.expect(422);
        assert_eq!(answer.code(), code, "{body}");
    }
    // A D20 campaign's GM changes its initiative; house rules are refused.
    let d20 = Table::d20(super::support::sqlite()).await;
    let patch = |body: Value| Call::new(Method::PATCH, d20.path(""), &d20.gm.session).json(body);
    let changed = d20
        .send(patch(json!({"initiative": "side"})))
        .await
        .expect(200);
    assert_eq!(changed.json["d20"]["initiative"], "side");
    assert_eq!(changed.json["d20"]["reroll"], "each-round");
    let refused = d20
        .send(patch(json!({"house_rules": {"melee_guard": true}})))
        .await
        .expect(422);
    assert_eq!(refused.code(), "not_this_ruleset");
    // A grid has a size; a combatant on it needs a square.
    let too_big = d20
        .send(
            d20.post(&d20.path("/encounters"), &d20.gm.session)
                .json(json!({"name": "x", "field": {"field": "map", "width": 41, "height": 5}})),
        )
        .await
        .expect(422);
    assert_eq!(too_big.code(), "invalid_field");
    let grid = open(
        &d20,
        "Grid",
        json!({"field": "map", "width": 5, "height": 5}),
    )
    .await;
    let nowhere = d20
        .add(
            &grid,
            json!({"id": "bandit", "npc": BANDIT, "side": "bandits"}),
        )
        .await
        .expect(422);
    assert_eq!(nowhere.code(), "place_needed");
    // A Compound X encounter takes no field.
    let answer = t
        .send(
            t.post(&t.path("/encounters"), &t.gm.session)
                .json(json!({"name": "x", "field": {"field": "rows"}})),
        )
        .await
        .expect(422);
    assert_eq!(answer.code(), "not_this_ruleset");
}

async fn characters_are_checked_as_nanite_d20_checks_them(db: Db) {
    let t = Table::d20(db).await;
    let saved = t.upload(&t.alice.session, "kara", KARA).await.expect(201);
    assert_eq!(saved.json["character"]["name"], "Kara Voss");
    // A file with errors: every problem with its file, line, field and
    // rule, and nothing saved.
    let broken = KARA
        .replace("DEX = 16", "DEX = 40")
        .replace("shortbow", "bazooka");
    let refused = t.upload(&t.gm.session, "broken", &broken).await.expect(422);
    assert_eq!(refused.code(), "invalid_character");
    let found = refused.json["error"]["diagnostics"].as_array().unwrap();
    assert!(found.len() >= 2, "{found:?}");
    for d in found {
        assert_eq!(d["file"], "broken.toml", "{d}");
        assert!(d["line"].as_u64().is_some(), "{d}");
        assert!(d["field"].is_string(), "{d}");
    }
    assert!(
        found
            .iter()
            .any(|d| d["rule"].as_str().is_some_and(|r| r.starts_with("D20-"))),
        "{found:?}"
    );
    // A Compound X file is not a D20 character.
    t.upload(&t.gm.session, "vex", VEX).await.expect(422);
    let list = t
        .send(t.get(&t.path("/characters"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(ids(&list.json["characters"]), ["kara"]);
    // The computed sheet, for its owner and the GM; names for the others.
    let sheet = t
        .send(t.get(&t.path("/characters/kara"), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(sheet.json["ruleset"], "d20");
    assert_eq!(sheet.json["sheet"]["name"], "Kara Voss");
    assert!(sheet.json["sheet"]["max_hp"].as_i64().unwrap() > 0);
    assert!(sheet.json["sheet"]["weapons"][0]["attack"].is_i64());
    t.send(t.get(&t.path("/characters/kara"), &t.bob.session))
        .await
        .expect(403);
}

async fn the_gm_sees_the_whole_fight(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let view = t.view(&e, &t.gm.session).await;
    assert_eq!(view["ruleset"], "d20");
    assert_eq!(
        view["field"],
        json!({"field": "map", "width": 10, "height": 6})
    );
    assert_eq!(view["phase"], "round");
    assert_eq!(view["round"], 1);
    assert_eq!(view["active"], "kara");
    assert_eq!(view["actions"], json!({"total": 1, "left": 1}));
    assert_eq!(ids(&view["initiative"]), ["kara", "bandit", "brute"]);
    assert_eq!(view["initiative"][0]["total"], 61);
    assert_eq!(
        view["initiative_settings"],
        json!({"by": "combatant", "reroll": "each-round"})
    );
    assert_eq!(ids(&view["combatants"]), ["kara", "bandit", "brute"]);
    let brute = &view["combatants"][2];
    assert_eq!(brute["hidden"], true);
    assert_eq!(brute["place"], json!({"square": {"x": 8, "y": 4}}));
    assert_eq!(brute["hp"], brute["max_hp"]);
    assert_eq!(brute["wounded"], "unhurt");
    assert_eq!(view["combatants"][0]["owner"], t.alice.invite.as_str());
    assert_eq!(view["movement"]["left"], view["combatants"][0]["speed"]);
    let lines = view["log"].to_string();
    assert!(lines.contains("Bandit Brute (brute) enters"), "{lines}");
    assert!(lines.contains("HP"), "the GM reads health: {lines}");
}

async fn players_see_what_the_table_shows(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    // The GM harms the bandit and makes a hidden check for the brute.
    t.by_gm(&e, json!({"command": "harm", "target": "bandit", "amount": 3, "by": null, "why": "a thrown stone"})).await;
    t.by_gm(&e, json!({"command": "check", "id": "kara", "skill": "perception", "attribute": null, "dc": 17, "hidden": true})).await;
    for seat in [&t.alice, &t.bob, &t.spectator] {
        let view = t.view(&e, &seat.session).await;
        let text = view.to_string();
        assert!(!text.contains("brute") && !text.contains("Brute"), "{text}");
        assert_eq!(ids(&view["initiative"]), ["kara", "bandit"]);
        assert_eq!(ids(&view["combatants"]), ["kara", "bandit"]);
        let bandit = &view["combatants"][1];
        assert_eq!(
            fields(bandit),
            [
                "conditions",
                "down",
                "grapple",
                "id",
                "mine",
                "name",
                "place",
                "side",
                "wounded"
            ],
            "names, places, conditions and a wounded descriptor only"
        );
        assert_eq!(bandit["wounded"], "scratched");
        assert!(
            text.contains("Bandit Raider (bandit) enters at (4,1)"),
            "{text}"
        );
        assert!(
            text.contains("Bandit Raider takes 3 damage from a thrown stone"),
            "{text}"
        );
        assert!(!text.contains(" HP"), "no exact health in the log: {text}");
        assert!(text.contains("check against a hidden DC: d20 = "), "{text}");
        assert!(
            !text.contains("DC 17") && !text.contains("against DC"),
            "hidden DCs stay with the GM: {text}"
        );
    }
    let alice = t.view(&e, &t.alice.session).await;
    assert_eq!(alice["combatants"][0]["mine"], true);
    assert!(alice["combatants"][0]["hp"].as_i64().unwrap() > 0);
    let bob = t.view(&e, &t.bob.session).await;
    assert!(bob["combatants"][0].get("hp").is_none());
    // A player naming the hidden brute hears of nobody by that name.
    let answer = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "attack", "id": "kara", "target": "brute", "weapon": 1}),
        )
        .await
        .expect(422);
    assert!(
        answer.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("nobody called 'brute'")
    );
    assert!(!answer.text.contains("Brute"), "{}", answer.text);
}

type Build = fn(&Table, &str, &Auth) -> Call;

struct Case {
    what: &'static str,
    build: Build,
    /// GM, owner (Alice), other player (Bob), spectator, nobody.
    expect: [u16; 5],
}

const CASES: &[Case] = &[
    Case {
        what: "move Kara on her turn",
        build: |t, e, a| {
            t.command_call(
                e,
                a,
                json!({"command": "move", "id": "kara", "to": [{"x": 2, "y": 1}]}),
            )
        },
        expect: [201, 201, 403, 403, 401],
    },
    Case {
        what: "shoot with Kara on her turn",
        build: |t, e, a| {
            t.command_call(
                e,
                a,
                json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": 1}),
            )
        },
        expect: [201, 201, 403, 403, 401],
    },
    Case {
        what: "act for the bandit",
        build: |t, e, a| t.command_call(e, a, json!({"command": "double_move", "id": "bandit"})),
        // The engine refuses the GM (not the bandit's turn); the table
        // refuses the players before the engine is asked.
        expect: [422, 403, 403, 403, 401],
    },
    Case {
        what: "roll Kara's initiative",
        build: |t, e, a| {
            t.command_call(e, a, json!({"command": "roll_initiative", "who": ["kara"]}))
        },
        expect: [201, 201, 403, 403, 401],
    },
    Case {
        what: "place a combatant",
        build: |t, e, a| {
            t.command_call(
                e,
                a,
                json!({"command": "position", "id": "kara", "place": {"square": {"x": 0, "y": 0}}}),
            )
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "call for a check",
        build: |t, e, a| {
            t.command_call(e, a, json!({"command": "check", "id": "kara", "skill": "acrobatics", "attribute": null, "dc": 12, "hidden": false}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "deal damage",
        build: |t, e, a| {
            t.command_call(e, a, json!({"command": "harm", "target": "bandit", "amount": 1, "by": null, "why": "a fall"}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "add a combatant",
        build: |t, e, a| {
            t.post(&t.path(&format!("/encounters/{e}/combatants")), a)
                .json(json!({"id": "extra", "npc": BANDIT, "side": "bandits", "place": {"square": {"x": 5, "y": 5}}}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "end Kara's turn",
        build: |t, e, a| t.command_call(e, a, json!({"command": "clock", "clock": "next_turn"})),
        expect: [201, 201, 403, 403, 401],
    },
];

async fn each_role_may_do_what_its_seat_allows(db: Db) {
    for case in CASES {
        let seats = |t: &Table| {
            [
                t.gm.session.clone(),
                t.alice.session.clone(),
                t.bob.session.clone(),
                t.spectator.session.clone(),
                Auth::Anonymous,
            ]
        };
        for (i, expected) in case.expect.iter().enumerate() {
            // A fresh fight for each try, so one role's success does not
            // change the next one's answer.
            let t = Table::d20(db.clone()).await;
            let e = ford(&t).await;
            let auth = seats(&t)[i].clone();
            let answer = t.send((case.build)(&t, &e, &auth)).await;
            assert_eq!(
                answer.status.as_u16(),
                *expected,
                "{} as seat {i}: {}",
                case.what,
                answer.text
            );
        }
    }
}

async fn commands_are_idempotent_and_take_physical_dice(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let shoot = json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": 1});
    let call = || {
        t.command_call(&e, &t.alice.session, shoot.clone())
            .header("idempotency-key", "kara-shoots-1")
    };
    let first = t.send(call()).await.expect(201);
    let again = t.send(call()).await.expect(200);
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(first.json["version"], again.json["version"]);
    assert_eq!(first.json["entry"], again.json["entry"]);
    // One action a turn: the engine refuses a second attack, with its rule.
    let refused = t
        .command(&e, &t.alice.session, shoot.clone())
        .await
        .expect(422);
    assert_eq!(refused.code(), "refused");
    // Physical dice: the server names each die the engine needs.
    t.next_turn(&e, &t.alice.session).await.expect(201);
    let asked = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "attack", "id": "bandit", "target": "kara", "weapon": 1, "dice": []}),
        )
        .await
        .expect(422);
    assert_eq!(asked.code(), "dice_needed");
    assert_eq!(asked.json["error"]["needed"]["sides"], 20);
    let done = t
        .physically(
            &e,
            &t.gm.session,
            json!({"command": "attack", "id": "bandit", "target": "kara", "weapon": 1}),
        )
        .await
        .expect(201);
    assert_eq!(done.json["entry"]["physical"], true);
    assert_eq!(done.json["entry"]["dice"][0]["sides"], 20);
}

/// Side initiative told to the table leaves out a side whose members are all
/// hidden: neither its roll nor its place in the order (D20-INIT-03).
async fn a_typed_line_is_read_by_the_d20_parser(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let line = |auth, line: &str| {
        t.post(&t.path(&format!("/encounters/{e}/script")), auth)
            .json(json!({ "line": line }))
    };
    // A line that does not read: where, what and how to write it.
    let bad = t
        .send(line(&t.alice.session, "kara dance bandit"))
        .await
        .expect(422);
    assert_eq!(bad.code(), "invalid_command_line", "{}", bad.text);
    assert_eq!(bad.json["error"]["line"]["column"], 6, "{}", bad.text);
    assert!(
        bad.json["error"]["line"]["help"]
            .as_str()
            .unwrap()
            .contains("attack")
    );
    // The same attack as JSON and as a line: the line is the command.
    let typed = t
        .send(line(&t.alice.session, "kara attack bandit 1"))
        .await
        .expect(201);
    assert_eq!(typed.json["entry"]["command"], "attack", "{}", typed.text);
    // One action a turn: the second is the engine's to refuse, as for JSON.
    let again = t
        .send(line(&t.alice.session, "kara attack bandit 1"))
        .await
        .expect(422);
    assert_eq!(again.code(), "refused");
}

/// A campaign playing side initiative (kept between rounds) with Kara in
/// the cellar, an encounter in rows. Returns the encounter.
async fn cellar(t: &Table) -> String {
    t.send(
        Call::new(Method::PATCH, t.path(""), &t.gm.session)
            .json(json!({"initiative": "side", "reroll": "kept"})),
    )
    .await
    .expect(200);
    t.upload(&t.alice.session, "kara", KARA).await.expect(201);
    let e = open(t, "The cellar", json!({"field": "rows"})).await;
    t.enter(
        &e,
        json!({"id": "kara", "character": "kara", "side": "players"}),
    )
    .await;
    e
}

async fn a_hidden_side_is_not_named_in_side_initiative(db: Db) {
    // rule: D20-INIT-03
    let t = Table::d20(db).await;
    let e = cellar(&t).await;
    t.enter(
        &e,
        json!({"id": "brute", "npc": BRUTE, "side": "lurkers", "hidden": true, "place": {"row": "front"}}),
    )
    .await;
    let rolled = t
        .command(
            &e,
            &t.gm.session,
            json!({"command": "roll_initiative", "who": [], "dice": [90, 10]}),
        )
        .await
        .expect(201);
    assert!(
        rolled.text.contains("lurkers"),
        "the GM hears every side: {}",
        rolled.text
    );
    let seen = t.view(&e, &t.alice.session).await.to_string();
    assert!(seen.contains("side initiative"), "{seen}");
    assert!(!seen.contains("lurkers"), "{seen}");
}

async fn rows_and_side_initiative(db: Db) {
    let t = Table::d20(db).await;
    let e = cellar(&t).await;
    t.enter(
        &e,
        json!({"id": "bandit", "npc": BANDIT, "side": "bandits", "place": {"row": "back"}}),
    )
    .await;
    t.enter(
        &e,
        json!({"id": "brute", "npc": BRUTE, "side": "bandits", "place": {"row": "front"}}),
    )
    .await;
    gm_rolls_and_begins(&t, &e, json!([90, 10])).await;
    let view = t.view(&e, &t.alice.session).await;
    assert_eq!(view["field"], json!({"field": "rows"}));
    assert_eq!(
        view["initiative_settings"],
        json!({"by": "side", "reroll": "kept"})
    );
    assert_eq!(view["active"], "kara");
    assert_eq!(view["combatants"][0]["place"], json!({"row": "front"}));
    assert_eq!(view["combatants"][1]["place"], json!({"row": "back"}));
    // Melee does not reach the back row; the engine says so (D20-MOVE-03).
    let refused = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": 0}),
        )
        .await
        .expect(422);
    assert!(refused.text.contains("row"), "{}", refused.text);
    t.command(
        &e,
        &t.alice.session,
        json!({"command": "change_row", "id": "kara", "row": "back"}),
    )
    .await
    .expect(201);
}

async fn seeded_d20_dice_are_verified(db: Db) {
    let t = Table::d20(db.clone()).await;
    t.start_play_session().await.expect(201);
    let e = ford(&t).await;
    let shoot = json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": 1});
    t.command(&e, &t.alice.session, shoot.clone())
        .await
        .expect(201);
    // Taken back and shot again: both attacks' dice are derived again.
    t.undo(&e).await.expect(201);
    t.command(&e, &t.alice.session, shoot).await.expect(201);
    t.next_turn(&e, &t.alice.session).await.expect(201);
    t.next_turn(&e, &t.gm.session).await.expect(201);
    t.end_play_session().await.expect(201);
    let export = nanite_store::export(t.state.store(), &[format!("table:{}", t.campaign)])
        .await
        .unwrap();
    let text = serde_json::to_string(&export).unwrap();
    let checked = super::support::verified(&text);
    assert!(checked.honest(), "{checked:?}");
    assert!(checked.verified >= 2, "{checked:?}");
    assert!(checked.physical >= 2, "{checked:?}");
    // The stream replays into the same fight after a restart.
    replays_after_a_restart(&t, &db, &e).await;
}

/// A hidden enemy leaves no hole among a player's squares: the square it
/// stands on is offered as any other (the player cannot know it is taken).
async fn a_hidden_enemy_leaves_no_hole_among_the_squares(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    t.by_gm(
        &e,
        json!({"command": "position", "id": "brute", "place": {"square": {"x": 2, "y": 1}}}),
    )
    .await;
    let page = |auth: &Auth| t.get(&format!("/c/{}/e/{e}", t.campaign), auth);
    let alice = t.send(page(&t.alice.session)).await.expect(200).text;
    assert!(
        alice.contains("aria-label=\"Move to square 2,1\""),
        "{alice}"
    );
    assert!(!alice.contains("Brute"), "{alice}");
    // The GM, who sees the brute, gets no move onto its square.
    let gm = t.send(page(&t.gm.session)).await.expect(200).text;
    assert!(!gm.contains("aria-label=\"Move to square 2,1\""), "{gm}");
}

async fn the_tracker_draws_the_grid_and_the_actions(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let page = |auth: &Auth| t.get(&format!("/c/{}/e/{e}", t.campaign), auth);
    let gm = t.send(page(&t.gm.session)).await.expect(200).text;
    assert!(gm.contains("<table class=\"grid\""), "{gm}");
    assert!(gm.contains("Initiative by combatant (1d100 + DEX), rolled each round"));
    assert!(gm.contains("Bandit Brute"));
    assert!(
        gm.contains("Attack with Shortbow"),
        "the GM acts for Kara too"
    );
    assert!(gm.contains("GM controls"));
    let alice = t.send(page(&t.alice.session)).await.expect(200).text;
    assert!(alice.contains("Actions of Kara Voss"));
    assert!(
        alice.contains("aria-label=\"Move to square 2,1\""),
        "{alice}"
    );
    assert!(!alice.contains("Brute"));
    assert!(!alice.contains("GM controls"));
    // The rapier does not reach the bandit 15 ft away: greyed, with the
    // engine's reason.
    let rapier = alice.split("Attack with Rapier").nth(1).unwrap_or("");
    assert!(alice.contains("aria-disabled"), "{alice}");
    assert!(rapier.contains("class=\"why\""), "{rapier}");
    for other in [&t.bob, &t.spectator] {
        let text = t.send(page(&other.session)).await.expect(200).text;
        assert!(text.contains("<table class=\"grid\""));
        assert!(!text.contains("Actions of") && !text.contains("Move to square"));
        assert!(
            !text.contains("Brute") && !text.contains("Hit points"),
            "{text}"
        );
    }
    // The dashboard of a D20 campaign: its initiative, a field for new
    // encounters, a file import instead of the Compound X builder.
    let dashboard = t
        .send(t.get(&format!("/c/{}", t.campaign), &t.gm.session))
        .await
        .expect(200)
        .text;
    assert!(dashboard.contains("Initiative in this campaign"));
    assert!(dashboard.contains("name=\"field.field\""));
    assert!(!dashboard.contains("House rules of this campaign"));
    let player = t
        .send(t.get(&format!("/c/{}", t.campaign), &t.alice.session))
        .await
        .expect(200)
        .text;
    assert!(player.contains("Import a D20 character file"));
    assert!(!player.contains("Build a character step by step"));
    // The sheet page of a D20 character.
    let sheet = t
        .send(t.get(
            &format!("/c/{}/characters/kara", t.campaign),
            &t.alice.session,
        ))
        .await
        .expect(200)
        .text;
    assert!(
        sheet.contains("Kara Voss") && sheet.contains("Rapier"),
        "{sheet}"
    );
}

async fn the_gm_takes_back_the_last_command(db: Db) {
    let t = Table::d20(db.clone()).await;
    let e = ford(&t).await;
    let before = t.view(&e, &t.gm.session).await;
    t.command(
        &e,
        &t.alice.session,
        json!({"command": "move", "id": "kara", "to": [{"x": 3, "y": 1}]}),
    )
    .await
    .expect(201);
    let undo = |auth: &Auth| {
        t.post(&t.path(&format!("/encounters/{e}/undo")), auth)
            .json(json!({}))
    };
    // Only the GM takes back.
    t.send(undo(&t.alice.session)).await.expect(403);
    let taken = t.send(undo(&t.gm.session)).await.expect(201);
    assert_eq!(taken.json["entry"]["type"], "undone");
    assert_eq!(taken.json["entry"]["command"], "move");
    let after = t.view(&e, &t.gm.session).await;
    assert_eq!(after["combatants"], before["combatants"]);
    assert_eq!(after["movement"], before["movement"]);
    assert_eq!(after["log"], before["log"]);
    // The players hear of it too.
    let alice = t.view(&e, &t.alice.session).await;
    assert_eq!(
        alice["combatants"][0]["place"],
        json!({"square": {"x": 1, "y": 1}})
    );
    // Undo again takes back the beginning of the fight; it replays the same
    // after a restart.
    t.send(undo(&t.gm.session)).await.expect(201);
    assert_eq!(t.view(&e, &t.gm.session).await["phase"], "setup");
    replays_after_a_restart(&t, &db, &e).await;
    // An encounter with nothing left to take back says so.
    let empty = open(&t, "Empty", json!({"field": "rows"})).await;
    let nothing = t
        .send(
            t.post(&t.path(&format!("/encounters/{empty}/undo")), &t.gm.session)
                .json(json!({})),
        )
        .await
        .expect(422);
    assert_eq!(nothing.code(), "nothing_to_undo");
}

/// The choices route of a D20 encounter: Kara's turn for Alice, every
/// action judged by the engine, the hidden brute nowhere; nothing for Bob
/// or the spectator; the GM's hand for the GM.
async fn a_players_choices_are_the_engines(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let choices = |auth: &Auth| t.get(&t.path(&format!("/encounters/{e}/choices")), auth);
    let alice = t.send(choices(&t.alice.session)).await.expect(200);
    let list = alice.json["choices"].as_array().unwrap();
    let bow = list
        .iter()
        .find(|c| c["label"] == "Attack with Shortbow")
        .unwrap();
    assert_eq!(bow["target"], "bandit");
    assert_eq!(
        bow["command"],
        json!({"command": "attack", "id": "kara", "target": "bandit", "weapon": 1})
    );
    assert_eq!(
        bow["verdict"],
        json!({"verdict": "allowed", "cost": 1, "odds": null})
    );
    let rapier = list
        .iter()
        .find(|c| c["label"] == "Attack with Rapier")
        .unwrap();
    assert_eq!(rapier["verdict"]["verdict"], "refused");
    assert!(!alice.text.contains("brute"), "{}", alice.text);
    // Sending a choice's command as it is does what the verdict said.
    t.command(&e, &t.alice.session, bow["command"].clone())
        .await
        .expect(201);
    for other in [&t.bob, &t.spectator] {
        let answer = t.send(choices(&other.session)).await.expect(200);
        assert_eq!(answer.json["choices"], json!([]));
    }
    let gm = t.send(choices(&t.gm.session)).await.expect(200);
    assert!(gm.text.contains("\"kind\":\"harm\""), "{}", gm.text);
    assert!(gm.text.contains("brute"), "the GM sees the brute");
}

/// During the hidden brute's turn Alice's page names nobody: the GM is
/// acting (docs/server.md, the permission rules).
async fn a_hidden_turn_shows_only_that_the_gm_is_acting(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let next = json!({"command": "clock", "clock": "next_turn"});
    let part = async |auth: &Auth| {
        t.send(Call::new(
            Method::GET,
            format!("/c/{}/e/{e}/part", t.campaign),
            auth,
        ))
        .await
        .expect(200)
        .text
    };
    for _ in 0..3 {
        t.command(&e, &t.gm.session, next.clone()).await.expect(201);
        if t.view(&e, &t.gm.session).await["active"] == "brute" {
            let alice = part(&t.alice.session).await;
            assert!(alice.contains("The GM is acting."), "{alice}");
            assert!(
                !alice.contains("Turn of") && !alice.contains("Brute"),
                "{alice}"
            );
            assert!(part(&t.gm.session).await.contains("Turn of</span> <b>"));
            return;
        }
        let alice = part(&t.alice.session).await;
        assert!(!alice.contains("The GM is acting."), "{alice}");
    }
    panic!("the brute's turn never came");
}

both!(
    a_hidden_turn_shows_only_that_the_gm_is_acting,
    a_typed_line_is_read_by_the_d20_parser,
    a_players_choices_are_the_engines,
    campaigns_take_a_ruleset,
    characters_are_checked_as_nanite_d20_checks_them,
    the_gm_sees_the_whole_fight,
    players_see_what_the_table_shows,
    each_role_may_do_what_its_seat_allows,
    commands_are_idempotent_and_take_physical_dice,
    rows_and_side_initiative,
    seeded_d20_dice_are_verified,
    the_tracker_draws_the_grid_and_the_actions,
    a_hidden_enemy_leaves_no_hole_among_the_squares,
    a_hidden_side_is_not_named_in_side_initiative,
    the_gm_takes_back_the_last_command,
);
