//! The campaign list: every campaign this browser joined, with its
//! ruleset and the viewer's role there, each a link that switches to it.
//! Reached from the "Campaigns" link in every page's header, and from `/`
//! when the browser holds more than one seat.

use axum::extract::State;
use axum::response::IntoResponse;

use super::answer::{PageAnswer, PageCaller};
use super::html::{self, role_name};
use crate::AppState;
use crate::campaigns::{self, Held};

/// One campaign as the list shows it.
struct Listed<'a> {
    /// Its id, for the link.
    id: &'a str,
    /// Its name.
    name: &'a str,
    /// Its ruleset in words.
    ruleset: &'static str,
    /// The viewer's role there in words.
    role: &'static str,
    /// The viewer's invitation label there, unless it only repeats the role.
    label: &'a str,
}

/// The list's body.
#[derive(askama::Template)]
#[template(path = "campaigns.html")]
struct Page<'a> {
    campaigns: Vec<Listed<'a>>,
}

fn listed(held: &Held) -> Listed<'_> {
    let role = role_name(held.invite.role);
    Listed {
        id: &held.campaign.id,
        name: &held.campaign.name,
        ruleset: held.campaign.ruleset.title(),
        role,
        label: if held.invite.label.eq_ignore_ascii_case(role) {
            ""
        } else {
            &held.invite.label
        },
    }
}

/// `GET /campaigns`: the campaigns of this browser.
pub(crate) async fn page(
    State(state): State<AppState>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    let held = campaigns::held(&state, &caller).await?;
    let body = html::render(&Page {
        campaigns: held.iter().map(listed).collect(),
    });
    Ok(html::page("Your campaigns · nanite", None, &body).into_response())
}
