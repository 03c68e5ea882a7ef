//! Throughput of the dice engine: parsing and rolling table rolls, rolling
//! pre-parsed expressions with a reused [`Roller`], and exact distributions.
//!
//! Targets from the issue: parse-and-roll at least 5 million rolls/s,
//! pre-parsed rolls at least 50 million/s.
//!
//! `cargo bench -p nanite-dice --bench dice -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nanite_dice::{Distribution, Expression, Roller, SeededDice};

/// Everyday table rolls.
const ROLLS: &[&str] = &["2d10+12", "4d6kh3+2", "1d100+16", "d10/2+1"];

/// Distributions from small to large pools.
const DISTRIBUTIONS: &[&str] = &["10d10", "100d10", "4d6kh3", "20d20kh10", "1000d6"];

fn parse_and_roll(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse_and_roll");
    group.throughput(Throughput::Elements(1));
    for &text in ROLLS {
        let mut dice = SeededDice::new(7);
        let mut roller = Roller::new();
        group.bench_function(text, |b| {
            b.iter(|| {
                let expr = Expression::parse(black_box(text)).unwrap();
                roller.roll(&expr, &(), None, &mut dice).unwrap().total
            });
        });
    }
    group.finish();
}

fn roll_preparsed(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll_preparsed");
    group.throughput(Throughput::Elements(1));
    for &text in ROLLS {
        let expr = Expression::parse(text).unwrap();
        let mut dice = SeededDice::new(7);
        let mut roller = Roller::new();
        group.bench_function(text, |b| {
            b.iter(|| {
                roller
                    .roll(black_box(&expr), &(), None, &mut dice)
                    .unwrap()
                    .total
            });
        });
    }
    group.finish();
}

fn distribution(c: &mut Criterion) {
    let mut group = c.benchmark_group("distribution");
    group.throughput(Throughput::Elements(1));
    for &text in DISTRIBUTIONS {
        let expr = Expression::parse(text).unwrap();
        group.bench_function(text, |b| {
            b.iter(|| Distribution::of(black_box(&expr)).unwrap().mean());
        });
    }
    group.finish();
}

criterion_group!(benches, parse_and_roll, roll_preparsed, distribution);
criterion_main!(benches);
