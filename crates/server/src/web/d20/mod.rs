//! The D20 combat tracker: the round and the initiative order with the
//! active combatant, the field drawn as the grid (an HTML table whose
//! squares are move buttons on one's turn) or as each side's front and back
//! rows, each combatant as the viewer may see it (exact health for the GM
//! and one's own, descriptors for the rest: the API's view), conditions and
//! grapples, the actions of the combatant the viewer acts for as the engine
//! judges them, the latest result with its breakdown, the log, and the
//! GM's controls.

mod field;
mod render;
pub(crate) mod sheet;

use askama::Template;
use axum::response::{IntoResponse, Response};
use nanite_core::CombatantId;

use super::html::{self, Seat};
use super::rolls;
use crate::campaigns::Campaign;
use crate::d20::view::EncounterView;
use crate::error::AppError;
use crate::permissions::{Role, Viewer};
use crate::sessions::Caller;
use crate::web::tracker::choices::ChoiceView;
use crate::{AppState, characters, view};
use render::{GmControls, Named, Part};

/// What the page shows beside the API's view, judged by the engine.
pub(crate) struct Judged {
    /// The combatant the viewer's buttons act for.
    pub(crate) actor: Option<CombatantId>,
    /// Its actions: the engine's choices for it.
    pub(crate) turn: Vec<ChoiceView>,
    /// The GM's own commands the GM controls do not already offer.
    pub(crate) hand: Vec<ChoiceView>,
    /// The GM's commands aimed at each combatant, by its id, for the panel
    /// on its card (empty for anyone else).
    pub(crate) panels: std::collections::BTreeMap<String, Vec<ChoiceView>>,
    /// On the grid: each square it may move to, or why not.
    pub(crate) moves: Vec<nanite_d20::encounter::Square>,
    /// Who the engine plays (`engine`), and the sides for the GM.
    pub(crate) engine: crate::web::npcs::EngineShown,
}

/// The GM's commands the GM controls card already offers as forms.
const GM_CONTROLS: [&str; 9] = [
    "roll_initiative",
    "begin",
    "next_turn",
    "end",
    "position",
    "check",
    "harm",
    "hide",
    "reveal",
];

/// The encounter as the caller sees it, the stream's version, and the
/// engine's judgement of the caller's actions.
async fn read(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<(EncounterView, i64, Judged), AppError> {
    caller.member_of(campaign)?;
    let viewer = view::viewer(caller);
    let hands = crate::engine::hands(state, campaign, encounter).await?;
    state
        .tables()
        .read(state, campaign, |t| {
            let e = t.encounter(encounter)?;
            let battle = e.d20()?;
            let shown = crate::d20::view::encounter(t, e, battle, &viewer);
            let owns = |id: &CombatantId| view::owns(e.roster.get(id), &viewer);
            let seat = view::seat(e, battle.clock.seats.iter().map(|s| &s.id), &viewer);
            let mut judged = judged(battle, &viewer, &seat, &owns);
            judged.engine = crate::web::npcs::EngineShown::of(e, &hands, viewer.is_gm());
            Ok((shown, t.seen_by(&viewer), judged))
        })
        .await?
}

/// The actions of the combatant the viewer acts for now (the one owed a
/// choice after a natural 1, else the active one) and the GM's hand, as the
/// engine offers them, and that combatant's squares on the grid.
fn judged(
    battle: &nanite_d20::encounter::Battle,
    viewer: &Viewer,
    seat: &nanite_core::table::Seat,
    owns: &dyn Fn(&CombatantId) -> bool,
) -> Judged {
    let offered = nanite_d20::encounter::choices::choices(battle, seat);
    let (turn, gm): (Vec<_>, Vec<_>) = offered
        .iter()
        // The GM controls keep their forms; the same commands aimed at one
        // combatant go on its card.
        .filter(|c| c.actor.is_some() || c.target.is_some() || !GM_CONTROLS.contains(&c.kind))
        .partition(|c| c.actor.is_some());
    let (aimed, hand): (Vec<_>, Vec<_>) = gm.into_iter().partition(|c| c.target.is_some());
    let mut panels: std::collections::BTreeMap<String, Vec<ChoiceView>> =
        std::collections::BTreeMap::new();
    for c in &aimed {
        if let Some(t) = &c.target {
            panels
                .entry(t.to_string())
                .or_default()
                .push(ChoiceView::new(c));
        }
    }
    let turn = turn.into_iter().map(ChoiceView::new).collect();
    let hand = hand.into_iter().map(ChoiceView::new).collect();
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
            turn,
            hand,
            panels,
            moves: Vec::new(),
            engine: Default::default(),
        };
    };
    // The squares are the engine's move choice's (judged, as every choice
    // is, on the fight as the seat knows it: a hidden enemy leaves no hole
    // among them and no reason that names it).
    let moves = field::moves(&offered, &actor);
    Judged {
        actor: Some(actor),
        turn,
        hand,
        panels,
        moves,
        engine: Default::default(),
    }
}

/// The tracker page's body (the shared layout frames it).
#[derive(Template)]
#[template(path = "d20/page.html")]
struct TrackerPage<'a> {
    /// The campaign's id.
    campaign: &'a str,
    /// The encounter's id.
    encounter: &'a str,
    /// Whether the viewer may act (not a spectator): their own dice and the
    /// command line.
    own_dice: bool,
    /// The command line's examples.
    examples: &'static [&'static str],
    /// The tracker fragment.
    part: Part<'a>,
    /// The GM's controls, for the GM.
    gm: Option<GmControls<'a>>,
    /// The GM's NPC controls (the library), for the GM.
    npcs: String,
    /// The roll box and log.
    rolls: String,
    /// The dice part (own dice, the awaited roll).
    dice: String,
}

/// `GET /c/{campaign}/e/{encounter}` for a D20 campaign.
pub(crate) async fn page(
    state: &AppState,
    settings: &Campaign,
    encounter: &str,
    caller: &Caller,
) -> Result<Response, AppError> {
    let campaign = &settings.id;
    let (shown, version, judged) = read(state, campaign, encounter, caller).await?;
    let seat = Seat::new(caller, &settings.name, version);
    let rolls = rolls::section(state, &seat, caller).await?;
    let dice = super::dice::markup(state, campaign, encounter, caller).await?;
    let characters: Vec<Named> = if seat.is_gm() {
        characters::listing(state, campaign, caller)
            .await?
            .characters
            .into_iter()
            .map(|c| Named {
                id: c.id,
                name: c.name,
            })
            .collect()
    } else {
        Vec::new()
    };
    let npcs = if seat.is_gm() {
        let library = crate::library::all(state, campaign).await?;
        let grid = match shown.field {
            nanite_d20::encounter::Field::Map { width, height } => Some((width - 1, height - 1)),
            nanite_d20::encounter::Field::Rows => None,
        };
        super::npcs::tracker_controls(campaign, encounter, &library, false, grid)
    } else {
        String::new()
    };
    let body = html::render(&TrackerPage {
        campaign,
        encounter,
        own_dice: seat.role != Role::Spectator,
        examples: &["kara attack raider", "kara move 3,4", "next"],
        part: Part::new(campaign, encounter, &shown, &judged, seat.is_gm())
            .with_links(crate::web::links::Links::of(state, campaign).await?),
        gm: seat
            .is_gm()
            .then(|| GmControls::new(campaign, encounter, &shown.field, &characters)),
        npcs,
        rolls,
        dice,
    });
    Ok(html::page(&format!("{} · nanite", shown.name), Some(&seat), &body).into_response())
}

/// `GET /c/{campaign}/e/{encounter}/part` for a D20 campaign.
pub(crate) async fn part(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<String, AppError> {
    let (shown, _, judged) = read(state, campaign, encounter, caller).await?;
    Part::new(
        campaign,
        encounter,
        &shown,
        &judged,
        caller.role() == Role::Gm,
    )
    .with_links(crate::web::links::Links::of(state, campaign).await?)
    .render()
    .map_err(AppError::internal)
}
