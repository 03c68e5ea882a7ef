//! Phases 3 and 4 of the sheet: the values derived from the stats
//! (secondary stats, saves, health, nanites, critical range, initiative,
//! the armor's movement penalty), then the effects on them, each with its
//! tally in the breakdown.

use std::collections::BTreeMap;

use nanite_core::{ModifierPhase, Source, SourceKind, Tally};

use super::Effects;
use super::stats::{self, StatVars};
use crate::accuracy::Tenths;
use crate::character::Character;
use crate::pack::{EffectTarget, Pack, Save, Secondary};
use crate::stat::Stats;

/// The derived values, effects applied.
pub(super) struct Derived {
    /// Each secondary stat's value.
    pub(super) secondary_values: BTreeMap<Secondary, i64>,
    /// Will, shock and reflex saves, in `Save::ALL` order.
    pub(super) saves: [i64; 3],
    /// Maximum health (CX-STAT-16).
    pub(super) max_hp: i64,
    /// Nanites (CX-STAT-16).
    pub(super) nanites: i64,
    /// The critical range.
    pub(super) crit_range: i64,
    /// The initiative bonus.
    pub(super) initiative: i64,
    /// The armor's movement penalty.
    pub(super) penalty: Tenths,
}

/// Derives each value from the stats and adds the effects on it, keeping
/// each tally in `breakdown` under its key.
pub(super) fn derived(
    character: &Character,
    pack: &Pack,
    stats: &Stats,
    effects: &Effects<'_>,
    vars: &StatVars<'_>,
    breakdown: &mut BTreeMap<String, Tally>,
) -> Derived {
    let house = character.house_rules;
    let class = pack.classes.get(&character.class);
    let mut derive = |key: &str, mut tally: Tally, target: EffectTarget| -> i64 {
        for (source, amount) in effects.amounts(&target, vars) {
            if amount != 0 {
                tally.add(ModifierPhase::Derived, amount, source);
            }
        }
        let total = tally.total();
        breakdown.insert(key.to_string(), tally);
        total
    };
    let mut secondary_values = BTreeMap::new();
    for (secondary, tally) in stats::secondaries(character, stats, house) {
        let v = derive(secondary.key(), tally, EffectTarget::Secondary(secondary));
        secondary_values.insert(secondary, v);
    }
    let saves = Save::ALL.map(|s| {
        derive(
            &format!("save.{}", s.key()),
            stats::save(s, stats),
            EffectTarget::Save(s),
        )
    });
    let formula_tally = |formula: &nanite_core::Formula, what: &str| {
        Tally::base(
            formula.evaluate(vars).unwrap_or_default(),
            Source::new(SourceKind::Rule, format!("CX-STAT-16 {what} = {formula}")),
        )
    };
    let max_hp = derive(
        "max_hp",
        formula_tally(&pack.max_hp, "max HP"),
        EffectTarget::MaxHp,
    );
    let nanites = derive(
        "nanites",
        formula_tally(&pack.nanites, "nanites"),
        EffectTarget::Nanites,
    );
    let crit_range = derive(
        "crit_range",
        stats::crit_range(stats, house),
        EffectTarget::CritRange,
    );
    let mut initiative_tally = Tally::new();
    if let Some(class) = class
        && class.initiative_bonus != 0
    {
        initiative_tally.add(
            ModifierPhase::Base,
            class.initiative_bonus,
            Source::new(SourceKind::Class, format!("{} passive", class.name)),
        );
    }
    let initiative = derive("initiative", initiative_tally, EffectTarget::Initiative);
    let mut penalty_tally = Tally::new();
    let armor = character
        .equipment
        .armor
        .as_deref()
        .and_then(|id| pack.armors.get(id));
    if let Some(armor) = armor
        && armor.movement_penalty.0 != 0
    {
        penalty_tally.add(
            ModifierPhase::Base,
            armor.movement_penalty.0,
            Source::new(SourceKind::Equipment, &armor.name),
        );
    }
    let penalty = Tenths(derive(
        "movement_penalty",
        penalty_tally,
        EffectTarget::MovementPenalty,
    ));
    Derived {
        secondary_values,
        saves,
        max_hp,
        nanites,
        crit_range,
        initiative,
        penalty,
    }
}
