//! The encounter simulator: whole fights through the engine that refuse
//! nothing, reports a seed fixes on any thread count, and the policies'
//! choices on small situations.

use nanite_core::ClockCommand;
use nanite_d20::Campaign;
use nanite_d20::encounter::{
    Battle, Command, Field, GrappleAttack, Place, PositionChange, Row, Takedown,
};
use nanite_d20::sim::{Setup, SimOptions, next_command, play, run_seed, simulate};

use super::support::{Table, id, sq};

/// The ford ambush of examples/d20/ford-ambush.toml: three travellers
/// against two bandits on a 10 by 8 map.
fn ford() -> Battle {
    let t = Table::new(
        Campaign {
            reroll: nanite_d20::InitiativeReroll::Kept,
            ..Campaign::default()
        },
        Field::Map {
            width: 10,
            height: 8,
        },
        &[
            ("kara", "kara", "travellers", Place::Square(sq(2, 4))),
            ("bram", "bram", "travellers", Place::Square(sq(3, 5))),
            ("ilsa", "ilsa", "travellers", Place::Square(sq(1, 5))),
            ("raider", "raider", "bandits", Place::Square(sq(7, 3))),
            ("brute", "brute", "bandits", Place::Square(sq(6, 5))),
        ],
    );
    t.game.state().clone()
}

/// The cellar brawl of examples/d20/cellar-brawl.toml: rows, side
/// initiative rolled each round.
fn cellar() -> Battle {
    let t = Table::new(
        Campaign {
            initiative: nanite_d20::InitiativeBy::Side,
            ..Campaign::default()
        },
        Field::Rows,
        &[
            ("orun", "orun", "heroes", Place::Row(Row::Front)),
            ("kara", "kara", "heroes", Place::Row(Row::Back)),
            ("brute", "brute", "smugglers", Place::Row(Row::Front)),
            ("raider", "raider", "smugglers", Place::Row(Row::Back)),
        ],
    );
    t.game.state().clone()
}

#[test]
fn simulated_fights_end_and_the_engine_refuses_nothing() {
    // rule: D20-INIT-01
    for (name, battle) in [("ford", ford()), ("cellar", cellar())] {
        let setup = Setup::new(battle).unwrap();
        let mut attacks = 0;
        for seed in 0..150 {
            let fight = play(&setup, seed, 50);
            assert_eq!(fight.refused, 0, "{name} seed {seed}: {:?}", fight.refusal);
            assert!(fight.rounds >= 1 && fight.rounds <= 50, "{fight:?}");
            attacks += fight.attacks;
            if let Some(w) = fight.winner {
                // The losers are all down or fled.
                let losers = setup
                    .battle()
                    .clock
                    .seats
                    .iter()
                    .filter(|s| setup.sides()[w] != s.side);
                for s in losers {
                    assert!(
                        fight.losses.iter().any(|(id, _)| *id == s.id),
                        "{name} seed {seed}: {} stands on the losing side: {fight:?}",
                        s.id
                    );
                }
            }
        }
        assert!(
            attacks > 150,
            "{name}: fights are fought ({attacks} attacks)"
        );
    }
}

#[test]
fn a_seed_gives_the_same_report_on_any_number_of_threads() {
    let setup = Setup::new(ford()).unwrap();
    let options = |threads| SimOptions {
        runs: 40,
        seed: 3,
        threads,
        max_rounds: 50,
    };
    let one = simulate(&setup, &options(1), &|_| {});
    for threads in [2, 3] {
        let mut other = simulate(&setup, &options(threads), &|_| {});
        assert_eq!(other.threads, threads);
        other.threads = 1;
        assert_eq!(one, other, "{threads} threads");
    }
    assert_eq!(one.runs, 40);
    assert_eq!(one.refused, 0, "{:?}", one.first_refusal);
    let wins: u64 = one.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + one.draws, 40);
    for s in &one.sides {
        assert!(s.win_low <= s.win_rate && s.win_rate <= s.win_high, "{s:?}");
    }
    let other = simulate(
        &setup,
        &SimOptions {
            seed: 4,
            ..options(1)
        },
        &|_| {},
    );
    assert_ne!(one.rounds, other.rounds, "another seed plays other fights");
}

#[test]
fn a_setup_needs_two_sides_and_no_fight_begun() {
    let one_side = Table::map(&[("kara", "kara", "a", (0, 0)), ("bram", "bram", "a", (1, 1))]);
    let err = Setup::new(one_side.state().clone()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a fight needs at least two sides; this one has a: give the combatants different `side`s"
    );
    let mut begun = Table::map(&[
        ("kara", "kara", "a", (0, 0)),
        ("brute", "brute", "b", (5, 5)),
    ]);
    begun.begin_in_order(&["kara", "brute"]);
    assert!(Setup::new(begun.state().clone()).is_err());
}

/// A map fight begun with `order` acting first, and the setup taken before.
fn begun(who: &[(&str, &str, &str, (i64, i64))], order: &[&str]) -> (Table, Setup) {
    let mut t = Table::map(who);
    let setup = Setup::new(t.state().clone()).unwrap();
    t.begin_in_order(order);
    (t, setup)
}

/// What the first of `who` does on its turn in a fresh map fight, everyone
/// acting in the order given.
fn first_choice(who: &[(&str, &str, &str, (i64, i64))]) -> Option<Command> {
    let order: Vec<&str> = who.iter().map(|(id, ..)| *id).collect();
    let (t, setup) = begun(who, &order);
    next_command(t.state(), &setup, &id(order[0]))
}

#[test]
fn the_policies_choose_sensibly_on_small_situations() {
    let cases = [
        // Kara next to the raider strikes it with her rapier (the better blow).
        (
            &[
                ("kara", "kara", "a", (2, 2)),
                ("raider", "raider", "b", (3, 2)),
            ][..],
            Command::Attack {
                id: id("kara"),
                target: id("raider"),
                weapon: Some(0),
            },
        ),
        // Far away, Kara (bow in hand) shoots rather than walk.
        (
            &[
                ("kara", "kara", "a", (0, 0)),
                ("raider", "raider", "b", (9, 9)),
            ],
            Command::Attack {
                id: id("kara"),
                target: id("raider"),
                weapon: Some(1),
            },
        ),
        // The brute, a melee fighter, walks up to the raider by the shortest
        // way and stops next to it; out of reach even so, it doubles its move.
        (
            &[
                ("brute", "brute", "b", (0, 0)),
                ("kara", "kara", "a", (5, 0)),
            ],
            Command::Move {
                id: id("brute"),
                to: vec![sq(1, 0), sq(2, 0), sq(3, 0), sq(4, 0)],
            },
        ),
        (
            &[
                ("brute", "brute", "b", (0, 0)),
                ("kara", "kara", "a", (9, 9)),
            ],
            Command::DoubleMove { id: id("brute") },
        ),
    ];
    for (who, want) in cases {
        assert_eq!(first_choice(who), Some(want), "{who:?}");
    }
    // Ilsa casts Mend on fallen Kara rather than fight.
    let (mut t, setup) = begun(
        &[
            ("ilsa", "ilsa", "a", (1, 1)),
            ("kara", "kara", "a", (1, 2)),
            ("raider", "raider", "b", (8, 8)),
        ],
        &["ilsa", "kara", "raider"],
    );
    t.ok(
        Command::Harm {
            target: id("kara"),
            amount: 40,
            by: None,
            why: "a fall".into(),
        },
        &[],
    );
    assert_eq!(
        next_command(t.state(), &setup, &id("ilsa")),
        Some(Command::Cast {
            id: id("ilsa"),
            magic: "mend".into(),
            target: id("kara"),
        })
    );
}

#[test]
fn the_strong_grapple_and_the_broken_flee() {
    // rule: D20-GRAP-02
    // Bram (STR 17) against Ilsa (STR 8): a clinch, then a slam with the
    // advantage it wins.
    let (mut t, setup) = begun(
        &[("bram", "bram", "a", (2, 2)), ("ilsa", "ilsa", "b", (3, 2))],
        &["bram", "ilsa"],
    );
    assert_eq!(
        next_command(t.state(), &setup, &id("bram")),
        Some(Command::Takedown {
            id: id("bram"),
            target: id("ilsa"),
            kind: Takedown::Clinch,
        })
    );
    t.ok(
        Command::Takedown {
            id: id("bram"),
            target: id("ilsa"),
            kind: Takedown::Clinch,
        },
        &[15, 3],
    );
    t.next(&[]);
    // Ilsa, held, fights for the advantage with her best attribute (WIS 16).
    assert_eq!(
        next_command(t.state(), &setup, &id("ilsa")),
        Some(Command::ChangePosition {
            id: id("ilsa"),
            kind: PositionChange::Reversal,
        })
    );
    t.next(&[]);
    assert_eq!(
        next_command(t.state(), &setup, &id("bram")),
        Some(Command::GrappleAttack {
            id: id("bram"),
            kind: GrappleAttack::Slam,
        })
    );
    // The raider, at a quarter of its hit points and outnumbered, leaves.
    let (mut t, setup) = begun(
        &[
            ("raider", "raider", "b", (2, 2)),
            ("kara", "kara", "a", (5, 5)),
            ("bram", "bram", "a", (6, 6)),
        ],
        &["raider", "kara", "bram"],
    );
    let hp = t.hp("raider");
    t.ok(
        Command::Harm {
            target: id("raider"),
            amount: hp - 1,
            by: None,
            why: "an arrow".into(),
        },
        &[],
    );
    assert_eq!(
        next_command(t.state(), &setup, &id("raider")),
        Some(Command::Clock(ClockCommand::Leave { id: id("raider") }))
    );
}

#[test]
fn a_refused_command_is_counted_and_named_and_the_fight_goes_on() {
    // Kara's weapons roll damage the engine cannot read: every hit she
    // lands is refused. The refusals are counted and the first is named;
    // her turn ends each time and the fight still comes to an end.
    let mut battle = ford();
    for w in &mut battle
        .combatants
        .get_mut(&id("kara"))
        .unwrap()
        .fighter
        .weapons
    {
        w.damage = "2d".into();
    }
    let setup = Setup::new(battle).unwrap();
    let mut refused = 0;
    for i in 0..20 {
        let fight = play(&setup, run_seed(0, i), 50);
        assert!(fight.rounds <= 50, "{fight:?}");
        if fight.refused > 0 {
            let why = fight.refusal.as_deref().unwrap();
            assert!(why.contains("kara") && why.contains("2d"), "{why}");
        }
        refused += fight.refused;
    }
    assert!(refused > 0, "Kara hit something in 20 fights");
    let report = simulate(
        &setup,
        &SimOptions {
            runs: 20,
            seed: 0,
            threads: 2,
            max_rounds: 50,
        },
        &|_| {},
    );
    assert_eq!(u64::from(refused), report.refused);
    assert!(report.first_refusal.is_some());
}

#[test]
fn rows_and_spells_are_chosen_when_they_pay() {
    // rule: D20-MOVE-03
    // Map-less, the brute (a longsword, no bow) starts in the back row: it
    // takes its whole move to the front before anything else.
    let mut t = Table::new(
        Campaign::default(),
        Field::Rows,
        &[
            ("brute", "brute", "b", Place::Row(Row::Back)),
            ("raider", "raider", "b", Place::Row(Row::Front)),
            ("kara", "kara", "a", Place::Row(Row::Front)),
        ],
    );
    let setup = Setup::new(t.state().clone()).unwrap();
    t.begin_in_order(&["brute", "raider", "kara"]);
    assert_eq!(
        next_command(t.state(), &setup, &id("brute")),
        Some(Command::ChangeRow {
            id: id("brute"),
            row: Row::Front,
        })
    );
    // rule: D20-CAST-01
    // Ilsa, 30 ft from the raider with only a dagger, begins a Firebolt.
    let (t, setup) = begun(
        &[
            ("ilsa", "ilsa", "a", (0, 0)),
            ("raider", "raider", "b", (6, 0)),
        ],
        &["ilsa", "raider"],
    );
    assert_eq!(
        next_command(t.state(), &setup, &id("ilsa")),
        Some(Command::Cast {
            id: id("ilsa"),
            magic: "firebolt".into(),
            target: id("raider"),
        })
    );
}
