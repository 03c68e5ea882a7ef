//! The static files the pages load, built into the binary so a table needs
//! no internet access: the stylesheet, the live script and htmx (2.0.11,
//! 0BSD, from the npm package `htmx.org`; see `assets/README.md`).

use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

const FILES: [(&str, &str, &str); 8] = [
    (
        "table.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/table.css"),
    ),
    (
        "table.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/table.js"),
    ),
    (
        "station.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/station.css"),
    ),
    (
        "station.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/station.js"),
    ),
    (
        "htmx.min.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/htmx.min.js"),
    ),
    (
        "builder.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/builder.js"),
    ),
    (
        "panzoom.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/panzoom.js"),
    ),
    (
        "refused.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/refused.js"),
    ),
];

/// `GET /assets/{file}`.
pub(crate) async fn serve(Path(file): Path<String>) -> Response {
    match FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, text)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=300"),
                ),
            ],
            *text,
        )
            .into_response(),
        None => AppError::not_found(format!(
            "no asset '{file}'; the pages use table.css, table.js, station.css, station.js, htmx.min.js, builder.js, panzoom.js and refused.js"
        ))
        .into_response(),
    }
}
