//! How engagement and grapples change the battle: who is in melee contact
//! with whom, and who holds whom.

use nanite_core::CombatantId;

use super::super::{Battle, Grapple, pair};

/// Two combatants engage: in contact, a metre apart.
pub(super) fn engaged(state: &mut Battle, a: &CombatantId, b: &CombatantId) {
    state.engaged.insert(pair(a, b));
    state.distances.insert(a, b, 1);
}

/// A grapple begins: nobody controls it yet, and the two are engaged.
pub(super) fn grapple_began(state: &mut Battle, grappler: &CombatantId, grappled: &CombatantId) {
    state.grapples.push(Grapple {
        grappler: grappler.clone(),
        grappled: grappled.clone(),
        controller: None,
    });
    engaged(state, grappler, grappled);
}

/// One side of a grapple takes control of it.
pub(super) fn grapple_controlled(state: &mut Battle, controller: &CombatantId) {
    if let Some(g) = state.grapples.iter_mut().find(|g| g.involves(controller)) {
        g.controller = Some(controller.clone());
    }
}
