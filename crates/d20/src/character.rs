//! D20 character files: what the player chose, read with every problem
//! reported (file, line, field). Everything derived (bonuses, hit points,
//! Defense) is computed by the [`crate::Sheet`]; the format is documented in
//! `docs/content/d20-pack.md#character-files`.

use nanite_core::Diagnostics;
use nanite_core::content::{Fields, SourceFile, read_document};

use crate::attribute::{Attribute, Scores};

/// The newest character file format this build reads.
pub const CHARACTER_FORMAT: i64 = 1;

/// A D20 character as its player wrote it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Character {
    /// The character's name.
    pub name: String,
    /// Experience level.
    pub level: i64,
    /// Attribute scores.
    pub attributes: Scores,
    /// Skill levels by skill id, in file order.
    pub skills: Vec<(String, i64)>,
    /// Weapon ids, the main one first.
    pub weapons: Vec<String>,
    /// Worn armor.
    pub armor: Option<String>,
    /// Healing kits carried, with counts.
    pub kits: Vec<(String, i64)>,
    /// Spells known.
    pub spells: Vec<String>,
    /// Psionic powers known.
    pub powers: Vec<String>,
    /// Spell resistance (D20-CAST-03).
    pub spell_resistance: i64,
    /// Power resistance (D20-CAST-03).
    pub power_resistance: i64,
    /// Free text.
    pub notes: String,
    /// Where each field was read (`skills.melee-fighting` -> line), for
    /// problems found by validation.
    pub(crate) lines: Vec<(String, usize)>,
    /// The file it was read from.
    pub(crate) file: Option<String>,
}

impl Character {
    /// Reads a character file; the character is only fit to use when the
    /// diagnostics hold no error.
    pub fn read(file: &SourceFile) -> (Character, Diagnostics) {
        let mut character = Character {
            file: Some(file.name().to_string()),
            ..Character::default()
        };
        let found = read_document(file, "character file", CHARACTER_FORMAT, |top| {
            character.read_fields(top);
        });
        (character, found)
    }

    /// The line a field was read from, if known.
    pub fn line_of(&self, field: &str) -> Option<usize> {
        self.lines.iter().find(|(f, _)| f == field).map(|(_, l)| *l)
    }

    /// The file it was read from, if any.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// The level of skill `id` (0 when untrained).
    pub fn skill_level(&self, id: &str) -> i64 {
        self.skills
            .iter()
            .find(|(s, _)| s == id)
            .map_or(0, |(_, l)| *l)
    }

    fn note(&mut self, fields: &Fields<'_, '_>, key: &str) {
        if let Some(item) = fields.item(key) {
            self.lines.push((item.path().to_string(), item.line()));
        }
    }

    fn read_fields(&mut self, top: &Fields<'_, '_>) {
        for key in ["name", "level"] {
            self.note(top, key);
        }
        self.name = top.required_string("name").unwrap_or_default();
        self.level = top.required_integer("level").unwrap_or_default();
        self.notes = top.string("notes").unwrap_or_default();
        if let Some(attributes) = top.required("attributes").and_then(|i| i.table()) {
            for attribute in Attribute::ALL {
                self.note(&attributes, attribute.key());
                if let Some(score) = attributes.required_integer(attribute.key()) {
                    self.attributes.set(attribute, score);
                }
            }
            attributes.finish();
        }
        if let Some(skills) = top.table("skills") {
            for (id, item) in skills.entries() {
                self.lines.push((item.path().to_string(), item.line()));
                if let Some(level) = item.integer() {
                    self.skills.push((id, level));
                }
            }
        }
        if let Some(gear) = top.table("gear") {
            for key in ["weapons", "armor", "kits"] {
                self.note(&gear, key);
            }
            if let Some(item) = gear.item("weapons") {
                for (n, w) in item.list().unwrap_or_default().into_iter().enumerate() {
                    self.lines.push((format!("gear.weapons[{n}]"), w.line()));
                    if let Some(id) = w.string() {
                        self.weapons.push(id);
                    }
                }
            }
            self.armor = gear.string("armor");
            if let Some(kits) = gear.table("kits") {
                for (id, item) in kits.entries() {
                    self.lines.push((item.path().to_string(), item.line()));
                    if let Some(count) = item.integer() {
                        self.kits.push((id, count));
                    }
                }
            }
            gear.finish();
        }
        if let Some(magic) = top.table("magic") {
            for (key, into) in [("spells", &mut self.spells), ("powers", &mut self.powers)] {
                if let Some(item) = magic.item(key) {
                    for (n, m) in item.list().unwrap_or_default().into_iter().enumerate() {
                        self.lines.push((format!("magic.{key}[{n}]"), m.line()));
                        if let Some(id) = m.string() {
                            into.push(id);
                        }
                    }
                }
            }
            magic.finish();
        }
        if let Some(resistance) = top.table("resistance") {
            self.note(&resistance, "spell");
            self.note(&resistance, "power");
            self.spell_resistance = resistance.integer("spell").unwrap_or(0);
            self.power_resistance = resistance.integer("power").unwrap_or(0);
            resistance.finish();
        }
    }
}
