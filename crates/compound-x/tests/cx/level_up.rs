//! Levelling up one level with its choices (level_up.rs; CX-LVL-02..07,
//! CX-STAT-18).

use nanite_compound_x::level::stat_points_gained;
use nanite_compound_x::{Character, LevelUp, Sheet, Stat, level_up};
use nanite_core::Diagnostics;

use super::support::{character, find, sample, with};

/// The template soldier at `level`, with PER taken at each stat point so far
/// and `skills` as its [skills] lines.
fn at_level(level: i64, skills: &str) -> Character {
    let increases = vec!["\"PER\""; stat_points_gained(level)].join(", ");
    character(&with(&[
        ("level = 0", &format!("level = {level}")),
        (
            "stat_increases = []",
            &format!("stat_increases = [{increases}]"),
        ),
        ("smgs = 10", skills),
    ]))
}

fn choices(stat: Option<Stat>, skills: &[(&str, i64)], feats: &[&str]) -> LevelUp {
    LevelUp {
        stat,
        skills: skills.iter().map(|(s, n)| (s.to_string(), *n)).collect(),
        feats: feats.iter().map(|f| f.to_string()).collect(),
        class_feats: Vec::new(),
    }
}

fn refused(c: &Character, up: &LevelUp) -> Diagnostics {
    match level_up(c, sample(), up) {
        Ok(next) => panic!("level {} was accepted", next.level),
        Err(found) => found,
    }
}

#[test]
fn a_level_adds_its_skill_points() {
    // rule: CX-LVL-02
    // rule: CX-LVL-03
    let c = at_level(4, "smgs = 10");
    let next = level_up(
        &c,
        sample(),
        &choices(
            Some(Stat::Perception),
            &[("smgs", 10), ("awareness", 10)],
            &[],
        ),
    )
    .unwrap();
    assert_eq!(next.level, 5);
    assert_eq!(next.stat_increases, [Stat::Perception]);
    assert_eq!(next.skill_points("smgs"), 20);
    assert_eq!(next.skill_points("awareness"), 10);
    let s = Sheet::compute(&next, sample());
    assert_eq!(s.stats.get(Stat::Perception), 7);
    assert_eq!(s.skill_points.per_level, [12; 5]);
    assert_eq!((s.skill_points.budget, s.skill_points.spent), (110, 30));
    // The original is untouched.
    assert_eq!((c.level, c.skill_points("smgs")), (4, 10));
}

#[test]
fn saved_points_can_be_spent_later() {
    // rule: CX-LVL-02
    // Level 1 with nothing spent beyond 10: 50 + 12 - 10 = 52 saved. Level 2
    // adds 12: 10 + 10 + 10 + 10 + 10 + 10 = 60 fits in 64, if no skill gets
    // more than 10.
    let c = at_level(1, "smgs = 10");
    let up = choices(
        None,
        &[
            ("smgs", 10),
            ("awareness", 10),
            ("medicine", 10),
            ("stealth", 10),
            ("search", 10),
            ("repair", 10),
        ],
        &[],
    );
    let next = level_up(&c, sample(), &up).unwrap();
    assert_eq!(Sheet::compute(&next, sample()).skill_points.unspent, 4);
}

#[test]
fn more_points_than_gained_and_saved_are_refused() {
    // rule: CX-LVL-02
    let c = at_level(0, "smgs = 50");
    let found = refused(&c, &choices(None, &[("smgs", 10), ("awareness", 10)], &[]));
    let d = find(
        &found,
        Some("CX-LVL-02"),
        "20 skill points added, but level 1 grants 12 and 0 were saved",
    );
    assert_eq!(d.field, "skills");
    assert_eq!(d.help.as_deref(), Some("add at most 12"));
}

#[test]
fn at_most_10_points_into_one_skill() {
    // rule: CX-LVL-03
    let c = at_level(3, "smgs = 10");
    let found = refused(&c, &choices(None, &[("smgs", 11)], &[]));
    let d = find(
        &found,
        Some("CX-LVL-03"),
        "11 points into smgs; a level-up puts at most 10 into any one skill",
    );
    assert_eq!(d.field, "skills.smgs");
    assert_eq!(found.len(), 1, "{found}");
    level_up(&c, sample(), &choices(None, &[("smgs", 10)], &[])).unwrap();
}

#[test]
fn a_bad_skill_choice_hides_no_problem_with_the_feats_chosen() {
    // rule: CX-LVL-03
    // rule: CX-CONTENT-01
    // Every problem at once: 11 points into one skill and an unknown feat.
    let c = at_level(3, "smgs = 10");
    let found = refused(&c, &choices(None, &[("smgs", 11)], &["bravado"]));
    find(
        &found,
        Some("CX-LVL-03"),
        "11 points into smgs; a level-up puts at most 10 into any one skill",
    );
    let d = find(&found, Some("CX-CONTENT-01"), "unknown feat `bravado`");
    assert_eq!(d.field, "feats[0]");
    assert_eq!(found.len(), 2, "{found}");
}

#[test]
fn a_new_skill_needs_10_points() {
    // rule: CX-LVL-03
    let c = at_level(3, "smgs = 10");
    let found = refused(&c, &choices(None, &[("awareness", 5)], &[]));
    let d = find(
        &found,
        Some("CX-LVL-03"),
        "learning awareness costs 10 points; 5 is not enough",
    );
    assert_eq!(d.field, "skills.awareness");
    // A learned skill can grow by less.
    level_up(&c, sample(), &choices(None, &[("smgs", 5)], &[])).unwrap();
}

#[test]
fn skill_choices_must_be_known_increases() {
    // rule: CX-LVL-03
    // rule: CX-CONTENT-01
    let c = at_level(3, "smgs = 10");
    let found = refused(&c, &choices(None, &[("smgs", 0), ("archery", 10)], &[]));
    assert_eq!(
        find(&found, Some("CX-LVL-03"), "0 points is not an increase").field,
        "skills.smgs"
    );
    let d = find(&found, Some("CX-CONTENT-01"), "unknown skill `archery`");
    assert_eq!(d.field, "skills.archery");
    assert!(
        d.help
            .as_deref()
            .unwrap()
            .starts_with("known skills: awareness, search")
    );
}

#[test]
fn the_stat_point_is_required_at_5_9_15_and_20_and_refused_otherwise() {
    // rule: CX-LVL-06
    for from in 0..20 {
        let to = from + 1;
        let c = at_level(from, "smgs = 10");
        let with_stat = choices(Some(Stat::Luck), &[], &[]);
        let without = choices(None, &[], &[]);
        if [5, 9, 15, 20].contains(&to) {
            let found = refused(&c, &without);
            let d = find(
                &found,
                Some("CX-LVL-06"),
                &format!("level {to} grants a stat point; choose the stat to raise"),
            );
            assert_eq!(d.field, "stat");
            let next = level_up(&c, sample(), &with_stat).unwrap();
            assert_eq!(next.stat_increases.last(), Some(&Stat::Luck), "level {to}");
        } else {
            let found = refused(&c, &with_stat);
            find(
                &found,
                Some("CX-LVL-06"),
                &format!("level {to} grants no stat point, so LUCK cannot be raised"),
            );
            level_up(&c, sample(), &without).unwrap();
        }
    }
}

#[test]
fn too_many_feats_are_refused() {
    // rule: CX-LVL-04
    let c = at_level(1, "smgs = 10");
    let found = refused(
        &c,
        &choices(None, &[], &["steady-aim", "iron-will", "iron-lungs"]),
    );
    find(
        &found,
        Some("CX-LVL-04"),
        "3 feats chosen, but a level 2 character with INT 6 may own 2",
    );
    let next = level_up(
        &c,
        sample(),
        &choices(None, &[], &["steady-aim", "iron-will"]),
    )
    .unwrap();
    assert_eq!(next.feats, ["steady-aim", "iron-will"]);
    // Level 3 keeps level 2's total: no room for a third.
    let found = refused(&next, &choices(None, &[], &["iron-lungs"]));
    find(
        &found,
        Some("CX-LVL-04"),
        "3 feats chosen, but a level 3 character",
    );
}

#[test]
fn class_feats_come_at_level_5() {
    // rule: CX-LVL-05
    let c = at_level(3, "smgs = 10");
    let mut up = choices(None, &[], &[]);
    up.class_feats = vec!["tactical-awareness".to_string()];
    let found = refused(&c, &up);
    find(
        &found,
        Some("CX-LVL-05"),
        "1 class feats, but a level 4 character has 0",
    );
    let c = at_level(4, "smgs = 10");
    up.stat = Some(Stat::Charisma);
    let next = level_up(&c, sample(), &up).unwrap();
    assert_eq!(next.class_feats, ["tactical-awareness"]);
    assert_eq!(Sheet::compute(&next, sample()).initiative, 15);
}

#[test]
fn nothing_beyond_level_20() {
    // rule: CX-LVL-07
    let c = at_level(20, "smgs = 10");
    let found = refused(&c, &choices(None, &[], &[]));
    let d = find(
        &found,
        Some("CX-LVL-07"),
        "Tess is already level 20, the highest",
    );
    assert_eq!(d.field, "level");
    assert_eq!(found.len(), 1);
}

#[test]
fn an_invalid_character_cannot_level_up() {
    // rule: CX-CONTENT-01
    let c = character(&with(&[("race = \"human\"", "race = \"elf\"")]));
    let found = refused(&c, &choices(None, &[], &[]));
    let d = find(&found, Some("CX-CONTENT-01"), "unknown race `elf`");
    assert_eq!((d.file.as_deref(), d.line), (Some("test.toml"), Some(3)));
}

#[test]
fn raising_intelligence_at_level_5_recomputes_everything() {
    // rule: CX-STAT-18
    // rule: CX-LVL-06
    // rule: CX-LVL-02
    // Level 4 with all 98 points spent (50 + 4 * 12).
    let c = at_level(4, "smgs = 58\nawareness = 40");
    let before = Sheet::compute(&c, sample());
    assert_eq!(before.skill_points.unspent, 0);
    // INT 6 -> 7 first, so level 5 grants 2 * 7 = 14 (not 12).
    let up = choices(
        Some(Stat::Intelligence),
        &[("smgs", 10), ("awareness", 4)],
        &[],
    );
    let next = level_up(&c, sample(), &up).unwrap();
    let after = Sheet::compute(&next, sample());
    assert_eq!(after.stats.get(Stat::Intelligence), 7);
    assert_eq!((before.nanites, after.nanites), (60, 70));
    assert_eq!(
        (
            before.secondary.skill_point_gain,
            after.secondary.skill_point_gain
        ),
        (6, 7)
    );
    assert_eq!((before.saves.will, after.saves.will), (12, 14));
    assert_eq!((before.saves.shock, after.saves.shock), (12 + 2, 14 + 2));
    assert_eq!(after.skill_points.per_level, [12, 12, 12, 12, 14]);
    assert_eq!(after.skill_points.unspent, 0);
    // One point more than the 14 is refused.
    let greedy = choices(
        Some(Stat::Intelligence),
        &[("smgs", 10), ("awareness", 5)],
        &[],
    );
    find(
        &refused(&c, &greedy),
        Some("CX-LVL-02"),
        "15 skill points added, but level 5 grants 14 and 0 were saved",
    );
    // Raising PER instead grants only 12.
    let per = choices(
        Some(Stat::Perception),
        &[("smgs", 10), ("awareness", 4)],
        &[],
    );
    find(
        &refused(&c, &per),
        Some("CX-LVL-02"),
        "14 skill points added, but level 5 grants 12 and 0 were saved",
    );
}
