#!/usr/bin/env bash
# The load benchmark of the game-table server (issue 6, item 9): starts a
# release `nanite serve` on a fresh database on loopback, runs the load
# client (crates/server/examples/load.rs) against it, and prints its report.
#
#   bench/load/run.sh [--clients 200] [--tables 50] [--seconds 10] [--rate 12] [--postgres URL]
#                     [--servers N] [--kill-after S] [--no-sqlite] [--no-build]
#
# SQLite (a temporary file) unless --no-sqlite; PostgreSQL too when
# --postgres names a server (a fresh database is created on it and dropped
# afterwards; needs psql). With --servers N (PostgreSQL only) N `nanite
# serve` processes run on that one database and the clients are spread over
# them; --kill-after S kills the first server (SIGKILL) S seconds into the
# run, and its clients go on through the others. Bounded: at most 4000
# clients and 120 seconds a run.
set -euo pipefail

clients=200
tables=50
seconds=10
rate=12
postgres=""
servers=1
kill_after=""
sqlite=1
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --clients) clients="$2"; shift 2 ;;
        --tables) tables="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --rate) rate="$2"; shift 2 ;;
        --postgres) postgres="$2"; shift 2 ;;
        --servers) servers="$2"; shift 2 ;;
        --kill-after) kill_after="$2"; shift 2 ;;
        --no-sqlite) sqlite=0; shift ;;
        --no-build) build=0; shift ;;
        *) echo "bench/load/run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

case "$servers" in ''|*[!0-9]*|0) echo "bench/load/run.sh: --servers is a number from 1" >&2; exit 2 ;; esac
if [ "$servers" -gt 1 ] && [ -z "$postgres" ]; then
    echo "bench/load/run.sh: --servers $servers needs --postgres URL (several servers share one PostgreSQL database)" >&2; exit 2
fi
if [ -n "$kill_after" ] && [ "$servers" -lt 2 ]; then
    echo "bench/load/run.sh: --kill-after needs --servers 2 or more (the clients go on through another server)" >&2; exit 2
fi

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if [ "$build" = 1 ]; then
    cargo build --release --quiet -p nanite-cli --bin nanite
    cargo build --release --quiet -p nanite-server --example load
fi
target="${CARGO_TARGET_DIR:-$root/target}/release"
work="$(mktemp -d)"
# A socket and a connection a client, on both sides: 1000 tables with 4
# clients each need more descriptors than the usual 1024.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

start() { # start N DATABASE_URL: server N, its address in $work/url.N
    local n="$1" database="$2"
    RUST_LOG=warn "$target/nanite" serve --bind 127.0.0.1:0 --database "$database" >"$work/serve.$n.out" 2>"$work/serve.$n.err" &
    pids+=($!)
    for _ in $(seq 1 100); do
        grep -q '^GM link:' "$work/serve.$n.out" 2>/dev/null && break
        sleep 0.1
    done
    local link
    link="$(grep '^GM link:' "$work/serve.$n.out" | sed 's/^GM link: //')" || {
        echo "bench/load/run.sh: server $n did not start:" >&2; cat "$work/serve.$n.err" >&2; exit 1; }
    echo "${link%%/join/*}" >"$work/url.$n"
    echo "${link##*/join/}" >"$work/token"
}

run() { # run LABEL DATABASE_URL SERVERS
    local label="$1" database="$2" count="$3" urls=() n
    pids=()
    # One after another: each start replaces the GM link, and the last one
    # works on every server.
    for n in $(seq 1 "$count"); do
        start "$n" "$database"
        urls+=(--url "$(cat "$work/url.$n")")
    done
    echo "== $label: $count server(s), $clients clients over $tables tables, $rate commands/s each, for ${seconds}s ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
    if [ -n "$kill_after" ]; then
        (sleep "$kill_after"; kill -9 "${pids[0]}" 2>/dev/null && echo "== killed server 1 after ${kill_after}s") &
    fi
    "$target/examples/load" "${urls[@]}" --token "$(cat "$work/token")" \
        --clients "$clients" --tables "$tables" --seconds "$seconds" --rate "$rate" | tee "$work/report"
    # Each server's CPU time over the run (the setup of the campaigns
    # included), and per persisted command: user + system, from /proc.
    local persisted
    persisted="$(sed -n 's/.*"persisted": *\([0-9]*\).*/\1/p' "$work/report" | tail -1)"
    for n in $(seq 1 "$count"); do
        local stat="/proc/${pids[$((n - 1))]}/stat"
        [ -r "$stat" ] && awk -v n="$n" -v hz="$(getconf CLK_TCK)" -v done="${persisted:-0}" '{
            sub(/^.*\) /, ""); cpu = ($12 + $13) / hz
            printf "== server %d CPU: %.2f s", n, cpu
            if (done > 0) printf ", %.0f us a persisted command", cpu * 1e6 / done
            printf "\n" }' "$stat"
    done
    # Each server's memory with every table loaded and the clients'
    # sockets still open: resident now, and its peak.
    for n in $(seq 1 "$count"); do
        local status="/proc/${pids[$((n - 1))]}/status"
        [ -r "$status" ] && awk -v n="$n" '/^VmRSS:/ {rss = $2} /^VmHWM:/ {hwm = $2}
            END {printf "== server %d memory: RSS %.1f MiB, peak %.1f MiB\n", n, rss / 1024, hwm / 1024}' "$status"
    done
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    pids=()
}

if [ "$sqlite" = 1 ]; then
    run sqlite "sqlite:$work/bench.db" 1
fi

if [ -n "$postgres" ]; then
    name="nanite_load_$$"
    psql "$postgres" -q -c "CREATE DATABASE $name"
    db="${postgres%/*}/$name"
    wal_before="$(psql "$postgres" -Atc "SELECT pg_current_wal_lsn()")"
    # Transaction ids are given to writing transactions only (cluster-wide).
    xid_before="$(psql "$postgres" -Atc "SELECT txid_current()")"
    run postgresql "$db" "$servers"
    # What the run (setup included) cost the database: WAL bytes and
    # writing transactions per event, and the average event's JSON.
    psql "$db" -Atc "SELECT '== postgresql: ' || count(*) || ' events; per event '
        || round(pg_wal_lsn_diff(pg_current_wal_lsn(), '$wal_before') / count(*)) || ' bytes of WAL and '
        || round((txid_current() - $xid_before)::numeric / count(*), 3)
        || ' writing transactions; an event''s data ' || round(avg(length(data))) || ' bytes on average'
        FROM events"
    psql "$postgres" -q -c "DROP DATABASE $name"
fi
