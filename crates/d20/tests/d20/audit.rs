//! The D20 audit (issue 21, "Audit yourselves, from the documents"): one
//! scenario per catalog rule whose expected numbers come from the seed's own
//! sentence (`004_6656e9b4afbefa8a.txt`, quoted as `004:`), worked out by
//! hand before running, at the edges: the lowest and highest scores, levels
//! and skill levels (1 and 30, 1 and 20, 0 and 20), ties, zero and the
//! largest values. The list is `docs/rules/audit.md` (its D20 section).
//!
//! The edge characters, with the catalog's bonus floor((score - 10) / 2):
//! - `low`: every score 1 (bonus -5), level 1, every skill 0, CON 1 so 1 HP;
//! - `high`: every score 30 (bonus +10), level 20, Melee Fighting, Medicine,
//!   Spellcasting and Psionics 20; 30 + 5 x 19 = 125 HP;
//! - `fencer`: STR 8 (-1), DEX 18 (+4), CON 9 (-1), WIS 11 (+0), level 4,
//!   Melee Fighting 2, Medicine 1; 9 + 5 x 3 = 24 HP.

use nanite_core::check::Dc;
use nanite_core::{ClockCommand, Game, ScriptedDice};
use nanite_d20::check::{
    AVERAGE_DC, Extended, ExtendedError, ExtendedResult, check, extended, judge, opposed,
};
use nanite_d20::encounter::{
    Battle, Command, D20, Event, Field, Fighter, GrappleAttack, Place, PositionChange, Row,
    Takedown, TakedownChoice,
};
use nanite_d20::pack::WeaponKind;
use nanite_d20::rest::{
    HP_PER_REST, KIT_MINUTES_PER_ROLL, KIT_THRESHOLD, REST_HOURS, rest, use_kit,
};
use nanite_d20::{Attribute, Campaign, Character, InitiativeBy, InitiativeReroll, Sheet, validate};

use super::support::{
    Table, character, grapple_attack, id, order, pack, position, read, sq, takedown,
};

/// A valid character: `level`, scores `[STR, DEX, CON, WIS]`, and the rest
/// of its file (skills, gear, magic).
fn made(name: &str, level: i64, scores: [i64; 4], rest: &str) -> Character {
    let [s, d, c, w] = scores;
    let text = format!(
        "format = 1\nname = \"{name}\"\nlevel = {level}\n\n[attributes]\nSTR = {s}\nDEX = {d}\nCON = {c}\nWIS = {w}\n\n{rest}\n"
    );
    let (ch, found) = read(name, &text);
    assert!(!found.has_errors(), "{name} reads:\n{found}");
    let found = validate(&ch, &pack());
    assert!(!found.has_errors(), "{name} is valid:\n{found}");
    ch
}

/// Every score 1, level 1, no skill trained.
fn low() -> Character {
    made("Low", 1, [1; 4], "[skills]\nmelee-fighting = 0\n")
}

/// Every score 30, level 20, the skills at 20.
fn high() -> Character {
    made(
        "High",
        20,
        [30; 4],
        "[skills]\nmelee-fighting = 20\nmedicine = 20\nspellcasting = 20\npsionics = 20\n",
    )
}

/// STR 8, DEX 18, CON 9, WIS 11, level 4, Melee Fighting 2, Medicine 1.
fn fencer() -> Character {
    made(
        "Fencer",
        4,
        [8, 18, 9, 11],
        "[skills]\nmelee-fighting = 2\nmedicine = 1\n\n[gear]\nweapons = [\"rapier\"]\n",
    )
}

fn sheet_of(c: &Character) -> Sheet {
    Sheet::compute(c, &pack(), &Campaign::default())
}

/// A table of made characters `(id, character, side, place)`.
fn table_of(campaign: Campaign, field: Field, who: &[(&str, Character, &str, Place)]) -> Table {
    let mut game = Game::<D20>::new(Battle::new(campaign.clone(), field));
    for (handle, c, side, place) in who {
        game.execute(
            &Command::Add {
                id: id(handle),
                side: side.to_string(),
                hidden: false,
                fighter: Box::new(Fighter::new(c, &pack(), &campaign)),
                place: *place,
            },
            &mut ScriptedDice::new([]),
        )
        .expect("the combatant enters");
    }
    Table { game }
}

/// A 20 by 20 map, initiative kept, with `(id, character, side, (x, y))`,
/// begun in the order given.
fn on_map(who: Vec<(&str, Character, &str, (i64, i64))>) -> Table {
    let order: Vec<&str> = who.iter().map(|w| w.0).collect();
    let who: Vec<(&str, Character, &str, Place)> = who
        .into_iter()
        .map(|(h, c, s, (x, y))| (h, c, s, Place::Square(sq(x, y))))
        .collect();
    let mut t = table_of(
        Campaign {
            reroll: InitiativeReroll::Kept,
            ..Campaign::default()
        },
        Field::Map {
            width: 20,
            height: 20,
        },
        &who,
    );
    t.begin_in_order(&order);
    t
}

fn walk(who: &str, to: (i64, i64)) -> Command {
    Command::Move {
        id: id(who),
        to: vec![sq(to.0, to.1)],
    }
}

fn roll_initiative() -> Command {
    Command::RollInitiative { who: vec![] }
}

// ---------------------------------------------------------------- checks

#[test]
fn audit_skill_check_is_d20_plus_attribute_bonus_plus_skill_level() {
    // rule: D20-CHK-01
    // 004: "Skill checks generally consist of 1d20 + (Attribute bonus) + Skill level."
    // 004: "Melee Fighting is associated with Strength, but may use Dexterity
    //       instead for finesse weapons."
    let (low, high, fencer) = (sheet_of(&low()), sheet_of(&high()), sheet_of(&fencer()));
    // (sheet, skill, attribute, d20, total)
    for (sheet, skill, attribute, die, total) in [
        (&low, "melee-fighting", None, 1, -4),     // 1 - 5 + 0
        (&low, "melee-fighting", None, 20, 15),    // 20 - 5 + 0
        (&low, "medicine", None, 10, 5),           // untrained: 10 - 5 + 0
        (&high, "melee-fighting", None, 1, 31),    // 1 + 10 + 20
        (&high, "melee-fighting", None, 20, 50),   // 20 + 10 + 20, the largest
        (&fencer, "melee-fighting", None, 10, 11), // STR 8: 10 - 1 + 2
        (&fencer, "melee-fighting", Some(Attribute::Dex), 10, 16), // finesse DEX 18: 10 + 4 + 2
        (&fencer, "medicine", None, 10, 11),       // WIS 11: 10 + 0 + 1
        (&fencer, "endurance", None, 10, 9),       // CON 9, untrained: 10 - 1 + 0
    ] {
        let spec = sheet.skill_check(skill, attribute).unwrap();
        let r = check(&spec, Dc::open(10), &mut ScriptedDice::new([die]), "audit").unwrap();
        assert_eq!(
            r.total, total,
            "{} {skill} {attribute:?} d20 {die}",
            sheet.name
        );
    }
    // "only a few special cases": an attribute the skill does not list is refused.
    assert!(
        fencer
            .skill_check("ranged-fighting", Some(Attribute::Str))
            .unwrap_err()
            .contains("STR is not allowed for it (D20-CHK-01)")
    );
}

#[test]
fn audit_non_skill_check_is_d20_plus_attribute_bonus_plus_experience_level() {
    // rule: D20-CHK-02
    // 004: "Non-skill checks generally consist of 1d20 + (Attribute bonus) + Experience level."
    let (low, high, fencer) = (sheet_of(&low()), sheet_of(&high()), sheet_of(&fencer()));
    for (sheet, attribute, die, total) in [
        (&low, Attribute::Dex, 1, -3),     // 1 - 5 + 1
        (&low, Attribute::Con, 20, 16),    // 20 - 5 + 1
        (&high, Attribute::Wis, 1, 31),    // 1 + 10 + 20
        (&high, Attribute::Str, 20, 50),   // 20 + 10 + 20
        (&fencer, Attribute::Str, 10, 13), // 10 - 1 + 4 (no Melee Fighting 2)
        (&fencer, Attribute::Dex, 10, 18), // 10 + 4 + 4
        (&fencer, Attribute::Con, 10, 13), // CON 9: 10 - 1 + 4 (floor)
        (&fencer, Attribute::Wis, 10, 14), // WIS 11: 10 + 0 + 4
    ] {
        let r = check(
            &sheet.attribute_check(attribute),
            Dc::open(10),
            &mut ScriptedDice::new([die]),
            "audit",
        )
        .unwrap();
        assert_eq!(r.total, total, "{} {attribute} d20 {die}", sheet.name);
    }
}

#[test]
fn audit_average_difficulty_is_ten_met_or_beaten() {
    // rule: D20-CHK-03
    // 004: "The average difficulty of a check is 10."
    // Catalog: meets or beats; opposed: higher total wins, ties re-rolled.
    assert_eq!(AVERAGE_DC, 10);
    let medicine = sheet_of(&fencer()).skill_check("medicine", None).unwrap(); // +1
    let high = sheet_of(&high()).attribute_check(Attribute::Dex); // +30
    let low = sheet_of(&low()).attribute_check(Attribute::Dex); // -4
    // (spec, d20, DC, success): no natural 1 or 20 outside grappling.
    for (spec, die, dc, success) in [
        (&medicine, 9, AVERAGE_DC, true),  // 10 meets 10
        (&medicine, 8, AVERAGE_DC, false), // 9
        (&high, 20, 50, true),             // the largest total, 50
        (&high, 20, 51, false),            // a natural 20 is no success
        (&low, 1, -3, true),               // 1 - 4 = -3: a natural 1 meeting the DC succeeds
        (&low, 20, AVERAGE_DC, true),      // 16
        (&low, 13, AVERAGE_DC, false),     // 9
    ] {
        assert_eq!(
            judge(spec, die, Dc::open(dc)).success,
            success,
            "d20 {die} DC {dc}"
        );
    }
    // Opposed: the low scorer's best (20 - 4 = 16) loses to the high
    // scorer's worst (1 + 30 = 31).
    let o = opposed(
        ("Low", &low),
        ("High", &high),
        &mut ScriptedDice::new([20, 1]),
    )
    .unwrap();
    assert_eq!(
        (o.actor_total, o.resister_total, o.actor_wins),
        (16, 31, false)
    );
    // A tie (7 - 4 = 3 each) is rolled again by both: 12 against 3 wins.
    let o = opposed(
        ("Low", &low),
        ("Low 2", &low),
        &mut ScriptedDice::new([7, 7, 12, 3]),
    )
    .unwrap();
    assert_eq!(o.rolls, vec![(7, 7), (12, 3)]);
    assert_eq!(
        (o.actor_total, o.resister_total, o.actor_wins),
        (8, -1, true)
    );
}

fn run_extended(
    spec: &nanite_d20::check::CheckSpec,
    threshold: i64,
    max: Option<u32>,
    dice: &[i64],
) -> Result<ExtendedResult, ExtendedError> {
    let mut source = ScriptedDice::new(dice.iter().copied());
    let r = extended(
        spec,
        Extended {
            threshold,
            minutes_per_check: 60,
            max_checks: max,
        },
        &mut source,
        "audit",
    );
    assert_eq!(source.remaining(), 0, "every die used");
    r
}

#[test]
fn audit_extended_checks_accumulate_and_fail_only_on_the_gms_limit() {
    // rule: D20-CHK-04
    // 004: "Extended Checks have a Threshold difficulty and a Time Scale Per Check."
    // 004: "Extended Checks can only be failed if the GM defines failure as an
    //       inability to attain the threshold within a certain number of checks."
    let high = sheet_of(&high()).skill_check("medicine", None).unwrap(); // +30
    let low = sheet_of(&low()).skill_check("medicine", None).unwrap(); // -5
    // (spec, threshold, GM's maximum, dice, reached, accumulated, hours)
    for (spec, threshold, max, dice, reached, accumulated, hours) in [
        (&high, 100, None, vec![20, 20], true, 100, 2), // 50 + 50 meets 100
        (&high, 100, None, vec![19, 20, 1], true, 130, 3), // 49 + 50 = 99, then 31
        (&high, 1, None, vec![1], true, 31, 1),         // the smallest threshold
        (&low, 30, None, vec![1, 20, 20], true, 30, 3), // -4 adds 0, 15, 15
        (&low, 30, Some(2), vec![1, 20], false, 15, 2), // the GM's 2 checks run out
        (&high, 100, Some(2), vec![20, 20], true, 100, 2), // reached on the last allowed
    ] {
        let r = run_extended(spec, threshold, max, &dice).unwrap();
        assert_eq!(
            (r.reached, r.steps.last().unwrap().accumulated, r.minutes),
            (reached, accumulated, hours * 60),
            "{} threshold {threshold} max {max:?} dice {dice:?}",
            spec.label
        );
    }
    // The largest threshold, 100,000, reached by the high scorer in 2000
    // checks of 50? More than nanite's 1000 checks: it stops, unreached,
    // after 1000 (a bound, not a failure the GM defined).
    let r = run_extended(&high, 100_000, None, &[20; 1000]).unwrap();
    assert_eq!(
        (r.reached, r.steps.len(), r.steps[999].accumulated),
        (false, 1000, 50_000)
    );
    assert!(
        r.breakdown
            .to_string()
            .contains("stopped after nanite's limit of 1000 checks")
    );
    // Zero checks allowed is no check at all.
    assert!(matches!(
        run_extended(&high, 100, Some(0), &[]),
        Err(ExtendedError::Terms(_))
    ));
}

// ---------------------------------------------------------------- rest

#[test]
fn audit_each_period_of_rest_restores_one_hit_point() {
    // rule: D20-REST-01
    // 004: "8 hours of rest can be defined as: Sleeping for a solid 8 hours ..."
    // 004: "Characters regain 1 hit point per period of rest."
    assert_eq!((REST_HOURS, HP_PER_REST), (8, 1));
    // (hp, max, periods, healed, after)
    for (hp, max, periods, healed, after) in [
        (5, 10, 3, 3, 8),        // 24 hours: 3 HP
        (9, 10, 3, 1, 10),       // up to the maximum
        (10, 10, 1, 0, 10),      // unhurt: nothing
        (0, 10, 1, 1, 1),        // from 0
        (-3, 10, 2, 2, -1),      // below 0: still 1 a period
        (1, 125, 100, 100, 101), // the most periods, 100
    ] {
        let r = rest(hp, max, periods);
        assert_eq!(
            (r.healed, r.hp),
            (healed, after),
            "{hp}/{max} resting {periods}"
        );
    }
    // At the table, out of combat: the fencer (24 HP) hurt by 5 rests 3
    // periods: 19 + 3 = 22; 100 more periods stop at 24.
    let mut t = table_of(
        Campaign::default(),
        Field::Rows,
        &[("f", fencer(), "heroes", Place::Row(Row::Front))],
    );
    t.ok(
        Command::Harm {
            target: id("f"),
            amount: 5,
            by: None,
            why: "a fall".into(),
        },
        &[],
    );
    assert_eq!(t.hp("f"), 19);
    t.ok(
        Command::Rest {
            id: id("f"),
            periods: 3,
        },
        &[],
    );
    assert_eq!(t.hp("f"), 22);
    t.ok(
        Command::Rest {
            id: id("f"),
            periods: 100,
        },
        &[],
    );
    assert_eq!(t.hp("f"), 24);
    for periods in [0, 101] {
        t.refused(Command::Rest {
            id: id("f"),
            periods,
        });
    }
}

#[test]
fn audit_a_healing_kit_restores_the_constitution_score_after_threshold_100() {
    // rule: D20-REST-02
    // 004: "Healing Kits can be used to restore a number of hit points equal to
    //       the target's Constitution score. However, this requires an extended
    //       check with a difficulty of 100, and a time scale of 1 hour per roll."
    assert_eq!((KIT_THRESHOLD, KIT_MINUTES_PER_ROLL), (100, 60));
    let great = sheet_of(&high()).skill_check("medicine", None).unwrap(); // +30
    let poor = sheet_of(&low()).skill_check("medicine", None).unwrap(); // -5
    // (healer, max rolls, (CON, hp, max hp), dice, healed, hp after, hours)
    for (spec, max, target, dice, healed, after, hours) in [
        (&great, None, (15, 2, 20), vec![20, 20], 15, 17, 2), // 50 + 50 = 100: CON 15
        (&great, None, (15, 10, 20), vec![20, 20], 10, 20, 2), // up to the maximum
        (&great, None, (1, 0, 1), vec![20, 20], 1, 1, 2),     // CON 1: 1 HP
        (&great, None, (30, -5, 125), vec![1, 1, 1, 1], 30, 25, 4), // 31 x 4 = 124; CON 30
        (&poor, Some(3), (15, 2, 20), vec![20, 20, 20], 0, 2, 3), // 45 of 100: the GM's 3 rolls
        (&poor, None, (15, 2, 20), vec![20; 7], 15, 17, 7),   // 15 x 7 = 105
    ] {
        let mut source = ScriptedDice::new(dice.iter().copied());
        let r = use_kit(spec, max, target, &mut source, "audit").unwrap();
        assert_eq!(source.remaining(), 0);
        assert_eq!(
            (r.healed, r.hp, r.check.minutes),
            (healed, after, hours * 60),
            "{} {target:?} {dice:?}",
            spec.label
        );
    }
    // At the table: a target whose CON 30 a submission drained to 28 (a
    // natural 20) is treated after the fight by Ilsa (Medicine d20 + 3 + 2):
    // 25 x 4 = 100 after 4 hours. The drain lasted an hour, so the score
    // is 30 again when the kit's hit points come: 73 + 30 = 103 (it was
    // 28, the drained score, before the audit).
    let mut t = on_map(vec![
        ("a", high(), "x", (1, 1)),
        ("b", high(), "y", (2, 1)),
        ("ilsa", character("ilsa"), "x", (0, 0)),
    ]);
    t.ok(takedown("a", "b", Takedown::Clinch), &[20]);
    t.ok(grapple_attack("a", GrappleAttack::Submission), &[20]);
    assert_eq!(t.state().scores(&id("b")).con, 28);
    t.ok(
        Command::Harm {
            target: id("b"),
            amount: 50,
            by: None,
            why: "audit".into(),
        },
        &[],
    );
    assert_eq!(t.hp("b"), 73);
    t.ok(Command::Clock(ClockCommand::End), &[]);
    t.ok(
        Command::UseKit {
            id: id("ilsa"),
            target: id("b"),
            kit: "healing-kit".into(),
            max_checks: None,
        },
        &[20, 20, 20, 20],
    );
    assert_eq!(t.state().scores(&id("b")).con, 30);
    assert_eq!(t.hp("b"), 103);
}

// ---------------------------------------------------------------- initiative

#[test]
fn audit_initiative_is_d100_plus_the_dexterity_score() {
    // rule: D20-INIT-01
    // 004: "Each combatant rolls 1d100 + Dexterity score for initiative. For
    //       example, if a character has 16 Dexterity and rolls 45, then their
    //       initiative is 61."
    // 004: "Combatants act in order from highest to lowest initiative."
    // (low d100, high d100, kara d100, order): DEX 1, 30 and 16.
    for (l, h, k, first) in [
        (1, 100, 45, ["high", "kara", "low"]), // 2, 130 (the largest), 61
        (100, 1, 45, ["low", "kara", "high"]), // 101, 31, 61
        (17, 1, 1, ["high", "low", "kara"]),   // 18, 31, 17
    ] {
        let front = Place::Row(Row::Front);
        let mut t = table_of(
            Campaign::default(),
            Field::Rows,
            &[
                ("low", low(), "a", front),
                ("high", high(), "b", front),
                ("kara", character("kara"), "a", front),
            ],
        );
        let text = t.ok(roll_initiative(), &[l, h, k]);
        assert!(
            text.contains(&format!("d100 = {k} + DEX 16 = {} (D20-INIT-01)", k + 16)),
            "{text}"
        );
        assert!(
            text.contains(&format!("d100 = {l} + DEX 1 = {} (D20-INIT-01)", l + 1)),
            "{text}"
        );
        assert!(
            text.contains(&format!("d100 = {h} + DEX 30 = {} (D20-INIT-01)", h + 30)),
            "{text}"
        );
        assert_eq!(order(&t), first, "{l} {h} {k}");
    }
}

#[test]
fn audit_initiative_is_kept_only_when_the_gm_says() {
    // rule: D20-INIT-02
    // 004: "To save time, the GM may decide that combatants only roll for
    //       initiative at the beginning of combat, and then keep those
    //       initiative numbers for the entire battle."
    for (reroll, round_2_dice, round_2_first) in [
        // Round 1: low 100 + 1 = 101 before high 1 + 30 = 31; rolled again,
        // low 1 + 1 = 2 and high 1 + 30 = 31.
        (InitiativeReroll::EachRound, vec![1, 1], "high"),
        (InitiativeReroll::Kept, vec![], "low"),
    ] {
        let front = Place::Row(Row::Front);
        let mut t = table_of(
            Campaign {
                reroll,
                ..Campaign::default()
            },
            Field::Rows,
            &[("low", low(), "a", front), ("high", high(), "b", front)],
        );
        t.ok(roll_initiative(), &[100, 1]);
        t.ok(
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            &[],
        );
        assert_eq!(t.state().clock.active, Some(id("low")));
        t.next(&[]);
        t.next(&round_2_dice);
        assert_eq!(
            t.state().clock.active,
            Some(id(round_2_first)),
            "{reroll:?}"
        );
    }
}

#[test]
fn audit_side_initiative_then_highest_dexterity_within_the_side() {
    // rule: D20-INIT-03
    // 004: "the GM may decide that the player side rolls 1d100, then the enemy
    //       side rolls 1d100. Whoever wins, their whole side goes first. For each
    //       side's turn, the combatants go in order from highest to lowest Dexterity."
    // Heroes: low (DEX 1), kara (DEX 16); bandits: high (DEX 30), raider (DEX 13).
    for (dice, first) in [
        (vec![70, 40], ["kara", "low", "high", "raider"]), // high's DEX 30 waits for its side
        (vec![40, 70], ["high", "raider", "kara", "low"]),
        (vec![1, 100], ["high", "raider", "kara", "low"]), // the extremes of the d100
        (vec![50, 50, 2, 1], ["kara", "low", "high", "raider"]), // a tie: both again
    ] {
        let front = Place::Row(Row::Front);
        let mut t = table_of(
            Campaign {
                initiative: InitiativeBy::Side,
                ..Campaign::default()
            },
            Field::Rows,
            &[
                ("low", low(), "heroes", front),
                ("high", high(), "bandits", front),
                ("kara", character("kara"), "heroes", front),
                ("raider", character("raider"), "bandits", front),
            ],
        );
        t.ok(roll_initiative(), &dice);
        assert_eq!(order(&t), first, "{dice:?}");
    }
}

// ---------------------------------------------------------------- movement

#[test]
fn audit_full_speed_or_double_for_all_the_actions() {
    // rule: D20-MOVE-01
    // 004: "They can move at their full movement speed during their turn. They
    //       can also choose to sacrifice all their actions in order to move at
    //       double movement speed."
    // The sample speed is 30 ft: 6 squares, 12 doubled.
    let start = || {
        on_map(vec![
            ("f", fencer(), "a", (0, 0)),
            ("l", low(), "b", (19, 19)),
        ])
    };
    let mut t = start();
    assert!(
        t.refused(walk("f", (7, 0)))
            .contains("needs 35 ft for this move but has 30 ft left")
    );
    t.ok(walk("f", (6, 0)), &[]);
    assert_eq!(t.state().combatants[&id("f")].movement.left(), 0);
    // Having moved 30 ft, giving up the action gives the other 30.
    t.ok(Command::DoubleMove { id: id("f") }, &[]);
    t.ok(walk("f", (12, 0)), &[]);
    assert_eq!(t.state().combatants[&id("f")].movement.left(), 0);
    assert!(t.refused(walk("f", (13, 0))).contains("has 0 ft left"));
    // Double from the start: 60 ft, not one foot more.
    let mut t = start();
    t.ok(Command::DoubleMove { id: id("f") }, &[]);
    assert!(t.refused(walk("f", (13, 0))).contains("needs 65 ft"));
    t.ok(walk("f", (12, 0)), &[]);
}

#[test]
fn audit_moving_past_an_enemy_takes_opposed_dexterity_and_10_ft_a_retry() {
    // rule: D20-MOVE-02
    // 004: "When moving past an enemy, the mover and enemy make opposed
    //       Dexterity checks. If the mover wins, then they can continue movement
    //       unimpeded. If the enemy wins, then the movement is halted. The mover
    //       can expend 10 feet of movement in order to get an additional attempt."
    // DEX checks: high 30 + level 20: +30; low 1 + level 1: -4; fencer 18 + 4: +8.
    // The high mover's worst (1 + 30 = 31) beats the low enemy's best (20 - 4 = 16).
    let mut t = on_map(vec![("m", high(), "a", (2, 2)), ("e", low(), "b", (3, 3))]);
    t.ok(walk("m", (4, 2)), &[1, 20]);
    assert_eq!(t.state().square(&id("m")), Some(sq(4, 2)));
    assert_eq!(t.state().combatants[&id("m")].movement.left(), 20);
    // The low mover's best (16) loses to the high enemy's worst (31): halted
    // before the step; each retry costs 10 ft; the 30 ft last three tries
    // (free, 10, then 10 + the 10 ft of steps), and a fourth is refused.
    let mut t = on_map(vec![("m", low(), "a", (2, 2)), ("e", high(), "b", (3, 3))]);
    for used in [0, 10, 20] {
        let text = t.ok(walk("m", (4, 2)), &[20, 1]);
        assert!(
            text.contains("Low is stopped; another try costs 10 ft of movement (D20-MOVE-02)"),
            "{text}"
        );
        assert_eq!(t.state().square(&id("m")), Some(sq(2, 2)));
        assert_eq!(t.state().combatants[&id("m")].movement.used, used);
    }
    assert!(t.refused(walk("m", (4, 2))).contains("needs 20 ft"));
    // Equal totals are rolled again: 5 + 8 against 5 + 8, then 6 + 8 against 2 + 8.
    let mut t = on_map(vec![
        ("m", fencer(), "a", (2, 2)),
        ("e", fencer(), "b", (3, 3)),
    ]);
    t.ok(walk("m", (4, 2)), &[5, 5, 6, 2]);
    assert_eq!(t.state().square(&id("m")), Some(sq(4, 2)));
}

#[test]
fn audit_the_rows_reach_what_the_seed_says() {
    // rule: D20-MOVE-03
    // 004: "Side A Front Row: Melee attacks against Side B's front row, or reach
    //       attacks against Side B's back row."
    // 004: "Side A Back Row: Reach & ranged attacks against Side B's front row,
    //       or ranged attacks against Side B's back row."
    let t = table_of(
        Campaign::default(),
        Field::Rows,
        &[
            ("af", fencer(), "a", Place::Row(Row::Front)),
            ("ab", fencer(), "a", Place::Row(Row::Back)),
            ("bf", low(), "b", Place::Row(Row::Front)),
            ("bb", low(), "b", Place::Row(Row::Back)),
        ],
    );
    // (attacker, target, kind, reach weapon, reaches)
    for (a, target, kind, reach, ok) in [
        ("af", "bf", WeaponKind::Melee, false, true),
        ("af", "bb", WeaponKind::Melee, false, false),
        ("af", "bb", WeaponKind::Melee, true, true),
        ("ab", "bf", WeaponKind::Melee, true, true),
        ("ab", "bf", WeaponKind::Ranged, false, true),
        ("ab", "bb", WeaponKind::Ranged, false, true),
        ("ab", "bb", WeaponKind::Melee, true, false),
        ("ab", "bf", WeaponKind::Melee, false, false),
    ] {
        assert_eq!(
            t.state()
                .reaches(&id(a), &id(target), kind, reach, 5)
                .is_ok(),
            ok,
            "{a} {kind:?} reach {reach} at {target}"
        );
    }
}

// ---------------------------------------------------------------- casting

fn cast(who: &str, magic: &str, target: &str) -> Command {
    Command::Cast {
        id: id(who),
        magic: magic.into(),
        target: id(target),
    }
}

fn harm(target: &str, by: Option<&str>) -> Command {
    Command::Harm {
        target: id(target),
        amount: 1,
        by: by.map(id),
        why: "audit".into(),
    }
}

#[test]
fn audit_casting_takes_effect_just_before_the_casters_next_turn() {
    // rule: D20-CAST-01
    // 004: "spellcasting always takes a minimum of a full round. The
    //       spellcaster starts the process of casting the spell as their action,
    //       and the spell takes effect immediately before their next turn."
    // Ilsa (spell energy 16 + 6 = 22) casts Firebolt (3 energy, 2d6) at the
    // high scorer (125 HP); Orun manifests Mind Spike (2 points, 1d10).
    let mut t = on_map(vec![
        ("ilsa", character("ilsa"), "a", (0, 0)),
        ("orun", character("orun"), "a", (0, 1)),
        ("h", high(), "b", (5, 0)),
    ]);
    t.ok(cast("ilsa", "firebolt", "h"), &[]);
    t.refused(cast("ilsa", "mend", "orun")); // its action is spent
    t.next(&[]);
    t.ok(cast("orun", "mind-spike", "h"), &[]);
    t.next(&[]);
    assert_eq!(t.hp("h"), 125, "nothing yet in the casters' round");
    // Round 2, before Ilsa's second turn: 2d6 = 6 + 6 = 12; energy 22 - 3.
    t.next(&[6, 6]);
    assert_eq!(
        (t.hp("h"), t.state().combatants[&id("ilsa")].energy),
        (113, 19)
    );
    assert_eq!(t.state().clock.active, Some(id("ilsa")));
    // Before Orun's: 1d10 = 10; points 15 + 4 = 19 - 2 = 17.
    t.next(&[10]);
    assert_eq!(
        (t.hp("h"), t.state().combatants[&id("orun")].power_points),
        (103, 17)
    );
}

#[test]
fn audit_concentration_is_against_ten_plus_the_damagers_level() {
    // rule: D20-CAST-02
    // 004: "Every time the spellcaster takes damage during this time, they must
    //       make a skill check to maintain concentration. The difficulty is 10 +
    //       the Experience Level of the one who did the damage to the
    //       spellcaster. On a failure, the spellcasting is interrupted, but they
    //       do not expend the spell energy."
    // Ilsa's Spellcasting: d20 + WIS 16 bonus 3 + 3 = d20 + 6.
    // (damager, d20, kept): low level 1: DC 11; high level 20: DC 30,
    // beyond even 20 + 6 = 26; nobody: DC 10 (decision).
    for (by, die, kept) in [
        (Some("low"), 5, true),    // 11 meets 11
        (Some("low"), 4, false),   // 10
        (Some("high"), 20, false), // 26 < 30
        (None, 4, true),           // 10 meets 10
        (None, 3, false),
    ] {
        let mut t = on_map(vec![
            ("ilsa", character("ilsa"), "a", (0, 0)),
            ("low", low(), "b", (5, 0)),
            ("high", high(), "b", (6, 0)),
        ]);
        t.ok(cast("ilsa", "firebolt", "high"), &[]);
        t.ok(harm("ilsa", by), &[die]);
        assert_eq!(
            t.state().casting(&id("ilsa")).is_some(),
            kept,
            "{by:?} d20 {die}"
        );
        assert_eq!(
            t.state().combatants[&id("ilsa")].energy,
            22,
            "nothing spent yet"
        );
        if !kept {
            for _ in 0..3 {
                t.next(&[]);
            }
            assert_eq!(
                t.state().combatants[&id("ilsa")].energy,
                22,
                "interrupted: not spent"
            );
            assert_eq!(t.hp("high"), 125);
        }
    }
}

#[test]
fn audit_resistance_is_beaten_by_a_skill_check_of_its_own_kind() {
    // rule: D20-CAST-03
    // 004: "Spell and Power Resistance: The spellcaster or manifester must make a
    //       skill check to defeat the resistance. On a failure, the spell energy
    //       is wasted, or the psionic power points are wasted. Magic is not
    //       affected by psionic resistance. Psionic powers are not affected by
    //       spell resistance."
    // Orun: spell resistance 14, Psionics d20 + 2 + 3 = +5, 19 points.
    // The brute: power resistance 12. Ilsa: Spellcasting +6, 22 energy.
    // (caster, magic, target, dice, target's hp lost, energy or points left)
    for (caster, magic, target, dice, lost, left) in [
        ("ilsa", "firebolt", "orun", vec![8, 1, 1], 2, 19), // 14 meets 14: 2d6 = 2
        ("ilsa", "firebolt", "orun", vec![7], 0, 19),       // 13: wasted, spent
        ("ilsa", "firebolt", "brute", vec![1, 1], 2, 19),   // no roll: power resistance
        ("orun", "mind-spike", "brute", vec![7, 3], 3, 17), // 12 meets 12: 1d10 = 3
        ("orun", "mind-spike", "brute", vec![6], 0, 17),    // 11: wasted
        ("orun", "mind-spike", "ilsa", vec![3], 3, 17),     // Ilsa has none
    ] {
        let mut t = on_map(vec![
            ("ilsa", character("ilsa"), "a", (0, 0)),
            ("orun", character("orun"), "b", (2, 0)),
            ("brute", character("brute"), "c", (3, 0)),
        ]);
        let hp = t.hp(target);
        if caster == "orun" {
            t.next(&[]);
        }
        t.ok(cast(caster, magic, target), &[]);
        for _ in 0..2 {
            t.next(&[]);
        }
        t.next(&dice);
        let c = &t.state().combatants[&id(caster)];
        let pool = if caster == "ilsa" {
            c.energy
        } else {
            c.power_points
        };
        assert_eq!(
            (hp - t.hp(target), pool),
            (lost, left),
            "{caster} {magic} {target} {dice:?}"
        );
    }
}

// ---------------------------------------------------------------- grappling

/// The totals of the grappling check in `events` (None when a natural
/// decided alone), and whether it succeeded.
fn contest(events: &[Event]) -> (Option<(i64, i64)>, bool) {
    events
        .iter()
        .find_map(|e| match e {
            Event::GrappleCheck {
                contest, success, ..
            } => Some((
                contest.as_ref().map(|o| (o.actor_total, o.resister_total)),
                *success,
            )),
            _ => None,
        })
        .expect("a grappling check")
}

fn advantage(t: &Table) -> Option<String> {
    t.state()
        .grapples
        .first()
        .and_then(|g| g.advantage.as_ref().map(|a| a.to_string()))
}

/// `a` (acting first) next to `b`.
fn pair(a: Character, b: Character) -> Table {
    on_map(vec![("a", a, "x", (1, 1)), ("b", b, "y", (2, 1))])
}

/// Both turns pass, back to `a`.
fn round(t: &mut Table) {
    t.next(&[]);
    t.next(&[]);
}

#[test]
fn audit_three_kinds_of_grappling_action_each_opposed() {
    // rule: D20-GRAP-01
    // 004: "Grappling is divided into three separate actions: takedowns,
    //       position changes, and attacks."
    // Catalog: each is opposed by the defender's same-kind check. The
    // fencer: STR -1, DEX +4, WIS +0, Melee Fighting 2; low: -5 + 0.
    let mut t = pair(fencer(), low());
    let events = t
        .run(takedown("a", "b", Takedown::Tackle), &[10, 10])
        .unwrap();
    assert_eq!(contest(&events), (Some((16, 5)), true)); // takedown: DEX against DEX
    round(&mut t);
    // position change with advantage +5: STR 10 - 1 + 2 + 5 against 10 - 5
    let events = t
        .run(position("a", PositionChange::Push), &[10, 10])
        .unwrap();
    assert_eq!(contest(&events), (Some((16, 5)), true));
    round(&mut t);
    // attack, advantage +5 and primed +5: 10 + 4 + 2 + 10 against 10 - 5;
    // short strikes 1d3 3 + STR -1 = 2.
    let events = t
        .run(
            grapple_attack("a", GrappleAttack::ShortStrikes),
            &[10, 10, 3],
        )
        .unwrap();
    assert_eq!(contest(&events), (Some((26, 5)), true));
}

#[test]
fn audit_takedowns_by_attribute_naturals_and_the_choice() {
    // rule: D20-GRAP-02
    // 004: "If the Takedown check is successful, then you start grappling and
    //       have Grappling Advantage. On a natural 20, you may then attempt a
    //       position change or attack. On a failure, grappling is not initiated.
    //       On a natural 1, the opponent may choose either Grappling Advantage or
    //       a free melee attack."
    // 004: "Clinching Takedown: Strength + Melee Fighting / Tackling Takedown:
    //       Dexterity + Melee Fighting / Tripping Takedown: Wisdom + Melee Fighting"
    // The fencer against low: Clinch STR 10 - 1 + 2 = 11, Tackle 10 + 4 + 2 = 16,
    // Trip 10 + 0 + 2 = 12, each against 10 - 5 = 5.
    for (kind, mine) in [
        (Takedown::Clinch, 11),
        (Takedown::Tackle, 16),
        (Takedown::Trip, 12),
    ] {
        let mut t = pair(fencer(), low());
        let events = t.run(takedown("a", "b", kind), &[10, 10]).unwrap();
        assert_eq!(contest(&events), (Some((mine, 5)), true), "{kind:?}");
        assert_eq!(advantage(&t).as_deref(), Some("a"));
        assert_eq!(t.state().free_grapple, None);
    }
    // Low's 19 - 5 = 14 fails against high's worst (1 + 30 = 31): not
    // initiated, and the defender's natural 1 means nothing.
    let mut t = pair(low(), high());
    let events = t.run(takedown("a", "b", Takedown::Trip), &[19, 1]).unwrap();
    assert_eq!(contest(&events), (Some((14, 31)), false));
    assert!(t.state().grapples.is_empty());
    assert!(t.state().owed.is_none());
    // Low's natural 20 succeeds (decision: the defender does not roll), and
    // gives a position change or attack at once.
    let mut t = pair(low(), high());
    let events = t.run(takedown("a", "b", Takedown::Clinch), &[20]).unwrap();
    assert_eq!(contest(&events), (None, true));
    assert_eq!(advantage(&t).as_deref(), Some("a"));
    assert_eq!(t.state().free_grapple, Some(id("a")));
    t.ok(position("a", PositionChange::Push), &[20]); // free: the action is spent
    // "then": the free action is this turn's; unused, it lapses at its end.
    let mut t = pair(low(), high());
    t.ok(takedown("a", "b", Takedown::Clinch), &[20]);
    round(&mut t);
    assert_eq!(t.state().free_grapple, None);
    t.ok(position("a", PositionChange::Push), &[20]);
    assert!(
        t.refused(position("a", PositionChange::Push))
            .contains("action")
    );
    // High's natural 1: low chooses advantage, or a free melee attack.
    let mut t = pair(high(), low());
    let events = t.run(takedown("a", "b", Takedown::Tackle), &[1]).unwrap();
    assert_eq!(contest(&events), (None, false));
    assert!(t.state().grapples.is_empty());
    t.ok(
        Command::Choose {
            id: id("b"),
            choice: TakedownChoice::Advantage,
        },
        &[],
    );
    assert_eq!(advantage(&t).as_deref(), Some("b"));
    let mut t = pair(high(), low());
    t.ok(takedown("a", "b", Takedown::Tackle), &[1]);
    // Low's free unarmed attack: 20 - 5 + 0 = 15 misses high's Defense
    // 10 + DEX bonus 10 = 20 (no natural 20 on attacks, decision).
    t.ok(
        Command::Choose {
            id: id("b"),
            choice: TakedownChoice::Attack { weapon: None },
        },
        &[20],
    );
    assert!(t.state().grapples.is_empty());
    assert_eq!(t.hp("a"), 125);
}

#[test]
fn audit_position_changes_win_advantage_or_prime_the_next_attack() {
    // rule: D20-GRAP-03
    // 004: "Grappling Advantage gives a bonus of +5."
    // 004: "If the Position Change check is successful, then you gain Grappling
    //       Advantage. If you already have Grappling Advantage, then you gain a
    //       bonus of +5 to your next grappling attack. On a natural 1, the
    //       opponent gains Grappling Advantage."
    // 004: "Push and Pull: Strength + Melee Fighting / Scramble: Dexterity +
    //       Melee Fighting / Reversal: Wisdom + Melee Fighting. Cannot be done if
    //       you already have advantage."
    // High (+30) holds advantage after a tackle (2 + 30 = 32 against 20 - 5 = 15).
    let mut t = pair(high(), low());
    t.ok(takedown("a", "b", Takedown::Tackle), &[2, 20]);
    t.next(&[]);
    // Low's reversal: 19 - 5 = 14 against high's 1 + 30 + 5 = 36: fails.
    let events = t
        .run(position("b", PositionChange::Reversal), &[19, 1])
        .unwrap();
    assert_eq!(contest(&events), (Some((14, 36)), false));
    t.next(&[]);
    assert!(
        t.refused(position("a", PositionChange::Reversal))
            .contains("a reversal cannot be done with it")
    );
    // High's push with advantage: 2 + 30 + 5 = 37 against 15: primed.
    let events = t
        .run(position("a", PositionChange::Push), &[2, 20])
        .unwrap();
    assert_eq!(contest(&events), (Some((37, 15)), true));
    assert_eq!(t.state().grapples[0].primed, Some(id("a")));
    t.next(&[]);
    // Low's scramble, natural 20: low gains advantage.
    t.ok(position("b", PositionChange::Scramble), &[20]);
    assert_eq!(advantage(&t).as_deref(), Some("b"));
    t.next(&[]);
    // High's natural 1 while low holds it: nothing changes.
    t.ok(position("a", PositionChange::Scramble), &[1]);
    assert_eq!(advantage(&t).as_deref(), Some("b"));
    t.next(&[]);
    // Low's natural 1 on a push while holding it: high gains advantage.
    t.ok(position("b", PositionChange::Push), &[1]);
    assert_eq!(advantage(&t).as_deref(), Some("a"));
    // Two won position changes with advantage prime once: "a bonus of +5 to
    // your next grappling attack" is one bonus, not +10 (decision). High's
    // slam: 2 + 30 + 5 + 5 = 42 against 20 - 5 = 15.
    let mut t = pair(high(), low());
    t.ok(takedown("a", "b", Takedown::Tackle), &[2, 20]);
    for _ in 0..2 {
        round(&mut t);
        t.ok(position("a", PositionChange::Pull), &[2, 20]);
    }
    round(&mut t);
    let events = t
        .run(grapple_attack("a", GrappleAttack::Slam), &[2, 20, 1])
        .unwrap();
    assert_eq!(contest(&events), (Some((42, 15)), true));
}

#[test]
fn audit_grappling_attacks_advantage_doubling_and_fumbles() {
    // rule: D20-GRAP-04
    // 004: "Grappling Advantage gives a bonus of +5."
    // 004: "On a natural 20, the effect is doubled. On a natural 1, the
    //       opponent gains Grappling Advantage."
    // High holds advantage over another high (tied clinch 10 + 30 against
    // 10 + 30, again 11 against 10).
    let mut t = pair(high(), high());
    t.ok(takedown("a", "b", Takedown::Clinch), &[10, 10, 11, 10]);
    assert_eq!(advantage(&t).as_deref(), Some("a"));
    round(&mut t);
    // Slam with advantage: 2 + 30 + 5 = 37 against 20 + 30 = 50: fails.
    let events = t
        .run(grapple_attack("a", GrappleAttack::Slam), &[2, 20])
        .unwrap();
    assert_eq!(contest(&events), (Some((37, 50)), false));
    t.next(&[]);
    // The defender holding advantage adds its +5 too (catalog decision):
    // b's slam 19 + 30 = 49 against 14 + 30 + 5 = 49, again 19 + 30 against 1 + 35.
    let events = t
        .run(
            grapple_attack("b", GrappleAttack::Slam),
            &[19, 14, 19, 1, 12],
        )
        .unwrap();
    assert_eq!(contest(&events), (Some((49, 36)), true));
    assert_eq!(t.hp("a"), 125 - 22); // 1d12 12 + 10
    assert!(t.next(&[]).contains("loses the turn: stunned"));
    t.next(&[]);
    // b's natural 1 on an attack: a already holds advantage; nothing changes.
    t.ok(grapple_attack("b", GrappleAttack::ShortStrikes), &[1]);
    assert_eq!(advantage(&t).as_deref(), Some("a"));
    // a's natural 1: b gains advantage.
    t.next(&[]);
    t.ok(grapple_attack("a", GrappleAttack::ShortStrikes), &[1]);
    assert_eq!(advantage(&t).as_deref(), Some("b"));
    t.next(&[]);
    // b's natural 20 short strikes: (1d3 3 + 10) x 2 = 26.
    let hp = t.hp("a");
    t.ok(grapple_attack("b", GrappleAttack::ShortStrikes), &[20, 3]);
    assert_eq!(hp - t.hp("a"), 26);
}

#[test]
fn audit_submission_drains_strength_and_constitution() {
    // rule: D20-GRAP-05
    // 004: "Submission: Strength + Melee Fighting. Temporarily decreases the
    //       target's Strength and Constitution by 1, lasting for an hour.
    //       Additional successes with submission will continue to harm the
    //       target's Strength and Constitution. Typically, the target will fall
    //       unconscious long before it goes to negative Constitution."
    let mut t = pair(high(), high());
    t.ok(takedown("a", "b", Takedown::Clinch), &[20]);
    // The free attack at once: 2 + 30 + 5 against 1 + 30: -1 each.
    t.ok(grapple_attack("a", GrappleAttack::Submission), &[2, 1]);
    let s = t.state().scores(&id("b"));
    assert_eq!((s.str, s.con), (29, 29));
    assert_eq!((t.state().max_hp(&id("b")), t.hp("b")), (124, 124));
    round(&mut t);
    // A natural 20 doubles it: -2 more, cumulative: 27, and STR bonus 8.
    t.ok(grapple_attack("a", GrappleAttack::Submission), &[20]);
    let s = t.state().scores(&id("b"));
    assert_eq!((s.str, s.con), (27, 27));
    assert_eq!(t.state().bonus(&id("b"), Attribute::Str), 8);
    assert_eq!((t.state().max_hp(&id("b")), t.hp("b")), (122, 122));
    // "lasting for an hour": after the fight, 8 hours of rest outlast it.
    // The drain ends within the period, so the period's 1 HP is healed
    // under the restored maximum: 122 + 1 = 123 of 125 (it was kept
    // forever, and the rest healed nothing, before the audit).
    t.ok(Command::Clock(ClockCommand::End), &[]);
    assert_eq!(t.state().drain(&id("b")), 3, "the drain outlasts the fight");
    let text = t.ok(
        Command::Rest {
            id: id("b"),
            periods: 1,
        },
        &[],
    );
    assert!(
        text.starts_with(
            "High's submission -1 STR and CON ends: its hour has passed (D20-GRAP-05)\n\
             High's submission -2 STR and CON ends: its hour has passed (D20-GRAP-05)\n\
             High rests 1 period(s) of 8 hours and regains 1 HP (D20-REST-01)\n"
        ),
        "{text}"
    );
    assert_eq!(t.state().drain(&id("b")), 0);
    let s = t.state().scores(&id("b"));
    assert_eq!((s.str, s.con), (30, 30));
    assert_eq!((t.state().max_hp(&id("b")), t.hp("b")), (125, 123));
    // Against CON 1, one success: CON 0, and the target falls.
    let mut t = pair(high(), low());
    t.ok(takedown("a", "b", Takedown::Clinch), &[20]);
    t.ok(grapple_attack("a", GrappleAttack::Submission), &[2, 20]);
    assert_eq!(t.state().scores(&id("b")).con, 0);
    assert!(t.state().is_down(&id("b")));
    // The drain lasts its hour: 600 rounds; it is still there after the fight.
    t.ok(Command::Clock(ClockCommand::End), &[]);
    assert_eq!(t.state().drain(&id("b")), 1);
    // Its hour over, CON is 1 again; the hit points the drain took (1 to
    // 0) come back at 1 a period: after one, 1 HP, and it rises.
    assert_eq!(t.hp("b"), 0);
    let text = t.ok(
        Command::Rest {
            id: id("b"),
            periods: 1,
        },
        &[],
    );
    assert!(text.ends_with("Low is back on its feet\n"), "{text}");
    assert_eq!((t.state().scores(&id("b")).con, t.hp("b")), (1, 1));
    assert!(!t.state().is_down(&id("b")));
}

#[test]
fn audit_a_slam_does_1d12_plus_strength_bonus_and_stuns_a_round() {
    // rule: D20-GRAP-06
    // 004: "Slam: Strength + Melee Fighting. 1d12 + (Strength bonus) damage, and
    //       causes the target to be stunned for one round."
    // (slammer, its d20 and the defender's, 1d12, damage, turns stunned)
    for (slammer, dice, damage, stunned) in [
        (high(), vec![2, 2, 12], 22, 1), // 12 + 10
        (high(), vec![2, 2, 1], 11, 1),  // 1 + 10
        (high(), vec![20, 12], 44, 2),   // (12 + 10) x 2, the largest
        (low(), vec![20, 12], 14, 2),    // (12 - 5) x 2
        (low(), vec![20, 3], 1, 2),      // (3 - 5) x 2: at least 1 (decision)
    ] {
        let mut t = pair(slammer, high());
        t.ok(takedown("a", "b", Takedown::Clinch), &[20]);
        // The free attack of the natural 20: with advantage +5.
        t.ok(grapple_attack("a", GrappleAttack::Slam), &dice);
        assert_eq!(125 - t.hp("b"), damage, "{dice:?}");
        for _ in 0..stunned {
            assert!(t.next(&[]).contains("loses the turn: stunned"), "{dice:?}");
            t.next(&[]);
        }
        assert!(!t.state().is_stunned(&id("b")), "{dice:?}");
    }
}

#[test]
fn audit_short_strikes_do_unarmed_damage() {
    // rule: D20-GRAP-07
    // 004: "Short Strikes: Dexterity + Melee Fighting. Do damage as if from an
    //       unarmed strike."
    // The fencer's check: DEX +4 + 2 (+5 advantage after its natural 20
    // tackle); damage as an unarmed strike: 1d3 + STR 8 bonus -1.
    let mut t = pair(fencer(), low());
    t.ok(takedown("a", "b", Takedown::Tackle), &[20]);
    // 10 + 4 + 2 + 5 = 21 against 10 - 5 = 5; 1d3 3 - 1 = 2 (low has 1 HP).
    let events = t
        .run(
            grapple_attack("a", GrappleAttack::ShortStrikes),
            &[10, 10, 3],
        )
        .unwrap();
    assert_eq!(contest(&events), (Some((21, 5)), true));
    assert_eq!(t.hp("b"), 1 - 2);
    // Natural 20: (1d3 1 - 1) x 2 = 0: at least 1 (decision).
    let mut t = pair(fencer(), high());
    t.ok(takedown("a", "b", Takedown::Tackle), &[20]);
    t.ok(grapple_attack("a", GrappleAttack::ShortStrikes), &[20, 1]);
    assert_eq!(t.hp("b"), 124);
    // High's short strikes: (1d3 3 + 10) = 13.
    let mut t = pair(high(), high());
    t.ok(takedown("a", "b", Takedown::Tackle), &[20]);
    t.ok(
        grapple_attack("a", GrappleAttack::ShortStrikes),
        &[10, 10, 3],
    );
    assert_eq!(t.hp("b"), 125 - 13);
}
