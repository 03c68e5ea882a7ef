//! Weapons (finesse, reach, ranged), armor and healing kits.

use nanite_core::content::Fields;
use serde::{Deserialize, Serialize};

use super::dice_formula;

/// Melee or ranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum WeaponKind {
    /// Swung or thrust: adjacent on the map, the front row in rows.
    Melee,
    /// Shot or thrown: out to its range on the map, any row in rows.
    Ranged,
}

/// A weapon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Melee or ranged.
    pub kind: WeaponKind,
    /// The skill its attacks use.
    pub skill: String,
    /// Its damage dice (`1d8`).
    pub damage: String,
    /// A finesse weapon: Melee Fighting may use DEX (D20-CHK-01).
    pub finesse: bool,
    /// A reach weapon: 10 ft on the map, reach attacks in rows (D20-MOVE-03).
    pub reach: bool,
    /// A ranged weapon's range in feet.
    pub range: i64,
    /// What it is.
    pub description: String,
}

/// Armor: it raises Defense.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Armor {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Added to Defense.
    pub defense: i64,
    /// What it is.
    pub description: String,
}

/// A healing kit (D20-REST-02).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kit {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The skill of the extended check.
    pub skill: String,
    /// Added to each check of the extended check.
    pub bonus: i64,
    /// What it is.
    pub description: String,
}

pub(super) fn read_weapon(id: &str, fields: &Fields<'_, '_>) -> Option<Weapon> {
    let name = fields.required_string("name");
    let kind = fields.required("kind").and_then(|i| {
        let text = i.string()?;
        match text.as_str() {
            "melee" => Some(WeaponKind::Melee),
            "ranged" => Some(WeaponKind::Ranged),
            _ => {
                i.error(
                    format!("`{text}` is neither \"melee\" nor \"ranged\""),
                    None,
                );
                None
            }
        }
    });
    let skill = fields.required_string("skill");
    let damage = dice_formula(fields, "damage", true);
    let finesse = fields.boolean("finesse").unwrap_or(false);
    let reach = fields.boolean("reach").unwrap_or(false);
    let range = fields.integer("range");
    let description = fields.string("description").unwrap_or_default();
    let kind = kind?;
    let range = match (kind, range) {
        (WeaponKind::Ranged, None) => {
            fields.error_at(
                "range",
                "a ranged weapon needs its `range` in feet",
                Some("add `range = 60` (feet)".into()),
            );
            0
        }
        (WeaponKind::Ranged, Some(r)) if r < 5 => {
            fields.error_at(
                "range",
                format!("range {r} ft is shorter than one square (5 ft)"),
                None,
            );
            0
        }
        (WeaponKind::Ranged, Some(r)) if !crate::limits::RANGE_FEET.contains(&r) => {
            fields.error_at(
                "range",
                format!(
                    "range {r} ft is out of range: at most {} ft",
                    crate::limits::RANGE_FEET.end()
                ),
                None,
            );
            0
        }
        (WeaponKind::Melee, Some(_)) => {
            fields.error_at(
                "range",
                "melee weapons have no range; a long one has `reach = true`",
                None,
            );
            0
        }
        (_, r) => r.unwrap_or(0),
    };
    if kind == WeaponKind::Ranged && (finesse || reach) {
        fields.error_at(
            if finesse { "finesse" } else { "reach" },
            "only melee weapons are finesse or reach weapons",
            None,
        );
    }
    Some(Weapon {
        id: id.to_string(),
        name: name?,
        kind,
        skill: skill?,
        damage: damage?,
        finesse,
        reach,
        range,
        description,
    })
}

pub(super) fn read_armor(id: &str, fields: &Fields<'_, '_>) -> Option<Armor> {
    let name = fields.required_string("name");
    let defense = fields.required_integer("defense");
    if let Some(d) = defense
        && let Err(why) = crate::limits::within("defense", d, &crate::limits::DEFENSE)
    {
        fields.error_at("defense", why, None);
    }
    Some(Armor {
        id: id.to_string(),
        name: name?,
        defense: defense?,
        description: fields.string("description").unwrap_or_default(),
    })
}

pub(super) fn read_kit(id: &str, fields: &Fields<'_, '_>) -> Option<Kit> {
    let name = fields.required_string("name");
    let skill = fields.required_string("skill");
    let mut bonus = fields.integer("bonus").unwrap_or(0);
    if let Err(why) = crate::limits::within("bonus", bonus, &crate::limits::KIT_BONUS) {
        fields.error_at("bonus", why, None);
        bonus = 0;
    }
    Some(Kit {
        id: id.to_string(),
        name: name?,
        skill: skill?,
        bonus,
        description: fields.string("description").unwrap_or_default(),
    })
}
