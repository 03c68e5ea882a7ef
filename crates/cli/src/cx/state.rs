//! `nanite cx state`: a Compound X campaign character's carried state on
//! files (docs/campaign.md, docs/cli/cx.md): shown, rested (CX-HEAL-04),
//! healed by Medicine (CX-HEAL-02/03), repaired (CX-STAT-13), resupplied,
//! looted, XP awarded, corrected by hand with a reason, and levelled once
//! the XP allows it (CX-LVL-02..07). Every change is the engine's own
//! (`nanite_compound_x::carry`, the functions the server calls), written to
//! the state file beside the character file with a log entry.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use nanite_compound_x::carry::{CarryError, CharacterState, Correction, Treatment, xp_for_level};
use nanite_compound_x::check::Effort;
use nanite_compound_x::{Attack, Character, Pack, Sheet};
use nanite_core::{CombatantId, DiceSource, EntropyDice, ScriptedDice, SeededDice};

use super::level_up::Choices;
use super::{Outcome, read_valid_character, write_file};
use crate::carry_file;

/// The ruleset's name in a state file.
pub(crate) const RULESET: &str = "compound-x";

/// Arguments of `nanite cx state`.
#[derive(Debug, Args)]
pub(crate) struct StateArgs {
    #[command(subcommand)]
    command: StateCommand,
}

/// Dice for a check between fights: seeded, typed ahead, or the machine's.
#[derive(Debug, Args)]
pub(crate) struct DiceArgs {
    /// Seeded dice: the same seed gives the same roll.
    #[arg(long, value_name = "N", conflicts_with = "dice")]
    seed: Option<u64>,
    /// Physical dice rolled ahead (a d100 takes its tens d10 then its ones
    /// d10; a face of 0 is 10).
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<i64>>,
}

impl DiceArgs {
    /// The dice chosen.
    pub(crate) fn source(&self) -> Box<dyn DiceSource> {
        match (&self.seed, &self.dice) {
            (Some(seed), _) => Box::new(SeededDice::new(*seed)),
            (None, Some(faces)) => Box::new(ScriptedDice::new(faces.clone())),
            (None, None) => Box::new(EntropyDice::new()),
        }
    }
}

/// Out of combat, the medic may take 50 or 100 instead of rolling (CX-DICE-06).
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Take {
    #[value(name = "50")]
    Fifty,
    #[value(name = "100")]
    Hundred,
}

fn effort(take: Option<Take>) -> Effort {
    match take {
        None => Effort::Roll,
        Some(Take::Fifty) => Effort::Take50,
        Some(Take::Hundred) => Effort::Take100,
    }
}

/// A short (about 1 hour) or long (about 8 hours) rest.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum RestKind {
    Short,
    Long,
}

/// The subcommands of `nanite cx state`.
#[derive(Debug, Subcommand)]
enum StateCommand {
    /// Show the character's carried state (fresh when it has no state file).
    Show {
        /// The character file; its state is NAME.state.toml beside it.
        file: PathBuf,
        /// Print the state as JSON (the server's `CxCharacterState`).
        #[arg(long)]
        json: bool,
    },
    /// Rest between fights (CX-HEAL-04): short or long.
    Rest {
        /// short (about 1 hour) or long (about 8 hours).
        #[arg(value_enum)]
        kind: RestKind,
        /// The character file.
        file: PathBuf,
    },
    /// Medicine on one wound, the worst by default (CX-HEAL-02, CX-HEAL-03).
    Heal {
        /// The patient's character file.
        file: PathBuf,
        /// Another campaign character treats (1 m away); its medikit is spent.
        #[arg(long, value_name = "FILE")]
        medic: Option<PathBuf>,
        /// The wound to treat, from 0 (default: the worst).
        #[arg(long, value_name = "N")]
        wound: Option<usize>,
        /// Use a medikit (the medic's).
        #[arg(long)]
        medikit: bool,
        /// Take 50 or 100 instead of rolling (CX-DICE-06).
        #[arg(long, value_enum)]
        take: Option<Take>,
        #[command(flatten)]
        dice: DiceArgs,
    },
    /// A DC 60 Repair check on a broken weapon or plasma-dulled armor
    /// (CX-STAT-13, CX-COND-07).
    Repair {
        /// The character file.
        file: PathBuf,
        /// The weapon, by its place in the file from 0 (default: the armor).
        #[arg(long, value_name = "N")]
        weapon: Option<usize>,
        /// Take 50 or 100 instead of rolling (CX-DICE-06).
        #[arg(long, value_enum)]
        take: Option<Take>,
        #[command(flatten)]
        dice: DiceArgs,
    },
    /// Weapons loaded, magazines, grenades and items back to the file's counts.
    Resupply {
        /// The character file.
        file: PathBuf,
    },
    /// More of an item, or a weapon's magazines or grenades, that the file carries.
    Loot {
        /// The character file.
        file: PathBuf,
        /// The item's or the weapon's id.
        what: String,
        /// How many.
        count: i64,
    },
    /// The GM awards experience points.
    AwardXp {
        /// The character file.
        file: PathBuf,
        /// XP (1 to 1,000,000).
        xp: i64,
        /// What for (kept in the log).
        #[arg(long)]
        reason: Option<String>,
    },
    /// The GM sets one value by hand, with a reason kept in the log.
    Correct {
        /// The character file.
        file: PathBuf,
        /// hp, wounds, nanites, death-saves, fort-failures, xp, shield,
        /// armor-points, weapon, item, injuries, conditions, below-par, dead.
        field: String,
        /// The value: a number, true/false, or JSON for lists and records
        /// (wounds `[5,3]`; weapon `{"weapon":0,"loaded":10,"spare_magazines":2}`).
        value: String,
        /// Why (required; kept in the log).
        #[arg(long)]
        reason: String,
    },
    /// One level up once the XP allows it, through the level-up checks
    /// (CX-LVL-02..07): the character file is rewritten.
    LevelUp {
        /// The character file.
        file: PathBuf,
        #[command(flatten)]
        choices: Choices,
    },
}

/// A Compound X character file read with its carried state.
pub(crate) type Carried = carry_file::Carried<Sheeted, CharacterState>;

/// A Compound X character with its sheet.
pub(crate) struct Sheeted {
    /// The character.
    pub(crate) character: Character,
    /// Its sheet.
    pub(crate) sheet: Sheet,
}

impl carry_file::Named for Sheeted {
    fn name(&self) -> &str {
        &self.sheet.name
    }
}

impl carry_file::CarriedState for CharacterState {
    const RULESET: &'static str = RULESET;
    type Battle = nanite_compound_x::encounter::Battle;

    fn changes_from(&self, before: &Self) -> Vec<String> {
        CharacterState::changes_from(self, before)
    }

    fn after_fight(&self, battle: &Self::Battle, id: &CombatantId) -> Result<Self, String> {
        CharacterState::after_fight(self, battle, id).map_err(|e| e.to_string())
    }
}

/// Reads `path` and its state, with the sheet's maxima and level (a file
/// levelled by hand wins).
pub(crate) fn read(path: &Path, pack: &Pack) -> Result<Carried> {
    let (character, _) = read_valid_character(path, pack)?;
    let sheet = Sheet::compute(&character, pack);
    let fresh = CharacterState::fresh(&sheet, pack);
    let file = carry_file::load::<CharacterState>(path, RULESET)?;
    let state = match &file {
        None => fresh,
        Some(f) => {
            let mut s = f.state.clone();
            s.max_hp = fresh.max_hp;
            s.max_nanites = fresh.max_nanites;
            s.level = fresh.level;
            if let (Some(a), Some(full)) = (s.armor.as_mut(), &fresh.armor) {
                a.full = full.full;
            }
            if let (Some(sh), Some(full)) = (s.shield.as_mut(), &fresh.shield) {
                sh.max = full.max;
            }
            s
        }
    };
    Ok(Carried {
        path: path.to_path_buf(),
        character: Sheeted { character, sheet },
        file,
        state,
    })
}

/// Why the engine refused: a rule (exit 1) or a value out of range (an error).
fn refused(e: CarryError) -> Result<Outcome> {
    let bad_value = matches!(e, CarryError::Invalid(_));
    carry_file::refused(e, bad_value)
}

/// Runs `nanite cx state`.
pub(super) fn run(args: &StateArgs, pack: &Pack) -> Result<Outcome> {
    let mut out = std::io::stdout().lock();
    match &args.command {
        StateCommand::Show { file, json } => {
            let c = read(file, pack)?;
            if *json {
                serde_json::to_writer_pretty(&mut out, &c.state)?;
                writeln!(out)?;
            } else {
                out.write_all(show(&c, pack).as_bytes())?;
            }
        }
        StateCommand::Rest { kind, file } => {
            let c = read(file, pack)?;
            let long = matches!(kind, RestKind::Long);
            let done = match c.state.rest(&c.character.sheet, pack, long) {
                Ok(done) => done,
                Err(e) => return refused(e),
            };
            let what = format!("rest {}", if long { "long" } else { "short" });
            c.commit(&done.state, what, None, done.lines, &mut out)?;
        }
        StateCommand::Heal {
            file,
            medic,
            wound,
            medikit,
            take,
            dice,
        } => {
            let treatment = Treatment {
                wound: *wound,
                medikit: *medikit,
                effort: effort(*take),
            };
            if let Err(e) = heal(file, medic.as_deref(), treatment, dice, pack, &mut out)? {
                return refused(e);
            }
        }
        StateCommand::Repair {
            file,
            weapon,
            take,
            dice,
        } => {
            if let Err(e) = repair(file, *weapon, effort(*take), dice, pack, &mut out)? {
                return refused(e);
            }
        }
        StateCommand::Resupply { file } => {
            let c = read(file, pack)?;
            let done = c.state.resupply(&c.character.sheet, pack);
            c.commit(&done.state, "resupply".into(), None, done.lines, &mut out)?;
        }
        StateCommand::Loot { file, what, count } => {
            let c = read(file, pack)?;
            let done = match c.state.loot(&c.character.sheet, what, *count) {
                Ok(done) => done,
                Err(e) => return refused(e),
            };
            c.commit(
                &done.state,
                format!("loot {what}"),
                None,
                done.lines,
                &mut out,
            )?;
        }
        StateCommand::AwardXp { file, xp, reason } => {
            let c = read(file, pack)?;
            let state = match c.state.award(*xp) {
                Ok(s) => s,
                Err(e) => return refused(e),
            };
            c.commit(
                &state,
                format!("award {xp} XP"),
                reason.clone(),
                Vec::new(),
                &mut out,
            )?;
        }
        StateCommand::Correct {
            file,
            field,
            value,
            reason,
        } => {
            if let Err(e) = correct(file, field, value, reason, pack, &mut out)? {
                return refused(e);
            }
        }
        StateCommand::LevelUp { file, choices } => {
            if let Err(e) = level_up(file, choices, pack, &mut out)? {
                return refused(e);
            }
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}

/// `state heal`: a medic (or the patient itself) treats one wound; both
/// files take what changed. The inner error is the rules' refusal.
fn heal(
    file: &Path,
    medic: Option<&Path>,
    treatment: Treatment,
    dice: &DiceArgs,
    pack: &Pack,
    out: &mut dyn Write,
) -> Result<Result<(), CarryError>> {
    let patient = read(file, pack)?;
    let medic = match medic {
        Some(m) if same_file(m, file) => None,
        Some(m) => Some(read(m, pack)?),
        None => None,
    };
    let mut dice = dice.source();
    let (done, medic_after) = match patient.state.treat(
        &patient.character.sheet,
        pack,
        medic.as_ref().map(|m| (&m.state, &m.character.sheet)),
        treatment,
        dice.as_mut(),
    ) {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    let what = match &medic {
        Some(m) => format!("heal (by {})", m.character.sheet.name),
        None => "heal".to_string(),
    };
    let patient_name = patient.character.sheet.name.clone();
    patient.commit(&done.state, what, None, done.lines, out)?;
    if let (Some(m), Some(after)) = (medic, medic_after) {
        if after != m.state {
            let what = format!("treated {patient_name}");
            m.commit(&after, what, None, Vec::new(), out)?;
        }
    }
    Ok(Ok(()))
}

/// `state repair`: armor or a weapon repaired. The inner error is the
/// rules' refusal.
fn repair(
    file: &Path,
    weapon: Option<usize>,
    effort: Effort,
    dice: &DiceArgs,
    pack: &Pack,
    out: &mut dyn Write,
) -> Result<Result<(), CarryError>> {
    let c = read(file, pack)?;
    let mut dice = dice.source();
    let done = match c
        .state
        .repair(&c.character.sheet, pack, weapon, effort, dice.as_mut())
    {
        Ok(done) => done,
        Err(e) => return Ok(Err(e)),
    };
    c.commit(&done.state, "repair".into(), None, done.lines, out)?;
    Ok(Ok(()))
}

/// `state correct`: the GM corrects one field, with a reason. The inner
/// error is the rules' refusal.
fn correct(
    file: &Path,
    field: &str,
    value: &str,
    reason: &str,
    pack: &Pack,
    out: &mut dyn Write,
) -> Result<Result<(), CarryError>> {
    let reason = reason_given(reason)?;
    let correction: Correction = correction(field, value)?;
    let c = read(file, pack)?;
    let state = match c.state.correct(&correction) {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    c.commit(
        &state,
        format!("correct {field}"),
        Some(reason),
        Vec::new(),
        out,
    )?;
    Ok(Ok(()))
}

/// `state level-up`: the character file is rewritten at its new level and
/// the state file takes what changed. The inner error is the rules'
/// refusal.
fn level_up(
    file: &Path,
    choices: &Choices,
    pack: &Pack,
    out: &mut dyn Write,
) -> Result<Result<(), CarryError>> {
    let c = read(file, pack)?;
    let choices = choices.read()?;
    let (leveled, state) = match c.state.level_up(&c.character.character, pack, &choices) {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    write_file(&c.path, &leveled.to_toml())?;
    let what = format!("level up to {}", leveled.level);
    let line = format!(
        "{} is now level {} ({} rewritten)",
        leveled.name,
        leveled.level,
        c.path.display()
    );
    c.commit(&state, what, None, vec![line], out)?;
    Ok(Ok(()))
}

/// Whether two paths name one file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A correction's reason: required, and not blank.
pub(crate) fn reason_given(reason: &str) -> Result<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        bail!("--reason is empty: a correction says why, and the log keeps it");
    }
    if reason.chars().count() > 500 {
        bail!("--reason is longer than 500 characters; say it shorter");
    }
    Ok(reason.to_string())
}

/// A correction from its field and value (`hp 12`, `wounds [5,3]`), read
/// as the server reads `{"field": ..., "value": ...}`.
pub(crate) fn correction<T: serde::de::DeserializeOwned>(field: &str, value: &str) -> Result<T> {
    let value: serde_json::Value =
        serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::String(value.into()));
    let field = field.replace('-', "_");
    serde_json::from_value(serde_json::json!({ "field": field, "value": value }))
        .with_context(|| format!("`{field} {value}` is not a correction nanite knows; docs/cli lists the fields and their values"))
}

/// The state in words.
/// A weapon's ammunition in words, as the page says it: `12 loaded, 2
/// spare magazines`; a thrown weapon has no magazine, so its spare count
/// is what is carried (`2 grenades`, `3 carried`).
fn rounds(pack: &Pack, id: &str, loaded: i64, spare: i64) -> String {
    let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match pack.weapons.get(id) {
        Some(w) if w.attack == Attack::Thrown && w.blast_radius.is_some() => {
            plural(spare, "grenade", "grenades")
        }
        Some(w) if w.attack == Attack::Thrown => format!("{spare} carried"),
        _ => format!(
            "{loaded} loaded, {}",
            plural(spare, "spare magazine", "spare magazines")
        ),
    }
}

fn show(c: &Carried, pack: &Pack) -> String {
    let s = &c.state;
    let mut out = format!(
        "{}: level {}, {} XP (level {} takes {} in all)\n",
        c.character.sheet.name,
        s.level,
        s.xp,
        s.level + 1,
        xp_for_level(s.level + 1)
    );
    let wounds = if s.wounds.is_empty() {
        "no wounds".to_string()
    } else {
        format!(
            "wounds {}",
            s.wounds
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    out.push_str(&format!(
        "Health {}/{} ({wounds}){}\n",
        s.hp,
        s.max_hp,
        if s.hp <= 0 { ", downed" } else { "" }
    ));
    out.push_str(&format!("Nanites {}/{}\n", s.nanites, s.max_nanites));
    out.push_str(&format!(
        "Death saves at the next downing: {} (CX-DEATH-04)\n",
        s.death_saves
    ));
    if let Some(a) = &s.armor {
        out.push_str(&format!(
            "Armor points {}/{}{}\n",
            a.points,
            a.full,
            if a.apl_lowered {
                ", APL lowered by plasma until repaired"
            } else {
                ""
            }
        ));
    }
    if let Some(sh) = &s.shield {
        out.push_str(&format!("Shield {}/{}\n", sh.strength, sh.max));
    }
    for (i, w) in s.weapons.iter().enumerate() {
        out.push_str(&format!(
            "Weapon {i} {}: {}{}{}\n",
            w.id,
            rounds(pack, &w.id, w.loaded, w.spare_magazines),
            if w.jammed { ", jammed" } else { "" },
            if w.broken { ", broken" } else { "" }
        ));
    }
    if !s.items.is_empty() {
        let items: Vec<String> = s.items.iter().map(|(k, v)| format!("{k} {v}")).collect();
        out.push_str(&format!("Items: {}\n", items.join(", ")));
    }
    let lasting = s.lasting.keys();
    if !lasting.is_empty() {
        out.push_str(&format!(
            "Injuries and conditions: {}\n",
            lasting.join(", ")
        ));
    }
    if s.fort_failures > 0 {
        out.push_str(&format!(
            "Failed Fort saves (FORT_DOWNED): {}\n",
            s.fort_failures
        ));
    }
    if s.below_par {
        out.push_str("Below par until a long rest (CX-HEAL-04)\n");
    }
    if s.dead {
        out.push_str("Dead\n");
    }
    out.push_str(&carry_file::state_line(&c.path, c.file.as_ref()));
    out
}
