//! Casting and manifesting over a full round (D20-CAST-01), concentration
//! when damaged (D20-CAST-02), spell and power resistance (D20-CAST-03).

use expect_test::expect;
use nanite_d20::encounter::Command;

use super::support::{Table, id};

fn cast(who: &str, magic: &str, target: &str) -> Command {
    Command::Cast {
        id: id(who),
        magic: magic.into(),
        target: id(target),
    }
}

/// Ilsa at (0,0) and Kara at (1,0) against the brute at (3,0) and the
/// raider at (4,0); they act in that order, initiative kept.
fn skirmish() -> Table {
    let mut t = Table::map(&[
        ("ilsa", "ilsa", "heroes", (0, 0)),
        ("kara", "kara", "heroes", (1, 0)),
        ("brute", "brute", "bandits", (3, 0)),
        ("raider", "raider", "bandits", (4, 0)),
    ]);
    t.begin_in_order(&["ilsa", "kara", "brute", "raider"]);
    t
}

fn energy(t: &Table, who: &str) -> i64 {
    t.state().combatants[&id(who)].energy
}

#[test]
fn a_spell_takes_effect_just_before_the_casters_next_turn() {
    // rule: D20-CAST-01
    let mut t = skirmish();
    let text = t.ok(cast("ilsa", "firebolt", "brute"), &[]);
    expect![[r#"
        Ilsa Wren: cast Firebolt (its action)
        Ilsa Wren begins: casts Firebolt at Bandit Brute; it takes effect just before Ilsa Wren's next turn (D20-CAST-01)
    "#]]
    .assert_eq(&text);
    assert_eq!(energy(&t, "ilsa"), 22, "nothing is spent yet");
    t.next(&[]);
    t.next(&[]);
    t.next(&[]);
    // Round 2, before Ilsa's turn: 2d6 = 3 + 4 = 7 to the brute (CON 14 + 5 = 19 HP).
    let text = t.next(&[3, 4]);
    expect![[r#"
        Bandit Raider's turn ends
        round 2 begins
        Ilsa Wren's casting Firebolt ends at the start of Ilsa Wren's turn
        Ilsa Wren spends 3 spell energy (19 left)
        Ilsa Wren's Firebolt takes effect on Bandit Brute: 2d6 [3, 4] = 7
          Firebolt takes effect just before Ilsa Wren's turn (D20-CAST-01)
          d6 = 3 (damage 2d6)
          d6 = 4 (damage 2d6)
          2d6 rolled: 7
          damage: 7
        Bandit Brute takes 7 damage from Ilsa Wren's Firebolt: 12/19 HP
        Ilsa Wren's turn: 1 action and 30 ft of movement
    "#]]
    .assert_eq(&text);
    assert_eq!(energy(&t, "ilsa"), 19);
}

#[test]
fn damage_calls_for_concentration_against_ten_plus_the_damagers_level() {
    // rule: D20-CAST-02
    // Spellcasting +6 (WIS 3, level 3) against 10 + the brute's level 2 = 12.
    // (concentration d20, kept)
    for (die, kept) in [(6, true), (5, false), (20, true), (1, false)] {
        let mut t = skirmish();
        t.ok(cast("ilsa", "firebolt", "raider"), &[]);
        t.next(&[]);
        t.next(&[]);
        // Past Kara to Ilsa's side: opposed DEX, 20 + 2 against 1 + 6.
        t.ok(
            Command::Move {
                id: id("brute"),
                to: vec![super::support::sq(1, 1)],
            },
            &[20, 1],
        );
        // Longsword 18 + STR 3 + 3 = 24 hits Defense 11; 1d8 2 + 3 = 5.
        let text = t.ok(
            Command::Attack {
                id: id("brute"),
                target: id("ilsa"),
                weapon: Some(0),
            },
            &[18, 2, die],
        );
        assert_eq!(t.state().casting(&id("ilsa")).is_some(), kept, "d20 {die}");
        if !kept {
            assert!(
                text.ends_with(
                    "casting Firebolt is interrupted; its spell energy is not spent (D20-CAST-02)\n"
                ),
                "{text}"
            );
            t.next(&[]);
            let text = t.next(&[]);
            assert!(!text.contains("Firebolt"), "{text}");
            assert_eq!(energy(&t, "ilsa"), 22, "an interrupted spell costs nothing");
        }
    }
    let mut t = skirmish();
    t.ok(cast("ilsa", "firebolt", "raider"), &[]);
    let text = t.ok(
        Command::Harm {
            target: id("ilsa"),
            amount: 3,
            by: Some(id("brute")),
            why: "a thrown rock".into(),
        },
        &[6],
    );
    expect![[r#"
        Ilsa Wren takes 3 damage from a thrown rock: 18/21 HP
        Ilsa Wren must keep concentrating: kept
          d20 = 6 (Spellcasting (WIS) check)
            +3 WIS 16 bonus (D20-CHK-01)
            +3 Spellcasting level
          total: 12
          total 12 >= DC 12: success (meets or beats, D20-CHK-03)
          DC 10 + 2, the experience level of Bandit Brute (D20-CAST-02)
    "#]]
    .assert_eq(&text);
}

#[test]
fn resistance_must_be_beaten_or_the_energy_is_wasted() {
    // rule: D20-CAST-03
    // Orun, on the other side here, has spell resistance 14; Ilsa's
    // Spellcasting +6 must reach it.
    for (die, beaten) in [(8, true), (7, false)] {
        let mut t = Table::map(&[
            ("ilsa", "ilsa", "heroes", (0, 0)),
            ("orun", "orun", "bandits", (4, 0)),
        ]);
        t.begin_in_order(&["ilsa", "orun"]);
        t.ok(cast("ilsa", "firebolt", "orun"), &[]);
        t.next(&[]);
        let dice: &[i64] = if beaten { &[die, 6, 6] } else { &[die] };
        let text = t.next(dice);
        assert_eq!(energy(&t, "ilsa"), 19, "spent either way");
        assert_eq!(t.hp("orun"), if beaten { 5 } else { 17 });
        if !beaten {
            // 7 + 6 = 13 < 14: the 3 energy are wasted.
            expect![[r#"
                Orun the Seer's turn ends
                round 2 begins
                Ilsa Wren's casting Firebolt ends at the start of Ilsa Wren's turn
                Ilsa Wren against Orun the Seer's resistance: it holds
                  d20 = 7 (Spellcasting (WIS) check)
                    +3 WIS 16 bonus (D20-CHK-01)
                    +3 Spellcasting level
                  total: 13
                  total 13 < DC 14: failure (meets or beats, D20-CHK-03)
                  against Orun the Seer's spell resistance 14 (D20-CAST-03; magic ignores power resistance)
                Ilsa Wren spends 3 spell energy, wasted on the resistance (D20-CAST-03) (19 left)
                Ilsa Wren's turn: 1 action and 30 ft of movement
            "#]].assert_eq(&text);
        }
    }
}

#[test]
fn magic_ignores_power_resistance_and_psionics_spell_resistance() {
    // rule: D20-CAST-03
    // The brute has power resistance 12 and no spell resistance; a second
    // Orun has spell resistance 14 and no power resistance.
    let mut t = Table::map(&[
        ("ilsa", "ilsa", "heroes", (0, 0)),
        ("orun", "orun", "heroes", (0, 1)),
        ("brute", "brute", "bandits", (4, 0)),
        ("seer", "orun", "bandits", (4, 1)),
    ]);
    t.begin_in_order(&["ilsa", "orun", "brute", "seer"]);
    t.ok(cast("ilsa", "firebolt", "brute"), &[]);
    t.next(&[]);
    t.ok(cast("orun", "mind-spike", "seer"), &[]);
    t.next(&[]);
    t.next(&[]);
    // No resistance check for either: straight to the damage dice.
    t.next(&[2, 3]); // Ilsa's Firebolt 2d6 = 5
    assert_eq!(t.hp("brute"), 19 - 5);
    t.next(&[7]); // Orun's Mind Spike 1d10 = 7
    assert_eq!(t.hp("seer"), 17 - 7);
    assert_eq!(t.state().combatants[&id("orun")].power_points, 17);
    // But Orun's power against the brute must beat PR 12: Psionics +5.
    t.ok(cast("orun", "mind-spike", "brute"), &[]);
    t.next(&[]);
    t.next(&[]);
    t.next(&[]);
    let text = t.next(&[6]);
    assert!(text.contains("total 11 < DC 12: failure"), "{text}");
    assert!(
        text.contains("power points, wasted on the resistance (D20-CAST-03) (15 left)"),
        "{text}"
    );
}

#[test]
fn healing_and_stunning_magic() {
    // rule: D20-CAST-01
    let mut t = skirmish();
    t.ok(
        Command::Harm {
            target: id("kara"),
            amount: 10,
            by: None,
            why: "a trap".into(),
        },
        &[],
    );
    // Mend is a touch: Kara stands next to Ilsa.
    t.ok(cast("ilsa", "mend", "kara"), &[]);
    t.next(&[]);
    t.next(&[]);
    t.next(&[]);
    t.next(&[4]); // 1d8 4 + 2 = 6
    assert_eq!(t.hp("kara"), 12 + 6);
    // Hold stuns the raider through its next turn.
    t.ok(cast("ilsa", "hold", "raider"), &[]);
    for _ in 0..4 {
        t.next(&[]);
    }
    assert!(t.state().is_stunned(&id("raider")));
    t.next(&[]);
    t.next(&[]);
    let text = t.next(&[]);
    assert_eq!(
        text,
        "Bandit Brute's turn ends\nBandit Raider's turn: 1 action and 30 ft of movement\nBandit Raider loses the turn: stunned (D20-GRAP-06)\n"
    );
    let text = t.next(&[]);
    assert!(
        text.starts_with("Bandit Raider's turn ends\nBandit Raider's stunned ends at the end of Bandit Raider's turn\n"),
        "{text}"
    );
}

#[test]
fn casting_refusals() {
    // rule: D20-CAST-01
    let mut t = skirmish();
    for (command, why) in [
        (
            cast("ilsa", "wish", "brute"),
            "Ilsa Wren knows no spell or power `wish` (knows: firebolt, mend, hold)",
        ),
        (
            cast("ilsa", "mend", "brute"),
            "Mend's range: Bandit Brute is 15 ft away, beyond 5 ft",
        ),
        (
            cast("kara", "firebolt", "brute"),
            "it is not kara's turn (it is ilsa's)",
        ),
    ] {
        assert_eq!(t.refused(command), why);
    }
    t.ok(cast("ilsa", "hold", "raider"), &[]);
    t.next(&[]);
    t.next(&[]);
    t.next(&[]);
    t.next(&[]);
    // 22 - 4 = 18 left; casting Hold four more times leaves 2.
    for _ in 0..4 {
        t.ok(cast("ilsa", "hold", "raider"), &[]);
        for _ in 0..4 {
            t.next(&[]);
        }
    }
    assert_eq!(energy(&t, "ilsa"), 2);
    assert_eq!(
        t.refused(cast("ilsa", "firebolt", "raider")),
        "Firebolt needs 3 spell energy and Ilsa Wren has 2"
    );
}
