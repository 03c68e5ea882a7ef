//! A D20 refusal in the API's words, and for a player nothing of the
//! combatants hidden from them (the same shape as Compound X's refusals).

use std::collections::BTreeSet;

use nanite_core::Ruleset as _;
use nanite_core::{ClockCommand, CombatantId, SeededDice};
use nanite_d20::encounter::{Battle, Command, D20, Refusal};
use serde_json::Value;

use super::told;
use crate::error::AppError;
use crate::permissions::Viewer;
use crate::physical::{DiceTyped, Physical};
use crate::refusals::{names, nobody};

/// Refuses a player's command that names a combatant hidden from them, in
/// the words the engine uses for one that is not there at all.
pub(crate) fn unseen_targets(battle: &Battle, json: &Value) -> Result<(), AppError> {
    match told::hidden(battle)
        .into_iter()
        .find(|(id, _)| names(json, id.as_str()))
    {
        Some((id, _)) => Err(nobody(id.as_str(), &battle.clock)),
        None => Ok(()),
    }
}

/// The engine's refusal as an API error, with every die the command needs
/// when the dice were typed in (a dry run of `command` on `battle`). A
/// player while someone is hidden from them is given the rules' words on
/// the fight as they know it ([`as_they_know`]).
pub(crate) fn refused_with_dice(
    refusal: Refusal,
    viewer: &Viewer,
    battle: &Battle,
    dice: Option<(&Physical, &DiceTyped)>,
    command: &Command,
    mine: &dyn Fn(&str) -> bool,
) -> AppError {
    if let (Refusal::Dice(message), Some((physical, typed))) = (&refusal, dice) {
        return crate::physical::refused_dice(
            message,
            physical,
            typed,
            viewer.is_gm(),
            mine,
            |d| {
                let _ = D20::decide(battle, command, d);
            },
        );
    }
    match as_they_know(refusal, viewer, battle, command) {
        Some(refusal) => refused(refusal, viewer, Some(battle)),
        None => crate::refusals::ask_the_gm(),
    }
}

/// The engine's words (`why`) are about the fight it decided: for a player
/// while someone is hidden from them, the command is decided again on the
/// fight as they know it (the hidden combatants left); none when that
/// fight would take it (the refusal is about something hidden from them).
/// As Compound X's (`crate::refusals`).
fn as_they_know(
    refusal: Refusal,
    viewer: &Viewer,
    battle: &Battle,
    command: &Command,
) -> Option<Refusal> {
    let worded = matches!(refusal, Refusal::Illegal { .. } | Refusal::CannotAct { .. });
    if viewer.is_gm() || !worded || told::hidden(battle).is_empty() {
        return Some(refusal);
    }
    let known = nanite_core::table::without_hidden::<D20, _>(battle, &battle.clock, |id| {
        Command::Clock(ClockCommand::Leave { id })
    });
    // The probe's dice never leave this function.
    D20::decide(&known, command, &mut SeededDice::new(0)).err()
}

/// The engine's refusal as an API error: its message names what is wrong
/// and the fix. A player is not told of combatants hidden from them: the
/// refusal names its combatants as data (`Refusal::mentions`), and one
/// that names a combatant hidden from the player tells them to ask the GM.
/// The GM's is the engine's own.
pub(crate) fn refused(refusal: Refusal, viewer: &Viewer, battle: Option<&Battle>) -> AppError {
    if let (Refusal::Unknown { id, .. }, Some(battle), false) = (&refusal, battle, viewer.is_gm()) {
        return nobody(id.as_str(), &battle.clock);
    }
    let hidden: BTreeSet<CombatantId> = match (battle, viewer.is_gm()) {
        (Some(battle), false) => told::hidden(battle).into_iter().map(|(id, _)| id).collect(),
        _ => BTreeSet::new(),
    };
    crate::refusals::told(
        &refusal.mentions(),
        &hidden,
        refusal.to_string(),
        serde_json::to_value(&refusal),
    )
}
