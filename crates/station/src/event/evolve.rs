//! How each event changes the state. Never rolls, never fails.

use super::Event;
use crate::command::Purchase;
use crate::content::Loot;
use crate::state::{Carried, Contents, Monster, Phase, Searchable, State};

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
        Event::PsiSpent { who, pp } => {
            if let Some(p) = player(state, who) {
                p.pp -= pp;
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
