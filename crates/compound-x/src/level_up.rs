//! Levelling up: one level with its choices (CX-LVL-02..07).
//!
//! The choices are checked against the rules of the new level (the stat point
//! at 5/9/15/20 is applied first, CX-LVL-06), the result is validated as a
//! whole, and only a character with no errors is returned.

use nanite_core::{Diagnostic, Diagnostics};

use crate::character::Character;
use crate::level;
use crate::pack::Pack;
use crate::sheet::{Sheet, skill_points_at_level};
use crate::stat::Stat;
use crate::validate::{NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP, validate};

/// The choices of one level-up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelUp {
    /// The stat raised, at levels 5, 9, 15 and 20.
    pub stat: Option<Stat>,
    /// Skill points added, by skill id.
    pub skills: Vec<(String, i64)>,
    /// Feats taken.
    pub feats: Vec<String>,
    /// Class feats taken.
    pub class_feats: Vec<String>,
}

fn refuse(found: &mut Diagnostics, field: &str, rule: &str, message: String, help: String) {
    found.push(Diagnostic::error(field, message).rule(rule).help(help));
}

/// Applies one level to `character`, or says every reason it cannot.
pub fn level_up(
    character: &Character,
    pack: &Pack,
    choices: &LevelUp,
) -> Result<Character, Diagnostics> {
    let before = validate(character, pack);
    if before.has_errors() {
        return Err(before);
    }
    let mut found = Diagnostics::new();
    let new_level = character.level + 1;
    if new_level > level::MAX_LEVEL {
        refuse(
            &mut found,
            "level",
            "CX-LVL-07",
            format!(
                "{} is already level {}, the highest",
                character.name,
                level::MAX_LEVEL
            ),
            "there is nothing more to gain".into(),
        );
        return Err(found);
    }
    let mut next = character.clone();
    next.level = new_level;
    let stat_level = level::STAT_POINT_LEVELS.contains(&new_level);
    match (stat_level, choices.stat) {
        (true, Some(stat)) => next.stat_increases.push(stat),
        (true, None) => refuse(
            &mut found,
            "stat",
            "CX-LVL-06",
            format!("level {new_level} grants a stat point; choose the stat to raise"),
            "pass --stat STAT (STR, PER, FORT, CHA, INT, DEX or LUCK)".into(),
        ),
        (false, Some(stat)) => refuse(
            &mut found,
            "stat",
            "CX-LVL-06",
            format!("level {new_level} grants no stat point, so {stat} cannot be raised"),
            "stat points come at levels 5, 9, 15 and 20; drop --stat".into(),
        ),
        (false, None) => {}
    }
    // Skill points: this level's gain (with the stat point applied) plus
    // whatever was saved.
    let saved = Sheet::compute(character, pack).skill_points.unspent;
    let gain = skill_points_at_level(&next, pack, new_level);
    let mut added_total = 0;
    for (id, added) in &choices.skills {
        let field = format!("skills.{id}");
        if pack.skills.get(id).is_none() {
            refuse(
                &mut found,
                &field,
                "CX-CONTENT-01",
                format!("unknown skill `{id}`"),
                format!("known skills: {}", pack.skills.ids().join(", ")),
            );
            continue;
        }
        if *added <= 0 {
            refuse(
                &mut found,
                &field,
                "CX-LVL-03",
                format!("{added} points is not an increase"),
                "add a positive number of points".into(),
            );
            continue;
        }
        if *added > SKILL_POINTS_PER_LEVEL_CAP {
            refuse(
                &mut found,
                &field,
                "CX-LVL-03",
                format!(
                    "{added} points into {id}; a level-up puts at most {SKILL_POINTS_PER_LEVEL_CAP} into any one skill"
                ),
                format!("add at most {SKILL_POINTS_PER_LEVEL_CAP}"),
            );
        }
        let had = character.skill_points(id);
        if had == 0 && *added < NEW_SKILL_COST {
            refuse(
                &mut found,
                &field,
                "CX-LVL-03",
                format!("learning {id} costs {NEW_SKILL_COST} points; {added} is not enough"),
                format!("add {NEW_SKILL_COST} points to learn it"),
            );
        }
        added_total += added;
        match next.skills.iter_mut().find(|(s, _)| s == id) {
            Some((_, points)) => *points += added,
            None => next.skills.push((id.clone(), *added)),
        }
    }
    if added_total > gain + saved {
        refuse(
            &mut found,
            "skills",
            "CX-LVL-02",
            format!(
                "{added_total} skill points added, but level {new_level} grants {gain} and {saved} were saved"
            ),
            format!("add at most {}", gain + saved),
        );
    }
    next.feats.extend(choices.feats.iter().cloned());
    next.class_feats.extend(choices.class_feats.iter().cloned());
    let after = validate(&next, pack);
    if !found.is_empty() {
        // The feats chosen are checked too, so that every problem is
        // reported at once; validation's findings on the skills would only
        // repeat the level-up's own.
        for d in after.iter() {
            if d.field.starts_with("feats") || d.field.starts_with("class_feats") {
                found.push(d.clone());
            }
        }
        return Err(found);
    }
    if after.has_errors() {
        return Err(after);
    }
    Ok(next)
}
