//! Melee and ranged attacks on the map. The seed names finesse (D20-CHK-01),
//! reach and ranged attacks (D20-MOVE-03) but not how an attack is rolled:
//! the decisions (a skill check meeting or beating Defense, damage dice plus
//! the attack's attribute bonus in melee, at least 1) are tested here.

use expect_test::expect;
use nanite_d20::encounter::Command;

use super::support::{Table, attack, id};

#[test]
fn a_finesse_blade_uses_dexterity_to_hit_and_to_hurt() {
    // rule: D20-CHK-01, D20-CHK-03
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (2, 1)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    // 15 + DEX 3 + Melee Fighting 3 = 21 against 10 + DEX 1 + leather 2 = 13;
    // 1d6 4 + DEX 3 = 7: the raider's 12 HP fall to 5.
    expect![[r#"
        Kara Voss: attack with the Rapier (its action)
        Kara Voss attacks Bandit Raider with the Rapier: hit
          d20 = 15 (attack with the Rapier (Melee Fighting (DEX)))
            +3 DEX 16 bonus, finesse weapon (D20-CHK-01)
            +3 Melee Fighting level
          attack total: 21
          base Defense (decision, D20-CHK-03): 10
            +1 DEX 13 bonus
            +2 Leather Armor
          Bandit Raider's Defense: 13
          attack 21 >= Defense 13: hit (meets or beats, D20-CHK-03)
          d6 = 4 (damage 1d6)
          1d6 rolled: 4
            +3 DEX 16 bonus (melee damage)
          damage: 7
        Bandit Raider takes 7 damage from Kara Voss's Rapier: 5/12 HP
    "#]]
    .assert_eq(&t.ok(attack("kara", "raider", Some(0)), &[15, 4]));
    assert_eq!(t.hp("raider"), 5);
}

#[test]
fn a_reach_weapon_strikes_at_ten_feet_and_a_tie_hits() {
    // rule: D20-MOVE-03, D20-CHK-03
    let mut t = Table::map(&[
        ("bram", "bram", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (2, 2)),
    ]);
    t.begin_in_order(&["bram", "raider"]);
    assert_eq!(
        t.refused(attack("bram", "raider", Some(1))),
        "Bram Holt cannot reach: Bandit Raider is 10 ft away, beyond 5 ft (melee reaches adjacent squares)"
    );
    // 7 + STR 3 + 3 = 13 meets Defense 13; 1d8 8 + STR 3 = 11.
    let text = t.ok(attack("bram", "raider", Some(0)), &[7, 8]);
    assert!(
        text.contains("attack 13 >= Defense 13: hit (meets or beats, D20-CHK-03)"),
        "{text}"
    );
    assert_eq!(t.hp("raider"), 1);
}

#[test]
fn ranged_damage_adds_no_bonus_and_range_is_a_limit() {
    // rule: D20-MOVE-03
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (8, 0)),
    ]);
    t.begin_in_order(&["raider", "kara"]);
    // Sling: 13 + DEX 1 + Ranged Fighting 1 = 15 meets Kara's 15; 1d4 2.
    let text = t.ok(attack("raider", "kara", Some(1)), &[13, 2]);
    expect![[r#"
        Bandit Raider: attack with the Sling (its action)
        Bandit Raider attacks Kara Voss with the Sling: hit
          d20 = 13 (attack with the Sling (Ranged Fighting (DEX)))
            +1 DEX 13 bonus (D20-CHK-01)
            +1 Ranged Fighting level
          attack total: 15
          base Defense (decision, D20-CHK-03): 10
            +3 DEX 16 bonus
            +2 Leather Armor
          Kara Voss's Defense: 15
          attack 15 >= Defense 15: hit (meets or beats, D20-CHK-03)
          d4 = 2 (damage 1d4)
          1d4 rolled: 2
          damage: 2
        Kara Voss takes 2 damage from Bandit Raider's Sling: 20/22 HP
    "#]]
    .assert_eq(&text);
    t.next(&[]);
    t.next(&[]);
    t.ok(
        Command::Move {
            id: id("raider"),
            to: vec![super::support::sq(9, 0)],
        },
        &[],
    );
    assert_eq!(
        t.refused(attack("raider", "kara", Some(1))),
        "Bandit Raider cannot reach: Kara Voss is 45 ft away, beyond 40 ft"
    );
}

#[test]
fn a_hit_does_at_least_one_damage_and_a_miss_none() {
    // Ilsa's unarmed strike: 1d3 - 1 (STR 8); a 1 would do 0, so 1.
    let mut t = Table::map(&[
        ("ilsa", "ilsa", "heroes", (0, 0)),
        ("raider", "raider", "bandits", (1, 0)),
    ]);
    t.begin_in_order(&["ilsa", "raider"]);
    let text = t.ok(attack("ilsa", "raider", None), &[20, 1]);
    assert!(
        text.contains("at least 1 damage on a hit (decision)"),
        "{text}"
    );
    assert_eq!(t.hp("raider"), 11);
    t.next(&[]);
    let text = t.ok(attack("raider", "ilsa", Some(0)), &[2]);
    assert!(text.contains("attack 5 < Defense 11: miss"), "{text}");
    assert_eq!(t.hp("ilsa"), 21);
}

#[test]
fn at_zero_hit_points_a_combatant_falls_and_cannot_act() {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (2, 1)),
    ]);
    t.ok(
        Command::Harm {
            target: id("raider"),
            amount: 10,
            by: None,
            why: "an earlier fight".into(),
        },
        &[],
    );
    t.begin_in_order(&["kara", "raider"]);
    let text = t.ok(attack("kara", "raider", Some(0)), &[15, 4]);
    assert!(text.ends_with("Bandit Raider takes 7 damage from Kara Voss's Rapier: -5/12 HP\nBandit Raider falls: 0 hit points\n"), "{text}");
    assert_eq!(
        t.next(&[]),
        "Kara Voss's turn ends\nBandit Raider's turn: 1 action and 30 ft of movement\nBandit Raider loses the turn: down\n"
    );
    assert_eq!(
        t.refused(attack("raider", "kara", Some(0))),
        "raider cannot act: Bandit Raider is down (-5 HP)"
    );
    t.next(&[]);
    assert_eq!(
        t.refused(attack("kara", "raider", Some(0))),
        "Bandit Raider is already down"
    );
}

#[test]
fn illegal_attacks_are_refused_and_change_nothing() {
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (2, 1)),
    ]);
    t.begin_in_order(&["kara", "raider"]);
    for (command, why) in [
        (
            attack("kara", "kara", Some(0)),
            "Kara Voss cannot attack itself",
        ),
        (
            attack("kara", "raider", Some(5)),
            "Kara Voss has no weapon 5; its weapons: 0 rapier, 1 shortbow",
        ),
        (
            attack("kara", "ghost", Some(0)),
            "nobody called 'ghost' is in this fight (known: kara, raider)",
        ),
        (
            attack("raider", "kara", Some(0)),
            "it is not raider's turn (it is kara's)",
        ),
    ] {
        assert_eq!(t.refused(command), why);
    }
}
