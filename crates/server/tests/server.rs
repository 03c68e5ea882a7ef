//! The game-table server, tested through its router (`oneshot`, no socket)
//! and, for live updates, a real socket. Each API test runs on a fresh
//! SQLite file, and again on PostgreSQL when `NANITE_TEST_POSTGRES` names a
//! server (otherwise the PostgreSQL tests say they were skipped).

mod server {
    mod battle_map;
    mod builders;
    mod campaigns;
    mod carry;
    mod characters;
    mod chat;
    mod d20;
    mod dice;
    mod encounters;
    mod engine_players;
    mod errors;
    mod expiry;
    mod fight_undo;
    mod fourth;
    mod gm_hands;
    mod headers;
    mod hidden_grapple;
    mod hidden_refusals;
    mod idempotency;
    mod invites;
    pub(crate) mod live;
    mod map_drawing;
    mod npcs;
    mod openapi;
    mod pack_archives;
    mod pack_race;
    mod packs;
    mod permissions;
    mod restart;
    mod rolls;
    mod secrets;
    mod sessions;
    mod snapshots;
    mod stale;
    pub(crate) mod station;
    mod station_choices;
    mod station_packs;
    pub(crate) mod support;
    mod tag_browser;
    mod undo;
    mod unseen;
    mod verifiable;
    mod web;
}
