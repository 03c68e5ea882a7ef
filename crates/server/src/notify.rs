//! Following the other servers on one PostgreSQL database: each append is
//! announced (`NOTIFY`, sent by the store inside the append's transaction),
//! and a task here listens, catches up the tables this server holds from
//! the store, and publishes the new entries to its live connections, so a
//! player connected to one server sees what was done through another.
//!
//! Announcements can be lost with the listening connection; the tables are
//! then all read again from the store. A command decided on a table that is
//! still behind is refused by the store's version check, and the table is
//! reloaded and the command decided again (`tables`).

use std::time::Duration;

use nanite_store::{Announced, Announcements};

use crate::AppState;
use crate::failure::ServerError;
use crate::table::STREAM_PREFIX;

/// Starts following other servers' appends on the store's database
/// (PostgreSQL); on SQLite, whose file one server owns, does nothing.
pub(crate) async fn follow(state: &AppState) -> Result<(), ServerError> {
    let announcements = state
        .store()
        .announcements()
        .await
        .map_err(ServerError::store(
            "cannot listen for the changes of other servers on the database",
        ))?;
    if let Some(announcements) = announcements {
        tokio::spawn(listen(state.clone(), announcements));
    }
    Ok(())
}

async fn listen(state: AppState, mut announcements: Announcements) {
    loop {
        match announcements.next().await {
            Ok(Some(Announced::Appended { stream, version })) => {
                if let Some(campaign) = stream.strip_prefix(STREAM_PREFIX) {
                    state
                        .tables()
                        .refresh(&state, campaign, Some(version))
                        .await;
                }
            }
            // A session, an invitation or a token changed (a link revoked,
            // a seat taken) through some server: read it again when next
            // needed.
            Ok(Some(Announced::Record { collection, id })) => {
                state.credentials().forget(&collection, &id);
            }
            Ok(Some(Announced::Imported)) => {
                state.credentials().clear();
                state.tables().refresh_all(&state).await;
            }
            Ok(None) => {
                tracing::warn!(
                    "lost the connection that listens for other servers' changes; reconnecting and reading the tables again"
                );
                resync_soon(&state);
            }
            Err(e) => {
                tracing::warn!(error = %e, "listening for other servers' changes failed; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
                resync_soon(&state);
            }
        }
    }
}

/// Forgets the credentials held in memory and reads every table again once
/// the listener is back (announcements made while it was away are gone).
fn resync_soon(state: &AppState) {
    state.credentials().clear();
    let state = state.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(1)).await;
        state.tables().refresh_all(&state).await;
    });
}
