//! The carried state file beside a character file (docs/campaign.md,
//! "Character state on files"): what a campaign character carries from one
//! fight to the next when the GM runs the campaign from files, without the
//! server.
//!
//! `vex.toml`'s state is `vex.state.toml` in the same folder: a `format`,
//! the `ruleset`, the character file's name, the `[state]` itself (the very
//! `CharacterState` of `nanite_compound_x::carry` or `nanite_d20::carry`
//! that the server keeps, with the same field names) and a `[[log]]` of
//! every change, with the GM's reason where one was given. A character
//! without a state file carries its file's state, fresh. The rules of each
//! change are the engine's: this module only reads and writes the file.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use nanite_core::CombatantId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::cx::{Outcome, write_file};

/// The newest state file format this build reads and writes.
pub(crate) const STATE_FORMAT: i64 = 1;

/// One change of a state, as the file's `[[log]]` keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LogEntry {
    /// The command (`rest long`, `heal`, `encounter Ambush at the depot`...).
    pub(crate) what: String,
    /// The GM's reason (a correction's is required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    /// What happened, in the engine's words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) lines: Vec<String>,
    /// What changed, value by value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) changes: Vec<String>,
}

/// A state file as it is on disk.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateFile<S> {
    /// [`STATE_FORMAT`].
    pub(crate) format: i64,
    /// `compound-x` or `d20`.
    pub(crate) ruleset: String,
    /// The character file's name, beside this one.
    pub(crate) character: String,
    /// The state now.
    pub(crate) state: S,
    /// Every change, oldest first.
    #[serde(default)]
    pub(crate) log: Vec<LogEntry>,
}

/// An engine's carried state (`nanite_compound_x::carry::CharacterState`,
/// `nanite_d20::carry::CharacterState`), as the state files keep it.
pub(crate) trait CarriedState: Serialize + DeserializeOwned + Clone {
    /// The ruleset's name in a state file.
    const RULESET: &'static str;
    /// The engine's battle, which a fight leaves the state in.
    type Battle;
    /// What changed from `before`, value by value.
    fn changes_from(&self, before: &Self) -> Vec<String>;
    /// The state once the ended fight `battle` is done with combatant `id`
    /// (the engine's `after_fight`), or why it cannot be written back.
    fn after_fight(&self, battle: &Self::Battle, id: &CombatantId) -> Result<Self, String>;
}

/// A character file read with its carried state: `C` is the character as
/// its ruleset reads it (with its sheet), `S` the engine's state.
pub(crate) struct Carried<C, S> {
    /// The character file.
    pub(crate) path: PathBuf,
    /// The character.
    pub(crate) character: C,
    /// Its state file, when it has one.
    pub(crate) file: Option<StateFile<S>>,
    /// The state now (fresh without a file).
    pub(crate) state: S,
}

/// The name a character goes by in what a state change tells.
pub(crate) trait Named {
    /// The character's name.
    fn name(&self) -> &str;
}

impl<C: Named, S: CarriedState> Carried<C, S> {
    /// Writes `state` with a log entry and says what changed.
    pub(crate) fn commit(
        self,
        state: &S,
        what: String,
        reason: Option<String>,
        lines: Vec<String>,
        out: &mut dyn Write,
    ) -> Result<()> {
        let changes = state.changes_from(&self.state);
        let entry = LogEntry {
            what,
            reason,
            lines,
            changes,
        };
        commit(
            &self.path,
            S::RULESET,
            self.file,
            state,
            self.character.name(),
            entry,
            out,
        )
    }
}

/// The state file of the character file `character`: `NAME.state.toml`
/// beside `NAME.toml`.
pub(crate) fn state_path(character: &Path) -> PathBuf {
    let stem = character
        .file_stem()
        .map_or_else(|| "character".into(), |s| s.to_string_lossy().into_owned());
    character.with_file_name(format!("{stem}.state.toml"))
}

/// Reads the state file of `character` (of `ruleset`), or `None` when
/// there is none yet.
pub(crate) fn load<S: DeserializeOwned>(
    character: &Path,
    ruleset: &str,
) -> Result<Option<StateFile<S>>> {
    let path = state_path(character);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let not_a_state = |e: String| {
        anyhow::anyhow!(
            "{} is not a state file nanite can read: {}\n  fix it by hand (docs/campaign.md describes the format), or remove it to start {} fresh",
            path.display(),
            e.trim_end(),
            character.display()
        )
    };
    let table: toml::Table = toml::from_str(&text).map_err(|e| not_a_state(e.to_string()))?;
    // The format and the ruleset first: a file of another one says so.
    let format = table.get("format").and_then(toml::Value::as_integer);
    if format != Some(STATE_FORMAT) {
        bail!(
            "{}: format {} is not one this nanite reads (it reads format {STATE_FORMAT}); use the nanite that wrote it",
            path.display(),
            format.map_or_else(|| "(none)".to_string(), |f| f.to_string())
        );
    }
    let theirs = table.get("ruleset").and_then(toml::Value::as_str);
    if theirs != Some(ruleset) {
        bail!(
            "{} holds a {} state, not a {ruleset} one; it belongs to another ruleset's character",
            path.display(),
            theirs.unwrap_or("(no ruleset)")
        );
    }
    let file: StateFile<S> = table
        .try_into()
        .map_err(|e: toml::de::Error| not_a_state(e.to_string()))?;
    Ok(Some(file))
}

/// Writes `state` as the state of `character` with one more log entry
/// (`previous` is what [`load`] read, if anything), atomically.
pub(crate) fn save<S: Serialize + Clone>(
    character: &Path,
    ruleset: &str,
    previous: Option<StateFile<S>>,
    state: &S,
    entry: LogEntry,
) -> Result<PathBuf> {
    let name = character
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut file = previous.unwrap_or_else(|| StateFile {
        format: STATE_FORMAT,
        ruleset: ruleset.to_string(),
        character: name.clone(),
        state: state.clone(),
        log: Vec::new(),
    });
    file.character = name;
    file.state = state.clone();
    file.log.push(entry);
    let text = format!(
        "# The carried state of {} (nanite; docs/campaign.md). Changed by `nanite {} state`\n# and `nanite {} encounter --carry`; the [[log]] keeps every change.\n{}",
        file.character,
        cli_name(ruleset),
        cli_name(ruleset),
        toml::to_string(&file).context("cannot write the state as TOML")?
    );
    let path = state_path(character);
    write_file(&path, &text)?;
    Ok(path)
}

/// Writes `state` as [`save`] does and tells `out` the engine's lines and
/// what changed for `name` (the character's name).
pub(crate) fn commit<S: Serialize + Clone>(
    character: &Path,
    ruleset: &str,
    previous: Option<StateFile<S>>,
    state: &S,
    name: &str,
    entry: LogEntry,
    out: &mut dyn Write,
) -> Result<()> {
    for line in &entry.lines {
        writeln!(out, "  {line}")?;
    }
    let changes = if entry.changes.is_empty() {
        "nothing changed".to_string()
    } else {
        entry.changes.join(", ")
    };
    let written = save(character, ruleset, previous, state, entry)?;
    writeln!(out, "{name}: {changes} ({})", written.display())?;
    Ok(())
}

/// A change the engine refused: a value out of its range is an error
/// (`bad_value`); a rule's refusal is reported and exits 1.
pub(crate) fn refused(why: impl std::fmt::Display, bad_value: bool) -> Result<Outcome> {
    if bad_value {
        bail!("{why}; nothing was changed");
    }
    writeln!(
        std::io::stderr().lock(),
        "refused: {why}\n  nothing was changed"
    )?;
    Ok(Outcome::Problems)
}

/// The last line of a shown state: its file and how many changes it logs,
/// or that it is fresh.
pub(crate) fn state_line<S>(character: &Path, file: Option<&StateFile<S>>) -> String {
    match file {
        Some(f) => format!(
            "State: {} ({} change{})\n",
            state_path(character).display(),
            f.log.len(),
            if f.log.len() == 1 { "" } else { "s" }
        ),
        None => "State: fresh (no state file yet)\n".to_string(),
    }
}

fn cli_name(ruleset: &str) -> &str {
    if ruleset == "d20" { "d20" } else { "cx" }
}

/// Which combatants of an encounter carry their state (`--carry` with no
/// ids: all of them), each with its character file; refused when two
/// carried combatants share one file (a carried character enters once).
pub(crate) fn carried_entrants<'a, P>(
    entrants: impl Iterator<Item = &'a nanite_core::encounter_file::Entrant<P>>,
    only: &[String],
    dir: &Path,
) -> Result<Vec<(nanite_core::CombatantId, PathBuf)>>
where
    P: 'a,
{
    let mut out: Vec<(nanite_core::CombatantId, PathBuf)> = Vec::new();
    let mut seen = Vec::new();
    for e in entrants {
        seen.push(e.id.to_string());
        if !only.is_empty() && !only.iter().any(|id| id == e.id.as_str()) {
            continue;
        }
        let path = dir.join(&e.character);
        if let Some((other, _)) = out.iter().find(|(_, p)| *p == path) {
            bail!(
                "--carry: {other} and {} are both {}; a carried character enters once (give each its own character file, or name the carried ones: --carry {other})",
                e.id,
                e.character
            );
        }
        out.push((e.id.clone(), path));
    }
    if let Some(unknown) = only.iter().find(|id| !seen.contains(id)) {
        bail!(
            "--carry {unknown}: no combatant has that id; the encounter has {}",
            seen.join(", ")
        );
    }
    Ok(out)
}
