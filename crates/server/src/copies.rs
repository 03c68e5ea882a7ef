//! Copies of an NPC: "three more raiders like this one". The GM names an
//! NPC already in an encounter and a count; each copy enters from the same
//! character file as the original did (fresh, at full health), on the same
//! side, hidden or not, with a fresh id and a numbered name ("Raider 2",
//! "Raider 3"): in Compound X in the same cover and stance, in D20 in the
//! same row or on the free squares nearest the original's. The numbering
//! and the entering are shared with the NPC library (`library`).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use nanite_core::CombatantId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use nanite_d20::encounter::{Field, Place, Square};

use crate::body::Asked;
use crate::error::{AppError, ErrorBody};
use crate::facts::Order;
use crate::openapi::IdempotencyKey;
use crate::refusals::refused;
use crate::ruleset::{Play, Ruleset};
use crate::sessions::Caller;
use crate::table::{Encounter, ItemBody};
use crate::tables::Change;
use crate::{AppState, campaigns};

/// How many copies one request makes, at most.
pub(crate) const MAX_COPIES: u32 = 20;

/// What `POST .../combatants/{combatant}/copies` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CopiesRequest {
    /// How many copies, 1 to 20.
    pub(crate) count: u32,
}

/// The copies made.
#[derive(Serialize, ToSchema)]
pub(crate) struct Copies {
    /// Each copy, in the order it entered.
    pub(crate) made: Vec<Copy>,
    /// The number of the last copy's entry in the caller's feed.
    pub(crate) version: i64,
}

/// One copy.
#[derive(Serialize, ToSchema)]
pub(crate) struct Copy {
    /// Its id.
    pub(crate) id: String,
    /// Its name in the log.
    pub(crate) name: String,
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/combatants/{combatant}/copies`
/// (GM): `count` copies of an NPC, each entering as the original did.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/combatants/{combatant}/copies",
    summary = "Add copies of an NPC: fresh from its file, same side and hiding (Compound X: cover and stance; D20: the original's row, or the free squares nearest the original's), numbered ids and names",
    description = "Who: GM. Compound X and D20 encounters. Each copy is a combatant entrance of its own in the log (undo takes back the last one).",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("encounter" = String, Path, description = "the encounter id"),
        ("combatant" = String, Path, description = "the NPC to copy"),
        IdempotencyKey
    ),
    request_body = CopiesRequest,
    responses(
        (status = 201, description = "the copies", body = Copies),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = Copies),
        (status = 422, description = "a count out of 1..=20 (invalid_count), a campaign character (not_an_npc), no such combatant (unknown_combatant), no free squares left on a D20 grid (no_room)", body = ErrorBody)
    )
)]
pub(crate) async fn copy(
    State(state): State<AppState>,
    Path((campaign, encounter, combatant)): Path<(String, String, String)>,
    caller: Caller,
    body: Asked<CopiesRequest>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let count = body.value.count;
    check_count(count)?;
    if state.ruleset_of(&campaign).await? == Ruleset::Station {
        return Err(campaigns::station_has_no("encounters"));
    }
    let id = CombatantId::from(combatant.clone());
    let planned = state
        .tables()
        .read(&state, &campaign, |t| {
            plan(t.encounter(&encounter)?, &id, count)
        })
        .await??;
    let asked = body.change(&campaign, &caller)?;
    enter(&state, &asked, &encounter, planned).await
}

/// Refuses a count out of 1 to [`MAX_COPIES`].
pub(crate) fn check_count(count: u32) -> Result<(), AppError> {
    if (1..=MAX_COPIES).contains(&count) {
        Ok(())
    } else {
        Err(AppError::unprocessable(
            "invalid_count",
            format!("{count} copies: give a count from 1 to {MAX_COPIES}"),
        ))
    }
}

/// Enters `planned` (entrances of either ruleset) into `encounter`, one
/// change each (each its own line of the log, under its own key when the
/// request has one), and answers with what entered.
pub(crate) async fn enter(
    state: &AppState,
    asked: &Change<'_>,
    encounter: &str,
    planned: Vec<Order>,
) -> Result<Response, AppError> {
    let (made, version, replayed) = enter_all(state, asked, encounter, planned).await?;
    let status = if replayed {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((status, Json(Copies { made, version })).into_response())
}

/// [`enter`]'s work: the combatants that entered, the last one's number
/// in the asker's feed, and whether every one was a repeat.
pub(crate) async fn enter_all(
    state: &AppState,
    asked: &Change<'_>,
    encounter: &str,
    planned: Vec<Order>,
) -> Result<(Vec<Copy>, i64, bool), AppError> {
    let mut made = Vec::new();
    let (mut version, mut replayed) = (0, true);
    for (n, order) in planned.into_iter().enumerate() {
        let change = Change {
            campaign: asked.campaign,
            by: asked.by,
            key: asked.key.as_ref().map(|k| format!("{k}#copy-{n}")),
            fingerprint: format!("{}#copy-{n}", asked.fingerprint),
            viewer: asked.viewer.clone(),
        };
        let (id, name) = match &order {
            Order::Add(e) => (e.id.to_string(), e.name.clone()),
            Order::D20Add(e) => (e.id.to_string(), e.name.clone()),
            Order::Rules { .. } | Order::Plugged { .. } => {
                return Err(AppError::internal("an entrance was planned"));
            }
        };
        let viewer = asked.viewer.clone();
        let committed = state
            .tables()
            .commit_rolling(state, change, |table| {
                // The pack the stream has in force, as a replay will use.
                let in_force = table.pack_in_force().1;
                let mut draw = table.sessions.draw()?;
                let enc = table.encounter_mut(encounter)?;
                let done = match &mut enc.play {
                    Play::CompoundX(game) => {
                        let pack = state
                            .packs()
                            .cx_of(in_force.as_deref())
                            .map_err(AppError::internal)?;
                        let command = order.command(&pack).map_err(AppError::internal)?;
                        crate::table::execute_cx(game, &command, &mut draw.dice)
                            .map_err(|r| refused(r, &viewer, None))?
                    }
                    Play::D20(game) => {
                        let battle = game.state().clone();
                        let pack = state
                            .packs()
                            .d20_of(in_force.as_deref())
                            .map_err(AppError::internal)?;
                        let command = crate::d20::command(&order, &pack, &battle)
                            .map_err(AppError::internal)?;
                        crate::d20::execute(game, &command, &mut draw.dice)
                            .map_err(|r| crate::d20::refusals::refused(r, &viewer, Some(&battle)))?
                    }
                    Play::Plugged(game) => {
                        return Err(crate::campaigns::plugged_has_no(
                            game.key(),
                            "NPC libraries",
                        ));
                    }
                };
                Ok(enc.entered(&order, done, draw.seeded))
            })
            .await?;
        version = committed.version;
        replayed &= committed.replayed;
        made.push(Copy {
            id,
            name: name.unwrap_or_default(),
        });
    }
    Ok((made, version, replayed))
}

/// The entrances of `count` copies of `id`, or why there are none.
fn plan(enc: &Encounter, id: &CombatantId, count: u32) -> Result<Vec<Order>, AppError> {
    let unknown = || {
        AppError::unprocessable(
            "unknown_combatant",
            format!("no combatant '{id}' in this encounter; copy one the tracker lists"),
        )
    };
    if let Some(character) = enc.roster.get(id).and_then(|e| e.character.as_ref()) {
        return Err(AppError::unprocessable(
            "not_an_npc",
            format!(
                "'{id}' is the campaign character '{character}', played by its owner: only NPCs are copied; add the NPC file again for another"
            ),
        ));
    }
    let original = enc
        .log
        .iter()
        .rev()
        .find_map(|item| match &item.body {
            ItemBody::Command(c) => match serde_json::from_value::<Order>(c.order.clone()) {
                Ok(o @ Order::Add(_)) | Ok(o @ Order::D20Add(_)) => {
                    o.entrant().is_some_and(|(e, _)| &e == id).then_some(o)
                }
                _ => None,
            },
            _ => None,
        })
        .ok_or_else(unknown)?;
    let taken = Taken::of(enc);
    let id_base = numbered_base(id.as_str(), '-').to_string();
    match (&enc.play, original) {
        (Play::CompoundX(game), Order::Add(original)) => {
            let battle = game.state();
            let now = battle.combatants.get(id).ok_or_else(unknown)?;
            let seat = battle.clock.seat(id).map_err(|_| unknown())?;
            let name_base = numbered_base(&now.fighter.name, ' ');
            let names = taken.numbered(&id_base, name_base, 2, count)?;
            Ok(names
                .into_iter()
                .map(|(new_id, new_name)| {
                    let mut e = original.clone();
                    e.id = CombatantId::from(new_id);
                    e.name = Some(new_name);
                    e.side = seat.side.clone();
                    e.hidden = seat.hidden;
                    e.cover = now.cover;
                    e.stance = now.stance;
                    e.character = None;
                    e.owner = None;
                    Order::Add(e)
                })
                .collect())
        }
        (Play::D20(game), Order::D20Add(original)) => {
            let battle = game.state();
            let now = battle.combatants.get(id).ok_or_else(unknown)?;
            let seat = battle.clock.seat(id).map_err(|_| unknown())?;
            let name_base = numbered_base(&now.fighter.name, ' ');
            let names = taken.numbered(&id_base, name_base, 2, count)?;
            let places = places_near(battle, now.place, names.len())?;
            Ok(names
                .into_iter()
                .zip(places)
                .map(|((new_id, new_name), place)| {
                    let mut e = original.clone();
                    e.id = CombatantId::from(new_id);
                    e.name = Some(new_name);
                    e.side = seat.side.clone();
                    e.hidden = seat.hidden;
                    e.place = place;
                    e.character = None;
                    e.owner = None;
                    Order::D20Add(e)
                })
                .collect())
        }
        _ => Err(unknown()),
    }
}

/// The ids and names an encounter's combatants already have.
pub(crate) struct Taken {
    ids: Vec<String>,
    names: Vec<String>,
}

/// The ids of the seats of `clock`.
fn seat_ids<P>(clock: &nanite_core::Encounter<P>) -> Vec<String> {
    clock.seats.iter().map(|s| s.id.to_string()).collect()
}

impl Taken {
    /// Those of `enc`.
    pub(crate) fn of(enc: &Encounter) -> Taken {
        let (mut ids, names): (Vec<String>, Vec<String>) = match &enc.play {
            Play::CompoundX(game) => {
                let b = game.state();
                let names = b.combatants.values().map(|c| c.fighter.name.clone());
                (seat_ids(&b.clock), names.collect())
            }
            Play::D20(game) => {
                let b = game.state();
                let names = b.combatants.values().map(|c| c.fighter.name.clone());
                (seat_ids(&b.clock), names.collect())
            }
            Play::Plugged(game) => {
                let b = game.board(&nanite_core::table::Seat::Gm);
                b.pieces
                    .into_iter()
                    .map(|p| (p.id.to_string(), p.name))
                    .unzip()
            }
        };
        // Combatants that left keep their ids in the roster.
        ids.extend(enc.roster.keys().map(|k| k.to_string()));
        Taken { ids, names }
    }

    /// Whether `id` or `name` is taken.
    pub(crate) fn has(&self, id: &str, name: &str) -> bool {
        self.ids.iter().any(|i| i == id) || self.names.iter().any(|n| n == name)
    }

    /// `count` numbered ids and names (`raider-2`, "Raider 2"), from `first`
    /// on, skipping those taken; each id checked.
    pub(crate) fn numbered(
        &self,
        id_base: &str,
        name_base: &str,
        first: u32,
        count: u32,
    ) -> Result<Vec<(String, String)>, AppError> {
        let mut out = Vec::new();
        let mut n = first;
        while out.len() < count as usize {
            let new_id = format!("{id_base}-{n}");
            let new_name = format!("{name_base} {n}");
            n += 1;
            if self.has(&new_id, &new_name) {
                continue;
            }
            crate::characters::check_id(&new_id)?;
            out.push((new_id, new_name));
        }
        Ok(out)
    }
}

/// `count` places for D20 combatants entering near `place`: the same row,
/// or on a grid the free squares nearest it (nearest first, then by row
/// and column), or why there is no room.
pub(crate) fn places_near(
    battle: &nanite_d20::encounter::Battle,
    place: Place,
    count: usize,
) -> Result<Vec<Place>, AppError> {
    let (Place::Square(at), Field::Map { width, height }) = (place, &battle.field) else {
        return Ok(vec![place; count]);
    };
    let taken: Vec<Square> = battle
        .combatants
        .iter()
        .filter(|(id, _)| !battle.is_down(id))
        .filter_map(|(_, c)| match c.place {
            Place::Square(s) => Some(s),
            Place::Row(_) => None,
        })
        .collect();
    let mut free: Vec<(i64, i64, i64)> = (0..*height)
        .flat_map(|y| (0..*width).map(move |x| (x, y)))
        .filter(|(x, y)| !taken.contains(&Square { x: *x, y: *y }))
        .map(|(x, y)| ((x - at.x).abs().max((y - at.y).abs()), y, x))
        .collect();
    free.sort_unstable();
    if free.len() < count {
        return Err(AppError::unprocessable(
            "no_room",
            format!(
                "the {width} by {height} grid has {} free squares, not {count}: add fewer, or clear some squares",
                free.len()
            ),
        ));
    }
    Ok(free
        .into_iter()
        .take(count)
        .map(|(_, y, x)| Place::Square(Square { x, y }))
        .collect())
}

/// `text` without a trailing number after `sep` ("raider-2" -> "raider",
/// "Raider 3" -> "Raider").
pub(crate) fn numbered_base(text: &str, sep: char) -> &str {
    match text.rsplit_once(sep) {
        Some((base, n))
            if !base.is_empty() && !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) =>
        {
            base
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::numbered_base;

    #[test]
    fn a_trailing_number_is_left_off_the_base() {
        for (text, sep, base) in [
            ("raider", '-', "raider"),
            ("raider-2", '-', "raider"),
            ("raider-two", '-', "raider-two"),
            ("Depot Raider", ' ', "Depot Raider"),
            ("Depot Raider 12", ' ', "Depot Raider"),
            ("7", ' ', "7"),
        ] {
            assert_eq!(numbered_base(text, sep), base, "{text}");
        }
    }
}
