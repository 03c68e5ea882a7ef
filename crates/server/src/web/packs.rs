//! The content pages: the compendium of the campaign's pack in force (any
//! participant; searched with `?q=`, each entry at its anchor, which the
//! sheet links to), and the GM's content-pack page: upload a version, see
//! the versions, check what one would break and switch to it (a Station
//! campaign's version holds its scenarios too).

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use serde::Deserialize;

use crate::AppState;
use crate::campaigns;
use crate::packs::api::{PackList, list_of};
use crate::packs::check::{FileKind, Impact};
use crate::packs::compendium::{self, Compendium, Search};
use crate::packs::upload::{MAX_FILE, MAX_FILES};
use crate::web::answer::{PageAnswer, PageCaller};
use crate::web::html::{self, Seat, render};

/// The compendium page's body.
#[derive(Template)]
#[template(path = "packs/compendium.html")]
struct CompendiumPage<'a> {
    campaign: &'a str,
    gm: bool,
    c: &'a Compendium,
}

/// `GET /c/{campaign}/compendium`.
pub(crate) async fn compendium_page(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    Query(search): Query<Search>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    caller.member_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    let query = search.q.unwrap_or_default();
    let c = compendium::of(&state, &campaign, &query).await?;
    let seat = Seat::new(&caller, &settings.name, 0);
    let body = render(&CompendiumPage {
        campaign: &campaign,
        gm: seat.is_gm(),
        c: &c,
    });
    Ok(html::page(
        &format!("Compendium · {} · nanite", settings.name),
        Some(&seat),
        &body,
    )
    .into_response())
}

/// Which version the packs page checks.
#[derive(Deserialize, Default)]
pub(crate) struct Checking {
    /// The version to check (0: the built-in sample).
    #[serde(default)]
    check: Option<u32>,
}

/// A file a version breaks, as the page lists it.
struct BrokenLine {
    what: &'static str,
    id: String,
    file: String,
    problems: Vec<String>,
}

/// The packs page's body.
#[derive(Template)]
#[template(path = "packs/packs.html")]
struct PacksPage<'a> {
    campaign: &'a str,
    list: &'a PackList,
    /// The version checked and what it breaks.
    checked: Option<(u32, usize, Vec<BrokenLine>)>,
    max_files: usize,
    max_kib: usize,
    /// A Station campaign: its pack holds scenarios, and its games break.
    station: bool,
}

fn lines(impact: &Impact) -> Vec<BrokenLine> {
    impact
        .broken
        .iter()
        .map(|b| BrokenLine {
            what: match b.kind {
                FileKind::Character => "character",
                FileKind::Npc => "NPC file",
                FileKind::Scenario => "scenario of game",
            },
            id: b.id.clone(),
            file: b.file.clone(),
            problems: b.diagnostics.iter().map(ToString::to_string).collect(),
        })
        .collect()
}

/// `GET /c/{campaign}/packs` (GM).
pub(crate) async fn packs_page(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    Query(checking): Query<Checking>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    caller.gm_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    let list = list_of(&state, &campaign).await?;
    let checked = match checking.check {
        Some(version) => {
            let impact = crate::packs::api::impact_of(&state, &campaign, version).await?;
            Some((version, impact.checked, lines(&impact)))
        }
        None => None,
    };
    let seat = Seat::new(&caller, &settings.name, 0);
    let body = render(&PacksPage {
        campaign: &campaign,
        list: &list,
        checked,
        max_files: MAX_FILES,
        max_kib: MAX_FILE / 1024,
        station: settings.ruleset == crate::ruleset::Ruleset::Station,
    });
    Ok(html::page(
        &format!("Content packs · {} · nanite", settings.name),
        Some(&seat),
        &body,
    )
    .into_response())
}
