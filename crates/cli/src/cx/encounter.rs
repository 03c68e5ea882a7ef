//! `nanite cx encounter FILE`: runs a scripted Compound X fight and prints
//! its log, every command followed by what happened and why, and the state
//! it ends in.
//!
//! The whole file is checked first (the file, the character files, every
//! script line and every weapon it names), so a typo on the last line costs
//! no dice. Then the combatants enter, and the script runs line by line
//! through the engine; a line the rules refuse stops the run there, with the
//! log so far, the refusal and exit code 1 (the refused line changed
//! nothing).

mod file;
mod json;
pub(crate) mod play;
mod report;
mod status;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{ArgGroup, Args};
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Event, Refusal, narrate};
use nanite_compound_x::{Pack, Sheet};
use nanite_core::content::SourceFile;
use nanite_core::{
    ClockCommand, Diagnostic, Diagnostics, DiceSource, EntropyDice, Game, RolledDie, Ruleset,
    ScriptedDice, SeededDice,
};

use super::{Outcome, read_character};
use file::{EncounterFile, Entrant};
use nanite_compound_x::script::LineError;

/// Arguments of `nanite cx encounter`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").args(["seed", "dice", "physical"])))]
pub(crate) struct EncounterArgs {
    /// The encounter file (format in docs/compound-x/encounter-file.md).
    file: PathBuf,
    /// Print the fight as JSON (documented in docs/cli/cx.md).
    #[arg(long)]
    json: bool,
    /// Seeded dice: the same seed and file give the same fight. Wins over
    /// the file's `seed` and `[script] dice`.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Physical dice rolled ahead, in the order the fight needs them (a d100
    /// takes its tens d10 then its ones d10; a face of 0 is 10). Wins over
    /// the file's `seed` and `[script] dice`.
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<i64>>,
    /// Ask on the terminal for each die, naming what it is for.
    #[arg(long)]
    physical: bool,
}

/// Where the fight's dice come from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Source {
    /// The operating system's randomness.
    Entropy,
    /// Seeded dice.
    Seeded(u64),
    /// Physical dice typed ahead (from `--dice` or the file).
    Scripted(Vec<i64>),
    /// Physical dice asked for at the terminal.
    Physical,
}

/// One executed command: the line it came from, and what it did.
#[derive(Debug)]
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
}

/// Why a run stopped before the end of its script.
#[derive(Debug)]
enum Why {
    /// The rules refused the command.
    Refused(Refusal),
    /// The line could not be made into a command at that moment.
    NotNow(LineError),
    /// The dice ran out, or the terminal stopped answering.
    NoDice(String),
}

/// The line a run stopped at.
#[derive(Debug)]
struct Stop {
    /// Its line in the encounter file.
    line: usize,
    /// The command as written.
    text: String,
    /// Why.
    why: Why,
}

impl Stop {
    /// The reason in words.
    fn message(&self) -> String {
        match &self.why {
            Why::Refused(r) => r.to_string(),
            Why::NotNow(e) => format!("{}; {}", e.message, e.help),
            Why::NoDice(d) => d.clone(),
        }
    }
}

/// A fight as it ran.
struct Fight {
    /// The encounter file's title.
    name: String,
    /// The encounter file, as named on the command line.
    file: String,
    /// Where the dice came from.
    source: Source,
    /// The combatants as the file gives them, with their fighters.
    roster: Vec<(Entrant, Fighter)>,
    /// The combatants entering, initiatives set by hand, distances.
    setup: Vec<Record>,
    /// The script's commands that ran.
    commands: Vec<Record>,
    /// Where the script stopped early, if it did.
    stop: Option<Stop>,
    /// The game at the end.
    game: Game<CompoundX>,
}

pub(super) fn run(args: &EncounterArgs, pack: &Pack) -> Result<Outcome> {
    let path = &args.file;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the encounter file {}", path.display()))?;
    let source_file = SourceFile::new(path.display().to_string(), text);
    let stem = path
        .file_stem()
        .map_or_else(|| "encounter".into(), |s| s.to_string_lossy().into_owned());
    let (encounter, mut found) = file::read(&source_file, &stem);
    let dir = path.parent().unwrap_or(Path::new(""));
    let roster = match &encounter {
        Some(e) => fighters(e, dir, source_file.name(), pack, &mut found),
        None => Vec::new(),
    };
    let Some(encounter) = encounter.filter(|_| !found.has_errors()) else {
        bail!(cannot_run(path, &found));
    };
    warn(&found)?;
    let source = choose_source(args, &encounter);
    let mut fight = match &source {
        Source::Entropy => play(&encounter, roster, &mut EntropyDice::new(), &source_file)?,
        Source::Seeded(seed) => play(
            &encounter,
            roster,
            &mut SeededDice::new(*seed),
            &source_file,
        )?,
        Source::Scripted(faces) => {
            let mut dice = ScriptedDice::new(faces.iter().copied());
            let fight = play(&encounter, roster, &mut dice, &source_file)?;
            if fight.stop.is_none() {
                warn_unused(faces.len(), dice.remaining())?;
            }
            fight
        }
        Source::Physical => play(
            &encounter,
            roster,
            &mut crate::physical::terminal_dice(),
            &source_file,
        )?,
    };
    fight.name = encounter.name.clone();
    fight.source = source;
    let mut out = std::io::stdout().lock();
    if args.json {
        json::write(&fight, &mut out)?;
        writeln!(out)?;
    } else {
        out.write_all(report::text(&fight).as_bytes())?;
    }
    out.flush()?;
    let Some(stop) = &fight.stop else {
        return Ok(Outcome::Success);
    };
    let place = format!("{}:{}: `{}`", fight.file, stop.line, stop.text);
    if let Why::NoDice(_) = stop.why {
        bail!("{place} cannot be decided: {}", stop.message());
    }
    writeln!(
        std::io::stderr().lock(),
        "refused: {place}: {}\n  the command changed nothing; the log above ends before it",
        stop.message()
    )?;
    Ok(Outcome::Problems)
}

/// The battle an encounter file sets up, for `nanite sim`: every combatant
/// entered (those joining later too) with its cover, stance and hand-set
/// initiative, and the distances; the script is not run. Returns the
/// encounter's name with it. The file and its character files are checked
/// as by `nanite cx encounter`.
pub(crate) fn setup(path: &Path, pack: &Pack) -> Result<(String, Battle)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the encounter file {}", path.display()))?;
    let source_file = SourceFile::new(path.display().to_string(), text);
    let stem = path
        .file_stem()
        .map_or_else(|| "encounter".into(), |s| s.to_string_lossy().into_owned());
    let (encounter, mut found) = file::read(&source_file, &stem);
    let dir = path.parent().unwrap_or(Path::new(""));
    let roster = match &encounter {
        Some(e) => fighters(e, dir, source_file.name(), pack, &mut found),
        None => Vec::new(),
    };
    let Some(encounter) = encounter.filter(|_| !found.has_errors()) else {
        bail!(cannot_run(path, &found));
    };
    warn(&found)?;
    let mut game = Game::<CompoundX>::new(Battle::new());
    let mut commands: Vec<(usize, String, Command)> =
        roster.iter().map(|(e, f)| entering(e, f)).collect();
    for (e, _) in &roster {
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
    for g in &encounter.distances {
        commands.push((
            g.line,
            format!("distance {} {} {}", g.a, g.b, g.metres),
            Command::Distance {
                a: g.a.clone(),
                b: g.b.clone(),
                metres: g.metres,
            },
        ));
    }
    for (line, text, command) in commands {
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

fn warn(found: &Diagnostics) -> Result<()> {
    if !found.is_empty() {
        write!(std::io::stderr().lock(), "{found}")?;
    }
    Ok(())
}

/// The dice: the command line's choice, else the file's, else the OS.
fn choose_source(args: &EncounterArgs, encounter: &EncounterFile) -> Source {
    if let Some(seed) = args.seed {
        Source::Seeded(seed)
    } else if let Some(dice) = &args.dice {
        Source::Scripted(dice.clone())
    } else if args.physical {
        Source::Physical
    } else if let Some(dice) = &encounter.dice {
        Source::Scripted(dice.clone())
    } else if let Some(seed) = encounter.seed {
        Source::Seeded(seed)
    } else {
        Source::Entropy
    }
}

/// Each combatant's fighter from its character file; every problem of
/// every file goes into `found`. A file two combatants share is read once.
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
                        ok.then(|| Fighter::from_sheet(&Sheet::compute(&character, pack), pack))
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
    for (n, (entrant, fighter)) in roster.iter().enumerate() {
        if let Some((other, _)) = roster[..n].iter().find(|(_, f)| f.name == fighter.name) {
            found.push(
                Diagnostic::warning(
                    "combatant.name",
                    format!(
                        "{} and {} are both called {} in the log",
                        other.id, entrant.id, fighter.name
                    ),
                )
                .help("give one a `name` of its own")
                .at(file_name, Some(entrant.line)),
            );
        }
    }
    roster
}

/// Runs the setup and the script with `dice`.
fn play(
    encounter: &EncounterFile,
    roster: Vec<(Entrant, Fighter)>,
    dice: &mut dyn DiceSource,
    source_file: &SourceFile,
) -> Result<Fight> {
    let mut fight = Fight {
        name: String::new(),
        file: source_file.name().to_string(),
        source: Source::Entropy,
        roster,
        setup: Vec::new(),
        commands: Vec::new(),
        stop: None,
        game: Game::new(Battle::new()),
    };
    let mut setup: Vec<(usize, String, Command)> = Vec::new();
    for (e, fighter) in fight.roster.iter().filter(|(e, _)| e.after.is_none()) {
        setup.push(entering(e, fighter));
    }
    for (e, _) in fight.roster.iter().filter(|(e, _)| e.after.is_none()) {
        if let Some(total) = e.initiative {
            setup.push((
                e.line,
                format!("initiative {} {total}", e.id),
                Command::Clock(ClockCommand::SetInitiative {
                    id: e.id.clone(),
                    total,
                }),
            ));
        }
    }
    for g in &encounter.distances {
        setup.push((
            g.line,
            format!("distance {} {} {}", g.a, g.b, g.metres),
            Command::Distance {
                a: g.a.clone(),
                b: g.b.clone(),
                metres: g.metres,
            },
        ));
    }
    for (line, text, command) in setup {
        match execute(&mut fight.game, line, text, command, dice) {
            Ok(record) => fight.setup.push(record),
            Err(stop) => bail!(
                "{}:{}: the setup `{}` is refused: {}",
                fight.file,
                stop.line,
                stop.text,
                stop.message()
            ),
        }
    }
    // Every line is checked against the combatants (those joining later
    // too) before any die is rolled.
    let mut everyone = fight.game.clone();
    for (e, fighter) in fight.roster.iter().filter(|(e, _)| e.after.is_some()) {
        let (_, _, add) = entering(e, fighter);
        // Entering rolls nothing; a refusal shows when the fight gets there.
        let _ = everyone.execute(&add, &mut ScriptedDice::new([]));
    }
    let mut found = Diagnostics::new();
    for s in &encounter.script {
        if let Err(e) = s.parsed.order.command(everyone.state()) {
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
        if let Err(stop) = join(&mut fight, done, dice) {
            fight.stop = Some(stop);
            break;
        }
        let command = match s.parsed.order.command(fight.game.state()) {
            Ok(command) => command,
            Err(e) => {
                fight.stop = Some(Stop {
                    line: s.line,
                    text: s.text.clone(),
                    why: Why::NotNow(e),
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
    if fight.stop.is_none() {
        if let Err(stop) = join(&mut fight, encounter.script.len(), dice) {
            fight.stop = Some(stop);
        }
    }
    Ok(fight)
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
            cover: e.cover,
            stance: e.stance,
        },
    )
}

/// Brings in the combatants that join after `done` script commands.
fn join(fight: &mut Fight, done: usize, dice: &mut dyn DiceSource) -> Result<(), Stop> {
    let joining: Vec<(usize, String, Command)> = fight
        .roster
        .iter()
        .filter(|(e, _)| e.after == Some(done))
        .map(|(e, f)| entering(e, f))
        .collect();
    for (line, text, command) in joining {
        let record = execute(&mut fight.game, line, text, command, dice)?;
        fight.commands.push(record);
    }
    Ok(())
}

/// Executes one command and tells what happened, event by event, with the
/// battle as it was just before each.
fn execute(
    game: &mut Game<CompoundX>,
    line: usize,
    text: String,
    command: Command,
    dice: &mut dyn DiceSource,
) -> Result<Record, Stop> {
    let mut state = game.state().clone();
    match game.execute(&command, dice) {
        Ok(entry) => {
            let mut told = Vec::new();
            for event in &entry.events {
                told.extend(narrate(&state, event));
                <CompoundX as Ruleset>::evolve(&mut state, event);
            }
            Ok(Record {
                line,
                text,
                events: entry.events.clone(),
                dice: entry.dice.clone(),
                command,
                told,
            })
        }
        Err(refusal) => Err(Stop {
            line,
            text,
            why: match refusal {
                Refusal::Dice(d) => Why::NoDice(d),
                r => Why::Refused(r),
            },
        }),
    }
}

/// Warns on stderr when more dice were typed ahead than the fight needed.
fn warn_unused(supplied: usize, unused: usize) -> Result<()> {
    if unused > 0 {
        writeln!(
            std::io::stderr().lock(),
            "warning: {unused} of the {supplied} dice given were not used (the fight needed {}); check the dice match the script",
            supplied - unused
        )?;
    }
    Ok(())
}
