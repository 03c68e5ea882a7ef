//! Invariants of any fight under hostile numbers: the commands a table
//! gives, mixed with commands whose numbers are the extremes a prompt, a
//! file or the API can send (`i64::MAX` damage, a `u32::MAX` hold, a
//! weapon at `usize::MAX`, NaN metres). A refused command changes nothing
//! (the battle's JSON before and after); replaying the log's events from
//! the start gives the same battle; health, armor, shields, nanites and
//! ammunition stay within their bounds; the turn's actions, reactions and
//! held actions never exceed what the rules give.

use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::ConditionKind;
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Way};
use nanite_compound_x::{DamageType, FireMode};
use nanite_core::{ClockCommand, SeededDice, replay};
use proptest::prelude::*;

use super::fight_properties::{command, id, start, within_bounds};

/// An extreme (or ordinary) value for a signed field.
fn wide(n: u8) -> i64 {
    [
        i64::MAX,
        i64::MIN,
        -1,
        0,
        1,
        i64::from(i32::MAX) + 1,
        1_000_000,
        7,
    ][usize::from(n % 8)]
}

/// An extreme (or ordinary) count.
fn count(n: u8) -> u32 {
    [u32::MAX, 2_147_483_648, 0, 1, 2, 3, 5, 100][usize::from(n % 8)]
}

/// An index past every list, or a real one.
fn index(n: u8) -> usize {
    [usize::MAX, 1 << 40, 99, 0, 1][usize::from(n % 5)]
}

/// A command with hostile numbers.
fn hostile(kind: u8, a: usize, b: usize, n: u8) -> Command {
    let (who, at) = (id(a), id(b));
    match kind % 16 {
        0 => Command::Harm {
            target: at,
            amount: wide(n),
            damage_type: [
                DamageType::Ballistic,
                DamageType::Laser,
                DamageType::Plasma,
                DamageType::Explosive,
                DamageType::Melee,
            ][usize::from(n / 8 % 5)],
            apl: wide(n / 3),
            why: "a hostile number".into(),
        },
        1 => Command::Distance {
            a: who,
            b: at,
            metres: wide(n),
        },
        2 => Command::Move {
            id: who,
            metres: wide(n),
            way: [
                Way::Toward { id: at.clone() },
                Way::Away { id: at },
                Way::Elsewhere,
            ][usize::from(n / 8 % 3)]
            .clone(),
            sprint: n % 2 == 0,
            cover: None,
            concealed: false,
        },
        3 => Command::Jump {
            id: who,
            metres: [f64::NAN, f64::INFINITY, -1.0, 1e300, 2.5][usize::from(n % 5)],
            vertical: n % 2 == 0,
            run_up: n % 3 == 0,
        },
        4 => Command::Hold {
            id: who,
            actions: count(n),
            trigger: "anything".into(),
        },
        5 => Command::Act {
            id: who,
            what: "something".into(),
            actions: count(n),
        },
        6 => Command::Fire {
            id: who,
            target: at,
            weapon: index(n),
            mode: [FireMode::Semi, FireMode::Burst, FireMode::Auto][usize::from(n % 3)],
            fire: None,
            distance: Some(wide(n / 5)),
            cover: None,
        },
        7 => Command::Reload {
            id: who,
            weapon: index(n),
        },
        8 => Command::Throw {
            id: who,
            target: at,
            weapon: index(n),
            distance: Some(wide(n / 5)),
        },
        9 => Command::Afflict {
            target: at,
            condition: ConditionKind::ALL[usize::from(n) % ConditionKind::ALL.len()],
            turns: Some(count(n / 3)),
        },
        10 => Command::Fall {
            id: who,
            metres: wide(n),
            fouled: n % 2 == 0,
        },
        11 => Command::Check {
            id: who,
            skill: "awareness".into(),
            dc: wide(n),
            hidden: false,
            effort: Default::default(),
            combined_with: None,
        },
        12 => Command::Conceal {
            id: who,
            from: vec![at],
            dc: Some(wide(n)),
        },
        13 => Command::Clock(ClockCommand::SetInitiative {
            id: who,
            total: wide(n),
        }),
        14 => Command::Suppress {
            id: who,
            target: at,
            weapon: index(n),
            level: None,
        },
        _ => Command::Treat {
            id: who,
            target: at,
            wound: Some(index(n)),
            medikit: n % 2 == 0,
            effort: [Effort::Roll, Effort::Take50, Effort::Take100][index(n) % 3],
        },
    }
}

fn json(battle: &Battle) -> serde_json::Value {
    serde_json::to_value(battle).expect("the battle serializes")
}

/// The turn's bounds: what the clock may hand out.
fn turn_within_bounds(battle: &Battle) -> Result<(), TestCaseError> {
    let clock = &battle.clock;
    // rule: CX-TURN-03 (a turn of 4 actions: never more left than given)
    prop_assert!(
        clock.budget.left <= clock.budget.total,
        "{} actions left of {}",
        clock.budget.left,
        clock.budget.total
    );
    // rule: CX-TURN-04 (at most 3 reactions per round per character)
    for (who, used) in &clock.reactions {
        prop_assert!(*used <= 3, "{who} reacted {used} times this round");
    }
    // rule: CX-TURN-05 (up to 2 held actions)
    for (who, held) in &clock.held {
        prop_assert!(held.actions <= 2, "{who} holds {} actions", held.actions);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn hostile_numbers_keep_the_fight_within_its_bounds(
        seed in any::<u64>(),
        script in prop::collection::vec(
            (any::<bool>(), any::<u8>(), 0usize..3, 0usize..3, any::<u8>()),
            1..50,
        ),
    ) {
        let mut game = start();
        let first = game.state().clone();
        let skipped = game.log().len();
        let mut dice = SeededDice::new(seed);
        for (wild, kind, a, b, n) in script {
            let c = if wild { hostile(kind, a, b, n) } else { command(kind, a, b, n) };
            let before = json(game.state());
            let entries = game.log().len();
            if game.execute(&c, &mut dice).is_err() {
                // A refused command changes nothing and leaves no entry.
                prop_assert!(json(game.state()) == before, "the refused {:?} changed the battle", c);
                prop_assert_eq!(game.log().len(), entries);
            }
            // rule: CX-DEATH-01 (health at most its maximum; below 1 it is
            // set to 0 and further damage goes negative, never wrapping),
            // CX-RNG-12 (rounds within the magazine), CX-DMG-02 (armor
            // points within the armor's), CX-DMG-03 (shield strength).
            within_bounds(game.state())?;
            turn_within_bounds(game.state())?;
        }
        // The events after the set-up replay, without dice, from the
        // battle as it was then, to the same battle.
        let rebuilt = replay::<CompoundX>(
            first,
            game.log()[skipped..].iter().flat_map(|e| &e.events),
        );
        prop_assert!(json(&rebuilt) == json(game.state()), "the log replays to another battle");
        let whole = replay::<CompoundX>(Battle::new(), game.log().iter().flat_map(|e| &e.events));
        prop_assert!(json(&whole) == json(game.state()), "the whole log replays to another battle");
    }
}
