//! Campaigns: health, the OpenAPI document, creating, showing and changing
//! a campaign.

use serde_json::json;

use super::support::{Auth, Call, Db, Table};
use crate::both;

async fn health_and_the_document_describe_every_endpoint(db: Db) {
    let t = Table::new(db).await;
    let health = t
        .send(t.get("/api/health", &Auth::Anonymous))
        .await
        .expect(200);
    assert_eq!(health.json, json!({"ok": true}));
    let doc = t
        .send(t.get("/api/openapi.json", &Auth::Anonymous))
        .await
        .expect(200);
    assert_eq!(doc.json["openapi"], "3.1.0");
    let paths = doc.json["paths"].as_object().unwrap();
    assert!(paths.len() >= 16);
    // Every documented operation is served: none answers "no such endpoint"
    // or "method not allowed".
    for (path, item) in paths {
        let concrete = path
            .replace("{campaign}", &t.campaign)
            .replace("{encounter}", "e-0")
            .replace("{character}", "vex")
            .replace("{invite}", "i-0");
        for method in item.as_object().unwrap().keys() {
            let method: axum::http::Method = method.to_uppercase().parse().unwrap();
            let answer = t
                .send(Call::new(method.clone(), concrete.clone(), &t.gm.bearer()))
                .await;
            assert_ne!(answer.code(), "not_found_endpoint", "{method} {path}");
            assert!(
                !answer.json["error"]["message"]
                    .as_str()
                    .unwrap_or("")
                    .starts_with("no such endpoint"),
                "{method} {path}: {}",
                answer.text
            );
            assert_ne!(answer.status.as_u16(), 405, "{method} {path}");
        }
    }
}

async fn a_gm_creates_campaigns_and_others_may_not(db: Db) {
    let t = Table::new(db).await;
    let body = json!({"name": "Second table", "house_rules": {"melee_guard": true}});
    let made = t
        .send(t.post("/api/campaigns", &t.gm.session).json(body.clone()))
        .await
        .expect(201);
    assert_eq!(made.json["campaign"]["name"], "Second table");
    assert_eq!(made.json["campaign"]["ruleset"], "compound-x");
    assert_eq!(made.json["campaign"]["house_rules"]["melee_guard"], true);
    assert_eq!(made.json["campaign"]["house_rules"]["fort_downed"], false);
    let token = made.json["gm_token"].as_str().unwrap();
    assert_eq!(made.json["gm_link"], format!("/join/{token}"));
    // The new GM link opens the new campaign.
    let new_gm = Auth::Bearer(token.to_string());
    let mine = t.send(t.get("/api/campaigns", &new_gm)).await.expect(200);
    assert_eq!(mine.json["campaigns"][0]["name"], "Second table");

    let player = t
        .send(
            t.post("/api/campaigns", &t.alice.session)
                .json(body.clone()),
        )
        .await
        .expect(403);
    assert_eq!(player.code(), "gm_only");
    let nobody = t
        .send(t.post("/api/campaigns", &Auth::Anonymous).json(body))
        .await
        .expect(401);
    assert_eq!(nobody.code(), "not_signed_in");
}

async fn a_campaign_shows_its_settings_and_the_gm_changes_them(db: Db) {
    let t = Table::new(db).await;
    let e = t.encounter("Depot").await;
    let shown = t
        .send(t.get(&t.path(""), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(shown.json["name"], "The Depot");
    assert_eq!(
        shown.json["encounters"],
        json!([{"id": e, "name": "Depot", "ruleset": "compound-x"}])
    );
    assert_eq!(shown.json["version"], 1);
    assert_eq!(shown.json["you"]["role"], "player");

    let patch =
        |auth: &Auth, body| Call::new(axum::http::Method::PATCH, t.path(""), auth).json(body);
    let changed = t
        .send(patch(
            &t.gm.session,
            json!({"name": "The Old Depot", "house_rules": {"fort_downed": true}}),
        ))
        .await
        .expect(200);
    assert_eq!(changed.json["name"], "The Old Depot");
    assert_eq!(changed.json["house_rules"]["fort_downed"], true);
    let unknown = t
        .send(patch(
            &t.gm.session,
            json!({"house_rules": {"flying": true}}),
        ))
        .await
        .expect(422);
    assert_eq!(unknown.code(), "unknown_house_rule");
    assert!(unknown.text.contains("melee_guard"), "{}", unknown.text);
    t.send(patch(&t.alice.session, json!({"name": "Mine"})))
        .await
        .expect(403);
    // Another campaign's GM is a stranger here.
    let other = t
        .send(
            t.post("/api/campaigns", &t.gm.session)
                .json(json!({"name": "Elsewhere"})),
        )
        .await
        .expect(201);
    let stranger = Auth::Bearer(other.json["gm_token"].as_str().unwrap().to_string());
    let refused = t.send(t.get(&t.path(""), &stranger)).await.expect(403);
    assert_eq!(refused.code(), "other_campaign");
}

both!(
    health_and_the_document_describe_every_endpoint,
    a_gm_creates_campaigns_and_others_may_not,
    a_campaign_shows_its_settings_and_the_gm_changes_them,
);
