//! `nanite d20 state`: a D20 campaign character's carried state on files
//! (docs/campaign.md, docs/cli/d20.md): hit points, spell energy, power
//! points, drains (D20-GRAP-05) and healing kits; rest (D20-REST-01),
//! kits (D20-REST-02), resupply, loot, XP, corrections with a reason and
//! levels. Every change is the engine's own (`nanite_d20::carry`, the
//! functions the server calls), written to the state file beside the
//! character file with a log entry.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use nanite_core::CombatantId;
use nanite_d20::carry::{CarryError, CharacterState, Correction, xp_for_level};
use nanite_d20::{Campaign, Character, Pack};

use super::read_valid_character;
use crate::carry_file;
use crate::cx::Outcome;
use crate::cx::state::{DiceArgs, correction, reason_given};

/// The ruleset's name in a state file.
pub(crate) const RULESET: &str = "d20";

/// Arguments of `nanite d20 state`.
#[derive(Debug, Args)]
pub(crate) struct StateArgs {
    #[command(subcommand)]
    command: StateCommand,
}

/// The subcommands of `nanite d20 state`.
#[derive(Debug, Subcommand)]
enum StateCommand {
    /// Show the character's carried state (rested when it has no state file).
    Show {
        /// The character file; its state is NAME.state.toml beside it.
        file: PathBuf,
        /// Print the state as JSON (the server's `D20CharacterState`).
        #[arg(long)]
        json: bool,
    },
    /// Periods of 8 hours of rest: 1 hit point each (D20-REST-01).
    Rest {
        /// The character file.
        file: PathBuf,
        /// How many periods of 8 hours.
        #[arg(long, default_value_t = 1)]
        periods: i64,
    },
    /// A healing kit: an extended check, threshold 100, 1 hour a roll,
    /// restoring the character's CON score (D20-REST-02).
    Kit {
        /// The patient's character file.
        file: PathBuf,
        /// The kit's id.
        kit: String,
        /// Another campaign character uses its own kit on the patient.
        #[arg(long, value_name = "FILE")]
        healer: Option<PathBuf>,
        /// Stop after this many checks (hours).
        #[arg(long, value_name = "N")]
        max_checks: Option<u32>,
        #[command(flatten)]
        dice: DiceArgs,
    },
    /// Kits back to the file's counts.
    Resupply {
        /// The character file.
        file: PathBuf,
    },
    /// More of a kit the file carries.
    Loot {
        /// The character file.
        file: PathBuf,
        /// The kit's id.
        kit: String,
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
        /// hp, energy, power-points, xp, kit, drains.
        field: String,
        /// The value: a number, or JSON for records and lists (kit
        /// `{"id":"healing-kit","count":2}`; drains `[{"points":2,"rounds_left":300}]`).
        value: String,
        /// Why (required; kept in the log).
        #[arg(long)]
        reason: String,
    },
    /// One level up once the XP allows it: the file's level raised and
    /// checked as `nanite d20 sheet` checks it.
    LevelUp {
        /// The character file.
        file: PathBuf,
    },
}

/// A D20 character file read with its carried state.
pub(crate) type Carried = carry_file::Carried<Character, CharacterState>;

impl carry_file::Named for Character {
    fn name(&self) -> &str {
        &self.name
    }
}

impl carry_file::CarriedState for CharacterState {
    const RULESET: &'static str = RULESET;
    type Battle = nanite_d20::encounter::Battle;

    fn changes_from(&self, before: &Self) -> Vec<String> {
        CharacterState::changes_from(self, before)
    }

    fn after_fight(&self, battle: &Self::Battle, id: &CombatantId) -> Result<Self, String> {
        CharacterState::after_fight(self, battle, id).map_err(|e| e.to_string())
    }
}

/// Reads `path` and its state, with the file's maxima and level.
pub(crate) fn read(path: &Path, pack: &Pack, campaign: &Campaign) -> Result<Carried> {
    let character = read_valid_character(path, pack)?;
    let fresh = CharacterState::fresh(&character, pack, campaign);
    let file = carry_file::load::<CharacterState>(path, RULESET)?;
    let state = match &file {
        None => fresh,
        Some(f) => CharacterState {
            max_hp: fresh.max_hp,
            max_energy: fresh.max_energy,
            max_power_points: fresh.max_power_points,
            level: fresh.level,
            ..f.state.clone()
        },
    };
    Ok(Carried {
        path: path.to_path_buf(),
        character,
        file,
        state,
    })
}

fn refused(e: CarryError) -> Result<Outcome> {
    let bad_value = matches!(e, CarryError::Invalid(_));
    carry_file::refused(e, bad_value)
}

/// Runs `nanite d20 state`.
pub(super) fn run(args: &StateArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let mut out = std::io::stdout().lock();
    match &args.command {
        StateCommand::Show { file, json } => {
            let c = read(file, pack, campaign)?;
            if *json {
                serde_json::to_writer_pretty(&mut out, &c.state)?;
                writeln!(out)?;
            } else {
                out.write_all(show(&c).as_bytes())?;
            }
        }
        StateCommand::Rest { file, periods } => {
            let c = read(file, pack, campaign)?;
            let done = match c.state.rest(&c.character, pack, campaign, *periods) {
                Ok(done) => done,
                Err(e) => return refused(e),
            };
            let what = format!("rest {periods} period(s) of 8 hours");
            c.commit(&done.state, what, None, done.lines, &mut out)?;
        }
        StateCommand::Kit {
            file,
            kit,
            healer,
            max_checks,
            dice,
        } => {
            let patient = read(file, pack, campaign)?;
            let healer = match healer {
                Some(h) => Some(read(h, pack, campaign)?),
                None => None,
            };
            let mut dice = dice.source();
            let (done, healer_after) = match patient.state.use_kit(
                &patient.character,
                pack,
                campaign,
                healer.as_ref().map(|h| (&h.state, &h.character)),
                kit,
                *max_checks,
                dice.as_mut(),
            ) {
                Ok(r) => r,
                Err(e) => return refused(e),
            };
            let what = match &healer {
                Some(h) => format!("kit {kit} (by {})", h.character.name),
                None => format!("kit {kit}"),
            };
            let patient_name = patient.character.name.clone();
            patient.commit(&done.state, what, None, done.lines, &mut out)?;
            if let (Some(h), Some(after)) = (healer, healer_after) {
                if after != h.state {
                    let what = format!("used {kit} on {patient_name}");
                    h.commit(&after, what, None, Vec::new(), &mut out)?;
                }
            }
        }
        StateCommand::Resupply { file } => {
            let c = read(file, pack, campaign)?;
            let done = c.state.resupply(&c.character);
            c.commit(&done.state, "resupply".into(), None, done.lines, &mut out)?;
        }
        StateCommand::Loot { file, kit, count } => {
            let c = read(file, pack, campaign)?;
            let done = match c.state.loot(kit, *count) {
                Ok(done) => done,
                Err(e) => return refused(e),
            };
            c.commit(
                &done.state,
                format!("loot {kit}"),
                None,
                done.lines,
                &mut out,
            )?;
        }
        StateCommand::AwardXp { file, xp, reason } => {
            let c = read(file, pack, campaign)?;
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
            let reason = reason_given(reason)?;
            let correction: Correction = correction(field, value)?;
            let c = read(file, pack, campaign)?;
            let state = match c.state.correct(&correction) {
                Ok(s) => s,
                Err(e) => return refused(e),
            };
            c.commit(
                &state,
                format!("correct {field}"),
                Some(reason),
                Vec::new(),
                &mut out,
            )?;
        }
        StateCommand::LevelUp { file } => {
            let c = read(file, pack, campaign)?;
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let (new_text, state) = match c.state.level_up(&c.character, &text, pack, campaign) {
                Ok(r) => r,
                Err(e) => return refused(e),
            };
            crate::cx::write_file(file, &new_text)?;
            let line = format!(
                "{} is now level {} ({} rewritten)",
                c.character.name,
                state.level,
                file.display()
            );
            let what = format!("level up to {}", state.level);
            c.commit(&state, what, None, vec![line], &mut out)?;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}

/// The state in words.
fn show(c: &Carried) -> String {
    let s = &c.state;
    let mut out = format!(
        "{}: level {}, {} XP (level {} takes {} in all)\n",
        c.character.name,
        s.level,
        s.xp,
        s.level + 1,
        xp_for_level(s.level + 1)
    );
    out.push_str(&format!(
        "Hit points {}/{}{}\n",
        s.hp,
        s.max_hp,
        if s.hp <= 0 { ", down" } else { "" }
    ));
    out.push_str(&format!(
        "Spell energy {}/{}, power points {}/{}\n",
        s.energy, s.max_energy, s.power_points, s.max_power_points
    ));
    for d in &s.drains {
        out.push_str(&format!(
            "Drained {} STR and CON, {} rounds of its hour left (D20-GRAP-05)\n",
            d.points, d.rounds_left
        ));
    }
    if !s.kits.is_empty() {
        let kits: Vec<String> = s.kits.iter().map(|(k, v)| format!("{k} {v}")).collect();
        out.push_str(&format!("Kits: {}\n", kits.join(", ")));
    }
    out.push_str(&carry_file::state_line(&c.path, c.file.as_ref()));
    out
}
