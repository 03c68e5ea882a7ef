//! Thrown weapons and grenades (CX-RNG-14, CX-RNG-15): what every throw
//! needs (one carried, the skill, the range, not hunkered) and spends, and
//! PER-aimed throws of knives and spears that bypass armor on a critical or a
//! roll 3 over the miss chance. Grenades are `thrown/grenade.rs`.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{ClockEvent, CombatantId, DiceSource};
use nanite_dice::Roller;

use super::gm::{able, consequences, not_afraid, spend, spend_on, weapon_of};
use super::{Combatant, CxEffect, Decision, Event, Refusal};
use crate::combat::{Aim, Fire, Stance, WeaponState, shoot_unseen};
use crate::pack::{Attack, FireMode};

mod grenade;

pub use grenade::{CLOSE_THROW, DODGE_DC};

pub(crate) fn cook(d: &mut Decision<'_>, id: &CombatantId, weapon: usize) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    let w = weapon_of(&c, id, weapon)?;
    if w.blast_radius.is_none() || w.attack != Attack::Thrown {
        return Err(Refusal::Illegal {
            why: format!("only a grenade is cooked; the {} is not one", w.name),
        });
    }
    usable(id, w)?;
    if d.state
        .has_effect(id, |e| matches!(e, CxEffect::Cooked { .. }))
    {
        return Err(Refusal::Illegal {
            why: format!("{id} is already cooking a grenade"),
        });
    }
    spend(d, id, 1, format!("cook the {}", w.name))?;
    let e = d.state.clock.add_effect(
        id,
        format!("cooking the {}", w.name),
        Some(Expiry::next(Moment::end_of(id))),
        CxEffect::Cooked { weapon },
    );
    d.clock(e);
    Ok(())
}

/// One left to throw, and the skill it needs (grenades: Explosives 6,
/// CX-RNG-15).
fn usable(id: &CombatantId, w: &WeaponState) -> Result<(), Refusal> {
    let illegal = |why: String| Refusal::Illegal { why };
    if w.spare_magazines < 1 {
        return Err(illegal(format!("{id} has no {} left", w.name)));
    }
    if let Some(min) = w.min_skill {
        if w.skill_points < min {
            return Err(illegal(format!(
                "the {} needs {} {min} and {id} has {} (CX-RNG-15)",
                w.name, w.skill, w.skill_points
            )));
        }
    }
    Ok(())
}

/// A throw found legal, before anything is spent: who throws what at whom.
struct Throw<'a> {
    id: &'a CombatantId,
    target: &'a CombatantId,
    /// The weapon's index.
    weapon: usize,
    /// The weapon, as it was before the throw.
    w: WeaponState,
    /// The thrower, as it was before the throw.
    thrower: Combatant,
    /// The target, as it was before the throw.
    victim: Combatant,
    /// Metres to the target.
    metres: i64,
    /// The range bracket (CX-RNG-02).
    bracket: usize,
}

/// What the thrower's state adds to any throw: conditions and injuries,
/// suppression (CX-SUP-01), a sprint (CX-MOVE-02), no criticals (Black Cat,
/// CX-STAT-13), and whether the target has not detected it (CX-RNG-09/10).
struct Situation {
    condition: i64,
    suppressed: bool,
    sprinting: bool,
    no_crits: bool,
    unseen: bool,
}

pub(crate) fn throw(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    weapon: usize,
    distance: Option<i64>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let t = ready(d, id, target, weapon, distance)?;
    let situation = Situation {
        condition: d
            .state
            .conditions(id)
            .map(|c| c.kind.miss_chance())
            .sum::<i64>()
            + super::heal::injury_miss_chance(d.state, id),
        suppressed: d.state.is_suppressed(id),
        sprinting: t.thrower.sprint_window > 0,
        no_crits: d
            .state
            .has_effect(id, |e| matches!(e, CxEffect::NoCriticals)),
        unseen: super::stealth::unseen(d.state, id, target),
    };
    let cooked = release(d, &t, distance)?;
    match t.w.blast_radius {
        None => throw_weapon(d, &t, &situation, dice),
        Some(radius) => grenade::explode(d, &t, &situation, radius, cooked, dice),
    }
}

/// Checks everything a throw needs and changes nothing: a thrown weapon
/// left (with its skill, CX-RNG-15), a living target other than oneself
/// within the longest throw (CX-RNG-02), a known distance, a thrower able
/// to act, unafraid, not held (CX-MELEE-03) and not hunkered (CX-MOVE-06).
fn ready<'a>(
    d: &Decision<'_>,
    id: &'a CombatantId,
    target: &'a CombatantId,
    weapon: usize,
    distance: Option<i64>,
) -> Result<Throw<'a>, Refusal> {
    let thrower = able(d, id)?.clone();
    not_afraid(d, id, "attack")?;
    super::melee::not_held(d, id)?;
    let illegal = |why: String| Refusal::Illegal { why };
    if id == target {
        return Err(illegal("a combatant cannot throw at itself".into()));
    }
    let w = weapon_of(&thrower, id, weapon)?.clone();
    if w.attack != Attack::Thrown {
        return Err(illegal(format!(
            "the {} is not a thrown weapon; fire it instead",
            w.name
        )));
    }
    usable(id, &w)?;
    let mut victim = d.state.combatant(target)?.clone();
    if victim.fighter.dead {
        return Err(illegal(format!("{target} is already dead")));
    }
    // On a map: no throw through a concealing wall or a closed door, and
    // the walls between give their cover.
    if !d.state.sees(id, target) {
        return Err(illegal(format!(
            "{id} cannot see {target}: a wall that conceals completely stands between them on the map"
        )));
    }
    victim.cover = d.state.cover_against(id, target);
    let metres = distance
        .or_else(|| d.state.distance(id, target))
        .ok_or_else(|| {
            illegal(format!(
                "the distance between {id} and {target} is not known; give it or set it"
            ))
        })?;
    let Some(bracket) = w.bracket(metres) else {
        return Err(illegal(format!(
            "{target} is beyond the {}'s longest throw ({} m, CX-RNG-02)",
            w.name,
            w.brackets.last().map_or(0, |b| b.to)
        )));
    };
    if thrower.stance == Stance::Hunkered {
        return Err(illegal(
            "a hunkered combatant cannot throw (CX-MOVE-06)".into(),
        ));
    }
    Ok(Throw {
        id,
        target,
        weapon,
        w,
        thrower,
        victim,
        metres,
        bracket,
    })
}

/// Lets go of it: 1 action (CX-TURN-07), the distance stated kept, one
/// fewer carried, a cooked grenade no longer cooking. Returns whether it
/// was cooked (CX-RNG-15).
fn release(d: &mut Decision<'_>, t: &Throw<'_>, distance: Option<i64>) -> Result<bool, Refusal> {
    let (id, target, weapon) = (t.id, t.target, t.weapon);
    let cooked = d
        .state
        .clock
        .effects_on(id)
        .find(|e| matches!(e.payload, CxEffect::Cooked { weapon: cw } if cw == weapon))
        .map(|e| e.id);
    spend_on(
        d,
        id,
        1,
        format!("throw the {} at {target}", t.w.name),
        target,
    )?;
    if let Some(effect) = cooked {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: "the cooked grenade is thrown".into(),
        });
    }
    if distance.is_some() && d.state.distance(id, target) != Some(t.metres) {
        d.push(Event::DistanceSet {
            a: id.clone(),
            b: target.clone(),
            metres: t.metres,
        });
    }
    d.push(Event::ThrownAway {
        id: id.clone(),
        weapon,
    });
    Ok(cooked.is_some())
}

/// A knife or a spear: a shot in all but name, aimed with PER, bypassing
/// armor on a critical or a roll 3 over (CX-RNG-14); unseen, a stealth
/// throw (CX-RNG-10), never the ranged stealth bonus of CX-RNG-09 ("not any
/// other thrown weapons").
fn throw_weapon(
    d: &mut Decision<'_>,
    t: &Throw<'_>,
    s: &Situation,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let aim = Aim {
        weapon: t.weapon,
        mode: FireMode::Semi,
        fire: Fire::Aimed,
        distance: t.metres,
        cover: t.victim.cover,
        stance: t.victim.stance,
        shooter_stance: t.thrower.stance,
        suppressed: s.suppressed,
        sprinting: s.sprinting,
        stealth: false,
        condition: s.condition,
        no_crits: s.no_crits,
    };
    let mut thrower = t.thrower.fighter.clone();
    // The count is kept apart from rounds: a thrown weapon needs none.
    thrower.weapons[t.weapon].loaded = thrower.weapons[t.weapon].magazine;
    let shot = shoot_unseen(
        &thrower,
        &t.victim.fighter,
        &aim,
        s.unseen,
        &mut Roller::new(),
        dice,
    )?
    .map_err(|r| Refusal::Illegal {
        why: super::command::shot_refusal(&r, &t.w.name),
    })?;
    let breakdown = shot.explain(&thrower, &t.victim.fighter, &aim);
    d.push(Event::Shot {
        attacker: t.id.clone(),
        target: t.target.clone(),
        weapon: t.weapon,
        mode: FireMode::Semi,
        shot: Box::new(shot),
        breakdown,
    });
    consequences(d, t.target, &t.victim.fighter, shot.strike.as_ref());
    // Thrown at in the open and still up: it hits the dirt (CX-MOVE-07).
    super::movement::hit_the_dirt(d, t.target, Some(t.id));
    Ok(())
}
