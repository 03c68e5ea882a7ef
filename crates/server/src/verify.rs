//! `nanite verify`: re-derives every server-side die of an exported
//! campaign from what its play sessions revealed.
//!
//! Each play session committed, when it started, to the root of the tree
//! of its sealed roll keys (`sealed.rs`), and revealed at its end the keys
//! of the rolls everyone saw, each with its path to the root; the GM may
//! later reveal the secret rolls' keys. Every revealed key must lead to its
//! session's commitment, and no commitment may serve two sessions. (Sessions
//! before sealed rolls committed to their seed's SHA-256 and revealed the
//! seed; they are checked that way.) Every roll of the roll log is rolled
//! again from its expression with its key; every encounter command (and
//! every command of a Station change, each with its own key:
//! `verify/station.rs`) is executed again by the engine with those dice, on
//! the encounter as the log left it; the dice must be exactly those the log
//! holds. Physical dice are counted, not checked (the table rolled them);
//! dice of sessions not yet ended, secret rolls whose keys stay sealed, and
//! dice rolled before verifiable rolls existed are reported as
//! unverifiable.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use nanite_core::{KeyedDice, RolledDie};
use nanite_dice::Expression;
use serde::Serialize;
use serde_json::Value;

use crate::facts::{Entry, Fact};
use crate::rolls::RollItem;
use crate::seeds::{Seed, SeedUse, commitment, hex, parse_seed};
use crate::table::{Encounter, STREAM_KIND};

mod again;
use again::Logged;
mod station;

pub use nanite_store::{EXPORT_FORMAT, Export};

/// What verifying an export found.
#[derive(Debug, Default, Serialize)]
pub struct Verification {
    /// Every play session of every campaign, with what became of its seed.
    pub sessions: Vec<SessionCheck>,
    /// Rolls and commands whose dice the revealed seeds give exactly.
    pub verified: usize,
    /// Rolls and commands of the table's physical dice (not verifiable).
    pub physical: usize,
    /// Rolls and commands that cannot be checked, and why.
    pub unverifiable: Vec<Finding>,
    /// Everything that does not match: dice, seeds, commitments.
    pub mismatches: Vec<Finding>,
}

impl Verification {
    /// Nothing in the export contradicts its seeds.
    pub fn honest(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// A play session and its seed.
#[derive(Debug, Serialize)]
pub struct SessionCheck {
    /// The campaign's stream.
    pub stream: String,
    /// The session's number.
    pub session: u32,
    /// The SHA-256 it committed to.
    pub commitment: String,
    /// The seed revealed, if any (sessions before sealed rolls).
    pub seed: Option<String>,
    /// The roll keys revealed and checked against the commitment (sealed
    /// rolls: those everyone saw, and the secret ones once the GM reveals
    /// them).
    pub keys: usize,
    /// What the seed is worth.
    pub status: SessionStatus,
}

/// What a session's seed is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionStatus {
    /// Ended, and what its end revealed matches the commitment: the seed's
    /// SHA-256, or each revealed roll key's path to the root.
    Revealed,
    /// Not revealed yet: the session is open (or its seed was lost).
    NotRevealed,
    /// The revealed seed does not hash to the commitment, or is not a seed.
    SeedMismatch,
    /// The seed (or its commitment) served an earlier session too.
    Reused,
}

/// One thing found, at a stream version.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// The campaign's stream.
    pub stream: String,
    /// The version of the event.
    pub version: i64,
    /// What was found, in words.
    pub message: String,
}

/// Why an export cannot be verified at all.
#[derive(Debug)]
pub struct VerifyError(String);

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for VerifyError {}

/// Reads an export as `nanite export` writes it.
pub fn read(text: &str) -> Result<Export, VerifyError> {
    let export: Export = serde_json::from_str(text).map_err(|e| {
        VerifyError(format!(
            "not a nanite export (the JSON `nanite export` writes): {e}"
        ))
    })?;
    if export.format != EXPORT_FORMAT {
        return Err(VerifyError(format!(
            "export format {} is not supported (this nanite reads format {EXPORT_FORMAT})",
            export.format
        )));
    }
    Ok(export)
}

/// Verifies every campaign stream of `export`.
pub fn verify(export: &Export) -> Result<Verification, VerifyError> {
    let pack = crate::pack::Packs::sample().map_err(|e| VerifyError(format!("{e:#}")))?;
    // The campaigns' own content packs travel in the export's records.
    crate::packs::carried(&pack, &export.records).map_err(VerifyError)?;
    let mut out = Verification::default();
    for stream in export.streams.iter().filter(|s| s.info.kind == STREAM_KIND) {
        let mut check = StreamCheck {
            stream: &stream.info.id,
            out: &mut out,
            sessions: BTreeMap::new(),
        };
        let entries = check.read(&stream.events);
        check.sessions(&entries);
        check.dice(&entries, &pack);
    }
    Ok(out)
}

/// A session as the verifier knows it.
/// The fights and games of a stream as replayed so far, to check each
/// command's dice against them.
#[derive(Default)]
struct Replay {
    encounters: BTreeMap<String, Encounter>,
    games: BTreeMap<String, crate::station::Game>,
    /// Encounters and games that no longer replay: not checked further.
    broken: BTreeSet<String>,
    /// Each roll key seen, by play session and index, with its version.
    seen: HashMap<(u32, u64), i64>,
    /// The content pack in force (none: the built-in sample).
    in_force: Option<String>,
}

struct Known {
    commitment: String,
    started: i64,
    ended: Option<i64>,
    seed: Option<Seed>,
    /// Sealed rolls: the revealed keys by leaf.
    keys: Option<HashMap<u64, Seed>>,
    status: SessionStatus,
}

struct StreamCheck<'a> {
    stream: &'a str,
    out: &'a mut Verification,
    sessions: BTreeMap<u32, Known>,
}

impl StreamCheck<'_> {
    fn mismatch(&mut self, version: i64, message: String) {
        self.out.mismatches.push(Finding {
            stream: self.stream.to_string(),
            version,
            message,
        });
    }

    fn unverifiable(&mut self, version: i64, message: String) {
        self.out.unverifiable.push(Finding {
            stream: self.stream.to_string(),
            version,
            message,
        });
    }

    fn read(&mut self, events: &[nanite_store::Recorded]) -> Vec<(i64, Entry)> {
        let mut entries = Vec::new();
        for e in events {
            match serde_json::from_value::<Entry>(e.data.clone()) {
                Ok(entry) => entries.push((e.version, entry)),
                Err(err) => self.mismatch(e.version, format!("the event cannot be read: {err}")),
            }
        }
        entries
    }

    /// Commitments and revealed seeds.
    fn sessions(&mut self, entries: &[(i64, Entry)]) {
        for (version, entry) in entries {
            match (&entry.fact, opened(&entry.fact)) {
                (_, Some((session, c))) => self.started(*version, session, c),
                (
                    Fact::SessionEnded {
                        session,
                        seed: None,
                        keys,
                    },
                    None,
                ) => self.ended_sealed(*version, *session, keys),
                (Fact::SecretsRevealed { session, keys }, None) => {
                    match self.sessions.get(session) {
                        Some(k) if k.keys.is_some() => self.keys(*version, *session, keys),
                        _ => self.mismatch(
                            *version,
                            format!(
                                "secret rolls of play session {session} are revealed, but it never ended with sealed rolls"
                            ),
                        ),
                    }
                }
                (
                    Fact::SessionEnded {
                        session,
                        seed: Some(seed),
                        ..
                    },
                    None,
                ) => self.ended_seeded(*version, *session, seed),
                _ => {}
            }
        }
        for (n, k) in &self.sessions {
            self.out.sessions.push(SessionCheck {
                stream: self.stream.to_string(),
                session: *n,
                commitment: k.commitment.clone(),
                seed: k.seed.map(|s| hex(&s)),
                keys: k.keys.as_ref().map_or(0, HashMap::len),
                status: k.status,
            });
        }
    }

    /// Play session `session` starts at `version`, committed to `c`: a
    /// session started twice, or a commitment used before, is a mismatch.
    fn started(&mut self, version: i64, session: u32, c: &str) {
        if self.sessions.contains_key(&session) {
            self.mismatch(
                version,
                format!("play session {session} starts a second time"),
            );
            return;
        }
        let twin = self
            .sessions
            .iter()
            .find(|(_, k)| k.commitment == c)
            .map(|(n, _)| *n);
        let mut status = SessionStatus::NotRevealed;
        if let Some(twin) = twin {
            status = SessionStatus::Reused;
            self.mismatch(
                version,
                format!(
                    "play session {session} commits to the seed of play session {twin} ({c}): a seed is used twice"
                ),
            );
        }
        self.sessions.insert(
            session,
            Known {
                commitment: c.to_string(),
                started: version,
                ended: None,
                seed: None,
                keys: None,
                status,
            },
        );
    }

    /// Session `session`'s record, ended at `version`; none (a mismatch)
    /// when it never started.
    fn ending(&mut self, version: i64, session: u32) -> Option<&mut Known> {
        if !self.sessions.contains_key(&session) {
            self.mismatch(
                version,
                format!("play session {session} ends but never started"),
            );
            return None;
        }
        let known = self.sessions.get_mut(&session)?;
        known.ended = Some(version);
        Some(known)
    }

    /// A session of sealed rolls ends at `version` with the keys of the
    /// rolls everyone saw.
    fn ended_sealed(&mut self, version: i64, session: u32, keys: &[crate::sealed::Opened]) {
        let Some(known) = self.ending(version, session) else {
            return;
        };
        if known.status == SessionStatus::NotRevealed {
            known.status = SessionStatus::Revealed;
        }
        known.keys = Some(HashMap::new());
        self.keys(version, session, keys);
    }

    /// A session from before sealed rolls ends at `version`, revealing its
    /// `seed`: it must be 64 hex digits, match the commitment and not be an
    /// earlier session's.
    fn ended_seeded(&mut self, version: i64, session: u32, seed: &str) {
        let earlier: Vec<(u32, Seed)> = self
            .sessions
            .iter()
            .filter_map(|(n, k)| k.seed.map(|s| (*n, s)))
            .collect();
        let Some(known) = self.ending(version, session) else {
            return;
        };
        let problem = match parse_seed(seed) {
            None => Some(format!(
                "the seed revealed for play session {session} is not 64 hex digits: {seed:?}"
            )),
            Some(s) if commitment(&s) != known.commitment => Some(format!(
                "the seed revealed for play session {session} does not match its commitment: its SHA-256 is {}, the session committed to {}",
                commitment(&s),
                known.commitment
            )),
            Some(s) => match earlier.iter().find(|(_, e)| *e == s) {
                Some((twin, _)) => {
                    known.status = SessionStatus::Reused;
                    Some(format!(
                        "play session {session} reveals the seed of play session {twin}: a seed is used twice"
                    ))
                }
                None => {
                    if known.status == SessionStatus::NotRevealed {
                        known.status = SessionStatus::Revealed;
                        known.seed = Some(s);
                    }
                    None
                }
            },
        };
        if let Some(problem) = problem {
            if known.status != SessionStatus::Reused {
                known.status = SessionStatus::SeedMismatch;
            }
            self.mismatch(version, problem);
        }
    }

    /// Checks revealed roll keys against session `session`'s commitment
    /// and keeps those that lead to it.
    fn keys(&mut self, version: i64, session: u32, keys: &[crate::sealed::Opened]) {
        let Some(known) = self.sessions.get_mut(&session) else {
            return;
        };
        let mut problems = Vec::new();
        for opened in keys {
            match crate::sealed::check(&known.commitment, opened) {
                Ok(key) => {
                    known.keys.get_or_insert_default().insert(opened.leaf, key);
                }
                Err(why) => problems.push(format!("play session {session}: {why}")),
            }
        }
        if !problems.is_empty() && known.status != SessionStatus::Reused {
            known.status = SessionStatus::SeedMismatch;
        }
        for problem in problems {
            self.mismatch(version, problem);
        }
    }

    /// The seed of `used` at `version`, or why there is none to check with
    /// (`Err(true)`: a mismatch was reported; `Err(false)`: unverifiable).
    fn seed_of(
        &mut self,
        version: i64,
        used: &SeedUse,
        what: &str,
        seen: &mut HashMap<(u32, u64), i64>,
    ) -> Result<Seed, bool> {
        if let Some(first) = seen.insert((used.session, used.index), version) {
            self.mismatch(
                version,
                format!(
                    "{what} takes index {} of play session {}, which the event at version {first} took already: the same dice twice",
                    used.index, used.session
                ),
            );
            return Err(true);
        }
        let Some(known) = self.sessions.get(&used.session) else {
            self.mismatch(
                version,
                format!(
                    "{what} names play session {}, which never started",
                    used.session
                ),
            );
            return Err(true);
        };
        if version < known.started || known.ended.is_some_and(|end| version > end) {
            let message = format!(
                "{what} names play session {}, which was not open at version {version}",
                used.session
            );
            self.mismatch(version, message);
            return Err(true);
        }
        if let (SessionStatus::Revealed, Some(keys)) = (known.status, &known.keys) {
            return match keys.get(&used.index) {
                Some(key) => Ok(*key),
                None => {
                    let message = format!(
                        "{what}: a secret roll of play session {}; its key stays sealed until the GM reveals it",
                        used.session
                    );
                    self.unverifiable(version, message);
                    Err(false)
                }
            };
        }
        match (known.status, known.seed) {
            (SessionStatus::Revealed, Some(seed)) => Ok(seed),
            (SessionStatus::NotRevealed, _) => {
                let message = format!(
                    "{what}: play session {} has not revealed its seed yet (it does when the GM ends it)",
                    used.session
                );
                self.unverifiable(version, message);
                Err(false)
            }
            _ => {
                let message = format!(
                    "{what}: play session {} has no valid revealed seed (see its finding)",
                    used.session
                );
                self.unverifiable(version, message);
                Err(false)
            }
        }
    }

    /// Every roll and command, again.
    fn dice(&mut self, entries: &[(i64, Entry)], pack: &crate::pack::Packs) {
        let mut r = Replay::default();
        for (version, entry) in entries {
            let version = *version;
            match &entry.fact {
                Fact::EncounterCreated {
                    encounter,
                    name,
                    d20,
                    plugged,
                } => self.encounter_created(
                    version,
                    encounter,
                    name,
                    d20.as_ref(),
                    plugged.as_ref(),
                    &mut r,
                ),
                Fact::Roll(roll) => self.roll(version, roll, &mut r.seen),
                Fact::Command { .. } => self.command(version, &entry.fact, pack, &mut r),
                Fact::Undone { encounter, .. } => {
                    if let Some(enc) = r.encounters.get_mut(encounter)
                        && !r.broken.contains(encounter)
                    {
                        enc.undo();
                    }
                }
                Fact::StationStarted(s) => self.station_started(version, s, pack, &mut r),
                Fact::StationPlayed(p) => {
                    let mut ctx = (&mut r.games, &mut r.broken, &mut r.seen);
                    self.station_moves(version, &p.game, &p.moves, true, &mut ctx);
                }
                Fact::StationUndone(u) => {
                    if let Some(g) = r.games.get_mut(&u.game) {
                        g.undo();
                    }
                }
                Fact::PackSwitched(switched) => r.in_force.clone_from(&switched.digest),
                // A state change keeps each character's state after: its
                // dice (a treatment, a repair) are checked against the
                // play session's seed, die by die.
                Fact::StateChanged(change) => self.state_dice(version, change, &mut r.seen),
                Fact::SessionStarted { .. }
                | Fact::SessionEnded { .. }
                | Fact::SecretsRevealed { .. }
                | Fact::StationSeated(_)
                | Fact::StateUndone { .. }
                | Fact::Chat(_)
                | Fact::Dice(_) => {}
            }
        }
    }

    /// An encounter opens at `version`; one that cannot is not checked
    /// further.
    fn encounter_created(
        &mut self,
        version: i64,
        encounter: &str,
        name: &str,
        d20: Option<&crate::d20::D20Setup>,
        plugged: Option<&crate::plugged::Setup>,
        r: &mut Replay,
    ) {
        let opened = match plugged {
            Some(setup) => Encounter::plugged(encounter.to_string(), name.to_string(), setup),
            None => Ok(Encounter::new(encounter.to_string(), name.to_string(), d20)),
        };
        match opened {
            Ok(opened) => {
                r.encounters.insert(encounter.to_string(), opened);
            }
            Err(e) => {
                self.mismatch(
                    version,
                    format!("encounter {encounter} cannot be opened: {}", e.message()),
                );
                r.broken.insert(encounter.to_string());
            }
        }
    }

    /// A command at `version`: its dice checked against its play session's
    /// seed, then replayed with the dice the log holds to go on from.
    fn command(&mut self, version: i64, fact: &Fact, pack: &crate::pack::Packs, r: &mut Replay) {
        let Fact::Command {
            encounter,
            order,
            dice,
            seeded,
            physical,
            ..
        } = fact
        else {
            return;
        };
        if r.broken.contains(encounter) {
            return;
        }
        let Some(enc) = r.encounters.get_mut(encounter) else {
            self.mismatch(
                version,
                format!("a command names encounter {encounter}, which was never opened"),
            );
            return;
        };
        let command = match pack
            .in_force(r.in_force.as_deref())
            .and_then(|packs| order.rules_command(&packs, &enc.play))
        {
            Ok(c) => c,
            Err(e) => {
                self.mismatch(version, format!("the command cannot be read: {e}"));
                r.broken.insert(encounter.clone());
                return;
            }
        };
        let what = format!("command `{}` in encounter {encounter}", command.name());
        let logged = Logged {
            what: &what,
            command: &command,
            seeded: seeded.as_ref(),
            dice,
        };
        if *physical {
            self.out.physical += 1;
        } else if self.verified(version, enc, &logged, &mut r.seen) {
            return;
        }
        // Go on from the encounter as the log has it.
        if !self.replayed(version, enc, &logged, &format!("encounter {encounter}")) {
            r.broken.insert(encounter.clone());
        }
    }

    /// A Station game starts at `version` from its scenario, with its first
    /// moves.
    fn station_started(
        &mut self,
        version: i64,
        s: &crate::station::record::Started,
        pack: &crate::pack::Packs,
        r: &mut Replay,
    ) {
        let read = pack
            .station_of(s.pack.as_deref())
            .map_err(|e| e.to_string())
            .and_then(|p| {
                crate::station::game::read_scenario_on(p, &s.file, &s.text)
                    .map_err(|e| e.message().to_string())
            });
        match read {
            Ok(state) => {
                r.games.insert(
                    s.game.clone(),
                    crate::station::Game::new(&s.game, &s.name, &s.file, state),
                );
                let mut ctx = (&mut r.games, &mut r.broken, &mut r.seen);
                self.station_moves(version, &s.game, &s.moves, false, &mut ctx);
            }
            Err(e) => {
                self.mismatch(
                    version,
                    format!("the scenario of Station game {} does not read: {e}", s.game),
                );
                r.broken.insert(s.game.clone());
            }
        }
    }

    /// The dice of a between-fight state change, against its seed.
    fn state_dice(
        &mut self,
        version: i64,
        change: &crate::carry::StateChange,
        seen: &mut HashMap<(u32, u64), i64>,
    ) {
        if change.dice.is_empty() {
            return;
        }
        let what = format!(
            "the {} of {}",
            change.what.words(),
            change
                .characters
                .first()
                .map_or("a character", |c| c.name.as_str())
        );
        let Some(used) = &change.seeded else {
            self.unverifiable(version, format!("{what} has no play session's seed"));
            return;
        };
        let Ok(seed) = self.seed_of(version, used, &what, seen) else {
            return;
        };
        let mut keyed = KeyedDice::new(seed, used.index);
        for die in &change.dice {
            let request = nanite_dice::DieRequest::new(die.sides, &die.purpose);
            match nanite_dice::DiceSource::roll(&mut keyed, &request) {
                Ok(v) if v == die.value => {}
                _ => {
                    self.mismatch(
                        version,
                        format!(
                            "{what}: a d{} shows {} where the seed gives another (play session {}, index {})",
                            die.sides, die.value, used.session, used.index
                        ),
                    );
                    return;
                }
            }
        }
        self.out.verified += 1;
    }

    fn roll(&mut self, version: i64, roll: &RollItem, seen: &mut HashMap<(u32, u64), i64>) {
        let what = format!("roll `{}` by {}", roll.expression, roll.label);
        if roll.physical {
            self.out.physical += 1;
            return;
        }
        let Some(used) = &roll.seeded else {
            if !roll.roll.dice.is_empty() {
                self.unverifiable(version, format!("{what} has no play session's seed"));
            }
            return;
        };
        let Ok(seed) = self.seed_of(version, used, &what, seen) else {
            return;
        };
        let expression = match Expression::parse(&roll.expression) {
            Ok(e) => e,
            Err(e) => {
                self.mismatch(
                    version,
                    format!("{what}: the expression does not read: {e}"),
                );
                return;
            }
        };
        let derived = match expression.roll(&mut KeyedDice::new(seed, used.index)) {
            Ok(r) => r,
            Err(e) => {
                self.mismatch(version, format!("{what}: it does not roll: {e}"));
                return;
            }
        };
        let derived_dice = serde_json::to_value(&derived.dice).unwrap_or(Value::Null);
        let logged_dice = serde_json::to_value(&roll.roll.dice).unwrap_or(Value::Null);
        if derived_dice == logged_dice
            && derived.total == roll.total
            && roll.roll.total == roll.total
        {
            self.out.verified += 1;
        } else {
            self.mismatch(
                version,
                format!(
                    "{what}: the log has dice {} (total {}), the seed of play session {} at index {} gives {} (total {})",
                    values(&logged_dice),
                    roll.total,
                    used.session,
                    used.index,
                    values(&derived_dice),
                    derived.total
                ),
            );
        }
    }
}

/// The faces of dice in JSON, as `[4, 9]`.
fn values(dice: &Value) -> String {
    let faces: Vec<String> = dice
        .as_array()
        .map(|d| {
            d.iter()
                .map(|d| d.get("value").map_or("?".into(), Value::to_string))
                .collect()
        })
        .unwrap_or_default();
    format!("[{}]", faces.join(", "))
}

/// Where the logged dice and the derived dice part.
fn differ(logged: &[RolledDie], derived: &[RolledDie]) -> String {
    match logged.iter().zip(derived).position(|(a, b)| a != b) {
        Some(i) => format!(
            "die {} of {} ({}) is {} (d{}) in the log, the seed gives {} (d{})",
            i + 1,
            logged.len(),
            logged[i].purpose,
            logged[i].value,
            logged[i].sides,
            derived[i].value,
            derived[i].sides
        ),
        None => format!(
            "the log has {} dice, the seed's dice make the engine roll {}",
            logged.len(),
            derived.len()
        ),
    }
}

/// The play session `fact` opens and its commitment: a session's start,
/// or the first seeded roll or command of a session started with it.
fn opened(fact: &Fact) -> Option<(u32, &str)> {
    match fact {
        Fact::SessionStarted {
            session,
            commitment,
        } => Some((*session, commitment.as_str())),
        Fact::Roll(RollItem {
            seeded: Some(u), ..
        })
        | Fact::Command {
            seeded: Some(u), ..
        } => u.commitment.as_deref().map(|c| (u.session, c)),
        // A Station change's first rolling command may start a session.
        Fact::StationStarted(crate::station::record::Started { moves, .. })
        | Fact::StationPlayed(crate::station::record::Played { moves, .. }) => {
            moves.iter().find_map(|m| {
                let u = m.seeded.as_ref()?;
                u.commitment.as_deref().map(|c| (u.session, c))
            })
        }
        _ => None,
    }
}
