//! The campaign's NPC library: the GM saves an NPC's character file once
//! (checked exactly as an NPC file added to an encounter is, under the
//! campaign's ruleset and house rules) and adds it to any encounter later,
//! one or several with numbered names. Kept as records of the generic store
//! (collection `npc-library:{campaign}`), exported with the campaign.
//!
//! Neither sample pack (Compound X's, D20's) defines creatures, so the
//! library offers the campaign's saved NPCs only.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use nanite_compound_x::combat::{Cover, Stance};
use nanite_core::CombatantId;
use nanite_d20::encounter::{Field, Place, Row};
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::{Asked, Strict};
use crate::campaigns::Campaign;
use crate::copies::{Taken, check_count, enter};
use crate::d20::D20Entrance;
use crate::error::{AppError, ErrorBody};
use crate::facts::{Entrance, Order};
use crate::openapi::IdempotencyKey;
use crate::records;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::{AppState, campaigns, characters};

/// The store collection of `campaign`'s library.
pub(crate) fn collection(campaign: &str) -> String {
    format!("{PREFIX}{campaign}")
}

/// What a library's collection name starts with.
pub(crate) const PREFIX: &str = "npc-library:";

/// An NPC as the library keeps it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub(crate) struct LibraryNpc {
    /// Its id in the library (`raider`): the id its combatants take, or
    /// number from (`raider-1`).
    pub(crate) id: String,
    /// Its name, from its file: the name its combatants take, or number
    /// from ("Depot Raider 2").
    pub(crate) name: String,
    /// The file name it was read as.
    pub(crate) file: String,
    /// The TOML.
    pub(crate) text: String,
}

/// An NPC in the library's list.
#[derive(Serialize, ToSchema)]
pub(crate) struct NpcListed {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
}

/// The library.
#[derive(Serialize, ToSchema)]
pub(crate) struct Library {
    /// The NPCs saved, by id.
    npcs: Vec<NpcListed>,
}

/// Every NPC of `campaign`'s library, by id.
pub(crate) async fn all(state: &AppState, campaign: &str) -> Result<Vec<LibraryNpc>, AppError> {
    records::all(state, &collection(campaign)).await
}

/// The library's NPC `id`, or a 422 saying it is not there.
pub(crate) async fn find(
    state: &AppState,
    campaign: &str,
    id: &str,
) -> Result<LibraryNpc, AppError> {
    records::get(state, &collection(campaign), id)
        .await?
        .ok_or_else(|| {
            AppError::unprocessable(
                "no_such_npc",
                format!(
                    "no NPC '{id}' in the campaign's library; save it first (POST /api/campaigns/{campaign}/npcs), or pick one GET /api/campaigns/{campaign}/npcs lists"
                ),
            )
        })
}

/// `GET /api/campaigns/{campaign}/npcs` (GM): the library.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/npcs",
    summary = "The campaign's NPC library",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the NPCs saved", body = Library))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<Library>, AppError> {
    caller.gm_of(&campaign)?;
    let npcs = all(&state, &campaign)
        .await?
        .into_iter()
        .map(|n| NpcListed {
            id: n.id,
            name: n.name,
        })
        .collect();
    Ok(Json(Library { npcs }))
}

/// What `POST /api/campaigns/{campaign}/npcs` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SaveNpc {
    /// Its id in the library (default: from its name, "Depot Raider" ->
    /// `depot-raider`).
    #[serde(default)]
    id: Option<String>,
    /// The NPC's character file (TOML), checked as an NPC file added to an
    /// encounter is.
    npc: String,
}

/// `POST /api/campaigns/{campaign}/npcs` (GM): saves an NPC to the library.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/npcs",
    summary = "Save an NPC's character file to the campaign's library",
    description = "Who: GM. The file is checked as `nanite cx check` (or `nanite d20 sheet`) checks it, under the campaign's house rules.",
    params(("campaign" = String, Path, description = "the campaign id")),
    request_body = SaveNpc,
    responses(
        (status = 201, description = "the NPC saved", body = NpcListed),
        (status = 409, description = "the id is taken (npc_exists)", body = ErrorBody),
        (status = 422, description = "the file's errors, each with its rule, in error.diagnostics (invalid_character); a bad id (invalid_id)", body = ErrorBody)
    )
)]
pub(crate) async fn save(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Strict<SaveNpc>,
) -> Result<(StatusCode, Json<NpcListed>), AppError> {
    caller.gm_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    let given = body
        .value
        .id
        .as_deref()
        .map(str::trim)
        .filter(|i| !i.is_empty());
    let file = format!("{}.toml", given.unwrap_or("npc"));
    let name = check_file(&state, &settings, &file, &body.value.npc).await?;
    let id = match given {
        Some(id) => id.to_string(),
        None => characters::slug(&name),
    };
    characters::check_id(&id)?;
    if state
        .store()
        .record(&collection(&campaign), &id)
        .await?
        .is_some()
    {
        return Err(AppError::conflict(
            "npc_exists",
            format!(
                "the library already has an NPC '{id}'; give this one another id, or delete that one first"
            ),
        ));
    }
    let npc = LibraryNpc {
        id: id.clone(),
        name: name.clone(),
        file: format!("{id}.toml"),
        text: body.value.npc.clone(),
    };
    records::put(&state, &collection(&campaign), &id, &npc).await?;
    Ok((StatusCode::CREATED, Json(NpcListed { id, name })))
}

/// Checks an NPC file under `settings`' ruleset; gives its name.
pub(crate) async fn check_file(
    state: &AppState,
    settings: &Campaign,
    file: &str,
    text: &str,
) -> Result<String, AppError> {
    // Checked against the campaign's pack in force (`packs`).
    let content = crate::packs::in_force(state, &settings.id).await?;
    match settings.ruleset {
        Ruleset::CompoundX => {
            characters::check(&content.packs.cx, settings.house_rules(), file, text)
                .map(|(c, _)| c.name)
        }
        Ruleset::D20 => {
            crate::d20::characters::check(&content.packs.d20, file, text).map(|(c, _)| c.name)
        }
        Ruleset::Station => Err(campaigns::station_has_no("NPC libraries")),
        Ruleset::Plugged(key) => Err(campaigns::plugged_has_no(key, "NPC libraries")),
    }
}

/// `DELETE /api/campaigns/{campaign}/npcs/{npc}` (GM): takes an NPC out of
/// the library (combatants already added from it stay).
#[utoipa::path(
    delete,
    path = "/campaigns/{campaign}/npcs/{npc}",
    summary = "Take an NPC out of the campaign's library",
    description = "Who: GM. Combatants already added from it stay in their encounters.",
    params(("campaign" = String, Path, description = "the campaign id"), ("npc" = String, Path, description = "the NPC's id in the library")),
    responses(
        (status = 204, description = "deleted"),
        (status = 404, description = "no such NPC", body = ErrorBody)
    )
)]
pub(crate) async fn delete(
    State(state): State<AppState>,
    Path((campaign, npc)): Path<(String, String)>,
    caller: Caller,
) -> Result<StatusCode, AppError> {
    caller.gm_of(&campaign)?;
    records::delete(&state, &collection(&campaign), &npc, || {
        AppError::not_found(format!("no NPC '{npc}' in the campaign's library"))
    })
    .await
}

/// Where and how NPCs from the library enter an encounter.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FromLibrary {
    /// The library NPC's id.
    pub(crate) npc: String,
    /// How many, 1 to 20 (default 1): one takes the NPC's id and name if
    /// they are free; more are numbered (`raider-1`, "Depot Raider 1").
    #[serde(default = "one")]
    pub(crate) count: u32,
    /// Their side (`raiders`).
    pub(crate) side: String,
    /// Hidden from the players.
    #[serde(default)]
    pub(crate) hidden: bool,
    /// Compound X: their cover (none by default).
    #[serde(default)]
    pub(crate) cover: Cover,
    /// Compound X: their stance (standing by default).
    #[serde(default)]
    pub(crate) stance: Stance,
    /// D20: the first one's square or row (the front row by default; a
    /// grid needs a square); the others take the same row, or the free
    /// squares nearest it.
    #[serde(default)]
    pub(crate) place: Option<Place>,
}

fn one() -> u32 {
    1
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/npcs` (GM): NPCs
/// from the library enter an encounter.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/npcs",
    summary = "Add NPCs from the campaign's library: a count of them, numbered when more than one",
    description = "Who: GM. Each is a combatant entrance of its own in the log, as a copy is.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = FromLibrary,
    responses(
        (status = 201, description = "the combatants that entered", body = crate::copies::Copies),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::copies::Copies),
        (status = 422, description = "no such NPC (no_such_npc), a count out of 1..=20 (invalid_count), no side (invalid_side), a grid without a square (place_needed), no room (no_room)", body = ErrorBody)
    )
)]
pub(crate) async fn add(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<FromLibrary>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    let npc = find(&state, &campaign, &body.value.npc).await?;
    let planned = plan(&state, &settings, &campaign, &encounter, &npc, &body.value).await?;
    let asked = body.change(&campaign, &caller)?;
    enter(&state, &asked, &encounter, planned).await
}

/// The entrances of `how.count` of `npc` into `encounter`, with ids and
/// names free there, or why not.
pub(crate) async fn plan(
    state: &AppState,
    settings: &Campaign,
    campaign: &str,
    encounter: &str,
    npc: &LibraryNpc,
    how: &FromLibrary,
) -> Result<Vec<Order>, AppError> {
    check_count(how.count)?;
    let side = how.side.trim().to_string();
    if side.is_empty() {
        return Err(AppError::unprocessable(
            "invalid_side",
            "name the NPCs' side (\"raiders\"); the fight ends when one side is left",
        ));
    }
    // Checked again: the house rules may have changed since it was saved.
    check_file(state, settings, &npc.file, &npc.text).await?;
    let (names, places) = state
        .tables()
        .read(state, campaign, |t| {
            let enc = t.encounter(encounter)?;
            let taken = Taken::of(enc);
            let names = if how.count == 1 && !taken.has(&npc.id, &npc.name) {
                vec![(npc.id.clone(), npc.name.clone())]
            } else {
                taken.numbered(&npc.id, &npc.name, 1, how.count)?
            };
            let places = match &enc.play {
                crate::ruleset::Play::CompoundX(_) => {
                    if how.place.is_some() {
                        return Err(AppError::unprocessable(
                            "not_this_ruleset",
                            "`place` (a square or row) is for D20 encounters; Compound X keeps cover, stance and distances",
                        ));
                    }
                    Vec::new()
                }
                crate::ruleset::Play::Plugged(game) => {
                    return Err(crate::campaigns::plugged_has_no(game.key(), "NPC libraries"));
                }
                crate::ruleset::Play::D20(game) => {
                    let battle = game.state();
                    let first = match (how.place, &battle.field) {
                        (Some(p), _) => p,
                        (None, Field::Rows) => Place::Row(Row::Front),
                        (None, Field::Map { .. }) => {
                            return Err(AppError::unprocessable(
                                "place_needed",
                                "this encounter is on a grid: give the first one's square, `\"place\": {\"square\": {\"x\": 2, \"y\": 3}}`; the others take the free squares nearest it",
                            ));
                        }
                    };
                    crate::copies::places_near(battle, first, names.len())?
                }
            };
            Ok::<_, AppError>((names, places))
        })
        .await??;
    Ok(match settings.ruleset {
        Ruleset::D20 => names
            .into_iter()
            .zip(places)
            .map(|((id, name), place)| {
                Order::D20Add(D20Entrance {
                    id: CombatantId::from(id),
                    side: side.clone(),
                    hidden: how.hidden,
                    place,
                    name: Some(name),
                    character: None,
                    owner: None,
                    file: npc.file.clone(),
                    text: npc.text.clone(),
                    carried: None,
                })
            })
            .collect(),
        _ => names
            .into_iter()
            .map(|(id, name)| {
                Order::Add(Entrance {
                    id: CombatantId::from(id),
                    side: side.clone(),
                    hidden: how.hidden,
                    cover: how.cover,
                    stance: how.stance,
                    name: Some(name),
                    character: None,
                    owner: None,
                    file: npc.file.clone(),
                    text: npc.text.clone(),
                    house_rules: settings.house_rules.clone(),
                    carried: None,
                })
            })
            .collect(),
    })
}
