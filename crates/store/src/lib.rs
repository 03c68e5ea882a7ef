//! nanite-store: where games are kept.
//!
//! Every change to a game is an event in an append-only log, one log per
//! stream (a game, a campaign). Appends name the version they expect, so two
//! tables writing at once cannot both win (optimistic concurrency), and may
//! carry a command's idempotency key, so a double-clicked "Fire" fires once.
//! Snapshots let a long log load fast; plain records hold what is not
//! event-sourced (campaign settings, invitations).
//!
//! Two backends stand behind one trait, [`EventStore`], with the same
//! migrations and the same test suite: [`SqliteStore`], a file and zero setup,
//! the default; and [`PostgresStore`] for a group that outgrows one machine.
//! [`open`] picks one from a URL. Events are opaque JSON here: the store never
//! knows a rule.
//!
//! On PostgreSQL every append is announced to the other connections
//! (`NOTIFY`) when it commits; [`AnyStore::announcements`] listens, so
//! several servers on one database can follow each other's tables.
//!
//! An append is acknowledged only after its transaction commits (SQLite in
//! WAL mode with `synchronous = FULL`), so an acknowledged event survives the
//! process being killed.

#![forbid(unsafe_code)]

mod announce;
mod backend;
mod error;
mod group;
mod model;
#[cfg(feature = "testing")]
pub mod testing;

pub use announce::{Announced, Announcements};
pub use backend::{AnyStore, PostgresStore, SqliteStore, open};
pub use error::{Error, ErrorKind};
pub use model::{
    Appended, EXPORT_FORMAT, Export, NewEvent, Record, RecordExport, Recorded, Replacing, Snapshot,
    StreamExport, StreamInfo,
};

/// The operations every backend offers.
pub trait EventStore: Send + Sync {
    /// Creates an empty stream of `kind` ("cx-encounter") with `meta`.
    fn create_stream(
        &self,
        id: &str,
        kind: &str,
        meta: &serde_json::Value,
    ) -> impl Future<Output = Result<(), Error>> + Send;

    /// The stream `id`, if it exists.
    fn stream(&self, id: &str) -> impl Future<Output = Result<Option<StreamInfo>, Error>> + Send;

    /// Every stream, or those of `kind`.
    fn streams(
        &self,
        kind: Option<&str>,
    ) -> impl Future<Output = Result<Vec<StreamInfo>, Error>> + Send;

    /// Appends `events` to stream `id` if its version is `expected`. With a
    /// `command_key` already used on this stream, nothing is appended and the
    /// versions of the first append are returned as [`Appended::Duplicate`].
    fn append(
        &self,
        id: &str,
        expected: i64,
        command_key: Option<&str>,
        events: &[NewEvent],
    ) -> impl Future<Output = Result<Appended, Error>> + Send;

    /// The events of stream `id` after version `after` (0: all), in order.
    fn load(
        &self,
        id: &str,
        after: i64,
    ) -> impl Future<Output = Result<Vec<Recorded>, Error>> + Send;

    /// Keeps a snapshot of stream `id`'s state at `version`, dropping the
    /// stream's older snapshots.
    fn save_snapshot(
        &self,
        id: &str,
        version: i64,
        data: &serde_json::Value,
    ) -> impl Future<Output = Result<(), Error>> + Send;

    /// The newest snapshot of stream `id`.
    fn latest_snapshot(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<Snapshot>, Error>> + Send;

    /// Writes a record (creating or replacing it); returns its new version.
    fn put_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> impl Future<Output = Result<i64, Error>> + Send;

    /// Writes a record only if none has its id yet (the records' unique
    /// key decides between two writers at once); whether it was written.
    /// A caller numbering records (`v0001`, `v0002`) takes the next free
    /// number and tries again when another writer took it first.
    fn create_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> impl Future<Output = Result<bool, Error>> + Send;

    /// A record, if it exists.
    fn record(
        &self,
        collection: &str,
        id: &str,
    ) -> impl Future<Output = Result<Option<Record>, Error>> + Send;

    /// Every record of a collection, by id.
    fn records(&self, collection: &str) -> impl Future<Output = Result<Vec<Record>, Error>> + Send;

    /// Deletes a record; returns whether it existed.
    fn delete_record(
        &self,
        collection: &str,
        id: &str,
    ) -> impl Future<Output = Result<bool, Error>> + Send;

    /// Writes a checked export in one transaction: removes what `replacing`
    /// names, then creates each stream with its events at their versions,
    /// its command keys, and the records. A stream that exists (and is not
    /// replaced) fails the whole import, which then leaves nothing behind.
    /// Use [`import`], which checks the export first.
    fn import_checked(
        &self,
        export: &Export,
        replacing: &Replacing,
    ) -> impl Future<Output = Result<(), Error>> + Send;
}

/// Everything about streams `ids`, for `nanite export`.
pub async fn export<S: EventStore>(store: &S, ids: &[String]) -> Result<Export, Error> {
    let mut streams = Vec::new();
    for id in ids {
        let info = store
            .stream(id)
            .await?
            .ok_or_else(|| Error::new(ErrorKind::NoStream { id: id.clone() }))?;
        let events = store.load(id, 0).await?;
        streams.push(StreamExport { info, events });
    }
    Ok(Export {
        format: model::EXPORT_FORMAT,
        streams,
        records: Vec::new(),
    })
}

/// Loads an export into `store`, all or nothing: each stream is created
/// with its events at their original versions and its command keys, and
/// the records are written. A stream that already exists is refused and
/// nothing is written.
pub async fn import<S: EventStore>(store: &S, export: &Export) -> Result<(), Error> {
    import_replacing(store, export, &Replacing::default()).await
}

/// [`import`], first removing (in the same transaction) the streams and
/// records `replacing` names: how an export replaces what it was made from.
pub async fn import_replacing<S: EventStore>(
    store: &S,
    export: &Export,
    replacing: &Replacing,
) -> Result<(), Error> {
    check(export)?;
    for s in &export.streams {
        if !replacing.streams.contains(&s.info.id) && store.stream(&s.info.id).await?.is_some() {
            return Err(Error::new(ErrorKind::StreamExists {
                id: s.info.id.clone(),
            }));
        }
    }
    store.import_checked(export, replacing).await
}

/// An export fit to import: a known format, each stream once, its events
/// numbered 1, 2, 3... and each command key on one run of events.
fn check(export: &Export) -> Result<(), Error> {
    let corrupt = |what: String| Err(Error::new(ErrorKind::Corrupt { what }));
    if export.format != model::EXPORT_FORMAT {
        return corrupt(format!(
            "export format {} is not supported (this nanite reads format {})",
            export.format,
            model::EXPORT_FORMAT
        ));
    }
    let mut ids = std::collections::HashSet::new();
    for s in &export.streams {
        if !ids.insert(&s.info.id) {
            return corrupt(format!("stream {} appears twice", s.info.id));
        }
        if s.info.version != s.events.len() as i64 {
            return corrupt(format!(
                "stream {} says version {} but has {} events",
                s.info.id,
                s.info.version,
                s.events.len()
            ));
        }
        for (i, e) in s.events.iter().enumerate() {
            if e.version != i as i64 + 1 {
                return corrupt(format!(
                    "stream {} has event version {} where {} was expected",
                    s.info.id,
                    e.version,
                    i + 1
                ));
            }
            if e.stream != s.info.id {
                return corrupt(format!(
                    "stream {} holds an event of stream {}",
                    s.info.id, e.stream
                ));
            }
        }
        let runs = command_runs(&s.events);
        let mut keys = std::collections::HashSet::new();
        for (key, _, _) in &runs {
            if !keys.insert(key) {
                return corrupt(format!(
                    "stream {} uses command key {key} on events apart",
                    s.info.id
                ));
            }
        }
    }
    let mut records = std::collections::HashSet::new();
    for r in &export.records {
        if !records.insert((&r.collection, &r.id)) {
            return corrupt(format!("record {}/{} appears twice", r.collection, r.id));
        }
    }
    Ok(())
}

/// The command keys of a stream's events with the versions each covers.
pub(crate) fn command_runs(events: &[Recorded]) -> Vec<(String, i64, i64)> {
    let mut runs: Vec<(String, i64, i64)> = Vec::new();
    for e in events {
        let Some(key) = &e.command else { continue };
        match runs.last_mut() {
            Some((last, _, to)) if last == key && *to + 1 == e.version => *to = e.version,
            _ => runs.push((key.clone(), e.version, e.version)),
        }
    }
    runs
}
