//! Distributions checked against brute force: every sequence of dice the
//! roller could ask for, walked depth-first with its exact probability.

use std::collections::BTreeMap;

use crate::error::{ErrorKind, SourceError};
use crate::source::{DiceSource, DieRequest};
use crate::{Distribution, Expression, Roller};

/// Plays `prefix`, then fails asking for the die it needs next.
struct Prefix<'a> {
    prefix: &'a [u32],
    at: usize,
    next_sides: Option<u32>,
}

impl DiceSource for Prefix<'_> {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        if let Some(&v) = self.prefix.get(self.at) {
            self.at += 1;
            return Ok(v);
        }
        self.next_sides = Some(request.sides);
        Err(SourceError::Exhausted {
            sides: request.sides,
            purpose: String::new(),
            used: self.at,
        })
    }
}

/// The exact distribution by enumeration, ignoring sequences less likely
/// than `floor` (only explosions make such sequences).
/// Also returns the total probability of the sequences ignored.
fn brute(text: &str, floor: f64) -> (BTreeMap<i64, f64>, f64) {
    let expr = Expression::parse(text).unwrap();
    let mut roller = Roller::new();
    // Compensated (Neumaier) sums, so a million tiny terms add up exactly enough.
    let mut out: BTreeMap<i64, (f64, f64)> = BTreeMap::new();
    let mut stack: Vec<(Vec<u32>, f64)> = vec![(Vec::new(), 1.0)];
    let mut lost = 0.0;
    while let Some((prefix, p)) = stack.pop() {
        let mut src = Prefix {
            prefix: &prefix,
            at: 0,
            next_sides: None,
        };
        match roller.roll(&expr, &(), None, &mut src) {
            Ok(view) => {
                let (sum, comp) = out.entry(view.total).or_insert((0.0, 0.0));
                let t = *sum + p;
                *comp += if sum.abs() >= p {
                    (*sum - t) + p
                } else {
                    (p - t) + *sum
                };
                *sum = t;
            }
            Err(e) if matches!(*e.kind(), ErrorKind::Source(_)) => {
                let sides = src.next_sides.unwrap();
                let q = p / f64::from(sides);
                if q < floor {
                    lost += p;
                    continue;
                }
                for v in 1..=sides {
                    let mut longer = prefix.clone();
                    longer.push(v);
                    stack.push((longer, q));
                }
            }
            Err(e) => panic!("{text}: {e}"),
        }
    }
    let exact = out
        .into_iter()
        .map(|(v, (sum, comp))| (v, sum + comp))
        .collect();
    (exact, lost)
}

/// Every probability lies between brute force's and brute force's plus the
/// mass it ignored (within 1e-12), and they sum to 1.
fn check(text: &str, floor: f64) {
    let dist = Distribution::of(&Expression::parse(text).unwrap()).unwrap();
    let (exact, lost) = brute(text, floor);
    let slack = 1e-12;
    for (v, e) in &exact {
        let p = dist.probability(*v);
        assert!(
            p >= e - slack && p <= e + lost + slack,
            "{text}: P({v}) = {p} but brute force says {e} (+{lost})"
        );
    }
    for (v, p) in dist.outcomes() {
        let e = exact.get(&v).copied().unwrap_or(0.0);
        assert!(
            p >= e - slack && p <= e + lost + slack,
            "{text}: P({v}) = {p} but brute force says {e} (+{lost})"
        );
    }
    let sum: f64 = dist.outcomes().map(|(_, p)| p).sum();
    assert!(
        (sum - 1.0).abs() < 1e-12,
        "{text}: probabilities sum to {sum}"
    );
}

#[test]
fn plain_sums_and_arithmetic_match_brute_force() {
    for text in [
        "2d6",
        "3d4+2",
        "d10/2+1",
        "-d6",
        "2d6-d4",
        "d6*d4",
        "d6*3",
        "(d6-3)/2",
        "-7/d3",
        "min(d6, d6)",
        "max(2d4, d8)",
        // Supports that overlap in part, or not at all, or sit below zero.
        "min(d20, 2d6+3)",
        "max(d20, 2d6+3)",
        "min(d4, d6+10)",
        "max(-d4, d3-2)",
        "min(max(d6, d4), 2d3)",
        "d%",
        "d100+16",
        "2k6",
        "d1",
    ] {
        check(text, 0.0);
    }
}

#[test]
fn keep_and_drop_match_brute_force() {
    for text in [
        "4d6kh3",
        "4d6kl3",
        "4d6dl1",
        "4d6dh1",
        "2d20kh1",
        "2d20kl1",
        "5d4kh2",
        "5d4k1",
        "3d6d1",
        "6d3kh4",
        "4d6kh3>=5",
        "4d6kl2<3",
        "3d100kh1",
    ] {
        check(text, 0.0);
    }
}

#[test]
fn rerolls_and_successes_match_brute_force() {
    for text in [
        "2d6ro1",
        "2d6ro<3",
        "6d10>=7",
        "4d6=6",
        "5d6<=2",
        "3d8ro<2>4",
    ] {
        check(text, 0.0);
    }
    // Rerolls without a limit: brute force ignores the rarest sequences.
    check("2d6r1", 1e-9);
    check("3d4r<3kh2", 1e-8);
}

#[test]
fn explosions_match_brute_force() {
    for text in [
        "1d6!",
        "2d4!",
        "d10!>=9",
        "2d6!!",
        "3d4!!kh2",
        "4d4!>=4>=3",
        "3d6!!kl1",
        "3d4!kh2",
        "3d6!kl1",
        "4d4!dl1",
        "3d4!kh2>=3",
        "2d6!dh1",
        "3d4!<=1kh2",
        "2d4!=1dl1",
        "d4!r1",
    ] {
        check(text, 1e-8);
    }
}

#[test]
fn explosion_cut_off_is_reported() {
    let dist = Distribution::of(&Expression::parse("1d6!").unwrap()).unwrap();
    let cut = dist.truncated();
    assert!(cut > 0.0 && cut <= 1e-18, "cut-off {cut}");
    let plain = Distribution::of(&Expression::parse("4d6kh3").unwrap()).unwrap();
    assert_eq!(plain.truncated(), 0.0);
    let mean = dist.mean();
    assert!(
        (mean - 4.2).abs() < 1e-12,
        "1d6! has mean 3.5 * 6/5 = 4.2, got {mean}"
    );
}

#[test]
fn known_moments() {
    let d = Distribution::of(&Expression::parse("1000d6").unwrap()).unwrap();
    assert!((d.mean() - 3500.0).abs() < 1e-8);
    assert!((d.sd() - (1000.0f64 * 35.0 / 12.0).sqrt()).abs() < 1e-8);
    assert_eq!((d.min(), d.max()), (1000, 6000));
    let d = Distribution::of(&Expression::parse("20d20kh10").unwrap()).unwrap();
    assert_eq!((d.min(), d.max()), (10, 200));
    let sum: f64 = d.outcomes().map(|(_, p)| p).sum();
    assert!((sum - 1.0).abs() < 1e-12);
}

#[test]
fn keep_on_scattered_explosions_that_have_no_exact_walk_is_refused() {
    let middle = Distribution::of(&Expression::parse("3d6!=3kh2").unwrap()).unwrap_err();
    assert!(
        middle
            .to_string()
            .contains("exploding faces to be the highest or the lowest"),
        "{middle}"
    );
    let often = Distribution::of(&Expression::parse("2d6!>=2kh1").unwrap()).unwrap_err();
    assert!(
        often.to_string().contains("reach the cap of 100"),
        "{often}"
    );
    // Compounding chains keep and drop as one die, so both work with '!!'.
    assert!(Distribution::of(&Expression::parse("3d6!!=3kh2").unwrap()).is_ok());
    assert!(Distribution::of(&Expression::parse("2d6!!>=2kh1").unwrap()).is_ok());
}
