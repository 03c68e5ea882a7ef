//! Narration: each event as a line of the game log, with its breakdown where
//! it resolved something.

use std::fmt;

use nanite_core::Breakdown;

use crate::content::Loot;
use crate::event::Event;
use crate::map::Pos;
use crate::resolve::AttackReport;
use crate::state::{Carried, Side, Task};

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Began => f.write_str("The game begins; the players move first."),
            Event::PlayersTurn { turn, ap } => {
                let ap: Vec<String> = ap.iter().map(|(id, a)| format!("{id} {a} AP")).collect();
                write!(f, "Turn {turn}: the players' turn ({}).", ap.join(", "))
            }
            Event::GmTurn => f.write_str("The GM's turn."),
            Event::Moved { who, path, ap } => {
                let to = path.last().map(|p| p.to_string()).unwrap_or_default();
                write!(f, "{who} moves to {to} ({} squares, {ap} AP).", path.len())
            }
            Event::Attacked {
                attacker,
                target,
                weapon,
                report,
                ap,
            } => attacked(f, attacker, target, weapon, report, *ap),
            Event::PsiSpent { who, pp } => write!(f, "{who} spends {pp} Psi Points."),
            Event::TurretFired {
                turret,
                target,
                report,
            } => turret_fired(f, turret, target, report),
            Event::Defended { who, against } => {
                write!(f, "{who} spends 1 AP to defend against {against}'s blows.")
            }
            Event::ApSpent { who, ap, on } => write!(f, "{who} spends {ap} AP on {on}."),
            Event::PlayerDied { who, at } => write!(
                f,
                "{who} dies at {at}, leaving a body with all their items."
            ),
            Event::Reconstructed { who, at, machine } => reconstructed(f, who, at, machine),
            Event::CreatureDied { id, body } => match body {
                Some(_) => write!(f, "{id} dies; its body can be searched."),
                None => write!(f, "{id} dies."),
            },
            Event::Deployed {
                id,
                kind,
                at,
                bcp,
                mcp,
                knows,
            } => deployed(f, id, kind, at, (*bcp, *mcp), *knows),
            Event::Spotted { id } => write!(f, "{id} knows where the players are."),
            Event::TaskStarted {
                who,
                task,
                nanites,
                breakdown,
            } => task_started(f, who, task, *nanites, breakdown),
            Event::TaskAdvanced { .. } => Ok(()),
            Event::TaskFinished { who } => write!(f, "{who} finishes their task."),
            Event::DoorUnlocked { at } => write!(f, "The door at {at} is unlocked."),
            Event::DoorLockBroken { at } => {
                write!(f, "The lock of the door at {at} breaks; it needs repair.")
            }
            Event::DoorLockRepaired { at } => {
                write!(f, "The lock of the door at {at} is repaired.")
            }
            Event::DoorOpened { at } => write!(f, "The door at {at} opens."),
            Event::StationBroken { at } => {
                write!(f, "The security station at {at} breaks; it needs repair.")
            }
            Event::StationRepaired { at } => write!(f, "The security station at {at} is repaired."),
            Event::SecurityReset { down } => write!(
                f,
                "Security is hacked: any alarm ends, and cameras and turrets are off for {down} turns."
            ),
            Event::SecurityTicked => Ok(()),
            Event::SecurityRestored => f.write_str(
                "Security is back: cameras watch again (counters at 3), and turrets fire during an alarm.",
            ),
            Event::MachineActivated { who, at } => write!(
                f,
                "{who} activates the bio-reconstruction machine at {at} (2 AP)."
            ),
            Event::MachineBroken { at } => {
                write!(f, "The bio-reconstruction machine at {at} breaks.")
            }
            Event::MachineRepaired { at } => {
                write!(f, "The bio-reconstruction machine at {at} is repaired.")
            }
            Event::WeaponModified { who } => write!(f, "{who}'s weapon takes its modification."),
            Event::WeaponBroken { who } => write!(f, "{who}'s weapon breaks."),
            Event::WeaponRepaired { who } => write!(f, "{who}'s weapon is repaired."),
            Event::Researched { who, cm } => {
                write!(f, "{who}'s research yields {cm} cyber modules.")
            }
            Event::ResearchItemsUsed {
                who,
                item,
                chemical,
            } => write!(f, "{who} uses up {item} and {chemical}."),
            Event::Searched {
                who,
                at,
                found,
                items,
                removed,
                breakdown,
            } => searched(f, who, at, (found, items), *removed, breakdown),
            Event::Equipped { who, .. } => write!(f, "{who} changes equipment (1 AP)."),
            Event::Dropped { who, .. } => write!(f, "{who} drops an item."),
            Event::UsedItem {
                who, heal, stat, ..
            } => match stat {
                Some(s) => write!(f, "{who} uses an item: {} +1.", s.name()),
                None => write!(f, "{who} uses an item and heals {heal}."),
            },
            Event::Bought { who, what, cost } => {
                write!(f, "{who} buys {what} for {cost} cyber modules.")
            }
            Event::Income { bcp, mcp, why } => {
                write!(f, "The GM gains {bcp} BCP and {mcp} MCP ({why}).")
            }
            Event::CardDrawn { card, roll, sides } => {
                write!(f, "Action card drawn: {card} (d{sides} = {roll}).")
            }
            Event::ThreatChanged { level, why } => write!(f, "Threat level {level} ({why})."),
            Event::ThreatHeld { why } => {
                write!(f, "The threat level does not rise during an alarm ({why}).")
            }
            Event::CameraCounted { camera, counter } => {
                write!(f, "The camera at {camera} counts {counter}.")
            }
            Event::AlarmRaised { why, turrets } => alarm_raised(f, why, *turrets),
            Event::AlarmTicked => Ok(()),
            Event::AlarmEnded => f.write_str("The alarm ends; turrets go quiet."),
            Event::LightsOut { rooms } => {
                write!(f, "Lights out in {} room(s): dark tokens.", rooms.len())
            }
            Event::ObjectiveReached { index, reward } => {
                write!(
                    f,
                    "Objective {} reached: {reward} cyber modules for each living player.",
                    index + 1
                )
            }
            Event::TurnEnded { .. } => Ok(()),
            Event::GameOver { winner, why } => game_over(f, *winner, why),
        }
    }
}

/// An attack: how many shots hit and the damage, with the breakdown.
fn attacked(
    f: &mut fmt::Formatter<'_>,
    attacker: &str,
    target: &str,
    weapon: &str,
    report: &AttackReport,
    ap: i32,
) -> fmt::Result {
    let hits = report.shots.iter().filter(|s| s.hit).count();
    write!(
        f,
        "{attacker} attacks {target} with {weapon} ({ap} AP): {hits} of {} hit, {} damage.\n{}",
        report.shots.len(),
        report.damage,
        indent(&report.breakdown.to_string())
    )
}

/// A turret fires: its damage, with the breakdown.
fn turret_fired(
    f: &mut fmt::Formatter<'_>,
    turret: &Pos,
    target: &str,
    report: &AttackReport,
) -> fmt::Result {
    write!(
        f,
        "The turret at {turret} fires at {target}: {} damage.\n{}",
        report.damage,
        indent(&report.breakdown.to_string())
    )
}

/// The GM deploys a creature for its (BCP, MCP) cost; it may know where the
/// players are.
fn deployed(
    f: &mut fmt::Formatter<'_>,
    id: &str,
    kind: &str,
    at: &Pos,
    (bcp, mcp): (i32, i32),
    knows: bool,
) -> fmt::Result {
    write!(
        f,
        "The GM deploys {id} ({kind}) at {at} for {bcp} BCP and {mcp} MCP{}.",
        if knows {
            "; it knows where the players are"
        } else {
            ""
        }
    )
}

/// A task begins: its turns and nanites, with the breakdown.
fn task_started(
    f: &mut fmt::Formatter<'_>,
    who: &str,
    task: &Task,
    nanites: i32,
    breakdown: &Breakdown,
) -> fmt::Result {
    write!(
        f,
        "{who} starts {} ({} turns, {nanites} nanites).\n{}",
        task.what,
        task.turns_left,
        indent(&breakdown.to_string())
    )
}

/// A search: the (loot, items) found, whether the object stays, with the
/// breakdown.
fn searched(
    f: &mut fmt::Formatter<'_>,
    who: &str,
    at: &Pos,
    (found, items): (&[Loot], &[Carried]),
    removed: bool,
    breakdown: &Breakdown,
) -> fmt::Result {
    let mut all: Vec<String> = found.iter().map(|l| l.to_string()).collect();
    all.extend(items.iter().map(|c| c.id().to_string()));
    let what = if all.is_empty() {
        "nothing".to_string()
    } else {
        all.join(", ")
    };
    write!(
        f,
        "{who} searches at {at} and finds {what}{}.\n{}",
        if removed { "" } else { "; the object stays" },
        indent(&breakdown.to_string())
    )
}

/// The game ends: who wins, and why.
fn game_over(f: &mut fmt::Formatter<'_>, winner: Side, why: &str) -> fmt::Result {
    write!(
        f,
        "GAME OVER: {} ({why}).",
        match winner {
            Side::Players => "the players win",
            Side::Gm => "the GM wins",
        }
    )
}

/// A player is reconstructed at a machine for 15 nanites.
fn reconstructed(f: &mut fmt::Formatter<'_>, who: &str, at: &Pos, machine: &Pos) -> fmt::Result {
    write!(
        f,
        "{who} pays 15 nanites and is reconstructed by the machine at {machine}, standing at {at}."
    )
}

/// An alarm for 12 turns; the turrets activate unless security is hacked.
fn alarm_raised(f: &mut fmt::Formatter<'_>, why: &str, turrets: bool) -> fmt::Result {
    if turrets {
        write!(f, "ALARM for 12 turns: {why}; turrets activate.")
    } else {
        write!(
            f,
            "ALARM for 12 turns: {why}; the turrets stay off while security is hacked."
        )
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
