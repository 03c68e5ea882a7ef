//! Skill checks the GM calls at the table, in and out of a fight: taking 50
//! or 100 out of combat only (CX-DICE-06), two skills combined as one roll
//! against a doubled DC (CX-DICE-07), and the DCs a check accepts.
//!
//! Vex Marrow's lines: Medicine 20 ranks (+24 with INT 6's +4), Awareness
//! 30 ranks (+38 with PER 7's +8).

use nanite_compound_x::check::Effort;
use nanite_compound_x::encounter::Command;

use super::arena::{Arena, check_with};

/// Vex and the raider 12 m apart, the fight not begun.
fn table() -> Arena {
    Arena::vex_and_raider(12)
}

fn check(skill: &str, dc: i64, effort: Effort, combined_with: Option<&str>) -> Command {
    check_with("vex", skill, dc, effort, combined_with)
}

#[test]
fn out_of_combat_a_character_may_take_50_or_100_and_add_its_ranks() {
    // rule: CX-DICE-06
    // rule: CX-DICE-03
    // 000: with no pressure a character may "take 100", rushed but not in
    // immediate danger "take 50", "then add ranks": Medicine's 20, not the
    // INT bonus. No die is rolled.
    // (effort, DC, the judgement)
    const CASES: &[(Effort, i64, &str)] = &[
        (Effort::Take50, 69, "total 70 > DC 69: success"),
        (
            Effort::Take50,
            70,
            "total 70 <= DC 70: failure: a tie fails",
        ),
        (Effort::Take100, 119, "total 120 > DC 119: success"),
        (
            Effort::Take100,
            120,
            "total 120 <= DC 120: failure: a tie fails",
        ),
    ];
    for &(effort, dc, says) in CASES {
        let mut a = table();
        let log = a.run(check("medicine", dc, effort, None), &[]);
        assert!(log.contains(says), "{log}");
        assert!(log.contains("Medicine ranks"), "{log}");
    }
    // In a fight it is refused, and nothing changes.
    let mut a = table();
    a.begin(&[]);
    for effort in [Effort::Take50, Effort::Take100] {
        let why = a.refuse(check("medicine", 50, effort, None), &[]);
        assert!(
            why.contains(
                "taking 50 or 100 is only possible out of combat; roll instead (rule CX-DICE-06)"
            ),
            "{why}"
        );
    }
    // Rolled, in the fight, it costs its action as before: 5,1 = 51 + 24.
    let log = a.run(check("medicine", 74, Effort::Roll, None), &[5, 1]);
    assert!(log.contains("total 75 > DC 74: success"), "{log}");
}

#[test]
fn a_combined_check_is_one_roll_against_twice_the_dc_adding_both_skills() {
    // rule: CX-DICE-07
    // 000/catalog: "one roll against a doubled DC adding both modifiers".
    // Medicine (+24) with Awareness (+38) against DC 60, doubled to 120:
    // a d100 of 58 makes 120 (a tie fails), 59 makes 121.
    // (d100, effort, DC, the judgement)
    const CASES: &[(&[i64], Effort, i64, &str)] = &[
        (
            &[5, 8],
            Effort::Roll,
            60,
            "total 120 <= DC 120: failure: a tie fails",
        ),
        (&[5, 9], Effort::Roll, 60, "total 121 > DC 120: success"),
        // Taking 100 adds both skills' ranks only: 100 + 20 + 30 = 150.
        (&[], Effort::Take100, 74, "total 150 > DC 148: success"),
        (
            &[],
            Effort::Take100,
            75,
            "total 150 <= DC 150: failure: a tie fails",
        ),
    ];
    for &(dice, effort, dc, says) in CASES {
        let mut a = table();
        let log = a.run(check("medicine", dc, effort, Some("awareness")), dice);
        assert!(log.contains(says), "{log}");
        assert!(
            log.contains("Medicine and Awareness check (combined: one roll"),
            "{log}"
        );
        assert!(log.contains("(combined check, CX-DICE-07)"), "{log}");
    }
}

#[test]
fn a_check_the_rules_cannot_make_is_refused_and_changes_nothing() {
    // rule: CX-DICE-07
    // rule: CX-DICE-08
    // (the check, why)
    let cases: [(Command, &str); 5] = [
        (
            check("medicine", 40, Effort::Roll, Some("medicine")),
            "a combined check joins two different skills; 'medicine' is given twice (CX-DICE-07)",
        ),
        (
            check("medicine", 40, Effort::Roll, Some("juggling")),
            "no skill 'juggling'; skills are named by id",
        ),
        (
            check("medicine", -1, Effort::Roll, None),
            "DC -1 is out of range: give a DC from 0 to 10000",
        ),
        (
            check("medicine", 10_001, Effort::Take50, None),
            "DC 10001 is out of range",
        ),
        (
            check("medicine", i64::MAX, Effort::Roll, Some("awareness")),
            "is out of range",
        ),
    ];
    for (command, why) in cases {
        let mut a = table();
        let refused = a.refuse(command, &[]);
        assert!(refused.contains(why), "{refused}");
    }
}
