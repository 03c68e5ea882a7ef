//! What `nanite cx` and `nanite d20` share around a fight: the encounter
//! file once read ([`EncounterFile`]), its combatants' character files
//! read and checked, the scripted run of `encounter` ([`fight`]) and the
//! GM's saved table session of `play` ([`session`]).
//!
//! A ruleset plugs in through [`Rules`]: its engine, its script language
//! (parse a line, resolve it into a command), its encounter file reader
//! (in the ruleset crate, `encounter_file`, over the shared shape of
//! `nanite_core::encounter_file`), how a combatant enters, its narration
//! and status, and the few lines of a saved session that are its own
//! (Compound X's cover, stance and distances; D20's square or row, map and
//! campaign). Everything else is written once here.

pub(crate) mod carry;
pub(crate) mod fight;
#[cfg(test)]
mod fourth;
pub(crate) mod session;

use std::fmt::Debug;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use nanite_core::content::SourceFile;
pub(crate) use nanite_core::encounter_file::Entrant;
use nanite_core::script::LineError;
use nanite_core::{ClockCommand, CombatantId, Diagnostic, Diagnostics, RolledDie, Ruleset};
use serde::Serialize;

/// A script form: its first word (verb) and its usage.
pub(crate) type Form = (&'static str, &'static str);

/// [`Rules::forms`] of a script that lists its forms as [`Form`]s: the
/// usages of the GM's, then of a combatant's.
pub(crate) fn usages(gm: &[Form], actions: &[Form]) -> (Vec<&'static str>, Vec<&'static str>) {
    let usage = |forms: &[Form]| forms.iter().map(|(_, usage)| *usage).collect();
    (usage(gm), usage(actions))
}

/// [`Rules::verbs`] of a script that lists its forms as [`Form`]s.
pub(crate) fn verbs(gm: &[Form], actions: &[Form]) -> Vec<&'static str> {
    gm.iter().chain(actions).map(|(verb, _)| *verb).collect()
}

/// A ruleset as the encounter commands drive it. A value of it carries the
/// content pack (and settings) lines and character files are read against.
pub(crate) trait Rules {
    /// The engine.
    type Engine: Ruleset<
            State = Self::Battle,
            Command = Self::Command,
            Event = Self::Event,
            Error = Self::Refusal,
        > + Clone;
    /// The engine's state: the battle.
    type Battle: Clone;
    /// The engine's command.
    type Command: Clone + Debug + Serialize;
    /// The engine's event.
    type Event: Clone + Debug + Serialize;
    /// The engine's refusal.
    type Refusal: std::error::Error;
    /// Where and how a combatant stands when it enters (Compound X: cover
    /// and stance; D20: a square or a row).
    type Place: Copy + Debug;
    /// A combatant's fighter, built from its character file.
    type Fighter: Clone;
    /// A character file, read.
    type Character;
    /// One script line, read but not yet resolved against the battle.
    type Order: Debug;
    /// What an encounter file sets beside its combatants (Compound X: the
    /// distances; D20: the campaign and the map).
    type Settings: Clone;

    /// The command's name (`cx`, `d20`), for the session file's header.
    const NAME: &'static str;
    /// The newest encounter file format this build reads and writes.
    const FORMAT: i64;
    /// The prompt's own words (`add`, `undo`, …) with their usage.
    const META: &'static [(&'static str, &'static str)];
    /// The full usage of the prompt's `add`.
    const ADD_USAGE: &'static str;

    /// Reads one script line.
    fn parse(line: &str) -> Result<Self::Order, LineError>;
    /// The combatant ids a read line names.
    fn named(order: &Self::Order) -> &[CombatantId];
    /// Resolves a read line against the battle into the engine's command.
    fn command(order: &Self::Order, battle: &Self::Battle) -> Result<Self::Command, LineError>;
    /// The usages of the GM's commands, then of a combatant's, for `help`.
    fn forms() -> (Vec<&'static str>, Vec<&'static str>);
    /// The first words of every command, for tab completion.
    fn verbs() -> Vec<&'static str>;

    /// The battle before anyone enters.
    fn battle(settings: &Self::Settings) -> Self::Battle;
    /// The ids in the battle.
    fn ids(battle: &Self::Battle) -> Vec<&CombatantId>;
    /// Whose turn it is.
    fn active(battle: &Self::Battle) -> Option<&CombatantId>;
    /// The command that brings `entrant` into the fight as `fighter`.
    fn enter(entrant: &Entrant<Self::Place>, fighter: &Self::Fighter) -> Self::Command;
    /// The engine's command to the clock.
    fn clock(command: ClockCommand) -> Self::Command;
    /// The GM's setup commands of the settings (Compound X's distances),
    /// with their lines and log texts.
    fn setup(settings: &Self::Settings) -> Vec<(usize, String, Self::Command)>;
    /// Why the engine could not decide for want of dice, when it is that.
    fn no_dice(refusal: &Self::Refusal) -> Option<String>;

    /// The events in words, with the battle as it was before them.
    fn narrate(before: &Self::Battle, events: &[Self::Event]) -> Vec<String>;
    /// The dice a command rolled, for the prompt's `dice:` line.
    fn dice(dice: &[RolledDie]) -> String;
    /// The battle as `status` shows it.
    fn status(battle: &Self::Battle) -> String;
    /// Words tab completion offers beside the commands and the ids (the
    /// script's keywords, the pack's skills).
    fn words(&self) -> Vec<String>;

    /// Reads an encounter file, named `stem` unless it names itself.
    fn read_file(
        &self,
        file: &SourceFile,
        stem: &str,
    ) -> (Option<EncounterFile<Self>>, Diagnostics)
    where
        Self: Sized;
    /// Reads a character file, with its problems.
    fn read_character(&self, path: &Path) -> Result<(Self::Character, Diagnostics)>;
    /// Reads a character file that must have no errors (the prompt's `add`).
    fn read_valid_character(&self, path: &Path) -> Result<Self::Character>;
    /// The fighter of a character read without errors.
    fn fighter(&self, character: &Self::Character, settings: &Self::Settings) -> Self::Fighter;
    /// A fighter's name in the log.
    fn name(fighter: &Self::Fighter) -> &str;
    /// Gives a fighter the log name its encounter file chose.
    fn rename(fighter: &mut Self::Fighter, name: &str);
    /// Further checks of the whole roster (Compound X: two fighters with
    /// one name).
    fn check_roster(
        _roster: &[(Entrant<Self::Place>, Self::Fighter)],
        _file: &str,
        _found: &mut Diagnostics,
    ) {
    }

    /// Whether the prompt's `add` may give a combatant this id.
    fn usable_id(_id: &str) -> Result<()> {
        Ok(())
    }
    /// The prompt's `add` options (after the id, character and side):
    /// hidden or not, and the place.
    fn add_options(options: &[&str], battle: &Self::Battle) -> Result<(bool, Self::Place)>;

    /// The session file's lines for the settings, before the combatants.
    fn settings_head(_settings: &Self::Settings) -> String {
        String::new()
    }
    /// The session file's lines for the settings, after the combatants.
    fn settings_tail(_settings: &Self::Settings) -> String {
        String::new()
    }
    /// The session file's lines for a combatant's place.
    fn place_lines(place: &Self::Place) -> String;
}

/// An encounter file of `R`, read (by the ruleset's own reader,
/// [`Rules::read_file`]).
pub(crate) type EncounterFile<R> = nanite_core::encounter_file::EncounterFile<
    <R as Rules>::Settings,
    <R as Rules>::Place,
    <R as Rules>::Order,
>;

/// Each combatant of an encounter file with its fighter.
pub(crate) type Roster<R> = Vec<(Entrant<<R as Rules>::Place>, <R as Rules>::Fighter)>;

/// The file's name without its extension, the encounter's name unless it
/// names itself.
pub(crate) fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "encounter".into(), |s| s.to_string_lossy().into_owned())
}

/// An encounter file (`what`: "encounter file", "session") and its
/// character files, read and checked: every problem of them all is
/// reported at once (warnings on stderr with `warn`, errors as the error).
pub(crate) fn read_checked<R: Rules>(
    rules: &R,
    path: &Path,
    what: &str,
    warn: bool,
) -> Result<(EncounterFile<R>, Roster<R>, SourceFile)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    let source_file = SourceFile::new(path.display().to_string(), text);
    let (encounter, mut found) = rules.read_file(&source_file, &stem(path));
    let dir = path.parent().unwrap_or(Path::new(""));
    let roster = match &encounter {
        Some(e) => fighters(rules, e, dir, source_file.name(), &mut found),
        None => Vec::new(),
    };
    let Some(encounter) = encounter.filter(|_| !found.has_errors()) else {
        bail!(cannot_run(path, &found));
    };
    if warn && !found.is_empty() {
        write!(std::io::stderr().lock(), "{found}")?;
    }
    Ok((encounter, roster, source_file))
}

/// Why a file cannot run: its errors.
pub(crate) fn cannot_run(path: &Path, found: &Diagnostics) -> String {
    let errors = found.error_count();
    format!(
        "{} cannot run: {errors} error{}:\n{found}",
        path.display(),
        if errors == 1 { "" } else { "s" },
    )
}

/// Each combatant's fighter from its character file; every problem of
/// every file goes into `found`. A file two combatants share is read once.
fn fighters<R: Rules>(
    rules: &R,
    encounter: &EncounterFile<R>,
    dir: &Path,
    file_name: &str,
    found: &mut Diagnostics,
) -> Roster<R> {
    let mut read: Vec<(PathBuf, Option<R::Fighter>)> = Vec::new();
    let mut roster = Vec::new();
    for entrant in &encounter.combatants {
        let path = dir.join(&entrant.character);
        let fighter = match read.iter().find(|(p, _)| *p == path) {
            Some((_, fighter)) => fighter.clone(),
            None => {
                let fighter = match rules.read_character(&path) {
                    Ok((character, problems)) => {
                        let ok = !problems.has_errors();
                        found.extend(problems);
                        ok.then(|| rules.fighter(&character, &encounter.settings))
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
                R::rename(&mut fighter, name);
            }
            roster.push((entrant.clone(), fighter));
        }
    }
    R::check_roster(&roster, file_name, found);
    roster
}

/// The command that brings `e` into the fight, with its line and log text.
pub(crate) fn entering<R: Rules>(
    e: &Entrant<R::Place>,
    fighter: &R::Fighter,
) -> (usize, String, R::Command) {
    (
        e.line,
        format!("add {} ({}, {})", e.id, R::name(fighter), e.side),
        R::enter(e, fighter),
    )
}

/// The commands that set up `entrants`: each enters, then the hand-set
/// initiatives, each with its line and log text.
pub(crate) fn setup_commands<'a, R: Rules + 'a>(
    entrants: impl Iterator<Item = &'a (Entrant<R::Place>, R::Fighter)> + Clone,
) -> Vec<(usize, String, R::Command)> {
    let mut commands: Vec<(usize, String, R::Command)> =
        entrants.clone().map(|(e, f)| entering::<R>(e, f)).collect();
    for (e, _) in entrants {
        if let Some(total) = e.initiative {
            commands.push((
                e.line,
                format!("initiative {} {total}", e.id),
                R::clock(ClockCommand::SetInitiative {
                    id: e.id.clone(),
                    total,
                }),
            ));
        }
    }
    commands
}
