//! The rules' arithmetic with breakdowns: accuracy and hit chance, damage
//! through resistance, tech checks, research time, inventory slots, loot rolls
//! and the GM's income. Pure functions; dice come from the caller.

use nanite_core::{Breakdown, DiceSource, DieRequest, SourceError};
use serde::{Deserialize, Serialize};

use crate::content::{DamageType, ThreatIncome, WeaponKind};

/// Chance to hit out of 6 (rule ST-SHOOT-02): the total accuracy when the
/// target is within that many squares, else the accuracy less the squares
/// beyond it; never below 0 nor above 6.
pub fn hit_chance(total_accuracy: i32, distance: i32) -> i32 {
    let chance = if distance <= total_accuracy {
        total_accuracy
    } else {
        total_accuracy.saturating_sub(distance.saturating_sub(total_accuracy))
    };
    chance.clamp(0, 6)
}

/// Damage one shot deals through a resistance: at least 1 (rule ST-DMG-02).
pub fn damage_through(damage: i32, resistance: i32) -> i32 {
    damage.saturating_sub(resistance).max(1)
}

/// The light where a shot is taken (rule ST-ENV-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Light {
    /// Normal light.
    Lit,
    /// A dark room token: accuracy -2.
    Dark,
    /// A no-light token (broken lights): accuracy -5.
    NoLight,
}

impl Light {
    /// The accuracy modifier of shooting in this light.
    pub fn accuracy(self) -> i32 {
        match self {
            Light::Lit => 0,
            Light::Dark => -2,
            Light::NoLight => -5,
        }
    }
}

/// What an attacker brings: its weapon and skill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackProfile {
    /// The weapon's name.
    pub weapon: String,
    /// What the accuracy's base is called in the breakdown ("energy-weapons
    /// skill", "turret accuracy").
    pub skill_source: String,
    /// Melee, standard or energy.
    pub kind: WeaponKind,
    /// The attacker's level in the weapon's skill.
    pub skill: i32,
    /// The weapon's range (ranged) or the attacker's AGI (melee).
    pub reach: i32,
    /// Accuracy from the weapon's modifications.
    pub mod_accuracy: i32,
    /// Damage per shot (with modifications).
    pub damage: i32,
    /// Shots per attack.
    pub shots: u32,
    /// Damage type.
    pub damage_type: DamageType,
}

/// The circumstances of one attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Situation {
    /// Squares to the target.
    pub distance: i32,
    /// The light (shooting only).
    pub light: Light,
    /// Extra AP spent aiming (rule ST-SHOOT-03).
    pub aim: i32,
    /// The defender's AP defence against this attacker (melee only, rule ST-MELEE-02).
    pub defence: i32,
    /// The target's resistance to the weapon's damage type.
    pub resistance: i32,
}

/// One shot's roll and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// The k6.
    pub roll: u32,
    /// Whether it hit.
    pub hit: bool,
    /// Damage it dealt.
    pub damage: i32,
}

/// A resolved attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    /// Total accuracy.
    pub accuracy: i32,
    /// Hit chance out of 6.
    pub chance: i32,
    /// Each shot.
    pub shots: Vec<Shot>,
    /// Damage dealt in all.
    pub damage: i32,
    /// Every number with its source and every die with its purpose.
    pub breakdown: Breakdown,
}

/// Total accuracy with its breakdown (rules ST-SHOOT-01, ST-SHOOT-03,
/// ST-MELEE-01, ST-ENV-01).
pub fn accuracy(p: &AttackProfile, s: &Situation) -> (i32, Breakdown) {
    let mut b = Breakdown::new();
    b.value(p.skill_source.clone(), i64::from(p.skill));
    let mut total = p.skill;
    if p.kind == WeaponKind::Melee {
        b.modifier("AGI, in place of range (ST-MELEE-01)", i64::from(p.reach));
    } else {
        b.modifier(
            format!("{} range (ST-SHOOT-01)", p.weapon),
            i64::from(p.reach),
        );
        b.modifier(
            match s.light {
                Light::Dark => "dark room token (ST-ENV-01)",
                _ => "no-light token (ST-ENV-01)",
            },
            i64::from(s.light.accuracy()),
        );
        total += s.light.accuracy();
    }
    total += p.reach;
    b.modifier("weapon modifications", i64::from(p.mod_accuracy));
    b.modifier(
        format!("aimed with {} extra AP (ST-SHOOT-03)", s.aim),
        i64::from(s.aim),
    );
    total += p.mod_accuracy + s.aim;
    b.value("total accuracy", i64::from(total));
    (total, b)
}

/// Resolves an attack: one k6 per shot against the hit chance, damage through
/// resistance per hit (rules ST-SHOOT-02, ST-SHOOT-04, ST-MELEE-02, ST-DMG-02).
pub fn attack(
    p: &AttackProfile,
    s: &Situation,
    dice: &mut dyn DiceSource,
) -> Result<AttackReport, SourceError> {
    let (total, mut b) = accuracy(p, s);
    let mut chance = hit_chance(total, s.distance);
    b.value(
        format!("hit chance at {} squares (ST-SHOOT-02)", s.distance),
        i64::from(chance),
    );
    if p.kind == WeaponKind::Melee && s.defence > 0 {
        b.modifier("target's AP defence (ST-MELEE-02)", -i64::from(s.defence));
        chance = (chance - s.defence).clamp(0, 6);
        b.value("hit chance", i64::from(chance));
    }
    let per_hit = damage_through(p.damage, s.resistance);
    let mut shots = Vec::new();
    let mut dealt = 0;
    for i in 1..=p.shots {
        let purpose = if p.shots > 1 {
            format!("hit roll, shot {i} of {}", p.shots)
        } else {
            "hit roll".to_string()
        };
        let roll = dice.roll(&DieRequest::new(6, &purpose))?;
        b.die(&purpose, 6, roll);
        let hit = (roll as i32) <= chance;
        b.compare(
            format!("k6 {roll}"),
            if hit { "<=" } else { ">" },
            format!("hit chance {chance}"),
            if hit { "hit" } else { "miss" },
        );
        let damage = if hit { per_hit } else { 0 };
        if hit {
            b.note(format!(
                "damage {} {} - resistance {} = {} (at least 1, ST-DMG-02)",
                p.damage, p.damage_type, s.resistance, per_hit
            ));
        }
        dealt += damage;
        shots.push(Shot { roll, hit, damage });
    }
    b.value("damage dealt", i64::from(dealt));
    Ok(AttackReport {
        accuracy: total,
        chance,
        shots,
        damage: dealt,
        breakdown: b,
    })
}

/// The outcome of a hack, modification or repair (rule ST-TECH-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TechOutcome {
    /// The roll plus strength beat the difficulty.
    Success,
    /// Equal: a harmless failure.
    Failure,
    /// Lower: a failure that breaks the thing (hacking, modifying).
    Broken,
}

/// A tech check: k6 + strength against a difficulty, with its breakdown.
pub fn tech_check(
    what: &str,
    skill_name: &str,
    skill: i32,
    cyb: i32,
    difficulty: i32,
    dice: &mut dyn DiceSource,
) -> Result<(TechOutcome, u32, Breakdown), SourceError> {
    let mut b = Breakdown::new();
    b.value(format!("{skill_name} skill"), i64::from(skill));
    b.modifier("CYB (ST-TECH-01)", i64::from(cyb));
    let strength = skill.saturating_add(cyb);
    b.value("strength", i64::from(strength));
    let roll = dice.roll(&DieRequest::new(6, what))?;
    b.die(what, 6, roll);
    let total = i32::try_from(roll)
        .unwrap_or(i32::MAX)
        .saturating_add(strength);
    let (outcome, sign) = match total.cmp(&difficulty) {
        std::cmp::Ordering::Greater => (TechOutcome::Success, ">"),
        std::cmp::Ordering::Equal => (TechOutcome::Failure, "="),
        std::cmp::Ordering::Less => (TechOutcome::Broken, "<"),
    };
    b.compare(
        format!("k6 {roll} + strength {strength} = {total}"),
        sign,
        format!("difficulty {difficulty}"),
        match outcome {
            TechOutcome::Success => "success",
            TechOutcome::Failure => "equal: failure, nothing broken",
            TechOutcome::Broken => "lower: failure",
        },
    );
    Ok((outcome, roll, b))
}

/// Turns a research takes: base - research skill - CYB, at least 2 (rule ST-TECH-05).
pub fn research_turns(base: i32, skill: i32, cyb: i32) -> i32 {
    (base - skill - cyb).max(2)
}

/// AP lost to an overfull inventory: 1 per slot over 2 (rule ST-INV-02).
pub fn inventory_penalty(slots_used: i32) -> i32 {
    (slots_used - 2).max(0)
}

/// The set and bundle (0-based) two search rolls pick (rules ST-SEARCH-01,
/// ST-SEARCH-02): with 1 set the first roll is skipped; with 3 sets both rolls
/// are halved and rounded up.
pub fn loot_pick(sets: usize, first: Option<u32>, second: u32) -> (usize, usize) {
    let halve = |r: u32| r.div_ceil(2);
    match sets {
        1 => (0, second as usize - 1),
        3 => (
            halve(first.unwrap_or(1)) as usize - 1,
            halve(second) as usize - 1,
        ),
        _ => (first.unwrap_or(1) as usize - 1, second as usize - 1),
    }
}

/// Points the GM gains each alarm turn: half the threat level's income,
/// rounded up (rule ST-ENV-03).
pub fn alarm_income(income: ThreatIncome) -> (i32, i32) {
    let half_up = |points: i32| {
        let points = points.max(0);
        points / 2 + points % 2
    };
    (half_up(income.bcp), half_up(income.mcp))
}

#[cfg(test)]
mod tests;
