//! Healing in play (CX-HEAL) with forced dice: wounds one per hit, Medicine
//! on one wound with the bag and medikits, rests and a night without one,
//! falls and their injuries. A d100 is typed tens then ones; a face 0 is
//! typed 10.

use nanite_compound_x::DamageType;
use nanite_compound_x::ItemKind;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Fighter};
use nanite_compound_x::encounter::{Command, CxEffect, Injury, Way};
use nanite_core::{ClockCommand, ScriptedDice};

use super::arena::{check, fire, position, rest};
use super::support::{TEMPLATE, edit};
use super::table::{Table, armed, fighter, id};

/// The faces (tens, ones) of a d100 showing `die`.
fn d100(die: i64) -> [i64; 2] {
    assert!((1..=100).contains(&die), "a d100 cannot show {die}");
    let (tens, ones) = (die / 10 % 10, die % 10);
    [
        if tens == 0 { 10 } else { tens },
        if ones == 0 { 10 } else { ones },
    ]
}

/// Runs `command` with exactly `dice`; returns the narrated log as one text.
fn play(t: &mut Table, command: Command, dice: &[i64]) -> String {
    let mut source = ScriptedDice::new(dice.iter().copied());
    let before = t.game.state().clone();
    let entry = t
        .game
        .execute(&command, &mut source)
        .unwrap_or_else(|e| panic!("{command:?} was refused: {e}"));
    assert_eq!(
        source.remaining(),
        0,
        "every forced die is used: {command:?}"
    );
    nanite_compound_x::encounter::narrate_all(&before, &entry.events).join("\n")
}

/// A character from the support template (INT 6: Medicine +4; DEX 6: falls
/// up to 3 m are safe) with Medicine `points`, `items` and `class`.
fn person(points: i64, items: &str, class: &str) -> Fighter {
    let skills = if points > 0 {
        format!("smgs = 10\nmedicine = {points}\n")
    } else {
        "smgs = 10\n".into()
    };
    fighter(&edit(
        TEMPLATE,
        &[
            ("class = \"soldier\"", &format!("class = \"{class}\"")),
            ("smgs = 10\n", &skills),
            ("items = {}", &format!("items = {{ {items} }}")),
        ],
    ))
}

/// `medic` and a patient 1 m apart, out of combat.
fn ward(medic: Fighter) -> Table {
    let mut t = Table::new();
    t.add("doc", "crew", medic);
    let mut pat = person(0, "", "soldier");
    pat.name = "Pat".into();
    t.add("pat", "crew", pat);
    t.distance("doc", "pat", 1);
    t
}

fn hurt(t: &mut Table, who: &str, amount: i64, damage_type: DamageType) -> String {
    play(
        t,
        Command::Harm {
            target: id(who),
            amount,
            damage_type,
            apl: 0,
            why: "a blast".into(),
        },
        &[],
    )
}

fn treat(medikit: bool) -> Command {
    Command::Treat {
        id: id("doc"),
        target: id("pat"),
        wound: None,
        medikit,
        effort: Effort::Roll,
    }
}

fn wounds(t: &Table, who: &str) -> Vec<i64> {
    t.c(who).fighter.wounds.clone()
}

#[test]
fn the_seeds_worked_example_heals_41_and_leaves_a_29_wound() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-01
    let mut t = ward(person(25, "medicine-bag = 1", "soldier"));
    let line = t.c("doc").fighter.skill("medicine").unwrap().clone();
    assert_eq!((line.points, line.stat_bonus, line.total), (25, 4, 29));
    hurt(&mut t, "pat", 70, DamageType::Explosive);
    hurt(&mut t, "pat", 10, DamageType::Explosive);
    assert_eq!(
        wounds(&t, "pat"),
        [70, 10],
        "each hit is a wound of its own"
    );
    let max = t.c("pat").fighter.max_hp;
    // The medic "rolls an 86 (with medic skill)": a d100 of 57 + 29.
    let log = play(&mut t, treat(false), &d100(57));
    for line in [
        "wound 0 of Pat: 70",
        "total 86 > DC 70 (the wound, CX-HEAL-02): success",
        "healed: skill 25 + 16 over the DC, at most the wound's 70: 41",
        "Pat is healed 41 (CX-HEAL-02): the 70 wound is down to 29 (the next DC)",
    ] {
        assert!(log.contains(line), "{line:?} missing from:\n{log}");
    }
    assert_eq!(wounds(&t, "pat"), [29, 10]);
    assert_eq!(t.c("pat").fighter.hp, max - 80 + 41);
    // The next roll must beat 29; the 10 wound is healed on its own.
    let log = play(&mut t, treat(false), &d100(1));
    assert!(log.contains("total 30 > DC 29"), "{log}");
    assert_eq!(wounds(&t, "pat"), [3, 10]);
}

#[test]
fn the_treatment_and_the_rest_are_told_item_by_item() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-04
    let mut t = ward(person(25, "medicine-bag = 1", "soldier"));
    hurt(&mut t, "pat", 70, DamageType::Explosive);
    let log = play(&mut t, treat(false), &d100(57));
    expect_test::expect![[r#"
        Tess: Medicine on Pat's wound 0
          wound 0 of Pat: 70
          d100 = 57 (Medicine, Tess)
            +25 Medicine points
            +4 INT bonus (CX-DICE-05)
          total 86 > DC 70 (the wound, CX-HEAL-02): success
          healed: skill 25 + 16 over the DC, at most the wound's 70: 41
        Pat is healed 41 (CX-HEAL-02): the 70 wound is down to 29 (the next DC)"#]]
    .assert_eq(&log);
    // A fighter of the sample pack has 10 * INT = 60 nanites; say 20 are left.
    let mut tired = person(0, "", "soldier");
    tired.name = "Ada".into();
    tired.nanites = 20;
    t.add("ada", "crew", tired);
    let log = play(&mut t, rest("ada", false), &[]);
    expect_test::expect![[r#"
        Ada takes a short rest (CX-HEAL-04)
          a short rest, about 1 hour (CX-HEAL-04)
          nanites before: 20
            +30 half the maximum 60, up to the maximum
          nanites after: 50"#]]
    .assert_eq(&log);
    let log = play(&mut t, Command::StayUp { id: id("doc") }, &[]);
    expect_test::expect!["Tess goes without a long rest: below par, -10 on every skill check until the next one (CX-HEAL-04)"].assert_eq(&log);
    let log = play(&mut t, rest("pat", false), &[]);
    expect_test::expect![[r#"
        Pat takes a short rest (CX-HEAL-04)
          a short rest, about 1 hour (CX-HEAL-04)
          nanites before: 60
          nanites after: 60
          health stays 96 of 125: wounds need Medicine (CX-HEAL-02)"#]]
    .assert_eq(&log);
}

#[test]
fn medicine_against_the_wound_with_bags_and_medikits() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-03
    // rule: CX-DICE-03
    struct Case {
        what: &'static str,
        medic: Fighter,
        medikit: bool,
        wound: i64,
        die: i64,
        total: i64,
        dc: i64,
        healed: i64,
    }
    let bag = |points| person(points, "medicine-bag = 1, medikit = 1", "soldier");
    let bare = |points| person(points, "medikit = 1", "soldier");
    let cases = [
        Case {
            what: "the seed: skill 25 + 16 over",
            medic: bag(25),
            medikit: false,
            wound: 70,
            die: 57,
            total: 86,
            dc: 70,
            healed: 41,
        },
        Case {
            what: "a tie fails and heals nothing",
            medic: bag(25),
            medikit: false,
            wound: 70,
            die: 41,
            total: 70,
            dc: 70,
            healed: 0,
        },
        Case {
            what: "never more than the wound",
            medic: bag(25),
            medikit: false,
            wound: 10,
            die: 90,
            total: 119,
            dc: 10,
            healed: 10,
        },
        Case {
            what: "no bag: +20 on the DC",
            medic: bare(25),
            medikit: false,
            wound: 40,
            die: 41,
            total: 70,
            dc: 60,
            healed: 35,
        },
        Case {
            what: "a medic's medikit: no bag needed, +30 healed",
            medic: bare(25),
            medikit: true,
            wound: 60,
            die: 32,
            total: 61,
            dc: 60,
            healed: 25 + 1 + 30,
        },
        Case {
            what: "a non-medic's medikit: as a medic with skill 30",
            medic: bare(5),
            medikit: true,
            wound: 60,
            die: 36,
            total: 70,
            dc: 60,
            healed: 30 + 10,
        },
        Case {
            what: "a non-medic without bag or kit",
            medic: bare(5),
            medikit: false,
            wound: 20,
            die: 41,
            total: 50,
            dc: 40,
            healed: 5 + 10,
        },
        Case {
            what: "the Medic class counts as a medic: +30 with a medikit",
            medic: person(0, "medikit = 1", "medic"),
            medikit: true,
            wound: 70,
            die: 57,
            total: 71,
            dc: 70,
            healed: 10 + 1 + 30,
        },
    ];
    for case in cases {
        let mut t = ward(case.medic);
        hurt(&mut t, "pat", case.wound, DamageType::Explosive);
        let hp = t.c("pat").fighter.hp;
        let log = play(&mut t, treat(case.medikit), &d100(case.die));
        let verdict = if case.healed > 0 { ">" } else { "<=" };
        let compare = format!("total {} {verdict} DC {}", case.total, case.dc);
        assert!(
            log.contains(&compare),
            "{}: {compare:?} in\n{log}",
            case.what
        );
        assert_eq!(
            t.c("pat").fighter.hp,
            hp + case.healed,
            "{}:\n{log}",
            case.what
        );
        let left = case.wound - case.healed;
        let expected: Vec<i64> = if left > 0 { vec![left] } else { vec![] };
        assert_eq!(wounds(&t, "pat"), expected, "{}", case.what);
        assert_eq!(
            t.c("doc").fighter.count(ItemKind::Medikit),
            if case.medikit { 0 } else { 1 },
            "{}: a medikit is used up, whatever the roll",
            case.what
        );
    }
}

#[test]
fn the_wound_to_treat_is_named_or_the_worst() {
    // rule: CX-HEAL-01
    let mut t = ward(person(25, "medicine-bag = 1", "soldier"));
    for amount in [10, 30, 20] {
        hurt(&mut t, "pat", amount, DamageType::Explosive);
    }
    // By default the worst (30): DC 30, total 31 heals 25 + 1.
    play(&mut t, treat(false), &d100(2));
    assert_eq!(wounds(&t, "pat"), [10, 4, 20]);
    // Wound 0 by number: DC 10, total 60 heals it whole.
    play(
        &mut t,
        Command::Treat {
            id: id("doc"),
            target: id("pat"),
            wound: Some(0),
            medikit: false,
            effort: Effort::Roll,
        },
        &d100(31),
    );
    assert_eq!(wounds(&t, "pat"), [4, 20]);
}

#[test]
fn an_untrained_int_1_character_heals_only_with_a_medikit() {
    // rule: CX-HEAL-03
    // rule: CX-STAT-11
    let dull = || {
        let text = edit(
            TEMPLATE,
            &[
                ("INT = 6", "INT = 1"),
                ("smgs = 10\n", "smgs = 10\nmedicine = 5\n"),
                ("items = {}", "items = { medikit = 1 }"),
            ],
        );
        fighter(&text)
    };
    let mut t = ward(dull());
    hurt(&mut t, "pat", 20, DamageType::Explosive);
    let refusal = t.refuse(treat(false), &[]).to_string();
    assert!(
        refusal.contains("cannot attempt Medicine") && refusal.contains("CX-STAT-11"),
        "{refusal}"
    );
    // INT 1: -16; with the kit skill 30: d100 27 + 30 - 16 = 41 > 20 heals it.
    let log = play(&mut t, treat(true), &d100(27));
    assert!(log.contains("total 41 > DC 20"), "{log}");
    assert_eq!(wounds(&t, "pat"), Vec::<i64>::new());
}

#[test]
fn hits_ticks_and_falls_make_wounds_and_blocked_damage_does_not() {
    // rule: CX-HEAL-01
    let vex = || fighter(include_str!("../../../../examples/compound-x/vex.toml"));
    let mut t = Table::new();
    t.add("vex", "crew", vex());
    // The shield drinks a laser whole: no health lost, no wound.
    hurt(&mut t, "vex", 10, DamageType::Laser);
    assert_eq!(wounds(&t, "vex"), Vec::<i64>::new());
    // A blast passes shield and armor: one wound.
    hurt(&mut t, "vex", 25, DamageType::Explosive);
    assert_eq!(wounds(&t, "vex"), [25]);
    // A bad landing from 5 m: 10 damage, a wound of its own.
    play(
        &mut t,
        Command::Fall {
            id: id("vex"),
            metres: 5,
            fouled: false,
        },
        &d100(1),
    );
    assert_eq!(wounds(&t, "vex"), [25, 10]);
    // Each tick of a condition is a wound of its own: bleeding d10 4 -> 3.
    t.add("foe", "raiders", person(0, "", "soldier"));
    play(
        &mut t,
        Command::Afflict {
            target: id("vex"),
            condition: ConditionKind::Bleeding,
            turns: None,
        },
        &[],
    );
    t.begin(&["foe", "vex"]);
    let log = play(&mut t, Command::Clock(ClockCommand::NextTurn), &[4]);
    assert!(log.contains("bleeding"), "{log}");
    assert_eq!(wounds(&t, "vex"), [25, 10, 3]);
}

#[test]
fn healing_that_treats_no_wound_closes_the_worst_first() {
    // rule: CX-HEAL-01
    let mut f = person(0, "", "soldier");
    f.wounds = vec![10, 30, 20];
    f.close_wounds(35);
    assert_eq!(f.wounds, [10, 15]);
    f.close_wounds(100);
    assert_eq!(f.wounds, Vec::<i64>::new());
}

#[test]
fn in_a_fight_a_treatment_is_a_skill_check_of_1_action() {
    // rule: CX-TURN-07
    // rule: CX-HEAL-02
    let mut t = ward(person(25, "medicine-bag = 1", "soldier"));
    hurt(&mut t, "pat", 30, DamageType::Explosive);
    hurt(&mut t, "doc", 20, DamageType::Explosive);
    // Out of combat: no action is spent.
    let log = play(&mut t, treat(false), &d100(1));
    assert!(!log.contains("spends"), "{log}");
    t.begin(&["doc", "pat"]);
    assert_eq!(t.actions_left(), 4);
    play(&mut t, treat(false), &d100(1));
    assert_eq!(t.actions_left(), 3);
    // The medic may treat itself.
    play(
        &mut t,
        Command::Treat {
            id: id("doc"),
            target: id("doc"),
            wound: None,
            medikit: false,
            effort: Effort::Roll,
        },
        &d100(80),
    );
    assert_eq!(t.actions_left(), 2);
    assert_eq!(wounds(&t, "doc"), Vec::<i64>::new());
}

#[test]
fn refusals_explain_themselves_and_change_nothing() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-03
    // rule: CX-HEAL-04
    // rule: CX-HEAL-05
    let doc = || person(25, "medicine-bag = 1", "soldier");
    let treat_wound = |wound| Command::Treat {
        id: id("doc"),
        target: id("pat"),
        wound: Some(wound),
        medikit: false,
        effort: Effort::Roll,
    };
    type Setup = fn(&mut Table);
    let wounded: Setup = |t| {
        hurt(t, "pat", 30, DamageType::Explosive);
    };
    let far: Setup = |t| {
        hurt(t, "pat", 30, DamageType::Explosive);
        t.distance("doc", "pat", 4);
    };
    let downed: Setup = |t| {
        while !t.c("pat").fighter.is_downed() {
            hurt(t, "pat", 60, DamageType::Explosive);
        }
    };
    let afraid: Setup = |t| {
        hurt(t, "pat", 30, DamageType::Explosive);
        t.run(
            Command::Afflict {
                target: id("doc"),
                condition: ConditionKind::Fear,
                turns: None,
            },
            &[],
        );
    };
    let fighting: Setup = |t| {
        hurt(t, "pat", 30, DamageType::Explosive);
        t.begin(&["pat", "doc"]);
    };
    let tired: Setup = |t| {
        t.run(Command::StayUp { id: id("doc") }, &[]);
    };
    let nothing: Setup = |_| {};
    let cases: [(&str, Setup, Command, &str); 12] = [
        (
            "no wounds",
            nothing,
            treat(false),
            "pat has no wounds to treat",
        ),
        (
            "no such wound",
            wounded,
            treat_wound(3),
            "there is no wound 3",
        ),
        (
            "not adjacent",
            far,
            treat(false),
            "doc must be adjacent to pat (1 m)",
        ),
        (
            "downed",
            downed,
            treat(false),
            "pat is downed: stabilize it first",
        ),
        (
            "no medikit",
            wounded,
            treat(true),
            "doc has no medikit left",
        ),
        (
            "afraid",
            afraid,
            treat(false),
            "can only flee the source or roll",
        ),
        ("out of turn", fighting, treat(false), "not"),
        (
            "rest in a fight",
            fighting,
            rest("doc", false),
            "no resting in the middle of a fight",
        ),
        (
            "stay up in a fight",
            fighting,
            Command::StayUp { id: id("doc") },
            "out of combat",
        ),
        (
            "below par twice",
            tired,
            Command::StayUp { id: id("doc") },
            "already below par",
        ),
        (
            "no fall",
            nothing,
            Command::Fall {
                id: id("doc"),
                metres: 0,
                fouled: false,
            },
            "0 m is not a fall",
        ),
        (
            "nothing to mend",
            nothing,
            Command::Mend {
                id: id("doc"),
                injury: None,
            },
            "doc has no injuries",
        ),
    ];
    for (what, setup, command, why) in cases {
        let mut t = ward(doc());
        setup(&mut t);
        let refusal = t.refuse(command, &[]).to_string();
        assert!(refusal.contains(why), "{what}: {refusal:?} lacks {why:?}");
    }
}

#[test]
fn rests_restore_by_their_length_and_a_night_up_leaves_one_below_par() {
    // rule: CX-HEAL-04
    let vex = || fighter(include_str!("../../../../examples/compound-x/vex.toml"));
    // (long rest, nanites after, below par after, buzzed after, sprain after)
    let cases = [
        (false, 60, true, true, true),
        (true, 60, false, false, false),
    ];
    for (long, nanites, below_par, buzzed, sprained) in cases {
        let mut t = Table::new();
        t.add("vex", "crew", vex());
        t.add("foe", "raiders", person(0, "", "soldier"));
        t.run(Command::StayUp { id: id("vex") }, &[]);
        let medicine = t.c("vex").fighter.skill("medicine").unwrap().total;
        // A fall from 4 m missing DC 40 by 5 or so: a sprained ankle.
        let acrobatics = t.c("vex").fighter.skill("acrobatics").unwrap().total;
        play(
            &mut t,
            Command::Fall {
                id: id("vex"),
                metres: 4,
                fouled: false,
            },
            &d100(35 - acrobatics),
        );
        // A fight drains the shield, the armor points and 10 nanites.
        t.begin(&["vex", "foe"]);
        hurt(&mut t, "vex", 30, DamageType::Laser);
        // An armor d100 of 11 strikes the flak jacket.
        play(
            &mut t,
            Command::Harm {
                target: id("vex"),
                amount: 10,
                damage_type: DamageType::Ballistic,
                apl: 5,
                why: "a round".into(),
            },
            &d100(11),
        );
        t.run(Command::FastRecharge { id: id("vex") }, &[]);
        t.run(Command::Clock(ClockCommand::End), &[]);
        for condition in [ConditionKind::Buzzed, ConditionKind::Unconscious] {
            t.run(
                Command::Afflict {
                    target: id("vex"),
                    condition,
                    turns: None,
                },
                &[],
            );
        }
        let before = t.c("vex").fighter.clone();
        assert_eq!(before.nanites, 50);
        let armor = before.armor.as_ref().unwrap();
        assert!(armor.points_left < armor.armor_points, "{armor:?}");
        let log = play(
            &mut t,
            Command::Rest {
                id: id("vex"),
                long,
            },
            &[],
        );
        let f = &t.c("vex").fighter;
        assert_eq!(f.nanites, nanites, "{log}");
        let shield = f.shield.as_ref().unwrap();
        assert_eq!(shield.strength, shield.max, "{log}");
        let armor = f.armor.as_ref().unwrap();
        assert_eq!(armor.points_left, armor.armor_points, "{log}");
        assert_eq!(f.hp, before.hp, "health comes back only through Medicine");
        assert_eq!(f.below_par, below_par, "{log}");
        let below = if below_par { 10 } else { 0 };
        assert_eq!(
            f.skill("medicine").unwrap().total,
            medicine + 10 - below,
            "{log}"
        );
        let state = t.game.state();
        assert_eq!(
            state.has_condition(&id("vex"), ConditionKind::Buzzed),
            buzzed
        );
        assert!(
            !state.has_condition(&id("vex"), ConditionKind::Unconscious),
            "an hour wakes anyone"
        );
        let sprain = state.has_effect(&id("vex"), |e| {
            matches!(
                e,
                CxEffect::Injured {
                    injury: Injury::SprainedAnkle
                }
            )
        });
        assert_eq!(sprain, sprained, "{log}");
    }
}

#[test]
fn below_par_takes_10_off_every_skill_check_until_a_long_rest() {
    // rule: CX-HEAL-04
    let mut t = ward(person(25, "medicine-bag = 1", "soldier"));
    let check = || check("doc", "medicine", 50, Effort::Roll);
    let log = play(&mut t, check(), &d100(30));
    assert!(log.contains("total 59"), "{log}");
    let log = play(&mut t, Command::StayUp { id: id("doc") }, &[]);
    assert!(log.contains("below par, -10 on every skill check"), "{log}");
    let log = play(&mut t, check(), &d100(30));
    assert!(
        log.contains("-10 below par, no long rest (CX-HEAL-04)"),
        "{log}"
    );
    assert!(log.contains("total 49"), "{log}");
    play(&mut t, rest("doc", false), &[]);
    assert!(play(&mut t, check(), &d100(30)).contains("total 49"));
    play(&mut t, rest("doc", true), &[]);
    assert!(play(&mut t, check(), &d100(30)).contains("total 59"));
}

#[test]
fn falls_check_above_half_dex_and_a_bad_landing_hurts_and_injures() {
    // rule: CX-HEAL-05
    // DEX 6: 3 m are safe; Acrobatics is d100 + 4 (the DEX bonus).
    // (metres, fouled, d100), then (damage, injury, a line of the log)
    type Fall = (i64, bool, Option<i64>);
    type Landing = (i64, Option<Injury>, &'static str);
    let cases: [(Fall, Landing); 8] = [
        ((3, false, None), (0, None, "no check needed")),
        ((3, true, Some(27)), (0, None, "total 31 > DC 30")),
        (
            (4, false, Some(37)),
            (0, None, "total 41 > DC 40 (10 per metre): lands well"),
        ),
        (
            (4, false, Some(36)),
            (8, Some(Injury::SprainedAnkle), "failed by 0"),
        ),
        (
            (5, false, Some(26)),
            (10, Some(Injury::BrokenAnkle), "failed by 20"),
        ),
        (
            (6, false, Some(16)),
            (12, Some(Injury::BrokenLeg), "failed by 40"),
        ),
        (
            (8, false, Some(15)),
            (16, Some(Injury::BrokenArmAndLeg), "failed by 61"),
        ),
        (
            (10, false, Some(1)),
            (20, Some(Injury::BrokenEverything), "failed by 95"),
        ),
    ];
    for ((metres, fouled, die), (damage, injury, line)) in cases {
        let mut t = ward(person(0, "", "soldier"));
        let hp = t.c("doc").fighter.hp;
        let dice = die.map_or(vec![], |d| d100(d).to_vec());
        let log = play(
            &mut t,
            Command::Fall {
                id: id("doc"),
                metres,
                fouled,
            },
            &dice,
        );
        assert!(log.contains(line), "{metres} m: {line:?} in\n{log}");
        assert_eq!(t.c("doc").fighter.hp, hp - damage, "{log}");
        let got: Vec<Injury> = t
            .game
            .state()
            .clock
            .effects_on(&id("doc"))
            .filter_map(|e| match e.payload {
                CxEffect::Injured { injury } => Some(injury),
                _ => None,
            })
            .collect();
        assert_eq!(got, injury.into_iter().collect::<Vec<_>>(), "{log}");
        let prone = t.c("doc").stance == nanite_compound_x::combat::Stance::Prone;
        assert_eq!(prone, injury.is_some(), "a bad landing leaves one prone");
    }
}

#[test]
fn injuries_step_every_20_points_and_slow_or_stop_their_bearer() {
    // rule: CX-HEAL-05
    for (failed_by, injury) in [
        (0, Injury::SprainedAnkle),
        (19, Injury::SprainedAnkle),
        (20, Injury::BrokenAnkle),
        (39, Injury::BrokenAnkle),
        (40, Injury::BrokenLeg),
        (60, Injury::BrokenArmAndLeg),
        (79, Injury::BrokenArmAndLeg),
        (80, Injury::BrokenEverything),
        (500, Injury::BrokenEverything),
    ] {
        assert_eq!(
            Injury::by_margin(failed_by),
            injury,
            "failed by {failed_by}"
        );
    }
    // Metres per 2 actions left of 6 and of 2.
    for (injury, of_6, of_2, miss) in [
        (Injury::SprainedAnkle, 5, 1, 0),
        (Injury::BrokenAnkle, 3, 1, 0),
        (Injury::BrokenLeg, 3, 1, 0),
        (Injury::BrokenArmAndLeg, 3, 1, 2),
        (Injury::BrokenEverything, 0, 0, 0),
    ] {
        assert_eq!(
            (injury.slows(6), injury.slows(2), injury.miss_chance()),
            (of_6, of_2, miss),
            "{}",
            injury.key()
        );
    }
}

/// A fighter with an SMG and `doc`'s injuries from a 10 m fall that failed
/// by `failed_by`, in a fight on its turn.
fn injured(failed_by: i64) -> Table {
    let mut t = Table::new();
    t.add("doc", "crew", fighter(&armed(&[])));
    t.add("foe", "raiders", person(0, "", "soldier"));
    t.distance("doc", "foe", 5);
    play(
        &mut t,
        Command::Fall {
            id: id("doc"),
            metres: 10,
            fouled: false,
        },
        &d100(100 - 4 - failed_by),
    );
    t.run(
        position(
            "doc",
            None,
            Some(nanite_compound_x::combat::Stance::Standing),
        ),
        &[],
    );
    t.begin(&["doc", "foe"]);
    t
}

#[test]
fn injuries_weigh_on_moves_and_shots_outlast_the_fight_and_are_mended() {
    // rule: CX-HEAL-05
    let step = |metres| Command::Move {
        id: id("doc"),
        metres,
        way: Way::Elsewhere,
        sprint: false,
        cover: None,
        concealed: false,
    };
    // A broken leg halves 6 m per 2 actions to 3: 3 m cost 2 actions.
    let mut t = injured(45);
    play(&mut t, step(3), &[]);
    assert_eq!(t.actions_left(), 2);
    // A broken arm and leg: +2 on the shot's miss chance.
    let mut t = injured(65);
    let log = play(&mut t, fire("doc", "foe"), &[2]);
    assert!(log.contains("+2 conditions and injuries"), "{log}");
    // Broken everything: no actions at all until the GM mends it.
    let mut t = injured(85);
    let refusal = t.refuse(step(1), &[]).to_string();
    assert!(
        refusal.contains("broken everything: no actions"),
        "{refusal}"
    );
    t.run(Command::Clock(ClockCommand::End), &[]);
    assert!(
        t.game
            .state()
            .has_effect(&id("doc"), |e| matches!(e, CxEffect::Injured { .. })),
        "an injury outlasts the fight"
    );
    let refusal = t
        .refuse(
            Command::Mend {
                id: id("doc"),
                injury: Some(Injury::BrokenLeg),
            },
            &[],
        )
        .to_string();
    assert!(
        refusal.contains("its injuries: broken everything"),
        "{refusal}"
    );
    let log = play(
        &mut t,
        Command::Mend {
            id: id("doc"),
            injury: Some(Injury::BrokenEverything),
        },
        &[],
    );
    assert!(
        log.contains("the broken everything is mended by the GM"),
        "{log}"
    );
    assert!(
        !t.game
            .state()
            .has_effect(&id("doc"), |e| matches!(e, CxEffect::Injured { .. }))
    );
}

#[test]
fn healing_commands_read_from_json() {
    // rule: CX-HEAL-04
    // rule: CX-HEAL-05
    for text in [
        r#"{"command":"treat","id":"doc","target":"pat","wound":null,"medikit":true}"#,
        r#"{"command":"rest","id":"doc","long":true}"#,
        r#"{"command":"stay_up","id":"doc"}"#,
        r#"{"command":"fall","id":"doc","metres":6,"fouled":false}"#,
        r#"{"command":"mend","id":"doc","injury":"broken-leg"}"#,
    ] {
        let command: Command = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            serde_json::to_value(&command).unwrap(),
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
    }
}
