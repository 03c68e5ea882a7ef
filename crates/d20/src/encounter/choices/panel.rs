//! The GM's hand on one combatant of a D20 fight: the GM's commands about
//! it with that combatant already chosen (a check called at any time, harm and heal,
//! hiding, initiative and delaying its turn, removing it), each judged on
//! that combatant, for a panel on its card.

use nanite_core::table::{Draft, ParamKind, delay};
use nanite_core::{ClockCommand, CombatantId};

use super::{Offer, attribute_options, skill_options, text, whole};
use crate::attribute::Attribute;
use crate::encounter::Command;

impl Offer<'_> {
    /// The GM's commands on `id`, aimed at it.
    pub(super) fn gm_panel(&mut self, id: &CombatantId) {
        let Some(me) = self.battle.combatants.get(id) else {
            return;
        };
        let skills = skill_options(Some(me));
        let attributes = attribute_options();
        let seat = self.battle.clock.seats.iter().find(|s| &s.id == id);
        let hidden = seat.is_some_and(|s| s.hidden);
        let total = seat.and_then(|s| s.initiative.as_ref()).map(|i| i.total);
        self.push(
            Draft::new(
                "check",
                "Call a check",
                Command::Check {
                    id: id.clone(),
                    skill: None,
                    attribute: Some(Attribute::Wis),
                    dc: 15,
                    hidden: false,
                },
            )
            .at(id)
            .param("skill", "skill", ParamKind::one_of(skills))
            .param("attribute", "attribute", ParamKind::one_of(attributes))
            .param("dc", "DC", whole(1, 100, 15))
            .param("hidden", "hidden DC", ParamKind::Flag),
        );
        self.push(
            Draft::new(
                "harm",
                "Harm",
                Command::Harm {
                    target: id.clone(),
                    amount: 1,
                    by: None,
                    why: "the GM's ruling".into(),
                },
            )
            .at(id)
            .param("amount", "amount", whole(1, 1_000, 1))
            .param("why", "why", text("the GM's ruling")),
        );
        self.push(
            Draft::new(
                "heal",
                "Heal",
                Command::Heal {
                    target: id.clone(),
                    amount: 1,
                    why: "the GM's ruling".into(),
                },
            )
            .at(id)
            .param("amount", "amount", whole(1, 1_000, 1))
            .param("why", "why", text("the GM's ruling")),
        );
        self.push(
            Draft::new(
                if hidden { "reveal" } else { "hide" },
                if hidden {
                    "Reveal to the players"
                } else {
                    "Hide from the players"
                },
                Command::Clock(ClockCommand::Hide {
                    id: id.clone(),
                    hidden: !hidden,
                }),
            )
            .at(id),
        );
        self.push(
            Draft::new(
                "initiative",
                "Set initiative",
                Command::Clock(ClockCommand::SetInitiative {
                    id: id.clone(),
                    total: total.unwrap_or(50),
                }),
            )
            .at(id)
            .param(
                "total",
                "initiative total",
                whole(-1_000, 1_000, total.unwrap_or(50)),
            ),
        );
        self.delay(id);
        self.push(
            Draft::new(
                "leave",
                "Remove from the fight",
                Command::Clock(ClockCommand::Leave { id: id.clone() }),
            )
            .at(id),
        );
    }

    /// Delaying `id`'s turn, when it has someone behind it.
    fn delay(&mut self, id: &CombatantId) {
        if let Some(draft) = delay(&self.battle.clock.order, id, |o| self.battle.name(o)) {
            self.push(draft.map(Command::Clock));
        }
    }
}
