//! A Station campaign's own content: a version is the pack directory's
//! TOML files with the campaign's scenarios, loaded as `nanite station
//! --pack DIR` loads them and each scenario checked as `nanite station
//! check` checks it, refused whole with every problem; hostile and
//! oversized uploads refused with nothing kept; the version in force used
//! by new games (each game keeping its pack), listed in the compendium,
//! the switch naming the games' scenarios it breaks, and an export
//! carrying it to `nanite verify` and a server that never saw it.

use std::collections::BTreeMap;

use axum::http::Method;
use nanite_server::{Config, verify};
use serde_json::json;

use super::station::Station;
use super::support::{self, Call, Db};
use crate::both;

/// A creature of the campaign's own, not in the sample pack.
const SPITTER: &str = r#"
[[creature]]
id = "spitter"
name = "Acid Spitter"
bcp = 1
hp = 4
ap = 3
agi = 1
skill = 2
weapon = "claws"
resist = { biological = 3 }
"#;

const LAB: &str = include_str!("../../../../examples/station/derelict-lab.txt");

/// The sample pack's files as a directory `nest/`, with the spitter.
fn nest_pack() -> BTreeMap<String, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/station");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let mut text = std::fs::read_to_string(&path).unwrap();
        if name == "creatures.toml" {
            text.push_str(SPITTER);
        }
        out.insert(format!("nest/{name}"), text);
    }
    out
}

/// The Derelict Lab with spitters where crawlers were: it plays only on a
/// pack that has them.
fn nest_scenario() -> String {
    LAB.replace("name: Derelict Lab", "name: Spitter Nest")
        .replace("crawler ", "spitter ")
}

async fn upload(t: &Station, files: &BTreeMap<String, String>) -> support::Answer {
    t.send(
        t.post("/packs", &t.gm.session)
            .json(json!({ "files": files })),
    )
    .await
}

async fn switch(t: &Station, version: u32, confirm: bool) -> support::Answer {
    t.send(
        t.post(&format!("/packs/{version}/switch"), &t.gm.session)
            .json(json!({ "confirm": confirm })),
    )
    .await
}

async fn station_packs_are_versioned_and_start_new_games(db: Db) {
    let url = db.0.clone();
    let t = Station::new(db).await;
    let gm = &t.gm.session;
    // A new Station campaign plays the built-in pack and its samples.
    let listed = t.send(t.get("/packs", gm)).await.expect(200);
    assert_eq!(listed.json["in_force"], 0, "{}", listed.text);
    assert_eq!(listed.json["versions"][0]["pack_id"], "station-sample");
    // The nest scenario names a creature the built-in pack lacks: refused,
    // with its line, as `nanite station check` refuses it.
    let refused = t
        .send(
            t.post("/station/games", gm)
                .json(json!({"scenario": nest_scenario(), "file": "nest.txt"})),
        )
        .await
        .expect(422);
    assert_eq!(refused.code(), "invalid_scenario", "{}", refused.text);
    assert!(refused.text.contains("spitter"), "{}", refused.text);
    // Only the GM uploads.
    let mut files = nest_pack();
    files.insert("nest/nest.txt".into(), nest_scenario());
    t.send(
        t.post("/packs", &t.alice.session)
            .json(json!({ "files": files })),
    )
    .await
    .expect(403);
    let made = upload(&t, &files).await.expect(201);
    assert_eq!(made.json["pack"]["version"], 1, "{}", made.text);
    assert_eq!(made.json["pack"]["name"], "nest");
    assert!(made.text.contains("nest/nest.txt"), "{}", made.text);
    // The same files again: the version that holds them.
    let again = upload(&t, &files).await.expect(200);
    assert_eq!(again.json["pack"]["version"], 1);
    // Until the switch, new games start on the built-in pack.
    let scenarios = t.send(t.get("/station/scenarios", gm)).await.expect(200);
    assert_eq!(scenarios.json["pack_version"], 0);
    assert!(!scenarios.text.contains("\"nest\""), "{}", scenarios.text);
    let before = t.start("derelict-lab").await;
    // Nothing breaks: the running game's scenario loads on version 1 too.
    let impact = t.send(t.get("/packs/1/impact", gm)).await.expect(200);
    assert_eq!(impact.json["checked"], 1, "{}", impact.text);
    assert_eq!(impact.json["broken"], json!([]), "{}", impact.text);
    switch(&t, 1, false).await.expect(201);
    let scenarios = t.send(t.get("/station/scenarios", gm)).await.expect(200);
    assert_eq!(scenarios.json["pack_version"], 1);
    assert_eq!(scenarios.json["scenarios"][0]["id"], "nest");
    assert_eq!(scenarios.json["scenarios"][0]["source"], "pack");
    assert_eq!(scenarios.json["scenarios"][0]["name"], "Spitter Nest");
    let nest = t.start("nest").await;
    let view = t.view(&nest, gm).await;
    assert_eq!(view["scenario"]["name"], "Spitter Nest", "{view}");
    // The compendium lists the version's content and scenarios.
    let c = t.send(t.get("/compendium?q=spitter", gm)).await.expect(200);
    assert_eq!(c.json["ruleset"], "station");
    assert_eq!(c.json["version"], 1);
    let sections: Vec<&str> = c.json["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["key"].as_str().unwrap())
        .collect();
    assert!(sections.contains(&"creature"), "{}", c.text);
    let all = t.send(t.get("/compendium", gm)).await.expect(200);
    all.has("\"anchor\":\"scenario-nest\"");
    assert!(all.text.contains("ST-GM-01"), "{}", all.text);
    // The pages: the GM reaches the packs page from the dashboard; the
    // start form offers the pack's scenario; the compendium shows it.
    let page = |path: &str, auth| Call::new(Method::GET, format!("/c/{}{path}", t.campaign), auth);
    let dashboard = t.send(page("", gm)).await.expect(200);
    dashboard.has(&format!("/c/{}/packs", t.campaign));
    dashboard.has("Spitter Nest (campaign pack)");
    let packs = t.send(page("/packs", gm)).await.expect(200);
    packs.has("Pack and scenario files");
    packs.has("accept=\".toml,.txt\"");
    t.send(page("/packs", &t.alice.session)).await.expect(403);
    let shown = t
        .send(page("/compendium", &t.alice.session))
        .await
        .expect(200);
    shown.has("id=\"creature-spitter\"");
    shown.has("id=\"scenario-nest\"");
    // Going back to the built-in pack would break the nest game's
    // scenario: named before the switch, refused unless confirmed.
    let breaks = switch(&t, 0, false).await.expect(409);
    assert_eq!(breaks.code(), "pack_breaks_files", "{}", breaks.text);
    assert_eq!(breaks.json["error"]["broken"][0]["kind"], "scenario");
    assert_eq!(breaks.json["error"]["broken"][0]["id"], nest.as_str());
    assert!(breaks.text.contains("spitter"), "{}", breaks.text);
    switch(&t, 0, true).await.expect(201);
    // The nest game keeps the pack it started on.
    t.command(&nest, &t.alice.session, json!("EndTurn"))
        .await
        .expect(201);
    let refused = t
        .send(t.post("/station/games", gm).json(json!({"sample": "nest"})))
        .await
        .expect(422);
    assert_eq!(refused.code(), "no_such_scenario", "{}", refused.text);
    // The export carries the pack: `nanite verify` replays both games, and
    // a server that never saw the pack imports and shows them.
    let export = support::export(&url, &t.campaign).await;
    assert!(support::carries_packs(&export, &t.campaign));
    let text = serde_json::to_string(&export).unwrap();
    let checked = verify::verify(&verify::read(&text).unwrap()).unwrap();
    assert!(checked.mismatches.is_empty(), "{:?}", checked.mismatches);
    let fresh = support::sqlite();
    nanite_server::transfer::import(&fresh.0, &export, false)
        .await
        .unwrap();
    let state = support::state(&fresh, Config::default()).await;
    let router = nanite_server::app(state);
    let session = support::join(&router, &t.gm.token).await;
    for (game, title) in [(&nest, "Spitter Nest"), (&before, "Derelict Lab")] {
        let path = format!("/api/campaigns/{}/station/games/{game}", t.campaign);
        let seen = support::send(&router, Call::new(Method::GET, path, &session))
            .await
            .expect(200);
        assert_eq!(seen.json["scenario"]["name"], title, "{}", seen.text);
    }
    // Without its pack, the import is refused, saying why.
    support::refused_without_packs(&export).await;
}

async fn a_broken_station_pack_is_refused_with_every_problem(db: Db) {
    let t = Station::new(db).await;
    // Two mistakes in two pack files: both listed, with file and line.
    let mut files = nest_pack();
    files.insert(
        "nest/broken.toml".into(),
        "format = 1\n[[weapon]]\nid = \"zapper\"\nname = \"Zapper\"\nkind = \"laser\"\ndamage = 2\ntype = \"energy\"\n"
            .into(),
    );
    let creatures = files["nest/creatures.toml"].replace(
        "weapon = \"claws\"\nresist = { biological = 3 }",
        "weapon = \"teeth\"\nresist = { biological = 3 }",
    );
    files.insert("nest/creatures.toml".into(), creatures);
    let refused = upload(&t, &files).await.expect(422);
    assert_eq!(refused.code(), "invalid_pack", "{}", refused.text);
    refused.has("nanite station --pack");
    let found = refused.json["error"]["diagnostics"].as_array().unwrap();
    let in_file = |f: &str| {
        found
            .iter()
            .any(|d| d["file"] == f && d["line"].as_u64().is_some())
    };
    assert!(in_file("nest/broken.toml"), "{}", refused.text);
    assert!(in_file("nest/creatures.toml"), "{}", refused.text);
    // A good pack with two broken scenarios: each scenario's problems, all
    // at once.
    let mut files = nest_pack();
    files.insert(
        "nest/one.txt".into(),
        LAB.replace("ana marine", "ana wizard"),
    );
    files.insert("nest/two.txt".into(), LAB.replace("crawler ", "dragon "));
    let refused = upload(&t, &files).await.expect(422);
    let found = refused.json["error"]["diagnostics"].as_array().unwrap();
    for file in ["nest/one.txt", "nest/two.txt"] {
        assert!(
            found
                .iter()
                .any(|d| d["file"] == file && d["line"].as_u64().is_some()),
            "{file}: {}",
            refused.text
        );
    }
    // Nothing was kept.
    let listed = t.send(t.get("/packs", &t.gm.session)).await.expect(200);
    assert_eq!(listed.json["versions"].as_array().unwrap().len(), 1);
}

async fn hostile_station_uploads_are_refused(db: Db) {
    let t = Station::new(db).await;
    let good = nest_pack();
    let cases: [(&str, String, &str); 4] = [
        ("../nest.txt", LAB.to_string(), "not a plain relative path"),
        ("nest/notes.md", "x".into(), "nor a .txt scenario"),
        ("nest/a/b.txt", LAB.to_string(), "more than one folder deep"),
        (
            "nest/huge.txt",
            "#".repeat(512 * 1024 + 1),
            "a pack file is at most",
        ),
    ];
    for (path, text, said) in cases {
        let mut files = good.clone();
        files.insert(path.into(), text);
        let refused = upload(&t, &files).await.expect(422);
        assert_eq!(refused.code(), "invalid_pack_upload", "{path}");
        assert!(refused.text.contains(said), "{path}: {}", refused.text);
    }
    // A scenario over the Station limits is refused by its own checks.
    let mut files = good.clone();
    files.insert(
        "nest/wide.txt".into(),
        LAB.replace("piece lab at 11,0", "piece lab at 900,0"),
    );
    upload(&t, &files).await.expect(422);
    // An archive of the directory goes through the same checks.
    let mut files = good.clone();
    files.insert("nest/nest.txt".into(), nest_scenario());
    let zip = {
        use std::io::Write;
        let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default();
        for (path, text) in &files {
            out.start_file(path.as_str(), options).unwrap();
            out.write_all(text.as_bytes()).unwrap();
        }
        out.finish().unwrap().into_inner()
    };
    let made = t
        .send(
            t.post("/packs/archive", &t.gm.session)
                .raw("application/zip", zip),
        )
        .await
        .expect(201);
    assert_eq!(made.json["pack"]["version"], 1, "{}", made.text);
    let listed = t.send(t.get("/packs", &t.gm.session)).await.expect(200);
    assert_eq!(listed.json["versions"].as_array().unwrap().len(), 2);
}

both!(
    station_packs_are_versioned_and_start_new_games,
    a_broken_station_pack_is_refused_with_every_problem,
    hostile_station_uploads_are_refused,
);
