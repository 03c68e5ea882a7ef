//! Map-less combat: a front and a back row a side; melee, reach and ranged
//! attacks reach the rows the seed says (D20-MOVE-03).

use nanite_core::ClockCommand;
use nanite_d20::Campaign;
use nanite_d20::encounter::{Command, Field, Place, Row};

use super::support::{Table, attack, id};

fn rows() -> Table {
    Table::new(
        Campaign::default(),
        Field::Rows,
        &[
            ("kara", "kara", "heroes", Place::Row(Row::Front)),
            ("bram", "bram", "heroes", Place::Row(Row::Back)),
            ("orun", "orun", "heroes", Place::Row(Row::Front)),
            ("raider", "raider", "bandits", Place::Row(Row::Front)),
            ("brute", "brute", "bandits", Place::Row(Row::Back)),
        ],
    )
}

#[test]
fn each_row_reaches_what_the_seed_says() {
    // rule: D20-MOVE-03
    // Kara: 0 rapier (melee), 1 shortbow (ranged). Bram: 0 spear (reach), 1 club.
    // Orun holds the heroes' front row throughout.
    // (attacker, its row, weapon, target, reaches)
    for (who, row, weapon, target, reaches) in [
        ("kara", Row::Front, Some(0), "raider", true), // front: melee the front row
        ("kara", Row::Front, Some(0), "brute", false), // not the back row
        ("kara", Row::Front, None, "raider", true),    // unarmed is melee
        ("kara", Row::Front, Some(1), "brute", true),  // ranged: any row (decision for the front)
        ("kara", Row::Back, Some(1), "raider", true),  // back: ranged the front row
        ("kara", Row::Back, Some(1), "brute", true),   // and the back row
        ("kara", Row::Back, Some(0), "raider", false), // no melee from the back
        ("bram", Row::Back, Some(0), "raider", true),  // back: reach the front row
        ("bram", Row::Back, Some(0), "brute", false),  // not the back row
        ("bram", Row::Back, Some(1), "raider", false), // a club is no reach weapon
        ("bram", Row::Front, Some(0), "brute", true),  // front: reach the back row
        ("bram", Row::Front, Some(0), "raider", true), // and melee the front row
    ] {
        let mut t = rows();
        t.ok(
            Command::Position {
                id: id(who),
                place: Place::Row(row),
            },
            &[],
        );
        let mut order = vec![who];
        order.extend(
            ["kara", "bram", "orun", "raider", "brute"]
                .iter()
                .filter(|x| **x != who),
        );
        t.begin_in_order(&order);
        let result = t.run(attack(who, target, weapon), &[1]);
        match (reaches, result) {
            (true, Ok(_)) => {}
            (false, Err(r)) => assert!(r.to_string().contains("(D20-MOVE-03)"), "{r}"),
            (expected, got) => panic!(
                "{who} in the {} row with {weapon:?} at {target}: expected {expected}, got {got:?}",
                row.key()
            ),
        }
    }
}

#[test]
fn the_refusal_says_what_each_row_reaches() {
    // rule: D20-MOVE-03
    let mut t = rows();
    t.begin_in_order(&["kara", "bram", "orun", "raider", "brute"]);
    assert_eq!(
        t.refused(attack("kara", "brute", Some(0))),
        "Kara Voss cannot reach: Bandit Brute is in the back row, out of reach of a melee attack: from the front row, melee reaches the enemy front row, a reach weapon the back row too, a ranged weapon any row (D20-MOVE-03)"
    );
}

#[test]
fn an_empty_front_row_leaves_the_back_row_in_front() {
    // rule: D20-MOVE-03
    let mut t = rows();
    t.ok(
        Command::Harm {
            target: id("raider"),
            amount: 12,
            by: None,
            why: "a rockslide".into(),
        },
        &[],
    );
    assert_eq!(t.state().row(&id("brute")), Some(Row::Front));
    t.begin_in_order(&["kara", "bram", "orun", "raider", "brute"]);
    t.ok(attack("kara", "brute", Some(0)), &[1]);
}

#[test]
fn changing_rows_takes_the_whole_move() {
    // rule: D20-MOVE-03, D20-MOVE-01
    let mut t = rows();
    t.begin_in_order(&["kara", "bram", "orun", "raider", "brute"]);
    assert_eq!(
        t.ok(
            Command::ChangeRow {
                id: id("kara"),
                row: Row::Back,
            },
            &[],
        ),
        "Kara Voss moves to the back row (the whole move, D20-MOVE-03)\n"
    );
    assert_eq!(
        t.refused(Command::ChangeRow {
            id: id("kara"),
            row: Row::Front,
        }),
        "changing rows takes Kara Voss's whole move, and it has moved already this turn"
    );
    // The action is still there: a bow shot from the back.
    t.ok(attack("kara", "brute", Some(1)), &[1]);
    t.ok(Command::Clock(ClockCommand::NextTurn), &[]);
    assert!(
        t.refused(Command::Move {
            id: id("bram"),
            to: vec![nanite_d20::encounter::Square { x: 1, y: 1 }],
        })
        .starts_with("this fight has no map")
    );
}
