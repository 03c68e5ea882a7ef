//! A command for a registered ruleset's game, given through the API: read
//! by the game (`Played::read`), allowed by the table from who acts in it
//! (`nanite_core::table::Seat::refusal`), decided by the rules with the
//! play session's dice or the physical dice typed in, and appended. The
//! same for every registered ruleset.

use axum::response::Response;
use nanite_core::table::{Acting, Refusal, Seat};
use nanite_core::{CombatantId, DiceSource, DieRequest, SourceError};
use serde_json::Value;

use crate::body::Asked;
use crate::error::AppError;
use crate::facts::Order;
use crate::physical::{DiceTyped, Physical};
use crate::ruleset::Play;
use crate::sessions::Caller;
use crate::table::{Encounter, Entrant, command_record};
use crate::{AppState, view};

/// `POST .../encounters/{encounter}/commands` in an encounter of a
/// registered ruleset.
pub(crate) async fn command(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
    body: &Asked<Value>,
) -> Result<Response, AppError> {
    let viewer = view::viewer(caller);
    let change = body.change(campaign, caller)?;
    let committed = state
        .tables()
        .commit_with_dice(state, change, true, |table| {
            let read = played(table.encounter_mut(encounter)?)?.read(&body.raw)?;
            let mut draw = read
                .dice
                .is_none()
                .then(|| table.sessions.draw())
                .transpose()?;
            let enc = table.encounter_mut(encounter)?;
            let seat = view::seat(enc, enc.roster.keys(), &viewer);
            let game = played(enc)?;
            may_give(game.acting(&read.json), &seat, &game.board(&seat).pieces)?;
            let entrant = game.entrant(&read.json);
            let mut typed = read.dice.as_ref().map(DiceTyped::source);
            let source: &mut dyn DiceSource = match (typed.as_mut(), draw.as_mut()) {
                (Some(typed), _) => typed,
                (None, Some(draw)) => &mut draw.dice,
                (None, None) => return Err(AppError::internal("no dice for a command")),
            };
            let mut watched = Watched {
                source,
                failed: None,
            };
            let done = game.execute(&read.json, &mut watched);
            let failed = watched.failed;
            let done = match (done, failed, typed.as_ref().zip(read.dice.as_ref())) {
                (Ok(done), _, _) => done,
                // Physical dice missing or off their faces: every die the
                // command needs, worked out by a dry run.
                (Err(_), Some(why), Some((physical, typed))) => {
                    return Err(crate::physical::refused_dice(
                        &why,
                        physical,
                        typed,
                        viewer.is_gm(),
                        &|_| true,
                        |d| game.dry_run(&read.json, d),
                    ));
                }
                (Err(refusal), _, _) => return Err(refused(refusal)),
            };
            if let Some(unused) = typed.as_ref().and_then(Physical::unused) {
                game.undo();
                return Err(unused);
            }
            let physical = typed.is_some() && !done.dice.is_empty();
            let seeded = draw.filter(|_| !done.dice.is_empty()).map(|d| d.seeded);
            let owner = (!viewer.is_gm()).then(|| viewer.invite.clone());
            if let Some(id) = &entrant {
                enc.roster.insert(
                    id.clone(),
                    Entrant {
                        character: None,
                        owner: owner.clone(),
                    },
                );
            }
            let order = Order::Plugged {
                command: read.json,
                entrant,
                owner,
            };
            Ok(command_record(
                encounter,
                &order,
                &read.command.name(),
                done,
                seeded,
                physical,
            ))
        })
        .await?;
    Ok(view::created(committed))
}

/// A dice source that remembers why it first failed: a command refused
/// for want of physical dice is answered with the dice it needs.
struct Watched<'a> {
    source: &'a mut dyn DiceSource,
    failed: Option<String>,
}

impl DiceSource for Watched<'_> {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        self.source.roll(request).inspect_err(|e| {
            self.failed.get_or_insert_with(|| e.to_string());
        })
    }
}

/// The registered ruleset's game of `enc`.
pub(crate) fn played(enc: &mut Encounter) -> Result<&mut Box<dyn super::Played>, AppError> {
    match &mut enc.play {
        Play::Plugged(game) => Ok(game),
        _ => Err(AppError::internal("not a registered ruleset's encounter")),
    }
}

/// Whether `seat` may give a command in which `acting` acts. A player is
/// never told the id of a combatant they cannot see (`visible`): a command
/// of theirs in a hidden combatant's turn is simply not in their turn.
fn may_give(
    acting: Acting,
    seat: &Seat,
    visible: &[nanite_core::table::Piece],
) -> Result<(), AppError> {
    if matches!(seat, Seat::Spectator) {
        return Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to act",
        ));
    }
    let seen = |id: &CombatantId| visible.iter().any(|p| &p.id == id);
    let hidden_turn = match &acting {
        Acting::Turn(id) | Acting::Reaction(id) => !seat.is_gm() && !seen(id),
        _ => false,
    };
    if hidden_turn {
        return Err(AppError::forbidden(
            "not_your_turn",
            "it is not your character's turn; wait for your turn",
        ));
    }
    match seat.refusal(acting) {
        None => Ok(()),
        Some(r) => {
            let code = if r.code == "gm_only" {
                "gm_only"
            } else {
                "not_your_character"
            };
            Err(AppError::forbidden(code, r.message.clone())
                .with("refusal", serde_json::to_value(&r).unwrap_or(Value::Null)))
        }
    }
}

/// The rules' refusal as the API answers it, as the ruleset wrote it for
/// whoever gave the command (`TableRules::refusal`).
fn refused(refusal: Refusal) -> AppError {
    AppError::unprocessable("refused", refusal.message.clone()).with(
        "refusal",
        serde_json::to_value(&refusal).unwrap_or(Value::Null),
    )
}
