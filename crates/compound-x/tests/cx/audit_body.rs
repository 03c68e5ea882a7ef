//! The audit of Compound X's body rules from the seed documents (issue 21):
//! conditions and drink, death and stabilizing, healing (with taking 50 or
//! 100 on a treatment or a repair), rests and falls, the turn and movement,
//! each expected number worked out by hand from the seed's own sentence,
//! with forced dice (CX-COND, CX-DEATH, CX-HEAL, CX-TURN, CX-MOVE).

use nanite_compound_x::DamageType;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Stance};
use nanite_compound_x::encounter::Command;

use super::arena::{
    Arena, RAIDER, Recruit, VEX, act, afflict, blast, check, fighter, harm, id, position, rest,
    save, stance, suppress,
};

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

/// Doc (a soldier, INT 6: Medicine stat bonus +4) with Medicine `points`
/// and `items`, beside the raider (120 HP), out of combat.
fn ward(points: i64, items: &[(&'static str, i64)]) -> Arena {
    let mut doc = Recruit::new("Doc");
    if points > 0 {
        doc = doc.skill("medicine", points);
    }
    for (item, n) in items {
        doc = doc.item(item, *n);
    }
    Arena::with(
        vec![
            ("doc", "crew", doc.fighter()),
            ("raider", "crew", fighter(RAIDER)),
        ],
        1,
    )
}

/// A treatment of the raider's worst wound by Doc.
fn treat(medikit: bool, effort: Effort) -> Command {
    Command::Treat {
        id: id("doc"),
        target: id("raider"),
        wound: None,
        medikit,
        effort,
    }
}

#[test]
fn audit_medicine_heals_skill_plus_the_surplus_one_wound_at_a_time() {
    // rule: CX-HEAL-01
    // 000: "Individual wounds are healed individually. 3x 20-damage wounds
    //       need three rolls of 21 or higher."
    // rule: CX-HEAL-02
    // 000: "The medicine DC is equal to the damage dealt. On a fail skill
    //       check, no healing occurs. On a success, heal an amount equal to
    //       Medic skill + DC surplus. Ex: player is dealt 70 damage. Medic has
    //       25 skill. Medic rolls an 86 (with medic skill), so they heal
    //       25+(86-70) for 41 health healed. ... the medic would need to roll
    //       over a DC of 29 ... (Cannot overheal a wound)."
    // Doc: Medicine 25 + INT 6 bonus 4; a bag, so the DC is the wound.
    // The seed's example: d100 57 + 4 + 25 = 86 against 70 heals 25 + 16 =
    // 41, leaving 29 (the next DC); the lowest d100, 1 + 29 = 30 over 29,
    // heals 25 + 1 = 26 (3 left); 100 + 29 = 129 over 3 would heal 25 + 126
    // but closes the 3 left and no more.
    let mut a = ward(25, &[("medicine-bag", 1)]);
    a.run(blast("raider", 70), &[]);
    assert_eq!(a.f("raider").wounds, vec![70]);
    // (d100 faces, healed, wound after)
    let steps: [([i64; 2], i64, Option<i64>); 3] = [
        ([5, 7], 41, Some(29)),
        ([10, 1], 26, Some(3)),
        ([10, 10], 3, None),
    ];
    for (dice, healed, after) in steps {
        let log = a.run(treat(false, Effort::Roll), &dice);
        assert!(
            log.contains(&format!("Depot Raider is healed {healed} (CX-HEAL-02)")),
            "{dice:?}: {log}"
        );
        assert_eq!(a.f("raider").wounds.first().copied(), after, "{log}");
    }
    assert_eq!(a.hp("raider"), 120, "70 healed 41 + 26 + 3");

    // Three wounds of 20 are three treatments, each against DC 20 ("rolls of
    // 21 or higher"). Doc with Medicine 10 (+4): d100 6 makes 20, a tie that
    // heals nothing.
    let mut a = ward(10, &[("medicine-bag", 1)]);
    for _ in 0..3 {
        a.run(blast("raider", 20), &[]);
    }
    assert_eq!(a.f("raider").wounds, vec![20, 20, 20]);
    let log = a.run(treat(false, Effort::Roll), &[10, 6]);
    assert!(log.contains("total 20 <= DC 20"), "{log}");
    assert_eq!(a.f("raider").wounds, vec![20, 20, 20]);
    // 7 + 14 = 21: heals 10 + 1 = 11 of the first only.
    a.run(treat(false, Effort::Roll), &[10, 7]);
    assert_eq!(a.f("raider").wounds, vec![9, 20, 20]);
    // A roll of 100 (+14 = 114) heals at most the wound it treats: the
    // worst, 20 (the first of the two), not the 9 beside it.
    a.run(treat(false, Effort::Roll), &[10, 10]);
    assert_eq!(a.f("raider").wounds, vec![9, 20]);
    assert_eq!(a.hp("raider"), 120 - 29);
}

#[test]
fn audit_the_bag_the_medikit_and_the_medic() {
    // rule: CX-HEAL-03
    // 000: "If they do not have their medicine bag with them when they are
    //       trying to heal a teammate, they can make the attempt at a +20 DC.
    //       ... Medic-kit, non-medic user: works as if you are a medic with
    //       skill 30. Medic-kit, medic user: Works as normal, but add 30 to
    //       amount healed."
    // A 60 wound. (points, items, medikit, d100 faces, DC, total, healed)
    // - Medicine 25, no bag, no kit: DC 80; 51 + 29 = 80 ties (nothing);
    //   52 + 29 = 81 heals 25 + 1 = 26.
    // - Medicine 25 with a bag: DC 60; 32 + 29 = 61 heals 26.
    // - No Medicine, a medikit: skill 30 (+4 INT): 27 + 34 = 61 heals
    //   30 + 1 = 31; 26 + 34 = 60 ties.
    // - Medicine 25 (proficient: a medic) with a medikit: 32 + 29 = 61
    //   heals 25 + 1 + 30 = 56.
    // - Medicine 25 with a medikit, a 100: 129 - 60 = 69 + 25 + 30 = 124,
    //   capped at the 60 wound.
    type Case = (
        i64,
        &'static [(&'static str, i64)],
        bool,
        [i64; 2],
        i64,
        i64,
        i64,
    );
    let cases: [Case; 7] = [
        (25, &[], false, [5, 1], 80, 80, 0),
        (25, &[], false, [5, 2], 80, 81, 26),
        (25, &[("medicine-bag", 1)], false, [3, 2], 60, 61, 26),
        (0, &[("medikit", 1)], true, [2, 7], 60, 61, 31),
        (0, &[("medikit", 1)], true, [2, 6], 60, 60, 0),
        (25, &[("medikit", 1)], true, [3, 2], 60, 61, 56),
        (25, &[("medikit", 1)], true, [10, 10], 60, 129, 60),
    ];
    for (points, items, medikit, dice, dc, total, healed) in cases {
        let mut a = ward(points, items);
        a.run(blast("raider", 60), &[]);
        let log = a.run(treat(medikit, Effort::Roll), &dice);
        let sign = if total > dc { ">" } else { "<=" };
        assert!(
            log.contains(&format!("total {total} {sign} DC {dc}")),
            "{points} {items:?} {dice:?}: {log}"
        );
        assert_eq!(a.hp("raider"), 60 + healed, "{points} {items:?}: {log}");
        if medikit {
            assert_eq!(
                a.f("doc").count(nanite_compound_x::ItemKind::Medikit),
                0,
                "the medikit is used up"
            );
        }
    }
}

#[test]
fn audit_take_50_or_100_on_a_treatment_out_of_combat() {
    // rule: CX-DICE-06
    // 000: "At any time out of combat, you may decide to use one of your
    //       skills. If you are not pressured by imminent / immediate danger,
    //       you may "take a 100%" to pass a skill check, then apply any ranks
    //       in the skill. When rushed by a time constraint or danger, you can
    //       "take a 50%" to pass a skill check, then apply any ranks in said
    //       skill."
    // rule: CX-HEAL-02
    // 000: "On a success, heal an amount equal to Medic skill + DC surplus."
    // Decision (docs/rules/compound-x.md): 50 or 100 replaces the d100, the
    // Medicine ranks (points; a non-medic's medikit makes them 30) are
    // added, no stat bonus; the healing is skill + surplus as for a roll.
    // (points, items, medikit, effort, wound, DC, total, healed)
    type Case = (
        i64,
        &'static [(&'static str, i64)],
        bool,
        Effort,
        i64,
        i64,
        i64,
        i64,
    );
    let bag: &[(&str, i64)] = &[("medicine-bag", 1)];
    let kit: &[(&str, i64)] = &[("medikit", 1)];
    let cases: [Case; 9] = [
        // 100 + 25 = 125 over 70: 25 + 55 = 80, capped at the wound's 70.
        (25, bag, false, Effort::Take100, 70, 70, 125, 70),
        // 50 + 25 = 75 over 70: 25 + 5 = 30 (a 40 wound is left).
        (25, bag, false, Effort::Take50, 70, 70, 75, 30),
        // Medicine 20: 50 + 20 = 70 against the 70 wound, a tie: nothing.
        (20, bag, false, Effort::Take50, 70, 70, 70, 0),
        // Without the bag: DC 70 + 20 = 90; 75 fails, 125 heals 25 + 35.
        (25, &[], false, Effort::Take50, 70, 90, 75, 0),
        (25, &[], false, Effort::Take100, 70, 90, 125, 60),
        // No Medicine, a medikit: ranks 30; 80 over 70 heals 30 + 10.
        (0, kit, true, Effort::Take50, 70, 70, 80, 40),
        (0, kit, true, Effort::Take100, 70, 70, 130, 70),
        // A medic (25 points) with a medikit: 75 over 70 heals 25 + 5 + 30.
        (25, kit, true, Effort::Take50, 70, 70, 75, 60),
        // No Medicine, no kit, a bag: 100 + 0 = 100 over 70 heals 0 + 30.
        (0, bag, false, Effort::Take100, 70, 70, 100, 30),
    ];
    for (points, items, medikit, effort, wound, dc, total, healed) in cases {
        let mut a = ward(points, items);
        a.run(blast("raider", wound), &[]);
        // No dice: Arena::run insists every forced die is used, and none is
        // given.
        let log = a.run(treat(medikit, effort), &[]);
        let taken = if effort == Effort::Take50 { 50 } else { 100 };
        assert!(log.contains(&format!("take {taken} (CX-DICE-06)")), "{log}");
        let sign = if total > dc { ">" } else { "<=" };
        assert!(
            log.contains(&format!("total {total} {sign} DC {dc}")),
            "{points} {items:?} {effort:?} {wound}: {log}"
        );
        assert_eq!(
            a.hp("raider"),
            120 - wound + healed,
            "{points} {items:?} {effort:?} {wound}: {log}"
        );
        let left: Vec<i64> = if healed < wound {
            vec![wound - healed]
        } else {
            vec![]
        };
        assert_eq!(a.f("raider").wounds, left);
    }
    // In a fight there is no taking 50 or 100: refused, nothing spent.
    let mut a = ward(25, bag);
    a.run(blast("raider", 70), &[]);
    a.begin(&[]);
    for effort in [Effort::Take50, Effort::Take100] {
        let why = a.refuse(treat(false, effort), &[]);
        assert_eq!(
            why,
            "taking 50 or 100 is only possible out of combat; roll instead (CX-DICE-06)"
        );
    }
    assert_eq!(a.left(), 4);
    // Rolled, it is a skill check of 1 action: 57 + 29 = 86 heals 41.
    a.run(treat(false, Effort::Roll), &[5, 7]);
    assert_eq!((a.left(), a.hp("raider")), (3, 91));
}

#[test]
fn audit_take_50_or_100_on_a_repair_out_of_combat() {
    // rule: CX-DICE-06
    // rule: CX-COND-07
    // 000: "the armor's AP level is reduced by 1, permanently (repairable,
    //       DC 60% Repair check)"
    // Vex's flak jacket (APL 2) struck by plasma: 30 plasma, the shield
    // takes half (15 of its 30), the armor d100 3,10 = 30 strikes (<= 60).
    // The mechanic beside Vex repairs it: 50 or 100 + Repair ranks over 60.
    // (Repair points, effort, total, repaired): 50 + 10 = 60 ties and fails;
    // 50 + 11 = 61 repairs; 100 + 0 = 100 repairs.
    let cases: [(i64, Effort, i64, bool); 4] = [
        (10, Effort::Take50, 60, false),
        (11, Effort::Take50, 61, true),
        (0, Effort::Take100, 100, true),
        (0, Effort::Take50, 50, false),
    ];
    for (points, effort, total, repaired) in cases {
        let mut mech = Recruit::new("Mech");
        if points > 0 {
            mech = mech.skill("repair", points);
        }
        let mut a = Arena::with(
            vec![
                ("vex", "crew", fighter(VEX)),
                ("mech", "crew", mech.fighter()),
            ],
            1,
        );
        a.run(harm("vex", 30, DamageType::Plasma, 0), &[3, 10]);
        let armor = |a: &Arena| a.f("vex").armor.clone().unwrap();
        assert_eq!((armor(&a).apl, armor(&a).plasma_damaged), (1, true));
        let log = a.run(
            Command::Repair {
                id: id("mech"),
                target: id("vex"),
                weapon: None,
                effort,
            },
            &[],
        );
        let sign = if total > 60 { ">" } else { "<=" };
        assert!(
            log.contains(&format!("total {total} {sign} DC 60")),
            "{points} {effort:?}: {log}"
        );
        assert_eq!(armor(&a).apl, if repaired { 2 } else { 1 }, "{log}");
    }
    // In a fight: refused, nothing spent.
    let mut a = Arena::duel();
    a.run(harm("vex", 30, DamageType::Plasma, 0), &[3, 10]);
    let why = a.refuse(
        Command::Repair {
            id: id("vex"),
            target: id("vex"),
            weapon: None,
            effort: Effort::Take100,
        },
        &[],
    );
    assert_eq!(
        why,
        "taking 50 or 100 is only possible out of combat; roll instead (CX-DICE-06)"
    );
}

#[test]
fn audit_drink_weighs_on_attacks_stats_checks_and_saves() {
    // rule: CX-COND-09
    // 000: "While buzzed, you gain a +10% to miss with any attack and a
    //       temporary -1 to Perception. At the same time, you get a +1 to
    //       charisma and luck. You also take a -20 to skill checks involving
    //       driving, flying or opperating heavy machinery."
    // rule: CX-COND-10
    // 000: "While hammered, you take a -30 to accuracy rolls when attacking
    //       and a -50 to skill checks involving driving, flying or opperating
    //       heavy machinery. You take a temporary -2 to dex, perception and
    //       charisma."
    // Attacks are d10 rolls: +10% is +1 miss chance and -30 is +3 (the
    // catalog's decision). Vex's SMG aimed at 12 m (11-20 m): 4; buzzed 5,
    // hammered 7; the d10 equal to it misses.
    for (kind, mc) in [(ConditionKind::Buzzed, 5), (ConditionKind::Hammered, 7)] {
        let mut a = Arena::duel();
        a.run(afflict("vex", kind, None), &[]);
        a.run(super::arena::aim("vex"), &[]);
        let log = a.run(super::arena::fire("vex", "raider"), &[mc]);
        assert!(
            log.contains(&format!("d10 {mc} <= miss chance {mc}: miss")),
            "{kind:?}: {log}"
        );
    }
    // Checks: Tess, every stat 6 (stat bonus (6 - 5) x 4 = +4), d100 50.
    // Stat changes move the bonus by 4 a point (CX-DICE-02).
    // (condition, skill (stat), the total)
    // - awareness (PER): 50 + 4 = 54; buzzed PER 5: 50; hammered PER 4: 46.
    // - speech (CHA): buzzed CHA 7: 58; hammered CHA 4: 46.
    // - gambling (LUCK, +5 from the Lucky feat LUCK 6 grants): 59; buzzed
    //   LUCK 7: 63; hammered: LUCK unchanged, 59.
    // - driving 10 (DEX): 50 + 10 + 4 = 64; buzzed: -20 = 44; hammered:
    //   DEX 4 (-8) and -50 = 6.
    // - flying (PER): 54; buzzed PER 5 and -20: 30; hammered PER 4 and -50:
    //   -4.
    // - medicine (INT): no change either way, 54.
    let cases: [(Option<ConditionKind>, &str, i64); 16] = [
        (None, "awareness", 54),
        (Some(ConditionKind::Buzzed), "awareness", 50),
        (Some(ConditionKind::Hammered), "awareness", 46),
        (None, "speech", 54),
        (Some(ConditionKind::Buzzed), "speech", 58),
        (Some(ConditionKind::Hammered), "speech", 46),
        (Some(ConditionKind::Buzzed), "gambling", 63),
        (Some(ConditionKind::Hammered), "gambling", 59),
        (None, "driving", 64),
        (Some(ConditionKind::Buzzed), "driving", 44),
        (Some(ConditionKind::Hammered), "driving", 6),
        (None, "flying", 54),
        (Some(ConditionKind::Buzzed), "flying", 30),
        (Some(ConditionKind::Hammered), "flying", -4),
        (Some(ConditionKind::Buzzed), "medicine", 54),
        (Some(ConditionKind::Hammered), "medicine", 54),
    ];
    let tess = Recruit::new("Tess").skill("driving", 10).fighter();
    for (kind, skill, total) in cases {
        let mut a = Arena::with(vec![("tess", "crew", tess.clone())], 1);
        if let Some(kind) = kind {
            a.run(afflict("tess", kind, None), &[]);
        }
        let log = a.run(check("tess", skill, 50, Effort::Roll), &[5, 10]);
        let sign = if total > 50 { ">" } else { "<=" };
        assert!(
            log.contains(&format!("total {total} {sign} DC 50")),
            "{kind:?} {skill}: {log}"
        );
    }
    // Taking 100 adds the ranks only, no stat bonus (CX-DICE-06), so only
    // the machine penalty is left: driving 100 + 10 - 20 = 90 buzzed,
    // 100 + 10 - 50 = 60 hammered (a tie with DC 60).
    for (kind, total) in [(ConditionKind::Buzzed, 90), (ConditionKind::Hammered, 60)] {
        let mut a = Arena::with(vec![("tess", "crew", tess.clone())], 1);
        a.run(afflict("tess", kind, None), &[]);
        let log = a.run(check("tess", "driving", 60, Effort::Take100), &[]);
        let sign = if total > 60 { ">" } else { "<=" };
        assert!(
            log.contains(&format!("total {total} {sign} DC 60")),
            "{kind:?}: {log}"
        );
    }
    // Will (2 x (CHA + INT - 6)): Vex's +12 becomes +14 buzzed (CHA + 1) and
    // +8 hammered (CHA - 2). Against fear (DC 50): d100 37 + 14 = 51 ends it
    // buzzed (49 sober); d100 42 + 8 = 50 holds hammered (54 sober).
    for (kind, dice, ends) in [
        (ConditionKind::Buzzed, [3, 7], true),
        (ConditionKind::Hammered, [4, 2], false),
    ] {
        let mut a = Arena::duel();
        a.run(afflict("vex", kind, None), &[]);
        a.run(afflict("vex", ConditionKind::Fear, None), &[]);
        let log = a.run(save("vex", ConditionKind::Fear), &dice);
        assert_eq!(!a.has("vex", ConditionKind::Fear), ends, "{kind:?}: {log}");
    }
    // Stabilizing is DEX-based (CX-DEATH-05): Doc, DEX 6 (+4) and Medicine
    // 30, d100 47: 81 over 80 sober; hammered DEX 4 (-4): 73, a failure.
    for (hammered, stabilized) in [(false, true), (true, false)] {
        let doc = Recruit::new("Doc").skill("medicine", 30).fighter();
        let mut a = Arena::with(
            vec![("doc", "crew", doc), ("raider", "raiders", fighter(RAIDER))],
            1,
        );
        a.begin(&[]);
        a.run(blast("raider", 60), &[]);
        a.run(blast("raider", 60), &[]);
        if hammered {
            a.run(afflict("doc", ConditionKind::Hammered, None), &[]);
        }
        a.run(super::arena::stabilize("doc", "raider", false), &[4, 7]);
        assert_eq!(
            !a.f("raider").is_downed(),
            stabilized,
            "hammered {hammered}"
        );
    }
    // Every other check on a changed stat: a fall's Acrobatics (DEX), 4 m
    // against DC 40: d100 44 + 4 = 48 lands sober, 44 + 4 - 8 = 40 ties
    // hammered (8 damage); a magazine reload (SMGs, DEX) against DC 30:
    // d100 24 + 10 + 4 = 38 passes (2 actions), hammered 30 ties: twice as
    // long (4).
    for (hammered, hurt, reload_actions) in [(false, 0, 2), (true, 8, 4)] {
        let mut a = Arena::with(vec![("tess", "crew", Recruit::new("Tess").fighter())], 1);
        if hammered {
            a.run(afflict("tess", ConditionKind::Hammered, None), &[]);
        }
        let hp = a.hp("tess");
        a.run(
            Command::Fall {
                id: id("tess"),
                metres: 4,
                fouled: false,
            },
            &[4, 4],
        );
        assert_eq!(hp - a.hp("tess"), hurt, "hammered {hammered}");
        let rook = Recruit::new("Rook").skill("smgs", 10).weapon("smg", &[], 2);
        let mut a = Arena::with(
            vec![
                ("rook", "crew", rook.fighter()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            20,
        );
        a.begin(&[]);
        a.next(&[]);
        a.run(stance("raider", Stance::Crouched), &[]);
        a.next(&[]);
        if hammered {
            a.run(afflict("rook", ConditionKind::Hammered, None), &[]);
        }
        a.run(super::arena::fire("rook", "raider"), &[2]);
        a.next(&[]);
        a.next(&[]);
        a.run(super::arena::reload("rook"), &[2, 4]);
        // A reload longer than the turn goes on into the next (decision).
        assert_eq!(4 - a.left(), reload_actions.min(4), "hammered {hammered}");
    }
}

#[test]
fn audit_drink_rises_a_level_at_a_time_and_wears_off() {
    // rule: CX-COND-09
    // 000: "The first level of intoxication is Buzzed. ... If you fail a
    //       Fort save to prevent increasing your intoxication level while
    //       buzzed, you become hammered. As long as you don't become
    //       hammered, being buzzed will wear off in two hours."
    // rule: CX-COND-10
    // 000: "If your level of intoxication increases while you are hammered,
    //       you black out and you are now Downed. As long as you don't black
    //       out, being hammered will turn into being buzzed after two hours."
    // rule: CX-COND-12
    // The GM rules the Fort save (a `check` or a save of the drink's own);
    // a failed one is more drink: `afflict buzzed`.
    let mut a = Arena::duel();
    a.run(afflict("raider", ConditionKind::Buzzed, None), &[]);
    let log = a.run(afflict("raider", ConditionKind::Buzzed, None), &[]);
    assert!(log.contains("buzzed becomes hammered"), "{log}");
    assert!(a.has("raider", ConditionKind::Hammered));
    assert!(!a.has("raider", ConditionKind::Buzzed), "not both at once");
    // Hammered is +3, not +3 and +1: the AR-7 hip row at 12 m is 6, so 9.
    a.next(&[]);
    let log = a.run(super::arena::fire("raider", "vex"), &[9]);
    assert!(log.contains("d10 9 <= miss chance 9: miss"), "{log}");
    // More drink while hammered: black out, downed at 0 health, prone.
    let log = a.run(afflict("raider", ConditionKind::Buzzed, None), &[]);
    assert!(log.contains("Depot Raider is downed"), "{log}");
    assert!(a.f("raider").is_downed());
    assert_eq!(a.hp("raider"), 0);
    assert_eq!(a.c("raider").stance, Stance::Prone);
    let why = a.refuse(afflict("raider", ConditionKind::Hammered, None), &[]);
    assert!(why.contains("already downed"), "{why}");
    // Hammered straight away (the GM's call) on a sober one is hammered.
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::Hammered, None), &[]);
    assert!(a.has("vex", ConditionKind::Hammered));
    // Two hours: a short rest (about 1 hour) leaves the drink; a long one
    // (about 8 hours) outlasts hammered's 2 hours and buzzed's 2 after.
    let mut a = Arena::with(vec![("vex", "crew", fighter(VEX))], 1);
    a.run(afflict("vex", ConditionKind::Hammered, None), &[]);
    a.run(rest("vex", false), &[]);
    assert!(a.has("vex", ConditionKind::Hammered));
    a.run(rest("vex", true), &[]);
    assert!(!a.has("vex", ConditionKind::Hammered));
    assert!(!a.has("vex", ConditionKind::Buzzed));
}

/// Tess (every stat 6: +4 on DEX, INT and FORT checks; no skill points)
/// first, then the raider, 12 m apart, begun: Tess's turn.
fn tess_and_the_raider() -> Arena {
    let mut a = Arena::with(
        vec![
            ("tess", "crew", Recruit::new("Tess").fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        12,
    );
    a.begin(&[]);
    a
}

#[test]
fn audit_each_condition_ends_as_its_sentence_says() {
    // rule: CX-COND-02
    // 000: "Burning - ... Broken with a Maneuver Skill Check. DC 40."
    // rule: CX-COND-03
    // 000: "Frozen - ... or with Medicine Skill check, DC 50"
    // rule: CX-COND-05
    // 000: "Necrosis - ... Medicine DC 75, must be rolled."
    // Tess: Maneuver (DEX) and Medicine (INT) 0 points, +4; a tie holds.
    // (condition, d100 faces, ends): 36 + 4 = 40 holds, 37 + 4 = 41 ends;
    // 46 + 4 = 50 holds, 47 ends; 71 + 4 = 75 holds, 72 ends.
    let cases: [(ConditionKind, [i64; 2], bool); 6] = [
        (ConditionKind::Burning, [3, 6], false),
        (ConditionKind::Burning, [3, 7], true),
        (ConditionKind::Frozen, [4, 6], false),
        (ConditionKind::Frozen, [4, 7], true),
        (ConditionKind::Necrosis, [7, 1], false),
        (ConditionKind::Necrosis, [7, 2], true),
    ];
    for (kind, dice, ends) in cases {
        let mut a = tess_and_the_raider();
        a.run(afflict("tess", kind, None), &[]);
        let log = a.run(save("tess", kind), &dice);
        assert_eq!(!a.has("tess", kind), ends, "{kind:?} {dice:?}: {log}");
        assert_eq!(a.left(), 3, "a save is 1 action (CX-TURN-06)");
    }
    // rule: CX-COND-01
    // 000: "Bleeding - ... Broken with Medicine Skill check. DC varies." The
    // DC is the source's: the save is refused with the way to do it, and
    // the GM's cure (after its `check`) ends it. Frozen's "source of heat"
    // is the GM's cure too.
    let mut a = tess_and_the_raider();
    a.run(afflict("tess", ConditionKind::Bleeding, None), &[]);
    let why = a.refuse(save("tess", ConditionKind::Bleeding), &[5, 5]);
    assert!(why.contains("its source sets the check"), "{why}");
    for kind in [ConditionKind::Bleeding, ConditionKind::Frozen] {
        a.run(afflict("tess", kind, None), &[]);
        a.run(
            Command::Cure {
                target: id("tess"),
                condition: kind,
            },
            &[],
        );
        assert!(!a.has("tess", kind), "{kind:?}");
    }
}

#[test]
fn audit_burning_grows_bleeding_and_plasma_stack_plasma_lasts_two_turns() {
    // rule: CX-COND-02
    // 000: "Burning - 2d10 damage per turn. ... Every 2 turns, the degree of
    //       the burn intensifies" (decision: +1d10 a stage): 2d10, 2d10, then
    //       3d10 at its third turn.
    let mut a = Arena::duel();
    a.run(afflict("raider", ConditionKind::Burning, None), &[]);
    for (dice, damage) in [(&[1, 1][..], 2), (&[1, 1][..], 2), (&[1, 1, 1][..], 3)] {
        let log = a.next(dice);
        assert!(
            log.contains(&format!("Depot Raider takes {damage} from burning")),
            "{log}"
        );
        a.next(&[]);
    }
    // rule: CX-COND-01
    // 000: "Bleeding - d10/2+1 (drop the remainder) stackable damage per
    //       turn": two stacks roll twice: 10/2 + 1 = 6 and 1/2 + 1 = 1.
    let mut a = Arena::duel();
    a.run(afflict("raider", ConditionKind::Bleeding, None), &[]);
    a.run(afflict("raider", ConditionKind::Bleeding, None), &[]);
    let log = a.next(&[10, 1]);
    assert!(log.contains("Depot Raider takes 7 from bleeding"), "{log}");
    // rule: CX-COND-07
    // 000: "Plasma Burn - 1d10+1 stackable damage per turn, for 2 turns":
    // two burns tick at two turns each, then end; the third turn is clean.
    let mut a = Arena::duel();
    a.run(afflict("raider", ConditionKind::PlasmaBurn, None), &[]);
    a.run(afflict("raider", ConditionKind::PlasmaBurn, None), &[]);
    let log = a.next(&[1, 10]);
    assert!(log.contains("takes 2 from plasma-burn"), "{log}");
    assert!(log.contains("takes 11 from plasma-burn"), "{log}");
    a.next(&[]);
    let log = a.next(&[3, 4]);
    assert!(log.contains("plasma burn ends after 2 turns"), "{log}");
    assert!(!a.has("raider", ConditionKind::PlasmaBurn));
    a.next(&[]);
    a.next(&[]);
    assert_eq!(a.hp("raider"), 120 - 13 - 4 - 5);
}

#[test]
fn audit_poison_after_five_turns_a_fortitude_check_or_unconscious() {
    // rule: CX-COND-08
    // 000: "Poisoned - d10 damage per turn. After 5 turns, some poisons may
    //       induce unconsciousness. DC 50, Fortitude. Greater / Lesser poison
    //       increases damage (+5/-5) and DC (+25,-10)."
    // Tess (FORT 6: +4) at her fifth poisoned turn, the ticks all 1s.
    // (poison, d100 faces, unconscious): 46 + 4 = 50 fails, 47 holds;
    // greater DC 75: 71 fails, 72 holds; lesser DC 40: 36 fails, 37 holds.
    let cases: [(ConditionKind, [i64; 2], bool); 6] = [
        (ConditionKind::Poisoned, [4, 6], true),
        (ConditionKind::Poisoned, [4, 7], false),
        (ConditionKind::GreaterPoison, [7, 1], true),
        (ConditionKind::GreaterPoison, [7, 2], false),
        (ConditionKind::LesserPoison, [3, 6], true),
        (ConditionKind::LesserPoison, [3, 7], false),
    ];
    for (kind, check, out) in cases {
        let mut a = tess_and_the_raider();
        a.run(afflict("tess", kind, None), &[]);
        for turn in 1..=5 {
            a.next(&[]);
            let mut dice = vec![1];
            if turn == 5 {
                dice.extend(check);
                if out {
                    // The roll to wake at once (CX-DEATH-10): 1 + Shock
                    // fails DC 70.
                    dice.extend([10, 1]);
                }
            }
            let log = a.next(&dice);
            if turn < 5 {
                assert!(!log.contains("Fortitude"), "{kind:?} turn {turn}: {log}");
            } else {
                assert!(
                    log.contains("Fortitude check after 5 turns of poison"),
                    "{kind:?}: {log}"
                );
            }
        }
        assert_eq!(
            a.has("tess", ConditionKind::Unconscious),
            out,
            "{kind:?} {check:?}"
        );
    }
}

#[test]
fn audit_fear_and_pinned_down_forbid_what_their_sentences_forbid() {
    // rule: CX-COND-04
    // 000: "Fear - No actions, except running away form the source of fear,
    //       or rolling to defeat fear." / "Fear, Greater - No actions, except
    //       rolling to defeat fear."
    use nanite_compound_x::encounter::Way;
    let step = |way: Way| Command::Move {
        id: id("vex"),
        metres: 4,
        way,
        sprint: false,
        cover: None,
        concealed: false,
    };
    let away = || Way::Away { id: id("raider") };
    let toward = || Way::Toward { id: id("raider") };
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::Fear, None), &[]);
    for refused in [super::arena::aim("vex"), step(toward())] {
        let why = a.refuse(refused, &[]);
        assert!(why.contains("CX-COND-04"), "{why}");
    }
    a.run(step(away()), &[]);
    assert_eq!(a.left(), 2, "fleeing is a move of 2 actions");
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::GreaterFear, None), &[]);
    for refused in [super::arena::aim("vex"), step(away())] {
        let why = a.refuse(refused, &[]);
        assert!(why.contains("CX-COND-04"), "{why}");
    }
    a.run(save("vex", ConditionKind::GreaterFear), &[1, 1]);
    // rule: CX-COND-06
    // 000: "Pinned Down - Target pinned (hunkered, no movement) for 2 full
    //       turns or until they pass a Will saving throw at DC of 70,
    //       whichever is quicker."
    // Pinned on its own turn: that turn is not a full one; it is still
    // pinned through its next two, and free at the end of the second.
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::PinnedDown, None), &[]);
    assert_eq!(a.c("vex").stance, Stance::Hunkered);
    let why = a.refuse(step(away()), &[]);
    assert!(
        why.contains("pinned down: unable to move (CX-COND-06)"),
        "{why}"
    );
    for full_turn in 1..=2 {
        a.next(&[]);
        a.next(&[]);
        assert!(
            a.has("vex", ConditionKind::PinnedDown),
            "full turn {full_turn}"
        );
        assert_eq!(a.active().as_deref(), Some("vex"));
    }
    a.next(&[]);
    assert!(!a.has("vex", ConditionKind::PinnedDown));
}

#[test]
fn audit_stunned_paralyzed_and_unconscious_take_no_actions() {
    // rule: CX-COND-11
    // 000: "Stunned/Paralyzed - Affected target cannot take actions for the
    //       duration."
    // Unconscious (a failed Shock save, CX-DEATH-10; poison, CX-COND-08)
    // acts no more and, like the downed, falls prone (the decision).
    // The unconscious roll to wake (d100 11 + Shock fails DC 70) is in the
    // shared cases.
    super::conditions_in_play::lose_their_turns(&[
        act("raider", "shout", 0),
        act("raider", "draw", 1),
    ]);
}

/// Downs `who` from any health with explosive blasts of at most 60 (no
/// armor, no Shock save).
fn down(a: &mut Arena, who: &str) {
    while a.hp(who) > 0 {
        let hp = a.hp(who);
        a.run(blast(who, hp.min(60)), &[]);
    }
}

/// Doc, a soldier: DEX 6 (+4), Medicine 30, no Repair: a stabilize is the
/// d100 + 34.
fn doc() -> Recruit {
    Recruit::new("Doc").skill("medicine", 30)
}

/// `medic` first and `patient` (as "raider") second, `metres` apart, begun.
fn bedside(medic: Recruit, patient: nanite_compound_x::combat::Fighter, metres: i64) -> Arena {
    let mut a = Arena::with(
        vec![
            ("doc", "crew", medic.fighter()),
            ("raider", "raiders", patient),
        ],
        metres,
    );
    a.begin(&[]);
    a
}

#[test]
fn audit_the_downed_cannot_move_stand_or_speak_and_their_burns_stop() {
    // rule: CX-DEATH-02
    // 002: "While a character is Downed, they cannot move, cannot stand under
    //       their own power, and fall prone if not supported by other means.
    //       They cannot speak, but can mumble incomprehensibly." / "most
    //       persistent damage effects, like bleeds or burns, fall off of
    //       characters when they are Downed."
    // rule: CX-COND-12
    // 000: "Downed - Your health has fallen below 0. See Death and Dying".
    let mut a = Arena::duel();
    a.next(&[]);
    a.run(stance("raider", Stance::Crouched), &[]);
    for kind in [
        ConditionKind::Bleeding,
        ConditionKind::Burning,
        ConditionKind::Frozen,
        ConditionKind::Necrosis,
        ConditionKind::PlasmaBurn,
        ConditionKind::Poisoned,
        ConditionKind::Fear,
    ] {
        a.run(afflict("raider", kind, None), &[]);
    }
    down(&mut a, "raider");
    assert_eq!(a.c("raider").stance, Stance::Prone, "falls prone");
    for kind in ConditionKind::ALL.iter().filter(|k| k.is_ongoing_damage()) {
        assert!(!a.has("raider", *kind), "{kind:?} falls off");
    }
    assert!(a.has("raider", ConditionKind::Fear), "fear is no damage");
    // Its turn: the death save (d100 60 holds) and nothing else: no move,
    // no standing, not even a word (a free action).
    a.next(&[]);
    let log = a.next(&[6, 10]);
    assert!(log.contains("death save: d100 = 60"), "{log}");
    let refusals = [
        stance("raider", Stance::Standing),
        act("raider", "shout a warning", 0),
        Command::Move {
            id: id("raider"),
            metres: 1,
            way: nanite_compound_x::encounter::Way::Elsewhere,
            sprint: false,
            cover: None,
            concealed: false,
        },
    ];
    for command in refusals {
        let why = a.refuse(command, &[]);
        assert!(why.contains("downed and bleeding out"), "{why}");
    }
    // Ongoing damage cannot be put on the downed either.
    let why = a.refuse(afflict("raider", ConditionKind::Burning, None), &[]);
    assert!(why.contains("CX-DEATH-02"), "{why}");
}

#[test]
fn audit_stabilize_is_a_dc_80_dex_check_of_three_actions_beside_the_downed() {
    // rule: CX-DEATH-05
    // 002: "For three actions, a character may choose an adjacent, Downed
    //       character and attempt to Stabilize them. That character makes
    //       DC 80 DEX-based skill check: Medicine for primarily organic
    //       targets, or Repair for primarily cybernetic characters. If
    //       successful, the target is revived and now has 1 HP, is no longer
    //       Downed, and may take Actions as normal within the initiative
    //       order."
    // Doc: d100 + DEX 4 + Medicine 30. 46 + 34 = 80 ties: still downed,
    // 3 actions spent; 47 + 34 = 81: 1 HP. A mechanic with Repair 40 and no
    // Medicine: 37 + 4 + 40 = 81 (the better line of the two).
    let cases: [(Recruit, [i64; 2], bool); 3] = [
        (doc(), [4, 6], false),
        (doc(), [4, 7], true),
        (Recruit::new("Mech").skill("repair", 40), [3, 7], true),
    ];
    for (medic, dice, up) in cases {
        let mut a = bedside(medic, fighter(RAIDER), 1);
        down(&mut a, "raider");
        let log = a.run(super::arena::stabilize("doc", "raider", false), &dice);
        assert_eq!(a.left(), 1, "three actions: {log}");
        assert_eq!(!a.f("raider").is_downed(), up, "{dice:?}: {log}");
        if up {
            assert_eq!(a.hp("raider"), 1);
            // Its turn is its own: no death save, 4 actions.
            let log = a.next(&[]);
            assert!(!log.contains("death save"), "{log}");
            assert_eq!((a.active().as_deref(), a.left()), (Some("raider"), 4));
        }
    }
    // Adjacent only (2 m is not), downed only, and 3 actions whole or begun
    // with the last ones (CX-DEATH-08).
    let mut a = bedside(doc(), fighter(RAIDER), 2);
    down(&mut a, "raider");
    let why = a.refuse(super::arena::stabilize("doc", "raider", false), &[4, 7]);
    assert!(why.contains("adjacent"), "{why}");
    let mut a = bedside(doc(), fighter(RAIDER), 1);
    let why = a.refuse(super::arena::stabilize("doc", "raider", false), &[4, 7]);
    assert!(why.contains("raider is not downed"), "{why}");
}

#[test]
fn audit_revives_are_half_fort_at_least_two_then_unconscious() {
    // rule: CX-DEATH-06
    // 002: "A character may be revived in a single encounter a number of
    //       times equal to half their Fort, minimum two. Past this limit,
    //       stabilized characters are Unconscious in addition to the other
    //       effects of Stabilization."
    // (patient, revives allowed): FORT 3 -> 1.5, so the minimum 2; FORT 5 ->
    // 2.5, 2; FORT 9 -> 4.5, 4 (the half's remainder dropped).
    let cases = [
        (Recruit::new("Frail").stat("FORT", 3).stat("DEX", 9), 2),
        (Recruit::new("Plain").stat("FORT", 5).stat("DEX", 7), 2),
        (Recruit::new("Ox").stat("FORT", 9).stat("STR", 3), 4),
    ];
    for (patient, allowed) in cases {
        let mut a = bedside(doc(), patient.fighter(), 1);
        for revive in 1..=allowed + 1 {
            // Downed on Doc's turn; a held death save (d100 60) on its own;
            // stabilized on Doc's next: d100 90 (not a critical) + 34.
            down(&mut a, "raider");
            a.next(&[6, 10]);
            a.next(&[]);
            a.run(super::arena::stabilize("doc", "raider", false), &[9, 10]);
            assert_eq!(a.c("raider").revives, revive);
            assert_eq!(
                a.has("raider", ConditionKind::Unconscious),
                revive > allowed,
                "{patient:?}: revive {revive}"
            );
        }
    }
}

#[test]
fn audit_stabilize_criticals_are_raw_91_to_100_and_01_to_05() {
    // rule: CX-DEATH-07
    // 002: "On critical success (base Critical range 10), your excellent care
    //       allows you to choose whether the target counts this revival
    //       against their revivals per encounter limit. On critical failure
    //       (01-05 before modifiers), the bleeding (or equivalent) gets worse:
    //       the target must immediately roll an additional Death Save. If the
    //       total check is then still high enough to succeed and the target
    //       is still alive, they are then Stabilized as normal."
    // (medic, kit, count it, dice, up, revives, extra death save)
    // Doc: d100 + 34. Sawbones: a medic (Medicine 50 + 10), DEX 8 (+12),
    // with a kit (+20): d100 + 92.
    let sawbones = || {
        Recruit::new("Sawbones")
            .class("medic")
            .stat("DEX", 8)
            .stat("LUCK", 4)
            .skill("medicine", 50)
            .item("medikit", 1)
    };
    type Case = (Recruit, bool, bool, &'static [i64], bool, i64, bool);
    let cases: [Case; 8] = [
        // 90 + 34: a plain success, counted.
        (doc(), false, false, &[9, 10], true, 1, false),
        // 91: a critical; by default not counted, or counted by choice.
        (doc(), false, false, &[9, 1], true, 0, false),
        (doc(), false, true, &[9, 1], true, 1, false),
        // 06 + 34 = 40: a plain failure, no extra save.
        (doc(), false, false, &[10, 6], false, 0, false),
        // 05: the extra death save (d100 70 holds), and 39 does not beat 80.
        (doc(), false, false, &[10, 5, 7, 10], false, 0, true),
        // 01 with Sawbones: 1 + 92 = 93 still beats 80; the extra save 60
        // holds: stabilized as normal (counted).
        (sawbones(), true, false, &[10, 1, 6, 10], true, 1, true),
        // The extra save fails (d100 20), not the last: still stabilized.
        (sawbones(), true, false, &[10, 1, 2, 10], true, 1, true),
        // 05 + 92 = 97, the extra save 51 holds.
        (sawbones(), true, false, &[10, 5, 5, 1], true, 1, true),
    ];
    for (medic, kit, count, dice, up, revives, extra) in cases {
        let mut a = bedside(medic, fighter(RAIDER), 1);
        down(&mut a, "raider");
        let log = a.run(
            Command::Stabilize {
                id: id("doc"),
                target: id("raider"),
                kit,
                count_revive: count,
            },
            dice,
        );
        assert_eq!(!a.f("raider").is_downed(), up, "{dice:?}: {log}");
        assert_eq!(a.c("raider").revives, revives, "{dice:?}: {log}");
        assert_eq!(log.contains("extra death save"), extra, "{dice:?}: {log}");
    }
    // The extra save is a death save like any: the last one allowed kills.
    let mut patient = fighter(RAIDER);
    patient.death_saves.allowance = 1;
    let mut a = bedside(sawbones(), patient, 1);
    down(&mut a, "raider");
    a.run(
        super::arena::stabilize("doc", "raider", true),
        &[10, 1, 5, 10],
    );
    assert!(a.f("raider").dead);
}

#[test]
fn audit_a_kit_helps_every_stabilize_that_round_and_a_begun_one_spares_a_save() {
    // rule: CX-DEATH-08
    // 002: "Up to one character may assist with a stabilization check.
    //       Either involved character may expend one Medkit ... to grant +20
    //       to the Medicine check. ... One kit provides a bonus to all
    //       Stabilization attempts made on the same target in one round." /
    //       "If the stabilizing character starts stabilizing with their last
    //       action or two, finishing on the stabilizing character's
    //       subsequent turn, then the dying character does not need to make
    //       a death saving throw on the turn between that."
    // Doc spends a kit: 27 + 34 + 20 = 81 stabilizes (61 without it).
    let kit_doc = || doc().item("medikit", 1);
    let mut a = bedside(kit_doc(), fighter(RAIDER), 1);
    down(&mut a, "raider");
    let log = a.run(super::arena::stabilize("doc", "raider", true), &[2, 7]);
    assert!(log.contains("total 81 > DC 80"), "{log}");
    assert_eq!(a.hp("raider"), 1);
    // The assistant's kit helps the next attempt that same round: the
    // first fails (06 + 54 = 60), the helper's (with no kit of its own)
    // gets the +20: 27 + 34 + 20 = 81.
    let mut a = Arena::with(
        vec![
            ("doc", "crew", kit_doc().fighter()),
            ("aide", "crew", doc().fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        1,
    );
    a.begin(&[]);
    down(&mut a, "raider");
    a.run(super::arena::stabilize("doc", "raider", true), &[10, 6]);
    a.next(&[]);
    let log = a.run(super::arena::stabilize("aide", "raider", false), &[2, 7]);
    assert!(log.contains("total 81 > DC 80"), "{log}");
    // Next round the kit is spent: 27 + 34 = 61 alone.
    let mut a = bedside(kit_doc(), fighter(RAIDER), 1);
    down(&mut a, "raider");
    a.run(super::arena::stabilize("doc", "raider", true), &[10, 6]);
    a.next(&[6, 10]);
    a.next(&[]);
    let log = a.run(super::arena::stabilize("doc", "raider", false), &[2, 7]);
    assert!(log.contains("total 61 <= DC 80"), "{log}");
    // Begun with the last 2 actions: the raider's turn between has no death
    // save; the last action next turn finishes it (47 + 34 = 81).
    let mut a = bedside(doc(), fighter(RAIDER), 1);
    down(&mut a, "raider");
    a.run(act("doc", "dash over", 2), &[]);
    a.run(super::arena::stabilize("doc", "raider", false), &[]);
    assert_eq!(a.left(), 0);
    let log = a.next(&[]);
    assert!(!log.contains("death save"), "{log}");
    a.next(&[]);
    a.run(super::arena::stabilize("doc", "raider", false), &[4, 7]);
    assert_eq!((a.left(), a.hp("raider")), (3, 1));
}

#[test]
fn audit_a_hazard_kills_outright_at_zero() {
    // rule: CX-DEATH-09
    // 002: "Some hazards can reduce you to zero health points and kill you
    //       instantly. Some examples are falling several stories, lava
    //       baptisms, or having a space station dropped on you."
    let mut a = Arena::duel();
    let log = a.run(
        Command::Kill {
            target: id("raider"),
            why: "a space station dropped on it".into(),
        },
        &[],
    );
    assert!(log.contains("kills outright, CX-DEATH-09"), "{log}");
    assert!(a.f("raider").dead);
    // "reduce you to zero health points": from its full 120.
    assert_eq!(a.hp("raider"), 0);
    // No death saves, no stabilize.
    let log = a.next(&[]);
    assert!(!log.contains("death save"), "{log}");
    a.next(&[]);
    let why = a.refuse(super::arena::stabilize("vex", "raider", false), &[9, 9]);
    assert!(why.contains("dead"), "{why}");
}

#[test]
fn audit_more_than_70_damage_forces_a_shock_save_and_the_roll_to_wake() {
    // rule: CX-DEATH-10
    // 000: "When players take more than 70 damage, they must roll a Shock
    //       save at a DC of the damage taken. On fail they pass out. on
    //       success they stay conscious. When players fail, they may roll
    //       each turn at a DC of 70 to wake up. They continue to roll either
    //       for (15 - FORT) turns, or until they pass."
    // Tess: Shock 2 x (FORT 6 + INT 6 - 6) = 12, and +2 from Will to
    // Survive (granted at CHA 6): 14.
    // (blast, d100 faces, out): 70 is not more than 70: no save; 71: DC 71,
    // 57 + 14 = 71 ties (out), 58 + 14 = 72 stays up; 100 takes DC 100:
    // 86 + 14 = 100 ties (out), 87 + 14 = 101 stays up.
    let cases: [(i64, &[i64], bool); 5] = [
        (70, &[], false),
        (71, &[5, 7], true),
        (71, &[5, 8], false),
        (100, &[8, 6], true),
        (100, &[8, 7], false),
    ];
    for (amount, dice, out) in cases {
        let mut a = tess_and_the_raider();
        let log = a.run(blast("tess", amount), dice);
        assert_eq!(
            a.has("tess", ConditionKind::Unconscious),
            out,
            "{amount} {dice:?}: {log}"
        );
    }
    // Out: DC 70 Shock rolls at each turn start for 15 - 6 = 9 turns; a
    // pass wakes it (56 + 14 = 70 holds, 57 + 14 = 71 wakes).
    let mut a = tess_and_the_raider();
    a.run(blast("tess", 71), &[5, 7]);
    a.next(&[]);
    a.next(&[5, 6]);
    assert!(a.has("tess", ConditionKind::Unconscious));
    a.next(&[]);
    a.next(&[5, 7]);
    assert!(!a.has("tess", ConditionKind::Unconscious));
    // Failing all 9, it wakes after them (the catalog's decision).
    let mut a = tess_and_the_raider();
    a.run(blast("tess", 71), &[5, 7]);
    for turn in 1..=9 {
        a.next(&[]);
        a.next(&[1, 1]);
        assert_eq!(
            a.has("tess", ConditionKind::Unconscious),
            turn < 9,
            "turn {turn}"
        );
    }
}

#[test]
fn audit_initiative_is_a_d100_higher_first_only_soldiers_add() {
    // rule: CX-TURN-01
    // 002: "Initiative is a d100 roll that is modified only by Soldier class
    //       passive abilities, and higher numbers take their turn in combat
    //       first."
    // Tess, a soldier (+10 passive); Quick, a medic with DEX and PER 9 (no
    // stat counts); Slow, a medic with DEX 2.
    // (dice: Tess, Quick, Slow; the order)
    let cases: [(&[i64], [&str; 3]); 4] = [
        // 46 + 10 = 56; 55; 54.
        (&[4, 6, 5, 5, 5, 4], ["tess", "quick", "slow"]),
        // 45 + 10 = 55; 56; 1 (10,1 reads 01).
        (&[4, 5, 5, 6, 10, 1], ["quick", "tess", "slow"]),
        // 1 + 10 = 11; 10 (1,10 reads 10); 100 (10,10).
        (&[10, 1, 1, 10, 10, 10], ["slow", "tess", "quick"]),
        // 90 + 10 = 100 against a 100: a tie, rolled off (Tess 2,2 = 22,
        // Slow 8,8 = 88).
        (
            &[9, 10, 5, 5, 10, 10, 2, 2, 8, 8],
            ["slow", "tess", "quick"],
        ),
    ];
    for (dice, expected) in cases {
        let mut a = Arena::new();
        a.add("tess", "crew", Recruit::new("Tess").fighter());
        let quick = Recruit::new("Quick")
            .class("medic")
            .stat("DEX", 9)
            .stat("PER", 9)
            .stat("STR", 3)
            .stat("CHA", 3);
        a.add("quick", "crew", quick.fighter());
        let slow = Recruit::new("Slow")
            .class("medic")
            .stat("DEX", 2)
            .stat("INT", 8)
            .stat("CHA", 8);
        a.add("slow", "raiders", slow.fighter());
        let log = a.run(Command::RollInitiative { who: vec![] }, dice);
        assert_eq!(a.order(), expected, "{dice:?}: {log}");
    }
}

#[test]
fn audit_the_surprise_round_is_the_hidden_attackers_alone() {
    // rule: CX-TURN-02
    // 002: "If a character succeeds on their stealth skill checks, gets the
    //       drop on another character, and decides to attack, then the
    //       character or characters that were hidden get to take a whole
    //       round without the surprised characters getting a turn."
    let mut a = Arena::vex_and_raider(12);
    a.run(
        Command::Add {
            id: id("lurker"),
            side: "raiders".into(),
            hidden: true,
            fighter: Box::new(fighter(RAIDER)),
            cover: nanite_compound_x::combat::Cover::None,
            stance: Stance::Standing,
        },
        &[],
    );
    a.run(
        Command::Clock(nanite_core::ClockCommand::SetInitiative {
            id: id("lurker"),
            total: 5,
        }),
        &[],
    );
    a.run(super::arena::distance("lurker", "vex", 10), &[]);
    // Only a hidden one can have the drop.
    let why = a.refuse(
        Command::Clock(nanite_core::ClockCommand::Begin {
            surprise: vec![id("raider")],
        }),
        &[],
    );
    assert!(why.contains("not hidden"), "{why}");
    a.run(
        Command::Clock(nanite_core::ClockCommand::Begin {
            surprise: vec![id("lurker")],
        }),
        &[],
    );
    assert_eq!(
        (a.active().as_deref(), a.state().round()),
        (Some("lurker"), 0)
    );
    assert_eq!(a.left(), 4, "a whole turn");
    for who in ["vex", "raider"] {
        let why = a.refuse(act(who, "draw", 1), &[]);
        assert!(why.contains("not"), "{who}: {why}");
    }
    // Then round 1 with everyone.
    let mut turns = Vec::new();
    for _ in 0..3 {
        a.next(&[]);
        turns.push(a.active().unwrap());
    }
    assert_eq!(a.state().round(), 1);
    assert_eq!(turns, ["vex", "raider", "lurker"]);
}

#[test]
fn audit_three_reactions_a_round_and_two_held_actions_at_most() {
    // rule: CX-TURN-04
    // 002: "Reactions occur at the immediate moment that they are triggered,
    //       regardless of whose turn it is. ... A character may use up to
    //       three Reactions per round, regardless of how many viable trigger
    //       circumstances occur."
    // rule: CX-TURN-05
    // 002: "A player may choose to forgo using up to 2 Actions at the end of
    //       their turn. ... If the trigger occurs before the player's next
    //       turn, the player gets to immediately use their 1 or 2 actions. If
    //       the trigger does not occur before the player's turn, they lose
    //       their held action(s)"
    use nanite_core::ClockCommand;
    let hold = |n: u32| Command::Hold {
        id: id("vex"),
        actions: n,
        trigger: "the raider breaks cover".into(),
    };
    let mut a = Arena::duel();
    let why = a.refuse(hold(3), &[]);
    assert!(why.contains("at most 2"), "{why}");
    a.run(act("vex", "reposition", 2), &[]);
    a.run(hold(2), &[]);
    assert_eq!(a.left(), 0);
    a.next(&[]);
    // On the raider's turn: Vex's held actions (a reaction), then two
    // penalty attacks (reactions too); the fourth is refused.
    a.run(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    assert_eq!(a.left(), 4, "the raider's own turn is untouched");
    a.run(act("vex", "snap shot", 2), &[]);
    let penalty = || Command::PenaltyAttack {
        by: id("vex"),
        target: id("raider"),
        why: "it runs past".into(),
    };
    a.run(penalty(), &[1]);
    a.run(penalty(), &[1]);
    assert_eq!(a.state().clock.reactions_used(&id("vex")), 3);
    let why = a.refuse(penalty(), &[1]);
    assert!(why.contains("no reactions left"), "{why}");
    // Round 2 gives three again.
    a.next(&[]);
    a.next(&[]);
    a.run(penalty(), &[1]);
    // Held and never triggered: lost at Vex's next turn start.
    let mut a = Arena::duel();
    a.run(act("vex", "reposition", 3), &[]);
    a.run(hold(1), &[]);
    a.next(&[]);
    let log = a.next(&[]);
    assert!(log.contains("1 held action(s) are lost unused"), "{log}");
    assert_eq!(a.left(), 4);
}

#[test]
fn audit_each_action_costs_what_the_lists_say() {
    // rule: CX-TURN-07
    // 002: "Shooting: 1 Action / Aiming: 1 Action / Drawing a weapon: 1
    //       Action / Reloading: listed in weapon stats / Suppressing an
    //       Area/Target: 1 Action / Changing fire mode: Free Action / Moving
    //       your Move Speed: 2 Actions / ... / Talking: Free Action /
    //       Performing a Skill Check (other than Getting Bearings): 1 Action"
    // 000: "Reloading a Pump-Action Shotgun - 4 Actions / Reloading a
    //       Bolt-Action Weapon - 3 Actions / Reloading a Magazine Fed Weapon -
    //       2 Actions / ... Turning on a Flashlight - 1 Action" and "Shotguns
    //       and Bolt-Action sniper rifles require 2 Actions to fire".
    use nanite_compound_x::FireMode;
    let smg = Recruit::new("Rook").skill("smgs", 10).weapon("smg", &[], 2);
    let pump = Recruit::new("Pump")
        .skill("shotguns", 10)
        .weapon("pump-shotgun", &[], 2);
    let bolt = Recruit::new("Scope")
        .class("sniper")
        .skill("sniper-rifles", 10)
        .weapon("sniper-rifle", &[], 2);
    let check_of = |skill: &str| Command::Check {
        id: id("first"),
        skill: skill.into(),
        dc: 50,
        hidden: false,
        effort: Effort::Roll,
        combined_with: None,
    };
    let check = check_of("smgs");
    // 000: "Getting Your Bearings / Non Skill-Based Perception - Free Action".
    let bearings = check_of("awareness");
    let walk = Command::Move {
        id: id("first"),
        metres: 6,
        way: nanite_compound_x::encounter::Way::Toward { id: id("raider") },
        sprint: false,
        cover: None,
        concealed: false,
    };
    let suppress = suppress("first", "raider", None);
    let reload = super::arena::reload("first");
    let shoot = |mode| super::arena::fire_with("first", "raider", 0, mode, None);
    // (what, who, spent first, shot first, command, dice, actions). Shots
    // miss with a 2; reloads pass their check (d100 55 + skill 14 over DC
    // 30 or 40, under a critical); the raider stands 20 m off, crouched
    // (no dive after a shot).
    type Case<'a> = (&'a str, &'a Recruit, u32, bool, Command, Vec<i64>, u32);
    let cases: Vec<Case<'_>> = vec![
        (
            "semi-auto shot",
            &smg,
            0,
            false,
            shoot(FireMode::Semi),
            vec![2],
            1,
        ),
        (
            "burst: the mode is free",
            &smg,
            0,
            false,
            shoot(FireMode::Burst),
            vec![2],
            1,
        ),
        (
            "pump shot",
            &pump,
            0,
            false,
            shoot(FireMode::Semi),
            vec![2],
            2,
        ),
        (
            "bolt-action shot",
            &bolt,
            0,
            false,
            shoot(FireMode::Semi),
            vec![2],
            2,
        ),
        ("aim", &smg, 0, false, super::arena::aim("first"), vec![], 1),
        (
            "draw",
            &smg,
            0,
            false,
            act("first", "draw pistol", 1),
            vec![],
            1,
        ),
        (
            "flashlight",
            &smg,
            0,
            false,
            act("first", "flashlight", 1),
            vec![],
            1,
        ),
        ("talk", &smg, 0, false, act("first", "talk", 0), vec![], 0),
        (
            "magazine reload",
            &smg,
            0,
            true,
            reload.clone(),
            vec![5, 5],
            2,
        ),
        (
            "bolt-action reload",
            &bolt,
            0,
            true,
            reload.clone(),
            vec![5, 5],
            3,
        ),
        ("pump reload", &pump, 0, true, reload, vec![5, 5], 4),
        ("skill check", &smg, 0, false, check, vec![5, 5], 1),
        ("awareness check", &smg, 0, false, bearings, vec![5, 5], 0),
        ("move Movement Speed", &smg, 0, false, walk, vec![], 2),
        // Suppressing is the last action: 1 when 1 is left.
        ("suppress", &smg, 3, false, suppress, vec![], 1),
    ];
    for (what, who, spent, shot_first, command, dice, cost) in cases {
        let mut a = Arena::with(
            vec![
                ("first", "crew", who.fighter()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            20,
        );
        a.begin(&[]);
        a.run(super::arena::distance("first", "raider", 20), &[]);
        a.next(&[]);
        a.run(stance("raider", Stance::Crouched), &[]);
        a.next(&[]);
        if shot_first {
            a.run(shoot(FireMode::Semi), &[2]);
            a.next(&[]);
            a.next(&[]);
        }
        if spent > 0 {
            a.run(act("first", "busy", spent), &[]);
        }
        let before = a.left();
        let log = a.run(command, &dice);
        assert_eq!(before - a.left(), cost, "{what}: {log}");
    }
}

#[test]
fn audit_the_gm_ends_the_fight() {
    // rule: CX-TURN-08
    // 002: "Obviously, if all characters on one side or the other are dead,
    //       then combat ends. But Combat can also end with one side
    //       retreating and escaping, or if one side surrenders. ... Once
    //       Combat ends, the flow of play returns to the each character
    //       doing as they like"
    // The raider surrenders: the GM ends the fight; out of combat a rest
    // is allowed (refused in the fight) and actions cost nothing.
    use nanite_core::ClockCommand;
    let mut a = Arena::duel();
    let why = a.refuse(rest("vex", false), &[]);
    assert!(why.contains("no resting in the middle of a fight"), "{why}");
    let log = a.run(Command::Clock(ClockCommand::End), &[]);
    assert!(log.contains("the GM ends the fight (CX-TURN-08)"), "{log}");
    assert!(!a.state().in_combat());
    a.run(rest("vex", false), &[]);
    let why = a.refuse(Command::Clock(ClockCommand::NextTurn), &[]);
    assert!(why.contains("over"), "{why}");
}

/// A move of `who` by `metres` toward `whom`, walking or sprinting.
fn walk(who: &str, metres: i64, whom: &str, sprint: bool) -> Command {
    Command::Move {
        id: id(who),
        metres,
        way: nanite_compound_x::encounter::Way::Toward { id: id(whom) },
        sprint,
        cover: None,
        concealed: false,
    }
}

#[test]
fn audit_a_move_is_movement_speed_less_the_rounded_up_penalty_per_2_actions() {
    // rule: CX-MOVE-01
    // 002: "You can run 'Movement Speed' minus 'Movement Speed Penalty'
    //       number of meters for every 2 actions spent (Movement Speed
    //       Penalties should be rounded up before the subtraction)."
    // The sheet: the template (DEX 6: Movement Speed 6) with STR 2 and FORT
    // `fort` (Carry Ability), in `armor`. Assault plate's penalty rounds up
    // to 3; Carry Ability 2 cancels 2 of it: 6 - 1 = 5; FORT 6 cancels all.
    use super::support::{sheet, with};
    let cases: [(i64, &str, i64); 3] =
        [(2, "", 6), (2, "assault-plate", 5), (6, "assault-plate", 6)];
    for (fort, armor, per_2) in cases {
        let fort_line = format!("FORT = {fort}");
        let armor_line = format!("[equipment]\narmor = \"{armor}\"\n");
        let mut changes = vec![("STR = 6", "STR = 2"), ("FORT = 6", fort_line.as_str())];
        if !armor.is_empty() {
            changes.push(("[equipment]\n", &armor_line));
        }
        let s = sheet(&with(&changes));
        assert_eq!(s.movement.per_2_actions, per_2, "FORT {fort} {armor}");
        assert_eq!(
            s.movement.penalty_rounded,
            if armor.is_empty() { 0 } else { 3 }
        );
    }
    // In play, Tess (6 m per 2 actions): 6 m is 2 actions, 12 m the whole
    // turn, half of 6 (3 m) is 1 action, 7 m is 3 and 13 m does not fit.
    for (metres, actions) in [(3, 1), (6, 2), (7, 3), (12, 4)] {
        let mut a = Arena::with(
            vec![
                ("tess", "crew", Recruit::new("Tess").fighter()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            30,
        );
        a.begin(&[]);
        a.run(walk("tess", metres, "raider", false), &[]);
        assert_eq!(4 - a.left(), actions, "{metres} m");
        assert_eq!(
            a.state().distance(&id("tess"), &id("raider")),
            Some(30 - metres)
        );
    }
    let mut a = tess_and_the_raider();
    let why = a.refuse(walk("tess", 13, "raider", false), &[]);
    assert!(why.contains("needs 5 action(s)"), "{why}");
}

#[test]
fn audit_a_sprint_adds_a_metre_an_action_and_a_miss_chance_for_fort_actions() {
    // rule: CX-MOVE-02
    // 002: "You can sprint instead of running, for a +1 movement bonus per
    //       action. However, firing your weapon after doing so will cause
    //       you to incur a +1 miss chance penalty. The penalty occurs during
    //       the actions you sprint, as well as 2 actions afterwards. You can
    //       sprint for a number of consecutive Actions equal to your
    //       Fortitude."
    // Tess (Movement Speed 6, FORT 2): a sprint is 6 + 2 = 8 m per 2
    // actions; a third sprint action in a row is refused.
    let tired = Recruit::new("Tess")
        .stat("FORT", 2)
        .stat("CHA", 8)
        .stat("INT", 8)
        .skill("smgs", 10)
        .weapon("smg", &[], 1);
    let mut a = Arena::with(
        vec![
            ("tess", "crew", tired.fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        30,
    );
    a.begin(&[]);
    a.run(walk("tess", 8, "raider", true), &[]);
    assert_eq!(
        (a.left(), a.state().distance(&id("tess"), &id("raider"))),
        (2, Some(22))
    );
    let why = a.refuse(walk("tess", 4, "raider", true), &[]);
    assert!(why.contains("at most 2 actions in a row"), "{why}");
    // The shot right after (the 1st action after): hip fire with the SMG at
    // 21-40 m is 6 + 3 = 9, +1 sprinting: 10; the raider crouched (no dive)
    // adds 1: 11. Then an aim (2nd action after), then the 3rd: no sprint.
    a.next(&[]);
    a.run(stance("raider", Stance::Crouched), &[]);
    a.next(&[]);
    let log = a.run(
        super::arena::fire_with(
            "tess",
            "raider",
            0,
            nanite_compound_x::FireMode::Semi,
            Some(nanite_compound_x::combat::Fire::Hip),
        ),
        &[2],
    );
    assert!(log.contains("+1 sprinting (CX-MOVE-02)"), "{log}");
    a.run(super::arena::aim("tess"), &[]);
    let log = a.run(super::arena::fire("tess", "raider"), &[2]);
    assert!(!log.contains("sprinting"), "{log}");
}

#[test]
fn audit_jumps_are_half_dex_across_one_more_with_a_run_up_and_a_third_of_str_up() {
    // rule: CX-MOVE-03
    // 002: "You can jump horizontally DEX/2 meters, and add 1m if you have a
    //       3m running start. You can jump vertically STR/3 meters."
    // STR 7 and DEX 7: 3.5 m across, 4.5 m with the run-up, 7/3 = 2.33 m up.
    // (metres, up, run-up, allowed)
    let cases: [(f64, bool, bool, bool); 6] = [
        (3.5, false, false, true),
        (3.6, false, false, false),
        (4.5, false, true, true),
        (4.6, false, true, false),
        (2.33, true, false, true),
        (2.4, true, false, false),
    ];
    let springy = Recruit::new("Tess")
        .stat("STR", 7)
        .stat("DEX", 7)
        .stat("CHA", 5)
        .stat("INT", 5);
    for (metres, vertical, run_up, allowed) in cases {
        let mut a = Arena::with(
            vec![
                ("tess", "crew", springy.fighter()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            30,
        );
        a.begin(&[]);
        let jump = Command::Jump {
            id: id("tess"),
            metres,
            vertical,
            run_up,
        };
        if allowed {
            a.run(jump, &[]);
        } else {
            let why = a.refuse(jump, &[]);
            assert!(
                why.contains("CX-MOVE-03"),
                "{metres} {vertical} {run_up}: {why}"
            );
        }
    }
}

#[test]
fn audit_shot_at_in_the_open_a_survivor_hits_the_dirt() {
    // rule: CX-MOVE-07
    // 002: "If a player or opponent is standing outside of cover and they are
    //       shot at, after the first firing action (assuming they didn't die
    //       or go unconscious), they immediately, 'Hit the Dirt'. ... going
    //       prone, within a 2m range of where they stood ... Hitting the dirt
    //       consumes the 1st action of their next turn."
    // Vex fires at the raider 12 m off (aimed 4; a 2 misses).
    // (cover, stance, dives)
    use nanite_compound_x::combat::Cover;
    let cases: [(Cover, Stance, bool); 4] = [
        (Cover::None, Stance::Standing, true),
        (Cover::Partial, Stance::Standing, false),
        (Cover::None, Stance::Crouched, false),
        (Cover::None, Stance::Prone, false),
    ];
    for (cover, stance_, dives) in cases {
        let mut a = Arena::duel();
        a.run(position("raider", Some(cover), Some(stance_)), &[]);
        a.run(super::arena::aim("vex"), &[]);
        a.run(super::arena::fire("vex", "raider"), &[2]);
        let prone = a.c("raider").stance == Stance::Prone;
        assert_eq!(
            prone,
            dives || stance_ == Stance::Prone,
            "{cover:?} {stance_:?}"
        );
        // The distance is unchanged (within 2 m, no map).
        assert_eq!(a.state().distance(&id("vex"), &id("raider")), Some(12));
        let log = a.next(&[]);
        assert_eq!(log.contains("hit the dirt (CX-MOVE-07)"), dives, "{log}");
        assert_eq!(a.left(), if dives { 3 } else { 4 });
    }
    // Downed by the shot: no dive. The raider at 5 health, hit for 19.
    let mut a = Arena::duel();
    a.run(blast("raider", 60), &[]);
    a.run(blast("raider", 55), &[]);
    a.run(super::arena::aim("vex"), &[]);
    // Hit on an 8 at 12 m: 2d10 + 8 = 5 + 6 + 8 = 19; armor d100 45 misses
    // the 40% vest: full damage.
    a.run(super::arena::fire("vex", "raider"), &[8, 5, 6, 4, 5]);
    assert!(a.f("raider").is_downed());
    let log = a.next(&[6, 10]);
    assert!(!log.contains("hit the dirt"), "{log}");
}

#[test]
fn audit_a_character_occupies_a_metre_and_melee_is_adjacent() {
    // rule: CX-MOVE-08
    // 000: "A character occupies 1m of space. ... Two Players locked in
    //       melee combat are considered to be in adjacent 1m spaces, not in
    //       the same 1m space."
    // A move toward someone 4 m off stops in the next metre, 1 m away;
    // there the raider's knife reaches (a d10 of 1 misses); from 2 m it
    // does not.
    let mut a = Arena::duel();
    a.run(super::arena::distance("vex", "raider", 4), &[]);
    a.run(walk("vex", 6, "raider", false), &[]);
    assert_eq!(a.state().distance(&id("vex"), &id("raider")), Some(1));
    a.next(&[]);
    let knife = || Command::Melee {
        id: id("raider"),
        target: id("vex"),
        weapon: Some(1),
        kind: nanite_compound_x::encounter::MeleeKind::Strike,
        flanking: false,
    };
    a.run(knife(), &[1]);
    let mut a = Arena::duel();
    a.run(super::arena::distance("vex", "raider", 2), &[]);
    a.next(&[]);
    let why = a.refuse(knife(), &[1]);
    assert_eq!(
        why,
        "vex is 2 m from raider, beyond reach (1 m); move toward it first (CX-MOVE-08)"
    );
}

#[test]
fn audit_rests_are_an_hour_or_eight_and_a_night_up_leaves_one_below_par() {
    // rule: CX-HEAL-04
    // 000: "Short Rest: Taking about an hour, characters can take a short
    //       rest to rest and recoup. Long Rest: Taking about eight hours,
    //       characters need to rest after a long day of adventuring. If you
    //       choose to stay up all night, you won't be at your best for the
    //       next day."
    // Not in a fight; out of one, 1 and 8 hours. Below par (the decision):
    // -10 on skill checks until a long rest. Tess's Awareness: d100 50 + 4.
    let mut a = tess_and_the_raider();
    let why = a.refuse(rest("tess", true), &[]);
    assert!(why.contains("no resting in the middle of a fight"), "{why}");
    let mut a = Arena::with(vec![("tess", "crew", Recruit::new("Tess").fighter())], 1);
    let log = a.run(rest("tess", false), &[]);
    assert!(log.contains("about 1 hour"), "{log}");
    let awareness = |a: &mut Arena| a.run(check("tess", "awareness", 50, Effort::Roll), &[5, 10]);
    assert!(awareness(&mut a).contains("total 54 > DC 50"));
    a.run(Command::StayUp { id: id("tess") }, &[]);
    assert!(awareness(&mut a).contains("total 44 <= DC 50"));
    // A short rest does not make up for the night; a long one does.
    a.run(rest("tess", false), &[]);
    assert!(awareness(&mut a).contains("total 44 <= DC 50"));
    let log = a.run(rest("tess", true), &[]);
    assert!(log.contains("about 8 hours"), "{log}");
    assert!(awareness(&mut a).contains("total 54 > DC 50"));
}

#[test]
fn audit_falls_past_half_dex_need_acrobatics_and_a_bad_landing_costs_twice_the_height() {
    // rule: CX-HEAL-05
    // 000: "A player can fall up to their Dex/2 in meters before needing to
    //       roll an acrobatics check. If the surface they are landing on is
    //       somehow fouled, the GM may require the player to roll an
    //       acrobatics check when landing from any height at their
    //       discretion. On a failed roll, take damage equal to 2 times the
    //       height fallen. The player also incurs one injury, depending on
    //       the severity of the fall."
    // Acrobatics: d100 + DEX bonus against 10 a metre (the decision); a tie
    // fails. (DEX, metres, fouled, dice, damage, injured)
    // - DEX 6: 3 m is safe, no roll; 4 m: 36 + 4 = 40 ties DC 40: 8 and an
    //   injury; 37 + 4 = 41 lands.
    // - DEX 7 (3.5 m safe): 3 m safe; DEX 5 (2.5: 2 m safe): 3 m is checked.
    // - Fouled, 1 m: 6 + 4 = 10 ties DC 10: 2 damage.
    // - 10 m, d100 1: 5 <= 100, 20 damage.
    let dex7 = Recruit::new("Tess").stat("DEX", 7).stat("CHA", 5);
    let dex5 = Recruit::new("Tess").stat("DEX", 5).stat("CHA", 7);
    type Case = (Recruit, i64, bool, &'static [i64], i64);
    let cases: [Case; 8] = [
        (Recruit::new("Tess"), 3, false, &[], 0),
        (Recruit::new("Tess"), 4, false, &[3, 6], 8),
        (Recruit::new("Tess"), 4, false, &[3, 7], 0),
        (dex7, 3, false, &[], 0),
        // DEX 5: +0; 30 ties DC 30.
        (dex5.clone(), 3, false, &[3, 10], 6),
        (dex5, 2, false, &[], 0),
        (Recruit::new("Tess"), 1, true, &[10, 6], 2),
        (Recruit::new("Tess"), 10, false, &[10, 1], 20),
    ];
    for (who, metres, fouled, dice, damage) in cases {
        let mut a = Arena::with(vec![("tess", "crew", who.fighter())], 1);
        let hp = a.hp("tess");
        let log = a.run(
            Command::Fall {
                id: id("tess"),
                metres,
                fouled,
            },
            dice,
        );
        assert_eq!(hp - a.hp("tess"), damage, "{metres} m {dice:?}: {log}");
        let injured = a.state().clock.effects_on(&id("tess")).any(|e| {
            matches!(
                e.payload,
                nanite_compound_x::encounter::CxEffect::Injured { .. }
            )
        });
        assert_eq!(injured, damage > 0, "one injury with a bad landing: {log}");
    }
}
