//! A campaign's table in memory: its encounters (each a Compound X game),
//! its roll log and the feed of everything in order, rebuilt from the
//! campaign's stream by re-executing each command with the dice it rolled.
//!
//! [`Tables::commit`] is the one way in: under the table's lock it decides
//! the change, appends it to the store (with the caller's idempotency key),
//! and only then updates memory and hands the item to the live fan-out. A
//! failed append drops the table from memory, so the next request reloads
//! what the store holds.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use nanite_compound_x::combat::Fighter;
use nanite_compound_x::combat::{Cover, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Refusal};
use nanite_compound_x::{Character, HouseRules, Pack, Sheet};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, DiceSource, Game, RolledDie, ScriptedDice};
use nanite_store::{Appended, EventStore, NewEvent};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::AppState;
use crate::error::AppError;
use crate::live::Signal;
use crate::rolls::RollItem;
use crate::told::{Told, tell};

/// The kind of a campaign's stream.
pub(crate) const STREAM_KIND: &str = "table";

/// The stream holding campaign `campaign`'s table.
pub(crate) fn stream_id(campaign: &str) -> String {
    format!("table:{campaign}")
}

/// What the stream keeps of one accepted change.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Fact {
    /// The GM opened an encounter.
    EncounterCreated {
        /// Its id.
        encounter: String,
        /// Its name.
        name: String,
    },
    /// A command the engine accepted.
    Command {
        /// The encounter.
        encounter: String,
        /// The server-level command.
        order: Order,
        /// Every die it rolled, in order: replaying needs nothing else.
        dice: Vec<RolledDie>,
        /// The engine's events, for viewers of the stream.
        events: Vec<Value>,
    },
    /// A roll of the roll log.
    Roll(RollItem),
}

/// A stream event: who, the request's fingerprint (so a reused idempotency
/// key with another request is caught), and the fact.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Entry {
    /// The seat (invitation id) that asked.
    pub(crate) by: String,
    /// SHA-256 of the request.
    pub(crate) fingerprint: String,
    /// What happened.
    #[serde(flatten)]
    pub(crate) fact: Fact,
}

/// A command as the server keeps it: the engine's own JSON, or an entrance
/// built from a character file (the engine's `Add` carries a whole fighter,
/// which is rebuilt from the file on replay).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub(crate) enum Order {
    /// A combatant enters from a character file.
    Add(Entrance),
    /// Any other command, as the engine reads it from JSON.
    Rules {
        /// The command.
        command: Value,
    },
}

/// A combatant entering from a character file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Entrance {
    /// Its handle.
    pub(crate) id: CombatantId,
    /// Its side.
    pub(crate) side: String,
    /// Hidden from the players.
    pub(crate) hidden: bool,
    /// Its cover.
    pub(crate) cover: Cover,
    /// Its stance.
    pub(crate) stance: Stance,
    /// A name for the log instead of the character's.
    pub(crate) name: Option<String>,
    /// The campaign character it came from (none for an NPC file).
    pub(crate) character: Option<String>,
    /// The player seat that owns it (none: the GM's).
    pub(crate) owner: Option<String>,
    /// The file name and text.
    pub(crate) file: String,
    /// The TOML.
    pub(crate) text: String,
    /// The house rules in force when it entered.
    pub(crate) house_rules: BTreeMap<String, bool>,
}

impl Order {
    /// The engine command, rebuilding an entrant's fighter from its file.
    pub(crate) fn command(&self, pack: &Pack) -> Result<Command, String> {
        match self {
            Order::Rules { command } => {
                serde_json::from_value(command.clone()).map_err(|e| e.to_string())
            }
            Order::Add(e) => {
                let (mut character, found) = Character::read(&SourceFile::new(&e.file, &e.text));
                if found.has_errors() {
                    return Err(format!("{} no longer reads:\n{found}", e.file));
                }
                let mut rules = HouseRules::default();
                for (key, on) in &e.house_rules {
                    rules.set(key, *on);
                }
                character.house_rules = rules;
                let mut fighter = Fighter::from_sheet(&Sheet::compute(&character, pack), pack);
                if let Some(name) = &e.name {
                    fighter.name = name.clone();
                }
                Ok(Command::Add {
                    id: e.id.clone(),
                    side: e.side.clone(),
                    hidden: e.hidden,
                    fighter: Box::new(fighter),
                    cover: e.cover,
                    stance: e.stance,
                })
            }
        }
    }
}

/// One entry of the table's feed, as kept in memory.
#[derive(Debug)]
pub(crate) struct Item {
    /// Its version in the campaign's stream.
    pub(crate) version: i64,
    /// The seat that asked.
    pub(crate) by: String,
    /// What it is.
    pub(crate) body: ItemBody,
}

/// What a feed entry is.
#[derive(Debug)]
pub(crate) enum ItemBody {
    /// An encounter was opened.
    EncounterCreated {
        /// Its id.
        encounter: String,
        /// Its name.
        name: String,
    },
    /// A command was accepted.
    Command(CommandItem),
    /// A roll.
    Roll(RollItem),
}

/// An accepted command with its narration.
#[derive(Debug)]
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
}

/// Who owns a combatant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Entrant {
    /// The campaign character it came from.
    pub(crate) character: Option<String>,
    /// The player seat that owns it.
    pub(crate) owner: Option<String>,
}

/// One encounter: a Compound X game and its log.
#[derive(Debug)]
pub(crate) struct Encounter {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// The game.
    pub(crate) game: Game<CompoundX>,
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

impl Encounter {
    fn new(id: String, name: String) -> Self {
        Encounter {
            id,
            name,
            game: Game::new(Battle::new()),
            roster: BTreeMap::new(),
            log: Vec::new(),
        }
    }

    /// The battle now.
    pub(crate) fn battle(&self) -> &Battle {
        self.game.state()
    }

    /// Executes `command` with `dice`. A refusal changes nothing.
    pub(crate) fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Executed, Refusal> {
        let before = self.game.state().clone();
        let entry = self.game.execute(command, dice)?;
        let events: Vec<Value> = entry
            .events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
            .collect();
        let told = tell(&before, &entry.events, &events);
        Ok(Executed {
            dice: entry.dice.clone(),
            events,
            told,
        })
    }

    /// Takes back the last command (physical dice left over).
    pub(crate) fn undo(&mut self) {
        self.game.undo();
    }
}

/// A campaign's table.
#[derive(Debug)]
pub(crate) struct Table {
    /// The stream's version: the last feed entry's.
    pub(crate) version: i64,
    /// The encounters by id.
    pub(crate) encounters: BTreeMap<String, Encounter>,
    /// Every entry in order (entry `n` at index `n - 1`).
    pub(crate) feed: Vec<Arc<Item>>,
    /// Idempotency keys seen: the version they produced and its fingerprint.
    keys: HashMap<String, (i64, String)>,
}

impl Table {
    fn empty() -> Self {
        Table {
            version: 0,
            encounters: BTreeMap::new(),
            feed: Vec::new(),
            keys: HashMap::new(),
        }
    }

    /// Rebuilds the table from the store.
    async fn load(state: &AppState, campaign: &str) -> Result<Table, AppError> {
        let stream = stream_id(campaign);
        if state.store().stream(&stream).await?.is_none() {
            return Err(AppError::not_found(format!("no campaign {campaign}")));
        }
        let mut table = Table::empty();
        for recorded in state.store().load(&stream, 0).await? {
            let entry: Entry = serde_json::from_value(recorded.data)
                .map_err(|e| AppError::internal(format!("{stream} v{}: {e}", recorded.version)))?;
            let body = table
                .replay(&entry.fact, state.pack())
                .map_err(|e| AppError::internal(format!("{stream} v{}: {e}", recorded.version)))?;
            table.push(
                recorded.version,
                entry.by,
                recorded.command,
                entry.fingerprint,
                body,
            );
        }
        Ok(table)
    }

    /// Re-applies a stored fact: commands are executed again with the dice
    /// they rolled, which must be exactly the dice asked for.
    fn replay(&mut self, fact: &Fact, pack: &Pack) -> Result<ItemBody, String> {
        Ok(match fact {
            Fact::EncounterCreated { encounter, name } => ItemBody::EncounterCreated {
                encounter: encounter.clone(),
                name: name.clone(),
            },
            Fact::Roll(roll) => ItemBody::Roll(roll.clone()),
            Fact::Command {
                encounter,
                order,
                dice,
                ..
            } => {
                let command = order.command(pack)?;
                let game = self
                    .encounters
                    .get_mut(encounter)
                    .ok_or_else(|| format!("no encounter {encounter}"))?;
                let mut source = ScriptedDice::new(dice.iter().map(|d| i64::from(d.value)));
                let done = game
                    .execute(&command, &mut source)
                    .map_err(|r| format!("the engine now refuses a stored command: {r}"))?;
                if done.dice != *dice {
                    return Err("replaying a command rolled other dice than it recorded".into());
                }
                if let Order::Add(e) = order {
                    game.roster.insert(
                        e.id.clone(),
                        Entrant {
                            character: e.character.clone(),
                            owner: e.owner.clone(),
                        },
                    );
                }
                command_item(encounter, order, &command, done)
            }
        })
    }

    /// Adds an accepted entry to memory.
    fn push(
        &mut self,
        version: i64,
        by: String,
        key: Option<String>,
        fingerprint: String,
        body: ItemBody,
    ) -> Arc<Item> {
        if let ItemBody::EncounterCreated { encounter, name } = &body {
            self.encounters.insert(
                encounter.clone(),
                Encounter::new(encounter.clone(), name.clone()),
            );
        }
        let item = Arc::new(Item { version, by, body });
        if let ItemBody::Command(c) = &item.body {
            if let Some(e) = self.encounters.get_mut(&c.encounter) {
                e.log.push(item.clone());
            }
        }
        if let Some(key) = key {
            self.keys.insert(key, (version, fingerprint));
        }
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

    /// Ids and names of the encounters.
    pub(crate) fn encounter_list(&self) -> Vec<Value> {
        self.encounters
            .values()
            .map(|e| serde_json::json!({ "id": e.id, "name": e.name }))
            .collect()
    }
}

fn no_encounter(id: &str) -> AppError {
    AppError::not_found(format!(
        "no encounter {id} in this campaign; GET /api/campaigns/{{campaign}}/encounters lists them"
    ))
}

/// The feed entry of an executed command.
pub(crate) fn command_item(
    encounter: &str,
    order: &Order,
    command: &Command,
    done: Executed,
) -> ItemBody {
    let name = match order {
        Order::Add(_) => "add".to_string(),
        Order::Rules { .. } => crate::permissions::command_name(command),
    };
    ItemBody::Command(CommandItem {
        encounter: encounter.to_string(),
        order: serde_json::to_value(order).unwrap_or(Value::Null),
        name,
        dice: done.dice,
        events: done.events,
        told: done.told,
    })
}

/// A request that changes the table.
pub(crate) struct Change<'a> {
    /// The campaign.
    pub(crate) campaign: &'a str,
    /// The seat asking.
    pub(crate) by: &'a str,
    /// Its idempotency key, if it sent one.
    pub(crate) key: Option<&'a str>,
    /// SHA-256 of the request.
    pub(crate) fingerprint: String,
}

/// A change as committed.
pub(crate) struct Committed {
    /// The feed entry.
    pub(crate) item: Arc<Item>,
    /// The key had been used: this is the first result, nothing new fired.
    pub(crate) replayed: bool,
}

type Slot = Arc<tokio::sync::Mutex<Option<Table>>>;

/// The tables in memory, by campaign, each behind its own lock.
#[derive(Default)]
pub(crate) struct Tables {
    slots: std::sync::Mutex<HashMap<String, Slot>>,
}

impl Tables {
    fn slot(&self, campaign: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.entry(campaign.to_string()).or_default().clone()
    }

    /// Reads the table of `campaign` (loading it if needed).
    pub(crate) async fn read<T>(
        &self,
        state: &AppState,
        campaign: &str,
        f: impl FnOnce(&Table) -> T,
    ) -> Result<T, AppError> {
        let slot = self.slot(campaign);
        let mut guard = slot.lock().await;
        if guard.is_none() {
            *guard = Some(Table::load(state, campaign).await?);
        }
        let table = guard
            .as_ref()
            .ok_or_else(|| AppError::internal("table vanished"))?;
        Ok(f(table))
    }

    /// Decides a change with `decide` (which may execute a command on the
    /// table, and must leave it as it was when it refuses), appends it, and
    /// publishes it. A repeated idempotency key returns the first result.
    pub(crate) async fn commit(
        &self,
        state: &AppState,
        change: Change<'_>,
        mut decide: impl FnMut(&mut Table) -> Result<(Fact, ItemBody), AppError>,
    ) -> Result<Committed, AppError> {
        let slot = self.slot(change.campaign);
        let mut guard = slot.lock().await;
        let key = change.key.map(|k| format!("{}:{k}", change.by));
        let stream = stream_id(change.campaign);
        for _attempt in 0..3 {
            if guard.is_none() {
                *guard = Some(Table::load(state, change.campaign).await?);
            }
            let table = guard
                .as_mut()
                .ok_or_else(|| AppError::internal("table vanished"))?;
            if let Some(key) = &key {
                if let Some((version, fingerprint)) = table.keys.get(key) {
                    return replayed(table, *version, fingerprint, &change.fingerprint);
                }
            }
            let (fact, body) = decide(table)?;
            let entry = Entry {
                by: change.by.to_string(),
                fingerprint: change.fingerprint.clone(),
                fact,
            };
            let kind = match &entry.fact {
                Fact::EncounterCreated { .. } => "encounter_created",
                Fact::Command { .. } => "command",
                Fact::Roll(_) => "roll",
            };
            let event = NewEvent {
                kind: kind.into(),
                data: serde_json::to_value(&entry).map_err(AppError::internal)?,
            };
            let appended = state
                .store()
                .append(&stream, table.version, key.as_deref(), &[event])
                .await;
            match appended {
                Ok(Appended::Stored { last, .. }) => {
                    let item =
                        table.push(last, change.by.to_string(), key, change.fingerprint, body);
                    state
                        .live()
                        .publish(change.campaign, Signal::Item(item.clone()));
                    return Ok(Committed {
                        item,
                        replayed: false,
                    });
                }
                // Another server took this key first, or appended first:
                // reload what the store holds and look again.
                Ok(Appended::Duplicate { .. }) => *guard = None,
                Err(e) if e.is_conflict() => *guard = None,
                Err(e) => {
                    *guard = None;
                    return Err(AppError::internal(e));
                }
            }
        }
        Err(AppError::conflict(
            "busy",
            "the table kept changing while this command was decided; send it again",
        ))
    }
}

fn replayed(
    table: &Table,
    version: i64,
    fingerprint: &str,
    asked: &str,
) -> Result<Committed, AppError> {
    if fingerprint != asked {
        return Err(AppError::conflict(
            "idempotency_key_reused",
            format!(
                "this Idempotency-Key was already used for a different request (stream version {version}); use a fresh key for each new command"
            ),
        ));
    }
    let item = table
        .item(version)
        .ok_or_else(|| AppError::internal(format!("key points at missing version {version}")))?;
    Ok(Committed {
        item: item.clone(),
        replayed: true,
    })
}
