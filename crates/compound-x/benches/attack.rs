//! Benchmark: full ranged attacks with seeded dice (accuracy, critical, jam
//! check, armor roll, APL and armor points, shields, damage).
//!
//! Target (issue 4): at least 5 million attacks per second on one core.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nanite_compound_x::Pack;
use nanite_compound_x::combat::{Aim, Cover, Fighter, Stance, shoot};
use nanite_dice::{Roller, SeededDice};

mod support;
use support::{fighter, pack};

/// Vex with `weapon` in place of her SMG, and no attachment.
fn armed(pack: &Pack, weapon: &str) -> Fighter {
    let text = include_str!("../../../examples/compound-x/vex.toml")
        .replace("id = \"smg\"", &format!("id = \"{weapon}\""))
        .replace("attachments = [\"dot-sight\"]", "attachments = []");
    fighter(pack, &text)
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
        let attacker = armed(&pack, weapon);
        let fresh = armed(&pack, "smg");
        let aim = Aim {
            cover: Cover::Partial,
            stance: Stance::Crouched,
            ..Aim::aimed(12)
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
