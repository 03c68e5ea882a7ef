//! `GET .../station/games/{game}/choices`: what the caller may do now in a
//! Station game, as `nanite_station::choices` works it out for their seat
//! (the crew members seated at their invitation; the GM for everyone, the
//! creatures and deployments): each choice's command, the square it takes
//! with every legal one and its AP, and the engine's verdict. The page's
//! buttons and map overlays are drawn from the same list.

use axum::Json;
use axum::extract::{Path, State};
use nanite_core::table::Choice;
use nanite_station::Command;
use serde::Serialize;
use utoipa::ToSchema;

use super::{Game, seats};
use crate::error::AppError;
use crate::permissions::Viewer;
use crate::sessions::Caller;
use crate::{AppState, view};

/// What `viewer` may do in `game` now.
pub(crate) fn of(game: &Game, viewer: &Viewer) -> Vec<Choice<Command>> {
    nanite_station::choices::choices(game.state(), &seats::table_seat(game, viewer))
}

/// What `GET .../station/games/{game}/choices` answers.
#[derive(Serialize, ToSchema)]
#[schema(as = StationChoices)]
pub(crate) struct Choices {
    /// The campaign's stream version the choices were worked out at.
    version: i64,
    /// The crew members' choices, then the creatures', the deployments and
    /// the turn's end.
    #[schema(value_type = Vec<nanite_core::table::Choice<Command>>)]
    choices: Vec<Choice<Command>>,
}

/// `GET .../station/games/{game}/choices`: what the caller may do now.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/station/games/{game}/choices",
    summary = "What you may do now in a Station game",
    description = "Who: any participant (a spectator's list is empty). Each choice's kind (move, attack, psi, defend, search, hack, use_card, repair, activate, use_switch, modify, equip, use, research, drop, buy, deploy, begin, end_turn), label, actor and target, its command (the body of POST .../commands) and the engine's verdict: allowed with the AP it spends (`cost`), a shot's chance to hit in percent (`odds`, the engine's chance in 6) and what else it costs (`price`: CM, PP, a task's nanites and turns), or refused with code (`refused` for the engine, else the table's: not_your_turn, not_your_crew, gm_only, not_seated), rule, message and fix. A move or a deployment takes its square as a parameter (`Move.to`, `Deploy.at`) listing every square the engine accepts, each with its AP. Worked out from what you may know only: a player's choices never depend on the creature points, on which creatures know where the crew is or on a task's outcome.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)"), ("game" = String, Path, description = "the game id")),
    responses((status = 200, description = "the choices", body = Choices), (status = 404, description = "no such game", body = crate::error::ErrorBody))
)]
pub(crate) async fn choices(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<Choices>, AppError> {
    view::read_as(&state, &campaign, &caller, |t, viewer| {
        t.stations.get(&id).map(|g| Choices {
            version: t.seen_by(viewer),
            choices: of(g, viewer),
        })
    })
    .await?
    .map(Json)
    .ok_or_else(|| super::api::no_game(&id))
}
