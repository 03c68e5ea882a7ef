//! The decide/evolve spine, exercised with a small tug-of-war ruleset.

use nanite_core::{DiceSource, DieRequest, Game, Ruleset, ScriptedDice, SeededDice, replay};

/// Two teams pull a rope; the marker starts at 0 and a team wins at ±10.
struct TugOfWar;

#[derive(Debug, Clone, PartialEq)]
struct Rope {
    marker: i32,
}

enum Pull {
    /// A team pulls: roll a d6 and add `strength`.
    Left {
        strength: i32,
    },
    Right {
        strength: i32,
    },
}

#[derive(Debug, Clone, PartialEq)]
enum Moved {
    Marker { by: i32, die: u32 },
}

#[derive(Debug, PartialEq, thiserror::Error)]
enum Refused {
    #[error("the game is over: the marker is at {0}")]
    Over(i32),
    #[error("the dice failed: {0}")]
    Dice(String),
}

impl Ruleset for TugOfWar {
    type State = Rope;
    type Command = Pull;
    type Event = Moved;
    type Error = Refused;

    fn decide(rope: &Rope, pull: &Pull, dice: &mut dyn DiceSource) -> Result<Vec<Moved>, Refused> {
        if rope.marker.abs() >= 10 {
            return Err(Refused::Over(rope.marker));
        }
        let (sign, strength) = match pull {
            Pull::Left { strength } => (-1, *strength),
            Pull::Right { strength } => (1, *strength),
        };
        let die = dice
            .roll(&DieRequest::new(6, "pull"))
            .map_err(|e| Refused::Dice(e.to_string()))?;
        Ok(vec![Moved::Marker {
            by: sign * (die as i32 + strength),
            die,
        }])
    }

    fn evolve(rope: &mut Rope, event: &Moved) {
        match event {
            Moved::Marker { by, .. } => rope.marker += by,
        }
    }
}

#[test]
fn commands_become_events_with_their_dice() {
    let mut game = Game::<TugOfWar>::new(Rope { marker: 0 });
    let mut dice = ScriptedDice::new([4, 2]);
    let entry = game
        .execute(&Pull::Right { strength: 1 }, &mut dice)
        .unwrap();
    assert_eq!(entry.events, vec![Moved::Marker { by: 5, die: 4 }]);
    assert_eq!(entry.dice.len(), 1);
    assert_eq!(
        (
            entry.dice[0].sides,
            entry.dice[0].value,
            entry.dice[0].purpose.as_str()
        ),
        (6, 4, "pull")
    );
    game.execute(&Pull::Left { strength: 0 }, &mut dice)
        .unwrap();
    assert_eq!(game.state(), &Rope { marker: 3 });
}

#[test]
fn a_refused_command_changes_nothing() {
    let mut game = Game::<TugOfWar>::new(Rope { marker: 9 });
    let mut dice = ScriptedDice::new([6]);
    game.execute(&Pull::Right { strength: 0 }, &mut dice)
        .unwrap();
    let before = game.state().clone();
    let err = game
        .execute(&Pull::Left { strength: 3 }, &mut dice)
        .unwrap_err();
    assert_eq!(err.to_string(), "the game is over: the marker is at 15");
    assert_eq!(game.state(), &before);
    assert_eq!(game.log().len(), 1);
    // A failing dice source is a refusal too, and changes nothing.
    let mut game = Game::<TugOfWar>::new(Rope { marker: 0 });
    let err = game
        .execute(&Pull::Left { strength: 3 }, &mut ScriptedDice::new([]))
        .unwrap_err();
    assert!(matches!(err, Refused::Dice(_)), "{err}");
    assert!(game.log().is_empty());
}

#[test]
fn replaying_the_log_gives_the_same_state_without_dice() {
    let mut game = Game::<TugOfWar>::new(Rope { marker: 0 });
    let mut dice = SeededDice::new(11);
    for strength in 0..6 {
        let pull = if strength % 2 == 0 {
            Pull::Left { strength }
        } else {
            Pull::Right { strength }
        };
        if game.execute(&pull, &mut dice).is_err() {
            break;
        }
    }
    let events: Vec<Moved> = game.log().iter().flat_map(|e| e.events.clone()).collect();
    let rebuilt = replay::<TugOfWar>(Rope { marker: 0 }, &events);
    assert_eq!(&rebuilt, game.state());
}

#[test]
fn undo_rebuilds_without_the_last_command() {
    let mut game = Game::<TugOfWar>::new(Rope { marker: 0 });
    let mut dice = ScriptedDice::new([3, 5]);
    game.execute(&Pull::Right { strength: 0 }, &mut dice)
        .unwrap();
    game.execute(&Pull::Right { strength: 0 }, &mut dice)
        .unwrap();
    assert_eq!(game.state().marker, 8);
    let undone = game.undo().unwrap();
    assert_eq!(undone.events, vec![Moved::Marker { by: 5, die: 5 }]);
    assert_eq!(game.state().marker, 3);
    game.undo().unwrap();
    assert_eq!(game.state().marker, 0);
    assert!(game.undo().is_none());
}

#[test]
fn executing_keeping_the_state_before_changes_the_game_as_executing_does() {
    // The same commands on the same dice, one game through `execute`, the
    // other through `execute_keeping_before`: the same states and logs,
    // and the state handed back is the one before each command.
    let pulls = [
        Pull::Right { strength: 2 },
        Pull::Left { strength: 0 },
        Pull::Right { strength: 5 },
        Pull::Right { strength: 5 },
    ];
    let mut executed = Game::<TugOfWar>::new(Rope { marker: 0 });
    let mut kept = Game::<TugOfWar>::new(Rope { marker: 0 });
    let (mut a, mut b) = (
        ScriptedDice::new([6, 1, 6, 6]),
        ScriptedDice::new([6, 1, 6, 6]),
    );
    for pull in &pulls {
        let state_before = kept.state().clone();
        let by_execute = executed.execute(pull, &mut a).cloned();
        let by_keeping = kept
            .execute_keeping_before(pull, &mut b)
            .map(|accepted| accepted.before);
        match (by_execute, by_keeping) {
            (Ok(_), Ok(before)) => assert_eq!(before, state_before),
            (Err(x), Err(y)) => {
                assert_eq!(x, y);
                // A refusal changes nothing.
                assert_eq!(kept.state(), &state_before);
            }
            (x, y) => panic!("execute gave {x:?}, execute_keeping_before gave {y:?}"),
        }
        assert_eq!(executed.state(), kept.state());
        assert_eq!(executed.log(), kept.log());
    }
    // The fourth pull is refused: the marker passed 10 on the third.
    assert_eq!(kept.log().len(), 3);
    assert_eq!(kept.state().marker, 18);
}
