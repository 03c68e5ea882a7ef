#!/usr/bin/env bash
# The load benchmark of the game-table server (issue 6, item 9): starts a
# release `nanite serve` on a fresh database on loopback, runs the load
# client (crates/server/examples/load.rs) against it, and prints its report.
#
#   bench/load/run.sh [--clients 200] [--tables 50] [--seconds 10] [--rate 12] [--postgres URL] [--no-build]
#
# SQLite always (a temporary file); PostgreSQL too when --postgres names a
# server (a fresh database is created on it and dropped afterwards; needs
# psql). Bounded: at most 1000 clients and 120 seconds a run.
set -euo pipefail

clients=200
tables=50
seconds=10
rate=12
postgres=""
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --clients) clients="$2"; shift 2 ;;
        --tables) tables="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --rate) rate="$2"; shift 2 ;;
        --postgres) postgres="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "bench/load/run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if [ "$build" = 1 ]; then
    cargo build --release --quiet -p nanite-cli --bin nanite
    cargo build --release --quiet -p nanite-server --example load
fi
target="${CARGO_TARGET_DIR:-$root/target}/release"
work="$(mktemp -d)"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

run() { # run LABEL DATABASE_URL
    local label="$1" database="$2"
    RUST_LOG=warn "$target/nanite" serve --bind 127.0.0.1:0 --database "$database" >"$work/serve.out" 2>"$work/serve.err" &
    server=$!
    for _ in $(seq 1 100); do
        grep -q '^GM link:' "$work/serve.out" 2>/dev/null && break
        sleep 0.1
    done
    local link
    link="$(grep '^GM link:' "$work/serve.out" | sed 's/^GM link: //')" || {
        echo "bench/load/run.sh: the server did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
    local url="${link%%/join/*}" token="${link##*/join/}"
    echo "== $label: $clients clients over $tables tables, $rate commands/s each, for ${seconds}s ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
    "$target/examples/load" --url "$url" --token "$token" \
        --clients "$clients" --tables "$tables" --seconds "$seconds" --rate "$rate"
    kill "$server"; wait "$server" 2>/dev/null || true; server=""
}

run sqlite "sqlite:$work/bench.db"

if [ -n "$postgres" ]; then
    name="nanite_load_$$"
    psql "$postgres" -q -c "CREATE DATABASE $name"
    run postgresql "${postgres%/*}/$name"
    psql "$postgres" -q -c "DROP DATABASE $name"
fi
