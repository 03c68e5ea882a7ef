//! The SQLite backend: one file, zero setup, the default.
//!
//! Its statements are written in SQLite's SQL (`?1` parameters). SQLite has
//! one writer at a time: every write waits its turn on the store's writer
//! lock rather than meeting another as "database is locked", and appends go
//! through the group commit (`group.rs`) with one writer: [`write_group`]
//! checks the group's appends on one read, then writes those that passed
//! (`sqlite_group.rs`). A commit is on disk
//! before it is acknowledged (WAL mode, `synchronous = FULL`), except a
//! snapshot's ([`relax`]).

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Connection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};

use super::rows::{CommandRow, EventRow, RecordRow, SnapshotRow, StreamRow};
use super::statements::{self, EventText, Statements, StreamText};
use crate::EventStore;
use crate::error::Error;
use crate::group::{self, Group, Job};
use crate::model::{Appended, Export, NewEvent, Record, Recorded, Replacing, Snapshot, StreamInfo};

/// The SQLite backend: one file, zero setup.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
    // Appends waiting for the next group commit (`group.rs`), with one
    // writer: SQLite has one writer at a time, and every write takes the
    // group's writer rather than fail with "database is locked" when its
    // read snapshot is stale.
    group: Arc<Group>,
}

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite:game.db`,
    /// `sqlite::memory:`) and brings its tables up to date.
    pub async fn open(url: &str) -> Result<Self, Error> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| super::bad_url(url, e))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a commit is on disk before the append is acknowledged.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let mut pool = SqlitePoolOptions::new();
        if memory {
            // One connection that never closes, or the database vanishes.
            pool = pool
                .max_connections(1)
                .idle_timeout(None)
                .max_lifetime(None);
        } else {
            pool = pool.max_connections(8);
        }
        // A SQLite connection is a file handle in this process: it does not
        // break as a network one does, so it is not pinged (a round trip to
        // its thread) each time it is taken from the pool.
        let pool = pool.test_before_acquire(false);
        let pool = pool.connect_with(options).await?;
        super::MIGRATOR.run(&pool).await?;
        Ok(SqliteStore {
            pool,
            group: Arc::new(Group::new(1)),
        })
    }

    #[cfg(test)]
    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// Writes a group in one transaction and answers each append once the
/// transaction has committed. The appends are checked together, in order,
/// on one read, and only those that pass write anything, in three
/// statements for the whole group (`sqlite_group.rs`), so a refused append
/// fails alone with nothing to roll back; the transaction is the only
/// writer, so nothing changes between the read and the writes, and an
/// error in them (the database's own) fails the whole group, nothing of it
/// committed. (Five statements an append, each a round trip to SQLite's
/// thread, did the same before.)
pub(crate) async fn write_group(pool: SqlitePool, jobs: Vec<Job>) {
    let committed: Result<Vec<Result<Appended, Error>>, Error> = async {
        let mut tx = pool.begin().await?;
        let group = super::sqlite_group::Group::read(&mut tx, &jobs).await?;
        group.write(&mut tx, &statements::now()).await?;
        tx.commit().await?;
        Ok(group.answers)
    }
    .await;
    match committed {
        Ok(results) => {
            for (job, result) in jobs.into_iter().zip(results) {
                job.answer(result);
            }
        }
        Err(e) => group::fail(jobs, &e),
    }
}

/// Lets the connection's commits skip the wait for the disk (`relaxed`) or
/// makes them wait again: `synchronous = NORMAL` in WAL mode keeps the
/// database whole and loses at most the last commits on a power cut, which
/// for a snapshot (a cache of the stream) only means a slower load.
async fn relax(conn: &mut SqliteConnection, relaxed: bool) -> Result<(), Error> {
    let pragma = if relaxed {
        "PRAGMA synchronous = NORMAL"
    } else {
        "PRAGMA synchronous = FULL"
    };
    sqlx::query(pragma).execute(conn).await?;
    Ok(())
}

impl EventStore for SqliteStore {
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

    /// Appends in the next group commit: concurrent appends share one
    /// transaction and one fsync.
    async fn append(
        &self,
        id: &str,
        expected: i64,
        command_key: Option<&str>,
        events: &[NewEvent],
    ) -> Result<Appended, Error> {
        let pool = self.pool.clone();
        self.group
            .append(id, expected, command_key, events, |jobs| {
                write_group(pool, jobs)
            })
            .await
    }

    async fn load(&self, id: &str, after: i64) -> Result<Vec<Recorded>, Error> {
        statements::load(&mut *self.pool.acquire().await?, id, after).await
    }

    /// A write like any other, waiting its turn behind the group commit; a
    /// snapshot is a cache (the stream is the truth), so its commit need not
    /// wait for the disk ([`relax`]): the next acknowledged append's sync
    /// makes it durable too.
    async fn save_snapshot(
        &self,
        id: &str,
        version: i64,
        data: &serde_json::Value,
    ) -> Result<(), Error> {
        let _writing = self.group.writer().await;
        let mut conn = self.pool.acquire().await?;
        relax(&mut conn, true).await?;
        let written: Result<(), Error> = async {
            let mut tx = conn.begin().await?;
            tx.put_snapshot(id, version, &data.to_string()).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        if let Err(e) = relax(&mut conn, false).await {
            // Never hand a relaxed connection back to the appends.
            conn.detach();
            return Err(e);
        }
        written
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
        let _writing = self.group.writer().await;
        let mut conn = self.pool.acquire().await?;
        Ok(conn.put_record(collection, id, &data.to_string()).await?)
    }

    async fn create_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> Result<bool, Error> {
        let _writing = self.group.writer().await;
        let mut conn = self.pool.acquire().await?;
        Ok(conn
            .create_record(collection, id, &data.to_string())
            .await?)
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
        let _writing = self.group.writer().await;
        let mut tx = self.pool.begin().await?;
        statements::import(&mut *tx, export, replacing).await?;
        tx.commit().await?;
        Ok(())
    }
}

impl Statements for SqliteConnection {
    async fn insert_stream(&mut self, stream: &StreamText<'_>) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO streams (id, kind, version, meta, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
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
        sqlx::query_as("SELECT id, kind, version, meta FROM streams WHERE id = ?1")
            .bind(id)
            .fetch_optional(self)
            .await
    }

    async fn version(&mut self, id: &str) -> sqlx::Result<Option<i64>> {
        sqlx::query_scalar("SELECT version FROM streams WHERE id = ?1")
            .bind(id)
            .fetch_optional(self)
            .await
    }

    async fn streams(&mut self, kind: &str) -> sqlx::Result<Vec<StreamRow>> {
        sqlx::query_as(
            "SELECT id, kind, version, meta FROM streams WHERE (?1 = '' OR kind = ?1) ORDER BY created_at, id",
        )
        .bind(kind)
        .fetch_all(self)
        .await
    }

    async fn advance(&mut self, id: &str, from: i64, to: i64) -> sqlx::Result<bool> {
        let done = sqlx::query("UPDATE streams SET version = ?1 WHERE id = ?2 AND version = ?3")
            .bind(to)
            .bind(id)
            .bind(from)
            .execute(self)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn remove_stream(&mut self, id: &str) -> sqlx::Result<()> {
        for sql in [
            "DELETE FROM commands WHERE stream_id = ?1",
            "DELETE FROM snapshots WHERE stream_id = ?1",
            "DELETE FROM events WHERE stream_id = ?1",
            "DELETE FROM streams WHERE id = ?1",
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
            "INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
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
            "SELECT version, kind, data, command_key FROM events WHERE stream_id = ?1 AND version > ?2 ORDER BY version",
        )
        .bind(id)
        .bind(after)
        .fetch_all(self)
        .await
    }

    async fn command(&mut self, id: &str, key: &str) -> sqlx::Result<Option<CommandRow>> {
        sqlx::query_as(
            "SELECT first_version, last_version FROM commands WHERE stream_id = ?1 AND key = ?2",
        )
        .bind(id)
        .bind(key)
        .fetch_optional(self)
        .await
    }

    async fn insert_command(&mut self, id: &str, key: &str, run: &CommandRow) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO commands (stream_id, key, first_version, last_version) VALUES (?1, ?2, ?3, ?4)",
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
            "INSERT INTO snapshots (stream_id, version, data) VALUES (?1, ?2, ?3) ON CONFLICT (stream_id, version) DO UPDATE SET data = excluded.data",
        )
        .bind(id)
        .bind(version)
        .bind(data)
        .execute(&mut *self)
        .await?;
        // Only the newest is ever read: older ones are dropped, so a long
        // campaign keeps one snapshot, not one per interval.
        sqlx::query("DELETE FROM snapshots WHERE stream_id = ?1 AND version < ?2")
            .bind(id)
            .bind(version)
            .execute(self)
            .await?;
        Ok(())
    }

    async fn latest_snapshot(&mut self, id: &str) -> sqlx::Result<Option<SnapshotRow>> {
        sqlx::query_as(
            "SELECT version, data FROM snapshots WHERE stream_id = ?1 ORDER BY version DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(self)
        .await
    }

    async fn put_record(&mut self, collection: &str, id: &str, data: &str) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "INSERT INTO records (collection, id, data, version) VALUES (?1, ?2, ?3, 1) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = records.version + 1 RETURNING version",
        )
        .bind(collection)
        .bind(id)
        .bind(data)
        .fetch_one(self)
        .await
    }

    async fn create_record(
        &mut self,
        collection: &str,
        id: &str,
        data: &str,
    ) -> sqlx::Result<bool> {
        let created: Option<i64> = sqlx::query_scalar(
            "INSERT INTO records (collection, id, data, version) VALUES (?1, ?2, ?3, 1) ON CONFLICT (collection, id) DO NOTHING RETURNING version",
        )
        .bind(collection)
        .bind(id)
        .bind(data)
        .fetch_optional(self)
        .await?;
        Ok(created.is_some())
    }

    async fn record(&mut self, collection: &str, id: &str) -> sqlx::Result<Option<RecordRow>> {
        sqlx::query_as("SELECT id, data, version FROM records WHERE collection = ?1 AND id = ?2")
            .bind(collection)
            .bind(id)
            .fetch_optional(self)
            .await
    }

    async fn records(&mut self, collection: &str) -> sqlx::Result<Vec<RecordRow>> {
        sqlx::query_as("SELECT id, data, version FROM records WHERE collection = ?1 ORDER BY id")
            .bind(collection)
            .fetch_all(self)
            .await
    }

    async fn delete_record(&mut self, collection: &str, id: &str) -> sqlx::Result<bool> {
        let done = sqlx::query("DELETE FROM records WHERE collection = ?1 AND id = ?2")
            .bind(collection)
            .bind(id)
            .execute(self)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
