"""Peer comparison for nanite-dice: the Python side (d20 and icepool).

Prints the same tab-separated lines as the Rust binary (see src/main.rs):
    lib  workload  expr  ops_per_sec  note
    lib  check     expr  n=..;min=..;max=..;mean=..;nonint=..
    lib  check-dist expr mean=..

Options: --quick (short timings), --only d20,icepool.
"""

import importlib.metadata
import os
import platform
import sys
import time

QUICK = os.environ.get("BENCH_QUICK", "0") not in ("", "0")
EXPRS = ["2d10+12", "4d6kh3+2", "1d100+16", "d10/2+1"]
DISTS = ["10d10", "100d10", "4d6kh3", "20d20kh10", "1000d6"]


def clean(s):
    return s.replace("\t", " ").replace("\n", " ")


def emit(lib, workload, expr, ops, note=""):
    ops = "n/a" if ops is None else (f"{ops:.1f}" if ops >= 100 else f"{ops:.6f}")
    print(f"{lib}\t{workload}\t{expr}\t{ops}\t{clean(note)}", flush=True)


def emit_check(lib, expr, totals):
    n = len(totals)
    nonint = sum(1 for t in totals if t != int(t))
    print(f"{lib}\tcheck\t{expr}\tn={n};min={min(totals)};max={max(totals)};"
          f"mean={sum(totals) / n:.4f};nonint={nonint}\t", flush=True)


def measure(f, min_time, min_iters=1, max_time=None):
    """Warm up, size a batch to ~10 ms, run batches until min_time (and
    min_iters) or max_time; ops/s = iterations / elapsed."""
    max_time = max_time or min_time
    warm = time.perf_counter()
    n = 0
    while n < 3 or time.perf_counter() - warm < min_time / 10:
        f()
        n += 1
    per_call = (time.perf_counter() - warm) / n
    batch = max(1, min(1_000_000, int(0.01 / per_call)))
    start = time.perf_counter()
    iters = 0
    while True:
        for _ in range(batch):
            f()
        iters += batch
        el = time.perf_counter() - start
        if (el >= min_time and iters >= min_iters) or el >= max_time:
            return iters / el


def note_for(ours, theirs, extra):
    parts = [] if ours == theirs else [f"as `{theirs}`"]
    if extra:
        parts.append(extra)
    return "; ".join(parts)


def roll_case(lib, workload, expr, note, f):
    try:
        f()
    except Exception as e:  # the library can't express or run it
        emit(lib, workload, expr, None, f"cannot run: {type(e).__name__}: {e}")
        return
    if workload == "parse+roll":
        emit_check(lib, expr, [f() for _ in range(2_000 if QUICK else 20_000)])
    emit(lib, workload, expr, measure(f, 0.2 if QUICK else 1.0), note)


# d20 spells floor division `//`; its `/` is true division (floats).
D20_NOTATION = {"d10/2+1": "d10//2+1"}


def emit_meta(lib, key, value):
    print(f"{lib}\tmeta\t{key}\t{value}\t", flush=True)


def bench_d20():
    import d20
    from d20 import diceast

    emit_meta("d20", "version", importlib.metadata.version("d20"))

    roller = d20.Roller()
    for expr in EXPRS:
        theirs = D20_NOTATION.get(expr, expr)
        # d20.roll(str) memoizes parses in an LFU cache keyed by the text, so a
        # repeated string would never be parsed again; call its lark parser
        # directly so every iteration parses, as the workload asks.
        note = note_for(expr, theirs, "lark parser (no parse cache) + Roller.roll")
        roll_case("d20", "parse+roll", expr, note,
                  lambda t=theirs: roller.roll(diceast.parser.parse(t, start="expr")).total)
    for expr in EXPRS:
        theirs = D20_NOTATION.get(expr, expr)
        tree = roller.parse(theirs)
        note = note_for(expr, theirs, "Roller.roll on a parsed tree")
        roll_case("d20", "roll", expr, note, lambda tree=tree: roller.roll(tree).total)


ICEPOOL_BUILD = {
    "10d10": "10 @ d(10)",
    "100d10": "100 @ d(10)",
    "4d6kh3": "d(6).highest(4, 3)",
    "20d20kh10": "d(20).highest(20, 10)",
    "1000d6": "1000 @ d(6)",
}


def icepool_cold(code):
    """Time one computation of `code` in a forked child, so that none of
    icepool's memoization (dice, pools, evaluator caches, sums) carries over
    from an earlier iteration. The parent only imports icepool and never
    computes, so each child starts as a fresh process would after the import.
    Returns (seconds, mean) or raises RuntimeError with the child's error."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(r)
        try:
            import icepool
            env = {"d": icepool.d}
            t0 = time.perf_counter()
            die = eval(code, env)
            el = time.perf_counter() - t0
            msg = f"ok {el!r} {float(die.mean())!r}"
        except BaseException as e:  # noqa: BLE001 - report anything to the parent
            msg = f"err {type(e).__name__}: {e}"
        os.write(w, msg.encode()[:4000])
        os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 4096):
        chunks.append(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    msg = b"".join(chunks).decode()
    if not msg.startswith("ok "):
        raise RuntimeError(msg[4:] or "child died")
    _, el, mean = msg.split()
    return float(el), float(mean)


def bench_icepool():
    import icepool  # noqa: F401 - imported once here so children inherit it

    emit_meta("icepool", "version", importlib.metadata.version("icepool"))

    # `1000 @ d6` recurses once per die in Die._sum_all; at Python's default
    # recursion limit (1000) it raises RecursionError.
    sys.setrecursionlimit(20_000)
    min_time, max_time = (0.2, 0.5) if QUICK else (1.0, 2.0)
    wall_cap = 2.0 if QUICK else 4.0  # forks cost wall time beyond the timed part
    for expr in DISTS:
        code = ICEPOOL_BUILD[expr]
        if QUICK and expr == "1000d6":
            emit("icepool", "dist", expr, None, "skipped in --quick (one computation takes ~30 s)")
            continue
        note = f"as `{code}`; fresh (forked) process state per iteration"
        if expr == "1000d6":
            note += "; needs sys.setrecursionlimit (RecursionError at the default 1000)"
        try:
            total, iters, mean = 0.0, 0, None
            wall = time.perf_counter()
            while True:
                el, mean = icepool_cold(code)
                total += el
                iters += 1
                if (total >= min_time and iters >= 3) or total >= max_time:
                    break
                if iters >= 3 and time.perf_counter() - wall >= wall_cap:
                    break
        except RuntimeError as e:
            emit("icepool", "dist", expr, None, f"cannot run: {e}")
            continue
        print(f"icepool\tcheck-dist\t{expr}\tmean={mean:.6f}\t", flush=True)
        emit("icepool", "dist", expr, iters / total, note + f" ({iters} iteration{'s' if iters > 1 else ''})")


def main():
    global QUICK
    args = sys.argv[1:]
    only = None
    while args:
        a = args.pop(0)
        if a == "--quick":
            QUICK = True
        elif a == "--only":
            only = args.pop(0).split(",")
        else:
            sys.exit(f"unknown argument {a}; use --quick, --only d20,icepool")
    emit_meta("runtime", "python", platform.python_version())
    for name, run in (("d20", bench_d20), ("icepool", bench_icepool)):
        if only is None or name in only:
            print(f"  python: {name}", file=sys.stderr, flush=True)
            run()


if __name__ == "__main__":
    main()
