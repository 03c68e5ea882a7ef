//! Events told in words, one or more lines each, with the breakdowns they
//! carry: the log a GM reads.

mod clock;

use nanite_core::{Breakdown, CombatantId};

use super::event::DiceRoll;
use super::{Battle, Event, TakedownChoice};
use crate::check::{CheckResult, duration};
use clock::clock;

/// The lines telling every event of one command, starting from `before`,
/// the battle just before the command.
pub fn narrate_all(before: &Battle, events: &[Event]) -> Vec<String> {
    let mut state = before.clone();
    let mut lines = Vec::new();
    for event in events {
        lines.extend(narrate(&state, event));
        super::event::evolve(&mut state, event);
    }
    lines
}

fn indent(b: &Breakdown) -> Vec<String> {
    b.to_string().lines().map(|l| format!("  {l}")).collect()
}

fn check_lines(head: String, r: &CheckResult) -> Vec<String> {
    let mut out = vec![head];
    out.extend(indent(&r.breakdown));
    out
}

fn roll_text(r: &DiceRoll) -> String {
    let faces: Vec<String> = r.faces.iter().map(|(_, f)| f.to_string()).collect();
    format!("{} [{}]", r.dice, faces.join(", "))
}

/// The lines telling `event`, using `state` (the battle just before it)
/// for names.
pub fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match event {
        Event::Clock(e) => clock(state, e),
        Event::Entered {
            id,
            fighter,
            place,
            hp,
        } => one(format!(
            "{} ({id}) enters at {place}: {hp} HP, Defense {}, speed {} ft",
            fighter.name,
            fighter
                .defense(&state.campaign, &fighter.scores)
                .iter()
                .map(|(_, v)| v)
                .sum::<i64>(),
            fighter.speed
        )),
        Event::Positioned { id, place } => one(format!("the GM puts {} at {place}", n(id))),
        Event::SideInitiative { rolls, order } => {
            let mut out = vec![format!(
                "side initiative (D20-INIT-03): {}",
                rolls
                    .iter()
                    .map(|r| format!(
                        "{} d100 = {}",
                        r.side,
                        r.dice
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", re-rolled ")
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            )];
            out.push(format!(
                "  sides act in the order {}; within a side, highest DEX first",
                order.join(", ")
            ));
            out
        }
        Event::TurnLost { id, why } => one(format!("{} loses the turn: {why}", n(id))),
        Event::DoubledMove { id, allowance } => one(format!(
            "{} gives up the action to move double: {allowance} ft this turn (D20-MOVE-01)",
            n(id)
        )),
        Event::Moved { id, squares } => {
            let feet = 5 * squares.len();
            let to = squares
                .last()
                .map_or_else(String::new, |s| format!(" to ({s})"));
            let left = state
                .combatants
                .get(id)
                .map_or(0, |c| c.movement.left() - i64::try_from(feet).unwrap_or(0));
            one(format!("{} moves {feet} ft{to} ({left} ft left)", n(id)))
        }
        Event::PassContest {
            mover,
            enemy,
            retry,
            contest,
        } => {
            let mut out = vec![format!(
                "{} tries to get past {}{}: opposed DEX checks (D20-MOVE-02)",
                n(mover),
                n(enemy),
                if *retry {
                    ", another try for 10 ft"
                } else {
                    ""
                }
            )];
            out.extend(indent(&contest.breakdown));
            out.push(if contest.actor_wins {
                format!("  {} slips past", n(mover))
            } else {
                format!(
                    "  {} is stopped; another try costs 10 ft of movement (D20-MOVE-02)",
                    n(mover)
                )
            });
            out
        }
        Event::RowChanged { id, row } => one(format!(
            "{} moves to the {} row (the whole move, D20-MOVE-03)",
            n(id),
            row.key()
        )),
        Event::Attacked {
            attacker,
            target,
            weapon,
            hit,
            breakdown,
            ..
        } => {
            let mut out = vec![format!(
                "{} attacks {} with the {weapon}: {}",
                n(attacker),
                n(target),
                if *hit { "hit" } else { "miss" }
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::Hurt {
            target,
            amount,
            why,
            ..
        } => {
            let hp = state
                .combatants
                .get(target)
                .map_or(0, |c| c.hp.saturating_sub(*amount));
            one(format!(
                "{} takes {amount} damage from {why}: {hp}/{} HP",
                n(target),
                state.max_hp(target)
            ))
        }
        Event::Healed { id, amount, why } => {
            let hp = state
                .combatants
                .get(id)
                .map_or(0, |c| c.hp.saturating_add(*amount));
            one(format!(
                "{} regains {amount} HP from {why}: {hp}/{} HP",
                n(id),
                state.max_hp(id)
            ))
        }
        Event::HpCapped { id, hp, max } => one(format!(
            "{}'s maximum hit points fall to {max} with its Constitution: {hp} HP (D20-GRAP-05)",
            n(id)
        )),
        Event::Fell { id, why } => one(format!("{} falls: {why}", n(id))),
        Event::Rose { id } => one(format!("{} is back on its feet", n(id))),
        Event::CastBegan {
            id,
            name,
            kind,
            target,
        } => one(format!(
            "{} begins: {} {name} at {}; it takes effect just before {}'s next turn (D20-CAST-01)",
            n(id),
            kind.verb(),
            n(target),
            n(id)
        )),
        Event::Concentration { id, result } => check_lines(
            format!(
                "{} must keep concentrating: {}",
                n(id),
                if result.success { "kept" } else { "lost" }
            ),
            result,
        ),
        Event::Resistance {
            caster,
            target,
            result,
        } => check_lines(
            format!(
                "{} against {}'s resistance: {}",
                n(caster),
                n(target),
                if result.success { "beaten" } else { "it holds" }
            ),
            result,
        ),
        Event::MagicSpent {
            id,
            kind,
            amount,
            wasted,
        } => {
            let left = state.combatants.get(id).map_or(0, |c| match kind {
                crate::pack::MagicKind::Spell => c.energy,
                crate::pack::MagicKind::Power => c.power_points,
            }) - amount;
            one(format!(
                "{} spends {amount} {}{} ({left} left)",
                n(id),
                kind.cost_name(),
                if *wasted {
                    ", wasted on the resistance (D20-CAST-03)"
                } else {
                    ""
                }
            ))
        }
        Event::MagicTookEffect {
            caster,
            target,
            name,
            roll,
            breakdown,
        } => {
            let mut out = vec![format!(
                "{}'s {name} takes effect on {}{}",
                n(caster),
                n(target),
                roll.as_ref()
                    .map(|r| format!(": {} = {}", roll_text(r), r.total))
                    .unwrap_or_default()
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::MagicFizzled { caster, name, why } => {
            one(format!("{}'s {name} fizzles: {why}", n(caster)))
        }
        Event::GrappleCheck {
            actor,
            defender,
            action,
            success,
            breakdown,
            ..
        } => {
            let mut out = vec![format!(
                "{}: {action} against {}: {}",
                n(actor),
                n(defender),
                if *success { "success" } else { "failure" }
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::GrappleHit {
            actor,
            target,
            action,
            roll,
            breakdown,
        } => {
            let mut out = vec![format!(
                "{}'s {} hits {}: {} = {}",
                n(actor),
                action.to_lowercase(),
                n(target),
                roll_text(roll),
                roll.total
            )];
            out.extend(indent(breakdown));
            out
        }
        Event::GrappleBegan { a, b, advantage } => one(format!(
            "{} and {} are grappling; {} has Grappling Advantage (D20-GRAP-02)",
            n(a),
            n(b),
            n(advantage)
        )),
        Event::AdvantageTo { id, why } => {
            one(format!("{} takes Grappling Advantage: {why}", n(id)))
        }
        Event::Primed { id } => one(format!(
            "{} already held advantage: +5 to its next grappling attack (D20-GRAP-03)",
            n(id)
        )),
        Event::PrimedUsed { id } => one(format!("{}'s +5 is used", n(id))),
        Event::GrappleEnded { a, b, why } => {
            one(format!("{} and {} stop grappling: {why}", n(a), n(b)))
        }
        Event::ChoiceOwed { chooser, against } => one(format!(
            "natural 1: {} chooses Grappling Advantage or a free melee attack on {} (D20-GRAP-02)",
            n(chooser),
            n(against)
        )),
        Event::Chose { chooser, choice } => one(format!(
            "{} chooses {}",
            n(chooser),
            match choice {
                TakedownChoice::Advantage => "Grappling Advantage".to_string(),
                TakedownChoice::Attack { .. } => "a free melee attack".to_string(),
            }
        )),
        Event::FreeGrapple { id } => one(format!(
            "natural 20: {} may take a position change or attack at once, free (D20-GRAP-02)",
            n(id)
        )),
        Event::FreeGrappleUsed { id } => one(format!("{} uses the free grappling action", n(id))),
        Event::Checked { id, result } => check_lines(
            format!(
                "{}: {} check against DC {}{}: {}",
                n(id),
                result.label,
                result.dc.value,
                if result.dc.hidden { " (hidden)" } else { "" },
                if result.success { "success" } else { "failure" }
            ),
            result,
        ),
        Event::Rested { id, rest } => {
            let mut out = vec![format!(
                "{} rests {} period(s) of 8 hours and regains {} HP (D20-REST-01)",
                n(id),
                rest.periods,
                rest.healed
            )];
            out.extend(indent(&rest.breakdown));
            out
        }
        Event::KitUsed {
            id,
            target,
            kit,
            treatment,
        } => {
            let kit_name = state
                .combatants
                .get(id)
                .and_then(|c| c.fighter.kits.iter().find(|k| &k.id == kit))
                .map_or(kit.as_str(), |k| k.name.as_str());
            let mut out = vec![format!(
                "{} treats {} with a {kit_name} (D20-REST-02): {}",
                n(id),
                n(target),
                if treatment.check.reached {
                    format!("{} HP restored", treatment.healed)
                } else {
                    "the treatment fails".into()
                }
            )];
            out.extend(indent(&treatment.check.breakdown));
            out
        }
        Event::TimePassed { minutes } => one(format!(
            "{} pass (in-game time out of combat: {})",
            duration(*minutes),
            duration(state.minutes + minutes)
        )),
    }
}
