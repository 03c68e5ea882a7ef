//! The computed sheet of a character (its owner's and the GM's): stats
//! with their sources, derived values, skills, each weapon with its
//! miss-chance table by fire, mode and range bracket; the carried state
//! with its level-up (web/carry.rs);
//! the character file to download and a form to replace it.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use nanite_compound_x::{MissChances, Sheet, Stat, WeaponSheet};

use crate::AppState;
use crate::error::AppError;
use crate::web::answer::{PageAnswer, PageCaller};
use crate::web::html::{self, Seat, render};
use crate::{campaigns, characters};

/// `GET /c/{campaign}/characters/{character}`: the sheet.
pub(crate) async fn sheet(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    let stored = characters::readable(&state, &campaign, &id, &caller).await?;
    let settings = campaigns::get(&state, &campaign).await?;
    let toml = &stored.text;
    match settings.ruleset {
        crate::ruleset::Ruleset::CompoundX => {}
        crate::ruleset::Ruleset::Station => {
            return Err(crate::campaigns::station_has_no("characters").into());
        }
        crate::ruleset::Ruleset::Plugged(key) => {
            return Err(crate::campaigns::plugged_has_no(key, "characters").into());
        }
        crate::ruleset::Ruleset::D20 => {
            let content = crate::packs::in_force(&state, &campaign).await?;
            return Ok(crate::web::d20::sheet::page(
                &content.packs.d20,
                &settings,
                &caller,
                &id,
                toml,
            )?);
        }
    }
    // Checked as the API checks it: a file the campaign no longer
    // accepts is refused with every problem, not drawn.
    let content = crate::packs::in_force(&state, &campaign).await?;
    let pack = &content.packs.cx;
    let (character, _) =
        characters::check(pack, settings.house_rules(), &stored.file, &stored.text)?;
    let sheet = Sheet::compute(&character, pack);
    let seat = Seat::new(&caller, &settings.name, 0);
    let body = render(&SheetPage {
        campaign: &campaign,
        id: &id,
        gm: seat.is_gm(),
        sheet: &sheet,
        stats: Stat::ALL,
        money: character.money,
    });
    Ok(html::page(&format!("{} · nanite", sheet.name), Some(&seat), &body).into_response())
}

/// The sheet page: stats with their sources, derived values, skills, each
/// weapon with its miss-chance table (the d10 roll at or under which a shot
/// misses, by fire, mode and range bracket), the carried state and the
/// file's replacement.
#[derive(Template)]
#[template(path = "builder/sheet.html")]
struct SheetPage<'a> {
    campaign: &'a str,
    id: &'a str,
    /// The viewer is the GM (who may roll in the GM-only mode).
    gm: bool,
    sheet: &'a Sheet,
    stats: [Stat; Stat::ALL.len()],
    /// The money the file records.
    money: Option<i64>,
}

impl SheetPage<'_> {
    /// Where the sheet's rolls go.
    fn roll_api(&self) -> String {
        format!(
            "/api/campaigns/{}/characters/{}/rolls",
            self.campaign, self.id
        )
    }

    /// The JSON body of a roll from the sheet (`{"roll": {"skill": "awareness"}}`).
    fn body(&self, kind: &str, what: &str) -> String {
        serde_json::json!({ "roll": { kind: what } }).to_string()
    }

    /// The JSON body of a weapon's damage roll.
    fn weapon_body(&self, index: &usize) -> String {
        serde_json::json!({ "roll": { "weapon": index } }).to_string()
    }

    /// Where a value comes from (its breakdown).
    fn from(&self, key: &str) -> String {
        self.sheet
            .breakdown
            .get(key)
            .map(ToString::to_string)
            .unwrap_or_default()
    }

    /// A stat's combat bonus.
    fn combat(&self, stat: &Stat) -> String {
        format!("{:+}", self.sheet.combat_bonus[stat.code()].as_f64())
    }

    /// A stat's value.
    fn stat(&self, stat: &Stat) -> i64 {
        self.sheet.stats.get(*stat)
    }

    /// A stat's bonus, signed.
    fn bonus(&self, stat: &Stat) -> String {
        format!("{:+}", self.sheet.stat_bonus.get(*stat))
    }

    fn damage_type(&self, w: &WeaponSheet) -> String {
        format!("{:?}", w.damage_type).to_lowercase()
    }

    /// The rows of one way of firing: each fire mode the weapon has.
    fn modes<'c>(&self, chances: &'c MissChances) -> Vec<(&'static str, &'c [i64])> {
        [
            ("semi", &chances.semi),
            ("burst", &chances.burst),
            ("auto", &chances.auto),
        ]
        .into_iter()
        .filter_map(|(mode, row)| row.as_deref().map(|r| (mode, r)))
        .collect()
    }

    fn crit_faces(&self, w: &WeaponSheet) -> String {
        w.crit_faces
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `GET /c/{campaign}/characters/{character}/file`: the character file.
pub(crate) async fn download(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    let stored = characters::readable(&state, &campaign, &id, &caller).await?;
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{id}.toml\""))
        .map_err(AppError::internal)?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/toml; charset=utf-8"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        stored.text,
    )
        .into_response())
}
