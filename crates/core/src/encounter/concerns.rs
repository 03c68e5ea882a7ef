//! Whom a fact of the fight concerns, read from its typed fields: the
//! combatants an event names, so a table can keep an event about a
//! combatant hidden from the players away from them without searching the
//! event's words for names.

use super::{ClockEvent, CombatantId, Effect, Encounter};

/// A value that names combatants in its typed fields (an effect's payload:
/// the one suppressing its bearer, the one it is cast at).
pub trait Concerns {
    /// The combatants this value names, in the order its fields give them
    /// (a combatant may appear more than once).
    fn concerns(&self) -> Vec<&CombatantId>;
}

/// A payload that names nobody.
impl Concerns for () {
    fn concerns(&self) -> Vec<&CombatantId> {
        Vec::new()
    }
}

/// An effect concerns its bearer, the combatant whose turn ends it, and
/// whoever its payload names.
impl<P: Concerns> Concerns for Effect<P> {
    fn concerns(&self) -> Vec<&CombatantId> {
        let mut ids = vec![&self.bearer];
        ids.extend(self.expiry.as_ref().map(|x| &x.at.of));
        ids.extend(self.payload.concerns());
        ids
    }
}

impl<P: Concerns> ClockEvent<P> {
    /// The combatants this event concerns, in `clock` as it is just before
    /// the event applies: the ones it names, and for an effect (added,
    /// changed or ended: an ended one is found in `clock` by its id) its
    /// bearer, the combatant whose turn ends it and whoever its payload
    /// names. An effect `clock` does not hold concerns nobody.
    pub fn concerns<'a>(&'a self, clock: &'a Encounter<P>) -> Vec<&'a CombatantId> {
        match self {
            ClockEvent::Joined { id, .. }
            | ClockEvent::Left { id }
            | ClockEvent::HiddenSet { id, .. }
            | ClockEvent::InitiativeRolled { id, .. }
            | ClockEvent::RolledOff { id, .. }
            | ClockEvent::InitiativeSet { id, .. }
            | ClockEvent::PinSet { id, .. }
            | ClockEvent::Placed { id, .. }
            | ClockEvent::TurnBegan { id, .. }
            | ClockEvent::TurnEnded { id }
            | ClockEvent::ActionsHeld { id, .. }
            | ClockEvent::HeldTriggered { id, .. }
            | ClockEvent::HeldLost { id, .. } => vec![id],
            ClockEvent::ActionsSpent { id, target, .. }
            | ClockEvent::ReactionUsed { id, target, .. } => {
                std::iter::once(id).chain(target.as_deref()).collect()
            }
            ClockEvent::SurpriseBegan { actors } => actors.iter().collect(),
            ClockEvent::EffectAdded { effect } | ClockEvent::EffectChanged { effect } => {
                effect.concerns()
            }
            ClockEvent::EffectEnded { id, .. } => clock
                .effects
                .iter()
                .find(|e| &e.id == id)
                .map(Concerns::concerns)
                .unwrap_or_default(),
            ClockEvent::RoundBegan { .. } | ClockEvent::Ended => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::encounter::{EffectId, Expiry, Limits, Moment};

    /// A payload naming the one who laid it on.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct By(CombatantId);

    impl Concerns for By {
        fn concerns(&self) -> Vec<&CombatantId> {
            vec![&self.0]
        }
    }

    fn id(s: &str) -> CombatantId {
        s.into()
    }

    fn suppressed() -> Effect<By> {
        Effect {
            id: EffectId(7),
            bearer: id("vex"),
            name: Cow::Borrowed("suppressed"),
            expiry: Some(Expiry::next(Moment::start_of(&id("scav")))),
            payload: By(id("raider")),
        }
    }

    fn clock() -> Encounter<By> {
        let mut clock = Encounter::new(Limits {
            actions_per_turn: 4,
            reactions_per_round: 1,
            max_held: 2,
        });
        clock.effects.push(suppressed());
        clock
    }

    #[test]
    fn each_clock_event_concerns_the_combatants_its_fields_name() {
        let clock = clock();
        let names = |e: &ClockEvent<By>| -> Vec<String> {
            e.concerns(&clock).iter().map(|i| i.to_string()).collect()
        };
        let cases: Vec<(ClockEvent<By>, Vec<&str>)> = vec![
            (
                ClockEvent::Joined {
                    id: id("scav"),
                    side: "raiders".into(),
                    hidden: true,
                },
                vec!["scav"],
            ),
            (ClockEvent::TurnEnded { id: id("scav") }, vec!["scav"]),
            (
                ClockEvent::ActionsSpent {
                    id: id("vex"),
                    actions: 1,
                    on: Cow::Borrowed("aim"),
                    target: None,
                },
                vec!["vex"],
            ),
            (
                ClockEvent::ActionsSpent {
                    id: id("scav"),
                    actions: 1,
                    on: Cow::Borrowed("grapple vex"),
                    target: Some(Box::new(id("vex"))),
                },
                vec!["scav", "vex"],
            ),
            (
                ClockEvent::ReactionUsed {
                    id: id("vex"),
                    on: "penalty attack on scav: grappled".into(),
                    target: Some(Box::new(id("scav"))),
                },
                vec!["vex", "scav"],
            ),
            (
                ClockEvent::SurpriseBegan {
                    actors: vec![id("scav"), id("lurker")],
                },
                vec!["scav", "lurker"],
            ),
            (ClockEvent::RoundBegan { number: 2 }, vec![]),
            (ClockEvent::Ended, vec![]),
            // An effect: its bearer, whose turn ends it, its payload's.
            (
                ClockEvent::EffectAdded {
                    effect: Box::new(suppressed()),
                },
                vec!["vex", "scav", "raider"],
            ),
            // An ended effect is found in the clock by its id.
            (
                ClockEvent::EffectEnded {
                    id: EffectId(7),
                    why: "suppressed ended".into(),
                },
                vec!["vex", "scav", "raider"],
            ),
            // One the clock does not hold names nobody.
            (
                ClockEvent::EffectEnded {
                    id: EffectId(8),
                    why: "gone".into(),
                },
                vec![],
            ),
        ];
        for (event, want) in cases {
            assert_eq!(names(&event), want, "{event:?}");
        }
    }

    #[test]
    fn an_effect_without_expiry_concerns_its_bearer_and_payload() {
        let effect = Effect {
            expiry: None,
            ..suppressed()
        };
        let ids: Vec<&str> = effect.concerns().iter().map(|i| i.as_str()).collect();
        assert_eq!(ids, ["vex", "raider"]);
    }
}
