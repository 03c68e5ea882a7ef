//! `nanite station`: check a Station scenario, or play it in the terminal
//! with the map drawn in text, commands read from standard input, and the
//! engine playing the GM in single-player scenarios.

mod draw;
mod play;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use nanite_core::content::SourceFile;
use nanite_station::{Pack, Scenario, State, scenario};

use crate::cx::Outcome;

/// Arguments of `nanite station`.
#[derive(Debug, Args)]
pub(crate) struct StationArgs {
    /// A content pack directory of TOML files (default: the built-in sample pack).
    #[arg(long, global = true, env = "NANITE_STATION_PACK", value_name = "DIR")]
    pack: Option<PathBuf>,
    #[command(subcommand)]
    command: StationCommand,
}

/// The subcommands of `nanite station`.
#[derive(Debug, Subcommand)]
enum StationCommand {
    /// Check a scenario file and draw its map.
    Check {
        /// The scenario file.
        scenario: PathBuf,
    },
    /// Play a scenario: commands from standard input, one per line.
    Play(play::PlayArgs),
}

/// Runs `nanite station`.
pub(crate) fn run(args: &StationArgs) -> Result<Outcome> {
    let pack = Arc::new(load_pack(args.pack.as_deref())?);
    match &args.command {
        StationCommand::Check { scenario } => check(&pack, scenario),
        StationCommand::Play(a) => play::run(a, pack),
    }
}

fn load_pack(dir: Option<&Path>) -> Result<Pack> {
    let Some(dir) = dir else {
        return Ok(Pack::sample());
    };
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading the pack directory {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        files.push(SourceFile::new(path.display().to_string(), text));
    }
    let (pack, problems) = Pack::load(&files);
    if problems.has_errors() {
        anyhow::bail!("the pack in {} has problems:\n{problems}", dir.display());
    }
    Ok(pack)
}

/// The state a Station scenario sets up, with its name, for `nanite sim`;
/// the pack from `dir` (default: `NANITE_STATION_PACK`, then the sample).
pub(crate) fn scenario_setup(path: &Path, dir: Option<&Path>) -> Result<(String, State)> {
    let env = std::env::var_os("NANITE_STATION_PACK").map(PathBuf::from);
    let pack = Arc::new(load_pack(dir.or(env.as_deref()))?);
    if !path.exists() {
        anyhow::bail!(
            "cannot read the scenario file {}: it does not exist",
            path.display()
        );
    }
    match read_scenario(&pack, path)? {
        Ok(s) => {
            let name = s.name.clone();
            let state = State::new(pack, Arc::new(s))
                .map_err(|e| anyhow::anyhow!("{} cannot be played: {e}", path.display()))?;
            Ok((name, state))
        }
        Err(problems) => anyhow::bail!("{} cannot be played:\n{problems}", path.display()),
    }
}

/// Reads a scenario, or returns its problems as text.
fn read_scenario(pack: &Pack, path: &Path) -> Result<std::result::Result<Scenario, String>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let (s, problems) = scenario::parse(&path.display().to_string(), &text, pack);
    match s {
        Some(s) if !problems.has_errors() => Ok(Ok(s)),
        _ => Ok(Err(problems.to_string())),
    }
}

fn check(pack: &Arc<Pack>, path: &Path) -> Result<Outcome> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match read_scenario(pack, path)? {
        Ok(s) => {
            let state = nanite_station::State::new(pack.clone(), Arc::new(s.clone()))
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            writeln!(
                out,
                "{}: {} ({:?}), {} players, {} rooms",
                path.display(),
                s.name,
                s.kind,
                s.players.len(),
                s.grid.room_count()
            )?;
            write!(out, "{}", draw::map(&state))?;
            Ok(Outcome::Success)
        }
        Err(problems) => {
            write!(out, "{problems}")?;
            Ok(Outcome::Problems)
        }
    }
}
