//! The scripted players' policy: each living player, in turn order, spends
//! its action points one command at a time:
//!
//! 1. **heal** with a medkit (or any healing consumable) at half its hit
//!    points or less;
//! 2. **shoot** the threatening creature in sight (one that can strike it
//!    next turn) it has the best chance to hit (2 in 6 or better; a blow
//!    only next to it);
//! 3. **retreat** one step away from a creature close by at a third of its
//!    hit points or less, with nothing left to heal;
//! 4. **search** an object in front of it, with a whole turn and no
//!    creature in sight, or (no creature near) walk to one a few steps
//!    away and wait there for a whole turn;
//! 5. **work toward the next objective**: walk to a `reach` marker by real
//!    paths (through doors, which open at the end of a turn spent in front
//!    of them); a locked door in the way is opened by its switch, a
//!    security card or a hack, whichever the player can; hunt creatures for
//!    a `kill` objective; hold for `survive`;
//! 6. else shoot a creature in sight that does not threaten it (an egg, a
//!    creature far off), or be done for the turn; when every player is,
//!    the turn ends.

use std::collections::{BTreeMap, BTreeSet};

use crate::autogm::{Planning, step_down};
use crate::command::Command;
use crate::content::{ItemKind, Skill, Stat, WeaponKind};
use crate::map::{Grid, Pos, Terrain, distance, distance_field, line_of_sight, path};
use crate::resolve::hit_chance;
use crate::scenario::{Goal, Lock};
use crate::state::{Carried, Player, State};

/// A shot is taken at this chance (in 6) or better.
const MIN_CHANCE: i32 = 2;
/// A searchable object this many steps away or closer is worth a detour.
const SEARCH_DETOUR: u32 = 4;
/// No creature this close (in squares) lets a player linger over searching.
const SAFE: i32 = 8;
/// The upgrade that leaves searched objects in place (ST-SEARCH-03).
const SCAVENGER: &str = "scavenger-os";

/// The players' next command: the first player (in scenario order) not in
/// `done` with something to do, else the end of the turn.
pub fn next_command(state: &State, done: &BTreeSet<String>) -> Command {
    state
        .players
        .iter()
        .filter(|p| !done.contains(&p.id))
        .find_map(|p| player_command(state, p))
        .unwrap_or(Command::EndTurn)
}

/// What `p` does next with its action points, if anything.
pub fn player_command(state: &State, p: &Player) -> Option<Command> {
    let at = p.at?;
    if p.ap <= 0 || p.task.is_some() {
        return None;
    }
    let who = p.id.clone();
    if 2 * p.hp <= p.max_hp
        && let Some(item) = healing(state, p)
    {
        return Some(Command::Use { who, item });
    }
    let target = best_target(state, p, at);
    if let Some((id, true)) = &target {
        return Some(Command::Attack {
            who,
            target: id.clone(),
            aim: 0,
        });
    }
    if 3 * p.hp <= p.max_hp
        && let Some(to) = retreat(state, at, p.ap)
    {
        return Some(Command::Move { who, to });
    }
    if let Some(errand) = search(state, p, at) {
        // In front of an object without a whole turn: wait for the next.
        return errand;
    }
    // With nothing better to do, shoot what does not threaten (an egg, a
    // creature far off) rather than stand idle.
    objective(state, p, at).or_else(|| {
        target.map(|(target, _)| Command::Attack {
            who: p.id.clone(),
            target,
            aim: 0,
        })
    })
}

/// A carried consumable that heals, if any.
fn healing(state: &State, p: &Player) -> Option<String> {
    p.inventory.iter().find_map(|c| match c {
        Carried::Item(id) => match state.pack.items.get(id).map(|i| &i.kind) {
            Some(ItemKind::Consumable { heal, .. }) if *heal > 0 => Some(id.clone()),
            _ => None,
        },
        _ => None,
    })
}

/// `p`'s chance (in 6) to hit a creature at `to` from `at`, if it can
/// attack it at all: the accuracy of its weapon (or fists) as the rules
/// count it (ST-SHOOT-01, ST-MELEE-01).
fn chance(state: &State, p: &Player, at: Pos, to: Pos, defending: bool) -> Option<i32> {
    let dist = distance(at, to);
    let (kind, accuracy) = match &p.weapon {
        None => (WeaponKind::Melee, p.skill(Skill::Melee) + p.stat(Stat::Agi)),
        Some(g) if g.broken => return None,
        Some(g) => {
            let w = state.pack.weapons.get(&g.id)?;
            let made = &w.mods[..(g.mods as usize).min(w.mods.len())];
            let mods: i32 = made.iter().map(|m| m.accuracy).sum();
            match w.kind {
                WeaponKind::Melee => (
                    WeaponKind::Melee,
                    p.skill(w.kind.skill()) + p.stat(Stat::Agi) + mods,
                ),
                kind => (
                    kind,
                    p.skill(w.kind.skill()) + w.range + mods + state.shot_light(at, to).accuracy(),
                ),
            }
        }
    };
    if kind == WeaponKind::Melee {
        if dist > 1 {
            return None;
        }
        return Some(hit_chance(accuracy, dist) - i32::from(defending));
    }
    Some(hit_chance(accuracy, dist))
}

/// The creature in sight `p` has the best chance to hit, if that chance is
/// worth a shot, and whether it threatens `p` (it can strike next turn: a
/// ranged weapon, or its action points take it next to `p`). Threatening
/// creatures first, then the better chance, the weakest among equals.
fn best_target(state: &State, p: &Player, at: Pos) -> Option<(String, bool)> {
    state
        .creatures
        .iter()
        .filter(|c| line_of_sight(state, at, c.at))
        .filter_map(|c| {
            let chance = chance(state, p, at, c.at, c.defending.contains(&p.id))?;
            let kind = state.pack.creatures.get(&c.kind)?;
            let ranged = kind
                .weapon
                .as_ref()
                .and_then(|w| state.pack.weapons.get(w))
                .is_some_and(|w| w.kind != WeaponKind::Melee);
            let threat = kind.weapon.is_some() && (ranged || kind.ap + 1 >= distance(at, c.at));
            (chance >= MIN_CHANCE).then(|| (threat, chance, -c.hp, std::cmp::Reverse(c.id.clone())))
        })
        .max()
        .map(|(threat, _, _, id)| (id.0, threat))
}

/// One step that takes `at` farther from the nearest creature within two
/// squares, if there is such a creature and such a step.
fn retreat(state: &State, at: Pos, ap: i32) -> Option<Pos> {
    let near = |p: Pos| {
        state
            .creatures
            .iter()
            .map(|c| distance(p, c.at))
            .min()
            .unwrap_or(i32::MAX)
    };
    let now = near(at);
    if now > 2 {
        return None;
    }
    at.neighbours()
        .into_iter()
        .filter(|n| crate::map::step_open(state, at, *n) && !state.occupied_for_moves(*n))
        .filter(|n| state.step_cost(*n) as i32 <= ap && near(*n) > now)
        .max_by_key(|n| (near(*n), std::cmp::Reverse(*n)))
}

/// Searching: the object in front with a whole turn and no creature in
/// sight; waiting in front of one for the next turn, or walking to one a
/// few steps away, only while no creature is near (else the objective
/// comes first, and a player would wait for ever as creatures keep coming).
/// None when no object is worth it. A player whose Scavenger O/S leaves
/// objects in place searches none (it would search the same one for ever).
fn search(state: &State, p: &Player, at: Pos) -> Option<Option<Command>> {
    if state.searchables.is_empty() || p.upgrades.contains(SCAVENGER) {
        return None;
    }
    if state
        .creatures
        .iter()
        .any(|c| line_of_sight(state, at, c.at))
    {
        return None;
    }
    let safe = state.creatures.iter().all(|c| distance(c.at, at) > SAFE);
    let whole = p.turn_ap(&state.pack);
    if let Some(s) = state.searchables.iter().find(|s| distance(s.at, at) <= 1) {
        if p.ap == whole && whole > 0 {
            return Some(Some(Command::Search {
                who: p.id.clone(),
                at: s.at,
            }));
        }
        return safe.then_some(None);
    }
    if !safe {
        return None;
    }
    let objects: Vec<Pos> = state.searchables.iter().map(|s| s.at).collect();
    let field = distance_field(&Planning(state), &objects);
    if field.get(&at).is_none_or(|d| *d > SEARCH_DETOUR) {
        return None;
    }
    walk(state, p, at, &field).map(Some)
}

/// A step down `field` for `p`, if one is open and affordable.
fn walk(state: &State, p: &Player, at: Pos, field: &BTreeMap<Pos, u32>) -> Option<Command> {
    step_down(state, field, at, p.ap).map(|to| Command::Move {
        who: p.id.clone(),
        to,
    })
}

/// Work toward the first objective not yet reached.
fn objective(state: &State, p: &Player, at: Pos) -> Option<Command> {
    let next = state
        .scenario
        .objectives
        .iter()
        .zip(&state.reached)
        .find(|(_, reached)| !**reached)
        .map(|(o, _)| &o.goal)?;
    match *next {
        Goal::Reach(marker) => {
            let squares = state.scenario.markers.get(&marker)?.clone();
            reach(state, p, at, &squares)
        }
        Goal::Kill(_) => {
            let prey: Vec<Pos> = state.creatures.iter().map(|c| c.at).collect();
            if prey.is_empty() {
                return None;
            }
            walk(state, p, at, &distance_field(&Planning(state), &prey))
        }
        Goal::Survive(_) => None,
    }
}

/// A step toward `goals` by real paths, or the way through a locked door.
fn reach(state: &State, p: &Player, at: Pos, goals: &[Pos]) -> Option<Command> {
    let field = distance_field(&Planning(state), goals);
    if field.contains_key(&at) {
        return walk(state, p, at, &field);
    }
    let door = locked_door_on_the_way(state, at, goals)?;
    unlock(state, p, at, door)
}

/// The map with every door open: where the way would go.
struct Unlocked<'s>(&'s State);

impl Terrain for Unlocked<'_> {
    fn grid(&self) -> &Grid {
        self.0.grid()
    }
    fn closed_door(&self, _: Pos) -> bool {
        false
    }
    fn occupied(&self, p: Pos) -> bool {
        self.0.device(p)
    }
    fn step_cost(&self, p: Pos) -> u32 {
        self.0.step_cost(p)
    }
}

/// The first locked door on the shortest way from `at` to the nearest of
/// `goals` were every door open.
fn locked_door_on_the_way(state: &State, at: Pos, goals: &[Pos]) -> Option<Pos> {
    let goal = goals
        .iter()
        .filter_map(|g| path(&Unlocked(state), at, *g).map(|(_, cost)| (cost, *g)))
        .min()?
        .1;
    let (steps, _) = path(&Unlocked(state), at, goal)?;
    steps
        .into_iter()
        .find(|s| state.door(*s).is_some_and(|d| d.locked))
}

/// Opening the locked door at `door`: its switch, a security card, or a
/// hack, whichever `p` can, walking to stand in front first.
fn unlock(state: &State, p: &Player, at: Pos, door: Pos) -> Option<Command> {
    let who = p.id.clone();
    let lock = state.door(door)?.clone();
    let switch = state
        .scenario
        .switches
        .iter()
        .filter(|s| s.doors.contains(&door))
        .map(|s| s.at)
        .find(|s| distance_field(&Planning(state), &[*s]).contains_key(&at));
    let (device, command) = if let Some(s) = switch {
        (s, (p.ap >= 2).then_some(Command::UseSwitch { who, at: s }))
    } else if lock.lock == Lock::Security && p.carries("security-card") {
        (door, Some(Command::UseCard { who, at: door }))
    } else if !lock.broken
        && p.skill(Skill::Hacking) >= lock.hack.skill
        && p.nanites >= lock.hack.nanites
    {
        let whole = p.turn_ap(&state.pack);
        (
            door,
            (p.ap == whole && whole > 0).then_some(Command::Hack { who, at: door }),
        )
    } else {
        return None;
    };
    if distance(at, device) <= 1 {
        return command;
    }
    walk(state, p, at, &distance_field(&Planning(state), &[device]))
}
