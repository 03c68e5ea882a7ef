//! `nanite cx`: Compound X characters (build, check, show, level up) and
//! scripted encounters.

mod check;
mod encounter;
mod level_up;
mod new;
mod odds;
mod pack;
mod render;
pub(crate) mod state;

mod sheet;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use nanite_compound_x::{Character, Pack, validate};
use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;

pub(crate) use render::Doc;

/// The battle a Compound X encounter file sets up, with the encounter's
/// name, for `nanite sim`; `pack` is a content pack directory, or the
/// built-in sample pack.
pub(crate) fn encounter_setup(
    path: &Path,
    pack: Option<&Path>,
) -> Result<(String, nanite_compound_x::encounter::Battle)> {
    encounter::setup(path, &pack::load(pack)?)
}

/// Arguments of `nanite cx`.
#[derive(Debug, Args)]
pub(crate) struct CxArgs {
    /// The content pack directory (default: the built-in sample pack).
    #[arg(long, global = true, env = "NANITE_CX_PACK", value_name = "DIR")]
    pack: Option<PathBuf>,
    #[command(subcommand)]
    command: CxCommand,
}

/// The subcommands of `nanite cx`.
#[derive(Debug, Subcommand)]
enum CxCommand {
    /// Build a new character step by step, offering only legal choices.
    New(new::NewArgs),
    /// Check a character file: every problem at once; exit 1 on any error.
    Check(check::CheckArgs),
    /// Show a character's computed sheet.
    Sheet(sheet::SheetArgs),
    /// Apply one level to a character file, with its choices.
    LevelUp(level_up::LevelUpArgs),
    /// Run a scripted encounter and print its log with every breakdown.
    Encounter(encounter::EncounterArgs),
    /// The GM's table prompt: run a fight command by command, saved after each.
    Play(encounter::play::PlayArgs),
    /// Exact odds of a character's shots at a target: hit, crit, jam, damage.
    Odds(odds::OddsArgs),
    /// A campaign character's carried state beside its file: show, rest,
    /// heal, repair, resupply, loot, award XP, correct, level up.
    State(state::StateArgs),
}

/// What `nanite cx` asks `main` to exit with.
pub(crate) enum Outcome {
    /// Everything went well.
    Success,
    /// The command ran but found errors in the input, or the rules refused
    /// a command of an encounter script (exit 1).
    Problems,
}

/// Runs `nanite cx`.
pub(crate) fn run(args: &CxArgs) -> Result<Outcome> {
    let pack = pack::load(args.pack.as_deref())?;
    match &args.command {
        CxCommand::New(a) => new::run(a, &pack).map(|()| Outcome::Success),
        CxCommand::Check(a) => check::run(a, &pack),
        CxCommand::Sheet(a) => sheet::run(a, &pack).map(|()| Outcome::Success),
        CxCommand::LevelUp(a) => level_up::run(a, &pack).map(|()| Outcome::Success),
        CxCommand::Encounter(a) => encounter::run(a, &pack),
        CxCommand::Play(a) => encounter::play::run(a, &pack),
        CxCommand::Odds(a) => odds::run(a, &pack).map(|()| Outcome::Success),
        CxCommand::State(a) => state::run(a, &pack),
    }
}

/// Reads a character file, with the problems of reading it and of validating it.
pub(crate) fn read_character(path: &Path, pack: &Pack) -> Result<(Character, Diagnostics)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the character file {}", path.display()))?;
    let (character, mut found) =
        Character::read(&SourceFile::new(path.display().to_string(), text));
    if !found.has_errors() {
        found.extend(validate(&character, pack));
    }
    Ok((character, found))
}

/// Reads a character file that must have no errors.
pub(crate) fn read_valid_character(path: &Path, pack: &Pack) -> Result<(Character, Diagnostics)> {
    let (character, found) = read_character(path, pack)?;
    if found.has_errors() {
        bail!(
            "{} has {} error{}; `nanite cx check {}` lists them:\n{found}",
            path.display(),
            found.error_count(),
            if found.error_count() == 1 { "" } else { "s" },
            path.display()
        );
    }
    Ok((character, found))
}

/// Writes `text` to `path` atomically: a crash leaves the old file or the new
/// one, never half of one.
pub(crate) fn write_file(path: &Path, text: &str) -> Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "character.toml".into());
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}
