//! The permission matrix: each request tried by each role (the GM, the
//! player who owns the actor, another player, a spectator, nobody), with
//! the status each must get; then turns, reactions and held actions.

use axum::http::Method;
use serde_json::{Value, json};

use super::support::{Auth, Call, Db, Table, VEX};
use crate::both;

type Build = fn(&Table, &str, &Auth) -> Call;

struct Case {
    what: &'static str,
    build: Build,
    /// GM, owner (Alice), other player (Bob), spectator, nobody.
    expect: [u16; 5],
}

fn command(t: &Table, e: &str, auth: &Auth, body: Value) -> Call {
    t.command_call(e, auth, body)
}

const CASES: &[Case] = &[
    Case {
        what: "read the campaign",
        build: |t, _, a| t.get(&t.path(""), a),
        expect: [200, 200, 200, 200, 401],
    },
    Case {
        what: "list invitations",
        build: |t, _, a| t.get(&t.path("/invites"), a),
        expect: [200, 403, 403, 403, 401],
    },
    Case {
        what: "create an invitation",
        build: |t, _, a| {
            t.post(&t.path("/invites"), a)
                .json(json!({"role": "spectator"}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "change the house rules",
        build: |t, _, a| {
            Call::new(Method::PATCH, t.path(""), a)
                .json(json!({"house_rules": {"melee_guard": false}}))
        },
        expect: [200, 403, 403, 403, 401],
    },
    Case {
        what: "open an encounter",
        build: |t, _, a| {
            t.post(&t.path("/encounters"), a)
                .json(json!({"name": "Side room"}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "add a combatant",
        build: |t, e, a| {
            t.post(&t.path(&format!("/encounters/{e}/combatants")), a)
                .json(json!({"id": "extra", "npc": super::support::RAIDER, "side": "raiders"}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "a free action of Vex on Vex's turn",
        build: |t, e, a| {
            command(
                t,
                e,
                a,
                json!({"command": "act", "id": "vex", "what": "shouts", "actions": 0}),
            )
        },
        expect: [201, 201, 403, 403, 401],
    },
    Case {
        what: "the GM's hand: harm the raider",
        build: |t, e, a| {
            command(
                t,
                e,
                a,
                json!({"command": "harm", "target": "raider", "amount": 5,
                "damage_type": "explosive", "apl": 0, "why": "a falling crate"}),
            )
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "set a distance",
        build: |t, e, a| {
            command(
                t,
                e,
                a,
                json!({"command": "distance", "a": "vex", "b": "raider", "metres": 12}),
            )
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "read Vex's sheet",
        build: |t, _, a| t.get(&t.path("/characters/vex"), a),
        expect: [200, 200, 403, 403, 401],
    },
    Case {
        what: "replace Vex's sheet",
        build: |t, _, a| {
            Call::new(Method::PUT, t.path("/characters/vex"), a).raw("application/toml", VEX)
        },
        expect: [200, 200, 403, 403, 401],
    },
    Case {
        what: "read the encounter",
        build: |t, e, a| t.get(&t.path(&format!("/encounters/{e}")), a),
        expect: [200, 200, 200, 200, 401],
    },
    Case {
        what: "roll in public",
        build: |t, _, a| {
            t.post(&t.path("/rolls"), a)
                .json(json!({"expression": "d20"}))
        },
        expect: [201, 201, 201, 403, 401],
    },
    Case {
        what: "roll for the GM's eyes only",
        build: |t, _, a| {
            t.post(&t.path("/rolls"), a)
                .json(json!({"expression": "d20", "mode": "gm"}))
        },
        expect: [201, 403, 403, 403, 401],
    },
    Case {
        what: "read the roll log",
        build: |t, _, a| t.get(&t.path("/rolls"), a),
        expect: [200, 200, 200, 200, 401],
    },
    Case {
        what: "list the choices",
        build: |t, e, a| t.get(&t.path(&format!("/encounters/{e}/choices")), a),
        expect: [200, 200, 200, 200, 401],
    },
    Case {
        what: "open live updates (no socket here: the upgrade is what is missing)",
        build: |t, _, a| t.get(&t.path("/live"), a),
        expect: [426, 426, 426, 426, 401],
    },
];

async fn every_role_gets_what_it_may(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let spare = t
        .invite(json!({"role": "spectator", "label": "spare"}))
        .await;
    let roles = [
        ("GM", t.gm.session.clone()),
        ("owner", t.alice.session.clone()),
        ("other player", t.bob.session.clone()),
        ("spectator", t.spectator.session.clone()),
        ("nobody", Auth::Anonymous),
    ];
    let mut failures = Vec::new();
    for case in CASES {
        // Refusals first, so the successes find the state they expect.
        for i in (0..roles.len()).rev() {
            let (role, auth) = &roles[i];
            let answer = t.send((case.build)(&t, &e, auth)).await;
            if answer.status.as_u16() != case.expect[i] {
                failures.push(format!(
                    "{}: {role} got {} (expected {}): {}",
                    case.what, answer.status, case.expect[i], answer.text
                ));
            }
            if answer.status.is_client_error() && answer.status.as_u16() != 426 {
                assert!(
                    answer.code() != "",
                    "{}: {role}: no error code: {}",
                    case.what,
                    answer.text
                );
            }
        }
    }
    // Revoking, last: it ends a seat.
    for (i, (role, auth)) in roles.iter().enumerate().rev() {
        let answer = t
            .send(Call::new(
                Method::DELETE,
                t.path(&format!("/invites/{}", spare.invite)),
                auth,
            ))
            .await;
        let expected = [200, 403, 403, 403, 401][i];
        if answer.status.as_u16() != expected {
            failures.push(format!(
                "revoke: {role} got {}: {}",
                answer.status, answer.text
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

async fn a_player_cannot_act_for_another_or_out_of_turn(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let aim = json!({"command": "aim", "id": "vex"});
    let bob = t.command(&e, &t.bob.session, aim.clone()).await.expect(403);
    assert_eq!(bob.code(), "not_your_character");
    let bob_bot = t
        .command(&e, &t.bob.bearer(), aim.clone())
        .await
        .expect(403);
    assert_eq!(bob_bot.code(), "not_your_character");
    let npc = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "aim", "id": "raider"}),
        )
        .await
        .expect(403);
    assert_eq!(npc.code(), "not_your_character");
    let next = t.next_turn(&e, &t.alice.session).await;
    assert_eq!(
        next.status.as_u16(),
        201,
        "ending your own turn: {}",
        next.text
    );
    let late = t
        .command(&e, &t.alice.session, aim.clone())
        .await
        .expect(403);
    assert_eq!(late.code(), "not_your_turn");
    let begin = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "clock", "clock": "end"}),
        )
        .await
        .expect(403);
    assert_eq!(begin.code(), "gm_only");
    let spectator = t.command(&e, &t.spectator.session, aim).await.expect(403);
    assert_eq!(spectator.code(), "spectators_watch");
}

async fn held_actions_let_a_player_react(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let alice = &t.alice.session;
    t.command(
        &e,
        alice,
        json!({"command": "hold", "id": "vex", "actions": 2, "trigger": "the raider moves"}),
    )
    .await
    .expect(201);
    t.next_turn(&e, &t.gm.session).await.expect(201);
    let aim = json!({"command": "aim", "id": "vex"});
    t.command(&e, alice, aim.clone()).await.expect(403);
    let trigger = json!({"command": "clock", "clock": "trigger", "id": "vex"});
    let theirs = t
        .command(&e, &t.bob.session, trigger.clone())
        .await
        .expect(403);
    assert_eq!(theirs.code(), "not_your_character");
    t.command(&e, alice, trigger).await.expect(201);
    // Out of turn, with the held actions set off.
    t.command(&e, alice, aim).await.expect(201);
}

async fn players_roll_initiative_only_for_their_own(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let e = t.encounter("Yard").await;
    t.enter_vex(&e).await;
    t.enter_raider(&e).await;
    let theirs = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "roll_initiative", "who": ["vex", "raider"]}),
        )
        .await
        .expect(403);
    assert_eq!(theirs.code(), "not_your_character");
    let everyone = t
        .command(
            &e,
            &t.alice.session,
            json!({"command": "roll_initiative", "who": []}),
        )
        .await
        .expect(403);
    assert_eq!(everyone.code(), "gm_only");
    t.physically(
        &e,
        &t.alice.session,
        json!({"command": "roll_initiative", "who": ["vex"]}),
    )
    .await
    .expect(201);
}

/// Each seat's choices are its own: the owner's turn with the engine's
/// verdicts, nothing for another player or a spectator, and nothing of the
/// combatant hidden from the players (the GM sees it as a target).
async fn each_seat_gets_its_own_choices(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let path = t.path(&format!("/encounters/{e}/choices"));
    let alice = t.send(t.get(&path, &t.alice.session)).await.expect(200);
    let kinds: Vec<&str> = alice.json["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    for kind in ["fire", "move", "aim", "check", "hold", "end_turn"] {
        assert!(kinds.contains(&kind), "no {kind} in {kinds:?}");
    }
    assert!(!kinds.contains(&"harm"), "a player has the GM's hand");
    for fire in alice.json["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["kind"] == "fire")
    {
        assert_eq!(fire["command"]["command"], "fire");
        match fire["verdict"]["verdict"].as_str() {
            Some("allowed") => assert!(fire["verdict"]["odds"].is_number(), "{fire}"),
            Some("refused") => assert!(fire["verdict"]["code"].is_string(), "{fire}"),
            _ => panic!("no verdict: {fire}"),
        }
    }
    assert!(
        !alice.text.contains("scav"),
        "the hidden scav leaks: {}",
        alice.text
    );
    for auth in [&t.bob.session, &t.spectator.session] {
        let none = t.send(t.get(&path, auth)).await.expect(200);
        assert_eq!(none.json["choices"], json!([]), "{}", none.text);
    }
    let gm = t.send(t.get(&path, &t.gm.session)).await.expect(200);
    assert!(
        gm.text.contains("\"target\":\"scav\""),
        "the GM's choices lack the scav"
    );
}

/// During a hidden combatant's turn a player who tries to end it hears it
/// is not their turn, never the hidden combatant's name.
async fn a_hidden_turn_is_not_named_to_a_player(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let next = json!({"command": "clock", "clock": "next_turn"});
    t.command(&e, &t.alice.session, next.clone())
        .await
        .expect(201);
    // The scav (hidden, initiative 55) acts now.
    let refused = t.command(&e, &t.alice.session, next).await.expect(403);
    assert_eq!(refused.code(), "not_your_turn");
    assert!(!refused.text.contains("scav"), "{}", refused.text);
}

both!(
    a_hidden_turn_is_not_named_to_a_player,
    each_seat_gets_its_own_choices,
    every_role_gets_what_it_may,
    a_player_cannot_act_for_another_or_out_of_turn,
    held_actions_let_a_player_react,
    players_roll_initiative_only_for_their_own,
);
