//! A Station game as a viewer may see it. Station is a board game: the map,
//! its doors, tokens, devices, the crew and the creatures with their hit
//! points lie on the table for everyone, and the crew's cards are open to
//! the whole crew. What the GM keeps: the creature points (BCP and MCP) and
//! the income that fills them, and which creatures know where the crew is.
//! Spectators see what the players see.
//!
//! The view is plain structs: the API serializes them (the JSON of
//! `GET .../station/games/{game}` and of the feed's Station entries) and the
//! page's templates read their fields, so a renamed field is a compile error
//! in both. A field only the GM sees is an `Option` left out of the JSON
//! when it is `None`.

use std::collections::{BTreeMap, BTreeSet};

use nanite_core::RolledDie;
use nanite_station::content::Pack;
use nanite_station::map::{Cone, Facing, Pos, Tile};
use nanite_station::resolve::Light;
use nanite_station::scenario::{Goal, Hackable, Kind};
use nanite_station::state::{Carried, Contents};
use nanite_station::{Command, Phase, Side, State};
use serde::Serialize;

use super::game::Done;
use super::{Game, Item, What, seats};
use crate::permissions::Viewer;
use crate::seeds::SeedUse;
use crate::table::{ItemBody, Table};

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

/// A game as `viewer` sees it (`GET .../station/games/{game}`).
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationGameView)]
pub(crate) struct GameView {
    /// The game's id.
    pub(crate) id: String,
    /// Its name at the table.
    pub(crate) name: String,
    /// The scenario it is played from.
    pub(crate) scenario: ScenarioView,
    /// `setup`, `players`, `gm` or `over`.
    pub(crate) phase: &'static str,
    /// `players` or `gm` once the game is over.
    pub(crate) winner: Option<&'static str>,
    /// The turn, from 1.
    pub(crate) turn: u32,
    /// The map and everything on it.
    pub(crate) map: MapView,
    /// The crew.
    pub(crate) crew: Vec<CrewView>,
    /// The creatures on the map.
    pub(crate) creatures: Vec<CreatureView>,
    /// The GM's side: threat, alarm, cards, and for the GM the points.
    pub(crate) gm: EconomyView,
    /// The scenario's objectives and whether each is reached.
    pub(crate) objectives: Vec<ObjectiveView>,
    /// Creatures killed.
    pub(crate) kills: u32,
    /// The game's feed entries, oldest first.
    pub(crate) log: Vec<Logged>,
    /// Whether the GM can take back the last change (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) can_undo: Option<bool>,
    /// The campaign's stream version the view was taken at.
    pub(crate) version: i64,
}

/// The scenario of a game.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationScenarioView)]
pub(crate) struct ScenarioView {
    /// Its title.
    pub(crate) name: String,
    /// The file it was read from.
    pub(crate) file: String,
    /// `players-vs-gm`, `single-player` or `cooperative`.
    pub(crate) kind: &'static str,
    /// Whether the engine plays the GM.
    pub(crate) automated_gm: bool,
}

/// The map: tiles as rows of characters (`#` wall, `.` floor, ` ` void),
/// light as rows (`.` lit, `d` dark, `n` no light) and every thing on it.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationMapView)]
pub(crate) struct MapView {
    /// Columns.
    pub(crate) width: i32,
    /// Rows.
    pub(crate) height: i32,
    /// Tiles, a row a string.
    pub(crate) rows: Vec<String>,
    /// Light on the floor, a row a string.
    pub(crate) light: Vec<String>,
    /// Doors.
    pub(crate) doors: Vec<DoorView>,
    /// Cameras with the squares they see.
    pub(crate) cameras: Vec<CameraView>,
    /// Turrets with the squares they see.
    pub(crate) turrets: Vec<TurretView>,
    /// Security stations.
    pub(crate) stations: Vec<StationView>,
    /// Bio-reconstruction machines.
    pub(crate) machines: Vec<MachineView>,
    /// Upgrade units.
    pub(crate) upgrade_units: Vec<Pos>,
    /// Switches and the doors each unlocks.
    pub(crate) switches: Vec<SwitchView>,
    /// Things to search.
    pub(crate) searchables: Vec<SearchableView>,
    /// The squares of each goal marker a crew member must reach.
    pub(crate) goals: Vec<GoalView>,
}

/// A door.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationDoorView)]
pub(crate) struct DoorView {
    /// Where.
    pub(crate) at: Pos,
    /// Its lock's name (`standard`, `locked`, `advanced`, `security`).
    pub(crate) lock: &'static str,
    /// Whether it is locked.
    pub(crate) locked: bool,
    /// Whether its lock is broken.
    pub(crate) broken: bool,
    /// What hacking it takes.
    pub(crate) hack: Hackable,
}

/// A camera.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationCameraView)]
pub(crate) struct CameraView {
    /// Where.
    pub(crate) at: Pos,
    /// Which way it looks.
    pub(crate) facing: Facing,
    /// How far, in squares.
    pub(crate) range: i32,
    /// Its opening angle in degrees.
    pub(crate) angle: i32,
    /// Turns a crew member may be seen before the alarm.
    pub(crate) counter: i32,
    /// The squares it sees.
    pub(crate) sees: Vec<Pos>,
}

/// A turret.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationTurretView)]
pub(crate) struct TurretView {
    /// Where.
    pub(crate) at: Pos,
    /// Which way it looks.
    pub(crate) facing: Facing,
    /// How far, in squares.
    pub(crate) range: i32,
    /// Its opening angle in degrees.
    pub(crate) angle: i32,
    /// Whether it shoots (an alarm sounds).
    pub(crate) active: bool,
    /// Its accuracy.
    pub(crate) accuracy: i32,
    /// Its damage.
    pub(crate) damage: i32,
    /// The damage's type.
    pub(crate) damage_type: &'static str,
    /// The squares it sees.
    pub(crate) sees: Vec<Pos>,
}

/// A security station.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct StationView {
    /// Where.
    pub(crate) at: Pos,
    /// Whether it is an advanced one.
    pub(crate) advanced: bool,
    /// Whether it is broken.
    pub(crate) broken: bool,
    /// What hacking it takes.
    pub(crate) hack: Hackable,
}

/// A bio-reconstruction machine.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationMachineView)]
pub(crate) struct MachineView {
    /// Where.
    pub(crate) at: Pos,
    /// Whether it was activated.
    pub(crate) active: bool,
    /// Whether it is broken.
    pub(crate) broken: bool,
}

/// A switch.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationSwitchView)]
pub(crate) struct SwitchView {
    /// Where.
    pub(crate) at: Pos,
    /// The doors it unlocks.
    pub(crate) doors: Vec<Pos>,
}

/// Something to search.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationSearchableView)]
pub(crate) struct SearchableView {
    /// Where.
    pub(crate) at: Pos,
    /// What it is (a loot table's name, or whose items).
    pub(crate) what: String,
    /// The items left there (a fallen crew member's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) items: Option<Vec<CarriedView>>,
}

/// A goal marker's squares.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationGoalView)]
pub(crate) struct GoalView {
    /// The marker's letter.
    pub(crate) marker: String,
    /// Its squares.
    pub(crate) squares: Vec<Pos>,
}

/// Something carried.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationCarriedView)]
pub(crate) struct CarriedView {
    /// The item's id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// `weapon`, `armor` or `item`.
    pub(crate) kind: &'static str,
    /// A weapon's modifications.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) mods: Option<u32>,
    /// Whether a weapon is broken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) broken: Option<bool>,
}

/// A crew member.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationCrewView)]
pub(crate) struct CrewView {
    /// Their handle.
    pub(crate) id: String,
    /// Their class's name.
    pub(crate) class: String,
    /// Hit points.
    pub(crate) hp: i32,
    /// Most hit points.
    pub(crate) max_hp: i32,
    /// Psi points.
    pub(crate) pp: i32,
    /// Action points left.
    pub(crate) ap: i32,
    /// Action points a turn.
    pub(crate) turn_ap: i32,
    /// Stats by name.
    pub(crate) stats: BTreeMap<&'static str, i32>,
    /// Skill levels by name.
    pub(crate) skills: BTreeMap<&'static str, i32>,
    /// Psionic tier and skill.
    pub(crate) psi: Psi,
    /// The weapon in hand.
    pub(crate) weapon: Option<WeaponView>,
    /// The armor worn.
    pub(crate) armor: Option<ArmorView>,
    /// What they carry.
    pub(crate) inventory: Vec<CarriedView>,
    /// Inventory slots used.
    pub(crate) slots_used: i32,
    /// Nanites.
    pub(crate) nanites: i32,
    /// Cyber modules.
    pub(crate) cm: i32,
    /// Upgrades bought.
    pub(crate) upgrades: BTreeSet<String>,
    /// Where they stand (none once dead and gone).
    pub(crate) at: Option<Pos>,
    /// Whether they live.
    pub(crate) alive: bool,
    /// The task they are busy with.
    pub(crate) task: Option<TaskView>,
    /// The creatures they defend against.
    pub(crate) defending: BTreeSet<String>,
    /// The invitation seated here.
    pub(crate) seat: Option<String>,
    /// Whether the viewer acts for them.
    pub(crate) yours: bool,
}

/// Psionic tier and skill.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationPsi)]
pub(crate) struct Psi {
    /// The tier.
    pub(crate) tier: i32,
    /// The skill.
    pub(crate) skill: i32,
}

/// A weapon in hand.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationWeaponView)]
pub(crate) struct WeaponView {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Its modifications.
    pub(crate) mods: u32,
    /// Whether it is broken.
    pub(crate) broken: bool,
}

/// Armor worn.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationArmorView)]
pub(crate) struct ArmorView {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
}

/// A task under way.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationTaskView)]
pub(crate) struct TaskView {
    /// What it is.
    pub(crate) what: String,
    /// Turns until it is done.
    pub(crate) turns_left: u32,
}

/// A creature.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationCreatureView)]
pub(crate) struct CreatureView {
    /// Its handle.
    pub(crate) id: String,
    /// Its kind's id.
    pub(crate) kind: String,
    /// Its kind's name.
    pub(crate) name: String,
    /// Hit points.
    pub(crate) hp: i32,
    /// Its kind's hit points.
    pub(crate) max_hp: i32,
    /// Action points left.
    pub(crate) ap: i32,
    /// Whether it is an egg.
    pub(crate) egg: bool,
    /// Where.
    pub(crate) at: Pos,
    /// Whether it knows where the crew is (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) knows: Option<bool>,
}

/// The GM's side.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationEconomyView)]
pub(crate) struct EconomyView {
    /// The threat level.
    pub(crate) threat: u32,
    /// Turns left of an alarm (0: none).
    pub(crate) alarm: u32,
    /// Turns cameras and turrets stay off after a hacked station.
    pub(crate) security_down: u32,
    /// The action cards drawn, oldest first.
    pub(crate) cards: Vec<CardView>,
    /// Basic creature points (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bcp: Option<i32>,
    /// Major creature points (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) mcp: Option<i32>,
    /// Whether the GM deployed this turn (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) deployed_this_turn: Option<bool>,
}

/// An action card.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationCardView)]
pub(crate) struct CardView {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// What it does.
    pub(crate) text: String,
}

/// An objective.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationObjectiveView)]
pub(crate) struct ObjectiveView {
    /// The goal in words.
    pub(crate) goal: String,
    /// Cyber modules each living crew member gets.
    pub(crate) reward: i32,
    /// Whether reaching it wins the game.
    pub(crate) win: bool,
    /// Whether it is reached.
    pub(crate) reached: bool,
}

/// A feed entry in a game's log, with its version.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationLogged)]
pub(crate) struct Logged {
    /// The entry.
    #[serde(flatten)]
    pub(crate) entry: Entry,
    /// Its version in the campaign's stream.
    pub(crate) version: i64,
}

/// A Station feed entry as a viewer may see it.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationEntry)]
pub(crate) struct Entry {
    /// What happened.
    #[serde(flatten)]
    pub(crate) what: Happened,
    /// The game.
    pub(crate) game: String,
    /// The play session its dice started, with its commitment (everyone
    /// sees a session start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) play_session_started: Option<SessionStart>,
    /// The invitation that asked (the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) by: Option<String>,
}

/// What happened to a game, tagged by `type`.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(tag = "type")]
#[schema(as = StationHappened)]
pub(crate) enum Happened {
    /// It started from a scenario.
    #[serde(rename = "station_started")]
    Started {
        /// Its name.
        name: String,
        /// The scenario's title.
        scenario: String,
        /// The automated GM's setup.
        moves: Vec<MoveView>,
    },
    /// A crew member's seat changed.
    #[serde(rename = "station_seated")]
    Seated {
        /// The crew member.
        crew: String,
        /// The invitation now seated (none: free).
        seat: Option<String>,
    },
    /// Commands were accepted.
    #[serde(rename = "station_played")]
    Played {
        /// Each command.
        moves: Vec<MoveView>,
        /// All their lines.
        lines: Vec<String>,
    },
    /// The GM took back the last change.
    #[serde(rename = "station_undone")]
    Undone {
        /// How many commands it held.
        commands: usize,
        /// It in words.
        lines: Vec<String>,
    },
}

impl Happened {
    /// The entry in words, for the page's log.
    pub(crate) fn lines(&self) -> Vec<String> {
        match self {
            Happened::Started {
                scenario, moves, ..
            } => std::iter::once(format!("The game begins: {scenario}."))
                .chain(moves.iter().flat_map(|m| m.lines.iter().cloned()))
                .collect(),
            Happened::Seated { crew, seat } => vec![match seat {
                Some(_) => format!("{crew} is seated."),
                None => format!("{crew} is free."),
            }],
            Happened::Played { lines, .. } | Happened::Undone { lines, .. } => lines.clone(),
        }
    }
}

/// One command of an entry.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationMoveView)]
pub(crate) struct MoveView {
    /// The command's name.
    pub(crate) command: &'static str,
    /// Whether the automated GM gave it.
    pub(crate) by_engine: bool,
    /// Its narration as the viewer hears it.
    pub(crate) lines: Vec<String>,
    /// The command itself, its dice and their source (the GM only).
    #[serde(flatten)]
    #[schema(value_type = crate::openapi::Optional<MoveDetail>)]
    pub(crate) detail: Option<MoveDetail>,
}

/// What only the GM sees of a command.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationMoveDetail)]
pub(crate) struct MoveDetail {
    /// The command.
    pub(crate) order: Command,
    /// Its dice.
    pub(crate) dice: Vec<RolledDie>,
    /// Where they came from.
    pub(crate) seeded: Option<SeedUse>,
}

/// A play session's start.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationSessionStart)]
pub(crate) struct SessionStart {
    /// Its number.
    pub(crate) session: u32,
    /// Its commitment.
    pub(crate) commitment: Option<String>,
}

/// A game in brief, as `GET .../station/games` lists it.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StationGameListed)]
pub(crate) struct GameListed {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// The scenario's title.
    pub(crate) scenario: String,
    /// The scenario kind's name.
    pub(crate) kind: String,
    /// The phase's name.
    pub(crate) phase: String,
    /// Who won, once over.
    pub(crate) winner: Option<String>,
    /// The turn.
    pub(crate) turn: u32,
}

impl GameListed {
    /// `g` in brief.
    pub(crate) fn new(g: &Game) -> Self {
        let (phase, winner) = phase(g.state());
        GameListed {
            id: g.id.clone(),
            name: g.name.clone(),
            scenario: g.scenario().name.clone(),
            kind: kind(g.scenario().kind).to_string(),
            phase: phase.to_string(),
            winner: winner.map(str::to_string),
            turn: g.state().turn,
        }
    }
}

fn carried(pack: &Pack, c: &Carried) -> CarriedView {
    let (kind, mods, broken) = match c {
        Carried::Weapon(g) => ("weapon", Some(g.mods), Some(g.broken)),
        Carried::Armor(_) => ("armor", None, None),
        Carried::Item(_) => ("item", None, None),
    };
    CarriedView {
        id: c.id().to_string(),
        name: pack.item_name(c.id()).to_string(),
        kind,
        mods,
        broken,
    }
}

/// The rows of the map, a character a square.
fn rows(state: &State, square: impl Fn(Pos) -> char) -> Vec<String> {
    let grid = state.grid();
    (0..grid.height())
        .map(|y| (0..grid.width()).map(|x| square(Pos::new(x, y))).collect())
        .collect()
}

fn map(state: &State) -> MapView {
    let grid = state.grid();
    let tiles = rows(state, |p| match grid.tile(p) {
        Tile::Wall => '#',
        Tile::Floor => '.',
        Tile::Void => ' ',
    });
    let light = rows(state, |p| {
        if grid.tile(p) != Tile::Floor {
            return ' ';
        }
        match state.light(p) {
            Light::Lit => '.',
            Light::Dark => 'd',
            Light::NoLight => 'n',
        }
    });
    let seen =
        |cone: &Cone| -> Vec<Pos> { grid.floor().filter(|p| cone.sees(state, *p)).collect() };
    let scenario = &state.scenario;
    MapView {
        width: grid.width(),
        height: grid.height(),
        rows: tiles,
        light,
        doors: state
            .doors
            .iter()
            .map(|d| DoorView {
                at: d.at,
                lock: d.lock.name(),
                locked: d.locked,
                broken: d.broken,
                hack: d.hack,
            })
            .collect(),
        cameras: state
            .cameras
            .iter()
            .map(|c| CameraView {
                at: c.cone.at,
                facing: c.cone.facing,
                range: c.cone.range,
                angle: c.cone.angle,
                counter: c.counter,
                sees: seen(&c.cone),
            })
            .collect(),
        turrets: state
            .turrets
            .iter()
            .map(|t| TurretView {
                at: t.spec.cone.at,
                facing: t.spec.cone.facing,
                range: t.spec.cone.range,
                angle: t.spec.cone.angle,
                active: t.active,
                accuracy: t.spec.accuracy,
                damage: t.spec.damage,
                damage_type: t.spec.damage_type.name(),
                sees: seen(&t.spec.cone),
            })
            .collect(),
        stations: state
            .stations
            .iter()
            .map(|s| StationView {
                at: s.spec.at,
                advanced: s.spec.advanced,
                broken: s.broken,
                hack: s.spec.hack,
            })
            .collect(),
        machines: state
            .machines
            .iter()
            .map(|m| MachineView {
                at: m.at,
                active: m.active,
                broken: m.broken,
            })
            .collect(),
        upgrade_units: scenario.upgrade_units.clone(),
        switches: scenario
            .switches
            .iter()
            .map(|s| SwitchView {
                at: s.at,
                doors: s.doors.clone(),
            })
            .collect(),
        searchables: state
            .searchables
            .iter()
            .map(|s| match &s.contents {
                Contents::Loot(object) => SearchableView {
                    at: s.at,
                    what: state
                        .pack
                        .loot
                        .get(object)
                        .map_or(object.as_str(), |l| l.name.as_str())
                        .to_string(),
                    items: None,
                },
                Contents::Items { name, items } => SearchableView {
                    at: s.at,
                    what: format!("{name}'s items"),
                    items: Some(items.iter().map(|c| carried(&state.pack, c)).collect()),
                },
            })
            .collect(),
        goals: scenario
            .objectives
            .iter()
            .filter_map(|o| match o.goal {
                Goal::Reach(c) => Some(GoalView {
                    marker: c.to_string(),
                    squares: scenario.markers.get(&c).cloned().unwrap_or_default(),
                }),
                _ => None,
            })
            .collect(),
    }
}

fn goal_text(goal: &Goal) -> String {
    match goal {
        Goal::Reach(c) => format!("a crew member reaches {c}"),
        Goal::Kill(n) => format!("the crew kills {n} creatures"),
        Goal::Survive(n) => format!("the crew is alive at the end of turn {n}"),
    }
}

fn crew(g: &Game, viewer: &Viewer) -> Vec<CrewView> {
    let state = g.state();
    let pack = &state.pack;
    state
        .players
        .iter()
        .map(|p| CrewView {
            id: p.id.clone(),
            class: pack
                .classes
                .get(&p.class)
                .map_or(p.class.as_str(), |c| c.name.as_str())
                .to_string(),
            hp: p.hp,
            max_hp: p.max_hp,
            pp: p.pp,
            ap: p.ap,
            turn_ap: p.turn_ap(pack),
            stats: p.stats.iter().map(|(s, v)| (s.name(), *v)).collect(),
            skills: p.skills.iter().map(|(s, v)| (s.name(), *v)).collect(),
            psi: Psi {
                tier: p.psi.0,
                skill: p.psi.1,
            },
            weapon: p.weapon.as_ref().map(|w| WeaponView {
                id: w.id.clone(),
                name: pack.item_name(&w.id).to_string(),
                mods: w.mods,
                broken: w.broken,
            }),
            armor: p.armor.as_ref().map(|a| ArmorView {
                id: a.clone(),
                name: pack.item_name(a).to_string(),
            }),
            inventory: p.inventory.iter().map(|c| carried(pack, c)).collect(),
            slots_used: p.slots_used(pack),
            nanites: p.nanites,
            cm: p.cm,
            upgrades: p.upgrades.clone(),
            at: p.at,
            alive: p.alive(),
            task: p.task.as_ref().map(|t| TaskView {
                what: t.what.clone(),
                turns_left: t.turns_left,
            }),
            defending: p.defending.clone(),
            seat: seats::seat(g, &p.id),
            yours: seats::controls(g, viewer, &p.id),
        })
        .collect()
}

fn creatures(state: &State, gm: bool) -> Vec<CreatureView> {
    state
        .creatures
        .iter()
        .map(|c| {
            let kind = state.pack.creatures.get(&c.kind);
            CreatureView {
                id: c.id.clone(),
                kind: c.kind.clone(),
                name: kind
                    .map_or(c.kind.as_str(), |k| k.name.as_str())
                    .to_string(),
                hp: c.hp,
                max_hp: kind.map_or(c.hp, |k| k.hp),
                ap: c.ap,
                egg: kind.is_some_and(|k| k.egg),
                at: c.at,
                knows: gm.then_some(c.knows),
            }
        })
        .collect()
}

fn economy(state: &State, gm: bool) -> EconomyView {
    EconomyView {
        threat: state.gm.threat,
        alarm: state.gm.alarm,
        security_down: state.gm.security_down,
        cards: state
            .gm
            .drawn
            .iter()
            .map(|id| {
                let card = state.pack.cards.iter().find(|c| &c.id == id);
                CardView {
                    id: id.clone(),
                    name: card.map_or(id.as_str(), |c| c.name.as_str()).to_string(),
                    text: card.map_or("", |c| c.text.as_str()).to_string(),
                }
            })
            .collect(),
        bcp: gm.then_some(state.gm.bcp),
        mcp: gm.then_some(state.gm.mcp),
        deployed_this_turn: gm.then_some(state.gm.deployed),
    }
}

/// The game as `viewer` sees it, as of the stream's `version`.
pub(crate) fn game(table: &Table, g: &Game, viewer: &Viewer) -> GameView {
    let version = table.seen_by(viewer);
    let state = g.state();
    let gm = viewer.is_gm();
    let (phase, winner) = phase(state);
    GameView {
        id: g.id.clone(),
        name: g.name.clone(),
        scenario: ScenarioView {
            name: state.scenario.name.clone(),
            file: g.file.clone(),
            kind: kind(state.scenario.kind),
            automated_gm: g.automated(),
        },
        phase,
        winner,
        turn: state.turn,
        map: map(state),
        crew: crew(g, viewer),
        creatures: creatures(state, gm),
        gm: economy(state, gm),
        objectives: state
            .scenario
            .objectives
            .iter()
            .zip(&state.reached)
            .map(|(o, reached)| ObjectiveView {
                goal: goal_text(&o.goal),
                reward: o.reward,
                win: o.win,
                reached: *reached,
            })
            .collect(),
        kills: state.kills,
        log: g
            .log
            .iter()
            .filter_map(|i| match &i.body {
                ItemBody::Station(s) => Some(Logged {
                    entry: item(s, &i.by, viewer),
                    version: table.position(viewer, i.version),
                }),
                _ => None,
            })
            .collect(),
        can_undo: gm.then(|| g.can_undo()),
        version,
    }
}

fn moves(moves: &[Done], gm: bool) -> Vec<MoveView> {
    moves
        .iter()
        .map(|m| MoveView {
            command: m.command.name(),
            by_engine: m.engine,
            lines: if gm { &m.gm } else { &m.table }.clone(),
            detail: gm.then(|| MoveDetail {
                order: m.command.clone(),
                dice: m.dice.clone(),
                seeded: m.seeded.clone(),
            }),
        })
        .collect()
}

/// A Station feed entry as `viewer` may see it (everyone sees every entry;
/// what it says is cut).
pub(crate) fn item(item: &Item, by: &str, viewer: &Viewer) -> Entry {
    let gm = viewer.is_gm();
    let what = match &item.what {
        What::Started {
            name,
            scenario,
            moves: m,
        } => Happened::Started {
            name: name.clone(),
            scenario: scenario.clone(),
            moves: moves(m, gm),
        },
        What::Seated { crew, seat } => Happened::Seated {
            crew: crew.clone(),
            seat: seat.clone(),
        },
        What::Played { moves: m } => Happened::Played {
            moves: moves(m, gm),
            lines: m
                .iter()
                .flat_map(|d| if gm { &d.gm } else { &d.table })
                .cloned()
                .collect(),
        },
        What::Undone { commands } => Happened::Undone {
            commands: *commands,
            lines: vec![format!(
                "The GM takes back the last change ({commands} command{}).",
                if *commands == 1 { "" } else { "s" }
            )],
        },
    };
    Entry {
        what,
        game: item.game.clone(),
        play_session_started: item.seeded().find(|u| u.commitment.is_some()).map(|u| {
            SessionStart {
                session: u.session,
                commitment: u.commitment.clone(),
            }
        }),
        by: gm.then(|| by.to_string()),
    }
}
