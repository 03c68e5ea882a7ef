//! Counting fights into a report: wins with their 95% Wilson interval,
//! rounds taken, casualties by side. Everything is counted in whole
//! numbers, so tallies merge in any order to the same report.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Fight, Loss, Setup, SimOptions};

/// The normal quantile of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

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

/// Counts of one side.
#[derive(Clone, Debug, Default)]
struct SideCount {
    wins: u64,
    dead: u64,
    down: u64,
    fled: u64,
    /// Fights by how many of the side were lost.
    lost: BTreeMap<u32, u64>,
}

/// Fights counted so far.
#[derive(Clone, Debug)]
pub(crate) struct Tally {
    runs: u64,
    draws: u64,
    rounds: BTreeMap<u32, u64>,
    sides: BTreeMap<String, SideCount>,
    shots: u64,
    refused: u64,
}

impl Tally {
    pub(crate) fn new(setup: &Setup) -> Tally {
        Tally {
            runs: 0,
            draws: 0,
            rounds: BTreeMap::new(),
            sides: setup
                .side_names
                .iter()
                .map(|s| (s.clone(), SideCount::default()))
                .collect(),
            shots: 0,
            refused: 0,
        }
    }

    pub(crate) fn add(&mut self, setup: &Setup, fight: &Fight) {
        self.runs += 1;
        *self.rounds.entry(fight.rounds).or_default() += 1;
        self.shots += u64::from(fight.shots);
        self.refused += u64::from(fight.refused);
        match &fight.winner {
            Some(side) => {
                if let Some(count) = self.sides.get_mut(side) {
                    count.wins += 1;
                }
            }
            None => self.draws += 1,
        }
        for (name, count) in &mut self.sides {
            let mut lost = 0;
            for (id, how) in &fight.losses {
                if setup.sides.iter().any(|(c, s)| c == id && s == name) {
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
    }

    pub(crate) fn merge(&mut self, other: &Tally) {
        self.runs += other.runs;
        self.draws += other.draws;
        self.shots += other.shots;
        self.refused += other.refused;
        for (r, n) in &other.rounds {
            *self.rounds.entry(*r).or_default() += n;
        }
        for (name, theirs) in &other.sides {
            let ours = self.sides.entry(name.clone()).or_default();
            ours.wins += theirs.wins;
            ours.dead += theirs.dead;
            ours.down += theirs.down;
            ours.fled += theirs.fled;
            for (k, n) in &theirs.lost {
                *ours.lost.entry(*k).or_default() += n;
            }
        }
    }

    pub(crate) fn report(&self, setup: &Setup, options: &SimOptions) -> Report {
        let runs = self.runs;
        let per_run = |x: u64| {
            if runs == 0 {
                0.0
            } else {
                x as f64 / runs as f64
            }
        };
        let sides = self
            .sides
            .iter()
            .map(|(name, c)| {
                let (low, high) = wilson(c.wins, runs);
                SideReport {
                    side: name.clone(),
                    members: setup.sides.iter().filter(|(_, s)| s == name).count() as u32,
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
            seed: options.seed,
            threads: options.threads.max(1),
            max_rounds: options.max_rounds,
            sides,
            draws: self.draws,
            draw_rate: per_run(self.draws),
            draw_low,
            draw_high,
            mean_rounds: per_run(rounds_total),
            rounds: self.rounds.iter().map(|(r, n)| (*r, *n)).collect(),
            shots: self.shots,
            refused: self.refused,
        }
    }
}

/// One side's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The side.
    pub side: String,
    /// Its combatants.
    pub members: u32,
    /// Fights it won.
    pub wins: u64,
    /// Wins over fights.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate: low end.
    pub win_low: f64,
    /// High end.
    pub win_high: f64,
    /// Its dead per fight, on average.
    pub dead: f64,
    /// Its downed or knocked out at the end, per fight.
    pub down: f64,
    /// Its fled, per fight.
    pub fled: f64,
    /// `[lost, fights]`: how many fights ended with that many of it lost.
    pub lost: Vec<(u32, u64)>,
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Fights played.
    pub runs: u64,
    /// The master seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Rounds after which a fight was called a draw.
    pub max_rounds: u32,
    /// Each side, by name.
    pub sides: Vec<SideReport>,
    /// Fights no side won (all out, or the round limit).
    pub draws: u64,
    /// Draws over fights.
    pub draw_rate: f64,
    /// The 95% Wilson interval of the draw rate: low end.
    pub draw_low: f64,
    /// High end.
    pub draw_high: f64,
    /// Rounds a fight took, on average.
    pub mean_rounds: f64,
    /// `[rounds, fights]`.
    pub rounds: Vec<(u32, u64)>,
    /// Shots fired in all.
    pub shots: u64,
    /// Commands the engine refused (policy mistakes; 0 is expected).
    pub refused: u64,
}
