//! `nanite cx level-up FILE`: one level, its choices checked, the file rewritten.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use nanite_compound_x::{LevelUp, Pack, Sheet, Stat, level_up, skill_points_at_level};

use super::{read_valid_character, write_file};

/// Arguments of `nanite cx level-up`.
#[derive(Debug, Args)]
pub(crate) struct LevelUpArgs {
    /// The character file (rewritten in place unless --dry-run).
    file: PathBuf,
    #[command(flatten)]
    choices: Choices,
    /// Check and show the result without writing the file.
    #[arg(long)]
    dry_run: bool,
}

/// The choices of one level (CX-LVL-02..07).
#[derive(Debug, Args)]
pub(crate) struct Choices {
    /// The stat to raise (levels 5, 9, 15 and 20).
    #[arg(long, value_name = "STAT")]
    stat: Option<String>,
    /// Skill points to add, as SKILL=POINTS (repeatable).
    #[arg(long = "skill", value_name = "SKILL=POINTS")]
    skills: Vec<String>,
    /// A feat to take (repeatable).
    #[arg(long = "feat", value_name = "FEAT")]
    feats: Vec<String>,
    /// A class feat to take (repeatable).
    #[arg(long = "class-feat", value_name = "FEAT")]
    class_feats: Vec<String>,
}

impl Choices {
    /// The choices, read.
    pub(crate) fn read(&self) -> Result<LevelUp> {
        let stat = match &self.stat {
            None => None,
            Some(text) => match Stat::parse(text) {
                Some(stat) => Some(stat),
                None => {
                    bail!("--stat {text}: not a stat; use STR, PER, FORT, CHA, INT, DEX or LUCK")
                }
            },
        };
        Ok(LevelUp {
            stat,
            skills: self
                .skills
                .iter()
                .map(|s| parse_skill(s))
                .collect::<Result<_>>()?,
            feats: self.feats.clone(),
            class_feats: self.class_feats.clone(),
        })
    }
}

fn parse_skill(text: &str) -> Result<(String, i64)> {
    let Some((skill, points)) = text.split_once('=') else {
        bail!("--skill {text}: expected SKILL=POINTS, e.g. --skill smgs=10");
    };
    let Ok(points) = points.trim().parse::<i64>() else {
        bail!("--skill {text}: `{points}` is not a whole number of points");
    };
    Ok((skill.trim().to_string(), points))
}

pub(super) fn run(args: &LevelUpArgs, pack: &Pack) -> Result<()> {
    let (character, _) = read_valid_character(&args.file, pack)?;
    let choices = args.choices.read()?;
    let next = match level_up(&character, pack, &choices) {
        Ok(next) => next,
        Err(found) => bail!(
            "{} cannot reach level {}; nothing was changed:\n{found}",
            character.name,
            character.level + 1
        ),
    };
    let before = Sheet::compute(&character, pack);
    let after = Sheet::compute(&next, pack);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} is now level {}{}.",
        next.name,
        next.level,
        if args.dry_run {
            " (dry run: file not written)"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "Skill points: +{} this level, {} saved for later.",
        skill_points_at_level(&next, pack, next.level),
        after.skill_points.unspent
    )?;
    let changes = [
        ("Max HP", before.max_hp, after.max_hp),
        ("Nanites", before.nanites, after.nanites),
        ("Will", before.saves.will, after.saves.will),
        ("Shock", before.saves.shock, after.saves.shock),
        ("Reflex", before.saves.reflex, after.saves.reflex),
        (
            "Movement Speed",
            before.secondary.movement_speed,
            after.secondary.movement_speed,
        ),
        (
            "Carry Ability",
            before.secondary.carry_ability,
            after.secondary.carry_ability,
        ),
        (
            "Skill Point Gain",
            before.secondary.skill_point_gain,
            after.secondary.skill_point_gain,
        ),
        ("Critical range", before.crit_range, after.crit_range),
        ("Feats allowed", before.feats.allowed, after.feats.allowed),
        (
            "Class feats allowed",
            before.feats.class_feats_allowed,
            after.feats.class_feats_allowed,
        ),
    ];
    for stat in Stat::ALL {
        let (a, b) = (before.stats.get(stat), after.stats.get(stat));
        if a != b {
            writeln!(out, "{stat}: {a} -> {b}")?;
        }
    }
    for (name, a, b) in changes {
        if a != b {
            writeln!(out, "{name}: {a} -> {b}")?;
        }
    }
    if after.feats.chosen < after.feats.allowed {
        writeln!(
            out,
            "{} feat(s) still to choose (pass --feat on a later level-up, or edit the file).",
            after.feats.allowed - after.feats.chosen
        )?;
    }
    if !args.dry_run {
        write_file(&args.file, &next.to_toml())?;
    }
    Ok(())
}
