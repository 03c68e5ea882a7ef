//! Campaigns out of one database and into another, for `nanite export` and
//! `nanite import`: a campaign is its table's stream and the records that go
//! with it (its settings, characters, invitations with their hashed tokens).
//! Sessions (cookies) stay behind: people join again with their links, which
//! keep working. So does the seed of a play session not yet ended, which
//! must stay secret until it is revealed: an export can be handed to the
//! players for `nanite verify`, and a campaign imported mid-session starts
//! a new play session with its next roll.
//!
//! An import is checked whole before anything is written (the format, every
//! record belonging to a campaign of the file, every table replaying with
//! the dice it recorded), refuses a campaign the database already holds
//! unless told to replace it, and is written in one transaction.

use std::collections::BTreeSet;
use std::path::Path;

use nanite_store::{AnyStore, EventStore, Export, RecordExport, Replacing, import_replacing};
use serde_json::Value;

use crate::failure::ServerError;
use crate::table::{STREAM_PREFIX, Table, stream_id};

/// A transfer refused as asked, with what is wrong.
macro_rules! refuse {
    ($($arg:tt)*) => {
        return Err(ServerError::Transfer(format!($($arg)*)))
    };
}

const CAMPAIGNS: &str = "campaigns";
const CHARACTERS: &str = "characters:";
const INVITES: &str = "invites:";
const TOKENS: &str = "invite-tokens";
const SEEDS: &str = "play-seeds";
const PACKS: &str = crate::packs::COLLECTION;
/// The collections of the NPC library, prepared encounters and who the
/// engine plays, each followed by the campaign's id.
const PER_CAMPAIGN: [&str; 3] = [
    crate::library::PREFIX,
    crate::prepared::PREFIX,
    crate::engine::PREFIX,
];

/// What an import did.
#[derive(Clone, Debug)]
pub struct Imported {
    /// Each campaign: its id, name, stream entries and records.
    pub campaigns: Vec<ImportedCampaign>,
}

/// One campaign imported.
#[derive(Clone, Debug)]
pub struct ImportedCampaign {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Entries of its table.
    pub entries: usize,
    /// Records (settings, characters, invitations...).
    pub records: usize,
    /// It replaced the database's copy.
    pub replaced: bool,
}

/// Opens the database at `url` for export: it must already exist (no empty
/// SQLite file is left behind by a mistyped path).
async fn open_existing(url: &str) -> Result<AnyStore, ServerError> {
    let file = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .or(if url.contains("://") { None } else { Some(url) });
    if let Some(file) = file {
        let file = file.split('?').next().unwrap_or(file);
        if !file.is_empty() && !file.contains(":memory:") && !Path::new(file).exists() {
            refuse!("there is no database at {file}; name it with --database (or DATABASE_URL)");
        }
    }
    nanite_store::open(url)
        .await
        .map_err(ServerError::store(format!(
            "cannot open the database {}",
            crate::redact(url)
        )))
}

/// The campaigns in the store, oldest first, as (id, name).
async fn campaigns(store: &AnyStore) -> Result<Vec<(String, String)>, ServerError> {
    let mut all: Vec<(u64, String, String)> = Vec::new();
    for record in store.records(CAMPAIGNS).await? {
        let name = record.data["name"].as_str().unwrap_or("").to_string();
        let created = record.data["created"].as_u64().unwrap_or(0);
        all.push((created, record.id, name));
    }
    all.sort();
    Ok(all.into_iter().map(|(_, id, name)| (id, name)).collect())
}

/// Whether a record belongs to `campaign`.
fn belongs(collection: &str, id: &str, data: &Value, campaign: &str) -> bool {
    match collection {
        CAMPAIGNS => id == campaign,
        TOKENS => data["campaign"].as_str() == Some(campaign),
        SEEDS => id
            .split_once(':')
            .is_some_and(|(owner, _)| owner == campaign),
        _ => [CHARACTERS, INVITES, PACKS]
            .iter()
            .chain(&PER_CAMPAIGN)
            .any(|prefix| collection.strip_prefix(prefix) == Some(campaign)),
    }
}

/// Every record of `campaign` in the store; the seeds of play sessions not
/// yet revealed only `with_seeds`.
async fn records_of(
    store: &AnyStore,
    campaign: &str,
    with_seeds: bool,
) -> Result<Vec<RecordExport>, ServerError> {
    let mut out = Vec::new();
    let mut collections = vec![
        CAMPAIGNS.to_string(),
        format!("{CHARACTERS}{campaign}"),
        format!("{INVITES}{campaign}"),
        format!("{PACKS}{campaign}"),
        TOKENS.to_string(),
    ];
    collections.extend(PER_CAMPAIGN.iter().map(|p| format!("{p}{campaign}")));
    if with_seeds {
        collections.push(SEEDS.to_string());
    }
    for collection in collections {
        for record in store.records(&collection).await? {
            if belongs(&collection, &record.id, &record.data, campaign) {
                out.push(RecordExport {
                    collection: collection.clone(),
                    id: record.id,
                    data: record.data,
                });
            }
        }
    }
    Ok(out)
}

/// Exports `ids` (every campaign when empty) from the database at `url`.
pub async fn export(url: &str, ids: &[String]) -> Result<Export, ServerError> {
    let store = open_existing(url).await?;
    let known = campaigns(&store).await?;
    let ids: Vec<String> = if ids.is_empty() {
        known.iter().map(|(id, _)| id.clone()).collect()
    } else {
        for id in ids {
            if !known.iter().any(|(k, _)| k == id) {
                let list: Vec<String> = known
                    .iter()
                    .map(|(id, name)| format!("{id} ({name})"))
                    .collect();
                refuse!(
                    "there is no campaign {id} in this database; its campaigns are: {}",
                    if list.is_empty() {
                        "none".to_string()
                    } else {
                        list.join(", ")
                    }
                );
            }
        }
        ids.to_vec()
    };
    let streams: Vec<String> = ids.iter().map(|id| stream_id(id)).collect();
    let mut export = nanite_store::export(&store, &streams).await?;
    for id in &ids {
        export.records.extend(records_of(&store, id, false).await?);
    }
    Ok(export)
}

/// Reads an export file, saying what is wrong with it in the file's terms.
pub fn read(path: &Path) -> Result<Export, ServerError> {
    let text = std::fs::read_to_string(path)
        .map_err(ServerError::io(format!("cannot read {}", path.display())))?;
    serde_json::from_str(&text).map_err(|source| ServerError::NotAnExport {
        path: path.to_path_buf(),
        source,
    })
}

/// Checks `export` whole: every stream is a campaign's table that replays,
/// every record belongs to a campaign of the file. Returns the campaigns as
/// (id, name, entries, records).
fn check(export: &Export) -> Result<Vec<(String, String, usize, usize)>, ServerError> {
    let pack = crate::pack::Packs::sample()?;
    // The campaigns' own content packs travel in the file's records: each
    // must load before the tables that play it replay.
    crate::packs::carried(&pack, &export.records).map_err(ServerError::Transfer)?;
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for record in export.records.iter().filter(|r| r.collection == CAMPAIGNS) {
        let id = record.id.clone();
        let Some(name) = record.data["name"].as_str().map(str::to_string) else {
            refuse!("campaign {id} in the file has no name");
        };
        if !seen.insert(id.clone()) {
            refuse!("campaign {id} appears twice in the file");
        }
        let Some(stream) = export.streams.iter().find(|s| s.info.id == stream_id(&id)) else {
            refuse!("campaign {id} ({name}) has no table in the file");
        };
        Table::replayed(&pack, stream.events.iter().cloned()).map_err(|e| {
            ServerError::Transfer(format!(
                "the table of campaign {id} ({name}) does not replay: event {e}"
            ))
        })?;
        let records = export
            .records
            .iter()
            .filter(|r| belongs(&r.collection, &r.id, &r.data, &id))
            .count();
        out.push((id, name, stream.events.len(), records));
    }
    for stream in &export.streams {
        let campaign = stream.info.id.strip_prefix(STREAM_PREFIX);
        if !campaign.is_some_and(|c| seen.contains(c)) {
            refuse!(
                "stream {} in the file belongs to no campaign of the file",
                stream.info.id
            );
        }
    }
    for r in &export.records {
        if !seen
            .iter()
            .any(|campaign| belongs(&r.collection, &r.id, &r.data, campaign))
        {
            refuse!(
                "record {}/{} in the file belongs to no campaign of the file",
                r.collection,
                r.id
            );
        }
    }
    if out.is_empty() {
        refuse!("the file holds no campaign");
    }
    Ok(out)
}

/// Imports the campaigns of `export` into the database at `url` (created
/// if it is a new SQLite file). A campaign the database holds already is
/// refused unless `replace`, which swaps it whole for the file's copy.
pub async fn import(url: &str, export: &Export, replace: bool) -> Result<Imported, ServerError> {
    let checked = check(export)?;
    let store = nanite_store::open(url)
        .await
        .map_err(ServerError::store(format!(
            "cannot open the database {}",
            crate::redact(url)
        )))?;
    let mut replacing = Replacing::default();
    let mut campaigns = Vec::new();
    for (id, name, entries, records) in checked {
        let stream = stream_id(&id);
        let held =
            store.record(CAMPAIGNS, &id).await?.is_some() || store.stream(&stream).await?.is_some();
        if held && !replace {
            refuse!(
                "campaign {id} ({name}) is already in this database; nothing was imported. Add --replace to overwrite it with the file's copy"
            );
        }
        if held {
            replacing.streams.push(stream);
            for r in records_of(&store, &id, true).await? {
                replacing.records.push((r.collection, r.id));
            }
        }
        campaigns.push(ImportedCampaign {
            id,
            name,
            entries,
            records,
            replaced: held,
        });
    }
    import_replacing(&store, export, &replacing)
        .await
        .map_err(ServerError::store("nothing was imported"))?;
    Ok(Imported { campaigns })
}

/// [`export`] on a runtime of its own, for the `nanite` binary.
pub fn export_blocking(url: &str, ids: &[String]) -> Result<Export, ServerError> {
    runtime()?.block_on(export(url, ids))
}

/// [`import`] on a runtime of its own, for the `nanite` binary.
pub fn import_blocking(url: &str, export: &Export, replace: bool) -> Result<Imported, ServerError> {
    runtime()?.block_on(import(url, export, replace))
}

fn runtime() -> Result<tokio::runtime::Runtime, ServerError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(ServerError::io("cannot start a runtime"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_belong_to_their_campaign() {
        let none = Value::Null;
        assert!(belongs(CAMPAIGNS, "c-1", &none, "c-1"));
        assert!(!belongs(CAMPAIGNS, "c-12", &none, "c-1"));
        assert!(belongs("characters:c-1", "vex", &none, "c-1"));
        assert!(!belongs("characters:c-12", "vex", &none, "c-1"));
        assert!(belongs("invites:c-1", "i-1", &none, "c-1"));
        let token = serde_json::json!({"campaign": "c-1", "invite": "i-1"});
        assert!(belongs(TOKENS, "hash", &token, "c-1"));
        assert!(!belongs(TOKENS, "hash", &token, "c-2"));
        assert!(belongs(SEEDS, "c-1:abc", &none, "c-1"));
        assert!(!belongs(SEEDS, "c-12:abc", &none, "c-1"));
        assert!(!belongs("sessions", "x", &token, "c-1"));
        assert!(belongs("packs:c-1", "v0001", &none, "c-1"));
        assert!(!belongs("packs:c-12", "v0001", &none, "c-1"));
    }
}
