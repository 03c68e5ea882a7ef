//! Exact odds of a shot: the chance to hit, to crit and to jam, and the whole
//! distribution of damage to health after shields, armor coverage, APL and
//! armor points, computed from the dice engine's exact distributions, not
//! sampled (issue: odds and simulation).
//!
//! The computation follows [`crate::combat::shoot`] and
//! [`crate::combat::strike`] step by step, over every face of the accuracy
//! d10, every total of the damage roll and every band of the armor d100.

use std::collections::BTreeMap;

use nanite_dice::{Distribution, Error as DiceError};
use serde::Serialize;

use crate::combat::{
    Aim, AimNumbers, CRITICAL_DAMAGE, Cover, Fighter, Fire, SHOCK_THRESHOLD, STEALTH_DAMAGE,
    ShotRefusal, Stance, aim_numbers, check_shot,
};
use crate::pack::{Attack, DamageType, FireMode};

/// The odds of one shot.
#[derive(Clone, Debug, Serialize)]
pub struct ShotOdds {
    /// The numbers before any die (bracket, fire, miss chance and its parts).
    #[serde(skip)]
    pub numbers: AimNumbers,
    /// The final miss chance.
    pub miss_chance: i64,
    /// P(d10 > miss chance) (CX-RNG-01).
    pub hit: f64,
    /// P(a critical hit) (CX-RNG-07).
    pub critical: f64,
    /// P(the weapon jams) (CX-RNG-08): a raw 1, then 1-2 on a d10.
    pub jam: f64,
    /// P(health damage = n) for each n, misses included as 0.
    pub damage: Vec<(i64, f64)>,
    /// Expected damage to health per shot.
    pub expected: f64,
    /// Expected damage to health per action spent (shots of 2 actions halve it).
    pub per_action: f64,
    /// P(a Shock save is forced and failed): unconscious (CX-DEATH-10).
    pub knockout: f64,
}

/// Why no odds: the shot is not legal, or its damage has no distribution.
#[derive(Debug)]
pub enum OddsError {
    /// The shot cannot be taken.
    Refused(ShotRefusal),
    /// The damage formula could not be turned into a distribution.
    Dice(DiceError),
}

impl std::fmt::Display for OddsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OddsError::Refused(r) => write!(f, "the shot cannot be taken: {r:?}"),
            OddsError::Dice(e) => write!(f, "the damage has no distribution: {e}"),
        }
    }
}

impl std::error::Error for OddsError {}

/// The exact odds of `attacker` shooting `target` as `aim` says.
pub fn shot_odds(attacker: &Fighter, target: &Fighter, aim: &Aim) -> Result<ShotOdds, OddsError> {
    check_shot(attacker, aim).map_err(OddsError::Refused)?;
    let weapon = &attacker.weapons[aim.weapon];
    let damage_roll =
        Distribution::of_with(&weapon.damage, &attacker.stats).map_err(OddsError::Dice)?;
    Ok(odds_with(attacker, target, aim, &damage_roll))
}

/// The odds of a shot [`check_shot`] accepted, given its weapon's damage
/// distribution (computed once per weapon by [`odds_table`]).
fn odds_with(
    attacker: &Fighter,
    target: &Fighter,
    aim: &Aim,
    damage_roll: &Distribution,
) -> ShotOdds {
    let weapon = &attacker.weapons[aim.weapon];
    let numbers = aim_numbers(attacker, aim);
    let mc = numbers.miss_chance;
    let mut health: BTreeMap<i64, f64> = BTreeMap::new();
    let (mut hit, mut critical, mut knockout) = (0.0, 0.0, 0.0);
    for face in 1..=10u32 {
        let p_face = 0.1;
        if i64::from(face) <= mc {
            *health.entry(0).or_default() += p_face;
            continue;
        }
        hit += p_face;
        let crit = !aim.no_crits && face >= weapon.crit_from;
        if crit {
            critical += p_face;
        }
        let bonus =
            if crit { CRITICAL_DAMAGE } else { 0 } + if aim.stealth { STEALTH_DAMAGE } else { 0 };
        let bypass = weapon.attack == Attack::Thrown && (crit || i64::from(face) >= mc + 3);
        for (rolled, p_roll) in damage_roll.outcomes() {
            for (dealt, p_armor) in strike_outcomes(target, weapon, rolled + bonus, bypass) {
                let p = p_face * p_roll * p_armor;
                *health.entry(dealt).or_default() += p;
                if dealt > SHOCK_THRESHOLD && target.hp > 0 {
                    // Fails when d100 + Shock <= the damage.
                    let fails = (dealt - target.shock_save).clamp(0, 100);
                    knockout += p * fails as f64 / 100.0;
                }
            }
        }
    }
    let jam = if weapon.attack == Attack::Ranged {
        0.1 * 0.2
    } else {
        0.0
    };
    let expected = health.iter().map(|(d, p)| *d as f64 * p).sum::<f64>();
    let actions = weapon.shot_actions.max(1) as f64;
    ShotOdds {
        numbers,
        miss_chance: mc,
        hit,
        critical,
        jam,
        damage: health.into_iter().collect(),
        expected,
        per_action: expected / actions,
        knockout,
    }
}

/// The health damage of `amount` arriving at `target`, with its chance over
/// the armor d100 (CX-DMG-01..05).
fn strike_outcomes(
    target: &Fighter,
    weapon: &crate::combat::WeaponState,
    amount: i64,
    bypass_armor: bool,
) -> Vec<(i64, f64)> {
    let mut left = amount.max(0);
    if let Some(shield) = target.shield.as_ref().filter(|s| s.strength > 0) {
        let wants = match weapon.damage_type {
            DamageType::Laser => left,
            DamageType::Plasma => left / 2,
            _ => 0,
        };
        left -= wants.min(shield.strength);
    }
    if left <= 0 || weapon.damage_type == DamageType::Explosive {
        return vec![(left.max(0), 1.0)];
    }
    let coverage = match (&target.armor, weapon.damage_type) {
        _ if bypass_armor => 0,
        (Some(_), DamageType::Laser) | (None, _) => 0,
        (Some(a), _) => a.coverage.clamp(0, 100),
    };
    let mut out = Vec::new();
    if coverage > 0 {
        let armor = target.armor.as_ref().expect("coverage above 0 means armor");
        let struck = if weapon.apl < armor.apl {
            0
        } else {
            left - left.min(armor.points_left.max(0))
        };
        out.push((struck, coverage as f64 / 100.0));
    }
    // The body: full damage on 50 or less, half above (CX-DMG-01).
    let full = (50 - coverage).max(0);
    let half = 100 - coverage.max(50);
    if full > 0 {
        out.push((left, full as f64 / 100.0));
    }
    if half > 0 {
        out.push((left / 2, half as f64 / 100.0));
    }
    out
}

/// What an odds table covers: which weapons, at which distances, against
/// which covers and stances of the target. Every fire (aimed, hip, blind)
/// and fire mode a weapon allows is always included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// The shooter's weapons, by index; every weapon when empty.
    pub weapons: Vec<usize>,
    /// Metres to the target; the far end of each range bracket when absent.
    pub distance: Option<i64>,
    /// The target's covers, one block of lines each.
    pub covers: Vec<Cover>,
    /// The target's stances, one block of lines each.
    pub stances: Vec<Stance>,
    /// The shooter's stance.
    pub shooter_stance: Stance,
}

impl Default for TableSpec {
    /// Every weapon at each bracket's far end, the target standing in the
    /// open, the shooter standing.
    fn default() -> Self {
        TableSpec {
            weapons: Vec::new(),
            distance: None,
            covers: vec![Cover::None],
            stances: vec![Stance::Standing],
            shooter_stance: Stance::Standing,
        }
    }
}

/// Every cover (CX-RNG-04).
pub const ALL_COVERS: [Cover; 3] = [Cover::None, Cover::Partial, Cover::Full];
/// Every stance of a target (CX-RNG-04, CX-MOVE-04..06).
pub const ALL_STANCES: [Stance; 4] = [
    Stance::Standing,
    Stance::Crouched,
    Stance::Prone,
    Stance::Hunkered,
];

/// One line of an odds table: a shot and its odds.
#[derive(Clone, Debug, Serialize)]
pub struct OddsLine {
    /// The weapon's index among the shooter's weapons.
    #[serde(skip)]
    pub weapon_index: usize,
    /// The weapon's name.
    pub weapon: String,
    /// Aimed, hip or blind, as asked (a forced hip shot shows in `numbers`).
    pub fire: Fire,
    /// The fire mode.
    pub mode: FireMode,
    /// Metres to the target.
    pub distance: i64,
    /// The range bracket, from 0.
    pub bracket: usize,
    /// The bracket's nearest metre.
    pub bracket_from: i64,
    /// The bracket's farthest metre.
    pub bracket_to: i64,
    /// The target's cover.
    pub cover: Cover,
    /// The target's stance.
    pub stance: Stance,
    /// The odds.
    #[serde(flatten)]
    pub odds: ShotOdds,
}

/// The exact odds of every legal shot `shooter` can take at `target` that
/// `spec` asks for: each weapon, fire (aimed, hip, blind), fire mode, range
/// bracket, target cover and stance. Shots the weapon cannot take (no such
/// mode, out of range, hip or blind fire with a knife) are left out; hip
/// fire with an optic fitted is listed with the hip row, which leaves the
/// optic out (CX-RNG-05); the
/// magazine is taken as full, since ammunition does not change the odds.
pub fn odds_table(
    shooter: &Fighter,
    target: &Fighter,
    spec: &TableSpec,
) -> Result<Vec<OddsLine>, OddsError> {
    let weapons: Vec<usize> = if spec.weapons.is_empty() {
        (0..shooter.weapons.len()).collect()
    } else {
        spec.weapons.clone()
    };
    let mut loaded = shooter.clone();
    for w in &mut loaded.weapons {
        w.loaded = w.magazine;
        w.jammed = false;
    }
    let mut lines = Vec::new();
    for w in weapons {
        let Some(weapon) = loaded.weapons.get(w) else {
            return Err(OddsError::Refused(ShotRefusal::NoWeapon));
        };
        let damage_roll =
            Distribution::of_with(&weapon.damage, &loaded.stats).map_err(OddsError::Dice)?;
        let distances: Vec<i64> = match spec.distance {
            Some(d) => vec![d],
            None => weapon.brackets.iter().map(|b| b.to).collect(),
        };
        for &cover in &spec.covers {
            for &stance in &spec.stances {
                for fire in [Fire::Aimed, Fire::Hip, Fire::Blind] {
                    for mode in [FireMode::Semi, FireMode::Burst, FireMode::Auto] {
                        for &distance in &distances {
                            let aim = Aim {
                                weapon: w,
                                mode,
                                fire,
                                cover,
                                stance,
                                shooter_stance: spec.shooter_stance,
                                ..Aim::aimed(distance)
                            };
                            if check_shot(&loaded, &aim).is_err() {
                                continue;
                            }
                            let odds = odds_with(&loaded, target, &aim, &damage_roll);
                            let bracket = odds.numbers.bracket;
                            lines.push(OddsLine {
                                weapon_index: w,
                                weapon: weapon.name.clone(),
                                fire,
                                mode,
                                distance,
                                bracket,
                                bracket_from: weapon.brackets[bracket].from,
                                bracket_to: weapon.brackets[bracket].to,
                                cover,
                                stance,
                                odds,
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(lines)
}
