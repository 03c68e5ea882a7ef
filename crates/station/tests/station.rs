//! Whole games: a scripted player against the automated GM on the sample
//! single-player scenario, deterministic for a seed; and every rule the rules
//! doc names has a tagged test.

#[path = "station/audit.rs"]
mod audit;
#[path = "station/invariants.rs"]
mod invariants;
#[path = "station/sim.rs"]
mod sim;

use std::collections::BTreeMap;
use std::sync::Arc;

use nanite_core::{DiceSource, Game, SeededDice};
use nanite_station::autogm::{self, Planning};
use nanite_station::map::{Pos, distance, distance_field, line_of_sight};
use nanite_station::resolve::hit_chance;
use nanite_station::{Command, Pack, Phase, Side, State, Station, check_deploy, scenario};

fn lab() -> State {
    let pack = Arc::new(Pack::sample());
    let text = include_str!("../../../examples/station/derelict-lab.txt");
    let (s, problems) = scenario::parse("derelict-lab.txt", text, &pack);
    assert!(!problems.has_errors(), "{problems}");
    State::new(pack, Arc::new(s.unwrap())).unwrap()
}

/// What the scripted player does next.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Walk to a square.
    Reach(Pos),
    /// Use the switch on a square.
    Switch(Pos),
}

/// The scripted player's plan on the Derelict Lab: the switch, the research
/// terminal, the escape pod.
const PLAN: [Step; 3] = [
    Step::Switch(Pos::new(12, 5)),
    Step::Reach(Pos::new(21, 2)),
    Step::Reach(Pos::new(21, 4)),
];

/// One command of the scripted player: shoot the creature with the best
/// chance (2 or more) in sight, else follow the plan; end the turn when
/// nothing is left to do.
fn player_command(state: &State, plan: &mut usize) -> Command {
    let ana = state.player("ana").unwrap();
    let Some(at) = ana.at else {
        return Command::EndTurn;
    };
    if ana.ap <= 0 || ana.task.is_some() {
        return Command::EndTurn;
    }
    let target = state
        .creatures
        .iter()
        .filter(|c| line_of_sight(state, at, c.at))
        .map(|c| {
            (
                hit_chance(
                    6 + state.shot_light(at, c.at).accuracy(),
                    distance(at, c.at),
                ),
                c.id.clone(),
            )
        })
        .filter(|(chance, _)| *chance >= 2)
        .max();
    if let Some((_, id)) = target {
        if ana.weapon.is_some() {
            return Command::Attack {
                who: "ana".into(),
                target: id,
                aim: 0,
            };
        }
    }
    while *plan < PLAN.len() {
        match PLAN[*plan] {
            Step::Switch(s) if distance(at, s) <= 1 => {
                if ana.ap < 2 {
                    return Command::EndTurn;
                }
                *plan += 1;
                if state
                    .doors
                    .iter()
                    .any(|d| d.locked && d.at == Pos::new(18, 2))
                {
                    return Command::UseSwitch {
                        who: "ana".into(),
                        at: s,
                    };
                }
            }
            Step::Reach(p) if p == at => *plan += 1,
            Step::Switch(goal) | Step::Reach(goal) => {
                let field = distance_field(&Planning(state), &[goal]);
                return match autogm::step_down(state, &field, at, ana.ap) {
                    Some(to) => Command::Move {
                        who: "ana".into(),
                        to,
                    },
                    None => Command::EndTurn,
                };
            }
        }
    }
    Command::EndTurn
}

struct Played {
    winner: Side,
    turns: u32,
    log: Vec<String>,
    deployments: usize,
}

fn play(seed: u64) -> Played {
    let mut game: Game<Station> = Game::new(lab());
    let mut dice = SeededDice::new(seed);
    let mut plan = 0;
    autogm::play(&mut game, &mut dice).expect("the automated GM sets up");
    while game.state().turn <= 60 {
        match game.state().phase.clone() {
            Phase::Over(_) => break,
            Phase::Players => {
                let command = player_command(game.state(), &mut plan);
                if let Err(refusal) = game.execute(&command, &mut dice as &mut dyn DiceSource) {
                    panic!("the scripted player's {command:?} was refused: {refusal}");
                }
            }
            Phase::Gm | Phase::Setup => {
                autogm::play(&mut game, &mut dice).expect("the automated GM plays");
            }
        }
    }
    let Phase::Over(winner) = game.state().phase else {
        panic!("seed {seed}: no end by turn 60")
    };
    let log: Vec<String> = game
        .log()
        .iter()
        .flat_map(|e| e.events.iter().map(|ev| ev.to_string()))
        .filter(|l| !l.is_empty())
        .collect();
    let deployments = log
        .iter()
        .filter(|l| l.starts_with("The GM deploys"))
        .count();
    Played {
        winner,
        turns: game.state().turn,
        log,
        deployments,
    }
}

#[test]
fn a_whole_single_player_game_against_the_automated_gm() {
    // rule: ST-FLOW-04
    // rule: ST-FLOW-03
    let first = play(7);
    let again = play(7);
    assert_eq!(first.log, again.log, "the same seed plays the same game");
    assert!(
        first.deployments >= 1,
        "the GM deployed creatures:\n{}",
        first.log.join("\n")
    );
    assert!(
        first.log.iter().any(|l| l.contains("attacks ana")),
        "the GM's creatures attacked:\n{}",
        first.log.join("\n")
    );
    let last = first.log.last().unwrap();
    assert!(last.starts_with("GAME OVER"), "{last}");
    if first.winner == Side::Players {
        assert!(
            first
                .log
                .iter()
                .any(|l| l.starts_with("Objective 1 reached")),
            "{}",
            first.log.join("\n")
        );
    }
    assert!(first.turns > 3);
}

#[test]
fn every_seed_plays_to_an_end() {
    // rule: ST-FLOW-03
    let mut winners = BTreeMap::new();
    for seed in 1..=6 {
        let played = play(seed);
        *winners.entry(format!("{:?}", played.winner)).or_insert(0) += 1;
    }
    assert_eq!(winners.values().sum::<i32>(), 6, "{winners:?}");
}

#[test]
fn the_automated_gm_deploys_legally_and_close_by_real_paths() {
    // rule: ST-GM-03
    let mut game: Game<Station> = Game::new(lab());
    let state = game.state().clone();
    let (creature, at) = autogm::best_deployment(&state).expect("a deployment");
    assert_eq!(
        creature, "crawler",
        "the priciest creature the points allow"
    );
    check_deploy(&state, &creature, at).expect("legal");
    let players: Vec<Pos> = state.living().filter_map(|p| p.at).collect();
    let field = distance_field(&Planning(&state), &players);
    let closer = state
        .grid()
        .floor()
        .filter(|p| check_deploy(&state, &creature, *p).is_ok())
        .any(|p| field.get(&p) < field.get(&at) && field.contains_key(&p));
    assert!(!closer, "no legal square is closer to the player than {at}");
    let mut dice = SeededDice::new(3);
    autogm::play(&mut game, &mut dice).unwrap();
    assert_eq!(
        game.state().phase,
        Phase::Players,
        "setup ends with the players' first turn"
    );
    assert!(
        game.state().gm.bcp < 1,
        "the starting points are spent: {:?}",
        game.state().gm
    );
}

#[test]
fn creatures_that_know_close_in_by_real_paths() {
    let mut game: Game<Station> = Game::new(lab());
    let mut dice = SeededDice::new(11);
    autogm::play(&mut game, &mut dice).unwrap();
    let mut state = game.state().clone();
    for c in &mut state.creatures {
        c.knows = true;
    }
    let mut game: Game<Station> = Game::new(state);
    game.execute(&Command::EndTurn, &mut dice).unwrap();
    let before = game.state().clone();
    let players: Vec<Pos> = before.living().filter_map(|p| p.at).collect();
    let field = distance_field(&Planning(&before), &players);
    let entries = autogm::play(&mut game, &mut dice).unwrap();
    let said: Vec<String> = entries
        .iter()
        .flat_map(|e| e.events.iter().map(|ev| ev.to_string()))
        .collect();
    // Each creature closes in, attacks, or waits in front of a closed door on its way.
    for c in &before.creatures {
        let Some(now) = game.state().creature(&c.id) else {
            continue;
        };
        let attacked = said
            .iter()
            .any(|l| l.starts_with(&format!("{} attacks", c.id)));
        let at_door = before
            .doors
            .iter()
            .any(|d| distance(d.at, c.at) == 1 && field.get(&d.at) < field.get(&c.at));
        if field[&now.at] >= field[&c.at] {
            assert!(
                attacked || at_door,
                "{} stayed at {} with nothing to do:\n{}",
                c.id,
                c.at,
                said.join("\n")
            );
        }
    }
    assert!(!before.creatures.is_empty());
}

mod any_commands {
    use nanite_core::{Game, SeededDice, replay};
    use nanite_station::content::Skill;
    use nanite_station::map::Pos;
    use nanite_station::{Command, Purchase, Station};
    use proptest::prelude::*;

    fn command(kind: u8, a: u8, x: i32, y: i32) -> Command {
        let who = ["ana", "c1", "c2", "c3"][usize::from(a % 4)].to_string();
        let at = Pos::new(x, y);
        match kind % 12 {
            0 => Command::Move { who, to: at },
            1 => Command::Attack {
                who,
                target: ["ana", "c1", "c2"][usize::from(a % 3)].into(),
                aim: u32::from(a % 3),
            },
            2 => Command::Defend {
                who,
                against: "c1".into(),
            },
            3 | 4 => Command::EndTurn,
            5 => Command::Deploy {
                creature: ["crawler", "crawler-egg", "hybrid"][usize::from(a % 3)].into(),
                at,
            },
            6 => Command::Hack {
                who: "ana".into(),
                at,
            },
            7 => Command::Search {
                who: "ana".into(),
                at,
            },
            8 => Command::UseSwitch {
                who: "ana".into(),
                at,
            },
            9 => Command::Buy {
                who: "ana".into(),
                what: Purchase::Skill(Skill::Hacking),
            },
            10 => Command::Activate {
                who: "ana".into(),
                at,
            },
            _ => Command::Begin,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Any sequence of commands: a refusal changes nothing, nothing goes
        /// below zero, and the log replays to the same state.
        #[test]
        fn refusals_change_nothing_and_the_log_replays(
            seed in any::<u64>(),
            commands in proptest::collection::vec((any::<u8>(), any::<u8>(), 0..25i32, 0..7i32), 1..60),
        ) {
            let start = super::lab();
            let mut game: Game<Station> = Game::new(start.clone());
            let mut dice = SeededDice::new(seed);
            for (kind, a, x, y) in commands {
                let c = command(kind, a, x, y);
                let before = game.state().clone();
                if game.execute(&c, &mut dice).is_err() {
                    prop_assert_eq!(game.state(), &before, "{:?} was refused but changed the game", c);
                }
                let s = game.state();
                prop_assert!(s.gm.bcp >= 0 && s.gm.mcp >= 0, "{:?}", s.gm);
                for p in &s.players {
                    prop_assert!(p.hp >= 0 && p.ap >= 0 && p.nanites >= 0 && p.cm >= 0, "{:?}", p);
                }
                for c in &s.creatures {
                    prop_assert!(c.hp > 0 && c.ap >= 0, "{:?}", c);
                }
            }
            let replayed = replay::<Station>(start, game.log().iter().flat_map(|e| &e.events));
            prop_assert_eq!(&replayed, game.state());
        }
    }
}

/// Every rule ID the rules doc names has a test tagged `// rule: ID` (in the
/// crate's unit tests or here), so a rule added to the doc without a test
/// is caught.
#[test]
fn every_rule_of_the_rules_doc_has_a_tagged_test() {
    fn ids(text: &str, prefix: &str) -> std::collections::BTreeSet<String> {
        let mut out = std::collections::BTreeSet::new();
        let mut rest = text;
        while let Some(at) = rest.find(prefix) {
            let tail = &rest[at + prefix.len()..];
            let id: String = tail
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '-')
                .collect();
            let id = id.trim_end_matches('-').to_string();
            if id.contains('-') {
                out.insert(format!("ST-{id}"));
            }
            rest = &tail[id.len().max(1).min(tail.len())..];
        }
        out
    }
    fn sources(dir: &std::path::Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../../docs/rules/station.md")).unwrap();
    let named = ids(&doc, "ST-");
    assert!(named.len() >= 30, "the doc names the rules: {named:?}");
    let mut code = String::new();
    sources(&root.join("src"), &mut code);
    sources(&root.join("tests"), &mut code);
    let tagged = ids(&code, "// rule: ST-");
    let missing: Vec<&String> = named.difference(&tagged).collect();
    assert!(missing.is_empty(), "rules with no tagged test: {missing:?}");
}
