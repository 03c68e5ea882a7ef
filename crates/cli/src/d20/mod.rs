//! `nanite d20`: D20 characters (sheet), checks (skill, non-skill, opposed,
//! extended) and scripted encounters.

mod check;
mod encounter;
mod pack;
mod sheet;
pub(crate) mod state;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;
use nanite_d20::{Campaign, Character, Pack, validate};

use crate::cx::Outcome;

/// Arguments of `nanite d20`.
#[derive(Debug, Args)]
pub(crate) struct D20Args {
    /// The content pack directory (default: the built-in sample pack).
    #[arg(long, global = true, env = "NANITE_D20_PACK", value_name = "DIR")]
    pack: Option<PathBuf>,
    /// The campaign's attribute bonus formula over SCORE, instead of the
    /// pack's (default "(SCORE - 10) / 2": floor((score - 10) / 2)).
    #[arg(long, global = true, value_name = "FORMULA")]
    attribute_bonus: Option<String>,
    #[command(subcommand)]
    command: D20Command,
}

/// The subcommands of `nanite d20`.
#[derive(Debug, Subcommand)]
enum D20Command {
    /// Show a character's computed sheet (its problems first, if any).
    Sheet(sheet::SheetArgs),
    /// Make a skill or non-skill check, opposed or extended, with every die shown.
    Check(check::CheckArgs),
    /// Run a scripted encounter and print its log with every breakdown.
    Encounter(encounter::EncounterArgs),
    /// The GM's table prompt: start or resume a fight saved in FILE, one
    /// command per line, saved after each.
    Play(encounter::PlayArgs),
    /// A campaign character's carried state beside its file: show, rest,
    /// kit, resupply, loot, award XP, correct, level up.
    State(state::StateArgs),
}

/// The battle a D20 encounter file sets up, with its name, for `nanite
/// sim`; the pack from `dir` (default: `NANITE_D20_PACK`, then the sample).
pub(crate) fn encounter_setup(
    path: &Path,
    dir: Option<&Path>,
) -> Result<(String, nanite_d20::encounter::Battle)> {
    let env = std::env::var_os("NANITE_D20_PACK").map(PathBuf::from);
    let pack = pack::load(dir.or(env.as_deref()))?;
    encounter::setup(path, &pack)
}

/// Runs `nanite d20`.
pub(crate) fn run(args: &D20Args) -> Result<Outcome> {
    let pack = pack::load(args.pack.as_deref())?;
    let mut campaign = pack.campaign.clone();
    if let Some(formula) = &args.attribute_bonus {
        let text = format!("[campaign]\nattribute_bonus = {}\n", toml_string(formula));
        let file = SourceFile::new("--attribute-bonus", text);
        let reading = nanite_core::content::Reading::new(&file);
        reading.document(|top| {
            if let Some(t) = top.table("campaign") {
                campaign.read_over(&t);
            }
        });
        let found = reading.finish();
        if found.has_errors() {
            bail!("--attribute-bonus {formula}: {}", first_message(&found));
        }
    }
    match &args.command {
        D20Command::Sheet(a) => sheet::run(a, &pack, &campaign),
        D20Command::Check(a) => check::run(a, &pack, &campaign),
        D20Command::Encounter(a) => encounter::run(a, &pack, &campaign),
        D20Command::Play(a) => encounter::play_session(a, &pack, &campaign),
        D20Command::State(a) => state::run(a, &pack, &campaign),
    }
}

fn toml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn first_message(found: &Diagnostics) -> String {
    found
        .iter()
        .next()
        .map_or_else(String::new, |d| d.message.clone())
}

/// Reads a character file, with the problems of reading it and of
/// validating it against `pack`.
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

/// Reads a character file that must have no errors; warnings go to stderr.
pub(crate) fn read_valid_character(path: &Path, pack: &Pack) -> Result<Character> {
    let (character, found) = read_character(path, pack)?;
    if found.has_errors() {
        bail!(
            "{} has {} error{}:\n{found}",
            path.display(),
            found.error_count(),
            if found.error_count() == 1 { "" } else { "s" },
        );
    }
    if !found.is_empty() {
        use std::io::Write;
        write!(std::io::stderr().lock(), "{found}")?;
    }
    Ok(character)
}

/// The campaign's settings as the sheet shows them.
pub(crate) fn describe(campaign: &Campaign) -> String {
    format!(
        "attribute bonus {}, initiative by {}, {}",
        campaign.attribute_bonus,
        match campaign.initiative {
            nanite_d20::InitiativeBy::Combatant => "combatant",
            nanite_d20::InitiativeBy::Side => "side",
        },
        match campaign.reroll {
            nanite_d20::InitiativeReroll::EachRound => "rolled each round",
            nanite_d20::InitiativeReroll::Kept => "kept for the battle",
        }
    )
}
