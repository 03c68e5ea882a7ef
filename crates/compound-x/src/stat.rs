//! The seven primary stats and the stat bonus (CX-STAT-01, CX-DICE-02).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A primary stat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxStat))]
pub enum Stat {
    /// Strength.
    #[serde(rename = "STR")]
    Strength,
    /// Perception.
    #[serde(rename = "PER")]
    Perception,
    /// Fortitude.
    #[serde(rename = "FORT")]
    Fortitude,
    /// Charisma.
    #[serde(rename = "CHA")]
    Charisma,
    /// Intelligence.
    #[serde(rename = "INT")]
    Intelligence,
    /// Dexterity.
    #[serde(rename = "DEX")]
    Dexterity,
    /// Luck.
    #[serde(rename = "LUCK")]
    Luck,
}

impl Stat {
    /// All seven, in the texts' order.
    pub const ALL: [Stat; 7] = [
        Stat::Strength,
        Stat::Perception,
        Stat::Fortitude,
        Stat::Charisma,
        Stat::Intelligence,
        Stat::Dexterity,
        Stat::Luck,
    ];

    /// The abbreviation used in files and formulas (`STR`).
    pub fn code(self) -> &'static str {
        match self {
            Stat::Strength => "STR",
            Stat::Perception => "PER",
            Stat::Fortitude => "FORT",
            Stat::Charisma => "CHA",
            Stat::Intelligence => "INT",
            Stat::Dexterity => "DEX",
            Stat::Luck => "LUCK",
        }
    }

    /// The full name (`Strength`).
    pub fn name(self) -> &'static str {
        match self {
            Stat::Strength => "Strength",
            Stat::Perception => "Perception",
            Stat::Fortitude => "Fortitude",
            Stat::Charisma => "Charisma",
            Stat::Intelligence => "Intelligence",
            Stat::Dexterity => "Dexterity",
            Stat::Luck => "Luck",
        }
    }

    /// The stat for an abbreviation or full name, any case.
    pub fn parse(text: &str) -> Option<Stat> {
        Stat::ALL
            .into_iter()
            .find(|s| s.code().eq_ignore_ascii_case(text) || s.name().eq_ignore_ascii_case(text))
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Stat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A value for each primary stat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(value_type = std::collections::BTreeMap<Stat, i64>)
)]
pub struct Stats([i64; 7]);

impl Stats {
    /// Every stat at `value`.
    pub fn all(value: i64) -> Self {
        Self([value; 7])
    }

    /// The value of `stat`.
    pub fn get(&self, stat: Stat) -> i64 {
        self.0[stat.index()]
    }

    /// Sets `stat` to `value`.
    pub fn set(&mut self, stat: Stat, value: i64) {
        self.0[stat.index()] = value;
    }

    /// Each stat with its value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Stat, i64)> + '_ {
        Stat::ALL.into_iter().map(|s| (s, self.get(s)))
    }

    /// The sum of all seven.
    pub fn sum(&self) -> i64 {
        self.0.iter().sum()
    }
}

impl Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(7))?;
        for (stat, value) in self.iter() {
            map.serialize_entry(stat.code(), &value)?;
        }
        map.end()
    }
}

/// Read back from the map of codes it is written as (`{"STR": 6, ...}`);
/// every stat must be there, and nothing else.
impl<'de> serde::Deserialize<'de> for Stats {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let map = std::collections::BTreeMap::<String, i64>::deserialize(deserializer)?;
        let mut stats = Stats::default();
        for (code, value) in &map {
            let stat = Stat::parse(code)
                .ok_or_else(|| D::Error::custom(format!("unknown stat {code}")))?;
            stats.set(stat, *value);
        }
        if map.len() != Stat::ALL.len() {
            return Err(D::Error::custom(
                "stats need all seven of STR, PER, FORT, CHA, INT, DEX, LUCK",
            ));
        }
        Ok(stats)
    }
}

impl nanite_dice::Variables for Stats {
    fn get(&self, name: &str) -> Option<i64> {
        Stat::ALL
            .into_iter()
            .find(|s| s.code() == name)
            .map(|s| Stats::get(self, s))
    }
}

/// Stat bonus for d100 checks: `(stat - 5) * 4` (CX-DICE-02).
pub fn stat_bonus(value: i64) -> i64 {
    (value - 5) * 4
}
