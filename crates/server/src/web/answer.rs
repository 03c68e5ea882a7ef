//! How a page and a part answer a request that fails: a page (a link a
//! person followed) with the error page and its status, a part (what htmx
//! fetches to refresh) with the problem in its place and 200, since htmx
//! swaps only successful answers. Handlers return [`PageAnswer`] or
//! [`PartAnswer`] and use `?` on anything that fails with an [`AppError`];
//! [`PageCaller`] and [`PartCaller`] read the caller's session the same way.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{Html, IntoResponse, Response};

use super::{error_page, error_part};
use crate::AppState;
use crate::error::AppError;
use crate::sessions::Caller;

/// What a page answers: the page, or the error page.
pub(crate) type PageAnswer = Result<Response, PageError>;

/// What a part answers: its markup, or the problem in its place.
pub(crate) type PartAnswer = Result<Html<String>, PartError>;

/// A page's request failed: answered with the error page.
pub(crate) struct PageError(AppError);

impl<E: Into<AppError>> From<E> for PageError {
    fn from(e: E) -> Self {
        PageError(e.into())
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        error_page(&self.0)
    }
}

/// A part's request failed: answered with the problem, as a fragment.
pub(crate) struct PartError(AppError);

impl<E: Into<AppError>> From<E> for PartError {
    fn from(e: E) -> Self {
        PartError(e.into())
    }
}

impl IntoResponse for PartError {
    fn into_response(self) -> Response {
        error_part(&self.0)
    }
}

/// The caller of a page: without a valid session, the error page.
pub(crate) struct PageCaller(pub(crate) Caller);

impl FromRequestParts<AppState> for PageCaller {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, PageError> {
        Ok(PageCaller(Caller::from_request_parts(parts, state).await?))
    }
}

/// The caller of a part: without a valid session, the problem in its place.
pub(crate) struct PartCaller(pub(crate) Caller);

impl FromRequestParts<AppState> for PartCaller {
    type Rejection = PartError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, PartError> {
        Ok(PartCaller(Caller::from_request_parts(parts, state).await?))
    }
}
