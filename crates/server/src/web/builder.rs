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

use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use nanite_compound_x::{
    CREATION_MAX, Character, CharacterWeapon, NEW_SKILL_COST, Pack, Race, STAT_MIN, Sheet, Stat,
    validate,
};
use nanite_core::content::SourceFile;
use nanite_core::{Diagnostics, Severity};

use askama::Template;

use super::html::{self, Seat, render};
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
        let body = render(&Builder {
            campaign: &campaign,
            slot: caller.invite.slot.as_deref(),
            pack: state.pack(),
            stats: Stat::ALL,
            stat_min: STAT_MIN,
            creation_max: CREATION_MAX,
            new_skill_cost: NEW_SKILL_COST,
        });
        Ok(html::page("Build a character · nanite", Some(&seat), &body).into_response())
    };
    run.await.unwrap_or_else(|e| error_page(&e))
}

/// The builder's four steps and its check column.
#[derive(Template)]
#[template(path = "builder/page.html")]
struct Builder<'a> {
    campaign: &'a str,
    /// The character id the invitation is for.
    slot: Option<&'a str>,
    pack: &'a Pack,
    stats: [Stat; Stat::ALL.len()],
    stat_min: i64,
    creation_max: i64,
    new_skill_cost: i64,
}

impl Builder<'_> {
    /// The races a character can be built of.
    fn races(&self) -> impl Iterator<Item = &Race> {
        self.pack.races.iter().filter(|r| buildable(r))
    }

    /// A race's stat bonuses ("STR +1, AGI -1").
    fn bonus(&self, race: &Race) -> String {
        race.stat_bonus
            .iter()
            .map(|(s, n)| format!("{} {n:+}", s.code()))
            .collect::<Vec<_>>()
            .join(", ")
    }
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
        Ok::<_, AppError>(render(&Legal {
            sheet: &sheet,
            warnings: found.iter().map(ToString::to_string).collect(),
            campaign: &campaign,
            id: id.as_deref(),
            toml: &toml,
        }))
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

/// A legal character: its numbers, warnings and the save button.
#[derive(Template)]
#[template(path = "builder/legal.html")]
struct Legal<'a> {
    sheet: &'a Sheet,
    warnings: Vec<String>,
    campaign: &'a str,
    /// The id it is saved under, when the invitation names one.
    id: Option<&'a str>,
    toml: &'a str,
}

/// Every problem of a character not yet legal, with its rule and fix.
#[derive(Template)]
#[template(path = "builder/problems.html")]
struct Problems<'a> {
    found: &'a Diagnostics,
}

impl Problems<'_> {
    fn is_error(&self, d: &nanite_core::Diagnostic) -> bool {
        d.severity == Severity::Error
    }
}

/// Every problem of a character not yet legal, with its rule and fix.
fn problems(found: &Diagnostics) -> String {
    render(&Problems { found })
}
