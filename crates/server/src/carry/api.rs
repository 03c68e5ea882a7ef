//! The carried state in the JSON API: a character's state, the
//! between-fight commands (each a logged change of the owner or the GM, as
//! the rules say who may), the write-back of an ended encounter and the
//! GM's undo.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use nanite_compound_x::check::Effort;
use nanite_compound_x::{Sheet, Stat};
use nanite_core::{DiceSource, RecordingDice, ScriptedDice};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Carried, CharacterChange, FileChange, StateChange, StateWhat};
use crate::body::Asked;
use crate::characters::{self, StoredCharacter};
use crate::error::{AppError, ErrorBody};
use crate::facts::Fact;
use crate::openapi::IdempotencyKey;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::table::{ItemBody, Table};
use crate::tables::Change;
use crate::view::{self, Changed};
use crate::{AppState, campaigns};

/// A campaign character read for its state: its file, its ruleset's
/// reading of it and its fresh state.
#[derive(Clone)]
pub(crate) struct Loaded {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Its owner.
    pub(crate) owner: Option<String>,
    /// The stored file.
    pub(crate) stored: StoredCharacter,
    /// Its ruleset's reading.
    pub(crate) read: Read,
    /// Its state fresh from the file.
    pub(crate) fresh: Carried,
}

/// A character file as its ruleset reads it.
#[derive(Clone)]
pub(crate) enum Read {
    /// Compound X: the character and its sheet.
    CompoundX(Box<nanite_compound_x::Character>, Box<Sheet>),
    /// D20: the character and the campaign's settings.
    D20(Box<nanite_d20::Character>, Box<nanite_d20::Campaign>),
}

/// A carry error as the API answers it (422, nothing changed).
pub(crate) fn carry_error(e: impl std::fmt::Display) -> AppError {
    let text = e.to_string();
    let code = if text.contains(" XP and level ") {
        "not_enough_xp"
    } else {
        "state_refused"
    };
    AppError::unprocessable(code, text)
}

/// A Compound X level-up refused: the level-up checks' problems as
/// `diagnostics`, each naming its field (`skills.smgs`, `stat`,
/// `feats[3]`) and rule, so that the page marks every field at once.
fn level_refused(
    character: &nanite_compound_x::Character,
    pack: &nanite_compound_x::Pack,
    choices: &nanite_compound_x::LevelUp,
    e: nanite_compound_x::carry::CarryError,
) -> AppError {
    match (&e, nanite_compound_x::level_up(character, pack, choices)) {
        (nanite_compound_x::carry::CarryError::LevelUp(_), Err(found)) => AppError::unprocessable(
            "state_refused",
            format!(
                "the level-up to level {} is refused: {} problem(s), each with its field and rule",
                character.level + 1,
                found.iter().count()
            ),
        )
        .with("diagnostics", serde_json::json!(found)),
        _ => carry_error(e),
    }
}

/// Reads character `id` of `campaign` for its state.
pub(crate) async fn load(state: &AppState, campaign: &str, id: &str) -> Result<Loaded, AppError> {
    let stored = characters::find(state, campaign, id)
        .await?
        .ok_or_else(|| AppError::not_found(format!("no character '{id}' in this campaign")))?;
    loaded(state, campaign, stored).await
}

async fn loaded(
    state: &AppState,
    campaign: &str,
    stored: StoredCharacter,
) -> Result<Loaded, AppError> {
    let settings = campaigns::get(state, campaign).await?;
    // The campaign's pack in force (`packs`).
    let content = crate::packs::in_force(state, campaign).await?;
    let (cx, d20) = (&content.packs.cx, &content.packs.d20);
    let (read, fresh) = match settings.ruleset {
        Ruleset::CompoundX => {
            let (character, _) =
                characters::check(cx, settings.house_rules(), &stored.file, &stored.text)?;
            let sheet = Sheet::compute(&character, cx);
            let fresh = nanite_compound_x::carry::CharacterState::fresh(&sheet, cx);
            (
                Read::CompoundX(Box::new(character), Box::new(sheet)),
                Carried::CompoundX(Box::new(fresh)),
            )
        }
        Ruleset::D20 => {
            let (character, _) = crate::d20::characters::check(d20, &stored.file, &stored.text)?;
            let rules = settings.d20.clone().unwrap_or_default();
            let fresh = nanite_d20::carry::CharacterState::fresh(&character, d20, &rules);
            (
                Read::D20(Box::new(character), Box::new(rules)),
                Carried::D20(Box::new(fresh)),
            )
        }
        Ruleset::Station => return Err(campaigns::station_has_no("characters")),
        Ruleset::Plugged(key) => return Err(campaigns::plugged_has_no(key, "characters")),
    };
    Ok(Loaded {
        id: stored.id.clone(),
        name: stored.name.clone(),
        owner: stored.owner.clone(),
        stored,
        read,
        fresh,
    })
}

/// The state `loaded` carries in `table` (its file's, fresh, if none was
/// recorded), keeping the file's level (a file replaced by hand wins).
fn current(table: &Table, loaded: &Loaded) -> Carried {
    table
        .carried
        .current(&loaded.id)
        .cloned()
        .unwrap_or_else(|| loaded.fresh.clone())
}

/// Who may give a between-fight command.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    /// The character's owner or the GM.
    OwnerOrGm,
    /// The GM only.
    Gm,
}

/// A between-fight command on one character, committed as a logged
/// change: `decide` gives the new state and its lines from the current
/// state, with server-side dice.
struct OnOne<'a> {
    campaign: &'a str,
    character: &'a str,
    caller: &'a Caller,
    who: Who,
    what: StateWhat,
    reason: Option<String>,
    rolls: bool,
}

impl<'a> OnOne<'a> {
    /// A command its owner or the GM gives, with no reason.
    fn by_owner(
        campaign: &'a str,
        character: &'a str,
        caller: &'a Caller,
        what: StateWhat,
    ) -> Self {
        OnOne {
            campaign,
            character,
            caller,
            who: Who::OwnerOrGm,
            what,
            reason: None,
            rolls: false,
        }
    }

    /// A command the GM gives, with the GM's reason.
    fn by_gm(
        campaign: &'a str,
        character: &'a str,
        caller: &'a Caller,
        what: StateWhat,
        reason: Option<String>,
    ) -> Self {
        OnOne {
            who: Who::Gm,
            reason,
            ..OnOne::by_owner(campaign, character, caller, what)
        }
    }

    /// The command rolls the server's dice.
    fn rolling(self) -> Self {
        OnOne {
            rolls: true,
            ..self
        }
    }
}

/// What a between-fight command decided for its character (and a medic).
struct Decided {
    state: Carried,
    lines: Vec<String>,
    file: Option<FileChange>,
    /// The medic's state after, when another character treated.
    medic: Option<(Loaded, Carried)>,
}

impl Decided {
    /// The character's new state and its lines, no file changed, no medic.
    fn new(state: Carried, lines: Vec<String>) -> Self {
        Decided {
            state,
            lines,
            file: None,
            medic: None,
        }
    }
}

/// A state read with a character of another ruleset: a bug, not a request's.
fn mismatched() -> AppError {
    AppError::internal("a state of another ruleset")
}

async fn on_one<T>(
    state: &AppState,
    at: OnOne<'_>,
    asked: &Asked<T>,
    medic: Option<Loaded>,
    mut decide: impl FnMut(
        &Loaded,
        &Carried,
        Option<(&Loaded, &Carried)>,
        &mut dyn DiceSource,
    ) -> Result<Decided, AppError>,
) -> Result<(Response, Option<FileChange>), AppError> {
    at.caller.member_of(at.campaign)?;
    let loaded = match at.who {
        Who::Gm => {
            at.caller.gm_of(at.campaign)?;
            load(state, at.campaign, at.character).await?
        }
        Who::OwnerOrGm => {
            let stored = characters::readable(state, at.campaign, at.character, at.caller).await?;
            loaded(state, at.campaign, stored).await?
        }
    };
    let change = asked.change(at.campaign, at.caller)?;
    let mut file = None;
    let committed = state
        .tables()
        .commit_with_dice(state, change, at.rolls, |table| {
            let draw = at.rolls.then(|| table.sessions.draw()).transpose()?;
            let mut none = ScriptedDice::new(Vec::<i64>::new());
            let (mut keyed, seeded) = match draw {
                Some(d) => (Some(d.dice), Some(d.seeded)),
                None => (None, None),
            };
            let source: &mut dyn DiceSource = match keyed.as_mut() {
                Some(k) => k,
                None => &mut none,
            };
            let mut recording = RecordingDice::new(source);
            let before = current(table, &loaded);
            let medic_now = medic.as_ref().map(|m| (m, current(table, m)));
            let decided = decide(
                &loaded,
                &before,
                medic_now.as_ref().map(|(m, s)| (*m, s)),
                &mut recording,
            )?;
            let dice = recording.into_rolled();
            let mut lines = decided.lines;
            lines.extend(decided.state.changes_from(&before));
            let mut characters = vec![CharacterChange {
                character: loaded.id.clone(),
                name: loaded.name.clone(),
                owner: loaded.owner.clone(),
                state: decided.state,
                lines,
                file: decided.file.clone(),
            }];
            if let Some((m, after)) = decided.medic {
                let before = current(table, &m);
                characters.push(CharacterChange {
                    lines: after.changes_from(&before),
                    character: m.id.clone(),
                    name: m.name.clone(),
                    owner: m.owner.clone(),
                    state: after,
                    file: None,
                });
            }
            file = decided.file;
            let fact = StateChange {
                what: at.what,
                encounter: None,
                reason: at.reason.clone(),
                characters,
                seeded: seeded.filter(|_| !dice.is_empty()),
                dice,
            };
            Ok((
                Fact::StateChanged(Box::new(fact.clone())),
                ItemBody::StateChanged(Box::new(fact)),
            ))
        })
        .await?;
    let replayed = committed.replayed;
    Ok((view::created(committed), file.filter(|_| !replayed)))
}

/// A reason the GM gives: 1 to 300 characters.
fn reason(text: Option<&str>, required: bool) -> Result<Option<String>, AppError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) if t.chars().count() <= 300 => Ok(Some(t.to_string())),
        Some(_) => Err(AppError::unprocessable(
            "invalid_reason",
            "a reason is at most 300 characters",
        )),
        None if required => Err(AppError::unprocessable(
            "reason_needed",
            "give a `reason` (1 to 300 characters): it is kept in the log",
        )),
        None => Ok(None),
    }
}

fn other_ruleset(what: &str, ruleset: &str) -> AppError {
    AppError::unprocessable(
        "not_this_ruleset",
        format!("{what} is a {ruleset} command; this campaign plays another ruleset"),
    )
}

/// A character's carried state, as its owner and the GM see it.
#[derive(Serialize, ToSchema)]
pub(crate) struct StateShown {
    /// The character's id.
    pub(crate) character: String,
    /// Its name.
    pub(crate) name: String,
    /// The state now.
    pub(crate) state: Carried,
    /// False while no change was recorded: the file's state, fresh.
    pub(crate) recorded: bool,
    /// The XP the next level takes in all (none at the highest).
    pub(crate) xp_next: Option<i64>,
    /// Whether the XP allows the next level now.
    pub(crate) may_level: bool,
    /// Compound X: what the next level offers, the choices its level-up
    /// takes (none at the highest level, and for D20).
    pub(crate) level_up: Option<super::level_choices::LevelChoices>,
}

/// `GET /api/campaigns/{campaign}/characters/{character}/state`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/characters/{character}/state",
    summary = "A character's carried state: health and wounds, injuries and lasting conditions, armor, shield, rounds, magazines, grenades, items, nanites, death saves, XP and level (Compound X); hit points, energy, power points, drains, kits, XP and level (D20)",
    description = "Who: its owner or the GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id")),
    responses((status = 200, description = "the state", body = StateShown))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<StateShown>, AppError> {
    Ok(Json(shown(&state, &campaign, &id, &caller).await?))
}

/// The state of `id` as `caller` may see it.
pub(crate) async fn shown(
    state: &AppState,
    campaign: &str,
    id: &str,
    caller: &Caller,
) -> Result<StateShown, AppError> {
    let stored = characters::readable(state, campaign, id, caller).await?;
    let loaded = loaded(state, campaign, stored).await?;
    let (now, recorded) = state
        .tables()
        .read(state, campaign, |t| {
            (current(t, &loaded), t.carried.current(id).is_some())
        })
        .await?;
    let max = match now {
        Carried::CompoundX(_) => nanite_compound_x::level::MAX_LEVEL,
        Carried::D20(_) => *nanite_d20::LEVELS.end(),
    };
    let next = now.level() + 1;
    let xp_next = (next <= max).then(|| next * nanite_compound_x::carry::XP_PER_LEVEL);
    let level_up = match &loaded.read {
        Read::CompoundX(character, _) => {
            let content = crate::packs::in_force(state, campaign).await?;
            super::level_choices::level_choices(character, &content.packs.cx)
        }
        Read::D20(..) => None,
    };
    Ok(StateShown {
        level_up,
        character: loaded.id,
        name: loaded.name,
        may_level: xp_next.is_some_and(|x| now.xp() >= x),
        xp_next,
        state: now,
        recorded,
    })
}

/// What `POST .../state/rest` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RestRequest {
    /// Compound X: a long rest (about 8 hours) or a short one (about 1).
    #[serde(default)]
    long: Option<bool>,
    /// D20: periods of 8 hours (1 by default).
    #[serde(default)]
    periods: Option<i64>,
}

/// The path of a character's between-fight command.
type CharacterPath = Path<(String, String)>;

/// `POST /api/campaigns/{campaign}/characters/{character}/state/rest`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/rest",
    summary = "Rest between fights: Compound X short or long rest (CX-HEAL-04), D20 periods of 8 hours (D20-REST-01)",
    description = "Who: its owner or the GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = RestRequest,
    responses(
        (status = 201, description = "the state change's entry", body = Changed),
        (status = 422, description = "the rules refuse (state_refused: downed, dead, out of range)", body = ErrorBody)
    )
)]
pub(crate) async fn rest(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<RestRequest>,
) -> Result<Response, AppError> {
    let (long, periods) = (body.value.long, body.value.periods);
    let at = OnOne::by_owner(&campaign, &id, &caller, StateWhat::Rest);
    let content = crate::packs::in_force(&state, &campaign).await?;
    let (cx, d20) = (&content.packs.cx, &content.packs.d20);
    let (r, _) = on_one(&state, at, &body, None, |l, s, _, _| {
        match (&l.read, s) {
            (Read::CompoundX(_, sheet), Carried::CompoundX(s)) => {
                if periods.is_some() {
                    return Err(other_ruleset("`periods`", "D20"));
                }
                let long = long.ok_or_else(|| {
                    AppError::unprocessable(
                        "invalid_field",
                        "give `long`: true for a long rest (about 8 hours), false for a short one (about 1)",
                    )
                })?;
                let done = s.rest(sheet, cx, long).map_err(carry_error)?;
                Ok(Decided::new(Carried::CompoundX(Box::new(done.state)), done.lines))
            }
            (Read::D20(c, campaign), Carried::D20(s)) => {
                if long.is_some() {
                    return Err(other_ruleset("`long`", "Compound X"));
                }
                let done = s
                    .rest(c, d20, campaign, periods.unwrap_or(1))
                    .map_err(carry_error)?;
                Ok(Decided::new(Carried::D20(Box::new(done.state)), done.lines))
            }
            _ => Err(mismatched()),
        }
    })
    .await?;
    Ok(r)
}

/// What `POST .../state/treat` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TreatRequest {
    /// Another campaign character who treats (its owner or the GM asks);
    /// none: the character treats itself.
    #[serde(default)]
    medic: Option<String>,
    /// Compound X: which wound, from 0 (the worst by default).
    #[serde(default)]
    wound: Option<usize>,
    /// Compound X: the medic's medikit is used (CX-HEAL-03).
    #[serde(default)]
    medikit: bool,
    /// Compound X: `roll` (the default), `take50` or `take100` (CX-DICE-06).
    #[serde(default)]
    effort: Effort,
    /// D20: the healing kit's id (D20-REST-02).
    #[serde(default)]
    kit: Option<String>,
    /// D20: the GM's maximum number of rolls (D20-CHK-04).
    #[serde(default)]
    max_checks: Option<u32>,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/treat`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/treat",
    summary = "Treat between fights: Compound X Medicine on one wound (CX-HEAL-02/03), D20 a healing kit (D20-REST-02); by the character or another campaign character",
    description = "Who: its owner or the GM (a medic other than the character: the GM, or the owner of both).",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = TreatRequest,
    responses(
        (status = 201, description = "the state change's entry (the patient's and the medic's states)", body = Changed),
        (status = 422, description = "the rules refuse (no wound, no medikit, downed)", body = ErrorBody)
    )
)]
pub(crate) async fn treat(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<TreatRequest>,
) -> Result<Response, AppError> {
    let request = &body.value;
    let medic = match request.medic.as_deref().filter(|m| *m != id) {
        Some(m) => {
            let stored = characters::readable(&state, &campaign, m, &caller).await?;
            Some(loaded(&state, &campaign, stored).await?)
        }
        None => None,
    };
    let at = OnOne::by_owner(&campaign, &id, &caller, StateWhat::Treat).rolling();
    let content = crate::packs::in_force(&state, &campaign).await?;
    let (cx, d20) = (&content.packs.cx, &content.packs.d20);
    let (r, _) = on_one(&state, at, &body, medic, |l, s, m, dice| {
        match (&l.read, s) {
            (Read::CompoundX(_, sheet), Carried::CompoundX(s)) => {
                let medic = match m {
                    Some((ml, Carried::CompoundX(ms))) => match &ml.read {
                        Read::CompoundX(_, msheet) => Some((ms.as_ref(), msheet.as_ref())),
                        Read::D20(..) => None,
                    },
                    _ => None,
                };
                let (done, medic_after) = s
                    .treat(
                        sheet,
                        cx,
                        medic,
                        nanite_compound_x::carry::Treatment {
                            wound: request.wound,
                            medikit: request.medikit,
                            effort: request.effort,
                        },
                        dice,
                    )
                    .map_err(carry_error)?;
                Ok(Decided {
                    state: Carried::CompoundX(Box::new(done.state)),
                    lines: done.lines,
                    file: None,
                    medic: m
                        .zip(medic_after)
                        .map(|((ml, _), after)| (ml.clone(), Carried::CompoundX(Box::new(after)))),
                })
            }
            (Read::D20(c, campaign), Carried::D20(s)) => {
                let kit = request.kit.as_deref().ok_or_else(|| {
                    AppError::unprocessable(
                        "invalid_field",
                        "give `kit`: the healing kit's id (D20-REST-02)",
                    )
                })?;
                let healer = match m {
                    Some((ml, Carried::D20(ms))) => match &ml.read {
                        Read::D20(mc, _) => Some((ms.as_ref(), mc.as_ref())),
                        Read::CompoundX(..) => None,
                    },
                    _ => None,
                };
                let (done, healer_after) = s
                    .use_kit(c, d20, campaign, healer, kit, request.max_checks, dice)
                    .map_err(carry_error)?;
                Ok(Decided {
                    state: Carried::D20(Box::new(done.state)),
                    lines: done.lines,
                    file: None,
                    medic: m
                        .zip(healer_after)
                        .map(|((ml, _), after)| (ml.clone(), Carried::D20(Box::new(after)))),
                })
            }
            _ => Err(mismatched()),
        }
    })
    .await?;
    Ok(r)
}

/// What `POST .../state/repair` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RepairRequest {
    /// A weapon by its place, from 0; none: the armor.
    #[serde(default)]
    weapon: Option<usize>,
    /// `roll` (the default), `take50` or `take100` (CX-DICE-06).
    #[serde(default)]
    effort: Effort,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/repair`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/repair",
    summary = "Compound X: a DC 60 Repair check on the character's broken weapon or plasma-dulled armor (CX-STAT-13, CX-COND-07)",
    description = "Who: its owner or the GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = RepairRequest,
    responses(
        (status = 201, description = "the state change's entry", body = Changed),
        (status = 422, description = "nothing to repair, or a D20 campaign", body = ErrorBody)
    )
)]
pub(crate) async fn repair(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<RepairRequest>,
) -> Result<Response, AppError> {
    let at = OnOne::by_owner(&campaign, &id, &caller, StateWhat::Repair).rolling();
    let content = crate::packs::in_force(&state, &campaign).await?;
    let cx = &content.packs.cx;
    let (weapon, effort) = (body.value.weapon, body.value.effort);
    let (r, _) = on_one(&state, at, &body, None, |l, s, _, dice| {
        match (&l.read, s) {
            (Read::CompoundX(_, sheet), Carried::CompoundX(s)) => {
                let done = s
                    .repair(sheet, cx, weapon, effort, dice)
                    .map_err(carry_error)?;
                Ok(Decided::new(
                    Carried::CompoundX(Box::new(done.state)),
                    done.lines,
                ))
            }
            _ => Err(other_ruleset("repair", "Compound X")),
        }
    })
    .await?;
    Ok(r)
}

/// What the GM's resupply takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ResupplyRequest {
    /// Why (kept in the log).
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/resupply`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/resupply",
    summary = "Resupply: weapons loaded, magazines, grenades, items and kits back to the file's counts where fewer are left",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = ResupplyRequest,
    responses((status = 201, description = "the state change's entry", body = Changed))
)]
pub(crate) async fn resupply(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<ResupplyRequest>,
) -> Result<Response, AppError> {
    let at = OnOne::by_gm(
        &campaign,
        &id,
        &caller,
        StateWhat::Resupply,
        reason(body.value.reason.as_deref(), false)?,
    );
    let content = crate::packs::in_force(&state, &campaign).await?;
    let cx = &content.packs.cx;
    let (r, _) = on_one(&state, at, &body, None, |l, s, _, _| {
        let (state, lines) = match (&l.read, s) {
            (Read::CompoundX(_, sheet), Carried::CompoundX(s)) => {
                let done = s.resupply(sheet, cx);
                (Carried::CompoundX(Box::new(done.state)), done.lines)
            }
            (Read::D20(c, _), Carried::D20(s)) => {
                let done = s.resupply(c);
                (Carried::D20(Box::new(done.state)), done.lines)
            }
            _ => return Err(mismatched()),
        };
        Ok(Decided::new(state, lines))
    })
    .await?;
    Ok(r)
}

/// What the GM's loot takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LootRequest {
    /// An item, a weapon (spare magazines, grenades) or a kit the file
    /// carries, by id.
    what: String,
    /// How many more (1 to 10000).
    count: i64,
    /// Where it was found (kept in the log).
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/loot`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/loot",
    summary = "Loot: more of an item, magazines or grenades of a weapon, or a kit the character's file carries",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = LootRequest,
    responses(
        (status = 201, description = "the state change's entry", body = Changed),
        (status = 422, description = "gear the file does not carry, or a count out of range", body = ErrorBody)
    )
)]
pub(crate) async fn loot(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<LootRequest>,
) -> Result<Response, AppError> {
    let at = OnOne::by_gm(
        &campaign,
        &id,
        &caller,
        StateWhat::Loot,
        reason(body.value.reason.as_deref(), false)?,
    );
    let (what, count) = (body.value.what.clone(), body.value.count);
    let (r, _) = on_one(&state, at, &body, None, |l, s, _, _| {
        let (state, lines) = match (&l.read, s) {
            (Read::CompoundX(_, sheet), Carried::CompoundX(s)) => {
                let done = s.loot(sheet, &what, count).map_err(carry_error)?;
                (Carried::CompoundX(Box::new(done.state)), done.lines)
            }
            (Read::D20(..), Carried::D20(s)) => {
                let done = s.loot(&what, count).map_err(carry_error)?;
                (Carried::D20(Box::new(done.state)), done.lines)
            }
            _ => return Err(mismatched()),
        };
        Ok(Decided::new(state, lines))
    })
    .await?;
    Ok(r)
}

/// What the GM's XP award takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct XpAwardRequest {
    /// Experience points (1 to 1000000).
    xp: i64,
    /// What for (kept in the log).
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/award`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/award",
    summary = "Award XP (a level takes 1000 XP a level in all: level n at n x 1000)",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = XpAwardRequest,
    responses(
        (status = 201, description = "the state change's entry", body = Changed),
        (status = 422, description = "XP out of range", body = ErrorBody)
    )
)]
pub(crate) async fn award(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<XpAwardRequest>,
) -> Result<Response, AppError> {
    let at = OnOne::by_gm(
        &campaign,
        &id,
        &caller,
        StateWhat::Award,
        reason(body.value.reason.as_deref(), false)?,
    );
    let xp = body.value.xp;
    let (r, _) = on_one(&state, at, &body, None, |_, s, _, _| {
        let state = match s {
            Carried::CompoundX(s) => {
                Carried::CompoundX(Box::new(s.award(xp).map_err(carry_error)?))
            }
            Carried::D20(s) => Carried::D20(Box::new(s.award(xp).map_err(carry_error)?)),
        };
        Ok(Decided::new(state, vec![format!("+{xp} XP")]))
    })
    .await?;
    Ok(r)
}

/// What `POST .../state/level-up` takes: Compound X's choices of the level
/// (checked by the level-up checks, CX-LVL-02..07); a D20 level takes none.
#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelUpRequest {
    /// The stat raised, at levels 5, 9, 15 and 20 (CX-LVL-06).
    #[serde(default)]
    stat: Option<Stat>,
    /// Skill points added, by skill id (CX-LVL-02/03).
    #[serde(default)]
    skills: BTreeMap<String, i64>,
    /// Feats taken (CX-LVL-04).
    #[serde(default)]
    feats: Vec<String>,
    /// Class feats taken (CX-LVL-05).
    #[serde(default)]
    class_feats: Vec<String>,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/level-up`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/level-up",
    summary = "Take the next level once the XP allows it, through the level-up checks; the character's file is replaced by the new level's",
    description = "Who: its owner or the GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = LevelUpRequest,
    responses(
        (status = 201, description = "the state change's entry", body = Changed),
        (status = 422, description = "not enough XP (not_enough_xp), or the level-up checks refuse the choices (state_refused, with every problem as `diagnostics`, each naming its field and rule)", body = ErrorBody)
    )
)]
pub(crate) async fn level_up(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<LevelUpRequest>,
) -> Result<Response, AppError> {
    let at = OnOne::by_owner(&campaign, &id, &caller, StateWhat::LevelUp);
    let content = crate::packs::in_force(&state, &campaign).await?;
    let (cx, d20) = (&content.packs.cx, &content.packs.d20);
    let request = &body.value;
    let choices = nanite_compound_x::LevelUp {
        stat: request.stat,
        skills: request
            .skills
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect(),
        feats: request.feats.clone(),
        class_feats: request.class_feats.clone(),
    };
    let (r, file) = on_one(&state, at, &body, None, |l, s, _, _| {
        let before = l.stored.text.clone();
        match (&l.read, s) {
            (Read::CompoundX(c, _), Carried::CompoundX(s)) => {
                let (leveled, after) = s
                    .level_up(c, cx, &choices)
                    .map_err(|e| level_refused(c, cx, &choices, e))?;
                Ok(Decided {
                    state: Carried::CompoundX(Box::new(after)),
                    lines: vec![format!("{} reaches level {}", l.name, leveled.level)],
                    file: Some(FileChange {
                        before,
                        after: leveled.to_toml(),
                    }),
                    medic: None,
                })
            }
            (Read::D20(c, campaign), Carried::D20(s)) => {
                if choices != nanite_compound_x::LevelUp::default() {
                    return Err(other_ruleset(
                        "a level's stat, skills and feats",
                        "Compound X",
                    ));
                }
                let (text, after) = s
                    .level_up(c, &l.stored.text, d20, campaign)
                    .map_err(carry_error)?;
                Ok(Decided {
                    lines: vec![format!("{} reaches level {}", l.name, after.level)],
                    state: Carried::D20(Box::new(after)),
                    file: Some(FileChange {
                        before,
                        after: text,
                    }),
                    medic: None,
                })
            }
            _ => Err(mismatched()),
        }
    })
    .await?;
    if let Some(file) = file {
        let mut stored = characters::find(&state, &campaign, &id)
            .await?
            .ok_or_else(|| AppError::not_found(format!("no character '{id}'")))?;
        stored.text = file.after;
        characters::store(&state, &campaign, &stored).await?;
    }
    Ok(r)
}

/// The schema of a correction: one value of either ruleset's state (the
/// handler reads it by the campaign's ruleset).
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum StateCorrection {
    /// A Compound X state's value.
    CompoundX(nanite_compound_x::carry::Correction),
    /// A D20 state's value.
    D20(nanite_d20::carry::Correction),
}

/// What the GM's correction takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CorrectRequest {
    /// The value to set, tagged by `field`, with its `value`: Compound X's
    /// (`CxCorrection`: hp, wounds, nanites, death_saves, fort_failures,
    /// xp, shield, armor_points, weapon, item, injuries, conditions,
    /// below_par, dead) or D20's (`D20Correction`: hp, energy,
    /// power_points, xp, kit, drains).
    #[schema(value_type = StateCorrection)]
    correction: serde_json::Value,
    /// Why (1 to 300 characters, kept in the log).
    reason: String,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/state/correct`.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/state/correct",
    summary = "The GM corrects one value of a character's state by hand, with a reason kept in the log",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("character" = String, Path, description = "the character id"), IdempotencyKey),
    request_body = CorrectRequest,
    responses(
        (status = 201, description = "the state change's entry", body = Changed),
        (status = 422, description = "an unknown field, a value out of its range, or no reason", body = ErrorBody)
    )
)]
pub(crate) async fn correct(
    State(state): State<AppState>,
    Path((campaign, id)): CharacterPath,
    caller: Caller,
    body: Asked<CorrectRequest>,
) -> Result<Response, AppError> {
    let at = OnOne::by_gm(
        &campaign,
        &id,
        &caller,
        StateWhat::Correct,
        reason(Some(&body.value.reason), true)?,
    );
    let value = body.value.correction.clone();
    let bad = |e: serde_json::Error| {
        AppError::unprocessable(
            "invalid_correction",
            format!(
                "the correction does not read ({e}); write {{\"field\": \"hp\", \"value\": 40}}"
            ),
        )
    };
    let (r, _) = on_one(&state, at, &body, None, |_, s, _, _| {
        let state = match s {
            Carried::CompoundX(s) => {
                let c: nanite_compound_x::carry::Correction =
                    serde_json::from_value(value.clone()).map_err(bad)?;
                Carried::CompoundX(Box::new(s.correct(&c).map_err(carry_error)?))
            }
            Carried::D20(s) => {
                let c: nanite_d20::carry::Correction =
                    serde_json::from_value(value.clone()).map_err(bad)?;
                Carried::D20(Box::new(s.correct(&c).map_err(carry_error)?))
            }
        };
        Ok(Decided::new(state, Vec::new()))
    })
    .await?;
    Ok(r)
}

/// `POST /api/campaigns/{campaign}/states/undo`: the GM takes back the last
/// state change still standing (a write-back, a rest, an award...); a level
/// taken gives the file its text back.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/states/undo",
    summary = "Take back the last change of the characters' carried states (a fight's write-back, a rest, an award, a level)",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), IdempotencyKey),
    request_body = crate::seeds::Nothing,
    responses(
        (status = 201, description = "what was taken back", body = Changed),
        (status = 422, description = "nothing to take back (nothing_to_undo)", body = ErrorBody)
    )
)]
pub(crate) async fn undo(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<crate::seeds::Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = body.change(&campaign, &caller)?;
    let mut files = Vec::new();
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            let version = table.carried.last_standing().ok_or_else(|| {
                AppError::unprocessable(
                    "nothing_to_undo",
                    "no change of the characters' states to take back",
                )
            })?;
            let undone = table
                .item(version)
                .cloned()
                .ok_or_else(|| AppError::internal("a standing change is not in the feed"))?;
            files = match &undone.body {
                ItemBody::StateChanged(c) => c
                    .characters
                    .iter()
                    .filter_map(|ch| {
                        ch.file
                            .as_ref()
                            .map(|f| (ch.character.clone(), f.before.clone()))
                    })
                    .collect(),
                _ => Vec::new(),
            };
            Ok((
                Fact::StateUndone { version },
                ItemBody::StateUndone { undone },
            ))
        })
        .await?;
    if !committed.replayed {
        for (id, text) in files.drain(..) {
            if let Some(mut stored) = characters::find(&state, &campaign, &id).await? {
                stored.text = text;
                characters::store(&state, &campaign, &stored).await?;
            }
        }
    }
    Ok(view::created(committed))
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/write-back`: the
/// GM writes an ended encounter back to its campaign characters' states
/// (also done at once when the GM ends it).
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/write-back",
    summary = "Write an ended encounter back to its campaign characters' carried states (done at once when the GM ends it; this is for an encounter ended before, or after an undo)",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = crate::seeds::Nothing,
    responses(
        (status = 201, description = "the write-back's entry", body = Changed),
        (status = 422, description = "the fight is not over, it was written back already, or no campaign character fought in it", body = ErrorBody)
    )
)]
pub(crate) async fn write_back_handler(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<crate::seeds::Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = body.change(&campaign, &caller)?;
    let committed = write_back(&state, &campaign, &encounter, change)
        .await?
        .ok_or_else(|| {
            AppError::unprocessable(
                "nothing_to_write_back",
                "no campaign character fought in this encounter",
            )
        })?;
    Ok(view::created(committed))
}

/// Writes ended `encounter` back to its campaign characters' states, as
/// `change`; none when no campaign character fought in it.
pub(crate) async fn write_back(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    change: Change<'_>,
) -> Result<Option<crate::tables::Committed>, AppError> {
    let ids: Vec<String> = state
        .tables()
        .read(state, campaign, |t| {
            t.encounter(encounter).map(|e| {
                e.roster
                    .values()
                    .filter_map(|r| r.character.clone())
                    .collect()
            })
        })
        .await??;
    let mut loaded_all = BTreeMap::new();
    for id in ids {
        if let Some(stored) = characters::find(state, campaign, &id).await? {
            loaded_all.insert(id, loaded(state, campaign, stored).await?);
        }
    }
    if loaded_all.is_empty() {
        return Ok(None);
    }
    let committed = state
        .tables()
        .commit(state, change, |table| {
            if table.carried.written(encounter) {
                return Err(AppError::unprocessable(
                    "written_back",
                    "this encounter was written back already; the GM undoes that first (POST /api/campaigns/{campaign}/states/undo)",
                ));
            }
            let characters = super::written_back(table, encounter, &loaded_all)?;
            let fact = StateChange {
                what: StateWhat::WriteBack,
                encounter: Some(encounter.to_string()),
                reason: None,
                characters,
                dice: Vec::new(),
                seeded: None,
            };
            Ok((
                Fact::StateChanged(Box::new(fact.clone())),
                ItemBody::StateChanged(Box::new(fact)),
            ))
        })
        .await?;
    Ok(Some(committed))
}

/// After a command the GM gave: when it ended `encounter`'s fight and a
/// campaign character fought in it, the fight is written back at once (an
/// entry of its own, by the same GM).
pub(crate) async fn after_command(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
) -> Result<(), AppError> {
    let ended = state
        .tables()
        .read(state, campaign, |t| {
            t.encounter(encounter).is_ok_and(|e| {
                let phase = match &e.play {
                    crate::ruleset::Play::CompoundX(g) => &g.state().clock.phase,
                    crate::ruleset::Play::D20(g) => &g.state().clock.phase,
                    // A registered ruleset's combatants carry nothing.
                    crate::ruleset::Play::Plugged(_) => return false,
                };
                *phase == nanite_core::encounter::FightPhase::Ended
                    && !t.carried.written(encounter)
                    && e.roster.values().any(|r| r.character.is_some())
            })
        })
        .await?;
    if !ended {
        return Ok(());
    }
    let change = Change {
        campaign,
        by: &caller.invite.id,
        key: None,
        fingerprint: format!("write-back:{encounter}"),
        viewer: view::viewer(caller),
    };
    match write_back(state, campaign, encounter, change).await {
        Ok(_) => Ok(()),
        // Written back meanwhile, or a state the fight cannot read back:
        // the GM sees it on the write-back endpoint.
        Err(e) if e.status().is_client_error() => Ok(()),
        Err(e) => Err(e),
    }
}
