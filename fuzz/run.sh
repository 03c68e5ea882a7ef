#!/usr/bin/env bash
# Runs every fuzz target for a bounded time each: `fuzz/run.sh [SECONDS]`
# (default 30). Works on stable Rust (no sanitizer: `-s none`). Builds all
# targets once, then fuzzes each from its committed seeds in fuzz/corpus/
# (read only: what a run finds goes to a scratch corpus, deleted after) with
# its dictionary when it has one. A crash, a timeout (one input running over
# TIMEOUT seconds, default 10; 20 for parse_roll, whose exact distributions
# take seconds under instrumentation) or an out-of-memory (over RSS_MB,
# default 2048) is a finding: its input is kept under fuzz/artifacts/TARGET/,
# every other target still runs, and the script exits 1 at the end.
# Prints each target's executions and the total.
#
# CARGO_TARGET_DIR, when set, is where the build goes (else fuzz/target).
# FUZZ_TARGETS="a b" runs only those targets; JOBS=2 runs two at a time.
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-30}
timeout=${TIMEOUT:-10}
rss_mb=${RSS_MB:-2048}
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
targets=${FUZZ_TARGETS:-$(cargo fuzz list)}

echo "== building the fuzz targets (release, coverage instrumented, no sanitizer)"
cargo fuzz build -s none --target-dir "$target_dir"

scratch=$(mktemp -d /tmp/nanite-fuzz.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# One target: its log, then its executions and "ok" or "FOUND" in
# $scratch/$t.result.
fuzz_one() {
    local t=$1
    mkdir -p "$scratch/$t" "artifacts/$t" "corpus/$t"
    local args=(
        -max_total_time="$seconds"
        -timeout="$timeout"
        -rss_limit_mb="$rss_mb"
        -print_final_stats=1
        -artifact_prefix="artifacts/$t/"
    )
    [ "$t" = parse_roll ] && args[1]=-timeout=$((timeout * 2))
    [ -f "$t.dict" ] && args+=(-dict="$t.dict")
    local log="$scratch/$t.log" status=ok
    # The scratch corpus comes first: libFuzzer writes what it finds there.
    cargo fuzz run -s none --target-dir "$target_dir" "$t" "$scratch/$t" "corpus/$t" -- "${args[@]}" >"$log" 2>&1 || status=FOUND
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    echo "${runs:-0} $status" >"$scratch/$t.result"
    echo "== $t: ${seconds}s, ${runs:-0} executions, $status"
}

# JOBS targets at a time (default 1): each still fuzzes for its full time,
# on a core of its own.
jobs=${JOBS:-1}
for t in $targets; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    fuzz_one "$t" &
done
wait

total=0
failed=()
summary=()
for t in $targets; do
    read -r runs status <"$scratch/$t.result"
    if [ "$status" != ok ]; then
        failed+=("$t")
        echo "== $t found something:"
        grep -E '^(==[0-9]+== ?ERROR|thread .* panicked|SUMMARY|Test unit written|artifact_prefix)|panicked at' "$scratch/$t.log" | head -20 || true
        tail -40 "$scratch/$t.log"
    fi
    total=$((total + runs))
    summary+=("$(printf '%-22s %12s  %s' "$t" "$runs" "$status")")
done

echo "== executions"
printf '%s\n' "${summary[@]}"
printf '%-22s %12s\n' total "$total"
if [ ${#failed[@]} -gt 0 ]; then
    echo "findings in: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
    exit 1
fi
