//! Spells (spell energy) and psionic powers (power points): cast or
//! manifested over a full round (D20-CAST-01..03).

use nanite_core::content::Fields;
use serde::{Deserialize, Serialize};

use super::dice_formula;

/// Magic or psionics: what it costs, and which resistance stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum MagicKind {
    /// A spell: spell energy, stopped only by spell resistance.
    Spell,
    /// A psionic power: power points, stopped only by power resistance.
    Power,
}

impl MagicKind {
    /// The section of the pack (`spell`, `power`).
    pub fn key(self) -> &'static str {
        match self {
            MagicKind::Spell => "spell",
            MagicKind::Power => "power",
        }
    }

    /// What it costs (`spell energy`, `power points`).
    pub fn cost_name(self) -> &'static str {
        match self {
            MagicKind::Spell => "spell energy",
            MagicKind::Power => "power points",
        }
    }

    /// What it is called when begun (`casts`, `manifests`).
    pub fn verb(self) -> &'static str {
        match self {
            MagicKind::Spell => "casts",
            MagicKind::Power => "manifests",
        }
    }

    /// The resistance that stops it.
    pub fn resistance_name(self) -> &'static str {
        match self {
            MagicKind::Spell => "spell resistance",
            MagicKind::Power => "power resistance",
        }
    }
}

/// A spell or a psionic power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Magic {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Spell or power.
    pub kind: MagicKind,
    /// Spell energy or power points it costs.
    pub cost: i64,
    /// The skill of its resistance and concentration checks.
    pub skill: String,
    /// Its range in feet (0: touch, adjacent).
    pub range: i64,
    /// Damage dice, if it harms.
    pub damage: Option<String>,
    /// Healing dice, if it heals.
    pub heal: Option<String>,
    /// Rounds it stuns its target.
    pub stun: u32,
    /// What it does.
    pub description: String,
}

impl Magic {
    /// Whether it harms its target (so resistance applies, D20-CAST-03).
    pub fn harmful(&self) -> bool {
        self.damage.is_some() || self.stun > 0
    }
}

pub(super) fn read(id: &str, fields: &Fields<'_, '_>, kind: MagicKind) -> Option<Magic> {
    let name = fields.required_string("name");
    let cost_key = match kind {
        MagicKind::Spell => "energy",
        MagicKind::Power => "points",
    };
    let cost = fields.required_integer(cost_key);
    if let Some(c) = cost
        && let Err(why) = crate::limits::within(cost_key, c, &crate::limits::MAGIC_COST)
    {
        fields.error_at(cost_key, why, None);
    }
    let skill = fields.required_string("skill");
    let range = fields.integer("range").unwrap_or(0);
    if let Err(why) = crate::limits::within("range", range, &crate::limits::RANGE_FEET) {
        fields.error_at("range", format!("{why} (feet)"), None);
    }
    let damage = dice_formula(fields, "damage", false);
    let heal = dice_formula(fields, "heal", false);
    let stun = fields.integer("stun").unwrap_or(0);
    if !(0..=10).contains(&stun) {
        fields.error_at(
            "stun",
            format!("stun {stun} rounds is outside 0 to 10"),
            None,
        );
    }
    if damage.is_none()
        && heal.is_none()
        && stun <= 0
        && !fields.has("damage")
        && !fields.has("heal")
    {
        fields.error_at(
            "damage",
            format!(
                "the {} does nothing: give it `damage`, `heal` or `stun`",
                kind.key()
            ),
            None,
        );
    }
    Some(Magic {
        id: id.to_string(),
        name: name?,
        kind,
        cost: cost?,
        skill: skill?,
        range,
        damage,
        heal,
        stun: u32::try_from(stun.clamp(0, 10)).unwrap_or(0),
        description: fields.string("description").unwrap_or_default(),
    })
}
