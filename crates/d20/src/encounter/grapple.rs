//! The grappling state machine (D20-GRAP-01..07): takedowns start a
//! grapple with Grappling Advantage, position changes move it, attacks
//! (submission, slam, short strikes) use it. Every action is an attribute +
//! Melee Fighting check opposed by the defender's same check; the actor's
//! natural 20 or 1 decides alone, with its extra effect.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, CombatantId, DiceSource};

mod kinds;

pub use kinds::{Grapple, GrappleAttack, PositionChange, Takedown, TakedownChoice};

use super::attack::{explain_damage, roll_damage, strike};
use super::{D20Effect, Decision, Event, Refusal, casting, gm};
use crate::attribute::Attribute;
use crate::check::{CheckSpec, d20, opposed_after};
use crate::pack::WeaponKind;

/// Grappling Advantage adds +5 to its holder's grappling checks
/// (D20-GRAP-03, D20-GRAP-04).
pub const ADVANTAGE_BONUS: i64 = 5;
/// A position change won while holding advantage: +5 to the next grappling
/// attack (D20-GRAP-03).
pub const PRIMED_BONUS: i64 = 5;
/// Rounds in an hour (6-second rounds, a decision): how long a
/// submission's drain lasts in a fight (D20-GRAP-05).
pub const HOUR_ROUNDS: u32 = 600;
/// A slam's damage dice, before the STR bonus (D20-GRAP-06).
pub const SLAM_DAMAGE: &str = "1d12";

/// How a grappling check went.
struct Outcome {
    natural: Option<u32>,
    contest: Option<crate::check::Opposed>,
    success: bool,
}

/// The actor's check against the defender's same check (D20-GRAP-01). The
/// actor's first d20 is read first: a natural 20 succeeds and a natural 1
/// fails without the defender rolling; otherwise higher total wins, ties
/// re-rolled (D20-CHK-03).
fn contest(
    d: &mut Decision,
    actor: &CombatantId,
    defender: &CombatantId,
    attribute: Attribute,
    action: &str,
    primed: bool,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, Refusal> {
    let spec_of = |d: &Decision, id: &CombatantId| -> Result<CheckSpec, Refusal> {
        let f = &d.state.combatant(id)?.fighter;
        let mut spec = f.skill_spec(
            &d.state.campaign,
            &d.state.scores(id),
            &f.grappling_skill,
            Some(attribute),
            None,
        );
        spec.label = format!(
            "{action} ({attribute} + {})",
            f.skill(&f.grappling_skill).name
        );
        if d.state.grapple_of(id).is_some_and(|g| g.holds(id)) {
            spec = spec.with("Grappling Advantage (D20-GRAP-03)", ADVANTAGE_BONUS);
        }
        Ok(spec)
    };
    let mut a_spec = spec_of(d, actor)?;
    if primed {
        a_spec = a_spec.with("position won with advantage (D20-GRAP-03)", PRIMED_BONUS);
    }
    let r_spec = spec_of(d, defender)?;
    let a_name = d.state.name(actor);
    let r_name = d.state.name(defender);
    let first = d20(dice, &format!("{} check for {a_name}", a_spec.label))?;
    let mut b = Breakdown::new();
    let outcome = if first == 20 || first == 1 {
        b.die(format!("{} check for {a_name}", a_spec.label), 20, first);
        a_spec.explain(&mut b);
        b.note(format!(
            "natural {first}: {} whatever {r_name} rolls (decision, D20-GRAP-02..04)",
            if first == 20 { "success" } else { "failure" }
        ));
        Outcome {
            natural: Some(first),
            contest: None,
            success: first == 20,
        }
    } else {
        let o = opposed_after(Some(first), (&a_name, &a_spec), (&r_name, &r_spec), dice)?;
        b.extend(o.breakdown.clone());
        Outcome {
            natural: None,
            success: o.actor_wins,
            contest: Some(o),
        }
    };
    d.push(Event::GrappleCheck {
        actor: actor.clone(),
        defender: defender.clone(),
        action: action.to_string(),
        natural: outcome.natural,
        contest: outcome.contest.clone(),
        success: outcome.success,
        breakdown: b,
    });
    Ok(outcome)
}

/// A takedown: success starts a grapple with advantage; a natural 20 gives
/// a free grappling action; a natural 1 lets the target choose advantage
/// or a free melee attack (D20-GRAP-02).
pub(crate) fn takedown(
    d: &mut Decision,
    id: &CombatantId,
    target: &CombatantId,
    kind: Takedown,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let (attribute, action) = kind.of();
    gm::ready(d, id, action)?;
    d.state.combatant(target)?;
    if id == target {
        return Err(Refusal::Illegal {
            why: "nobody takes itself down".into(),
        });
    }
    if d.state.is_down(target) {
        return Err(Refusal::Illegal {
            why: format!("{} is already down", d.state.name(target)),
        });
    }
    for who in [id, target] {
        if let Some(g) = d.state.grapple_of(who) {
            return Err(Refusal::Illegal {
                why: format!(
                    "{} is already grappling with {} (one grapple at a time, decision)",
                    d.state.name(who),
                    d.state.name(&g.other(who))
                ),
            });
        }
    }
    d.state
        .reaches(id, target, WeaponKind::Melee, false, 5)
        .map_err(|why| Refusal::Illegal {
            why: format!("a takedown needs melee reach: {why}"),
        })?;
    gm::spend(d, id, action)?;
    let o = contest(d, id, target, attribute, action, false, dice)?;
    if o.success {
        d.push(Event::GrappleBegan {
            a: id.clone(),
            b: target.clone(),
            advantage: id.clone(),
        });
        if o.natural == Some(20) {
            d.push(Event::FreeGrapple { id: id.clone() });
        }
    } else if o.natural == Some(1) {
        d.push(Event::ChoiceOwed {
            chooser: target.clone(),
            against: id.clone(),
        });
    }
    Ok(())
}

/// The chooser's answer to a takedown's natural 1 (D20-GRAP-02).
pub(crate) fn choose(
    d: &mut Decision,
    id: &CombatantId,
    choice: TakedownChoice,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Some(owed) = d.state.owed.clone().filter(|o| &o.chooser == id) else {
        return Err(Refusal::Illegal {
            why: format!("{} has nothing to choose", d.state.name(id)),
        });
    };
    match choice {
        TakedownChoice::Advantage => {
            d.push(Event::Chose {
                chooser: id.clone(),
                choice,
            });
            d.push(Event::GrappleBegan {
                a: owed.against.clone(),
                b: id.clone(),
                advantage: id.clone(),
            });
        }
        TakedownChoice::Attack { weapon } => {
            gm::able(d, id)?;
            let f = d.state.combatant(id)?.fighter.clone();
            let w = match weapon {
                None => f.unarmed(),
                Some(i) => f.weapons.get(i).cloned().ok_or_else(|| Refusal::Illegal {
                    why: format!(
                        "{} has no weapon {i}; its weapons: {}",
                        f.name,
                        super::attack::weapons_list(&f)
                    ),
                })?,
            };
            if w.kind != WeaponKind::Melee {
                return Err(Refusal::Illegal {
                    why: format!(
                        "the {} is not a melee weapon; the free attack is a melee attack (D20-GRAP-02)",
                        w.name
                    ),
                });
            }
            d.push(Event::Chose {
                chooser: id.clone(),
                choice,
            });
            strike(d, id, &owed.against, &w, dice)?;
        }
    }
    Ok(())
}

/// Pays for a grappling action: the free one of a takedown's natural 20
/// when it is there, else the turn's action.
fn pay(d: &mut Decision, id: &CombatantId, what: &str) -> Result<(), Refusal> {
    if d.state.free_grapple.as_ref() == Some(id) {
        d.push(Event::FreeGrappleUsed { id: id.clone() });
        return Ok(());
    }
    gm::spend(d, id, what)
}

fn in_grapple(d: &Decision, id: &CombatantId) -> Result<super::Grapple, Refusal> {
    d.state
        .grapple_of(id)
        .cloned()
        .ok_or_else(|| Refusal::Illegal {
            why: format!(
                "{} is not grappling; start with a takedown (clinch, tackle or trip, D20-GRAP-02)",
                d.state.name(id)
            ),
        })
}

/// A natural 1 gives the opponent advantage (D20-GRAP-03, D20-GRAP-04).
fn fumble(d: &mut Decision, g: &super::Grapple, id: &CombatantId) {
    let other = g.other(id);
    if !g.holds(&other) {
        d.push(Event::AdvantageTo {
            id: other,
            why: format!("{} rolled a natural 1", d.state.name(id)),
        });
    }
}

/// A position change (D20-GRAP-03).
pub(crate) fn position(
    d: &mut Decision,
    id: &CombatantId,
    kind: PositionChange,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let (attribute, action) = kind.of();
    gm::ready(d, id, action)?;
    let g = in_grapple(d, id)?;
    if kind == PositionChange::Reversal && g.holds(id) {
        return Err(Refusal::Illegal {
            why: format!(
                "{} holds Grappling Advantage: a reversal cannot be done with it (D20-GRAP-03)",
                d.state.name(id)
            ),
        });
    }
    pay(d, id, action)?;
    let other = g.other(id);
    let o = contest(d, id, &other, attribute, action, false, dice)?;
    if o.success {
        if g.holds(id) {
            d.push(Event::Primed { id: id.clone() });
        } else {
            d.push(Event::AdvantageTo {
                id: id.clone(),
                why: format!("{action} won (D20-GRAP-03)"),
            });
        }
    } else if o.natural == Some(1) {
        fumble(d, &g, id);
    }
    Ok(())
}

/// A grappling attack (D20-GRAP-04..07).
pub(crate) fn attack(
    d: &mut Decision,
    id: &CombatantId,
    kind: GrappleAttack,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let (attribute, action) = kind.of();
    gm::ready(d, id, action)?;
    let g = in_grapple(d, id)?;
    pay(d, id, action)?;
    let other = g.other(id);
    let primed = g.primed.as_ref() == Some(id);
    let o = contest(d, id, &other, attribute, action, primed, dice)?;
    if primed {
        d.push(Event::PrimedUsed { id: id.clone() });
    }
    if !o.success {
        if o.natural == Some(1) {
            fumble(d, &g, id);
        }
        return Ok(());
    }
    let doubled = o.natural == Some(20);
    let f = d.state.combatant(id)?.fighter.clone();
    let str_score = d.state.scores(id).str;
    let str_bonus = d.state.campaign.bonus(str_score);
    match kind {
        GrappleAttack::Submission => submission(d, &other, if doubled { 2 } else { 1 }),
        GrappleAttack::Slam | GrappleAttack::ShortStrikes => {
            let dice_text = if kind == GrappleAttack::Slam {
                SLAM_DAMAGE.to_string()
            } else {
                f.unarmed_damage.clone()
            };
            let roll = roll_damage(
                &dice_text,
                str_bonus,
                doubled,
                &format!("{action} damage {dice_text} for {}", f.name),
                dice,
            )?;
            let mut b = Breakdown::new();
            explain_damage(&mut b, &roll, &format!("STR {str_score} bonus"));
            let amount = roll.total;
            d.push(Event::GrappleHit {
                actor: id.clone(),
                target: other.clone(),
                action: action.to_string(),
                roll,
                breakdown: b,
            });
            gm::damage(
                d,
                &other,
                amount,
                Some(id),
                &format!("{}'s {action}", f.name),
                dice,
            )?;
            if kind == GrappleAttack::Slam && !d.state.is_down(&other) {
                casting::stun(d, &other, if doubled { 2 } else { 1 });
            }
        }
    }
    Ok(())
}

/// The holder of Grappling Advantage lets go, free (a decision: the seed
/// gives no escape; advantage is control).
pub(crate) fn release(d: &mut Decision, id: &CombatantId) -> Result<(), Refusal> {
    gm::able(d, id)?;
    let g = in_grapple(d, id)?;
    if !g.holds(id) {
        return Err(Refusal::Illegal {
            why: format!(
                "only the one with Grappling Advantage can let go; {} must win it first with a position change (push, pull, scramble or reversal, D20-GRAP-03)",
                d.state.name(id)
            ),
        });
    }
    d.push(Event::GrappleEnded {
        a: g.a.clone(),
        b: g.b.clone(),
        why: format!("{} lets go", d.state.name(id)),
    });
    Ok(())
}

/// -`points` STR and CON for an hour, cumulative; maximum hit points follow
/// CON, and a Constitution drained to 0 fells (D20-GRAP-05).
fn submission(d: &mut Decision, target: &CombatantId, points: i64) {
    let e = d.state.clock.add_effect(
        target,
        format!("submission -{points} STR and CON"),
        Some(Expiry::after(HOUR_ROUNDS, Moment::start_of(target))),
        D20Effect::Drained { points },
    );
    let was_down = d.state.is_down(target);
    d.clock(e);
    if let Ok(c) = d.state.combatant(target) {
        let max = d.state.max_hp(target);
        if c.hp > max {
            d.push(Event::HpCapped {
                id: target.clone(),
                hp: max,
                max,
            });
        }
    }
    if !was_down && d.state.is_down(target) {
        let why = if d.state.scores(target).con <= 0 {
            "Constitution drained to 0 (D20-GRAP-05)"
        } else {
            "0 hit points: maximum hit points fell with Constitution (D20-GRAP-05)"
        };
        gm::fall(d, target, why);
    }
}
