//! The D20 script: one short line per command (`kara attack raider rapier`),
//! parsed into an [`Order`] and then resolved against the battle into an
//! engine [`Command`].
//!
//! A line is a GM command (`next`, `harm kara 4 by brute "a thrown rock"`)
//! or a combatant's id and an action (`kara move 3,4`). Words are separated
//! by spaces; free text is quoted with `"`. The reference, with every form,
//! is docs/cli/d20.md. Parsing needs no battle, so a whole script is checked
//! before any die is rolled; ids and weapons are resolved against the
//! combatants once they have entered.

use crate::encounter::{Battle, Command, Place, Row, Square, TakedownChoice};
use nanite_core::{ClockCommand, CombatantId};

/// A line that is not a command: the text command languages' one error,
/// from core.
pub use nanite_core::script::LineError;

fn err(message: impl Into<String>, help: impl Into<String>) -> LineError {
    LineError {
        message: message.into(),
        help: help.into(),
        column: None,
    }
}

/// Which weapon a line means, before the battle is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeaponRef {
    /// The first the combatant carries (unarmed if none).
    First,
    /// By position, from 0.
    Index(usize),
    /// By id (`rapier`) or name (`Rapier`).
    Named(String),
    /// Bare hands.
    Unarmed,
}

/// A parsed line: a command, perhaps with a weapon still to find.
#[derive(Debug, Clone)]
pub struct Order {
    /// The command (weapon 0 for now when `weapon` is set).
    command: Command,
    /// The weapon to resolve, and whose.
    weapon: Option<(CombatantId, WeaponRef)>,
    /// Every combatant id the line names.
    pub ids: Vec<CombatantId>,
}

/// The GM's commands, with their forms (for help texts).
pub const GM_FORMS: &[(&str, &str)] = &[
    ("roll", "roll initiative [ID...]"),
    ("begin", "begin [surprise ID...]"),
    ("next", "next"),
    ("end", "end"),
    ("initiative", "initiative ID TOTAL"),
    ("place", "place ID X,Y | place ID front|back"),
    ("hide", "hide ID"),
    ("reveal", "reveal ID"),
    ("leave", "leave ID"),
    ("trigger", "trigger ID"),
    ("harm", "harm ID AMOUNT [by ID] [\"why\"]"),
];

/// A combatant's actions, with their forms.
pub const ACTION_FORMS: &[(&str, &str)] = &[
    ("move", "ID move X,Y [X,Y...]"),
    ("double-move", "ID double-move"),
    ("row", "ID row front|back"),
    ("attack", "ID attack TARGET [WEAPON|unarmed]"),
    ("cast", "ID cast SPELL TARGET"),
    ("manifest", "ID manifest POWER TARGET"),
    ("clinch", "ID clinch TARGET"),
    ("tackle", "ID tackle TARGET"),
    ("trip", "ID trip TARGET"),
    ("push", "ID push"),
    ("pull", "ID pull"),
    ("scramble", "ID scramble"),
    ("reversal", "ID reversal"),
    ("submission", "ID submission"),
    ("slam", "ID slam"),
    ("short-strikes", "ID short-strikes"),
    ("release", "ID release"),
    (
        "choose",
        "ID choose advantage | ID choose attack [WEAPON|unarmed]",
    ),
    ("hold", "ID hold \"trigger\""),
    ("check", "ID check SKILL|ATTR DC [with ATTR] [hidden]"),
    ("rest", "ID rest PERIODS"),
    ("kit", "ID kit KIT TARGET [max N]"),
];

fn form(verb: &str) -> &'static str {
    GM_FORMS
        .iter()
        .chain(ACTION_FORMS)
        .find(|(v, _)| *v == verb)
        .map_or("", |(_, f)| f)
}

/// Splits a line into words, each with its column (from 1); `"..."` is one
/// word.
fn words(line: &str) -> Result<Vec<(usize, String)>, LineError> {
    let mut out = Vec::new();
    let mut chars = line.chars().enumerate().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut word = String::new();
            loop {
                match chars.next() {
                    Some((_, '"')) => break,
                    Some((_, ch)) => word.push(ch),
                    None => {
                        return Err(LineError {
                            column: Some(at + 1),
                            ..err("a quoted text is not closed", "close it with another \"")
                        });
                    }
                }
            }
            out.push((at + 1, word));
        } else {
            let mut word = String::new();
            while let Some(&(_, ch)) = chars.peek() {
                if ch.is_whitespace() {
                    break;
                }
                word.push(ch);
                chars.next();
            }
            out.push((at + 1, word));
        }
    }
    Ok(out)
}

/// The words of one line, read in order, with their columns.
struct Words {
    verb: String,
    rest: std::collections::VecDeque<(usize, String)>,
    ids: Vec<CombatantId>,
    /// The column of the word read last.
    last: usize,
    /// The column just past the line's end.
    end: usize,
}

impl Words {
    fn next(&mut self) -> Option<String> {
        let (at, word) = self.rest.pop_front()?;
        self.last = at;
        Some(word)
    }

    fn wants(&mut self, what: &str) -> Result<String, LineError> {
        self.next().ok_or_else(|| LineError {
            column: Some(self.end),
            ..err(
                format!("`{}` needs {what}", self.verb),
                format!("write `{}`", form(&self.verb)),
            )
        })
    }

    /// `e` at the word read last, unless it knows its column already.
    fn at_last(&self, e: LineError) -> LineError {
        LineError {
            column: e.column.or(Some(self.last)),
            ..e
        }
    }

    fn id(&mut self, what: &str) -> Result<CombatantId, LineError> {
        let id = CombatantId::from(self.wants(what)?);
        self.ids.push(id.clone());
        Ok(id)
    }

    fn number(&mut self, what: &str) -> Result<i64, LineError> {
        let word = self.wants(what)?;
        word.parse().map_err(|_| {
            err(
                format!("`{word}` is not a whole number ({what})"),
                format!("write `{}`", form(&self.verb)),
            )
        })
    }

    fn done(&mut self) -> Result<(), LineError> {
        match self.next() {
            None => Ok(()),
            Some(extra) => Err(err(
                format!("`{extra}` is one word too many for `{}`", self.verb),
                format!("write `{}`", form(&self.verb)),
            )),
        }
    }
}

fn square(word: &str) -> Result<Square, LineError> {
    let parse = |s: &str| s.trim().parse::<i64>().ok();
    match word.split_once(',') {
        Some((x, y)) if parse(x).is_some() && parse(y).is_some() => Ok(Square {
            x: parse(x).unwrap_or(0),
            y: parse(y).unwrap_or(0),
        }),
        _ => Err(err(
            format!("`{word}` is not a square"),
            "write a square as X,Y with no space, like 3,4 ((0,0) is the top left)",
        )),
    }
}

fn row(word: &str) -> Result<Row, LineError> {
    match word {
        "front" => Ok(Row::Front),
        "back" => Ok(Row::Back),
        _ => Err(err(
            format!("`{word}` is not a row"),
            "the rows are `front` and `back` (D20-MOVE-03)",
        )),
    }
}

fn weapon_ref(word: Option<String>) -> WeaponRef {
    match word {
        None => WeaponRef::First,
        Some(w) if w == "unarmed" => WeaponRef::Unarmed,
        Some(w) => match w.parse::<usize>() {
            Ok(i) => WeaponRef::Index(i),
            Err(_) => WeaponRef::Named(w),
        },
    }
}

mod actions;

use actions::action;

/// Parses one line.
pub fn parse(line: &str) -> Result<Order, LineError> {
    let mut all = words(line)?.into_iter();
    let Some((_, first)) = all.next() else {
        return Err(LineError {
            column: Some(1),
            ..err(
                "this command is empty",
                "write a command such as `next` or `kara attack raider`, or remove the line",
            )
        });
    };
    let mut w = Words {
        verb: first.clone(),
        rest: all.collect(),
        ids: Vec::new(),
        last: 1,
        end: line.chars().count() + 1,
    };
    let mut weapon = None;
    let command = if GM_FORMS.iter().any(|(v, _)| *v == first) {
        gm(&first, &mut w).map_err(|e| w.at_last(e))?
    } else {
        let id = CombatantId::from(first.clone());
        w.ids.push(id.clone());
        let Some(verb) = w.next() else {
            return Err(LineError {
                column: Some(w.end),
                ..err(
                    format!(
                        "`{first}` is not a command; after a combatant's id an action is expected"
                    ),
                    format!(
                        "commands: {}; actions: {}",
                        verbs(GM_FORMS),
                        verbs(ACTION_FORMS)
                    ),
                )
            });
        };
        if !ACTION_FORMS.iter().any(|(v, _)| *v == verb) {
            return Err(w.at_last(err(
                format!("`{first}` is not a command and `{verb}` is not an action"),
                format!(
                    "a line is a command ({}) or a combatant's id and an action ({})",
                    verbs(GM_FORMS),
                    verbs(ACTION_FORMS)
                ),
            )));
        }
        w.verb = verb.clone();
        let (command, wanted) = action(id.clone(), &verb, &mut w).map_err(|e| w.at_last(e))?;
        weapon = wanted.map(|r| (id, r));
        command
    };
    w.done().map_err(|e| w.at_last(e))?;
    Ok(Order {
        command,
        weapon,
        ids: w.ids,
    })
}

fn verbs(forms: &[(&str, &str)]) -> String {
    forms.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(", ")
}

fn gm(verb: &str, w: &mut Words) -> Result<Command, LineError> {
    let clock = Command::Clock;
    Ok(match verb {
        "roll" => {
            let what = w.wants("`initiative`")?;
            if what != "initiative" {
                return Err(err(
                    format!("`roll {what}` is not a command"),
                    "write `roll initiative` or `roll initiative kara raider`",
                ));
            }
            let mut who = Vec::new();
            while !w.rest.is_empty() {
                who.push(w.id("a combatant")?);
            }
            Command::RollInitiative { who }
        }
        "begin" => {
            let mut surprise = Vec::new();
            if let Some(word) = w.next() {
                if word != "surprise" {
                    return Err(err(
                        format!("`begin {word}` is not a command"),
                        "write `begin`, or `begin surprise ID...` for a surprise round",
                    ));
                }
                while !w.rest.is_empty() {
                    surprise.push(w.id("a hidden attacker")?);
                }
                if surprise.is_empty() {
                    return Err(err(
                        "`begin surprise` names nobody",
                        "name the hidden attackers: `begin surprise brute`",
                    ));
                }
            }
            clock(ClockCommand::Begin { surprise })
        }
        "next" => clock(ClockCommand::NextTurn),
        "end" => clock(ClockCommand::End),
        "initiative" => {
            let id = w.id("a combatant")?;
            let total = w.number("the total")?;
            clock(ClockCommand::SetInitiative { id, total })
        }
        "place" => {
            let id = w.id("a combatant")?;
            let where_ = w.wants("a square or a row")?;
            let place = if where_.contains(',') {
                Place::Square(square(&where_)?)
            } else {
                Place::Row(row(&where_)?)
            };
            Command::Position { id, place }
        }
        "hide" | "reveal" => clock(ClockCommand::Hide {
            id: w.id("a combatant")?,
            hidden: verb == "hide",
        }),
        "leave" => clock(ClockCommand::Leave {
            id: w.id("a combatant")?,
        }),
        "trigger" => clock(ClockCommand::Trigger {
            id: w.id("a combatant")?,
        }),
        "harm" => {
            let target = w.id("a combatant")?;
            let amount = w.number("the hit points")?;
            let mut by = None;
            let mut why = "the GM".to_string();
            while let Some(word) = w.next() {
                if word == "by" {
                    by = Some(w.id("who did it")?);
                } else {
                    why = word;
                }
            }
            Command::Harm {
                target,
                amount,
                by,
                why,
            }
        }
        _ => unreachable!("GM_FORMS lists the verbs"),
    })
}

impl Order {
    /// The command for the battle as it is: every id must be in it, and a
    /// weapon named must be carried.
    pub fn command(&self, state: &Battle) -> Result<Command, LineError> {
        for id in &self.ids {
            if !state.combatants.contains_key(id) {
                let known: Vec<&str> = state.combatants.keys().map(|k| k.as_str()).collect();
                return Err(err(
                    format!("nobody called `{id}` is in this fight"),
                    format!("the combatants are {}", known.join(", ")),
                ));
            }
        }
        let mut command = self.command.clone();
        if let Some((who, r)) = &self.weapon {
            let f = &state.combatants[who].fighter;
            let index = match r {
                WeaponRef::Unarmed => None,
                WeaponRef::First => (!f.weapons.is_empty()).then_some(0),
                WeaponRef::Index(i) if *i < f.weapons.len() => Some(*i),
                WeaponRef::Index(i) => {
                    return Err(err(format!("{} has no weapon {i}", f.name), weapons(f)));
                }
                WeaponRef::Named(name) => Some(
                    f.weapons
                        .iter()
                        .position(|w| w.id == *name || w.name.eq_ignore_ascii_case(name))
                        .ok_or_else(|| {
                            err(format!("{} carries no `{name}`", f.name), weapons(f))
                        })?,
                ),
            };
            match &mut command {
                Command::Attack { weapon, .. } => *weapon = index,
                Command::Choose {
                    choice: TakedownChoice::Attack { weapon },
                    ..
                } => *weapon = index,
                _ => {}
            }
        }
        Ok(command)
    }
}

fn weapons(f: &crate::encounter::Fighter) -> String {
    if f.weapons.is_empty() {
        return "it carries no weapon: attack `unarmed`".into();
    }
    format!("its weapons: {}, or `unarmed`", f.numbered_weapons())
}

#[cfg(test)]
mod tests;
