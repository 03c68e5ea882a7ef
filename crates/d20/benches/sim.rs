//! Benchmark: whole simulated D20 fights through the real engine (the ford
//! ambush on a map, 3 against 2, and the cellar brawl in rows, 2 against 2),
//! one at a time and in parallel on 1 and 2 threads. The throughput is
//! reported as fights (elements) per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, Game, ScriptedDice};
use nanite_d20::encounter::{Battle, Command, D20, Field, Fighter, Place, Row, Square};
use nanite_d20::sim::{MAX_ROUNDS, Setup, SimOptions, play, run_seed, simulate};
use nanite_d20::{Campaign, Character, InitiativeBy, InitiativeReroll, Pack};

/// The built-in sample pack; panics on any error in it.
fn pack() -> Pack {
    let (pack, found) = Pack::load(&Pack::sample_files());
    assert!(!found.has_errors(), "{found}");
    pack
}

fn fighter(pack: &Pack, campaign: &Campaign, name: &str) -> Fighter {
    let path = format!(
        "{}/../../examples/d20/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let (character, found) = Character::read(&SourceFile::new(format!("{name}.toml"), text));
    assert!(!found.has_errors(), "{found}");
    Fighter::new(&character, pack, campaign)
}

fn setup(campaign: Campaign, field: Field, cast: &[(&str, &str, Place)]) -> Setup {
    let pack = pack();
    let mut game: Game<D20> = Game::new(Battle::new(campaign.clone(), field));
    for (who, side, place) in cast {
        let add = Command::Add {
            id: CombatantId::from(*who),
            side: (*side).into(),
            hidden: false,
            fighter: Box::new(fighter(&pack, &campaign, who)),
            place: *place,
        };
        game.execute(&add, &mut ScriptedDice::new([])).unwrap();
    }
    Setup::new(game.state().clone()).unwrap()
}

fn at(x: i64, y: i64) -> Place {
    Place::Square(Square { x, y })
}

/// examples/d20/ford-ambush.toml.
fn ford() -> Setup {
    setup(
        Campaign {
            reroll: InitiativeReroll::Kept,
            ..Campaign::default()
        },
        Field::Map {
            width: 10,
            height: 8,
        },
        &[
            ("kara", "travellers", at(2, 4)),
            ("bram", "travellers", at(3, 5)),
            ("ilsa", "travellers", at(1, 5)),
            ("raider", "bandits", at(7, 3)),
            ("brute", "bandits", at(6, 5)),
        ],
    )
}

/// examples/d20/cellar-brawl.toml.
fn cellar() -> Setup {
    setup(
        Campaign {
            initiative: InitiativeBy::Side,
            ..Campaign::default()
        },
        Field::Rows,
        &[
            ("orun", "heroes", Place::Row(Row::Front)),
            ("kara", "heroes", Place::Row(Row::Back)),
            ("brute", "smugglers", Place::Row(Row::Front)),
            ("raider", "smugglers", Place::Row(Row::Back)),
        ],
    )
}

fn fights(c: &mut Criterion) {
    for (name, setup) in [("ford ambush", ford()), ("cellar brawl", cellar())] {
        let mut group = c.benchmark_group(format!("d20 {name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(1));
        let mut i = 0;
        group.bench_function("one fight", |b| {
            b.iter(|| {
                i += 1;
                play(black_box(&setup), run_seed(5, i), MAX_ROUNDS)
            });
        });
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
    }
}

criterion_group!(benches, fights);
criterion_main!(benches);
