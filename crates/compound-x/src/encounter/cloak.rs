//! Cloaking in a fight (CX-CLOAK-01..04): activation for the module's
//! Nanite Activation Cost, upkeep at each later turn start unless the wearer
//! kept still the whole previous turn, the duration in turns, the Charge
//! Delay in actions, and once per encounter at levels 1-4.
//!
//! What a cloak hides and how it is found is `stealth`'s; any combat action
//! ends it there.

use nanite_core::{Breakdown, ClockEvent, CombatantId};
use serde::{Deserialize, Serialize};

use super::gm::{able, not_afraid, spend};
use super::stealth::{enemies_seeing, give_away, hidden_from};
use super::{Battle, Decision, Event, Refusal};

/// Actions to switch a cloak on. The texts give no cost; a decision: 1, as
/// for other gear worked in a fight (a flashlight, CX-TURN-07).
pub const CLOAK_ACTIONS: u32 = 1;

/// A cloak switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveCloak {
    /// Turns it lasts after the turn it was switched on in: Cloak Turns +
    /// the module's bonus + the Shadow Assassin gain (CX-CLOAK-02/04).
    pub turns: i64,
    /// Turns begun under it so far.
    pub turns_used: i64,
}

/// Marks that `id` moved (`moved`) or used a skill, for the cloak's upkeep
/// (CX-CLOAK-01) and its Moving Detect DC (CX-CLOAK-03). A move command
/// calls this unless its event already marks the move (`Event::Moved` does).
pub(crate) fn stir(d: &mut Decision<'_>, id: &CombatantId, moved: bool, what: &str) {
    d.push(Event::Stirred {
        id: id.clone(),
        moved,
        why: what.to_string(),
    });
}

/// Switches `id`'s cloak on.
pub(crate) fn activate(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    let c = able(d, id)?.clone();
    not_afraid(d, id, "cloak")?;
    let illegal = |why: String| Refusal::Illegal { why };
    let Some(module) = &c.fighter.cloak else {
        return Err(illegal(format!(
            "{id} wears no cloaking module; put one in its equipment (equipment.cloak)"
        )));
    };
    if let Some(on) = &c.stealth.cloak {
        return Err(illegal(format!(
            "{id} is already cloaked ({} of {} turn(s) begun)",
            on.turns_used, on.turns
        )));
    }
    if c.stealth.charge_wait > 0 {
        return Err(illegal(format!(
            "the {} is recharging: {id} must wait {} more action(s) before cloaking again (Charge Delay, CX-CLOAK-02)",
            module.name, c.stealth.charge_wait
        )));
    }
    if module.once_per_encounter && c.stealth.cloaks_used > 0 {
        return Err(illegal(format!(
            "{id} is level {}: at levels 1-4 a character cloaks only once per encounter (CX-CLOAK-02)",
            c.fighter.level
        )));
    }
    if c.fighter.nanites < module.activation_cost {
        return Err(illegal(format!(
            "the {} costs {} nanites to activate and {id} has {} (CX-CLOAK-01)",
            module.name, module.activation_cost, c.fighter.nanites
        )));
    }
    if d.state.in_combat() {
        spend(
            d,
            id,
            CLOAK_ACTIONS,
            format!("activate the {}", module.name),
        )?;
    }
    let mut b = Breakdown::new();
    b.value(
        format!("{} Nanite Activation Cost (CX-CLOAK-01)", module.name),
        module.activation_cost,
    );
    b.value("nanites left", c.fighter.nanites - module.activation_cost);
    b.value(
        format!("Cloak Turns at level {} (CX-CLOAK-04)", c.fighter.level),
        module.level_turns,
    );
    b.modifier("the module's Cloak Turn Bonus", module.turn_bonus);
    b.modifier(
        "Shadow Assassin cloak turn gain (CX-CLOAK-04)",
        module.class_gain,
    );
    b.modifier(
        "other effects",
        module.turns - module.level_turns - module.turn_bonus - module.class_gain,
    );
    b.value("turns cloaked after this one (CX-CLOAK-02)", module.turns);
    if module.once_per_encounter {
        b.note("levels 1-4: once per encounter (CX-CLOAK-02)");
    }
    d.push(Event::Cloaked {
        id: id.clone(),
        cost: module.activation_cost,
        turns: module.turns,
        breakdown: b,
    });
    let from = enemies_seeing(d.state, id, &c.stealth.unseen_by);
    hidden_from(d, id, from, "cloaked");
    Ok(())
}

/// Switches `id`'s cloak off (a free action); the Charge Delay follows.
pub(crate) fn deactivate(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    let c = d.state.combatant(id)?;
    if c.stealth.cloak.is_none() {
        return Err(Refusal::Illegal {
            why: format!("{id} is not cloaked"),
        });
    }
    give_away(
        d,
        id,
        "the wearer switches it off",
        "visible again: the cloak is off",
    );
    Ok(())
}

/// At the start of the wearer's turn: the cloak's time runs out, or its
/// upkeep is paid unless the wearer kept still the whole previous turn, or it
/// fails for want of nanites (CX-CLOAK-01/02).
pub(crate) fn turn_starts(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    let Some(on) = d.state.combatant(id)?.stealth.cloak else {
        return Ok(());
    };
    let c = d.state.combatant(id)?.clone();
    let Some(module) = &c.fighter.cloak else {
        give_away(d, id, "no cloaking module", "visible again");
        return Ok(());
    };
    let turn = on.turns_used + 1;
    if turn > on.turns {
        give_away(
            d,
            id,
            &format!(
                "the {}'s {} turn(s) are over (CX-CLOAK-02)",
                module.name, on.turns
            ),
            "visible again: the cloak is off",
        );
        return Ok(());
    }
    let due = if c.moved_last_turn { module.upkeep } else { 0 };
    if c.fighter.nanites < due {
        give_away(
            d,
            id,
            &format!(
                "out of nanites: the {}'s upkeep is {due} and {} has {} (CX-CLOAK-02)",
                module.name, c.fighter.name, c.fighter.nanites
            ),
            "visible again: the cloak is off",
        );
        return Ok(());
    }
    let mut b = Breakdown::new();
    b.note(format!(
        "{}'s cloak: turn {turn} of {}",
        c.fighter.name, on.turns
    ));
    if c.moved_last_turn {
        b.value(
            format!(
                "{} Nanite Upkeep: it moved last turn (CX-CLOAK-01)",
                module.name
            ),
            due,
        );
    } else {
        b.value(
            "no upkeep: it did not move during its whole previous turn (CX-CLOAK-01)",
            0,
        );
    }
    b.value("nanites left", c.fighter.nanites - due);
    d.push(Event::CloakUpkeep {
        id: id.clone(),
        cost: due,
        turn,
        breakdown: b,
    });
    Ok(())
}

/// Clock bookkeeping before a clock event applies: the Charge Delay counts
/// the wearer's actions left unused at its turn's end (CX-CLOAK-02; those
/// spent count in [`actions_passed`], and a turn's start clears what
/// stirred the cloak in [`turn_began`], where the battle's evolution finds
/// the combatant for its own bookkeeping).
pub(crate) fn before_clock(state: &mut Battle, e: &ClockEvent<super::CxEffect>) {
    if let ClockEvent::TurnEnded { id } = e {
        if state.clock.active.as_ref() == Some(id) {
            let left = state.clock.budget.left;
            if let Some(c) = state.combatants.get_mut(id) {
                actions_passed(c, left);
            }
        }
    }
}

/// The Charge Delay counts `passed` actions of its wearer (CX-CLOAK-02).
pub(crate) fn actions_passed(c: &mut super::Combatant, passed: u32) {
    c.stealth.charge_wait = c.stealth.charge_wait.saturating_sub(passed);
}

/// A turn's start clears what stirred its combatant's cloak.
pub(crate) fn turn_began(c: &mut super::Combatant) {
    c.stealth.stirred = false;
}

/// Applies a cloak event.
pub(crate) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::Stirred { id, moved, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.stealth.stirred = true;
                c.moved_this_turn |= *moved;
            }
        }
        Event::Cloaked {
            id, cost, turns, ..
        } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.fighter.nanites = (c.fighter.nanites - cost).max(0);
                c.stealth.cloak = Some(ActiveCloak {
                    turns: *turns,
                    turns_used: 0,
                });
                c.stealth.cloaks_used += 1;
            }
        }
        Event::CloakUpkeep { id, cost, turn, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.fighter.nanites = (c.fighter.nanites - cost).max(0);
                if let Some(on) = &mut c.stealth.cloak {
                    on.turns_used = *turn;
                }
            }
        }
        Event::Uncloaked {
            id, charge_delay, ..
        } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.stealth.cloak = None;
                c.stealth.charge_wait = *charge_delay;
            }
        }
        _ => {}
    }
}

/// Tells a cloak event.
pub(crate) fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    match event {
        Event::Stirred { id, why, .. } => {
            if state
                .combatants
                .get(id)
                .is_some_and(|c| c.stealth.cloak.is_some())
            {
                vec![format!(
                    "{} {why}: the cloak shimmers, Moving Detect DC until its next turn (CX-CLOAK-03)",
                    n(id)
                )]
            } else {
                Vec::new()
            }
        }
        Event::Cloaked { id, breakdown, .. } => {
            let mut out = vec![format!("{} cloaks (CX-CLOAK-01)", n(id))];
            out.extend(breakdown.steps().iter().map(|s| format!("  {s}")));
            out
        }
        Event::CloakUpkeep { breakdown, .. } => {
            breakdown.steps().iter().map(|s| s.to_string()).collect()
        }
        Event::Uncloaked {
            id,
            why,
            charge_delay,
        } => vec![format!(
            "{}'s cloak ends: {why}; {charge_delay} action(s) before it can cloak again (Charge Delay, CX-CLOAK-02)",
            n(id)
        )],
        _ => Vec::new(),
    }
}
