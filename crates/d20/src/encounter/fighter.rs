//! A combatant's fighting numbers, taken from its character and the pack
//! when it enters, so the battle needs neither afterwards (and a server can
//! keep it as JSON).

use nanite_core::Formula;
use serde::{Deserialize, Serialize};

use crate::attribute::{Attribute, Scores};
use crate::campaign::Campaign;
use crate::character::Character;
use crate::check::CheckSpec;
use crate::pack::{Alternate, AlternateUse, Magic, Pack, WeaponKind};
use crate::sheet::{BASE_DEFENSE, formula_variables};

/// A skill as a fighter has it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FighterSkill {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its default attribute.
    pub attribute: Attribute,
    /// Other attributes some uses allow (D20-CHK-01).
    pub alternates: Vec<Alternate>,
    /// The fighter's level in it.
    pub level: i64,
}

impl FighterSkill {
    /// The attribute it may use with a finesse weapon, if any.
    pub fn finesse(&self) -> Option<Attribute> {
        self.alternates
            .iter()
            .find(|a| a.when == AlternateUse::Finesse)
            .map(|a| a.attribute)
    }
}

/// A weapon as a fighter carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FighterWeapon {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Melee or ranged.
    pub kind: WeaponKind,
    /// The skill of its attacks.
    pub skill: String,
    /// Its damage dice.
    pub damage: String,
    /// A finesse weapon.
    pub finesse: bool,
    /// A reach weapon.
    pub reach: bool,
    /// A ranged weapon's range in feet.
    pub range: i64,
}

impl FighterWeapon {
    /// How far it reaches on the map, in feet.
    pub fn reach_feet(&self) -> i64 {
        match (self.kind, self.reach) {
            (WeaponKind::Ranged, _) => self.range,
            (WeaponKind::Melee, true) => 10,
            (WeaponKind::Melee, false) => 5,
        }
    }
}

/// A healing kit a fighter carries, with how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FighterKit {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The skill of its extended check.
    pub skill: String,
    /// Its bonus to each roll.
    pub bonus: i64,
    /// How many are left.
    pub count: i64,
}

/// A combatant's fighting numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Its name.
    pub name: String,
    /// Experience level.
    pub level: i64,
    /// Attribute scores as built.
    pub scores: Scores,
    /// Every skill of the pack, with its level.
    pub skills: Vec<FighterSkill>,
    /// Weapons, the main one first.
    pub weapons: Vec<FighterWeapon>,
    /// Worn armor's name and its Defense.
    pub armor: Option<(String, i64)>,
    /// The pack's maximum hit point formula (hit points follow CON).
    pub max_hp_formula: String,
    /// Speed in feet.
    pub speed: i64,
    /// Spell energy when rested.
    pub spell_energy: i64,
    /// Power points when rested.
    pub power_points: i64,
    /// Spells and powers known.
    pub magic: Vec<Magic>,
    /// Healing kits carried.
    pub kits: Vec<FighterKit>,
    /// Spell resistance (D20-CAST-03).
    pub spell_resistance: i64,
    /// Power resistance (D20-CAST-03).
    pub power_resistance: i64,
    /// The skill of grappling checks (D20-GRAP).
    pub grappling_skill: String,
    /// An unarmed strike's damage dice.
    pub unarmed_damage: String,
    /// What a campaign character brings from earlier fights (hit points,
    /// energy, power points, drains; `crate::carry`): it enters with them
    /// instead of rested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried_in: Option<crate::carry::CarriedIn>,
}

impl Fighter {
    /// The fighter of a valid `character`.
    pub fn new(character: &Character, pack: &Pack, campaign: &Campaign) -> Fighter {
        let sheet = crate::Sheet::compute(character, pack, campaign);
        Fighter {
            name: character.name.clone(),
            level: character.level,
            scores: character.attributes,
            skills: pack
                .skills
                .iter()
                .map(|s| FighterSkill {
                    id: s.id.clone(),
                    name: s.name.clone(),
                    attribute: s.attribute,
                    alternates: s.alternates.clone(),
                    level: character.skill_level(&s.id),
                })
                .collect(),
            weapons: character
                .weapons
                .iter()
                .filter_map(|id| pack.weapon(id))
                .map(|w| FighterWeapon {
                    id: w.id.clone(),
                    name: w.name.clone(),
                    kind: w.kind,
                    skill: w.skill.clone(),
                    damage: w.damage.clone(),
                    finesse: w.finesse,
                    reach: w.reach,
                    range: w.range,
                })
                .collect(),
            armor: character
                .armor
                .as_deref()
                .and_then(|id| pack.armor(id))
                .map(|a| (a.name.clone(), a.defense)),
            max_hp_formula: pack.formulas.max_hp.text().to_string(),
            speed: sheet.speed,
            spell_energy: sheet.spell_energy,
            power_points: sheet.power_points,
            magic: character
                .spells
                .iter()
                .chain(&character.powers)
                .filter_map(|id| pack.magic(id).cloned())
                .collect(),
            kits: character
                .kits
                .iter()
                .filter_map(|(id, n)| {
                    pack.kit(id).map(|k| FighterKit {
                        id: k.id.clone(),
                        name: k.name.clone(),
                        skill: k.skill.clone(),
                        bonus: k.bonus,
                        count: *n,
                    })
                })
                .collect(),
            spell_resistance: character.spell_resistance,
            power_resistance: character.power_resistance,
            grappling_skill: pack.grappling_skill.clone(),
            unarmed_damage: pack.unarmed_damage.clone(),
            carried_in: None,
        }
    }

    /// Its unarmed strike: a melee "weapon" of the grappling skill, with
    /// the pack's unarmed damage (short strikes, D20-GRAP-07).
    pub fn unarmed(&self) -> FighterWeapon {
        FighterWeapon {
            id: "unarmed".into(),
            name: "unarmed strike".into(),
            kind: WeaponKind::Melee,
            skill: self.grappling_skill.clone(),
            damage: self.unarmed_damage.clone(),
            finesse: false,
            reach: false,
            range: 0,
        }
    }

    /// Its skills' ids as a check names them (`melee-fighting, athletics`).
    pub fn skill_ids(&self) -> String {
        let ids: Vec<&str> = self.skills.iter().map(|s| s.id.as_str()).collect();
        ids.join(", ")
    }

    /// Its weapons as commands name them, by index: `0 rapier, 1 shortbow`.
    pub fn numbered_weapons(&self) -> String {
        self.weapons
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{i} {}", w.id))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The skill `id` (an untrained stand-in for a skill the pack lacks).
    pub fn skill(&self, id: &str) -> FighterSkill {
        self.skills
            .iter()
            .find(|s| s.id == id)
            .cloned()
            .unwrap_or_else(|| FighterSkill {
                id: id.to_string(),
                name: id.to_string(),
                attribute: Attribute::Str,
                alternates: Vec::new(),
                level: 0,
            })
    }

    /// Maximum hit points with `scores` (which may be drained).
    pub fn max_hp(&self, campaign: &Campaign, scores: &Scores) -> i64 {
        let vars = formula_variables(campaign, scores, self.level);
        Formula::parse(&self.max_hp_formula, &crate::pack::FORMULA_VARIABLES)
            .and_then(|f| f.evaluate(&vars))
            .unwrap_or(scores.con)
            .max(0)
    }

    /// A skill check of `skill` with `attribute` (the default when `None`),
    /// with `scores` as they are now.
    pub fn skill_spec(
        &self,
        campaign: &Campaign,
        scores: &Scores,
        skill: &str,
        attribute: Option<Attribute>,
        note: Option<&str>,
    ) -> CheckSpec {
        let s = self.skill(skill);
        let a = attribute.unwrap_or(s.attribute);
        let score = scores.get(a);
        CheckSpec::skill(&s.name, a, score, campaign.bonus(score), s.level, note)
    }

    /// A non-skill check of `attribute` (D20-CHK-02).
    pub fn attribute_spec(
        &self,
        campaign: &Campaign,
        scores: &Scores,
        attribute: Attribute,
    ) -> CheckSpec {
        let score = scores.get(attribute);
        CheckSpec::attribute(attribute, score, campaign.bonus(score), self.level)
    }

    /// Defense with `scores`: 10 + DEX bonus + armor (a decision).
    pub fn defense(&self, campaign: &Campaign, scores: &Scores) -> Vec<(String, i64)> {
        let mut parts = vec![
            (
                "base Defense (decision, D20-CHK-03)".to_string(),
                BASE_DEFENSE,
            ),
            (
                format!("DEX {} bonus", scores.dex),
                campaign.bonus(scores.dex),
            ),
        ];
        if let Some((name, d)) = &self.armor {
            parts.push((name.clone(), *d));
        }
        parts
    }
}
