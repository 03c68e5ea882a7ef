//! Exact odds of shots, checked against the rules' arithmetic and against
//! the resolution itself: a seeded simulation of the same shots agrees with
//! the exact figures (a wrong rule in either would show).

use nanite_compound_x::combat::{Aim, Cover, Fighter, Fire, Stance, shoot};
use nanite_compound_x::odds::shot_odds;
use nanite_compound_x::{FireMode, Sheet};
use nanite_dice::{Roller, SeededDice};

use super::support::{character, edit, sample};

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");
const RAIDER: &str = include_str!("../../../../examples/compound-x/raider.toml");

fn fighter(text: &str) -> Fighter {
    Fighter::from_sheet(&Sheet::compute(&character(text), sample()), sample())
}

fn aim(distance: i64, cover: Cover) -> Aim {
    Aim {
        cover,
        ..Aim::aimed(distance)
    }
}

#[test]
fn the_chance_to_hit_is_the_faces_above_the_miss_chance() {
    // rule: CX-RNG-01
    // rule: CX-RNG-07
    // rule: CX-RNG-08
    let (vex, raider) = (fighter(VEX), fighter(RAIDER));
    // The SMG's aimed rows are 3/4/5; cover adds 0/2/4.
    let cases = [
        (5, Cover::None, 3, 0.7),
        (15, Cover::None, 4, 0.6),
        (15, Cover::Partial, 6, 0.4),
        (30, Cover::Full, 9, 0.1),
    ];
    for (distance, cover, mc, hit) in cases {
        let odds = shot_odds(&vex, &raider, &aim(distance, cover)).unwrap();
        assert_eq!(odds.miss_chance, mc);
        assert!(
            (odds.hit - hit).abs() < 1e-12,
            "{distance} m {cover:?}: {}",
            odds.hit
        );
        // Vex's LUCK 6 crits on a 10 only; a raw 1 then 1-2 jams.
        assert!((odds.critical - 0.1).abs() < 1e-12);
        assert!((odds.jam - 0.02).abs() < 1e-12);
        let total: f64 = odds.damage.iter().map(|(_, p)| p).sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "probabilities sum to 1: {total}"
        );
        // No damage: every miss, and hits the armor stopped.
        assert_eq!(odds.damage[0].0, 0);
        assert!(odds.damage[0].1 >= 1.0 - hit - 1e-9);
    }
}

#[test]
fn a_simulation_agrees_with_the_exact_odds() {
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    // rule: CX-DMG-03
    let plasma = edit(
        VEX,
        &[
            ("id = \"smg\"", "id = \"plasma-rifle\""),
            ("attachments = [\"dot-sight\"]", "attachments = []"),
        ],
    );
    let laser = edit(
        VEX,
        &[
            ("id = \"smg\"", "id = \"laser-rifle\""),
            ("attachments = [\"dot-sight\"]", "attachments = []"),
        ],
    );
    // Shooters: the SMG (ballistic), a plasma rifle and a laser rifle, at
    // Vex in a flak jacket behind a CS-1 shield.
    for shooter in [VEX.to_string(), plasma, laser] {
        let attacker = fighter(&shooter);
        let target = fighter(VEX);
        let a = aim(12, Cover::Partial);
        let odds = shot_odds(&attacker, &target, &a).unwrap();
        let mut dice = SeededDice::new(11);
        let mut roller = Roller::new();
        let runs = 50_000;
        let (mut hits, mut total) = (0u32, 0i64);
        for _ in 0..runs {
            let mut fresh = attacker.clone();
            fresh.weapons[0].loaded = fresh.weapons[0].magazine;
            let shot = shoot(&fresh, &target, &a, &mut roller, &mut dice)
                .unwrap()
                .unwrap();
            hits += u32::from(shot.hit);
            total += shot.strike.map_or(0, |s| s.health);
        }
        let hit_rate = f64::from(hits) / f64::from(runs);
        let mean = total as f64 / f64::from(runs);
        let var: f64 = odds
            .damage
            .iter()
            .map(|(d, p)| (*d as f64 - odds.expected).powi(2) * p)
            .sum();
        let se = (var / f64::from(runs)).sqrt();
        assert!(
            (hit_rate - odds.hit).abs() < 0.01,
            "{}: hit {hit_rate} vs {}",
            attacker.weapons[0].name,
            odds.hit
        );
        assert!(
            (mean - odds.expected).abs() < 4.0 * se + 1e-9,
            "{}: mean damage {mean} vs exact {} (se {se})",
            attacker.weapons[0].name,
            odds.expected
        );
    }
}

#[test]
fn the_table_covers_every_bracket_fire_mode_cover_and_stance() {
    // rule: CX-RNG-02
    // rule: CX-RNG-04
    // rule: CX-RNG-05
    // rule: CX-RNG-06
    use nanite_compound_x::odds::{ALL_COVERS, ALL_STANCES, TableSpec, odds_table};
    let (raider, vex) = (fighter(RAIDER), fighter(VEX));
    let spec = TableSpec {
        covers: ALL_COVERS.to_vec(),
        stances: ALL_STANCES.to_vec(),
        ..TableSpec::default()
    };
    let table = odds_table(&raider, &vex, &spec).unwrap();
    // The AR-7 (0-15/16-40/41-80 m) fires aimed, hip and blind in each of
    // its modes; the knife only strikes. Every line is also a shot the
    // engine's own odds give the same numbers for.
    let ar = &raider.weapons[0];
    let modes = [FireMode::Semi, FireMode::Burst, FireMode::Auto]
        .into_iter()
        .filter(|m| ar.has_mode(*m))
        .count();
    let expected = 3 * modes * ar.brackets.len() * ALL_COVERS.len() * ALL_STANCES.len();
    let ar_lines: Vec<_> = table.iter().filter(|l| l.weapon_index == 0).collect();
    assert_eq!(ar_lines.len(), expected);
    for l in &ar_lines {
        assert_eq!(l.distance, ar.brackets[l.bracket].to);
        let aim = Aim {
            weapon: 0,
            mode: l.mode,
            fire: l.fire,
            distance: l.distance,
            cover: l.cover,
            stance: l.stance,
            ..aim(l.distance, l.cover)
        };
        let mut loaded = raider.clone();
        loaded.weapons[0].loaded = loaded.weapons[0].magazine;
        let single = shot_odds(&loaded, &vex, &aim).unwrap();
        assert_eq!(single.miss_chance, l.odds.miss_chance);
        assert_eq!(single.damage, l.odds.damage);
    }
    // Full cover and hunkering cost 4 + 2 over standing in the open.
    let at = |cover, stance| {
        ar_lines
            .iter()
            .find(|l| {
                l.cover == cover
                    && l.stance == stance
                    && l.fire == Fire::Aimed
                    && l.mode == FireMode::Semi
                    && l.bracket == 1
            })
            .unwrap()
            .odds
            .miss_chance
    };
    assert_eq!(
        at(Cover::Full, Stance::Hunkered) - at(Cover::None, Stance::Standing),
        6
    );
    // Hip fire is +3, blind +6 on the base (less PER and LUCK bonuses).
    let fire_at = |fire| {
        ar_lines
            .iter()
            .find(|l| {
                l.cover == Cover::None
                    && l.stance == Stance::Standing
                    && l.fire == fire
                    && l.mode == FireMode::Semi
                    && l.bracket == 0
            })
            .map(|l| l.odds.miss_chance)
    };
    assert_eq!(
        fire_at(Fire::Hip).unwrap() - fire_at(Fire::Aimed).unwrap(),
        3
    );
    assert!(fire_at(Fire::Blind).unwrap() > fire_at(Fire::Hip).unwrap());
    // rule: CX-RNG-05
    // Vex's SMG has a Dot Sight: hip fire is listed, from the hip row that
    // leaves the optic out (semi 6/7/8: base 4/5/6 + 3 - 1 for PER and
    // Steady Aim, against aimed 3/4/5 with the sight).
    let vex_table = odds_table(&vex, &raider, &TableSpec::default()).unwrap();
    let vex_semi = |fire| -> Vec<i64> {
        vex_table
            .iter()
            .filter(|l| {
                l.weapon_index == 0
                    && l.fire == fire
                    && l.mode == FireMode::Semi
                    && l.cover == Cover::None
                    && l.stance == Stance::Standing
            })
            .map(|l| l.odds.miss_chance)
            .collect()
    };
    assert_eq!(vex_semi(Fire::Hip), [6, 7, 8]);
    assert_eq!(vex_semi(Fire::Aimed), [3, 4, 5]);
}
