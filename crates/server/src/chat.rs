//! The table's chat: lines said to everyone and whispers, kept in the
//! campaign's stream beside the rolls so the table has one log. A line said
//! to everyone is seen by every participant; a whisper only by its sender,
//! its recipient (the GM, or one player) and the GM. A whisper is hidden
//! from everyone else the way a secret roll is: it is not in their feed and
//! takes no number in it (`feed.rs`).

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::AppState;
use crate::body::Asked;
use crate::error::AppError;
use crate::facts::Fact;
use crate::permissions::{Role, Viewer};
use crate::sessions::Caller;
use crate::table::ItemBody;
use crate::view;

/// The longest line, in characters.
pub(crate) const MOST_CHARS: usize = 500;

/// What `to` names to whisper to the GM.
pub(crate) const TO_GM: &str = "gm";

/// A line of the chat, as the stream keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct ChatItem {
    /// The sender's name ("Alice", "GM").
    pub(crate) label: String,
    /// What was said, trimmed.
    pub(crate) text: String,
    /// For a whisper, who it is to (none: said to everyone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) to: Option<Recipient>,
    /// When, in milliseconds since the Unix epoch.
    pub(crate) at: u64,
}

/// Who a whisper is to.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub(crate) struct Recipient {
    /// The player's seat (invitation id); none: the GM.
    pub(crate) seat: Option<String>,
    /// Their name ("Bob", "the GM").
    pub(crate) label: String,
}

impl ChatItem {
    /// The line as `viewer` may see it, if at all; `by` is the sender's
    /// seat.
    pub(crate) fn shown_to<'a>(&'a self, by: &'a str, viewer: &Viewer) -> Option<ShownChat<'a>> {
        let seen = match &self.to {
            None => true,
            Some(to) => {
                viewer.is_gm()
                    || by == viewer.invite
                    || to.seat.as_deref() == Some(viewer.invite.as_str())
            }
        };
        seen.then_some(ShownChat {
            by,
            label: &self.label,
            text: &self.text,
            whisper_to: self.to.as_ref(),
            at: self.at,
        })
    }
}

/// A chat line as one viewer sees it.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ShownChat<'a> {
    /// The sender's seat.
    pub(crate) by: &'a str,
    /// The sender's name.
    pub(crate) label: &'a str,
    /// What was said.
    pub(crate) text: &'a str,
    /// For a whisper, who it is to (null: said to everyone).
    pub(crate) whisper_to: Option<&'a Recipient>,
    /// When, in milliseconds since the Unix epoch.
    pub(crate) at: u64,
}

/// What `POST /api/campaigns/{campaign}/chat` takes.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ChatRequest {
    /// What to say: 1 to 500 characters once trimmed.
    #[schema(example = "Anyone else hear that?")]
    text: String,
    /// Whisper to `gm` or to a player's seat (invitation id, see
    /// `GET .../chat`'s `recipients`); absent: said to everyone.
    #[serde(default)]
    #[schema(example = "gm")]
    to: Option<String>,
}

/// `POST /api/campaigns/{campaign}/chat`: says a line to the table, or
/// whispers it to the GM or one player.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/chat",
    summary = "Say a line to the table, or whisper it",
    description = "Who: GM or player. A whisper is seen by its sender, its recipient and the GM only.",
    params(("campaign" = String, Path, description = "the campaign id"), crate::openapi::IdempotencyKey),
    request_body = ChatRequest,
    responses(
        (status = 201, description = "the line's entry", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 422, description = "an empty or too long line, or no such recipient", body = crate::error::ErrorBody)
    )
)]
pub(crate) async fn say(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<ChatRequest>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    if caller.role() == Role::Spectator {
        return Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to chat",
        ));
    }
    let text = checked_text(&body.value.text)?;
    let to = match body.value.to.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(to) => Some(recipient(&state, &campaign, &caller, to).await?),
    };
    let change = body.change(&campaign, &caller)?;
    let item = ChatItem {
        label: caller.invite.label.clone(),
        text,
        to,
        at: state.config().clock.now_ms(),
    };
    let committed = state
        .tables()
        .commit(&state, change, |_| {
            Ok((Fact::Chat(item.clone()), ItemBody::Chat(item.clone())))
        })
        .await?;
    Ok(view::created(committed))
}

/// The line to keep: trimmed, not empty, at most [`MOST_CHARS`].
pub(crate) fn checked_text(text: &str) -> Result<String, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AppError::unprocessable(
            "empty_line",
            "the line is empty; type something to say",
        ));
    }
    let chars = text.chars().count();
    if chars > MOST_CHARS {
        return Err(AppError::unprocessable(
            "line_too_long",
            format!(
                "the line has {chars} characters; a line holds at most {MOST_CHARS}: shorten it or split it in two"
            ),
        )
        .with("most", json!(MOST_CHARS)));
    }
    Ok(text.to_string())
}

/// Who `to` names: the GM, or a player of the campaign other than the
/// sender.
async fn recipient(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    to: &str,
) -> Result<Recipient, AppError> {
    if to.eq_ignore_ascii_case(TO_GM) {
        if caller.role() == Role::Gm {
            return Err(AppError::unprocessable(
                "whisper_self",
                "you are the GM: whisper to a player, or say it to everyone",
            ));
        }
        return Ok(Recipient {
            seat: None,
            label: "the GM".to_string(),
        });
    }
    if to == caller.invite.id {
        return Err(AppError::unprocessable(
            "whisper_self",
            "that is your own seat: whisper to the GM or another player",
        ));
    }
    recipients(state, campaign, caller)
        .await?
        .into_iter()
        .find(|r| r.seat.as_deref() == Some(to))
        .ok_or_else(|| {
            AppError::unprocessable(
                "no_recipient",
                format!(
                    "no player seat {to} in this campaign; whisper to \"gm\" or to a player's seat from GET /api/campaigns/{campaign}/chat (recipients)"
                ),
            )
            .with("to", json!(to))
        })
}

/// Who `caller` may whisper to: the GM (for a player) and every other
/// player seat still open.
pub(crate) async fn recipients(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
) -> Result<Vec<Recipient>, AppError> {
    let mut out = Vec::new();
    if caller.role() != Role::Gm {
        out.push(Recipient {
            seat: None,
            label: "the GM".to_string(),
        });
    }
    for invite in crate::invites::all(state, campaign).await? {
        if invite.role == Role::Player && !invite.revoked && invite.id != caller.invite.id {
            out.push(Recipient {
                seat: Some(invite.id),
                label: invite.label,
            });
        }
    }
    Ok(out)
}

/// `GET /api/campaigns/{campaign}/chat`: the table log (chat lines,
/// whispers and rolls) as the caller may see it, oldest first, and who
/// they may whisper to.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/chat",
    summary = "The table log: chat, whispers and rolls as you may see them",
    description = "Who: any participant. Whispers to others and rolls hidden from you are left out, and take no number in your feed.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the log, oldest first", body = TableLog))
)]
pub(crate) async fn log(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<TableLog>, AppError> {
    caller.member_of(&campaign)?;
    let recipients = if caller.role() == Role::Spectator {
        Vec::new()
    } else {
        recipients(&state, &campaign, &caller).await?
    };
    let viewer = view::viewer(&caller);
    let entries = state
        .tables()
        .read(&state, &campaign, |table| {
            table
                .feed
                .iter()
                .filter_map(|i| view::shown(table, i, &viewer))
                .filter(|s| {
                    matches!(
                        s.entry,
                        view::FeedEntry::Table(view::Entry::Roll(_) | view::Entry::Chat(_))
                    )
                })
                .filter_map(|s| serde_json::to_value(s).ok())
                .collect::<Vec<_>>()
        })
        .await?;
    Ok(Json(TableLog {
        entries,
        recipients,
    }))
}

/// The table log as one viewer sees it.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct TableLog {
    /// Each chat line's (`type: chat`) and roll's (`type: roll`) feed
    /// entry, oldest first: the JSON of a [`view::Shown`].
    #[schema(value_type = Vec<view::Shown<'static>>)]
    entries: Vec<Value>,
    /// Who the caller may whisper to (`to`: `gm`, or a player's `seat`).
    recipients: Vec<Recipient>,
}
