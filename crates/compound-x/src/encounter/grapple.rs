//! Grappling (CX-MELEE-03): the grab with its penalty attack, opposed checks
//! for control (the defender wins ties, CX-DICE-04), subduing holds, strikes
//! that cost control when they fail, and letting go.

use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};
use serde::{Deserialize, Serialize};

use super::gm::{able, add_condition, not_afraid, spend, spend_on};
use super::melee::{MeleeKind, in_reach, penalty_attack};
use super::{CxEffect, Decision, Event, Refusal};
use crate::combat::{ConditionKind, d100_for};

/// The grappling skill's id; grappling is its own skill, apart from unarmed.
pub const GRAPPLING: &str = "grappling";

/// Two combatants locked together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grapple {
    /// Who grabbed.
    pub grappler: CombatantId,
    /// Who was grabbed.
    pub grappled: CombatantId,
    /// Who has control, once decided.
    pub controller: Option<CombatantId>,
}

impl Grapple {
    /// Whether `id` is one of the two.
    pub fn involves(&self, id: &CombatantId) -> bool {
        &self.grappler == id || &self.grappled == id
    }

    /// The other one.
    pub fn other(&self, id: &CombatantId) -> &CombatantId {
        if &self.grappler == id {
            &self.grappled
        } else {
            &self.grappler
        }
    }
}

/// A hold that subdues (CX-MELEE-03).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = GrappleHold))]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// Choked out: unconscious.
    ChokeOut,
    /// Pinned: restrained until it wins control.
    Pin,
    /// A joint lock: restrained until it wins control.
    JointLock,
}

impl Hold {
    /// The name used in commands.
    pub fn key(self) -> &'static str {
        match self {
            Hold::ChokeOut => "choke-out",
            Hold::Pin => "pin",
            Hold::JointLock => "joint-lock",
        }
    }
}

/// What a grappler does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum GrappleAct {
    /// Contest control: opposed grapple checks.
    Contest,
    /// The controller subdues the other with a hold.
    Subdue {
        /// The hold.
        hold: Hold,
    },
    /// Strike the other: a failed strike lets it contest control at once.
    Strike {
        /// A weapon by index (none: unarmed).
        weapon: Option<usize>,
    },
    /// Let go (free).
    Release,
}

pub(crate) fn grab(
    d: &mut Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    able(d, id)?;
    not_afraid(d, id, "grapple")?;
    if id == target {
        return Err(Refusal::Illegal {
            why: "a combatant cannot grapple itself".into(),
        });
    }
    let victim = d.state.combatant(target)?;
    if victim.fighter.dead {
        return Err(Refusal::Illegal {
            why: format!("{target} is dead"),
        });
    }
    if let Some(g) = d.state.grapple_of(id) {
        return Err(Refusal::Illegal {
            why: format!("{id} is already grappling {}", g.other(id)),
        });
    }
    if d.state.grapple_of(target).is_some() {
        return Err(Refusal::Illegal {
            why: format!("{target} is already in a grapple"),
        });
    }
    in_reach(d, id, target, 1)?;
    spend_on(d, id, 1, format!("grapple {target}"), target)?;
    d.push(Event::GrappleBegan {
        grappler: id.clone(),
        grappled: target.clone(),
    });
    // The grabbed one gets a penalty attack on the grappler (CX-MELEE-03).
    penalty_attack(d, target, id, "grappled", dice)?;
    if able(d, id).is_ok() && able(d, target).is_ok() {
        contest(d, id, target, dice)?;
    }
    Ok(())
}

/// Opposed grapple checks: `challenger` takes control only by beating the
/// other's total; the defender wins ties (CX-DICE-04).
fn contest(
    d: &mut Decision<'_>,
    challenger: &CombatantId,
    other: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let total = |d: &Decision<'_>, who: &CombatantId| -> Result<(String, i64), Refusal> {
        let f = &d.state.combatant(who)?.fighter;
        Ok((
            f.name.clone(),
            f.skill(GRAPPLING)
                .map_or(0, |s| if s.usable { s.total } else { 0 }),
        ))
    };
    let (a_name, a_skill) = total(d, challenger)?;
    let (b_name, b_skill) = total(d, other)?;
    let a_die = d100_for(dice, || format!("grapple check d100 for {a_name}"))?;
    let b_die = d100_for(dice, || format!("grapple check d100 for {b_name}"))?;
    let (a_total, b_total) = (i64::from(a_die) + a_skill, i64::from(b_die) + b_skill);
    let mut b = Breakdown::new();
    b.die(format!("grapple check, {a_name}"), 100, a_die);
    b.modifier("Grappling", a_skill);
    b.die(format!("grapple check, {b_name}"), 100, b_die);
    b.modifier("Grappling", b_skill);
    let won = a_total > b_total;
    b.compare(
        format!("{a_name} {a_total}"),
        if won { ">" } else { "<=" },
        format!("{b_name} {b_total}"),
        if won {
            format!("{a_name} takes control")
        } else {
            format!("{b_name} keeps or takes control (the defender wins ties, CX-DICE-04)")
        },
    );
    let controller = if won { challenger } else { other };
    d.push(Event::GrappleControl {
        controller: controller.clone(),
        breakdown: b,
    });
    if won {
        release_holds(d, challenger);
    }
    Ok(())
}

/// `id` leaves the fight: its grapple ends, and so do the holds it keeps
/// on anyone.
pub(crate) fn left(d: &mut Decision<'_>, id: &CombatantId) {
    if let Some(g) = d.state.grapple_of(id) {
        let other = g.other(id).clone();
        d.push(Event::GrappleEnded {
            a: id.clone(),
            b: other,
            why: format!("{id} left the fight"),
        });
    }
    let holds: Vec<_> = d
        .state
        .clock
        .effects
        .iter()
        .filter(|e| matches!(&e.payload, CxEffect::Restrained { by } if by == id))
        .map(|e| e.id)
        .collect();
    for effect in holds {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: format!("the hold ends: {id} left the fight"),
        });
    }
}

/// Ends the holds on `id` (it won control, or the grapple ended).
fn release_holds(d: &mut Decision<'_>, id: &CombatantId) {
    let holds: Vec<_> = d
        .state
        .clock
        .effects_on(id)
        .filter(|e| matches!(e.payload, CxEffect::Restrained { .. }))
        .map(|e| e.id)
        .collect();
    for effect in holds {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: "the hold is broken".into(),
        });
    }
}

pub(crate) fn act(
    d: &mut Decision<'_>,
    id: &CombatantId,
    act: GrappleAct,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    able(d, id)?;
    let g = d
        .state
        .grapple_of(id)
        .cloned()
        .ok_or_else(|| Refusal::Illegal {
            why: format!("{id} is not in a grapple; grapple someone first"),
        })?;
    let other = g.other(id).clone();
    match act {
        GrappleAct::Release => {
            if g.controller.as_ref().is_some_and(|c| c != id) {
                return Err(Refusal::Illegal {
                    why: format!(
                        "{id} is not in control of the grapple and cannot let go; contest control first (CX-MELEE-03)"
                    ),
                });
            }
            release_holds(d, &other);
            d.push(Event::GrappleEnded {
                a: g.grappler.clone(),
                b: g.grappled.clone(),
                why: format!("{id} lets go"),
            });
        }
        GrappleAct::Contest => {
            spend(d, id, 1, "contest the grapple")?;
            contest(d, id, &other, dice)?;
        }
        GrappleAct::Subdue { hold } => {
            if g.controller.as_ref() != Some(id) {
                return Err(Refusal::Illegal {
                    why: format!(
                        "only the one in control subdues; {id} must win control first (CX-MELEE-03)"
                    ),
                });
            }
            spend_on(d, id, 1, format!("{} {other}", hold.key()), &other)?;
            contest(d, id, &other, dice)?;
            if d.state.grapple_of(id).and_then(|g| g.controller.as_ref()) == Some(id) {
                match hold {
                    Hold::ChokeOut => add_condition(d, &other, ConditionKind::Unconscious, None),
                    Hold::Pin | Hold::JointLock => {
                        let e = d.state.clock.add_effect(
                            &other,
                            hold.key(),
                            None,
                            CxEffect::Restrained { by: id.clone() },
                        );
                        d.clock(e);
                    }
                }
            }
        }
        GrappleAct::Strike { weapon } => {
            if d.state.is_restrained(id) {
                return Err(Refusal::Illegal {
                    why: format!("{id} is held and can only contest control"),
                });
            }
            super::melee::attack(d, id, &other, weapon, MeleeKind::Strike, false, dice)?;
            let hit = d.events.iter().rev().find_map(|e| match e {
                Event::Melee { swing, .. } => Some(swing.hit),
                _ => None,
            });
            if hit == Some(false) {
                // A failed strike lets the opponent contest control at once.
                if able(d, &other).is_ok() {
                    if let Ok(reaction) = d.state.clock.react(&other, "contest the grapple") {
                        d.clock(reaction);
                        contest(d, &other, id, dice)?;
                    }
                }
            }
        }
    }
    Ok(())
}
