//! What every ruleset's simulator shares: the seed of each run, playing
//! runs in parallel, and counting their outcomes into a [`Report`] of win
//! rates with 95% Wilson intervals, rounds taken and losses.
//!
//! A ruleset plays one fight (or game) from a seed into an [`Outcome`]; this
//! module knows no rule. Run `i` under master seed `s` uses [`run_seed`]`(s,
//! i)` whatever thread plays it, and [`Counts`] are whole numbers, so counts
//! merged in any order give the same report: a seed gives the same
//! report on any thread count.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;

/// The normal quantile of a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `n` at 95%; (0, 1)
/// when `n` is 0.
pub fn wilson(successes: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let z2 = Z_95 * Z_95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z_95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    // The ends are exact at no successes and at all of them.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes as f64 >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The dice seed of run `index` under the master `seed` (SplitMix64 of
/// both), so runs are independent and do not depend on the thread count.
pub fn run_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays runs `0..runs` over `threads` threads, each into its own part
/// (made by `part` on that thread), calling `play(&mut part, index)` for
/// each run. A thread takes the next run nobody has taken when it finishes
/// one, so a thread dealt long runs does not hold up the others waiting
/// idle; which thread played a run changes nothing, as a run's dice come
/// from its index alone and the parts' counts add up the same in any
/// order. `progress` is told, from any thread, how many more runs have
/// finished (in steps). The parts come back in thread order.
pub fn run_parallel<P, F>(
    runs: u64,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    part: &(dyn Fn() -> P + Sync),
    play: &F,
) -> Vec<P>
where
    P: Send,
    F: Fn(&mut P, u64) + Sync,
{
    const STEP: u64 = 16;
    let threads = (threads.max(1) as u64).min(runs.max(1));
    let next = AtomicU64::new(0);
    let next = &next;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut mine = part();
                    let mut since = 0;
                    loop {
                        // Only the count itself is shared: no other memory
                        // is handed over with it.
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= runs {
                            break;
                        }
                        play(&mut mine, index);
                        since += 1;
                        if since == STEP {
                            progress(since);
                            since = 0;
                        }
                    }
                    progress(since);
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h.join() {
                Ok(part) => part,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

/// How many runs, with which dice, on how many threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Runs to play.
    pub runs: u64,
    /// The master seed; run `i` uses [`run_seed`]`(seed, i)`.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// Rounds (or turns) after which a run is a draw.
    pub max_rounds: u32,
}

/// Plays `options.runs` runs over `options.threads` threads, run `i` being
/// `play(run_seed(seed, i))`, and reports them; `sides` names each side
/// index of the outcomes with its members. `progress` is told, from any
/// thread, how many more runs have finished.
pub fn simulate(
    options: &Options,
    sides: &[(String, u32)],
    progress: &(dyn Fn(u64) + Sync),
    play: &(dyn Fn(u64) -> Outcome + Sync),
) -> Report {
    let parts = run_parallel(
        options.runs,
        options.threads,
        progress,
        &|| Counts::new(sides.len()),
        &|tally: &mut Counts, index| tally.add(index, &play(run_seed(options.seed, index))),
    );
    let mut total = Counts::new(sides.len());
    for part in &parts {
        total.merge(part);
    }
    total.report(
        sides,
        RunInfo {
            seed: options.seed,
            threads: options.threads,
            max_rounds: options.max_rounds,
        },
    )
}

/// How a combatant (or a side's unit) was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Loss {
    /// Killed.
    Dead,
    /// Down (out of the fight, not dead) at the end.
    Down,
    /// Left the fight.
    Fled,
}

/// How one run ended, by side index (the sides a [`Counts`] was made with).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won, if any (none: a draw or the round limit).
    pub winner: Option<usize>,
    /// Rounds (or turns) played.
    pub rounds: u32,
    /// Each unit lost: its side and how.
    pub losses: Vec<(usize, Loss)>,
    /// Things worth counting (attacks, spells, searches), by name.
    pub counts: Vec<(&'static str, u64)>,
    /// Commands the engine refused that a policy chose: a policy's bug.
    pub refused: u32,
    /// The first such refusal, in words.
    pub refusal: Option<String>,
}

/// Counts of one side.
#[derive(Clone, Debug, Default)]
struct SideCount {
    wins: u64,
    dead: u64,
    down: u64,
    fled: u64,
    /// Runs by how many of the side were lost.
    lost: BTreeMap<u32, u64>,
}

/// Runs counted so far: wins, draws, rounds, losses and refusals. Whole
/// numbers only, so merging is exact. (Not a [`Tally`](crate::Tally), the
/// sourced terms of one number on a sheet.)
#[derive(Clone, Debug)]
pub struct Counts {
    runs: u64,
    draws: u64,
    rounds: BTreeMap<u32, u64>,
    sides: Vec<SideCount>,
    counts: BTreeMap<&'static str, u64>,
    refused: u64,
    /// The refusal of the lowest run index that had one.
    first_refusal: Option<(u64, String)>,
}

impl Counts {
    /// An empty tally of `sides` sides.
    pub fn new(sides: usize) -> Counts {
        Counts {
            runs: 0,
            draws: 0,
            rounds: BTreeMap::new(),
            sides: vec![SideCount::default(); sides],
            counts: BTreeMap::new(),
            refused: 0,
            first_refusal: None,
        }
    }

    /// Counts run `index`'s outcome.
    pub fn add(&mut self, index: u64, outcome: &Outcome) {
        self.runs += 1;
        *self.rounds.entry(outcome.rounds).or_default() += 1;
        match outcome.winner.and_then(|w| self.sides.get_mut(w)) {
            Some(side) => side.wins += 1,
            None => self.draws += 1,
        }
        for (i, count) in self.sides.iter_mut().enumerate() {
            let mut lost = 0;
            for (side, how) in &outcome.losses {
                if *side == i {
                    lost += 1;
                    match how {
                        Loss::Dead => count.dead += 1,
                        Loss::Down => count.down += 1,
                        Loss::Fled => count.fled += 1,
                    }
                }
            }
            *count.lost.entry(lost).or_default() += 1;
        }
        for (name, n) in &outcome.counts {
            *self.counts.entry(name).or_default() += n;
        }
        self.refused += u64::from(outcome.refused);
        if let Some(why) = &outcome.refusal {
            self.note_refusal(index, why);
        }
    }

    fn note_refusal(&mut self, index: u64, why: &str) {
        if self.first_refusal.as_ref().is_none_or(|(i, _)| index < *i) {
            self.first_refusal = Some((index, why.to_string()));
        }
    }

    /// Adds another tally's counts.
    pub fn merge(&mut self, other: &Counts) {
        self.runs += other.runs;
        self.draws += other.draws;
        self.refused += other.refused;
        for (r, n) in &other.rounds {
            *self.rounds.entry(*r).or_default() += n;
        }
        if self.sides.len() < other.sides.len() {
            self.sides.resize(other.sides.len(), SideCount::default());
        }
        for (ours, theirs) in self.sides.iter_mut().zip(&other.sides) {
            ours.wins += theirs.wins;
            ours.dead += theirs.dead;
            ours.down += theirs.down;
            ours.fled += theirs.fled;
            for (k, n) in &theirs.lost {
                *ours.lost.entry(*k).or_default() += n;
            }
        }
        for (name, n) in &other.counts {
            *self.counts.entry(name).or_default() += n;
        }
        if let Some((index, why)) = &other.first_refusal {
            self.note_refusal(*index, why);
        }
    }

    /// Runs counted.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// The report: `sides` names each side index and its members.
    pub fn report(&self, sides: &[(String, u32)], run: RunInfo) -> Report {
        let runs = self.runs;
        let per_run = |x: u64| {
            if runs == 0 {
                0.0
            } else {
                x as f64 / runs as f64
            }
        };
        let sides = sides
            .iter()
            .enumerate()
            .map(|(i, (name, members))| {
                let c = self.sides.get(i).cloned().unwrap_or_default();
                let (low, high) = wilson(c.wins, runs);
                SideReport {
                    side: name.clone(),
                    members: *members,
                    wins: c.wins,
                    win_rate: per_run(c.wins),
                    win_low: low,
                    win_high: high,
                    dead: per_run(c.dead),
                    down: per_run(c.down),
                    fled: per_run(c.fled),
                    lost: c.lost.iter().map(|(k, n)| (*k, *n)).collect(),
                }
            })
            .collect();
        let (draw_low, draw_high) = wilson(self.draws, runs);
        let rounds_total: u64 = self.rounds.iter().map(|(r, n)| u64::from(*r) * n).sum();
        Report {
            runs,
            seed: run.seed,
            threads: run.threads.max(1),
            max_rounds: run.max_rounds,
            sides,
            draws: self.draws,
            draw_rate: per_run(self.draws),
            draw_low,
            draw_high,
            mean_rounds: per_run(rounds_total),
            rounds: self.rounds.iter().map(|(r, n)| (*r, *n)).collect(),
            counts: self
                .counts
                .iter()
                .map(|(k, n)| ((*k).to_string(), *n))
                .collect(),
            refused: self.refused,
            first_refusal: self.first_refusal.as_ref().map(|(_, why)| why.clone()),
        }
    }
}

/// How a simulation was run, as its report tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunInfo {
    /// The master seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Rounds (or turns) after which a run was called a draw.
    pub max_rounds: u32,
}

/// One side's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The side.
    pub side: String,
    /// Its combatants (or units at the start).
    pub members: u32,
    /// Runs it won.
    pub wins: u64,
    /// Wins over runs.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate: low end.
    pub win_low: f64,
    /// High end.
    pub win_high: f64,
    /// Its dead per run, on average.
    pub dead: f64,
    /// Its down (out, not dead) at the end, per run.
    pub down: f64,
    /// Its fled, per run.
    pub fled: f64,
    /// `[lost, runs]`: how many runs ended with that many of it lost.
    pub lost: Vec<(u32, u64)>,
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Runs played.
    pub runs: u64,
    /// The master seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Rounds (or turns) after which a run was called a draw.
    pub max_rounds: u32,
    /// Each side.
    pub sides: Vec<SideReport>,
    /// Runs no side won (all out, or the round limit).
    pub draws: u64,
    /// Draws over runs.
    pub draw_rate: f64,
    /// The 95% Wilson interval of the draw rate: low end.
    pub draw_low: f64,
    /// High end.
    pub draw_high: f64,
    /// Rounds (or turns) a run took, on average.
    pub mean_rounds: f64,
    /// `[rounds, runs]`.
    pub rounds: Vec<(u32, u64)>,
    /// What the ruleset counted (attacks, spells, searches), in all.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub counts: BTreeMap<String, u64>,
    /// Commands the engine refused (policy mistakes; 0 is expected).
    pub refused: u64,
    /// The first refused command and why, from the lowest run that had one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_refusal: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_of_known_cases() {
        let cases = [
            ((0, 0), (0.0, 1.0)),
            ((0, 10), (0.0, 0.2775)),
            ((10, 10), (0.7225, 1.0)),
            ((5, 10), (0.2366, 0.7634)),
            ((500, 1000), (0.4691, 0.5309)),
        ];
        for ((k, n), (lo, hi)) in cases {
            let (l, h) = wilson(k, n);
            assert!(
                (l - lo).abs() < 1e-4 && (h - hi).abs() < 1e-4,
                "{k}/{n}: {l} {h}"
            );
        }
    }

    #[test]
    fn run_seeds_differ_by_index_and_seed() {
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|i| run_seed(7, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(run_seed(1, 0), run_seed(2, 0));
    }

    fn outcome(index: u64) -> Outcome {
        Outcome {
            winner: (index % 3 != 0).then_some((index % 2) as usize),
            rounds: (index % 5) as u32 + 1,
            losses: vec![((index % 2) as usize, Loss::Down)],
            counts: vec![("attacks", index)],
            refused: u32::from(index % 7 == 3),
            refusal: (index % 7 == 3).then(|| format!("run {index}")),
        }
    }

    #[test]
    fn parts_merge_to_the_same_report_on_any_thread_count() {
        let sides = [("a".to_string(), 1), ("b".to_string(), 1)];
        let seeds: Vec<u64> = (0..100).map(|i| run_seed(3, i)).collect();
        let report = |threads| {
            let options = Options {
                runs: 100,
                seed: 3,
                threads,
                max_rounds: 9,
            };
            let mut r = simulate(&options, &sides, &|_| {}, &|seed| {
                outcome(seeds.iter().position(|s| *s == seed).unwrap() as u64)
            });
            assert_eq!(r.threads, threads);
            r.threads = 1;
            r
        };
        let one = report(1);
        assert_eq!(one, report(2));
        assert_eq!(one, report(7));
        assert_eq!(one.runs, 100);
        assert_eq!(one.first_refusal.as_deref(), Some("run 3"));
        assert_eq!(one.counts["attacks"], (0..100).sum::<u64>());
        assert_eq!(
            one.sides.iter().map(|s| s.wins).sum::<u64>() + one.draws,
            100
        );
    }
}
