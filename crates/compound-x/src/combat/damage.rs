//! Damage through shields, armor and health (CX-DMG-01..06, CX-DEATH-01, CX-DEATH-10).

use nanite_dice::{DiceSource, SourceError};
use serde::{Deserialize, Serialize};

use super::dice::d100;
use super::fighter::Fighter;
use crate::pack::DamageType;

/// One hit's damage on its way to the body, as decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    /// Damage arriving (weapon roll plus critical and stealth bonuses).
    pub incoming: i64,
    /// Absorbed by the shield (CX-DMG-03).
    pub shield: i64,
    /// The armor roll (d100), if one was made (CX-DMG-01).
    pub armor_die: Option<u32>,
    /// What the armor roll decided.
    pub armor: ArmorHit,
    /// Absorbed by armor points (CX-DMG-02).
    pub armor_points: i64,
    /// Plasma lowered the armor's APL by 1 (CX-COND-07).
    pub apl_lowered: bool,
    /// Damage to health.
    pub health: i64,
    /// Plasma reached the body through missed or pierced armor (CX-COND-07).
    pub plasma_burn: bool,
    /// Non-lethal damage.
    pub non_lethal: bool,
    /// The Shock save this hit forced (CX-DEATH-10).
    pub shock: Option<ShockSave>,
}

/// What the armor roll decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorHit {
    /// No roll: explosive damage ignores armor (CX-DMG-05), or nothing got past the shield.
    NoRoll,
    /// The body was struck: full damage (roll <= 50) or half (above 50).
    Body {
        /// Full damage.
        full: bool,
    },
    /// The armor was struck and the weapon's APL is below the armor's: all blocked.
    Blocked,
    /// The armor was struck and pierced: armor points first, then health.
    Pierced,
}

/// A Shock save after a hit of more than 70 damage (CX-DEATH-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShockSave {
    /// The d100.
    pub die: u32,
    /// The save modifier.
    pub modifier: i64,
    /// The DC: the damage.
    pub dc: i64,
    /// Whether the save succeeded (total strictly greater, CX-DICE-03).
    pub passed: bool,
}

/// Damage above which a hit forces a Shock save (CX-DEATH-10).
pub const SHOCK_THRESHOLD: i64 = 70;

/// What a weapon brings to a strike.
#[derive(Clone, Copy, Debug)]
pub struct Blow {
    /// Damage arriving.
    pub amount: i64,
    /// Its type.
    pub damage_type: DamageType,
    /// Its armor-piercing level.
    pub apl: i64,
    /// Non-lethal.
    pub non_lethal: bool,
}

/// Decides what `blow` does to `target` (nothing is changed here; the
/// encounter applies the result). Rolls the armor d100 and a Shock save when
/// needed.
pub fn strike(
    target: &Fighter,
    blow: Blow,
    source: &mut dyn DiceSource,
) -> Result<Strike, SourceError> {
    strike_with(target, blow, false, source)
}

/// As [`strike`]; with `bypass_armor` the target's armor counts as absent
/// (coverage 0): a thrown weapon's critical or a roll 3 over its miss chance
/// (CX-RNG-14). The d100 still decides full or half damage to the body.
pub fn strike_with(
    target: &Fighter,
    blow: Blow,
    bypass_armor: bool,
    source: &mut dyn DiceSource,
) -> Result<Strike, SourceError> {
    let mut s = Strike {
        incoming: blow.amount.max(0),
        shield: 0,
        armor_die: None,
        armor: ArmorHit::NoRoll,
        armor_points: 0,
        apl_lowered: false,
        health: 0,
        plasma_burn: false,
        non_lethal: blow.non_lethal,
        shock: None,
    };
    let mut left = s.incoming;
    // Shields: lasers entirely, plasma half; a shield at 0 lets all through.
    if let Some(shield) = target.shield.as_ref().filter(|sh| sh.strength > 0) {
        let wants = match blow.damage_type {
            DamageType::Laser => left,
            DamageType::Plasma => left / 2,
            _ => 0,
        };
        s.shield = wants.min(shield.strength);
        left -= s.shield;
    }
    if left > 0 && blow.damage_type != DamageType::Explosive {
        let die = d100(source, || format!("armor d100 for {}", target.name))?;
        s.armor_die = Some(die);
        // Lasers treat ballistic armor as absent (coverage 0).
        let coverage = match (&target.armor, blow.damage_type) {
            _ if bypass_armor => 0,
            (Some(_), DamageType::Laser) | (None, _) => 0,
            (Some(a), _) => a.coverage,
        };
        if i64::from(die) <= coverage {
            let armor = target.armor.as_ref().expect("coverage above 0 means armor");
            if blow.damage_type == DamageType::Plasma && !armor.plasma_damaged {
                s.apl_lowered = true;
            }
            if blow.apl < armor.apl {
                s.armor = ArmorHit::Blocked;
                left = 0;
            } else {
                s.armor = ArmorHit::Pierced;
                s.armor_points = left.min(armor.points_left.max(0));
                left -= s.armor_points;
                s.plasma_burn = blow.damage_type == DamageType::Plasma;
            }
        } else {
            let full = die <= 50;
            s.armor = ArmorHit::Body { full };
            if !full {
                left /= 2;
            }
            s.plasma_burn = blow.damage_type == DamageType::Plasma;
        }
    }
    s.health = left;
    if s.health > SHOCK_THRESHOLD && target.hp > 0 {
        let die = d100(source, || format!("Shock save d100 for {}", target.name))?;
        s.shock = Some(ShockSave {
            die,
            modifier: target.shock_save,
            dc: s.health,
            passed: i64::from(die) + target.shock_save > s.health,
        });
    }
    Ok(s)
}
