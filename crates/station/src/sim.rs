//! The Station simulator: scripted players against the automated GM
//! ([`crate::autogm`]), a scenario played to its end many times over, in
//! parallel, so a designer knows whether it is fair before the evening.
//!
//! Both sides play through the real engine: the players' policy and the
//! automated GM only choose commands, and `decide` judges them exactly as at
//! the table. A player's command the engine refuses is the policy's mistake:
//! it is counted and named in the report (that player is done for the
//! turn), never retried.
//!
//! - `player`: what each player does with its action points.
//! - `game`: one game from the setup to its end.
//!
//! Determinism: run `i` under master seed `s` uses the dice seeded by
//! [`run_seed`]`(s, i)` whatever thread plays it, and the tallies are whole
//! numbers, so a seed gives the same report on any thread count.

mod game;
mod player;

use nanite_core::sim;
pub use nanite_core::sim::{Report, SideReport, run_seed, wilson};

use crate::state::{Phase, State};
pub use game::{Game, play};
pub use player::{next_command, player_command};

/// A game still going after this many turns ends in a draw by default.
pub const MAX_TURNS: u32 = 60;

/// The sides of a report: the players (index 0) and the GM (index 1).
pub const SIDES: [&str; 2] = ["players", "gm"];

/// A game ready to be simulated: the state a scenario sets up, before the
/// GM's setup.
#[derive(Clone, Debug)]
pub struct Setup {
    pub(crate) state: State,
}

/// Why a game cannot be simulated. Nothing was played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// No player.
    #[error("the scenario has no player; add a `player:` line")]
    NoPlayers,
    /// The game has already begun.
    #[error("the game has already begun; simulate from the scenario's setup")]
    Begun,
}

impl Setup {
    /// Checks `state` (players, not begun).
    pub fn new(state: State) -> Result<Setup, SetupError> {
        if state.phase != Phase::Setup {
            return Err(SetupError::Begun);
        }
        if state.players.is_empty() {
            return Err(SetupError::NoPlayers);
        }
        Ok(Setup { state })
    }

    /// The state the games start from.
    pub fn state(&self) -> &State {
        &self.state
    }
}

/// How many games, with which dice, on how many threads (`max_rounds`:
/// turns after which a game is a draw).
pub type SimOptions = sim::Options;

/// Plays `options.runs` games from `setup` over `options.threads` threads
/// and counts them. `progress` is told, from any thread, how many more
/// games have finished. The GM side's members are 0: its creatures are
/// deployed during the game (`counts.deployed` says how many in all).
pub fn simulate(setup: &Setup, options: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Report {
    let players = u32::try_from(setup.state.players.len()).unwrap_or(u32::MAX);
    let sides = [(SIDES[0].to_string(), players), (SIDES[1].to_string(), 0)];
    sim::simulate(options, &sides, progress, &|seed| {
        play(setup, seed, options.max_rounds).outcome()
    })
}
