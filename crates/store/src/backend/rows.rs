//! The rows the store reads back, typed: each query's columns are named once
//! here with their Rust types (for both backends, through `sqlx::FromRow`),
//! and each row turns into the value the store hands out, its JSON text
//! parsed on the way.

use crate::error::{Error, ErrorKind};
use crate::model::{Appended, Record, Recorded, Snapshot, StreamInfo};

/// `streams`: a stream's header.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct StreamRow {
    pub(crate) id: String,
    pub(crate) kind: String,
    pub(crate) version: i64,
    pub(crate) meta: String,
}

/// `events`: one event of a stream (the stream is known to the query).
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct EventRow {
    pub(crate) version: i64,
    pub(crate) kind: String,
    pub(crate) data: String,
    pub(crate) command_key: Option<String>,
}

/// `commands`: the versions an accepted command's events took.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct CommandRow {
    pub(crate) first_version: i64,
    pub(crate) last_version: i64,
}

/// `snapshots`: a stream's state at a version.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct SnapshotRow {
    pub(crate) version: i64,
    pub(crate) data: String,
}

/// `records`: a plain record (the collection is known to the query).
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct RecordRow {
    pub(crate) id: String,
    pub(crate) data: String,
    pub(crate) version: i64,
}

impl StreamRow {
    pub(crate) fn into_info(self) -> Result<StreamInfo, Error> {
        Ok(StreamInfo {
            meta: json(&self.meta, "stream meta")?,
            id: self.id,
            kind: self.kind,
            version: self.version,
        })
    }
}

impl EventRow {
    pub(crate) fn into_recorded(self, stream: &str) -> Result<Recorded, Error> {
        Ok(Recorded {
            stream: stream.to_string(),
            version: self.version,
            data: json(&self.data, "event")?,
            kind: self.kind,
            command: self.command_key,
        })
    }
}

impl CommandRow {
    /// What a repeated command is answered: nothing stored, the versions of
    /// its first append.
    pub(crate) fn into_duplicate(self) -> Appended {
        Appended::Duplicate {
            first: self.first_version,
            last: self.last_version,
        }
    }
}

impl SnapshotRow {
    pub(crate) fn into_snapshot(self) -> Result<Snapshot, Error> {
        Ok(Snapshot {
            version: self.version,
            data: json(&self.data, "snapshot")?,
        })
    }
}

impl RecordRow {
    pub(crate) fn into_record(self) -> Result<Record, Error> {
        Ok(Record {
            data: json(&self.data, "record")?,
            id: self.id,
            version: self.version,
        })
    }
}

/// Parses a JSON column; stored text that is not JSON is corrupt data.
fn json(text: &str, what: &str) -> Result<serde_json::Value, Error> {
    serde_json::from_str(text).map_err(|e| {
        Error::new(ErrorKind::Corrupt {
            what: format!("{what}: {e}"),
        })
    })
}
