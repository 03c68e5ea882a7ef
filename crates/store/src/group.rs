//! Group commit for SQLite: appends that arrive while another is being
//! written queue up, and the next writer commits all of them in one
//! transaction, so one `fsync` (SQLite's `synchronous = FULL`) serves many
//! appends. Each append runs under its own savepoint, so one append's
//! conflict or duplicate key leaves the others of its group whole, and every
//! caller is answered only after the transaction holding its events has
//! committed: an acknowledged append is on disk, as before.
//!
//! The group is written by a task of its own, so a caller that gives up
//! (its request was dropped) never leaves a group half written; its append
//! may still be committed, unacknowledged, like any append whose answer was
//! lost.

use std::sync::Mutex;

use sqlx::sqlite::SqliteConnection;
use sqlx::{Row, SqlitePool};
use tokio::sync::oneshot;

use crate::backend::SqliteStore;
use crate::error::{Error, ErrorKind};
use crate::model::{Appended, NewEvent};

/// Appends waiting for the next group.
#[derive(Debug, Default)]
pub(crate) struct Waiting {
    jobs: Mutex<Vec<Job>>,
}

#[derive(Debug)]
struct Job {
    id: String,
    expected: i64,
    key: Option<String>,
    events: Vec<NewEvent>,
    done: oneshot::Sender<Result<Appended, Error>>,
}

/// Appends `events` to stream `id` in the next group commit.
pub(crate) async fn append(
    store: &SqliteStore,
    id: &str,
    expected: i64,
    key: Option<&str>,
    events: &[NewEvent],
) -> Result<Appended, Error> {
    let (done, mut answer) = oneshot::channel();
    store.waiting().lock().push(Job {
        id: id.to_string(),
        expected,
        key: key.map(str::to_string),
        events: events.to_vec(),
        done,
    });
    let writing = store.writer().lock_owned().await;
    // The writer before us may have taken (and committed) our append.
    if let Ok(result) = answer.try_recv() {
        return result;
    }
    let jobs = std::mem::take(&mut *store.waiting().lock());
    let pool = store.pool().clone();
    tokio::spawn(async move {
        write(&pool, jobs).await;
        drop(writing);
    });
    answer.await.unwrap_or_else(|_| {
        Err(Error::from(sqlx::Error::Protocol(
            "the group commit holding this append stopped".into(),
        )))
    })
}

impl Waiting {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Job>> {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Writes a group in one transaction and answers each append.
async fn write(pool: &SqlitePool, jobs: Vec<Job>) {
    let mut results = Vec::with_capacity(jobs.len());
    let committed: Result<(), Error> = async {
        let mut tx = pool.begin().await?;
        for job in &jobs {
            sqlx::query("SAVEPOINT append").execute(&mut *tx).await?;
            let result = append_one(&mut tx, job).await;
            if result.is_err() {
                sqlx::query("ROLLBACK TO append").execute(&mut *tx).await?;
            }
            sqlx::query("RELEASE append").execute(&mut *tx).await?;
            results.push(result);
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    match committed {
        Ok(()) => {
            for (job, result) in jobs.into_iter().zip(results) {
                let _ = job.done.send(result);
            }
        }
        Err(e) => {
            let why = e.to_string();
            for job in jobs {
                let _ = job.done.send(Err(Error::from(sqlx::Error::Protocol(format!(
                    "the group commit failed: {why}"
                )))));
            }
        }
    }
}

/// One append inside the group's transaction: the same checks and rows as
/// the backends' `append`.
async fn append_one(conn: &mut SqliteConnection, job: &Job) -> Result<Appended, Error> {
    let (id, expected) = (job.id.as_str(), job.expected);
    if let Some(key) = &job.key {
        let seen = sqlx::query(
            "SELECT first_version, last_version FROM commands WHERE stream_id = ?1 AND key = ?2",
        )
        .bind(id)
        .bind(key)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(r) = seen {
            return Ok(Appended::Duplicate {
                first: r.try_get("first_version")?,
                last: r.try_get("last_version")?,
            });
        }
    }
    let actual: i64 = match sqlx::query("SELECT version FROM streams WHERE id = ?1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    {
        Some(r) => r.try_get("version")?,
        None => return Err(Error::new(ErrorKind::NoStream { id: id.to_string() })),
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
    let at = crate::backend::now();
    for (i, e) in job.events.iter().enumerate() {
        sqlx::query(
            "INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .bind(id)
        .bind(expected + 1 + i as i64)
        .bind(&e.kind)
        .bind(e.data.to_string())
        .bind(&job.key)
        .bind(&at)
        .execute(&mut *conn)
        .await?;
    }
    let last = expected + job.events.len() as i64;
    sqlx::query("UPDATE streams SET version = ?1 WHERE id = ?2 AND version = ?3")
        .bind(last)
        .bind(id)
        .bind(expected)
        .execute(&mut *conn)
        .await?;
    if let Some(key) = &job.key {
        sqlx::query(
            "INSERT INTO commands (stream_id, key, first_version, last_version) VALUES (?1, ?2, ?3, ?4)",
        )
        .bind(id)
        .bind(key)
        .bind(expected + 1)
        .bind(last)
        .execute(&mut *conn)
        .await?;
    }
    Ok(Appended::Stored {
        first: expected + 1,
        last,
    })
}
