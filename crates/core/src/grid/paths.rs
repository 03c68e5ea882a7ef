//! Ways across the grid: the cost of reaching every square, the cheapest
//! path to one square, a distance field to walk down, and the nearest
//! square where a goal holds.
//!
//! The searches are the `pathfinding` crate's (Dijkstra's algorithm and a
//! breadth-first search); what a step costs, and where one may step, come
//! from the ruleset as closures. A cost of a step is at least 1.

use std::collections::BTreeMap;

use pathfinding::directed::bfs::bfs;
use pathfinding::directed::dijkstra::dijkstra_reach;

use super::square::{Coord, Square};

/// The cost of reaching every square reachable from `from` (`from` itself
/// at 0), stepping to any of the eight neighbours. `step(a, b)` is the cost
/// of the single step from `a` onto its neighbour `b`, `None` where that
/// step may not be taken.
pub fn costs_from<C: Coord>(
    from: Square<C>,
    step: impl Fn(Square<C>, Square<C>) -> Option<u32>,
) -> BTreeMap<Square<C>, u32> {
    dijkstra_reach(&from, |&at| successors(at, &step))
        .map(|reached| (reached.node, reached.total_cost))
        .collect()
}

/// The cheapest path from `from` to `to`: the squares stepped onto in order
/// (`from` excluded, `to` last) and the cost of them all, or `None` if `to`
/// cannot be reached. Standing on `to` already is a path of no steps.
/// `step` is as for [`costs_from`].
///
/// Of equally cheap paths, the one taken is found going back from `to`:
/// each square is reached from the neighbour it is cheapest to come from,
/// and of those, the one reached most cheaply, then the smallest (by
/// column, then row). A fixed rule, so a seeded game replays the same
/// steps whatever order the search met the squares in.
pub fn cheapest_path<C: Coord>(
    from: Square<C>,
    to: Square<C>,
    step: impl Fn(Square<C>, Square<C>) -> Option<u32>,
) -> Option<(Vec<Square<C>>, u32)> {
    if from == to {
        return Some((Vec::new(), 0));
    }
    // The squares settled, cheapest first, up to `to`: every square cheaper
    // than `to` is among them, so the costs on the way back are final.
    let mut settled = BTreeMap::new();
    for reached in dijkstra_reach(&from, |&at| successors(at, &step)) {
        settled.insert(reached.node, reached.total_cost);
        if reached.node == to {
            break;
        }
    }
    let cost = |s: Square<C>| settled.get(&s).copied();
    let total = cost(to)?;
    let mut steps = vec![to];
    let mut at = to;
    let mut at_cost = total;
    loop {
        let (came_cost, came) = at
            .neighbours()
            .into_iter()
            .filter_map(|n| {
                let c = cost(n)?;
                (c < at_cost && c + step(n, at)? == at_cost).then_some((c, n))
            })
            .min()?;
        if came == from {
            break;
        }
        steps.push(came);
        at = came;
        at_cost = came_cost;
    }
    steps.reverse();
    Some((steps, total))
}

/// The cost from every square to the nearest of `sources` (each source at
/// 0): a field to walk down one step at a time, towards whichever source is
/// closest. `step(a, b)` is the cost of stepping from `a` onto its
/// neighbour `b` (`None`: it may not be taken), so the field spreads from
/// the sources backwards along the steps that lead to them.
pub fn distance_field<C: Coord>(
    sources: &[Square<C>],
    step: impl Fn(Square<C>, Square<C>) -> Option<u32>,
) -> BTreeMap<Square<C>, u32> {
    // One search from a start that stands for all the sources: `None`, one
    // step of no cost from each of them.
    let step = &step;
    dijkstra_reach(&None, |&at: &Option<Square<C>>| {
        let starts = if at.is_none() { sources } else { &[] };
        let starts = starts.iter().map(|s| (Some(*s), 0));
        let back = at.into_iter().flat_map(|at| {
            at.neighbours()
                .into_iter()
                .filter_map(move |n| Some((Some(n), step(n, at)?)))
        });
        starts.chain(back)
    })
    .filter_map(|reached| Some((reached.node?, reached.total_cost)))
    .collect()
}

/// The fewest steps from `from` to a square where `end` holds, through
/// squares where `enter` holds (`end` is asked only of squares that may be
/// entered): the squares stepped onto in order, `from` excluded and never
/// counted as reached, or `None` if no such square can be reached. Steps go
/// to any of the eight neighbours, tried in reading order
/// ([`Square::around`]): of equally short ways, the one that reads first.
pub fn nearest<C: Coord>(
    from: Square<C>,
    enter: impl Fn(Square<C>) -> bool,
    end: impl Fn(Square<C>) -> bool,
) -> Option<Vec<Square<C>>> {
    let mut way = bfs(
        &from,
        |&at| at.around().into_iter().filter(|n| enter(*n)),
        |&at| at != from && end(at),
    )?;
    way.remove(0);
    Some(way)
}

/// The steps from `at` that may be taken, with their costs.
fn successors<C: Coord>(
    at: Square<C>,
    step: &impl Fn(Square<C>, Square<C>) -> Option<u32>,
) -> impl Iterator<Item = (Square<C>, u32)> + '_ {
    at.neighbours()
        .into_iter()
        .filter_map(move |n| Some((n, step(at, n)?)))
}
