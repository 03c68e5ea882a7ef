//! A ranged or thrown attack: miss chance, accuracy, critical, jam, damage
//! (CX-RNG-01..09, CX-RNG-12, CX-DMG-06).
//!
//! [`shoot`] computes numbers only, so a simulation resolves millions of shots
//! a second; [`Shot::explain`] turns the numbers into the itemised breakdown.

use nanite_core::Breakdown;
use nanite_dice::{DiceSource, Roller, SourceError};
use serde::{Deserialize, Serialize};

use super::damage::{Blow, Strike, strike_with};
use super::dice::die;
use super::fighter::{Cover, Fighter, Stance};
use crate::pack::{Attack, FireMode};
use crate::sheet::MissChances;

/// How the shooter fires (CX-RNG-05, CX-RNG-06).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Fire {
    /// Having aimed this turn.
    Aimed,
    /// Without aiming: +3, optical attachments give no bonus.
    Hip,
    /// Around cover without looking: +6, no attachments.
    Blind,
}

/// Everything about the moment of a shot besides the two fighters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    /// Index of the attacker's weapon.
    pub weapon: usize,
    /// Fire mode.
    pub mode: FireMode,
    /// Aimed, hip or blind.
    pub fire: Fire,
    /// Metres between attacker and target.
    pub distance: i64,
    /// The target's cover from the attacker.
    pub cover: Cover,
    /// The target's stance.
    pub stance: Stance,
    /// The attacker's stance.
    pub shooter_stance: Stance,
    /// The attacker is suppressed: +1 (CX-SUP-01).
    pub suppressed: bool,
    /// The attacker sprinted within its last 2 actions: +1 (CX-MOVE-02).
    pub sprinting: bool,
    /// The attacker is undetected and aimed adequately: -1, +20 damage (CX-RNG-09).
    pub stealth: bool,
    /// Miss chance from the attacker's conditions (Buzzed +1, Hammered +3)
    /// and injuries (a broken arm +2, CX-HEAL-05).
    pub condition: i64,
    /// The attacker may not crit this encounter (Black Cat 3-4, CX-STAT-13).
    pub no_crits: bool,
}

impl Aim {
    /// An aimed semi-automatic shot with the first weapon from `distance`
    /// metres: both fighters standing, the target in the open, nothing else
    /// in play. Change a field with struct update syntax for other moments.
    pub fn aimed(distance: i64) -> Aim {
        Aim {
            weapon: 0,
            mode: FireMode::Semi,
            fire: Fire::Aimed,
            distance,
            cover: Cover::None,
            stance: Stance::Standing,
            shooter_stance: Stance::Standing,
            suppressed: false,
            sprinting: false,
            stealth: false,
            condition: 0,
            no_crits: false,
        }
    }
}

/// Why a shot cannot be taken. Nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum ShotRefusal {
    /// No such weapon.
    NoWeapon,
    /// The weapon is jammed (CX-RNG-08).
    Jammed,
    /// Not enough rounds loaded (CX-RNG-12).
    OutOfAmmo {
        /// Rounds the mode needs.
        needed: i64,
        /// Rounds loaded.
        loaded: i64,
    },
    /// The weapon lacks the fire mode.
    NoSuchMode,
    /// The target is beyond the last bracket.
    OutOfRange {
        /// The longest range.
        max: i64,
    },
    /// Only firearms can hip or blind fire.
    NotAFirearm,
    /// A hunkered shooter can only blind fire (CX-MOVE-06).
    Hunkered,
}

/// The numbers of one shot, as decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// The bracket used.
    pub bracket: usize,
    /// The fire actually used (aimed fire inside the minimum distance is hip fire).
    pub fire: Fire,
    /// Aimed fire was forced to hip fire by the minimum distance (CX-RNG-05).
    pub forced_hip: bool,
    /// The sheet's row value (stats, attachments, feats, minimums applied).
    pub row: i64,
    /// Target cover (CX-RNG-04).
    pub cover: i64,
    /// Target stance (CX-RNG-04).
    pub stance: i64,
    /// Shooter prone with a firearm: -1 (CX-MOVE-05).
    pub prone_shooter: i64,
    /// Suppressed +1, sprint +1, stealth -1, conditions.
    pub situation: i64,
    /// The final miss chance.
    pub miss_chance: i64,
    /// The accuracy d10.
    pub accuracy: u32,
    /// d10 > miss chance (CX-RNG-01).
    pub hit: bool,
    /// A hit inside the critical faces (CX-RNG-07).
    pub critical: bool,
    /// The jam d10 after a raw 1 (CX-RNG-08).
    pub jam_die: Option<u32>,
    /// The weapon jammed.
    pub jammed: bool,
    /// Rounds used (CX-RNG-12).
    pub rounds: i64,
    /// The weapon's damage roll, on a hit.
    pub damage_roll: Option<i64>,
    /// What the damage did, on a hit.
    pub strike: Option<Strike>,
    /// A thrown weapon bypassed armor (CX-RNG-14, or a vital spot, CX-RNG-10).
    pub armor_bypassed: bool,
    /// A stealth throw's doubled damage (CX-RNG-10).
    pub stealth_blow: Option<crate::encounter::StealthBlow>,
}

/// Critical and stealth bonuses to damage (CX-DMG-06).
pub const CRITICAL_DAMAGE: i64 = 20;
/// Stealth attack bonus damage (CX-RNG-09).
pub const STEALTH_DAMAGE: i64 = 20;
/// Within this distance a prone target without cover gains nothing (CX-RNG-04).
pub const PRONE_CLOSE: i64 = 5;

/// Checks that `aim` is a shot the attacker can take.
pub fn check_shot(attacker: &Fighter, aim: &Aim) -> Result<(), ShotRefusal> {
    let weapon = attacker
        .weapons
        .get(aim.weapon)
        .ok_or(ShotRefusal::NoWeapon)?;
    if weapon.jammed {
        return Err(ShotRefusal::Jammed);
    }
    if !weapon.has_mode(aim.mode) {
        return Err(ShotRefusal::NoSuchMode);
    }
    let needed = weapon.rounds_for(aim.mode);
    if needed > weapon.loaded {
        return Err(ShotRefusal::OutOfAmmo {
            needed,
            loaded: weapon.loaded,
        });
    }
    if weapon.bracket(aim.distance).is_none() {
        return Err(ShotRefusal::OutOfRange {
            max: weapon.brackets.last().map_or(0, |b| b.to),
        });
    }
    if aim.fire != Fire::Aimed && weapon.attack != Attack::Ranged {
        return Err(ShotRefusal::NotAFirearm);
    }
    if aim.shooter_stance == Stance::Hunkered && aim.fire != Fire::Blind {
        return Err(ShotRefusal::Hunkered);
    }
    Ok(())
}

/// The numbers of a shot before any die: the bracket, the fire used, and the
/// miss chance with each of its parts (CX-RNG-02..06, CX-MOVE-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AimNumbers {
    /// The bracket used.
    pub bracket: usize,
    /// The fire used (aimed fire inside the minimum distance is hip fire).
    pub fire: Fire,
    /// Aimed fire was forced to hip fire (CX-RNG-05).
    pub forced_hip: bool,
    /// The sheet's row value.
    pub row: i64,
    /// Target cover.
    pub cover: i64,
    /// Target stance.
    pub stance: i64,
    /// Shooter prone with a firearm.
    pub prone_shooter: i64,
    /// Suppressed, sprinting, stealth, conditions.
    pub situation: i64,
    /// The final miss chance.
    pub miss_chance: i64,
}

/// Computes the numbers of a shot that [`check_shot`] accepted.
pub fn aim_numbers(attacker: &Fighter, aim: &Aim) -> AimNumbers {
    let (mut numbers, rows) = aim_without_row(attacker, aim);
    numbers.row = rows.row(aim.mode).map_or(0, |r| r[numbers.bracket]);
    numbers.miss_chance += numbers.row;
    numbers
}

/// The miss chance of `aim` in each fire mode, semi, burst and auto
/// ([`FireMode::ALL`]), as [`aim_numbers`] gives it for that mode: what the
/// modes share worked out once (the simulator weighs every mode of every
/// weapon against every enemy).
pub(crate) fn miss_chances(attacker: &Fighter, aim: &Aim) -> [i64; 3] {
    let (numbers, rows) = aim_without_row(attacker, aim);
    FireMode::ALL.map(|mode| numbers.miss_chance + rows.row(mode).map_or(0, |r| r[numbers.bracket]))
}

/// The numbers of `aim` but its mode's row (0, and not in the miss chance
/// yet), and the rows of the fire used.
fn aim_without_row<'f>(attacker: &'f Fighter, aim: &Aim) -> (AimNumbers, &'f MissChances) {
    let weapon = &attacker.weapons[aim.weapon];
    let bracket = weapon.bracket(aim.distance).unwrap_or(0);
    let forced_hip = aim.fire == Fire::Aimed
        && weapon.attack == Attack::Ranged
        && weapon.min_distance.is_some_and(|m| aim.distance < m);
    let fire = if forced_hip { Fire::Hip } else { aim.fire };
    let rows = match fire {
        Fire::Aimed => Some(&weapon.aimed),
        Fire::Hip => weapon.hip.as_ref(),
        Fire::Blind => weapon.blind.as_ref(),
    }
    .unwrap_or(&weapon.aimed);
    let cover = aim.cover.modifier();
    let stance = match aim.stance {
        Stance::Standing => 0,
        Stance::Crouched => 1,
        Stance::Hunkered => 2,
        Stance::Prone if aim.distance <= PRONE_CLOSE && aim.cover == Cover::None => 0,
        Stance::Prone => 2,
    };
    let prone_shooter = if aim.shooter_stance == Stance::Prone && weapon.attack == Attack::Ranged {
        -1
    } else {
        0
    };
    let situation = i64::from(aim.suppressed) + i64::from(aim.sprinting) - i64::from(aim.stealth)
        + aim.condition;
    let numbers = AimNumbers {
        bracket,
        fire,
        forced_hip,
        row: 0,
        cover,
        stance,
        prone_shooter,
        situation,
        miss_chance: cover + stance + prone_shooter + situation,
    };
    (numbers, rows)
}

/// Resolves a shot: checks it, rolls accuracy (and a jam die after a raw 1),
/// and on a hit rolls damage and decides the strike on `target`.
pub fn shoot(
    attacker: &Fighter,
    target: &Fighter,
    aim: &Aim,
    roller: &mut Roller,
    source: &mut dyn DiceSource,
) -> Result<Result<Shot, ShotRefusal>, SourceError> {
    shoot_unseen(attacker, target, aim, false, roller, source)
}

/// As [`shoot`]; `unseen` marks a throw by an undetected attacker, whose
/// damage a Melee skill of 10 or more doubles (CX-RNG-10).
pub fn shoot_unseen(
    attacker: &Fighter,
    target: &Fighter,
    aim: &Aim,
    unseen: bool,
    roller: &mut Roller,
    source: &mut dyn DiceSource,
) -> Result<Result<Shot, ShotRefusal>, SourceError> {
    if let Err(refusal) = check_shot(attacker, aim) {
        return Ok(Err(refusal));
    }
    let weapon = &attacker.weapons[aim.weapon];
    let AimNumbers {
        bracket,
        fire,
        forced_hip,
        row,
        cover,
        stance,
        prone_shooter,
        situation,
        miss_chance,
    } = aim_numbers(attacker, aim);
    let name = &attacker.name;
    let accuracy = die(source, 10, || {
        format!(
            "accuracy d10 for {name}'s {} {} at {}",
            weapon.name,
            aim.mode.key(),
            target.name
        )
    })?;
    let hit = i64::from(accuracy) > miss_chance;
    let critical = hit && !aim.no_crits && accuracy >= weapon.crit_from;
    let (jam_die, jammed) = if accuracy == 1 && weapon.attack == Attack::Ranged {
        let jam = die(source, 10, || {
            format!("jam d10 for {name}'s {}", weapon.name)
        })?;
        (Some(jam), jam <= 2)
    } else {
        (None, false)
    };
    let mut shot = Shot {
        bracket,
        fire,
        forced_hip,
        row,
        cover,
        stance,
        prone_shooter,
        situation,
        miss_chance,
        accuracy,
        hit,
        critical,
        jam_die,
        jammed,
        rounds: weapon.rounds_for(aim.mode),
        damage_roll: None,
        strike: None,
        armor_bypassed: false,
        stealth_blow: None,
    };
    if hit {
        let purpose = if source.reads_purposes() {
            Some(format!("damage of {name}'s {}", weapon.name))
        } else {
            None
        };
        let rolled = roller
            .roll(&weapon.damage, &attacker.stats, purpose.as_deref(), source)
            .map_err(|e| match e.kind() {
                nanite_dice::ErrorKind::Source(s) => s.clone(),
                _ => SourceError::Unavailable(e.to_string()),
            })?
            .total;
        let stealth_blow = if unseen && weapon.attack == Attack::Thrown {
            crate::encounter::stealth_melee(
                rolled,
                &crate::encounter::StealthStrike {
                    melee_skill: crate::encounter::melee_skill(attacker),
                    level: attacker.level,
                    die: accuracy,
                    miss_chance,
                    critical,
                    explosive: weapon.damage_type == crate::pack::DamageType::Explosive,
                },
            )
        } else {
            None
        };
        shot.stealth_blow = stealth_blow;
        let amount = stealth_blow.map_or(rolled, |b| b.amount)
            + if critical { CRITICAL_DAMAGE } else { 0 }
            + if aim.stealth { STEALTH_DAMAGE } else { 0 };
        shot.damage_roll = Some(rolled);
        // Thrown: a critical or a roll 3 over the miss chance bypasses armor (CX-RNG-14).
        shot.armor_bypassed = weapon.attack == Attack::Thrown
            && (critical || i64::from(accuracy) >= miss_chance + 3)
            || stealth_blow.is_some_and(|b| b.vital);
        shot.strike = Some(strike_with(
            target,
            Blow {
                amount,
                damage_type: weapon.damage_type,
                apl: weapon.apl,
                non_lethal: weapon.non_lethal,
            },
            shot.armor_bypassed,
            source,
        )?);
    }
    Ok(Ok(shot))
}

impl Shot {
    /// The itemised breakdown of this shot.
    pub fn explain(&self, attacker: &Fighter, target: &Fighter, aim: &Aim) -> Breakdown {
        let mut b = Breakdown::new();
        let Some(weapon) = attacker.weapons.get(aim.weapon) else {
            return b;
        };
        let range = weapon.brackets[self.bracket];
        let fire = match self.fire {
            Fire::Aimed => "aimed",
            Fire::Hip if self.forced_hip => "hip fire (inside the minimum distance, CX-RNG-05)",
            Fire::Hip => "hip fire",
            Fire::Blind => "blind fire",
        };
        b.note(format!(
            "{} fires the {} ({}, {fire}) at {} from {} m",
            attacker.name,
            weapon.name,
            aim.mode.key(),
            target.name,
            aim.distance
        ));
        b.value(
            format!(
                "{} miss chance at {}-{} m (sheet: stats, attachments, feats, minimums)",
                fire, range.from, range.to
            ),
            self.row,
        );
        if self.fire == Fire::Hip && weapon.optical {
            b.note("the optic fitted gives no bonus in hip fire (CX-RNG-05)");
        }
        b.modifier(format!("{} (CX-RNG-04)", aim.cover.words()), self.cover);
        b.modifier(
            format!("target {} (CX-RNG-04)", aim.stance.key()),
            self.stance,
        );
        if aim.stance == Stance::Prone && self.stance == 0 {
            b.note("prone gives nothing within 5 m without cover (CX-RNG-04)");
        }
        b.modifier("shooter prone (CX-MOVE-05)", self.prone_shooter);
        b.modifier("suppressed (CX-SUP-01)", i64::from(aim.suppressed));
        b.modifier("sprinting (CX-MOVE-02)", i64::from(aim.sprinting));
        b.modifier("stealth attack (CX-RNG-09)", -i64::from(aim.stealth));
        b.modifier("conditions and injuries", aim.condition);
        b.die(format!("accuracy, {}", attacker.name), 10, self.accuracy);
        b.compare(
            format!("d10 {}", self.accuracy),
            if self.hit { ">" } else { "<=" },
            format!("miss chance {}", self.miss_chance),
            if self.critical {
                format!("critical hit (faces {}-10, CX-RNG-07)", weapon.crit_from)
            } else if self.hit {
                "hit (CX-RNG-01)".to_string()
            } else {
                "miss (CX-RNG-01)".to_string()
            },
        );
        if let Some(jam) = self.jam_die {
            b.die("jam check after a raw 1", 10, jam);
            b.compare(
                format!("d10 {jam}"),
                if self.jammed { "<=" } else { ">" },
                "2",
                if self.jammed {
                    "the weapon jams (CX-RNG-08)"
                } else {
                    "no jam"
                },
            );
        }
        if self.rounds > 0 {
            b.note(format!("{} round(s) used (CX-RNG-12)", self.rounds));
        }
        if let (Some(rolled), Some(s)) = (self.damage_roll, self.strike) {
            b.value(format!("damage {}", weapon.damage.text()), rolled);
            if let Some(blow) = &self.stealth_blow {
                blow.explain(&mut b);
            }
            b.modifier(
                "critical (CX-DMG-06)",
                if self.critical { CRITICAL_DAMAGE } else { 0 },
            );
            b.modifier(
                "stealth attack (CX-RNG-09)",
                if aim.stealth { STEALTH_DAMAGE } else { 0 },
            );
            if self.armor_bypassed {
                b.note("thrown: a critical or a roll 3 over the miss chance bypasses armor (CX-RNG-14)");
            }
            explain_strike(&mut b, &s, weapon.apl, target);
        }
        b
    }
}

/// Adds the shield, armor and health steps of a strike.
pub fn explain_strike(b: &mut Breakdown, s: &Strike, apl: i64, target: &Fighter) {
    use super::damage::ArmorHit;
    if s.shield > 0 {
        b.note(format!(
            "shield absorbs {} (CX-DMG-03), {} passes on",
            s.shield,
            s.incoming - s.shield
        ));
    }
    if let Some(d) = s.armor_die {
        b.die(format!("armor, {}", target.name), 100, d);
    }
    match s.armor {
        ArmorHit::NoRoll => {}
        ArmorHit::Body { full } => b.note(format!(
            "armor missed: body struck, {} damage (roll {} 50, CX-DMG-01)",
            if full { "full" } else { "half" },
            if full { "<=" } else { ">" }
        )),
        ArmorHit::Blocked => b.note(format!(
            "armor struck: APL {apl} < armor APL {}: all damage blocked (CX-DMG-02)",
            target.armor.as_ref().map_or(0, |a| a.apl)
        )),
        ArmorHit::Pierced => b.note(format!(
            "armor struck: APL {apl} >= armor APL {}: pierced; {} absorbed by armor points (CX-DMG-02)",
            target.armor.as_ref().map_or(0, |a| a.apl),
            s.armor_points
        )),
    }
    if s.apl_lowered {
        b.note("plasma lowers the armor's APL by 1 (CX-COND-07)");
    }
    b.value(
        format!(
            "{}damage to {}'s health",
            if s.non_lethal { "non-lethal " } else { "" },
            target.name
        ),
        s.health,
    );
    if s.plasma_burn {
        b.note("plasma burn: 1d10+1 per turn for 2 turns (CX-COND-07)");
    }
    if let Some(shock) = s.shock {
        b.die(format!("Shock save, {}", target.name), 100, shock.die);
        b.compare(
            format!("{} {:+}", shock.die, shock.modifier),
            if shock.passed { ">" } else { "<=" },
            format!("DC {}", shock.dc),
            if shock.passed {
                "stays conscious (CX-DEATH-10)"
            } else {
                "knocked unconscious (CX-DEATH-10)"
            },
        );
    }
}
