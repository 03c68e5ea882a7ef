//! Units moving, fighting, dying and coming back (rules ST-SHOOT-*,
//! ST-MELEE-*, ST-DMG-*, ST-DEATH-*).

use super::{Event, monster, player};
use crate::state::{Carried, Contents, Searchable, State};

/// What reconstruction costs (rule ST-DEATH-02).
const RECONSTRUCTION: i32 = 15;

/// `who` spends `ap` action points.
fn spend(state: &mut State, who: &str, ap: i32) {
    if let Some(p) = player(state, who) {
        p.ap = p.ap.saturating_sub(ap);
    } else if let Some(c) = monster(state, who) {
        c.ap = c.ap.saturating_sub(ap);
    }
}

/// `target` loses `damage` hit points, never below 0.
fn harm(state: &mut State, target: &str, damage: i32) {
    if let Some(p) = player(state, target) {
        p.hp = p.hp.saturating_sub(damage).max(0);
    } else if let Some(c) = monster(state, target) {
        c.hp = c.hp.saturating_sub(damage).max(0);
    }
}

/// Applies a movement, combat or death event.
pub(super) fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::Moved { who, path, ap } => {
            spend(state, who, *ap);
            if let Some(to) = path.last().copied() {
                if let Some(p) = player(state, who) {
                    p.at = Some(to);
                } else if let Some(c) = monster(state, who) {
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
                p.pp = p.pp.saturating_sub(*pp);
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
                p.nanites = p.nanites.saturating_sub(RECONSTRUCTION);
                p.hp = p.max_hp;
                p.at = Some(*at);
            }
        }
        Event::CreatureDied { id, body } => {
            if let Some(i) = state.creatures.iter().position(|c| c.id == *id) {
                let c = state.creatures.remove(i);
                state.kills = state.kills.saturating_add(1);
                if let Some(object) = body {
                    state.searchables.push(Searchable {
                        at: c.at,
                        contents: Contents::Loot(object.clone()),
                    });
                }
            }
        }
        _ => {}
    }
}
