//! Races, classes, skills, feats and spells as a pack defines them.

use nanite_core::Formula;
use nanite_core::content::{Fields, Item};

use super::DamageType;
use super::effect::{Effect, Save, read_effects};
use super::read::{choice, count, formula, stat_table};
use crate::combat::{ConditionKind, Cover};
use crate::stat::Stat;

/// A race or species (CX-CONTENT-01, CX-STAT-06).
#[derive(Clone, Debug)]
pub struct Race {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Flavour text.
    pub description: String,
    /// Initial base stat points to assign.
    pub stat_points: i64,
    /// Bonuses (or maluses) to stats.
    pub stat_bonus: Vec<(Stat, i64)>,
    /// Other effects.
    pub effects: Vec<Effect>,
}

impl Race {
    /// The race's bonus to `stat`.
    pub fn bonus(&self, stat: Stat) -> i64 {
        self.stat_bonus
            .iter()
            .filter(|(s, _)| *s == stat)
            .map(|(_, v)| v)
            .sum()
    }
}

pub(crate) fn read_race(id: &str, f: &Fields<'_, '_>) -> Option<Race> {
    let race = Race {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        description: f.string("description").unwrap_or_default(),
        stat_points: count(f, "stat_points", true).unwrap_or_default(),
        stat_bonus: stat_table(f, "stat_bonus"),
        effects: read_effects(f),
    };
    Some(race)
}

/// A class ability.
#[derive(Clone, Debug)]
pub struct Ability {
    /// Its name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Its effects on the sheet.
    pub effects: Vec<Effect>,
}

/// A class (CX-LVL-01).
#[derive(Clone, Debug)]
pub struct Class {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Flavour text.
    pub description: String,
    /// Armor categories it may wear.
    pub armor: Vec<String>,
    /// Weapon categories it may use.
    pub weapons: Vec<String>,
    /// Starting money.
    pub starting_money: i64,
    /// The level-0 skill points.
    pub starting_skill_points: i64,
    /// Added to initiative (the Soldier passive, CX-TURN-01).
    pub initiative_bonus: i64,
    /// The skill its spellcasting adds (CX-SPELL-02), if it casts.
    pub spellcasting: Option<String>,
    /// Whether the Shadow Assassin cloak-turn gain applies (CX-CLOAK-04).
    pub cloak_turn_gain: bool,
    /// Whether the class counts as a medic for medikits, whatever its
    /// Medicine points (CX-HEAL-03).
    pub medic: bool,
    /// Feats it may take as class feats (CX-LVL-05).
    pub class_feats: Vec<String>,
    /// Its abilities.
    pub abilities: Vec<Ability>,
    /// Other effects.
    pub effects: Vec<Effect>,
}

pub(crate) fn read_class(id: &str, f: &Fields<'_, '_>) -> Option<Class> {
    let abilities = f
        .tables("abilities")
        .iter()
        .map(|a| {
            let ability = Ability {
                name: a.required_string("name").unwrap_or_default(),
                description: a.string("description").unwrap_or_default(),
                effects: read_effects(a),
            };
            a.finish();
            ability
        })
        .collect();
    Some(Class {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        description: f.string("description").unwrap_or_default(),
        armor: f.strings("armor").unwrap_or_default(),
        weapons: f.strings("weapons").unwrap_or_default(),
        starting_money: count(f, "starting_money", true).unwrap_or_default(),
        starting_skill_points: count(f, "starting_skill_points", true).unwrap_or_default(),
        initiative_bonus: f.integer("initiative_bonus").unwrap_or_default(),
        spellcasting: f.string("spellcasting"),
        cloak_turn_gain: f.boolean("cloak_turn_gain").unwrap_or_default(),
        medic: f.boolean("medic").unwrap_or_default(),
        class_feats: f.strings("class_feats").unwrap_or_default(),
        abilities,
        effects: read_effects(f),
    })
}

/// What a skill is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SkillKind {
    /// Everything else.
    General,
    /// Firing a family of weapons (reloads, jams).
    Weapon,
    /// Melee, unarmed, grappling.
    Combat,
}

/// A skill with its stat (CX-DICE-05).
#[derive(Clone, Debug)]
pub struct Skill {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The stat whose bonus adds to its checks.
    pub stat: Stat,
    /// What it is used for.
    pub kind: SkillKind,
    /// What it covers.
    pub description: String,
}

pub(crate) fn read_skill(id: &str, f: &Fields<'_, '_>) -> Option<Skill> {
    let name = f.required_string("name");
    let stat = f.required("stat").and_then(|item| {
        let text = item.string()?;
        let stat = Stat::ALL.into_iter().find(|s| s.code() == text);
        if stat.is_none() {
            item.error(
                format!("`{text}` is not a stat"),
                Some("stats are STR, PER, FORT, CHA, INT, DEX, LUCK".to_string()),
            );
        }
        stat
    });
    let kind = choice(
        f,
        "kind",
        &[
            ("general", SkillKind::General),
            ("weapon", SkillKind::Weapon),
            ("combat", SkillKind::Combat),
        ],
    )
    .unwrap_or(SkillKind::General);
    Some(Skill {
        id: id.to_string(),
        name: name?,
        stat: stat?,
        kind,
        description: f.string("description").unwrap_or_default(),
    })
}

/// What a feat requires.
#[derive(Clone, Debug, Default)]
pub struct Requirements {
    /// Minimum level.
    pub level: Option<i64>,
    /// Minimum stats (after all bonuses).
    pub stats: Vec<(Stat, i64)>,
    /// Minimum skill points.
    pub skills: Vec<(String, i64)>,
    /// Feats that must be owned first.
    pub feats: Vec<String>,
}

/// A feat granted by a stat (CX-STAT-14).
#[derive(Clone, Copy, Debug)]
pub struct Grant {
    /// The stat.
    pub stat: Stat,
    /// The minimum value.
    pub min: i64,
}

/// A feat.
#[derive(Clone, Debug)]
pub struct Feat {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Only takeable as a class feat.
    pub class_feat: bool,
    /// Only these classes may take it (empty: any).
    pub classes: Vec<String>,
    /// Prerequisites.
    pub requires: Requirements,
    /// Granted automatically by a stat.
    pub granted: Option<Grant>,
    /// May be taken instead of this granted feat.
    pub instead_of: Option<String>,
    /// Its effects.
    pub effects: Vec<Effect>,
}

pub(crate) fn read_feat(id: &str, f: &Fields<'_, '_>) -> Option<Feat> {
    let requires = f.table("requires").map(|r| {
        let mut req = Requirements {
            level: r.integer("level"),
            ..Requirements::default()
        };
        for stat in Stat::ALL {
            if let Some(v) = r.integer(stat.code()) {
                req.stats.push((stat, v));
            }
        }
        if let Some(skills) = r.table("skills") {
            for (skill, item) in skills.entries() {
                if let Some(v) = item.integer() {
                    req.skills.push((skill, v));
                }
            }
        }
        req.feats = r.strings("feats").unwrap_or_default();
        r.finish();
        req
    });
    let granted = f.table("granted").and_then(|g| {
        let stat = g.required_string("stat").and_then(|s| {
            let stat = Stat::ALL.into_iter().find(|x| x.code() == s);
            if stat.is_none() {
                g.error_at("stat", format!("`{s}` is not a stat"), None);
            }
            stat
        });
        let min = g.required_integer("min");
        g.finish();
        Some(Grant {
            stat: stat?,
            min: min?,
        })
    });
    Some(Feat {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        description: f.required_string("description").unwrap_or_default(),
        class_feat: f.boolean("class_feat").unwrap_or_default(),
        classes: f.strings("classes").unwrap_or_default(),
        requires: requires.unwrap_or_default(),
        granted,
        instead_of: f.string("instead_of"),
        effects: read_effects(f),
    })
}

/// A nanite spell (CX-SPELL).
#[derive(Clone, Debug)]
pub struct Spell {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Nanites spent: the casting DC starts here (CX-SPELL-02).
    pub nanites: i64,
    /// Classes that can cast it.
    pub classes: Vec<String>,
    /// Range in metres over the caster's stats (CX-SPELL-03).
    pub range: Option<Formula>,
    /// The save the target may make.
    pub save: Option<Save>,
    /// Damage it deals.
    pub damage: Option<Formula>,
    /// The type of that damage (required with `damage`, CX-DMG-05).
    pub damage_type: Option<DamageType>,
    /// Armor-piercing level of that damage.
    pub apl: i64,
    /// What a successful save does.
    pub on_save: OnSave,
    /// Health it restores.
    pub heal: Option<Formula>,
    /// The condition it inflicts (on a failed save, when it allows one).
    pub condition: Option<ConditionKind>,
    /// Turns the condition lasts (none: until saved against or cured).
    pub condition_turns: Option<u32>,
    /// Conditions it ends.
    pub cures: Vec<ConditionKind>,
    /// Cover the target counts as in until the start of the caster's next turn.
    pub cover: Option<Cover>,
    /// The radius in metres of the area it catches around its target (on
    /// a battle map, everyone in it); none: the target alone.
    pub area: Option<i64>,
}

/// The largest area a spell may catch: 20 m around its target.
pub(crate) const MAX_SPELL_AREA_M: i64 = 20;

/// What a successful save against a spell does (CX-SPELL-03).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnSave {
    /// The spell does nothing to the target.
    #[default]
    Negates,
    /// The target takes half the damage and nothing else.
    Half,
}

pub(crate) fn read_spell(id: &str, f: &Fields<'_, '_>) -> Option<Spell> {
    let spell = Spell {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        description: f.required_string("description").unwrap_or_default(),
        nanites: count(f, "nanites", true).unwrap_or_default(),
        classes: f
            .required("classes")
            .and_then(|i| i.strings())
            .unwrap_or_default(),
        range: formula(f, "range", false),
        save: choice(
            f,
            "save",
            &[
                ("will", Save::Will),
                ("shock", Save::Shock),
                ("reflex", Save::Reflex),
            ],
        ),
        damage: formula(f, "damage", false),
        damage_type: choice(
            f,
            "damage_type",
            &[
                ("ballistic", DamageType::Ballistic),
                ("laser", DamageType::Laser),
                ("plasma", DamageType::Plasma),
                ("explosive", DamageType::Explosive),
                ("melee", DamageType::Melee),
            ],
        ),
        apl: count(f, "apl", false).unwrap_or_default(),
        on_save: choice(
            f,
            "on_save",
            &[("negates", OnSave::Negates), ("half", OnSave::Half)],
        )
        .unwrap_or_default(),
        heal: formula(f, "heal", false),
        condition: f.item("condition").and_then(|i| condition(&i)),
        condition_turns: count(f, "condition_turns", false)
            .map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
        cures: f
            .item("cures")
            .and_then(|i| i.list())
            .unwrap_or_default()
            .iter()
            .filter_map(condition)
            .collect(),
        cover: choice(
            f,
            "cover",
            &[("partial", Cover::Partial), ("full", Cover::Full)],
        ),
        area: count(f, "area", false),
    };
    check_spell(&spell, f);
    Some(spell)
}

/// A condition named by its key (`fear`, `plasma-burn`).
fn condition(item: &Item<'_, '_>) -> Option<ConditionKind> {
    let text = item.string()?;
    let kind = ConditionKind::parse(&text);
    if kind.is_none() {
        item.error(
            format!("`{text}` is not a condition"),
            Some(format!(
                "conditions are {}",
                ConditionKind::ALL.map(ConditionKind::key).join(", ")
            )),
        );
    }
    kind
}

/// Fields of a spell that only make sense together.
fn check_spell(spell: &Spell, f: &Fields<'_, '_>) {
    if spell.damage.is_some() && spell.damage_type.is_none() && !f.has("damage_type") {
        f.error_at(
            "damage",
            "a spell that deals damage needs its `damage_type` (CX-DMG-05)",
            Some("add `damage_type = \"plasma\"` (or ballistic, laser, explosive, melee)".into()),
        );
    }
    if spell.damage.is_none() && f.has("damage_type") {
        f.error_at(
            "damage_type",
            "`damage_type` without `damage`: the spell deals no damage",
            Some("add `damage = \"2d10\"` or remove `damage_type`".into()),
        );
    }
    if spell.on_save == OnSave::Half && (spell.save.is_none() || spell.damage.is_none()) {
        f.error_at(
            "on_save",
            "`on_save = \"half\"` halves damage on a save, so the spell needs both `save` and `damage`",
            None,
        );
    }
    if spell.condition_turns == Some(0) {
        f.error_at(
            "condition_turns",
            "a condition lasts at least 1 turn",
            Some("leave `condition_turns` out for no limit".into()),
        );
    }
    if let Some(area) = spell.area
        && !(1..=MAX_SPELL_AREA_M).contains(&area)
    {
        f.error_at(
            "area",
            format!(
                "an area of {area} m: a spell's area is 1 to {MAX_SPELL_AREA_M} m around its target"
            ),
            Some(
                "give its radius in whole metres, like area = 2, or leave it out for one target"
                    .into(),
            ),
        );
    }
    if spell.area.is_some() && (spell.cover.is_some() || !spell.cures.is_empty()) {
        f.error_at(
            "area",
            "an area spell harms or heals everyone in it; wards (`cover`) and cures stay on one target",
            Some("remove `area`, or the `cover` and `cures`".into()),
        );
    }
    if spell.condition_turns.is_some() && !f.has("condition") {
        f.error_at(
            "condition_turns",
            "`condition_turns` without `condition`",
            Some("add `condition = \"stunned\"` or remove `condition_turns`".into()),
        );
    }
}
