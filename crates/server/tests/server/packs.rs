//! A campaign's own content packs: uploaded whole or refused whole with
//! every problem, hostile uploads refused quickly, each upload a version,
//! the switch previewed (every character and NPC file it breaks) and
//! refused unless confirmed, characters and entrances checked against the
//! pack in force, the compendium showing it, and an export carrying it to a
//! server that never saw it (import and `verify`).

use std::collections::BTreeMap;

use axum::http::Method;
use nanite_server::{AppState, Config};
use serde_json::{Value, json};

use super::support::{self, Call, Db, Table, VEX};
use crate::both;

/// A custom weapon: the Rail SMG.
pub(crate) const RAIL_SMG: &str = r#"
[weapon.rail-smg]
name = "Rail SMG"
category = "smg"
skill = "smgs"
damage = "3d10 + 6"
damage_type = "ballistic"
apl = 2
modes = ["semi", "burst"]
burst_miss = 1
burst_rounds = 3
brackets = [
  { to = 15, miss = 3 },
  { to = 30, miss = 5 },
]
magazine = 24
reload_dc = 30
reload_actions = 2
price = 900
description = "A house weapon of this campaign."
"#;

/// The sample pack's files, with the Rail SMG added to weapons.toml when
/// `rail`, as a pack directory's files (`pack.toml`, `weapons.toml`...).
pub(crate) fn pack(rail: bool) -> BTreeMap<String, String> {
    nanite_compound_x::SAMPLE_PACK
        .iter()
        .map(|(path, text)| {
            let name = path.rsplit('/').next().unwrap().to_string();
            let mut text = (*text).to_string();
            if rail && name == "weapons.toml" {
                text.push_str(RAIL_SMG);
            }
            if name == "pack.toml" {
                text = text.replace("compound-x-sample", "rustbelt").replace(
                    "name = \"Compound X sample pack\"",
                    "name = \"Rustbelt house pack\"",
                );
            }
            (name, text)
        })
        .collect()
}

/// Vex with the Rail SMG instead of the Basic SMG.
pub(crate) fn rail_vex() -> String {
    VEX.replace("id = \"smg\"", "id = \"rail-smg\"")
}

async fn upload_pack(t: &Table, files: &BTreeMap<String, String>) -> support::Answer {
    t.send(
        t.post(&t.path("/packs"), &t.gm.session)
            .json(json!({ "files": files })),
    )
    .await
}

pub(crate) async fn switch(t: &Table, version: u32, confirm: bool) -> support::Answer {
    t.send(
        t.post(&t.path(&format!("/packs/{version}/switch")), &t.gm.session)
            .json(json!({ "confirm": confirm })),
    )
    .await
}

/// Uploads the Rail SMG pack, switches to it, and brings Rail Vex into
/// the Rail yard ([`rail_yard`]). Returns the encounter.
async fn rail_campaign(t: &Table) -> String {
    let made = upload_pack(t, &pack(true)).await.expect(201);
    assert_eq!(made.json["pack"]["version"], 1);
    switch(t, 1, false).await.expect(201);
    t.upload(&t.alice.session, "vex", &rail_vex())
        .await
        .expect(201);
    rail_yard(t).await
}

/// Vex, uploaded already, enters the Rail yard against a raider. Returns
/// the encounter.
pub(crate) async fn rail_yard(t: &Table) -> String {
    let e = t.encounter("Rail yard").await;
    t.enter_vex(&e).await;
    t.enter_raider(&e).await;
    e
}

/// Vex and the raider 12 m apart, Vex first, and her semi-automatic shot
/// at the raider with her first weapon (the pack's when it is on).
pub(crate) async fn vex_shoots_first(t: &Table, e: &str) {
    t.vex_first(e, 12).await;
    t.command(
        e,
        &t.alice.session,
        json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0, "mode": "semi"}),
    )
    .await
    .expect(201);
}

/// Encounter `e` of `t`'s campaign as its GM sees it on another server
/// over `state` (restarted, or imported into), joining with the GM's link.
async fn seen_elsewhere(t: &Table, state: AppState, e: &str) -> Value {
    let router = nanite_server::app(state);
    let gm = support::join(&router, &t.gm.token).await;
    let path = format!("/api/campaigns/{}/encounters/{e}", t.campaign);
    support::send(&router, Call::new(Method::GET, path, &gm))
        .await
        .expect(200)
        .json
}

async fn versions_and_the_switch(db: Db) {
    let url = db.0.clone();
    let t = Table::new(db).await;
    let gm = &t.gm.session;
    // A new campaign plays the built-in sample pack.
    let listed = t.send(t.get(&t.path("/packs"), gm)).await.expect(200);
    assert_eq!(listed.json["in_force"], 0);
    assert_eq!(listed.json["versions"][0]["pack_id"], "compound-x-sample");
    // So a character with the Rail SMG is refused: the weapon is unknown.
    let refused = t
        .upload(&t.alice.session, "vex", &rail_vex())
        .await
        .expect(422);
    assert_eq!(refused.code(), "invalid_character");
    assert!(refused.text.contains("rail-smg"), "{}", refused.text);
    // Only the GM uploads packs.
    let player = t
        .send(
            t.post(&t.path("/packs"), &t.alice.session)
                .json(json!({ "files": pack(true) })),
        )
        .await
        .expect(403);
    assert_eq!(player.code(), "gm_only");
    // The upload is a version; the campaign still plays the sample.
    let made = upload_pack(&t, &pack(true)).await.expect(201);
    assert_eq!(made.json["pack"]["version"], 1);
    assert_eq!(made.json["pack"]["name"], "Rustbelt house pack");
    assert_eq!(made.json["pack"]["in_force"], false);
    assert_eq!(made.json["impact"]["broken"], json!([]));
    // The same files again: the same version, not a new one.
    let again = upload_pack(&t, &pack(true)).await.expect(200);
    assert_eq!(again.json["pack"]["version"], 1);
    t.upload(&t.alice.session, "vex", &rail_vex())
        .await
        .expect(422);
    let switched = switch(&t, 1, false).await.expect(201);
    assert_eq!(switched.json["entry"]["type"], "pack_switched");
    assert_eq!(switched.json["entry"]["version"], 1);
    assert_eq!(
        switch(&t, 1, false).await.expect(409).code(),
        "pack_in_force"
    );
    // Now the character is checked against the campaign's pack.
    t.upload(&t.alice.session, "vex", &rail_vex())
        .await
        .expect(201);
    let sheet = t
        .send(t.get(&t.path("/characters/vex"), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(sheet.json["sheet"]["weapons"][0]["id"], "rail-smg");
    assert_eq!(sheet.json["sheet"]["weapons"][0]["name"], "Rail SMG");
    let e = rail_yard(&t).await;
    // Version 2 drops the Rail SMG: it would break Vex, and says how.
    let v2 = upload_pack(&t, &pack(false)).await.expect(201);
    assert_eq!(v2.json["pack"]["version"], 2);
    let broken = &v2.json["impact"]["broken"];
    assert_eq!(broken.as_array().unwrap().len(), 1, "{broken}");
    assert_eq!(broken[0]["kind"], "character");
    assert_eq!(broken[0]["id"], "vex");
    assert!(
        broken[0]["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("rail-smg")
    );
    // The raider's NPC file was checked too, and passes.
    assert_eq!(v2.json["impact"]["checked"], 2);
    let preview = t
        .send(t.get(&t.path("/packs/2/impact"), gm))
        .await
        .expect(200);
    assert_eq!(preview.json["broken"], *broken);
    assert_eq!(
        t.send(t.get(&t.path("/packs/2/impact"), &t.alice.session))
            .await
            .expect(403)
            .code(),
        "gm_only"
    );
    // Switching re-checks every file and is refused unless confirmed.
    let no = switch(&t, 2, false).await.expect(409);
    assert_eq!(no.code(), "pack_breaks_files");
    assert_eq!(no.json["error"]["broken"][0]["id"], "vex");
    let listed = t.send(t.get(&t.path("/packs"), gm)).await.expect(200);
    assert_eq!(listed.json["in_force"], 1);
    let yes = switch(&t, 2, true).await.expect(201);
    assert_eq!(
        yes.json["entry"]["broke"],
        json!(["character vex (vex.toml)"])
    );
    assert!(
        no.text
            .contains("would break 1 file: character vex (vex.toml)"),
        "{}",
        no.text
    );
    // Vex's file no longer passes, and says so; back to version 1 it does.
    t.send(t.get(&t.path("/characters/vex"), &t.alice.session))
        .await
        .expect(422);
    switch(&t, 1, false).await.expect(201);
    // The version's files can be read back.
    let shown = t.send(t.get(&t.path("/packs/1"), gm)).await.expect(200);
    assert!(
        shown.json["texts"]["weapons.toml"]
            .as_str()
            .unwrap()
            .contains("rail-smg")
    );
    t.send(t.get(&t.path("/packs/9"), gm)).await.expect(404);
    // A restarted server replays the encounter: Vex entered with version 1.
    let state = support::state(&Db(url), Config::default()).await;
    let text = seen_elsewhere(&t, state, &e).await.to_string();
    assert!(text.contains("Rail SMG"), "{text}");
}

/// Breaks the pack's `files` (in directory `dir`) twice: a weapon of an
/// unknown damage type, a feat requiring one that is not there.
pub(crate) fn break_pack(files: &mut BTreeMap<String, String>, dir: &str) {
    let weapons = files.get_mut(&format!("{dir}weapons.toml")).unwrap();
    *weapons = weapons.replace(
        "damage_type = \"ballistic\"\napl = 2",
        "damage_type = \"sonic\"\napl = 2",
    );
    files.insert(
        format!("{dir}feats-extra.toml"),
        "[feat.quick]\nname = \"Quick\"\ndescription = \"x\"\nrequires = { feats = [\"no-such-feat\"] }\n".into(),
    );
}

/// A pack broken by [`break_pack`] is refused with both problems at once,
/// the damage type at its line in `{dir}weapons.toml`.
pub(crate) fn refused_as_broken(refused: &support::Answer, dir: &str) {
    assert_eq!(refused.code(), "invalid_pack");
    let found = refused.json["error"]["diagnostics"].as_array().unwrap();
    assert!(found.len() >= 2, "every problem at once: {found:?}");
    let sonic = found
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("sonic"))
        .expect("the damage type");
    assert_eq!(sonic["file"], format!("{dir}weapons.toml"));
    assert!(sonic["line"].as_u64().unwrap() > 1);
    assert!(
        found
            .iter()
            .any(|d| d["message"].as_str().unwrap().contains("no-such-feat"))
    );
}

async fn a_broken_pack_is_refused_whole(db: Db) {
    let t = Table::new(db).await;
    let mut files = pack(true);
    break_pack(&mut files, "");
    let refused = upload_pack(&t, &files).await.expect(422);
    refused_as_broken(&refused, "");
    // Nothing was kept.
    let listed = t
        .send(t.get(&t.path("/packs"), &t.gm.session))
        .await
        .expect(200);
    assert_eq!(listed.json["versions"].as_array().unwrap().len(), 1);
    // A pack without pack.toml, or for another ruleset.
    let mut no_manifest = pack(true);
    no_manifest.remove("pack.toml");
    let e = upload_pack(&t, &no_manifest).await.expect(422);
    assert!(e.text.contains("pack.toml"), "{}", e.text);
    let d20: BTreeMap<String, String> = nanite_d20::pack::SAMPLE_PACK
        .iter()
        .map(|(p, text)| {
            (
                p.rsplit('/').next().unwrap().to_string(),
                (*text).to_string(),
            )
        })
        .collect();
    let e = upload_pack(&t, &d20).await.expect(422);
    assert!(e.text.contains("not Compound X"), "{}", e.text);
}

async fn hostile_uploads_are_refused_quickly(db: Db) {
    let t = Table::new(db).await;
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"files": {"../pack.toml": "x"}}),
            "not a plain relative path",
        ),
        (
            json!({"files": {"/etc/passwd.toml": "x"}}),
            "not a plain relative path",
        ),
        (
            json!({"files": {"a/b/c/pack.toml": "x"}}),
            "more than one folder deep",
        ),
        (json!({"files": {"pack.sh": "x"}}), "not a .toml file"),
        (json!({"files": {}}), "no file"),
        (
            json!({"files": (0..65).map(|i| (format!("f{i}.toml"), Value::String(String::new()))).collect::<serde_json::Map<_, _>>()}),
            "at most 64",
        ),
    ];
    for (body, said) in cases {
        let started = std::time::Instant::now();
        let e = t
            .send(t.post(&t.path("/packs"), &t.gm.session).json(body.clone()))
            .await
            .expect(422);
        assert_eq!(e.code(), "invalid_pack_upload", "{body}");
        assert!(e.text.contains(said), "{said}: {}", e.text);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }
    // A body over the limit is refused before it is read.
    let huge = format!(
        r#"{{"files":{{"pack.toml":"{}"}}}}"#,
        "#".repeat(2 * 1024 * 1024)
    );
    let e = t
        .send(
            t.post(&t.path("/packs"), &t.gm.session)
                .raw("application/json", huge),
        )
        .await
        .expect(413);
    assert_eq!(e.code(), "body_too_large");
    // Deeply nested TOML is an error of the pack, not a crash.
    let mut nested = pack(false);
    nested.insert(
        "deep.toml".into(),
        format!("x = {}1{}", "[".repeat(5000), "]".repeat(5000)),
    );
    let e = upload_pack(&t, &nested).await;
    assert_eq!(e.status.as_u16(), 422, "{}", e.text);
    let station = t
        .send(
            t.post("/api/campaigns", &t.gm.session)
                .json(json!({"name": "Outpost", "ruleset": "station"})),
        )
        .await
        .expect(201);
    let id = station.json["campaign"]["id"].as_str().unwrap();
    // A Station campaign takes Station packs: a Compound X pack is read
    // as one, and refused with every problem.
    let e = t
        .send(
            t.post(&format!("/api/campaigns/{id}/packs"), &t.gm.session)
                .json(json!({"files": pack(true)})),
        )
        .await
        .expect(422);
    assert_eq!(e.code(), "invalid_pack");
    assert!(e.text.contains("nanite station --pack"), "{}", e.text);
}

async fn the_compendium_shows_the_pack_in_force(db: Db) {
    let t = Table::new(db).await;
    let seen = |v: &Value| v.to_string().contains("rail-smg");
    let before = t
        .send(t.get(&t.path("/compendium"), &t.alice.session))
        .await
        .expect(200);
    assert!(!seen(&before.json));
    assert_eq!(before.json["version"], 0);
    rail_campaign(&t).await;
    let found = t
        .send(t.get(&t.path("/compendium?q=rail%20smg"), &t.alice.session))
        .await
        .expect(200);
    assert_eq!(found.json["pack"], "Rustbelt house pack");
    let weapons = &found.json["sections"][0];
    assert_eq!(weapons["key"], "weapon");
    let rail = &weapons["entries"][0];
    assert_eq!(rail["anchor"], "weapon-rail-smg");
    // rule: CX-RNG-02
    assert_eq!(
        rail["tables"][0]["rows"],
        json!([["0", "15", "3"], ["16", "30", "5"]])
    );
    assert!(
        rail["facts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["label"] == "Damage" && f["value"] == "3d10 + 6")
    );
    assert!(
        rail["facts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["label"] == "Attachments"
                && f["value"].as_str().unwrap().contains("Dot Sight"))
    );
    // The pages: the compendium with the entry's anchor, the sheet linking
    // to it.
    let page = t
        .send(t.get(
            &format!("/c/{}/compendium?q=rail", t.campaign),
            &t.alice.session,
        ))
        .await
        .expect(200);
    page.has("id=\"weapon-rail-smg\"");
    let sheet = t
        .send(t.get(
            &format!("/c/{}/characters/vex", t.campaign),
            &t.alice.session,
        ))
        .await
        .expect(200);
    assert!(
        sheet
            .text
            .contains(&format!("/c/{}/compendium#weapon-rail-smg", t.campaign))
    );
    let packs = t
        .send(t.get(&format!("/c/{}/packs?check=1", t.campaign), &t.gm.session))
        .await
        .expect(200);
    assert!(packs.text.contains("Rustbelt house pack"));
}

async fn export_import_and_verify_carry_the_pack(db: Db) {
    let url = db.0.clone();
    let t = Table::new(db).await;
    let e = rail_campaign(&t).await;
    vex_shoots_first(&t, &e).await;
    let export = support::export(&url, &t.campaign).await;
    assert!(
        support::carries_packs(&export, &t.campaign),
        "the export carries the pack"
    );
    // `nanite verify` replays it with the pack, and finds nothing wrong.
    let text = serde_json::to_string(&export).unwrap();
    let checked = support::verified(&text);
    assert!(checked.mismatches.is_empty(), "{:?}", checked.mismatches);
    // A server that never saw the pack imports and replays it.
    let view = seen_elsewhere(&t, support::imported(&export).await, &e).await;
    assert!(view.to_string().contains("Rail SMG"), "{view}");
    // Without its pack, the import is refused, saying why.
    support::refused_without_packs(&export).await;
    // A tampered pack is refused too.
    let mut tampered = export.clone();
    for r in &mut tampered.records {
        if r.collection.starts_with("packs:") {
            let w = r.data["files"]["weapons.toml"]
                .as_str()
                .unwrap()
                .replace("3d10 + 6", "9d10");
            r.data["files"]["weapons.toml"] = Value::String(w);
        }
    }
    let refused = nanite_server::transfer::import(&support::sqlite().0, &tampered, false)
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("digest"), "{refused}");
}

both!(
    versions_and_the_switch,
    a_broken_pack_is_refused_whole,
    hostile_uploads_are_refused_quickly,
    the_compendium_shows_the_pack_in_force,
    export_import_and_verify_carry_the_pack,
);
