//! Rolling a parsed expression: every die recorded with its fate.
//!
//! Per die, modifiers apply in a fixed order whatever order they were written
//! in: reroll, then explode, then keep/drop, then success counting. A
//! [`Roller`] keeps its buffers between rolls so a hot loop allocates nothing.

use std::collections::{BTreeMap, HashMap};

use crate::ast::{BinaryOp, DiceTerm, End, Expression, Function, Node};
use crate::error::{Error, ErrorKind};
use crate::limits::{MAX_CHAIN, MAX_DICE};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct DieRoll {
    /// Index of the dice term (in [`Expression::terms`]) it belongs to.
    pub term: usize,
    /// Faces of the die (100 for a percentile die).
    pub sides: u32,
    /// The face rolled, `1..=sides`.
    pub value: u32,
    /// For a percentile die, the tens d10 as read (0, 10, ... 90).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tens: Option<u32>,
    /// For a percentile die, the ones d10 as read (0..9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ones: Option<u32>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
}

/// A die of the pool: a run of records (rerolled dice and, for `!!`, the
/// whole explosion chain) with one value.
#[derive(Debug, Clone, Copy)]
struct PoolDie {
    first: usize,
    end: usize,
    value: i64,
}

/// Reusable buffers for rolling; keep one per thread in hot loops.
#[derive(Debug, Default, Clone)]
pub struct Roller {
    dice: Vec<DieRoll>,
    pool: Vec<PoolDie>,
    order: Vec<usize>,
    term_totals: Vec<i64>,
    rolled: u64,
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
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
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
                    text: t.text.clone(),
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

impl Roller {
    /// A roller with empty buffers.
    pub fn new() -> Self {
        Roller::default()
    }

    /// Rolls `expr`. `purpose` names what the dice are for (the label, or each
    /// term's text, when `None`).
    pub fn roll<'r>(
        &'r mut self,
        expr: &Expression,
        vars: &dyn Variables,
        purpose: Option<&str>,
        source: &mut dyn DiceSource,
    ) -> Result<RollView<'r>, Error> {
        self.dice.clear();
        self.term_totals.clear();
        self.term_totals.resize(expr.terms.len(), 0);
        self.rolled = 0;
        let mut run = Run {
            roller: self,
            expr,
            vars,
            purpose: purpose.or(expr.label.as_deref()),
            source,
        };
        let total = run.eval(&expr.root)?;
        Ok(RollView {
            total,
            dice: &self.dice,
            term_totals: &self.term_totals,
        })
    }
}

struct Run<'a, 's> {
    roller: &'a mut Roller,
    expr: &'a Expression,
    vars: &'a dyn Variables,
    purpose: Option<&'a str>,
    source: &'s mut dyn DiceSource,
}

impl Run<'_, '_> {
    fn eval(&mut self, node: &Node) -> Result<i64, Error> {
        match node {
            Node::Number(n) => Ok(*n),
            Node::Variable { name } => self
                .vars
                .get(name)
                .ok_or_else(|| ErrorKind::UnboundVariable { name: name.clone() }.into()),
            Node::Dice(index) => self.term(*index),
            Node::Neg { operand, column } => {
                let v = self.eval(operand)?;
                v.checked_neg()
                    .ok_or(ErrorKind::Overflow { column: *column }.into())
            }
            Node::Binary {
                op,
                lhs,
                rhs,
                column,
            } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                apply(*op, a, b, *column)
            }
            Node::Call { func, args, .. } => {
                let a = self.eval(&args[0])?;
                let b = self.eval(&args[1])?;
                Ok(match func {
                    Function::Min => a.min(b),
                    Function::Max => a.max(b),
                })
            }
        }
    }

    fn draw(&mut self, index: usize, term: &DiceTerm, role: DieRole) -> Result<i64, Error> {
        let cost = if term.percentile { 2 } else { 1 };
        self.roller.rolled += cost;
        if self.roller.rolled > MAX_DICE {
            return Err(Error::limit(
                format!("{MAX_DICE} dice per evaluation"),
                "the roll needed more dice once explosions and rerolls were counted".to_string(),
            ));
        }
        let purpose = self.purpose.unwrap_or(&term.text);
        let (value, tens, ones) = if term.percentile {
            let t = self.source.roll(&DieRequest {
                sides: 10,
                purpose,
                role: DieRole::Tens,
            })? % 10;
            let o = self.source.roll(&DieRequest {
                sides: 10,
                purpose,
                role: DieRole::Ones,
            })? % 10;
            let v = t * 10 + o;
            (if v == 0 { 100 } else { v }, Some(t * 10), Some(o))
        } else {
            (
                self.source.roll(&DieRequest {
                    sides: term.sides,
                    purpose,
                    role,
                })?,
                None,
                None,
            )
        };
        self.roller.dice.push(DieRoll {
            term: index,
            sides: term.sides,
            value,
            tens,
            ones,
            role,
            kept: true,
            dropped: false,
            exploded: false,
            rerolled: false,
            success: None,
        });
        Ok(i64::from(value))
    }

    /// One die with its rerolls applied.
    fn die(&mut self, index: usize, term: &DiceTerm, role: DieRole) -> Result<i64, Error> {
        let mut value = self.draw(index, term, role)?;
        if let Some(reroll) = term.reroll {
            let limit = if reroll.once { 1 } else { MAX_CHAIN };
            let mut n = 0;
            while n < limit && reroll.when.matches(value) {
                self.mark_last(|d| {
                    d.rerolled = true;
                    d.kept = false;
                });
                value = self.draw(index, term, DieRole::Reroll)?;
                n += 1;
            }
        }
        Ok(value)
    }

    fn mark_last(&mut self, f: impl FnOnce(&mut DieRoll)) {
        if let Some(d) = self.roller.dice.last_mut() {
            f(d);
        }
    }

    fn term(&mut self, index: usize) -> Result<i64, Error> {
        let expr = self.expr;
        let term = &expr.terms[index];
        self.roller.pool.clear();
        for _ in 0..term.count {
            let mut first = self.roller.dice.len();
            let mut value = self.die(index, term, DieRole::Normal)?;
            if let Some(explode) = term.explode {
                let mut last = value;
                let mut chain = 0;
                while chain < MAX_CHAIN && explode.when.matches(last) {
                    self.mark_last(|d| d.exploded = true);
                    if !explode.compound {
                        let end = self.roller.dice.len();
                        self.roller.pool.push(PoolDie { first, end, value });
                        first = end;
                        value = 0;
                    }
                    last = self.die(index, term, DieRole::Explosion)?;
                    value += last;
                    chain += 1;
                }
            }
            let end = self.roller.dice.len();
            self.roller.pool.push(PoolDie { first, end, value });
        }
        if let Some(keep) = term.keep {
            self.keep(keep.kept(self.roller.pool.len() as u32));
        }
        let roller = &mut *self.roller;
        let mut total = 0i64;
        for die in &roller.pool {
            let records = &mut roller.dice[die.first..die.end];
            // Rerolled records are never marked dropped, so one dropped record
            // means the whole die was dropped.
            if records.iter().any(|d| d.dropped) {
                continue;
            }
            match term.success {
                Some(cmp) => {
                    let hit = cmp.matches(die.value);
                    for d in records.iter_mut().filter(|d| !d.rerolled) {
                        d.success = Some(hit);
                    }
                    total += i64::from(hit);
                }
                None => total += die.value,
            }
        }
        roller.term_totals[index] = total;
        Ok(total)
    }

    fn keep(&mut self, (end, kept): (End, u32)) {
        let roller = &mut *self.roller;
        let pool = &roller.pool;
        roller.order.clear();
        roller.order.extend(0..pool.len());
        // Stable sort: among equal values the earlier die is kept.
        match end {
            End::Highest => roller
                .order
                .sort_by(|a, b| pool[*b].value.cmp(&pool[*a].value)),
            End::Lowest => roller
                .order
                .sort_by(|a, b| pool[*a].value.cmp(&pool[*b].value)),
        }
        for &i in &roller.order[kept as usize..] {
            let die = pool[i];
            for d in &mut roller.dice[die.first..die.end] {
                if !d.rerolled {
                    d.kept = false;
                    d.dropped = true;
                }
            }
        }
    }
}

/// Integer arithmetic with overflow checks; `/` rounds toward negative infinity.
fn apply(op: BinaryOp, a: i64, b: i64, column: usize) -> Result<i64, Error> {
    let overflow = || Error::from(ErrorKind::Overflow { column });
    match op {
        BinaryOp::Add => a.checked_add(b).ok_or_else(overflow),
        BinaryOp::Sub => a.checked_sub(b).ok_or_else(overflow),
        BinaryOp::Mul => a.checked_mul(b).ok_or_else(overflow),
        BinaryOp::Div => floor_div(a, b).ok_or_else(|| {
            if b == 0 {
                ErrorKind::DivisionByZero { column }.into()
            } else {
                overflow()
            }
        }),
    }
}

/// `a / b` rounded toward negative infinity; `None` on zero or overflow.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        Some(q - 1)
    } else {
        Some(q)
    }
}
