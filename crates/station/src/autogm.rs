//! The automated GM of single-player scenarios (rule ST-FLOW-04).
//!
//! It plays through the same [`Station`] ruleset as a human GM, one command
//! at a time, so every deployment passes [`check_deploy`] and every move and
//! attack passes the same checks a human GM's would. Its choices:
//!
//! - **Deploy** (setup: while it can; GM turn: once): the most expensive
//!   creature the points, threat level and limits allow (creatures before
//!   eggs), on the legal square closest to a player by real paths (where it
//!   hurts), ties broken by position.
//! - **Creatures** in handle order: attack the player with the best hit
//!   chance when one is above 0 (melee only when adjacent), else, if the
//!   creature knows where the players are, step down the distance field
//!   toward the nearest player around walls, through unlocked doors (standing
//!   in front of a closed one opens it at the end of the turn); a creature
//!   that does not know waits. Eggs never act.
//! - Then it ends its turn.

use std::collections::{BTreeMap, BTreeSet};

use nanite_core::{DiceSource, Entry, Game};

use crate::command::{Command, Refusal};
use crate::content::WeaponKind;
use crate::decide::{Station, check_deploy};
use crate::event::Event;
use crate::map::{Grid, Pos, Terrain, distance, distance_field, line_of_sight, step_open};
use crate::resolve::hit_chance;
use crate::state::{Phase, State};

/// The map as a path-finder sees it when planning: unlocked doors are
/// passable (they open for whoever stands in front), units are not obstacles
/// (they move), devices are.
pub struct Planning<'s>(pub &'s State);

impl Terrain for Planning<'_> {
    fn grid(&self) -> &Grid {
        self.0.grid()
    }
    fn closed_door(&self, p: Pos) -> bool {
        self.0.door(p).is_some_and(|d| d.locked)
    }
    fn occupied(&self, p: Pos) -> bool {
        self.0.device(p)
    }
    fn step_cost(&self, p: Pos) -> u32 {
        self.0.step_cost(p)
    }
}

/// The distance field toward the living players.
fn toward_players(state: &State) -> BTreeMap<Pos, u32> {
    let players: Vec<Pos> = state.living().filter_map(|p| p.at).collect();
    distance_field(&Planning(state), &players)
}

/// The next free square one step down `field` from `at`, if the step is
/// open now and affordable with `ap`.
pub fn step_down(state: &State, field: &BTreeMap<Pos, u32>, at: Pos, ap: i32) -> Option<Pos> {
    let here = field.get(&at).copied().unwrap_or(u32::MAX);
    at.neighbours()
        .into_iter()
        .filter(|n| field.get(n).is_some_and(|c| *c < here))
        .filter(|n| step_open(state, at, *n) && !state.occupied_for_moves(*n))
        .filter(|n| state.step_cost(*n) as i32 <= ap)
        .min_by_key(|n| (field[n], *n))
}

/// The best deployment now, if any is legal: (creature, square).
pub fn best_deployment(state: &State) -> Option<(String, Pos)> {
    let level = state.gm.threat;
    let allowed = state
        .scenario
        .threats
        .range(..=level)
        .next_back()
        .map(|(_, l)| l.clone())?;
    let mut kinds: Vec<_> = allowed
        .keys()
        .filter_map(|id| state.pack.creatures.get(id))
        .filter(|k| state.gm.bcp >= k.bcp && state.gm.mcp >= k.mcp)
        .collect();
    kinds.sort_by_key(|k| (k.egg, -(k.bcp + 2 * k.mcp), k.id.clone()));
    let field = toward_players(state);
    let squares: Vec<Pos> = state.grid().floor().collect();
    for kind in kinds {
        let best = squares
            .iter()
            .filter(|p| check_deploy(state, &kind.id, **p).is_ok())
            .min_by_key(|p| (field.get(p).copied().unwrap_or(u32::MAX), **p));
        if let Some(at) = best {
            return Some((kind.id.clone(), *at));
        }
    }
    None
}

/// The best attack a creature has now: (target, hit chance).
fn best_attack(state: &State, id: &str) -> Option<(String, i32)> {
    let c = state.creature(id)?;
    let kind = state.pack.creatures.get(&c.kind)?;
    let weapon = state.pack.weapons.get(kind.weapon.as_ref()?)?;
    state
        .living()
        .filter_map(|p| {
            let at = p.at?;
            let dist = distance(c.at, at);
            if !line_of_sight(state, c.at, at) {
                return None;
            }
            let chance = if weapon.kind == WeaponKind::Melee {
                if dist > 1 {
                    return None;
                }
                hit_chance(kind.skill + kind.agi, dist) - i32::from(p.defending.contains(id))
            } else {
                hit_chance(
                    kind.skill + weapon.range + state.shot_light(c.at, at).accuracy(),
                    dist,
                )
            };
            (chance > 0).then(|| (p.id.clone(), chance))
        })
        .max_by_key(|(pid, chance)| (*chance, std::cmp::Reverse(pid.clone())))
}

/// The automated GM's next command, given the creatures already done this turn.
pub fn next_command(state: &State, done: &BTreeSet<String>) -> Command {
    match state.phase {
        Phase::Setup => match best_deployment(state) {
            Some((creature, at)) => Command::Deploy { creature, at },
            None => Command::Begin,
        },
        Phase::Gm => {
            if !state.gm.deployed {
                if let Some((creature, at)) = best_deployment(state) {
                    return Command::Deploy { creature, at };
                }
            }
            let field = toward_players(state);
            for c in &state.creatures {
                if done.contains(&c.id) || c.ap <= 0 {
                    continue;
                }
                if let Some((target, _)) = best_attack(state, &c.id) {
                    return Command::Attack {
                        who: c.id.clone(),
                        target,
                        aim: 0,
                    };
                }
                if c.knows {
                    if let Some(to) = step_down(state, &field, c.at, c.ap) {
                        return Command::Move {
                            who: c.id.clone(),
                            to,
                        };
                    }
                }
            }
            Command::EndTurn
        }
        _ => Command::EndTurn,
    }
}

/// The automated GM's memory within one setup or turn: the creatures that
/// are done (a command of theirs was refused) and whether deploying was given
/// up. A caller that wants each command's dice of its own (the server keys
/// each command's dice to a play session) drives the GM with it; [`play`]
/// drives it with one dice source.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    done: BTreeSet<String>,
    no_more_deploys: bool,
}

impl Turn {
    /// The GM's next command, or `None` when it is not the GM's setup or turn.
    pub fn next(&self, state: &State) -> Option<Command> {
        if !matches!(state.phase, Phase::Setup | Phase::Gm) {
            return None;
        }
        let mut command = next_command(state, &self.done);
        if self.no_more_deploys && matches!(command, Command::Deploy { .. }) {
            command = if state.phase == Phase::Setup {
                Command::Begin
            } else {
                next_command(&without_deploys(state), &self.done)
            };
        }
        Some(command)
    }

    /// Takes note that the rules refused `command`, so it is not asked
    /// again: that creature is done for the turn, or deploying is given up.
    /// Returns `false` when the refused command was the end of the setup or
    /// turn, which the GM cannot do without.
    pub fn refused(&mut self, command: &Command) -> bool {
        match command {
            Command::Begin | Command::EndTurn => return false,
            Command::Deploy { .. } => self.no_more_deploys = true,
            Command::Move { who, .. } | Command::Attack { who, .. } => {
                self.done.insert(who.clone());
            }
            _ => {}
        }
        true
    }
}

/// Plays the GM's setup or turn to its end: deployments, creature actions,
/// then `Begin` or `EndTurn`. Returns the log entries it added. A command the
/// rules refuse is never retried: that creature is done for the turn.
pub fn play(
    game: &mut Game<Station>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Entry<Event>>, Refusal> {
    play_noting(game, dice, &mut |_, _| {})
}

/// [`play`], telling `refused` each command the rules refused (and that it
/// gave up on), so a simulator can count them.
pub fn play_noting(
    game: &mut Game<Station>,
    dice: &mut dyn DiceSource,
    refused: &mut dyn FnMut(&Command, &Refusal),
) -> Result<Vec<Entry<Event>>, Refusal> {
    let mut turn = Turn::default();
    let mut entries = Vec::new();
    while let Some(command) = turn.next(game.state()) {
        let ends = matches!(command, Command::Begin | Command::EndTurn);
        match game.execute(&command, dice) {
            Ok(entry) => entries.push(entry.clone()),
            Err(refusal) => {
                if !turn.refused(&command) {
                    return Err(refusal);
                }
                refused(&command, &refusal);
                continue;
            }
        }
        if ends {
            return Ok(entries);
        }
    }
    Ok(entries)
}

fn without_deploys(state: &State) -> State {
    let mut s = state.clone();
    s.gm.deployed = true;
    s
}
