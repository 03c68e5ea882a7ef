//! A game of a registered ruleset behind one object-safe trait, [`Played`],
//! implemented once for every `Game<R>` of a `TableRules` ruleset: the
//! table holds it as `Play::Plugged` and hands it JSON at the boundary,
//! which it reads into `R`'s own types (unknown fields refused, as for the
//! built-in rulesets), so the rules inside stay typed.

use axum::body::Bytes;
use nanite_core::script::LineError;
use nanite_core::table::{Acting, Board, Choice, Refusal, Seat, TableRules};
use nanite_core::{CombatantId, DiceSource, Game};
use serde_json::Value;

use super::opened;
use crate::encounters::read_command;
use crate::error::AppError;
use crate::physical::DiceTyped;
use crate::ruleset::RulesCommand;
use crate::table::{Executed, execute_told};
use crate::told::Told;

/// A command read from a request for a registered ruleset's game.
pub(crate) struct Read {
    /// The command, as the ruleset writes it.
    pub(crate) command: RulesCommand,
    /// Its JSON.
    pub(crate) json: Value,
    /// The physical dice typed in with it.
    pub(crate) dice: Option<DiceTyped>,
}

/// A game of a registered ruleset, as the table plays it.
pub(crate) trait Played: Send + Sync {
    /// Its ruleset's key.
    fn key(&self) -> &'static str;
    /// Reads a command's request body (the ruleset's command as JSON, plus
    /// `dice` when the table rolled physical dice).
    fn read(&self, raw: &Bytes) -> Result<Read, AppError>;
    /// The command a stored or scripted JSON command is, or why not.
    fn command(&self, json: &Value) -> Result<RulesCommand, String>;
    /// Who acts in `command` (a command read by [`Played::read`]).
    fn acting(&self, command: &Value) -> Acting;
    /// The combatant `command` brings in, if any.
    fn entrant(&self, command: &Value) -> Option<CombatantId>;
    /// Executes `command` with `dice`; a refusal changes nothing.
    fn execute(&mut self, command: &Value, dice: &mut dyn DiceSource) -> Result<Executed, Refusal>;
    /// Decides `command` once on `dice`, changing nothing (a dry run, to
    /// learn which physical dice it asks for).
    fn dry_run(&self, command: &Value, dice: &mut dyn DiceSource);
    /// Takes back the last command.
    fn undo(&mut self);
    /// The game as `seat` may see it.
    fn board(&self, seat: &Seat) -> Board;
    /// What `seat` may do now, each command as JSON.
    fn choices(&self, seat: &Seat) -> Vec<Choice<Value>>;
    /// Example lines of the ruleset's text command language.
    fn examples(&self) -> &'static [&'static str];
    /// One line of the ruleset's text command language, as JSON.
    fn parse(&self, line: &str) -> Result<Value, LineError>;
}

impl std::fmt::Debug for dyn Played {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a {} game", self.key())
    }
}

/// A new game of `R` from `setup`, as the registry opens it.
pub(super) fn open<R: TableRules>(setup: &Value) -> Result<Box<dyn Played>, AppError> {
    Ok(Box::new(opened::<R>(setup)?))
}

/// `command` of ruleset `R` read from JSON the ruleset wrote.
fn typed<R: TableRules>(json: &Value) -> Result<R::Command, String> {
    serde_json::from_value(json.clone()).map_err(|e| e.to_string())
}

/// The table's log lines of `R`'s narration.
fn told<R: TableRules>(before: R::State, _after: &R::State, events: &[R::Event]) -> Told {
    let said = R::narrate(&before, events);
    Told {
        // What the table hears nothing of is not in its feed at all: no
        // empty entry marks where it stood.
        secret: said.table.is_empty(),
        gm: said.gm,
        table: said.table,
        ..Told::default()
    }
}

impl<R: TableRules> Played for Game<R> {
    fn key(&self) -> &'static str {
        R::KEY
    }

    fn read(&self, raw: &Bytes) -> Result<Read, AppError> {
        let request = read_command::<R::Command>(raw)?;
        Ok(Read {
            command: RulesCommand::Plugged {
                command: request.json.clone(),
                name: R::name(&request.command),
            },
            json: request.json,
            dice: request.dice,
        })
    }

    fn command(&self, json: &Value) -> Result<RulesCommand, String> {
        let command = typed::<R>(json)?;
        Ok(RulesCommand::Plugged {
            command: json.clone(),
            name: R::name(&command),
        })
    }

    fn acting(&self, command: &Value) -> Acting {
        // A command that does not read is the GM's: nobody else may give it.
        typed::<R>(command).map_or(Acting::Gm, |c| R::acting(self.state(), &c))
    }

    fn entrant(&self, command: &Value) -> Option<CombatantId> {
        typed::<R>(command).ok().and_then(|c| R::entrant(&c))
    }

    fn execute(&mut self, command: &Value, dice: &mut dyn DiceSource) -> Result<Executed, Refusal> {
        let command = typed::<R>(command).map_err(|e| {
            Refusal::new("invalid_command", e).fix("send a command as GET .../choices gives it")
        })?;
        execute_told(self, &command, dice, told::<R>).map_err(|e| R::refusal(&e))
    }

    fn dry_run(&self, command: &Value, dice: &mut dyn DiceSource) {
        if let Ok(command) = typed::<R>(command) {
            let _ = R::decide(self.state(), &command, dice);
        }
    }

    fn undo(&mut self) {
        Game::undo(self);
    }

    fn board(&self, seat: &Seat) -> Board {
        R::board(self.state(), seat)
    }

    fn choices(&self, seat: &Seat) -> Vec<Choice<Value>> {
        R::choices(self.state(), seat)
            .into_iter()
            .map(|c| Choice {
                kind: c.kind,
                label: c.label,
                actor: c.actor,
                target: c.target,
                command: serde_json::to_value(&c.command).unwrap_or(Value::Null),
                params: c.params,
                verdict: c.verdict,
                price: c.price,
            })
            .collect()
    }

    fn examples(&self) -> &'static [&'static str] {
        R::EXAMPLES
    }

    fn parse(&self, line: &str) -> Result<Value, LineError> {
        let command = R::parse(self.state(), line)?;
        Ok(serde_json::to_value(&command).unwrap_or(Value::Null))
    }
}
