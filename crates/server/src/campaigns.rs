//! Campaigns: a table with its ruleset (Compound X or Station) and house
//! rules, its GM link, and the link printed when the server starts.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use nanite_compound_x::HouseRules;
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::AppState;
use crate::body::Strict;
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::{invites, table, tokens};

const CAMPAIGNS: &str = "campaigns";
const SERVER: &str = "server";
const STARTUP: &str = "startup-link";
/// The rulesets a campaign can play. A campaign stored before rulesets
/// could be chosen says `compound-x`, the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Ruleset {
    /// Compound X: characters and encounters.
    #[default]
    CompoundX,
    /// Station: games from scenarios on a grid map.
    Station,
}

impl Ruleset {
    /// Every ruleset, with its name in the API.
    pub(crate) const ALL: [(Ruleset, &'static str); 2] = [
        (Ruleset::CompoundX, "compound-x"),
        (Ruleset::Station, "station"),
    ];

    /// Its name in the API.
    pub(crate) fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(r, _)| *r == self)
            .map_or("compound-x", |(_, n)| n)
    }

    /// The ruleset called `name`.
    fn parse(name: &str) -> Result<Ruleset, AppError> {
        Self::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(r, _)| *r)
            .ok_or_else(|| {
                let known: Vec<&str> = Self::ALL.iter().map(|(_, n)| *n).collect();
                AppError::unprocessable(
                    "unknown_ruleset",
                    format!(
                        "there is no ruleset '{name}'; a campaign plays one of {}",
                        known.join(", ")
                    ),
                )
            })
    }
}

/// Refuses a request meant for another ruleset than `campaign`'s.
pub(crate) async fn require(
    state: &AppState,
    campaign: &str,
    ruleset: Ruleset,
) -> Result<Campaign, AppError> {
    let found = get(state, campaign).await?;
    if found.ruleset != ruleset {
        return Err(AppError::conflict(
            "wrong_ruleset",
            format!(
                "this campaign plays {}, and this endpoint is for {} campaigns; create a {} campaign for it (POST /api/campaigns with \"ruleset\")",
                found.ruleset.name(),
                ruleset.name(),
                ruleset.name()
            ),
        ));
    }
    Ok(found)
}

/// A campaign's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Campaign {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Its ruleset.
    #[serde(default)]
    pub(crate) ruleset: Ruleset,
    /// House rules by key (CX-HOUSE-01..05), all listed.
    pub(crate) house_rules: BTreeMap<String, bool>,
    /// Seconds since the epoch at creation.
    pub(crate) created: u64,
}

impl Campaign {
    /// The house rules in force, as the engine takes them.
    pub(crate) fn house_rules(&self) -> HouseRules {
        let mut rules = HouseRules::default();
        for (key, on) in &self.house_rules {
            rules.set(key, *on);
        }
        rules
    }

    fn public(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "ruleset": self.ruleset.name(),
            "house_rules": self.house_rules,
        })
    }
}

/// A campaign just created, with the GM's token (shown once).
#[derive(Clone, Debug)]
pub struct NewCampaign {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The GM invitation's id.
    pub gm_invite: String,
    /// The GM's token: `/join/TOKEN` is the GM's link.
    pub gm_token: String,
}

fn check_name(name: &str) -> Result<String, AppError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(AppError::unprocessable(
            "invalid_name",
            "a campaign name is 1 to 100 characters",
        ));
    }
    Ok(name.to_string())
}

/// Creates a campaign, its table stream and its GM invitation.
pub(crate) async fn create(
    state: &AppState,
    name: &str,
    ruleset: Ruleset,
) -> Result<NewCampaign, AppError> {
    let name = check_name(name)?;
    let id = tokens::id("c-")?;
    let campaign = Campaign {
        id: id.clone(),
        name: name.clone(),
        ruleset,
        house_rules: HouseRules::ALL
            .iter()
            .map(|(key, _, _)| (key.to_string(), false))
            .collect(),
        created: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
    };
    let store = state.store();
    store
        .create_stream(
            &table::stream_id(&id),
            table::STREAM_KIND,
            &json!({ "campaign": id }),
        )
        .await?;
    save(state, &campaign).await?;
    let (invite, token) = invites::mint(state, &id, Role::Gm, None, "GM").await?;
    Ok(NewCampaign {
        id,
        name,
        gm_invite: invite.id,
        gm_token: token,
    })
}

async fn save(state: &AppState, campaign: &Campaign) -> Result<(), AppError> {
    let data = serde_json::to_value(campaign).map_err(AppError::internal)?;
    state
        .store()
        .put_record(CAMPAIGNS, &campaign.id, &data)
        .await?;
    Ok(())
}

/// The campaign `id`.
pub(crate) async fn find(state: &AppState, id: &str) -> Result<Option<Campaign>, AppError> {
    match state.store().record(CAMPAIGNS, id).await? {
        Some(r) => Ok(Some(
            serde_json::from_value(r.data).map_err(AppError::internal)?,
        )),
        None => Ok(None),
    }
}

/// The campaign `id`, which must exist.
pub(crate) async fn get(state: &AppState, id: &str) -> Result<Campaign, AppError> {
    find(state, id)
        .await?
        .ok_or_else(|| AppError::not_found(format!("no campaign {id}")))
}

/// The GM link printed at start-up.
#[derive(Clone, Debug)]
pub struct StartupLink {
    /// The campaign it opens.
    pub campaign_name: String,
    /// The GM's token: `/join/TOKEN` is the link.
    pub token: String,
}

#[derive(Serialize, Deserialize)]
struct Startup {
    campaign: String,
    invite: String,
}

/// The GM's link to print at start-up: the first campaign is created if
/// there is none; otherwise a fresh GM link for the oldest campaign, and the
/// previous start-up link is retired (no new sessions; open ones go on).
pub(crate) async fn startup_link(state: &AppState) -> Result<StartupLink, AppError> {
    let store = state.store();
    let mut all: Vec<Campaign> = store
        .records(CAMPAIGNS)
        .await?
        .into_iter()
        .map(|r| serde_json::from_value(r.data).map_err(AppError::internal))
        .collect::<Result<_, _>>()?;
    all.sort_by(|a, b| (a.created, &a.id).cmp(&(b.created, &b.id)));
    let (campaign_name, campaign, invite, token) = match all.first() {
        None => {
            let new = create(state, "First campaign", Ruleset::default()).await?;
            (new.name, new.id, new.gm_invite, new.gm_token)
        }
        Some(first) => {
            if let Some(previous) = store.record(SERVER, STARTUP).await? {
                let previous: Startup =
                    serde_json::from_value(previous.data).map_err(AppError::internal)?;
                if let Some(mut old) =
                    invites::find(state, &previous.campaign, &previous.invite).await?
                {
                    old.retired = true;
                    invites::save(state, &old).await?;
                }
            }
            let (invite, token) =
                invites::mint(state, &first.id, Role::Gm, None, "startup link").await?;
            (first.name.clone(), first.id.clone(), invite.id, token)
        }
    };
    let record = serde_json::to_value(Startup { campaign, invite }).map_err(AppError::internal)?;
    store.put_record(SERVER, STARTUP, &record).await?;
    Ok(StartupLink {
        campaign_name,
        token,
    })
}

/// `GET /api/health`.
pub(crate) async fn health() -> Json<Value> {
    Json(json!({ "ok": true }))
}

/// `GET /api/campaigns`: the caller's campaign.
pub(crate) async fn list(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Value>, AppError> {
    let campaign = get(&state, &caller.invite.campaign).await?;
    Ok(Json(json!({ "campaigns": [campaign.public()] })))
}

/// What `POST /api/campaigns` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewCampaignRequest {
    name: String,
    #[serde(default)]
    ruleset: Option<String>,
    #[serde(default)]
    house_rules: Option<BTreeMap<String, bool>>,
}

/// `POST /api/campaigns`: a new campaign and its GM link. Only a GM may
/// create one unless the server allows anyone.
pub(crate) async fn create_handler(
    State(state): State<AppState>,
    caller: Result<Caller, AppError>,
    body: Strict<NewCampaignRequest>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    if !state.config().open_campaign_creation {
        let caller = caller?;
        if caller.role() != Role::Gm {
            return Err(AppError::forbidden(
                "gm_only",
                "only a GM may create a campaign on this server",
            ));
        }
    }
    let ruleset = match &body.value.ruleset {
        Some(name) => Ruleset::parse(name)?,
        None => Ruleset::default(),
    };
    let new = create(&state, &body.value.name, ruleset).await?;
    let mut campaign = get(&state, &new.id).await?;
    if let Some(rules) = body.value.house_rules {
        set_house_rules(&mut campaign, rules)?;
        save(&state, &campaign).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "campaign": campaign.public(),
            "gm_token": new.gm_token,
            "gm_link": format!("/join/{}", new.gm_token),
        })),
    ))
}

fn set_house_rules(campaign: &mut Campaign, rules: BTreeMap<String, bool>) -> Result<(), AppError> {
    for (key, on) in rules {
        if HouseRules::default().get(&key).is_none() {
            let known: Vec<&str> = HouseRules::ALL.iter().map(|(k, _, _)| *k).collect();
            return Err(AppError::unprocessable(
                "unknown_house_rule",
                format!(
                    "there is no house rule '{key}'; the house rules are {}",
                    known.join(", ")
                ),
            ));
        }
        campaign.house_rules.insert(key, on);
    }
    Ok(())
}

/// `GET /api/campaigns/{campaign}`: settings, encounters and the caller.
pub(crate) async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
) -> Result<Json<Value>, AppError> {
    caller.member_of(&id)?;
    let campaign = get(&state, &id).await?;
    let (version, encounters, games) = state
        .tables()
        .read(&state, &id, |table| {
            (
                table.version,
                table.encounter_list(),
                crate::station::api::games(table),
            )
        })
        .await?;
    let mut out = campaign.public();
    out["version"] = json!(version);
    out["encounters"] = json!(encounters);
    if campaign.ruleset == Ruleset::Station {
        out["station_games"] = json!(games);
    }
    out["you"] = json!({ "role": caller.role(), "invite": caller.invite.public() });
    Ok(Json(out))
}

/// What `PATCH /api/campaigns/{campaign}` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignChange {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    house_rules: Option<BTreeMap<String, bool>>,
}

/// `PATCH /api/campaigns/{campaign}` (GM): name and house rules. House rules
/// apply to characters uploaded and combatants added from then on.
pub(crate) async fn update(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    body: Strict<CampaignChange>,
) -> Result<Json<Value>, AppError> {
    caller.gm_of(&id)?;
    let mut campaign = get(&state, &id).await?;
    if let Some(name) = &body.value.name {
        campaign.name = check_name(name)?;
    }
    if let Some(rules) = body.value.house_rules {
        set_house_rules(&mut campaign, rules)?;
    }
    save(&state, &campaign).await?;
    Ok(Json(campaign.public()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn campaigns_stored_before_rulesets_were_chosen_read_as_compound_x() {
        let cases = [
            (
                json!({"id": "c-1", "name": "Old", "ruleset": "compound-x", "house_rules": {}, "created": 1}),
                Ruleset::CompoundX,
            ),
            (
                json!({"id": "c-2", "name": "No field", "house_rules": {}, "created": 1}),
                Ruleset::CompoundX,
            ),
            (
                json!({"id": "c-3", "name": "New", "ruleset": "station", "house_rules": {}, "created": 1}),
                Ruleset::Station,
            ),
        ];
        for (stored, ruleset) in cases {
            let campaign: Campaign = serde_json::from_value(stored.clone()).unwrap();
            assert_eq!(campaign.ruleset, ruleset, "{stored}");
            // Written back, it reads the same.
            let again = serde_json::to_value(&campaign).unwrap();
            assert_eq!(again["ruleset"], ruleset.name());
        }
        assert_eq!(
            Ruleset::parse("chess").unwrap_err().message(),
            "there is no ruleset 'chess'; a campaign plays one of compound-x, station"
        );
    }
}
