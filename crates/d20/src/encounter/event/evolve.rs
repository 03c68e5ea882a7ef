//! How each event changes the battle. Never rolls, never fails, never
//! overflows: hit points, movement, energy and the clock saturate.

use nanite_core::{ClockEvent, CombatantId};

use super::Event;
use crate::check::Opposed;
use crate::encounter::{
    Battle, Combatant, D20Effect, Fighter, Grapple, Movement, Owed, Place, Square,
};
use crate::pack::MagicKind;
use crate::rest::KitTreatment;

/// Applies one event to the battle.
pub(crate) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::Clock(e) => clock(state, e),
        Event::Entered {
            id,
            fighter,
            place,
            hp,
        } => entered(state, id, fighter, *place, *hp),
        Event::Positioned { id, place } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.place = *place;
            }
        }
        Event::RowChanged { id, row } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.place = Place::Row(*row);
                c.movement.used = c.movement.allowance;
            }
        }
        Event::SideInitiative { .. } => {}
        Event::TurnLost { id, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.movement.used = c.movement.allowance;
            }
        }
        Event::DoubledMove { id, allowance } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.movement.allowance = *allowance;
                c.movement.doubled = true;
            }
        }
        Event::Moved { id, squares } => moved(state, id, squares),
        Event::PassContest {
            mover,
            enemy,
            retry,
            contest,
        } => pass_contest(state, mover, enemy, *retry, contest),
        Event::Hurt { target, amount, .. } => {
            if let Some(c) = state.combatants.get_mut(target) {
                c.hp = c.hp.saturating_sub(*amount);
            }
        }
        Event::Healed { id, amount, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.hp = c.hp.saturating_add(*amount);
            }
        }
        Event::HpCapped { id, hp, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.hp = *hp;
            }
        }
        Event::Fell { id, .. } => {
            state.grapples.retain(|g| !g.involves(id));
        }
        Event::MagicSpent {
            id, kind, amount, ..
        } => magic_spent(state, id, *kind, *amount),
        Event::GrappleBegan { a, b, advantage } => state.grapples.push(Grapple {
            a: a.clone(),
            b: b.clone(),
            advantage: Some(advantage.clone()),
            primed: None,
        }),
        Event::AdvantageTo { id, .. } => {
            if let Some(g) = state.grapples.iter_mut().find(|g| g.involves(id)) {
                g.advantage = Some(id.clone());
            }
        }
        Event::Primed { id } => {
            if let Some(g) = state.grapples.iter_mut().find(|g| g.involves(id)) {
                g.primed = Some(id.clone());
            }
        }
        Event::PrimedUsed { id } => {
            if let Some(g) = state.grapples.iter_mut().find(|g| g.involves(id)) {
                g.primed = None;
            }
        }
        Event::GrappleEnded { a, b, .. } => {
            state.grapples.retain(|g| !(g.involves(a) && g.involves(b)));
        }
        Event::ChoiceOwed { chooser, against } => {
            state.owed = Some(Owed {
                chooser: chooser.clone(),
                against: against.clone(),
            });
        }
        Event::Chose { .. } => state.owed = None,
        Event::FreeGrapple { id } => state.free_grapple = Some(id.clone()),
        Event::FreeGrappleUsed { .. } => state.free_grapple = None,
        Event::KitUsed {
            id,
            kit,
            treatment,
            target,
        } => kit_used(state, id, kit, target, treatment),
        Event::Rested { id, rest } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.hp = c.hp.saturating_add(rest.healed);
            }
        }
        Event::TimePassed { minutes } => state.minutes = state.minutes.saturating_add(*minutes),
        Event::Rose { .. }
        | Event::Attacked { .. }
        | Event::CastBegan { .. }
        | Event::Concentration { .. }
        | Event::Resistance { .. }
        | Event::MagicTookEffect { .. }
        | Event::MagicFizzled { .. }
        | Event::GrappleCheck { .. }
        | Event::GrappleHit { .. }
        | Event::Checked { .. } => {}
    }
}

/// A combatant enters with its fighter, place and hit points; the energy
/// and power points it carried in from an earlier fight, if any, are kept,
/// never above its full amount.
fn entered(state: &mut Battle, id: &CombatantId, fighter: &Fighter, place: Place, hp: i64) {
    state.combatants.insert(
        id.clone(),
        Combatant {
            energy: fighter
                .carried_in
                .as_ref()
                .map_or(fighter.spell_energy, |c| c.energy.min(fighter.spell_energy)),
            power_points: fighter
                .carried_in
                .as_ref()
                .map_or(fighter.power_points, |c| {
                    c.power_points.min(fighter.power_points)
                }),
            fighter: fighter.clone(),
            hp,
            place,
            movement: Movement::default(),
        },
    );
}

/// A move along squares: the mover stands on the last one and has used a
/// square's feet for each.
fn moved(state: &mut Battle, id: &CombatantId, squares: &[Square]) {
    if let Some(c) = state.combatants.get_mut(id) {
        if let Some(last) = squares.last() {
            c.place = Place::Square(*last);
        }
        let feet = crate::encounter::SQUARE_FEET * i64::try_from(squares.len()).unwrap_or(0);
        c.movement.used = c.movement.used.saturating_add(feet);
    }
}

/// A contest to move past an enemy: a retry costs movement; a win lets the
/// mover past that enemy, a loss halts it there.
fn pass_contest(
    state: &mut Battle,
    mover: &CombatantId,
    enemy: &CombatantId,
    retry: bool,
    contest: &Opposed,
) {
    if let Some(c) = state.combatants.get_mut(mover) {
        if retry {
            c.movement.used = c.movement.used.saturating_add(crate::encounter::RETRY_FEET);
        }
        if contest.actor_wins {
            c.movement.passed.push(enemy.clone());
        } else if !c.movement.halted_by.contains(enemy) {
            c.movement.halted_by.push(enemy.clone());
        }
    }
}

/// Spell energy or power points spent.
fn magic_spent(state: &mut Battle, id: &CombatantId, kind: MagicKind, amount: i64) {
    if let Some(c) = state.combatants.get_mut(id) {
        match kind {
            MagicKind::Spell => c.energy = c.energy.saturating_sub(amount),
            MagicKind::Power => c.power_points = c.power_points.saturating_sub(amount),
        }
    }
}

/// A kit is used: one fewer of it, and the target heals what it treated.
fn kit_used(
    state: &mut Battle,
    id: &CombatantId,
    kit: &str,
    target: &CombatantId,
    treatment: &KitTreatment,
) {
    if let Some(c) = state.combatants.get_mut(id)
        && let Some(k) = c.fighter.kits.iter_mut().find(|k| k.id == kit)
    {
        k.count = k.count.saturating_sub(1);
    }
    if let Some(c) = state.combatants.get_mut(target) {
        c.hp = c.hp.saturating_add(treatment.healed);
    }
}

fn clock(state: &mut Battle, e: &ClockEvent<D20Effect>) {
    state.clock.apply(e);
    match e {
        ClockEvent::TurnBegan { id, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.movement = Movement {
                    allowance: c.fighter.speed,
                    ..Movement::default()
                };
            }
        }
        ClockEvent::TurnEnded { .. } => state.free_grapple = None,
        ClockEvent::Left { id } => {
            state.combatants.remove(id);
            state.grapples.retain(|g| !g.involves(id));
            if state
                .owed
                .as_ref()
                .is_some_and(|o| &o.chooser == id || &o.against == id)
            {
                state.owed = None;
            }
            if state.free_grapple.as_ref() == Some(id) {
                state.free_grapple = None;
            }
        }
        ClockEvent::Ended => {
            state.owed = None;
            state.free_grapple = None;
        }
        _ => {}
    }
}
