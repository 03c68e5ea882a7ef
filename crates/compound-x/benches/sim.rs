//! Benchmark: whole simulated 4-against-4 Compound X fights through the
//! real engine, one at a time and in parallel on 1 and 2 threads.
//!
//! Targets (issue 10): at least 20,000 fights per second on a 2-core
//! machine, and a speed-up of at least 1.8x from 1 to 2 threads. The
//! throughput is reported as fights (elements) per second.
//!
//! And the same fight on a battle map (issue 24), the warehouse of the
//! examples: the policies' sight, cover spots and ways around the walls
//! cost what they cost (no target; reported).
//!
//! For an instruction profile, `NANITE_SIM_FIGHTS=N` plays fights 1..=N of
//! seed 5 on this thread and exits without criterion, e.g.
//! `NANITE_SIM_FIGHTS=100 valgrind --tool=callgrind target/release/deps/sim-*`;
//! the instructions of `N=0` (loading the pack) subtracted, divided by `N`,
//! give the instructions of a fight. With `NANITE_SIM_THREADS=T` too, it
//! plays them through `simulate` on `T` threads instead.

use std::hint::black_box;

/// mimalloc, as in the `nanite` binary: a fight allocates many small,
/// short-lived values, which it serves faster than the system allocator
/// and from per-thread heaps, so the threads do not contend.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group};
use nanite_compound_x::Pack;
use nanite_compound_x::combat::{Cover, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Layout, Point};
use nanite_compound_x::encounter_file::read_map;
use nanite_compound_x::sim::{MAX_ROUNDS, Setup, SimOptions, play, run_seed, simulate};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, Game, ScriptedDice};

mod support;
use support::{fighter, pack};

/// Four of Vex's crew against two raiders and two scavs, 15 to 21 m apart.
fn four_against_four(pack: &Pack) -> Setup {
    let vex = fighter(pack, include_str!("../../../examples/compound-x/vex.toml"));
    let raider = fighter(
        pack,
        include_str!("../../../examples/compound-x/raider.toml"),
    );
    let scav = fighter(pack, include_str!("../../../examples/compound-x/scav.toml"));
    let cast = [
        ("vex-1", "crew", &vex, Cover::Partial),
        ("vex-2", "crew", &vex, Cover::None),
        ("vex-3", "crew", &vex, Cover::None),
        ("vex-4", "crew", &vex, Cover::Partial),
        ("raider-1", "raiders", &raider, Cover::None),
        ("raider-2", "raiders", &raider, Cover::Partial),
        ("scav-1", "raiders", &scav, Cover::Full),
        ("scav-2", "raiders", &scav, Cover::None),
    ];
    let mut game: Game<CompoundX> = Game::new(Battle::new());
    let mut none = ScriptedDice::new([]);
    for (who, side, f, cover) in &cast {
        let add = Command::Add {
            id: CombatantId::from(*who),
            side: (*side).into(),
            hidden: false,
            fighter: Box::new((*f).clone()),
            cover: *cover,
            stance: Stance::Standing,
        };
        game.execute(&add, &mut none).unwrap();
    }
    let mut extra = 0;
    for (i, (a, side_a, ..)) in cast.iter().enumerate() {
        for (b, side_b, ..) in &cast[i + 1..] {
            if side_a != side_b {
                let set = Command::Distance {
                    a: CombatantId::from(*a),
                    b: CombatantId::from(*b),
                    metres: 15 + extra % 7,
                };
                game.execute(&set, &mut none).unwrap();
                extra += 1;
            }
        }
    }
    Setup::new(game.state().clone()).unwrap()
}

/// The four against four on the warehouse map of the examples
/// (examples/compound-x/warehouse-map.toml): the crew west of the office
/// wall (its door closed), the raiders and scavs east of it, by the crates
/// and the pillar. Placing measures every distance anew.
fn on_the_warehouse_map(pack: &Pack) -> Setup {
    let layout = warehouse_layout();
    let mut game: Game<CompoundX> = Game::new(four_against_four(pack).battle().clone());
    let mut none = ScriptedDice::new([]);
    game.execute(&Command::Map { layout }, &mut none).unwrap();
    for (who, at) in [
        ("vex-1", Point::metres(7, 9)),
        ("vex-2", Point::metres(5, 4)),
        ("vex-3", Point::metres(4, 15)),
        ("vex-4", Point::metres(8, 18)),
        ("raider-1", Point::new(225, 50)),
        ("raider-2", Point::metres(26, 17)),
        ("scav-1", Point::metres(18, 16)),
        ("scav-2", Point::metres(27, 9)),
    ] {
        let place = Command::Place {
            id: CombatantId::from(who),
            at,
        };
        game.execute(&place, &mut none).unwrap();
    }
    Setup::new(game.state().clone()).unwrap()
}

/// The walls of the warehouse map of the examples, read from its file.
fn warehouse_layout() -> Layout {
    let text = include_str!("../../../examples/compound-x/warehouse-map.toml");
    let known = [CombatantId::from("vex"), CombatantId::from("raider")];
    let (map, found) = read_map(&SourceFile::new("warehouse-map.toml", text), &known);
    map.unwrap_or_else(|| panic!("{found:?}")).layout
}

/// Fights of `setup` one after another, each with the next seed, as one
/// fight (element) at a time.
fn one_fight_at_a_time(group: &mut BenchmarkGroup<'_, WallTime>, setup: &Setup) {
    group.throughput(Throughput::Elements(1));
    let mut i = 0;
    group.bench_function("one fight", |b| {
        b.iter(|| {
            i += 1;
            play(black_box(setup), run_seed(5, i), MAX_ROUNDS)
        });
    });
}

fn fights(c: &mut Criterion) {
    let setup = four_against_four(&pack());
    let mut group = c.benchmark_group("4 against 4");
    group.sample_size(10);
    one_fight_at_a_time(&mut group, &setup);
    let runs = 200;
    group.throughput(Throughput::Elements(runs));
    for threads in [1, 2] {
        let options = SimOptions {
            runs,
            seed: 5,
            threads,
            max_rounds: MAX_ROUNDS,
        };
        group.bench_function(format!("{runs} fights on {threads} thread(s)"), |b| {
            b.iter(|| simulate(black_box(&setup), &options, &|_| {}));
        });
    }
    group.finish();
    let mapped = on_the_warehouse_map(&pack());
    let mut group = c.benchmark_group("4 against 4 on a map");
    group.sample_size(10);
    one_fight_at_a_time(&mut group, &mapped);
    group.finish();
}

/// Plays `NANITE_SIM_FIGHTS` fights for a profiler, if set; true if it did.
fn profile_only() -> bool {
    let Some(n) = std::env::var("NANITE_SIM_FIGHTS")
        .ok()
        .and_then(|n| n.parse::<u64>().ok())
    else {
        return false;
    };
    let setup = four_against_four(&pack());
    match std::env::var("NANITE_SIM_THREADS").map(|t| t.parse::<usize>()) {
        Ok(Ok(threads)) => {
            let options = SimOptions {
                runs: n,
                seed: 5,
                threads,
                max_rounds: MAX_ROUNDS,
            };
            black_box(simulate(&setup, &options, &|_| {}));
        }
        _ => {
            let mut rounds = 0;
            for i in 1..=n {
                rounds += play(&setup, run_seed(5, i), MAX_ROUNDS).rounds;
            }
            black_box(rounds);
        }
    }
    true
}

criterion_group!(benches, fights);

fn main() {
    if !profile_only() {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
