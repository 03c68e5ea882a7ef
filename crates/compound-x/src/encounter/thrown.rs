//! Thrown weapons and grenades (CX-RNG-14, CX-RNG-15): PER-aimed throws that
//! bypass armor on a critical or a roll 3 over the miss chance, grenades that
//! need Explosives 6, can be cooked, scatter on a miss and catch everyone in
//! their blast, who may dodge with a Reflex save.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};
use nanite_dice::Roller;

use super::gm::{able, consequences, not_afraid, spend};
use super::{CxEffect, Decision, Event, Refusal};
use crate::check::judge_total;
use crate::combat::{
    Aim, Blow, CRITICAL_DAMAGE, Cover, Fire, PRONE_CLOSE, Stance, WeaponState, d10_for, d100_for,
    explain_strike, shoot_unseen, strike,
};
use crate::pack::{Attack, FireMode};

/// A grenade thrown within half its longest throw: -2 miss chance (CX-RNG-15).
pub const CLOSE_THROW: i64 = -2;
/// The DC of the Reflex save to dodge a grenade (the texts give none: a decision).
pub const DODGE_DC: i64 = 50;

pub(crate) fn cook(d: &mut Decision<'_>, id: &CombatantId, weapon: usize) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    let w = c
        .fighter
        .weapons
        .get(weapon)
        .ok_or_else(|| Refusal::Illegal {
            why: format!("{id} has no weapon {weapon}"),
        })?;
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

pub(crate) fn throw(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    weapon: usize,
    distance: Option<i64>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    not_afraid(d, id, "attack")?;
    super::melee::not_held(d, id)?;
    let illegal = |why: String| Refusal::Illegal { why };
    if id == target {
        return Err(illegal("a combatant cannot throw at itself".into()));
    }
    let w = c
        .fighter
        .weapons
        .get(weapon)
        .ok_or_else(|| illegal(format!("{id} has no weapon {weapon}")))?
        .clone();
    if w.attack != Attack::Thrown {
        return Err(illegal(format!(
            "the {} is not a thrown weapon; fire it instead",
            w.name
        )));
    }
    usable(id, &w)?;
    let victim = d.state.combatant(target)?.clone();
    if victim.fighter.dead {
        return Err(illegal(format!("{target} is already dead")));
    }
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
    if c.stance == Stance::Hunkered {
        return Err(illegal(
            "a hunkered combatant cannot throw (CX-MOVE-06)".into(),
        ));
    }
    let cooked = d
        .state
        .clock
        .effects_on(id)
        .find(|e| matches!(e.payload, CxEffect::Cooked { weapon: cw } if cw == weapon))
        .map(|e| e.id);
    spend(d, id, 1, format!("throw the {} at {target}", w.name))?;
    if let Some(effect) = cooked {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: "the cooked grenade is thrown".into(),
        });
    }
    if distance.is_some() && d.state.distance(id, target) != Some(metres) {
        d.push(Event::DistanceSet {
            a: id.clone(),
            b: target.clone(),
            metres,
        });
    }
    d.push(Event::ThrownAway {
        id: id.clone(),
        weapon,
    });
    let no_crits = d
        .state
        .has_effect(id, |e| matches!(e, CxEffect::NoCriticals));
    let condition: i64 = d
        .state
        .conditions(id)
        .map(|c| c.kind.miss_chance())
        .sum::<i64>()
        + super::heal::injury_miss_chance(d.state, id);
    let Some(radius) = w.blast_radius else {
        // A knife or a spear: a shot in all but name (CX-RNG-14).
        let aim = Aim {
            weapon,
            mode: FireMode::Semi,
            fire: Fire::Aimed,
            distance: metres,
            cover: victim.cover,
            stance: victim.stance,
            shooter_stance: c.stance,
            suppressed: d.state.is_suppressed(id),
            sprinting: c.sprint_window > 0,
            stealth: false,
            condition,
            no_crits,
        };
        let mut thrower = c.fighter.clone();
        // The count is kept apart from rounds: a thrown weapon needs none.
        thrower.weapons[weapon].loaded = thrower.weapons[weapon].magazine;
        let unseen = super::stealth::unseen(d.state, id, target);
        let shot = shoot_unseen(
            &thrower,
            &victim.fighter,
            &aim,
            unseen,
            &mut Roller::new(),
            dice,
        )?
        .map_err(|r| illegal(super::command::shot_refusal(&r, &w.name)))?;
        let breakdown = shot.explain(&thrower, &victim.fighter, &aim);
        d.push(Event::Shot {
            attacker: id.clone(),
            target: target.clone(),
            weapon,
            mode: FireMode::Semi,
            shot: Box::new(shot),
            breakdown,
        });
        consequences(d, target, &victim.fighter, shot.strike.as_ref());
        super::movement::hit_the_dirt(d, target);
        return Ok(());
    };
    // A grenade.
    let longest = w.brackets.last().map_or(0, |b| b.to);
    let row = w.aimed.row(FireMode::Semi).map_or(10, |r| r[bracket]);
    let close = if 2 * metres <= longest {
        CLOSE_THROW
    } else {
        0
    };
    // The target's stance counts as against a shot, prone too: it gives
    // nothing within 5 m in the open (CX-RNG-04). A throw is an attack like
    // a shot, so the thrower's suppression and sprint count (CX-SUP-01,
    // CX-MOVE-02), as for a thrown knife.
    let prone_close =
        victim.stance == Stance::Prone && metres <= PRONE_CLOSE && victim.cover == Cover::None;
    let stance = match victim.stance {
        Stance::Standing => 0,
        Stance::Crouched => 1,
        Stance::Prone if prone_close => 0,
        Stance::Prone | Stance::Hunkered => 2,
    };
    let suppressed = i64::from(d.state.is_suppressed(id));
    let sprinting = i64::from(c.sprint_window > 0);
    let mc = row + victim.cover.modifier() + stance + close + suppressed + sprinting + condition;
    let mut b = Breakdown::new();
    b.note(format!(
        "{} throws the {} at {} from {metres} m{}",
        c.fighter.name,
        w.name,
        victim.fighter.name,
        if cooked.is_some() {
            " (cooked: no dodging)"
        } else {
            ""
        }
    ));
    b.value("miss chance (sheet)", row);
    b.modifier(
        format!("{} cover (CX-RNG-04)", victim.cover.key()),
        victim.cover.modifier(),
    );
    b.modifier(
        format!("target {} (CX-RNG-04)", victim.stance.key()),
        stance,
    );
    if prone_close {
        b.note("prone gives nothing within 5 m without cover (CX-RNG-04)");
    }
    b.modifier("inside half the longest throw (CX-RNG-15)", close);
    b.modifier("suppressed (CX-SUP-01)", suppressed);
    b.modifier("sprinting (CX-MOVE-02)", sprinting);
    b.modifier("conditions and injuries", condition);
    let roll = d10_for(dice, || {
        format!("throw d10 for {}'s {}", c.fighter.name, w.name)
    })?;
    let hit = i64::from(roll) > mc;
    let critical = hit && !no_crits && roll >= w.crit_from;
    b.die(format!("accuracy, {}", c.fighter.name), 10, roll);
    b.compare(
        format!("d10 {roll}"),
        if hit { ">" } else { "<=" },
        format!("miss chance {mc}"),
        if critical {
            "critical: on target (CX-RNG-07)"
        } else if hit {
            "on target"
        } else {
            "off target"
        },
    );
    let scatter = if hit {
        0
    } else if mc - i64::from(roll) <= 1 {
        let s = dice_sides(dice, 4, || {
            format!("grenade scatter d4 for {}", c.fighter.name)
        })?;
        b.die(
            "scatter: within 1 of the miss chance, d4 m off (CX-RNG-15)",
            4,
            s,
        );
        i64::from(s)
    } else {
        let s = dice_sides(dice, 10, || {
            format!("grenade scatter d10 for {}", c.fighter.name)
        })?;
        b.die("scatter: d10 m off (CX-RNG-15)", 10, s);
        i64::from(s)
    };
    let purpose = format!("{} damage", w.name);
    let rolled = super::gm::roll_formula(&w.damage, &c.fighter.stats, &purpose, dice)?;
    let amount = rolled + if critical { CRITICAL_DAMAGE } else { 0 };
    b.value(format!("damage {}", w.damage.text()), rolled);
    b.modifier(
        "critical (CX-DMG-06)",
        if critical { CRITICAL_DAMAGE } else { 0 },
    );
    // Caught: the target if the blast reaches it, and anyone whose distance
    // to the target is known and leaves them inside the blast even where the
    // grenade scattered (a decision: without a map, the sure cases only).
    let mut caught: Vec<CombatantId> = Vec::new();
    if scatter <= radius {
        caught.push(target.clone());
    }
    for other in d.state.combatants.keys() {
        if other == target || d.state.combatants[other].fighter.dead {
            continue;
        }
        let r = if other == id {
            Some(metres)
        } else {
            d.state.distance(target, other)
        };
        if r.is_some_and(|r| r + scatter <= radius) {
            caught.push(other.clone());
        }
    }
    b.note(format!(
        "blast radius {radius} m, {scatter} m off target: {} caught",
        if caught.is_empty() {
            "nobody".to_string()
        } else {
            caught
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }
    ));
    d.push(Event::Grenade {
        id: id.clone(),
        target: target.clone(),
        weapon,
        scatter,
        caught: caught.clone(),
        breakdown: b,
    });
    for who in caught {
        let before = d.state.combatant(&who)?.fighter.clone();
        let mut hb = Breakdown::new();
        let mut dealt = amount;
        if cooked.is_none() {
            let die = d100_for(dice, || {
                format!("Reflex save d100 for {} to dodge", before.name)
            })?;
            let result = judge_total(
                i64::from(die) + before.saves.reflex + w.reflex_modifier,
                DODGE_DC,
                false,
                Some(die),
                &[
                    ("Reflex save".to_string(), before.saves.reflex),
                    (
                        format!("{} Reflex modifier (CX-RNG-15)", w.name),
                        w.reflex_modifier,
                    ),
                ],
            );
            hb.note(format!(
                "{} tries to dodge: Reflex save against DC {DODGE_DC}",
                before.name
            ));
            hb.extend(result.breakdown.clone());
            if result.success {
                dealt /= 2;
                hb.note("dodged: half damage");
            }
        }
        hb.value(format!("{}'s share of the blast", before.name), dealt);
        let s = strike(
            &before,
            Blow {
                amount: dealt,
                damage_type: w.damage_type,
                apl: w.apl,
                non_lethal: w.non_lethal,
            },
            dice,
        )?;
        explain_strike(&mut hb, &s, w.apl, &before);
        d.push(Event::Struck {
            target: who.clone(),
            strike: s,
            breakdown: hb,
        });
        consequences(d, &who, &before, Some(&s));
    }
    // Thrown at in the open and still up: it hits the dirt (CX-MOVE-07).
    super::movement::hit_the_dirt(d, target);
    Ok(())
}

fn dice_sides(
    dice: &mut dyn DiceSource,
    sides: u32,
    purpose: impl FnOnce() -> String,
) -> Result<u32, Refusal> {
    let text = purpose();
    Ok(dice.roll(&nanite_core::DieRequest::new(sides, &text))?)
}
