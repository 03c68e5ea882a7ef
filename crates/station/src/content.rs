//! The Station content pack: classes, creatures, gear, action cards, loot
//! tables, threat levels and cyber-module prices, read from TOML.
//!
//! Loading reports every problem with file, line and field (see
//! [`Pack::load`]); the sample pack under `content/station/` is compiled in as
//! [`Pack::sample`].

mod load;
mod parse;

use std::collections::BTreeMap;
use std::fmt;

use nanite_core::{Diagnostics, content::SourceFile};
use serde::{Deserialize, Serialize};

/// The five damage types (rule ST-DMG-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DamageType {
    /// Bullets, blades, pipes.
    Standard,
    /// Lasers and blasters.
    Energy,
    /// Flames and plasma.
    Fire,
    /// Psionic harm.
    Psi,
    /// Acid, claws, spores.
    Biological,
}

impl DamageType {
    /// Every type, in order.
    pub const ALL: [DamageType; 5] = [
        DamageType::Standard,
        DamageType::Energy,
        DamageType::Fire,
        DamageType::Psi,
        DamageType::Biological,
    ];

    /// The lower-case name used in files.
    pub fn name(self) -> &'static str {
        match self {
            DamageType::Standard => "standard",
            DamageType::Energy => "energy",
            DamageType::Fire => "fire",
            DamageType::Psi => "psi",
            DamageType::Biological => "biological",
        }
    }

    /// Reads a name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.name() == text.to_ascii_lowercase())
    }
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name();
        let mut chars = name.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
        write!(f, "{first}{}", chars.as_str())
    }
}

/// Resistances by damage type; a negative one adds damage (rule ST-DMG-02).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resistances(pub [i32; 5]);

impl Resistances {
    /// The resistance to `kind`.
    pub fn of(&self, kind: DamageType) -> i32 {
        self.0[kind as usize]
    }

    /// Sets the resistance to `kind`.
    pub fn set(&mut self, kind: DamageType, value: i32) {
        self.0[kind as usize] = value;
    }
}

/// A character skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Skill {
    /// Aims standard (ballistic) weapons.
    StandardWeapons,
    /// Aims energy weapons.
    EnergyWeapons,
    /// Melee weapons and fists.
    Melee,
    /// Hacking terminals, doors and stations (rule ST-TECH-01).
    Hacking,
    /// Modifying weapons (rule ST-TECH-03).
    Modifying,
    /// Repairing machines and stations (rule ST-TECH-04).
    Repairing,
    /// Researching items (rule ST-TECH-05).
    Research,
}

impl Skill {
    /// Every skill.
    pub const ALL: [Skill; 7] = [
        Skill::StandardWeapons,
        Skill::EnergyWeapons,
        Skill::Melee,
        Skill::Hacking,
        Skill::Modifying,
        Skill::Repairing,
        Skill::Research,
    ];

    /// The name used in files and commands.
    pub fn name(self) -> &'static str {
        match self {
            Skill::StandardWeapons => "standard-weapons",
            Skill::EnergyWeapons => "energy-weapons",
            Skill::Melee => "melee",
            Skill::Hacking => "hacking",
            Skill::Modifying => "modifying",
            Skill::Repairing => "repairing",
            Skill::Research => "research",
        }
    }

    /// Reads a name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// A character statistic (rule ST-CHAR-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Stat {
    /// Strength.
    Str,
    /// Endurance.
    End,
    /// Agility: melee accuracy (rule ST-MELEE-01).
    Agi,
    /// Cybernetic affinity: hacking strength and research time.
    Cyb,
    /// Psionic ability.
    Psi,
}

impl Stat {
    /// Every stat.
    pub const ALL: [Stat; 5] = [Stat::Str, Stat::End, Stat::Agi, Stat::Cyb, Stat::Psi];

    /// The upper-case name.
    pub fn name(self) -> &'static str {
        match self {
            Stat::Str => "STR",
            Stat::End => "END",
            Stat::Agi => "AGI",
            Stat::Cyb => "CYB",
            Stat::Psi => "PSI",
        }
    }

    /// Reads a name (any case).
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text))
    }
}

/// Which skill aims a weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeaponKind {
    /// Standard ranged weapons.
    Standard,
    /// Energy ranged weapons.
    Energy,
    /// Melee weapons (AGI instead of range).
    Melee,
}

impl WeaponKind {
    /// The skill that aims it.
    pub fn skill(self) -> Skill {
        match self {
            WeaponKind::Standard => Skill::StandardWeapons,
            WeaponKind::Energy => Skill::EnergyWeapons,
            WeaponKind::Melee => Skill::Melee,
        }
    }
}

/// One modification a weapon can take, in order (rule ST-TECH-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponMod {
    /// Its name.
    pub name: String,
    /// The modifying skill level required.
    pub skill: i32,
    /// The difficulty to beat.
    pub difficulty: i32,
    /// Nanites spent on the attempt.
    pub nanites: i32,
    /// Accuracy it adds.
    pub accuracy: i32,
    /// Damage per shot it adds.
    pub damage: i32,
}

/// A weapon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The skill that aims it.
    pub kind: WeaponKind,
    /// Range added to accuracy (ranged weapons; 0 for melee).
    pub range: i32,
    /// Damage per shot.
    pub damage: i32,
    /// Shots per attack (rule ST-SHOOT-04).
    pub shots: u32,
    /// Damage type.
    pub damage_type: DamageType,
    /// A creature's natural weapon (never dropped or looted).
    pub natural: bool,
    /// Modifications in order.
    pub mods: Vec<WeaponMod>,
}

/// An armor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Armor {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its resistances.
    pub resist: Resistances,
}

/// What researching an item needs and gives (rule ST-TECH-05).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Research {
    /// Research skill level required.
    pub skill: i32,
    /// The chemical item consumed.
    pub chemical: String,
    /// Base time in turns.
    pub turns: i32,
    /// Cyber modules the research yields.
    pub cyber_modules: i32,
}

/// What kind of thing an item is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemKind {
    /// Used up for 1 AP: heals or raises a stat by 1.
    Consumable {
        /// Hit points healed.
        heal: i32,
        /// A stat raised by 1.
        stat: Option<Stat>,
    },
    /// Unlocks security-locked doors (rule ST-ENV-04).
    SecurityCard,
    /// A chemical research consumes.
    Chemical,
    /// Something to research.
    Research(Research),
    /// A large item: takes an inventory slot.
    Large,
}

/// An item that is neither weapon nor armor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: ItemKind,
}

/// One bonus of a class card (rule ST-CHAR-02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bonus {
    /// A skill raised.
    Skill(Skill, i32),
    /// A stat raised.
    Stat(Stat, i32),
    /// Extra hit points.
    Hp(i32),
    /// An item (weapon, armor or item id).
    Item(String),
    /// Extra nanites.
    Nanites(i32),
    /// Extra cyber modules.
    CyberModules(i32),
    /// An O/S upgrade (`scavenger-os`).
    Upgrade(String),
}

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bonus::Skill(s, n) => write!(f, "skill {} {n:+}", s.name()),
            Bonus::Stat(s, n) => write!(f, "stat {} {n:+}", s.name()),
            Bonus::Hp(n) => write!(f, "hp {n:+}"),
            Bonus::Item(id) => write!(f, "item {id}"),
            Bonus::Nanites(n) => write!(f, "nanites {n:+}"),
            Bonus::CyberModules(n) => write!(f, "cm {n:+}"),
            Bonus::Upgrade(id) => write!(f, "upgrade {id}"),
        }
    }
}

/// A psionic power (rule ST-CHAR-01).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The psionic tier it needs.
    pub tier: i32,
    /// Psi Points it costs.
    pub pp: i32,
    /// Range added to accuracy.
    pub range: i32,
    /// Damage.
    pub damage: i32,
    /// Damage type.
    pub damage_type: DamageType,
}

/// A class training card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Starting skills.
    pub skills: BTreeMap<Skill, i32>,
    /// Starting stats.
    pub stats: BTreeMap<Stat, i32>,
    /// Starting weapon.
    pub weapon: Option<String>,
    /// Starting armor.
    pub armor: Option<String>,
    /// Starting items.
    pub items: Vec<String>,
    /// Starting nanites.
    pub nanites: i32,
    /// Starting cyber modules.
    pub cyber_modules: i32,
    /// Training years: one bonus is picked from each.
    pub years: Vec<Vec<Bonus>>,
}

/// A creature the GM can deploy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Basic Creature Points to deploy it.
    pub bcp: i32,
    /// Major Creature Points to deploy it.
    pub mcp: i32,
    /// Hit points.
    pub hp: i32,
    /// Action points per GM turn.
    pub ap: i32,
    /// Agility (melee accuracy).
    pub agi: i32,
    /// Skill level with its weapon.
    pub skill: i32,
    /// Its weapon, if it attacks.
    pub weapon: Option<String>,
    /// Its resistances.
    pub resist: Resistances,
    /// An egg: takes no actions, counts for the GM's income.
    pub egg: bool,
    /// The loot table of its body, if searchable.
    pub body: Option<String>,
}

/// An action card effect (rule ST-GM-05).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardEffect {
    /// Basic creature points.
    Bcp(i32),
    /// Major creature points.
    Mcp(i32),
    /// Threat level change.
    Threat(i32),
    /// The alarm sounds.
    Alarm,
    /// Rooms holding players get a dark token.
    LightsOut,
    /// The first working bio-reconstruction machine breaks.
    BreakMachine,
}

/// An action card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its text.
    pub text: String,
    /// What it does.
    pub effects: Vec<CardEffect>,
}

/// One thing a search can find.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loot {
    /// An item, weapon or armor by id.
    Item(String),
    /// Nanites.
    Nanites(i32),
    /// Cyber modules.
    CyberModules(i32),
}

impl fmt::Display for Loot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loot::Item(id) => f.write_str(id),
            Loot::Nanites(n) => write!(f, "{n} nanites"),
            Loot::CyberModules(n) => write!(f, "{n} cyber modules"),
        }
    }
}

/// One loot set of an object type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LootSet {
    /// Found with any bundle.
    pub always: Vec<Loot>,
    /// Picked by the second roll.
    pub bundles: Vec<Vec<Loot>>,
}

/// The loot table of one searchable object type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LootTable {
    /// The object type ("engineer-body").
    pub object: String,
    /// Its name ("Engineer dead body").
    pub name: String,
    /// 1, 3 or 6 sets.
    pub sets: Vec<LootSet>,
}

/// Creature points gained at one threat level (rule ST-GM-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreatIncome {
    /// The level.
    pub level: u32,
    /// BCP every 2 turns.
    pub bcp: i32,
    /// MCP every 2 turns.
    pub mcp: i32,
}

/// Cyber-module prices (rule ST-CHAR-03).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CyberPrices {
    /// The cost of skill level n at index n-1.
    pub skill: Vec<i32>,
    /// The cost of raising a stat to n at index n-1.
    pub stat: Vec<i32>,
    /// The cost of psionic tier n at index n-1.
    pub psi_tier: Vec<i32>,
    /// The cost of psionic skill level n at index n-1.
    pub psi_skill: Vec<i32>,
    /// Upgrades by id.
    pub upgrades: BTreeMap<String, i32>,
}

/// A whole Station content pack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pack {
    /// Class cards by id.
    pub classes: BTreeMap<String, Class>,
    /// Creatures by id.
    pub creatures: BTreeMap<String, Creature>,
    /// Weapons by id.
    pub weapons: BTreeMap<String, Weapon>,
    /// Armors by id.
    pub armors: BTreeMap<String, Armor>,
    /// Other items by id.
    pub items: BTreeMap<String, Item>,
    /// The action card deck, in file order.
    pub cards: Vec<Card>,
    /// Loot tables by object type.
    pub loot: BTreeMap<String, LootTable>,
    /// Income by threat level.
    pub threats: BTreeMap<u32, ThreatIncome>,
    /// Cyber-module prices.
    pub cyber: CyberPrices,
    /// Psionic powers by id.
    pub powers: BTreeMap<String, Power>,
}

/// The sample pack's files, compiled in.
const SAMPLE: [(&str, &str); 7] = [
    (
        "content/station/gear.toml",
        include_str!("../../../content/station/gear.toml"),
    ),
    (
        "content/station/creatures.toml",
        include_str!("../../../content/station/creatures.toml"),
    ),
    (
        "content/station/classes.toml",
        include_str!("../../../content/station/classes.toml"),
    ),
    (
        "content/station/cards.toml",
        include_str!("../../../content/station/cards.toml"),
    ),
    (
        "content/station/loot.toml",
        include_str!("../../../content/station/loot.toml"),
    ),
    (
        "content/station/powers.toml",
        include_str!("../../../content/station/powers.toml"),
    ),
    (
        "content/station/cyber.toml",
        include_str!("../../../content/station/cyber.toml"),
    ),
];

impl Pack {
    /// Reads a pack from its files, reporting every problem at once (file,
    /// line, field). Cross-references (a class's weapon, a loot entry's item)
    /// are checked once every file is read.
    pub fn load(files: &[SourceFile]) -> (Pack, Diagnostics) {
        load::load(files)
    }

    /// The sample pack from `content/station/`.
    pub fn sample() -> Pack {
        let files: Vec<SourceFile> = SAMPLE
            .iter()
            .map(|(name, text)| SourceFile::new(*name, *text))
            .collect();
        let (pack, problems) = Pack::load(&files);
        assert!(
            !problems.has_errors(),
            "the compiled-in Station pack has errors:\n{problems}"
        );
        pack
    }

    /// Whether any weapon, armor or item has this id.
    pub fn knows_item(&self, id: &str) -> bool {
        self.weapons.contains_key(id) || self.armors.contains_key(id) || self.items.contains_key(id)
    }

    /// The display name of a weapon, armor or item.
    pub fn item_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.weapons
            .get(id)
            .map(|w| w.name.as_str())
            .or_else(|| self.armors.get(id).map(|a| a.name.as_str()))
            .or_else(|| self.items.get(id).map(|i| i.name.as_str()))
            .unwrap_or(id)
    }

    /// Income at `level` (the highest defined level at or below it).
    pub fn income(&self, level: u32) -> ThreatIncome {
        self.threats
            .range(..=level)
            .next_back()
            .map(|(_, t)| *t)
            .unwrap_or(ThreatIncome {
                level,
                bcp: 0,
                mcp: 0,
            })
    }
}

#[cfg(test)]
mod tests;
