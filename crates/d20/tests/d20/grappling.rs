//! The grappling state machine (D20-GRAP-01..07).
//!
//! Bram (STR 17 +3, DEX 11 +0, WIS 9 -1, Melee Fighting 3) against the brute
//! (STR 16 +3, DEX 10 +0, WIS 8 -1, Melee Fighting 3), side by side; Bram
//! acts first. Bram's d20 is always rolled first, then the brute's.

use expect_test::expect;
use nanite_core::ClockCommand;
use nanite_d20::encounter::{Command, GrappleAttack, PositionChange, Takedown, TakedownChoice};

use super::support::{Table, grapple_attack, id, position, sq, takedown};

fn table() -> Table {
    let mut t = Table::map(&[
        ("bram", "bram", "heroes", (1, 1)),
        ("brute", "brute", "bandits", (2, 1)),
    ]);
    t.begin_in_order(&["bram", "brute"]);
    t
}

/// Both turns pass, back to Bram.
fn round(t: &mut Table) {
    t.next(&[]);
    t.next(&[]);
}

fn advantage(t: &Table) -> Option<String> {
    t.state()
        .grapples
        .first()
        .and_then(|g| g.advantage.as_ref().map(|a| a.to_string()))
}

/// A grapple already under way with Bram holding advantage (a clinch won
/// 10 + 6 against 5 + 6), and Bram's next turn begun.
fn grappling() -> Table {
    let mut t = table();
    t.ok(takedown("bram", "brute", Takedown::Clinch), &[10, 5]);
    round(&mut t);
    t
}

#[test]
fn takedowns_use_their_attribute_against_the_same_check() {
    // rule: D20-GRAP-01, D20-GRAP-02
    // (takedown, Bram's modifier, the brute's): STR +3, DEX +0, WIS -1, each + 3.
    for (kind, mine, theirs) in [
        (Takedown::Clinch, 6, 6),
        (Takedown::Tackle, 3, 3),
        (Takedown::Trip, 2, 2),
    ] {
        let mut t = table();
        let events = t.run(takedown("bram", "brute", kind), &[10, 5]).unwrap();
        let contest = events
            .iter()
            .find_map(|e| match e {
                nanite_d20::encounter::Event::GrappleCheck { contest, .. } => contest.clone(),
                _ => None,
            })
            .unwrap();
        assert_eq!(
            (contest.actor_total, contest.resister_total),
            (10 + mine, 5 + theirs),
            "{kind:?}"
        );
        assert_eq!(advantage(&t).as_deref(), Some("bram"));
        // A failure does nothing.
        let mut t = table();
        t.ok(takedown("bram", "brute", kind), &[5, 10]);
        assert!(t.state().grapples.is_empty());
    }
    let mut t = table();
    expect![[r#"
        Bram Holt: Clinch takedown (its action)
        Bram Holt: Clinch takedown against Bandit Brute: success
          d20 = 10 (Clinch takedown (STR + Melee Fighting) check for Bram Holt)
            +3 STR 17 bonus (D20-CHK-01)
            +3 Melee Fighting level
          Bram Holt's total: 16
          d20 = 5 (Clinch takedown (STR + Melee Fighting) check for Bandit Brute)
            +3 STR 16 bonus (D20-CHK-01)
            +3 Melee Fighting level
          Bandit Brute's total: 11
          Bram Holt 16 > Bandit Brute 11: Bram Holt wins (opposed, D20-CHK-03)
        Bram Holt and Bandit Brute are grappling; Bram Holt has Grappling Advantage (D20-GRAP-02)
    "#]]
    .assert_eq(&t.ok(takedown("bram", "brute", Takedown::Clinch), &[10, 5]));
}

#[test]
fn a_takedowns_natural_20_allows_a_grappling_action_at_once() {
    // rule: D20-GRAP-02
    let mut t = table();
    let text = t.ok(takedown("bram", "brute", Takedown::Tackle), &[20]);
    assert!(
        text.contains("natural 20: success whatever Bandit Brute rolls"),
        "{text}"
    );
    assert!(text.ends_with("natural 20: Bram Holt may take a position change or attack at once, free (D20-GRAP-02)\n"), "{text}");
    // Free: Bram's action went on the takedown. Slam: 2 + 3 + 5 = 10 against 4 + 6.
    t.ok(grapple_attack("bram", GrappleAttack::Slam), &[12, 1, 6]);
    assert!(t.state().free_grapple.is_none());
    assert_eq!(
        t.refused(grapple_attack("bram", GrappleAttack::Slam)),
        "bram needs 1 action(s) for Slam but has 0 left this turn"
    );
}

#[test]
fn a_takedowns_natural_1_lets_the_opponent_choose() {
    // rule: D20-GRAP-02
    let mut t = table();
    let text = t.ok(takedown("bram", "brute", Takedown::Clinch), &[1]);
    assert!(text.ends_with("natural 1: Bandit Brute chooses Grappling Advantage or a free melee attack on Bram Holt (D20-GRAP-02)\n"), "{text}");
    assert!(t.state().grapples.is_empty());
    assert_eq!(
        t.refused(Command::Clock(ClockCommand::NextTurn)),
        "Bandit Brute must first choose Grappling Advantage or a free melee attack after Bram Holt's takedown rolled a natural 1 (D20-GRAP-02): `brute choose advantage` or `brute choose attack`"
    );
    let other = t.game.clone();
    // Advantage: the grapple begins, the brute holding it.
    t.ok(
        Command::Choose {
            id: id("brute"),
            choice: TakedownChoice::Advantage,
        },
        &[],
    );
    assert_eq!(advantage(&t).as_deref(), Some("brute"));
    // Or a free longsword blow, out of turn and without an action:
    // 10 + 6 = 16 against Bram's Defense 14; 1d8 5 + 3 = 8.
    let mut alt = Table { game: other };
    let text = alt.ok(
        Command::Choose {
            id: id("brute"),
            choice: TakedownChoice::Attack { weapon: Some(0) },
        },
        &[10, 5],
    );
    assert!(text.starts_with("Bandit Brute chooses a free melee attack\nBandit Brute attacks Bram Holt with the Longsword: hit"), "{text}");
    assert_eq!(alt.hp("bram"), 20 - 8);
    assert!(alt.state().grapples.is_empty());
}

#[test]
fn position_changes_win_advantage_or_prime_the_next_attack() {
    // rule: D20-GRAP-03
    let mut t = grappling();
    assert_eq!(
        t.refused(position("bram", PositionChange::Reversal)),
        "Bram Holt holds Grappling Advantage: a reversal cannot be done with it (D20-GRAP-03)"
    );
    // Push with advantage: 8 + 6 + 5 = 19 against 12 + 6 = 18: already holding
    // it, Bram gets +5 on his next grappling attack.
    let text = t.ok(position("bram", PositionChange::Push), &[8, 12]);
    assert!(
        text.contains("+5 Grappling Advantage (D20-GRAP-03)"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "Bram Holt already held advantage: +5 to its next grappling attack (D20-GRAP-03)\n"
        ),
        "{text}"
    );
    t.next(&[]);
    // The brute's reversal: WIS -1 + 3 = 2; 15 + 2 = 17 against Bram's 3 + 2 + 5 = 10.
    let text = t.ok(position("brute", PositionChange::Reversal), &[15, 3]);
    assert!(
        text.ends_with("Bandit Brute takes Grappling Advantage: Reversal won (D20-GRAP-03)\n"),
        "{text}"
    );
    t.next(&[]);
    // Bram's scramble (DEX +0 + 3) rolls a natural 1: the brute already holds
    // advantage, so nothing changes hands.
    let text = t.ok(position("bram", PositionChange::Scramble), &[1]);
    assert!(text.contains("natural 1: failure"), "{text}");
    assert_eq!(advantage(&t).as_deref(), Some("brute"));
    // Pull: 14 + 6 = 20 against the brute's 9 + 6 + 5 = 20, a tie rolled again:
    // 11 + 6 = 17 against 2 + 11 = 13.
    round(&mut t);
    let text = t.ok(position("bram", PositionChange::Pull), &[14, 9, 11, 2]);
    assert!(text.contains("tie: both roll again"), "{text}");
    assert_eq!(advantage(&t).as_deref(), Some("bram"));
}

#[test]
fn a_natural_1_gives_the_opponent_advantage() {
    // rule: D20-GRAP-03, D20-GRAP-04
    let mut t = grappling();
    t.next(&[]);
    // The brute, without advantage, fumbles a submission: Bram keeps it; then
    // after Bram's turn the brute pushes (natural 20) and takes it...
    t.ok(grapple_attack("brute", GrappleAttack::Submission), &[1]);
    assert_eq!(advantage(&t).as_deref(), Some("bram"));
    round(&mut t);
    t.ok(position("brute", PositionChange::Push), &[20]);
    assert_eq!(advantage(&t).as_deref(), Some("brute"));
    round(&mut t);
    // ...and fumbles a slam while holding it: advantage goes back to Bram.
    let text = t.ok(grapple_attack("brute", GrappleAttack::Slam), &[1]);
    assert!(
        text.ends_with("Bram Holt takes Grappling Advantage: Bandit Brute rolled a natural 1\n"),
        "{text}"
    );
    assert_eq!(advantage(&t).as_deref(), Some("bram"));
}

#[test]
fn submission_drains_strength_and_constitution_for_an_hour() {
    // rule: D20-GRAP-04, D20-GRAP-05
    let mut t = grappling();
    // 10 + 6 + 5 = 21 against 10 + 6 = 16.
    let text = t.ok(grapple_attack("bram", GrappleAttack::Submission), &[10, 10]);
    expect![[r#"
        Bram Holt: Submission (its action)
        Bram Holt: Submission against Bandit Brute: success
          d20 = 10 (Submission (STR + Melee Fighting) check for Bram Holt)
            +3 STR 17 bonus (D20-CHK-01)
            +3 Melee Fighting level
            +5 Grappling Advantage (D20-GRAP-03)
          Bram Holt's total: 21
          d20 = 10 (Submission (STR + Melee Fighting) check for Bandit Brute)
            +3 STR 16 bonus (D20-CHK-01)
            +3 Melee Fighting level
          Bandit Brute's total: 16
          Bram Holt 21 > Bandit Brute 16: Bram Holt wins (opposed, D20-CHK-03)
        Bandit Brute: submission -1 STR and CON for an hour (D20-GRAP-05)
        Bandit Brute's maximum hit points fall to 18 with its Constitution: 18 HP (D20-GRAP-05)
    "#]]
    .assert_eq(&text);
    let s = t.state().scores(&id("brute"));
    assert_eq!((s.str, s.con), (15, 13));
    round(&mut t);
    // A natural 20 doubles it: -2 more, cumulative: STR 13 (+1), CON 11.
    t.ok(grapple_attack("bram", GrappleAttack::Submission), &[20]);
    let s = t.state().scores(&id("brute"));
    assert_eq!((s.str, s.con), (13, 11));
    assert_eq!(t.state().bonus(&id("brute"), nanite_d20::Attribute::Str), 1);
    assert_eq!((t.state().max_hp(&id("brute")), t.hp("brute")), (16, 16));
    // The drain lasts its hour past the end of the fight.
    t.ok(Command::Clock(ClockCommand::End), &[]);
    assert_eq!(t.state().drain(&id("brute")), 3);
}

#[test]
fn a_constitution_drained_to_zero_fells() {
    // rule: D20-GRAP-05
    let mut t = grappling();
    for _ in 0..6 {
        // Natural 20s: -2 each; CON 14 reaches 2, maximum HP 2 + 5 = 7.
        t.ok(grapple_attack("bram", GrappleAttack::Submission), &[20]);
        round(&mut t);
    }
    assert_eq!(t.state().scores(&id("brute")).con, 2);
    assert_eq!(t.hp("brute"), 7);
    let text = t.ok(grapple_attack("bram", GrappleAttack::Submission), &[20]);
    assert!(
        text.ends_with("Bram Holt and Bandit Brute stop grappling: Bandit Brute fell\nBandit Brute falls: Constitution drained to 0 (D20-GRAP-05)\n"),
        "{text}"
    );
    assert!(t.state().is_down(&id("brute")));
    assert!(t.state().grapples.is_empty());
}

#[test]
fn a_slam_hurts_and_stuns_for_a_round() {
    // rule: D20-GRAP-04, D20-GRAP-06
    let mut t = grappling();
    // 9 + 11 = 20 against 4 + 6 = 10; 1d12 7 + STR 3 = 10.
    let text = t.ok(grapple_attack("bram", GrappleAttack::Slam), &[9, 4, 7]);
    assert!(
        text.contains("Bram Holt's slam hits Bandit Brute: 1d12 [7] = 10"),
        "{text}"
    );
    assert!(
        text.ends_with("Bandit Brute: stunned until the end of its next turn\n"),
        "{text}"
    );
    assert_eq!(t.hp("brute"), 9);
    let text = t.next(&[]);
    assert!(
        text.ends_with("Bandit Brute loses the turn: stunned (D20-GRAP-06)\n"),
        "{text}"
    );
    assert!(
        t.refused(grapple_attack("brute", GrappleAttack::Slam))
            .contains("is stunned (D20-GRAP-06)")
    );
    t.next(&[]);
    assert!(!t.state().is_stunned(&id("brute")));
    // A natural 20 doubles it: (1d12 5 + 3) x 2 = 16, and two rounds stunned.
    let mut t = grappling();
    let text = t.ok(grapple_attack("bram", GrappleAttack::Slam), &[20, 5]);
    assert!(
        text.contains("doubled by a natural 20: 8 x 2 (D20-GRAP-04)"),
        "{text}"
    );
    assert!(text.contains("damage: 16"), "{text}");
    assert!(
        text.ends_with("Bandit Brute: stunned until the end of its turn 2 turns from now\n"),
        "{text}"
    );
    for _ in 0..2 {
        assert!(t.next(&[]).contains("loses the turn: stunned"));
        t.next(&[]);
    }
    assert!(!t.state().is_stunned(&id("brute")));
}

#[test]
fn short_strikes_do_unarmed_damage_with_dexterity() {
    // rule: D20-GRAP-07, D20-GRAP-04
    let mut t = grappling();
    // DEX +0 + 3 + 5 advantage: 12 + 8 = 20 against 10 + 3 = 13; 1d3 2 + STR 3 = 5.
    let text = t.ok(
        grapple_attack("bram", GrappleAttack::ShortStrikes),
        &[12, 10, 2],
    );
    expect![[r#"
        Bram Holt: Short strikes (its action)
        Bram Holt: Short strikes against Bandit Brute: success
          d20 = 12 (Short strikes (DEX + Melee Fighting) check for Bram Holt)
            +3 Melee Fighting level
            +5 Grappling Advantage (D20-GRAP-03)
          Bram Holt's total: 20
          d20 = 10 (Short strikes (DEX + Melee Fighting) check for Bandit Brute)
            +3 Melee Fighting level
          Bandit Brute's total: 13
          Bram Holt 20 > Bandit Brute 13: Bram Holt wins (opposed, D20-CHK-03)
        Bram Holt's short strikes hits Bandit Brute: 1d3 [2] = 5
          d3 = 2 (damage 1d3)
          1d3 rolled: 2
            +3 STR 17 bonus
          damage: 5
        Bandit Brute takes 5 damage from Bram Holt's Short strikes: 14/19 HP
    "#]]
    .assert_eq(&text);
}

#[test]
fn a_primed_attack_adds_five_once() {
    // rule: D20-GRAP-03, D20-GRAP-04
    let mut t = grappling();
    t.ok(position("bram", PositionChange::Push), &[8, 12]);
    round(&mut t);
    // Submission: 2 + 6 + 5 advantage + 5 primed = 18 against 11 + 6 = 17.
    let text = t.ok(grapple_attack("bram", GrappleAttack::Submission), &[2, 11]);
    assert!(
        text.contains("+5 position won with advantage (D20-GRAP-03)"),
        "{text}"
    );
    assert!(text.contains("Bram Holt 18 > Bandit Brute 17"), "{text}");
    assert!(text.contains("Bram Holt's +5 is used"), "{text}");
    // Once only; and the brute's drained STR 15 now gives +2: 13 against 16.
    round(&mut t);
    let text = t.ok(grapple_attack("bram", GrappleAttack::Submission), &[2, 11]);
    assert!(text.contains("Bram Holt 13 < Bandit Brute 16"), "{text}");
}

#[test]
fn only_the_holder_lets_go_and_grapplers_neither_walk_nor_swing() {
    // rule: D20-GRAP-01
    let mut t = grappling();
    t.next(&[]);
    for (command, why) in [
        (
            Command::Release { id: id("brute") },
            "only the one with Grappling Advantage can let go; Bandit Brute must win it first with a position change (push, pull, scramble or reversal, D20-GRAP-03)",
        ),
        (
            Command::Move {
                id: id("brute"),
                to: vec![sq(5, 5)],
            },
            "Bandit Brute is grappling with Bram Holt: only the one with Grappling Advantage can let go (`release`); win it with a position change first",
        ),
        (
            Command::Attack {
                id: id("brute"),
                target: id("bram"),
                weapon: Some(0),
            },
            "Bandit Brute is grappling with Bram Holt: use a grappling attack (submission, slam, short-strikes) or let go (D20-GRAP-04)",
        ),
        (
            takedown("brute", "bram", Takedown::Clinch),
            "Bandit Brute is already grappling with Bram Holt (one grapple at a time, decision)",
        ),
    ] {
        assert_eq!(t.refused(command), why);
    }
    t.next(&[]);
    assert_eq!(
        t.ok(Command::Release { id: id("bram") }, &[]),
        "Bram Holt and Bandit Brute stop grappling: Bram Holt lets go\n"
    );
    assert!(t.state().grapples.is_empty());
    assert_eq!(
        t.refused(position("bram", PositionChange::Push)),
        "Bram Holt is not grappling; start with a takedown (clinch, tackle or trip, D20-GRAP-02)"
    );
}
