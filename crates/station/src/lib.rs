//! nanite-station: the Station ruleset.
//!
//! Station is a board game on a square grid: a crew of players against a Game
//! Master who spends creature points to deploy monsters, with an economy of
//! threat levels, action cards and alarms. This crate holds the content pack
//! ([`Pack`]), the scenario text format ([`Scenario`]), the map geometry
//! (distance, line of sight, paths: [`map`]), the rules as a
//! [`nanite_core::Ruleset`] ([`Station`]) over a [`State`], the automated GM
//! for single-player scenarios ([`autogm`]), and what a seat at the table may
//! do now, as the table's choices ([`choices`]).
//!
//! Architecture invariant: no I/O. Scenario and pack text come in as strings;
//! dice come from the caller's [`nanite_core::DiceSource`] and every die is
//! kept in the events, so a game replays without dice.

#![forbid(unsafe_code)]

pub mod autogm;
pub mod choices;
pub mod command;
pub mod content;
mod decide;
pub mod event;
pub mod map;
mod narrate;
pub mod resolve;
pub mod scenario;
pub mod script;
pub mod sim;
pub mod state;

pub use command::{Command, Purchase, Refusal};
pub use content::Pack;
pub use decide::{Station, check_deploy};
pub use event::Event;
pub use scenario::Scenario;
pub use state::{Phase, Side, State};
