//! Campaigns: a table with its ruleset (Compound X, D20 or Station, chosen
//! at creation) and its settings (Compound X's house rules, D20's
//! initiative), its GM link, and the link printed when the server starts.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use nanite_compound_x::HouseRules;
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::AppState;
use crate::body::Strict;
use crate::error::{AppError, ErrorBody};
use crate::permissions::Role;
pub(crate) use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::{invites, table, tokens};

const CAMPAIGNS: &str = "campaigns";
const SERVER: &str = "server";
const STARTUP: &str = "startup-link";
/// The refusal of a Compound X or D20 request (encounters, characters) in a
/// Station campaign, which plays games from scenarios instead.
pub(crate) fn station_has_no(what: &str) -> AppError {
    AppError::conflict(
        "wrong_ruleset",
        format!(
            "this campaign plays station, which has no {what}: its games come from scenarios (POST /api/campaigns/{{campaign}}/station/games)"
        ),
    )
}

/// The refusal of a request for what a registered ruleset (`plugged`)
/// does not have: characters, content packs, NPC libraries, battle maps.
pub(crate) fn plugged_has_no(key: &'static str, what: &str) -> AppError {
    AppError::conflict(
        "wrong_ruleset",
        format!(
            "this campaign plays {}, which has no {what}: its encounters are played with its own commands (POST /api/campaigns/{{campaign}}/encounters, then GET .../choices)",
            crate::plugged::title(key)
        ),
    )
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
    /// Its ruleset (`compound-x` in records made before the choice).
    #[serde(default)]
    pub(crate) ruleset: Ruleset,
    /// House rules by key (CX-HOUSE-01..05), all listed (Compound X only).
    pub(crate) house_rules: BTreeMap<String, bool>,
    /// D20's settings: the attribute bonus and how initiative is rolled
    /// (D20 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) d20: Option<nanite_d20::Campaign>,
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

    fn public(&self) -> CampaignShown {
        CampaignShown {
            id: self.id.clone(),
            name: self.name.clone(),
            ruleset: self.ruleset,
            house_rules: self.house_rules.clone(),
            d20: self.d20.clone(),
        }
    }
}

/// A campaign as the API shows it to its participants.
#[derive(Serialize, ToSchema)]
pub(crate) struct CampaignShown {
    /// Its id.
    id: String,
    /// Its name.
    name: String,
    /// Its ruleset.
    ruleset: Ruleset,
    /// House rules by key, all listed (Compound X; empty otherwise).
    house_rules: BTreeMap<String, bool>,
    /// D20's settings (null in another ruleset).
    d20: Option<nanite_d20::Campaign>,
}

/// The answer of `GET /api/campaigns`: every campaign the caller holds a
/// seat in.
#[derive(Serialize, ToSchema)]
pub(crate) struct CampaignList {
    /// Each campaign with the caller's role there, the last joined last (a
    /// bearer token opens one).
    campaigns: Vec<CampaignSeat>,
}

/// A campaign the caller holds a seat in, with their role there.
#[derive(Serialize, ToSchema)]
pub(crate) struct CampaignSeat {
    /// The campaign.
    #[serde(flatten)]
    campaign: CampaignShown,
    /// The caller's role in it.
    role: Role,
    /// The caller's invitation label there ("Alice", "GM").
    label: String,
}

/// A seat the caller holds, as the campaign list page shows it.
pub(crate) struct Held {
    /// The campaign.
    pub(crate) campaign: Campaign,
    /// The caller's invitation there.
    pub(crate) invite: invites::Invite,
}

/// Every campaign `caller` holds a usable seat in, the last joined last.
pub(crate) async fn held(state: &AppState, caller: &Caller) -> Result<Vec<Held>, AppError> {
    let mut out = Vec::new();
    for seat in &caller.seats {
        let Some(invite) = invites::find(state, &seat.campaign, &seat.invite).await? else {
            continue;
        };
        if invite.revoked {
            continue;
        }
        if let Some(campaign) = find(state, &seat.campaign).await? {
            out.push(Held { campaign, invite });
        }
    }
    Ok(out)
}

/// A campaign just created, with its GM's token and link (shown once).
#[derive(Serialize, ToSchema)]
pub(crate) struct CampaignCreated {
    /// The campaign.
    campaign: CampaignShown,
    /// The GM's invitation token.
    gm_token: String,
    /// `/join/TOKEN`: the GM's link.
    gm_link: String,
}

/// A campaign with its stream version, its encounters (and Station
/// games) and the caller.
#[derive(Serialize, ToSchema)]
pub(crate) struct CampaignDetail {
    /// The campaign.
    #[serde(flatten)]
    campaign: CampaignShown,
    /// The stream's version (the live feed's `after`).
    version: i64,
    /// Its encounters.
    encounters: Vec<table::Listed>,
    /// Its Station games (a Station campaign only).
    #[serde(skip_serializing_if = "Option::is_none")]
    station_games: Option<Vec<crate::station::view::GameListed>>,
    /// The caller.
    you: You,
}

/// Who the caller is at the table.
#[derive(Serialize, ToSchema)]
pub(crate) struct You {
    /// Their role.
    role: Role,
    /// Their invitation.
    invite: invites::InviteShown,
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

/// Creates a campaign under `ruleset`, its table stream and its GM
/// invitation.
pub(crate) async fn create(
    state: &AppState,
    name: &str,
    ruleset: Ruleset,
) -> Result<NewCampaign, AppError> {
    let name = check_name(name)?;
    let id = tokens::id("c-")?;
    let (house_rules, d20) = match ruleset {
        Ruleset::CompoundX => (
            HouseRules::ALL
                .iter()
                .map(|(key, _, _)| (key.to_string(), false))
                .collect(),
            None,
        ),
        Ruleset::D20 => (BTreeMap::new(), Some(state.d20_pack().campaign.clone())),
        Ruleset::Station | Ruleset::Plugged(_) => (BTreeMap::new(), None),
    };
    let campaign = Campaign {
        id: id.clone(),
        name: name.clone(),
        ruleset,
        house_rules,
        d20,
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
            let new = create(state, "First campaign", Ruleset::CompoundX).await?;
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

/// The answer of `GET /api/health`.
#[derive(Serialize, ToSchema)]
pub(crate) struct Health {
    /// Always true: the server answers.
    ok: bool,
}

/// `GET /api/health`.
#[utoipa::path(
    get,
    path = "/health",
    summary = "Is the server up",
    description = "Who: anyone.",
    security(()),
    responses((status = 200, description = "the server is up", body = Health))
)]
pub(crate) async fn health() -> Json<Health> {
    Json(Health { ok: true })
}

/// `GET /api/campaigns`: every campaign the caller holds a seat in.
#[utoipa::path(
    get,
    path = "/campaigns",
    summary = "Your campaigns, with your role in each",
    description = "Who: any participant. A browser session lists every campaign it joined (revoked seats left out); a bearer token opens one.",
    responses((status = 200, description = "the caller's campaigns, the last joined last", body = CampaignList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<CampaignList>, AppError> {
    let campaigns = held(&state, &caller)
        .await?
        .into_iter()
        .map(|h| CampaignSeat {
            campaign: h.campaign.public(),
            role: h.invite.role,
            label: h.invite.label,
        })
        .collect();
    Ok(Json(CampaignList { campaigns }))
}

/// What `POST /api/campaigns` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewCampaignRequest {
    /// Its name (1 to 100 characters).
    name: String,
    /// `compound-x` (the default), `d20` or `station`.
    #[serde(default)]
    #[schema(value_type = Option<Ruleset>)]
    ruleset: Option<String>,
    /// Compound X only: house rules by key.
    #[serde(default)]
    house_rules: Option<BTreeMap<String, bool>>,
    /// D20 only: `combatant`, 1d100 + DEX each (D20-INIT-01), or `side`,
    /// 1d100 a side (D20-INIT-03).
    #[serde(default)]
    initiative: Option<nanite_d20::InitiativeBy>,
    /// D20 only: `each-round`, rolled every round, or `kept` for the battle
    /// (D20-INIT-02).
    #[serde(default)]
    reroll: Option<nanite_d20::InitiativeReroll>,
}

/// D20's campaign settings, as the API takes them (D20-INIT-01..03).
#[derive(Clone, Copy, Default)]
pub(crate) struct D20Settings {
    /// `combatant` (1d100 + DEX each) or `side` (1d100 a side).
    initiative: Option<nanite_d20::InitiativeBy>,
    /// `each-round` or `kept` for the battle.
    reroll: Option<nanite_d20::InitiativeReroll>,
}

impl D20Settings {
    fn given(&self) -> bool {
        self.initiative.is_some() || self.reroll.is_some()
    }
}

/// Sets what `request` gives of D20's settings; refused in a campaign of
/// another ruleset.
fn set_d20(campaign: &mut Campaign, request: &D20Settings) -> Result<(), AppError> {
    if !request.given() {
        return Ok(());
    }
    let Some(settings) = campaign.d20.as_mut() else {
        return Err(AppError::unprocessable(
            "not_this_ruleset",
            format!(
                "`initiative` and `reroll` are D20 settings; this campaign is played under {}",
                campaign.ruleset.title()
            ),
        ));
    };
    if let Some(by) = request.initiative {
        settings.initiative = by;
    }
    if let Some(reroll) = request.reroll {
        settings.reroll = reroll;
    }
    Ok(())
}

/// `POST /api/campaigns`: a new campaign and its GM link. Only a GM may
/// create one unless the server allows anyone.
#[utoipa::path(
    post,
    path = "/campaigns",
    summary = "Create a campaign",
    description = "Who: a GM (anyone if the server allows).",
    request_body = NewCampaignRequest,
    responses(
        (status = 201, description = "the campaign and its GM token and link; a browser session that created it holds its GM seat at once", body = CampaignCreated),
        (status = 422, description = "an unknown ruleset, or settings of another ruleset (not_this_ruleset)", body = ErrorBody)
    )
)]
pub(crate) async fn create_handler(
    State(state): State<AppState>,
    caller: Result<Caller, AppError>,
    body: Strict<NewCampaignRequest>,
) -> Result<(StatusCode, Json<CampaignCreated>), AppError> {
    let open = state.config().open_campaign_creation;
    let caller = match caller {
        Ok(caller) => Some(caller),
        Err(e) if !open => return Err(e),
        Err(_) => None,
    };
    if let (false, Some(caller)) = (open, &caller) {
        // A GM of any campaign this browser holds may create another.
        let gm = caller.role() == Role::Gm
            || held(&state, caller)
                .await?
                .iter()
                .any(|h| h.invite.role == Role::Gm);
        if !gm {
            return Err(AppError::forbidden(
                "gm_only",
                "only a GM may create a campaign on this server",
            ));
        }
    }
    let d20 = D20Settings {
        initiative: body.value.initiative,
        reroll: body.value.reroll,
    };
    let ruleset = match &body.value.ruleset {
        Some(key) => Ruleset::parse(key)?,
        None => Ruleset::default(),
    };
    // Refuse settings of another ruleset before anything is created.
    if ruleset != Ruleset::D20 && d20.given() {
        return Err(AppError::unprocessable(
            "not_this_ruleset",
            format!(
                "`initiative` and `reroll` are D20 settings; add \"ruleset\": \"d20\" or leave them out of a {} campaign",
                ruleset.title()
            ),
        ));
    }
    if ruleset != Ruleset::CompoundX && body.value.house_rules.is_some() {
        return Err(AppError::unprocessable(
            "not_this_ruleset",
            format!(
                "`house_rules` are Compound X's; a {} campaign has none",
                ruleset.title()
            ),
        ));
    }
    if let Some(rules) = &body.value.house_rules {
        check_house_rules(rules)?;
    }
    let new = create(&state, &body.value.name, ruleset).await?;
    let mut campaign = get(&state, &new.id).await?;
    if body.value.house_rules.is_some() || d20.given() {
        if let Some(rules) = body.value.house_rules {
            set_house_rules(&mut campaign, rules)?;
        }
        set_d20(&mut campaign, &d20)?;
        save(&state, &campaign).await?;
    }
    // The browser that created it holds its GM seat: it is in their
    // campaign list at once.
    if let Some(caller) = &caller {
        crate::sessions::seat_creator(&state, caller, &new.id, &new.gm_invite).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(CampaignCreated {
            campaign: campaign.public(),
            gm_link: format!("/join/{}", new.gm_token),
            gm_token: new.gm_token,
        }),
    ))
}

fn check_house_rules(rules: &BTreeMap<String, bool>) -> Result<(), AppError> {
    for key in rules.keys() {
        if HouseRules::default().get(key).is_none() {
            let known: Vec<&str> = HouseRules::ALL.iter().map(|(k, _, _)| *k).collect();
            return Err(AppError::unprocessable(
                "unknown_house_rule",
                format!(
                    "there is no house rule '{key}'; the house rules are {}",
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

fn set_house_rules(campaign: &mut Campaign, rules: BTreeMap<String, bool>) -> Result<(), AppError> {
    if campaign.ruleset != Ruleset::CompoundX {
        return Err(AppError::unprocessable(
            "not_this_ruleset",
            format!(
                "`house_rules` are Compound X's; this campaign is played under {}",
                campaign.ruleset.title()
            ),
        ));
    }
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
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}",
    summary = "A campaign: ruleset, house rules, encounters, stream version",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the campaign", body = CampaignDetail))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
) -> Result<Json<CampaignDetail>, AppError> {
    caller.member_of(&id)?;
    let campaign = get(&state, &id).await?;
    let (version, encounters, games) = state
        .tables()
        .read(&state, &id, |table| {
            (
                table.seen_by(&crate::view::viewer(&caller)),
                table.encounter_list(),
                crate::station::api::games(table),
            )
        })
        .await?;
    Ok(Json(CampaignDetail {
        campaign: campaign.public(),
        version,
        encounters,
        station_games: (campaign.ruleset == Ruleset::Station).then_some(games),
        you: You {
            role: caller.role(),
            invite: caller.invite.public(),
        },
    }))
}

/// What `PATCH /api/campaigns/{campaign}` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignChange {
    /// A new name.
    #[serde(default)]
    name: Option<String>,
    /// Compound X: house rules to set (secondary_pool, linear_accuracy,
    /// crit_round_up, melee_guard, fort_downed).
    #[serde(default)]
    house_rules: Option<BTreeMap<String, bool>>,
    /// D20: `combatant` or `side`.
    #[serde(default)]
    initiative: Option<nanite_d20::InitiativeBy>,
    /// D20: `each-round` or `kept`.
    #[serde(default)]
    reroll: Option<nanite_d20::InitiativeReroll>,
}

/// `PATCH /api/campaigns/{campaign}` (GM): name, house rules (Compound X)
/// or initiative (D20). Settings apply to characters uploaded, combatants
/// added and encounters opened from then on; the ruleset stays.
#[utoipa::path(
    patch,
    path = "/campaigns/{campaign}",
    summary = "Rename, or set house rules (Compound X: secondary_pool, linear_accuracy, crit_round_up, melee_guard, fort_downed) or initiative (D20); the ruleset stays",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id")),
    request_body = CampaignChange,
    responses((status = 200, description = "the campaign", body = CampaignShown))
)]
pub(crate) async fn update(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    body: Strict<CampaignChange>,
) -> Result<Json<CampaignShown>, AppError> {
    caller.gm_of(&id)?;
    let mut campaign = get(&state, &id).await?;
    if let Some(name) = &body.value.name {
        campaign.name = check_name(name)?;
    }
    if let Some(rules) = body.value.house_rules {
        set_house_rules(&mut campaign, rules)?;
    }
    let d20 = D20Settings {
        initiative: body.value.initiative,
        reroll: body.value.reroll,
    };
    set_d20(&mut campaign, &d20)?;
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
            "there is no ruleset 'chess'; a campaign is played under one of compound-x, d20, station"
        );
    }
}
