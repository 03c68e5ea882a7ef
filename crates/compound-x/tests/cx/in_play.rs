//! Turns, reactions, held actions, shields, conditions, death and
//! stabilizing in a running fight: Vex Marrow against a Depot Raider, with
//! forced dice (a d100 is typed tens then ones; a face 0 is typed 10).

use nanite_compound_x::DamageType;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Cover, Stance};
use nanite_compound_x::encounter::{Command, MeleeKind};
use nanite_core::ClockCommand;

use super::arena::{Arena, RAIDER, VEX, fighter, fire, hold, id, position};

/// A running fight: Vex (initiative 60) and the raider (30), 12 m apart,
/// both standing in the open; Vex's turn in round 1.
fn duel() -> Arena {
    let mut t = Arena::new();
    t.add("vex", "crew", fighter(VEX));
    t.add("raider", "raiders", fighter(RAIDER));
    t.run(distance(12), &[]);
    t.run(initiative("vex", 60), &[]);
    t.run(initiative("raider", 30), &[]);
    t.begin(&[]);
    t
}

fn distance(metres: i64) -> Command {
    Command::Distance {
        a: id("vex"),
        b: id("raider"),
        metres,
    }
}

fn initiative(who: &str, total: i64) -> Command {
    Command::Clock(ClockCommand::SetInitiative { id: id(who), total })
}

fn act(who: &str, what: &str, actions: u32) -> Command {
    Command::Act {
        id: id(who),
        what: what.into(),
        actions,
    }
}

fn harm(who: &str, amount: i64, damage_type: DamageType) -> Command {
    Command::Harm {
        target: id(who),
        amount,
        damage_type,
        apl: 0,
        why: "a test".into(),
    }
}

fn afflict(who: &str, condition: ConditionKind, turns: Option<u32>) -> Command {
    Command::Afflict {
        target: id(who),
        condition,
        turns,
    }
}

fn stabilize(kit: bool) -> Command {
    Command::Stabilize {
        id: id("vex"),
        target: id("raider"),
        kit,
        count_revive: false,
    }
}

/// Downs the raider (120 HP) with two 60-point blasts: explosives roll no
/// armor, and 60 forces no Shock save.
fn down_raider(t: &mut Arena) {
    t.run(harm("raider", 60, DamageType::Explosive), &[]);
    t.run(harm("raider", 60, DamageType::Explosive), &[]);
}

#[test]
fn four_actions_a_turn_and_free_actions_at_any_time() {
    // rule: CX-TURN-03
    // rule: CX-DICE-10
    let mut t = duel();
    assert_eq!(t.left(), 4);
    for _ in 0..4 {
        t.run(act("vex", "draw", 1), &[]);
    }
    let refusal = t.refuse(act("vex", "draw", 1), &[]);
    assert!(refusal.contains("has 0 left"), "{refusal}");
    // Talking is free, even on someone else's turn, and rolls nothing.
    let log = t.run(act("raider", "shout a warning", 0), &[]);
    assert!(log.contains("shout a warning (free)"), "{log}");
    assert!(t.game.log().last().unwrap().dice.is_empty());
}

#[test]
fn action_costs_follow_the_table() {
    // rule: CX-TURN-07
    let mut t = duel();
    // Aim 1, crouch free, stand from a crouch 1, go prone 1.
    let cases = [
        (Command::Aim { id: id("vex") }, 3),
        (
            Command::Stance {
                id: id("vex"),
                to: Stance::Crouched,
            },
            3,
        ),
        (
            Command::Stance {
                id: id("vex"),
                to: Stance::Standing,
            },
            2,
        ),
        (
            Command::Stance {
                id: id("vex"),
                to: Stance::Prone,
            },
            1,
        ),
    ];
    for (command, left) in cases {
        t.run(command, &[]);
        assert_eq!(t.left(), left);
    }
}

#[test]
fn a_fourth_reaction_in_a_round_is_refused_until_the_next_round() {
    // rule: CX-TURN-04
    let mut t = duel();
    let penalty = || Command::PenaltyAttack {
        by: id("raider"),
        target: id("vex"),
        why: "a test".into(),
    };
    // Each is a knife thrust at miss chance 2; a 1 misses.
    for _ in 0..3 {
        t.run(penalty(), &[1]);
    }
    let refusal = t.refuse(penalty(), &[1]);
    assert!(refusal.contains("no reactions left"), "{refusal}");
    t.next(&[]);
    t.next(&[]);
    assert_eq!(t.state().round(), 2);
    t.run(penalty(), &[1]);
}

#[test]
fn held_actions_wait_for_their_trigger_and_are_lost_at_the_next_turn() {
    // rule: CX-TURN-05
    let mut t = duel();
    let refusal = t.refuse(hold("vex", 3, "the raider breaks cover"), &[]);
    assert!(refusal.contains("at most 2"), "{refusal}");
    t.run(hold("vex", 2, "the raider breaks cover"), &[]);
    assert_eq!(t.left(), 2);
    t.next(&[]);
    // Out of turn Vex cannot act, until the trigger happens.
    t.refuse(Command::Aim { id: id("vex") }, &[]);
    let log = t.run(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    assert!(log.contains("trigger"), "{log}");
    t.run(Command::Aim { id: id("vex") }, &[]);
    // One held action is left unused; it is lost when Vex's turn comes.
    let log = t.next(&[]);
    assert!(log.contains("1 held action(s) are lost unused"), "{log}");
    // A raider cannot hold on Vex's turn.
    let refusal = t.refuse(hold("raider", 1, "x"), &[]);
    assert!(refusal.contains("not raider's turn"), "{refusal}");
}

#[test]
fn a_save_against_a_condition_costs_an_action_once_a_round() {
    // rule: CX-TURN-06
    // rule: CX-COND-04
    let mut t = duel();
    t.run(afflict("vex", ConditionKind::Fear, None), &[]);
    let refusal = t.refuse(fire("vex", "raider"), &[]);
    assert!(refusal.contains("can only flee the source"), "{refusal}");
    // 1 1 = 11 + Will 12 = 23, not above DC 50.
    let log = t.run(
        Command::Save {
            id: id("vex"),
            condition: ConditionKind::Fear,
        },
        &[1, 1],
    );
    assert!(log.contains("total 23 <= DC 50: failure"), "{log}");
    assert_eq!(t.left(), 3);
    let refusal = t.refuse(
        Command::Save {
            id: id("vex"),
            condition: ConditionKind::Fear,
        },
        &[9, 9],
    );
    assert!(
        refusal.contains("once per condition per round"),
        "{refusal}"
    );
    // Next round: 9 9 = 99 + 12 = 111 > 50 ends it.
    t.next(&[]);
    t.next(&[]);
    t.run(
        Command::Save {
            id: id("vex"),
            condition: ConditionKind::Fear,
        },
        &[9, 9],
    );
    assert!(!t.has("vex", ConditionKind::Fear));
}

#[test]
fn the_gm_ends_the_fight_and_nothing_more_happens() {
    // rule: CX-TURN-08
    let mut t = duel();
    t.run(Command::Aim { id: id("vex") }, &[]);
    let log = t.run(Command::Clock(ClockCommand::End), &[]);
    assert!(log.contains("the GM ends the fight"), "{log}");
    assert!(log.contains("aimed ends with the fight"), "{log}");
    let refusal = t.refuse(Command::Clock(ClockCommand::NextTurn), &[]);
    assert!(refusal.contains("over"), "{refusal}");
}

#[test]
fn shields_recharge_wait_at_zero_and_restart() {
    // rule: CX-DMG-04
    // rule: CX-DMG-03
    let mut t = duel();
    let shield = |t: &Arena| {
        let s = t.state().combatants[&id("vex")]
            .fighter
            .shield
            .clone()
            .unwrap();
        (s.strength, s.waited)
    };
    // A laser is absorbed whole by the CS-1 (30): nothing passes, no armor roll.
    t.run(harm("vex", 20, DamageType::Laser), &[]);
    assert_eq!((shield(&t), t.hp("vex")), ((10, 0), 140));
    t.next(&[]);
    let log = t.next(&[]);
    assert!(log.contains("recharges 10 -> 15"), "{log}");
    // 40 more: 15 absorbed, 25 pass; the laser ignores the flak jacket: the
    // body roll 3 10 = 30 <= 50 takes it all.
    t.run(harm("vex", 40, DamageType::Laser), &[3, 10]);
    assert_eq!((shield(&t), t.hp("vex")), ((0, 0), 115));
    t.next(&[]);
    t.next(&[]);
    assert_eq!(shield(&t), (0, 1));
    // A hit at 0 restarts the wait.
    t.run(harm("vex", 5, DamageType::Laser), &[3, 10]);
    assert_eq!(shield(&t), (0, 0));
    for waited in 1..3 {
        t.next(&[]);
        t.next(&[]);
        assert_eq!(shield(&t), (0, waited));
    }
    t.next(&[]);
    let log = t.next(&[]);
    assert!(log.contains("restarts at 5 after 3 turn(s)"), "{log}");
    assert_eq!(shield(&t), (5, 0));
}

#[test]
fn a_fast_recharge_is_paid_in_nanites_before_any_action() {
    // rule: CX-DMG-04
    let mut t = duel();
    t.run(harm("vex", 30, DamageType::Laser), &[]);
    t.next(&[]);
    t.next(&[]);
    let log = t.run(Command::FastRecharge { id: id("vex") }, &[]);
    assert!(log.contains("pays 10 nanites"), "{log}");
    let f = &t.state().combatants[&id("vex")].fighter;
    assert_eq!((f.shield.as_ref().unwrap().strength, f.nanites), (5, 50));
    let refusal = t.refuse(Command::FastRecharge { id: id("vex") }, &[]);
    assert!(refusal.contains("once"), "{refusal}");
}

#[test]
fn downed_at_zero_then_negative_prone_and_no_more_bleeding() {
    // rule: CX-DEATH-01
    // rule: CX-DEATH-02
    // rule: CX-COND-12
    let mut t = duel();
    t.run(afflict("raider", ConditionKind::Bleeding, None), &[]);
    t.run(harm("raider", 60, DamageType::Explosive), &[]);
    let log = t.run(harm("raider", 100, DamageType::Explosive), &[1, 1]);
    assert!(log.contains("Depot Raider is downed"), "{log}");
    assert!(log.contains("bleeding ends: the bearer is downed"), "{log}");
    assert_eq!(t.hp("raider"), 0, "the first downing sets health to 0");
    t.run(harm("raider", 10, DamageType::Explosive), &[]);
    assert_eq!(t.hp("raider"), -10, "further damage goes negative");
    let c = &t.state().combatants[&id("raider")];
    assert_eq!(c.stance, Stance::Prone);
    assert!(!t.has("raider", ConditionKind::Bleeding));
    let refusal = t.refuse(act("raider", "crawl", 1), &[]);
    assert!(refusal.contains("downed"), "{refusal}");
}

#[test]
fn one_death_save_a_turn_against_a_shrinking_allowance() {
    // rule: CX-DEATH-03
    // rule: CX-DEATH-04
    let mut t = duel();
    down_raider(&mut t);
    // The raider's turn: 6 10 = 60 > 50 holds on; its turn has no actions.
    let log = t.next(&[6, 10]);
    assert!(
        log.contains("death save: d100 = 60 against DC 50: holds on"),
        "{log}"
    );
    assert_eq!(t.left(), 0);
    t.next(&[]);
    // 5 10 = 50: a tie fails; 2 of the 3 left.
    let log = t.next(&[5, 10]);
    assert!(log.contains("failed, 2 left"), "{log}");
    t.next(&[]);
    let log = t.next(&[1, 1]);
    assert!(log.contains("failed, 1 left"), "{log}");
    t.next(&[]);
    let log = t.next(&[1, 1]);
    assert!(log.contains("Depot Raider dies"), "{log}");
    assert!(t.state().combatants[&id("raider")].fighter.dead);
}

#[test]
fn stabilizing_takes_three_actions_an_adjacent_target_and_beats_80() {
    // rule: CX-DEATH-05
    let mut t = duel();
    down_raider(&mut t);
    let refusal = t.refuse(stabilize(false), &[]);
    assert!(refusal.contains("12 m from raider"), "{refusal}");
    t.run(distance(1), &[]);
    // 6 10 = 60 + DEX bonus 0 + Medicine 20 = 80: a tie fails.
    let log = t.run(stabilize(false), &[6, 10]);
    assert!(log.contains("total 80 <= DC 80: failure"), "{log}");
    assert_eq!(t.left(), 1);
    t.next(&[6, 10]);
    t.next(&[]);
    // 7 5 = 75 + 20 = 95 > 80.
    let log = t.run(stabilize(false), &[7, 5]);
    assert!(log.contains("stabilizes Depot Raider: 1 HP"), "{log}");
    assert_eq!(t.hp("raider"), 1);
    assert!(!t.state().combatants[&id("raider")].fighter.is_downed());
    let refusal = t.refuse(stabilize(false), &[]);
    assert!(refusal.contains("not downed"), "{refusal}");
}

#[test]
fn stabilize_criticals_and_kits() {
    // rule: CX-DEATH-07
    // rule: CX-DEATH-08
    let cases: [(bool, [i64; 2], &[i64], &str); 3] = [
        // 9 5 = 95: a critical success; the revive does not count.
        (false, [9, 5], &[], "this revive does not count"),
        // 10 3 = 03: a critical failure forces a death save (7 10 = 70 holds).
        (false, [10, 3], &[7, 10], "holds on"),
        // 5 5 = 55 + 20 + kit 20 = 95 > 80.
        (true, [5, 5], &[], "a kit is spent on Depot Raider"),
    ];
    for (kit, die, extra, expected) in cases {
        let mut t = duel();
        down_raider(&mut t);
        t.run(distance(1), &[]);
        let mut dice = die.to_vec();
        dice.extend_from_slice(extra);
        let log = t.run(stabilize(kit), &dice);
        assert!(log.contains(expected), "{expected}: {log}");
        let revives = t.state().combatants[&id("raider")].revives;
        match die {
            [9, 5] => assert_eq!(revives, 0),
            [10, 3] => assert!(t.state().combatants[&id("raider")].fighter.is_downed()),
            _ => assert_eq!(revives, 1),
        }
    }
}

#[test]
fn begun_with_the_last_actions_a_stabilize_spares_the_death_save() {
    // rule: CX-DEATH-08
    let mut t = duel();
    down_raider(&mut t);
    t.run(distance(1), &[]);
    t.run(act("vex", "draw a medikit", 2), &[]);
    let log = t.run(stabilize(false), &[]);
    assert!(log.contains("begin stabilizing raider"), "{log}");
    // The raider's turn: no death save (no dice are forced for it).
    let log = t.next(&[]);
    assert!(!log.contains("death save"), "{log}");
    // Vex finishes with the one action left to do.
    t.next(&[]);
    t.run(stabilize(false), &[7, 5]);
    assert_eq!(t.left(), 3);
    assert_eq!(t.hp("raider"), 1);
}

#[test]
fn revives_past_half_fort_leave_the_target_unconscious() {
    // rule: CX-DEATH-06
    let mut t = duel();
    down_raider(&mut t);
    t.run(distance(1), &[]);
    // The raider's FORT 6 allows max(2, 3) = 3 revives.
    for revive in 1..=4 {
        if revive > 1 {
            t.run(harm("raider", 5, DamageType::Explosive), &[]);
            t.next(&[6, 10]);
            t.next(&[]);
        }
        t.run(stabilize(false), &[7, 5]);
        assert_eq!(
            t.has("raider", ConditionKind::Unconscious),
            revive == 4,
            "revive {revive}"
        );
    }
}

#[test]
fn some_hazards_kill_outright() {
    // rule: CX-DEATH-09
    let mut t = duel();
    let log = t.run(
        Command::Kill {
            target: id("raider"),
            why: "a space station dropped on it".into(),
        },
        &[],
    );
    assert!(log.contains("kills outright, CX-DEATH-09"), "{log}");
    let refusal = t.refuse(fire("vex", "raider"), &[]);
    assert!(refusal.contains("already dead"), "{refusal}");
}

#[test]
fn a_shock_knocks_out_and_the_wake_roll_brings_back() {
    // rule: CX-DEATH-10
    let mut t = duel();
    // 80 explosive damage: a Shock save against 80; 5 10 = 50 + 14 = 64 fails.
    let log = t.run(harm("vex", 80, DamageType::Explosive), &[5, 10]);
    assert!(log.contains("knocked unconscious"), "{log}");
    assert!(t.has("vex", ConditionKind::Unconscious));
    assert_eq!(t.state().combatants[&id("vex")].stance, Stance::Prone);
    t.refuse(act("vex", "crawl", 1), &[]);
    t.next(&[]);
    // Vex's turn: 6 10 = 60 + 14 = 74 > 70 wakes, with no actions this turn.
    let log = t.next(&[6, 10]);
    assert!(log.contains("wakes up"), "{log}");
    assert_eq!(t.left(), 0);
    assert!(!t.has("vex", ConditionKind::Unconscious));
}

#[test]
fn pinned_down_hunkers_for_two_full_turns() {
    // rule: CX-COND-06
    let mut t = duel();
    t.run(afflict("vex", ConditionKind::PinnedDown, None), &[]);
    assert_eq!(t.state().combatants[&id("vex")].stance, Stance::Hunkered);
    let refusal = t.refuse(
        Command::Stance {
            id: id("vex"),
            to: Stance::Standing,
        },
        &[],
    );
    assert!(refusal.contains("pinned down"), "{refusal}");
    // Pinned in round 1; rounds 2 and 3 are the two full turns.
    for _ in 0..2 {
        t.next(&[]);
        t.next(&[]);
        assert!(t.has("vex", ConditionKind::PinnedDown));
    }
    let log = t.next(&[]);
    assert!(log.contains("pinned-down ended"), "{log}");
    assert!(!t.has("vex", ConditionKind::PinnedDown));
}

#[test]
fn drink_adds_to_the_miss_chance() {
    // rule: CX-COND-09
    // rule: CX-COND-10
    for (kind, extra) in [(ConditionKind::Buzzed, 1), (ConditionKind::Hammered, 3)] {
        let mut t = duel();
        t.run(afflict("vex", kind, None), &[]);
        t.run(Command::Aim { id: id("vex") }, &[]);
        // The SMG's aimed row at 11-20 m is 4.
        let mc = 4 + extra;
        let log = t.run(fire("vex", "raider"), &[mc]);
        assert!(log.contains(&format!("+{extra} conditions")), "{log}");
        assert!(
            log.contains(&format!("d10 {mc} <= miss chance {mc}: miss")),
            "{log}"
        );
    }
}

#[test]
fn stunned_combatants_lose_their_turns() {
    // rule: CX-COND-11
    let mut t = duel();
    t.run(afflict("raider", ConditionKind::Stunned, Some(1)), &[]);
    let log = t.next(&[]);
    assert!(log.contains("stunned (CX-COND-11) (4 actions)"), "{log}");
    t.refuse(act("raider", "shout", 1), &[]);
    // The stun lasted until the end of that turn.
    t.next(&[]);
    assert!(!t.has("raider", ConditionKind::Stunned));
}

#[test]
fn shot_at_in_the_open_the_target_hits_the_dirt() {
    // rule: CX-MOVE-07
    let mut t = duel();
    t.run(Command::Aim { id: id("vex") }, &[]);
    // A 2 misses (miss chance 4): shot at and still up, the raider dives.
    let log = t.run(fire("vex", "raider"), &[2]);
    assert!(log.contains("Depot Raider is now prone"), "{log}");
    let log = t.next(&[]);
    assert!(
        log.contains("hit the dirt (CX-MOVE-07) (1 action)"),
        "{log}"
    );
    assert_eq!(t.left(), 3);
    // In cover there is no dive.
    let mut t = duel();
    t.run(position("raider", Some(Cover::Partial), None), &[]);
    t.run(Command::Aim { id: id("vex") }, &[]);
    t.run(fire("vex", "raider"), &[2]);
    assert_eq!(t.state().combatants[&id("raider")].stance, Stance::Standing);
}

#[test]
fn melee_needs_adjacency_and_locks_the_two_together() {
    // rule: CX-MOVE-08
    // rule: CX-RNG-11
    // rule: CX-MELEE-01
    let mut t = duel();
    let strike = |flanking| Command::Melee {
        id: id("vex"),
        target: id("raider"),
        weapon: None,
        kind: MeleeKind::Strike,
        flanking,
    };
    let refusal = t.refuse(strike(false), &[]);
    assert!(refusal.contains("beyond reach"), "{refusal}");
    t.run(distance(1), &[]);
    // Fists: miss chance 3 - melee bonus (STR 7: +0.5, truncated 0) = 3;
    // flanking -2 makes 1; a 1 misses.
    let log = t.run(strike(true), &[1]);
    assert!(log.contains("-2 flanking (CX-RNG-11)"), "{log}");
    assert!(log.contains("d10 1 <= miss chance 1: miss"), "{log}");
    assert!(t.state().engaged(&id("vex"), &id("raider")));
}

#[test]
fn plasma_dulled_armor_and_broken_weapons_are_repaired_at_dc_60() {
    // rule: CX-COND-07
    // rule: CX-STAT-13
    let mut t = duel();
    // 30 plasma: the shield takes half; the rest strikes the flak jacket
    // (3 10 = 30 <= 60), which loses an APL (and blocks the APL 0 blast).
    t.run(
        Command::Harm {
            target: id("vex"),
            amount: 30,
            damage_type: DamageType::Plasma,
            apl: 0,
            why: "a plasma bolt".into(),
        },
        &[3, 10],
    );
    let armor = |t: &Arena| {
        t.state().combatants[&id("vex")]
            .fighter
            .armor
            .clone()
            .unwrap()
    };
    assert_eq!((armor(&t).apl, armor(&t).plasma_damaged), (1, true));
    let repair = |weapon| Command::Repair {
        id: id("vex"),
        target: id("vex"),
        weapon,
        effort: Effort::Roll,
    };
    // A weapon that is not broken needs no repair.
    let refusal = t.refuse(repair(Some(0)), &[]);
    assert!(refusal.contains("is not broken"), "{refusal}");
    // Repair (untrained: the INT bonus 4): 5 10 = 50 + 4 fails; 9 9 = 99 + 4 succeeds.
    let log = t.run(repair(None), &[5, 10]);
    assert!(log.contains("total 54 <= DC 60"), "{log}");
    let log = t.run(repair(None), &[9, 9]);
    assert!(log.contains("has its APL back"), "{log}");
    assert_eq!((armor(&t).apl, armor(&t).plasma_damaged), (2, false));
    assert_eq!(t.left(), 2, "each try is a skill check: 1 action");
}
