//! Conditions in a running fight, with forced dice: ticks at the start of
//! the bearer's turn, bleeding's stacks, burning's stages, plasma burn's two
//! turns, poison's Fortitude check, fear, pinned down, drink, the conditions
//! that take whole turns, and suppression as a condition (CX-COND-01..12).

use nanite_compound_x::DamageType;
use nanite_compound_x::FireMode;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Fire, Stance};
use nanite_compound_x::encounter::{Command, MeleeKind};

use super::arena::{
    Arena, act, afflict, aim, blow, check, fire, fire_with, harm, id, reload, save, stabilize,
    stance, suppress,
};
use super::skirmish::{away, step, toward};

/// The effect count of `kind` on `who`, and their stacks.
fn stacks(a: &Arena, who: &str, kind: ConditionKind) -> Vec<u32> {
    a.state()
        .conditions(&id(who))
        .filter(|c| c.kind == kind)
        .map(|c| c.stacks)
        .collect()
}

#[test]
fn conditions_deal_their_damage_at_the_start_of_the_bearers_turn() {
    // rule: CX-COND-01
    // rule: CX-COND-02
    // rule: CX-COND-03
    // rule: CX-COND-05
    // rule: CX-COND-07
    // rule: CX-COND-08
    // (condition, dice at the raider's turn start, damage)
    let cases: [(ConditionKind, &[i64], i64); 10] = [
        (ConditionKind::Bleeding, &[7], 4),
        (ConditionKind::Bleeding, &[1], 1),
        (ConditionKind::Burning, &[3, 4], 7),
        (ConditionKind::Frozen, &[6], 6),
        (ConditionKind::Necrosis, &[2, 3], 10),
        (ConditionKind::PlasmaBurn, &[4], 5),
        (ConditionKind::Poisoned, &[8], 8),
        (ConditionKind::GreaterPoison, &[8], 13),
        (ConditionKind::LesserPoison, &[8], 3),
        (ConditionKind::LesserPoison, &[3], 0),
    ];
    for (kind, dice, damage) in cases {
        let mut a = Arena::duel();
        a.run(afflict("raider", kind, None), &[]);
        // Vex's own turn goes on; nothing ticks on the raider yet.
        a.run(act("vex", "watch", 1), &[]);
        assert_eq!(a.hp("raider"), 120);
        let log = a.next(dice);
        assert!(
            log.contains(&format!("Depot Raider takes {damage} from {}", kind.key())),
            "{kind:?}: {log}"
        );
        assert_eq!(a.hp("raider"), 120 - damage, "{kind:?}");
        // Vex's next turn start does not tick the raider's condition.
        a.next(&[]);
    }
    // Conditions that deal no damage roll nothing.
    let mut a = Arena::duel();
    for kind in [
        ConditionKind::Fear,
        ConditionKind::Buzzed,
        ConditionKind::PinnedDown,
    ] {
        a.run(afflict("raider", kind, None), &[]);
    }
    a.next(&[]);
    assert_eq!(a.hp("raider"), 120);
}

#[test]
fn bleeding_stacks_on_one_effect_and_ends_by_the_sources_check() {
    // rule: CX-COND-01
    let mut a = Arena::duel();
    for _ in 0..3 {
        a.run(afflict("raider", ConditionKind::Bleeding, None), &[]);
    }
    assert_eq!(stacks(&a, "raider", ConditionKind::Bleeding), [3]);
    // One d10 per stack: 2/2+1 + 5/2+1 + 10/2+1 = 2 + 3 + 6.
    let log = a.next(&[2, 5, 10]);
    assert!(
        log.contains("Depot Raider takes 11 from bleeding (dice [2, 5, 10], CX-COND)"),
        "{log}"
    );
    // Its DC comes from its source: no save of its own; a Medicine check
    // (1 action) and the GM's cure end it.
    let why = a.refuse(save("raider", ConditionKind::Bleeding), &[]);
    assert!(why.contains("its source sets the check"), "{why}");
    a.run(check("raider", "medicine", 30, Effort::Roll), &[9, 9]);
    a.run(
        Command::Cure {
            target: id("raider"),
            condition: ConditionKind::Bleeding,
        },
        &[],
    );
    a.next(&[]);
    let log = a.next(&[]);
    assert!(!log.contains("bleeding"), "{log}");
}

#[test]
fn burning_grows_a_d10_every_two_turns_until_rolled_out() {
    // rule: CX-COND-02
    // rule: CX-TURN-06
    let mut a = Arena::duel();
    a.run(afflict("raider", ConditionKind::Burning, None), &[]);
    // Turns 1-2: 2d10; 3-4: 3d10; 5: 4d10.
    let ticks: [&[i64]; 5] = [&[1, 1], &[1, 2], &[1, 1, 1], &[2, 2, 2], &[1, 1, 1, 1]];
    let mut hp = 120;
    for dice in ticks {
        let log = a.next(dice);
        let damage: i64 = dice.iter().sum();
        hp -= damage;
        assert!(
            log.contains(&format!("takes {damage} from burning (dice {dice:?}")),
            "{log}"
        );
        assert_eq!(a.hp("raider"), hp);
        a.next(&[]);
    }
    // A Maneuver check against DC 40 ends it: the raider's DEX 7 (+8) and
    // no points: 33 + 8 = 41.
    a.next(&[1, 1, 1, 1]);
    a.run(save("raider", ConditionKind::Burning), &[3, 3]);
    assert!(!a.has("raider", ConditionKind::Burning));
}

#[test]
fn plasma_burns_stack_and_each_lasts_two_turns() {
    // rule: CX-COND-07
    let mut a = Arena::duel();
    a.run(afflict("raider", ConditionKind::PlasmaBurn, None), &[]);
    a.run(afflict("raider", ConditionKind::PlasmaBurn, None), &[]);
    assert_eq!(stacks(&a, "raider", ConditionKind::PlasmaBurn), [1, 1]);
    // Turn 1: two burns, 1d10+1 each.
    let log = a.next(&[3, 4]);
    assert!(log.contains("takes 4 from plasma-burn"), "{log}");
    assert!(log.contains("takes 5 from plasma-burn"), "{log}");
    a.next(&[]);
    // A third burn joins; turn 2 ends the first two after their ticks.
    a.run(afflict("raider", ConditionKind::PlasmaBurn, None), &[]);
    let log = a.next(&[1, 1, 1]);
    assert_eq!(
        log.matches("plasma burn ends after 2 turns (CX-COND-07)")
            .count(),
        2,
        "{log}"
    );
    assert_eq!(stacks(&a, "raider", ConditionKind::PlasmaBurn), [1]);
    a.next(&[]);
    let log = a.next(&[9]);
    assert!(log.contains("takes 10 from plasma-burn"), "{log}");
    assert!(!a.has("raider", ConditionKind::PlasmaBurn));
    assert_eq!(a.hp("raider"), 120 - 9 - 3 * 2 - 10);
}

#[test]
fn plasma_burns_through_missed_or_pierced_armor_and_dulls_struck_armor() {
    // rule: CX-COND-07
    // rule: CX-DMG-05
    // The raider's padded vest: 40%, APL 1. (APL of the blow, armor d100,
    // burn, the vest's APL after)
    let cases: [(i64, [i64; 2], bool, i64); 3] = [
        // 9,10 = 90 misses the vest: half damage to the body, and a burn.
        (1, [9, 10], true, 1),
        // 1,10 = 10 strikes it, APL 1 pierces: a burn, and the vest's APL
        // drops to 0.
        (1, [1, 10], true, 0),
        // APL 0 is blocked: no burn, but the plasma still dulls the vest.
        (0, [1, 10], false, 0),
    ];
    for (apl, dice, burn, vest) in cases {
        let mut a = Arena::duel();
        a.run(harm("raider", 20, DamageType::Plasma, apl), &dice);
        assert_eq!(
            a.has("raider", ConditionKind::PlasmaBurn),
            burn,
            "{apl} {dice:?}"
        );
        assert_eq!(a.f("raider").armor.as_ref().unwrap().apl, vest);
    }
}

#[test]
fn poison_calls_for_a_fortitude_check_after_five_turns() {
    // rule: CX-COND-08
    // rule: CX-DEATH-10
    // The raider's FORT 6: +4. (kind, tick die, check d100, unconscious)
    let cases = [
        (ConditionKind::Poisoned, 1, [4, 6], true),
        (ConditionKind::Poisoned, 1, [4, 7], false),
        (ConditionKind::GreaterPoison, 1, [7, 1], true),
        (ConditionKind::GreaterPoison, 1, [7, 2], false),
        (ConditionKind::LesserPoison, 6, [3, 6], true),
        (ConditionKind::LesserPoison, 6, [3, 7], false),
    ];
    for (kind, tick, check, out) in cases {
        let mut a = Arena::duel();
        a.run(afflict("raider", kind, None), &[]);
        for turn in 1..=4 {
            let log = a.next(&[tick]);
            assert!(!log.contains("Fortitude"), "turn {turn}: {log}");
            a.next(&[]);
        }
        // The fifth tick, the check, and (unconscious at the start of its
        // turn) the roll to wake of that turn: 1,1 = 11 + Shock 10.
        let mut dice = vec![tick, check[0], check[1]];
        if out {
            dice.extend([1, 1]);
        }
        let log = a.next(&dice);
        let dc = match kind {
            ConditionKind::Poisoned => 50,
            ConditionKind::GreaterPoison => 75,
            _ => 40,
        };
        assert!(
            log.contains(&format!(
                "Fortitude check after 5 turns of poison (DC {dc}, CX-COND-08)"
            )),
            "{log}"
        );
        assert_eq!(
            a.has("raider", ConditionKind::Unconscious),
            out,
            "{kind:?} {log}"
        );
        assert!(a.has("raider", kind), "the poison goes on");
        // No second check.
        a.next(&[]);
        let mut dice = vec![tick];
        if out {
            dice.extend([1, 1]);
        }
        let log = a.next(&dice);
        assert!(!log.contains("Fortitude"), "{log}");
    }
}

#[test]
fn fear_allows_only_fleeing_and_the_save() {
    // rule: CX-COND-04
    // rule: CX-TURN-06
    let mut a = Arena::duel();
    a.run(super::arena::distance("vex", "raider", 1), &[]);
    a.run(super::arena::blast("raider", 60), &[]);
    a.run(super::arena::blast("raider", 60), &[]);
    a.run(afflict("vex", ConditionKind::Fear, None), &[]);
    let refused = [
        aim("vex"),
        fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Blind)),
        blow("vex", "raider", None, MeleeKind::Strike, false),
        stabilize("vex", "raider", false),
        check("vex", "awareness", 50, Effort::Roll),
        stance("vex", Stance::Prone),
        step("vex", 2, toward("raider"), false),
    ];
    for command in refused {
        let why = a.refuse(command, &[5, 5, 5]);
        assert!(why.contains("(CX-COND-04)"), "{why}");
    }
    // Fleeing: a move away.
    a.run(step("vex", 3, away("raider"), false), &[]);
    // 40 + Will 12 = 52 > 50 ends it; then Vex may act.
    a.run(save("vex", ConditionKind::Fear), &[4, 10]);
    a.run(aim("vex"), &[]);
}

#[test]
fn greater_fear_allows_only_the_save() {
    // rule: CX-COND-04
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::GreaterFear, None), &[]);
    let why = a.refuse(step("vex", 3, away("raider"), false), &[]);
    assert!(why.contains("greater-fear"), "{why}");
    let why = a.refuse(reload("vex"), &[]);
    assert!(why.contains("roll a DC 75 Will save (CX-COND-04)"), "{why}");
    // 63 + 12 = 75 is not above 75; the next round 64 + 12 = 76 is.
    a.run(save("vex", ConditionKind::GreaterFear), &[6, 3]);
    a.next(&[]);
    a.next(&[]);
    a.run(save("vex", ConditionKind::GreaterFear), &[6, 4]);
    assert!(!a.has("vex", ConditionKind::GreaterFear));
}

#[test]
fn pinned_down_hunkers_and_holds_still_for_two_full_turns() {
    // rule: CX-COND-06
    // rule: CX-MOVE-06
    // Pinned on its own turn or on the raider's in round 1, Vex stays
    // pinned through its turns of rounds 2 and 3.
    for on_own_turn in [true, false] {
        let mut a = Arena::duel();
        if !on_own_turn {
            a.next(&[]);
        }
        a.run(afflict("vex", ConditionKind::PinnedDown, None), &[]);
        assert_eq!(a.c("vex").stance, Stance::Hunkered);
        if on_own_turn {
            a.next(&[]);
        }
        a.next(&[]);
        for round in [2, 3] {
            assert_eq!(
                (a.state().round(), a.active().as_deref()),
                (round, Some("vex"))
            );
            assert!(a.has("vex", ConditionKind::PinnedDown), "{on_own_turn}");
            let why = a.refuse(stance("vex", Stance::Standing), &[]);
            assert!(why.contains("pinned down"), "{why}");
            let why = a.refuse(step("vex", 2, away("raider"), false), &[]);
            assert!(
                why.contains("pinned down: unable to move (CX-COND-06)"),
                "{why}"
            );
            // Hunkered: only blind fire.
            a.run(aim("vex"), &[]);
            let why = a.refuse(fire("vex", "raider"), &[5]);
            assert_eq!(
                why,
                "vex cannot fire: pinned down, it stays hunkered and can only blind fire, until 2 full turns pass or a DC 70 Will save (CX-COND-06, CX-MOVE-06)"
            );
            a.run(
                fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Blind)),
                &[2],
            );
            if round == 2 {
                a.next(&[]);
                a.next(&[]);
            }
        }
        let log = a.next(&[]);
        assert!(
            log.contains("pinned-down ended at the end of vex's turn"),
            "{log}"
        );
        assert!(!a.has("vex", ConditionKind::PinnedDown));
    }
    // A DC 70 Will save ends it early: 59 + 12 = 71.
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::PinnedDown, None), &[]);
    a.run(save("vex", ConditionKind::PinnedDown), &[5, 9]);
    a.run(stance("vex", Stance::Standing), &[]);
}

#[test]
fn drink_makes_every_attack_harder() {
    // rule: CX-COND-09
    // rule: CX-COND-10
    // (condition, extra miss chance)
    for (kind, extra) in [(ConditionKind::Buzzed, 1), (ConditionKind::Hammered, 3)] {
        // A blow: the raider's knife at 1 m, miss chance 2.
        let mut a = Arena::duel();
        a.next(&[]);
        a.run(afflict("raider", kind, None), &[]);
        a.run(super::arena::distance("vex", "raider", 1), &[]);
        let mc = 2 + extra;
        let log = a.run(
            blow("raider", "vex", Some(1), MeleeKind::Strike, false),
            &[mc],
        );
        assert!(
            log.contains(&format!("d10 {mc} <= miss chance {mc}: miss")),
            "{log}"
        );
        // A shot: the AR-7 from the hip at 0-15 m, 6.
        let mc = 6 + extra;
        let log = a.run(fire("raider", "vex"), &[mc]);
        assert!(log.contains(&format!("+{extra} conditions")), "{log}");
        assert!(
            log.contains(&format!("d10 {mc} <= miss chance {mc}: miss")),
            "{log}"
        );
    }
}

#[test]
fn stunned_paralyzed_and_unconscious_combatants_lose_their_turns() {
    // rule: CX-COND-11
    lose_their_turns(&[
        act("raider", "shout", 0),
        aim("raider"),
        fire("raider", "vex"),
    ]);
}

/// Puts each of stunned, paralyzed and unconscious on the raider for 1 turn
/// in a fresh duel and checks that its turn comes with no actions, that each
/// of `refused` is refused for it (with a die of 5 on hand), that only the
/// unconscious fall prone, and that the turn after is its own again
/// (CX-COND-11).
pub(super) fn lose_their_turns(refused: &[Command]) {
    // (condition, dice at its turn start)
    let cases: [(ConditionKind, &[i64]); 3] = [
        (ConditionKind::Stunned, &[]),
        (ConditionKind::Paralyzed, &[]),
        // The roll to wake: 1,1 = 11 + Shock 10 fails DC 70.
        (ConditionKind::Unconscious, &[1, 1]),
    ];
    for (kind, dice) in cases {
        let mut a = Arena::duel();
        a.run(afflict("raider", kind, Some(1)), &[]);
        let log = a.next(dice);
        assert!(
            log.contains(&format!("{} (CX-COND-11) (4 actions)", kind.key())),
            "{log}"
        );
        assert_eq!(a.left(), 0);
        for command in refused {
            let why = a.refuse(command.clone(), &[5]);
            assert!(
                why.contains(&format!("{} (no actions, CX-COND-11)", kind.key())),
                "{why}"
            );
        }
        assert_eq!(
            a.c("raider").stance == Stance::Prone,
            kind == ConditionKind::Unconscious,
            "only the unconscious fall prone"
        );
        // It lasted 1 turn: the raider's next turn is its own again.
        a.next(&[]);
        assert!(!a.has("raider", kind), "{kind:?}");
        let log = a.next(&[]);
        assert!(log.contains("-- Depot Raider's turn (4 actions)"), "{log}");
        assert_eq!((a.active().as_deref(), a.left()), (Some("raider"), 4));
    }
}

#[test]
fn a_suppressed_shooter_takes_one_more_miss_chance() {
    // rule: CX-COND-12
    // rule: CX-SUP-01
    let mut a = Arena::duel();
    a.next(&[]);
    // The raider suppresses Vex (medium, 6 rounds; its last action).
    a.run(suppress("raider", "vex", None), &[]);
    assert!(a.state().is_suppressed(&id("vex")));
    a.next(&[]);
    a.run(aim("vex"), &[]);
    // The SMG's aimed 4 at 11-20 m, +1 suppressed.
    let log = a.run(fire("vex", "raider"), &[5]);
    assert!(log.contains("+1 suppressed (CX-SUP-01)"), "{log}");
    assert!(log.contains("d10 5 <= miss chance 5: miss"), "{log}");
}
