//! The hard limits that keep hostile input harmless.
//!
//! Every limit is checked before the work it guards starts (expression length,
//! dice per term, sides, nesting) or counted while it happens (explosions and
//! rerolls), so no input can make the engine hang or allocate without bound.

/// Longest accepted expression, in characters (the label included).
pub const MAX_EXPRESSION_CHARS: usize = 1_000;
/// Most dice rolled by one evaluation, counting explosions, rerolls and both
/// d10 of a percentile die.
pub const MAX_DICE: u64 = 10_000;
/// Most sides on one die.
pub const MAX_SIDES: u32 = 1_000_000;
/// Longest explosion chain of one die, and most rerolls of one die.
pub const MAX_CHAIN: u32 = 100;
/// Deepest nesting of parentheses, unary signs and function calls.
pub const MAX_DEPTH: u32 = 64;
/// Most distinct totals an exact distribution may hold.
pub const MAX_SUPPORT: usize = 4_000_000;
/// Most elementary steps an exact distribution may take (a multiply-add each).
pub const MAX_DIST_WORK: u64 = 2_000_000_000;
