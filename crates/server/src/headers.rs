//! The headers every response carries, pages and API alike: what a browser
//! may load and run for this server's pages, and what it may tell others.
//!
//! - `Content-Security-Policy` ([`CONTENT_SECURITY_POLICY`]): scripts,
//!   styles, images and connections from this server only; no inline script,
//!   no inline style (neither `<style>` nor `style="..."`), no `eval`, no
//!   plugins, no `<base>`, forms posting only here, and no framing
//!   (`frame-ancestors 'none'`, so no other site can overlay the table's
//!   buttons). The pages keep every script and style in `assets/` and set
//!   sizes as SVG attributes.
//! - `Referrer-Policy: no-referrer`: an invitation's token lives in its
//!   `/join/...` address, so no address of ours is ever sent as a referrer.
//!   Browsers then send `Origin: null` on a form's POST; the join form's
//!   same-site check reads `Sec-Fetch-Site` first (`sessions::same_origin`).
//! - `X-Content-Type-Options: nosniff`: a file is what its type says.
//! - `Cache-Control: no-store`: pages and answers carry private state.
//!
//! A handler that sets one of them itself keeps its own.

use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// The pages' Content-Security-Policy.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The referrer policy: none.
pub(crate) const REFERRER_POLICY: &str = "no-referrer";

/// The headers above, each a layer that sets it on a response whose
/// handler did not (`app` stacks them with its other layers, so that a
/// request passes one boxed service, not one a layer).
pub(crate) fn secured() -> [SetResponseHeaderLayer<HeaderValue>; 4] {
    [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::REFERRER_POLICY, REFERRER_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-store"),
    ]
    .map(|(name, value): (HeaderName, &'static str)| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    })
}
