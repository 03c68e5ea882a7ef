//! Validation of a character against its pack and the creation and levelling
//! rules (CX-STAT, CX-LVL, CX-DICE-08). Every problem is reported at once, each
//! naming its rule and how to fix it.

use nanite_core::{Diagnostic, Diagnostics};

use crate::character::Character;
use crate::level;
use crate::pack::{Attack, Pack, Secondary};
use crate::sheet::{PROFICIENT_POINTS, Sheet, stats_at_level, strength_choice_needed};
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

struct Check<'a> {
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
    stats(&mut c, pack);
    if c.found.has_errors() {
        // The rest needs a sound race, class and stats.
        return c.found;
    }
    let sheet = Sheet::compute(character, pack);
    secondaries(&mut c, &sheet, pack);
    skills(&mut c, pack, &sheet);
    feats(&mut c, pack, &sheet);
    equipment(&mut c, pack, &sheet);
    c.found
}

fn list(ids: Vec<&str>) -> String {
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

fn skills(c: &mut Check<'_>, pack: &Pack, sheet: &Sheet) {
    let ch = c.character;
    let class_start = sheet.skill_points.starting;
    for (id, points) in &ch.skills {
        let field = format!("skills.{id}");
        let Some(skill) = pack.skills.get(id) else {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown skill `{id}`"),
                format!("known skills: {}", list(pack.skills.ids())),
            );
            continue;
        };
        if *points < NEW_SKILL_COST {
            c.error(
                field.clone(),
                "CX-LVL-03",
                format!("{} has {points} points; a new skill costs {NEW_SKILL_COST} and starts at +{NEW_SKILL_COST}", skill.name),
                format!("put at least {NEW_SKILL_COST} points into {}, or remove it", skill.name),
            );
        }
        let cap = class_start + SKILL_POINTS_PER_LEVEL_CAP * ch.level;
        if *points > cap {
            c.error(
                field.clone(),
                "CX-LVL-03",
                format!(
                    "{} has {points} points, more than a level {} character can have put into one skill ({cap}: the starting points plus {SKILL_POINTS_PER_LEVEL_CAP} per level)",
                    skill.name, ch.level
                ),
                format!("lower {} to {cap} or less", skill.name),
            );
        }
        if sheet.stats.get(Stat::Dexterity) <= 1 && skill.stat == Stat::Dexterity {
            c.error(
                field,
                "CX-STAT-12",
                format!(
                    "{} is a DEX skill and a character with DEX 1 cannot learn it",
                    skill.name
                ),
                format!("remove {}, or raise DEX above 1", skill.name),
            );
        }
    }
    if sheet.skill_points.spent > sheet.skill_points.budget {
        c.error(
            "skills",
            "CX-LVL-02",
            format!(
                "{} skill points spent, but only {} were gained ({} starting + 2 * Skill Point Gain per level)",
                sheet.skill_points.spent, sheet.skill_points.budget, sheet.skill_points.starting
            ),
            format!("remove {} skill points", sheet.skill_points.spent - sheet.skill_points.budget),
        );
    }
    if sheet.stats.get(Stat::Intelligence) <= 1 {
        let unproficient = ch
            .skills
            .iter()
            .filter(|(_, p)| *p < PROFICIENT_POINTS)
            .count();
        if unproficient > 0 {
            c.warning(
                "skills",
                "CX-DICE-08",
                "with INT 1 only proficient skills (10+ points) may be attempted".into(),
                "raise those skills to 10 points".into(),
            );
        }
    }
}

fn feats(c: &mut Check<'_>, pack: &Pack, sheet: &Sheet) {
    let ch = c.character;
    let granted: Vec<&str> = sheet
        .feats
        .owned
        .iter()
        .filter(|f| f.how == "granted")
        .map(|f| f.id.as_str())
        .collect();
    let mut seen: Vec<&str> = Vec::new();
    for (n, id) in ch.feats.iter().enumerate() {
        let field = format!("feats[{n}]");
        let Some(feat) = pack.feats.get(id) else {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown feat `{id}`"),
                format!("known feats: {}", list(pack.feats.ids())),
            );
            continue;
        };
        if seen.contains(&id.as_str()) || granted.contains(&id.as_str()) {
            c.error(
                field,
                "CX-LVL-04",
                format!(
                    "{} is listed twice (or is already granted by a stat)",
                    feat.name
                ),
                format!("remove the extra {}", feat.name),
            );
            continue;
        }
        seen.push(id);
        if feat.class_feat {
            c.error(
                field.clone(),
                "CX-LVL-05",
                format!("{} is a class feat", feat.name),
                format!("move `{id}` to class_feats"),
            );
        }
        if feat.granted.is_some() {
            c.error(
                field.clone(),
                "CX-STAT-14",
                format!("{} is granted by a stat, not chosen", feat.name),
                "remove it; the sheet adds it when the stat is high enough".into(),
            );
        }
        requirements(c, &field, feat, sheet, pack);
    }
    if sheet.feats.chosen > sheet.feats.allowed {
        c.error(
            "feats",
            "CX-LVL-04",
            format!(
                "{} feats chosen, but a level {} character with INT {} may own {}",
                sheet.feats.chosen,
                ch.level,
                sheet.stats.get(Stat::Intelligence),
                sheet.feats.allowed
            ),
            format!("remove {} feats", sheet.feats.chosen - sheet.feats.allowed),
        );
    }
    let class = pack.classes.get(&ch.class);
    for (n, id) in ch.class_feats.iter().enumerate() {
        let field = format!("class_feats[{n}]");
        match pack.feats.get(id) {
            None => c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown feat `{id}`"),
                format!("known feats: {}", list(pack.feats.ids())),
            ),
            Some(feat) => {
                if !class.is_some_and(|cl| cl.class_feats.contains(id)) {
                    c.error(
                        field.clone(),
                        "CX-LVL-05",
                        format!("{} is not a class feat of {}", feat.name, sheet.class.name),
                        format!(
                            "choose from: {}",
                            class
                                .map(|cl| cl.class_feats.join(", "))
                                .unwrap_or_default()
                        ),
                    );
                }
                requirements(c, &field, feat, sheet, pack);
            }
        }
    }
    if sheet.feats.class_feats > sheet.feats.class_feats_allowed {
        c.error(
            "class_feats",
            "CX-LVL-05",
            format!(
                "{} class feats, but a level {} character has {}",
                sheet.feats.class_feats, ch.level, sheet.feats.class_feats_allowed
            ),
            "one class feat comes at every 5th level; remove the extra".into(),
        );
    }
    if let Some(choice) = &ch.charisma_feat {
        let valid = pack
            .feats
            .get(choice)
            .and_then(|f| f.instead_of.as_ref().map(|_| f));
        match valid {
            None => c.error(
                "charisma_feat",
                "CX-STAT-14",
                format!("`{choice}` is not a feat that can be taken instead of a granted one"),
                "use the id of a feat with `instead_of` (Positional Mastermind), or remove charisma_feat".into(),
            ),
            Some(feat) => {
                if let Some(grant) = feat.granted
                    && sheet.stats.get(grant.stat) < grant.min
                {
                    c.error(
                        "charisma_feat",
                        "CX-STAT-14",
                        format!("{} needs {} {}+, the character has {}", feat.name, grant.stat, grant.min, sheet.stats.get(grant.stat)),
                        "remove charisma_feat".into(),
                    );
                }
            }
        }
    }
}

fn requirements(
    c: &mut Check<'_>,
    field: &str,
    feat: &crate::pack::Feat,
    sheet: &Sheet,
    pack: &Pack,
) {
    let ch = c.character;
    let req = &feat.requires;
    let mut unmet = Vec::new();
    if let Some(l) = req.level
        && ch.level < l
    {
        unmet.push(format!("level {l}"));
    }
    for (stat, min) in &req.stats {
        if sheet.stats.get(*stat) < *min {
            unmet.push(format!("{stat} {min}"));
        }
    }
    for (skill, min) in &req.skills {
        if ch.skill_points(skill) < *min {
            unmet.push(format!("{min} points in {skill}"));
        }
    }
    for needed in &req.feats {
        let owned = sheet.feats.owned.iter().any(|f| &f.id == needed);
        if !owned {
            unmet.push(format!("feat {needed}"));
        }
    }
    if !feat.classes.is_empty() && !feat.classes.contains(&ch.class) {
        unmet.push(format!("class {}", feat.classes.join(" or ")));
    }
    if !unmet.is_empty() {
        c.error(
            field.to_string(),
            "CX-LVL-04",
            format!("{} requires {}", feat.name, unmet.join(", ")),
            "meet the requirements first, or choose another feat".into(),
        );
    }
    let _ = pack;
}

fn equipment(c: &mut Check<'_>, pack: &Pack, sheet: &Sheet) {
    let ch = c.character;
    let class = pack.classes.get(&ch.class);
    for (n, carried) in ch.equipment.weapons.iter().enumerate() {
        let field = format!("equipment.weapons[{n}]");
        let Some(weapon) = pack.weapons.get(&carried.id) else {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown weapon `{}`", carried.id),
                format!("known weapons: {}", list(pack.weapons.ids())),
            );
            continue;
        };
        if let Some(class) = class
            && !class.weapons.contains(&weapon.category)
        {
            c.error(
                field.clone(),
                "CX-LVL-01",
                format!(
                    "a {} cannot use {} ({})",
                    class.name, weapon.name, weapon.category
                ),
                format!("{} may use: {}", class.name, class.weapons.join(", ")),
            );
        }
        for id in &carried.attachments {
            match pack.attachments.get(id) {
                None => c.error(
                    field.clone(),
                    "CX-CONTENT-01",
                    format!("unknown attachment `{id}`"),
                    format!("known attachments: {}", list(pack.attachments.ids())),
                ),
                Some(a) if !a.fits.contains(&weapon.category) => c.error(
                    field.clone(),
                    "CX-CONTENT-01",
                    format!(
                        "{} does not fit {} ({})",
                        a.name, weapon.name, weapon.category
                    ),
                    format!("{} fits: {}", a.name, a.fits.join(", ")),
                ),
                Some(_) => {}
            }
        }
        if weapon.attack == Attack::Melee && carried.attachments.iter().any(|_| true) {
            c.warning(
                field.clone(),
                "CX-CONTENT-01",
                format!("{} is a melee weapon; attachments do nothing", weapon.name),
                "remove the attachments".into(),
            );
        }
        if let Some(min) = weapon.min_skill
            && ch.skill_points(&weapon.skill) < min
        {
            c.warning(
                field,
                "CX-RNG-15",
                format!(
                    "{} needs {min} points in {} to use",
                    weapon.name, weapon.skill
                ),
                format!("learn {}", weapon.skill),
            );
        }
    }
    if let Some(id) = &ch.equipment.armor {
        match pack.armors.get(id) {
            None => c.error(
                "equipment.armor",
                "CX-CONTENT-01",
                format!("unknown armor `{id}`"),
                format!("known armor: {}", list(pack.armors.ids())),
            ),
            Some(armor) => {
                if let Some(class) = class
                    && !class.armor.contains(&armor.category)
                {
                    c.error(
                        "equipment.armor",
                        "CX-LVL-01",
                        format!("a {} cannot wear {} armor", class.name, armor.category),
                        format!("{} may wear: {}", class.name, class.armor.join(", ")),
                    );
                }
                if sheet.stats.get(Stat::Strength) <= 1 && armor.coverage > 50 {
                    c.error(
                        "equipment.armor",
                        "CX-STAT-07",
                        format!(
                            "with STR 1 no armor above 50% coverage may be worn; {} covers {}%",
                            armor.name, armor.coverage
                        ),
                        "choose armor with 50% coverage or less".into(),
                    );
                }
            }
        }
    }
    if let Some(id) = &ch.equipment.shield
        && pack.shields.get(id).is_none()
    {
        c.error(
            "equipment.shield",
            "CX-CONTENT-01",
            format!("unknown shield `{id}`"),
            format!("known shields: {}", list(pack.shields.ids())),
        );
    }
    if let Some(id) = &ch.equipment.cloak
        && pack.cloaks.get(id).is_none()
    {
        c.error(
            "equipment.cloak",
            "CX-CONTENT-01",
            format!("unknown cloaking module `{id}`"),
            format!("known modules: {}", list(pack.cloaks.ids())),
        );
    }
    for (id, count) in &ch.equipment.items {
        let field = format!("equipment.items.{id}");
        if pack.items.get(id).is_none() {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown item `{id}`"),
                format!("known items: {}", list(pack.items.ids())),
            );
        } else if *count < 0 {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("{count} is a negative count"),
                "use 0 or more".into(),
            );
        }
    }
    // Stat caps after every bonus, feats and equipment included (CX-STAT-06).
    let cap = if ch.level >= 15 {
        CAP_FROM_15
    } else {
        CAP_BEFORE_15
    };
    for (stat, value) in sheet.stats.iter() {
        if value > cap {
            c.error(
                format!("base_stats.{}", stat.code()),
                "CX-STAT-06",
                format!("{stat} is {value} after every bonus, above the cap of {cap} at level {}", ch.level),
                format!("lower {stat}: stats cannot exceed {CAP_BEFORE_15} before level 15, nor {CAP_FROM_15} after"),
            );
        }
    }
    let _ = stats_at_level;
}
