//! Attachments, armor, shields, cloaking modules and items.

use nanite_core::content::Fields;
use serde::{Deserialize, Serialize};

use super::effect::{Effect, read_effects};
use super::read::{choice, count, percent};
use crate::accuracy::Tenths;

/// A weapon attachment.
#[derive(Clone, Debug)]
pub struct Attachment {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Accuracy bonus (Dot Sight 0.5).
    pub accuracy: Tenths,
    /// Optical: gives no bonus in hip fire (CX-RNG-05).
    pub optical: bool,
    /// Minimum distance it imposes.
    pub min_distance: Option<i64>,
    /// Weapon categories it fits.
    pub fits: Vec<String>,
    /// Other effects.
    pub effects: Vec<Effect>,
    /// Price.
    pub price: Option<i64>,
    /// Flavour text.
    pub description: String,
}

pub(crate) fn read_attachment(id: &str, f: &Fields<'_, '_>) -> Option<Attachment> {
    let accuracy = f.item("accuracy").and_then(|item| {
        let value = item.number()?;
        let tenths = Tenths::from_number(value);
        if tenths.is_none() {
            item.error(format!("{value} is not a multiple of 0.1"), None);
        }
        tenths
    });
    Some(Attachment {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        accuracy: accuracy.unwrap_or_default(),
        optical: f.boolean("optical").unwrap_or_default(),
        min_distance: count(f, "min_distance", false),
        fits: f
            .required("fits")
            .and_then(|i| i.strings())
            .unwrap_or_default(),
        effects: read_effects(f),
        price: count(f, "price", false),
        description: f.string("description").unwrap_or_default(),
    })
}

/// Body armor (CX-DMG-01, CX-DMG-02).
#[derive(Clone, Debug)]
pub struct Armor {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// `light`, `medium` or `heavy`.
    pub category: String,
    /// Coverage percentage.
    pub coverage: i64,
    /// Armor-piercing level it stops below.
    pub apl: i64,
    /// Armor points.
    pub armor_points: i64,
    /// Movement penalty in tenths of a metre.
    pub movement_penalty: Tenths,
    /// Other effects.
    pub effects: Vec<Effect>,
    /// Price.
    pub price: Option<i64>,
    /// Flavour text.
    pub description: String,
}

pub(crate) fn read_armor(id: &str, f: &Fields<'_, '_>) -> Option<Armor> {
    let penalty = f.item("movement_penalty").and_then(|item| {
        let value = item.number()?;
        let tenths = Tenths::from_number(value).filter(|t| t.0 >= 0);
        if tenths.is_none() {
            item.error(
                format!("{value} is not a non-negative multiple of 0.1"),
                None,
            );
        }
        tenths
    });
    Some(Armor {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        category: choice(
            f,
            "category",
            &[("light", "light"), ("medium", "medium"), ("heavy", "heavy")],
        )
        .or_else(|| {
            f.required("category");
            None
        })
        .unwrap_or_default()
        .to_string(),
        coverage: percent(f, "coverage").unwrap_or_default(),
        apl: count(f, "apl", true).unwrap_or_default(),
        armor_points: count(f, "armor_points", true).unwrap_or_default(),
        movement_penalty: penalty.unwrap_or_default(),
        effects: read_effects(f),
        price: count(f, "price", false),
        description: f.string("description").unwrap_or_default(),
    })
}

/// A shield (CX-DMG-03, CX-DMG-04).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Shield {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Full strength.
    pub strength: i64,
    /// Points regained at the start of the wearer's turn.
    pub recharge_rate: i64,
    /// Turns to wait at 0 before restarting.
    pub restart_turns: i64,
    /// Nanites to recharge at once.
    pub fast_recharge_cost: i64,
    /// Price.
    #[serde(skip)]
    pub price: Option<i64>,
    /// Flavour text.
    #[serde(skip)]
    pub description: String,
}

pub(crate) fn read_shield(id: &str, f: &Fields<'_, '_>) -> Option<Shield> {
    Some(Shield {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        strength: count(f, "strength", true).unwrap_or_default(),
        recharge_rate: count(f, "recharge_rate", true).unwrap_or_default(),
        restart_turns: count(f, "restart_turns", true).unwrap_or_default(),
        fast_recharge_cost: count(f, "fast_recharge_cost", true).unwrap_or_default(),
        price: count(f, "price", false),
        description: f.string("description").unwrap_or_default(),
    })
}

/// A cloaking module (CX-CLOAK).
#[derive(Clone, Debug)]
pub struct Cloak {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Nanites to activate.
    pub activation_cost: i64,
    /// Nanites per later turn (waived after a still turn).
    pub upkeep: i64,
    /// Turns added to the level's Cloak Turns.
    pub turn_bonus: i64,
    /// Actions to wait after the cloak runs out.
    pub charge_delay: i64,
    /// DC to spot a still wearer.
    pub detect_dc: i64,
    /// DC to spot a moving wearer.
    pub moving_detect_dc: i64,
    /// Price.
    pub price: Option<i64>,
    /// Flavour text.
    pub description: String,
}

pub(crate) fn read_cloak(id: &str, f: &Fields<'_, '_>) -> Option<Cloak> {
    Some(Cloak {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        activation_cost: count(f, "activation_cost", true).unwrap_or_default(),
        upkeep: count(f, "upkeep", true).unwrap_or_default(),
        turn_bonus: count(f, "turn_bonus", true).unwrap_or_default(),
        charge_delay: count(f, "charge_delay", true).unwrap_or_default(),
        detect_dc: count(f, "detect_dc", true).unwrap_or_default(),
        moving_detect_dc: count(f, "moving_detect_dc", true).unwrap_or_default(),
        price: count(f, "price", false),
        description: f.string("description").unwrap_or_default(),
    })
}

/// What an item is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ItemKind {
    /// Heals as a medic with skill 30, or +30 for a medic (CX-HEAL-03).
    Medikit,
    /// A medic's bag: without it the DC is +20 (CX-HEAL-03).
    MedicineBag,
    /// Spent for +20 on stabilizing a mechanical target (CX-DEATH-08).
    RepairKit,
    /// Rounds for weapons.
    Ammunition,
    /// Anything else.
    Other,
}

/// A carried item.
#[derive(Clone, Debug)]
pub struct Gear {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it is for.
    pub kind: ItemKind,
    /// For ammunition: the weapon categories it feeds.
    pub ammo_for: Vec<String>,
    /// Effects while carried.
    pub effects: Vec<Effect>,
    /// Price.
    pub price: Option<i64>,
    /// Flavour text.
    pub description: String,
}

pub(crate) fn read_item(id: &str, f: &Fields<'_, '_>) -> Option<Gear> {
    let kind = f.required("kind").and(choice(
        f,
        "kind",
        &[
            ("medikit", ItemKind::Medikit),
            ("medicine-bag", ItemKind::MedicineBag),
            ("repair-kit", ItemKind::RepairKit),
            ("ammunition", ItemKind::Ammunition),
            ("other", ItemKind::Other),
        ],
    ));
    Some(Gear {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        kind: kind.unwrap_or(ItemKind::Other),
        ammo_for: f.strings("ammo_for").unwrap_or_default(),
        effects: read_effects(f),
        price: count(f, "price", false),
        description: f.string("description").unwrap_or_default(),
    })
}
