//! Where to step on a map: the shortest way (in 5 ft squares, diagonals
//! included) from a combatant to the nearest square that satisfies a goal,
//! around enemies, through allies, never ending on anyone's square.

use std::collections::{BTreeMap, VecDeque};

use nanite_core::CombatantId;

use crate::encounter::{Battle, Field, SQUARE_FEET, Square};

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
    let Field::Map { width, height } = b.field else {
        return None;
    };
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
    let mut came: BTreeMap<Square, Square> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    came.insert(from, from);
    let mut found = None;
    while let Some(at) = queue.pop_front() {
        if at != from && !blocked.contains_key(&at) && goal(at) {
            found = Some(at);
            break;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                let next = Square {
                    x: at.x + dx,
                    y: at.y + dy,
                };
                if (dx, dy) == (0, 0)
                    || next.x < 0
                    || next.y < 0
                    || next.x >= width
                    || next.y >= height
                    || came.contains_key(&next)
                    || blocked.get(&next) == Some(&true)
                {
                    continue;
                }
                came.insert(next, at);
                queue.push_back(next);
            }
        }
    }
    let end = found?;
    let mut path = vec![end];
    let mut at = end;
    while came[&at] != from {
        at = came[&at];
        path.push(at);
    }
    path.reverse();
    let steps = path.len();
    let affordable = usize::try_from(feet / SQUARE_FEET).unwrap_or(0);
    path.truncate(affordable);
    // Allies may be passed but not shared: stop short of one.
    while path.last().is_some_and(|s| blocked.contains_key(s)) {
        path.pop();
    }
    Some(Way { now: path, steps })
}
