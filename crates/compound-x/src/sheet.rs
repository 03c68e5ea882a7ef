//! The computed sheet: everything derived from a character, with breakdowns.
//!
//! Phases, in order: the base values (assigned stats, race, level stat
//! points); effects on primary stats; the derived values computed from the
//! resulting stats; effects on derived values. Every derived number keeps the
//! [`Tally`] of its sources in [`Sheet::breakdown`].

mod derived;
mod gear;
mod movement;
mod parts;
mod stats;
mod survival;
mod weapons;

pub(crate) use gear::strength_without;
pub use gear::{ArmorSheet, CloakSheet, ItemLine, MAX_COVERAGE_AT_STR_1, SpellLine, Spellcasting};
pub use movement::{Jumps, Movement, STR_1_MAX};
pub use parts::{
    FeatLine, Feats, PROFICIENT_POINTS, SkillLine, SkillPoints, StatOneEffect,
    skill_points_at_level, stats_at_level,
};
pub use stats::{secondary_source, stat_combat_bonus, strength_choice_needed};
pub use survival::{MeleeGuard, Survival};
pub use weapons::{
    Accuracy, AccuracyTerm, BLIND_FIRE, HIP_FIRE, MIN_MODE_MISS, MIN_WEAPON_MISS, MissChances,
    Range, ReloadActions, WeaponSheet,
};

use std::borrow::Cow;
use std::collections::BTreeMap;

use nanite_core::{Source, SourceKind, Tally};
use serde::{Deserialize, Serialize};

use crate::accuracy::Tenths;
use crate::character::Character;
use crate::house::HouseRules;
use crate::pack::{Effect, EffectAmount, EffectTarget, Pack, Secondary, Shield};
use crate::stat::{Stat, Stats, stat_bonus};
use derived::Derived;
use stats::StatVars;

/// Every effect on the character with its source.
pub(crate) struct Effects<'a> {
    list: Vec<(Source, &'a Effect)>,
}

impl<'a> Effects<'a> {
    fn add(&mut self, kind: SourceKind, name: &str, effects: &'a [Effect]) {
        for e in effects {
            self.list.push((Source::new(kind, name), e));
        }
    }

    /// The amounts of every effect on `target`, formulas evaluated with `vars`.
    pub(crate) fn amounts(
        &self,
        target: &EffectTarget,
        vars: &dyn nanite_dice::Variables,
    ) -> Vec<(Source, i64)> {
        self.list
            .iter()
            .filter(|(_, e)| &e.target == target)
            .filter_map(|(source, e)| {
                let amount = match &e.amount {
                    EffectAmount::Fixed(n) => *n,
                    EffectAmount::Formula(f) => f.evaluate(vars).ok()?,
                };
                Some((source.clone(), amount))
            })
            .collect()
    }
}

/// A content entry by id and name.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxNamed))]
pub struct Named {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// The three saving throws (CX-STAT-17).
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Saves {
    /// 2 * (CHA + INT - 6).
    pub will: i64,
    /// 2 * (FORT + INT - 6).
    pub shock: i64,
    /// 2 * (PER + DEX - 6).
    pub reflex: i64,
}

/// The secondary stats (CX-STAT-02, CX-STAT-15).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SecondaryStats {
    /// Metres per 2 actions.
    pub movement_speed: i64,
    /// Metres of movement penalty cancelled.
    pub carry_ability: i64,
    /// Skill point gain (each level grants twice this).
    pub skill_point_gain: i64,
    /// Which primary set each (`STR`, `DEX`...), or `pool` under SECONDARY_POOL.
    pub set_by: BTreeMap<Cow<'static, str>, String>,
    /// Whether the player had to choose where STR goes.
    pub strength_choice: bool,
}

/// A Compound X character sheet.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxSheet))]
pub struct Sheet {
    /// Character name.
    pub name: String,
    /// Race.
    pub race: Named,
    /// Class.
    pub class: Named,
    /// Level.
    pub level: i64,
    /// The pack it was computed with.
    pub pack: String,
    /// Whether that pack is sample content (CX-CONTENT-01).
    pub sample_content: bool,
    /// Stats after every bonus.
    pub stats: Stats,
    /// d100 stat bonus of each stat: (stat - 5) * 4 (CX-DICE-02).
    pub stat_bonus: Stats,
    /// d10 combat accuracy bonus of each stat (CX-STAT-03).
    pub combat_bonus: BTreeMap<Cow<'static, str>, Tenths>,
    /// Saving throws.
    pub saves: Saves,
    /// Secondary stats.
    pub secondary: SecondaryStats,
    /// Melee accuracy from effects (feats, class, race, gear), added to the
    /// best melee combat bonus of every blow before truncation, fists
    /// included (CX-STAT-04, CX-STAT-05); 0 is not written.
    #[serde(default, skip_serializing_if = "Tenths::is_zero")]
    pub melee_accuracy: Tenths,
    /// Critical range in faces (CX-RNG-07).
    pub crit_range: i64,
    /// The accuracy-d10 faces that crit, for non-automatic weapons.
    pub crit_faces: Vec<i64>,
    /// Maximum health (CX-STAT-16).
    pub max_hp: i64,
    /// Nanites (CX-STAT-16).
    pub nanites: i64,
    /// Initiative modifier (CX-TURN-01: only Soldier passives).
    pub initiative: i64,
    /// Movement.
    pub movement: Movement,
    /// Jumps.
    pub jumps: Jumps,
    /// Skills, learned ones and every other the pack defines.
    pub skills: Vec<SkillLine>,
    /// Skill point budget.
    pub skill_points: SkillPoints,
    /// Feats.
    pub feats: Feats,
    /// Effects of stats at 1 (CX-STAT-07..13).
    pub stat_one_effects: Vec<StatOneEffect>,
    /// Whether the Black Cat table applies at the start of each combat (LUCK 1, CX-STAT-13).
    pub black_cat: bool,
    /// Carried weapons.
    pub weapons: Vec<WeaponSheet>,
    /// Worn armor.
    pub armor: Option<ArmorSheet>,
    /// Worn shield.
    pub shield: Option<Shield>,
    /// Cloaking module.
    pub cloak: Option<CloakSheet>,
    /// Items.
    pub items: Vec<ItemLine>,
    /// Spellcasting, for casters.
    pub spellcasting: Option<Spellcasting>,
    /// Being downed, revived and shocked (CX-DEATH-04/06/10, CX-HOUSE-05).
    pub survival: Survival,
    /// Melee defence under MELEE_GUARD (CX-HOUSE-04).
    pub melee_guard: Option<MeleeGuard>,
    /// House rules in force.
    pub house_rules: HouseRules,
    /// The breakdown of every stat and derived value.
    pub breakdown: BTreeMap<String, Tally>,
}

impl Sheet {
    /// Computes the sheet of `character` with `pack`. References the pack does
    /// not define are skipped (validation reports them).
    pub fn compute(character: &Character, pack: &Pack) -> Sheet {
        let house = character.house_rules;
        let level = character.level;
        let race = pack.races.get(&character.race);
        let class = pack.classes.get(&character.class);

        // Phase 1 and 2: stats, base then effects.
        let mut stat_tallies = stats::base_stats(character, pack);
        let base_stats = stats::totals(&stat_tallies);
        let granted = parts::granted_feats(character, pack, &base_stats);
        let effects = collect_effects(character, pack, &granted);
        stats::apply_stat_effects(&mut stat_tallies, &effects, level);
        let stats = stats::totals(&stat_tallies);
        let vars = StatVars {
            stats: &stats,
            level,
        };
        let mut breakdown = BTreeMap::new();
        for (stat, tally) in Stat::ALL.into_iter().zip(&stat_tallies) {
            breakdown.insert(stat.code().to_string(), tally.clone());
        }

        // Phase 3 and 4: derived values, then effects on them.
        let Derived {
            secondary_values,
            saves,
            max_hp,
            nanites,
            crit_range,
            initiative,
            penalty,
        } = derived::derived(character, pack, &stats, &effects, &vars, &mut breakdown);
        let armor = character
            .equipment
            .armor
            .as_deref()
            .and_then(|id| pack.armors.get(id));
        let melee_accuracy: Tenths = effects
            .amounts(&EffectTarget::MeleeAccuracy, &vars)
            .iter()
            .map(|(_, n)| Tenths(*n))
            .sum();
        let cloak_bonus = effect_sum(&effects, &EffectTarget::CloakTurns, &vars);
        let detect_bonus = effect_sum(&effects, &EffectTarget::DetectDc, &vars);

        let secondary = secondary_stats(character, &stats, &secondary_values);
        let movement = movement::movement(&movement::Mover {
            speed: secondary.movement_speed,
            carry: secondary.carry_ability,
            penalty,
            strength: stats.get(Stat::Strength),
            dexterity: stats.get(Stat::Dexterity),
            fortitude: stats.get(Stat::Fortitude),
        });
        let skills = parts::skills(character, pack, &stats, &effects, &vars);
        let skill_points = parts::skill_points(character, pack);
        let feats = parts::feats(character, pack, &stats, &granted);
        let skill_of = |id: &str| character.skill_points(id);
        let wielder = weapons::Wielder {
            stats: &stats,
            level,
            house,
            effects: &effects,
            crit_range,
            skill_points: &skill_of,
        };
        let weapons = character
            .equipment
            .weapons
            .iter()
            .filter_map(|w| {
                let weapon = pack.weapons.get(&w.id)?;
                Some(weapons::weapon_sheet(w, weapon, pack, &wielder))
            })
            .collect();
        let crit_faces = (11 - crit_range.clamp(0, 10)..=10).collect();
        let melee_guard = house
            .melee_guard
            .then(|| survival::melee_guard(character, pack, &stats, &skills));
        Sheet {
            name: character.name.clone(),
            race: named(race.map(|r| (&r.id, &r.name)), &character.race),
            class: named(class.map(|c| (&c.id, &c.name)), &character.class),
            level,
            pack: pack.info.name.clone(),
            sample_content: pack.info.sample,
            stat_bonus: {
                let mut b = Stats::default();
                for (stat, v) in stats.iter() {
                    b.set(stat, stat_bonus(v));
                }
                b
            },
            combat_bonus: stats
                .iter()
                .map(|(s, v)| (s.code().into(), stat_combat_bonus(v, house)))
                .collect(),
            saves: Saves {
                will: saves[0],
                shock: saves[1],
                reflex: saves[2],
            },
            secondary,
            melee_accuracy,
            crit_range,
            crit_faces,
            max_hp,
            nanites,
            initiative,
            movement,
            jumps: movement::jumps(stats.get(Stat::Dexterity), stats.get(Stat::Strength)),
            skills,
            skill_points,
            feats,
            stat_one_effects: parts::stat_one_effects(&stats),
            black_cat: stats.get(Stat::Luck) <= 1,
            weapons,
            armor: armor
                .map(|a| gear::armor_sheet(a, gear::strength_without(a, &breakdown["STR"]))),
            shield: character
                .equipment
                .shield
                .as_deref()
                .and_then(|id| pack.shields.get(id))
                .cloned(),
            cloak: character
                .equipment
                .cloak
                .as_deref()
                .and_then(|id| pack.cloaks.get(id))
                .map(|c| gear::cloak_sheet(c, level, class, cloak_bonus, detect_bonus)),
            items: gear::items(character, pack),
            spellcasting: class.and_then(|c| gear::spellcasting(c, character, pack, &vars)),
            survival: survival::survival(&stats, house, character),
            melee_guard,
            house_rules: house,
            stats,
            breakdown,
        }
    }
}

fn named(found: Option<(&String, &String)>, id: &str) -> Named {
    match found {
        Some((id, name)) => Named {
            id: id.clone(),
            name: name.clone(),
        },
        None => Named {
            id: id.to_string(),
            name: id.to_string(),
        },
    }
}

/// The secondary stats (CX-STAT-16) and, for each, the stat that set it,
/// or the pool under the house rule; whether the player must choose
/// between STR and another stat.
fn secondary_stats(
    character: &Character,
    stats: &Stats,
    values: &BTreeMap<Secondary, i64>,
) -> SecondaryStats {
    let house = character.house_rules;
    SecondaryStats {
        movement_speed: values[&Secondary::MovementSpeed],
        carry_ability: values[&Secondary::CarryAbility],
        skill_point_gain: values[&Secondary::SkillPointGain],
        set_by: Secondary::ALL
            .into_iter()
            .map(|s| {
                let by = if house.secondary_pool {
                    "pool".to_string()
                } else {
                    secondary_source(s, stats, character.secondary_choice).to_string()
                };
                (s.key().into(), by)
            })
            .collect(),
        strength_choice: !house.secondary_pool && strength_choice_needed(stats),
    }
}

/// The sum of the effects on one target.
fn effect_sum(effects: &Effects<'_>, target: &EffectTarget, vars: &StatVars<'_>) -> i64 {
    effects.amounts(target, vars).iter().map(|(_, n)| n).sum()
}

/// Every effect on the character: race, class and its abilities, feats (chosen,
/// class and granted), armor and items. Attachments act on their weapon only.
pub(crate) fn collect_effects<'a>(
    character: &Character,
    pack: &'a Pack,
    granted: &[String],
) -> Effects<'a> {
    let mut effects = Effects { list: Vec::new() };
    if let Some(race) = pack.races.get(&character.race) {
        effects.add(SourceKind::Race, &race.name, &race.effects);
    }
    if let Some(class) = pack.classes.get(&character.class) {
        effects.add(SourceKind::Class, &class.name, &class.effects);
        for ability in &class.abilities {
            effects.add(SourceKind::Ability, &ability.name, &ability.effects);
        }
    }
    for id in character
        .feats
        .iter()
        .chain(&character.class_feats)
        .chain(granted)
    {
        if let Some(feat) = pack.feats.get(id) {
            effects.add(SourceKind::Feat, &feat.name, &feat.effects);
        }
    }
    if let Some(armor) = character
        .equipment
        .armor
        .as_deref()
        .and_then(|id| pack.armors.get(id))
    {
        effects.add(SourceKind::Equipment, &armor.name, &armor.effects);
    }
    for (id, _) in &character.equipment.items {
        if let Some(item) = pack.items.get(id) {
            effects.add(SourceKind::Equipment, &item.name, &item.effects);
        }
    }
    effects
}
