//! Melee in a running fight (CX-MELEE): the d10 model with the melee combat
//! bonus, flanking and prone targets, criticals, damage from the weapon's
//! formula, shoves and kicks, penalty attacks, grapples and their holds,
//! FORT 1 fighters, MELEE_GUARD, and the blows the rules refuse.
//!
//! Bo: STR 9 (melee combat bonus +1), DEX 6, Grappling 20 (36 with STR),
//! with a combat knife (0; 2 - 1 = 1), a monofilament sword (1; 3 - 1 = 2,
//! reaching 2 m), a stun baton (2; 3 - 1 = 2) and an SMG (3); fists 3 - 1 =
//! 2. Mark: the template soldier (STR 6: bonus +0.5, truncated 0; fists 3,
//! Grappling 4), no armor, an SMG.

use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Fighter, Stance};
use nanite_compound_x::encounter::{Command, GrappleAct, Hold, MeleeKind, Way};

use super::arena::{blow, check, fire, grab, suppress};
use super::skirmish::{Skirmish, away, fighter, id, line, soldier, step, toward};
use super::support::edit;

fn bo() -> Fighter {
    fighter(&soldier(
        "Bo",
        &[("STR", 9), ("CHA", 3)],
        &[("grappling", 20), ("melee", 10), ("unarmed", 10)],
        None,
        &[
            ("combat-knife", 0),
            ("mono-sword", 0),
            ("stun-baton", 0),
            ("smg", 1),
        ],
    ))
}

fn mark() -> Fighter {
    fighter(&soldier("Mark", &[], &[("smgs", 10)], None, &[("smg", 1)]))
}

/// `first` and `second` `metres` apart, in that order; `first`'s turn.
fn pair(first: (&str, Fighter), second: (&str, Fighter), metres: i64) -> Skirmish {
    let (a, b) = (first.0, second.0);
    let mut s = Skirmish::new(vec![(a, "crew", first.1), (b, "targets", second.1)]);
    s.distance(a, b, metres);
    s.begin();
    s
}

fn strike(who: &str, at: &str, weapon: Option<usize>) -> Command {
    blow(who, at, weapon, MeleeKind::Strike, false)
}

fn grapple(who: &str, act: GrappleAct) -> Command {
    Command::GrappleAct { id: id(who), act }
}

#[test]
fn a_blow_is_a_d10_against_the_weapon_row_less_the_melee_bonus() {
    // rule: CX-MELEE-01
    // rule: CX-STAT-05
    // rule: CX-RNG-11
    // rule: CX-MOVE-05
    // rule: CX-RNG-07
    // rule: CX-DMG-06
    // (attacker, weapon, flanking, Mark prone, dice, miss chance, health lost)
    // Damage: knife d10 + STR + DEX = 5 + 9 + 6 = 20, fists d10 + STR (Bo 5 +
    // 9 = 14, Mark 5 + 6 = 11); body roll 30 (3, 10): full damage.
    type Case = (
        &'static str,
        Option<usize>,
        bool,
        bool,
        &'static [i64],
        i64,
        i64,
    );
    const CASES: &[Case] = &[
        ("bo", Some(0), false, false, &[1], 1, 0),
        ("bo", Some(0), false, false, &[2, 5, 3, 10], 1, 20),
        // A 10 is a critical (LUCK 6: range 1): +20.
        ("bo", Some(0), false, false, &[10, 5, 3, 10], 1, 40),
        ("bo", None, false, false, &[2], 2, 0),
        ("bo", None, false, false, &[3, 5, 3, 10], 2, 14),
        // Flanking -2, a prone target -2 (within 5 m in the open: no cover
        // bonus for prone in melee either).
        ("bo", None, true, false, &[1, 5, 3, 10], 0, 14),
        ("bo", None, false, true, &[1, 5, 3, 10], 0, 14),
        ("bo", None, true, true, &[1, 5, 3, 10], -2, 14),
        ("bo", Some(1), true, false, &[1, 3, 4, 3, 10], 0, 22),
        ("mark", None, false, false, &[3], 3, 0),
        ("mark", None, false, false, &[4, 5, 3, 10], 3, 11),
        ("mark", None, true, false, &[2, 5, 3, 10], 1, 11),
    ];
    for &(who, weapon, flanking, prone, dice, miss_chance, lost) in CASES {
        let (at, mut s) = if who == "bo" {
            ("mark", pair(("bo", bo()), ("mark", mark()), 1))
        } else {
            ("bo", pair(("mark", mark()), ("bo", bo()), 1))
        };
        if prone {
            s.place(at, None, Some(Stance::Prone));
        }
        let full = s.hp(at);
        let log = s.run(blow(who, at, weapon, MeleeKind::Strike, flanking), dice);
        let die = dice[0];
        let verdict = if die > miss_chance {
            if die == 10 { "critical hit" } else { "hit" }
        } else {
            "miss"
        };
        line(
            &log,
            &format!(
                "d10 {die} {} miss chance {miss_chance}: {verdict}",
                if die > miss_chance { ">" } else { "<=" }
            ),
        );
        assert_eq!(
            s.hp(at),
            full - lost,
            "{who} {weapon:?}: {}",
            log.join("\n")
        );
        if flanking {
            line(&log, "-2 flanking (CX-RNG-11)");
        }
        if prone {
            line(&log, "-2 prone target (CX-MOVE-05)");
        }
        assert_eq!(s.left(), 3, "a blow costs 1 action");
    }
}

#[test]
fn fists_crit_in_the_luck_range_whatever_weapons_are_carried() {
    // rule: CX-MELEE-01
    // rule: CX-RNG-07
    // LUCK 8: critical range 1 + floor(3 * 0.4) = 2, faces 9-10; with no
    // weapon at all, or only an automatic weapon (which cannot crit), the
    // fists still crit there. 9 + 5 + 9 = 14, +20; body roll 30: 34.
    let lucky = &[("STR", 9), ("LUCK", 8), ("CHA", 3), ("INT", 4)];
    let unarmed = fighter(&soldier("Pug", lucky, &[("unarmed", 10)], None, &[]));
    let gunner = fighter(&soldier(
        "Pug",
        lucky,
        &[("heavy-weapons", 10)],
        None,
        &[("lmg", 1)],
    ));
    for pug in [unarmed, gunner] {
        let mut s = pair(("pug", pug), ("mark", mark()), 1);
        let full = s.hp("mark");
        let log = s.run(strike("pug", "mark", None), &[9, 5, 3, 10]);
        line(&log, "d10 9 > miss chance 2: critical hit");
        assert_eq!(s.hp("mark"), full - 34);
    }
}

#[test]
fn damage_comes_from_the_weapons_formula_with_str_and_dex() {
    // rule: CX-MELEE-05
    // rule: CX-DMG-05
    // Every blow hits (a 9) and the body roll 30 takes it all.
    // Deft: STR 4, DEX 9. (attacker, weapon, damage dice, damage, non-lethal)
    type Case = (&'static str, Option<usize>, &'static [i64], i64, bool);
    const CASES: &[Case] = &[
        ("bo", Some(0), &[5], 5 + 9 + 6, false),    // d10 + STR + DEX
        ("bo", Some(1), &[3, 4], 7 + 9 + 6, false), // 2d10 + STR + DEX
        ("bo", Some(2), &[3, 4], 7 + 9, true),      // 2d10 + STR, non-lethal
        ("bo", None, &[5], 5 + 9, false),           // fists: d10 + STR
        ("deft", Some(0), &[5], 5 + 4 + 9, false),
        ("deft", None, &[5], 5 + 4, false),
    ];
    for &(who, weapon, damage_dice, damage, non_lethal) in CASES {
        let attacker = if who == "bo" {
            bo()
        } else {
            fighter(&soldier(
                "Deft",
                &[("STR", 4), ("DEX", 9), ("INT", 5)],
                &[("melee", 10)],
                None,
                &[("combat-knife", 0)],
            ))
        };
        let mut s = pair((who, attacker), ("mark", mark()), 1);
        let full = s.hp("mark");
        let mut dice = vec![9];
        dice.extend_from_slice(damage_dice);
        dice.extend([3, 10]);
        let log = s.run(strike(who, "mark", weapon), &dice);
        line(&log, &format!(": {}", damage));
        let hurt = if non_lethal {
            "non-lethal damage"
        } else {
            "damage"
        };
        line(&log, &format!("{hurt} to Mark's health: {damage}"));
        assert_eq!(s.hp("mark"), full - damage);
    }
}

#[test]
fn a_shove_or_kick_is_plus_two_for_half_damage_and_a_push_by_strength() {
    // rule: CX-MELEE-04
    let gravan = edit(
        &soldier(
            "Gav",
            &[("STR", 9), ("CHA", 3), ("INT", 5)],
            &[("unarmed", 10)],
            None,
            &[],
        ),
        &[("race = \"human\"", "race = \"gravan\"")],
    );
    // (attacker's stats, kind, miss chance, damage before halving, push)
    // Fists 3 less the melee bonus (STR 4 and 6: 0, STR 9: 1, STR 11: 1.5
    // truncated to 1), +2; a 6 hits; d10 5 + STR, halved; body roll 30.
    type Case = (&'static str, MeleeKind, i64, i64, i64);
    let fighters = |name: &str| match name {
        "weak" => fighter(&soldier(
            "Weak",
            &[("STR", 4), ("CHA", 8)],
            &[("unarmed", 10)],
            None,
            &[],
        )),
        "tess" => fighter(&soldier("Tess", &[], &[("unarmed", 10)], None, &[])),
        "bo" => bo(),
        _ => fighter(&gravan),
    };
    const CASES: &[Case] = &[
        ("weak", MeleeKind::Shove, 5, 5 + 4, 0),
        ("tess", MeleeKind::Shove, 5, 5 + 6, 1),
        ("bo", MeleeKind::Shove, 4, 5 + 9, 1),
        ("bo", MeleeKind::Kick, 4, 5 + 9, 1),
        ("gav", MeleeKind::Kick, 4, 5 + 11, 2),
    ];
    for &(who, kind, miss_chance, damage, push) in CASES {
        let mut s = pair((who, fighters(who)), ("mark", mark()), 1);
        let full = s.hp("mark");
        let log = s.run(blow(who, "mark", None, kind, false), &[6, 5, 3, 10]);
        line(&log, "+2 shove or kick (CX-MELEE-04)");
        line(&log, &format!("d10 6 > miss chance {miss_chance}: hit"));
        line(&log, "shove or kick: half damage (CX-MELEE-04)");
        assert_eq!(s.hp("mark"), full - damage / 2, "{who} {kind:?}");
        assert_eq!(s.metres(who, "mark"), Some(1 + push), "{who}");
        // A push breaks the lock; a shove too weak to push leaves them in it.
        assert_eq!(s.state().engaged(&id(who), &id("mark")), push == 0);
        if push > 0 {
            line(
                &log,
                &format!("pushed {push} m (1 m per 5 STR, CX-MELEE-04)"),
            );
        }
    }
    // A shove of someone already locked in melee ends the lock.
    let mut s = pair(("bo", bo()), ("mark", mark()), 1);
    s.run(strike("bo", "mark", None), &[1]);
    assert!(s.state().engaged(&id("bo"), &id("mark")));
    s.run(
        blow("bo", "mark", None, MeleeKind::Shove, false),
        &[6, 5, 3, 10],
    );
    assert!(!s.state().engaged(&id("bo"), &id("mark")));
}

/// Mark, Bo and Cy (a second brawler); Mark acts first and is locked in
/// melee with Bo (and with Cy when `both`).
fn melee_ring(both: bool) -> Skirmish {
    let mut cy = bo();
    cy.name = "Cy".into();
    let mut s = Skirmish::new(vec![
        ("mark", "targets", mark()),
        ("bo", "crew", bo()),
        ("cy", "crew", cy),
        ("ward", "crew", mark()),
    ]);
    s.distance("mark", "bo", 1);
    s.distance("mark", "cy", 1);
    s.distance("mark", "ward", 6);
    s.begin();
    s.run(strike("mark", "bo", None), &[1]);
    if both {
        s.run(strike("mark", "cy", None), &[1]);
    }
    s
}

#[test]
fn a_jump_out_of_melee_draws_the_penalty_attacks_of_leaving() {
    // rule: CX-MELEE-02
    // rule: CX-MOVE-03
    // Mark jumps 1 m (across or up) while locked with Bo and Cy: each
    // strikes as he goes (1s miss), and the locks end.
    for vertical in [false, true] {
        let mut s = melee_ring(true);
        let log = s.run(
            Command::Jump {
                id: id("mark"),
                metres: 1.0,
                vertical,
                run_up: false,
            },
            &[1, 1],
        );
        line(&log, "Bo reacts: penalty attack on mark: leaving melee");
        line(&log, "Cy reacts: penalty attack on mark: leaving melee");
        assert!(!s.state().engaged(&id("mark"), &id("bo")));
        assert!(!s.state().engaged(&id("mark"), &id("cy")));
    }
}

#[test]
fn leaving_melee_or_a_skill_check_in_it_draws_penalty_attacks() {
    // rule: CX-MELEE-02
    // rule: CX-TURN-04
    // Leaving: Bo's knife (his first melee weapon) strikes as a reaction:
    // a 2 beats 1; 4 + 9 + 6 = 19, body roll 30. Then the lock ends.
    let mut s = melee_ring(false);
    let full = s.hp("mark");
    let log = s.run(step("mark", 2, away("bo"), false), &[2, 4, 3, 10]);
    line(&log, "Bo reacts: penalty attack on mark: leaving melee");
    line(&log, "Bo strikes Mark with the Combat Knife");
    assert_eq!(s.hp("mark"), full - 19);
    assert!(!s.state().engaged(&id("mark"), &id("bo")));
    assert_eq!(s.metres("mark", "bo"), Some(3));

    // Toward another enemy is leaving too; toward Bo himself is not.
    let mut s = melee_ring(false);
    s.run(step("mark", 1, toward("bo"), false), &[]);
    assert!(s.state().engaged(&id("mark"), &id("bo")));
    let log = s.run(step("mark", 2, toward("ward"), false), &[1]);
    line(&log, "penalty attack on mark: leaving melee");

    // Two enemies in melee: two penalty attacks.
    let mut s = melee_ring(true);
    let log = s.run(step("mark", 2, Way::Elsewhere, false), &[1, 1]);
    line(&log, "Bo reacts: penalty attack on mark: leaving melee");
    line(&log, "Cy reacts: penalty attack on mark: leaving melee");

    // A skill check in melee: the penalty attack comes first.
    let mut s = melee_ring(false);
    let log = s.run(check("mark", "awareness", 10, Effort::Roll), &[1, 5, 5]);
    line(
        &log,
        "Bo reacts: penalty attack on mark: a skill check in melee",
    );
    line(&log, "Mark: Awareness check");

    // Reactions run out: after three, Mark leaves without a blow, and the
    // GM cannot grant Bo another.
    let mut s = melee_ring(false);
    for _ in 0..2 {
        s.run(check("mark", "awareness", 10, Effort::Roll), &[1, 5, 5]);
    }
    s.run(
        Command::PenaltyAttack {
            by: id("bo"),
            target: id("mark"),
            why: "Mark slipped past Bo's reach".into(),
        },
        &[1],
    );
    assert_eq!(
        s.refuse(Command::PenaltyAttack {
            by: id("bo"),
            target: id("mark"),
            why: "again".into(),
        }),
        "bo cannot make a penalty attack now (unable to act, or no reactions left this round)"
    );
    let log = s.run(step("mark", 2, away("bo"), false), &[]);
    assert!(
        !log.iter().any(|l| l.contains("reacts")),
        "{}",
        log.join("\n")
    );
    assert!(!s.state().engaged(&id("mark"), &id("bo")));
}

#[test]
fn a_grab_draws_a_penalty_attack_then_opposed_checks_where_the_defender_wins_ties() {
    // rule: CX-MELEE-03
    // rule: CX-DICE-04
    // Mark's fists swing at Bo first (3: a 2 misses). Then Bo's d100 + 36
    // against Mark's d100 + 4. (Bo's d100, Mark's d100, controller)
    const CASES: &[(&[i64], &[i64], &str)] = &[
        (&[1, 10], &[4, 2], "mark"), // 10 + 36 = 46 against 42 + 4 = 46: a tie
        (&[1, 1], &[4, 2], "bo"),    // 47 against 46
        (&[10, 5], &[3, 8], "mark"), // 5 + 36 = 41 against 38 + 4 = 42
    ];
    for &(bo_die, mark_die, controller) in CASES {
        let mut s = pair(("bo", bo()), ("mark", mark()), 1);
        let mut dice = vec![2];
        dice.extend_from_slice(bo_die);
        dice.extend_from_slice(mark_die);
        let log = s.run(grab("bo", "mark"), &dice);
        line(&log, "Bo: grapple mark (1 action)");
        line(&log, "Mark reacts: penalty attack on bo: grappled");
        line(&log, "+36 Grappling");
        line(&log, "+4 Grappling");
        let g = &s.state().grapples[0];
        assert_eq!(
            g.controller.as_ref().map(|c| c.to_string()).as_deref(),
            Some(controller),
            "{}",
            log.join("\n")
        );
        assert_eq!(s.left(), 3);
    }
}

#[test]
fn grappling_is_its_own_skill_apart_from_unarmed() {
    // rule: CX-MELEE-03
    // A boxer with Unarmed 40 grapples with STR 6 alone: +4.
    let boxer = fighter(&soldier("Box", &[], &[("unarmed", 40)], None, &[]));
    let mut s = pair(("box", boxer), ("mark", mark()), 1);
    let log = s.run(grab("box", "mark"), &[2, 5, 10, 5, 10]);
    line(&log, "Box 54 <= Mark 54");
}

/// Bo holds Mark in his control (Bo 99 + 36 against Mark 11 + 4).
fn bo_in_control() -> Skirmish {
    let mut s = pair(("bo", bo()), ("mark", mark()), 1);
    s.run(grab("bo", "mark"), &[2, 9, 9, 1, 1]);
    assert_eq!(s.state().grapples[0].controller, Some(id("bo")));
    s
}

#[test]
fn the_controller_subdues_with_a_hold_won_by_a_grapple_check() {
    // rule: CX-MELEE-03
    // A choke-out won leaves Mark unconscious.
    let mut s = bo_in_control();
    s.run(
        grapple(
            "bo",
            GrappleAct::Subdue {
                hold: Hold::ChokeOut,
            },
        ),
        &[9, 9, 1, 1],
    );
    assert!(
        s.state()
            .has_condition(&id("mark"), ConditionKind::Unconscious)
    );
    assert_eq!(s.left(), 2);
    // A lost check gives Mark control instead, and no hold.
    let mut s = bo_in_control();
    s.run(
        grapple("bo", GrappleAct::Subdue { hold: Hold::Pin }),
        &[1, 1, 9, 9],
    );
    assert_eq!(s.state().grapples[0].controller, Some(id("mark")));
    assert!(!s.state().is_restrained(&id("mark")));
    // Only the one in control subdues.
    assert_eq!(
        s.refuse(grapple("bo", GrappleAct::Subdue { hold: Hold::Pin })),
        "only the one in control subdues; bo must win control first (CX-MELEE-03)"
    );
}

#[test]
fn a_held_combatant_can_only_contest_control() {
    // rule: CX-MELEE-03
    let mut s = bo_in_control();
    s.run(
        grapple(
            "bo",
            GrappleAct::Subdue {
                hold: Hold::JointLock,
            },
        ),
        &[9, 9, 1, 1],
    );
    assert!(s.state().is_restrained(&id("mark")));
    // Bo's skill check in melee draws no penalty blow from a held Mark: only
    // the check's d100 is rolled.
    let log = s.run(check("bo", "awareness", 10, Effort::Roll), &[5, 5]);
    assert!(
        !log.iter().any(|l| l.contains("reacts")),
        "{}",
        log.join("\n")
    );
    s.next(&[]);
    let refused: Vec<Command> = vec![
        step("mark", 1, Way::Elsewhere, false),
        fire("mark", "bo"),
        strike("mark", "bo", None),
        grapple("mark", GrappleAct::Strike { weapon: None }),
        grapple("mark", GrappleAct::Release),
        suppress("mark", "bo", None),
    ];
    for command in refused {
        let refusal = s.refuse(command.clone());
        assert!(
            refusal.contains("grapple") || refusal.contains("held"),
            "{command:?}: {refusal}"
        );
    }
    // Winning the contest breaks the hold and takes control.
    s.run(grapple("mark", GrappleAct::Contest), &[9, 9, 1, 1]);
    assert!(!s.state().is_restrained(&id("mark")));
    assert_eq!(s.state().grapples[0].controller, Some(id("mark")));
}

#[test]
fn a_strike_in_a_grapple_that_misses_lets_the_other_contest_at_once() {
    // rule: CX-MELEE-03
    // Bo's knife misses (1): Mark contests as a reaction and wins, 135
    // against Bo's 11 + 36 = 47.
    let mut s = bo_in_control();
    let log = s.run(
        grapple("bo", GrappleAct::Strike { weapon: Some(0) }),
        &[1, 9, 9, 1, 1],
    );
    line(&log, "Mark reacts: contest the grapple");
    assert_eq!(s.state().grapples[0].controller, Some(id("mark")));
    // A strike that lands costs nothing: 2 beats 1; 5 + 9 + 6 = 20.
    let mut s = bo_in_control();
    let full = s.hp("mark");
    let log = s.run(
        grapple("bo", GrappleAct::Strike { weapon: Some(0) }),
        &[2, 5, 3, 10],
    );
    assert!(
        !log.iter().any(|l| l.contains("contest")),
        "{}",
        log.join("\n")
    );
    assert_eq!(s.hp("mark"), full - 20);
    assert_eq!(s.state().grapples[0].controller, Some(id("bo")));
}

#[test]
fn only_the_one_in_control_lets_go_and_it_is_free() {
    // rule: CX-MELEE-03
    let mut s = bo_in_control();
    s.next(&[]);
    assert_eq!(
        s.refuse(grapple("mark", GrappleAct::Release)),
        "mark is not in control of the grapple and cannot let go; contest control first (CX-MELEE-03)"
    );
    s.next(&[]);
    s.run(
        grapple("bo", GrappleAct::Subdue { hold: Hold::Pin }),
        &[9, 9, 1, 1],
    );
    let left = s.left();
    let log = s.run(grapple("bo", GrappleAct::Release), &[]);
    line(&log, "the grapple ends: bo lets go");
    assert_eq!(s.left(), left, "letting go is free");
    assert!(s.state().grapples.is_empty());
    assert!(!s.state().is_restrained(&id("mark")));
}

#[test]
fn fort_1_fists_are_halved_and_non_lethal_and_every_blow_hurts_back() {
    // rule: CX-STAT-09
    // Frail: STR 9, FORT 1 (melee bonus from STR: +1), with a knife.
    let frail = fighter(&soldier(
        "Frail",
        &[("STR", 9), ("FORT", 1), ("CHA", 8)],
        &[("melee", 10)],
        None,
        &[("combat-knife", 0)],
    ));
    // (weapon, dice, to Mark, non-lethal, back to Frail)
    type Case = (Option<usize>, &'static [i64], i64, bool, i64);
    const CASES: &[Case] = &[
        // Fists: 5 + 9 = 14, halved 7, non-lethal; Frail takes 3.
        (None, &[3, 5, 3, 10], 7, true, 3),
        // The knife: 5 + 9 + 6 = 20, lethal; Frail takes 10.
        (Some(0), &[2, 5, 3, 10], 20, false, 10),
        // A miss hurts nobody.
        (Some(0), &[1], 0, false, 0),
    ];
    for &(weapon, dice, dealt, non_lethal, back) in CASES {
        let mut s = pair(("frail", frail.clone()), ("mark", mark()), 1);
        let (mark_full, frail_full) = (s.hp("mark"), s.hp("frail"));
        let log = s.run(strike("frail", "mark", weapon), dice);
        assert_eq!(s.hp("mark"), mark_full - dealt, "{}", log.join("\n"));
        assert_eq!(s.hp("frail"), frail_full - back);
        if non_lethal {
            line(
                &log,
                "FORT 1: unarmed damage halved and non-lethal (CX-STAT-09)",
            );
            line(&log, "non-lethal damage to Mark's health: 7");
        }
        if back > 0 {
            line(
                &log,
                &format!("FORT 1: Frail takes half the melee damage it deals, {back} (CX-STAT-09)"),
            );
        }
    }
}

#[test]
fn melee_guard_rolls_d100_against_the_guard_dc() {
    // rule: CX-HOUSE-04
    // rule: CX-MELEE-01
    let guarded = |text: String| fighter(&format!("{text}\n[house_rules]\nmelee_guard = true\n"));
    let attacker = guarded(soldier(
        "Bo",
        &[("STR", 9), ("CHA", 3)],
        &[("grappling", 20), ("melee", 10)],
        None,
        &[("combat-knife", 0)],
    ));
    let defender = guarded(soldier("Mark", &[], &[("melee", 10)], None, &[]));
    // Bo's knife: DEX bonus 4 + its skill, Melee 10 = +14 (his Grappling 20
    // is no part of a blow: "any relevant skill", 000). Mark's Guard DC: DEX
    // 6 * 5 + Melee 10 = 40, 38 when prone. The knife: 5 + 9 + 6 = 20, body
    // roll 30.
    // (Mark prone, d100, Guard DC, health lost)
    const CASES: &[(bool, &[i64], i64, i64)] = &[
        (false, &[2, 6], 40, 0),            // 26 + 14 = 40: a tie fails
        (false, &[2, 7, 5, 3, 10], 40, 20), // 41
        (true, &[2, 5, 5, 3, 10], 38, 20),  // 39 against 38
        // 100 hits, but this model has no criticals.
        (false, &[10, 10, 5, 3, 10], 40, 20),
    ];
    for &(prone, dice, dc, lost) in CASES {
        let mut s = pair(("bo", attacker.clone()), ("mark", defender.clone()), 1);
        if prone {
            s.place("mark", None, Some(Stance::Prone));
        }
        let full = s.hp("mark");
        let log = s.run(strike("bo", "mark", Some(0)), dice);
        line(&log, "+14 DEX bonus + Melee skill (CX-HOUSE-04)");
        line(&log, &format!("Guard DC {dc}"));
        assert_eq!(s.hp("mark"), full - lost, "{}", log.join("\n"));
    }
}

#[test]
fn blows_and_grabs_the_rules_refuse_explain_themselves_and_change_nothing() {
    // rule: CX-MOVE-08
    // rule: CX-MELEE-01
    // rule: CX-MELEE-03
    let mut s = Skirmish::new(vec![
        ("bo", "crew", bo()),
        ("mark", "targets", mark()),
        ("ward", "targets", mark()),
        ("dead", "targets", mark()),
    ]);
    s.distance("bo", "mark", 1);
    s.distance("bo", "dead", 1);
    s.run(
        Command::Kill {
            target: id("dead"),
            why: "a fall".into(),
        },
        &[],
    );
    s.begin();
    let cases: Vec<(Command, &str)> = vec![
        (
            strike("bo", "mark", Some(3)),
            "the Basic SMG is not a melee weapon; strike with a melee weapon or unarmed",
        ),
        (strike("bo", "mark", Some(9)), "Bo has no weapon 9"),
        (strike("bo", "bo", None), "a combatant cannot attack itself"),
        (strike("bo", "dead", None), "dead is already dead"),
        (
            strike("bo", "ward", None),
            "the distance between bo and ward is not known; set it (adjacent is 1 m)",
        ),
        (grab("bo", "bo"), "a combatant cannot grapple itself"),
        (
            grapple("bo", GrappleAct::Contest),
            "bo is not in a grapple; grapple someone first",
        ),
        (
            strike("mark", "bo", None),
            "it is not mark's turn (it is bo's)",
        ),
    ];
    for (command, why) in cases {
        assert_eq!(s.refuse(command), why);
    }
    s.distance("bo", "ward", 2);
    assert_eq!(
        s.refuse(grab("bo", "ward")),
        "ward is 2 m from bo, beyond reach (1 m); move toward it first (CX-MOVE-08)"
    );
    s.run(grab("bo", "mark"), &[2, 9, 9, 1, 1]);
    s.distance("bo", "ward", 1);
    assert_eq!(s.refuse(grab("bo", "ward")), "bo is already grappling mark");
}

#[test]
fn one_who_leaves_the_fight_lets_go_and_its_holds_end() {
    // rule: CX-MELEE-03
    // Bo pins Mark, then leaves the fight: the grapple ends with him and
    // Mark is no longer restrained, so nothing left names Bo.
    let mut s = bo_in_control();
    s.run(
        grapple("bo", GrappleAct::Subdue { hold: Hold::Pin }),
        &[9, 9, 1, 1],
    );
    assert!(s.state().is_restrained(&id("mark")));
    let log = s.run(
        Command::Clock(nanite_core::ClockCommand::Leave { id: id("bo") }),
        &[],
    );
    line(&log, "the grapple ends: bo left the fight");
    assert!(s.state().grapples.is_empty());
    assert!(!s.state().is_restrained(&id("mark")));
    assert!(s.state().grapple_of(&id("mark")).is_none());
}
