//! A group of appends as SQLite writes it: a handful of statements a group,
//! not five an append. Every statement is a round trip through a channel to
//! sqlx's SQLite thread, so a group of 25 appends took about 125 of them;
//! now it takes one read and three writes, whatever its size.
//!
//! The read ([`Group::read`]) fetches, for every append at once, its
//! stream's version and whether its command key was seen. The group's
//! writer is SQLite's only writer (`group.rs`), so nothing changes between
//! that read and the writes: the checks of each append (command key, then
//! stream version) are made here in memory, in the group's order, each
//! append seeing the ones before it that passed ([`Group::check`]), with the
//! answers the statements of `statements::checked` would have given. Only
//! the appends that passed write anything: every event in one `INSERT`,
//! every stream's new version in one `UPDATE`, every command key in one
//! `INSERT` ([`Group::write`]), each passing its rows as one JSON array
//! (`json_each`), so the statements' text, and sqlx's cached prepared
//! statements, are the same whatever the group's size.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use crate::error::{Error, ErrorKind};
use crate::group::Job;
use crate::model::Appended;

/// One row per append of the group, in order: its stream's version (none:
/// no such stream) and the versions its command key took, if seen.
/// `?1`: the appends as `[[stream, key or null], ...]`.
const READ: &str = "
SELECT s.version AS version, c.first_version AS first_version, c.last_version AS last_version
FROM json_each(?1) AS j
LEFT JOIN streams AS s ON s.id = json_extract(j.value, '$[0]')
LEFT JOIN commands AS c ON c.stream_id = json_extract(j.value, '$[0]') AND c.key = json_extract(j.value, '$[1]')
ORDER BY j.key";

/// `?1`: the events as `[[stream, version, kind, data, key or null], ...]`,
/// `?2`: the time recorded.
const EVENTS: &str = "
INSERT INTO events (stream_id, version, kind, data, command_key, recorded_at)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
       json_extract(value, '$[3]'), json_extract(value, '$[4]'), ?2
FROM json_each(?1)";

/// `?1`: the streams as `[[stream, from, to], ...]`.
const ADVANCE: &str = "
UPDATE streams SET version = json_extract(j.value, '$[2]')
FROM json_each(?1) AS j
WHERE streams.id = json_extract(j.value, '$[0]') AND streams.version = json_extract(j.value, '$[1]')";

/// `?1`: the command keys as `[[stream, key, first, last], ...]`.
const KEYS: &str = "
INSERT INTO commands (stream_id, key, first_version, last_version)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
FROM json_each(?1)";

/// What [`READ`] answers for one append.
#[derive(Debug, sqlx::FromRow)]
struct Seen {
    version: Option<i64>,
    first_version: Option<i64>,
    last_version: Option<i64>,
}

/// The rows a group writes, gathered while its appends are checked.
#[derive(Default)]
pub(crate) struct Group<'a> {
    /// Each append's answer, in the group's order.
    pub(crate) answers: Vec<Result<Appended, Error>>,
    /// `[stream, version, kind, data, key]` an event.
    events: Vec<(&'a str, i64, &'a str, &'a str, Option<&'a str>)>,
    /// `[stream, key, first, last]` a command key.
    keys: Vec<(&'a str, &'a str, i64, i64)>,
    /// `[stream, from, to]` a stream written: its version before the
    /// group, and after.
    streams: Vec<(&'a str, i64, i64)>,
}

impl<'a> Group<'a> {
    /// Reads what the group's appends are checked against, checks them in
    /// order, and gathers the rows of those that pass.
    pub(crate) async fn read(conn: &mut SqliteConnection, jobs: &'a [Job]) -> Result<Self, Error> {
        let asked: Vec<(&str, Option<&str>)> = jobs
            .iter()
            .map(|j| (j.id.as_str(), j.key.as_deref()))
            .collect();
        let seen: Vec<Seen> = sqlx::query_as(READ)
            .bind(text(&asked)?)
            .fetch_all(&mut *conn)
            .await?;
        if seen.len() != jobs.len() {
            return Err(Error::from(sqlx::Error::Protocol(format!(
                "the group's read answered {} rows for {} appends",
                seen.len(),
                jobs.len()
            ))));
        }
        Ok(Group::check(jobs, &seen))
    }

    /// The checks of `statements::checked`, for every append in order, on
    /// what was read: a command key seen (before the group or earlier in
    /// it) answers its versions; a missing stream or one not at the
    /// expected version refuses the append; otherwise its events take the
    /// next versions.
    fn check(jobs: &'a [Job], seen: &[Seen]) -> Self {
        let mut group = Group::default();
        // Where each stream stands as the group goes (none: no such
        // stream), in the order first met: (before the group, now).
        let mut at: Vec<(&str, Option<(i64, i64)>)> = Vec::new();
        let mut places: HashMap<&str, usize> = HashMap::new();
        let mut taken: HashMap<(&str, &str), (i64, i64)> = HashMap::new();
        for (job, seen) in jobs.iter().zip(seen) {
            let id = job.id.as_str();
            let key = job.key.as_deref();
            if let (Some(key), Some(first), Some(last)) =
                (key, seen.first_version, seen.last_version)
            {
                taken.entry((id, key)).or_insert((first, last));
            }
            let place = *places.entry(id).or_insert_with(|| {
                at.push((id, seen.version.map(|v| (v, v))));
                at.len() - 1
            });
            let answer = match (key.and_then(|k| taken.get(&(id, k))), at[place].1) {
                (Some(&(first, last)), _) => Ok(Appended::Duplicate { first, last }),
                (None, None) => Err(Error::new(ErrorKind::NoStream { id: id.to_string() })),
                (None, Some((_, actual))) if actual != job.expected => {
                    Err(Error::new(ErrorKind::Conflict {
                        id: id.to_string(),
                        expected: job.expected,
                        actual,
                    }))
                }
                (None, Some((before, _))) => {
                    let (first, last) = (job.expected + 1, job.expected + job.events.len() as i64);
                    for (version, e) in (first..).zip(&job.events) {
                        group
                            .events
                            .push((id, version, e.kind.as_str(), e.data.get(), key));
                    }
                    if let Some(key) = key {
                        group.keys.push((id, key, first, last));
                        taken.insert((id, key), (first, last));
                    }
                    at[place].1 = Some((before, last));
                    Ok(Appended::Stored { first, last })
                }
            };
            group.answers.push(answer);
        }
        group.streams = at
            .into_iter()
            .filter_map(|(id, stream)| stream.map(|(before, now)| (id, before, now)))
            .filter(|(_, before, now)| before != now)
            .collect();
        group
    }

    /// Writes the rows of the appends that passed, at `at`. Nothing else
    /// writes between the read and here, so an error is the database's own
    /// (it fails the whole group).
    pub(crate) async fn write(&self, conn: &mut SqliteConnection, at: &str) -> Result<(), Error> {
        if !self.events.is_empty() {
            sqlx::query(EVENTS)
                .bind(text(&self.events)?)
                .bind(at)
                .execute(&mut *conn)
                .await?;
        }
        if !self.streams.is_empty() {
            let moved = sqlx::query(ADVANCE)
                .bind(text(&self.streams)?)
                .execute(&mut *conn)
                .await?;
            let wanted = self.streams.len() as u64;
            if moved.rows_affected() != wanted {
                return Err(Error::from(sqlx::Error::Protocol(format!(
                    "{} of the group's {wanted} streams were not where the group read them",
                    wanted.saturating_sub(moved.rows_affected()),
                ))));
            }
        }
        if !self.keys.is_empty() {
            sqlx::query(KEYS)
                .bind(text(&self.keys)?)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }
}

/// Rows as the JSON array a statement reads with `json_each`.
fn text(rows: &impl serde::Serialize) -> Result<String, Error> {
    serde_json::to_string(rows).map_err(|e| Error::from(sqlx::Error::Encode(Box::new(e))))
}
