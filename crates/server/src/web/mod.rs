//! The web table: server-rendered pages over the same handlers as the JSON
//! API, so a page shows exactly what the API would tell its viewer (the
//! GM's exact numbers, a player's wounded descriptors, nobody but the GM a
//! hidden combatant).
//!
//! Pages are whole HTML documents; the parts that change (the dashboard's
//! lists, the tracker, the roll log) are fragments that htmx fetches again
//! when `assets/table.js` hears of a change on the live WebSocket. Changes
//! go from the page's forms straight to `/api` as JSON (with the CSRF
//! header and an idempotency key), so there is one implementation of every
//! rule and permission. Pages are askama templates (`templates/`), checked
//! when the server compiles and fed by typed views; everything they show is
//! escaped by askama.

mod answer;
mod assets;
mod builder;
mod builder_d20;
mod campaigns;
mod carry;
pub(crate) mod d20;
mod dashboard;
mod dice;
mod form_number;
mod html;
pub(crate) mod links;
mod npcs;
mod packs;
mod plugged;
mod rolls;
mod station;
mod tracker;
mod turn;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};

use crate::AppState;
use crate::error::AppError;
use crate::sessions::Caller;

/// The pages, the fragments they refresh and the static assets.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/assets/{file}", get(assets::serve))
        .route("/campaigns", get(campaigns::page))
        .route("/c/{campaign}", get(dashboard::page))
        .route("/c/{campaign}/part/dashboard", get(dashboard::part))
        .route("/c/{campaign}/part/rolls", get(rolls::part))
        .route("/c/{campaign}/export.json", get(dashboard::export))
        .route("/c/{campaign}/e/{encounter}", get(tracker::page))
        .route("/c/{campaign}/e/{encounter}/part", get(tracker::part))
        .route("/c/{campaign}/e/{encounter}/dice", get(dice::part))
        .route("/c/{campaign}/s/{game}", get(station::page))
        .route("/c/{campaign}/s/{game}/part", get(station::part))
        .route("/c/{campaign}/build", get(builder::page))
        .route("/c/{campaign}/build/check", post(builder::check))
        .route("/c/{campaign}/characters/{character}", get(builder::sheet))
        .route(
            "/c/{campaign}/characters/{character}/file",
            get(builder::download),
        )
        .route("/c/{campaign}/compendium", get(packs::compendium_page))
        .route("/c/{campaign}/packs", get(packs::packs_page))
        .route(
            "/c/{campaign}/characters/{character}/state",
            get(carry::part),
        )
}

/// `/`: the caller's campaign, their campaign list when they hold several,
/// or how to join one.
async fn home(State(_state): State<AppState>, caller: Result<Caller, AppError>) -> Response {
    match caller {
        Ok(caller) if caller.seats.len() > 1 => Redirect::to("/campaigns").into_response(),
        Ok(caller) => Redirect::to(&format!("/c/{}", caller.invite.campaign)).into_response(),
        Err(_) => html::page("nanite", None, &html::render(&Home)).into_response(),
    }
}

/// How to join a table, for a visitor without a session.
#[derive(askama::Template)]
#[template(path = "home.html")]
struct Home;

/// An error as a page's body.
#[derive(askama::Template)]
#[template(path = "error.html")]
struct ErrorBody<'a> {
    reason: &'a str,
    message: &'a str,
    /// Whether the answer is to sign in again.
    sign_in: bool,
}

/// An error as a fragment.
#[derive(askama::Template)]
#[template(path = "problem.html")]
struct Problem<'a> {
    message: &'a str,
}

/// An error as a page, for requests a person made by following a link.
pub(crate) fn error_page(err: &AppError) -> Response {
    let status = err.status();
    let body = html::render(&ErrorBody {
        reason: status.canonical_reason().unwrap_or("Error"),
        message: err.message(),
        sign_in: status == StatusCode::UNAUTHORIZED,
    });
    (status, html::page("nanite: problem", None, &body)).into_response()
}

/// An error as a fragment: htmx swaps it in place of the part (htmx swaps
/// only successful answers, so the status is 200 and the text says why).
pub(crate) fn error_part(err: &AppError) -> Response {
    (
        StatusCode::OK,
        Html(html::render(&Problem {
            message: err.message(),
        })),
    )
        .into_response()
}
