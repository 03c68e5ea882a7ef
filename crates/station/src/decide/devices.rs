//! Searching objects and working the devices in front of a player: machines,
//! switches and security cards (rules ST-SEARCH-*, ST-DEATH-03, ST-ENV-04).

use nanite_core::{Breakdown, DiceSource, DieRequest};

use super::tech::{SCAVENGER, whole_turn};
use super::{Decision, acting, in_front, needs_ap};
use crate::command::{Refusal, refuse, refuse_by};
use crate::content::{ItemKind, Loot};
use crate::event::Event;
use crate::map::Pos;
use crate::resolve::loot_pick;
use crate::scenario::Lock;
use crate::state::Contents;

pub(super) fn search(
    d: &mut Decision,
    who: &str,
    at: Pos,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let Some(object) = d.state.searchables.iter().find(|s| s.at == at).cloned() else {
        return Err(refuse_by(
            "ST-SEARCH-01",
            format!("there is nothing to search at {at}"),
        ));
    };
    in_front(&p, at, "object to search")?;
    whole_turn(d, &p, "searching")?;
    let mut b = Breakdown::new();
    let scavenger = p.upgrades.contains(SCAVENGER);
    let (found, items, removed) = match &object.contents {
        Contents::Items { name, items } => {
            b.note(format!("{name}: every item is taken (ST-DEATH-01)"));
            (Vec::new(), items.clone(), true)
        }
        Contents::Loot(kind) => {
            let table = &d.state.pack.loot[kind];
            let sets = table.sets.len();
            let first = if sets > 1 {
                let r = dice.roll(&DieRequest::new(6, "loot set"))?;
                b.die("loot set", 6, r);
                Some(r)
            } else {
                b.note("one set: the first roll is skipped (ST-SEARCH-02)");
                None
            };
            let second = dice.roll(&DieRequest::new(6, "loot bundle"))?;
            b.die("loot bundle", 6, second);
            if sets == 3 {
                b.note("three sets: both rolls are halved, rounded up (ST-SEARCH-02)");
            }
            let (s, i) = loot_pick(sets, first, second);
            let set = &table.sets[s.min(sets - 1)];
            let bundle = set.bundles.get(i).cloned().unwrap_or_default();
            b.note(format!("{} {}, bundle {}", table.name, s + 1, i + 1));
            let mut found: Vec<Loot> = bundle;
            found.extend(set.always.iter().cloned());
            if scavenger {
                b.note("the Scavenger O/S upgrade leaves the object in place (ST-SEARCH-03)");
            }
            (found, Vec::new(), !scavenger)
        }
    };
    d.push(Event::Searched {
        who: who.to_string(),
        at,
        found,
        items,
        removed,
        breakdown: b,
    });
    Ok(())
}

pub(super) fn activate(d: &mut Decision, who: &str, at: Pos) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let Some(m) = d.state.machines.iter().find(|m| m.at == at) else {
        return Err(refuse(format!(
            "there is no bio-reconstruction machine at {at}"
        )));
    };
    in_front(&p, at, "machine")?;
    if m.broken {
        return Err(refuse_by(
            "ST-DEATH-03",
            format!(
                "the machine at {at} is broken; repair it (repairing 2, 2 nanites, difficulty 5)"
            ),
        ));
    }
    if m.active {
        return Err(refuse_by(
            "ST-DEATH-03",
            format!("the machine at {at} is already active"),
        ));
    }
    needs_ap(p.ap, 2, who, "activating the machine")?;
    d.push(Event::MachineActivated {
        who: who.to_string(),
        at,
    });
    Ok(())
}

pub(super) fn switch(d: &mut Decision, who: &str, at: Pos) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let Some(s) = d
        .state
        .scenario
        .switches
        .iter()
        .find(|s| s.at == at)
        .cloned()
    else {
        return Err(refuse(format!("there is no switch at {at}")));
    };
    in_front(&p, at, "switch")?;
    let locked: Vec<Pos> = s
        .doors
        .iter()
        .copied()
        .filter(|p| d.state.door(*p).is_some_and(|d| d.locked))
        .collect();
    if locked.is_empty() {
        return Err(refuse_by(
            "ST-ENV-04",
            "the doors of this switch are already unlocked",
        ));
    }
    needs_ap(p.ap, 2, who, "using the lock mechanism")?;
    d.push(Event::ApSpent {
        who: who.to_string(),
        ap: 2,
        on: format!("the switch at {at}"),
    });
    for door in locked {
        d.push(Event::DoorUnlocked { at: door });
    }
    Ok(())
}

pub(super) fn card(d: &mut Decision, who: &str, at: Pos) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let Some(door) = d.state.door(at).cloned() else {
        return Err(refuse(format!("there is no door at {at}")));
    };
    in_front(&p, at, "door")?;
    if door.lock != Lock::Security || !door.locked {
        return Err(refuse_by(
            "ST-ENV-04",
            format!(
                "a security card opens only security locks, and the door at {at} is {}",
                if door.locked {
                    door.lock.name()
                } else {
                    "unlocked"
                }
            ),
        ));
    }
    let has_card = p.inventory.iter().any(|c| {
        matches!(
            d.state.pack.items.get(c.id()).map(|i| &i.kind),
            Some(ItemKind::SecurityCard)
        )
    });
    if !has_card {
        return Err(refuse_by(
            "ST-ENV-04",
            format!("{who} carries no security card"),
        ));
    }
    needs_ap(p.ap, 2, who, "using the lock mechanism")?;
    d.push(Event::ApSpent {
        who: who.to_string(),
        ap: 2,
        on: format!("a security card on the door at {at}"),
    });
    d.push(Event::DoorUnlocked { at });
    Ok(())
}
