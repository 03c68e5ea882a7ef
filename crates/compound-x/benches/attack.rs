//! Benchmark: full ranged attacks with seeded dice (accuracy, critical, jam
//! check, armor roll, APL and armor points, shields, damage, conditions).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nanite_compound_x::combat::{Aim, Cover, Fighter, Fire, Stance, shoot};
use nanite_compound_x::{Character, FireMode, Pack, Sheet};
use nanite_core::content::SourceFile;
use nanite_dice::{Roller, SeededDice};

fn pack() -> Pack {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/compound-x");
    let files: Vec<SourceFile> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            SourceFile::new(name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    let (pack, found) = Pack::load(&files);
    assert!(!found.has_errors(), "{found}");
    pack
}

fn fighter(pack: &Pack, weapon: &str) -> Fighter {
    let text = include_str!("../../../examples/compound-x/vex.toml")
        .replace("id = \"smg\"", &format!("id = \"{weapon}\""))
        .replace("attachments = [\"dot-sight\"]", "attachments = []");
    let (character, found) = Character::read(&SourceFile::new("vex.toml", text));
    assert!(!found.has_errors(), "{found}");
    Fighter::from_sheet(&Sheet::compute(&character, pack), pack)
}

fn attacks(c: &mut Criterion) {
    let pack = pack();
    let mut group = c.benchmark_group("ranged attack");
    group.throughput(Throughput::Elements(1));
    for weapon in ["smg", "plasma-rifle", "laser-rifle"] {
        let attacker = fighter(&pack, weapon);
        let fresh = fighter(&pack, "smg");
        let aim = Aim {
            weapon: 0,
            mode: FireMode::Semi,
            fire: Fire::Aimed,
            distance: 12,
            cover: Cover::Partial,
            stance: Stance::Crouched,
            shooter_stance: Stance::Standing,
            suppressed: false,
            sprinting: false,
            stealth: false,
            condition: 0,
            no_crits: false,
        };
        let mut target = fresh.clone();
        let mut shooter = attacker.clone();
        let mut roller = Roller::new();
        let mut dice = SeededDice::new(7);
        group.bench_function(weapon, |b| {
            b.iter(|| {
                let shot = shoot(&shooter, &target, black_box(&aim), &mut roller, &mut dice)
                    .expect("seeded dice never fail");
                match shot {
                    Ok(shot) => {
                        shooter.fired(0, shot.rounds, shot.jammed);
                        if let Some(strike) = &shot.strike {
                            target.take(strike);
                        }
                        if target.hp <= 0 {
                            target.clone_from(&fresh);
                        }
                    }
                    // Out of rounds or jammed: a fresh weapon.
                    Err(_) => shooter.clone_from(&attacker),
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, attacks);
criterion_main!(benches);
