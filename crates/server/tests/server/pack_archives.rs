//! A content pack uploaded as a `.zip` or a `.tar.gz` of its directory
//! (`POST .../packs/archive`): the same checks and the same loader as the
//! JSON map of its files, refused whole with every problem, and hostile
//! archives (bombs, paths climbing out, links, too many entries) refused
//! quickly with nothing kept.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::json;

use super::packs;
use super::support::{self, Db, Table};
use crate::both;

/// The Rail SMG pack ([`packs::pack`]) as the directory `rustbelt/`.
fn rustbelt() -> BTreeMap<String, String> {
    packs::pack(true)
        .into_iter()
        .map(|(name, text)| (format!("rustbelt/{name}"), text))
        .collect()
}

fn zip_of(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    out.add_directory("rustbelt/", options).unwrap();
    for (path, data) in files {
        out.start_file(path.as_str(), options).unwrap();
        out.write_all(data).unwrap();
    }
    out.finish().unwrap().into_inner()
}

fn zip_pack(files: &BTreeMap<String, String>) -> Vec<u8> {
    let files: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|(p, t)| (p.clone(), t.clone().into_bytes()))
        .collect();
    zip_of(&files)
}

/// A .tar.gz of `entries`, each a path, a kind and its data; paths are
/// written into the header by hand, so hostile ones go in as they are.
fn tar_gz_of(entries: &[(&str, tar::EntryType, &[u8])]) -> Vec<u8> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut out = tar::Builder::new(gz);
    for (path, kind, data) in entries {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(*kind);
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        if *kind == tar::EntryType::Symlink {
            header.set_link_name("/etc/passwd").unwrap();
        }
        let name = header.as_old_mut().name.as_mut();
        name[..path.len()].copy_from_slice(path.as_bytes());
        header.set_cksum();
        out.append(&header, *data).unwrap();
    }
    out.into_inner().unwrap().finish().unwrap()
}

fn tar_gz_pack(files: &BTreeMap<String, String>) -> Vec<u8> {
    let mut entries: Vec<(&str, tar::EntryType, &[u8])> =
        vec![("rustbelt/", tar::EntryType::Directory, b"")];
    entries.extend(
        files
            .iter()
            .map(|(p, t)| (p.as_str(), tar::EntryType::Regular, t.as_bytes())),
    );
    tar_gz_of(&entries)
}

async fn upload_archive(t: &Table, content_type: &str, bytes: Vec<u8>) -> support::Answer {
    t.send(
        t.post(&t.path("/packs/archive"), &t.gm.session)
            .raw(content_type, bytes),
    )
    .await
}

async fn versions(t: &Table) -> usize {
    t.send(t.get(&t.path("/packs"), &t.gm.session))
        .await
        .expect(200)
        .json["versions"]
        .as_array()
        .unwrap()
        .len()
}

async fn a_zip_or_a_tar_gz_is_the_same_pack_as_its_files(db: Db) {
    let t = Table::new(db).await;
    let made = upload_archive(&t, "application/zip", zip_pack(&rustbelt()))
        .await
        .expect(201);
    assert_eq!(made.json["pack"]["version"], 1);
    assert_eq!(made.json["pack"]["pack_id"], "rustbelt");
    assert!(
        made.json["pack"]["files"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "rustbelt/weapons.toml"),
        "{}",
        made.text
    );
    // The same files as a .tar.gz, and as JSON: the same version.
    let again = upload_archive(&t, "application/gzip", tar_gz_pack(&rustbelt()))
        .await
        .expect(200);
    assert_eq!(again.json["pack"]["version"], 1);
    let as_json = t
        .send(
            t.post(&t.path("/packs"), &t.gm.session)
                .json(json!({ "files": rustbelt() })),
        )
        .await
        .expect(200);
    assert_eq!(as_json.json["pack"]["version"], 1);
    // It switches like any version, and its weapon is in the compendium.
    packs::switch(&t, 1, false).await.expect(201);
    let c = t
        .send(t.get(&t.path("/compendium?q=rail"), &t.gm.session))
        .await
        .expect(200);
    assert!(c.text.contains("Rail SMG"), "{}", c.text);
    // Only the GM uploads.
    let e = t
        .send(
            t.post(&t.path("/packs/archive"), &t.alice.session)
                .raw("application/zip", zip_pack(&rustbelt())),
        )
        .await;
    assert_eq!(e.status.as_u16(), 403, "{}", e.text);
}

async fn a_broken_archive_is_refused_whole_with_every_problem(db: Db) {
    let t = Table::new(db).await;
    let mut files = rustbelt();
    packs::break_pack(&mut files, "rustbelt/");
    for bytes in [zip_pack(&files), tar_gz_pack(&files)] {
        let refused = upload_archive(&t, "application/octet-stream", bytes)
            .await
            .expect(422);
        packs::refused_as_broken(&refused, "rustbelt/");
    }
    // The checks of the JSON upload: a README is not a pack file.
    let mut readme = rustbelt();
    readme.insert("rustbelt/README.md".into(), "notes".into());
    let e = upload_archive(&t, "application/zip", zip_pack(&readme))
        .await
        .expect(422);
    assert_eq!(e.code(), "invalid_pack_upload");
    assert!(e.text.contains("not a .toml file"), "{}", e.text);
    assert_eq!(versions(&t).await, 1, "nothing was kept");
}

async fn hostile_archives_are_refused_quickly(db: Db) {
    let t = Table::new(db).await;
    let zeros = vec![0u8; 16 * 1024 * 1024];
    let many: Vec<(String, Vec<u8>)> = (0..300)
        .map(|i| (format!("rustbelt/f{i}.toml"), Vec::new()))
        .collect();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "a zip bomb",
            zip_of(&[("rustbelt/pack.toml".into(), zeros.clone())]),
            "unpacks to more than",
        ),
        (
            "a tar bomb",
            tar_gz_of(&[("pack.toml", tar::EntryType::Regular, &zeros)]),
            "unpacks to more than",
        ),
        (
            "a path climbing out",
            zip_of(&[("../pack.toml".into(), b"x".to_vec())]),
            "climbs out",
        ),
        (
            "an absolute path",
            tar_gz_of(&[("/etc/pack.toml", tar::EntryType::Regular, b"x")]),
            "absolute",
        ),
        (
            "a symbolic link",
            tar_gz_of(&[("rustbelt/pack.toml", tar::EntryType::Symlink, b"")]),
            "is a link",
        ),
        ("too many entries", zip_of(&many), "more than 256 entries"),
        (
            "not an archive",
            b"#!/bin/sh\nrm -rf /\n".to_vec(),
            "neither a .zip nor a .tar.gz",
        ),
    ];
    for (what, bytes, said) in cases {
        assert!(bytes.len() < 1024 * 1024, "{what} fits the body limit");
        let started = Instant::now();
        let e = upload_archive(&t, "application/octet-stream", bytes)
            .await
            .expect(422);
        assert_eq!(e.code(), "invalid_pack_archive", "{what}");
        assert!(e.text.contains(said), "{what}: {}", e.text);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{what} took {:?}",
            started.elapsed()
        );
    }
    // A body over the limit is refused before it is read.
    let e = upload_archive(&t, "application/zip", vec![b'P'; 2 * 1024 * 1024])
        .await
        .expect(413);
    assert_eq!(e.code(), "body_too_large");
    assert_eq!(versions(&t).await, 1, "nothing was kept");
}

/// A campaign with its own pack (uploaded as a .zip) and a carried state
/// exported, imported on a fresh database that never saw the pack, and
/// verified: the pack, the fight and the state all come back.
async fn a_campaign_with_its_pack_and_states_round_trips(db: Db) {
    let url = db.0.clone();
    let t = Table::new(db).await;
    upload_archive(&t, "application/zip", zip_pack(&rustbelt()))
        .await
        .expect(201);
    packs::switch(&t, 1, false).await.expect(201);
    t.upload(&t.alice.session, "vex", &packs::rail_vex())
        .await
        .expect(201);
    let e = packs::rail_yard(&t).await;
    let gm = &t.gm.session;
    packs::vex_shoots_first(&t, &e).await;
    t.command(
        &e,
        gm,
        json!({"command": "harm", "target": "vex", "amount": 30,
               "damage_type": "explosive", "apl": 0, "why": "a grenade"}),
    )
    .await
    .expect(201);
    t.command(&e, gm, json!({"command": "clock", "clock": "end"}))
        .await
        .expect(201);
    t.send(
        t.post(&t.path("/characters/vex/state/award"), gm)
            .json(json!({"xp": 400})),
    )
    .await
    .expect(201);
    let before = t
        .send(t.get(&t.path("/characters/vex/state"), gm))
        .await
        .expect(200);
    assert_eq!(
        before.json["state"]["wounds"],
        json!([30]),
        "{}",
        before.text
    );
    let export = support::export(&url, &t.campaign).await;
    let text = serde_json::to_string(&export).unwrap();
    assert!(
        text.contains("state_changed"),
        "the states are in the export"
    );
    assert!(
        support::carries_packs(&export, &t.campaign),
        "the export carries the pack"
    );
    let found = support::verified(&text);
    assert!(found.honest(), "{found:#?}");
    let router = nanite_server::app(support::imported(&export).await);
    let call = |path: String| support::Call::new(axum::http::Method::GET, path, &t.gm.bearer());
    let after = support::send(&router, call(t.path("/characters/vex/state")))
        .await
        .expect(200);
    assert_eq!(after.json["state"], before.json["state"]);
    let view = support::send(
        &router,
        call(format!("/api/campaigns/{}/encounters/{e}", t.campaign)),
    )
    .await
    .expect(200);
    assert!(view.text.contains("Rail SMG"), "{}", view.text);
}

both!(
    a_campaign_with_its_pack_and_states_round_trips,
    a_zip_or_a_tar_gz_is_the_same_pack_as_its_files,
    a_broken_archive_is_refused_whole_with_every_problem,
    hostile_archives_are_refused_quickly,
);
