//! The computed sheet of a character (its owner's and the GM's): stats
//! with their sources, derived values, skills, each weapon with its
//! miss-chance table by fire, mode and range bracket; the level-up form;
//! the character file to download and a form to replace it.

use std::fmt::Write;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use nanite_compound_x::{MissChances, Sheet, Stat, WeaponSheet};
use nanite_core::content::SourceFile;

use crate::AppState;
use crate::error::AppError;
use crate::sessions::Caller;
use crate::web::error_page;
use crate::web::html::{self, Seat, esc};
use crate::{campaigns, characters};

/// `GET /c/{campaign}/characters/{character}`: the sheet.
pub(crate) async fn sheet(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        let shown = characters::show(
            State(state.clone()),
            Path((campaign.clone(), id.clone())),
            caller.clone(),
        )
        .await?
        .0;
        let settings = campaigns::get(&state, &campaign).await?;
        let toml = shown["toml"].as_str().unwrap_or("");
        match settings.ruleset {
            crate::ruleset::Ruleset::CompoundX => {}
            crate::ruleset::Ruleset::Station => {
                return Err(crate::campaigns::station_has_no("characters"));
            }
            crate::ruleset::Ruleset::D20 => {
                return crate::web::d20::sheet::page(&state, &settings, &caller, &id, toml);
            }
        }
        let (mut character, _) =
            nanite_compound_x::Character::read(&SourceFile::new(format!("{id}.toml"), toml));
        character.house_rules = settings.house_rules();
        let sheet = Sheet::compute(&character, state.pack());
        let seat = Seat::new(&caller, &settings.name, 0);
        let c = esc(&campaign);
        let i = esc(&id);
        let mut body = format!(
            "<p class=\"crumbs\"><a href=\"/c/{c}\">← Dashboard</a></p>\
             <section class=\"card\"><h1>{}</h1><p class=\"meta\">Level {} {} {} · {}</p>\
             <p><a class=\"button\" href=\"/c/{c}/characters/{i}/file\" download>Download the character file</a></p></section>",
            esc(&sheet.name),
            sheet.level,
            esc(&sheet.race.name),
            esc(&sheet.class.name),
            esc(&sheet.pack),
        );
        body.push_str(&sheet_html(&sheet));
        body.push_str(&super::level::form(
            state.pack(),
            &campaign,
            &id,
            &character,
        ));
        let _ = write!(
            body,
            "<section class=\"card\" aria-labelledby=\"replace-h\"><h2 id=\"replace-h\">Replace with a new file</h2>\
             <form data-api=\"/api/campaigns/{c}/characters/{i}\" data-method=\"PUT\" data-send=\"file\" data-go=\"/c/{c}/characters/{i}\">\
             <label for=\"replace-file\">Character file (TOML), for example one edited or levelled with <code>nanite cx</code></label>\
             <input id=\"replace-file\" type=\"file\" name=\"file\" accept=\".toml,text/plain\" required>\
             <button type=\"submit\">Upload</button><output class=\"result\" aria-live=\"polite\"></output></form></section>"
        );
        Ok::<_, AppError>(
            html::page(&format!("{} · nanite", sheet.name), Some(&seat), &body).into_response(),
        )
    };
    run.await.unwrap_or_else(|e| error_page(&e))
}

/// `GET /c/{campaign}/characters/{character}/file`: the character file.
pub(crate) async fn download(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
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
        let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{id}.toml\""))
            .map_err(AppError::internal)?;
        Ok::<_, AppError>(
            (
                [
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/toml; charset=utf-8"),
                    ),
                    (header::CONTENT_DISPOSITION, disposition),
                ],
                shown["toml"].as_str().unwrap_or("").to_string(),
            )
                .into_response(),
        )
    };
    run.await.unwrap_or_else(|e| error_page(&e))
}

fn signed(n: i64) -> String {
    format!("{n:+}")
}

/// The sheet's sections.
fn sheet_html(sheet: &Sheet) -> String {
    let mut out = String::new();
    let b = |key: &str| {
        sheet
            .breakdown
            .get(key)
            .map(ToString::to_string)
            .unwrap_or_default()
    };
    out.push_str("<section class=\"card\"><h2>Stats</h2><table class=\"rows\"><thead><tr><th scope=\"col\">Stat</th><th scope=\"col\">Value</th><th scope=\"col\">Bonus</th><th scope=\"col\">Combat</th><th scope=\"col\">From</th></tr></thead><tbody>");
    for stat in Stat::ALL {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{:+}</td><td>{}</td></tr>",
            stat.code(),
            sheet.stats.get(stat),
            signed(sheet.stat_bonus.get(stat)),
            sheet.combat_bonus[stat.code()].as_f64(),
            esc(&b(stat.code())),
        );
    }
    out.push_str("</tbody></table></section>");
    let _ = write!(
        out,
        "<section class=\"card\"><h2>Derived</h2><dl class=\"pairs\">\
         <dt>Max HP</dt><dd>{}</dd><dt>Nanites</dt><dd>{}</dd><dt>Will save</dt><dd>{}</dd><dt>Shock save</dt><dd>{}</dd>\
         <dt>Reflex save</dt><dd>{}</dd><dt>Movement Speed</dt><dd>{}</dd><dt>Carry Ability</dt><dd>{}</dd>\
         <dt>Critical range</dt><dd>{}</dd><dt>Initiative</dt><dd>{}</dd><dt>Movement per 2 actions</dt><dd>{} m standing, {} crouched, {} prone, {} sprinting</dd></dl></section>",
        esc(&b("max_hp")),
        esc(&b("nanites")),
        esc(&b("save.will")),
        esc(&b("save.shock")),
        esc(&b("save.reflex")),
        esc(&b("movement_speed")),
        esc(&b("carry_ability")),
        esc(&b("crit_range")),
        signed(sheet.initiative),
        sheet.movement.per_2_actions,
        sheet.movement.crouched,
        sheet.movement.prone,
        sheet.movement.sprint,
    );
    let _ = write!(
        out,
        "<section class=\"card\"><h2>Skills</h2><p class=\"meta\">{} of {} points spent, {} saved</p><table class=\"rows\"><thead><tr><th scope=\"col\">Skill</th><th scope=\"col\">Stat</th><th scope=\"col\">Points</th><th scope=\"col\">Check</th></tr></thead><tbody>",
        sheet.skill_points.spent, sheet.skill_points.budget, sheet.skill_points.unspent
    );
    for l in sheet
        .skills
        .iter()
        .filter(|l| l.points > 0 || !l.modifiers.is_empty())
    {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&l.name),
            l.stat.code(),
            l.points,
            signed(l.total)
        );
    }
    out.push_str("</tbody></table></section>");
    for w in &sheet.weapons {
        out.push_str(&weapon(w));
    }
    out
}

fn mode_rows(out: &mut String, fire: &str, chances: &MissChances) {
    for (mode, row) in [
        ("semi", &chances.semi),
        ("burst", &chances.burst),
        ("auto", &chances.auto),
    ] {
        if let Some(row) = row {
            let _ = write!(out, "<tr><th scope=\"row\">{fire} {mode}</th>");
            for miss in row {
                let _ = write!(out, "<td>{miss}</td>");
            }
            out.push_str("</tr>");
        }
    }
}

/// A weapon with its miss-chance table (the d10 roll at or under which a
/// shot misses, by fire, mode and range bracket).
fn weapon(w: &WeaponSheet) -> String {
    let mut out = format!(
        "<section class=\"card\"><h2>{}</h2><p class=\"meta\">{} · damage {} {} · APL {} · critical on d10 {} · a shot takes {} action(s){}</p>",
        esc(&w.name),
        esc(&w.category),
        esc(&w.damage),
        esc(&format!("{:?}", w.damage_type).to_lowercase()),
        w.apl,
        esc(&w
            .crit_faces
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")),
        w.shot_actions,
        if w.magazine > 0 {
            format!(
                " · magazine {} with {} spare",
                w.magazine, w.spare_magazines
            )
        } else {
            String::new()
        },
    );
    if !w.brackets.is_empty() {
        out.push_str("<div class=\"scroll\"><table class=\"rows miss\"><caption>Miss chance by range: a shot hits when its d10 rolls above the number (CX-RNG-01)</caption><thead><tr><th scope=\"col\">Fire and mode</th>");
        for b in &w.brackets {
            let _ = write!(out, "<th scope=\"col\">{}–{} m</th>", b.from, b.to);
        }
        out.push_str("</tr></thead><tbody>");
        mode_rows(&mut out, "aimed", &w.miss_chances);
        if let Some(hip) = &w.hip_fire {
            mode_rows(&mut out, "hip", hip);
        }
        if let Some(blind) = &w.blind_fire {
            mode_rows(&mut out, "blind", blind);
        }
        out.push_str("</tbody></table></div>");
    }
    for p in &w.problems {
        let _ = write!(out, "<p class=\"warning\">Cannot use: {}</p>", esc(p));
    }
    out.push_str("</section>");
    out
}
