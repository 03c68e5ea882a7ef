//! Levelling in a campaign needs the GM's award: a player's character goes
//! up a level only when the GM has awarded it. The GM awards levels to a
//! character (`POST .../characters/{character}/level-award`); a player's
//! replacement file (the sheet's Level up, or an uploaded file) that raises
//! the level spends that many awarded levels and is refused without them.
//! The GM may level any character without an award. A character's first
//! upload is not a level-up: the GM sees it arrive and judges it.
//!
//! Experience: when campaign characters carry XP, the levels their XP
//! reaches above the current level count as awarded too; [`allowed`] is the
//! one place that answers "how many levels may this character gain now",
//! so XP joins the GM's awards there and the gate stays as it is.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::body::Strict;
use crate::error::{AppError, ErrorBody};
use crate::permissions::Role;
use crate::records;
use crate::sessions::Caller;
use crate::{campaigns, characters};

/// The most levels one award gives (a character goes from 0 or 1 to 20).
pub(crate) const MAX_AWARD: i64 = 20;

fn collection(campaign: &str) -> String {
    format!("level-awards:{campaign}")
}

/// The levels the GM has awarded a character and it has not yet taken.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Award {
    /// Levels awarded, not yet taken.
    pub(crate) levels: i64,
}

/// The award of character `id` (none: 0 levels).
pub(crate) async fn award(state: &AppState, campaign: &str, id: &str) -> Result<Award, AppError> {
    Ok(records::get(state, &collection(campaign), id)
        .await?
        .unwrap_or_default())
}

async fn store(state: &AppState, campaign: &str, id: &str, award: Award) -> Result<(), AppError> {
    records::put(state, &collection(campaign), id, &award).await
}

/// How many levels character `id` may gain now: the GM's award (the seam
/// where experience joins it).
pub(crate) async fn allowed(state: &AppState, campaign: &str, id: &str) -> Result<i64, AppError> {
    Ok(award(state, campaign, id).await?.levels)
}

/// Whether `caller` may take character `id` from level `from` to `to`: a
/// level-up by a player needs the GM's award (the GM needs none). Refused
/// with `level_not_awarded` (403) and what to do.
pub(crate) async fn gate(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    id: &str,
    from: i64,
    to: i64,
) -> Result<(), AppError> {
    let gained = to - from;
    if gained <= 0 || caller.role() == Role::Gm {
        return Ok(());
    }
    let allowed = allowed(state, campaign, id).await?;
    if gained > allowed {
        return Err(AppError::forbidden(
            "level_not_awarded",
            format!(
                "levelling up needs the GM's award: going from level {from} to {to} takes {gained} level{}, and the GM has awarded {allowed}; ask the GM to award the level (POST /api/campaigns/{campaign}/characters/{id}/level-award)",
                if gained == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(())
}

/// Spends `gained` awarded levels of character `id` after `caller` saved
/// the level-up (the GM's own level-ups spend none).
pub(crate) async fn spend(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    id: &str,
    gained: i64,
) -> Result<(), AppError> {
    if gained <= 0 || caller.role() == Role::Gm {
        return Ok(());
    }
    let mut award = award(state, campaign, id).await?;
    award.levels = (award.levels - gained).max(0);
    store(state, campaign, id, award).await
}

/// What `POST .../level-award` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AwardRequest {
    /// Levels to award, 1 to 20 (added to any not yet taken); a negative
    /// number takes back that many, down to 0.
    levels: i64,
}

/// A character's award after the GM's change.
#[derive(Serialize, ToSchema)]
pub(crate) struct Awarded {
    /// The character.
    character: AwardedCharacter,
    /// Levels awarded and not yet taken.
    levels: i64,
}

/// The character an award is for.
#[derive(Serialize, ToSchema)]
pub(crate) struct AwardedCharacter {
    /// Its id.
    id: String,
    /// Its name.
    name: String,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/level-award`
/// (GM): awards levels the character's player may then take.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/level-award",
    summary = "Award a character levels its player may take (or take them back with a negative number)",
    description = "Who: GM. A player's file that raises its character's level is refused (403 level_not_awarded) beyond the levels awarded; saving it spends them.",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("character" = String, Path, description = "the character id")
    ),
    request_body = AwardRequest,
    responses(
        (status = 200, description = "the levels awarded and not yet taken", body = Awarded),
        (status = 404, description = "no such character", body = ErrorBody),
        (status = 422, description = "levels 0 or beyond ±20 (invalid_levels)", body = ErrorBody)
    )
)]
pub(crate) async fn award_levels(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
    body: Strict<AwardRequest>,
) -> Result<Json<Awarded>, AppError> {
    caller.gm_of(&campaign)?;
    let levels = body.value.levels;
    if levels == 0 || !(-MAX_AWARD..=MAX_AWARD).contains(&levels) {
        return Err(AppError::unprocessable(
            "invalid_levels",
            format!(
                "{levels} levels: award 1 to {MAX_AWARD}, or take back up to {MAX_AWARD} with a negative number"
            ),
        ));
    }
    campaigns::get(&state, &campaign).await?;
    let Some(stored) = characters::find(&state, &campaign, &id).await? else {
        return Err(AppError::not_found(format!(
            "no character '{id}' in this campaign"
        )));
    };
    let mut award = award(&state, &campaign, &id).await?;
    award.levels = (award.levels + levels).clamp(0, MAX_AWARD);
    store(&state, &campaign, &id, award).await?;
    Ok(Json(Awarded {
        character: AwardedCharacter {
            id,
            name: stored.name,
        },
        levels: award.levels,
    }))
}
