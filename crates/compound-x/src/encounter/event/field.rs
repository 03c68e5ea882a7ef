//! How the field's events change the battle: the map and its walls and
//! doors, where each combatant stands, its cover and stance, and the
//! suppressed areas.

use nanite_core::CombatantId;

use super::super::scene::Area;
use super::super::{Battle, Combatant, Layout, Point, SPRINT_WINDOW, Scene, Wall};
use crate::combat::{Cover, Fighter, Stance};

/// A combatant enters with its fighting state, cover and stance.
pub(super) fn entered(
    state: &mut Battle,
    id: &CombatantId,
    fighter: &Fighter,
    cover: Cover,
    stance: Stance,
) {
    state
        .combatants
        .insert(id.clone(), Combatant::new(fighter.clone(), cover, stance));
}

/// Cover or stance set by the GM or by the rules.
pub(super) fn positioned(
    state: &mut Battle,
    id: &CombatantId,
    cover: Option<Cover>,
    stance: Option<Stance>,
) {
    if let Some(c) = state.combatants.get_mut(id) {
        if let Some(cover) = cover {
            c.cover = cover;
        }
        if let Some(stance) = stance {
            c.stance = stance;
        }
    }
}

/// A move: it counts as moving this turn; a sprint adds to the streak and
/// opens the sprint's window (CX-MOVE-02); the move may end in new cover.
pub(super) fn moved(
    state: &mut Battle,
    id: &CombatantId,
    sprint: bool,
    actions: u32,
    cover: Option<Cover>,
) {
    if let Some(c) = state.combatants.get_mut(id) {
        c.moved_this_turn = true;
        if sprint {
            c.sprint_streak += actions;
            c.sprint_window = SPRINT_WINDOW;
        }
        if let Some(cover) = cover {
            c.cover = cover;
        }
    }
}

/// A map is laid out: it replaces the scene's layout, or opens a scene.
pub(super) fn mapped(state: &mut Battle, layout: &Layout) {
    match state.scene.as_mut() {
        Some(scene) => scene.layout = layout.clone(),
        None => state.scene = Some(Box::new(Scene::new(layout.clone()))),
    }
}

/// A wall is added to the map.
pub(super) fn wall_added(state: &mut Battle, wall: &Wall) {
    if let Some(scene) = state.scene.as_mut() {
        scene.layout.walls.push(wall.clone());
    }
}

/// A wall is taken off the map.
pub(super) fn wall_removed(state: &mut Battle, index: usize) {
    if let Some(scene) = state.scene.as_mut()
        && index < scene.layout.walls.len()
    {
        scene.layout.walls.remove(index);
    }
}

/// A door opens or closes.
pub(super) fn door_set(state: &mut Battle, door: usize, open: bool) {
    if let Some(w) = state
        .scene
        .as_mut()
        .and_then(|s| s.layout.walls.get_mut(door))
    {
        w.open = open;
    }
}

/// A combatant stands at a point; its distances are measured again.
pub(super) fn placed(state: &mut Battle, id: &CombatantId, at: Point) {
    if let Some(scene) = state.scene.as_mut() {
        scene.positions.insert(id.clone(), at);
    }
    state.measure_from(id);
}

/// A combatant walks a path and stands at its end; its distances are
/// measured again.
pub(super) fn walked(state: &mut Battle, id: &CombatantId, path: &[Point]) {
    if let (Some(scene), Some(at)) = (state.scene.as_mut(), path.last()) {
        scene.positions.insert(id.clone(), *at);
    }
    state.measure_from(id);
}

/// A suppressed area is laid down (CX-SUP-01..04): it replaces the
/// suppressor's earlier one.
pub(super) fn suppressed_area(state: &mut Battle, by: &CombatantId, at: Point, radius: i64) {
    if let Some(scene) = state.scene.as_mut() {
        scene.areas.retain(|a| &a.by != by);
        scene.areas.push(Area {
            by: by.clone(),
            at,
            radius,
        });
    }
}
