//! `GET .../station/games/{game}/choices`: each seat is offered only its
//! own, every offered square is one the engine takes at the AP it says, a
//! refused choice is refused by `POST .../commands` with the same code and
//! rule, and nothing offered to a player names the GM's points.

use serde_json::{Value, json};

use super::station::Station;
use super::support::{Auth, Db};
use crate::both;

async fn choices(t: &Station, game: &str, auth: &Auth) -> Vec<Value> {
    let answer = t
        .send(t.get(&format!("/station/games/{game}/choices"), auth))
        .await
        .expect(200);
    assert!(answer.json["version"].is_i64(), "{}", answer.json);
    answer.json["choices"].as_array().unwrap().clone()
}

fn kinds(list: &[Value]) -> Vec<&str> {
    list.iter().map(|c| c["kind"].as_str().unwrap()).collect()
}

fn ap(view: &Value, crew: &str) -> i64 {
    view["crew"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == crew)
        .unwrap()["ap"]
        .as_i64()
        .unwrap()
}

/// Each seat's choices, in setup and the players' turn, agree with what
/// the commands endpoint then does with them.
async fn each_seat_is_offered_its_own_choices(db: Db) {
    // rule: ST-FLOW-01, ST-FLOW-02
    let t = Station::new(db).await;
    let g = t.start("outpost-siege").await;
    let (gm, alice, bob, spectator) = t.sessions();
    // Setup: the GM deploys and begins; the players wait.
    let setup = choices(&t, &g, gm).await;
    assert!(kinds(&setup).contains(&"deploy"), "{setup:?}");
    assert_eq!(kinds(&setup).last(), Some(&"begin"));
    let deploy = setup.iter().find(|c| c["kind"] == "deploy").unwrap();
    assert_eq!(deploy["actor"], Value::Null);
    for auth in [alice, bob, spectator] {
        assert_eq!(choices(&t, &g, auth).await, Vec::<Value>::new());
    }
    let begin = setup.iter().find(|c| c["kind"] == "begin").unwrap();
    t.command(&g, gm, begin["command"].clone())
        .await
        .expect(201);

    // The players' turn: Alice acts for ana only.
    let mine = choices(&t, &g, alice).await;
    assert!(
        mine.iter()
            .filter(|c| c["kind"] != "end_turn")
            .all(|c| c["actor"] == "ana"),
        "{mine:?}"
    );
    assert!(!mine.iter().any(|c| c.to_string().contains("bcp")));
    let end = mine.iter().find(|c| c["kind"] == "end_turn").unwrap();
    assert_eq!(end["verdict"]["verdict"], "allowed");
    // Bob acts for nobody yet; the spectator watches.
    assert_eq!(choices(&t, &g, bob).await, Vec::<Value>::new());
    assert_eq!(choices(&t, &g, spectator).await, Vec::<Value>::new());

    // A refused choice is refused by the engine alike.
    let refused = mine
        .iter()
        .find(|c| c["verdict"]["verdict"] == "refused")
        .expect("something ana may not do now");
    assert_eq!(refused["verdict"]["code"], "refused", "{refused}");
    let answer = t.command(&g, alice, refused["command"].clone()).await;
    assert_eq!(answer.status.as_u16(), 422, "{}", answer.text);
    assert_eq!(answer.code(), "refused");
    assert_eq!(answer.json["error"]["rule"], refused["verdict"]["rule"]);

    // The move lists squares with their AP; the last one costs what it says.
    let mv = mine.iter().find(|c| c["kind"] == "move").unwrap();
    assert_eq!(mv["params"][0]["field"], "Move.to");
    let options = mv["params"][0]["kind"]["options"].as_array().unwrap();
    assert_eq!(mv["command"]["Move"]["to"], options[0]["value"]);
    let far = options.last().unwrap();
    let before = ap(&t.view(&g, alice).await, "ana");
    let command = json!({"Move": {"who": "ana", "to": far["value"]}});
    t.command(&g, alice, command).await.expect(201);
    let after = ap(&t.view(&g, alice).await, "ana");
    assert_eq!(before - after, far["cost"].as_i64().unwrap(), "{far}");

    // The GM sees ana's choices too, and an unknown game is named.
    let gms = choices(&t, &g, gm).await;
    assert!(gms.iter().any(|c| c["actor"] == "ana"), "{gms:?}");
    let missing = t
        .send(t.get("/station/games/g-nope/choices", gm))
        .await
        .expect(404);
    assert!(missing.text.contains("g-nope"), "{}", missing.text);
}

both!(each_seat_is_offered_its_own_choices);
