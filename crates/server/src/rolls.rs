//! The roll log: dice expressions rolled at the table, each in a mode that
//! says who sees it: public (everyone), gm (the GM's own secret roll),
//! blind (the GM sees it; the roller only that it was made), self (the
//! roller and the GM). Rolls use the dice of the play session (derived from
//! its committed seed, see `seeds`), or the physical dice a player typed in.

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use nanite_dice::Expression;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::AppState;
use crate::body::Asked;
use crate::error::AppError;
use crate::facts::Fact;
use crate::permissions::{Role, Viewer};
use crate::seeds::SeedUse;
use crate::sessions::Caller;
use crate::table::ItemBody;
use crate::tables::Change;
use crate::view;

/// Who sees a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum RollMode {
    /// Everyone.
    Public,
    /// The GM only (the GM's own rolls).
    Gm,
    /// The GM; the roller sees that it was made, not the result.
    Blind,
    /// The roller and the GM.
    #[serde(rename = "self")]
    Own,
}

impl RollMode {
    /// The mode as the API spells it.
    pub(crate) fn key(self) -> &'static str {
        match self {
            RollMode::Public => "public",
            RollMode::Gm => "gm",
            RollMode::Blind => "blind",
            RollMode::Own => "self",
        }
    }

    /// The mode in the log's words.
    pub(crate) fn words(self) -> &'static str {
        match self {
            RollMode::Public => "public",
            RollMode::Gm => "GM only",
            RollMode::Blind => "blind",
            RollMode::Own => "self",
        }
    }
}

/// A roll of the log.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct RollItem {
    /// The roller's name ("Alice", "GM"); what was rolled is the roll's
    /// own label (`roll.label`, the text after `#`).
    pub(crate) label: String,
    /// Who sees it.
    pub(crate) mode: RollMode,
    /// The expression as typed.
    pub(crate) expression: String,
    /// The total.
    pub(crate) total: i64,
    /// The whole roll: every die with its fate.
    pub(crate) roll: nanite_dice::Roll,
    /// Rolled with physical dice typed in.
    pub(crate) physical: bool,
    /// The play session and index its dice came from (server-side dice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seeded: Option<SeedUse>,
    /// When it was rolled, in milliseconds since the Unix epoch (none for
    /// rolls made before the log kept times).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) at: Option<u64>,
    /// How the total was reached, one line a step, as the engine explains
    /// it (a roll from a character sheet; empty for a typed expression).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) breakdown: Vec<String>,
}

impl RollItem {
    /// The roll as `viewer` may see it, if at all; `by` is the roller's seat.
    pub(crate) fn shown_to<'a>(&'a self, by: &'a str, viewer: &Viewer) -> Option<ShownRoll<'a>> {
        let roller = by == viewer.invite;
        let seen = Seen::Result {
            total: self.total,
            roll: &self.roll,
            physical: self.physical,
            seeded: self.seeded.as_ref(),
            breakdown: &self.breakdown,
        };
        let seen = match self.mode {
            RollMode::Public => seen,
            _ if viewer.is_gm() => seen,
            RollMode::Own if roller => seen,
            RollMode::Blind if roller => Seen::Hidden {
                hidden: "a blind roll: only the GM sees the result",
            },
            _ => return None,
        };
        Some(ShownRoll {
            by,
            label: &self.label,
            what: self.roll.label.as_deref(),
            at: self.at,
            mode: self.mode,
            expression: &self.expression,
            seen,
        })
    }
}

/// A roll as one viewer sees it.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ShownRoll<'a> {
    /// The roller's seat.
    pub(crate) by: &'a str,
    /// The roller's name.
    pub(crate) label: &'a str,
    /// What was rolled: the text after `#` ("awareness", "Awareness check").
    pub(crate) what: Option<&'a str>,
    /// When, in milliseconds since the Unix epoch (none for old rolls).
    pub(crate) at: Option<u64>,
    /// Who sees it.
    pub(crate) mode: RollMode,
    /// The expression as typed.
    pub(crate) expression: &'a str,
    /// Its result, or why the viewer does not see it.
    #[serde(flatten)]
    pub(crate) seen: Seen<'a>,
}

/// What a viewer sees of a roll's result.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub(crate) enum Seen<'a> {
    /// The whole result.
    Result {
        /// The total.
        total: i64,
        /// Every die with its fate.
        roll: &'a nanite_dice::Roll,
        /// Rolled with physical dice typed in.
        physical: bool,
        /// The play session and index its dice came from.
        seeded: Option<&'a SeedUse>,
        /// How the total was reached, one line a step (a roll from a
        /// character sheet).
        breakdown: &'a [String],
    },
    /// A blind roll, to its roller: that only the GM sees the result.
    Hidden {
        /// Why the result is not shown.
        hidden: &'static str,
    },
}

/// What `POST /api/campaigns/{campaign}/rolls` takes.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RollRequest {
    /// A dice expression, with an optional `# label`.
    #[schema(example = "2d10+12 # strength")]
    expression: String,
    /// Who sees it (public by default).
    #[serde(default)]
    mode: Option<RollMode>,
    /// Physical dice: the faces in the order rolled, or each die by
    /// purpose as the dice dialog sends them.
    #[serde(default)]
    dice: Option<crate::physical::DiceTyped>,
}

/// `POST /api/campaigns/{campaign}/rolls`: rolls an expression into the log.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/rolls",
    summary = "Roll a dice expression",
    description = "Who: GM or player (mode gm: the GM only).",
    params(("campaign" = String, Path, description = "the campaign id"), crate::openapi::IdempotencyKey),
    request_body = RollRequest,
    responses(
        (status = 201, description = "the roll's entry", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 429, description = "too many rolls from this session; see Retry-After", body = crate::error::ErrorBody)
    )
)]
pub(crate) async fn roll(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<RollRequest>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let mode = body.value.mode.unwrap_or(RollMode::Public);
    may_roll(&caller, mode)?;
    // The key is checked before the roll spends any of the allowance.
    let change = body.change(&campaign, &caller)?;
    let expression = Expression::parse(&body.value.expression).map_err(|e| {
        AppError::unprocessable("invalid_expression", format!("{e}"))
            .with("expression", json!(body.value.expression))
    })?;
    let committed = commit_roll(
        &state,
        &caller,
        change,
        &expression,
        mode,
        body.value.dice.as_ref(),
        &|_| Ok(Vec::new()),
    )
    .await?;
    Ok(view::created(committed))
}

/// Refuses a roll `caller` may not make in `mode`: spectators watch, and
/// gm rolls are the GM's own.
pub(crate) fn may_roll(caller: &Caller, mode: RollMode) -> Result<(), AppError> {
    match (caller.role(), mode) {
        (Role::Spectator, _) => Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to roll",
        )),
        (Role::Player, RollMode::Gm) => Err(AppError::forbidden(
            "gm_only",
            "gm rolls are the GM's own; roll blind (the GM sees it, you do not) or self (you and the GM)",
        )),
        _ => Ok(()),
    }
}

/// What explains a roll once its dice are known (a sheet roll's breakdown),
/// or why it cannot be kept; nothing is kept on an error.
pub(crate) type Explain<'e> =
    dyn Fn(&nanite_dice::Roll) -> Result<Vec<String>, AppError> + Send + Sync + 'e;

/// Rolls `expression` into the log in `mode`, with the physical `dice`
/// typed in or the play session's dice, timed by the server's clock and
/// explained by `explain`. Spends one of the session's rolls.
pub(crate) async fn commit_roll(
    state: &AppState,
    caller: &Caller,
    change: Change<'_>,
    expression: &Expression,
    mode: RollMode,
    dice: Option<&crate::physical::DiceTyped>,
    explain: &Explain<'_>,
) -> Result<crate::tables::Committed, AppError> {
    if let Err(seconds) = state.throttle().take(&caller.session) {
        return Err(AppError::too_many(
            format!("too many rolls from this session; wait {seconds} s and roll again"),
            seconds,
        ));
    }
    let physical = dice.is_some();
    let at = state.config().clock.now_ms();
    let item = |rolled: nanite_dice::Roll, seeded| -> Result<RollItem, AppError> {
        let breakdown = explain(&rolled)?;
        Ok(RollItem {
            label: caller.invite.label.clone(),
            mode,
            expression: rolled.expression.clone(),
            total: rolled.total,
            roll: rolled,
            physical,
            seeded,
            at: Some(at),
            breakdown,
        })
    };
    match dice {
        Some(typed) => {
            let mut source = typed.source();
            let rolled = match expression.roll(&mut source) {
                Ok(rolled) => rolled,
                Err(e) => {
                    let nanite_dice::ErrorKind::Source(why) = e.kind() else {
                        return Err(dice_error(e));
                    };
                    // The roller's own roll: the faces that call for a die
                    // tell nothing hidden.
                    return Err(crate::physical::refused_dice(
                        &why.to_string(),
                        &source,
                        typed,
                        true,
                        &|_| true,
                        |d| {
                            let _ = expression.roll(d);
                        },
                    ));
                }
            };
            if let Some(unused) = source.unused() {
                return Err(unused);
            }
            let item = item(rolled, None)?;
            state
                .tables()
                .commit(state, change, |_| {
                    Ok((Fact::Roll(item.clone()), ItemBody::Roll(item.clone())))
                })
                .await
        }
        // The session's dice, drawn under the table's lock so each roll
        // takes the next index.
        None => {
            state
                .tables()
                .commit_rolling(state, change, |table| {
                    let mut draw = table.sessions.draw()?;
                    let rolled = expression.roll(&mut draw.dice).map_err(dice_error)?;
                    let seeded = (!rolled.dice.is_empty()).then_some(draw.seeded);
                    let item = item(rolled, seeded)?;
                    Ok((Fact::Roll(item.clone()), ItemBody::Roll(item)))
                })
                .await
        }
    }
}

fn dice_error(e: nanite_dice::Error) -> AppError {
    match e.kind() {
        nanite_dice::ErrorKind::Source(source) => {
            AppError::unprocessable(crate::refusals::source_code(source), source.to_string())
        }
        _ => AppError::unprocessable("invalid_expression", e.to_string()),
    }
}

/// `GET /api/campaigns/{campaign}/rolls`: the roll log as the caller may
/// see it, oldest first.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/rolls",
    summary = "The roll log as you may see it",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the rolls, oldest first", body = RollList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<RollList>, AppError> {
    let rolls = shown_rolls(&state, &campaign, &caller).await?;
    Ok(Json(RollList { rolls }))
}

/// The roll log as one viewer sees it.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct RollList {
    /// Each roll's feed entry (`type: roll`), oldest first: the JSON of a
    /// [`view::Shown`] (it borrows from the table, which the answer
    /// outlives).
    #[schema(value_type = Vec<view::Shown<'static>>)]
    rolls: Vec<Value>,
}

/// The campaign's rolls as `caller` may see them, oldest first.
pub(crate) async fn shown_rolls(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
) -> Result<Vec<Value>, AppError> {
    view::read_as(state, campaign, caller, |table, viewer| {
        table
            .feed
            .iter()
            .filter_map(|i| view::shown(table, i, viewer))
            // Not the start of a play session a hidden roll made.
            .filter(|s| matches!(s.entry, view::FeedEntry::Table(view::Entry::Roll(_))))
            .filter_map(|s| serde_json::to_value(s).ok())
            .collect::<Vec<_>>()
    })
    .await
}
