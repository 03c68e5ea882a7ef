//! Group commit, for both backends: appends that arrive while others are
//! being written queue up, and the next free writer commits all of them in
//! one transaction, so one sync to disk (SQLite's `synchronous = FULL`,
//! PostgreSQL's WAL flush) and one round of `BEGIN`/`COMMIT` serve many
//! appends. Each append is checked on its own inside the group (SQLite runs
//! each under a savepoint, `backend/sqlite.rs`; PostgreSQL writes each as one
//! statement that changes nothing when it is refused, `backend/postgres.rs`),
//! so one append's conflict or duplicate key leaves the others of its group
//! whole, and every caller is answered only after the transaction holding
//! its events has committed: an acknowledged append is on disk.
//!
//! A [`Group`] has a number of writers: one for SQLite (one writer at a time
//! is all it takes), a few for PostgreSQL (which takes concurrent writers,
//! so a group is being built while another is in flight).
//!
//! A group is written by a task of its own, so a caller that gives up (its
//! request was dropped) never leaves a group half written; its append may
//! still be committed, unacknowledged, like any append whose answer was lost.

use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};

use crate::error::Error;
use crate::model::{Appended, NewEvent};

/// Appends waiting for the next group, and the writers that take them.
#[derive(Debug)]
pub(crate) struct Group {
    jobs: Mutex<Vec<Job>>,
    writers: Arc<Semaphore>,
}

/// One append waiting in a group.
#[derive(Debug)]
pub(crate) struct Job {
    pub(crate) id: String,
    pub(crate) expected: i64,
    pub(crate) key: Option<String>,
    pub(crate) events: Vec<NewEvent>,
    done: oneshot::Sender<Result<Appended, Error>>,
}

impl Job {
    /// Answers the caller (who may have given up).
    pub(crate) fn answer(self, result: Result<Appended, Error>) {
        let _ = self.done.send(result);
    }
}

impl Group {
    /// A group commit with `writers` groups in flight at most.
    pub(crate) fn new(writers: usize) -> Self {
        Group {
            jobs: Mutex::default(),
            writers: Arc::new(Semaphore::new(writers)),
        }
    }

    /// Waits until a writer is free and keeps it: with one writer, this is
    /// the store's write lock (SQLite's other writes take it too).
    pub(crate) async fn writer(&self) -> OwnedSemaphorePermit {
        self.writers
            .clone()
            .acquire_owned()
            .await
            .expect("the group's writers are never closed")
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, Vec<Job>> {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Appends `events` to stream `id` in the next group, written by
    /// `write`, which must answer every job it is given.
    pub(crate) async fn append<W, F>(
        &self,
        id: &str,
        expected: i64,
        key: Option<&str>,
        events: &[NewEvent],
        write: W,
    ) -> Result<Appended, Error>
    where
        W: FnOnce(Vec<Job>) -> F,
        F: Future<Output = ()> + Send + 'static,
    {
        let (done, mut answer) = oneshot::channel();
        self.waiting().push(Job {
            id: id.to_string(),
            expected,
            key: key.map(str::to_string),
            events: events.to_vec(),
            done,
        });
        let writing = self.writer().await;
        // A writer before us may have taken (and committed) our append.
        if let Ok(result) = answer.try_recv() {
            return result;
        }
        let jobs = std::mem::take(&mut *self.waiting());
        if jobs.is_empty() {
            // Our append is in a group still being written.
            drop(writing);
        } else {
            let written = write(jobs);
            tokio::spawn(async move {
                written.await;
                drop(writing);
            });
        }
        answer.await.unwrap_or_else(|_| {
            Err(Error::from(sqlx::Error::Protocol(
                "the group commit holding this append stopped".into(),
            )))
        })
    }
}

/// Answers every job of a group whose transaction failed as a whole.
pub(crate) fn fail(jobs: Vec<Job>, why: &Error) {
    for job in jobs {
        job.answer(Err(Error::from(sqlx::Error::Protocol(format!(
            "the group commit failed: {why}"
        )))));
    }
}

#[cfg(test)]
mod tests {
    //! One group written by each backend's writer, with every way an append
    //! can be refused in it: each refused append fails alone, the others are
    //! committed, and every answer comes after the commit.

    use serde_json::json;

    use super::*;
    use crate::backend::{PostgresStore, SqliteStore, write_postgres_group, write_sqlite_group};
    use crate::{ErrorKind, EventStore};

    fn shot(n: i64) -> NewEvent {
        NewEvent::new("shot", &json!({ "n": n })).unwrap()
    }

    /// What an append of the group is answered.
    #[derive(Debug, PartialEq)]
    enum Answer {
        Stored(i64, i64),
        Duplicate(i64, i64),
        Conflict,
        NoStream,
    }

    /// The group: stream `a` holds one append (key `k1`) at version 1, `b`
    /// is empty; each append names its stream, expected version, key and
    /// number of events, and what it is answered.
    const GROUP: &[(&str, i64, Option<&str>, i64, Answer)] = &[
        ("a", 1, Some("k2"), 1, Answer::Stored(2, 2)),
        // Stale: the append before it in the group took version 2.
        ("a", 1, None, 1, Answer::Conflict),
        // A key stored before the group.
        ("a", 2, Some("k1"), 1, Answer::Duplicate(1, 1)),
        // A key stored earlier in the same group.
        ("a", 2, Some("k2"), 1, Answer::Duplicate(2, 2)),
        ("missing", 0, None, 1, Answer::NoStream),
        // The same key on another stream is another command.
        ("b", 0, Some("k1"), 1, Answer::Stored(1, 1)),
        ("a", 2, None, 2, Answer::Stored(3, 4)),
    ];

    fn jobs() -> (Vec<Job>, Vec<oneshot::Receiver<Result<Appended, Error>>>) {
        GROUP
            .iter()
            .map(|(id, expected, key, events, _)| {
                let (done, answer) = oneshot::channel();
                let job = Job {
                    id: id.to_string(),
                    expected: *expected,
                    key: key.map(str::to_string),
                    events: (0..*events).map(|n| shot(expected * 10 + n)).collect(),
                    done,
                };
                (job, answer)
            })
            .unzip()
    }

    async fn prepare(s: &impl EventStore) {
        for id in ["a", "b"] {
            s.create_stream(id, "k", &json!({})).await.unwrap();
        }
        s.append("a", 0, Some("k1"), &[shot(0)]).await.unwrap();
    }

    async fn check(s: &impl EventStore, answers: Vec<oneshot::Receiver<Result<Appended, Error>>>) {
        for (answer, (id, expected, key, _, wanted)) in answers.into_iter().zip(GROUP) {
            let got = match answer.await.expect("every append is answered") {
                Ok(Appended::Stored { first, last }) => Answer::Stored(first, last),
                Ok(Appended::Duplicate { first, last }) => Answer::Duplicate(first, last),
                Err(e) if e.is_conflict() => Answer::Conflict,
                Err(e) if matches!(e.kind(), ErrorKind::NoStream { .. }) => Answer::NoStream,
                Err(e) => panic!("{id} at {expected} ({key:?}): {e}"),
            };
            assert_eq!(&got, wanted, "{id} at {expected} ({key:?})");
        }
        let versions = |events: Vec<crate::Recorded>| -> Vec<(i64, serde_json::Value)> {
            events.into_iter().map(|e| (e.version, e.data)).collect()
        };
        assert_eq!(
            versions(s.load("a", 0).await.unwrap()),
            [
                (1, json!({ "n": 0 })),
                (2, json!({ "n": 10 })),
                (3, json!({ "n": 20 })),
                (4, json!({ "n": 21 }))
            ]
        );
        assert_eq!(
            versions(s.load("b", 0).await.unwrap()),
            [(1, json!({ "n": 0 }))]
        );
        assert_eq!(s.stream("a").await.unwrap().unwrap().version, 4);
        assert_eq!(s.stream("missing").await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_sqlite_group_refuses_each_append_alone() {
        let path = std::env::temp_dir().join(format!(
            "nanite_group_{}_{:?}.db",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        let s = SqliteStore::open(&format!("sqlite:{}", path.display()))
            .await
            .unwrap();
        prepare(&s).await;
        let (jobs, answers) = jobs();
        write_sqlite_group(s.pool().clone(), jobs).await;
        check(&s, answers).await;
    }

    #[tokio::test]
    async fn a_postgres_group_refuses_each_append_alone() {
        let Some(url) = crate::testing::fresh_postgres("nanite_group").await else {
            crate::testing::say_once(
                "note: PostgreSQL group tests skipped: set NANITE_TEST_POSTGRES=postgres://... to run them",
            );
            return;
        };
        let s = PostgresStore::open(&url).await.unwrap();
        prepare(&s).await;
        let mut heard = s.announcements().await.unwrap();
        let (jobs, answers) = jobs();
        write_postgres_group(s.pool().clone(), jobs).await;
        check(&s, answers).await;
        // Only the stored appends are announced, once each, after the commit.
        let mut next = async || {
            let next = tokio::time::timeout(std::time::Duration::from_secs(60), heard.next());
            match next.await.expect("an announcement").unwrap().unwrap() {
                crate::Announced::Appended { stream, version } => (stream, version),
                other => panic!("an append's announcement, not {other:?}"),
            }
        };
        let mut announced = vec![next().await, next().await, next().await];
        announced.sort();
        assert_eq!(
            announced,
            [
                ("a".to_string(), 2),
                ("a".to_string(), 4),
                ("b".to_string(), 1)
            ]
        );
        // And nothing else: the next one heard is the next append's.
        s.append("b", 1, None, &[shot(1)]).await.unwrap();
        assert_eq!(next().await, ("b".to_string(), 2));
    }
}
