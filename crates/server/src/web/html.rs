//! The page layout, HTML escaping and the small pieces every page shares
//! (bars, role badges, reading values out of the API's JSON views).

use axum::response::Html;
use serde_json::Value;

use crate::permissions::Role;
use crate::sessions::{Caller, Via};

/// Text made safe for HTML element content and quoted attribute values.
pub(crate) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A JSON value as escaped text: strings as they are, numbers as digits,
/// null as an empty string.
pub(crate) fn val(v: &Value) -> String {
    match v {
        Value::String(s) => esc(s),
        Value::Null => String::new(),
        other => esc(&other.to_string()),
    }
}

/// Who is looking at a page, and what its script needs to act and listen.
pub(crate) struct Seat {
    /// The campaign's id.
    pub(crate) campaign: String,
    /// The campaign's name.
    pub(crate) campaign_name: String,
    /// The viewer's role.
    pub(crate) role: Role,
    /// The viewer's invitation label.
    pub(crate) label: String,
    /// The session's CSRF token (empty for bearer callers).
    pub(crate) csrf: String,
    /// The stream version the page was rendered at.
    pub(crate) version: i64,
}

impl Seat {
    /// The seat of `caller` at `campaign`, as of `version`.
    pub(crate) fn new(caller: &Caller, campaign_name: &str, version: i64) -> Seat {
        Seat {
            campaign: caller.invite.campaign.clone(),
            campaign_name: campaign_name.to_string(),
            role: caller.role(),
            label: caller.invite.label.clone(),
            csrf: match &caller.via {
                Via::Cookie { csrf } => csrf.clone(),
                Via::Bearer => String::new(),
            },
            version,
        }
    }

    /// Whether the viewer is the GM.
    pub(crate) fn is_gm(&self) -> bool {
        self.role == Role::Gm
    }

    /// The role in words.
    pub(crate) fn role_name(&self) -> &'static str {
        role_name(self.role)
    }
}

/// A role in words.
pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::Gm => "GM",
        Role::Player => "player",
        Role::Spectator => "spectator",
    }
}

/// A whole page: the header with the campaign and the viewer, the live
/// status line, and `body`.
pub(crate) fn page(title: &str, seat: Option<&Seat>, body: &str) -> Html<String> {
    let (attrs, header) = match seat {
        Some(s) => (
            format!(
                " data-campaign=\"{}\" data-version=\"{}\"",
                esc(&s.campaign),
                s.version
            ),
            format!(
                "<a class=\"brand\" href=\"/c/{c}\">{name}</a>\
                 <nav aria-label=\"Table\"><a href=\"/c/{c}\">Dashboard</a><a href=\"/c/{c}#rolls\">Rolls</a></nav>\
                 <span class=\"who\"><span class=\"badge role-{role}\">{role_text}</span> {label}</span>\
                 <span id=\"live-status\" class=\"live\" role=\"status\" aria-live=\"polite\">connecting…</span>",
                c = esc(&s.campaign),
                name = esc(&s.campaign_name),
                role = esc(&s.role_name().to_lowercase()),
                role_text = esc(s.role_name()),
                // "GM GM" says nothing twice: a label that is the role is left out.
                label = if s.label.eq_ignore_ascii_case(s.role_name()) {
                    String::new()
                } else {
                    esc(&s.label)
                },
            ),
        ),
        None => (
            String::new(),
            "<a class=\"brand\" href=\"/\">nanite</a>".to_string(),
        ),
    };
    let csrf = seat.map(|s| esc(&s.csrf)).unwrap_or_default();
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"csrf-token\" content=\"{csrf}\">\
         <meta name=\"htmx-config\" content=\"{{&quot;includeIndicatorStyles&quot;:false,&quot;allowEval&quot;:false}}\">\
         <title>{title}</title>\
         <link rel=\"stylesheet\" href=\"/assets/table.css\">\
         <script src=\"/assets/htmx.min.js\" defer></script>\
         <script src=\"/assets/table.js\" defer></script>\
         </head><body{attrs}><header class=\"top\">{header}</header>\
         <main>{body}</main></body></html>",
        title = esc(title),
    ))
}

/// A labelled bar (health, shield, armor points) with its exact numbers. The
/// filled part is an SVG rectangle whose width is an attribute: the pages'
/// Content-Security-Policy refuses `style` attributes.
pub(crate) fn bar(kind: &str, label: &str, now: i64, max: i64) -> String {
    let pct = if max > 0 {
        (now.clamp(0, max) * 100) / max
    } else {
        0
    };
    format!(
        "<div class=\"bar bar-{kind}\"><span class=\"bar-label\">{label} {now}/{max}</span>\
         <span class=\"bar-track\" role=\"meter\" aria-label=\"{label}\" aria-valuemin=\"0\" aria-valuemax=\"{max}\" aria-valuenow=\"{now}\">\
         <svg class=\"bar-fill\" viewBox=\"0 0 100 1\" preserveAspectRatio=\"none\" aria-hidden=\"true\" focusable=\"false\">\
         <rect width=\"{pct}\" height=\"1\"/></svg></span></div>",
        kind = esc(kind),
        label = esc(label),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_names_becomes_text() {
        assert_eq!(
            esc("<img src=x onerror=alert(1)>"),
            "&lt;img src=x onerror=alert(1)&gt;"
        );
        assert_eq!(esc("\"a\" & 'b'"), "&quot;a&quot; &amp; &#39;b&#39;");
        assert_eq!(val(&serde_json::json!("<b>")), "&lt;b&gt;");
        assert_eq!(val(&serde_json::json!(12)), "12");
        assert_eq!(val(&Value::Null), "");
    }

    #[test]
    fn bars_stay_inside_their_track() {
        assert!(bar("hp", "Health", 150, 100).contains("<rect width=\"100\""));
        assert!(bar("hp", "Health", -5, 100).contains("<rect width=\"0\""));
        assert!(bar("hp", "Health", 0, 0).contains("<rect width=\"0\""));
        assert!(bar("hp", "Health", 30, 120).contains("Health 30/120"));
    }
}
