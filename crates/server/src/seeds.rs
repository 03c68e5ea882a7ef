//! Play sessions and their commitments: verifiable rolls.
//!
//! A play session is a stretch of play (an evening at the table) whose dice
//! all come from one 256-bit seed drawn from the operating system, kept in
//! a store record (`play-seeds`) the API never shows. Each server-side roll
//! of the session takes its own key derived from the seed (`sealed.rs`);
//! when the session starts, the stream gets its *commitment* (the root of
//! the tree of those keys), which every participant sees, and each roll
//! keeps beside it in the stream which key it took. When the session ends,
//! the keys of the rolls everyone saw are revealed, and anyone holding an
//! export re-derives their dice (`nanite verify`); the keys of secret rolls
//! stay sealed until the GM reveals them
//! (`POST .../play-sessions/{session}/reveal`), so verifying never undoes
//! secrecy. A session is never used again once ended: the next roll starts
//! a new session with a fresh seed.
//!
//! Sessions started before sealed rolls existed committed to the seed's
//! SHA-256, rolled `KeyedDice(seed, n)` and revealed the seed at their end;
//! they are still read and verified that way.
//!
//! The GM starts and ends sessions (`POST .../play-sessions`,
//! `POST .../play-sessions/end`); a server-side roll or command outside a
//! session starts one itself: its `seeded` carries the new session's
//! commitment, in the same event as its dice.

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use nanite_core::KeyedDice;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::body::Asked;
use crate::error::AppError;
use crate::facts::Fact;
use crate::sealed;
use crate::sessions::Caller;
use crate::table::{ItemBody, Table};
use crate::view;

/// The store collection holding the seeds of sessions not yet revealed,
/// by `{campaign}:{commitment}`.
pub(crate) const SEED_COLLECTION: &str = "play-seeds";

/// Which seed a roll's dice came from: the session and the roll's index in
/// it (the ChaCha stream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub(crate) struct SeedUse {
    /// The play session's number in the campaign, from 1.
    pub(crate) session: u32,
    /// The roll's key in the session: its leaf (`sealed.rs`), drawn in an
    /// order that tells nothing of how many rolls came before; for a
    /// session before sealed rolls, its index from 0.
    pub(crate) index: u64,
    /// For a roll that starts its session (no session was open): the
    /// session's commitment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) commitment: Option<String>,
}

/// A 256-bit session seed.
pub(crate) type Seed = [u8; 32];

/// The commitment of a session before sealed rolls: its seed's SHA-256 in
/// lowercase hex.
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
    /// Its commitment: the root of its sealed rolls' tree (`sealed.rs`),
    /// or, for a session before sealed rolls, the SHA-256 of its seed.
    pub(crate) commitment: String,
    /// The stream version that started it.
    pub(crate) started: i64,
    /// How many rolls it took.
    pub(crate) next: u64,
    /// The stream version that ended it.
    pub(crate) ended: Option<i64>,
    /// Its seed, revealed at its end (sessions before sealed rolls only).
    #[serde(default)]
    pub(crate) seed: Option<String>,
    /// The leaves of the rolls everyone saw.
    #[serde(default)]
    pub(crate) public: Vec<u64>,
    /// The leaves of its secret rolls, sealed until the GM reveals them.
    #[serde(default)]
    pub(crate) secret: Vec<u64>,
    /// The GM revealed its secret rolls.
    #[serde(default)]
    pub(crate) secrets_revealed: bool,
}

/// A session's seed in hand, with what it committed to.
#[derive(Clone, Debug)]
struct Held {
    seed: Seed,
    commitment: String,
    /// Sealed rolls (`sealed.rs`); false for a session started before them,
    /// whose dice are `KeyedDice(seed, n)` and whose end reveals the seed.
    sealed: bool,
}

impl Held {
    fn fresh(seed: Seed) -> Held {
        Held {
            commitment: sealed::root(&seed),
            seed,
            sealed: true,
        }
    }

    /// The dice of the session's `n`-th roll, or `None` once a sealed
    /// session's leaves are spent.
    fn dice(&self, n: u64) -> Option<(KeyedDice, u64)> {
        if !self.sealed {
            return Some((KeyedDice::new(self.seed, n), n));
        }
        let leaf = sealed::leaf_of(&self.seed, n)?;
        Some((
            KeyedDice::new(sealed::leaf_key(&self.seed, leaf), leaf),
            leaf,
        ))
    }
}

/// The campaign's play sessions, the open one's seed, and a seed drawn
/// (and kept in the store) for a session about to start.
#[derive(Debug, Default)]
pub(crate) struct Sessions {
    /// Every session, in order.
    pub(crate) list: Vec<PlaySession>,
    /// The open session's seed (its number is the last of `list`).
    open: Option<Held>,
    /// A fresh seed, already in the store, for the next session.
    pending: Option<Held>,
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

    /// What session `number` committed to.
    pub(crate) fn commitment_of(&self, number: u32) -> Result<String, String> {
        self.list
            .iter()
            .find(|s| s.number == number)
            .map(|s| s.commitment.clone())
            .ok_or_else(|| format!("play session {number} never started"))
    }

    /// The open session has sealed as many rolls as it can: the next roll
    /// ends it and starts another (`tables.rs`).
    pub(crate) fn full(&self) -> bool {
        match (&self.open, self.list.last()) {
            (Some(held), Some(last)) => held.dice(last.next).is_none(),
            _ => false,
        }
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
        let (held, session, n, commitment) = match (&self.open, self.list.last(), &self.pending) {
            (Some(held), Some(last), _) => (held, last.number, last.next + k, None),
            (None, _, Some(held)) => (
                held,
                self.next_number(),
                k,
                (k == 0).then(|| held.commitment.clone()),
            ),
            _ => return Err(AppError::internal("no seed prepared for a roll")),
        };
        let (dice, index) = held.dice(n).ok_or_else(|| {
            AppError::conflict(
                "play_session_full",
                format!(
                    "play session {session} has sealed all its {} rolls; the GM ends it (POST .../play-sessions/end) and the next roll starts a new one",
                    sealed::LEAVES
                ),
            )
        })?;
        Ok(Draw {
            dice,
            seeded: SeedUse {
                session,
                index,
                commitment,
            },
        })
    }

    fn next_number(&self) -> u32 {
        self.list.last().map_or(1, |s| s.number + 1)
    }

    /// The fact starting the pending session.
    pub(crate) fn start_pending(&self) -> Result<(Fact, ItemBody), AppError> {
        let held = self
            .pending
            .as_ref()
            .ok_or_else(|| AppError::internal("no seed prepared for a session"))?;
        let session = self.next_number();
        Ok((
            Fact::SessionStarted {
                session,
                commitment: held.commitment.clone(),
            },
            ItemBody::SessionStarted {
                session,
                commitment: held.commitment.clone(),
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
                    s.ended = Some(version);
                    s.seed.clone_from(seed);
                }
                if self.list.last().is_some_and(|s| s.number == *session) {
                    self.open = None;
                }
            }
            ItemBody::SecretsRevealed { session, .. } => {
                if let Some(s) = self.list.iter_mut().find(|s| s.number == *session) {
                    s.secrets_revealed = true;
                }
            }
            ItemBody::Command(c) => self.used(version, c.seeded.as_ref(), c.told.secret),
            ItemBody::Roll(r) => {
                let secret = r.mode != crate::rolls::RollMode::Public;
                self.used(version, r.seeded.as_ref(), secret);
            }
            ItemBody::Station(s) => {
                for u in s.seeded() {
                    self.used(version, Some(u), false);
                }
            }
            ItemBody::StateChanged(s) => self.used(version, s.seeded.as_ref(), false),
            ItemBody::EncounterCreated { .. }
            | ItemBody::Undone { .. }
            | ItemBody::Chat(_)
            | ItemBody::PackSwitched(_)
            | ItemBody::StateUndone { .. }
            | ItemBody::Dice(_) => {}
        }
    }

    fn started(&mut self, version: i64, session: u32, c: &str) {
        self.list.push(PlaySession {
            number: session,
            commitment: c.to_string(),
            started: version,
            next: 0,
            ended: None,
            seed: None,
            public: Vec::new(),
            secret: Vec::new(),
            secrets_revealed: false,
        });
        self.open = self.pending.take().filter(|held| held.commitment == c);
    }

    /// A roll of `seeded`'s session; `secret` when not everyone saw it.
    fn used(&mut self, version: i64, seeded: Option<&SeedUse>, secret: bool) {
        if let Some(u) = seeded {
            if let Some(c) = &u.commitment {
                self.started(version, u.session, c);
            }
            if let Some(s) = self.list.iter_mut().find(|s| s.number == u.session) {
                s.next += 1;
                if secret {
                    s.secret.push(u.index);
                } else {
                    s.public.push(u.index);
                }
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
            if let Some(held) = held_in_store(state, campaign, &last.commitment).await? {
                self.open = Some(held);
                return Ok(());
            }
            tracing::warn!(
                "campaign {campaign}: the seed of play session {} is not in this store; its rolls cannot be verified",
                last.number
            );
        }
        let held = loop {
            let held = Held::fresh(fresh_seed()?);
            // Never a seed used before (2^-256, but cheap to hold).
            if self.list.iter().all(|s| s.commitment != held.commitment) {
                break held;
            }
        };
        state
            .store()
            .put_record(
                SEED_COLLECTION,
                &record_id(campaign, &held.commitment),
                &json!({ "seed": hex(&held.seed), "sealed": true }),
            )
            .await?;
        self.pending = Some(held);
        Ok(())
    }

    /// The fact ending the open session: the keys of the rolls everyone
    /// saw (or, for a session before sealed rolls, its seed).
    pub(crate) fn end_open(&self) -> Result<(Fact, ItemBody), AppError> {
        let (Some(held), Some(last)) = (&self.open, self.list.last()) else {
            return Err(AppError::conflict(
                "no_play_session",
                "no play session is open; one starts with POST .../play-sessions or with the next roll",
            ));
        };
        let (seed, keys) = if held.sealed {
            (None, open_keys(&held.seed, &last.public))
        } else {
            (Some(hex(&held.seed)), Vec::new())
        };
        Ok((
            Fact::SessionEnded {
                session: last.number,
                seed: seed.clone(),
                keys: keys.clone(),
            },
            ItemBody::SessionEnded {
                session: last.number,
                commitment: last.commitment.clone(),
                seed,
                keys,
            },
        ))
    }

    /// The fact revealing the secret rolls of ended session `number`,
    /// whose seed is `seed`.
    fn reveal(&self, number: u32, seed: &Seed) -> Result<(Fact, ItemBody), AppError> {
        let session = self
            .list
            .iter()
            .find(|s| s.number == number)
            .ok_or_else(|| AppError::not_found(format!("no play session {number}")))?;
        let refuse = |code: &'static str, why: String| Err(AppError::conflict(code, why));
        if session.ended.is_none() {
            return refuse(
                "play_session_open",
                format!(
                    "play session {number} is still open; end it first (POST .../play-sessions/end)"
                ),
            );
        }
        if session.seed.is_some() {
            return refuse(
                "nothing_sealed",
                format!("play session {number} revealed its whole seed when it ended"),
            );
        }
        if session.secrets_revealed {
            return refuse(
                "already_revealed",
                format!("the secret rolls of play session {number} are revealed already"),
            );
        }
        let keys = open_keys(seed, &session.secret);
        Ok((
            Fact::SecretsRevealed {
                session: number,
                keys: keys.clone(),
            },
            ItemBody::SecretsRevealed {
                session: number,
                commitment: session.commitment.clone(),
                keys,
            },
        ))
    }

    /// The sessions as the API shows them to `viewer`: where each started
    /// and ended as numbers of the viewer's feed; how many rolls each took
    /// and how many stay sealed for the GM alone (a player's count would
    /// tell of secret rolls).
    pub(crate) fn shown(&self, table: &Table, viewer: &crate::permissions::Viewer) -> PlaySessions {
        let open = self.open().map(|s| s.number);
        let sessions = self
            .list
            .iter()
            .map(|s| PlaySessionShown {
                session: s.number,
                commitment: s.commitment.clone(),
                started_version: table.position(viewer, s.started),
                open: open == Some(s.number),
                rolls: viewer.is_gm().then_some(s.next),
                sealed_rolls: (viewer.is_gm() && s.seed.is_none() && !s.secrets_revealed)
                    .then_some(s.secret.len()),
                ended_version: s.ended.map(|version| table.position(viewer, version)),
                seed: s.seed.clone(),
            })
            .collect();
        PlaySessions { open, sessions }
    }
}

/// A campaign's play sessions as one viewer sees them.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct PlaySessions {
    /// The open session's number, if one is open.
    open: Option<u32>,
    /// Every session, oldest first.
    sessions: Vec<PlaySessionShown>,
}

/// A play session: its seed's commitment, where it started and ended in
/// the viewer's feed, and its seed once it ended (sessions before sealed
/// rolls).
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct PlaySessionShown {
    /// Its number, from 1.
    session: u32,
    /// What it committed to when it started.
    commitment: String,
    /// The entry it started at, numbered in the viewer's feed.
    started_version: i64,
    /// Whether it is the open one.
    open: bool,
    /// The rolls drawn from its seed so far (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    rolls: Option<u64>,
    /// The secret rolls still sealed (the GM only, until revealed).
    #[serde(skip_serializing_if = "Option::is_none")]
    sealed_rolls: Option<usize>,
    /// The entry it ended at, numbered in the viewer's feed.
    #[serde(skip_serializing_if = "Option::is_none")]
    ended_version: Option<i64>,
    /// Its seed, revealed when it ended (sessions before sealed rolls).
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<String>,
}

/// The keys of `leaves` with their paths, in the order of the leaves.
fn open_keys(seed: &Seed, leaves: &[u64]) -> Vec<sealed::Opened> {
    if leaves.is_empty() {
        return Vec::new();
    }
    let tree = sealed::Tree::grow(seed);
    leaves.iter().map(|leaf| tree.open(seed, *leaf)).collect()
}

/// The seed of the session committed to `commitment`, from its store
/// record, if the store holds it and it matches.
async fn held_in_store(
    state: &AppState,
    campaign: &str,
    commitment: &str,
) -> Result<Option<Held>, AppError> {
    use nanite_store::EventStore;
    let record = state
        .store()
        .record(SEED_COLLECTION, &record_id(campaign, commitment))
        .await?;
    let Some(data) = record.map(|r| r.data) else {
        return Ok(None);
    };
    let Some(seed) = data
        .get("seed")
        .and_then(Value::as_str)
        .and_then(parse_seed)
    else {
        return Ok(None);
    };
    let held = if data.get("sealed").and_then(Value::as_bool) == Some(true) {
        Held::fresh(seed)
    } else {
        Held {
            commitment: self::commitment(&seed),
            seed,
            sealed: false,
        }
    };
    Ok((held.commitment == commitment).then_some(held))
}

/// What `POST .../play-sessions` and `.../play-sessions/end` take: nothing.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Nothing {}

/// `GET /api/campaigns/{campaign}/play-sessions`: every play session with
/// its commitment, and the seeds of those that ended.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/play-sessions",
    summary = "Every play session: its commitment, where it started and ended in your feed, and (GM) its rolls and sealed rolls",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the play sessions", body = PlaySessions))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<PlaySessions>, AppError> {
    caller.member_of(&campaign)?;
    let shown = state
        .tables()
        .read(&state, &campaign, |t: &Table| {
            t.sessions.shown(t, &view::viewer(&caller))
        })
        .await?;
    Ok(Json(shown))
}

/// `POST /api/campaigns/{campaign}/play-sessions` (GM): starts a play
/// session, committing to a fresh seed.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/play-sessions",
    summary = "Start a play session: commit to a fresh seed",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), crate::openapi::IdempotencyKey),
    request_body = Nothing,
    responses(
        (status = 201, description = "the play_session_started entry (session, commitment)", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 409, description = "a play session is open (play_session_open)", body = crate::error::ErrorBody)
    )
)]
pub(crate) async fn start(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = body.change(&campaign, &caller)?;
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
    Ok(view::created(committed))
}

/// `POST /api/campaigns/{campaign}/play-sessions/end` (GM): ends the open
/// play session and reveals its seed.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/play-sessions/end",
    summary = "End the open play session: reveal the keys of the rolls everyone saw",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), crate::openapi::IdempotencyKey),
    request_body = Nothing,
    responses(
        (status = 201, description = "the play_session_ended entry (session, commitment, keys)", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 409, description = "no play session is open (no_play_session)", body = crate::error::ErrorBody)
    )
)]
pub(crate) async fn end(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = body.change(&campaign, &caller)?;
    let committed = state
        .tables()
        .commit_rolling(&state, change, |table| table.sessions.end_open())
        .await?;
    Ok(view::created(committed))
}

/// `POST /api/campaigns/{campaign}/play-sessions/{session}/reveal` (GM):
/// reveals the keys of an ended session's secret rolls (the GM's, blind and
/// private rolls, commands only the GM heard), so that anyone holding the
/// export can verify them too.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/play-sessions/{session}/reveal",
    summary = "Reveal the keys of an ended play session's secret rolls",
    description = "Who: GM. The GM's, blind and private rolls and the commands only the GM heard become verifiable by anyone holding the export.",
    params(("campaign" = String, Path, description = "the campaign id"), ("session" = u32, Path, description = "the play session's number"), crate::openapi::IdempotencyKey),
    request_body = Nothing,
    responses(
        (status = 201, description = "the play_session_secrets_revealed entry (session, commitment, keys)", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 409, description = "the session is open (play_session_open), revealed its whole seed (nothing_sealed), is revealed already (already_revealed), or its seed is not in this store (seed_lost)", body = crate::error::ErrorBody)
    )
)]
pub(crate) async fn reveal(
    State(state): State<AppState>,
    Path((campaign, session)): Path<(String, u32)>,
    caller: Caller,
    body: Asked<Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let commitment = state
        .tables()
        .read(&state, &campaign, |t: &Table| {
            t.sessions.commitment_of(session)
        })
        .await?
        .map_err(AppError::not_found)?;
    let seed = held_in_store(&state, &campaign, &commitment)
        .await?
        .map(|held| held.seed)
        .ok_or_else(|| {
            AppError::conflict(
                "seed_lost",
                format!("this store does not hold the seed of play session {session}, so its secret rolls cannot be revealed"),
            )
        })?;
    let change = body.change(&campaign, &caller)?;
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            table.sessions.reveal(session, &seed)
        })
        .await?;
    Ok(view::created(committed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(next: u64) -> PlaySession {
        PlaySession {
            number: 1,
            commitment: String::new(),
            started: 1,
            next,
            ended: None,
            seed: None,
            public: vec![5, 9],
            secret: vec![7],
            secrets_revealed: false,
        }
    }

    #[test]
    fn a_session_whose_leaves_are_spent_is_full_and_ends_with_its_public_keys() {
        let held = Held::fresh([1u8; 32]);
        let mut last = session(sealed::LEAVES - 1);
        last.commitment = held.commitment.clone();
        let mut sessions = Sessions {
            list: vec![last],
            open: Some(held.clone()),
            pending: None,
        };
        assert!(!sessions.full(), "one leaf left");
        let last_roll = sessions.draw().unwrap();
        assert_eq!(
            Some(last_roll.seeded.index),
            sealed::leaf_of(&held.seed, sealed::LEAVES - 1)
        );
        sessions.list[0].next = sealed::LEAVES;
        assert!(sessions.full());
        assert_eq!(sessions.draw().err().unwrap().code(), "play_session_full");
        let (Fact::SessionEnded { seed, keys, .. }, _) = sessions.end_open().unwrap() else {
            panic!("an end");
        };
        assert_eq!(seed, None, "a sealed session never reveals its seed");
        let leaves: Vec<u64> = keys.iter().map(|k| k.leaf).collect();
        assert_eq!(
            leaves,
            [5, 9],
            "the public rolls' keys, not the secret one's"
        );
        for k in &keys {
            assert!(sealed::check(&held.commitment, k).is_ok());
        }
    }

    #[test]
    fn a_session_before_sealed_rolls_draws_by_index_and_reveals_its_seed() {
        let seed = [2u8; 32];
        let held = Held {
            seed,
            commitment: commitment(&seed),
            sealed: false,
        };
        let mut last = session(3);
        last.commitment = held.commitment.clone();
        let sessions = Sessions {
            list: vec![last],
            open: Some(held),
            pending: None,
        };
        assert_eq!(sessions.draw().unwrap().seeded.index, 3);
        let (
            Fact::SessionEnded {
                seed: shown, keys, ..
            },
            _,
        ) = sessions.end_open().unwrap()
        else {
            panic!("an end");
        };
        assert_eq!(shown, Some(hex(&seed)));
        assert!(keys.is_empty());
    }

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
