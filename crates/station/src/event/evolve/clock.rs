//! The clock and the GM's side of it: turns, deployments, income, action
//! cards, threat, cameras, alarms and the security outage a hacked station
//! causes, objectives and the end (rules ST-FLOW-*, ST-GM-*, ST-ENV-02,
//! ST-ENV-03).

use super::{Event, monster};
use crate::state::{Monster, Phase, State};

/// Cameras restart at this counter (rule ST-ENV-02).
const CAMERA_START: i32 = 3;

/// Applies a clock, economy or security event.
pub(super) fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::Began => {
            state.phase = Phase::Players;
            state.turn = 1;
        }
        Event::PlayersTurn { turn, ap } => {
            state.phase = Phase::Players;
            state.turn = *turn;
            for p in &mut state.players {
                p.defending.clear();
                p.ap = ap.iter().find(|(id, _)| *id == p.id).map_or(0, |(_, a)| *a);
            }
        }
        Event::GmTurn => {
            state.phase = Phase::Gm;
            state.gm.deployed = false;
            let pack = state.pack.clone();
            for c in &mut state.creatures {
                c.defending.clear();
                c.ap = pack.creatures.get(&c.kind).map_or(0, |k| k.ap);
            }
        }
        Event::Deployed {
            id,
            kind,
            at,
            bcp,
            mcp,
            knows,
        } => {
            state.gm.bcp = state.gm.bcp.saturating_sub(*bcp);
            state.gm.mcp = state.gm.mcp.saturating_sub(*mcp);
            if state.phase == Phase::Gm {
                state.gm.deployed = true;
            }
            state.next_creature = state.next_creature.saturating_add(1);
            let hp = state.pack.creatures.get(kind).map_or(1, |k| k.hp);
            state.creatures.push(Monster {
                id: id.clone(),
                kind: kind.clone(),
                hp,
                at: *at,
                ap: 0,
                knows: *knows,
                defending: Default::default(),
            });
        }
        Event::Spotted { id } => {
            if let Some(c) = monster(state, id) {
                c.knows = true;
            }
        }
        Event::Income { bcp, mcp, .. } => {
            state.gm.bcp = state.gm.bcp.saturating_add(*bcp);
            state.gm.mcp = state.gm.mcp.saturating_add(*mcp);
        }
        Event::CardDrawn { card, .. } => state.gm.drawn.push(card.clone()),
        Event::ThreatChanged { level, .. } => state.gm.threat = *level,
        Event::ThreatHeld { .. } => {}
        Event::LightsOut { rooms } => state.dark.extend(rooms.iter().copied()),
        Event::ObjectiveReached { index, reward } => {
            if let Some(r) = state.reached.get_mut(*index) {
                *r = true;
            }
            for p in state.players.iter_mut().filter(|p| p.alive()) {
                p.cm = p.cm.saturating_add(*reward);
            }
        }
        Event::TurnEnded { next } => state.turn = *next,
        Event::GameOver { winner, .. } => state.phase = Phase::Over(*winner),
        _ => security(state, event),
    }
}

/// Cameras, alarms and the outage of a hacked security station (rules
/// ST-ENV-02, ST-ENV-03). Turrets fire only while an alarm is on and
/// security is not down.
fn security(state: &mut State, event: &Event) {
    match event {
        Event::CameraCounted { camera, counter } => {
            if let Some(c) = state.cameras.iter_mut().find(|c| c.cone.at == *camera) {
                c.counter = *counter;
            }
        }
        Event::AlarmRaised { .. } => {
            state.gm.alarm = crate::state::ALARM_TURNS;
            set_turrets(state);
        }
        Event::AlarmTicked => state.gm.alarm = state.gm.alarm.saturating_sub(1),
        Event::AlarmEnded => {
            state.gm.alarm = 0;
            set_turrets(state);
        }
        Event::SecurityReset { down } => {
            state.gm.alarm = 0;
            state.gm.security_down = *down;
            for c in &mut state.cameras {
                c.counter = CAMERA_START;
            }
            set_turrets(state);
        }
        Event::SecurityTicked => {
            state.gm.security_down = state.gm.security_down.saturating_sub(1);
        }
        Event::SecurityRestored => {
            state.gm.security_down = 0;
            set_turrets(state);
        }
        _ => {}
    }
}

/// Turrets are active while an alarm is on and security is not down.
fn set_turrets(state: &mut State) {
    let active = state.gm.alarm > 0 && state.gm.security_down == 0;
    for t in &mut state.turrets {
        t.active = active;
    }
}
