//! The scripted run of an encounter file (`nanite cx encounter`, `nanite
//! d20 encounter`): the combatants enter, every script line is checked
//! against them all before any die is rolled, then the script runs line by
//! line through the engine until its end or the first line the rules
//! refuse (which changed nothing).

use std::io::Write;
use std::path::Path;

use anyhow::{Result, bail};
use nanite_core::content::SourceFile;
use nanite_core::script::LineError;
use nanite_core::{
    Diagnostic, Diagnostics, DiceSource, EntropyDice, Game, RolledDie, ScriptedDice, SeededDice,
};
use serde::Serialize;

use super::{EncounterFile, Entrant, Roster, Rules, cannot_run, entering, setup_commands};

/// Where the fight's dice come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Source {
    /// The operating system's randomness.
    Entropy,
    /// Seeded dice.
    Seeded {
        /// The seed.
        seed: u64,
    },
    /// Physical dice typed ahead (from `--dice` or the file).
    Scripted {
        /// The faces.
        faces: Vec<i64>,
    },
    /// Physical dice asked for at the terminal.
    Physical,
}

impl Source {
    /// The dice: the command line's choice (a seed, dice typed ahead, or
    /// the terminal), else the encounter file's, else the operating
    /// system's.
    pub(crate) fn choose<S, P, O>(
        seed: Option<u64>,
        dice: Option<&Vec<i64>>,
        physical: bool,
        file: &nanite_core::encounter_file::EncounterFile<S, P, O>,
    ) -> Source {
        let (file_dice, file_seed) = (file.dice.as_ref(), file.seed);
        if let Some(seed) = seed {
            Source::Seeded { seed }
        } else if let Some(faces) = dice {
            Source::Scripted {
                faces: faces.clone(),
            }
        } else if physical {
            Source::Physical
        } else if let Some(faces) = file_dice {
            Source::Scripted {
                faces: faces.clone(),
            }
        } else if let Some(seed) = file_seed {
            Source::Seeded { seed }
        } else {
            Source::Entropy
        }
    }
}

/// One executed command: the line it came from, and what it did.
#[derive(Debug, Serialize)]
#[serde(bound = "")]
pub(crate) struct Record<R: Rules> {
    /// Its line in the encounter file.
    pub(crate) line: usize,
    /// The command as written (setup commands in script form).
    pub(crate) text: String,
    /// What was executed.
    pub(crate) command: R::Command,
    /// What happened.
    pub(crate) events: Vec<R::Event>,
    /// Every die rolled for it, with its purpose.
    pub(crate) dice: Vec<RolledDie>,
    /// The events in words.
    pub(crate) told: Vec<String>,
    /// A combatant joining mid-fight (`after = N`), not a script line.
    #[serde(skip)]
    pub(crate) joined: bool,
}

/// Why a run stopped before the end of its script.
#[derive(Debug)]
pub(crate) enum Why<F> {
    /// The rules refused the command.
    Refused(F),
    /// The line could not be made into a command at that moment.
    NotNow(LineError),
    /// The dice ran out, or the terminal stopped answering.
    NoDice(String),
}

/// The line a run stopped at.
#[derive(Debug)]
pub(crate) struct Stop<R: Rules> {
    /// Its line in the encounter file.
    pub(crate) line: usize,
    /// The command as written.
    pub(crate) text: String,
    /// Why.
    pub(crate) why: Why<R::Refusal>,
}

impl<R: Rules> Stop<R> {
    /// The reason in words.
    pub(crate) fn message(&self) -> String {
        match &self.why {
            Why::Refused(r) => r.to_string(),
            Why::NotNow(e) => format!("{}; {}", e.message, e.help),
            Why::NoDice(d) => d.clone(),
        }
    }
}

/// A fight as it ran.
pub(crate) struct Fight<R: Rules> {
    /// The encounter file's title.
    pub(crate) name: String,
    /// The encounter file, as named on the command line.
    pub(crate) file: String,
    /// Where the dice came from.
    pub(crate) source: Source,
    /// What the file set beside the combatants.
    pub(crate) settings: R::Settings,
    /// The combatants as the file gives them, with their fighters.
    pub(crate) roster: Roster<R>,
    /// The combatants entering, initiatives set by hand, the settings' commands.
    pub(crate) setup: Vec<Record<R>>,
    /// The script's commands that ran, and the combatants joining between.
    pub(crate) commands: Vec<Record<R>>,
    /// Where the script stopped early, if it did.
    pub(crate) stop: Option<Stop<R>>,
    /// The game at the end.
    pub(crate) game: Game<R::Engine>,
}

/// Runs the file with the dice of `source`; warns on stderr when dice typed
/// ahead were left over.
pub(crate) fn run<R: Rules>(
    encounter: &EncounterFile<R>,
    roster: Roster<R>,
    source: Source,
    source_file: &SourceFile,
) -> Result<Fight<R>> {
    let mut fight = match &source {
        Source::Entropy => play(encounter, roster, &mut EntropyDice::new(), source_file)?,
        Source::Seeded { seed } => {
            play(encounter, roster, &mut SeededDice::new(*seed), source_file)?
        }
        Source::Scripted { faces } => {
            let mut dice = ScriptedDice::new(faces.iter().copied());
            let fight = play(encounter, roster, &mut dice, source_file)?;
            let unused = dice.remaining();
            if fight.stop.is_none() && unused > 0 {
                writeln!(
                    std::io::stderr().lock(),
                    "warning: {unused} of the {} dice given were not used (the fight needed {}); check the dice match the script",
                    faces.len(),
                    faces.len() - unused
                )?;
            }
            fight
        }
        Source::Physical => play(
            encounter,
            roster,
            &mut crate::physical::terminal_dice(),
            source_file,
        )?,
    };
    fight.source = source;
    Ok(fight)
}

/// Runs the setup and the script with `dice`.
pub(crate) fn play<R: Rules>(
    encounter: &EncounterFile<R>,
    roster: Roster<R>,
    dice: &mut dyn DiceSource,
    source_file: &SourceFile,
) -> Result<Fight<R>> {
    let mut fight = Fight {
        name: encounter.name.clone(),
        file: source_file.name().to_string(),
        source: Source::Entropy,
        settings: encounter.settings.clone(),
        roster,
        setup: Vec::new(),
        commands: Vec::new(),
        stop: None,
        game: Game::new(R::battle(&encounter.settings)),
    };
    let mut setup = setup_commands::<R>(fight.roster.iter().filter(|(e, _)| e.after.is_none()));
    setup.extend(R::setup(&encounter.settings));
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
        let (_, _, add) = entering::<R>(e, fighter);
        // Entering rolls nothing; a refusal shows when the fight gets there.
        let _ = everyone.execute(&add, &mut ScriptedDice::new([]));
    }
    let mut found = Diagnostics::new();
    for s in &encounter.script {
        if let Err(e) = R::command(&s.order, everyone.state()) {
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
        // Resolved again now: a weapon may have changed hands since.
        let command = match R::command(&s.order, fight.game.state()) {
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
    if fight.stop.is_none()
        && let Err(stop) = join(&mut fight, encounter.script.len(), dice)
    {
        fight.stop = Some(stop);
    }
    Ok(fight)
}

/// The battle an encounter file sets up, for `nanite sim`: every combatant
/// entered (those joining later too) with its hand-set initiative, and the
/// settings' commands; the script is not run.
pub(crate) fn battle<R: Rules>(
    encounter: &EncounterFile<R>,
    roster: &Roster<R>,
    source_file: &SourceFile,
) -> Result<R::Battle> {
    let mut game = Game::<R::Engine>::new(R::battle(&encounter.settings));
    let mut commands = setup_commands::<R>(roster.iter());
    commands.extend(R::setup(&encounter.settings));
    for (line, text, command) in commands {
        if let Err(refusal) = game.execute(&command, &mut ScriptedDice::new([])) {
            bail!(
                "{}:{line}: the setup `{text}` is refused: {refusal}",
                source_file.name()
            );
        }
    }
    Ok(game.state().clone())
}

/// Brings in the combatants that join after `done` script commands.
fn join<R: Rules>(
    fight: &mut Fight<R>,
    done: usize,
    dice: &mut dyn DiceSource,
) -> Result<(), Stop<R>> {
    let joining: Vec<(usize, String, R::Command)> = fight
        .roster
        .iter()
        .filter(|(e, _)| e.after == Some(done))
        .map(|(e, f): &(Entrant<R::Place>, R::Fighter)| entering::<R>(e, f))
        .collect();
    for (line, text, command) in joining {
        let mut record = execute(&mut fight.game, line, text, command, dice)?;
        record.joined = true;
        fight.commands.push(record);
    }
    Ok(())
}

/// Executes one command and tells what happened, event by event, with the
/// battle as it was just before each.
fn execute<R: Rules>(
    game: &mut Game<R::Engine>,
    line: usize,
    text: String,
    command: R::Command,
    dice: &mut dyn DiceSource,
) -> Result<Record<R>, Stop<R>> {
    let before = game.state().clone();
    match game.execute(&command, dice) {
        Ok(entry) => Ok(Record {
            line,
            text,
            told: R::narrate(&before, &entry.events),
            events: entry.events.clone(),
            dice: entry.dice.clone(),
            command,
            joined: false,
        }),
        Err(refusal) => Err(Stop {
            line,
            text,
            why: match R::no_dice(&refusal) {
                Some(d) => Why::NoDice(d),
                None => Why::Refused(refusal),
            },
        }),
    }
}

/// Prints how a run ended: nothing when the script ran to its end; the
/// refusal on stderr (exit code 1) when the rules refused a line; an error
/// when the dice ran out.
pub(crate) fn ended<R: Rules>(fight: &Fight<R>) -> Result<crate::cx::Outcome> {
    let Some(stop) = &fight.stop else {
        return Ok(crate::cx::Outcome::Success);
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
    Ok(crate::cx::Outcome::Problems)
}
