//! The GM's hand on one combatant: every GM command about it with that
//! combatant already chosen (heal, harm, conditions on and off, cover and
//! stance, hiding, removing, initiative and delaying its turn, a check),
//! each judged on that combatant, for a panel on its card.

use nanite_core::CombatantId;
use nanite_core::table::{
    Draft, ParamKind, ParamOption, ParamValue, delay, hide_or_reveal, remove_from_the_fight,
    set_initiative,
};

use super::{Offer, called_check, conditions, covers, dc_params, stances, text, whole};
use crate::combat::ConditionKind;
use crate::encounter::{Combatant, Command, CxEffect};
use crate::pack::DamageType;

impl Offer<'_> {
    /// The GM's commands on `id`, aimed at it.
    pub(super) fn gm_on(&mut self, id: &CombatantId) {
        let Some(me) = self.battle.combatants.get(id) else {
            return;
        };
        self.gm_health_on(id, me);
        self.gm_conditions_on(id);
        self.gm_placing_on(id);
        self.gm_initiative_on(id);
        self.gm_check_on(id, me);
        self.push(remove_from_the_fight(id).map(Command::Clock));
    }

    /// Healing up to what it misses, and a hazard's harm.
    fn gm_health_on(&mut self, id: &CombatantId, me: &Combatant) {
        let missing = (me.fighter.max_hp - me.fighter.hp).max(1);
        self.push(
            Draft::new(
                "heal",
                "Heal",
                Command::Heal {
                    target: id.clone(),
                    amount: missing.min(10),
                    why: "the GM's ruling".into(),
                },
            )
            .at(id)
            .param("amount", "health", whole(1, 10_000, Some(missing.min(10))))
            .param("why", "why", text("the GM's ruling")),
        );
        self.push(
            Draft::new(
                "harm",
                "Harm",
                Command::Harm {
                    target: id.clone(),
                    amount: 10,
                    damage_type: DamageType::Ballistic,
                    apl: 0,
                    why: "a hazard".into(),
                },
            )
            .at(id)
            .param("amount", "damage", whole(0, 10_000, Some(10)))
            .param(
                "damage_type",
                "type",
                ParamKind::one_of(
                    super::DAMAGE_TYPES
                        .iter()
                        .map(|(_, key)| ParamOption::new(ParamValue::word(key), *key))
                        .collect(),
                ),
            )
            .param("apl", "armor-piercing level", whole(0, 20, Some(0)))
            .param("why", "why", text("a hazard")),
        );
    }

    /// A condition put on, and each condition it bears ended.
    fn gm_conditions_on(&mut self, id: &CombatantId) {
        let mut bearing: Vec<ConditionKind> = Vec::new();
        for e in self.battle.clock.effects_on(id) {
            if let CxEffect::Condition(c) = &e.payload
                && !bearing.contains(&c.kind)
            {
                bearing.push(c.kind);
            }
        }
        self.push(
            Draft::new(
                "afflict",
                "Put a condition on",
                Command::Afflict {
                    target: id.clone(),
                    condition: ConditionKind::ALL[0],
                    turns: None,
                },
            )
            .at(id)
            .param("condition", "condition", conditions())
            .param("turns", "turns (empty: until saved)", whole(1, 100, None)),
        );
        for kind in bearing {
            self.push(
                Draft::new(
                    "cure",
                    format!("End {}", kind.key()),
                    Command::Cure {
                        target: id.clone(),
                        condition: kind,
                    },
                )
                .at(id),
            );
        }
    }

    /// Its cover and stance, and hiding it from or revealing it to the
    /// players.
    fn gm_placing_on(&mut self, id: &CombatantId) {
        let hidden = self
            .battle
            .clock
            .seats
            .iter()
            .find(|s| &s.id == id)
            .is_some_and(|s| s.hidden);
        self.push(
            Draft::new(
                "position",
                "Change cover or stance",
                Command::Position {
                    id: id.clone(),
                    cover: None,
                    stance: None,
                },
            )
            .at(id)
            .param("cover", "cover", covers(Some("unchanged")))
            .param("stance", "stance", stances(Some("unchanged"))),
        );
        self.push(hide_or_reveal(id, hidden, "unhide").map(Command::Clock));
    }

    /// Its initiative total, and delaying its turn.
    fn gm_initiative_on(&mut self, id: &CombatantId) {
        self.push(set_initiative(&self.battle.clock, id, 10_000).map(Command::Clock));
        self.delay(id);
    }

    /// A check called on one of its skills.
    fn gm_check_on(&mut self, id: &CombatantId, me: &Combatant) {
        let skills: Vec<_> = me
            .fighter
            .skills
            .iter()
            .map(|s| ParamOption::new(ParamValue::word(&s.id), s.name.as_str()))
            .collect();
        let first_skill = me.fighter.skills.first().map(|s| s.id.clone());
        if let Some(skill) = first_skill {
            let check = Draft::new("check", "Call a check", called_check(id, skill))
                .at(id)
                .param("skill", "skill", ParamKind::one_of(skills));
            self.push(dc_params(check));
        }
    }

    /// Delaying `id`'s turn, when it has someone behind it.
    fn delay(&mut self, id: &CombatantId) {
        if let Some(draft) = delay(&self.battle.clock.order, id, |o| self.battle.name(o)) {
            self.push(draft.map(Command::Clock));
        }
    }
}
