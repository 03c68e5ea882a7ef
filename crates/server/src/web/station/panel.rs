//! The Station page's words: the status line (turn, phase, threat, alarm,
//! cards, objectives, and for the GM the creature points and controls),
//! each unit's card with its actions as the engine judged them, the
//! narrated log, and the dashboard's list of games with the GM's start
//! form. Each is a template under `templates/station/` fed by the game's
//! typed view; the templates escape every text.

use askama::Template;
use serde::Serialize;

use super::actions::Judged;
use super::render;
use crate::permissions::Role;
use crate::station::api::{ScenarioList, ScenarioSource};
use crate::station::view::{CardView, CrewView, GameListed, GameView, ObjectiveView};
use crate::web::html::Bar;

/// Who is looking, for the seat controls: their role and, for the GM, the
/// player invitations (id and label) that can be seated.
pub(crate) struct Seating {
    /// The viewer's role.
    pub(crate) role: Role,
    /// Player invitations not revoked: id and label (the GM's page only).
    pub(crate) players: Vec<(String, String)>,
    /// Crew members a player invitation was made for (by its slot).
    pub(crate) slots: Vec<String>,
}

/// The status card, with the GM's controls and the side's turn buttons.
#[derive(Template)]
#[template(path = "station/status.html")]
pub(super) struct Status<'a> {
    pub(super) view: &'a GameView,
    pub(super) judged: &'a Judged,
    pub(super) gm: bool,
    pub(super) api: &'a str,
}

impl Status<'_> {
    fn phase_text(&self) -> &'static str {
        match (self.view.phase, self.view.winner) {
            ("setup", _) => "Setup: the GM places the first creatures",
            ("players", _) => "The players' turn",
            ("gm", _) => "The GM's turn",
            ("over", Some("players")) => "Game over: the players win",
            ("over", _) => "Game over: the GM wins",
            _ => "",
        }
    }

    /// The creature points, on the GM's page.
    fn points(&self) -> Option<(i32, i32)> {
        let gm = &self.view.gm;
        gm.bcp.zip(gm.mcp).filter(|_| self.gm)
    }

    /// What reaching `o` gives.
    fn reward(&self, o: &ObjectiveView) -> String {
        match (o.reward, o.win) {
            (0, true) => " (wins the game)".to_string(),
            (r, true) => format!(" ({r} CM each, wins the game)"),
            (0, false) => String::new(),
            (r, false) => format!(" ({r} CM each)"),
        }
    }

    /// The last three action cards drawn, newest first.
    fn cards(&self) -> Vec<&CardView> {
        self.view.gm.cards.iter().rev().take(3).collect()
    }
}

/// The body a seat button posts to `.../seats`.
#[derive(Serialize)]
struct SeatBody<'a> {
    crew: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    free: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<&'a str>,
}

/// A seat button: what it posts and what it says.
struct SeatButton {
    body: String,
    text: String,
}

impl SeatButton {
    fn new(body: &SeatBody<'_>, text: String) -> Self {
        SeatButton {
            body: serde_json::to_string(body).unwrap_or_default(),
            text,
        }
    }
}

/// Who plays a crew member, and the seat buttons the viewer may use.
enum SeatLine {
    /// The viewer's own: they may give it back.
    Yours(SeatButton),
    /// Free: the viewer may claim it.
    Free(SeatButton),
    /// Someone else's.
    Taken,
    /// The GM's view: who plays it, and the buttons to seat or free.
    Gm {
        who: String,
        buttons: Vec<SeatButton>,
    },
}

/// The side panel: a card for every unit (the selected one is shown).
#[derive(Template)]
#[template(path = "station/side.html")]
pub(super) struct Side<'a> {
    pub(super) view: &'a GameView,
    pub(super) judged: &'a Judged,
    pub(super) api: &'a str,
    pub(super) seating: &'a Seating,
}

impl Side<'_> {
    /// A unit's hit point bar.
    fn hp(&self, now: &i32, max: &i32) -> Bar {
        Bar {
            kind: "hp",
            label: "HP",
            now: i64::from(*now),
            max: i64::from(*max),
        }
    }

    /// Whether the viewer acts for crew member `id`.
    fn mine(&self, id: &str) -> bool {
        self.view.crew.iter().any(|c| c.yours && c.id == id)
    }

    /// The crew member's stats, "Str 3 · Dex 2".
    fn stats(&self, c: &CrewView) -> String {
        let stats: Vec<String> = c.stats.iter().map(|(k, v)| format!("{k} {v}")).collect();
        stats.join(" · ")
    }

    /// The skills they have, or "none".
    fn skills(&self, c: &CrewView) -> String {
        let skills: Vec<String> = c
            .skills
            .iter()
            .filter(|(_, v)| **v != 0)
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        if skills.is_empty() {
            "none".into()
        } else {
            skills.join(" · ")
        }
    }

    /// The weapon in hand, its mods and whether it is broken, or "none".
    fn weapon(&self, c: &CrewView) -> String {
        match &c.weapon {
            Some(w) => format!(
                "{}{}{}",
                w.name,
                if w.mods > 0 {
                    format!(" (+{} mods)", w.mods)
                } else {
                    String::new()
                },
                if w.broken { " (broken)" } else { "" }
            ),
            None => "none".into(),
        }
    }

    /// The armor worn, or "none".
    fn armor<'c>(&self, c: &'c CrewView) -> &'c str {
        c.armor.as_ref().map_or("none", |a| a.name.as_str())
    }

    /// What they carry, or "empty".
    fn inventory(&self, c: &CrewView) -> String {
        let items: Vec<&str> = c.inventory.iter().map(|i| i.name.as_str()).collect();
        if items.is_empty() {
            "empty".into()
        } else {
            items.join(", ")
        }
    }

    /// Who plays crew member `c`, and the seat buttons the viewer may use.
    fn seat_line(&self, c: &CrewView) -> SeatLine {
        let (id, seat, seating) = (c.id.as_str(), c.seat.as_deref(), self.seating);
        let slotted = seating.slots.iter().any(|s| s == id);
        let free = |text: &str| {
            SeatButton::new(
                &SeatBody {
                    crew: id,
                    free: Some(true),
                    seat: None,
                },
                text.into(),
            )
        };
        match seating.role {
            Role::Player if c.yours => SeatLine::Yours(free("Give back")),
            Role::Player if seat.is_none() && !slotted => SeatLine::Free(SeatButton::new(
                &SeatBody {
                    crew: id,
                    free: None,
                    seat: None,
                },
                format!("Claim {id}"),
            )),
            Role::Player | Role::Spectator => SeatLine::Taken,
            Role::Gm => {
                let who = match seat {
                    Some(invite) => format!(
                        "Played by {}.",
                        seating
                            .players
                            .iter()
                            .find(|(i, _)| i == invite)
                            .map_or(invite, |(_, l)| l.as_str())
                    ),
                    None if slotted => "Played by the player invited for this slot.".into(),
                    None => "No player is seated here.".into(),
                };
                let mut buttons: Vec<SeatButton> = seating
                    .players
                    .iter()
                    .filter(|(i, _)| Some(i.as_str()) != seat)
                    .map(|(i, l)| {
                        SeatButton::new(
                            &SeatBody {
                                crew: id,
                                free: None,
                                seat: Some(i),
                            },
                            format!("Seat {l}"),
                        )
                    })
                    .collect();
                if seat.is_some() {
                    buttons.push(free("Free"));
                }
                SeatLine::Gm { who, buttons }
            }
        }
    }
}

/// A line of the log: a breakdown line (indented in the narration) is
/// drawn apart.
struct LogLine {
    breakdown: bool,
    text: String,
}

/// The narrated log, newest first.
#[derive(Template)]
#[template(path = "station/log.html")]
pub(super) struct Log {
    entries: Vec<Vec<LogLine>>,
}

impl Log {
    pub(super) fn new(view: &GameView) -> Log {
        Log {
            entries: view
                .log
                .iter()
                .rev()
                .take(40)
                .map(|e| {
                    e.entry
                        .what
                        .lines()
                        .into_iter()
                        .map(|l| match l.strip_prefix(' ') {
                            Some(_) => LogLine {
                                breakdown: true,
                                text: l.trim().to_string(),
                            },
                            None => LogLine {
                                breakdown: false,
                                text: l,
                            },
                        })
                        .collect()
                })
                .collect(),
        }
    }
}

/// The dashboard's card of Station games.
#[derive(Template)]
#[template(path = "station/games.html")]
struct GamesCard<'a> {
    campaign: &'a str,
    games: &'a [GameListed],
    gm: bool,
}

/// The dashboard's card of Station games.
pub(crate) fn games_card(campaign: &str, games: &[GameListed], gm: bool) -> String {
    render(&GamesCard {
        campaign,
        games,
        gm,
    })
}

/// The GM's forms to start a game.
#[derive(Template)]
#[template(path = "station/start.html")]
struct StartForms<'a> {
    campaign: &'a str,
    list: &'a ScenarioList,
}

/// The GM's forms to start a game: a scenario of the campaign's pack or a
/// sample, or a file of their own.
pub(crate) fn start_forms(campaign: &str, list: &ScenarioList) -> String {
    render(&StartForms { campaign, list })
}
