//! Rolls the table waits for. A player may choose to roll their own
//! (physical) dice; then every die the rules give them waits for them,
//! whoever gives the command: the death save at the start of their downed
//! character's turn (in the GM's "next turn"), a check the GM calls for
//! their character, their armor roll and Shock save when an NPC hits them,
//! their initiative. A die is theirs when its purpose names their
//! combatant ("death save d100 for Vex Marrow", "armor d100 for Vex
//! Marrow": the engine names every die by the combatant who rolls it).
//!
//! A command that comes to such a die is not carried out: it is kept as
//! the encounter's awaited roll (a fact of the stream, with the dice rolled
//! for it so far), the table shows it (the player gets the dice dialog,
//! the GM sees the table waiting), and the encounter takes no other command
//! until the player sends their dice (`POST .../awaited`; the command is
//! then carried out with them), the GM rolls them for the player (the same
//! route without dice) or the GM drops it (`DELETE .../awaited`: nothing
//! happens). The choice of dice and the awaited rolls are read back from
//! the table's feed, so snapshots and replays keep them.

use std::collections::BTreeSet;

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use nanite_core::{CombatantId, DiceSource};
use nanite_dice::{DieNeed, DieRequest, SourceError, TypedDice, TypedDie, describe};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::body::{Asked, Asking};
use crate::error::{AppError, ErrorBody};
use crate::openapi::IdempotencyKey;
use crate::permissions::{Role, Viewer};
use crate::physical::DiceTyped;
use crate::ruleset::{Play, RulesCommand};
use crate::sessions::Caller;
use crate::table::{Encounter, Item, ItemBody, Table};
use crate::view::Changed;
use crate::{AppState, view};
use nanite_compound_x::encounter::CompoundX;
use nanite_core::Ruleset as _;
use nanite_d20::encounter::D20;

/// A fact about dice: a seat's choice, or a roll the table waits for.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "dice", rename_all = "snake_case")]
pub(crate) enum DiceFact {
    /// The seat that asked (the entry's `by`) rolls its own dice from now
    /// on, or no longer.
    Choice {
        /// Whether it rolls its own.
        own: bool,
    },
    /// A command waits for a player's dice.
    Awaited(Awaited),
    /// The GM dropped the roll an encounter waited for: its command is not
    /// carried out.
    Dropped {
        /// The encounter.
        encounter: String,
    },
}

/// A command waiting for a player's dice.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Awaited {
    /// The encounter.
    pub(crate) encounter: String,
    /// The command, as its engine reads it.
    pub(crate) command: Value,
    /// The seat that gave it.
    pub(crate) by: String,
    /// The seat whose dice it waits for.
    pub(crate) seat: String,
    /// The combatant whose roll it is.
    pub(crate) combatant: CombatantId,
    /// Its name.
    pub(crate) name: String,
    /// The die it stopped at.
    pub(crate) purpose: String,
    /// The dice rolled for it so far, by purpose (the server's and any
    /// typed in): the command is carried out with them.
    pub(crate) kept: Vec<TypedDie>,
}

/// Whether `seat` rolls their own dice: their last choice in the feed.
pub(crate) fn rolls_own(table: &Table, seat: &str) -> bool {
    table.own_dice.contains(seat)
}

/// Notes `item`'s choice, if it is one, in `own`, the seats that roll
/// their own dice: the table keeps them as its feed grows, so a command
/// does not read the whole feed to learn them.
pub(crate) fn note_own(own: &mut BTreeSet<String>, item: &Item) {
    if let ItemBody::Dice(DiceFact::Choice { own: on }) = &item.body {
        if *on {
            own.insert(item.by.clone());
        } else {
            own.remove(&item.by);
        }
    }
}

/// The seats that roll their own dice after `feed` (a table restored from
/// its snapshot).
pub(crate) fn own_seats(feed: &[std::sync::Arc<Item>]) -> BTreeSet<String> {
    let mut own = BTreeSet::new();
    for item in feed {
        note_own(&mut own, item);
    }
    own
}

/// The roll encounter `encounter` waits for, if any: an awaited roll not
/// followed by a command, an undo or a drop in that encounter.
pub(crate) fn awaited<'t>(table: &'t Table, encounter: &str) -> Option<&'t Awaited> {
    for item in table.feed.iter().rev() {
        match &item.body {
            ItemBody::Dice(DiceFact::Awaited(a)) if a.encounter == encounter => return Some(a),
            ItemBody::Dice(DiceFact::Dropped { encounter: e }) if e == encounter => return None,
            ItemBody::Command(c) if c.encounter == encounter => return None,
            ItemBody::Undone { encounter: e, .. } if e == encounter => return None,
            ItemBody::EncounterCreated { encounter: e, .. } if e == encounter => return None,
            _ => {}
        }
    }
    None
}

/// Refuses a command while its encounter waits for a player's dice.
pub(crate) fn not_waiting(table: &Table, encounter: &str) -> Result<(), AppError> {
    match awaited(table, encounter) {
        None => Ok(()),
        Some(a) => Err(AppError::conflict(
            "waiting_for_dice",
            format!(
                "the table waits for the dice of {}'s player ({}); they roll them on their tracker, or the GM rolls them for the player or drops the roll",
                a.name, a.purpose
            ),
        )),
    }
}

/// Who rolls each die of an encounter: the players who roll their own
/// dice, by the combatants they own.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rollers {
    /// Each combatant owned by a player who rolls their own dice: its id,
    /// its name and the seat; longest name first, so "Vex Marrow" is
    /// found before "Vex".
    players: Vec<(CombatantId, String, String)>,
}

impl Rollers {
    /// The rollers of `encounter` at `table`.
    pub(crate) fn of(table: &Table, encounter: &Encounter) -> Rollers {
        let own = &table.own_dice;
        let mut players: Vec<(CombatantId, String, String)> = names(encounter)
            .into_iter()
            .filter_map(|(id, name)| {
                let seat = encounter.roster.get(&id)?.owner.clone()?;
                own.contains(&seat).then_some((id, name, seat))
            })
            .collect();
        players.sort_by_key(|(_, name, _)| std::cmp::Reverse(name.len()));
        Rollers { players }
    }

    /// The player seat whose die this is, if its purpose names a combatant
    /// of a player who rolls their own dice ("... for Vex Marrow",
    /// "... of Vex Marrow's ...").
    pub(crate) fn seat_of(&self, purpose: &str) -> Option<(&CombatantId, &str, &str)> {
        for (at, _) in purpose
            .match_indices(" for ")
            .chain(purpose.match_indices(" of "))
        {
            let rest = &purpose[at..];
            let rest = rest
                .strip_prefix(" for ")
                .or_else(|| rest.strip_prefix(" of "))?;
            for (id, name, seat) in &self.players {
                for word in [name.as_str(), id.as_str()] {
                    if let Some(after) = rest.strip_prefix(word)
                        && (after.is_empty()
                            || after.starts_with('\'')
                            || after.starts_with(',')
                            || after.starts_with(' '))
                    {
                        return Some((id, name, seat));
                    }
                }
            }
        }
        None
    }

    /// Whether a die is `seat`'s own (theirs, or no waiting player's).
    pub(crate) fn asks(&self, seat: &str, purpose: &str) -> bool {
        self.seat_of(purpose).is_none_or(|(_, _, s)| s == seat)
    }
}

/// Each combatant's id and name.
fn names(encounter: &Encounter) -> Vec<(CombatantId, String)> {
    match &encounter.play {
        Play::CompoundX(game) => game
            .state()
            .combatants
            .iter()
            .map(|(id, c)| (id.clone(), c.fighter.name.clone()))
            .collect(),
        Play::D20(game) => game
            .state()
            .combatants
            .iter()
            .map(|(id, c)| (id.clone(), c.fighter.name.clone()))
            .collect(),
        // A registered ruleset's game waits for nobody's dice.
        Play::Plugged(_) => Vec::new(),
    }
}

/// Where the dice stopped: the waiting player's die no one gave.
#[derive(Clone, Debug)]
pub(crate) struct Stop {
    combatant: CombatantId,
    name: String,
    seat: String,
    purpose: String,
}

/// The dice of a command the table rolls together: the dice kept (rolled
/// earlier or typed in by purpose) first; then a die of a player in
/// `waits` stops the command (it waits for them); any other die comes from
/// `own` (the caller's typed dice, or the server's) and is noted.
pub(crate) struct Shared<'a> {
    kept: TypedDice,
    own: &'a mut dyn DiceSource,
    rollers: &'a Rollers,
    waits: &'a dyn Fn(&str) -> bool,
    rolled: Vec<TypedDie>,
    stop: Option<Stop>,
}

impl<'a> Shared<'a> {
    /// Dice giving `kept` first, then stopping at a die of a seat `waits`
    /// names, then `own`.
    pub(crate) fn new(
        kept: Vec<TypedDie>,
        own: &'a mut dyn DiceSource,
        rollers: &'a Rollers,
        waits: &'a dyn Fn(&str) -> bool,
    ) -> Self {
        Shared {
            kept: TypedDice::new(kept),
            own,
            rollers,
            waits,
            rolled: Vec::new(),
            stop: None,
        }
    }

    /// Where the dice stopped, if they did.
    pub(crate) fn stopped(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The dice to keep for the command when it waits: those kept that it
    /// used and those `own` gave.
    pub(crate) fn so_far(&self) -> Vec<TypedDie> {
        let mut dice = self.kept.taken();
        dice.extend(self.rolled.iter().cloned());
        dice
    }
}

impl DiceSource for Shared<'_> {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        match self.kept.roll(request) {
            Ok(v) => return Ok(v),
            Err(SourceError::Exhausted { .. }) => {}
            Err(e) => return Err(e),
        }
        let purpose = describe(request);
        if let Some((id, name, seat)) = self.rollers.seat_of(&purpose)
            && (self.waits)(seat)
        {
            self.stop = Some(Stop {
                combatant: id.clone(),
                name: name.to_string(),
                seat: seat.to_string(),
                purpose: purpose.clone(),
            });
            return Err(SourceError::Exhausted {
                sides: request.sides,
                purpose,
                used: 0,
            });
        }
        let v = self.own.roll(request)?;
        self.rolled.push(TypedDie {
            sides: request.sides,
            purpose,
            value: i64::from(v),
        });
        Ok(v)
    }
}

/// The awaited roll a command that stopped at `stop` becomes.
pub(crate) fn awaiting(
    encounter: &str,
    command: &Value,
    by: &str,
    stop: &Stop,
    kept: Vec<TypedDie>,
) -> (crate::facts::Fact, ItemBody) {
    let a = DiceFact::Awaited(Awaited {
        encounter: encounter.to_string(),
        command: command.clone(),
        by: by.to_string(),
        seat: stop.seat.clone(),
        combatant: stop.combatant.clone(),
        name: stop.name.clone(),
        purpose: stop.purpose.clone(),
        kept,
    });
    (crate::facts::Fact::Dice(a.clone()), ItemBody::Dice(a))
}

/// What `PUT /api/campaigns/{campaign}/own-dice` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct OwnDice {
    /// Whether you roll your own (physical) dice: then every die the rules
    /// give you waits for you.
    own: bool,
}

/// `PUT /api/campaigns/{campaign}/own-dice`: a player (or the GM) rolls
/// their own dice from now on, or no longer.
#[utoipa::path(
    put,
    path = "/campaigns/{campaign}/own-dice",
    summary = "Roll your own (physical) dice, or not: every die the rules give you (death saves, checks the GM calls, armor rolls) then waits for you",
    description = "Who: a player or the GM. The choice is the seat's and is kept in the campaign's stream.",
    params(("campaign" = String, Path, description = "the campaign id"), IdempotencyKey),
    request_body = OwnDice,
    responses(
        (status = 201, description = "the choice", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed)
    )
)]
pub(crate) async fn choose(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<OwnDice>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    if caller.role() == Role::Spectator {
        return Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; they roll no dice",
        ));
    }
    let own = body.value.own;
    let change = body.change(&campaign, &caller)?;
    let committed = state
        .tables()
        .commit(&state, change, |_| {
            let fact = DiceFact::Choice { own };
            Ok((crate::facts::Fact::Dice(fact.clone()), ItemBody::Dice(fact)))
        })
        .await?;
    Ok(view::created(committed))
}

/// The roll an encounter waits for, as a viewer may see it.
#[derive(Serialize, ToSchema)]
pub(crate) struct AwaitedView {
    /// The combatant whose roll it is.
    #[schema(value_type = String)]
    pub(crate) combatant: CombatantId,
    /// Its name.
    pub(crate) name: String,
    /// The die the table waits for.
    pub(crate) purpose: String,
    /// It is yours to roll.
    pub(crate) yours: bool,
}

/// What `GET .../awaited` answers.
#[derive(Serialize, ToSchema)]
pub(crate) struct AwaitedAnswer {
    /// The roll the encounter waits for; none when it waits for nothing.
    awaited: Option<AwaitedView>,
}

/// The awaited roll of `encounter` as `viewer` sees it.
pub(crate) fn shown(table: &Table, encounter: &str, viewer: &Viewer) -> Option<AwaitedView> {
    awaited(table, encounter).map(|a| AwaitedView {
        combatant: a.combatant.clone(),
        name: a.name.clone(),
        purpose: a.purpose.clone(),
        yours: a.seat == viewer.invite,
    })
}

/// `GET /api/campaigns/{campaign}/encounters/{encounter}/awaited`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/encounters/{encounter}/awaited",
    summary = "The roll the encounter waits for: a die the rules give a player who rolls their own dice",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    responses((status = 200, description = "the awaited roll, or none", body = AwaitedAnswer))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<AwaitedAnswer>, AppError> {
    view::read_as(&state, &campaign, &caller, |t, viewer| {
        t.encounter(&encounter)?;
        Ok(Json(AwaitedAnswer {
            awaited: shown(t, &encounter, viewer),
        }))
    })
    .await?
}

/// What `POST .../awaited` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AwaitedDice {
    /// The player's dice, as for a command (`[]` first: the answer lists
    /// every die needed); the GM sends none to roll them for the player.
    #[serde(default)]
    dice: Option<DiceTyped>,
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/awaited`: the
/// player sends the dice the table waits for (or the GM, without dice,
/// rolls them for the player); the command is carried out with them.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/awaited",
    summary = "Roll the dice the table waits for: the waiting command is carried out with them",
    description = "Who: the player it waits for (with `dice`), or the GM (without: the server rolls them for the player).",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = AwaitedDice,
    responses(
        (status = 201, description = "the command's entry (or the next awaited roll)", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 422, description = "dice missing (dice_needed: error.needed.dice lists them all) or off their faces, or nothing awaited", body = ErrorBody)
    )
)]
#[allow(clippy::too_many_arguments)]
pub(crate) async fn roll(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<AwaitedDice>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let viewer = view::viewer(&caller);
    let typed = body.value.dice.clone();
    let change = body.change(&campaign, &caller)?;
    // `[]` reads as faces: none yet, as by purpose.
    let typed = match typed {
        Some(DiceTyped::Faces(f)) if f.is_empty() => Some(DiceTyped::ByPurpose(Vec::new())),
        other => other,
    };
    if matches!(typed, Some(DiceTyped::Faces(_))) {
        return Err(AppError::unprocessable(
            "invalid_field",
            "the dice of an awaited roll are sent by purpose: `dice` is a list of {\"sides\", \"purpose\", \"value\"} as the answer's `needed.dice` names them",
        ));
    }
    let committed = state
        .tables()
        .commit_with_dice(&state, change, true, |table| {
            let a = awaited(table, &encounter).cloned().ok_or_else(|| {
                AppError::unprocessable("nothing_awaited", "this encounter waits for nobody's dice")
            })?;
            if !viewer.is_gm() && a.seat != viewer.invite {
                return Err(AppError::forbidden(
                    "not_your_roll",
                    format!(
                        "the table waits for the dice of {}'s player, not yours",
                        a.name
                    ),
                ));
            }
            let by_seat = a.seat == viewer.invite;
            if by_seat && typed.is_none() {
                return Err(AppError::unprocessable(
                    "dice_needed",
                    "send your dice in `dice` (`[]` first: the answer lists every die the roll needs)",
                ));
            }
            let rollers = Rollers::of(table, table.encounter(&encounter)?);
            let mut draw = table.sessions.draw()?;
            let mut kept = a.kept.clone();
            if let Some(DiceTyped::ByPurpose(dice)) = &typed {
                kept.extend(dice.iter().cloned());
            }
            // The waiting seat's dice never come from the server, unless
            // the GM rolls them for the player.
            let seat = a.seat.clone();
            let waits = move |s: &str| by_seat || s != seat;
            let enc = table.encounter_mut(&encounter)?;
            let command = rules_command(enc, &a.command)?;
            let (done, stop, so_far, at_fault) = {
                let mut shared = Shared::new(kept.clone(), &mut draw.dice, &rollers, &waits);
                let done = crate::ruleset::execute(&mut enc.play, &command, &mut shared);
                (done, shared.stop.clone(), shared.so_far(), shared.kept.last_asked())
            };
            let why = match done {
                Ok(done) => {
                    let order = crate::facts::Order::Rules {
                        command: a.command.clone(),
                    };
                    return Ok(crate::table::command_record(
                        &encounter,
                        &order,
                        &command.name(),
                        done,
                        None,
                        true,
                    ));
                }
                Err(why) => why,
            };
            match stop {
                // Another player's die: the table waits for them next.
                Some(stop) if stop.seat != viewer.invite => {
                    Ok(awaiting(&encounter, &a.command, &a.by, &stop, so_far))
                }
                // The seat's own dice: every one of them, at once.
                Some(_) => Err(seat_needs(enc, &command, &kept, &rollers, &a.seat, &why, None)),
                None if why.contains("impossible") => Err(seat_needs(
                    enc, &command, &kept, &rollers, &a.seat, &why, at_fault,
                )),
                None if viewer.is_gm() => Err(AppError::unprocessable("refused", why)),
                None => Err(AppError::unprocessable(
                    "refused",
                    "the rules refuse the waiting command now; ask the GM why",
                )),
            }
        })
        .await?;
    // The engine plays on once its NPC's command is carried out (`engine`).
    if !committed.replayed {
        crate::engine::drive(&state, &campaign, &encounter).await;
    }
    Ok(view::created(committed))
}

/// `DELETE /api/campaigns/{campaign}/encounters/{encounter}/awaited` (GM):
/// drops the roll the encounter waits for; its command is not carried out.
#[utoipa::path(
    delete,
    path = "/campaigns/{campaign}/encounters/{encounter}/awaited",
    summary = "Drop the roll the encounter waits for: its command is not carried out",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    responses(
        (status = 201, description = "the drop", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 422, description = "nothing awaited (nothing_awaited)", body = ErrorBody)
    )
)]
pub(crate) async fn drop_awaited(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    asking: Asking,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = asking.change(&campaign, &caller, &[])?;
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            if awaited(table, &encounter).is_none() {
                return Err(AppError::unprocessable(
                    "nothing_awaited",
                    "this encounter waits for nobody's dice",
                ));
            }
            let fact = DiceFact::Dropped {
                encounter: encounter.clone(),
            };
            Ok((crate::facts::Fact::Dice(fact.clone()), ItemBody::Dice(fact)))
        })
        .await?;
    Ok(view::created(committed))
}

/// The awaited command, read by its encounter's engine.
fn rules_command(enc: &Encounter, json: &Value) -> Result<RulesCommand, AppError> {
    Ok(match &enc.play {
        Play::CompoundX(_) => RulesCommand::CompoundX(
            serde_json::from_value(json.clone()).map_err(AppError::internal)?,
        ),
        Play::D20(_) => {
            RulesCommand::D20(serde_json::from_value(json.clone()).map_err(AppError::internal)?)
        }
        Play::Plugged(game) => game.command(json).map_err(AppError::internal)?,
    })
}

/// Decides `command` once on `dice`, changing nothing (a dry run).
pub(crate) fn dry_run(play: &Play, command: &RulesCommand, dice: &mut dyn DiceSource) {
    match (play, command) {
        (Play::CompoundX(g), RulesCommand::CompoundX(c)) => {
            let _ = CompoundX::decide(g.state(), c, dice);
        }
        (Play::D20(g), RulesCommand::D20(c)) => {
            let _ = D20::decide(g.state(), c, dice);
        }
        _ => {}
    }
}

/// The dice a seat still owes an awaited command, all at once: a dry run
/// with the dice kept, the dice of others left out.
fn seat_needs(
    enc: &Encounter,
    command: &RulesCommand,
    kept: &[TypedDie],
    rollers: &Rollers,
    seat: &str,
    why: &str,
    at_fault: Option<(u32, String)>,
) -> AppError {
    let good: Vec<TypedDie> = kept
        .iter()
        .filter(|d| (1..=i64::from(d.sides)).contains(&d.value))
        .cloned()
        .collect();
    let needs: Vec<DieNeed> = nanite_dice::needs(|d| dry_run(&enc.play, command, d), &good, false)
        .into_iter()
        .filter(|n| {
            rollers
                .seat_of(&n.purpose)
                .is_some_and(|(_, _, s)| s == seat)
        })
        .collect();
    let at_fault = at_fault.filter(|_| why.contains("impossible"));
    crate::physical::needed(why, needs, at_fault, Vec::new())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn choice(own: bool) -> ItemBody {
        ItemBody::Dice(DiceFact::Choice { own })
    }

    #[test]
    fn the_seats_rolling_their_own_dice_are_each_ones_last_choice() {
        // Alice chooses her own dice, then the server's; Bob his own: only
        // Bob rolls his own, whether the seats are kept as the feed grows
        // (`Table::push`) or read from a snapshot's feed.
        let choices = [(1, "alice", true), (2, "bob", true), (3, "alice", false)];
        let mut table = Table::empty();
        for (version, by, own) in choices {
            table.push(version, by.into(), None, String::new(), choice(own));
        }
        let feed: Vec<Arc<Item>> = choices
            .iter()
            .map(|(version, by, own)| {
                Arc::new(Item {
                    version: *version,
                    by: by.to_string(),
                    body: choice(*own),
                })
            })
            .collect();
        let expected: BTreeSet<String> = ["bob".to_string()].into();
        assert_eq!(table.own_dice, expected);
        assert_eq!(own_seats(&feed), expected);
        assert!(rolls_own(&table, "bob"));
        assert!(!rolls_own(&table, "alice"));
    }
}
