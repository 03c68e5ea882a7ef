#!/usr/bin/env bash
# Benchmark nanite-dice against peer dice libraries (Rust, Python, JS) and print
# a table of operations per second with nanite's ratio to each peer.
#
#   bench/peers/run.sh [--quick] [--only LIB,LIB...]
#
#   --quick   short timings (a smoke test, not numbers to quote)
#   --only    run only these libraries (nanite floor tyche caith ndm xdy d20
#             icepool rpg-dice-roller); the nanite row is needed for ratios
#
# Peers are installed into bench/peers/scratch/ when missing (gitignored):
# a Python 3.12 venv with d20 and icepool, and @dice-roller/rpg-dice-roller
# from npm. Raw lines go to scratch/results.tsv, the table to stdout and
# scratch/report.txt. Works from any directory; not part of the workspace or CI.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRATCH="$HERE/scratch"
export BENCH_SCRATCH="$SCRATCH"

# Pinned peer versions (bump deliberately; Rust peers are pinned by Cargo.lock).
D20_VERSION=1.1.2
ICEPOOL_VERSION=2.2.2
RPG_DICE_ROLLER_VERSION=5.5.1

QUICK=()
ONLY=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=(--quick); export BENCH_QUICK=1 ;;
        --only) ONLY="${2:?--only needs a list}"; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

# wants LIB...: is any of these libraries selected?
wants() {
    [ -z "$ONLY" ] && return 0
    local lib
    for lib in "$@"; do
        case ",$ONLY," in *",$lib,"*) return 0 ;; esac
    done
    return 1
}
only_args() { # the --only filter restricted to the libraries of one side
    [ -z "$ONLY" ] && return 0
    local keep=() lib
    IFS=, read -r -a picked <<<"$ONLY"
    for lib in "${picked[@]}"; do
        case " $* " in *" $lib "*) keep+=("$lib") ;; esac
    done
    (IFS=,; echo "--only ${keep[*]}")
}

mkdir -p "$SCRATCH"
RESULTS="$SCRATCH/results.tsv"
: >"$RESULTS"
say() { echo "run.sh: $*" >&2; }
meta() { printf '%s\tmeta\t%s\t%s\t\n' "$1" "$2" "$3" >>"$RESULTS"; }
start=$SECONDS

meta runtime cpu "$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || uname -m) x $(nproc 2>/dev/null || echo '?')"

# --- Rust: nanite-dice, tyche, caith, ndm, xdy, floor --------------------------
RUST_LIBS="nanite floor tyche caith ndm xdy"
if wants $RUST_LIBS; then
    say "building the Rust bench (release; the first build takes a few minutes)"
    cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
    meta runtime rustc "$(rustc --version | cut -d' ' -f2)"
    say "measuring Rust libraries"
    # shellcheck disable=SC2046
    cargo run --release --quiet --manifest-path "$HERE/Cargo.toml" -- "${QUICK[@]}" $(only_args $RUST_LIBS) >>"$RESULTS"
fi

# --- Python: d20, icepool ------------------------------------------------------
if wants d20 icepool; then
    VENV="$SCRATCH/venv"
    PY="$VENV/bin/python"
    if ! { [ -x "$PY" ] && "$PY" -c 'import sys, d20, icepool; assert sys.version_info >= (3, 12)' 2>/dev/null; }; then
        PY312="${PYTHON312:-}"
        for candidate in "$PY312" "$HOME/.pyenv/versions/3.12.1/bin/python3.12" "$(command -v python3.12 || true)"; do
            if [ -n "$candidate" ] && [ -x "$candidate" ]; then PY312="$candidate"; break; fi
        done
        if [ -n "$PY312" ] && [ -x "$PY312" ]; then
            say "installing d20 and icepool into $VENV (Python: $PY312)"
            rm -rf "$VENV"
            "$PY312" -m venv "$VENV"
            "$VENV/bin/pip" install --quiet --disable-pip-version-check \
                "d20==$D20_VERSION" "icepool==$ICEPOOL_VERSION" >&2 || say "pip install failed"
        else
            say "no Python 3.12 found (set PYTHON312=/path/to/python3.12); skipping d20 and icepool"
        fi
    fi
    if [ -x "$PY" ]; then
        say "measuring Python libraries (icepool's 1000d6 alone takes ~30 s)"
        # shellcheck disable=SC2046
        "$PY" "$HERE/py/bench.py" "${QUICK[@]}" $(only_args d20 icepool) >>"$RESULTS" || say "Python bench failed"
    fi
fi

# --- JavaScript: @dice-roller/rpg-dice-roller ------------------------------------
if wants rpg-dice-roller; then
    PKG="$SCRATCH/node_modules/@dice-roller/rpg-dice-roller/package.json"
    if [ ! -f "$PKG" ]; then
        if command -v npm >/dev/null; then
            say "installing @dice-roller/rpg-dice-roller into $SCRATCH"
            npm install --prefix "$SCRATCH" --no-audit --no-fund --loglevel=error \
                "@dice-roller/rpg-dice-roller@$RPG_DICE_ROLLER_VERSION" >&2 || say "npm install failed"
        else
            say "npm not found; skipping rpg-dice-roller"
        fi
    fi
    if [ -f "$PKG" ] && command -v node >/dev/null; then
        say "measuring JavaScript libraries"
        node "$HERE/js/bench.mjs" "${QUICK[@]}" >>"$RESULTS" || say "JS bench failed"
    fi
fi

say "done in $((SECONDS - start)) s; raw lines in $RESULTS"
python3 "$HERE/report.py" "$RESULTS" "$HERE/Cargo.lock" | tee "$SCRATCH/report.txt"
