//! The GM's deployments and their legality, the same for a human GM and the
//! automated one (rules ST-GM-01..03).

use super::Decision;
use crate::command::{Refusal, refuse, refuse_by};
use crate::event::Event;
use crate::map::{Pos, distance};
use crate::state::{Phase, State};

/// Whether the GM may deploy `creature` on `at` now, and if not, why.
pub fn check_deploy(state: &State, creature: &str, at: Pos) -> Result<(), Refusal> {
    match state.phase {
        Phase::Setup | Phase::Gm => {}
        _ => {
            return Err(refuse_by(
                "ST-FLOW-02",
                "creatures are deployed only in setup or the GM's turn",
            ));
        }
    }
    if state.phase == Phase::Gm && state.gm.deployed {
        return Err(refuse_by(
            "ST-GM-03",
            "the GM has already deployed a creature this turn; one per turn",
        ));
    }
    let Some(kind) = state.pack.creatures.get(creature) else {
        return Err(refuse(format!(
            "there is no creature {creature} in the pack"
        )));
    };
    let level = state.gm.threat;
    let limits = state
        .scenario
        .threats
        .range(..=level)
        .next_back()
        .map(|(_, l)| l);
    let Some(limit) = limits.and_then(|l| l.get(creature)) else {
        return Err(refuse_by(
            "ST-GM-02",
            format!("threat level {level} does not allow {}", kind.name),
        ));
    };
    let on_map = state
        .creatures
        .iter()
        .filter(|c| c.kind == creature)
        .count() as u32;
    if on_map >= *limit {
        return Err(refuse_by(
            "ST-GM-02",
            format!(
                "threat level {level} allows {limit} {} on the map, and {on_map} are there",
                kind.name
            ),
        ));
    }
    if state.gm.bcp < kind.bcp || state.gm.mcp < kind.mcp {
        return Err(refuse_by(
            "ST-GM-01",
            format!(
                "{} costs {} BCP and {} MCP; the GM has {} BCP and {} MCP",
                kind.name, kind.bcp, kind.mcp, state.gm.bcp, state.gm.mcp
            ),
        ));
    }
    if state.grid().tile(at) != crate::map::Tile::Floor || state.door(at).is_some() {
        return Err(refuse(format!("{at} is not open floor")));
    }
    if state.occupied_for_moves(at) {
        return Err(refuse(format!("{at} is taken")));
    }
    for p in state.living() {
        let Some(pat) = p.at else { continue };
        if distance(pat, at) < 5 {
            return Err(refuse_by(
                "ST-GM-03",
                format!(
                    "{at} is {} squares from {}; creatures are deployed at least 5 away",
                    distance(pat, at),
                    p.id
                ),
            ));
        }
        if state.grid().room(at).is_some() && state.grid().room(at) == state.grid().room(pat) {
            return Err(refuse_by(
                "ST-GM-03",
                format!("{at} is in the room where {} stands", p.id),
            ));
        }
        if crate::map::line_of_sight(state, pat, at) {
            return Err(refuse_by("ST-GM-03", format!("{} can see {at}", p.id)));
        }
    }
    if kind.egg {
        let near = state.creatures.iter().find(|c| {
            state.pack.creatures.get(&c.kind).is_some_and(|k| k.egg) && distance(c.at, at) < 2
        });
        if let Some(egg) = near {
            return Err(refuse_by(
                "ST-GM-03",
                format!(
                    "eggs need an empty square between them, and {} is next to {at}",
                    egg.id
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn deploy(d: &mut Decision, creature: &str, at: Pos) -> Result<(), Refusal> {
    check_deploy(&d.state, creature, at)?;
    let kind = &d.state.pack.creatures[creature];
    let id = format!("c{}", d.state.next_creature);
    let event = Event::Deployed {
        id,
        kind: creature.to_string(),
        at,
        bcp: kind.bcp,
        mcp: kind.mcp,
        knows: d.state.gm.alarm > 0,
    };
    d.push(event);
    Ok(())
}
