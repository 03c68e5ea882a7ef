//! What the two backends share: the statements every backend writes in its
//! own SQL ([`Statements`], implemented on a connection of each backend in
//! `sqlite.rs` and `postgres.rs`), and, written once over them, the steps of
//! each operation: the checks and rows of an append, the order of an import,
//! and the typed rows turned into the store's values.
//!
//! Nothing here knows a backend's locks, notifications or transactions: the
//! caller opens the transaction (or takes a connection) and passes it in.

use crate::error::{Error, ErrorKind};
use crate::model::{Appended, Export, NewEvent, Record, Recorded, Replacing, Snapshot, StreamInfo};

use super::rows::{CommandRow, EventRow, RecordRow, SnapshotRow, StreamRow};

/// One SQL statement per method, on one connection (or transaction) of a
/// backend. Each answers sqlx's own error, so the steps below can tell a
/// unique-key violation from any other failure.
pub(crate) trait Statements {
    /// Inserts a stream's header.
    async fn insert_stream(&mut self, stream: &StreamText<'_>) -> sqlx::Result<()>;

    /// A stream's header.
    async fn stream(&mut self, id: &str) -> sqlx::Result<Option<StreamRow>>;

    /// A stream's version.
    async fn version(&mut self, id: &str) -> sqlx::Result<Option<i64>>;

    /// Every stream's header (of `kind`, or all if `kind` is empty), oldest
    /// first.
    async fn streams(&mut self, kind: &str) -> sqlx::Result<Vec<StreamRow>>;

    /// Moves a stream from version `from` to `to`; false if it was not at
    /// `from`.
    async fn advance(&mut self, id: &str, from: i64, to: i64) -> sqlx::Result<bool>;

    /// Removes a stream with its events, command keys and snapshots.
    async fn remove_stream(&mut self, id: &str) -> sqlx::Result<()>;

    /// Inserts one event.
    async fn insert_event(
        &mut self,
        id: &str,
        version: i64,
        event: &EventText<'_>,
    ) -> sqlx::Result<()>;

    /// A stream's events after version `after`, in order.
    async fn events(&mut self, id: &str, after: i64) -> sqlx::Result<Vec<EventRow>>;

    /// The versions command `key` took on stream `id`, if it was accepted.
    async fn command(&mut self, id: &str, key: &str) -> sqlx::Result<Option<CommandRow>>;

    /// Records that command `key` took versions `first..=last`.
    async fn insert_command(&mut self, id: &str, key: &str, run: &CommandRow) -> sqlx::Result<()>;

    /// Keeps a snapshot at `version` (replacing one at that version) and
    /// drops the stream's older ones.
    async fn put_snapshot(&mut self, id: &str, version: i64, data: &str) -> sqlx::Result<()>;

    /// The stream's newest snapshot.
    async fn latest_snapshot(&mut self, id: &str) -> sqlx::Result<Option<SnapshotRow>>;

    /// Creates or replaces a record; its new version (1 when created).
    async fn put_record(&mut self, collection: &str, id: &str, data: &str) -> sqlx::Result<i64>;

    /// Creates a record unless its id is taken; whether it did.
    async fn create_record(&mut self, collection: &str, id: &str, data: &str)
    -> sqlx::Result<bool>;

    /// A record.
    async fn record(&mut self, collection: &str, id: &str) -> sqlx::Result<Option<RecordRow>>;

    /// A collection's records, by id.
    async fn records(&mut self, collection: &str) -> sqlx::Result<Vec<RecordRow>>;

    /// Deletes a record; whether it existed.
    async fn delete_record(&mut self, collection: &str, id: &str) -> sqlx::Result<bool>;
}

/// A stream's header as its row stores it.
pub(crate) struct StreamText<'a> {
    pub(crate) id: &'a str,
    pub(crate) kind: &'a str,
    pub(crate) version: i64,
    pub(crate) meta: String,
    pub(crate) created_at: &'a str,
}

/// An event as its row stores it.
pub(crate) struct EventText<'a> {
    pub(crate) kind: &'a str,
    pub(crate) data: String,
    pub(crate) command_key: Option<&'a str>,
    pub(crate) recorded_at: &'a str,
}

/// Creates an empty stream; one that exists is [`ErrorKind::StreamExists`].
pub(crate) async fn create_stream(
    conn: &mut impl Statements,
    id: &str,
    kind: &str,
    meta: &serde_json::Value,
) -> Result<(), Error> {
    let stream = StreamText {
        id,
        kind,
        version: 0,
        meta: meta.to_string(),
        created_at: &now(),
    };
    conn.insert_stream(&stream)
        .await
        .map_err(|e| exists_or(e, id))
}

/// The stream `id`.
pub(crate) async fn stream(
    conn: &mut impl Statements,
    id: &str,
) -> Result<Option<StreamInfo>, Error> {
    conn.stream(id).await?.map(StreamRow::into_info).transpose()
}

/// Every stream, or those of `kind`.
pub(crate) async fn streams(
    conn: &mut impl Statements,
    kind: Option<&str>,
) -> Result<Vec<StreamInfo>, Error> {
    let rows = conn.streams(kind.unwrap_or("")).await?;
    rows.into_iter().map(StreamRow::into_info).collect()
}

/// The events of stream `id` after version `after`.
pub(crate) async fn load(
    conn: &mut impl Statements,
    id: &str,
    after: i64,
) -> Result<Vec<Recorded>, Error> {
    let rows = conn.events(id, after).await?;
    rows.into_iter().map(|r| r.into_recorded(id)).collect()
}

/// The newest snapshot of stream `id`.
pub(crate) async fn latest_snapshot(
    conn: &mut impl Statements,
    id: &str,
) -> Result<Option<Snapshot>, Error> {
    let row = conn.latest_snapshot(id).await?;
    row.map(SnapshotRow::into_snapshot).transpose()
}

/// A record.
pub(crate) async fn record(
    conn: &mut impl Statements,
    collection: &str,
    id: &str,
) -> Result<Option<Record>, Error> {
    let row = conn.record(collection, id).await?;
    row.map(RecordRow::into_record).transpose()
}

/// Every record of a collection.
pub(crate) async fn records(
    conn: &mut impl Statements,
    collection: &str,
) -> Result<Vec<Record>, Error> {
    let rows = conn.records(collection).await?;
    rows.into_iter().map(RecordRow::into_record).collect()
}

/// One append inside the caller's transaction: a command key seen before
/// answers its first append's versions; otherwise the stream must exist and
/// be at `expected`, and the events take the versions after it. On an error
/// the caller rolls the transaction (or its savepoint) back.
pub(crate) async fn append(
    conn: &mut impl Statements,
    id: &str,
    expected: i64,
    key: Option<&str>,
    events: &[NewEvent],
) -> Result<Appended, Error> {
    if let Some(seen) = checked(conn, id, expected, key).await? {
        return Ok(seen);
    }
    written(conn, id, expected, key, events).await
}

/// The reads of [`append`], which change nothing: the first append's
/// versions when the command key was seen before (`Some`), an error when
/// the stream is missing or not at `expected`, otherwise `None` (go on to
/// [`written`]).
pub(crate) async fn checked(
    conn: &mut impl Statements,
    id: &str,
    expected: i64,
    key: Option<&str>,
) -> Result<Option<Appended>, Error> {
    if let Some(key) = key {
        if let Some(seen) = conn.command(id, key).await? {
            return Ok(Some(seen.into_duplicate()));
        }
    }
    let Some(actual) = conn.version(id).await? else {
        return Err(Error::new(ErrorKind::NoStream { id: id.to_string() }));
    };
    if actual != expected {
        return Err(conflict(id, expected, actual));
    }
    Ok(None)
}

fn conflict(id: &str, expected: i64, actual: i64) -> Error {
    Error::new(ErrorKind::Conflict {
        id: id.to_string(),
        expected,
        actual,
    })
}

/// The writes of [`append`], after [`checked`] passed in the same
/// transaction. When the transaction is the only writer since the checks
/// (SQLite's), they cannot be refused: an error here is the database's own.
pub(crate) async fn written(
    conn: &mut impl Statements,
    id: &str,
    expected: i64,
    key: Option<&str>,
    events: &[NewEvent],
) -> Result<Appended, Error> {
    let at = now();
    for (version, e) in (expected + 1..).zip(events) {
        let text = EventText {
            kind: &e.kind,
            data: e.data.to_string(),
            command_key: key,
            recorded_at: &at,
        };
        match conn.insert_event(id, version, &text).await {
            Ok(()) => {}
            // Another writer took the version since it was read.
            Err(e) if is_unique(&e) => return Err(conflict(id, expected, expected + 1)),
            Err(e) => return Err(e.into()),
        }
    }
    let last = expected + events.len() as i64;
    if !conn.advance(id, expected, last).await? {
        return Err(conflict(id, expected, expected + 1));
    }
    if let Some(key) = key {
        let run = CommandRow {
            first_version: expected + 1,
            last_version: last,
        };
        conn.insert_command(id, key, &run).await?;
    }
    Ok(Appended::Stored {
        first: expected + 1,
        last,
    })
}

/// What an append that lost a race is answered: if the winner carried the
/// same command key, this append is its duplicate (two servers racing one
/// command); otherwise the conflict stands.
pub(crate) async fn duplicate_or(
    conn: &mut impl Statements,
    id: &str,
    key: &str,
    conflict: Error,
) -> Result<Appended, Error> {
    match conn.command(id, key).await? {
        Some(seen) => Ok(seen.into_duplicate()),
        None => Err(conflict),
    }
}

/// Writes a checked export inside the caller's transaction: removes what
/// `replacing` names, then creates each stream with its events at their
/// versions and its command keys, then writes the records.
pub(crate) async fn import(
    conn: &mut impl Statements,
    export: &Export,
    replacing: &Replacing,
) -> Result<(), Error> {
    for id in &replacing.streams {
        conn.remove_stream(id).await?;
    }
    for (collection, id) in &replacing.records {
        conn.delete_record(collection, id).await?;
    }
    let at = now();
    for s in &export.streams {
        let id = &s.info.id;
        let stream = StreamText {
            id,
            kind: &s.info.kind,
            version: s.events.len() as i64,
            meta: s.info.meta.to_string(),
            created_at: &at,
        };
        conn.insert_stream(&stream)
            .await
            .map_err(|e| exists_or(e, id))?;
        for e in &s.events {
            let text = EventText {
                kind: &e.kind,
                data: e.data.to_string(),
                command_key: e.command.as_deref(),
                recorded_at: &at,
            };
            conn.insert_event(id, e.version, &text).await?;
        }
        for (key, first, last) in crate::command_runs(&s.events) {
            let run = CommandRow {
                first_version: first,
                last_version: last,
            };
            conn.insert_command(id, &key, &run).await?;
        }
    }
    for r in &export.records {
        conn.put_record(&r.collection, &r.id, &r.data.to_string())
            .await?;
    }
    Ok(())
}

/// A stream that could not be inserted: [`ErrorKind::StreamExists`] if its
/// id is taken, the database's error otherwise.
fn exists_or(e: sqlx::Error, id: &str) -> Error {
    if is_unique(&e) {
        Error::new(ErrorKind::StreamExists { id: id.to_string() })
    } else {
        e.into()
    }
}

fn is_unique(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// The time a row is written, as seconds since the epoch with milliseconds.
pub(crate) fn now() -> String {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    format!("{}.{:03}", t.as_secs(), t.subsec_millis())
}
