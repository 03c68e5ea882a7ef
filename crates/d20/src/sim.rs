//! The D20 encounter simulator: whole fights played from an encounter's
//! setup by sensible policies, many times over, in parallel, so a designer
//! knows whether a fight is fair before the evening.
//!
//! Every action goes through the real engine ([`crate::encounter`]): a
//! policy only chooses a command, and `decide` judges it exactly as at the
//! table. A command the engine refuses is a policy's mistake: it is counted
//! and named in the report (the turn ends), never retried.
//!
//! - `estimate`: the numbers a policy weighs (hit and resistance chances,
//!   mean damage, the risk to a concentrating caster).
//! - `approach`: where to step on a map, by the shortest way round others.
//! - `policy`: what a combatant does on its turn.
//! - `fight`: one fight from the setup to its end, then healing kits.
//!
//! Determinism: run `i` under master seed `s` uses the dice seeded by
//! [`run_seed`]`(s, i)` whatever thread plays it, and the tallies are whole
//! numbers, so a seed gives the same report on any thread count.

mod approach;
mod estimate;
mod fight;
mod policy;

use nanite_core::CombatantId;
use nanite_core::encounter::FightPhase;
use nanite_core::sim;
pub use nanite_core::sim::{Report, SideReport, run_seed, wilson};

use crate::encounter::Battle;
pub use fight::{Fight, play};
pub use policy::{choice, next_command};

/// A fight still going after this many rounds ends in a draw by default.
pub const MAX_ROUNDS: u32 = 50;

/// A fight ready to be simulated: the combatants entered, before
/// initiative is rolled (initiatives set by hand are kept).
#[derive(Clone, Debug)]
pub struct Setup {
    pub(crate) battle: Battle,
    /// The sides, sorted.
    pub(crate) side_names: Vec<String>,
    /// Each combatant's side index, in the order they entered.
    pub(crate) sides: Vec<(CombatantId, usize)>,
    /// Those that take a surprise round: the hidden ones.
    pub(crate) surprise: Vec<CombatantId>,
    /// The mean of every dice text a combatant can roll for damage or healing.
    pub(crate) means: estimate::Means,
}

/// Why a battle cannot be simulated. Nothing was played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Fewer than two sides.
    #[error(
        "a fight needs at least two sides; this one has {}: give the combatants different `side`s",
        if .0.is_empty() { "none".to_string() } else { .0.join(", ") }
    )]
    OneSide(Vec<String>),
    /// The fight has already begun.
    #[error("the fight has already begun; simulate from its setup")]
    Begun,
}

impl Setup {
    /// Checks `battle` (two sides or more, not begun).
    pub fn new(battle: Battle) -> Result<Setup, SetupError> {
        if battle.clock.phase != FightPhase::Setup {
            return Err(SetupError::Begun);
        }
        let (side_names, sides) = sides_of(&battle);
        if side_names.len() < 2 {
            return Err(SetupError::OneSide(side_names));
        }
        let surprise = battle
            .clock
            .seats
            .iter()
            .filter(|s| s.hidden)
            .map(|s| s.id.clone())
            .collect();
        let means = estimate::Means::of(&battle);
        Ok(Setup {
            battle,
            side_names,
            sides,
            surprise,
            means,
        })
    }

    /// The setup of a fight already under way at a live table, so the
    /// policies ([`next_command`], [`choice`]) can play some of its
    /// combatants there: its sides as they stand, whatever its phase.
    pub fn at_the_table(battle: &Battle) -> Setup {
        let (side_names, sides) = sides_of(battle);
        Setup {
            means: estimate::Means::of(battle),
            battle: battle.clone(),
            side_names,
            sides,
            surprise: Vec::new(),
        }
    }

    /// The sides, sorted by name.
    pub fn sides(&self) -> &[String] {
        &self.side_names
    }

    /// The battle as the fights start from it.
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// Each side with its number of combatants.
    fn members(&self) -> Vec<(String, u32)> {
        self.side_names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let n = self.sides.iter().filter(|(_, s)| *s == i).count();
                (name.clone(), u32::try_from(n).unwrap_or(u32::MAX))
            })
            .collect()
    }
}

/// The names of the sides of `battle`, sorted, and each combatant with the
/// index of its side among them.
fn sides_of(battle: &Battle) -> (Vec<String>, Vec<(CombatantId, usize)>) {
    let mut side_names: Vec<String> = battle.clock.seats.iter().map(|s| s.side.clone()).collect();
    side_names.sort();
    side_names.dedup();
    let sides = battle
        .clock
        .seats
        .iter()
        .filter_map(|s| {
            let i = side_names.iter().position(|n| *n == s.side)?;
            Some((s.id.clone(), i))
        })
        .collect();
    (side_names, sides)
}

/// How many fights, with which dice, on how many threads (`max_rounds`:
/// rounds after which a fight is a draw).
pub type SimOptions = sim::Options;

/// Plays `options.runs` fights from `setup` over `options.threads` threads
/// and counts them. `progress` is told, from any thread, how many more
/// fights have finished.
pub fn simulate(setup: &Setup, options: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Report {
    sim::simulate(options, &setup.members(), progress, &|seed| {
        play(setup, seed, options.max_rounds).outcome(setup)
    })
}
