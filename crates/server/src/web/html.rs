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

    /// The invitation's label beside the role badge: "GM GM" says nothing
    /// twice, so a label that is the role is left out.
    pub(crate) fn shown_label(&self) -> &str {
        if self.label.eq_ignore_ascii_case(self.role_name()) {
            ""
        } else {
            &self.label
        }
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
/// status line, and `body` (markup its own template rendered).
pub(crate) fn page(title: &str, seat: Option<&Seat>, body: &str) -> Html<String> {
    Html(render(&Page { title, seat, body }))
}

/// A template's markup. Rendering a template writes only to a `String`, so
/// it fails only when a value's `Display` does, which none of ours does; an
/// empty string stands in rather than a panic.
pub(crate) fn render(template: &impl askama::Template) -> String {
    template.render().unwrap_or_default()
}

/// The page layout.
#[derive(askama::Template)]
#[template(path = "page.html")]
struct Page<'a> {
    title: &'a str,
    seat: Option<&'a Seat>,
    body: &'a str,
}

/// A labelled bar (health, shield, armor points) with its exact numbers. The
/// filled part is an SVG rectangle whose width is an attribute: the pages'
/// Content-Security-Policy refuses `style` attributes. Drawn by the `bar`
/// macro of `templates/macros.html`.
pub(crate) struct Bar {
    /// Its class suffix (`hp`, `shield`).
    pub(crate) kind: &'static str,
    /// Its label.
    pub(crate) label: &'static str,
    /// How much is left.
    pub(crate) now: i64,
    /// The most there can be.
    pub(crate) max: i64,
}

impl Bar {
    /// The filled part in whole percent, inside the track whatever the numbers.
    pub(crate) fn percent(&self) -> i64 {
        if self.max > 0 {
            (self.now.clamp(0, self.max) * 100) / self.max
        } else {
            0
        }
    }
}

/// One bar on its own, for pages not yet drawn by a template.
#[derive(askama::Template)]
#[template(
    source = "{% import \"macros.html\" as m %}{% call m::bar(b) %}",
    ext = "html"
)]
struct BarPart<'a> {
    b: &'a Bar,
}

/// A bar's markup (see [`Bar`]).
pub(crate) fn bar(kind: &'static str, label: &'static str, now: i64, max: i64) -> String {
    render(&BarPart {
        b: &Bar {
            kind,
            label,
            now,
            max,
        },
    })
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
