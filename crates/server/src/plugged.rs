//! Rulesets registered at run time: a ruleset that implements
//! `nanite_core::table::TableRules` is played at this server's table with
//! one line, `nanite_server::register::<MyRules>()`, and no other server
//! code of its own. Its campaigns, encounters, commands, choices, undo,
//! replay, live updates, the API's answers and the encounter page all go
//! through the table's one path for it (`Ruleset::Plugged`, `Play::Plugged`).
//!
//! The registry is the process's: a campaign's record names its ruleset by
//! key, and any server of the process reads it back. A server that meets a
//! campaign of a ruleset it does not have registered refuses it by name.
//!
//! - `played`: a game of a registered ruleset behind one object-safe trait,
//!   commands as JSON at the boundary and typed inside;
//! - `command`: a command given through the API, permissions, dice and
//!   append, the same for every registered ruleset;
//! - `view`: an encounter as a viewer may see it (the API's answer and the
//!   page's data).

mod command;
mod played;
pub(crate) mod view;

use std::collections::BTreeMap;
use std::sync::RwLock;

use nanite_core::Game;
use nanite_core::table::TableRules;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) use command::command;
pub(crate) use played::Played;

use crate::error::AppError;
use crate::ruleset::Ruleset;

/// How a registered ruleset's game opens from its setup.
type Opener = fn(&Value) -> Result<Box<dyn Played>, AppError>;

/// A registered ruleset.
#[derive(Clone, Copy)]
struct Registered {
    title: &'static str,
    open: Opener,
}

/// Every registered ruleset by key.
static REGISTERED: RwLock<BTreeMap<&'static str, Registered>> = RwLock::new(BTreeMap::new());

/// Why a ruleset could not be registered.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    /// Its key is a built-in ruleset's, or not a key.
    #[error(
        "a registered ruleset's key is lower-case letters, digits and dashes and not compound-x, d20 or station; `{0}` is not one"
    )]
    Key(&'static str),
}

/// Registers ruleset `R` with every server of this process: campaigns may
/// be created under `R::KEY` from now on. Registering it again changes
/// nothing.
pub fn register<R: TableRules>() -> Result<(), RegisterError> {
    let key = R::KEY;
    let well_formed = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !well_formed || Ruleset::BUILT_IN.iter().any(|r| r.key() == key) {
        return Err(RegisterError::Key(key));
    }
    REGISTERED
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(
            key,
            Registered {
                title: R::TITLE,
                open: played::open::<R>,
            },
        );
    Ok(())
}

fn registered(key: &str) -> Option<(&'static str, Registered)> {
    REGISTERED
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .get_key_value(key)
        .map(|(k, r)| (*k, *r))
}

/// The registered rulesets' keys, in order.
pub(crate) fn keys() -> Vec<&'static str> {
    REGISTERED
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .keys()
        .copied()
        .collect()
}

/// The registered ruleset `key`'s name for people (the key itself if it is
/// not registered).
pub(crate) fn title(key: &'static str) -> &'static str {
    registered(key).map_or(key, |(_, r)| r.title)
}

/// A registered ruleset's setup of an encounter, as the stream keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Setup {
    /// The ruleset's key.
    pub(crate) ruleset: String,
    /// Its setup, as the ruleset reads it (`TableRules::Setup`).
    pub(crate) setup: Value,
}

impl Setup {
    /// The setup of an encounter of ruleset `key` from the request's
    /// `setup` (none: the ruleset's default), checked by opening it.
    pub(crate) fn asked(key: &'static str, setup: Option<Value>) -> Result<Setup, AppError> {
        let setup = Setup {
            ruleset: key.to_string(),
            setup: setup.unwrap_or(Value::Null),
        };
        setup.open()?;
        Ok(setup)
    }

    /// Its ruleset, if it is registered here.
    pub(crate) fn ruleset(&self) -> Option<Ruleset> {
        registered(&self.ruleset).map(|(key, _)| Ruleset::Plugged(key))
    }

    /// A new game of this setup.
    pub(crate) fn open(&self) -> Result<Box<dyn Played>, AppError> {
        let (_, rules) = registered(&self.ruleset).ok_or_else(|| {
            AppError::unprocessable(
                "unknown_ruleset",
                format!(
                    "the ruleset '{}' is not registered on this server; run a server that registers it",
                    self.ruleset
                ),
            )
        })?;
        (rules.open)(&self.setup)
    }
}

/// A game of `R` in its opening state from `setup`.
fn opened<R: TableRules>(setup: &Value) -> Result<Game<R>, AppError> {
    let setup: R::Setup = if setup.is_null() {
        R::Setup::default()
    } else {
        serde_json::from_value(setup.clone()).map_err(|e| {
            AppError::unprocessable(
                "invalid_setup",
                format!("the {} setup does not read: {e}", R::TITLE),
            )
        })?
    };
    let state = R::open(&setup).map_err(|r| {
        AppError::unprocessable("invalid_setup", r.message.clone())
            .with("refusal", serde_json::to_value(&r).unwrap_or(Value::Null))
    })?;
    Ok(Game::new(state))
}
