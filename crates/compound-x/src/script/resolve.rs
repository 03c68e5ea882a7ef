//! From a parsed line to an engine command: the weapon a line means in its
//! actor's hands (by number, id, name, or the usual one for the action), and
//! the turn check of a hold.

use crate::Attack;
use crate::combat::{Fighter, WeaponState};
use crate::encounter::{Battle, Command, GrappleAct};

use super::{LineError, Order, WeaponRef};

/// What the usual weapon of an action is: the first weapon that fits
/// `best`, else the first that fits `fallback`.
struct Usual {
    what: &'static str,
    best: fn(&WeaponState) -> bool,
    fallback: fn(&WeaponState) -> bool,
    /// No fitting weapon means bare hands (melee).
    unarmed: bool,
}

fn ranged(w: &WeaponState) -> bool {
    w.attack == Attack::Ranged
}

fn melee(w: &WeaponState) -> bool {
    w.attack == Attack::Melee
}

fn thrown(w: &WeaponState) -> bool {
    w.attack == Attack::Thrown
}

fn grenade(w: &WeaponState) -> bool {
    thrown(w) && w.blast_radius.is_some()
}

const FIRE: Usual = Usual {
    what: "firearm",
    best: ranged,
    fallback: ranged,
    unarmed: false,
};

const CLEAR_JAM: Usual = Usual {
    what: "firearm",
    best: |w| w.jammed,
    fallback: ranged,
    unarmed: false,
};

const RELOAD: Usual = Usual {
    what: "weapon that takes magazines",
    best: |w| w.magazine > 0 && w.loaded < w.magazine,
    fallback: |w| w.magazine > 0,
    unarmed: false,
};

const SUPPRESS: Usual = Usual {
    what: "weapon that can suppress",
    best: |w| w.suppression.is_some(),
    fallback: ranged,
    unarmed: false,
};

const STRIKE: Usual = Usual {
    what: "melee weapon",
    best: melee,
    fallback: melee,
    unarmed: true,
};

const COOK: Usual = Usual {
    what: "grenade",
    best: |w| grenade(w) && w.spare_magazines > 0,
    fallback: grenade,
    unarmed: false,
};

const THROW: Usual = Usual {
    what: "thrown weapon",
    best: |w| thrown(w) && w.spare_magazines > 0,
    fallback: thrown,
    unarmed: false,
};

fn carried(f: &Fighter) -> String {
    if f.weapons.is_empty() {
        return format!("{} carries no weapons", f.name);
    }
    let list: Vec<String> = f
        .weapons
        .iter()
        .enumerate()
        .map(|(i, w)| format!("{i} {} ({})", w.id, w.name))
        .collect();
    format!("{} carries {}", f.name, list.join(", "))
}

/// The weapon `wanted` means in `f`'s hands: `None` is bare hands.
fn find(f: &Fighter, wanted: &WeaponRef, usual: &Usual) -> Result<Option<usize>, LineError> {
    let missing = |message: String| LineError {
        message,
        help: format!(
            "name one by its number (from 0), id or name: {}",
            carried(f)
        ),
        column: None,
    };
    match wanted {
        WeaponRef::Index(i) if *i < f.weapons.len() => Ok(Some(*i)),
        WeaponRef::Index(i) => Err(missing(format!("{} has no weapon {i}", f.name))),
        WeaponRef::Named(name) => f
            .weapons
            .iter()
            .position(|w| w.id == *name || w.name.eq_ignore_ascii_case(name))
            .map(Some)
            .ok_or_else(|| missing(format!("{} carries no weapon `{name}`", f.name))),
        WeaponRef::Unarmed if usual.unarmed => Ok(None),
        WeaponRef::Unarmed => Err(missing("bare hands cannot do this".into())),
        WeaponRef::Usual => {
            let first = |fits: fn(&WeaponState) -> bool| f.weapons.iter().position(fits);
            match first(usual.best).or_else(|| first(usual.fallback)) {
                Some(i) => Ok(Some(i)),
                None if usual.unarmed => Ok(None),
                None => Err(missing(format!("{} carries no {}", f.name, usual.what))),
            }
        }
    }
}

impl Order {
    /// The engine command this line is in `battle`. Fails when the line names
    /// a weapon its actor does not carry, or holds actions out of turn.
    pub fn command(&self, battle: &Battle) -> Result<Command, LineError> {
        let (mut command, wanted) = match self {
            Order::Ready(command) => return Ok(command.clone()),
            // The engine refuses a hold out of its holder's turn (CX-TURN-05).
            Order::Hold {
                id,
                actions,
                trigger,
            } => {
                return Ok(Command::Hold {
                    id: id.clone(),
                    actions: *actions,
                    trigger: trigger.clone(),
                });
            }
            Order::Armed { command, weapon } => (command.clone(), weapon),
        };
        let actor = match &command {
            Command::Fire { id, .. }
            | Command::ClearJam { id, .. }
            | Command::Reload { id, .. }
            | Command::Suppress { id, .. }
            | Command::Melee { id, .. }
            | Command::GrappleAct { id, .. }
            | Command::Cook { id, .. }
            | Command::Throw { id, .. } => id.clone(),
            _ => return Ok(command),
        };
        // An unknown actor is the engine's to refuse, with the ids it knows.
        let Some(c) = battle.combatants.get(&actor) else {
            return Ok(command);
        };
        let f = &c.fighter;
        let hand = |usual: &Usual| find(f, wanted, usual);
        let one =
            |usual: &Usual| -> Result<usize, LineError> { Ok(hand(usual)?.unwrap_or_default()) };
        match &mut command {
            Command::Fire { weapon, .. } => *weapon = one(&FIRE)?,
            Command::ClearJam { weapon, .. } => *weapon = one(&CLEAR_JAM)?,
            Command::Reload { weapon, .. } => *weapon = one(&RELOAD)?,
            Command::Suppress { weapon, .. } => *weapon = one(&SUPPRESS)?,
            Command::Cook { weapon, .. } => *weapon = one(&COOK)?,
            Command::Throw { weapon, .. } => *weapon = one(&THROW)?,
            Command::Melee { weapon, .. }
            | Command::GrappleAct {
                act: GrappleAct::Strike { weapon },
                ..
            } => *weapon = hand(&STRIKE)?,
            _ => {}
        }
        Ok(command)
    }
}
