//! The PostgreSQL backend, for several servers on one database.
//!
//! Its statements are written in PostgreSQL's SQL (`$1` parameters).
//! PostgreSQL takes concurrent writers and groups commits itself: each
//! operation is one transaction, with no lock of the store's own. Every
//! append tells the other connections, when it commits, which stream reached
//! which version (`NOTIFY`, `announce.rs`), and an append that lost a race
//! to the same command key is answered as that command's duplicate.

use std::time::Duration;

use sqlx::PgConnection;
use sqlx::postgres::{PgPool, PgPoolOptions};

use super::rows::{CommandRow, EventRow, RecordRow, SnapshotRow, StreamRow};
use super::statements::{self, EventText, Statements, StreamText};
use crate::EventStore;
use crate::error::Error;
use crate::model::{Appended, Export, NewEvent, Record, Recorded, Replacing, Snapshot, StreamInfo};

/// The PostgreSQL backend, for several servers on one database.
#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
}

impl PostgresStore {
    /// Connects to the database at `url` and brings its tables up to date.
    pub async fn open(url: &str) -> Result<Self, Error> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await?;
        super::MIGRATOR.run(&pool).await?;
        Ok(PostgresStore { pool })
    }

    /// The connection pool (for LISTEN/NOTIFY).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// One append in its own transaction, announced when it commits.
    async fn append_once(
        &self,
        id: &str,
        expected: i64,
        key: Option<&str>,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        let mut tx = self.pool.begin().await?;
        let appended = statements::append(&mut *tx, id, expected, key, events).await?;
        if let Appended::Stored { last, .. } = appended {
            announce(&mut tx, id, last).await?;
        }
        tx.commit().await?;
        Ok(appended)
    }
}

/// Tells every server listening on the database that stream `id` reached
/// `last`; PostgreSQL delivers it only when (and if) the transaction commits.
async fn announce(conn: &mut PgConnection, id: &str, last: i64) -> Result<(), Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(crate::announce::CHANNEL)
        .bind(crate::announce::payload(id, last))
        .execute(conn)
        .await?;
    Ok(())
}

impl EventStore for PostgresStore {
    async fn create_stream(
        &self,
        id: &str,
        kind: &str,
        meta: &serde_json::Value,
    ) -> Result<(), Error> {
        statements::create_stream(&mut *self.pool.acquire().await?, id, kind, meta).await
    }

    async fn stream(&self, id: &str) -> Result<Option<StreamInfo>, Error> {
        statements::stream(&mut *self.pool.acquire().await?, id).await
    }

    async fn streams(&self, kind: Option<&str>) -> Result<Vec<StreamInfo>, Error> {
        statements::streams(&mut *self.pool.acquire().await?, kind).await
    }

    async fn append(
        &self,
        id: &str,
        expected: i64,
        command_key: Option<&str>,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        match (
            self.append_once(id, expected, command_key, events).await,
            command_key,
        ) {
            // Another append took the version first: if it carried the same
            // command key, this one is its duplicate (two servers racing one
            // command).
            (Err(conflict), Some(key)) if conflict.is_conflict() => {
                let mut conn = self.pool.acquire().await?;
                statements::duplicate_or(&mut *conn, id, key, conflict).await
            }
            (once, _) => once,
        }
    }

    async fn load(&self, id: &str, after: i64) -> Result<Vec<Recorded>, Error> {
        statements::load(&mut *self.pool.acquire().await?, id, after).await
    }

    /// Replaces the stream's snapshot in one transaction; PostgreSQL groups
    /// commits itself, so a snapshot commits as any write does.
    async fn save_snapshot(
        &self,
        id: &str,
        version: i64,
        data: &serde_json::Value,
    ) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        tx.put_snapshot(id, version, &data.to_string()).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn latest_snapshot(&self, id: &str) -> Result<Option<Snapshot>, Error> {
        statements::latest_snapshot(&mut *self.pool.acquire().await?, id).await
    }

    async fn put_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> Result<i64, Error> {
        let mut conn = self.pool.acquire().await?;
        Ok(conn.put_record(collection, id, &data.to_string()).await?)
    }

    async fn record(&self, collection: &str, id: &str) -> Result<Option<Record>, Error> {
        statements::record(&mut *self.pool.acquire().await?, collection, id).await
    }

    async fn records(&self, collection: &str) -> Result<Vec<Record>, Error> {
        statements::records(&mut *self.pool.acquire().await?, collection).await
    }

    async fn delete_record(&self, collection: &str, id: &str) -> Result<bool, Error> {
        let mut conn = self.pool.acquire().await?;
        Ok(conn.delete_record(collection, id).await?)
    }

    async fn import_checked(&self, export: &Export, replacing: &Replacing) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        statements::import(&mut *tx, export, replacing).await?;
        tx.commit().await?;
        Ok(())
    }
}

impl Statements for PgConnection {
    async fn insert_stream(&mut self, stream: &StreamText<'_>) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO streams (id, kind, version, meta, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(stream.id)
        .bind(stream.kind)
        .bind(stream.version)
        .bind(&stream.meta)
        .bind(stream.created_at)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn stream(&mut self, id: &str) -> sqlx::Result<Option<StreamRow>> {
        sqlx::query_as("SELECT id, kind, version, meta FROM streams WHERE id = $1")
            .bind(id)
            .fetch_optional(self)
            .await
    }

    async fn version(&mut self, id: &str) -> sqlx::Result<Option<i64>> {
        sqlx::query_scalar("SELECT version FROM streams WHERE id = $1")
            .bind(id)
            .fetch_optional(self)
            .await
    }

    async fn streams(&mut self, kind: &str) -> sqlx::Result<Vec<StreamRow>> {
        sqlx::query_as(
            "SELECT id, kind, version, meta FROM streams WHERE ($1 = '' OR kind = $1) ORDER BY created_at, id",
        )
        .bind(kind)
        .fetch_all(self)
        .await
    }

    async fn advance(&mut self, id: &str, from: i64, to: i64) -> sqlx::Result<bool> {
        let done = sqlx::query("UPDATE streams SET version = $1 WHERE id = $2 AND version = $3")
            .bind(to)
            .bind(id)
            .bind(from)
            .execute(self)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn remove_stream(&mut self, id: &str) -> sqlx::Result<()> {
        for sql in [
            "DELETE FROM commands WHERE stream_id = $1",
            "DELETE FROM snapshots WHERE stream_id = $1",
            "DELETE FROM events WHERE stream_id = $1",
            "DELETE FROM streams WHERE id = $1",
        ] {
            sqlx::query(sql).bind(id).execute(&mut *self).await?;
        }
        Ok(())
    }

    async fn insert_event(
        &mut self,
        id: &str,
        version: i64,
        event: &EventText<'_>,
    ) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(version)
        .bind(event.kind)
        .bind(&event.data)
        .bind(event.command_key)
        .bind(event.recorded_at)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn events(&mut self, id: &str, after: i64) -> sqlx::Result<Vec<EventRow>> {
        sqlx::query_as(
            "SELECT version, kind, data, command_key FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version",
        )
        .bind(id)
        .bind(after)
        .fetch_all(self)
        .await
    }

    async fn command(&mut self, id: &str, key: &str) -> sqlx::Result<Option<CommandRow>> {
        sqlx::query_as(
            "SELECT first_version, last_version FROM commands WHERE stream_id = $1 AND key = $2",
        )
        .bind(id)
        .bind(key)
        .fetch_optional(self)
        .await
    }

    async fn insert_command(&mut self, id: &str, key: &str, run: &CommandRow) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO commands (stream_id, key, first_version, last_version) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(key)
        .bind(run.first_version)
        .bind(run.last_version)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn put_snapshot(&mut self, id: &str, version: i64, data: &str) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO snapshots (stream_id, version, data) VALUES ($1, $2, $3) ON CONFLICT (stream_id, version) DO UPDATE SET data = excluded.data",
        )
        .bind(id)
        .bind(version)
        .bind(data)
        .execute(&mut *self)
        .await?;
        // Only the newest is ever read: older ones are dropped, so a long
        // campaign keeps one snapshot, not one per interval.
        sqlx::query("DELETE FROM snapshots WHERE stream_id = $1 AND version < $2")
            .bind(id)
            .bind(version)
            .execute(self)
            .await?;
        Ok(())
    }

    async fn latest_snapshot(&mut self, id: &str) -> sqlx::Result<Option<SnapshotRow>> {
        sqlx::query_as(
            "SELECT version, data FROM snapshots WHERE stream_id = $1 ORDER BY version DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(self)
        .await
    }

    async fn put_record(&mut self, collection: &str, id: &str, data: &str) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "INSERT INTO records (collection, id, data, version) VALUES ($1, $2, $3, 1) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = records.version + 1 RETURNING version",
        )
        .bind(collection)
        .bind(id)
        .bind(data)
        .fetch_one(self)
        .await
    }

    async fn record(&mut self, collection: &str, id: &str) -> sqlx::Result<Option<RecordRow>> {
        sqlx::query_as("SELECT id, data, version FROM records WHERE collection = $1 AND id = $2")
            .bind(collection)
            .bind(id)
            .fetch_optional(self)
            .await
    }

    async fn records(&mut self, collection: &str) -> sqlx::Result<Vec<RecordRow>> {
        sqlx::query_as("SELECT id, data, version FROM records WHERE collection = $1 ORDER BY id")
            .bind(collection)
            .fetch_all(self)
            .await
    }

    async fn delete_record(&mut self, collection: &str, id: &str) -> sqlx::Result<bool> {
        let done = sqlx::query("DELETE FROM records WHERE collection = $1 AND id = $2")
            .bind(collection)
            .bind(id)
            .execute(self)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
