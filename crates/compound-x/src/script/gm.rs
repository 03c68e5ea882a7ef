//! The GM's lines: the clock, distances and places, harm and conditions,
//! and who is undetected by whom.

use crate::encounter::Command;
use nanite_core::ClockCommand;

use super::forms::{COVERS, DAMAGE_TYPES, STANCES, conditions};
use super::words::Words;
use super::{LineError, Order, clock, ready};

pub(crate) fn gm(verb: &str, w: &mut Words) -> Result<Order, LineError> {
    Ok(match verb {
        "roll" => roll_initiative(w)?,
        "begin" => begin(w)?,
        "next" => clock(ClockCommand::NextTurn),
        "end" => clock(ClockCommand::End),
        "distance" => distance(w)?,
        "position" if w.peek_second_is("at") => place_at(w)?,
        "move" => move_to(w)?,
        "door" => door(w)?,
        "position" => position(w)?,
        "initiative" => initiative(w)?,
        "pin" | "unpin" => pin(verb, w)?,
        "place" => place(w)?,
        "hide" | "reveal" => hide(verb, w)?,
        "remove" => clock(ClockCommand::Leave {
            id: w.id("the combatant's id")?,
        }),
        "harm" => harm(w)?,
        "heal" => heal(w)?,
        "mend" => mend(w)?,
        "kill" => kill(w)?,
        "afflict" => afflict(w)?,
        "cure" => cure(w)?,
        "conceal" => conceal(w)?,
        "detect" => detect(w)?,
        _ => unreachable!("every GM verb has a form"),
    })
}

/// `roll initiative [ID ...]`: initiative rolled for those named, or everyone without it.
fn roll_initiative(w: &mut Words) -> Result<Order, LineError> {
    w.expect("initiative")?;
    let mut who = Vec::new();
    while w.more() {
        who.push(w.id("a combatant's id")?);
    }
    Ok(ready(Command::RollInitiative { who }))
}

/// `begin [surprise ID ...]`: the fight begins, maybe with hidden attackers' surprise.
fn begin(w: &mut Words) -> Result<Order, LineError> {
    let mut surprise = Vec::new();
    if w.more() {
        w.expect("surprise")?;
        surprise.push(w.id("the id of a hidden attacker")?);
        while w.more() {
            surprise.push(w.id("the id of a hidden attacker")?);
        }
    }
    Ok(clock(ClockCommand::Begin { surprise }))
}

/// `distance A B METRES`: the GM sets a distance.
fn distance(w: &mut Words) -> Result<Order, LineError> {
    let a = w.id("the first combatant's id")?;
    let b = w.id("the second combatant's id")?;
    let metres = w.metres("the metres between them")?;
    Ok(ready(Command::Distance { a, b, metres }))
}

/// `position ID at X,Y`: a combatant placed on the map.
fn place_at(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    w.expect("at")?;
    let at = w.point("a point of the map")?;
    Ok(ready(Command::Place { id, at }))
}

/// `move ID to X,Y [sprint]`: the GM moves a combatant on the map.
fn move_to(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    w.expect("to")?;
    let to = w.point("a point of the map")?;
    let sprint = w.take("sprint");
    Ok(ready(Command::MoveTo { id, to, sprint }))
}

/// `door NAME open|close`: the GM opens or closes a door.
fn door(w: &mut Words) -> Result<Order, LineError> {
    let door = w.name("the door's name")?;
    let open = w.keyword("`open` or `close`", &[("open", true), ("close", false)])?;
    Ok(ready(Command::Door {
        id: None,
        door,
        open,
    }))
}

/// `position ID [cover C] [stance S]`: cover or stance set, at least one.
fn position(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    let (mut cover, mut stance) = (None, None);
    while w.more() {
        match w.keyword("`cover` or `stance`", &[("cover", 0), ("stance", 1)])? {
            0 => w.once(&mut cover, "cover", |w| w.keyword("a cover", COVERS))?,
            _ => w.once(&mut stance, "stance", |w| w.keyword("a stance", STANCES))?,
        }
    }
    if cover.is_none() && stance.is_none() {
        return Err(w.fail("`cover` or `stance`"));
    }
    Ok(ready(Command::Position { id, cover, stance }))
}

/// `initiative ID TOTAL`: an initiative total set.
fn initiative(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    let total = w.number("the initiative total")?;
    Ok(clock(ClockCommand::SetInitiative { id, total }))
}

/// `pin|unpin ID`: a combatant pinned in the order, or not.
fn pin(verb: &str, w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    Ok(clock(ClockCommand::Pin {
        id,
        pinned: verb == "pin",
    }))
}

/// `place ID N`: a combatant put at a place in the order (1 is first).
fn place(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    let place = w.count("its place in the order (1 is first)")?;
    let Some(position) = (place as usize).checked_sub(1) else {
        return Err(w.fail_with("a place of 1 or more (1 is first)", "0"));
    };
    Ok(clock(ClockCommand::Place { id, position }))
}

/// `hide|reveal ID`: a combatant hidden from the players, or shown.
fn hide(verb: &str, w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    Ok(clock(ClockCommand::Hide {
        id,
        hidden: verb == "hide",
    }))
}

/// `harm ID AMOUNT TYPE [apl N] ["WHY"]`: a hazard's harm.
fn harm(w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the combatant's id")?;
    let amount = w.number("the damage")?;
    let damage_type = w.keyword("a damage type", DAMAGE_TYPES)?;
    let apl = if w.take("apl") {
        w.number("the armor-piercing level")?
    } else {
        0
    };
    let why = w.optional_text().unwrap_or_else(|| "harm".into());
    Ok(ready(Command::Harm {
        target,
        amount,
        damage_type,
        apl,
        why,
    }))
}

/// `heal ID AMOUNT ["WHY"]`: health restored by the GM.
fn heal(w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the combatant's id")?;
    let amount = w.number("the health to restore")?;
    let why = w
        .optional_text()
        .unwrap_or_else(|| "healed by the GM".into());
    Ok(ready(Command::Heal {
        target,
        amount,
        why,
    }))
}

/// `mend ID [INJURY]`: an injury mended.
fn mend(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    let injury = w.take_keyword(super::forms::INJURIES);
    Ok(ready(Command::Mend { id, injury }))
}

/// `kill ID ["WHY"]`: a combatant killed outright (CX-DEATH-09).
fn kill(w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the combatant's id")?;
    let why = w
        .optional_text()
        .unwrap_or_else(|| "killed by the GM".into());
    Ok(ready(Command::Kill { target, why }))
}

/// `afflict ID CONDITION [N turns]`: a condition put on, until saved unless it lasts N turns.
fn afflict(w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the combatant's id")?;
    let condition = w.keyword("a condition", &conditions())?;
    let turns = if w.more() {
        let n = w.count("the turns it lasts")?;
        w.expect_one_of(&["turns", "turn"])?;
        Some(n)
    } else {
        None
    };
    Ok(ready(Command::Afflict {
        target,
        condition,
        turns,
    }))
}

/// `cure ID CONDITION`: a condition ended.
fn cure(w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the combatant's id")?;
    let condition = w.keyword("a condition", &conditions())?;
    Ok(ready(Command::Cure { target, condition }))
}

/// `conceal ID [from ID ...] [dc N]`: the GM rules a combatant undetected.
fn conceal(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    let (mut from, mut dc) = (Vec::new(), None);
    while w.more() {
        if w.take("dc") {
            w.once(&mut dc, "dc", |w| w.number("the DC a search must beat"))?;
        } else {
            w.expect("from")?;
            from.push(w.id("the id of one who does not see it")?);
            while w.more() && !w.peek_is("dc") {
                from.push(w.id("the id of one who does not see it")?);
            }
        }
    }
    Ok(ready(Command::Conceal { id, from, dc }))
}

/// `detect ID [by ID ...]`: the GM rules a combatant detected.
fn detect(w: &mut Words) -> Result<Order, LineError> {
    let id = w.id("the combatant's id")?;
    let mut to = Vec::new();
    if w.more() {
        w.expect("by")?;
        to.push(w.id("the id of one who now sees it")?);
        while w.more() {
            to.push(w.id("the id of one who now sees it")?);
        }
    }
    Ok(ready(Command::Reveal { id, to }))
}
