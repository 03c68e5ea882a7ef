//! `nanite cx new`: the guided character builder.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use nanite_compound_x::Pack;

/// Arguments of `nanite cx new`.
#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// Where to write the character file.
    #[arg(long, short, value_name = "FILE")]
    out: PathBuf,
}

pub(super) fn run(args: &NewArgs, pack: &Pack) -> Result<()> {
    let _ = pack;
    bail!(
        "the builder is being written; {} was not created",
        args.out.display()
    )
}
