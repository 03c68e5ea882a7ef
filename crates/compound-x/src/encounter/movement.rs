//! Moving without a map (CX-MOVE): metres toward or away from a named
//! combatant at the stance's rate, sprinting and its miss-chance window,
//! jumps, hitting the dirt, and leaving melee (CX-MELEE-02).

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{CombatantId, DiceSource};
use serde::Serialize;

use super::gm::{able, spend};
use super::{CxEffect, Decision, Event, Refusal};
use crate::combat::{ConditionKind, Cover, Stance};

/// Actions a sprint's miss-chance penalty lasts after the sprint (CX-MOVE-02).
pub const SPRINT_WINDOW: u32 = 2;
/// What an action spent on sprinting is called in the log; the sprint
/// window and streak count the others.
pub const SPRINT: &str = "sprint";
/// Hit the Dirt: a dive of at most this many metres (CX-MOVE-07).
pub const DIVE_METRES: i64 = 2;

/// Which way a move goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "way", rename_all = "snake_case")]
pub enum Way {
    /// Toward a combatant (the distance shrinks, to at least 1 m).
    Toward {
        /// Whom.
        id: CombatantId,
    },
    /// Away from a combatant (the distance grows).
    Away {
        /// From whom.
        id: CombatantId,
    },
    /// Elsewhere: distances to the others are the GM's to set.
    Elsewhere,
}

/// A move's fields.
pub(crate) struct Step<'a> {
    pub(crate) id: &'a CombatantId,
    pub(crate) metres: i64,
    pub(crate) way: &'a Way,
    pub(crate) sprint: bool,
    pub(crate) cover: Option<Cover>,
    pub(crate) concealed: bool,
}

/// Metres per 2 actions in `stance` (CX-MOVE-01, -04, -05), or why not.
fn rate(m: &crate::sheet::Movement, stance: Stance, sprint: bool) -> Result<i64, String> {
    match (stance, sprint) {
        (Stance::Hunkered, _) => Err("hunkered: stop hunkering first (free, CX-MOVE-06)".into()),
        (Stance::Crouched, true) | (Stance::Prone, true) => {
            Err("no sprinting while crouched or prone (CX-MOVE-04)".into())
        }
        (Stance::Standing, true) => Ok(m.sprint),
        (Stance::Standing, false) => Ok(m.per_2_actions),
        (Stance::Crouched, false) => Ok(m.crouched),
        (Stance::Prone, false) => Ok(m.prone),
    }
}

/// Actions to move `metres` at `per_2` metres per 2 actions: 2 actions per
/// `per_2` metres, in whole actions (CX-MOVE-01).
pub fn move_actions(metres: i64, per_2: i64) -> i64 {
    let per_2 = per_2.max(1);
    (2 * metres + per_2 - 1) / per_2
}

pub(crate) fn step(
    d: &mut Decision<'_>,
    s: Step<'_>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    // What the move needs of the mover, read before anything changes.
    let c = able(d, s.id)?;
    if d.state.position(s.id).is_some() {
        return Err(Refusal::Illegal {
            why: format!(
                "{} stands on the map: move it to a point (move {} to 12,4), and the map measures the way",
                s.id, s.id
            ),
        });
    }
    let (rated, sprint_limit, sprint_streak) = (
        rate(&c.fighter.movement, c.stance, s.sprint),
        c.fighter.movement.sprint_actions.max(0),
        c.sprint_streak,
    );
    let illegal = |why: String| Refusal::Illegal { why };
    if !(1..=1000).contains(&s.metres) {
        return Err(illegal(format!(
            "{} m is not a move: give 1 to 1000 metres",
            s.metres
        )));
    }
    if d.state.has_condition(s.id, ConditionKind::PinnedDown) {
        return Err(Refusal::CannotAct {
            id: s.id.clone(),
            why: "pinned down: unable to move (CX-COND-06)".into(),
        });
    }
    if d.state.is_restrained(s.id) || d.state.grapple_of(s.id).is_some() {
        return Err(Refusal::CannotAct {
            id: s.id.clone(),
            why: "in a grapple: win control and let go first (CX-MELEE-03)".into(),
        });
    }
    if d.state.has_condition(s.id, ConditionKind::GreaterFear) {
        return Err(Refusal::CannotAct {
            id: s.id.clone(),
            why: "greater-fear: it can only roll a DC 75 Will save, not even flee (CX-COND-04)"
                .into(),
        });
    }
    if d.state.has_condition(s.id, ConditionKind::Fear) && !matches!(s.way, Way::Away { .. }) {
        return Err(Refusal::CannotAct {
            id: s.id.clone(),
            why: "fear: it can only flee the source (move away) or save (CX-COND-04)".into(),
        });
    }
    let per_2 = rated.map_err(|why| Refusal::CannotAct {
        id: s.id.clone(),
        why,
    })?;
    // Injuries from falls slow it, or stop it (CX-HEAL-05).
    let per_2 = super::heal::injured_rate(d, s.id, per_2);
    if per_2 < 1 {
        return Err(Refusal::CannotAct {
            id: s.id.clone(),
            why: "too badly injured to move (broken everything, CX-HEAL-05)".into(),
        });
    }
    let actions = move_actions(s.metres, per_2);
    let actions = u32::try_from(actions).unwrap_or(u32::MAX);
    if s.sprint && i64::from(sprint_streak + actions) > sprint_limit {
        return Err(illegal(format!(
            "{} can sprint at most {sprint_limit} actions in a row (FORT, CX-MOVE-02); {sprint_streak} already",
            s.id
        )));
    }
    let (target, distance) = match s.way {
        Way::Toward { id } | Way::Away { id } => {
            if id == s.id {
                return Err(illegal(
                    "a combatant cannot move toward or away from itself".into(),
                ));
            }
            d.state.combatant(id)?;
            let now = d.state.distance(s.id, id).ok_or_else(|| {
                illegal(format!(
                    "the distance between {} and {id} is not known; set it first",
                    s.id
                ))
            })?;
            let after = if matches!(s.way, Way::Toward { .. }) {
                (now - s.metres).max(1)
            } else {
                now + s.metres
            };
            (Some(id.clone()), Some(after))
        }
        Way::Elsewhere => (None, None),
    };
    // "move 6 m toward raider-1": put together piece by piece, as
    // everyone moves. Unexplained (the simulator), the kind of move alone:
    // all the rules read of it (whether it is a sprint, CX-MOVE-02).
    let kind = if s.sprint { SPRINT } else { "move" };
    let what: std::borrow::Cow<'static, str> = if d.explain {
        let (way, whom) = match s.way {
            Way::Toward { id } => (" toward ", id.as_str()),
            Way::Away { id } => (" away from ", id.as_str()),
            Way::Elsewhere => ("", ""),
        };
        [kind, " ", &s.metres.to_string(), " m", way, whom]
            .concat()
            .into()
    } else {
        kind.into()
    };
    spend(d, s.id, actions, what)?;
    // Leaving melee: every engaged enemy but the one moved toward gets a
    // penalty attack, and the engagement ends (CX-MELEE-02).
    let engaged: Vec<CombatantId> = d.state.engaged_with(s.id);
    for enemy in engaged {
        if matches!(s.way, Way::Toward { id } if *id == enemy) {
            continue;
        }
        super::melee::leave_melee(d, s.id, &enemy, dice)?;
    }
    if d.state.combatant(s.id)?.fighter.is_downed() || d.state.combatant(s.id)?.fighter.dead {
        return Ok(());
    }
    // Moving into the open under suppression (CX-SUP-05).
    super::suppression::moved(d, s.id, s.metres, s.concealed, dice)?;
    let c = d.state.combatant(s.id)?;
    if c.fighter.is_downed() || c.fighter.dead {
        return Ok(());
    }
    d.push(Event::Moved {
        id: s.id.clone(),
        metres: s.metres,
        sprint: s.sprint,
        actions,
        cover: s.cover,
    });
    if let (Some(target), Some(metres)) = (target, distance) {
        d.push(Event::DistanceSet {
            a: s.id.clone(),
            b: target,
            metres,
        });
    }
    Ok(())
}

/// A jump (CX-MOVE-03): horizontal up to DEX/2 m (+1 m with a 3 m run-up),
/// vertical up to STR/3 m. Decision: a jump costs 1 action. A jump is a
/// move: out of melee it draws each engaged enemy's penalty attack
/// (CX-MELEE-02), and under suppression it is a move into the open
/// (CX-SUP-05), leaving the area when it goes farther across than its
/// radius.
pub(crate) fn jump(
    d: &mut Decision<'_>,
    id: &CombatantId,
    metres: f64,
    vertical: bool,
    run_up: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    if d.state.grapple_of(id).is_some() {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: "in a grapple: win control and let go first (CX-MELEE-03)".into(),
        });
    }
    if c.stance != Stance::Standing {
        return Err(Refusal::Illegal {
            why: format!("{id} must stand to jump (CX-MOVE-04)"),
        });
    }
    let limit = if vertical {
        c.fighter.jumps.vertical
    } else if run_up {
        c.fighter.jumps.horizontal_run_up
    } else {
        c.fighter.jumps.horizontal
    };
    if !(metres > 0.0 && metres <= limit) {
        return Err(Refusal::Illegal {
            why: format!(
                "{id} can jump at most {limit:.2} m {} (CX-MOVE-03)",
                if vertical {
                    "up (STR / 3)"
                } else if run_up {
                    "across with a run-up (DEX / 2 + 1)"
                } else {
                    "across (DEX / 2; +1 m with a 3 m run-up)"
                }
            ),
        });
    }
    spend(
        d,
        id,
        1,
        format!(
            "jump {metres:.2} m {}",
            if vertical { "up" } else { "across" }
        ),
    )?;
    for enemy in d.state.engaged_with(id) {
        super::melee::leave_melee(d, id, &enemy, dice)?;
    }
    let c = d.state.combatant(id)?;
    if c.fighter.is_downed() || c.fighter.dead {
        return Ok(());
    }
    // How far across, in whole metres for the area's radius: a jump up
    // stays in the area; 1.5 m across leaves a 1 m area (1.5 > 1).
    let across = if vertical { 0 } else { metres.ceil() as i64 };
    super::suppression::moved(d, id, across, false, dice)?;
    Ok(())
}

/// Hit the Dirt (CX-MOVE-07): a target standing outside cover that is shot
/// at and still up dives prone; the dive costs the first action of its next
/// turn.
pub(crate) fn hit_the_dirt(d: &mut Decision<'_>, id: &CombatantId, from: Option<&CombatantId>) {
    let Some(c) = d.state.combatants.get(id) else {
        return;
    };
    // On a map, its cover against the one who shot at it.
    let cover = from.map_or(c.cover, |from| d.state.cover_against(from, id));
    if c.stance != Stance::Standing
        || cover != Cover::None
        || c.fighter.dead
        || c.fighter.is_downed()
        || d.state.has_condition(id, ConditionKind::Unconscious)
    {
        return;
    }
    d.push(Event::Positioned {
        id: id.clone(),
        cover: None,
        stance: Some(Stance::Prone),
    });
    let own_turn = u32::from(d.state.clock.active.as_ref() == Some(id));
    let e = d.state.clock.add_effect(
        id,
        "hit the dirt",
        Some(Expiry::after(1 + own_turn, Moment::end_of(id))),
        CxEffect::HitTheDirt,
    );
    d.clock(e);
}
