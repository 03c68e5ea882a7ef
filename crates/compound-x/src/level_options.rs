//! What the next level offers (CX-LVL-02..06): the choices a level-up form
//! asks for, read from the character and its pack. The choices themselves
//! are checked by [`crate::level_up`]; this only lists them.

use crate::character::Character;
use crate::level;
use crate::pack::Pack;
use crate::sheet::{Sheet, skill_points_at_level};
use crate::validate::{NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP};

/// One skill or feat that may be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Its id in the pack.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Points the character has in it (skills; 0 for feats).
    pub points: i64,
}

/// The choices of the next level of a character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelOptions {
    /// The level the character reaches.
    pub level: i64,
    /// Whether that level grants a stat point to place (CX-LVL-06).
    pub stat_point: bool,
    /// Skill points to place: the level's gain and those saved (CX-LVL-02).
    pub skill_points: i64,
    /// The most points one skill takes in a level-up (CX-LVL-03).
    pub per_skill_cap: i64,
    /// What learning a new skill costs at least (CX-LVL-03).
    pub new_skill_cost: i64,
    /// Every skill of the pack, with the points the character has.
    pub skills: Vec<Choice>,
    /// Feats the new level lets the character add (CX-LVL-04), before a
    /// stat point chosen now changes INT.
    pub feats_open: i64,
    /// The feats the character may choose: not owned, not granted by a
    /// stat, not class feats, open to its class.
    pub feats: Vec<Choice>,
    /// Class feats the new level lets the character add (CX-LVL-05).
    pub class_feats_open: i64,
    /// The class's feats the character does not own yet.
    pub class_feats: Vec<Choice>,
}

/// The choices the next level of `character` offers, or `None` at the
/// highest level (CX-LVL-07).
pub fn level_options(character: &Character, pack: &Pack) -> Option<LevelOptions> {
    let new_level = character.level + 1;
    if new_level > level::MAX_LEVEL {
        return None;
    }
    let now = Sheet::compute(character, pack);
    let mut next = character.clone();
    next.level = new_level;
    let then = Sheet::compute(&next, pack);
    let gain = skill_points_at_level(&next, pack, new_level);
    let owned: Vec<&str> = now.feats.owned.iter().map(|f| f.id.as_str()).collect();
    let feats = pack
        .feats
        .iter()
        .filter(|f| !f.class_feat && f.granted.is_none() && !owned.contains(&f.id.as_str()))
        .filter(|f| f.classes.is_empty() || f.classes.contains(&character.class))
        .map(|f| Choice {
            id: f.id.clone(),
            name: f.name.clone(),
            points: 0,
        })
        .collect();
    let class_feats = pack
        .classes
        .get(&character.class)
        .map(|c| {
            c.class_feats
                .iter()
                .filter(|id| !character.class_feats.contains(id))
                .map(|id| Choice {
                    id: id.clone(),
                    name: pack
                        .feats
                        .get(id)
                        .map_or_else(|| id.clone(), |f| f.name.clone()),
                    points: 0,
                })
                .collect()
        })
        .unwrap_or_default();
    Some(LevelOptions {
        level: new_level,
        stat_point: level::STAT_POINT_LEVELS.contains(&new_level),
        skill_points: gain + now.skill_points.unspent,
        per_skill_cap: SKILL_POINTS_PER_LEVEL_CAP,
        new_skill_cost: NEW_SKILL_COST,
        skills: pack
            .skills
            .iter()
            .map(|s| Choice {
                id: s.id.clone(),
                name: s.name.clone(),
                points: character.skill_points(&s.id),
            })
            .collect(),
        feats_open: (then.feats.allowed - now.feats.chosen).max(0),
        feats,
        class_feats_open: (then.feats.class_feats_allowed - now.feats.class_feats).max(0),
        class_feats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{character, pack};

    fn vex() -> Character {
        character(
            "vex.toml",
            include_str!("../../../examples/compound-x/vex.toml"),
        )
    }

    #[test]
    fn the_next_level_lists_its_choices() {
        // rule: CX-LVL-05, CX-LVL-06, CX-LVL-07
        let pack = pack();
        let mut c = vex();
        // (level now, a stat point at the next, class feats open at the next)
        let cases = [
            (3, false, 0),
            (4, true, 1),
            (5, false, 1),
            (8, true, 1),
            (9, false, 2),
        ];
        for (at, stat, class_open) in cases {
            c.level = at;
            let o = level_options(&c, &pack).expect("a next level");
            assert_eq!(o.level, at + 1);
            assert_eq!(o.stat_point, stat, "stat point at level {}", at + 1);
            assert_eq!(
                o.class_feats_open,
                class_open,
                "class feats at level {}",
                at + 1
            );
            assert_eq!((o.per_skill_cap, o.new_skill_cost), (10, 10));
            assert!(
                o.feats.iter().all(|f| !c.feats.contains(&f.id)),
                "owned feats are not offered again"
            );
            assert!(
                !o.class_feats.is_empty(),
                "the soldier's class feats are offered"
            );
        }
        c.level = level::MAX_LEVEL;
        assert_eq!(level_options(&c, &pack), None, "nothing after level 20");
    }

    #[test]
    fn the_offered_skill_points_are_what_level_up_accepts() {
        // rule: CX-LVL-02, CX-LVL-03
        let pack = pack();
        let c = vex();
        let o = level_options(&c, &pack).expect("a next level");
        let known: Vec<&Choice> = o.skills.iter().filter(|s| s.points > 0).collect();
        let mut left = o.skill_points;
        let mut skills = Vec::new();
        for s in known {
            let put = left.min(o.per_skill_cap);
            if put > 0 {
                skills.push((s.id.clone(), put));
                left -= put;
            }
        }
        assert_eq!(left, 0, "Vex knows enough skills to place every point");
        let choices = crate::LevelUp {
            stat: None,
            skills: skills.clone(),
            feats: Vec::new(),
            class_feats: Vec::new(),
        };
        assert!(
            crate::level_up(&c, &pack, &choices).is_ok(),
            "every offered point is accepted"
        );
        // A new skill on top of every point offered is refused.
        let mut more = skills;
        let spare = pack
            .skills
            .iter()
            .find(|s| c.skill_points(&s.id) == 0)
            .expect("a skill Vex has not learned");
        more.push((spare.id.clone(), o.new_skill_cost));
        let refused = crate::level_up(
            &c,
            &pack,
            &crate::LevelUp {
                skills: more,
                ..choices
            },
        )
        .expect_err("more than offered");
        assert!(
            refused
                .iter()
                .any(|d| d.rule.as_deref() == Some("CX-LVL-02")),
            "{refused}"
        );
    }
}
