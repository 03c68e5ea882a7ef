//! The campaign dashboard: the campaign's settings and house rules, its
//! invitation links and participants (GM), characters, encounters, the
//! roll box and log, a new campaign (GM) and the export (GM).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{Html, IntoResponse};
use nanite_compound_x::HouseRules;
use std::collections::BTreeMap;

use askama::Template;
use serde::Serialize;

use super::answer::{PageAnswer, PageCaller, PartAnswer, PartCaller};
use super::html::{self, Seat};
use super::rolls;
use crate::campaigns::Campaign;
use crate::error::AppError;
use crate::invites::Invite;
use crate::permissions::Role;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::{AppState, campaigns, characters, encounters, invites};

/// What the dashboard shows, read once per drawing.
struct Data {
    campaign: Campaign,
    version: i64,
    encounters: Vec<crate::table::Listed>,
    /// Station games, for Station's own card.
    games: Vec<crate::station::view::GameListed>,
    /// Station games' ids.
    game_ids: Vec<String>,
    characters: Vec<characters::Listed>,
    /// Every invitation (read for the GM only).
    invites: Vec<Invite>,
    /// The NPC library and prepared encounters, drawn (GM only, not
    /// Station).
    npcs: String,
}

async fn data(state: &AppState, campaign: &str, caller: &Caller) -> Result<Data, AppError> {
    caller.member_of(campaign)?;
    let settings = campaigns::get(state, campaign).await?;
    let (version, encounters, games, game_ids) = state
        .tables()
        .read(state, campaign, |table| {
            (
                table.seen_by(&crate::view::viewer(caller)),
                table.encounter_list(),
                crate::station::api::games(table),
                table.stations.keys().cloned().collect(),
            )
        })
        .await?;
    let characters = if settings.ruleset == Ruleset::Station {
        Vec::new()
    } else {
        characters::listing(state, campaign, caller)
            .await?
            .characters
    };
    let invites = if caller.role() == Role::Gm {
        invites::all(state, campaign).await?
    } else {
        Vec::new()
    };
    let npcs = if caller.role() == Role::Gm && settings.ruleset != Ruleset::Station {
        super::npcs::dashboard_cards(
            campaign,
            settings.ruleset,
            &crate::library::all(state, campaign).await?,
            &crate::prepared::all(state, campaign).await?,
        )
    } else {
        String::new()
    };
    Ok(Data {
        campaign: settings,
        version,
        encounters,
        games,
        game_ids,
        characters,
        invites,
        npcs,
    })
}

/// The dashboard's lists, refreshed live.
#[derive(Template)]
#[template(path = "dashboard/part.html")]
struct Part<'a> {
    d: &'a Data,
    gm: bool,
    /// The caller's own invitation, which they may not revoke from here.
    you: &'a str,
    /// Station's games card.
    station_games: String,
}

impl Part<'_> {
    /// Whether the campaign plays a registered ruleset, which has no
    /// characters nor NPC library.
    fn plugged(&self) -> bool {
        matches!(self.d.campaign.ruleset, Ruleset::Plugged(_))
    }

    fn initiative_by(&self) -> &'static str {
        match self.d.campaign.d20.as_ref().map(|d| d.initiative) {
            Some(nanite_d20::InitiativeBy::Side) => "side",
            _ => "combatant",
        }
    }

    fn kept(&self) -> bool {
        self.d
            .campaign
            .d20
            .as_ref()
            .is_some_and(|d| d.reroll == nanite_d20::InitiativeReroll::Kept)
    }

    /// The label of the participant who plays `ch`, for the GM (none for
    /// a character nobody's invitation brought, or a revoked one's).
    fn played_by(&self, ch: &characters::Listed) -> Option<&str> {
        let owner = ch.owner.as_ref()?.as_deref()?;
        self.d
            .invites
            .iter()
            .find(|i| i.id == owner && !i.revoked)
            .map(|i| i.label.as_str())
    }

    /// The house rules in force: key and rule ID.
    fn house_rules_on(&self) -> Vec<(&str, &'static str)> {
        self.d
            .campaign
            .house_rules
            .iter()
            .filter(|(_, on)| **on)
            .map(|(k, _)| {
                let id = HouseRules::ALL
                    .iter()
                    .find(|(key, _, _)| key == k)
                    .map_or("", |(_, id, _)| id);
                (k.as_str(), id)
            })
            .collect()
    }
}

/// The dashboard page around its lists.
#[derive(Template)]
#[template(path = "dashboard/page.html")]
struct Page<'a> {
    c: &'a Campaign,
    gm: bool,
    /// Whether the viewer may bring a character (not a spectator; not Station
    /// nor a registered ruleset,
    /// whose crew comes from the scenario).
    bring: bool,
    part: &'a str,
    station_forms: String,
    rolls: &'a str,
}

impl Page<'_> {
    /// Whether the campaign plays a registered ruleset, which has no
    /// content pack.
    fn plugged(&self) -> bool {
        matches!(self.c.ruleset, Ruleset::Plugged(_))
    }

    /// The rulesets registered on this server (`plugged`): key and name,
    /// each offered for a new campaign.
    fn registered(&self) -> Vec<(&'static str, &'static str)> {
        Ruleset::all()
            .into_iter()
            .filter_map(|r| match r {
                Ruleset::Plugged(key) => Some((key, r.title())),
                _ => None,
            })
            .collect()
    }

    /// Compound X's house rules: key, rule ID, summary.
    fn house_rules(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &HouseRules::ALL
    }

    fn rule_on(&self, current: &Option<&BTreeMap<String, bool>>, key: &str) -> bool {
        current.is_some_and(|c| c.get(key).copied().unwrap_or(false))
    }

    /// Whether D20 initiative goes by side (none: nothing chosen yet).
    fn by_side(&self, current: &Option<&nanite_d20::Campaign>) -> Option<bool> {
        current.map(|c| c.initiative == nanite_d20::InitiativeBy::Side)
    }

    /// Whether D20 initiative is kept for the battle (none: nothing chosen yet).
    fn kept_in(&self, current: &Option<&nanite_d20::Campaign>) -> Option<bool> {
        current.map(|c| c.reroll == nanite_d20::InitiativeReroll::Kept)
    }
}

fn part_html(campaign: &str, caller: &Caller, d: &Data) -> String {
    let gm = caller.role() == Role::Gm;
    let station_games = if d.campaign.ruleset == Ruleset::Station {
        super::station::games_card(campaign, &d.games, gm)
    } else {
        String::new()
    };
    html::render(&Part {
        d,
        gm,
        you: &caller.invite.id,
        station_games,
    })
}

/// `GET /c/{campaign}`: the dashboard of `campaign` for `caller`.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    let d = data(&state, &campaign, &caller).await?;
    let seat = Seat::new(&caller, &d.campaign.name, d.version);
    let part = part_html(&campaign, &caller, &d);
    let rolls = rolls::section(&state, &seat, &caller).await?;
    let gm = seat.is_gm();
    let body = html::render(&Page {
        c: &d.campaign,
        gm,
        bring: seat.role != Role::Spectator
            && matches!(d.campaign.ruleset, Ruleset::CompoundX | Ruleset::D20),
        part: &part,
        station_forms: if gm && d.campaign.ruleset == Ruleset::Station {
            let list = crate::station::api::scenarios_of(&state, &campaign).await?;
            super::station::start_forms(&campaign, &list)
        } else {
            String::new()
        },
        rolls: &rolls,
    });
    Ok(html::page(&format!("{} · nanite", d.campaign.name), Some(&seat), &body).into_response())
}

/// `GET /c/{campaign}/part/dashboard`: the lists, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    PartCaller(caller): PartCaller,
) -> PartAnswer {
    let d = data(&state, &campaign, &caller).await?;
    Ok(Html(part_html(&campaign, &caller, &d)))
}

/// The export document.
#[derive(Serialize)]
struct Export<'a> {
    campaign: ExportedCampaign<'a>,
    characters: Vec<ExportedCharacter>,
    encounters: Vec<serde_json::Value>,
    rolls: Vec<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    station_games: Option<Vec<crate::station::view::GameView>>,
}

impl Export<'_> {
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The campaign's settings in an export.
#[derive(Serialize)]
struct ExportedCampaign<'a> {
    id: &'a str,
    name: &'a str,
    ruleset: Ruleset,
    house_rules: &'a BTreeMap<String, bool>,
    d20: Option<&'a nanite_d20::Campaign>,
    version: i64,
}

/// A character file in an export.
#[derive(Serialize)]
struct ExportedCharacter {
    id: String,
    name: String,
    owner: Option<String>,
    toml: String,
}

/// `GET /c/{campaign}/export.json` (GM): the campaign's settings, every
/// character file, every encounter and the roll log, as the GM sees them.
pub(crate) async fn export(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    caller.gm_of(&campaign)?;
    let d = data(&state, &campaign, &caller).await?;
    let mut files = Vec::new();
    for listed in &d.characters {
        if let Some(c) = characters::find(&state, &campaign, &listed.id).await? {
            files.push(ExportedCharacter {
                id: c.id,
                name: c.name,
                owner: c.owner,
                toml: c.text,
            });
        }
    }
    let mut fights = Vec::new();
    for e in &d.encounters {
        let one = encounters::show(
            State(state.clone()),
            Path((campaign.clone(), e.id.clone())),
            caller.clone(),
        )
        .await?
        .0;
        fights.push(one);
    }
    let mut games = Vec::new();
    if d.campaign.ruleset == Ruleset::Station {
        for id in &d.game_ids {
            let one = crate::station::api::show(
                State(state.clone()),
                Path((campaign.clone(), id.clone())),
                caller.clone(),
            )
            .await?
            .0;
            games.push(one);
        }
    }
    let rolls = crate::rolls::shown_rolls(&state, &campaign, &caller).await?;
    let doc = Export {
        campaign: ExportedCampaign {
            id: &d.campaign.id,
            name: &d.campaign.name,
            ruleset: d.campaign.ruleset,
            house_rules: &d.campaign.house_rules,
            d20: d.campaign.d20.as_ref(),
            version: d.version,
        },
        characters: files,
        encounters: fights,
        rolls,
        station_games: (d.campaign.ruleset == Ruleset::Station).then_some(games),
    }
    .to_json();
    Ok((
        [(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_static("attachment; filename=\"campaign.json\""),
        )],
        Json(doc),
    )
        .into_response())
}
