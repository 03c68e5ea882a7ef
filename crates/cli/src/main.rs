//! The `nanite` command line: a thin shell over the nanite crates.
//!
//! This file only parses arguments, runs one subcommand and turns its outcome
//! into an exit code: 0 on success (a reader that closed our stdout early, as
//! `| head` does, counts as success), 1 when a check found errors in its
//! input or the rules refused a command of an encounter script, 2 on any
//! other error. Each subcommand lives in
//! its own module and returns `anyhow::Result`; [`diagnostic`] decides how a
//! failure is shown.

#![forbid(unsafe_code)]

mod carry_file;
mod completions;
mod cx;
mod d20;
mod diagnostic;
mod encounter;
mod odds;
mod pack_files;
mod physical;
mod plot;
mod prompt;
mod roll;
mod sim;
mod station;
mod transfer;
mod verify;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// mimalloc: the simulator's fights allocate many small, short-lived values,
/// which it serves faster than the system allocator and from per-thread
/// heaps, so `nanite sim`'s threads do not contend (docs/cli/sim.md, Speed).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit code for every failure, usage errors included (clap uses 2 as well).
const EXIT_FAILURE: u8 = 2;

/// Exit code of a check that ran and found errors in its input (`nanite cx
/// check`), or of an encounter whose script the rules refused (`nanite cx
/// encounter`).
const EXIT_PROBLEMS: u8 = 1;

/// nanite: a tabletop RPG rules engine.
#[derive(Debug, Parser)]
#[command(name = "nanite", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands of `nanite`.
#[derive(Debug, Subcommand)]
enum Command {
    /// Roll dice expressions, or show their exact odds.
    Roll(roll::RollArgs),
    /// Compound X characters and encounters: new, check, sheet, level-up, encounter.
    Cx(cx::CxArgs),
    /// D20 characters, checks and encounters: sheet, check, encounter.
    D20(d20::D20Args),
    /// Station scenarios: check, and play in the terminal against a GM or the engine.
    Station(station::StationArgs),
    /// Write campaigns (all, or those named) from the database as JSON.
    Export(transfer::ExportArgs),
    /// Load campaigns from a file `nanite export` wrote into the database.
    Import(transfer::ImportArgs),
    /// Run the game-table server; prints the GM's link.
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        bind: String,
        /// The database: `sqlite:FILE` (created if missing), a file path, or
        /// `postgres://...`.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite:nanite.db")]
        database: String,
        /// A session (a browser's sign-in) unused this many minutes expires.
        #[arg(long, default_value_t = 7 * 24 * 60, value_parser = clap::value_parser!(u64).range(1..))]
        session_idle_minutes: u64,
        /// A session expires this many hours after sign-in, however much it is used.
        #[arg(long, default_value_t = 30 * 24, value_parser = clap::value_parser!(u64).range(1..))]
        session_lifetime_hours: u64,
        /// A table's snapshot (for fast loading) is written every this many
        /// changes or so; 0 writes none, and every load replays the stream.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
        snapshot_every: u64,
        /// A table nobody has used for this many minutes, and nobody watches
        /// live, is let go from memory and loaded again when next used; 0
        /// keeps every table in memory.
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(0..=100_000))]
        unload_idle_minutes: u64,
    },
    /// Simulate a fight (Compound X, D20) or a Station scenario many times: win rates, rounds, losses.
    Sim(sim::SimArgs),
    /// Check an exported campaign's dice against its play sessions' revealed seeds.
    Verify(verify::VerifyArgs),
    /// Print a shell's completion script for nanite (load it in the shell's
    /// startup file; see the README).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let args = roll::expressions_last(std::env::args_os().collect(), Cli::command());
    let cli = Cli::parse_from(args);
    let outcome = match &cli.command {
        Command::Roll(args) => roll::run(args).map(|()| cx::Outcome::Success),
        Command::Cx(args) => cx::run(args),
        Command::D20(args) => d20::run(args),
        Command::Sim(args) => sim::run(args).map(|()| cx::Outcome::Success),
        Command::Station(args) => station::run(args),
        Command::Export(args) => transfer::export(args).map(|()| cx::Outcome::Success),
        Command::Import(args) => transfer::import(args).map(|()| cx::Outcome::Success),
        Command::Serve {
            bind,
            database,
            session_idle_minutes,
            session_lifetime_hours,
            snapshot_every,
            unload_idle_minutes,
        } => {
            let config = nanite_server::Config {
                session_idle: std::time::Duration::from_secs(
                    session_idle_minutes.saturating_mul(60),
                ),
                session_lifetime: std::time::Duration::from_secs(
                    session_lifetime_hours.saturating_mul(3600),
                ),
                snapshot_every: i64::try_from(*snapshot_every).unwrap_or(i64::MAX),
                unload_idle: (*unload_idle_minutes > 0)
                    .then(|| std::time::Duration::from_secs(unload_idle_minutes * 60)),
                ..nanite_server::Config::default()
            };
            nanite_server::run_with(bind, database, config)
                .map(|()| cx::Outcome::Success)
                .map_err(anyhow::Error::from)
        }
        Command::Verify(args) => verify::run(args),
        Command::Completions { shell } => {
            completions::run(*shell, Cli::command()).map(|()| cx::Outcome::Success)
        }
    };
    match outcome {
        Ok(cx::Outcome::Success) => ExitCode::SUCCESS,
        Ok(cx::Outcome::Problems) => ExitCode::from(EXIT_PROBLEMS),
        Err(err) if diagnostic::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            diagnostic::report(&err);
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
