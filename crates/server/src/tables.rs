//! The tables in memory, one per campaign behind its own lock, and the one
//! way to change them: [`Tables::commit`] decides the change under the lock,
//! appends it to the store with the caller's idempotency key, and only then
//! updates memory and hands the entry to the live fan-out. A failed append
//! drops the table from memory, so the next request reloads what the store
//! holds; a conflict (another server appended first) reloads and decides
//! again. [`Tables::refresh`] catches a table up when another server
//! announces an append (`notify`), publishing what it reads to this
//! server's live connections. [`Tables::unload_idle`] lets go of tables
//! nobody has used for a while and nobody watches live, after writing their
//! snapshot, so a server's memory follows the tables in play rather than
//! every table it ever loaded; the next request loads it again.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use nanite_store::{Appended, EventStore, NewEvent};

use axum::http::{HeaderMap, Method, Uri};

use crate::AppState;
use crate::error::AppError;
use crate::facts::{Entry, Fact};
use crate::live::Signal;
use crate::permissions::Viewer;
use crate::sessions::Caller;
use crate::snapshot;
use crate::table::{Item, ItemBody, Table, stream_id};

/// A request that changes the table.
pub(crate) struct Change<'a> {
    /// The campaign.
    pub(crate) campaign: &'a str,
    /// The seat asking.
    pub(crate) by: &'a str,
    /// Its idempotency key, if it sent one.
    pub(crate) key: Option<String>,
    /// SHA-256 of the request.
    pub(crate) fingerprint: String,
    /// Who asks, as the answer is cut to them.
    pub(crate) viewer: Viewer,
}

impl<'a> Change<'a> {
    /// The change `caller` asks of `campaign` with a request: its
    /// `Idempotency-Key` (checked) and the fingerprint of its method, path
    /// and body.
    pub(crate) fn asked(
        campaign: &'a str,
        caller: &'a Caller,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Self, AppError> {
        Ok(Change {
            campaign,
            by: &caller.invite.id,
            viewer: crate::view::viewer(caller),
            key: crate::idempotency::key(headers)?,
            fingerprint: crate::idempotency::fingerprint(method, uri, body),
        })
    }
}

/// A change as committed.
pub(crate) struct Committed {
    /// The key had been used: this is the first result, nothing new fired.
    pub(crate) replayed: bool,
    /// The entry as the asker sees it (the API's JSON text), if they see
    /// it.
    pub(crate) shown: Option<Box<serde_json::value::RawValue>>,
    /// The entry's number in the asker's feed.
    pub(crate) version: i64,
}

impl Committed {
    fn new(table: &Table, item: Arc<Item>, replayed: bool, viewer: &Viewer) -> Self {
        Committed {
            shown: crate::view::item(table, &item, viewer),
            version: table.position(viewer, item.version),
            replayed,
        }
    }
}

/// A campaign's place in memory: its table, once loaded, and when a request
/// last used it.
#[derive(Default)]
struct Held {
    table: tokio::sync::Mutex<Option<Table>>,
    /// The server clock's milliseconds at the last request.
    used_ms: AtomicU64,
}

type Slot = Arc<Held>;

/// The tables in memory, by campaign, each behind its own lock.
#[derive(Default)]
pub(crate) struct Tables {
    slots: std::sync::Mutex<HashMap<String, Slot>>,
}

impl Tables {
    /// The slot of `campaign`, marked used now.
    fn slot(&self, state: &AppState, campaign: &str) -> Slot {
        let now = state.config().clock.now_ms();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let slot = slots.entry(campaign.to_string()).or_default().clone();
        slot.used_ms.store(now, Ordering::Relaxed);
        slot
    }

    /// How many tables this server holds in memory.
    pub(crate) fn loaded(&self) -> usize {
        let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots
            .values()
            .filter(|s| s.table.try_lock().map_or(true, |t| t.is_some()))
            .count()
    }

    /// Lets go of every table no request has used for `idle` and no live
    /// connection of this server watches, writing its snapshot first when
    /// entries came after the last one (so reloading it replays little). A
    /// table busy at the moment is left for the next sweep. Returns how many
    /// it let go.
    pub(crate) async fn unload_idle(&self, state: &AppState, idle: Duration) -> usize {
        let idle_ms = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
        let now = state.config().clock.now_ms();
        let stale =
            |held: &Held| now.saturating_sub(held.used_ms.load(Ordering::Relaxed)) >= idle_ms;
        let candidates: Vec<(String, Slot)> = {
            let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            slots
                .iter()
                .filter(|(_, held)| stale(held))
                .map(|(c, held)| (c.clone(), held.clone()))
                .collect()
        };
        let mut unloaded = 0;
        for (campaign, held) in candidates {
            if state.live().watched(&campaign) {
                continue;
            }
            let Ok(mut guard) = held.table.try_lock() else {
                continue;
            };
            // A request may have come between the look and the lock.
            if !stale(&held) {
                continue;
            }
            if let Some(table) = guard.as_mut() {
                if state.config().snapshot_every > 0 && table.version > table.snapshot_at {
                    save_snapshot(state, &stream_id(&campaign), table).await;
                }
            }
            if guard.take().is_some() {
                unloaded += 1;
            }
        }
        // Forget the empty slots nobody else holds (a request clones its
        // slot under this same lock, so none can be taking one now).
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.retain(|_, held| {
            Arc::strong_count(held) > 1 || held.table.try_lock().map_or(true, |t| t.is_some())
        });
        unloaded
    }

    /// Brings the table of `campaign`, if this server holds it, up to what
    /// the store holds (at least `version`, which another server announced),
    /// and publishes each entry it reads. A table that cannot be caught up is
    /// dropped, to be loaded afresh when next used.
    pub(crate) async fn refresh(&self, state: &AppState, campaign: &str, version: Option<i64>) {
        let slot = {
            let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            match slots.get(campaign) {
                Some(slot) => slot.clone(),
                None => return,
            }
        };
        let mut guard = slot.table.lock().await;
        match (guard.as_mut(), version) {
            (Some(table), Some(version)) if table.version >= version => {}
            (Some(table), _) => {
                if let Err(e) = catch_up(state, campaign, table).await {
                    tracing::warn!(campaign, error = %e.message(), "dropping a table that cannot catch up");
                    *guard = None;
                }
            }
            // Dropped after an error or unloaded, and nobody here watches:
            // the next request loads it.
            (None, Some(_)) if !state.live().watched(campaign) => {}
            // Dropped after an error: load it, and hand the announced entry
            // to live connections (which catch up on a gap).
            (None, Some(version)) => match Table::load(state, campaign).await {
                Ok(table) => {
                    for item in table.after(version - 1) {
                        state.live().publish(campaign, Signal::item(item.clone()));
                    }
                    *guard = Some(table);
                }
                Err(e) => {
                    tracing::warn!(campaign, error = %e.message(), "cannot load an announced table");
                }
            },
            (None, None) => {}
        }
    }

    /// [`Tables::refresh`] for every table this server holds (after the
    /// announcements were interrupted).
    pub(crate) async fn refresh_all(&self, state: &AppState) {
        let campaigns: Vec<String> = {
            let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            slots.keys().cloned().collect()
        };
        for campaign in campaigns {
            self.refresh(state, &campaign, None).await;
        }
    }

    /// Reads the table of `campaign` (loading it if needed).
    pub(crate) async fn read<T>(
        &self,
        state: &AppState,
        campaign: &str,
        f: impl FnOnce(&Table) -> T,
    ) -> Result<T, AppError> {
        let slot = self.slot(state, campaign);
        let mut guard = slot.table.lock().await;
        if guard.is_none() {
            *guard = Some(Table::load(state, campaign).await?);
        }
        let table = guard
            .as_ref()
            .ok_or_else(|| AppError::internal("table vanished"))?;
        Ok(f(table))
    }

    /// Decides a change with `decide` (which may execute a command on the
    /// table, and must leave it as it was when it refuses), appends it, and
    /// publishes it. A repeated idempotency key returns the first result.
    pub(crate) async fn commit(
        &self,
        state: &AppState,
        change: Change<'_>,
        decide: impl FnMut(&mut Table) -> Result<(Fact, ItemBody), AppError>,
    ) -> Result<Committed, AppError> {
        self.commit_with_dice(state, change, false, decide).await
    }

    /// [`Tables::commit`] for a change that may roll server-side dice:
    /// outside a play session a fresh seed is drawn and kept in the store
    /// first (`seeds::Sessions::prepare`); a change that rolls with it
    /// starts its session.
    pub(crate) async fn commit_rolling(
        &self,
        state: &AppState,
        change: Change<'_>,
        decide: impl FnMut(&mut Table) -> Result<(Fact, ItemBody), AppError>,
    ) -> Result<Committed, AppError> {
        self.commit_with_dice(state, change, true, decide).await
    }

    /// [`Tables::commit`], or [`Tables::commit_rolling`] when `rolls`.
    pub(crate) async fn commit_with_dice(
        &self,
        state: &AppState,
        change: Change<'_>,
        rolls: bool,
        mut decide: impl FnMut(&mut Table) -> Result<(Fact, ItemBody), AppError>,
    ) -> Result<Committed, AppError> {
        let slot = self.slot(state, change.campaign);
        let mut guard = slot.table.lock().await;
        let key = change.key.as_deref().map(|k| format!("{}:{k}", change.by));
        let stream = stream_id(change.campaign);
        // One attempt more than conflicts need: a full play session is
        // ended by an append of its own before the change is decided.
        for _attempt in 0..4 {
            if guard.is_none() {
                *guard = Some(Table::load(state, change.campaign).await?);
            }
            let table = guard
                .as_mut()
                .ok_or_else(|| AppError::internal("table vanished"))?;
            if let Some(key) = &key {
                if let Some((version, fingerprint)) = table.keys.get(key) {
                    return replayed(table, *version, fingerprint, &change);
                }
            }
            if rolls {
                table.sessions.prepare(state, change.campaign).await?;
            }
            // A play session that has sealed all its rolls ends first, its
            // public keys revealed; the change's roll starts the next one.
            let rollover = rolls && table.sessions.full();
            let (fact, body) = if rollover {
                table.sessions.end_open()?
            } else {
                decide(table)?
            };
            let entry = Entry {
                by: change.by.to_string(),
                fingerprint: change.fingerprint.clone(),
                fact,
            };
            let event = NewEvent::new(entry.fact.kind(), &entry).map_err(AppError::internal)?;
            let appended = state
                .store()
                .append(&stream, table.version, key.as_deref(), &[event])
                .await;
            match appended {
                Ok(Appended::Stored { last, .. }) => {
                    let by = change.by.to_string();
                    if rollover {
                        let item = table.push(last, by, None, change.fingerprint.clone(), body);
                        state.live().publish(change.campaign, Signal::item(item));
                        table.sessions.prepare(state, change.campaign).await?;
                        continue;
                    }
                    let item = table.push(last, by, key, change.fingerprint, body);
                    state
                        .live()
                        .publish(change.campaign, Signal::item(item.clone()));
                    let every = state.config().snapshot_every;
                    if every > 0
                        && last - table.snapshot_at >= snapshot::due(change.campaign, every)
                    {
                        save_snapshot(state, &stream, table).await;
                    }
                    return Ok(Committed::new(table, item, false, &change.viewer));
                }
                // Another server took this key first, or appended first:
                // reload what the store holds and look again.
                Ok(Appended::Duplicate { .. }) => *guard = None,
                Err(e) if e.is_conflict() => *guard = None,
                Err(e) => {
                    *guard = None;
                    return Err(AppError::internal(e));
                }
            }
        }
        Err(AppError::conflict(
            "busy",
            "the table kept changing while this command was decided; send it again",
        ))
    }
}

/// Writes `table`'s snapshot. The answer to the change does not wait on it
/// failing: the stream already holds the change, and a missing snapshot
/// only means a slower load.
async fn save_snapshot(state: &AppState, stream: &str, table: &mut Table) {
    let saved = match snapshot::save(table) {
        Some(Ok(data)) => {
            state
                .store()
                .save_snapshot(stream, table.version, &data)
                .await
        }
        None => {
            // Not a table snapshots keep: do not try again at every change.
            table.snapshot_at = table.version;
            return;
        }
        Some(Err(e)) => {
            tracing::warn!(stream, error = %e, "cannot write a table's snapshot");
            return;
        }
    };
    match saved {
        Ok(()) => table.snapshot_at = table.version,
        Err(e) => tracing::warn!(stream, error = %e, "cannot keep a table's snapshot"),
    }
}

/// Catches `table` up with the store and publishes what it read.
async fn catch_up(state: &AppState, campaign: &str, table: &mut Table) -> Result<(), AppError> {
    for item in table.catch_up(state, campaign).await? {
        state.live().publish(campaign, Signal::item(item));
    }
    Ok(())
}

fn replayed(
    table: &Table,
    version: i64,
    fingerprint: &str,
    change: &Change<'_>,
) -> Result<Committed, AppError> {
    if fingerprint != change.fingerprint {
        return Err(AppError::conflict(
            "idempotency_key_reused",
            "this Idempotency-Key was already used for a different request; use a fresh key for each new command",
        ));
    }
    let item = table
        .item(version)
        .ok_or_else(|| AppError::internal(format!("key points at missing version {version}")))?;
    Ok(Committed::new(table, item.clone(), true, &change.viewer))
}
