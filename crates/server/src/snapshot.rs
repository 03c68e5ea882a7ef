//! Snapshots of a table, so a long campaign loads fast: every
//! [`SNAPSHOT_EVERY`] entries or so ([`due`]) the table in memory is written to the store's
//! snapshot of its stream (the feed, the keys, the play sessions and each
//! encounter's game log), and loading starts from the newest snapshot and
//! replays only the entries after it. A game is read back from its log's
//! events by the engine's `evolve` (no command is decided again), which a
//! property test of the Compound X crate holds to be the same game; D20
//! state and events deserialize as they are.
//!
//! The stream stays the source of truth: a snapshot that cannot be read
//! (an older format, a damaged row) is ignored with a warning and the table
//! is rebuilt from the whole stream, and an import that replaces a stream
//! drops its snapshots.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use nanite_compound_x::encounter::{CompoundX, Event as CxEvent};
use nanite_core::{CombatantId, Entry, Game, Ruleset as Rules};
use nanite_d20::encounter::D20;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ruleset::Play;
use crate::seeds::{PlaySession, Sessions};
use crate::table::{Encounter, Entrant, Item, Table};

/// How many stream entries a table grows by between snapshots, unless
/// `Config::snapshot_every` says otherwise.
pub(crate) const SNAPSHOT_EVERY: i64 = 500;

/// How many entries after its last snapshot campaign `campaign`'s table
/// takes its next one: `every` to `2 * every - 1`, spread by the campaign's
/// id, so that tables that started together (an evening's tables, or a load
/// test's) do not all write their snapshots in the same second.
pub(crate) fn due(campaign: &str, every: i64) -> i64 {
    if every <= 1 {
        return every.max(1);
    }
    // FNV-1a: stable across runs and servers, unlike the std hasher.
    let hash = campaign.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let spread = i64::try_from(hash % u64::try_from(every).unwrap_or(1)).unwrap_or(0);
    every + spread
}

/// The snapshot format; a snapshot of another format is not read.
const FORMAT: u32 = 1;

/// A table as a snapshot keeps it.
#[derive(Serialize, Deserialize)]
struct Saved {
    format: u32,
    version: i64,
    feed: Vec<Arc<Item>>,
    encounters: Vec<SavedEncounter>,
    keys: Vec<(String, i64, String)>,
    sessions: Vec<PlaySession>,
}

/// An encounter: its game (where it started and its log), and the feed
/// entries it keeps, by version.
#[derive(Serialize, Deserialize)]
struct SavedEncounter {
    id: String,
    name: String,
    game: SavedGame,
    roster: BTreeMap<CombatantId, Entrant>,
    log: Vec<i64>,
}

/// A game of either ruleset, as its start and the events of its log.
#[derive(Serialize, Deserialize)]
#[serde(tag = "ruleset", rename_all = "kebab-case")]
enum SavedGame {
    CompoundX {
        start: nanite_compound_x::encounter::Battle,
        log: Vec<Entry<CxEvent>>,
    },
    D20 {
        start: nanite_d20::encounter::Battle,
        log: Vec<Entry<<D20 as Rules>::Event>>,
    },
}

impl SavedGame {
    /// `play` as a snapshot keeps it; none for a registered ruleset's
    /// game, whose table is rebuilt from its stream.
    fn of(play: &Play) -> Option<SavedGame> {
        Some(match play {
            Play::CompoundX(game) => SavedGame::CompoundX {
                start: game.start().clone(),
                log: game.log().to_vec(),
            },
            Play::D20(game) => SavedGame::D20 {
                start: game.start().clone(),
                log: game.log().to_vec(),
            },
            Play::Plugged(_) => return None,
        })
    }

    fn play(self) -> Play {
        match self {
            SavedGame::CompoundX { start, log } => {
                Play::CompoundX(Game::<CompoundX>::from_log(start, log))
            }
            SavedGame::D20 { start, log } => Play::D20(Game::<D20>::from_log(start, log)),
        }
    }
}

/// The snapshot of `table`, or `None` for a table with Station games or a
/// registered ruleset's encounters, which are not kept in snapshots (they
/// are rebuilt from the stream).
pub(crate) fn save(table: &Table) -> Option<Result<Value, serde_json::Error>> {
    if !table.stations.is_empty() {
        return None;
    }
    let mut encounters = Vec::new();
    for e in table.encounters.values() {
        encounters.push(SavedEncounter {
            id: e.id.clone(),
            name: e.name.clone(),
            game: SavedGame::of(&e.play)?,
            roster: e.roster.clone(),
            log: e.log.iter().map(|i| i.version).collect(),
        });
    }
    let saved = Saved {
        format: FORMAT,
        version: table.version,
        feed: table.feed.clone(),
        encounters,
        keys: table
            .keys
            .iter()
            .map(|(k, (v, f))| (k.clone(), *v, f.clone()))
            .collect(),
        sessions: table.sessions.list.clone(),
    };
    Some(serde_json::to_value(saved))
}

/// The table a snapshot holds, or why it cannot be read.
pub(crate) fn restore(data: Value) -> Result<Table, String> {
    let saved: Saved = serde_json::from_value(data).map_err(|e| e.to_string())?;
    if saved.format != FORMAT {
        return Err(format!("snapshot format {} is not {FORMAT}", saved.format));
    }
    let at = |version: i64| {
        usize::try_from(version - 1)
            .ok()
            .and_then(|i| saved.feed.get(i))
            .filter(|item| item.version == version)
            .cloned()
            .ok_or_else(|| format!("the snapshot's feed has no entry v{version}"))
    };
    let mut encounters = BTreeMap::new();
    for e in saved.encounters {
        let log = e.log.iter().map(|v| at(*v)).collect::<Result<_, _>>()?;
        let encounter = Encounter {
            id: e.id.clone(),
            name: e.name,
            play: e.game.play(),
            roster: e.roster,
            log,
        };
        encounters.insert(e.id, encounter);
    }
    if saved.feed.len() != usize::try_from(saved.version).unwrap_or(usize::MAX) {
        return Err(format!(
            "the snapshot at v{} holds {} feed entries",
            saved.version,
            saved.feed.len()
        ));
    }
    let carried = crate::carry::States::from_feed(&saved.feed);
    let own_dice = crate::waiting::own_seats(&saved.feed);
    Ok(Table {
        version: saved.version,
        encounters,
        carried,
        feed: saved.feed,
        keys: saved
            .keys
            .into_iter()
            .map(|(k, v, f)| (k, (v, f)))
            .collect::<HashMap<_, _>>(),
        sessions: Sessions::from_list(saved.sessions),
        stations: BTreeMap::new(),
        snapshot_at: saved.version,
        numbering: Default::default(),
        own_dice,
    })
}
