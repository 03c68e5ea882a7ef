//! The Compound X battle map at the table (issue 24): the map in the typed
//! view (its ground, walls and doors, and the places of the combatants the
//! viewer sees, `fog.rs`), and the GM giving a fight its map from the
//! `[map]` section of an encounter file, pasted or uploaded:
//! `PUT /api/campaigns/{campaign}/encounters/{encounter}/map`.
//!
//! Giving a map is the engine's own commands, each logged and undoable as
//! any other: `map` (the ground and walls) and then `place` for each
//! combatant the section places. All of them are first tried on a copy of
//! the fight: if one is refused, nothing is committed.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use nanite_compound_x::encounter::{Battle, Command, Point, Wall};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, Game, ScriptedDice};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::Asked;
use crate::error::{AppError, ErrorBody};
use crate::facts::Order;
use crate::permissions::{Role, Viewer};
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::table::{Encounter, command_record, execute_cx};
use crate::tables::Change;
use crate::{AppState, campaigns, view};

pub(crate) mod backdrop;

/// The battle map as one viewer sees it. Lengths are decimetres, `x` east
/// and `y` south of the map's top-left corner.
#[derive(Serialize, ToSchema)]
#[schema(as = CxMapShown)]
pub(crate) struct MapShown<'a> {
    /// Width (west to east).
    pub(crate) width: i64,
    /// Height (north to south).
    pub(crate) height: i64,
    /// A 1 m grid is drawn.
    pub(crate) grid: bool,
    /// The walls, obstacles' sides and doors (open or closed): the ground
    /// is known to everyone.
    pub(crate) walls: &'a [Wall],
    /// Where each combatant the viewer sees stands.
    pub(crate) tokens: Vec<Token<'a>>,
    /// Suppressed areas laid down by combatants the viewer sees.
    pub(crate) areas: Vec<AreaShown<'a>>,
    /// The background image drawn under the walls, if the GM gave one
    /// (fetched at `GET .../map/backdrop`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) backdrop: Option<backdrop::BackdropShown>,
}

/// A combatant's place on the map.
#[derive(Serialize, ToSchema)]
#[schema(as = CxMapToken)]
pub(crate) struct Token<'a> {
    /// The combatant.
    pub(crate) id: &'a CombatantId,
    /// Where it stands.
    pub(crate) at: Point,
}

/// A suppressed area (CX-SUP-01..04).
#[derive(Serialize, ToSchema)]
#[schema(as = CxMapArea)]
pub(crate) struct AreaShown<'a> {
    /// The suppressor.
    pub(crate) by: &'a CombatantId,
    /// Its centre.
    pub(crate) at: Point,
    /// Its radius in metres.
    pub(crate) radius: i64,
}

/// The map of `battle` as `viewer` sees it, `visible` saying whom they see.
pub(crate) fn shown<'a>(
    battle: &'a Battle,
    _enc: &Encounter,
    _viewer: &Viewer,
    visible: &dyn Fn(&CombatantId) -> bool,
) -> Option<MapShown<'a>> {
    let scene = battle.scene.as_deref()?;
    Some(MapShown {
        width: scene.layout.width,
        height: scene.layout.height,
        grid: scene.layout.grid,
        walls: &scene.layout.walls,
        tokens: scene
            .positions
            .iter()
            .filter(|(id, _)| visible(id))
            .map(|(id, at)| Token { id, at: *at })
            .collect(),
        areas: scene
            .areas
            .iter()
            .filter(|a| visible(&a.by))
            .map(|a| AreaShown {
                by: &a.by,
                at: a.at,
                radius: a.radius,
            })
            .collect(),
        backdrop: scene
            .layout
            .background
            .as_ref()
            .map(backdrop::BackdropShown::of),
    })
}

/// The longest map text the API reads.
const TEXT_MAX: usize = 64 * 1024;

/// What `PUT .../map` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MapRequest {
    /// The `[map]` section of an encounter file (or a whole encounter file:
    /// only its `[map]` is read), TOML, at most 64 KiB
    /// (docs/compound-x/encounter-file.md).
    #[schema(
        example = "[map]\nwidth = 30\nheight = 20\ngrid = true\n\n[[map.wall]]\nkind = \"concealing\"\nfrom = [10, 0]\nto = [10, 8]\n\n[map.at]\nvex = [2, 3]"
    )]
    text: String,
}

/// What `PUT .../map` answers.
#[derive(Serialize, ToSchema)]
pub(crate) struct MapGiven {
    /// The GM's stream version after the last command.
    version: i64,
    /// The commands given, in order (`map`, then one `place` each).
    commands: Vec<Command>,
}

/// The commands a `[map]` section gives: the map, then each place.
fn commands_of(text: &str, known: &[CombatantId]) -> Result<Vec<Command>, AppError> {
    let (section, found) =
        nanite_compound_x::encounter_file::read_map(&SourceFile::new("map.toml", text), known);
    let Some(section) = section else {
        return Err(crate::diagnosed::refused(
            "invalid_map",
            &found,
            |count, first| format!("the map has {count}; nothing changed. The first: {first}"),
        ));
    };
    let mut commands = vec![Command::Map {
        layout: section.layout,
    }];
    commands.extend(
        section
            .at
            .into_iter()
            .map(|(id, at, _)| Command::Place { id, at }),
    );
    Ok(commands)
}

/// Tries `commands` on a copy of `battle`: the first refusal, said with
/// the command it refused.
fn try_on_copy(battle: &Battle, commands: &[Command], viewer: &Viewer) -> Result<(), AppError> {
    let mut game = Game::new(battle.clone());
    for command in commands {
        // Laying a map and placing roll no dice.
        let mut dice = ScriptedDice::new(Vec::new());
        if let Err(refusal) = execute_cx(&mut game, command, &mut dice) {
            let name = crate::permissions::command_name(command);
            let e = crate::refusals::refused::<nanite_compound_x::encounter::CompoundX>(
                refusal,
                viewer,
                Some(battle),
            );
            return Err(AppError::unprocessable(
                "refused",
                format!(
                    "the `{name}` command is refused, so nothing changed: {}",
                    e.message()
                ),
            ));
        }
    }
    Ok(())
}

/// `PUT /api/campaigns/{campaign}/encounters/{encounter}/map` (GM): gives a
/// Compound X fight its battle map, or replaces it, from the `[map]`
/// section of an encounter file, as the engine's `map` command followed by
/// a `place` command for each combatant it places (each logged and
/// undoable). Checked whole first: a map that does not read, or a command
/// the rules refuse, changes nothing.
#[utoipa::path(
    put,
    path = "/campaigns/{campaign}/encounters/{encounter}/map",
    summary = "Give a Compound X fight its battle map from a [map] section (or a whole encounter file): the `map` command, then `place` for each combatant it places",
    description = "Who: GM. Each is an ordinary logged command (undo takes back one at a time). Read and tried whole first: an error changes nothing. Move combatants later with the `place` (GM) and `move_to` commands.",
    params(("campaign" = String, Path, description = "the campaign id"), ("encounter" = String, Path, description = "the encounter id")),
    request_body = MapRequest,
    responses(
        (status = 201, description = "the commands given", body = MapGiven),
        (status = 403, description = "not the GM", body = ErrorBody),
        (status = 422, description = "the map does not read (invalid_map, with error.diagnostics and their lines), or the rules refuse a command (refused)", body = ErrorBody)
    )
)]
pub(crate) async fn give(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    body: Asked<MapRequest>,
) -> Result<(StatusCode, Json<MapGiven>), AppError> {
    caller.member_of(&campaign)?;
    if caller.role() != Role::Gm {
        return Err(AppError::forbidden(
            "gm_only",
            "only the GM gives a fight its map; ask the GM",
        ));
    }
    match state.ruleset_of(&campaign).await? {
        Ruleset::CompoundX => {}
        Ruleset::Station => return Err(campaigns::station_has_no("encounters")),
        Ruleset::Plugged(key) => return Err(campaigns::plugged_has_no(key, "battle map")),
        Ruleset::D20 => {
            return Err(AppError::unprocessable(
                "compound_x_only",
                "a D20 encounter's field is given when it is created (`field`); the [map] section is Compound X's",
            ));
        }
    }
    let text = &body.value.text;
    if text.len() > TEXT_MAX {
        return Err(AppError::unprocessable(
            "invalid_field",
            format!("`text` is at most {TEXT_MAX} bytes"),
        ));
    }
    let viewer = view::viewer(&caller);
    let commands = state
        .tables()
        .read(&state, &campaign, |t| {
            crate::waiting::not_waiting(t, &encounter)?;
            let battle = t.encounter(&encounter)?.battle()?;
            let known: Vec<CombatantId> = battle.combatants.keys().cloned().collect();
            let mut commands = commands_of(text, &known)?;
            // A map given anew keeps the background image the map had
            // (backdrop.rs gives and takes it).
            if let (Some(Command::Map { layout }), Some(scene)) =
                (commands.first_mut(), battle.scene.as_deref())
            {
                layout.background = scene.layout.background.clone();
            }
            try_on_copy(battle, &commands, &viewer)?;
            Ok::<_, AppError>(commands)
        })
        .await??;
    let fingerprint = body.fingerprint();
    let mut given = Vec::new();
    let mut version = 0;
    for (n, command) in commands.iter().enumerate() {
        let json = serde_json::to_value(command).map_err(AppError::internal)?;
        let change = Change {
            campaign: &campaign,
            by: &caller.invite.id,
            key: None,
            fingerprint: format!("{fingerprint}:{n}"),
            viewer: viewer.clone(),
        };
        let name = crate::permissions::command_name(command);
        let committed = state
            .tables()
            .commit(&state, change, |table| {
                let enc = table.encounter_mut(&encounter)?;
                let mut dice = ScriptedDice::new(Vec::new());
                let done = enc.execute(command, &mut dice).map_err(|r| {
                    crate::refusals::refused::<nanite_compound_x::encounter::CompoundX>(
                        r, &viewer, None,
                    )
                })?;
                let order = Order::Rules {
                    command: json.clone(),
                };
                Ok(command_record(&encounter, &order, &name, done, None, false))
            })
            .await?;
        version = committed.version;
        given.push(command.clone());
    }
    Ok((
        StatusCode::CREATED,
        Json(MapGiven {
            version,
            commands: given,
        }),
    ))
}
