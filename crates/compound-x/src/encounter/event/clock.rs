//! How the clock's events (turns, actions) change the battle beyond the
//! clock itself: suppression, movement memory, cloaks and sprints.

use nanite_core::ClockEvent;

use super::super::{Battle, CxEffect, SPRINT, cloak, spells};

/// The clock moves on: the cloak and spells look first, then the clock
/// applies the event, then what it changes on a combatant is found once.
pub(super) fn ticked(state: &mut Battle, e: &ClockEvent<CxEffect>) {
    cloak::before_clock(state, e);
    spells::before_clock(state, e);
    state.clock.apply(e);
    match e {
        ClockEvent::TurnBegan { id, .. } => turn_began(state, id),
        ClockEvent::ActionsSpent {
            id, actions, on, ..
        } => actions_spent(state, id, *actions, on),
        _ => {}
    }
}

/// A turn begins: its suppression ends (CX-SUP-01), last turn's movement is
/// remembered, and the cloak counts the turn.
fn turn_began(state: &mut Battle, id: &nanite_core::CombatantId) {
    if let Some(scene) = state.scene.as_mut() {
        scene.areas.retain(|a| &a.by != id);
    }
    if let Some(c) = state.combatants.get_mut(id) {
        c.moved_last_turn = c.moved_this_turn;
        c.moved_this_turn = false;
        cloak::turn_began(c);
    }
}

/// Actions are spent: the cloak counts them, and actions other than a
/// sprint count against the sprint's window and break its streak
/// (CX-MOVE-02).
fn actions_spent(state: &mut Battle, id: &nanite_core::CombatantId, actions: u32, on: &str) {
    if let Some(c) = state.combatants.get_mut(id) {
        cloak::actions_passed(c, actions);
        if actions > 0 && !on.starts_with(SPRINT) {
            c.sprint_window = c.sprint_window.saturating_sub(actions);
            c.sprint_streak = 0;
        }
    }
}
