//! Melee in the d10 miss-chance model (CX-MELEE-01, or MELEE_GUARD's d100
//! against a Guard DC, CX-HOUSE-04): strikes, shoves and kicks
//! (CX-MELEE-04), flanking (CX-RNG-11), prone targets (CX-MOVE-05), FORT 1
//! fighters (CX-STAT-09), and the penalty attacks of CX-MELEE-02.

use nanite_core::{Breakdown, CombatantId, DiceSource};
use nanite_dice::Expression;
use serde::{Deserialize, Serialize};

use super::gm::{able, consequences, not_afraid, spend_on};
use super::{Battle, Decision, Event, Refusal};
use crate::combat::{
    Blow, Fighter, Stance, Strike, d10_for, d100_for, explain_strike, strike_with,
};
use crate::pack::{Attack, DamageType, FireMode};
use crate::sheet::stat_combat_bonus;
use crate::stat::{Stat, stat_bonus};

/// How a melee attack is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum MeleeKind {
    /// A normal blow.
    Strike,
    /// A shove: an unarmed attack at +2 miss chance, half damage, a push
    /// (CX-MELEE-04).
    Shove,
    /// A kick: as a shove (CX-MELEE-04).
    Kick,
}

impl MeleeKind {
    /// The name used in commands.
    pub fn key(self) -> &'static str {
        match self {
            MeleeKind::Strike => "strike",
            MeleeKind::Shove => "shove",
            MeleeKind::Kick => "kick",
        }
    }
}

/// Unarmed base miss chance: the texts give none (a decision).
pub const UNARMED_MISS: i64 = 3;
/// Unarmed damage: the texts give none (a decision).
pub const UNARMED_DAMAGE: &str = "d10 + STR";
/// The skill of blows with the fists, shoves and kicks (the sample pack's
/// id; MELEE_GUARD adds it, CX-HOUSE-04).
pub const UNARMED_SKILL: &str = "unarmed";
/// Shove and kick: +2 miss chance (CX-MELEE-04).
pub const SHOVE_MISS: i64 = 2;
/// Flanking: -2 miss chance (CX-RNG-11).
pub const FLANKING: i64 = -2;
/// A prone target is easier to hit in melee: -2 (CX-MOVE-05 decision).
pub const PRONE_TARGET: i64 = -2;
/// A shove pushes 1 m per this much STR (CX-MELEE-04).
pub const STR_PER_METRE: i64 = 5;

/// The numbers of one melee attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swing {
    /// How it was made.
    pub kind: MeleeKind,
    /// The final miss chance (d10 model).
    pub miss_chance: i64,
    /// The accuracy d10 (d10 model) or the d100 (MELEE_GUARD).
    pub die: u32,
    /// Whether it hit.
    pub hit: bool,
    /// A critical hit (CX-RNG-07).
    pub critical: bool,
    /// The damage roll, on a hit.
    pub damage_roll: Option<i64>,
    /// What the damage did, on a hit.
    pub strike: Option<Strike>,
    /// Metres pushed (shove, kick).
    pub push: i64,
    /// Damage the attacker takes back (FORT 1, CX-STAT-09).
    pub backlash: i64,
}

/// What a melee weapon (or the fists) brings.
struct Arm {
    name: String,
    row: i64,
    reach: i64,
    damage: Expression,
    damage_type: DamageType,
    apl: i64,
    non_lethal: bool,
    crit_from: u32,
}

fn arm(fighter: &Fighter, weapon: Option<usize>) -> Result<Arm, String> {
    match weapon {
        Some(i) => {
            let w = fighter
                .weapons
                .get(i)
                .ok_or_else(|| format!("{} has no weapon {i}", fighter.name))?;
            if w.attack != Attack::Melee {
                return Err(format!(
                    "the {} is not a melee weapon; strike with a melee weapon or unarmed",
                    w.name
                ));
            }
            if w.broken {
                return Err(format!("the {} is broken (CX-STAT-13)", w.name));
            }
            Ok(Arm {
                name: w.name.clone(),
                row: w.aimed.row(FireMode::Semi).map_or(UNARMED_MISS, |r| r[0]),
                reach: w.brackets.last().map_or(1, |b| b.to.max(1)),
                damage: Expression::clone(&w.damage),
                damage_type: w.damage_type,
                apl: w.apl,
                non_lethal: w.non_lethal,
                crit_from: w.crit_from,
            })
        }
        None => {
            // The best of STR, DEX and FORT plus the melee accuracy of
            // feats and gear, summed before the remainder is dropped, as
            // on a weapon's row (CX-STAT-04, CX-STAT-05).
            let stat = [Stat::Strength, Stat::Dexterity, Stat::Fortitude]
                .into_iter()
                .map(|s| stat_combat_bonus(fighter.stats.get(s), fighter.house_rules))
                .max()
                .unwrap_or_default();
            let sum = stat + fighter.melee_accuracy;
            let best = if fighter.house_rules.linear_accuracy {
                sum.ceil()
            } else {
                sum.truncate()
            };
            let fort_one = fighter.stats.get(Stat::Fortitude) <= 1;
            Ok(Arm {
                name: "fists".into(),
                row: (UNARMED_MISS - best).max(-2),
                reach: 1,
                damage: Expression::parse(UNARMED_DAMAGE).map_err(|e| e.to_string())?,
                damage_type: DamageType::Melee,
                apl: 0,
                non_lethal: fort_one,
                crit_from: fighter.crit_from,
            })
        }
    }
}

/// The skill a MELEE_GUARD blow adds (CX-HOUSE-04) and its points (with
/// the skill's own effects, without its stat bonus: the DEX bonus is added
/// once): the melee weapon's skill, or Unarmed for the fists.
fn guard_skill(fighter: &Fighter, weapon: Option<usize>) -> (String, i64) {
    let id = weapon
        .and_then(|i| fighter.weapons.get(i))
        .map_or(UNARMED_SKILL, |w| w.skill.as_str());
    match fighter.skill(id) {
        Some(line) => (line.name.clone(), line.total - line.stat_bonus),
        None => (id.to_string(), 0),
    }
}

/// A melee attack as a command: 1 action (a decision: the texts price
/// shooting, not striking), adjacent or within the weapon's reach.
pub(crate) fn attack(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    weapon: Option<usize>,
    kind: MeleeKind,
    flanking: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    able(d, id)?;
    not_afraid(d, id, "attack")?;
    not_held(d, id)?;
    if id == target {
        return Err(Refusal::Illegal {
            why: "a combatant cannot attack itself".into(),
        });
    }
    if d.state.combatant(target)?.fighter.dead {
        return Err(Refusal::Illegal {
            why: format!("{target} is already dead"),
        });
    }
    if kind != MeleeKind::Strike && weapon.is_some() {
        // 000: "by rolling for a normal unarmed attack with a -2 miss penalty".
        return Err(Refusal::Illegal {
            why: format!(
                "a {} is an unarmed attack (CX-MELEE-04); leave the weapon out",
                kind.key()
            ),
        });
    }
    let attacker = d.state.combatant(id)?.fighter.clone();
    let a = arm(&attacker, weapon).map_err(|why| Refusal::Illegal { why })?;
    in_reach(d, id, target, a.reach)?;
    spend_on(
        d,
        id,
        1,
        format!("{} {target} ({})", kind.key(), a.name),
        target,
    )?;
    resolve(d, id, target, weapon, kind, flanking, dice)
}

/// Refuses anything but contesting control to one held by a pin or joint
/// lock: no moves, shots or blows (CX-MELEE-03).
pub(crate) fn not_held(d: &Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    if d.state.is_restrained(id) {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: "held in a grapple: it can only contest control (CX-MELEE-03)".into(),
        });
    }
    Ok(())
}

/// Checks that `target` is within `reach` metres of `id`.
pub(crate) fn in_reach(
    d: &Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    reach: i64,
) -> Result<(), Refusal> {
    match d.state.distance(id, target) {
        Some(m) if m <= reach => Ok(()),
        Some(m) => Err(Refusal::Illegal {
            why: format!(
                "{target} is {m} m from {id}, beyond reach ({reach} m); move toward it first (CX-MOVE-08)"
            ),
        }),
        None => Err(Refusal::Illegal {
            why: format!(
                "the distance between {id} and {target} is not known; set it (adjacent is 1 m)"
            ),
        }),
    }
}

/// A penalty attack the table asks for (CX-MELEE-02): both must be in the
/// fight, and one who cannot react now is refused rather than skipped.
pub(crate) fn ordered_penalty_attack(
    d: &mut Decision<'_>,
    by: &CombatantId,
    target: &CombatantId,
    why: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    d.state.combatant(by)?;
    d.state.combatant(target)?;
    if !penalty_attack(d, by, target, why, dice)? {
        return Err(Refusal::Illegal {
            why: format!(
                "{by} cannot make a penalty attack now (unable to act, or no reactions left this round)"
            ),
        });
    }
    Ok(())
}

/// `id` leaves melee with `enemy` (CX-MELEE-02): the enemy's penalty
/// attack, if it can react, and the engagement ends.
pub(crate) fn leave_melee(
    d: &mut Decision<'_>,
    id: &CombatantId,
    enemy: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    penalty_attack(d, enemy, id, "leaving melee", dice)?;
    d.push(Event::Disengaged {
        a: id.clone(),
        b: enemy.clone(),
    });
    Ok(())
}

/// A penalty attack (CX-MELEE-02): a reaction of `by` against `target`, if
/// `by` can react. Returns whether it was made.
pub(crate) fn penalty_attack(
    d: &mut Decision<'_>,
    by: &CombatantId,
    target: &CombatantId,
    why: &str,
    dice: &mut dyn DiceSource,
) -> Result<bool, Refusal> {
    if able(d, by).is_err() || d.state.is_restrained(by) || d.state.combatant(target)?.fighter.dead
    {
        return Ok(false);
    }
    let Ok(reaction) =
        d.state
            .clock
            .react_against(by, &format!("penalty attack on {target}: {why}"), target)
    else {
        return Ok(false);
    };
    d.clock(reaction);
    let fighter = d.state.combatant(by)?.fighter.clone();
    let weapon = fighter
        .weapons
        .iter()
        .position(|w| w.attack == Attack::Melee && !w.broken);
    resolve(d, by, target, weapon, MeleeKind::Strike, false, dice)?;
    Ok(true)
}

/// What a melee hit roll gave: the die, hit or not, critical or not, and
/// the miss chance it was against (0 under MELEE_GUARD).
type Roll = (u32, bool, bool, i64);

/// MELEE_GUARD (CX-HOUSE-04): d100 + DEX bonus + skill against the target's
/// Guard DC (its DEX x 5 without one), 2 lower for a prone target. It never
/// crits.
fn guard_roll(
    attacker: &Fighter,
    victim: &Fighter,
    weapon: Option<usize>,
    prone: bool,
    b: &mut Breakdown,
    dice: &mut dyn DiceSource,
) -> Result<Roll, Refusal> {
    let target_guard = victim
        .melee_guard
        .as_ref()
        .map_or(victim.stats.get(Stat::Dexterity) * 5, |g| g.guard_dc)
        - if prone { 2 } else { 0 };
    // 000: "add your dexterity modifier to a d100 roll, plus any
    // relevant skill": the skill of the weapon struck with (Melee
    // for a blade), Unarmed for the fists, a shove or a kick.
    let (skill, points) = guard_skill(attacker, weapon);
    let bonus = stat_bonus(attacker.stats.get(Stat::Dexterity)) + points;
    let roll = d100_for(dice, || format!("melee d100 for {}", attacker.name))?;
    let total = i64::from(roll) + bonus;
    b.die(format!("melee attack, {}", attacker.name), 100, roll);
    b.modifier(format!("DEX bonus + {skill} skill (CX-HOUSE-04)"), bonus);
    let hit = total > target_guard;
    b.compare(
        format!("total {total}"),
        if hit { ">" } else { "<=" },
        format!("Guard DC {target_guard}"),
        if hit { "hit" } else { "miss" },
    );
    Ok((roll, hit, false, 0))
}

/// What moves a melee blow's miss chance from the weapon's row.
struct Odds {
    /// A shove or kick: +2 (CX-MELEE-04).
    shove: bool,
    /// An ally on the target's far side (CX-RNG-11).
    flanking: bool,
    /// The target is prone (CX-MOVE-05).
    prone: bool,
    /// The attacker's conditions and injuries.
    condition: i64,
    /// The attacker cannot crit now.
    no_crits: bool,
}

/// The d10 miss-chance blow (CX-MELEE-01): a d10 over the miss chance
/// hits, and one at the weapon's critical range or above crits (CX-RNG-07).
fn accuracy_roll(
    attacker: &Fighter,
    victim: &Fighter,
    a: &Arm,
    odds: &Odds,
    b: &mut Breakdown,
    dice: &mut dyn DiceSource,
) -> Result<Roll, Refusal> {
    let shove = if odds.shove { SHOVE_MISS } else { 0 };
    let flanking = if odds.flanking { FLANKING } else { 0 };
    let prone = if odds.prone { PRONE_TARGET } else { 0 };
    let mc = a.row + shove + flanking + prone + odds.condition;
    b.value(format!("{} miss chance (sheet)", a.name), a.row);
    b.modifier("shove or kick (CX-MELEE-04)", shove);
    b.modifier("flanking (CX-RNG-11)", flanking);
    b.modifier("prone target (CX-MOVE-05)", prone);
    b.modifier("conditions and injuries", odds.condition);
    let roll = d10_for(dice, || {
        format!(
            "melee accuracy d10 for {} at {}",
            attacker.name, victim.name
        )
    })?;
    let hit = i64::from(roll) > mc;
    let critical = hit && !odds.no_crits && roll >= a.crit_from;
    b.die(format!("accuracy, {}", attacker.name), 10, roll);
    b.compare(
        format!("d10 {roll}"),
        if hit { ">" } else { "<=" },
        format!("miss chance {mc}"),
        if critical {
            "critical hit (CX-RNG-07)"
        } else if hit {
            "hit"
        } else {
            "miss"
        },
    );
    Ok((roll, hit, critical, mc))
}

/// A blow that hit: its damage rolled (doubled unseen, CX-RNG-10; +2 on a
/// critical, CX-DMG-06; halved by FORT 1 unarmed, CX-STAT-09, and by a
/// shove or kick, CX-MELEE-04) and struck through the victim's defences,
/// with the FORT 1 backlash and the push it owes.
#[allow(clippy::too_many_arguments)]
fn land(
    state: &Battle,
    id: &CombatantId,
    target: &CombatantId,
    attacker: &Fighter,
    victim: &Fighter,
    a: &Arm,
    weapon: Option<usize>,
    swing: &mut Swing,
    b: &mut Breakdown,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let (die, miss_chance, critical) = (swing.die, swing.miss_chance, swing.critical);
    let shove = swing.kind != MeleeKind::Strike;
    let purpose = format!("melee damage of {}", attacker.name);
    let rolled = super::gm::roll_formula(&a.damage, &attacker.stats, &purpose, dice)?;
    b.value(format!("damage {}", a.damage.text()), rolled);
    // Unseen with 10+ Melee: doubled to the cap, before critical effects (CX-RNG-10).
    let stealth = if super::stealth::unseen(state, id, target) {
        super::stealth::stealth_melee(
            rolled,
            &super::stealth::StealthStrike {
                melee_skill: super::stealth::melee_skill(attacker),
                level: attacker.level,
                die,
                miss_chance,
                critical,
                explosive: a.damage_type == DamageType::Explosive,
            },
        )
    } else {
        None
    };
    if let Some(blow) = &stealth {
        blow.explain(b);
    }
    let mut amount = stealth.map_or(rolled, |blow| blow.amount)
        + if critical {
            crate::combat::CRITICAL_DAMAGE
        } else {
            0
        };
    b.modifier(
        "critical (CX-DMG-06)",
        if critical {
            crate::combat::CRITICAL_DAMAGE
        } else {
            0
        },
    );
    let fort_one = attacker.stats.get(Stat::Fortitude) <= 1;
    if weapon.is_none() && fort_one {
        amount /= 2;
        b.note("FORT 1: unarmed damage halved and non-lethal (CX-STAT-09)");
    }
    if shove {
        amount /= 2;
        b.note("shove or kick: half damage (CX-MELEE-04)");
        swing.push = attacker.stats.get(Stat::Strength) / STR_PER_METRE;
    }
    let s = strike_with(
        victim,
        Blow {
            amount,
            damage_type: a.damage_type,
            apl: a.apl,
            non_lethal: a.non_lethal,
        },
        stealth.is_some_and(|blow| blow.vital),
        dice,
    )?;
    explain_strike(b, &s, a.apl, victim);
    if fort_one && s.health > 0 {
        swing.backlash = s.health / 2;
        b.note(format!(
            "FORT 1: {} takes half the melee damage it deals, {} (CX-STAT-09)",
            attacker.name, swing.backlash
        ));
    }
    if swing.push > 0 {
        b.note(format!(
            "pushed {} m (1 m per 5 STR, CX-MELEE-04)",
            swing.push
        ));
    }
    swing.damage_roll = Some(rolled);
    swing.strike = Some(s);
    Ok(())
}

/// What follows a blow: the FORT 1 attacker's backlash (CX-STAT-09), then
/// the push of a shove or kick (away from the attacker, out of the melee,
/// CX-MELEE-04), or the two engaged in melee.
fn aftermath(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    backlash: i64,
    push: i64,
) -> Result<(), Refusal> {
    if backlash > 0 {
        let before = d.state.combatant(id)?.fighter.clone();
        let mut bb = Breakdown::new();
        bb.value("FORT 1: half the melee damage dealt (CX-STAT-09)", backlash);
        d.push(Event::Struck {
            target: id.clone(),
            strike: Strike {
                incoming: backlash,
                shield: 0,
                armor_die: None,
                armor: crate::combat::ArmorHit::NoRoll,
                armor_points: 0,
                apl_lowered: false,
                health: backlash,
                plasma_burn: false,
                non_lethal: false,
                shock: None,
            },
            breakdown: bb,
        });
        consequences(d, id, &before, None);
    }
    if push > 0 {
        if let Some(path) = super::scene_rules::pushed(d, id, target, push) {
            // On a map: straight away from the attacker, stopped by walls.
            d.push(Event::Walked {
                id: target.clone(),
                path,
            });
        } else {
            let now = d.state.distance(id, target).unwrap_or(1);
            d.push(Event::DistanceSet {
                a: id.clone(),
                b: target.clone(),
                metres: now + push,
            });
        }
        d.push(Event::Disengaged {
            a: id.clone(),
            b: target.clone(),
        });
    } else if !d.state.engaged(id, target) {
        d.push(Event::Engaged {
            a: id.clone(),
            b: target.clone(),
        });
    }
    Ok(())
}

fn resolve(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    weapon: Option<usize>,
    kind: MeleeKind,
    flanking: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let attacker = d.state.combatant(id)?.fighter.clone();
    let victim = d.state.combatant(target)?.clone();
    let a = arm(&attacker, weapon).map_err(|why| Refusal::Illegal { why })?;
    let mut b = Breakdown::new();
    b.note(format!(
        "{} {}s {} with the {} (CX-MELEE-01)",
        attacker.name,
        kind.key(),
        victim.fighter.name,
        a.name
    ));
    // On a map, flanking is read from the positions; the GM's word for it
    // stays an override (CX-RNG-11).
    let flanking = match super::scene_rules::flanking_ally(d, id, target) {
        Some(Some(ally)) => {
            b.note(format!(
                "flanking from the map: {ally} stands on {target}'s far side (CX-RNG-11)"
            ));
            true
        }
        Some(None) if flanking => {
            b.note("flanking: the GM's override (the map shows no ally on the far side)");
            true
        }
        _ => flanking,
    };
    let shove = kind != MeleeKind::Strike;
    let prone = victim.stance == Stance::Prone;
    let condition: i64 = d
        .state
        .conditions(id)
        .map(|c| c.kind.miss_chance())
        .sum::<i64>()
        + super::heal::injury_miss_chance(d.state, id);
    let no_crits = d
        .state
        .has_effect(id, |e| matches!(e, super::CxEffect::NoCriticals));
    let (die, hit, critical, miss_chance) =
        if attacker.house_rules.melee_guard && attacker.melee_guard.is_some() {
            guard_roll(&attacker, &victim.fighter, weapon, prone, &mut b, dice)?
        } else {
            let odds = Odds {
                shove,
                flanking,
                prone,
                condition,
                no_crits,
            };
            accuracy_roll(&attacker, &victim.fighter, &a, &odds, &mut b, dice)?
        };
    let mut swing = Swing {
        kind,
        miss_chance,
        die,
        hit,
        critical,
        damage_roll: None,
        strike: None,
        push: 0,
        backlash: 0,
    };
    if hit {
        land(
            d.state,
            id,
            target,
            &attacker,
            &victim.fighter,
            &a,
            weapon,
            &mut swing,
            &mut b,
            dice,
        )?;
    }
    let strike = swing.strike;
    let push = swing.push;
    let backlash = swing.backlash;
    d.push(Event::Melee {
        attacker: id.clone(),
        target: target.clone(),
        weapon,
        swing: Box::new(swing),
        breakdown: b,
    });
    consequences(d, target, &victim.fighter, strike.as_ref());
    aftermath(d, id, target, backlash, push)
}
