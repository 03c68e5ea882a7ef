//! The encounter simulator: whole Compound X fights played from an
//! encounter's setup by sensible policies, many times over, in parallel,
//! to tell a designer whether a fight is fair before the evening.
//!
//! Every action goes through the real engine ([`crate::encounter`]): a
//! policy only chooses a command, and `decide` judges it exactly as at the
//! table, rolling the same dice for the same purposes. No rule is
//! re-implemented here, so a simulated fight can never drift from a played
//! one.
//!
//! - `policy`: what a combatant does on its turn (aim and shoot the best
//!   target, take and keep cover, reload, clear jams, suppress when
//!   outnumbered, stabilize downed allies, flee when broken); on a battle
//!   map, where it goes: toward a spot behind cover from which it sees an
//!   enemy, and only at enemies it sees.
//! - `fight`: one fight from the setup to its end, with its own dice.
//! - `table`: the same policies playing some combatants of a fight at a
//!   live table, one command at a time.
//! - `tally`: counting many fights into a [`Report`], with Wilson intervals.
//!
//! Determinism: run `i` of a simulation with master seed `s` uses the dice
//! seeded by [`run_seed`]`(s, i)`, whatever thread plays it, and the tallies
//! are sums of whole numbers, so a seed gives the same report for any thread
//! count and any scheduling.

mod fight;
mod policy;
mod table;
mod tally;

use std::sync::Arc;

use nanite_core::encounter::FightPhase;
use nanite_core::{CombatantId, ScriptedDice};

use crate::encounter::{Battle, Command, command};
pub use fight::{Fight, Loss, play};
pub use table::{TableMove, next_move};
pub use tally::{Report, SideReport, wilson};

/// Metres between two allies whose distance the setup leaves unset: a fire
/// team keeps close (the simulator's GM sets it; see docs/cli/sim.md).
pub const ALLY_METRES: i64 = 2;
/// A fight still going after this many rounds ends in a draw by default.
pub const MAX_ROUNDS: u32 = 50;

/// A fight ready to be simulated: the combatants entered with their cover,
/// stance and initiatives set by hand, every distance between enemies
/// known, before initiative is rolled.
#[derive(Clone, Debug)]
pub struct Setup {
    pub(crate) battle: Battle,
    /// Each combatant's side, in the order they entered.
    pub(crate) sides: Vec<(CombatantId, String)>,
    /// The sides, sorted.
    pub(crate) side_names: Vec<String>,
    /// Each combatant's side (in `sides`' order) as its index in
    /// `side_names`.
    pub(crate) side_index: Vec<usize>,
    /// The indices of `sides` in the order of their ids (the battle's
    /// order of its combatants).
    pub(crate) by_id: Vec<usize>,
    /// How many combatants each side (by its index in `side_names`) has.
    pub(crate) side_sizes: Vec<usize>,
    /// Where each of `sides` is in the battle's order of its combatants
    /// (`by_id` the other way round).
    pub(crate) position: Vec<usize>,
    /// Those that take a surprise round: the hidden ones (CX-TURN-02).
    pub(crate) surprise: Vec<CombatantId>,
    /// Expected damage roll of each combatant's weapons (in `sides`'
    /// order), by weapon index.
    pub(crate) mean_damage: Vec<Vec<f64>>,
    /// On a battle map, the points beside its cover where the policies
    /// look for cover (none without a map; the simulator opens no door, so
    /// the walls stay as they are).
    pub(crate) spots: Vec<crate::encounter::Point>,
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
    /// Enemies whose distance is not known: no shot could be taken.
    #[error(
        "the distance between {} is not set; add a [[distance]] for each pair of enemies",
        .0.iter().map(|(a, b)| format!("{a} and {b}")).collect::<Vec<_>>().join(", ")
    )]
    MissingDistances(Vec<(String, String)>),
    /// The fight has already begun.
    #[error("the fight has already begun; simulate from its setup")]
    Begun,
    /// On a battle map, combatants not placed on it: the policies move
    /// everyone by points of the map.
    #[error(
        "on a battle map the simulator plays only combatants placed on it; {} {} not placed: give each a place in [map.at] (vex = [7, 9])",
        .0.join(", "),
        if .0.len() == 1 { "is" } else { "are" }
    )]
    Unplaced(Vec<String>),
}

impl Setup {
    /// Checks `battle` (combatants entered, distances set, not begun) and
    /// sets the distances between allies that it leaves unset to
    /// [`ALLY_METRES`].
    pub fn new(mut battle: Battle) -> Result<Setup, SetupError> {
        if battle.clock.phase != FightPhase::Setup {
            return Err(SetupError::Begun);
        }
        let (sides, side_names) = sides_of(&battle);
        if side_names.len() < 2 {
            return Err(SetupError::OneSide(side_names));
        }
        if let Some(scene) = battle.scene.as_deref() {
            let unplaced: Vec<String> = sides
                .iter()
                .filter(|(id, _)| scene.at(id).is_none())
                .map(|(id, _)| id.to_string())
                .collect();
            if !unplaced.is_empty() {
                return Err(SetupError::Unplaced(unplaced));
            }
        }
        let mut missing = Vec::new();
        let mut allies = Vec::new();
        for (i, (a, side_a)) in sides.iter().enumerate() {
            for (b, side_b) in &sides[i + 1..] {
                if battle.distance(a, b).is_some() {
                    continue;
                }
                if side_a == side_b {
                    allies.push((a.clone(), b.clone()));
                } else {
                    missing.push((a.to_string(), b.to_string()));
                }
            }
        }
        if !missing.is_empty() {
            return Err(SetupError::MissingDistances(missing));
        }
        for (a, b) in allies {
            let set = Command::Distance {
                a,
                b,
                metres: ALLY_METRES,
            };
            // A GM command: it rolls nothing, and both ids exist.
            if let Ok((after, _)) =
                command::decide_with_state(&battle, &set, &mut ScriptedDice::new([]))
            {
                battle = after;
            }
        }
        let surprise = battle
            .clock
            .seats
            .iter()
            .filter(|s| s.hidden)
            .map(|s| s.id.clone())
            .collect();
        Ok(Setup::assemble(battle, sides, side_names, surprise))
    }

    /// The setup of a fight already under way at a live table, so the
    /// policies can play some of its combatants there ([`next_move`]): its
    /// sides as they stand (those who left are no longer in it), whatever
    /// its phase; distances it leaves unset stay unknown.
    pub fn at_the_table(battle: &Battle) -> Setup {
        let (sides, side_names) = sides_of(battle);
        Setup::assemble(battle.clone(), sides, side_names, Vec::new())
    }

    /// A setup from its battle, sides and surprise: what the policies ask
    /// about again and again, worked out once.
    fn assemble(
        battle: Battle,
        sides: Vec<(CombatantId, String)>,
        side_names: Vec<String>,
        surprise: Vec<CombatantId>,
    ) -> Setup {
        let mean_damage = sides
            .iter()
            .map(|(id, _)| {
                battle.combatants.get(id).map_or_else(Vec::new, |c| {
                    c.fighter
                        .weapons
                        .iter()
                        .map(|w| {
                            nanite_dice::Distribution::of_with(&w.damage, &c.fighter.stats)
                                .map_or(0.0, |d| d.mean())
                        })
                        .collect()
                })
            })
            .collect();
        let side_index: Vec<usize> = sides
            .iter()
            .map(|(_, s)| side_names.iter().position(|n| n == s).unwrap_or(0))
            .collect();
        let mut by_id: Vec<usize> = (0..sides.len()).collect();
        by_id.sort_by(|a, b| sides[*a].0.cmp(&sides[*b].0));
        let mut side_sizes = vec![0; side_names.len()];
        for s in &side_index {
            side_sizes[*s] += 1;
        }
        let mut position = vec![0; sides.len()];
        for (at, &i) in by_id.iter().enumerate() {
            position[i] = at;
        }
        let spots = battle
            .scene
            .as_deref()
            .map_or_else(Vec::new, |s| policy::cover_spots(&s.layout));
        Setup {
            battle,
            sides,
            side_names,
            side_index,
            by_id,
            side_sizes,
            position,
            surprise,
            mean_damage,
            spots,
        }
    }

    /// A copy that shares nothing with `self`: the parts of a fighter
    /// that copies of the battle share (skill lines, weapon damage, range
    /// brackets, miss chances, behind `Arc`s) are copied too. Each thread
    /// plays from its own, so its copies of the battle count references on
    /// values of its own, not on values another thread's fights count too
    /// (which would pass their cache lines back and forth between cores).
    fn unshared(&self) -> Setup {
        let mut setup = self.clone();
        for c in setup.battle.combatants.values_mut() {
            let f = &mut c.fighter;
            f.skills = Arc::new(f.skills.as_ref().clone());
            for w in &mut f.weapons {
                w.damage = Arc::new(w.damage.as_ref().clone());
                w.brackets = Arc::new(w.brackets.as_ref().clone());
                w.aimed = Arc::new(w.aimed.as_ref().clone());
                w.hip = w.hip.as_deref().map(|m| Arc::new(m.clone()));
                w.blind = w.blind.as_deref().map(|m| Arc::new(m.clone()));
            }
        }
        setup
    }

    /// The sides, sorted by name.
    pub fn sides(&self) -> &[String] {
        &self.side_names
    }

    /// The battle as the fights start from it.
    pub fn battle(&self) -> &Battle {
        &self.battle
    }
}

/// Each combatant of `battle` with its side, and the sides, sorted by name.
fn sides_of(battle: &Battle) -> (Vec<(CombatantId, String)>, Vec<String>) {
    let sides: Vec<(CombatantId, String)> = battle
        .clock
        .seats
        .iter()
        .map(|s| (s.id.clone(), s.side.clone()))
        .collect();
    let mut side_names: Vec<String> = sides.iter().map(|(_, s)| s.clone()).collect();
    side_names.sort();
    side_names.dedup();
    (sides, side_names)
}

/// How many fights, with which dice, on how many threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimOptions {
    /// Fights to play.
    pub runs: u64,
    /// The master seed; run `i` uses [`run_seed`]`(seed, i)`.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// Rounds after which a fight is a draw.
    pub max_rounds: u32,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            runs: 1000,
            seed: 0,
            threads: 1,
            max_rounds: MAX_ROUNDS,
        }
    }
}

pub use nanite_core::sim::run_seed;

/// Plays `options.runs` fights from `setup` over `options.threads`
/// threads and counts them. `progress` is told, from any thread, how many
/// more fights have finished (in steps, not one by one).
pub fn simulate(setup: &Setup, options: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Report {
    // Each thread plays from a setup of its own, and reuses one log and
    // one battle.
    let parts = nanite_core::sim::run_parallel(
        options.runs,
        options.threads,
        progress,
        &|| {
            (
                setup.unshared(),
                tally::Counts::new(setup),
                Default::default(),
            )
        },
        &|(own, part, reused): &mut (Setup, tally::Counts, fight::Reused), index| {
            let seed = run_seed(options.seed, index);
            let fight = fight::play_with(own, seed, options.max_rounds, reused);
            part.add(own, index, &fight);
        },
    );
    let mut total = tally::Counts::new(setup);
    for (_, part, _) in &parts {
        total.merge(part);
    }
    total.report(setup, options)
}
