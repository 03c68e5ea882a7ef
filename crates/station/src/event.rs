//! Facts of a Station game and how they change the state. Every die behind
//! an event is inside it (in its report or breakdown), so `evolve` never
//! rolls and a log replays to the same state.

mod evolve;

pub use evolve::evolve;

use nanite_core::Breakdown;

use crate::command::Purchase;
use crate::content::{Loot, Stat};
use crate::map::{Pos, RoomId};
use crate::resolve::AttackReport;
use crate::state::{Carried, Side, Task};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Event {
    /// Setup is over; the players take turn 1 (rule ST-FLOW-01).
    Began,
    /// The players' turn starts: each player's AP for it (rule ST-FLOW-02).
    PlayersTurn {
        /// The turn number.
        turn: u32,
        /// AP by player.
        ap: Vec<(String, i32)>,
    },
    /// The GM's turn starts.
    GmTurn,
    /// A unit moved.
    Moved {
        /// Who.
        who: String,
        /// The squares stepped on, in order.
        path: Vec<Pos>,
        /// AP spent.
        ap: i32,
    },
    /// An attack (shot or blow) was resolved.
    Attacked {
        /// Who attacked.
        attacker: String,
        /// Whom.
        target: String,
        /// With what.
        weapon: String,
        /// The rolls, damage and breakdown.
        report: AttackReport,
        /// AP spent.
        ap: i32,
    },
    /// A player spent Psi Points on a power (rule ST-CHAR-01).
    PsiSpent {
        /// Who.
        who: String,
        /// How many.
        pp: i32,
    },
    /// An active turret fired at a player (rule ST-ENV-03).
    TurretFired {
        /// Where the turret stands.
        turret: Pos,
        /// Whom.
        target: String,
        /// The rolls, damage and breakdown.
        report: AttackReport,
    },
    /// A unit spent 1 AP defending against an enemy (rule ST-MELEE-02).
    Defended {
        /// Who.
        who: String,
        /// Against whom.
        against: String,
    },
    /// AP spent on an action with no other state change of its own.
    ApSpent {
        /// Who.
        who: String,
        /// How many.
        ap: i32,
        /// On what.
        on: String,
    },
    /// A player died and left a body with all its items (rule ST-DEATH-01).
    PlayerDied {
        /// Who.
        who: String,
        /// Where.
        at: Pos,
    },
    /// A dead player paid 15 nanites and came back at a machine (rule ST-DEATH-02).
    Reconstructed {
        /// Who.
        who: String,
        /// Where it stands now.
        at: Pos,
        /// The machine used.
        machine: Pos,
    },
    /// A creature died; its body, if it has one, can be searched.
    CreatureDied {
        /// Which.
        id: String,
        /// The loot table of its body.
        body: Option<String>,
    },
    /// The GM deployed a creature (rules ST-GM-01, ST-GM-03).
    Deployed {
        /// Its new handle.
        id: String,
        /// Its creature id.
        kind: String,
        /// Where.
        at: Pos,
        /// BCP paid.
        bcp: i32,
        /// MCP paid.
        mcp: i32,
        /// It knows where the players are (deployed in an alarm).
        knows: bool,
    },
    /// A creature saw a player and now knows where the players are.
    Spotted {
        /// Which creature.
        id: String,
    },
    /// A player started a task that takes whole turns; its outcome is already rolled.
    TaskStarted {
        /// Who.
        who: String,
        /// The task.
        task: Task,
        /// Nanites spent.
        nanites: i32,
        /// The check behind it, if any.
        breakdown: Breakdown,
    },
    /// One turn of a task passed.
    TaskAdvanced {
        /// Whose.
        who: String,
    },
    /// A task finished; its outcome events follow.
    TaskFinished {
        /// Whose.
        who: String,
    },
    /// A door's lock was opened (rule ST-ENV-04).
    DoorUnlocked {
        /// Where.
        at: Pos,
    },
    /// A failed hack broke a door's lock (rule ST-TECH-02).
    DoorLockBroken {
        /// Where.
        at: Pos,
    },
    /// A door's broken lock was repaired.
    DoorLockRepaired {
        /// Where.
        at: Pos,
    },
    /// A door opened and is removed from the map (rule ST-ENV-04).
    DoorOpened {
        /// Where.
        at: Pos,
    },
    /// A failed hack broke a security station.
    StationBroken {
        /// Where.
        at: Pos,
    },
    /// A security station was repaired.
    StationRepaired {
        /// Where.
        at: Pos,
    },
    /// A hacked security station ended any alarm and shut the cameras and
    /// turrets down for `down` turns; the cameras' counters restart at 3
    /// (rule ST-ENV-03, the seed's hacking example; docs/rules/station.md).
    SecurityReset {
        /// Turns the cameras and turrets stay off.
        down: u32,
    },
    /// One turn of the security outage passed.
    SecurityTicked,
    /// The outage is over: cameras watch again, turrets fire again if an
    /// alarm is on.
    SecurityRestored,
    /// A bio-reconstruction machine was activated (rule ST-DEATH-03).
    MachineActivated {
        /// Who, spending 2 AP.
        who: String,
        /// Where.
        at: Pos,
    },
    /// A machine broke.
    MachineBroken {
        /// Where.
        at: Pos,
    },
    /// A machine was repaired.
    MachineRepaired {
        /// Where.
        at: Pos,
    },
    /// A player's weapon gained its next modification (rule ST-TECH-03).
    WeaponModified {
        /// Whose.
        who: String,
    },
    /// A failed modification broke a player's weapon.
    WeaponBroken {
        /// Whose.
        who: String,
    },
    /// A player's broken weapon was repaired.
    WeaponRepaired {
        /// Whose.
        who: String,
    },
    /// A research finished (rule ST-TECH-05).
    Researched {
        /// Who.
        who: String,
        /// Cyber modules gained.
        cm: i32,
    },
    /// A research started: the item and chemical are used up.
    ResearchItemsUsed {
        /// Who.
        who: String,
        /// The item researched.
        item: String,
        /// The chemical used.
        chemical: String,
    },
    /// A player searched an object (rules ST-SEARCH-01..03).
    Searched {
        /// Who.
        who: String,
        /// The object's square.
        at: Pos,
        /// What was found.
        found: Vec<Loot>,
        /// Items taken from a body or pile.
        items: Vec<Carried>,
        /// The object disappears.
        removed: bool,
        /// The rolls and picks.
        breakdown: Breakdown,
    },
    /// A player swapped an inventory weapon or armor with the equipped one (1 AP).
    Equipped {
        /// Who.
        who: String,
        /// The inventory index.
        index: usize,
    },
    /// A player dropped an item as a pile on its square.
    Dropped {
        /// Who.
        who: String,
        /// The inventory index.
        index: usize,
    },
    /// A player used a consumable (1 AP).
    UsedItem {
        /// Who.
        who: String,
        /// The inventory index.
        index: usize,
        /// HP healed.
        heal: i32,
        /// Stat raised by 1.
        stat: Option<Stat>,
    },
    /// A player bought with cyber modules (rule ST-CHAR-03).
    Bought {
        /// Who.
        who: String,
        /// What.
        what: Purchase,
        /// The cost.
        cost: i32,
    },
    /// The GM gained creature points (rules ST-GM-04, ST-ENV-03).
    Income {
        /// BCP.
        bcp: i32,
        /// MCP.
        mcp: i32,
        /// Why.
        why: String,
    },
    /// An action card was drawn (rule ST-GM-05).
    CardDrawn {
        /// Its id.
        card: String,
        /// The die that picked it.
        roll: u32,
        /// Its sides (the deck's size).
        sides: u32,
    },
    /// The threat level changed (rule ST-GM-05).
    ThreatChanged {
        /// The new level.
        level: u32,
        /// Why.
        why: String,
    },
    /// The threat level would have risen but an alarm holds it (rules
    /// ST-ENV-03, ST-GM-05).
    ThreatHeld {
        /// What would have raised it.
        why: String,
    },
    /// A camera's counter changed (rule ST-ENV-02).
    CameraCounted {
        /// Where the camera is.
        camera: Pos,
        /// The new counter.
        counter: i32,
    },
    /// The alarm sounded: 12 turns, turrets active (rule ST-ENV-03) unless
    /// security is hacked.
    AlarmRaised {
        /// Why.
        why: String,
        /// Whether the turrets come on: not while a hacked security station
        /// keeps them off.
        turrets: bool,
    },
    /// One alarm turn passed.
    AlarmTicked,
    /// The alarm ran out; turrets go quiet.
    AlarmEnded,
    /// Rooms got dark tokens.
    LightsOut {
        /// The rooms.
        rooms: Vec<RoomId>,
    },
    /// An objective was reached; each living player gains its reward.
    ObjectiveReached {
        /// Its index in the scenario.
        index: usize,
        /// Cyber modules for each living player.
        reward: i32,
    },
    /// The turn ended (after the GM's turn).
    TurnEnded {
        /// The next turn.
        next: u32,
    },
    /// The game ended (rules ST-FLOW-03, ST-DEATH-04).
    GameOver {
        /// Who won.
        winner: Side,
        /// Why.
        why: String,
    },
}
