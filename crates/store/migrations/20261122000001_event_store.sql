-- The event store: one append-only log per stream (a game, a campaign),
-- idempotency keys of accepted commands, snapshots, and plain records for
-- state that is not event-sourced (campaign settings, invitations).
-- Portable SQL: the same migration runs on SQLite and PostgreSQL.

CREATE TABLE streams (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 0,
    meta TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE events (
    stream_id TEXT NOT NULL REFERENCES streams (id),
    version BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    command_key TEXT,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (stream_id, version)
);

CREATE TABLE commands (
    stream_id TEXT NOT NULL REFERENCES streams (id),
    key TEXT NOT NULL,
    first_version BIGINT NOT NULL,
    last_version BIGINT NOT NULL,
    PRIMARY KEY (stream_id, key)
);

CREATE TABLE snapshots (
    stream_id TEXT NOT NULL REFERENCES streams (id),
    version BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (stream_id, version)
);

CREATE TABLE records (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    version BIGINT NOT NULL,
    PRIMARY KEY (collection, id)
);
