//! Initiative: 1d100 + DEX score (D20-INIT-01), rolled each round or kept
//! (D20-INIT-02), or by side (D20-INIT-03).

use expect_test::expect;
use nanite_core::ClockCommand;
use nanite_d20::encounter::{Command, Field, Place, Row};
use nanite_d20::{Campaign, InitiativeBy, InitiativeReroll};

use super::support::{Table, id, order, sq};

fn roll(who: &[&str]) -> Command {
    Command::RollInitiative {
        who: who.iter().map(|w| id(w)).collect(),
    }
}

fn begin() -> Command {
    Command::Clock(ClockCommand::Begin { surprise: vec![] })
}

fn four(campaign: Campaign) -> Table {
    let place = |x| Place::Square(sq(x, 0));
    Table::new(
        campaign,
        Field::Map {
            width: 10,
            height: 10,
        },
        &[
            ("kara", "kara", "heroes", place(0)),
            ("bram", "bram", "heroes", place(1)),
            ("raider", "raider", "bandits", place(5)),
            ("brute", "brute", "bandits", place(6)),
        ],
    )
}

/// Kara and the raider, both in the front row.
fn front_rows(campaign: Campaign) -> Table {
    let front = Place::Row(Row::Front);
    Table::new(
        campaign,
        Field::Rows,
        &[
            ("kara", "kara", "heroes", front),
            ("raider", "raider", "bandits", front),
        ],
    )
}

#[test]
fn dex_16_rolling_45_has_61() {
    // rule: D20-INIT-01
    // The seed's example: a character with 16 Dexterity rolls 45.
    let mut t = Table::map(&[("kara", "kara", "heroes", (0, 0))]);
    let text = t.ok(roll(&["kara"]), &[45]);
    assert_eq!(
        text,
        "Kara Voss initiative: d100 = 45 + DEX 16 = 61 (D20-INIT-01)\n"
    );
    let seat = t.state().clock.seat(&id("kara")).unwrap();
    assert_eq!(seat.initiative.as_ref().map(|i| i.total), Some(61));
}

#[test]
fn highest_acts_first_and_ties_roll_off() {
    // rule: D20-INIT-01
    // (kara d100, raider d100, roll-offs, order): Kara DEX 16, the raider DEX 13.
    for (kara, raider, rolloffs, first) in [
        (45, 10, vec![], "kara"),            // 61 against 23
        (10, 45, vec![], "raider"),          // 26 against 58
        (45, 48, vec![30, 70], "raider"),    // 61 and 61: roll-off 30 against 70
        (45, 48, vec![5, 5, 90, 2], "kara"), // tied again, then 90 against 2
    ] {
        let mut t = Table::map(&[
            ("kara", "kara", "heroes", (0, 0)),
            ("raider", "raider", "bandits", (5, 5)),
        ]);
        let mut dice = vec![kara, raider];
        dice.extend(rolloffs);
        t.ok(roll(&[]), &dice);
        assert_eq!(order(&t)[0], first, "kara {kara}, raider {raider}");
    }
}

#[test]
fn initiative_is_rolled_again_each_round_unless_kept() {
    // rule: D20-INIT-02
    let campaign = |reroll| Campaign {
        reroll,
        ..Campaign::default()
    };
    let mut each = front_rows(campaign(InitiativeReroll::EachRound));
    each.ok(roll(&[]), &[45, 10]); // 61, 23
    each.ok(begin(), &[]);
    each.next(&[]);
    assert_eq!(each.state().clock.active, Some(id("raider")));
    // Round 2: Kara 2 + 16 = 18, the raider 60 + 13 = 73.
    let text = each.next(&[2, 60]);
    expect![[r#"
        Bandit Raider's turn ends
        round 2 begins
        Kara Voss initiative: d100 = 2 + DEX 16 = 18 (D20-INIT-01)
        Bandit Raider initiative: d100 = 60 + DEX 13 = 73 (D20-INIT-01)
        Bandit Raider's turn: 1 action and 30 ft of movement
    "#]]
    .assert_eq(&text);
    assert_eq!(order(&each), ["raider", "kara"]);

    let mut kept = front_rows(campaign(InitiativeReroll::Kept));
    kept.ok(roll(&[]), &[45, 10]);
    kept.ok(begin(), &[]);
    kept.next(&[]);
    let text = kept.next(&[]);
    assert_eq!(
        text,
        "Bandit Raider's turn ends\nround 2 begins\nKara Voss's turn: 1 action and 30 ft of movement\n"
    );
}

#[test]
fn sides_roll_and_the_winners_act_first_by_dexterity() {
    // rule: D20-INIT-03
    let mut t = four(Campaign {
        initiative: InitiativeBy::Side,
        ..Campaign::default()
    });
    // Heroes 40, bandits 40: a tie, both again: heroes 20, bandits 70.
    let text = t.ok(roll(&[]), &[40, 40, 20, 70]);
    expect![[r#"
        side initiative (D20-INIT-03): heroes d100 = 40, re-rolled 20; bandits d100 = 40, re-rolled 70
          sides act in the order bandits, heroes; within a side, highest DEX first
        Kara Voss acts with the heroes (DEX 16)
        Bram Holt acts with the heroes (DEX 11)
        Bandit Raider acts with the bandits (DEX 13)
        Bandit Brute acts with the bandits (DEX 10)
    "#]]
    .assert_eq(&text);
    assert_eq!(order(&t), ["raider", "brute", "kara", "bram"]);
    let refused = t.refused(roll(&["kara"]));
    assert_eq!(
        refused,
        "side initiative rolls for every side at once (D20-INIT-03); roll without names"
    );
    // Each round the sides roll again (D20-INIT-02 is separate): heroes win.
    t.ok(begin(), &[]);
    for _ in 0..3 {
        t.next(&[]);
    }
    t.next(&[90, 10]);
    assert_eq!(order(&t), ["kara", "bram", "raider", "brute"]);
}

#[test]
fn equal_dexterity_on_a_side_rolls_off() {
    // rule: D20-INIT-03
    let mut t = Table::new(
        Campaign {
            initiative: InitiativeBy::Side,
            ..Campaign::default()
        },
        Field::Rows,
        &[
            ("r1", "raider", "bandits", Place::Row(Row::Front)),
            ("r2", "raider", "bandits", Place::Row(Row::Back)),
            ("kara", "kara", "heroes", Place::Row(Row::Front)),
        ],
    );
    // Bandits 50, heroes 30; the two raiders (DEX 13) roll off: 20 against 80.
    t.ok(roll(&[]), &[50, 30, 20, 80]);
    assert_eq!(order(&t), ["r2", "r1", "kara"]);
}
