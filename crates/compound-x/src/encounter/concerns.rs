//! Whom each fact of a Compound X fight concerns, read from its typed
//! fields: what a table needs to keep an event about a combatant hidden
//! from the players away from them, without searching the words it is told
//! in. A new event or effect must say whom it concerns here (the matches
//! have no catch-all arm).

use nanite_core::CombatantId;
use nanite_core::encounter::Concerns;

use super::{Battle, CxEffect, Event};

/// An effect's payload names the suppressor, the one holding a restrained
/// bearer, and the patient of a stabilize under way.
impl Concerns for CxEffect {
    fn concerns(&self) -> Vec<&CombatantId> {
        match self {
            CxEffect::Suppressed { by, .. } | CxEffect::Restrained { by } => vec![by],
            CxEffect::Stabilizing { target, .. } => vec![target],
            CxEffect::Condition(_)
            | CxEffect::Aimed
            | CxEffect::NoCriticals
            | CxEffect::Tripped
            | CxEffect::Reloading { .. }
            | CxEffect::HitTheDirt
            | CxEffect::Injured { .. }
            | CxEffect::Cooked { .. }
            | CxEffect::Warded { .. } => Vec::new(),
        }
    }
}

impl Event {
    /// The combatants this event concerns, in `battle` as it is just before
    /// the event applies: every combatant its fields name (the shooter and
    /// the target, everyone a grenade caught or a suppression holds), and
    /// for a clock event what [`nanite_core::ClockEvent::concerns`] says
    /// (an effect's bearer, whose turn ends it, whom its payload names).
    pub fn concerns<'a>(&'a self, battle: &'a Battle) -> Vec<&'a CombatantId> {
        match self {
            Event::Clock(e) => e.concerns(&battle.clock),
            Event::Entered { id, .. }
            | Event::Positioned { id, .. }
            | Event::BlackCat { id, .. }
            | Event::WeaponBroken { id, .. }
            | Event::Ticked { id, .. }
            | Event::Checked { id, .. }
            | Event::Reloaded { id, .. }
            | Event::FastRecharged { id, .. }
            | Event::Moved { id, .. }
            | Event::ThrownAway { id, .. }
            | Event::ItemUsed { id, .. }
            | Event::WoundHealed { id, .. }
            | Event::Rested { id, .. }
            | Event::StayedUp { id }
            | Event::Fell { id, .. }
            | Event::Repaired { id, .. }
            | Event::JamCleared { id, .. }
            | Event::Downed { id }
            | Event::DeathSave { id, .. }
            | Event::FortSave { id, .. }
            | Event::Died { id, .. }
            | Event::KitSpent { id, .. }
            | Event::ArmorRefreshed { id, .. }
            | Event::ShieldTurn { id, .. }
            | Event::SaveTried { id, .. }
            | Event::Stirred { id, .. }
            | Event::Cloaked { id, .. }
            | Event::CloakUpkeep { id, .. }
            | Event::Uncloaked { id, .. }
            | Event::Healed { id, .. }
            | Event::Placed { id, .. }
            | Event::Walked { id, .. } => vec![id],
            Event::Mapped { .. } | Event::WallAdded { .. } | Event::WallRemoved { .. } => {
                Vec::new()
            }
            Event::DoorSet { by, .. } => by.iter().collect(),
            Event::Area { by, .. } => vec![by],
            Event::Struck { target, .. } => vec![target],
            // Control of a grapple concerns both in it (the checks name both).
            Event::GrappleControl { controller, .. } => {
                match battle.grapples.iter().find(|g| g.involves(controller)) {
                    Some(g) => vec![&g.grappler, &g.grappled],
                    None => vec![controller],
                }
            }
            Event::DistanceSet { a, b, .. }
            | Event::Engaged { a, b }
            | Event::Disengaged { a, b }
            | Event::GrappleEnded { a, b, .. } => vec![a, b],
            Event::Shot {
                attacker, target, ..
            }
            | Event::Melee {
                attacker, target, ..
            } => vec![attacker, target],
            Event::GrappleBegan { grappler, grappled } => vec![grappler, grappled],
            Event::SuppressionFire { by, target, .. } => vec![by, target],
            Event::Stabilized { by, id, .. } => vec![by, id],
            Event::SpellCast { caster, target, .. } => vec![caster, target],
            Event::Searched {
                searcher, target, ..
            } => vec![searcher, target],
            Event::Suppressing {
                id,
                target,
                suppressed,
                unhittable,
                ..
            } => [id, target]
                .into_iter()
                .chain(suppressed)
                .chain(unhittable)
                .collect(),
            Event::Grenade {
                id, target, caught, ..
            } => [id, target].into_iter().chain(caught).collect(),
            Event::Concealed { id, from: by, .. } | Event::Detected { id, by, .. } => {
                std::iter::once(id).chain(by).collect()
            }
            Event::EncounterClosed => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use nanite_core::encounter::{Effect, EffectId, Expiry, Moment};
    use nanite_core::{Breakdown, ClockEvent};

    use super::*;
    use crate::combat::Stance;
    use crate::encounter::{MeleeKind, Swing};
    use crate::pack::Suppression;

    fn id(s: &str) -> CombatantId {
        s.into()
    }

    /// Vex suppressed by the scav until the start of the scav's next turn.
    fn suppressed() -> Effect<CxEffect> {
        Effect {
            id: EffectId(3),
            bearer: id("vex"),
            name: Cow::Borrowed("suppressed"),
            expiry: Some(Expiry::next(Moment::start_of(&id("scav")))),
            payload: CxEffect::Suppressed {
                by: id("scav"),
                weapon: 0,
                level: Suppression::Light,
            },
        }
    }

    fn swing() -> Box<Swing> {
        Box::new(Swing {
            kind: MeleeKind::Strike,
            miss_chance: 5,
            die: 7,
            hit: true,
            critical: false,
            damage_roll: Some(6),
            strike: None,
            push: 0,
            backlash: 0,
        })
    }

    #[test]
    fn each_event_concerns_the_combatants_its_fields_name() {
        let mut battle = Battle::new();
        battle.clock.effects.push(suppressed());
        let cases: Vec<(Event, Vec<&str>)> = vec![
            (Event::Downed { id: id("vex") }, vec!["vex"]),
            (
                Event::Positioned {
                    id: id("scav"),
                    cover: None,
                    stance: Some(Stance::Prone),
                },
                vec!["scav"],
            ),
            (
                Event::DistanceSet {
                    a: id("vex"),
                    b: id("scav"),
                    metres: 20,
                },
                vec!["vex", "scav"],
            ),
            // The attacker is concerned as much as the one it strikes.
            (
                Event::Melee {
                    attacker: id("scav"),
                    target: id("vex"),
                    weapon: None,
                    swing: swing(),
                    breakdown: Breakdown::new(),
                },
                vec!["scav", "vex"],
            ),
            (
                Event::Stabilized {
                    by: id("medic"),
                    id: id("vex"),
                    counts: true,
                },
                vec!["medic", "vex"],
            ),
            // Everyone a suppression holds or cannot hit.
            (
                Event::Suppressing {
                    id: id("scav"),
                    target: id("vex"),
                    weapon: 0,
                    level: Suppression::Medium,
                    rounds: 10,
                    suppressed: vec![id("vex"), id("raider")],
                    unhittable: vec![id("medic")],
                },
                vec!["scav", "vex", "vex", "raider", "medic"],
            ),
            // The GM's ruling names both the hidden and those it hides from.
            (
                Event::Concealed {
                    id: id("scav"),
                    from: vec![id("vex")],
                    dc: Some(60),
                    why: "in the shadows".into(),
                },
                vec!["scav", "vex"],
            ),
            (Event::EncounterClosed, vec![]),
            // A clock event: an ended effect is found in the battle's clock,
            // and its payload's suppressor is named.
            (
                Event::Clock(ClockEvent::EffectEnded {
                    id: EffectId(3),
                    why: "suppressed ended".into(),
                }),
                vec!["vex", "scav", "scav"],
            ),
            (
                Event::Clock(ClockEvent::TurnEnded { id: id("scav") }),
                vec!["scav"],
            ),
        ];
        for (event, want) in cases {
            let got: Vec<&str> = event.concerns(&battle).iter().map(|i| i.as_str()).collect();
            assert_eq!(got, want, "{event:?}");
        }
    }

    #[test]
    fn a_payload_names_only_the_combatants_it_holds() {
        let cases = [
            (CxEffect::Restrained { by: id("brute") }, vec!["brute"]),
            (
                CxEffect::Stabilizing {
                    target: id("vex"),
                    remaining: 1,
                },
                vec!["vex"],
            ),
            (CxEffect::Aimed, vec![]),
            (CxEffect::HitTheDirt, vec![]),
        ];
        for (payload, want) in cases {
            let got: Vec<&str> = payload.concerns().iter().map(|i| i.as_str()).collect();
            assert_eq!(got, want, "{payload:?}");
        }
    }
}
