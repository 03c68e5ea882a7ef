//! nanite-d20: the D20 ruleset.
//!
//! D20 is the second ruleset on nanite's spine and the test that the spine
//! is generic: a d20 for checks where Compound X rolls a d100, 1d100 + DEX
//! score for initiative, one action and a move each turn, a square grid or
//! two rows a side, spells that take a full round, and a grappling state
//! machine. The rules as implemented, with every decision the seed leaves
//! open, are in `docs/rules/d20.md`; rule IDs (`D20-GRAP-04`) name them in
//! code, diagnostics and tests.
//!
//! - [`pack`]: content packs (skills, weapons, armor, kits, spells, powers,
//!   the campaign defaults) read with every problem reported.
//! - [`Character`], [`validate()`] and [`Sheet`]: character files, their
//!   problems and the computed sheet.
//! - [`check`]: skill, non-skill, opposed and extended checks
//!   (D20-CHK-01..04); [`rest`]: rest and healing kits (D20-REST-01/02).
//! - [`encounter`]: fights through the core spine (D20-INIT, D20-MOVE,
//!   D20-CAST, D20-GRAP); [`encounter_file`]: an encounter file read from
//!   its text, and [`script`], its text commands.
//! - [`sim`]: the encounter simulator, whole fights played by policies
//!   through the engine many times over.
//!
//! Architecture invariant: no I/O; the only outside input is the
//! `DiceSource` a caller passes in.

#![forbid(unsafe_code)]

mod attribute;
pub mod campaign;
pub mod carry;
mod character;
mod character_toml;
pub mod check;
pub mod encounter;
pub mod encounter_file;
pub mod limits;
pub mod pack;
pub mod rest;
pub mod script;
mod sheet;
pub mod sim;
mod validate;

pub use attribute::{Attribute, Scores};
pub use campaign::{Campaign, InitiativeBy, InitiativeReroll};
pub use character::{CHARACTER_FORMAT, Character};
pub use pack::Pack;
pub use sheet::{
    AlternateLine, AttributeLine, BASE_DEFENSE, MagicLine, Sheet, SkillLine, WeaponLine,
    formula_variables, reach_feet, weapon_attribute, with_bonus,
};
pub use validate::{LEVELS, SCORES, SKILL_LEVELS, validate};
