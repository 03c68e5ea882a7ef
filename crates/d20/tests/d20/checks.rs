//! Checks: skill (D20-CHK-01), non-skill (D20-CHK-02), meets or beats and
//! opposed with ties re-rolled (D20-CHK-03), extended (D20-CHK-04).

use expect_test::expect;
use nanite_core::ScriptedDice;
use nanite_core::check::Dc;
use nanite_d20::check::{Extended, ExtendedError, check, extended, opposed};
use nanite_d20::encounter::Command;
use nanite_d20::{Attribute, Campaign, Sheet};

use super::support::{Table, character, id, pack};

fn sheet(name: &str) -> Sheet {
    Sheet::compute(&character(name), &pack(), &Campaign::default())
}

#[test]
fn skill_checks_add_the_attribute_bonus_and_the_skill_level() {
    // rule: D20-CHK-01
    // (who, skill, attribute, d20, total)
    for (who, skill, attribute, die, total) in [
        ("kara", "melee-fighting", None, 10, 14), // STR +1, level 3
        ("kara", "melee-fighting", Some(Attribute::Dex), 10, 16), // DEX +3 with finesse
        ("kara", "ranged-fighting", None, 1, 6),  // DEX +3, level 2
        ("bram", "athletics", Some(Attribute::Con), 7, 11), // CON +2 (GM's alternate), level 2
        ("ilsa", "spellcasting", None, 20, 26),   // WIS +3, level 3
        ("ilsa", "stealth", None, 5, 6),          // untrained: DEX +1, level 0
    ] {
        let spec = sheet(who).skill_check(skill, attribute).unwrap();
        let r = check(&spec, Dc::open(10), &mut ScriptedDice::new([die]), "test").unwrap();
        assert_eq!(r.total, total, "{who} {skill}");
    }
}

#[test]
fn non_skill_checks_add_the_experience_level() {
    // rule: D20-CHK-02
    for (who, attribute, die, total) in [
        ("kara", Attribute::Dex, 10, 16), // +3, level 3
        ("bram", Attribute::Wis, 10, 11), // -1, level 2
        ("raider", Attribute::Str, 4, 6), // +1, level 1
    ] {
        let spec = sheet(who).attribute_check(attribute);
        let r = check(&spec, Dc::open(10), &mut ScriptedDice::new([die]), "test").unwrap();
        assert_eq!(r.total, total, "{who} {attribute}");
    }
}

#[test]
fn a_check_meets_or_beats_the_difficulty() {
    // rule: D20-CHK-03
    let spec = sheet("kara").attribute_check(Attribute::Dex); // +6
    for (die, dc, success) in [
        (4, 10, true),
        (3, 10, false),
        (14, 20, true),
        (13, 20, false),
        (1, 7, true),
    ] {
        let r = check(&spec, Dc::open(dc), &mut ScriptedDice::new([die]), "test").unwrap();
        assert_eq!(r.success, success, "d20 {die} + 6 against DC {dc}");
    }
    let r = check(
        &spec,
        Dc::open(10),
        &mut ScriptedDice::new([4]),
        "Dexterity check for Kara",
    )
    .unwrap();
    expect![[r#"
        d20 = 4 (DEX check)
          +3 DEX 16 bonus (D20-CHK-02)
          +3 experience level (D20-CHK-02)
        total: 10
        total 10 >= DC 10: success (meets or beats, D20-CHK-03)
    "#]]
    .assert_eq(&r.breakdown.to_string());
}

#[test]
fn opposed_ties_are_rolled_again() {
    // rule: D20-CHK-03
    // Kara DEX +3 +3 level = +6, the raider DEX 13 +1 + level 1 = +2.
    // 10 + 6 = 16 ties 14 + 2 = 16; again 5 + 6 = 11 against 12 + 2 = 14.
    let k = sheet("kara").attribute_check(Attribute::Dex);
    let r = sheet("raider").attribute_check(Attribute::Dex);
    let o = opposed(
        ("Kara", &k),
        ("Raider", &r),
        &mut ScriptedDice::new([10, 14, 5, 12]),
    )
    .unwrap();
    assert_eq!(o.rolls, vec![(10, 14), (5, 12)]);
    assert!(!o.actor_wins);
    expect![[r#"
        d20 = 10 (DEX check for Kara)
          +3 DEX 16 bonus (D20-CHK-02)
          +3 experience level (D20-CHK-02)
        Kara's total: 16
        d20 = 14 (DEX check for Raider)
          +1 DEX 13 bonus (D20-CHK-02)
          +1 experience level (D20-CHK-02)
        Raider's total: 16
        Kara 16 = Raider 16: tie: both roll again (D20-CHK-03)
        re-roll 1 after a tie (D20-CHK-03)
        d20 = 5 (DEX check for Kara)
          +3 DEX 16 bonus (D20-CHK-02)
          +3 experience level (D20-CHK-02)
        Kara's total: 11
        d20 = 12 (DEX check for Raider)
          +1 DEX 13 bonus (D20-CHK-02)
          +1 experience level (D20-CHK-02)
        Raider's total: 14
        Kara 11 < Raider 14: Raider wins (opposed, D20-CHK-03)
    "#]]
    .assert_eq(&o.breakdown.to_string());
}

#[test]
fn extended_checks_accumulate_over_time() {
    // rule: D20-CHK-04
    // Medicine +5: 10 + 5 = 15, then 12 + 5 = 17: 32 >= 30 after 20 minutes.
    let spec = sheet("ilsa").skill_check("medicine", None).unwrap();
    let terms = Extended {
        threshold: 30,
        minutes_per_check: 10,
        max_checks: None,
    };
    let r = extended(&spec, terms, &mut ScriptedDice::new([10, 12]), "Ilsa").unwrap();
    assert!(r.reached);
    assert_eq!(r.minutes, 20);
    expect![[r#"
        Medicine (WIS) extended check: threshold (10 min a check): 30
        d20 = 10 (Medicine (WIS) check 1)
          +3 WIS 16 bonus (D20-CHK-01)
          +2 Medicine level
        check 1: total 15, accumulated 15 after 10 min
        d20 = 12 (Medicine (WIS) check 2)
          +3 WIS 16 bonus (D20-CHK-01)
          +2 Medicine level
        check 2: total 17, accumulated 32 after 20 min
        accumulated 32 >= threshold 30: reached after 2 check(s), 20 min (D20-CHK-04)
    "#]]
    .assert_eq(&r.breakdown.to_string());
}

#[test]
fn extended_checks_fail_only_on_the_gms_maximum() {
    // rule: D20-CHK-04
    let spec = sheet("ilsa").skill_check("medicine", None).unwrap();
    // (max checks, dice, reached, checks made)
    for (max, dice, reached, made) in [
        (Some(2), vec![3, 4], false, 2),      // 8 + 9 = 17 < 30
        (Some(3), vec![3, 4, 9], true, 3),    // 8 + 9 + 14 = 31
        (None, vec![1, 1, 1, 1, 1], true, 5), // 6 a check: 30 after five
    ] {
        let terms = Extended {
            threshold: 30,
            minutes_per_check: 60,
            max_checks: max,
        };
        let r = extended(&spec, terms, &mut ScriptedDice::new(dice), "Ilsa").unwrap();
        assert_eq!((r.reached, r.steps.len()), (reached, made), "max {max:?}");
        assert_eq!(r.minutes, 60 * made as i64);
    }
    let hopeless = spec.clone().with("crushed hands", -30);
    let err = extended(
        &hopeless,
        Extended {
            threshold: 30,
            minutes_per_check: 60,
            max_checks: None,
        },
        &mut ScriptedDice::new([]),
        "Ilsa",
    )
    .unwrap_err();
    assert!(
        matches!(err, ExtendedError::Hopeless { best: -5, .. }),
        "{err}"
    );
}

#[test]
fn extended_terms_are_read_within_their_range() {
    // rule: D20-CHK-04
    // input: the audit's `--every 9223372036854775807` (wrapped the clock),
    // and each term's edges
    let spec = sheet("ilsa").skill_check("medicine", None).unwrap();
    let cases = [
        (
            (30, i64::MAX, None),
            "the minutes per check 9223372036854775807 is out of range: from 0 to 10080",
        ),
        ((30, -1, None), "the minutes per check -1 is out of range"),
        (
            (0, 60, None),
            "the threshold 0 is out of range: from 1 to 100000",
        ),
        ((100_001, 60, None), "the threshold 100001 is out of range"),
        (
            (30, 60, Some(0)),
            "the maximum number of checks 0 is out of range: from 1 to 1000: a maximum of 0 checks allows no check at all",
        ),
        (
            (30, 60, Some(1001)),
            "the maximum number of checks 1001 is out of range",
        ),
    ];
    for ((threshold, minutes_per_check, max_checks), want) in cases {
        let terms = Extended {
            threshold,
            minutes_per_check,
            max_checks,
        };
        let err = extended(&spec, terms, &mut ScriptedDice::new([]), "Ilsa").unwrap_err();
        assert!(err.to_string().starts_with(want), "{err}");
    }
    // The largest terms: a week a check, 1000 checks, no overflow.
    let terms = Extended {
        threshold: 100_000,
        minutes_per_check: 10_080,
        max_checks: Some(1000),
    };
    let r = extended(&spec, terms, &mut ScriptedDice::new([20; 1000]), "Ilsa").unwrap();
    assert_eq!(r.minutes, 10_080 * 1000);
}

#[test]
fn checks_in_a_fight_take_the_action_on_ones_turn_any_other_time_none_and_can_hide_their_dc() {
    // rule: D20-CHK-01, D20-CHK-02
    let mut t = Table::map(&[
        ("kara", "kara", "heroes", (1, 1)),
        ("raider", "raider", "bandits", (5, 5)),
    ]);
    // Out of the fight: free.
    let text = t.ok(
        Command::Check {
            id: id("kara"),
            skill: Some("perception".into()),
            attribute: None,
            dc: 12,
            hidden: true,
        },
        &[11],
    );
    expect![[r#"
        Kara Voss: Perception (WIS) check against DC 12 (hidden): success
          d20 = 11 (Perception (WIS) check)
            +1 Perception level
          total: 12
          total 12 >= DC 12: success (meets or beats, D20-CHK-03)
    "#]]
    .assert_eq(&text);
    t.begin_in_order(&["kara", "raider"]);
    t.ok(
        Command::Check {
            id: id("kara"),
            skill: None,
            attribute: Some(Attribute::Str),
            dc: 10,
            hidden: false,
        },
        &[9],
    );
    let again = t.refused(Command::Check {
        id: id("kara"),
        skill: None,
        attribute: Some(Attribute::Str),
        dc: 10,
        hidden: false,
    });
    assert_eq!(
        again,
        "kara needs 1 action(s) for STR check but has 0 left this turn"
    );
    // On kara's turn the GM calls a Perception check for the raider: any
    // time, and it costs the raider nothing.
    let text = t.ok(
        Command::Check {
            id: id("raider"),
            skill: Some("perception".into()),
            attribute: None,
            dc: 12,
            hidden: false,
        },
        &[15],
    );
    assert!(
        text.contains("Perception (WIS) check against DC 12"),
        "{text}"
    );
    assert!(!text.contains("action"), "no action is spent: {text}");
    let wrong = t.refused(Command::Check {
        id: id("raider"),
        skill: Some("melee-fighting".into()),
        attribute: Some(Attribute::Wis),
        dc: 10,
        hidden: false,
    });
    assert_eq!(
        wrong,
        "Melee Fighting uses STR; WIS is not allowed for it (D20-CHK-01)"
    );
}
