//! What a caster brings to a fight: the skill its casting checks add and the
//! spells it knows, each with what it does (CX-SPELL-01..03).
//!
//! The sheet lists a caster's spells with their cost, range and save; the
//! fight also needs what a spell does (damage, healing, a condition, cures,
//! cover), so the book keeps those from the pack, ready to roll.

use nanite_dice::Expression;
use serde::{Deserialize, Serialize};

use super::{ConditionKind, Cover};
use crate::pack::{DamageType, OnSave, Pack, Save};
use crate::sheet::Sheet;

/// A caster's spells in a fight.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Spellbook {
    /// The skill id added to casting checks: Sorcery for Mages and
    /// Sorcerers, Knowledge [Nanites] for Paladins (CX-SPELL-02).
    pub skill: String,
    /// The spells its class can cast.
    pub spells: Vec<KnownSpell>,
}

/// One spell as its caster knows it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KnownSpell {
    /// Spell id.
    pub id: String,
    /// Spell name.
    pub name: String,
    /// Nanites spent: the casting DC before the target's cover (CX-SPELL-02).
    pub nanites: i64,
    /// Range in metres from the caster's stats; none: no limit (CX-SPELL-03).
    pub range: Option<i64>,
    /// The target's save, if it has one (CX-SPELL-03).
    pub save: Option<Save>,
    /// What a successful save does.
    pub on_save: OnSave,
    /// Damage, over the caster's stats and level.
    #[serde(serialize_with = "expression_text")]
    pub damage: Option<Expression>,
    /// Its type.
    pub damage_type: Option<DamageType>,
    /// Its armor-piercing level.
    pub apl: i64,
    /// Health restored, over the caster's stats and level.
    #[serde(serialize_with = "expression_text")]
    pub heal: Option<Expression>,
    /// The condition it inflicts.
    pub condition: Option<ConditionKind>,
    /// Turns the condition lasts.
    pub condition_turns: Option<u32>,
    /// Conditions it ends.
    pub cures: Vec<ConditionKind>,
    /// Cover the target counts as in until the start of the caster's next turn.
    pub cover: Option<Cover>,
    /// The radius in metres of the area it catches around its target;
    /// none: the target alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<i64>,
}

fn expression_text<S: serde::Serializer>(e: &Option<Expression>, s: S) -> Result<S::Ok, S::Error> {
    match e {
        Some(e) => s.serialize_str(e.text()),
        None => s.serialize_none(),
    }
}

impl Spellbook {
    /// The book of a computed sheet: none unless its class casts.
    pub fn from_sheet(sheet: &Sheet, pack: &Pack) -> Option<Spellbook> {
        let casting = sheet.spellcasting.as_ref()?;
        let spells = casting
            .spells
            .iter()
            .filter_map(|line| {
                let spell = pack.spells.get(&line.id)?;
                Some(KnownSpell {
                    id: line.id.clone(),
                    name: line.name.clone(),
                    nanites: line.nanites,
                    range: line.range,
                    save: line.save,
                    on_save: spell.on_save,
                    damage: spell.damage.as_ref().map(|f| f.expression().clone()),
                    damage_type: spell.damage_type,
                    apl: spell.apl,
                    heal: spell.heal.as_ref().map(|f| f.expression().clone()),
                    condition: spell.condition,
                    condition_turns: spell.condition_turns,
                    cures: spell.cures.clone(),
                    cover: spell.cover,
                    area: spell.area,
                })
            })
            .collect();
        Some(Spellbook {
            skill: casting.skill.clone(),
            spells,
        })
    }

    /// The spell `id`, if known.
    pub fn spell(&self, id: &str) -> Option<&KnownSpell> {
        self.spells.iter().find(|s| s.id == id)
    }
}
