//! What goes in and comes out of the store.

use serde::{Deserialize, Serialize};

/// The format number of exports.
pub const EXPORT_FORMAT: u32 = 1;

/// A stream's header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StreamInfo {
    /// Its id.
    pub id: String,
    /// What it holds ("cx-encounter").
    pub kind: String,
    /// Events in it.
    pub version: i64,
    /// What the server keeps about it (campaign, name...).
    pub meta: serde_json::Value,
}

/// An event to append.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NewEvent {
    /// Its kind, for people and filters.
    pub kind: String,
    /// The event itself, as the JSON text the store keeps: an event is
    /// serialized once, straight to text ([`NewEvent::new`]), not built as
    /// a `serde_json::Value` first and then written out.
    pub data: Box<serde_json::value::RawValue>,
}

impl NewEvent {
    /// An event of `kind` holding `data` as JSON.
    pub fn new(kind: impl Into<String>, data: &impl Serialize) -> Result<Self, serde_json::Error> {
        Ok(NewEvent {
            kind: kind.into(),
            data: serde_json::value::to_raw_value(data)?,
        })
    }
}

/// A stored event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded {
    /// Its stream.
    pub stream: String,
    /// Its version in the stream, from 1.
    pub version: i64,
    /// Its kind.
    pub kind: String,
    /// The event.
    pub data: serde_json::Value,
    /// The idempotency key of the command that produced it.
    pub command: Option<String>,
}

/// What an append did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "appended", rename_all = "snake_case")]
pub enum Appended {
    /// The events were stored as versions `first..=last`.
    Stored {
        /// The first new version.
        first: i64,
        /// The last new version (the stream's version now).
        last: i64,
    },
    /// The command key was used before: nothing was stored; these are the
    /// versions of that first append.
    Duplicate {
        /// Its first version.
        first: i64,
        /// Its last version.
        last: i64,
    },
}

/// A snapshot of a stream's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The version it reflects.
    pub version: i64,
    /// The state.
    pub data: serde_json::Value,
}

/// A plain record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Its id in its collection.
    pub id: String,
    /// The data.
    pub data: serde_json::Value,
    /// Times written.
    pub version: i64,
}

/// One stream in an export.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StreamExport {
    /// Its header.
    pub info: StreamInfo,
    /// Its events, in order.
    pub events: Vec<Recorded>,
}

/// A record in an export, with its collection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordExport {
    /// Its collection.
    pub collection: String,
    /// Its id in the collection.
    pub id: String,
    /// The data.
    pub data: serde_json::Value,
}

/// Streams with their events, and records, as `nanite export` writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Export {
    /// [`EXPORT_FORMAT`].
    pub format: u32,
    /// The streams.
    pub streams: Vec<StreamExport>,
    /// Records that go with the streams (written over any of the same
    /// collection and id on import).
    #[serde(default)]
    pub records: Vec<RecordExport>,
}

/// What an import replaces: streams and records removed in the import's
/// transaction before anything is written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replacing {
    /// Streams to remove with their events, command keys and snapshots.
    pub streams: Vec<String>,
    /// Records to remove, as (collection, id).
    pub records: Vec<(String, String)>,
}
