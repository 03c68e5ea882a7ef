//! A campaign's table in memory: its encounters (each a game of the
//! campaign's ruleset, `ruleset::Play`),
//! its roll log and the feed of everything in order, rebuilt from the
//! campaign's stream by re-executing each command with the dice it rolled.
//! Changes come in through `tables::Tables::commit` only.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use nanite_compound_x::encounter::{Battle, Command, CompoundX, Refusal};
use nanite_core::{CombatantId, DiceSource, Game, RolledDie, ScriptedDice};
use nanite_store::{EventStore, Recorded};
use serde_json::Value;

use crate::AppState;
use crate::d20::D20Setup;
use crate::error::AppError;
use crate::facts::{Entry, Fact, Order};
use crate::pack::Packs;
use crate::rolls::RollItem;
use crate::ruleset::{Play, RulesCommand, Ruleset};
use crate::seeds::{SeedUse, Sessions};
use crate::snapshot;
use crate::told::{Told, tell};

/// The kind of a campaign's stream.
pub(crate) const STREAM_KIND: &str = "table";

/// What a table's stream id starts with.
pub(crate) const STREAM_PREFIX: &str = "table:";

/// The stream holding campaign `campaign`'s table.
pub(crate) fn stream_id(campaign: &str) -> String {
    format!("{STREAM_PREFIX}{campaign}")
}

/// One entry of the table's feed, as kept in memory.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Item {
    /// Its version in the campaign's stream.
    pub(crate) version: i64,
    /// The seat that asked.
    pub(crate) by: String,
    /// What it is.
    pub(crate) body: ItemBody,
}

/// What a feed entry is.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) enum ItemBody {
    /// An encounter was opened.
    EncounterCreated {
        /// Its id.
        encounter: String,
        /// Its name.
        name: String,
        /// A D20 encounter's setup; none: Compound X.
        d20: Option<D20Setup>,
        /// A registered ruleset's encounter: the ruleset and its setup.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plugged: Option<crate::plugged::Setup>,
    },
    /// A command was accepted.
    Command(CommandItem),
    /// The GM took back an encounter's last command.
    Undone {
        /// The encounter.
        encounter: String,
        /// The command taken back.
        undone: Arc<Item>,
        /// The fight's write-back to its characters' carried states, taken
        /// back with it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        write_back: Option<Arc<Item>>,
    },
    /// A roll.
    Roll(RollItem),
    /// A chat line or whisper.
    Chat(crate::chat::ChatItem),
    /// A play session started, committed to its seed.
    SessionStarted {
        /// Its number.
        session: u32,
        /// The SHA-256 of its seed.
        commitment: String,
    },
    /// A play session ended: the keys of the rolls everyone saw (or its
    /// seed, before sealed rolls).
    SessionEnded {
        /// Its number.
        session: u32,
        /// What it was committed to.
        commitment: String,
        /// The seed (sessions before sealed rolls only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
        /// The keys of the rolls everyone saw.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        keys: Vec<crate::sealed::Opened>,
    },
    /// The GM revealed an ended session's secret rolls.
    SecretsRevealed {
        /// The session.
        session: u32,
        /// What it was committed to.
        commitment: String,
        /// The keys of its secret rolls.
        keys: Vec<crate::sealed::Opened>,
    },
    /// A seat's choice of dice, or a roll the table waits for.
    Dice(crate::waiting::DiceFact),
    /// A change to a Station game (not kept in snapshots: a table with
    /// Station games is rebuilt from its stream).
    #[serde(skip)]
    Station(crate::station::Item),
    /// The GM switched the campaign's content pack.
    PackSwitched(crate::packs::api::Switched),
    /// Campaign characters' carried states changed.
    StateChanged(Box<crate::carry::StateChange>),
    /// The GM took back a state change.
    StateUndone {
        /// The change taken back.
        undone: Arc<Item>,
    },
}

/// An accepted command with its narration.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct CommandItem {
    /// The encounter.
    pub(crate) encounter: String,
    /// The command as kept (GM only).
    pub(crate) order: Value,
    /// The command's name (`fire`, `add`).
    pub(crate) name: String,
    /// The dice it rolled.
    pub(crate) dice: Vec<RolledDie>,
    /// The engine's events.
    pub(crate) events: Vec<Value>,
    /// The log lines, for the GM and for the table.
    pub(crate) told: Told,
    /// The play session and index its server-side dice came from.
    pub(crate) seeded: Option<SeedUse>,
    /// Its dice were physical dice typed in.
    pub(crate) physical: bool,
}

/// Who owns a combatant.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Entrant {
    /// The campaign character it came from.
    pub(crate) character: Option<String>,
    /// The player seat that owns it.
    pub(crate) owner: Option<String>,
}

/// One encounter: a game of its ruleset and its log.
#[derive(Debug)]
pub(crate) struct Encounter {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// The game.
    pub(crate) play: Play,
    /// Who owns each combatant.
    pub(crate) roster: BTreeMap<CombatantId, Entrant>,
    /// Its accepted commands.
    pub(crate) log: Vec<Arc<Item>>,
}

/// What executing a command gave.
pub(crate) struct Executed {
    pub(crate) dice: Vec<RolledDie>,
    pub(crate) events: Vec<Value>,
    pub(crate) told: Told,
}

/// Executes a Compound X `command` with `dice`. A refusal changes nothing.
pub(crate) fn execute_cx(
    game: &mut Game<CompoundX>,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Executed, Refusal> {
    execute_told(game, command, dice, tell)
}

/// How a ruleset's events are told: from the state before the command, the
/// state after it, and its events.
pub(crate) type Tell<R> = fn(
    <R as nanite_core::Ruleset>::State,
    &<R as nanite_core::Ruleset>::State,
    &[<R as nanite_core::Ruleset>::Event],
) -> Told;

/// Executes `command` with `dice` in a game of rules `R`, its events told
/// by `tell` from the state before (and the state after). A refusal changes
/// nothing.
pub(crate) fn execute_told<R: nanite_core::Ruleset>(
    game: &mut Game<R>,
    command: &R::Command,
    dice: &mut dyn DiceSource,
    tell: Tell<R>,
) -> Result<Executed, R::Error>
where
    R::Event: serde::Serialize,
{
    // The state before the command is handed back, not copied: telling
    // needs it, and the game moves on to the decision's own state.
    let accepted = game.execute_keeping_before(command, dice)?;
    let entry = accepted.entry;
    let events: Vec<Value> = entry
        .events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
        .collect();
    let told = tell(accepted.before, accepted.after, &entry.events);
    Ok(Executed {
        dice: entry.dice.clone(),
        events,
        told,
    })
}

impl Encounter {
    /// An empty encounter: a D20 one with `d20`'s setup, otherwise
    /// Compound X.
    pub(crate) fn new(id: String, name: String, d20: Option<&D20Setup>) -> Self {
        let play = match d20 {
            Some(setup) => Play::D20(Game::new(setup.battle())),
            None => Play::CompoundX(Game::new(Battle::new())),
        };
        Encounter::playing(id, name, play)
    }

    /// An empty encounter of a registered ruleset, opened from `setup`.
    pub(crate) fn plugged(
        id: String,
        name: String,
        setup: &crate::plugged::Setup,
    ) -> Result<Self, AppError> {
        Ok(Encounter::playing(id, name, Play::Plugged(setup.open()?)))
    }

    /// An encounter of `play` with nobody in it yet.
    fn playing(id: String, name: String, play: Play) -> Self {
        Encounter {
            id,
            name,
            play,
            roster: BTreeMap::new(),
            log: Vec::new(),
        }
    }

    /// Its ruleset.
    pub(crate) fn ruleset(&self) -> Ruleset {
        self.play.ruleset()
    }

    /// The Compound X battle now.
    pub(crate) fn battle(&self) -> Result<&Battle, AppError> {
        match &self.play {
            Play::CompoundX(game) => Ok(game.state()),
            other => Err(other_ruleset(&self.id, other.ruleset())),
        }
    }

    /// The D20 battle now.
    pub(crate) fn d20(&self) -> Result<&nanite_d20::encounter::Battle, AppError> {
        match &self.play {
            Play::D20(game) => Ok(game.state()),
            other => Err(other_ruleset(&self.id, other.ruleset())),
        }
    }

    /// The D20 game, to play on.
    pub(crate) fn d20_game(&mut self) -> Result<&mut Game<nanite_d20::encounter::D20>, AppError> {
        match &mut self.play {
            Play::D20(game) => Ok(game),
            other => Err(other_ruleset(&self.id, other.ruleset())),
        }
    }

    /// Executes a Compound X `command` with `dice`. A refusal changes
    /// nothing.
    pub(crate) fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Executed, Refusal> {
        match &mut self.play {
            Play::CompoundX(game) => execute_cx(game, command, dice),
            other => Err(Refusal::Illegal {
                why: format!(
                    "encounter {} is a {} encounter",
                    self.id,
                    other.ruleset().title()
                ),
            }),
        }
    }

    /// Executes a command of its ruleset (replay and verification).
    pub(crate) fn run(
        &mut self,
        command: &RulesCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Executed, String> {
        crate::ruleset::execute(&mut self.play, command, dice)
    }

    /// Takes back the last command of the log (the GM's undo): the game is
    /// rebuilt without it and its entrant, if it brought one, leaves the
    /// roster. Gives the command's feed entry.
    pub(crate) fn take_back(&mut self) -> Result<Arc<Item>, String> {
        let Some(item) = self.log.pop() else {
            return Err(format!("encounter {} has no command to take back", self.id));
        };
        self.undo();
        if let ItemBody::Command(c) = &item.body
            && let Ok(order) = serde_json::from_value::<Order>(c.order.clone())
            && let Some((id, _)) = order.entrant()
        {
            self.roster.remove(&id);
        }
        Ok(item)
    }

    /// The record of an entrance (`order`, an `add`) the engine took
    /// (`done`), its dice, if it rolled any, `seeded`'s; the entrant joins
    /// the roster.
    pub(crate) fn entered(
        &mut self,
        order: &Order,
        done: Executed,
        seeded: SeedUse,
    ) -> (Fact, ItemBody) {
        let seeded = (!done.dice.is_empty()).then_some(seeded);
        if let Some((id, entrant)) = order.entrant() {
            self.roster.insert(id, entrant);
        }
        command_record(&self.id, order, "add", done, seeded, false)
    }

    /// Takes back the last command (physical dice left over).
    pub(crate) fn undo(&mut self) {
        match &mut self.play {
            Play::CompoundX(game) => {
                game.undo();
            }
            Play::D20(game) => {
                game.undo();
            }
            Play::Plugged(game) => game.undo(),
        }
    }
}

fn other_ruleset(id: &str, ruleset: Ruleset) -> AppError {
    AppError::unprocessable(
        "other_ruleset",
        format!(
            "encounter {id} is a {} encounter; send it {} commands",
            ruleset.title(),
            ruleset.title()
        ),
    )
}

/// A campaign's table.
#[derive(Debug)]
pub(crate) struct Table {
    /// The stream's version: the last feed entry's.
    pub(crate) version: i64,
    /// The encounters by id.
    pub(crate) encounters: BTreeMap<String, Encounter>,
    /// The Station games by id.
    pub(crate) stations: BTreeMap<String, crate::station::Game>,
    /// Every entry in order (entry `n` at index `n - 1`).
    pub(crate) feed: Vec<Arc<Item>>,
    /// Idempotency keys seen: the version they produced and its fingerprint.
    pub(crate) keys: HashMap<String, (i64, String)>,
    /// The play sessions and the open one's seed.
    pub(crate) sessions: Sessions,
    /// The version of the stream's newest snapshot (0: none).
    pub(crate) snapshot_at: i64,
    /// Each viewer's numbers for the entries they see (`feed.rs`).
    pub(crate) numbering: crate::feed::Numbering,
    /// The campaign characters' carried states (`carry.rs`).
    pub(crate) carried: crate::carry::States,
    /// The seats that roll their own dice: each one's last choice in the
    /// feed (`waiting.rs`).
    pub(crate) own_dice: std::collections::BTreeSet<String>,
}

impl Table {
    /// The content pack in force: the version and digest the stream last
    /// switched to, or `(0, None)`, the built-in sample pack.
    pub(crate) fn pack_in_force(&self) -> (u32, Option<String>) {
        self.feed
            .iter()
            .rev()
            .find_map(|item| match &item.body {
                ItemBody::PackSwitched(s) => Some((s.version, s.digest.clone())),
                _ => None,
            })
            .unwrap_or((0, None))
    }

    pub(crate) fn empty() -> Self {
        Table {
            version: 0,
            encounters: BTreeMap::new(),
            stations: BTreeMap::new(),
            feed: Vec::new(),
            keys: HashMap::new(),
            sessions: Sessions::default(),
            snapshot_at: 0,
            numbering: Default::default(),
            carried: Default::default(),
            own_dice: Default::default(),
        }
    }

    /// Rebuilds the table from the store: from its newest snapshot, if it
    /// has a readable one, and the entries after it.
    pub(crate) async fn load(state: &AppState, campaign: &str) -> Result<Table, AppError> {
        let stream = stream_id(campaign);
        crate::packs::ensure_loaded(state, campaign).await?;
        if state.store().stream(&stream).await?.is_none() {
            return Err(AppError::not_found(format!("no campaign {campaign}")));
        }
        let mut table = match state.store().latest_snapshot(&stream).await? {
            Some(snapshot) => snapshot::restore(snapshot.data).unwrap_or_else(|why| {
                tracing::warn!(%stream, %why, "ignoring an unreadable snapshot; replaying the whole stream");
                Table::empty()
            }),
            None => Table::empty(),
        };
        table.catch_up(state, campaign).await?;
        Ok(table)
    }

    /// Replays what the store holds after this table's version (appended
    /// through another server on the same database) and returns the new
    /// entries, oldest first. On an error the table may be half caught up:
    /// drop it.
    pub(crate) async fn catch_up(
        &mut self,
        state: &AppState,
        campaign: &str,
    ) -> Result<Vec<Arc<Item>>, AppError> {
        let stream = stream_id(campaign);
        let mut new = Vec::new();
        let recorded = state.store().load(&stream, self.version).await?;
        // A pack switched to through another server: its versions are
        // read before the entrances that use it are replayed.
        if recorded.iter().any(|r| r.kind == "pack_switched") {
            crate::packs::ensure_loaded(state, campaign).await?;
        }
        for recorded in recorded {
            let item = self
                .apply(recorded, state.packs())
                .map_err(|e| AppError::internal(format!("{stream} {e}")))?;
            new.push(item);
        }
        Ok(new)
    }

    /// A table rebuilt from a whole stream's events (an export's), or what
    /// is wrong with them.
    pub(crate) fn replayed(
        pack: &Packs,
        events: impl IntoIterator<Item = Recorded>,
    ) -> Result<Table, String> {
        let mut table = Table::empty();
        for recorded in events {
            table.apply(recorded, pack)?;
        }
        Ok(table)
    }

    /// Replays the stream's next event onto the table.
    fn apply(&mut self, recorded: Recorded, pack: &Packs) -> Result<Arc<Item>, String> {
        if recorded.version != self.version + 1 {
            return Err(format!(
                "has version {} after {}",
                recorded.version, self.version
            ));
        }
        let version = recorded.version;
        let entry: Entry =
            serde_json::from_value(recorded.data).map_err(|e| format!("v{version}: {e}"))?;
        let body = self
            .replay(&entry.fact, pack)
            .map_err(|e| format!("v{version}: {e}"))?;
        Ok(self.push(version, entry.by, recorded.command, entry.fingerprint, body))
    }

    /// Re-applies a stored fact: commands are executed again with the dice
    /// they rolled, which must be exactly the dice asked for.
    fn replay(&mut self, fact: &Fact, pack: &Packs) -> Result<ItemBody, String> {
        Ok(match fact {
            Fact::EncounterCreated {
                encounter,
                name,
                d20,
                plugged,
            } => {
                if let Some(setup) = plugged {
                    // It must open here as it did when created.
                    setup
                        .open()
                        .map_err(|e| format!("encounter {encounter}: {}", e.message()))?;
                }
                ItemBody::EncounterCreated {
                    encounter: encounter.clone(),
                    name: name.clone(),
                    d20: d20.clone(),
                    plugged: plugged.clone(),
                }
            }
            Fact::Roll(roll) => ItemBody::Roll(roll.clone()),
            Fact::Chat(line) => ItemBody::Chat(line.clone()),
            Fact::Dice(d) => ItemBody::Dice(d.clone()),
            Fact::Undone {
                encounter,
                write_back,
            } => ItemBody::Undone {
                encounter: encounter.clone(),
                undone: self
                    .encounters
                    .get_mut(encounter)
                    .ok_or_else(|| format!("no encounter {encounter}"))?
                    .take_back()?,
                write_back: write_back
                    .map(|v| {
                        self.item(v)
                            .cloned()
                            .ok_or_else(|| format!("no write-back v{v} to take back"))
                    })
                    .transpose()?,
            },
            Fact::SessionStarted {
                session,
                commitment,
            } => ItemBody::SessionStarted {
                session: *session,
                commitment: commitment.clone(),
            },
            Fact::SessionEnded {
                session,
                seed,
                keys,
            } => ItemBody::SessionEnded {
                session: *session,
                commitment: self.sessions.commitment_of(*session)?,
                seed: seed.clone(),
                keys: keys.clone(),
            },
            Fact::SecretsRevealed { session, keys } => ItemBody::SecretsRevealed {
                session: *session,
                commitment: self.sessions.commitment_of(*session)?,
                keys: keys.clone(),
            },
            Fact::Command {
                encounter,
                order,
                dice,
                seeded,
                physical,
                ..
            } => {
                // An entrance is built with the pack in force when it
                // entered; other commands need no pack.
                let packs = if order.entrant().is_some() {
                    pack.in_force(self.pack_in_force().1.as_deref())?
                } else {
                    pack.clone()
                };
                let game = self
                    .encounters
                    .get_mut(encounter)
                    .ok_or_else(|| format!("no encounter {encounter}"))?;
                let command = order.rules_command(&packs, &game.play)?;
                let mut source = ScriptedDice::new(dice.iter().map(|d| i64::from(d.value)));
                let done = game
                    .run(&command, &mut source)
                    .map_err(|r| format!("the engine now refuses a stored command: {r}"))?;
                if done.dice != *dice {
                    return Err("replaying a command rolled other dice than it recorded".into());
                }
                if let Some(entrant) = order.entrant() {
                    game.roster.insert(entrant.0, entrant.1);
                }
                command_item(
                    encounter,
                    order,
                    &command.name(),
                    done,
                    seeded.clone(),
                    *physical,
                )
            }
            Fact::PackSwitched(switched) => ItemBody::PackSwitched(switched.clone()),
            Fact::StateChanged(change) => ItemBody::StateChanged(change.clone()),
            Fact::StateUndone { version } => ItemBody::StateUndone {
                undone: self
                    .item(*version)
                    .cloned()
                    .ok_or_else(|| format!("no entry v{version} to take back"))?,
            },
            Fact::StationStarted(_)
            | Fact::StationSeated(_)
            | Fact::StationPlayed(_)
            | Fact::StationUndone(_) => crate::station::replay(&mut self.stations, fact, pack)?,
        })
    }

    /// Adds an accepted entry to memory.
    pub(crate) fn push(
        &mut self,
        version: i64,
        by: String,
        key: Option<String>,
        fingerprint: String,
        body: ItemBody,
    ) -> Arc<Item> {
        if let ItemBody::EncounterCreated {
            encounter,
            name,
            d20,
            plugged,
        } = &body
        {
            let opened = match plugged {
                // Its setup opened when it was created or replayed.
                Some(setup) => Encounter::plugged(encounter.clone(), name.clone(), setup)
                    .inspect_err(|e| tracing::error!(%encounter, why = e.message(), "an encounter no longer opens"))
                    .ok(),
                None => Some(Encounter::new(encounter.clone(), name.clone(), d20.as_ref())),
            };
            if let Some(opened) = opened {
                self.encounters.insert(encounter.clone(), opened);
            }
        }
        self.sessions.note(version, &body);
        self.carried.note(version, &body);
        let item = Arc::new(Item { version, by, body });
        if let ItemBody::Command(c) = &item.body {
            if let Some(e) = self.encounters.get_mut(&c.encounter) {
                e.log.push(item.clone());
            }
        }
        if let ItemBody::Station(s) = &item.body {
            if let Some(g) = self.stations.get_mut(&s.game) {
                g.log.push(item.clone());
            }
        }
        if let Some(key) = key {
            self.keys.insert(key, (version, fingerprint));
        }
        crate::waiting::note_own(&mut self.own_dice, &item);
        self.feed.push(item.clone());
        self.version = version;
        item
    }

    /// The entry at `version`.
    pub(crate) fn item(&self, version: i64) -> Option<&Arc<Item>> {
        usize::try_from(version - 1)
            .ok()
            .and_then(|i| self.feed.get(i))
    }

    /// The entries after `version`.
    pub(crate) fn after(&self, version: i64) -> &[Arc<Item>] {
        let from = usize::try_from(version.max(0))
            .unwrap_or(0)
            .min(self.feed.len());
        &self.feed[from..]
    }

    /// The encounter `id`.
    pub(crate) fn encounter(&self, id: &str) -> Result<&Encounter, AppError> {
        self.encounters.get(id).ok_or_else(|| no_encounter(id))
    }

    /// The encounter `id`, to change.
    pub(crate) fn encounter_mut(&mut self, id: &str) -> Result<&mut Encounter, AppError> {
        self.encounters.get_mut(id).ok_or_else(|| no_encounter(id))
    }

    /// Ids, names and rulesets of the encounters.
    pub(crate) fn encounter_list(&self) -> Vec<Listed> {
        self.encounters
            .values()
            .map(|e| Listed {
                id: e.id.clone(),
                name: e.name.clone(),
                ruleset: e.ruleset(),
            })
            .collect()
    }
}

/// An encounter in a campaign's list.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub(crate) struct Listed {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Its ruleset.
    pub(crate) ruleset: Ruleset,
}

fn no_encounter(id: &str) -> AppError {
    AppError::not_found(format!(
        "no encounter {id} in this campaign; GET /api/campaigns/{{campaign}}/encounters lists them"
    ))
}

/// A command the engine took: the stream's fact (what replays it) and the
/// feed's item (what the table is told), from the same parts.
pub(crate) fn command_record(
    encounter: &str,
    order: &Order,
    command: &str,
    done: Executed,
    seeded: Option<SeedUse>,
    physical: bool,
) -> (Fact, ItemBody) {
    let fact = Fact::Command {
        encounter: encounter.to_string(),
        order: order.clone(),
        dice: done.dice.clone(),
        events: done.events.clone(),
        seeded: seeded.clone(),
        physical,
    };
    let item = command_item(encounter, order, command, done, seeded, physical);
    (fact, item)
}

/// The feed entry of an executed command.
pub(crate) fn command_item(
    encounter: &str,
    order: &Order,
    command: &str,
    done: Executed,
    seeded: Option<SeedUse>,
    physical: bool,
) -> ItemBody {
    let name = match order {
        Order::Add(_) | Order::D20Add(_) => "add".to_string(),
        Order::Rules { .. } | Order::Plugged { .. } => command.to_string(),
    };
    ItemBody::Command(CommandItem {
        encounter: encounter.to_string(),
        order: serde_json::to_value(order).unwrap_or(Value::Null),
        name,
        dice: done.dice,
        events: done.events,
        told: done.told,
        seeded,
        physical,
    })
}
