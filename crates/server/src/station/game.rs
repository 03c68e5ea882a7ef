//! A Station game in memory: the engine's `Game<Station>` built from the
//! scenario text, the crew's seats, and its log. Commands run here with the
//! play session's keyed dice, one roll index per command that rolls; in a
//! single-player scenario the automated GM answers at once, each of its
//! commands keyed the same way. A refusal anywhere takes back everything the
//! change did.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use nanite_core::{DiceSource, RolledDie, ScriptedDice};
use nanite_station::scenario::{self, Kind, Scenario};
use nanite_station::{Command, Pack, Refusal, State, Station, autogm};

use super::record::Move;
use super::told::tell;
use crate::error::AppError;
use crate::seeds::{SeedUse, Sessions};
use crate::table::Item as FeedItem;

/// The Station content pack compiled into the server.
pub(crate) fn pack() -> Arc<Pack> {
    static PACK: OnceLock<Arc<Pack>> = OnceLock::new();
    PACK.get_or_init(|| Arc::new(Pack::sample())).clone()
}

/// Reads and checks a scenario on the built-in pack as `nanite station
/// check` does: every problem with its line, and the game it sets up must
/// start.
#[cfg(test)]
pub(crate) fn read_scenario(file: &str, text: &str) -> Result<State, AppError> {
    read_scenario_on(pack(), file, text)
}

/// Reads and checks a scenario on `pack` (the campaign's own, as `nanite
/// station --pack DIR check` does).
pub(crate) fn read_scenario_on(pack: Arc<Pack>, file: &str, text: &str) -> Result<State, AppError> {
    let (parsed, found) = scenario::parse(file, text, &pack);
    match parsed {
        Some(s) if !found.has_errors() => State::new(pack, Arc::new(s)).map_err(|e| {
            AppError::unprocessable(
                "invalid_scenario",
                format!("{file} cannot start a game: {e}"),
            )
        }),
        _ => {
            let errors = found.error_count().max(1);
            let first = found
                .iter()
                .find(|d| d.severity == nanite_core::Severity::Error)
                .map(|d| d.to_string())
                .unwrap_or_else(|| "the scenario does not read".into());
            Err(AppError::unprocessable(
                "invalid_scenario",
                format!(
                    "{file} has {errors} error{} (the checks of `nanite station check`); the first: {first}",
                    if errors == 1 { "" } else { "s" }
                ),
            )
            .with("diagnostics", serde_json::json!(found)))
        }
    }
}

/// One accepted command with its narration.
#[derive(Clone, Debug)]
pub(crate) struct Done {
    /// The command.
    pub(crate) command: Command,
    /// The dice it rolled.
    pub(crate) dice: Vec<RolledDie>,
    /// Where they came from.
    pub(crate) seeded: Option<SeedUse>,
    /// The automated GM gave it.
    pub(crate) engine: bool,
    /// Its events in words, for the GM.
    pub(crate) gm: Vec<String>,
    /// What the players and spectators hear of it.
    pub(crate) table: Vec<String>,
}

impl Done {
    /// As the stream keeps it.
    pub(crate) fn record(&self) -> Move {
        Move {
            command: self.command.clone(),
            dice: self.dice.clone(),
            seeded: self.seeded.clone(),
            engine: self.engine,
            lines: self.gm.clone(),
        }
    }
}

/// A Station game at the table.
#[derive(Debug)]
pub(crate) struct Game {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// The scenario's file name.
    pub(crate) file: String,
    /// The scenario's text (empty until `started_from` tells it).
    pub(crate) text: String,
    /// The digest of the campaign pack it plays on (none: the built-in).
    pub(crate) pack: Option<String>,
    /// The engine's game.
    pub(crate) game: nanite_core::Game<Station>,
    /// Crew member -> the seat (invitation id) acting for it, when the GM
    /// seated someone or a player claimed it.
    pub(crate) seats: BTreeMap<String, Option<String>>,
    /// Commands in each accepted change, for undo.
    changes: Vec<usize>,
    /// Its feed entries.
    pub(crate) log: Vec<Arc<FeedItem>>,
}

impl Game {
    /// A game set up from `state`.
    pub(crate) fn new(id: &str, name: &str, file: &str, state: State) -> Game {
        Game {
            id: id.to_string(),
            name: name.to_string(),
            file: file.to_string(),
            text: String::new(),
            pack: None,
            game: nanite_core::Game::new(state),
            seats: BTreeMap::new(),
            changes: Vec::new(),
            log: Vec::new(),
        }
    }

    /// This game, started from `text` on the campaign pack `pack` (none:
    /// the built-in one).
    pub(crate) fn started_from(mut self, text: &str, pack: Option<String>) -> Game {
        self.text = text.to_string();
        self.pack = pack;
        self
    }

    /// The state now.
    pub(crate) fn state(&self) -> &State {
        self.game.state()
    }

    /// Whether the engine plays the GM.
    pub(crate) fn automated(&self) -> bool {
        self.state().scenario.kind == Kind::SinglePlayer
    }

    /// The scenario.
    pub(crate) fn scenario(&self) -> &Scenario {
        &self.state().scenario
    }

    fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
        engine: bool,
    ) -> Result<Done, Refusal> {
        let accepted = self.game.execute_keeping_before(command, dice)?;
        let entry = accepted.entry;
        let (gm, table) = tell(&accepted.before, &entry.events);
        Ok(Done {
            command: command.clone(),
            dice: entry.dice.clone(),
            seeded: None,
            engine,
            gm,
            table,
        })
    }

    /// Plays `command` (if any) with the session's dice, then, in a
    /// single-player scenario, the automated GM's setup or turn. Each
    /// command that rolls takes the next roll index of the session. A
    /// refusal takes back everything and is returned.
    /// A change that is not `undoable` (the automated GM's setup when the
    /// game starts) is never taken back.
    pub(crate) fn play(
        &mut self,
        command: Option<&Command>,
        sessions: &Sessions,
        undoable: bool,
    ) -> Result<Vec<Done>, PlayError> {
        let mut done = Vec::new();
        let mut k = 0;
        let result = self.play_inner(command, sessions, &mut k, &mut done);
        if result.is_err() {
            for _ in 0..done.len() {
                self.game.undo();
            }
            return Err(result.err().unwrap_or(PlayError::App(AppError::internal(
                "a refused change without its reason",
            ))));
        }
        if undoable {
            self.changes.push(done.len());
        }
        Ok(done)
    }

    fn play_inner(
        &mut self,
        command: Option<&Command>,
        sessions: &Sessions,
        k: &mut u64,
        done: &mut Vec<Done>,
    ) -> Result<(), PlayError> {
        if let Some(command) = command {
            done.push(self.keyed(command, sessions, k, false)?);
        }
        if !self.automated() {
            return Ok(());
        }
        let mut turn = autogm::Turn::default();
        // The automated GM ends its turn in a few hundred commands at most
        // (each creature's AP); the bound only guards against a bug.
        for _ in 0..10_000 {
            let Some(next) = turn.next(self.state()) else {
                return Ok(());
            };
            match self.keyed(&next, sessions, k, true) {
                Ok(d) => done.push(d),
                Err(PlayError::Refused(r)) => {
                    if !turn.refused(&next) {
                        return Err(PlayError::Refused(r));
                    }
                }
                Err(e) => return Err(e),
            }
        }
        Err(PlayError::App(AppError::internal(
            "the automated GM did not end its turn",
        )))
    }

    /// Executes `command` with the dice of roll `k` of this change; `k`
    /// moves on only when it rolled.
    fn keyed(
        &mut self,
        command: &Command,
        sessions: &Sessions,
        k: &mut u64,
        engine: bool,
    ) -> Result<Done, PlayError> {
        let mut draw = sessions.draw_nth(*k).map_err(PlayError::App)?;
        let mut d = self
            .execute(command, &mut draw.dice, engine)
            .map_err(PlayError::Refused)?;
        if !d.dice.is_empty() {
            d.seeded = Some(draw.seeded);
            *k += 1;
        }
        Ok(d)
    }

    /// Re-executes stored commands with the dice they rolled, which must be
    /// exactly the dice asked for.
    pub(crate) fn replay(&mut self, moves: &[Move], undoable: bool) -> Result<Vec<Done>, String> {
        let mut done = Vec::new();
        for m in moves {
            let mut source = ScriptedDice::new(m.dice.iter().map(|d| i64::from(d.value)));
            let mut d = match self.execute(&m.command, &mut source, m.engine) {
                Ok(d) => d,
                Err(r) => {
                    for _ in 0..done.len() {
                        self.game.undo();
                    }
                    return Err(format!("the engine now refuses a stored command: {r}"));
                }
            };
            if d.dice != m.dice {
                return Err(
                    "replaying a Station command rolled other dice than it recorded".into(),
                );
            }
            d.seeded = m.seeded.clone();
            done.push(d);
        }
        if undoable {
            self.changes.push(done.len());
        }
        Ok(done)
    }

    /// Executes a stored command with `dice` (for `nanite verify`), giving
    /// the dice it rolled; a refusal changes nothing.
    pub(crate) fn execute_with(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<RolledDie>, Refusal> {
        self.execute(command, dice, false).map(|d| d.dice)
    }

    /// Takes back the last command executed alone (for `nanite verify`).
    pub(crate) fn undo_one(&mut self) {
        self.game.undo();
    }

    /// Marks the end of a change replayed command by command (for `nanite verify`).
    pub(crate) fn close_change(&mut self, commands: usize) {
        self.changes.push(commands);
    }

    /// Takes back the last accepted change; how many commands it held, or
    /// `None` when there is nothing to take back.
    pub(crate) fn undo(&mut self) -> Option<usize> {
        let n = self.changes.pop()?;
        for _ in 0..n {
            self.game.undo();
        }
        Some(n)
    }

    /// Whether there is a change to take back.
    pub(crate) fn can_undo(&self) -> bool {
        !self.changes.is_empty()
    }

    /// The seat acting for crew member `crew`: the one seated there, or else
    /// a player invitation made for that crew member's slot.
    pub(crate) fn seat_of(&self, crew: &str) -> Option<&Option<String>> {
        self.seats.get(crew)
    }
}

/// Why a change was not made.
#[derive(Debug)]
pub(crate) enum PlayError {
    /// The rules refused a command.
    Refused(Refusal),
    /// Something else went wrong.
    App(AppError),
}
