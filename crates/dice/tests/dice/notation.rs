//! Every notation feature, with scripted dice forcing exact outcomes.
//!
//! Each case gives the expression, the dice the table rolls, the total, and
//! the rendered roll, which shows every die with its fate (dropped, exploded,
//! rerolled, success or fail).

use nanite_dice::{DieRole, Expression, ScriptedDice};

use super::support::roll_scripted;

/// `(expression, dice, total, rendered roll)`
type Case = (&'static str, &'static [i64], i64, &'static str);

fn check(cases: &[Case]) {
    assert!(!cases.is_empty());
    for &(text, dice, total, shown) in cases {
        let roll = roll_scripted(text, dice);
        assert_eq!(roll.total, total, "total of {text:?} with dice {dice:?}");
        assert_eq!(
            roll.to_string(),
            shown,
            "rendering of {text:?} with dice {dice:?}"
        );
        for die in &roll.dice {
            assert_eq!(
                die.kept,
                !die.dropped && !die.rerolled,
                "{text:?}: kept flag of {die:?}"
            );
            assert!(
                (1..=die.sides).contains(&die.value),
                "{text:?}: {die:?} off the die"
            );
        }
    }
}

#[test]
fn numbers_and_arithmetic() {
    check(&[
        ("7", &[], 7, "7: total 7"),
        ("1+2*3", &[], 7, "1+2*3: total 7"),
        ("(1+2)*3", &[], 9, "(1+2)*3: total 9"),
        ("10-2-3", &[], 5, "10-2-3: total 5"),
        ("2*(3+4)", &[], 14, "2*(3+4): total 14"),
        ("  12 /  4 ", &[], 3, "12 /  4: total 3"),
        ("7/2", &[], 3, "7/2: total 3"),
        // `/` rounds toward negative infinity, not toward zero.
        ("-7/2", &[], -4, "-7/2: total -4"),
        ("7/-2", &[], -4, "7/-2: total -4"),
        ("-7/-2", &[], 3, "-7/-2: total 3"),
        ("-8/2", &[], -4, "-8/2: total -4"),
        ("--3", &[], 3, "--3: total 3"),
        ("+3", &[], 3, "+3: total 3"),
        ("-(2+3)*2", &[], -10, "-(2+3)*2: total -10"),
        ("min(4, 9)", &[], 4, "min(4, 9): total 4"),
        ("max(4, 9)", &[], 9, "max(4, 9): total 9"),
        ("MAX(-4, -9)", &[], -4, "MAX(-4, -9): total -4"),
        ("min(max(1, 5), 3)", &[], 3, "min(max(1, 5), 3): total 3"),
    ]);
}

#[test]
fn dice_terms() {
    check(&[
        ("2d6", &[3, 5], 8, "2d6: 2d6 [3, 5] = 8; total 8"),
        ("d20", &[17], 17, "d20: d20 [17] = 17; total 17"),
        ("1d20+5", &[12], 17, "1d20+5: 1d20 [12] = 12; total 17"),
        ("2D6", &[3, 5], 8, "2D6: 2D6 [3, 5] = 8; total 8"),
        ("D8", &[8], 8, "D8: D8 [8] = 8; total 8"),
        ("k6", &[4], 4, "k6: k6 [4] = 4; total 4"),
        ("2k6", &[3, 5], 8, "2k6: 2k6 [3, 5] = 8; total 8"),
        ("2K6", &[1, 6], 7, "2K6: 2K6 [1, 6] = 7; total 7"),
        ("1d1", &[1], 1, "1d1: 1d1 [1] = 1; total 1"),
        ("-2d6", &[3, 4], -7, "-2d6: 2d6 [3, 4] = 7; total -7"),
        (
            "2d6-1d4",
            &[3, 4, 2],
            5,
            "2d6-1d4: 2d6 [3, 4] = 7; 1d4 [2] = 2; total 5",
        ),
        ("d10/2+1", &[7], 4, "d10/2+1: d10 [7] = 7; total 4"),
        ("d10/2+1", &[1], 1, "d10/2+1: d10 [1] = 1; total 1"),
        ("d10/2+1", &[10], 6, "d10/2+1: d10 [10] = 10; total 6"),
        ("-d10/2", &[7], -4, "-d10/2: d10 [7] = 7; total -4"),
        ("(1d4+1)*2", &[3], 8, "(1d4+1)*2: 1d4 [3] = 3; total 8"),
        ("min(d6, 3)", &[5], 3, "min(d6, 3): d6 [5] = 5; total 3"),
        ("min(d6, 3)", &[2], 2, "min(d6, 3): d6 [2] = 2; total 2"),
        ("max(d6, 3)", &[2], 3, "max(d6, 3): d6 [2] = 2; total 3"),
        ("max(d6, 3)", &[5], 5, "max(d6, 3): d6 [5] = 5; total 5"),
        (
            "max(1d20, 1d20)",
            &[4, 15],
            15,
            "max(1d20, 1d20): 1d20 [4] = 4; 1d20 [15] = 15; total 15",
        ),
        (
            "2d10 + 12",
            &[1, 2],
            15,
            "2d10 + 12: 2d10 [1, 2] = 3; total 15",
        ),
    ]);
}

#[test]
fn keep_and_drop() {
    check(&[
        (
            "4d6kh3",
            &[6, 5, 2, 3],
            14,
            "4d6kh3: 4d6kh3 [6, 5, 2 dropped, 3] = 14; total 14",
        ),
        (
            "4d6k3",
            &[3, 1, 5, 6],
            14,
            "4d6k3: 4d6k3 [3, 1 dropped, 5, 6] = 14; total 14",
        ),
        (
            "2d20kl1",
            &[17, 4],
            4,
            "2d20kl1: 2d20kl1 [17 dropped, 4] = 4; total 4",
        ),
        (
            "2d20kh1",
            &[17, 4],
            17,
            "2d20kh1: 2d20kh1 [17, 4 dropped] = 17; total 17",
        ),
        (
            "4d6dl1",
            &[3, 1, 5, 6],
            14,
            "4d6dl1: 4d6dl1 [3, 1 dropped, 5, 6] = 14; total 14",
        ),
        (
            "4d6d1",
            &[3, 1, 5, 6],
            14,
            "4d6d1: 4d6d1 [3, 1 dropped, 5, 6] = 14; total 14",
        ),
        (
            "4d6dh1",
            &[3, 1, 5, 6],
            9,
            "4d6dh1: 4d6dh1 [3, 1, 5, 6 dropped] = 9; total 9",
        ),
        (
            "4d6kl2",
            &[3, 1, 5, 6],
            4,
            "4d6kl2: 4d6kl2 [3, 1, 5 dropped, 6 dropped] = 4; total 4",
        ),
        // Among equal dice the earlier one is kept.
        (
            "2d20kh1",
            &[7, 7],
            7,
            "2d20kh1: 2d20kh1 [7, 7 dropped] = 7; total 7",
        ),
        (
            "3d6kl1",
            &[2, 5, 2],
            2,
            "3d6kl1: 3d6kl1 [2, 5 dropped, 2 dropped] = 2; total 2",
        ),
        // Keeping every die keeps every die.
        (
            "3d6kh3",
            &[2, 5, 2],
            9,
            "3d6kh3: 3d6kh3 [2, 5, 2] = 9; total 9",
        ),
        (
            "4d6kh3+2",
            &[6, 5, 2, 3],
            16,
            "4d6kh3+2: 4d6kh3 [6, 5, 2 dropped, 3] = 14; total 16",
        ),
    ]);
}

#[test]
fn explosions() {
    check(&[
        (
            "1d6!",
            &[6, 6, 2],
            14,
            "1d6!: 1d6! [6 exploded, 6 exploded, 2] = 14; total 14",
        ),
        ("1d6!", &[5], 5, "1d6!: 1d6! [5] = 5; total 5"),
        (
            "2d6!",
            &[6, 1, 4],
            11,
            "2d6!: 2d6! [6 exploded, 1, 4] = 11; total 11",
        ),
        (
            "1d10!>=9",
            &[9, 10, 3],
            22,
            "1d10!>=9: 1d10!>=9 [9 exploded, 10 exploded, 3] = 22; total 22",
        ),
        ("1d10!>=9", &[8], 8, "1d10!>=9: 1d10!>=9 [8] = 8; total 8"),
        (
            "1d10!>8",
            &[9, 8],
            17,
            "1d10!>8: 1d10!>8 [9 exploded, 8] = 17; total 17",
        ),
        (
            "1d6!=1",
            &[1, 1, 6],
            8,
            "1d6!=1: 1d6!=1 [1 exploded, 1 exploded, 6] = 8; total 8",
        ),
        (
            "1d6!1",
            &[1, 2],
            3,
            "1d6!1: 1d6!1 [1 exploded, 2] = 3; total 3",
        ),
        (
            "1d6!!",
            &[6, 6, 2],
            14,
            "1d6!!: 1d6!! [6 exploded, 6 exploded, 2] = 14; total 14",
        ),
        // `!!` adds the chain into one die, which is kept or dropped whole...
        (
            "2d6!!kh1",
            &[6, 5, 3],
            11,
            "2d6!!kh1: 2d6!!kh1 [6 exploded, 5, 3 dropped] = 11; total 11",
        ),
        (
            "2d6!!kl1",
            &[6, 5, 3],
            3,
            "2d6!!kl1: 2d6!!kl1 [6 dropped exploded, 5 dropped, 3] = 3; total 3",
        ),
        // ... while with `!` every die of the chain stands on its own.
        (
            "2d6!kh1",
            &[6, 5, 3],
            6,
            "2d6!kh1: 2d6!kh1 [6 exploded, 5 dropped, 3 dropped] = 6; total 6",
        ),
        (
            "2d6!kl1",
            &[6, 5, 3],
            3,
            "2d6!kl1: 2d6!kl1 [6 dropped exploded, 5 dropped, 3] = 3; total 3",
        ),
        // `!!` counts the chain as one success (11 >= 8); `!` counts each die.
        (
            "1d6!!=6>=8",
            &[6, 5],
            1,
            "1d6!!=6>=8: 1d6!!=6>=8 [6 exploded success, 5 success] = 1; total 1",
        ),
        (
            "1d6!=6>=8",
            &[6, 5],
            0,
            "1d6!=6>=8: 1d6!=6>=8 [6 exploded fail, 5 fail] = 0; total 0",
        ),
        (
            "1d6!>=5",
            &[6, 5, 2],
            13,
            "1d6!>=5: 1d6!>=5 [6 exploded, 5 exploded, 2] = 13; total 13",
        ),
        (
            "2d10!>=9>=7",
            &[9, 4, 8],
            2,
            "2d10!>=9>=7: 2d10!>=9>=7 [9 exploded success, 4 fail, 8 success] = 2; total 2",
        ),
    ]);
}

#[test]
fn explosion_chain_stops_at_the_cap() {
    // rule: limits — an explosion chain is capped at 100 extra dice; the last
    // die stands even though it shows the exploding face.
    let dice = vec![6; 101];
    let roll = roll_scripted("1d6!", &dice);
    assert_eq!(roll.total, 606);
    assert_eq!(roll.dice.len(), 101);
    assert!(roll.dice[..100].iter().all(|d| d.exploded));
    assert!(!roll.dice[100].exploded);
    assert!(roll.dice[1..].iter().all(|d| d.role == DieRole::Explosion));
    assert_eq!(roll.dice[0].role, DieRole::Normal);
}

#[test]
fn rerolls() {
    check(&[
        (
            "1d6r1",
            &[1, 1, 4],
            4,
            "1d6r1: 1d6r1 [1 rerolled, 1 rerolled, 4] = 4; total 4",
        ),
        ("1d6r1", &[2], 2, "1d6r1: 1d6r1 [2] = 2; total 2"),
        (
            "1d6ro<3",
            &[1, 2],
            2,
            "1d6ro<3: 1d6ro<3 [1 rerolled, 2] = 2; total 2",
        ),
        (
            "2d6ro1",
            &[1, 1, 3],
            4,
            "2d6ro1: 2d6ro1 [1 rerolled, 1, 3] = 4; total 4",
        ),
        (
            "1d6r<=2",
            &[2, 1, 3],
            3,
            "1d6r<=2: 1d6r<=2 [2 rerolled, 1 rerolled, 3] = 3; total 3",
        ),
        (
            "1d20r=20",
            &[20, 5],
            5,
            "1d20r=20: 1d20r=20 [20 rerolled, 5] = 5; total 5",
        ),
        (
            "1d6r>4",
            &[6, 4],
            4,
            "1d6r>4: 1d6r>4 [6 rerolled, 4] = 4; total 4",
        ),
        // `ro` may reroll every face: it stops after one reroll anyway.
        (
            "1d6ro<7",
            &[3, 3],
            3,
            "1d6ro<7: 1d6ro<7 [3 rerolled, 3] = 3; total 3",
        ),
        // Rerolls come before keep/drop: a rerolled die never counts...
        (
            "4d6r1kh3",
            &[1, 5, 2, 3, 6],
            14,
            "4d6r1kh3: 4d6r1kh3 [1 rerolled, 5, 2 dropped, 3, 6] = 14; total 14",
        ),
        // ... and the die that replaced it can itself be dropped.
        (
            "4d6kh3r1",
            &[1, 2, 5, 6, 6],
            17,
            "4d6kh3r1: 4d6kh3r1 [1 rerolled, 2 dropped, 5, 6, 6] = 17; total 17",
        ),
        (
            "2d6r1dl1",
            &[1, 1, 3, 4],
            4,
            "2d6r1dl1: 2d6r1dl1 [1 rerolled, 1 rerolled, 3 dropped, 4] = 4; total 4",
        ),
        // Explosion dice are rerolled too.
        (
            "1d6!r1",
            &[6, 1, 2],
            8,
            "1d6!r1: 1d6!r1 [6 exploded, 1 rerolled, 2] = 8; total 8",
        ),
        // A rerolled die is neither a success nor a fail.
        (
            "2d10r1>=7",
            &[1, 8, 2],
            1,
            "2d10r1>=7: 2d10r1>=7 [1 rerolled, 8 success, 2 fail] = 1; total 1",
        ),
    ]);
}

#[test]
fn reroll_chain_stops_at_the_cap() {
    // rule: limits — a die is rerolled at most 100 times; the last roll stands.
    let dice = vec![1; 101];
    let roll = roll_scripted("1d6r1", &dice);
    assert_eq!(roll.total, 1);
    assert_eq!(roll.dice.len(), 101);
    assert!(roll.dice[..100].iter().all(|d| d.rerolled && !d.kept));
    assert!(roll.dice[100].kept && !roll.dice[100].rerolled);
}

#[test]
fn success_counting() {
    check(&[
        (
            "6d10>=7",
            &[7, 3, 10, 6, 8, 1],
            3,
            "6d10>=7: 6d10>=7 [7 success, 3 fail, 10 success, 6 fail, 8 success, 1 fail] = 3; total 3",
        ),
        (
            "3d6>4",
            &[4, 5, 6],
            2,
            "3d6>4: 3d6>4 [4 fail, 5 success, 6 success] = 2; total 2",
        ),
        (
            "3d6<3",
            &[2, 3, 1],
            2,
            "3d6<3: 3d6<3 [2 success, 3 fail, 1 success] = 2; total 2",
        ),
        (
            "3d6<=3",
            &[2, 3, 4],
            2,
            "3d6<=3: 3d6<=3 [2 success, 3 success, 4 fail] = 2; total 2",
        ),
        (
            "3d6=6",
            &[6, 3, 6],
            2,
            "3d6=6: 3d6=6 [6 success, 3 fail, 6 success] = 2; total 2",
        ),
        (
            "2d10>=11",
            &[10, 10],
            0,
            "2d10>=11: 2d10>=11 [10 fail, 10 fail] = 0; total 0",
        ),
        // Only kept dice are counted.
        (
            "3d10kh2>=5",
            &[9, 2, 5],
            2,
            "3d10kh2>=5: 3d10kh2>=5 [9 success, 2 dropped, 5 success] = 2; total 2",
        ),
        (
            "6d10>=7+1",
            &[7, 3, 10, 6, 8, 1],
            4,
            "6d10>=7+1: 6d10>=7 [7 success, 3 fail, 10 success, 6 fail, 8 success, 1 fail] = 3; total 4",
        ),
    ]);
}

#[test]
fn percentile_dice_are_two_d10() {
    // rule: CX-DICE-01 — d% and d100 are a tens d10 and a ones d10, both
    // shown; a tens face of 0 (entered as 10) and a ones face of 0 make 100.
    check(&[
        ("d%", &[10, 10], 100, "d%: d% [100 (00+0)] = 100; total 100"),
        ("d%", &[4, 6], 46, "d%: d% [46 (40+6)] = 46; total 46"),
        (
            "d100",
            &[10, 10],
            100,
            "d100: d100 [100 (00+0)] = 100; total 100",
        ),
        ("d100", &[4, 6], 46, "d100: d100 [46 (40+6)] = 46; total 46"),
        ("1d100", &[10, 5], 5, "1d100: 1d100 [5 (00+5)] = 5; total 5"),
        ("d%", &[9, 10], 90, "d%: d% [90 (90+0)] = 90; total 90"),
        ("D%", &[1, 1], 11, "D%: D% [11 (10+1)] = 11; total 11"),
        (
            "2d%",
            &[1, 10, 10, 1],
            11,
            "2d%: 2d% [10 (10+0), 1 (00+1)] = 11; total 11",
        ),
        (
            "1d100+16",
            &[3, 2],
            48,
            "1d100+16: 1d100 [32 (30+2)] = 32; total 48",
        ),
        (
            "2d%kh1",
            &[2, 5, 7, 1],
            71,
            "2d%kh1: 2d%kh1 [25 (20+5) dropped, 71 (70+1)] = 71; total 71",
        ),
        (
            "d%>=50",
            &[5, 10],
            1,
            "d%>=50: d%>=50 [50 (50+0) success] = 1; total 1",
        ),
        (
            "d%!",
            &[10, 10, 1, 2],
            112,
            "d%!: d%! [100 (00+0) exploded, 12 (10+2)] = 112; total 112",
        ),
    ]);
}

#[test]
fn percentile_die_records_tens_and_ones() {
    // rule: CX-DICE-01
    let roll = roll_scripted("d100", &[10, 10]);
    let die = roll.dice[0];
    assert_eq!(
        (die.sides, die.value, die.tens, die.ones),
        (100, 100, Some(0), Some(0))
    );
    let roll = roll_scripted("d%", &[4, 6]);
    let die = roll.dice[0];
    assert_eq!(
        (die.sides, die.value, die.tens, die.ones),
        (100, 46, Some(40), Some(6))
    );
    assert_eq!(roll.dice.len(), 1, "the two d10 make one die");
    // An ordinary die has neither.
    let roll = roll_scripted("d6", &[4]);
    assert_eq!((roll.dice[0].tens, roll.dice[0].ones), (None, None));
}

#[test]
fn percentile_dice_count_double_against_the_dice_limit() {
    // rule: CX-DICE-01
    assert_eq!(Expression::parse("d%").unwrap().base_dice(), 2);
    assert_eq!(Expression::parse("3d100+1d6").unwrap().base_dice(), 7);
    assert!(Expression::parse("5000d%").is_ok());
    assert!(Expression::parse("5001d%").is_err());
}

#[test]
fn labels_are_kept() {
    check(&[
        (
            "2d10+12 # strength",
            &[4, 9],
            25,
            "2d10+12 # strength: 2d10 [4, 9] = 13; total 25",
        ),
        (
            "2d10+12#strength",
            &[4, 9],
            25,
            "2d10+12 # strength: 2d10 [4, 9] = 13; total 25",
        ),
        ("1d6 # ", &[3], 3, "1d6: 1d6 [3] = 3; total 3"),
        (
            "1d6 # fire # cold",
            &[3],
            3,
            "1d6 # fire # cold: 1d6 [3] = 3; total 3",
        ),
    ]);
    let expr = Expression::parse("2d10+12 # strength").unwrap();
    assert_eq!(expr.label(), Some("strength"));
    assert_eq!(expr.text(), "2d10+12");
    assert_eq!(expr.to_string(), "2d10+12 # strength");
    let roll = roll_scripted("2d10+12 # strength", &[4, 9]);
    assert_eq!(roll.label.as_deref(), Some("strength"));
    assert_eq!(roll.expression, "2d10+12");
    assert_eq!(Expression::parse("2d10+12").unwrap().label(), None);
}

#[test]
fn terms_record_their_text_column_and_modifiers() {
    let expr = Expression::parse("1 + 4d6kh3 - d%").unwrap();
    let terms = expr.terms();
    assert_eq!(terms.len(), 2);
    assert_eq!(
        (
            expr.term_text(&terms[0]),
            terms[0].column,
            terms[0].count,
            terms[0].sides
        ),
        ("4d6kh3", 5, 4, 6)
    );
    assert!(!terms[0].percentile && terms[0].keep.is_some());
    assert_eq!(
        (
            expr.term_text(&terms[1]),
            terms[1].column,
            terms[1].count,
            terms[1].sides
        ),
        ("d%", 14, 1, 100)
    );
    assert!(terms[1].percentile);
    let roll = roll_scripted("1 + 4d6kh3 - d%", &[6, 5, 2, 3, 1, 2]);
    assert_eq!(roll.total, 1 + 14 - 12);
    assert_eq!(
        roll.terms
            .iter()
            .map(|t| (t.text.as_str(), t.value))
            .collect::<Vec<_>>(),
        [("4d6kh3", 14), ("d%", 12)]
    );
    assert_eq!(
        roll.dice.iter().map(|d| d.term).collect::<Vec<_>>(),
        [0, 0, 0, 0, 1]
    );
}

#[test]
fn variables_bound_by_the_caller() {
    let vars = [("FORT", 7)];
    let expr = Expression::parse("100 + 10 * (FORT - 5)").unwrap();
    assert_eq!(expr.variables(), ["FORT"]);
    assert_eq!(expr.evaluate(&vars).unwrap(), 120);
    let mut src = ScriptedDice::new([]);
    let roll = expr.roll_with(&vars, &mut src).unwrap();
    assert_eq!(roll.total, 120);
    assert!(roll.dice.is_empty() && src.requests().is_empty());

    let expr = Expression::parse("d20 + LEVEL + FORT - LEVEL / 2").unwrap();
    assert_eq!(expr.variables(), ["LEVEL", "FORT"]);
    let vars = [("LEVEL", 5), ("FORT", 3)];
    let mut src = ScriptedDice::new([12]);
    assert_eq!(
        expr.roll_with(&vars, &mut src).unwrap().total,
        12 + 5 + 3 - 2
    );

    let map: std::collections::HashMap<String, i64> =
        [("STR".to_string(), -2)].into_iter().collect();
    assert_eq!(
        Expression::parse("STR * 3")
            .unwrap()
            .evaluate(&map)
            .unwrap(),
        -6
    );
    let map: std::collections::BTreeMap<String, i64> =
        [("dex".to_string(), 4)].into_iter().collect();
    assert_eq!(
        Expression::parse("dex+1").unwrap().evaluate(&map).unwrap(),
        5
    );
    // Names are case-sensitive.
    assert!(
        Expression::parse("fort")
            .unwrap()
            .evaluate(&[("FORT", 1)])
            .is_err()
    );
}

#[test]
fn every_die_is_recorded_with_its_fate() {
    // A reroll, an explosion, a dropped die and a percentile die, as JSON.
    let roll = roll_scripted("3d6r1!kh2 + d% # strength", &[1, 6, 2, 3, 4, 4, 6]);
    assert_eq!(roll.total, 6 + 4 + 46);
    let json = serde_json::to_string_pretty(&roll).unwrap();
    expect_test::expect![[r#"
        {
          "expression": "3d6r1!kh2 + d%",
          "label": "strength",
          "total": 56,
          "terms": [
            {
              "text": "3d6r1!kh2",
              "value": 10
            },
            {
              "text": "d%",
              "value": 46
            }
          ],
          "dice": [
            {
              "term": 0,
              "sides": 6,
              "value": 1,
              "role": "normal",
              "kept": false,
              "dropped": false,
              "exploded": false,
              "rerolled": true
            },
            {
              "term": 0,
              "sides": 6,
              "value": 6,
              "role": "reroll",
              "kept": true,
              "dropped": false,
              "exploded": true,
              "rerolled": false
            },
            {
              "term": 0,
              "sides": 6,
              "value": 2,
              "role": "explosion",
              "kept": false,
              "dropped": true,
              "exploded": false,
              "rerolled": false
            },
            {
              "term": 0,
              "sides": 6,
              "value": 3,
              "role": "normal",
              "kept": false,
              "dropped": true,
              "exploded": false,
              "rerolled": false
            },
            {
              "term": 0,
              "sides": 6,
              "value": 4,
              "role": "normal",
              "kept": true,
              "dropped": false,
              "exploded": false,
              "rerolled": false
            },
            {
              "term": 1,
              "sides": 100,
              "value": 46,
              "tens": 40,
              "ones": 6,
              "role": "normal",
              "kept": true,
              "dropped": false,
              "exploded": false,
              "rerolled": false
            }
          ]
        }"#]]
    .assert_eq(&json);
}
