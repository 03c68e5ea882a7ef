//! Announcements of appends between servers on one PostgreSQL database:
//! each append sends `NOTIFY` on [`CHANNEL`] with the stream and its new
//! version inside its transaction, and [`Announcements`] (a `LISTEN`ing
//! connection) hands them out. An announcement only says "stream S is at
//! version V now"; the events themselves are read from the store.

use sqlx::postgres::PgListener;

use crate::backend::{AnyStore, PostgresStore};
use crate::error::{Error, ErrorKind};

/// The PostgreSQL notification channel of appends.
pub(crate) const CHANNEL: &str = "nanite_appended";

/// The payload of an append's notification: `VERSION STREAM`.
pub(crate) fn payload(stream: &str, version: i64) -> String {
    format!("{version} {stream}")
}

/// A stream reached a version (through any server on the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announced {
    /// The stream.
    pub stream: String,
    /// Its version after the append.
    pub version: i64,
}

impl Announced {
    fn parse(payload: &str) -> Result<Announced, Error> {
        payload
            .split_once(' ')
            .and_then(|(version, stream)| {
                Some(Announced {
                    stream: stream.to_string(),
                    version: version.parse().ok()?,
                })
            })
            .ok_or_else(|| {
                Error::new(ErrorKind::Corrupt {
                    what: format!("announcement '{payload}' on {CHANNEL} is not 'VERSION STREAM'"),
                })
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
            Announced {
                stream: "table:c-1 x".into(),
                version: 42
            }
        );
        assert!(Announced::parse("nonsense").is_err());
        assert!(Announced::parse("x table:c").is_err());
    }
}
