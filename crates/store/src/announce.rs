//! Announcements of changes between servers on one PostgreSQL database:
//! each append sends `NOTIFY` on [`CHANNEL`] with the stream and its new
//! version inside its transaction, each record written or deleted sends its
//! collection and id, an import says so, and [`Announcements`] (a
//! `LISTEN`ing connection) hands them out. An announcement only says what
//! changed ("stream S is at version V now", "record C/I changed"); the data
//! itself is read from the store. Servers keep tables and credentials in
//! memory, and forget or refresh them on these.

use sqlx::postgres::PgListener;

use crate::backend::{AnyStore, PostgresStore};
use crate::error::{Error, ErrorKind};

/// The PostgreSQL notification channel of appends.
pub(crate) const CHANNEL: &str = "nanite_appended";

/// The payload of an append's notification: `VERSION STREAM`.
pub(crate) fn payload(stream: &str, version: i64) -> String {
    format!("{version} {stream}")
}

/// The first word of a record's notification (a version is a number, so
/// the two never meet).
const RECORD: &str = "record";

/// The payload of an import's notification.
const IMPORTED: &str = "imported";

/// The payload of a record's notification: `record COLLECTION ID`
/// (collections are the store's own names, without spaces; an id may hold
/// any).
pub(crate) fn record_payload(collection: &str, id: &str) -> String {
    format!("{RECORD} {collection} {id}")
}

/// The payload of an import's notification.
pub(crate) fn imported_payload() -> &'static str {
    IMPORTED
}

/// What changed in the store (through any server on the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Announced {
    /// A stream reached a version.
    Appended {
        /// The stream.
        stream: String,
        /// Its version after the append.
        version: i64,
    },
    /// A record was written or deleted.
    Record {
        /// Its collection.
        collection: String,
        /// Its id.
        id: String,
    },
    /// An import replaced streams and records wholesale: whatever a
    /// listener keeps from the store should be read again.
    Imported,
}

impl Announced {
    fn parse(payload: &str) -> Result<Announced, Error> {
        let corrupt = || {
            Error::new(ErrorKind::Corrupt {
                what: format!(
                    "announcement '{payload}' on {CHANNEL} is not 'VERSION STREAM', '{RECORD} COLLECTION ID' or '{IMPORTED}'"
                ),
            })
        };
        if payload == IMPORTED {
            return Ok(Announced::Imported);
        }
        let (first, rest) = payload.split_once(' ').ok_or_else(corrupt)?;
        if first == RECORD {
            let (collection, id) = rest.split_once(' ').ok_or_else(corrupt)?;
            return Ok(Announced::Record {
                collection: collection.to_string(),
                id: id.to_string(),
            });
        }
        Ok(Announced::Appended {
            stream: rest.to_string(),
            version: first.parse().map_err(|_| corrupt())?,
        })
    }
}

/// A connection listening for appends.
#[derive(Debug)]
pub struct Announcements {
    listener: PgListener,
}

impl Announcements {
    /// The next announcement. `Ok(None)` says the connection was lost:
    /// announcements made meanwhile are gone, so a follower should read
    /// what it holds again from the store; the next call reconnects.
    pub async fn next(&mut self) -> Result<Option<Announced>, Error> {
        match self.listener.try_recv().await? {
            Some(notification) => Announced::parse(notification.payload()).map(Some),
            None => Ok(None),
        }
    }
}

impl PostgresStore {
    /// Listens for the appends of every connection to this database.
    pub async fn announcements(&self) -> Result<Announcements, Error> {
        let mut listener = PgListener::connect_with(self.pool()).await?;
        listener.listen(CHANNEL).await?;
        Ok(Announcements { listener })
    }
}

impl AnyStore {
    /// Listens for appends made through other connections: on PostgreSQL
    /// a [`Announcements`]; `None` on SQLite, whose file one server owns.
    pub async fn announcements(&self) -> Result<Option<Announcements>, Error> {
        match self {
            AnyStore::Sqlite(_) => Ok(None),
            AnyStore::Postgres(store) => store.announcements().await.map(Some),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back() {
        let announced = Announced::parse(&payload("table:c-1 x", 42)).unwrap();
        assert_eq!(
            announced,
            Announced::Appended {
                stream: "table:c-1 x".into(),
                version: 42
            }
        );
        assert_eq!(
            Announced::parse(&record_payload("invites:c-1", "i-1 two")).unwrap(),
            Announced::Record {
                collection: "invites:c-1".into(),
                id: "i-1 two".into()
            }
        );
        assert_eq!(
            Announced::parse(imported_payload()).unwrap(),
            Announced::Imported
        );
        assert!(Announced::parse("nonsense").is_err());
        assert!(Announced::parse("x table:c").is_err());
        assert!(Announced::parse("record sessions").is_err());
    }
}
