//! Reloading with its check (CX-RNG-12, CX-RNG-13, CX-TURN-07), carried over
//! into the next turn when it takes longer than the actions left, the
//! shield's fast recharge (CX-DMG-04) and repairs; and the weapon check a
//! reload and clearing a jam both roll.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{CombatantId, DiceSource};

use super::gm::{able, not_afraid, spend, weapon_of};
use super::{CxEffect, Decision, Event, Refusal};
use crate::check::{CheckResult, CheckSpec, Effort, judge_total, skill_check};
use crate::combat::WeaponState;
use crate::combat::d100_for;

/// A reload check total of this or more is a critical reload with the base
/// critical range of 1 (CX-RNG-13; 000: "anything in the 90-100 range").
pub const CRITICAL_RELOAD: i64 = 90;

/// The reload total that is a critical for a character whose critical faces
/// start at `crit_from` (CX-RNG-07): 000's critical reload is "effected by
/// luck as normal", so each face of critical range beyond the first lowers the
/// 90 by 10 (a d10 face is 10 points of a d100): range 1 (10): 90, range 2
/// (9-10): 80; no critical faces (LUCK 1 or 2): 100.
pub fn critical_reload(crit_from: u32) -> i64 {
    let faces = 11 - i64::from(crit_from.clamp(1, 11));
    CRITICAL_RELOAD + 10 - 10 * faces
}

/// Actions of a reload when the weapon data gives none: a magazine (CX-TURN-07).
pub const DEFAULT_RELOAD_ACTIONS: i64 = 2;
/// What a reload carried over spends at the start of the next turn.
pub(crate) const RELOAD_CONTINUED: &str = "reload, continued";

/// `id` reloads its weapon `weapon` from a spare magazine, with the reload
/// check when the weapon has a reload DC (a critical halves the time, a
/// failure doubles it, CX-RNG-13); what the actions left this turn cannot
/// pay carries over into the next (CX-TURN-07).
pub(crate) fn reload(
    d: &mut Decision<'_>,
    id: &CombatantId,
    weapon: usize,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    not_afraid(d, id, "reload")?;
    let illegal = |why: String| Refusal::Illegal { why };
    let w = weapon_of(&c, id, weapon)?;
    if w.magazine == 0 {
        return Err(illegal(format!("the {} takes no ammunition", w.name)));
    }
    if d.state
        .has_effect(id, |e| matches!(e, CxEffect::Reloading { .. }))
    {
        return Err(illegal(format!(
            "{id} is already reloading; it finishes at the start of its next turn"
        )));
    }
    if w.loaded >= w.magazine {
        return Err(illegal(format!("the {} is fully loaded", w.name)));
    }
    if w.spare_magazines < 1 {
        return Err(illegal(format!(
            "{id} has no spare magazine for the {} (CX-RNG-12)",
            w.name
        )));
    }
    // Refuse for want of actions before the check is rolled.
    d.state.clock.can_spend(id, 1, "reload")?;
    let (standard, critical, failed) = w.reload_actions.map_or(
        (
            DEFAULT_RELOAD_ACTIONS,
            (DEFAULT_RELOAD_ACTIONS + 1) / 2,
            DEFAULT_RELOAD_ACTIONS * 2,
        ),
        |r| (r.standard, r.critical, r.failed),
    );
    let (actions, what) = match w.reload_dc {
        Some(dc) => {
            let result = weapon_check(d, id, w, dc, d.state.in_combat(), "reload", dice)?;
            // Black Cat 3-4: no critical success "in any form" (CX-STAT-13).
            let no_crits = d
                .state
                .has_effect(id, |e| matches!(e, CxEffect::NoCriticals));
            let (actions, outcome) =
                if result.success && result.total >= critical_reload(c.fighter.crit_from) {
                    if no_crits {
                        (
                            standard,
                            "standard time: no critical this encounter, Black Cat, CX-STAT-13",
                        )
                    } else {
                        (critical, "critical: half time")
                    }
                } else if result.success {
                    (standard, "standard time")
                } else {
                    (failed, "failed: double time")
                };
            d.push(Event::Checked {
                id: id.clone(),
                what: format!(
                    "reload the {} (DC {dc}; {outcome}, {actions} action(s), CX-RNG-13)",
                    w.name
                ),
                result,
            });
            (actions, format!("reload the {}", w.name))
        }
        None => (standard, format!("reload the {}", w.name)),
    };
    let actions = u32::try_from(actions.max(1)).unwrap_or(1);
    let left = if d.state.clock.active.as_ref() == Some(id) {
        d.state.clock.budget.left
    } else {
        actions
    };
    if actions <= left {
        spend(d, id, actions, what.clone())?;
        d.push(Event::Reloaded {
            id: id.clone(),
            weapon,
        });
    } else {
        spend(d, id, left, format!("{what} (continues next turn)"))?;
        let e = d.state.clock.add_effect(
            id,
            format!("reloading the {}", w.name),
            Some(Expiry::next(Moment::end_of(id))),
            CxEffect::Reloading {
                weapon,
                remaining: actions - left,
            },
        );
        // It lasts through the end of this turn and the next.
        let e = match e {
            nanite_core::ClockEvent::EffectAdded { mut effect } => {
                effect.expiry = Some(Expiry::after(2, Moment::end_of(id)));
                nanite_core::ClockEvent::EffectAdded { effect }
            }
            other => other,
        };
        d.clock(e);
    }
    Ok(())
}

/// At the start of a turn, a reload carried over spends its remaining actions.
pub(crate) fn continue_reload(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    let Some(effect) = d
        .state
        .clock
        .effects_on(id)
        .find(|e| matches!(e.payload, CxEffect::Reloading { .. }))
        .cloned()
    else {
        return Ok(());
    };
    let CxEffect::Reloading { weapon, remaining } = effect.payload else {
        return Ok(());
    };
    let left = d.state.clock.budget.left;
    let now = remaining.min(left);
    spend(d, id, now, RELOAD_CONTINUED)?;
    if now < remaining {
        let mut changed = effect.clone();
        changed.payload = CxEffect::Reloading {
            weapon,
            remaining: remaining - now,
        };
        changed.expiry = Some(Expiry::after(2, Moment::end_of(id)));
        d.clock(nanite_core::ClockEvent::EffectChanged {
            effect: Box::new(changed),
        });
        return Ok(());
    }
    d.clock(nanite_core::ClockEvent::EffectEnded {
        id: effect.id,
        why: "the reload is done".into(),
    });
    d.push(Event::Reloaded {
        id: id.clone(),
        weapon,
    });
    Ok(())
}

/// Pays the shield's fast recharge at the start of the turn: a shield at 0
/// restarts at once at its recharge rate; a damaged one gains a second
/// recharge rate (CX-DMG-04).
pub(crate) fn fast_recharge(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    let illegal = |why: String| Refusal::Illegal { why };
    let s = c
        .fighter
        .shield
        .as_ref()
        .ok_or_else(|| illegal(format!("{id} wears no shield")))?;
    if d.state.clock.active.as_ref() != Some(id) {
        return Err(nanite_core::EncounterError::NotTheirTurn {
            id: id.clone(),
            active: d.state.clock.active.clone(),
        }
        .into());
    }
    // Only what the turn's start spent by itself (a dive, a trip, a reload
    // carried over) may come before it.
    let chosen = d
        .state
        .clock
        .budget
        .spent
        .iter()
        .any(|(on, _)| !super::turn::TURN_START.contains(&on.as_ref()));
    if chosen {
        return Err(illegal(
            "a fast recharge is paid at the start of the turn, before any action, once (CX-DMG-04)"
                .into(),
        ));
    }
    if s.strength >= s.max {
        return Err(illegal(format!("the {} is at full strength", s.name)));
    }
    if c.fighter.nanites < s.fast_recharge_cost {
        return Err(illegal(format!(
            "the fast recharge costs {} nanites and {id} has {} (CX-DMG-04)",
            s.fast_recharge_cost, c.fighter.nanites
        )));
    }
    let strength = if s.strength == 0 {
        s.recharge_rate.min(s.max)
    } else {
        (s.strength + s.recharge_rate).min(s.max)
    };
    spend(d, id, 0, "fast shield recharge")?;
    d.push(Event::FastRecharged {
        id: id.clone(),
        cost: s.fast_recharge_cost,
        strength,
    });
    Ok(())
}

/// Repairs a weapon broken by the Black Cat (CX-STAT-13) or armor whose APL
/// plasma lowered (CX-COND-07): a DC 60 Repair check, a skill check of 1
/// action in a fight, on oneself or an adjacent combatant. Out of a fight the
/// mechanic may take 50 or 100 in place of the d100 and add its Repair ranks
/// (CX-DICE-06).
pub(crate) fn repair(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    weapon: Option<usize>,
    effort: Effort,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    let owner = d.state.combatant(target)?.fighter.clone();
    let illegal = |why: String| Refusal::Illegal { why };
    if id != target && d.state.distance(id, target).is_none_or(|m| m > 1) {
        return Err(illegal(format!(
            "{id} must be adjacent to {target} (1 m) to repair its gear"
        )));
    }
    let what = match weapon {
        Some(i) => {
            let w = owner
                .weapons
                .get(i)
                .ok_or_else(|| illegal(format!("{target} has no weapon {i}")))?;
            if !w.broken {
                return Err(illegal(format!("the {} is not broken", w.name)));
            }
            format!("repair the {}", w.name)
        }
        None => {
            let armor = owner
                .armor
                .as_ref()
                .ok_or_else(|| illegal(format!("{target} wears no armor")))?;
            if !armor.plasma_damaged {
                return Err(illegal(format!(
                    "the {}'s APL is whole; name a broken weapon to repair instead",
                    armor.name
                )));
            }
            format!("repair the {}", armor.name)
        }
    };
    if !effort.is_roll() && d.state.in_combat() {
        return Err(illegal(
            "taking 50 or 100 is only possible out of combat; roll instead (CX-DICE-06)".into(),
        ));
    }
    if d.state.in_combat() {
        spend(d, id, 1, what.clone())?;
        super::gm::melee_check_penalty(d, id, dice)?;
        if able(d, id).is_err() {
            return Ok(());
        }
    }
    let spec = CheckSpec {
        dc: crate::combat::REPAIR_DC,
        in_combat: d.state.in_combat(),
        effort,
        // Drink's stat changes (CX-COND-09, CX-COND-10); none when taking 50
        // or 100, which adds no stat bonus.
        modifiers: c
            .fighter
            .skill("repair")
            .filter(|_| effort.is_roll())
            .map_or_else(Vec::new, |l| d.state.line_changes(id, l)),
        ..CheckSpec::default()
    };
    let result = match c.fighter.skill("repair") {
        Some(line) => skill_check(&c.fighter.name, line, &spec, dice)?
            .map_err(|r| illegal(format!("{} (rule {})", r.message, r.rule)))?,
        // A pack without a Repair skill: the d100 alone, or the number
        // taken with no ranks to add.
        None => match effort {
            Effort::Roll => {
                let die = d100_for(dice, || format!("Repair d100 for {}", c.fighter.name))?;
                judge_total(
                    i64::from(die),
                    crate::combat::REPAIR_DC,
                    false,
                    Some(die),
                    &[],
                )
            }
            Effort::Take50 | Effort::Take100 => {
                let taken = if effort == Effort::Take50 { 50 } else { 100 };
                judge_total(
                    taken,
                    crate::combat::REPAIR_DC,
                    false,
                    None,
                    &[(format!("take {taken} (CX-DICE-06)"), taken)],
                )
            }
        },
    };
    let fixed = Event::Repaired {
        id: target.clone(),
        weapon,
    };
    checked_then(d, id, format!("{what} (DC 60)"), result, fixed);
    Ok(())
}

/// A check of the skill `w` is worked with, against `dc` (reloading,
/// clearing a jam): with its skill line, and drink's stat changes
/// (CX-COND-09, CX-COND-10), when the pack lists the skill; else the d100
/// and the weapon's skill points alone. `what` names the d100 asked for.
pub(super) fn weapon_check(
    d: &Decision<'_>,
    id: &CombatantId,
    w: &WeaponState,
    dc: i64,
    in_combat: bool,
    what: &str,
    dice: &mut dyn DiceSource,
) -> Result<CheckResult, Refusal> {
    let fighter = &d.state.combatant(id)?.fighter;
    let line = fighter.skill(&w.skill);
    let spec = CheckSpec {
        dc,
        in_combat,
        modifiers: line.map_or_else(Vec::new, |l| d.state.line_changes(id, l)),
        ..CheckSpec::default()
    };
    Ok(match line {
        Some(line) => {
            skill_check(&fighter.name, line, &spec, dice)?.map_err(|r| Refusal::Illegal {
                why: format!("{} (rule {})", r.message, r.rule),
            })?
        }
        // A weapon skill the pack does not list: the points alone.
        None => {
            let die = d100_for(dice, || format!("{what} d100 for {}", fighter.name))?;
            judge_total(
                i64::from(die) + w.skill_points,
                dc,
                false,
                Some(die),
                &[(format!("{} skill points", w.skill), w.skill_points)],
            )
        }
    })
}

/// `id`'s check `result` at `what`, then what it `achieves` if it succeeds.
pub(super) fn checked_then(
    d: &mut Decision<'_>,
    id: &CombatantId,
    what: String,
    result: CheckResult,
    achieves: Event,
) {
    let success = result.success;
    d.push(Event::Checked {
        id: id.clone(),
        what,
        result,
    });
    if success {
        d.push(achieves);
    }
}
