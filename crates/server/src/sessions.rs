//! Joining and sessions: an invitation token becomes a session cookie
//! (`HttpOnly; SameSite=Strict; Path=/`) plus a CSRF token for the page, or
//! is sent by a bot as `Authorization: Bearer TOKEN` on every request.
//! [`Caller`] is who a request comes from, with the CSRF check applied.

use axum::Json;
use axum::extract::rejection::FormRejection;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::body::Strict;
use crate::error::AppError;
use crate::invites::{self, Invite};
use crate::permissions::Role;
use crate::{campaigns, tokens};

/// The session cookie's name.
pub(crate) const COOKIE: &str = "nanite_session";
/// The header carrying the CSRF token.
pub(crate) const CSRF_HEADER: &str = "x-csrf-token";
const SESSIONS: &str = "sessions";

/// How a request proved who it is.
#[derive(Clone, Debug)]
pub(crate) enum Via {
    /// The session cookie; `csrf` is its CSRF token.
    Cookie {
        /// The session's CSRF token.
        csrf: String,
    },
    /// `Authorization: Bearer` with an invitation token (bots).
    Bearer,
}

/// Who a request comes from.
#[derive(Clone, Debug)]
pub(crate) struct Caller {
    /// Their invitation: their seat at the table.
    pub(crate) invite: Invite,
    /// Cookie or bearer.
    pub(crate) via: Via,
    /// What the roll limiter counts against: the session, or the bearer's seat.
    pub(crate) session: String,
}

impl Caller {
    /// Their role.
    pub(crate) fn role(&self) -> Role {
        self.invite.role
    }

    /// Refuses a campaign that is not theirs.
    pub(crate) fn member_of(&self, campaign: &str) -> Result<(), AppError> {
        if self.invite.campaign == campaign {
            Ok(())
        } else {
            Err(AppError::forbidden(
                "other_campaign",
                format!(
                    "your invitation is for campaign {}, not {campaign}; join with that campaign's link",
                    self.invite.campaign
                ),
            ))
        }
    }

    /// Refuses anyone but the GM of `campaign`.
    pub(crate) fn gm_of(&self, campaign: &str) -> Result<(), AppError> {
        self.member_of(campaign)?;
        if self.role() == Role::Gm {
            Ok(())
        } else {
            Err(AppError::forbidden(
                "gm_only",
                "only the GM may do this; ask the GM",
            ))
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Session {
    campaign: String,
    invite: String,
    /// When it was opened, in milliseconds since the epoch (0: opened
    /// before sessions expired; counted from its next use).
    #[serde(default)]
    opened_ms: u64,
    /// When it was last used (to a precision of a tenth of the idle time,
    /// at most a minute).
    #[serde(default)]
    seen_ms: u64,
}

/// Refuses an expired session (and forgets it), or notes its use.
async fn check_expiry(state: &AppState, hash: &str, session: &mut Session) -> Result<(), AppError> {
    let config = state.config();
    let now = config.clock.now_ms();
    if session.opened_ms == 0 {
        session.opened_ms = now;
        session.seen_ms = now;
    }
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let (idle, lifetime) = (ms(config.session_idle), ms(config.session_lifetime));
    let why = if now.saturating_sub(session.opened_ms) > lifetime {
        Some(format!(
            "your session has expired: sessions last {} at most",
            span(lifetime)
        ))
    } else if now.saturating_sub(session.seen_ms) > idle {
        Some(format!(
            "your session has expired after {} without use",
            span(idle)
        ))
    } else {
        None
    };
    if let Some(why) = why {
        state.store().delete_record(SESSIONS, hash).await?;
        return Err(AppError::new(
            StatusCode::UNAUTHORIZED,
            "session_expired",
            format!("{why}; open your invitation link again to sign in"),
        ));
    }
    if now.saturating_sub(session.seen_ms) >= (idle / 10).min(60_000) {
        session.seen_ms = now;
        state
            .store()
            .put_record(
                SESSIONS,
                hash,
                &serde_json::to_value(&*session).map_err(AppError::internal)?,
            )
            .await?;
    }
    Ok(())
}

/// A span of milliseconds in words ("7 days", "90 minutes", "5 seconds").
fn span(ms: u64) -> String {
    let s = ms / 1000;
    let (n, unit) = match s {
        _ if s >= 86_400 && s % 86_400 == 0 => (s / 86_400, "day"),
        _ if s >= 3_600 && s % 3_600 == 0 => (s / 3_600, "hour"),
        _ if s >= 60 && s % 60 == 0 => (s / 60, "minute"),
        _ => (s, "second"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
            let token = value
                .to_str()
                .ok()
                .and_then(|v| v.strip_prefix("Bearer "))
                .ok_or_else(|| {
                    AppError::unauthenticated(
                        "the Authorization header must be `Bearer TOKEN` with your invitation token",
                    )
                })?;
            let invite = usable(invites::by_token(state, token.trim()).await?, true)?;
            let session = format!("bearer:{}", invite.id);
            return Ok(Caller {
                invite,
                via: Via::Bearer,
                session,
            });
        }
        let token = cookie(&parts.headers).ok_or_else(|| {
            AppError::unauthenticated(
                "you are not signed in: join with your invitation (POST /api/join with {\"token\": ...}), or send Authorization: Bearer TOKEN",
            )
        })?;
        let ended = || {
            AppError::unauthenticated(
                "your session is unknown or has ended; open your invitation link again",
            )
        };
        if !tokens::well_formed(&token) {
            return Err(ended());
        }
        let hash = tokens::hash(&token);
        let record = state
            .store()
            .record(SESSIONS, &hash)
            .await?
            .ok_or_else(ended)?;
        let mut session: Session =
            serde_json::from_value(record.data).map_err(AppError::internal)?;
        check_expiry(state, &hash, &mut session).await?;
        let invite = invites::find(state, &session.campaign, &session.invite).await?;
        let invite = usable(invite, false)?;
        let csrf = tokens::csrf(&token);
        if !matches!(
            parts.method,
            Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
        ) {
            let sent = parts
                .headers
                .get(CSRF_HEADER)
                .and_then(|v| v.to_str().ok())
                .ok_or_else(|| {
                    AppError::forbidden(
                        "csrf_missing",
                        "a change made with a session cookie needs the X-CSRF-Token header; GET /api/me gives the token",
                    )
                })?;
            if !tokens::same(sent, &csrf) {
                return Err(AppError::forbidden(
                    "csrf_mismatch",
                    "the X-CSRF-Token header does not match this session; GET /api/me gives the right one",
                ));
            }
        }
        Ok(Caller {
            invite,
            via: Via::Cookie { csrf },
            session: hash,
        })
    }
}

/// A page from another site may not open a live socket with our cookie,
/// nor sign a visitor in (login CSRF). A browser that says where a request
/// comes from (`Sec-Fetch-Site`) is believed: only `same-origin` passes.
/// That header comes first because our pages' `Referrer-Policy:
/// no-referrer` makes a browser send `Origin: null` with a form's POST.
/// Otherwise `Origin` must name this host; requests without either (bots,
/// older browsers on same-origin forms) pass.
pub(crate) fn same_origin(headers: &HeaderMap) -> Result<(), AppError> {
    let cross_origin = || {
        AppError::forbidden(
            "cross_origin",
            "this request came from a page of another site; use the pages this server serves",
        )
    };
    if let Some(site) = headers.get("sec-fetch-site") {
        return if site == "same-origin" {
            Ok(())
        } else {
            Err(cross_origin())
        };
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return Ok(());
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin_host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    if origin_host.eq_ignore_ascii_case(host) {
        Ok(())
    } else {
        Err(cross_origin())
    }
}

/// An invitation fit to sign in with: it exists, is not revoked, and (for a
/// new join or a bearer) not retired.
fn usable(invite: Option<Invite>, joining: bool) -> Result<Invite, AppError> {
    let invite = invite.ok_or_else(|| {
        AppError::new(
            StatusCode::UNAUTHORIZED,
            "unknown_invite",
            "this token opens no invitation here: check the link, or ask the GM for a new one",
        )
    })?;
    if invite.revoked {
        return Err(AppError::new(
            StatusCode::UNAUTHORIZED,
            "invite_revoked",
            "this invitation was revoked by the GM; ask the GM for a new link",
        ));
    }
    if joining && invite.retired {
        return Err(AppError::new(
            StatusCode::UNAUTHORIZED,
            "link_replaced",
            "this GM link was replaced by the one printed when the server last started; use that one",
        ));
    }
    Ok(invite)
}

/// The session token in a request's cookies.
fn cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
}

/// What `POST /api/join` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    /// The invitation token (the end of a `/join/TOKEN` link).
    token: String,
}

/// Who the caller is: their campaign, role and invitation, and with a
/// session cookie the CSRF token its changes need.
#[derive(Serialize, ToSchema)]
pub(crate) struct Whoami {
    /// The campaign.
    campaign: CampaignNamed,
    /// The caller's role.
    role: Role,
    /// The caller's invitation.
    invite: invites::InviteShown,
    /// The `X-CSRF-Token` of the session (with a cookie only).
    #[serde(skip_serializing_if = "Option::is_none")]
    csrf_token: Option<String>,
}

/// A campaign's id and name.
#[derive(Serialize, ToSchema)]
pub(crate) struct CampaignNamed {
    /// Its id.
    id: String,
    /// Its name.
    name: String,
}

/// Opens a session for the invitation `token` opens: the `Set-Cookie`
/// header and what the page needs to know.
async fn open(state: &AppState, token: &str) -> Result<(HeaderValue, Whoami), AppError> {
    let invite = usable(invites::by_token(state, token.trim()).await?, true)?;
    let session = tokens::secret()?;
    let now = state.config().clock.now_ms();
    let record = Session {
        campaign: invite.campaign.clone(),
        invite: invite.id.clone(),
        opened_ms: now,
        seen_ms: now,
    };
    state
        .store()
        .put_record(
            SESSIONS,
            &tokens::hash(&session),
            &serde_json::to_value(&record).map_err(AppError::internal)?,
        )
        .await?;
    let cookie = format!(
        "{COOKIE}={session}; HttpOnly; SameSite=Strict; Path=/; Max-Age={}{}",
        state.config().session_lifetime.as_secs(),
        if state.config().secure_cookies {
            "; Secure"
        } else {
            ""
        }
    );
    let cookie = HeaderValue::from_str(&cookie).map_err(AppError::internal)?;
    let mut about = whoami(state, &invite).await?;
    about.csrf_token = Some(tokens::csrf(&session));
    Ok((cookie, about))
}

async fn whoami(state: &AppState, invite: &Invite) -> Result<Whoami, AppError> {
    let campaign = campaigns::find(state, &invite.campaign)
        .await?
        .ok_or_else(|| AppError::internal(format!("invite {} has no campaign", invite.id)))?;
    Ok(Whoami {
        campaign: CampaignNamed {
            id: campaign.id,
            name: campaign.name,
        },
        role: invite.role,
        invite: invite.public(),
        csrf_token: None,
    })
}

/// `POST /api/join`: trades an invitation token for a session cookie and a
/// CSRF token.
#[utoipa::path(
    post,
    path = "/join",
    summary = "Join with an invitation token",
    description = "Who: anyone holding a token.",
    security(()),
    request_body = JoinRequest,
    responses((status = 200, description = "the campaign, your role and a csrf_token; Set-Cookie: nanite_session (HttpOnly; SameSite=Strict; Path=/)", body = Whoami))
)]
pub(crate) async fn join(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Strict<JoinRequest>,
) -> Result<Response, AppError> {
    same_origin(&headers)?;
    let (cookie, about) = open(&state, &body.value.token).await?;
    Ok(([(header::SET_COOKIE, cookie)], Json(about)).into_response())
}

/// `GET /api/me`: who the caller is, and (with a cookie) the CSRF token.
#[utoipa::path(
    get,
    path = "/me",
    summary = "Who you are (and your CSRF token)",
    description = "Who: any participant.",
    responses((status = 200, description = "campaign, role, invitation, csrf_token", body = Whoami))
)]
pub(crate) async fn me(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Whoami>, AppError> {
    let mut about = whoami(&state, &caller.invite).await?;
    if let Via::Cookie { csrf } = &caller.via {
        about.csrf_token = Some(csrf.clone());
    }
    Ok(Json(about))
}

/// `GET /join/{token}`: the link people open; a button posts the token, so
/// a link preview that fetches the page does not sign anybody in.
pub(crate) async fn join_page(Path(token): Path<String>) -> Html<String> {
    let page = JoinPage {
        token: tokens::well_formed(&token).then_some(token.as_str()),
    };
    Html(askama::Template::render(&page).unwrap_or_default())
}

/// The join page: a button that posts a well-formed token, or why the link
/// is not an invitation.
#[derive(askama::Template)]
#[template(path = "join.html")]
struct JoinPage<'a> {
    token: Option<&'a str>,
}

impl JoinPage<'_> {
    fn title(&self) -> &'static str {
        if self.token.is_some() {
            "Join the table"
        } else {
            "Not an invitation"
        }
    }
}

/// `POST /join` (the form of the join page): signs in and says where.
pub(crate) async fn join_form(
    State(state): State<AppState>,
    headers: HeaderMap,
    form: Result<axum::Form<JoinRequest>, FormRejection>,
) -> Result<Response, AppError> {
    same_origin(&headers)?;
    let axum::Form(request) = form.map_err(|e| {
        AppError::bad_request(
            "malformed_form",
            format!("{e}; the form sends one field, token"),
        )
    })?;
    let (cookie, about) = open(&state, &request.token).await?;
    // The table's page (see `web`); 303 so the browser GETs it.
    let campaign = &about.campaign.id;
    Ok((
        [(header::SET_COOKIE, cookie)],
        axum::response::Redirect::to(&format!("/c/{campaign}")),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("theme=dark; nanite_session=abc; other=1"),
        );
        assert_eq!(cookie(&headers).as_deref(), Some("abc"));
        assert_eq!(cookie(&HeaderMap::new()), None);
    }

    #[test]
    fn a_token_is_text_in_the_join_page() {
        let page = JoinPage {
            token: Some("\"><script>x</script>"),
        };
        let shown = askama::Template::render(&page).unwrap();
        assert!(!shown.contains("<script>"), "{shown}");
        assert!(shown.contains("Join the table"));
    }
}
