//! The page layout and the small pieces every page shares (the viewer's
//! seat and role badge, bars). Escaping is the templates' own.

use axum::response::Html;

use crate::permissions::Role;
use crate::sessions::{Caller, Via};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_stay_inside_their_track() {
        let bar = |now, max| Bar {
            kind: "hp",
            label: "Health",
            now,
            max,
        };
        assert_eq!(bar(150, 100).percent(), 100);
        assert_eq!(bar(-5, 100).percent(), 0);
        assert_eq!(bar(0, 0).percent(), 0);
        assert_eq!(bar(30, 120).percent(), 25);
    }
}
