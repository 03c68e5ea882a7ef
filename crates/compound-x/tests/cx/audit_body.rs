//! The audit of Compound X's body rules from the seed documents (issue 21):
//! conditions and death, each expected number worked out by hand from the
//! seed's own sentence, with forced dice (CX-COND, CX-DEATH).

use nanite_compound_x::combat::{ConditionKind, Stance};

use super::arena::{Arena, act, afflict, blast, save, stance};

#[test]
fn audit_condition_damage_at_the_extremes_of_its_dice() {
    // rule: CX-COND-01
    // 000: "Bleeding - d10/2+1 (drop the remainder) stackable damage per turn."
    // rule: CX-COND-02
    // 000: "Burning - 2d10 damage per turn."
    // rule: CX-COND-03
    // 000: "Frozen - d10 damage per turn."
    // rule: CX-COND-05
    // 000: "Necrosis - 2d10 +5 damage per turn."
    // rule: CX-COND-07
    // 000: "Plasma Burn - 1d10+1 stackable damage per turn, for 2 turns"
    // rule: CX-COND-08
    // 000: "Poisoned - d10 damage per turn. ... Greater / Lesser poison increases
    //       damage (+5/-5)"
    // (condition, dice, damage): worked by hand from the sentences above.
    let cases: [(ConditionKind, &[i64], i64); 14] = [
        // 10/2+1 = 6; 9/2 = 4 (remainder dropped) +1 = 5; 1/2 = 0 +1 = 1.
        (ConditionKind::Bleeding, &[10], 6),
        (ConditionKind::Bleeding, &[9], 5),
        (ConditionKind::Bleeding, &[1], 1),
        // 10+10 = 20; 1+1 = 2.
        (ConditionKind::Burning, &[10, 10], 20),
        (ConditionKind::Burning, &[1, 1], 2),
        (ConditionKind::Frozen, &[10], 10),
        (ConditionKind::Frozen, &[1], 1),
        // 10+10+5 = 25; 1+1+5 = 7.
        (ConditionKind::Necrosis, &[10, 10], 25),
        (ConditionKind::Necrosis, &[1, 1], 7),
        // plasma: 10+1 = 11; 1+1 = 2.
        (ConditionKind::PlasmaBurn, &[10], 11),
        (ConditionKind::PlasmaBurn, &[1], 2),
        (ConditionKind::Poisoned, &[10], 10),
        // greater: 1+5 = 6; lesser: 10-5 = 5.
        (ConditionKind::GreaterPoison, &[1], 6),
        (ConditionKind::LesserPoison, &[10], 5),
    ];
    for (kind, dice, damage) in cases {
        let mut a = Arena::duel();
        a.run(afflict("raider", kind, None), &[]);
        a.run(act("vex", "watch", 1), &[]);
        let log = a.next(dice);
        assert!(
            log.contains(&format!("Depot Raider takes {damage} from {}", kind.key())),
            "{kind:?} {dice:?}: {log}"
        );
        assert_eq!(a.hp("raider"), 120 - damage, "{kind:?} {dice:?}");
    }
}

#[test]
fn audit_downed_below_one_at_zero_then_negative() {
    // rule: CX-DEATH-01
    // 002: "The state of having less than one Health Point is called being
    //       \"Downed.\""
    // 002: "Even if you had 5 health and took 80 damage, when you go down you go
    //       to 0 health. Any additional attacks you sustain will push you into
    //       negative health."
    // Edge: exactly 1 HP left is not downed (120 - 60 - 59 = 1). Blasts of
    // 70 or less: no Shock save (CX-DEATH-10) to roll.
    let mut a = Arena::duel();
    a.run(blast("raider", 60), &[]);
    a.run(blast("raider", 59), &[]);
    assert_eq!(a.hp("raider"), 1);
    assert!(!a.f("raider").is_downed());
    // 1 HP taking 60: goes to 0, not -59.
    a.run(blast("raider", 60), &[]);
    assert_eq!(a.hp("raider"), 0);
    assert!(a.f("raider").is_downed());
    // Further damage pushes negative: 0 - 30 = -30.
    a.run(blast("raider", 30), &[]);
    assert_eq!(a.hp("raider"), -30);
}

#[test]
fn audit_will_saves_against_fear_and_pinned_down_need_more_than_the_dc() {
    // rule: CX-COND-04
    // 000: "Fear - No actions, except running away form the source of fear, or
    //       rolling to defeat fear. DC 50, Will save."
    // 000: "Fear, Greater - No actions, except rolling to defeat fear. DC 75,
    //       Will save."
    // rule: CX-COND-06
    // 000: "Pinned Down - Target pinned (hunkered, no movement) for 2 full turns
    //       or until they pass a Will saving throw at DC of 70"
    // Ties fail (CX-DICE-03). Vex's Will bonus is +12.
    // (condition, d100 dice, ends): 38 + 12 = 50 holds; 39 + 12 = 51 ends;
    // 63 + 12 = 75 holds; 64 + 12 = 76 ends; 58 + 12 = 70 holds;
    // 59 + 12 = 71 ends; 100 + 12 ends them all.
    let cases: [(ConditionKind, [i64; 2], bool); 9] = [
        (ConditionKind::Fear, [3, 8], false),
        (ConditionKind::Fear, [3, 9], true),
        (ConditionKind::Fear, [10, 10], true),
        (ConditionKind::GreaterFear, [6, 3], false),
        (ConditionKind::GreaterFear, [6, 4], true),
        (ConditionKind::GreaterFear, [10, 10], true),
        (ConditionKind::PinnedDown, [5, 8], false),
        (ConditionKind::PinnedDown, [5, 9], true),
        (ConditionKind::PinnedDown, [10, 10], true),
    ];
    for (kind, dice, ends) in cases {
        let mut a = Arena::duel();
        a.run(afflict("vex", kind, None), &[]);
        let log = a.run(save("vex", kind), &dice);
        assert_eq!(!a.has("vex", kind), ends, "{kind:?} {dice:?}: {log}");
        // rule: CX-TURN-06
        // 002: "Attempting a save to end an ongoing condition takes one
        //       Action ... A character may only attempt to recover from a
        //       particular condition once per round."
        assert_eq!(a.left(), 3, "{kind:?}: 4 - 1 action");
        if !ends {
            a.refuse(save("vex", kind), &dice);
            assert!(a.has("vex", kind));
            assert_eq!(a.left(), 3, "a refused save costs nothing");
        }
    }
}

#[test]
fn audit_stance_changes_cost_what_the_seed_says() {
    // rule: CX-MOVE-04
    // 000: "Crouching is a free action, and standing up costs 1 Action."
    // rule: CX-MOVE-05
    // 000: "Going prone costs 1 Action, and standing up costs 1 Action."
    // rule: CX-MOVE-06
    // 000: "Hunkering costs 1 action ... Its a free action to un-hunker."
    // (new stance, actions left after it), from Vex's 4.
    let steps: [(Stance, u32); 4] = [
        (Stance::Crouched, 4),
        (Stance::Standing, 3),
        (Stance::Prone, 2),
        (Stance::Standing, 1),
    ];
    let mut a = Arena::duel();
    for (to, left) in steps {
        let log = a.run(stance("vex", to), &[]);
        assert_eq!((a.c("vex").stance, a.left()), (to, left), "{log}");
    }
    let mut a = Arena::duel();
    a.run(stance("vex", Stance::Hunkered), &[]);
    assert_eq!(a.left(), 3);
    a.run(stance("vex", Stance::Standing), &[]);
    assert_eq!((a.c("vex").stance, a.left()), (Stance::Standing, 3));
}

#[test]
fn audit_the_third_failed_death_save_kills_whatever_succeeds_between() {
    // rule: CX-DEATH-03
    // 002: "Every turn that a character takes while they are downed, they
    //       must make a Death Saving Throw of DC 50."
    // rule: CX-DEATH-04
    // 000: "If you succeed a DST, ... you continue bleeding out; however, you
    //       get to roll again next turn. If you fail 3 DSTs, you die."
    // Ties fail: d100 50 fails, 51 holds on. The raider's turns: hold, fail,
    // hold, fail, fail (the third failure, the fifth save) -> dead.
    let mut a = Arena::duel();
    a.run(blast("raider", 60), &[]);
    a.run(blast("raider", 60), &[]);
    assert!(a.f("raider").is_downed());
    let saves: [([i64; 2], &str); 5] = [
        ([5, 1], "d100 = 51 against DC 50: holds on"),
        ([5, 10], "d100 = 50 against DC 50: failed, 2 left"),
        ([10, 10], "d100 = 100 against DC 50: holds on"),
        ([10, 1], "d100 = 1 against DC 50: failed, 1 left"),
        ([5, 10], "failed: the last one"),
    ];
    for (n, (dice, expected)) in saves.into_iter().enumerate() {
        let log = a.next(&dice);
        assert!(log.contains(expected), "save {}: {log}", n + 1);
        if n < 4 {
            assert!(!a.f("raider").dead, "save {}", n + 1);
            a.next(&[]);
        }
    }
    assert!(a.f("raider").dead);
}

#[test]
fn audit_each_turn_has_four_actions_and_unused_ones_do_not_carry() {
    // rule: CX-TURN-03
    // 002: "During Combat, each character gets one Turn per Round. You get 4
    //       Actions on your turn"
    // Vex spends 3, the raider spends 0, and each new turn has 4 again.
    let mut a = Arena::duel();
    assert_eq!((a.active().as_deref(), a.left()), (Some("vex"), 4));
    a.run(act("vex", "watch", 3), &[]);
    assert_eq!(a.left(), 1);
    a.next(&[]);
    assert_eq!((a.active().as_deref(), a.left()), (Some("raider"), 4));
    a.next(&[]);
    assert_eq!((a.active().as_deref(), a.left()), (Some("vex"), 4));
    assert_eq!(a.state().round(), 2);
}
