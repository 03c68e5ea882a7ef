//! Error messages, as snapshots: parse errors with their column and what was
//! expected, every limit named, and hostile input turned away quickly.

use expect_test::{Expect, expect};
use nanite_dice::{ErrorKind, Expression, ScriptedDice, SeededDice, limits};

use super::support::error_of;

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&error_of(text));
}

/// Checks the error is a [`ErrorKind::Limit`] whose message names the
/// limit's value.
fn check_limit(text: &str, value: impl ToString, expect: Expect) {
    let err = match Expression::parse(text) {
        Err(e) => e,
        Ok(expr) => expr
            .roll(&mut SeededDice::new(1))
            .expect_err("over a limit"),
    };
    assert!(
        matches!(*err.kind(), ErrorKind::Limit { .. }),
        "{text:?}: {err:?} is not a limit"
    );
    let message = err.to_string();
    let value = value.to_string();
    let grouped = group_thousands(&value);
    assert!(
        message.contains(&value) || message.contains(&grouped),
        "{message:?} does not name the limit {value}"
    );
    expect.assert_eq(&message);
}

fn group_thousands(digits: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn parse_errors_give_column_and_expectation() {
    check(
        "2d",
        expect!["expected the number of sides after 'd' at column 3, found end of input"],
    );
    check(
        "1d10+",
        expect![
            "expected a number, dice (like 2d6), a variable, '(' or min/max at column 6, found end of input"
        ],
    );
    check(
        "(1+2",
        expect!["expected ')' to close the '(' of column 1 at column 5, found end of input"],
    );
    check(
        "2d6kh",
        expect!["expected how many dice to keep or drop, like kh3 at column 6, found end of input"],
    );
    check(
        "foo(1,2)",
        expect!["unknown function foo; the functions are min(a, b) and max(a, b) (column 1)"],
    );
    check(
        "1d6 1",
        expect!["expected an operator (+ - * /) or '#' before a label at column 5, found '1'"],
    );
    check(
        "3d6kh4",
        expect![
            "3d6kh4 keeps 4 of 3 dice; keep at least one die and no more than are rolled (column 1)"
        ],
    );
    check(
        "d6r<7",
        expect![
            "d6r<7 rerolls every face of a d6, so it would never stop; reroll fewer faces or use 'ro' (column 1)"
        ],
    );
    check(
        "1d1!",
        expect![
            "1d1! explodes on every face of a d1, so it would never stop; explode on fewer faces (column 1)"
        ],
    );
    check(
        "d0",
        expect!["a die needs at least one side; d0 has none (column 1)"],
    );
    check(
        "0d6",
        expect![
            "a dice term needs at least one die (0 dice roll nothing); write 1d6 or drop the term (column 1)"
        ],
    );
    check(
        "",
        expect![
            "expected a number, dice (like 2d6), a variable, '(' or min/max at column 1, found end of input"
        ],
    );
    check(
        "   ",
        expect![
            "expected a number, dice (like 2d6), a variable, '(' or min/max at column 4, found end of input"
        ],
    );
    check(
        "# just a label",
        expect![
            "expected a number, dice (like 2d6), a variable, '(' or min/max at column 1, found end of input"
        ],
    );
    check(
        "2d6)",
        expect!["expected an operator (+ - * /) or '#' before a label at column 4, found ')'"],
    );
    check(
        "2d6 kh3",
        expect!["expected an operator (+ - * /) or '#' before a label at column 5, found 'k'"],
    );
    check(
        "1d6!!!",
        expect!["the dice term already has an explosion; give each modifier once (column 6)"],
    );
    check(
        "1d6r",
        expect!["expected which values to reroll, like r1 or r<3 at column 5, found end of input"],
    );
    check(
        "1d6r1r2",
        expect!["the dice term already has a reroll; give each modifier once (column 6)"],
    );
    check(
        "4d6kh3kl1",
        expect!["the dice term already has a keep or drop; give each modifier once (column 7)"],
    );
    check(
        "4d6dl4",
        expect![
            "4d6dl4 drops 4 of 4 dice; keep at least one die and no more than are rolled (column 1)"
        ],
    );
    check(
        "4d6kh0",
        expect![
            "4d6kh0 keeps 0 of 4 dice; keep at least one die and no more than are rolled (column 1)"
        ],
    );
    check(
        "1d6>=",
        expect!["expected a number to compare with at column 6, found end of input"],
    );
    check(
        "1d6!>0",
        expect![
            "1d6!>0 explodes on every face of a d6, so it would never stop; explode on fewer faces (column 1)"
        ],
    );
    check(
        "1d6!<=6",
        expect![
            "1d6!<=6 explodes on every face of a d6, so it would never stop; explode on fewer faces (column 1)"
        ],
    );
    check(
        "min(1)",
        expect!["expected ',' between the two arguments at column 6, found ')'"],
    );
    check(
        "max(1,2",
        expect!["expected ')' after the two arguments at column 8, found end of input"],
    );
    check(
        "min 1, 2",
        expect!["expected an operator (+ - * /) or '#' before a label at column 5, found '1'"],
    );
    check(
        "2d%%",
        expect!["expected an operator (+ - * /) or '#' before a label at column 4, found '%'"],
    );
    check(
        "1 + * 2",
        expect![
            "expected a number, dice (like 2d6), a variable, '(' or min/max at column 5, found '*'"
        ],
    );
    check(
        "1d6 + ×",
        expect![
            "expected a number, dice (like 2d6), a variable, '(' or min/max at column 7, found '×'"
        ],
    );
    check(
        "dé6",
        expect!["expected an operator (+ - * /) or '#' before a label at column 2, found 'é'"],
    );
    check(
        "99999999999999999999",
        expect![
            "the number 99999999999999999999 is too large; the largest is 9223372036854775807 (column 1)"
        ],
    );
}

#[test]
fn evaluation_errors() {
    check("1/0", expect!["division by zero at column 2"]);
    check("d6/(1-1)", expect!["division by zero at column 3"]);
    check(
        "9223372036854775807+1",
        expect!["the result at column 20 does not fit in a 64-bit integer"],
    );
    check(
        "-9223372036854775807-2",
        expect!["the result at column 21 does not fit in a 64-bit integer"],
    );
    check(
        "3037000500*3037000500",
        expect!["the result at column 11 does not fit in a 64-bit integer"],
    );
    check(
        "FORT - 5",
        expect!["variable FORT has no value; bind FORT before evaluating the formula"],
    );
    let err = Expression::parse("100 + 10 * (FORT - 5)")
        .unwrap()
        .evaluate(&())
        .unwrap_err();
    assert_eq!(
        *err.kind(),
        ErrorKind::UnboundVariable {
            name: "FORT".to_string()
        }
    );
    expect!["variable FORT has no value; bind FORT before evaluating the formula"]
        .assert_eq(&err.to_string());
    let err = Expression::parse("FORT + STR")
        .unwrap()
        .evaluate(&[("FORT", 1)])
        .unwrap_err();
    assert_eq!(
        *err.kind(),
        ErrorKind::UnboundVariable {
            name: "STR".to_string()
        }
    );
    let err = Expression::parse("2d6 + FORT")
        .unwrap()
        .evaluate(&[("FORT", 1)])
        .unwrap_err();
    expect!["2d6 + FORT rolls dice, but a fixed value is needed here; roll it instead (column 1)"]
        .assert_eq(&err.to_string());
}

#[test]
fn every_limit_is_named() {
    let longest = format!(" 1{}", "+1".repeat((limits::MAX_EXPRESSION_CHARS - 2) / 2));
    assert_eq!(longest.len(), limits::MAX_EXPRESSION_CHARS);
    assert_eq!(
        Expression::parse(&longest).unwrap().evaluate(&()).unwrap(),
        500
    );
    let too_long = format!("{longest}+1");
    check_limit(
        &too_long,
        limits::MAX_EXPRESSION_CHARS,
        expect![
            "the expression is 1002 characters long: over the limit of 1000 characters per expression"
        ],
    );
    // Characters, not bytes: 1,000 two-byte characters in a label are fine.
    let label = format!("1 #{}", "é".repeat(limits::MAX_EXPRESSION_CHARS - 3));
    assert_eq!(Expression::parse(&label).unwrap().evaluate(&()).unwrap(), 1);
    check_limit(
        &format!("{label}é"),
        limits::MAX_EXPRESSION_CHARS,
        expect![
            "the expression is 1001 characters long: over the limit of 1000 characters per expression"
        ],
    );

    assert!(Expression::parse("10000d6").is_ok());
    check_limit(
        "10001d6",
        limits::MAX_DICE,
        expect![
            "the expression rolls 10001 dice at column 1: over the limit of 10000 dice per evaluation"
        ],
    );
    check_limit(
        "5000d6 + 5001d6",
        limits::MAX_DICE,
        expect!["the expression rolls 10001 dice: over the limit of 10000 dice per evaluation"],
    );
    check_limit(
        "5001d%",
        limits::MAX_DICE,
        expect!["the expression rolls 10002 dice: over the limit of 10000 dice per evaluation"],
    );

    assert!(Expression::parse("d1000000").is_ok());
    check_limit(
        "d1000001",
        limits::MAX_SIDES,
        expect!["a die at column 2 has 1000001 sides: over the limit of 1000000 sides per die"],
    );
    check_limit(
        "2d99999999999999999999999",
        limits::MAX_SIDES,
        expect![
            "a die at column 3 has 99999999999999999999999 sides: over the limit of 1000000 sides per die"
        ],
    );

    let deepest = format!(
        "{}1{}",
        "(".repeat(limits::MAX_DEPTH as usize),
        ")".repeat(limits::MAX_DEPTH as usize)
    );
    assert_eq!(
        Expression::parse(&deepest).unwrap().evaluate(&()).unwrap(),
        1
    );
    let deeper = format!("({deepest})");
    check_limit(
        &deeper,
        limits::MAX_DEPTH,
        expect!["the expression nests deeper at column 65: over the limit of 64 levels of nesting"],
    );
    check_limit(
        &"-".repeat(100),
        limits::MAX_DEPTH,
        expect!["the expression nests deeper at column 65: over the limit of 64 levels of nesting"],
    );
    check_limit(
        &"min(1,".repeat(100),
        limits::MAX_DEPTH,
        expect![
            "the expression nests deeper at column 388: over the limit of 64 levels of nesting"
        ],
    );
}

#[test]
fn dice_limit_counts_explosions_and_rerolls() {
    // 10,000 dice is the limit; the first die explodes, so a 10,001st is needed.
    let mut script = vec![1; 10_000];
    script[0] = 6;
    let expr = Expression::parse("10000d6!").unwrap();
    let err = expr
        .roll(&mut ScriptedDice::new(script.clone()))
        .unwrap_err();
    assert!(matches!(*err.kind(), ErrorKind::Limit { .. }));
    expect!["the roll needed more dice once explosions and rerolls were counted: over the limit of 10000 dice per evaluation"].assert_eq(&err.to_string());
    script[0] = 1;
    let err = Expression::parse("10000d6r1")
        .unwrap()
        .roll(&mut ScriptedDice::new(script.clone()))
        .unwrap_err();
    assert!(err.to_string().contains("10000 dice"), "{err}");
    // Without the explosion the same dice are fine.
    script[0] = 5;
    assert_eq!(
        expr.roll(&mut ScriptedDice::new(script)).unwrap().total,
        5 + 9_999
    );
    // With seeded dice a long explosive roll is cut off rather than left to run.
    let err = Expression::parse("5000d2!")
        .unwrap()
        .roll(&mut SeededDice::new(3))
        .unwrap_err();
    assert!(matches!(*err.kind(), ErrorKind::Limit { .. }), "{err}");
}

/// Hostile input: each is rejected with a readable error.
#[test]
fn hostile_input_is_harmless() {
    let cases: Vec<(String, Expect)> = vec![
        (
            "999999999999999999d6".to_string(),
            expect![
                "the expression rolls 999999999999999999 dice at column 1: over the limit of 10000 dice per evaluation"
            ],
        ),
        (
            "99999999999999999999999999d6".to_string(),
            expect![
                "the expression rolls 99999999999999999999999999 dice at column 1: over the limit of 10000 dice per evaluation"
            ],
        ),
        (
            "1d1!".to_string(),
            expect![
                "1d1! explodes on every face of a d1, so it would never stop; explode on fewer faces (column 1)"
            ],
        ),
        (
            "d0".to_string(),
            expect!["a die needs at least one side; d0 has none (column 1)"],
        ),
        (
            "0d6".to_string(),
            expect![
                "a dice term needs at least one die (0 dice roll nothing); write 1d6 or drop the term (column 1)"
            ],
        ),
        (
            "2d".to_string(),
            expect!["expected the number of sides after 'd' at column 3, found end of input"],
        ),
        (
            "1d10+".to_string(),
            expect![
                "expected a number, dice (like 2d6), a variable, '(' or min/max at column 6, found end of input"
            ],
        ),
        (
            "(".repeat(10_000),
            expect![
                "the expression is 10000 characters long: over the limit of 1000 characters per expression"
            ],
        ),
        (
            "(".repeat(500),
            expect![
                "the expression nests deeper at column 65: over the limit of 64 levels of nesting"
            ],
        ),
        (
            "1".repeat(5 * 1024 * 1024),
            expect![
                "the expression is 5242880 characters long: over the limit of 1000 characters per expression"
            ],
        ),
        (
            "\0\u{7f}\u{202e}".to_string(),
            expect![[
                r#"expected a number, dice (like 2d6), a variable, '(' or min/max at column 1, found '\0'"#
            ]],
        ),
    ];
    for (text, expect) in cases {
        expect.assert_eq(&error_of(&text));
    }
}
