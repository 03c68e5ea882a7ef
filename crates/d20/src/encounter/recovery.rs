//! Out of combat: periods of rest (D20-REST-01) and healing kits
//! (D20-REST-02), advancing the battle's in-game clock.

use nanite_core::{ClockEvent, CombatantId, DiceSource};

use super::{D20Effect, Decision, Event, Refusal, gm::able};
use crate::rest::{
    KIT_MINUTES_PER_ROLL, REST_HOURS, rest as rest_periods, use_kit as kit_treatment,
};

/// Rounds of 6 seconds in a minute: a submission's hour is 600 rounds
/// (`HOUR_ROUNDS`, D20-GRAP-05).
const ROUNDS_PER_MINUTE: i64 = 10;

/// Out of combat, `minutes` pass for everyone: every submission drain whose
/// hour runs out within them ends ("lasting for an hour", D20-GRAP-05), and
/// whoever it had felled and is above 0 hit points rises. The rounds of a
/// fight count down the drain's hour; after the fight, rest and kits do.
fn drains_lapse(d: &mut Decision, minutes: i64) {
    let rounds = minutes.saturating_mul(ROUNDS_PER_MINUTE);
    let lapsed: Vec<_> = d
        .state
        .clock
        .effects
        .iter()
        .filter(|e| matches!(e.payload, D20Effect::Drained { .. }))
        .filter(|e| {
            e.expiry
                .as_ref()
                .is_some_and(|x| i64::from(x.count) <= rounds)
        })
        .map(|e| (e.id, e.bearer.clone(), e.name.to_string()))
        .collect();
    for (effect, bearer, name) in lapsed {
        let was_down = d.state.is_down(&bearer);
        let who = d.state.name(&bearer);
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: format!("{who}'s {name} ends: its hour has passed (D20-GRAP-05)"),
        });
        if was_down && !d.state.is_down(&bearer) {
            d.push(Event::Rose { id: bearer });
        }
    }
}

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
    d.state.combatant(id)?;
    crate::limits::within("rest periods", periods, &crate::limits::REST_PERIODS).map_err(
        |why| Refusal::Illegal {
            why: format!("{why} (periods of 8 hours)"),
        },
    )?;
    // The drains end within the period; its hit point comes at its end.
    drains_lapse(d, periods.saturating_mul(REST_HOURS * 60));
    let c = d.state.combatant(id)?.clone();
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
    d.state.combatant(target)?;
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
    // The kit's hit points come at the end of the treatment, at least one
    // roll of an hour later: drains ending by then have ended, and the
    // target's Constitution score is its own again (D20-GRAP-05).
    drains_lapse(d, KIT_MINUTES_PER_ROLL);
    let patient = d.state.combatant(target)?.clone();
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
