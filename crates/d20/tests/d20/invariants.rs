//! Invariants of any fight under hostile numbers: the commands a table
//! gives, mixed with commands whose numbers are the extremes a prompt, a
//! file or the API can send (`harm X 9223372036854775807`, rest for
//! `i64::MAX` periods, squares far off the map, weapons at `usize::MAX`). A
//! refused command changes nothing (the battle's JSON before and after);
//! replaying the log's events gives the same battle; hit points, energy,
//! power points and movement stay within their bounds.

use nanite_core::{ClockCommand, CombatantId, SeededDice, replay};
use nanite_d20::encounter::{Battle, Command, D20, Field, Place, Row, Square};
use nanite_d20::{Attribute, Campaign};
use proptest::prelude::*;

use super::properties::{command, start};

/// An extreme (or ordinary) value for a signed field.
fn wide(n: u8) -> i64 {
    [
        i64::MAX,
        i64::MIN,
        -1,
        0,
        1,
        i64::from(i32::MAX) + 1,
        10_000,
        10_001,
        6,
    ][usize::from(n % 9)]
}

/// A square on the 6 by 6 map, next to it, or far off it.
fn square(n: u8, m: u8) -> Square {
    match n % 6 {
        0 => Square {
            x: i64::MAX,
            y: i64::MIN,
        },
        1 => Square { x: -1, y: 6 },
        2 => Square {
            x: 2_000_000_000,
            y: 2_000_000_000,
        },
        _ => Square {
            x: i64::from(m % 6),
            y: i64::from(m / 6 % 6),
        },
    }
}

/// A command with hostile numbers, for the combatant `who` and `other`.
fn hostile(kind: u8, who: CombatantId, other: CombatantId, n: u8, m: u8) -> Command {
    match kind % 9 {
        0 | 1 => Command::Harm {
            target: other,
            amount: wide(n),
            by: None,
            why: "a hostile number".into(),
        },
        2 => Command::Rest {
            id: who,
            periods: wide(n),
        },
        3 => Command::Check {
            id: who,
            skill: None,
            attribute: Some(Attribute::ALL[usize::from(m) % 4]),
            dc: wide(n),
            hidden: false,
        },
        4 => Command::Clock(ClockCommand::SetInitiative {
            id: who,
            total: wide(n),
        }),
        5 => Command::Move {
            id: who,
            to: (0..usize::from(n % 4))
                .map(|i| square(m, n.wrapping_add(i as u8)))
                .collect(),
        },
        6 => Command::Position {
            id: who,
            place: if n % 5 == 0 {
                Place::Row(if m % 2 == 0 { Row::Front } else { Row::Back })
            } else {
                Place::Square(square(n, m))
            },
        },
        7 => Command::Attack {
            id: who,
            target: other,
            weapon: Some([usize::MAX, 1 << 40, 7, 0][usize::from(n % 4)]),
        },
        _ => Command::UseKit {
            id: who,
            target: other,
            kit: ["healing-kit", "no-such-kit"][usize::from(m % 2)].into(),
            max_checks: Some([u32::MAX, 0, 1, 1_000_000][usize::from(n % 4)]),
        },
    }
}

fn json(state: &Battle) -> serde_json::Value {
    serde_json::to_value(state).expect("the battle serializes")
}

fn within_bounds(state: &Battle) -> Result<(), TestCaseError> {
    for (who, c) in &state.combatants {
        // rule: D20-REST-01 (healing, by rest or kit, never beyond the
        // maximum); damage never wraps health around
        prop_assert!(
            c.hp <= state.max_hp(who),
            "{} has {} HP of {}",
            who,
            c.hp,
            state.max_hp(who)
        );
        prop_assert!(c.hp > -1_000_000_000, "{} has {} HP", who, c.hp);
        // rule: D20-CAST-03 (energy and power points are spent, never owed)
        prop_assert!(
            (0..=c.fighter.spell_energy).contains(&c.energy),
            "{}: energy {}",
            who,
            c.energy
        );
        prop_assert!(
            (0..=c.fighter.power_points).contains(&c.power_points),
            "{}: PP {}",
            who,
            c.power_points
        );
        // rule: D20-MOVE-01 (at most the turn's movement)
        prop_assert!(
            c.movement.used <= c.movement.allowance.max(0) || c.movement.allowance == 0,
            "{}: moved {:?}",
            who,
            c.movement
        );
        if let (Place::Square(s), Field::Map { width, height }) = (c.place, &state.field) {
            prop_assert!(
                (0..*width).contains(&s.x) && (0..*height).contains(&s.y),
                "{} off the map at {:?}",
                who,
                s
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn hostile_numbers_keep_the_fight_within_its_bounds(
        seed in any::<u64>(),
        steps in prop::collection::vec((any::<bool>(), any::<u8>(), any::<u8>(), any::<u8>()), 1..60),
    ) {
        let mut game = start(seed);
        let mut dice = SeededDice::new(seed.wrapping_add(1));
        // The same commands on the same dice through the table's way of
        // executing (the decision's scratch battle kept, the old one
        // handed back): the same battles.
        let mut kept = start(seed);
        let mut kept_dice = SeededDice::new(seed.wrapping_add(1));
        for (wild, kind, n, m) in steps {
            let state = game.state();
            let ids: Vec<CombatantId> = state.combatants.keys().cloned().collect();
            let who = state.clock.active.clone().unwrap_or_else(|| ids[0].clone());
            let other = ids[usize::from(m) % ids.len()].clone();
            let c = if wild {
                hostile(kind, who, other, n, m)
            } else {
                command(state, (kind % 13, n, m))
            };
            let before = json(game.state());
            let entries = game.log().len();
            let kept_before = kept.state().clone();
            let executed = game.execute(&c, &mut dice).is_ok();
            match kept.execute_keeping_before(&c, &mut kept_dice) {
                Ok(accepted) => prop_assert!(accepted.before == kept_before, "{:?} handed back another battle", c),
                Err(_) => prop_assert!(kept.state() == &kept_before, "the refused {:?} changed the battle", c),
            }
            prop_assert!(kept.state() == game.state(), "{:?} kept another battle than execute made", c);
            prop_assert_eq!(kept.log(), game.log());
            if !executed {
                // A refused command changes nothing and leaves no entry.
                prop_assert!(json(game.state()) == before, "the refused {:?} changed the battle", c);
                prop_assert_eq!(game.log().len(), entries);
            }
            within_bounds(game.state())?;
        }
        let empty = Battle::new(Campaign::default(), Field::Map { width: 6, height: 6 });
        let rebuilt = replay::<D20>(empty, game.log().iter().flat_map(|e| &e.events));
        prop_assert!(json(&rebuilt) == json(game.state()), "the log replays to another battle");
    }
}
