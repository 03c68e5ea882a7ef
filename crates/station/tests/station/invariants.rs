//! Invariants of any game: random sequences of every command, legal or not,
//! with numbers from the ordinary to the extremes a hostile prompt or API
//! call can send (an aim of `u32::MAX`, squares far off the map), on the
//! Derelict Lab. A refused command changes nothing; replaying the log's
//! events from the start gives the same game; action points, psi points,
//! hit points, nanites, cyber modules and creature points stay within their
//! bounds; the threat level stays on the scenario's scale.
//!
//! Station's state holds its pack and scenario and is not serialized; it is
//! compared whole with `==`, which covers every field.

use nanite_core::{Game, SeededDice, replay};
use nanite_station::content::{Skill, Stat};
use nanite_station::map::Pos;
use nanite_station::{Command, Phase, Purchase, State, Station};
use proptest::prelude::*;

/// Handles: the player, the creatures the GM deploys (c1, c2, ...), and
/// one that never exists.
const WHO: [&str; 5] = ["ana", "c1", "c2", "c3", "nobody"];
/// Items, powers and creatures of the sample pack, and one unknown.
const ITEMS: [&str; 8] = [
    "medkit",
    "strength-hypo",
    "security-card",
    "pistol",
    "shotgun",
    "light-armor",
    "toolbox",
    "no-such-thing",
];
const CREATURES: [&str; 5] = ["crawler", "crawler-egg", "hybrid", "brute", "no-such-thing"];
const POWERS: [&str; 3] = ["mind-spike", "pyrokinesis", "no-such-power"];

/// A number for a field: mostly small, sometimes an extreme.
fn aim(n: u32) -> u32 {
    match n % 8 {
        0 => u32::MAX,
        1 => 2_147_483_648,
        2 => i32::MAX as u32,
        _ => n % 4,
    }
}

/// A square: mostly next to `near` (the player, so moves and actions
/// reach), sometimes anywhere on the lab's map (25 by 7) or far off it.
fn square(near: Pos, dx: i32, dy: i32, wild: u8) -> Pos {
    match wild % 12 {
        0 => Pos::new(i32::MAX, i32::MAX),
        1 => Pos::new(i32::MIN, -1),
        2 => Pos::new(dx.wrapping_mul(1000), -dy),
        3 | 4 => Pos::new(dx.rem_euclid(25), dy.rem_euclid(7)),
        _ => Pos::new(near.x + dx % 3, near.y + dy % 3),
    }
}

/// A command from a few numbers and the game as it is: the player, a
/// creature on the map or a name that is nobody's, squares near the player.
fn command(s: &State, kind: u8, a: u8, x: i32, y: i32, n: u32) -> Command {
    let mut names: Vec<String> = WHO.iter().map(|w| w.to_string()).collect();
    names.extend(s.creatures.iter().map(|c| c.id.clone()));
    let pick = |i: usize| names[i % names.len()].clone();
    // Half the time the player acts: most of what players do needs them.
    let who = if a % 2 == 0 {
        "ana".to_string()
    } else {
        pick(usize::from(a / 2))
    };
    let other = pick(usize::from(a / 3) + names.len() - 1);
    let near = s
        .players
        .first()
        .and_then(|p| p.at)
        .unwrap_or(Pos::new(1, 1));
    let at = square(near, x, y, a);
    let item = ITEMS[(n as usize) % ITEMS.len()].to_string();
    // The GM's turn is short (a deployment, a creature's move or attack):
    // most of the game is the players'.
    if s.phase == Phase::Gm && kind % 3 == 0 {
        return Command::EndTurn;
    }
    // In the setup the GM deploys creatures (anywhere on the map), for the
    // players to fight, before beginning.
    if s.phase == Phase::Setup && kind % 3 == 0 {
        return Command::Deploy {
            creature: CREATURES[(n as usize) % CREATURES.len()].into(),
            at: Pos::new(x.rem_euclid(25), y.rem_euclid(7)),
        };
    }
    match kind % 25 {
        0 | 1 => Command::Begin,
        2 => Command::EndTurn,
        5 => Command::Deploy {
            creature: CREATURES[(n as usize) % CREATURES.len()].into(),
            at,
        },
        3 | 4 | 6 | 7 => Command::Move { who, to: at },
        8 | 9 => Command::Attack {
            who,
            target: other,
            aim: aim(n),
        },
        10 => Command::Psi {
            who,
            power: POWERS[(n as usize) % POWERS.len()].into(),
            target: other,
        },
        11 => Command::Defend {
            who,
            against: other,
        },
        12 => Command::Hack { who, at },
        13 => Command::Modify { who },
        14 => Command::Repair {
            who,
            at: (n % 2 == 0).then_some(at),
        },
        15 => Command::Research { who, item },
        16 => Command::Search { who, at },
        17 => Command::Activate { who, at },
        18 => Command::UseSwitch { who, at },
        19 => Command::UseCard { who, at },
        20 => Command::Equip { who, item },
        21 => Command::Drop { who, item },
        22 => Command::Use { who, item },
        _ => Command::Buy {
            who,
            what: match n % 5 {
                0 => Purchase::Skill(Skill::ALL[(n as usize / 5) % Skill::ALL.len()]),
                1 => Purchase::Stat(Stat::ALL[(n as usize / 5) % Stat::ALL.len()]),
                2 => Purchase::PsiTier,
                3 => Purchase::PsiSkill,
                _ => Purchase::Upgrade("scavenger".into()),
            },
        },
    }
}

/// Every bound a game keeps, whatever was asked of it.
fn within_bounds(s: &State) -> Result<(), TestCaseError> {
    // rule: ST-GM-01 (creature points are spent, never owed)
    prop_assert!(s.gm.bcp >= 0 && s.gm.mcp >= 0, "{:?}", s.gm);
    // rule: ST-GM-02 (the threat level is one of the scenario's levels)
    let top = s.scenario.threats.keys().max().copied().unwrap_or(0);
    prop_assert!(
        s.gm.threat >= 1 && s.gm.threat <= top.max(s.scenario.threat_start),
        "threat {} outside 1..={top}",
        s.gm.threat
    );
    for p in &s.players {
        // rule: ST-CHAR-01 (hit points 0 to the maximum, action points
        // never below 0 nor above the turn's allowance)
        prop_assert!(
            (0..=p.max_hp).contains(&p.hp),
            "{}: HP {} of {}",
            p.id,
            p.hp,
            p.max_hp
        );
        prop_assert!(p.ap >= 0, "{}: AP {}", p.id, p.ap);
        prop_assert!(
            p.ap <= p.base_ap,
            "{}: AP {} above {}",
            p.id,
            p.ap,
            p.base_ap
        );
        prop_assert!(p.pp >= 0, "{}: PP {}", p.id, p.pp);
        // rule: ST-CHAR-03 (cyber modules are spent, never owed)
        prop_assert!(
            p.cm >= 0 && p.nanites >= 0,
            "{}: CM {} nanites {}",
            p.id,
            p.cm,
            p.nanites
        );
        if let Some(at) = p.at {
            prop_assert!(
                s.scenario.grid.contains(at),
                "{} stands off the map at {at:?}",
                p.id
            );
        }
    }
    for c in &s.creatures {
        let max = s.pack.creatures.get(&c.kind).map_or(0, |k| k.hp);
        prop_assert!(c.hp > 0 && c.hp <= max, "{}: HP {} of {max}", c.id, c.hp);
        prop_assert!(c.ap >= 0, "{}: AP {}", c.id, c.ap);
        prop_assert!(
            s.scenario.grid.contains(c.at),
            "{} stands off the map at {:?}",
            c.id,
            c.at
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of any commands, with any numbers.
    #[test]
    fn any_commands_keep_the_game_within_its_bounds(
        seed in any::<u64>(),
        setup in prop::bool::weighted(0.2),
        commands in proptest::collection::vec(
            (any::<u8>(), any::<u8>(), -30..30i32, -10..10i32, any::<u32>()),
            1..80,
        ),
    ) {
        let start = super::lab();
        within_bounds(&start)?;
        let mut game: Game<Station> = Game::new(start.clone());
        let mut dice = SeededDice::new(seed);
        if !setup {
            // Most games start begun, with creatures in the lab (where
            // the rules allow them: a refused deployment is no matter).
            for (creature, x, y) in [("crawler", 13, 2), ("crawler", 16, 4), ("hybrid", 20, 1)] {
                let _ = game.execute(
                    &Command::Deploy { creature: creature.into(), at: Pos::new(x, y) },
                    &mut dice,
                );
            }
            game.execute(&Command::Begin, &mut dice).expect("the game begins");
        }
        // The same commands on the same dice through the table's way of
        // executing (the decision's scratch state kept, the old one handed
        // back): the same games.
        let mut kept = game.clone();
        let mut kept_dice = dice.clone();
        for (kind, a, x, y, n) in commands {
            let c = command(game.state(), kind, a, x, y, n);
            let before = game.state().clone();
            let entries = game.log().len();
            let executed = game.execute(&c, &mut dice).is_ok();
            match kept.execute_keeping_before(&c, &mut kept_dice) {
                Ok(accepted) => prop_assert!(accepted.before == before, "{:?} handed back another game", c),
                Err(_) => prop_assert!(kept.state() == &before, "the refused {:?} changed the game", c),
            }
            prop_assert!(kept.state() == game.state(), "{:?} kept another game than execute made", c);
            prop_assert_eq!(kept.log(), game.log());
            if !executed {
                // A refused command changes nothing and leaves no entry.
                prop_assert!(game.state() == &before, "{:?} was refused but changed the game", c);
                prop_assert_eq!(game.log().len(), entries);
            }
            within_bounds(game.state())?;
        }
        let replayed = replay::<Station>(start, game.log().iter().flat_map(|e| &e.events));
        prop_assert!(&replayed == game.state(), "the log replays to another game");
    }
}
