//! The tracker's dice part: the viewer's choice to roll their own dice (a
//! box kept by the server, `PUT /api/.../own-dice`), and the roll the
//! encounter waits for (`crate::waiting`): the player whose roll it is gets
//! a button that opens the dice dialog, the GM sees the table waiting and
//! may roll it for them or drop it, everyone else sees whose dice the table
//! waits for. Refreshed live like the tracker.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Html;

use super::answer::{PartAnswer, PartCaller};
use crate::AppState;
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::waiting::{AwaitedView, rolls_own, shown};

/// The dice part.
#[derive(Template)]
#[template(path = "dice/part.html")]
struct Part {
    /// The viewer may act (not a spectator): the own-dice box.
    acts: bool,
    /// The viewer rolls their own dice.
    own: bool,
    /// The viewer is the GM.
    gm: bool,
    /// The roll the encounter waits for.
    awaited: Option<AwaitedView>,
    /// `/api/campaigns/{campaign}/encounters/{encounter}/awaited`.
    api: String,
}

/// The part's markup for `caller`.
pub(crate) async fn markup(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<String, AppError> {
    let (own, awaited) = crate::view::read_as(state, campaign, caller, |t, viewer| {
        t.encounter(encounter)?;
        Ok::<_, AppError>((rolls_own(t, &viewer.invite), shown(t, encounter, viewer)))
    })
    .await??;
    Ok(super::html::render(&Part {
        acts: caller.role() != Role::Spectator,
        own,
        gm: caller.role() == Role::Gm,
        awaited,
        api: format!("/api/campaigns/{campaign}/encounters/{encounter}/awaited"),
    }))
}

/// `GET /c/{campaign}/e/{encounter}/dice`: the dice part, for htmx.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    PartCaller(caller): PartCaller,
) -> PartAnswer {
    Ok(Html(markup(&state, &campaign, &encounter, &caller).await?))
}
