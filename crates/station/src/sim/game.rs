//! One simulated game: the automated GM's setup, then the players' turns
//! chosen by the player policy and the GM's turns by the automated GM,
//! until the game is over (or the turn limit).

use std::collections::BTreeSet;

use nanite_core::sim::{Loss, Outcome};
use nanite_core::{DiceSource, SeededDice};

use super::{Setup, player};
use crate::autogm;
use crate::command::Command;
use crate::decide::Station;
use crate::event::Event;
use crate::state::{Phase, Side};

/// Commands the players may take in one turn at most (every command costs
/// action points, so this is room to spare); then the turn ends.
const MAX_COMMANDS_PER_TURN: usize = 64;

/// The end of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Who won, or none: the turn limit (or a refused end of turn).
    pub winner: Option<Side>,
    /// Turns begun.
    pub turns: u32,
    /// Players dead at the end.
    pub dead: u32,
    /// Creatures the GM deployed.
    pub deployed: u32,
    /// Creatures the players killed.
    pub killed: u32,
    /// Attacks the players made.
    pub attacks: u32,
    /// Objects the players searched.
    pub searches: u32,
    /// Objectives reached.
    pub objectives: u32,
    /// Player commands the engine refused (a policy's mistake).
    pub refused: u32,
    /// Commands of the automated GM the engine refused (it gives up on
    /// them: a deployment, or a creature's turn).
    pub gm_refused: u32,
    /// The first of them, with the engine's reason.
    pub gm_refusal: Option<String>,
    /// The first refused command, with the engine's reason.
    pub refusal: Option<String>,
}

impl Game {
    /// The game as the shared tally counts it: the players' losses are
    /// their dead, the GM's its creatures killed.
    pub fn outcome(&self) -> Outcome {
        let mut losses = vec![(0, Loss::Dead); self.dead as usize];
        losses.extend(std::iter::repeat_n((1, Loss::Dead), self.killed as usize));
        Outcome {
            winner: self.winner.map(|w| match w {
                Side::Players => 0,
                Side::Gm => 1,
            }),
            rounds: self.turns,
            losses,
            counts: vec![
                ("deployed", u64::from(self.deployed)),
                ("killed", u64::from(self.killed)),
                ("attacks", u64::from(self.attacks)),
                ("searches", u64::from(self.searches)),
                ("objectives", u64::from(self.objectives)),
                ("gm_refused", u64::from(self.gm_refused)),
            ],
            refused: self.refused,
            refusal: self.refusal.clone(),
        }
    }
}

/// Plays one game from `setup` with dice seeded by `seed`, called a draw
/// after `max_turns` turns.
pub fn play(setup: &Setup, seed: u64, max_turns: u32) -> Game {
    let mut game: nanite_core::Game<Station> = nanite_core::Game::new(setup.state.clone());
    let mut dice = SeededDice::new(seed);
    let mut done = BTreeSet::new();
    let mut result = Game {
        winner: None,
        turns: 0,
        dead: 0,
        deployed: 0,
        killed: 0,
        attacks: 0,
        searches: 0,
        objectives: 0,
        refused: 0,
        refusal: None,
        gm_refused: 0,
        gm_refusal: None,
    };
    let mut in_turn = 0;
    let mut turn = 0;
    loop {
        let state = game.state();
        if state.turn != turn {
            (turn, in_turn) = (state.turn, 0);
            done.clear();
        }
        result.turns = state.turn.max(1);
        if let Phase::Over(winner) = state.phase {
            result.winner = Some(winner);
            break;
        }
        if state.turn > max_turns {
            result.turns = max_turns;
            break;
        }
        if matches!(state.phase, Phase::Setup | Phase::Gm) {
            let before = game.log().len();
            let mut gm_refused = |command: &Command, refusal: &crate::command::Refusal| {
                result.gm_refused += 1;
                if result.gm_refusal.is_none() {
                    result.gm_refusal = Some(format!("{command:?} was refused: {refusal}"));
                }
            };
            match autogm::play_noting(&mut game, &mut dice, &mut gm_refused) {
                Ok(_) => count(&mut result, &game.log()[before..]),
                Err(refusal) => {
                    note(&mut result, format!("the automated GM's turn: {refusal}"));
                    break;
                }
            }
            continue;
        }
        let command = if in_turn < MAX_COMMANDS_PER_TURN {
            player::next_command(state, &done)
        } else {
            Command::EndTurn
        };
        in_turn += 1;
        match game.execute(&command, &mut dice as &mut dyn DiceSource) {
            Ok(entry) => {
                let entry = entry.clone();
                count(&mut result, std::slice::from_ref(&entry));
                if matches!(command, Command::Attack { .. }) {
                    result.attacks += 1;
                }
            }
            Err(refusal) => {
                note(
                    &mut result,
                    format!(
                        "turn {}: {command:?} was refused: {refusal}",
                        game.state().turn
                    ),
                );
                match who(&command) {
                    Some(p) => {
                        done.insert(p.to_string());
                    }
                    None => break,
                }
            }
        }
    }
    result.dead = game
        .state()
        .players
        .iter()
        .filter(|p| !p.alive())
        .count()
        .try_into()
        .unwrap_or(u32::MAX);
    result
}

/// The player a command is for, if any.
fn who(command: &Command) -> Option<&str> {
    match command {
        Command::Move { who, .. }
        | Command::Attack { who, .. }
        | Command::Search { who, .. }
        | Command::UseSwitch { who, .. }
        | Command::UseCard { who, .. }
        | Command::Hack { who, .. }
        | Command::Activate { who, .. }
        | Command::Use { who, .. } => Some(who),
        _ => None,
    }
}

fn note(result: &mut Game, why: String) {
    result.refused += 1;
    if result.refusal.is_none() {
        result.refusal = Some(why);
    }
}

/// Counts what the entries' events tell.
fn count(result: &mut Game, entries: &[nanite_core::Entry<Event>]) {
    for e in entries.iter().flat_map(|e| &e.events) {
        match e {
            Event::Deployed { .. } => result.deployed += 1,
            Event::CreatureDied { .. } => result.killed += 1,
            Event::Searched { .. } => result.searches += 1,
            Event::ObjectiveReached { .. } => result.objectives += 1,
            _ => {}
        }
    }
}
