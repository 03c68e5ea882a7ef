//! The flow of a Compound X fight with forced dice: initiative and its
//! roll-offs, the surprise round, the action budget, reactions, held
//! actions, saves against conditions, action costs, the end of the fight,
//! armor points and shields at the wearer's turn start, rolls that are not
//! needed and DCs hidden from the players.

use nanite_compound_x::combat::{ConditionKind, Cover, Fire, Stance};
use nanite_compound_x::encounter::{Command, Event};
use nanite_compound_x::{DamageType, FireMode};
use nanite_core::{ClockCommand, ClockEvent, encounter::FightPhase};

use super::arena::{
    Arena, RAIDER, Recruit, VEX, act, afflict, aim, distance, fighter, fire, fire_with, harm, hold,
    id, position, reload, save, stance,
};
use super::support::last_event;

fn initiative_of(a: &Arena, who: &str) -> i64 {
    a.state()
        .clock
        .seats
        .iter()
        .find(|s| s.id == id(who))
        .and_then(|s| s.initiative.as_ref())
        .map(|i| i.total)
        .unwrap()
}

#[test]
fn initiative_is_a_d100_plus_the_soldier_passive_only() {
    // rule: CX-TURN-01
    // rule: CX-DICE-01
    // Vex and the raider are Soldiers (+10, the class passive); the medic
    // has no passive. A d100 is tens then ones; 00 and 0 read 100.
    let doc = Recruit::new("Doc").class("medic").skill("medicine", 10);
    let cases: [([i64; 6], [i64; 3], [&str; 3]); 4] = [
        // vex 4,6 = 46; raider 2,10 = 20; doc 9,9 = 99.
        ([4, 6, 2, 10, 9, 9], [56, 30, 99], ["doc", "vex", "raider"]),
        // 10,10 reads 100; 10,3 reads 3; 1,10 reads 10.
        (
            [10, 10, 10, 3, 1, 10],
            [110, 13, 10],
            ["vex", "raider", "doc"],
        ),
        // A soldier's 50 beats a medic's 55: only the passive tells them apart.
        ([5, 10, 10, 1, 5, 5], [60, 11, 55], ["vex", "doc", "raider"]),
        // 10,1 reads 1: the lowest roll.
        ([10, 1, 10, 2, 10, 1], [11, 12, 1], ["raider", "vex", "doc"]),
    ];
    for (dice, totals, expected) in cases {
        let mut a = Arena::new();
        a.add("vex", "crew", fighter(VEX));
        a.add("raider", "raiders", fighter(RAIDER));
        a.add("doc", "crew", doc.fighter());
        let log = a.run(Command::RollInitiative { who: vec![] }, &dice);
        for (who, total) in ["vex", "raider", "doc"].iter().zip(totals) {
            assert_eq!(initiative_of(&a, who), total, "{who}: {log}");
        }
        assert_eq!(a.order(), expected, "{log}");
    }
}

#[test]
fn initiative_ties_are_rolled_off_until_they_break() {
    // rule: CX-TURN-01
    let mut a = Arena::new();
    a.add("vex", "crew", fighter(VEX));
    a.add("raider", "raiders", fighter(RAIDER));
    a.add("doc", "crew", Recruit::new("Doc").class("medic").fighter());
    // Vex 4,6 = 46 + 10 = 56; the raider 3,6 = 36 + 10 = 46; Doc 5,6 = 56:
    // Vex and Doc tie. First roll-off 5,5 against 5,5: tied again; then
    // 2,2 = 22 against 8,1 = 81: Doc goes first. The raider never rolls off.
    let log = a.run(
        Command::RollInitiative { who: vec![] },
        &[4, 6, 3, 6, 5, 6, 5, 5, 5, 5, 2, 2, 8, 1],
    );
    let expected = [
        "Vex Marrow initiative: d100 = 46 +10 = 56 (CX-TURN-01)",
        "Depot Raider initiative: d100 = 36 +10 = 46 (CX-TURN-01)",
        "Doc initiative: d100 = 56 = 56 (CX-TURN-01)",
        "Vex Marrow rolls off a tie: d100 = 55 (CX-TURN-01)",
        "Doc rolls off a tie: d100 = 55 (CX-TURN-01)",
        "Vex Marrow rolls off a tie: d100 = 22 (CX-TURN-01)",
        "Doc rolls off a tie: d100 = 81 (CX-TURN-01)",
    ];
    assert_eq!(log, expected.join("\n"));
    assert_eq!(a.order(), ["doc", "vex", "raider"]);
    // Rerolling one combatant into a tie with a standing total rolls both
    // off: Doc 4,6 = 46 meets the raider's 46; 3,3 = 33 against 7,7 = 77.
    let log = a.run(
        Command::RollInitiative {
            who: vec![id("doc")],
        },
        &[4, 6, 3, 3, 7, 7],
    );
    assert!(
        log.contains("Depot Raider rolls off a tie: d100 = 33")
            && log.contains("Doc rolls off a tie: d100 = 77"),
        "{log}"
    );
    assert_eq!(a.order(), ["vex", "doc", "raider"]);
}

#[test]
fn only_hidden_attackers_act_in_the_surprise_round() {
    // rule: CX-TURN-02
    let mut a = Arena::vex_and_raider(12);
    a.run(
        Command::Add {
            id: id("sniper"),
            side: "raiders".into(),
            hidden: true,
            fighter: Box::new(fighter(RAIDER)),
            cover: Cover::Partial,
            stance: Stance::Crouched,
        },
        &[],
    );
    a.run(
        Command::Clock(ClockCommand::SetInitiative {
            id: id("sniper"),
            total: 5,
        }),
        &[],
    );
    a.run(distance("sniper", "vex", 30), &[]);
    // Only the hidden may surprise.
    let why = a.refuse(
        Command::Clock(ClockCommand::Begin {
            surprise: vec![id("raider")],
        }),
        &[],
    );
    assert!(why.contains("not hidden"), "{why}");
    let log = a.run(
        Command::Clock(ClockCommand::Begin {
            surprise: vec![id("sniper")],
        }),
        &[],
    );
    assert!(
        log.contains("surprise round: only Depot Raider acts (CX-TURN-02)"),
        "{log}"
    );
    assert_eq!(a.active().as_deref(), Some("sniper"));
    assert_eq!(a.state().round(), 0);
    // Vex goes first in the order but not in the surprise round.
    let why = a.refuse(aim("vex"), &[]);
    assert!(why.contains("not vex's turn"), "{why}");
    // The sniper got the drop: its aimed shot is a stealth attack.
    a.run(aim("sniper"), &[]);
    let log = a.run(fire("sniper", "vex"), &[2]);
    assert!(log.contains("stealth attack (CX-RNG-09)"), "{log}");
    // Round 1: everyone, in initiative order, the sniper last.
    let log = a.next(&[]);
    assert!(log.contains("== round 1"), "{log}");
    let mut turns = vec![a.active().unwrap()];
    for _ in 0..2 {
        a.next(&[]);
        turns.push(a.active().unwrap());
    }
    assert_eq!(turns, ["vex", "raider", "sniper"]);
}

#[test]
fn a_turn_has_four_actions_and_free_actions_are_unlimited() {
    // rule: CX-TURN-03
    // rule: CX-DICE-10
    let mut a = Arena::duel();
    for n in 0..10 {
        a.run(act("vex", &format!("call out {n}"), 0), &[]);
        // Free on anyone's turn.
        a.run(act("raider", &format!("curse {n}"), 0), &[]);
    }
    assert_eq!(a.left(), 4);
    let why = a.refuse(act("vex", "a long job", 5), &[]);
    assert!(why.contains("more than a whole turn (4)"), "{why}");
    a.run(act("vex", "draw", 1), &[]);
    a.run(act("vex", "flashlight", 1), &[]);
    let why = a.refuse(act("vex", "climb", 3), &[]);
    assert_eq!(
        why,
        "vex needs 3 action(s) for climb but has 2 left this turn"
    );
    a.run(act("vex", "climb", 2), &[]);
    assert_eq!(a.left(), 0);
    // Still free with nothing left; mundane actions roll nothing.
    a.run(act("vex", "shout", 0), &[]);
    assert_eq!(a.last_dice(), 0);
    // The next turn is the raider's, with 4 of its own.
    let log = a.next(&[]);
    assert!(log.contains("-- Depot Raider's turn (4 actions)"), "{log}");
    assert_eq!(a.left(), 4);
    let why = a.refuse(act("vex", "draw", 1), &[]);
    assert!(why.contains("not vex's turn (it is raider's)"), "{why}");
}

#[test]
fn reactions_of_every_kind_share_the_limit_of_three_a_round() {
    // rule: CX-TURN-04
    // rule: CX-TURN-05
    let mut a = Arena::duel();
    a.run(hold("vex", 2, "the raider moves"), &[]);
    a.next(&[]);
    // Three penalty attacks (unarmed, miss chance 3; a 1 misses) use Vex's
    // three reactions; setting off the held actions would be a fourth.
    let penalty = || Command::PenaltyAttack {
        by: id("vex"),
        target: id("raider"),
        why: "the raider slips past".into(),
    };
    for _ in 0..3 {
        let log = a.run(penalty(), &[1]);
        assert!(log.contains("Vex Marrow reacts"), "{log}");
    }
    assert_eq!(a.state().clock.reactions_used(&id("vex")), 3);
    let why = a.refuse(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    assert_eq!(
        why,
        "vex has used all 3 reactions this round; a reaction is possible again next round"
    );
    let why = a.refuse(penalty(), &[1]);
    assert!(why.contains("no reactions left"), "{why}");
    // The raider's own reactions are untouched.
    a.run(
        Command::PenaltyAttack {
            by: id("raider"),
            target: id("vex"),
            why: "Vex turns away".into(),
        },
        &[1],
    );
    // A new round clears the count; the unused held actions are lost at
    // Vex's turn.
    let log = a.next(&[]);
    assert!(log.contains("== round 2"), "{log}");
    assert!(
        log.contains("Vex Marrow's 2 held action(s) are lost unused"),
        "{log}"
    );
    assert_eq!(a.state().clock.reactions_used(&id("vex")), 0);
    a.run(penalty(), &[1]);
}

#[test]
fn holding_actions_is_limited_and_only_on_ones_own_turn() {
    // rule: CX-TURN-05
    let hold = |who: &str, actions: u32, trigger: &str| Command::Hold {
        id: id(who),
        actions,
        trigger: trigger.into(),
    };
    let cases: [(u32, u32, &str, &str); 4] = [
        // (actions spent first, actions held, trigger, refusal)
        (0, 3, "x", "at most 2 actions can be held"),
        (0, 0, "x", "at most 2 actions can be held"),
        (3, 2, "x", "only unused ones (1 left)"),
        (0, 1, " ", "needs a declared trigger"),
    ];
    for (spent, held, trigger, refusal) in cases {
        let mut a = Arena::duel();
        if spent > 0 {
            a.run(act("vex", "busy", spent), &[]);
        }
        let why = a.refuse(hold("vex", held, trigger), &[]);
        assert!(why.contains(refusal), "{spent} {held}: {why}");
    }
    let mut a = Arena::duel();
    let why = a.refuse(hold("raider", 1, "x"), &[]);
    assert!(why.contains("not raider's turn"), "{why}");
    let why = a.refuse(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    assert_eq!(why, "vex holds no actions");
}

#[test]
fn triggered_held_actions_are_spent_out_of_turn_and_the_rest_is_lost() {
    // rule: CX-TURN-05
    // rule: CX-TURN-04
    let mut a = Arena::duel();
    a.run(act("vex", "take cover", 2), &[]);
    a.run(hold("vex", 2, "the raider shows itself"), &[]);
    assert_eq!(a.left(), 0, "held actions come out of the turn");
    a.next(&[]);
    let log = a.run(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    assert!(
        log.contains("Vex Marrow's held action(s) trigger: 2 to use now (CX-TURN-05)"),
        "{log}"
    );
    assert_eq!(a.state().clock.reactions_used(&id("vex")), 1);
    let why = a.refuse(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    assert_eq!(why, "vex holds no actions");
    // One held action: a shot (the dot sight forbids hip fire; blind fire
    // takes no attachments: 10 at 11-20 m, and a 3 misses).
    let log = a.run(
        fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Blind)),
        &[3],
    );
    assert!(log.contains("blind fire"), "{log}");
    assert_eq!(a.state().clock.held[&id("vex")].actions, 1);
    let why = a.refuse(act("vex", "two more", 2), &[]);
    assert!(why.contains("has 1 left"), "{why}");
    // The raider's own budget is untouched by Vex's reaction.
    assert_eq!(a.left(), 4, "the raider's dive is paid on its next turn");
    let log = a.next(&[]);
    assert!(log.contains("1 held action(s) are lost unused"), "{log}");
    assert!(!a.state().clock.held.contains_key(&id("vex")));
}

#[test]
fn an_aim_taken_with_held_actions_does_not_last_into_the_next_turn() {
    // rule: CX-RNG-05
    // rule: CX-TURN-05
    let mut a = Arena::duel();
    a.run(hold("vex", 2, "the raider shows itself"), &[]);
    a.next(&[]);
    a.run(Command::Clock(ClockCommand::Trigger { id: id("vex") }), &[]);
    a.run(aim("vex"), &[]);
    a.run(fire("vex", "raider"), &[2]);
    a.next(&[]);
    assert_eq!(a.active().as_deref(), Some("vex"));
    // Aiming lasts the rest of the turn it was taken in: in its own turn
    // Vex has not aimed, so an aimed shot needs a new aim.
    let why = a.refuse(
        fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Aimed)),
        &[5],
    );
    assert!(why.contains("has not aimed this turn"), "{why}");
    a.run(aim("vex"), &[]);
}

#[test]
fn a_save_against_a_condition_costs_one_action_once_per_condition_per_round() {
    // rule: CX-TURN-06
    // rule: CX-COND-04
    // rule: CX-COND-06
    // Tess: Will +12; Maneuver and Medicine +4 (DEX 6 and INT 6, no points).
    let tess = Recruit::new("Tess");
    let cases: [(ConditionKind, &str, [i64; 2], bool); 8] = [
        // 38 + 12 = 50: a tie fails; 39 + 12 = 51 passes.
        (
            ConditionKind::Fear,
            "Will save against fear (DC 50)",
            [3, 8],
            false,
        ),
        (
            ConditionKind::Fear,
            "Will save against fear (DC 50)",
            [3, 9],
            true,
        ),
        (ConditionKind::GreaterFear, "(DC 75)", [6, 4], true),
        (ConditionKind::PinnedDown, "(DC 70)", [5, 8], false),
        (ConditionKind::PinnedDown, "(DC 70)", [5, 9], true),
        // 36 + 4 = 40 <= 40; 37 + 4 = 41.
        (
            ConditionKind::Burning,
            "Maneuver against burning (DC 40)",
            [3, 6],
            false,
        ),
        (
            ConditionKind::Burning,
            "Maneuver against burning (DC 40)",
            [3, 7],
            true,
        ),
        (
            ConditionKind::Frozen,
            "Medicine against frozen (DC 50)",
            [4, 7],
            true,
        ),
    ];
    for (kind, what, dice, ends) in cases {
        let mut a = Arena::with(
            vec![
                ("tess", "crew", tess.fighter()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            12,
        );
        a.begin(&[]);
        a.run(afflict("tess", kind, None), &[]);
        let log = a.run(save("tess", kind), &dice);
        assert!(log.contains(what), "{kind:?}: {log}");
        assert_eq!(a.left(), 3, "{kind:?}");
        assert_eq!(a.has("tess", kind), !ends, "{kind:?}: {log}");
        if !ends {
            let why = a.refuse(save("tess", kind), &[9, 9]);
            assert!(
                why.contains("once per condition per round (CX-TURN-06)"),
                "{why}"
            );
        }
    }
}

#[test]
fn saves_against_different_conditions_and_in_later_rounds_are_separate() {
    // rule: CX-TURN-06
    let mut a = Arena::duel();
    a.run(afflict("vex", ConditionKind::Fear, None), &[]);
    a.run(afflict("vex", ConditionKind::Burning, None), &[]);
    // Vex's Maneuver: no points, DEX 5: +0. 1,1 = 11 fails both.
    a.run(save("vex", ConditionKind::Fear), &[1, 1]);
    a.run(save("vex", ConditionKind::Burning), &[1, 1]);
    assert_eq!(a.left(), 2);
    a.refuse(save("vex", ConditionKind::Burning), &[9, 9]);
    // Not every condition has a save of its own, and only a borne one.
    a.run(afflict("vex", ConditionKind::Bleeding, None), &[]);
    let why = a.refuse(save("vex", ConditionKind::Bleeding), &[]);
    assert!(why.contains("bleeding has no save of its own"), "{why}");
    let why = a.refuse(save("vex", ConditionKind::Necrosis), &[5, 5]);
    assert_eq!(why, "vex is not necrosis");
    // A third condition, but no action left to save against it.
    a.run(afflict("vex", ConditionKind::PinnedDown, None), &[]);
    a.run(act("vex", "crawl", 2), &[]);
    let why = a.refuse(save("vex", ConditionKind::PinnedDown), &[9, 9]);
    assert!(why.contains("needs 1 action(s)"), "{why}");
    // Round 2: the raider's turn, then Vex's, where burning ticks 2d10
    // (2 + 3), bleeding floor(4 / 2) + 1, and both saves may be tried again.
    a.next(&[]);
    let log = a.next(&[2, 3, 4]);
    assert!(log.contains("takes 5 from burning"), "{log}");
    assert!(log.contains("takes 3 from bleeding"), "{log}");
    a.run(save("vex", ConditionKind::Fear), &[9, 9]);
    assert!(!a.has("vex", ConditionKind::Fear));
    a.run(save("vex", ConditionKind::Burning), &[9, 9]);
    assert!(!a.has("vex", ConditionKind::Burning));
}

/// A fight where `first` (initiative first) faces the raider `metres` away;
/// with `shot_first`, `first` fires once (a miss) and the round goes by, so
/// its weapon can be reloaded on a fresh turn.
fn first_turn(first: &Recruit, metres: i64, shot_first: bool) -> Arena {
    let mut a = Arena::with(
        vec![
            ("first", "crew", first.fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        metres,
    );
    a.begin(&[]);
    if shot_first {
        a.run(fire("first", "raider"), &[2]);
        a.next(&[]);
        a.next(&[]);
    }
    assert_eq!(a.left(), 4);
    a
}

/// What, by whom, at what distance, after a shot or not, the command, its
/// dice, and the actions it costs.
type CostCase<'a> = (&'a str, &'a Recruit, i64, bool, Command, Vec<i64>, u32);

#[test]
fn actions_cost_what_the_table_says() {
    // rule: CX-TURN-07
    // rule: CX-RNG-13
    let pump = Recruit::new("Pump")
        .skill("shotguns", 10)
        .weapon("pump-shotgun", &[], 2);
    let sniper = Recruit::new("Scope")
        .class("sniper")
        .skill("sniper-rifles", 10)
        .weapon("sniper-rifle", &[], 2);
    let smg = Recruit::new("Rook").skill("smgs", 10).weapon("smg", &[], 2);
    let check_of = |skill: &str| Command::Check {
        id: id("first"),
        skill: skill.into(),
        dc: 50,
        hidden: false,
        effort: nanite_compound_x::check::Effort::Roll,
        combined_with: None,
    };
    let check = check_of("smgs");
    // 000: "Getting Your Bearings / Non Skill-Based Perception - Free Action".
    let bearings = check_of("awareness");
    // (what, shooter, metres, shot first, command, dice, actions). Shots
    // miss with a 2 (a raw 1 would roll for a jam); reload checks pass:
    // 5,5 = 55 + the weapon skill's 14 beats DC 30 (DC 40 for the Longshot)
    // and stays under the critical 90.
    let cases: Vec<CostCase<'_>> = vec![
        (
            "semi-automatic shot",
            &smg,
            12,
            false,
            fire("first", "raider"),
            vec![2],
            1,
        ),
        (
            "a fire mode is chosen with the shot",
            &smg,
            12,
            false,
            fire_with("first", "raider", 0, FireMode::Burst, None),
            vec![2],
            1,
        ),
        (
            "pump shotgun shot: fire and rechamber",
            &pump,
            12,
            false,
            fire("first", "raider"),
            vec![2],
            2,
        ),
        (
            "bolt-action shot: fire and rechamber",
            &sniper,
            30,
            false,
            fire("first", "raider"),
            vec![2],
            2,
        ),
        ("aim", &smg, 12, false, aim("first"), vec![], 1),
        (
            "magazine reload",
            &smg,
            12,
            true,
            reload("first"),
            vec![5, 5],
            2,
        ),
        (
            "bolt-action reload",
            &sniper,
            30,
            true,
            reload("first"),
            vec![5, 5],
            3,
        ),
        (
            "pump shotgun reload",
            &pump,
            12,
            true,
            reload("first"),
            vec![5, 5],
            4,
        ),
        ("skill check", &smg, 12, false, check, vec![5, 5], 1),
        ("awareness check", &smg, 12, false, bearings, vec![5, 5], 0),
        (
            "flashlight",
            &smg,
            12,
            false,
            act("first", "flashlight", 1),
            vec![],
            1,
        ),
        (
            "talking",
            &smg,
            12,
            false,
            act("first", "talk", 0),
            vec![],
            0,
        ),
    ];
    for (what, shooter, metres, shot_first, command, dice, expected) in cases {
        let mut a = first_turn(shooter, metres, shot_first);
        a.run(command, &dice);
        assert_eq!(4 - a.left(), expected, "{what}");
    }
}

#[test]
fn stance_changes_cost_what_the_table_says() {
    // rule: CX-TURN-07
    // rule: CX-MOVE-04
    // rule: CX-MOVE-05
    // rule: CX-MOVE-06
    use Stance::{Crouched, Hunkered, Prone, Standing};
    let cases = [
        (Standing, Crouched, 0),
        (Standing, Prone, 1),
        (Standing, Hunkered, 1),
        (Crouched, Standing, 1),
        (Crouched, Prone, 1),
        (Crouched, Hunkered, 1),
        (Prone, Standing, 1),
        (Prone, Crouched, 1),
        (Prone, Hunkered, 1),
        (Hunkered, Standing, 0),
        (Hunkered, Crouched, 0),
        (Hunkered, Prone, 1),
    ];
    for (from, to, expected) in cases {
        let mut a = Arena::duel();
        a.run(position("vex", None, Some(from)), &[]);
        assert_eq!(a.left(), 4, "the GM's placing is free");
        a.run(stance("vex", to), &[]);
        assert_eq!(4 - a.left(), expected, "{from:?} to {to:?}");
        assert_eq!(a.c("vex").stance, to);
        let why = a.refuse(stance("vex", to), &[]);
        assert!(why.contains("already"), "{why}");
    }
}

#[test]
fn the_gm_ends_the_fight_regaining_death_saves_where_none_failed() {
    // rule: CX-TURN-08
    // rule: CX-DEATH-04
    // Vex comes in with 2 death saves from an earlier fight; the raider
    // fails one in this fight and is stabilized.
    let mut vex = fighter(VEX);
    vex.death_saves.allowance = 2;
    let mut a = Arena::with(
        vec![("vex", "crew", vex), ("raider", "raiders", fighter(RAIDER))],
        1,
    );
    a.begin(&[]);
    // Two 65s: no Shock save (70 or less), downed at the second.
    a.run(super::arena::blast("raider", 65), &[]);
    a.run(super::arena::blast("raider", 65), &[]);
    let log = a.next(&[2, 10]);
    assert!(log.contains("failed, 2 left"), "{log}");
    a.next(&[]);
    // Vex: 7,5 = 75 + DEX 0 + Medicine 20 = 95 > 80.
    a.run(super::arena::stabilize("vex", "raider", false), &[7, 5]);
    assert_eq!(a.c("raider").revives, 1);
    assert_eq!(a.f("raider").death_saves.allowance, 2);
    let log = a.run(Command::Clock(ClockCommand::End), &[]);
    assert!(log.contains("the GM ends the fight (CX-TURN-08)"), "{log}");
    assert!(
        log.contains("the fight is over: death saves regained where none failed (CX-DEATH-04)"),
        "{log}"
    );
    assert_eq!(
        a.f("vex").death_saves.allowance,
        3,
        "a clean fight regains one"
    );
    assert_eq!(
        a.f("raider").death_saves.allowance,
        2,
        "a failed save: none back"
    );
    assert_eq!(a.c("raider").revives, 0, "revives count per encounter");
    assert_eq!(a.state().clock.phase, FightPhase::Ended);
    for command in [
        Command::Clock(ClockCommand::NextTurn),
        aim("vex"),
        Command::Clock(ClockCommand::End),
    ] {
        let why = a.refuse(command, &[]);
        assert!(why.contains("over") || why.contains("not begun"), "{why}");
    }
}

#[test]
fn armor_points_refresh_at_the_start_of_the_wearers_turn() {
    // rule: CX-DMG-02
    // rule: CX-DMG-01
    let mut a = Arena::duel();
    let points = |a: &Arena, who: &str| a.f(who).armor.as_ref().unwrap().points_left;
    // Ballistic APL 2 against the flak jacket (60%, APL 2, 15 AP): 3,10 = 30
    // strikes the armor, pierces, and the 15 points take 10.
    a.run(harm("vex", 10, DamageType::Ballistic, 2), &[3, 10]);
    assert_eq!((points(&a, "vex"), a.hp("vex")), (5, 140));
    // 2,10 = 20: the 5 left take 5 of 12; 7 reach health.
    a.run(harm("vex", 12, DamageType::Ballistic, 2), &[2, 10]);
    assert_eq!((points(&a, "vex"), a.hp("vex")), (0, 133));
    // APL 1 below the armor's 2: all blocked, no points needed.
    let log = a.run(harm("vex", 50, DamageType::Ballistic, 1), &[1, 10]);
    assert!(log.contains("all damage blocked (CX-DMG-02)"), "{log}");
    assert_eq!(a.hp("vex"), 133);
    // Not at the raider's turn start...
    let log = a.next(&[]);
    assert!(!log.contains("refresh"), "{log}");
    assert_eq!(points(&a, "vex"), 0);
    // ...at Vex's.
    let log = a.next(&[]);
    assert!(
        log.contains("Vex Marrow's armor points refresh to 15 (CX-DMG-02)"),
        "{log}"
    );
    assert_eq!(points(&a, "vex"), 15);
    // Untouched armor logs nothing.
    a.next(&[]);
    let log = a.next(&[]);
    assert!(!log.contains("refresh"), "{log}");
}

#[test]
fn a_fast_recharge_restarts_a_dead_shield_or_doubles_a_recharge() {
    // rule: CX-DMG-04
    // rule: CX-DMG-03
    let strength = |a: &Arena| {
        let s = a.f("vex").shield.clone().unwrap();
        (s.strength, s.waited, a.f("vex").nanites)
    };
    // Damaged (30 -> 10): the turn start adds 5, the fast recharge 5 more.
    let mut a = Arena::duel();
    a.run(harm("vex", 20, DamageType::Laser, 0), &[]);
    a.next(&[]);
    let log = a.next(&[]);
    assert!(log.contains("recharges 10 -> 15"), "{log}");
    let log = a.run(Command::FastRecharge { id: id("vex") }, &[]);
    assert!(
        log.contains(
            "Vex Marrow pays 10 nanites for a fast shield recharge: strength 20 (CX-DMG-04)"
        ),
        "{log}"
    );
    assert_eq!(strength(&a), (20, 0, 50));
    assert_eq!(a.left(), 4, "paying is no action");
    // Dead (a 30 laser): it restarts at once at the recharge rate, without
    // waiting out the restart.
    let mut a = Arena::duel();
    a.run(harm("vex", 30, DamageType::Laser, 0), &[]);
    a.next(&[]);
    let log = a.next(&[]);
    assert!(log.contains("1 of 3 turn(s) waited"), "{log}");
    a.run(Command::FastRecharge { id: id("vex") }, &[]);
    assert_eq!(strength(&a), (5, 0, 50));
    // Then it recharges as usual at the next turn start.
    a.next(&[]);
    a.next(&[]);
    assert_eq!(strength(&a), (10, 0, 50));
}

#[test]
fn a_fast_recharge_is_refused_when_it_cannot_be_paid_or_is_not_needed() {
    // rule: CX-DMG-04
    let recharge = || Command::FastRecharge { id: id("vex") };
    let mut a = Arena::duel();
    let why = a.refuse(recharge(), &[]);
    assert_eq!(why, "the CS-1 Personal Shield is at full strength");
    a.run(harm("vex", 10, DamageType::Laser, 0), &[]);
    a.run(aim("vex"), &[]);
    let why = a.refuse(recharge(), &[]);
    assert!(why.contains("before any action"), "{why}");
    let why = a.refuse(Command::FastRecharge { id: id("raider") }, &[]);
    assert_eq!(why, "raider wears no shield");
    // Out of nanites.
    let mut broke = fighter(VEX);
    broke.nanites = 9;
    let mut a = Arena::with(
        vec![
            ("vex", "crew", broke),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        12,
    );
    a.begin(&[]);
    a.run(harm("vex", 10, DamageType::Laser, 0), &[]);
    let why = a.refuse(recharge(), &[]);
    assert_eq!(
        why,
        "the fast recharge costs 10 nanites and vex has 9 (CX-DMG-04)"
    );
    // Not on someone else's turn.
    a.next(&[]);
    let why = a.refuse(recharge(), &[]);
    assert!(why.contains("not vex's turn"), "{why}");
}

#[test]
fn a_hidden_dc_is_kept_from_the_players_but_not_from_the_gm() {
    // rule: CX-DICE-09
    let mut a = Arena::duel();
    // Vex's Awareness: 30 points + PER 7 (+8) = 38; 4,6 = 46 + 38 = 84 > 80.
    let log = a.run(
        Command::Check {
            id: id("vex"),
            skill: "awareness".into(),
            dc: 80,
            hidden: true,
            effort: nanite_compound_x::check::Effort::Roll,
            combined_with: None,
        },
        &[4, 6],
    );
    assert!(log.contains("DC 80"), "the GM's log shows it: {log}");
    assert_eq!(a.left(), 4, "an Awareness check is free (CX-TURN-07)");
    let result = last_event(&a.game, "check", |e| match e {
        Event::Checked { result, .. } => Some(result.clone()),
        _ => None,
    });
    assert!(result.hidden && result.success);
    let shown = result.for_player();
    assert_eq!((shown.dc, shown.margin), (0, 0));
    let text = shown.breakdown.to_string();
    assert!(!text.contains("80"), "{text}");
    assert!(text.contains("success"), "{text}");
}

#[test]
fn mundane_actions_and_the_gms_bookkeeping_roll_nothing() {
    // rule: CX-DICE-10
    let mut a = Arena::duel();
    let commands = [
        act("vex", "open the door", 1),
        act("vex", "shout", 0),
        stance("vex", Stance::Crouched),
        position("raider", Some(Cover::Full), None),
        distance("vex", "raider", 20),
        afflict("raider", ConditionKind::Buzzed, None),
        aim("vex"),
    ];
    for command in commands {
        a.run(command, &[]);
        assert_eq!(a.last_dice(), 0);
    }
    // Events tell the turn's flow only through the clock.
    let spent: Vec<String> = a
        .game
        .log()
        .iter()
        .flat_map(|e| &e.events)
        .filter_map(|e| match e {
            Event::Clock(ClockEvent::ActionsSpent { on, actions, .. }) => {
                Some(format!("{on} {actions}"))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        spent,
        [
            "open the door 1",
            "shout (free) 0",
            "standing to crouched 0",
            "aim 1"
        ]
    );
}

#[test]
fn a_fast_recharge_may_follow_what_the_turn_start_spends_by_itself() {
    // rule: CX-DMG-04
    // rule: CX-MOVE-07
    // rule: CX-STAT-13
    // Shot at in the open, Vex dives; its next turn starts with the dive's
    // action spent, and no action taken yet: the recharge may be paid.
    let mut a = Arena::duel();
    a.run(harm("vex", 20, DamageType::Laser, 0), &[]);
    a.next(&[]);
    a.run(fire("raider", "vex"), &[2]);
    let log = a.next(&[]);
    assert!(
        log.contains("hit the dirt (CX-MOVE-07) (1 action)"),
        "{log}"
    );
    a.run(Command::FastRecharge { id: id("vex") }, &[]);
    assert_eq!(a.f("vex").shield.as_ref().unwrap().strength, 20);
    assert_eq!(a.left(), 3);
    // The same after the Black Cat's trip.
    let mut unlucky = fighter(VEX);
    unlucky.black_cat = true;
    unlucky.shield.as_mut().unwrap().strength = 10;
    let mut a = Arena::with(
        vec![
            ("vex", "crew", unlucky),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        12,
    );
    a.begin(&[5]);
    assert_eq!(a.left(), 1);
    // 10, +5 at the turn start, +5 paid.
    a.run(Command::FastRecharge { id: id("vex") }, &[]);
    assert_eq!(a.f("vex").shield.as_ref().unwrap().strength, 20);
    let why = a.refuse(Command::FastRecharge { id: id("vex") }, &[]);
    assert!(why.contains("once"), "{why}");
    // But not after anything of its own choosing, not even a word.
    let mut a = Arena::duel();
    a.run(harm("vex", 20, DamageType::Laser, 0), &[]);
    a.run(act("vex", "shout", 0), &[]);
    let why = a.refuse(Command::FastRecharge { id: id("vex") }, &[]);
    assert!(why.contains("before any action"), "{why}");
}

#[test]
fn a_dead_shield_waits_out_its_restart_and_every_hit_starts_the_wait_again() {
    // rule: CX-DMG-04
    let mut a = Arena::duel();
    let shield = |a: &Arena| {
        let s = a.f("vex").shield.clone().unwrap();
        (s.strength, s.waited)
    };
    // Above 0, a hit the shield soaks starts no wait.
    a.run(harm("vex", 29, DamageType::Laser, 0), &[]);
    assert_eq!(shield(&a), (1, 0));
    // Down to 0 on Vex's turn in round 1.
    a.run(harm("vex", 1, DamageType::Laser, 0), &[]);
    assert_eq!(shield(&a), (0, 0));
    // (hit on the raider's turn before Vex's turn in round r, waited after
    // Vex's turn start). A ballistic hit counts too: the wearer is hit.
    let rounds: [(Option<DamageType>, (i64, i64)); 6] = [
        (None, (0, 1)),
        (None, (0, 2)),
        (Some(DamageType::Ballistic), (0, 1)),
        (Some(DamageType::Laser), (0, 1)),
        (None, (0, 2)),
        (None, (5, 0)),
    ];
    for (hit, expected) in rounds {
        a.next(&[]);
        if let Some(kind) = hit {
            // 9,10 = 90: the armor misses, half of 4 reaches the body.
            a.run(harm("vex", 4, kind, 0), &[9, 10]);
            assert_eq!(a.f("vex").shield.as_ref().unwrap().waited, 0);
        }
        let log = a.next(&[]);
        assert_eq!(shield(&a), expected, "{log}");
    }
    // Up again: it recharges by its rate.
    a.next(&[]);
    a.next(&[]);
    assert_eq!(shield(&a), (10, 0));
}

/// 000: "Performing a Skill Check (other than Getting Bearings/Awareness of
/// surroundings) - 1 Action"; "Getting Your Bearings / Non Skill-Based
/// Perception - Free Action". A check the GM calls on someone outside their
/// turn is forced by the situation and costs nothing (decision,
/// docs/rules/compound-x.md "Checks called off turn").
#[test]
fn a_check_costs_an_action_on_its_makers_turn_unless_it_is_awareness() {
    // rule: CX-TURN-07
    let check = |who: &str, skill: &str| Command::Check {
        id: id(who),
        skill: skill.into(),
        dc: 50,
        hidden: false,
        effort: nanite_compound_x::check::Effort::Roll,
        combined_with: None,
    };
    // (the checker, its skill, whether it is called on Vex's turn or the
    // raider's, the actions left in the turn under way after it)
    let cases = [
        ("vex", "medicine", true, 3),
        ("vex", "awareness", true, 4),
        ("vex", "medicine", false, 4),
        ("vex", "awareness", false, 4),
    ];
    for (who, skill, on_vex_turn, left) in cases {
        let mut a = Arena::duel();
        if !on_vex_turn {
            a.next(&[]);
            assert_eq!(a.active().as_deref(), Some("raider"));
        }
        let log = a.run(check(who, skill), &[4, 6]);
        assert!(log.contains("check"), "{log}");
        assert_eq!(
            a.left(),
            left,
            "{who}'s {skill} check on {} turn",
            if on_vex_turn { "Vex's" } else { "the raider's" }
        );
    }
}
