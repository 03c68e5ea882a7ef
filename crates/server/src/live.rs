//! Live updates over WebSocket. A client connects to
//! `/api/campaigns/{campaign}/live?after=N` with the number of the last
//! entry it saw (a viewer's entries are numbered without gaps: `feed.rs`),
//! catches up from the table in memory, then receives each new feed entry
//! as it is committed, cut to what it may see.
//!
//! Every committed entry goes through [`Fanout::publish`], the one way into
//! the live channels; entries committed by another server on the same
//! PostgreSQL database come the same way, read from the store when that
//! server announces them (`notify`). A connection that sees a gap in the
//! versions (a table reloaded from the store publishes nothing) catches up
//! from the table.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::rejection::QueryRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::broadcast;

use crate::AppState;
use crate::error::AppError;
use crate::permissions::Viewer;
use crate::sessions::Caller;
use crate::table::{Item, ItemBody};
use crate::view;

/// What goes down a campaign's channel.
#[derive(Clone, Debug)]
pub(crate) enum Signal {
    /// A committed feed entry.
    Item(Arc<Outgoing>),
    /// An invitation was revoked: its connections close.
    Revoked(String),
}

impl Signal {
    /// A committed feed entry on its way to the campaign's sockets.
    pub(crate) fn item(item: Arc<Item>) -> Signal {
        Signal::Item(Arc::new(Outgoing {
            item,
            cut: Mutex::new(Vec::new()),
        }))
    }
}

/// A committed entry on its way to every socket of a campaign, with the
/// JSON each audience is shown (`view::Audience`): the first socket of an
/// audience cuts and serializes the entry, the others send the same text
/// with their own number in front. A table of a GM, four players and a
/// room of spectators serializes an entry twice, not once per socket.
#[derive(Debug)]
pub(crate) struct Outgoing {
    item: Arc<Item>,
    /// Each audience met so far, with the entry's JSON object without its
    /// number (`None`: hidden from that audience).
    cut: Mutex<Vec<(view::Audience, Option<Arc<str>>)>>,
}

impl Outgoing {
    /// The entry's JSON as `viewer` sees it, numbered `number` in their
    /// feed, or `None` when it is hidden from them.
    fn text_for(&self, viewer: &Viewer, number: i64) -> Option<String> {
        let audience = view::audience(&self.item, viewer);
        let mut cut = self.cut.lock().unwrap_or_else(|p| p.into_inner());
        let body = match cut.iter().find(|(a, _)| *a == audience) {
            Some((_, body)) => body.clone(),
            None => {
                let body: Option<Arc<str>> = view::shown_as(&self.item, viewer, &|_| number)
                    .and_then(|shown| serde_json::to_string(&shown.entry).ok())
                    .map(Arc::from);
                cut.push((audience, body.clone()));
                body
            }
        };
        drop(cut);
        body.map(|body| numbered(number, &body))
    }
}

/// `{"version":N,...}` from an entry's JSON object without its number:
/// what serializing `view::Shown` gives (its number first, then the
/// flattened entry), without serializing the entry again.
fn numbered(number: i64, body: &str) -> String {
    match body.strip_prefix('{') {
        Some("}") | None => format!("{{\"version\":{number}}}"),
        Some(rest) => format!("{{\"version\":{number},{rest}"),
    }
}

/// Entries a slow client may fall behind by before it catches up from the
/// table instead.
const CHANNEL: usize = 1024;

/// The live channels, one per campaign with listeners.
#[derive(Default)]
pub(crate) struct Fanout {
    channels: Mutex<HashMap<String, broadcast::Sender<Signal>>>,
}

impl Fanout {
    /// Hands `signal` to every live connection of `campaign`.
    pub(crate) fn publish(&self, campaign: &str, signal: Signal) {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = channels.get(campaign) {
            if sender.send(signal).is_err() {
                // Nobody listens any more.
                channels.remove(campaign);
            }
        }
    }

    /// Whether a live connection of this server watches `campaign`.
    pub(crate) fn watched(&self, campaign: &str) -> bool {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels
            .get(campaign)
            .is_some_and(|sender| sender.receiver_count() > 0)
    }

    /// A receiver of `campaign`'s signals.
    pub(crate) fn subscribe(&self, campaign: &str) -> broadcast::Receiver<Signal> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels
            .entry(campaign.to_string())
            .or_insert_with(|| broadcast::channel(CHANNEL).0)
            .subscribe()
    }
}

/// The query of `/live`.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct LiveQuery {
    /// The last version you saw (0 for all).
    #[serde(default)]
    after: i64,
}

/// `GET /api/campaigns/{campaign}/live?after=N`: the WebSocket.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/live",
    summary = "WebSocket of live updates",
    description = "Who: any participant. Upgrades to a WebSocket: the entries after `after` you may see (each a ShownEntry), then {\"type\":\"caught_up\",\"version\":V}, then each new entry as it is committed. Closes with code 4001 when the invitation is revoked.",
    params(("campaign" = String, Path, description = "the campaign id"), LiveQuery),
    responses((status = 101, description = "switching to WebSocket"))
)]
pub(crate) async fn connect(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    query: Result<Query<LiveQuery>, QueryRejection>,
    caller: Caller,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let Query(query) = query.map_err(|e| {
        AppError::bad_request(
            "invalid_query",
            format!("{e}; the query is ?after=N, the last version you saw (0 for all)"),
        )
    })?;
    crate::sessions::same_origin(&headers)?;
    let upgrade = upgrade.map_err(|e| {
        AppError::new(
            StatusCode::UPGRADE_REQUIRED,
            "websocket_expected",
            format!("{e}; connect with a WebSocket client"),
        )
    })?;
    // The table must exist (and be loaded) before the socket opens.
    state.tables().read(&state, &campaign, |_| ()).await?;
    let viewer = view::viewer(&caller);
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| run(socket, state, campaign, viewer, query.after)))
}

/// The bytes a live socket reads at most at once. A client sends nothing
/// but pings and its close, and every read attempt zeroes this much first
/// (`tungstenite`), at each entry sent since the socket is read between
/// them: the default 128 KiB cost more CPU than everything else an entry
/// does. A longer message still arrives, over several reads.
const READ_BUFFER: usize = 4 * 1024;

/// How far a connection has gone: through which stream version, and how
/// many entries of it the viewer was shown (their numbers, `feed.rs`).
#[derive(Clone, Copy, Default)]
struct Reached {
    version: i64,
    seen: i64,
}

async fn run(mut socket: WebSocket, state: AppState, campaign: String, viewer: Viewer, after: i64) {
    let mut signals = state.live().subscribe(&campaign);
    let mut reached = Reached::default();
    if catch_up(
        &mut socket,
        &state,
        &campaign,
        &viewer,
        &mut reached,
        Some(after),
    )
    .await
    .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            signal = signals.recv() => match signal {
                Ok(Signal::Item(out)) => {
                    let item = &out.item;
                    if item.version <= reached.version {
                        continue;
                    }
                    // Entries this server did not publish (the table was
                    // reloaded from the store), and a take-back (which
                    // names the viewer's number of the entry it takes
                    // back): read them from the table.
                    if item.version > reached.version + 1
                        || matches!(item.body, ItemBody::Undone { .. })
                    {
                        if catch_up(&mut socket, &state, &campaign, &viewer, &mut reached, None)
                            .await
                            .is_err()
                        {
                            return;
                        }
                        continue;
                    }
                    reached.version = item.version;
                    let next = reached.seen + 1;
                    // A command's narration is cut to each player's fog
                    // of war on a battle map (`fog.rs`): the table knows
                    // who they see, so such an entry is cut per seat.
                    let fogged = if !viewer.is_gm() && matches!(item.body, ItemBody::Command(_)) {
                        state
                            .tables()
                            .read(&state, &campaign, |t| view::fogged_text(t, item, &viewer, next))
                            .await
                            .ok()
                            .flatten()
                    } else {
                        None
                    };
                    let shown = match fogged {
                        Some(text) => text,
                        None => out.text_for(&viewer, next),
                    };
                    if let Some(text) = shown {
                        reached.seen = next;
                        if send(&mut socket, text).await.is_err() {
                            return;
                        }
                    }
                }
                Ok(Signal::Revoked(invite)) if invite == viewer.invite => {
                    let _ = socket
                        .send(Message::Close(Some(CloseFrame {
                            code: 4001,
                            reason: "your invitation was revoked".into(),
                        })))
                        .await;
                    return;
                }
                Ok(Signal::Revoked(_)) => {}
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    if catch_up(&mut socket, &state, &campaign, &viewer, &mut reached, None)
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// Sends every entry the viewer may see after where the connection stands
/// (or, with `resume`, after the viewer's entry number `resume`), then
/// `{"type":"caught_up","version":N}`, N the number of the viewer's last
/// entry.
async fn catch_up(
    socket: &mut WebSocket,
    state: &AppState,
    campaign: &str,
    viewer: &Viewer,
    reached: &mut Reached,
    resume: Option<i64>,
) -> Result<(), ()> {
    let at = *reached;
    let read = state
        .tables()
        .read(state, campaign, |table| {
            let from = match resume {
                Some(position) => table.stream_version_of(viewer, position),
                None => at.version,
            };
            let shown: Vec<String> = table
                .after(from)
                .iter()
                .filter_map(|item| view::shown(table, item, viewer))
                .filter_map(|shown| serde_json::to_string(&shown).ok())
                .collect();
            let now = Reached {
                version: table.version.max(from),
                seen: table.seen_by(viewer),
            };
            (shown, now)
        })
        .await;
    let Ok((shown, now)) = read else {
        return Err(());
    };
    for text in shown {
        send(socket, text).await?;
    }
    *reached = now;
    send(
        socket,
        json!({ "type": "caught_up", "version": now.seen }).to_string(),
    )
    .await
}

async fn send(socket: &mut WebSocket, text: String) -> Result<(), ()> {
    socket
        .send(Message::Text(text.into()))
        .await
        .map_err(|_| ())
}
