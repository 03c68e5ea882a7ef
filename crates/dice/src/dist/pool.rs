//! The distribution of one dice term: a pool of dice with rerolls,
//! explosions, keep/drop and success counting.

use crate::ast::{Compare, DiceTerm, End};
use crate::dist::{Budget, Pmf};
use crate::error::Error;
use crate::limits::MAX_CHAIN;

/// Explosion chains are followed while going one die further has at least
/// this chance.
pub(super) const CHAIN_EPSILON: f64 = 1e-18;

/// The distribution of `term` and the probability mass of explosion chains
/// cut short (see the parent module).
pub(super) fn term(term: &DiceTerm, what: &str, budget: &mut Budget) -> Result<(Pmf, f64), Error> {
    budget.spend(u64::from(term.sides), what)?;
    let face = 1.0 / f64::from(term.sides);
    let mut die = Pmf {
        min: 1,
        p: vec![face; term.sides as usize],
    };
    if let Some(reroll) = term.reroll {
        die = rerolled(&die, reroll.when, if reroll.once { 1 } else { MAX_CHAIN });
    }
    let n = u64::from(term.count);
    let mut truncated = 0.0;
    // One entry of the pool: a die with its compounded explosions, if any.
    let mut entry = die.clone();
    if let Some(explode) = term.explode {
        let q = mass(&die, |v| explode.when.matches(v));
        let depth = chain_depth(q);
        let cut = q.powi(depth as i32 + 1);
        truncated = -(n as f64 * (-cut).ln_1p()).exp_m1();
        if !explode.compound {
            if let Some(keep) = term.keep {
                return super::scatter::keep_scattered(
                    &die,
                    explode.when,
                    keep,
                    term.count,
                    term.success,
                    term.column,
                    budget,
                    what,
                );
            }
            if let Some(success) = term.success {
                let chain = chain_successes(&die, explode.when, success, depth);
                return Ok((chain.add_n(n, budget, what)?, truncated));
            }
        }
        entry = chain_sum(&die, explode.when, depth, budget, what)?;
    }
    let pmf = match (term.keep, term.success) {
        (Some(keep), success) => {
            let (end, k) = keep.kept(term.count);
            kept(&entry, n as u32, k, end, success, budget, what)?
        }
        (None, Some(success)) => scores(&entry, Some(success)).add_n(n, budget, what)?,
        (None, None) => entry.add_n(n, budget, what)?,
    };
    Ok((pmf, truncated))
}

/// The distribution of a die's score: its value, or 1 for a success.
pub(super) fn scores(die: &Pmf, success: Option<Compare>) -> Pmf {
    match success {
        None => die.clone(),
        Some(success) => {
            let hit = mass(die, |v| success.matches(v));
            Pmf {
                min: 0,
                p: vec![1.0 - hit, hit],
            }
            .trim()
        }
    }
}

/// Total probability of the values matching `f`.
pub(super) fn mass(pmf: &Pmf, f: impl Fn(i64) -> bool) -> f64 {
    pmf.p
        .iter()
        .enumerate()
        .filter(|(i, _)| f(pmf.min + *i as i64))
        .map(|(_, p)| p)
        .sum()
}

/// A die rerolled while it matches, at most `limit` times (the last stands).
fn rerolled(die: &Pmf, when: Compare, limit: u32) -> Pmf {
    let q = mass(die, |v| when.matches(v));
    // Each reroll happens with probability q; after `limit` the value stands.
    let stays: f64 = (0..=limit).map(|i| q.powi(i as i32)).sum();
    let last = q.powi(limit as i32);
    let p = die
        .p
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if when.matches(die.min + i as i64) {
                p * last
            } else {
                p * stays
            }
        })
        .collect();
    Pmf { min: die.min, p }
}

/// How many explosions to follow: the roller's cap, or fewer once the chance
/// of another falls below [`CHAIN_EPSILON`].
fn chain_depth(q: f64) -> u32 {
    let mut depth = 0;
    let mut reach = q;
    while depth < MAX_CHAIN && reach > CHAIN_EPSILON {
        depth += 1;
        reach *= q;
    }
    depth
}

/// Splits `die` into the part that matches `when` and the part that does not.
pub(super) fn split(die: &Pmf, when: Compare) -> (Pmf, Pmf) {
    let mut hit = die.clone();
    let mut miss = die.clone();
    for (i, (h, m)) in hit.p.iter_mut().zip(miss.p.iter_mut()).enumerate() {
        if when.matches(die.min + i as i64) {
            *m = 0.0;
        } else {
            *h = 0.0;
        }
    }
    (hit, miss)
}

/// The sum of an explosion chain: `die`, plus another chain while it matches.
fn chain_sum(
    die: &Pmf,
    when: Compare,
    depth: u32,
    budget: &mut Budget,
    what: &str,
) -> Result<Pmf, Error> {
    let (hit, miss) = split(die, when);
    let mut chain = die.clone();
    for _ in 0..depth {
        let longer = hit.add(&chain, budget, what)?;
        chain = sum_of(&miss, &longer);
    }
    Ok(chain)
}

/// The number of successes in one explosion chain of separate dice.
fn chain_successes(die: &Pmf, explode: Compare, success: Compare, depth: u32) -> Pmf {
    let part = |boom: bool, win: bool| {
        mass(die, |v| {
            explode.matches(v) == boom && success.matches(v) == win
        })
    };
    let (stop_fail, stop_win) = (part(false, false), part(false, true));
    let (go_fail, go_win) = (part(true, false), part(true, true));
    // The last die of the chain stands whatever it shows.
    let mut chain = vec![stop_fail + go_fail, stop_win + go_win];
    for _ in 0..depth {
        let mut next = vec![0.0; chain.len() + 1];
        next[0] += stop_fail;
        next[1] += stop_win;
        for (y, p) in chain.iter().enumerate() {
            next[y] += go_fail * p;
            next[y + 1] += go_win * p;
        }
        chain = next;
    }
    Pmf { min: 0, p: chain }
}

/// Pointwise sum of two (sub-)distributions.
fn sum_of(a: &Pmf, b: &Pmf) -> Pmf {
    let min = a.min.min(b.min);
    let max = a.max().max(b.max());
    let mut p = vec![0.0; (max - min + 1) as usize];
    for pmf in [a, b] {
        let at = (pmf.min - min) as usize;
        for (o, x) in p[at..at + pmf.p.len()].iter_mut().zip(&pmf.p) {
            *o += x;
        }
    }
    Pmf { min, p }
}

/// The binomial distribution `B(n, r)`, computed outward from its mode and
/// normalised, so large `n` neither underflows nor loses precision.
fn binomial(n: u32, r: f64) -> Vec<f64> {
    let len = n as usize + 1;
    if r <= 0.0 {
        let mut p = vec![0.0; len];
        p[0] = 1.0;
        return p;
    }
    if r >= 1.0 {
        let mut p = vec![0.0; len];
        p[n as usize] = 1.0;
        return p;
    }
    let mode = (((f64::from(n) + 1.0) * r).floor() as usize).min(n as usize);
    let odds = r / (1.0 - r);
    let mut p = vec![0.0; len];
    p[mode] = 1.0;
    for c in mode..n as usize {
        p[c + 1] = p[c] * ((n as usize - c) as f64 / (c + 1) as f64) * odds;
    }
    for c in (0..mode).rev() {
        p[c] = p[c + 1] * ((c + 1) as f64 / (n as usize - c) as f64) / odds;
    }
    let total: f64 = p.iter().sum();
    p.iter_mut().for_each(|x| *x /= total);
    p
}

/// The sum of the scores of the `k` highest (or lowest) of `n` independent
/// dice distributed as `entry`; the score is the value, or 1 for a success.
///
/// Walks the faces from the kept end. At each face, the dice not yet placed
/// are all at or beyond it; how many show exactly this face is binomial with
/// the face's conditional probability. Once `k` dice are placed the rest are
/// dropped, so states only track fewer than `k` placed dice and the sum of
/// their scores.
pub(super) fn kept(
    entry: &Pmf,
    n: u32,
    k: u32,
    end: End,
    success: Option<Compare>,
    budget: &mut Budget,
    what: &str,
) -> Result<Pmf, Error> {
    if k == 0 {
        return Ok(Pmf::constant(0));
    }
    if k >= n {
        // Everything is kept: a plain sum, no walk needed.
        return scores(entry, success).add_n(u64::from(n), budget, what);
    }
    let mut faces: Vec<(i64, f64)> = entry
        .p
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(i, p)| (entry.min + i as i64, *p))
        .collect();
    if end == End::Highest {
        faces.reverse();
    }
    let score = |v: i64| match success {
        Some(c) => i64::from(c.matches(v)),
        None => v,
    };
    let lo = faces.iter().map(|(v, _)| score(*v)).min().unwrap_or(0);
    let hi = faces.iter().map(|(v, _)| score(*v)).max().unwrap_or(0);
    let width = (k as usize) * ((hi - lo) as usize) + 1;
    budget.spend(
        (faces.len() as u64) * u64::from(k) * (u64::from(n) + 1) * width as u64 / 2 + width as u64,
        what,
    )?;
    let total: f64 = faces.iter().map(|(_, p)| p).sum();
    let mut tail = total;
    // states[m][s]: m dice placed (m < k), their scores sum to s + m * lo.
    let mut states = vec![vec![0.0; width]; k as usize];
    let mut reach = vec![0usize; k as usize];
    states[0][0] = 1.0;
    reach[0] = 1;
    let mut out = vec![0.0; width];
    for (index, &(value, p)) in faces.iter().enumerate() {
        let last = index + 1 == faces.len();
        let r = if last || tail <= 0.0 {
            1.0
        } else {
            (p / tail).min(1.0)
        };
        tail -= p;
        let step = (score(value) - lo) as usize;
        let mut next = vec![vec![0.0; width]; k as usize];
        let mut next_reach = vec![0usize; k as usize];
        for m in 0..k as usize {
            if reach[m] == 0 {
                continue;
            }
            let left = n as usize - m;
            let chances = binomial(left as u32, r);
            for (c, &b) in chances.iter().enumerate() {
                if b == 0.0 {
                    continue;
                }
                let placed = m + c;
                let shift = c.min(k as usize - m) * step;
                let src = &states[m][..reach[m]];
                let dst = if placed >= k as usize {
                    &mut out
                } else {
                    &mut next[placed]
                };
                for (o, x) in dst[shift..shift + src.len()].iter_mut().zip(src) {
                    *o += x * b;
                }
                if placed < k as usize {
                    next_reach[placed] = next_reach[placed].max(shift + src.len());
                }
            }
        }
        states = next;
        reach = next_reach;
        if reach.iter().all(|r| *r == 0) {
            break;
        }
    }
    Ok(Pmf {
        min: i64::from(k) * lo,
        p: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_sums_to_one_and_matches_small_cases() {
        let b = binomial(2, 0.5);
        assert!(
            (b[0] - 0.25).abs() < 1e-15
                && (b[1] - 0.5).abs() < 1e-15
                && (b[2] - 0.25).abs() < 1e-15
        );
        let big = binomial(10_000, 0.5);
        assert!((big.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(big[5000] > 0.007 && big[5000] < 0.008);
    }

    #[test]
    fn chain_depth_stops_at_cap_or_epsilon() {
        assert_eq!(chain_depth(0.0), 0);
        assert_eq!(chain_depth(1.0 / 6.0), 23);
        assert_eq!(chain_depth(0.999), MAX_CHAIN);
    }
}
