//! The Station endpoints under `/api/campaigns/{campaign}/station/`: the
//! sample scenarios, games started from a sample or an uploaded scenario
//! (checked as `nanite station check` checks it), crew seats, commands (the
//! engine's JSON `Command`s, as `nanite station play` gives them) and the
//! GM's undo. Every change goes through `Tables::commit_rolling`, so it is
//! in the store before the answer, keyed by its idempotency key, and its
//! dice come from the play session's seed.

use axum::Json;
use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use nanite_station::Command;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::game::{self, Done, Game, PlayError};
use super::record::{Played, Seated, Started, Undone};
use super::samples::SAMPLES;
use super::{What, entry, samples, seats, view as station_view};
use crate::body::Strict;
use crate::campaigns::{self, Ruleset};
use crate::error::{AppError, ErrorBody};
use crate::facts::Fact;
use crate::openapi::Api;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::tables::Change;
use crate::view::Changed;
use crate::{AppState, invites, tokens, view};

/// The Station routes, nested under `/api`, each with its operation.
pub(crate) fn routes() -> Api {
    Api::new()
        .routes(routes!(scenarios))
        .routes(routes!(list, start))
        .routes(routes!(show))
        .routes(routes!(seat))
        .routes(routes!(command))
        .routes(routes!(undo))
        .routes(routes!(super::choices::choices))
}

/// The engine's refusal, or another failure, as an API error.
pub(crate) fn play_error(e: PlayError) -> AppError {
    match e {
        PlayError::Refused(r) => {
            let mut err = AppError::unprocessable("refused", r.to_string());
            if let Some(rule) = r.rule {
                err = err.with("rule", json!(rule));
            }
            err
        }
        PlayError::App(e) => e,
    }
}

pub(crate) fn no_game(id: &str) -> AppError {
    AppError::not_found(format!(
        "no Station game {id} in this campaign; GET /api/campaigns/{{campaign}}/station/games lists them"
    ))
}

/// The scenarios a game can start from.
#[derive(Serialize, ToSchema)]
pub(crate) struct ScenarioList {
    /// The campaign's pack version in force (0: the built-in sample pack).
    pub(crate) pack_version: u32,
    /// The pack version's own scenarios, then the built-in samples that
    /// start on the pack in force.
    pub(crate) scenarios: Vec<SampleScenario>,
}

/// Where a scenario a game can start from comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ScenarioSource {
    /// The campaign's content pack in force.
    Pack,
    /// The samples compiled into the server.
    Sample,
}

/// A scenario a game can start from.
#[derive(Serialize, ToSchema)]
pub(crate) struct SampleScenario {
    /// Its id (a game's `sample`).
    pub(crate) id: String,
    /// Where it comes from.
    pub(crate) source: ScenarioSource,
    /// Its title.
    pub(crate) name: String,
    /// Its kind, as a game's view names it.
    pub(crate) kind: &'static str,
    /// Its crew members' ids.
    pub(crate) crew: Vec<String>,
}

/// Every scenario a new game of `campaign` can start from: the pack
/// version's own, then the built-in samples that start on its pack.
pub(crate) async fn scenarios_of(
    state: &AppState,
    campaign: &str,
) -> Result<ScenarioList, AppError> {
    let content = crate::packs::station::in_force(state, campaign).await?;
    let own = content.scenarios.iter().map(|s| {
        (
            s.id.clone(),
            ScenarioSource::Pack,
            s.file.clone(),
            s.text.clone(),
        )
    });
    let built_in = SAMPLES.iter().map(|s| {
        (
            s.id.to_string(),
            ScenarioSource::Sample,
            format!("{}.txt", s.id),
            s.text.to_string(),
        )
    });
    let mut seen = std::collections::BTreeSet::new();
    let scenarios = own
        .chain(built_in)
        .filter(|(id, ..)| seen.insert(id.clone()))
        .filter_map(|(id, source, file, text)| {
            let st = game::read_scenario_on(content.pack.clone(), &file, &text).ok()?;
            Some(SampleScenario {
                id,
                source,
                name: st.scenario.name.clone(),
                kind: station_view::kind(st.scenario.kind),
                crew: st.players.iter().map(|p| p.id.clone()).collect(),
            })
        })
        .collect();
    Ok(ScenarioList {
        pack_version: content.version,
        scenarios,
    })
}

/// A campaign's Station games, in brief.
#[derive(Serialize, ToSchema)]
pub(crate) struct GameList {
    /// Each game.
    games: Vec<station_view::GameListed>,
}

/// `GET .../station/scenarios`: the scenarios a game can start from.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/station/scenarios",
    summary = "The scenarios a game can start from",
    description = "Who: any participant. The scenarios of the campaign's content pack version in force (`source: pack`, uploaded with POST .../packs), then the built-in samples (`source: sample`) that start on that pack; a pack's scenario hides a sample of the same id.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)")),
    responses((status = 200, description = "the samples", body = ScenarioList), (status = 409, description = "the campaign plays another ruleset (wrong_ruleset)", body = ErrorBody))
)]
pub(crate) async fn scenarios(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<ScenarioList>, AppError> {
    caller.member_of(&campaign)?;
    campaigns::require(&state, &campaign, Ruleset::Station).await?;
    Ok(Json(scenarios_of(&state, &campaign).await?))
}

/// `GET .../station/games`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/station/games",
    summary = "The campaign's Station games",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)")),
    responses((status = 200, description = "the games", body = GameList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<GameList>, AppError> {
    caller.member_of(&campaign)?;
    let games = state.tables().read(&state, &campaign, games).await?;
    Ok(Json(GameList { games }))
}

/// The games of a table, in brief.
pub(crate) fn games(t: &crate::table::Table) -> Vec<station_view::GameListed> {
    t.stations
        .values()
        .map(station_view::GameListed::new)
        .collect()
}

/// What `POST .../station/games` takes: a sample's id or a scenario's text.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGame {
    /// Its name (the scenario's title by default).
    #[serde(default)]
    name: Option<String>,
    /// A scenario's id from GET .../station/scenarios: one of the
    /// campaign pack's, or a built-in sample.
    #[serde(default)]
    sample: Option<String>,
    /// The text of a scenario file (docs/station/scenario.md).
    #[serde(default)]
    scenario: Option<String>,
    /// The scenario file's name, for its diagnostics.
    #[serde(default)]
    file: Option<String>,
}

/// `POST .../station/games` (GM): starts a game from a sample scenario or an
/// uploaded one. In a single-player scenario the automated GM sets up at
/// once.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/station/games",
    summary = "Start a game from a scenario of the campaign's pack, a sample, or a scenario's text",
    description = "Who: GM. Give `sample` (an id from .../station/scenarios: one of the campaign pack's scenarios, or a built-in sample) or `scenario` (the text of a scenario file, docs/station/scenario.md, with an optional `file` name). The game plays on the campaign's content pack in force (the built-in one until the GM switches to an uploaded version), and keeps it whatever the campaign switches to later. The text is checked as `nanite station --pack DIR check` checks it: a 422 invalid_scenario lists every problem with its line in `diagnostics`, and nothing is kept. In a single-player scenario the automated GM sets up at once.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)"), crate::openapi::IdempotencyKey),
    request_body = NewGame,
    responses(
        (status = 201, description = "the station_started entry (game, name, scenario, moves)", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 409, description = "the campaign plays another ruleset (wrong_ruleset)", body = ErrorBody)
    )
)]
pub(crate) async fn start(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<NewGame>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    campaigns::require(&state, &campaign, Ruleset::Station).await?;
    let request = body.value;
    let content = crate::packs::station::in_force(&state, &campaign).await?;
    let (file, text) = match (&request.sample, &request.scenario) {
        (Some(id), None) => {
            if let Some(own) = content.scenarios.iter().find(|s| &s.id == id) {
                (own.file.clone(), own.text.clone())
            } else {
                let sample = samples::find(id).ok_or_else(|| {
                    let known: Vec<&str> = content
                        .scenarios
                        .iter()
                        .map(|s| s.id.as_str())
                        .chain(SAMPLES.iter().map(|s| s.id))
                        .collect();
                    AppError::unprocessable(
                        "no_such_scenario",
                        format!(
                            "there is no scenario '{id}' in the campaign's pack or the samples; they are {}",
                            known.join(", ")
                        ),
                    )
                })?;
                (format!("{}.txt", sample.id), sample.text.to_string())
            }
        }
        (None, Some(text)) => (
            request
                .file
                .clone()
                .filter(|f| !f.trim().is_empty())
                .unwrap_or_else(|| "scenario.txt".into()),
            text.clone(),
        ),
        _ => {
            return Err(AppError::unprocessable(
                "one_source",
                "give either `sample` (a sample scenario's id, GET .../station/scenarios) or `scenario` (a scenario file's text), not both or neither",
            ));
        }
    };
    if file.chars().count() > 100 {
        return Err(AppError::unprocessable(
            "invalid_file",
            "a scenario's file name is at most 100 characters",
        ));
    }
    let setup = game::read_scenario_on(content.pack.clone(), &file, &text)?;
    let pack = content.digest.clone();
    let name = request
        .name
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| setup.scenario.name.clone());
    if name.chars().count() > 100 {
        return Err(AppError::unprocessable(
            "invalid_name",
            "a game's name is 1 to 100 characters",
        ));
    }
    let id = tokens::id("g-")?;
    let change = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let committed = state
        .tables()
        .commit_rolling(&state, change, |table| {
            let mut g =
                Game::new(&id, &name, &file, setup.clone()).started_from(&text, pack.clone());
            let moves = g.play(None, &table.sessions, false).map_err(play_error)?;
            let fact = Fact::StationStarted(Started {
                game: id.clone(),
                name: name.clone(),
                file: file.clone(),
                text: text.clone(),
                pack: pack.clone(),
                moves: moves.iter().map(Done::record).collect(),
            });
            let scenario = g.scenario().name.clone();
            table.stations.insert(id.clone(), g);
            Ok((
                fact,
                entry(
                    &id,
                    What::Started {
                        name: name.clone(),
                        scenario,
                        moves,
                    },
                ),
            ))
        })
        .await?;
    Ok(view::created(committed))
}

/// `GET .../station/games/{game}`: the game as the caller may see it.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/station/games/{game}",
    summary = "A game as you may see it",
    description = "Who: any participant. The map (tiles, light, doors with their locks, cameras and turrets with the squares they see, stations, machines, upgrade units, switches, searchables, goals), the crew (stats, AP, inventory, seat, `yours`), the creatures with their HP, the threat level, alarm (turns left), security_down (turns a hacked security station keeps cameras and turrets off) and cards, the objectives and the log. Only the GM sees the creature points (gm.bcp, gm.mcp), which creatures know where the crew is, the commands' dice and `can_undo`.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)"), ("game" = String, Path, description = "the game id")),
    responses((status = 200, description = "the game", body = station_view::GameView))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<station_view::GameView>, AppError> {
    let shown = view::read_as(&state, &campaign, &caller, |t, viewer| {
        t.stations
            .get(&id)
            .map(|g| station_view::game(t, g, viewer))
    })
    .await?
    .ok_or_else(|| no_game(&id))?;
    Ok(Json(shown))
}

/// What `POST .../seats` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeatRequest {
    /// The crew member.
    crew: String,
    /// GM: a player invitation's id to seat there.
    #[serde(default)]
    seat: Option<String>,
    /// Free the crew member.
    #[serde(default)]
    free: bool,
}

/// `POST .../station/games/{game}/seats`: the GM seats a player invitation
/// at a crew member (`seat`) or frees it (`free`); a player claims a free
/// crew member (neither) or gives back their own (`free`).
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/station/games/{game}/seats",
    summary = "Seat a player at a crew member, claim one, or free one",
    description = "Who: GM; a player for a free crew member or their own.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)"), ("game" = String, Path, description = "the game id"), crate::openapi::IdempotencyKey),
    request_body = SeatRequest,
    responses(
        (status = 201, description = "the station_seated entry (crew, seat)", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 409, description = "the crew member is someone else's (crew_taken) or already yours", body = ErrorBody)
    )
)]
pub(crate) async fn seat(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<SeatRequest>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let request = body.value;
    let viewer = view::viewer(&caller);
    let wanted: Option<String> = match caller.role() {
        Role::Spectator => {
            return Err(AppError::forbidden(
                "spectators_watch",
                "spectators only watch; ask the GM for a player invitation to play a crew member",
            ));
        }
        Role::Gm => match (&request.seat, request.free) {
            (Some(invite), false) => {
                let found = invites::find(&state, &campaign, invite).await?;
                match found {
                    Some(i) if i.role == Role::Player && !i.revoked => Some(i.id),
                    Some(_) => {
                        return Err(AppError::unprocessable(
                            "not_a_player",
                            format!(
                                "invitation {invite} is not a player's (or was revoked): only players act for crew members"
                            ),
                        ));
                    }
                    None => {
                        return Err(AppError::unprocessable(
                            "no_such_invite",
                            format!(
                                "there is no invitation {invite} in this campaign; GET .../invites lists them"
                            ),
                        ));
                    }
                }
            }
            (None, true) => None,
            _ => {
                return Err(AppError::unprocessable(
                    "seat_or_free",
                    "give `seat` (a player invitation's id) to seat someone, or `free: true` to free the crew member",
                ));
            }
        },
        Role::Player => {
            if request.seat.is_some() {
                return Err(AppError::forbidden(
                    "gm_only",
                    "only the GM seats someone else; send just `crew` to claim a free crew member",
                ));
            }
            (!request.free).then(|| caller.invite.id.clone())
        }
    };
    let change = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let crew = request.crew.clone();
    // A player invitation made for this crew member's slot holds it until
    // the GM seats someone else.
    let slot_holder = invites::all(&state, &campaign)
        .await?
        .into_iter()
        .find(|i| i.role == Role::Player && !i.revoked && i.slot.as_deref() == Some(crew.as_str()))
        .map(|i| i.id);
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            let g = table.stations.get_mut(&id).ok_or_else(|| no_game(&id))?;
            if g.state().player(&crew).is_none() {
                let known: Vec<&str> = g.state().players.iter().map(|p| p.id.as_str()).collect();
                return Err(AppError::unprocessable(
                    "no_such_crew",
                    format!("there is no crew member '{crew}' in this game (the crew: {})", known.join(", ")),
                ));
            }
            if !viewer.is_gm() {
                let mine = seats::controls(g, &viewer, &crew);
                match (&wanted, mine) {
                    (None, false) => {
                        return Err(AppError::forbidden(
                            "not_your_crew",
                            format!("{crew} is not seated at your invitation, so it is not yours to give back"),
                        ));
                    }
                    (Some(_), true) => {
                        return Err(AppError::conflict(
                            "already_yours",
                            format!("{crew} is already seated at your invitation"),
                        ));
                    }
                    (Some(_), false) => {
                        let taken = match g.seat_of(&crew) {
                            Some(seat) => seat.is_some(),
                            None => slot_holder.as_ref().is_some_and(|h| *h != viewer.invite),
                        };
                        let other_slot = viewer.slot.as_deref().is_some_and(|s| s != crew);
                        if taken {
                            return Err(AppError::conflict(
                                "crew_taken",
                                format!("{crew} is seated at another player's invitation; ask the GM to free it"),
                            ));
                        }
                        if other_slot {
                            return Err(AppError::forbidden(
                                "not_your_slot",
                                format!("your invitation is for {}, not {crew}; ask the GM to seat you", viewer.slot.as_deref().unwrap_or("")),
                            ));
                        }
                    }
                    (None, true) => {}
                }
            }
            g.seats.insert(crew.clone(), wanted.clone());
            Ok((
                Fact::StationSeated(Seated {
                    game: id.clone(),
                    crew: crew.clone(),
                    seat: wanted.clone(),
                }),
                entry(
                    &id,
                    What::Seated {
                        crew: crew.clone(),
                        seat: wanted.clone(),
                    },
                ),
            ))
        })
        .await?;
    Ok(view::created(committed))
}

/// What `POST .../commands` takes: one engine command.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StationCommandRequest)]
pub(crate) struct CommandRequest {
    /// A Station command as `nanite station play` gives it, in the
    /// engine's JSON: "Begin", "EndTurn", {"Move": {"who": "ana", "to":
    /// {"x": 3, "y": 4}}}, {"Attack": {"who": "ana", "target": "c1", "aim":
    /// 0}} ... (docs/server.md lists them).
    command: Command,
}

/// `POST .../station/games/{game}/commands`: one command, decided by the
/// engine after the table's permissions; in a single-player scenario the
/// automated GM answers in the same change.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/station/games/{game}/commands",
    summary = "One command, decided by the engine",
    description = "Who: GM: any; a player: for their own crew member, in the players' turn (EndTurn when seated); spectators: none.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)"), ("game" = String, Path, description = "the game id"), crate::openapi::IdempotencyKey),
    request_body = CommandRequest,
    responses(
        (status = 201, description = "the station_played entry (moves: [{command, by_engine, lines}], lines); in a single-player scenario the automated GM's answer comes in the same entry", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 403, description = "not your crew member (not_your_crew), not the players' turn (not_your_turn), the GM's command (gm_only), spectators_watch", body = ErrorBody)
    )
)]
pub(crate) async fn command(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<CommandRequest>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let viewer = view::viewer(&caller);
    let command = body.value.command.clone();
    let change = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let committed = state
        .tables()
        .commit_rolling(&state, change, |table| {
            let g = table.stations.get_mut(&id).ok_or_else(|| no_game(&id))?;
            seats::may_command(g, &viewer, &command)?;
            let moves = g
                .play(Some(&command), &table.sessions, true)
                .map_err(play_error)?;
            Ok((
                Fact::StationPlayed(Played {
                    game: id.clone(),
                    moves: moves.iter().map(Done::record).collect(),
                }),
                entry(&id, What::Played { moves }),
            ))
        })
        .await?;
    Ok(view::created(committed))
}

/// `POST .../station/games/{game}/undo` (GM): takes back the game's last
/// accepted change (a command and the automated GM's answer to it). The
/// log keeps both the change and its undoing.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/station/games/{game}/undo",
    summary = "Take back the game's last change",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id (a Station campaign)"), ("game" = String, Path, description = "the game id"), crate::openapi::IdempotencyKey),
    request_body = crate::seeds::Nothing,
    responses(
        (status = 201, description = "the station_undone entry (commands)", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 422, description = "nothing to take back (nothing_to_undo)", body = ErrorBody)
    )
)]
pub(crate) async fn undo(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<crate::seeds::Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            let g = table.stations.get_mut(&id).ok_or_else(|| no_game(&id))?;
            let commands = g.undo().ok_or_else(|| {
                AppError::unprocessable(
                    "nothing_to_undo",
                    "nothing to take back: no command was accepted in this game since it started",
                )
            })?;
            Ok((
                Fact::StationUndone(Undone { game: id.clone() }),
                entry(&id, What::Undone { commands }),
            ))
        })
        .await?;
    Ok(view::created(committed))
}
