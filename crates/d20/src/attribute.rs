//! The four attributes of a D20 character and their scores.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An attribute: Strength, Dexterity, Constitution or Wisdom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Attribute))]
pub enum Attribute {
    /// Strength: melee, clinches, pushes, submissions, slams.
    #[serde(rename = "STR")]
    Str,
    /// Dexterity: initiative, ranged attacks, tackles, scrambles.
    #[serde(rename = "DEX")]
    Dex,
    /// Constitution: hit points, what a healing kit restores.
    #[serde(rename = "CON")]
    Con,
    /// Wisdom: trips, reversals, spells and powers.
    #[serde(rename = "WIS")]
    Wis,
}

impl Attribute {
    /// Every attribute, in sheet order.
    pub const ALL: [Attribute; 4] = [
        Attribute::Str,
        Attribute::Dex,
        Attribute::Con,
        Attribute::Wis,
    ];

    /// The short name used in files and on the sheet (`STR`).
    pub fn key(self) -> &'static str {
        match self {
            Attribute::Str => "STR",
            Attribute::Dex => "DEX",
            Attribute::Con => "CON",
            Attribute::Wis => "WIS",
        }
    }

    /// The full name (`Strength`).
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Str => "Strength",
            Attribute::Dex => "Dexterity",
            Attribute::Con => "Constitution",
            Attribute::Wis => "Wisdom",
        }
    }

    /// Reads `STR`, `dex`, `Strength`...; `None` for anything else.
    pub fn parse(text: &str) -> Option<Attribute> {
        Attribute::ALL
            .into_iter()
            .find(|a| a.key().eq_ignore_ascii_case(text) || a.name().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Scores of the four attributes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scores {
    /// Strength.
    #[serde(rename = "STR")]
    pub str: i64,
    /// Dexterity.
    #[serde(rename = "DEX")]
    pub dex: i64,
    /// Constitution.
    #[serde(rename = "CON")]
    pub con: i64,
    /// Wisdom.
    #[serde(rename = "WIS")]
    pub wis: i64,
}

impl Scores {
    /// The score of `attribute`.
    pub fn get(&self, attribute: Attribute) -> i64 {
        match attribute {
            Attribute::Str => self.str,
            Attribute::Dex => self.dex,
            Attribute::Con => self.con,
            Attribute::Wis => self.wis,
        }
    }

    /// Sets the score of `attribute`.
    pub fn set(&mut self, attribute: Attribute, score: i64) {
        match attribute {
            Attribute::Str => self.str = score,
            Attribute::Dex => self.dex = score,
            Attribute::Con => self.con = score,
            Attribute::Wis => self.wis = score,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_read_by_key_or_name() {
        assert_eq!(Attribute::parse("dex"), Some(Attribute::Dex));
        assert_eq!(Attribute::parse("Wisdom"), Some(Attribute::Wis));
        assert_eq!(Attribute::parse("CHA"), None);
    }
}
