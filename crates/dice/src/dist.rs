//! Exact distributions of dice expressions.

use crate::ast::Expression;
use crate::error::Error;
use crate::roll::Variables;

/// The exact probability of every total of an expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    min: i64,
    probs: Vec<f64>,
    truncated: f64,
}

impl Distribution {
    /// The distribution of `expr`, which must have no variables.
    pub fn of(expr: &Expression) -> Result<Distribution, Error> {
        Distribution::of_with(expr, &())
    }

    /// The distribution of `expr` with its variables bound by `vars`.
    pub fn of_with(_expr: &Expression, _vars: &dyn Variables) -> Result<Distribution, Error> {
        Ok(Distribution { min: 0, probs: vec![1.0], truncated: 0.0 })
    }

    /// Every possible total with its probability, in increasing order of total.
    pub fn outcomes(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, p)| (self.min + i as i64, *p))
    }

    /// Probability that the total is exactly `total`.
    pub fn probability(&self, total: i64) -> f64 {
        usize::try_from(total - self.min).ok().and_then(|i| self.probs.get(i)).copied().unwrap_or(0.0)
    }

    /// Probability that the total is at least `total`.
    pub fn at_least(&self, total: i64) -> f64 {
        self.outcomes().filter(|(v, _)| *v >= total).map(|(_, p)| p).sum()
    }

    /// Probability that the total is at most `total`.
    pub fn at_most(&self, total: i64) -> f64 {
        self.outcomes().filter(|(v, _)| *v <= total).map(|(_, p)| p).sum()
    }

    /// The mean total.
    pub fn mean(&self) -> f64 {
        self.outcomes().map(|(v, p)| v as f64 * p).sum()
    }

    /// The standard deviation of the total.
    pub fn sd(&self) -> f64 {
        let mean = self.mean();
        self.outcomes().map(|(v, p)| (v as f64 - mean).powi(2) * p).sum::<f64>().sqrt()
    }

    /// The smallest possible total.
    pub fn min(&self) -> i64 {
        self.outcomes().next().map_or(self.min, |(v, _)| v)
    }

    /// The largest possible total.
    pub fn max(&self) -> i64 {
        self.outcomes().last().map_or(self.min, |(v, _)| v)
    }

    /// Probability that some die reached the explosion or reroll cap
    /// ([`crate::limits::MAX_CHAIN`]), where the engine stops the chain.
    pub fn truncated(&self) -> f64 {
        self.truncated
    }
}
