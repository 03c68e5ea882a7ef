//! `nanite sim FILE --runs N`: plays a Compound X or D20 encounter file's
//! fight, or a Station scenario (scripted players against the automated
//! GM), many times with the simulators' policies, and reports each side's
//! win rate with its 95% Wilson interval, the rounds (or turns) taken and
//! the losses, as text, JSON or an SVG chart. See docs/cli/sim.md.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nanite_core::sim::Report;

use crate::cx::Doc;
use crate::plot::{self, Chart};

/// Most fights one simulation may play.
const MAX_RUNS: u64 = 100_000_000;
/// Most threads.
const MAX_THREADS: usize = 256;

/// The ruleset a file is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Ruleset {
    /// A Compound X encounter file.
    #[value(name = "cx", alias = "compound-x")]
    CompoundX,
    /// A D20 encounter file.
    D20,
    /// A Station scenario.
    Station,
}

/// Arguments of `nanite sim`.
#[derive(Debug, Args)]
pub(crate) struct SimArgs {
    /// The encounter file (Compound X or D20; its setup is played, its
    /// script ignored) or Station scenario.
    file: PathBuf,
    /// The ruleset of the file; by default told from the file itself
    /// (docs/cli/sim.md says how).
    #[arg(long, value_enum)]
    ruleset: Option<Ruleset>,
    /// Fights (or games) to play.
    #[arg(long, default_value_t = 1000)]
    runs: u64,
    /// The master seed: the same seed gives the same report on any thread count.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads to play on; by default the machine's cores.
    #[arg(long)]
    threads: Option<usize>,
    /// Rounds (Station: turns) after which a run is a draw (default 50;
    /// Station 60).
    #[arg(long)]
    max_rounds: Option<u32>,
    /// The ruleset's content pack directory (default: NANITE_CX_PACK,
    /// NANITE_D20_PACK or NANITE_STATION_PACK, then the built-in sample pack).
    #[arg(long, value_name = "DIR")]
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
    ruleset: Ruleset,
    #[serde(flatten)]
    report: &'a Report,
    /// Compound X only: shots fired in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    shots: Option<u64>,
}

/// How a ruleset's report is worded.
struct Words {
    /// One run: "fight" or "game".
    run: &'static str,
    /// "rounds" or "turns".
    rounds: &'static str,
    /// The loss columns shown: dead, down, fled.
    losses: [bool; 3],
    /// What each side's chart of losses counts.
    lost: &'static str,
    /// What the loss columns mean.
    losses_note: &'static str,
}

impl Words {
    /// A fight's words (Compound X, D20): its rounds and the combatants
    /// lost, with the loss columns `losses` that `losses_note` explains.
    fn fight(losses: [bool; 3], losses_note: &'static str) -> Words {
        Words {
            run: "fight",
            rounds: "rounds",
            losses,
            lost: "combatants lost",
            losses_note,
        }
    }
}

impl Ruleset {
    /// Tells the ruleset of `path` from its text: a `.txt` file or one
    /// whose first line is `name: ...` is a Station scenario; a TOML file
    /// with a `[map]` or `[campaign]` table, or a combatant placed `at` a
    /// square or in a `row`, is D20; any other is Compound X.
    fn detect(path: &Path, text: &str) -> Ruleset {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        if path.extension().is_some_and(|e| e == "txt")
            || first.is_some_and(|l| l.starts_with("name:"))
        {
            return Ruleset::Station;
        }
        let Ok(table) = text.parse::<toml::Table>() else {
            return Ruleset::CompoundX;
        };
        let placed = table
            .get("combatant")
            .and_then(|c| c.as_array())
            .is_some_and(|all| {
                all.iter().any(|c| {
                    c.as_table()
                        .is_some_and(|c| c.contains_key("at") || c.contains_key("row"))
                })
            });
        // Both rulesets' files may have a `[map]`: Compound X's is a battle
        // map in metres with walls, places, ground, a grid or a backdrop;
        // D20's is squares (width and height) with the places on the
        // combatants.
        let battle_map = table
            .get("map")
            .and_then(|m| m.as_table())
            .is_some_and(|m| {
                ["wall", "at", "ground", "grid", "background"]
                    .iter()
                    .any(|k| m.contains_key(*k))
            });
        if battle_map {
            return Ruleset::CompoundX;
        }
        if placed || table.contains_key("map") || table.contains_key("campaign") {
            Ruleset::D20
        } else {
            Ruleset::CompoundX
        }
    }

    fn words(self) -> Words {
        match self {
            Ruleset::CompoundX => Words::fight(
                [true, true, true],
                "Dead, down (downed or knocked out at the end) and fled are per fight. The interval is Wilson's, at 95%.",
            ),
            Ruleset::D20 => Words::fight(
                [false, true, true],
                "Down (0 hit points or less at the end, after the winners' healing kits) and fled are per fight. The interval is Wilson's, at 95%.",
            ),
            Ruleset::Station => Words {
                run: "game",
                rounds: "turns",
                losses: [true, false, false],
                lost: "units lost",
                losses_note: "Dead is per game: the players dead at the end, and the GM's creatures killed. The interval is Wilson's, at 95%.",
            },
        }
    }
}

pub(crate) fn run(args: &SimArgs) -> Result<()> {
    if !(1..=MAX_RUNS).contains(&args.runs) {
        bail!(
            "--runs {} is out of bounds: give 1 to {MAX_RUNS}",
            args.runs
        );
    }
    if let Some(r) = args.max_rounds
        && !(1..=1000).contains(&r)
    {
        bail!("--max-rounds {r} is out of bounds: give 1 to 1000");
    }
    let threads = match args.threads {
        Some(t) if (1..=MAX_THREADS).contains(&t) => t,
        Some(t) => bail!("--threads {t} is out of bounds: give 1 to {MAX_THREADS}"),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let ruleset = match args.ruleset {
        Some(r) => r,
        None => {
            let text = std::fs::read_to_string(&args.file).map_err(|e| {
                anyhow::anyhow!(
                    "cannot read the encounter file {}: {e}",
                    args.file.display()
                )
            })?;
            Ruleset::detect(&args.file, &text)
        }
    };
    let bar = ProgressBar::with_draw_target(Some(args.runs), ProgressDrawTarget::stderr());
    let unit = ruleset.words().run;
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit}s ({{per_sec}}, {{eta}} left)"
        ))
        .context("the progress bar's template")?,
    );
    let progress = |n| bar.inc(n);
    let cannot = || format!("{} cannot be simulated", args.file.display());
    // D20 and Station play on the shared simulator, a draw after `most`
    // rounds (or turns) unless the command line says otherwise.
    let shared = |most| nanite_core::sim::Options {
        runs: args.runs,
        seed: args.seed,
        threads,
        max_rounds: args.max_rounds.unwrap_or(most),
    };
    let (name, report, shots) = match ruleset {
        Ruleset::CompoundX => {
            use nanite_compound_x::sim::{MAX_ROUNDS, Setup, SimOptions, simulate};
            let pack = args
                .pack
                .clone()
                .or_else(|| std::env::var_os("NANITE_CX_PACK").map(PathBuf::from));
            let (name, battle) = crate::cx::encounter_setup(&args.file, pack.as_deref())?;
            let setup = Setup::new(battle).with_context(cannot)?;
            let options = SimOptions {
                runs: args.runs,
                seed: args.seed,
                threads,
                max_rounds: args.max_rounds.unwrap_or(MAX_ROUNDS),
            };
            let report = simulate(&setup, &options, &progress);
            (name, report.common, Some(report.shots))
        }
        Ruleset::D20 => {
            use nanite_d20::sim::{MAX_ROUNDS, Setup, simulate};
            let (name, battle) = crate::d20::encounter_setup(&args.file, args.pack.as_deref())?;
            let setup = Setup::new(battle).with_context(cannot)?;
            (name, simulate(&setup, &shared(MAX_ROUNDS), &progress), None)
        }
        Ruleset::Station => {
            use nanite_station::sim::{MAX_TURNS, Setup, simulate};
            let (name, state) = crate::station::scenario_setup(&args.file, args.pack.as_deref())?;
            let setup = Setup::new(state).with_context(cannot)?;
            (name, simulate(&setup, &shared(MAX_TURNS), &progress), None)
        }
    };
    bar.finish_and_clear();
    let words = ruleset.words();
    if report.refused > 0 {
        writeln!(
            std::io::stderr().lock(),
            "warning: the engine refused {} command(s) the policies chose, a bug in the simulator; the first: {}",
            report.refused,
            report.first_refusal.as_deref().unwrap_or("(not recorded)")
        )?;
    }
    if let Some(path) = &args.plot {
        write_chart(&name, &report, &words, path)?;
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
                ruleset,
                report: &report,
                shots,
            },
        )?;
        writeln!(out)?;
    } else if args.plot.is_none() {
        out.write_all(text(&name, &report, &words).as_bytes())?;
    }
    Ok(())
}

fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The report as a table.
fn text(name: &str, report: &Report, words: &Words) -> String {
    let mut doc = Doc::new(format!(
        "{name}: {} (seed {}, {})",
        plural(report.runs, words.run),
        report.seed,
        plural(report.threads as u64, "thread"),
    ));
    let [dead, down, fled] = words.losses;
    let losses = |d: f64, w: f64, f: f64| -> Vec<String> {
        [(dead, d), (down, w), (fled, f)]
            .iter()
            .filter(|(shown, _)| *shown)
            .map(|(_, v)| format!("{v:.2}"))
            .collect()
    };
    let mut rows: Vec<Vec<String>> = report
        .sides
        .iter()
        .map(|s| {
            let mut row = vec![
                s.side.clone(),
                s.members.to_string(),
                s.wins.to_string(),
                percent(s.win_rate),
                format!("{}-{}", percent(s.win_low), percent(s.win_high)),
            ];
            row.extend(losses(s.dead, s.down, s.fled));
            row
        })
        .collect();
    let mut draw = vec![
        "(draw)".into(),
        String::new(),
        report.draws.to_string(),
        percent(report.draw_rate),
        format!("{}-{}", percent(report.draw_low), percent(report.draw_high)),
    ];
    draw.extend(words.losses.iter().filter(|s| **s).map(|_| String::new()));
    rows.push(draw);
    let mut header = vec!["side", "members", "wins", "win rate", "95% CI"];
    header.extend(
        ["dead", "down", "fled"]
            .iter()
            .zip(words.losses)
            .filter(|(_, shown)| *shown)
            .map(|(h, _)| *h),
    );
    doc.table(&header, rows);
    let (first, last) = (
        report.rounds.first().map_or(0, |r| r.0),
        report.rounds.last().map_or(0, |r| r.0),
    );
    let rounds = words.rounds;
    let mut capital = rounds.to_string();
    capital[..1].make_ascii_uppercase();
    doc.text(format!(
        "{capital}: {:.2} on average ({first} to {last}); a draw after {} {rounds}.",
        report.mean_rounds, report.max_rounds
    ));
    if !report.counts.is_empty() {
        let per_run: Vec<String> = report
            .counts
            .iter()
            // Refusals are told apart, and only when there are some.
            .filter(|(what, _)| !what.ends_with("refused"))
            .map(|(what, n)| format!("{:.2} {what}", *n as f64 / report.runs.max(1) as f64))
            .collect();
        doc.text(format!("Per {}: {}.", words.run, per_run.join(", ")));
    }
    doc.text(words.losses_note);
    if let Some(n) = report.counts.get("gm_refused").filter(|n| **n > 0) {
        doc.text(format!(
            "The engine refused {n} command(s) of the automated GM; it gave each up."
        ));
    }
    if report.refused > 0 {
        doc.text(format!(
            "The engine refused {} command(s) the policies chose (a bug in the simulator); each ended its turn.",
            report.refused
        ));
    }
    doc.to_text()
}

/// A side's chart: title, note and bars.
type SideChart = (String, String, Vec<(i64, f64)>);

/// A chart of the rounds taken, then one per side of how many it lost.
fn write_chart(name: &str, report: &Report, words: &Words, path: &Path) -> Result<()> {
    let runs = report.runs.max(1) as f64;
    let share = |pairs: &[(u32, u64)]| -> Vec<(i64, f64)> {
        pairs
            .iter()
            .map(|(k, n)| (i64::from(*k), *n as f64 / runs))
            .collect()
    };
    let rounds = share(&report.rounds);
    let rounds_title = format!("{name}: {} taken", words.rounds);
    let rounds_note = format!(
        "{}, {:.2} {} on average; draws {} ({}-{})",
        plural(report.runs, words.run),
        report.mean_rounds,
        words.rounds,
        percent(report.draw_rate),
        percent(report.draw_low),
        percent(report.draw_high)
    );
    let sides: Vec<SideChart> = report
        .sides
        .iter()
        .map(|s| {
            (
                if s.members > 0 {
                    format!("{}: {} (of {})", s.side, words.lost, s.members)
                } else {
                    format!("{}: {}", s.side, words.lost)
                },
                format!(
                    "wins {} (95% CI {}-{}); per {} {:.2} dead, {:.2} down, {:.2} fled",
                    percent(s.win_rate),
                    percent(s.win_low),
                    percent(s.win_high),
                    words.run,
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
        axis: words.rounds,
        bars: &rounds,
    }];
    for (title, note, bars) in &sides {
        charts.push(Chart {
            title,
            note,
            axis: words.lost,
            bars,
        });
    }
    std::fs::write(path, plot::svg(&charts))
        .with_context(|| format!("could not write the chart to {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ruleset_is_told_from_the_file() {
        let cases = [
            ("lab.txt", "anything at all", Ruleset::Station),
            (
                "lab",
                "# a scenario\n\nname: Lab\nkind: single-player\n",
                Ruleset::Station,
            ),
            (
                "a.toml",
                "format = 1\n[map]\nwidth = 5\nheight = 5\n",
                Ruleset::D20,
            ),
            (
                "a.toml",
                "format = 1\n[campaign]\nreroll = \"kept\"\n",
                Ruleset::D20,
            ),
            (
                "a.toml",
                "[[combatant]]\nid = \"kara\"\nrow = \"front\"\n",
                Ruleset::D20,
            ),
            (
                "a.toml",
                "[[combatant]]\nid = \"kara\"\nat = [1, 2]\n",
                Ruleset::D20,
            ),
            (
                "a.toml",
                "[[combatant]]\nid = \"vex\"\ncover = \"partial\"\n[[distance]]\nbetween = [\"vex\", \"raider\"]\nmetres = 15\n",
                Ruleset::CompoundX,
            ),
            (
                "a.toml",
                "format = 1\n[map]\nwidth = 30\nheight = 20\n[[map.wall]]\nkind = \"full\"\nfrom = [1, 1]\nto = [1, 5]\n",
                Ruleset::CompoundX,
            ),
            (
                "a.toml",
                "format = 1\n[map]\nwidth = 30\nheight = 20\n[map.at]\nvex = [7, 9]\n",
                Ruleset::CompoundX,
            ),
            ("a.toml", "not [ toml", Ruleset::CompoundX),
        ];
        for (path, text, want) in cases {
            assert_eq!(
                Ruleset::detect(Path::new(path), text),
                want,
                "{path}: {text}"
            );
        }
    }
}
