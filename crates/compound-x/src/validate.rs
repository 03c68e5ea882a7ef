//! Validation of a character against its pack and the creation and levelling
//! rules (CX-STAT, CX-LVL, CX-DICE-08). Every problem is reported at once, each
//! naming its rule and how to fix it.

use nanite_core::{Diagnostic, Diagnostics};

use crate::character::Character;
use crate::combat::MAX_DEATH_SAVES;
use crate::level;
use crate::pack::{Pack, Secondary};
use crate::sheet::{Sheet, strength_choice_needed};
use crate::stat::Stat;

/// The highest stat at creation, before the race bonus (CX-STAT-06).
pub const CREATION_MAX: i64 = 9;
/// The lowest stat after the race bonus (CX-STAT-06).
pub const STAT_MIN: i64 = 1;
/// The stat cap before level 15 (CX-STAT-06).
pub const CAP_BEFORE_15: i64 = 15;
/// The stat cap from level 15 (CX-STAT-06).
pub const CAP_FROM_15: i64 = 20;
/// Points a new skill costs; it starts at +10 (CX-LVL-03).
pub const NEW_SKILL_COST: i64 = 10;
/// Points one level-up may put into one skill (CX-LVL-03).
pub const SKILL_POINTS_PER_LEVEL_CAP: i64 = 10;

mod choices;
mod equipment;

use choices::{feats, skills};
use equipment::equipment;

pub(crate) struct Check<'a> {
    character: &'a Character,
    found: Diagnostics,
}

impl Check<'_> {
    fn error(&mut self, field: impl Into<String>, rule: &str, message: String, help: String) {
        let d = Diagnostic::error(field, message).rule(rule).help(help);
        self.found.push(self.character.locate(d));
    }

    fn warning(&mut self, field: impl Into<String>, rule: &str, message: String, help: String) {
        let d = Diagnostic::warning(field, message).rule(rule).help(help);
        self.found.push(self.character.locate(d));
    }
}

/// Every problem of `character` with `pack`.
pub fn validate(character: &Character, pack: &Pack) -> Diagnostics {
    let mut c = Check {
        character,
        found: Diagnostics::new(),
    };
    references(&mut c, pack);
    levels(&mut c);
    // What is derived (secondaries, skill budgets, feat allowances, stat
    // caps) needs a known race and class and a sound level; stats outside
    // their creation limits still compute (within a sane range), so that a
    // stat too high hides no overspent skill; every check of the file's own
    // entries (unknown ids, negative or too few points, a feat listed twice,
    // counts) runs regardless, so that every problem is reported at once.
    let computable = !c.found.has_errors()
        && Stat::ALL
            .iter()
            .all(|s| COMPUTABLE_STATS.contains(&character.base_stats.get(*s)));
    identity(&mut c);
    stats(&mut c, pack);
    survival(&mut c);
    let sheet = computable.then(|| Sheet::compute(character, pack));
    if let Some(sheet) = &sheet {
        secondaries(&mut c, sheet, pack);
    }
    skills(&mut c, pack, sheet.as_ref());
    feats(&mut c, pack, sheet.as_ref());
    equipment(&mut c, pack, sheet.as_ref());
    c.found
}

/// The death saves carried from earlier fights: 1 to 3 (CX-DEATH-04); the
/// lifetime Fort save failures, from 0 (CX-HOUSE-05); money, never negative.
fn survival(c: &mut Check<'_>) {
    let ch = c.character;
    if let Some(saves) = ch.death_saves
        && !(1..=i64::from(MAX_DEATH_SAVES)).contains(&saves)
    {
        c.error(
            "death_saves",
            "CX-DEATH-04",
            format!("death_saves is {saves}; a character has 1 to {MAX_DEATH_SAVES} death saves at its next downing"),
            format!("set death_saves from 1 to {MAX_DEATH_SAVES}, or remove it for {MAX_DEATH_SAVES}"),
        );
    }
    if let Some(failures) = ch.fort_failures
        && failures < 0
    {
        c.error(
            "fort_failures",
            "CX-HOUSE-05",
            format!("fort_failures is {failures}; it counts failed Fort saves, from 0"),
            "set fort_failures to 0 or more, or remove it for 0".into(),
        );
    }
    if let Some(money) = ch.money
        && money < 0
    {
        c.error(
            "money",
            "CX-LVL-01",
            format!("money is {money}; it cannot be negative"),
            "set money to 0 or more".into(),
        );
    }
}

/// The assigned stats with which a sheet is still computed for the
/// derived checks while the stats themselves are in error.
const COMPUTABLE_STATS: std::ops::RangeInclusive<i64> = -CAP_FROM_15..=CAP_FROM_15;

/// A character needs a name: a blank one is refused (a sheet, a tracker
/// card and the log all show it).
fn identity(c: &mut Check<'_>) {
    if c.character.name.trim().is_empty() {
        let d = Diagnostic::error("name", "the character has no name")
            .help("give it a name (\"Tess Marrow\"); blank names are refused");
        c.found.push(c.character.locate(d));
    }
}

pub(crate) fn list(ids: Vec<&str>) -> String {
    ids.join(", ")
}

fn references(c: &mut Check<'_>, pack: &Pack) {
    let ch = c.character;
    if pack.races.get(&ch.race).is_none() {
        c.error(
            "race",
            "CX-CONTENT-01",
            format!("unknown race `{}`", ch.race),
            format!("choose one of: {}", list(pack.races.ids())),
        );
    }
    if pack.classes.get(&ch.class).is_none() {
        c.error(
            "class",
            "CX-LVL-01",
            format!("unknown class `{}`", ch.class),
            format!("choose one of: {}", list(pack.classes.ids())),
        );
    }
}

fn levels(c: &mut Check<'_>) {
    let ch = c.character;
    if !(0..=level::MAX_LEVEL).contains(&ch.level) {
        c.error(
            "level",
            "CX-LVL-07",
            format!("level {} is outside 0..20", ch.level),
            "set a level from 0 to 20".into(),
        );
        return;
    }
    let due = level::stat_points_gained(ch.level);
    let taken = ch.stat_increases.len();
    if taken != due {
        let levels: Vec<String> = level::STAT_POINT_LEVELS
            .iter()
            .filter(|l| **l <= ch.level)
            .map(|l| l.to_string())
            .collect();
        c.error(
            "stat_increases",
            "CX-LVL-06",
            format!(
                "a level {} character has {due} stat point{} (levels {}), but {taken} {} listed",
                ch.level,
                if due == 1 { "" } else { "s" },
                if levels.is_empty() {
                    "none yet".to_string()
                } else {
                    levels.join(", ")
                },
                if taken == 1 { "is" } else { "are" },
            ),
            format!("list exactly {due} stats in stat_increases, one per stat point level"),
        );
    }
}

fn stats(c: &mut Check<'_>, pack: &Pack) {
    let ch = c.character;
    let Some(race) = pack.races.get(&ch.race) else {
        return;
    };
    let mut assigned = 0;
    for stat in Stat::ALL {
        let base = ch.base_stats.get(stat);
        assigned += base;
        let field = format!("base_stats.{}", stat.code());
        if base > CREATION_MAX {
            c.error(
                field.clone(),
                "CX-STAT-06",
                format!("{stat} is {base}, above the creation limit of {CREATION_MAX} (before race bonuses)"),
                format!("lower {stat} to {CREATION_MAX} or less"),
            );
        }
        if base < 0 {
            c.error(
                field.clone(),
                "CX-STAT-06",
                format!("{stat} is {base}; assigned stats cannot be negative"),
                format!("raise {stat} so that with the race bonus it is at least {STAT_MIN}"),
            );
        }
        let with_race = base + race.bonus(stat);
        if with_race < STAT_MIN {
            c.error(
                field,
                "CX-STAT-06",
                format!(
                    "{stat} is {with_race} after the {} bonus; no stat may be below {STAT_MIN}",
                    race.name
                ),
                format!("assign at least {} to {stat}", STAT_MIN - race.bonus(stat)),
            );
        }
    }
    if assigned > race.stat_points {
        c.error(
            "base_stats",
            "CX-STAT-06",
            format!(
                "{assigned} stat points assigned, but a {} has {}",
                race.name, race.stat_points
            ),
            format!("remove {} points", assigned - race.stat_points),
        );
    } else if assigned < race.stat_points {
        c.warning(
            "base_stats",
            "CX-STAT-06",
            format!(
                "{assigned} of the {}'s {} stat points assigned",
                race.name, race.stat_points
            ),
            format!("assign the remaining {}", race.stat_points - assigned),
        );
    }
}

fn secondaries(c: &mut Check<'_>, sheet: &Sheet, pack: &Pack) {
    let ch = c.character;
    if ch.house_rules.secondary_pool {
        pool(c, sheet);
        return;
    }
    if strength_choice_needed(&sheet.stats) && ch.secondary_choice.is_none() {
        let s = &sheet.stats;
        c.error(
            "secondary_choice",
            "CX-STAT-02",
            format!(
                "STR {} is the largest source of both Movement Speed and Carry Ability, but can set only one",
                s.get(Stat::Strength)
            ),
            format!(
                "set secondary_choice = \"movement_speed\" (MS {}, CA {}) or \"carry_ability\" (MS {}, CA {})",
                s.get(Stat::Strength),
                s.get(Stat::Fortitude),
                s.get(Stat::Dexterity),
                s.get(Stat::Strength),
            ),
        );
    }
    let _ = pack;
}

fn pool(c: &mut Check<'_>, sheet: &Sheet) {
    let ch = c.character;
    if ch.secondary_pool.is_empty() {
        c.error(
            "secondary_pool",
            "CX-HOUSE-01",
            "the SECONDARY_POOL house rule is on, but no points are given to secondaries".into(),
            "add [secondary_pool] with e.g. STR = { movement_speed = 3, carry_ability = 3 }".into(),
        );
        return;
    }
    for stat in Stat::ALL {
        let given: i64 = ch
            .secondary_pool
            .iter()
            .filter(|(s, _, _)| *s == stat)
            .map(|(_, _, n)| n)
            .sum();
        if given > sheet.stats.get(stat) {
            c.error(
                format!("secondary_pool.{}", stat.code()),
                "CX-HOUSE-01",
                format!(
                    "{stat} gives {given} points but has only {}",
                    sheet.stats.get(stat)
                ),
                format!("give at most {} points from {stat}", sheet.stats.get(stat)),
            );
        }
    }
    for (stat, secondary, points) in &ch.secondary_pool {
        let field = format!("secondary_pool.{}.{}", stat.code(), secondary.key());
        if !secondary.sources().contains(stat) {
            c.error(
                field,
                "CX-HOUSE-01",
                format!("{stat} is not associated with {}", secondary.name()),
                format!(
                    "{} takes points from {} and {}",
                    secondary.name(),
                    secondary.sources()[0],
                    secondary.sources()[1]
                ),
            );
        } else if *points < 0 {
            c.error(
                field,
                "CX-HOUSE-01",
                format!("{points} points is negative"),
                "give 0 or more".into(),
            );
        }
    }
    for secondary in Secondary::ALL {
        let [a, b] = secondary.sources();
        let cap = sheet.stats.get(a).max(sheet.stats.get(b));
        let value: i64 = ch
            .secondary_pool
            .iter()
            .filter(|(_, s, _)| *s == secondary)
            .map(|(_, _, n)| n)
            .sum();
        if value > cap {
            c.error(
                "secondary_pool",
                "CX-HOUSE-01",
                format!(
                    "{} holds {value} points, above its largest source ({cap})",
                    secondary.name()
                ),
                format!("give {} at most {cap} points in total", secondary.name()),
            );
        }
    }
}
