//! Levelling up from the sheet: one level with its choices (the stat point
//! of levels 5, 9, 15 and 20, skill points, feats and class feats), offered
//! only when the new level grants them and checked by the library's
//! `level_up`, which names the rule of every refusal. A legal level is
//! saved through the API as the character's new file.

use std::collections::BTreeMap;

use askama::Template;

use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use nanite_compound_x::level::{
    STAT_POINT_LEVELS, class_feats_allowed, feats_allowed, stat_points_gained,
};
use nanite_compound_x::{Character, Feat, LevelUp, Pack, Skill, Stat, level_up};
use nanite_core::content::SourceFile;

use super::problems;
use crate::error::AppError;
use crate::sessions::Caller;
use crate::web::error_part;
use crate::web::html::render;
use crate::{AppState, level_award};
use crate::{campaigns, characters};

/// The level-up form of a character.
#[derive(Template)]
#[template(path = "builder/level.html")]
struct LevelForm<'a> {
    campaign: &'a str,
    id: &'a str,
    /// The level it would reach (none at the highest).
    next: Option<i64>,
    /// Whether that level grants a stat point.
    stat_point: bool,
    stats: [Stat; Stat::ALL.len()],
    new_feats: i64,
    feats: Vec<&'a Feat>,
    new_class_feats: i64,
    class_feats: Vec<&'a Feat>,
    /// Each skill with the character's points in it.
    skills: Vec<(&'a Skill, i64)>,
}

/// The level award of a character: how many levels the GM has awarded and
/// not yet taken, with the GM's button to award one.
#[derive(Template)]
#[template(path = "builder/award.html")]
pub(crate) struct AwardBox<'a> {
    pub(crate) campaign: &'a str,
    pub(crate) id: &'a str,
    /// The viewer is the GM.
    pub(crate) gm: bool,
    /// Levels awarded, not yet taken.
    pub(crate) levels: i64,
}

/// The level award and, when the viewer may level the character (the GM,
/// or its player with a level awarded), the level-up form of `character`
/// (stored as `id`).
pub(crate) fn form(pack: &Pack, award: &AwardBox<'_>, character: &Character) -> String {
    let (campaign, id) = (award.campaign, award.id);
    let shown = render(award);
    if !award.gm && award.levels <= 0 {
        return shown;
    }
    let next = character.level + 1;
    let int =
        nanite_compound_x::stats_at_level(character, pack, character.level).get(Stat::Intelligence);
    let class_feats = pack
        .classes
        .get(&character.class)
        .map(|class| {
            class
                .class_feats
                .iter()
                .filter(|f| !character.class_feats.contains(f))
                .filter_map(|f| pack.feats.get(f))
                .collect()
        })
        .unwrap_or_default();
    shown
        + &render(&LevelForm {
            campaign,
            id,
            next: (next <= nanite_compound_x::level::MAX_LEVEL).then_some(next),
            stat_point: STAT_POINT_LEVELS.contains(&next),
            stats: Stat::ALL,
            new_feats: feats_allowed(next, int) - character.feats.len() as i64,
            feats: pack
                .feats
                .iter()
                .filter(|f| !f.class_feat && !character.feats.contains(&f.id))
                .collect(),
            new_class_feats: class_feats_allowed(next) - character.class_feats.len() as i64,
            class_feats,
            skills: pack
                .skills
                .iter()
                .map(|s| (s, character.skill_points(&s.id)))
                .collect(),
        })
}

/// A legal level and its save button.
#[derive(Template)]
#[template(path = "builder/level_legal.html")]
struct Legal<'a> {
    level: i64,
    /// Whether the level brought its stat point.
    gained: bool,
    campaign: &'a str,
    id: &'a str,
    toml: &'a str,
}

/// The choices the form describes.
fn choices(pack: &Pack, form: &BTreeMap<String, String>) -> LevelUp {
    let on = |key: String| form.get(&key).is_some_and(|v| !v.is_empty());
    LevelUp {
        stat: form.get("stat").and_then(|s| Stat::parse(s)),
        skills: pack
            .skills
            .iter()
            .filter_map(|s| {
                let n = form
                    .get(&format!("skill_{}", s.id))
                    .and_then(|v| v.trim().parse::<i64>().ok())
                    .unwrap_or(0);
                (n != 0).then(|| (s.id.clone(), n))
            })
            .collect(),
        feats: pack
            .feats
            .iter()
            .filter(|f| on(format!("feat_{}", f.id)))
            .map(|f| f.id.clone())
            .collect(),
        class_feats: pack
            .feats
            .iter()
            .filter(|f| on(format!("class_feat_{}", f.id)))
            .map(|f| f.id.clone())
            .collect(),
    }
}

/// `POST /c/{campaign}/characters/{character}/level-up`: the level so far,
/// checked by `level_up`.
pub(crate) async fn check(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
    Form(form): Form<BTreeMap<String, String>>,
) -> Response {
    let run = async {
        let caller = caller?;
        let stored = characters::readable(&state, &campaign, &id, &caller).await?;
        let settings = campaigns::get(&state, &campaign).await?;
        // A player levels up only with the GM's award (level_award.rs);
        // saving spends it, and the API refuses the file without it.
        let (from, _) = Character::read(&SourceFile::new(format!("{id}.toml"), &stored.text));
        level_award::gate(&state, &campaign, &caller, &id, from.level, from.level + 1).await?;
        let (mut character, _) =
            Character::read(&SourceFile::new(format!("{id}.toml"), &stored.text));
        character.house_rules = settings.house_rules();
        let content = crate::packs::in_force(&state, &campaign).await?;
        let pack = &content.packs.cx;
        let leveled = match level_up(&character, pack, &choices(pack, &form)) {
            Ok(leveled) => leveled,
            Err(found) => return Ok(problems(&found)),
        };
        let gained = stat_points_gained(leveled.level) > stat_points_gained(character.level);
        let toml = leveled.to_toml();
        Ok::<_, AppError>(render(&Legal {
            level: leveled.level,
            gained,
            campaign: &campaign,
            id: &id,
            toml: &toml,
        }))
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

/// A D20 level-up: the seed ties no choice to a level (the level adds to
/// non-skill checks, D20-CHK-02, and to the pack's formulas), so the file
/// is saved again one level up.
#[derive(Template)]
#[template(path = "builder/level_d20.html")]
struct D20Level<'a> {
    campaign: &'a str,
    id: &'a str,
    /// The level it would reach (none at the highest).
    next: Option<i64>,
    /// The file one level up.
    toml: String,
}

/// The level award and, when the viewer may level the character, the D20
/// level-up of the file `toml`.
pub(crate) fn d20_form(award: &AwardBox<'_>, toml: &str) -> String {
    let shown = render(award);
    if !award.gm && award.levels <= 0 {
        return shown;
    }
    let (mut character, _) =
        nanite_d20::Character::read(&SourceFile::new(format!("{}.toml", award.id), toml));
    let next = character.level + 1;
    let next = nanite_d20::LEVELS.contains(&next).then_some(next);
    if let Some(next) = next {
        character.level = next;
    }
    shown
        + &render(&D20Level {
            campaign: award.campaign,
            id: award.id,
            next,
            toml: character.to_toml(),
        })
}
