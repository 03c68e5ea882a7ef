//! Being undetected: who has not spotted whom, hiding and searching
//! (CX-CLOAK-03, CX-TURN-02, CX-TURN-07), and the stealth attacks it allows
//! (CX-RNG-09 for shots, CX-RNG-10 for blows and throws).
//!
//! Undetected is per pair: a combatant keeps the set of combatants that have
//! not detected it. The GM conceals and reveals; a cloak conceals from every
//! enemy; surprise attackers start the fight concealed. The clock's `hidden`
//! seat flag is something else: it only hides a combatant from the players'
//! view of the table.

use std::collections::BTreeSet;

use nanite_core::{Breakdown, CombatantId, DiceSource};
use serde::{Deserialize, Serialize};

use super::cloak::ActiveCloak;
use super::gm::{able, melee_check_penalty, spend_on};
use super::{Battle, Combatant, Command, Decision, Event, Refusal};
use crate::check::{CheckSpec, may_attempt, skill_check};
use crate::combat::{ConditionKind, Fighter};

/// The skill of a deliberate search: 1 action in combat (CX-TURN-07).
pub const SEARCH: &str = "search";
/// The skill of a glance, a free awareness check (CX-TURN-07).
pub const AWARENESS: &str = "awareness";
/// Melee skill points a stealth blow or throw needs (CX-RNG-10).
pub const STEALTH_MELEE_SKILL: i64 = 10;
/// The most a stealth blow's doubled damage can be (CX-RNG-10).
pub const STEALTH_MELEE_CAP: i64 = 150;
/// The cap from [`STEALTH_MELEE_CAP_LEVEL`] on (CX-RNG-10).
pub const STEALTH_MELEE_CAP_HIGH: i64 = 200;
/// The level from which the higher cap applies.
pub const STEALTH_MELEE_CAP_LEVEL: i64 = 10;
/// A stealth blow whose d10 is more than this over the miss chance strikes a
/// vital spot (CX-RNG-10).
pub const VITAL_MARGIN: i64 = 3;

/// A combatant's concealment and cloak in a fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stealth {
    /// The combatants that have not detected it.
    pub unseen_by: BTreeSet<CombatantId>,
    /// The DC a search must beat to find it while it is not cloaked (the
    /// GM's, for hiding by other means); none: only the GM reveals it.
    pub hide_dc: Option<i64>,
    /// Its cloak, while active (CX-CLOAK-01/02).
    pub cloak: Option<ActiveCloak>,
    /// Actions to wait before cloaking again (Charge Delay, CX-CLOAK-02).
    pub charge_wait: u32,
    /// Cloaks activated this encounter (levels 1-4: once, CX-CLOAK-02).
    pub cloaks_used: u32,
    /// It used a skill or jumped since its turn began (Moving Detect DC,
    /// CX-CLOAK-03).
    pub stirred: bool,
    /// Glances made at it: (searcher, round), one a round each.
    pub glanced: Vec<(CombatantId, u32)>,
}

/// Whether `attacker` is undetected by `target`: a stealth attack
/// (CX-RNG-09, CX-RNG-10).
pub fn unseen(state: &Battle, attacker: &CombatantId, target: &CombatantId) -> bool {
    state
        .combatants
        .get(attacker)
        .is_some_and(|c| c.stealth.unseen_by.contains(target))
}

/// Everyone on another side than `id`.
pub(crate) fn enemies(state: &Battle, id: &CombatantId) -> Vec<CombatantId> {
    let Ok(side) = state.clock.seat(id).map(|s| s.side.clone()) else {
        return Vec::new();
    };
    state
        .clock
        .seats
        .iter()
        .filter(|s| s.side != side && &s.id != id)
        .map(|s| s.id.clone())
        .collect()
}

/// The DC a search for `c` must beat, and where it comes from: the cloak's
/// Detect DC, or its Moving Detect DC after a move or a skill this turn
/// (CX-CLOAK-03); otherwise the DC the GM gave its hiding.
pub fn detect_dc(c: &Combatant) -> Option<(i64, String)> {
    if let (Some(_), Some(module)) = (&c.stealth.cloak, &c.fighter.cloak) {
        return Some(if c.moved_this_turn || c.stealth.stirred {
            (
                module.moving_detect_dc,
                format!(
                    "{}'s Moving Detect DC: it moved or used a skill since its turn began (CX-CLOAK-03)",
                    module.name
                ),
            )
        } else {
            (
                module.detect_dc,
                format!("{}'s Detect DC (CX-CLOAK-03)", module.name),
            )
        });
    }
    c.stealth
        .hide_dc
        .map(|dc| (dc, "the DC the GM gave its hiding".to_string()))
}

/// The GM conceals `id` from `from` (every enemy when empty), with the DC a
/// search must beat while it is not cloaked.
pub(crate) fn conceal(
    d: &mut Decision<'_>,
    id: &CombatantId,
    from: &[CombatantId],
    dc: Option<i64>,
) -> Result<(), Refusal> {
    let c = d.state.combatant(id)?.clone();
    let illegal = |why: String| Refusal::Illegal { why };
    if c.fighter.dead {
        return Err(illegal(format!("{id} is dead")));
    }
    if let Some(dc) = dc
        && !(0..=1000).contains(&dc)
    {
        return Err(illegal(format!(
            "{dc} is not a DC: give 0 to 1000 (a stealth check's total, say)"
        )));
    }
    let from: Vec<CombatantId> = if from.is_empty() {
        enemies(d.state, id)
    } else {
        for other in from {
            d.state.combatant(other)?;
            if other == id {
                return Err(illegal(format!("{id} cannot be hidden from itself")));
            }
        }
        from.to_vec()
    };
    let new: Vec<CombatantId> = from
        .into_iter()
        .filter(|o| !c.stealth.unseen_by.contains(o))
        .collect();
    if new.is_empty() && (dc.is_none() || dc == c.stealth.hide_dc) {
        return Err(illegal(format!(
            "{id} is already undetected by {}; name others, or give a new DC",
            if c.stealth.unseen_by.is_empty() {
                "everyone it could hide from (it has no enemies yet)".to_string()
            } else {
                list(c.stealth.unseen_by.iter())
            }
        )));
    }
    d.push(Event::Concealed {
        id: id.clone(),
        from: new,
        dc,
        why: "the GM's call".into(),
    });
    Ok(())
}

/// The GM reveals `id` to `to` (everyone who has not detected it when empty).
pub(crate) fn reveal(
    d: &mut Decision<'_>,
    id: &CombatantId,
    to: &[CombatantId],
) -> Result<(), Refusal> {
    let c = d.state.combatant(id)?.clone();
    for other in to {
        d.state.combatant(other)?;
    }
    let by: Vec<CombatantId> = c
        .stealth
        .unseen_by
        .iter()
        .filter(|o| to.is_empty() || to.contains(o))
        .cloned()
        .collect();
    if by.is_empty() {
        return Err(Refusal::Illegal {
            why: format!(
                "{id} is not undetected by {}; nothing to reveal",
                if to.is_empty() {
                    "anyone".to_string()
                } else {
                    list(to.iter())
                }
            ),
        });
    }
    d.push(Event::Detected {
        id: id.clone(),
        by,
        why: "the GM reveals it".into(),
    });
    Ok(())
}

/// `id` looks for `target`: a deliberate Search check (1 action in combat,
/// CX-TURN-07), or a glance, a free Awareness check at most once a round per
/// target; either against the target's detect DC (CX-CLOAK-03).
pub(crate) fn search(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    glance: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let searcher = able(d, id)?.fighter.clone();
    let illegal = |why: String| Refusal::Illegal { why };
    if id == target {
        return Err(illegal(format!("{id} cannot search for itself")));
    }
    let hidden = d.state.combatant(target)?.clone();
    if !hidden.stealth.unseen_by.contains(id) {
        return Err(illegal(format!(
            "{id} has already detected {target}: there is nothing to search for"
        )));
    }
    let Some((dc, dc_source)) = detect_dc(&hidden) else {
        return Err(illegal(format!(
            "{target} hides without a cloak and without a DC: the GM reveals it (reveal) or gives its hiding a DC (conceal with a dc)"
        )));
    };
    let skill = if glance { AWARENESS } else { SEARCH };
    let line = searcher
        .skill(skill)
        .ok_or_else(|| {
            illegal(format!(
                "the pack has no '{skill}' skill to look for {target} with"
            ))
        })?
        .clone();
    let spec = CheckSpec {
        dc,
        hidden: true,
        in_combat: d.state.in_combat(),
        // Drink's PER change (CX-COND-09, CX-COND-10).
        modifiers: d.state.line_changes(id, &line),
        ..CheckSpec::default()
    };
    may_attempt(&line, &spec).map_err(|r| illegal(format!("{} (rule {})", r.message, r.rule)))?;
    let round = d.state.round();
    if glance {
        if hidden.stealth.glanced.contains(&(id.clone(), round)) {
            return Err(illegal(format!(
                "{id} has already glanced for {target} this round; search for it (1 action) or wait for the next round"
            )));
        }
    } else if d.state.in_combat() {
        spend_on(d, id, 1, format!("search for {target}"), target)?;
        melee_check_penalty(d, id, dice)?;
        if able(d, id).is_err() {
            return Ok(());
        }
    }
    let mut result = skill_check(&searcher.name, &line, &spec, dice)?
        .map_err(|r| illegal(format!("{} (rule {})", r.message, r.rule)))?;
    let mut b = Breakdown::new();
    b.note(format!(
        "{} {} {} ({}: {dc})",
        searcher.name,
        if glance {
            "glances around for (a free Awareness check, CX-TURN-07)"
        } else {
            "searches for (a Search check, CX-TURN-07)"
        },
        hidden.fighter.name,
        dc_source
    ));
    b.extend(result.breakdown);
    result.breakdown = b;
    let found = result.success;
    d.push(Event::Searched {
        searcher: id.clone(),
        target: target.clone(),
        glance,
        round,
        result,
    });
    if found {
        d.push(Event::Detected {
            id: target.clone(),
            by: vec![id.clone()],
            why: format!("{}'s search finds it", searcher.name),
        });
    }
    Ok(())
}

/// Surprise attackers start the fight undetected by every enemy: they got the
/// drop (CX-TURN-02). Their hiding has no DC unless the GM gives one.
pub(crate) fn surprise(d: &mut Decision<'_>, actors: &[CombatantId]) {
    for id in actors {
        let Some(c) = d.state.combatants.get(id) else {
            continue;
        };
        let from = enemies_seeing(d.state, id, &c.stealth.unseen_by);
        hidden_from(
            d,
            id,
            from,
            "it starts the fight hidden and gets the drop (CX-TURN-02)",
        );
    }
}

/// The enemies of `id` that see it still (not in its `unseen_by`).
pub(crate) fn enemies_seeing(
    state: &Battle,
    id: &CombatantId,
    unseen_by: &BTreeSet<CombatantId>,
) -> Vec<CombatantId> {
    enemies(state, id)
        .into_iter()
        .filter(|o| !unseen_by.contains(o))
        .collect()
}

/// `id` hides from `from` with no DC, for `why`; nothing happens when
/// `from` is empty.
pub(crate) fn hidden_from(
    d: &mut Decision<'_>,
    id: &CombatantId,
    from: Vec<CombatantId>,
    why: &str,
) {
    if !from.is_empty() {
        d.push(Event::Concealed {
            id: id.clone(),
            from,
            dc: None,
            why: why.into(),
        });
    }
}

/// Who attacks in `e`, if anyone: a combat action (CX-CLOAK-03).
fn attacker(e: &Event) -> Option<&CombatantId> {
    match e {
        Event::Shot { attacker, .. } | Event::Melee { attacker, .. } => Some(attacker),
        Event::Suppressing { id, .. } | Event::Grenade { id, .. } => Some(id),
        Event::SuppressionFire { by, .. } => Some(by),
        Event::GrappleBegan { grappler, .. } => Some(grappler),
        Event::SpellCast { caster, .. } => Some(caster),
        _ => None,
    }
}

/// What follows any command: a skill or a jump stirs a cloak (CX-CLOAK-03);
/// a combat action ends the actor's cloak and gives it away; a wearer downed,
/// killed or knocked out loses its cloak.
pub(crate) fn aftermath(d: &mut Decision<'_>, command: &Command) -> Result<(), Refusal> {
    let stirring = match command {
        Command::Jump { id, .. } => Some((id, true, "jumps")),
        Command::Check { id, .. }
        | Command::Stabilize { id, .. }
        | Command::ClearJam { id, .. }
        | Command::Reload { id, .. }
        | Command::Search {
            id, glance: false, ..
        } => Some((id, false, "uses a skill")),
        _ => None,
    };
    if let Some((id, moved, what)) = stirring {
        let cloaked = d
            .state
            .combatants
            .get(id)
            .is_some_and(|c| c.stealth.cloak.is_some());
        if moved || cloaked {
            super::cloak::stir(d, id, moved, what);
        }
    }
    // Each attacker of the command's events, once: the first event it
    // attacks in gives it away (those pushed meanwhile attack nobody).
    for at in 0..d.events.len() {
        let Some(by) = attacker(&d.events[at]) else {
            continue;
        };
        if d.events[..at].iter().any(|e| attacker(e) == Some(by)) {
            continue;
        }
        let by = by.clone();
        give_away(
            d,
            &by,
            "a combat action ends the cloak (CX-CLOAK-03)",
            "its attack gives it away",
        );
    }
    let fallen: Vec<CombatantId> = d
        .state
        .combatants
        .iter()
        .filter(|(id, c)| {
            c.stealth.cloak.is_some()
                && (c.fighter.dead
                    || c.fighter.is_downed()
                    || d.state.has_condition(id, ConditionKind::Unconscious))
        })
        .map(|(id, _)| id.clone())
        .collect();
    for id in fallen {
        give_away(
            d,
            &id,
            "the wearer is down: the cloak fails",
            "visible again",
        );
    }
    Ok(())
}

/// Ends `id`'s cloak (with its charge delay) and shows it to everyone.
pub(crate) fn give_away(d: &mut Decision<'_>, id: &CombatantId, uncloak_why: &str, seen_why: &str) {
    let Some(c) = d.state.combatants.get(id) else {
        return;
    };
    // Most attackers are neither cloaked nor unseen: nothing to give away,
    // and nothing looked up again.
    if c.stealth.cloak.is_none() && c.stealth.unseen_by.is_empty() {
        return;
    }
    if c.stealth.cloak.is_some() {
        let charge = c
            .fighter
            .cloak
            .as_ref()
            .map_or(0, |m| u32::try_from(m.charge_delay).unwrap_or(0));
        d.push(Event::Uncloaked {
            id: id.clone(),
            why: uncloak_why.to_string(),
            charge_delay: charge,
        });
    }
    let by: Vec<CombatantId> = d.state.combatants[id]
        .stealth
        .unseen_by
        .iter()
        .cloned()
        .collect();
    if !by.is_empty() {
        d.push(Event::Detected {
            id: id.clone(),
            by,
            why: seen_why.to_string(),
        });
    }
}

/// The inputs of a stealth blow or throw besides its damage roll (CX-RNG-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StealthStrike {
    /// The attacker's Melee skill points.
    pub melee_skill: i64,
    /// The attacker's level.
    pub level: i64,
    /// The accuracy d10.
    pub die: u32,
    /// The final miss chance.
    pub miss_chance: i64,
    /// Whether the hit is a critical (CX-RNG-07).
    pub critical: bool,
    /// An explosive weapon: no stealth blow.
    pub explosive: bool,
}

/// What stealth makes of a blow or throw's damage (CX-RNG-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StealthBlow {
    /// The damage roll before doubling.
    pub rolled: i64,
    /// Doubled and capped: the damage before critical effects.
    pub amount: i64,
    /// The cap that applied: 150, or 200 from level 10.
    pub cap: i64,
    /// A vital spot: the armor is bypassed.
    pub vital: bool,
}

/// A stealth melee or thrown (non-explosive) hit by an attacker with 10 or
/// more Melee points: the damage roll doubled, capped at 150 (200 from level
/// 10), before critical effects; a critical or a d10 more than 3 over the
/// miss chance strikes a vital spot, which bypasses armor. None when the
/// rule does not apply (too little skill, an explosive). The caller adds the
/// critical's +20 to `amount` afterwards and passes `vital` as the armor
/// bypass of `combat::strike_with`.
pub fn stealth_melee(rolled: i64, s: &StealthStrike) -> Option<StealthBlow> {
    if s.explosive || s.melee_skill < STEALTH_MELEE_SKILL {
        return None;
    }
    let cap = if s.level >= STEALTH_MELEE_CAP_LEVEL {
        STEALTH_MELEE_CAP_HIGH
    } else {
        STEALTH_MELEE_CAP
    };
    Some(StealthBlow {
        rolled,
        amount: (2 * rolled.max(0)).min(cap),
        cap,
        vital: s.critical || i64::from(s.die) - s.miss_chance > VITAL_MARGIN,
    })
}

impl StealthBlow {
    /// Adds the doubling, the cap and the vital spot to a breakdown.
    pub fn explain(&self, b: &mut Breakdown) {
        b.value(
            format!(
                "stealth attack: damage {} doubled, at most {} (CX-RNG-10)",
                self.rolled, self.cap
            ),
            self.amount,
        );
        if self.vital {
            b.note(
                "a vital spot (a critical, or more than 3 over the miss chance): the armor is bypassed (CX-RNG-10)",
            );
        }
    }
}

/// A fighter's Melee skill points, for [`stealth_melee`].
pub fn melee_skill(fighter: &Fighter) -> i64 {
    fighter.skill("melee").map_or(0, |s| s.points)
}

/// Applies a stealth event.
pub(crate) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::Concealed { id, from, dc, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.stealth.unseen_by.extend(from.iter().cloned());
                if dc.is_some() {
                    c.stealth.hide_dc = *dc;
                }
            }
        }
        Event::Detected { id, by, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                for o in by {
                    c.stealth.unseen_by.remove(o);
                }
                if c.stealth.unseen_by.is_empty() {
                    c.stealth.hide_dc = None;
                }
            }
        }
        Event::Searched {
            searcher,
            target,
            glance: true,
            round,
            ..
        } => {
            if let Some(c) = state.combatants.get_mut(target) {
                c.stealth.glanced.push((searcher.clone(), *round));
            }
        }
        _ => super::cloak::evolve(state, event),
    }
}

/// Tells a stealth event.
pub(crate) fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    match event {
        Event::Concealed { id, from, dc, why } if from.is_empty() => vec![format!(
            "a search for {} must now beat DC {} ({why})",
            n(id),
            dc.unwrap_or_default()
        )],
        Event::Concealed { id, from, dc, why } => vec![format!(
            "{} is undetected by {}{} ({why})",
            n(id),
            from.iter().map(n).collect::<Vec<_>>().join(", "),
            dc.map_or(String::new(), |dc| format!("; a search must beat DC {dc}"))
        )],
        Event::Detected { id, by, why } => vec![format!(
            "{} is detected by {} ({why})",
            n(id),
            by.iter().map(n).collect::<Vec<_>>().join(", ")
        )],
        Event::Searched {
            searcher,
            target,
            result,
            ..
        } => {
            let mut out = vec![format!(
                "{} looks for {}: {}",
                n(searcher),
                n(target),
                if result.success { "found" } else { "nothing" }
            )];
            out.extend(result.breakdown.steps().iter().map(|s| format!("  {s}")));
            out
        }
        _ => super::cloak::narrate(state, event),
    }
}

fn list<'a>(ids: impl Iterator<Item = &'a CombatantId>) -> String {
    ids.map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blow(rolled: i64, die: u32, miss_chance: i64) -> Option<StealthBlow> {
        stealth_melee(
            rolled,
            &StealthStrike {
                melee_skill: STEALTH_MELEE_SKILL,
                level: 1,
                die,
                miss_chance,
                critical: false,
                explosive: false,
            },
        )
    }

    #[test]
    fn a_vital_spot_needs_more_than_3_over_the_miss_chance() {
        // rule: CX-RNG-10
        assert!(!blow(10, 7, 4).unwrap().vital, "3 over");
        assert!(blow(10, 8, 4).unwrap().vital, "4 over");
    }

    #[test]
    fn the_cap_comes_before_critical_effects() {
        // rule: CX-RNG-10
        let b = blow(100, 5, 4).unwrap();
        assert_eq!((b.amount, b.cap), (150, 150));
        let mut breakdown = Breakdown::new();
        b.explain(&mut breakdown);
        assert_eq!(
            breakdown.to_string(),
            "stealth attack: damage 100 doubled, at most 150 (CX-RNG-10): 150\n"
        );
    }
}
