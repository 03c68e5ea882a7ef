//! Property tests of fights: random sequences of commands, legal or not,
//! replay exactly from their events, undo restores the state before each,
//! refusals change nothing, and hit points, energy and movement stay within
//! bounds.

use nanite_core::{ClockCommand, CombatantId, Game, SeededDice, replay};
use nanite_d20::encounter::{
    Battle, Command, D20, Field, GrappleAttack, Place, PositionChange, Square, Takedown,
    TakedownChoice,
};
use nanite_d20::{Attribute, Campaign};
use proptest::prelude::*;

use super::support::{Table, id};

fn json(state: &Battle) -> serde_json::Value {
    serde_json::to_value(state).expect("the battle serializes")
}

/// A fight of four on a 6 by 6 map, initiative rolled each round.
pub(super) fn start(seed: u64) -> Game<D20> {
    let place = |x, y| Place::Square(Square { x, y });
    let mut t = Table::new(
        Campaign::default(),
        Field::Map {
            width: 6,
            height: 6,
        },
        &[
            ("bram", "bram", "heroes", place(1, 1)),
            ("ilsa", "ilsa", "heroes", place(0, 2)),
            ("brute", "brute", "bandits", place(2, 2)),
            ("orun", "orun", "bandits", place(4, 4)),
        ],
    );
    let mut dice = SeededDice::new(seed);
    t.game
        .execute(&Command::RollInitiative { who: vec![] }, &mut dice)
        .expect("initiative");
    t.game
        .execute(
            &Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            &mut dice,
        )
        .expect("the fight begins");
    t.game
}

/// A command built from three small numbers and the battle as it is.
pub(super) fn command(state: &Battle, (kind, a, b): (u8, u8, u8)) -> Command {
    let ids: Vec<CombatantId> = state.combatants.keys().cloned().collect();
    let actor = state
        .owed
        .as_ref()
        .map(|o| o.chooser.clone())
        .or_else(|| state.clock.active.clone())
        .unwrap_or_else(|| ids[0].clone());
    let here = state.square(&actor).unwrap_or(Square { x: 0, y: 0 });
    // Half the time the nearest other combatant, so that blows and
    // takedowns often reach.
    let nearest = ids
        .iter()
        .filter(|o| **o != actor)
        .min_by_key(|o| {
            state
                .square(o)
                .map_or(i64::MAX, |s| nanite_d20::encounter::distance_feet(here, s))
        })
        .cloned();
    let other = match nearest {
        Some(n) if a % 2 == 0 => n,
        _ => ids[usize::from(a) % ids.len()].clone(),
    };
    match kind {
        0 | 1 => Command::Clock(ClockCommand::NextTurn),
        2 => Command::Move {
            id: actor,
            to: vec![Square {
                x: here.x + i64::from(a % 5) - 2,
                y: here.y + i64::from(b % 5) - 2,
            }],
        },
        3 => Command::DoubleMove { id: actor },
        4 => Command::Attack {
            id: actor,
            target: other,
            weapon: if b % 3 == 2 {
                None
            } else {
                Some(usize::from(b % 3))
            },
        },
        5 => Command::Cast {
            id: actor,
            magic: [
                "firebolt",
                "mend",
                "hold",
                "mind-spike",
                "psychic-crush",
                "body-mend",
            ][usize::from(b) % 6]
                .into(),
            target: other,
        },
        6 => Command::Takedown {
            id: actor,
            target: other,
            kind: [Takedown::Clinch, Takedown::Tackle, Takedown::Trip][usize::from(b) % 3],
        },
        7 => Command::ChangePosition {
            id: actor,
            kind: [
                PositionChange::Push,
                PositionChange::Pull,
                PositionChange::Scramble,
                PositionChange::Reversal,
            ][usize::from(b) % 4],
        },
        8 => Command::GrappleAttack {
            id: actor,
            kind: [
                GrappleAttack::Submission,
                GrappleAttack::Slam,
                GrappleAttack::ShortStrikes,
            ][usize::from(b) % 3],
        },
        9 => Command::Release { id: actor },
        10 => Command::Choose {
            id: actor,
            choice: if b % 2 == 0 {
                TakedownChoice::Advantage
            } else {
                TakedownChoice::Attack { weapon: None }
            },
        },
        11 => Command::Harm {
            target: other,
            amount: i64::from(b % 6) + 1,
            by: Some(actor),
            why: "a hazard".into(),
        },
        _ => Command::Check {
            id: actor,
            skill: None,
            attribute: Some(Attribute::ALL[usize::from(b) % 4]),
            dc: 10,
            hidden: b % 2 == 0,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn fights_replay_and_undo_exactly(
        seed in any::<u64>(),
        steps in prop::collection::vec((0u8..13, any::<u8>(), any::<u8>()), 1..60),
    ) {
        let mut game = start(seed);
        let start_state = game.state().clone();
        let mut dice = SeededDice::new(seed.wrapping_add(1));
        let mut before: Vec<serde_json::Value> = Vec::new();
        let mut accepted = 0;
        for step in steps {
            let cmd = command(game.state(), step);
            let was = json(game.state());
            let log_len = game.log().len();
            match game.execute(&cmd, &mut dice) {
                Ok(_) => {
                    before.push(was);
                    accepted += 1;
                }
                Err(_) => {
                    // A refusal changes nothing.
                    prop_assert!(json(game.state()) == was, "the refused {:?} changed the battle", cmd);
                    prop_assert_eq!(game.log().len(), log_len);
                }
            }
            let state = game.state();
            for (who, c) in &state.combatants {
                prop_assert!(c.hp <= state.max_hp(who), "{} has {} HP, above its maximum {}", who, c.hp, state.max_hp(who));
                prop_assert!(c.energy >= 0 && c.energy <= c.fighter.spell_energy);
                prop_assert!(c.power_points >= 0 && c.power_points <= c.fighter.power_points);
                prop_assert!(c.movement.used <= c.movement.allowance.max(0) || c.movement.allowance == 0);
            }
            for g in &state.grapples {
                prop_assert!(!state.is_down(&g.a) && !state.is_down(&g.b));
            }
        }
        // Replaying the events of the log rebuilds the state exactly.
        let events: Vec<_> = game.log().iter().flat_map(|e| e.events.iter()).cloned().collect();
        let empty = Battle::new(Campaign::default(), Field::Map { width: 6, height: 6 });
        let rebuilt = replay::<D20>(empty, events.iter());
        prop_assert!(json(&rebuilt) == json(game.state()), "replaying the log gives another state");
        // The battle reads back from JSON as it is.
        let back: Battle = serde_json::from_value(json(game.state())).expect("the battle reads back");
        prop_assert!(&back == game.state(), "the battle does not read back from JSON");
        // Undo restores each state before, back to the start.
        prop_assert_eq!(before.len(), accepted);
        while let Some(was) = before.pop() {
            game.undo().expect("something to undo");
            prop_assert!(json(game.state()) == was, "undo did not restore the state before");
        }
        prop_assert!(json(game.state()) == json(&start_state), "undoing everything did not restore the start");
    }
}

#[test]
fn a_fight_replays_from_its_events_alone() {
    // rule: D20-INIT-01
    let game = start(7);
    let events: Vec<_> = game
        .log()
        .iter()
        .flat_map(|e| e.events.iter())
        .cloned()
        .collect();
    let empty = Battle::new(
        Campaign::default(),
        Field::Map {
            width: 6,
            height: 6,
        },
    );
    assert_eq!(
        json(&replay::<D20>(empty, events.iter())),
        json(game.state())
    );
    assert!(
        game.state()
            .clock
            .seats
            .iter()
            .all(|s| s.initiative.is_some())
    );
    assert!(game.state().clock.active.is_some());
    assert!(game.state().combatants.contains_key(&id("bram")));
}

#[test]
fn battles_and_events_read_back_from_json() {
    // A server may keep a D20 table as JSON: the battle and its events
    // deserialize to what they were.
    let game = start(3);
    let state = game.state();
    let back: Battle = serde_json::from_value(json(state)).expect("the battle reads back");
    assert_eq!(&back, state);
    for entry in game.log() {
        for event in &entry.events {
            let text = serde_json::to_string(event).unwrap();
            let back: nanite_d20::encounter::Event = serde_json::from_str(&text).unwrap();
            assert_eq!(&back, event);
        }
    }
}
