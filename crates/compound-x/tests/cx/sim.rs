//! The encounter simulator: whole fights from a setup through the real
//! engine, reproducible for a seed whatever the thread count, with Wilson
//! intervals and setups it refuses with a reason.

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX};
use nanite_compound_x::sim::{
    ALLY_METRES, Loss, Setup, SetupError, SimOptions, play, run_seed, simulate, wilson,
};
use nanite_core::{CombatantId, Game, ScriptedDice};

use super::arena::{RAIDER, VEX, fighter};

const SCAV: &str = include_str!("../../../../examples/compound-x/scav.toml");

/// A battle of `cast` (id, side, fighter, cover), enemies `metres` apart
/// (each pair a little farther than the last), allies unset.
pub(crate) fn battle(cast: &[(&str, &str, Fighter, Cover)], metres: i64) -> Battle {
    let mut game: Game<CompoundX> = Game::new(Battle::new());
    let mut none = ScriptedDice::new([]);
    for (who, side, f, cover) in cast {
        game.execute(
            &Command::Add {
                id: CombatantId::from(*who),
                side: (*side).into(),
                hidden: false,
                fighter: Box::new(f.clone()),
                cover: *cover,
                stance: Stance::Standing,
            },
            &mut none,
        )
        .unwrap();
    }
    let mut extra = 0;
    for (i, (a, side_a, ..)) in cast.iter().enumerate() {
        for (b, side_b, ..) in &cast[i + 1..] {
            if side_a != side_b {
                game.execute(
                    &Command::Distance {
                        a: CombatantId::from(*a),
                        b: CombatantId::from(*b),
                        metres: metres + extra % 7,
                    },
                    &mut none,
                )
                .unwrap();
                extra += 1;
            }
        }
    }
    game.state().clone()
}

/// Four of Vex's crew against two raiders and two scavs, 15 m and more apart.
pub(crate) fn four_against_four() -> Setup {
    let (vex, raider, scav) = (fighter(VEX), fighter(RAIDER), fighter(SCAV));
    let cast = [
        ("vex-1", "crew", vex.clone(), Cover::Partial),
        ("vex-2", "crew", vex.clone(), Cover::None),
        ("vex-3", "crew", vex.clone(), Cover::None),
        ("vex-4", "crew", vex, Cover::Partial),
        ("raider-1", "raiders", raider.clone(), Cover::None),
        ("raider-2", "raiders", raider, Cover::Partial),
        ("scav-1", "raiders", scav.clone(), Cover::Full),
        ("scav-2", "raiders", scav, Cover::None),
    ];
    Setup::new(battle(&cast, 15)).unwrap()
}

#[test]
fn fights_end_and_policies_choose_only_legal_commands() {
    // rule: CX-TURN-08
    let setup = four_against_four();
    for i in 0..40 {
        let fight = play(&setup, run_seed(42, i), 50);
        assert_eq!(
            fight.refused, 0,
            "run {i}: the engine refused a policy's command"
        );
        assert!(fight.shots > 0, "run {i}: nobody fired");
        assert!((1..=50).contains(&fight.rounds));
        // The loser has nobody left who can fight.
        let crew_lost = fight
            .losses
            .iter()
            .filter(|(id, _)| id.as_str().starts_with("vex"))
            .count();
        let raiders_lost = fight.losses.len() - crew_lost;
        match fight.winner.as_deref() {
            Some("crew") => assert_eq!(raiders_lost, 4, "run {i}: {fight:?}"),
            Some("raiders") => assert_eq!(crew_lost, 4, "run {i}: {fight:?}"),
            Some(other) => panic!("no side {other}"),
            None => assert!(fight.rounds == 50 || fight.losses.len() == 8, "{fight:?}"),
        }
    }
}

#[test]
fn a_seed_gives_the_same_report_on_any_number_of_threads() {
    let setup = four_against_four();
    let options = |threads| SimOptions {
        runs: 24,
        seed: 9,
        threads,
        max_rounds: 50,
    };
    let one = simulate(&setup, &options(1), &|_| {});
    let two = simulate(&setup, &options(2), &|_| {});
    let three = simulate(&setup, &options(3), &|_| {});
    assert_eq!(one.runs, 24);
    for other in [&two, &three] {
        assert_eq!(one.sides, other.sides);
        assert_eq!(one.rounds, other.rounds);
        assert_eq!((one.draws, one.shots), (other.draws, other.shots));
    }
    let wins: u64 = one.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + one.draws, 24);
    // Another seed plays other fights.
    let other = simulate(
        &setup,
        &SimOptions {
            seed: 10,
            ..options(2)
        },
        &|_| {},
    );
    assert_ne!(one.rounds, other.rounds);
}

#[test]
fn progress_counts_every_fight() {
    let setup = four_against_four();
    let done = std::sync::atomic::AtomicU64::new(0);
    let report = simulate(
        &setup,
        &SimOptions {
            runs: 70,
            seed: 1,
            threads: 2,
            max_rounds: 50,
        },
        &|n| {
            done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        },
    );
    assert_eq!(done.into_inner(), 70);
    assert_eq!(report.runs, 70);
}

#[test]
fn a_lone_wounded_fighter_against_many_flees_or_falls() {
    // rule: CX-TURN-08
    let mut vex = fighter(VEX);
    vex.hp = 20;
    let raider = fighter(RAIDER);
    let cast = [
        ("vex", "crew", vex, Cover::None),
        ("raider-1", "raiders", raider.clone(), Cover::None),
        ("raider-2", "raiders", raider, Cover::None),
    ];
    let setup = Setup::new(battle(&cast, 30)).unwrap();
    let mut fled = 0;
    for i in 0..40 {
        let fight = play(&setup, run_seed(3, i), 50);
        assert_eq!(fight.refused, 0, "{fight:?}");
        fled += u32::from(
            fight
                .losses
                .iter()
                .any(|(id, how)| id.as_str() == "vex" && *how == Loss::Fled),
        );
    }
    assert!(fled > 0, "a broken fighter runs");
}

#[test]
fn the_wilson_interval_matches_its_formula() {
    // Known values: 0 of 10, 5 of 10, 10 of 10, 50 of 100.
    let cases = [
        (0, 10, 0.0, 0.277_532_6),
        (5, 10, 0.236_593_2, 0.763_406_8),
        (10, 10, 0.722_467_4, 1.0),
        (50, 100, 0.403_831_4, 0.596_168_6),
    ];
    for (k, n, lo, hi) in cases {
        let (l, h) = wilson(k, n);
        assert!(
            (l - lo).abs() < 1e-6 && (h - hi).abs() < 1e-6,
            "{k}/{n}: {l} {h}"
        );
    }
    assert_eq!(wilson(0, 0), (0.0, 1.0));
}

#[test]
fn setups_that_cannot_be_simulated_say_why() {
    let vex = fighter(VEX);
    let same = [
        ("a", "crew", vex.clone(), Cover::None),
        ("b", "crew", vex.clone(), Cover::None),
    ];
    let err = Setup::new(battle(&same, 10)).unwrap_err();
    assert_eq!(err, SetupError::OneSide(vec!["crew".into()]));
    assert!(err.to_string().contains("at least two sides"), "{err}");
    // Enemies with no distance between them.
    let mut game: Game<CompoundX> = Game::new(Battle::new());
    for (who, side) in [("a", "crew"), ("b", "raiders")] {
        game.execute(
            &Command::Add {
                id: CombatantId::from(who),
                side: side.into(),
                hidden: false,
                fighter: Box::new(vex.clone()),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            &mut ScriptedDice::new([]),
        )
        .unwrap();
    }
    let err = Setup::new(game.state().clone()).unwrap_err();
    assert!(
        err.to_string().contains("between a and b is not set"),
        "{err}"
    );
    // Allies left unset are a fire team's few metres apart.
    let ok = Setup::new(battle(
        &[
            ("a", "crew", vex.clone(), Cover::None),
            ("b", "crew", vex.clone(), Cover::None),
            ("c", "raiders", vex, Cover::None),
        ],
        10,
    ))
    .unwrap();
    assert_eq!(
        ok.battle()
            .distance(&CombatantId::from("a"), &CombatantId::from("b")),
        Some(ALLY_METRES)
    );
}

/// The fights a seed plays are held fixed, so a change that makes the
/// simulator faster cannot quietly change what it plays.
#[test]
fn a_seed_plays_the_same_fights() {
    let setup = four_against_four();
    let fights: Vec<String> = (0..6)
        .map(|i| {
            let f = play(&setup, run_seed(3, i), 50);
            let losses: Vec<String> = f
                .losses
                .iter()
                .map(|(id, l)| format!("{id} {l:?}"))
                .collect();
            format!(
                "{} in {} rounds, {} shots, {} refused; lost: {}",
                f.winner.as_deref().unwrap_or("draw"),
                f.rounds,
                f.shots,
                f.refused,
                losses.join(", ")
            )
        })
        .collect();
    let report = simulate(
        &setup,
        &SimOptions {
            runs: 64,
            seed: 3,
            threads: 2,
            max_rounds: 50,
        },
        &|_| {},
    );
    let sides: Vec<String> = report
        .sides
        .iter()
        .map(|s| format!("{} won {}, lost {:?}", s.side, s.wins, s.lost))
        .collect();
    let summary = format!(
        "{}\n{}\ndraws {}, rounds {:?}, shots {}, refused {}",
        fights.join("\n"),
        sides.join("\n"),
        report.draws,
        report.rounds,
        report.shots,
        report.refused
    );
    expect_test::expect![[r#"
        crew in 6 rounds, 84 shots, 0 refused; lost: vex-1 Dead, raider-1 Fled, raider-2 Down, scav-1 Fled, scav-2 Down
        crew in 11 rounds, 122 shots, 0 refused; lost: raider-1 Down, raider-2 Down, scav-1 Fled, scav-2 Fled
        crew in 10 rounds, 135 shots, 0 refused; lost: raider-1 Fled, raider-2 Down, scav-1 Fled, scav-2 Down
        crew in 9 rounds, 116 shots, 0 refused; lost: raider-1 Down, raider-2 Down, scav-1 Fled, scav-2 Fled
        crew in 9 rounds, 101 shots, 0 refused; lost: raider-1 Down, raider-2 Down, scav-1 Fled, scav-2 Fled
        crew in 10 rounds, 126 shots, 0 refused; lost: raider-1 Down, raider-2 Down, scav-1 Fled, scav-2 Fled
        crew won 50, lost [(0, 48), (1, 2), (4, 14)]
        raiders won 14, lost [(0, 14), (4, 50)]
        draws 0, rounds [(4, 4), (5, 2), (6, 12), (7, 12), (8, 8), (9, 14), (10, 7), (11, 4), (12, 1)], shots 6720, refused 0"#]].assert_eq(&summary);
}
