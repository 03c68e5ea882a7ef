//! The rulesets a campaign is played under, and the one place the server
//! dispatches on them: each enum here has one arm per ruleset, so a new
//! ruleset is a new arm in each (the compiler names every place to fill).
//!
//! - [`Ruleset`]: the campaign's choice, kept in its record
//!   (`compound-x`, the default of every campaign made before the choice
//!   existed, `d20`, `station`, or the key of a ruleset registered through
//!   `nanite_server::register`, `crate::plugged`).
//! - [`Play`]: an encounter's game, the engine of its ruleset.
//! - [`RulesCommand`]: a command read for that engine.
//!
//! A registered ruleset is one arm of each (`Plugged`) whatever it is: the
//! server plays it through `nanite_core::table::TableRules` alone.

use nanite_compound_x::encounter::CompoundX;
use nanite_core::{DiceSource, Game};
use nanite_d20::encounter::D20;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::AppError;

/// The ruleset of a campaign.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Ruleset {
    /// Compound X (the default: campaigns made before rulesets could be
    /// chosen are Compound X).
    #[default]
    CompoundX,
    /// D20.
    D20,
    /// Station: games from scenarios on a grid map, not encounters.
    Station,
    /// A ruleset registered at run time (`crate::plugged`), by its key.
    Plugged(&'static str),
}

impl Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for Ruleset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let key = String::deserialize(d)?;
        Ruleset::parse(&key).map_err(|e| serde::de::Error::custom(e.message()))
    }
}

impl utoipa::PartialSchema for Ruleset {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some(
                "The ruleset's key: compound-x, d20, station, or a ruleset registered on this server",
            ))
            .examples(["compound-x", "d20", "station"])
            .into()
    }
}

impl utoipa::ToSchema for Ruleset {}

impl Ruleset {
    /// The built-in rulesets, in the order a form offers them.
    pub(crate) const BUILT_IN: [Ruleset; 3] = [Ruleset::CompoundX, Ruleset::D20, Ruleset::Station];

    /// Every ruleset this server plays: the built-in ones, then those
    /// registered (`crate::plugged`), in the order a form offers them.
    pub(crate) fn all() -> Vec<Ruleset> {
        let mut all = Ruleset::BUILT_IN.to_vec();
        all.extend(crate::plugged::keys().into_iter().map(Ruleset::Plugged));
        all
    }

    /// Its key in the API (`compound-x`, `d20`).
    pub(crate) fn key(self) -> &'static str {
        match self {
            Ruleset::CompoundX => "compound-x",
            Ruleset::D20 => "d20",
            Ruleset::Station => "station",
            Ruleset::Plugged(key) => key,
        }
    }

    /// Its name for people.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Ruleset::CompoundX => "Compound X",
            Ruleset::D20 => "D20",
            Ruleset::Station => "Station",
            Ruleset::Plugged(key) => crate::plugged::title(key),
        }
    }

    /// Its key in the API, as Station's endpoints name it.
    pub(crate) fn name(self) -> &'static str {
        self.key()
    }

    /// The ruleset called `key`, or an error listing them.
    pub(crate) fn parse(key: &str) -> Result<Ruleset, AppError> {
        let all = Ruleset::all();
        all.iter().copied().find(|r| r.key() == key).ok_or_else(|| {
            let known: Vec<&str> = all.iter().map(|r| r.key()).collect();
            AppError::unprocessable(
                "unknown_ruleset",
                format!(
                    "there is no ruleset '{key}'; a campaign is played under one of {}",
                    known.join(", ")
                ),
            )
        })
    }
}

/// An encounter's game, in its ruleset's engine.
#[derive(Debug)]
pub(crate) enum Play {
    /// A Compound X fight.
    CompoundX(Game<CompoundX>),
    /// A D20 fight.
    D20(Game<D20>),
    /// A game of a registered ruleset.
    Plugged(Box<dyn crate::plugged::Played>),
}

impl Play {
    /// Its ruleset.
    pub(crate) fn ruleset(&self) -> Ruleset {
        match self {
            Play::CompoundX(_) => Ruleset::CompoundX,
            Play::D20(_) => Ruleset::D20,
            Play::Plugged(game) => Ruleset::Plugged(game.key()),
        }
    }
}

/// A command for one ruleset's engine.
#[derive(Clone, Debug)]
pub(crate) enum RulesCommand {
    /// For Compound X.
    CompoundX(nanite_compound_x::encounter::Command),
    /// For D20.
    D20(nanite_d20::encounter::Command),
    /// For a registered ruleset: its command as JSON, read and checked by
    /// its game (`plugged::Played::read`), and its name.
    Plugged {
        /// The command.
        command: Value,
        /// Its name as sent.
        name: &'static str,
    },
}

impl RulesCommand {
    /// Its name as sent (`fire`, `attack`, `clock`).
    pub(crate) fn name(&self) -> String {
        let json = match self {
            RulesCommand::CompoundX(c) => serde_json::to_value(c),
            RulesCommand::D20(c) => serde_json::to_value(c),
            RulesCommand::Plugged { name, .. } => return (*name).to_string(),
        };
        json.ok()
            .and_then(|v| v.get("command").and_then(Value::as_str).map(String::from))
            .unwrap_or_else(|| "this".into())
    }
}

/// What executing a command in any ruleset gave, as replay and
/// verification need it: the events as JSON, the dice, and the log lines.
pub(crate) fn execute(
    play: &mut Play,
    command: &RulesCommand,
    dice: &mut dyn DiceSource,
) -> Result<crate::table::Executed, String> {
    match (play, command) {
        (Play::CompoundX(game), RulesCommand::CompoundX(c)) => {
            crate::table::execute_cx(game, c, dice).map_err(|r| r.to_string())
        }
        (Play::D20(game), RulesCommand::D20(c)) => {
            crate::d20::execute(game, c, dice).map_err(|r| r.to_string())
        }
        (Play::Plugged(game), RulesCommand::Plugged { command, .. }) => {
            game.execute(command, dice).map_err(|r| r.to_string())
        }
        (play, command) => Err(format!(
            "a `{}` command of another ruleset in a {} encounter",
            command.name(),
            play.ruleset().title()
        )),
    }
}
