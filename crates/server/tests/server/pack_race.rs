//! Pack versions numbered across servers (issue 23 item 1, loose end):
//! two servers sharing one database take uploads of one campaign's pack at
//! the same moment; each upload gets its own version number and none is
//! lost (the store creates a version record once; a server that lost the
//! number takes the next).

use std::collections::{BTreeMap, BTreeSet};

use axum::http::Method;
use nanite_server::Config;
use serde_json::json;

use super::support::{self, Call, Db, Table};
use crate::both;

/// The sample pack's files renamed "Rustbelt house pack {n}": each `n` is
/// another pack (another digest).
fn pack(n: usize) -> BTreeMap<String, String> {
    nanite_compound_x::SAMPLE_PACK
        .iter()
        .map(|(path, text)| {
            let name = path.rsplit('/').next().unwrap().to_string();
            let mut text = (*text).to_string();
            if name == "pack.toml" {
                text = text.replace("compound-x-sample", "rustbelt").replace(
                    "name = \"Compound X sample pack\"",
                    &format!("name = \"Rustbelt house pack {n}\""),
                );
            }
            (name, text)
        })
        .collect()
}

async fn two_servers_number_uploads_apart(db: Db) {
    let other = Db(db.0.clone());
    let t = Table::new(db).await;
    // A second server on the same database; the GM joins it too.
    let second = nanite_server::app(support::state(&other, Config::default()).await);
    let gm_there = support::join(&second, &t.gm.token).await;
    let path = t.path("/packs");
    let uploads = 8;
    let mut tasks = Vec::new();
    for n in 0..uploads {
        let (router, auth) = if n % 2 == 0 {
            (t.router.clone(), t.gm.session.clone())
        } else {
            (second.clone(), gm_there.clone())
        };
        let call = Call::new(Method::POST, path.clone(), &auth).json(json!({ "files": pack(n) }));
        tasks.push(tokio::spawn(
            async move { support::send(&router, call).await },
        ));
    }
    let mut numbers = BTreeSet::new();
    for task in tasks {
        let answer = task.await.unwrap().expect(201);
        let version = answer.json["pack"]["version"].as_u64().unwrap();
        assert!(numbers.insert(version), "version {version} given twice");
    }
    assert_eq!(numbers, (1..=uploads as u64).collect::<BTreeSet<_>>());
    // Both servers list every upload, each under its own number.
    for (router, auth) in [(&t.router, &t.gm.session), (&second, &gm_there)] {
        let listed = support::send(router, Call::new(Method::GET, path.clone(), auth))
            .await
            .expect(200);
        let names: BTreeSet<String> = listed.json["versions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["version"] != 0)
            .map(|v| v["name"].as_str().unwrap().to_string())
            .collect();
        let wanted: BTreeSet<String> = (0..uploads)
            .map(|n| format!("Rustbelt house pack {n}"))
            .collect();
        assert_eq!(names, wanted, "{}", listed.text);
    }
}

both!(two_servers_number_uploads_apart);
