//! Facts of a Station game and how they change the state. Every die behind
//! an event is inside it (in its report or breakdown), so `evolve` never
//! rolls and a log replays to the same state.

use nanite_core::Breakdown;

use crate::command::Purchase;
use crate::content::{Loot, Stat};
use crate::map::{Pos, RoomId};
use crate::resolve::AttackReport;
use crate::state::{Carried, Contents, Monster, Phase, Searchable, Side, State, Task};

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
    /// A hacked security station ended the alarm: turrets off, cameras reset (rule ST-ENV-03).
    SecurityReset,
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
    /// A camera's counter changed (rule ST-ENV-02).
    CameraCounted {
        /// Where the camera is.
        camera: Pos,
        /// The new counter.
        counter: i32,
    },
    /// The alarm sounded: 12 turns, turrets active (rule ST-ENV-03).
    AlarmRaised {
        /// Why.
        why: String,
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

fn player<'s>(state: &'s mut State, id: &str) -> Option<&'s mut crate::state::Player> {
    state.players.iter_mut().find(|p| p.id == id)
}

fn monster<'s>(state: &'s mut State, id: &str) -> Option<&'s mut Monster> {
    state.creatures.iter_mut().find(|c| c.id == id)
}

fn spend(state: &mut State, who: &str, ap: i32) {
    if let Some(p) = player(state, who) {
        p.ap -= ap;
    } else if let Some(c) = monster(state, who) {
        c.ap -= ap;
    }
}

fn harm(state: &mut State, target: &str, damage: i32) {
    if let Some(p) = player(state, target) {
        p.hp = (p.hp - damage).max(0);
    } else if let Some(c) = monster(state, target) {
        c.hp = (c.hp - damage).max(0);
    }
}

/// Applies one event.
pub fn evolve(state: &mut State, event: &Event) {
    let pack = state.pack.clone();
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
            for c in &mut state.creatures {
                c.defending.clear();
                c.ap = pack.creatures.get(&c.kind).map_or(0, |k| k.ap);
            }
        }
        Event::Moved { who, path, ap } => {
            let to = path.last().copied();
            if let Some(p) = player(state, who) {
                p.ap -= ap;
                p.at = to.or(p.at);
            } else if let Some(c) = monster(state, who) {
                c.ap -= ap;
                if let Some(to) = to {
                    c.at = to;
                }
            }
        }
        Event::Attacked {
            attacker,
            target,
            report,
            ap,
            ..
        } => {
            spend(state, attacker, *ap);
            harm(state, target, report.damage);
            if let Some(c) = monster(state, target) {
                c.knows = true;
            }
        }
        Event::TurretFired { target, report, .. } => harm(state, target, report.damage),
        Event::Defended { who, against } => {
            spend(state, who, 1);
            if let Some(p) = player(state, who) {
                p.defending.insert(against.clone());
            } else if let Some(c) = monster(state, who) {
                c.defending.insert(against.clone());
            }
        }
        Event::ApSpent { who, ap, .. } => spend(state, who, *ap),
        Event::PlayerDied { who, at } => {
            if let Some(p) = player(state, who) {
                let mut items: Vec<Carried> = Vec::new();
                items.extend(p.weapon.take().map(Carried::Weapon));
                items.extend(p.armor.take().map(Carried::Armor));
                items.append(&mut p.inventory);
                p.at = None;
                p.hp = 0;
                p.ap = 0;
                p.task = None;
                let name = format!("{}'s body", p.id);
                state.searchables.push(Searchable {
                    at: *at,
                    contents: Contents::Items { name, items },
                });
            }
        }
        Event::Reconstructed { who, at, .. } => {
            if let Some(p) = player(state, who) {
                p.nanites -= 15;
                p.hp = p.max_hp;
                p.at = Some(*at);
            }
        }
        Event::CreatureDied { id, body } => {
            if let Some(i) = state.creatures.iter().position(|c| c.id == *id) {
                let c = state.creatures.remove(i);
                state.kills += 1;
                if let Some(object) = body {
                    state.searchables.push(Searchable {
                        at: c.at,
                        contents: Contents::Loot(object.clone()),
                    });
                }
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
            state.gm.bcp -= bcp;
            state.gm.mcp -= mcp;
            if state.phase == Phase::Gm {
                state.gm.deployed = true;
            }
            state.next_creature += 1;
            let hp = pack.creatures.get(kind).map_or(1, |k| k.hp);
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
        Event::TaskStarted {
            who, task, nanites, ..
        } => {
            if let Some(p) = player(state, who) {
                p.ap = 0;
                p.nanites -= nanites;
                p.task = Some(task.clone());
            }
        }
        Event::TaskAdvanced { who } => {
            if let Some(t) = player(state, who).and_then(|p| p.task.as_mut()) {
                t.turns_left = t.turns_left.saturating_sub(1);
            }
        }
        Event::TaskFinished { who } => {
            if let Some(p) = player(state, who) {
                p.task = None;
            }
        }
        Event::DoorUnlocked { at } => {
            if let Some(d) = state.doors.iter_mut().find(|d| d.at == *at) {
                d.locked = false;
            }
        }
        Event::DoorLockBroken { at } => {
            if let Some(d) = state.doors.iter_mut().find(|d| d.at == *at) {
                d.broken = true;
            }
        }
        Event::DoorLockRepaired { at } => {
            if let Some(d) = state.doors.iter_mut().find(|d| d.at == *at) {
                d.broken = false;
            }
        }
        Event::DoorOpened { at } => state.doors.retain(|d| d.at != *at),
        Event::StationBroken { at } | Event::StationRepaired { at } => {
            let broken = matches!(event, Event::StationBroken { .. });
            if let Some(s) = state.stations.iter_mut().find(|s| s.spec.at == *at) {
                s.broken = broken;
            }
        }
        Event::SecurityReset => {
            state.gm.alarm = 0;
            for t in &mut state.turrets {
                t.active = false;
            }
            for c in &mut state.cameras {
                c.counter = 3;
            }
        }
        Event::MachineActivated { who, at } => {
            spend(state, who, 2);
            if let Some(m) = state.machines.iter_mut().find(|m| m.at == *at) {
                m.active = true;
            }
        }
        Event::MachineBroken { at } | Event::MachineRepaired { at } => {
            let broken = matches!(event, Event::MachineBroken { .. });
            if let Some(m) = state.machines.iter_mut().find(|m| m.at == *at) {
                m.broken = broken;
            }
        }
        Event::WeaponModified { who }
        | Event::WeaponBroken { who }
        | Event::WeaponRepaired { who } => {
            if let Some(w) = player(state, who).and_then(|p| p.weapon.as_mut()) {
                match event {
                    Event::WeaponModified { .. } => w.mods += 1,
                    Event::WeaponBroken { .. } => w.broken = true,
                    _ => w.broken = false,
                }
            }
        }
        Event::Researched { who, cm } => {
            if let Some(p) = player(state, who) {
                p.cm += cm;
            }
        }
        Event::ResearchItemsUsed {
            who,
            item,
            chemical,
        } => {
            if let Some(p) = player(state, who) {
                for id in [item, chemical] {
                    if let Some(i) = p.inventory.iter().position(|c| c.id() == id) {
                        p.inventory.remove(i);
                    }
                }
            }
        }
        Event::Searched {
            who,
            at,
            found,
            items,
            removed,
            ..
        } => {
            if let Some(p) = player(state, who) {
                p.ap = 0;
                for loot in found {
                    match loot {
                        Loot::Item(id) => p.inventory.push(Carried::from_id(&pack, id)),
                        Loot::Nanites(n) => p.nanites += n,
                        Loot::CyberModules(n) => p.cm += n,
                    }
                }
                p.inventory.extend(items.iter().cloned());
            }
            if *removed {
                if let Some(i) = state.searchables.iter().position(|s| s.at == *at) {
                    state.searchables.remove(i);
                }
            }
        }
        Event::Equipped { who, index } => {
            if let Some(p) = player(state, who) {
                p.ap -= 1;
                if *index < p.inventory.len() {
                    match p.inventory.remove(*index) {
                        Carried::Weapon(g) => {
                            if let Some(old) = p.weapon.replace(g) {
                                p.inventory.push(Carried::Weapon(old));
                            }
                        }
                        Carried::Armor(a) => {
                            if let Some(old) = p.armor.replace(a) {
                                p.inventory.push(Carried::Armor(old));
                            }
                        }
                        other => p.inventory.insert(*index, other),
                    }
                }
            }
        }
        Event::Dropped { who, index } => {
            let Some(p) = player(state, who) else { return };
            let (Some(at), true) = (p.at, *index < p.inventory.len()) else {
                return;
            };
            let item = p.inventory.remove(*index);
            let name = format!("items {} dropped", p.id);
            match state.searchables.iter_mut().find(|s| s.at == at) {
                Some(Searchable {
                    contents: Contents::Items { items, .. },
                    ..
                }) => items.push(item),
                _ => state.searchables.push(Searchable {
                    at,
                    contents: Contents::Items {
                        name,
                        items: vec![item],
                    },
                }),
            }
        }
        Event::UsedItem {
            who,
            index,
            heal,
            stat,
        } => {
            if let Some(p) = player(state, who) {
                p.ap -= 1;
                if *index < p.inventory.len() {
                    p.inventory.remove(*index);
                }
                p.hp = (p.hp + heal).min(p.max_hp);
                if let Some(s) = stat {
                    *p.stats.entry(*s).or_default() += 1;
                }
            }
        }
        Event::Bought { who, what, cost } => {
            if let Some(p) = player(state, who) {
                p.cm -= cost;
                match what {
                    Purchase::Skill(s) => *p.skills.entry(*s).or_default() += 1,
                    Purchase::Stat(s) => *p.stats.entry(*s).or_default() += 1,
                    Purchase::PsiTier => {
                        p.psi.0 += 1;
                        p.pp += 2;
                    }
                    Purchase::PsiSkill => p.psi.1 += 1,
                    Purchase::Upgrade(u) => {
                        p.upgrades.insert(u.clone());
                    }
                }
            }
        }
        Event::Income { bcp, mcp, .. } => {
            state.gm.bcp += bcp;
            state.gm.mcp += mcp;
        }
        Event::CardDrawn { card, .. } => state.gm.drawn.push(card.clone()),
        Event::ThreatChanged { level, .. } => state.gm.threat = *level,
        Event::CameraCounted { camera, counter } => {
            if let Some(c) = state.cameras.iter_mut().find(|c| c.cone.at == *camera) {
                c.counter = *counter;
            }
        }
        Event::AlarmRaised { .. } => {
            state.gm.alarm = 12;
            for t in &mut state.turrets {
                t.active = true;
            }
        }
        Event::AlarmTicked => state.gm.alarm = state.gm.alarm.saturating_sub(1),
        Event::AlarmEnded => {
            state.gm.alarm = 0;
            for t in &mut state.turrets {
                t.active = false;
            }
        }
        Event::LightsOut { rooms } => state.dark.extend(rooms.iter().copied()),
        Event::ObjectiveReached { index, reward } => {
            if let Some(r) = state.reached.get_mut(*index) {
                *r = true;
            }
            for p in state.players.iter_mut().filter(|p| p.alive()) {
                p.cm += reward;
            }
        }
        Event::TurnEnded { next } => state.turn = *next,
        Event::GameOver { winner, .. } => state.phase = Phase::Over(*winner),
    }
}
