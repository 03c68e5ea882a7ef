//! A combatant's lines: `ID VERB ...`, from aiming and firing to grapples,
//! stealth and spells.

use crate::check::Effort;
use crate::encounter::{Command, GrappleAct, MeleeKind, Way};
use nanite_core::{ClockCommand, CombatantId};

use super::forms::{COVERS, FIRES, HOLDS, LEVELS, MODES, STANCES, conditions};
use super::words::Words;
use super::{LineError, Order, WeaponRef, clock, ready};

pub(crate) fn action(id: CombatantId, verb: &str, w: &mut Words) -> Result<Order, LineError> {
    Ok(match verb {
        "aim" => ready(Command::Aim { id }),
        "fire" => fire(id, w)?,
        "clear-jam" => armed(Command::ClearJam { id, weapon: 0 }, w.optional_weapon()?),
        "reload" => armed(Command::Reload { id, weapon: 0 }, w.optional_weapon()?),
        "fast-recharge" => ready(Command::FastRecharge { id }),
        "stance" => ready(Command::Stance {
            id,
            to: w.keyword("a stance", STANCES)?,
        }),
        "save" => ready(Command::Save {
            id,
            condition: w.keyword("a condition", &conditions())?,
        }),
        "treat" => treat(id, w)?,
        "repair" => repair(id, w)?,
        "rest" => rest(id, w)?,
        "stay-up" => ready(Command::StayUp { id }),
        "fall" => fall(id, w)?,
        "stabilize" => stabilize(id, w)?,
        "check" => check(id, w)?,
        "act" => act(id, w)?,
        "hold" => hold(id, w)?,
        "trigger" => clock(ClockCommand::Trigger { id }),
        "move" | "sprint" => movement(id, verb == "sprint", w)?,
        "door" => door(id, w)?,
        "jump" => jump(id, w)?,
        "suppress" => suppress(id, w)?,
        "strike" | "shove" | "kick" => melee(id, verb, w)?,
        "grapple" => ready(Command::Grapple {
            id,
            target: w.id("the id of the one to grab")?,
        }),
        "contest" => ready(Command::GrappleAct {
            id,
            act: GrappleAct::Contest,
        }),
        "subdue" => ready(Command::GrappleAct {
            id,
            act: GrappleAct::Subdue {
                hold: w.keyword("a hold", HOLDS)?,
            },
        }),
        "grapple-strike" => grapple_strike(id, w)?,
        "release" => ready(Command::GrappleAct {
            id,
            act: GrappleAct::Release,
        }),
        "cook" => armed(Command::Cook { id, weapon: 0 }, w.optional_weapon()?),
        "throw" => throw(id, w)?,
        "penalty-attack" => penalty_attack(id, w)?,
        "crosses" => ready(Command::Crossing {
            by: w.id("the suppressor's id")?,
            target: id,
        }),
        "search" | "glance" => ready(Command::Search {
            id,
            target: w.id("the id of the one looked for")?,
            glance: verb == "glance",
        }),
        "cloak" => ready(Command::Cloak { id }),
        "uncloak" => ready(Command::Uncloak { id }),
        "cast" => cast(id, w)?,
        _ => unreachable!("every action has a form"),
    })
}

/// `fire MODE TARGET [weapon W] [15m] [aimed|hip|blind] [cover C]`: a shot, in any order after the
/// target.
fn fire(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let mode = w.keyword("a fire mode", MODES)?;
    let target = w.id("the target's id")?;
    let (mut weapon, mut distance, mut fire, mut cover) = (None, None, None, None);
    while w.more() {
        if w.take("weapon") {
            w.once(&mut weapon, "weapon", Words::weapon)?;
        } else if w.take("cover") {
            w.once(&mut cover, "cover", |w| w.keyword("a cover", COVERS))?;
        } else if let Some(f) = w.take_keyword(FIRES) {
            w.once(&mut fire, "the way of firing (aimed, hip or blind)", |_| {
                Ok(f)
            })?;
        } else if w.peek_metres() {
            w.once(&mut distance, "a distance", |w| w.metres("metres"))?;
        } else {
            return Err(w.fail(
                "`weapon W`, a distance such as `15m`, `aimed`, `hip`, `blind` or `cover C`",
            ));
        }
    }
    Ok(armed(
        Command::Fire {
            id,
            target,
            weapon: 0,
            mode,
            fire,
            distance,
            cover,
        },
        weapon.unwrap_or(WeaponRef::Usual),
    ))
}

/// `treat PATIENT [wound N] [medikit] [take 50|100]`: Medicine on a wound (CX-HEAL).
fn treat(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the patient's id")?;
    let wound = if w.take("wound") {
        Some(usize::try_from(w.count("the wound's number, from 0")?).unwrap_or(0))
    } else {
        None
    };
    let medikit = w.take("medikit");
    let effort = taking(w)?;
    Ok(ready(Command::Treat {
        id,
        target,
        wound,
        medikit,
        effort,
    }))
}

/// `repair WHOSE [weapon N|armor] [take 50|100]`: a repair of armor or a weapon.
fn repair(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("whose gear")?;
    let weapon = if w.take("weapon") {
        Some(usize::try_from(w.count("the weapon's number, from 0")?).unwrap_or(0))
    } else {
        w.take("armor");
        None
    };
    let effort = taking(w)?;
    Ok(ready(Command::Repair {
        id,
        target,
        weapon,
        effort,
    }))
}

/// `rest [long]`: a short or long rest.
fn rest(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let long = w.take("long");
    Ok(ready(Command::Rest { id, long }))
}

/// `fall METRES [fouled]`: a fall from a height.
fn fall(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let metres = w.number("the height in metres")?;
    let fouled = w.take("fouled");
    Ok(ready(Command::Fall { id, metres, fouled }))
}

/// `stabilize DOWNED [kit] [count-revive]`: stabilizing a downed combatant (CX-DEATH-05).
fn stabilize(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the downed combatant's id")?;
    let kit = w.take("kit");
    let count_revive = w.take("count-revive");
    Ok(ready(Command::Stabilize {
        id,
        target,
        kit,
        count_revive,
    }))
}

/// `check SKILL [with SKILL] dc N [hidden] [take 50|100]`: a check, maybe two skills combined
/// into one roll against twice the DC (CX-DICE-07).
fn check(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let skill = w.word("a skill id")?;
    // A second skill combined into one roll against twice the DC
    // (CX-DICE-07).
    let combined_with = if w.take("with") {
        Some(w.word("the second skill's id")?)
    } else {
        None
    };
    w.expect("dc")?;
    let dc = w.number("the DC")?;
    let hidden = w.take("hidden");
    let effort = taking(w)?;
    Ok(ready(Command::Check {
        id,
        skill,
        dc,
        hidden,
        effort,
        combined_with,
    }))
}

/// `act "WHAT" [ACTIONS]`: an action the rules do not name, 1 action unless said.
fn act(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let what = w.text("what the action is, in quotes")?;
    let actions = if w.more() {
        w.count("the actions it costs")?
    } else {
        1
    };
    Ok(ready(Command::Act { id, what, actions }))
}

/// `hold ACTIONS "TRIGGER"`: actions held for a trigger (CX-TURN-05).
fn hold(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let actions = w.count("the actions to hold")?;
    let trigger = w.text("the trigger, in quotes")?;
    Ok(Order::Hold {
        id,
        actions,
        trigger,
    })
}

/// `door NAME open|close`: a door opened or closed.
fn door(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let door = w.name("the door's name")?;
    let open = w.keyword("`open` or `close`", &[("open", true), ("close", false)])?;
    Ok(ready(Command::Door {
        id: Some(id),
        door,
        open,
    }))
}

/// `jump METRES [up] [run-up]`: a jump.
fn jump(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let metres = w.fraction_metres("the metres of the jump")?;
    let (mut vertical, mut run_up) = (false, false);
    while w.more() {
        match w.keyword("`up` or `run-up`", &[("up", true), ("run-up", false)])? {
            true => vertical = true,
            false => run_up = true,
        }
    }
    Ok(ready(Command::Jump {
        id,
        metres,
        vertical,
        run_up,
    }))
}

/// `suppress TARGET [weapon W] [light|medium|heavy]`: suppressive fire (CX-SUP).
fn suppress(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the target's id")?;
    let (mut weapon, mut level) = (None, None);
    while w.more() {
        if w.take("weapon") {
            w.once(&mut weapon, "weapon", Words::weapon)?;
        } else {
            let l = w.keyword("`weapon W` or a level (light, medium, heavy)", LEVELS)?;
            w.once(&mut level, "a level", |_| Ok(l))?;
        }
    }
    Ok(armed(
        Command::Suppress {
            id,
            target,
            weapon: 0,
            level,
        },
        weapon.unwrap_or(WeaponRef::Usual),
    ))
}

/// `strike|shove|kick TARGET [weapon W|unarmed] [flanking]`: a melee attack; a shove
/// or kick is unarmed (CX-MELEE-04).
fn melee(id: CombatantId, verb: &str, w: &mut Words) -> Result<Order, LineError> {
    let kind = match verb {
        "strike" => MeleeKind::Strike,
        "shove" => MeleeKind::Shove,
        _ => MeleeKind::Kick,
    };
    let target = w.id("the target's id")?;
    let (mut weapon, mut flanking) = (None, false);
    while w.more() {
        if w.take("weapon") {
            w.once(&mut weapon, "weapon", Words::weapon)?;
        } else if w.take("unarmed") {
            w.once(&mut weapon, "weapon", |_| Ok(WeaponRef::Unarmed))?;
        } else {
            w.expect("flanking")?;
            flanking = true;
        }
    }
    // A shove or kick is an unarmed attack (CX-MELEE-04).
    let usual = if kind == MeleeKind::Strike {
        WeaponRef::Usual
    } else {
        WeaponRef::Unarmed
    };
    Ok(armed(
        Command::Melee {
            id,
            target,
            weapon: None,
            kind,
            flanking,
        },
        weapon.unwrap_or(usual),
    ))
}

/// `grapple-strike [unarmed|W]`: a strike in a grapple.
fn grapple_strike(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let weapon = if w.take("unarmed") {
        WeaponRef::Unarmed
    } else {
        w.optional_weapon()?
    };
    Ok(armed(
        Command::GrappleAct {
            id,
            act: GrappleAct::Strike { weapon: None },
        },
        weapon,
    ))
}

/// `throw TARGET [weapon W] [12m]`: a thrown weapon.
fn throw(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the target's id")?;
    let (mut weapon, mut distance) = (None, None);
    while w.more() {
        if w.take("weapon") {
            w.once(&mut weapon, "weapon", Words::weapon)?;
        } else if w.peek_metres() {
            w.once(&mut distance, "a distance", |w| w.metres("metres"))?;
        } else {
            return Err(w.fail("`weapon W` or a distance such as `12m`"));
        }
    }
    Ok(armed(
        Command::Throw {
            id,
            target,
            weapon: 0,
            distance,
        },
        weapon.unwrap_or(WeaponRef::Usual),
    ))
}

/// `penalty-attack TARGET ["WHY"]`: a penalty attack the GM grants (CX-MELEE-02).
fn penalty_attack(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let target = w.id("the target's id")?;
    let why = w
        .optional_text()
        .unwrap_or_else(|| "the GM grants a penalty attack".into());
    Ok(ready(Command::PenaltyAttack {
        by: id,
        target,
        why,
    }))
}

/// `cast SPELL [TARGET] [cover C]`: a spell, on oneself unless a target is named.
fn cast(id: CombatantId, w: &mut Words) -> Result<Order, LineError> {
    let spell = w.word("a spell id")?;
    let target = if w.more() && !w.peek_is("cover") {
        w.id("the target's id")?
    } else {
        id.clone()
    };
    let cover = if w.take("cover") {
        Some(w.keyword("a cover", COVERS)?)
    } else {
        None
    };
    Ok(ready(Command::Cast {
        id,
        spell,
        target,
        cover,
    }))
}

/// An order whose weapon is read from the character when the line is
/// played.
fn armed(command: Command, weapon: WeaponRef) -> Order {
    Order::Armed { command, weapon }
}

fn movement(id: CombatantId, sprint: bool, w: &mut Words) -> Result<Order, LineError> {
    if w.take("to") {
        let to = w.point("a point of the map")?;
        let sprint = w.take("sprint") || sprint;
        return Ok(ready(Command::MoveTo { id, to, sprint }));
    }
    let metres = w.metres("the metres to move")?;
    let (mut way, mut sprinting, mut cover, mut concealed) = (None, sprint, None, false);
    while w.more() {
        if w.take("toward") {
            let to = w.id("the id of the one moved toward")?;
            w.once(&mut way, "a way", |_| Ok(Way::Toward { id: to }))?;
        } else if w.take("away-from") {
            let from = w.id("the id of the one moved away from")?;
            w.once(&mut way, "a way", |_| Ok(Way::Away { id: from }))?;
        } else if w.take("elsewhere") {
            w.once(&mut way, "a way", |_| Ok(Way::Elsewhere))?;
        } else if w.take("cover") {
            w.once(&mut cover, "cover", |w| w.keyword("a cover", COVERS))?;
        } else if w.take("sprint") {
            sprinting = true;
        } else {
            w.expect("concealed")?;
            concealed = true;
        }
    }
    Ok(ready(Command::Move {
        id,
        metres,
        way: way.unwrap_or(Way::Elsewhere),
        sprint: sprinting,
        cover,
        concealed,
    }))
}

/// `take 50` or `take 100` in place of the d100, out of combat (CX-DICE-06);
/// a roll when absent.
fn taking(w: &mut Words) -> Result<Effort, LineError> {
    if w.take("take") {
        w.keyword(
            "what to take",
            &[("50", Effort::Take50), ("100", Effort::Take100)],
        )
    } else {
        Ok(Effort::Roll)
    }
}
