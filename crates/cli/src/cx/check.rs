//! `nanite cx check FILE`: every problem of a character file at once.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use nanite_compound_x::Pack;

use super::{Outcome, read_character};

/// Arguments of `nanite cx check`.
#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The character file.
    file: PathBuf,
    /// Print the diagnostics as JSON.
    #[arg(long)]
    json: bool,
}

pub(super) fn run(args: &CheckArgs, pack: &Pack) -> Result<Outcome> {
    let (_, found) = read_character(&args.file, pack)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &found)?;
        writeln!(out)?;
    } else if found.is_empty() {
        writeln!(out, "{}: no problems", args.file.display())?;
    } else {
        write!(out, "{found}")?;
        let errors = found.error_count();
        let warnings = found.len() - errors;
        writeln!(
            out,
            "{}: {errors} error{}, {warnings} warning{}",
            args.file.display(),
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        )?;
    }
    Ok(if found.has_errors() {
        Outcome::Problems
    } else {
        Outcome::Success
    })
}
