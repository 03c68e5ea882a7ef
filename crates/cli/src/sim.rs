//! `nanite sim ENCOUNTER --runs N`: plays an encounter file's fight many
//! times with the simulator's policies and reports each side's win rate with
//! its 95% Wilson interval, the rounds taken and the casualties, as text,
//! JSON or an SVG chart. See docs/cli/sim.md.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nanite_compound_x::sim::{MAX_ROUNDS, Report, Setup, SimOptions, simulate};

use crate::cx::Doc;
use crate::plot::{self, Chart};

/// Most fights one simulation may play.
const MAX_RUNS: u64 = 100_000_000;
/// Most threads.
const MAX_THREADS: usize = 256;

/// Arguments of `nanite sim`.
#[derive(Debug, Args)]
pub(crate) struct SimArgs {
    /// The encounter file (docs/compound-x/encounter-file.md); its setup is
    /// played, its script ignored.
    file: PathBuf,
    /// Fights to play.
    #[arg(long, default_value_t = 1000)]
    runs: u64,
    /// The master seed: the same seed and thread count give the same report.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads to play on; by default the machine's cores.
    #[arg(long)]
    threads: Option<usize>,
    /// Rounds after which a fight is a draw.
    #[arg(long, default_value_t = MAX_ROUNDS)]
    max_rounds: u32,
    /// The Compound X content pack directory (default: the built-in sample pack).
    #[arg(long, env = "NANITE_CX_PACK", value_name = "DIR")]
    pack: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Write an SVG chart of the rounds taken and each side's losses to this
    /// file; no table is printed then (JSON still is with --json).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// The report as `--json` prints it.
#[derive(serde::Serialize)]
struct Json<'a> {
    encounter: &'a str,
    #[serde(flatten)]
    report: &'a Report,
}

pub(crate) fn run(args: &SimArgs) -> Result<()> {
    if !(1..=MAX_RUNS).contains(&args.runs) {
        bail!(
            "--runs {} is out of bounds: give 1 to {MAX_RUNS}",
            args.runs
        );
    }
    if !(1..=1000).contains(&args.max_rounds) {
        bail!(
            "--max-rounds {} is out of bounds: give 1 to 1000",
            args.max_rounds
        );
    }
    let threads = match args.threads {
        Some(t) if (1..=MAX_THREADS).contains(&t) => t,
        Some(t) => bail!("--threads {t} is out of bounds: give 1 to {MAX_THREADS}"),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let (name, battle) = crate::cx::encounter_setup(&args.file, args.pack.as_deref())?;
    let setup = Setup::new(battle)
        .with_context(|| format!("{} cannot be simulated", args.file.display()))?;
    let options = SimOptions {
        runs: args.runs,
        seed: args.seed,
        threads,
        max_rounds: args.max_rounds,
    };
    let bar = ProgressBar::with_draw_target(Some(args.runs), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} fights ({per_sec}, {eta} left)")
            .context("the progress bar's template")?,
    );
    let report = simulate(&setup, &options, &|n| bar.inc(n));
    bar.finish_and_clear();
    if let Some(path) = &args.plot {
        write_chart(&name, &report, path)?;
        writeln!(
            std::io::stderr().lock(),
            "wrote {} chart(s) to {}",
            1 + report.sides.len(),
            path.display()
        )?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(
            &mut out,
            &Json {
                encounter: &name,
                report: &report,
            },
        )?;
        writeln!(out)?;
    } else if args.plot.is_none() {
        out.write_all(text(&name, &report).as_bytes())?;
    }
    Ok(())
}

fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The report as a table.
fn text(name: &str, report: &Report) -> String {
    let mut doc = Doc::new(format!(
        "{name}: {} fight{} (seed {}, {} thread{})",
        report.runs,
        if report.runs == 1 { "" } else { "s" },
        report.seed,
        report.threads,
        if report.threads == 1 { "" } else { "s" }
    ));
    let mut rows: Vec<Vec<String>> = report
        .sides
        .iter()
        .map(|s| {
            vec![
                s.side.clone(),
                s.members.to_string(),
                s.wins.to_string(),
                percent(s.win_rate),
                format!("{}-{}", percent(s.win_low), percent(s.win_high)),
                format!("{:.2}", s.dead),
                format!("{:.2}", s.down),
                format!("{:.2}", s.fled),
            ]
        })
        .collect();
    rows.push(vec![
        "(draw)".into(),
        String::new(),
        report.draws.to_string(),
        percent(report.draw_rate),
        format!("{}-{}", percent(report.draw_low), percent(report.draw_high)),
        String::new(),
        String::new(),
        String::new(),
    ]);
    doc.table(
        &[
            "side", "members", "wins", "win rate", "95% CI", "dead", "down", "fled",
        ],
        rows,
    );
    let (first, last) = (
        report.rounds.first().map_or(0, |r| r.0),
        report.rounds.last().map_or(0, |r| r.0),
    );
    doc.text(format!(
        "Rounds: {:.2} on average ({first} to {last}); a draw after {} rounds.",
        report.mean_rounds, report.max_rounds
    ));
    doc.text(
        "Dead, down (downed or knocked out at the end) and fled are per fight. The interval is Wilson's, at 95%.",
    );
    if report.refused > 0 {
        doc.text(format!(
            "The engine refused {} command(s) the policies chose; each ended its turn.",
            report.refused
        ));
    }
    doc.to_text()
}

/// A side's chart: title, note and bars.
type SideChart = (String, String, Vec<(i64, f64)>);

/// A chart of the rounds taken, then one per side of how many it lost.
fn write_chart(name: &str, report: &Report, path: &Path) -> Result<()> {
    let runs = report.runs.max(1) as f64;
    let share = |pairs: &[(u32, u64)]| -> Vec<(i64, f64)> {
        pairs
            .iter()
            .map(|(k, n)| (i64::from(*k), *n as f64 / runs))
            .collect()
    };
    let rounds = share(&report.rounds);
    let rounds_title = format!("{name}: rounds taken");
    let rounds_note = format!(
        "{} fights, {:.2} rounds on average; draws {} ({}-{})",
        report.runs,
        report.mean_rounds,
        percent(report.draw_rate),
        percent(report.draw_low),
        percent(report.draw_high)
    );
    let sides: Vec<SideChart> = report
        .sides
        .iter()
        .map(|s| {
            (
                format!("{}: combatants lost (of {})", s.side, s.members),
                format!(
                    "wins {} (95% CI {}-{}); per fight {:.2} dead, {:.2} down, {:.2} fled",
                    percent(s.win_rate),
                    percent(s.win_low),
                    percent(s.win_high),
                    s.dead,
                    s.down,
                    s.fled
                ),
                share(&s.lost),
            )
        })
        .collect();
    let mut charts = vec![Chart {
        title: &rounds_title,
        note: &rounds_note,
        axis: "rounds",
        bars: &rounds,
    }];
    for (title, note, bars) in &sides {
        charts.push(Chart {
            title,
            note,
            axis: "combatants lost",
            bars,
        });
    }
    std::fs::write(path, plot::svg(&charts))
        .with_context(|| format!("could not write the chart to {}", path.display()))
}
