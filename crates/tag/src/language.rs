//! Tag's text command language, one line at a time: a GM word (`roll`,
//! `begin`, `next`, `end`, `initiative ID N`) or `ID tag TARGET`. Each
//! error names the column at fault and the form to write.

use nanite_core::script::LineError;
use nanite_core::{ClockCommand, CombatantId};

use crate::Command;

/// One line read: the command and the runners it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The runners the line names, in order.
    pub ids: Vec<CombatantId>,
    /// The command it reads as.
    pub command: Command,
}

/// The GM's forms: verb and usage.
pub const GM_FORMS: &[(&str, &str)] = &[
    ("roll", "roll"),
    ("initiative", "initiative ID N"),
    ("begin", "begin"),
    ("next", "next"),
    ("end", "end"),
];

/// A runner's forms: verb and usage.
pub const ACTION_FORMS: &[(&str, &str)] = &[("tag", "ID tag TARGET")];

/// Reads one line: a GM word, or `ID tag TARGET`.
pub fn parse(line: &str) -> Result<Order, LineError> {
    let words: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize + 1, w))
        .collect();
    let gm = |command| {
        Ok(Order {
            ids: Vec::new(),
            command,
        })
    };
    let error = |column: usize, message: String, help: &str| LineError {
        message,
        help: help.to_string(),
        column: Some(column),
    };
    match words.as_slice() {
        [(_, "roll")] => gm(Command::Roll),
        [(_, "begin")] => gm(Command::Clock(ClockCommand::Begin {
            surprise: Vec::new(),
        })),
        [(_, "next")] => gm(Command::Clock(ClockCommand::NextTurn)),
        [(_, "end")] => gm(Command::Clock(ClockCommand::End)),
        [(_, "initiative"), (_, id), (c, n)] => {
            let total: i64 = n.parse().map_err(|_| {
                error(
                    *c,
                    format!("expected a whole number, found `{n}`"),
                    "initiative ID N, like `initiative ann 12`",
                )
            })?;
            let id = CombatantId::from(*id);
            Ok(Order {
                ids: vec![id.clone()],
                command: Command::Clock(ClockCommand::SetInitiative { id, total }),
            })
        }
        [(_, id), (_, "tag"), (_, target)] => {
            let (id, target) = (CombatantId::from(*id), CombatantId::from(*target));
            Ok(Order {
                ids: vec![id.clone(), target.clone()],
                command: Command::Tag { id, target },
            })
        }
        [(_, _), (c, verb), ..] => Err(error(
            *c,
            format!("expected `tag`, found `{verb}`"),
            "ID tag TARGET, like `ann tag bob`",
        )),
        _ => Err(error(
            line.len() + 1,
            format!("`{}` is not a command of tag", line.trim()),
            "roll, begin, next, end, initiative ID N, or ID tag TARGET",
        )),
    }
}
