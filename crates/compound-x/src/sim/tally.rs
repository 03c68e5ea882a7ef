//! Counting Compound X fights into a report: the shared counting of
//! [`nanite_core::sim`] (wins with their 95% Wilson interval, rounds taken,
//! casualties by side), plus the shots fired.

use serde::Serialize;

use nanite_core::sim::{self, Outcome};
pub use nanite_core::sim::{SideReport, wilson};

use super::{Fight, Loss, Setup, SimOptions};

/// Fights counted so far.
#[derive(Clone, Debug)]
pub(crate) struct Counts {
    common: sim::Counts,
    shots: u64,
}

impl Counts {
    pub(crate) fn new(setup: &Setup) -> Counts {
        Counts {
            common: sim::Counts::new(setup.side_names.len()),
            shots: 0,
        }
    }

    /// Counts fight number `index`.
    pub(crate) fn add(&mut self, setup: &Setup, index: u64, fight: &Fight) {
        let side_of = |name: &str| setup.side_names.iter().position(|s| s == name);
        let losses = fight
            .losses
            .iter()
            .filter_map(|(id, how)| {
                let (_, side) = setup.sides.iter().find(|(c, _)| c == id)?;
                let how = match how {
                    Loss::Dead => sim::Loss::Dead,
                    Loss::Down => sim::Loss::Down,
                    Loss::Fled => sim::Loss::Fled,
                };
                Some((side_of(side)?, how))
            })
            .collect();
        let outcome = Outcome {
            winner: fight.winner.as_deref().and_then(side_of),
            rounds: fight.rounds,
            losses,
            refused: fight.refused,
            ..Outcome::default()
        };
        self.common.add(index, &outcome);
        self.shots += u64::from(fight.shots);
    }

    pub(crate) fn merge(&mut self, other: &Counts) {
        self.common.merge(&other.common);
        self.shots += other.shots;
    }

    pub(crate) fn report(&self, setup: &Setup, options: &SimOptions) -> Report {
        let sides: Vec<(String, u32)> = setup
            .side_names
            .iter()
            .map(|name| {
                let members = setup.sides.iter().filter(|(_, s)| s == name).count();
                (name.clone(), u32::try_from(members).unwrap_or(u32::MAX))
            })
            .collect();
        Report {
            common: self.common.report(
                &sides,
                sim::RunInfo {
                    seed: options.seed,
                    threads: options.threads,
                    max_rounds: options.max_rounds,
                },
            ),
            shots: self.shots,
        }
    }
}

/// What a simulation found: the shared report and the shots fired.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Wins, draws, rounds, losses and refusals, as every ruleset reports them.
    #[serde(flatten)]
    pub common: sim::Report,
    /// Shots fired in all.
    pub shots: u64,
}

impl std::ops::Deref for Report {
    type Target = sim::Report;

    fn deref(&self) -> &sim::Report {
        &self.common
    }
}
