//! One test suite, run against both backends: SQLite always, PostgreSQL when
//! `NANITE_TEST_POSTGRES` names a server (`postgres://user@host:port/db`);
//! without it the PostgreSQL tests say they were skipped.

use nanite_store::testing::unique;
use nanite_store::{
    Announced, AnyStore, Appended, ErrorKind, EventStore, NewEvent, PostgresStore, SqliteStore,
    export, import,
};
use serde_json::json;

async fn sqlite() -> AnyStore {
    let path = std::env::temp_dir().join(format!("{}.db", unique("nanite_store")));
    AnyStore::Sqlite(
        SqliteStore::open(&format!("sqlite:{}", path.display()))
            .await
            .unwrap(),
    )
}

/// A fresh PostgreSQL database for one test, or `None` (skipped).
async fn postgres() -> Option<AnyStore> {
    let Some(url) = nanite_store::testing::fresh_postgres("nanite_t").await else {
        nanite_store::testing::say_once(
            "note: PostgreSQL store tests skipped: set NANITE_TEST_POSTGRES=postgres://... to run them",
        );
        return None;
    };
    Some(AnyStore::Postgres(PostgresStore::open(&url).await.unwrap()))
}

fn event(n: i64) -> NewEvent {
    NewEvent::new("shot", &json!({ "n": n })).unwrap()
}

async fn appends_and_loads_in_order(s: AnyStore) {
    s.create_stream("g1", "cx-encounter", &json!({"name": "Depot"}))
        .await
        .unwrap();
    let r = s
        .append("g1", 0, None, &[event(1), event(2)])
        .await
        .unwrap();
    assert_eq!(r, Appended::Stored { first: 1, last: 2 });
    let r = s.append("g1", 2, Some("k1"), &[event(3)]).await.unwrap();
    assert_eq!(r, Appended::Stored { first: 3, last: 3 });
    let all = s.load("g1", 0).await.unwrap();
    assert_eq!(all.iter().map(|e| e.version).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(all[2].data, json!({"n": 3}));
    assert_eq!(all[2].command.as_deref(), Some("k1"));
    assert_eq!(s.load("g1", 2).await.unwrap().len(), 1);
    let info = s.stream("g1").await.unwrap().unwrap();
    assert_eq!(info.version, 3);
    assert_eq!(info.meta, json!({"name": "Depot"}));
    assert_eq!(s.streams(Some("cx-encounter")).await.unwrap().len(), 1);
    assert_eq!(s.streams(Some("d20")).await.unwrap().len(), 0);
    let again = s.create_stream("g1", "cx-encounter", &json!({})).await;
    assert!(matches!(
        again.unwrap_err().kind(),
        ErrorKind::StreamExists { .. }
    ));
}

async fn a_stale_version_is_a_conflict_and_changes_nothing(s: AnyStore) {
    s.create_stream("g", "k", &json!({})).await.unwrap();
    s.append("g", 0, None, &[event(1)]).await.unwrap();
    let err = s.append("g", 0, None, &[event(9)]).await.unwrap_err();
    assert!(err.is_conflict(), "{err}");
    assert!(err.to_string().contains("version 1, not 0"), "{err}");
    assert_eq!(s.load("g", 0).await.unwrap().len(), 1);
    let missing = s.append("nope", 0, None, &[event(1)]).await.unwrap_err();
    assert!(matches!(missing.kind(), ErrorKind::NoStream { .. }));
}

async fn a_repeated_command_key_appends_once(s: AnyStore) {
    s.create_stream("g", "k", &json!({})).await.unwrap();
    let first = s
        .append("g", 0, Some("fire-1"), &[event(1), event(2)])
        .await
        .unwrap();
    // The double click: same key, whatever version it thinks the stream has.
    let second = s
        .append("g", 0, Some("fire-1"), &[event(1), event(2)])
        .await
        .unwrap();
    assert_eq!(first, Appended::Stored { first: 1, last: 2 });
    assert_eq!(second, Appended::Duplicate { first: 1, last: 2 });
    assert_eq!(s.load("g", 0).await.unwrap().len(), 2);
}

/// Many tables appending at once (SQLite commits them in groups): each
/// append is checked on its own, so within one group a stale version is
/// still a conflict, a repeated key still a duplicate, and the others land.
async fn concurrent_appends_are_each_checked(s: AnyStore) {
    let streams = 8;
    let appends = 12;
    for g in 0..streams {
        s.create_stream(&format!("g{g}"), "k", &json!({}))
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for g in 0..streams {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            let id = format!("g{g}");
            for n in 0..appends {
                let key = format!("k{n}");
                let (shot, stray) = ([event(n)], [event(-1)]);
                let (stored, stale, again) = tokio::join!(
                    s.append(&id, n, Some(&key), &shot),
                    // Expects a version the stream never had.
                    s.append(&id, n + 100, None, &stray),
                    // Races the first with the same key: exactly one stores.
                    s.append(&id, n, Some(&key), &shot),
                );
                assert!(stale.unwrap_err().is_conflict());
                let mut outcomes = [stored.unwrap(), again.unwrap()];
                outcomes.sort_by_key(|a| matches!(a, Appended::Duplicate { .. }));
                assert_eq!(
                    outcomes,
                    [
                        Appended::Stored {
                            first: n + 1,
                            last: n + 1
                        },
                        Appended::Duplicate {
                            first: n + 1,
                            last: n + 1
                        }
                    ]
                );
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for g in 0..streams {
        let all = s.load(&format!("g{g}"), 0).await.unwrap();
        let seen: Vec<(i64, serde_json::Value)> =
            all.iter().map(|e| (e.version, e.data.clone())).collect();
        let wanted: Vec<(i64, serde_json::Value)> =
            (0..appends).map(|n| (n + 1, json!({ "n": n }))).collect();
        assert_eq!(seen, wanted);
        assert_eq!(
            s.stream(&format!("g{g}")).await.unwrap().unwrap().version,
            appends
        );
    }
}

async fn racing_writers_one_wins(s: AnyStore) {
    s.create_stream("g", "k", &json!({})).await.unwrap();
    let mut tasks = Vec::new();
    for n in 0..16 {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            s.append("g", 0, None, &[event(n)]).await
        }));
    }
    let mut won = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => won += 1,
            Err(e) => assert!(e.is_conflict(), "{e}"),
        }
    }
    assert_eq!(won, 1);
    assert_eq!(s.load("g", 0).await.unwrap().len(), 1);
}

async fn snapshots_and_records(s: AnyStore) {
    s.create_stream("g", "k", &json!({})).await.unwrap();
    assert_eq!(s.latest_snapshot("g").await.unwrap(), None);
    s.save_snapshot("g", 10, &json!({"hp": 5})).await.unwrap();
    s.save_snapshot("g", 20, &json!({"hp": 3})).await.unwrap();
    let snap = s.latest_snapshot("g").await.unwrap().unwrap();
    assert_eq!((snap.version, snap.data), (20, json!({"hp": 3})));

    assert_eq!(
        s.put_record("campaigns", "c1", &json!({"name": "A"}))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        s.put_record("campaigns", "c1", &json!({"name": "B"}))
            .await
            .unwrap(),
        2
    );
    let r = s.record("campaigns", "c1").await.unwrap().unwrap();
    assert_eq!((r.data, r.version), (json!({"name": "B"}), 2));
    assert_eq!(s.records("campaigns").await.unwrap().len(), 1);
    assert!(s.delete_record("campaigns", "c1").await.unwrap());
    assert!(!s.delete_record("campaigns", "c1").await.unwrap());
    assert_eq!(s.record("campaigns", "c1").await.unwrap(), None);
}

async fn a_record_is_created_once(s: AnyStore) {
    // Two writers numbering records: the first takes `v0001`, the second
    // is told it is taken and nothing of the first is lost.
    assert!(
        s.create_record("packs", "v0001", &json!({"by": "one"}))
            .await
            .unwrap()
    );
    assert!(
        !s.create_record("packs", "v0001", &json!({"by": "two"}))
            .await
            .unwrap()
    );
    let r = s.record("packs", "v0001").await.unwrap().unwrap();
    assert_eq!((r.data, r.version), (json!({"by": "one"}), 1));
    // Many at once: exactly one wins each id.
    let mut tasks = Vec::new();
    for n in 0..8 {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            s.create_record("packs", "v0002", &json!({ "by": n }))
                .await
                .unwrap()
        }));
    }
    let mut won = 0;
    for t in tasks {
        if t.await.unwrap() {
            won += 1;
        }
    }
    assert_eq!(won, 1);
    assert_eq!(s.records("packs").await.unwrap().len(), 2);
}

async fn export_then_import_elsewhere(s: AnyStore, fresh: AnyStore) {
    s.create_stream("g", "cx-encounter", &json!({"n": 1}))
        .await
        .unwrap();
    s.append("g", 0, Some("a"), &[event(1), event(2)])
        .await
        .unwrap();
    s.append("g", 2, None, &[event(3)]).await.unwrap();
    let out = export(&s, &["g".to_string()]).await.unwrap();
    let text = serde_json::to_string(&out).unwrap();
    let back: nanite_store::Export = serde_json::from_str(&text).unwrap();
    import(&fresh, &back).await.unwrap();
    assert_eq!(
        fresh.load("g", 0).await.unwrap(),
        s.load("g", 0).await.unwrap()
    );
    // The key survives: the same command is still a duplicate there.
    let dup = fresh.append("g", 3, Some("a"), &[event(9)]).await.unwrap();
    assert_eq!(dup, Appended::Duplicate { first: 1, last: 2 });
    let twice = import(&fresh, &back).await.unwrap_err();
    assert!(matches!(twice.kind(), ErrorKind::StreamExists { .. }));
}

/// A failed import leaves nothing behind; replacing swaps a stream whole.
async fn imports_are_all_or_nothing(s: AnyStore) {
    s.create_stream("g", "k", &json!({})).await.unwrap();
    s.append("g", 0, Some("a"), &[event(1), event(2)])
        .await
        .unwrap();
    let g = export(&s, &["g".to_string()]).await.unwrap();
    let mut other = g.clone();
    other.streams[0].info.id = "h".into();
    for e in &mut other.streams[0].events {
        e.stream = "h".into();
    }
    other.records.push(nanite_store::RecordExport {
        collection: "campaigns".into(),
        id: "h".into(),
        data: json!({"name": "H"}),
    });
    // "h" is new but "g" exists: nothing of either is written.
    let mut both = other.clone();
    both.streams.push(g.streams[0].clone());
    let err = import(&s, &both).await.unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::StreamExists { .. }),
        "{err}"
    );
    assert_eq!(s.stream("h").await.unwrap(), None);
    // Past the checks, the transaction takes "h" back when "g" fails.
    let err = s
        .import_checked(&both, &nanite_store::Replacing::default())
        .await
        .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::StreamExists { .. }),
        "{err}"
    );
    assert_eq!(s.stream("h").await.unwrap(), None);
    assert_eq!(s.record("campaigns", "h").await.unwrap(), None);
    // Broken exports are refused before anything is written.
    let mut gap = other.clone();
    gap.streams[0].events.remove(0);
    gap.streams[0].info.version = 1;
    assert!(matches!(
        import(&s, &gap).await.unwrap_err().kind(),
        ErrorKind::Corrupt { .. }
    ));
    let mut twice = other.clone();
    twice.streams.push(other.streams[0].clone());
    assert!(import(&s, &twice).await.is_err());
    assert_eq!(s.stream("h").await.unwrap(), None);
    // A whole import writes streams, keys and records.
    import(&s, &other).await.unwrap();
    assert_eq!(s.load("h", 0).await.unwrap().len(), 2);
    assert_eq!(
        s.record("campaigns", "h").await.unwrap().unwrap().data,
        json!({"name": "H"})
    );
    assert_eq!(
        s.append("h", 2, Some("a"), &[event(9)]).await.unwrap(),
        Appended::Duplicate { first: 1, last: 2 }
    );
    // Replacing: "g" grows, then its old export replaces it.
    s.append("g", 2, None, &[event(3)]).await.unwrap();
    s.save_snapshot("g", 3, &json!({"at": 3})).await.unwrap();
    let replacing = nanite_store::Replacing {
        streams: vec!["g".into()],
        records: vec![("campaigns".into(), "gone".into())],
    };
    s.put_record("campaigns", "gone", &json!({})).await.unwrap();
    nanite_store::import_replacing(&s, &g, &replacing)
        .await
        .unwrap();
    assert_eq!(s.load("g", 0).await.unwrap(), g.streams[0].events);
    assert_eq!(s.stream("g").await.unwrap().unwrap().version, 2);
    assert_eq!(s.latest_snapshot("g").await.unwrap(), None);
    assert_eq!(s.record("campaigns", "gone").await.unwrap(), None);
}

macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sqlite_backend {
            $(
                #[tokio::test]
                async fn $name() {
                    super::$name(super::sqlite().await).await;
                }
            )*
        }
        mod postgres_backend {
            $(
                #[tokio::test]
                async fn $name() {
                    if let Some(s) = super::postgres().await {
                        super::$name(s).await;
                    }
                }
            )*
        }
    };
}

both!(
    appends_and_loads_in_order,
    a_stale_version_is_a_conflict_and_changes_nothing,
    a_repeated_command_key_appends_once,
    racing_writers_one_wins,
    concurrent_appends_are_each_checked,
    snapshots_and_records,
    a_record_is_created_once,
    imports_are_all_or_nothing,
);

#[tokio::test]
async fn export_import_sqlite() {
    export_then_import_elsewhere(sqlite().await, sqlite().await).await;
}

#[tokio::test]
async fn export_import_postgres() {
    if let (Some(a), Some(b)) = (postgres().await, postgres().await) {
        export_then_import_elsewhere(a, b).await;
    }
}

#[tokio::test]
async fn sqlite_has_nobody_to_announce_to() {
    assert!(sqlite().await.announcements().await.unwrap().is_none());
}

#[tokio::test]
async fn committed_appends_are_announced_on_postgres() {
    let Some(s) = postgres().await else { return };
    let mut heard = s
        .announcements()
        .await
        .unwrap()
        .expect("PostgreSQL announces appends");
    let next = async |heard: &mut nanite_store::Announcements| {
        tokio::time::timeout(std::time::Duration::from_secs(60), heard.next())
            .await
            .expect("an announcement within a minute")
            .unwrap()
            .expect("the listening connection stays up")
    };
    s.create_stream("table:c-1", "table", &json!({}))
        .await
        .unwrap();
    s.append("table:c-1", 0, None, &[event(1), event(2)])
        .await
        .unwrap();
    // A refused append (stale version) and a repeated key announce nothing.
    assert!(s.append("table:c-1", 1, None, &[event(9)]).await.is_err());
    s.append("table:c-1", 2, Some("k"), &[event(3)])
        .await
        .unwrap();
    s.append("table:c-1", 3, Some("k"), &[event(4)])
        .await
        .unwrap();
    let announced = [next(&mut heard).await, next(&mut heard).await];
    assert_eq!(
        announced,
        [
            Announced::Appended {
                stream: "table:c-1".into(),
                version: 2
            },
            Announced::Appended {
                stream: "table:c-1".into(),
                version: 3
            }
        ]
    );
    s.append("table:c-1", 3, None, &[event(5)]).await.unwrap();
    assert_eq!(
        next(&mut heard).await,
        Announced::Appended {
            stream: "table:c-1".into(),
            version: 4
        }
    );
    // A record written, and deleted (a delete of nothing says nothing).
    let record = |id: &str| Announced::Record {
        collection: "sessions".into(),
        id: id.into(),
    };
    s.put_record("sessions", "h 1", &json!({"seats": []}))
        .await
        .unwrap();
    assert_eq!(next(&mut heard).await, record("h 1"));
    assert!(!s.delete_record("sessions", "nothing").await.unwrap());
    assert!(s.delete_record("sessions", "h 1").await.unwrap());
    assert_eq!(next(&mut heard).await, record("h 1"));
}

#[tokio::test]
async fn a_sqlite_file_keeps_what_was_appended() {
    let path = std::env::temp_dir().join(format!("{}.db", unique("nanite_reopen")));
    let url = format!("sqlite:{}", path.display());
    {
        let s = SqliteStore::open(&url).await.unwrap();
        s.create_stream("g", "k", &json!({})).await.unwrap();
        s.append("g", 0, None, &[event(1)]).await.unwrap();
    }
    let s = nanite_store::open(path.to_str().unwrap()).await.unwrap();
    assert_eq!(s.load("g", 0).await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_bad_url_says_what_to_use_and_hides_the_password() {
    let err = nanite_store::open("mysql://root:secret@db/x")
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("postgres://"), "{text}");
    assert!(!text.contains("secret"), "{text}");
}
