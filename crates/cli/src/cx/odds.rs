//! `nanite cx odds CHAR --target TARGET`: the exact odds of every shot a
//! character's weapons can take at a target, by range bracket, fire mode,
//! aimed, hip or blind fire, and the target's cover and stance: the chance to
//! hit, to crit and to jam, and the damage to health expected per shot and
//! per action, as a table, as JSON, or as an SVG chart of each shot's damage
//! distribution (`--plot`).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use nanite_compound_x::combat::{Cover, Fighter, Fire, Stance};
use nanite_compound_x::odds::{ALL_COVERS, ALL_STANCES, OddsLine, TableSpec, odds_table};
use nanite_compound_x::{Pack, Sheet};

use super::read_valid_character;
use super::render::Doc;
use crate::plot::{self, Chart};

/// Arguments of `nanite cx odds`.
#[derive(Debug, Args)]
pub(crate) struct OddsArgs {
    /// The shooter's character file.
    file: PathBuf,
    /// The target's character file.
    #[arg(long)]
    target: PathBuf,
    /// Only this weapon (its number from 0, or its id).
    #[arg(long)]
    weapon: Option<String>,
    /// Metres to the target; by default the far end of each range bracket.
    #[arg(long, allow_negative_numbers = true)]
    distance: Option<i64>,
    /// The target's cover: none, partial, full, or all (one block each).
    #[arg(long, default_value = "none")]
    cover: String,
    /// The target's stance: standing, crouched, prone, hunkered, or all.
    #[arg(long, default_value = "standing")]
    stance: String,
    /// Print the odds as JSON.
    #[arg(long)]
    json: bool,
    /// Write an SVG chart of each shot's damage distribution to this file;
    /// no table is printed then (JSON still is with --json).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// The covers asked for: one, or `all`.
fn covers(text: &str) -> Result<Vec<Cover>> {
    if text == "all" {
        return Ok(ALL_COVERS.to_vec());
    }
    Cover::parse(text)
        .map(|c| vec![c])
        .with_context(|| format!("cover '{text}' is not none, partial, full or all"))
}

/// The stances asked for: one, or `all`.
fn stances(text: &str) -> Result<Vec<Stance>> {
    if text == "all" {
        return Ok(ALL_STANCES.to_vec());
    }
    Stance::parse(text).map(|s| vec![s]).with_context(|| {
        format!("stance '{text}' is not standing, crouched, prone, hunkered or all")
    })
}

pub(super) fn run(args: &OddsArgs, pack: &Pack) -> Result<()> {
    let covers = covers(&args.cover)?;
    let stances = stances(&args.stance)?;
    if let Some(d) = args.distance {
        if !(0..=100_000).contains(&d) {
            bail!("distance {d} m is out of bounds: give 0 to 100000 metres");
        }
    }
    let fighter = |path: &PathBuf| -> Result<Fighter> {
        let (character, _) = read_valid_character(path, pack)?;
        Ok(Fighter::from_sheet(&Sheet::compute(&character, pack), pack))
    };
    let (shooter, target) = (fighter(&args.file)?, fighter(&args.target)?);
    let weapons: Vec<usize> = match &args.weapon {
        None => Vec::new(),
        Some(w) => match w.parse::<usize>() {
            Ok(i) if i < shooter.weapons.len() => vec![i],
            _ => match shooter.weapons.iter().position(|x| x.id == *w) {
                Some(i) => vec![i],
                None => bail!(
                    "{} carries no weapon '{w}'; it carries {}",
                    shooter.name,
                    shooter
                        .weapons
                        .iter()
                        .enumerate()
                        .map(|(i, x)| format!("{i} {}", x.id))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        },
    };
    let spec = TableSpec {
        weapons,
        distance: args.distance,
        covers: covers.clone(),
        stances: stances.clone(),
        shooter_stance: Stance::Standing,
    };
    let lines = odds_table(&shooter, &target, &spec)?;
    if let Some(path) = &args.plot {
        if lines.is_empty() {
            bail!(
                "{} has no shot at {} to chart (out of range, or no firearm); nothing written",
                shooter.name,
                target.name
            );
        }
        write_chart(&lines, path)?;
        writeln!(
            std::io::stderr().lock(),
            "wrote {} chart(s) to {}",
            lines.len(),
            path.display()
        )?;
        if !args.json {
            return Ok(());
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &lines)?;
        writeln!(out)?;
        return Ok(());
    }
    let mut doc = Doc::new(format!(
        "{} against {} ({} cover, {})",
        shooter.name,
        target.name,
        keys(covers.iter().map(|c| c.key())),
        keys(stances.iter().map(|s| s.key()))
    ));
    let percent = |p: f64| format!("{:.1}%", p * 100.0);
    // Cover and stance get columns of their own only when they vary.
    let (by_cover, by_stance) = (covers.len() > 1, stances.len() > 1);
    let rows = lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.weapon.clone(),
                fire_key(l.fire).to_string(),
                l.mode.key().to_string(),
                format!("{} m", l.distance),
            ];
            if by_cover {
                row.push(l.cover.key().to_string());
            }
            if by_stance {
                row.push(l.stance.key().to_string());
            }
            row.extend([
                l.odds.miss_chance.to_string(),
                percent(l.odds.hit),
                percent(l.odds.critical),
                percent(l.odds.jam),
                format!("{:.1}", l.odds.expected),
                format!("{:.1}", l.odds.per_action),
            ]);
            row
        })
        .collect();
    let mut header = vec!["weapon", "fire", "mode", "at"];
    if by_cover {
        header.push("cover");
    }
    if by_stance {
        header.push("stance");
    }
    header.extend(["miss", "hit", "crit", "jam", "dmg/shot", "dmg/action"]);
    doc.table(&header, rows);
    doc.text(
        "Exact odds: every accuracy d10, damage total and armor d100 counted (CX-RNG, CX-DMG); damage is to health after shields, armor and armor points.",
    );
    out.write_all(doc.to_text().as_bytes())?;
    Ok(())
}

fn fire_key(fire: Fire) -> &'static str {
    match fire {
        Fire::Aimed => "aimed",
        Fire::Hip => "hip",
        Fire::Blind => "blind",
    }
}

fn keys<'a>(keys: impl Iterator<Item = &'a str>) -> String {
    keys.collect::<Vec<_>>().join("/")
}

/// One chart per shot: the distribution of damage to health (a miss or a
/// blocked hit is 0), titled with the shot and noted with its odds.
fn write_chart(lines: &[OddsLine], path: &Path) -> Result<()> {
    let texts: Vec<(String, String)> = lines
        .iter()
        .map(|l| {
            (
                format!(
                    "{}: {} {} at {} m ({}-{} m), {} cover, {}",
                    l.weapon,
                    fire_key(l.fire),
                    l.mode.key(),
                    l.distance,
                    l.bracket_from,
                    l.bracket_to,
                    l.cover.key(),
                    l.stance.key()
                ),
                format!(
                    "miss chance {}: hit {:.1}%, crit {:.1}%, jam {:.1}%, {:.1} damage a shot, {:.1} an action",
                    l.odds.miss_chance,
                    l.odds.hit * 100.0,
                    l.odds.critical * 100.0,
                    l.odds.jam * 100.0,
                    l.odds.expected,
                    l.odds.per_action
                ),
            )
        })
        .collect();
    let charts: Vec<Chart<'_>> = lines
        .iter()
        .zip(&texts)
        .map(|(l, (title, note))| Chart {
            title,
            note,
            axis: "damage to health",
            bars: &l.odds.damage,
        })
        .collect();
    std::fs::write(path, plot::svg(&charts))
        .with_context(|| format!("could not write the chart to {}", path.display()))
}
