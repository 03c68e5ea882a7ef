//! Credentials kept in memory: the records every request reads to learn who
//! it comes from (its session, the invitation of its seat, the entry of a
//! bearer token) are read from the store once and then answered from here,
//! so checking a caller costs no query. The engine's hands of an encounter
//! (`engine.rs`), read after every command to learn whether the engine
//! plays on, are kept here too, and so is their absence
//! ([`Credentials::kept`]): most encounters hand nobody to the engine, and
//! asking the store for a record that is not there would cost every
//! command a query.
//!
//! What is kept stays true because every change goes through here or is
//! announced:
//! - this server writes and deletes these records only through
//!   [`Credentials::put`] and [`Credentials::delete`], which keep the memory
//!   in step;
//! - on PostgreSQL, every record written or deleted by any server is
//!   announced (`nanite_store::Announced::Record`), and `notify` forgets it
//!   here, so a link revoked on one server stops on every other as soon as
//!   the announcement arrives (milliseconds); an import, or a lost listening
//!   connection, forgets everything;
//! - on SQLite one server owns the file, so its own writes are all there is.
//!
//! A read that went to the store while the record changed must not put the
//! older copy back: every change bumps a generation, and a read keeps what
//! it found only if no change happened meanwhile.
//!
//! The memory is bounded: past [`CAPACITY`] records it is emptied and fills
//! again with the callers still active (simple, and a full refill costs one
//! query per active caller).

use std::collections::HashMap;
use std::sync::Mutex;

use nanite_store::EventStore;
use serde_json::Value;

use crate::AppState;
use crate::error::AppError;

/// Records kept at most (sessions, invitations and token entries together;
/// about 100 MB at the very most, far less with the usual small records).
pub(crate) const CAPACITY: usize = 100_000;

#[derive(Default)]
struct Memory {
    /// Each record read or written (`None`: known to be absent).
    records: HashMap<(String, String), Option<Value>>,
    /// Bumped by every change, so a read that raced one keeps nothing.
    generation: u64,
}

/// The credential records this server holds in memory.
#[derive(Default)]
pub(crate) struct Credentials {
    memory: Mutex<Memory>,
    /// Held while a session is read, changed and written back.
    writing: tokio::sync::Mutex<()>,
}

impl Credentials {
    fn memory(&self) -> std::sync::MutexGuard<'_, Memory> {
        self.memory
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The lock a read-change-write of a session holds, so two requests
    /// of this server cannot each write back their own older copy (session
    /// writes are rare: a join, a use noted at most once a minute).
    pub(crate) async fn writing(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.writing.lock().await
    }

    /// The record `collection`/`id`: from memory, or read from the store
    /// and kept. A record that is not there is not remembered as absent
    /// (anyone may send a token that opens nothing).
    pub(crate) async fn record(
        &self,
        state: &AppState,
        collection: &str,
        id: &str,
    ) -> Result<Option<Value>, AppError> {
        self.read(state, collection, id, false).await
    }

    /// [`Credentials::record`] for a record most ids lack and every command
    /// reads (the engine's hands): its absence is remembered too, until a
    /// write or an announcement changes it like any other.
    pub(crate) async fn kept(
        &self,
        state: &AppState,
        collection: &str,
        id: &str,
    ) -> Result<Option<Value>, AppError> {
        self.read(state, collection, id, true).await
    }

    async fn read(
        &self,
        state: &AppState,
        collection: &str,
        id: &str,
        absence: bool,
    ) -> Result<Option<Value>, AppError> {
        let key = (collection.to_string(), id.to_string());
        let generation = {
            let memory = self.memory();
            if let Some(value) = memory.records.get(&key) {
                return Ok(value.clone());
            }
            memory.generation
        };
        let found = state.store().record(collection, id).await?.map(|r| r.data);
        if found.is_some() || absence {
            let mut memory = self.memory();
            if memory.generation == generation {
                if memory.records.len() >= CAPACITY {
                    memory.records.clear();
                }
                memory.records.insert(key, found.clone());
            }
        }
        Ok(found)
    }

    /// Writes the record to the store, then keeps it.
    pub(crate) async fn put(
        &self,
        state: &AppState,
        collection: &str,
        id: &str,
        value: Value,
    ) -> Result<(), AppError> {
        self.forget(collection, id);
        state.store().put_record(collection, id, &value).await?;
        let mut memory = self.memory();
        memory.generation += 1;
        if memory.records.len() >= CAPACITY {
            memory.records.clear();
        }
        memory
            .records
            .insert((collection.to_string(), id.to_string()), Some(value));
        Ok(())
    }

    /// Deletes the record from the store and from memory.
    pub(crate) async fn delete(
        &self,
        state: &AppState,
        collection: &str,
        id: &str,
    ) -> Result<(), AppError> {
        self.forget(collection, id);
        state.store().delete_record(collection, id).await?;
        self.forget(collection, id);
        Ok(())
    }

    /// Forgets one record (another server changed it).
    pub(crate) fn forget(&self, collection: &str, id: &str) {
        let mut memory = self.memory();
        memory.generation += 1;
        memory
            .records
            .remove(&(collection.to_string(), id.to_string()));
    }

    /// Forgets everything (an import, or announcements that may be lost).
    pub(crate) fn clear(&self) {
        let mut memory = self.memory();
        memory.generation += 1;
        memory.records.clear();
    }

    /// How many records are held (for tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.memory().records.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    async fn state() -> AppState {
        let store = nanite_store::open("sqlite::memory:").await.unwrap();
        AppState::new(store).unwrap()
    }

    #[tokio::test]
    async fn a_record_is_read_once_then_answered_from_memory() {
        let state = state().await;
        let c = Credentials::default();
        state
            .store()
            .put_record("sessions", "h", &json!({"n": 1}))
            .await
            .unwrap();
        assert_eq!(
            c.record(&state, "sessions", "h").await.unwrap(),
            Some(json!({"n": 1}))
        );
        // Changed behind its back (as another server would, unannounced):
        // memory answers until the change is announced.
        state
            .store()
            .put_record("sessions", "h", &json!({"n": 2}))
            .await
            .unwrap();
        assert_eq!(
            c.record(&state, "sessions", "h").await.unwrap(),
            Some(json!({"n": 1}))
        );
        c.forget("sessions", "h");
        assert_eq!(
            c.record(&state, "sessions", "h").await.unwrap(),
            Some(json!({"n": 2}))
        );
        // Nothing is kept of a record that is not there.
        assert_eq!(c.record(&state, "sessions", "none").await.unwrap(), None);
        assert_eq!(c.len(), 1);
    }

    #[tokio::test]
    async fn an_absent_record_is_remembered_only_where_asked() {
        let state = state().await;
        let c = Credentials::default();
        // `record` (tokens, sessions) keeps nothing of a record that is not
        // there; `kept` (the engine's hands) remembers the absence.
        assert_eq!(c.record(&state, "tokens", "none").await.unwrap(), None);
        assert_eq!(c.len(), 0);
        assert_eq!(c.kept(&state, "hands", "e1").await.unwrap(), None);
        assert_eq!(c.len(), 1);
        // Written behind its back (another server, not yet announced): the
        // absence is still what memory answers ...
        state
            .store()
            .put_record("hands", "e1", &json!({"n": 1}))
            .await
            .unwrap();
        assert_eq!(c.kept(&state, "hands", "e1").await.unwrap(), None);
        // ... until the announcement forgets it.
        c.forget("hands", "e1");
        assert_eq!(
            c.kept(&state, "hands", "e1").await.unwrap(),
            Some(json!({"n": 1}))
        );
        // Written and deleted through memory: seen at once.
        c.put(&state, "hands", "e2", json!({"n": 2})).await.unwrap();
        assert_eq!(
            c.kept(&state, "hands", "e2").await.unwrap(),
            Some(json!({"n": 2}))
        );
        c.delete(&state, "hands", "e1").await.unwrap();
        assert_eq!(c.kept(&state, "hands", "e1").await.unwrap(), None);
        assert!(state.store().record("hands", "e1").await.unwrap().is_none());
    }

    #[tokio::test]
    async fn writes_and_deletes_keep_memory_and_store_in_step() {
        let state = state().await;
        let c = Credentials::default();
        c.put(&state, "invite-tokens", "t", json!({"a": 1}))
            .await
            .unwrap();
        let stored = state.store().record("invite-tokens", "t").await.unwrap();
        assert_eq!(stored.map(|r| r.data), Some(json!({"a": 1})));
        assert_eq!(
            c.record(&state, "invite-tokens", "t").await.unwrap(),
            Some(json!({"a": 1}))
        );
        c.delete(&state, "invite-tokens", "t").await.unwrap();
        assert_eq!(c.record(&state, "invite-tokens", "t").await.unwrap(), None);
        assert!(
            state
                .store()
                .record("invite-tokens", "t")
                .await
                .unwrap()
                .is_none()
        );
        c.put(&state, "sessions", "s", json!(1)).await.unwrap();
        c.clear();
        assert_eq!(c.len(), 0);
    }
}
