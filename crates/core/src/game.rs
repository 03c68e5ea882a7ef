//! The event log of one game: execute, replay, undo.

use nanite_dice::DiceSource;

use crate::recorded::{RecordingDice, RolledDie};
use crate::ruleset::Ruleset;

/// What one accepted command left in the log.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Entry<E> {
    /// The events the command produced, in order.
    pub events: Vec<E>,
    /// Every die rolled while deciding it, in order.
    pub dice: Vec<RolledDie>,
}

/// A game: its starting state, the log of accepted commands, and the state
/// the log leads to.
#[derive(Debug, Clone)]
pub struct Game<R: Ruleset> {
    start: R::State,
    state: R::State,
    log: Vec<Entry<R::Event>>,
}

impl<R: Ruleset> Game<R> {
    /// A new game in `start`.
    pub fn new(start: R::State) -> Self {
        Game {
            state: start.clone(),
            start,
            log: Vec::new(),
        }
    }

    /// A game in `start` whose accepted commands left `log`: the state is
    /// rebuilt from the log's events (no dice, no decisions), as a game
    /// read back from a snapshot of its [`Game::start`] and [`Game::log`].
    pub fn from_log(start: R::State, log: Vec<Entry<R::Event>>) -> Self {
        let state = replay::<R>(start.clone(), log.iter().flat_map(|e| &e.events));
        Game { start, state, log }
    }

    /// The state the game started in.
    pub fn start(&self) -> &R::State {
        &self.start
    }

    /// The current state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The accepted commands, oldest first.
    pub fn log(&self) -> &[Entry<R::Event>] {
        &self.log
    }

    /// Decides and applies `command`. On refusal nothing changes: not the
    /// state, not the log (dice already rolled for it are discarded).
    pub fn execute(
        &mut self,
        command: &R::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<&Entry<R::Event>, R::Error> {
        let mut recording = RecordingDice::new(dice);
        let events = R::decide(&self.state, command, &mut recording)?;
        for event in &events {
            R::evolve(&mut self.state, event);
        }
        self.log.push(Entry {
            events,
            dice: recording.into_rolled(),
        });
        Ok(&self.log[self.log.len() - 1])
    }

    /// Takes back the last accepted command by rebuilding the state from the
    /// log without it. Returns what was undone, or `None` if the log is empty.
    pub fn undo(&mut self) -> Option<Entry<R::Event>> {
        let undone = self.log.pop()?;
        self.state = replay::<R>(self.start.clone(), self.log.iter().flat_map(|e| &e.events));
        Some(undone)
    }
}

/// Rebuilds a state by applying `events` to `start`. Needs no dice.
pub fn replay<'e, R: Ruleset>(
    start: R::State,
    events: impl IntoIterator<Item = &'e R::Event>,
) -> R::State
where
    R::Event: 'e,
{
    let mut state = start;
    for event in events {
        R::evolve(&mut state, event);
    }
    state
}
