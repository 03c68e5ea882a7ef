//! Movement in a running fight (CX-MOVE): moves at the stance's rate,
//! sprints and their miss-chance window, jumps, stance changes, hitting the
//! dirt, melee adjacency and reach, and the moves the rules forbid.

use nanite_compound_x::FireMode;
use nanite_compound_x::combat::{ConditionKind, Cover, Fighter, Fire, Stance};
use nanite_compound_x::encounter::{Command, CxEffect, MeleeKind, Way};

use super::arena::{blow, fire, fire_with, grab, hip, throw};
use super::skirmish::{Skirmish, away, fighter, id, line, soldier, step, toward};

/// A soldier with an SMG (rows 4/5/6 with PER 6) and `stats` changed.
fn runner(name: &str, stats: &[(&str, i64)]) -> Fighter {
    fighter(&soldier(name, stats, &[("smgs", 10)], None, &[("smg", 2)]))
}

/// Movement Speed 6 (the template), 9 (DEX 9) and 3 (STR and DEX 3).
const MS6: &[(&str, i64)] = &[];
const MS9: &[(&str, i64)] = &[("DEX", 9), ("CHA", 3)];
const MS3: &[(&str, i64)] = &[("STR", 3), ("DEX", 3), ("CHA", 9), ("INT", 9)];

/// `who` (from `stats`) 30 m from a target dummy, its turn under way.
fn field(stats: &[(&str, i64)], stance: Stance) -> Skirmish {
    let mut s = Skirmish::new(vec![
        ("tess", "crew", runner("Tess", stats)),
        ("mark", "targets", runner("Mark", MS6)),
    ]);
    s.distance("tess", "mark", 30);
    s.place("tess", None, Some(stance));
    s.begin();
    s
}

#[test]
fn a_move_costs_two_actions_per_the_stances_metres() {
    // rule: CX-MOVE-01
    // rule: CX-MOVE-04
    // rule: CX-MOVE-05
    // rule: CX-STAT-15
    // (Movement Speed, stance, metres per 2 actions, metres moved, actions)
    type Case = (&'static [(&'static str, i64)], Stance, i64, i64, u32);
    const CASES: &[Case] = &[
        // Standing: Movement Speed metres per 2 actions; half of it in 1.
        (MS6, Stance::Standing, 6, 3, 1),
        (MS6, Stance::Standing, 6, 4, 2),
        (MS6, Stance::Standing, 6, 6, 2),
        (MS6, Stance::Standing, 6, 7, 3),
        (MS6, Stance::Standing, 6, 12, 4),
        (MS9, Stance::Standing, 9, 4, 1),
        (MS9, Stance::Standing, 9, 5, 2),
        (MS9, Stance::Standing, 9, 18, 4),
        (MS3, Stance::Standing, 3, 1, 1),
        (MS3, Stance::Standing, 3, 2, 2),
        (MS3, Stance::Standing, 3, 3, 2),
        // Crouched: 1 m less per action, at least 1 m per action.
        (MS6, Stance::Crouched, 4, 2, 1),
        (MS6, Stance::Crouched, 4, 3, 2),
        (MS6, Stance::Crouched, 4, 8, 4),
        (MS9, Stance::Crouched, 7, 3, 1),
        (MS9, Stance::Crouched, 7, 7, 2),
        (MS3, Stance::Crouched, 2, 1, 1),
        (MS3, Stance::Crouched, 2, 4, 4),
        // Prone: half, rounded up, at most 2 m per action.
        (MS6, Stance::Prone, 3, 1, 1),
        (MS6, Stance::Prone, 3, 2, 2),
        (MS6, Stance::Prone, 3, 6, 4),
        (MS9, Stance::Prone, 4, 2, 1),
        (MS9, Stance::Prone, 4, 5, 3),
        (MS9, Stance::Prone, 4, 8, 4),
        (MS3, Stance::Prone, 2, 2, 2),
    ];
    for &(stats, stance, rate, metres, actions) in CASES {
        let mut s = field(stats, stance);
        let movement = &s.c("tess").fighter.movement;
        let per_2 = match stance {
            Stance::Standing => movement.per_2_actions,
            Stance::Crouched => movement.crouched,
            _ => movement.prone,
        };
        assert_eq!(per_2, rate, "{stats:?} {stance:?}");
        let log = s.run(step("tess", metres, toward("mark"), false), &[]);
        let spent = format!("Tess: move {metres} m toward mark ({actions} action");
        line(&log, &spent);
        line(&log, &format!("Tess moves {metres} m"));
        assert_eq!(s.left(), 4 - actions, "{stats:?} {stance:?} {metres} m");
        assert_eq!(s.metres("tess", "mark"), Some(30 - metres));
    }
    // A move longer than the turn allows is refused, not cut short.
    let mut s = field(MS6, Stance::Standing);
    let refusal = s.refuse(step("tess", 13, toward("mark"), false));
    assert_eq!(
        refusal,
        "tess needs 5 action(s) for move 13 m toward mark but has 4 left this turn"
    );
}

#[test]
fn a_move_toward_stops_in_the_next_metre_and_away_adds_up() {
    // rule: CX-MOVE-01
    // rule: CX-MOVE-08
    let mut s = Skirmish::new(vec![
        ("tess", "crew", runner("Tess", MS6)),
        ("mark", "targets", runner("Mark", MS6)),
        ("ward", "targets", runner("Ward", MS6)),
    ]);
    s.distance("tess", "mark", 4);
    s.distance("tess", "ward", 10);
    s.begin();
    // 6 m toward someone 4 m away ends in the metre next to it.
    s.run(step("tess", 6, toward("mark"), false), &[]);
    assert_eq!(s.metres("tess", "mark"), Some(1));
    // Without a map the other distances stay as the GM set them.
    assert_eq!(s.metres("tess", "ward"), Some(10));
    s.run(step("tess", 3, away("ward"), false), &[]);
    assert_eq!(s.metres("tess", "ward"), Some(13));
    assert_eq!(s.left(), 1);
}

#[test]
fn a_sprint_adds_a_metre_per_action_for_at_most_fort_actions() {
    // rule: CX-MOVE-02
    // Template (Movement Speed 6): a sprint covers 8 m per 2 actions, where
    // a walk needs 3 actions for 8 m.
    let mut s = field(MS6, Stance::Standing);
    assert_eq!(s.c("tess").fighter.movement.sprint, 8);
    let log = s.run(step("tess", 8, toward("mark"), true), &[]);
    line(&log, "Tess: sprint 8 m toward mark (2 actions)");
    line(&log, "Tess sprints 8 m");
    assert_eq!(s.left(), 2);

    // FORT 2: two sprint actions in a row, then any other action first.
    let tired = &[("FORT", 2), ("CHA", 8), ("INT", 8)];
    let mut s = field(tired, Stance::Standing);
    assert_eq!(s.c("tess").fighter.movement.sprint_actions, 2);
    s.run(step("tess", 4, toward("mark"), true), &[]);
    s.run(step("tess", 4, toward("mark"), true), &[]);
    let refusal = s.refuse(step("tess", 4, toward("mark"), true));
    assert_eq!(
        refusal,
        "tess can sprint at most 2 actions in a row (FORT, CX-MOVE-02); 2 already"
    );
    // A walk breaks the streak.
    s.run(step("tess", 3, toward("mark"), false), &[]);
    s.run(step("tess", 4, toward("mark"), true), &[]);
    assert_eq!(s.left(), 0);
    assert_eq!(s.metres("tess", "mark"), Some(30 - 15));

    // The streak runs on into the next turn: FORT 2 allows 1 more there.
    let mut s = Skirmish::new(vec![
        ("tess", "crew", runner("Tess", tired)),
        ("mark", "targets", runner("Mark", MS6)),
    ]);
    s.distance("tess", "mark", 30);
    s.begin();
    s.run(
        Command::Act {
            id: id("tess"),
            what: "reload".into(),
            actions: 3,
        },
        &[],
    );
    s.run(step("tess", 4, toward("mark"), true), &[]);
    s.next(&[]);
    s.next(&[]);
    s.run(step("tess", 4, toward("mark"), true), &[]);
    let refusal = s.refuse(step("tess", 4, toward("mark"), true));
    assert!(refusal.contains("2 already"), "{refusal}");
}

#[test]
fn shots_in_a_sprint_and_the_two_actions_after_take_plus_one() {
    // rule: CX-MOVE-02
    let mut s = field(MS6, Stance::Standing);
    // Mark crouches so that shots at it do not make it hit the dirt.
    s.place("mark", None, Some(Stance::Crouched));
    s.run(
        Command::Act {
            id: id("tess"),
            what: "draw".into(),
            actions: 2,
        },
        &[],
    );
    // 8 m toward Mark (22 m left) with the last 2 actions of the turn.
    s.run(step("tess", 8, toward("mark"), true), &[]);
    s.next(&[]);
    s.next(&[]);
    // The window counts actions across turns: the first shot of the next
    // turn is 1 action after the sprint. Hip fire at 21-40 m: 6 + 3 = 9,
    // crouched target +1, sprinting +1: 11.
    let log = s.run(hip("tess", "mark"), &[2]);
    line(&log, "+1 sprinting (CX-MOVE-02)");
    line(&log, "miss chance 11: miss");
    // Aiming is the second action after it.
    s.run(Command::Aim { id: id("tess") }, &[]);
    // The third: aimed 6 + crouched 1, no sprint.
    let log = s.run(fire("tess", "mark"), &[2]);
    assert!(
        !log.iter().any(|l| l.contains("sprinting")),
        "{}",
        log.join("\n")
    );
    line(&log, "d10 2 <= miss chance 7: miss");
}

#[test]
fn jumps_reach_half_dex_across_one_more_with_a_run_up_and_a_third_of_str_up() {
    // rule: CX-MOVE-03
    // STR 7 and DEX 7: 3.5 m across, 4.5 m with a run-up, 2.33 m up.
    let springy = &[("STR", 7), ("DEX", 7), ("CHA", 5), ("INT", 5)];
    // (metres, vertical, run-up, accepted)
    const CASES: &[(f64, bool, bool, bool)] = &[
        (3.5, false, false, true),
        (3.6, false, false, false),
        (3.6, false, true, true),
        (4.5, false, true, true),
        (4.6, false, true, false),
        (2.33, true, false, true),
        (2.4, true, false, false),
        (0.0, false, false, false),
    ];
    for &(metres, vertical, run_up, accepted) in CASES {
        let mut s = field(springy, Stance::Standing);
        let jump = Command::Jump {
            id: id("tess"),
            metres,
            vertical,
            run_up,
        };
        if accepted {
            s.run(jump, &[]);
            assert_eq!(s.left(), 3, "a jump costs 1 action");
        } else {
            let refusal = s.refuse(jump);
            assert!(refusal.contains("CX-MOVE-03"), "{refusal}");
        }
    }
    let mut s = field(springy, Stance::Standing);
    let refusal = s.refuse(Command::Jump {
        id: id("tess"),
        metres: 2.4,
        vertical: true,
        run_up: false,
    });
    assert_eq!(
        refusal,
        "tess can jump at most 2.33 m up (STR / 3) (CX-MOVE-03)"
    );
    let mut s = field(springy, Stance::Crouched);
    let refusal = s.refuse(Command::Jump {
        id: id("tess"),
        metres: 1.0,
        vertical: false,
        run_up: false,
    });
    assert_eq!(refusal, "tess must stand to jump (CX-MOVE-04)");
}

#[test]
fn stance_changes_cost_what_the_table_says() {
    // rule: CX-MOVE-04
    // rule: CX-MOVE-05
    // rule: CX-MOVE-06
    // rule: CX-TURN-07
    // (from, to, actions)
    const CASES: &[(Stance, Stance, u32)] = &[
        (Stance::Standing, Stance::Crouched, 0),
        (Stance::Crouched, Stance::Standing, 1),
        (Stance::Standing, Stance::Prone, 1),
        (Stance::Prone, Stance::Standing, 1),
        (Stance::Crouched, Stance::Prone, 1),
        (Stance::Prone, Stance::Crouched, 1),
        (Stance::Standing, Stance::Hunkered, 1),
        (Stance::Hunkered, Stance::Standing, 0),
        (Stance::Hunkered, Stance::Crouched, 0),
    ];
    for &(from, to, actions) in CASES {
        let mut s = field(MS6, from);
        s.run(Command::Stance { id: id("tess"), to }, &[]);
        assert_eq!(s.left(), 4 - actions, "{from:?} -> {to:?}");
        assert_eq!(s.c("tess").stance, to);
    }
    let mut s = field(MS6, Stance::Prone);
    let refusal = s.refuse(Command::Stance {
        id: id("tess"),
        to: Stance::Prone,
    });
    assert_eq!(refusal, "tess is already prone");
}

#[test]
fn a_prone_shooter_takes_minus_one_and_a_hunkered_one_only_fires_blind() {
    // rule: CX-MOVE-05
    // rule: CX-MOVE-06
    let mut s = field(MS6, Stance::Prone);
    s.place("mark", Some(Cover::Partial), None);
    // Hip fire at 21-40 m: 9, partial cover +2, prone shooter -1.
    let log = s.run(hip("tess", "mark"), &[2]);
    line(&log, "-1 shooter prone (CX-MOVE-05)");
    line(&log, "miss chance 10: miss");

    let mut s = field(MS6, Stance::Hunkered);
    s.distance("tess", "mark", 8);
    let refusal = s.refuse(hip("tess", "mark"));
    assert!(
        refusal.contains("can only blind fire (CX-MOVE-06)"),
        "{refusal}"
    );
    let refusal = s.refuse(step("tess", 1, away("mark"), false));
    assert!(refusal.contains("stop hunkering first"), "{refusal}");
    // Blind fire at 0-10 m: 4 + 6, less PER and LUCK 6's +0.5 each: 9.
    let log = s.run(
        fire_with("tess", "mark", 0, FireMode::Semi, Some(Fire::Blind)),
        &[2],
    );
    line(&log, "miss chance 9: miss");
    // Stopping a hunker is free.
    s.run(
        Command::Stance {
            id: id("tess"),
            to: Stance::Standing,
        },
        &[],
    );
    assert_eq!(s.left(), 3);
}

/// Whether `who` has dived and owes the first action of its next turn.
fn dived(s: &Skirmish, who: &str) -> bool {
    s.state()
        .has_effect(&id(who), |e| matches!(e, CxEffect::HitTheDirt))
}

#[test]
fn shot_at_standing_in_the_open_a_survivor_hits_the_dirt() {
    // rule: CX-MOVE-07
    // Tess shoots at Mark from 8 m: hip fire 4 + 3 = 7.
    // (Mark's cover, Mark's stance, dice, dives)
    type Case = (Cover, Stance, &'static [i64], bool);
    const CASES: &[Case] = &[
        // A miss: shot at and still up.
        (Cover::None, Stance::Standing, &[2], true),
        // A hit of 5 + 5 + 8 = 18, body roll 30: full damage; it survives.
        (Cover::None, Stance::Standing, &[8, 5, 5, 3, 10], true),
        // In cover, or not standing, nobody dives.
        (Cover::Partial, Stance::Standing, &[2], false),
        (Cover::Full, Stance::Standing, &[2], false),
        (Cover::None, Stance::Crouched, &[2], false),
        (Cover::None, Stance::Hunkered, &[2], false),
    ];
    for &(cover, stance, dice, dives) in CASES {
        let mut s = field(MS6, Stance::Standing);
        s.distance("tess", "mark", 8);
        s.place("mark", Some(cover), Some(stance));
        let log = s.run(hip("tess", "mark"), dice);
        assert_eq!(dived(&s, "mark"), dives, "{cover:?} {stance:?}");
        if dives {
            line(&log, "Mark is now prone");
            assert_eq!(s.c("mark").stance, Stance::Prone);
            // The dive costs the first action of Mark's next turn.
            let log = s.next(&[]);
            line(&log, "Mark: hit the dirt (CX-MOVE-07) (1 action)");
            assert_eq!(s.left(), 3);
            assert!(!dived(&s, "mark"));
        } else {
            assert_eq!(s.c("mark").stance, stance);
        }
    }
}

#[test]
fn a_target_downed_by_the_shot_does_not_dive() {
    // rule: CX-MOVE-07
    let mut s = field(MS6, Stance::Standing);
    s.distance("tess", "mark", 8);
    // Two blasts leave Mark at 5 health (each under 70: no Shock save).
    let max = s.c("mark").fighter.max_hp;
    for amount in [60, max - 65] {
        s.run(
            Command::Harm {
                target: id("mark"),
                amount,
                damage_type: nanite_compound_x::DamageType::Explosive,
                apl: 0,
                why: "a mine".into(),
            },
            &[],
        );
    }
    assert_eq!(s.hp("mark"), 5);
    // 8 > 7 hits: 5 + 5 + 8 = 18, body roll 30: full; 5 - 18 downs it.
    let log = s.run(hip("tess", "mark"), &[8, 5, 5, 3, 10]);
    line(&log, "Mark is downed");
    assert!(!dived(&s, "mark"));
    assert!(!log.iter().any(|l| l.contains("hit the dirt")));
}

#[test]
fn a_thrown_knife_or_a_grenade_at_someone_in_the_open_makes_it_dive() {
    // rule: CX-MOVE-07
    let thrower = fighter(&soldier(
        "Tess",
        &[],
        &[("throwing", 10), ("explosives", 10)],
        None,
        &[("throwing-knife", 2), ("frag-grenade", 1)],
    ));
    let setup = || {
        let mut s = Skirmish::new(vec![
            ("tess", "crew", thrower.clone()),
            ("mark", "targets", runner("Mark", MS6)),
        ]);
        s.distance("tess", "mark", 12);
        s.begin();
        s
    };
    // The knife at 12 m (11-15 m: 6) misses with a 2.
    let mut s = setup();
    s.run(throw("tess", "mark", 0), &[2]);
    assert!(dived(&s, "mark"));
    // The frag grenade at 12 m: 5 - 2 (under half the 30 m throw) = 3; a 4
    // lands on target: 3d10 + 15 = 18; Mark's Reflex save 11 + 14 - 10 = 15
    // fails; frag is ballistic, the body roll 100 halves it: 9.
    let mut s = setup();
    s.run(throw("tess", "mark", 1), &[4, 1, 1, 1, 1, 1, 10, 10]);
    assert_eq!(s.hp("mark"), s.c("mark").fighter.max_hp - 9);
    assert!(dived(&s, "mark"), "a grenade is a throw at Mark too");
}

#[test]
fn melee_reaches_the_next_metre_or_the_weapons_reach() {
    // rule: CX-MOVE-08
    let fencer = fighter(&soldier(
        "Tess",
        &[],
        &[("melee", 10)],
        None,
        &[("combat-knife", 0), ("mono-sword", 0)],
    ));
    // (metres apart, weapon: none = fists, 0 = knife, 1 = sword, reaches)
    const CASES: &[(i64, Option<usize>, bool)] = &[
        (1, None, true),
        (2, None, false),
        (1, Some(0), true),
        (2, Some(0), false),
        (2, Some(1), true),
        (3, Some(1), false),
    ];
    for &(metres, weapon, reaches) in CASES {
        let mut s = Skirmish::new(vec![
            ("tess", "crew", fencer.clone()),
            ("mark", "targets", runner("Mark", MS6)),
        ]);
        s.distance("tess", "mark", metres);
        s.begin();
        let strike = Command::Melee {
            id: id("tess"),
            target: id("mark"),
            weapon,
            kind: MeleeKind::Strike,
            flanking: false,
        };
        if reaches {
            // A 1 misses everything here; the two are locked in melee.
            s.run(strike, &[1]);
            assert!(s.state().engaged(&id("tess"), &id("mark")));
            assert_eq!(s.metres("tess", "mark"), Some(1));
        } else {
            let refusal = s.refuse(strike);
            let reach = if weapon == Some(1) { 2 } else { 1 };
            assert_eq!(
                refusal,
                format!(
                    "mark is {metres} m from tess, beyond reach ({reach} m); move toward it first (CX-MOVE-08)"
                )
            );
        }
    }
    // Locked in melee, a step toward the same enemy is no escape: no
    // penalty attack, and the two stay in adjacent metres.
    let mut s = Skirmish::new(vec![
        ("tess", "crew", fencer.clone()),
        ("mark", "targets", runner("Mark", MS6)),
    ]);
    s.distance("tess", "mark", 1);
    s.begin();
    s.run(blow("tess", "mark", None, MeleeKind::Strike, false), &[1]);
    s.run(step("tess", 1, toward("mark"), false), &[]);
    assert!(s.state().engaged(&id("tess"), &id("mark")));
    assert_eq!(s.metres("tess", "mark"), Some(1));
}

#[test]
fn forbidden_moves_explain_themselves_and_change_nothing() {
    // rule: CX-MOVE-02
    // rule: CX-MOVE-04
    // rule: CX-MOVE-06
    // rule: CX-COND-06
    // rule: CX-MELEE-03
    // (stance, the move, what the refusal says)
    let cases: Vec<(Stance, Command, &str)> = vec![
        (
            Stance::Crouched,
            step("tess", 4, toward("mark"), true),
            "tess cannot act: no sprinting while crouched or prone (CX-MOVE-04)",
        ),
        (
            Stance::Prone,
            step("tess", 4, toward("mark"), true),
            "tess cannot act: no sprinting while crouched or prone (CX-MOVE-04)",
        ),
        (
            Stance::Hunkered,
            step("tess", 1, toward("mark"), false),
            "tess cannot act: hunkered: stop hunkering first (free, CX-MOVE-06)",
        ),
        (
            Stance::Standing,
            step("tess", 0, toward("mark"), false),
            "0 m is not a move: give 1 to 1000 metres",
        ),
        (
            Stance::Standing,
            step("tess", 1, toward("tess"), false),
            "a combatant cannot move toward or away from itself",
        ),
        (
            Stance::Standing,
            step("tess", 1, toward("ward"), false),
            "the distance between tess and ward is not known; set it first",
        ),
    ];
    for (stance, command, why) in cases {
        let mut s = Skirmish::new(vec![
            ("tess", "crew", runner("Tess", MS6)),
            ("mark", "targets", runner("Mark", MS6)),
            ("ward", "targets", runner("Ward", MS6)),
        ]);
        s.distance("tess", "mark", 10);
        s.place("tess", None, Some(stance));
        s.begin();
        assert_eq!(s.refuse(command), why);
    }

    // Pinned down: hunkered and unable to move or get up.
    let mut s = field(MS6, Stance::Standing);
    s.run(
        Command::Afflict {
            target: id("tess"),
            condition: ConditionKind::PinnedDown,
            turns: None,
        },
        &[],
    );
    assert_eq!(
        s.refuse(step("tess", 1, away("mark"), false)),
        "tess cannot act: pinned down: unable to move (CX-COND-06)"
    );
    let refusal = s.refuse(Command::Stance {
        id: id("tess"),
        to: Stance::Standing,
    });
    assert!(refusal.contains("pinned down"), "{refusal}");
}

#[test]
fn neither_side_of_a_grapple_moves_or_jumps() {
    // rule: CX-MELEE-03
    let wrestler = fighter(&soldier(
        "Tess",
        &[("STR", 9), ("CHA", 3)],
        &[("grappling", 20)],
        None,
        &[],
    ));
    let mut s = Skirmish::new(vec![
        ("tess", "crew", wrestler),
        ("mark", "targets", runner("Mark", MS6)),
    ]);
    s.distance("tess", "mark", 1);
    s.begin();
    // Mark's penalty blow misses (1); Tess 50 + 36 against Mark 50 + 4.
    s.run(grab("tess", "mark"), &[1, 5, 10, 5, 10]);
    let grappled = "cannot act: in a grapple: win control and let go first (CX-MELEE-03)";
    assert_eq!(
        s.refuse(step("tess", 2, away("mark"), false)),
        format!("tess {grappled}")
    );
    let jump = |who: &str| Command::Jump {
        id: id(who),
        metres: 1.0,
        vertical: false,
        run_up: false,
    };
    let refusal = s.refuse(jump("tess"));
    assert!(refusal.contains("grapple"), "{refusal}");
    s.next(&[]);
    assert_eq!(
        s.refuse(step("mark", 2, Way::Elsewhere, false)),
        format!("mark {grappled}")
    );
    let refusal = s.refuse(jump("mark"));
    assert!(refusal.contains("grapple"), "{refusal}");
}
