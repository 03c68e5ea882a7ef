//! The one error type of the API: a status, a stable code, and a message
//! that names the problem and the fix. Internal failures are logged here and
//! reach the client only as "internal error".

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// An API error, rendered as `{ "error": { "code": ..., "message": ... } }`.
#[derive(Debug)]
pub struct AppError {
    status: StatusCode,
    code: &'static str,
    message: String,
    details: Option<(&'static str, Value)>,
    retry_after: Option<u64>,
}

impl AppError {
    /// An error with `status`, a stable `code` and a message for people.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        AppError {
            status,
            code,
            message: message.into(),
            details: None,
            retry_after: None,
        }
    }

    /// Adds a named field of details beside the message (diagnostics, the
    /// engine's refusal, the die needed).
    #[must_use]
    pub fn with(mut self, field: &'static str, details: Value) -> Self {
        self.details = Some((field, details));
        self
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 401: nobody is signed in.
    pub fn unauthenticated(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "not_signed_in", message)
    }

    /// 403: signed in, but not allowed.
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    /// 404: no such thing (for this caller).
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 409: the request clashes with the current state.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 422: well-formed, but the input or the rules say no.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// 413: the body is over the limit.
    pub fn too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!(
                "the request body is over the limit of {limit} bytes; send less (a character file or a command is far smaller)"
            ),
        )
    }

    /// 429 with `Retry-After`.
    pub fn too_many(message: impl Into<String>, retry_after: u64) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message);
        e.retry_after = Some(retry_after.max(1));
        e
    }

    /// 500: logs `cause` and tells the client nothing more.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!("internal error: {cause}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "internal error",
        )
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The stable code.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl From<nanite_store::Error> for AppError {
    fn from(e: nanite_store::Error) -> Self {
        AppError::internal(e)
    }
}

/// The body of every error answer.
#[derive(Serialize, ToSchema)]
#[schema(as = Error)]
pub(crate) struct ErrorBody {
    /// What went wrong.
    error: ErrorDetail,
}

/// An error's code and message, and its details where it has them.
#[derive(Serialize, ToSchema)]
pub(crate) struct ErrorDetail {
    /// A stable code (`not_your_turn`, `invalid_scenario` ...).
    #[schema(example = "not_your_turn")]
    code: &'static str,
    /// What was wrong and how to fix it, for people.
    message: String,
    /// Details named by the error, beside the message ([`ErrorDetails`]):
    /// `diagnostics` (a file's problems, each with its line and rule),
    /// `refusal` (the engine's refusal, tagged by its kind), `asked` and
    /// `needed` (the physical dice asked for, and every die still needed),
    /// `line` (a command line's column and help), `expression` or `rule`.
    #[serde(flatten)]
    #[schema(value_type = ErrorDetails)]
    details: std::collections::BTreeMap<&'static str, Value>,
}

/// The details an error may carry beside its code and message (at most one
/// of them), as [`AppError::with`] writes them.
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "the schema of the details `AppError::with` writes as JSON"
)]
pub(crate) struct ErrorDetails {
    /// A file's problems, each with its line, field, rule and fix
    /// (`invalid_character`, `invalid_scenario`).
    #[schema(required = false)]
    diagnostics: Vec<nanite_core::Diagnostic>,
    /// The engine's refusal (`refused`).
    #[schema(required = false)]
    refusal: EngineRefusal,
    /// The physical dice the command asked for, in order (`too_many_dice`).
    #[schema(required = false)]
    asked: Vec<DieAsked>,
    /// Every die the command still needs, asked for at once, and the die
    /// at fault or first missing (`dice_needed`, `invalid_die`).
    #[schema(required = false)]
    needed: crate::physical::DiceNeeded,
    /// Where a command line does not read (`invalid_command_line`).
    #[schema(required = false)]
    line: LineProblem,
    /// The dice expression that does not read (`invalid_expression`).
    #[schema(required = false)]
    expression: String,
    /// The rule that refuses a Station command (`refused`).
    #[schema(required = false)]
    rule: String,
}

/// A die a command asked for.
#[derive(ToSchema)]
#[expect(dead_code, reason = "a schema: written as JSON by `physical::asked`")]
pub(crate) struct DieAsked {
    /// Its faces (`10` for a d10).
    sides: u32,
    /// What it is for (`d100 tens for vex's shot`).
    purpose: String,
}

/// Where a command line does not read, and how to write it.
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "a schema: written as JSON by `encounters::line_error`"
)]
pub(crate) struct LineProblem {
    /// The column (in characters, from 1) of the word at fault; none when
    /// the fault is not one word.
    column: Option<usize>,
    /// The form of the command, with an example.
    help: String,
}

/// The engine's refusal as the ruleset writes it: `refusal` names its kind
/// (`not_their_turn`, `shot`, `illegal` ...), the other fields are its own.
/// A refusal of the clock is written as the clock's (`EncounterError`), its
/// `refusal` key once; a refusal for dice as `{"refusal": "dice",
/// "message": ...}`. Null where a refusal cannot be written as an object.
pub(crate) struct EngineRefusal;

impl utoipa::__dev::ComposeSchema for EngineRefusal {
    fn compose(
        _: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Schema, Type};
        use utoipa::openapi::{Ref, RefOr};
        let any = [
            nanite_compound_x::encounter::Refusal::name(),
            nanite_d20::encounter::Refusal::name(),
            nanite_core::EncounterError::name(),
        ]
        .iter()
        .fold(AnyOfBuilder::new(), |any, name| {
            any.item(Ref::from_schema_name(name.as_ref()))
        })
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "The engine's refusal: `refusal` names its kind, the rest are its fields (Compound X's `CxRefusal`, D20's `D20Refusal`, the clock's `EncounterError`); null where it cannot be written as an object.",
        ));
        RefOr::T(Schema::AnyOf(any.build()))
    }
}

impl ToSchema for EngineRefusal {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        crate::openapi::register::<nanite_compound_x::encounter::Refusal>(schemas);
        crate::openapi::register::<nanite_d20::encounter::Refusal>(schemas);
        crate::openapi::register::<nanite_core::EncounterError>(schemas);
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
                details: self.details.into_iter().collect(),
            },
        };
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_say_nothing_more() {
        let e = AppError::internal("database at /secret/path is locked");
        assert_eq!(e.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(e.message(), "internal error");
    }
}
