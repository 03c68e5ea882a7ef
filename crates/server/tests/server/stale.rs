//! Two servers on one database, with no announcement between them (or one
//! not yet arrived): a change decided on a table that is behind the store
//! is refused by the store's version check, and the server catches up and
//! decides it again, so it lands on top of the other server's changes
//! instead of failing.

use axum::http::Method;
use nanite_server::Config;
use serde_json::json;

use super::support::{self, Call, Db, RAIDER, SCAV, Table};
use crate::both;

async fn a_stale_table_catches_up_and_decides_again(db: Db) {
    let t = Table::new(db.clone()).await;
    let e = t.encounter("Two servers").await;
    let gm = t.gm.bearer();
    // A second server over the same database, its table loaded now.
    let other = nanite_server::app(support::state(&db, Config::default()).await);
    let before = support::send(&other, Call::new(Method::GET, t.path(""), &gm))
        .await
        .expect(200);
    assert_eq!(before.json["version"], 1);

    // Through the first server: a roll and a combatant.
    t.send(
        t.post(&t.path("/rolls"), &gm)
            .json(json!({"expression": "d6"})),
    )
    .await
    .expect(201);
    t.enter_raider(&e).await;

    // Through the second, two entries behind: it knows nothing of the
    // raider yet, and its command still lands, after them.
    let combatants = t.path(&format!("/encounters/{e}/combatants"));
    let added = support::send(
        &other,
        Call::new(Method::POST, combatants.clone(), &gm)
            .json(json!({"id": "scav", "npc": SCAV, "side": "raiders"})),
    )
    .await
    .expect(201);
    assert_eq!(added.json["version"], 4);
    // A command the engine refuses once it knows the newer state is
    // refused, not stored: the raider is already in the fight.
    let again = support::send(
        &other,
        Call::new(Method::POST, combatants, &gm)
            .json(json!({"id": "raider", "npc": RAIDER, "side": "raiders"})),
    )
    .await;
    assert_eq!(again.status.as_u16(), 422, "{}", again.text);

    // The first server, behind in turn, catches up the same way.
    t.enter(
        &e,
        json!({"id": "raider-2", "npc": RAIDER, "side": "raiders"}),
    )
    .await;
    let path = t.path(&format!("/encounters/{e}"));
    let here = t.send(t.get(&path, &gm)).await.expect(200).json;
    assert_eq!(here["version"], 5);
    // The three, each once, whatever their order.
    let mut ids = support::ids(&here["combatants"]);
    ids.sort_unstable();
    assert_eq!(ids, ["raider", "raider-2", "scav"]);
}

both!(a_stale_table_catches_up_and_decides_again);
