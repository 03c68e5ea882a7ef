//! Weapon rows: miss chances per fire mode per bracket, hip and blind fire,
//! critical faces, reloads (CX-STAT-04, CX-STAT-05, CX-RNG-02/03/05/06/07).

use std::borrow::Cow;
use std::collections::BTreeMap;

use nanite_core::{Source, SourceKind};
use serde::{Deserialize, Serialize};

use super::Effects;
use super::stats::{StatVars, stat_combat_bonus};
use crate::accuracy::Tenths;
use crate::character::CharacterWeapon;
use crate::house::HouseRules;
use crate::pack::{
    Action, Attachment, Attack, DamageType, EffectTarget, FireMode, Pack, Suppression, Weapon,
};
use crate::stat::{Stat, Stats};

/// The lowest weapon miss chance after modifiers (CX-RNG-03).
pub const MIN_WEAPON_MISS: i64 = -2;
/// The lowest burst or automatic miss chance after modifiers (CX-RNG-03).
pub const MIN_MODE_MISS: i64 = 1;
/// Hip fire penalty (CX-RNG-05).
pub const HIP_FIRE: i64 = 3;
/// Blind fire penalty (CX-RNG-06).
pub const BLIND_FIRE: i64 = 6;

/// One accuracy bonus with its source.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccuracyTerm {
    /// The bonus (0.5 is half a point of miss chance).
    pub bonus: Tenths,
    /// Where it comes from.
    pub source: Source,
}

/// Accuracy bonuses summed and rounded once (CX-STAT-04).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Accuracy {
    /// Each bonus.
    pub terms: Vec<AccuracyTerm>,
    /// Their sum.
    pub total: Tenths,
    /// The whole number subtracted from miss chances: truncated toward zero
    /// (CX-STAT-04), or rounded to the better accuracy under LINEAR_ACCURACY.
    pub applied: i64,
}

impl Accuracy {
    fn new(terms: Vec<AccuracyTerm>, house: HouseRules) -> Self {
        let total: Tenths = terms.iter().map(|t| t.bonus).sum();
        let applied = if house.linear_accuracy {
            total.ceil()
        } else {
            total.truncate()
        };
        Self {
            terms,
            total,
            applied,
        }
    }
}

/// Miss chances for each fire mode, one per bracket; absent modes omitted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MissChances {
    /// Semi-automatic (single shots).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub semi: Option<Vec<i64>>,
    /// Burst.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burst: Option<Vec<i64>>,
    /// Automatic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto: Option<Vec<i64>>,
}

impl MissChances {
    /// The row of `mode`, if the weapon has it.
    pub fn row(&self, mode: FireMode) -> Option<&[i64]> {
        match mode {
            FireMode::Semi => self.semi.as_deref(),
            FireMode::Burst => self.burst.as_deref(),
            FireMode::Auto => self.auto.as_deref(),
        }
    }
}

/// A range bracket as shown on the sheet.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = RangeBracketSpan))]
pub struct Range {
    /// First metre.
    pub from: i64,
    /// Last metre.
    pub to: i64,
}

/// Everything the sheet says about one carried weapon.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WeaponSheet {
    /// Weapon id.
    pub id: String,
    /// Weapon name.
    pub name: String,
    /// Category.
    pub category: String,
    /// How it attacks.
    pub attack: Attack,
    /// Weapon skill id.
    pub skill: String,
    /// Points in the weapon skill.
    pub skill_points: i64,
    /// Damage formula.
    pub damage: String,
    /// Damage type.
    pub damage_type: DamageType,
    /// Non-lethal.
    pub non_lethal: bool,
    /// Armor-piercing level.
    pub apl: i64,
    /// How it is worked.
    pub action: Action,
    /// Actions per shot (CX-TURN-07).
    pub shot_actions: i64,
    /// Range brackets.
    pub brackets: Vec<Range>,
    /// Fitted attachments, by name.
    pub attachments: Vec<String>,
    /// The aimed accuracy bonus.
    pub accuracy: Accuracy,
    /// Aimed miss chances (CX-RNG-02, CX-STAT-04, CX-RNG-03).
    pub miss_chances: MissChances,
    /// The optical attachments fitted: they give no bonus in hip fire, so
    /// the hip-fire row leaves them out; hip fire is still allowed (CX-RNG-05).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optics: Vec<String>,
    /// Hip-fire miss chances: +3, optical attachments left out (CX-RNG-05); firearms only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hip_fire: Option<MissChances>,
    /// Blind-fire miss chances: +6, no attachments, PER and LUCK bonuses
    /// (CX-RNG-06); firearms only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind_fire: Option<MissChances>,
    /// The d10 faces that crit (CX-RNG-07); empty for automatic weapons.
    pub crit_faces: Vec<i64>,
    /// Rounds per magazine.
    pub magazine: i64,
    /// Rounds per burst and per automatic action.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rounds: BTreeMap<Cow<'static, str>, i64>,
    /// Spare magazines carried.
    pub spare_magazines: i64,
    /// Reload DC (CX-RNG-13).
    pub reload_dc: Option<i64>,
    /// Reload actions: standard, on a critical (half; bolt-action 1), on a failure (double).
    pub reload_actions: Option<ReloadActions>,
    /// Minimum distance in metres (forced hip fire inside, CX-RNG-05).
    pub min_distance: Option<i64>,
    /// Suppression it can lay down (CX-SUP).
    pub suppression: Option<Suppression>,
    /// Reflex modifier of saves against it.
    pub reflex_modifier: i64,
    /// Why the character cannot use it now, if so.
    pub problems: Vec<String>,
}

/// Reload times (CX-RNG-13).
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReloadActions {
    /// Passing the reload check.
    pub standard: i64,
    /// A critical reload (total 90+): half time; bolt-action 1 action.
    pub critical: i64,
    /// A failed reload: double time.
    pub failed: i64,
}

/// Everything a weapon row needs to know about its wielder.
pub(crate) struct Wielder<'a> {
    pub(crate) stats: &'a Stats,
    pub(crate) level: i64,
    pub(crate) house: HouseRules,
    pub(crate) effects: &'a Effects<'a>,
    pub(crate) crit_range: i64,
    pub(crate) skill_points: &'a dyn Fn(&str) -> i64,
}

fn stat_term(stat: Stat, stats: &Stats, house: HouseRules) -> AccuracyTerm {
    let rule = if house.linear_accuracy {
        Source::new(
            SourceKind::HouseRule,
            format!("CX-HOUSE-02 {stat} combat bonus"),
        )
    } else {
        Source::new(SourceKind::Rule, format!("CX-STAT-03 {stat} combat bonus"))
    };
    AccuracyTerm {
        bonus: stat_combat_bonus(stats.get(stat), house),
        source: rule,
    }
}

/// The stat whose combat bonus a weapon uses (CX-STAT-05, CX-RNG-14).
fn accuracy_stat(weapon: &Weapon, stats: &Stats, house: HouseRules) -> Stat {
    match weapon.attack {
        Attack::Ranged | Attack::Thrown => Stat::Perception,
        Attack::Melee => [Stat::Strength, Stat::Dexterity, Stat::Fortitude]
            .into_iter()
            .max_by_key(|s| {
                (
                    stat_combat_bonus(stats.get(*s), house),
                    std::cmp::Reverse(*s as u8),
                )
            })
            .unwrap_or(Stat::Dexterity),
    }
}

fn effect_terms(target: &EffectTarget, wielder: &Wielder<'_>) -> Vec<AccuracyTerm> {
    let vars = StatVars {
        stats: wielder.stats,
        level: wielder.level,
    };
    wielder
        .effects
        .amounts(target, &vars)
        .into_iter()
        .map(|(source, amount)| AccuracyTerm {
            bonus: Tenths(amount),
            source,
        })
        .collect()
}

/// One row: `base + penalty - accuracy`, at least -2, plus the mode's own
/// miss chance (at least 1) for burst and auto (CX-RNG-02, CX-RNG-03).
fn rows(weapon: &Weapon, penalty: i64, accuracy: i64, mode_bonus: [i64; 2]) -> MissChances {
    let weapon_miss: Vec<i64> = weapon
        .brackets
        .iter()
        .map(|b| (b.miss + penalty - accuracy).max(MIN_WEAPON_MISS))
        .collect();
    let with = |extra: Option<i64>| {
        extra.map(|m| {
            let mode = m.max(MIN_MODE_MISS);
            weapon_miss.iter().map(|w| w + mode).collect()
        })
    };
    let has = |m| weapon.modes.contains(&m);
    MissChances {
        semi: has(FireMode::Semi).then(|| weapon_miss.clone()),
        burst: with(
            weapon
                .burst
                .filter(|_| has(FireMode::Burst))
                .map(|d| d.miss + mode_bonus[0]),
        ),
        auto: with(
            weapon
                .auto
                .filter(|_| has(FireMode::Auto))
                .map(|d| d.miss + mode_bonus[1]),
        ),
    }
}

/// The sheet of one carried weapon.
pub(crate) fn weapon_sheet(
    carried: &CharacterWeapon,
    weapon: &Weapon,
    pack: &Pack,
    wielder: &Wielder<'_>,
) -> WeaponSheet {
    let house = wielder.house;
    let attachments: Vec<&Attachment> = carried
        .attachments
        .iter()
        .filter_map(|id| pack.attachments.get(id))
        .collect();
    let stat = accuracy_stat(weapon, wielder.stats, house);
    let mut base_terms = vec![stat_term(stat, wielder.stats, house)];
    base_terms.extend(effect_terms(
        if weapon.attack == Attack::Melee {
            &EffectTarget::MeleeAccuracy
        } else {
            &EffectTarget::RangedAccuracy
        },
        wielder,
    ));
    let aimed = Accuracy::new(
        base_terms
            .iter()
            .cloned()
            .chain(attachment_terms(&attachments, true))
            .collect(),
        house,
    );
    let mode_bonus = mode_bonuses(&attachments, wielder);
    let miss_chances = rows(weapon, 0, aimed.applied, mode_bonus);
    let firearm = weapon.attack == Attack::Ranged;
    let hip_fire = firearm.then(|| hip_fire(weapon, &base_terms, &attachments, wielder));
    let blind_fire = firearm.then(|| blind_fire(weapon, wielder));
    let crit_faces = if weapon.automatic {
        Vec::new()
    } else {
        let range = wielder.crit_range.clamp(0, 10);
        (11 - range..=10).collect()
    };
    let min_distance = weapon
        .min_distance
        .into_iter()
        .chain(attachments.iter().filter_map(|a| a.min_distance))
        .max();
    let skill_points = (wielder.skill_points)(&weapon.skill);
    let problems = skill_problems(weapon, skill_points);
    let rounds = burst_and_auto_rounds(weapon);
    WeaponSheet {
        id: weapon.id.clone(),
        name: weapon.name.clone(),
        category: weapon.category.clone(),
        attack: weapon.attack,
        skill: weapon.skill.clone(),
        skill_points,
        damage: weapon.damage.text().to_string(),
        damage_type: weapon.damage_type,
        non_lethal: weapon.non_lethal,
        apl: weapon.apl,
        action: weapon.action,
        shot_actions: match weapon.action {
            Action::Semi => 1,
            Action::Pump | Action::Bolt => 2,
        },
        brackets: weapon
            .brackets
            .iter()
            .map(|b| Range {
                from: b.from,
                to: b.to,
            })
            .collect(),
        attachments: attachments.iter().map(|a| a.name.clone()).collect(),
        optics: attachments
            .iter()
            .filter(|a| a.optical)
            .map(|a| a.name.clone())
            .collect(),
        accuracy: aimed,
        miss_chances,
        hip_fire,
        blind_fire,
        crit_faces,
        magazine: weapon.magazine,
        rounds,
        spare_magazines: carried.magazines,
        reload_dc: weapon.reload_dc,
        reload_actions: weapon.reload_actions.map(|standard| ReloadActions {
            standard,
            critical: if weapon.action == Action::Bolt {
                1
            } else {
                (standard + 1) / 2
            },
            failed: standard * 2,
        }),
        min_distance,
        suppression: weapon.suppression,
        reflex_modifier: weapon.reflex_modifier,
        problems,
    }
}

/// The accuracy terms of the attachments: each one's own bonus and its
/// fixed accuracy effects; the optical ones only when `optical_too`.
fn attachment_terms(attachments: &[&Attachment], optical_too: bool) -> Vec<AccuracyTerm> {
    attachments
        .iter()
        .filter(|a| optical_too || !a.optical)
        .flat_map(|a| {
            let own = (a.accuracy != Tenths(0)).then(|| AccuracyTerm {
                bonus: a.accuracy,
                source: Source::new(SourceKind::Attachment, &a.name),
            });
            let effects = a
                .effects
                .iter()
                .filter_map(|e| match (&e.target, &e.amount) {
                    (
                        EffectTarget::RangedAccuracy | EffectTarget::MeleeAccuracy,
                        crate::pack::EffectAmount::Fixed(n),
                    ) => Some(AccuracyTerm {
                        bonus: Tenths(*n),
                        source: Source::new(SourceKind::Attachment, &a.name),
                    }),
                    _ => None,
                });
            own.into_iter().chain(effects).collect::<Vec<_>>()
        })
        .collect()
}

/// The hip-fire rows (CX-RNG-05): optical attachments give no bonus in hip
/// fire, on the fire modes either.
fn hip_fire(
    weapon: &Weapon,
    base_terms: &[AccuracyTerm],
    attachments: &[&Attachment],
    wielder: &Wielder<'_>,
) -> MissChances {
    let house = wielder.house;
    // Optical attachments give no bonus in hip fire (CX-RNG-05), on the
    // fire modes either.
    let usable: Vec<&Attachment> = attachments.iter().copied().filter(|a| !a.optical).collect();
    let mode_bonus = mode_bonuses(&usable, wielder);
    let hip = Accuracy::new(
        base_terms
            .iter()
            .cloned()
            .chain(attachment_terms(attachments, false))
            .collect(),
        house,
    );
    rows(weapon, HIP_FIRE, hip.applied, mode_bonus)
}

/// The blind-fire rows (CX-RNG-06): PER and LUCK only, no attachments at
/// all, on the fire modes too.
fn blind_fire(weapon: &Weapon, wielder: &Wielder<'_>) -> MissChances {
    let house = wielder.house;
    let blind = Accuracy::new(
        vec![
            stat_term(Stat::Perception, wielder.stats, house),
            stat_term(Stat::Luck, wielder.stats, house),
        ],
        house,
    );
    // No attachments at all in blind fire (CX-RNG-06), on the fire modes too.
    rows(
        weapon,
        BLIND_FIRE,
        blind.applied,
        mode_bonuses(&[], wielder),
    )
}

/// What keeps the wielder from using the weapon: too few points in its
/// skill (CX-RNG-15).
fn skill_problems(weapon: &Weapon, skill_points: i64) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(min) = weapon.min_skill
        && skill_points < min
    {
        problems.push(format!(
            "needs {min} points in {} to use (has {skill_points}; rule CX-RNG-15)",
            weapon.skill
        ));
    }
    problems
}

/// The rounds a burst and a full-auto shot spend, for the modes the weapon
/// has.
fn burst_and_auto_rounds(weapon: &Weapon) -> BTreeMap<Cow<'static, str>, i64> {
    let mut rounds = BTreeMap::new();
    if let Some(b) = weapon.burst {
        rounds.insert("burst".into(), b.rounds);
    }
    if let Some(a) = weapon.auto {
        rounds.insert("auto".into(), a.rounds);
    }
    rounds
}

/// Bonuses to the burst and auto miss chances (negative is better), from the
/// character's effects and the weapon's attachments.
fn mode_bonuses(attachments: &[&Attachment], wielder: &Wielder<'_>) -> [i64; 2] {
    let vars = StatVars {
        stats: wielder.stats,
        level: wielder.level,
    };
    [EffectTarget::BurstMiss, EffectTarget::AutoMiss].map(|target| {
        let own: i64 = wielder
            .effects
            .amounts(&target, &vars)
            .iter()
            .map(|(_, n)| n)
            .sum();
        let fitted: i64 = attachments
            .iter()
            .flat_map(|a| &a.effects)
            .filter(|e| e.target == target)
            .filter_map(|e| match e.amount {
                crate::pack::EffectAmount::Fixed(n) => Some(n),
                crate::pack::EffectAmount::Formula(_) => None,
            })
            .sum();
        own + fitted
    })
}
