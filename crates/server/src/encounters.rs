//! Encounters: the GM opens them and adds combatants from characters or NPC
//! files; commands (the engine's JSON `Command`s) go to the engine, with the
//! table's permissions checked first and the dice typed in when the table
//! rolls physical dice. The handlers here are Compound X's; a D20
//! campaign's go to `crate::d20::encounters` (the routes are the same).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;
use nanite_compound_x::combat::{Cover, Stance};
use nanite_compound_x::encounter::Command;
use nanite_compound_x::encounter::Command as CxCommand;
use nanite_core::{CombatantId, DiceSource};
use nanite_d20::encounter::Command as D20Command;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};

use crate::body::{Asked, json_error};
use crate::command_dice::{self, Asker, CommandedGame};
use crate::error::{AppError, ErrorBody};
use crate::facts::{Entrance, Fact, Order};
use crate::openapi::IdempotencyKey;
use crate::permissions::{Role, Viewer, may_command};
use crate::physical::{DiceTyped, Physical};
use crate::refusals::{refused, refused_with_dice, unseen_targets};
use crate::ruleset::{Play, Ruleset};
use crate::sessions::Caller;
use crate::table::{Executed, ItemBody};
use crate::view::{Changed, EncounterAnswer};
use crate::{AppState, campaigns, characters, tokens, view};

/// A campaign's encounters.
#[derive(serde::Serialize, ToSchema)]
pub(crate) struct EncounterList {
    /// Each encounter's id, name and ruleset.
    encounters: Vec<crate::table::Listed>,
}

/// `GET /api/campaigns/{campaign}/encounters`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/encounters",
    summary = "Encounters",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the encounters", body = EncounterList))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<EncounterList>, AppError> {
    caller.member_of(&campaign)?;
    let encounters = state
        .tables()
        .read(&state, &campaign, |t| t.encounter_list())
        .await?;
    Ok(Json(EncounterList { encounters }))
}

/// What `POST /api/campaigns/{campaign}/encounters` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewEncounter {
    /// Its name (1 to 100 characters).
    name: String,
    /// D20: a grid (`{"field": "map", "width": 12, "height": 8}`) or rows
    /// (`{"field": "rows"}`, the default).
    #[serde(default)]
    field: Option<nanite_d20::encounter::Field>,
    /// A registered ruleset's setup of the encounter, as that ruleset
    /// reads it (left out: its default).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    setup: Option<Value>,
}

/// `POST /api/campaigns/{campaign}/encounters` (GM): opens an encounter.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters",
    summary = "Open an encounter",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), IdempotencyKey),
    request_body = NewEncounter,
    responses(
        (status = 201, description = "the encounter_created entry", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed)
    )
)]
pub(crate) async fn create(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
    body: Asked<NewEncounter>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let name = body.value.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(AppError::unprocessable(
            "invalid_name",
            "an encounter name is 1 to 100 characters",
        ));
    }
    let settings = campaigns::get(&state, &campaign).await?;
    let d20 = crate::d20::setup(&settings, body.value.field.clone())?;
    let plugged = match (settings.ruleset, body.value.setup.clone()) {
        (Ruleset::Plugged(key), setup) => Some(crate::plugged::Setup::asked(key, setup)?),
        (_, None) => None,
        (ruleset, Some(_)) => {
            return Err(AppError::unprocessable(
                "not_this_ruleset",
                format!(
                    "`setup` is for a registered ruleset's encounters; a {} encounter takes none",
                    ruleset.title()
                ),
            ));
        }
    };
    let id = tokens::id("e-")?;
    let change = body.change(&campaign, &caller)?;
    let committed = state
        .tables()
        .commit(&state, change, |_| {
            Ok(opened(&id, &name, &d20, plugged.as_ref()))
        })
        .await?;
    Ok(view::created(committed))
}

/// The fact and the feed entry of encounter `id` opened as `name`, with
/// its D20 setup or a registered ruleset's (neither: Compound X).
pub(crate) fn opened(
    id: &str,
    name: &str,
    d20: &Option<crate::d20::D20Setup>,
    plugged: Option<&crate::plugged::Setup>,
) -> (Fact, ItemBody) {
    (
        Fact::EncounterCreated {
            encounter: id.to_string(),
            name: name.to_string(),
            d20: d20.clone(),
            plugged: plugged.cloned(),
        },
        ItemBody::EncounterCreated {
            encounter: id.to_string(),
            name: name.to_string(),
            d20: d20.clone(),
            plugged: plugged.cloned(),
        },
    )
}

/// `GET /api/campaigns/{campaign}/encounters/{encounter}`: the encounter as
/// the caller may see it.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/encounters/{encounter}",
    summary = "The encounter as you may see it: its ruleset, phase, round, active combatant and actions, initiative, combatants, log; Compound X: distances; D20: field, places, movement, grapples, initiative settings",
    description = "Who: any participant (cut to the viewer).",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    responses((status = 200, description = "the view", body = EncounterAnswer<'static>))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<Value>, AppError> {
    let shown = view::read_as(&state, &campaign, &caller, |t, viewer| {
        t.encounter(&encounter).and_then(|e| {
            serde_json::to_value(EncounterAnswer {
                version: t.seen_by(viewer),
                encounter: view::encounter(t, e, viewer),
            })
            .map_err(AppError::internal)
        })
    })
    .await??;
    Ok(Json(shown))
}

/// `GET /api/campaigns/{campaign}/encounters/{encounter}/choices`: what the
/// caller may do now in a Compound X or D20 encounter, each choice with the
/// parameters it takes and the engine's verdict (its cost and odds, or why
/// not): the tracker's buttons, for bots. Worked out from what the caller
/// may know only.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/encounters/{encounter}/choices",
    summary = "What you may do now (Compound X or D20)",
    description = "Who: any participant. Each choice's kind, label, actor and target, its command with every parameter at its default, the parameters a form may fill in (field, label, kind whole/one_of/flag/text with their legal values), and the engine's verdict (allowed with its action cost and chance to hit, or refused with code, rule, message and fix); worked out from what you may know only.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    responses((status = 200, description = "the choices", body = Choices))
)]
pub(crate) async fn choices(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<Choices>, AppError> {
    view::read_as(&state, &campaign, &caller, |t, viewer| {
        t.encounter(&encounter).map(|e| {
            let choices = match &e.play {
                Play::CompoundX(game) => {
                    let battle = game.state();
                    let seat = view::seat(e, battle.clock.seats.iter().map(|s| &s.id), viewer);
                    Offered::CompoundX(crate::fog::choices(e, battle, viewer, &seat))
                }
                Play::D20(game) => {
                    let battle = game.state();
                    let seat = view::seat(e, battle.clock.seats.iter().map(|s| &s.id), viewer);
                    Offered::D20(nanite_d20::encounter::choices::choices(battle, &seat))
                }
                Play::Plugged(game) => {
                    Offered::Plugged(game.choices(&view::seat(e, e.roster.keys(), viewer)))
                }
            };
            Json(Choices {
                version: t.seen_by(viewer),
                choices,
            })
        })
    })
    .await?
}

/// What `GET .../choices` answers.
#[derive(serde::Serialize, ToSchema)]
pub(crate) struct Choices {
    /// The campaign's stream version the choices were worked out at.
    version: i64,
    /// The choices, the active combatant's first, then the GM's hand.
    #[schema(value_type = Vec<nanite_core::table::Choice<EncounterCommand>>)]
    choices: Offered,
}

/// A command of the campaign's ruleset, as its engine reads and writes it
/// (tagged by `command`, snake_case): a Compound X command (`CxCommand`)
/// or a D20 one (`D20Command`). The campaign's ruleset reads it, so the
/// document offers both; a command both rulesets have (`clock`, `hold`,
/// `check`) may match either, hence `anyOf`.
pub(crate) struct EncounterCommand;

impl utoipa::__dev::ComposeSchema for EncounterCommand {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        crate::openapi::any_of(
            "A command of the campaign's ruleset, tagged by `command`: Compound X's (`CxCommand`) in a Compound X campaign, D20's (`D20Command`) in a D20 one.",
            &[CxCommand::name(), D20Command::name()],
        )
    }
}

impl ToSchema for EncounterCommand {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        crate::openapi::register::<CxCommand>(schemas);
        crate::openapi::register::<D20Command>(schemas);
    }
}

/// What `POST .../commands` takes: a command of the campaign's ruleset
/// ([`EncounterCommand`]) and, beside its fields, `dice`: the physical
/// dice typed in, in the order asked for.
pub(crate) struct EncounterCommandBody;

impl utoipa::__dev::ComposeSchema for EncounterCommandBody {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        let dice = ObjectBuilder::new().property(
            "dice",
            OneOfBuilder::new()
                .item(ObjectBuilder::new().schema_type(Type::Null))
                .item(utoipa::openapi::Ref::from_schema_name(DiceTyped::name()))
                .description(Some(
                    "The physical dice typed in: the faces in the order the answer's `needed.asked` named them, or each die by purpose as `needed.dice` names them (the dice dialog's way); none: the server rolls.",
                )),
        );
        AllOfBuilder::new()
            .description(Some(
                "A command of the campaign's ruleset (`EncounterCommand`), plus `dice`.",
            ))
            .item(utoipa::openapi::Ref::from_schema_name(
                EncounterCommand::name(),
            ))
            .item(dice)
            .into()
    }
}

impl ToSchema for EncounterCommandBody {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        crate::openapi::register::<EncounterCommand>(schemas);
        crate::openapi::register::<DiceTyped>(schemas);
    }
}

/// What `POST .../combatants` takes: a Compound X combatant
/// ([`NewCombatant`]) or a D20 one (`crate::d20::encounters`), read by the
/// campaign's ruleset.
pub(crate) struct CombatantRequest;

impl utoipa::__dev::ComposeSchema for CombatantRequest {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        crate::openapi::any_of(
            "A combatant to add, from a campaign character or an NPC file: Compound X's (`CxNewCombatant`) in a Compound X campaign, D20's (`D20NewCombatant`) in a D20 one.",
            &[
                NewCombatant::name(),
                crate::d20::encounters::NewCombatant::name(),
            ],
        )
    }
}

impl ToSchema for CombatantRequest {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        crate::openapi::register::<NewCombatant>(schemas);
        crate::openapi::register::<crate::d20::encounters::NewCombatant>(schemas);
    }
}

/// The choices of an encounter's ruleset, each with that ruleset's command.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub(crate) enum Offered {
    /// A Compound X fight's.
    CompoundX(Vec<nanite_core::table::Choice<Command>>),
    /// A D20 fight's.
    D20(Vec<nanite_core::table::Choice<nanite_d20::encounter::Command>>),
    /// A registered ruleset's game's, each command as that ruleset writes it.
    Plugged(Vec<nanite_core::table::Choice<Value>>),
}

/// What `POST .../combatants` takes in a Compound X campaign: a campaign
/// character or an NPC file.
#[derive(Deserialize, ToSchema)]
#[schema(as = CxNewCombatant)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewCombatant {
    /// Its handle in the fight (`raider`); a campaign character takes its
    /// own id when none is given.
    #[serde(default)]
    id: Option<String>,
    /// A campaign character's id: its owner plays it.
    #[serde(default)]
    character: Option<String>,
    /// Or an NPC file (TOML, checked as `nanite cx check` checks it).
    #[serde(default)]
    npc: Option<String>,
    /// Its side (`players`, `raiders`): the fight ends when one is left.
    side: String,
    /// Hidden from the players.
    #[serde(default)]
    hidden: bool,
    /// Its cover (none by default).
    #[serde(default)]
    cover: Cover,
    /// Its stance (standing by default).
    #[serde(default)]
    stance: Stance,
    /// The name shown, if not the character's.
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/combatants` (GM):
/// a combatant enters from a campaign character (its owner plays it) or an
/// NPC file, checked as `nanite cx check` checks them.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/combatants",
    summary = "Add a combatant from a campaign character or an NPC TOML file",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = CombatantRequest,
    responses(
        (status = 201, description = "the combatant's entry", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed)
    )
)]
pub(crate) async fn add_combatant(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<Value>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    match settings.ruleset {
        Ruleset::CompoundX => {}
        Ruleset::Station => return Err(campaigns::station_has_no("encounters")),
        Ruleset::D20 => {
            let at = crate::d20::encounters::At::asked(&campaign, &encounter, &caller, &body)?;
            return crate::d20::encounters::add_combatant(&state, at, &body.raw).await;
        }
        Ruleset::Plugged(key) => {
            return Err(AppError::unprocessable(
                "use_commands",
                format!(
                    "a {key} combatant joins by its ruleset's own command: POST .../encounters/{{encounter}}/commands (GET .../choices offers it)"
                ),
            ));
        }
    }
    let request: NewCombatant = crate::body::parse(&body.raw)?;
    let id = characters::combatant_id(request.id.as_deref(), request.character.as_deref())?;
    if request.side.trim().is_empty() {
        return Err(AppError::unprocessable(
            "invalid_side",
            "name the combatant's side (\"players\", \"raiders\"); the fight ends when one side is left",
        ));
    }
    let (file, text, character, owner) = characters::source(
        &state,
        &campaign,
        &id,
        request.character.as_deref(),
        request.npc.as_deref(),
    )
    .await?;
    let content = crate::packs::in_force(&state, &campaign).await?;
    characters::check(&content.packs.cx, settings.house_rules(), &file, &text)?;
    let order = Order::Add(Entrance {
        id: CombatantId::from(id.clone()),
        side: request.side.trim().to_string(),
        hidden: request.hidden,
        cover: request.cover,
        stance: request.stance,
        name: request.name.clone(),
        character,
        owner,
        file,
        text,
        house_rules: settings.house_rules.clone(),
        carried: None,
    });
    let viewer = view::viewer(&caller);
    let change = body.change(&campaign, &caller)?;
    let committed = state
        .tables()
        .commit_rolling(&state, change, |table| {
            // A campaign character enters as it carries itself (carry.rs).
            let mut order = order.clone();
            if let Order::Add(entrance) = &mut order {
                if let Some(crate::carry::Carried::CompoundX(s)) = entrance
                    .character
                    .as_deref()
                    .and_then(|c| table.carried.current(c))
                {
                    entrance.carried = Some(s.clone());
                }
            }
            // The pack the stream has in force, as a replay will use.
            let pack = state
                .packs()
                .cx_of(table.pack_in_force().1.as_deref())
                .map_err(AppError::internal)?;
            let command = order
                .command(&pack)
                .map_err(|why| AppError::unprocessable("state_refused", why))?;
            let mut draw = table.sessions.draw()?;
            let enc = table.encounter_mut(&encounter)?;
            let done = enc.execute(&command, &mut draw.dice).map_err(|r| {
                refused::<nanite_compound_x::encounter::CompoundX>(r, &viewer, None)
            })?;
            Ok(enc.entered(&order, done, draw.seeded))
        })
        .await?;
    Ok(view::created(committed))
}

/// A command body: the engine's JSON `Command`, plus `dice` when the table
/// rolled physical dice.
pub(crate) struct CommandRequest<C> {
    /// The engine's command.
    pub(crate) command: C,
    /// It as JSON, as the engine writes it.
    pub(crate) json: Value,
    /// The physical dice typed in.
    pub(crate) dice: Option<DiceTyped>,
}

/// A Compound X encounter runs the table's commands (`command_dice`).
impl CommandedGame for crate::table::Encounter {
    type Command = Command;
    type Refusal = nanite_compound_x::encounter::Refusal;
    fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Executed, Self::Refusal> {
        crate::table::Encounter::execute(self, command, dice)
    }
    fn take_back(&mut self) {
        self.undo();
    }
    fn refused(
        &self,
        refusal: Self::Refusal,
        viewer: &Viewer,
        command: &Command,
        dice: Option<(&Physical, &DiceTyped)>,
        mine: &dyn Fn(&str) -> bool,
    ) -> AppError {
        match self.battle() {
            Ok(battle) => refused_with_dice::<nanite_compound_x::encounter::CompoundX>(
                refusal, viewer, battle, dice, command, mine,
            ),
            Err(e) => e,
        }
    }
}

/// Reads a command body for an engine whose commands are `C`.
pub(crate) fn read_command<C: serde::de::DeserializeOwned + serde::Serialize>(
    raw: &Bytes,
) -> Result<CommandRequest<C>, AppError> {
    let mut body: Map<String, Value> = crate::body::parse(raw)?;
    let dice = DiceTyped::read(body.remove("dice"))?;
    let name = body
        .get("command")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if name == "add" {
        return Err(AppError::unprocessable(
            "use_combatants",
            "add combatants with POST /api/campaigns/{campaign}/encounters/{encounter}/combatants, from a character or an NPC file",
        ));
    }
    let input = Value::Object(body);
    // Read from the body's JSON where it is, not from a copy of it.
    let command = C::deserialize(&input).map_err(json_error)?;
    let json = serde_json::to_value(&command).map_err(AppError::internal)?;
    // The engine's commands ignore fields they do not know; the API does not.
    // A field at its default may be left out of the engine's own JSON
    // (`count_revive: false`): it is known if the command refuses a value
    // of the wrong type there, where an unknown field would be ignored.
    let known_field = |field: &str| {
        let mut probe = input.clone();
        if let Value::Object(map) = &mut probe {
            map.insert(field.to_string(), json!({ "": [] }));
        }
        serde_json::from_value::<C>(probe).is_err()
    };
    if let (Value::Object(given), Value::Object(known)) = (&input, &json) {
        if let Some(field) = given
            .keys()
            .find(|k| !known.contains_key(*k) && !known_field(k))
        {
            let mut fields: Vec<&str> = known.keys().map(String::as_str).collect();
            fields.retain(|f| *f != "command");
            fields.push("dice");
            return Err(AppError::unprocessable(
                "unknown_field",
                format!(
                    "unknown field `{field}` in a `{name}` command; it takes {}",
                    fields.join(", ")
                ),
            ));
        }
    }
    Ok(CommandRequest {
        command,
        json,
        dice,
    })
}

/// What `POST .../encounters/{encounter}/script` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScriptRequest {
    /// One line of the encounter script (`vex fire burst raider`), up to
    /// 1000 characters.
    #[schema(example = "vex fire burst raider")]
    line: String,
    /// Physical dice, as for a command.
    #[serde(default)]
    dice: Option<DiceTyped>,
}

/// The longest script line the API reads.
const LINE_MAX: usize = 1000;

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/script`: one line
/// of the ruleset's text command language (Compound X's `vex fire burst
/// raider`, D20's `kara attack raider`: the language of its encounter files
/// and `play` prompt), read by the ruleset's own parser, its weapon found among what the caller may know, and then
/// given as the command it reads as, exactly as `.../commands` takes it.
/// A line that does not read is refused with the column at fault.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/script",
    summary = "One line of the ruleset's text command language (`vex fire burst raider`, `kara attack raider`), read by the ruleset's parser and given as the command it reads as",
    description = "Who: GM; a player for their own combatant. The same permissions, dice and answers as .../commands (docs/compound-x/encounter-file.md).",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = ScriptRequest,
    responses(
        (status = 201, description = "as .../commands", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 422, description = "the line does not read (invalid_command_line, with error.line.column and error.line.help), or the rules refuse", body = ErrorBody)
    )
)]
pub(crate) async fn script(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<ScriptRequest>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let ruleset = state.ruleset_of(&campaign).await?;
    if ruleset == Ruleset::Station {
        return Err(campaigns::station_has_no("encounters"));
    }
    let line = body.value.line.trim();
    if line.chars().count() > LINE_MAX {
        return Err(AppError::unprocessable(
            "invalid_field",
            format!("`line` is at most {LINE_MAX} characters"),
        ));
    }
    let viewer = view::viewer(&caller);
    // Each ruleset reads its own language; a weapon is looked for among
    // what the caller may know.
    let command: Value = if let Ruleset::Plugged(_) = ruleset {
        state
            .tables()
            .read(&state, &campaign, |t| {
                let enc = t.encounter(&encounter)?;
                match &enc.play {
                    Play::Plugged(game) => game.parse(line).map_err(|e| line_error(&e)),
                    _ => Err(AppError::internal(
                        "a registered ruleset's campaign plays it",
                    )),
                }
            })
            .await??
    } else if ruleset == Ruleset::D20 {
        let order = nanite_d20::script::parse(line).map_err(|e| line_error(&e))?;
        state
            .tables()
            .read(&state, &campaign, |t| {
                let enc = t.encounter(&encounter)?;
                let battle = enc.d20()?;
                let seat = view::seat(enc, battle.clock.seats.iter().map(|s| &s.id), &viewer);
                let known = nanite_d20::encounter::choices::as_known_by(battle, &seat);
                let command = order.command(&known).map_err(|e| line_error(&e))?;
                serde_json::to_value(&command).map_err(AppError::internal)
            })
            .await??
    } else {
        let parsed = nanite_compound_x::script::parse(line).map_err(|e| line_error(&e))?;
        state
            .tables()
            .read(&state, &campaign, |t| {
                let enc = t.encounter(&encounter)?;
                let battle = enc.battle()?;
                let seat = view::seat(enc, battle.clock.seats.iter().map(|s| &s.id), &viewer);
                let known = nanite_compound_x::encounter::choices::as_known_by(battle, &seat);
                let command = parsed.order.command(&known).map_err(|e| line_error(&e))?;
                serde_json::to_value(&command).map_err(AppError::internal)
            })
            .await??
    };
    let mut json = command;
    if let (Some(dice), Some(obj)) = (&body.value.dice, json.as_object_mut()) {
        obj.insert("dice".into(), json!(dice));
    }
    let raw = Bytes::from(serde_json::to_vec(&json).map_err(AppError::internal)?);
    self::command(
        State(state),
        Path((campaign, encounter)),
        caller,
        body.with_body(json, raw),
    )
    .await
}

/// A script line that does not read: what is wrong, how to write it and
/// the column at fault.
fn line_error(e: &nanite_core::script::LineError) -> AppError {
    AppError::unprocessable("invalid_command_line", e.to_string())
        .with("line", json!({ "column": e.column, "help": e.help }))
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/commands`: one
/// command, decided by the engine. An `Idempotency-Key` makes a repeat
/// return the first result without firing again.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/commands",
    summary = "A command for the engine",
    description = "Who: GM; a player for their own combatant on its turn or with a reaction.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = EncounterCommandBody,
    responses(
        (status = 201, description = "the entry: the log lines you may see", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 409, description = "the Idempotency-Key was used for another request", body = ErrorBody),
        (status = 422, description = "the rules refuse (error.refusal), or physical dice are missing (error.needed names the die by purpose)", body = ErrorBody)
    )
)]
pub(crate) async fn command(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<Value>,
) -> Result<Response, AppError> {
    let answer = given(&state, &campaign, &encounter, &caller, &body).await?;
    // The engine plays on if it is now the turn of an NPC it plays
    // (`engine`); the answer is the command's own.
    if answer.status().is_success() {
        crate::engine::drive(&state, &campaign, &encounter).await;
    }
    Ok(answer)
}

/// [`command`]'s work: the command judged and appended.
async fn given(
    state: &AppState,
    campaign: &str,
    encounter: &str,
    caller: &Caller,
    body: &Asked<Value>,
) -> Result<Response, AppError> {
    let (campaign, encounter) = (campaign.to_string(), encounter.to_string());
    caller.member_of(&campaign)?;
    if caller.role() == Role::Spectator {
        return Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to act",
        ));
    }
    match state.ruleset_of(&campaign).await? {
        Ruleset::CompoundX => {}
        Ruleset::Station => return Err(campaigns::station_has_no("encounters")),
        Ruleset::D20 => {
            let at = crate::d20::encounters::At::asked(&campaign, &encounter, caller, body)?;
            let answer = crate::d20::encounters::command(state, at, &body.raw).await?;
            crate::carry::after_command(state, &campaign, &encounter, caller).await?;
            return Ok(answer);
        }
        Ruleset::Plugged(_) => {
            return crate::plugged::command(state, &campaign, &encounter, caller, body).await;
        }
    }
    let request: CommandRequest<Command> = read_command(&body.raw)?;
    let viewer = view::viewer(caller);
    let change = body.change(&campaign, caller)?;
    let physical = request.dice.is_some();
    let committed = state
        .tables()
        .commit_with_dice(state, change, !physical, |table| {
            crate::waiting::not_waiting(table, &encounter)?;
            let rollers = crate::waiting::Rollers::of(table, table.encounter(&encounter)?);
            let draw = (!physical).then(|| table.sessions.draw()).transpose()?;
            let enc = table.encounter_mut(&encounter)?;
            let owns = |id: &CombatantId| {
                enc.roster.get(id).is_some_and(|e| {
                    e.owner.as_deref() == Some(viewer.invite.as_str())
                        || (e.character.is_some() && e.character == viewer.slot)
                })
            };
            may_command::<nanite_compound_x::encounter::CompoundX>(
                caller.role(),
                owns,
                enc.battle()?,
                &request.command,
            )?;
            if !viewer.is_gm() {
                unseen_targets::<nanite_compound_x::encounter::CompoundX>(
                    enc.battle()?,
                    &request.json,
                )?;
            }
            // The engine's JSON of the command names it, as serializing
            // it again would (`permissions::command_name`).
            let name = request
                .json
                .get("command")
                .and_then(Value::as_str)
                .unwrap_or("this");
            let by = Asker {
                encounter: &encounter,
                name,
                viewer: &viewer,
                rollers: &rollers,
            };
            command_dice::run(enc, &request, &by, draw)
        })
        .await?;
    crate::carry::after_command(state, &campaign, &encounter, caller).await?;
    Ok(view::created(committed))
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/undo` (GM): takes
/// back the encounter's last command, whatever the ruleset; the fight is
/// replayed without it. The stream keeps both the command and the undo.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/undo",
    summary = "Take back the encounter's last command: the fight is replayed without it (its dice are not rolled again; a play session's roll index stays used)",
    description = "Who: GM.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id"), IdempotencyKey),
    request_body = crate::seeds::Nothing,
    responses(
        (status = 201, description = "what was taken back", body = Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Changed),
        (status = 422, description = "nothing to take back (nothing_to_undo)", body = ErrorBody)
    )
)]
pub(crate) async fn undo(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<crate::seeds::Nothing>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let change = body.change(&campaign, &caller)?;
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            crate::waiting::not_waiting(table, &encounter)?;
            // The fight's write-back goes with the command (`carry.rs`).
            let write_back = if table.encounter(&encounter)?.log.is_empty() {
                None
            } else {
                table.carried.undone_with(&encounter)?
            };
            let write_back_item = write_back
                .map(|v| {
                    table
                        .item(v)
                        .cloned()
                        .ok_or_else(|| AppError::internal("a write-back is not in the feed"))
                })
                .transpose()?;
            let enc = table.encounter_mut(&encounter)?;
            let undone = enc
                .take_back()
                .map_err(|why| AppError::unprocessable("nothing_to_undo", why))?;
            Ok((
                Fact::Undone {
                    encounter: encounter.clone(),
                    write_back,
                },
                ItemBody::Undone {
                    encounter: encounter.clone(),
                    undone,
                    write_back: write_back_item,
                },
            ))
        })
        .await?;
    // A fight still over after the undo is written back again, once.
    if !committed.replayed {
        crate::carry::after_command(&state, &campaign, &encounter, &caller).await?;
    }
    Ok(view::created(committed))
}
