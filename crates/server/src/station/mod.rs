//! Station campaigns on the server: games played from scenarios on a grid
//! map, with crew members seated at players' invitations, the GM's side
//! played by the GM (players-vs-GM and cooperative scenarios) or by the
//! engine's automated GM (single-player scenarios), every die from the play
//! session's seed, and views cut to the viewer.
//!
//! As for Compound X, the server decides only who may ask for what and who
//! sees what; whether a command is legal is `nanite_station`'s to say.
//!
//! - `record`: what the campaign's stream keeps; `game`: a game in memory;
//! - `seats`: who acts for which crew member; `told`: the log in words;
//! - `view`: a game as a viewer may see it; `api`: the endpoints;
//! - `choices`: what a viewer may do now, as the engine judges it;
//! - `samples`: the sample scenarios compiled in.

pub(crate) mod api;
pub(crate) mod choices;
pub(crate) mod game;
pub(crate) mod record;
pub(crate) mod samples;
pub(crate) mod seats;
mod told;
pub(crate) mod view;

use std::collections::BTreeMap;

pub(crate) use game::Game;

use crate::facts::Fact;
use crate::seeds::SeedUse;
use crate::table::ItemBody;
use game::Done;

/// A feed entry of a Station game.
#[derive(Debug)]
pub(crate) struct Item {
    /// The game.
    pub(crate) game: String,
    /// What happened.
    pub(crate) what: What,
}

/// What happened to a Station game.
#[derive(Debug)]
pub(crate) enum What {
    /// It started from a scenario (with the automated GM's setup).
    Started {
        /// Its name.
        name: String,
        /// The scenario's title.
        scenario: String,
        /// The automated GM's setup, in a single-player scenario.
        moves: Vec<Done>,
    },
    /// A crew member's seat changed.
    Seated {
        /// The crew member.
        crew: String,
        /// The seat now acting for it.
        seat: Option<String>,
    },
    /// Commands were accepted.
    Played {
        /// Each command with its narration.
        moves: Vec<Done>,
    },
    /// The GM took back the last change.
    Undone {
        /// How many commands it held.
        commands: usize,
    },
}

impl Item {
    /// The play-session dice its commands used, in order.
    pub(crate) fn seeded(&self) -> impl Iterator<Item = &SeedUse> {
        let moves: &[Done] = match &self.what {
            What::Started { moves, .. } | What::Played { moves } => moves,
            _ => &[],
        };
        moves.iter().filter_map(|m| m.seeded.as_ref())
    }
}

/// Re-applies a stored Station fact to the games; a game starts on the
/// pack its fact names (`packs` knows the campaign's own).
pub(crate) fn replay(
    games: &mut BTreeMap<String, Game>,
    fact: &Fact,
    packs: &crate::pack::Packs,
) -> Result<ItemBody, String> {
    let what = match fact {
        Fact::StationStarted(s) => {
            let pack = packs.station_of(s.pack.as_deref())?;
            let state = game::read_scenario_on(pack, &s.file, &s.text).map_err(|e| {
                format!(
                    "the scenario of game {} no longer reads: {}",
                    s.game,
                    e.message()
                )
            })?;
            let scenario = state.scenario.name.clone();
            let mut g =
                Game::new(&s.game, &s.name, &s.file, state).started_from(&s.text, s.pack.clone());
            let moves = g.replay(&s.moves, false)?;
            games.insert(s.game.clone(), g);
            return Ok(entry(
                &s.game,
                What::Started {
                    name: s.name.clone(),
                    scenario,
                    moves,
                },
            ));
        }
        Fact::StationSeated(s) => {
            let g = find(games, &s.game)?;
            g.seats.insert(s.crew.clone(), s.seat.clone());
            return Ok(entry(
                &s.game,
                What::Seated {
                    crew: s.crew.clone(),
                    seat: s.seat.clone(),
                },
            ));
        }
        Fact::StationPlayed(p) => {
            let moves = find(games, &p.game)?.replay(&p.moves, true)?;
            (p.game.clone(), What::Played { moves })
        }
        Fact::StationUndone(u) => {
            let commands = find(games, &u.game)?
                .undo()
                .ok_or_else(|| format!("game {} has nothing to take back", u.game))?;
            (u.game.clone(), What::Undone { commands })
        }
        _ => return Err("not a Station fact".into()),
    };
    Ok(entry(&what.0, what.1))
}

fn find<'g>(games: &'g mut BTreeMap<String, Game>, id: &str) -> Result<&'g mut Game, String> {
    games
        .get_mut(id)
        .ok_or_else(|| format!("no Station game {id}"))
}

/// The feed entry of a change to game `game`.
pub(crate) fn entry(game: &str, what: What) -> ItemBody {
    ItemBody::Station(Item {
        game: game.to_string(),
        what,
    })
}
