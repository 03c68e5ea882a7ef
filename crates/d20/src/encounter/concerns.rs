//! Whom each fact of a D20 fight concerns, read from its typed fields: what
//! a table needs to keep an event about a combatant hidden from the players
//! away from them, without searching the words it is told in (a hurt's
//! words name the attacker, "the brute's club"; its typed `by` says who it
//! was). A new event or effect must say whom it concerns here (the matches
//! have no catch-all arm).

use nanite_core::CombatantId;
use nanite_core::encounter::Concerns;

use super::{Battle, D20Effect, Event};

/// A spell or power under way names its target.
impl Concerns for D20Effect {
    fn concerns(&self) -> Vec<&CombatantId> {
        match self {
            D20Effect::Casting { target, .. } => vec![target],
            D20Effect::Stunned | D20Effect::Drained { .. } => Vec::new(),
        }
    }
}

impl Event {
    /// The combatants this event concerns, in `battle` as it is just before
    /// the event applies: every combatant its fields name (the attacker
    /// and the target, who hurt whom, the enemy in the way), and for a
    /// clock event what [`nanite_core::ClockEvent::concerns`] says (an
    /// effect's bearer, whose turn ends it, whom its payload names). Side
    /// initiative names sides, not combatants: it concerns nobody.
    pub fn concerns<'a>(&'a self, battle: &'a Battle) -> Vec<&'a CombatantId> {
        match self {
            Event::Clock(e) => e.concerns(&battle.clock),
            Event::Entered { id, .. }
            | Event::Positioned { id, .. }
            | Event::TurnLost { id, .. }
            | Event::DoubledMove { id, .. }
            | Event::Moved { id, .. }
            | Event::RowChanged { id, .. }
            | Event::Healed { id, .. }
            | Event::HpCapped { id, .. }
            | Event::Fell { id, .. }
            | Event::Rose { id }
            | Event::Concentration { id, .. }
            | Event::MagicSpent { id, .. }
            | Event::AdvantageTo { id, .. }
            | Event::Primed { id }
            | Event::PrimedUsed { id }
            | Event::FreeGrapple { id }
            | Event::FreeGrappleUsed { id }
            | Event::Checked { id, .. }
            | Event::Rested { id, .. }
            | Event::Chose { chooser: id, .. }
            | Event::MagicFizzled { caster: id, .. } => vec![id],
            Event::PassContest { mover, enemy, .. } => vec![mover, enemy],
            Event::Attacked {
                attacker, target, ..
            }
            | Event::Resistance {
                caster: attacker,
                target,
                ..
            }
            | Event::MagicTookEffect {
                caster: attacker,
                target,
                ..
            }
            | Event::GrappleHit {
                actor: attacker,
                target,
                ..
            }
            | Event::GrappleCheck {
                actor: attacker,
                defender: target,
                ..
            }
            | Event::CastBegan {
                id: attacker,
                target,
                ..
            }
            | Event::KitUsed {
                id: attacker,
                target,
                ..
            } => vec![attacker, target],
            Event::Hurt { target, by, .. } => std::iter::once(target).chain(by).collect(),
            Event::GrappleBegan { a, b, advantage } => vec![a, b, advantage],
            Event::GrappleEnded { a, b, .. } => vec![a, b],
            Event::ChoiceOwed { chooser, against } => vec![chooser, against],
            Event::SideInitiative { .. } | Event::TimePassed { .. } => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use nanite_core::encounter::{Effect, EffectId, Expiry, Moment};
    use nanite_core::{Breakdown, ClockEvent};

    use super::*;
    use crate::campaign::Campaign;
    use crate::encounter::{Field, Place, Row};
    use crate::pack::{Magic, MagicKind};

    fn id(s: &str) -> CombatantId {
        s.into()
    }

    /// Kara stunned until the end of the brute's next turn.
    fn stunned() -> Effect<D20Effect> {
        Effect {
            id: EffectId(4),
            bearer: id("kara"),
            name: Cow::Borrowed("stunned"),
            expiry: Some(Expiry::next(Moment::end_of(&id("brute")))),
            payload: D20Effect::Stunned,
        }
    }

    #[test]
    fn each_event_concerns_the_combatants_its_fields_name() {
        let mut battle = Battle::new(Campaign::default(), Field::Rows);
        battle.clock.effects.push(stunned());
        let cases: Vec<(Event, Vec<&str>)> = vec![
            (Event::Rose { id: id("kara") }, vec!["kara"]),
            (
                Event::Positioned {
                    id: id("brute"),
                    place: Place::Row(Row::Back),
                },
                vec!["brute"],
            ),
            // The attacker is concerned as much as the one it strikes.
            (
                Event::Attacked {
                    attacker: id("brute"),
                    target: id("kara"),
                    weapon: "club".into(),
                    die: 14,
                    total: 17,
                    defense: 15,
                    hit: true,
                    damage: None,
                    breakdown: Breakdown::new(),
                },
                vec!["brute", "kara"],
            ),
            // Who hurt whom is typed, whatever the words say.
            (
                Event::Hurt {
                    target: id("kara"),
                    amount: 5,
                    by: Some(id("brute")),
                    why: "a falling beam".into(),
                },
                vec!["kara", "brute"],
            ),
            (
                Event::Hurt {
                    target: id("kara"),
                    amount: 2,
                    by: None,
                    why: "a fall".into(),
                },
                vec!["kara"],
            ),
            (
                Event::GrappleBegan {
                    a: id("brute"),
                    b: id("kara"),
                    advantage: id("brute"),
                },
                vec!["brute", "kara", "brute"],
            ),
            (
                Event::ChoiceOwed {
                    chooser: id("kara"),
                    against: id("brute"),
                },
                vec!["kara", "brute"],
            ),
            (
                Event::SideInitiative {
                    rolls: Vec::new(),
                    order: vec!["players".into(), "lurkers".into()],
                },
                vec![],
            ),
            (Event::TimePassed { minutes: 10 }, vec![]),
            // A clock event: an ended effect is found in the battle's clock,
            // with the combatant whose turn ends it.
            (
                Event::Clock(ClockEvent::EffectEnded {
                    id: EffectId(4),
                    why: "stunned ended".into(),
                }),
                vec!["kara", "brute"],
            ),
        ];
        for (event, want) in cases {
            let got: Vec<&str> = event.concerns(&battle).iter().map(|i| i.as_str()).collect();
            assert_eq!(got, want, "{event:?}");
        }
    }

    #[test]
    fn a_spell_under_way_names_its_target() {
        let casting = D20Effect::Casting {
            magic: Magic {
                id: "bolt".into(),
                name: "Bolt".into(),
                kind: MagicKind::Spell,
                cost: 2,
                skill: "arcana".into(),
                range: 30,
                damage: Some("1d6".into()),
                heal: None,
                stun: 0,
                description: "a bolt of light".into(),
            },
            target: id("brute"),
        };
        let got: Vec<&str> = casting.concerns().iter().map(|i| i.as_str()).collect();
        assert_eq!(got, ["brute"]);
        assert!(D20Effect::Stunned.concerns().is_empty());
        assert!(D20Effect::Drained { points: 2 }.concerns().is_empty());
    }
}
