//! Sheet sections for gear: armor, shield and cloak figures, items, spells.

use nanite_core::{SourceKind, Tally};
use nanite_dice::Variables;
use serde::{Deserialize, Serialize};

use crate::accuracy::Tenths;
use crate::character::Character;
use crate::level;
use crate::pack::{Armor, Class, Cloak, ItemKind, Pack};

/// The most coverage a STR 1 character may wear, in percent (CX-STAT-07).
pub const MAX_COVERAGE_AT_STR_1: i64 = 50;

/// Worn armor on the sheet.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ArmorSheet {
    /// Armor id.
    pub id: String,
    /// Armor name.
    pub name: String,
    /// Category.
    pub category: String,
    /// Coverage percentage (CX-DMG-01).
    pub coverage: i64,
    /// Armor-piercing level (CX-DMG-02).
    pub apl: i64,
    /// Armor points, refreshed each turn (CX-DMG-02).
    pub armor_points: i64,
    /// Movement penalty in metres.
    pub movement_penalty: Tenths,
    /// Problems (STR 1 and coverage above 50%).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<String>,
}

/// The wearer's STR without `armor`'s own effects on it (`strength` is the
/// STR tally after every effect): armor that raises STR cannot lift a STR 1
/// wearer into itself (CX-STAT-07).
pub(crate) fn strength_without(armor: &Armor, strength: &Tally) -> i64 {
    let own: i64 = strength
        .terms()
        .iter()
        .filter(|t| t.source.kind == SourceKind::Equipment && t.source.name == armor.name)
        .map(|t| t.amount)
        .sum();
    strength.total() - own
}

/// The armor on the sheet; `wearer_strength` is the STR without the armor's
/// own effects ([`strength_without`]).
pub(crate) fn armor_sheet(armor: &Armor, wearer_strength: i64) -> ArmorSheet {
    let mut problems = Vec::new();
    if wearer_strength <= 1 && armor.coverage > MAX_COVERAGE_AT_STR_1 {
        problems.push(format!(
            "STR 1 cannot wear armor above 50% coverage; this covers {}% (rule CX-STAT-07)",
            armor.coverage
        ));
    }
    ArmorSheet {
        id: armor.id.clone(),
        name: armor.name.clone(),
        category: armor.category.clone(),
        coverage: armor.coverage,
        apl: armor.apl,
        armor_points: armor.armor_points,
        movement_penalty: armor.movement_penalty,
        problems,
    }
}

/// The cloaking module on the sheet (CX-CLOAK).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CloakSheet {
    /// Module id.
    pub id: String,
    /// Module name.
    pub name: String,
    /// Turns cloaked: Cloak Turns by level + the module's bonus (+ Shadow Assassin gain).
    pub turns: i64,
    /// Cloak Turns by level (CX-CLOAK-04).
    pub level_turns: i64,
    /// The module's Cloak Turn Bonus.
    pub turn_bonus: i64,
    /// Shadow Assassin cloak turn gain (CX-CLOAK-04).
    pub class_gain: i64,
    /// Nanites to activate.
    pub activation_cost: i64,
    /// Nanites per later turn, waived after a still turn.
    pub upkeep: i64,
    /// Actions to wait after running out.
    pub charge_delay: i64,
    /// Detect DC with the level's gain.
    pub detect_dc: i64,
    /// Moving Detect DC with the level's gain.
    pub moving_detect_dc: i64,
    /// Detect DC gain by level (CX-CLOAK-04).
    pub detect_dc_gain: i64,
    /// Levels 1-4: once per encounter (CX-CLOAK-02).
    pub once_per_encounter: bool,
}

pub(crate) fn cloak_sheet(
    cloak: &Cloak,
    at_level: i64,
    class: Option<&Class>,
    turn_effects: i64,
    detect_effects: i64,
) -> CloakSheet {
    let level_turns = level::cloak_turns(at_level);
    let class_gain = if class.is_some_and(|c| c.cloak_turn_gain) {
        level::shadow_assassin_cloak_gain(at_level)
    } else {
        0
    };
    let gain = level::detect_dc_gain(at_level) + detect_effects;
    CloakSheet {
        id: cloak.id.clone(),
        name: cloak.name.clone(),
        turns: level_turns + cloak.turn_bonus + class_gain + turn_effects,
        level_turns,
        turn_bonus: cloak.turn_bonus,
        class_gain,
        activation_cost: cloak.activation_cost,
        upkeep: cloak.upkeep,
        charge_delay: cloak.charge_delay,
        detect_dc: cloak.detect_dc + gain,
        moving_detect_dc: cloak.moving_detect_dc + gain,
        detect_dc_gain: gain,
        once_per_encounter: level::cloak_once_per_encounter(at_level),
    }
}

/// A carried item.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ItemLine {
    /// Item id.
    pub id: String,
    /// Item name.
    pub name: String,
    /// What it is for.
    pub kind: ItemKind,
    /// How many.
    pub count: i64,
}

pub(crate) fn items(character: &Character, pack: &Pack) -> Vec<ItemLine> {
    character
        .equipment
        .items
        .iter()
        .filter_map(|(id, count)| {
            let item = pack.items.get(id)?;
            Some(ItemLine {
                id: id.clone(),
                name: item.name.clone(),
                kind: item.kind,
                count: *count,
            })
        })
        .collect()
}

/// A caster's spells (CX-SPELL).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Spellcasting {
    /// The skill added to casting checks (CX-SPELL-02).
    pub skill: String,
    /// Points in it.
    pub skill_points: i64,
    /// Spells the class can cast.
    pub spells: Vec<SpellLine>,
}

/// One castable spell.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SpellLine {
    /// Spell id.
    pub id: String,
    /// Spell name.
    pub name: String,
    /// Nanites spent; the DC before the target's cover.
    pub nanites: i64,
    /// Range in metres, from the caster's stats.
    pub range: Option<i64>,
    /// The target's save.
    pub save: Option<crate::pack::Save>,
}

pub(crate) fn spellcasting(
    class: &Class,
    character: &Character,
    pack: &Pack,
    vars: &dyn Variables,
) -> Option<Spellcasting> {
    let skill = class.spellcasting.clone()?;
    Some(Spellcasting {
        skill_points: character.skill_points(&skill),
        skill,
        spells: pack
            .spells
            .iter()
            .filter(|s| s.classes.contains(&class.id))
            .map(|s| SpellLine {
                id: s.id.clone(),
                name: s.name.clone(),
                nanites: s.nanites,
                range: s.range.as_ref().and_then(|f| f.evaluate(vars).ok()),
                save: s.save,
            })
            .collect(),
    })
}
