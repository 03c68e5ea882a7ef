//! Speed of the Station geometry and of a whole automated turn: line of sight
//! over a scenario map, a path across it, the automated GM's deployment choice.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use nanite_station::autogm;
use nanite_station::map::{Pos, line_of_sight, path};
use nanite_station::{Pack, State, scenario};

fn outpost() -> State {
    let pack = Arc::new(Pack::sample());
    let text = include_str!("../../../examples/station/outpost-siege.txt");
    let (s, _) = scenario::parse("outpost-siege.txt", text, &pack);
    State::new(pack, Arc::new(s.expect("the sample scenario"))).expect("setup")
}

fn geometry(c: &mut Criterion) {
    let state = outpost();
    let squares: Vec<Pos> = state.grid().floor().collect();
    c.bench_function("line of sight, every floor square from the start", |b| {
        b.iter(|| {
            squares
                .iter()
                .filter(|p| line_of_sight(&state, Pos::new(1, 1), black_box(**p)))
                .count()
        });
    });
    c.bench_function("path across the outpost", |b| {
        b.iter(|| {
            path(
                &state,
                black_box(Pos::new(1, 1)),
                black_box(Pos::new(16, 4)),
            )
        });
    });
    c.bench_function("the automated GM's best deployment", |b| {
        b.iter(|| autogm::best_deployment(black_box(&state)));
    });
}

criterion_group!(benches, geometry);
criterion_main!(benches);
