//! Compound X content packs: loading, and the catalog of what a pack defines.
//!
//! The rules name races, classes, skills, feats, weapons and gear but define
//! almost none of them (CX-CONTENT-01); a pack does. The format is documented
//! in `docs/content/compound-x-pack.md`. Loading reads every file, reports
//! every problem at once (file, line, field), and checks that everything a
//! pack refers to exists.

mod effect;
mod gear;
mod people;
mod read;
mod refs;
mod weapon;

pub use effect::{Effect, EffectAmount, EffectTarget, FORMULA_VARIABLES, Save, Secondary};
pub use gear::{Armor, Attachment, Cloak, Gear, ItemKind, Shield};
pub use people::{
    Ability, Class, Feat, Grant, OnSave, Race, Requirements, Skill, SkillKind, Spell,
};
pub use weapon::{Action, Attack, Bracket, DamageType, FireMode, ModeData, Suppression, Weapon};

use nanite_core::Formula;
pub use nanite_core::content::PackInfo;

use nanite_core::content::{
    Definitions, Fields, PackReading, SourceFile, check_entry_id, read_pack, source_files,
};
use nanite_core::{Diagnostic, Diagnostics};

/// The newest pack format this build reads.
pub const PACK_FORMAT: i64 = 1;

/// Something a pack defines under an id.
pub trait Entry {
    /// Its id.
    fn id(&self) -> &str;
    /// Its display name.
    fn name(&self) -> &str;
}

macro_rules! entries {
    ($($t:ty),*) => {$(
        impl Entry for $t {
            fn id(&self) -> &str { &self.id }
            fn name(&self) -> &str { &self.name }
        }
    )*};
}
entries!(
    Race, Class, Skill, Feat, Spell, Weapon, Attachment, Armor, Shield, Cloak, Gear
);

/// The entries of one section, in file order.
#[derive(Clone, Debug)]
pub struct Catalog<T> {
    entries: Vec<T>,
}

impl<T> Default for Catalog<T> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
        }
    }
}

impl<T: Entry> Catalog<T> {
    /// The entry with `id`.
    pub fn get(&self, id: &str) -> Option<&T> {
        self.entries.iter().find(|e| e.id() == id)
    }

    /// Every entry, in file order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.entries.iter()
    }

    /// Every id, in file order.
    pub fn ids(&self) -> Vec<&str> {
        self.entries.iter().map(Entry::id).collect()
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A loaded Compound X content pack.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The manifest.
    pub info: PackInfo,
    /// Max HP over stats and level (CX-STAT-16).
    pub max_hp: Formula,
    /// Nanites over stats and level (CX-STAT-16).
    pub nanites: Formula,
    /// Races and species.
    pub races: Catalog<Race>,
    /// Classes.
    pub classes: Catalog<Class>,
    /// Skills.
    pub skills: Catalog<Skill>,
    /// Feats.
    pub feats: Catalog<Feat>,
    /// Weapons.
    pub weapons: Catalog<Weapon>,
    /// Weapon attachments.
    pub attachments: Catalog<Attachment>,
    /// Armor.
    pub armors: Catalog<Armor>,
    /// Shields.
    pub shields: Catalog<Shield>,
    /// Cloaking modules.
    pub cloaks: Catalog<Cloak>,
    /// Items.
    pub items: Catalog<Gear>,
    /// Spells.
    pub spells: Catalog<Spell>,
    /// Where each entry is defined (`weapon.smg` -> file and line), for
    /// problems found after reading.
    locations: Definitions,
}

/// The sections a pack file may hold, besides `[pack]` and `[formulas]`.
const SECTIONS: [&str; 11] = [
    "race",
    "class",
    "skill",
    "feat",
    "weapon",
    "attachment",
    "armor",
    "shield",
    "cloak",
    "item",
    "spell",
];

/// The sample pack of `content/compound-x/`, compiled in so that every
/// tool runs from any directory: each file's path and text.
pub const SAMPLE_PACK: [(&str, &str); 8] = [
    (
        "content/compound-x/pack.toml",
        include_str!("../../../content/compound-x/pack.toml"),
    ),
    (
        "content/compound-x/races.toml",
        include_str!("../../../content/compound-x/races.toml"),
    ),
    (
        "content/compound-x/classes.toml",
        include_str!("../../../content/compound-x/classes.toml"),
    ),
    (
        "content/compound-x/skills.toml",
        include_str!("../../../content/compound-x/skills.toml"),
    ),
    (
        "content/compound-x/feats.toml",
        include_str!("../../../content/compound-x/feats.toml"),
    ),
    (
        "content/compound-x/weapons.toml",
        include_str!("../../../content/compound-x/weapons.toml"),
    ),
    (
        "content/compound-x/gear.toml",
        include_str!("../../../content/compound-x/gear.toml"),
    ),
    (
        "content/compound-x/spells.toml",
        include_str!("../../../content/compound-x/spells.toml"),
    ),
];

impl Pack {
    /// The files of the built-in sample pack ([`SAMPLE_PACK`]).
    pub fn sample_files() -> Vec<SourceFile> {
        source_files(&SAMPLE_PACK)
    }

    /// Loads a pack from its files (one must be called `pack.toml`). Returns
    /// the pack, which is only fit to use when the diagnostics hold no error.
    pub fn load(files: &[SourceFile]) -> (Pack, Diagnostics) {
        let mut pack = Pack {
            info: PackInfo::default(),
            max_hp: Formula::constant(100),
            nanites: Formula::constant(0),
            races: Catalog::default(),
            classes: Catalog::default(),
            skills: Catalog::default(),
            feats: Catalog::default(),
            weapons: Catalog::default(),
            attachments: Catalog::default(),
            armors: Catalog::default(),
            shields: Catalog::default(),
            cloaks: Catalog::default(),
            items: Catalog::default(),
            spells: Catalog::default(),
            locations: Definitions::default(),
        };
        let mut found = read_pack(
            files,
            &mut pack,
            Diagnostic::error("", "a pack needs a pack.toml with [pack] and [formulas]")
                .help("see docs/content/compound-x-pack.md"),
        );
        refs::check(&pack, &mut found);
        (pack, found)
    }
}

impl PackReading for Pack {
    const SECTIONS: &'static [&'static str] = &SECTIONS;

    fn read_manifest(&mut self, top: &Fields<'_, '_>) {
        let Some(info) = PackInfo::read(top, PACK_FORMAT, "compound-x", "Compound X") else {
            return;
        };
        self.info = info;
        if let Some(formulas) = top.required("formulas").and_then(|i| i.table()) {
            if let Some(f) = read::formula(&formulas, "max_hp", true) {
                self.max_hp = f;
            }
            if let Some(f) = read::formula(&formulas, "nanites", true) {
                self.nanites = f;
            }
            formulas.finish();
        }
    }

    fn read_section(&mut self, section: &str, table: &Fields<'_, '_>) {
        for (id, item) in table.entries() {
            check_entry_id(&item, &id);
            let Some(fields) = item.table() else { continue };
            self.locations
                .add(format!("{section}.{id}"), table.file_name(), item.line());
            macro_rules! add {
                ($catalog:ident, $read:path) => {{
                    if self.$catalog.get(&id).is_some() {
                        item.error(
                            format!("{section} `{id}` is defined twice"),
                            Some("ids must be unique within a section".to_string()),
                        );
                    } else if let Some(entry) = $read(&id, &fields) {
                        self.$catalog.entries.push(entry);
                    }
                }};
            }
            match section {
                "race" => add!(races, people::read_race),
                "class" => add!(classes, people::read_class),
                "skill" => add!(skills, people::read_skill),
                "feat" => add!(feats, people::read_feat),
                "spell" => add!(spells, people::read_spell),
                "weapon" => add!(weapons, weapon::read_weapon),
                "attachment" => add!(attachments, gear::read_attachment),
                "armor" => add!(armors, gear::read_armor),
                "shield" => add!(shields, gear::read_shield),
                "cloak" => add!(cloaks, gear::read_cloak),
                "item" => add!(items, gear::read_item),
                _ => {}
            }
            fields.finish();
        }
    }
}

impl Pack {
    /// A diagnostic placed at the definition of `entry` (`weapon.smg`).
    pub(crate) fn problem(&self, entry: &str, field: &str, message: String) -> Diagnostic {
        self.locations.problem(entry, field, message)
    }
}
