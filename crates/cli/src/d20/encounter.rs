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

mod play;
mod report;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::{ArgGroup, Args};
use nanite_core::content::SourceFile;
use nanite_core::{ClockCommand, CombatantId, Diagnostics, RolledDie};
use nanite_d20::encounter::{
    Battle, Command, D20, Event, Field, Fighter, Place, Refusal, Row, Square, narrate_all,
};
use nanite_d20::encounter_file::{self, ENCOUNTER_FORMAT, Settings};
use nanite_d20::script::{self, ACTION_FORMS, GM_FORMS, LineError, Order};
use nanite_d20::{Campaign, Character, InitiativeBy, InitiativeReroll, Pack};

use super::{read_character, read_valid_character};
use crate::cx::Outcome;
use crate::encounter::carry;
use crate::encounter::fight::{self, Source};
use crate::encounter::{EncounterFile, Entrant, Rules, read_checked};
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
    /// Campaign play: start each combatant (or those named,
    /// `--carry=bram,ilsa`) from the state file beside its character file,
    /// and write back what the fight did once the script has ended it
    /// (docs/campaign.md).
    #[arg(long, value_name = "IDS", num_args = 0.., require_equals = true, value_delimiter = ',')]
    carry: Option<Vec<String>>,
}

/// D20 at the encounter commands, over its content pack and the
/// campaign's settings (the pack's, with the command line's over them).
pub(crate) struct D20Rules<'a> {
    /// The content pack.
    pub(crate) pack: &'a Pack,
    /// The campaign an encounter file's `[campaign]` is read over.
    pub(crate) campaign: &'a Campaign,
}

/// The usage of the prompt's `add`.
const ADD: &str = "add ID CHARACTER.toml SIDE [X,Y | front | back] [hidden]";

/// The prompt's own words, beside the script's.
const META: &[(&str, &str)] = &[
    ("add", ADD),
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

impl Rules for D20Rules<'_> {
    type Engine = D20;
    type Battle = Battle;
    type Command = Command;
    type Event = Event;
    type Refusal = Refusal;
    type Place = Place;
    type Fighter = Fighter;
    type Character = Character;
    type Order = Order;
    type Settings = Settings;

    const NAME: &'static str = "d20";
    const FORMAT: i64 = ENCOUNTER_FORMAT;
    const META: &'static [(&'static str, &'static str)] = META;
    const ADD_USAGE: &'static str = ADD;

    fn parse(line: &str) -> Result<Order, LineError> {
        script::parse(line)
    }

    fn named(order: &Order) -> &[CombatantId] {
        &order.ids
    }

    fn command(order: &Order, battle: &Battle) -> Result<Command, LineError> {
        order.command(battle)
    }

    fn forms() -> (Vec<&'static str>, Vec<&'static str>) {
        crate::encounter::usages(GM_FORMS, ACTION_FORMS)
    }

    fn verbs() -> Vec<&'static str> {
        crate::encounter::verbs(GM_FORMS, ACTION_FORMS)
    }

    fn battle(settings: &Settings) -> Battle {
        Battle::new(settings.campaign.clone(), settings.field.clone())
    }

    fn ids(battle: &Battle) -> Vec<&CombatantId> {
        battle.combatants.keys().collect()
    }

    fn active(battle: &Battle) -> Option<&CombatantId> {
        battle.clock.active.as_ref()
    }

    fn enter(e: &Entrant<Place>, fighter: &Fighter) -> Command {
        Command::Add {
            id: e.id.clone(),
            side: e.side.clone(),
            hidden: e.hidden,
            fighter: Box::new(fighter.clone()),
            place: e.place,
        }
    }

    fn clock(command: ClockCommand) -> Command {
        Command::Clock(command)
    }

    fn setup(_settings: &Settings) -> Vec<(usize, String, Command)> {
        Vec::new()
    }

    fn no_dice(refusal: &Refusal) -> Option<String> {
        matches!(refusal, Refusal::Dice(_)).then(|| refusal.to_string())
    }

    fn narrate(before: &Battle, events: &[Event]) -> Vec<String> {
        narrate_all(before, events)
    }

    fn dice(dice: &[RolledDie]) -> String {
        report::dice(dice)
    }

    fn status(battle: &Battle) -> String {
        report::status(battle)
    }

    /// The pack's skills, spells and powers, and the script's keywords.
    fn words(&self) -> Vec<String> {
        let pack = self.pack;
        let mut words: Vec<String> = pack.skills.iter().map(|s| s.id.clone()).collect();
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
        words
    }

    fn read_file(
        &self,
        file: &SourceFile,
        stem: &str,
    ) -> (Option<EncounterFile<Self>>, Diagnostics) {
        encounter_file::read(file, stem, self.campaign)
    }

    fn read_character(&self, path: &Path) -> Result<(Character, Diagnostics)> {
        read_character(path, self.pack)
    }

    fn read_valid_character(&self, path: &Path) -> Result<Character> {
        read_valid_character(path, self.pack)
    }

    fn fighter(&self, character: &Character, settings: &Settings) -> Fighter {
        Fighter::new(character, self.pack, &settings.campaign)
    }

    fn name(fighter: &Fighter) -> &str {
        &fighter.name
    }

    fn rename(fighter: &mut Fighter, name: &str) {
        fighter.name = name.to_string();
    }

    fn usable_id(id: &str) -> Result<()> {
        if !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            || GM_FORMS.iter().any(|(verb, _)| *verb == id)
            || META.iter().any(|(verb, _)| *verb == id)
        {
            bail!(
                "`{id}` cannot be a combatant's id: ids use lowercase letters, digits and `-`, and are not command words"
            );
        }
        Ok(())
    }

    /// `[X,Y | front | back] [hidden]`: a square on a map, a row without.
    fn add_options(options: &[&str], battle: &Battle) -> Result<(bool, Place)> {
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
                        bail!("`{square}` is not a square: write X,Y like 3,4");
                    };
                    place = Some(Place::Square(Square { x, y }));
                }
                other => bail!("'{other}' is not an option of add"),
            }
        }
        let place = match (&battle.field, place) {
            (Field::Map { .. }, Some(p @ Place::Square(_)))
            | (Field::Rows, Some(p @ Place::Row(_))) => p,
            (Field::Rows, None) => Place::Row(Row::Front),
            (Field::Map { .. }, _) => {
                bail!("this fight is on a map: give the square to stand on, like `3,4`")
            }
            (Field::Rows, Some(_)) => {
                bail!("this fight has no map: give the row, `front` or `back`")
            }
        };
        Ok((hidden, place))
    }

    /// The campaign, and the map if there is one.
    fn settings_head(settings: &Settings) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let campaign = &settings.campaign;
        let mut out = format!(
            "\n[campaign]\nattribute_bonus = {}\ninitiative = {}\nreroll = {}\n",
            q(campaign.attribute_bonus.text()),
            q(match campaign.initiative {
                InitiativeBy::Combatant => "combatant",
                InitiativeBy::Side => "side",
            }),
            q(match campaign.reroll {
                InitiativeReroll::EachRound => "each-round",
                InitiativeReroll::Kept => "kept",
            }),
        );
        if let Field::Map { width, height } = &settings.field {
            out.push_str(&format!("\n[map]\nwidth = {width}\nheight = {height}\n"));
        }
        out
    }

    fn place_lines(place: &Place) -> String {
        match place {
            Place::Square(s) => format!("at = [{}, {}]\n", s.x, s.y),
            Place::Row(Row::Front) => "row = \"front\"\n".into(),
            Place::Row(Row::Back) => "row = \"back\"\n".into(),
        }
    }
}

/// A fight of D20.
type Fight<'a> = fight::Fight<D20Rules<'a>>;

pub(super) fn run(args: &EncounterArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let rules = D20Rules { pack, campaign };
    let (encounter, mut roster, source_file) =
        read_checked(&rules, &args.file, "encounter file", true)?;
    let carried = match &args.carry {
        Some(only) => Some(carry::carry_in::<D20Rules<'_>, _, _>(
            &mut roster,
            only,
            &args.file,
            |_, path| {
                let campaign = &encounter.settings.campaign;
                let c = super::state::read(path, pack, campaign)?;
                let fighter = c.state.fighter(&c.character, pack, campaign);
                Ok((c, fighter))
            },
        )?),
        None => None,
    };
    let source = Source::choose(args.seed, args.dice.as_ref(), args.physical, &encounter);
    let fight = fight::run(&encounter, roster, source, &source_file)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        report::json(&fight, &mut out)?;
    } else {
        out.write_all(report::text(&fight).as_bytes())?;
    }
    out.flush()?;
    carry::ended(&fight, carried, args.json, &args.file, out)
}

/// The battle an encounter file sets up, for `nanite sim`: every combatant
/// entered (those joining later too) in its place, with hand-set
/// initiatives; the script is not run. Returns the encounter's name with
/// it. The file and its character files are checked as by
/// `nanite d20 encounter`.
pub(crate) fn setup(path: &Path, pack: &Pack) -> Result<(String, Battle)> {
    let rules = D20Rules {
        pack,
        campaign: &pack.campaign,
    };
    let (encounter, roster, source_file) = read_checked(&rules, path, "encounter file", true)?;
    let battle = fight::battle::<D20Rules<'_>>(&encounter, &roster, &source_file)?;
    Ok((encounter.name, battle))
}
