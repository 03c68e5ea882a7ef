//! Validation of the exact odds against the engine: shots fired through
//! `Command::Fire` with seeded dice land as often, and hurt as much, as
//! `odds::shot_odds` says, by a chi-square test over the whole distribution
//! of damage to health and a binomial bound on hits. The significance is
//! strict (1 in 10,000) and the seed fixed, so the test never flakes; a
//! wrong rule on either side (a cover, the armor's coverage, a shield) moves
//! the frequencies far past it, as the last assertions show.

use nanite_compound_x::FireMode;
use nanite_compound_x::combat::{Aim, Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Event};
use nanite_compound_x::odds::shot_odds;
use nanite_core::{ClockCommand, CombatantId, Game, Ruleset, ScriptedDice, SeededDice};

use super::arena::{RAIDER, VEX, fighter};
use super::support::edit;

/// The normal quantile of 1 - 1e-4 (one-sided).
const Z: f64 = 3.719_016_485;

/// The chi-square critical value at 1e-4 for `df` degrees of freedom
/// (Wilson and Hilferty's cube approximation, close for df >= 1).
fn chi_square_critical(df: usize) -> f64 {
    let k = df as f64;
    let a = 2.0 / (9.0 * k);
    k * (1.0 - a + Z * a.sqrt()).powi(3)
}

/// Pearson's chi-square of observed counts against a distribution, adjacent
/// outcomes pooled until each bin expects at least 5; (statistic, df).
fn chi_square(observed: &[(i64, u64)], expected: &[(i64, f64)], n: u64) -> (f64, usize) {
    let count = |v: i64| {
        observed
            .iter()
            .find(|(o, _)| *o == v)
            .map_or(0, |(_, k)| *k)
    };
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut e, mut o) = (0.0, 0.0);
    for (v, p) in expected {
        e += p * n as f64;
        o += count(*v) as f64;
        if e >= 5.0 {
            bins.push((o, e));
            (e, o) = (0.0, 0.0);
        }
    }
    if let Some(last) = bins.last_mut() {
        last.0 += o;
        last.1 += e;
    }
    // Every observed outcome must be possible.
    let possible: u64 = expected.iter().map(|(v, _)| count(*v)).sum();
    assert_eq!(
        possible, n,
        "the engine dealt damage the odds call impossible"
    );
    let stat = bins.iter().map(|(o, e)| (o - e).powi(2) / e).sum();
    (stat, bins.len().saturating_sub(1).max(1))
}

/// Shots of `shooter` at `target` (partial cover, crouched, 12 m), aimed,
/// fired through the engine from the same moment each time: (hits, damage
/// to health counted by amount).
fn fire_through_engine(shooter: &Fighter, target: &Fighter, n: u64) -> (u64, Vec<(i64, u64)>) {
    let (a, b) = (CombatantId::from("shooter"), CombatantId::from("target"));
    let mut game: Game<CompoundX> = Game::new(Battle::new());
    let mut none = ScriptedDice::new([]);
    for (id, side, f, cover, stance) in [
        (&a, "one", shooter, Cover::None, Stance::Standing),
        (&b, "two", target, Cover::Partial, Stance::Crouched),
    ] {
        let add = Command::Add {
            id: id.clone(),
            side: side.into(),
            hidden: false,
            fighter: Box::new(f.clone()),
            cover,
            stance,
        };
        game.execute(&add, &mut none).unwrap();
    }
    for (id, total) in [(&a, 90), (&b, 10)] {
        let set = Command::Clock(ClockCommand::SetInitiative {
            id: id.clone(),
            total,
        });
        game.execute(&set, &mut none).unwrap();
    }
    for c in [
        Command::Distance {
            a: a.clone(),
            b: b.clone(),
            metres: 12,
        },
        Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        Command::Aim { id: a.clone() },
    ] {
        game.execute(&c, &mut none).unwrap();
    }
    let base = game.state().clone();
    let fire = Command::Fire {
        id: a,
        target: b,
        weapon: 0,
        mode: FireMode::Semi,
        fire: None,
        distance: None,
        cover: None,
    };
    let mut dice = SeededDice::new(2026);
    let (mut hits, mut damage) = (0, std::collections::BTreeMap::<i64, u64>::new());
    for _ in 0..n {
        let events = CompoundX::decide(&base, &fire, &mut dice).unwrap();
        let shot = events
            .iter()
            .find_map(|e| match e {
                Event::Shot { shot, .. } => Some(shot),
                _ => None,
            })
            .expect("a fire command fires a shot");
        hits += u64::from(shot.hit);
        *damage
            .entry(shot.strike.as_ref().map_or(0, |s| s.health))
            .or_default() += 1;
    }
    (hits, damage.into_iter().collect())
}

fn aim(cover: Cover) -> Aim {
    Aim {
        cover,
        stance: Stance::Crouched,
        ..Aim::aimed(12)
    }
}

#[test]
fn the_engines_hits_and_damage_agree_with_the_exact_odds() {
    // rule: CX-RNG-01
    // rule: CX-RNG-04
    // rule: CX-RNG-07
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    // rule: CX-DMG-03
    // rule: CX-DMG-05
    // rule: CX-DMG-06
    let weapon = |id: &str| {
        edit(
            VEX,
            &[
                ("id = \"smg\"", &format!("id = \"{id}\"")),
                ("attachments = [\"dot-sight\"]", "attachments = []"),
            ],
        )
    };
    // Ballistic into armor, plasma into a shield and armor, laser into a
    // shield; the targets are Vex (flak jacket, CS-1 shield) and the raider
    // (padded vest, no shield).
    let cases = [
        ("smg", VEX.to_string(), RAIDER),
        ("smg", VEX.to_string(), VEX),
        ("plasma-rifle", weapon("plasma-rifle"), VEX),
        ("laser-rifle", weapon("laser-rifle"), VEX),
    ];
    let n = 20_000;
    for (name, shooter, target) in cases {
        let (shooter, target) = (fighter(&shooter), fighter(target));
        let mut loaded = shooter.clone();
        loaded.weapons[0].loaded = loaded.weapons[0].magazine;
        let exact = shot_odds(&loaded, &target, &aim(Cover::Partial)).unwrap();
        let (hits, damage) = fire_through_engine(&shooter, &target, n);
        // Hits: within Z standard deviations of the exact chance.
        let sd = (n as f64 * exact.hit * (1.0 - exact.hit)).sqrt();
        let off = (hits as f64 - n as f64 * exact.hit).abs();
        assert!(
            off <= Z * sd,
            "{name}: {hits} hits of {n}, expected {}",
            exact.hit
        );
        // Damage: the whole distribution.
        let (stat, df) = chi_square(&damage, &exact.damage, n);
        assert!(
            stat < chi_square_critical(df),
            "{name}: chi-square {stat:.1} on {df} df, critical {:.1}",
            chi_square_critical(df)
        );
        // The same test rejects the odds of a wrong rule: cover forgotten
        // (CX-RNG-04), or every hit taken on the body.
        let wrong_cover = shot_odds(&loaded, &target, &aim(Cover::None)).unwrap();
        let (stat, df) = chi_square(&damage, &wrong_cover.damage, n);
        assert!(
            stat > chi_square_critical(df),
            "{name}: a forgotten cover passed"
        );
        let mut bare = target.clone();
        bare.armor = None;
        let wrong_armor = shot_odds(&loaded, &bare, &aim(Cover::Partial)).unwrap();
        if wrong_armor.damage != exact.damage {
            let (stat, df) = chi_square_lenient(&damage, &wrong_armor.damage, n);
            assert!(stat > chi_square_critical(df), "{name}: no armor passed");
        }
    }
}

/// As [`chi_square`], for a distribution that may call observed outcomes
/// impossible (they count against it, as a bin expecting almost nothing).
fn chi_square_lenient(observed: &[(i64, u64)], expected: &[(i64, f64)], n: u64) -> (f64, usize) {
    let seen: u64 = observed
        .iter()
        .filter(|(v, _)| expected.iter().any(|(e, _)| e == v))
        .map(|(_, k)| k)
        .sum();
    if seen < n {
        // Outcomes the wrong rule cannot produce: rejected outright.
        return (f64::INFINITY, 1);
    }
    chi_square(observed, expected, n)
}
