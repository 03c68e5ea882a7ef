//! A D20 command's log in words, twice: as the GM reads it, and as the
//! table may hear it. The table never hears of a combatant hidden from the
//! players, the DC of a hidden check (nor the total that met it), or an
//! exact health total; what it does hear is the engine's own narration.
//! Whom an event concerns is read from its typed fields (`Event::concerns`:
//! a hurt's `by`, not its words "the brute's club").

use std::collections::BTreeSet;

use nanite_core::{ClockEvent, CombatantId};
use nanite_d20::encounter::{Battle, D20, Event, narrate};

use crate::told::{Hears, effect_ended};

// D20 is told by this module's words, as Compound X is (`crate::told`).
crate::told::tell_in_this_module!(D20);

/// The combatants the clock hides from the players, with their names.
pub(crate) fn hidden(battle: &Battle) -> BTreeSet<(CombatantId, String)> {
    crate::told::hidden_by(&battle.clock, |id| battle.name(id))
}

/// What the table may hear of `event`, which concerns nobody hidden from
/// it.
fn for_table(state: &Battle, event: &Event) -> Hears {
    match event {
        // A side all of whose members are hidden is not named to the
        // table: its roll and its place in the order are the GM's (by the
        // seats' typed hidden flags, not by searching the words).
        Event::SideInitiative { rolls, order } => {
            let seen = |side: &str| {
                state
                    .clock
                    .seats
                    .iter()
                    .any(|s| s.side == side && !s.hidden)
            };
            let cut = Event::SideInitiative {
                rolls: rolls.iter().filter(|r| seen(&r.side)).cloned().collect(),
                order: order.iter().filter(|s| seen(s)).cloned().collect(),
            };
            Hears::Lines(nanite_d20::encounter::narrate(state, &cut))
        }
        // The engine's lines give hit point totals; the table hears the
        // change only (a player sees their own totals on the tracker).
        Event::Entered {
            id, fighter, place, ..
        } => Hears::Lines(vec![format!("{} ({id}) enters at {place}", fighter.name)]),
        Event::Hurt {
            target,
            amount,
            why,
            ..
        } => Hears::Lines(vec![format!(
            "{} takes {amount} damage from {why}",
            state.name(target)
        )]),
        Event::Healed { id, amount, why } => Hears::Lines(vec![format!(
            "{} regains {amount} HP from {why}",
            state.name(id)
        )]),
        Event::HpCapped { id, .. } => Hears::Lines(vec![format!(
            "{}'s maximum hit points fall with its Constitution (D20-GRAP-05)",
            state.name(id)
        )]),
        // A check against a hidden DC: the die and whether it succeeded, as
        // in Compound X, but neither the DC nor the total that met it.
        Event::Checked { id, result } if result.dc.hidden => Hears::Lines(vec![format!(
            "{}: {} check against a hidden DC: d20 = {}, {}",
            state.name(id),
            result.label,
            result.die,
            if result.success { "success" } else { "failure" }
        )]),
        Event::Clock(ClockEvent::HiddenSet { hidden: true, .. }) => Hears::Nothing,
        _ => Hears::AsTheGm,
    }
}

/// What the table hears of `event`, which concerns a combatant hidden from
/// it: an effect ending for a visible bearer; an unseen combatant's attack
/// on a visible one (hit or miss, not its dice), the damage it took from
/// someone unseen (the typed `by`), and an enemy the mover cannot see in
/// its way ("something unseen blocks the way", D20-MOVE-02), without the
/// unseen one's name or id. Anything else: nothing.
fn unseen_by_table(
    state: &Battle,
    event: &Event,
    unseen: &dyn Fn(&CombatantId) -> bool,
) -> Option<Vec<String>> {
    let line = match event {
        Event::Clock(ClockEvent::EffectEnded { id, .. }) => {
            return effect_ended(&state.clock, id, unseen);
        }
        Event::Attacked {
            attacker,
            target,
            hit,
            ..
        } if unseen(attacker) && !unseen(target) => format!(
            "{} is attacked by someone unseen: {}",
            state.name(target),
            if *hit { "a hit" } else { "a miss" }
        ),
        Event::Hurt {
            target,
            amount,
            by: Some(by),
            ..
        } if unseen(by) && !unseen(target) => format!(
            "{} takes {amount} damage from someone unseen",
            state.name(target)
        ),
        Event::PassContest {
            mover,
            enemy,
            contest,
            ..
        } if unseen(enemy) && !unseen(mover) => format!(
            "{}: something unseen blocks the way; {} (D20-MOVE-02)",
            state.name(mover),
            if contest.actor_wins {
                "it gets past"
            } else {
                "it is stopped"
            }
        ),
        _ => return None,
    };
    Some(vec![line])
}
