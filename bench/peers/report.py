"""Turn the benchmark lines of bench/peers into a table.

Usage: python3 report.py RESULTS.tsv [CARGO_LOCK]

Input lines (tab-separated) come from src/main.rs, py/bench.py and js/bench.mjs:
    lib  workload     expr  ops_per_sec|n/a  note
    lib  check        expr  n=..;min=..;max=..;mean=..;nonint=..
    lib  check-dist   expr  mean=..
    lib  meta         key   value
Lines that don't have at least four tab-separated fields are ignored.

Each peer's ratio is nanite's ops/s divided by the peer's ops/s on the same
(workload, expression): above 1 means nanite is faster. A peer whose totals
fall outside the expression's range, aren't integers, miss an extreme that
N rolls would surely reach, or whose mean is off by more than 6 standard
errors is marked WRONG; an exact distribution whose mean differs is too.
"""

import math
import re
import sys
from fractions import Fraction

WORKLOADS = [
    ("parse+roll", "parse the text, then roll it (every iteration)"),
    ("roll", "roll an already parsed expression"),
    ("dist", "exact distribution (no sampling)"),
]
ROLL_EXPRS = ["2d10+12", "4d6kh3+2", "1d100+16", "d10/2+1"]
DIST_EXPRS = ["10d10", "100d10", "4d6kh3", "20d20kh10", "1000d6"]
LIB_ORDER = ["nanite", "floor", "tyche", "caith", "ndm", "xdy", "d20", "rpg-dice-roller", "icepool"]
LANG = {"nanite": "Rust", "floor": "Rust", "tyche": "Rust", "caith": "Rust", "ndm": "Rust",
        "xdy": "Rust", "d20": "Python", "icepool": "Python", "rpg-dice-roller": "JS"}
EXPECTED_PEERS = ["tyche", "caith", "ndm", "xdy", "d20", "icepool", "rpg-dice-roller"]

# The true law of each rolled expression (floor division for `/`):
# range, mean, standard deviation, and the probability of each extreme.
KH3 = Fraction(15869, 1296)  # mean of 4d6kh3
ROLL_LAW = {
    "2d10+12": dict(lo=14, hi=32, mean=23.0, sd=math.sqrt(16.5), p_lo=0.01, p_hi=0.01),
    "4d6kh3+2": dict(lo=5, hi=20, mean=float(KH3) + 2, sd=math.sqrt(13612487 / 1679616),
                     p_lo=1 / 1296, p_hi=21 / 1296),
    "1d100+16": dict(lo=17, hi=116, mean=66.5, sd=math.sqrt(9999 / 12), p_lo=0.01, p_hi=0.01),
    "d10/2+1": dict(lo=1, hi=6, mean=3.5, sd=1.5, p_lo=0.1, p_hi=0.1),
}
DIST_MEAN = {
    "10d10": Fraction(55),
    "100d10": Fraction(550),
    "4d6kh3": KH3,
    "20d20kh10": Fraction(399863222857074122810440323, 2621440000000000000000000),
    "1000d6": Fraction(3500),
}


def parse_kv(s):
    out = {}
    for part in s.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k] = float(v)
    return out


def judge_roll(expr, kv):
    law = ROLL_LAW[expr]
    n = kv["n"]
    problems = []
    if kv["nonint"] > 0:
        problems.append(f"{int(kv['nonint'])} of {int(n)} totals not integers")
    if kv["min"] < law["lo"] or kv["max"] > law["hi"]:
        problems.append(f"range {fmt_num(kv['min'])}..{fmt_num(kv['max'])}, should be {law['lo']}..{law['hi']}")
    else:
        # An extreme that N rolls miss with probability below e^-20 counts as unreachable.
        if kv["min"] > law["lo"] and n * law["p_lo"] > 20:
            problems.append(f"never rolled the minimum {law['lo']} (lowest {fmt_num(kv['min'])})")
        if kv["max"] < law["hi"] and n * law["p_hi"] > 20:
            problems.append(f"never rolled the maximum {law['hi']} (highest {fmt_num(kv['max'])})")
    se = law["sd"] / math.sqrt(n)
    if abs(kv["mean"] - law["mean"]) > 6 * se:
        problems.append(f"mean {kv['mean']:.3f}, should be {law['mean']:.3f}")
    return "; ".join(problems)


def judge_dist(expr, kv):
    want = float(DIST_MEAN[expr])
    got = kv["mean"]
    if abs(got - want) > 1e-6 * max(1.0, abs(want)):
        return f"mean {got:.6f}, should be {want:.6f}"
    return ""


def fmt_num(x):
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def fmt_ops(x):
    if x is None:
        return "n/a"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 1:
        return f"{x:,.1f}"
    return f"{x:.3f}"


def fmt_ratio(r):
    if r >= 100:
        return f"{r:,.0f}x"
    if r >= 10:
        return f"{r:.1f}x"
    return f"{r:.2f}x"


def lib_key(lib):
    return LIB_ORDER.index(lib) if lib in LIB_ORDER else len(LIB_ORDER)


def split_note(note):
    """('as `x`' part, rest) of a note."""
    m = re.match(r"as `([^`]*)`(?:; )?(.*)", note)
    if m:
        return m.group(1), m.group(2)
    return "", note


def cargo_versions(lock_path):
    versions = {}
    try:
        text = open(lock_path).read()
    except OSError:
        return versions
    for m in re.finditer(r'\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"', text):
        versions.setdefault(m.group(1), m.group(2))
    return versions


def main():
    path = sys.argv[1]
    lock = sys.argv[2] if len(sys.argv) > 2 else None
    ops, notes, checks, meta = {}, {}, {}, {}
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) < 4:
            continue
        lib, workload, expr, value = f[:4]
        note = f[4] if len(f) > 4 else ""
        if workload == "meta":
            meta[(lib, expr)] = value
        elif workload in ("check", "check-dist"):
            kv = parse_kv(value)
            verdict = judge_roll(expr, kv) if workload == "check" else judge_dist(expr, kv)
            checks[(lib, "dist" if workload == "check-dist" else "roll", expr)] = verdict
        else:
            try:
                ops[(lib, workload, expr)] = None if value == "n/a" else float(value)
            except ValueError:
                continue
            if ops[(lib, workload, expr)] == 0:  # too slow to show at the printed precision
                ops[(lib, workload, expr)] = None
                note = f"below the printed precision; {note}"
            notes[(lib, workload, expr)] = note

    libs_seen = {k[0] for k in ops}
    versions = cargo_versions(lock) if lock else {}
    for lib in ("tyche", "caith", "ndm", "xdy", "nanite-dice"):
        if lib in versions:
            meta.setdefault((lib if lib != "nanite-dice" else "nanite", "version"), versions[lib])

    print("nanite-dice vs peers: operations per second (higher is better);")
    print("ratio = nanite ops/s / peer ops/s (above 1x: nanite is faster).")
    for workload, title in WORKLOADS:
        exprs = DIST_EXPRS if workload == "dist" else ROLL_EXPRS
        rows = [k for k in ops if k[1] == workload]
        if not rows:
            continue
        print()
        print(f"== {workload}: {title} ==")
        header = ("expr", "library", "lang", "ops/s", "nanite/peer", "check", "notation")
        table = [header]
        for expr in exprs:
            here = sorted((k for k in rows if k[2] == expr), key=lambda k: lib_key(k[0]))
            base = ops.get(("nanite", workload, expr))
            first = True
            for key in here:
                lib = key[0]
                v = ops[key]
                if v is None:
                    ratio, check = "-", "n/a"
                else:
                    ratio = fmt_ratio(base / v) if (base and lib != "nanite") else ("1.00x" if lib == "nanite" else "-")
                    verdict = checks.get((lib, "dist" if workload == "dist" else "roll", expr))
                    check = "?" if verdict is None else ("ok" if verdict == "" else "WRONG")
                notation, _ = split_note(notes[key])
                if v is None:
                    notation = ""
                table.append((expr if first else "", lib, LANG.get(lib, "?"), fmt_ops(v), ratio, check, notation))
                first = False
        widths = [max(len(r[i]) for r in table) for i in range(len(header))]
        right = {3, 4}
        for i, r in enumerate(table):
            cells = [c.rjust(widths[j]) if j in right else c.ljust(widths[j]) for j, c in enumerate(r)]
            print("  " + "  ".join(cells).rstrip())
            if i == 0:
                print("  " + "  ".join("-" * w for w in widths))

        # How each library was called, and why some rows are missing or wrong.
        print()
        print("  how each library ran this workload:")
        seen = {}  # lib -> note -> [exprs]
        for key in sorted(rows, key=lambda k: (lib_key(k[0]), exprs.index(k[2]) if k[2] in exprs else 99)):
            _, rest = split_note(notes[key])
            if rest:
                seen.setdefault(key[0], {}).setdefault(rest, []).append(key[2])
        for lib in sorted(seen, key=lib_key):
            lib_rows = [k for k in rows if k[0] == lib]
            for text, where in seen[lib].items():
                suffix = "" if len(where) == len(lib_rows) else f"  [{', '.join(where)}]"
                print(f"    {lib}: {text}{suffix}")
        wrong = [(k, v) for k, v in checks.items()
                 if v and k[1] == ("dist" if workload == "dist" else "roll") and (k[0], workload, k[2]) in ops]
        for (lib, _, expr), verdict in sorted(wrong, key=lambda kv: (lib_key(kv[0][0]), kv[0][2])):
            print(f"    {lib} WRONG on {expr}: {verdict}")

    print()
    missing = [p for p in EXPECTED_PEERS if p not in libs_seen]
    if missing:
        print("peers not measured in this run: " + ", ".join(missing))
    vers = [f"{lib} {meta[(lib, 'version')]}" for lib in sorted({k[0] for k in meta}, key=lib_key)
            if (lib, "version") in meta and lib in libs_seen]
    if vers:
        print("versions: " + ", ".join(vers))
    runtimes = [f"{k[1]} {v}" for k, v in sorted(meta.items()) if k[0] == "runtime"]
    if runtimes:
        print("runtimes: " + ", ".join(runtimes))


if __name__ == "__main__":
    main()
