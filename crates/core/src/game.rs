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

/// A command [`Game::execute_keeping_before`] accepted.
#[derive(Debug)]
pub struct Accepted<'g, R: Ruleset> {
    /// The state just before it (the game's no longer: handed over).
    pub before: R::State,
    /// What it left in the log.
    pub entry: &'g Entry<R::Event>,
    /// The state it led to: the game's state now.
    pub after: &'g R::State,
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

    /// As [`Game::execute`], also giving back the state just before the
    /// command (what narrating it needs) without copying it: the decision's own
    /// scratch state ([`Ruleset::decide_with_state`]) becomes the game's
    /// state, and the old one is handed over. On refusal nothing changes.
    pub fn execute_keeping_before(
        &mut self,
        command: &R::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Accepted<'_, R>, R::Error> {
        let mut recording = RecordingDice::new(dice);
        let (after, events) = R::decide_with_state(&self.state, command, &mut recording)?;
        self.log.push(Entry {
            events,
            dice: recording.into_rolled(),
        });
        Ok(Accepted {
            before: std::mem::replace(&mut self.state, after),
            entry: &self.log[self.log.len() - 1],
            after: &self.state,
        })
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
