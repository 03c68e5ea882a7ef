//! The GM's table session of `nanite cx play FILE` and `nanite d20 play
//! FILE`: start a fight or resume one from an encounter file, add
//! combatants from character files, and run commands in the ruleset's
//! script, with `undo`, `status`, `help` and `roll`.
//!
//! The session is the encounter file itself: after every accepted command
//! it is rewritten (atomically) with the command appended to its script and
//! every die rolled appended to its dice, so a crash loses nothing and
//! `encounter FILE` replays the session exactly.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use clap::{ArgGroup, Args};
use nanite_core::{DiceSource, Game, ScriptedDice};

use super::{Entrant, Roster, Rules, entering, fight, read_checked, stem};
use crate::cx::write_file;
use crate::prompt::{self, Step, roll};

/// What every ruleset's `play` takes: the session file and the dice of
/// this sitting.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").args(["seed", "physical"])))]
pub(crate) struct Sitting {
    /// The session: an encounter file to resume, or a new one to create. It
    /// is saved after every command.
    pub(crate) file: PathBuf,
    /// Seeded dice for the commands of this sitting.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Ask on the terminal for each die, naming what it is for.
    #[arg(long)]
    physical: bool,
}

impl Sitting {
    /// The dice of this sitting: seeded, the terminal's, or the machine's.
    pub(crate) fn dice(&self) -> Box<dyn DiceSource> {
        prompt::dice(self.seed, self.physical)
    }
}

/// A session: the encounter file's combatants and settings, the steps
/// taken, and the game they lead to.
pub(crate) struct Session<R: Rules> {
    rules: R,
    path: PathBuf,
    name: String,
    settings: R::Settings,
    roster: Roster<R>,
    steps: Vec<Step>,
    game: Game<R::Engine>,
}

impl<R: Rules> Session<R> {
    /// Resumes the session in `path` (replaying its script with its own
    /// dice), or starts a new one there with the `fresh` settings.
    pub(crate) fn open(rules: R, path: &Path, fresh: R::Settings) -> Result<Session<R>> {
        if !path.exists() {
            let session = Session {
                rules,
                path: path.to_path_buf(),
                name: stem(path),
                game: Game::new(R::battle(&fresh)),
                settings: fresh,
                roster: Vec::new(),
                steps: Vec::new(),
            };
            session.save()?;
            return Ok(session);
        }
        let (encounter, roster, source_file) = read_checked(&rules, path, "session", false)?;
        if encounter.seed.is_some() {
            bail!(
                "{} uses a seed; a session keeps its dice in `[script] dice` so it replays exactly: remove `seed`",
                path.display()
            );
        }
        let faces = encounter.dice.clone().unwrap_or_default();
        let mut saved = ScriptedDice::new(faces.iter().copied());
        let fight = fight::play::<R>(&encounter, roster, &mut saved, &source_file)?;
        if let Some(stop) = &fight.stop {
            bail!(
                "{}:{}: the saved session does not replay at `{}`: {}",
                path.display(),
                stop.line,
                stop.text,
                stop.message()
            );
        }
        // The steps in the order they were taken: those present from the
        // start, then each script line with the arrivals before it.
        let mut steps: Vec<Step> = fight
            .roster
            .iter()
            .filter(|(e, _)| e.after.is_none())
            .map(|(e, _)| Step::Added(e.id.clone()))
            .collect();
        let mut arrivals = fight.roster.iter().filter(|(e, _)| e.after.is_some());
        let mut lines = encounter.script.iter();
        for record in &fight.commands {
            if record.joined {
                if let Some((e, _)) =
                    arrivals.find(|(e, _)| record.text.starts_with(&format!("add {} ", e.id)))
                {
                    steps.push(Step::Added(e.id.clone()));
                }
            } else {
                let text = lines
                    .next()
                    .map_or_else(|| record.text.clone(), |s| s.text.clone());
                let dice = record.dice.iter().map(|d| i64::from(d.value)).collect();
                steps.push(Step::Line { text, dice });
            }
        }
        Ok(Session {
            rules,
            path: path.to_path_buf(),
            name: if fight.name.is_empty() {
                stem(path)
            } else {
                fight.name
            },
            settings: fight.settings,
            roster: fight.roster,
            steps,
            game: fight.game,
        })
    }

    /// Reads lines at the terminal with `dice` until the GM leaves.
    pub(crate) fn converse(&mut self, dice: &mut dyn DiceSource) -> Result<()> {
        let mut lines = prompt::Terminal::beside(&self.path)?;
        prompt::converse(self, dice, &mut lines, &mut std::io::stdout())
    }

    /// The script lines so far.
    fn lines(&self) -> usize {
        prompt::lines(&self.steps).count()
    }

    /// A script line: read, checked against the fight, decided, told,
    /// and saved.
    fn command(&mut self, line: &str, dice: &mut dyn DiceSource) -> Result<String> {
        let order = R::parse(line).map_err(|e| anyhow!("{}", e.under(line)))?;
        let state = self.game.state();
        let ids = R::ids(state);
        if let Some(id) = R::named(&order).iter().find(|id| !ids.contains(id)) {
            bail!(
                "nobody called '{id}' is in this fight (known: {}); `add` brings someone in",
                prompt::known(ids.into_iter())
            );
        }
        let command =
            R::command(&order, state).map_err(|e| anyhow!("{}\n  {}", e.message, e.help))?;
        let before = state.clone();
        let entry = self
            .game
            .execute(&command, dice)
            .map_err(|refusal| anyhow!("refused: {refusal}\n  nothing changed"))?;
        let mut text = String::new();
        for told in R::narrate(&before, &entry.events) {
            text.push_str(&format!("  {told}\n"));
        }
        if !entry.dice.is_empty() {
            text.push_str(&format!("  dice: {}\n", R::dice(&entry.dice)));
        }
        let dice = entry.dice.iter().map(|d| i64::from(d.value)).collect();
        self.steps.push(Step::Line {
            text: line.to_string(),
            dice,
        });
        self.save()?;
        Ok(text)
    }

    /// `add ID CHARACTER.toml SIDE …`: a combatant enters from its
    /// character file.
    fn add(&mut self, rest: &str) -> Result<String> {
        let usage = R::ADD_USAGE;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [id, character, side, options @ ..] = words.as_slice() else {
            bail!("add needs an id, a character file and a side\n  {usage}");
        };
        R::usable_id(id).map_err(|e| anyhow!("{e}\n  {usage}"))?;
        let (hidden, place) =
            R::add_options(options, self.game.state()).map_err(|e| anyhow!("{e}\n  {usage}"))?;
        let dir = self.path.parent().unwrap_or(Path::new(""));
        let path = if Path::new(character).is_absolute() {
            PathBuf::from(character)
        } else {
            dir.join(character)
        };
        let character_of = self.rules.read_valid_character(&path)?;
        let fighter = self.rules.fighter(&character_of, &self.settings);
        let lines = self.lines();
        let entrant = Entrant {
            id: id.to_string().into(),
            character: character.to_string(),
            side: side.to_string(),
            name: None,
            place,
            hidden,
            initiative: None,
            after: (lines > 0).then_some(lines),
            line: 0,
        };
        let before = self.game.state().clone();
        let (_, _, command) = entering::<R>(&entrant, &fighter);
        let entry = self
            .game
            .execute(&command, &mut ScriptedDice::new([]))
            .map_err(|refusal| anyhow!("refused: {refusal}\n  nothing changed"))?;
        let told = R::narrate(&before, &entry.events);
        self.steps.push(Step::Added(entrant.id.clone()));
        self.roster.push((entrant, fighter));
        self.save()?;
        Ok(told.iter().map(|t| format!("  {t}\n")).collect())
    }

    /// `undo`: takes back the last step, a script line or an `add`.
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
        let name = R::NAME;
        let mut out = format!(
            "# A nanite {name} play session: `nanite {name} play` resumes it, `nanite {name} encounter` replays it.\nformat = {}\nname = {}\n",
            R::FORMAT,
            q(&self.name)
        );
        out.push_str(&R::settings_head(&self.settings));
        for (e, _) in &self.roster {
            out.push_str(&format!(
                "\n[[combatant]]\nid = {}\ncharacter = {}\nside = {}\n",
                q(e.id.as_str()),
                q(&e.character),
                q(&e.side)
            ));
            out.push_str(&R::place_lines(&e.place));
            if let Some(name) = &e.name {
                out.push_str(&format!("name = {}\n", q(name)));
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
        out.push_str(&R::settings_tail(&self.settings));
        out.push_str(&prompt::script_section(&self.steps));
        out
    }

    /// Writes the session (atomically: the old file or the new, never half).
    fn save(&self) -> Result<()> {
        write_file(&self.path, &self.to_toml())
    }
}

impl<R: Rules> prompt::Sitting for Session<R> {
    fn greeting(&self) -> String {
        prompt::greeting(&self.name, self.lines(), &R::status(self.game.state()))
    }

    fn prompt(&self) -> String {
        prompt::turn_prompt(R::active(self.game.state()))
    }

    /// Words for tab completion: the prompt's, the script's, the ids, and
    /// the ruleset's own.
    fn words(&self) -> Vec<String> {
        let mut words: Vec<String> = R::META.iter().map(|(w, _)| w.to_string()).collect();
        words.extend(R::verbs().into_iter().map(String::from));
        words.extend(R::ids(self.game.state()).iter().map(|id| id.to_string()));
        words.extend(self.rules.words());
        words.sort();
        words.dedup();
        words
    }

    /// Takes one line at the prompt; returns what to show.
    fn take(&mut self, line: &str, dice: &mut dyn DiceSource) -> Result<String> {
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        match verb {
            "help" | "?" => {
                let (gm, actions) = R::forms();
                Ok(prompt::help(R::META, gm.into_iter(), actions.into_iter()))
            }
            "status" => Ok(R::status(self.game.state())),
            "undo" => self.undo(),
            // `roll initiative` is the GM's; any other roll is a table roll.
            "roll" if !rest.trim_start().starts_with("initiative") => roll(rest, dice),
            "add" => self.add(rest),
            _ => self.command(line, dice),
        }
    }
}
