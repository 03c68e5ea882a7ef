//! The audit of Compound X's dice, levels and house rules from the seed
//! documents (issue 21): skill checks on the d100, taking 50 or 100,
//! combined checks, levelling, and every house rule of the older edition on
//! and off (CX-DICE, CX-LVL, CX-HOUSE). Every expected number was worked out
//! by hand from the seed's own sentence (000 canonical, 002 wins on combat,
//! 001 for the house rules) before the engine ran, with forced dice.

use nanite_compound_x::check::{CheckResult, CheckSpec, Effort, may_attempt};
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::encounter::{Command, Event};
use nanite_compound_x::level::{class_feats_allowed, feats_allowed};
use nanite_compound_x::{
    Character, FireMode, LevelUp, Sheet, Stat, level_up, stat_bonus, validate,
};

use super::arena::{Arena, Recruit, act, blast, check_with, grab, id};
use super::support::{TEMPLATE, character, last_event, problems, sample, sheet, valid_sheet, with};

/// `recruits` (id, fighter), 1 m apart, out of combat (the fight not begun).
fn table(recruits: Vec<(&str, Fighter)>) -> Arena {
    Arena::with(
        recruits
            .into_iter()
            .map(|(who, f)| (who, "crew", f))
            .collect(),
        1,
    )
}

/// The result of the last check made in `a`.
fn last_check(a: &Arena) -> CheckResult {
    last_event(&a.game, "check", |e| match e {
        Event::Checked { result, .. } => Some(result.clone()),
        _ => None,
    })
}

/// Runs a check with `dice` (all of which must be used) and returns it.
fn check(a: &mut Arena, command: Command, dice: &[i64]) -> CheckResult {
    a.run(command, dice);
    last_check(a)
}

// ---------------------------------------------------------------- CX-DICE

/// Bull: STR 8, the seed's "very beefy 8" (DEX 8 too, so STR sets no
/// secondary alone; CHA 4 and LUCK 4 keep the 42 points).
fn bull() -> Fighter {
    Recruit::new("Bull")
        .stat("STR", 8)
        .stat("DEX", 8)
        .stat("CHA", 4)
        .stat("LUCK", 4)
        .fighter()
}

#[test]
fn audit_dice_01_two_d10_read_as_tens_and_ones() {
    // rule: CX-DICE-01
    // 000: "Compound X uses two ten-sided dice (usually called D10s) to
    //       represent a d100, a percent. One of the D10s represents the number
    //       in the 10's place. the other represents the number in the 1's
    //       place." / "if one die rolls a 40 and the other rolls a 6, you
    //       rolled 46%." / "an orange 3 and a purple 9 then you rolled 39%."
    // Gambling is a LUCK skill; with LUCK 5 (bonus 0) and no points the
    // check's total is the d100 itself. A face 0 is typed as 10: tens 0 and
    // ones 0 read 100, the highest percent; tens 0 and ones 1 read 1.
    let ana = Recruit::new("Ana").stat("LUCK", 5).stat("PER", 7).fighter();
    // (tens, ones) -> the percent read
    let cases: [([i64; 2], i64); 8] = [
        ([4, 6], 46),
        ([3, 9], 39),
        ([10, 1], 1),
        ([10, 5], 5),
        ([9, 10], 90),
        ([9, 9], 99),
        ([1, 10], 10),
        ([10, 10], 100),
    ];
    for (dice, read) in cases {
        let mut a = table(vec![("ana", ana.clone())]);
        let r = check(
            &mut a,
            check_with("ana", "gambling", 50, Effort::Roll, None),
            &dice,
        );
        assert_eq!((r.die, r.total), (Some(read as u32), read), "{dice:?}");
        // Both dice are kept in the log, tens and ones.
        assert_eq!(a.last_dice(), 2, "{dice:?}");
    }
}

#[test]
fn audit_dice_02_the_stat_bonus_is_stat_minus_5_times_4() {
    // rule: CX-DICE-02
    // 000: "Stat Bonus = (4 * Stat) - 20 ... which is equal to ... Stat Bonus
    //       = (Stat - 5) * 4"
    // (stat, bonus) by hand, from the lowest stat to the cap of 20.
    for &(stat, bonus) in super::stats::STAT_BONUS {
        assert_eq!(stat_bonus(stat), bonus, "stat {stat}");
    }
    // 000: "Let's say that you rolled a 71, and your Strength Base Stat is a
    //       very beefy 8. Then your Strength bonus would be: (8 - 5) * 4 = 3 *
    //       4 = 12 and the score of your roll would be 71 + 12 = 83"
    // Athletics is a STR skill: untrained, the check is d100 + STR bonus.
    // STR 8: 71 + 12 = 83. STR 1 (PER 9, INT 8): 71 - 16 = 55.
    let beefy = bull();
    let frail = Recruit::new("Reed")
        .stat("STR", 1)
        .stat("PER", 9)
        .stat("INT", 8)
        .fighter();
    for (f, total) in [(beefy, 83), (frail, 55)] {
        let mut a = table(vec![("x", f)]);
        let r = check(
            &mut a,
            check_with("x", "athletics", 50, Effort::Roll, None),
            &[7, 1],
        );
        assert_eq!((r.die, r.total), (Some(71), total));
    }
}

#[test]
fn audit_dice_03_a_check_must_roll_over_the_dc_and_a_tie_fails() {
    // rule: CX-DICE-03
    // 000: "YOU MUST ROLL *OVER* A DC TO SUCCEED IN A SKILL CHECK." / "If a
    //       character ties a DC they fail."
    // Bull: Athletics untrained, STR 8: d100 71 + 12 = 83.
    // Gambling with LUCK 5 and no points: the bare d100 (1 to 100).
    let bull = bull();
    let ana = Recruit::new("Ana").stat("LUCK", 5).stat("PER", 7).fighter();
    // (who, skill, dice, DC, success, margin)
    type Case<'a> = (&'a Fighter, &'a str, [i64; 2], i64, bool, i64);
    let cases: [Case<'_>; 8] = [
        (&bull, "athletics", [7, 1], 82, true, 1),
        (&bull, "athletics", [7, 1], 83, false, 0),
        (&bull, "athletics", [7, 1], 84, false, -1),
        // The lowest roll beats DC 0; the highest ties DC 100 and fails.
        (&ana, "gambling", [10, 1], 0, true, 1),
        (&ana, "gambling", [10, 1], 1, false, 0),
        (&ana, "gambling", [10, 10], 99, true, 1),
        (&ana, "gambling", [10, 10], 100, false, 0),
        (&ana, "gambling", [10, 10], 10_000, false, -9_900),
    ];
    for (f, skill, dice, dc, success, margin) in cases {
        let mut a = table(vec![("x", f.clone())]);
        let r = check(
            &mut a,
            check_with("x", skill, dc, Effort::Roll, None),
            &dice,
        );
        assert_eq!((r.success, r.margin), (success, margin), "{skill} DC {dc}");
        if margin == 0 {
            assert!(
                r.breakdown.to_string().contains("a tie fails (CX-DICE-03)"),
                "{}",
                r.breakdown
            );
        }
    }
}

#[test]
fn audit_dice_04_the_defender_wins_a_tie_of_opposed_rolls() {
    // rule: CX-DICE-04
    // 000: "Defenders win ties for opposing rolls."
    // 000: "During grappling, both sides roll opposing grapple checks to see
    //       who maintains control." Ana grabs Ben: Ben's fists get their
    //       penalty attack first (unarmed miss chance 3; a d10 of 2 misses),
    //       then Ana's d100 + Grappling 20 + STR bonus 4 = +24 against Ben's
    //       d100 + STR bonus 4 (no Grappling). The grabbed one defends.
    // (Ana's d100, Ben's d100, who controls)
    let cases: [([i64; 2], [i64; 2], &str); 4] = [
        ([3, 10], [5, 10], "ben"),   // 30 + 24 = 54 against 50 + 4 = 54: a tie
        ([3, 1], [5, 10], "ana"),    // 31 + 24 = 55 against 54
        ([2, 9], [5, 10], "ben"),    // 29 + 24 = 53 against 54
        ([10, 10], [10, 10], "ana"), // 124 against 104
    ];
    let ana = Recruit::new("Ana").skill("grappling", 20).fighter();
    let ben = Recruit::new("Ben").fighter();
    for (ana_die, ben_die, controller) in cases {
        let mut a = Arena::with(
            vec![
                ("ana", "crew", ana.clone()),
                ("ben", "raiders", ben.clone()),
            ],
            1,
        );
        a.begin(&[]);
        let mut dice = vec![2];
        dice.extend_from_slice(&ana_die);
        dice.extend_from_slice(&ben_die);
        let log = a.run(grab("ana", "ben"), &dice);
        let g = &a.state().grapples[0];
        assert_eq!(
            g.controller,
            Some(id(controller)),
            "{ana_die:?} {ben_die:?}: {log}"
        );
    }
}

#[test]
fn audit_dice_05_skill_ranks_and_the_stat_bonus_add_to_the_d100() {
    // rule: CX-DICE-05
    // 000: "Skill ranks are exact percentiles to pass a skill check. If you
    //       have 50 ranks in a skill, then you have a +50% chance" / "After
    //       you have rolled, please apply any and all relevant skills to your
    //       result ... Also add any relevant Stat Bonuses to a roll. When
    //       rolling awareness, add your PER Bonus, etc."
    // Medicine (INT) and Awareness (PER); INT 6 and PER 6 give +4, PER 9 +16.
    // (points, PER, d100, skill, total)
    let cases: [(i64, i64, [i64; 2], &str, i64); 5] = [
        (50, 6, [4, 6], "medicine", 46 + 50 + 4),
        (0, 6, [4, 6], "medicine", 46 + 4),
        (10, 6, [10, 1], "medicine", 1 + 10 + 4),
        (50, 9, [4, 6], "awareness", 46 + 50 + 16),
        (50, 6, [10, 10], "awareness", 100 + 50 + 4),
    ];
    for (points, per, dice, skill, total) in cases {
        let mut r = Recruit::new("Ana").stat("PER", per);
        if per == 9 {
            r = r.stat("LUCK", 3);
        }
        if points > 0 {
            r = r.skill(skill, points);
        }
        let mut a = table(vec![("ana", r.fighter())]);
        let c = check(
            &mut a,
            check_with("ana", skill, 200, Effort::Roll, None),
            &dice,
        );
        assert_eq!(c.total, total, "{skill} {points} PER {per} {dice:?}");
    }
}

#[test]
fn audit_dice_06_taking_50_or_100_out_of_combat_adds_the_ranks() {
    // rule: CX-DICE-06
    // 000: "At any time out of combat, you may decide to use one of your
    //       skills. If you are not pressured by imminent / immediate danger,
    //       you may "take a 100%" to pass a skill check, then apply any ranks
    //       in the skill. When rushed by a time constraint or danger, you can
    //       "take a 50%" to pass a skill check, then apply any ranks in said
    //       skill."
    // Medicine 20 ranks, INT 6: taking replaces the dice (none is rolled) and
    // adds the 20 ranks; the INT bonus is added "to a roll", and nothing is
    // rolled. A tie still fails (CX-DICE-03).
    let medic = Recruit::new("Ana").skill("medicine", 20).fighter();
    let novice = Recruit::new("Ben").fighter();
    // (who, effort, DC, total, success)
    let cases: [(&Fighter, Effort, i64, i64, bool); 6] = [
        (&medic, Effort::Take100, 119, 120, true),
        (&medic, Effort::Take100, 120, 120, false),
        (&medic, Effort::Take50, 69, 70, true),
        (&medic, Effort::Take50, 70, 70, false),
        // No ranks: 100 alone does not pass DC 100, 50 passes DC 49.
        (&novice, Effort::Take100, 100, 100, false),
        (&novice, Effort::Take50, 49, 50, true),
    ];
    for (f, effort, dc, total, success) in cases {
        let mut a = table(vec![("x", f.clone())]);
        let r = check(&mut a, check_with("x", "medicine", dc, effort, None), &[]);
        assert_eq!(
            (r.die, r.total, r.success),
            (None, total, success),
            "{effort:?} DC {dc}"
        );
        assert_eq!(a.last_dice(), 0, "taking rolls no die");
    }
    // The ranks bring what changes the skill itself. 000 (CHA 1): "You have
    // an additional malus of -24 when using Speech": CHA 1
    // with Speech 20 takes 100 for 100 + 20 - 24 = 96, no CHA bonus (-16);
    // rolled, 46 + 20 - 24 - 16 = 26. (PER 9 and INT 8 keep the 42 points.)
    let mumbler = Recruit::new("Mum")
        .stat("CHA", 1)
        .stat("PER", 9)
        .stat("INT", 8)
        .skill("speech", 20)
        .fighter();
    let mut a = table(vec![("mum", mumbler)]);
    let r = check(
        &mut a,
        check_with("mum", "speech", 95, Effort::Take100, None),
        &[],
    );
    assert_eq!((r.total, r.success), (96, true), "{}", r.breakdown);
    let r = check(
        &mut a,
        check_with("mum", "speech", 95, Effort::Roll, None),
        &[4, 6],
    );
    assert_eq!(r.total, 26, "{}", r.breakdown);
    // A treatment taken the same way (CX-HEAL-02): a Medic (the class adds
    // +10 Medicine) with 20 ranks and a bag takes 50 on a 70 wound: 50 + 20
    // + 10 = 80 > 70 heals the skill 30 + the surplus 10 = 40.
    let doc = Recruit::new("Doc")
        .class("medic")
        .skill("medicine", 20)
        .item("medicine-bag", 1)
        .fighter();
    let mut a = table(vec![("doc", doc), ("ben", novice.clone())]);
    a.run(blast("ben", 70), &[]);
    let full = a.f("ben").max_hp;
    let log = a.run(
        Command::Treat {
            id: id("doc"),
            target: id("ben"),
            wound: None,
            medikit: false,
            effort: Effort::Take50,
        },
        &[],
    );
    assert!(log.contains("total 80 > DC 70"), "{log}");
    assert_eq!(a.hp("ben"), full - 70 + 40, "{log}");
    // 000: "If you want to use a skill in combat, see the "Combat: Actions"
    //       subsection." Taking is for out of combat: in a fight it is
    //       refused and changes nothing.
    let mut a = Arena::with(vec![("ana", "crew", medic.clone())], 1);
    a.begin(&[]);
    for effort in [Effort::Take50, Effort::Take100] {
        let why = a.refuse(check_with("ana", "medicine", 50, effort, None), &[]);
        assert!(why.contains("only possible out of combat"), "{why}");
        assert!(why.contains("CX-DICE-06"), "{why}");
    }
    assert_eq!(a.left(), 4);
    // 000: "However, some checks cannot be passed in this way. If you are
    //       staring at a ship''s blast doors, and want to kick them down, you
    //       can't take additional time". The GM marks such a check.
    let line = sheet(&with(&[("smgs = 10", "medicine = 20")]))
        .skills
        .into_iter()
        .find(|s| s.id == "medicine")
        .unwrap();
    let mut spec = CheckSpec {
        dc: 50,
        effort: Effort::Take100,
        no_taking: true,
        ..CheckSpec::default()
    };
    let refusal = may_attempt(&line, &spec).unwrap_err();
    assert_eq!(refusal.rule, "CX-DICE-06");
    spec.effort = Effort::Roll;
    assert!(may_attempt(&line, &spec).is_ok(), "it can still be rolled");
}

#[test]
fn audit_dice_07_a_combined_check_doubles_the_dc_and_adds_both_skills() {
    // rule: CX-DICE-07
    // 000: "If you are rolling to silently take down an opponent, the GM can
    //       either have you roll a stealth check and an unarmed combat check,
    //       or double the DC, and have you roll once adding both modifiers.
    //       Also add any relevant Stat Bonuses to a roll."
    // Stealth 30 + DEX bonus 4 = +34; Unarmed 20 + STR bonus 4 = +24.
    // DC 60 doubled is 120: one d100 + 34 + 24.
    let ana = Recruit::new("Ana")
        .skill("stealth", 30)
        .skill("unarmed", 20)
        .fighter();
    // (d100, success): 62 + 58 = 120 ties and fails; 63 + 58 = 121 passes.
    let cases: [([i64; 2], i64, bool); 3] = [
        ([6, 2], 120, false),
        ([6, 3], 121, true),
        ([10, 10], 158, true),
    ];
    for (dice, total, success) in cases {
        let mut a = table(vec![("ana", ana.clone())]);
        let r = check(
            &mut a,
            check_with("ana", "stealth", 60, Effort::Roll, Some("unarmed")),
            &dice,
        );
        assert_eq!(
            (r.dc, r.total, r.success),
            (120, total, success),
            "{dice:?}"
        );
        assert_eq!(a.last_dice(), 2, "one roll, not two");
    }
    // The other way: two checks, each against DC 60 (62 + 34 = 96 passes;
    // 30 + 24 = 54 fails).
    let mut a = table(vec![("ana", ana.clone())]);
    let r = check(
        &mut a,
        check_with("ana", "stealth", 60, Effort::Roll, None),
        &[6, 2],
    );
    assert_eq!((r.dc, r.total, r.success), (60, 96, true));
    let r = check(
        &mut a,
        check_with("ana", "unarmed", 60, Effort::Roll, None),
        &[3, 10],
    );
    assert_eq!((r.dc, r.total, r.success), (60, 54, false));
    // Taken out of combat (CX-DICE-06): 100 + both ranks (30 + 20) = 150
    // against DC 75 doubled, 150: a tie fails; DC 74 (148) passes.
    for (dc, success) in [(75, false), (74, true)] {
        let mut a = table(vec![("ana", ana.clone())]);
        let r = check(
            &mut a,
            check_with("ana", "stealth", dc, Effort::Take100, Some("unarmed")),
            &[],
        );
        assert_eq!((r.dc, r.total, r.success), (2 * dc, 150, success));
    }
    // The same skill twice is not a combination.
    let mut a = table(vec![("ana", ana)]);
    let why = a.refuse(
        check_with("ana", "stealth", 60, Effort::Roll, Some("stealth")),
        &[],
    );
    assert!(why.contains("two different skills"), "{why}");
}

#[test]
fn audit_dice_08_any_skill_may_be_tried_and_int_1_only_proficient_ones() {
    // rule: CX-DICE-08
    // 000: "Normally a character can attempt any skill check whether or not
    //       they have invested in learning the skill ... A character has
    //       Proficiency in a skill when they have 10 or more skill points in
    //       that skill."
    // 000 (INT 1): "You cannot attempt to use any skill that you do not have
    //       Proficiency in"
    // Proficiency by points: 9 is not, 10 is (a sheet, not a valid file: a
    // new skill is bought for 10, CX-LVL-03).
    for (points, proficient) in [(0, false), (9, false), (10, true), (50, true)] {
        let s = sheet(&with(&[("smgs = 10", &format!("repair = {points}"))]));
        let line = s.skills.iter().find(|l| l.id == "repair").unwrap();
        assert_eq!(
            (line.points, line.proficient, line.usable),
            (points, proficient, true),
            "INT 6, {points} points"
        );
    }
    // Untrained (INT 6): Repair 0 is rolled with the INT bonus alone:
    // 46 + 4 = 50.
    let mut a = table(vec![("ana", Recruit::new("Ana").fighter())]);
    let r = check(
        &mut a,
        check_with("ana", "repair", 40, Effort::Roll, None),
        &[4, 6],
    );
    assert_eq!((r.total, r.success), (50, true));
    // INT 1 (PER 9, CHA 8 keep the 42 points): Repair 0 is refused and
    // changes nothing; Medicine 10 (proficient) is rolled: 46 + 10 - 16 = 40.
    let dim = Recruit::new("Dim")
        .stat("INT", 1)
        .stat("PER", 9)
        .stat("CHA", 8)
        .skill("medicine", 10)
        .fighter();
    let mut a = table(vec![("dim", dim)]);
    let why = a.refuse(check_with("dim", "repair", 40, Effort::Roll, None), &[4, 6]);
    assert!(why.contains("INT 1"), "{why}");
    let r = check(
        &mut a,
        check_with("dim", "medicine", 39, Effort::Roll, None),
        &[4, 6],
    );
    assert_eq!((r.total, r.success), (40, true));
}

#[test]
fn audit_dice_09_the_dc_may_be_kept_from_the_player() {
    // rule: CX-DICE-09
    // 000: "The GM checks their total against the Difficulty Challenge, a
    //       number that typically only the GM knows" / "the DC does not need
    //       to be given out by the GM"
    // Medicine 20, INT 6: 46 + 24 = 70 against a hidden 69 (success) and a
    // hidden 70 (a tie: failure). The player sees the total and the outcome,
    // never the DC nor the margin; the GM sees all.
    for (dc, success) in [(69, true), (70, false)] {
        let mut a = table(vec![(
            "ana",
            Recruit::new("Ana").skill("medicine", 20).fighter(),
        )]);
        let log = a.run(
            Command::Check {
                id: id("ana"),
                skill: "medicine".into(),
                dc,
                hidden: true,
                effort: Effort::Roll,
                combined_with: None,
            },
            &[4, 6],
        );
        assert!(log.contains(&format!("DC {dc}")), "the GM's log: {log}");
        let r = last_check(&a);
        assert_eq!((r.total, r.success, r.hidden), (70, success, true));
        let shown = r.for_player();
        assert_eq!((shown.dc, shown.margin), (0, 0));
        let text = shown.breakdown.to_string();
        assert!(!text.contains("DC"), "{text}");
        assert!(text.contains("total 70"), "{text}");
        assert!(
            text.contains(if success { "success" } else { "failure" }),
            "{text}"
        );
    }
    // A DC the GM does not hide is the player's to see.
    let mut a = table(vec![(
        "ana",
        Recruit::new("Ana").skill("medicine", 20).fighter(),
    )]);
    let r = check(
        &mut a,
        check_with("ana", "medicine", 69, Effort::Roll, None),
        &[4, 6],
    );
    assert_eq!(r.for_player(), r);
}

#[test]
fn audit_dice_10_mundane_actions_roll_nothing_even_in_combat() {
    // rule: CX-DICE-10
    // 000: "you don't have to roll for everything. Your character probably
    //       knows how to do mundane things like brush their teeth, open an
    //       unlocked door, and tie their shoes. It's okay to just do these
    //       things, even in combat."
    // No die is forced: asking for one would fail the command.
    let mut a = Arena::duel();
    a.run(act("vex", "open the unlocked door", 1), &[]);
    assert_eq!((a.last_dice(), a.left()), (0, 3));
    a.run(act("vex", "tie a shoe", 0), &[]);
    assert_eq!((a.last_dice(), a.left()), (0, 3));
}

// ----------------------------------------------------------------- CX-LVL

/// The template at `level` with `increases` as its stat points and the
/// other `changes` made; read, not validated.
fn leveled(level: i64, increases: &[&str], changes: &[(&str, &str)]) -> Character {
    let list: Vec<String> = increases.iter().map(|s| format!("\"{s}\"")).collect();
    let mut all = vec![
        ("level = 0".to_string(), format!("level = {level}")),
        (
            "stat_increases = []".to_string(),
            format!("stat_increases = [{}]", list.join(", ")),
        ),
    ];
    all.extend(changes.iter().map(|(a, b)| (a.to_string(), b.to_string())));
    let pairs: Vec<(&str, &str)> = all.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    character(&with(&pairs))
}

fn up(stat: Option<Stat>, skills: &[(&str, i64)]) -> LevelUp {
    LevelUp {
        stat,
        skills: skills.iter().map(|(s, n)| (s.to_string(), *n)).collect(),
        feats: Vec::new(),
        class_feats: Vec::new(),
    }
}

#[test]
fn audit_lvl_01_race_class_skills_equipment_and_feats_make_a_character() {
    // rule: CX-LVL-01
    // 000: "Classes define what armor and weapons your character can use in
    //       combat, as well as certain special abilities ... Your class also
    //       dictates how much money you start with to buy equipment."
    // A Mage (pistol, smg, melee; light armor) with an SMG is legal; the same
    // Mage with a battle rifle or medium armor is refused, naming the class.
    let mage = |extra: &str| {
        with(&[
            ("class = \"soldier\"", "class = \"mage\""),
            ("smgs = 10", "sorcery = 10"),
            ("items = {}\n", &format!("items = {{}}\n{extra}")),
        ])
    };
    valid_sheet(&mage("\n[[equipment.weapons]]\nid = \"smg\"\n"));
    let found = problems(&mage("\n[[equipment.weapons]]\nid = \"battle-rifle\"\n"));
    assert!(
        found
            .iter()
            .any(|d| d.rule.as_deref() == Some("CX-LVL-01")
                && d.message.contains("a Mage cannot use")),
        "{found}"
    );
    let found = problems(&mage("").replace("items = {}", "armor = \"combat-armor\"\nitems = {}"));
    assert!(
        found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-01")
            && d.message.contains("a Mage cannot wear medium armor")),
        "{found}"
    );
    // The class's money and skill points at level 0 come from the pack.
    let mage = sample().classes.get("mage").unwrap();
    assert_eq!(
        (mage.starting_money, mage.starting_skill_points),
        (1000, 55)
    );
    let s = sheet(&with(&[
        ("class = \"soldier\"", "class = \"mage\""),
        ("smgs = 10", "sorcery = 10"),
    ]));
    assert_eq!(s.skill_points.starting, 55);
}

#[test]
fn audit_lvl_02_each_level_gives_twice_the_skill_point_gain() {
    // rule: CX-LVL-02
    // 000: "every level, gain 2*(Skill Point Gain) skill points" / "Skill
    //       Point Gain: How many skill points you gain every level." / "The
    //       stat increase happens before any calculations, so if you had 10
    //       int, and increased to 11, you would get 22 skill points for the
    //       level."
    // INT 9 (LUCK 3 keeps the 42 points), both stat points into INT: SPG 9
    // gives 18 at levels 1-4, INT 10 from level 5 gives 20, INT 11 from
    // level 9 gives 22 (the seed's example).
    let c = leveled(
        9,
        &["INT", "INT"],
        &[("INT = 6", "INT = 9"), ("LUCK = 6", "LUCK = 3")],
    );
    let s = Sheet::compute(&c, sample());
    assert_eq!(
        s.skill_points.per_level,
        [18, 18, 18, 18, 20, 20, 20, 20, 22]
    );
    assert_eq!(s.skill_points.budget, 50 + 4 * 18 + 4 * 20 + 22);
    // Levelling up from 8 to 9 with the INT point grants 22 (and what was
    // saved: 50 + 72 + 80 - 10 spent = 192).
    let c8 = leveled(
        8,
        &["INT"],
        &[("INT = 6", "INT = 9"), ("LUCK = 6", "LUCK = 3")],
    );
    let saved = Sheet::compute(&c8, sample()).skill_points.unspent;
    assert_eq!(saved, 50 + 4 * 18 + 4 * 20 - 10);
    let next = level_up(
        &c8,
        sample(),
        &up(Some(Stat::Intelligence), &[("smgs", 10)]),
    )
    .unwrap();
    assert_eq!(
        *Sheet::compute(&next, sample())
            .skill_points
            .per_level
            .last()
            .unwrap(),
        22
    );
    // The lowest Skill Point Gain: CHA 1 and INT 1 give SPG 1, 2 a level
    // (STR, PER, FORT 9 and DEX 7 keep the 42 points).
    let dull = leveled(
        2,
        &[],
        &[
            ("CHA = 6", "CHA = 1"),
            ("INT = 6", "INT = 1"),
            ("STR = 6", "STR = 9"),
            ("PER = 6", "PER = 9"),
            ("FORT = 6", "FORT = 9"),
            ("DEX = 6", "DEX = 7"),
        ],
    );
    assert_eq!(
        Sheet::compute(&dull, sample()).skill_points.per_level,
        [2, 2]
    );
    // The larger of CHA and INT sets it (CX-STAT-02): CHA 9, INT 6 gives 18.
    let chatty = leveled(1, &[], &[("CHA = 6", "CHA = 9"), ("LUCK = 6", "LUCK = 3")]);
    assert_eq!(
        Sheet::compute(&chatty, sample()).skill_points.per_level,
        [18]
    );
}

#[test]
fn audit_lvl_03_a_new_skill_costs_10_and_a_level_adds_at_most_10_to_one() {
    // rule: CX-LVL-03
    // 000: "Every time you purchase a new skill for 10 Skill points, it
    //       starts as a +10% skill. When leveling up you may add up to 10
    //       points to any one skill."
    // A level 3 soldier with SMGs 10 levels to 4 (SPG 6: 12 points, plus
    // 50 + 36 - 10 = 76 saved).
    let c = leveled(3, &[], &[]);
    // (skill, points added, accepted, rule refused by)
    let cases: [(&str, i64, Option<&str>); 7] = [
        ("awareness", 10, None),
        (
            "awareness",
            9,
            Some("learning awareness costs 10 points; 9 is not enough"),
        ),
        (
            "awareness",
            11,
            Some("11 points into awareness; a level-up puts at most 10 into any one skill"),
        ),
        ("smgs", 10, None),
        ("smgs", 1, None),
        (
            "smgs",
            11,
            Some("11 points into smgs; a level-up puts at most 10 into any one skill"),
        ),
        ("smgs", 0, Some("0 points is not an increase")),
    ];
    for (skill, added, refused) in cases {
        match (
            level_up(&c, sample(), &up(None, &[(skill, added)])),
            refused,
        ) {
            (Ok(next), None) => {
                let s = Sheet::compute(&next, sample());
                let line = s.skills.iter().find(|l| l.id == skill).unwrap();
                let had = c.skill_points(skill);
                assert_eq!(line.points, had + added, "{skill} +{added}");
                if had == 0 {
                    // A new skill starts at +10 (with its PER bonus +4 on top).
                    assert_eq!((line.points, line.total), (10, 14));
                }
            }
            (Err(found), Some(message)) => {
                assert!(
                    found
                        .iter()
                        .any(|d| d.rule.as_deref() == Some("CX-LVL-03") && d.message == message),
                    "{skill} +{added}: {found}"
                );
            }
            (result, _) => panic!("{skill} +{added}: {result:?}"),
        }
    }
    // Ten into each of two skills in one level is allowed (22 of 88).
    let next = level_up(&c, sample(), &up(None, &[("smgs", 10), ("awareness", 10)])).unwrap();
    assert_eq!(
        (next.skill_points("smgs"), next.skill_points("awareness")),
        (20, 10)
    );
}

#[test]
fn audit_lvl_04_feats_are_totals_by_level_more_with_int_9() {
    // rule: CX-LVL-04
    // 000: "Gain feats according to the table below. With Intelligence 9 or
    //       higher, receive more feats. The feats listed in the table are
    //       totals, not to be added together." The table, levels 0 to 20
    //       (a blank row keeps the total above it):
    const FEATS: [i64; 21] = [
        0, 0, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11,
    ];
    const CLEVER: [i64; 21] = [
        0, 0, 2, 2, 4, 4, 5, 5, 7, 7, 8, 8, 10, 10, 11, 11, 13, 13, 14, 14, 16,
    ];
    for level in 0..=20 {
        let l = usize::try_from(level).unwrap();
        assert_eq!(feats_allowed(level, 8), FEATS[l], "level {level}, INT 8");
        assert_eq!(feats_allowed(level, 9), CLEVER[l], "level {level}, INT 9");
        assert_eq!(feats_allowed(level, 20), CLEVER[l], "level {level}, INT 20");
    }
    // On the sheet, with the character's INT after its stat point: INT 8
    // (LUCK 4) at level 4 owns 3; INT 8 + the level 5 point = 9 owns 5 at
    // level 6, where INT 8 would own 4.
    let c = leveled(4, &[], &[("INT = 6", "INT = 8"), ("LUCK = 6", "LUCK = 4")]);
    assert_eq!(Sheet::compute(&c, sample()).feats.allowed, 3);
    let c = leveled(
        6,
        &["INT"],
        &[("INT = 6", "INT = 8"), ("LUCK = 6", "LUCK = 4")],
    );
    assert_eq!(Sheet::compute(&c, sample()).feats.allowed, 5);
    let c = leveled(
        6,
        &["PER"],
        &[("INT = 6", "INT = 8"), ("LUCK = 6", "LUCK = 4")],
    );
    assert_eq!(Sheet::compute(&c, sample()).feats.allowed, 4);
    // One feat more than the total is refused: 3 at level 2 (INT 6).
    let found = problems(&with(&[
        ("level = 0", "level = 2"),
        (
            "feats = []",
            "feats = [\"steady-aim\", \"quick-reload\", \"fleet-footed\"]",
        ),
    ]));
    assert!(
        found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-04")
            && d.message == "3 feats chosen, but a level 2 character with INT 6 may own 2"),
        "{found}"
    );
}

#[test]
fn audit_lvl_05_a_class_feat_every_5th_level() {
    // rule: CX-LVL-05
    // 000: "every 5th level, +1 Class feat" (the table: 5: 1, 10: 2, 15: 3,
    //       20: 4)
    for &(level, allowed) in super::levels::CLASS_FEATS_BY_LEVEL {
        assert_eq!(class_feats_allowed(level), allowed, "level {level}");
    }
    // A level 4 soldier with a class feat is refused; at level 5 it is legal.
    let text = |level: i64, increases: &str| {
        with(&[
            ("level = 0", &format!("level = {level}")),
            ("stat_increases = []", increases),
            ("class_feats = []", "class_feats = [\"tactical-awareness\"]"),
        ])
    };
    let found = problems(&text(4, "stat_increases = []"));
    assert!(
        found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-05")
            && d.message == "1 class feats, but a level 4 character has 0"),
        "{found}"
    );
    let found = problems(&text(5, "stat_increases = [\"PER\"]"));
    assert!(
        !found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-05")),
        "{found}"
    );
}

#[test]
fn audit_lvl_06_a_stat_point_at_levels_5_9_15_and_20() {
    // rule: CX-LVL-06
    // 000: "On levels 5, 9, 15 and 20, gain a stat point. The stat increase
    //       happens before any calculations" / "any stat point alteration
    //       forces a recalculation on all affected values."
    // Levelling to each level: a stat point is due exactly at 5, 9, 15, 20.
    let increases = |level: i64| -> Vec<&'static str> {
        [5, 9, 15, 20]
            .iter()
            .filter(|&&l| l <= level)
            .map(|_| "PER")
            .collect()
    };
    for from in 0..20 {
        let c = leveled(from, &increases(from), &[]);
        let due = [5, 9, 15, 20].contains(&(from + 1));
        // Without a stat at a stat level, or with one elsewhere: refused.
        let wrong = if due { None } else { Some(Stat::Luck) };
        let found = level_up(&c, sample(), &up(wrong, &[])).unwrap_err();
        assert!(
            found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-06")),
            "level {}: {found}",
            from + 1
        );
        let right = if due { Some(Stat::Luck) } else { None };
        let next = level_up(&c, sample(), &up(right, &[]))
            .unwrap_or_else(|found| panic!("level {}: {found}", from + 1));
        let luck = Sheet::compute(&next, sample()).stats.get(Stat::Luck);
        assert_eq!(luck, 6 + i64::from(due), "level {}", from + 1);
    }
    // Applied before the level's calculations: DEX 6 -> 7 at level 5 raises
    // the Reflex save 2 * (PER + DEX - 6) from 12 to 14 at once (and the
    // sample pack's Lucky adds its +2 at LUCK 6 to both).
    let c = leveled(4, &[], &[]);
    assert_eq!(Sheet::compute(&c, sample()).saves.reflex, 12 + 2);
    let next = level_up(&c, sample(), &up(Some(Stat::Dexterity), &[])).unwrap();
    let s = Sheet::compute(&next, sample());
    assert_eq!(s.saves.reflex, 14 + 2);
    // A file with the wrong number of stat points for its level is refused.
    let found = problems(&with(&[
        ("level = 0", "level = 9"),
        ("stat_increases = []", "stat_increases = [\"PER\"]"),
    ]));
    assert!(
        found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-06")
            && d.message == "a level 9 character has 2 stat points (levels 5, 9), but 1 is listed"),
        "{found}"
    );
}

#[test]
fn audit_lvl_07_levels_run_from_0_to_20() {
    // rule: CX-LVL-07
    // 000: the levelling table runs "0" (skill points "Given") to "20".
    // Nothing in the seeds counts experience points: a level is the GM's to
    // give, one at a time.
    for level in [-1, 21] {
        let found = problems(&with(&[("level = 0", &format!("level = {level}"))]));
        assert!(
            found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-07")
                && d.message == format!("level {level} is outside 0..20")),
            "{found}"
        );
    }
    assert!(
        validate(&character(TEMPLATE), sample())
            .iter()
            .all(|d| d.rule.as_deref() != Some("CX-LVL-07"))
    );
    let top = leveled(20, &["PER", "PER", "PER", "PER"], &[]);
    assert!(
        validate(&top, sample())
            .iter()
            .all(|d| d.rule.as_deref() != Some("CX-LVL-07"))
    );
    let found = level_up(&top, sample(), &up(None, &[])).unwrap_err();
    assert!(
        found.iter().any(|d| d.rule.as_deref() == Some("CX-LVL-07")
            && d.message == "Tess is already level 20, the highest"),
        "{found}"
    );
}

// --------------------------------------------------------------- CX-HOUSE

/// `text` with its house rules switched as `rules` says (`key = true`
/// lines), in a [house_rules] table added at its end (the text must have
/// none).
fn house(text: &str, rules: &str) -> String {
    format!("{text}\n[house_rules]\n{rules}\n")
}

/// The fighter of a recruit under `rules` (validated).
fn under(recruit: &Recruit, rules: &str) -> Fighter {
    Fighter::from_sheet(&valid_sheet(&house(&recruit.text(), rules)), sample())
}

#[test]
fn audit_house_01_the_secondary_pool_on_and_off() {
    // rule: CX-HOUSE-01
    // 001: "For every point in a primary stat, a secondary stat point is
    //       awarded (if the primary and secondary stats are associated). If a
    //       secondary stat is contributed to by more than one primary stat,
    //       you can assign as many points to the common secondary stat as you
    //       have points in the largest of the associated primary stats."
    // 001: "6 Strength, 3 Dexterity, and 2 Fortitude ... put 3 secondary stat
    //       points into movement speed ... 2 points are assigned there [Carry
    //       Ability] ... assign an additional 3 stat points to movement speed
    //       (for a maximum of 6 movement speed) which leaves 3 additional
    //       points for Carry Ability (for a total of 5 points)."
    // The seed's character (PER 9, CHA 7, INT 9, LUCK 6 keep the 42 points;
    // INT gives its 9 to Skill Point Gain, the cap of max(CHA 7, INT 9)).
    let stats = [
        ("STR = 6", "STR = 6"),
        ("DEX = 6", "DEX = 3"),
        ("FORT = 6", "FORT = 2"),
        ("PER = 6", "PER = 9"),
        ("CHA = 6", "CHA = 7"),
        ("INT = 6", "INT = 9"),
        ("level = 0", "level = 1"),
    ];
    let seeds_pool = "\n[secondary_pool]\nSTR = { movement_speed = 3, carry_ability = 3 }\nDEX = { movement_speed = 3 }\nFORT = { carry_ability = 2 }\nINT = { skill_point_gain = 9 }\n";
    let on = house(&with(&stats), "secondary_pool = true") + seeds_pool;
    let s = valid_sheet(&on);
    let sec = &s.secondary;
    assert_eq!(
        (sec.movement_speed, sec.carry_ability, sec.skill_point_gain),
        (6, 5, 9)
    );
    assert_eq!(s.skill_points.per_level, [18], "2 x SPG 9 (CX-LVL-02)");
    // Off (000): the largest associated primary sets each, STR only one:
    // MS 6 from STR (the choice), CA 2 from FORT, SPG 9 from INT. The pool
    // written in the file changes nothing.
    let off = house(&with(&stats), "secondary_pool = false").replace(
        "level = 1",
        "level = 1\nsecondary_choice = \"movement_speed\"",
    ) + seeds_pool;
    let s = valid_sheet(&off);
    let sec = &s.secondary;
    assert_eq!(
        (sec.movement_speed, sec.carry_ability, sec.skill_point_gain),
        (6, 2, 9)
    );
    assert_eq!(sec.set_by["carry_ability"], "FORT");
    // 001: "Or you can do any other combination, so long as Carry Ability
    //       and Movement speed don't exceed 6 points". 3 + 4 = 7 is refused,
    //       as is a primary giving more than it has, or to a secondary it is
    //       not associated with.
    // (pool, the problem)
    let cases: [(&str, &str); 4] = [
        (
            "STR = { movement_speed = 4, carry_ability = 2 }\nDEX = { movement_speed = 3 }\nFORT = { carry_ability = 2 }\nINT = { skill_point_gain = 9 }",
            "Movement Speed holds 7 points, above its largest source (6)",
        ),
        (
            "STR = { movement_speed = 3, carry_ability = 4 }\nDEX = { movement_speed = 3 }\nFORT = { carry_ability = 2 }\nINT = { skill_point_gain = 9 }",
            "STR gives 7 points but has only 6",
        ),
        (
            "STR = { movement_speed = 3, carry_ability = 3 }\nDEX = { movement_speed = 3 }\nFORT = { carry_ability = 2 }\nINT = { skill_point_gain = 9 }\nCHA = { skill_point_gain = 1 }",
            "Skill Point Gain holds 10 points, above its largest source (9)",
        ),
        (
            "STR = { movement_speed = 3, carry_ability = 3 }\nPER = { movement_speed = 1 }",
            "PER is not associated with Movement Speed",
        ),
    ];
    for (pool, problem) in cases {
        let text =
            house(&with(&stats), "secondary_pool = true") + "\n[secondary_pool]\n" + pool + "\n";
        let found = problems(&text);
        assert!(
            found
                .iter()
                .any(|d| d.rule.as_deref() == Some("CX-HOUSE-01") && d.message == problem),
            "{pool}: {found}"
        );
    }
    // 001: "In the case that you have more secondary points than you can
    //       use, (such as if you assigned 5 points to Strength, Fortitude,
    //       and Dexterity) save them for later. You can increase your base
    //       stats and apply the secondary points later".
    // STR, FORT, DEX 5 (PER, CHA, INT 7 keep the 42 points): MS 5 from DEX,
    // CA 5 from FORT, STR's 5 kept. At level 5 the stat point raises STR to
    // 6, and one STR point each now fits: MS 6, CA 6. At level 4 the same
    // pool is refused.
    let fives = [
        ("STR = 6", "STR = 5"),
        ("FORT = 6", "FORT = 5"),
        ("DEX = 6", "DEX = 5"),
        ("PER = 6", "PER = 7"),
        ("CHA = 6", "CHA = 7"),
        ("INT = 6", "INT = 7"),
    ];
    let kept = "\n[secondary_pool]\nDEX = { movement_speed = 5 }\nFORT = { carry_ability = 5 }\nINT = { skill_point_gain = 7 }\n";
    let later = "\n[secondary_pool]\nSTR = { movement_speed = 1, carry_ability = 1 }\nDEX = { movement_speed = 5 }\nFORT = { carry_ability = 5 }\nINT = { skill_point_gain = 7 }\n";
    let s = valid_sheet(&(house(&with(&fives), "secondary_pool = true") + kept));
    assert_eq!(
        (s.secondary.movement_speed, s.secondary.carry_ability),
        (5, 5)
    );
    let mut at_5 = fives.to_vec();
    at_5.push(("level = 0", "level = 5"));
    at_5.push(("stat_increases = []", "stat_increases = [\"STR\"]"));
    let s = valid_sheet(&(house(&with(&at_5), "secondary_pool = true") + later));
    assert_eq!(
        (s.secondary.movement_speed, s.secondary.carry_ability),
        (6, 6)
    );
    let mut at_4 = fives.to_vec();
    at_4.push(("level = 0", "level = 4"));
    let found = problems(&(house(&with(&at_4), "secondary_pool = true") + later));
    assert!(
        found
            .iter()
            .any(|d| d.rule.as_deref() == Some("CX-HOUSE-01")
                && d.message == "Movement Speed holds 6 points, above its largest source (5)"),
        "{found}"
    );
}

#[test]
fn audit_house_02_linear_accuracy_on_and_off() {
    // rule: CX-HOUSE-02
    // 001: "Combat Accuracy Stat Bonus = (0.3 * Stat) - 1.5 ... Round any
    //       remaining decimal to the nearest whole number that gives the best
    //       accuracy, after accounting for weapon attachments (if relevant).
    //       For example, let's say you have 6 Perception, your PER mod (for
    //       ranged accuracy) would be 0.3, which you would round to +1 bonus
    //       accuracy (-1 miss chance). In another instance you may have 7
    //       Perception (and thus a 0.6 combat bonus) and you are wielding a
    //       weapon with a 3.2x Basic Scope (0.5 bonus accuracy). Your total
    //       bonus accuracy before rounding is: 0.5 + 0.6 = 1.1 Which you would
    //       round to 2 bonus accuracy (-2 miss chance)."
    // Off, 000's table and "Drop any remaining decimal": PER 6 is 0.5 -> 0;
    // PER 7 with the scope 0.5 + 0.5 = 1.
    // The AR-7's brackets are 3/4/6; hip fire +3 without optics; blind fire
    // +6 with only the PER and LUCK bonuses (LUCK 6: 0.3 on, 0.5 off).
    // (PER, scope, on: aimed, hip, blind; off: aimed, hip, blind), first
    // bracket.
    type Case = (i64, bool, [i64; 3], [i64; 3]);
    let cases: [Case; 7] = [
        // 0.3 -> 1 | 0.5 -> 0; blind 0.3 + 0.3 = 0.6 -> 1 | 0.5 + 0.5 = 1.
        (6, false, [2, 5, 8], [3, 6, 8]),
        // 0.6 + 0.5 = 1.1 -> 2, hip 0.6 -> 1, blind 0.9 -> 1 | 1, 0, 1.
        (7, true, [1, 5, 8], [2, 6, 8]),
        // PER 5: 0 | 0; blind 0.3 -> 1 | 0.5 -> 0.
        (5, false, [3, 6, 8], [3, 6, 9]),
        // PER 4: -0.3 -> 0 (the better way) | -0.5 -> 0; blind 0 | 0.
        (4, false, [3, 6, 9], [3, 6, 9]),
        // PER 1: -1.2 -> -1 | -1.5 -> -1; blind -0.9 -> 0 | -1.0 -> -1.
        (1, false, [4, 7, 9], [4, 7, 10]),
        // PER 9: 1.2 -> 2 | 1; with the scope 1.7 -> 2 | 1.5 -> 1.
        (9, true, [1, 4, 7], [2, 5, 8]),
        // PER 15: 3.0 -> 3 | 3; blind 3.3 -> 4 | 3.5 -> 3.
        (15, false, [0, 3, 5], [0, 3, 6]),
    ];
    for (per, scope, on, off) in cases {
        for (linear, expected) in [(true, on), (false, off)] {
            let text = house(
                &with(&[("PER = 6", &format!("PER = {per}"))]),
                &format!("linear_accuracy = {linear}"),
            ) + &format!(
                "\n[[equipment.weapons]]\nid = \"assault-rifle\"\nattachments = [{}]\n",
                if scope { "\"basic-scope-3x2\"" } else { "" }
            );
            let w = &sheet(&text).weapons[0];
            let first = |m: &nanite_compound_x::MissChances| m.row(FireMode::Semi).unwrap()[0];
            assert_eq!(
                [
                    first(&w.miss_chances),
                    first(w.hip_fire.as_ref().unwrap()),
                    first(w.blind_fire.as_ref().unwrap())
                ],
                expected,
                "PER {per}, scope {scope}, linear {linear}"
            );
        }
    }
    // 001: "Ranged and melee weapon accuracy bonuses use a slightly
    //       different equation". Melee takes the best of STR, DEX and FORT
    //       (CX-STAT-05): all 6 give 0.3 -> 1 on, 0.5 -> 0 off. The combat
    //       knife's row of 2 becomes 1 on, stays 2 off; the fists' 3 (the
    //       decision of docs/rules/compound-x.md) becomes 2 on, stays 3 off.
    for (linear, knife) in [(true, 1), (false, 2)] {
        let text = house(TEMPLATE, &format!("linear_accuracy = {linear}"))
            + "\n[[equipment.weapons]]\nid = \"combat-knife\"\n";
        let w = &sheet(&text).weapons[0];
        assert_eq!(w.miss_chances.row(FireMode::Semi).unwrap(), [knife]);
    }
    // The fists in a fight: a d10 of 3 hits the 2 (on) and misses the 3 (off).
    // A hit rolls d10 + STR (1 + 6 = 7) and the body's d100 (30: full).
    let ana = Recruit::new("Ana");
    let ben = Recruit::new("Ben").fighter();
    for (linear, hit) in [(true, true), (false, false)] {
        let f = under(&ana, &format!("linear_accuracy = {linear}"));
        let mut a = Arena::with(vec![("ana", "crew", f), ("ben", "raiders", ben.clone())], 1);
        a.begin(&[]);
        let full = a.hp("ben");
        let dice: &[i64] = if hit { &[3, 1, 3, 10] } else { &[3] };
        let log = a.run(
            Command::Melee {
                id: id("ana"),
                target: id("ben"),
                weapon: None,
                kind: nanite_compound_x::encounter::MeleeKind::Strike,
                flanking: false,
            },
            dice,
        );
        assert!(
            log.contains(&format!("miss chance {}", if linear { 2 } else { 3 })),
            "{log}"
        );
        assert_eq!(a.hp("ben"), full - if hit { 7 } else { 0 }, "{log}");
    }
}

#[test]
fn audit_house_03_crit_round_up_on_and_off() {
    // rule: CX-HOUSE-03
    // 001: "((Luck-5)*0.4), round up, is added to your critical hit range.
    //       Which means, if you have a Luck stat of 6 (and thus, by the
    //       equation, +1 to your critical hit range), an attack roll of 9-10
    //       would be considered a critical hit."
    // Off, 000: "((Luck-5)*0.4), drop the remainder" (LUCK 8: 9-10).
    // (LUCK, range on, range off): on = 1 + ceil, off = 1 + truncated, never
    // below 0 faces.
    let cases = [
        (1, 0, 0),  // -1.6: -1 | -1
        (2, 0, 0),  // -1.2: -1 | -1
        (3, 1, 1),  // -0.8: 0 | 0
        (4, 1, 1),  // -0.4: 0 | 0
        (5, 1, 1),  // 0
        (6, 2, 1),  // 0.4: 1 | 0 (001's example)
        (7, 2, 1),  // 0.8: 1 | 0
        (8, 3, 2),  // 1.2: 2 | 1 (000's example)
        (10, 3, 3), // 2.0: 2 | 2
        (11, 4, 3), // 2.4: 3 | 2
        (15, 5, 5), // 4.0: 4 | 4
        (20, 7, 7), // 6.0: 6 | 6
    ];
    for (luck, on, off) in cases {
        for (round_up, range) in [(true, on), (false, off)] {
            let s = sheet(&house(
                &with(&[("LUCK = 6", &format!("LUCK = {luck}"))]),
                &format!("crit_round_up = {round_up}"),
            ));
            assert_eq!(
                s.breakdown["crit_range"].total_through(nanite_core::ModifierPhase::Base),
                range,
                "LUCK {luck}, round up {round_up}"
            );
        }
    }
    // In a fight: Vex (LUCK 6) aims her SMG (row 3) at the raider 12 m off;
    // a d10 of 9 is a critical hit with the rule on (+20 damage) and a plain
    // hit off. The raider's padded vest (40%) is missed by a d100 of 45 (the
    // body, full damage); 2d10 1 + 1 + 8 = 10, +20 on a critical.
    for (round_up, critical, damage) in [(true, true, 30), (false, false, 10)] {
        let vex = super::arena::VEX.replace(
            "crit_round_up = false",
            &format!("crit_round_up = {round_up}"),
        );
        let mut a = Arena::with(
            vec![
                ("vex", "crew", super::arena::fighter(&vex)),
                (
                    "raider",
                    "raiders",
                    super::arena::fighter(super::arena::RAIDER),
                ),
            ],
            12,
        );
        a.begin(&[]);
        a.run(super::arena::aim("vex"), &[]);
        let full = a.hp("raider");
        let log = a.run(super::arena::fire("vex", "raider"), &[9, 1, 1, 4, 5]);
        assert_eq!(log.contains("critical"), critical, "{log}");
        assert_eq!(a.hp("raider"), full - damage, "{log}");
    }
}

/// A melee blow (a strike) by `who` at `at` with `weapon` (none: fists).
fn blow(who: &str, at: &str, weapon: Option<usize>) -> Command {
    Command::Melee {
        id: id(who),
        target: id(at),
        weapon,
        kind: nanite_compound_x::encounter::MeleeKind::Strike,
        flanking: false,
    }
}

#[test]
fn audit_house_04_melee_guard_on_and_off() {
    // rule: CX-HOUSE-04
    // 000: "To hit an enemy player, add your dexterity modifier to a d100
    //       roll, plus any relevant skill. The result must be greater than
    //       the opponent's DEX * 5 + any skill in combat (Guard DC)."
    // 000: "Skill in grappling is different than skill in unarmed combat."
    // Ana: DEX 6 (+4), Melee 20, Grappling 30, a combat knife. The relevant
    // skill of a knife is Melee (its weapon skill), of the fists Unarmed (0):
    // +24 with the knife, +4 with the fists; Grappling is no part of a blow.
    // Ben: DEX 6, Melee 10: Guard DC 6 * 5 + 10 = 40.
    let ana = Recruit::new("Ana")
        .skill("melee", 20)
        .skill("grappling", 30)
        .weapon("combat-knife", &[], 0);
    let ben = Recruit::new("Ben").skill("melee", 10);
    let guard = "melee_guard = true";
    // (weapon, d100, hit): a hit rolls the knife's d10 + STR + DEX (1 + 12 =
    // 13) or the fists' d10 + STR (1 + 6 = 7), and the body's d100 30.
    let cases: [(Option<usize>, [i64; 2], Option<i64>); 5] = [
        (Some(0), [1, 6], None),     // 16 + 24 = 40: a tie misses
        (Some(0), [1, 7], Some(13)), // 17 + 24 = 41 > 40
        (None, [3, 6], None),        // 36 + 4 = 40: a tie misses
        (None, [3, 7], Some(7)),     // 37 + 4 = 41 > 40
        // 100 + 24 hits, and the d100 model has no critical (+20).
        (Some(0), [10, 10], Some(13)),
    ];
    for (weapon, d100, hit) in cases {
        let mut a = Arena::with(
            vec![
                ("ana", "crew", under(&ana, guard)),
                ("ben", "raiders", under(&ben, guard)),
            ],
            1,
        );
        a.begin(&[]);
        let full = a.hp("ben");
        let mut dice = d100.to_vec();
        if hit.is_some() {
            dice.extend([1, 3, 10]);
        }
        let log = a.run(blow("ana", "ben", weapon), &dice);
        assert!(log.contains("Guard DC 40"), "{log}");
        let bonus = if weapon.is_some() { 24 } else { 4 };
        assert!(
            log.contains(&format!("+{bonus} DEX bonus + ")),
            "{weapon:?}: {log}"
        );
        assert_eq!(
            a.hp("ben"),
            full - hit.unwrap_or(0),
            "{weapon:?} {d100:?}: {log}"
        );
    }
    // Ana's sheet: her own Guard DC counts her best combat skill, Grappling
    // (30 + 30 = 60); the fists' attack is DEX bonus + Unarmed 0 = +4.
    let g = valid_sheet(&house(&ana.text(), guard)).melee_guard.unwrap();
    assert_eq!(
        (g.guard_dc, g.guard_skill.as_deref(), g.attack_bonus),
        (60, Some("grappling"), 4)
    );
    // The Guard DC at the edges: DEX 1 and no combat skill is 5; DEX 9 with
    // Melee 10 and Grappling 30 counts the best, 30: 45 + 30 = 75.
    let frail = Recruit::new("Frail")
        .stat("DEX", 1)
        .stat("PER", 9)
        .stat("INT", 8);
    let s = valid_sheet(&house(&frail.text(), guard));
    assert_eq!(s.melee_guard.as_ref().unwrap().guard_dc, 5);
    let deft = Recruit::new("Deft")
        .stat("DEX", 9)
        .stat("LUCK", 3)
        .skill("melee", 10)
        .skill("grappling", 30);
    let s = valid_sheet(&house(&deft.text(), guard));
    assert_eq!(s.melee_guard.as_ref().unwrap().guard_dc, 75);
    // Off (the catalog's decision, CX-MELEE-01): the d10 against the knife's
    // row, 2 (combat bonus of 6s: 0.5 -> 0): a 2 misses, a 3 hits; no d100.
    let off = "melee_guard = false";
    for (d10, hit) in [(2, false), (3, true)] {
        let mut a = Arena::with(
            vec![
                ("ana", "crew", under(&ana, off)),
                ("ben", "raiders", under(&ben, off)),
            ],
            1,
        );
        a.begin(&[]);
        let full = a.hp("ben");
        let dice: Vec<i64> = if hit { vec![d10, 1, 3, 10] } else { vec![d10] };
        let log = a.run(blow("ana", "ben", Some(0)), &dice);
        assert!(!log.contains("Guard DC"), "{log}");
        assert!(log.contains("miss chance 2"), "{log}");
        assert_eq!(a.hp("ben"), full - if hit { 13 } else { 0 }, "{log}");
    }
    assert!(valid_sheet(&house(&ana.text(), off)).melee_guard.is_none());
}

/// Downs `who` with explosive blasts of at most 60 (no Shock save).
fn down(a: &mut Arena, who: &str) {
    while a.hp(who) > 0 {
        let hp = a.hp(who);
        a.run(blast(who, hp.min(60)), &[]);
    }
    assert!(a.f(who).is_downed());
}

#[test]
fn audit_house_05_fort_downed_on_and_off() {
    // rule: CX-HOUSE-05
    // 001: "Downed - Your health has fallen below 0. Every turn in this
    //       condition, you must pass a DC 70 Fort save. You are allowed a
    //       number of failures equal to your Fort score, for your lifespan.
    //       when you have failed more times than your Fort score, you die."
    // A Fort save is d100 + the FORT bonus (the decision of
    // docs/rules/compound-x.md). The raider's FORT 6 gives +4: 66 + 4 = 70
    // ties and fails, 67 + 4 = 71 holds. Six failures are survived, the
    // seventh kills; successes in between change nothing.
    let raider = |fort: i64, rule: bool| {
        let mut text = house(super::arena::RAIDER, &format!("fort_downed = {rule}"));
        if fort != 6 {
            text = text.replace("FORT = 6", &format!("FORT = {fort}"));
        }
        super::arena::fighter(&text)
    };
    let mut a = Arena::with(
        vec![
            ("vex", "crew", super::arena::fighter(super::arena::VEX)),
            ("raider", "raiders", raider(6, true)),
        ],
        12,
    );
    a.begin(&[]);
    down(&mut a, "raider");
    // (d100, failed so far, dead)
    let saves: [([i64; 2], i64, bool); 9] = [
        ([6, 6], 1, false),
        ([6, 7], 1, false),
        ([10, 10], 1, false),
        ([10, 1], 2, false),
        ([6, 6], 3, false),
        ([1, 1], 4, false),
        ([6, 6], 5, false),
        ([6, 6], 6, false),
        ([6, 6], 7, true),
    ];
    for (n, (dice, failed, dead)) in saves.into_iter().enumerate() {
        let log = a.next(&dice);
        assert!(log.contains("DC 70"), "save {}: {log}", n + 1);
        assert_eq!(a.c("raider").fort_failures, failed, "save {}: {log}", n + 1);
        assert_eq!(a.f("raider").dead, dead, "save {}: {log}", n + 1);
        if dead {
            assert!(
                log.contains("7 failed Fort saves, more than FORT 6 (CX-HOUSE-05)"),
                "{log}"
            );
        } else {
            a.next(&[]);
        }
    }
    // FORT 1 (bonus -16): the second failure kills; 86 - 16 = 70 still fails.
    let mut a = Arena::with(
        vec![
            ("vex", "crew", super::arena::fighter(super::arena::VEX)),
            ("raider", "raiders", raider(1, true)),
        ],
        12,
    );
    a.begin(&[]);
    down(&mut a, "raider");
    a.next(&[8, 6]);
    assert!(!a.f("raider").dead);
    a.next(&[]);
    a.next(&[8, 7]);
    assert!(!a.f("raider").dead, "87 - 16 = 71 holds");
    a.next(&[]);
    a.next(&[8, 6]);
    assert!(a.f("raider").dead, "two failures, more than FORT 1");
    // Off (000): death saves, "not modified by any attribute", DC 50: a d100
    // of 47 fails (47 + 4 would have passed), and the third failure kills.
    let mut a = Arena::with(
        vec![
            ("vex", "crew", super::arena::fighter(super::arena::VEX)),
            ("raider", "raiders", raider(6, false)),
        ],
        12,
    );
    a.begin(&[]);
    down(&mut a, "raider");
    for (n, dice) in [[4, 7], [5, 10], [10, 1]].into_iter().enumerate() {
        let log = a.next(&dice);
        assert!(log.contains("against DC 50"), "{log}");
        assert!(!log.contains("DC 70"), "{log}");
        assert_eq!(a.f("raider").dead, n == 2, "{log}");
        assert_eq!(a.c("raider").fort_failures, 0);
        if n < 2 {
            a.next(&[]);
        }
    }
}
