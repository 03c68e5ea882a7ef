//! Aiming, firing and clearing jams in a fight (CX-RNG, CX-DMG through
//! `combat::shoot`), with the legality checks of a turn.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{CombatantId, DiceSource};

use super::command::shot_refusal;
use super::gm::{able, after_harm, not_afraid, spend, weapon_of};
use super::supply::{checked_then, weapon_check};
use super::{CxEffect, Decision, Event, Refusal};

use crate::combat::{Aim, Cover, Fire, Shot, Stance, check_shot, shoot};
use crate::pack::FireMode;

/// DC to clear a jam (CX-RNG-08).
pub const CLEAR_JAM_DC: i64 = 60;

pub(crate) fn aim(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    able(d, id)?;
    not_afraid(d, id, "aim")?;
    if d.state.has_effect(id, |e| matches!(e, CxEffect::Aimed)) {
        return Err(Refusal::Illegal {
            why: format!(
                "{id} has already aimed this turn; aiming lasts the rest of the turn (CX-RNG-05)"
            ),
        });
    }
    spend(d, id, 1, "aim")?;
    // It lasts the rest of the turn it is taken in: the aimer's own, or the
    // turn in which its held actions were set off (CX-TURN-05).
    let turn = d.state.clock.active.clone().unwrap_or_else(|| id.clone());
    let event = d.state.clock.add_effect(
        id,
        "aimed",
        Some(Expiry::next(Moment::end_of(&turn))),
        CxEffect::Aimed,
    );
    d.clock(event);
    Ok(())
}

/// A fire command's fields.
pub(crate) struct Order<'a> {
    pub(crate) id: &'a CombatantId,
    pub(crate) target: &'a CombatantId,
    pub(crate) weapon: usize,
    pub(crate) mode: FireMode,
    pub(crate) fire: Option<Fire>,
    pub(crate) distance: Option<i64>,
    pub(crate) cover: Option<Cover>,
}

pub(crate) fn fire(
    d: &mut Decision<'_>,
    order: Order<'_>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Order { id, target, .. } = order;
    // The shooter and the victim are read where they stand, not copied:
    // what the shot spends (actions, a distance) changes neither fighter.
    let shooter = able(d, id)?;
    not_afraid(d, id, "attack")?;
    let bearing = Bearing::of(d.state, id);
    if bearing.restrained {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: "held in a grapple: it can only contest control (CX-MELEE-03)".into(),
        });
    }
    let refuse = |why: String| Refusal::Shot {
        id: id.clone(),
        why,
    };
    if id == target {
        return Err(refuse("a combatant cannot shoot itself".into()));
    }
    let victim = d.state.combatant(target)?;
    if victim.fighter.dead {
        return Err(refuse(format!("{target} is already dead")));
    }
    let weapon = shooter.fighter.weapons.get(order.weapon).ok_or_else(|| {
        refuse(format!(
            "no weapon {}; {} carries {}",
            order.weapon,
            shooter.fighter.name,
            shooter
                .fighter
                .weapons
                .iter()
                .enumerate()
                .map(|(i, w)| format!("{i}: {}", w.name))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    if weapon.broken {
        return Err(refuse(format!(
            "the {} is broken until a DC 60 repair (Black Cat, CX-STAT-13)",
            weapon.name
        )));
    }
    let distance = distance_of(d, &order)?;
    // On a map, a concealing wall or a closed door between them stops the
    // shot, unless the GM rules the cover for it (an override).
    if order.cover.is_none() && !d.state.sees(id, target) {
        return Err(refuse(format!(
            "{id} has no line of fire to {target}: a wall that conceals completely stands between them on the map (CX-SUP-05); move, or the GM rules the cover"
        )));
    }
    let aimed = bearing.aimed;
    let fire = fire_kind(&order, aimed)?;
    // An optic fitted does not forbid hip fire: it gives no bonus there,
    // and the hip-fire row already leaves it out (CX-RNG-05).
    let no_crits = bearing.no_crits;
    let aim = Aim {
        weapon: order.weapon,
        mode: order.mode,
        fire,
        distance,
        cover: order
            .cover
            .unwrap_or_else(|| d.state.cover_against(id, target)),
        stance: victim.stance,
        shooter_stance: shooter.stance,
        suppressed: bearing.suppressed,
        sprinting: shooter.sprint_window > 0,
        // An undetected shooter who aimed: -1 and +20 damage (CX-RNG-09).
        stealth: fire == Fire::Aimed && shooter.stealth.unseen_by.contains(target),
        condition: bearing.miss_chance,
        no_crits,
    };
    debug_assert_eq!(
        aim.stealth,
        fire == Fire::Aimed && super::stealth::unseen(d.state, id, target)
    );
    hunkered_blind_only(d, id, &aim, &weapon.name)?;
    check_shot(&shooter.fighter, &aim).map_err(|r| refuse(shot_refusal(&r, &weapon.name)))?;
    let actions = u32::try_from(weapon.shot_actions.max(1)).unwrap_or(1);
    let crit_from = weapon.crit_from;
    let was_down = victim.fighter.is_downed() || victim.fighter.dead;
    let on = action_kind(d.explain, &weapon.name, order.mode, target);
    spend(d, id, actions, on)?;
    if order.distance.is_some() && d.state.distance(id, target) != Some(distance) {
        d.push(Event::DistanceSet {
            a: id.clone(),
            b: target.clone(),
            metres: distance,
        });
    }
    let (shooter, victim) = (
        &d.state.combatant(id)?.fighter,
        &d.state.combatant(target)?.fighter,
    );
    let shot = shoot(shooter, victim, &aim, &mut d.roller, dice)?
        .map_err(|r| refuse(shot_refusal(&r, &shooter.weapons[order.weapon].name)))?;
    let breakdown = if d.explain {
        explained(
            d,
            &order,
            &shot,
            &aim,
            distance,
            no_crits && shot.hit && shot.accuracy >= crit_from,
        )?
    } else {
        nanite_core::Breakdown::new()
    };
    d.push(Event::Shot {
        attacker: id.clone(),
        target: target.clone(),
        weapon: order.weapon,
        mode: order.mode,
        shot: Box::new(shot),
        breakdown,
    });
    after_harm(d, target, was_down, shot.strike.as_ref());
    super::movement::hit_the_dirt(d, target, Some(id));
    Ok(())
}

/// Refuses a shot of `id`, saying why.
fn refused(id: &CombatantId, why: String) -> Refusal {
    Refusal::Shot {
        id: id.clone(),
        why,
    }
}

/// The distance of the shot: the order's, or the one set, within 0 to
/// 100000 m.
fn distance_of(d: &Decision<'_>, order: &Order<'_>) -> Result<i64, Refusal> {
    let (id, target) = (order.id, order.target);
    let refuse = |why: String| refused(id, why);
    Ok(
        match order.distance.or_else(|| d.state.distance(id, target)) {
            Some(m) if (0..=100_000).contains(&m) => m,
            Some(m) => return Err(refuse(format!("{m} m is not a distance (0 to 100000)"))),
            None => {
                return Err(refuse(format!(
                    "the distance between {id} and {target} is not known; give it (\"15m\") or have the GM set it"
                )));
            }
        },
    )
}

/// How the shot is fired: as ordered (aimed fire only after aiming,
/// CX-RNG-05), else aimed if the shooter aimed, else from the hip.
fn fire_kind(order: &Order<'_>, aimed: bool) -> Result<Fire, Refusal> {
    let id = order.id;
    let refuse = |why: String| refused(id, why);
    Ok(match order.fire {
        Some(Fire::Aimed) if !aimed => {
            return Err(refuse(format!(
                "{id} has not aimed this turn; aim first (1 action) or hip fire (+3) (CX-RNG-05)"
            )));
        }
        Some(f) => f,
        None if aimed => Fire::Aimed,
        None => Fire::Hip,
    })
}

/// A hunkered shooter can only blind fire (CX-MOVE-06); pinned down, it
/// stays hunkered until 2 full turns pass or a DC 70 Will save (CX-COND-06).
fn hunkered_blind_only(
    d: &Decision<'_>,
    id: &CombatantId,
    aim: &Aim,
    weapon: &str,
) -> Result<(), Refusal> {
    let refuse = |why: String| refused(id, why);
    if aim.shooter_stance == Stance::Hunkered && aim.fire != Fire::Blind {
        if d.state
            .has_condition(id, crate::combat::ConditionKind::PinnedDown)
        {
            return Err(refuse(
                "pinned down, it stays hunkered and can only blind fire, until 2 full turns pass or a DC 70 Will save (CX-COND-06, CX-MOVE-06)"
                    .into(),
            ));
        }
        return Err(refuse(shot_refusal(
            &crate::combat::ShotRefusal::Hunkered,
            weapon,
        )));
    }
    Ok(())
}

/// What the shot spends its actions on: "fire Rifle burst at raider-1", put
/// together piece by piece, as every shot spends. Unexplained (the
/// simulator, which keeps no events), the action's kind alone: all the
/// rules read of it (it is not a sprint, nor what a turn's start spends by
/// itself).
fn action_kind(
    explain: bool,
    weapon: &str,
    mode: FireMode,
    target: &CombatantId,
) -> std::borrow::Cow<'static, str> {
    if explain {
        ["fire ", weapon, " ", mode.key(), " at ", target.as_str()]
            .concat()
            .into()
    } else {
        "fire".into()
    }
}

/// The shot explained, with what the map adds and, when a critical is
/// lost to the Black Cat, a note saying so (CX-STAT-13).
fn explained(
    d: &Decision<'_>,
    order: &Order<'_>,
    shot: &Shot,
    aim: &Aim,
    distance: i64,
    crit_lost: bool,
) -> Result<nanite_core::Breakdown, Refusal> {
    let (id, target) = (order.id, order.target);
    let (shooter, victim) = (
        &d.state.combatant(id)?.fighter,
        &d.state.combatant(target)?.fighter,
    );
    let mut breakdown = shot.explain(shooter, victim, aim);
    super::scene_rules::note_map(
        d,
        &mut breakdown,
        id,
        target,
        distance,
        (aim.cover, order.cover.is_some()),
    );
    if crit_lost {
        breakdown.note("no critical this encounter (Black Cat, CX-STAT-13)");
    }
    Ok(breakdown)
}

/// What a shooter's effects say of its shot, found in one pass through the
/// effects rather than one for each question (a shot asks six).
#[derive(Debug, Default, PartialEq, Eq)]
struct Bearing {
    /// Held in a grapple (CX-MELEE-03).
    restrained: bool,
    /// Aimed this turn (CX-RNG-05).
    aimed: bool,
    /// No critical hits this encounter (Black Cat, CX-STAT-13).
    no_crits: bool,
    /// Suppressed: +1 (CX-SUP-01).
    suppressed: bool,
    /// What its conditions (CX-COND) and injuries (CX-HEAL-05) add to its
    /// miss chance.
    miss_chance: i64,
}

impl Bearing {
    fn of(state: &super::Battle, id: &CombatantId) -> Bearing {
        let mut b = Bearing::default();
        for e in state.clock.effects.iter().filter(|e| &e.bearer == id) {
            match &e.payload {
                CxEffect::Restrained { .. } => b.restrained = true,
                CxEffect::Aimed => b.aimed = true,
                CxEffect::NoCriticals => b.no_crits = true,
                CxEffect::Suppressed { .. } => b.suppressed = true,
                CxEffect::Condition(c) => b.miss_chance += c.kind.miss_chance(),
                CxEffect::Injured { injury } => b.miss_chance += injury.miss_chance(),
                _ => {}
            }
        }
        debug_assert_eq!(
            b,
            Bearing {
                restrained: state.is_restrained(id),
                aimed: state.has_effect(id, |e| matches!(e, CxEffect::Aimed)),
                no_crits: state.has_effect(id, |e| matches!(e, CxEffect::NoCriticals)),
                suppressed: state.is_suppressed(id),
                miss_chance: state
                    .conditions(id)
                    .map(|c| c.kind.miss_chance())
                    .sum::<i64>()
                    + super::heal::injury_miss_chance(state, id),
            }
        );
        b
    }
}

/// `id` clears the jam of its weapon `weapon`: an action, then a check of
/// the weapon's skill against [`CLEAR_JAM_DC`] (CX-RNG-08).
pub(crate) fn clear_jam(
    d: &mut Decision<'_>,
    id: &CombatantId,
    weapon: usize,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    not_afraid(d, id, "clear a jam")?;
    let w = weapon_of(&c, id, weapon)?;
    if !w.jammed {
        return Err(Refusal::Illegal {
            why: format!("the {} is not jammed", w.name),
        });
    }
    spend(d, id, 1, format!("clear the {}'s jam", w.name))?;
    let result = weapon_check(d, id, w, CLEAR_JAM_DC, true, "clear jam", dice)?;
    let what = format!("clear the {}'s jam (DC 60, CX-RNG-08)", w.name);
    let cleared = Event::JamCleared {
        id: id.clone(),
        weapon,
    };
    checked_then(d, id, what, result, cleared);
    Ok(())
}
