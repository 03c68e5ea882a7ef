//! Speed of the Station geometry and of a whole automated turn: line of sight
//! over a scenario map, a path across it, the automated GM's deployment
//! choice; and whole simulated games (scripted players against the
//! automated GM), as games (elements) per second, on 1 and 2 threads.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nanite_station::autogm;
use nanite_station::map::{Pos, line_of_sight, path};
use nanite_station::sim::{MAX_TURNS, Setup, SimOptions, play, run_seed, simulate};
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

fn lab() -> State {
    let pack = Arc::new(Pack::sample());
    let text = include_str!("../../../examples/station/derelict-lab.txt");
    let (s, _) = scenario::parse("derelict-lab.txt", text, &pack);
    State::new(pack, Arc::new(s.expect("the sample scenario"))).expect("setup")
}

fn games(c: &mut Criterion) {
    for (name, state) in [("derelict lab", lab()), ("outpost siege", outpost())] {
        let setup = Setup::new(state).expect("a setup");
        let mut group = c.benchmark_group(format!("station {name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(1));
        let mut i = 0;
        group.bench_function("one game", |b| {
            b.iter(|| {
                i += 1;
                play(black_box(&setup), run_seed(5, i), MAX_TURNS)
            });
        });
        let runs = 40;
        group.throughput(Throughput::Elements(runs));
        for threads in [1, 2] {
            let options = SimOptions {
                runs,
                seed: 5,
                threads,
                max_rounds: MAX_TURNS,
            };
            group.bench_function(format!("{runs} games on {threads} thread(s)"), |b| {
                b.iter(|| simulate(black_box(&setup), &options, &|_| {}));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, geometry, games);
criterion_main!(benches);
