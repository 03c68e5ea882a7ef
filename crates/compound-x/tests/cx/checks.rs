//! Checks: strictly greater, ties to the defender, hidden DCs, taking 50/100,
//! combined checks, untrained use.

use nanite_compound_x::check::{
    CheckSpec, Effort, attacker_wins, combined_spec, may_attempt, open_check, open_skill_check,
    plain_check, skill_check,
};
use nanite_compound_x::{SkillLine, Stat};
use nanite_dice::ScriptedDice;

fn skill(points: i64, bonus: i64) -> SkillLine {
    SkillLine {
        id: "medicine".into(),
        name: "Medicine".into(),
        stat: Stat::Intelligence,
        points,
        stat_bonus: bonus,
        modifiers: Vec::new(),
        total: points + bonus,
        proficient: points >= 10,
        usable: true,
        notes: Vec::new(),
    }
}

fn spec(dc: i64) -> CheckSpec {
    CheckSpec {
        dc,
        ..CheckSpec::default()
    }
}

#[test]
fn a_check_must_beat_the_dc() {
    // rule: CX-DICE-03
    // rule: CX-DICE-05
    // d100 tens 4 ones 6 = 46, + 20 points + 4 INT bonus = 70.
    let cases = [(69, true), (70, false), (71, false)];
    for (dc, success) in cases {
        let result = skill_check(
            "Vex",
            &skill(20, 4),
            &spec(dc),
            &mut ScriptedDice::new([4, 6]),
        )
        .unwrap()
        .unwrap();
        assert_eq!((result.total, result.success), (70, success), "DC {dc}");
    }
}

#[test]
fn defenders_win_ties() {
    // rule: CX-DICE-04
    assert!(!attacker_wins(60, 60));
    assert!(attacker_wins(61, 60));
}

#[test]
fn hidden_dcs_are_not_shown_to_players() {
    // rule: CX-DICE-09
    let mut s = spec(80);
    s.hidden = true;
    let result = skill_check("Vex", &skill(20, 4), &s, &mut ScriptedDice::new([4, 6]))
        .unwrap()
        .unwrap();
    let shown = result.for_player();
    assert_eq!(shown.dc, 0);
    assert!(
        !shown.breakdown.to_string().contains("80"),
        "{}",
        shown.breakdown
    );
    assert!(result.breakdown.to_string().contains("DC 80"));
}

#[test]
fn taking_50_or_100_only_out_of_combat() {
    // rule: CX-DICE-06
    let mut s = spec(100);
    s.effort = Effort::Take100;
    let r = skill_check("Vex", &skill(20, 4), &s, &mut ScriptedDice::new([]))
        .unwrap()
        .unwrap();
    assert_eq!(
        (r.die, r.total, r.success),
        (None, 120, true),
        "100 + ranks"
    );
    s.effort = Effort::Take50;
    let r = skill_check("Vex", &skill(20, 4), &s, &mut ScriptedDice::new([]))
        .unwrap()
        .unwrap();
    assert_eq!(r.total, 70);
    s.in_combat = true;
    assert_eq!(
        may_attempt(&skill(20, 4), &s).unwrap_err().rule,
        "CX-DICE-06"
    );
    s.in_combat = false;
    s.no_taking = true;
    assert_eq!(
        may_attempt(&skill(20, 4), &s).unwrap_err().rule,
        "CX-DICE-06"
    );
}

#[test]
fn combined_checks_double_the_dc_and_add_both_skills() {
    // rule: CX-DICE-07
    let stealth = SkillLine {
        name: "Stealth".into(),
        ..skill(30, 0)
    };
    let combined = combined_spec(&spec(60), &stealth);
    assert_eq!(combined.dc, 120);
    let r = skill_check(
        "Vex",
        &skill(20, 4),
        &combined,
        &mut ScriptedDice::new([7, 10]),
    )
    .unwrap()
    .unwrap();
    assert_eq!(r.total, 70 + 24 + 30);
    assert!(r.success);
}

#[test]
fn unusable_skills_are_refused() {
    // rule: CX-DICE-08
    let mut untrained = skill(0, 4);
    untrained.usable = false;
    untrained.notes =
        vec!["INT 1: only proficient skills may be attempted (rule CX-STAT-11)".into()];
    let refusal = may_attempt(&untrained, &spec(50)).unwrap_err();
    assert_eq!(refusal.rule, "CX-DICE-08");
    assert!(refusal.message.contains("INT 1"));
    // Untrained but usable: allowed, with the stat bonus only.
    let r = skill_check(
        "Vex",
        &skill(0, 4),
        &spec(50),
        &mut ScriptedDice::new([5, 10]),
    )
    .unwrap()
    .unwrap();
    assert_eq!(r.total, 54);
}

#[test]
fn plain_checks_read_two_d10() {
    // rule: CX-DICE-01
    let r = plain_check("Will save", 12, 75, false, &mut ScriptedDice::new([10, 10])).unwrap();
    assert_eq!(r.die, Some(100), "00 and 0 read 100");
    assert!(r.success);
}

#[test]
fn a_check_rolled_before_its_dc_adds_the_skill_and_compares_nothing() {
    // rule: CX-DICE-05
    // d100 46 + 20 points + 4 INT bonus = 70, as the judged check totals.
    let cases = [(46, 70), (1, 25), (100, 124)];
    for (die, total) in cases {
        let open = open_skill_check("Vex", &skill(20, 4), die).unwrap();
        assert_eq!((open.die, open.total), (die, total), "d100 {die}");
        let text = open.breakdown.to_string();
        assert!(
            text.contains("Medicine skill points") && text.contains("INT bonus"),
            "{text}"
        );
        assert!(!text.contains("DC "), "no DC is compared: {text}");
    }
    let judged = skill_check(
        "Vex",
        &skill(20, 4),
        &spec(0),
        &mut ScriptedDice::new([4, 6]),
    )
    .unwrap()
    .unwrap();
    assert_eq!(
        judged.total,
        open_skill_check("Vex", &skill(20, 4), 46).unwrap().total
    );
}

#[test]
fn a_check_rolled_before_its_dc_is_refused_for_a_skill_that_cannot_be_tried() {
    // rule: CX-DICE-08
    let mut line = skill(0, -16);
    line.usable = false;
    line.notes = vec!["INT 1: only proficient skills (CX-STAT-11)".into()];
    let refused = open_skill_check("Vex", &line, 50).unwrap_err();
    assert!(
        refused.message.contains("cannot be attempted"),
        "{}",
        refused.message
    );
}

#[test]
fn a_save_rolled_before_its_dc_adds_the_save_value() {
    // rule: CX-STAT-17
    let open = open_check("Will save", 37, &[("Will save".into(), 8)]);
    assert_eq!(open.total, 45);
    assert!(open.breakdown.to_string().contains("Will save"));
}
