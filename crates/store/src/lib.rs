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
//! An append is acknowledged only after its transaction commits (SQLite in
//! WAL mode with `synchronous = FULL`), so an acknowledged event survives the
//! process being killed.

#![forbid(unsafe_code)]

mod backend;
mod error;
mod model;

pub use backend::{AnyStore, PostgresStore, SqliteStore, open};
pub use error::{Error, ErrorKind};
pub use model::{
    Appended, EXPORT_FORMAT, Export, NewEvent, Record, Recorded, Snapshot, StreamExport, StreamInfo,
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

    /// Keeps a snapshot of stream `id`'s state at `version`.
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
    })
}

/// Loads an export into `store`: each stream is created and its events
/// appended with their original versions. A stream that already exists is
/// refused before anything is written.
pub async fn import<S: EventStore>(store: &S, export: &Export) -> Result<(), Error> {
    if export.format != model::EXPORT_FORMAT {
        return Err(Error::new(ErrorKind::Corrupt {
            what: format!(
                "export format {} is not supported (this nanite reads format {})",
                export.format,
                model::EXPORT_FORMAT
            ),
        }));
    }
    for s in &export.streams {
        if store.stream(&s.info.id).await?.is_some() {
            return Err(Error::new(ErrorKind::StreamExists {
                id: s.info.id.clone(),
            }));
        }
        for (i, e) in s.events.iter().enumerate() {
            if e.version != i as i64 + 1 {
                return Err(Error::new(ErrorKind::Corrupt {
                    what: format!(
                        "stream {} has event version {} where {} was expected",
                        s.info.id,
                        e.version,
                        i + 1
                    ),
                }));
            }
        }
    }
    for s in &export.streams {
        store
            .create_stream(&s.info.id, &s.info.kind, &s.info.meta)
            .await?;
        let mut version = 0;
        // Events keep their commands' grouping: one append per command key.
        let mut i = 0;
        while i < s.events.len() {
            let key = s.events[i].command.clone();
            let mut j = i + 1;
            while j < s.events.len() && key.is_some() && s.events[j].command == key {
                j += 1;
            }
            let batch: Vec<NewEvent> = s.events[i..j]
                .iter()
                .map(|e| NewEvent {
                    kind: e.kind.clone(),
                    data: e.data.clone(),
                })
                .collect();
            store
                .append(&s.info.id, version, key.as_deref(), &batch)
                .await?;
            version += batch.len() as i64;
            i = j;
        }
    }
    Ok(())
}
