//! Sheet sections: skills, skill points, feats, stat-1 effects.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use super::Effects;
use super::stats::{StatVars, secondary_source};
use crate::character::Character;
use crate::level;
use crate::pack::{EffectTarget, Pack, Secondary};
use crate::stat::{Stat, Stats, stat_bonus};

/// Proficiency: 10 or more points in a skill (CX-DICE-08).
pub const PROFICIENT_POINTS: i64 = 10;

/// One skill on the sheet.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxSkillLine))]
pub struct SkillLine {
    /// Skill id.
    pub id: String,
    /// Skill name.
    pub name: String,
    /// Its stat.
    pub stat: Stat,
    /// Points learned.
    pub points: i64,
    /// The stat bonus added (CX-DICE-05).
    pub stat_bonus: i64,
    /// Other modifiers with their sources.
    pub modifiers: Vec<(String, i64)>,
    /// What is added to a d100 check.
    pub total: i64,
    /// 10 or more points (CX-DICE-08).
    pub proficient: bool,
    /// Whether the character may attempt it at all.
    pub usable: bool,
    /// Why not, or other notes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Skills the stat-1 rules name by id.
const SPEECH: &str = "speech";
const DECEIVE: &str = "deceive";

/// The skill lines: every skill of the pack, learned ones first.
pub(crate) fn skills(
    character: &Character,
    pack: &Pack,
    stats: &Stats,
    effects: &Effects<'_>,
    vars: &StatVars<'_>,
) -> Vec<SkillLine> {
    let int_one = stats.get(Stat::Intelligence) <= 1;
    let per_one = stats.get(Stat::Perception) <= 1;
    let cha_one = stats.get(Stat::Charisma) <= 1;
    let mut lines: Vec<SkillLine> = pack
        .skills
        .iter()
        .map(|skill| {
            let points = character.skill_points(&skill.id);
            let bonus = stat_bonus(stats.get(skill.stat));
            let mut modifiers: Vec<(String, i64)> = effects
                .amounts(&EffectTarget::Skill(skill.id.clone()), vars)
                .into_iter()
                .map(|(source, n)| (source.to_string(), n))
                .collect();
            let mut notes = Vec::new();
            let mut usable = true;
            if per_one && skill.id == SPEECH {
                modifiers.push(("rule CX-STAT-08 PER 1".to_string(), -20));
            }
            if cha_one
                && (skill.id == SPEECH || skill.id == DECEIVE || skill.stat == Stat::Charisma)
            {
                modifiers.push(("rule CX-STAT-10 CHA 1".to_string(), -24));
            }
            if per_one && (skill.id == "search" || skill.id == "awareness") {
                usable = false;
                notes.push("PER 1: cannot be used (rule CX-STAT-08)".to_string());
            }
            let proficient = points >= PROFICIENT_POINTS;
            if int_one && !proficient {
                usable = false;
                notes.push(
                    "INT 1: only proficient skills may be attempted (rule CX-STAT-11)".to_string(),
                );
            }
            if stats.get(Stat::Dexterity) <= 1 && skill.stat == Stat::Dexterity {
                notes.push("DEX 1: DEX skills cannot be learned (rule CX-STAT-12)".to_string());
            }
            let total = points + bonus + modifiers.iter().map(|(_, n)| n).sum::<i64>();
            SkillLine {
                id: skill.id.clone(),
                name: skill.name.clone(),
                stat: skill.stat,
                points,
                stat_bonus: bonus,
                modifiers,
                total,
                proficient,
                usable,
                notes,
            }
        })
        .collect();
    lines.sort_by_key(|l| l.points == 0);
    lines
}

/// The skill point budget (CX-LVL-02, CX-LVL-03).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SkillPoints {
    /// Level 0: the class's starting points.
    pub starting: i64,
    /// Points gained at each level from 1: 2 * Skill Point Gain at that level.
    pub per_level: Vec<i64>,
    /// Everything gained.
    pub budget: i64,
    /// Points in skills.
    pub spent: i64,
    /// Saved for later.
    pub unspent: i64,
}

/// The stats of `character` as they were at `at_level` (assigned, race, the
/// stat points gained by then).
pub fn stats_at_level(character: &Character, pack: &Pack, at_level: i64) -> Stats {
    let race = pack.races.get(&character.race);
    let mut stats = Stats::default();
    for stat in Stat::ALL {
        let gained = character
            .stat_increases
            .iter()
            .enumerate()
            .filter(|(n, s)| {
                **s == stat && level::stat_point_level(*n).is_some_and(|l| l <= at_level)
            })
            .count() as i64;
        stats.set(
            stat,
            character.base_stats.get(stat) + race.map_or(0, |r| r.bonus(stat)) + gained,
        );
    }
    stats
}

/// Skill points gained on reaching `at_level` (CX-LVL-02): 2 * Skill Point Gain,
/// with that level's stat point already applied (CX-LVL-06).
pub fn skill_points_at_level(character: &Character, pack: &Pack, at_level: i64) -> i64 {
    if at_level <= 0 {
        return pack
            .classes
            .get(&character.class)
            .map_or(0, |c| c.starting_skill_points);
    }
    // Stats as they were at that level, with the character's effects on
    // them; then Skill Point Gain with its effects. The file does not record
    // when a feat was taken, so an effect counts for every level (the
    // recalculation of CX-STAT-18); stat points count from their level only
    // (CX-LVL-06).
    let base = stats_at_level(character, pack, at_level);
    let granted = granted_feats(character, pack, &base);
    let effects = super::collect_effects(character, pack, &granted);
    let mut stats = base;
    for stat in Stat::ALL {
        let vars = StatVars {
            stats: &base,
            level: at_level,
        };
        let extra: i64 = effects
            .amounts(&EffectTarget::Stat(stat), &vars)
            .iter()
            .map(|(_, n)| n)
            .sum();
        stats.set(stat, stats.get(stat) + extra);
    }
    let spg = if character.house_rules.secondary_pool {
        character
            .secondary_pool
            .iter()
            .filter(|(_, s, _)| *s == Secondary::SkillPointGain)
            .map(|(_, _, n)| n)
            .sum()
    } else {
        stats.get(secondary_source(Secondary::SkillPointGain, &stats, None))
    };
    let vars = StatVars {
        stats: &stats,
        level: at_level,
    };
    let extra: i64 = effects
        .amounts(&EffectTarget::Secondary(Secondary::SkillPointGain), &vars)
        .iter()
        .map(|(_, n)| n)
        .sum();
    2 * (spg + extra)
}

pub(crate) fn skill_points(character: &Character, pack: &Pack) -> SkillPoints {
    let starting = skill_points_at_level(character, pack, 0);
    let per_level: Vec<i64> = (1..=character.level.clamp(0, level::MAX_LEVEL))
        .map(|l| skill_points_at_level(character, pack, l))
        .collect();
    let budget = starting + per_level.iter().sum::<i64>();
    let spent = character.skills.iter().map(|(_, p)| p).sum();
    SkillPoints {
        starting,
        per_level,
        budget,
        spent,
        unspent: budget - spent,
    }
}

/// One owned feat.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeatLine {
    /// Feat id.
    pub id: String,
    /// Feat name.
    pub name: String,
    /// `chosen`, `class` or `granted`.
    pub how: Cow<'static, str>,
    /// What it does.
    pub description: String,
}

/// Feats owned and allowed (CX-LVL-04, CX-LVL-05, CX-STAT-14).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Feats {
    /// Every owned feat.
    pub owned: Vec<FeatLine>,
    /// Chosen feats owned (granted ones do not count).
    pub chosen: i64,
    /// Chosen feats allowed at this level.
    pub allowed: i64,
    /// Class feats owned.
    pub class_feats: i64,
    /// Class feats allowed at this level.
    pub class_feats_allowed: i64,
}

/// The feats granted by stats (CX-STAT-14): each feat with `granted` whose stat
/// is high enough, unless the character took its alternative (`charisma_feat`).
pub(crate) fn granted_feats(character: &Character, pack: &Pack, stats: &Stats) -> Vec<String> {
    let mut out = Vec::new();
    for feat in pack.feats.iter() {
        let Some(grant) = feat.granted else { continue };
        if stats.get(grant.stat) < grant.min {
            continue;
        }
        match &feat.instead_of {
            // An alternative: owned only when chosen.
            Some(_) => {
                if character.charisma_feat.as_deref() == Some(feat.id.as_str()) {
                    out.push(feat.id.clone());
                }
            }
            None => {
                let replaced = pack.feats.iter().any(|alt| {
                    alt.instead_of.as_deref() == Some(feat.id.as_str())
                        && character.charisma_feat.as_deref() == Some(alt.id.as_str())
                        && alt.granted.is_some_and(|g| stats.get(g.stat) >= g.min)
                });
                if !replaced {
                    out.push(feat.id.clone());
                }
            }
        }
    }
    out
}

pub(crate) fn feats(
    character: &Character,
    pack: &Pack,
    stats: &Stats,
    granted: &[String],
) -> Feats {
    let line = |id: &String, how: &'static str| FeatLine {
        id: id.clone(),
        name: pack
            .feats
            .get(id)
            .map_or_else(|| id.clone(), |f| f.name.clone()),
        how: how.into(),
        description: pack
            .feats
            .get(id)
            .map(|f| f.description.clone())
            .unwrap_or_default(),
    };
    let owned = granted
        .iter()
        .map(|id| line(id, "granted"))
        .chain(character.feats.iter().map(|id| line(id, "chosen")))
        .chain(character.class_feats.iter().map(|id| line(id, "class")))
        .collect();
    Feats {
        owned,
        chosen: character.feats.len() as i64,
        allowed: level::feats_allowed(character.level, stats.get(Stat::Intelligence)),
        class_feats: character.class_feats.len() as i64,
        class_feats_allowed: level::class_feats_allowed(character.level),
    }
}

/// What a stat at 1 does to the character.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatOneEffect {
    /// The stat.
    pub stat: Stat,
    /// The rule.
    pub rule: Cow<'static, str>,
    /// Its effect.
    pub effect: Cow<'static, str>,
}

/// The effects of every stat at 1 (CX-STAT-07..13).
pub(crate) fn stat_one_effects(stats: &Stats) -> Vec<StatOneEffect> {
    const EFFECTS: [(Stat, &str, &str); 7] = [
        (
            Stat::Strength,
            "CX-STAT-07",
            "moves at most 2 m per 2 actions (unless DEX is 1 too); cannot wear armor with more than 50% coverage",
        ),
        (
            Stat::Perception,
            "CX-STAT-08",
            "cannot use Search or Awareness; -20 on Speech",
        ),
        (
            Stat::Fortitude,
            "CX-STAT-09",
            "unarmed damage is halved and non-lethal; takes half of any melee damage it deals",
        ),
        (
            Stat::Charisma,
            "CX-STAT-10",
            "-24 on Speech, Deceive and similar; a DC 30 CHA check to communicate with an NPC; talking costs 1 action in combat",
        ),
        (
            Stat::Intelligence,
            "CX-STAT-11",
            "only proficient skills (10+ points) may be attempted",
        ),
        (
            Stat::Dexterity,
            "CX-STAT-12",
            "DEX-based skills cannot be learned",
        ),
        (
            Stat::Luck,
            "CX-STAT-13",
            "rolls on the Black Cat table at the start of each combat",
        ),
    ];
    EFFECTS
        .into_iter()
        .filter(|(stat, _, _)| stats.get(*stat) <= 1)
        .map(|(stat, rule, effect)| StatOneEffect {
            stat,
            rule: rule.into(),
            effect: effect.into(),
        })
        .collect()
}
