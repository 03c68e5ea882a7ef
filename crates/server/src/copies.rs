//! Copies of an NPC: "three more raiders like this one". The GM names an
//! NPC already in a Compound X encounter and a count; each copy enters from
//! the same character file as the original did (fresh, at full health),
//! on the same side, hidden or not, in the same cover and stance, with a
//! fresh id and a numbered name ("Raider 2", "Raider 3").

use axum::Json;
use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use nanite_core::CombatantId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::Strict;
use crate::error::{AppError, ErrorBody};
use crate::facts::{Entrance, Order};
use crate::openapi::IdempotencyKey;
use crate::refusals::refused;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::table::{Encounter, ItemBody, command_record};
use crate::tables::Change;
use crate::{AppState, campaigns, view};

/// How many copies one request makes, at most.
pub(crate) const MAX_COPIES: u32 = 20;

/// What `POST .../combatants/{combatant}/copies` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CopiesRequest {
    /// How many copies, 1 to 20.
    count: u32,
}

/// The copies made.
#[derive(Serialize, ToSchema)]
pub(crate) struct Copies {
    /// Each copy, in the order it entered.
    made: Vec<Copy>,
    /// The number of the last copy's entry in the caller's feed.
    version: i64,
}

/// One copy.
#[derive(Serialize, ToSchema)]
pub(crate) struct Copy {
    /// Its id.
    id: String,
    /// Its name in the log.
    name: String,
}

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/combatants/{combatant}/copies`
/// (GM): `count` copies of an NPC, each entering as the original did.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/encounters/{encounter}/combatants/{combatant}/copies",
    summary = "Add copies of an NPC: fresh from its file, same side, hiding, cover and stance, numbered ids and names",
    description = "Who: GM. Compound X encounters. Each copy is a combatant entrance of its own in the log (undo takes back the last one).",
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
        (status = 422, description = "a count out of 1..=20 (invalid_count), a campaign character (not_an_npc), no such combatant (unknown_combatant), a D20 encounter (copies_compound_x_only)", body = ErrorBody)
    )
)]
pub(crate) async fn copy(
    State(state): State<AppState>,
    Path((campaign, encounter, combatant)): Path<(String, String, String)>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<CopiesRequest>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    let count = body.value.count;
    if !(1..=MAX_COPIES).contains(&count) {
        return Err(AppError::unprocessable(
            "invalid_count",
            format!("{count} copies: give a count from 1 to {MAX_COPIES}"),
        ));
    }
    let settings = campaigns::get(&state, &campaign).await?;
    match settings.ruleset {
        Ruleset::CompoundX => {}
        Ruleset::Station => return Err(campaigns::station_has_no("encounters")),
        Ruleset::D20 => {
            return Err(AppError::unprocessable(
                "copies_compound_x_only",
                "copies are made in Compound X encounters; in a D20 encounter add each NPC with its own square",
            ));
        }
    }
    let id = CombatantId::from(combatant.clone());
    let planned = state
        .tables()
        .read(&state, &campaign, |t| {
            plan(t.encounter(&encounter)?, &id, count)
        })
        .await??;
    let asked = Change::asked(&campaign, &caller, &method, &uri, &headers, &body.raw)?;
    let viewer = view::viewer(&caller);
    let mut made = Vec::new();
    let (mut version, mut replayed) = (0, true);
    for (n, entrance) in planned.into_iter().enumerate() {
        // One entrance a change: each copy is its own line of the log,
        // under its own key when the request has one.
        let change = Change {
            campaign: asked.campaign,
            by: asked.by,
            key: asked.key.as_ref().map(|k| format!("{k}#copy-{n}")),
            fingerprint: format!("{}#copy-{n}", asked.fingerprint),
            viewer: asked.viewer.clone(),
        };
        let order = Order::Add(entrance.clone());
        let committed = state
            .tables()
            .commit(&state, change, |table| {
                let pack = state
                    .packs()
                    .cx_of(table.pack_in_force().1.as_deref())
                    .map_err(AppError::internal)?;
                let command = order.command(&pack).map_err(AppError::internal)?;
                let enc = table.encounter_mut(&encounter)?;
                let done = enc
                    .execute(&command, &mut nanite_core::ScriptedDice::new([]))
                    .map_err(|r| refused(r, &viewer, None))?;
                if let Some((id, entrant)) = order.entrant() {
                    enc.roster.insert(id, entrant);
                }
                Ok(command_record(&encounter, &order, "add", done, None, false))
            })
            .await?;
        version = committed.version;
        replayed &= committed.replayed;
        made.push(Copy {
            id: entrance.id.to_string(),
            name: entrance.name.clone().unwrap_or_default(),
        });
    }
    let status = if replayed {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((status, Json(Copies { made, version })).into_response())
}

/// The entrances of `count` copies of `id`, or why there are none.
fn plan(enc: &Encounter, id: &CombatantId, count: u32) -> Result<Vec<Entrance>, AppError> {
    let battle = enc.battle()?;
    let unknown = || {
        AppError::unprocessable(
            "unknown_combatant",
            format!("no combatant '{id}' in this encounter; copy one the tracker lists"),
        )
    };
    let now = battle.combatants.get(id).ok_or_else(unknown)?;
    let seat = battle
        .clock
        .seats
        .iter()
        .find(|s| &s.id == id)
        .ok_or_else(unknown)?;
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
                Ok(Order::Add(e)) if &e.id == id => Some(e),
                _ => None,
            },
            _ => None,
        })
        .ok_or_else(unknown)?;
    let taken_ids: Vec<&str> = battle.clock.seats.iter().map(|s| s.id.as_str()).collect();
    let taken_names: Vec<&str> = battle
        .combatants
        .values()
        .map(|c| c.fighter.name.as_str())
        .collect();
    let id_base = numbered_base(id.as_str(), '-');
    let name_base = numbered_base(&now.fighter.name, ' ');
    let mut out = Vec::new();
    let mut n = 2u32;
    while out.len() < count as usize {
        let new_id = format!("{id_base}-{n}");
        let new_name = format!("{name_base} {n}");
        n += 1;
        if taken_ids.contains(&new_id.as_str()) || taken_names.contains(&new_name.as_str()) {
            continue;
        }
        crate::characters::check_id(&new_id)?;
        let mut e = original.clone();
        e.id = CombatantId::from(new_id);
        e.name = Some(new_name);
        e.side = seat.side.clone();
        e.hidden = seat.hidden;
        e.cover = now.cover;
        e.stance = now.stance;
        e.character = None;
        e.owner = None;
        out.push(e);
    }
    Ok(out)
}

/// `text` without a trailing number after `sep` ("raider-2" -> "raider",
/// "Raider 3" -> "Raider").
fn numbered_base(text: &str, sep: char) -> &str {
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
