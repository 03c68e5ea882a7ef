//! The policies on a battle map (issue 24): where a simulated combatant
//! goes when its fight has a map and it stands on it. What it sees and the
//! cover it has come from the engine's own sight and cover between
//! positions ([`Layout::line_of_fire`], [`crate::encounter::Battle::cover_against`]);
//! these only choose a point, and the engine walks the way there
//! (`move_to`) or refuses it.
//!
//! - A *cover spot* is a point half a metre off a wall that gives cover (partial
//!   or full), every metre along it on both sides, clear of the walls.
//!   It *serves* a combatant when it sees an able enemy within reach of
//!   one of its weapons from there, and every able enemy that sees it
//!   there finds it behind cover.
//! - Out of sight of every enemy: toward the nearest serving spot (as the
//!   crow flies), else toward the nearest enemy, one move (2 actions) at a
//!   time.
//! - Seen in the open by an enemy, with 3 actions or more left: into the
//!   nearest serving spot one move reaches, keeping an action to shoot.
//! - Behind cover against everyone who sees it: crouch (free) and shoot.
//! - Fleeing: as far from the enemies as one move takes it, ending
//!   farther from each (CX-COND-04).
//! - A downed ally: to a free point next to it, keeping an action to
//!   begin stabilizing (CX-DEATH-05).
//!
//! Every point is checked as the engine will judge it (on the map, free of
//! others, the way around the walls within the actions at the stance's
//! rate), so the engine accepts the move.

use nanite_core::CombatantId;

use super::{Choice, Me, everyone};
use crate::combat::{Cover, Stance};
use crate::encounter::scene::{DM, Layout, Point, Route, Scene, isqrt, metres_between};
use crate::encounter::{Command, CxEffect};
use crate::pack::Attack;
use crate::sim::fight::Run;

/// Decimetres a cover spot stands off its wall: half a metre, up against
/// it, so that its own wall is crossed within its metre when it shoots
/// back (and so gives its target no cover, `OWN_COVER_DM`).
const OFF_WALL_DM: i64 = DM / 2;
/// A spot closer than this to a wall that blocks steps is on a wall (or
/// inside an obstacle): left out.
const CLEAR_DM: i64 = 4;
/// Ways asked for at most per choice: the nearest candidates first.
const TRIES: usize = 6;

/// The cover spots of `layout` (see the module's docs), sorted, each once.
pub(crate) fn cover_spots(layout: &Layout) -> Vec<Point> {
    let mut spots = Vec::new();
    for w in layout.walls.iter().filter(|w| w.cover() != Cover::None) {
        let (dx, dy) = (w.b.x - w.a.x, w.b.y - w.a.y);
        let len = isqrt(dx * dx + dy * dy);
        if len == 0 {
            continue;
        }
        // 1 m across the wall, both ways.
        let (nx, ny) = (
            div_round(-dy * OFF_WALL_DM, len),
            div_round(dx * OFF_WALL_DM, len),
        );
        let n = ((len + DM - 1) / DM).max(1);
        for k in 0..=n {
            let base = Point::new(w.a.x + div_round(dx * k, n), w.a.y + div_round(dy * k, n));
            for s in [1, -1] {
                let p = Point::new(base.x + s * nx, base.y + s * ny);
                if layout.contains(p) && clear_of_walls(layout, p) {
                    spots.push(p);
                }
            }
        }
    }
    spots.sort();
    spots.dedup();
    spots
}

/// `n / d` rounded to the nearest (a half away from zero), `d > 0`.
fn div_round(n: i64, d: i64) -> i64 {
    if n >= 0 {
        (2 * n + d) / (2 * d)
    } else {
        -((-2 * n + d) / (2 * d))
    }
}

/// Whether `p` stands at least [`CLEAR_DM`] from every wall that blocks
/// steps.
fn clear_of_walls(layout: &Layout, p: Point) -> bool {
    layout
        .walls
        .iter()
        .filter(|w| w.blocks_steps())
        .all(|w| to_segment2(p, w.a, w.b) >= CLEAR_DM * CLEAR_DM)
}

/// Squared decimetres from `p` to the segment `a`-`b` (rounded down).
fn to_segment2(p: Point, a: Point, b: Point) -> i64 {
    let (abx, aby) = (b.x - a.x, b.y - a.y);
    let (apx, apy) = (p.x - a.x, p.y - a.y);
    let len2 = abx * abx + aby * aby;
    let dot = apx * abx + apy * aby;
    if len2 == 0 || dot <= 0 {
        return p.distance2(a);
    }
    if dot >= len2 {
        return p.distance2(b);
    }
    // |ap x ab|^2 / |ab|^2.
    let cross = i128::from(apx) * i128::from(aby) - i128::from(apy) * i128::from(abx);
    i64::try_from(cross * cross / i128::from(len2)).unwrap_or(i64::MAX)
}

/// The map and where `me` stands on it: none without a map, or off it.
pub(super) fn ground<'r>(run: &'r Run<'_>, me: &Me<'_>) -> Option<(&'r Scene, Point)> {
    let scene = run.battle.scene.as_deref()?;
    Some((scene, scene.at(me.id)?))
}

/// Metres per 2 actions as a move to a point reads them: the stance's
/// rate (CX-MOVE-01, -04, -05), slowed by injuries (CX-HEAL-05); none
/// when it cannot walk (hunkered, too badly injured).
fn walk_rate(run: &Run<'_>, me: &Me<'_>) -> Option<i64> {
    let m = &me.c.fighter.movement;
    let rate = match me.c.stance {
        Stance::Standing => m.per_2_actions,
        Stance::Crouched => m.crouched,
        Stance::Prone => m.prone,
        Stance::Hunkered => return None,
    };
    let rate = run
        .battle
        .clock
        .effects
        .iter()
        .fold(rate, |r, e| match e.payload {
            CxEffect::Injured { injury } if &e.bearer == me.id => injury.slows(r),
            _ => r,
        });
    (rate >= 1).then_some(rate)
}

/// The decimetres of way `actions` pay for at `rate`, as the engine
/// allows them (whole metres, and what rounds down to them).
fn limit_dm(rate: i64, actions: u32) -> i64 {
    rate * i64::from(actions) / 2 * DM + 4
}

/// Whether no other living combatant stands within half a metre of `p`
/// (each occupies its metre, CX-MOVE-08).
fn free(run: &Run<'_>, scene: &Scene, me: &CombatantId, p: Point) -> bool {
    scene.positions.iter().all(|(other, q)| {
        other == me
            || metres_between(*q, p) > 0
            || run
                .battle
                .combatants
                .get(other)
                .is_none_or(|c| c.fighter.dead)
    })
}

/// A move to `to` when the engine will take it: on the map, free, and
/// the way around the walls paid by `actions` at `rate`.
fn move_within(
    run: &Run<'_>,
    me: &Me<'_>,
    (scene, from): (&Scene, Point),
    to: Point,
    actions: u32,
    rate: i64,
) -> Option<Choice> {
    let layout = &scene.layout;
    if to == from || !layout.contains(to) || !free(run, scene, me.id, to) {
        return None;
    }
    layout.route(from, to, limit_dm(rate, actions))?;
    Some(
        Command::MoveTo {
            id: me.id.clone(),
            to,
            sprint: false,
        }
        .into(),
    )
}

/// The point `dm` decimetres along `route` (its end when it is shorter).
fn along(route: &Route, dm: i64) -> Point {
    let mut left = dm;
    for pair in route.corners.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let leg = isqrt(a.distance2(b));
        if left <= leg && leg > 0 {
            return Point::new(
                a.x + (b.x - a.x) * left / leg,
                a.y + (b.y - a.y) * left / leg,
            );
        }
        left -= leg;
    }
    route.corners.last().copied().unwrap_or_default()
}

/// A move along the way to `goal`, stopping `short` decimetres before it,
/// or at the first point of the way (every half metre) where `enough`
/// holds, as far as `actions` take it: the farthest such point (tried from
/// there back toward the start) that the engine will take.
fn toward(
    run: &Run<'_>,
    me: &Me<'_>,
    here: (&Scene, Point),
    (goal, short): (Point, i64),
    enough: &dyn Fn(Point) -> bool,
    actions: u32,
) -> Option<Choice> {
    let (scene, from) = here;
    let rate = walk_rate(run, me)?;
    let layout = &scene.layout;
    let way = layout.route(from, goal, 4 * (layout.width + layout.height))?;
    let reach = rate * i64::from(actions) / 2 * DM;
    let mut dm = (way.length_dm - short).min(reach);
    if let Some(first) = (1..=dm / (DM / 2))
        .map(|k| k * (DM / 2))
        .find(|d| enough(along(&way, *d)))
    {
        // A step or two past the first such point, should someone stand
        // on it.
        for d in [first, first + DM / 2, first + DM]
            .into_iter()
            .filter(|d| *d <= dm)
        {
            if let Some(choice) = move_within(run, me, here, along(&way, d), actions, rate) {
                return Some(choice);
            }
        }
        dm = first;
    }
    for _ in 0..TRIES {
        if dm < DM / 2 {
            return None;
        }
        if let Some(choice) = move_within(run, me, here, along(&way, dm), actions, rate) {
            return Some(choice);
        }
        // Difficult ground on the way, or someone standing there: shorter.
        dm -= (dm / 4).max(DM / 2);
    }
    None
}

/// The able enemies of `me` on the map, with where they stand.
fn foes_placed<'r>(
    run: &'r Run<'_>,
    me: &'r Me<'_>,
    scene: &'r Scene,
) -> impl Iterator<Item = Point> + 'r {
    everyone(run)
        .filter(move |(_, _, side, able)| *side != me.side && *able)
        .filter_map(move |(_, id, ..)| scene.at(id))
}

/// Whether a weapon of `me` can shoot `metres` away (a bracket of a usable
/// ranged weapon with rounds to fire).
fn in_reach(me: &Me<'_>, metres: i64) -> bool {
    me.c.fighter.weapons.iter().any(|w| {
        w.attack == Attack::Ranged
            && !w.broken
            && !(w.magazine > 0 && w.loaded == 0 && w.spare_magazines == 0)
            && w.bracket(metres).is_some()
    })
}

/// How a point serves `me`.
#[derive(Clone, Copy, Debug, Default)]
struct Standing {
    /// It sees an able enemy.
    sees: bool,
    /// It sees one within reach of its weapons.
    useful: bool,
    /// Every able enemy that sees it finds it behind cover (at least
    /// `own`, the cover it keeps where it stands).
    safe: bool,
}

/// How `p` serves `me`, with `own` cover there besides the walls'.
fn judge(run: &Run<'_>, me: &Me<'_>, scene: &Scene, p: Point, own: Cover) -> Standing {
    let mut s = Standing {
        safe: true,
        ..Standing::default()
    };
    for q in foes_placed(run, me, scene) {
        // Sight is the same both ways; the cover is the target's at `p`.
        let Some((walls, _)) = scene.layout.line_of_fire(q, p) else {
            continue;
        };
        s.sees = true;
        s.useful |= in_reach(me, metres_between(p, q));
        if walls == Cover::None && own == Cover::None {
            s.safe = false;
        }
    }
    s
}

/// How `me` stands where it is, on the map.
fn here(run: &Run<'_>, me: &Me<'_>) -> Option<Standing> {
    let (scene, at) = ground(run, me)?;
    Some(judge(run, me, scene, at, me.c.cover))
}

/// The cover spots that serve `me`, nearest first (as the crow flies),
/// within `within` decimetres.
fn serving_spots(run: &Run<'_>, me: &Me<'_>, scene: &Scene, at: Point, within: i64) -> Vec<Point> {
    let mut spots: Vec<(i64, Point)> = run
        .setup
        .spots
        .iter()
        .filter(|p| **p != at && p.distance2(at) <= within * within)
        .filter(|p| {
            let s = judge(run, me, scene, **p, Cover::None);
            s.useful && s.safe
        })
        .map(|p| (p.distance2(at), *p))
        .collect();
    spots.sort();
    spots.into_iter().map(|(_, p)| p).collect()
}

/// Where `me` goes on the map before it shoots, if anywhere: toward a
/// serving spot or the nearest enemy when it sees none, into a serving
/// spot when it stands in the open, or it crouches behind its cover.
pub(super) fn position(run: &Run<'_>, me: &Me<'_>, left: u32) -> Option<Choice> {
    let (scene, at) = ground(run, me)?;
    let now = judge(run, me, scene, at, me.c.cover);
    let rate = walk_rate(run, me);
    if !now.sees && left >= 1 {
        let actions = left.min(2);
        let far = 2 * (scene.layout.width + scene.layout.height);
        for spot in serving_spots(run, me, scene, at, far)
            .into_iter()
            .take(TRIES)
        {
            if let Some(choice) = toward(run, me, (scene, at), (spot, 0), &|_| false, actions) {
                return Some(choice);
            }
        }
        return close_in(run, me, actions);
    }
    if now.sees && !now.safe && left >= 3 {
        if let Some(rate) = rate {
            let reach = rate * DM + 4;
            for spot in serving_spots(run, me, scene, at, reach)
                .into_iter()
                .take(TRIES)
            {
                if let Some(choice) = move_within(run, me, (scene, at), spot, 2, rate) {
                    return Some(choice);
                }
            }
        }
    }
    (now.sees && now.safe && me.c.stance == Stance::Standing).then(|| {
        Command::Stance {
            id: me.id.clone(),
            to: Stance::Crouched,
        }
        .into()
    })
}

/// Whether `me` stands behind cover against every enemy that sees it
/// (true off the map: the map-less policy decides there).
pub(super) fn settled(run: &Run<'_>, me: &Me<'_>) -> bool {
    here(run, me).is_none_or(|s| s.safe)
}

/// Toward the nearest able enemy (as the crow flies) along the way around
/// the walls, stopping 1 m short, or where it first comes into sight when
/// it is out of sight, with up to `actions`.
pub(super) fn close_in(run: &Run<'_>, me: &Me<'_>, actions: u32) -> Option<Choice> {
    let (scene, at) = ground(run, me)?;
    let nearest = foes_placed(run, me, scene).min_by_key(|q| (q.distance2(at), *q))?;
    let layout = &scene.layout;
    let hidden = !layout.sees(at, nearest);
    let in_sight = |p: Point| hidden && layout.sees(p, nearest);
    toward(run, me, (scene, at), (nearest, DM), &in_sight, actions)
}

/// Toward `target` along the way around the walls, with 2 actions,
/// stopping `short` metres from it.
pub(super) fn approach(
    run: &Run<'_>,
    me: &Me<'_>,
    target: &CombatantId,
    short: i64,
) -> Option<Choice> {
    let (scene, at) = ground(run, me)?;
    let goal = scene.at(target)?;
    toward(
        run,
        me,
        (scene, at),
        (goal, short.max(1) * DM),
        &|_| false,
        2,
    )
}

/// Compass directions, 16 of them, as decimetre steps about 1 m long.
const DIRECTIONS: [(i64, i64); 16] = [
    (10, 0),
    (9, 4),
    (7, 7),
    (4, 9),
    (0, 10),
    (-4, 9),
    (-7, 7),
    (-9, 4),
    (-10, 0),
    (-9, -4),
    (-7, -7),
    (-4, -9),
    (0, -10),
    (4, -9),
    (7, -7),
    (9, -4),
];

/// Running on the map: to the point one move (2 actions) reaches that
/// ends farther from every living enemy (as fleeing must, CX-COND-04) and
/// farthest from the nearest of them.
pub(super) fn flee(run: &Run<'_>, me: &Me<'_>) -> Option<Choice> {
    let (scene, at) = ground(run, me)?;
    let rate = walk_rate(run, me)?;
    let enemies: Vec<Point> = everyone(run)
        .filter(|(_, id, side, _)| {
            *side != me.side
                && run
                    .battle
                    .combatants
                    .get(id)
                    .is_some_and(|c| !c.fighter.dead)
        })
        .filter_map(|(_, id, ..)| scene.at(id))
        .collect();
    let mut candidates: Vec<(i64, Point)> = Vec::new();
    for (dx, dy) in DIRECTIONS {
        for m in [rate, rate * 3 / 4, rate / 2] {
            let p = Point::new(at.x + dx * m, at.y + dy * m);
            let away = enemies.iter().all(|q| q.distance2(p) > q.distance2(at));
            if m < 1 || !away || !scene.layout.contains(p) {
                continue;
            }
            let nearest = enemies.iter().map(|q| q.distance2(p)).min().unwrap_or(0);
            candidates.push((-nearest, p));
        }
    }
    candidates.sort();
    candidates
        .into_iter()
        .take(3 * TRIES)
        .find_map(|(_, p)| move_within(run, me, (scene, at), p, 2, rate))
}

/// Next to a downed ally at `patient`: the free point 1 m from it nearest
/// to `me`, reached with fewer actions than are left.
pub(super) fn to_patient(
    run: &Run<'_>,
    me: &Me<'_>,
    patient: &CombatantId,
    left: u32,
) -> Option<Choice> {
    let (scene, at) = ground(run, me)?;
    let rate = walk_rate(run, me)?;
    let q = scene.at(patient)?;
    let mut beside: Vec<(i64, Point)> = DIRECTIONS
        .iter()
        .step_by(2)
        .map(|(dx, dy)| Point::new(q.x + dx, q.y + dy))
        .map(|p| (p.distance2(at), p))
        .collect();
    beside.sort();
    beside
        .into_iter()
        .find_map(|(_, p)| move_within(run, me, (scene, at), p, left.saturating_sub(1), rate))
}
