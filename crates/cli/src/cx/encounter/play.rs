//! `nanite cx play FILE`: the GM's table prompt. Start a fight or resume one
//! from an encounter file, add combatants from character files, and run
//! commands in the script syntax (`vex fire burst drone-2 15m`, `next`),
//! with `undo`, `status`, `help` and `roll`, tab completion of names and
//! commands, and history.
//!
//! The session is the encounter file itself: after every accepted command
//! it is rewritten (atomically) with the command appended to its script and
//! every die rolled appended to its dice, so a crash loses nothing and
//! `nanite cx encounter FILE` replays the session exactly.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{ArgGroup, Args};
use nanite_compound_x::combat::{ConditionKind, Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, narrate_all};
use nanite_compound_x::{Pack, Sheet};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, DiceSource, Game, ScriptedDice};

use super::file::{self, Entrant};
use super::{fighters, report};
use crate::cx::{Outcome, read_valid_character, write_file};
use crate::prompt::{self, Step, roll};
use nanite_compound_x::script::{self, ACTION_FORMS, GM_FORMS};

/// Arguments of `nanite cx play`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").args(["seed", "physical"])))]
pub(crate) struct PlayArgs {
    /// The session: an encounter file to resume, or a new one to create. It
    /// is saved after every command.
    file: PathBuf,
    /// Seeded dice for the commands of this sitting.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Ask on the terminal for each die, naming what it is for.
    #[arg(long)]
    physical: bool,
}

/// The prompt's own words, beside the script's.
const META: &[(&str, &str)] = &[
    (
        "add",
        "add ID CHARACTER.toml SIDE [hidden] [cover C] [stance S]",
    ),
    ("undo", "undo: take back the last command"),
    (
        "status",
        "status: the initiative order, health, armor, shields, conditions",
    ),
    (
        "roll",
        "roll EXPRESSION: a roll at the table, outside the fight",
    ),
    ("help", "help: this list"),
    (
        "quit",
        "quit (or end of input): leave; the session is already saved",
    ),
];

/// A session: the encounter file's combatants and distances, the steps
/// taken, and the game they lead to.
struct Session {
    path: PathBuf,
    name: String,
    roster: Vec<(Entrant, Fighter)>,
    distances: Vec<(CombatantId, CombatantId, i64)>,
    steps: Vec<Step>,
    game: Game<CompoundX>,
}

pub(crate) fn run(args: &PlayArgs, pack: &Pack) -> Result<Outcome> {
    let mut session = Session::open(&args.file, pack)?;
    let mut dice = prompt::dice(args.seed, args.physical);
    prompt::converse(&mut session, pack, dice.as_mut())?;
    Ok(Outcome::Success)
}

impl Session {
    /// Resumes the session in `path` (replaying its script with its own
    /// dice), or starts a new one there.
    fn open(path: &Path, pack: &Pack) -> Result<Session> {
        let name = path
            .file_stem()
            .map_or_else(|| "encounter".into(), |s| s.to_string_lossy().into_owned());
        if !path.exists() {
            let session = Session {
                path: path.to_path_buf(),
                name,
                roster: Vec::new(),
                distances: Vec::new(),
                steps: Vec::new(),
                game: Game::new(Battle::new()),
            };
            session.save()?;
            return Ok(session);
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the session {}", path.display()))?;
        let source_file = SourceFile::new(path.display().to_string(), text);
        let (encounter, mut found) = file::read(&source_file, &name);
        let dir = path.parent().unwrap_or(Path::new(""));
        let roster = match &encounter {
            Some(e) => fighters(e, dir, source_file.name(), pack, &mut found),
            None => Vec::new(),
        };
        let Some(encounter) = encounter.filter(|_| !found.has_errors()) else {
            bail!(super::cannot_run(path, &found));
        };
        if encounter.seed.is_some() {
            bail!(
                "{} uses a seed; a session keeps its dice in `[script] dice` so it replays exactly: remove `seed`",
                path.display()
            );
        }
        let faces = encounter.dice.clone().unwrap_or_default();
        let mut saved = ScriptedDice::new(faces.iter().copied());
        let fight = super::play(&encounter, roster, &mut saved, &source_file)?;
        if let Some(stop) = &fight.stop {
            bail!(
                "{}:{}: the saved session does not replay at `{}`: {}",
                path.display(),
                stop.line,
                stop.text,
                stop.message()
            );
        }
        let mut steps = Vec::new();
        let mut script = encounter.script.iter();
        for record in &fight.commands {
            // Joiners are recorded as commands too; their entrant says so.
            let joined = fight
                .roster
                .iter()
                .find(|(e, _)| e.after.is_some() && e.line == record.line);
            match joined {
                Some((e, _)) if record.text.starts_with("add ") => {
                    steps.push(Step::Added(e.id.clone()));
                }
                _ => {
                    let text = script
                        .next()
                        .map_or_else(|| record.text.clone(), |s| s.text.clone());
                    let dice = record.dice.iter().map(|d| i64::from(d.value)).collect();
                    steps.push(Step::Line { text, dice });
                }
            }
        }
        let mut setup_adds: Vec<Step> = fight
            .roster
            .iter()
            .filter(|(e, _)| e.after.is_none())
            .map(|(e, _)| Step::Added(e.id.clone()))
            .collect();
        setup_adds.extend(steps);
        Ok(Session {
            path: path.to_path_buf(),
            name: if encounter.name.is_empty() {
                name
            } else {
                encounter.name.clone()
            },
            roster: fight.roster,
            distances: encounter
                .distances
                .iter()
                .map(|g| (g.a.clone(), g.b.clone(), g.metres))
                .collect(),
            steps: setup_adds,
            game: fight.game,
        })
    }

    /// The script lines so far.
    fn lines(&self) -> impl Iterator<Item = &Step> {
        prompt::lines(&self.steps)
    }
}

impl prompt::Sitting for Session {
    type Pack = Pack;

    fn greeting(&self) -> String {
        prompt::greeting(
            &self.name,
            self.lines().count(),
            &report::table(self.game.state()).to_text(),
        )
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn active(&self) -> Option<&CombatantId> {
        self.game.state().clock.active.as_ref()
    }

    /// Words for tab completion: the prompt's, the script's, the ids.
    fn words(&self, _pack: &Pack) -> Vec<String> {
        let mut words: Vec<String> = META.iter().map(|(w, _)| w.to_string()).collect();
        words.extend(GM_FORMS.iter().map(|f| f.verb.to_string()));
        words.extend(ACTION_FORMS.iter().map(|f| f.verb.to_string()));
        words.extend(self.game.state().combatants.keys().map(|id| id.to_string()));
        words.extend(ConditionKind::ALL.iter().map(|c| c.key().to_string()));
        words.extend(
            [
                "semi",
                "burst",
                "auto",
                "hip",
                "blind",
                "aimed",
                "cover",
                "none",
                "partial",
                "full",
                "standing",
                "crouched",
                "prone",
                "hunkered",
                "initiative",
                "surprise",
            ]
            .map(String::from),
        );
        words.sort();
        words.dedup();
        words
    }

    /// Takes one line at the prompt; returns what to show.
    fn take(&mut self, line: &str, pack: &Pack, dice: &mut dyn DiceSource) -> Result<String> {
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        match verb {
            "help" | "?" => Ok(help()),
            "status" => Ok(report::table(self.game.state()).to_text()),
            "undo" => self.undo(),
            // `roll initiative` is the GM's; any other roll is a table roll.
            "roll" if !rest.trim_start().starts_with("initiative") => roll(rest, dice),
            "add" => self.add(rest, pack),
            _ => self.command(line, dice),
        }
    }
}

impl Session {
    fn command(&mut self, line: &str, dice: &mut dyn DiceSource) -> Result<String> {
        let parsed = script::parse(line).map_err(|e| anyhow::anyhow!("{}", e.under(line)))?;
        let state = self.game.state();
        if let Some(id) = parsed
            .ids
            .iter()
            .find(|id| !state.combatants.contains_key(id))
        {
            bail!(
                "nobody called '{id}' is in this fight (known: {}); `add` brings someone in",
                prompt::known(state.combatants.keys())
            );
        }
        let command = parsed
            .order
            .command(state)
            .map_err(|e| anyhow::anyhow!("{}\n  {}", e.message, e.help))?;
        let before = state.clone();
        let entry = self
            .game
            .execute(&command, dice)
            .map_err(|refusal| anyhow::anyhow!("refused: {refusal}\n  nothing changed"))?;
        let mut text = String::new();
        for told in narrate_all(&before, &entry.events) {
            text.push_str(&format!("  {told}\n"));
        }
        if !entry.dice.is_empty() {
            text.push_str(&format!("  dice: {}\n", report::dice(&entry.dice)));
        }
        let dice = entry.dice.iter().map(|d| i64::from(d.value)).collect();
        self.steps.push(Step::Line {
            text: line.to_string(),
            dice,
        });
        self.save()?;
        Ok(text)
    }

    fn add(&mut self, rest: &str, pack: &Pack) -> Result<String> {
        let usage = "add ID CHARACTER.toml SIDE [hidden] [cover none|partial|full] [stance standing|crouched|prone|hunkered]";
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [id, character, side, options @ ..] = words.as_slice() else {
            bail!("add needs an id, a character file and a side\n  {usage}");
        };
        let (mut hidden, mut cover, mut stance) = (false, Cover::None, Stance::Standing);
        let mut options = options.iter();
        while let Some(word) = options.next() {
            match *word {
                "hidden" => hidden = true,
                "cover" => {
                    cover = options
                        .next()
                        .and_then(|c| Cover::parse(c))
                        .with_context(|| format!("cover is none, partial or full\n  {usage}"))?;
                }
                "stance" => {
                    stance = options
                        .next()
                        .and_then(|s| Stance::parse(s))
                        .with_context(|| {
                            format!("stance is standing, crouched, prone or hunkered\n  {usage}")
                        })?;
                }
                other => bail!("'{other}' is not an option of add\n  {usage}"),
            }
        }
        let id = CombatantId::from(id.to_string());
        let dir = self.path.parent().unwrap_or(Path::new("")).to_path_buf();
        let path = if Path::new(character).is_absolute() {
            PathBuf::from(character)
        } else {
            dir.join(character)
        };
        let (sheet_of, _) = read_valid_character(&path, pack)?;
        let fighter = Fighter::from_sheet(&Sheet::compute(&sheet_of, pack), pack);
        let before = self.game.state().clone();
        let entry = self
            .game
            .execute(
                &Command::Add {
                    id: id.clone(),
                    side: side.to_string(),
                    hidden,
                    fighter: Box::new(fighter.clone()),
                    cover,
                    stance,
                },
                &mut ScriptedDice::new([]),
            )
            .map_err(|refusal| anyhow::anyhow!("refused: {refusal}\n  nothing changed"))?;
        let told = narrate_all(&before, &entry.events);
        let lines = self.lines().count();
        self.roster.push((
            Entrant {
                id: id.clone(),
                character: character.to_string(),
                side: side.to_string(),
                name: None,
                cover,
                stance,
                hidden,
                initiative: None,
                after: (lines > 0).then_some(lines),
                line: 0,
            },
            fighter,
        ));
        self.steps.push(Step::Added(id));
        self.save()?;
        Ok(told.iter().map(|t| format!("  {t}\n")).collect())
    }

    fn undo(&mut self) -> Result<String> {
        let Some(step) = self.steps.pop() else {
            bail!("nothing to undo");
        };
        self.game.undo();
        let what = match step {
            Step::Line { text, .. } => text,
            Step::Added(id) => {
                self.roster.retain(|(e, _)| e.id != id);
                format!("add {id}")
            }
        };
        self.save()?;
        Ok(format!("  undone: {what}\n"))
    }

    /// The session as an encounter file.
    fn to_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut out = format!(
            "# A nanite cx play session: `nanite cx play` resumes it, `nanite cx encounter` replays it.\nformat = {}\nname = {}\n",
            file::ENCOUNTER_FORMAT,
            q(&self.name)
        );
        for (e, _) in &self.roster {
            out.push_str(&format!(
                "\n[[combatant]]\nid = {}\ncharacter = {}\nside = {}\n",
                q(e.id.as_str()),
                q(&e.character),
                q(&e.side)
            ));
            if let Some(name) = &e.name {
                out.push_str(&format!("name = {}\n", q(name)));
            }
            if e.cover != Cover::None {
                out.push_str(&format!("cover = {}\n", q(e.cover.key())));
            }
            if e.stance != Stance::Standing {
                out.push_str(&format!("stance = {}\n", q(e.stance.key())));
            }
            if e.hidden {
                out.push_str("hidden = true\n");
            }
            if let Some(total) = e.initiative {
                out.push_str(&format!("initiative = {total}\n"));
            }
            if let Some(after) = e.after {
                out.push_str(&format!("after = {after}\n"));
            }
        }
        for (a, b, metres) in &self.distances {
            out.push_str(&format!(
                "\n[[distance]]\nbetween = [{}, {}]\nmetres = {metres}\n",
                q(a.as_str()),
                q(b.as_str())
            ));
        }
        out.push_str(&prompt::script_section(&self.steps));
        out
    }

    /// Writes the session (atomically: the old file or the new, never half).
    fn save(&self) -> Result<()> {
        write_file(&self.path, &self.to_toml())
    }
}

fn help() -> String {
    prompt::help(
        META,
        GM_FORMS.iter().map(|f| f.usage),
        ACTION_FORMS.iter().map(|f| f.usage),
    )
}
