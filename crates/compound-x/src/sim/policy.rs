//! What a simulated combatant does next on its turn, in order of priority:
//! save against fear or a pin (and flee when afraid), flee when its side is
//! broken, stabilize a downed ally, take cover once and crouch behind it,
//! clear a jam, reload an empty weapon, suppress with its last action when
//! outnumbered, aim, and shoot the target it expects to hurt most.
//!
//! A policy only proposes a command the rules allow as far as it can tell
//! (actions left, ammunition, range, fear); the engine judges it.
//!
//! On a battle map (`on_map`), where it stands decides: it shoots only
//! enemies it sees, weighs each shot with the cover the walls give the
//! target against it, moves to points along the way around the walls, and
//! seeks cover spots instead of taking the GM's cover.

mod on_map;

pub(crate) use on_map::cover_spots;

use nanite_core::CombatantId;

use super::fight::Run;
use crate::combat::{Aim, ConditionKind, Cover, Fire, Stance, miss_chances};
use nanite_core::ClockEvent;

use crate::encounter::{Combatant, Command, CxEffect, Event, Way, move_actions, stance_cost};
use crate::pack::{Attack, FireMode, Suppression};

/// The chance to hit of a shot that hits on `n` of the d10's 10 faces:
/// `n / 10`, each the very number the division gives (it rounds
/// correctly), looked up instead of divided for every mode weighed.
const HIT_IN_TENTHS: [f64; 11] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/// A chance to hit at or below which a shooter closes in to a nearer bracket.
const LONG_SHOT: f64 = 0.2;

/// A command, what the GM rules after it, and whether it is part of fleeing.
pub(crate) struct Choice {
    pub(crate) command: Command,
    /// GM commands that follow it (distances after a flight).
    pub(crate) then: Vec<Command>,
    pub(crate) fleeing: bool,
    /// With an aim: the shot it aims for, to keep for the next choice
    /// should the aim change nothing but the aimer's actions and aim.
    pub(crate) aiming_for: Option<KeptPick>,
}

impl From<Command> for Choice {
    fn from(command: Command) -> Self {
        Choice {
            command,
            then: Vec::new(),
            fleeing: false,
            aiming_for: None,
        }
    }
}

/// The best shot of the shooter (index among the setup's combatants),
/// fire and sprinting of `key`, kept from one choice to the next: an aim
/// that only spends the aimer's action and marks it aimed changes nothing
/// the search reads but those, so the search would find it again (a debug
/// build searches anyway and checks).
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeptPick {
    key: (usize, Fire, bool),
    pick: Pick,
}

impl KeptPick {
    /// Whether `events` (of the aim) are only the aimer's action spent and
    /// its aim: nothing else changed.
    pub(crate) fn still_holds(&self, run: &Run<'_>, events: &[Event]) -> bool {
        let me = &run.setup.sides[self.key.0].0;
        events.iter().all(|e| match e {
            Event::Clock(ClockEvent::ActionsSpent { id, .. }) => id == me,
            Event::Clock(ClockEvent::EffectAdded { effect }) => {
                &effect.bearer == me && matches!(effect.payload, CxEffect::Aimed)
            }
            _ => false,
        })
    }
}

/// The best shot found: target, weapon, mode, and its worth.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pick {
    /// The target's index among the setup's combatants.
    target: usize,
    weapon: usize,
    mode: FireMode,
    /// Expected damage per action, weighted toward finishing the wounded.
    score: f64,
    /// The chance to hit.
    hit: f64,
    /// Metres to the target.
    distance: i64,
    /// The range bracket.
    bracket: usize,
}

/// Who is choosing, with what the policy asks about it again and again,
/// found once a choice: where it is among the setup's combatants, its side,
/// and its effects, read in one pass over the battle's.
struct Me<'r> {
    id: &'r CombatantId,
    c: &'r Combatant,
    /// Its index among the setup's combatants.
    index: usize,
    /// Its side's index among the sorted side names.
    side: usize,
    /// Its side's members, in the setup.
    members: usize,
    /// Its side's members that can still fight (itself included).
    allies: usize,
    /// Enemies that can still fight.
    foes: usize,
    fear: bool,
    greater_fear: bool,
    pinned: bool,
    restrained: bool,
    aimed: bool,
    suppressed: bool,
    reloading: bool,
}

impl<'r> Me<'r> {
    fn read(run: &'r Run<'_>, id: &'r CombatantId, index: usize) -> Option<Me<'r>> {
        let side = *run.setup.side_index.get(index)?;
        let members = *run.setup.side_sizes.get(side)?;
        let (allies, foes) = run.strengths(side);
        let mut me = Me {
            id,
            c: run.combatant(index)?,
            index,
            side,
            members,
            allies,
            foes,
            fear: false,
            greater_fear: false,
            pinned: false,
            restrained: false,
            aimed: false,
            suppressed: false,
            reloading: false,
        };
        for e in &run.battle.clock.effects {
            let flag = match &e.payload {
                CxEffect::Condition(c) => match c.kind {
                    ConditionKind::Fear => &mut me.fear,
                    ConditionKind::GreaterFear => &mut me.greater_fear,
                    ConditionKind::PinnedDown => &mut me.pinned,
                    _ => continue,
                },
                CxEffect::Restrained { .. } => &mut me.restrained,
                CxEffect::Aimed => &mut me.aimed,
                CxEffect::Suppressed { .. } => &mut me.suppressed,
                CxEffect::Reloading { .. } => &mut me.reloading,
                _ => continue,
            };
            if &e.bearer == id {
                *flag = true;
            }
        }
        Some(me)
    }
}

/// The next command of `me` (the setup's combatant `index`) on its turn,
/// or none: its turn is done.
pub(crate) fn choose(run: &Run<'_>, me: &CombatantId, index: usize) -> Option<Choice> {
    let battle = &run.battle;
    let left = if battle.clock.active.as_ref() == Some(me) {
        battle.clock.budget.left
    } else {
        0
    };
    if left == 0 {
        return None;
    }
    let me = Me::read(run, me, index)?;
    let c = me.c;
    let round = battle.round();
    let tried = |kind: ConditionKind| c.saves_tried.contains(&(kind, round));
    // Greater fear allows only its save; fear a save or flight (CX-COND-04).
    if me.greater_fear {
        return (!tried(ConditionKind::GreaterFear))
            .then(|| save(me.id, ConditionKind::GreaterFear));
    }
    if me.fear {
        if !tried(ConditionKind::Fear) {
            return Some(save(me.id, ConditionKind::Fear));
        }
        return flee(run, &me, left);
    }
    // Pinned down: a DC 70 Will save once a round, else blind fire (CX-COND-06).
    let pinned = me.pinned;
    if pinned && !tried(ConditionKind::PinnedDown) {
        return Some(save(me.id, ConditionKind::PinnedDown));
    }
    if me.restrained || battle.grapple_of(me.id).is_some() {
        return None;
    }
    if !pinned && broken(&me) {
        return flee(run, &me, left);
    }
    let mapped = on_map::ground(run, &me).is_some();
    if !pinned {
        if let Some(choice) = stabilize(run, &me, left) {
            return Some(choice);
        }
        let cover = if mapped {
            on_map::position(run, &me, left)
        } else {
            take_cover(&me, left)
        };
        if let Some(choice) = cover {
            return Some(choice);
        }
    }
    let aimed = me.aimed;
    let fire = if c.stance == Stance::Hunkered {
        Fire::Blind
    } else if aimed || left >= 2 {
        Fire::Aimed
    } else {
        Fire::Hip
    };
    let key = (me.index, fire, c.sprint_window > 0);
    let pick = match run.kept_pick {
        Some(kept) if kept.key == key => {
            debug_assert_eq!(Some(kept.pick), best_shot(run, &me, fire));
            Some(kept.pick)
        }
        _ => best_shot(run, &me, fire),
    };
    let Some(pick) = pick else {
        return supply(&me).or_else(|| close_in(run, &me, left));
    };
    shoot_with(run, &me, KeptPick { key, pick }, left, mapped)
}

/// What to do with the best shot found: clear a jam, reload, lay down
/// suppressive fire when outnumbered (CX-SUP), close in for a long shot,
/// aim, or fire.
fn shoot_with(
    run: &Run<'_>,
    me: &Me<'_>,
    kept: KeptPick,
    left: u32,
    mapped: bool,
) -> Option<Choice> {
    let KeptPick { key, pick } = kept;
    let (c, fire, pinned, aimed) = (me.c, key.1, me.pinned, me.aimed);
    // On a map, one behind cover against all who see it takes its long
    // shot rather than leave its cover.
    let settled = mapped && on_map::settled(run, me);
    let (reloading, outnumbered) = (me.reloading, me.foes > me.allies);
    let target = &run.setup.sides[pick.target].0;
    let chooser = me;
    let me = me.id;
    let weapon = &c.fighter.weapons[pick.weapon];
    if weapon.jammed {
        return Some(
            Command::ClearJam {
                id: me.clone(),
                weapon: pick.weapon,
            }
            .into(),
        );
    }
    if weapon.magazine > 0 && weapon.loaded < weapon.rounds_for(pick.mode) {
        return (weapon.spare_magazines > 0 && !reloading).then(|| {
            Command::Reload {
                id: me.clone(),
                weapon: pick.weapon,
            }
            .into()
        });
    }
    // Outnumbered: the last action lays down suppressive fire (CX-SUP).
    if left == 1 && c.stance != Stance::Hunkered && outnumbered {
        if let Some(level) = suppression_level(weapon) {
            return Some(
                Command::Suppress {
                    id: me.clone(),
                    target: target.clone(),
                    weapon: pick.weapon,
                    level: Some(level),
                }
                .into(),
            );
        }
    }
    // A long shot (a hit in 5 or worse) with a nearer bracket: close in
    // first, keeping its cover, while that leaves actions to shoot.
    if pick.hit <= LONG_SHOT
        && pick.bracket > 0
        && left >= 3
        && !pinned
        && pick.distance > 1
        && !settled
    {
        let nearer = weapon.brackets[pick.bracket - 1].to;
        if mapped {
            return on_map::approach(run, chooser, target, nearer);
        }
        return Some(
            Command::Move {
                id: me.clone(),
                metres: stride(c).min(pick.distance - nearer.max(1)).max(1),
                way: Way::Toward { id: target.clone() },
                sprint: false,
                cover: None,
                concealed: false,
            }
            .into(),
        );
    }
    let forced_hip = weapon.min_distance.is_some_and(|min| pick.distance < min);
    if fire == Fire::Aimed && !aimed && !forced_hip {
        return Some(Choice {
            aiming_for: Some(KeptPick { key, pick }),
            ..Command::Aim { id: me.clone() }.into()
        });
    }
    if left < weapon.shot_actions.max(1) as u32 {
        return None;
    }
    let fire = match fire {
        Fire::Aimed if forced_hip => Some(Fire::Hip),
        Fire::Aimed => Some(Fire::Aimed),
        f => Some(f),
    };
    Some(
        Command::Fire {
            id: me.clone(),
            target: target.clone(),
            weapon: pick.weapon,
            mode: pick.mode,
            fire,
            distance: None,
            cover: None,
        }
        .into(),
    )
}

fn save(me: &CombatantId, condition: ConditionKind) -> Choice {
    Command::Save {
        id: me.clone(),
        condition,
    }
    .into()
}

/// Metres `c` covers in 2 actions in its stance (CX-MOVE-01..05).
fn stride(c: &Combatant) -> i64 {
    let m = &c.fighter.movement;
    match c.stance {
        Stance::Crouched => m.crouched,
        Stance::Prone => m.prone,
        _ => m.per_2_actions,
    }
    .max(1)
}

/// The setup's combatants with their index, their side's index and
/// whether they can still fight.
fn everyone<'r>(
    run: &'r Run<'_>,
) -> impl Iterator<Item = (usize, &'r CombatantId, usize, bool)> + 'r {
    run.setup
        .sides
        .iter()
        .zip(&run.setup.side_index)
        .zip(&run.able)
        .enumerate()
        .map(|(i, (((id, _), side), able))| (i, id, *side, *able))
}

/// Enemies of `me` that can still fight, with their index and distance.
fn enemies<'r>(
    run: &'r Run<'_>,
    me: &'r Me<'r>,
) -> impl Iterator<Item = (usize, &'r CombatantId, Option<i64>)> + 'r {
    everyone(run)
        .filter(move |(_, _, s, able)| *s != me.side && *able)
        .map(move |(i, id, ..)| (i, id, run.distance(me.index, i)))
}

/// Broken: half its side or more is lost and it is outnumbered, or it
/// fights on alone, below a quarter of its health, against two or more.
fn broken(me: &Me<'_>) -> bool {
    let (members, allies, foes) = (me.members, me.allies, me.foes);
    let lost = members - allies;
    let f = &me.c.fighter;
    (2 * lost >= members && foes > allies) || (allies == 1 && foes >= 2 && 4 * f.hp < f.max_hp)
}

/// Runs from the nearest enemy; the GM takes it as far from the others
/// (its distance to each grows by as much). At the end of a turn spent
/// running, it is gone (CX-TURN-08).
fn flee(run: &Run<'_>, me: &Me<'_>, left: u32) -> Option<Choice> {
    if left < 2 {
        return None;
    }
    if on_map::ground(run, me).is_some() {
        return on_map::flee(run, me).map(|choice| Choice {
            fleeing: true,
            ..choice
        });
    }
    let (nearest, _) = enemies(run, me)
        .filter_map(|(_, id, m)| m.map(|m| (id, m)))
        .min_by_key(|(_, m)| *m)?;
    let metres = stride(me.c);
    let then = enemies(run, me)
        .filter(|(_, id, _)| *id != nearest)
        .filter_map(|(_, id, m)| {
            m.map(|m| Command::Distance {
                a: me.id.clone(),
                b: id.clone(),
                metres: (m + metres).min(100_000),
            })
        })
        .collect();
    Some(Choice {
        command: Command::Move {
            id: me.id.clone(),
            metres,
            way: Way::Away {
                id: nearest.clone(),
            },
            sprint: false,
            cover: None,
            concealed: false,
        },
        then,
        fleeing: true,
        aiming_for: None,
    })
}

/// A downed ally within reach: stabilize it, moving next to it first if
/// that leaves an action to begin (CX-DEATH-05, CX-DEATH-08).
fn stabilize(run: &Run<'_>, me: &Me<'_>, left: u32) -> Option<Choice> {
    // A downed ally is never one that can fight: with every ally able,
    // there is none; else those able are passed over first.
    if me.allies == me.members {
        return None;
    }
    let (patient, metres) = everyone(run)
        .filter(|(i, _, s, able)| !able && *s == me.side && *i != me.index && !run.fled[*i])
        .filter(|(i, ..)| {
            run.combatant(*i)
                .is_some_and(|p| p.fighter.is_downed() && !p.fighter.dead)
        })
        .filter_map(|(i, id, ..)| run.distance(me.index, i).map(|m| (id, m)))
        .min_by_key(|(_, m)| *m)?;
    if metres <= 1 {
        return Some(
            Command::Stabilize {
                id: me.id.clone(),
                target: patient.clone(),
                kit: false,
                count_revive: false,
            }
            .into(),
        );
    }
    if on_map::ground(run, me).is_some() {
        return on_map::to_patient(run, me, patient, left);
    }
    let walk = metres - 1;
    let cost = move_actions(walk, stride(me.c));
    (cost < i64::from(left)).then(|| {
        Command::Move {
            id: me.id.clone(),
            metres: walk,
            way: Way::Toward {
                id: patient.clone(),
            },
            sprint: false,
            cover: None,
            concealed: false,
        }
        .into()
    })
}

/// Out in the open: into partial cover, assumed within one move (2
/// actions); behind cover, crouch (free) and stay. Its later moves do not
/// change its cover, so it keeps it.
fn take_cover(me: &Me<'_>, left: u32) -> Option<Choice> {
    let c = me.c;
    if c.cover == Cover::None && left >= 3 {
        return Some(
            Command::Move {
                id: me.id.clone(),
                metres: stride(c),
                way: Way::Elsewhere,
                sprint: false,
                cover: Some(Cover::Partial),
                concealed: false,
            }
            .into(),
        );
    }
    (c.stance == Stance::Standing && stance_cost(Stance::Standing, Stance::Crouched) == 0).then(
        || {
            Command::Stance {
                id: me.id.clone(),
                to: Stance::Crouched,
            }
            .into()
        },
    )
}

/// The shot with the most expected damage per action, counting the finish
/// of a wounded enemy double, over every able enemy in range and every
/// usable weapon and mode (ammunition aside: an empty favourite is
/// reloaded).
fn best_shot(run: &Run<'_>, me: &Me<'_>, fire: Fire) -> Option<Pick> {
    let c = me.c;
    let means = run.setup.mean_damage.get(me.index)?;
    // What the stance allows (CX-MOVE-06): a hunkered shooter only blind fires.
    if c.stance == Stance::Hunkered && fire != Fire::Blind {
        return None;
    }
    let mut best: Option<Pick> = None;
    let suppressed = me.suppressed;
    let mapped = run.battle.scene.is_some();
    for (target, id, metres) in enemies(run, me) {
        let Some(distance) = metres else { continue };
        let Some(victim) = run.combatant(target) else {
            continue;
        };
        // On a map, only a target it sees, behind the cover the walls give
        // it against this shooter (the engine's own reading).
        if mapped && !run.battle.sees(me.id, id) {
            continue;
        }
        let cover = if mapped {
            run.battle.cover_against(me.id, id)
        } else {
            victim.cover
        };
        for (w, weapon) in c.fighter.weapons.iter().enumerate() {
            if weapon.attack != Attack::Ranged || weapon.broken {
                continue;
            }
            let out_of_ammo =
                weapon.magazine > 0 && weapon.loaded == 0 && weapon.spare_magazines == 0;
            if out_of_ammo {
                continue;
            }
            // Judged as if loaded and clear (a jam or an empty magazine is
            // seen to first): the range, then each mode; an optic fitted
            // only drops out of the hip-fire row (CX-RNG-02, CX-RNG-05).
            let Some(bracket) = weapon.bracket(distance) else {
                continue;
            };
            let mean = means.get(w).copied().unwrap_or(0.0);
            let finish = if mean >= victim.fighter.hp as f64 {
                2.0
            } else {
                1.0
            };
            // Every mode's miss chance at once: what the modes share is
            // worked out once.
            let aim = Aim {
                weapon: w,
                mode: FireMode::Semi,
                fire,
                distance,
                cover,
                stance: victim.stance,
                shooter_stance: c.stance,
                suppressed,
                sprinting: c.sprint_window > 0,
                stealth: false,
                condition: 0,
                no_crits: false,
            };
            let misses = miss_chances(&c.fighter, &aim);
            for (mode, miss) in FireMode::ALL.into_iter().zip(misses) {
                if !weapon.has_mode(mode)
                    || (weapon.magazine > 0 && weapon.rounds_for(mode) > weapon.magazine)
                {
                    continue;
                }
                let hit = HIT_IN_TENTHS[(10 - miss).clamp(0, 10) as usize];
                // A shot of one action (most) needs no division: the same
                // number, sooner.
                let per_action = match weapon.shot_actions {
                    ..=1 => hit * mean,
                    actions => hit * mean / actions as f64,
                };
                let score = per_action * finish;
                let better = match &best {
                    None => score > 0.0,
                    Some(b) => score > b.score + 1e-12,
                };
                if better {
                    best = Some(Pick {
                        target,
                        weapon: w,
                        mode,
                        score,
                        hit,
                        distance,
                        bracket,
                    });
                }
            }
        }
    }
    best
}

/// No shot at all: reload an empty weapon that has a spare magazine.
fn supply(me: &Me<'_>) -> Option<Choice> {
    me.c.fighter
        .weapons
        .iter()
        .position(|w| {
            w.attack == Attack::Ranged
                && !w.broken
                && w.magazine > 0
                && w.loaded == 0
                && w.spare_magazines > 0
        })
        .map(|weapon| {
            Command::Reload {
                id: me.id.clone(),
                weapon,
            }
            .into()
        })
}

/// Every enemy out of range: move toward the nearest.
fn close_in(run: &Run<'_>, me: &Me<'_>, left: u32) -> Option<Choice> {
    let c = me.c;
    if left < 2 || c.stance == Stance::Hunkered {
        return None;
    }
    if on_map::ground(run, me).is_some() {
        return on_map::close_in(run, me, 2);
    }
    let (nearest, metres) = enemies(run, me)
        .filter_map(|(_, id, m)| m.map(|m| (id, m)))
        .min_by_key(|(_, m)| *m)?;
    (metres > 1).then(|| {
        Command::Move {
            id: me.id.clone(),
            metres: stride(c).min(metres - 1),
            way: Way::Toward {
                id: nearest.clone(),
            },
            sprint: false,
            cover: None,
            concealed: false,
        }
        .into()
    })
}

/// The heaviest suppression the weapon can lay down with what is loaded
/// (light takes what is left, at least 1 round; CX-SUP-02..04).
fn suppression_level(weapon: &crate::combat::WeaponState) -> Option<Suppression> {
    let most = weapon.suppression?;
    if weapon.jammed || weapon.broken || weapon.loaded < 1 {
        return None;
    }
    let order = [Suppression::Heavy, Suppression::Medium, Suppression::Light];
    let rank = |s: Suppression| order.iter().position(|o| *o == s).unwrap_or(0);
    order
        .into_iter()
        .filter(|l| rank(*l) >= rank(most))
        .find(|l| {
            *l == Suppression::Light || weapon.loaded >= crate::encounter::suppression_rounds(*l)
        })
}

#[cfg(test)]
mod tests {
    /// The table gives each chance exactly as the division would, so the
    /// policy picks the same shots either way.
    #[test]
    fn the_chances_in_tenths_are_the_divisions_own() {
        for (n, hit) in super::HIT_IN_TENTHS.iter().enumerate() {
            assert_eq!(hit.to_bits(), (n as f64 / 10.0).to_bits(), "{n}");
        }
    }
}
