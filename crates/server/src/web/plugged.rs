//! The encounter page of a registered ruleset (`crate::plugged`), drawn for
//! any of them from the contract alone: where the game stands and the
//! combatants the viewer may see ([`Board`]), the viewer's choices as the
//! ruleset offers them (one panel a combatant they act for, and the GM's
//! hand), the command line of the ruleset's text language, the log as the
//! viewer heard it, and the roll log. The same live refresh as every
//! tracker keeps it current.

use askama::Template;
use axum::response::{IntoResponse, Response};
use nanite_core::table::Board;

use super::html::{self, Seat};
use super::rolls;
use super::tracker::choices::{ChoiceView, ChoicesPanel, GM_HAND, TargetView};
use crate::campaigns::Campaign;
use crate::error::AppError;
use crate::permissions::Role;
use crate::ruleset::Play;
use crate::sessions::Caller;
use crate::{AppState, view};

/// The encounter as the page draws it.
struct Drawn {
    /// Its name.
    name: String,
    /// The ruleset's name for people.
    title: &'static str,
    /// Example lines of its command language, for the command box.
    examples: &'static [&'static str],
    /// The game as the viewer may see it.
    board: Board,
    /// Each combatant the viewer acts for now with its choices; then the
    /// GM's hand (choices with no actor).
    actors: Vec<(String, Vec<ChoiceView>)>,
    /// The GM's own choices.
    hand: Vec<ChoiceView>,
    /// The log as the viewer heard it, newest last, each entry's lines.
    log: Vec<Vec<String>>,
    /// The viewer's version of the table.
    version: i64,
}

async fn read(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<Drawn, AppError> {
    let viewer = view::viewer(caller);
    state
        .tables()
        .read(state, campaign, |t| {
            let enc = t.encounter(encounter)?;
            let Play::Plugged(game) = &enc.play else {
                return Err(AppError::internal("not a registered ruleset's encounter"));
            };
            let shown = crate::plugged::view::encounter(t, enc, game.as_ref(), &viewer);
            let choices: Vec<_> = crate::plugged::view::choices(enc, game.as_ref(), &viewer);
            let name_of = |id: &nanite_core::CombatantId| {
                shown
                    .board
                    .pieces
                    .iter()
                    .find(|p| &p.id == id)
                    .map_or_else(|| id.to_string(), |p| p.name.clone())
            };
            let mut actors: Vec<(String, Vec<ChoiceView>)> = Vec::new();
            let mut hand = Vec::new();
            for c in &choices {
                match &c.actor {
                    Some(id) => {
                        let name = name_of(id);
                        match actors.iter_mut().find(|(n, _)| *n == name) {
                            Some((_, list)) => list.push(ChoiceView::new(c)),
                            None => actors.push((name, vec![ChoiceView::new(c)])),
                        }
                    }
                    None => hand.push(ChoiceView::new(c)),
                }
            }
            Ok(Drawn {
                name: enc.name.clone(),
                title: crate::plugged::title(game.key()),
                examples: game.examples(),
                log: shown
                    .log
                    .iter()
                    .map(|s| s.entry.lines().to_vec())
                    .filter(|l| !l.is_empty())
                    .collect(),
                board: shown.board,
                actors,
                hand,
                version: t.seen_by(&viewer),
            })
        })
        .await?
}

/// The refreshed part of the page.
#[derive(Template)]
#[template(path = "plugged/part.html")]
struct Part<'a> {
    d: &'a Drawn,
    /// Each actor's choices panel, then the GM's hand, drawn.
    panels: Vec<String>,
}

impl<'a> Part<'a> {
    fn new(campaign: &'a str, encounter: &'a str, d: &'a Drawn, gm: bool) -> Self {
        let mut panels: Vec<String> = d
            .actors
            .iter()
            .map(|(name, list)| {
                html::render(&ChoicesPanel {
                    campaign,
                    encounter,
                    actor: Some(name.clone()),
                    targets: targets(&d.board, list),
                    turn: list.iter().collect(),
                    hand: Vec::new(),
                    hand_title: GM_HAND,
                })
            })
            .collect();
        if !d.hand.is_empty() {
            panels.push(html::render(&ChoicesPanel {
                campaign,
                encounter,
                actor: None,
                targets: Vec::new(),
                turn: Vec::new(),
                hand: d.hand.iter().collect(),
                hand_title: if gm { GM_HAND } else { "Your choices" },
            }));
        }
        Part { d, panels }
    }

    /// Whether `id` is the combatant whose turn it is.
    fn acting(&self, id: &nanite_core::CombatantId) -> bool {
        self.d.board.acting.as_ref() == Some(id)
    }
}

/// The targets `choices` are aimed at, in the board's order, each with
/// what the viewer may know of it; the first is picked.
fn targets(board: &Board, choices: &[ChoiceView]) -> Vec<TargetView> {
    board
        .pieces
        .iter()
        .filter(|p| {
            choices
                .iter()
                .any(|c| c.target.as_deref() == Some(p.id.as_str()))
        })
        .enumerate()
        .map(|(i, p)| TargetView {
            id: p.id.to_string(),
            name: p.name.clone(),
            facts: p
                .facts
                .iter()
                .map(|f| format!("{} {}", f.label, f.value))
                .collect::<Vec<_>>()
                .join(" · "),
            picked: i == 0,
        })
        .collect()
}

/// The page around the part.
#[derive(Template)]
#[template(path = "plugged/page.html")]
struct Page<'a> {
    campaign: &'a str,
    encounter: &'a str,
    /// Whether the viewer may act: the command line.
    acts: bool,
    /// Whether the viewer is the GM: the GM controls (undo).
    gm: bool,
    /// The command line's examples (none: the ruleset's language is its own).
    examples: &'a [&'a str],
    part: &'a str,
    rolls: &'a str,
}

/// `GET /c/{campaign}/e/{encounter}` in a registered ruleset's campaign.
pub(crate) async fn page(
    state: &AppState,
    settings: &Campaign,
    encounter: &str,
    caller: &Caller,
) -> Result<Response, AppError> {
    let campaign = &settings.id;
    let drawn = read(state, campaign, encounter, caller).await?;
    let seat = Seat::new(caller, &settings.name, drawn.version);
    let rolls = rolls::section(state, &seat, caller).await?;
    let part = html::render(&Part::new(campaign, encounter, &drawn, seat.is_gm()));
    let body = html::render(&Page {
        campaign,
        encounter,
        // The command box shows the ruleset's first example as its hint.
        acts: seat.role != Role::Spectator && !drawn.examples.is_empty(),
        gm: seat.is_gm(),
        examples: drawn.examples,
        part: &part,
        rolls: &rolls,
    });
    Ok(html::page(&format!("{} · nanite", drawn.name), Some(&seat), &body).into_response())
}

/// `GET /c/{campaign}/e/{encounter}/part` in a registered ruleset's campaign.
pub(crate) async fn part(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<String, AppError> {
    let drawn = read(state, campaign, encounter, caller).await?;
    let gm = caller.role() == Role::Gm;
    Ok(html::render(&Part::new(campaign, encounter, &drawn, gm)))
}
