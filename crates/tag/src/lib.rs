//! Playground tag: a tiny fourth ruleset, only for tests. Each runner has a
//! dodge from 1 to 5; on its turn a runner may spend one of its two actions
//! to tag another: a d6 higher than the target's dodge tags it, and a
//! tagged runner leaves the game. The clock (joining, initiative, rounds,
//! turns, actions) is core's.
//!
//! It exists to prove the contracts: its whole code is here, and it plugs
//! into the server's table through `nanite_core::table::TableRules`
//! (`table.rs`, registered with one line) and into the command line's
//! shared loops through the CLI's own `Rules` (`crates/cli`, one `mod`
//! line), with no other change anywhere.
//!
//! - this module: the engine (state, commands, events, refusals);
//! - `language`: the text command language (`ann tag bob`, `next`);
//! - `runner_file`: a runner's character file;
//! - `narrate`: the log, for the GM and for the table;
//! - `table`: the table's contract (views, choices, who acts).

mod language;
mod narrate;
mod runner_file;
mod table;

use std::collections::BTreeMap;
use std::fmt;

use nanite_core::encounter::{InitiativeDie, Limits, roll_initiative};
use nanite_core::{
    ClockCommand, ClockEvent, CombatantId, DiceSource, DieRequest, Encounter, EncounterError,
    Ruleset,
};
use serde::{Deserialize, Serialize};

pub use language::{ACTION_FORMS, GM_FORMS, Order, parse};
pub use narrate::narrate;
pub use runner_file::read_runner;
pub use table::Setup;

/// One runner, as its character file gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runner {
    /// Its name for the log.
    pub name: String,
    /// Its dodge, 1 to 5: a tag must roll higher on a d6.
    pub dodge: i64,
}

/// The game: core's clock and the runners, in and out.
#[derive(Clone, Debug)]
pub struct Yard {
    /// Who joined, the order, whose turn, the actions.
    pub clock: Encounter<()>,
    /// Every runner that joined.
    pub runners: BTreeMap<CombatantId, Runner>,
    /// The runners tagged out, in order.
    pub out: Vec<CombatantId>,
    /// Those of them that were hidden from the players when tagged.
    pub unseen_out: Vec<CombatantId>,
}

impl Yard {
    /// An empty yard whose runners have `actions` a turn.
    pub fn new(actions: u32) -> Yard {
        Yard {
            clock: Encounter::new(Limits {
                actions_per_turn: actions,
                reactions_per_round: 0,
                max_held: 0,
            }),
            runners: BTreeMap::new(),
            out: Vec::new(),
            unseen_out: Vec::new(),
        }
    }

    /// The name of runner `id` (the id itself if it never joined).
    pub fn name<'a>(&'a self, id: &'a CombatantId) -> &'a str {
        self.runners.get(id).map_or(id.as_str(), |r| &r.name)
    }

    /// Whether runner `id` is hidden from the players.
    pub fn hidden(&self, id: &CombatantId) -> bool {
        self.clock.seats.iter().any(|s| &s.id == id && s.hidden)
    }
}

/// A command of tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// A runner joins.
    Enter {
        /// Its handle.
        id: CombatantId,
        /// Its side.
        side: String,
        /// Hidden from the players.
        #[serde(default)]
        hidden: bool,
        /// Who it is.
        runner: Runner,
    },
    /// Every runner without an initiative rolls a d6 for it.
    Roll,
    /// The clock: begin, next turn, end, set an initiative.
    Clock(ClockCommand),
    /// Runner `id` tags `target`.
    Tag {
        /// The tagger.
        id: CombatantId,
        /// The runner it tags.
        target: CombatantId,
    },
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Event {
    /// A runner joined.
    Entered {
        /// Its handle.
        id: CombatantId,
        /// Who it is.
        runner: Runner,
    },
    /// The clock moved.
    Clock(ClockEvent<()>),
    /// A tag beat the target's dodge: it is out.
    Tagged {
        /// The tagger.
        id: CombatantId,
        /// The runner tagged.
        target: CombatantId,
        /// The d6.
        die: u32,
    },
    /// The target dodged.
    Dodged {
        /// The tagger.
        id: CombatantId,
        /// The runner that dodged.
        target: CombatantId,
        /// The d6.
        die: u32,
    },
}

/// Why tag refuses a command.
#[derive(Debug)]
pub enum Refusal {
    /// The clock's refusal.
    Clock(EncounterError),
    /// The target is out already.
    Out(CombatantId),
    /// A dodge outside 1 to 5.
    Dodge(i64),
    /// No die could be rolled.
    Dice(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Clock(e) => write!(f, "{e}"),
            Refusal::Out(id) => write!(f, "{id} is out: a tagged runner cannot be tagged again"),
            Refusal::Dodge(d) => write!(f, "dodge {d} is outside 1 to 5; give a dodge from 1 to 5"),
            Refusal::Dice(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Refusal {}

impl From<EncounterError> for Refusal {
    fn from(e: EncounterError) -> Self {
        Refusal::Clock(e)
    }
}

/// The engine.
#[derive(Clone)]
pub struct Tag;

fn clock_events(events: Vec<ClockEvent<()>>) -> impl Iterator<Item = Event> {
    events.into_iter().map(Event::Clock)
}

impl Ruleset for Tag {
    type State = Yard;
    type Command = Command;
    type Event = Event;
    type Error = Refusal;

    fn decide(
        state: &Yard,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Refusal> {
        match command {
            Command::Enter {
                id,
                side,
                hidden,
                runner,
            } => {
                if !(1..=5).contains(&runner.dodge) {
                    return Err(Refusal::Dodge(runner.dodge));
                }
                let join = ClockCommand::Join {
                    id: id.clone(),
                    side: side.clone(),
                    hidden: *hidden,
                };
                let mut events: Vec<Event> = clock_events(state.clock.decide(&join)?).collect();
                events.push(Event::Entered {
                    id: id.clone(),
                    runner: runner.clone(),
                });
                Ok(events)
            }
            Command::Roll => {
                let who: Vec<(CombatantId, i64)> = state
                    .clock
                    .seats
                    .iter()
                    .filter(|s| s.initiative.is_none())
                    .map(|s| (s.id.clone(), 0))
                    .collect();
                let rolled = roll_initiative(&state.clock, &who, |id, die| {
                    let purpose = match die {
                        InitiativeDie::Initiative => format!("initiative: {}", state.name(id)),
                        InitiativeDie::RollOff => format!("roll-off: {}", state.name(id)),
                    };
                    dice.roll(&DieRequest::new(6, &purpose))
                        .map_err(|e| Refusal::Dice(e.to_string()))
                })?;
                Ok(clock_events(rolled).collect())
            }
            Command::Clock(clock) => Ok(clock_events(state.clock.decide(clock)?).collect()),
            Command::Tag { id, target } => {
                if state.out.contains(target) {
                    return Err(Refusal::Out(target.clone()));
                }
                state.clock.seat(target)?;
                let spent = state.clock.spend_on(id, 1, "tag", target)?;
                let purpose = format!("tag: {} at {}", state.name(id), state.name(target));
                let die = dice
                    .roll(&DieRequest::new(6, &purpose))
                    .map_err(|e| Refusal::Dice(e.to_string()))?;
                let mut events = vec![Event::Clock(spent)];
                if i64::from(die) > state.runners[target].dodge {
                    events.push(Event::Tagged {
                        id: id.clone(),
                        target: target.clone(),
                        die,
                    });
                    let leave = ClockCommand::Leave { id: target.clone() };
                    events.extend(clock_events(state.clock.decide(&leave)?));
                } else {
                    events.push(Event::Dodged {
                        id: id.clone(),
                        target: target.clone(),
                        die,
                    });
                }
                Ok(events)
            }
        }
    }

    fn evolve(state: &mut Yard, event: &Event) {
        match event {
            Event::Entered { id, runner } => {
                state.runners.insert(id.clone(), runner.clone());
            }
            Event::Clock(e) => state.clock.apply(e),
            Event::Tagged { target, .. } => {
                if state.hidden(target) {
                    state.unseen_out.push(target.clone());
                }
                state.out.push(target.clone());
            }
            Event::Dodged { .. } => {}
        }
    }
}
