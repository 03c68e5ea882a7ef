//! The content-pack endpoints: upload a version, list and read them, see
//! what a version would break, and switch the campaign to it.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use nanite_core::Diagnostics;
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::check::{Broken, Impact, impact};
use super::upload::{PackUpload, files};
use super::{MAX_VERSIONS, StoredPack, collection, digest, load, record_id, register, versions};
use crate::AppState;
use crate::body::{Asked, Raw, Strict};
use crate::campaigns;
use crate::error::{AppError, ErrorBody};
use crate::facts::Fact;
use crate::pack::{Packs, Uploaded};
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::table::ItemBody;
use crate::tables::Change;
use crate::view;

/// The campaign switched its content pack: what the stream keeps, and
/// what its log shows.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = PackSwitchedEntry)]
pub(crate) struct Switched {
    /// The version switched to (0: the built-in sample pack).
    pub(crate) version: u32,
    /// Its digest (none: the built-in sample pack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) digest: Option<String>,
    /// The pack's name.
    pub(crate) name: String,
    /// The files it broke that the GM switched over anyway
    /// (`character vex (vex.toml)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) broke: Vec<String>,
}

/// A version of the campaign's pack, without its files.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct PackListed {
    /// Its number (0: the built-in sample pack).
    pub(crate) version: u32,
    /// The manifest's id.
    pub(crate) pack_id: String,
    /// The manifest's name.
    pub(crate) name: String,
    /// The manifest's own version.
    pub(crate) pack_version: String,
    /// The SHA-256 of its files (none: the built-in sample).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) digest: Option<String>,
    /// Its files' paths.
    pub(crate) files: Vec<String>,
    /// Seconds since the epoch it was uploaded (0: built in).
    pub(crate) uploaded: u64,
    /// The campaign plays it now.
    pub(crate) in_force: bool,
}

impl PackListed {
    fn of(stored: &StoredPack, in_force: u32) -> Self {
        PackListed {
            version: stored.version,
            pack_id: stored.pack_id.clone(),
            name: stored.name.clone(),
            pack_version: stored.pack_version.clone(),
            digest: Some(stored.digest.clone()),
            files: stored.files.keys().cloned().collect(),
            uploaded: stored.uploaded,
            in_force: stored.version == in_force,
        }
    }

    fn sample(ruleset: Ruleset, packs: &Packs, in_force: u32) -> Self {
        let (id, name, version) = match ruleset {
            Ruleset::D20 => (
                packs.d20.info.id.clone(),
                packs.d20.info.name.clone(),
                packs.d20.info.version.clone(),
            ),
            Ruleset::Station => (
                "station-sample".to_string(),
                "Station sample pack".to_string(),
                "1".to_string(),
            ),
            Ruleset::Plugged(key) => (
                format!("{key}-none"),
                "no content pack".to_string(),
                "0".to_string(),
            ),
            Ruleset::CompoundX => (
                packs.cx.info.id.clone(),
                packs.cx.info.name.clone(),
                packs.cx.info.version.clone(),
            ),
        };
        PackListed {
            version: 0,
            pack_id: id,
            name,
            pack_version: version,
            digest: None,
            files: Vec::new(),
            uploaded: 0,
            in_force: in_force == 0,
        }
    }
}

/// The answer of `GET /api/campaigns/{campaign}/packs`.
#[derive(Serialize, ToSchema)]
pub(crate) struct PackList {
    /// The version the campaign plays now (0: the built-in sample pack).
    pub(crate) in_force: u32,
    /// The built-in sample pack (version 0), then every uploaded version,
    /// oldest first.
    pub(crate) versions: Vec<PackListed>,
}

/// The versions of `campaign`'s pack and the one in force.
pub(crate) async fn list_of(state: &AppState, campaign: &str) -> Result<PackList, AppError> {
    let settings = campaigns::get(state, campaign).await?;
    let now = super::in_force(state, campaign).await?.version;
    let mut out = vec![PackListed::sample(settings.ruleset, state.packs(), now)];
    out.extend(
        versions(state, campaign)
            .await?
            .iter()
            .map(|s| PackListed::of(s, now)),
    );
    Ok(PackList {
        in_force: now,
        versions: out,
    })
}

/// `GET /api/campaigns/{campaign}/packs`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/packs",
    summary = "The campaign's content pack versions and the one in force",
    description = "Who: any participant. Version 0 is the ruleset's built-in sample pack, which a new campaign plays.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the versions", body = PackList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<PackList>, AppError> {
    caller.member_of(&campaign)?;
    Ok(Json(list_of(&state, &campaign).await?))
}

/// The answer of an upload: the new version, its warnings, and what
/// switching to it would break.
#[derive(Serialize, ToSchema)]
pub(crate) struct PackUploaded {
    /// The version.
    pub(crate) pack: PackListed,
    /// The loader's warnings (an upload with errors is refused whole).
    #[schema(value_type = Vec<nanite_core::Diagnostic>)]
    pub(crate) diagnostics: Diagnostics,
    /// What switching the campaign to it would break.
    pub(crate) impact: Impact,
}

/// How many times an upload looks for the next free version number when
/// other servers take it first.
const NUMBERING_TRIES: usize = 16;

/// Checks and keeps `files` as a new version of `campaign`'s pack.
pub(crate) async fn upload_files(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    files: BTreeMap<String, String>,
) -> Result<(StatusCode, PackUploaded), AppError> {
    let settings = campaigns::get(state, campaign).await?;
    let (pack, found) = load(settings.ruleset, &files)?;
    if found.has_errors() {
        let command = match settings.ruleset {
            Ruleset::D20 => "d20",
            Ruleset::Station => "station",
            Ruleset::CompoundX => "cx",
            Ruleset::Plugged(key) => key,
        };
        return Err(crate::diagnosed::refused(
            "invalid_pack",
            &found,
            |count, first| {
                format!(
                    "the pack has {count} (the checks of `nanite {command} --pack`), nothing was kept; the first: {first}"
                )
            },
        ));
    }
    let (pack_id, name, pack_version) = match &pack {
        Uploaded::CompoundX(p) => (
            p.info.id.clone(),
            p.info.name.clone(),
            p.info.version.clone(),
        ),
        Uploaded::D20(p) => (
            p.info.id.clone(),
            p.info.name.clone(),
            p.info.version.clone(),
        ),
        Uploaded::Station(_) => {
            let name = super::station::name(&files);
            (name.clone(), name, "1".to_string())
        }
    };
    let digest = digest(settings.ruleset, &files);
    let now = super::in_force(state, campaign).await?.version;
    // Servers sharing a database number versions without a lock: each
    // takes the next number it sees free, and the store creates a version
    // record only once (its unique key), so a server that lost the number
    // to another reads the versions again and takes the next.
    let mut numbered = None;
    for _ in 0..NUMBERING_TRIES {
        let held = versions(state, campaign).await?;
        if let Some(same) = held.iter().find(|p| p.digest == digest) {
            // The same files again: the version that holds them.
            numbered = Some((StatusCode::OK, same.clone()));
            break;
        }
        let next = held.last().map_or(1, |p| p.version + 1);
        if next > MAX_VERSIONS {
            return Err(AppError::conflict(
                "too_many_pack_versions",
                format!(
                    "this campaign keeps {MAX_VERSIONS} pack versions already; export it and start a new campaign for more"
                ),
            ));
        }
        let stored = StoredPack {
            version: next,
            digest: digest.clone(),
            ruleset: settings.ruleset,
            pack_id: pack_id.clone(),
            name: name.clone(),
            pack_version: pack_version.clone(),
            files: files.clone(),
            by: caller.invite.id.clone(),
            uploaded: state.config().clock.now_ms() / 1000,
        };
        let data = serde_json::to_value(&stored).map_err(AppError::internal)?;
        if state
            .store()
            .create_record(&collection(campaign), &record_id(next), &data)
            .await?
        {
            numbered = Some((StatusCode::CREATED, stored));
            break;
        }
    }
    let (status, stored) = numbered.ok_or_else(|| {
        AppError::conflict(
            "busy",
            "other uploads of this campaign's pack kept taking the next version number; send it again",
        )
    })?;
    state.packs().register(&digest, pack);
    let packs = state
        .packs()
        .in_force(Some(&digest))
        .map_err(AppError::internal)?;
    let impact = impact(state, &settings, &packs).await?;
    Ok((
        status,
        PackUploaded {
            pack: PackListed::of(&stored, now),
            diagnostics: found,
            impact,
        },
    ))
}

/// `POST /api/campaigns/{campaign}/packs` (GM).
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/packs",
    summary = "Upload a new version of the campaign's content pack",
    description = "Who: GM. `files` maps each file of the pack directory (`pack.toml`, `weapons.toml`...) to its text; the pack is loaded exactly as `nanite cx --pack DIR` (or `nanite d20 --pack DIR`) loads the directory, and refused whole with every problem (file, line, field, rule, fix) if it has errors. At most 64 files of 512 KiB, the whole body 1 MB; paths are plain relative `.toml` paths at most one folder deep. The campaign keeps playing its pack in force until the GM switches (`POST .../packs/{version}/switch`); the answer says what switching would break. The same files again answer 200 with the version that holds them. A Station campaign's version is the pack directory's `.toml` files (read as `nanite station --pack DIR` reads them) and its scenario files (`.txt`, each checked as `nanite station --pack DIR check FILE`); the campaign's new games start from the version in force.",
    params(("campaign" = String, Path, description = "the campaign id")),
    request_body = PackUpload,
    responses(
        (status = 201, description = "the new version, its warnings and what switching to it would break", body = PackUploaded),
        (status = 200, description = "the same files as an existing version: that version", body = PackUploaded),
        (status = 422, description = "the pack has errors (invalid_pack, with every diagnostic), or the upload is malformed (invalid_pack_upload: too many files, a file too big, an unsafe path)", body = ErrorBody),
        (status = 409, description = "50 versions kept already (too_many_pack_versions), or other servers' uploads kept taking the next number (busy: send it again)", body = ErrorBody),
        (status = 413, description = "the body is over 1 MB", body = ErrorBody)
    )
)]
pub(crate) async fn upload(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Strict<PackUpload>,
) -> Result<(StatusCode, Json<PackUploaded>), AppError> {
    caller.gm_of(&campaign)?;
    let station = campaigns::get(&state, &campaign).await?.ruleset == Ruleset::Station;
    let files = files(body.value, station)?;
    let (status, uploaded) = upload_files(&state, &campaign, &caller, files).await?;
    Ok((status, Json(uploaded)))
}

/// A version with its files.
#[derive(Serialize, ToSchema)]
pub(crate) struct PackShown {
    /// The version.
    #[serde(flatten)]
    pub(crate) pack: PackListed,
    /// Every file's text by path.
    pub(crate) texts: BTreeMap<String, String>,
}

/// `GET /api/campaigns/{campaign}/packs/{version}`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/packs/{version}",
    summary = "A version of the campaign's content pack with its files",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id"), ("version" = u32, Path, description = "the version, from 1")),
    responses((status = 200, description = "the version and its files", body = PackShown), (status = 404, description = "no such version", body = ErrorBody))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, version)): Path<(String, u32)>,
    caller: Caller,
) -> Result<Json<PackShown>, AppError> {
    caller.member_of(&campaign)?;
    let stored = super::version(&state, &campaign, version).await?;
    let now = super::in_force(&state, &campaign).await?.version;
    Ok(Json(PackShown {
        pack: PackListed::of(&stored, now),
        texts: stored.files,
    }))
}

/// The packs with version `version` of `campaign`'s in force (0: the
/// samples).
async fn packs_of(
    state: &AppState,
    campaign: &str,
    version: u32,
) -> Result<(Packs, Option<StoredPack>), AppError> {
    if version == 0 {
        return Ok((state.packs().clone(), None));
    }
    let stored = super::version(state, campaign, version).await?;
    register(state.packs(), &stored).map_err(AppError::internal)?;
    let packs = state
        .packs()
        .in_force(Some(&stored.digest))
        .map_err(AppError::internal)?;
    Ok((packs, Some(stored)))
}

/// The impact of switching `campaign` to `version`.
pub(crate) async fn impact_of(
    state: &AppState,
    campaign: &str,
    version: u32,
) -> Result<Impact, AppError> {
    let settings = campaigns::get(state, campaign).await?;
    let (packs, _) = packs_of(state, campaign, version).await?;
    impact(state, &settings, &packs).await
}

/// `GET /api/campaigns/{campaign}/packs/{version}/impact` (GM).
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/packs/{version}/impact",
    summary = "Every character and NPC file switching to this version would break",
    description = "Who: GM. Each campaign character and each NPC file that entered an encounter is checked against the version as an upload is, with the campaign's house rules; version 0 is the built-in sample pack.",
    params(("campaign" = String, Path, description = "the campaign id"), ("version" = u32, Path, description = "the version (0: the built-in sample)")),
    responses((status = 200, description = "what it would break", body = Impact), (status = 404, description = "no such version", body = ErrorBody))
)]
pub(crate) async fn preview(
    State(state): State<AppState>,
    Path((campaign, version)): Path<(String, u32)>,
    caller: Caller,
) -> Result<Json<Impact>, AppError> {
    caller.gm_of(&campaign)?;
    Ok(Json(impact_of(&state, &campaign, version).await?))
}

/// What `POST .../packs/{version}/switch` takes.
#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct SwitchRequest {
    /// Switch even though the version breaks files (they are listed in the
    /// log; each must be fixed before it enters an encounter again).
    #[serde(default)]
    pub(crate) confirm: bool,
}

/// Switches `campaign` to `version`, re-checking every file first.
pub(crate) async fn switch_to(
    state: &AppState,
    change: Change<'_>,
    version: u32,
    confirm: bool,
) -> Result<crate::tables::Committed, AppError> {
    let campaign = change.campaign.to_string();
    let settings = campaigns::get(state, &campaign).await?;
    let (packs, stored) = packs_of(state, &campaign, version).await?;
    let found = impact(state, &settings, &packs).await?;
    let names: Vec<String> = found.broken.iter().map(Broken::label).collect();
    if !found.broken.is_empty() && !confirm {
        let which = if version == 0 {
            "the built-in sample pack".to_string()
        } else {
            format!("version {version}")
        };
        return Err(AppError::conflict(
            "pack_breaks_files",
            format!(
                "{which} would break {} file{}: {}; fix them first, or switch with \"confirm\": true",
                names.len(),
                if names.len() == 1 { "" } else { "s" },
                names.join(", ")
            ),
        )
        .with("broken", json!(found.broken)));
    }
    let name = match &stored {
        Some(s) => s.name.clone(),
        None => PackListed::sample(settings.ruleset, &packs, 0).name,
    };
    let switched = Switched {
        version,
        digest: stored.map(|s| s.digest),
        name,
        broke: names,
    };
    state
        .tables()
        .commit(state, change, |table| {
            if table.pack_in_force().0 == version {
                return Err(AppError::conflict(
                    "pack_in_force",
                    format!("the campaign plays pack version {version} already"),
                ));
            }
            Ok((
                Fact::PackSwitched(switched.clone()),
                ItemBody::PackSwitched(switched.clone()),
            ))
        })
        .await
}

/// `POST /api/campaigns/{campaign}/packs/{version}/switch` (GM).
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/packs/{version}/switch",
    summary = "Switch the campaign to a version of its content pack",
    description = "Who: GM. Every campaign character and NPC file (in a Station campaign: the scenario of every game) is checked again against the version; if any breaks, the switch is refused (409 pack_breaks_files, with `broken`) unless the body says `\"confirm\": true`. Combatants entering from then on, characters uploaded and sheets are checked against it; combatants already in an encounter stay as they entered. Version 0 goes back to the built-in sample pack. The switch is an entry of the campaign's log and stream, so exports and `nanite verify` replay it.",
    params(("campaign" = String, Path, description = "the campaign id"), ("version" = u32, Path, description = "the version (0: the built-in sample)"), crate::openapi::IdempotencyKey),
    request_body = SwitchRequest,
    responses(
        (status = 201, description = "the pack_switched entry", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 409, description = "files would break (pack_breaks_files, with `broken`), or the version is in force already (pack_in_force)", body = ErrorBody),
        (status = 404, description = "no such version", body = ErrorBody)
    )
)]
pub(crate) async fn switch(
    State(state): State<AppState>,
    Path((campaign, version)): Path<(String, u32)>,
    caller: Caller,
    body: Asked<SwitchRequest>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = body.change(&campaign, &caller)?;
    let committed = switch_to(&state, change, version, body.value.confirm).await?;
    Ok(view::created(committed))
}

/// A content pack's directory as one `.zip` or `.tar.gz` archive (its
/// bytes; told apart by their first bytes).
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "the body is read as bytes (`crate::body::Raw`); this names its schema"
)]
pub(crate) struct PackArchive(String);

/// `POST /api/campaigns/{campaign}/packs/archive` (GM): the pack's
/// directory as a `.zip` or a `.tar.gz`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/packs/archive",
    summary = "Upload a new version of the campaign's content pack as a .zip or .tar.gz",
    description = "Who: GM. The body is the pack directory archived (`zip -r pack.zip mypack`, `tar czf pack.tar.gz mypack`), told apart by its first bytes (any Content-Type). It is unpacked in memory, bounded: the body at most 1 MB, at most 256 entries, at most 4 MiB unpacked (counted as read, so a zip bomb stops there); absolute paths, `..`, links, devices and encrypted entries are refused (422 invalid_pack_archive). The files then go through exactly the checks of the JSON upload (`POST .../packs`: at most 64 `.toml` files of 512 KiB, one folder deep) and the same loader, refused whole with every problem; the answers are the same.",
    params(("campaign" = String, Path, description = "the campaign id")),
    request_body(content = PackArchive, content_type = "application/zip", description = "the archive: .zip or .tar.gz"),
    responses(
        (status = 201, description = "the new version, its warnings and what switching to it would break", body = PackUploaded),
        (status = 200, description = "the same files as an existing version: that version", body = PackUploaded),
        (status = 422, description = "a hostile or unreadable archive (invalid_pack_archive), a malformed pack upload (invalid_pack_upload), or a pack with errors (invalid_pack, with every diagnostic)", body = ErrorBody),
        (status = 409, description = "50 versions kept already (too_many_pack_versions)", body = ErrorBody),
        (status = 413, description = "the body is over 1 MB", body = ErrorBody)
    )
)]
pub(crate) async fn upload_archive(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Raw,
) -> Result<(StatusCode, Json<PackUploaded>), AppError> {
    caller.gm_of(&campaign)?;
    let station = campaigns::get(&state, &campaign).await?.ruleset == Ruleset::Station;
    let files = files(
        PackUpload {
            files: super::archive::unpack(&body.0)?,
        },
        station,
    )?;
    let (status, uploaded) = upload_files(&state, &campaign, &caller, files).await?;
    Ok((status, Json(uploaded)))
}
