//! Validation of skills and feats (CX-LVL-02..05, CX-STAT-12, CX-STAT-14, CX-DICE-08).

use super::{Check, NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP, list};
use crate::pack::Pack;
use crate::sheet::{PROFICIENT_POINTS, Sheet};
use crate::stat::Stat;

/// Every skill's points; with a sheet (a sound character), the caps, the
/// budget and what the stats forbid too.
pub(super) fn skills(c: &mut Check<'_>, pack: &Pack, sheet: Option<&Sheet>) {
    let ch = c.character;
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
        let Some(sheet) = sheet else {
            continue;
        };
        let cap = sheet.skill_points.starting + SKILL_POINTS_PER_LEVEL_CAP * ch.level;
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
    let Some(sheet) = sheet else {
        return;
    };
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

/// Every feat listed; with a sheet (a sound character), the feats granted,
/// the requirements and the allowances too.
pub(super) fn feats(c: &mut Check<'_>, pack: &Pack, sheet: Option<&Sheet>) {
    let ch = c.character;
    let granted: Vec<&str> = sheet
        .iter()
        .flat_map(|s| s.feats.owned.iter())
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
        if let Some(sheet) = sheet {
            requirements(c, &field, feat, sheet, pack);
        }
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
                if let Some(class) = class
                    && !class.class_feats.contains(id)
                {
                    c.error(
                        field.clone(),
                        "CX-LVL-05",
                        format!("{} is not a class feat of {}", feat.name, class.name),
                        format!("choose from: {}", class.class_feats.join(", ")),
                    );
                }
                if let Some(sheet) = sheet {
                    requirements(c, &field, feat, sheet, pack);
                }
            }
        }
    }
    if let Some(sheet) = sheet {
        allowances(c, pack, sheet);
    }
}

/// The feats owned against the level's allowance (CX-LVL-04, CX-LVL-05),
/// and the feat taken instead of a granted one (CX-STAT-14).
fn allowances(c: &mut Check<'_>, pack: &Pack, sheet: &Sheet) {
    let ch = c.character;
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
