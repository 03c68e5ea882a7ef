//! Scenario files: a readable text format for a Station game's map, devices,
//! GM economy, players and objectives (documented in docs/station/scenario.md).
//!
//! ```text
//! name: Derelict Lab
//! kind: single-player
//! gm-points: 2 bcp 0 mcp
//! threat 1: crawler 2, hybrid 1
//! player: ana marine picks 1 1 1
//! objective: reach X win
//!
//! piece hall at 0,0
//! #######
//! #1..X.#
//! #######
//! end
//!
//! X: goal
//! ```
//!
//! Every problem is reported with the file's line, and the parser carries on,
//! so a file's mistakes come out together.

pub mod limits;
mod markers;

use std::collections::BTreeMap;

use nanite_core::Diagnostics;
use serde::{Deserialize, Serialize};

use crate::content::{DamageType, Pack};
use crate::map::{Cone, Grid, Pos, Tile};

/// Who plays the GM (rule ST-FLOW-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Players against a human GM.
    PlayersVsGm,
    /// One or more players without a GM: the engine plays it.
    SinglePlayer,
    /// Role-play where the GM is not an opponent: the same rules; the GM
    /// simply does not play its economy against the players.
    Cooperative,
}

/// Where players may spend cyber modules (rule ST-CHAR-03).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CyberMode {
    /// Anywhere, at any time.
    Anywhere,
    /// Only next to an upgrade unit.
    UpgradeUnits,
}

/// A door's lock (rule ST-ENV-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lock {
    /// Opens by itself when someone stands in front of it.
    Standard,
    /// Needs a hack or a scenario action.
    Locked,
    /// Needs a harder hack or a scenario action.
    Advanced,
    /// Needs a hack, a security card or a scenario action.
    Security,
}

impl Lock {
    /// The word used in files.
    pub fn name(self) -> &'static str {
        match self {
            Lock::Standard => "standard",
            Lock::Locked => "locked",
            Lock::Advanced => "advanced",
            Lock::Security => "security",
        }
    }
}

/// What hacking a thing takes (rule ST-TECH-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Hackable {
    /// The difficulty to beat.
    pub difficulty: i32,
    /// The hacking skill level required.
    pub skill: i32,
    /// Nanites spent on each attempt.
    pub nanites: i32,
}

/// A door on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoorSpec {
    /// Where it stands.
    pub at: Pos,
    /// Its lock.
    pub lock: Lock,
    /// What hacking it takes.
    pub hack: Hackable,
}

/// A turret: fires at players in its cone while active (rule ST-ENV-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurretSpec {
    /// Where it looks.
    pub cone: Cone,
    /// Its total accuracy.
    pub accuracy: i32,
    /// Damage per shot.
    pub damage: i32,
    /// Damage type.
    pub damage_type: DamageType,
}

/// A security station (rule ST-ENV-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecurityStationSpec {
    /// Where it stands.
    pub at: Pos,
    /// An advanced station.
    pub advanced: bool,
    /// What hacking it takes.
    pub hack: Hackable,
    /// Turns a successful hack keeps the cameras and turrets off (default
    /// [`SECURITY_DOWNTIME`]).
    #[serde(default = "default_downtime")]
    pub downtime: u32,
}

/// Turns a hacked security station keeps cameras and turrets off unless the
/// scenario says otherwise: as long as the alarm lasts (a decision,
/// docs/rules/station.md).
pub const SECURITY_DOWNTIME: u32 = crate::state::ALARM_TURNS;

fn default_downtime() -> u32 {
    SECURITY_DOWNTIME
}

/// A quantum bio-reconstruction machine (rules ST-DEATH-02, ST-DEATH-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MachineSpec {
    /// Where it stands.
    pub at: Pos,
    /// Already activated.
    pub active: bool,
    /// Broken at the start.
    pub broken: bool,
}

/// A switch: a scenario action (2 AP) that unlocks doors (rule ST-ENV-04).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchSpec {
    /// Where it stands.
    pub at: Pos,
    /// The doors it unlocks.
    pub doors: Vec<Pos>,
}

/// A player of the scenario and the character they make (rule ST-CHAR-02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSpec {
    /// The handle ("ana").
    pub id: String,
    /// The class card.
    pub class: String,
    /// The bonus picked in each training year, 1-based.
    pub picks: Vec<usize>,
}

/// What a side must do (rule ST-FLOW-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// A player stands on a square of a marker.
    Reach(char),
    /// The players have killed this many creatures.
    Kill(u32),
    /// The players are alive at the end of this turn.
    Survive(u32),
}

/// An objective: its goal, the cyber modules it gives each living player
/// (rule ST-CHAR-03), and whether reaching it wins the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objective {
    /// What must happen.
    pub goal: Goal,
    /// Cyber modules for each living player.
    pub reward: i32,
    /// Reaching it ends the game in the players' victory.
    pub win: bool,
}

/// A whole scenario, checked against a pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// Its title.
    pub name: String,
    /// Who plays the GM.
    pub kind: Kind,
    /// Where cyber modules may be spent.
    pub cyber: CyberMode,
    /// Cyber modules each player starts with.
    pub starting_cm: i32,
    /// Extra starting cyber modules by number of players.
    pub cm_by_players: BTreeMap<usize, i32>,
    /// The GM's starting Basic Creature Points.
    pub gm_bcp: i32,
    /// The GM's starting Major Creature Points.
    pub gm_mcp: i32,
    /// The threat level at the start.
    pub threat_start: u32,
    /// For each threat level, the creatures allowed and how many of each may
    /// be on the map (rule ST-GM-02).
    pub threats: BTreeMap<u32, BTreeMap<String, u32>>,
    /// The players.
    pub players: Vec<PlayerSpec>,
    /// Objectives, in order.
    pub objectives: Vec<Objective>,
    /// The assembled map.
    pub grid: Grid,
    /// Player start squares, by their digit.
    pub starts: Vec<Pos>,
    /// Doors.
    pub doors: Vec<DoorSpec>,
    /// Cameras.
    pub cameras: Vec<Cone>,
    /// Turrets.
    pub turrets: Vec<TurretSpec>,
    /// Security stations.
    pub stations: Vec<SecurityStationSpec>,
    /// Bio-reconstruction machines.
    pub machines: Vec<MachineSpec>,
    /// Upgrade units.
    pub upgrade_units: Vec<Pos>,
    /// Switches.
    pub switches: Vec<SwitchSpec>,
    /// Searchable objects and their loot table.
    pub searchables: Vec<(Pos, String)>,
    /// Squares whose room has a dark token.
    pub dark: Vec<Pos>,
    /// Squares whose room has a no-light token.
    pub no_light: Vec<Pos>,
    /// Squares of each marker (for `reach` goals and drawing).
    pub markers: BTreeMap<char, Vec<Pos>>,
}

/// One piece of map text placed at an offset.
struct Piece {
    name: String,
    at: Pos,
    line: usize,
    rows: Vec<(usize, String)>,
}

/// Reads a scenario. `file` names it in diagnostics.
pub fn parse(file: &str, text: &str, pack: &Pack) -> (Option<Scenario>, Diagnostics) {
    let mut p = markers::Parser::new(file, pack);
    if text.len() > limits::TEXT_BYTES {
        p.error(
            1,
            "",
            &format!(
                "the scenario is {} bytes long; a scenario file is at most {} bytes",
                text.len(),
                limits::TEXT_BYTES
            ),
            "split it or trim it: a map is at most 128 by 128 squares",
        );
        return (None, p.into_problems());
    }
    let mut pieces: Vec<Piece> = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((n, raw)) = lines.next() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let trimmed = trimmed.split(" #").next().unwrap_or("").trim_end();
        if let Some(rest) = trimmed.strip_prefix("piece ") {
            let piece = piece_header(&mut p, n, rest);
            let mut rows = Vec::new();
            let mut ended = false;
            for (m, row) in lines.by_ref() {
                if row.trim() == "end" {
                    ended = true;
                    break;
                }
                rows.push((m, row.trim_end().to_string()));
            }
            if !ended {
                p.error(
                    n,
                    "piece",
                    "this piece has no `end` line",
                    "close the map text with a line `end`",
                );
            }
            if let Some((name, at)) = piece {
                pieces.push(Piece {
                    name,
                    at,
                    line: n,
                    rows,
                });
            }
            continue;
        }
        p.line(n, trimmed);
    }
    if pieces.is_empty() {
        p.error(
            1,
            "piece",
            "the scenario has no map",
            "add `piece NAME at 0,0`, the map rows, then `end`",
        );
    }
    if let Err(why) = limits::at_most(pieces.len(), limits::PIECES, "map pieces") {
        p.error(pieces[limits::PIECES].line, "piece", &why, "");
        return (None, p.into_problems());
    }
    let cells = assemble(&mut p, &pieces);
    let scenario = p.finish(cells);
    let problems = p.into_problems();
    (scenario.filter(|_| !problems.has_errors()), problems)
}

fn piece_header(p: &mut markers::Parser<'_>, n: usize, rest: &str) -> Option<(String, Pos)> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        [name, "at", pos] => match Pos::parse(pos) {
            Some(at) if on_map(at) => Some(((*name).to_string(), at)),
            _ => {
                p.error(
                    n,
                    "piece",
                    &format!("`{pos}` is not a square of the map"),
                    &format!(
                        "write the offset as x,y with x and y from 0 to {}",
                        limits::MAP_SQUARES - 1
                    ),
                );
                None
            }
        },
        _ => {
            p.error(
                n,
                "piece",
                "expected `piece NAME at X,Y`",
                "for example `piece hall at 0,0`",
            );
            None
        }
    }
}

/// Whether `at` lies within the largest map ([`limits::MAP_SQUARES`]).
fn on_map(at: Pos) -> bool {
    (0..limits::MAP_SQUARES).contains(&at.x) && (0..limits::MAP_SQUARES).contains(&at.y)
}

/// Every map cell: its character and the line it came from.
type Cells = BTreeMap<Pos, (char, usize)>;

/// The square `dx` columns and `dy` rows from a piece's offset, if it lies on
/// the largest map.
fn square_of(piece: &Piece, dx: usize, dy: usize) -> Option<Pos> {
    let x = piece.at.x.checked_add(i32::try_from(dx).ok()?)?;
    let y = piece.at.y.checked_add(i32::try_from(dy).ok()?)?;
    Some(Pos::new(x, y)).filter(|at| on_map(*at))
}

fn assemble(p: &mut markers::Parser<'_>, pieces: &[Piece]) -> Cells {
    let mut cells: Cells = BTreeMap::new();
    let mut owner: BTreeMap<Pos, &str> = BTreeMap::new();
    for piece in pieces {
        if piece.rows.is_empty() {
            p.error(
                piece.line,
                "piece",
                &format!("piece `{}` has no rows", piece.name),
                "draw the map between the header and `end`",
            );
        }
        'rows: for (dy, (line, row)) in piece.rows.iter().enumerate() {
            for (dx, c) in row.chars().enumerate() {
                if c == ' ' {
                    continue;
                }
                let Some(at) = square_of(piece, dx, dy) else {
                    p.error(
                        *line,
                        "piece",
                        &format!(
                            "piece `{}` at {} reaches beyond the largest map: squares run from 0,0 to {m},{m}",
                            piece.name,
                            piece.at,
                            m = limits::MAP_SQUARES - 1
                        ),
                        "move the piece or shorten it",
                    );
                    break 'rows;
                };
                if let Some((old, _)) = cells.get(&at) {
                    if *old != c {
                        p.error(
                            *line,
                            "piece",
                            &format!(
                                "piece `{}` puts `{c}` on {at}, where piece `{}` has `{old}`",
                                piece.name, owner[&at]
                            ),
                            "overlapping pieces must agree on shared squares (usually a shared wall)",
                        );
                    }
                    continue;
                }
                cells.insert(at, (c, *line));
                owner.insert(at, &piece.name);
            }
        }
    }
    cells
}

/// The grid and the map's tiles from assembled cells.
fn grid_of(cells: &Cells, doors: &[Pos]) -> Grid {
    let width = cells.keys().map(|p| p.x + 1).max().unwrap_or(0);
    let height = cells.keys().map(|p| p.y + 1).max().unwrap_or(0);
    let rows: Vec<Vec<Tile>> = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| match cells.get(&Pos::new(x, y)).map(|c| c.0) {
                    None => Tile::Void,
                    Some('#') => Tile::Wall,
                    Some(_) => Tile::Floor,
                })
                .collect()
        })
        .collect();
    Grid::new(&rows, doors)
}

#[cfg(test)]
mod tests;
