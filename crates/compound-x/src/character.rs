//! Character files: what the player chose, read with every problem reported.
//!
//! The file records choices, never results: base stats as assigned, the stat
//! points taken at levels 5/9/15/20, skill points, feats, equipment. Everything
//! derived is computed by the [`crate::Sheet`], so a file can never disagree
//! with its sheet. The format is documented in `docs/compound-x/character.md`.

use std::fmt::Write as _;

use nanite_core::content::{Fields, SourceFile, read_document};
use nanite_core::{Diagnostic, Diagnostics};

use crate::house::HouseRules;
use crate::pack::Secondary;
use crate::stat::{Stat, Stats};

/// The newest character file format this build reads.
pub const CHARACTER_FORMAT: i64 = 1;

/// A weapon the character carries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CharacterWeapon {
    /// The pack's weapon id.
    pub id: String,
    /// Attachment ids fitted to it.
    pub attachments: Vec<String>,
    /// Spare magazines (or rounds, for weapons without magazines).
    pub magazines: i64,
}

/// What the character carries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Equipment {
    /// Weapons, the primary one first.
    pub weapons: Vec<CharacterWeapon>,
    /// Worn armor.
    pub armor: Option<String>,
    /// Worn shield.
    pub shield: Option<String>,
    /// Cloaking module.
    pub cloak: Option<String>,
    /// Items (kits, ammunition) with counts.
    pub items: Vec<(String, i64)>,
}

/// A Compound X character as its player built it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Character {
    /// The character's name.
    pub name: String,
    /// Race id.
    pub race: String,
    /// Class id.
    pub class: String,
    /// Level, 0..=20.
    pub level: i64,
    /// Stats as assigned at creation, before the race bonus.
    pub base_stats: Stats,
    /// The stat points of levels 5, 9, 15 and 20, in order.
    pub stat_increases: Vec<Stat>,
    /// Which secondary STR sets when it is the largest for both (CX-STAT-02).
    pub secondary_choice: Option<Secondary>,
    /// Under SECONDARY_POOL: points each primary gives each secondary.
    pub secondary_pool: Vec<(Stat, Secondary, i64)>,
    /// The feat taken instead of Will to Survive with CHA 9+ (CX-STAT-14).
    pub charisma_feat: Option<String>,
    /// Skill points by skill id.
    pub skills: Vec<(String, i64)>,
    /// Feats chosen (not those granted by stats).
    pub feats: Vec<String>,
    /// Class feats chosen.
    pub class_feats: Vec<String>,
    /// Equipment.
    pub equipment: Equipment,
    /// Money.
    pub money: Option<i64>,
    /// Death saves at its next downing, carried between fights (CX-DEATH-04):
    /// 3 when absent; 2 after a downing with a failed save, 1 after two; one
    /// regained per whole encounter without a failed save.
    pub death_saves: Option<i64>,
    /// Under FORT_DOWNED: the Fort saves failed while downed in its life so
    /// far, carried between fights (CX-HOUSE-05); 0 when absent.
    pub fort_failures: Option<i64>,
    /// House rules in force.
    pub house_rules: HouseRules,
    /// Free text.
    pub notes: String,
    /// Where each field was read (`base_stats.PER` -> file, line), for
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

    fn note(&mut self, fields: &Fields<'_, '_>, key: &str) {
        if let Some(item) = fields.item(key) {
            self.lines.push((item.path().to_string(), item.line()));
        }
    }

    fn read_fields(&mut self, top: &Fields<'_, '_>) {
        for key in [
            "name",
            "race",
            "class",
            "level",
            "stat_increases",
            "secondary_choice",
            "charisma_feat",
            "feats",
            "class_feats",
            "money",
            "death_saves",
            "fort_failures",
        ] {
            self.note(top, key);
        }
        self.name = top.required_string("name").unwrap_or_default();
        self.race = top.required_string("race").unwrap_or_default();
        self.class = top.required_string("class").unwrap_or_default();
        self.level = top.required_integer("level").unwrap_or_default();
        self.notes = top.string("notes").unwrap_or_default();
        self.money = top.integer("money");
        self.death_saves = top.integer("death_saves");
        self.fort_failures = top.integer("fort_failures");
        self.feats = top.strings("feats").unwrap_or_default();
        self.class_feats = top.strings("class_feats").unwrap_or_default();
        self.charisma_feat = top.string("charisma_feat");
        if let Some(item) = top.item("stat_increases") {
            for entry in item.list().unwrap_or_default() {
                if let Some(text) = entry.string() {
                    match Stat::parse(&text) {
                        Some(stat) => self.stat_increases.push(stat),
                        None => entry.error(
                            format!("`{text}` is not a stat"),
                            Some("stats are STR, PER, FORT, CHA, INT, DEX, LUCK".into()),
                        ),
                    }
                }
            }
        }
        if let Some(item) = top.item("secondary_choice")
            && let Some(text) = item.string()
        {
            match Secondary::parse(&text) {
                Some(Secondary::SkillPointGain) | None => item.error(
                    format!("`{text}` is not a secondary STR can set"),
                    Some("use \"movement_speed\" or \"carry_ability\"".into()),
                ),
                Some(s) => self.secondary_choice = Some(s),
            }
        }
        self.read_stats(top);
        self.read_pool(top);
        self.read_skills(top);
        self.read_equipment(top);
        if let Some(house) = top.table("house_rules") {
            for (key, _, _) in HouseRules::ALL {
                if let Some(on) = house.boolean(key) {
                    self.house_rules.set(key, on);
                }
            }
            house.finish();
        }
    }

    fn read_stats(&mut self, top: &Fields<'_, '_>) {
        let Some(stats) = top.required("base_stats").and_then(|i| i.table()) else {
            return;
        };
        self.lines.push(("base_stats".to_string(), stats.line()));
        for stat in Stat::ALL {
            self.note(&stats, stat.code());
            let value = stats.required_integer(stat.code()).unwrap_or_default();
            self.base_stats.set(stat, value);
        }
        stats.finish();
    }

    fn read_pool(&mut self, top: &Fields<'_, '_>) {
        let Some(pool) = top.table("secondary_pool") else {
            return;
        };
        self.lines.push(("secondary_pool".to_string(), pool.line()));
        for stat in Stat::ALL {
            let Some(gives) = pool.table(stat.code()) else {
                continue;
            };
            self.note(&pool, stat.code());
            for secondary in Secondary::ALL {
                if let Some(points) = gives.integer(secondary.key()) {
                    self.note(&gives, secondary.key());
                    self.secondary_pool.push((stat, secondary, points));
                }
            }
            gives.finish();
        }
        pool.finish();
    }

    fn read_skills(&mut self, top: &Fields<'_, '_>) {
        let Some(skills) = top.table("skills") else {
            return;
        };
        self.lines.push(("skills".to_string(), skills.line()));
        for (id, item) in skills.entries() {
            self.lines.push((item.path().to_string(), item.line()));
            if let Some(points) = item.integer() {
                self.skills.push((id, points));
            }
        }
        skills.finish();
    }

    fn read_equipment(&mut self, top: &Fields<'_, '_>) {
        let Some(eq) = top.table("equipment") else {
            return;
        };
        for key in ["armor", "shield", "cloak"] {
            self.note(&eq, key);
        }
        self.equipment.armor = eq.string("armor");
        self.equipment.shield = eq.string("shield");
        self.equipment.cloak = eq.string("cloak");
        for (n, w) in eq.tables("weapons").iter().enumerate() {
            self.lines
                .push((format!("equipment.weapons[{n}]"), w.line()));
            self.equipment.weapons.push(CharacterWeapon {
                id: w.required_string("id").unwrap_or_default(),
                attachments: w.strings("attachments").unwrap_or_default(),
                magazines: w.integer("magazines").unwrap_or_default(),
            });
            w.finish();
        }
        if let Some(items) = eq.table("items") {
            for (id, item) in items.entries() {
                self.lines.push((item.path().to_string(), item.line()));
                if let Some(count) = item.integer() {
                    self.equipment.items.push((id, count));
                }
            }
            items.finish();
        }
        eq.finish();
    }

    /// Places `diagnostic` at the line of `field` (or its nearest parent).
    pub(crate) fn locate(&self, mut diagnostic: Diagnostic) -> Diagnostic {
        let Some(file) = &self.file else {
            return diagnostic;
        };
        let mut path = diagnostic.field.as_str();
        let line = loop {
            if let Some((_, line)) = self.lines.iter().find(|(p, _)| p == path) {
                break Some(*line);
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None => break None,
            }
        };
        diagnostic.file = Some(file.clone());
        diagnostic.line = line;
        diagnostic
    }

    /// Points the character has in skill `id` (0 if unlearned).
    pub fn skill_points(&self, id: &str) -> i64 {
        self.skills
            .iter()
            .filter(|(s, _)| s == id)
            .map(|(_, p)| p)
            .sum()
    }

    /// Writes the character file (format [`CHARACTER_FORMAT`]).
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let list = |items: &[String]| {
            let quoted: Vec<String> = items.iter().map(|s| q(s)).collect();
            format!("[{}]", quoted.join(", "))
        };
        let _ = writeln!(
            out,
            "# A Compound X character for nanite (docs/compound-x/character.md)."
        );
        let _ = writeln!(out, "format = {CHARACTER_FORMAT}");
        let _ = writeln!(out, "name = {}", q(&self.name));
        let _ = writeln!(out, "race = {}", q(&self.race));
        let _ = writeln!(out, "class = {}", q(&self.class));
        let _ = writeln!(out, "level = {}", self.level);
        let increases: Vec<String> = self
            .stat_increases
            .iter()
            .map(|s| s.code().to_string())
            .collect();
        let _ = writeln!(out, "stat_increases = {}", list(&increases));
        if let Some(choice) = self.secondary_choice {
            let _ = writeln!(out, "secondary_choice = {}", q(choice.key()));
        }
        if let Some(feat) = &self.charisma_feat {
            let _ = writeln!(out, "charisma_feat = {}", q(feat));
        }
        let _ = writeln!(out, "feats = {}", list(&self.feats));
        let _ = writeln!(out, "class_feats = {}", list(&self.class_feats));
        if let Some(money) = self.money {
            let _ = writeln!(out, "money = {money}");
        }
        if let Some(saves) = self.death_saves {
            let _ = writeln!(out, "death_saves = {saves}");
        }
        if let Some(failures) = self.fort_failures {
            let _ = writeln!(out, "fort_failures = {failures}");
        }
        if !self.notes.is_empty() {
            let _ = writeln!(out, "notes = {}", q(&self.notes));
        }
        let _ = writeln!(out, "\n[base_stats] # as assigned, before the race bonus");
        for (stat, value) in self.base_stats.iter() {
            let _ = writeln!(out, "{} = {value}", stat.code());
        }
        if !self.secondary_pool.is_empty() {
            let _ = writeln!(out, "\n[secondary_pool]");
            for stat in Stat::ALL {
                let gives: Vec<String> = self
                    .secondary_pool
                    .iter()
                    .filter(|(s, _, _)| *s == stat)
                    .map(|(_, sec, n)| format!("{} = {n}", sec.key()))
                    .collect();
                if !gives.is_empty() {
                    let _ = writeln!(out, "{} = {{ {} }}", stat.code(), gives.join(", "));
                }
            }
        }
        let _ = writeln!(out, "\n[skills]");
        for (id, points) in &self.skills {
            let _ = writeln!(out, "{id} = {points}");
        }
        let eq = &self.equipment;
        let _ = writeln!(out, "\n[equipment]");
        for (key, value) in [
            ("armor", &eq.armor),
            ("shield", &eq.shield),
            ("cloak", &eq.cloak),
        ] {
            if let Some(id) = value {
                let _ = writeln!(out, "{key} = {}", q(id));
            }
        }
        let items: Vec<String> = eq
            .items
            .iter()
            .map(|(id, n)| format!("{id} = {n}"))
            .collect();
        let _ = writeln!(out, "items = {{ {} }}", items.join(", "));
        for w in &eq.weapons {
            let _ = writeln!(out, "\n[[equipment.weapons]]");
            let _ = writeln!(out, "id = {}", q(&w.id));
            let _ = writeln!(out, "attachments = {}", list(&w.attachments));
            let _ = writeln!(out, "magazines = {}", w.magazines);
        }
        let _ = writeln!(out, "\n[house_rules]");
        for (key, rule, _) in HouseRules::ALL {
            let _ = writeln!(
                out,
                "{key} = {} # {rule}",
                self.house_rules.get(key).unwrap_or(false)
            );
        }
        out
    }
}
