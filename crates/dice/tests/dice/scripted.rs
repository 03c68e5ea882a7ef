//! Physical dice: the engine asks for exactly the dice it needs, each with
//! its sides and purpose, and rejects impossible or missing values.

use expect_test::{Expect, expect};
use nanite_dice::{
    DiceSource, DieRequest, DieRole, ErrorKind, Expression, ScriptedDice, SourceError,
};

/// The requests made while rolling `text` with `dice`, one per line, then
/// the outcome.
fn check_requests(text: &str, dice: &[i64], expect: Expect) {
    let expr = Expression::parse(text).unwrap();
    let mut source = ScriptedDice::new(dice.iter().copied());
    let outcome = match expr.roll(&mut source) {
        Ok(roll) => format!("total {}", roll.total),
        Err(e) => format!("error: {e}"),
    };
    let mut out = String::new();
    for (sides, purpose) in source.requests() {
        out.push_str(&format!("d{sides}: {purpose}\n"));
    }
    out.push_str(&outcome);
    out.push('\n');
    expect.assert_eq(&out);
}

#[test]
fn requests_name_sides_and_purpose() {
    check_requests(
        "2d10+12 # strength",
        &[4, 9],
        expect![[r#"
            d10: strength
            d10: strength
            total 25
        "#]],
    );
    check_requests(
        "2d10+1d6",
        &[4, 9, 2],
        expect![[r#"
            d10: 2d10
            d10: 2d10
            d6: 1d6
            total 15
        "#]],
    );
}

#[test]
fn percentile_asks_for_tens_then_ones() {
    // rule: CX-DICE-01
    check_requests(
        "d100",
        &[4, 6],
        expect![[r#"
            d10: d100, tens d10: 10 for a face showing 0 or 00
            d10: d100, ones d10: 10 for a face showing 0
            total 46
        "#]],
    );
    check_requests(
        "d% # perception",
        &[10, 10],
        expect![[r#"
            d10: perception, tens d10: 10 for a face showing 0 or 00
            d10: perception, ones d10: 10 for a face showing 0
            total 100
        "#]],
    );
}

#[test]
fn explosions_and_rerolls_say_why() {
    check_requests(
        "1d6!r1 # fire",
        &[6, 1, 2],
        expect![[r#"
            d6: fire
            d6: fire, explosion
            d6: fire, reroll
            total 8
        "#]],
    );
}

#[test]
fn only_the_dice_needed_are_asked_for() {
    // Two dice, not three: the script's third value stays unread.
    let expr = Expression::parse("2d6").unwrap();
    let mut source = ScriptedDice::new([3, 4, 5]);
    assert_eq!(expr.roll(&mut source).unwrap().total, 7);
    assert_eq!(source.requests().len(), 2);
    assert_eq!(source.remaining(), 1);
    // Constants and variables roll nothing.
    let mut source = ScriptedDice::new([]);
    let expr = Expression::parse("3 * (LEVEL + 2)").unwrap();
    assert_eq!(
        expr.roll_with(&[("LEVEL", 4)], &mut source).unwrap().total,
        18
    );
    assert!(source.requests().is_empty());
}

#[test]
fn impossible_values_are_errors_naming_the_purpose() {
    check_requests(
        "1d6 # damage",
        &[7],
        expect![[r#"
            d6: damage
            error: die result 7 is impossible on a d6 (for damage); enter a value from 1 to 6
        "#]],
    );
    check_requests(
        "2d20kh1",
        &[20, 0],
        expect![[r#"
            d20: 2d20kh1
            d20: 2d20kh1
            error: die result 0 is impossible on a d20 (for 2d20kh1); enter a value from 1 to 20
        "#]],
    );
    check_requests(
        "d%",
        &[-3],
        expect![[r#"
            d10: d%, tens d10: 10 for a face showing 0 or 00
            error: die result -3 is impossible on a d10 (for d%, tens d10: 10 for a face showing 0 or 00); enter a value from 1 to 10
        "#]],
    );
    // rule: CX-DICE-01 — a percentile die is entered as two d10, never as 1..100.
    check_requests(
        "d100",
        &[46],
        expect![[r#"
            d10: d100, tens d10: 10 for a face showing 0 or 00
            error: die result 46 is impossible on a d10 (for d100, tens d10: 10 for a face showing 0 or 00); enter a value from 1 to 10
        "#]],
    );
    let err = Expression::parse("1d6")
        .unwrap()
        .roll(&mut ScriptedDice::new([9]))
        .unwrap_err();
    assert_eq!(
        *err.kind(),
        ErrorKind::Source(SourceError::OutOfRange {
            value: 9,
            sides: 6,
            purpose: "1d6".to_string()
        })
    );
}

#[test]
fn running_out_is_an_error_naming_the_die_needed() {
    check_requests(
        "3d6 # stealth",
        &[3, 4],
        expect![[r#"
            d6: stealth
            d6: stealth
            d6: stealth
            error: the roll needs another d6 (for stealth) but only 2 dice were supplied; supply more dice
        "#]],
    );
    check_requests(
        "1d6!",
        &[6],
        expect![[r#"
            d6: 1d6!
            d6: 1d6!, explosion
            error: the roll needs another d6 (for 1d6!, explosion) but only 1 die was supplied; supply more dice
        "#]],
    );
    let err = Expression::parse("d%")
        .unwrap()
        .roll(&mut ScriptedDice::new([5]))
        .unwrap_err();
    assert!(matches!(
        *err.kind(),
        ErrorKind::Source(SourceError::Exhausted {
            sides: 10,
            used: 1,
            ..
        })
    ));
}

#[test]
fn scripted_dice_answer_requests_directly() {
    let mut source = ScriptedDice::new([2, 5]);
    let request = DieRequest {
        sides: 8,
        purpose: "sneak attack",
        role: DieRole::Explosion,
    };
    assert_eq!(source.roll(&request), Ok(2));
    assert_eq!(
        source.roll(&DieRequest::new(4, "healing")),
        Err(SourceError::OutOfRange {
            value: 5,
            sides: 4,
            purpose: "healing".to_string()
        })
    );
    assert_eq!(
        source.requests(),
        [
            (8, "sneak attack, explosion".to_string()),
            (4, "healing".to_string())
        ]
    );
}
