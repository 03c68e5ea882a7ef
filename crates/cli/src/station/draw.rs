//! The map and the table's status drawn as text.

use std::fmt::Write;

use nanite_station::map::{Pos, Tile};
use nanite_station::resolve::Light;
use nanite_station::scenario::Lock;
use nanite_station::{Phase, Side, State};

/// The map with units, doors, devices and tokens, and its key.
pub(super) fn map(state: &State) -> String {
    let grid = state.grid();
    let mut out = String::new();
    let header: String = (0..grid.width())
        .map(|x| char::from(b'0' + (x % 10) as u8))
        .collect();
    let _ = writeln!(out, "   {header}");
    for y in 0..grid.height() {
        let row: String = (0..grid.width())
            .map(|x| cell(state, Pos::new(x, y)))
            .collect();
        let _ = writeln!(out, "{y:>2} {row}");
    }
    out.push_str(
        "key: # wall  . floor  , dark  : no light  + door  L locked door  @ broken lock\n",
    );
    out.push_str("     Q bio-machine  S security station  T turret  C camera  U upgrade unit  K switch  $ searchable\n");
    out.push_str("     1-4 players  lower-case letters creatures (first letter of their kind)\n");
    out
}

fn cell(state: &State, p: Pos) -> char {
    if let Some(i) = state.players.iter().position(|pl| pl.at == Some(p)) {
        return char::from(b'1' + i as u8);
    }
    if let Some(c) = state.creatures.iter().find(|c| c.at == p) {
        return c.kind.chars().next().unwrap_or('x').to_ascii_lowercase();
    }
    if let Some(d) = state.door(p) {
        return match (d.broken, d.locked, d.lock) {
            (true, _, _) => '@',
            (_, true, _) => 'L',
            (_, false, Lock::Standard) | (_, false, _) => '+',
        };
    }
    if state.machines.iter().any(|m| m.at == p) {
        return 'Q';
    }
    if state.stations.iter().any(|s| s.spec.at == p) {
        return 'S';
    }
    if state.turrets.iter().any(|t| t.spec.cone.at == p) {
        return 'T';
    }
    if state.scenario.upgrade_units.contains(&p) {
        return 'U';
    }
    if state.scenario.switches.iter().any(|s| s.at == p) {
        return 'K';
    }
    if state.cameras.iter().any(|c| c.cone.at == p) {
        return 'C';
    }
    if state.searchables.iter().any(|s| s.at == p) {
        return '$';
    }
    for (m, squares) in &state.scenario.markers {
        if squares.contains(&p)
            && state
                .scenario
                .objectives
                .iter()
                .any(|o| o.goal == nanite_station::scenario::Goal::Reach(*m))
        {
            return *m;
        }
    }
    match state.grid().tile(p) {
        Tile::Wall => '#',
        Tile::Void => ' ',
        Tile::Floor => match state.light(p) {
            Light::Lit => '.',
            Light::Dark => ',',
            Light::NoLight => ':',
        },
    }
}

/// Who is where, the GM's points, threat, alarm and objectives.
pub(super) fn status(state: &State) -> String {
    let mut out = String::new();
    let phase = match &state.phase {
        Phase::Setup => "setup".to_string(),
        Phase::Players => "players' turn".to_string(),
        Phase::Gm => "GM's turn".to_string(),
        Phase::Over(Side::Players) => "over: the players won".to_string(),
        Phase::Over(Side::Gm) => "over: the GM won".to_string(),
    };
    let _ = writeln!(out, "turn {}, {phase}", state.turn);
    for (i, p) in state.players.iter().enumerate() {
        let at = p.at.map_or("dead".to_string(), |a| a.to_string());
        let weapon = p.weapon.as_ref().map_or("fists".to_string(), |w| {
            state.pack.item_name(&w.id).to_string()
        });
        let armor = p
            .armor
            .as_deref()
            .map_or("none", |a| state.pack.item_name(a));
        let items: Vec<&str> = p.inventory.iter().map(|c| c.id()).collect();
        let busy = p.task.as_ref().map_or(String::new(), |t| {
            format!(", busy {} ({} turns)", t.what, t.turns_left)
        });
        let _ = writeln!(
            out,
            "  {} {} ({}) at {at}: HP {}/{}, AP {}, nanites {}, CM {}, {weapon}, {armor}, carries [{}]{busy}",
            i + 1,
            p.id,
            p.class,
            p.hp,
            p.max_hp,
            p.ap,
            p.nanites,
            p.cm,
            items.join(", ")
        );
    }
    for c in &state.creatures {
        let _ = writeln!(
            out,
            "  {} {} at {}: HP {}{}",
            c.id,
            c.kind,
            c.at,
            c.hp,
            if c.knows { ", hunting" } else { "" }
        );
    }
    let mut alarm = if state.gm.alarm > 0 {
        format!(", ALARM {} turns", state.gm.alarm)
    } else {
        String::new()
    };
    if state.gm.security_down > 0 {
        alarm.push_str(&format!(
            ", security hacked: cameras and turrets off {} turns",
            state.gm.security_down
        ));
    }
    let _ = writeln!(
        out,
        "  GM: {} BCP, {} MCP, threat {}{alarm}",
        state.gm.bcp, state.gm.mcp, state.gm.threat
    );
    for (i, o) in state.scenario.objectives.iter().enumerate() {
        let done = if state.reached[i] { "done" } else { "open" };
        let _ = writeln!(
            out,
            "  objective {}: {:?}, reward {} CM{} [{done}]",
            i + 1,
            o.goal,
            o.reward,
            if o.win { ", wins" } else { "" }
        );
    }
    out
}
