//! The roll box (dice notation, roll modes, physical dice) and the shared
//! roll log, cut to what the viewer may see as the API cuts it.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};

use super::error_part;
use super::html::{Seat, render};
use crate::AppState;
use crate::error::AppError;
use crate::permissions::Role;
use crate::rolls::{Seen, ShownRoll};
use crate::sessions::Caller;
use crate::table::ItemBody;

/// The roll box and the log, as the side column of a page.
pub(crate) async fn section(
    state: &AppState,
    seat: &Seat,
    caller: &Caller,
) -> Result<String, AppError> {
    let log = log_html(state, &seat.campaign, caller).await?;
    Ok(render(&Section {
        campaign: &seat.campaign,
        gm: seat.is_gm(),
        spectator: seat.role == Role::Spectator,
        log: &log,
    }))
}

/// The side column.
#[derive(Template)]
#[template(path = "rolls/section.html")]
struct Section<'a> {
    campaign: &'a str,
    gm: bool,
    spectator: bool,
    log: &'a str,
}

/// The roll log, newest first (the latest 50).
#[derive(Template)]
#[template(path = "rolls/log.html")]
struct Log<'a> {
    rolls: Vec<ShownRoll<'a>>,
}

impl Log<'_> {
    /// The faces rolled (the first 30), comma-separated.
    fn faces(&self, roll: &nanite_dice::Roll) -> String {
        roll.dice
            .iter()
            .take(30)
            .map(|d| d.value.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `GET /c/{campaign}/part/rolls`: the log, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        log_html(&state, &campaign, &caller).await
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

async fn log_html(state: &AppState, campaign: &str, caller: &Caller) -> Result<String, AppError> {
    caller.member_of(campaign)?;
    let viewer = crate::view::viewer(caller);
    state
        .tables()
        .read(state, campaign, |table| {
            let rolls = table
                .feed
                .iter()
                .filter_map(|i| match &i.body {
                    ItemBody::Roll(r) => r.shown_to(&i.by, &viewer),
                    _ => None,
                })
                .collect();
            render(&Log { rolls })
        })
        .await
}

#[cfg(test)]
mod tests {
    use crate::permissions::{Role, Viewer};
    use crate::rolls::{RollItem, RollMode};

    fn drawn(item: &RollItem, by: &str, viewer: &Viewer) -> String {
        super::render(&super::Log {
            rolls: item.shown_to(by, viewer).into_iter().collect(),
        })
    }

    fn player(invite: &str) -> Viewer {
        Viewer {
            role: Role::Player,
            invite: invite.to_string(),
            slot: None,
        }
    }

    fn rolled(label: &str, mode: RollMode, expression: &str) -> RollItem {
        let roll = nanite_dice::Expression::parse(expression)
            .unwrap()
            .roll(&mut nanite_dice::ScriptedDice::new([4]))
            .unwrap();
        RollItem {
            label: label.to_string(),
            mode,
            expression: expression.to_string(),
            total: roll.total,
            roll,
            physical: false,
            seeded: None,
        }
    }

    #[test]
    fn a_blind_roll_shows_no_total_to_its_roller() {
        let item = rolled("Alice", RollMode::Blind, "d6");
        let shown = drawn(&item, "alice", &player("alice"));
        assert!(shown.contains("only the GM sees the result"), "{shown}");
        assert!(!shown.contains("class=\"total\""));
        assert!(drawn(&item, "alice", &player("bob")).contains("No roll yet"));
    }

    #[test]
    fn labels_and_expressions_are_text() {
        let item = rolled("<script>x</script>", RollMode::Public, "d6 # <b>");
        let shown = drawn(&item, "alice", &player("bob"));
        assert!(
            !shown.contains("<script>") && !shown.contains("<b>"),
            "{shown}"
        );
        assert!(shown.contains("x&#60;/script&#62;"), "{shown}");
        assert!(shown.contains("[4]"), "{shown}");
    }
}
