//! The rules a battle map decides (issue 24): laying it down, placing
//! combatants, moving to a point along the shortest way around the walls
//! within the stance's budget (CX-MOVE-01, CX-MOVE-02), leaving melee on
//! the map (CX-MELEE-02), doors, flanking from positions (CX-RNG-11), and
//! the notes a shot's breakdown carries of the map and of a GM's override.

use nanite_core::{Breakdown, CombatantId, DiceSource};

use super::gm::{able, spend};
use super::scene::{Point, metres_between, show_dm};
use super::{Decision, Event, Layout, Refusal};
use crate::combat::{ConditionKind, Cover, Stance};

fn illegal(why: String) -> Refusal {
    Refusal::Illegal { why }
}

/// The GM lays the map down, or replaces its ground and walls: everyone
/// placed must still stand on it.
pub(crate) fn lay(d: &mut Decision<'_>, layout: &Layout) -> Result<(), Refusal> {
    layout
        .check()
        .map_err(|e| illegal(format!("{e} (the map is unchanged)")))?;
    if let Some(scene) = d.state.scene.as_ref() {
        let off: Vec<String> = scene
            .positions
            .iter()
            .filter(|(_, p)| !layout.contains(**p))
            .map(|(id, p)| format!("{id} at {p}"))
            .collect();
        if !off.is_empty() {
            return Err(illegal(format!(
                "the new map leaves {} off it; place them on it first",
                off.join(", ")
            )));
        }
    }
    d.push(Event::Mapped {
        layout: Box::new(layout.clone()),
    });
    Ok(())
}

/// The GM adds `wall` to the map: the map with it must pass the checks a
/// whole map passes ([`Layout::check`]).
pub(crate) fn add_wall(d: &mut Decision<'_>, wall: &super::Wall) -> Result<(), Refusal> {
    let mut layout = layout_of(d)?.clone();
    layout.walls.push(wall.clone());
    layout
        .check()
        .map_err(|e| illegal(format!("{e} (the map is unchanged)")))?;
    d.push(Event::WallAdded { wall: wall.clone() });
    Ok(())
}

/// The GM takes the wall at `index` off the map.
pub(crate) fn remove_wall(d: &mut Decision<'_>, index: usize) -> Result<(), Refusal> {
    let layout = layout_of(d)?;
    let wall = layout.walls.get(index).cloned().ok_or_else(|| {
        illegal(match layout.walls.len() {
            0 => format!("the map has no walls, so no wall {index} to take off"),
            n => format!(
                "the map has no wall {index}: its walls are numbered 0 to {} (the map is unchanged)",
                n - 1
            ),
        })
    })?;
    d.push(Event::WallRemoved { index, wall });
    Ok(())
}

/// Whether `at` is free for `id`: no other living combatant within half a
/// metre (each occupies its metre, CX-MOVE-08).
fn free_for(d: &Decision<'_>, id: &CombatantId, at: Point) -> Result<(), Refusal> {
    let Some(scene) = d.state.scene.as_ref() else {
        return Ok(());
    };
    for (other, p) in &scene.positions {
        let alive = d
            .state
            .combatants
            .get(other)
            .is_some_and(|c| !c.fighter.dead);
        if other != id && alive && metres_between(*p, at) == 0 {
            return Err(illegal(format!(
                "{other} stands at {p}: a combatant occupies its metre (CX-MOVE-08); choose a point at least 0.5 m away"
            )));
        }
    }
    Ok(())
}

/// The map, or the refusal of a map command in a fight without one.
fn layout_of<'a>(d: &'a Decision<'_>) -> Result<&'a Layout, Refusal> {
    d.state
        .scene
        .as_ref()
        .map(|s| &s.layout)
        .ok_or_else(|| illegal("this fight has no map: the GM lays one down first ([map] in the encounter file, or the map command)".into()))
}

/// Refuses a point off the map.
fn on_map(layout: &Layout, at: Point) -> Result<(), Refusal> {
    if layout.contains(at) {
        Ok(())
    } else {
        Err(illegal(format!(
            "{at} is off the map (0,0 to {},{} m)",
            show_dm(layout.width),
            show_dm(layout.height)
        )))
    }
}

pub(crate) fn place(d: &mut Decision<'_>, id: &CombatantId, at: Point) -> Result<(), Refusal> {
    let layout = layout_of(d)?;
    d.state.combatant(id)?;
    on_map(layout, at)?;
    free_for(d, id, at)?;
    d.push(Event::Placed { id: id.clone(), at });
    Ok(())
}

/// Metres per 2 actions in `stance` (CX-MOVE-01, -04, -05), as a move by
/// metres reads them.
fn rate(m: &crate::sheet::Movement, stance: Stance, sprint: bool) -> Result<i64, String> {
    match (stance, sprint) {
        (Stance::Hunkered, _) => Err("hunkered: stop hunkering first (free, CX-MOVE-06)".into()),
        (Stance::Crouched | Stance::Prone, true) => {
            Err("no sprinting while crouched or prone (CX-MOVE-04)".into())
        }
        (Stance::Standing, true) => Ok(m.sprint),
        (Stance::Standing, false) => Ok(m.per_2_actions),
        (Stance::Crouched, false) => Ok(m.crouched),
        (Stance::Prone, false) => Ok(m.prone),
    }
}

/// Moves `id` to `to` along the shortest way around the walls.
pub(crate) fn move_to(
    d: &mut Decision<'_>,
    id: &CombatantId,
    to: Point,
    sprint: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let layout = layout_of(d)?.clone();
    let from = d.state.position(id).ok_or_else(|| {
        illegal(format!(
            "{id} is not on the map; the GM places it first (place {id} at 3,4)"
        ))
    })?;
    let c = able(d, id)?;
    let (rated, stance, sprint_limit, streak) = (
        rate(&c.fighter.movement, c.stance, sprint),
        c.stance,
        c.fighter.movement.sprint_actions.max(0),
        c.sprint_streak,
    );
    let cannot = |why: &str| Refusal::CannotAct {
        id: id.clone(),
        why: why.into(),
    };
    if d.state.has_condition(id, ConditionKind::PinnedDown) {
        return Err(cannot("pinned down: unable to move (CX-COND-06)"));
    }
    if d.state.is_restrained(id) || d.state.grapple_of(id).is_some() {
        return Err(cannot(
            "in a grapple: win control and let go first (CX-MELEE-03)",
        ));
    }
    if d.state.has_condition(id, ConditionKind::GreaterFear) {
        return Err(cannot(
            "greater-fear: it can only roll a DC 75 Will save, not even flee (CX-COND-04)",
        ));
    }
    on_map(&layout, to)?;
    if to == from {
        return Err(illegal(format!("{id} already stands at {to}")));
    }
    if d.state.has_condition(id, ConditionKind::Fear) && !fleeing(d, id, from, to) {
        return Err(cannot(
            "fear: it can only flee (end the move farther from every enemy) or save (CX-COND-04)",
        ));
    }
    free_for(d, id, to)?;
    let per_2 = rated.map_err(|why| Refusal::CannotAct {
        id: id.clone(),
        why,
    })?;
    let per_2 = super::heal::injured_rate(d, id, per_2);
    if per_2 < 1 {
        return Err(cannot(
            "too badly injured to move (broken everything, CX-HEAL-05)",
        ));
    }
    // The actions it may spend: the turn's left, or its triggered held
    // ones; a sprint at most FORT actions in a row (CX-MOVE-02).
    d.state.clock.can_spend(id, 1, "move")?;
    let left = if d.state.clock.active.as_ref() == Some(id) {
        d.state.clock.budget.left
    } else {
        d.state.clock.held.get(id).map_or(0, |h| h.actions)
    };
    let allowed = if sprint {
        left.min(
            u32::try_from(sprint_limit)
                .unwrap_or(0)
                .saturating_sub(streak),
        )
    } else {
        left
    };
    let reach_m = per_2 * i64::from(allowed) / 2;
    // A way of up to reach_m + 0.4 m rounds to reach_m.
    let Some(route) = layout.route(from, to, reach_m * 10 + 4) else {
        let whole = layout.width + layout.height;
        let why = match layout.route(from, to, 2 * whole) {
            None => format!("no way around the walls leads from {from} to {to}"),
            Some(r) => format!(
                "the way around the walls from {from} to {to} is {} m{}; {} {} m per 2 actions{}, and {allowed} action(s) allow {reach_m} m (CX-MOVE-01{})",
                r.metres(),
                rough_note(&r),
                if sprint {
                    "sprinting, it moves"
                } else {
                    match stance {
                        Stance::Crouched => "crouched, it moves",
                        Stance::Prone => "prone, it moves",
                        _ => "it moves",
                    }
                },
                per_2,
                if sprint {
                    format!(", at most {sprint_limit} sprint actions in a row ({streak} already)")
                } else {
                    String::new()
                },
                if sprint { ", CX-MOVE-02" } else { "" },
            ),
        };
        return Err(illegal(why));
    };
    let metres = route.metres();
    let actions = super::move_actions(metres, per_2);
    let actions = u32::try_from(actions).unwrap_or(u32::MAX);
    let kind = if sprint { super::SPRINT } else { "move" };
    let what: std::borrow::Cow<'static, str> = if d.explain {
        format!("{kind} to {to} ({metres} m{})", rough_note(&route)).into()
    } else {
        kind.into()
    };
    spend(d, id, actions, what)?;
    // Leaving melee: each engaged enemy it no longer stands next to gets a
    // penalty attack, and the engagement ends (CX-MELEE-02).
    for enemy in d.state.engaged_with(id) {
        let still = d
            .state
            .position(&enemy)
            .is_some_and(|p| metres_between(p, to) <= 1);
        if still {
            continue;
        }
        super::melee::leave_melee(d, id, &enemy, dice)?;
    }
    let c = d.state.combatant(id)?;
    if c.fighter.is_downed() || c.fighter.dead {
        return Ok(());
    }
    // The cover the GM gave it stays where it stood: the map's walls give
    // cover where it arrives.
    let cover = (c.cover != Cover::None).then_some(Cover::None);
    d.push(Event::Moved {
        id: id.clone(),
        metres,
        sprint,
        actions,
        cover,
    });
    d.push(Event::Walked {
        id: id.clone(),
        path: route.corners,
    });
    super::suppression::moved_on_map(d, id, to, dice)
}

/// What a way's difficult ground adds to its cost, for messages: nothing
/// on firm ground.
fn rough_note(r: &super::scene::Route) -> String {
    if r.difficult_dm == 0 {
        String::new()
    } else {
        format!(
            ": {} m long, {} m of it in difficult ground, paid twice",
            show_dm(r.length_dm),
            show_dm(r.difficult_dm)
        )
    }
}

/// Whether a move from `from` to `to` takes `id` farther from every
/// living enemy on the map (fleeing, CX-COND-04).
fn fleeing(d: &Decision<'_>, id: &CombatantId, from: Point, to: Point) -> bool {
    let Some(scene) = d.state.scene.as_ref() else {
        return false;
    };
    let side = d.state.clock.seat(id).map(|s| s.side.clone()).ok();
    scene.positions.iter().all(|(other, p)| {
        let enemy = d
            .state
            .clock
            .seat(other)
            .is_ok_and(|s| Some(&s.side) != side.as_ref());
        let alive = d
            .state
            .combatants
            .get(other)
            .is_some_and(|c| !c.fighter.dead);
        other == id || !enemy || !alive || p.distance2(to) > p.distance2(from)
    })
}

/// Opens or closes a door.
pub(crate) fn door(
    d: &mut Decision<'_>,
    id: Option<&CombatantId>,
    name: &str,
    open: bool,
) -> Result<(), Refusal> {
    let layout = layout_of(d)?;
    let index = layout.door(name).ok_or_else(|| {
        let doors = layout.door_names();
        illegal(format!(
            "the map has no door called '{name}'; its doors: {}",
            if doors.is_empty() {
                "none".to_string()
            } else {
                doors.join(", ")
            }
        ))
    })?;
    let wall = layout.walls[index].clone();
    if wall.open == open {
        return Err(illegal(format!(
            "the {name} is already {}",
            if open { "open" } else { "closed" }
        )));
    }
    if let Some(id) = id {
        able(d, id)?;
        let at = d
            .state
            .position(id)
            .ok_or_else(|| illegal(format!("{id} is not on the map; the GM places it first")))?;
        let metres = to_segment_metres(at, wall.a, wall.b);
        if metres > 1 {
            return Err(illegal(format!(
                "{id} is {metres} m from the {name}; it must be within 1 m to reach it (CX-MOVE-08)"
            )));
        }
        spend(
            d,
            id,
            1,
            format!("{} the {name}", if open { "open" } else { "close" }),
        )?;
    }
    d.push(Event::DoorSet {
        door: index,
        open,
        by: id.cloned(),
    });
    Ok(())
}

/// Whole metres (rounded to the nearest) from `p` to the nearest point of
/// the segment `a`-`b`.
pub(crate) fn to_segment_metres(p: Point, a: Point, b: Point) -> i64 {
    let (abx, aby) = (b.x - a.x, b.y - a.y);
    let (apx, apy) = (p.x - a.x, p.y - a.y);
    let len2 = abx * abx + aby * aby;
    let dot = apx * abx + apy * aby;
    let nearest = if len2 == 0 || dot <= 0 {
        a
    } else if dot >= len2 {
        b
    } else {
        // The foot of the perpendicular, to the nearest decimetre.
        let div = |n: i64| (2 * n + len2).div_euclid(2 * len2);
        Point::new(a.x + div(dot * abx), a.y + div(dot * aby))
    };
    metres_between(p, nearest)
}

/// Whether `attacker` flanks `target` on the map (CX-RNG-11): another
/// able combatant of the attacker's side stands next to the target (within
/// 1 m) on its far side, the angle attacker-target-ally 135 degrees or more
/// (a decision: combatants have no facing, and "behind" is the side away
/// from the foe it faces). `None` when either is not on the map.
pub(crate) fn flanking_ally(
    d: &Decision<'_>,
    attacker: &CombatantId,
    target: &CombatantId,
) -> Option<Option<CombatantId>> {
    let scene = d.state.scene.as_ref()?;
    let (a, t) = (scene.at(attacker)?, scene.at(target)?);
    let side = d.state.clock.seat(attacker).ok()?.side.clone();
    let ally = scene.positions.iter().find(|(other, p)| {
        if *other == attacker || *other == target {
            return false;
        }
        let same_side = d.state.clock.seat(other).is_ok_and(|s| s.side == side);
        let up = d
            .state
            .combatants
            .get(other)
            .is_some_and(|c| !c.fighter.dead && !c.fighter.is_downed());
        same_side && up && metres_between(**p, t) <= 1 && opposite(a, t, **p)
    });
    Some(ally.map(|(id, _)| id.clone()))
}

/// Whether the angle `a`-`t`-`b` is 135 degrees or more: cos <= -1/sqrt 2.
fn opposite(a: Point, t: Point, b: Point) -> bool {
    let (ux, uy) = (i128::from(a.x - t.x), i128::from(a.y - t.y));
    let (vx, vy) = (i128::from(b.x - t.x), i128::from(b.y - t.y));
    let dot = ux * vx + uy * vy;
    dot < 0 && 2 * dot * dot >= (ux * ux + uy * uy) * (vx * vx + vy * vy)
}

/// What a shot's (or a throw's) breakdown says of the map: the distance
/// measured and the cover the walls give, or the GM's override of either
/// for this shot. Nothing without a map.
pub(crate) fn note_map(
    d: &Decision<'_>,
    b: &mut Breakdown,
    shooter: &CombatantId,
    target: &CombatantId,
    distance: i64,
    cover: (Cover, bool),
) {
    let Some(scene) = d.state.scene.as_ref() else {
        return;
    };
    if let Some(measured) = scene.metres(shooter, target) {
        if measured == distance {
            b.note(format!("distance {distance} m, measured on the map"));
        } else {
            b.note(format!(
                "distance {distance} m: the GM's override (the map measures {measured} m)"
            ));
        }
    }
    if let Some((walls, wall)) = d.state.map_cover(shooter, target) {
        let (used, overridden) = cover;
        if overridden {
            b.note(format!(
                "{}: the GM's override for this shot (the map gives {})",
                used.words(),
                walls.words()
            ));
        } else if let Some(wall) = wall {
            b.note(format!("{} from the map: {wall}", walls.words()));
        } else {
            b.note("no cover from the walls on the map");
        }
    }
}

/// On a map, the path of `target` pushed `metres` straight away from
/// `attacker` (CX-MELEE-04): as far as the walls and the map's edge let it
/// go, in whole metres. `None` without a map or positions.
pub(crate) fn pushed(
    d: &Decision<'_>,
    attacker: &CombatantId,
    target: &CombatantId,
    metres: i64,
) -> Option<Vec<Point>> {
    let scene = d.state.scene.as_ref()?;
    let (a, t) = (scene.at(attacker)?, scene.at(target)?);
    let (dx, dy) = (t.x - a.x, t.y - a.y);
    let len = super::scene::isqrt(dx * dx + dy * dy).max(1);
    (0..=metres).rev().find_map(|m| {
        let to = Point::new(t.x + dx * m * 10 / len, t.y + dy * m * 10 / len);
        let ok = m == 0 || (scene.layout.contains(to) && scene.layout.clear_step(t, to));
        ok.then(|| if m == 0 { vec![t] } else { vec![t, to] })
    })
}
