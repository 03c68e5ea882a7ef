//! Joining and sessions: an invitation token becomes a session cookie
//! (`HttpOnly; SameSite=Strict; Path=/`) plus a CSRF token for the page, or
//! is sent by a bot as `Authorization: Bearer TOKEN` on every request.
//! One browser session holds a seat in every campaign it joined: joining a
//! second campaign adds a seat to the session the browser already has, so
//! one person can be the GM of one table and a player at another.
//! [`Caller`] is who a request comes from (the seat of the campaign the
//! request names), with the CSRF check applied.

use axum::Json;
use axum::extract::rejection::FormRejection;
use axum::extract::{FromRequestParts, Path, RawPathParams, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
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
    /// Their invitation: their seat at the table the request is about.
    pub(crate) invite: Invite,
    /// Cookie or bearer.
    pub(crate) via: Via,
    /// What the roll limiter counts against: the session, or the bearer's seat.
    pub(crate) session: String,
    /// Every seat the caller holds, the last joined last (a bearer holds
    /// one).
    pub(crate) seats: Vec<SeatKey>,
}

/// One seat a session holds: a campaign and the invitation it joined with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatKey {
    /// The campaign.
    pub(crate) campaign: String,
    /// The invitation.
    pub(crate) invite: String,
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
                    "you have no seat in campaign {campaign}; join it with that campaign's invitation link (your campaigns: GET /api/campaigns, or the Campaigns page)"
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

/// A browser session as the store keeps it (under the hash of its token).
///
/// Old shape (one campaign): `{campaign, invite, opened_ms, seen_ms}`; it is
/// read as one seat and written back in the new shape:
/// `{seats: [{campaign, invite}], opened_ms, seen_ms}`.
#[derive(Serialize, Deserialize)]
struct Session {
    /// The old shape's campaign (read, never written).
    #[serde(default, skip_serializing)]
    campaign: Option<String>,
    /// The old shape's invitation (read, never written).
    #[serde(default, skip_serializing)]
    invite: Option<String>,
    /// Every seat the session holds, one per campaign, the last joined last.
    #[serde(default)]
    seats: Vec<SeatKey>,
    /// When it was opened, in milliseconds since the epoch (0: opened
    /// before sessions expired; counted from its next use).
    #[serde(default)]
    opened_ms: u64,
    /// When it was last used (to a precision of a tenth of the idle time,
    /// at most a minute).
    #[serde(default)]
    seen_ms: u64,
}

impl Session {
    /// The session as read from the store: the old shape's one seat moved
    /// into `seats`.
    fn read(value: serde_json::Value) -> Result<Session, AppError> {
        let mut session: Session = serde_json::from_value(value).map_err(AppError::internal)?;
        if let (Some(campaign), Some(invite)) = (session.campaign.take(), session.invite.take()) {
            if !session.seats.iter().any(|s| s.campaign == campaign) {
                session.seats.insert(0, SeatKey { campaign, invite });
            }
        }
        Ok(session)
    }

    /// Takes the seat at `seat.campaign`, replacing the one held there, and
    /// makes it the last joined.
    fn sit(&mut self, seat: SeatKey) {
        self.seats.retain(|s| s.campaign != seat.campaign);
        self.seats.push(seat);
    }
}

async fn put(state: &AppState, hash: &str, session: &Session) -> Result<(), AppError> {
    state
        .credentials()
        .put(
            state,
            SESSIONS,
            hash,
            serde_json::to_value(session).map_err(AppError::internal)?,
        )
        .await
}

/// Changes the session kept under `hash` by `change`, applied to its
/// current copy under this server's lock of session writes: two requests of
/// one browser (a join and a page load noting its use) cannot each write
/// back their own older copy and lose the other's seat. Answers the session
/// as written, or `None` if it is gone.
async fn update(
    state: &AppState,
    hash: &str,
    change: impl FnOnce(&mut Session),
) -> Result<Option<Session>, AppError> {
    let _writing = state.credentials().writing().await;
    let Some(mut session) = get(state, hash).await? else {
        return Ok(None);
    };
    change(&mut session);
    put(state, hash, &session).await?;
    Ok(Some(session))
}

/// The session kept under `hash`, if any (from memory once read).
async fn get(state: &AppState, hash: &str) -> Result<Option<Session>, AppError> {
    match state.credentials().record(state, SESSIONS, hash).await? {
        Some(value) => Session::read(value).map(Some),
        None => Ok(None),
    }
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
        state.credentials().delete(state, SESSIONS, hash).await?;
        return Err(AppError::new(
            StatusCode::UNAUTHORIZED,
            "session_expired",
            format!("{why}; open your invitation link again to sign in"),
        ));
    }
    if now.saturating_sub(session.seen_ms) >= (idle / 10).min(60_000) {
        session.seen_ms = now;
        if let Some(current) = update(state, hash, |s| s.seen_ms = s.seen_ms.max(now)).await? {
            *session = current;
        }
    }
    Ok(())
}

/// The seat a request sits in: the one at `wanted` (the campaign its path
/// names), or without one the last joined that is still usable. Revoked
/// seats met on the way are forgotten; a revoked seat at `wanted`, or a
/// session whose every seat was revoked, is refused as `invite_revoked`. A campaign the session holds no seat in
/// gets the last joined seat, which `Caller::member_of` then refuses.
async fn seat_for(
    state: &AppState,
    hash: &str,
    session: &mut Session,
    wanted: Option<&str>,
) -> Result<Invite, AppError> {
    let ended = || {
        AppError::unauthenticated(
            "your session is unknown or has ended; open your invitation link again",
        )
    };
    let mut dropped: Vec<SeatKey> = Vec::new();
    let mut found = None;
    if let Some(campaign) = wanted {
        if let Some(key) = session.seats.iter().find(|s| s.campaign == campaign) {
            let invite = invites::find(state, &key.campaign, &key.invite).await?;
            if invite.as_ref().is_none_or(|i| i.revoked) {
                session.seats.retain(|s| s.campaign != campaign);
                update(state, hash, |s| s.seats.retain(|s| s.campaign != campaign)).await?;
            }
            found = Some(usable(invite, false)?);
        }
    }
    // Why the last seat dropped was refused, told when none is left.
    let mut refusal = None;
    if found.is_none() {
        while let Some(key) = session.seats.last().cloned() {
            match invites::find(state, &key.campaign, &key.invite).await? {
                Some(invite) if !invite.revoked => {
                    found = Some(invite);
                    break;
                }
                gone => {
                    refusal = usable(gone, false).err();
                    dropped.extend(session.seats.pop());
                }
            }
        }
    }
    if !dropped.is_empty() {
        update(state, hash, |s| s.seats.retain(|k| !dropped.contains(k))).await?;
    }
    found.ok_or_else(|| refusal.unwrap_or_else(ended))
}

/// The campaign a request's path names (`{campaign}` in its route), if any.
async fn path_campaign(parts: &mut Parts, state: &AppState) -> Option<String> {
    let params = RawPathParams::from_request_parts(parts, state).await.ok()?;
    params
        .iter()
        .find(|(name, _)| *name == "campaign")
        .map(|(_, value)| value.to_string())
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
            let seats = vec![SeatKey {
                campaign: invite.campaign.clone(),
                invite: invite.id.clone(),
            }];
            return Ok(Caller {
                invite,
                via: Via::Bearer,
                session,
                seats,
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
        let mut session = get(state, &hash).await?.ok_or_else(ended)?;
        check_expiry(state, &hash, &mut session).await?;
        let wanted = path_campaign(parts, state).await;
        let invite = seat_for(state, &hash, &mut session, wanted.as_deref()).await?;
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
            seats: session.seats,
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

/// Gives the browser a seat at the table the invitation `token` opens: in
/// the session its cookie already names (a seat is added beside the
/// others; a seat it held in the same campaign is replaced), or in a new
/// session. Answers the `Set-Cookie` header and what the page needs.
async fn open(
    state: &AppState,
    token: &str,
    headers: &HeaderMap,
) -> Result<(HeaderValue, Whoami), AppError> {
    let invite = usable(invites::by_token(state, token.trim()).await?, true)?;
    let seat = SeatKey {
        campaign: invite.campaign.clone(),
        invite: invite.id.clone(),
    };
    let (session, opened_ms) = match held(state, headers).await? {
        Some((token, hash, record)) => {
            let opened_ms = update(state, &hash, |s| s.sit(seat))
                .await?
                .map_or(record.opened_ms, |s| s.opened_ms);
            (token, opened_ms)
        }
        None => {
            let token = tokens::secret()?;
            let now = state.config().clock.now_ms();
            let record = Session {
                campaign: None,
                invite: None,
                seats: vec![seat],
                opened_ms: now,
                seen_ms: now,
            };
            put(state, &tokens::hash(&token), &record).await?;
            (token, now)
        }
    };
    let cookie = HeaderValue::from_str(&set_cookie(state, &session, opened_ms))
        .map_err(AppError::internal)?;
    let mut about = whoami(state, &invite).await?;
    about.csrf_token = Some(tokens::csrf(&session));
    Ok((cookie, about))
}

/// The session a request's cookie names, if it is known and not expired:
/// its token, hash and record.
async fn held(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<(String, String, Session)>, AppError> {
    let Some(token) = cookie(headers).filter(|t| tokens::well_formed(t)) else {
        return Ok(None);
    };
    let hash = tokens::hash(&token);
    let Some(mut session) = get(state, &hash).await? else {
        return Ok(None);
    };
    if check_expiry(state, &hash, &mut session).await.is_err() {
        return Ok(None);
    }
    Ok(Some((token, hash, session)))
}

/// The session cookie, living as long as the session has left.
fn set_cookie(state: &AppState, session: &str, opened_ms: u64) -> String {
    let config = state.config();
    let age_ms = config.clock.now_ms().saturating_sub(opened_ms);
    let left = config
        .session_lifetime
        .as_secs()
        .saturating_sub(age_ms / 1000);
    format!(
        "{COOKIE}={session}; HttpOnly; SameSite=Strict; Path=/; Max-Age={left}{}",
        if config.secure_cookies {
            "; Secure"
        } else {
            ""
        }
    )
}

/// Adds the seat of the GM who just created `campaign` with invitation
/// `invite` to the caller's browser session (a bearer has none).
pub(crate) async fn seat_creator(
    state: &AppState,
    caller: &Caller,
    campaign: &str,
    invite: &str,
) -> Result<(), AppError> {
    if !matches!(caller.via, Via::Cookie { .. }) {
        return Ok(());
    }
    update(state, &caller.session, |s| {
        s.sit(SeatKey {
            campaign: campaign.to_string(),
            invite: invite.to_string(),
        });
    })
    .await?;
    Ok(())
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
    let (cookie, about) = open(&state, &body.value.token, &headers).await?;
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

/// `POST /join` (the form of the join page): signs in and says where. A
/// person followed a link to get here, so a refusal (a revoked or replaced
/// link) is a page that says why, not the API's JSON.
pub(crate) async fn join_form(
    State(state): State<AppState>,
    headers: HeaderMap,
    form: Result<axum::Form<JoinRequest>, FormRejection>,
) -> Response {
    join_by_form(&state, &headers, form)
        .await
        .unwrap_or_else(|e| crate::web::error_page(&e))
}

async fn join_by_form(
    state: &AppState,
    headers: &HeaderMap,
    form: Result<axum::Form<JoinRequest>, FormRejection>,
) -> Result<Response, AppError> {
    same_origin(headers)?;
    let axum::Form(request) = form.map_err(|e| {
        AppError::bad_request(
            "malformed_form",
            format!("{e}; the form sends one field, token"),
        )
    })?;
    let (cookie, about) = open(state, &request.token, headers).await?;
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
    fn a_session_holds_one_seat_a_campaign_the_last_joined_last() {
        let seat = |c: &str, i: &str| SeatKey {
            campaign: c.into(),
            invite: i.into(),
        };
        // The old shape is read as one seat and written in the new one.
        let old =
            serde_json::json!({"campaign": "c-a", "invite": "i-gm", "opened_ms": 5, "seen_ms": 6});
        let mut session = Session::read(old).unwrap();
        assert_eq!(session.seats, [seat("c-a", "i-gm")]);
        let written = serde_json::to_value(&session).unwrap();
        assert_eq!(
            written,
            serde_json::json!({"seats": [{"campaign": "c-a", "invite": "i-gm"}], "opened_ms": 5, "seen_ms": 6})
        );
        // A second campaign is added; joining the first again replaces its
        // seat and makes it the last joined.
        session.sit(seat("c-b", "i-player"));
        assert_eq!(
            session.seats,
            [seat("c-a", "i-gm"), seat("c-b", "i-player")]
        );
        session.sit(seat("c-a", "i-spectator"));
        assert_eq!(
            session.seats,
            [seat("c-b", "i-player"), seat("c-a", "i-spectator")]
        );
        // Read back, the new shape is the same.
        let again = Session::read(serde_json::to_value(&session).unwrap()).unwrap();
        assert_eq!(again.seats, session.seats);
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
