//! Rolling a parsed expression: every die recorded with its fate.
//!
//! Per die, modifiers apply in a fixed order whatever order they were written
//! in: reroll, then explode, then keep/drop, then success counting. A
//! [`Roller`] keeps its buffers between rolls so a hot loop allocates nothing.

use std::collections::{BTreeMap, HashMap};

use crate::ast::Expression;
use crate::error::Error;
use crate::source::{DiceSource, DieRequest, DieRole};

/// Values for the named variables of a formula (`FORT`, `LEVEL`, ...).
pub trait Variables {
    /// The value of `name`, if bound.
    fn get(&self, name: &str) -> Option<i64>;
}

impl Variables for () {
    fn get(&self, _: &str) -> Option<i64> {
        None
    }
}

impl Variables for [(&str, i64)] {
    fn get(&self, name: &str) -> Option<i64> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }
}

impl<const N: usize> Variables for [(&str, i64); N] {
    fn get(&self, name: &str) -> Option<i64> {
        Variables::get(self.as_slice(), name)
    }
}

impl Variables for HashMap<String, i64> {
    fn get(&self, name: &str) -> Option<i64> {
        HashMap::get(self, name).copied()
    }
}

impl Variables for BTreeMap<String, i64> {
    fn get(&self, name: &str) -> Option<i64> {
        BTreeMap::get(self, name).copied()
    }
}

/// One physical die of a roll and what became of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DieRoll {
    /// Index of the dice term (in [`Expression::terms`]) it belongs to.
    pub term: u32,
    /// Faces of the die (100 for a percentile die).
    pub sides: u32,
    /// The face rolled, `1..=sides`.
    pub value: u32,
    /// For a percentile die, the tens d10 as read (0, 10, ... 90).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tens: Option<u8>,
    /// For a percentile die, the ones d10 as read (0..9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ones: Option<u8>,
    /// Why it was rolled.
    pub role: DieRole,
    /// It counts toward the total.
    pub kept: bool,
    /// It was dropped by a keep/drop modifier.
    pub dropped: bool,
    /// It exploded: another die was rolled because of it.
    pub exploded: bool,
    /// It was rerolled: it no longer counts, the die after it replaced it.
    pub rerolled: bool,
    /// For success counting: whether it (or its compounded chain) succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
}

impl DieRoll {
    /// A die as rolled, before any modifier touched it.
    #[inline]
    pub(crate) fn new(term: u32, sides: u32, value: u32, role: DieRole) -> Self {
        DieRoll {
            term,
            sides,
            value,
            tens: None,
            ones: None,
            role,
            kept: true,
            dropped: false,
            exploded: false,
            rerolled: false,
            success: None,
        }
    }
}

/// A die of the pool: a run of records (rerolled dice and, for `!!`, the
/// whole explosion chain) with one value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PoolDie {
    pub(crate) first: usize,
    pub(crate) end: usize,
    pub(crate) value: i64,
}

/// Reusable buffers for rolling; keep one per thread in hot loops.
#[derive(Debug, Default, Clone)]
pub struct Roller {
    pub(crate) dice: Vec<DieRoll>,
    pub(crate) pool: Vec<PoolDie>,
    pub(crate) order: Vec<usize>,
    pub(crate) term_totals: Vec<i64>,
}

/// A roll borrowed from a [`Roller`]'s buffers.
#[derive(Debug, Clone, Copy)]
pub struct RollView<'r> {
    /// The result.
    pub total: i64,
    /// Every die rolled, in order.
    pub dice: &'r [DieRoll],
    /// The value of each dice term.
    pub term_totals: &'r [i64],
}

/// A finished roll, owned.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Roll {
    /// The expression as typed, without its label.
    pub expression: String,
    /// The label after `#`.
    pub label: Option<String>,
    /// The result.
    pub total: i64,
    /// Each dice term with its value.
    pub terms: Vec<TermRoll>,
    /// Every die rolled, in order.
    pub dice: Vec<DieRoll>,
}

/// A dice term's text and value within a [`Roll`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TermRoll {
    /// The term as typed.
    pub text: String,
    /// Its value: the sum of its kept dice, or the count of successes.
    pub value: i64,
}

impl Expression {
    /// Rolls the expression (no variables) with `source`.
    pub fn roll(&self, source: &mut dyn DiceSource) -> Result<Roll, Error> {
        self.roll_with(&(), source)
    }

    /// Rolls the expression with its variables bound by `vars`.
    pub fn roll_with(
        &self,
        vars: &dyn Variables,
        source: &mut dyn DiceSource,
    ) -> Result<Roll, Error> {
        let mut roller = Roller::default();
        let view = roller.roll(self, vars, None, source)?;
        Ok(Roll {
            expression: self.text.clone(),
            label: self.label.clone(),
            total: view.total,
            terms: self
                .terms
                .iter()
                .zip(view.term_totals)
                .map(|(t, v)| TermRoll {
                    text: self.term_text(t).to_string(),
                    value: *v,
                })
                .collect(),
            dice: view.dice.to_vec(),
        })
    }

    /// Evaluates a formula that rolls no dice (e.g. `100 + 10 * (FORT - 5)`).
    pub fn evaluate(&self, vars: &dyn Variables) -> Result<i64, Error> {
        if !self.terms.is_empty() {
            return Err(Error::invalid(
                self.terms[0].column,
                format!(
                    "{} rolls dice, but a fixed value is needed here; roll it instead",
                    self.text
                ),
            ));
        }
        struct NoDice;
        impl DiceSource for NoDice {
            fn roll(&mut self, _: &DieRequest<'_>) -> Result<u32, crate::SourceError> {
                Ok(1)
            }
        }
        Ok(Roller::default().roll(self, vars, None, &mut NoDice)?.total)
    }
}
