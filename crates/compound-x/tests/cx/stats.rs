//! Primary stats, stat bonuses, combat bonuses, saves, health and nanites,
//! and what a stat at 1 does (CX-STAT-01, 03, 06..14, 16..18, CX-DICE-02/05/08).

use nanite_compound_x::accuracy::combat_bonus;
use nanite_compound_x::{Stat, Stats, stat_bonus, validate};
use nanite_core::{ModifierPhase, SourceKind};
use nanite_dice::{Expression, ScriptedDice};

use super::support::{character, find, problems, sample, sheet, valid_sheet, with};

/// A human medic: no effects on saves, max HP or nanites, so the sheet shows
/// the bare rules. CHA 5 (no Will to Survive) and LUCK 5 (no Lucky).
fn plain(stats: [i64; 7]) -> String {
    let [str, per, fort, cha, int, dex, luck] = stats;
    with(&[
        ("class = \"soldier\"", "class = \"medic\""),
        ("STR = 6", &format!("STR = {str}")),
        ("PER = 6", &format!("PER = {per}")),
        ("FORT = 6", &format!("FORT = {fort}")),
        ("CHA = 6", &format!("CHA = {cha}")),
        ("INT = 6", &format!("INT = {int}")),
        ("DEX = 6", &format!("DEX = {dex}")),
        ("LUCK = 6", &format!("LUCK = {luck}")),
        ("smgs = 10", "medicine = 10"),
    ])
}

#[test]
fn seven_primary_stats_and_the_average_player() {
    // rule: CX-STAT-01
    let codes: Vec<&str> = Stat::ALL.iter().map(|s| s.code()).collect();
    assert_eq!(codes, ["STR", "PER", "FORT", "CHA", "INT", "DEX", "LUCK"]);
    let names: Vec<&str> = Stat::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(
        names,
        [
            "Strength",
            "Perception",
            "Fortitude",
            "Charisma",
            "Intelligence",
            "Dexterity",
            "Luck"
        ]
    );
    for stat in Stat::ALL {
        assert_eq!(Stat::parse(stat.code()), Some(stat));
        assert_eq!(Stat::parse(&stat.name().to_lowercase()), Some(stat));
    }
    assert_eq!(Stat::parse("wisdom"), None);
    // An average player has 6 in every stat: a human's 42 points exactly,
    // with nothing left over and nothing to warn about.
    assert_eq!(Stats::all(6).sum(), 42);
    let sheet = valid_sheet(super::support::TEMPLATE);
    assert_eq!(sheet.stats, Stats::all(6));
}

/// Stat -> d100 stat bonus, (stat - 5) * 4, from the lowest stat to the
/// cap of 20.
pub(super) const STAT_BONUS: &[(i64, i64)] = &[
    (1, -16),
    (2, -12),
    (4, -4),
    (5, 0),
    (6, 4),
    (8, 12),
    (9, 16),
    (10, 20),
    (15, 40),
    (20, 60),
];

#[test]
fn stat_bonus_is_stat_minus_5_times_4() {
    // rule: CX-DICE-02
    for &(stat, bonus) in STAT_BONUS {
        assert_eq!(stat_bonus(stat), bonus, "stat {stat}");
    }
}

#[test]
fn worked_example_strength_8_rolls_71_for_83() {
    // rule: CX-DICE-02
    // 000: STR 8 gives a Strength bonus of (8 - 5) * 4 = 12; a roll of 71
    // scores 71 + 12 = 83.
    let sheet = sheet(&with(&[("STR = 6", "STR = 8"), ("LUCK = 6", "LUCK = 4")]));
    assert_eq!(sheet.stats.get(Stat::Strength), 8);
    assert_eq!(sheet.stat_bonus.get(Stat::Strength), 12);
    let check =
        Expression::parse(&format!("1d100 + {}", sheet.stat_bonus.get(Stat::Strength))).unwrap();
    // The d100 is two d10, tens then ones: 7 and 1 read as 71.
    let roll = check.roll(&mut ScriptedDice::new([7, 1])).unwrap();
    assert_eq!(roll.total, 83);
}

#[test]
fn skill_checks_add_points_and_the_stat_bonus() {
    // rule: CX-DICE-05
    // Medicine is an INT skill: 50 points add +50, INT 8 adds +12.
    let sheet = sheet(&edit_skill(
        &plain([6, 6, 6, 5, 8, 6, 5]),
        "medicine = 50\nawareness = 20",
    ));
    let medicine = sheet.skills.iter().find(|s| s.id == "medicine").unwrap();
    assert_eq!(medicine.points, 50);
    assert_eq!(medicine.stat, Stat::Intelligence);
    assert_eq!(medicine.stat_bonus, 12);
    // The medic's class ability adds +10 Medicine, shown with its source.
    assert_eq!(
        medicine.modifiers,
        vec![("ability Medic".to_string(), 10)],
        "{:?}",
        medicine.modifiers
    );
    assert_eq!(medicine.total, 50 + 12 + 10);
    // Awareness (PER 6): 20 + 4.
    let awareness = sheet.skills.iter().find(|s| s.id == "awareness").unwrap();
    assert_eq!(awareness.total, 24);
    // An unlearned skill still has its stat bonus (untrained use).
    let search = sheet.skills.iter().find(|s| s.id == "search").unwrap();
    assert_eq!((search.points, search.total), (0, 4));
}

fn edit_skill(text: &str, skills: &str) -> String {
    super::support::edit(text, &[("medicine = 10", skills)])
}

#[test]
fn proficiency_is_10_points_and_anything_may_be_attempted() {
    // rule: CX-DICE-08
    let sheet = sheet(&plain([6, 6, 6, 5, 6, 6, 5]));
    let medicine = sheet.skills.iter().find(|s| s.id == "medicine").unwrap();
    assert!(medicine.proficient && medicine.usable);
    // Untrained: not proficient, but usable with INT above 1.
    let hacking = sheet.skills.iter().find(|s| s.id == "hacking").unwrap();
    assert!(!hacking.proficient && hacking.usable);
    // Learned skills come first.
    assert_eq!(sheet.skills[0].id, "medicine");
}

/// Stat -> combat accuracy bonus (d10 scale), with the catalog's decision for
/// stats above 15.
const COMBAT_BONUS: &[(i64, f64)] = &[
    (1, -1.5),
    (2, -1.0),
    (3, -0.5),
    (4, -0.5),
    (5, 0.0),
    (6, 0.5),
    (7, 0.5),
    (8, 1.0),
    (9, 1.0),
    (10, 1.5),
    (11, 1.5),
    (12, 2.0),
    (13, 2.0),
    (14, 2.5),
    (15, 3.0),
    (16, 3.5),
    (17, 3.5),
    (18, 4.0),
    (19, 4.0),
    (20, 4.5),
];

#[test]
fn combat_bonus_table() {
    // rule: CX-STAT-03
    for &(stat, bonus) in COMBAT_BONUS {
        assert_eq!(combat_bonus(stat).as_f64(), bonus, "stat {stat}");
    }
}

#[test]
fn the_sheet_shows_every_combat_bonus() {
    // rule: CX-STAT-03
    let sheet = sheet(&plain([3, 8, 10, 5, 14, 1, 1]));
    let shown: Vec<(&str, f64)> = sheet
        .combat_bonus
        .iter()
        .map(|(k, v)| (k.as_ref(), v.as_f64()))
        .collect();
    assert_eq!(
        shown,
        [
            ("CHA", 0.0),
            ("DEX", -1.5),
            ("FORT", 1.5),
            ("INT", 2.5),
            ("LUCK", -1.5),
            ("PER", 1.0),
            ("STR", -0.5),
        ]
    );
}

#[test]
fn saving_throws() {
    // rule: CX-STAT-17
    // (STR, PER, FORT, CHA, INT, DEX, LUCK) -> (Will, Shock, Reflex)
    const CASES: &[([i64; 7], [i64; 3])] = &[
        ([6, 7, 8, 5, 9, 4, 3], [16, 22, 10]),
        ([6, 6, 6, 5, 6, 6, 5], [10, 12, 12]),
        ([9, 1, 1, 5, 1, 1, 5], [0, -8, -8]),
    ];
    for &(stats, [will, shock, reflex]) in CASES {
        let sheet = sheet(&plain(stats));
        assert_eq!(
            (sheet.saves.will, sheet.saves.shock, sheet.saves.reflex),
            (will, shock, reflex),
            "stats {stats:?}"
        );
    }
}

#[test]
fn saves_add_effects_on_top() {
    // rule: CX-STAT-17
    // An android: FORT 6+2, INT 6: Shock 2 * (8 + 6 - 6) = 16, +10 race.
    let sheet = sheet(&with(&[("race = \"human\"", "race = \"android\"")]));
    assert_eq!(sheet.saves.shock, 16 + 10);
    let tally = &sheet.breakdown["save.shock"];
    assert_eq!(tally.total_through(ModifierPhase::Base), 16);
    assert!(
        tally
            .terms()
            .iter()
            .any(|t| t.source.kind == SourceKind::Race && t.amount == 10)
    );
}

#[test]
fn max_hp_from_fortitude_and_nanites_from_intelligence() {
    // rule: CX-STAT-16
    // Sample pack: max HP = 100 + 10 * (FORT - 5), nanites = 10 * INT.
    const CASES: &[(i64, i64, i64, i64)] = &[
        // FORT, INT, max HP, nanites
        (5, 6, 100, 60),
        (8, 9, 130, 90),
        (1, 1, 60, 10),
        (9, 3, 140, 30),
    ];
    for &(fort, int, hp, nanites) in CASES {
        let s = sheet(&plain([6, 6, fort, 5, int, 6, 5]));
        assert_eq!(
            (s.max_hp, s.nanites),
            (hp, nanites),
            "FORT {fort} INT {int}"
        );
        assert!(
            s.breakdown["max_hp"].terms()[0]
                .source
                .name
                .starts_with("CX-STAT-16")
        );
    }
}

#[test]
fn max_hp_and_nanites_formulas_come_from_the_pack() {
    // rule: CX-STAT-16
    // rule: CX-CONTENT-01
    let files: Vec<_> = super::support::sample_files()
        .into_iter()
        .map(|f| {
            if f.name() == "pack.toml" {
                nanite_core::content::SourceFile::new(
                    "pack.toml",
                    f.text()
                        .replace("100 + 10 * (FORT - 5)", "50 + 20 * FORT + LEVEL")
                        .replace("\"10 * INT\"", "\"5 * INT\""),
                )
            } else {
                f
            }
        })
        .collect();
    let (pack, found) = nanite_compound_x::Pack::load(&files);
    assert!(found.is_empty(), "{found}");
    let c = character(&plain([6, 6, 7, 5, 8, 6, 5]));
    let s = nanite_compound_x::Sheet::compute(&c, &pack);
    assert_eq!((s.max_hp, s.nanites), (50 + 140, 40));
}

#[test]
fn charisma_and_luck_grant_feats() {
    // rule: CX-STAT-14
    // (CHA, LUCK, charisma_feat) -> granted feats
    const CASES: &[(i64, i64, Option<&str>, &[&str])] = &[
        (5, 5, None, &[]),
        (6, 5, None, &["will-to-survive"]),
        (5, 6, None, &["lucky"]),
        (8, 8, None, &["will-to-survive", "lucky"]),
        (9, 5, None, &["will-to-survive"]),
        (
            9,
            5,
            Some("positional-mastermind"),
            &["positional-mastermind"],
        ),
    ];
    for &(cha, luck, choice, expected) in CASES {
        let mut text = plain([6, 6, 6, cha, 6, 6, luck]);
        if let Some(choice) = choice {
            text = text.replacen(
                "level = 0\n",
                &format!("level = 0\ncharisma_feat = \"{choice}\"\n"),
                1,
            );
        }
        let s = sheet(&text);
        let granted = super::support::granted_feats(&s);
        assert_eq!(granted, expected, "CHA {cha} LUCK {luck} {choice:?}");
        // Granted feats do not count against the allowance.
        assert_eq!(s.feats.chosen, 0);
    }
}

#[test]
fn granted_feats_scale_with_their_stat() {
    // rule: CX-STAT-14
    // The sample Will to Survive: +5 max HP per CHA above 5.
    let at = |cha| sheet(&plain([6, 6, 5, cha, 6, 6, 5])).max_hp;
    assert_eq!(at(5), 100);
    assert_eq!(at(6), 105);
    assert_eq!(at(8), 115);
}

#[test]
fn positional_mastermind_needs_charisma_9() {
    // rule: CX-STAT-14
    let text = plain([6, 6, 6, 8, 6, 5, 5]).replacen(
        "level = 0\n",
        "level = 0\ncharisma_feat = \"positional-mastermind\"\n",
        1,
    );
    let found = validate(&character(&text), sample());
    let d = find(&found, Some("CX-STAT-14"), "needs CHA 9+");
    assert_eq!(d.field, "charisma_feat");
}

#[test]
fn stat_limits() {
    // rule: CX-STAT-06
    use nanite_compound_x::{CAP_BEFORE_15, CAP_FROM_15, CREATION_MAX, STAT_MIN};
    assert_eq!(
        (CREATION_MAX, STAT_MIN, CAP_BEFORE_15, CAP_FROM_15),
        (9, 1, 15, 20)
    );
    // 9 before the race bonus is fine, 10 after it too.
    let tundari = with(&[
        ("race = \"human\"", "race = \"tundari\""),
        ("DEX = 6", "DEX = 9"),
        ("STR = 6", "STR = 3"),
        ("CHA = 6", "CHA = 4"),
    ]);
    let s = valid_sheet(&tundari);
    assert_eq!(s.stats.get(Stat::Dexterity), 10);
    // Initial stat points come from the race: the Tundari's 40.
    assert_eq!(sample().races.get("tundari").unwrap().stat_points, 40);
    assert_eq!(character(&tundari).base_stats.sum(), 40);
}

#[test]
fn strength_1() {
    // rule: CX-STAT-07
    let text = plain([1, 9, 8, 5, 6, 6, 7]);
    let s = sheet(&text);
    assert_eq!(s.stat_one_effects.len(), 1);
    assert_eq!(s.stat_one_effects[0].stat, Stat::Strength);
    assert_eq!(s.stat_one_effects[0].rule, "CX-STAT-07");
    // DEX 6 would move 6 m per 2 actions; STR 1 caps it at 2.
    assert_eq!(s.secondary.movement_speed, 6);
    assert_eq!(s.movement.per_2_actions, 2);
    assert!(s.movement.notes.iter().any(|n| n.contains("CX-STAT-07")));
    // Unless DEX is 1 too: then no cap on the walk (the speed is DEX's
    // anyway, 1), but a sprint still goes no farther than 2 m.
    let both = sheet(&plain([1, 9, 9, 5, 6, 1, 9]));
    let capped: Vec<&String> = both
        .movement
        .notes
        .iter()
        .filter(|n| n.contains("CX-STAT-07"))
        .collect();
    assert_eq!(
        capped,
        ["STR 1: sprinting too, at most 2 m per 2 actions (rule CX-STAT-07)"]
    );
    assert_eq!((both.movement.per_2_actions, both.movement.sprint), (1, 2));
    // Armor above 50% coverage is forbidden; 50% or less is fine.
    let vest = text.replace("[equipment]\n", "[equipment]\narmor = \"padded-vest\"\n");
    assert!(sheet(&vest).armor.unwrap().problems.is_empty());
    let flak = text.replace("[equipment]\n", "[equipment]\narmor = \"flak-jacket\"\n");
    let armor = sheet(&flak).armor.unwrap();
    assert_eq!(armor.problems.len(), 1);
    assert!(armor.problems[0].contains("CX-STAT-07"));
    let found = problems(&flak);
    let d = find(&found, Some("CX-STAT-07"), "no armor above 50% coverage");
    assert_eq!(d.field, "equipment.armor");
}

#[test]
fn perception_1() {
    // rule: CX-STAT-08
    let s = sheet(&plain([6, 1, 9, 5, 7, 8, 6]));
    assert_eq!(s.stat_one_effects[0].rule, "CX-STAT-08");
    for id in ["search", "awareness"] {
        let line = s.skills.iter().find(|l| l.id == id).unwrap();
        assert!(!line.usable, "{id}");
        assert!(line.notes[0].contains("CX-STAT-08"));
    }
    let speech = s.skills.iter().find(|l| l.id == "speech").unwrap();
    assert!(speech.usable);
    assert!(
        speech
            .modifiers
            .contains(&("rule CX-STAT-08 PER 1".to_string(), -20))
    );
    // Speech: 0 points, CHA 5 bonus 0, -20.
    assert_eq!(speech.total, -20);
}

#[test]
fn fortitude_1() {
    // rule: CX-STAT-09
    let s = sheet(&plain([9, 6, 1, 5, 7, 8, 6]));
    let effects: Vec<_> = s
        .stat_one_effects
        .iter()
        .map(|e| (e.stat, e.rule.as_ref()))
        .collect();
    assert_eq!(effects, [(Stat::Fortitude, "CX-STAT-09")]);
    assert!(
        s.stat_one_effects[0]
            .effect
            .contains("unarmed damage is halved")
    );
    assert!(
        s.stat_one_effects[0]
            .effect
            .contains("half of any melee damage")
    );
}

#[test]
fn charisma_1() {
    // rule: CX-STAT-10
    let s = sheet(&plain([8, 6, 8, 1, 7, 7, 5]));
    assert_eq!(s.stat_one_effects[0].rule, "CX-STAT-10");
    assert!(s.stat_one_effects[0].effect.contains("DC 30 CHA check"));
    assert!(s.stat_one_effects[0].effect.contains("1 action"));
    // Speech, Deceive and the other CHA skills: -24 on top of CHA 1's -16.
    for id in ["speech", "deceive", "intimidate"] {
        let line = s.skills.iter().find(|l| l.id == id).unwrap();
        assert!(
            line.modifiers
                .contains(&("rule CX-STAT-10 CHA 1".to_string(), -24)),
            "{id}"
        );
        assert_eq!(line.total, -16 - 24, "{id}");
    }
    let medicine = s.skills.iter().find(|l| l.id == "medicine").unwrap();
    assert!(
        medicine
            .modifiers
            .iter()
            .all(|(m, _)| !m.contains("CX-STAT-10"))
    );
}

#[test]
fn intelligence_1() {
    // rule: CX-STAT-11
    // rule: CX-DICE-08
    let s = sheet(&plain([8, 8, 8, 5, 1, 6, 6]));
    assert_eq!(s.stat_one_effects[0].rule, "CX-STAT-11");
    // Medicine has 10 points: proficient, so still usable; nothing else is.
    for line in &s.skills {
        assert_eq!(line.usable, line.id == "medicine", "{}", line.id);
        if line.id != "medicine" {
            assert!(line.notes.iter().any(|n| n.contains("CX-STAT-11")));
        }
    }
}

#[test]
fn dexterity_1() {
    // rule: CX-STAT-12
    let text = plain([8, 8, 8, 5, 7, 1, 5]);
    let s = sheet(&text);
    assert_eq!(s.stat_one_effects[0].rule, "CX-STAT-12");
    let lockpicking = s.skills.iter().find(|l| l.id == "lockpicking").unwrap();
    assert!(lockpicking.notes[0].contains("CX-STAT-12"));
    // Learning a DEX skill is an error.
    let found = problems(&edit_skill(&text, "medicine = 10\nstealth = 10"));
    let d = find(&found, Some("CX-STAT-12"), "Stealth is a DEX skill");
    assert_eq!(d.field, "skills.stealth");
}

#[test]
fn luck_1_black_cat() {
    // rule: CX-STAT-13
    let unlucky = sheet(&plain([7, 7, 7, 5, 7, 8, 1]));
    assert!(unlucky.black_cat);
    assert_eq!(unlucky.stat_one_effects[0].rule, "CX-STAT-13");
    assert!(unlucky.stat_one_effects[0].effect.contains("Black Cat"));
    assert!(!sheet(&plain([7, 7, 7, 5, 6, 8, 2])).black_cat);
}

#[test]
fn no_stat_at_1_no_effects() {
    // rule: CX-STAT-07
    // rule: CX-STAT-13
    let s = sheet(&plain([2, 2, 2, 2, 2, 2, 2]));
    assert!(s.stat_one_effects.is_empty());
    assert!(!s.black_cat);
}

#[test]
fn changing_a_stat_recomputes_everything_derived() {
    // rule: CX-STAT-18
    let before = sheet(&plain([6, 6, 6, 5, 6, 6, 5]));
    let after = sheet(&plain([6, 6, 6, 5, 8, 6, 5]));
    assert_eq!((before.nanites, after.nanites), (60, 80));
    assert_eq!(
        (
            before.secondary.skill_point_gain,
            after.secondary.skill_point_gain
        ),
        (6, 8)
    );
    assert_eq!((before.saves.will, after.saves.will), (10, 14));
    assert_eq!((before.saves.shock, after.saves.shock), (12, 16));
    assert_eq!(
        (
            before.stat_bonus.get(Stat::Intelligence),
            after.stat_bonus.get(Stat::Intelligence)
        ),
        (4, 12)
    );
    let medicine =
        |s: &nanite_compound_x::Sheet| s.skills.iter().find(|l| l.id == "medicine").unwrap().total;
    assert_eq!(medicine(&after) - medicine(&before), 8);
}

#[test]
fn effects_on_stats_come_before_derived_values() {
    // rule: CX-STAT-18
    // The Exo-Frame gives +1 STR while worn: STR 6 -> 7, so the jump and the
    // secondary stats follow the raised STR.
    let text = with(&[("[equipment]\n", "[equipment]\narmor = \"exo-frame\"\n")]);
    let s = sheet(&text);
    assert_eq!(s.stats.get(Stat::Strength), 7);
    assert_eq!(s.breakdown["STR"].total_through(ModifierPhase::Base), 6);
    assert_eq!(s.jumps.vertical, 2.33);
    // STR 7 now beats DEX 6 and FORT 6: it sets Movement Speed (the default
    // until the player chooses), and Carry Ability takes FORT.
    assert!(s.secondary.strength_choice);
    assert_eq!(
        (s.secondary.movement_speed, s.secondary.carry_ability),
        (7, 6)
    );
}
