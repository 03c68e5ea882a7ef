//! What the table hears when the log concerns a combatant hidden from the
//! players: decided by whom each event concerns (its typed fields), never
//! by searching the narrated words for a hidden combatant's name. A hidden
//! name inside a visible one hides nothing; an event about a hidden
//! combatant whose words do not name it still stays away from the table;
//! an unseen attacker's blow reaches its visible target without the
//! attacker's name or id.

use serde_json::{Value, json};

use super::d20::ford;
use super::support::{Auth, Db, SCAV, Table, VEX};
use crate::both;

/// The lines of the last log entry `auth` is told.
async fn last_lines(t: &Table, e: &str, auth: &Auth) -> Value {
    let view = t.view(e, auth).await;
    let log = view["log"].as_array().expect("a log");
    log.last().expect("an entry")["lines"].clone()
}

/// A hidden combatant called "Vex" (a part of "Vex Marrow", Alice's
/// character) hides none of Vex Marrow's lines: the table hears her aim as
/// the GM reads it, and still nothing of the hidden one.
async fn a_hidden_name_inside_a_visible_one_hides_nothing_of_it(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let e = t.encounter("Ambush at the depot").await;
    let gm = &t.gm.session;
    t.enter_vex(&e).await;
    t.enter_raider(&e).await;
    let namesake = SCAV.replace("name = \"Scav Lookout\"", "name = \"Vex\"");
    assert_ne!(namesake, SCAV, "the scav's file names it Scav Lookout");
    t.enter(
        &e,
        json!({"id": "lurker", "npc": namesake, "side": "raiders", "hidden": true}),
    )
    .await;
    t.vex_ahead(&e, 15).await;
    t.command(
        &e,
        gm,
        json!({"command": "clock", "clock": "set_initiative", "id": "lurker", "total": 10}),
    )
    .await
    .expect(201);
    t.begin(&e).await;
    t.command(&e, &t.alice.session, json!({"command": "aim", "id": "vex"}))
        .await
        .expect(201);
    let heard = last_lines(&t, &e, gm).await;
    assert!(heard.to_string().contains("Vex Marrow"), "{heard}");
    for seat in [&t.alice, &t.bob, &t.spectator] {
        assert_eq!(
            last_lines(&t, &e, &seat.session).await,
            heard,
            "the table hears Vex Marrow's aim whole"
        );
        let view = t.view(&e, &seat.session).await.to_string();
        assert!(view.contains("Vex Marrow (vex) enters"), "{view}");
        assert!(!view.contains("lurker"), "{view}");
        assert!(
            !view.contains("\"Vex\"") && !view.contains("Vex (lurker)"),
            "{view}"
        );
    }
}

/// The hidden scav shoots Vex: Alice hears she was shot at by someone
/// unseen, and whether it hit and what it did, never who shot (issue 20:
/// "shot by someone unseen"); the GM reads the whole breakdown.
async fn an_unseen_shooter_is_felt_not_named(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    // Vex (80) ends her turn: the hidden scav's (55) begins.
    t.next_turn(&e, &t.alice.session).await.expect(201);
    t.command(
        &e,
        gm,
        json!({"command": "fire", "id": "scav", "target": "vex", "weapon": 0,
               "mode": "semi", "fire": null, "distance": null, "cover": null}),
    )
    .await
    .expect(201);
    let whole = last_lines(&t, &e, gm).await.to_string();
    assert!(whole.contains("Scav Lookout"), "the GM reads who: {whole}");
    for seat in [&t.alice, &t.bob, &t.spectator] {
        let lines = last_lines(&t, &e, &seat.session).await;
        let first = lines[0].as_str().unwrap_or_default();
        assert!(
            first.starts_with("Vex Marrow is shot at by someone unseen: a "),
            "{lines}"
        );
        let text = lines.to_string();
        assert!(
            !text.contains("scav") && !text.contains("Scav"),
            "the shooter is not named: {text}"
        );
        let view = t.view(&e, &seat.session).await.to_string();
        assert!(!view.contains("scav") && !view.contains("Scav"), "{view}");
    }
}

/// The GM's harm done by the hidden brute (its typed `by`) in words that
/// do not name it ("a thrown rock"): those words never reach the table,
/// which hears only that Kara took the damage from someone unseen.
async fn an_event_about_a_hidden_combatant_stays_hidden_unnamed(db: Db) {
    let t = Table::d20(db).await;
    let e = ford(&t).await;
    let gm = &t.gm.session;
    t.command(
        &e,
        gm,
        json!({"command": "harm", "target": "kara", "amount": 2, "by": "brute", "why": "a thrown rock"}),
    )
    .await
    .expect(201);
    let whole = last_lines(&t, &e, gm).await.to_string();
    assert!(whole.contains("a thrown rock"), "{whole}");
    assert!(
        !whole.contains("brute") && !whole.contains("Brute"),
        "the words do not name the brute: {whole}"
    );
    for seat in [&t.alice, &t.bob, &t.spectator] {
        assert_eq!(
            last_lines(&t, &e, &seat.session).await,
            json!(["Kara Voss takes 2 damage from someone unseen"])
        );
        let view = t.view(&e, &seat.session).await.to_string();
        assert!(!view.contains("a thrown rock"), "{view}");
    }
}

both!(
    a_hidden_name_inside_a_visible_one_hides_nothing_of_it,
    an_unseen_shooter_is_felt_not_named,
    an_event_about_a_hidden_combatant_stays_hidden_unnamed,
);
