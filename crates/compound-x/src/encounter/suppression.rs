//! Suppression (CX-SUP): light, medium and heavy suppressive fire as the last
//! action of a turn, the area it holds until the suppressor's next turn, and
//! the reactions when a suppressed target moves into the open.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};
use serde::{Deserialize, Serialize};

use super::gm::{able, consequences, not_afraid, spend, weapon_of};
use super::{CxEffect, Decision, Event, Refusal};
use crate::combat::{
    Blow, CRITICAL_DAMAGE, Cover, Fighter, Stance, Strike, WeaponState, d10_for, explain_strike,
    strike,
};
use crate::pack::{FireMode, Suppression};

/// Rounds a level of suppression spends (CX-SUP-02..04).
pub fn rounds(level: Suppression) -> i64 {
    match level {
        Suppression::Light => 3,
        Suppression::Medium => 6,
        Suppression::Heavy => 10,
    }
}

/// Radius of the suppressed area in metres (CX-SUP-02..04).
pub fn radius(level: Suppression) -> i64 {
    match level {
        Suppression::Heavy => 2,
        _ => 1,
    }
}

/// The name used in commands and the log.
pub fn level_key(level: Suppression) -> &'static str {
    match level {
        Suppression::Light => "light",
        Suppression::Medium => "medium",
        Suppression::Heavy => "heavy",
    }
}

fn rank(level: Suppression) -> u8 {
    match level {
        Suppression::Light => 1,
        Suppression::Medium => 2,
        Suppression::Heavy => 3,
    }
}

/// One reaction hit on a target moving under suppression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuppressionHit {
    /// The accuracy d10 (light suppression only; medium and heavy hit).
    pub die: Option<u32>,
    /// Whether it hit.
    pub hit: bool,
    /// A critical hit (light suppression's accuracy roll in the critical
    /// range, CX-RNG-07): +20 damage.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub critical: bool,
    /// The jam d10 after a raw 1 on the accuracy roll (CX-RNG-08).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jam_die: Option<u32>,
    /// The suppressor's weapon (by index) that the jam die jammed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jammed_weapon: Option<usize>,
    /// The damage roll.
    pub damage_roll: Option<i64>,
    /// What the damage did.
    pub strike: Option<Strike>,
}

/// Whether `by`'s `weapon` can fire a reaction: not jammed or broken.
fn can_fire(d: &Decision<'_>, by: &CombatantId, weapon: usize) -> bool {
    d.state
        .combatants
        .get(by)
        .and_then(|c| c.fighter.weapons.get(weapon))
        .is_some_and(|w| !w.jammed && !w.broken)
}

/// The miss chance of a non-automatic shot of `weapon` at `distance` against
/// a target with `cover` and `stance`, if in range.
fn semi_miss_chance(
    shooter: &Fighter,
    weapon: usize,
    distance: i64,
    cover: Cover,
    stance: Stance,
) -> Option<i64> {
    let w = shooter.weapons.get(weapon)?;
    let bracket = w.bracket(distance)?;
    // The semi-automatic row; a weapon without one (an LMG) its best row.
    let row = match w.aimed.row(FireMode::Semi) {
        Some(r) => r[bracket],
        None => [FireMode::Burst, FireMode::Auto]
            .into_iter()
            .filter_map(|m| w.aimed.row(m).map(|r| r[bracket]))
            .min()?,
    };
    let stance = match stance {
        Stance::Standing => 0,
        Stance::Crouched => 1,
        Stance::Hunkered => 2,
        Stance::Prone if distance <= crate::combat::PRONE_CLOSE && cover == Cover::None => 0,
        Stance::Prone => 2,
    };
    Some(row + cover.modifier() + stance)
}

pub(crate) fn suppress(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    weapon: usize,
    level: Option<Suppression>,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    not_afraid(d, id, "suppress")?;
    super::melee::not_held(d, id)?;
    let illegal = |why: String| Refusal::Illegal { why };
    if c.stance == Stance::Hunkered {
        return Err(illegal(
            "a hunkered shooter can only blind fire, not suppress (CX-MOVE-06)".into(),
        ));
    }
    let w = weapon_of(&c, id, weapon)?;
    let (level, spent) = level_and_rounds(w, level)?;
    d.state.combatant(target)?;
    if id == target {
        return Err(illegal("a combatant cannot suppress itself".into()));
    }
    let distance = d.state.distance(id, target).ok_or_else(|| {
        illegal(format!(
            "the distance between {id} and {target} is not known; set it first"
        ))
    })?;
    if w.bracket(distance).is_none() {
        return Err(illegal(format!(
            "{target} is beyond the {}'s range (CX-RNG-02)",
            w.name
        )));
    }
    // The last action of the turn: what is left goes with it (CX-SUP-01).
    let left = if d.state.clock.active.as_ref() == Some(id) {
        d.state.clock.budget.left.max(1)
    } else {
        1
    };
    spend(
        d,
        id,
        left,
        format!("suppress {target} ({}, the last action)", level_key(level)),
    )?;
    let at = d.state.position(target);
    let held = held_by(d, id, target, level);
    let (suppressed, refused) = hittable(d, id, weapon, distance, held);
    d.push(Event::Suppressing {
        id: id.clone(),
        target: target.clone(),
        weapon,
        level,
        rounds: spent,
        suppressed: suppressed.clone(),
        unhittable: refused,
    });
    if let Some(at) = at {
        d.push(Event::Area {
            by: id.clone(),
            at,
            radius: radius(level),
            blast: false,
        });
    }
    for who in suppressed {
        hold_down(d, id, &who, weapon, level);
    }
    Ok(())
}

/// The level laid down (the weapon's heaviest unless one is named, never
/// heavier) and the rounds it spends; a jammed or broken weapon cannot,
/// and the magazine must hold them, though light suppression takes what is
/// left, at least 1 (CX-SUP-02).
fn level_and_rounds(
    w: &WeaponState,
    level: Option<Suppression>,
) -> Result<(Suppression, i64), Refusal> {
    let illegal = |why: String| Refusal::Illegal { why };
    let most = w.suppression.ok_or_else(|| {
        illegal(format!(
            "the {} cannot lay down suppressive fire (CX-SUP)",
            w.name
        ))
    })?;
    let level = level.unwrap_or(most);
    if rank(level) > rank(most) {
        return Err(illegal(format!(
            "the {} lays down at most {} suppression (CX-SUP)",
            w.name,
            level_key(most)
        )));
    }
    if w.jammed || w.broken {
        return Err(illegal(format!("the {} is jammed or broken", w.name)));
    }
    let needed = rounds(level);
    let spent = match level {
        // Light: 3 rounds or the rest of the magazine, at least 1 (CX-SUP-02).
        Suppression::Light if w.loaded >= 1 => needed.min(w.loaded),
        _ if w.loaded >= needed => needed,
        _ => {
            return Err(illegal(format!(
                "{} suppression needs {needed} rounds and the {} has {}; reload (CX-SUP)",
                level_key(level),
                w.name,
                w.loaded
            )));
        }
    };
    Ok((level, spent))
}

/// Who the suppression holds: the target; heavy suppression holds every
/// enemy within 2 m of it; on a map, every level holds every enemy in its
/// area (1 m, or 2 m heavy) around the point the target stands on.
fn held_by(
    d: &Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    level: Suppression,
) -> Vec<CombatantId> {
    let side = d
        .state
        .clock
        .seat(id)
        .map(|s| s.side.clone())
        .unwrap_or_default();
    let mut held = vec![target.clone()];
    let at = d.state.position(target);
    if at.is_some() {
        for other in d.state.combatants.keys() {
            if other == id || other == target || d.state.combatants[other].fighter.dead {
                continue;
            }
            let enemy = d.state.clock.seat(other).is_ok_and(|s| s.side != side);
            let inside = match (at, d.state.position(other)) {
                (Some(c), Some(p)) => super::scene::metres_between(c, p) <= radius(level),
                _ => false,
            };
            if enemy && inside {
                held.push(other.clone());
            }
        }
    } else if level == Suppression::Heavy {
        for other in d.state.combatants.keys() {
            if other == id || other == target {
                continue;
            }
            let enemy = d.state.clock.seat(other).is_ok_and(|s| s.side != side);
            if enemy && d.state.distance(target, other).is_some_and(|m| m <= 2) {
                held.push(other.clone());
            }
        }
    }
    held
}

/// The held split into those suppressed and those the suppressor cannot
/// hit at all, so not suppressed (CX-SUP-05): out of its sight on the map,
/// or out of its reach.
fn hittable(
    d: &Decision<'_>,
    id: &CombatantId,
    weapon: usize,
    distance: i64,
    held: Vec<CombatantId>,
) -> (Vec<CombatantId>, Vec<CombatantId>) {
    let mut refused = Vec::new();
    let mut suppressed = Vec::new();
    for who in held {
        let Some(c) = d.state.combatants.get(&who) else {
            continue;
        };
        let metres = d.state.distance(id, &who).unwrap_or(distance);
        // A target the suppressor cannot hit at all is not suppressed
        // (CX-SUP-05): out of its sight on the map, or out of its reach.
        let cover = d.state.cover_against(id, &who);
        let mc = semi_miss_chance(
            &d.state.combatants[id].fighter,
            weapon,
            metres,
            cover,
            c.stance,
        );
        if d.state.sees(id, &who) && mc.is_some_and(|mc| mc < 10) {
            suppressed.push(who);
        } else {
            refused.push(who);
        }
    }
    (suppressed, refused)
}

/// Holds one suppressed combatant until the suppressor's next turn.
/// Renewing replaces the suppressor's old hold; holds of others stay (the
/// +1 does not stack, CX-SUP-01).
fn hold_down(
    d: &mut Decision<'_>,
    id: &CombatantId,
    who: &CombatantId,
    weapon: usize,
    level: Suppression,
) {
    let old: Vec<_> = d
        .state
        .clock
        .effects_on(who)
        .filter(|e| matches!(&e.payload, CxEffect::Suppressed { by, .. } if by == id))
        .map(|e| e.id)
        .collect();
    for effect in old {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: "suppression renewed".into(),
        });
    }
    let e = d.state.clock.add_effect(
        who,
        format!("suppressed by {id} ({})", level_key(level)),
        Some(Expiry::next(Moment::start_of(id))),
        CxEffect::Suppressed {
            by: id.clone(),
            weapon,
            level,
        },
    );
    d.clock(e);
}

/// A suppressed combatant moved `metres`: each suppressor that can react
/// fires at it (light: an accuracy roll; medium: an automatic hit; heavy: two
/// automatic hits; armor rolls as usual), unless it moved into complete
/// concealment or that suppressor already fired on it since laying the
/// suppression down ("once per target per suppressor's turn"); leaving the
/// area ends the suppression (CX-SUP-02..05).
pub(crate) fn moved(
    d: &mut Decision<'_>,
    id: &CombatantId,
    metres: i64,
    concealed: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    moved_under(
        d,
        id,
        dice,
        |_, _| !concealed,
        |_, _, level| metres > radius(level),
    )
}

/// A suppressed combatant moved on the map to `to` (CX-SUP-02..05): each
/// suppressor that still sees it there fires, as on a move into the open
/// (its line of fire decides: a point it cannot see is complete
/// concealment); ending outside a suppressor's area ends that suppression.
pub(crate) fn moved_on_map(
    d: &mut Decision<'_>,
    id: &CombatantId,
    to: super::Point,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    moved_under(
        d,
        id,
        dice,
        |d, by| d.state.sees(by, id),
        |d, by, _| {
            let area = d
                .state
                .scene
                .as_ref()
                .and_then(|s| s.areas.iter().find(|a| a.by == *by).cloned());
            area.is_none_or(|a| super::scene::metres_between(a.at, to) > a.radius)
        },
    )
}

/// A suppressed combatant moved (CX-SUP-02..05): each suppressor that
/// `sees` it in the open, has not fired on it yet since laying the
/// suppression down, can act and can fire, fires on it; a suppression it
/// `leaves` the area of ends.
fn moved_under(
    d: &mut Decision<'_>,
    id: &CombatantId,
    dice: &mut dyn DiceSource,
    sees: impl Fn(&Decision<'_>, &CombatantId) -> bool,
    leaves: impl Fn(&Decision<'_>, &CombatantId, Suppression) -> bool,
) -> Result<(), Refusal> {
    let holds: Vec<_> = d
        .state
        .clock
        .effects_on(id)
        .filter_map(|e| match &e.payload {
            CxEffect::Suppressed { by, weapon, level } => Some((e.id, by.clone(), *weapon, *level)),
            _ => None,
        })
        .collect();
    for (effect, by, weapon, level) in holds {
        let fired = d.state.combatant(id)?.suppression_fired_by.contains(&by);
        if sees(d, &by) && !fired && able(d, &by).is_ok() && can_fire(d, &by, weapon) {
            if let Ok(reaction) = d.state.clock.react_against(
                &by,
                &format!("suppression fire at {id} moving into the open"),
                id,
            ) {
                d.clock(reaction);
                react(d, &by, id, weapon, level, dice)?;
            }
        }
        let c = d.state.combatant(id)?;
        if c.fighter.dead || c.fighter.is_downed() {
            return Ok(());
        }
        if leaves(d, &by, level) && d.state.clock.effects.iter().any(|e| e.id == effect) {
            d.clock(ClockEvent::EffectEnded {
                id: effect,
                why: format!("{id} leaves the suppressed area"),
            });
        }
    }
    Ok(())
}

/// The GM rules that `target` crossed in front of `by`'s suppressive fire
/// (CX-SUP-06): `by` reacts as if it moved into the open.
pub(crate) fn crossing(
    d: &mut Decision<'_>,
    by: &CombatantId,
    target: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    d.state.combatant(target)?;
    let held = d
        .state
        .clock
        .effects
        .iter()
        .find_map(|e| match &e.payload {
            CxEffect::Suppressed {
                by: b,
                weapon,
                level,
            } if b == by => Some((*weapon, *level)),
            _ => None,
        })
        .ok_or_else(|| Refusal::Illegal {
            why: format!("{by} is not laying down suppressive fire"),
        })?;
    able(d, by)?;
    if !can_fire(d, by, held.0) {
        return Err(Refusal::Illegal {
            why: format!("{by}'s weapon is jammed or broken: it cannot fire (CX-RNG-08)"),
        });
    }
    let reaction = d.state.clock.react_against(
        by,
        &format!("suppression fire at {target} crossing its fire"),
        target,
    )?;
    d.clock(reaction);
    react(d, by, target, held.0, held.1, dice)
}

fn react(
    d: &mut Decision<'_>,
    by: &CombatantId,
    target: &CombatantId,
    weapon: usize,
    level: Suppression,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let shooter = d.state.combatant(by)?.fighter.clone();
    let Some(w) = shooter.weapons.get(weapon) else {
        return Ok(());
    };
    let distance = d.state.distance(by, target).unwrap_or(1);
    let shots = if level == Suppression::Heavy { 2 } else { 1 };
    for shot in 1..=shots {
        let victim = d.state.combatant(target)?.clone();
        if victim.fighter.dead {
            break;
        }
        let mut b = Breakdown::new();
        b.note(format!(
            "{} fires on {} moving into the open ({} suppression{}, CX-SUP-05)",
            shooter.name,
            victim.fighter.name,
            level_key(level),
            if shots > 1 {
                format!(", hit {shot} of {shots}")
            } else {
                String::new()
            }
        ));
        let mut h = SuppressionHit {
            die: None,
            hit: true,
            critical: false,
            jam_die: None,
            jammed_weapon: None,
            damage_roll: None,
            strike: None,
        };
        if level == Suppression::Light {
            // In the open: no cover; a non-automatic accuracy roll (CX-SUP-02),
            // which crits and jams as any accuracy roll does (CX-RNG-07, -08).
            let mc = semi_miss_chance(&shooter, weapon, distance, Cover::None, victim.stance)
                .unwrap_or(10);
            let roll = d10_for(dice, || {
                format!(
                    "suppression accuracy d10 for {} at {}",
                    shooter.name, victim.fighter.name
                )
            })?;
            let no_crits = d
                .state
                .has_effect(by, |e| matches!(e, CxEffect::NoCriticals));
            h.die = Some(roll);
            h.hit = i64::from(roll) > mc;
            h.critical = h.hit && !no_crits && roll >= w.crit_from;
            b.die("suppression accuracy", 10, roll);
            b.compare(
                format!("d10 {roll}"),
                if h.hit { ">" } else { "<=" },
                format!("miss chance {mc}"),
                if h.critical {
                    format!("critical hit (faces {}-10, CX-RNG-07)", w.crit_from)
                } else if h.hit {
                    "hit (CX-SUP-02)".to_string()
                } else {
                    "miss".to_string()
                },
            );
            if roll == 1 {
                let jam = d10_for(dice, || {
                    format!("jam d10 for {}'s {}", shooter.name, w.name)
                })?;
                h.jam_die = Some(jam);
                b.die("jam check after a raw 1", 10, jam);
                b.compare(
                    format!("d10 {jam}"),
                    if jam <= 2 { "<=" } else { ">" },
                    "2",
                    if jam <= 2 {
                        "the weapon jams (CX-RNG-08)"
                    } else {
                        "no jam"
                    },
                );
                if jam <= 2 {
                    h.jammed_weapon = Some(weapon);
                }
            }
        } else {
            b.note("an automatic hit: only armor is rolled (CX-SUP-03, CX-SUP-04)");
        }
        if h.hit {
            let purpose = format!("suppression damage of {}", shooter.name);
            let rolled = super::gm::roll_formula(&w.damage, &shooter.stats, &purpose, dice)?;
            b.value(format!("damage {}", w.damage.text()), rolled);
            let bonus = if h.critical { CRITICAL_DAMAGE } else { 0 };
            b.modifier("critical (CX-DMG-06)", bonus);
            let s = strike(
                &victim.fighter,
                Blow {
                    amount: rolled + bonus,
                    damage_type: w.damage_type,
                    apl: w.apl,
                    non_lethal: w.non_lethal,
                },
                dice,
            )?;
            explain_strike(&mut b, &s, w.apl, &victim.fighter);
            h.damage_roll = Some(rolled);
            h.strike = Some(s);
        }
        let s = h.strike;
        d.push(Event::SuppressionFire {
            by: by.clone(),
            target: target.clone(),
            hit: Box::new(h),
            breakdown: b,
        });
        consequences(d, target, &victim.fighter, s.as_ref());
    }
    Ok(())
}
