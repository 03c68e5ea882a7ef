//! The random sources behind a roll: seeded, operating-system entropy and
//! dice asked for one at a time.

use std::collections::BTreeSet;

use expect_test::expect;
use nanite_dice::{
    AskedDice, DieRole, EntropyDice, Expression, Roller, SeededDice, SourceError, describe,
};

#[test]
fn seeded_dice_reproduce_and_differ_by_seed() {
    let expr = Expression::parse("10d20!kh5 + d% # audit").unwrap();
    let mut dice = SeededDice::new(2024);
    assert_eq!(dice.seed(), 2024);
    let first = expr.roll(&mut dice).unwrap();
    let again = expr.roll(&mut SeededDice::new(2024)).unwrap();
    assert_eq!(first, again);
    // The source moves on: the next roll from the same dice is another roll.
    let next = expr.roll(&mut dice).unwrap();
    assert_ne!(first.dice, next.dice);
    let totals: BTreeSet<i64> = (0..20)
        .map(|seed| expr.roll(&mut SeededDice::new(seed)).unwrap().total)
        .collect();
    assert!(totals.len() > 5, "20 seeds gave only {totals:?}");
}

#[test]
fn seeded_dice_are_stable_across_versions() {
    // A revealed seed must replay the same dice forever. These rolls were
    // made by the first version of the roller (commit d44d438); every later
    // version, however optimised, must make the same ones.
    let mut out = String::new();
    for text in [
        "4d6kh3 + d% + 1d1000000",
        "10d20!kh5 + d% # audit",
        "2d10+12",
        "d10/2+1",
        "6d10>=7",
        "3d6!!",
        "2d6ro<3 + 1d6r1",
        "min(d20, d20) + 5",
        "8d10!>=9>=7",
        "1d100+16",
    ] {
        let expr = Expression::parse(text).unwrap();
        for seed in [42u64, 2024] {
            let roll = expr.roll(&mut SeededDice::new(seed)).unwrap();
            out.push_str(&format!("{seed:>4} {roll}\n"));
        }
    }
    expect![[r#"
          42 4d6kh3 + d% + 1d1000000: 4d6kh3 [2, 5, 1 dropped, 6] = 13; d% [85 (80+5)] = 85; 1d1000000 [344092] = 344092; total 344190
        2024 4d6kh3 + d% + 1d1000000: 4d6kh3 [5, 2 dropped, 6, 6] = 17; d% [77 (70+7)] = 77; 1d1000000 [400789] = 400789; total 400883
          42 10d20!kh5 + d% # audit: 10d20!kh5 [5 dropped, 14, 3 dropped, 20 exploded, 16, 9 dropped, 7 dropped, 13, 15, 6 dropped, 13 dropped] = 78; d% [24 (20+4)] = 24; total 102
        2024 10d20!kh5 + d% # audit: 10d20!kh5 [16, 4 dropped, 20 exploded, 20 exploded, 14, 14 dropped, 9 dropped, 19, 7 dropped, 14 dropped, 4 dropped, 10 dropped] = 89; d% [91 (90+1)] = 91; total 180
          42 2d10+12: 2d10 [3, 7] = 10; total 22
        2024 2d10+12: 2d10 [8, 2] = 10; total 22
          42 d10/2+1: d10 [3] = 3; total 2
        2024 d10/2+1: d10 [8] = 8; total 5
          42 6d10>=7: 6d10>=7 [3 fail, 7 success, 2 fail, 10 success, 8 success, 5 fail] = 3; total 3
        2024 6d10>=7: 6d10>=7 [8 success, 2 fail, 10 success, 10 success, 7 success, 7 success] = 5; total 5
          42 3d6!!: 3d6!! [2, 5, 1] = 8; total 8
        2024 3d6!!: 3d6!! [5, 2, 6 exploded, 6 exploded, 5] = 24; total 24
          42 2d6ro<3 + 1d6r1: 2d6ro<3 [2 rerolled, 5, 1 rerolled, 6] = 11; 1d6r1 [5] = 5; total 16
        2024 2d6ro<3 + 1d6r1: 2d6ro<3 [5, 2 rerolled, 6] = 11; 1d6r1 [6] = 6; total 17
          42 min(d20, d20) + 5: d20 [5] = 5; d20 [14] = 14; total 10
        2024 min(d20, d20) + 5: d20 [16] = 16; d20 [4] = 4; total 9
          42 8d10!>=9>=7: 8d10!>=9>=7 [3 fail, 7 success, 2 fail, 10 exploded success, 8 success, 5 fail, 4 fail, 7 success, 8 success] = 5; total 5
        2024 8d10!>=9>=7: 8d10!>=9>=7 [8 success, 2 fail, 10 exploded success, 10 exploded success, 7 success, 7 success, 5 fail, 10 exploded success, 4 fail, 7 success, 2 fail] = 7; total 7
          42 1d100+16: 1d100 [37 (30+7)] = 37; total 53
        2024 1d100+16: 1d100 [82 (80+2)] = 82; total 98
    "#]]
    .assert_eq(&out);
}

#[test]
fn entropy_dice_roll_every_face_in_range() {
    let expr = Expression::parse("d6").unwrap();
    let mut dice = EntropyDice::new();
    let mut roller = Roller::new();
    let mut seen = BTreeSet::new();
    for _ in 0..1_000 {
        let total = roller.roll(&expr, &(), None, &mut dice).unwrap().total;
        assert!((1..=6).contains(&total));
        seen.insert(total);
    }
    assert_eq!(seen.len(), 6, "1,000 d6 showed only {seen:?}");
    let roll = Expression::parse("3d%").unwrap().roll(&mut dice).unwrap();
    assert!(
        roll.dice
            .iter()
            .all(|d| (1..=100).contains(&d.value) && d.tens.is_some())
    );
}

#[test]
fn asked_dice_prompt_with_a_description() {
    let mut prompts = Vec::new();
    let mut answers = [6, 2, 10, 3].into_iter();
    let mut dice = AskedDice::new(|request: &nanite_dice::DieRequest<'_>, text: &str| {
        prompts.push(format!("d{} {:?}: {text}", request.sides, request.role));
        answers
            .next()
            .ok_or_else(|| SourceError::Entropy("no answer".to_string()))
    });
    let roll = Expression::parse("1d6! + d% # fire")
        .unwrap()
        .roll(&mut dice)
        .unwrap();
    assert_eq!(roll.total, 8 + 3);
    expect![[r#"
        d6 Normal: fire
        d6 Explosion: fire, explosion
        d10 Tens: fire, tens d10: 10 for a face showing 0 or 00
        d10 Ones: fire, ones d10: 10 for a face showing 0"#]]
    .assert_eq(&prompts.join("\n"));
    // An impossible answer is refused with the die's purpose.
    let mut dice = AskedDice::new(|_: &nanite_dice::DieRequest<'_>, _: &str| Ok(0));
    let err = Expression::parse("d8 # healing")
        .unwrap()
        .roll(&mut dice)
        .unwrap_err();
    expect!["die result 0 is impossible on a d8 (for healing); enter a value from 1 to 8"]
        .assert_eq(&err.to_string());
}

#[test]
fn describe_names_the_role() {
    let cases = [
        DieRole::Normal,
        DieRole::Explosion,
        DieRole::Reroll,
        DieRole::Tens,
        DieRole::Ones,
    ];
    let lines: Vec<String> = cases
        .into_iter()
        .map(|role| {
            describe(&nanite_dice::DieRequest {
                sides: 10,
                purpose: "attack",
                role,
            })
        })
        .collect();
    expect![[r#"
        attack
        attack, explosion
        attack, reroll
        attack, tens d10: 10 for a face showing 0 or 00
        attack, ones d10: 10 for a face showing 0"#]]
    .assert_eq(&lines.join("\n"));
}
