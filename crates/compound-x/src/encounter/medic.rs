//! Stabilizing a downed combatant (CX-DEATH-05..08), begun with the last
//! actions of a turn and finished the next if need be.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};

use super::gm::{able, add_condition, not_afraid, spend};
use super::{CxEffect, Decision, Event, Refusal};
use crate::check::CheckResult;
use crate::combat::{DeathSaveOutcome, d100_for, revives_allowed};
use crate::stat::{Stat, stat_bonus};

/// The stabilize DC (CX-DEATH-05).
pub const STABILIZE_DC: i64 = 80;
/// Actions a stabilize takes (CX-DEATH-05).
pub const STABILIZE_ACTIONS: u32 = 3;
/// A kit's bonus to every stabilize on the target that round (CX-DEATH-08).
pub const KIT_BONUS: i64 = 20;

pub(crate) fn stabilize(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    kit: bool,
    count_revive: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    // Only what the stabilize reads is copied out of the two combatants:
    // the medic as it is before the stabilize, and the patient's name.
    let medic = able(d, id)?;
    let medic_name = medic.fighter.name.clone();
    // Medicine for the organic, Repair for the mostly cybernetic: the
    // medic's better usable line stands for either (a decision: the texts
    // give no body type to tell them apart). The check is DEX-based: the
    // line's points and its bonuses (class, feats), not its own stat's.
    let skill = ["medicine", "repair"]
        .iter()
        .filter_map(|s| medic.fighter.skill(s))
        .max_by_key(|s| s.total - s.stat_bonus)
        .map(|s| (s.name.clone(), s.points, s.modifiers.clone()));
    // Drink changes DEX (hammered -2, CX-COND-10).
    let dex = stat_bonus(
        medic.fighter.stats.get(Stat::Dexterity) + d.state.stat_change(id, Stat::Dexterity),
    );
    let kits = [
        crate::pack::ItemKind::Medikit,
        crate::pack::ItemKind::RepairKit,
    ]
    .into_iter()
    .find(|k| medic.fighter.count(*k) > 0);
    not_afraid(d, id, "stabilize")?;
    let patient_name = d.state.combatant(target)?.fighter.name.clone();
    patient_in_reach(d, id, target)?;
    if !spend_actions(d, id, target)? {
        return Ok(());
    }
    super::gm::melee_check_penalty(d, id, dice)?;
    if able(d, id).is_err() {
        return Ok(());
    }
    let medic = Medic {
        name: medic_name,
        skill,
        dex,
        kits,
    };
    let (critical_success, critical_failure, success) =
        stabilize_check(d, id, target, medic, &patient_name, kit, count_revive, dice)?;
    if critical_failure {
        let save = d100_for(dice, || format!("extra death save d100 for {patient_name}"))?;
        let outcome = d.state.combatant(target)?.fighter.death_saves.judge(save);
        d.push(Event::DeathSave {
            id: target.clone(),
            die: save,
            outcome,
        });
        if outcome == DeathSaveOutcome::Died {
            d.push(Event::Died {
                id: target.clone(),
                why: "the extra death save of a critical failure failed (CX-DEATH-07)".into(),
            });
            return Ok(());
        }
    }
    if !success {
        return Ok(());
    }
    // "Your excellent care allows you to choose whether the target counts
    // this revival" (002): the medic's choice, given with the command.
    let counts = !critical_success || count_revive;
    d.push(Event::Stabilized {
        by: id.clone(),
        id: target.clone(),
        counts,
    });
    let after = d.state.combatant(target)?;
    let allowed = revives_allowed(after.fighter.stats.get(Stat::Fortitude));
    if counts && after.revives > allowed {
        add_condition(d, target, crate::combat::ConditionKind::Unconscious, None);
    }
    Ok(())
}

/// Whether `target` may be stabilized by `id` now: downed, not dead, and
/// adjacent (CX-DEATH-05, CX-MOVE-08).
fn patient_in_reach(
    d: &Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
) -> Result<(), Refusal> {
    let patient = &d.state.combatant(target)?.fighter;
    if !patient.is_downed() {
        return Err(Refusal::Illegal {
            why: format!(
                "{target} is not downed{}; only a downed combatant is stabilized (CX-DEATH-05)",
                if patient.dead { " but dead" } else { "" }
            ),
        });
    }
    match d.state.distance(id, target) {
        Some(m) if m <= 1 => {}
        Some(m) => {
            return Err(Refusal::Illegal {
                why: format!(
                    "{id} is {m} m from {target}; stabilizing needs them adjacent (1 m, CX-DEATH-05, CX-MOVE-08): move first"
                ),
            });
        }
        None => {
            return Err(Refusal::Illegal {
                why: format!(
                    "the distance between {id} and {target} is not known; set it (adjacent is 1 m)"
                ),
            });
        }
    }
    Ok(())
}

/// Spends the stabilize's actions (CX-DEATH-05): all of them, or, begun
/// with a turn's last actions, those it has and the rest next turn
/// (CX-DEATH-08). Whether the stabilize is finished now (so its check is
/// rolled).
fn spend_actions(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
) -> Result<bool, Refusal> {
    let begun = d
        .state
        .clock
        .effects_on(id)
        .find(|e| matches!(&e.payload, CxEffect::Stabilizing { target: t, .. } if t == target))
        .cloned();
    let needed = match &begun {
        Some(e) => match &e.payload {
            CxEffect::Stabilizing { remaining, .. } => *remaining,
            _ => STABILIZE_ACTIONS,
        },
        None => STABILIZE_ACTIONS,
    };
    let left = if d.state.clock.active.as_ref() == Some(id) {
        d.state.clock.budget.left
    } else {
        needed
    };
    if begun.is_none() && needed > left && left >= 1 {
        // Begun with the last actions; finished next turn, sparing the
        // patient the death save in between (CX-DEATH-08).
        let on = if d.explain {
            format!("begin stabilizing {target}").into()
        } else {
            std::borrow::Cow::Borrowed("begin stabilizing")
        };
        spend(d, id, left, on)?;
        let e = d.state.clock.add_effect(
            id,
            format!("stabilizing {target}"),
            Some(Expiry::after(2, Moment::end_of(id))),
            CxEffect::Stabilizing {
                target: target.clone(),
                remaining: needed - left,
            },
        );
        d.clock(e);
        return Ok(false);
    }
    // Unexplained (the simulator), the action's kind alone, as a shot's.
    let on = if d.explain {
        format!("stabilize {target}").into()
    } else {
        std::borrow::Cow::Borrowed("stabilize")
    };
    spend(d, id, needed, on)?;
    if let Some(e) = begun {
        d.clock(ClockEvent::EffectEnded {
            id: e.id,
            why: format!("stabilizing {target} finishes"),
        });
    }
    Ok(true)
}

/// A skill line as a check reads it: its name, points and bonuses.
type SkillLine = (String, i64, Vec<(String, i64)>);

/// The medic as the stabilize check reads it, before the stabilize.
struct Medic {
    /// Its name in the breakdown.
    name: String,
    /// Its better usable line of Medicine or Repair: name, points, bonuses.
    skill: Option<SkillLine>,
    /// Its DEX bonus now.
    dex: i64,
    /// The kit it would spend.
    kits: Option<crate::pack::ItemKind>,
}

/// The stabilize check (CX-DEATH-05): d100 + DEX bonus + the skill's points
/// and bonuses + a kit spent this round (CX-DEATH-08) against DC 80, with
/// its critical success and failure (CX-DEATH-07). Whether it was a
/// critical success, a critical failure, a success.
#[allow(clippy::too_many_arguments)]
fn stabilize_check(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    medic: Medic,
    patient_name: &str,
    kit: bool,
    count_revive: bool,
    dice: &mut dyn DiceSource,
) -> Result<(bool, bool, bool), Refusal> {
    let Medic {
        name: medic_name,
        skill,
        dex,
        kits,
    } = medic;
    let round = d.state.round();
    if kit {
        // A medkit (organic) or repair kit (mechanical), spent by the medic.
        let kind = kits.ok_or_else(|| Refusal::Illegal {
            why: format!("{id} has no medikit or repair kit to spend (CX-DEATH-08)"),
        })?;
        d.push(Event::ItemUsed {
            id: id.clone(),
            kind,
        });
        d.push(Event::KitSpent {
            id: target.clone(),
            round,
        });
    }
    let kit_bonus = if d.state.combatant(target)?.kit_round == Some(round) {
        KIT_BONUS
    } else {
        0
    };
    let die = d100_for(dice, || {
        format!("stabilize d100 for {medic_name} on {patient_name}")
    })?;
    let (skill_name, points, bonuses) = skill.unwrap_or_else(|| ("Medicine".into(), 0, Vec::new()));
    let total =
        i64::from(die) + dex + points + bonuses.iter().map(|(_, n)| n).sum::<i64>() + kit_bonus;
    let success = total > STABILIZE_DC;
    // Black Cat 3-4: no critical success "in any form" (CX-STAT-13).
    let no_crits = d
        .state
        .has_effect(id, |e| matches!(e, CxEffect::NoCriticals));
    let critical_success = die >= 91 && !no_crits;
    let critical_failure = die <= 5;
    // Nobody reads a simulated check's breakdown: it is not written.
    let mut b = Breakdown::new();
    if d.explain {
        b.die(format!("stabilize, {medic_name}"), 100, die);
        b.modifier("DEX bonus (a DEX-based check, CX-DEATH-05)", dex);
        b.modifier(format!("{skill_name} skill points"), points);
        for (source, n) in &bonuses {
            b.modifier(format!("{skill_name}: {source}"), *n);
        }
        b.modifier("kit spent this round (CX-DEATH-08)", kit_bonus);
        b.compare(
            format!("total {total}"),
            if success { ">" } else { "<=" },
            format!("DC {STABILIZE_DC}"),
            if success { "success" } else { "failure" },
        );
        if critical_success && count_revive {
            b.note(
                "critical success (91-100): the medic chose to count this revive all the same (CX-DEATH-07)",
            );
        } else if critical_success {
            b.note(
                "critical success (91-100): this revive does not count, as the medic chose (CX-DEATH-07)",
            );
        }
        if die >= 91 && no_crits {
            b.note("91-100, but no critical success this encounter (Black Cat, CX-STAT-13)");
        }
        if critical_failure {
            b.note("critical failure (01-05): an immediate extra death save (CX-DEATH-07)");
        }
    }
    d.push(Event::Checked {
        id: id.clone(),
        what: format!("stabilize {target} (DC 80)"),
        result: CheckResult {
            die: Some(die),
            total,
            dc: STABILIZE_DC,
            hidden: false,
            success,
            margin: total - STABILIZE_DC,
            breakdown: b,
        },
    });
    Ok((critical_success, critical_failure, success))
}
