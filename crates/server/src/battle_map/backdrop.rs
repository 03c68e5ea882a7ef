//! The battle map's background image at the table (issue 24): the GM
//! uploads it (`PUT .../map/backdrop`, the image's bytes) or takes it away
//! (`DELETE`), and everyone at the table fetches it from the server itself
//! (`GET`), never from elsewhere, for the page's map to draw under the
//! walls.
//!
//! The image is kept with the map: giving or taking it is the engine's
//! `map` command with the map as it stands and the image set or cleared,
//! logged and undoable as any other, so an export carries it and undo
//! takes it back. It is checked by the engine's [`Backdrop`] (a PNG, JPEG
//! or WebP image by its first bytes, at most 512 KiB): a hostile or
//! oversized file is refused and nothing changes.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use nanite_compound_x::encounter::scene::{Backdrop, ImageKind, MAX_BACKDROP_BYTES};
use nanite_compound_x::encounter::{Battle, Command, Layout};
use nanite_core::ScriptedDice;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::body::{Asking, Raw};
use crate::error::{AppError, ErrorBody};
use crate::facts::Order;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::table::{Encounter, command_record};
use crate::tables::Change;
use crate::{AppState, campaigns};

/// The background image of a map, as the view tells it (the image itself
/// is fetched at `GET .../map/backdrop`).
#[derive(Serialize, ToSchema)]
#[schema(as = CxMapBackdrop)]
pub(crate) struct BackdropShown {
    /// What kind of image.
    pub(crate) kind: ImageKind,
    /// Its size in bytes.
    pub(crate) bytes: usize,
    /// A short digest of its bytes, changing when the image does (the page
    /// adds it to the address, `?v=`, so a new image is fetched anew).
    pub(crate) tag: String,
}

impl BackdropShown {
    /// What the view tells of `image`.
    pub(crate) fn of(image: &Backdrop) -> BackdropShown {
        BackdropShown {
            kind: image.kind(),
            bytes: image.bytes().len(),
            tag: tag(image),
        }
    }
}

/// The first 8 bytes of the image's SHA-256, in hex.
pub(crate) fn tag(image: &Backdrop) -> String {
    Sha256::digest(image.bytes())
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A PNG, JPEG or WebP image's bytes.
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "the body is read as bytes (`crate::body::Raw`); this names its schema"
)]
pub(crate) struct BackdropImage(String);

/// What giving or taking the image answers.
#[derive(Serialize, ToSchema)]
#[schema(as = CxBackdropGiven)]
pub(crate) struct BackdropGiven {
    /// The GM's stream version after the `map` command.
    version: i64,
    /// The image now drawn under the map, if any.
    backdrop: Option<BackdropShown>,
}

/// Refuses a caller who is not the GM of a Compound X campaign.
async fn gm_of_cx(state: &AppState, campaign: &str, caller: &Caller) -> Result<(), AppError> {
    caller.gm_of(campaign)?;
    match state.ruleset_of(campaign).await? {
        Ruleset::CompoundX => Ok(()),
        Ruleset::Station => Err(campaigns::station_has_no("encounters")),
        Ruleset::Plugged(key) => Err(campaigns::plugged_has_no(key, "battle map")),
        Ruleset::D20 => Err(AppError::unprocessable(
            "compound_x_only",
            "a background image belongs to a Compound X battle map",
        )),
    }
}

/// The map of the fight, or why there is none.
fn layout_of(battle: &Battle) -> Result<&Layout, AppError> {
    battle
        .scene
        .as_deref()
        .map(|s| &s.layout)
        .ok_or_else(|| {
            AppError::unprocessable(
                "no_map",
                "this fight has no battle map yet: give it one first (PUT .../map, the [map] section of an encounter file); nothing changed",
            )
        })
}

/// Sets the map's image to `image` (none: takes it away) as a `map`
/// command on the map as it stands when committed.
async fn set(
    state: &AppState,
    encounter: &str,
    change: Change<'_>,
    image: Option<Backdrop>,
) -> Result<BackdropGiven, AppError> {
    let viewer = change.viewer.clone();
    let committed = state
        .tables()
        .commit(state, change, |table| {
            crate::waiting::not_waiting(table, encounter)?;
            let enc: &mut Encounter = table.encounter_mut(encounter)?;
            let mut layout = layout_of(enc.battle()?)?.clone();
            layout.background = image.clone();
            let command = Command::Map { layout };
            let json = serde_json::to_value(&command).map_err(AppError::internal)?;
            let mut dice = ScriptedDice::new(Vec::new());
            let done = enc.execute(&command, &mut dice).map_err(|r| {
                crate::refusals::refused::<nanite_compound_x::encounter::CompoundX>(
                    r, &viewer, None,
                )
            })?;
            let order = Order::Rules { command: json };
            Ok(command_record(encounter, &order, "map", done, None, false))
        })
        .await?;
    Ok(BackdropGiven {
        version: committed.version,
        backdrop: image.as_ref().map(BackdropShown::of),
    })
}

/// `PUT /api/campaigns/{campaign}/encounters/{encounter}/map/backdrop`
/// (GM): the map's background image.
#[utoipa::path(
    put,
    path = "/campaigns/{campaign}/encounters/{encounter}/map/backdrop",
    summary = "Give a Compound X battle map its background image (PNG, JPEG or WebP, at most 512 KiB)",
    description = "Who: GM. The body is the image's bytes, told apart by its first bytes (any Content-Type): PNG, JPEG or WebP, at most 512 KiB. It replaces the image the map had, as the engine's `map` command with the map as it stands (logged; undo takes it back), and is drawn under the walls, stretched over the map's metres. Anything else (another format, an SVG, an empty or oversized file) is refused and nothing changes.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    request_body(content = BackdropImage, content_type = "image/webp", description = "the image: PNG, JPEG or WebP"),
    responses(
        (status = 201, description = "the image is the map's", body = BackdropGiven),
        (status = 403, description = "not the GM", body = ErrorBody),
        (status = 413, description = "the body is over 1 MB", body = ErrorBody),
        (status = 422, description = "not a PNG, JPEG or WebP image, empty or over 512 KiB (invalid_backdrop), or the fight has no map yet (no_map)", body = ErrorBody)
    )
)]
pub(crate) async fn give(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    asking: Asking,
    body: Raw,
) -> Result<(StatusCode, Json<BackdropGiven>), AppError> {
    gm_of_cx(&state, &campaign, &caller).await?;
    let image = Backdrop::new(body.0.to_vec()).map_err(|e| {
        AppError::unprocessable("invalid_backdrop", format!("{e}; nothing changed"))
    })?;
    let change = asking.change(&campaign, &caller, &body.0)?;
    let given = set(&state, &encounter, change, Some(image)).await?;
    Ok((StatusCode::CREATED, Json(given)))
}

/// `DELETE /api/campaigns/{campaign}/encounters/{encounter}/map/backdrop`
/// (GM): the map without its background image.
#[utoipa::path(
    delete,
    path = "/campaigns/{campaign}/encounters/{encounter}/map/backdrop",
    summary = "Take a Compound X battle map's background image away",
    description = "Who: GM. The engine's `map` command with the map as it stands and no image (logged; undo gives the image back).",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    responses(
        (status = 201, description = "the map has no image now", body = BackdropGiven),
        (status = 403, description = "not the GM", body = ErrorBody),
        (status = 404, description = "the map has no image (no_backdrop)", body = ErrorBody),
        (status = 422, description = "the fight has no map (no_map)", body = ErrorBody)
    )
)]
pub(crate) async fn take(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    asking: Asking,
) -> Result<(StatusCode, Json<BackdropGiven>), AppError> {
    gm_of_cx(&state, &campaign, &caller).await?;
    let has = state
        .tables()
        .read(&state, &campaign, |t| {
            let battle = t.encounter(&encounter)?.battle()?;
            Ok::<_, AppError>(layout_of(battle)?.background.is_some())
        })
        .await??;
    if !has {
        return Err(no_backdrop());
    }
    let change = asking.change(&campaign, &caller, &[])?;
    let given = set(&state, &encounter, change, None).await?;
    Ok((StatusCode::CREATED, Json(given)))
}

fn no_backdrop() -> AppError {
    AppError::new(
        StatusCode::NOT_FOUND,
        "no_backdrop",
        "this map has no background image; the GM gives one from the map form (PUT .../map/backdrop)",
    )
}

/// `GET /api/campaigns/{campaign}/encounters/{encounter}/map/backdrop`:
/// the image itself, from this server.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/encounters/{encounter}/map/backdrop",
    summary = "The background image of a Compound X battle map (its bytes, with its own Content-Type)",
    description = "Who: any participant (the ground is known to everyone). Served with `X-Content-Type-Options: nosniff` and an `ETag` (the `tag` in the view's `map.backdrop`); the page asks for it with `?v=` that tag, so a new image is fetched anew.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    responses(
        (status = 200, description = "the image", content_type = "image/webp", body = BackdropImage),
        (status = 304, description = "unchanged since the `If-None-Match` tag"),
        (status = 404, description = "the map has no image (no_backdrop), or the fight no map (no_map)", body = ErrorBody)
    )
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let image = state
        .tables()
        .read(&state, &campaign, |t| {
            let battle = t.encounter(&encounter)?.battle()?;
            let Some(scene) = battle.scene.as_deref() else {
                return Err(AppError::new(
                    StatusCode::NOT_FOUND,
                    "no_map",
                    "this fight has no battle map, so no background image",
                ));
            };
            scene.layout.background.clone().ok_or_else(no_backdrop)
        })
        .await??;
    debug_assert!(image.bytes().len() <= MAX_BACKDROP_BYTES);
    let etag = format!("\"{}\"", tag(&image));
    let cache = [
        (
            header::ETAG,
            HeaderValue::from_str(&etag).map_err(AppError::internal)?,
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, max-age=86400"),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
    ];
    let unchanged = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    if unchanged {
        return Ok((StatusCode::NOT_MODIFIED, cache).into_response());
    }
    let kind = HeaderValue::from_static(image.kind().media_type());
    Ok((
        StatusCode::OK,
        cache,
        [(header::CONTENT_TYPE, kind)],
        image.bytes().to_vec(),
    )
        .into_response())
}
