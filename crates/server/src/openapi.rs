//! The OpenAPI document of the JSON API, generated from the handlers and the
//! types they take and answer: each route is registered with its
//! `#[utoipa::path]` operation through [`Api`], which has no way to add a
//! route without one, and each body's schema is derived (`ToSchema`) from
//! the type the handler reads or writes. The document cannot list a route
//! the router does not serve, nor the router serve an `/api` route the
//! document does not list.

use std::sync::LazyLock;

use axum::{Json, Router};
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, RefOr, ResponseBuilder};
use utoipa::{IntoParams, Modify, OpenApi, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use crate::AppState;
use crate::error::ErrorBody;

/// The API's routes, each with its documented operation. Only
/// [`utoipa_axum::routes!`] adds to it: a route comes with its
/// `#[utoipa::path]` or not at all.
pub(crate) struct Api {
    router: OpenApiRouter<AppState>,
    /// Every schema the routes named, as each route gave it: the document
    /// keeps one per name, so two types of one name would lose one
    /// ([`Api::clashes`]).
    named: Vec<(String, RefOr<Schema>)>,
}

impl Api {
    /// No routes yet.
    pub(crate) fn new() -> Self {
        Api {
            router: OpenApiRouter::new(),
            named: Vec::new(),
        }
    }

    /// Adds the operations of one path (`routes!(a, b)`: handlers of the
    /// same path, each with its method).
    pub(crate) fn routes(mut self, routes: UtoipaMethodRouter<AppState>) -> Self {
        self.named.extend(routes.0.iter().cloned());
        Api {
            router: self.router.routes(routes),
            named: self.named,
        }
    }

    /// Adds every route of `other`.
    pub(crate) fn merge(mut self, other: Api) -> Self {
        self.named.extend(other.named);
        Api {
            router: self.router.merge(other.router),
            named: self.named,
        }
    }

    /// The router to nest under `/api`, and the document of its paths
    /// (relative to `/api`).
    pub(crate) fn split(self) -> (Router<AppState>, Document) {
        self.router.split_for_parts()
    }

    /// The names given to two different schemas (two types called alike,
    /// say two rulesets' `Command`): the document would keep only one of
    /// them. Each wants its own name (`#[schema(as = CxCommand)]`).
    pub(crate) fn clashes(&self) -> Vec<String> {
        let mut first: std::collections::BTreeMap<&str, &RefOr<Schema>> = Default::default();
        let mut clashes = std::collections::BTreeSet::new();
        for (name, schema) in &self.named {
            if *first.entry(name).or_insert(schema) != schema {
                clashes.insert(name.clone());
            }
        }
        clashes.into_iter().collect()
    }
}

/// What the document says besides its paths: title, the two ways to sign
/// in, and the error shape.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "nanite game-table server",
        description = "Campaigns (Compound X, D20 or Station), invitations, characters, encounters, Station games, a roll log and live updates. Errors are {\"error\": {\"code\", \"message\"}}; see docs/server.md."
    ),
    modifiers(&SignIn),
    components(schemas(ErrorBody)),
    security(("session" = []), ("bearer" = []))
)]
struct Frame;

/// The two ways to sign in: the session cookie of `POST /api/join`, or an
/// invitation token as a bearer token.
struct SignIn;

impl Modify for SignIn {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let cookie = ApiKey::Cookie(ApiKeyValue::with_description(
            crate::sessions::COOKIE,
            "Set by POST /api/join. Changes also need the X-CSRF-Token header (from /api/join or /api/me).",
        ));
        components.add_security_scheme("session", SecurityScheme::ApiKey(cookie));
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("An invitation token, for bots; no CSRF token needed."))
                    .build(),
            ),
        );
    }
}

/// The errors any operation may answer, each `{"error": {...}}`; an
/// operation's own description of a status replaces the standard one.
const STANDARD_ERRORS: [(&str, &str); 6] = [
    ("400", "malformed request (bad JSON)"),
    ("401", "not signed in, or the invitation was revoked"),
    (
        "403",
        "not allowed for your role, or the CSRF token is missing",
    ),
    ("404", "no such campaign, encounter, game or character"),
    ("413", "body over 1 MB"),
    (
        "422",
        "well-formed but refused: unknown fields, invalid input, the rules' refusal",
    ),
];

/// An error answer described as `description`.
pub(crate) fn error_response(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            utoipa::openapi::ContentBuilder::new()
                .schema(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                    ErrorBody::name(),
                ))))
                .build(),
        )
        .build()
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .filter_map(Option::as_mut)
}

/// The whole document: the frame, and every path of [`crate::api`] under
/// `/api`, each operation with the standard errors it does not describe
/// itself.
pub(crate) fn document() -> Document {
    let api = crate::api();
    debug_assert_eq!(
        api.clashes(),
        Vec::<String>::new(),
        "schemas sharing a name"
    );
    let (_, paths) = api.split();
    let mut doc = Frame::openapi().nest("/api", paths);
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    for item in doc.paths.paths.values_mut() {
        for op in operations(item) {
            for (status, description) in STANDARD_ERRORS {
                if !op.responses.responses.contains_key(status) {
                    op.responses
                        .responses
                        .insert(status.into(), RefOr::T(error_response(description)));
                }
            }
        }
    }
    doc
}

/// The document as served, built once.
static SERVED: LazyLock<OpenApiDocument> =
    LazyLock::new(|| OpenApiDocument(serde_json::to_value(document()).unwrap_or_default()));

/// The OpenAPI 3.1 document itself (its own schema is OpenAPI's).
#[derive(Clone, Serialize, ToSchema)]
#[schema(value_type = Object)]
pub(crate) struct OpenApiDocument(Value);

/// `GET /api/openapi.json`.
#[utoipa::path(
    get,
    path = "/openapi.json",
    summary = "This document",
    description = "Who: anyone.",
    security(()),
    responses((status = 200, description = "the OpenAPI document", body = OpenApiDocument))
)]
pub(crate) async fn served() -> Json<OpenApiDocument> {
    Json(SERVED.clone())
}

/// The `Idempotency-Key` header of a change.
#[derive(IntoParams)]
#[into_params(parameter_in = Header)]
pub(crate) struct IdempotencyKey {
    /// A key per change (a UUID): sending it again returns the first result
    /// (200, Idempotent-Replayed: true) and fires nothing; the same key with
    /// another request is a 409.
    #[param(rename = "Idempotency-Key", max_length = 128)]
    #[expect(
        dead_code,
        reason = "read from the headers by `idempotency`; here for the document"
    )]
    key: Option<String>,
}

/// The schema of fields only some viewers get, flattened into what everyone
/// gets (`#[serde(flatten)] full: Option<Details>`): `T`'s properties,
/// none of them required. utoipa would make a flattened `Option` "null or
/// all of `T`", which no answer is; name it in the field's
/// `#[schema(value_type = Optional<T>)]`.
pub(crate) struct Optional<T>(std::marker::PhantomData<T>);

impl<T: ToSchema> utoipa::__dev::ComposeSchema for Optional<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        let mut schema = T::schema();
        if let RefOr::T(Schema::Object(object)) = &mut schema {
            object.required.clear();
        }
        schema
    }
}

impl<T: ToSchema> ToSchema for Optional<T> {
    fn name() -> std::borrow::Cow<'static, str> {
        format!("Optional{}", T::name()).into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        T::schemas(schemas);
    }
}

/// The schemas a type composed by hand names: `T`'s own, under its name,
/// and every schema `T` names in turn (what a derived `ToSchema::schemas`
/// adds for each type it refers to).
pub(crate) fn register<T: ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
}

/// A schema that is any of the named schemas `names` (JSON Schema `anyOf`:
/// a body the rulesets read alike may match more than one, so not `oneOf`).
pub(crate) fn any_of(description: &str, names: &[std::borrow::Cow<'static, str>]) -> RefOr<Schema> {
    let mut any = utoipa::openapi::schema::AnyOfBuilder::new().description(Some(description));
    for name in names {
        any = any.item(utoipa::openapi::Ref::from_schema_name(name.as_ref()));
    }
    RefOr::T(Schema::AnyOf(any.build()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_two_schemas_share_a_name() {
        assert_eq!(crate::api().clashes(), Vec::<String>::new());
    }
}
