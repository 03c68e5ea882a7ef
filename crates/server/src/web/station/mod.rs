//! The Station table page: the map as SVG (`svg`), a side panel with the
//! selected unit's card (stats, AP, inventory) and its actions as the
//! engine judges them (`actions`), the GM's controls (deploy, begin, end
//! turn, undo), the latest result as a card and the narrated log. Like the
//! tracker it renders the API's own view of the game for the viewer, and
//! changes go from `assets/station.js` to `/api` as JSON.

mod actions;
mod panel;
mod svg;

use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use serde_json::{Value, json};

use super::html::{self, Seat, esc};
use super::{error_page, error_part};
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::{AppState, campaigns, invites, view};

pub(crate) use panel::{games_card, start_forms};

/// The game as the viewer sees it, and what the viewer could do.
async fn read(
    state: &AppState,
    campaign: &str,
    game: &str,
    caller: &Caller,
) -> Result<(Value, actions::Judged), AppError> {
    caller.member_of(campaign)?;
    let viewer = view::viewer(caller);
    state
        .tables()
        .read(state, campaign, |t| {
            t.stations.get(game).map(|g| {
                let mut shown = crate::station::view::game(g, &viewer);
                shown["version"] = json!(t.version);
                (shown, actions::judged(g, &viewer))
            })
        })
        .await?
        .ok_or_else(|| AppError::not_found(format!("no Station game {game} in this campaign")))
}

fn part_html(
    campaign: &str,
    game: &str,
    shown: &Value,
    judged: &actions::Judged,
    seating: &panel::Seating,
) -> String {
    let gm = seating.role == Role::Gm;
    let map = svg::map(shown, judged);
    let side = panel::side(
        shown,
        judged,
        &format!("/api/campaigns/{campaign}/station/games/{game}"),
        seating,
    );
    let log = panel::log(shown);
    let api = format!("/api/campaigns/{campaign}/station/games/{game}");
    format!(
        "{status}<div class=\"st-board\"><div class=\"st-map-wrap\">{map}</div><div class=\"st-side\">{side}</div></div>{log}",
        status = panel::status(shown, judged, gm, &api),
    )
}

/// The seat controls' view of the caller: for the GM, the player
/// invitations that can be seated at a crew member.
async fn seating(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
) -> Result<panel::Seating, AppError> {
    let invites: Vec<_> = invites::all(state, campaign)
        .await?
        .into_iter()
        .filter(|i| i.role == Role::Player && !i.revoked)
        .collect();
    let slots = invites.iter().filter_map(|i| i.slot.clone()).collect();
    let players = if caller.role() == Role::Gm {
        invites.into_iter().map(|i| (i.id, i.label)).collect()
    } else {
        Vec::new()
    };
    Ok(panel::Seating {
        role: caller.role(),
        players,
        slots,
    })
}

/// `GET /c/{campaign}/s/{game}`: the Station table.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path((campaign, game)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        let (shown, judged) = read(&state, &campaign, &game, &caller).await?;
        let settings = campaigns::get(&state, &campaign).await?;
        let seat = Seat::new(
            &caller,
            &settings.name,
            shown["version"].as_i64().unwrap_or(0),
        );
        let seats = seating(&state, &campaign, &caller).await?;
        let part = part_html(&campaign, &game, &shown, &judged, &seats);
        let api = esc(&format!("/api/campaigns/{campaign}/station/games/{game}"));
        let body = format!(
            "<link rel=\"stylesheet\" href=\"/assets/station.css\">\
             <p class=\"crumbs\"><a href=\"/c/{c}\">← Dashboard</a></p>\
             <h1 class=\"st-title\">{name} <span class=\"meta\">{scenario}</span></h1>\
             <section id=\"result-card\" class=\"card result-card\" aria-live=\"polite\" hidden></section>\
             <p id=\"st-problem\" class=\"problem\" role=\"alert\" hidden></p>\
             <section id=\"station\" data-api=\"{api}\" hx-get=\"/c/{c}/s/{g}/part\" hx-trigger=\"nanite-update from:body\" hx-swap=\"innerHTML\">{part}</section>\
             <script src=\"/assets/station.js\" defer></script>",
            c = esc(&campaign),
            g = esc(&game),
            name = esc(shown["name"].as_str().unwrap_or("")),
            scenario = esc(&if shown["name"] == shown["scenario"]["name"] {
                shown["scenario"]["kind"].as_str().unwrap_or("").to_string()
            } else {
                format!(
                    "{} · {}",
                    shown["scenario"]["name"].as_str().unwrap_or(""),
                    shown["scenario"]["kind"].as_str().unwrap_or("")
                )
            }),
        );
        Ok::<_, AppError>(
            html::page(
                &format!("{} · nanite", shown["name"].as_str().unwrap_or("Station")),
                Some(&seat),
                &body,
            )
            .into_response(),
        )
    };
    run.await.unwrap_or_else(|e| error_page(&e))
}

/// `GET /c/{campaign}/s/{game}/part`: the board, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path((campaign, game)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        let (shown, judged) = read(&state, &campaign, &game, &caller).await?;
        let seats = seating(&state, &campaign, &caller).await?;
        Ok::<_, AppError>(part_html(&campaign, &game, &shown, &judged, &seats))
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

#[cfg(test)]
mod tests;
