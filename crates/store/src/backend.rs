//! The two backends, SQLite and PostgreSQL, sharing their SQL: queries are
//! written once with `$1` parameters (SQLite reads them as `?1`).

use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{AssertSqlSafe, Connection, Row};

use crate::EventStore;
use crate::error::{Error, ErrorKind};
use crate::model::{Appended, Export, NewEvent, Record, Recorded, Replacing, Snapshot, StreamInfo};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The SQLite backend: one file, zero setup.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
    // SQLite has one writer at a time; appends queue here rather than fail
    // with "database is locked" when their read snapshot is stale.
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
    // Appends waiting for the next group commit (`group.rs`).
    waiting: std::sync::Arc<crate::group::Waiting>,
}

/// The PostgreSQL backend, for several servers on one database.
#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
}

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite:game.db`,
    /// `sqlite::memory:`) and brings its tables up to date.
    pub async fn open(url: &str) -> Result<Self, Error> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| bad_url(url, e))?
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
        let pool = pool.connect_with(options).await?;
        MIGRATOR.run(&pool).await?;
        Ok(SqliteStore {
            pool,
            writer: std::sync::Arc::default(),
            waiting: std::sync::Arc::default(),
        })
    }

    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    pub(crate) fn writer(&self) -> std::sync::Arc<tokio::sync::Mutex<()>> {
        self.writer.clone()
    }

    pub(crate) fn waiting(&self) -> &crate::group::Waiting {
        &self.waiting
    }
}

impl PostgresStore {
    /// Connects to the database at `url` and brings its tables up to date.
    pub async fn open(url: &str) -> Result<Self, Error> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(PostgresStore { pool })
    }

    /// The connection pool (for LISTEN/NOTIFY).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }
}

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

pub(crate) fn now() -> String {
    let t = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    format!("{}.{:03}", t.as_secs(), t.subsec_millis())
}

fn json(text: &str, what: &str) -> Result<serde_json::Value, Error> {
    serde_json::from_str(text).map_err(|e| {
        Error::new(ErrorKind::Corrupt {
            what: format!("{what}: {e}"),
        })
    })
}

fn is_unique(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

fn lite(sql: &str) -> String {
    sql.replace('$', "?")
}

fn pg(sql: &str) -> String {
    sql.to_string()
}

macro_rules! store_impl {
    ($store:ty, $sql:path, $lock:expr, $announce:path, $relax:path) => {
        impl EventStore for $store {
            async fn create_stream(
                &self,
                id: &str,
                kind: &str,
                meta: &serde_json::Value,
            ) -> Result<(), Error> {
                let sql = $sql(
                    "INSERT INTO streams (id, kind, version, meta, created_at) VALUES ($1, $2, 0, $3, $4)",
                );
                let result = sqlx::query(AssertSqlSafe(sql))
                    .bind(id)
                    .bind(kind)
                    .bind(meta.to_string())
                    .bind(now())
                    .execute(&self.pool)
                    .await;
                match result {
                    Ok(_) => Ok(()),
                    Err(e) if is_unique(&e) => Err(Error::new(ErrorKind::StreamExists {
                        id: id.to_string(),
                    })),
                    Err(e) => Err(e.into()),
                }
            }

            async fn stream(&self, id: &str) -> Result<Option<StreamInfo>, Error> {
                let sql = $sql("SELECT id, kind, version, meta FROM streams WHERE id = $1");
                let row = sqlx::query(AssertSqlSafe(sql))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                row.map(|r| {
                    Ok(StreamInfo {
                        id: r.try_get("id")?,
                        kind: r.try_get("kind")?,
                        version: r.try_get("version")?,
                        meta: json(&r.try_get::<String, _>("meta")?, "stream meta")?,
                    })
                })
                .transpose()
            }

            async fn streams(&self, kind: Option<&str>) -> Result<Vec<StreamInfo>, Error> {
                let sql = $sql(
                    "SELECT id, kind, version, meta FROM streams WHERE ($1 = '' OR kind = $1) ORDER BY created_at, id",
                );
                let rows = sqlx::query(AssertSqlSafe(sql))
                    .bind(kind.unwrap_or(""))
                    .fetch_all(&self.pool)
                    .await?;
                rows.iter()
                    .map(|r| {
                        Ok(StreamInfo {
                            id: r.try_get("id")?,
                            kind: r.try_get("kind")?,
                            version: r.try_get("version")?,
                            meta: json(&r.try_get::<String, _>("meta")?, "stream meta")?,
                        })
                    })
                    .collect()
            }

            async fn append(
                &self,
                id: &str,
                expected: i64,
                command_key: Option<&str>,
                events: &[NewEvent],
            ) -> Result<Appended, Error> {
                let once: Result<Appended, Error> = async {
                    let _writing = $lock(self).await;
                    let mut tx = self.pool.begin().await?;
                    if let Some(key) = command_key {
                        let sql = $sql(
                            "SELECT first_version, last_version FROM commands WHERE stream_id = $1 AND key = $2",
                        );
                        let seen = sqlx::query(AssertSqlSafe(sql))
                            .bind(id)
                            .bind(key)
                            .fetch_optional(&mut *tx)
                            .await?;
                        if let Some(r) = seen {
                            return Ok(Appended::Duplicate {
                                first: r.try_get("first_version")?,
                                last: r.try_get("last_version")?,
                            });
                        }
                    }
                    let sql = $sql("SELECT version FROM streams WHERE id = $1");
                    let actual: i64 = match sqlx::query(AssertSqlSafe(sql))
                        .bind(id)
                        .fetch_optional(&mut *tx)
                        .await?
                    {
                        Some(r) => r.try_get("version")?,
                        None => {
                            return Err(Error::new(ErrorKind::NoStream { id: id.to_string() }));
                        }
                    };
                    let conflict = |actual| {
                        Error::new(ErrorKind::Conflict {
                            id: id.to_string(),
                            expected,
                            actual,
                        })
                    };
                    if actual != expected {
                        return Err(conflict(actual));
                    }
                    let at = now();
                    for (i, e) in events.iter().enumerate() {
                        let sql = $sql(
                            "INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)",
                        );
                        let inserted = sqlx::query(AssertSqlSafe(sql))
                            .bind(id)
                            .bind(expected + 1 + i as i64)
                            .bind(&e.kind)
                            .bind(e.data.to_string())
                            .bind(command_key)
                            .bind(&at)
                            .execute(&mut *tx)
                            .await;
                        match inserted {
                            Ok(_) => {}
                            Err(e) if is_unique(&e) => return Err(conflict(expected + 1)),
                            Err(e) => return Err(e.into()),
                        }
                    }
                    let last = expected + events.len() as i64;
                    let sql = $sql("UPDATE streams SET version = $1 WHERE id = $2 AND version = $3");
                    let updated = sqlx::query(AssertSqlSafe(sql))
                        .bind(last)
                        .bind(id)
                        .bind(expected)
                        .execute(&mut *tx)
                        .await?;
                    if updated.rows_affected() != 1 {
                        return Err(conflict(expected + 1));
                    }
                    if let Some(key) = command_key {
                        let sql = $sql(
                            "INSERT INTO commands (stream_id, key, first_version, last_version) VALUES ($1, $2, $3, $4)",
                        );
                        sqlx::query(AssertSqlSafe(sql))
                            .bind(id)
                            .bind(key)
                            .bind(expected + 1)
                            .bind(last)
                            .execute(&mut *tx)
                            .await?;
                    }
                    $announce(&mut tx, id, last).await?;
                    tx.commit().await?;
                    Ok(Appended::Stored {
                        first: expected + 1,
                        last,
                    })
                }
                .await;
                match (once, command_key) {
                    // Another append took the version first; if it carried
                    // the same command key, this one is its duplicate (two
                    // servers racing one command).
                    (Err(e), Some(key)) if e.is_conflict() => {
                        let sql = $sql(
                            "SELECT first_version, last_version FROM commands WHERE stream_id = $1 AND key = $2",
                        );
                        let seen = sqlx::query(AssertSqlSafe(sql))
                            .bind(id)
                            .bind(key)
                            .fetch_optional(&self.pool)
                            .await?;
                        match seen {
                            Some(r) => Ok(Appended::Duplicate {
                                first: r.try_get("first_version")?,
                                last: r.try_get("last_version")?,
                            }),
                            None => Err(e),
                        }
                    }
                    (once, _) => once,
                }
            }

            async fn load(&self, id: &str, after: i64) -> Result<Vec<Recorded>, Error> {
                let sql = $sql(
                    "SELECT version, kind, data, command_key FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version",
                );
                let rows = sqlx::query(AssertSqlSafe(sql))
                    .bind(id)
                    .bind(after)
                    .fetch_all(&self.pool)
                    .await?;
                rows.iter()
                    .map(|r| {
                        Ok(Recorded {
                            stream: id.to_string(),
                            version: r.try_get("version")?,
                            kind: r.try_get("kind")?,
                            data: json(&r.try_get::<String, _>("data")?, "event")?,
                            command: r.try_get("command_key")?,
                        })
                    })
                    .collect()
            }

            async fn save_snapshot(
                &self,
                id: &str,
                version: i64,
                data: &serde_json::Value,
            ) -> Result<(), Error> {
                // A write like any other: on SQLite it waits its turn behind
                // the group commit rather than meeting it as "database is
                // locked". A snapshot is a cache (the stream is the truth),
                // so its commit need not wait for the disk (`$relax`): the
                // next acknowledged append's sync makes it durable too.
                let _writing = $lock(self).await;
                let mut conn = self.pool.acquire().await?;
                $relax(&mut conn, true).await?;
                let written: Result<(), Error> = async {
                    let mut tx = (&mut *conn).begin().await?;
                    let sql = $sql(
                        "INSERT INTO snapshots (stream_id, version, data) VALUES ($1, $2, $3) ON CONFLICT (stream_id, version) DO UPDATE SET data = excluded.data",
                    );
                    sqlx::query(AssertSqlSafe(sql))
                        .bind(id)
                        .bind(version)
                        .bind(data.to_string())
                        .execute(&mut *tx)
                        .await?;
                    // Only the newest is ever read: older ones are dropped, so
                    // a long campaign keeps one snapshot, not one per interval.
                    let sql = $sql("DELETE FROM snapshots WHERE stream_id = $1 AND version < $2");
                    sqlx::query(AssertSqlSafe(sql))
                        .bind(id)
                        .bind(version)
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    Ok(())
                }
                .await;
                if let Err(e) = $relax(&mut conn, false).await {
                    // Never hand a relaxed connection back to the appends.
                    conn.detach();
                    return Err(e);
                }
                written
            }

            async fn latest_snapshot(&self, id: &str) -> Result<Option<Snapshot>, Error> {
                let sql = $sql(
                    "SELECT version, data FROM snapshots WHERE stream_id = $1 ORDER BY version DESC LIMIT 1",
                );
                let row = sqlx::query(AssertSqlSafe(sql))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                row.map(|r| {
                    Ok(Snapshot {
                        version: r.try_get("version")?,
                        data: json(&r.try_get::<String, _>("data")?, "snapshot")?,
                    })
                })
                .transpose()
            }

            async fn put_record(
                &self,
                collection: &str,
                id: &str,
                data: &serde_json::Value,
            ) -> Result<i64, Error> {
                let _writing = $lock(self).await;
                let sql = $sql(
                    "INSERT INTO records (collection, id, data, version) VALUES ($1, $2, $3, 1) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = records.version + 1 RETURNING version",
                );
                let row = sqlx::query(AssertSqlSafe(sql))
                    .bind(collection)
                    .bind(id)
                    .bind(data.to_string())
                    .fetch_one(&self.pool)
                    .await?;
                Ok(row.try_get("version")?)
            }

            async fn record(&self, collection: &str, id: &str) -> Result<Option<Record>, Error> {
                let sql = $sql(
                    "SELECT id, data, version FROM records WHERE collection = $1 AND id = $2",
                );
                let row = sqlx::query(AssertSqlSafe(sql))
                    .bind(collection)
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                row.map(|r| {
                    Ok(Record {
                        id: r.try_get("id")?,
                        data: json(&r.try_get::<String, _>("data")?, "record")?,
                        version: r.try_get("version")?,
                    })
                })
                .transpose()
            }

            async fn records(&self, collection: &str) -> Result<Vec<Record>, Error> {
                let sql =
                    $sql("SELECT id, data, version FROM records WHERE collection = $1 ORDER BY id");
                let rows = sqlx::query(AssertSqlSafe(sql))
                    .bind(collection)
                    .fetch_all(&self.pool)
                    .await?;
                rows.iter()
                    .map(|r| {
                        Ok(Record {
                            id: r.try_get("id")?,
                            data: json(&r.try_get::<String, _>("data")?, "record")?,
                            version: r.try_get("version")?,
                        })
                    })
                    .collect()
            }

            async fn delete_record(&self, collection: &str, id: &str) -> Result<bool, Error> {
                let sql = $sql("DELETE FROM records WHERE collection = $1 AND id = $2");
                let done = sqlx::query(AssertSqlSafe(sql))
                    .bind(collection)
                    .bind(id)
                    .execute(&self.pool)
                    .await?;
                Ok(done.rows_affected() > 0)
            }

            async fn import_checked(
                &self,
                export: &Export,
                replacing: &Replacing,
            ) -> Result<(), Error> {
                let _writing = $lock(self).await;
                let mut tx = self.pool.begin().await?;
                for id in &replacing.streams {
                    for table in ["commands", "snapshots", "events"] {
                        let sql = $sql(&format!("DELETE FROM {table} WHERE stream_id = $1"));
                        sqlx::query(AssertSqlSafe(sql)).bind(id).execute(&mut *tx).await?;
                    }
                    let sql = $sql("DELETE FROM streams WHERE id = $1");
                    sqlx::query(AssertSqlSafe(sql)).bind(id).execute(&mut *tx).await?;
                }
                for (collection, id) in &replacing.records {
                    let sql = $sql("DELETE FROM records WHERE collection = $1 AND id = $2");
                    sqlx::query(AssertSqlSafe(sql))
                        .bind(collection)
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                }
                let at = now();
                for s in &export.streams {
                    let sql = $sql(
                        "INSERT INTO streams (id, kind, version, meta, created_at) VALUES ($1, $2, $3, $4, $5)",
                    );
                    let created = sqlx::query(AssertSqlSafe(sql))
                        .bind(&s.info.id)
                        .bind(&s.info.kind)
                        .bind(s.events.len() as i64)
                        .bind(s.info.meta.to_string())
                        .bind(&at)
                        .execute(&mut *tx)
                        .await;
                    match created {
                        Ok(_) => {}
                        Err(e) if is_unique(&e) => {
                            return Err(Error::new(ErrorKind::StreamExists {
                                id: s.info.id.clone(),
                            }));
                        }
                        Err(e) => return Err(e.into()),
                    }
                    for e in &s.events {
                        let sql = $sql(
                            "INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)",
                        );
                        sqlx::query(AssertSqlSafe(sql))
                            .bind(&s.info.id)
                            .bind(e.version)
                            .bind(&e.kind)
                            .bind(e.data.to_string())
                            .bind(&e.command)
                            .bind(&at)
                            .execute(&mut *tx)
                            .await?;
                    }
                    for (key, first, last) in crate::command_runs(&s.events) {
                        let sql = $sql(
                            "INSERT INTO commands (stream_id, key, first_version, last_version) VALUES ($1, $2, $3, $4)",
                        );
                        sqlx::query(AssertSqlSafe(sql))
                            .bind(&s.info.id)
                            .bind(key)
                            .bind(first)
                            .bind(last)
                            .execute(&mut *tx)
                            .await?;
                    }
                }
                for r in &export.records {
                    let sql = $sql(
                        "INSERT INTO records (collection, id, data, version) VALUES ($1, $2, $3, 1) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = records.version + 1",
                    );
                    sqlx::query(AssertSqlSafe(sql))
                        .bind(&r.collection)
                        .bind(&r.id)
                        .bind(r.data.to_string())
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(())
            }
        }
    };
}

async fn sqlite_lock(store: &SqliteStore) -> tokio::sync::MutexGuard<'_, ()> {
    store.writer.lock().await
}

async fn no_lock(_: &PostgresStore) {}

/// Lets the connection's commits skip the wait for the disk (`relaxed`) or
/// makes them wait again: `synchronous = NORMAL` in WAL mode keeps the
/// database whole and loses at most the last commits on a power cut, which
/// for a snapshot (a cache of the stream) only means a slower load.
async fn sqlite_relax(conn: &mut sqlx::SqliteConnection, relaxed: bool) -> Result<(), Error> {
    let pragma = if relaxed {
        "PRAGMA synchronous = NORMAL"
    } else {
        "PRAGMA synchronous = FULL"
    };
    sqlx::query(pragma).execute(conn).await?;
    Ok(())
}

/// PostgreSQL groups commits itself; a snapshot commits as any write does.
async fn pg_relax(_: &mut sqlx::PgConnection, _: bool) -> Result<(), Error> {
    Ok(())
}

/// One process owns a SQLite file: nobody else to tell.
async fn announce_nothing(
    _: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    _: &str,
    _: i64,
) -> Result<(), Error> {
    Ok(())
}

/// Tells every server listening on the database that stream `id` reached
/// `last`; PostgreSQL delivers it only when (and if) the append commits.
async fn announce_append(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    id: &str,
    last: i64,
) -> Result<(), Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(crate::announce::CHANNEL)
        .bind(crate::announce::payload(id, last))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

store_impl!(
    SqliteStore,
    lite,
    sqlite_lock,
    announce_nothing,
    sqlite_relax
);
store_impl!(PostgresStore, pg, no_lock, announce_append, pg_relax);

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
            // Concurrent appends share one transaction and one fsync.
            AnyStore::Sqlite(s) => crate::group::append(s, id, expected, command_key, events).await,
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
