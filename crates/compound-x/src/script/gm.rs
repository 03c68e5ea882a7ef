//! The GM's lines: the clock, distances and places, harm and conditions,
//! and who is undetected by whom.

use crate::encounter::Command;
use nanite_core::ClockCommand;

use super::forms::{COVERS, DAMAGE_TYPES, STANCES, conditions};
use super::words::Words;
use super::{LineError, Order, clock, ready};

pub(crate) fn gm(verb: &str, w: &mut Words) -> Result<Order, LineError> {
    Ok(match verb {
        "roll" => {
            w.expect("initiative")?;
            let mut who = Vec::new();
            while w.more() {
                who.push(w.id("a combatant's id")?);
            }
            ready(Command::RollInitiative { who })
        }
        "begin" => {
            let mut surprise = Vec::new();
            if w.more() {
                w.expect("surprise")?;
                surprise.push(w.id("the id of a hidden attacker")?);
                while w.more() {
                    surprise.push(w.id("the id of a hidden attacker")?);
                }
            }
            clock(ClockCommand::Begin { surprise })
        }
        "next" => clock(ClockCommand::NextTurn),
        "end" => clock(ClockCommand::End),
        "distance" => {
            let a = w.id("the first combatant's id")?;
            let b = w.id("the second combatant's id")?;
            let metres = w.metres("the metres between them")?;
            ready(Command::Distance { a, b, metres })
        }
        "position" if w.peek_second_is("at") => {
            let id = w.id("the combatant's id")?;
            w.expect("at")?;
            let at = w.point("a point of the map")?;
            ready(Command::Place { id, at })
        }
        "move" => {
            let id = w.id("the combatant's id")?;
            w.expect("to")?;
            let to = w.point("a point of the map")?;
            let sprint = w.take("sprint");
            ready(Command::MoveTo { id, to, sprint })
        }
        "door" => {
            let door = w.name("the door's name")?;
            let open = w.keyword("`open` or `close`", &[("open", true), ("close", false)])?;
            ready(Command::Door {
                id: None,
                door,
                open,
            })
        }
        "position" => {
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
            ready(Command::Position { id, cover, stance })
        }
        "initiative" => {
            let id = w.id("the combatant's id")?;
            let total = w.number("the initiative total")?;
            clock(ClockCommand::SetInitiative { id, total })
        }
        "pin" | "unpin" => {
            let id = w.id("the combatant's id")?;
            clock(ClockCommand::Pin {
                id,
                pinned: verb == "pin",
            })
        }
        "place" => {
            let id = w.id("the combatant's id")?;
            let place = w.count("its place in the order (1 is first)")?;
            let Some(position) = (place as usize).checked_sub(1) else {
                return Err(w.fail_with("a place of 1 or more (1 is first)", "0"));
            };
            clock(ClockCommand::Place { id, position })
        }
        "hide" | "reveal" => {
            let id = w.id("the combatant's id")?;
            clock(ClockCommand::Hide {
                id,
                hidden: verb == "hide",
            })
        }
        "remove" => clock(ClockCommand::Leave {
            id: w.id("the combatant's id")?,
        }),
        "harm" => {
            let target = w.id("the combatant's id")?;
            let amount = w.number("the damage")?;
            let damage_type = w.keyword("a damage type", DAMAGE_TYPES)?;
            let apl = if w.take("apl") {
                w.number("the armor-piercing level")?
            } else {
                0
            };
            let why = w.optional_text().unwrap_or_else(|| "harm".into());
            ready(Command::Harm {
                target,
                amount,
                damage_type,
                apl,
                why,
            })
        }
        "heal" => {
            let target = w.id("the combatant's id")?;
            let amount = w.number("the health to restore")?;
            let why = w
                .optional_text()
                .unwrap_or_else(|| "healed by the GM".into());
            ready(Command::Heal {
                target,
                amount,
                why,
            })
        }
        "mend" => {
            let id = w.id("the combatant's id")?;
            let injury = w.take_keyword(super::forms::INJURIES);
            ready(Command::Mend { id, injury })
        }
        "kill" => {
            let target = w.id("the combatant's id")?;
            let why = w
                .optional_text()
                .unwrap_or_else(|| "killed by the GM".into());
            ready(Command::Kill { target, why })
        }
        "afflict" => {
            let target = w.id("the combatant's id")?;
            let condition = w.keyword("a condition", &conditions())?;
            let turns = if w.more() {
                let n = w.count("the turns it lasts")?;
                w.expect_one_of(&["turns", "turn"])?;
                Some(n)
            } else {
                None
            };
            ready(Command::Afflict {
                target,
                condition,
                turns,
            })
        }
        "cure" => {
            let target = w.id("the combatant's id")?;
            let condition = w.keyword("a condition", &conditions())?;
            ready(Command::Cure { target, condition })
        }
        "conceal" => {
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
            ready(Command::Conceal { id, from, dc })
        }
        "detect" => {
            let id = w.id("the combatant's id")?;
            let mut to = Vec::new();
            if w.more() {
                w.expect("by")?;
                to.push(w.id("the id of one who now sees it")?);
                while w.more() {
                    to.push(w.id("the id of one who now sees it")?);
                }
            }
            ready(Command::Reveal { id, to })
        }
        _ => unreachable!("every GM verb has a form"),
    })
}
