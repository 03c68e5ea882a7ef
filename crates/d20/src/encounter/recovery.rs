//! Out of combat: periods of rest (D20-REST-01) and healing kits
//! (D20-REST-02), advancing the battle's in-game clock.

use nanite_core::{CombatantId, DiceSource};

use super::{Decision, Event, Refusal, gm::able};
use crate::rest::{REST_HOURS, rest as rest_periods, use_kit as kit_treatment};

fn out_of_combat(d: &Decision, what: &str) -> Result<(), Refusal> {
    if d.state.in_combat() {
        return Err(Refusal::Illegal {
            why: format!(
                "{what} takes hours: only outside a fight (before it begins or after it ends)"
            ),
        });
    }
    Ok(())
}

/// Periods of 8 hours of rest (D20-REST-01).
pub(crate) fn rest(d: &mut Decision, id: &CombatantId, periods: i64) -> Result<(), Refusal> {
    out_of_combat(d, "resting")?;
    let c = d.state.combatant(id)?.clone();
    crate::limits::within("rest periods", periods, &crate::limits::REST_PERIODS).map_err(
        |why| Refusal::Illegal {
            why: format!("{why} (periods of 8 hours)"),
        },
    )?;
    let was_down = d.state.is_down(id);
    let r = rest_periods(c.hp, d.state.max_hp(id), periods);
    d.push(Event::Rested {
        id: id.clone(),
        rest: r,
    });
    d.push(Event::TimePassed {
        minutes: periods * REST_HOURS * 60,
    });
    if was_down && !d.state.is_down(id) {
        d.push(Event::Rose { id: id.clone() });
    }
    Ok(())
}

/// A healing kit: an extended check of the kit's skill, threshold 100,
/// 1 hour a roll; the target regains its CON score (D20-REST-02).
pub(crate) fn use_kit(
    d: &mut Decision,
    id: &CombatantId,
    target: &CombatantId,
    kit: &str,
    max_checks: Option<u32>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    out_of_combat(d, "a healing kit")?;
    able(d, id)?;
    let healer = d.state.combatant(id)?.clone();
    let patient = d.state.combatant(target)?.clone();
    let Some(k) = healer.fighter.kits.iter().find(|k| k.id == kit) else {
        return Err(Refusal::Illegal {
            why: format!(
                "{} carries no `{kit}`{}",
                healer.fighter.name,
                if healer.fighter.kits.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (carries: {})",
                        healer
                            .fighter
                            .kits
                            .iter()
                            .map(|k| format!("{} x{}", k.id, k.count))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            ),
        });
    };
    if k.count < 1 {
        return Err(Refusal::Illegal {
            why: format!("{} has no {} left", healer.fighter.name, k.name),
        });
    }
    let max_hp = d.state.max_hp(target);
    if patient.hp >= max_hp {
        return Err(Refusal::Illegal {
            why: format!(
                "{} is unhurt ({}/{max_hp} HP); the kit would be wasted",
                patient.fighter.name, patient.hp
            ),
        });
    }
    let scores = d.state.scores(id);
    let spec = healer
        .fighter
        .skill_spec(&d.state.campaign, &scores, &k.skill, None, None)
        .with(k.name.clone(), k.bonus);
    let con = d.state.scores(target).con;
    let treatment = kit_treatment(
        &spec,
        max_checks,
        (con, patient.hp, max_hp),
        dice,
        &healer.fighter.name,
    )
    .map_err(|e| match e {
        crate::check::ExtendedError::Dice(die) => Refusal::Dice(die),
        other => Refusal::Illegal {
            why: other.to_string(),
        },
    })?;
    let minutes = treatment.check.minutes;
    let was_down = d.state.is_down(target);
    d.push(Event::KitUsed {
        id: id.clone(),
        target: target.clone(),
        kit: kit.to_string(),
        treatment,
    });
    d.push(Event::TimePassed { minutes });
    if was_down && !d.state.is_down(target) {
        d.push(Event::Rose { id: target.clone() });
    }
    Ok(())
}
