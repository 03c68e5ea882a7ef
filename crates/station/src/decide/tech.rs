//! Hacking, modifying, repairing and researching: tasks of whole turns
//! (rules ST-TECH-*).

use nanite_core::{Breakdown, DiceSource};

use super::{Decision, acting, in_front};
use crate::command::{Refusal, refuse, refuse_by};
use crate::content::{ItemKind, Skill, Stat};
use crate::event::Event;
use crate::map::Pos;
use crate::resolve::{TechOutcome, research_turns, tech_check};
use crate::scenario::Hackable;
use crate::state::{Player, Task};

/// The scavenger O/S upgrade keeps searched objects on the map (rule ST-SEARCH-03).
pub(super) const SCAVENGER: &str = "scavenger-os";

/// Checks that a task can start: the player's whole turn is still unspent.
pub(super) fn whole_turn(d: &Decision, p: &Player, what: &str) -> Result<(), Refusal> {
    let full = p.turn_ap(&d.state.pack);
    if p.ap < full || full == 0 {
        return Err(refuse(format!(
            "{what} takes {}'s whole turn, and {} of {full} AP are spent",
            p.id,
            full - p.ap
        )));
    }
    Ok(())
}

fn requires(
    p: &Player,
    skill: Skill,
    hack: &Hackable,
    what: &str,
    rule: &'static str,
) -> Result<(), Refusal> {
    if p.skill(skill) < hack.skill {
        return Err(refuse_by(
            rule,
            format!(
                "{what} needs {} {}; {} has {}",
                skill.name(),
                hack.skill,
                p.id,
                p.skill(skill)
            ),
        ));
    }
    if p.nanites < hack.nanites {
        return Err(refuse_by(
            rule,
            format!(
                "{what} costs {} nanites; {} has {}",
                hack.nanites, p.id, p.nanites
            ),
        ));
    }
    Ok(())
}

fn start(
    d: &mut Decision,
    who: &str,
    what: String,
    turns: u32,
    nanites: i32,
    outcome: Vec<Event>,
    breakdown: Breakdown,
) {
    let task = Task {
        what,
        turns_left: turns,
        outcome,
    };
    d.push(Event::TaskStarted {
        who: who.to_string(),
        task,
        nanites,
        breakdown,
    });
}

pub(super) fn hack(
    d: &mut Decision,
    who: &str,
    at: Pos,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let (hackable, what, station) = if let Some(door) = d.state.door(at) {
        in_front(&p, at, "door")?;
        if !door.locked {
            return Err(refuse_by(
                "ST-ENV-04",
                format!("the door at {at} is not locked"),
            ));
        }
        if door.broken {
            return Err(refuse_by(
                "ST-TECH-02",
                format!("the lock of the door at {at} is broken; repair it before another hack"),
            ));
        }
        (
            door.hack,
            format!("hacking the {} door at {at}", door.lock.name()),
            None,
        )
    } else if let Some(s) = d.state.stations.iter().find(|s| s.spec.at == at) {
        in_front(&p, at, "security station")?;
        if s.broken {
            return Err(refuse_by(
                "ST-TECH-02",
                format!("the security station at {at} is broken; repair it before another hack"),
            ));
        }
        (
            s.spec.hack,
            format!("hacking the security station at {at}"),
            Some(s.spec.downtime),
        )
    } else {
        return Err(refuse(format!("there is nothing to hack at {at}")));
    };
    requires(&p, Skill::Hacking, &hackable, "this hack", "ST-TECH-01")?;
    whole_turn(d, &p, "hacking")?;
    let (outcome, _, b) = tech_check(
        "hack",
        "hacking",
        p.skill(Skill::Hacking),
        p.stat(Stat::Cyb),
        hackable.difficulty,
        dice,
    )?;
    let events = match (outcome, station) {
        (TechOutcome::Success, None) => vec![Event::DoorUnlocked { at }],
        (TechOutcome::Success, Some(down)) => vec![Event::SecurityReset { down }],
        (TechOutcome::Failure, _) => vec![],
        (TechOutcome::Broken, None) => vec![Event::DoorLockBroken { at }],
        (TechOutcome::Broken, Some(_)) => vec![Event::StationBroken { at }],
    };
    start(d, who, what, 2, hackable.nanites, events, b);
    Ok(())
}

pub(super) fn modify(
    d: &mut Decision,
    who: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let Some(gear) = &p.weapon else {
        return Err(refuse(format!("{who} has no weapon equipped to modify")));
    };
    let w = &d.state.pack.weapons[&gear.id];
    if gear.broken {
        return Err(refuse_by(
            "ST-TECH-03",
            format!("{who}'s {} is broken; repair it first", w.name),
        ));
    }
    let Some(m) = w.mods.get(gear.mods as usize).cloned() else {
        return Err(refuse_by(
            "ST-TECH-03",
            format!("{} has no further modification", w.name),
        ));
    };
    let hack = Hackable {
        difficulty: m.difficulty,
        skill: m.skill,
        nanites: m.nanites,
    };
    requires(
        &p,
        Skill::Modifying,
        &hack,
        &format!("the {} modification", m.name),
        "ST-TECH-03",
    )?;
    whole_turn(d, &p, "modifying")?;
    let (outcome, _, b) = tech_check(
        "modify",
        "modifying",
        p.skill(Skill::Modifying),
        p.stat(Stat::Cyb),
        m.difficulty,
        dice,
    )?;
    let events = match outcome {
        TechOutcome::Success => vec![Event::WeaponModified {
            who: who.to_string(),
        }],
        TechOutcome::Failure => vec![],
        TechOutcome::Broken => vec![Event::WeaponBroken {
            who: who.to_string(),
        }],
    };
    start(
        d,
        who,
        format!("fitting the {} to the {}", m.name, w.name),
        2,
        m.nanites,
        events,
        b,
    );
    Ok(())
}

/// What repairing the Quantum Bio-Reconstruction Machine takes (rule ST-DEATH-03).
pub(super) const MACHINE_REPAIR: Hackable = Hackable {
    difficulty: 5,
    skill: 2,
    nanites: 2,
};

pub(super) fn repair(
    d: &mut Decision,
    who: &str,
    at: Option<Pos>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let (hack, what, fixed) = match at {
        None => {
            let Some(gear) = p.weapon.as_ref().filter(|g| g.broken) else {
                return Err(refuse(format!("{who}'s weapon is not broken")));
            };
            let w = &d.state.pack.weapons[&gear.id];
            let m = w.mods.get(gear.mods as usize);
            let hack = m.map_or(
                Hackable {
                    difficulty: 4,
                    skill: 1,
                    nanites: 1,
                },
                |m| Hackable {
                    difficulty: m.difficulty,
                    skill: m.skill,
                    nanites: m.nanites,
                },
            );
            (
                hack,
                format!("repairing the {}", w.name),
                Event::WeaponRepaired {
                    who: who.to_string(),
                },
            )
        }
        Some(at) => {
            in_front(&p, at, "thing to repair")?;
            if let Some(door) = d.state.door(at) {
                if !door.broken {
                    return Err(refuse(format!(
                        "the lock of the door at {at} is not broken"
                    )));
                }
                (
                    door.hack,
                    format!("repairing the door lock at {at}"),
                    Event::DoorLockRepaired { at },
                )
            } else if let Some(s) = d.state.stations.iter().find(|s| s.spec.at == at) {
                if !s.broken {
                    return Err(refuse(format!(
                        "the security station at {at} is not broken"
                    )));
                }
                (
                    s.spec.hack,
                    format!("repairing the security station at {at}"),
                    Event::StationRepaired { at },
                )
            } else if let Some(m) = d.state.machines.iter().find(|m| m.at == at) {
                if !m.broken {
                    return Err(refuse_by(
                        "ST-DEATH-03",
                        format!("the machine at {at} is not broken"),
                    ));
                }
                (
                    MACHINE_REPAIR,
                    format!("repairing the bio-reconstruction machine at {at}"),
                    Event::MachineRepaired { at },
                )
            } else {
                return Err(refuse(format!("there is nothing to repair at {at}")));
            }
        }
    };
    requires(&p, Skill::Repairing, &hack, "this repair", "ST-TECH-04")?;
    whole_turn(d, &p, "repairing")?;
    let (outcome, _, b) = tech_check(
        "repair",
        "repairing",
        p.skill(Skill::Repairing),
        p.stat(Stat::Cyb),
        hack.difficulty,
        dice,
    )?;
    let events = if outcome == TechOutcome::Success {
        vec![fixed]
    } else {
        vec![]
    };
    start(d, who, what, 2, hack.nanites, events, b);
    Ok(())
}

pub(super) fn research(d: &mut Decision, who: &str, item: &str) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    if !p.carries(item) {
        return Err(refuse(format!("{who} carries no {item}")));
    }
    let Some(ItemKind::Research(r)) = d.state.pack.items.get(item).map(|i| i.kind.clone()) else {
        return Err(refuse_by(
            "ST-TECH-05",
            format!("{item} cannot be researched"),
        ));
    };
    let skill = p.skill(Skill::Research);
    if skill < r.skill {
        return Err(refuse_by(
            "ST-TECH-05",
            format!(
                "researching {item} needs research {}; {who} has {skill}",
                r.skill
            ),
        ));
    }
    if !p.carries(&r.chemical) {
        return Err(refuse_by(
            "ST-TECH-05",
            format!(
                "researching {item} needs {}",
                d.state.pack.item_name(&r.chemical)
            ),
        ));
    }
    whole_turn(d, &p, "researching")?;
    let turns = research_turns(r.turns, skill, p.stat(Stat::Cyb));
    let mut b = Breakdown::new();
    b.value("base research time", i64::from(r.turns));
    b.modifier("research skill", -i64::from(skill));
    b.modifier("CYB", -i64::from(p.stat(Stat::Cyb)));
    b.value("turns (at least 2, ST-TECH-05)", i64::from(turns));
    d.push(Event::ResearchItemsUsed {
        who: who.to_string(),
        item: item.to_string(),
        chemical: r.chemical.clone(),
    });
    start(
        d,
        who,
        format!("researching {item}"),
        turns as u32,
        0,
        vec![Event::Researched {
            who: who.to_string(),
            cm: r.cyber_modules,
        }],
        b,
    );
    Ok(())
}
