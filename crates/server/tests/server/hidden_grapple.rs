//! A combatant hidden from the players grabs one of their characters
//! (CX-MELEE-03): the player learns they are held, never by whom, in the
//! view, the choices, the page and every refusal; the GM reads it whole.

use serde_json::json;

use super::support::{Auth, Db, Table};
use crate::both;

/// Asserts that nothing of the hidden scav (id or name) is in `text`.
fn nothing_of_the_scav(what: &str, text: &str) {
    for word in ["scav", "Scav"] {
        assert!(
            !text.contains(word),
            "{what}: '{word}' reached a player: {text}"
        );
    }
}

async fn everything(t: &Table, e: &str, auth: &Auth) -> Vec<(String, String)> {
    let mut seen = vec![("view".to_string(), t.view(e, auth).await.to_string())];
    let choices = t
        .send(t.get(&t.path(&format!("/encounters/{e}/choices")), auth))
        .await;
    seen.push(("choices".to_string(), choices.text.clone()));
    seen
}

async fn a_hidden_grappler_is_felt_not_named(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    let alice = &t.alice.session;
    // The scav creeps up to Vex unseen: within reach.
    t.command(
        &e,
        gm,
        json!({"command": "distance", "a": "vex", "b": "scav", "metres": 1}),
    )
    .await
    .expect(201);
    // Vex (80) ends her turn: the hidden scav's (55) begins, and it grabs her.
    t.command(&e, alice, json!({"command": "clock", "clock": "next_turn"}))
        .await
        .expect(201);
    // rule: CX-MELEE-03
    let grab = t
        .physically(
            &e,
            gm,
            json!({"command": "grapple", "id": "scav", "target": "vex"}),
        )
        .await;
    assert_eq!(grab.status.as_u16(), 201, "{}", grab.text);
    let gm_view = t.view(&e, gm).await.to_string();
    assert!(gm_view.contains("Scav Lookout"), "{gm_view}");
    // Alice feels the grab, not the hands.
    let heard = t.view(&e, alice).await["log"].to_string();
    assert!(
        heard.contains("Vex Marrow is grabbed by someone unseen (CX-MELEE-03)"),
        "{heard}"
    );
    for (what, text) in everything(&t, &e, alice).await {
        nothing_of_the_scav(&what, &text);
    }
    // The scav's and the raider's turns pass: Vex's again.
    t.command(&e, gm, json!({"command": "clock", "clock": "next_turn"}))
        .await
        .expect(201);
    t.command(&e, gm, json!({"command": "clock", "clock": "next_turn"}))
        .await
        .expect(201);
    for (what, text) in everything(&t, &e, alice).await {
        nothing_of_the_scav(&what, &text);
    }
    // Whatever she tries, held, no answer names who holds her; each is
    // carried out or refused by the rules, never by its shape.
    for command in [
        json!({"command": "move", "id": "vex", "metres": 3, "way": {"way": "elsewhere"},
               "sprint": false, "concealed": false}),
        json!({"command": "grapple", "id": "vex", "target": "raider"}),
        json!({"command": "melee", "id": "vex", "target": "raider", "weapon": null,
               "kind": "kick", "flanking": false}),
        json!({"command": "grapple_act", "id": "vex", "act": {"act": "contest"}}),
        json!({"command": "grapple_act", "id": "vex", "act": {"act": "release"}}),
        json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
               "mode": "semi", "fire": null, "distance": null, "cover": null}),
    ] {
        let answer = t.physically(&e, alice, command.clone()).await;
        assert!(
            answer.status.as_u16() == 201 || answer.code() == "refused",
            "{command}: {}",
            answer.text
        );
        nothing_of_the_scav(&command.to_string(), &answer.text);
        for (what, text) in everything(&t, &e, alice).await {
            nothing_of_the_scav(&what, &text);
        }
    }
    // The GM reads every line whole.
    let gm_log = t.view(&e, gm).await["log"].to_string();
    assert!(gm_log.contains("grapple check, Scav Lookout"), "{gm_log}");
}

both!(a_hidden_grappler_is_felt_not_named);
