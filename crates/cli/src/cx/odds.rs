//! `nanite cx odds CHAR --target TARGET`: the exact odds of every shot a
//! character's weapons can take at a target, by range bracket, fire mode and
//! aimed, hip or blind fire: the chance to hit, to crit and to jam, and the
//! damage to health expected per shot and per action.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use nanite_compound_x::combat::{Aim, Cover, Fighter, Fire, Stance, check_shot};
use nanite_compound_x::odds::{ShotOdds, shot_odds};
use nanite_compound_x::{FireMode, Pack, Sheet};
use serde::Serialize;

use super::read_valid_character;
use super::render::Doc;

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
    #[arg(long)]
    distance: Option<i64>,
    /// The target's cover: none, partial or full.
    #[arg(long, default_value = "none")]
    cover: String,
    /// The target's stance: standing, crouched, prone or hunkered.
    #[arg(long, default_value = "standing")]
    stance: String,
    /// Print the odds as JSON.
    #[arg(long)]
    json: bool,
}

/// One line of the table.
#[derive(Serialize)]
struct Line {
    weapon: String,
    fire: &'static str,
    mode: &'static str,
    distance: i64,
    #[serde(flatten)]
    odds: ShotOdds,
}

pub(super) fn run(args: &OddsArgs, pack: &Pack) -> Result<()> {
    let cover = Cover::parse(&args.cover)
        .with_context(|| format!("cover '{}' is not none, partial or full", args.cover))?;
    let stance = Stance::parse(&args.stance).with_context(|| {
        format!(
            "stance '{}' is not standing, crouched, prone or hunkered",
            args.stance
        )
    })?;
    let fighter = |path: &PathBuf| -> Result<Fighter> {
        let (character, _) = read_valid_character(path, pack)?;
        Ok(Fighter::from_sheet(&Sheet::compute(&character, pack), pack))
    };
    let (shooter, target) = (fighter(&args.file)?, fighter(&args.target)?);
    let weapons: Vec<usize> = match &args.weapon {
        None => (0..shooter.weapons.len()).collect(),
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
    let mut lines = Vec::new();
    for w in weapons {
        let weapon = &shooter.weapons[w];
        let distances: Vec<i64> = match args.distance {
            Some(d) => vec![d],
            None => weapon.brackets.iter().map(|b| b.to).collect(),
        };
        for fire in [Fire::Aimed, Fire::Hip, Fire::Blind] {
            for mode in [FireMode::Semi, FireMode::Burst, FireMode::Auto] {
                for &distance in &distances {
                    let aim = Aim {
                        weapon: w,
                        mode,
                        fire,
                        distance,
                        cover,
                        stance,
                        shooter_stance: Stance::Standing,
                        suppressed: false,
                        sprinting: false,
                        stealth: false,
                        condition: 0,
                        no_crits: false,
                    };
                    // Shots the weapon cannot take (no such mode, out of
                    // range, hip fire with a knife) are left out; an empty
                    // magazine does not matter for the odds.
                    let mut loaded = shooter.clone();
                    loaded.weapons[w].loaded = loaded.weapons[w].magazine;
                    if check_shot(&loaded, &aim).is_err() {
                        continue;
                    }
                    // No hip fire with an optical attachment, unless the
                    // minimum distance forces it (CX-RNG-05).
                    let forced = weapon.min_distance.is_some_and(|m| distance < m);
                    if fire == Fire::Hip && weapon.optical && !forced {
                        continue;
                    }
                    let odds = shot_odds(&loaded, &target, &aim)?;
                    lines.push(Line {
                        weapon: weapon.name.clone(),
                        fire: fire_key(fire),
                        mode: mode.key(),
                        distance,
                        odds,
                    });
                }
            }
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
        cover.key(),
        stance.key()
    ));
    let percent = |p: f64| format!("{:.1}%", p * 100.0);
    let rows = lines
        .iter()
        .map(|l| {
            vec![
                l.weapon.clone(),
                l.fire.to_string(),
                l.mode.to_string(),
                format!("{} m", l.distance),
                l.odds.miss_chance.to_string(),
                percent(l.odds.hit),
                percent(l.odds.critical),
                percent(l.odds.jam),
                format!("{:.1}", l.odds.expected),
                format!("{:.1}", l.odds.per_action),
            ]
        })
        .collect();
    doc.table(
        &[
            "weapon",
            "fire",
            "mode",
            "at",
            "miss",
            "hit",
            "crit",
            "jam",
            "dmg/shot",
            "dmg/action",
        ],
        rows,
    );
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
