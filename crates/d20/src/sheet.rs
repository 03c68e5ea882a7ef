//! The computed sheet: attribute bonuses (a campaign setting), skill check
//! modifiers with their alternates, hit points, Defense, speed, spell
//! energy and power points, and each weapon's attack and damage, every
//! number with its sources.

use nanite_core::{ModifierPhase, Source, SourceKind, Tally};
use serde::Serialize;

use crate::attribute::{Attribute, Scores};
use crate::campaign::Campaign;
use crate::character::Character;
use crate::check::CheckSpec;
use crate::pack::{AlternateUse, MagicKind, Pack, WeaponKind};

/// Defense before the Dexterity bonus and armor (a decision: the seed gives
/// no attack rules; 10 is its average difficulty, D20-CHK-03).
pub const BASE_DEFENSE: i64 = 10;

/// One attribute on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20AttributeLine))]
pub struct AttributeLine {
    /// Which.
    pub attribute: Attribute,
    /// The score.
    pub score: i64,
    /// Its bonus (the campaign's formula).
    pub bonus: i64,
}

/// Another attribute a skill may use, with the modifier it gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20AlternateLine))]
pub struct AlternateLine {
    /// The attribute.
    pub attribute: Attribute,
    /// When it may be used.
    pub when: AlternateUse,
    /// Bonus plus skill level with it.
    pub modifier: i64,
}

/// One skill on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20SkillLine))]
pub struct SkillLine {
    /// The skill id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its default attribute.
    pub attribute: Attribute,
    /// The character's level in it (0: untrained).
    pub level: i64,
    /// Attribute bonus plus skill level: what a check adds to the d20.
    pub modifier: i64,
    /// Other attributes some uses allow.
    pub alternates: Vec<AlternateLine>,
}

/// One weapon on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20WeaponLine))]
pub struct WeaponLine {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Melee or ranged.
    pub kind: WeaponKind,
    /// The attribute its attacks use (DEX with a finesse weapon when better).
    pub attribute: Attribute,
    /// What an attack adds to the d20.
    pub attack: i64,
    /// Damage as rolled (`1d6+3`).
    pub damage: String,
    /// How far it reaches or shoots, in feet.
    pub reach: i64,
    /// A finesse weapon.
    pub finesse: bool,
    /// A reach weapon.
    pub long: bool,
}

/// A spell or power the character knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20MagicLine))]
pub struct MagicLine {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Spell or power.
    pub kind: MagicKind,
    /// Its cost.
    pub cost: i64,
    /// Its range in feet.
    pub range: i64,
    /// What its checks add (the skill's modifier).
    pub modifier: i64,
}

/// A character's computed sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Sheet))]
pub struct Sheet {
    /// The character's name.
    pub name: String,
    /// Experience level.
    pub level: i64,
    /// The attribute bonus formula in force.
    pub bonus_formula: String,
    /// The four attributes.
    pub attributes: Vec<AttributeLine>,
    /// Maximum hit points.
    pub max_hp: i64,
    /// Defense: what an attack must meet or beat.
    pub defense: Tally,
    /// Movement speed in feet (D20-MOVE-01).
    pub speed: i64,
    /// Spell energy.
    pub spell_energy: i64,
    /// Power points.
    pub power_points: i64,
    /// Spell resistance.
    pub spell_resistance: i64,
    /// Power resistance.
    pub power_resistance: i64,
    /// Every skill of the pack.
    pub skills: Vec<SkillLine>,
    /// Weapons carried.
    pub weapons: Vec<WeaponLine>,
    /// Worn armor's name.
    pub armor: Option<String>,
    /// Healing kits: name, id, count.
    pub kits: Vec<(String, String, i64)>,
    /// Spells and powers known.
    pub magic: Vec<MagicLine>,
}

/// Binds the pack formulas' variables for `scores` at `level`.
pub fn formula_variables(
    campaign: &Campaign,
    scores: &Scores,
    level: i64,
) -> [(&'static str, i64); 9] {
    let b = |a: Attribute| campaign.bonus(scores.get(a));
    [
        ("STR", scores.str),
        ("DEX", scores.dex),
        ("CON", scores.con),
        ("WIS", scores.wis),
        ("STR_BONUS", b(Attribute::Str)),
        ("DEX_BONUS", b(Attribute::Dex)),
        ("CON_BONUS", b(Attribute::Con)),
        ("WIS_BONUS", b(Attribute::Wis)),
        ("LEVEL", level),
    ]
}

impl Sheet {
    /// Computes the sheet of a valid `character`.
    pub fn compute(character: &Character, pack: &Pack, campaign: &Campaign) -> Sheet {
        let scores = character.attributes;
        let bonus = |a: Attribute| campaign.bonus(scores.get(a));
        let vars = formula_variables(campaign, &scores, character.level);
        let eval = |f: &nanite_core::Formula| f.evaluate(&vars).unwrap_or(0);
        let knows = |kind: MagicKind| {
            let list = match kind {
                MagicKind::Spell => &character.spells,
                MagicKind::Power => &character.powers,
            };
            !list.is_empty()
        };
        let mut defense = Tally::base(
            BASE_DEFENSE,
            Source::new(SourceKind::Rule, "base Defense (decision, D20-CHK-03)"),
        );
        defense.add(
            ModifierPhase::Base,
            bonus(Attribute::Dex),
            Source::new(SourceKind::Rule, format!("DEX {} bonus", scores.dex)),
        );
        let armor = character.armor.as_deref().and_then(|id| pack.armor(id));
        if let Some(a) = armor {
            defense.add(
                ModifierPhase::Effect,
                a.defense,
                Source::new(SourceKind::Equipment, &a.name),
            );
        }
        let skills = pack
            .skills
            .iter()
            .map(|s| {
                let level = character.skill_level(&s.id);
                SkillLine {
                    id: s.id.clone(),
                    name: s.name.clone(),
                    attribute: s.attribute,
                    level,
                    modifier: bonus(s.attribute) + level,
                    alternates: s
                        .alternates
                        .iter()
                        .map(|alt| AlternateLine {
                            attribute: alt.attribute,
                            when: alt.when,
                            modifier: bonus(alt.attribute) + level,
                        })
                        .collect(),
                }
            })
            .collect();
        let weapons = character
            .weapons
            .iter()
            .filter_map(|id| pack.weapon(id))
            .map(|w| {
                let attribute = weapon_attribute(pack, w, &|a| bonus(a));
                let level = character.skill_level(&w.skill);
                let damage_bonus = match w.kind {
                    WeaponKind::Melee => bonus(attribute),
                    WeaponKind::Ranged => 0,
                };
                WeaponLine {
                    id: w.id.clone(),
                    name: w.name.clone(),
                    kind: w.kind,
                    attribute,
                    attack: bonus(attribute) + level,
                    damage: with_bonus(&w.damage, damage_bonus),
                    reach: reach_feet(w),
                    finesse: w.finesse,
                    long: w.reach,
                }
            })
            .collect();
        let magic = character
            .spells
            .iter()
            .chain(&character.powers)
            .filter_map(|id| pack.magic(id))
            .map(|m| MagicLine {
                id: m.id.clone(),
                name: m.name.clone(),
                kind: m.kind,
                cost: m.cost,
                range: m.range,
                modifier: pack
                    .skill(&m.skill)
                    .map_or(0, |s| bonus(s.attribute) + character.skill_level(&m.skill)),
            })
            .collect();
        Sheet {
            name: character.name.clone(),
            level: character.level,
            bonus_formula: campaign.attribute_bonus.text().to_string(),
            attributes: Attribute::ALL
                .into_iter()
                .map(|a| AttributeLine {
                    attribute: a,
                    score: scores.get(a),
                    bonus: bonus(a),
                })
                .collect(),
            max_hp: eval(&pack.formulas.max_hp).max(1),
            defense,
            speed: eval(&pack.formulas.speed).max(0),
            spell_energy: if knows(MagicKind::Spell) {
                eval(&pack.formulas.spell_energy).max(0)
            } else {
                0
            },
            power_points: if knows(MagicKind::Power) {
                eval(&pack.formulas.power_points).max(0)
            } else {
                0
            },
            spell_resistance: character.spell_resistance,
            power_resistance: character.power_resistance,
            skills,
            weapons,
            armor: armor.map(|a| a.name.clone()),
            kits: character
                .kits
                .iter()
                .filter_map(|(id, n)| pack.kit(id).map(|k| (k.name.clone(), id.clone(), *n)))
                .collect(),
            magic,
        }
    }

    /// The skill line `id`.
    pub fn skill(&self, id: &str) -> Option<&SkillLine> {
        self.skills.iter().find(|s| s.id == id)
    }

    /// The attribute line of `a`.
    pub fn attribute(&self, a: Attribute) -> &AttributeLine {
        &self.attributes[Attribute::ALL.iter().position(|x| *x == a).unwrap_or(0)]
    }

    /// A skill check with its default attribute, or `attribute` when the
    /// skill allows it. Refused with the reason otherwise.
    pub fn skill_check(&self, id: &str, attribute: Option<Attribute>) -> Result<CheckSpec, String> {
        let skill = self.skill(id).ok_or_else(|| {
            format!(
                "no skill `{id}`; known skills: {}",
                self.skills
                    .iter()
                    .map(|s| s.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
        let (attribute, note) = match attribute {
            None => (skill.attribute, None),
            Some(a) if a == skill.attribute => (a, None),
            Some(a) => match skill.alternates.iter().find(|alt| alt.attribute == a) {
                Some(alt) => (
                    a,
                    Some(match alt.when {
                        AlternateUse::Finesse => "with a finesse weapon",
                        AlternateUse::Gm => "allowed by the GM",
                    }),
                ),
                None => {
                    return Err(format!(
                        "{} uses {}{}; {a} is not allowed for it (D20-CHK-01)",
                        skill.name,
                        skill.attribute,
                        if skill.alternates.is_empty() {
                            String::new()
                        } else {
                            format!(
                                " or {}",
                                skill
                                    .alternates
                                    .iter()
                                    .map(|x| format!("{} ({})", x.attribute, x.when.key()))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        }
                    ));
                }
            },
        };
        let line = self.attribute(attribute);
        Ok(CheckSpec::skill(
            &skill.name,
            attribute,
            line.score,
            line.bonus,
            skill.level,
            note,
        ))
    }

    /// A non-skill check of `attribute` (D20-CHK-02).
    pub fn attribute_check(&self, attribute: Attribute) -> CheckSpec {
        let line = self.attribute(attribute);
        CheckSpec::attribute(attribute, line.score, line.bonus, self.level)
    }
}

/// The attribute an attack with `w` uses: the skill's default, or DEX with
/// a finesse weapon when the skill allows it and it is better (D20-CHK-01).
pub fn weapon_attribute(
    pack: &Pack,
    w: &crate::pack::Weapon,
    bonus: &dyn Fn(Attribute) -> i64,
) -> Attribute {
    let Some(skill) = pack.skill(&w.skill) else {
        return Attribute::Str;
    };
    let mut best = skill.attribute;
    if w.finesse {
        for alt in &skill.alternates {
            if alt.when == AlternateUse::Finesse && bonus(alt.attribute) > bonus(best) {
                best = alt.attribute;
            }
        }
    }
    best
}

/// How far `w` reaches, in feet: 5 (adjacent), 10 with reach, its range
/// when ranged.
pub fn reach_feet(w: &crate::pack::Weapon) -> i64 {
    match (w.kind, w.reach) {
        (WeaponKind::Ranged, _) => w.range,
        (WeaponKind::Melee, true) => 10,
        (WeaponKind::Melee, false) => 5,
    }
}

/// `1d6` with a bonus: `1d6+3`, `1d6-1`, `1d6`.
pub fn with_bonus(dice: &str, bonus: i64) -> String {
    match bonus {
        0 => dice.to_string(),
        b if b > 0 => format!("{dice}+{b}"),
        b => format!("{dice}{b}"),
    }
}
