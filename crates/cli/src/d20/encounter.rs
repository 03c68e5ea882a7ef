//! `nanite d20 encounter FILE`: runs a scripted D20 fight and prints its
//! log, every command followed by what happened and why, and the state it
//! ends in.
//!
//! The whole file is checked first (the file, the character files, every
//! script line and every weapon it names), so a typo on the last line costs
//! no dice. Then the combatants enter and the script runs line by line
//! through the engine; a line the rules refuse stops the run there, with
//! the log so far, the refusal and exit code 1 (the refused line changed
//! nothing).

mod file;
mod play;
mod report;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::{ArgGroup, Args};
use nanite_core::content::SourceFile;
use nanite_core::{
    ClockCommand, Diagnostic, Diagnostics, DiceSource, EntropyDice, Game, RolledDie, ScriptedDice,
    SeededDice,
};
use nanite_d20::encounter::{Battle, Command, D20, Event, Fighter, Refusal, narrate_all};
use nanite_d20::{Campaign, Pack};
use serde::Serialize;

use super::read_character;
use crate::cx::Outcome;
use file::{EncounterFile, Entrant};
pub(crate) use play::{PlayArgs, run as play_session};

/// Arguments of `nanite d20 encounter`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").args(["seed", "dice", "physical"])))]
pub(crate) struct EncounterArgs {
    /// The encounter file (format in docs/cli/d20.md).
    file: PathBuf,
    /// Print the fight as JSON (documented in docs/cli/d20.md).
    #[arg(long)]
    json: bool,
    /// Seeded dice: the same seed and file give the same fight. Wins over
    /// the file's `seed` and `[script] dice`.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Physical dice rolled ahead, in the order the fight needs them (a d100
    /// as one number, 1 to 100). Wins over the file's `seed` and `[script] dice`.
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<i64>>,
    /// Ask on the terminal for each die, naming what it is for.
    #[arg(long)]
    physical: bool,
}

/// Where the fight's dice come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Source {
    /// The operating system's randomness.
    Entropy,
    /// Seeded dice.
    Seeded {
        /// The seed.
        seed: u64,
    },
    /// Physical dice typed ahead.
    Scripted {
        /// The faces.
        faces: Vec<i64>,
    },
    /// Physical dice asked for at the terminal.
    Physical,
}

/// One executed command: the line it came from, and what it did.
#[derive(Debug, Serialize)]
struct Record {
    /// Its line in the encounter file.
    line: usize,
    /// The command as written (setup commands in script form).
    text: String,
    /// What was executed.
    command: Command,
    /// What happened.
    events: Vec<Event>,
    /// Every die rolled for it, with its purpose.
    dice: Vec<RolledDie>,
    /// The events in words.
    told: Vec<String>,
    /// A combatant joining mid-fight (`after = N`), not a script line.
    #[serde(skip)]
    joined: bool,
}

/// The line a run stopped at.
#[derive(Debug, Serialize)]
struct Stop {
    /// Its line in the encounter file.
    line: usize,
    /// The command as written.
    text: String,
    /// Why, in words.
    message: String,
    /// The dice ran out (not a refusal of the rules).
    no_dice: bool,
}

/// A fight as it ran.
struct Fight {
    name: String,
    file: String,
    source: Source,
    campaign: Campaign,
    setup: Vec<Record>,
    commands: Vec<Record>,
    stop: Option<Stop>,
    game: Game<D20>,
}

pub(super) fn run(args: &EncounterArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let path = &args.file;
    let (encounter, roster, source_file) = read_checked(path, pack, campaign)?;
    let source = if let Some(seed) = args.seed {
        Source::Seeded { seed }
    } else if let Some(faces) = &args.dice {
        Source::Scripted {
            faces: faces.clone(),
        }
    } else if args.physical {
        Source::Physical
    } else if let Some(faces) = &encounter.dice {
        Source::Scripted {
            faces: faces.clone(),
        }
    } else if let Some(seed) = encounter.seed {
        Source::Seeded { seed }
    } else {
        Source::Entropy
    };
    let mut fight = match &source {
        Source::Entropy => play(&encounter, &roster, &mut EntropyDice::new(), &source_file)?,
        Source::Seeded { seed } => play(
            &encounter,
            &roster,
            &mut SeededDice::new(*seed),
            &source_file,
        )?,
        Source::Scripted { faces } => {
            let mut dice = ScriptedDice::new(faces.iter().copied());
            let fight = play(&encounter, &roster, &mut dice, &source_file)?;
            if fight.stop.is_none() && dice.remaining() > 0 {
                writeln!(
                    std::io::stderr().lock(),
                    "warning: {} of the {} dice given were not used (the fight needed {}); check the dice match the script",
                    dice.remaining(),
                    faces.len(),
                    faces.len() - dice.remaining()
                )?;
            }
            fight
        }
        Source::Physical => play(
            &encounter,
            &roster,
            &mut crate::physical::terminal_dice(),
            &source_file,
        )?,
    };
    fight.source = source;
    let mut out = std::io::stdout().lock();
    if args.json {
        report::json(&fight, &mut out)?;
    } else {
        out.write_all(report::text(&fight).as_bytes())?;
    }
    out.flush()?;
    let Some(stop) = &fight.stop else {
        return Ok(Outcome::Success);
    };
    let place = format!("{}:{}: `{}`", fight.file, stop.line, stop.text);
    if stop.no_dice {
        bail!("{place} cannot be decided: {}", stop.message);
    }
    writeln!(
        std::io::stderr().lock(),
        "refused: {place}: {}\n  the command changed nothing; the log above ends before it",
        stop.message
    )?;
    Ok(Outcome::Problems)
}

/// Each combatant of an encounter file with its fighter.
type Roster = Vec<(Entrant, Fighter)>;

/// An encounter file and its character files, read and checked: every
/// problem of them all is reported at once (warnings on stderr, errors as
/// the error).
fn read_checked(
    path: &Path,
    pack: &Pack,
    campaign: &Campaign,
) -> Result<(EncounterFile, Roster, SourceFile)> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read the encounter file {}: {e}", path.display()))?;
    let source_file = SourceFile::new(path.display().to_string(), text);
    let stem = path
        .file_stem()
        .map_or_else(|| "encounter".into(), |s| s.to_string_lossy().into_owned());
    let (encounter, mut found) = file::read(&source_file, &stem, campaign);
    let dir = path.parent().unwrap_or(Path::new(""));
    let roster = match &encounter {
        Some(e) => fighters(e, dir, source_file.name(), pack, &mut found),
        None => Vec::new(),
    };
    let Some(encounter) = encounter.filter(|_| !found.has_errors()) else {
        bail!(cannot_run(path, &found));
    };
    if !found.is_empty() {
        write!(std::io::stderr().lock(), "{found}")?;
    }
    Ok((encounter, roster, source_file))
}

/// The battle an encounter file sets up, for `nanite sim`: every combatant
/// entered (those joining later too) in its place, with hand-set
/// initiatives; the script is not run. Returns the encounter's name with
/// it. The file and its character files are checked as by
/// `nanite d20 encounter`.
pub(crate) fn setup(path: &Path, pack: &Pack) -> Result<(String, Battle)> {
    let (encounter, roster, source_file) = read_checked(path, pack, &pack.campaign)?;
    let mut game = Game::<D20>::new(Battle::new(
        encounter.campaign.clone(),
        encounter.field.clone(),
    ));
    for (line, text, command) in setup_commands(roster.iter()) {
        if let Err(refusal) = game.execute(&command, &mut ScriptedDice::new([])) {
            bail!(
                "{}:{line}: the setup `{text}` is refused: {refusal}",
                source_file.name()
            );
        }
    }
    Ok((encounter.name, game.state().clone()))
}

fn cannot_run(path: &Path, found: &Diagnostics) -> String {
    let errors = found.error_count();
    format!(
        "{} cannot run: {errors} error{}:\n{found}",
        path.display(),
        if errors == 1 { "" } else { "s" },
    )
}

/// Each combatant's fighter from its character file; every problem of
/// every file goes into `found`.
fn fighters(
    encounter: &EncounterFile,
    dir: &Path,
    file_name: &str,
    pack: &Pack,
    found: &mut Diagnostics,
) -> Vec<(Entrant, Fighter)> {
    let mut read: Vec<(PathBuf, Option<Fighter>)> = Vec::new();
    let mut roster = Vec::new();
    for entrant in &encounter.combatants {
        let path = dir.join(&entrant.character);
        let fighter = match read.iter().find(|(p, _)| *p == path) {
            Some((_, fighter)) => fighter.clone(),
            None => {
                let fighter = match read_character(&path, pack) {
                    Ok((character, problems)) => {
                        let ok = !problems.has_errors();
                        found.extend(problems);
                        ok.then(|| Fighter::new(&character, pack, &encounter.campaign))
                    }
                    Err(e) => {
                        found.push(
                            Diagnostic::error("combatant.character", format!("{e:#}"))
                                .help("the path is relative to the encounter file")
                                .at(file_name, Some(entrant.line)),
                        );
                        None
                    }
                };
                read.push((path, fighter.clone()));
                fighter
            }
        };
        if let Some(mut fighter) = fighter {
            if let Some(name) = &entrant.name {
                fighter.name = name.clone();
            }
            roster.push((entrant.clone(), fighter));
        }
    }
    roster
}

/// Runs the setup and the script with `dice`.
fn play(
    encounter: &EncounterFile,
    roster: &[(Entrant, Fighter)],
    dice: &mut dyn DiceSource,
    source_file: &SourceFile,
) -> Result<Fight> {
    let mut fight = Fight {
        name: encounter.name.clone(),
        file: source_file.name().to_string(),
        source: Source::Entropy,
        campaign: encounter.campaign.clone(),
        setup: Vec::new(),
        commands: Vec::new(),
        stop: None,
        game: Game::new(Battle::new(
            encounter.campaign.clone(),
            encounter.field.clone(),
        )),
    };
    let setup = setup_commands(roster.iter().filter(|(e, _)| e.after.is_none()));
    for (line, text, command) in setup {
        match execute(&mut fight.game, line, text, command, dice) {
            Ok(record) => fight.setup.push(record),
            Err(stop) => bail!(
                "{}:{}: the setup `{}` is refused: {}",
                fight.file,
                stop.line,
                stop.text,
                stop.message
            ),
        }
    }
    // Every line is resolved (weapons named) before any die is rolled,
    // against everyone, those joining later too.
    let mut everyone = fight.game.clone();
    for (e, fighter) in roster.iter().filter(|(e, _)| e.after.is_some()) {
        let (_, _, add) = entering(e, fighter);
        // Entering rolls nothing; a refusal shows when the fight gets there.
        let _ = everyone.execute(&add, &mut ScriptedDice::new([]));
    }
    let mut found = Diagnostics::new();
    for s in &encounter.script {
        if let Err(e) = s.order.command(everyone.state()) {
            found.push(
                Diagnostic::error(s.field.clone(), format!("`{}`: {}", s.text, e.message))
                    .help(e.help)
                    .at(fight.file.clone(), Some(s.line)),
            );
        }
    }
    if found.has_errors() {
        bail!(cannot_run(Path::new(&fight.file), &found));
    }
    for (done, s) in encounter.script.iter().enumerate() {
        if let Err(stop) = join(&mut fight, roster, done, dice) {
            fight.stop = Some(stop);
            break;
        }
        // Resolved again now: a weapon may have changed hands since.
        let command = match s.order.command(fight.game.state()) {
            Ok(command) => command,
            Err(e) => {
                fight.stop = Some(Stop {
                    line: s.line,
                    text: s.text.clone(),
                    message: format!("{}; {}", e.message, e.help),
                    no_dice: false,
                });
                break;
            }
        };
        match execute(&mut fight.game, s.line, s.text.clone(), command, dice) {
            Ok(record) => fight.commands.push(record),
            Err(stop) => {
                fight.stop = Some(stop);
                break;
            }
        }
    }
    if fight.stop.is_none()
        && let Err(stop) = join(&mut fight, roster, encounter.script.len(), dice)
    {
        fight.stop = Some(stop);
    }
    Ok(fight)
}

/// The commands that set up `entrants`: each enters, then the hand-set
/// initiatives, each with its line and log text.
fn setup_commands<'a>(
    entrants: impl Iterator<Item = &'a (Entrant, Fighter)> + Clone,
) -> Vec<(usize, String, Command)> {
    let mut commands: Vec<(usize, String, Command)> =
        entrants.clone().map(|(e, f)| entering(e, f)).collect();
    for (e, _) in entrants {
        if let Some(total) = e.initiative {
            commands.push((
                e.line,
                format!("initiative {} {total}", e.id),
                Command::Clock(ClockCommand::SetInitiative {
                    id: e.id.clone(),
                    total,
                }),
            ));
        }
    }
    commands
}

/// The command that brings `e` into the fight, with its log line.
fn entering(e: &Entrant, fighter: &Fighter) -> (usize, String, Command) {
    (
        e.line,
        format!("add {} ({}, {})", e.id, fighter.name, e.side),
        Command::Add {
            id: e.id.clone(),
            side: e.side.clone(),
            hidden: e.hidden,
            fighter: Box::new(fighter.clone()),
            place: e.place,
        },
    )
}

/// Brings in the combatants that join after `done` script commands.
fn join(
    fight: &mut Fight,
    roster: &[(Entrant, Fighter)],
    done: usize,
    dice: &mut dyn DiceSource,
) -> Result<(), Stop> {
    for (e, fighter) in roster.iter().filter(|(e, _)| e.after == Some(done)) {
        let (line, text, command) = entering(e, fighter);
        let mut record = execute(&mut fight.game, line, text, command, dice)?;
        record.joined = true;
        fight.commands.push(record);
    }
    Ok(())
}

/// Executes one command and tells what happened.
fn execute(
    game: &mut Game<D20>,
    line: usize,
    text: String,
    command: Command,
    dice: &mut dyn DiceSource,
) -> Result<Record, Stop> {
    let before: Battle = game.state().clone();
    match game.execute(&command, dice) {
        Ok(entry) => Ok(Record {
            line,
            text,
            told: narrate_all(&before, &entry.events),
            joined: false,
            events: entry.events.clone(),
            dice: entry.dice.clone(),
            command,
        }),
        Err(refusal) => Err(Stop {
            line,
            text,
            no_dice: matches!(refusal, Refusal::Dice(_)),
            message: refusal.to_string(),
        }),
    }
}
