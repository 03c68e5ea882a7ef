//! The two backends behind [`EventStore`]: [`SqliteStore`] (`sqlite.rs`) and
//! [`PostgresStore`] (`postgres.rs`), each with its statements written in its
//! own SQL, and [`AnyStore`], the one [`open`] picks from a URL.
//!
//! What the backends share is in `statements.rs` (the statements as a trait,
//! and the steps of an append and an import written once over it) and
//! `rows.rs` (the typed rows read back). Both run the same migrations.

mod postgres;
mod rows;
mod sqlite;
mod sqlite_group;
mod statements;

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;
#[cfg(test)]
pub(crate) use {
    postgres::write_group as write_postgres_group, sqlite::write_group as write_sqlite_group,
};

use crate::EventStore;
use crate::error::{Error, ErrorKind};
use crate::model::{Appended, Export, NewEvent, Record, Recorded, Replacing, Snapshot, StreamInfo};

/// The tables of both backends (`migrations/`, portable SQL).
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// A store of either kind, chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyStore {
    /// SQLite.
    Sqlite(SqliteStore),
    /// PostgreSQL.
    Postgres(PostgresStore),
}

/// Opens the store a URL names: `postgres://` or `postgresql://` for
/// PostgreSQL, `sqlite:` URLs or a plain file path for SQLite.
pub async fn open(url: &str) -> Result<AnyStore, Error> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(AnyStore::Postgres(PostgresStore::open(url).await?))
    } else if url.starts_with("sqlite:") {
        Ok(AnyStore::Sqlite(SqliteStore::open(url).await?))
    } else if url.contains("://") {
        Err(Error::new(ErrorKind::BadUrl {
            url: without_password(url),
            why: "use postgres://..., sqlite:FILE, or a file path".into(),
        }))
    } else {
        Ok(AnyStore::Sqlite(
            SqliteStore::open(&format!("sqlite:{url}")).await?,
        ))
    }
}

fn bad_url(url: &str, e: sqlx::Error) -> Error {
    Error::new(ErrorKind::BadUrl {
        url: without_password(url),
        why: e.to_string(),
    })
}

/// A URL fit for an error message: no password.
fn without_password(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split(':').next().unwrap_or("");
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

impl EventStore for AnyStore {
    async fn create_stream(
        &self,
        id: &str,
        kind: &str,
        meta: &serde_json::Value,
    ) -> Result<(), Error> {
        match self {
            AnyStore::Sqlite(s) => s.create_stream(id, kind, meta).await,
            AnyStore::Postgres(s) => s.create_stream(id, kind, meta).await,
        }
    }

    async fn stream(&self, id: &str) -> Result<Option<StreamInfo>, Error> {
        match self {
            AnyStore::Sqlite(s) => s.stream(id).await,
            AnyStore::Postgres(s) => s.stream(id).await,
        }
    }

    async fn streams(&self, kind: Option<&str>) -> Result<Vec<StreamInfo>, Error> {
        match self {
            AnyStore::Sqlite(s) => s.streams(kind).await,
            AnyStore::Postgres(s) => s.streams(kind).await,
        }
    }

    async fn append(
        &self,
        id: &str,
        expected: i64,
        command_key: Option<&str>,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        match self {
            AnyStore::Sqlite(s) => s.append(id, expected, command_key, events).await,
            AnyStore::Postgres(s) => s.append(id, expected, command_key, events).await,
        }
    }

    async fn load(&self, id: &str, after: i64) -> Result<Vec<Recorded>, Error> {
        match self {
            AnyStore::Sqlite(s) => s.load(id, after).await,
            AnyStore::Postgres(s) => s.load(id, after).await,
        }
    }

    async fn save_snapshot(
        &self,
        id: &str,
        version: i64,
        data: &serde_json::Value,
    ) -> Result<(), Error> {
        match self {
            AnyStore::Sqlite(s) => s.save_snapshot(id, version, data).await,
            AnyStore::Postgres(s) => s.save_snapshot(id, version, data).await,
        }
    }

    async fn latest_snapshot(&self, id: &str) -> Result<Option<Snapshot>, Error> {
        match self {
            AnyStore::Sqlite(s) => s.latest_snapshot(id).await,
            AnyStore::Postgres(s) => s.latest_snapshot(id).await,
        }
    }

    async fn put_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> Result<i64, Error> {
        match self {
            AnyStore::Sqlite(s) => s.put_record(collection, id, data).await,
            AnyStore::Postgres(s) => s.put_record(collection, id, data).await,
        }
    }

    async fn create_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> Result<bool, Error> {
        match self {
            AnyStore::Sqlite(s) => s.create_record(collection, id, data).await,
            AnyStore::Postgres(s) => s.create_record(collection, id, data).await,
        }
    }

    async fn record(&self, collection: &str, id: &str) -> Result<Option<Record>, Error> {
        match self {
            AnyStore::Sqlite(s) => s.record(collection, id).await,
            AnyStore::Postgres(s) => s.record(collection, id).await,
        }
    }

    async fn records(&self, collection: &str) -> Result<Vec<Record>, Error> {
        match self {
            AnyStore::Sqlite(s) => s.records(collection).await,
            AnyStore::Postgres(s) => s.records(collection).await,
        }
    }

    async fn delete_record(&self, collection: &str, id: &str) -> Result<bool, Error> {
        match self {
            AnyStore::Sqlite(s) => s.delete_record(collection, id).await,
            AnyStore::Postgres(s) => s.delete_record(collection, id).await,
        }
    }

    async fn import_checked(&self, export: &Export, replacing: &Replacing) -> Result<(), Error> {
        match self {
            AnyStore::Sqlite(s) => s.import_checked(export, replacing).await,
            AnyStore::Postgres(s) => s.import_checked(export, replacing).await,
        }
    }
}
