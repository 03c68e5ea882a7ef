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
use nanite_core::content::{Fields, Reading, SourceFile, check_format};
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

/// The pack's manifest.
#[derive(Clone, Debug, Default)]
pub struct PackInfo {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its own version.
    pub version: String,
    /// Sample content, not the authors' numbers.
    pub sample: bool,
    /// What it is.
    pub description: String,
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
    locations: Vec<(String, String, usize)>,
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
        SAMPLE_PACK
            .iter()
            .map(|(path, text)| SourceFile::new(*path, *text))
            .collect()
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
            locations: Vec::new(),
        };
        let mut found = Diagnostics::new();
        let mut sorted: Vec<&SourceFile> = files.iter().collect();
        sorted.sort_by_key(|f| (!is_manifest(f), f.name().to_string()));
        if !sorted.first().is_some_and(|f| is_manifest(f)) {
            found.push(
                Diagnostic::error("", "a pack needs a pack.toml with [pack] and [formulas]")
                    .help("see docs/content/compound-x-pack.md"),
            );
        }
        for file in sorted {
            let reading = Reading::new(file);
            reading.document(|top| {
                if is_manifest(file) {
                    pack.read_manifest(&top);
                }
                for section in SECTIONS {
                    if let Some(table) = top.table(section) {
                        pack.read_section(section, &table);
                        table.finish();
                    }
                }
                top.finish();
            });
            found.extend(reading.finish());
        }
        refs::check(&pack, &mut found);
        (pack, found)
    }

    fn read_manifest(&mut self, top: &Fields<'_, '_>) {
        let Some(meta) = top.required("pack").and_then(|i| i.table()) else {
            return;
        };
        if check_format(&meta, "pack", PACK_FORMAT) {
            self.info.id = meta.required_string("id").unwrap_or_default();
            self.info.name = meta.required_string("name").unwrap_or_default();
            self.info.version = meta.string("version").unwrap_or_default();
            self.info.sample = meta.boolean("sample").unwrap_or_default();
            self.info.description = meta.string("description").unwrap_or_default();
            if let Some(ruleset) = meta.required_string("ruleset")
                && ruleset != "compound-x"
            {
                meta.error_at(
                    "ruleset",
                    format!("this is a pack for `{ruleset}`, not Compound X"),
                    Some("set ruleset = \"compound-x\", or load it with its own ruleset".into()),
                );
            }
            // Only a readable manifest has its other fields checked.
            meta.finish();
        }
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
            if !valid_id(&id) {
                item.error(
                    format!("`{id}` is not a valid id"),
                    Some("ids use lowercase letters, digits and `-`".to_string()),
                );
            }
            let Some(fields) = item.table() else { continue };
            self.locations
                .push((format!("{section}.{id}"), table_file(table), item.line()));
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

fn table_file(table: &Fields<'_, '_>) -> String {
    table.file_name().to_string()
}

impl Pack {
    /// A diagnostic placed at the definition of `entry` (`weapon.smg`).
    pub(crate) fn problem(&self, entry: &str, field: &str, message: String) -> Diagnostic {
        let d = Diagnostic::error(format!("{entry}.{field}"), message);
        match self.locations.iter().find(|(e, _, _)| e == entry) {
            Some((_, file, line)) => d.at(file.clone(), Some(*line)),
            None => d,
        }
    }
}

fn is_manifest(file: &SourceFile) -> bool {
    file.name() == "pack.toml" || file.name().ends_with("/pack.toml")
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}
