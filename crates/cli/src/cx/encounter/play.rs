//! `nanite cx play FILE`: the GM's table prompt for Compound X, the shared
//! session ([`crate::encounter::session`]) over Compound X's rules: run
//! commands in the script syntax (`vex fire burst drone-2 15m`, `next`),
//! add combatants with their cover and stance, with `undo`, `status`,
//! `help` and `roll`, saved after every command.

use anyhow::Result;
use clap::Args;
use nanite_compound_x::Pack;
use nanite_compound_x::encounter_file::Settings;

use super::Cx;
use crate::cx::Outcome;
use crate::encounter::session::{Session, Sitting};

/// Arguments of `nanite cx play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    sitting: Sitting,
}

pub(crate) fn run(args: &PlayArgs, pack: &Pack) -> Result<Outcome> {
    let mut session = Session::open(Cx(pack), &args.sitting.file, Settings::default())?;
    let mut dice = args.sitting.dice();
    session.converse(dice.as_mut())?;
    Ok(Outcome::Success)
}
