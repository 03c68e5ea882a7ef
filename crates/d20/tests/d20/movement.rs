//! Map combat: moving up to the speed or double for the action
//! (D20-MOVE-01), getting past enemies with opposed Dexterity checks and the
//! 10 ft retry (D20-MOVE-02).

use expect_test::expect;
use nanite_d20::encounter::Command;

use super::support::{Table, id, sq};

fn walk(who: &str, to: &[(i64, i64)]) -> Command {
    Command::Move {
        id: id(who),
        to: to.iter().map(|(x, y)| sq(*x, *y)).collect(),
    }
}

fn duel() -> Table {
    // Kara at (2,2), the raider diagonally next to her at (3,3).
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (2, 2)),
        ("raider", "raider", "bandits", (3, 3)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    t
}

#[test]
fn a_turn_moves_up_to_the_speed() {
    // rule: D20-MOVE-01
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (9, 9)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    // (waypoints, accepted): 5 ft a square, diagonals too; 30 ft a turn.
    assert_eq!(
        t.refused(walk("kara", &[(7, 0)])),
        "Kara Voss needs 35 ft for this move but has 30 ft left this turn; `double-move` gives up the action for twice the speed (D20-MOVE-01)"
    );
    assert_eq!(
        t.ok(walk("kara", &[(2, 2)]), &[]),
        "Kara Voss moves 10 ft to (2,2) (20 ft left)\n"
    );
    assert_eq!(
        t.ok(walk("kara", &[(2, 4), (4, 4)]), &[]),
        "Kara Voss moves 20 ft to (4,4) (0 ft left)\n"
    );
    assert!(
        t.refused(walk("kara", &[(5, 4)]))
            .contains("needs 5 ft for this move but has 0 ft left")
    );
    assert_eq!(
        t.refused(walk("raider", &[(8, 8)])),
        "Bandit Raider can only move on its own turn (it is kara's)"
    );
    // input: waypoints off the map, up to the ends of i64 (a path of
    // billions of squares was drawn before the map was consulted)
    for (x, y) in [
        (4, 40),
        (2_000_000_000, 0),
        (i64::MAX, i64::MAX),
        (i64::MIN, 0),
    ] {
        assert_eq!(
            t.refused(walk("kara", &[(x, y)])),
            format!("({x},{y}) is off the map, which runs from (0,0) to (9,9)")
        );
    }
}

#[test]
fn a_double_move_gives_up_the_action() {
    // rule: D20-MOVE-01
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (9, 8)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    t.ok(walk("kara", &[(2, 0)]), &[]);
    let text = t.ok(Command::DoubleMove { id: id("kara") }, &[]);
    expect![[r#"
        Kara Voss: double move (D20-MOVE-01) (its action)
        Kara Voss gives up the action to move double: 60 ft this turn (D20-MOVE-01)
    "#]]
    .assert_eq(&text);
    t.ok(walk("kara", &[(9, 0)]), &[]);
    assert_eq!(t.state().combatants[&id("kara")].movement.left(), 15);
    assert_eq!(
        t.refused(Command::Attack {
            id: id("kara"),
            target: id("raider"),
            weapon: Some(1),
        }),
        "kara needs 1 action(s) for an attack but has 0 left this turn"
    );
    t.next(&[]);
    // The raider shoots its sling (40 ft), then may not double.
    t.ok(
        Command::Attack {
            id: id("raider"),
            target: id("kara"),
            weapon: Some(1),
        },
        &[1],
    );
    assert_eq!(
        t.refused(Command::DoubleMove { id: id("raider") }),
        "Bandit Raider has already used an action this turn; a double move gives up all of them (D20-MOVE-01)"
    );
}

#[test]
fn getting_past_an_enemy_takes_opposed_dexterity() {
    // rule: D20-MOVE-02, D20-CHK-02, D20-CHK-03
    // Kara DEX +3 and level 3: +6; the raider DEX +1 and level 1: +2.
    let mut t = duel();
    let text = t.ok(walk("kara", &[(4, 2)]), &[15, 5]);
    expect![[r#"
        Kara Voss tries to get past Bandit Raider: opposed DEX checks (D20-MOVE-02)
          d20 = 15 (DEX check for Kara Voss)
            +3 DEX 16 bonus (D20-CHK-02)
            +3 experience level (D20-CHK-02)
          Kara Voss's total: 21
          d20 = 5 (DEX check for Bandit Raider)
            +1 DEX 13 bonus (D20-CHK-02)
            +1 experience level (D20-CHK-02)
          Bandit Raider's total: 7
          Kara Voss 21 > Bandit Raider 7: Kara Voss wins (opposed, D20-CHK-03)
          Kara Voss slips past
        Kara Voss moves 10 ft to (4,2) (20 ft left)
    "#]]
    .assert_eq(&text);
    // Past it for the rest of the turn: coming back costs no check.
    assert_eq!(
        t.ok(walk("kara", &[(2, 2)]), &[]),
        "Kara Voss moves 10 ft to (2,2) (10 ft left)\n"
    );
}

#[test]
fn a_stopped_mover_may_spend_10_ft_for_another_try() {
    // rule: D20-MOVE-02
    let mut t = duel();
    // Stopped before the first step: 3 + 6 = 9 against 18 + 2 = 20.
    let text = t.ok(walk("kara", &[(4, 2)]), &[3, 18]);
    assert!(
        text.ends_with(
            "  Kara Voss is stopped; another try costs 10 ft of movement (D20-MOVE-02)\n"
        ),
        "{text}"
    );
    assert_eq!(t.state().square(&id("kara")), Some(sq(2, 2)));
    // Another try costs 10 ft: stopped again (2 + 6 = 8 against 19 + 2 = 21).
    let text = t.ok(walk("kara", &[(4, 2)]), &[2, 19]);
    assert!(
        text.starts_with("Kara Voss tries to get past Bandit Raider, another try for 10 ft"),
        "{text}"
    );
    assert_eq!(t.state().combatants[&id("kara")].movement.used, 10);
    // A third: 10 ft of retry and 10 ft of steps, exactly the 20 ft left;
    // 12 + 6 = 18 against 3 + 2 = 5, through.
    t.ok(walk("kara", &[(4, 2)]), &[12, 3]);
    assert_eq!(t.state().square(&id("kara")), Some(sq(4, 2)));
    assert_eq!(t.state().combatants[&id("kara")].movement.left(), 0);
}

#[test]
fn a_fast_mover_may_try_three_times_and_more() {
    // rule: D20-MOVE-02, D20-MOVE-01
    let mut t = duel();
    t.ok(Command::DoubleMove { id: id("kara") }, &[]);
    for _ in 0..4 {
        t.ok(walk("kara", &[(3, 2)]), &[1, 20]);
    }
    // The first try was free; three more cost 30 ft: 30 of 60 left.
    assert_eq!(t.state().combatants[&id("kara")].movement.left(), 30);
    assert_eq!(
        t.refused(walk("kara", &[(3, 2), (3, 0), (0, 0), (0, 5), (5, 5)])),
        "Kara Voss needs 90 ft for this move (80 ft of steps and 10 ft for another try past an enemy that stopped it, D20-MOVE-02) but has 30 ft left this turn"
    );
}

#[test]
fn who_contests_and_where_nobody_may_step() {
    // rule: D20-MOVE-02
    let mut t = duel();
    // Walking up to an enemy or away from it passes nobody.
    assert_eq!(
        t.ok(walk("kara", &[(2, 1)]), &[]),
        "Kara Voss moves 5 ft to (2,1) (25 ft left)\n"
    );
    assert_eq!(
        t.ok(walk("kara", &[(2, 2)]), &[]),
        "Kara Voss moves 5 ft to (2,2) (20 ft left)\n"
    );
    assert_eq!(
        t.refused(walk("kara", &[(4, 4)])),
        "(3,3) is Bandit Raider's square; go around"
    );
    // A fallen enemy does not contest, and its square may be crossed.
    t.ok(
        Command::Harm {
            target: id("raider"),
            amount: 30,
            by: None,
            why: "a falling beam".into(),
        },
        &[],
    );
    assert_eq!(
        t.ok(walk("kara", &[(4, 4)]), &[]),
        "Kara Voss moves 10 ft to (4,4) (10 ft left)\n"
    );
}

#[test]
fn allies_may_be_passed_but_not_shared() {
    // rule: D20-MOVE-01
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (0, 0)),
        ("bram", "bram", "heroes", (1, 0)),
        ("raider", "raider", "bandits", (9, 9)),
    ]);
    t.begin_in_order(&["kara", "bram", "raider"]);
    assert_eq!(
        t.refused(walk("kara", &[(1, 0)])),
        "(1,0) is Bram Holt's square; allies may be passed through but not shared"
    );
    t.ok(walk("kara", &[(2, 0)]), &[]);
}
