//! The Station simulator: whole games of scripted players against the
//! automated GM that refuse nothing, reports a seed fixes on any thread
//! count, and the player policy's choices on small situations.

use std::collections::BTreeSet;
use std::sync::Arc;

use nanite_core::{Game, SeededDice};
use nanite_station::autogm;
use nanite_station::map::Pos;
use nanite_station::sim::{Setup, SimOptions, next_command, play, simulate};
use nanite_station::state::{Carried, Monster};
use nanite_station::{Command, Pack, Phase, Side, State, scenario};

fn state(name: &str, text: &str) -> State {
    let pack = Arc::new(Pack::sample());
    let (s, problems) = scenario::parse(name, text, &pack);
    assert!(!problems.has_errors(), "{problems}");
    State::new(pack, Arc::new(s.unwrap())).unwrap()
}

fn lab() -> State {
    state(
        "derelict-lab.txt",
        include_str!("../../../../examples/station/derelict-lab.txt"),
    )
}

fn siege() -> State {
    state(
        "outpost-siege.txt",
        include_str!("../../../../examples/station/outpost-siege.txt"),
    )
}

#[test]
fn simulated_games_end_and_the_engine_refuses_no_player_command() {
    // rule: ST-FLOW-03
    for (name, start) in [("lab", lab()), ("siege", siege())] {
        let setup = Setup::new(start).unwrap();
        let mut ends = BTreeSet::new();
        for seed in 0..40 {
            let game = play(&setup, seed, 60);
            assert_eq!(game.refused, 0, "{name} seed {seed}: {:?}", game.refusal);
            assert_eq!(
                game.gm_refused, 0,
                "{name} seed {seed}: {:?}",
                game.gm_refusal
            );
            assert!(game.turns >= 1 && game.turns <= 60, "{game:?}");
            ends.insert(format!("{:?}", game.winner));
            if game.winner == Some(Side::Gm) {
                assert_eq!(game.dead as usize, setup.state().players.len(), "{game:?}");
            }
        }
        assert!(
            ends.iter().any(|e| e != "None"),
            "{name}: some games end before the turn limit: {ends:?}"
        );
    }
}

#[test]
fn a_seed_gives_the_same_report_on_any_number_of_threads() {
    let setup = Setup::new(lab()).unwrap();
    let options = |threads| SimOptions {
        runs: 24,
        seed: 5,
        threads,
        max_rounds: 60,
    };
    let one = simulate(&setup, &options(1), &|_| {});
    for threads in [2, 3] {
        let mut other = simulate(&setup, &options(threads), &|_| {});
        other.threads = 1;
        assert_eq!(one, other, "{threads} threads");
    }
    assert_eq!(one.refused, 0, "{:?}", one.first_refusal);
    assert_eq!(one.sides[0].side, "players");
    assert_eq!(one.sides[1].side, "gm");
    let wins: u64 = one.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + one.draws, 24);
    assert!(one.counts["deployed"] > 0, "{one:?}");
}

#[test]
fn a_setup_needs_players_and_no_game_begun() {
    let mut begun: Game<nanite_station::Station> = Game::new(lab());
    autogm::play(&mut begun, &mut SeededDice::new(1)).unwrap();
    assert_eq!(
        Setup::new(begun.state().clone()).unwrap_err().to_string(),
        "the game has already begun; simulate from the scenario's setup"
    );
}

/// The lab at the players' first turn, with no creature deployed.
fn first_turn() -> State {
    let mut s = lab();
    s.phase = Phase::Players;
    s.turn = 1;
    for p in &mut s.players {
        p.ap = p.turn_ap(&s.pack);
    }
    s
}

fn crawler(id: &str, at: Pos) -> Monster {
    Monster {
        id: id.into(),
        kind: "crawler".into(),
        hp: 3,
        at,
        ap: 0,
        knows: true,
        defending: BTreeSet::new(),
    }
}

#[test]
fn the_player_policy_chooses_sensibly_on_small_situations() {
    let none = BTreeSet::new();
    // Ana starts in the quarters; the plan starts with the switch (K) that
    // unlocks the lab's locked door, on the way to the terminal (R).
    let s = first_turn();
    let ana = s.player("ana").unwrap().at.unwrap();
    match next_command(&s, &none) {
        Command::Move { who, to } => {
            assert_eq!(who, "ana");
            assert_eq!(nanite_station::map::distance(ana, to), 1);
        }
        other => panic!("ana should walk: {other:?}"),
    }
    // In front of the switch, she uses it.
    let mut s = first_turn();
    s.players[0].at = Some(Pos::new(13, 5));
    assert_eq!(
        next_command(&s, &none),
        Command::UseSwitch {
            who: "ana".into(),
            at: Pos::new(12, 5),
        }
    );
    // A crawler in sight, two squares off: she shoots it.
    let mut s = first_turn();
    let at = s.players[0].at.unwrap();
    s.creatures.push(crawler("c1", Pos::new(at.x + 2, at.y)));
    assert_eq!(
        next_command(&s, &none),
        Command::Attack {
            who: "ana".into(),
            target: "c1".into(),
            aim: 0,
        }
    );
    // Badly hurt with a medkit: she heals first.
    let mut s = first_turn();
    s.players[0].hp = 1;
    s.players[0].inventory.push(Carried::Item("medkit".into()));
    assert_eq!(
        next_command(&s, &none),
        Command::Use {
            who: "ana".into(),
            item: "medkit".into(),
        }
    );
    // Out of action points (or done), the turn ends.
    let mut s = first_turn();
    s.players[0].ap = 0;
    assert_eq!(next_command(&s, &none), Command::EndTurn);
    let done: BTreeSet<String> = ["ana".to_string()].into();
    assert_eq!(next_command(&first_turn(), &done), Command::EndTurn);
}
