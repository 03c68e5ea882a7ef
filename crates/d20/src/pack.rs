//! D20 content packs: the skills, weapons, armor, healing kits, spells and
//! psionic powers a table plays with, and the campaign defaults.
//!
//! The seed names skills (Melee Fighting), finesse and reach weapons, spells
//! with their energy and powers with their points, and healing kits, but
//! lists none of them; a pack does. The format is documented in
//! `docs/content/d20-pack.md`. Loading reads every file, reports every
//! problem at once (file, line, field), and checks that everything a pack
//! refers to exists.

mod gear;
mod magic;
mod skills;

pub use gear::{Armor, Kit, Weapon, WeaponKind};
pub use magic::{Magic, MagicKind};
pub use skills::{Alternate, AlternateUse, Skill};

pub use nanite_core::content::PackInfo;

use nanite_core::content::{
    Definitions, Fields, PackReading, SourceFile, check_entry_id, read_pack, source_files,
};
use nanite_core::{Diagnostic, Diagnostics, Formula};

use crate::campaign::Campaign;

/// The newest pack format this build reads.
pub const PACK_FORMAT: i64 = 1;

/// The variables a pack formula may use: the four scores, their bonuses,
/// and the experience level.
pub const FORMULA_VARIABLES: [&str; 9] = [
    "STR",
    "DEX",
    "CON",
    "WIS",
    "STR_BONUS",
    "DEX_BONUS",
    "CON_BONUS",
    "WIS_BONUS",
    "LEVEL",
];

/// The numbers the seed leaves to the table, as formulas over
/// [`FORMULA_VARIABLES`].
#[derive(Clone, Debug)]
pub struct Formulas {
    /// Maximum hit points.
    pub max_hp: Formula,
    /// Spell energy of a character who knows spells.
    pub spell_energy: Formula,
    /// Power points of a character who knows psionic powers.
    pub power_points: Formula,
    /// Movement speed in feet per turn (D20-MOVE-01).
    pub speed: Formula,
}

/// A loaded D20 content pack.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The manifest.
    pub info: PackInfo,
    /// The campaign defaults (attribute bonus, initiative).
    pub campaign: Campaign,
    /// Hit points, energy, power points, speed.
    pub formulas: Formulas,
    /// The skill every grappling check adds (Melee Fighting, D20-GRAP-02..07).
    pub grappling_skill: String,
    /// The damage of an unarmed strike (short strikes, D20-GRAP-07).
    pub unarmed_damage: String,
    /// Skills.
    pub skills: Vec<Skill>,
    /// Weapons.
    pub weapons: Vec<Weapon>,
    /// Armor.
    pub armors: Vec<Armor>,
    /// Healing kits.
    pub kits: Vec<Kit>,
    /// Spells and psionic powers.
    pub magic: Vec<Magic>,
    /// Where each entry is defined (`weapon.rapier` -> file, line).
    locations: Definitions,
}

/// The sections a pack file may hold, besides `[pack]`, `[campaign]`,
/// `[formulas]` and `[rules]`.
const SECTIONS: [&str; 6] = ["skill", "weapon", "armor", "kit", "spell", "power"];

/// The sample pack of `content/d20/`, compiled in so that every
/// tool runs from any directory: each file's path and text.
pub const SAMPLE_PACK: [(&str, &str); 4] = [
    (
        "content/d20/pack.toml",
        include_str!("../../../content/d20/pack.toml"),
    ),
    (
        "content/d20/skills.toml",
        include_str!("../../../content/d20/skills.toml"),
    ),
    (
        "content/d20/gear.toml",
        include_str!("../../../content/d20/gear.toml"),
    ),
    (
        "content/d20/magic.toml",
        include_str!("../../../content/d20/magic.toml"),
    ),
];

impl Pack {
    /// The files of the built-in sample pack ([`SAMPLE_PACK`]).
    pub fn sample_files() -> Vec<SourceFile> {
        source_files(&SAMPLE_PACK)
    }

    /// Loads a pack from its files (one must be called `pack.toml`). The
    /// pack is only fit to use when the diagnostics hold no error.
    pub fn load(files: &[SourceFile]) -> (Pack, Diagnostics) {
        let mut pack = Pack {
            info: PackInfo::default(),
            campaign: Campaign::default(),
            formulas: Formulas {
                max_hp: Formula::constant(10),
                spell_energy: Formula::constant(0),
                power_points: Formula::constant(0),
                speed: Formula::constant(30),
            },
            grappling_skill: String::new(),
            unarmed_damage: "1".into(),
            skills: Vec::new(),
            weapons: Vec::new(),
            armors: Vec::new(),
            kits: Vec::new(),
            magic: Vec::new(),
            locations: Definitions::default(),
        };
        let mut found = read_pack(
            files,
            &mut pack,
            Diagnostic::error(
                "",
                "a pack needs a pack.toml with [pack], [formulas] and [rules]",
            )
            .help("see docs/content/d20-pack.md"),
        );
        pack.check_references(&mut found);
        (pack, found)
    }
}

impl PackReading for Pack {
    const SECTIONS: &'static [&'static str] = &SECTIONS;

    fn read_manifest(&mut self, top: &Fields<'_, '_>) {
        let Some(info) = PackInfo::read(top, PACK_FORMAT, "d20", "D20") else {
            return;
        };
        self.info = info;
        if let Some(campaign) = top.table("campaign") {
            self.campaign.read_over(&campaign);
        }
        if let Some(formulas) = top.required("formulas").and_then(|i| i.table()) {
            let read = |key: &str, into: &mut Formula| {
                if let Some(f) = fixed_formula(&formulas, key) {
                    *into = f;
                }
            };
            read("max_hp", &mut self.formulas.max_hp);
            read("spell_energy", &mut self.formulas.spell_energy);
            read("power_points", &mut self.formulas.power_points);
            read("speed", &mut self.formulas.speed);
            formulas.finish();
        }
        if let Some(rules) = top.required("rules").and_then(|i| i.table()) {
            self.grappling_skill = rules.required_string("grappling_skill").unwrap_or_default();
            if let Some(item) = rules.required("unarmed_damage")
                && let Some(text) = item.string()
            {
                match Formula::parse(&text, &[]) {
                    Ok(_) => self.unarmed_damage = text,
                    Err(e) => item.error(e.message, Some("write dice such as \"1d3\"".into())),
                }
            }
            rules.finish();
        }
    }

    fn read_section(&mut self, section: &str, table: &Fields<'_, '_>) {
        for (id, item) in table.entries() {
            check_entry_id(&item, &id);
            let Some(fields) = item.table() else { continue };
            let key = format!("{section}.{id}");
            if self.locations.contains(&key)
                || (matches!(section, "spell" | "power") && self.magic.iter().any(|m| m.id == id))
            {
                item.error(
                    format!("{section} `{id}` is defined twice"),
                    Some("ids must be unique (spells and powers share their ids)".to_string()),
                );
                fields.finish();
                continue;
            }
            self.locations.add(key, fields.file_name(), item.line());
            match section {
                "skill" => self.skills.extend(skills::read(&id, &fields)),
                "weapon" => self.weapons.extend(gear::read_weapon(&id, &fields)),
                "armor" => self.armors.extend(gear::read_armor(&id, &fields)),
                "kit" => self.kits.extend(gear::read_kit(&id, &fields)),
                "spell" => self
                    .magic
                    .extend(magic::read(&id, &fields, MagicKind::Spell)),
                "power" => self
                    .magic
                    .extend(magic::read(&id, &fields, MagicKind::Power)),
                _ => {}
            }
            fields.finish();
        }
    }
}

impl Pack {
    fn check_references(&self, found: &mut Diagnostics) {
        let skill = |entry: &str, field: &str, id: &str, found: &mut Diagnostics| {
            if !id.is_empty() && self.skill(id).is_none() {
                found.push(
                    self.problem(entry, field, format!("no skill `{id}` in this pack"))
                        .help(format!("known skills: {}", self.skill_ids().join(", "))),
                );
            }
        };
        for w in &self.weapons {
            skill(&format!("weapon.{}", w.id), "skill", &w.skill, found);
        }
        for k in &self.kits {
            skill(&format!("kit.{}", k.id), "skill", &k.skill, found);
        }
        for m in &self.magic {
            skill(
                &format!("{}.{}", m.kind.key(), m.id),
                "skill",
                &m.skill,
                found,
            );
        }
        if !self.grappling_skill.is_empty() && self.skill(&self.grappling_skill).is_none() {
            found.push(
                Diagnostic::error(
                    "rules.grappling_skill",
                    format!("no skill `{}` in this pack", self.grappling_skill),
                )
                .rule("D20-GRAP-02")
                .help(format!("known skills: {}", self.skill_ids().join(", "))),
            );
        }
    }

    /// A diagnostic placed at the definition of `entry` (`weapon.rapier`).
    pub(crate) fn problem(&self, entry: &str, field: &str, message: String) -> Diagnostic {
        self.locations.problem(entry, field, message)
    }

    /// The skill `id`.
    pub fn skill(&self, id: &str) -> Option<&Skill> {
        self.skills.iter().find(|s| s.id == id)
    }

    /// Every skill id, in file order.
    pub fn skill_ids(&self) -> Vec<&str> {
        self.skills.iter().map(|s| s.id.as_str()).collect()
    }

    /// The weapon `id`.
    pub fn weapon(&self, id: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.id == id)
    }

    /// The armor `id`.
    pub fn armor(&self, id: &str) -> Option<&Armor> {
        self.armors.iter().find(|a| a.id == id)
    }

    /// The healing kit `id`.
    pub fn kit(&self, id: &str) -> Option<&Kit> {
        self.kits.iter().find(|k| k.id == id)
    }

    /// The spell or power `id`.
    pub fn magic(&self, id: &str) -> Option<&Magic> {
        self.magic.iter().find(|m| m.id == id)
    }
}

/// A formula under `key` that rolls no dice and uses only
/// [`FORMULA_VARIABLES`]; problems are reported.
fn fixed_formula(fields: &Fields<'_, '_>, key: &str) -> Option<Formula> {
    let item = fields.required(key)?;
    let text = item.string()?;
    match Formula::parse(&text, &FORMULA_VARIABLES) {
        Ok(f) if f.rolls_dice() => {
            item.error(
                format!("`{text}` rolls dice; {key} must be a fixed number"),
                None,
            );
            None
        }
        Ok(f) => Some(f),
        Err(e) => {
            item.error(e.message, None);
            None
        }
    }
}

/// A damage or healing formula: dice allowed, no variables.
pub(crate) fn dice_formula(fields: &Fields<'_, '_>, key: &str, required: bool) -> Option<String> {
    let item = if required {
        fields.required(key)?
    } else {
        fields.item(key)?
    };
    let text = item.string()?;
    match Formula::parse(&text, &[]) {
        Ok(_) => Some(text),
        Err(e) => {
            item.error(
                e.message,
                Some("write dice such as \"1d8\" or \"2d6+1\"".into()),
            );
            None
        }
    }
}
