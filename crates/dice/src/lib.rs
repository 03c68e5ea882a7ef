//! nanite-dice: dice notation, random sources and exact distributions.
//!
//! Every rule of every ruleset starts with a roll, and designers want to know the
//! odds of the rolls they write. This crate gives one expression language for
//! both the table's rolls (`2d10+12`, `4d6kh3`, `6d10>=7`) and content formulas
//! (`100 + 10 * (FORT - 5)`), rolls it against any [`DiceSource`] (system
//! entropy, a seed, or the table's physical dice), records every die with its
//! fate, and computes exact distributions without enumerating outcomes.
//!
//! It knows nothing of any game. Hostile input is harmless: see [`limits`].
//!
//! ```
//! use nanite_dice::{Expression, SeededDice};
//! let expr = Expression::parse("4d6kh3 + 2 # strength").unwrap();
//! let roll = expr.roll(&mut SeededDice::new(7)).unwrap();
//! assert!((5..=20).contains(&roll.total));
//! assert_eq!(roll.dice.len(), 4);
//! ```

#![forbid(unsafe_code)]

mod ast;
mod dist;
mod error;
mod eval;
pub mod limits;
mod needs;
mod parse;
mod plan;
mod roll;
mod show;
mod source;

pub use ast::{Compare, CompareOp, DiceTerm, End, Explode, Expression, Keep, Reroll};
pub use dist::Distribution;
pub use error::{Error, ErrorKind, SourceError};
pub use needs::{DieNeed, TypedDice, TypedDie, needs};
pub use roll::{DieRoll, Roll, RollView, Roller, TermRoll, Variables};
pub use source::{
    AskedDice, DiceSource, DieRequest, DieRole, EntropyDice, KeyedDice, ScriptedDice, SeededDice,
    describe,
};
