//! The map as SVG, drawn from the game's view as the viewer may see it:
//! floor by its light, walls, doors with their lock and state, what
//! cameras and turrets see, devices, searchables, goals, the crew and the
//! creatures with their hit points. Over it, for each unit the viewer acts
//! for, the squares the engine lets it move to (each a button), and for the
//! GM the squares the engine lets each creature kind be deployed on. The
//! template `templates/station/map.html` draws what this module lays out
//! (and escapes every text); the script (`assets/station.js`) shows the
//! layers of the selected unit and sends a clicked square's command.

use askama::Template;
use nanite_station::Command;
use nanite_station::map::Pos;
use serde::Serialize;

use super::actions::Judged;
use super::render;
use crate::station::view::{
    CameraView, DoorView, GameView, MachineView, MapView, StationView, TurretView,
};

/// The side of a square, in SVG units.
pub(crate) const CELL: i64 = 36;

/// The top-left corner of a square, in SVG units.
#[derive(Clone, Copy)]
pub(crate) struct Corner {
    /// Left.
    pub(crate) x: i64,
    /// Top.
    pub(crate) y: i64,
}

impl Corner {
    fn of(p: Pos) -> Corner {
        Corner {
            x: i64::from(p.x) * CELL,
            y: i64::from(p.y) * CELL,
        }
    }
}

/// A command as a `data-cmd` attribute carries it: `{"command": ...}`, as
/// the game's commands endpoint takes it.
pub(crate) fn posted(command: &Command) -> String {
    #[derive(Serialize)]
    struct Posted<'a> {
        command: &'a Command,
    }
    serde_json::to_string(&Posted { command }).unwrap_or_default()
}

/// A square filled by its class (a tile, what a camera sees).
struct Square {
    class: &'static str,
    at: Corner,
}

/// A square of a goal marker.
struct GoalMark {
    marker: String,
    at: Corner,
}

/// A square the viewer may click to give a command (a move, a deployment).
struct Overlay {
    class: &'static str,
    at: Corner,
    cmd: String,
    aria: String,
    text: String,
}

/// The overlays of one unit (`data-moves-of`) or creature kind
/// (`data-deploy-of`), hidden until it is picked.
struct Layer {
    moves: bool,
    of: String,
    overlays: Vec<Overlay>,
}

/// A device: a rounded box with a letter and a tooltip.
struct Device {
    class: String,
    letter: String,
    title: String,
    at: Corner,
}

/// A crew member or creature token with its hit points.
struct Unit {
    class: &'static str,
    id: String,
    aria: String,
    at: Corner,
    /// The filled width of its hit point bar.
    hp_fill: i64,
}

impl Unit {
    /// The token's text: the first three letters of its handle.
    fn initials(&self) -> String {
        self.id.chars().take(3).collect()
    }
}

/// The map of a game with the overlays of what the viewer may do.
#[derive(Template)]
#[template(path = "station/map.html")]
struct MapSvg {
    columns: i32,
    rows: i32,
    tiles: Vec<Square>,
    sight: Vec<Square>,
    goals: Vec<GoalMark>,
    layers: Vec<Layer>,
    devices: Vec<Device>,
    units: Vec<Unit>,
}

impl MapSvg {
    fn width(&self) -> i64 {
        i64::from(self.columns) * CELL
    }

    fn height(&self) -> i64 {
        i64::from(self.rows) * CELL
    }

    /// The strut that keeps the map at least two thirds of its width.
    fn strut(&self) -> i64 {
        self.width() * 2 / 3
    }
}

/// Floor by its light, and walls.
fn tiles(map: &MapView) -> Vec<Square> {
    let mut out = Vec::new();
    for (y, row) in map.rows.iter().enumerate() {
        let lights: Vec<char> = map
            .light
            .get(y)
            .map_or("", String::as_str)
            .chars()
            .collect();
        for (x, c) in row.chars().enumerate() {
            let class = match (c, lights.get(x)) {
                ('#', _) => "st-wall",
                ('.', Some('d')) => "st-floor st-dark",
                ('.', Some('n')) => "st-floor st-nolight",
                ('.', _) => "st-floor",
                _ => continue,
            };
            out.push(Square {
                class,
                at: Corner {
                    x: x as i64 * CELL,
                    y: y as i64 * CELL,
                },
            });
        }
    }
    out
}

/// What cameras and active turrets see.
fn sight(map: &MapView) -> Vec<Square> {
    let cameras = map
        .cameras
        .iter()
        .flat_map(|c| &c.sees)
        .map(|p| ("st-fov-camera", p));
    let turrets = map
        .turrets
        .iter()
        .filter(|t| t.active)
        .flat_map(|t| &t.sees)
        .map(|p| ("st-fov-turret", p));
    cameras
        .chain(turrets)
        .map(|(class, p)| Square {
            class,
            at: Corner::of(*p),
        })
        .collect()
}

fn goals(map: &MapView) -> Vec<GoalMark> {
    map.goals
        .iter()
        .flat_map(|g| {
            g.squares.iter().map(|p| GoalMark {
                marker: g.marker.clone(),
                at: Corner::of(*p),
            })
        })
        .collect()
}

/// Where each unit the viewer acts for may move, and where the GM may
/// deploy each creature kind.
fn layers(judged: &Judged) -> Vec<Layer> {
    let moves = judged.units.iter().map(|(who, opts)| Layer {
        moves: true,
        of: who.clone(),
        overlays: opts
            .moves
            .iter()
            .map(|step| Overlay {
                class: "st-move",
                at: Corner::of(step.to),
                cmd: posted(&Command::Move {
                    who: who.clone(),
                    to: step.to,
                }),
                aria: format!("Move {who} to {} ({} AP)", step.to, step.ap),
                text: step.ap.to_string(),
            })
            .collect(),
    });
    let deploys = judged.deploys.iter().map(|(kind, squares)| Layer {
        moves: false,
        of: kind.clone(),
        overlays: squares
            .as_ref()
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .map(|at| Overlay {
                class: "st-deploy",
                at: Corner::of(*at),
                cmd: posted(&Command::Deploy {
                    creature: kind.clone(),
                    at: *at,
                }),
                aria: format!("Deploy {kind} at {at}"),
                text: "+".into(),
            })
            .collect(),
    });
    moves.chain(deploys).collect()
}

fn device(at: Pos, class: impl Into<String>, letter: impl Into<String>, title: String) -> Device {
    Device {
        class: class.into(),
        letter: letter.into(),
        title,
        at: Corner::of(at),
    }
}

/// A door: a lock letter, green when unlocked, crossed when broken.
fn door(d: &DoorView) -> Device {
    let state = if d.broken {
        "lock broken: repair it first"
    } else if d.locked {
        "locked"
    } else {
        "unlocked: opens when someone stands in front at the end of the turn"
    };
    let title = if d.lock == "standard" {
        format!("door ({state})")
    } else {
        format!(
            "{} door, {state}; hack: difficulty {}, skill {}, {} nanites",
            d.lock, d.hack.difficulty, d.hack.skill, d.hack.nanites
        )
    };
    let letter = match d.lock {
        "locked" => "L",
        "advanced" => "A",
        "security" => "$",
        _ => "",
    };
    let class = format!(
        "st-door{}{}",
        if d.locked {
            " st-locked"
        } else {
            " st-unlocked"
        },
        if d.broken { " st-broken" } else { "" }
    );
    device(d.at, class, letter, title)
}

fn camera(c: &CameraView) -> Device {
    device(
        c.at,
        "st-camera",
        c.counter.to_string(),
        format!(
            "camera facing {:?}, range {}, angle {}°; alarm counter {} (drops each turn a crew member is seen)",
            c.facing, c.range, c.angle, c.counter
        ),
    )
}

fn turret(t: &TurretView) -> Device {
    device(
        t.at,
        if t.active {
            "st-turret st-active"
        } else {
            "st-turret"
        },
        "T",
        format!(
            "turret ({}), facing {:?}, range {}: accuracy {}, {} {} damage",
            if t.active {
                "active: the alarm sounds"
            } else {
                "quiet until an alarm"
            },
            t.facing,
            t.range,
            t.accuracy,
            t.damage,
            t.damage_type
        ),
    )
}

fn security_station(s: &StationView) -> Device {
    device(
        s.at,
        if s.broken {
            "st-station st-broken"
        } else {
            "st-station"
        },
        "S",
        format!(
            "{}security station{}; hacking it ends an alarm (difficulty {}, skill {}, {} nanites)",
            if s.advanced { "advanced " } else { "" },
            if s.broken { ", broken" } else { "" },
            s.hack.difficulty,
            s.hack.skill,
            s.hack.nanites
        ),
    )
}

fn machine(m: &MachineView) -> Device {
    let state = match (m.active, m.broken) {
        (_, true) => "broken",
        (true, false) => "active",
        (false, false) => "not activated (2 AP in front)",
    };
    device(
        m.at,
        if m.broken {
            "st-machine st-broken"
        } else {
            "st-machine"
        },
        "Q",
        format!("bio-reconstruction machine, {state}"),
    )
}

/// Doors, cameras, turrets, stations, machines, upgrade units, switches
/// and searchables, in that order (later ones drawn over earlier ones).
fn devices(map: &MapView) -> Vec<Device> {
    let mut out: Vec<Device> = map.doors.iter().map(door).collect();
    out.extend(map.cameras.iter().map(camera));
    out.extend(map.turrets.iter().map(turret));
    out.extend(map.stations.iter().map(security_station));
    out.extend(map.machines.iter().map(machine));
    out.extend(map.upgrade_units.iter().map(|u| {
        device(
            *u,
            "st-upgrade",
            "U",
            "upgrade unit: spend cyber modules here".into(),
        )
    }));
    out.extend(map.switches.iter().map(|s| {
        device(
            s.at,
            "st-switch",
            "K",
            "switch: unlocks doors (2 AP)".into(),
        )
    }));
    out.extend(map.searchables.iter().map(|s| {
        device(
            s.at,
            "st-search",
            "?",
            format!("{}: search it from next to it (takes the turn)", s.what),
        )
    }));
    out
}

fn hp_fill(hp: i32, max: i32) -> i64 {
    let (hp, max) = (i64::from(hp), i64::from(max));
    if max > 0 {
        (hp.clamp(0, max) * (CELL - 8)) / max
    } else {
        0
    }
}

/// The living crew, then the creatures.
fn units(view: &GameView) -> Vec<Unit> {
    let crew = view.crew.iter().filter(|c| c.alive).map(|c| Unit {
        class: "st-crew",
        id: c.id.clone(),
        aria: format!(
            "{} ({}), HP {}/{}, AP {}",
            c.id, c.class, c.hp, c.max_hp, c.ap
        ),
        at: c.at.map_or(Corner { x: 0, y: 0 }, Corner::of),
        hp_fill: hp_fill(c.hp, c.max_hp),
    });
    let creatures = view.creatures.iter().map(|c| Unit {
        class: if c.egg {
            "st-creature st-egg"
        } else {
            "st-creature"
        },
        id: c.id.clone(),
        aria: format!("{} ({}), HP {}/{}", c.id, c.name, c.hp, c.max_hp),
        at: Corner::of(c.at),
        hp_fill: hp_fill(c.hp, c.max_hp),
    });
    crew.chain(creatures).collect()
}

/// The map of `view` with the overlays of `judged`, and its legend.
pub(crate) fn map(view: &GameView, judged: &Judged) -> String {
    render(&MapSvg {
        columns: view.map.width,
        rows: view.map.height,
        tiles: tiles(&view.map),
        sight: sight(&view.map),
        goals: goals(&view.map),
        layers: layers(judged),
        devices: devices(&view.map),
        units: units(view),
    })
}
