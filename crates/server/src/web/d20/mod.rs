//! The D20 combat tracker: the round and the initiative order with the
//! active combatant, the field drawn as the grid (an HTML table whose
//! squares are move buttons on one's turn) or as each side's front and back
//! rows, each combatant as the viewer may see it (exact health for the GM
//! and one's own, descriptors for the rest: the API's view), conditions and
//! grapples, the actions of the combatant the viewer acts for as the engine
//! judges them, the latest result with its breakdown, the log, and the
//! GM's controls.

mod actions;
mod field;
mod render;
pub(crate) mod sheet;

use axum::response::{IntoResponse, Response};
use nanite_core::CombatantId;
use serde_json::{Value, json};

use super::html::{self, Seat, esc};
use super::rolls;
use crate::campaigns::Campaign;
use crate::error::AppError;
use crate::permissions::{Role, Viewer};
use crate::sessions::Caller;
use crate::{AppState, characters, view};

/// What the page shows beside the API's view, judged by the engine.
pub(crate) struct Judged {
    /// The combatant the viewer's buttons act for.
    pub(crate) actor: Option<String>,
    /// Its actions.
    pub(crate) choices: Vec<actions::Choice>,
    /// On the grid: each square it may move to, or why not.
    pub(crate) moves: Vec<(nanite_d20::encounter::Square, Result<(), String>)>,
}

async fn read(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<(Value, Judged), AppError> {
    caller.member_of(campaign)?;
    let viewer = view::viewer(caller);
    state
        .tables()
        .read(state, campaign, |t| {
            let e = t.encounter(encounter)?;
            let battle = e.d20()?;
            let mut shown = view::encounter(e, &viewer);
            shown["version"] = json!(t.version);
            let owns = |id: &CombatantId| view::owns(e.roster.get(id), &viewer);
            Ok((shown, judged(battle, &viewer, &owns)))
        })
        .await?
}

/// The actions of the combatant the viewer acts for now: the one owed a
/// choice after a natural 1, else the active one.
/// The fight as `viewer` knows it: for anyone but the GM, the combatants
/// hidden from the players have left this copy (the one whose turn it is
/// stays, so the clock is unchanged).
fn known_by(
    battle: &nanite_d20::encounter::Battle,
    viewer: &Viewer,
) -> nanite_d20::encounter::Battle {
    use nanite_core::ClockCommand;
    use nanite_d20::encounter::{Command, D20};
    if viewer.is_gm() {
        return battle.clone();
    }
    nanite_core::table::without_hidden::<D20, _>(battle, &battle.clock, |id| {
        Command::Clock(ClockCommand::Leave { id })
    })
}

fn judged(
    battle: &nanite_d20::encounter::Battle,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
) -> Judged {
    let clock = &battle.clock;
    let visible =
        |id: &CombatantId| viewer.is_gm() || clock.seats.iter().any(|s| &s.id == id && !s.hidden);
    let acts = |id: &CombatantId| {
        visible(id) && (viewer.role == Role::Gm || (viewer.role == Role::Player && owns(id)))
    };
    let actor = battle
        .owed
        .as_ref()
        .map(|o| o.chooser.clone())
        .or_else(|| clock.active.clone())
        .filter(|id| acts(id));
    let Some(actor) = actor else {
        return Judged {
            actor: None,
            choices: Vec::new(),
            moves: Vec::new(),
        };
    };
    let targets: Vec<CombatantId> = clock
        .seats
        .iter()
        .filter(|s| s.id != actor && visible(&s.id))
        .map(|s| s.id.clone())
        .collect();
    // A player's actions and squares are judged on the fight as they know
    // it, so a hidden enemy leaves no hole among the squares and no reason
    // that names it.
    let known = known_by(battle, viewer);
    let choices = actions::choices(&known, viewer, owns, &actor, &targets);
    let moves = field::moves(&known, viewer, owns, &actor);
    Judged {
        actor: Some(actor.to_string()),
        choices,
        moves,
    }
}

/// `GET /c/{campaign}/e/{encounter}` for a D20 campaign.
pub(crate) async fn page(
    state: &AppState,
    settings: &Campaign,
    encounter: &str,
    caller: &Caller,
) -> Result<Response, AppError> {
    let campaign = &settings.id;
    let (shown, judged) = read(state, campaign, encounter, caller).await?;
    let seat = Seat::new(
        caller,
        &settings.name,
        shown["version"].as_i64().unwrap_or(0),
    );
    let part = render::part(campaign, encounter, &shown, &judged, seat.is_gm());
    let rolls = rolls::section(state, &seat, caller).await?;
    let gm = if seat.is_gm() {
        let chars = characters::list(
            axum::extract::State(state.clone()),
            axum::extract::Path(campaign.clone()),
            caller.clone(),
        )
        .await?
        .0;
        render::gm_controls(campaign, encounter, &shown, &serde_json::json!(chars))
    } else {
        String::new()
    };
    let own_dice = if seat.role == Role::Spectator {
        ""
    } else {
        "<div class=\"check own-dice\"><input type=\"checkbox\" id=\"own-dice\"><label for=\"own-dice\">I roll my own dice for actions (the page asks for each die the engine needs)</label></div>"
    };
    let body = format!(
        "<div class=\"layout\"><div class=\"main-col\">\
         <p class=\"crumbs\"><a href=\"/c/{c}\">← Dashboard</a></p>\
         {own_dice}\
         <section id=\"result-card\" class=\"card result-card\" aria-live=\"polite\" hidden></section>\
         <section id=\"tracker\" class=\"d20\" hx-get=\"/c/{c}/e/{e}/part\" hx-trigger=\"nanite-update from:body\" hx-swap=\"innerHTML\">{part}</section>\
         {gm}</div>{rolls}</div>",
        c = esc(campaign),
        e = esc(encounter),
    );
    Ok(html::page(
        &format!("{} · nanite", shown["name"].as_str().unwrap_or("encounter")),
        Some(&seat),
        &body,
    )
    .into_response())
}

/// `GET /c/{campaign}/e/{encounter}/part` for a D20 campaign.
pub(crate) async fn part(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<String, AppError> {
    let (shown, judged) = read(state, campaign, encounter, caller).await?;
    Ok(render::part(
        campaign,
        encounter,
        &shown,
        &judged,
        caller.role() == Role::Gm,
    ))
}
