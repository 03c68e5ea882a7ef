//! nanite-compound-x: the Compound X ruleset.
//!
//! Building a Compound X character by hand takes a new player hours, most of
//! them spent on arithmetic and rule-checking: stat limits, the secondary-stat
//! choice, stat and combat bonuses with their truncation and minimums, saves,
//! skill points, feats per level, and a row of miss chances for every weapon,
//! bracket and fire mode. This crate does that work exactly, and shows its
//! working: every number on the [`Sheet`] keeps its breakdown.
//!
//! - [`Pack`]: the content (races, classes, skills, feats, gear) loaded from TOML,
//!   because the rules name these things but do not define them (CX-CONTENT-01).
//! - [`Character`]: a character file, read with every problem reported.
//! - [`validate`]: every creation and levelling rule (CX-STAT, CX-LVL,
//!   CX-DICE-08), each problem naming its rule and its fix.
//! - [`Sheet`]: everything derived, computed in phases (base, effects, derived).
//! - [`level_up`]: one level with its choices.
//! - [`encounter`]: fights through the core spine; [`encounter_file`]: an
//!   encounter file read from its text, and [`script`], its text commands.
//!
//! No I/O happens here: callers hand in file contents.

#![forbid(unsafe_code)]

/// `Clone` for a struct, field by field, with a `clone_from` that clones
/// each field from the other's in place, so a copy made again over an old
/// one reuses its strings and lists instead of allocating them anew (the
/// simulator starts every fight from its setup's battle this way). Every
/// field must be named: `clone_from` takes the struct apart, so a field
/// added and not named here is a compile error, not a field left stale.
macro_rules! clone_in_place {
    ($name:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $name {
            fn clone(&self) -> Self {
                $name { $($field: self.$field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $name { $($field),* } = self;
                $($field.clone_from(&source.$field);)*
            }
        }
    };
}

pub mod accuracy;
pub mod carry;
mod character;
pub mod check;
pub mod combat;
pub mod encounter;
pub mod encounter_file;
mod house;
pub mod level;
mod level_options;
mod level_up;
pub mod odds;
mod pack;
pub mod script;
mod sheet;
pub mod sim;
pub mod starting_money;
mod stat;
mod validate;

#[cfg(test)]
mod test_support;

pub use character::{CHARACTER_FORMAT, Character, CharacterWeapon, Equipment};
pub use house::HouseRules;
pub use level_options::{Choice, LevelOptions, level_options};
pub use level_up::{LevelUp, level_up};
pub use pack::*;
pub use sheet::*;
pub use stat::{Stat, Stats, stat_bonus};
pub use validate::{
    CAP_BEFORE_15, CAP_FROM_15, CREATION_MAX, NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP, STAT_MIN,
    validate,
};
