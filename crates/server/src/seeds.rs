//! Play sessions and their committed seeds: verifiable rolls.
//!
//! A play session is a stretch of play (an evening at the table) whose dice
//! all come from one 256-bit seed drawn from the operating system. When the
//! session starts, the stream gets the seed's SHA-256 (its *commitment*),
//! which every participant sees; the seed itself stays in a store record
//! (`play-seeds`) the API never shows. Every server-side die of the session
//! is `KeyedDice(seed, index)`, with the roll's index in the session kept
//! beside the roll in the stream. When the session ends, the seed is
//! revealed in the stream, and anyone holding an export re-derives every
//! die (`nanite verify`). A revealed seed is never used again: the next
//! roll starts a new session with a fresh seed.
//!
//! The GM starts and ends sessions (`POST .../play-sessions`,
//! `POST .../play-sessions/end`); a server-side roll or command outside a
//! session starts one itself: its `seeded` carries the new session's
//! commitment, in the same event as its dice.

use axum::Json;
use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use nanite_core::KeyedDice;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::body::Strict;
use crate::error::AppError;
use crate::facts::Fact;
use crate::sessions::Caller;
use crate::table::{ItemBody, Table};
use crate::tables::Change;
use crate::view;

/// The store collection holding the seeds of sessions not yet revealed,
/// by `{campaign}:{commitment}`.
pub(crate) const SEED_COLLECTION: &str = "play-seeds";

/// Which seed a roll's dice came from: the session and the roll's index in
/// it (the ChaCha stream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeedUse {
    /// The play session's number in the campaign, from 1.
    pub(crate) session: u32,
    /// The roll's index in the session, from 0.
    pub(crate) index: u64,
    /// For a roll that starts its session (no session was open): the
    /// session's commitment, the SHA-256 of its seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) commitment: Option<String>,
}

/// A 256-bit session seed.
pub(crate) type Seed = [u8; 32];

/// The commitment to `seed`: its SHA-256 in lowercase hex.
pub(crate) fn commitment(seed: &Seed) -> String {
    hex(&Sha256::digest(seed))
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A seed from 64 hex digits.
pub(crate) fn parse_seed(text: &str) -> Option<Seed> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut seed = [0u8; 32];
    for (i, byte) in seed.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(seed)
}

fn fresh_seed() -> Result<Seed, AppError> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| AppError::internal(format!("getrandom: {e}")))?;
    Ok(seed)
}

fn record_id(campaign: &str, commitment: &str) -> String {
    format!("{campaign}:{commitment}")
}

/// A play session as the table knows it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct PlaySession {
    /// Its number, from 1.
    pub(crate) number: u32,
    /// The SHA-256 of its seed.
    pub(crate) commitment: String,
    /// The stream version that started it.
    pub(crate) started: i64,
    /// The next roll index.
    pub(crate) next: u64,
    /// The stream version that ended it and the revealed seed.
    pub(crate) ended: Option<(i64, String)>,
}

/// The campaign's play sessions, the open one's seed, and a seed drawn
/// (and kept in the store) for a session about to start.
#[derive(Debug, Default)]
pub(crate) struct Sessions {
    /// Every session, in order.
    pub(crate) list: Vec<PlaySession>,
    /// The open session's seed (its number is the last of `list`).
    open: Option<Seed>,
    /// A fresh seed, already in the store, for the next session.
    pending: Option<Seed>,
}

/// The dice of one server-side roll.
pub(crate) struct Draw {
    /// The dice.
    pub(crate) dice: KeyedDice,
    /// Where they come from.
    pub(crate) seeded: SeedUse,
}

impl Sessions {
    /// The sessions as a snapshot read them back: their list, with no seed
    /// in hand (the open session's seed is fetched from its record when a
    /// die is next needed, as after a replay of the whole stream).
    pub(crate) fn from_list(list: Vec<PlaySession>) -> Self {
        Sessions {
            list,
            open: None,
            pending: None,
        }
    }

    /// The open session, if any.
    pub(crate) fn open(&self) -> Option<&PlaySession> {
        self.open.as_ref().and(self.list.last())
    }

    /// The dice of the next roll: the open session's, or the pending
    /// seed's (whose session starts when the roll is committed).
    pub(crate) fn draw(&self) -> Result<Draw, AppError> {
        self.draw_nth(0)
    }

    /// The dice of the roll `k` places after the next one, for a change
    /// that rolls several times (a Station command and the automated GM's
    /// answer): only the first roll of a pending session carries its
    /// commitment.
    pub(crate) fn draw_nth(&self, k: u64) -> Result<Draw, AppError> {
        let (seed, seeded) = match (self.open, self.list.last(), self.pending) {
            (Some(seed), Some(last), _) => (
                seed,
                SeedUse {
                    session: last.number,
                    index: last.next + k,
                    commitment: None,
                },
            ),
            (None, _, Some(seed)) => (
                seed,
                SeedUse {
                    session: self.next_number(),
                    index: k,
                    commitment: (k == 0).then(|| commitment(&seed)),
                },
            ),
            _ => return Err(AppError::internal("no seed prepared for a roll")),
        };
        Ok(Draw {
            dice: KeyedDice::new(seed, seeded.index),
            seeded,
        })
    }

    fn next_number(&self) -> u32 {
        self.list.last().map_or(1, |s| s.number + 1)
    }

    /// The fact starting the pending session.
    pub(crate) fn start_pending(&self) -> Result<(Fact, ItemBody), AppError> {
        let seed = self
            .pending
            .ok_or_else(|| AppError::internal("no seed prepared for a session"))?;
        let session = self.next_number();
        let commitment = commitment(&seed);
        Ok((
            Fact::SessionStarted {
                session,
                commitment: commitment.clone(),
            },
            ItemBody::SessionStarted {
                session,
                commitment,
            },
        ))
    }

    /// Takes a committed feed entry into account.
    pub(crate) fn note(&mut self, version: i64, body: &ItemBody) {
        match body {
            ItemBody::SessionStarted {
                session,
                commitment,
            } => self.started(version, *session, commitment),
            ItemBody::SessionEnded { session, seed, .. } => {
                if let Some(s) = self.list.iter_mut().find(|s| s.number == *session) {
                    s.ended = Some((version, seed.clone()));
                }
                if self.list.last().is_some_and(|s| s.number == *session) {
                    self.open = None;
                }
            }
            ItemBody::Command(c) => self.used(version, c.seeded.as_ref()),
            ItemBody::Roll(r) => self.used(version, r.seeded.as_ref()),
            ItemBody::Station(s) => {
                for u in s.seeded() {
                    self.used(version, Some(u));
                }
            }
            ItemBody::EncounterCreated { .. } | ItemBody::Undone { .. } => {}
        }
    }

    fn started(&mut self, version: i64, session: u32, c: &str) {
        self.list.push(PlaySession {
            number: session,
            commitment: c.to_string(),
            started: version,
            next: 0,
            ended: None,
        });
        self.open = self.pending.filter(|seed| commitment(seed) == c);
        if self.open.is_some() {
            self.pending = None;
        }
    }

    fn used(&mut self, version: i64, seeded: Option<&SeedUse>) {
        if let Some(u) = seeded {
            if let Some(c) = &u.commitment {
                self.started(version, u.session, c);
            }
            if let Some(s) = self.list.iter_mut().find(|s| s.number == u.session) {
                s.next = s.next.max(u.index + 1);
            }
        }
    }

    /// Makes the dice of the next roll ready: the open session's seed
    /// from the store (after a restart, or a session another server
    /// started), or else a fresh seed, kept in the store before anything
    /// uses it. A session whose seed the store does not hold (a campaign
    /// imported while it was open) cannot go on: the next roll starts a
    /// new one.
    pub(crate) async fn prepare(
        &mut self,
        state: &AppState,
        campaign: &str,
    ) -> Result<(), AppError> {
        use nanite_store::EventStore;
        if self.open.is_some() || self.pending.is_some() {
            return Ok(());
        }
        if let Some(last) = self.list.last().filter(|s| s.ended.is_none()) {
            let id = record_id(campaign, &last.commitment);
            let seed = state
                .store()
                .record(SEED_COLLECTION, &id)
                .await?
                .and_then(|r| {
                    r.data
                        .get("seed")
                        .and_then(Value::as_str)
                        .and_then(parse_seed)
                })
                .filter(|seed| commitment(seed) == last.commitment);
            if seed.is_some() {
                self.open = seed;
                return Ok(());
            }
            tracing::warn!(
                "campaign {campaign}: the seed of play session {} is not in this store; its rolls cannot be verified",
                last.number
            );
        }
        let seed = loop {
            let seed = fresh_seed()?;
            let c = commitment(&seed);
            // Never a seed used before (2^-256, but cheap to hold).
            if self.list.iter().all(|s| s.commitment != c) {
                break seed;
            }
        };
        state
            .store()
            .put_record(
                SEED_COLLECTION,
                &record_id(campaign, &commitment(&seed)),
                &json!({ "seed": hex(&seed) }),
            )
            .await?;
        self.pending = Some(seed);
        Ok(())
    }

    /// The fact revealing the open session's seed.
    fn end_open(&self) -> Result<(Fact, ItemBody), AppError> {
        let (Some(seed), Some(last)) = (self.open, self.list.last()) else {
            return Err(AppError::conflict(
                "no_play_session",
                "no play session is open; one starts with POST .../play-sessions or with the next roll",
            ));
        };
        Ok((
            Fact::SessionEnded {
                session: last.number,
                seed: hex(&seed),
            },
            ItemBody::SessionEnded {
                session: last.number,
                commitment: last.commitment.clone(),
                seed: hex(&seed),
            },
        ))
    }

    /// The sessions as the API shows them.
    pub(crate) fn shown(&self) -> Value {
        let open = self.open().map(|s| s.number);
        let sessions: Vec<Value> = self
            .list
            .iter()
            .map(|s| {
                let mut v = json!({
                    "session": s.number,
                    "commitment": s.commitment,
                    "started_version": s.started,
                    "rolls": s.next,
                    "open": open == Some(s.number),
                });
                if let Some((version, seed)) = &s.ended {
                    v["ended_version"] = json!(version);
                    v["seed"] = json!(seed);
                }
                v
            })
            .collect();
        json!({ "open": open, "sessions": sessions })
    }
}

/// What `POST .../play-sessions` and `.../play-sessions/end` take: nothing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Nothing {}

/// `GET /api/campaigns/{campaign}/play-sessions`: every play session with
/// its commitment, and the seeds of those that ended.
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<Value>, AppError> {
    caller.member_of(&campaign)?;
    let shown = state
        .tables()
        .read(&state, &campaign, |t: &Table| t.sessions.shown())
        .await?;
    Ok(Json(shown))
}

/// `POST /api/campaigns/{campaign}/play-sessions` (GM): starts a play
/// session, committing to a fresh seed.
pub(crate) async fn start(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let committed = state
        .tables()
        .commit_rolling(&state, change, |table| {
            if let Some(open) = table.sessions.open() {
                return Err(AppError::conflict(
                    "play_session_open",
                    format!(
                        "play session {} is open; end it first (POST .../play-sessions/end), which reveals its seed",
                        open.number
                    ),
                ));
            }
            table.sessions.start_pending()
        })
        .await?;
    let shown = view::item(&committed.item, &view::viewer(&caller));
    Ok(view::created(
        committed.replayed,
        committed.item.version,
        shown,
    ))
}

/// `POST /api/campaigns/{campaign}/play-sessions/end` (GM): ends the open
/// play session and reveals its seed.
pub(crate) async fn end(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let committed = state
        .tables()
        .commit_rolling(&state, change, |table| table.sessions.end_open())
        .await?;
    let shown = view::item(&committed.item, &view::viewer(&caller));
    Ok(view::created(
        committed.replayed,
        committed.item.version,
        shown,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_back_from_hex_and_commit_by_sha256() {
        let seed = [0xabu8; 32];
        assert_eq!(parse_seed(&hex(&seed)), Some(seed));
        assert_eq!(parse_seed("ab"), None);
        assert_eq!(parse_seed(&"zz".repeat(32)), None);
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            commitment(&[0u8; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
