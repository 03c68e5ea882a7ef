//! What a Compound X character's next level offers, as the API and the
//! level-up form show it (CX-LVL-02..06): the stat point, the skill points
//! to place, the feats and class feats open. Read from the engine's
//! [`nanite_compound_x::level_options`]; the choices are checked by the
//! level-up itself.

use serde::Serialize;
use utoipa::ToSchema;

/// One skill or feat that may be chosen.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct LevelChoice {
    /// Its id in the pack in force.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Points the character has in it (skills; 0 for feats).
    pub(crate) points: i64,
}

/// The choices of a Compound X character's next level.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct LevelChoices {
    /// The level reached.
    pub(crate) level: i64,
    /// Whether that level grants a stat point to place (`stat`, CX-LVL-06).
    pub(crate) stat_point: bool,
    /// Skill points to place: the level's gain and those saved (CX-LVL-02).
    pub(crate) skill_points: i64,
    /// The most points one skill takes in a level-up (CX-LVL-03).
    pub(crate) per_skill_cap: i64,
    /// What learning a new skill costs at least (CX-LVL-03).
    pub(crate) new_skill_cost: i64,
    /// Every skill of the pack, with the points the character has: those
    /// it has first.
    pub(crate) skills: Vec<LevelChoice>,
    /// Feats the level lets the character add (CX-LVL-04).
    pub(crate) feats_open: i64,
    /// The feats the character may choose.
    pub(crate) feats: Vec<LevelChoice>,
    /// Class feats the level lets the character add (CX-LVL-05).
    pub(crate) class_feats_open: i64,
    /// The class's feats the character does not own yet.
    pub(crate) class_feats: Vec<LevelChoice>,
}

fn choices(from: Vec<nanite_compound_x::Choice>) -> Vec<LevelChoice> {
    from.into_iter()
        .map(|c| LevelChoice {
            id: c.id,
            name: c.name,
            points: c.points,
        })
        .collect()
}

/// The next level's choices of `character` under `pack` (none at the highest).
pub(crate) fn level_choices(
    character: &nanite_compound_x::Character,
    pack: &nanite_compound_x::Pack,
) -> Option<LevelChoices> {
    let o = nanite_compound_x::level_options(character, pack)?;
    Some(LevelChoices {
        level: o.level,
        stat_point: o.stat_point,
        skill_points: o.skill_points,
        per_skill_cap: o.per_skill_cap,
        new_skill_cost: o.new_skill_cost,
        // The skills the character has come first, then the rest in the
        // pack's order.
        skills: {
            let mut skills = choices(o.skills);
            skills.sort_by_key(|s| s.points == 0);
            skills
        },
        feats_open: o.feats_open,
        feats: choices(o.feats),
        class_feats_open: o.class_feats_open,
        class_feats: choices(o.class_feats),
    })
}
