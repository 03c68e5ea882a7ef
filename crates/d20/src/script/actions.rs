//! A combatant's actions in the script: `kara move 3,4`, `bram clinch brute`,
//! `ilsa kit healing-kit kara max 6`.

use crate::Attribute;
use crate::encounter::{Command, GrappleAttack, PositionChange, Takedown, TakedownChoice};
use nanite_core::CombatantId;

use super::{LineError, WeaponRef, Words, err, form, row, square, weapon_ref};

pub(super) fn action(
    id: CombatantId,
    verb: &str,
    w: &mut Words,
) -> Result<(Command, Option<WeaponRef>), LineError> {
    let plain = |c: Command| Ok((c, None));
    match verb {
        "move" => {
            let mut to = vec![square(&w.wants("a square")?)?];
            while let Some(word) = w.next() {
                to.push(square(&word)?);
            }
            plain(Command::Move { id, to })
        }
        "double-move" => plain(Command::DoubleMove { id }),
        "row" => plain(Command::ChangeRow {
            id,
            row: row(&w.wants("`front` or `back`")?)?,
        }),
        "attack" => {
            let target = w.id("a target")?;
            Ok((
                Command::Attack {
                    id,
                    target,
                    weapon: Some(0),
                },
                Some(weapon_ref(w.next())),
            ))
        }
        "cast" | "manifest" => {
            let magic = w.wants(if verb == "cast" { "a spell" } else { "a power" })?;
            let target = w.id("a target")?;
            plain(Command::Cast { id, magic, target })
        }
        "clinch" | "tackle" | "trip" => plain(Command::Takedown {
            kind: match verb {
                "clinch" => Takedown::Clinch,
                "tackle" => Takedown::Tackle,
                _ => Takedown::Trip,
            },
            target: w.id("a target")?,
            id,
        }),
        "push" | "pull" | "scramble" | "reversal" => plain(Command::ChangePosition {
            id,
            kind: match verb {
                "push" => PositionChange::Push,
                "pull" => PositionChange::Pull,
                "scramble" => PositionChange::Scramble,
                _ => PositionChange::Reversal,
            },
        }),
        "submission" | "slam" | "short-strikes" => plain(Command::GrappleAttack {
            id,
            kind: match verb {
                "submission" => GrappleAttack::Submission,
                "slam" => GrappleAttack::Slam,
                _ => GrappleAttack::ShortStrikes,
            },
        }),
        "release" => plain(Command::Release { id }),
        "choose" => match w.wants("`advantage` or `attack`")?.as_str() {
            "advantage" => plain(Command::Choose {
                id,
                choice: TakedownChoice::Advantage,
            }),
            "attack" => Ok((
                Command::Choose {
                    id,
                    choice: TakedownChoice::Attack { weapon: Some(0) },
                },
                Some(weapon_ref(w.next())),
            )),
            other => Err(err(
                format!("`{other}` is not a choice"),
                "write `choose advantage` or `choose attack [WEAPON]` (D20-GRAP-02)",
            )),
        },
        "hold" => {
            let trigger = w.wants("a trigger in quotes")?;
            plain(Command::Hold { id, trigger })
        }
        "check" => plain(check(id, w)?),
        "rest" => plain(Command::Rest {
            id,
            periods: w.number("the periods of 8 hours")?,
        }),
        "kit" => plain(kit(id, w)?),
        _ => unreachable!("ACTION_FORMS lists the verbs"),
    }
}

/// `check SKILL|ATTRIBUTE DC [hidden] [with ATTRIBUTE]`: a skill check, or
/// an attribute check, maybe hidden, maybe with another attribute.
fn check(id: CombatantId, w: &mut Words) -> Result<Command, LineError> {
    let what = w.wants("a skill or an attribute")?;
    let dc = w.number("the DC")?;
    let mut attribute = Attribute::parse(&what);
    let skill = if attribute.is_some() {
        None
    } else {
        Some(what)
    };
    let mut hidden = false;
    while let Some(word) = w.next() {
        match word.as_str() {
            "hidden" => hidden = true,
            "with" => {
                let a = w.wants("an attribute")?;
                attribute = Some(Attribute::parse(&a).ok_or_else(|| {
                    err(
                        format!("`{a}` is not an attribute"),
                        "the attributes are STR, DEX, CON and WIS",
                    )
                })?);
            }
            other => {
                return Err(err(
                    format!("`{other}` is not part of a check"),
                    format!("write `{}`", form("check")),
                ));
            }
        }
    }
    Ok(Command::Check {
        id,
        skill,
        attribute,
        dc,
        hidden,
    })
}

/// `kit KIT PATIENT [max N]`: a healing kit used on a patient, with at most
/// N rolls.
fn kit(id: CombatantId, w: &mut Words) -> Result<Command, LineError> {
    let kit = w.wants("a kit")?;
    let target = w.id("a patient")?;
    let mut max_checks = None;
    if let Some(word) = w.next() {
        if word != "max" {
            return Err(err(
                format!("`{word}` is not part of a kit line"),
                format!("write `{}`", form("kit")),
            ));
        }
        let n = w.number("the maximum number of rolls")?;
        max_checks = Some(u32::try_from(n).map_err(|_| {
            err(
                format!("{n} rolls is not a maximum"),
                "give a whole number from 1",
            )
        })?);
    }
    Ok(Command::UseKit {
        id,
        target,
        kit,
        max_checks,
    })
}
