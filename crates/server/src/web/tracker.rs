//! The combat tracker: the round, the initiative order with the active
//! combatant, each combatant as the viewer may see it (bars for the GM and
//! one's own, descriptors for the rest, exactly the API's view), conditions
//! with their durations, actions left and reactions used, the active
//! combatant's actions as the engine judges them, the latest result, the
//! log, and the GM's controls.

pub(crate) mod choices;
pub(crate) mod map;
pub(crate) mod render;
pub(crate) mod wall_draw;

use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::response::{Html, IntoResponse};
use nanite_core::CombatantId;

use super::answer::{PageAnswer, PageCaller, PartAnswer, PartCaller};
use super::html::{self, Seat};
use super::rolls;
use crate::error::AppError;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::{AppState, campaigns, characters, view};

/// The GM's choices the GM controls card already offers with its own forms.
const GM_CONTROLS: [&str; 8] = [
    "roll_initiative",
    "begin",
    "next_turn",
    "end_fight",
    "distance",
    "hide",
    "unhide",
    "harm",
];

/// What the engine knows that the API's view leaves out, cut to the viewer.
pub(crate) struct Extras {
    /// Conditions of each visible combatant: name, stacks, when it ends.
    pub(crate) conditions: BTreeMap<String, Vec<(String, u32, String)>>,
    /// Reactions each visible combatant used this round.
    pub(crate) reactions: BTreeMap<String, u32>,
    /// Reactions allowed per round.
    pub(crate) reactions_per_round: u32,
    /// The active combatant's actions, if the viewer acts for it.
    pub(crate) turn: Vec<choices::ChoiceView>,
    /// The GM's own hand (empty for anyone else).
    pub(crate) hand: Vec<choices::ChoiceView>,
    /// The GM's choices aimed at each combatant, by its id, for the panel
    /// on its card (empty for anyone else).
    pub(crate) panels: BTreeMap<String, Vec<choices::ChoiceView>>,
    /// Who the engine plays (`engine`), and the sides for the GM.
    pub(crate) engine: super::npcs::EngineShown,
    /// The battle map's section (`map.rs`), empty without a map.
    pub(crate) map: String,
    /// Names linked to their compendium entries (web/links.rs).
    pub(crate) links: super::links::Links,
}

/// The tracker as `caller` sees it: the fragment's markup, the
/// encounter's name and the stream version it shows.
struct Drawn {
    part: String,
    name: String,
    version: i64,
}

async fn read(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
    ask: &map::MapAsk,
) -> Result<Drawn, AppError> {
    caller.member_of(campaign)?;
    let viewer = view::viewer(caller);
    let gm = viewer.is_gm();
    let hands = crate::engine::hands(state, campaign, encounter).await?;
    let links = super::links::Links::of(state, campaign).await?;
    state
        .tables()
        .read(state, campaign, |t| {
            t.encounter(encounter).and_then(|e| {
                let battle = e.battle()?;
                let shown = view::cx_encounter(t, e, battle, &viewer);
                let clock = &battle.clock;
                let fog = crate::fog::seen_by_viewer(e, battle, &viewer);
                let visible = |id: &CombatantId| {
                    viewer.is_gm()
                        || (clock.seats.iter().any(|s| &s.id == id && !s.hidden)
                            && fog.as_ref().is_none_or(|f| f.contains(id)))
                };
                let mut conditions = BTreeMap::new();
                let mut reactions = BTreeMap::new();
                for seat in clock.seats.iter().filter(|s| visible(&s.id)) {
                    let list = clock
                        .effects_on(&seat.id)
                        .filter_map(|effect| match &effect.payload {
                            nanite_compound_x::encounter::CxEffect::Condition(c) => {
                                let ends = match &effect.expiry {
                                    Some(x) if visible(&x.at.of) => x.to_string(),
                                    Some(_) => "for a while".to_string(),
                                    None => "until treated or saved".to_string(),
                                };
                                Some((c.kind.key().to_string(), c.stacks, ends))
                            }
                            _ => None,
                        })
                        .collect();
                    conditions.insert(seat.id.to_string(), list);
                    reactions.insert(
                        seat.id.to_string(),
                        clock.reactions.get(&seat.id).copied().unwrap_or(0),
                    );
                }
                let seat = view::seat(e, clock.seats.iter().map(|s| &s.id), &viewer);
                let (turn, gm_choices): (Vec<_>, Vec<_>) =
                    crate::fog::choices(e, battle, &viewer, &seat)
                        .into_iter()
                        // The GM controls card keeps the clock's buttons and
                        // its distance, hiding and harm forms; the same
                        // commands aimed at one combatant go on its card.
                        .filter(|c| {
                            c.actor.is_some()
                                || c.target.is_some()
                                || !GM_CONTROLS.contains(&c.kind)
                        })
                        .partition(|c| c.actor.is_some());
                let (aimed, hand): (Vec<_>, Vec<_>) =
                    gm_choices.into_iter().partition(|c| c.target.is_some());
                let mut panels: BTreeMap<String, Vec<choices::ChoiceView>> = BTreeMap::new();
                for c in &aimed {
                    if let Some(t) = &c.target {
                        panels
                            .entry(t.to_string())
                            .or_default()
                            .push(choices::ChoiceView::new(c));
                    }
                }
                let turn: Vec<choices::ChoiceView> =
                    turn.iter().map(choices::ChoiceView::new).collect();
                let map = map::section(campaign, encounter, &shown, battle, &turn, ask, gm);
                let extras = Extras {
                    map,
                    conditions,
                    reactions,
                    reactions_per_round: clock.limits.reactions_per_round,
                    turn,
                    hand: hand.iter().map(choices::ChoiceView::new).collect(),
                    panels,
                    engine: super::npcs::EngineShown::of(e, &hands, gm),
                    links: links.clone(),
                };
                Ok(Drawn {
                    part: render::part(campaign, encounter, &shown, &extras, gm),
                    name: e.name.clone(),
                    version: t.seen_by(&viewer),
                })
            })
        })
        .await?
}

/// The tracker page's body around the fragment.
#[derive(askama::Template)]
#[template(path = "tracker/page.html")]
struct Page<'a> {
    campaign: &'a str,
    encounter: &'a str,
    /// Whether the viewer may act (not a spectator): their own dice and the
    /// command line.
    acts: bool,
    /// The command line's examples.
    examples: &'static [&'static str],
    part: &'a str,
    /// The map's preview asked in the address, for the live refresh.
    query: String,
    gm: &'a str,
    rolls: &'a str,
    /// The dice part (own dice, the awaited roll).
    dice: &'a str,
}

/// `GET /c/{campaign}/e/{encounter}`: the tracker.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    Query(ask): Query<map::MapAsk>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    caller.member_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    match settings.ruleset {
        Ruleset::CompoundX => {}
        Ruleset::Station => return Err(crate::campaigns::station_has_no("encounters").into()),
        Ruleset::D20 => return Ok(super::d20::page(&state, &settings, &encounter, &caller).await?),
        Ruleset::Plugged(_) => {
            return Ok(super::plugged::page(&state, &settings, &encounter, &caller).await?);
        }
    }
    let drawn = read(&state, &campaign, &encounter, &caller, &ask).await?;
    let seat = Seat::new(&caller, &settings.name, drawn.version);
    let rolls = rolls::section(&state, &seat, &caller).await?;
    let dice = super::dice::markup(&state, &campaign, &encounter, &caller).await?;
    let gm = if seat.is_gm() {
        let chars = characters::listing(&state, &campaign, &caller).await?;
        let library = crate::library::all(&state, &campaign).await?;
        render::gm_controls(&campaign, &encounter, &chars.characters)
            + &map::gm_form(&campaign, &encounter)
            + &super::npcs::tracker_controls(&campaign, &encounter, &library, true, None)
    } else {
        String::new()
    };
    let body = html::render(&Page {
        campaign: &campaign,
        encounter: &encounter,
        acts: seat.role != crate::permissions::Role::Spectator,
        examples: &["vex fire burst raider", "vex move 6 toward raider", "next"],
        part: &drawn.part,
        query: ask.query(),
        gm: &gm,
        rolls: &rolls,
        dice: &dice,
    });
    Ok(html::page(&format!("{} · nanite", drawn.name), Some(&seat), &body).into_response())
}

/// `GET /c/{campaign}/e/{encounter}/part`: the tracker, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    Query(ask): Query<map::MapAsk>,
    PartCaller(caller): PartCaller,
) -> PartAnswer {
    caller.member_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    match settings.ruleset {
        Ruleset::CompoundX => {}
        Ruleset::Station => return Err(crate::campaigns::station_has_no("encounters").into()),
        Ruleset::D20 => {
            return Ok(Html(
                super::d20::part(&state, &campaign, &encounter, &caller).await?,
            ));
        }
        Ruleset::Plugged(_) => {
            return Ok(Html(
                super::plugged::part(&state, &campaign, &encounter, &caller).await?,
            ));
        }
    }
    Ok(Html(
        read(&state, &campaign, &encounter, &caller, &ask)
            .await?
            .part,
    ))
}
