//! A D20 encounter's changes through the API's routes: combatants enter
//! from D20 character files (checked as `nanite d20` checks them) onto a
//! square or into a row; commands are the engine's JSON `Command`s, with
//! the table's permissions checked first, the dice drawn from the play
//! session's seed or typed in from the table's physical dice, and the same
//! idempotency keys as every change.

use axum::body::Bytes;
use axum::response::Response;
use nanite_core::{CombatantId, DiceSource, Game};
use nanite_d20::encounter::{Command, D20, Field, Place, Refusal, Row};
use serde::Deserialize;

use super::refusals::{refused, refused_with_dice, unseen_targets};
use super::{D20Entrance, permissions};
use crate::body::Asked;
use crate::command_dice::{self, Asker, CommandedGame};
use crate::encounters::{CommandRequest, read_command};
use crate::error::AppError;
use crate::facts::Order;
use crate::permissions::Viewer;
use crate::physical::{DiceTyped, Physical};
use crate::sessions::Caller;
use crate::table::Executed;
use crate::tables::Change;
use crate::{AppState, characters, view};

/// Where a change is asked: the campaign, the encounter, who asks, and the
/// request's fingerprint and idempotency key.
pub(crate) struct At<'a> {
    /// The campaign's id.
    pub(crate) campaign: &'a str,
    /// The encounter's id.
    pub(crate) encounter: &'a str,
    /// Who asks.
    pub(crate) caller: &'a Caller,
    /// SHA-256 of the request.
    pub(crate) fingerprint: String,
    /// Its idempotency key.
    pub(crate) key: Option<String>,
}

impl<'a> At<'a> {
    /// Where `body` asks its change of `encounter`.
    pub(crate) fn asked<T>(
        campaign: &'a str,
        encounter: &'a str,
        caller: &'a Caller,
        body: &Asked<T>,
    ) -> Result<Self, AppError> {
        Ok(At {
            campaign,
            encounter,
            caller,
            fingerprint: body.fingerprint(),
            key: body.key()?,
        })
    }

    fn change(&self) -> Change<'_> {
        Change {
            campaign: self.campaign,
            by: &self.caller.invite.id,
            viewer: view::viewer(self.caller),
            key: self.key.clone(),
            fingerprint: self.fingerprint.clone(),
        }
    }
}

/// What `POST .../combatants` takes in a D20 campaign.
#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = D20NewCombatant)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewCombatant {
    /// Its handle in the fight (`bandit`); a campaign character takes its
    /// own id when none is given.
    #[serde(default)]
    id: Option<String>,
    /// A campaign character's id: its owner plays it.
    #[serde(default)]
    character: Option<String>,
    /// Or an NPC file (TOML, checked as `nanite d20 sheet` checks it).
    #[serde(default)]
    npc: Option<String>,
    /// Its side (`players`, `bandits`): the fight ends when one is left.
    side: String,
    /// Hidden from the players.
    #[serde(default)]
    hidden: bool,
    /// A square (`{"square": {"x": 2, "y": 3}}`) or a row (`{"row":
    /// "back"}`); the front row when none is given.
    #[serde(default)]
    place: Option<Place>,
    /// The name shown, if not the character's.
    #[serde(default)]
    name: Option<String>,
}

/// `POST .../combatants` (GM) in a D20 campaign: a combatant enters from a
/// campaign character (its owner plays it) or an NPC file.
pub(crate) async fn add_combatant(
    state: &AppState,
    at: At<'_>,
    raw: &Bytes,
) -> Result<Response, AppError> {
    let request: NewCombatant = crate::body::parse(raw)?;
    let id = characters::combatant_id(request.id.as_deref(), request.character.as_deref())?;
    if request.side.trim().is_empty() {
        return Err(AppError::unprocessable(
            "invalid_side",
            "name the combatant's side (\"players\", \"bandits\"); the fight ends when one side is left",
        ));
    }
    let (file, text, character, owner) = characters::source(
        state,
        at.campaign,
        &id,
        request.character.as_deref(),
        request.npc.as_deref(),
    )
    .await?;
    let content = crate::packs::in_force(state, at.campaign).await?;
    super::characters::check(&content.packs.d20, &file, &text)?;
    let place = match request.place {
        Some(place) => place,
        None => {
            let on_grid = state
                .tables()
                .read(state, at.campaign, |t| {
                    t.encounter(at.encounter)
                        .and_then(|e| e.d20().map(|b| matches!(b.field, Field::Map { .. })))
                })
                .await??;
            if on_grid {
                return Err(AppError::unprocessable(
                    "place_needed",
                    "this encounter is on a grid: give the square, `\"place\": {\"square\": {\"x\": 2, \"y\": 3}}`",
                ));
            }
            Place::Row(Row::Front)
        }
    };
    let order = Order::D20Add(D20Entrance {
        id: CombatantId::from(id.clone()),
        side: request.side.trim().to_string(),
        hidden: request.hidden,
        place,
        name: request.name.clone(),
        character,
        owner,
        file,
        text,
        carried: None,
    });
    let viewer = view::viewer(at.caller);
    let encounter = at.encounter.to_string();
    let committed = state
        .tables()
        .commit_rolling(state, at.change(), |table| {
            // The pack the stream has in force, as a replay will use.
            let pack = state
                .packs()
                .d20_of(table.pack_in_force().1.as_deref())
                .map_err(AppError::internal)?;
            let mut draw = table.sessions.draw()?;
            // A campaign character enters as it carries itself (carry.rs).
            let mut order = order.clone();
            if let Order::D20Add(entrance) = &mut order {
                if let Some(crate::carry::Carried::D20(s)) = entrance
                    .character
                    .as_deref()
                    .and_then(|c| table.carried.current(c))
                {
                    entrance.carried = Some(s.clone());
                }
            }
            let enc = table.encounter_mut(&encounter)?;
            let command = super::command(&order, &pack, enc.d20()?).map_err(AppError::internal)?;
            let game = enc.d20_game()?;
            let battle = game.state().clone();
            let done = super::execute(game, &command, &mut draw.dice)
                .map_err(|r| refused(r, &viewer, Some(&battle)))?;
            Ok(enc.entered(&order, done, draw.seeded))
        })
        .await?;
    Ok(view::created(committed))
}

/// A D20 game runs the table's commands (`command_dice`).
impl CommandedGame for Game<D20> {
    type Command = Command;
    type Refusal = Refusal;
    fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Executed, Refusal> {
        super::execute(self, command, dice)
    }
    fn take_back(&mut self) {
        self.undo();
    }
    fn refused(
        &self,
        refusal: Refusal,
        viewer: &Viewer,
        command: &Command,
        dice: Option<(&Physical, &DiceTyped)>,
        mine: &dyn Fn(&str) -> bool,
    ) -> AppError {
        refused_with_dice(refusal, viewer, self.state(), dice, command, mine)
    }
}

/// `POST .../commands` in a D20 campaign: one engine command.
pub(crate) async fn command(
    state: &AppState,
    at: At<'_>,
    raw: &Bytes,
) -> Result<Response, AppError> {
    let caller = at.caller;
    let request: CommandRequest<Command> = read_command(raw)?;
    let viewer = view::viewer(caller);
    let physical = request.dice.is_some();
    let encounter = at.encounter.to_string();
    let committed = state
        .tables()
        .commit_with_dice(state, at.change(), !physical, |table| {
            crate::waiting::not_waiting(table, &encounter)?;
            let rollers = crate::waiting::Rollers::of(table, table.encounter(&encounter)?);
            let draw = (!physical).then(|| table.sessions.draw()).transpose()?;
            let enc = table.encounter_mut(&encounter)?;
            let roster = enc.roster.clone();
            let owns = |id: &CombatantId| view::owns(roster.get(id), &viewer);
            let game = enc.d20_game()?;
            let battle = game.state().clone();
            permissions::may_command(caller.role(), owns, &battle, &request.command)?;
            if !viewer.is_gm() {
                unseen_targets(&battle, &request.json)?;
            }
            let name = crate::ruleset::RulesCommand::D20(request.command.clone()).name();
            let by = Asker {
                encounter: &encounter,
                name: &name,
                viewer: &viewer,
                rollers: &rollers,
            };
            command_dice::run(game, &request, &by, draw)
        })
        .await?;
    Ok(view::created(committed))
}
