//! The Station table page: the map as SVG (`svg`), a side panel with the
//! selected unit's card (stats, AP, inventory) and its actions as the
//! engine judges them (`actions`), the GM's controls (deploy, begin, end
//! turn, undo), the latest result as a card and the narrated log. Like the
//! tracker it renders the API's own typed view of the game for the viewer
//! ([`GameView`]) through the askama templates of `templates/station/`, and
//! changes go from `assets/station.js` to `/api` as JSON.

mod actions;
mod panel;
mod svg;

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};

use super::html::{self, Seat};
use super::{error_page, error_part};
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::station::view::GameView;
use crate::{AppState, campaigns, invites, view};

pub(crate) use panel::{games_card, start_forms};

/// A template's markup. Rendering writes only to a `String`, so it fails
/// only when a value's `Display` does, which none of ours does; an empty
/// string stands in rather than a panic.
fn render(template: &impl Template) -> String {
    template.render().unwrap_or_default()
}

/// The game as the viewer sees it, and what the viewer could do.
async fn read(
    state: &AppState,
    campaign: &str,
    game: &str,
    caller: &Caller,
) -> Result<(GameView, actions::Judged), AppError> {
    view::read_as(state, campaign, caller, |t, viewer| {
        t.stations.get(game).map(|g| {
            (
                crate::station::view::game(t, g, viewer),
                actions::judged(g, viewer),
            )
        })
    })
    .await?
    .ok_or_else(|| AppError::not_found(format!("no Station game {game} in this campaign")))
}

/// The board htmx refreshes: status, map, side panel and log.
#[derive(Template)]
#[template(path = "station/part.html")]
struct Part<'a> {
    /// The "your turn" badge: the players' turn on a player's page, the
    /// GM's on the GM's.
    turn: String,
    status: panel::Status<'a>,
    map: String,
    side: panel::Side<'a>,
    log: panel::Log,
}

fn part_html(
    campaign: &str,
    game: &str,
    shown: &GameView,
    judged: &actions::Judged,
    seating: &panel::Seating,
) -> String {
    let api = format!("/api/campaigns/{campaign}/station/games/{game}");
    let yours = matches!(
        (seating.role, shown.phase),
        (Role::Player, "players") | (Role::Gm, "gm")
    );
    let call = if yours {
        super::turn::TurnCall::Yours
    } else {
        super::turn::TurnCall::Other
    };
    render(&Part {
        turn: super::turn::badge(call),
        status: panel::Status {
            view: shown,
            judged,
            gm: seating.role == Role::Gm,
            api: &api,
        },
        map: svg::map(shown, judged),
        side: panel::Side {
            view: shown,
            judged,
            api: &api,
            seating,
        },
        log: panel::Log::new(shown),
    })
}

/// The Station table's body, inside the page layout.
#[derive(Template)]
#[template(path = "station/page.html")]
struct Page<'a> {
    campaign: &'a str,
    game: &'a str,
    api: &'a str,
    /// The game's name.
    name: &'a str,
    /// The scenario's kind, after its title when the game is named otherwise.
    scenario: String,
    part: String,
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

/// The game as `caller` may see it, and its board: the part the page
/// embeds and htmx refreshes.
async fn board(
    state: &AppState,
    campaign: &str,
    game: &str,
    caller: &Caller,
) -> Result<(GameView, String), AppError> {
    let (shown, judged) = read(state, campaign, game, caller).await?;
    let seats = seating(state, campaign, caller).await?;
    let part = part_html(campaign, game, &shown, &judged, &seats);
    Ok((shown, part))
}

/// `GET /c/{campaign}/s/{game}`: the Station table.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path((campaign, game)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        let (shown, part) = board(&state, &campaign, &game, &caller).await?;
        let settings = campaigns::get(&state, &campaign).await?;
        let seat = Seat::new(&caller, &settings.name, shown.version);
        let scenario = if shown.name == shown.scenario.name {
            shown.scenario.kind.to_string()
        } else {
            format!("{} · {}", shown.scenario.name, shown.scenario.kind)
        };
        let body = render(&Page {
            campaign: &campaign,
            game: &game,
            api: &format!("/api/campaigns/{campaign}/station/games/{game}"),
            name: &shown.name,
            scenario,
            part,
        });
        Ok::<_, AppError>(
            html::page(&format!("{} · nanite", shown.name), Some(&seat), &body).into_response(),
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
    let run = async { board(&state, &campaign, &game, &caller?).await };
    match run.await {
        Ok((_, html)) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

#[cfg(test)]
mod tests;
