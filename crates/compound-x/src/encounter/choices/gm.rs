//! The GM's own hand: the clock, the scene, harm and conditions, checks,
//! rulings on who is seen and who is in the fight, suppression's crossings,
//! and each combatant's panel.

use nanite_core::table::{Draft, ParamKind, ParamOption, ParamValue};
use nanite_core::{ClockCommand, CombatantId};

use super::super::Command;
use super::{
    DAMAGE_TYPES, Offer, called_check, conditions, covers, dc_params, stances, text, whole,
};
use crate::combat::ConditionKind;
use crate::pack::DamageType;

impl Offer<'_> {
    /// The GM's own hand: the clock, the scene, harm and rulings, each
    /// command's combatants chosen from everyone in the fight.
    pub(super) fn gm(&mut self) {
        let ids = self.battle.clock.seated();
        let Some(first) = ids.first().cloned() else {
            return;
        };
        let combatants = ParamKind::one_of(
            ids.iter()
                .map(|id| ParamOption::new(ParamValue::word(id.as_str()), id.as_str()))
                .collect(),
        );
        let second = ids.get(1).cloned().unwrap_or_else(|| first.clone());
        self.gm_clock();
        self.gm_scene(&first, &second, &combatants);
        self.gm_harm(&first, &combatants);
        self.gm_check(&first, &combatants);
        self.gm_rulings(&first, &combatants);
        self.gm_crossing(&first, &second, &combatants);
        for id in &ids {
            self.gm_on(id);
        }
        if !matches!(
            self.battle.clock.phase,
            nanite_core::encounter::FightPhase::Ended
        ) {
            self.push(Draft::new(
                "end_fight",
                "End the fight",
                Command::Clock(ClockCommand::End),
            ));
        }
    }

    /// Initiative and the fight's beginning during setup, the next turn
    /// once someone acts.
    fn gm_clock(&mut self) {
        let roll_all = Command::RollInitiative { who: Vec::new() };
        for draft in nanite_core::table::gm_clock(&self.battle.clock, roll_all, Command::Clock) {
            self.push(draft);
        }
    }

    /// Distances, cover and stance.
    fn gm_scene(&mut self, first: &CombatantId, second: &CombatantId, combatants: &ParamKind) {
        self.push(
            Draft::new(
                "distance",
                "Set a distance",
                Command::Distance {
                    a: first.clone(),
                    b: second.clone(),
                    metres: 10,
                },
            )
            .param("a", "between", combatants.clone())
            .param("b", "and", combatants.clone())
            .param("metres", "metres", whole(0, 10_000, Some(10))),
        );
        self.push(
            Draft::new(
                "position",
                "Place a combatant",
                Command::Position {
                    id: first.clone(),
                    cover: None,
                    stance: None,
                },
            )
            .param("id", "who", combatants.clone())
            .param("cover", "cover", covers(Some("unchanged")))
            .param("stance", "stance", stances(Some("unchanged"))),
        );
    }

    /// A hazard's harm, and conditions put on and ended.
    fn gm_harm(&mut self, first: &CombatantId, combatants: &ParamKind) {
        let damage_types = ParamKind::one_of(
            DAMAGE_TYPES
                .iter()
                .map(|(_, key)| ParamOption::new(ParamValue::word(key), *key))
                .collect(),
        );
        self.push(
            Draft::new(
                "harm",
                "Harm (a hazard)",
                Command::Harm {
                    target: first.clone(),
                    amount: 10,
                    damage_type: DamageType::Ballistic,
                    apl: 0,
                    why: "a hazard".into(),
                },
            )
            .param("target", "who", combatants.clone())
            .param("amount", "damage", whole(0, 10_000, Some(10)))
            .param("damage_type", "type", damage_types)
            .param("apl", "armor-piercing level", whole(0, 20, Some(0)))
            .param("why", "why", text("a hazard")),
        );
        self.push(
            Draft::new(
                "afflict",
                "Put a condition on",
                Command::Afflict {
                    target: first.clone(),
                    condition: ConditionKind::ALL[0],
                    turns: None,
                },
            )
            .param("target", "who", combatants.clone())
            .param("condition", "condition", conditions())
            .param("turns", "turns (empty: until saved)", whole(1, 100, None)),
        );
        self.push(
            Draft::new(
                "cure",
                "End a condition",
                Command::Cure {
                    target: first.clone(),
                    condition: ConditionKind::ALL[0],
                },
            )
            .param("target", "who", combatants.clone())
            .param("condition", "condition", conditions()),
        );
    }

    /// A check the GM calls, maybe hidden, maybe two skills combined
    /// (CX-DICE-07).
    fn gm_check(&mut self, first: &CombatantId, combatants: &ParamKind) {
        let check = Draft::new(
            "check",
            "Call a check (GM)",
            called_check(first, String::new()),
        )
        .param("id", "who", combatants.clone())
        .param("skill", "skill id", text(""));
        self.push(
            dc_params(check).param(
                "combined_with",
                "combined with a second skill id: one roll adding both, against twice the DC (CX-DICE-07)",
                text(""),
            ),
        );
    }

    /// Rulings on one combatant: undetected or detected, killed outright,
    /// hidden from or revealed to the players, removed from the fight.
    fn gm_rulings(&mut self, first: &CombatantId, combatants: &ParamKind) {
        for (kind, label, command) in [
            (
                "conceal",
                "Rule undetected",
                Command::Conceal {
                    id: first.clone(),
                    from: Vec::new(),
                    dc: None,
                },
            ),
            (
                "reveal",
                "Rule detected",
                Command::Reveal {
                    id: first.clone(),
                    to: Vec::new(),
                },
            ),
            (
                "kill",
                "Kill outright (a deadly hazard)",
                Command::Kill {
                    target: first.clone(),
                    why: "a deadly hazard".into(),
                },
            ),
        ] {
            let field = if kind == "kill" { "target" } else { "id" };
            let mut d = Draft::new(kind, label, command).param(field, "who", combatants.clone());
            if kind == "kill" {
                d = d.param("why", "why", text("a deadly hazard"));
            }
            if kind == "conceal" {
                d = d.param(
                    "dc",
                    "the DC a search must beat (uncloaked)",
                    whole(1, 300, None),
                );
            }
            self.push(d);
        }
        for (hidden, label) in [
            (true, "Hide from the players"),
            (false, "Reveal to the players"),
        ] {
            self.push(
                Draft::new(
                    if hidden { "hide" } else { "unhide" },
                    label,
                    Command::Clock(ClockCommand::Hide {
                        id: first.clone(),
                        hidden,
                    }),
                )
                .param("id", "who", combatants.clone()),
            );
        }
        self.push(
            Draft::new(
                "leave",
                "Remove from the fight",
                Command::Clock(ClockCommand::Leave { id: first.clone() }),
            )
            .param("id", "who", combatants.clone()),
        );
    }

    /// A crossing in front of a suppressor, and the penalty attack it may
    /// grant.
    fn gm_crossing(&mut self, first: &CombatantId, second: &CombatantId, combatants: &ParamKind) {
        self.push(
            Draft::new(
                "crossing",
                "Rule a crossing in front of a suppressor",
                Command::Crossing {
                    by: first.clone(),
                    target: second.clone(),
                },
            )
            .param("by", "suppressor", combatants.clone())
            .param("target", "who crossed", combatants.clone()),
        );
        self.push(
            Draft::new(
                "penalty_attack",
                "Grant a penalty attack",
                Command::PenaltyAttack {
                    by: first.clone(),
                    target: second.clone(),
                    why: "crossed in front".into(),
                },
            )
            .param("by", "who strikes", combatants.clone())
            .param("target", "who is struck", combatants.clone())
            .param("why", "why", text("crossed in front")),
        );
    }
}
