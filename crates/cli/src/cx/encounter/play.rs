//! `nanite cx play FILE`: the GM's table prompt for Compound X, the shared
//! session ([`crate::encounter::session`]) over Compound X's rules: run
//! commands in the script syntax (`vex fire burst drone-2 15m`, `next`),
//! add combatants with their cover and stance, with `undo`, `status`,
//! `help` and `roll`, saved after every command.

use std::path::PathBuf;

use anyhow::Result;
use clap::{ArgGroup, Args};
use nanite_compound_x::Pack;
use nanite_compound_x::encounter_file::Settings;

use super::Cx;
use crate::cx::Outcome;
use crate::encounter::session::Session;
use crate::prompt;

/// Arguments of `nanite cx play`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").args(["seed", "physical"])))]
pub(crate) struct PlayArgs {
    /// The session: an encounter file to resume, or a new one to create. It
    /// is saved after every command.
    file: PathBuf,
    /// Seeded dice for the commands of this sitting.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Ask on the terminal for each die, naming what it is for.
    #[arg(long)]
    physical: bool,
}

pub(crate) fn run(args: &PlayArgs, pack: &Pack) -> Result<Outcome> {
    let mut session = Session::open(Cx(pack), &args.file, Settings::default())?;
    let mut dice = prompt::dice(args.seed, args.physical);
    session.converse(dice.as_mut())?;
    Ok(Outcome::Success)
}
