//! Properties of any Compound X encounter, from its setup on: random
//! sequences of commands, legal or not, over 2-4 combatants (one may be
//! hidden for a surprise round, one may carry the Black Cat), with seeded
//! dice, run through `Game<CompoundX>`. Replaying the log rebuilds the state
//! exactly, each entry's events rebuild its own step, undo restores the
//! state before, a refusal changes nothing, and the numbers of the fight
//! stay within their bounds.

use std::sync::OnceLock;

use nanite_compound_x::combat::{ConditionKind, Cover, Fighter, Fire, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, MeleeKind};
use nanite_compound_x::{DamageType, FireMode};
use nanite_core::{ClockCommand, CombatantId, Game, Ruleset, SeededDice, replay};
use proptest::prelude::*;

use super::arena::{RAIDER, Recruit, VEX, fighter};
use super::support::{COVERS, STANCES, toward_or_away};

const IDS: [&str; 4] = ["vex", "raider", "cat", "pump"];

/// Vex, the raider, Cat (LUCK 1: the Black Cat) and Pump (a pump shotgun,
/// a medikit and Medicine), computed once.
fn roster() -> &'static [Fighter; 4] {
    static ROSTER: OnceLock<[Fighter; 4]> = OnceLock::new();
    ROSTER.get_or_init(|| {
        [
            fighter(VEX),
            fighter(RAIDER),
            Recruit::new("Cat")
                .stat("LUCK", 1)
                .stat("PER", 9)
                .stat("DEX", 8)
                .skill("smgs", 10)
                .weapon("smg", &[], 1)
                .fighter(),
            Recruit::new("Pump")
                .skill("shotguns", 10)
                .skill("medicine", 20)
                .item("medikit", 1)
                .weapon("pump-shotgun", &[], 1)
                .weapon("combat-knife", &[], 0)
                .fighter(),
        ]
    })
}

fn json(battle: &Battle) -> serde_json::Value {
    serde_json::to_value(battle).unwrap()
}

/// `n` combatants, sides taking turns, the last hidden if `hidden`, every
/// pair some metres apart; begun (with a surprise round when one is hidden)
/// if `begun`.
fn setup(n: usize, hidden: bool, begun: bool) -> Game<CompoundX> {
    let mut game = Game::new(Battle::new());
    let mut dice = SeededDice::new(1);
    for (i, who) in IDS.iter().take(n).enumerate() {
        game.execute(
            &Command::Add {
                id: CombatantId::from(*who),
                side: if i % 2 == 0 { "crew" } else { "raiders" }.into(),
                hidden: hidden && i == n - 1,
                fighter: Box::new(roster()[i].clone()),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            &mut dice,
        )
        .unwrap();
    }
    for (i, a) in IDS[..n].iter().enumerate() {
        for (j, b) in IDS[..n].iter().enumerate().skip(i + 1) {
            game.execute(
                &Command::Distance {
                    a: CombatantId::from(*a),
                    b: CombatantId::from(*b),
                    metres: i64::try_from(1 + (i + j) * (i + 2)).unwrap(),
                },
                &mut dice,
            )
            .unwrap();
        }
    }
    if begun {
        game.execute(&Command::RollInitiative { who: vec![] }, &mut dice)
            .unwrap();
        let surprise = if hidden {
            vec![CombatantId::from(IDS[n - 1])]
        } else {
            vec![]
        };
        game.execute(&Command::Clock(ClockCommand::Begin { surprise }), &mut dice)
            .unwrap();
    }
    game
}

/// What the fight offers the next command: whose turn it is, someone
/// downed, a condition on the active combatant.
#[derive(Default)]
struct Context {
    active: Option<CombatantId>,
    downed: Option<CombatantId>,
    condition: Option<ConditionKind>,
}

impl Context {
    fn of(battle: &Battle) -> Context {
        let active = battle.clock.active.clone();
        let downed = battle
            .combatants
            .iter()
            .find(|(_, c)| c.fighter.is_downed())
            .map(|(id, _)| id.clone());
        let condition = active
            .as_ref()
            .and_then(|id| battle.conditions(id).next().map(|c| c.kind));
        Context {
            active,
            downed,
            condition,
        }
    }
}

/// A command from a few numbers. `n` combatants are in the fight; an index
/// `n` names nobody, and a larger one the combatant whose turn it is. Some
/// commands lean on the context so that they are often legal.
fn command(kind: u8, a: usize, b: usize, x: u8, n: usize, context: &Context) -> Command {
    let name = |i: usize| match (i, &context.active) {
        (i, _) if i < n => CombatantId::from(IDS[i]),
        (i, Some(active)) if i > n => active.clone(),
        _ => CombatantId::from("ghost"),
    };
    let (who, at) = (name(a), name(b));
    let actor = if a < 4 {
        context.active.clone().unwrap_or_else(|| who.clone())
    } else {
        who.clone()
    };
    let patient = context.downed.clone().unwrap_or_else(|| at.clone());
    let x_us = usize::from(x);
    let condition = ConditionKind::ALL[x_us % ConditionKind::ALL.len()];
    // Someone other than the actor, or (now and then) nobody.
    let others: Vec<&str> = IDS[..n]
        .iter()
        .copied()
        .filter(|i| *i != actor.as_str())
        .collect();
    let other = if b == 5 {
        CombatantId::from("ghost")
    } else {
        CombatantId::from(others[b % others.len()])
    };
    match kind % 48 {
        0 => Command::RollInitiative { who: vec![] },
        1 => Command::RollInitiative { who: vec![who] },
        2 => Command::Clock(ClockCommand::SetInitiative {
            id: who,
            total: i64::from(x % 100),
        }),
        3 => Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        4 => Command::Clock(ClockCommand::Begin {
            surprise: vec![name(n - 1)],
        }),
        5..=11 => Command::Clock(ClockCommand::NextTurn),
        // The GM ends the fight now and then.
        12 if x % 8 == 0 => Command::Clock(ClockCommand::End),
        12 => Command::Clock(ClockCommand::NextTurn),
        13 | 14 => Command::Aim { id: actor },
        15..=21 => Command::Fire {
            id: actor,
            target: other.clone(),
            weapon: usize::from(x % 7 == 0),
            mode: [
                FireMode::Semi,
                FireMode::Semi,
                FireMode::Burst,
                FireMode::Auto,
            ][x_us % 4],
            fire: [Some(Fire::Blind), None, Some(Fire::Hip), Some(Fire::Aimed)][x_us / 4 % 4],
            distance: None,
            cover: None,
        },
        22 | 23 => Command::Reload {
            id: actor,
            weapon: 0,
        },
        24 => Command::ClearJam {
            id: actor,
            weapon: 0,
        },
        25 => Command::Stance {
            id: who,
            to: STANCES[x_us % 4],
        },
        26 => Command::Position {
            id: who,
            cover: Some(COVERS[x_us % 3]),
            stance: Some(STANCES[x_us / 3 % 4]),
        },
        27 => Command::Distance {
            a: who,
            b: at,
            metres: i64::from(x % 50) - 2,
        },
        28 | 29 => Command::Harm {
            target: at,
            amount: i64::from(x) - 10,
            damage_type: [
                DamageType::Ballistic,
                DamageType::Laser,
                DamageType::Plasma,
                DamageType::Explosive,
            ][x_us % 4],
            apl: i64::from(x % 5),
            why: "a hazard".into(),
        },
        30 | 31 => Command::Afflict {
            target: at,
            condition,
            turns: [None, Some(0), Some(1), Some(3)][x_us / 16 % 4],
        },
        32 => Command::Cure {
            target: at,
            condition,
        },
        33 => Command::Save {
            id: actor,
            condition: context.condition.unwrap_or(condition),
        },
        34 => Command::Stabilize {
            id: actor,
            target: patient,
            kit: x % 2 == 0,
            count_revive: x % 3 == 0,
        },
        35 if patient != actor => Command::Distance {
            a: actor,
            b: patient,
            metres: 1,
        },
        35 => Command::Clock(ClockCommand::NextTurn),
        36 => Command::Hold {
            id: who,
            actions: u32::from(x % 4),
            trigger: if x % 5 == 0 { " " } else { "they move" }.into(),
        },
        37 => Command::Clock(ClockCommand::Trigger { id: who }),
        38 => Command::PenaltyAttack {
            by: who,
            target: other,
            why: "a test".into(),
        },
        39 => Command::Check {
            id: who,
            skill: ["awareness", "medicine", "maneuver", "juggling"][x_us % 4].into(),
            dc: i64::from(x),
            hidden: x % 2 == 0,
            effort: [
                nanite_compound_x::check::Effort::Roll,
                nanite_compound_x::check::Effort::Take50,
                nanite_compound_x::check::Effort::Take100,
            ][x_us % 3],
            combined_with: (x % 5 == 0).then(|| "medicine".into()),
        },
        40 => Command::Act {
            id: who,
            what: "something".into(),
            actions: u32::from(x % 6),
        },
        41 => Command::FastRecharge { id: who },
        // Outright kills are rare.
        42 if x % 6 == 0 => Command::Kill {
            target: at,
            why: "a hazard".into(),
        },
        42 => Command::Harm {
            target: at,
            amount: 60,
            damage_type: DamageType::Explosive,
            apl: 0,
            why: "a blast".into(),
        },
        43 => Command::Melee {
            id: actor,
            target: other,
            weapon: if x % 2 == 0 { None } else { Some(1) },
            kind: [MeleeKind::Strike, MeleeKind::Shove, MeleeKind::Kick][x_us % 3],
            flanking: x % 7 == 0,
        },
        44 => Command::Move {
            id: who,
            metres: i64::from(x % 8),
            way: toward_or_away(x % 2 == 0, at),
            sprint: x % 3 == 0,
            cover: None,
            concealed: false,
        },
        45 => Command::Clock(ClockCommand::Hide {
            id: who,
            hidden: x % 2 == 0,
        }),
        46 => Command::Clock(ClockCommand::Place {
            id: who,
            position: x_us % 5,
        }),
        _ => Command::Distance {
            a: who,
            b: at,
            metres: 1,
        },
    }
}

/// Health, armor points, shields, nanites, rounds and magazines, and the
/// clock's budgets stay where the rules keep them.
fn within_bounds(battle: &Battle) -> Result<(), TestCaseError> {
    for (who, c) in &battle.combatants {
        let f = &c.fighter;
        prop_assert!(f.hp <= f.max_hp, "{who}: health {} of {}", f.hp, f.max_hp);
        prop_assert!(f.hp > -10_000_000, "{who}: health {}", f.hp);
        prop_assert!(
            (0..=f.max_nanites).contains(&f.nanites),
            "{who}: nanites {} of {}",
            f.nanites,
            f.max_nanites
        );
        if let Some(a) = &f.armor {
            prop_assert!(
                (0..=a.armor_points).contains(&a.points_left),
                "{who}: {a:?}"
            );
            prop_assert!(a.apl >= 0, "{who}: {a:?}");
        }
        if let Some(s) = &f.shield {
            prop_assert!((0..=s.max).contains(&s.strength), "{who}: {s:?}");
            prop_assert!((0..=s.restart_turns).contains(&s.waited), "{who}: {s:?}");
        }
        for w in &f.weapons {
            prop_assert!((0..=w.magazine).contains(&w.loaded), "{who}: {w:?}");
            prop_assert!(w.spare_magazines >= 0, "{who}: {w:?}");
        }
        let saves = f.death_saves;
        prop_assert!((1..=3).contains(&saves.allowance), "{who}: {saves:?}");
        prop_assert!(saves.failures <= saves.allowance, "{who}: {saves:?}");
        prop_assert!(c.revives >= 0, "{who}: revives {}", c.revives);
    }
    let clock = &battle.clock;
    prop_assert!(clock.budget.left <= clock.budget.total);
    prop_assert!(clock.budget.total <= 4);
    prop_assert!(
        clock.reactions.values().all(|r| *r <= 3),
        "{:?}",
        clock.reactions
    );
    prop_assert!(
        clock.held.values().all(|h| h.actions <= 2),
        "{:?}",
        clock.held
    );
    let mut order = clock.order.clone();
    order.sort();
    let mut seats: Vec<CombatantId> = clock.seats.iter().map(|s| s.id.clone()).collect();
    seats.sort();
    prop_assert_eq!(order, seats);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // rule: CX-TURN-03
    // rule: CX-TURN-04
    // rule: CX-TURN-05
    // rule: CX-DMG-02
    // rule: CX-DMG-04
    // rule: CX-RNG-12
    // rule: CX-DEATH-04
    #[test]
    fn replay_undo_refusals_and_bounds_hold_for_any_encounter(
        n in 2usize..=4,
        hidden in any::<bool>(),
        begun in prop::bool::weighted(0.75),
        seed in any::<u64>(),
        script in prop::collection::vec((any::<u8>(), 0usize..8, 0usize..6, any::<u8>()), 1..28),
    ) {
        let mut game = setup(n, hidden, begun);
        let mut dice = SeededDice::new(seed);
        let mut dead: Vec<CombatantId> = Vec::new();
        for (kind, a, b, x) in script {
            let before = game.state().clone();
            let before_json = json(&before);
            let entries = game.log().len();
            let command = command(kind, a, b, x, n, &Context::of(game.state()));
            match game.execute(&command, &mut dice) {
                Ok(_) => {
                    // The entry's events alone rebuild this step.
                    let events = game.log().last().unwrap().events.clone();
                    let mut stepped = before.clone();
                    for e in &events {
                        CompoundX::evolve(&mut stepped, e);
                    }
                    prop_assert_eq!(json(&stepped), json(game.state()), "{:?}", command);
                    // Undo restores exactly the state before.
                    let mut undone = game.clone();
                    undone.undo();
                    prop_assert_eq!(json(undone.state()), before_json.clone());
                    prop_assert_eq!(undone.log().len(), entries);
                }
                Err(why) => {
                    prop_assert_eq!(json(game.state()), before_json, "{}", why);
                    prop_assert_eq!(game.log().len(), entries);
                    prop_assert!(!why.to_string().trim().is_empty());
                }
            }
            within_bounds(game.state())?;
            // The dead stay dead.
            for id in &dead {
                prop_assert!(game.state().combatants[id].fighter.dead, "{id} rose");
            }
            dead = game
                .state()
                .combatants
                .iter()
                .filter(|(_, c)| c.fighter.dead)
                .map(|(id, _)| id.clone())
                .collect();
        }
        // The whole log, replayed without dice from the start, is the state.
        let start = setup(n, hidden, begun);
        let rebuilt = replay::<CompoundX>(
            start.state().clone(),
            game.log().iter().skip(start.log().len()).flat_map(|e| &e.events),
        );
        prop_assert_eq!(json(&rebuilt), json(game.state()));
        let from_empty = replay::<CompoundX>(Battle::new(), game.log().iter().flat_map(|e| &e.events));
        prop_assert_eq!(json(&from_empty), json(game.state()));
    }
}
