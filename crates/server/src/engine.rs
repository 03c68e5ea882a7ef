//! The engine plays NPCs at the live table: the GM hands an NPC, or a
//! whole side, to the engine, which plays their turns with the simulators'
//! policies (`nanite_compound_x::sim::next_move`,
//! `nanite_d20::sim::next_command`), each command judged by the rules and
//! appended to the campaign's stream like the GM's own (by `engine`), told
//! in the log and live to everyone. The GM takes any of them back at any
//! moment.
//!
//! How it is driven: after every accepted command of an encounter (the
//! GM's or a player's, through `.../commands` or `.../script`) and after
//! the GM hands someone to the engine, the server plays on while the one
//! whose turn it is (or who owes a choice, D20-GRAP-02) is played by the
//! engine: one command per change, each decided under the table's lock on
//! the fight as it then stands, with the table's dice. It stops at the
//! turn of someone it does not play, outside the rounds, when a policy's
//! command and the end of the turn are both refused, after a round of
//! turns with nothing done, or after [`MAX_COMMANDS`] commands (the
//! request that set it off waits for them: a few milliseconds each). A
//! take-over is read before each command: the engine's turn under way
//! finishes the command it is deciding and stops. An undo never sets it
//! off (the GM takes back the engine's move and plays it by hand).
//!
//! Who is handed to the engine is kept as a record of the generic store
//! (collection `engine-hands:{campaign}`, one per encounter): not a rule
//! of the fight, so not in its stream; the engine's commands are, and
//! replay without it. It is read after every command, so it is read and
//! written through the server's memory of records (`credentials.rs`),
//! which remembers an encounter that hands nobody too.

use std::collections::{BTreeSet, VecDeque};

use axum::Json;
use axum::extract::{Path, State};
use nanite_core::{ClockCommand, CombatantId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::Strict;
use crate::error::{AppError, ErrorBody};
use crate::facts::Order;
use crate::permissions::{Role, Viewer};
use crate::ruleset::{Play, RulesCommand, Ruleset};
use crate::sessions::Caller;
use crate::table::{Encounter, command_record};
use crate::tables::Change;
use crate::{AppState, campaigns};

/// The most commands one drive plays (a side of twenty NPCs' turns).
pub(crate) const MAX_COMMANDS: usize = 200;

/// The most commands of one turn before the engine ends it.
const MAX_PER_TURN: usize = 16;

/// The seat the engine's commands are appended by.
pub(crate) const BY: &str = "engine";

/// What a hands collection's name starts with.
pub(crate) const PREFIX: &str = "engine-hands:";

fn collection(campaign: &str) -> String {
    format!("{PREFIX}{campaign}")
}

/// Who in one encounter is handed to the engine.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub(crate) struct Hands {
    /// NPCs handed one by one.
    #[serde(default)]
    pub(crate) combatants: BTreeSet<String>,
    /// Sides handed whole: their NPCs, those who join later included.
    #[serde(default)]
    pub(crate) sides: BTreeSet<String>,
    /// NPCs of a side handed whole that the GM took back.
    #[serde(default)]
    pub(crate) kept: BTreeSet<String>,
}

impl Hands {
    /// Whether the engine plays `id` of `side` (never a campaign
    /// character: its owner plays it).
    pub(crate) fn plays(&self, enc: &Encounter, id: &CombatantId, side: &str) -> bool {
        let npc = is_npc(enc, id);
        let key = id.as_str();
        npc && !self.kept.contains(key)
            && (self.combatants.contains(key) || self.sides.contains(side))
    }

    /// Whether nobody is handed to the engine.
    fn is_empty(&self) -> bool {
        self.combatants.is_empty() && self.sides.is_empty()
    }
}

/// Who in `encounter` is handed to the engine.
pub(crate) async fn hands(
    state: &AppState,
    campaign: &str,
    encounter: &str,
) -> Result<Hands, AppError> {
    // From memory (`credentials.rs`): read after every command, and most
    // encounters hand nobody to the engine.
    match state
        .credentials()
        .kept(state, &collection(campaign), encounter)
        .await?
    {
        Some(data) => serde_json::from_value(data).map_err(AppError::internal),
        None => Ok(Hands::default()),
    }
}

/// Each seat of an encounter with its side.
fn seats(enc: &Encounter) -> Vec<(CombatantId, String)> {
    match &enc.play {
        Play::CompoundX(g) => sides(&g.state().clock),
        Play::D20(g) => sides(&g.state().clock),
        Play::Plugged(_) => Vec::new(),
    }
}

/// Each seat of `clock` with its side.
fn sides<P>(clock: &nanite_core::Encounter<P>) -> Vec<(CombatantId, String)> {
    clock
        .seats
        .iter()
        .map(|s| (s.id.clone(), s.side.clone()))
        .collect()
}

/// The sides of `enc` with an NPC in them, the ones a GM may hand to the
/// engine: a side of players' characters only is its players' to play.
pub(crate) fn npc_sides(enc: &Encounter) -> Vec<String> {
    let mut sides: Vec<String> = seats(enc)
        .into_iter()
        .filter(|(id, _)| is_npc(enc, id))
        .map(|(_, side)| side)
        .collect();
    sides.sort();
    sides.dedup();
    sides
}

/// Whether `id` of `enc` is an NPC (no campaign character: its owner
/// plays that).
fn is_npc(enc: &Encounter, id: &CombatantId) -> bool {
    enc.roster.get(id).is_none_or(|e| e.character.is_none())
}

/// The NPCs of `enc` the engine plays under `hands`, by id.
pub(crate) fn played(enc: &Encounter, hands: &Hands) -> Vec<String> {
    seats(enc)
        .into_iter()
        .filter(|(id, side)| hands.plays(enc, id, side))
        .map(|(id, _)| id.to_string())
        .collect()
}

/// What `PUT .../engine` takes: one NPC or one side, handed to the engine
/// or taken back.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HandOver {
    /// An NPC's id.
    #[serde(default)]
    combatant: Option<String>,
    /// Or a side (its NPCs, those who join later included).
    #[serde(default)]
    side: Option<String>,
    /// To the engine (true), or back to the GM (false).
    engine: bool,
}

/// Who the engine plays in an encounter, and what it just played.
#[derive(Serialize, ToSchema)]
pub(crate) struct EngineHands {
    /// The NPCs the engine plays now.
    played: Vec<String>,
    /// The sides handed whole.
    sides: Vec<String>,
    /// The commands the engine played before this answer (it plays on at
    /// once when it is the turn of someone it plays).
    commands: usize,
}

/// `GET /api/campaigns/{campaign}/encounters/{encounter}/engine` (GM).
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/encounters/{encounter}/engine",
    summary = "Who the engine plays in an encounter",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    responses((status = 200, description = "the NPCs and sides handed to the engine", body = EngineHands))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<EngineHands>, AppError> {
    caller.gm_of(&campaign)?;
    let hands = hands(&state, &campaign, &encounter).await?;
    answer(&state, &campaign, &encounter, hands, 0).await
}

/// Who the engine plays in `encounter` by `hands`, after it played
/// `commands` commands.
async fn answer(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    hands: Hands,
    commands: usize,
) -> Result<Json<EngineHands>, AppError> {
    let played = state
        .tables()
        .read(state, campaign, |t| {
            t.encounter(encounter).map(|e| played(e, &hands))
        })
        .await??;
    Ok(Json(EngineHands {
        played,
        sides: hands.sides.into_iter().collect(),
        commands,
    }))
}

/// `PUT /api/campaigns/{campaign}/encounters/{encounter}/engine` (GM):
/// hands an NPC or a side to the engine, or takes it back.
#[utoipa::path(
    put,
    path = "/campaigns/{campaign}/encounters/{encounter}/engine",
    summary = "Hand an NPC or a whole side to the engine, which plays their turns with the simulator's policies, or take it back",
    description = "Who: GM. The engine plays at once if it is the turn of someone it now plays; taking back stops it before its next command (docs/server.md, 'The engine plays NPCs').",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    request_body = HandOver,
    responses(
        (status = 200, description = "who the engine plays now, and the commands it played", body = EngineHands),
        (status = 422, description = "neither or both of combatant and side (one_of), no such combatant or side (unknown_combatant, unknown_side), a campaign character or a side of campaign characters only (not_an_npc)", body = ErrorBody)
    )
)]
pub(crate) async fn hand(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Strict<HandOver>,
) -> Result<Json<EngineHands>, AppError> {
    caller.gm_of(&campaign)?;
    if state.ruleset_of(&campaign).await? == Ruleset::Station {
        return Err(campaigns::station_has_no("encounters"));
    }
    let asked = body.value;
    let mut now = hands(&state, &campaign, &encounter).await?;
    let seats = state
        .tables()
        .read(&state, &campaign, |t| {
            t.encounter(&encounter).map(|e| {
                seats(e)
                    .into_iter()
                    .map(|(id, side)| {
                        let character = e.roster.get(&id).and_then(|r| r.character.clone());
                        (id.to_string(), side, character)
                    })
                    .collect::<Vec<_>>()
            })
        })
        .await??;
    match (asked.combatant.as_deref(), asked.side.as_deref()) {
        (Some(id), None) => {
            let Some((_, _, character)) = seats.iter().find(|(i, ..)| i == id) else {
                return Err(AppError::unprocessable(
                    "unknown_combatant",
                    format!(
                        "no combatant '{id}' in this encounter; hand over one the tracker lists"
                    ),
                ));
            };
            if let Some(character) = character {
                return Err(AppError::unprocessable(
                    "not_an_npc",
                    format!(
                        "'{id}' is the campaign character '{character}', played by its owner: the engine plays NPCs only"
                    ),
                ));
            }
            if asked.engine {
                now.combatants.insert(id.to_string());
                now.kept.remove(id);
            } else {
                now.combatants.remove(id);
                now.kept.insert(id.to_string());
            }
        }
        (None, Some(side)) => {
            let side = side.trim();
            if !seats.iter().any(|(_, s, _)| s == side) {
                let mut sides: Vec<&str> = seats.iter().map(|(_, s, _)| s.as_str()).collect();
                sides.sort_unstable();
                sides.dedup();
                return Err(AppError::unprocessable(
                    "unknown_side",
                    format!(
                        "no side '{side}' in this encounter; its sides are {}",
                        if sides.is_empty() {
                            "none yet".to_string()
                        } else {
                            sides.join(", ")
                        }
                    ),
                ));
            }
            if asked.engine
                && seats
                    .iter()
                    .all(|(_, s, character)| s != side || character.is_some())
            {
                return Err(AppError::unprocessable(
                    "not_an_npc",
                    format!(
                        "the side '{side}' has no NPCs: its combatants are campaign characters, each played by its owner; the engine plays NPCs only"
                    ),
                ));
            }
            let members = seats.iter().filter(|(_, s, _)| s == side).map(|(i, ..)| i);
            if asked.engine {
                now.sides.insert(side.to_string());
                for id in members {
                    now.kept.remove(id);
                }
            } else {
                now.sides.remove(side);
                for id in members {
                    now.combatants.remove(id);
                    now.kept.remove(id);
                }
            }
        }
        _ => {
            return Err(AppError::unprocessable(
                "one_of",
                "name either `combatant` (an NPC's id) or `side`, not both or neither",
            ));
        }
    }
    put_hands(&state, &campaign, &encounter, &now).await?;
    let commands = drive(&state, &campaign, &encounter).await;
    answer(&state, &campaign, &encounter, now, commands).await
}

/// Keeps who is handed to the engine in `encounter`.
pub(crate) async fn put_hands(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    hands: &Hands,
) -> Result<(), AppError> {
    // Through the memory `hands` reads (`credentials.rs`).
    if hands.is_empty() && hands.kept.is_empty() {
        state
            .credentials()
            .delete(state, &collection(campaign), encounter)
            .await?;
    } else {
        let data = serde_json::to_value(hands).map_err(AppError::internal)?;
        state
            .credentials()
            .put(state, &collection(campaign), encounter, data)
            .await?;
    }
    Ok(())
}

/// What the engine remembers from one command to the next within a drive.
#[derive(Default)]
struct Memory {
    /// The GM's rulings owed after the last command (a flight's distances).
    then: VecDeque<RulesCommand>,
    /// Whose turn it was, and in which round, at the last command.
    turn: Option<(CombatantId, u32)>,
    /// Commands played in that turn.
    in_turn: usize,
    /// That turn was spent running: its combatant leaves at its end.
    fleeing: bool,
    /// The fleeing combatant left: the next command ends the turn.
    left: bool,
    /// Turns ended in a row with nothing done.
    idle: usize,
}

/// A command the engine chose, and what it means for the memory.
struct Step {
    command: RulesCommand,
    /// It is a turn's end (nothing else done in it counts as idle).
    ends_turn: bool,
    /// It is a ruling owed from before (popped from `then`).
    owed: bool,
    /// The policy's rulings to follow it.
    then: Vec<RulesCommand>,
    /// Part of a flight.
    fleeing: bool,
    /// The flight's leaving.
    leaves: bool,
}

/// Plays the engine's NPCs in `encounter` while it is their turn; returns
/// how many commands it played. Errors are logged, never returned: the
/// command that set it off was accepted.
pub(crate) async fn drive(state: &AppState, campaign: &str, encounter: &str) -> usize {
    match play(state, campaign, encounter).await {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!(campaign, encounter, error = %e.message(), "the engine stopped");
            0
        }
    }
}

async fn play(state: &AppState, campaign: &str, encounter: &str) -> Result<usize, AppError> {
    let mut memory = Memory::default();
    let viewer = Viewer {
        role: Role::Gm,
        invite: BY.to_string(),
        slot: None,
    };
    for n in 0..MAX_COMMANDS {
        // Read before each command: a take-over stops the engine here.
        let hands = hands(state, campaign, encounter).await?;
        if hands.is_empty() {
            return Ok(n);
        }
        let due = state
            .tables()
            .read(state, campaign, |t| {
                t.encounter(encounter)
                    .map(|e| next_step(e, &hands, &memory).is_some())
            })
            .await??;
        if !due {
            return Ok(n);
        }
        let mut chosen = None;
        let change = Change {
            campaign,
            by: BY,
            key: None,
            fingerprint: format!("engine:{encounter}"),
            viewer: viewer.clone(),
        };
        let committed = state
            .tables()
            .commit_rolling(state, change, |table| {
                chosen = None;
                // While the table waits for a player's dice, the engine
                // waits too.
                crate::waiting::not_waiting(table, encounter).map_err(|_| idle())?;
                let rollers = crate::waiting::Rollers::of(table, table.encounter(encounter)?);
                let mut draw = table.sessions.draw()?;
                let enc = table.encounter_mut(encounter)?;
                let step = next_step(enc, &hands, &memory).ok_or_else(idle)?;
                // The command waits for the player's dice, with those
                // rolled so far.
                let waits = |command: &RulesCommand,
                             stop: &crate::waiting::Stop,
                             kept|
                 -> Result<_, AppError> {
                    let json = command_json(command)?;
                    Ok(crate::waiting::awaiting(encounter, &json, BY, stop, kept))
                };
                // A die the rules give a player who rolls their own dice
                // (an armor roll when an NPC hits them, the death save at
                // their turn's start) waits for them, as for the GM's
                // commands (`waiting.rs`).
                let (step, done) = match attempt(enc, &step.command, &mut draw.dice, &rollers) {
                    Attempt::Done(done) => (step, done),
                    Attempt::Waits(stop, kept) => return waits(&step.command, &stop, kept),
                    // A policy's mistake, as in the simulators: the turn
                    // ends instead.
                    Attempt::Refused if !step.ends_turn => {
                        let end = end_turn(enc);
                        match attempt(enc, &end.command, &mut draw.dice, &rollers) {
                            Attempt::Done(done) => (end, done),
                            Attempt::Waits(stop, kept) => return waits(&end.command, &stop, kept),
                            Attempt::Refused => return Err(idle()),
                        }
                    }
                    Attempt::Refused => return Err(idle()),
                };
                let json = command_json(&step.command)?;
                let name = step.command.name();
                let seeded = (!done.dice.is_empty()).then_some(draw.seeded);
                let record = command_record(
                    encounter,
                    &Order::Rules { command: json },
                    &name,
                    done,
                    seeded,
                    false,
                );
                chosen = Some(step);
                Ok(record)
            })
            .await;
        match committed {
            Ok(_) => {}
            Err(e) if e.code() == IDLE => return Ok(n),
            Err(e) => return Err(e),
        }
        let Some(step) = chosen else {
            return Ok(n + 1);
        };
        remember(state, campaign, encounter, &mut memory, step).await?;
        if memory.idle > 0 {
            let seats = state
                .tables()
                .read(state, campaign, |t| {
                    t.encounter(encounter).map(|e| seats(e).len())
                })
                .await??;
            if memory.idle > seats {
                return Ok(n + 1);
            }
        }
    }
    Ok(MAX_COMMANDS)
}

/// What trying one of the engine's commands gave.
enum Attempt {
    /// Carried out.
    Done(crate::table::Executed),
    /// Stopped at a die of a player who rolls their own dice: the command
    /// waits for them, with the dice rolled so far.
    Waits(crate::waiting::Stop, Vec<nanite_dice::TypedDie>),
    /// Refused by the rules.
    Refused,
}

/// Tries `command` with the table's `dice`, every player who rolls their
/// own dice waiting for theirs (the engine is nobody's player).
fn attempt(
    enc: &mut Encounter,
    command: &RulesCommand,
    dice: &mut dyn nanite_core::DiceSource,
    rollers: &crate::waiting::Rollers,
) -> Attempt {
    let waits = |_: &str| true;
    let mut shared = crate::waiting::Shared::new(Vec::new(), dice, rollers, &waits);
    let done = crate::ruleset::execute(&mut enc.play, command, &mut shared);
    match (done, shared.stopped()) {
        (Ok(done), _) => Attempt::Done(done),
        (Err(_), Some(stop)) => Attempt::Waits(stop.clone(), shared.so_far()),
        (Err(_), None) => Attempt::Refused,
    }
}

/// A command of the engine as the stream keeps it.
fn command_json(command: &RulesCommand) -> Result<serde_json::Value, AppError> {
    match command {
        RulesCommand::CompoundX(c) => serde_json::to_value(c),
        RulesCommand::D20(c) => serde_json::to_value(c),
        RulesCommand::Plugged { command, .. } => Ok(command.clone()),
    }
    .map_err(AppError::internal)
}

/// Updates the memory after `step` was taken.
async fn remember(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    memory: &mut Memory,
    step: Step,
) -> Result<(), AppError> {
    if step.owed {
        memory.then.pop_front();
    }
    memory.then.extend(step.then);
    let turn = state
        .tables()
        .read(state, campaign, |t| t.encounter(encounter).map(turn_of))
        .await??;
    if step.ends_turn {
        memory.idle = if memory.in_turn == 0 {
            memory.idle + 1
        } else {
            0
        };
        memory.in_turn = 0;
        memory.fleeing = false;
        memory.left = false;
    } else if step.leaves {
        memory.left = true;
        memory.fleeing = false;
    } else {
        if memory.turn != turn {
            memory.in_turn = 0;
            memory.fleeing = false;
        }
        memory.in_turn += 1;
        memory.fleeing |= step.fleeing;
    }
    memory.turn = turn;
    Ok(())
}

/// The code of "nothing for the engine to do".
const IDLE: &str = "engine_idle";

fn idle() -> AppError {
    AppError::unprocessable(IDLE, "nothing for the engine to do")
}

/// Whose turn it is and the round.
fn turn_of(enc: &Encounter) -> Option<(CombatantId, u32)> {
    match &enc.play {
        Play::CompoundX(g) => {
            let b = g.state();
            b.clock.active.clone().map(|a| (a, b.round()))
        }
        Play::D20(g) => {
            let b = g.state();
            b.clock.active.clone().map(|a| (a, b.clock.round()))
        }
        Play::Plugged(_) => None,
    }
}

/// The end of the turn under way.
fn end_turn(enc: &Encounter) -> Step {
    let command = match &enc.play {
        Play::CompoundX(_) => RulesCommand::CompoundX(
            nanite_compound_x::encounter::Command::Clock(ClockCommand::NextTurn),
        ),
        Play::D20(_) => RulesCommand::D20(nanite_d20::encounter::Command::Clock(
            ClockCommand::NextTurn,
        )),
        // Never asked: the engine plays no registered ruleset's
        // combatants (`next_step` gives it no step), and this command
        // reads as none of its commands, so it would only be refused.
        Play::Plugged(_) => RulesCommand::Plugged {
            command: serde_json::Value::Null,
            name: "next",
        },
    };
    Step {
        command,
        ends_turn: true,
        owed: false,
        then: Vec::new(),
        fleeing: false,
        leaves: false,
    }
}

/// The engine's next command in `enc`, or none: it is not the turn (or the
/// choice) of someone it plays, or the fight is not in its rounds.
fn next_step(enc: &Encounter, hands: &Hands, memory: &Memory) -> Option<Step> {
    let side_of = |id: &CombatantId| {
        seats(enc)
            .into_iter()
            .find(|(i, _)| i == id)
            .map(|(_, s)| s)
    };
    let plays = |id: &CombatantId| side_of(id).is_some_and(|s| hands.plays(enc, id, &s));
    let owed_ruling = |command: RulesCommand| Step {
        command,
        ends_turn: false,
        owed: true,
        then: Vec::new(),
        fleeing: false,
        leaves: false,
    };
    match &enc.play {
        // The engine plays only the built-in rulesets' NPCs.
        Play::Plugged(_) => None,
        Play::CompoundX(g) => {
            let b = g.state();
            if memory.left {
                return b.in_combat().then(|| end_turn(enc));
            }
            let active = b.clock.active.clone().filter(|_| b.in_combat())?;
            if !plays(&active) {
                return None;
            }
            if let Some(c) = memory.then.front() {
                return Some(owed_ruling(c.clone()));
            }
            let this_turn = memory.turn.as_ref() == Some(&(active.clone(), b.round()));
            let in_turn = if this_turn { memory.in_turn } else { 0 };
            let fleeing = this_turn && memory.fleeing;
            let next = (in_turn < MAX_PER_TURN)
                .then(|| nanite_compound_x::sim::next_move(b, &active))
                .flatten();
            Some(match next {
                Some(m) => Step {
                    command: RulesCommand::CompoundX(m.command),
                    ends_turn: false,
                    owed: false,
                    then: m.then.into_iter().map(RulesCommand::CompoundX).collect(),
                    fleeing: m.fleeing,
                    leaves: false,
                },
                // At the end of a turn spent running, it is gone (CX-TURN-08).
                None if fleeing => Step {
                    command: RulesCommand::CompoundX(nanite_compound_x::encounter::Command::Clock(
                        ClockCommand::Leave { id: active },
                    )),
                    ends_turn: false,
                    owed: false,
                    then: Vec::new(),
                    fleeing: false,
                    leaves: true,
                },
                None => end_turn(enc),
            })
        }
        Play::D20(g) => {
            let b = g.state();
            if !b.in_combat() {
                return None;
            }
            // A broken NPC left on its turn: the turn passes on.
            if memory.left {
                return Some(end_turn(enc));
            }
            let setup = || nanite_d20::sim::Setup::at_the_table(b);
            if let Some(owed) = &b.owed {
                return plays(&owed.chooser).then(|| {
                    owed_choice(RulesCommand::D20(nanite_d20::sim::choice(
                        b,
                        &setup(),
                        &owed.chooser,
                    )))
                });
            }
            let active = b.clock.active.clone()?;
            if !plays(&active) {
                return None;
            }
            let this_turn = memory.turn.as_ref() == Some(&(active.clone(), b.clock.round()));
            let in_turn = if this_turn { memory.in_turn } else { 0 };
            let next = (in_turn < MAX_PER_TURN)
                .then(|| nanite_d20::sim::next_command(b, &setup(), &active))
                .flatten();
            Some(match next {
                Some(c) => {
                    let leaves = matches!(
                        &c,
                        nanite_d20::encounter::Command::Clock(ClockCommand::Leave { id }) if *id == active
                    );
                    Step {
                        command: RulesCommand::D20(c),
                        ends_turn: false,
                        owed: false,
                        then: Vec::new(),
                        fleeing: false,
                        leaves,
                    }
                }
                None => end_turn(enc),
            })
        }
    }
}

/// A choice owed out of turn (D20-GRAP-02): neither the turn's end nor a
/// ruling from before.
fn owed_choice(command: RulesCommand) -> Step {
    Step {
        command,
        ends_turn: false,
        owed: false,
        then: Vec::new(),
        fleeing: false,
        leaves: false,
    }
}

#[cfg(test)]
mod tests {
    use super::Hands;

    #[test]
    fn hands_read_back_with_missing_fields() {
        let h: Hands = serde_json::from_str(r#"{"sides":["raiders"]}"#).unwrap();
        assert!(h.sides.contains("raiders"));
        assert!(h.combatants.is_empty() && h.kept.is_empty());
    }
}
