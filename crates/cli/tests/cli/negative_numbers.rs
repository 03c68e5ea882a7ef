//! Negative numbers and expressions that start with '-' as arguments, where
//! a user types them: `--dc -5`, `nanite roll -d6+10`, `--dist -d6+10`;
//! and flags stay flags wherever they stand.

use super::*;

fn example(ruleset: &str, name: &str) -> String {
    format!(
        "{}/../../examples/{ruleset}/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn an_expression_may_start_with_a_minus_before_or_after_the_flags() {
    // input: `nanite roll -d6+10` needed `--` before the expression.
    let with_dashes = succeeds(&["roll", "--seed", "3", "--", "-d6+10", "-3", "2d6"]);
    expect![[r#"
        -d6+10: d6 [1] = 1; total 9
        -3: total -3
        2d6: 2d6 [4, 4] = 8; total 8
    "#]]
    .assert_eq(&with_dashes);
    for args in [
        &["roll", "--seed", "3", "-d6+10", "-3", "2d6"][..],
        &["roll", "-d6+10", "-3", "2d6", "--seed", "3"],
        &["roll", "-d6+10", "--seed=3", "-3", "2d6"],
        &["roll", "-d6+10", "--seed", "3", "-3", "--", "2d6"],
    ] {
        assert_eq!(succeeds(args), with_dashes, "nanite {args:?}");
    }
}

#[test]
fn odds_of_an_expression_that_starts_with_a_minus() {
    // input: `nanite roll --dist "-d6+10"` read the expression as a flag.
    let dist = succeeds(&["roll", "--dist", "--", "-d6+10"]);
    assert!(
        dist.starts_with("-d6+10\nmean 6.5000, sd 1.7078, min 4, max 9\n"),
        "{dist}"
    );
    for args in [
        &["roll", "--dist", "-d6+10"][..],
        &["roll", "-d6+10", "--dist"],
    ] {
        assert_eq!(succeeds(args), dist, "nanite {args:?}");
    }
    let json = json(&["roll", "-d6+10", "--json", "--dist"]);
    assert_eq!(json["expression"], "-d6+10", "{json}");
}

#[test]
fn flags_stay_flags_among_expressions() {
    // input: a flag after an expression, a mistyped flag, a short flag.
    let help = succeeds(&["roll", "-d6", "-h"]);
    assert!(
        help.contains("Usage: nanite roll [OPTIONS] <EXPR>..."),
        "{help}"
    );
    let typo = fails(&["roll", "-d6", "--dits"]);
    assert!(typo.contains("unexpected argument '--dits'"), "{typo}");
    // --seed's value is its own, not an expression, even when it is missing.
    let missing = fails(&["roll", "-d6", "--seed"]);
    assert!(
        missing.contains("a value is required for '--seed <N>'"),
        "{missing}"
    );
    let conflict = fails(&["roll", "--seed", "1", "-d6", "--dist"]);
    assert!(conflict.contains("cannot be used with"), "{conflict}");
}

#[test]
fn a_negative_difficulty_is_a_number() {
    // rule: D20-CHK-01
    // input: `nanite d20 check ... --dc -5` was refused; only `--dc=-5` worked.
    let kara = example("d20", "kara");
    let check = |dc: &[&str]| {
        let mut args = vec!["d20", "check", &kara, "melee-fighting", "--dice", "1"];
        args.extend(dc);
        succeeds(&args)
    };
    let spaced = check(&["--dc", "-5"]);
    assert_eq!(spaced, check(&["--dc=-5"]));
    assert!(
        spaced.starts_with("Kara Voss: Melee Fighting (STR) check against DC -5\n"),
        "{spaced}"
    );
    // A flag in the place of the number is still a flag, and the number missing.
    let err = fails(&["d20", "check", &kara, "melee-fighting", "--dc", "--json"]);
    assert!(err.contains("a value is required for '--dc <N>'"), "{err}");
}

#[test]
fn negative_numbers_reach_the_checks_that_refuse_them() {
    // input: a negative number given where only positive ones make sense is
    // read as the number and refused by the check that explains the range.
    let kara = example("d20", "kara");
    let vex = example("compound-x", "vex");
    let raider = example("compound-x", "raider");
    for (args, says) in [
        (
            vec!["d20", "check", &kara, "melee-fighting", "--threshold", "-5"],
            "the threshold -5 is out of range: from 1 to 100000",
        ),
        (
            vec![
                "d20",
                "check",
                &kara,
                "melee-fighting",
                "--threshold",
                "20",
                "--every",
                "-5",
            ],
            "the minutes per check -5 is out of range: from 0 to 10080",
        ),
        (
            vec!["cx", "odds", &vex, "--target", &raider, "--distance", "-5"],
            "distance -5 m is out of bounds: give 0 to 100000 metres",
        ),
    ] {
        let err = fails(&args);
        assert!(err.contains(says), "nanite {args:?}: {err}");
    }
}
