//! The PostgreSQL backend, for several servers on one database.
//!
//! Its statements are written in PostgreSQL's SQL (`$1` parameters).
//! Appends go through the group commit (`group.rs`) with a few writers in
//! flight: [`write_group`] writes a group's appends to distinct streams
//! together as one statement ([`APPENDS`]) in which each append checks its
//! command key and its version and changes nothing when it refuses, so a
//! group needs no savepoints, and a group of distinct streams (a server's
//! usual) costs one round trip, committed on its own. Every append
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

/// One round of a group as one statement: appends to distinct streams,
/// each of which checks its command key and its version and changes nothing
/// when it refuses, so a group needs no savepoints. For each append, a
/// command key already taken answers its versions (`seen_*`); otherwise the
/// stream moves from the expected version to the new one (`stored`, none if
/// it was not at the expected version or does not exist) and only then are
/// its events, its command key and its announcement written. `actual` is
/// the version the statement started from (none: no such stream). One row
/// an append, in the order given.
///
/// The appends: `$1` streams, `$2` expected versions, `$3` command keys
/// (null: none), `$4` numbers of events, `$5` announcement payloads; their
/// events: `$6` the append each belongs to (from 1, in the order given),
/// `$7` its place in that append (from 1), `$8` kinds, `$9` data; `$10` the
/// time recorded, `$11` the announcement channel.
const APPENDS: &str = "
WITH j AS (
    SELECT * FROM unnest($1::text[], $2::int8[], $3::text[], $4::int8[], $5::text[])
        WITH ORDINALITY AS j (id, expected, key, count, payload, n)
), seen AS (
    SELECT j.n, c.first_version, c.last_version
    FROM j JOIN commands AS c ON c.stream_id = j.id AND c.key = j.key
), moved AS (
    UPDATE streams AS s SET version = j.expected + j.count
    FROM j
    WHERE s.id = j.id AND s.version = j.expected
        AND NOT EXISTS (SELECT 1 FROM seen WHERE seen.n = j.n)
    RETURNING j.n, j.id, j.expected, j.key, j.payload, s.version
), written AS (
    INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at)
    SELECT moved.id, moved.expected + e.i, e.kind, e.data, moved.key, $10
    FROM moved
    JOIN unnest($6::int8[], $7::int8[], $8::text[], $9::text[]) AS e (n, i, kind, data)
        ON e.n = moved.n
), keyed AS (
    INSERT INTO commands (stream_id, key, first_version, last_version)
    SELECT moved.id, moved.key, moved.expected + 1, moved.version FROM moved
    WHERE moved.key IS NOT NULL
), told AS (
    SELECT pg_notify($11, moved.payload) FROM moved
)
SELECT
    seen.first_version AS seen_first,
    seen.last_version AS seen_last,
    moved.version AS stored,
    (SELECT version FROM streams WHERE id = j.id) AS actual,
    (SELECT count(*) FROM told) AS told
FROM j
LEFT JOIN seen ON seen.n = j.n
LEFT JOIN moved ON moved.n = j.n
ORDER BY j.n";

/// What [`APPENDS`] answers for one append.
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

/// Writes a group and answers each append once it has committed, in
/// rounds of appends to distinct streams (a stream's second append of the
/// group goes in the second round, after its first), each round one
/// [`APPENDS`] statement: a group whose streams are all distinct (a
/// server's usual, each table deciding one command at a time) is one
/// statement, committed on its own, one round trip in all; a group of
/// several rounds runs them in one transaction. Its streams are written in
/// order of their ids (a stream's own appends keep their order), so two
/// groups in flight lock streams in the same order and never wait on each
/// other in a cycle. If the group fails as a whole (a lost connection, a
/// deadlock with another server), nothing of it was committed, and each
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

/// The rounds of a group: each append's place in the group, in rounds of
/// distinct streams, a stream's appends in their order.
fn rounds(jobs: &[Job]) -> Vec<Vec<usize>> {
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    let mut before = std::collections::HashMap::<&str, usize>::new();
    for (place, job) in jobs.iter().enumerate() {
        let round = before.entry(job.id.as_str()).or_insert(0);
        if rounds.len() <= *round {
            rounds.push(Vec::new());
        }
        rounds[*round].push(place);
        *round += 1;
    }
    rounds
}

async fn append_group(pool: &PgPool, jobs: &[Job]) -> Result<Vec<Result<Appended, Error>>, Error> {
    let at = statements::now();
    let rounds = rounds(jobs);
    let mut results: Vec<Option<Result<Appended, Error>>> = jobs.iter().map(|_| None).collect();
    if let [round] = rounds.as_slice() {
        let mut conn = pool.acquire().await?;
        append_round(&mut conn, jobs, round, &at, &mut results).await?;
    } else {
        let mut tx = pool.begin().await?;
        for round in &rounds {
            append_round(&mut tx, jobs, round, &at, &mut results).await?;
        }
        tx.commit().await?;
    }
    results
        .into_iter()
        .map(|result| {
            result.ok_or_else(|| {
                Error::from(sqlx::Error::Protocol(
                    "an append of the group was in no round".into(),
                ))
            })
        })
        .collect()
}

/// One round's [`APPENDS`] statement; each append's answer goes to its
/// place in `results`.
async fn append_round(
    conn: &mut PgConnection,
    jobs: &[Job],
    round: &[usize],
    at: &str,
    results: &mut [Option<Result<Appended, Error>>],
) -> Result<(), Error> {
    let mut ids = Vec::with_capacity(round.len());
    let mut expected = Vec::with_capacity(round.len());
    let mut keys = Vec::with_capacity(round.len());
    let mut counts = Vec::with_capacity(round.len());
    let mut payloads = Vec::with_capacity(round.len());
    let (mut owners, mut places, mut kinds, mut data) = (vec![], vec![], vec![], vec![]);
    for (n, job) in (1i64..).zip(round.iter().map(|&place| &jobs[place])) {
        ids.push(job.id.as_str());
        expected.push(job.expected);
        keys.push(job.key.as_deref());
        counts.push(job.events.len() as i64);
        let last = job.expected + job.events.len() as i64;
        payloads.push(crate::announce::payload(&job.id, last));
        for (i, e) in (1i64..).zip(&job.events) {
            owners.push(n);
            places.push(i);
            kinds.push(e.kind.as_str());
            data.push(e.data.to_string());
        }
    }
    let rows: Vec<AppendRow> = sqlx::query_as(APPENDS)
        .bind(&ids)
        .bind(&expected)
        .bind(&keys)
        .bind(&counts)
        .bind(&payloads)
        .bind(&owners)
        .bind(&places)
        .bind(&kinds)
        .bind(&data)
        .bind(at)
        .bind(crate::announce::CHANNEL)
        .fetch_all(&mut *conn)
        .await?;
    if rows.len() != round.len() {
        return Err(Error::from(sqlx::Error::Protocol(format!(
            "a round of {} appends was answered {} rows",
            round.len(),
            rows.len()
        ))));
    }
    for (&place, row) in round.iter().zip(rows) {
        results[place] = Some(row.into_appended(&jobs[place]));
    }
    Ok(())
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
