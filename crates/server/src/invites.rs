//! Invitations: the GM's link, player links (for a character slot or free)
//! and spectator links. A link carries a random token; the store keeps only
//! its hash. Each invitation is one seat at the table: whoever joins with it
//! acts as it, and revoking it ends every session opened through it.
//!
//! Since only hashes are kept, a link cannot be shown again; the GM makes a
//! new link for the same seat instead (`POST .../invites/{invite}/link`):
//! the seat keeps its id, role, slot, label and the characters it owns, the
//! old link opens nothing from then on, and sessions already open through
//! it go on (revoking is how to shut someone out).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::AppState;
use crate::body::Strict;
use crate::error::{AppError, ErrorBody};
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::{live, tokens};

/// Where token hashes point.
const TOKENS: &str = "invite-tokens";

/// One invitation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Invite {
    /// Its id: the participant's id at the table.
    pub(crate) id: String,
    /// Its campaign.
    pub(crate) campaign: String,
    /// GM, player or spectator.
    pub(crate) role: Role,
    /// For a player: the character id this seat plays, if tied to one.
    pub(crate) slot: Option<String>,
    /// Who it is for ("Alice", "startup link").
    pub(crate) label: String,
    /// Revoked by the GM: no joining, and its sessions end.
    pub(crate) revoked: bool,
    /// Retired (an old startup link): no new joining; sessions go on.
    #[serde(default)]
    pub(crate) retired: bool,
    /// Which of the seat's links is the live one: each new link counts one
    /// up, and a token of an older one opens nothing.
    #[serde(default)]
    pub(crate) link: u32,
}

impl Invite {
    /// What the GM's list shows: never the token.
    pub(crate) fn public(&self) -> InviteShown {
        InviteShown {
            id: self.id.clone(),
            role: self.role,
            slot: self.slot.clone(),
            label: self.label.clone(),
            revoked: self.revoked,
            retired: self.retired,
        }
    }
}

/// An invitation as the API shows it: never its token.
#[derive(Serialize, ToSchema)]
pub(crate) struct InviteShown {
    /// Its id: the participant's id at the table.
    id: String,
    /// GM, player or spectator.
    role: Role,
    /// For a player: the character id this seat plays, if tied to one.
    slot: Option<String>,
    /// Who it is for.
    label: String,
    /// Revoked by the GM: no joining, and its sessions end.
    revoked: bool,
    /// Retired (an old startup link): no new joining; sessions go on.
    retired: bool,
}

/// A new invitation (or a new link for one) with its token and link. Only
/// the token's hash is kept: to give it again, make a new link.
#[derive(Serialize, ToSchema)]
pub(crate) struct InviteCreated {
    /// The invitation.
    invite: InviteShown,
    /// Its token.
    token: String,
    /// `/join/TOKEN`: the link to send.
    link: String,
}

/// Every invitation of a campaign.
#[derive(Serialize, ToSchema)]
pub(crate) struct InviteList {
    /// The invitations, never their tokens.
    invites: Vec<InviteShown>,
}

/// An invitation just revoked.
#[derive(Serialize, ToSchema)]
pub(crate) struct InviteRevoked {
    /// The invitation, now revoked.
    invite: InviteShown,
}

#[derive(Serialize, Deserialize)]
struct TokenEntry {
    campaign: String,
    invite: String,
    /// The invitation's `link` this token was made for (0 before links
    /// could be made again).
    #[serde(default)]
    link: u32,
}

fn collection(campaign: &str) -> String {
    format!("invites:{campaign}")
}

/// Creates an invitation and returns it with its token (shown once).
pub(crate) async fn mint(
    state: &AppState,
    campaign: &str,
    role: Role,
    slot: Option<String>,
    label: &str,
) -> Result<(Invite, String), AppError> {
    let invite = Invite {
        id: tokens::id("i-")?,
        campaign: campaign.to_string(),
        role,
        slot,
        label: label.to_string(),
        revoked: false,
        retired: false,
        link: 0,
    };
    save(state, &invite).await?;
    let token = new_token(state, &invite).await?;
    Ok((invite, token))
}

/// A fresh token for `invite`'s current link.
async fn new_token(state: &AppState, invite: &Invite) -> Result<String, AppError> {
    let token = tokens::secret()?;
    let entry = TokenEntry {
        campaign: invite.campaign.clone(),
        invite: invite.id.clone(),
        link: invite.link,
    };
    state
        .credentials()
        .put(state, TOKENS, &tokens::hash(&token), to_json(&entry)?)
        .await?;
    Ok(token)
}

/// The invitation `id` of `campaign`.
pub(crate) async fn find(
    state: &AppState,
    campaign: &str,
    id: &str,
) -> Result<Option<Invite>, AppError> {
    match state
        .credentials()
        .record(state, &collection(campaign), id)
        .await?
    {
        Some(data) => Ok(Some(from_json(data)?)),
        None => Ok(None),
    }
}

/// The invitation a token opens, if the token is one of ours; a token of a
/// link the GM has since replaced is refused as `link_replaced`.
pub(crate) async fn by_token(state: &AppState, token: &str) -> Result<Option<Invite>, AppError> {
    if !tokens::well_formed(token) {
        return Ok(None);
    }
    let Some(entry) = state
        .credentials()
        .record(state, TOKENS, &tokens::hash(token))
        .await?
    else {
        return Ok(None);
    };
    let entry: TokenEntry = from_json(entry)?;
    let invite = find(state, &entry.campaign, &entry.invite).await?;
    if let Some(invite) = &invite {
        if invite.link != entry.link && !invite.revoked {
            return Err(AppError::new(
                StatusCode::UNAUTHORIZED,
                "link_replaced",
                format!(
                    "this link of {} was replaced by a newer one; ask the GM for the new link",
                    invite.label
                ),
            ));
        }
    }
    Ok(invite)
}

/// Saves a changed invitation.
pub(crate) async fn save(state: &AppState, invite: &Invite) -> Result<(), AppError> {
    state
        .credentials()
        .put(
            state,
            &collection(&invite.campaign),
            &invite.id,
            to_json(invite)?,
        )
        .await
}

/// Every invitation of a campaign.
pub(crate) async fn all(state: &AppState, campaign: &str) -> Result<Vec<Invite>, AppError> {
    state
        .store()
        .records(&collection(campaign))
        .await?
        .into_iter()
        .map(|r| from_json(r.data))
        .collect()
}

/// What `POST /api/campaigns/{campaign}/invites` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewInvite {
    /// `gm`, `player` or `spectator`.
    role: Role,
    /// A player's character id.
    #[serde(default)]
    slot: Option<String>,
    /// Who it is for (up to 100 characters).
    #[serde(default)]
    label: Option<String>,
}

/// `POST /api/campaigns/{campaign}/invites` (GM): a new link.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/invites",
    summary = "A new invitation link",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id")),
    request_body = NewInvite,
    responses((status = 201, description = "the invitation, its token and /join/TOKEN link (only its hash is kept: to give it again, make a new link for the seat)", body = InviteCreated))
)]
pub(crate) async fn create(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Strict<NewInvite>,
) -> Result<(StatusCode, Json<InviteCreated>), AppError> {
    caller.gm_of(&campaign)?;
    let NewInvite { role, slot, label } = body.value;
    if let Some(slot) = &slot {
        if role != Role::Player {
            return Err(AppError::unprocessable(
                "slot_for_player_only",
                "only a player invitation can be tied to a character slot; drop `slot` or use role \"player\"",
            ));
        }
        crate::characters::check_id(slot)?;
    }
    let label = label.unwrap_or_else(|| match role {
        Role::Gm => "GM".into(),
        Role::Player => slot.clone().unwrap_or_else(|| "player".into()),
        Role::Spectator => "spectator".into(),
    });
    if label.chars().count() > 100 {
        return Err(AppError::unprocessable(
            "label_too_long",
            "a label is at most 100 characters",
        ));
    }
    let (invite, token) = mint(&state, &campaign, role, slot, &label).await?;
    Ok((
        StatusCode::CREATED,
        Json(InviteCreated {
            invite: invite.public(),
            link: format!("/join/{token}"),
            token,
        }),
    ))
}

/// `GET /api/campaigns/{campaign}/invites` (GM): every link, without tokens.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/invites",
    summary = "Every invitation (never tokens)",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the invitations", body = InviteList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<InviteList>, AppError> {
    caller.gm_of(&campaign)?;
    let invites = all(&state, &campaign)
        .await?
        .iter()
        .map(Invite::public)
        .collect();
    Ok(Json(InviteList { invites }))
}

/// `DELETE /api/campaigns/{campaign}/invites/{invite}` (GM): revokes a link
/// and ends its sessions, live connections included.
#[utoipa::path(
    delete,
    path = "/campaigns/{campaign}/invites/{invite}",
    summary = "Revoke an invitation: no joining, its sessions and live connections end",
    description = "Who: GM.",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("invite" = String, Path, description = "the invitation id")
    ),
    responses(
        (status = 200, description = "the revoked invitation", body = InviteRevoked),
        (status = 409, description = "your own invitation", body = ErrorBody)
    )
)]
pub(crate) async fn revoke(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<InviteRevoked>, AppError> {
    caller.gm_of(&campaign)?;
    if caller.invite.id == id {
        return Err(AppError::conflict(
            "own_invite",
            "revoking the invitation you are using would lock you out; revoke it from another GM link",
        ));
    }
    let Some(mut invite) = find(&state, &campaign, &id).await? else {
        return Err(AppError::not_found(format!(
            "no invitation {id} in this campaign; GET /api/campaigns/{campaign}/invites lists them"
        )));
    };
    invite.revoked = true;
    save(&state, &invite).await?;
    state
        .live()
        .publish(&campaign, live::Signal::Revoked(invite.id.clone()));
    Ok(Json(InviteRevoked {
        invite: invite.public(),
    }))
}

/// `POST /api/campaigns/{campaign}/invites/{invite}/link` (GM): a new link
/// for the same seat, for a player who lost theirs or a second device.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/invites/{invite}/link",
    summary = "A new link for an invitation: the same seat, the old link opens nothing more",
    description = "Who: GM. The seat keeps its id, role, slot, label and the characters it owns; sessions already open through the old link go on (revoke the invitation to shut someone out). A replaced start-up link is usable again through its new link.",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("invite" = String, Path, description = "the invitation id")
    ),
    responses(
        (status = 201, description = "the invitation, its new token and /join/TOKEN link", body = InviteCreated),
        (status = 404, description = "no such invitation", body = ErrorBody),
        (status = 409, description = "a revoked invitation (invite_revoked): create a new one", body = ErrorBody)
    )
)]
pub(crate) async fn relink(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
) -> Result<(StatusCode, Json<InviteCreated>), AppError> {
    caller.gm_of(&campaign)?;
    let Some(mut invite) = find(&state, &campaign, &id).await? else {
        return Err(AppError::not_found(format!(
            "no invitation {id} in this campaign; GET /api/campaigns/{campaign}/invites lists them"
        )));
    };
    if invite.revoked {
        return Err(AppError::conflict(
            "invite_revoked",
            format!(
                "the invitation of {} was revoked; create a new invitation instead",
                invite.label
            ),
        ));
    }
    invite.link += 1;
    invite.retired = false;
    save(&state, &invite).await?;
    let token = new_token(&state, &invite).await?;
    Ok((
        StatusCode::CREATED,
        Json(InviteCreated {
            invite: invite.public(),
            link: format!("/join/{token}"),
            token,
        }),
    ))
}

fn to_json<T: Serialize>(value: &T) -> Result<Value, AppError> {
    serde_json::to_value(value).map_err(AppError::internal)
}

fn from_json<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, AppError> {
    serde_json::from_value(value).map_err(AppError::internal)
}
