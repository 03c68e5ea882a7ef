//! Keep/drop over dice that explode into separate dice (`4d6!kh3`).
//!
//! The pool is the N dice that ended their chains plus E explosion dice, E
//! random. Given E, the two groups are independent and each is identically
//! distributed: explosion dice follow the die restricted to the exploding
//! faces, chain ends the die restricted to the others. When the exploding
//! faces are the top (or bottom) faces, one group lies wholly above the other,
//! so keeping the K highest takes from the upper group first, and the
//! distribution is a mixture over E of at most two keep/drop walks.

use crate::ast::{Compare, End, Keep};
use crate::dist::pool::{CHAIN_EPSILON, kept, mass, scores, split};
use crate::dist::{Budget, Pmf};
use crate::error::Error;
use crate::limits::MAX_CHAIN;

/// The distribution of the kept dice, and the probability cut off (chains
/// longer than followed).
#[expect(
    clippy::too_many_arguments,
    reason = "one term's facts, passed through"
)]
pub(super) fn keep_scattered(
    die: &Pmf,
    explode: Compare,
    keep: Keep,
    n: u32,
    success: Option<Compare>,
    column: usize,
    budget: &mut Budget,
    what: &str,
) -> Result<(Pmf, f64), Error> {
    let (hit, miss) = split(die, explode);
    let q = mass(&hit, |_| true);
    if q <= 0.0 {
        let (end, k) = keep.kept(n);
        return Ok((kept(die, n, k, end, success, budget, what)?, 0.0));
    }
    let upper = match (faces(&hit), faces(&miss)) {
        (Some((_, hit_max)), Some((miss_min, _))) if hit_max < miss_min => false,
        (Some((hit_min, _)), Some((_, miss_max))) if hit_min > miss_max => true,
        _ => {
            return Err(Error::invalid(
                column,
                format!(
                    "the exact distribution of {what} is not available: keep/drop on separate explosion dice needs the exploding faces to be the highest or the lowest; use '!!' to keep or drop whole chains"
                ),
            ));
        }
    };
    if q.powi(MAX_CHAIN as i32 + 1) > CHAIN_EPSILON {
        return Err(Error::invalid(
            column,
            format!(
                "the exact distribution of {what} is not available: its dice explode so often that chains reach the cap of {MAX_CHAIN}; use '!!' to keep or drop whole chains"
            ),
        ));
    }
    let booms = normalised(hit, q);
    let ends = normalised(miss, 1.0 - q);
    // Explosions per chain: geometric, followed while still likely enough.
    let mut per_chain = Vec::new();
    let mut reach = 1.0;
    while reach > CHAIN_EPSILON / f64::from(n.max(1)) && per_chain.len() <= MAX_CHAIN as usize {
        per_chain.push(reach * (1.0 - q));
        reach *= q;
    }
    // Some chain went further than followed.
    let mut cut = -(f64::from(n) * (-reach).ln_1p()).exp_m1();
    let explosions = Pmf {
        min: 0,
        p: per_chain,
    }
    .add_n(u64::from(n), budget, what)?;
    // The pools with many explosions are the costliest to walk and the least
    // likely: stop where the rest of the mass falls below the chain epsilon.
    // Tails are summed from the far end so they are accurate when tiny.
    let mut tails = explosions.p.clone();
    for i in (0..tails.len().saturating_sub(1)).rev() {
        tails[i] += tails[i + 1];
    }
    let mut mixture: Option<Pmf> = None;
    for (e, &weight) in explosions.p.iter().enumerate() {
        if tails[e] <= CHAIN_EPSILON {
            cut += tails[e];
            break;
        }
        if weight == 0.0 {
            continue;
        }
        let e = e as u32;
        let (end, k) = keep.kept(n + e);
        let (high, low) = if upper {
            ((&booms, e), (&ends, n))
        } else {
            ((&ends, n), (&booms, e))
        };
        let (first, second) = match end {
            End::Highest => (high, low),
            End::Lowest => (low, high),
        };
        let part = if k <= first.1 {
            kept(first.0, first.1, k, end, success, budget, what)?
        } else {
            let all = scores(first.0, success).add_n(u64::from(first.1), budget, what)?;
            let rest = kept(second.0, second.1, k - first.1, end, success, budget, what)?;
            all.add(&rest, budget, what)?
        };
        mixture = Some(mix(mixture, &part, weight));
    }
    let pmf = mixture.unwrap_or_else(|| Pmf::constant(0));
    Ok((pmf, cut))
}

/// The smallest and largest value with positive probability.
fn faces(pmf: &Pmf) -> Option<(i64, i64)> {
    let first = pmf.p.iter().position(|p| *p > 0.0)?;
    let last = pmf.p.iter().rposition(|p| *p > 0.0)?;
    Some((pmf.min + first as i64, pmf.min + last as i64))
}

fn normalised(mut pmf: Pmf, total: f64) -> Pmf {
    pmf.p.iter_mut().for_each(|p| *p /= total);
    pmf.trim()
}

/// `acc + weight * part`, pointwise.
fn mix(acc: Option<Pmf>, part: &Pmf, weight: f64) -> Pmf {
    let Some(acc) = acc else {
        return Pmf {
            min: part.min,
            p: part.p.iter().map(|p| p * weight).collect(),
        };
    };
    let min = acc.min.min(part.min);
    let max = acc.max().max(part.max());
    let mut p = vec![0.0; (max - min + 1) as usize];
    let at = (acc.min - min) as usize;
    for (o, x) in p[at..].iter_mut().zip(&acc.p) {
        *o += x;
    }
    let at = (part.min - min) as usize;
    for (o, x) in p[at..].iter_mut().zip(&part.p) {
        *o += x * weight;
    }
    Pmf { min, p }
}
