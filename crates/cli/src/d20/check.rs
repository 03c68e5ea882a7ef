//! `nanite d20 check FILE SKILL`: a skill check (D20-CHK-01), or a
//! non-skill check when SKILL is an attribute (D20-CHK-02), against a
//! difficulty, opposed by another character (D20-CHK-03), or extended over
//! in-game time (D20-CHK-04); every die and modifier shown.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::{ArgGroup, Args};
use nanite_core::check::Dc;
use nanite_core::{DiceSource, EntropyDice, ScriptedDice, SeededDice};
use nanite_d20::check::{CheckSpec, Extended, check, duration, extended, opposed};
use nanite_d20::{Attribute, Campaign, Pack, Sheet};
use serde_json::json;

use super::read_valid_character;
use crate::cx::Outcome;

/// Arguments of `nanite d20 check`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("against_what").required(true).args(["dc", "against", "threshold"])))]
#[command(group(ArgGroup::new("source").args(["seed", "dice"])))]
pub(crate) struct CheckArgs {
    /// The character file.
    file: PathBuf,
    /// A skill id (`melee-fighting`), or an attribute (STR, DEX, CON, WIS)
    /// for a non-skill check.
    skill: String,
    /// The difficulty: the total must meet or beat it (10 is average); it
    /// may be negative (`--dc -5`).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    dc: Option<i64>,
    /// The DC is the GM's secret: the output says only success or failure.
    #[arg(long, requires = "dc")]
    hidden: bool,
    /// Use another attribute the skill allows (DEX for Melee Fighting with a
    /// finesse weapon, or an alternate the GM allows).
    #[arg(long, value_name = "ATTR")]
    attribute: Option<String>,
    /// An opposed check against this character; ties are rolled again.
    #[arg(long, value_name = "FILE")]
    against: Option<PathBuf>,
    /// The opponent's skill or attribute (default: the same as SKILL).
    #[arg(long, value_name = "SKILL", requires = "against")]
    their: Option<String>,
    /// An extended check: totals accumulate until they reach this threshold.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    threshold: Option<i64>,
    /// In-game minutes each check of an extended check takes.
    #[arg(
        long,
        value_name = "MINUTES",
        default_value_t = 60,
        allow_negative_numbers = true,
        requires = "threshold"
    )]
    every: i64,
    /// The GM's maximum number of checks: the only way an extended check fails.
    #[arg(long, value_name = "N", requires = "threshold")]
    max_checks: Option<u32>,
    /// Seeded dice: the same seed gives the same rolls.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Physical dice rolled ahead, in order (each d20 as its face).
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<i64>>,
    /// Print the result as JSON (documented in docs/cli/d20.md).
    #[arg(long)]
    json: bool,
}

/// The check `what` (a skill id or an attribute) of a sheet.
fn spec(sheet: &Sheet, what: &str, attribute: Option<&str>) -> Result<CheckSpec> {
    let attribute = match attribute {
        None => None,
        Some(a) => Some(Attribute::parse(a).ok_or_else(|| {
            anyhow::anyhow!("`{a}` is not an attribute; the attributes are STR, DEX, CON and WIS")
        })?),
    };
    if let Some(a) = Attribute::parse(what) {
        if attribute.is_some() {
            bail!("--attribute is for skill checks; `{what}` is already an attribute");
        }
        return Ok(sheet.attribute_check(a));
    }
    sheet
        .skill_check(what, attribute)
        .map_err(|e| anyhow::anyhow!(e))
}

pub(super) fn run(args: &CheckArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let sheet = load(&args.file, pack, campaign)?;
    let mine = spec(&sheet, &args.skill, args.attribute.as_deref())?;
    let mut dice: Box<dyn DiceSource> = match (&args.seed, &args.dice) {
        (Some(seed), _) => Box::new(SeededDice::new(*seed)),
        (None, Some(faces)) => Box::new(ScriptedDice::new(faces.iter().copied())),
        (None, None) => Box::new(EntropyDice::new()),
    };
    let mut out = std::io::stdout().lock();
    if let Some(dc) = args.dc {
        let dc = nanite_d20::limits::within("--dc", dc, &nanite_d20::limits::DC)
            .map_err(anyhow::Error::msg)?;
        let dc = if args.hidden {
            Dc::hidden(dc)
        } else {
            Dc::open(dc)
        };
        let r = check(
            &mine,
            dc,
            dice.as_mut(),
            &format!("{} check for {}", mine.label, sheet.name),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        if args.json {
            let mut v = serde_json::to_value(&r)?;
            v["kind"] = json!("check");
            v["character"] = json!(sheet.name);
            if args.hidden {
                v["dc"] = json!({ "hidden": true });
                v["breakdown"] = json!([]);
            }
            out.write_all(serde_json::to_string_pretty(&v)?.as_bytes())?;
            writeln!(out)?;
        } else if args.hidden {
            writeln!(
                out,
                "{}: {} check against a hidden DC\nd20 = {}, total {}: {}",
                sheet.name,
                mine.label,
                r.die,
                r.total,
                if r.success { "success" } else { "failure" }
            )?;
        } else {
            writeln!(
                out,
                "{}: {} check against DC {}",
                sheet.name, mine.label, r.dc.value
            )?;
            write!(out, "{}", r.breakdown)?;
        }
    } else if let Some(path) = &args.against {
        let theirs_sheet = load(path, pack, campaign)?;
        let theirs = spec(
            &theirs_sheet,
            args.their.as_deref().unwrap_or(&args.skill),
            None,
        )?;
        let o = opposed(
            (&sheet.name, &mine),
            (&theirs_sheet.name, &theirs),
            dice.as_mut(),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        if args.json {
            let mut v = serde_json::to_value(&o)?;
            v["kind"] = json!("opposed");
            v["character"] = json!(sheet.name);
            v["opponent"] = json!(theirs_sheet.name);
            out.write_all(serde_json::to_string_pretty(&v)?.as_bytes())?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "{}: {} against {}'s {} (opposed, ties rolled again)",
                sheet.name, mine.label, theirs_sheet.name, theirs.label
            )?;
            write!(out, "{}", o.breakdown)?;
        }
    } else if let Some(threshold) = args.threshold {
        let terms = Extended {
            threshold,
            minutes_per_check: args.every,
            max_checks: args.max_checks,
        };
        let r = extended(&mine, terms, dice.as_mut(), &sheet.name)?;
        if args.json {
            let mut v = serde_json::to_value(&r)?;
            v["kind"] = json!("extended");
            v["character"] = json!(sheet.name);
            out.write_all(serde_json::to_string_pretty(&v)?.as_bytes())?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "{}: {} extended check, threshold {threshold}",
                sheet.name, mine.label
            )?;
            write!(out, "{}", r.breakdown)?;
            writeln!(
                out,
                "{} after {} check(s), {} of in-game time",
                if r.reached { "reached" } else { "failed" },
                r.steps.len(),
                duration(r.minutes)
            )?;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}

fn load(path: &Path, pack: &Pack, campaign: &Campaign) -> Result<Sheet> {
    let character = read_valid_character(path, pack)?;
    Ok(Sheet::compute(&character, pack, campaign))
}
