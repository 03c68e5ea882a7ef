//! Events told in words, one or more lines each, with the breakdowns they
//! carry: the log a GM reads.

use nanite_core::{ClockEvent, CombatantId};

use super::{Battle, CxEffect, Event};

mod dying;
mod field;
mod gear;

fn name(state: &Battle, id: &CombatantId) -> String {
    state.name(id)
}

/// The lines telling every event of one command, starting from `before`,
/// the battle as it was just before the command.
pub fn narrate_all(before: &Battle, events: &[Event]) -> Vec<String> {
    nanite_core::narrate_each::<super::CompoundX>(before, events, narrate)
}

/// The lines telling `event`, using `state` (the battle just before it) for
/// names.
pub fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| name(state, id);
    let lines = |text: String| vec![text];
    match event {
        Event::Clock(e) => clock(state, e),
        Event::Entered {
            id,
            fighter,
            cover,
            stance,
        } => lines(field::entered(id, fighter, *cover, *stance)),
        Event::DistanceSet { a, b, metres } => {
            lines(format!("{} and {} are {metres} m apart", n(a), n(b)))
        }
        Event::Positioned { id, cover, stance } => {
            lines(field::positioned(state, id, *cover, *stance))
        }
        Event::BlackCat { id, die, row } => lines(format!(
            "Black Cat table for {} (LUCK 1, CX-STAT-13): d10 = {die}: {}",
            n(id),
            row.text()
        )),
        Event::WeaponBroken { id, weapon } => lines(gear::weapon_broken(state, id, *weapon)),
        Event::Moved {
            id,
            metres,
            sprint,
            cover,
            ..
        } => lines(field::moved(state, id, *metres, *sprint, *cover)),
        Event::Mapped { layout } => lines(field::mapped(layout)),
        Event::WallAdded { wall } => lines(field::wall_added(wall)),
        Event::WallRemoved { wall, .. } => {
            lines(format!("the GM takes {} off the map", wall.label()))
        }
        Event::Placed { id, at } => lines(format!("{} stands at {at}", n(id))),
        Event::Walked { id, path } => lines(field::walked(state, id, path)),
        Event::Area {
            by,
            at,
            radius,
            blast,
        } => lines(field::area(state, by, at, *radius, *blast)),
        Event::DoorSet { door, open, by } => {
            lines(field::door_set(state, *door, *open, by.as_ref()))
        }
        Event::Engaged { a, b } => lines(format!("{} and {} are locked in melee", n(a), n(b))),
        Event::Disengaged { a, b } => {
            lines(format!("{} and {} are no longer in melee", n(a), n(b)))
        }
        Event::GrappleBegan { grappler, grappled } => lines(format!(
            "{} grabs {} (CX-MELEE-03)",
            n(grappler),
            n(grappled)
        )),
        Event::GrappleEnded { why, .. } => lines(format!("the grapple ends: {why}")),
        Event::Suppressing {
            id,
            target,
            level,
            rounds,
            suppressed,
            unhittable,
            ..
        } => gear::suppressing(state, id, target, *level, *rounds, suppressed, unhittable),
        Event::ThrownAway { .. } => Vec::new(),
        Event::Shot { breakdown, .. }
        | Event::Struck { breakdown, .. }
        | Event::Melee { breakdown, .. }
        | Event::GrappleControl { breakdown, .. }
        | Event::SuppressionFire { breakdown, .. }
        | Event::Grenade { breakdown, .. } => {
            breakdown.steps().iter().map(|s| s.to_string()).collect()
        }
        Event::Ticked { id, tick } => lines(gear::ticked(state, id, tick)),
        Event::Checked { id, what, result } => {
            let mut out = vec![format!("{}: {what}", n(id))];
            out.extend(result.breakdown.steps().iter().map(|s| format!("  {s}")));
            out
        }
        Event::Reloaded { id, weapon } => lines(gear::reloaded(state, id, *weapon)),
        Event::FastRecharged { id, cost, strength } => lines(format!(
            "{} pays {cost} nanites for a fast shield recharge: strength {strength} (CX-DMG-04)",
            n(id)
        )),
        Event::ItemUsed { id, kind } => lines(gear::item_used(state, id, *kind)),
        Event::WoundHealed { .. }
        | Event::Rested { .. }
        | Event::StayedUp { .. }
        | Event::Fell { .. } => super::heal::narrate(state, event),
        Event::Repaired { id, weapon } => lines(gear::repaired(state, id, *weapon)),
        Event::JamCleared { id, .. } => lines(format!("{} clears the jam", n(id))),
        Event::Downed { id } => lines(format!(
            "{} is downed: health 0, prone, bleeding out (CX-DEATH-01, CX-DEATH-02)",
            n(id)
        )),
        Event::DeathSave { id, die, outcome } => {
            lines(dying::death_save(state, id, *die, *outcome))
        }
        Event::FortSave { id, result } => lines(dying::fort_save(state, id, result)),
        Event::Died { id, why } => lines(format!("{} dies: {why}", n(id))),
        Event::Stabilized { by, id, counts } => lines(dying::stabilized(state, by, id, *counts)),
        Event::KitSpent { id, .. } => lines(format!(
            "a kit is spent on {}: +20 to stabilize it this round (CX-DEATH-08)",
            n(id)
        )),
        Event::ArmorRefreshed { id, points } => lines(format!(
            "{}'s armor points refresh to {points} (CX-DMG-02)",
            n(id)
        )),
        Event::ShieldTurn { what, .. } => lines(what.clone()),
        Event::SaveTried { .. } => Vec::new(),
        Event::Concealed { .. }
        | Event::Detected { .. }
        | Event::Searched { .. }
        | Event::Stirred { .. }
        | Event::Cloaked { .. }
        | Event::CloakUpkeep { .. }
        | Event::Uncloaked { .. } => super::stealth::narrate(state, event),
        Event::SpellCast { .. } | Event::Healed { .. } => super::spells::narrate(state, event),
        Event::EncounterClosed => dying::encounter_closed(state),
    }
}

fn clock(state: &Battle, event: &ClockEvent<CxEffect>) -> Vec<String> {
    let n = |id: &CombatantId| name(state, id);
    let text = match event {
        ClockEvent::Joined { .. } => return Vec::new(),
        ClockEvent::Left { id } => format!("{} leaves the fight", n(id)),
        ClockEvent::HiddenSet { id, hidden } => format!(
            "{} is {}",
            n(id),
            if *hidden {
                "hidden from the players"
            } else {
                "revealed"
            }
        ),
        ClockEvent::InitiativeRolled {
            id,
            die,
            modifier,
            total,
        } => format!(
            "{} initiative: d100 = {die}{} = {total} (CX-TURN-01)",
            n(id),
            if *modifier != 0 {
                format!(" {modifier:+}")
            } else {
                String::new()
            }
        ),
        ClockEvent::RolledOff { id, die } => {
            format!("{} rolls off a tie: d100 = {die} (CX-TURN-01)", n(id))
        }
        ClockEvent::InitiativeSet { id, total } => {
            format!("the GM sets {}'s initiative to {total}", n(id))
        }
        ClockEvent::PinSet { id, pinned } => format!(
            "{} is {} in the order",
            n(id),
            if *pinned { "pinned" } else { "unpinned" }
        ),
        ClockEvent::Placed { id, position } => {
            format!(
                "the GM places {} at position {} in the order",
                n(id),
                position + 1
            )
        }
        ClockEvent::SurpriseBegan { actors } => format!(
            "surprise round: only {} {} (CX-TURN-02)",
            actors.iter().map(&n).collect::<Vec<_>>().join(", "),
            if actors.len() == 1 { "acts" } else { "act" }
        ),
        ClockEvent::RoundBegan { number } => format!("== round {number}"),
        ClockEvent::TurnBegan { id, actions } => {
            format!("-- {}'s turn ({actions} actions)", n(id))
        }
        ClockEvent::TurnEnded { .. } => return Vec::new(),
        ClockEvent::ActionsSpent {
            id, actions, on, ..
        } => {
            format!(
                "{}: {on} ({actions} action{})",
                n(id),
                if *actions == 1 { "" } else { "s" }
            )
        }
        ClockEvent::ReactionUsed { id, on, .. } => format!("{} reacts: {on}", n(id)),
        ClockEvent::ActionsHeld {
            id,
            actions,
            trigger,
        } => format!(
            "{} holds {actions} action(s) until: {trigger} (CX-TURN-05)",
            n(id)
        ),
        ClockEvent::HeldTriggered { id, actions } => format!(
            "{}'s held action(s) trigger: {actions} to use now (CX-TURN-05)",
            n(id)
        ),
        ClockEvent::HeldLost { id, actions } => format!(
            "{}'s {actions} held action(s) are lost unused (CX-TURN-05)",
            n(id)
        ),
        ClockEvent::EffectAdded { effect } => match &effect.expiry {
            Some(expiry) => {
                let whose = n(&expiry.at.of);
                let moment = match expiry.at.kind {
                    nanite_core::encounter::MomentKind::StartOfTurn => "the start",
                    nanite_core::encounter::MomentKind::EndOfTurn => "the end",
                };
                let times = if expiry.count > 1 {
                    format!(" ({} turns)", expiry.count)
                } else {
                    String::new()
                };
                format!(
                    "{}: {}, until {moment} of {whose}'s turn{times}",
                    n(&effect.bearer),
                    effect.name
                )
            }
            None => format!("{}: {}", n(&effect.bearer), effect.name),
        },
        ClockEvent::EffectEnded { why, .. } => why.clone(),
        ClockEvent::EffectChanged { .. } => return Vec::new(),
        ClockEvent::Ended => "the GM ends the fight (CX-TURN-08)".to_string(),
    };
    vec![text]
}

/// What a wall gives, in words.
fn wall_gives(wall: &super::Wall) -> &'static str {
    match (wall.kind, wall.open) {
        (super::WallKind::Partial, _) => "partial cover",
        (super::WallKind::Full, _) => "full cover",
        (super::WallKind::Concealing, _) => "complete concealment",
        (super::WallKind::Door, true) => "an open door",
        (super::WallKind::Door, false) => "a closed door",
    }
}
