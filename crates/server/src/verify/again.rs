//! A logged command run again in `nanite verify`: first with its play
//! session's keyed dice (it is verified when the engine rolls the dice the
//! log holds), then, where that did not run it, with the dice the log
//! holds, so that the check goes on from the state the log has. The same
//! for an encounter's commands and a Station game's moves.

use std::collections::HashMap;

use nanite_core::{DiceSource, KeyedDice, RolledDie, ScriptedDice};

use super::{StreamCheck, differ};
use crate::seeds::SeedUse;

/// What `nanite verify` runs logged commands again on: an encounter or a
/// Station game.
pub(super) trait RunAgain {
    /// The command it runs.
    type Command;
    /// Runs `command` with `dice`: the dice it rolled, or why the engine
    /// refuses it.
    fn run_again(
        &mut self,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<RolledDie>, String>;
    /// Takes back the command just run.
    fn take_back_run(&mut self);
}

impl RunAgain for crate::table::Encounter {
    type Command = crate::ruleset::RulesCommand;
    fn run_again(
        &mut self,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<RolledDie>, String> {
        self.run(command, dice).map(|done| done.dice)
    }
    fn take_back_run(&mut self) {
        self.undo();
    }
}

impl RunAgain for crate::station::Game {
    type Command = nanite_station::Command;
    fn run_again(
        &mut self,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<RolledDie>, String> {
        self.execute_with(command, dice).map_err(|r| r.to_string())
    }
    fn take_back_run(&mut self) {
        self.undo_one();
    }
}

/// A logged command, as it is run again.
pub(super) struct Logged<'a, C> {
    /// The command in words, for the findings.
    pub(super) what: &'a str,
    /// The command.
    pub(super) command: &'a C,
    /// The play session dice it used, if any.
    pub(super) seeded: Option<&'a SeedUse>,
    /// The dice the log holds.
    pub(super) dice: &'a [RolledDie],
}

impl StreamCheck<'_> {
    /// Runs `logged` on `on` with the keyed dice of its play session: true,
    /// and counted verified, when the engine rolls the dice the log holds;
    /// otherwise a mismatch (or unverifiable dice, with no session) and
    /// `on` as it was.
    pub(super) fn verified<R: RunAgain>(
        &mut self,
        version: i64,
        on: &mut R,
        logged: &Logged<'_, R::Command>,
        seen: &mut HashMap<(u32, u64), i64>,
    ) -> bool {
        let what = logged.what;
        let Some(used) = logged.seeded else {
            if !logged.dice.is_empty() {
                self.unverifiable(
                    version,
                    format!(
                        "{what} rolled {} dice from no play session's seed",
                        logged.dice.len()
                    ),
                );
            }
            return false;
        };
        let Ok(seed) = self.seed_of(version, used, what, seen) else {
            return false;
        };
        let mut keyed = KeyedDice::new(seed, used.index);
        match on.run_again(logged.command, &mut keyed) {
            Ok(dice) if dice == logged.dice => {
                self.out.verified += 1;
                return true;
            }
            Ok(dice) => {
                on.take_back_run();
                let why = differ(logged.dice, &dice);
                self.mismatch(
                    version,
                    format!(
                        "{what}: {why} (play session {}, index {})",
                        used.session, used.index
                    ),
                );
            }
            Err(r) => self.mismatch(
                version,
                format!(
                    "{what}: with the dice of play session {}, index {} the engine refuses it: {r}",
                    used.session, used.index
                ),
            ),
        }
        false
    }

    /// Runs `logged` on `on` with the dice the log holds: false, and a
    /// mismatch, when it no longer replays with them (`whose`, the
    /// encounter or game, is not checked further).
    pub(super) fn replayed<R: RunAgain>(
        &mut self,
        version: i64,
        on: &mut R,
        logged: &Logged<'_, R::Command>,
        whose: &str,
    ) -> bool {
        let mut recorded = ScriptedDice::new(logged.dice.iter().map(|d| i64::from(d.value)));
        match on.run_again(logged.command, &mut recorded) {
            Ok(dice) if dice == logged.dice => true,
            replayed => {
                if replayed.is_ok() {
                    on.take_back_run();
                }
                self.mismatch(
                    version,
                    format!(
                        "{} no longer replays with the dice the log holds; {whose} is not checked further",
                        logged.what
                    ),
                );
                false
            }
        }
    }
}
