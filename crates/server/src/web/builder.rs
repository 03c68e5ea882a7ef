//! The character builder: name, race and class, base stats, skills and
//! equipment in four steps, offering only what the pack has and the rules
//! allow (races whose stat points can be assigned, stats within the
//! creation limits, skills the character can learn). Every change is
//! checked on the server exactly as `nanite cx check` checks a file, with
//! the campaign's house rules; each problem is shown with its rule and fix,
//! and a character without errors is saved through the API.

mod level;
mod sheet;

use std::collections::BTreeMap;
use std::fmt::Write;

use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use nanite_compound_x::{
    CREATION_MAX, Character, CharacterWeapon, NEW_SKILL_COST, Pack, Race, STAT_MIN, Sheet, Stat,
    validate,
};
use nanite_core::content::SourceFile;
use nanite_core::{Diagnostics, Severity};

use super::html::{self, Seat, esc};
use super::{error_page, error_part};
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::{AppState, campaigns};

pub(crate) use level::check as level_check;
pub(crate) use sheet::{download, sheet};

/// Whether every stat point of `race` can be assigned within the creation
/// limits (rule CX-STAT-06); the builder offers only such races.
fn buildable(race: &Race) -> bool {
    let n = Stat::ALL.len() as i64;
    (STAT_MIN * n..=CREATION_MAX * n).contains(&race.stat_points)
}

/// `GET /c/{campaign}/build`: the builder.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        caller.member_of(&campaign)?;
        if caller.role() == Role::Spectator {
            return Err(AppError::forbidden(
                "spectators_watch",
                "spectators only watch; ask the GM for a player invitation to bring a character",
            ));
        }
        let settings = campaigns::get(&state, &campaign).await?;
        let seat = Seat::new(&caller, &settings.name, 0);
        let form = form_html(state.pack(), &campaign, caller.invite.slot.as_deref());
        let body = format!(
            "<p class=\"crumbs\"><a href=\"/c/{c}\">← Dashboard</a></p>\
             <div class=\"layout\"><div class=\"main-col\">{form}</div>\
             <aside class=\"side-col\"><section class=\"card\" aria-labelledby=\"check-h\"><h2 id=\"check-h\">Check</h2>\
             <div id=\"build-check\" aria-live=\"polite\"><p class=\"empty\">Fill in the steps; the character is checked as you go.</p></div></section></aside></div>",
            c = esc(&campaign),
        );
        Ok(html::page("Build a character · nanite", Some(&seat), &body).into_response())
    };
    run.await.unwrap_or_else(|e| error_page(&e))
}

fn form_html(pack: &Pack, campaign: &str, slot: Option<&str>) -> String {
    let c = esc(campaign);
    let mut out = format!(
        "<form id=\"builder\" class=\"builder\" novalidate hx-post=\"/c/{c}/build/check\" hx-trigger=\"load, change, input delay:500ms\" hx-target=\"#build-check\" hx-swap=\"innerHTML\">"
    );
    // Step 1.
    out.push_str("<section class=\"card\"><h2>1. Who</h2>");
    if let Some(slot) = slot {
        let _ = write!(
            out,
            "<p class=\"meta\">Your invitation is for the character <b>{}</b>; it is saved under that id.</p>",
            esc(slot)
        );
    }
    out.push_str("<label for=\"b-name\">Name</label><input id=\"b-name\" name=\"name\" required maxlength=\"100\" autocomplete=\"off\">");
    out.push_str("<label for=\"b-race\">Race</label><select id=\"b-race\" name=\"race\">");
    for race in pack.races.iter().filter(|r| buildable(r)) {
        let bonus: Vec<String> = race
            .stat_bonus
            .iter()
            .map(|(s, n)| format!("{} {n:+}", s.code()))
            .collect();
        let _ = write!(
            out,
            "<option value=\"{}\">{} ({} stat points{}{})</option>",
            esc(&race.id),
            esc(&race.name),
            race.stat_points,
            if bonus.is_empty() { "" } else { "; " },
            esc(&bonus.join(", "))
        );
    }
    out.push_str(
        "</select><label for=\"b-class\">Class</label><select id=\"b-class\" name=\"class\">",
    );
    for class in pack.classes.iter() {
        let _ = write!(
            out,
            "<option value=\"{}\">{} ({} skill points, {} money)</option>",
            esc(&class.id),
            esc(&class.name),
            class.starting_skill_points,
            class.starting_money
        );
    }
    out.push_str("</select></section>");
    // Step 2.
    let _ = write!(
        out,
        "<section class=\"card\"><h2>2. Base stats</h2><p class=\"meta\">Assign all of the race's stat points; before the race bonus each stat is {STAT_MIN} to {CREATION_MAX} (rule CX-STAT-06).</p><div class=\"stats\">"
    );
    for stat in Stat::ALL {
        let _ = write!(
            out,
            "<div><label for=\"b-{code}\">{name} ({code})</label><input id=\"b-{code}\" name=\"stat_{code}\" type=\"number\" min=\"{STAT_MIN}\" max=\"{CREATION_MAX}\" value=\"5\" required></div>",
            code = stat.code(),
            name = esc(stat.name()),
        );
    }
    out.push_str("</div></section>");
    // Step 3.
    let _ = write!(
        out,
        "<section class=\"card\"><h2>3. Skills</h2><p class=\"meta\">A new skill costs {NEW_SKILL_COST} points and starts at +{NEW_SKILL_COST} (rule CX-LVL-03); leave 0 for skills you do not take. Points not spent are saved.</p><div class=\"skills\">"
    );
    for skill in pack.skills.iter() {
        let _ = write!(
            out,
            "<div><label for=\"b-sk-{id}\">{name} ({stat})</label><input id=\"b-sk-{id}\" name=\"skill_{id}\" type=\"number\" min=\"0\" max=\"100\" step=\"1\" value=\"0\"></div>",
            id = esc(&skill.id),
            name = esc(&skill.name),
            stat = skill.stat.code(),
        );
    }
    out.push_str("</div></section>");
    // Step 4.
    out.push_str("<section class=\"card\"><h2>4. Equipment</h2>");
    for (n, label) in [(1, "Primary weapon"), (2, "Second weapon")] {
        let _ = write!(
            out,
            "<label for=\"b-w{n}\">{label}</label><select id=\"b-w{n}\" name=\"weapon{n}\"><option value=\"\">none</option>"
        );
        for w in pack.weapons.iter() {
            let _ = write!(
                out,
                "<option value=\"{}\">{} ({})</option>",
                esc(&w.id),
                esc(&w.name),
                esc(&w.category)
            );
        }
        let _ = write!(
            out,
            "</select><label for=\"b-m{n}\">Spare magazines (or rounds) for it</label><input id=\"b-m{n}\" name=\"magazines{n}\" type=\"number\" min=\"0\" max=\"99\" value=\"2\">"
        );
    }
    out.push_str("<label for=\"b-armor\">Armor</label><select id=\"b-armor\" name=\"armor\"><option value=\"\">none</option>");
    for a in pack.armors.iter() {
        let _ = write!(
            out,
            "<option value=\"{}\">{}</option>",
            esc(&a.id),
            esc(&a.name)
        );
    }
    out.push_str("</select><label for=\"b-shield\">Shield</label><select id=\"b-shield\" name=\"shield\"><option value=\"\">none</option>");
    for s in pack.shields.iter() {
        let _ = write!(
            out,
            "<option value=\"{}\">{}</option>",
            esc(&s.id),
            esc(&s.name)
        );
    }
    out.push_str("</select><label for=\"b-notes\">Notes</label><textarea id=\"b-notes\" name=\"notes\" rows=\"2\" maxlength=\"2000\"></textarea></section></form>");
    out
}

/// The character the form describes, at level 0.
fn character(pack: &Pack, form: &BTreeMap<String, String>) -> Character {
    let text = |key: &str| {
        form.get(key)
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    let number = |key: &str| text(key).parse::<i64>().unwrap_or(0);
    let mut ch = Character::default();
    ch.name = text("name");
    ch.race = text("race");
    ch.class = text("class");
    ch.level = 0;
    ch.notes = text("notes");
    for stat in Stat::ALL {
        ch.base_stats
            .set(stat, number(&format!("stat_{}", stat.code())));
    }
    for skill in pack.skills.iter() {
        let points = number(&format!("skill_{}", skill.id));
        if points != 0 {
            ch.skills.push((skill.id.clone(), points));
        }
    }
    for n in 1..=2 {
        let id = text(&format!("weapon{n}"));
        if !id.is_empty() {
            ch.equipment.weapons.push(CharacterWeapon {
                id,
                attachments: Vec::new(),
                magazines: number(&format!("magazines{n}")),
            });
        }
    }
    ch.equipment.armor = Some(text("armor")).filter(|s| !s.is_empty());
    ch.equipment.shield = Some(text("shield")).filter(|s| !s.is_empty());
    ch
}

/// `POST /c/{campaign}/build/check`: the character so far, checked.
pub(crate) async fn check(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
    Form(form): Form<BTreeMap<String, String>>,
) -> Response {
    let run = async {
        let caller = caller?;
        caller.member_of(&campaign)?;
        let settings = campaigns::get(&state, &campaign).await?;
        let mut ch = character(state.pack(), &form);
        ch.house_rules = settings.house_rules();
        let toml = ch.to_toml();
        let id = caller.invite.slot.clone();
        let file = format!("{}.toml", id.as_deref().unwrap_or("character"));
        // The file is read back and validated exactly as an upload is
        // (`nanite cx check`), so what the builder accepts the API accepts.
        let (read, mut found) = Character::read(&SourceFile::new(&file, &toml));
        if !found.has_errors() {
            found.extend(validate(&read, state.pack()));
        }
        if found.has_errors() {
            return Ok(problems(&found));
        }
        let sheet = Sheet::compute(&read, state.pack());
        let mut out = String::new();
        let _ = write!(
            out,
            "<p class=\"ok\">{} is a legal level 0 {} {}.</p>\
             <ul class=\"facts\"><li>Max HP {}</li><li>Nanites {}</li><li>Initiative {:+}</li><li>Skill points {} of {} spent, {} saved</li></ul>",
            esc(&sheet.name),
            esc(&sheet.race.name),
            esc(&sheet.class.name),
            sheet.max_hp,
            sheet.nanites,
            sheet.initiative,
            sheet.skill_points.spent,
            sheet.skill_points.budget,
            sheet.skill_points.unspent,
        );
        for w in found.iter() {
            let _ = write!(out, "<p class=\"warning\">{}</p>", esc(&w.to_string()));
        }
        let query = id.map(|i| format!("?id={}", esc(&i))).unwrap_or_default();
        let _ = write!(
            out,
            "<form data-api=\"/api/campaigns/{c}/characters{query}\" data-method=\"POST\" data-send=\"toml\" data-go=\"/c/{c}/characters/{{id}}\">\
             <textarea name=\"toml\" hidden aria-hidden=\"true\">{t}</textarea>\
             <button type=\"submit\">Save the character</button><output class=\"result\" aria-live=\"polite\"></output></form>\
             <details><summary>The character file</summary><pre>{t}</pre></details>",
            c = esc(&campaign),
            t = esc(&toml),
        );
        Ok::<_, AppError>(out)
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

/// Every problem of a character not yet legal, with its rule and fix.
fn problems(found: &Diagnostics) -> String {
    let mut out = format!(
        "<p class=\"problem\">Not legal yet: {} to fix.</p><ul class=\"diagnostics\">",
        found.error_count()
    );
    for d in found.iter() {
        let _ = write!(
            out,
            "<li class=\"{}\"><b>{}</b>: {}{}{}</li>",
            if d.severity == Severity::Error {
                "error"
            } else {
                "warning"
            },
            esc(if d.field.is_empty() {
                "the character"
            } else {
                &d.field
            }),
            esc(&d.message),
            d.rule
                .as_deref()
                .map(|r| format!(" <span class=\"rule\">(rule {})</span>", esc(r)))
                .unwrap_or_default(),
            d.help
                .as_deref()
                .filter(|h| !h.is_empty())
                .map(|h| format!("<br><span class=\"help\">{}</span>", esc(h)))
                .unwrap_or_default(),
        );
    }
    out.push_str("</ul>");
    out
}
