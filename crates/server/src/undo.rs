//! The GM's undo: takes back an encounter's last command in effect. The
//! stream stays append-only: the undo is a fact of its own, naming the
//! command it takes back, and replaying the stream takes it back again
//! (the engine rebuilds the game from its log without that command, so
//! what it rolled is gone from the fight but stays in the record, and its
//! dice are still checked by `nanite verify`).

use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;

use crate::body::Strict;
use crate::error::AppError;
use crate::facts::Fact;
use crate::sessions::Caller;
use crate::table::ItemBody;
use crate::tables::Change;
use crate::{AppState, idempotency, view};

/// `POST /api/campaigns/{campaign}/encounters/{encounter}/undo` (GM): takes
/// back the encounter's last command in effect; repeated, the one before.
/// An `Idempotency-Key` makes a double click undo once.
pub(crate) async fn undo(
    State(state): State<AppState>,
    Path((campaign, encounter)): Path<(String, String)>,
    caller: Caller,
    method: Method,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    body: Strict<serde_json::Map<String, serde_json::Value>>,
) -> Result<Response, AppError> {
    caller.gm_of(&campaign)?;
    if let Some(field) = body.value.keys().next() {
        return Err(AppError::unprocessable(
            "unknown_field",
            format!("unknown field `{field}`: an undo takes an empty JSON object, {{}}"),
        ));
    }
    let key = idempotency::key(&headers)?;
    let change = Change {
        campaign: &campaign,
        by: &caller.invite.id,
        key: key.as_deref(),
        fingerprint: idempotency::fingerprint(&method, &uri, &body.raw),
    };
    let committed = state
        .tables()
        .commit(&state, change, |table| {
            table.encounter(&encounter)?;
            let undone = table.take_back(&encounter).map_err(|why| {
                AppError::conflict(
                    "nothing_to_undo",
                    format!("{why}: every command of encounter {encounter} is already taken back"),
                )
            })?;
            Ok((
                Fact::Undone {
                    encounter: encounter.clone(),
                    command: undone.command,
                },
                ItemBody::Undone(undone),
            ))
        })
        .await?;
    let shown = view::item(&committed.item, &view::viewer(&caller));
    Ok(view::created(
        committed.replayed,
        committed.item.version,
        shown,
    ))
}
