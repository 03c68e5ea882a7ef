//! Characters that carry their state from fight to fight (issue 23 item 3):
//! the end of a fight is written back to Vex's state, the next fight starts
//! him wounded and short of rounds, the GM undoes it, rests and awards go
//! through the owner and the GM as the rules say, and an export carries the
//! states to another server, where they verify and read back.

use serde_json::{Value, json};

use super::support::{self, Answer, Auth, Db, Table};
use crate::both;

fn combatant<'a>(view: &'a Value, id: &str) -> &'a Value {
    view["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()
}

async fn state(t: &Table, auth: &Auth) -> Answer {
    t.send(t.get(&t.path("/characters/vex/state"), auth)).await
}

async fn post(t: &Table, rest: &str, auth: &Auth, body: Value) -> Answer {
    t.send(t.post(&t.path(rest), auth).json(body)).await
}

/// The depot fight: Vex fires a burst, a grenade's 30 hurt him, the GM
/// ends the fight. Returns the encounter and Vex's rounds left.
async fn a_fight(t: &Table) -> (String, i64) {
    let e = super::fight_undo::a_fight_before_its_end(t).await;
    let gm = &t.gm.session;
    let view = t.view(&e, gm).await;
    let loaded = combatant(&view, "vex")["weapons"][0]["loaded"]
        .as_i64()
        .unwrap();
    t.command(&e, gm, json!({"command": "clock", "clock": "end"}))
        .await
        .expect(201);
    (e, loaded)
}

async fn a_wounded_character_starts_the_next_fight_wounded(db: Db) {
    let t = Table::new(db).await;
    let gm = &t.gm.session;
    let (e, loaded) = a_fight(&t).await;
    // The GM ended the fight: it was written back at once.
    let shown = state(&t, &t.alice.session).await.expect(200).json;
    assert_eq!(shown["recorded"], true);
    let max = shown["state"]["max_hp"].as_i64().unwrap();
    assert_eq!(shown["state"]["hp"], max - 30);
    assert_eq!(shown["state"]["wounds"], json!([30]));
    assert_eq!(shown["state"]["weapons"][0]["loaded"], loaded);
    assert_eq!(
        shown["state"]["death_saves"], 3,
        "a clean encounter: one regained, never more than 3 (CX-DEATH-04)"
    );
    // Bob sees other characters' names only.
    state(&t, &t.bob.session).await.expect(403);
    // A second write-back of the same fight is refused.
    let again = post(&t, &format!("/encounters/{e}/write-back"), gm, json!({}))
        .await
        .expect(422);
    assert_eq!(again.code(), "written_back");
    // The next fight starts Vex wounded and short of rounds.
    let next = t.encounter("The second fight").await;
    t.enter_vex(&next).await;
    let view = t.view(&next, gm).await;
    let vex = combatant(&view, "vex");
    assert_eq!(vex["hp"], max - 30);
    assert_eq!(vex["weapons"][0]["loaded"], loaded);
    // The GM takes the write-back back: Vex's file state again, full.
    let undone = post(&t, "/states/undo", gm, json!({})).await.expect(201);
    assert_eq!(undone.json["entry"]["type"], "state_undone");
    let shown = state(&t, &t.alice.session).await.expect(200).json;
    assert_eq!(shown["recorded"], false);
    assert_eq!(shown["state"]["hp"], max);
    let full = shown["state"]["weapons"][0]["loaded"].as_i64().unwrap();
    assert!(loaded < full, "the burst had spent rounds");
    let none = post(&t, "/states/undo", gm, json!({})).await.expect(422);
    assert_eq!(none.code(), "nothing_to_undo");
    // Written back again by hand; a restart reads the same state back.
    post(&t, &format!("/encounters/{e}/write-back"), gm, json!({}))
        .await
        .expect(201);
    let shown = state(&t, &t.alice.session).await.expect(200).json;
    assert_eq!(shown["state"]["hp"], max - 30);
}

async fn between_fights_the_owner_rests_and_the_gm_awards(db: Db) {
    let t = Table::new(db).await;
    let (_, _) = a_fight(&t).await;
    let alice = &t.alice.session;
    let gm = &t.gm.session;
    let before = state(&t, alice).await.expect(200).json["state"].clone();
    // The owner rests (CX-HEAL-04): shield full, health still needs Medicine.
    let rested = post(
        &t,
        "/characters/vex/state/rest",
        alice,
        json!({"long": true}),
    )
    .await
    .expect(201);
    assert_eq!(rested.json["entry"]["type"], "state_changed");
    assert_eq!(rested.json["entry"]["what"], "rest");
    let after = state(&t, alice).await.expect(200).json["state"].clone();
    assert_eq!(
        after["hp"], before["hp"],
        "a rest heals no wound (CX-HEAL-04)"
    );
    assert_eq!(after["nanites"], after["max_nanites"]);
    // Bob is not the owner; only the GM awards, loots and corrects.
    post(
        &t,
        "/characters/vex/state/rest",
        &t.bob.session,
        json!({"long": false}),
    )
    .await
    .expect(403);
    post(&t, "/characters/vex/state/award", alice, json!({"xp": 500}))
        .await
        .expect(403);
    let refused = post(&t, "/characters/vex/state/award", gm, json!({"xp": 0}))
        .await
        .expect(422);
    assert_eq!(refused.code(), "state_refused");
    post(
        &t,
        "/characters/vex/state/award",
        gm,
        json!({"xp": 6000, "reason": "the depot taken"}),
    )
    .await
    .expect(201);
    assert_eq!(state(&t, alice).await.json["may_level"], true);
    // A correction needs its reason and stays in range.
    let no_reason = post(
        &t,
        "/characters/vex/state/correct",
        gm,
        json!({"correction": {"field": "hp", "value": 10}, "reason": ""}),
    )
    .await
    .expect(422);
    assert_eq!(no_reason.code(), "reason_needed");
    post(
        &t,
        "/characters/vex/state/correct",
        gm,
        json!({"correction": {"field": "death_saves", "value": 4}, "reason": "typo"}),
    )
    .await
    .expect(422);
    let fixed = post(
        &t,
        "/characters/vex/state/correct",
        gm,
        json!({"correction": {"field": "death_saves", "value": 2}, "reason": "a failed save the table forgot"}),
    )
    .await
    .expect(201);
    let lines = fixed.json["entry"]["lines"].as_array().unwrap();
    assert!(
        lines[0]
            .as_str()
            .unwrap()
            .contains("a failed save the table forgot"),
        "{lines:?}"
    );
    assert_eq!(state(&t, alice).await.json["state"]["death_saves"], 2);
    // Loot: more of what the file carries.
    post(
        &t,
        "/characters/vex/state/loot",
        gm,
        json!({"what": "frag-grenade", "count": 1}),
    )
    .await
    .expect(201);
    post(
        &t,
        "/characters/vex/state/loot",
        gm,
        json!({"what": "rocket", "count": 1}),
    )
    .await
    .expect(422);
}

async fn an_export_carries_the_states_and_verifies(db: Db) {
    let url = db.0.clone();
    let t = Table::new(db).await;
    let (_, loaded) = a_fight(&t).await;
    post(
        &t,
        "/characters/vex/state/award",
        &t.gm.session,
        json!({"xp": 250}),
    )
    .await
    .expect(201);
    let export = support::export(&url, &t.campaign).await;
    let text = serde_json::to_string(&export).unwrap();
    assert!(
        text.contains("state_changed"),
        "the states are in the export"
    );
    let found = support::verified(&text);
    assert!(found.honest(), "{found:#?}");
    // Imported into another database, the state reads back.
    let router = nanite_server::app(support::imported(&export).await);
    let answer = support::get(&router, t.path("/characters/vex/state"), &t.gm.bearer())
        .await
        .expect(200);
    assert_eq!(answer.json["state"]["xp"], 250);
    assert_eq!(answer.json["state"]["wounds"], json!([30]));
    assert_eq!(answer.json["state"]["weapons"][0]["loaded"], loaded);
}

both!(
    a_wounded_character_starts_the_next_fight_wounded,
    between_fights_the_owner_rests_and_the_gm_awards,
    an_export_carries_the_states_and_verifies,
);
