//! `nanite d20 play FILE`: the GM's table prompt for D20. Start a fight or
//! resume one from an encounter file, add combatants from character files,
//! and run commands in the script syntax (`kara attack raider rapier`,
//! `next`), with `undo`, `status`, `help` and `roll`, tab completion of
//! names and commands, and history.
//!
//! The session is the encounter file itself: after every accepted command
//! it is rewritten (atomically) with the command appended to its script and
//! every die rolled appended to its dice, so a crash loses nothing and
//! `nanite d20 encounter FILE` replays the session exactly.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{ArgGroup, Args};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, DiceSource, Game, ScriptedDice};
use nanite_d20::encounter::{
    Battle, Command, D20, Field, Fighter, Place, Row, Square, narrate_all,
};
use nanite_d20::{Campaign, InitiativeBy, InitiativeReroll, Pack};

use super::file::{self, Entrant};
use super::{cannot_run, fighters, report};
use crate::cx::{Outcome, write_file};
use crate::d20::read_valid_character;
use crate::prompt::{self, Step, roll};
use nanite_d20::script::{self, ACTION_FORMS, GM_FORMS};

/// Arguments of `nanite d20 play`.
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
    /// A new session on a map of WIDTHxHEIGHT 5 ft squares (`12x8`);
    /// without it a new session is map-less, in rows (D20-MOVE-03).
    #[arg(long, value_name = "WxH", value_parser = parse_map)]
    map: Option<(i64, i64)>,
    /// A new session's initiative: by combatant (D20-INIT-01) or by side
    /// (D20-INIT-03). Default: the pack's campaign.
    #[arg(long, value_name = "combatant|side", value_parser = parse_initiative)]
    initiative: Option<InitiativeBy>,
    /// A new session's initiative: rolled each round or kept for the
    /// battle (D20-INIT-02). Default: the pack's campaign.
    #[arg(long, value_name = "each-round|kept", value_parser = parse_reroll)]
    reroll: Option<InitiativeReroll>,
}

fn parse_map(text: &str) -> Result<(i64, i64), String> {
    let help = "give the map as WIDTHxHEIGHT squares, each 1 to 200, like `12x8`";
    let (w, h) = text.split_once('x').ok_or_else(|| help.to_string())?;
    let size = |n: &str| {
        n.trim()
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=200).contains(n))
    };
    match (size(w), size(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(help.to_string()),
    }
}

fn parse_initiative(text: &str) -> Result<InitiativeBy, String> {
    match text {
        "combatant" => Ok(InitiativeBy::Combatant),
        "side" => Ok(InitiativeBy::Side),
        _ => Err("initiative is `combatant` or `side`".into()),
    }
}

fn parse_reroll(text: &str) -> Result<InitiativeReroll, String> {
    match text {
        "each-round" => Ok(InitiativeReroll::EachRound),
        "kept" => Ok(InitiativeReroll::Kept),
        _ => Err("reroll is `each-round` or `kept`".into()),
    }
}

/// The prompt's own words, beside the script's.
const META: &[(&str, &str)] = &[
    (
        "add",
        "add ID CHARACTER.toml SIDE [X,Y | front | back] [hidden]",
    ),
    ("undo", "undo: take back the last command (or add)"),
    (
        "status",
        "status: the turn order, hit points, places and states",
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

/// A session: its settings, its combatants, the steps taken, and the game
/// they lead to.
struct Session {
    path: PathBuf,
    name: String,
    campaign: Campaign,
    roster: Vec<(Entrant, Fighter)>,
    steps: Vec<Step>,
    game: Game<D20>,
}

pub(crate) fn run(args: &PlayArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let mut session = Session::open(args, pack, campaign)?;
    let mut dice = prompt::dice(args.seed, args.physical);
    prompt::converse(&mut session, pack, dice.as_mut())?;
    Ok(Outcome::Success)
}

impl Session {
    /// Resumes the session in the file (replaying its script with its own
    /// dice), or starts a new one there with the arguments' settings.
    fn open(args: &PlayArgs, pack: &Pack, campaign: &Campaign) -> Result<Session> {
        let path = &args.file;
        let name = path
            .file_stem()
            .map_or_else(|| "encounter".into(), |s| s.to_string_lossy().into_owned());
        if !path.exists() {
            let mut campaign = campaign.clone();
            if let Some(by) = args.initiative {
                campaign.initiative = by;
            }
            if let Some(reroll) = args.reroll {
                campaign.reroll = reroll;
            }
            let field = match args.map {
                Some((width, height)) => Field::Map { width, height },
                None => Field::Rows,
            };
            let session = Session {
                path: path.clone(),
                name,
                game: Game::new(Battle::new(campaign.clone(), field)),
                campaign,
                roster: Vec::new(),
                steps: Vec::new(),
            };
            session.save()?;
            return Ok(session);
        }
        if args.map.is_some() || args.initiative.is_some() || args.reroll.is_some() {
            bail!(
                "{} is a session already, with its own map and initiative; --map, --initiative and --reroll only set up a new one (edit the file's [map] and [campaign] to change them)",
                path.display()
            );
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the session {}", path.display()))?;
        let source_file = SourceFile::new(path.display().to_string(), text);
        let (encounter, mut found) = file::read(&source_file, &name, campaign);
        let dir = path.parent().unwrap_or(Path::new(""));
        let roster = match &encounter {
            Some(e) => fighters(e, dir, source_file.name(), pack, &mut found),
            None => Vec::new(),
        };
        let Some(encounter) = encounter.filter(|_| !found.has_errors()) else {
            bail!(cannot_run(path, &found));
        };
        if encounter.seed.is_some() {
            bail!(
                "{} uses a seed; a session keeps its dice in `[script] dice` so it replays exactly: remove `seed`",
                path.display()
            );
        }
        let faces = encounter.dice.clone().unwrap_or_default();
        let mut saved = ScriptedDice::new(faces.iter().copied());
        let fight = super::play(&encounter, &roster, &mut saved, &source_file)?;
        if let Some(stop) = &fight.stop {
            bail!(
                "{}:{}: the saved session does not replay at `{}`: {}",
                path.display(),
                stop.line,
                stop.text,
                stop.message
            );
        }
        // The steps in the order they were taken: those present from the
        // start, then each script line with the arrivals before it.
        let mut steps: Vec<Step> = roster
            .iter()
            .filter(|(e, _)| e.after.is_none())
            .map(|(e, _)| Step::Added(e.id.clone()))
            .collect();
        let mut arrivals = roster.iter().filter(|(e, _)| e.after.is_some());
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
            path: path.clone(),
            name: if encounter.name.is_empty() {
                name
            } else {
                encounter.name.clone()
            },
            campaign: encounter.campaign.clone(),
            roster,
            steps,
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
            &report::status(self.game.state()),
        )
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn active(&self) -> Option<&CombatantId> {
        self.game.state().clock.active.as_ref()
    }

    /// Words for tab completion: the prompt's, the script's, the ids, the
    /// pack's skills, spells and powers.
    fn words(&self, pack: &Pack) -> Vec<String> {
        let mut words: Vec<String> = META.iter().map(|(w, _)| w.to_string()).collect();
        words.extend(GM_FORMS.iter().map(|(verb, _)| verb.to_string()));
        words.extend(ACTION_FORMS.iter().map(|(verb, _)| verb.to_string()));
        words.extend(self.game.state().combatants.keys().map(|id| id.to_string()));
        words.extend(pack.skills.iter().map(|s| s.id.clone()));
        words.extend(pack.magic.iter().map(|m| m.id.clone()));
        words.extend(pack.kits.iter().map(|k| k.id.clone()));
        words.extend(
            [
                "initiative",
                "surprise",
                "front",
                "back",
                "hidden",
                "unarmed",
                "advantage",
                "by",
                "with",
                "max",
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
            "status" => Ok(report::status(self.game.state())),
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
        let order = script::parse(line).map_err(|e| anyhow::anyhow!("{}", e.under(line)))?;
        let state = self.game.state();
        if let Some(id) = order
            .ids
            .iter()
            .find(|id| !state.combatants.contains_key(*id))
        {
            bail!(
                "nobody called '{id}' is in this fight (known: {}); `add` brings someone in",
                prompt::known(state.combatants.keys())
            );
        }
        let command = order
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
            let dice: Vec<String> = entry
                .dice
                .iter()
                .map(|d| format!("{} ({})", d.value, d.purpose))
                .collect();
            text.push_str(&format!("  dice: {}\n", dice.join(", ")));
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
        let usage = META[0].1;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [id, character, side, options @ ..] = words.as_slice() else {
            bail!("add needs an id, a character file and a side\n  {usage}");
        };
        if !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            || GM_FORMS.iter().any(|(verb, _)| verb == id)
            || META.iter().any(|(verb, _)| verb == id)
        {
            bail!(
                "`{id}` cannot be a combatant's id: ids use lowercase letters, digits and `-`, and are not command words\n  {usage}"
            );
        }
        let field = self.game.state().field.clone();
        let (mut hidden, mut place) = (false, None);
        for word in options {
            match *word {
                "hidden" => hidden = true,
                "front" => place = Some(Place::Row(Row::Front)),
                "back" => place = Some(Place::Row(Row::Back)),
                square if square.contains(',') => {
                    let xy: Vec<Option<i64>> =
                        square.split(',').map(|n| n.trim().parse().ok()).collect();
                    let [Some(x), Some(y)] = xy[..] else {
                        bail!("`{square}` is not a square: write X,Y like 3,4\n  {usage}");
                    };
                    place = Some(Place::Square(Square { x, y }));
                }
                other => bail!("'{other}' is not an option of add\n  {usage}"),
            }
        }
        let place = match (&field, place) {
            (Field::Map { .. }, Some(p @ Place::Square(_)))
            | (Field::Rows, Some(p @ Place::Row(_))) => p,
            (Field::Rows, None) => Place::Row(Row::Front),
            (Field::Map { .. }, _) => {
                bail!("this fight is on a map: give the square to stand on, like `3,4`\n  {usage}")
            }
            (Field::Rows, Some(_)) => {
                bail!("this fight has no map: give the row, `front` or `back`\n  {usage}")
            }
        };
        let id = CombatantId::from(id.to_string());
        let dir = self.path.parent().unwrap_or(Path::new("")).to_path_buf();
        let path = if Path::new(character).is_absolute() {
            PathBuf::from(character)
        } else {
            dir.join(character)
        };
        let sheet_of = read_valid_character(&path, pack)?;
        let fighter = Fighter::new(&sheet_of, pack, &self.campaign);
        let before = self.game.state().clone();
        let entry = self
            .game
            .execute(
                &Command::Add {
                    id: id.clone(),
                    side: side.to_string(),
                    hidden,
                    fighter: Box::new(fighter.clone()),
                    place,
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
                place,
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
            "# A nanite d20 play session: `nanite d20 play` resumes it, `nanite d20 encounter` replays it.\nformat = {}\nname = {}\n",
            file::ENCOUNTER_FORMAT,
            q(&self.name)
        );
        out.push_str(&format!(
            "\n[campaign]\nattribute_bonus = {}\ninitiative = {}\nreroll = {}\n",
            q(self.campaign.attribute_bonus.text()),
            q(match self.campaign.initiative {
                InitiativeBy::Combatant => "combatant",
                InitiativeBy::Side => "side",
            }),
            q(match self.campaign.reroll {
                InitiativeReroll::EachRound => "each-round",
                InitiativeReroll::Kept => "kept",
            }),
        ));
        if let Field::Map { width, height } = &self.game.state().field {
            out.push_str(&format!("\n[map]\nwidth = {width}\nheight = {height}\n"));
        }
        for (e, _) in &self.roster {
            out.push_str(&format!(
                "\n[[combatant]]\nid = {}\ncharacter = {}\nside = {}\n",
                q(e.id.as_str()),
                q(&e.character),
                q(&e.side)
            ));
            match e.place {
                Place::Square(s) => out.push_str(&format!("at = [{}, {}]\n", s.x, s.y)),
                Place::Row(Row::Front) => out.push_str("row = \"front\"\n"),
                Place::Row(Row::Back) => out.push_str("row = \"back\"\n"),
            }
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
        GM_FORMS.iter().map(|(_, usage)| *usage),
        ACTION_FORMS.iter().map(|(_, usage)| *usage),
    )
}
