//! The GM's hand on one combatant of a D20 fight: the GM's commands about
//! it with that combatant already chosen (a check called at any time, harm and heal,
//! hiding, initiative and delaying its turn, removing it), each judged on
//! that combatant, for a panel on its card.

use nanite_core::CombatantId;
use nanite_core::table::{Draft, delay, hide_or_reveal, remove_from_the_fight, set_initiative};

use super::{Offer, called_check, check_params, text, whole};
use crate::encounter::Command;

impl Offer<'_> {
    /// The GM's commands on `id`, aimed at it.
    pub(super) fn gm_panel(&mut self, id: &CombatantId) {
        let Some(me) = self.battle.combatants.get(id) else {
            return;
        };
        let hidden = self
            .battle
            .clock
            .seats
            .iter()
            .any(|s| &s.id == id && s.hidden);
        self.push(check_params(
            Draft::new("check", "Call a check", called_check(id)).at(id),
            Some(me),
        ));
        let ruling = "the GM's ruling";
        let harm = Command::Harm {
            target: id.clone(),
            amount: 1,
            by: None,
            why: ruling.into(),
        };
        let heal = Command::Heal {
            target: id.clone(),
            amount: 1,
            why: ruling.into(),
        };
        for (key, label, command) in [("harm", "Harm", harm), ("heal", "Heal", heal)] {
            self.push(
                Draft::new(key, label, command)
                    .at(id)
                    .param("amount", "amount", whole(1, 1_000, 1))
                    .param("why", "why", text(ruling)),
            );
        }
        self.push(hide_or_reveal(id, hidden, "reveal").map(Command::Clock));
        self.push(set_initiative(&self.battle.clock, id, 1_000).map(Command::Clock));
        self.delay(id);
        self.push(remove_from_the_fight(id).map(Command::Clock));
    }

    /// Delaying `id`'s turn, when it has someone behind it.
    fn delay(&mut self, id: &CombatantId) {
        if let Some(draft) = delay(&self.battle.clock.order, id, |o| self.battle.name(o)) {
            self.push(draft.map(Command::Clock));
        }
    }
}
