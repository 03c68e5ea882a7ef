//! Grenades (CX-RNG-15): the miss chance of a throw at a target (with the
//! close-throw -2 and, unseen, the ranged stealth attack of CX-RNG-09), the
//! scatter of a miss, who the blast catches, and each one's Reflex save to
//! dodge (none against a cooked grenade) and share of the damage.

use nanite_core::{Breakdown, CombatantId, DiceSource};

use super::{Situation, Throw};
use crate::check::judge_total;
use crate::combat::{
    Blow, CRITICAL_DAMAGE, Cover, PRONE_CLOSE, STEALTH_DAMAGE, Stance, d10_for, d100_for,
    explain_strike, strike,
};
use crate::encounter::gm::consequences;
use crate::encounter::{Decision, Event, Refusal};
use crate::pack::FireMode;

/// A grenade thrown under half its longest throw: -2 miss chance (CX-RNG-15;
/// 002: "under half of your grenade's max throwing distance", so exactly half
/// gets nothing).
pub const CLOSE_THROW: i64 = -2;
/// The DC of the Reflex save to dodge a grenade (the texts give none: a decision).
pub const DODGE_DC: i64 = 50;
/// A ranged stealth attack's miss chance, explosives included (CX-RNG-09).
const STEALTH_MISS_CHANCE: i64 = -1;

/// Throws the grenade of `t` and resolves its blast of `radius` metres.
pub(super) fn explode(
    d: &mut Decision<'_>,
    t: &Throw<'_>,
    s: &Situation,
    radius: i64,
    cooked: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let (thrower, w) = (&t.thrower.fighter, &t.w);
    let mut b = Breakdown::new();
    b.note(format!(
        "{} throws the {} at {} from {} m{}",
        thrower.name,
        w.name,
        t.victim.fighter.name,
        t.metres,
        if cooked { " (cooked: no dodging)" } else { "" }
    ));
    let mc = miss_chance(t, s, &mut b);
    let roll = d10_for(dice, || {
        format!("throw d10 for {}'s {}", thrower.name, w.name)
    })?;
    let hit = i64::from(roll) > mc;
    let critical = hit && !s.no_crits && roll >= w.crit_from;
    b.die(format!("accuracy, {}", thrower.name), 10, roll);
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
    } else {
        scatter(dice, mc, roll, &thrower.name, &mut b)?
    };
    // On a map: where it lands, thrown true or scattered the way a d8
    // says (1 north, then clockwise; a decision).
    let landed = match (d.state.scene.as_ref(), d.state.position(t.target)) {
        (Some(scene), Some(at)) if scatter > 0 => {
            let d8 = dice.roll(&nanite_core::DieRequest::new(
                8,
                &format!("grenade scatter direction d8 for {}", thrower.name),
            ))?;
            let landed = crate::encounter::scene::scattered(&scene.layout, at, scatter, d8);
            b.die("scatter direction (1 north, then clockwise)", 8, d8);
            b.note(format!(
                "it lands {scatter} m {} of {}, at {landed}",
                crate::encounter::scene::direction_name(d8),
                t.victim.fighter.name
            ));
            Some(landed)
        }
        (Some(_), Some(at)) => Some(at),
        _ => None,
    };
    let purpose = format!("{} damage", w.name);
    let rolled = crate::encounter::gm::roll_formula(&w.damage, &thrower.stats, &purpose, dice)?;
    let critical_bonus = if critical { CRITICAL_DAMAGE } else { 0 };
    let stealth_bonus = if s.unseen { STEALTH_DAMAGE } else { 0 };
    b.value(format!("damage {}", w.damage.text()), rolled);
    b.modifier("critical (CX-DMG-06)", critical_bonus);
    b.modifier("stealth attack (CX-RNG-09)", stealth_bonus);
    let caught = match landed {
        Some(at) => caught_on_map(d, t, at, radius),
        None => caught(d, t, scatter, radius),
    };
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
    if let Some(at) = landed {
        d.push(Event::Area {
            by: t.id.clone(),
            at,
            radius,
            blast: true,
        });
    }
    d.push(Event::Grenade {
        id: t.id.clone(),
        target: t.target.clone(),
        weapon: t.weapon,
        scatter,
        caught: caught.clone(),
        breakdown: b,
    });
    let amount = rolled + critical_bonus + stealth_bonus;
    for who in caught {
        blast(d, t, &who, amount, cooked, dice)?;
    }
    // Thrown at in the open and still up: it hits the dirt (CX-MOVE-07).
    crate::encounter::movement::hit_the_dirt(d, t.target, Some(t.id));
    Ok(())
}

/// The throw's miss chance, itemised into `b`: the sheet's row; the
/// target's cover and stance as against a shot, prone too: nothing within
/// 5 m in the open (CX-RNG-04); -2 under half the longest throw
/// (CX-RNG-15); the thrower suppressed (CX-SUP-01), sprinting (CX-MOVE-02),
/// its conditions and injuries, as for a thrown knife; -1 when the target
/// has not detected the thrower (CX-RNG-09: "including explosive").
fn miss_chance(t: &Throw<'_>, s: &Situation, b: &mut Breakdown) -> i64 {
    let (victim, metres) = (&t.victim, t.metres);
    let longest = t.w.brackets.last().map_or(0, |r| r.to);
    let row = t.w.aimed.row(FireMode::Semi).map_or(10, |r| r[t.bracket]);
    let close = if 2 * metres < longest { CLOSE_THROW } else { 0 };
    let prone_close =
        victim.stance == Stance::Prone && metres <= PRONE_CLOSE && victim.cover == Cover::None;
    let stance = match victim.stance {
        Stance::Standing => 0,
        Stance::Crouched => 1,
        Stance::Prone if prone_close => 0,
        Stance::Prone | Stance::Hunkered => 2,
    };
    let suppressed = i64::from(s.suppressed);
    let sprinting = i64::from(s.sprinting);
    let stealth = if s.unseen { STEALTH_MISS_CHANCE } else { 0 };
    b.value("miss chance (sheet)", row);
    b.modifier(
        format!("{} (CX-RNG-04)", victim.cover.words()),
        victim.cover.modifier(),
    );
    b.modifier(
        format!("target {} (CX-RNG-04)", victim.stance.key()),
        stance,
    );
    if prone_close {
        b.note("prone gives nothing within 5 m without cover (CX-RNG-04)");
    }
    b.modifier("under half the longest throw (CX-RNG-15)", close);
    b.modifier("suppressed (CX-SUP-01)", suppressed);
    b.modifier("sprinting (CX-MOVE-02)", sprinting);
    b.modifier("conditions and injuries", s.condition);
    b.modifier("stealth attack (CX-RNG-09)", stealth);
    row + victim.cover.modifier() + stance + close + suppressed + sprinting + s.condition + stealth
}

/// How far a miss lands off target: a d4 in metres when the d10 was within
/// 1 of the miss chance, a d10 beyond (CX-RNG-15).
fn scatter(
    dice: &mut dyn DiceSource,
    mc: i64,
    roll: u32,
    thrower: &str,
    b: &mut Breakdown,
) -> Result<i64, Refusal> {
    let (sides, why) = if mc - i64::from(roll) <= 1 {
        (
            4,
            "scatter: within 1 of the miss chance, d4 m off (CX-RNG-15)",
        )
    } else {
        (10, "scatter: d10 m off (CX-RNG-15)")
    };
    let text = format!("grenade scatter d{sides} for {thrower}");
    let s = dice.roll(&nanite_core::DieRequest::new(sides, &text))?;
    b.die(why, sides, s);
    Ok(i64::from(s))
}

/// Who the blast catches: the target if the scatter is within the radius,
/// and anyone whose known distance to the target plus the scatter is within
/// it (a decision: without a map, the sure cases only), the thrower too.
fn caught(d: &Decision<'_>, t: &Throw<'_>, scatter: i64, radius: i64) -> Vec<CombatantId> {
    let mut caught: Vec<CombatantId> = Vec::new();
    if scatter <= radius {
        caught.push(t.target.clone());
    }
    for other in d.state.combatants.keys() {
        if other == t.target || d.state.combatants[other].fighter.dead {
            continue;
        }
        let r = if other == t.id {
            Some(t.metres)
        } else {
            d.state.distance(t.target, other)
        };
        if r.is_some_and(|r| r + scatter <= radius) {
            caught.push(other.clone());
        }
    }
    caught
}

/// Who a blast at `at` catches on the map: every living combatant placed
/// within `radius` metres of it (the thrower too), unless a wall that stops
/// a blast (full cover, concealing, a closed door) stands between; those
/// not on the map by the sure cases of [`caught`].
fn caught_on_map(
    d: &Decision<'_>,
    t: &Throw<'_>,
    at: crate::encounter::Point,
    radius: i64,
) -> Vec<CombatantId> {
    let Some(scene) = d.state.scene.as_ref() else {
        return Vec::new();
    };
    let scatter =
        crate::encounter::scene::metres_between(d.state.position(t.target).unwrap_or(at), at);
    let mut caught: Vec<CombatantId> = Vec::new();
    for (other, c) in d.state.combatants.iter() {
        if c.fighter.dead {
            continue;
        }
        let inside = match scene.at(other) {
            Some(p) => {
                crate::encounter::scene::metres_between(at, p) <= radius
                    && !scene.layout.shields_blast(at, p)
            }
            None => {
                let r = if other == t.id {
                    Some(t.metres)
                } else {
                    d.state.distance(t.target, other)
                };
                r.is_some_and(|r| r + scatter <= radius)
            }
        };
        if inside {
            caught.push(other.clone());
        }
    }
    caught
}

/// One caught combatant's share: a Reflex save (d100 + Reflex + the
/// grenade's modifier) against DC 50 halves it unless the grenade was
/// cooked; then it strikes like any hit (explosives ignore armor and
/// shields, CX-DMG-05).
fn blast(
    d: &mut Decision<'_>,
    t: &Throw<'_>,
    who: &CombatantId,
    amount: i64,
    cooked: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let w = &t.w;
    let before = d.state.combatant(who)?.fighter.clone();
    let mut hb = Breakdown::new();
    let mut dealt = amount;
    if !cooked {
        let die = d100_for(dice, || {
            format!("Reflex save d100 for {} to dodge", before.name)
        })?;
        // Drink changes PER and DEX, and so the Reflex save (CX-COND-09/10).
        let reflex = d.state.reflex_save(who);
        let result = judge_total(
            i64::from(die) + reflex + w.reflex_modifier,
            DODGE_DC,
            false,
            Some(die),
            &[
                ("Reflex save".to_string(), reflex),
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
    consequences(d, who, &before, Some(&s));
    Ok(())
}
