//! Downed, death saves, stabilizing, revives, outright kills, shock and
//! waking in a running fight, with forced dice (CX-DEATH-01..10).

use nanite_compound_x::DamageType;
use nanite_compound_x::combat::{ConditionKind, Fighter, Stance};
use nanite_compound_x::encounter::Command;

use super::arena::{
    Arena, RAIDER, Recruit, VEX, act, afflict, aim, blast, fighter, fire, harm, id, stabilize,
};

/// Vex (first) and `patient` (second) adjacent, begun: Vex's turn.
fn beside(patient: Fighter) -> Arena {
    let mut a = Arena::with(
        vec![
            ("vex", "crew", fighter(VEX)),
            ("raider", "raiders", patient),
        ],
        1,
    );
    a.begin(&[]);
    a
}

/// Downs the raider (120 HP) with two 60-point blasts: explosives roll no
/// armor, and 60 is too little for a Shock save.
fn down(a: &mut Arena, who: &str) {
    a.run(blast(who, 60), &[]);
    a.run(blast(who, 60), &[]);
    assert!(a.f(who).is_downed());
}

#[test]
fn downed_at_zero_whatever_the_blow_then_negative() {
    // rule: CX-DEATH-01
    // rule: CX-DEATH-02
    // rule: CX-COND-12
    // A blast, a shot, a tick: each first downing sets health to 0.
    let mut a = beside(fighter(RAIDER));
    a.run(blast("raider", 60), &[]);
    a.run(blast("raider", 65), &[]);
    assert_eq!(a.hp("raider"), 0, "a blast: 55 - 65 stops at 0");
    a.run(blast("raider", 7), &[]);
    assert_eq!(a.hp("raider"), -7, "further damage goes negative");

    let mut a = beside(fighter(RAIDER));
    a.run(blast("raider", 60), &[]);
    a.run(blast("raider", 50), &[]);
    a.run(aim("vex"), &[]);
    // The SMG at 1 m: aimed 3; 8 hits for 2d10+8 = 5+6+8 = 19; the armor
    // d100 4,5 = 45 misses the padded vest (40%) and is 50 or under: full.
    let log = a.run(fire("vex", "raider"), &[8, 5, 6, 4, 5]);
    assert!(log.contains("damage to Depot Raider's health: 19"), "{log}");
    assert!(log.contains("Depot Raider is downed"), "{log}");
    assert_eq!(a.hp("raider"), 0, "a shot: 10 - 19 stops at 0");

    // Bleeding with 3 stacks: (10/2 + 1) * 3 = 18 at the raider's turn
    // start, against its 5; then the death save of that turn (6,10 = 60).
    let mut a = beside(fighter(RAIDER));
    a.run(blast("raider", 60), &[]);
    a.run(blast("raider", 55), &[]);
    for _ in 0..3 {
        a.run(afflict("raider", ConditionKind::Bleeding, None), &[]);
    }
    let log = a.next(&[10, 10, 10, 6, 10]);
    assert!(log.contains("takes 18 from bleeding"), "{log}");
    assert!(
        log.contains("bleeding ends: the bearer is downed (CX-DEATH-02)"),
        "{log}"
    );
    assert!(log.contains("death save: d100 = 60"), "{log}");
    assert_eq!(a.hp("raider"), 0);
}

#[test]
fn downed_ends_ongoing_damage_lies_prone_and_says_nothing() {
    // rule: CX-DEATH-02
    // rule: CX-COND-12
    let mut a = beside(fighter(RAIDER));
    for kind in [
        ConditionKind::Bleeding,
        ConditionKind::Burning,
        ConditionKind::Poisoned,
        ConditionKind::PlasmaBurn,
        ConditionKind::Fear,
    ] {
        a.run(afflict("raider", kind, None), &[]);
    }
    down(&mut a, "raider");
    let c = a.c("raider");
    assert_eq!(c.stance, Stance::Prone);
    let left: Vec<ConditionKind> = a
        .state()
        .conditions(&id("raider"))
        .map(|c| c.kind)
        .collect();
    assert_eq!(left, [ConditionKind::Fear], "only ongoing damage ends");
    // No ongoing damage can be put on a downed combatant.
    let why = a.refuse(afflict("raider", ConditionKind::Burning, None), &[]);
    assert!(
        why.contains("ongoing damage ends when downed (CX-DEATH-02)"),
        "{why}"
    );
    // It cannot move, stand or speak: not even a free action.
    a.next(&[6, 10]);
    for command in [
        act("raider", "shout for help", 0),
        super::arena::stance("raider", Stance::Standing),
        act("raider", "crawl", 1),
    ] {
        let why = a.refuse(command, &[]);
        assert!(
            why.contains("downed and bleeding out: only a death save each turn until stabilized (CX-DEATH-02)"),
            "{why}"
        );
    }
}

#[test]
fn a_death_save_is_a_bare_d100_against_50_once_a_turn() {
    // rule: CX-DEATH-03
    // rule: CX-DICE-03
    // rule: CX-DICE-01
    let cases = [
        ([5, 1], "d100 = 51 against DC 50: holds on"),
        ([5, 10], "d100 = 50 against DC 50: failed, 2 left"),
        ([10, 10], "d100 = 100 against DC 50: holds on"),
        ([10, 1], "d100 = 1 against DC 50: failed, 2 left"),
    ];
    for (dice, expected) in cases {
        let mut a = beside(fighter(RAIDER));
        down(&mut a, "raider");
        // Only at the raider's turn start, with no modifiers at all.
        let log = a.next(&dice);
        assert!(log.contains(expected), "{dice:?}: {log}");
        assert_eq!(a.left(), 0, "a downed combatant's turn has no actions");
        // Vex's turn rolls nothing for the raider.
        a.next(&[]);
    }
}

#[test]
fn the_death_save_allowance_shrinks_with_failures_across_downings() {
    // rule: CX-DEATH-04
    // rule: CX-DEATH-05
    // (failed in the 1st downing, failed in the 2nd) -> saves at the 3rd.
    let cases = [
        ((true, true), 1),
        ((true, false), 2),
        ((false, true), 2),
        ((false, false), 3),
    ];
    for ((first, second), third) in cases {
        let mut a = beside(fighter(RAIDER));
        for fail in [first, second] {
            down_from_any(&mut a, "raider");
            let log = a.next(if fail { &[2, 10] } else { &[6, 10] });
            assert!(
                log.contains(if fail { "failed" } else { "holds on" }),
                "{log}"
            );
            a.next(&[]);
            // Vex: 7,5 = 75 + Medicine 20 = 95 > 80.
            a.run(stabilize("vex", "raider", false), &[7, 5]);
        }
        assert_eq!(
            a.f("raider").death_saves.allowance,
            third,
            "{first} {second}"
        );
        // The third downing: that many failures kill.
        down_from_any(&mut a, "raider");
        for n in 1..=third {
            let log = a.next(&[1, 1]);
            if n < third {
                assert!(
                    log.contains(&format!("failed, {} left", third - n)),
                    "{log}"
                );
                a.next(&[]);
            } else {
                assert!(log.contains("failed: the last one"), "{log}");
                assert!(
                    log.contains("Depot Raider dies: the last death save failed (CX-DEATH-04)"),
                    "{log}"
                );
            }
        }
        assert!(a.f("raider").dead);
    }
}

#[test]
fn stabilizing_is_a_dex_check_with_the_better_of_medicine_and_repair() {
    // rule: CX-DEATH-05
    // rule: CX-DICE-02
    let vex = || fighter(VEX);
    // A medic: DEX 8 (+12), Medicine 50 and the Medic class's +10.
    let doc = Recruit::new("Doc")
        .class("medic")
        .stat("DEX", 8)
        .stat("LUCK", 4)
        .skill("medicine", 50)
        .fighter();
    // An engineer: DEX 6 (+4), Repair 30 and the Tinkerer's +10 over
    // Medicine 10.
    let fixer = Recruit::new("Fixer")
        .class("engineer")
        .skill("repair", 30)
        .skill("medicine", 10)
        .fighter();
    let cases: [(&str, Fighter, [i64; 2], i64, bool); 6] = [
        // 61 + DEX 0 + Medicine 20 = 81 > 80; 60 + 20 = 80 fails.
        ("vex", vex(), [6, 1], 81, true),
        ("vex", vex(), [6, 10], 80, false),
        // 9 + 12 + 50 + 10 = 81.
        ("doc", doc.clone(), [10, 9], 81, true),
        ("doc", doc, [10, 8], 80, false),
        // 37 + 4 + Repair 30 + 10 = 81.
        ("fixer", fixer.clone(), [3, 7], 81, true),
        ("fixer", fixer, [3, 6], 80, false),
    ];
    for (who, medic, dice, total, success) in cases {
        let mut a = Arena::with(
            vec![
                ("medic", "crew", medic),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            1,
        );
        a.begin(&[]);
        down(&mut a, "raider");
        let log = a.run(stabilize("medic", "raider", false), &dice);
        let compare = if success { ">" } else { "<=" };
        assert!(
            log.contains(&format!("total {total} {compare} DC 80")),
            "{who}: {log}"
        );
        assert_eq!(a.left(), 1, "3 actions");
        assert_eq!(!a.f("raider").is_downed(), success, "{who}");
        if success {
            assert_eq!(a.hp("raider"), 1);
            // Back in the order: its next turn has its actions and no save.
            let log = a.next(&[]);
            assert!(!log.contains("death save"), "{log}");
            assert_eq!(a.left(), 4);
        }
    }
}

#[test]
fn stabilizing_needs_an_adjacent_downed_target_and_three_actions() {
    // rule: CX-DEATH-05
    // rule: CX-MOVE-08
    let mut a = beside(fighter(RAIDER));
    let why = a.refuse(stabilize("vex", "raider", false), &[7, 5]);
    assert!(
        why.contains("raider is not downed; only a downed combatant is stabilized"),
        "{why}"
    );
    down(&mut a, "raider");
    a.run(super::arena::distance("vex", "raider", 2), &[]);
    let why = a.refuse(stabilize("vex", "raider", false), &[7, 5]);
    assert!(
        why.contains("vex is 2 m from raider; stabilizing needs them adjacent"),
        "{why}"
    );
    a.run(super::arena::distance("vex", "raider", 1), &[]);
    a.run(act("vex", "drag", 3), &[]);
    a.run(act("vex", "drag", 1), &[]);
    let why = a.refuse(stabilize("vex", "raider", false), &[7, 5]);
    assert!(why.contains("needs 3 action(s)"), "{why}");
    a.run(
        Command::Kill {
            target: id("raider"),
            why: "a falling crate".into(),
        },
        &[],
    );
    let why = a.refuse(stabilize("vex", "raider", false), &[7, 5]);
    assert!(why.contains("raider is not downed but dead"), "{why}");
}

#[test]
fn revives_past_max_of_two_and_half_fort_leave_the_target_unconscious() {
    // rule: CX-DEATH-06
    // (patient, revives allowed): FORT 2 and 4 give 2, FORT 6 gives 3, 9 gives 4.
    let cases = [
        (
            Recruit::new("Frail")
                .stat("FORT", 2)
                .stat("DEX", 8)
                .stat("PER", 8),
            2,
        ),
        (Recruit::new("Wiry").stat("FORT", 4).stat("DEX", 8), 2),
        (Recruit::new("Tess"), 3),
        (Recruit::new("Ox").stat("FORT", 9).stat("STR", 3), 4),
    ];
    for (patient, allowed) in cases {
        let mut a = beside(patient.fighter());
        for revive in 1..=allowed + 1 {
            // Downed on Vex's turn, a death save held on its own (6,10 = 60),
            // stabilized on Vex's next (7,5 = 75 + Medicine 20 = 95).
            down_from_any(&mut a, "raider");
            a.next(&[6, 10]);
            a.next(&[]);
            let log = a.run(stabilize("vex", "raider", false), &[7, 5]);
            assert!(log.contains("stabilizes"), "{log}");
            assert_eq!(a.c("raider").revives, revive);
            let out = a.has("raider", ConditionKind::Unconscious);
            assert_eq!(out, revive > allowed, "{patient:?}, revive {revive}: {log}");
        }
        assert_eq!(a.c("raider").stance, Stance::Prone);
        assert_eq!(a.hp("raider"), 1);
    }
}

/// Downs `who` from any health with blasts of at most 60 (no Shock save).
fn down_from_any(a: &mut Arena, who: &str) {
    while a.hp(who) > 0 {
        let hp = a.hp(who);
        a.run(blast(who, hp.min(60)), &[]);
    }
}

/// A medic: DEX 8 (+12), Medicine 50 and the Medic class's +10, 2 medikits.
fn doc() -> Fighter {
    Recruit::new("Doc")
        .class("medic")
        .stat("DEX", 8)
        .stat("LUCK", 4)
        .skill("medicine", 50)
        .item("medikit", 2)
        .fighter()
}

#[test]
fn stabilize_criticals_spare_the_revive_or_force_an_extra_death_save() {
    // rule: CX-DEATH-07
    // rule: CX-DEATH-08
    struct Case {
        what: &'static str,
        medic: Fighter,
        kit: bool,
        allowance: u32,
        dice: Vec<i64>,
        stabilized: bool,
        revives: i64,
        text: &'static str,
    }
    let case = |what, medic, kit, allowance, dice: &[i64], stabilized, revives, text| Case {
        what,
        medic,
        kit,
        allowance,
        dice: dice.to_vec(),
        stabilized,
        revives,
        text,
    };
    let vex = || fighter(VEX);
    let cases = [
        // Vex: DEX 0 + Medicine 20.
        case(
            "91 is a critical success",
            vex(),
            false,
            3,
            &[9, 1],
            true,
            0,
            "this revive does not count",
        ),
        case(
            "100 too",
            vex(),
            false,
            3,
            &[10, 10],
            true,
            0,
            "this revive does not count",
        ),
        case(
            "90 is a plain success",
            vex(),
            false,
            3,
            &[9, 10],
            true,
            1,
            "total 110 > DC 80",
        ),
        // 05: a critical failure; the extra save 7,10 = 70 holds, but 25
        // does not beat 80.
        case(
            "05 forces a death save",
            vex(),
            false,
            3,
            &[10, 5, 7, 10],
            false,
            0,
            "holds on",
        ),
        case(
            "06 is a plain failure",
            vex(),
            false,
            3,
            &[10, 6],
            false,
            0,
            "total 26 <= DC 80",
        ),
        case(
            "the extra save can fail",
            vex(),
            false,
            3,
            &[10, 1, 2, 10],
            false,
            0,
            "failed, 2 left",
        ),
        // Doc with a kit: 3 + 12 + 60 + 20 = 95 still beats 80 after the
        // extra save: stabilized, and the revive counts.
        case(
            "a survived critical failure still stabilizes",
            doc(),
            true,
            3,
            &[10, 3, 6, 10],
            true,
            1,
            "holds on",
        ),
        case(
            "a failed extra save that is not the last",
            doc(),
            true,
            3,
            &[10, 3, 2, 10],
            true,
            1,
            "failed, 2 left",
        ),
        case(
            "the last save fails: dead",
            doc(),
            true,
            1,
            &[10, 3, 2, 10],
            false,
            0,
            "the extra death save of a critical failure failed (CX-DEATH-07)",
        ),
    ];
    for c in cases {
        let mut patient = fighter(RAIDER);
        patient.death_saves.allowance = c.allowance;
        let mut a = Arena::with(
            vec![("medic", "crew", c.medic), ("raider", "raiders", patient)],
            1,
        );
        a.begin(&[]);
        down(&mut a, "raider");
        let log = a.run(stabilize("medic", "raider", c.kit), &c.dice);
        assert!(log.contains(c.text), "{}: {log}", c.what);
        let raider = a.f("raider");
        assert_eq!(
            !raider.is_downed() && !raider.dead,
            c.stabilized,
            "{}: {log}",
            c.what
        );
        assert_eq!(a.c("raider").revives, c.revives, "{}", c.what);
        if c.dice[..2] == [10, 5] || c.dice[..2] == [10, 1] || c.dice[..2] == [10, 3] {
            assert!(
                log.contains(
                    "critical failure (01-05): an immediate extra death save (CX-DEATH-07)"
                ),
                "{}: {log}",
                c.what
            );
        }
    }
}

#[test]
fn on_a_critical_success_the_medic_chooses_whether_the_revive_counts() {
    // rule: CX-DEATH-07
    // 002: "On critical success (base Critical range 10), your excellent
    // care allows you to choose whether the target counts this revival
    // against their revivals per encounter limit." Vex: 95 + Medicine 20.
    // (the d100, the medic counts it, revives after, the note)
    const CASES: &[(&[i64], bool, i64, &str)] = &[
        (
            &[9, 5],
            false,
            0,
            "this revive does not count, as the medic chose",
        ),
        (
            &[9, 5],
            true,
            1,
            "the medic chose to count this revive all the same",
        ),
        // Off a critical (90) the choice changes nothing: it counts.
        (&[9, 10], true, 1, "total 110 > DC 80"),
        (&[9, 10], false, 1, "total 110 > DC 80"),
    ];
    for &(dice, count_revive, revives, note) in CASES {
        let mut a = beside(fighter(RAIDER));
        down(&mut a, "raider");
        let log = a.run(
            Command::Stabilize {
                id: id("vex"),
                target: id("raider"),
                kit: false,
                count_revive,
            },
            dice,
        );
        assert!(log.contains(note), "{log}");
        assert!(!a.f("raider").is_downed(), "{log}");
        assert_eq!(a.c("raider").revives, revives, "{dice:?} {count_revive}");
    }
}

#[test]
fn the_death_save_allowance_is_carried_from_fight_to_fight() {
    // rule: CX-DEATH-04
    // 000: "Once you fail a DST, the next time you fall below 1 health
    // point you only get 2 ... You regain a DST by going a whole encounter
    // without failing a DST. You can have a maximum of 3 saving throws."
    // (the file's death_saves, a failed save in this fight, carried after)
    const CASES: &[(Option<i64>, bool, u32)] = &[
        (None, false, 3),
        (Some(3), false, 3),
        (Some(2), false, 3),
        (Some(1), false, 2),
        (None, true, 2),
        (Some(2), true, 1),
    ];
    for &(carried, fail, after) in CASES {
        let text = match carried {
            Some(n) => RAIDER.replace("level = 1\n", &format!("level = 1\ndeath_saves = {n}\n")),
            None => RAIDER.to_string(),
        };
        let raider = fighter(&text);
        let start = carried.map_or(3, |n| u32::try_from(n).unwrap());
        // The fight starts from the file's allowance, and the sheet shows it.
        assert_eq!(raider.death_saves.allowance, start, "{carried:?}");
        assert_eq!(
            raider.survival.death_saves,
            Some(i64::from(start)),
            "{carried:?}"
        );
        let mut a = beside(raider);
        if fail {
            // Downed, a failed save, stabilized by Vex (75 + 20 > 80).
            down_from_any(&mut a, "raider");
            let log = a.next(&[2, 10]);
            assert!(log.contains("failed"), "{log}");
            a.next(&[]);
            a.run(stabilize("vex", "raider", false), &[7, 5]);
        }
        let log = a.run(Command::Clock(nanite_core::ClockCommand::End), &[]);
        let line = format!(
            "Depot Raider (raider) carries {after} death save{} into the next fight (death_saves = {after} in its character file)",
            if after == 1 { "" } else { "s" }
        );
        assert!(log.contains(&line), "{carried:?} {fail}: {log}");
        // Vex, who never went down, keeps her 3.
        assert!(
            log.contains("Vex Marrow (vex) carries 3 death saves"),
            "{log}"
        );
    }
}

#[test]
fn a_downing_still_under_way_with_a_failure_lowers_what_is_carried() {
    // rule: CX-DEATH-04
    // The fight ends with the raider still bleeding out after a failed
    // save: that downing had a failure, so it carries 2, not 3.
    let mut a = beside(fighter(RAIDER));
    down_from_any(&mut a, "raider");
    let log = a.next(&[2, 10]);
    assert!(log.contains("failed"), "{log}");
    let log = a.run(Command::Clock(nanite_core::ClockCommand::End), &[]);
    assert!(
        log.contains("Depot Raider (raider) carries 2 death saves into the next fight"),
        "{log}"
    );
}

#[test]
fn a_kit_helps_every_stabilize_on_its_target_that_round_only() {
    // rule: CX-DEATH-08
    // Vex, then Tam (DEX 6: +4, Medicine 10, no kit), then the raider.
    let tam = Recruit::new("Tam").skill("medicine", 10).fighter();
    let start = || {
        let mut a = Arena::with(
            vec![
                ("vex", "crew", fighter(VEX)),
                ("tam", "crew", tam.clone()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            1,
        );
        a.begin(&[]);
        down(&mut a, "raider");
        // Vex spends a medikit: 30 + 20 + kit 20 = 70, not enough.
        let log = a.run(stabilize("vex", "raider", true), &[3, 10]);
        assert!(log.contains("Vex Marrow uses up a medikit"), "{log}");
        assert!(log.contains("total 70 <= DC 80"), "{log}");
        a
    };
    // Tam, the same round: 57 + 4 + 10 + the kit's 20 = 91.
    let mut a = start();
    assert_eq!(a.f("vex").items[0].count, 1, "one of two medikits left");
    a.next(&[]);
    let why = a.refuse(stabilize("tam", "raider", true), &[5, 7]);
    assert!(
        why.contains("tam has no medikit or repair kit to spend (CX-DEATH-08)"),
        "{why}"
    );
    let log = a.run(stabilize("tam", "raider", false), &[5, 7]);
    assert!(
        log.contains("+20 kit spent this round (CX-DEATH-08)"),
        "{log}"
    );
    assert!(log.contains("total 91 > DC 80"), "{log}");
    // The next round the kit's help is gone: 57 + 4 + 10 = 71.
    let mut a = start();
    a.next(&[]);
    a.next(&[6, 10]);
    a.next(&[]);
    a.next(&[]);
    let log = a.run(stabilize("tam", "raider", false), &[5, 7]);
    assert!(log.contains("total 71 <= DC 80"), "{log}");
}

#[test]
fn a_stabilize_begun_with_the_last_action_spares_one_death_save_only() {
    // rule: CX-DEATH-08
    // rule: CX-DEATH-03
    // Begun with the last action: 2 remain for the next turn.
    let mut a = beside(fighter(RAIDER));
    down(&mut a, "raider");
    a.run(act("vex", "draw a medikit", 3), &[]);
    let log = a.run(stabilize("vex", "raider", false), &[]);
    assert!(log.contains("begin stabilizing raider (1 action)"), "{log}");
    let log = a.next(&[]);
    assert!(!log.contains("death save"), "{log}");
    a.next(&[]);
    a.run(stabilize("vex", "raider", false), &[7, 5]);
    assert_eq!(a.left(), 2);
    assert_eq!(a.hp("raider"), 1);
    // Begun with the last 2 and not finished: the effect runs out at the
    // end of Vex's next turn, and the raider's save comes back.
    let mut a = beside(fighter(RAIDER));
    down(&mut a, "raider");
    a.run(act("vex", "draw a medikit", 2), &[]);
    a.run(stabilize("vex", "raider", false), &[]);
    assert!(!a.next(&[]).contains("death save"));
    let log = a.next(&[]);
    assert!(log.contains("-- Vex Marrow's turn"), "{log}");
    let log = a.next(&[6, 10]);
    assert!(
        log.contains("stabilizing raider ended at the end of vex's turn"),
        "{log}"
    );
    assert!(log.contains("death save: d100 = 60"), "{log}");
}

#[test]
fn a_hazard_that_kills_outright_leaves_nothing_to_do() {
    // rule: CX-DEATH-09
    for downed_first in [false, true] {
        let mut a = beside(fighter(RAIDER));
        if downed_first {
            down(&mut a, "raider");
        }
        let log = a.run(
            Command::Kill {
                target: id("raider"),
                why: "the reactor vents".into(),
            },
            &[],
        );
        assert_eq!(
            log,
            "Depot Raider dies: the reactor vents (kills outright, CX-DEATH-09)"
        );
        assert!(a.f("raider").dead);
        let refusals = [
            (
                Command::Kill {
                    target: id("raider"),
                    why: "again".into(),
                },
                "raider is already dead",
            ),
            (fire("vex", "raider"), "raider is already dead"),
            (blast("raider", 10), "raider is already dead"),
            (
                afflict("raider", ConditionKind::Fear, None),
                "raider is dead",
            ),
            (stabilize("vex", "raider", false), "not downed but dead"),
            (act("raider", "twitch", 0), "raider cannot act: dead"),
        ];
        for (command, expected) in refusals {
            let why = a.refuse(command, &[]);
            assert!(why.contains(expected), "{why}");
        }
        // Its turns pass with nothing rolled and every action spent.
        let log = a.next(&[]);
        assert!(log.contains("Depot Raider: dead (4 actions)"), "{log}");
    }
}

/// Damage, its type and APL, the dice, health after, knocked out.
type ShockCase = (i64, DamageType, i64, &'static [i64], i64, bool);

#[test]
fn more_than_70_damage_at_once_forces_a_shock_save() {
    // rule: CX-DEATH-10
    // rule: CX-DMG-03
    // Vex: 140 HP, Shock save +14. (damage, type, APL, dice, health, out)
    let cases: [ShockCase; 6] = [
        // 70 is not more than 70: no save.
        (70, DamageType::Explosive, 0, &[], 70, false),
        // 71: 57 + 14 = 71 is not above DC 71; 58 + 14 = 72 is.
        (71, DamageType::Explosive, 0, &[5, 7], 69, true),
        (71, DamageType::Explosive, 0, &[5, 8], 69, false),
        // The shield takes 30 of a 100 laser: 70 reach the body (1,10 =
        // 10: full damage), no save.
        (100, DamageType::Laser, 0, &[1, 10], 70, false),
        // Armor struck (1,10 = 10) and pierced (APL 5): 15 armor points,
        // 135 to health; the save 100 + 14 = 114 does not beat 135.
        (150, DamageType::Ballistic, 5, &[1, 10, 10, 10], 5, true),
        // Half damage through the body (9,10 = 90): 50, no save.
        (100, DamageType::Ballistic, 0, &[9, 10], 90, false),
    ];
    for (amount, kind, apl, dice, hp, out) in cases {
        let mut a = Arena::duel();
        let log = a.run(harm("vex", amount, kind, apl), dice);
        assert_eq!(a.hp("vex"), hp, "{amount} {kind:?}: {log}");
        assert_eq!(a.has("vex", ConditionKind::Unconscious), out, "{log}");
        if out {
            assert!(log.contains("knocked unconscious (CX-DEATH-10)"), "{log}");
            assert_eq!(a.c("vex").stance, Stance::Prone);
            let why = a.refuse(act("vex", "crawl", 1), &[]);
            assert!(
                why.contains("unconscious (no actions, CX-COND-11)"),
                "{why}"
            );
        }
    }
    // An already downed target rolls no Shock save.
    let mut a = Arena::duel();
    down(&mut a, "raider");
    a.run(blast("raider", 100), &[]);
    assert_eq!(a.hp("raider"), -100);
}

#[test]
fn the_unconscious_roll_to_wake_for_at_most_15_minus_fort_turns() {
    // rule: CX-DEATH-10
    // rule: CX-COND-11
    // (sleeper, Shock save, turns): FORT 6 and Shock +14 (2 * (FORT + INT
    // - 6) and Will to Survive's +2 at CHA 6) wait 9 turns; FORT 9 (+20) 6;
    // FORT 2 (+6) 13.
    let cases = [
        (Recruit::new("Tess"), 14, 9),
        (Recruit::new("Ox").stat("FORT", 9).stat("STR", 3), 20, 6),
        (
            Recruit::new("Frail")
                .stat("FORT", 2)
                .stat("DEX", 8)
                .stat("PER", 8),
            6,
            13,
        ),
    ];
    for (sleeper, shock, turns) in cases {
        let sleeper = sleeper.fighter();
        assert_eq!(sleeper.shock_save, shock);
        let mut a = Arena::with(
            vec![("vex", "crew", fighter(VEX)), ("sleeper", "crew", sleeper)],
            5,
        );
        a.begin(&[]);
        a.run(blast("sleeper", 71), &[1, 1]);
        assert!(a.has("sleeper", ConditionKind::Unconscious));
        for turn in 1..=turns {
            // 1,1 = 11 + the save never beats 70.
            let log = a.next(&[1, 1]);
            assert!(log.contains("roll to wake (DC 70, CX-DEATH-10)"), "{log}");
            assert_eq!(a.left(), 0, "the turn is lost, the waking one too");
            let awake = !a.has("sleeper", ConditionKind::Unconscious);
            assert_eq!(awake, turn == turns, "turn {turn}: {log}");
            if awake {
                assert!(
                    log.contains(&format!(
                        "wakes after {turns} turn(s) of 15 - FORT (CX-DEATH-10)"
                    )),
                    "{log}"
                );
            }
            a.next(&[]);
        }
        // Awake, it acts on its next turn.
        a.next(&[]);
        assert_eq!((a.active().as_deref(), a.left()), (Some("sleeper"), 4));
    }
    // A good roll wakes it at once: the raider's 61 + Shock 10 = 71 > 70.
    let mut a = Arena::duel();
    a.run(blast("raider", 71), &[1, 1]);
    let log = a.next(&[6, 1]);
    assert!(log.contains("wakes up (CX-DEATH-10)"), "{log}");
    assert_eq!(a.left(), 0);
}

#[test]
fn knocked_out_and_downed_saves_against_death_first_then_wakes() {
    // rule: CX-DEATH-10
    // rule: CX-DEATH-03
    let mut a = beside(fighter(RAIDER));
    // 125 to a 120-HP raider: Shock save 11 + 10 = 21 fails; downed at 0.
    let log = a.run(blast("raider", 125), &[1, 1]);
    assert!(log.contains("knocked unconscious"), "{log}");
    assert!(log.contains("Depot Raider is downed"), "{log}");
    // Its turn: a death save only, no wake roll.
    let log = a.next(&[6, 10]);
    assert!(
        log.contains("death save") && !log.contains("roll to wake"),
        "{log}"
    );
    a.next(&[]);
    a.run(stabilize("vex", "raider", false), &[7, 5]);
    assert!(a.has("raider", ConditionKind::Unconscious));
    let log = a.next(&[1, 1]);
    assert!(
        log.contains("roll to wake") && !log.contains("death save"),
        "{log}"
    );
}

#[test]
fn under_fort_downed_the_lifetime_failures_are_carried_from_fight_to_fight() {
    // rule: CX-HOUSE-05
    // 001: a downed character makes a DC 70 Fort save each turn and dies
    // after more lifetime failures than its FORT. The raider's FORT is 6;
    // a d100 of 11 + FORT bonus 4 = 15 fails.
    // (failures its file carries, dead after one more, failures carried on)
    const CASES: &[(Option<i64>, bool, i64)] =
        &[(None, false, 1), (Some(5), false, 6), (Some(6), true, 7)];
    for &(carried, dies, after) in CASES {
        let mut text = format!("{RAIDER}\n[house_rules]\nfort_downed = true\n");
        if let Some(n) = carried {
            text = text.replace("level = 1\n", &format!("level = 1\nfort_failures = {n}\n"));
        }
        let raider = fighter(&text);
        assert_eq!(raider.survival.fort_failures, Some(carried.unwrap_or(0)));
        let mut a = beside(raider);
        assert_eq!(a.c("raider").fort_failures, carried.unwrap_or(0));
        down_from_any(&mut a, "raider");
        let log = a.next(&[1, 1]);
        assert!(log.contains("DC 70"), "{log}");
        assert_eq!(a.f("raider").dead, dies, "{log}");
        if dies {
            assert!(
                log.contains("7 failed Fort saves, more than FORT 6 (CX-HOUSE-05)"),
                "{log}"
            );
            continue;
        }
        a.next(&[]);
        let log = a.run(Command::Clock(nanite_core::ClockCommand::End), &[]);
        assert!(
            log.contains(&format!(
                "Depot Raider (raider) carries {after} failed Fort save{} into the next fight (fort_failures = {after} in its character file, CX-HOUSE-05)",
                if after == 1 { "" } else { "s" }
            )),
            "{log}"
        );
    }
}
