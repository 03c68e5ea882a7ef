//! What the players find, carry, use and buy (rules ST-SEARCH-*, ST-INV-*,
//! ST-CHAR-03).

use super::{Event, player};
use crate::command::Purchase;
use crate::content::Loot;
use crate::state::{Carried, Contents, Player, Searchable, State};

/// Applies a search, inventory or purchase event.
pub(super) fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::Searched {
            who,
            at,
            found,
            items,
            removed,
            ..
        } => {
            let pack = state.pack.clone();
            if let Some(p) = player(state, who) {
                p.ap = 0;
                for loot in found {
                    match loot {
                        Loot::Item(id) => p.inventory.push(Carried::from_id(&pack, id)),
                        Loot::Nanites(n) => p.nanites = p.nanites.saturating_add(*n),
                        Loot::CyberModules(n) => p.cm = p.cm.saturating_add(*n),
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
                p.ap = p.ap.saturating_sub(1);
                equip(p, *index);
            }
        }
        Event::Dropped { who, index } => dropped(state, who, *index),
        Event::UsedItem {
            who,
            index,
            heal,
            stat,
        } => {
            if let Some(p) = player(state, who) {
                p.ap = p.ap.saturating_sub(1);
                if *index < p.inventory.len() {
                    p.inventory.remove(*index);
                }
                p.hp = p.hp.saturating_add(*heal).min(p.max_hp);
                if let Some(s) = stat {
                    let v = p.stats.entry(*s).or_default();
                    *v = v.saturating_add(1);
                }
            }
        }
        Event::Bought { who, what, cost } => {
            if let Some(p) = player(state, who) {
                p.cm = p.cm.saturating_sub(*cost);
                bought(p, what);
            }
        }
        _ => {}
    }
}

/// Swaps the inventory weapon or armor at `index` with the equipped one.
fn equip(p: &mut Player, index: usize) {
    if index >= p.inventory.len() {
        return;
    }
    match p.inventory.remove(index) {
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
        other => p.inventory.insert(index, other),
    }
}

/// The item at `index` leaves `who`'s inventory for a pile on its square.
fn dropped(state: &mut State, who: &str, index: usize) {
    let Some(p) = player(state, who) else { return };
    let (Some(at), true) = (p.at, index < p.inventory.len()) else {
        return;
    };
    let item = p.inventory.remove(index);
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

/// What cyber modules bought (rule ST-CHAR-03).
fn bought(p: &mut Player, what: &Purchase) {
    let up = |v: &mut i32| *v = v.saturating_add(1);
    match what {
        Purchase::Skill(s) => up(p.skills.entry(*s).or_default()),
        Purchase::Stat(s) => up(p.stats.entry(*s).or_default()),
        Purchase::PsiTier => {
            up(&mut p.psi.0);
            p.pp = p.pp.saturating_add(2);
        }
        Purchase::PsiSkill => up(&mut p.psi.1),
        Purchase::Upgrade(u) => {
            p.upgrades.insert(u.clone());
        }
    }
}
