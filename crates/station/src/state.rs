//! The state of one Station game: the map's doors and devices, players,
//! creatures, the GM's economy and the clock; and setting it up from a
//! scenario (rules ST-FLOW-01, ST-CHAR-01, ST-CHAR-02).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

mod create;

pub use create::create;

use crate::content::{ItemKind, Pack, Skill, Stat};
use crate::event::Event;
use crate::map::{Cone, Grid, Pos, RoomId, Terrain, distance};
use crate::resolve::{Light, inventory_penalty};
use crate::scenario::{Hackable, Lock, Scenario, SecurityStationSpec, TurretSpec};

/// Whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn: the GM places the first creatures (rule ST-FLOW-01).
    Setup,
    /// The players act.
    Players,
    /// The GM acts.
    Gm,
    /// The game is over.
    Over(Side),
}

/// A side of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// The players.
    Players,
    /// The Game Master.
    Gm,
}

/// A weapon as carried: its id, modifications made and whether it is broken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gear {
    /// The weapon id.
    pub id: String,
    /// How many of its modifications are made.
    pub mods: u32,
    /// Broken by a failed modification (rule ST-TECH-03).
    pub broken: bool,
}

/// Something in an inventory slot or a body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Carried {
    /// A weapon.
    Weapon(Gear),
    /// An armor (2 slots unequipped).
    Armor(String),
    /// Any other item.
    Item(String),
}

impl Carried {
    /// The item id.
    pub fn id(&self) -> &str {
        match self {
            Carried::Weapon(g) => &g.id,
            Carried::Armor(id) | Carried::Item(id) => id,
        }
    }

    /// A carried thing from an id the pack knows.
    pub fn from_id(pack: &Pack, id: &str) -> Carried {
        if pack.weapons.contains_key(id) {
            Carried::Weapon(Gear {
                id: id.to_string(),
                mods: 0,
                broken: false,
            })
        } else if pack.armors.contains_key(id) {
            Carried::Armor(id.to_string())
        } else {
            Carried::Item(id.to_string())
        }
    }

    /// Inventory slots it takes (rule ST-INV-01): a weapon or large item 1,
    /// an armor 2, anything else none.
    pub fn slots(&self, pack: &Pack) -> i32 {
        match self {
            Carried::Weapon(_) => 1,
            Carried::Armor(_) => 2,
            Carried::Item(id) => match pack.items.get(id).map(|i| &i.kind) {
                Some(ItemKind::Large) => 1,
                _ => 0,
            },
        }
    }
}

/// A task that takes whole turns: hacking, modifying, repairing, researching
/// (rules ST-TECH-02..05). Its outcome was rolled when it started and lands
/// when it finishes.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// What is being done.
    pub what: String,
    /// Turns left, counting the current one.
    pub turns_left: u32,
    /// What happens when it finishes.
    pub outcome: Vec<Event>,
}

/// A player character.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Its handle.
    pub id: String,
    /// Its class card.
    pub class: String,
    /// Hit points (0 is death, rule ST-CHAR-01).
    pub hp: i32,
    /// Maximum hit points.
    pub max_hp: i32,
    /// Psi points.
    pub pp: i32,
    /// Action points per turn before the inventory penalty.
    pub base_ap: i32,
    /// Action points left this turn.
    pub ap: i32,
    /// Stats.
    pub stats: BTreeMap<Stat, i32>,
    /// Skills.
    pub skills: BTreeMap<Skill, i32>,
    /// Psionic tier and psionic skill level bought with cyber modules.
    pub psi: (i32, i32),
    /// The equipped weapon.
    pub weapon: Option<Gear>,
    /// The equipped armor.
    pub armor: Option<String>,
    /// Everything else carried.
    pub inventory: Vec<Carried>,
    /// Nanites.
    pub nanites: i32,
    /// Cyber modules.
    pub cm: i32,
    /// O/S upgrades.
    pub upgrades: BTreeSet<String>,
    /// Where it stands; `None` while dead.
    pub at: Option<Pos>,
    /// A task in progress.
    pub task: Option<Task>,
    /// Enemies it defends against until its next turn (rule ST-MELEE-02).
    pub defending: BTreeSet<String>,
}

impl Player {
    /// A stat's value.
    pub fn stat(&self, stat: Stat) -> i32 {
        self.stats.get(&stat).copied().unwrap_or(0)
    }

    /// A skill's level.
    pub fn skill(&self, skill: Skill) -> i32 {
        self.skills.get(&skill).copied().unwrap_or(0)
    }

    /// Whether it is alive.
    pub fn alive(&self) -> bool {
        self.at.is_some()
    }

    /// Inventory slots in use (rule ST-INV-01).
    pub fn slots_used(&self, pack: &Pack) -> i32 {
        self.inventory.iter().map(|c| c.slots(pack)).sum()
    }

    /// AP at the start of a turn: base less the inventory penalty, none while
    /// a task runs (rule ST-INV-02).
    pub fn turn_ap(&self, pack: &Pack) -> i32 {
        if self.task.is_some() {
            0
        } else {
            (self.base_ap - inventory_penalty(self.slots_used(pack))).max(0)
        }
    }

    /// Whether it carries an item with this id.
    pub fn carries(&self, id: &str) -> bool {
        self.inventory.iter().any(|c| c.id() == id)
    }
}

/// A creature on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Monster {
    /// Its handle ("c1").
    pub id: String,
    /// Its creature id in the pack.
    pub kind: String,
    /// Hit points left.
    pub hp: i32,
    /// Where it stands.
    pub at: Pos,
    /// AP left this GM turn.
    pub ap: i32,
    /// Knows where the players are (seen them, or deployed in an alarm).
    pub knows: bool,
    /// Players it defends against until the GM's next turn.
    pub defending: BTreeSet<String>,
}

/// A door still on the map (opened doors are removed, rule ST-ENV-04).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Door {
    /// Where it stands.
    pub at: Pos,
    /// Its lock kind.
    pub lock: Lock,
    /// Still locked.
    pub locked: bool,
    /// Its lock broke in a failed hack and needs repair (rule ST-TECH-02).
    pub broken: bool,
    /// What hacking it takes.
    pub hack: Hackable,
}

/// A camera and its alarm counter (rule ST-ENV-02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Camera {
    /// Where it looks.
    pub cone: Cone,
    /// Turns of sight left before the alarm (starts at 3).
    pub counter: i32,
}

/// A turret (rule ST-ENV-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turret {
    /// Its scenario data.
    pub spec: TurretSpec,
    /// Active: during an alarm, unless a hacked security station has
    /// security down (rule ST-ENV-03).
    pub active: bool,
}

/// A security station.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecurityStation {
    /// Its scenario data.
    pub spec: SecurityStationSpec,
    /// Broken by a failed hack: needs repair.
    pub broken: bool,
}

/// A bio-reconstruction machine (rules ST-DEATH-02, ST-DEATH-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Machine {
    /// Where it stands.
    pub at: Pos,
    /// Activated.
    pub active: bool,
    /// Broken.
    pub broken: bool,
}

/// What a searchable object holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Contents {
    /// Rolled on the loot table of this object type.
    Loot(String),
    /// A dead player's or a dropped pile's items (rule ST-DEATH-01).
    Items {
        /// Whose.
        name: String,
        /// What.
        items: Vec<Carried>,
    },
}

/// A searchable object on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Searchable {
    /// Where it lies.
    pub at: Pos,
    /// What it holds.
    pub contents: Contents,
}

/// How long the Security Alarm lasts (rule ST-ENV-03).
pub const ALARM_TURNS: u32 = 12;

/// The GM's economy (rules ST-GM-01..05, ST-ENV-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GmState {
    /// Basic Creature Points.
    pub bcp: i32,
    /// Major Creature Points.
    pub mcp: i32,
    /// The current threat level.
    pub threat: u32,
    /// Alarm turns left (0: no alarm).
    pub alarm: u32,
    /// Turns left of the outage a hacked security station caused: cameras
    /// do not count and turrets do not fire (0: security works).
    #[serde(default)]
    pub security_down: u32,
    /// Whether a creature was deployed this GM turn.
    pub deployed: bool,
    /// The action cards drawn, in order.
    pub drawn: Vec<String>,
}

/// Everything the rules need to know about one game.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The content pack.
    pub pack: Arc<Pack>,
    /// The scenario.
    pub scenario: Arc<Scenario>,
    /// The turn: players then GM make one turn.
    pub turn: u32,
    /// Whose turn it is.
    pub phase: Phase,
    /// The players.
    pub players: Vec<Player>,
    /// The creatures on the map.
    pub creatures: Vec<Monster>,
    /// The number of the next creature deployed.
    pub next_creature: u32,
    /// Doors still on the map.
    pub doors: Vec<Door>,
    /// Cameras.
    pub cameras: Vec<Camera>,
    /// Turrets.
    pub turrets: Vec<Turret>,
    /// Security stations.
    pub stations: Vec<SecurityStation>,
    /// Bio-reconstruction machines.
    pub machines: Vec<Machine>,
    /// Searchable objects.
    pub searchables: Vec<Searchable>,
    /// Rooms with a dark token.
    pub dark: BTreeSet<RoomId>,
    /// Rooms with a no-light token.
    pub no_light: BTreeSet<RoomId>,
    /// The GM's economy.
    pub gm: GmState,
    /// Creatures the players have killed.
    pub kills: u32,
    /// Which objectives are reached.
    pub reached: Vec<bool>,
}

/// Why a scenario cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

impl State {
    /// The game a scenario sets up: characters made from their class cards
    /// and picks, on the start squares, with the scenario's devices and the
    /// GM's starting points; the GM deploys next (rule ST-FLOW-01).
    pub fn new(pack: Arc<Pack>, scenario: Arc<Scenario>) -> Result<State, SetupError> {
        let mut players = Vec::new();
        let extra_cm = scenario
            .cm_by_players
            .get(&scenario.players.len())
            .copied()
            .unwrap_or(0);
        for (i, spec) in scenario.players.iter().enumerate() {
            let at = *scenario
                .starts
                .get(i)
                .ok_or_else(|| SetupError(format!("no start square for player {}", spec.id)))?;
            let mut p = create(&pack, &spec.id, &spec.class, &spec.picks)?;
            p.cm =
                p.cm.saturating_add(scenario.starting_cm)
                    .saturating_add(extra_cm);
            p.at = Some(at);
            players.push(p);
        }
        let room_of = |p: &Pos| scenario.grid.room(*p);
        Ok(State {
            turn: 0,
            phase: Phase::Setup,
            players,
            creatures: Vec::new(),
            next_creature: 1,
            doors: scenario
                .doors
                .iter()
                .map(|d| Door {
                    at: d.at,
                    lock: d.lock,
                    locked: d.lock != Lock::Standard,
                    broken: false,
                    hack: d.hack,
                })
                .collect(),
            cameras: scenario
                .cameras
                .iter()
                .map(|c| Camera {
                    cone: *c,
                    counter: 3,
                })
                .collect(),
            turrets: scenario
                .turrets
                .iter()
                .map(|t| Turret {
                    spec: t.clone(),
                    active: false,
                })
                .collect(),
            stations: scenario
                .stations
                .iter()
                .map(|s| SecurityStation {
                    spec: s.clone(),
                    broken: false,
                })
                .collect(),
            machines: scenario
                .machines
                .iter()
                .map(|m| Machine {
                    at: m.at,
                    active: m.active,
                    broken: m.broken,
                })
                .collect(),
            searchables: scenario
                .searchables
                .iter()
                .map(|(at, object)| Searchable {
                    at: *at,
                    contents: Contents::Loot(object.clone()),
                })
                .collect(),
            dark: scenario.dark.iter().filter_map(room_of).collect(),
            no_light: scenario.no_light.iter().filter_map(room_of).collect(),
            gm: GmState {
                bcp: scenario.gm_bcp,
                mcp: scenario.gm_mcp,
                threat: scenario.threat_start,
                alarm: 0,
                security_down: 0,
                deployed: false,
                drawn: Vec::new(),
            },
            kills: 0,
            reached: vec![false; scenario.objectives.len()],
            pack,
            scenario,
        })
    }

    /// A player by handle.
    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// A creature by handle.
    pub fn creature(&self, id: &str) -> Option<&Monster> {
        self.creatures.iter().find(|c| c.id == id)
    }

    /// The living players.
    pub fn living(&self) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(|p| p.alive())
    }

    /// The door on `p`, if any.
    pub fn door(&self, p: Pos) -> Option<&Door> {
        self.doors.iter().find(|d| d.at == p)
    }

    /// Whether a stationary device stands on `p` (they block moving).
    pub fn device(&self, p: Pos) -> bool {
        self.machines.iter().any(|m| m.at == p)
            || self.stations.iter().any(|s| s.spec.at == p)
            || self.turrets.iter().any(|t| t.spec.cone.at == p)
            || self.scenario.upgrade_units.contains(&p)
            || self.scenario.switches.iter().any(|s| s.at == p)
    }

    /// Whether a unit or a device stands on `p`, so nobody can step there.
    pub fn occupied_for_moves(&self, p: Pos) -> bool {
        self.unit_at(p) || self.device(p)
    }

    /// Whether a unit (player or creature) stands on `p`.
    pub fn unit_at(&self, p: Pos) -> bool {
        self.players.iter().any(|u| u.at == Some(p)) || self.creatures.iter().any(|c| c.at == p)
    }

    /// The light on a square (rule ST-ENV-01).
    pub fn light(&self, p: Pos) -> Light {
        match self.scenario.grid.room(p) {
            Some(r) if self.no_light.contains(&r) => Light::NoLight,
            Some(r) if self.dark.contains(&r) => Light::Dark,
            _ => Light::Lit,
        }
    }

    /// The light of a shot: the worse of the shooter's and target's squares.
    pub fn shot_light(&self, from: Pos, to: Pos) -> Light {
        let rank = |l: Light| match l {
            Light::Lit => 0,
            Light::Dark => 1,
            Light::NoLight => 2,
        };
        let (a, b) = (self.light(from), self.light(to));
        if rank(a) >= rank(b) { a } else { b }
    }

    /// Whether any living player sees `p` (rule ST-GM-03).
    pub fn seen_by_players(&self, p: Pos) -> bool {
        self.living()
            .filter_map(|pl| pl.at)
            .any(|at| crate::map::line_of_sight(self, at, p))
    }

    /// The nearest living player to `p` by distance, ties by order.
    pub fn nearest_player(&self, p: Pos) -> Option<&Player> {
        self.living()
            .min_by_key(|pl| pl.at.map_or(i32::MAX, |a| distance(a, p)))
    }

    /// The highest threat level the scenario defines.
    pub fn max_threat(&self) -> u32 {
        self.scenario
            .threats
            .keys()
            .next_back()
            .copied()
            .unwrap_or(1)
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.scenario.grid
    }
}

impl Terrain for State {
    fn grid(&self) -> &Grid {
        &self.scenario.grid
    }

    fn closed_door(&self, p: Pos) -> bool {
        self.door(p).is_some()
    }

    fn occupied(&self, p: Pos) -> bool {
        self.unit_at(p) || self.device(p)
    }

    fn step_cost(&self, p: Pos) -> u32 {
        if self.light(p) == Light::NoLight {
            2
        } else {
            1
        }
    }
}
