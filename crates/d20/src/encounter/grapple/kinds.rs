//! The grapple itself and the kinds of grappling action, each with its
//! attribute (D20-GRAP-02..07).

use nanite_core::CombatantId;
use serde::{Deserialize, Serialize};

use crate::attribute::Attribute;

/// A grapple between two combatants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grapple {
    /// Who took the other down (or was chosen against).
    pub a: CombatantId,
    /// The other.
    pub b: CombatantId,
    /// Who holds Grappling Advantage.
    pub advantage: Option<CombatantId>,
    /// Who has +5 on its next grappling attack.
    pub primed: Option<CombatantId>,
}

impl Grapple {
    /// Whether `id` is in it.
    pub fn involves(&self, id: &CombatantId) -> bool {
        &self.a == id || &self.b == id
    }

    /// The other one.
    pub fn other(&self, id: &CombatantId) -> CombatantId {
        if &self.a == id {
            self.b.clone()
        } else {
            self.a.clone()
        }
    }

    /// Whether `id` holds Grappling Advantage.
    pub fn holds(&self, id: &CombatantId) -> bool {
        self.advantage.as_ref() == Some(id)
    }
}

/// A takedown (D20-GRAP-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Takedown {
    /// Clinching: STR + Melee Fighting.
    Clinch,
    /// Tackling: DEX + Melee Fighting.
    Tackle,
    /// Tripping: WIS + Melee Fighting.
    Trip,
}

/// A position change (D20-GRAP-03).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum PositionChange {
    /// Push: STR + Melee Fighting.
    Push,
    /// Pull: STR + Melee Fighting.
    Pull,
    /// Scramble: DEX + Melee Fighting.
    Scramble,
    /// Reversal: WIS + Melee Fighting; not while holding advantage.
    Reversal,
}

/// A grappling attack (D20-GRAP-04..07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum GrappleAttack {
    /// STR + Melee Fighting: -1 STR and -1 CON for an hour (D20-GRAP-05).
    Submission,
    /// STR + Melee Fighting: 1d12 + STR bonus and a round stunned (D20-GRAP-06).
    Slam,
    /// DEX + Melee Fighting: unarmed-strike damage (D20-GRAP-07).
    ShortStrikes,
}

/// What the target of a takedown that rolled a natural 1 chooses
/// (D20-GRAP-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum TakedownChoice {
    /// The grapple begins with the chooser holding Grappling Advantage.
    Advantage,
    /// A free melee attack with this weapon (none: unarmed).
    Attack {
        /// A melee weapon by index.
        weapon: Option<usize>,
    },
}

impl Takedown {
    /// The attribute and the name.
    pub fn of(self) -> (Attribute, &'static str) {
        match self {
            Takedown::Clinch => (Attribute::Str, "Clinch takedown"),
            Takedown::Tackle => (Attribute::Dex, "Tackle takedown"),
            Takedown::Trip => (Attribute::Wis, "Trip takedown"),
        }
    }
}

impl PositionChange {
    /// The attribute and the name.
    pub fn of(self) -> (Attribute, &'static str) {
        match self {
            PositionChange::Push => (Attribute::Str, "Push"),
            PositionChange::Pull => (Attribute::Str, "Pull"),
            PositionChange::Scramble => (Attribute::Dex, "Scramble"),
            PositionChange::Reversal => (Attribute::Wis, "Reversal"),
        }
    }
}

impl GrappleAttack {
    /// The attribute and the name.
    pub fn of(self) -> (Attribute, &'static str) {
        match self {
            GrappleAttack::Submission => (Attribute::Str, "Submission"),
            GrappleAttack::Slam => (Attribute::Str, "Slam"),
            GrappleAttack::ShortStrikes => (Attribute::Dex, "Short strikes"),
        }
    }
}
