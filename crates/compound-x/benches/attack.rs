//! Benchmark: full ranged attacks with seeded dice (accuracy, critical, jam
//! check, armor roll, APL and armor points, shields, damage).
//!
//! Target (issue 4): at least 5 million attacks per second on one core.

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

/// Puts a felled target back on its feet without cloning its whole sheet
/// (skills and names), so the benchmark measures attacks, not resets.
fn refresh(target: &mut Fighter, fresh: &Fighter) {
    target.hp = fresh.hp;
    target.dead = false;
    target.armor.clone_from(&fresh.armor);
    if let (Some(s), Some(f)) = (target.shield.as_mut(), fresh.shield.as_ref()) {
        s.strength = f.strength;
        s.waited = 0;
    }
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
        let mut shooter = attacker;
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
                            refresh(&mut target, &fresh);
                        }
                    }
                    // Out of rounds or jammed: a fresh magazine, the jam cleared.
                    Err(_) => {
                        let w = &mut shooter.weapons[0];
                        w.loaded = w.magazine;
                        w.jammed = false;
                    }
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, attacks);
criterion_main!(benches);
