//! What a combatant does on its turn, one command at a time, chosen from
//! the battle as it stands (the budget and movement left tell how far the
//! turn has gone):
//!
//! - in a grapple: slam with Grappling Advantage, else win it with the
//!   position change of its best attribute;
//! - broken (a quarter of its hit points or less, its side outnumbered):
//!   leave the fight;
//! - heal a fallen ally (or one at a third of its hit points) with a spell
//!   or power that reaches it;
//! - take the best of: an attack with each weapon that reaches, a harmful
//!   spell or power (weighed by the chance to get through resistance and
//!   the risk of losing concentration), a takedown when clearly the
//!   stronger grappler;
//! - with nothing in reach: change rows (map-less) or walk toward the best
//!   target by the shortest way, doubling the move when no action is left
//!   worth taking.

use nanite_core::{ClockCommand, CombatantId};

use super::Setup;
use super::approach::way;
use super::estimate::{
    attack_value, grapple_modifier, interruption, opposed, slam_value, through_resistance,
};
use crate::attribute::Attribute;
use crate::encounter::{
    Battle, Command, Field, FighterWeapon, GrappleAttack, Place, PositionChange, Row, SQUARE_FEET,
    Square, Takedown, TakedownChoice, distance_feet,
};
use crate::pack::WeaponKind;

/// A takedown is tried only with this much edge in the grappling check.
const STRONG_EDGE: i64 = 3;

/// The answer owed after `chooser`'s opponent rolled a natural 1 on a
/// takedown: a free melee attack with its best melee weapon when it can
/// strike, else Grappling Advantage.
pub fn choice(b: &Battle, setup: &Setup, chooser: &CombatantId) -> Command {
    let against = b.owed.as_ref().map(|o| o.against.clone());
    let attack = against.filter(|_| !b.is_down(chooser) && !b.is_stunned(chooser));
    let choice = match attack {
        Some(target) => {
            let weapon = weapons(b, chooser)
                .into_iter()
                .filter(|(_, w)| w.kind == WeaponKind::Melee)
                .map(|(i, w)| (attack_value(b, &setup.means, chooser, &w, &target), i))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .and_then(|(_, i)| i);
            TakedownChoice::Attack { weapon }
        }
        None => TakedownChoice::Advantage,
    };
    Command::Choose {
        id: chooser.clone(),
        choice,
    }
}

/// The weapons of `id` by index, or its unarmed strike (index none) when it
/// has no melee weapon.
fn weapons(b: &Battle, id: &CombatantId) -> Vec<(Option<usize>, FighterWeapon)> {
    let Some(c) = b.combatants.get(id) else {
        return Vec::new();
    };
    let mut all: Vec<(Option<usize>, FighterWeapon)> = c
        .fighter
        .weapons
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, w)| (Some(i), w))
        .collect();
    if !all.iter().any(|(_, w)| w.kind == WeaponKind::Melee) {
        all.push((None, c.fighter.unarmed()));
    }
    all
}

/// The standing enemies of `id` still in the fight.
fn foes(b: &Battle, id: &CombatantId) -> Vec<CombatantId> {
    b.combatants
        .keys()
        .filter(|o| b.enemies(id, o) && !b.is_down(o))
        .cloned()
        .collect()
}

/// `id`'s allies (itself included) still in the fight.
fn friends(b: &Battle, id: &CombatantId) -> Vec<CombatantId> {
    b.combatants
        .keys()
        .filter(|o| b.side(o).is_some() && b.side(o) == b.side(id))
        .cloned()
        .collect()
}

/// The next command of `me` on its turn, or none to end the turn.
pub fn next_command(b: &Battle, setup: &Setup, me: &CombatantId) -> Option<Command> {
    if b.is_down(me) || b.is_stunned(me) || b.side(me).is_none() {
        return None;
    }
    let acts = b.clock.budget.left >= 1 || b.free_grapple.as_ref() == Some(me);
    if let Some(g) = b.grapple_of(me) {
        if !acts {
            return None;
        }
        return Some(if g.holds(me) {
            Command::GrappleAttack {
                id: me.clone(),
                kind: GrappleAttack::Slam,
            }
        } else {
            Command::ChangePosition {
                id: me.clone(),
                kind: best_position(b, me),
            }
        });
    }
    if broken(b, me) {
        return Some(Command::Clock(ClockCommand::Leave { id: me.clone() }));
    }
    let fresh = b.clock.budget.left == b.clock.budget.total && b.clock.budget.left > 0;
    if let Some(row) = wanted_row(b, setup, me) {
        return Some(Command::ChangeRow {
            id: me.clone(),
            row,
        });
    }
    let now = if acts {
        best_action(b, setup, me)
    } else {
        None
    };
    if let Some((value, command)) = &now {
        // A melee fighter walks up first when a blow is worth more.
        if let Some(walk) = walk_to_strike(b, setup, me, *value) {
            return Some(walk);
        }
        return Some(command.clone());
    }
    if fresh && can_walk(b, me) && fallen_to_mend(b, me).is_none() {
        // Nothing in reach even after a move: twice the speed for the action.
        let left = b.combatants.get(me).map_or(0, |c| c.movement.left());
        if approach_steps(b, setup, me)
            .is_some_and(|steps| i64::try_from(steps).unwrap_or(i64::MAX) * SQUARE_FEET > left)
        {
            return Some(Command::DoubleMove { id: me.clone() });
        }
    }
    walk_toward(b, setup, me)
}

/// Whether `me` is broken: a quarter of its hit points or less and its
/// side outnumbered by the enemies still standing.
fn broken(b: &Battle, me: &CombatantId) -> bool {
    let Some(c) = b.combatants.get(me) else {
        return false;
    };
    let standing = friends(b, me).iter().filter(|f| !b.is_down(f)).count();
    4 * c.hp <= b.max_hp(me) && standing < foes(b, me).len()
}

/// The position change of `me`'s best attribute against its opponent's.
fn best_position(b: &Battle, me: &CombatantId) -> PositionChange {
    [
        (PositionChange::Push, Attribute::Str),
        (PositionChange::Scramble, Attribute::Dex),
        (PositionChange::Reversal, Attribute::Wis),
    ]
    .into_iter()
    .max_by_key(|(_, a)| grapple_modifier(b, me, *a))
    .map_or(PositionChange::Push, |(p, _)| p)
}

/// The best action `me` can take without moving, with its worth.
fn best_action(b: &Battle, setup: &Setup, me: &CombatantId) -> Option<(f64, Command)> {
    let c = b.combatants.get(me)?;
    let mut best: Option<(f64, Command)> = None;
    let mut offer = |value: f64, command: Command| {
        if value > 0.0 && best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, command));
        }
    };
    let foes = foes(b, me);
    for target in &foes {
        let hp = b.combatants.get(target).map_or(0, |t| t.hp) as f64;
        // A blow that may finish the target is worth more.
        let finishing = |v: f64, mean: f64| if mean >= hp { v * 1.5 } else { v };
        for (index, w) in weapons(b, me) {
            if b.reaches(me, target, w.kind, w.reach, w.reach_feet())
                .is_ok()
            {
                let v = attack_value(b, &setup.means, me, &w, target);
                offer(
                    finishing(v, setup.means.get(&w.damage)),
                    Command::Attack {
                        id: me.clone(),
                        target: target.clone(),
                        weapon: index,
                    },
                );
            }
        }
        for m in c
            .fighter
            .magic
            .iter()
            .filter(|m| m.damage.is_some() || m.stun > 0)
        {
            if !affords(b, me, m) || !in_range(b, me, target, m.range) {
                continue;
            }
            let mean = m.damage.as_deref().map_or(0.0, |d| setup.means.get(d));
            let v = through_resistance(b, me, m, target)
                * (mean + 3.0 * f64::from(m.stun))
                * (1.0 - interruption(b, me, m));
            offer(
                finishing(v, mean),
                Command::Cast {
                    id: me.clone(),
                    magic: m.id.clone(),
                    target: target.clone(),
                },
            );
        }
        let edge =
            grapple_modifier(b, me, Attribute::Str) - grapple_modifier(b, target, Attribute::Str);
        if edge >= STRONG_EDGE
            && b.grapple_of(target).is_none()
            && b.reaches(me, target, WeaponKind::Melee, false, 5).is_ok()
        {
            offer(
                opposed(edge) * slam_value(b, &setup.means, me),
                Command::Takedown {
                    id: me.clone(),
                    target: target.clone(),
                    kind: Takedown::Clinch,
                },
            );
        }
    }
    // Healing outranks everything for a fallen ally, and most things for a
    // badly hurt one.
    for ally in friends(b, me) {
        let Some(a) = b.combatants.get(&ally) else {
            continue;
        };
        let max = b.max_hp(&ally);
        let worth = if a.hp <= 0 {
            100.0
        } else if 3 * a.hp <= max {
            4.0
        } else {
            continue;
        };
        for m in c.fighter.magic.iter().filter(|m| m.heal.is_some()) {
            if affords(b, me, m) && (ally == *me || in_range(b, me, &ally, m.range)) {
                offer(
                    worth * (1.0 - interruption(b, me, m)),
                    Command::Cast {
                        id: me.clone(),
                        magic: m.id.clone(),
                        target: ally.clone(),
                    },
                );
            }
        }
    }
    best
}

/// Whether `me` has the energy or points for `m`.
fn affords(b: &Battle, me: &CombatantId, m: &crate::pack::Magic) -> bool {
    b.combatants.get(me).is_some_and(|c| match m.kind {
        crate::pack::MagicKind::Spell => c.energy >= m.cost,
        crate::pack::MagicKind::Power => c.power_points >= m.cost,
    })
}

/// Whether a spell of `range` feet (0: touch) reaches `target` from `me`,
/// as casting judges it (D20-CAST-01).
fn in_range(b: &Battle, me: &CombatantId, target: &CombatantId, range: i64) -> bool {
    match b.field {
        Field::Rows if range == 0 && !b.enemies(me, target) => true,
        Field::Rows if range == 0 => b.reaches(me, target, WeaponKind::Melee, false, 5).is_ok(),
        Field::Rows => true,
        Field::Map { .. } => b
            .reaches(me, target, WeaponKind::Ranged, false, range.max(5))
            .is_ok(),
    }
}

/// Whether `me` may still walk this turn.
fn can_walk(b: &Battle, me: &CombatantId) -> bool {
    b.combatants
        .get(me)
        .is_some_and(|c| c.movement.left() > 0 && c.movement.halted_by.is_empty())
        && b.grapple_of(me).is_none()
}

/// Map-less: the row `me` should move to before acting, if it should: the
/// front for one whose best melee blow is worth more than its best shot
/// or spell, the back otherwise, and only with its whole move unspent.
fn wanted_row(b: &Battle, setup: &Setup, me: &CombatantId) -> Option<Row> {
    let c = b.combatants.get(me)?;
    if b.field != Field::Rows || c.movement.used > 0 || !can_walk(b, me) {
        return None;
    }
    let foes = foes(b, me);
    let best = |kind: WeaponKind| {
        weapons(b, me)
            .iter()
            .filter(|(_, w)| w.kind == kind)
            .flat_map(|(_, w)| foes.iter().map(move |t| (w, t)))
            .map(|(w, t)| attack_value(b, &setup.means, me, w, t))
            .fold(0.0, f64::max)
    };
    let at_range = c
        .fighter
        .magic
        .iter()
        .any(|m| m.damage.is_some() && affords(b, me, m));
    let want = if best(WeaponKind::Melee) > best(WeaponKind::Ranged) && !at_range {
        Row::Front
    } else {
        Row::Back
    };
    (c.place != Place::Row(want)).then_some(want)
}

/// The squares from which `w` reaches `target`.
fn strikes_from(b: &Battle, target: &CombatantId, w: &FighterWeapon) -> impl Fn(Square) -> bool {
    let at = b.square(target);
    let reach = w.reach_feet();
    move |s| at.is_some_and(|t| distance_feet(s, t) <= reach)
}

/// The best melee blow `me` could strike after walking this turn, with the
/// walk, when it is worth more than `now`.
fn walk_to_strike(b: &Battle, setup: &Setup, me: &CombatantId, now: f64) -> Option<Command> {
    if !can_walk(b, me) || b.clock.budget.left == 0 {
        return None;
    }
    let feet = b.combatants.get(me)?.movement.left();
    let mut best: Option<(f64, Vec<Square>)> = None;
    for target in foes(b, me) {
        for (_, w) in weapons(b, me)
            .iter()
            .filter(|(_, w)| w.kind == WeaponKind::Melee)
        {
            let v = attack_value(b, &setup.means, me, w, &target);
            if v <= now || best.as_ref().is_some_and(|(bv, _)| v <= *bv) {
                continue;
            }
            let goal = strikes_from(b, &target, w);
            if let Some(way) = way(b, me, feet, &goal)
                && !way.now.is_empty()
                && way.now.len() == way.steps
            {
                best = Some((v, way.now));
            }
        }
    }
    best.map(|(_, to)| Command::Move { id: me.clone(), to })
}

/// Steps to the nearest square from which `me` reaches the enemy it walks
/// toward, if such a square can be reached (none off a map).
fn approach_steps(b: &Battle, setup: &Setup, me: &CombatantId) -> Option<usize> {
    let (target, w) = goal_of(b, setup, me)?;
    way(b, me, i64::MAX / 2, &strikes_from(b, &target, &w)).map(|w| w.steps)
}

/// The enemy and weapon `me` walks toward: its best-valued pair, nearest
/// first among equals.
fn goal_of(b: &Battle, setup: &Setup, me: &CombatantId) -> Option<(CombatantId, FighterWeapon)> {
    let from = b.square(me)?;
    let mut best: Option<(f64, CombatantId, FighterWeapon)> = None;
    for target in foes(b, me) {
        let feet = b
            .square(&target)
            .map_or(i64::MAX, |t| distance_feet(from, t));
        for (_, w) in weapons(b, me) {
            // Worth, discounted by the turns of walking it takes.
            let v = attack_value(b, &setup.means, me, &w, &target) / (1.0 + feet as f64 / 30.0);
            if best.as_ref().is_none_or(|(bv, _, _)| v > *bv) {
                best = Some((v, target.clone(), w));
            }
        }
    }
    best.map(|(_, t, w)| (t, w))
}

/// A walk toward the best target (or a fallen ally a healer can mend), on
/// a map, as far as this turn's movement goes.
fn walk_toward(b: &Battle, setup: &Setup, me: &CombatantId) -> Option<Command> {
    if !can_walk(b, me) || b.field == Field::Rows {
        return None;
    }
    let feet = b.combatants.get(me)?.movement.left();
    let way = match fallen_to_mend(b, me) {
        Some(ally) => {
            let at = b.square(&ally)?;
            way(b, me, feet, &|s| distance_feet(s, at) <= 5)?
        }
        None => {
            let (target, w) = goal_of(b, setup, me)?;
            way(b, me, feet, &strikes_from(b, &target, &w))?
        }
    };
    (!way.now.is_empty()).then(|| Command::Move {
        id: me.clone(),
        to: way.now,
    })
}

/// A fallen ally `me` could mend with magic it can afford, if any.
fn fallen_to_mend(b: &Battle, me: &CombatantId) -> Option<CombatantId> {
    let c = b.combatants.get(me)?;
    let heals = c
        .fighter
        .magic
        .iter()
        .any(|m| m.heal.is_some() && affords(b, me, m));
    if !heals || b.clock.budget.left == 0 {
        return None;
    }
    friends(b, me)
        .into_iter()
        .find(|a| a != me && b.combatants.get(a).is_some_and(|x| x.hp <= 0))
}
