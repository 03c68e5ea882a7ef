//! The clock's events in words: initiative, rounds and turns, actions,
//! held actions, effects beginning and ending.

use nanite_core::encounter::MomentKind;
use nanite_core::{ClockEvent, CombatantId};

use crate::encounter::{Battle, D20Effect};

pub(super) fn clock(state: &Battle, e: &ClockEvent<D20Effect>) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    let one = |text: String| vec![text];
    match e {
        ClockEvent::Joined { .. } => vec![],
        ClockEvent::Left { id } => one(format!("{} leaves the fight", n(id))),
        ClockEvent::HiddenSet { id, hidden } => one(format!(
            "{} is {}",
            n(id),
            if *hidden {
                "hidden from the players"
            } else {
                "revealed to the players"
            }
        )),
        ClockEvent::InitiativeRolled {
            id,
            die,
            modifier,
            total,
        } => one(format!(
            "{} initiative: d100 = {die} + DEX {modifier} = {total} (D20-INIT-01)",
            n(id)
        )),
        ClockEvent::RolledOff { id, die } => {
            one(format!("{} rolls off a tie: d100 = {die}", n(id)))
        }
        ClockEvent::InitiativeSet { id, total } => {
            if state.campaign.initiative == crate::campaign::InitiativeBy::Side
                && *total >= crate::encounter::SIDE_STEP
            {
                one(format!(
                    "{} acts with the {} (DEX {})",
                    n(id),
                    state.side(id).unwrap_or("?"),
                    state.scores(id).dex
                ))
            } else {
                one(format!("the GM sets {}'s initiative to {total}", n(id)))
            }
        }
        ClockEvent::PinSet { id, pinned } => one(format!(
            "{} is {} in the order",
            n(id),
            if *pinned { "pinned" } else { "unpinned" }
        )),
        ClockEvent::Placed { id, position } => one(format!(
            "the GM places {} at position {} in the order",
            n(id),
            position + 1
        )),
        ClockEvent::SurpriseBegan { actors } => one(format!(
            "surprise round: only {} act",
            actors.iter().map(&n).collect::<Vec<_>>().join(", ")
        )),
        ClockEvent::RoundBegan { number } => one(format!("round {number} begins")),
        ClockEvent::TurnBegan { id, .. } => {
            let speed = state.combatants.get(id).map_or(0, |c| c.fighter.speed);
            one(format!(
                "{}'s turn: 1 action and {speed} ft of movement",
                n(id)
            ))
        }
        ClockEvent::TurnEnded { id } => one(format!("{}'s turn ends", n(id))),
        ClockEvent::ActionsSpent { id, on, .. } => {
            if on.starts_with("lost: ") {
                vec![]
            } else {
                one(format!("{}: {on} (its action)", n(id)))
            }
        }
        ClockEvent::ReactionUsed { id, on, .. } => one(format!("{} reacts: {on}", n(id))),
        ClockEvent::ActionsHeld { id, trigger, .. } => {
            one(format!("{} holds its action until: {trigger}", n(id)))
        }
        ClockEvent::HeldTriggered { id, .. } => one(format!("{}'s held action is set off", n(id))),
        ClockEvent::HeldLost { id, .. } => one(format!("{}'s held action goes unused", n(id))),
        ClockEvent::EffectAdded { effect } => match &effect.payload {
            D20Effect::Casting { .. } => vec![],
            _ => one(format!(
                "{}: {}{}",
                n(&effect.bearer),
                effect.name,
                effect
                    .expiry
                    .as_ref()
                    .map(|x| match (&effect.payload, x.count) {
                        (D20Effect::Stunned, 1) => " until the end of its next turn".to_string(),
                        (D20Effect::Stunned, c) =>
                            format!(" until the end of its turn {c} turns from now"),
                        _ => " for an hour (D20-GRAP-05)".to_string(),
                    })
                    .unwrap_or_default()
            )),
        },
        ClockEvent::EffectEnded { id, why } => {
            // An expiry reads with names: "Ilsa Wren's casting Firebolt ends
            // at the start of Ilsa Wren's turn".
            let expired = state
                .clock
                .effects
                .iter()
                .find(|e| e.id == *id)
                .and_then(|e| {
                    let at = &e.expiry.as_ref()?.at;
                    (why == &format!("{} ended at {at}", e.name)).then(|| {
                        let when = match at.kind {
                            MomentKind::StartOfTurn => "the start",
                            MomentKind::EndOfTurn => "the end",
                        };
                        format!(
                            "{}'s {} ends at {when} of {}'s turn",
                            n(&e.bearer),
                            e.name,
                            n(&at.of)
                        )
                    })
                });
            one(expired.unwrap_or_else(|| why.clone()))
        }
        ClockEvent::EffectChanged { effect } => {
            one(format!("{} now: {}", n(&effect.bearer), effect.name))
        }
        ClockEvent::Ended => one("the fight is over".to_string()),
    }
}
