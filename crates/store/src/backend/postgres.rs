//! The PostgreSQL backend, for several servers on one database.
//!
//! Its statements are written in PostgreSQL's SQL (`$1` parameters).
//! Appends go through the group commit (`group.rs`) with a few writers in
//! flight: [`write_group`] writes each append of a group as one statement
//! ([`APPEND`]) that checks the command key and the version and changes
//! nothing when it refuses, so a group needs no savepoints and costs one
//! round trip per append plus one `BEGIN` and one `COMMIT`. Every append
//! tells the other connections, when it commits, which stream reached which
//! version (`NOTIFY`, `announce.rs`), and an append that lost a race to the
//! same command key (another group, another server) is answered as that
//! command's duplicate. Other writes are one transaction each: PostgreSQL
//! takes concurrent writers, so there is no lock of the store's own.

use std::sync::Arc;
use std::time::Duration;

use sqlx::PgConnection;
use sqlx::postgres::{PgPool, PgPoolOptions};

use super::rows::{CommandRow, EventRow, RecordRow, SnapshotRow, StreamRow};
use super::statements::{self, EventText, Statements, StreamText};
use crate::EventStore;
use crate::error::{Error, ErrorKind};
use crate::group::{Group, Job};
use crate::model::{Appended, Export, NewEvent, Record, Recorded, Replacing, Snapshot, StreamInfo};

/// The PostgreSQL backend, for several servers on one database.
#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
    // Appends waiting for the next group commit (`group.rs`).
    group: Arc<Group>,
}

/// Groups in flight at once: while one waits for its commit, the next is
/// being written on another connection.
const WRITERS: usize = 4;

/// One append as one statement, inside a group's transaction: a command key
/// already taken answers its versions (`seen_*`); otherwise the stream moves
/// from the expected version to the new one (`stored`, none if it was not at
/// the expected version or does not exist) and only then are the events,
/// the command key and the announcement written. `actual` is the version
/// the statement started from (none: no such stream). A refused append
/// changes nothing, so the group goes on without a savepoint.
///
/// `$1` stream, `$2` expected version, `$3` command key or null, `$4` the
/// events' kinds, `$5` their data, `$6` the time recorded, `$7` the
/// announcement channel, `$8` its payload.
const APPEND: &str = "
WITH seen AS (
    SELECT first_version, last_version FROM commands WHERE stream_id = $1 AND key = $3
), moved AS (
    UPDATE streams SET version = $2 + cardinality($4::text[])
    WHERE id = $1 AND version = $2 AND NOT EXISTS (SELECT 1 FROM seen)
    RETURNING version
), written AS (
    INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at)
    SELECT $1, $2 + e.n, e.kind, e.data, $3, $6
    FROM moved, unnest($4::text[], $5::text[]) WITH ORDINALITY AS e (kind, data, n)
), keyed AS (
    INSERT INTO commands (stream_id, key, first_version, last_version)
    SELECT $1, $3, $2 + 1, moved.version FROM moved WHERE $3::text IS NOT NULL
), told AS (
    SELECT pg_notify($7, $8) FROM moved
)
SELECT
    (SELECT first_version FROM seen) AS seen_first,
    (SELECT last_version FROM seen) AS seen_last,
    (SELECT version FROM moved) AS stored,
    (SELECT version FROM streams WHERE id = $1) AS actual,
    (SELECT count(*) FROM told) AS told";

/// What [`APPEND`] answers.
#[derive(Debug, sqlx::FromRow)]
struct AppendRow {
    seen_first: Option<i64>,
    seen_last: Option<i64>,
    stored: Option<i64>,
    actual: Option<i64>,
}

impl AppendRow {
    fn into_appended(self, job: &Job) -> Result<Appended, Error> {
        match self {
            AppendRow {
                seen_first: Some(first),
                seen_last: Some(last),
                ..
            } => Ok(Appended::Duplicate { first, last }),
            AppendRow {
                stored: Some(last), ..
            } => Ok(Appended::Stored {
                first: job.expected + 1,
                last,
            }),
            AppendRow { actual: None, .. } => {
                Err(Error::new(ErrorKind::NoStream { id: job.id.clone() }))
            }
            AppendRow {
                actual: Some(actual),
                ..
            } => Err(Error::new(ErrorKind::Conflict {
                id: job.id.clone(),
                expected: job.expected,
                // At the expected version when the statement started: another
                // writer took the next one since.
                actual: if actual == job.expected {
                    actual + 1
                } else {
                    actual
                },
            })),
        }
    }
}

/// Writes a group in one transaction, one [`APPEND`] statement per append,
/// and answers each once the transaction has committed. Its streams are
/// written in order of their ids (a stream's own appends keep their order),
/// so two groups in flight lock streams in the same order and never wait on
/// each other in a cycle. If the group fails as a whole (a lost connection,
/// a deadlock with another server), nothing of it was committed, and each
/// append is tried again alone.
pub(crate) async fn write_group(pool: PgPool, mut jobs: Vec<Job>) {
    jobs.sort_by(|a, b| a.id.cmp(&b.id));
    match append_group(&pool, &jobs).await {
        Ok(results) => {
            for (job, result) in jobs.into_iter().zip(results) {
                job.answer(result);
            }
        }
        Err(_) => {
            for job in jobs {
                let result = append_once(&pool, &job).await;
                job.answer(result);
            }
        }
    }
}

async fn append_group(pool: &PgPool, jobs: &[Job]) -> Result<Vec<Result<Appended, Error>>, Error> {
    let at = statements::now();
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(jobs.len());
    for job in jobs {
        let kinds: Vec<&str> = job.events.iter().map(|e| e.kind.as_str()).collect();
        let data: Vec<String> = job.events.iter().map(|e| e.data.to_string()).collect();
        let last = job.expected + job.events.len() as i64;
        let row: AppendRow = sqlx::query_as(APPEND)
            .bind(&job.id)
            .bind(job.expected)
            .bind(job.key.as_deref())
            .bind(&kinds)
            .bind(&data)
            .bind(&at)
            .bind(crate::announce::CHANNEL)
            .bind(crate::announce::payload(&job.id, last))
            .fetch_one(&mut *tx)
            .await?;
        results.push(row.into_appended(job));
    }
    tx.commit().await?;
    Ok(results)
}

/// One append in its own transaction, announced when it commits (a group
/// that failed as a whole retries its appends so).
async fn append_once(pool: &PgPool, job: &Job) -> Result<Appended, Error> {
    let mut tx = pool.begin().await?;
    let appended = statements::append(
        &mut *tx,
        &job.id,
        job.expected,
        job.key.as_deref(),
        &job.events,
    )
    .await?;
    if let Appended::Stored { last, .. } = appended {
        announce(&mut tx, &job.id, last).await?;
    }
    tx.commit().await?;
    Ok(appended)
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
        Ok(PostgresStore {
            pool,
            group: Arc::new(Group::new(WRITERS)),
        })
    }

    /// The connection pool (for LISTEN/NOTIFY).
    pub fn pool(&self) -> &PgPool {
        &self.pool
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

/// Tells every server listening on the database that a record was written
/// or deleted (they may hold it in memory, as credentials are).
async fn announce_record(conn: &mut PgConnection, collection: &str, id: &str) -> Result<(), Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(crate::announce::CHANNEL)
        .bind(crate::announce::record_payload(collection, id))
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
        let pool = self.pool.clone();
        let appended = self
            .group
            .append(id, expected, command_key, events, |jobs| {
                write_group(pool, jobs)
            })
            .await;
        match (appended, command_key) {
            // Another append took the version first: if it carried the same
            // command key, this one is its duplicate (two groups or two
            // servers racing one command).
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
        let version = conn.put_record(collection, id, &data.to_string()).await?;
        announce_record(&mut conn, collection, id).await?;
        Ok(version)
    }

    async fn create_record(
        &self,
        collection: &str,
        id: &str,
        data: &serde_json::Value,
    ) -> Result<bool, Error> {
        let mut conn = self.pool.acquire().await?;
        let created = conn
            .create_record(collection, id, &data.to_string())
            .await?;
        if created {
            announce_record(&mut conn, collection, id).await?;
        }
        Ok(created)
    }

    async fn record(&self, collection: &str, id: &str) -> Result<Option<Record>, Error> {
        statements::record(&mut *self.pool.acquire().await?, collection, id).await
    }

    async fn records(&self, collection: &str) -> Result<Vec<Record>, Error> {
        statements::records(&mut *self.pool.acquire().await?, collection).await
    }

    async fn delete_record(&self, collection: &str, id: &str) -> Result<bool, Error> {
        let mut conn = self.pool.acquire().await?;
        let deleted = conn.delete_record(collection, id).await?;
        if deleted {
            announce_record(&mut conn, collection, id).await?;
        }
        Ok(deleted)
    }

    async fn import_checked(&self, export: &Export, replacing: &Replacing) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        statements::import(&mut *tx, export, replacing).await?;
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(crate::announce::CHANNEL)
            .bind(crate::announce::imported_payload())
            .execute(&mut *tx)
            .await?;
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

    async fn create_record(
        &mut self,
        collection: &str,
        id: &str,
        data: &str,
    ) -> sqlx::Result<bool> {
        let created: Option<i64> = sqlx::query_scalar(
            "INSERT INTO records (collection, id, data, version) VALUES ($1, $2, $3, 1) ON CONFLICT (collection, id) DO NOTHING RETURNING version",
        )
        .bind(collection)
        .bind(id)
        .bind(data)
        .fetch_optional(self)
        .await?;
        Ok(created.is_some())
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
