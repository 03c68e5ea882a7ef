//! The Compound X battle map at the table (issue 24): the GM gives a fight
//! its map from a `[map]` section (`PUT .../map`), checked whole before
//! anything changes; each of its commands is logged and undoable; and the
//! fog of war: a player's view (combatants, initiative, distances, the
//! map's tokens, the log's narration, choices) holds only the combatants
//! one of their characters sees.

use axum::http::Method;
use serde_json::json;

use super::support::{Auth, Call, Db, Table, tokens};
use crate::both;

/// A yard cut by a wall that blocks sight from the top edge down to 16 m:
/// Vex in the west, the raider in the east behind it, the hidden scav in
/// the south-east.
const YARD: &str = r#"
[map]
width = 30
height = 20
grid = true

[[map.wall]]
kind = "concealing"
name = "yard wall"
from = [10, 0]
to = [10, 16]

[map.at]
vex = [2, 2]
raider = [20, 2]
scav = [25, 18]
"#;

fn give(t: &Table, e: &str, auth: &Auth, text: &str) -> Call {
    Call::new(Method::PUT, t.path(&format!("/encounters/{e}/map")), auth)
        .json(json!({ "text": text }))
}

/// A map that does not read, or names a stranger, or is given by a
/// player, changes nothing; a good one is the `map` command and a `place`
/// for each, each logged; the GM's undo takes back the last place.
async fn the_gm_gives_a_map_checked_whole(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    let before = t.view(&e, gm).await["log"].as_array().unwrap().len();
    for (text, says) in [
        (YARD.replace("vex = [2, 2]", "vex = [40, 2]"), "off the map"),
        (
            YARD.replace("vex = [2, 2]", "ghost = [2, 2]"),
            "nobody called `ghost`",
        ),
        ("name = \"x\"".to_string(), "no [map] section"),
        (YARD.replace("width = 30", "width = 0"), "1 to 1000 m"),
    ] {
        let answer = t.send(give(&t, &e, gm, &text)).await.expect(422);
        assert_eq!(answer.code(), "invalid_map", "{}", answer.text);
        assert!(answer.text.contains(says), "{says}: {}", answer.text);
        assert!(answer.text.contains("nothing changed"), "{}", answer.text);
    }
    let view = t.view(&e, gm).await;
    assert!(view["map"].is_null(), "{view}");
    assert_eq!(view["log"].as_array().unwrap().len(), before);
    let answer = t
        .send(give(&t, &e, &t.alice.session, YARD))
        .await
        .expect(403);
    assert_eq!(answer.code(), "gm_only");
    let given = t.send(give(&t, &e, gm, YARD)).await.expect(201);
    let names: Vec<&str> = given.json["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["map", "place", "place", "place"]);
    let view = t.view(&e, gm).await;
    assert_eq!(view["map"]["width"], 300);
    assert_eq!(view["map"]["walls"][0]["kind"], "concealing");
    assert_eq!(tokens(&view), ["raider", "scav", "vex"]);
    assert_eq!(view["log"].as_array().unwrap().len(), before + 4);
    // A smaller map would leave the raider off it: the rules refuse it,
    // and nothing changes.
    let small = "[map]\nwidth = 15\nheight = 10\n";
    let answer = t.send(give(&t, &e, gm, small)).await.expect(422);
    assert!(answer.text.contains("nothing changed"), "{}", answer.text);
    assert!(answer.text.contains("raider"), "{}", answer.text);
    let view = t.view(&e, gm).await;
    assert_eq!(view["map"]["width"], 300);
    assert_eq!(view["log"].as_array().unwrap().len(), before + 4);
    t.send(
        t.post(&t.path(&format!("/encounters/{e}/undo")), gm)
            .json(json!({})),
    )
    .await
    .expect(201);
    let view = t.view(&e, gm).await;
    assert_eq!(
        tokens(&view),
        ["raider", "vex"],
        "the last place is taken back"
    );
}

/// Alice sees only Vex behind the wall: the raider is absent from her
/// JSON, its entry and the distance to it included, and from the
/// spectator's and Bob's (the players' side sees together); once Vex steps
/// around the wall's end, the raider appears. The scav, hidden by the GM,
/// stays absent even in sight.
async fn a_player_sees_only_whom_their_characters_see(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = &t.gm.session;
    t.send(give(&t, &e, gm, YARD)).await.expect(201);
    let gm_view = t.view(&e, gm).await.to_string();
    assert!(gm_view.contains("Depot Raider"), "{gm_view}");
    for seat in [&t.alice, &t.bob, &t.spectator] {
        let view = t.view(&e, &seat.session).await;
        assert_eq!(tokens(&view), ["vex"], "{view}");
        assert_eq!(view["map"]["walls"][0]["name"], "yard wall");
        let text = view.to_string();
        for absent in ["raider", "Raider", "scav", "Scav"] {
            assert!(!text.contains(absent), "{absent} in {text}");
        }
        let choices = t
            .send(t.get(&t.path(&format!("/encounters/{e}/choices")), &seat.session))
            .await
            .expect(200)
            .text;
        assert!(!choices.contains("raider"), "{choices}");
    }
    // Vex is placed by the wall's end, then walks around it.
    t.command(
        &e,
        gm,
        json!({"command": "place", "id": "vex", "at": {"x": 80, "y": 180}}),
    )
    .await
    .expect(201);
    assert_eq!(tokens(&t.view(&e, &t.alice.session).await), ["vex"]);
    t.command(
        &e,
        &t.alice.session,
        json!({"command": "move_to", "id": "vex", "to": {"x": 120, "y": 180}}),
    )
    .await
    .expect(201);
    for seat in [&t.alice, &t.bob, &t.spectator] {
        let view = t.view(&e, &seat.session).await;
        assert_eq!(tokens(&view), ["raider", "vex"], "{view}");
        let text = view.to_string();
        assert!(text.contains("Depot Raider"), "{text}");
        assert!(!text.contains("scav") && !text.contains("Scav"), "{text}");
    }
    let choices = t
        .send(t.get(
            &t.path(&format!("/encounters/{e}/choices")),
            &t.alice.session,
        ))
        .await
        .expect(200)
        .text;
    assert!(choices.contains("\"target\":\"raider\""), "{choices}");
}

both!(
    the_gm_gives_a_map_checked_whole,
    a_player_sees_only_whom_their_characters_see,
);
