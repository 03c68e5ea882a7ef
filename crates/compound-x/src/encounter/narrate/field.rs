//! The field's events told: who enters and where, cover and stance, moves
//! and walks, the map, its walls and doors, and the areas marked on it.

use nanite_core::CombatantId;

use super::super::{Battle, Layout, Point, Wall, scene};
use super::{name, wall_gives};
use crate::combat::{Cover, Fighter, Stance};

/// A combatant enters: its name, health, cover and stance.
pub(super) fn entered(id: &CombatantId, fighter: &Fighter, cover: Cover, stance: Stance) -> String {
    format!(
        "{} ({id}) enters: {} HP, {}, {}",
        fighter.name,
        fighter.hp,
        cover.words(),
        stance.key()
    )
}

/// A combatant's new cover and stance, whichever changed.
pub(super) fn positioned(
    state: &Battle,
    id: &CombatantId,
    cover: Option<Cover>,
    stance: Option<Stance>,
) -> String {
    let mut parts = Vec::new();
    if let Some(c) = cover {
        parts.push(c.words().to_string());
    }
    if let Some(s) = stance {
        parts.push(s.key().to_string());
    }
    format!("{} is now {}", name(state, id), parts.join(", "))
}

/// A move or sprint of some metres, maybe into cover or the open.
pub(super) fn moved(
    state: &Battle,
    id: &CombatantId,
    metres: i64,
    sprint: bool,
    cover: Option<Cover>,
) -> String {
    format!(
        "{} {} {metres} m{}",
        name(state, id),
        if sprint { "sprints" } else { "moves" },
        match cover {
            None => String::new(),
            Some(Cover::None) => ", into the open".to_string(),
            Some(c) => format!(", into {}", c.words()),
        }
    )
}

/// The map's size, walls and grid.
pub(super) fn mapped(layout: &Layout) -> String {
    format!(
        "the map: {} x {} m, {} wall(s){}",
        scene::show_dm(layout.width),
        scene::show_dm(layout.height),
        layout.walls.len(),
        if layout.grid {
            ", a 1 m grid drawn"
        } else {
            ""
        }
    )
}

/// The GM adds a wall, and what it gives.
pub(super) fn wall_added(wall: &Wall) -> String {
    format!(
        "the GM adds {} to the map: {}",
        wall.label(),
        wall_gives(wall)
    )
}

/// A walk: where it ends, and the points it went by.
pub(super) fn walked(state: &Battle, id: &CombatantId, path: &[Point]) -> String {
    let via: Vec<String> = path
        .iter()
        .skip(1)
        .take(path.len().saturating_sub(2))
        .map(|p| p.to_string())
        .collect();
    format!(
        "{} goes to {}{}",
        name(state, id),
        path.last().map_or_else(String::new, |p| p.to_string()),
        if via.is_empty() {
            String::new()
        } else {
            format!(" by way of {}", via.join(", "))
        }
    )
}

/// An area marked on the map: a grenade's blast or a suppressed area.
pub(super) fn area(
    state: &Battle,
    by: &CombatantId,
    at: &Point,
    radius: i64,
    blast: bool,
) -> String {
    if blast {
        format!(
            "{}'s grenade bursts at {at}: {radius} m blast",
            name(state, by)
        )
    } else {
        format!(
            "{}'s suppressed area: {radius} m around {at}",
            name(state, by)
        )
    }
}

/// A door opened or closed, by a combatant or the GM.
pub(super) fn door_set(
    state: &Battle,
    door: usize,
    open: bool,
    by: Option<&CombatantId>,
) -> String {
    let door = state
        .scene
        .as_ref()
        .and_then(|s| s.layout.walls.get(door))
        .map_or_else(|| "door".to_string(), Wall::label);
    format!(
        "{} {} the {door}",
        by.map_or_else(|| "the GM".to_string(), |by| name(state, by)),
        if open { "opens" } else { "closes" }
    )
}
