//! nanite-server: the game table, shared over HTTP and WebSocket.
//!
//! A campaign is a table: a GM, players and spectators who joined through
//! invitation links, the characters they uploaded, the encounters the GM
//! runs, and a roll log. Every change is a command; an accepted command is
//! one event appended to the campaign's stream in the store *before* the
//! client hears "accepted", so an acknowledged command survives a crash. The
//! state in memory is a cache rebuilt from that stream by re-executing the
//! commands with the dice they rolled.
//!
//! The server decides who may do what (`permissions`, `station::seats`),
//! never what the rules allow: commands go to the campaign's ruleset engine
//! (Compound X, D20 or Station, one arm of `ruleset::Ruleset` each), which
//! accepts or refuses them, and everything a participant receives (views, the log, live
//! updates) is cut down to what that participant may see.
//!
//! - [`app`] builds the router; [`serve`] opens the store and listens.
//! - [`AppState`] holds the store, the cached tables and the live channels.
//! - [`AppError`] is the one error shape: `{ "error": { "code", "message" } }`.

#![forbid(unsafe_code)]

mod battle_map;
mod body;
mod campaigns;
mod carry;
mod characters;
mod chat;
mod clock;
mod command_dice;
mod copies;
mod credentials;
mod d20;
mod diagnosed;
mod encounters;
mod engine;
mod error;
mod facts;
mod failure;
mod feed;
mod fog;
mod fought;
mod headers;
mod idempotency;
mod invites;
mod level_award;
mod library;
mod live;
mod notify;
mod openapi;
mod pack;
mod packs;
mod permissions;
mod physical;
mod plugged;
mod prepared;
mod records;
mod refusals;
mod rolls;
mod ruleset;
mod sealed;
mod seeds;
mod sessions;
mod sheet_rolls;
mod snapshot;
mod station;
mod table;
mod tables;
mod throttle;
mod tokens;
mod told;
pub mod transfer;
pub mod verify;
mod view;
mod waiting;
mod web;

use std::sync::Arc;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};
use nanite_store::AnyStore;
use tower_http::catch_panic::CatchPanicLayer;

pub use campaigns::{NewCampaign, StartupLink};
pub use clock::Clock;
pub use error::AppError;
pub use failure::ServerError;
pub use plugged::{RegisterError, register};

/// Limits and switches of a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest request body in bytes (1 MB).
    pub body_limit: usize,
    /// Rolls a session may make in a burst.
    pub roll_burst: u32,
    /// Rolls a session regains per minute.
    pub rolls_per_minute: u32,
    /// Anyone may create a campaign; otherwise only a GM may.
    pub open_campaign_creation: bool,
    /// Mark the session cookie `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// A session cookie unused this long has expired (7 days).
    pub session_idle: std::time::Duration,
    /// A session cookie this old has expired, however much it is used
    /// (30 days).
    pub session_lifetime: std::time::Duration,
    /// The time (the system's; tests move it on).
    pub clock: Clock,
    /// A table's snapshot is written every this many stream entries or up to
    /// twice as many (spread by campaign), so loading it replays fewer than
    /// twice that many (0: never).
    pub snapshot_every: i64,
    /// A table no request has used this long, and no live connection of
    /// this server watches, is let go from memory (its snapshot written
    /// first) and loaded again when next used; `None` keeps every table.
    pub unload_idle: Option<std::time::Duration>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            body_limit: 1024 * 1024,
            roll_burst: 20,
            rolls_per_minute: 120,
            open_campaign_creation: false,
            secure_cookies: false,
            session_idle: std::time::Duration::from_secs(7 * 24 * 3600),
            session_lifetime: std::time::Duration::from_secs(30 * 24 * 3600),
            clock: Clock::default(),
            snapshot_every: snapshot::SNAPSHOT_EVERY,
            unload_idle: Some(std::time::Duration::from_secs(15 * 60)),
        }
    }
}

/// What every request handler shares: the store, the rulesets' packs, the
/// tables in memory, the live channels and the roll limiter.
#[derive(Clone)]
pub struct AppState {
    shared: Arc<Shared>,
}

struct Shared {
    store: AnyStore,
    packs: pack::Packs,
    tables: tables::Tables,
    live: live::Fanout,
    throttle: throttle::Throttle,
    config: Config,
    /// Each campaign's ruleset, which never changes once it is created: a
    /// command is dispatched without reading the campaign's record.
    rulesets: std::sync::Mutex<std::collections::HashMap<String, ruleset::Ruleset>>,
    /// Sessions, invitations and token entries held in memory.
    credentials: credentials::Credentials,
}

impl AppState {
    /// A server over `store` with the default limits.
    pub fn new(store: AnyStore) -> Result<Self, ServerError> {
        Self::with_config(store, Config::default())
    }

    /// A server over `store` with `config`.
    pub fn with_config(store: AnyStore, config: Config) -> Result<Self, ServerError> {
        let packs = pack::Packs::sample()?;
        Ok(AppState {
            shared: Arc::new(Shared {
                store,
                packs,
                tables: tables::Tables::default(),
                live: live::Fanout::default(),
                throttle: throttle::Throttle::new(config.roll_burst, config.rolls_per_minute),
                config,
                rulesets: std::sync::Mutex::default(),
                credentials: credentials::Credentials::default(),
            }),
        })
    }

    /// The store.
    pub fn store(&self) -> &AnyStore {
        &self.shared.store
    }

    /// The limits and switches.
    pub fn config(&self) -> &Config {
        &self.shared.config
    }

    pub(crate) fn d20_pack(&self) -> &nanite_d20::Pack {
        &self.shared.packs.d20
    }

    pub(crate) fn packs(&self) -> &pack::Packs {
        &self.shared.packs
    }

    /// The ruleset of campaign `campaign` (read once, then remembered).
    pub(crate) async fn ruleset_of(&self, campaign: &str) -> Result<ruleset::Ruleset, AppError> {
        let known = |s: &Self| {
            s.shared
                .rulesets
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(campaign)
                .copied()
        };
        if let Some(ruleset) = known(self) {
            return Ok(ruleset);
        }
        let ruleset = campaigns::get(self, campaign).await?.ruleset;
        self.shared
            .rulesets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(campaign.to_string(), ruleset);
        Ok(ruleset)
    }

    /// How many campaigns' tables this server holds in memory.
    pub fn loaded_tables(&self) -> usize {
        self.shared.tables.loaded()
    }

    /// Lets go of the tables no request has used for `idle` and no live
    /// connection of this server watches (`Config::unload_idle`, which
    /// `serve` sweeps by itself); they load again when next used. Returns
    /// how many it let go.
    pub async fn unload_idle_tables(&self, idle: std::time::Duration) -> usize {
        self.shared.tables.unload_idle(self, idle).await
    }

    pub(crate) fn tables(&self) -> &tables::Tables {
        &self.shared.tables
    }

    pub(crate) fn credentials(&self) -> &credentials::Credentials {
        &self.shared.credentials
    }

    pub(crate) fn live(&self) -> &live::Fanout {
        &self.shared.live
    }

    pub(crate) fn throttle(&self) -> &throttle::Throttle {
        &self.shared.throttle
    }

    /// Creates a campaign with its GM invitation; the GM's token is in the
    /// answer and nowhere else.
    pub async fn create_campaign(&self, name: &str) -> Result<NewCampaign, AppError> {
        campaigns::create(self, name, ruleset::Ruleset::CompoundX).await
    }

    /// Creates a campaign under the ruleset called `ruleset` (`compound-x`
    /// or `d20`) with the ruleset's default settings.
    pub async fn create_campaign_under(
        &self,
        name: &str,
        ruleset: &str,
    ) -> Result<NewCampaign, AppError> {
        campaigns::create(self, name, ruleset::Ruleset::parse(ruleset)?).await
    }

    /// The GM link to print at start-up: the first campaign is created if
    /// there is none; otherwise a fresh GM link for the oldest campaign,
    /// and the previous start-up link is retired (it opens no new sessions;
    /// sessions it opened go on).
    pub async fn startup_link(&self) -> Result<StartupLink, AppError> {
        campaigns::startup_link(self).await
    }
}

/// The JSON API's routes, relative to `/api`: each registered with its
/// documented operation (`routes!` of handlers annotated with
/// `#[utoipa::path]`), so `GET /api/openapi.json` lists exactly these.
pub(crate) fn api() -> openapi::Api {
    use utoipa_axum::routes;
    openapi::Api::new()
        .routes(routes!(campaigns::health))
        .routes(routes!(openapi::served))
        .routes(routes!(sessions::join))
        .routes(routes!(sessions::me))
        .routes(routes!(campaigns::list, campaigns::create_handler))
        .routes(routes!(campaigns::show, campaigns::update))
        .routes(routes!(invites::list, invites::create))
        .routes(routes!(invites::revoke))
        .routes(routes!(invites::relink))
        .routes(routes!(characters::list, characters::upload))
        .routes(routes!(characters::show, characters::replace))
        .routes(routes!(level_award::award_levels))
        .routes(routes!(encounters::list, encounters::create))
        .routes(routes!(encounters::show))
        .routes(routes!(encounters::add_combatant))
        .routes(routes!(copies::copy))
        .routes(routes!(encounters::command))
        .routes(routes!(encounters::choices))
        .routes(routes!(encounters::script))
        .routes(routes!(encounters::undo))
        .routes(routes!(rolls::list, rolls::roll))
        .routes(routes!(chat::log, chat::say))
        .routes(routes!(sheet_rolls::roll))
        .routes(routes!(seeds::list, seeds::start))
        .routes(routes!(seeds::end))
        .routes(routes!(seeds::reveal))
        .routes(routes!(live::connect))
        .routes(routes!(packs::api::list, packs::api::upload))
        .routes(routes!(packs::api::show))
        .routes(routes!(packs::api::upload_archive))
        .routes(routes!(packs::api::preview))
        .routes(routes!(packs::api::switch))
        .routes(routes!(packs::compendium::show))
        // Characters that carry their state between fights (carry.rs).
        .routes(routes!(carry::show))
        .routes(routes!(carry::rest))
        .routes(routes!(carry::treat))
        .routes(routes!(carry::repair))
        .routes(routes!(carry::resupply))
        .routes(routes!(carry::loot))
        .routes(routes!(carry::award))
        .routes(routes!(carry::level_up))
        .routes(routes!(carry::correct))
        .routes(routes!(carry::undo))
        .routes(routes!(carry::write_back_handler))
        .routes(routes!(waiting::choose))
        .routes(routes!(waiting::show, waiting::roll, waiting::drop_awaited))
        .routes(routes!(library::list, library::save))
        .routes(routes!(library::delete))
        .routes(routes!(library::add))
        .routes(routes!(prepared::list, prepared::create))
        .routes(routes!(prepared::show, prepared::replace, prepared::delete))
        .routes(routes!(prepared::start))
        .routes(routes!(prepared::add_group))
        .routes(routes!(prepared::remove_group))
        .routes(routes!(engine::show, engine::hand))
        // The Compound X battle map (battle_map.rs).
        .routes(routes!(battle_map::give))
        .routes(routes!(
            battle_map::backdrop::give,
            battle_map::backdrop::take,
            battle_map::backdrop::show
        ))
        .merge(station::api::routes())
}

/// The routes: the JSON API under `/api` (see [`api`]), the join link and
/// the pages (HTML, outside `/api` and outside the API document).
pub fn app(state: AppState) -> Router {
    let (api, _) = api().split();
    let api = api
        .fallback(no_such_endpoint)
        .method_not_allowed_fallback(no_such_method);
    let app = Router::new()
        .nest("/api", api)
        .route("/join/{token}", get(sessions::join_page))
        .route("/join", post(sessions::join_form))
        .merge(web::router())
        .fallback(no_such_endpoint);
    // One stack, outermost first, given to the router once: each
    // `Router::layer` boxes every route's service again, so a layer given
    // on its own costs every request a boxed service and its clone.
    let [csp, referrer, nosniff, no_store] = headers::secured();
    let layers = tower::ServiceBuilder::new()
        .layer(no_store)
        .layer(nosniff)
        .layer(referrer)
        .layer(csp)
        .layer(CatchPanicLayer::custom(|_| {
            axum::response::IntoResponse::into_response(AppError::internal(
                "a request handler panicked",
            ))
        }))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            body::limit,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(
            state.config().body_limit,
        ));
    app.layer(layers).with_state(state)
}

async fn no_such_endpoint() -> AppError {
    AppError::not_found("no such endpoint; the API is described at /api/openapi.json")
}

async fn no_such_method() -> AppError {
    AppError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this endpoint does not take that method; see /api/openapi.json",
    )
}

/// Opens the store at `database_url` (default `sqlite:nanite.db`, created
/// if missing), creates a first campaign if there is none, prints the GM's
/// link, and serves on `bind` until Ctrl-C.
pub async fn serve(bind: &str, database_url: &str) -> Result<(), ServerError> {
    serve_with(bind, database_url, Config::default()).await
}

/// [`serve`] with `config`.
pub async fn serve_with(bind: &str, database_url: &str, config: Config) -> Result<(), ServerError> {
    let store = nanite_store::open(database_url)
        .await
        .map_err(ServerError::store(format!(
            "cannot open the database {}",
            redact(database_url)
        )))?;
    let state = AppState::with_config(store, config)?;
    notify::follow(&state).await?;
    if let Some(idle) = state.config().unload_idle {
        tokio::spawn(unload_idle_tables(state.clone(), idle));
    }
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(ServerError::io(format!("cannot listen on {bind}")))?;
    let address = listener
        .local_addr()
        .map_err(ServerError::io(format!("cannot listen on {bind}")))?;
    let link = state
        .startup_link()
        .await
        .map_err(|e| ServerError::Link(e.to_string()))?;
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "nanite serve: {} on http://{address} (database {})",
            link.campaign_name,
            redact(database_url)
        )
        .and_then(|()| writeln!(out, "GM link: http://{address}/join/{}", link.token))
        .and_then(|()| {
            writeln!(
                out,
                "(a new GM link is printed at each start; the previous one no longer opens new sessions)"
            )
        })
        .map_err(ServerError::io("cannot print the GM's link"))?;
    }
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown())
        .await
        .map_err(ServerError::io("the server stopped"))
}

/// Sweeps the tables in memory for idle ones, a few times per `idle`.
async fn unload_idle_tables(state: AppState, idle: std::time::Duration) {
    let every = (idle / 4).clamp(
        std::time::Duration::from_secs(1),
        std::time::Duration::from_secs(60),
    );
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let unloaded = state.unload_idle_tables(idle).await;
        if unloaded > 0 {
            tracing::debug!(unloaded, "let go of idle tables");
        }
    }
}

/// Ctrl-C, or (on Unix) SIGTERM: stop taking connections and finish the
/// requests under way. Every acknowledged command is already in the store.
async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// [`serve`] on a runtime of its own, with logging to stderr (`RUST_LOG`
/// filters it), for the `nanite` binary.
pub fn run(bind: &str, database_url: &str) -> Result<(), ServerError> {
    run_with(bind, database_url, Config::default())
}

/// [`run`] with `config`.
pub fn run_with(bind: &str, database_url: &str, config: Config) -> Result<(), ServerError> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServerError::io("cannot start the server's runtime"))?
        .block_on(serve_with(bind, database_url, config))
}

/// A database URL without its password, for printing.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = url[scheme + 3..at].split(':').next().unwrap_or("");
            format!("{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn printed_urls_hide_passwords() {
        assert_eq!(
            super::redact("postgres://me:secret@db/x"),
            "postgres://me@db/x"
        );
        assert_eq!(super::redact("sqlite:nanite.db"), "sqlite:nanite.db");
    }
}
