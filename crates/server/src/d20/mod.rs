//! D20 at the table: the server's side of a D20 campaign. Everything here
//! is permissions, visibility and plumbing; every rule is asked of
//! `nanite_d20` (characters are validated by its `validate`, fights run
//! through its `D20` engine, refusals are its own).
//!
//! - `setup`: an encounter's field and settings, and a combatant's entrance
//!   from a character file, as the stream keeps them.
//! - `characters`: D20 character files checked as `nanite d20` checks them,
//!   and the computed sheet.
//! - `encounters`: adding combatants and commands, through the same
//!   routes, idempotency keys, play-session dice and physical dice as
//!   Compound X.
//! - who acts in each D20 command, and how a refusal is worded for each
//!   viewer, are `crate::fought`'s, written once for both fights.
//! - `told`, `view`: what each viewer hears and sees (its refusals are
//!   worded by `crate::refusals`, written once for both fights).

pub(crate) mod characters;
pub(crate) mod encounters;
mod setup;
pub(crate) mod told;
pub(crate) mod view;

use nanite_core::{DiceSource, Game};
use nanite_d20::encounter::{Command, D20, Refusal};

pub(crate) use setup::{D20Entrance, D20Setup, command, setup};

use crate::table::Executed;

/// Executes a D20 `command` with `dice`. A refusal changes nothing.
pub(crate) fn execute(
    game: &mut Game<D20>,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Executed, Refusal> {
    crate::table::execute_told(game, command, dice, told::tell)
}
