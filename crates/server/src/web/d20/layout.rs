//! What every D20 page's frame (`templates/d20/layout.html`) shows of its
//! viewer: the campaign, the role and label, the CSRF token for the page's
//! script and the stream version the page was drawn at.

use crate::permissions::Role;
use crate::sessions::{Caller, Via};

/// The viewer at the head of a page.
pub(crate) struct Head {
    /// The campaign's id.
    pub(crate) campaign: String,
    /// The campaign's name.
    pub(crate) campaign_name: String,
    /// The viewer's role.
    pub(crate) role: Role,
    /// The viewer's invitation label.
    label: String,
    /// The session's CSRF token (empty for bearer callers).
    pub(crate) csrf: String,
    /// The stream version the page was rendered at.
    pub(crate) version: i64,
}

impl Head {
    /// The head of `caller`'s page of the campaign `campaign_name`, as of
    /// `version`.
    pub(crate) fn new(caller: &Caller, campaign_name: &str, version: i64) -> Head {
        Head {
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
        match self.role {
            Role::Gm => "GM",
            Role::Player => "player",
            Role::Spectator => "spectator",
        }
    }

    /// The viewer's label, left out when it only repeats the role ("GM GM"
    /// says nothing twice).
    pub(crate) fn label(&self) -> &str {
        if self.label.eq_ignore_ascii_case(self.role_name()) {
            ""
        } else {
            &self.label
        }
    }
}
