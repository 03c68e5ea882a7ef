//! Where to step on a map: the shortest way (in 5 ft squares, diagonals
//! included) from a combatant to the nearest square that satisfies a goal,
//! around enemies, through allies, never ending on anyone's square. The
//! search is the shared grid's ([`grid::nearest`]): of equally short ways,
//! the one that reads first.

use std::collections::BTreeMap;

use nanite_core::CombatantId;
use nanite_core::grid;

use crate::encounter::{Battle, FEET, Square};

/// A way to a goal: the squares to walk this turn (each next to the last)
/// and the steps the whole way takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Way {
    /// The squares walked this turn, in order (empty: stay).
    pub(crate) now: Vec<Square>,
    /// Steps to the goal in all.
    pub(crate) steps: usize,
}

/// The shortest way for `id` to a square where `goal` holds, walking at
/// most `feet` this turn; none when no such square can be reached at all
/// or `id` is not on a map. A way already at its goal has no steps.
pub(crate) fn way(
    b: &Battle,
    id: &CombatantId,
    feet: i64,
    goal: &dyn Fn(Square) -> bool,
) -> Option<Way> {
    let bounds = b.field.bounds()?;
    let from = b.square(id)?;
    if goal(from) {
        return Some(Way {
            now: Vec::new(),
            steps: 0,
        });
    }
    // Standing combatants: enemies block, allies may be passed.
    let mut blocked = BTreeMap::new();
    for other in b.combatants.keys() {
        if other == id || b.is_down(other) || b.side(other).is_none() {
            continue;
        }
        if let Some(s) = b.square(other) {
            blocked.insert(s, b.enemies(id, other));
        }
    }
    let mut path = grid::nearest(
        from,
        |s| bounds.contains(s) && blocked.get(&s) != Some(&true),
        |s| !blocked.contains_key(&s) && goal(s),
    )?;
    let steps = path.len();
    let affordable = usize::try_from(FEET.whole_squares(feet)).unwrap_or(0);
    path.truncate(affordable);
    // Allies may be passed but not shared: stop short of one.
    while path.last().is_some_and(|s| blocked.contains_key(s)) {
        path.pop();
    }
    Some(Way { now: path, steps })
}
