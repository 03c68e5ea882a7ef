//! Healing in play (CX-HEAL): wounds kept one per hit and treated one at a
//! time with Medicine, the medicine bag and medikits; rests and a night
//! without one (`rest`); falls and the injuries they leave (`fall`).

mod fall;
mod rest;

use nanite_core::{Breakdown, CombatantId, DiceSource};

use super::gm::{able, melee_check_penalty, not_afraid, spend_on};
use super::{Battle, Decision, Event, Refusal};
use crate::check::{CheckResult, Effort};
use crate::combat::{Fighter, d100_for};
use crate::pack::ItemKind;

pub use fall::{FALL_DC_PER_METRE, INJURY_STEP, Injury};
pub(crate) use fall::{fall, incapacitated, injured_rate, injury_miss_chance, mend};
pub use rest::BELOW_PAR;
pub(crate) use rest::{rest, set_below_par, stay_up};

/// A non-medic using a medikit heals as a medic with this skill (CX-HEAL-03).
pub const MEDIKIT_SKILL: i64 = 30;
/// A medic using a medikit heals this much more (CX-HEAL-03).
pub const MEDIKIT_BONUS: i64 = 30;
/// Without a medicine bag (or a medikit) the DC is this much higher (CX-HEAL-03).
pub const NO_BAG: i64 = 20;

/// A treatment as the command gives it.
pub(crate) struct Treatment<'a> {
    /// The medic.
    pub(crate) id: &'a CombatantId,
    /// The patient.
    pub(crate) target: &'a CombatantId,
    /// Which wound; by default the worst.
    pub(crate) wound: Option<usize>,
    /// A medikit is used.
    pub(crate) medikit: bool,
    /// Roll, or out of combat take 50 or 100 (CX-DICE-06).
    pub(crate) effort: Effort,
}

/// Medicine on one wound of `target` (CX-HEAL-02, CX-HEAL-03): by default
/// the worst. In a fight it is a skill check: 1 action (CX-TURN-07) and
/// penalty attacks in melee (CX-MELEE-02). Out of a fight the medic may take
/// 50 or 100 in place of the d100 and add its Medicine ranks (CX-DICE-06):
/// the healing is then worked out from that total as from a roll.
pub(crate) fn treat(
    d: &mut Decision<'_>,
    treatment: &Treatment<'_>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Treatment {
        id,
        target,
        medikit,
        effort,
        ..
    } = *treatment;
    let medic = able(d, id)?.fighter.clone();
    not_afraid(d, id, "treat wounds")?;
    let patient = d.state.combatant(target)?.fighter.clone();
    let index = wound_to_treat(d, treatment, &medic, &patient)?;
    if d.state.in_combat() {
        spend_on(d, id, 1, format!("treat {target}'s wound"), target)?;
        melee_check_penalty(d, id, dice)?;
        if able(d, id).is_err() {
            return Ok(());
        }
    }
    let size = patient.wounds[index];
    let skill = MedicineSkill::of(&medic, medikit);
    let equipped = medikit || medic.count(ItemKind::MedicineBag) > 0;
    let dc = size + if equipped { 0 } else { NO_BAG };
    let mut b = Breakdown::new();
    b.value(format!("wound {index} of {}", patient.name), size);
    if !equipped {
        b.modifier("no medicine bag or medikit (CX-HEAL-03)", NO_BAG);
    }
    let (die, total) = medicine_total(&mut b, effort, &skill, &medic, &patient, dice)?;
    let success = total > dc;
    b.compare(
        format!("total {total}"),
        if success { ">" } else { "<=" },
        format!("DC {dc} (the wound, CX-HEAL-02)"),
        match (success, total == dc) {
            (true, _) => "success",
            (false, true) => "failure: a tie fails, nothing healed (CX-DICE-03)",
            (false, false) => "failure: nothing healed",
        },
    );
    let bonus = if medikit && medic.is_medic() {
        MEDIKIT_BONUS
    } else {
        0
    };
    let healed = if success {
        healed(&mut b, skill.skill, total - dc, bonus, size)
    } else {
        0
    };
    d.push(Event::Checked {
        id: id.clone(),
        what: format!("Medicine on {}'s wound {index}", patient.name),
        result: CheckResult::new(die, total, dc, false, b),
    });
    if medikit {
        d.push(Event::ItemUsed {
            id: id.clone(),
            kind: ItemKind::Medikit,
        });
    }
    if healed > 0 {
        d.push(Event::WoundHealed {
            id: target.clone(),
            wound: index,
            amount: healed,
        });
    }
    Ok(())
}

/// The wound a treatment works on, if the treatment may be given: a living
/// patient not downed (CX-DEATH-05), adjacent unless it is the medic, with
/// the wound named or the worst; a medikit if one is asked for, a usable
/// Medicine line unless a medikit makes anyone a medic (CX-HEAL-03), and a
/// roll in combat (CX-DICE-06).
fn wound_to_treat(
    d: &Decision<'_>,
    treatment: &Treatment<'_>,
    medic: &Fighter,
    patient: &Fighter,
) -> Result<usize, Refusal> {
    let Treatment {
        id,
        target,
        wound,
        medikit,
        effort,
    } = *treatment;
    let illegal = |why: String| Refusal::Illegal { why };
    if patient.dead {
        return Err(illegal(format!("{target} is dead")));
    }
    if patient.is_downed() {
        return Err(illegal(format!(
            "{target} is downed: stabilize it first (CX-DEATH-05)"
        )));
    }
    if id != target && d.state.distance(id, target).is_none_or(|m| m > 1) {
        return Err(illegal(format!(
            "{id} must be adjacent to {target} (1 m) to treat it; set the distance or move first"
        )));
    }
    if patient.wounds.is_empty() {
        return Err(illegal(format!("{target} has no wounds to treat")));
    }
    let index = match wound {
        Some(i) if i < patient.wounds.len() => i,
        Some(i) => {
            return Err(illegal(format!(
                "{target} has {} wound(s) ({}), numbered from 0; there is no wound {i}",
                patient.wounds.len(),
                list(&patient.wounds)
            )));
        }
        // The worst first; of equal ones the oldest.
        None => (0..patient.wounds.len())
            .max_by_key(|&i| (patient.wounds[i], std::cmp::Reverse(i)))
            .unwrap_or(0),
    };
    if medikit && medic.count(ItemKind::Medikit) < 1 {
        return Err(illegal(format!("{id} has no medikit left")));
    }
    // A medikit makes anyone a medic with skill 30 (CX-HEAL-03).
    if let Some(l) = medic.skill("medicine").filter(|l| !l.usable && !medikit) {
        return Err(illegal(format!(
            "{} cannot attempt Medicine: {}; with a medikit anyone heals as skill 30 (CX-HEAL-03)",
            medic.name,
            l.notes.join("; ")
        )));
    }
    if !effort.is_roll() && d.state.in_combat() {
        return Err(illegal(
            "taking 50 or 100 is only possible out of combat; roll instead (CX-DICE-06)".into(),
        ));
    }
    Ok(index)
}

/// The Medicine skill a treatment uses: the Medicine line without its stat
/// bonus (points, feats, class: 000's "Medic has 25 skill"); a non-medic
/// with a medikit works as a medic with skill 30 (CX-HEAL-03).
struct MedicineSkill {
    /// The Medicine line, if the medic has one.
    line: Option<crate::sheet::SkillLine>,
    /// Its points.
    points: i64,
    /// Its stat bonus.
    stat_bonus: i64,
    /// Its modifiers, each with its source.
    modifiers: Vec<(String, i64)>,
    /// The medic's own skill: points and modifiers.
    own: i64,
    /// The skill the treatment uses.
    skill: i64,
}

impl MedicineSkill {
    /// The skill `medic` treats with, with a medikit or not.
    fn of(medic: &Fighter, medikit: bool) -> Self {
        let line = medic.skill("medicine").cloned();
        let (points, stat_bonus, modifiers) = line.as_ref().map_or((0, 0, Vec::new()), |l| {
            (l.points, l.stat_bonus, l.modifiers.clone())
        });
        let own = points + modifiers.iter().map(|(_, n)| n).sum::<i64>();
        let skill = if medikit && !medic.is_medic() {
            own.max(MEDIKIT_SKILL)
        } else {
            own
        };
        Self {
            line,
            points,
            stat_bonus,
            modifiers,
            own,
            skill,
        }
    }
}

/// The Medicine check's die (if rolled) and total, itemised: a d100 with
/// the points, modifiers and stat bonus (CX-DICE-05), or taking 50 or 100.
fn medicine_total(
    b: &mut Breakdown,
    effort: Effort,
    medicine: &MedicineSkill,
    medic: &Fighter,
    patient: &Fighter,
    dice: &mut dyn DiceSource,
) -> Result<(Option<u32>, i64), Refusal> {
    let MedicineSkill {
        points,
        stat_bonus,
        own,
        skill,
        ..
    } = *medicine;
    Ok(match effort {
        Effort::Roll => {
            let die = d100_for(dice, || {
                format!("Medicine d100 for {} on {}", medic.name, patient.name)
            })?;
            b.die(format!("Medicine, {}", medic.name), 100, die);
            b.modifier("Medicine points", points);
            for (source, n) in &medicine.modifiers {
                b.modifier(source.clone(), *n);
            }
            b.modifier(
                format!(
                    "{} bonus (CX-DICE-05)",
                    medicine
                        .line
                        .as_ref()
                        .map_or("INT".into(), |l| l.stat.to_string())
                ),
                stat_bonus,
            );
            b.modifier(
                "medikit: a non-medic works as a medic with skill 30 (CX-HEAL-03)",
                skill - own,
            );
            (Some(die), i64::from(die) + stat_bonus + skill)
        }
        // Taking 50 or 100: the number in place of the d100, then the
        // Medicine ranks with the skill's own modifiers, no stat bonus (a
        // non-medic's medikit makes them 30), as a check taking 50 or 100
        // adds them (CX-DICE-06).
        Effort::Take50 | Effort::Take100 => {
            let taken = if effort == Effort::Take50 { 50 } else { 100 };
            b.value(format!("take {taken} (CX-DICE-06)"), taken);
            b.modifier("Medicine ranks", points);
            for (source, n) in &medicine.modifiers {
                b.modifier(source.clone(), *n);
            }
            b.modifier(
                "medikit: a non-medic works as a medic with skill 30 (CX-HEAL-03)",
                skill - own,
            );
            (None, taken + skill)
        }
    })
}

/// What a successful treatment heals: the skill and the margin over the
/// DC, plus a medic's medikit bonus, at most the wound (CX-HEAL-02,
/// CX-HEAL-03).
fn healed(b: &mut Breakdown, skill: i64, over: i64, bonus: i64, size: i64) -> i64 {
    let amount = (skill + over + bonus).clamp(0, size);
    b.value(
        format!(
            "healed: skill {skill} + {over} over the DC{}, at most the wound's {size}",
            if bonus > 0 {
                " + 30 for a medic's medikit"
            } else {
                ""
            }
        ),
        amount,
    );
    amount
}

fn list(wounds: &[i64]) -> String {
    wounds
        .iter()
        .enumerate()
        .map(|(i, w)| format!("{i}: {w}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Applies a healing event.
pub(crate) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::WoundHealed { id, wound, amount } => {
            if let Some(c) = state.combatants.get_mut(id) {
                let f = &mut c.fighter;
                f.hp = (f.hp + amount).min(f.max_hp);
                if let Some(w) = f.wounds.get_mut(*wound) {
                    *w -= amount;
                    if *w <= 0 {
                        f.wounds.remove(*wound);
                    }
                }
            }
        }
        Event::Rested { .. } | Event::StayedUp { .. } => rest::evolve(state, event),
        Event::Fell { .. } => fall::evolve(state, event),
        _ => {}
    }
}

/// Tells a healing event.
pub(crate) fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    match event {
        Event::WoundHealed { id, wound, amount } => {
            let before = state
                .combatants
                .get(id)
                .and_then(|c| c.fighter.wounds.get(*wound))
                .copied()
                .unwrap_or(*amount);
            let left = before - amount;
            vec![format!(
                "{} is healed {amount} (CX-HEAL-02): the {before} wound {}",
                n(id),
                if left > 0 {
                    format!("is down to {left} (the next DC)")
                } else {
                    "is closed".into()
                }
            )]
        }
        Event::Rested { .. } | Event::StayedUp { .. } => rest::narrate(&n, event),
        Event::Fell { .. } => fall::narrate(&n, event),
        _ => Vec::new(),
    }
}
