//! Benchmark: a character's full odds table, exactly (every weapon, fire,
//! mode and bracket, against every cover and stance of the target), as
//! `nanite cx odds --cover all --stance all` computes it.
//!
//! Target (issue 10): under 10 ms for a full table.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use nanite_compound_x::odds::{ALL_COVERS, ALL_STANCES, TableSpec, odds_table};

mod support;
use support::{fighter, pack};

fn tables(c: &mut Criterion) {
    let pack = pack();
    let raider = fighter(
        &pack,
        include_str!("../../../examples/compound-x/raider.toml"),
    );
    let vex = fighter(&pack, include_str!("../../../examples/compound-x/vex.toml"));
    let full = TableSpec {
        covers: ALL_COVERS.to_vec(),
        stances: ALL_STANCES.to_vec(),
        ..TableSpec::default()
    };
    let mut group = c.benchmark_group("odds table");
    for (name, shooter, target) in [
        ("raider at vex", &raider, &vex),
        ("vex at raider", &vex, &raider),
    ] {
        let lines = odds_table(shooter, target, &full).unwrap().len();
        group.bench_function(
            format!("{name}, every cover and stance ({lines} shots)"),
            |b| {
                b.iter(|| odds_table(black_box(shooter), black_box(target), &full).unwrap());
            },
        );
    }
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
