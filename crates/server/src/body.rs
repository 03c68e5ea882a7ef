//! Request bodies: strict JSON (unknown fields refused, errors that say
//! where), a change's request (that body with what its idempotency key and
//! fingerprint read), raw text for character files, raw bytes (images,
//! archives), and the 1 MB limit.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, OriginalUri, Request};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::error::AppError;
use crate::sessions::Caller;
use crate::tables::Change;

/// A JSON body of `T`, read strictly. The raw bytes are kept for the
/// idempotency fingerprint.
pub(crate) struct Strict<T> {
    pub(crate) value: T,
    pub(crate) raw: Bytes,
}

impl<T: DeserializeOwned> FromRequest<AppState> for Strict<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, AppError> {
        require_type(&req, "application/json", "a JSON object")?;
        let raw = read(req, state).await?;
        let value = parse(&raw)?;
        Ok(Strict { value, raw })
    }
}

/// What a request asking for a change says beside its body: the method,
/// path and headers its idempotency key and fingerprint are read from
/// ([`Change::asked`]). A handler whose body is not JSON (an image, an
/// archive: [`Raw`]) or that has none takes this beside it.
pub(crate) struct Asking {
    method: Method,
    uri: Uri,
    headers: HeaderMap,
}

impl Asking {
    fn of(method: &Method, uri: &Uri, extensions: &Extensions, headers: &HeaderMap) -> Asking {
        let uri = match extensions.get::<OriginalUri>() {
            Some(OriginalUri(uri)) => uri.clone(),
            None => uri.clone(),
        };
        Asking {
            method: method.clone(),
            uri,
            headers: crate::idempotency::kept(headers),
        }
    }

    /// The change `caller` asks of `campaign` with this request and `body`
    /// (empty for a request without one).
    pub(crate) fn change<'a>(
        &self,
        campaign: &'a str,
        caller: &'a Caller,
        body: &[u8],
    ) -> Result<Change<'a>, AppError> {
        Change::asked(
            campaign,
            caller,
            &self.method,
            &self.uri,
            &self.headers,
            body,
        )
    }
}

impl FromRequestParts<AppState> for Asking {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, AppError> {
        Ok(Asking::of(
            &parts.method,
            &parts.uri,
            &parts.extensions,
            &parts.headers,
        ))
    }
}

/// A request asking for a change: its strict JSON body of `T` with the
/// method, path and headers its idempotency key and fingerprint are read
/// from ([`Change::asked`]).
pub(crate) struct Asked<T> {
    /// The body, read strictly.
    pub(crate) value: T,
    /// The body's bytes, for the fingerprint.
    pub(crate) raw: Bytes,
    asking: Asking,
}

impl<T: DeserializeOwned> FromRequest<AppState> for Asked<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, AppError> {
        let asking = Asking::of(req.method(), req.uri(), req.extensions(), req.headers());
        let Strict { value, raw } = Strict::from_request(req, state).await?;
        Ok(Asked { value, raw, asking })
    }
}

impl<T> Asked<T> {
    /// The change `caller` asks of `campaign` with this request.
    pub(crate) fn change<'a>(
        &self,
        campaign: &'a str,
        caller: &'a Caller,
    ) -> Result<Change<'a>, AppError> {
        self.asking.change(campaign, caller, &self.raw)
    }

    /// The request's `Idempotency-Key` (checked), if it sent one.
    pub(crate) fn key(&self) -> Result<Option<String>, AppError> {
        crate::idempotency::key(&self.asking.headers)
    }

    /// The SHA-256 of the request's method, path and body.
    pub(crate) fn fingerprint(&self) -> String {
        crate::idempotency::fingerprint(&self.asking.method, &self.asking.uri, &self.raw)
    }

    /// The same request with another body, read already.
    pub(crate) fn with_body<U>(self, value: U, raw: Bytes) -> Asked<U> {
        Asked {
            value,
            raw,
            asking: self.asking,
        }
    }
}

/// A raw body (an image, an archive: told apart by its first bytes), within
/// the body limit.
pub(crate) struct Raw(pub(crate) Bytes);

impl FromRequest<AppState> for Raw {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, AppError> {
        Ok(Raw(read(req, state).await?))
    }
}

/// A text body (a character file in TOML).
pub(crate) struct Text(pub(crate) String);

impl FromRequest<AppState> for Text {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, AppError> {
        let raw = read(req, state).await?;
        String::from_utf8(raw.to_vec()).map(Text).map_err(|e| {
            AppError::bad_request(
                "not_utf8",
                format!(
                    "the body is not UTF-8 text (bad byte at {}); save the file as UTF-8",
                    e.utf8_error().valid_up_to()
                ),
            )
        })
    }
}

fn require_type(req: &Request, wanted: &str, what: &str) -> Result<(), AppError> {
    let given = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let essence = given.split(';').next().unwrap_or("").trim();
    if essence.eq_ignore_ascii_case(wanted) {
        Ok(())
    } else {
        Err(AppError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            format!(
                "this endpoint takes {what}: send Content-Type: {wanted} (got '{}')",
                if given.is_empty() { "none" } else { given }
            ),
        ))
    }
}

pub(crate) async fn read(req: Request, state: &AppState) -> Result<Bytes, AppError> {
    Bytes::from_request(req, state).await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::too_large(state.config().body_limit)
        } else {
            AppError::bad_request(
                "unreadable_body",
                format!("the body could not be read: {e}"),
            )
        }
    })
}

/// Parses JSON, telling a syntax error (400) from a wrong shape (422).
pub(crate) fn parse<T: DeserializeOwned>(raw: &[u8]) -> Result<T, AppError> {
    serde_json::from_slice(raw).map_err(json_error)
}

/// The API error for a JSON error.
pub(crate) fn json_error(e: serde_json::Error) -> AppError {
    use serde_json::error::Category;
    match e.classify() {
        Category::Syntax | Category::Eof | Category::Io => AppError::bad_request(
            "malformed_json",
            format!("the body is not valid JSON: {e}; send one JSON object"),
        ),
        Category::Data => AppError::unprocessable(
            if e.to_string().starts_with("unknown field") {
                "unknown_field"
            } else {
                "invalid_field"
            },
            format!("{e}; see /api/openapi.json for the fields this endpoint takes"),
        ),
    }
}

/// Refuses a declared body over the limit before it is read; bodies without
/// a length are cut off by the extractors at the same limit.
pub(crate) async fn limit(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let limit = state.config().body_limit;
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return AppError::too_large(limit).into_response();
    }
    next.run(req).await
}
