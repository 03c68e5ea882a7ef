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

mod backdrop;
mod json;
pub(crate) mod map;
pub(crate) mod play;
mod report;
mod status;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{ArgGroup, Args};
use nanite_compound_x::combat::{ConditionKind, Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Event, Refusal, narrate_all};
use nanite_compound_x::encounter_file::{self, ENCOUNTER_FORMAT, Settings, Stand};
use nanite_compound_x::script::{self, ACTION_FORMS, GM_FORMS, LineError, Parsed};
use nanite_compound_x::{Character, Pack, Sheet};
use nanite_core::content::SourceFile;
use nanite_core::{ClockCommand, CombatantId, Diagnostic, Diagnostics, RolledDie};

use super::{Outcome, read_character, read_valid_character};
use crate::encounter::carry;
use crate::encounter::fight::{self, Source};
use crate::encounter::{EncounterFile, Entrant, Rules, read_checked};

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
    /// Draw the battle map as it ends into this SVG file (a fight with a
    /// `[map]`).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Campaign play: start each combatant (or those named,
    /// `--carry=vex,medic`) from the state file beside its character file,
    /// and write back what the fight did once the script has ended it
    /// (docs/campaign.md).
    #[arg(long, value_name = "IDS", num_args = 0.., require_equals = true, value_delimiter = ',')]
    carry: Option<Vec<String>>,
}

/// Compound X at the encounter commands, over its content pack.
pub(crate) struct Cx<'a>(pub(crate) &'a Pack);

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

impl Rules for Cx<'_> {
    type Engine = CompoundX;
    type Battle = Battle;
    type Command = Command;
    type Event = Event;
    type Refusal = Refusal;
    type Place = Stand;
    type Fighter = Fighter;
    type Character = Character;
    type Order = Parsed;
    type Settings = Settings;

    const NAME: &'static str = "cx";
    const FORMAT: i64 = ENCOUNTER_FORMAT;
    const META: &'static [(&'static str, &'static str)] = META;
    const ADD_USAGE: &'static str = "add ID CHARACTER.toml SIDE [hidden] [cover none|partial|full] [stance standing|crouched|prone|hunkered]";

    fn parse(line: &str) -> Result<Parsed, LineError> {
        script::parse(line)
    }

    fn named(order: &Parsed) -> &[CombatantId] {
        &order.ids
    }

    fn command(order: &Parsed, battle: &Battle) -> Result<Command, LineError> {
        order.order.command(battle)
    }

    fn forms() -> (Vec<&'static str>, Vec<&'static str>) {
        (
            GM_FORMS.iter().map(|f| f.usage).collect(),
            ACTION_FORMS.iter().map(|f| f.usage).collect(),
        )
    }

    fn verbs() -> Vec<&'static str> {
        GM_FORMS
            .iter()
            .chain(ACTION_FORMS)
            .map(|f| f.verb)
            .collect()
    }

    fn battle(_settings: &Settings) -> Battle {
        Battle::new()
    }

    fn ids(battle: &Battle) -> Vec<&CombatantId> {
        battle.combatants.keys().collect()
    }

    fn active(battle: &Battle) -> Option<&CombatantId> {
        battle.clock.active.as_ref()
    }

    fn enter(e: &Entrant<Stand>, fighter: &Fighter) -> Command {
        Command::Add {
            id: e.id.clone(),
            side: e.side.clone(),
            hidden: e.hidden,
            fighter: Box::new(fighter.clone()),
            cover: e.place.cover,
            stance: e.place.stance,
        }
    }

    fn clock(command: ClockCommand) -> Command {
        Command::Clock(command)
    }

    /// The map and where everyone stands on it, then the distances the GM
    /// set (for those off the map).
    fn setup(settings: &Settings) -> Vec<(usize, String, Command)> {
        let mut out = Vec::new();
        if let Some(map) = &settings.map {
            out.push((
                map.line,
                "map".to_string(),
                Command::Map {
                    layout: map.layout.clone(),
                },
            ));
            for (id, at, line) in &map.at {
                out.push((
                    *line,
                    format!("position {id} at {at}"),
                    Command::Place {
                        id: id.clone(),
                        at: *at,
                    },
                ));
            }
        }
        out.extend(settings.distances.iter().map(|g| {
            (
                g.line,
                format!("distance {} {} {}", g.a, g.b, g.metres),
                Command::Distance {
                    a: g.a.clone(),
                    b: g.b.clone(),
                    metres: g.metres,
                },
            )
        }));
        out
    }

    fn no_dice(refusal: &Refusal) -> Option<String> {
        match refusal {
            Refusal::Dice(d) => Some(d.clone()),
            _ => None,
        }
    }

    fn narrate(before: &Battle, events: &[Event]) -> Vec<String> {
        narrate_all(before, events)
    }

    fn dice(dice: &[RolledDie]) -> String {
        report::dice(dice)
    }

    fn status(battle: &Battle) -> String {
        report::table(battle).to_text()
    }

    /// The conditions and the script's keywords.
    fn words(&self) -> Vec<String> {
        let mut words: Vec<String> = ConditionKind::ALL
            .iter()
            .map(|c| c.key().to_string())
            .collect();
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
        words
    }

    fn read_file(
        &self,
        file: &SourceFile,
        stem: &str,
    ) -> (Option<EncounterFile<Self>>, Diagnostics) {
        let (mut read, mut found) = encounter_file::read(file, stem);
        if let Some(map) = read.as_mut().and_then(|e| e.settings.map.as_mut()) {
            backdrop::load(file, map, &mut found);
        }
        (read, found)
    }

    fn read_character(&self, path: &Path) -> Result<(Character, Diagnostics)> {
        read_character(path, self.0)
    }

    fn read_valid_character(&self, path: &Path) -> Result<Character> {
        Ok(read_valid_character(path, self.0)?.0)
    }

    fn fighter(&self, character: &Character, _settings: &Settings) -> Fighter {
        Fighter::from_sheet(&Sheet::compute(character, self.0), self.0)
    }

    fn name(fighter: &Fighter) -> &str {
        &fighter.name
    }

    fn rename(fighter: &mut Fighter, name: &str) {
        fighter.name = name.to_string();
    }

    /// Two combatants the log would call by one name.
    fn check_roster(roster: &[(Entrant<Stand>, Fighter)], file: &str, found: &mut Diagnostics) {
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
                    .at(file, Some(entrant.line)),
                );
            }
        }
    }

    /// `[hidden] [cover C] [stance S]`.
    fn add_options(options: &[&str], _battle: &Battle) -> Result<(bool, Stand)> {
        let (mut hidden, mut place) = (false, Stand::default());
        let mut options = options.iter();
        while let Some(word) = options.next() {
            match *word {
                "hidden" => hidden = true,
                "cover" => {
                    place.cover = options
                        .next()
                        .and_then(|c| Cover::parse(c))
                        .context("cover is none, partial or full")?;
                }
                "stance" => {
                    place.stance = options
                        .next()
                        .and_then(|s| Stance::parse(s))
                        .context("stance is standing, crouched, prone or hunkered")?;
                }
                other => bail!("'{other}' is not an option of add"),
            }
        }
        Ok((hidden, place))
    }

    fn place_lines(place: &Stand) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut out = String::new();
        if place.cover != Cover::None {
            out.push_str(&format!("cover = {}\n", q(place.cover.key())));
        }
        if place.stance != Stance::Standing {
            out.push_str(&format!("stance = {}\n", q(place.stance.key())));
        }
        out
    }

    /// The distances, and the map.
    fn settings_tail(settings: &Settings) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut out: String = settings
            .distances
            .iter()
            .map(|g| {
                format!(
                    "\n[[distance]]\nbetween = [{}, {}]\nmetres = {}\n",
                    q(g.a.as_str()),
                    q(g.b.as_str()),
                    g.metres
                )
            })
            .collect();
        if let Some(map) = &settings.map {
            out.push_str(&map_section(map));
        }
        out
    }
}

/// The `[map]` section of `map`, as an encounter file writes it (each
/// wall by its two ends, in metres).
fn map_section(map: &encounter_file::MapSection) -> String {
    use nanite_compound_x::encounter::scene::show_dm;
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let at =
        |p: nanite_compound_x::encounter::Point| format!("[{}, {}]", show_dm(p.x), show_dm(p.y));
    let l = &map.layout;
    let mut out = format!(
        "\n[map]\nwidth = {}\nheight = {}\n{}",
        show_dm(l.width),
        show_dm(l.height),
        if l.grid { "grid = true\n" } else { "" }
    );
    for w in &l.walls {
        out.push_str(&format!(
            "\n[[map.wall]]\nkind = {}\n{}from = {}\nto = {}\n{}",
            q(w.kind.key()),
            if w.name.is_empty() {
                String::new()
            } else {
                format!("name = {}\n", q(&w.name))
            },
            at(w.a),
            at(w.b),
            if w.open { "open = true\n" } else { "" }
        ));
    }
    if !map.at.is_empty() {
        out.push_str("\n[map.at]\n");
        for (id, p, _) in &map.at {
            out.push_str(&format!("{} = {}\n", id, at(*p)));
        }
    }
    out
}

/// A fight of Compound X.
type Fight<'a> = fight::Fight<Cx<'a>>;

pub(super) fn run(args: &EncounterArgs, pack: &Pack) -> Result<Outcome> {
    let rules = Cx(pack);
    let (encounter, mut roster, source_file) =
        read_checked(&rules, &args.file, "encounter file", true)?;
    let carried = match &args.carry {
        Some(only) => Some(carry::carry_in::<Cx<'_>, _, _>(
            &mut roster,
            only,
            &args.file,
            |id, path| {
                let c = super::state::read(path, pack)?;
                let fighter = c
                    .state
                    .fighter(&c.character.sheet, pack)
                    .map_err(|e| anyhow::anyhow!("--carry: {id}: {e}"))?;
                Ok((c, fighter))
            },
        )?),
        None => None,
    };
    let source = Source::choose(args.seed, args.dice.as_ref(), args.physical, &encounter);
    let fight = fight::run(&encounter, roster, source, &source_file)?;
    if let Some(path) = &args.svg {
        let drawing = map::svg(fight.game.state()).with_context(|| {
            format!(
                "{} has no [map] to draw; add one (docs/compound-x/encounter-file.md)",
                args.file.display()
            )
        })?;
        std::fs::write(path, drawing)
            .with_context(|| format!("cannot write the map to {}", path.display()))?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        json::write(&fight, &mut out)?;
        writeln!(out)?;
    } else {
        out.write_all(report::text(&fight).as_bytes())?;
    }
    out.flush()?;
    carry::ended(&fight, carried, args.json, &args.file, out)
}

/// The battle an encounter file sets up, for `nanite sim`: every combatant
/// entered (those joining later too) with its cover, stance and hand-set
/// initiative, and the distances, or the battle map with everyone placed on
/// it; the script is not run. Returns the
/// encounter's name with it. The file and its character files are checked
/// as by `nanite cx encounter`.
pub(crate) fn setup(path: &Path, pack: &Pack) -> Result<(String, Battle)> {
    let (encounter, roster, source_file) = read_checked(&Cx(pack), path, "encounter file", true)?;
    let battle = fight::battle::<Cx<'_>>(&encounter, &roster, &source_file)?;
    Ok((encounter.name, battle))
}
