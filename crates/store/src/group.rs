//! Group commit for SQLite: appends that arrive while another is being
//! written queue up, and the next writer commits all of them in one
//! transaction, so one `fsync` (SQLite's `synchronous = FULL`) serves many
//! appends. Each append runs under its own savepoint, so one append's
//! conflict or duplicate key leaves the others of its group whole, and every
//! caller is answered only after the transaction holding its events has
//! committed: an acknowledged append is on disk, as before. Each append is
//! the backends' one append (`backend/statements.rs`) in SQLite's SQL.
//!
//! The group is written by a task of its own, so a caller that gives up
//! (its request was dropped) never leaves a group half written; its append
//! may still be committed, unacknowledged, like any append whose answer was
//! lost.

use std::sync::Mutex;

use sqlx::SqlitePool;
use tokio::sync::oneshot;

use crate::backend::{SqliteStore, append_in};
use crate::error::Error;
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
            let result = append_in(
                &mut *tx,
                &job.id,
                job.expected,
                job.key.as_deref(),
                &job.events,
            )
            .await;
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
