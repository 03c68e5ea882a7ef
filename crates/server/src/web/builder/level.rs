//! Levelling up from the sheet: one level with its choices (the stat point
//! of levels 5, 9, 15 and 20, skill points, feats and class feats), offered
//! only when the new level grants them and checked by the library's
//! `level_up`, which names the rule of every refusal. A legal level is
//! saved through the API as the character's new file.

use std::collections::BTreeMap;
use std::fmt::Write;

use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use nanite_compound_x::level::{
    STAT_POINT_LEVELS, class_feats_allowed, feats_allowed, stat_points_gained,
};
use nanite_compound_x::{Character, LevelUp, Pack, Stat, level_up};
use nanite_core::content::SourceFile;

use super::problems;
use crate::AppState;
use crate::error::AppError;
use crate::sessions::Caller;
use crate::web::error_part;
use crate::web::html::esc;
use crate::{campaigns, characters};

/// The level-up form of `character` (stored as `id`).
pub(crate) fn form(pack: &Pack, campaign: &str, id: &str, character: &Character) -> String {
    let next = character.level + 1;
    let c = esc(campaign);
    let i = esc(id);
    if next > nanite_compound_x::level::MAX_LEVEL {
        return "<section class=\"card\"><h2>Level up</h2><p class=\"meta\">Level 20 is the highest.</p></section>".to_string();
    }
    let mut out = format!(
        "<section class=\"card\" aria-labelledby=\"lvl-h\"><h2 id=\"lvl-h\">Level up to {next}</h2>\
         <form id=\"level-up\" novalidate hx-post=\"/c/{c}/characters/{i}/level-up\" hx-trigger=\"change, input delay:500ms\" hx-target=\"#level-check\" hx-swap=\"innerHTML\">"
    );
    if STAT_POINT_LEVELS.contains(&next) {
        out.push_str("<label for=\"lvl-stat\">Stat point of this level (CX-LVL-06)</label><select id=\"lvl-stat\" name=\"stat\"><option value=\"\">choose a stat</option>");
        for stat in Stat::ALL {
            let _ = write!(
                out,
                "<option value=\"{code}\">{} ({code})</option>",
                esc(stat.name()),
                code = stat.code()
            );
        }
        out.push_str("</select>");
    }
    let int =
        nanite_compound_x::stats_at_level(character, pack, character.level).get(Stat::Intelligence);
    let new_feats = feats_allowed(next, int) - character.feats.len() as i64;
    if new_feats > 0 {
        let _ = write!(
            out,
            "<fieldset><legend>Feats: up to {new_feats} new (CX-LVL-04)</legend>"
        );
        for feat in pack
            .feats
            .iter()
            .filter(|f| !f.class_feat && !character.feats.contains(&f.id))
        {
            let _ = write!(
                out,
                "<div class=\"check\"><input type=\"checkbox\" id=\"lvl-f-{id}\" name=\"feat_{id}\"><label for=\"lvl-f-{id}\"><b>{}</b>: {}</label></div>",
                esc(&feat.name),
                esc(&feat.description),
                id = esc(&feat.id),
            );
        }
        out.push_str("</fieldset>");
    }
    let new_class_feats = class_feats_allowed(next) - character.class_feats.len() as i64;
    let class = pack.classes.get(&character.class);
    if let (true, Some(class)) = (new_class_feats > 0, class) {
        let _ = write!(
            out,
            "<fieldset><legend>Class feats: up to {new_class_feats} new (CX-LVL-05)</legend>"
        );
        for feat in class
            .class_feats
            .iter()
            .filter(|f| !character.class_feats.contains(f))
            .filter_map(|f| pack.feats.get(f))
        {
            let _ = write!(
                out,
                "<div class=\"check\"><input type=\"checkbox\" id=\"lvl-cf-{id}\" name=\"class_feat_{id}\"><label for=\"lvl-cf-{id}\"><b>{}</b>: {}</label></div>",
                esc(&feat.name),
                esc(&feat.description),
                id = esc(&feat.id),
            );
        }
        out.push_str("</fieldset>");
    }
    out.push_str("<p class=\"meta\">Skill points to add (at most 10 per skill per level, CX-LVL-03; a new skill costs 10):</p><div class=\"skills\">");
    for skill in pack.skills.iter() {
        let _ = write!(
            out,
            "<div><label for=\"lvl-sk-{id}\">{name} ({stat}, now {now})</label><input id=\"lvl-sk-{id}\" name=\"skill_{id}\" type=\"number\" min=\"0\" max=\"10\" value=\"0\"></div>",
            id = esc(&skill.id),
            name = esc(&skill.name),
            stat = skill.stat.code(),
            now = character.skill_points(&skill.id),
        );
    }
    out.push_str("</div></form><div id=\"level-check\" aria-live=\"polite\"></div></section>");
    out
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
        let shown = characters::show(
            State(state.clone()),
            Path((campaign.clone(), id.clone())),
            caller,
        )
        .await?
        .0;
        let settings = campaigns::get(&state, &campaign).await?;
        let (mut character, _) = Character::read(&SourceFile::new(
            format!("{id}.toml"),
            shown["toml"].as_str().unwrap_or(""),
        ));
        character.house_rules = settings.house_rules();
        let pack = state.pack();
        let leveled = match level_up(&character, pack, &choices(pack, &form)) {
            Ok(leveled) => leveled,
            Err(found) => return Ok(problems(&found)),
        };
        let gained = stat_points_gained(leveled.level) > stat_points_gained(character.level);
        let toml = leveled.to_toml();
        let c = esc(&campaign);
        let i = esc(&id);
        Ok::<_, AppError>(format!(
            "<p class=\"ok\">Level {} is legal{}.</p>\
             <form data-api=\"/api/campaigns/{c}/characters/{i}\" data-method=\"PUT\" data-send=\"toml\" data-go=\"/c/{c}/characters/{{id}}\">\
             <textarea name=\"toml\" hidden aria-hidden=\"true\">{t}</textarea>\
             <button type=\"submit\">Save level {}</button><output class=\"result\" aria-live=\"polite\"></output></form>",
            leveled.level,
            if gained { ", with its stat point" } else { "" },
            leveled.level,
            t = esc(&toml),
        ))
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}
