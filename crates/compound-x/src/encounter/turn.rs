//! The start of the fight (the Black Cat table, CX-STAT-13) and of each turn:
//! armor points and shields (CX-DMG-02, CX-DMG-04), condition ticks
//! (CX-COND), death saves (CX-DEATH-03/04), waking (CX-DEATH-10), and saves
//! against conditions (CX-TURN-06).

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, ClockCommand, ClockEvent, CombatantId, DiceSource};

use super::gm::{able, add_condition, consequences, spend};
use super::{CxEffect, Decision, Event, Refusal};
use crate::check::{CheckResult, CheckSpec, judge_total, skill_check};
use crate::combat::{
    ArmorHit, BREAKDOWN_WILL_DC, BlackCat, ConditionKind, DeathSaveOutcome, Strike, TRIP_ACTIONS,
    TRIP_DAMAGE, d100_for, tick,
};
use crate::stat::{Stat, stat_bonus};

/// DC of the roll to wake from unconsciousness each turn (CX-DEATH-10).
pub const WAKE_DC: i64 = 70;
/// DC of the Fort save while downed under FORT_DOWNED (CX-HOUSE-05).
pub const FORT_DOWNED_DC: i64 = 70;
/// DC of the Fortitude check after 5 turns of poison (CX-COND-08).
pub const POISON_DC: i64 = 50;

/// The action the start of a turn spends on a dive (CX-MOVE-07).
const DIVE: &str = "hit the dirt (CX-MOVE-07)";
/// The actions the start of the first turn spends on the trip (CX-STAT-13).
const TRIP: &str = "lost to the Black Cat trip (CX-STAT-13)";
/// What the start of a turn spends by itself, before the combatant chooses
/// anything.
pub(crate) const TURN_START: [&str; 3] = [DIVE, TRIP, super::supply::RELOAD_CONTINUED];

pub(crate) fn begin(
    d: &mut Decision<'_>,
    surprise: &[CombatantId],
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let command = ClockCommand::Begin {
        surprise: surprise.to_vec(),
    };
    // Refuse before any die is rolled.
    d.state.clock.decide(&command)?;
    let unlucky: Vec<CombatantId> = d
        .state
        .clock
        .seats
        .iter()
        .map(|s| s.id.clone())
        .filter(|id| {
            d.state
                .combatants
                .get(id)
                .is_some_and(|c| c.fighter.black_cat && !c.fighter.dead)
        })
        .collect();
    for id in unlucky {
        black_cat(d, &id, dice)?;
    }
    for e in d.state.clock.decide(&command)? {
        d.clock(e);
    }
    super::stealth::surprise(d, surprise);
    if let Some(id) = d.state.clock.active.clone() {
        start_of_turn(d, &id, dice)?;
    }
    Ok(())
}

fn black_cat(
    d: &mut Decision<'_>,
    id: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = d.state.combatant(id)?.clone();
    let die = crate::combat::d10_for(dice, || format!("Black Cat d10 for {}", c.fighter.name))?;
    let row = BlackCat::of(die);
    d.push(Event::BlackCat {
        id: id.clone(),
        die,
        row,
    });
    match row {
        BlackCat::WeaponBroken => {
            if !c.fighter.weapons.is_empty() {
                d.push(Event::WeaponBroken {
                    id: id.clone(),
                    weapon: 0,
                });
            }
        }
        BlackCat::NoCriticals => {
            let e = d
                .state
                .clock
                .add_effect(id, "no criticals", None, CxEffect::NoCriticals);
            d.clock(e);
        }
        BlackCat::Trip => {
            // A fall, not a weapon: straight to health.
            let strike = Strike {
                incoming: TRIP_DAMAGE,
                shield: 0,
                armor_die: None,
                armor: ArmorHit::NoRoll,
                armor_points: 0,
                apl_lowered: false,
                health: TRIP_DAMAGE,
                plasma_burn: false,
                non_lethal: false,
                shock: None,
            };
            let mut b = Breakdown::new();
            b.value("Black Cat trip (CX-STAT-13)", TRIP_DAMAGE);
            b.value(
                format!("damage to {}'s health", c.fighter.name),
                TRIP_DAMAGE,
            );
            d.push(Event::Struck {
                target: id.clone(),
                strike,
                breakdown: b,
            });
            consequences(d, id, &c.fighter, Some(&strike));
            let e = d.state.clock.add_effect(
                id,
                "tripped",
                Some(Expiry::next(Moment::end_of(id))),
                CxEffect::Tripped,
            );
            d.clock(e);
        }
        BlackCat::Breakdown => {
            let result = save_check(
                dice,
                &format!("Will save for {}", c.fighter.name),
                d.state.will_save(id),
                "Will save",
                BREAKDOWN_WILL_DC,
            )?;
            let failed = !result.success;
            d.push(Event::Checked {
                id: id.clone(),
                what: "Will save against the Black Cat breakdown (DC 75)".into(),
                result,
            });
            if failed {
                add_condition(d, id, ConditionKind::Fear, None);
            }
        }
        BlackCat::Nothing => {}
    }
    Ok(())
}

/// A d100 save or stat check: the die plus one named modifier.
fn save_check(
    dice: &mut dyn DiceSource,
    purpose: &str,
    modifier: i64,
    modifier_name: &str,
    dc: i64,
) -> Result<CheckResult, Refusal> {
    let die = d100_for(dice, || format!("{purpose} d100"))?;
    Ok(judge_total(
        i64::from(die) + modifier,
        dc,
        false,
        Some(die),
        &[(modifier_name.to_string(), modifier)],
    ))
}

pub(crate) fn next(d: &mut Decision<'_>, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    // Worked out on the decision's own battle, each event applied as it
    // comes, with no copy of the clock.
    nanite_core::encounter::next_turn_in(d)?;
    if let Some(id) = d.state.clock.active.clone() {
        start_of_turn(d, &id, dice)?;
    }
    Ok(())
}

/// Spends whatever is left of `id`'s turn, for `why`.
fn lose_turn(
    d: &mut Decision<'_>,
    id: &CombatantId,
    why: impl Into<std::borrow::Cow<'static, str>>,
) -> Result<(), Refusal> {
    let left = d.state.clock.budget.left;
    if left > 0 {
        spend(d, id, left, why)?;
    }
    Ok(())
}

fn start_of_turn(
    d: &mut Decision<'_>,
    id: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    // Only what the turn's start needs is copied out of the combatant.
    let c = d.state.combatant(id)?;
    if c.fighter.dead {
        return lose_turn(d, id, "dead");
    }
    let armor = c
        .fighter
        .armor
        .as_ref()
        .map(|a| (a.points_left, a.armor_points));
    let shielded = c.fighter.shield.is_some();
    if let Some((points_left, armor_points)) = armor {
        if points_left < armor_points {
            d.push(Event::ArmorRefreshed {
                id: id.clone(),
                points: armor_points,
            });
        }
    }
    if shielded {
        shield_turn(d, id);
    }
    super::cloak::turn_starts(d, id)?;
    if d.state.has_effect(id, |e| matches!(e, CxEffect::Tripped)) {
        let lost = TRIP_ACTIONS.min(i64::from(d.state.clock.budget.left));
        spend(d, id, u32::try_from(lost).unwrap_or(0), TRIP)?;
    }
    if d.state
        .has_effect(id, |e| matches!(e, CxEffect::HitTheDirt))
    {
        if d.state.clock.budget.left > 0 {
            spend(d, id, 1, DIVE)?;
        }
        let ending: Vec<_> = d
            .state
            .clock
            .effects_on(id)
            .filter(|e| matches!(e.payload, CxEffect::HitTheDirt))
            .map(|e| e.id)
            .collect();
        for effect in ending {
            d.clock(ClockEvent::EffectEnded {
                id: effect,
                why: "the dive is paid for".into(),
            });
        }
    }
    ticks(d, id, dice)?;
    let c = d.state.combatant(id)?;
    let (dead, downed) = (c.fighter.dead, c.fighter.is_downed());
    if dead {
        return lose_turn(d, id, "dead");
    }
    if downed {
        let being_stabilized =
            d.state.clock.effects.iter().any(
                |e| matches!(&e.payload, CxEffect::Stabilizing { target, .. } if target == id),
            );
        if !being_stabilized {
            downed_save(d, id, dice)?;
        }
        return lose_turn(d, id, "downed (CX-DEATH-02)");
    }
    if d.state.has_condition(id, ConditionKind::Unconscious) && !wake(d, id, dice)? {
        return lose_turn(d, id, "unconscious (CX-COND-11)");
    }
    for kind in [ConditionKind::Stunned, ConditionKind::Paralyzed] {
        if d.state.has_condition(id, kind) {
            return lose_turn(d, id, format!("{} (CX-COND-11)", kind.key()));
        }
    }
    super::supply::continue_reload(d, id)
}

/// The shield at its wearer's turn start (CX-DMG-04).
fn shield_turn(d: &mut Decision<'_>, id: &CombatantId) {
    let Some(s) = d
        .state
        .combatants
        .get(id)
        .and_then(|c| c.fighter.shield.as_ref())
    else {
        return;
    };
    let (strength, waited, what) = if s.strength > 0 {
        if s.strength >= s.max {
            return;
        }
        let to = (s.strength + s.recharge_rate).min(s.max);
        (
            to,
            0,
            format!("{} recharges {} -> {to} (CX-DMG-04)", s.name, s.strength),
        )
    } else {
        let waited = s.waited + 1;
        if waited >= s.restart_turns {
            let to = s.recharge_rate.min(s.max);
            (
                to,
                0,
                format!(
                    "{} restarts at {to} after {waited} turn(s) (CX-DMG-04)",
                    s.name
                ),
            )
        } else {
            (
                0,
                waited,
                format!(
                    "{} is down: {waited} of {} turn(s) waited before it restarts (CX-DMG-04)",
                    s.name, s.restart_turns
                ),
            )
        }
    };
    d.push(Event::ShieldTurn {
        id: id.clone(),
        strength,
        waited,
        what,
    });
}

/// Conditions deal their damage at the start of the bearer's turn (CX-COND).
fn ticks(d: &mut Decision<'_>, id: &CombatantId, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    let effects: Vec<_> = d
        .state
        .clock
        .effects_on(id)
        .filter(|e| matches!(e.payload, CxEffect::Condition(_)))
        .cloned()
        .collect();
    for effect in effects {
        let CxEffect::Condition(condition) = &effect.payload else {
            continue;
        };
        let before = d.state.combatant(id)?.fighter.clone();
        if before.is_downed() || before.dead {
            break;
        }
        // It may have ended with an earlier tick (downed).
        if !d.state.clock.effects.iter().any(|e| e.id == effect.id) {
            continue;
        }
        if let Some(t) = tick(condition, &before.name, dice)? {
            d.push(Event::Ticked {
                id: id.clone(),
                tick: t,
            });
            consequences(d, id, &before, None);
            if d.state.combatant(id)?.fighter.is_downed() {
                break;
            }
        }
        let mut changed = effect.clone();
        let turns = condition.turns + 1;
        if let CxEffect::Condition(c) = &mut changed.payload {
            c.turns = turns;
        }
        if condition.kind == ConditionKind::PlasmaBurn && turns >= 2 {
            d.clock(ClockEvent::EffectEnded {
                id: effect.id,
                why: "plasma burn ends after 2 turns (CX-COND-07)".into(),
            });
            continue;
        }
        if condition.kind.is_ongoing_damage() {
            d.clock(ClockEvent::EffectChanged {
                effect: Box::new(changed),
            });
        }
        let poison_shift = match condition.kind {
            ConditionKind::Poisoned => Some(0),
            ConditionKind::GreaterPoison => Some(25),
            ConditionKind::LesserPoison => Some(-10),
            _ => None,
        };
        if let (Some(shift), 5) = (poison_shift, turns) {
            let fort = before.stats.get(Stat::Fortitude);
            let dc = POISON_DC + shift;
            let result = save_check(
                dice,
                &format!("Fortitude check against poison for {}", before.name),
                stat_bonus(fort),
                "FORT bonus",
                dc,
            )?;
            let failed = !result.success;
            d.push(Event::Checked {
                id: id.clone(),
                what: format!("Fortitude check after 5 turns of poison (DC {dc}, CX-COND-08)"),
                result,
            });
            if failed {
                add_condition(d, id, ConditionKind::Unconscious, None);
            }
        }
    }
    Ok(())
}

/// A downed combatant's save at its turn start: a death save (CX-DEATH-03),
/// or under FORT_DOWNED a DC 70 Fort save (CX-HOUSE-05).
fn downed_save(
    d: &mut Decision<'_>,
    id: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    // Only what the save reads is copied out of the combatant.
    let c = d.state.combatant(id)?;
    let name = c.fighter.name.clone();
    if c.fighter.house_rules.fort_downed {
        let fort = c.fighter.stats.get(Stat::Fortitude);
        let fort_failures = c.fort_failures;
        let result = save_check(
            dice,
            &format!("Fort save while downed for {name}"),
            stat_bonus(fort),
            "FORT bonus",
            FORT_DOWNED_DC,
        )?;
        let failed = !result.success;
        d.push(Event::FortSave {
            id: id.clone(),
            result,
        });
        if failed && fort_failures + 1 > fort {
            d.push(Event::Died {
                id: id.clone(),
                why: format!(
                    "{} failed Fort saves, more than FORT {fort} (CX-HOUSE-05)",
                    fort_failures + 1
                ),
            });
        }
        return Ok(());
    }
    let saves = c.fighter.death_saves;
    let die = d100_for(dice, || format!("death save d100 for {name}"))?;
    let outcome = saves.judge(die);
    d.push(Event::DeathSave {
        id: id.clone(),
        die,
        outcome,
    });
    if outcome == DeathSaveOutcome::Died {
        d.push(Event::Died {
            id: id.clone(),
            why: "the last death save failed (CX-DEATH-04)".into(),
        });
    }
    Ok(())
}

/// An unconscious combatant's roll to wake: a Shock save against DC 70, for
/// up to 15 - FORT turns; after those it wakes (CX-DEATH-10). Returns whether
/// it woke.
fn wake(
    d: &mut Decision<'_>,
    id: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<bool, Refusal> {
    let c = d.state.combatant(id)?.clone();
    let Some(effect) = d
        .state
        .clock
        .effects_on(id)
        .find(|e| matches!(&e.payload, CxEffect::Condition(k) if k.kind == ConditionKind::Unconscious))
        .cloned()
    else {
        return Ok(true);
    };
    let CxEffect::Condition(condition) = &effect.payload else {
        return Ok(true);
    };
    let turns = condition.turns + 1;
    let result = save_check(
        dice,
        &format!("wake-up Shock save for {}", c.fighter.name),
        c.fighter.saves.shock,
        "Shock save",
        WAKE_DC,
    )?;
    let woke = result.success;
    d.push(Event::Checked {
        id: id.clone(),
        what: "roll to wake (DC 70, CX-DEATH-10)".into(),
        result,
    });
    let limit = c.fighter.survival.shock_wake_turns.max(0);
    if woke || i64::from(turns) >= limit {
        d.clock(ClockEvent::EffectEnded {
            id: effect.id,
            why: if woke {
                "wakes up (CX-DEATH-10)".into()
            } else {
                format!("wakes after {limit} turn(s) of 15 - FORT (CX-DEATH-10)")
            },
        });
        // Woken this turn, it acts only next turn (no actions left to it now).
        return Ok(false);
    }
    let mut changed = effect.clone();
    if let CxEffect::Condition(k) = &mut changed.payload {
        k.turns = turns;
    }
    d.clock(ClockEvent::EffectChanged {
        effect: Box::new(changed),
    });
    Ok(false)
}

/// A save against an ongoing condition: 1 action, once per condition per
/// round (CX-TURN-06).
pub(crate) fn save(
    d: &mut Decision<'_>,
    id: &CombatantId,
    kind: ConditionKind,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    if !d.state.has_condition(id, kind) {
        return Err(Refusal::Illegal {
            why: format!("{id} is not {}", kind.key()),
        });
    }
    let Some((what, dc)) = kind.ends_with() else {
        return Err(Refusal::Illegal {
            why: format!(
                "{} has no save of its own: its source sets the check (make it with `check`, then the GM cures it)",
                kind.key()
            ),
        });
    };
    let round = d.state.round();
    if c.saves_tried.contains(&(kind, round)) {
        return Err(Refusal::Illegal {
            why: format!(
                "{id} already tried to end {} this round; once per condition per round (CX-TURN-06)",
                kind.key()
            ),
        });
    }
    spend(d, id, 1, format!("save against {}", kind.key()))?;
    d.push(Event::SaveTried {
        id: id.clone(),
        condition: kind,
        round,
    });
    let result = if what == "Will save" {
        // Drink changes CHA, and so the Will save (CX-COND-09, CX-COND-10).
        save_check(
            dice,
            &format!("Will save for {}", c.fighter.name),
            d.state.will_save(id),
            "Will save",
            dc,
        )?
    } else {
        let skill_id = what.to_lowercase();
        match c.fighter.skill(&skill_id) {
            Some(line) => {
                let spec = CheckSpec {
                    dc,
                    in_combat: true,
                    modifiers: d.state.check_changes(
                        id,
                        &line.id,
                        (line.stat, c.fighter.stats.get(line.stat)),
                        true,
                    ),
                    ..CheckSpec::default()
                };
                skill_check(&c.fighter.name, line, &spec, dice)?.map_err(|r| Refusal::Illegal {
                    why: format!("{} (rule {})", r.message, r.rule),
                })?
            }
            None => save_check(
                dice,
                &format!("{what} check for {}", c.fighter.name),
                0,
                what,
                dc,
            )?,
        }
    };
    let success = result.success;
    d.push(Event::Checked {
        id: id.clone(),
        what: format!("{what} against {} (DC {dc})", kind.key()),
        result,
    });
    if success {
        let ending: Vec<_> = d
            .state
            .clock
            .effects_on(id)
            .filter(|e| matches!(&e.payload, CxEffect::Condition(k) if k.kind == kind))
            .map(|e| e.id)
            .collect();
        for effect in ending {
            d.clock(ClockEvent::EffectEnded {
                id: effect,
                why: format!("{} ended by a successful {what}", kind.key()),
            });
        }
    }
    Ok(())
}
