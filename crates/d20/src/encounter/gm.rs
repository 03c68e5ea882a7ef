//! The GM's hand and what every action shares: adding and placing
//! combatants, who may act, spending the action, checks in and out of a
//! fight, harm and its consequences (falling, concentration). Rest and
//! healing kits are in `recovery`.

use nanite_core::check::Dc;
use nanite_core::{ClockCommand, ClockEvent, CombatantId, DiceSource};

use super::{Battle, Decision, Event, Field, Fighter, Place, Refusal, casting};
use crate::attribute::Attribute;
use crate::check::check;

/// Adds a combatant with its hit points at their maximum.
pub(crate) fn add(
    d: &mut Decision,
    id: &CombatantId,
    side: &str,
    hidden: bool,
    fighter: &Fighter,
    place: Place,
) -> Result<(), Refusal> {
    for e in d.state.clock.decide(&ClockCommand::Join {
        id: id.clone(),
        side: side.to_string(),
        hidden,
    })? {
        d.clock(e);
    }
    check_place(&d.state, id, place)?;
    let max = fighter.max_hp(&d.state.campaign, &fighter.scores);
    let hp = fighter.carried_in.as_ref().map_or(max, |c| c.hp.min(max));
    d.push(Event::Entered {
        id: id.clone(),
        fighter: Box::new(fighter.clone()),
        place,
        hp,
    });
    // A campaign character's submission drains still running (D20-GRAP-05).
    for drain in fighter.carried_in.iter().flat_map(|c| &c.drains) {
        let e = d.state.clock.add_effect(
            id,
            format!("submission -{} STR and CON", drain.points),
            Some(nanite_core::encounter::Expiry::after(
                drain.rounds_left,
                nanite_core::encounter::Moment::start_of(id),
            )),
            super::D20Effect::Drained {
                points: drain.points,
            },
        );
        d.clock(e);
    }
    Ok(())
}

/// The GM puts a combatant somewhere, free.
pub(crate) fn position(d: &mut Decision, id: &CombatantId, place: Place) -> Result<(), Refusal> {
    d.state.combatant(id)?;
    if d.state.grapple_of(id).is_some() {
        return Err(Refusal::Illegal {
            why: format!("{} is in a grapple; end it first", d.state.name(id)),
        });
    }
    check_place(&d.state, id, place)?;
    d.push(Event::Positioned {
        id: id.clone(),
        place,
    });
    Ok(())
}

/// Whether `place` fits the field and is free for `id`.
fn check_place(state: &Battle, id: &CombatantId, place: Place) -> Result<(), Refusal> {
    match (&state.field, place) {
        (Field::Map { width, height }, Place::Square(s)) => {
            if s.x < 0 || s.y < 0 || s.x >= *width || s.y >= *height {
                return Err(Refusal::Illegal {
                    why: format!(
                        "({s}) is off the map, which runs from (0,0) to ({},{})",
                        width - 1,
                        height - 1
                    ),
                });
            }
            if let Some((other, _)) = state
                .combatants
                .iter()
                .find(|(o, c)| *o != id && c.place == Place::Square(s) && !state.is_down(o))
            {
                return Err(Refusal::Illegal {
                    why: format!("({s}) is {}'s square", state.name(other)),
                });
            }
            Ok(())
        }
        (Field::Rows, Place::Row(_)) => Ok(()),
        (Field::Map { .. }, Place::Row(_)) => Err(Refusal::Illegal {
            why: "this fight is on a map: give a square (`at = [x, y]`), not a row".into(),
        }),
        (Field::Rows, Place::Square(_)) => Err(Refusal::Illegal {
            why: "this fight has rows, not a map: give `front` or `back`".into(),
        }),
    }
}

/// `id` can act: it is in the fight, standing and not stunned.
pub(crate) fn able(d: &Decision, id: &CombatantId) -> Result<(), Refusal> {
    let c = d.state.combatant(id)?;
    if d.state.is_down(id) {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: format!("{} is down ({} HP)", c.fighter.name, c.hp),
        });
    }
    if d.state.is_stunned(id) {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: format!("{} is stunned (D20-GRAP-06)", c.fighter.name),
        });
    }
    Ok(())
}

/// `id` can act and has an action for `on` now (its turn's, or a held one
/// set off), checked before anything else about the command.
pub(crate) fn ready(d: &Decision, id: &CombatantId, on: &str) -> Result<(), Refusal> {
    able(d, id)?;
    if d.state.free_grapple.as_ref() == Some(id) {
        return Ok(());
    }
    d.state.clock.can_spend(id, 1, on)?;
    Ok(())
}

/// `id` can act and it is its turn (moving is never a held action).
pub(crate) fn on_own_turn(d: &Decision, id: &CombatantId, what: &str) -> Result<(), Refusal> {
    able(d, id)?;
    if !d.state.in_combat() {
        return Err(nanite_core::EncounterError::NotBegun.into());
    }
    if d.state.clock.active.as_ref() != Some(id) {
        return Err(Refusal::Illegal {
            why: format!(
                "{} can only {what} on its own turn{}",
                d.state.name(id),
                d.state
                    .clock
                    .active
                    .as_ref()
                    .map(|a| format!(" (it is {a}'s)"))
                    .unwrap_or_default()
            ),
        });
    }
    Ok(())
}

/// `id` is not held in a grapple.
pub(crate) fn free_to_move(d: &Decision, id: &CombatantId) -> Result<(), Refusal> {
    if let Some(g) = d.state.grapple_of(id) {
        let other = g.other(id);
        return Err(Refusal::Illegal {
            why: format!(
                "{} is grappling with {}: only the one with Grappling Advantage can let go (`release`); win it with a position change first",
                d.state.name(id),
                d.state.name(&other)
            ),
        });
    }
    Ok(())
}

/// Spends `id`'s action on `on` (its turn's, or one held and triggered).
pub(crate) fn spend(d: &mut Decision, id: &CombatantId, on: &str) -> Result<(), Refusal> {
    let e = d.state.clock.spend(id, 1, on.to_owned())?;
    d.clock(e);
    Ok(())
}

/// A skill or non-skill check. In a fight, a check on the combatant's own
/// turn is its action; one the GM calls at any other moment (a Perception
/// check when something stirs, a roll to hold on) costs nothing and may come
/// on anyone's turn: the seed gives checks no action and no turn (D20-CHK-01,
/// D20-CHK-02). Outside a fight it is free.
pub(crate) fn check_command(
    d: &mut Decision,
    id: &CombatantId,
    skill: Option<&str>,
    attribute: Option<Attribute>,
    dc: i64,
    hidden: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    crate::limits::within("DC", dc, &crate::limits::DC).map_err(|why| Refusal::Illegal { why })?;
    able(d, id)?;
    let c = d.state.combatant(id)?.clone();
    let scores = d.state.scores(id);
    let spec = match skill {
        Some(skill) => {
            let Some(s) = c.fighter.skills.iter().find(|s| s.id == skill) else {
                return Err(Refusal::Illegal {
                    why: format!(
                        "no skill `{skill}`; known skills: {}",
                        c.fighter.skill_ids()
                    ),
                });
            };
            let note = match attribute {
                None => None,
                Some(a) if a == s.attribute => None,
                Some(a) => match s.alternates.iter().find(|x| x.attribute == a) {
                    Some(_) => Some("an allowed alternate"),
                    None => {
                        return Err(Refusal::Illegal {
                            why: format!(
                                "{} uses {}; {a} is not allowed for it (D20-CHK-01)",
                                s.name, s.attribute
                            ),
                        });
                    }
                },
            };
            c.fighter
                .skill_spec(&d.state.campaign, &scores, skill, attribute, note)
        }
        None => {
            let attribute = attribute.ok_or_else(|| Refusal::Illegal {
                why: "a non-skill check names its attribute (STR, DEX, CON or WIS)".into(),
            })?;
            c.fighter
                .attribute_spec(&d.state.campaign, &scores, attribute)
        }
    };
    if d.state.in_combat() && d.state.clock.active.as_ref() == Some(id) {
        spend(d, id, &format!("{} check", spec.label))?;
    }
    let dc = if hidden { Dc::hidden(dc) } else { Dc::open(dc) };
    let result = check(
        &spec,
        dc,
        dice,
        &format!("{} check for {}", spec.label, c.fighter.name),
    )?;
    d.push(Event::Checked {
        id: id.clone(),
        result,
    });
    Ok(())
}

/// The GM deals damage, from `by` if someone did it.
pub(crate) fn harm(
    d: &mut Decision,
    target: &CombatantId,
    amount: i64,
    by: Option<&CombatantId>,
    why: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    d.state.combatant(target)?;
    if let Some(by) = by {
        d.state.combatant(by)?;
    }
    crate::limits::within("harm", amount, &crate::limits::HARM)
        .map_err(|why| Refusal::Illegal { why })?;
    damage(d, target, amount, by, why, dice)
}

/// The GM's heal: `amount` hit points back to `target`, up to its
/// maximum; above 0 it is back on its feet. Refused at full hit points, and
/// for a combatant whose Constitution is drained to 0 (hit points do not
/// bring it back, D20-GRAP-05).
pub(crate) fn gm_heal(
    d: &mut Decision,
    target: &CombatantId,
    amount: i64,
    why: &str,
) -> Result<(), Refusal> {
    let c = d.state.combatant(target)?;
    crate::limits::within("heal", amount, &crate::limits::HARM)
        .map_err(|why| Refusal::Illegal { why })?;
    if why.trim().is_empty() {
        return Err(Refusal::Illegal {
            why: "say why the hit points come back (\"a potion\", \"a ruling\")".into(),
        });
    }
    let name = c.fighter.name.clone();
    let hp = c.hp;
    if d.state.scores(target).con <= 0 {
        return Err(Refusal::Illegal {
            why: format!(
                "{name}'s Constitution is drained to 0: hit points do not bring it back (D20-GRAP-05); rest restores Constitution"
            ),
        });
    }
    let max = d.state.max_hp(target);
    if hp >= max {
        return Err(Refusal::Illegal {
            why: format!("{name} is at full hit points ({hp} of {max})"),
        });
    }
    heal(d, target, amount, why.trim());
    Ok(())
}

/// `amount` damage to `target` and what follows: falling at 0 hit points
/// (ending its grapple and any spell under way), or a concentration check
/// when it is casting (D20-CAST-02).
pub(crate) fn damage(
    d: &mut Decision,
    target: &CombatantId,
    amount: i64,
    by: Option<&CombatantId>,
    why: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let was_down = d.state.is_down(target);
    d.push(Event::Hurt {
        target: target.clone(),
        amount,
        by: by.cloned(),
        why: why.to_string(),
    });
    if !was_down && d.state.is_down(target) {
        fall(d, target, "0 hit points");
    } else if !d.state.is_down(target) {
        casting::concentrate(d, target, by, dice)?;
    }
    Ok(())
}

/// `id` falls: its grapple ends and a spell under way is lost.
pub(crate) fn fall(d: &mut Decision, id: &CombatantId, why: &str) {
    if let Some(g) = d.state.grapple_of(id).cloned() {
        d.push(Event::GrappleEnded {
            a: g.a,
            b: g.b,
            why: format!("{} fell", d.state.name(id)),
        });
    }
    if let Some(e) = d.state.casting(id).map(|e| (e.id, e.name.clone())) {
        d.clock(ClockEvent::EffectEnded {
            id: e.0,
            why: format!("{} is interrupted: its caster fell (energy kept)", e.1),
        });
    }
    d.push(Event::Fell {
        id: id.clone(),
        why: why.to_string(),
    });
}

/// Healing: up to the maximum; a fallen combatant healed above 0 rises.
pub(crate) fn heal(d: &mut Decision, id: &CombatantId, amount: i64, why: &str) {
    let Ok(c) = d.state.combatant(id) else { return };
    let room = (d.state.max_hp(id) - c.hp).max(0);
    let amount = amount.min(room);
    if amount <= 0 {
        return;
    }
    let was_down = d.state.is_down(id);
    d.push(Event::Healed {
        id: id.clone(),
        amount,
        why: why.to_string(),
    });
    if was_down && !d.state.is_down(id) {
        d.push(Event::Rose { id: id.clone() });
    }
}
