//! The Station text command language: one short line per command
//! (`ana move 3,4`, `ana attack c1 aim 1`, `deploy crawler 17,2`, `end`),
//! read into an engine [`Command`].
//!
//! A line is a GM or side command (`end`, `begin`, `deploy CREATURE X,Y`) or
//! a figure's id and an action (`ana move 3,4`). Words are separated by
//! spaces; `#` starts a comment. Every form is in [`FORMS`] (the reference
//! is docs/cli/station.md). A line that does not read is a
//! [`LineError`] with the column of the word at fault and how to write it.
//! Reading needs no game: whether the figure, the target or the square make
//! sense now is the rules' to say.

use crate::content::{Skill, Stat};
use crate::map::Pos;
use crate::{Command, Purchase};

/// A line that is not a command: the text command languages' one error,
/// from core.
pub use nanite_core::script::LineError;

/// One form of the language: the words that start it and how to write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    /// The verbs of the form (`attack`, `shoot`, `strike`).
    pub verbs: &'static [&'static str],
    /// Its usage and what it does, as the help lists it.
    pub usage: &'static str,
    /// Whether a figure's id comes first (`ana move 3,4`).
    pub figure: bool,
}

const fn side(verbs: &'static [&'static str], usage: &'static str) -> Form {
    Form {
        verbs,
        usage,
        figure: false,
    }
}

const fn figure(verbs: &'static [&'static str], usage: &'static str) -> Form {
    Form {
        verbs,
        usage,
        figure: true,
    }
}

/// Every form of the language, in the order the help lists them.
pub const FORMS: &[Form] = &[
    side(
        &["end"],
        "end                         end the current side's turn",
    ),
    side(
        &["begin"],
        "begin                       GM: end setup, players move first",
    ),
    side(
        &["deploy"],
        "deploy CREATURE X,Y         GM: deploy a creature",
    ),
    figure(
        &["move"],
        "WHO move X,Y                a player (players' turn) or creature (GM's turn)",
    ),
    figure(
        &["attack", "shoot", "strike"],
        "WHO attack TARGET [aim N]   shoot or strike with the equipped weapon (aim: extra AP)",
    ),
    figure(
        &["psi"],
        "WHO psi POWER TARGET        1 AP and the power's PP: a psionic power (mind-spike, pyrokinesis)",
    ),
    figure(
        &["defend"],
        "WHO defend ENEMY            1 AP: that enemy's melee chance against WHO -1",
    ),
    figure(
        &["hack"],
        "WHO hack X,Y                a locked door or security station in front (2 turns)",
    ),
    figure(
        &["modify"],
        "WHO modify                  the equipped weapon's next modification (2 turns)",
    ),
    figure(
        &["repair"],
        "WHO repair [X,Y]            a door lock, station or machine in front, or the weapon",
    ),
    figure(
        &["research"],
        "WHO research ITEM           research a carried item",
    ),
    figure(
        &["search"],
        "WHO search X,Y              search the object in front (the whole turn)",
    ),
    figure(
        &["activate"],
        "WHO activate X,Y            2 AP: activate a bio-reconstruction machine",
    ),
    figure(
        &["switch"],
        "WHO switch X,Y              2 AP: use a switch",
    ),
    figure(
        &["card"],
        "WHO card X,Y                2 AP: a security card on a security-locked door",
    ),
    figure(&["equip", "drop", "use"], "WHO equip|drop|use ITEM"),
    figure(
        &["buy"],
        "WHO buy skill NAME | stat NAME | psi-tier | psi-skill | upgrade ID",
    ),
];

/// What a line that cannot be read should look at instead.
const TRY_HELP: &str = "`help` lists the commands";

/// The form that `verb` starts.
fn form(verb: &str) -> Option<&'static Form> {
    FORMS.iter().find(|f| f.verbs.contains(&verb))
}

/// The words of a line with their columns (in characters, from 1), up to
/// a `#` comment.
fn words(line: &str) -> Vec<(usize, &str)> {
    let text = line.split('#').next().unwrap_or("");
    let mut found = Vec::new();
    let mut start = None;
    for (column, (at, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column + 1, at)),
            (true, Some((col, from))) => {
                found.push((col, &text[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        found.push((col, &text[from..]));
    }
    found
}

/// The words after a form's verb, read in order.
struct Rest<'a> {
    usage: &'static str,
    words: std::slice::Iter<'a, (usize, &'a str)>,
    /// The column just past the last word.
    end: usize,
}

impl<'a> Rest<'a> {
    /// An error at `column`, with the form's usage as its help.
    fn wrong(&self, column: usize, message: String) -> LineError {
        LineError {
            message,
            help: format!("write `{}`", self.usage.split("  ").next().unwrap_or("")),
            column: Some(column),
        }
    }

    /// The next word, with its column.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.words.next().copied()
    }

    /// The next word, which the form needs: `what` names it.
    fn word(&mut self, what: &str) -> Result<String, LineError> {
        match self.next() {
            Some((_, w)) => Ok(w.to_string()),
            None => Err(self.wrong(self.end, format!("{what} is missing"))),
        }
    }

    /// The next word, a square.
    fn square(&mut self) -> Result<Pos, LineError> {
        match self.next() {
            Some((at, w)) => square(at, w),
            None => Err(LineError {
                message: "a square X,Y is missing".into(),
                help: "write X,Y like 3,4".into(),
                column: Some(self.end),
            }),
        }
    }
}

fn square(column: usize, word: &str) -> Result<Pos, LineError> {
    Pos::parse(word).ok_or_else(|| LineError {
        message: format!("`{word}` is not a square"),
        help: "write X,Y like 3,4".into(),
        column: Some(column),
    })
}

/// Reads one line: a command, or none for a blank line or a comment.
pub fn parse(line: &str) -> Result<Option<Command>, LineError> {
    let all = words(line);
    let end = all.last().map_or(1, |(at, w)| at + w.chars().count());
    let Some(&(first_at, first)) = all.first() else {
        return Ok(None);
    };
    if let Some(f) = form(first).filter(|f| !f.figure) {
        let mut rest = Rest {
            usage: f.usage,
            words: all[1..].iter(),
            end,
        };
        return match first {
            "end" => Ok(Command::EndTurn),
            "begin" => Ok(Command::Begin),
            _ => Ok(Command::Deploy {
                creature: rest.word("the creature")?,
                at: rest.square()?,
            }),
        }
        .map(Some);
    }
    // A figure's verb first: the id is missing.
    if let Some(f) = form(first) {
        return Err(LineError {
            message: format!("`{first}` needs the figure's id first"),
            help: format!("write `{}`", f.usage.split("  ").next().unwrap_or("")),
            column: Some(first_at),
        });
    }
    let who = first.to_string();
    let Some(&(verb_at, verb)) = all.get(1) else {
        return Err(LineError {
            message: format!("what should {who} do?"),
            help: TRY_HELP.into(),
            column: Some(end),
        });
    };
    let Some(f) = form(verb).filter(|f| f.figure) else {
        return Err(LineError {
            message: format!("`{verb}` is not a command"),
            help: TRY_HELP.into(),
            column: Some(verb_at),
        });
    };
    let mut rest = Rest {
        usage: f.usage,
        words: all[2..].iter(),
        end,
    };
    let command = match verb {
        "move" => Command::Move {
            who,
            to: rest.square()?,
        },
        "attack" | "shoot" | "strike" => {
            let target = rest.word("the target")?;
            let aim = match (rest.next(), rest.next()) {
                (None, _) => 0,
                (Some((_, "aim")), Some((at, n))) => n.parse().map_err(|_| LineError {
                    message: format!("`{n}` is not a number of AP"),
                    help: "aim is a whole number from 0 up to the AP at hand".into(),
                    column: Some(at),
                })?,
                (Some((at, _)), _) => {
                    let extra: Vec<&str> = all[3..].iter().map(|(_, w)| *w).collect();
                    return Err(rest.wrong(
                        at,
                        format!("`{}` after the target: expected `aim N`", extra.join(" ")),
                    ));
                }
            };
            if let Some((at, w)) = rest.next() {
                return Err(rest.wrong(at, format!("`{w}` is one word too many")));
            }
            Command::Attack { who, target, aim }
        }
        "psi" => Command::Psi {
            who,
            power: rest.word("the power")?,
            target: rest.word("the target")?,
        },
        "defend" => Command::Defend {
            who,
            against: rest.word("the enemy")?,
        },
        "hack" => Command::Hack {
            who,
            at: rest.square()?,
        },
        "modify" => Command::Modify { who },
        "repair" => Command::Repair {
            who,
            at: match rest.next() {
                None => None,
                Some((at, w)) => Some(square(at, w)?),
            },
        },
        "research" => Command::Research {
            who,
            item: rest.word("the item")?,
        },
        "search" => Command::Search {
            who,
            at: rest.square()?,
        },
        "activate" => Command::Activate {
            who,
            at: rest.square()?,
        },
        "switch" => Command::UseSwitch {
            who,
            at: rest.square()?,
        },
        "card" => Command::UseCard {
            who,
            at: rest.square()?,
        },
        "equip" => Command::Equip {
            who,
            item: rest.word("the item")?,
        },
        "drop" => Command::Drop {
            who,
            item: rest.word("the item")?,
        },
        "use" => Command::Use {
            who,
            item: rest.word("the item")?,
        },
        _ => Command::Buy {
            who,
            what: purchase(&mut rest)?,
        },
    };
    Ok(Some(command))
}

/// What `WHO buy …` buys.
fn purchase(rest: &mut Rest<'_>) -> Result<Purchase, LineError> {
    let buy_what = |column| LineError {
        message: "buy what?".into(),
        help: "buy skill NAME, stat NAME, psi-tier, psi-skill or upgrade ID".into(),
        column: Some(column),
    };
    let Some((kind_at, kind)) = rest.next() else {
        return Err(buy_what(rest.end));
    };
    let what = match kind {
        "psi-tier" => Purchase::PsiTier,
        "psi-skill" => Purchase::PsiSkill,
        "skill" | "stat" | "upgrade" => {
            let Some((at, name)) = rest.next() else {
                return Err(rest.wrong(rest.end, format!("the {kind} to buy is missing")));
            };
            match kind {
                "skill" => Purchase::Skill(Skill::parse(name).ok_or_else(|| {
                    let all: Vec<&str> = Skill::ALL.iter().map(|s| s.name()).collect();
                    LineError {
                        message: format!("`{name}` is not a skill"),
                        help: format!("the skills are {}", all.join(", ")),
                        column: Some(at),
                    }
                })?),
                "stat" => Purchase::Stat(Stat::parse(name).ok_or_else(|| {
                    let all: Vec<&str> = Stat::ALL.iter().map(|s| s.name()).collect();
                    LineError {
                        message: format!("`{name}` is not a stat"),
                        help: format!("the stats are {}", all.join(", ")),
                        column: Some(at),
                    }
                })?),
                _ => Purchase::Upgrade(name.to_string()),
            }
        }
        _ => return Err(buy_what(kind_at)),
    };
    match rest.next() {
        None => Ok(what),
        Some((at, w)) => Err(rest.wrong(at, format!("`{w}` is one word too many"))),
    }
}

#[cfg(test)]
mod tests;
