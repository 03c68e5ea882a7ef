//! Benchmark: sight and cover on a battle map (issue 24): for every
//! ordered pair of 50 combatants on a 100 x 100 m map of 200 walls (a
//! quarter each partial, full, concealing, doors), whether the shooter sees
//! the target and the cover the walls give it.
//!
//! Target (issue 24): under 1 ms for all the pairs on one core.
//!
//! Three ways: each ordered pair asked of [`Sightlines`] (the walls in
//! cells), the table of every pair at once ([`Sightlines::table`], each
//! line followed once for both ways), and every wall tested for each pair
//! ([`Layout::line_of_fire`], for comparison). All three answer alike
//! (tests/cx/battle_map_properties.rs).
//!
//! The machine that runs them may be shared: wall time then counts the
//! time other programs hold the core. The two Sightlines benches are also
//! measured in this thread's own CPU time ("cpu"; Linux's
//! /proc/thread-self/schedstat, nanoseconds on the CPU), which is what
//! "on one core" means; elsewhere those fall back to wall time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use nanite_compound_x::encounter::scene::Sightlines;
use nanite_compound_x::encounter::{Layout, Point, Wall, WallKind};

/// A small fixed generator, so every run measures the same map.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as i64
    }
}

/// 200 walls 1 to 8 m long and 50 points on a 100 x 100 m map.
fn map() -> (Layout, Vec<Point>) {
    let mut rng = Lcg(24);
    let mut layout = Layout::new(1000, 1000);
    let kinds = [
        WallKind::Partial,
        WallKind::Full,
        WallKind::Concealing,
        WallKind::Door,
    ];
    for i in 0..200 {
        let a = Point::new(rng.below(1000), rng.below(1000));
        let length = 10 + rng.below(70);
        let b = if i % 2 == 0 {
            Point::new((a.x + length).min(1000), a.y)
        } else {
            Point::new(a.x, (a.y + length).min(1000))
        };
        layout.walls.push(Wall {
            name: String::new(),
            a,
            b,
            kind: kinds[i % 4],
            open: i % 8 == 3,
        });
    }
    let points = (0..50)
        .map(|_| Point::new(rng.below(1000), rng.below(1000)))
        .collect();
    (layout, points)
}

/// This thread's time on the CPU so far, if the system tells it.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Times `iters` runs of `f` in CPU time (wall time where unknown).
fn on_the_cpu<T>(iters: u64, mut f: impl FnMut() -> T) -> Duration {
    let (cpu, wall) = (cpu_time(), Instant::now());
    for _ in 0..iters {
        black_box(f());
    }
    match (cpu, cpu_time()) {
        (Some(a), Some(b)) => b - a,
        _ => wall.elapsed(),
    }
}

/// Every ordered pair asked one by one.
fn every_pair(layout: &Layout, points: &[Point]) -> (u32, i64) {
    // The walls sorted into cells once, then every line asked.
    let lines = Sightlines::new(layout);
    let mut seen = 0u32;
    let mut cover = 0i64;
    for (i, &a) in points.iter().enumerate() {
        for (j, &t) in points.iter().enumerate() {
            if i == j {
                continue;
            }
            if let Some((c, _)) = lines.line_of_fire(black_box(a), black_box(t)) {
                seen += 1;
                cover += c.modifier();
            }
        }
    }
    (seen, cover)
}

/// Every ordered pair read from the table.
fn every_pair_in_a_table(layout: &Layout, points: &[Point]) -> (u32, i64) {
    let lines = Sightlines::new(layout);
    let table = lines.table(black_box(points));
    let mut seen = 0u32;
    let mut cover = 0i64;
    for i in 0..points.len() {
        for j in 0..points.len() {
            if i == j {
                continue;
            }
            if let Some((c, _)) = table.get(i, j) {
                seen += 1;
                cover += c.modifier();
            }
        }
    }
    (seen, cover)
}

fn sight_and_cover(c: &mut Criterion) {
    let (layout, points) = map();
    assert_eq!(
        every_pair(&layout, &points),
        every_pair_in_a_table(&layout, &points)
    );
    c.bench_function(
        "sight and cover, 50 combatants x 200 walls (all pairs)",
        |b| b.iter(|| every_pair(&layout, &points)),
    );
    c.bench_function(
        "sight and cover, 50 combatants x 200 walls (all pairs), cpu",
        |b| b.iter_custom(|iters| on_the_cpu(iters, || every_pair(&layout, &points))),
    );
}

/// The same pairs as one table: each unordered pair's line followed once.
fn table(c: &mut Criterion) {
    let (layout, points) = map();
    c.bench_function(
        "sight and cover, 50 combatants x 200 walls (the table of all pairs)",
        |b| b.iter(|| every_pair_in_a_table(&layout, &points)),
    );
    c.bench_function(
        "sight and cover, 50 combatants x 200 walls (the table of all pairs), cpu",
        |b| b.iter_custom(|iters| on_the_cpu(iters, || every_pair_in_a_table(&layout, &points))),
    );
}

/// The same pairs, each line tested against every wall (one shot's way).
fn every_wall(c: &mut Criterion) {
    let (layout, points) = map();
    c.bench_function("sight and cover, all pairs, every wall tested", |b| {
        b.iter(|| {
            let mut seen = 0u32;
            for (i, &a) in points.iter().enumerate() {
                for (j, &t) in points.iter().enumerate() {
                    if i != j && layout.line_of_fire(black_box(a), black_box(t)).is_some() {
                        seen += 1;
                    }
                }
            }
            black_box(seen)
        });
    });
}

criterion_group!(benches, sight_and_cover, table, every_wall);
criterion_main!(benches);
