//! nanite-core: the rules-agnostic spine every ruleset stands on.
//!
//! A game changes only through commands. A [`Ruleset`] *decides* a command
//! against the current state, rolling whatever dice it needs, and answers with
//! events or a typed refusal; *evolving* the state by those events is pure and
//! needs no dice. A [`Game`] keeps the log: the commands' events and every die
//! they rolled, so the state can be rebuilt from the log at any time, and undo
//! is "rebuild without the last command".
//!
//! The dice interface ([`DiceSource`] and its sources) is defined in
//! `nanite-dice`, which rolls expressions against it, and re-exported here so
//! rulesets depend on one crate for their spine.
//!
//! Content (packs, character files) is TOML read through [`content`], which
//! reports every problem at once as [`Diagnostics`] with file, line and field;
//! content formulas are dice expressions with variables ([`Formula`]); and
//! derived numbers keep their breakdown as a [`Tally`] of sourced modifiers.
//! Battle maps share one square-grid geometry ([`grid`]): distance, line of
//! sight and paths, with each ruleset's own rules of what blocks passed in.
//!
//! Architecture invariant: nothing here does I/O or knows a game rule.

#![forbid(unsafe_code)]

mod breakdown;
pub mod campaign;
pub mod check;
pub mod content;
mod decision;
mod diagnostic;
pub mod encounter;
pub mod encounter_file;
mod formula;
mod game;
pub mod grid;
mod modifier;
mod recorded;
mod ruleset;
pub mod script;
pub mod sim;
pub mod table;

pub use breakdown::{Breakdown, Step};
pub use decision::Decision;
pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use encounter::{ClockCommand, ClockEvent, CombatantId, Encounter, EncounterError};
pub use formula::{Formula, FormulaError};
pub use modifier::{ModifierPhase, Source, SourceKind, Tally, Term};

pub use game::{Accepted, Entry, Game, replay};
pub use nanite_dice::{
    DiceSource, DieRequest, DieRole, EntropyDice, Expression, KeyedDice, ScriptedDice, SeededDice,
    SourceError,
};
pub use recorded::{RecordingDice, RolledDie};
pub use ruleset::{Decided, Ruleset, narrate_each};
