//! Peer comparison for nanite-dice: the Rust side.
//!
//! Measures nanite-dice, tyche, caith, ndm and xdy (and a bare-loop floor) on
//! the workloads described in `bench/peers/README.md`, and prints one
//! tab-separated line per measurement on stdout:
//!
//! ```text
//! lib  workload  expr  ops_per_sec  note          (a measurement; ops "n/a" when unsupported)
//! lib  check     expr  n=..;min=..;max=..;mean=..;nonint=..   (totals of N rolls, judged by report.py)
//! lib  check-dist expr mean=..                    (mean of the computed distribution)
//! ```
//!
//! Options: `--quick` (short timings, for smoke tests), `--only a,b` (libraries to run).

use std::hint::black_box;
use std::time::{Duration, Instant};

use chumsky::Parser as _;

/// The roll workloads, in nanite's notation.
const EXPRS: [&str; 4] = ["2d10+12", "4d6kh3+2", "1d100+16", "d10/2+1"];
/// The exact-distribution workloads, in nanite's notation.
const DISTS: [&str; 5] = ["10d10", "100d10", "4d6kh3", "20d20kh10", "1000d6"];

const PARSE_ROLL: &str = "parse+roll";
const ROLL: &str = "roll";
const DIST: &str = "dist";

struct Opts {
    quick: bool,
    only: Option<Vec<String>>,
}

impl Opts {
    fn wants(&self, lib: &str) -> bool {
        self.only.as_ref().is_none_or(|o| o.iter().any(|l| l == lib))
    }
    /// Rolls kept for the correctness check of each (library, expression).
    fn check_n(&self) -> usize {
        if self.quick { 5_000 } else { 20_000 }
    }
    fn roll_budget(&self) -> Budget {
        let t = if self.quick { 0.2 } else { 1.0 };
        Budget { warmup: Duration::from_secs_f64(t / 10.0), min_time: Duration::from_secs_f64(t), min_iters: 1, max_time: Duration::from_secs_f64(t) }
    }
    fn dist_budget(&self) -> Budget {
        let (min, max) = if self.quick { (0.2, 0.5) } else { (1.0, 2.0) };
        Budget {
            warmup: Duration::from_secs_f64(min / 10.0),
            min_time: Duration::from_secs_f64(min),
            min_iters: 3,
            max_time: Duration::from_secs_f64(max),
        }
    }
}

/// When to stop timing: after `min_time` and `min_iters`, or after `max_time` whatever the count.
#[derive(Clone, Copy)]
struct Budget {
    warmup: Duration,
    min_time: Duration,
    min_iters: u64,
    max_time: Duration,
}

/// Operations per second of `f`: warm up, size a batch to ~10 ms, then run
/// batches until the budget says stop; ops/s = iterations / elapsed.
fn measure<T>(budget: Budget, mut f: impl FnMut() -> T) -> f64 {
    let warm = Instant::now();
    let mut n: u64 = 0;
    while n < 3 || warm.elapsed() < budget.warmup {
        black_box(f());
        n += 1;
    }
    let per_call = warm.elapsed().as_secs_f64() / n as f64;
    let batch = ((0.01 / per_call) as u64).clamp(1, 1_000_000);
    let start = Instant::now();
    let mut iters: u64 = 0;
    loop {
        for _ in 0..batch {
            black_box(f());
        }
        iters += batch;
        let el = start.elapsed();
        if (el >= budget.min_time && iters >= budget.min_iters) || el >= budget.max_time {
            return iters as f64 / el.as_secs_f64();
        }
    }
}

fn clean(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

fn emit(lib: &str, workload: &str, expr: &str, ops: Option<f64>, note: &str) {
    let ops = ops.map_or_else(|| "n/a".to_string(), |o| if o >= 100.0 { format!("{o:.1}") } else { format!("{o:.6}") });
    println!("{lib}\t{workload}\t{expr}\t{ops}\t{}", clean(note));
}

fn emit_check(lib: &str, expr: &str, totals: &[f64]) {
    let n = totals.len();
    let min = totals.iter().copied().fold(f64::INFINITY, f64::min);
    let max = totals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mean = totals.iter().sum::<f64>() / n as f64;
    let nonint = totals.iter().filter(|t| t.fract() != 0.0).count();
    println!("{lib}\tcheck\t{expr}\tn={n};min={min};max={max};mean={mean:.4};nonint={nonint}\t");
}

/// One roll measurement: try once (a failure means the library can't express
/// it), check the totals of N rolls on the parse+roll workload, then time.
fn roll_case(
    o: &Opts,
    lib: &str,
    workload: &str,
    expr: &str,
    note: &str,
    mut f: impl FnMut() -> Result<f64, String>,
) {
    if let Err(e) = f() {
        emit(lib, workload, expr, None, &format!("cannot run: {e}"));
        return;
    }
    // Check the totals once per (library, expression): on parse+roll, or on
    // roll for a library that has no parse+roll row (the floor).
    if workload == PARSE_ROLL || lib == "floor" {
        let totals: Vec<f64> = (0..o.check_n()).map(|_| f().expect("rolled once already")).collect();
        emit_check(lib, expr, &totals);
    }
    let ops = measure(o.roll_budget(), || match f() {
        Ok(v) => v,
        Err(e) => panic!("{lib} {expr}: {e}"),
    });
    emit(lib, workload, expr, Some(ops), note);
}

/// One distribution measurement; `mean` reads the result once, outside timing.
fn dist_case<T>(
    o: &Opts,
    lib: &str,
    expr: &str,
    note: &str,
    mut f: impl FnMut() -> Result<T, String>,
    mean: impl Fn(&T) -> f64,
) {
    let first = match f() {
        Ok(d) => d,
        Err(e) => {
            emit(lib, DIST, expr, None, &format!("cannot run: {e}"));
            return;
        }
    };
    println!("{lib}\tcheck-dist\t{expr}\tmean={:.6}\t", mean(&first));
    drop(first);
    let ops = measure(o.dist_budget(), || match f() {
        Ok(v) => v,
        Err(e) => panic!("{lib} {expr}: {e}"),
    });
    emit(lib, DIST, expr, Some(ops), note);
}

/// The note for a row whose notation differs from nanite's.
fn as_note(ours: &str, theirs: &str, extra: &str) -> String {
    let mut note = if ours == theirs { String::new() } else { format!("as `{theirs}`") };
    if !extra.is_empty() {
        if !note.is_empty() {
            note.push_str("; ");
        }
        note.push_str(extra);
    }
    note
}

fn nanite(o: &Opts) {
    use nanite_dice::{Distribution, Expression, Roller, SeededDice};
    let lib = "nanite";
    for text in EXPRS {
        let mut roller = Roller::new();
        let mut dice = SeededDice::new(42);
        roll_case(o, lib, PARSE_ROLL, text, "Expression::parse + Roller::roll, SeededDice (ChaCha8)", || {
            let expr = Expression::parse(black_box(text)).map_err(|e| e.to_string())?;
            let view = roller.roll(&expr, &(), None, &mut dice).map_err(|e| e.to_string())?;
            Ok(view.total as f64)
        });
    }
    for text in EXPRS {
        let expr = Expression::parse(text).expect("parses");
        let mut roller = Roller::new();
        let mut dice = SeededDice::new(42);
        roll_case(o, lib, ROLL, text, "Roller::roll, SeededDice (ChaCha8)", || {
            let view = roller.roll(black_box(&expr), &(), None, &mut dice).map_err(|e| e.to_string())?;
            Ok(view.total as f64)
        });
    }
    for text in DISTS {
        let expr = match Expression::parse(text) {
            Ok(e) => e,
            Err(e) => {
                emit(lib, DIST, text, None, &format!("cannot run: {e}"));
                continue;
            }
        };
        dist_case(o, lib, text, "Distribution::of", || Distribution::of(black_box(&expr)).map_err(|e| e.to_string()), |d| d.mean());
    }
}

fn tyche_notation(expr: &str) -> &str {
    expr // tyche reads all four as nanite writes them (`/` is integer division rounded down)
}

fn tyche(o: &Opts) {
    use tyche::dice::roller::FastRand;
    let lib = "tyche";
    for text in EXPRS {
        let theirs = tyche_notation(text);
        let parser = tyche::parser();
        let mut rng = FastRand::with_seed(42);
        let note = as_note(text, theirs, "reused chumsky parser + Expr::eval + calc, FastRand");
        roll_case(o, lib, PARSE_ROLL, text, &note, || {
            let expr = parser.parse(black_box(theirs)).into_result().map_err(|e| format!("{e:?}"))?;
            let evaled = expr.eval(&mut rng).map_err(|e| e.to_string())?;
            Ok(f64::from(evaled.calc().map_err(|e| e.to_string())?))
        });
    }
    for text in EXPRS {
        let theirs = tyche_notation(text);
        let expr: tyche::Expr = theirs.parse().expect("parses");
        let mut rng = FastRand::with_seed(42);
        let note = as_note(text, theirs, "Expr::eval + calc, FastRand");
        roll_case(o, lib, ROLL, text, &note, || {
            let evaled = black_box(&expr).eval(&mut rng).map_err(|e| e.to_string())?;
            Ok(f64::from(evaled.calc().map_err(|e| e.to_string())?))
        });
    }
}

fn caith_notation(expr: &str) -> &str {
    match expr {
        "4d6kh3+2" => "4d6K3+2", // caith: K = keep highest, k = keep lowest
        other => other,
    }
}

fn caith(o: &Opts) {
    let lib = "caith";
    for text in EXPRS {
        let theirs = caith_notation(text);
        let note = as_note(text, theirs, "Roller::new + roll (thread_rng)");
        roll_case(o, lib, PARSE_ROLL, text, &note, || {
            let result = caith::Roller::new(black_box(theirs)).map_err(|e| e.to_string())?.roll().map_err(|e| e.to_string())?;
            Ok(result.as_single().ok_or("repeated roll")?.get_total() as f64)
        });
    }
    for text in EXPRS {
        emit(lib, ROLL, text, None, "no pre-parsed form: caith::Roller keeps the text and re-parses on every roll");
    }
}

fn ndm_notation(expr: &str) -> &str {
    match expr {
        "4d6kh3+2" => "4d6:h3+2", // ndm: `:hN` keeps the N highest
        other => other,
    }
}

fn ndm(o: &Opts) {
    let lib = "ndm";
    for text in EXPRS {
        let theirs = ndm_notation(text);
        let note = as_note(text, theirs, "RollSet::from_str (parsing rolls; rand thread rng)");
        roll_case(o, lib, PARSE_ROLL, text, &note, || {
            let set: ndm::RollSet = black_box(theirs).parse().map_err(|e: ndm::RollParseError| e.to_string())?;
            set.words
                .iter()
                .rev()
                .find_map(|w| if let ndm::DiceWords::Total(t) = w { Some(f64::from(*t)) } else { None })
                .ok_or_else(|| "no total".to_string())
        });
    }
    for text in EXPRS {
        emit(lib, ROLL, text, None, "no pre-parsed form: parsing a RollSet rolls it");
    }
}

fn xdy_notation(expr: &str) -> &str {
    match expr {
        "4d6kh3+2" => "4d6 drop lowest+2",
        "d10/2+1" => "1d10/2+1", // a count is required; `/` truncates toward zero
        "4d6kh3" => "4d6 drop lowest",
        "20d20kh10" => "20d20 drop lowest 10",
        other => other,
    }
}

fn xdy(o: &Opts) {
    use xdy::{Budget, Evaluator, Unobserved, compile};
    let lib = "xdy";
    const NO_ARGS: [i32; 0] = [];
    for text in EXPRS {
        let theirs = xdy_notation(text);
        let mut rng = rand::rng();
        let note = as_note(text, theirs, "compile (parse+optimize) + Evaluator::evaluate, rand::rng()");
        roll_case(o, lib, PARSE_ROLL, text, &note, || {
            let function = compile(black_box(theirs)).map_err(|e| format!("{e:?}"))?;
            let mut evaluator = Evaluator::new(function);
            let r = evaluator.evaluate(NO_ARGS, &mut rng).map_err(|e| format!("{e:?}"))?;
            Ok(f64::from(r.result))
        });
    }
    for text in EXPRS {
        let theirs = xdy_notation(text);
        let mut evaluator = Evaluator::new(compile(theirs).expect("compiles"));
        let mut rng = rand::rng();
        let note = as_note(text, theirs, "Evaluator::evaluate, rand::rng()");
        roll_case(o, lib, ROLL, text, &note, || {
            let r = black_box(&mut evaluator).evaluate(NO_ARGS, &mut rng).map_err(|e| format!("{e:?}"))?;
            Ok(f64::from(r.result))
        });
    }
    for text in DISTS {
        let theirs = xdy_notation(text);
        let evaluator = Evaluator::new(compile(theirs).expect("compiles"));
        let note = as_note(text, theirs, "plan_distribution + build (exact, big-integer weights)");
        dist_case(
            o,
            lib,
            text,
            &note,
            || {
                let plan = black_box(&evaluator).plan_distribution(NO_ARGS).map_err(|e| format!("{e:?}"))?;
                plan.build(Budget::UNLIMITED, &Unobserved).map_err(|e| format!("{e:?}"))
            },
            |d| d.mean().to_f64(),
        );
    }
}

/// xorshift64 with Lemire's unbiased range reduction: one die of `sides`.
#[inline(always)]
fn floor_die(s: &mut u64, sides: u32) -> u32 {
    loop {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        let m = (*s >> 32) * u64::from(sides);
        if (m as u32) >= sides.wrapping_neg() % sides {
            return (m >> 32) as u32 + 1;
        }
    }
}

fn floor(o: &Opts) {
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    roll_case(o, "floor", ROLL, "2d10+12", "bare loop: two d10 from inline xorshift64 + 12", || {
        Ok(f64::from(floor_die(&mut s, 10) + floor_die(&mut s, 10) + 12))
    });
}

fn main() {
    let mut opts = Opts { quick: std::env::var_os("BENCH_QUICK").is_some_and(|v| v != "0"), only: None };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => opts.quick = true,
            "--only" => opts.only = args.next().map(|l| l.split(',').map(str::to_string).collect()),
            other => {
                eprintln!("unknown argument {other}; use --quick, --only lib,lib");
                std::process::exit(2);
            }
        }
    }
    let libs: [(&str, fn(&Opts)); 6] =
        [("floor", floor), ("nanite", nanite), ("tyche", tyche), ("caith", caith), ("ndm", ndm), ("xdy", xdy)];
    for (name, run) in libs {
        if opts.wants(name) {
            eprintln!("  rust: {name}");
            run(&opts);
        }
    }
}
