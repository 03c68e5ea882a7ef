//! A campaign's records of one kind, kept in the store as JSON under a
//! collection (its characters, NPC library, prepared encounters, level
//! awards, the engine's hands): read and written as their types.

use axum::http::StatusCode;
use nanite_store::EventStore;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::error::AppError;

/// Every record of `collection`, by id.
pub(crate) async fn all<T: DeserializeOwned>(
    state: &AppState,
    collection: &str,
) -> Result<Vec<T>, AppError> {
    let mut out = Vec::new();
    for r in state.store().records(collection).await? {
        out.push(serde_json::from_value(r.data).map_err(AppError::internal)?);
    }
    Ok(out)
}

/// The record `id` of `collection`, if there is one.
pub(crate) async fn get<T: DeserializeOwned>(
    state: &AppState,
    collection: &str,
    id: &str,
) -> Result<Option<T>, AppError> {
    match state.store().record(collection, id).await? {
        Some(r) => serde_json::from_value(r.data)
            .map(Some)
            .map_err(AppError::internal),
        None => Ok(None),
    }
}

/// Keeps `value` as the record `id` of `collection`.
pub(crate) async fn put<T: Serialize>(
    state: &AppState,
    collection: &str,
    id: &str,
    value: &T,
) -> Result<(), AppError> {
    let data = serde_json::to_value(value).map_err(AppError::internal)?;
    state.store().put_record(collection, id, &data).await?;
    Ok(())
}

/// Deletes the record `id` of `collection`: 204, or the error `missing`
/// gives when there is none.
pub(crate) async fn delete(
    state: &AppState,
    collection: &str,
    id: &str,
    missing: impl FnOnce() -> AppError,
) -> Result<StatusCode, AppError> {
    if state.store().delete_record(collection, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(missing())
    }
}
