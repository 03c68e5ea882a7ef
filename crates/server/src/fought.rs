//! A built-in fight at the table: the one trait ([`Fought`]) over which the
//! server words refusals (`refusals.rs`) and checks permissions
//! (`permissions.rs`) once for Compound X and D20, and its two impls.

use std::collections::BTreeSet;

use nanite_compound_x::encounter::CompoundX;
use nanite_core::table::Acting;
use nanite_core::{ClockCommand, CombatantId, Encounter, Ruleset};
use nanite_d20::encounter::D20;

use crate::told;

/// A built-in fight at the table (Compound X and D20): what the table
/// needs of the ruleset to allow a command (who acts in it) and to word its
/// refusals for each viewer, so that a player learns nothing of a combatant
/// hidden from them. The permissions and refusals are written once for
/// both over it.
pub(crate) trait Fought: Ruleset<Error: serde::Serialize + std::fmt::Display> {
    /// What the fight's clock keeps on its effects.
    type Effect;
    /// Who acts in `command` (the engine's own answer, which its choices
    /// use too).
    fn acting(command: &Self::Command, state: &Self::State) -> Acting;
    /// The fight's clock: who is in it, who is hidden.
    fn clock(state: &Self::State) -> &Encounter<Self::Effect>;
    /// The combatants hidden from the players, with their names.
    fn hidden(state: &Self::State) -> BTreeSet<(CombatantId, String)>;
    /// The command by which `id` leaves the fight (to decide a command on
    /// the fight as a player knows it).
    fn leave(id: CombatantId) -> Self::Command;
    /// The refusal's message when it is for want of dice.
    fn wants_dice(refusal: &Self::Error) -> Option<&str>;
    /// Whether the refusal carries the engine's words on the fight (its
    /// `why`), which may be about someone hidden.
    fn worded(refusal: &Self::Error) -> bool;
    /// The id a refusal says nobody in the fight has.
    fn unknown(refusal: &Self::Error) -> Option<&CombatantId>;
    /// The combatants the refusal names, as data.
    fn mentions(refusal: &Self::Error) -> Vec<&CombatantId>;
}

impl Fought for CompoundX {
    type Effect = nanite_compound_x::encounter::CxEffect;
    fn acting(command: &Self::Command, state: &Self::State) -> Acting {
        nanite_compound_x::encounter::choices::acting(command, state)
    }
    fn clock(state: &Self::State) -> &Encounter<Self::Effect> {
        &state.clock
    }
    fn hidden(state: &Self::State) -> BTreeSet<(CombatantId, String)> {
        told::hidden(state)
    }
    fn leave(id: CombatantId) -> Self::Command {
        nanite_compound_x::encounter::Command::Clock(ClockCommand::Leave { id })
    }
    fn wants_dice(refusal: &Self::Error) -> Option<&str> {
        match refusal {
            nanite_compound_x::encounter::Refusal::Dice(message) => Some(message),
            _ => None,
        }
    }
    fn worded(refusal: &Self::Error) -> bool {
        use nanite_compound_x::encounter::Refusal;
        matches!(
            refusal,
            Refusal::Illegal { .. } | Refusal::CannotAct { .. } | Refusal::Shot { .. }
        )
    }
    fn unknown(refusal: &Self::Error) -> Option<&CombatantId> {
        match refusal {
            nanite_compound_x::encounter::Refusal::Unknown { id, .. } => Some(id),
            _ => None,
        }
    }
    fn mentions(refusal: &Self::Error) -> Vec<&CombatantId> {
        refusal.mentions()
    }
}

impl Fought for D20 {
    type Effect = nanite_d20::encounter::D20Effect;
    fn acting(command: &Self::Command, state: &Self::State) -> Acting {
        nanite_d20::encounter::choices::acting(command, state)
    }
    fn clock(state: &Self::State) -> &Encounter<Self::Effect> {
        &state.clock
    }
    fn hidden(state: &Self::State) -> BTreeSet<(CombatantId, String)> {
        crate::d20::told::hidden(state)
    }
    fn leave(id: CombatantId) -> Self::Command {
        nanite_d20::encounter::Command::Clock(ClockCommand::Leave { id })
    }
    fn wants_dice(refusal: &Self::Error) -> Option<&str> {
        match refusal {
            nanite_d20::encounter::Refusal::Dice(message) => Some(message),
            _ => None,
        }
    }
    fn worded(refusal: &Self::Error) -> bool {
        use nanite_d20::encounter::Refusal;
        matches!(refusal, Refusal::Illegal { .. } | Refusal::CannotAct { .. })
    }
    fn unknown(refusal: &Self::Error) -> Option<&CombatantId> {
        match refusal {
            nanite_d20::encounter::Refusal::Unknown { id, .. } => Some(id),
            _ => None,
        }
    }
    fn mentions(refusal: &Self::Error) -> Vec<&CombatantId> {
        refusal.mentions()
    }
}
