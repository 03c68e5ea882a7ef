//! Events told in words, one or more lines each, with the breakdowns they
//! carry: the log a GM reads.

use nanite_core::{ClockEvent, CombatantId};

use super::{Battle, CxEffect, Event};
use crate::combat::{Cover, DeathSaveOutcome};

fn name(state: &Battle, id: &CombatantId) -> String {
    state.name(id)
}

/// The lines telling every event of one command, starting from `before`,
/// the battle as it was just before the command.
pub fn narrate_all(before: &Battle, events: &[Event]) -> Vec<String> {
    let mut state = before.clone();
    let mut lines = Vec::new();
    for event in events {
        lines.extend(narrate(&state, event));
        super::event::evolve(&mut state, event);
    }
    lines
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
        } => lines(format!(
            "{} ({id}) enters: {} HP, {}, {}",
            fighter.name,
            fighter.hp,
            cover.words(),
            stance.key()
        )),
        Event::DistanceSet { a, b, metres } => {
            lines(format!("{} and {} are {metres} m apart", n(a), n(b)))
        }
        Event::Positioned { id, cover, stance } => {
            let mut parts = Vec::new();
            if let Some(c) = cover {
                parts.push(c.words().to_string());
            }
            if let Some(s) = stance {
                parts.push(s.key().to_string());
            }
            lines(format!("{} is now {}", n(id), parts.join(", ")))
        }
        Event::BlackCat { id, die, row } => lines(format!(
            "Black Cat table for {} (LUCK 1, CX-STAT-13): d10 = {die}: {}",
            n(id),
            row.text()
        )),
        Event::WeaponBroken { id, weapon } => lines(format!(
            "{}'s {} is broken until a DC 60 repair",
            n(id),
            state
                .combatants
                .get(id)
                .and_then(|c| c.fighter.weapons.get(*weapon))
                .map_or("weapon", |w| w.name.as_str())
        )),
        Event::Moved {
            id,
            metres,
            sprint,
            cover,
            ..
        } => lines(format!(
            "{} {} {metres} m{}",
            n(id),
            if *sprint { "sprints" } else { "moves" },
            match cover {
                None => String::new(),
                Some(Cover::None) => ", into the open".to_string(),
                Some(c) => format!(", into {}", c.words()),
            }
        )),
        Event::Mapped { layout } => lines(format!(
            "the map: {} x {} m, {} wall(s){}",
            super::scene::show_dm(layout.width),
            super::scene::show_dm(layout.height),
            layout.walls.len(),
            if layout.grid {
                ", a 1 m grid drawn"
            } else {
                ""
            }
        )),
        Event::WallAdded { wall } => lines(format!(
            "the GM adds {} to the map: {}",
            wall.label(),
            wall_gives(wall)
        )),
        Event::WallRemoved { wall, .. } => {
            lines(format!("the GM takes {} off the map", wall.label()))
        }
        Event::Placed { id, at } => lines(format!("{} stands at {at}", n(id))),
        Event::Walked { id, path } => {
            let via: Vec<String> = path
                .iter()
                .skip(1)
                .take(path.len().saturating_sub(2))
                .map(|p| p.to_string())
                .collect();
            lines(format!(
                "{} goes to {}{}",
                n(id),
                path.last().map_or_else(String::new, |p| p.to_string()),
                if via.is_empty() {
                    String::new()
                } else {
                    format!(" by way of {}", via.join(", "))
                }
            ))
        }
        Event::Area {
            by,
            at,
            radius,
            blast,
        } => lines(if *blast {
            format!("{}'s grenade bursts at {at}: {radius} m blast", n(by))
        } else {
            format!("{}'s suppressed area: {radius} m around {at}", n(by))
        }),
        Event::DoorSet { door, open, by } => {
            let name = state
                .scene
                .as_ref()
                .and_then(|s| s.layout.walls.get(*door))
                .map_or_else(|| "door".to_string(), super::Wall::label);
            lines(format!(
                "{} {} the {name}",
                by.as_ref().map_or_else(|| "the GM".to_string(), &n),
                if *open { "opens" } else { "closes" }
            ))
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
        } => {
            let mut out = vec![format!(
                "{} lays down {} suppression on {} ({rounds} rounds, CX-SUP): {} suppressed until {}'s next turn",
                n(id),
                super::level_key(*level),
                n(target),
                suppressed.iter().map(&n).collect::<Vec<_>>().join(", "),
                n(id)
            )];
            for u in unhittable {
                out.push(format!(
                    "{} cannot be hit at all from there, so is not suppressed (CX-SUP-05)",
                    n(u)
                ));
            }
            out
        }
        Event::ThrownAway { .. } => Vec::new(),
        Event::Shot { breakdown, .. }
        | Event::Struck { breakdown, .. }
        | Event::Melee { breakdown, .. }
        | Event::GrappleControl { breakdown, .. }
        | Event::SuppressionFire { breakdown, .. }
        | Event::Grenade { breakdown, .. } => {
            breakdown.steps().iter().map(|s| s.to_string()).collect()
        }
        Event::Ticked { id, tick } => lines(format!(
            "{} takes {} from {} (dice {:?}, CX-COND)",
            n(id),
            tick.damage,
            tick.kind.key(),
            tick.dice
        )),
        Event::Checked { id, what, result } => {
            let mut out = vec![format!("{}: {what}", n(id))];
            out.extend(result.breakdown.steps().iter().map(|s| format!("  {s}")));
            out
        }
        Event::Reloaded { id, weapon } => lines(format!(
            "{} reloads the {} (CX-RNG-12)",
            n(id),
            state
                .combatants
                .get(id)
                .and_then(|c| c.fighter.weapons.get(*weapon))
                .map_or("weapon", |w| w.name.as_str())
        )),
        Event::FastRecharged { id, cost, strength } => lines(format!(
            "{} pays {cost} nanites for a fast shield recharge: strength {strength} (CX-DMG-04)",
            n(id)
        )),
        Event::ItemUsed { id, kind } => lines(format!(
            "{} uses up a {}",
            n(id),
            match kind {
                crate::pack::ItemKind::Medikit => "medikit",
                crate::pack::ItemKind::RepairKit => "repair kit",
                _ => "supply",
            }
        )),
        Event::WoundHealed { .. }
        | Event::Rested { .. }
        | Event::StayedUp { .. }
        | Event::Fell { .. } => super::heal::narrate(state, event),
        Event::Repaired { id, weapon } => lines(match weapon {
            Some(i) => format!(
                "{}'s {} works again (CX-STAT-13)",
                n(id),
                state
                    .combatants
                    .get(id)
                    .and_then(|c| c.fighter.weapons.get(*i))
                    .map_or("weapon", |w| w.name.as_str())
            ),
            None => format!("{}'s armor has its APL back (CX-COND-07)", n(id)),
        }),
        Event::JamCleared { id, .. } => lines(format!("{} clears the jam", n(id))),
        Event::Downed { id } => lines(format!(
            "{} is downed: health 0, prone, bleeding out (CX-DEATH-01, CX-DEATH-02)",
            n(id)
        )),
        Event::DeathSave { id, die, outcome } => lines(format!(
            "{} death save: d100 = {die} against DC 50: {} (CX-DEATH-03)",
            n(id),
            match outcome {
                DeathSaveOutcome::Survived => "holds on".to_string(),
                DeathSaveOutcome::Failed { left } => format!("failed, {left} left"),
                DeathSaveOutcome::Died => "failed: the last one".to_string(),
            }
        )),
        Event::FortSave { id, result } => lines(format!(
            "{} Fort save while downed: total {} against DC {}: {} (CX-HOUSE-05)",
            n(id),
            result.total,
            result.dc,
            if result.success { "holds on" } else { "failed" }
        )),
        Event::Died { id, why } => lines(format!("{} dies: {why}", n(id))),
        Event::Stabilized { by, id, counts } => lines(format!(
            "{} stabilizes {}: 1 HP, no longer downed{} (CX-DEATH-05)",
            n(by),
            n(id),
            if *counts {
                ""
            } else {
                "; this revive does not count"
            }
        )),
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
        Event::EncounterClosed => {
            let mut out = vec![
                "the fight is over: death saves regained where none failed (CX-DEATH-04)".into(),
            ];
            // What each one carries into its next fight: the character
            // file's `death_saves`.
            for (id, c) in state.combatants.iter() {
                let f = &c.fighter;
                if f.dead {
                    continue;
                }
                if f.house_rules.fort_downed {
                    let n = c.fort_failures;
                    out.push(format!(
                        "{} ({id}) carries {n} failed Fort save{} into the next fight (fort_failures = {n} in its character file, CX-HOUSE-05)",
                        f.name,
                        if n == 1 { "" } else { "s" }
                    ));
                    continue;
                }
                let next = f.death_saves.after_encounter();
                out.push(format!(
                    "{} ({id}) carries {next} death save{} into the next fight (death_saves = {next} in its character file)",
                    f.name,
                    if next == 1 { "" } else { "s" }
                ));
            }
            out
        }
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
