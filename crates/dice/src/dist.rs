//! Exact distributions of dice expressions.
//!
//! Probabilities are `f64`, computed by convolution and dynamic programming over
//! the faces of the dice, never by enumerating outcomes: `20d20kh10` walks 20
//! faces and at most 10 kept dice, not 20^20 rolls. Every value is a sum of
//! products of non-negative terms, so rounding errors do not cancel
//! catastrophically; each probability is within 1e-12 of the exact rational
//! (checked against exact integer arithmetic in the tests).
//!
//! The distribution matches the roller exactly, explosion and reroll caps
//! included, except that an explosion chain is followed only while the chance
//! of going one die further stays above 1e-18; [`Distribution::truncated`]
//! reports the probability of the chains cut there.

mod pool;
mod scatter;

use crate::ast::{BinaryOp, Expression, Function, Node, NodeId};
use crate::error::{Error, ErrorKind};
use crate::eval::floor_div;
use crate::limits::{MAX_DIST_WORK, MAX_SUPPORT};
use crate::roll::Variables;

/// The exact probability of every total of an expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    pmf: Pmf,
    truncated: f64,
}

/// A probability mass function over the integers `min..min + p.len()`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pmf {
    pub(crate) min: i64,
    pub(crate) p: Vec<f64>,
}

/// Counts elementary steps so no expression can run for long.
pub(crate) struct Budget {
    spent: u64,
}

impl Budget {
    pub(crate) fn spend(&mut self, steps: u64, what: &str) -> Result<(), Error> {
        self.spent = self.spent.saturating_add(steps);
        if self.spent > MAX_DIST_WORK {
            return Err(Error::limit(
                format!("{MAX_DIST_WORK} steps per exact distribution"),
                format!("the exact distribution of {what} needs more work"),
            ));
        }
        Ok(())
    }
}

impl Pmf {
    pub(crate) fn constant(v: i64) -> Pmf {
        Pmf {
            min: v,
            p: vec![1.0],
        }
    }

    /// The distribution of `-x`; `column` locates an overflow.
    fn negated(&self, column: usize) -> Result<Pmf, Error> {
        let min = self
            .max()
            .checked_neg()
            .ok_or(ErrorKind::Overflow { column })?;
        Ok(Pmf {
            min,
            p: self.p.iter().rev().copied().collect(),
        })
    }

    pub(crate) fn max(&self) -> i64 {
        self.min + self.p.len() as i64 - 1
    }

    /// Drops zero mass at both ends.
    pub(crate) fn trim(mut self) -> Pmf {
        let first = self.p.iter().position(|p| *p > 0.0).unwrap_or(0);
        let last = self.p.iter().rposition(|p| *p > 0.0).unwrap_or(0);
        if first > 0 || last + 1 < self.p.len() {
            self.p = self.p[first..=last.max(first)].to_vec();
            self.min += first as i64;
        }
        self
    }

    /// The distribution of the sum of two independent variables.
    pub(crate) fn add(&self, other: &Pmf, budget: &mut Budget, what: &str) -> Result<Pmf, Error> {
        let (a, b) = if self.p.len() >= other.p.len() {
            (self, other)
        } else {
            (other, self)
        };
        let min = a.min.checked_add(b.min).ok_or_else(|| overflow(what))?;
        let max = a.max().checked_add(b.max()).ok_or_else(|| overflow(what))?;
        let len = support_len(min, max, what)?;
        budget.spend((a.p.len() as u64) * (b.p.len() as u64), what)?;
        let mut out = vec![0.0; len];
        for (j, &y) in b.p.iter().enumerate() {
            if y == 0.0 {
                continue;
            }
            for (o, &x) in out[j..j + a.p.len()].iter_mut().zip(&a.p) {
                *o += x * y;
            }
        }
        Ok(Pmf { min, p: out })
    }

    /// The sum of `n` independent copies, by repeated squaring.
    pub(crate) fn add_n(&self, n: u64, budget: &mut Budget, what: &str) -> Result<Pmf, Error> {
        let mut result = Pmf::constant(0);
        let mut base = self.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = result.add(&base, budget, what)?;
            }
            n >>= 1;
            if n > 0 {
                base = base.add(&base, budget, what)?;
            }
        }
        Ok(result)
    }

    /// The distribution of `f(x, y)` for independent `x`, `y`.
    fn combine(
        &self,
        other: &Pmf,
        budget: &mut Budget,
        what: &str,
        f: impl Fn(i64, i64) -> Result<i64, Error>,
    ) -> Result<Pmf, Error> {
        let pairs = (self.p.len() as u64) * (other.p.len() as u64);
        // Two passes: the range of the results first, so the output is sized
        // by the totals it can hold (at most MAX_SUPPORT), never by the pairs.
        // A pair costs two passes of a checked operation and a compensated
        // add: about eight multiply-adds of a convolution.
        budget.spend(8 * pairs, what)?;
        let each = |g: &mut dyn FnMut(i64, f64) -> Result<(), Error>| -> Result<(), Error> {
            for (i, &x) in self.p.iter().enumerate() {
                if x == 0.0 {
                    continue;
                }
                for (j, &y) in other.p.iter().enumerate() {
                    if y != 0.0 {
                        g(f(self.min + i as i64, other.min + j as i64)?, x * y)?;
                    }
                }
            }
            Ok(())
        };
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        each(&mut |v, _| {
            lo = lo.min(v);
            hi = hi.max(v);
            Ok(())
        })?;
        if lo > hi {
            return Ok(Pmf::constant(0));
        }
        // Many pairs can land on one total (d100000 / d2000), so the sums are
        // compensated (Neumaier) to keep the 1e-12 error bound.
        let len = support_len(lo, hi, what)?;
        let mut p = vec![0.0; len];
        let mut carry = vec![0.0; len];
        each(&mut |v, w| {
            let i = (v - lo) as usize;
            let t = p[i] + w;
            carry[i] += if p[i].abs() >= w.abs() {
                (p[i] - t) + w
            } else {
                (w - t) + p[i]
            };
            p[i] = t;
            Ok(())
        })?;
        p.iter_mut().zip(&carry).for_each(|(p, c)| *p += c);
        Ok(Pmf { min: lo, p })
    }

    /// The distribution of `min(x, y)` or `max(x, y)` for independent `x`,
    /// `y`, in one pass over the totals rather than over every pair:
    /// `P(min = v) = P(x = v) P(y >= v) + P(x > v) P(y = v)`, and `max` the
    /// same with the tails below. Both terms are products of non-negative
    /// sums, so nothing cancels.
    fn extreme(
        &self,
        other: &Pmf,
        pick: Function,
        budget: &mut Budget,
        what: &str,
    ) -> Result<Pmf, Error> {
        let lo = self.min.min(other.min);
        let hi = self.max().max(other.max());
        let len = support_len(lo, hi, what)?;
        budget.spend(4 * len as u64, what)?;
        let at = |pmf: &Pmf, v: i64| -> f64 {
            let i = v - pmf.min;
            if (0..pmf.p.len() as i64).contains(&i) {
                pmf.p[i as usize]
            } else {
                0.0
            }
        };
        let mut p = vec![0.0; len];
        // Running tails: for min, the mass of each side strictly above the
        // total (walking down); for max, strictly below (walking up).
        let (mut x_beyond, mut y_beyond) = (0.0, 0.0);
        let order: Box<dyn Iterator<Item = usize>> = match pick {
            Function::Min => Box::new((0..len).rev()),
            Function::Max => Box::new(0..len),
        };
        for i in order {
            let v = lo + i as i64;
            let (x, y) = (at(self, v), at(other, v));
            // x = v and y at or beyond v, plus x strictly beyond v and y = v.
            p[i] = x * (y_beyond + y) + x_beyond * y;
            x_beyond += x;
            y_beyond += y;
        }
        Ok(Pmf { min: lo, p }.trim())
    }

    fn map(
        &self,
        budget: &mut Budget,
        what: &str,
        f: impl Fn(i64) -> Result<i64, Error>,
    ) -> Result<Pmf, Error> {
        self.combine(&Pmf::constant(0), budget, what, |x, _| f(x))
    }
}

fn overflow(what: &str) -> Error {
    Error::limit("64-bit totals", format!("the totals of {what} overflow"))
}

fn support_len(min: i64, max: i64, what: &str) -> Result<usize, Error> {
    let span = (max as i128) - (min as i128) + 1;
    if span > MAX_SUPPORT as i128 {
        return Err(Error::limit(
            format!("{MAX_SUPPORT} distinct totals per exact distribution"),
            format!("{what} spans {span} totals"),
        ));
    }
    Ok(span as usize)
}

impl Distribution {
    /// The distribution of `expr`, which must have no variables.
    pub fn of(expr: &Expression) -> Result<Distribution, Error> {
        Distribution::of_with(expr, &())
    }

    /// The distribution of `expr` with its variables bound by `vars`.
    pub fn of_with(expr: &Expression, vars: &dyn Variables) -> Result<Distribution, Error> {
        let mut walk = Walk {
            expr,
            vars,
            budget: Budget { spent: 0 },
            truncated: 0.0,
        };
        let pmf = walk.node(expr.root)?;
        Ok(Distribution {
            pmf,
            truncated: walk.truncated.min(1.0),
        })
    }

    /// Every possible total with its probability, in increasing order of total.
    pub fn outcomes(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        let min = self.pmf.min;
        self.pmf
            .p
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(move |(i, p)| (min + i as i64, *p))
    }

    /// Probability that the total is exactly `total`.
    pub fn probability(&self, total: i64) -> f64 {
        total
            .checked_sub(self.pmf.min)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.pmf.p.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// Probability that the total is at least `total`.
    pub fn at_least(&self, total: i64) -> f64 {
        self.outcomes()
            .filter(|(v, _)| *v >= total)
            .map(|(_, p)| p)
            .sum::<f64>()
            .min(1.0)
    }

    /// Probability that the total is at most `total`.
    pub fn at_most(&self, total: i64) -> f64 {
        self.outcomes()
            .filter(|(v, _)| *v <= total)
            .map(|(_, p)| p)
            .sum::<f64>()
            .min(1.0)
    }

    /// The mean total.
    pub fn mean(&self) -> f64 {
        self.outcomes().map(|(v, p)| v as f64 * p).sum()
    }

    /// The standard deviation of the total.
    pub fn sd(&self) -> f64 {
        let mean = self.mean();
        self.outcomes()
            .map(|(v, p)| (v as f64 - mean).powi(2) * p)
            .sum::<f64>()
            .sqrt()
    }

    /// The smallest possible total. Its probability may be too small for an
    /// `f64` (below about 1e-308) and read 0, as for `1000d6` rolling 1000.
    pub fn min(&self) -> i64 {
        self.pmf.min
    }

    /// The largest possible total.
    pub fn max(&self) -> i64 {
        self.pmf.max()
    }

    /// Probability of the explosion chains cut off before the roller's cap
    /// (see the module docs); 0 for expressions without explosions.
    pub fn truncated(&self) -> f64 {
        self.truncated
    }
}

struct Walk<'a> {
    expr: &'a Expression,
    vars: &'a dyn Variables,
    budget: Budget,
    truncated: f64,
}

impl Walk<'_> {
    fn node(&mut self, id: NodeId) -> Result<Pmf, Error> {
        let expr = self.expr;
        let what = expr.text.as_str();
        match &expr.nodes[id as usize] {
            Node::Number(n) => Ok(Pmf::constant(*n)),
            Node::Variable { name } => self.vars.get(name).map(Pmf::constant).ok_or_else(|| {
                ErrorKind::UnboundVariable {
                    name: name.to_string(),
                }
                .into()
            }),
            Node::Dice(index) => {
                let term = &expr.terms[*index as usize];
                let (pmf, truncated) = pool::term(term, expr.term_text(term), &mut self.budget)?;
                self.truncated += truncated;
                Ok(pmf)
            }
            Node::Neg { operand, column } => {
                let inner = self.node(*operand)?;
                inner.negated(*column as usize)
            }
            Node::Binary {
                op,
                lhs,
                rhs,
                column,
            } => {
                let a = self.node(*lhs)?;
                let b = self.node(*rhs)?;
                let column = *column as usize;
                let budget = &mut self.budget;
                match op {
                    BinaryOp::Add => a.add(&b, budget, what),
                    BinaryOp::Sub => a.add(&b.negated(column)?, budget, what),
                    BinaryOp::Mul => a.combine(&b, budget, what, |x, y| {
                        x.checked_mul(y)
                            .ok_or_else(|| ErrorKind::Overflow { column }.into())
                    }),
                    BinaryOp::Div => {
                        if b.p.len() == 1 && b.min != 0 {
                            let d = b.min;
                            a.map(budget, what, |x| {
                                floor_div(x, d).ok_or_else(|| ErrorKind::Overflow { column }.into())
                            })
                        } else {
                            a.combine(&b, budget, what, |x, y| {
                                floor_div(x, y).ok_or_else(|| {
                                    if y == 0 {
                                        ErrorKind::DivisionByZero { column }.into()
                                    } else {
                                        ErrorKind::Overflow { column }.into()
                                    }
                                })
                            })
                        }
                    }
                }
            }
            Node::Call { func, lhs, rhs, .. } => {
                let a = self.node(*lhs)?;
                let b = self.node(*rhs)?;
                a.extreme(&b, *func, &mut self.budget, what)
            }
        }
    }
}

#[cfg(test)]
mod tests;
