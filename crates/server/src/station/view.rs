//! A Station game as a viewer may see it. Station is a board game: the map,
//! its doors, tokens, devices, the crew and the creatures with their hit
//! points lie on the table for everyone, and the crew's cards are open to
//! the whole crew. What the GM keeps: the creature points (BCP and MCP) and
//! the income that fills them, and which creatures know where the crew is.
//! Spectators see what the players see.

use nanite_station::map::{Pos, Tile};
use nanite_station::resolve::Light;
use nanite_station::scenario::{Goal, Kind};
use nanite_station::state::{Carried, Contents};
use nanite_station::{Phase, Side, State};
use serde_json::{Value, json};

use super::game::Done;
use super::{Game, Item, What, seats};
use crate::permissions::Viewer;

fn pos(p: Pos) -> Value {
    json!({ "x": p.x, "y": p.y })
}

/// The phase's name.
pub(crate) fn phase(state: &State) -> (&'static str, Option<&'static str>) {
    match state.phase {
        Phase::Setup => ("setup", None),
        Phase::Players => ("players", None),
        Phase::Gm => ("gm", None),
        Phase::Over(Side::Players) => ("over", Some("players")),
        Phase::Over(Side::Gm) => ("over", Some("gm")),
    }
}

/// The scenario kind's name.
pub(crate) fn kind(kind: Kind) -> &'static str {
    match kind {
        Kind::PlayersVsGm => "players-vs-gm",
        Kind::SinglePlayer => "single-player",
        Kind::Cooperative => "cooperative",
    }
}

fn carried(state: &State, c: &Carried) -> Value {
    let mut v = json!({ "id": c.id(), "name": state.pack.item_name(c.id()) });
    match c {
        Carried::Weapon(g) => {
            v["kind"] = json!("weapon");
            v["mods"] = json!(g.mods);
            v["broken"] = json!(g.broken);
        }
        Carried::Armor(_) => v["kind"] = json!("armor"),
        Carried::Item(_) => v["kind"] = json!("item"),
    }
    v
}

/// The map: tiles as rows of characters (`#` wall, `.` floor, ` ` void),
/// light as rows (`.` lit, `d` dark, `n` no light) and every thing on it.
fn map(state: &State) -> Value {
    let grid = state.grid();
    let rows: Vec<String> = (0..grid.height())
        .map(|y| {
            (0..grid.width())
                .map(|x| match grid.tile(Pos::new(x, y)) {
                    Tile::Wall => '#',
                    Tile::Floor => '.',
                    Tile::Void => ' ',
                })
                .collect()
        })
        .collect();
    let light: Vec<String> = (0..grid.height())
        .map(|y| {
            (0..grid.width())
                .map(|x| {
                    let p = Pos::new(x, y);
                    if grid.tile(p) != Tile::Floor {
                        return ' ';
                    }
                    match state.light(p) {
                        Light::Lit => '.',
                        Light::Dark => 'd',
                        Light::NoLight => 'n',
                    }
                })
                .collect()
        })
        .collect();
    let seen = |cone: &nanite_station::map::Cone| -> Vec<Value> {
        grid.floor()
            .filter(|p| cone.sees(state, *p))
            .map(pos)
            .collect()
    };
    let doors: Vec<Value> = state
        .doors
        .iter()
        .map(|d| {
            json!({
                "at": pos(d.at),
                "lock": d.lock.name(),
                "locked": d.locked,
                "broken": d.broken,
                "hack": { "difficulty": d.hack.difficulty, "skill": d.hack.skill, "nanites": d.hack.nanites },
            })
        })
        .collect();
    let cameras: Vec<Value> = state
        .cameras
        .iter()
        .map(|c| {
            json!({
                "at": pos(c.cone.at),
                "facing": c.cone.facing,
                "range": c.cone.range,
                "angle": c.cone.angle,
                "counter": c.counter,
                "sees": seen(&c.cone),
            })
        })
        .collect();
    let turrets: Vec<Value> = state
        .turrets
        .iter()
        .map(|t| {
            json!({
                "at": pos(t.spec.cone.at),
                "facing": t.spec.cone.facing,
                "range": t.spec.cone.range,
                "angle": t.spec.cone.angle,
                "active": t.active,
                "accuracy": t.spec.accuracy,
                "damage": t.spec.damage,
                "damage_type": t.spec.damage_type.name(),
                "sees": seen(&t.spec.cone),
            })
        })
        .collect();
    let stations: Vec<Value> = state
        .stations
        .iter()
        .map(|s| {
            json!({
                "at": pos(s.spec.at),
                "advanced": s.spec.advanced,
                "broken": s.broken,
                "hack": { "difficulty": s.spec.hack.difficulty, "skill": s.spec.hack.skill, "nanites": s.spec.hack.nanites },
            })
        })
        .collect();
    let machines: Vec<Value> = state
        .machines
        .iter()
        .map(|m| json!({ "at": pos(m.at), "active": m.active, "broken": m.broken }))
        .collect();
    let searchables: Vec<Value> = state
        .searchables
        .iter()
        .map(|s| match &s.contents {
            Contents::Loot(object) => json!({
                "at": pos(s.at),
                "what": state.pack.loot.get(object).map_or(object.as_str(), |l| l.name.as_str()),
            }),
            Contents::Items { name, items } => json!({
                "at": pos(s.at),
                "what": format!("{name}'s items"),
                "items": items.iter().map(|c| carried(state, c)).collect::<Vec<_>>(),
            }),
        })
        .collect();
    let scenario = &state.scenario;
    let markers: Vec<Value> = scenario
        .objectives
        .iter()
        .filter_map(|o| match o.goal {
            Goal::Reach(c) => Some(json!({
                "marker": c.to_string(),
                "squares": scenario.markers.get(&c).map(|v| v.iter().copied().map(pos).collect::<Vec<_>>()).unwrap_or_default(),
            })),
            _ => None,
        })
        .collect();
    json!({
        "width": grid.width(),
        "height": grid.height(),
        "rows": rows,
        "light": light,
        "doors": doors,
        "cameras": cameras,
        "turrets": turrets,
        "stations": stations,
        "machines": machines,
        "upgrade_units": scenario.upgrade_units.iter().copied().map(pos).collect::<Vec<_>>(),
        "switches": scenario.switches.iter().map(|s| json!({ "at": pos(s.at), "doors": s.doors.iter().copied().map(pos).collect::<Vec<_>>() })).collect::<Vec<_>>(),
        "searchables": searchables,
        "goals": markers,
    })
}

fn goal_text(goal: &Goal) -> String {
    match goal {
        Goal::Reach(c) => format!("a crew member reaches {c}"),
        Goal::Kill(n) => format!("the crew kills {n} creatures"),
        Goal::Survive(n) => format!("the crew is alive at the end of turn {n}"),
    }
}

/// The game as `viewer` sees it.
pub(crate) fn game(g: &Game, viewer: &Viewer) -> Value {
    let state = g.state();
    let gm = viewer.is_gm();
    let (phase, winner) = phase(state);
    let crew: Vec<Value> = state
        .players
        .iter()
        .map(|p| {
            json!({
                "id": p.id,
                "class": state.pack.classes.get(&p.class).map_or(p.class.as_str(), |c| c.name.as_str()),
                "hp": p.hp,
                "max_hp": p.max_hp,
                "pp": p.pp,
                "ap": p.ap,
                "turn_ap": p.turn_ap(&state.pack),
                "stats": p.stats.iter().map(|(s, v)| (s.name().to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
                "skills": p.skills.iter().map(|(s, v)| (s.name().to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
                "psi": { "tier": p.psi.0, "skill": p.psi.1 },
                "weapon": p.weapon.as_ref().map(|w| json!({ "id": w.id, "name": state.pack.item_name(&w.id), "mods": w.mods, "broken": w.broken })),
                "armor": p.armor.as_ref().map(|a| json!({ "id": a, "name": state.pack.item_name(a) })),
                "inventory": p.inventory.iter().map(|c| carried(state, c)).collect::<Vec<_>>(),
                "slots_used": p.slots_used(&state.pack),
                "nanites": p.nanites,
                "cm": p.cm,
                "upgrades": p.upgrades,
                "at": p.at.map(pos),
                "alive": p.alive(),
                "task": p.task.as_ref().map(|t| json!({ "what": t.what, "turns_left": t.turns_left })),
                "defending": p.defending,
                "seat": seats::seat(g, &p.id),
                "yours": seats::controls(g, viewer, &p.id),
            })
        })
        .collect();
    let creatures: Vec<Value> = state
        .creatures
        .iter()
        .map(|c| {
            let kind = state.pack.creatures.get(&c.kind);
            let mut v = json!({
                "id": c.id,
                "kind": c.kind,
                "name": kind.map_or(c.kind.as_str(), |k| k.name.as_str()),
                "hp": c.hp,
                "max_hp": kind.map_or(c.hp, |k| k.hp),
                "ap": c.ap,
                "egg": kind.is_some_and(|k| k.egg),
                "at": pos(c.at),
            });
            if gm {
                v["knows"] = json!(c.knows);
            }
            v
        })
        .collect();
    let mut economy = json!({
        "threat": state.gm.threat,
        "alarm": state.gm.alarm,
        "security_down": state.gm.security_down,
        "cards": state.gm.drawn.iter().map(|id| {
            let card = state.pack.cards.iter().find(|c| &c.id == id);
            json!({ "id": id, "name": card.map_or(id.as_str(), |c| c.name.as_str()), "text": card.map_or("", |c| c.text.as_str()) })
        }).collect::<Vec<_>>(),
    });
    if gm {
        economy["bcp"] = json!(state.gm.bcp);
        economy["mcp"] = json!(state.gm.mcp);
        economy["deployed_this_turn"] = json!(state.gm.deployed);
    }
    let objectives: Vec<Value> = state
        .scenario
        .objectives
        .iter()
        .zip(&state.reached)
        .map(|(o, reached)| {
            json!({ "goal": goal_text(&o.goal), "reward": o.reward, "win": o.win, "reached": reached })
        })
        .collect();
    let log: Vec<Value> = g
        .log
        .iter()
        .filter_map(|i| crate::view::item(i, viewer))
        .collect();
    let mut out = json!({
        "id": g.id,
        "name": g.name,
        "scenario": {
            "name": state.scenario.name,
            "file": g.file,
            "kind": kind(state.scenario.kind),
            "automated_gm": g.automated(),
        },
        "phase": phase,
        "winner": winner,
        "turn": state.turn,
        "map": map(state),
        "crew": crew,
        "creatures": creatures,
        "gm": economy,
        "objectives": objectives,
        "kills": state.kills,
        "log": log,
    });
    if gm {
        out["can_undo"] = json!(g.can_undo());
    }
    out
}

fn moves(moves: &[Done], gm: bool) -> Vec<Value> {
    moves
        .iter()
        .map(|m| {
            let mut v = json!({
                "command": m.command.name(),
                "by_engine": m.engine,
                "lines": if gm { &m.gm } else { &m.table },
            });
            if gm {
                v["order"] = json!(m.command);
                v["dice"] = json!(m.dice);
                v["seeded"] = json!(m.seeded);
            }
            v
        })
        .collect()
}

/// A Station feed entry as `viewer` may see it (everyone sees every entry;
/// what it says is cut).
pub(crate) fn item(item: &Item, by: &str, viewer: &Viewer) -> Value {
    let gm = viewer.is_gm();
    let mut out = match &item.what {
        What::Started {
            name,
            scenario,
            moves: m,
        } => json!({
            "type": "station_started",
            "name": name,
            "scenario": scenario,
            "moves": moves(m, gm),
        }),
        What::Seated { crew, seat } => json!({
            "type": "station_seated",
            "crew": crew,
            "seat": seat,
        }),
        What::Played { moves: m } => json!({
            "type": "station_played",
            "moves": moves(m, gm),
            "lines": m.iter().flat_map(|d| if gm { &d.gm } else { &d.table }).collect::<Vec<_>>(),
        }),
        What::Undone { commands } => json!({
            "type": "station_undone",
            "commands": commands,
            "lines": [format!("The GM takes back the last change ({commands} command{}).", if *commands == 1 { "" } else { "s" })],
        }),
    };
    out["game"] = json!(item.game);
    // Everyone sees a play session start, with its commitment.
    if let Some(u) = item.seeded().find(|u| u.commitment.is_some()) {
        out["play_session_started"] = json!({ "session": u.session, "commitment": u.commitment });
    }
    if gm {
        out["by"] = json!(by);
    }
    out
}
