//! Encounters prepared in advance: before the session the GM names an
//! encounter, its NPCs (from the campaign's library, or NPC files, each
//! group with a count, a side, hiding, cover and stance or a place, and
//! whether the engine plays it) and its settings (a D20 grid or rows); lists,
//! edits and deletes them; and starts one when the table is ready: a live
//! encounter opens with its NPCs entered, numbered, and the groups marked
//! for it handed to the engine (`engine`). Kept as records of the generic
//! store (collection `prepared:{campaign}`); a prepared encounter stays
//! after it is started, to start again another evening.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use nanite_compound_x::combat::{Cover, Stance};
use nanite_d20::encounter::{Field, Place};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::Strict;
use crate::campaigns::Campaign;
use crate::copies::{Copy, check_count};
use crate::error::{AppError, ErrorBody};
use crate::library::{FromLibrary, LibraryNpc};
use crate::records;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::tables::Change;
use crate::{AppState, campaigns, characters, engine, library, tokens};

/// What a prepared encounters' collection name starts with.
pub(crate) const PREFIX: &str = "prepared:";

/// The most groups of NPCs one prepared encounter holds.
pub(crate) const MAX_GROUPS: usize = 20;

fn collection(campaign: &str) -> String {
    format!("{PREFIX}{campaign}")
}

/// A group of NPCs in a prepared encounter: a library NPC, or an NPC file
/// with its id, entering as many times as `count` says.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Group {
    /// A library NPC's id.
    #[serde(default)]
    pub(crate) npc: Option<String>,
    /// Or an NPC character file (TOML), checked as one added to an
    /// encounter is.
    #[serde(default)]
    pub(crate) file: Option<String>,
    /// With `file`: the id its combatants take (or number from).
    #[serde(default)]
    pub(crate) id: Option<String>,
    /// How many, 1 to 20 (default 1).
    #[serde(default = "one")]
    pub(crate) count: u32,
    /// Their side.
    pub(crate) side: String,
    /// Hidden from the players.
    #[serde(default)]
    pub(crate) hidden: bool,
    /// Compound X: their cover.
    #[serde(default)]
    pub(crate) cover: Cover,
    /// Compound X: their stance.
    #[serde(default)]
    pub(crate) stance: Stance,
    /// D20: the first one's square or row (a grid needs a square).
    #[serde(default)]
    pub(crate) place: Option<Place>,
    /// The engine plays them from the start.
    #[serde(default)]
    pub(crate) engine: bool,
}

fn one() -> u32 {
    1
}

/// What the GM prepares: the request of `POST` and `PUT`.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Preparation {
    /// The encounter's name (1 to 100 characters).
    pub(crate) name: String,
    /// D20: a grid (`{"field": "map", "width": 12, "height": 8}`) or rows
    /// (the default).
    #[serde(default)]
    pub(crate) field: Option<Field>,
    /// Its NPCs, up to 20 groups.
    #[serde(default)]
    pub(crate) groups: Vec<Group>,
}

/// A prepared encounter as kept and shown.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
pub(crate) struct Prepared {
    /// Its id (`p-...`).
    pub(crate) id: String,
    /// What the GM prepared.
    #[serde(flatten)]
    pub(crate) preparation: Preparation,
}

/// The prepared encounters.
#[derive(Serialize, ToSchema)]
pub(crate) struct PreparedList {
    /// Each one, by id.
    prepared: Vec<Prepared>,
}

/// Every prepared encounter of `campaign`, by id.
pub(crate) async fn all(state: &AppState, campaign: &str) -> Result<Vec<Prepared>, AppError> {
    records::all(state, &collection(campaign)).await
}

async fn find(state: &AppState, campaign: &str, id: &str) -> Result<Prepared, AppError> {
    records::get(state, &collection(campaign), id)
        .await?
        .ok_or_else(|| {
            AppError::not_found(format!(
                "no prepared encounter {id} in this campaign; GET /api/campaigns/{campaign}/prepared lists them"
            ))
        })
}

/// The NPC a group brings in: its library NPC, or its file read as one.
async fn npc_of(
    state: &AppState,
    settings: &Campaign,
    campaign: &str,
    n: usize,
    g: &Group,
) -> Result<LibraryNpc, AppError> {
    let at = |e: AppError| {
        let message = format!("group {}: {}", n + 1, e.message());
        AppError::new(e.status(), e.code(), message)
    };
    match (&g.npc, &g.file) {
        (Some(npc), None) => library::find(state, campaign, npc).await.map_err(at),
        (None, Some(text)) => {
            let id = g.id.as_deref().map(str::trim).unwrap_or_default();
            if id.is_empty() {
                return Err(at(AppError::unprocessable(
                    "invalid_id",
                    "give an NPC file its `id` (\"raider\"): its combatants take it, numbered",
                )));
            }
            characters::check_id(id).map_err(at)?;
            let file = format!("{id}.toml");
            let name = library::check_file(state, settings, &file, text)
                .await
                .map_err(at)?;
            Ok(LibraryNpc {
                id: id.to_string(),
                name,
                file,
                text: text.clone(),
            })
        }
        _ => Err(at(AppError::unprocessable(
            "one_source",
            "give a group either `npc` (a library NPC's id) or `file` (an NPC's TOML file) with its `id`, not both or neither",
        ))),
    }
}

/// Checks a preparation whole; gives it with its name trimmed.
async fn check(
    state: &AppState,
    settings: &Campaign,
    campaign: &str,
    mut p: Preparation,
) -> Result<Preparation, AppError> {
    p.name = p.name.trim().to_string();
    if p.name.is_empty() || p.name.chars().count() > 100 {
        return Err(AppError::unprocessable(
            "invalid_name",
            "an encounter name is 1 to 100 characters",
        ));
    }
    let setup = crate::d20::setup(settings, p.field.clone())?;
    if p.groups.len() > MAX_GROUPS {
        return Err(AppError::unprocessable(
            "too_many_groups",
            format!(
                "{} groups: a prepared encounter holds up to {MAX_GROUPS} (each with a count)",
                p.groups.len()
            ),
        ));
    }
    let grid = matches!(setup.as_ref().map(|s| &s.field), Some(Field::Map { .. }));
    for (n, g) in p.groups.iter_mut().enumerate() {
        npc_of(state, settings, campaign, n, g).await?;
        check_count(g.count).map_err(|e| {
            AppError::new(
                e.status(),
                e.code(),
                format!("group {}: {}", n + 1, e.message()),
            )
        })?;
        g.side = g.side.trim().to_string();
        if g.side.is_empty() {
            return Err(AppError::unprocessable(
                "invalid_side",
                format!("group {}: name its side (\"raiders\")", n + 1),
            ));
        }
        match settings.ruleset {
            Ruleset::D20 if grid && !matches!(g.place, Some(Place::Square(_))) => {
                return Err(AppError::unprocessable(
                    "place_needed",
                    format!(
                        "group {}: the encounter is on a grid: give the first one's square, `\"place\": {{\"square\": {{\"x\": 2, \"y\": 3}}}}`",
                        n + 1
                    ),
                ));
            }
            Ruleset::CompoundX if g.place.is_some() => {
                return Err(AppError::unprocessable(
                    "not_this_ruleset",
                    format!(
                        "group {}: `place` is for D20 encounters; Compound X keeps cover, stance and distances",
                        n + 1
                    ),
                ));
            }
            _ => {}
        }
    }
    Ok(p)
}

/// `GET /api/campaigns/{campaign}/prepared` (GM).
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/prepared",
    summary = "The encounters prepared in advance",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the prepared encounters", body = PreparedList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<PreparedList>, AppError> {
    caller.gm_of(&campaign)?;
    Ok(Json(PreparedList {
        prepared: all(&state, &campaign).await?,
    }))
}

/// `POST /api/campaigns/{campaign}/prepared` (GM): prepares an encounter.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/prepared",
    summary = "Prepare an encounter: its name, its NPCs (library NPCs or files, each group with a count) and settings",
    description = "Who: GM. Checked whole (every NPC file, every library NPC there) before it is kept.",
    params(("campaign" = String, Path, description = "the campaign id")),
    request_body = Preparation,
    responses(
        (status = 201, description = "the prepared encounter", body = Prepared),
        (status = 422, description = "what is wrong, with the group at fault", body = ErrorBody)
    )
)]
pub(crate) async fn create(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Strict<Preparation>,
) -> Result<(StatusCode, Json<Prepared>), AppError> {
    caller.gm_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    let preparation = check(&state, &settings, &campaign, body.value).await?;
    let prepared = Prepared {
        id: tokens::id("p-")?,
        preparation,
    };
    keep(&state, &campaign, &prepared).await?;
    Ok((StatusCode::CREATED, Json(prepared)))
}

async fn keep(state: &AppState, campaign: &str, p: &Prepared) -> Result<(), AppError> {
    records::put(state, &collection(campaign), &p.id, p).await
}

/// `GET /api/campaigns/{campaign}/prepared/{prepared}` (GM).
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/prepared/{prepared}",
    summary = "A prepared encounter",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("prepared" = String, Path, description = "its id")),
    responses(
        (status = 200, description = "the prepared encounter", body = Prepared),
        (status = 404, description = "no such prepared encounter", body = ErrorBody)
    )
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, prepared)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<Prepared>, AppError> {
    caller.gm_of(&campaign)?;
    Ok(Json(find(&state, &campaign, &prepared).await?))
}

/// `PUT /api/campaigns/{campaign}/prepared/{prepared}` (GM): edits it.
#[utoipa::path(
    put,
    path = "/campaigns/{campaign}/prepared/{prepared}",
    summary = "Edit a prepared encounter: the whole preparation, checked as when it was made",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("prepared" = String, Path, description = "its id")),
    request_body = Preparation,
    responses(
        (status = 200, description = "the prepared encounter", body = Prepared),
        (status = 404, description = "no such prepared encounter", body = ErrorBody),
        (status = 422, description = "what is wrong, with the group at fault", body = ErrorBody)
    )
)]
pub(crate) async fn replace(
    State(state): State<AppState>,
    Path((campaign, prepared)): Path<(String, String)>,
    caller: Caller,
    body: Strict<Preparation>,
) -> Result<Json<Prepared>, AppError> {
    caller.gm_of(&campaign)?;
    find(&state, &campaign, &prepared).await?;
    let settings = campaigns::get(&state, &campaign).await?;
    let preparation = check(&state, &settings, &campaign, body.value).await?;
    let p = Prepared {
        id: prepared,
        preparation,
    };
    keep(&state, &campaign, &p).await?;
    Ok(Json(p))
}

/// `DELETE /api/campaigns/{campaign}/prepared/{prepared}` (GM).
#[utoipa::path(
    delete,
    path = "/campaigns/{campaign}/prepared/{prepared}",
    summary = "Delete a prepared encounter (encounters started from it go on)",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("prepared" = String, Path, description = "its id")),
    responses(
        (status = 204, description = "deleted"),
        (status = 404, description = "no such prepared encounter", body = ErrorBody)
    )
)]
pub(crate) async fn delete(
    State(state): State<AppState>,
    Path((campaign, prepared)): Path<(String, String)>,
    caller: Caller,
) -> Result<StatusCode, AppError> {
    caller.gm_of(&campaign)?;
    records::delete(&state, &collection(&campaign), &prepared, || {
        AppError::not_found(format!("no prepared encounter {prepared} in this campaign"))
    })
    .await
}

/// A prepared encounter started.
#[derive(Serialize, ToSchema)]
pub(crate) struct Started {
    /// The live encounter's id.
    encounter: String,
    /// Its NPCs, in the order they entered.
    made: Vec<Copy>,
    /// The NPCs handed to the engine.
    engine: Vec<String>,
}

/// `POST /api/campaigns/{campaign}/prepared/{prepared}/start` (GM): opens a
/// live encounter from it.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/prepared/{prepared}/start",
    summary = "Start a prepared encounter: a live encounter opens with its NPCs entered and numbered, its engine groups handed to the engine",
    description = "Who: GM. Checked again first (a library NPC deleted since, the house rules changed): nothing opens if anything is wrong. Each start opens a new encounter.",
    params(("campaign" = String, Path, description = "the campaign id"), ("prepared" = String, Path, description = "its id")),
    request_body = crate::seeds::Nothing,
    responses(
        (status = 201, description = "the live encounter", body = Started),
        (status = 404, description = "no such prepared encounter", body = ErrorBody),
        (status = 422, description = "what is wrong now, with the group at fault", body = ErrorBody)
    )
)]
pub(crate) async fn start(
    State(state): State<AppState>,
    Path((campaign, prepared)): Path<(String, String)>,
    caller: Caller,
    _body: Strict<crate::seeds::Nothing>,
) -> Result<(StatusCode, Json<Started>), AppError> {
    caller.gm_of(&campaign)?;
    let p = find(&state, &campaign, &prepared).await?;
    let settings = campaigns::get(&state, &campaign).await?;
    let preparation = check(&state, &settings, &campaign, p.preparation).await?;
    let mut npcs = Vec::new();
    for (n, g) in preparation.groups.iter().enumerate() {
        npcs.push(npc_of(&state, &settings, &campaign, n, g).await?);
    }
    let d20 = crate::d20::setup(&settings, preparation.field.clone())?;
    let id = tokens::id("e-")?;
    let name = preparation.name.clone();
    state
        .tables()
        .commit(
            &state,
            Change {
                campaign: &campaign,
                by: &caller.invite.id,
                key: None,
                fingerprint: format!("prepared-start:{id}"),
                viewer: crate::view::viewer(&caller),
            },
            |_| Ok(crate::encounters::opened(&id, &name, &d20, None)),
        )
        .await?;
    let mut made = Vec::new();
    let mut hands = engine::Hands::default();
    for (g, npc) in preparation.groups.iter().zip(&npcs) {
        let how = FromLibrary {
            npc: npc.id.clone(),
            count: g.count,
            side: g.side.clone(),
            hidden: g.hidden,
            cover: g.cover,
            stance: g.stance,
            place: g.place,
        };
        let planned = library::plan(&state, &settings, &campaign, &id, npc, &how).await?;
        let asked = Change {
            campaign: &campaign,
            by: &caller.invite.id,
            key: None,
            fingerprint: asked_fingerprint(&id, made.len()),
            viewer: crate::view::viewer(&caller),
        };
        let (entered, _, _) = crate::copies::enter_all(&state, &asked, &id, planned).await?;
        if g.engine {
            hands
                .combatants
                .extend(entered.iter().map(|c| c.id.clone()));
        }
        made.extend(entered);
    }
    let handed: Vec<String> = hands.combatants.iter().cloned().collect();
    if !handed.is_empty() {
        engine::put_hands(&state, &campaign, &id, &hands).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(Started {
            encounter: id,
            made,
            engine: handed,
        }),
    ))
}

fn asked_fingerprint(encounter: &str, n: usize) -> String {
    format!("prepared-start:{encounter}:{n}")
}

/// `POST /api/campaigns/{campaign}/prepared/{prepared}/groups` (GM): adds a
/// group of NPCs to a prepared encounter.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/prepared/{prepared}/groups",
    summary = "Add a group of NPCs (a library NPC or a file, with a count) to a prepared encounter",
    description = "Who: GM. The preparation is checked whole again.",
    params(("campaign" = String, Path, description = "the campaign id"), ("prepared" = String, Path, description = "its id")),
    request_body = Group,
    responses(
        (status = 200, description = "the prepared encounter", body = Prepared),
        (status = 404, description = "no such prepared encounter", body = ErrorBody),
        (status = 422, description = "what is wrong, with the group at fault", body = ErrorBody)
    )
)]
pub(crate) async fn add_group(
    State(state): State<AppState>,
    Path((campaign, prepared)): Path<(String, String)>,
    caller: Caller,
    body: Strict<Group>,
) -> Result<Json<Prepared>, AppError> {
    caller.gm_of(&campaign)?;
    let mut p = find(&state, &campaign, &prepared).await?;
    let settings = campaigns::get(&state, &campaign).await?;
    p.preparation.groups.push(body.value);
    p.preparation = check(&state, &settings, &campaign, p.preparation).await?;
    keep(&state, &campaign, &p).await?;
    Ok(Json(p))
}

/// `DELETE /api/campaigns/{campaign}/prepared/{prepared}/groups/{group}`
/// (GM): takes group number `group` (from 1) out of a prepared encounter.
#[utoipa::path(
    delete,
    path = "/campaigns/{campaign}/prepared/{prepared}/groups/{group}",
    summary = "Take a group of NPCs out of a prepared encounter",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("prepared" = String, Path, description = "its id"), ("group" = usize, Path, description = "the group's number, from 1")),
    responses(
        (status = 200, description = "the prepared encounter", body = Prepared),
        (status = 404, description = "no such prepared encounter or group", body = ErrorBody)
    )
)]
pub(crate) async fn remove_group(
    State(state): State<AppState>,
    Path((campaign, prepared, group)): Path<(String, String, usize)>,
    caller: Caller,
) -> Result<Json<Prepared>, AppError> {
    caller.gm_of(&campaign)?;
    let mut p = find(&state, &campaign, &prepared).await?;
    let groups = p.preparation.groups.len();
    if group == 0 || group > groups {
        return Err(AppError::not_found(format!(
            "no group {group} in {}: its groups are numbered 1 to {groups}",
            p.preparation.name
        )));
    }
    p.preparation.groups.remove(group - 1);
    keep(&state, &campaign, &p).await?;
    Ok(Json(p))
}
