//! A Station game as a viewer knows it. The board lies open on the table
//! (map, doors, devices, the crew's cards, the creatures and their hit
//! points); the GM keeps the creature points (BCP, MCP) and whether a
//! creature was deployed this turn, which creatures know where the crew is,
//! and the outcome of a task, rolled when it started (ST-TECH-02..05) and
//! learnt when it lands. A player's or a spectator's choices are judged on
//! a copy without those, so nothing offered, no cost and no reason can
//! depend on them.

use nanite_core::table::Seat;

use crate::state::State;

/// `state` as `seat` knows it: all of it for the GM; for anyone else with
/// the GM's secrets blanked (no creature points, nothing deployed, no
/// creature that knows where the crew is, no task outcome).
pub fn known_by(state: &State, seat: &Seat) -> State {
    let mut known = state.clone();
    if seat.is_gm() {
        return known;
    }
    known.gm.bcp = 0;
    known.gm.mcp = 0;
    known.gm.deployed = false;
    for c in &mut known.creatures {
        c.knows = false;
    }
    for p in &mut known.players {
        if let Some(task) = &mut p.task {
            task.outcome.clear();
        }
    }
    known
}
