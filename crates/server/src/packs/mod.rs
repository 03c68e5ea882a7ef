//! A campaign's own content packs: each upload is a new version kept in the
//! store (records `packs:{campaign}`, one per version, with every file's
//! text), validated whole by the ruleset's own loader exactly as
//! `nanite cx --pack` and `nanite d20 --pack` load a directory, and refused
//! whole with every problem if it has errors (`upload.rs`). The campaign
//! plays the built-in sample pack until the GM switches it to a version:
//! the switch is a fact of the campaign's stream (`PackSwitched`), so a
//! replay (a restart, an import, `nanite verify`) builds every combatant
//! with the pack that was in force when it entered. Before a switch the GM
//! sees every character and NPC file the version would break (`check.rs`).
//! The compendium (`compendium.rs`) shows what the pack in force holds.
//! A Station campaign's version is its pack's files with its scenarios
//! (`station.rs`); its games start on the version in force.

pub(crate) mod api;
pub(crate) mod archive;
pub(crate) mod check;
pub(crate) mod compendium;
pub(crate) mod station;
pub(crate) mod station_compendium;
pub(crate) mod upload;

use std::collections::BTreeMap;
use std::sync::Arc;

use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::error::AppError;
use crate::pack::{Packs, Uploaded};
use crate::ruleset::Ruleset;

/// The collection prefix of a campaign's pack versions.
pub(crate) const COLLECTION: &str = "packs:";

/// The most versions a campaign keeps.
pub(crate) const MAX_VERSIONS: u32 = 50;

/// The records' collection for `campaign`.
pub(crate) fn collection(campaign: &str) -> String {
    format!("{COLLECTION}{campaign}")
}

/// One uploaded version of a campaign's pack, as the store keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct StoredPack {
    /// Its number in the campaign, from 1.
    pub(crate) version: u32,
    /// The SHA-256 of its ruleset and files: what the stream names.
    pub(crate) digest: String,
    /// The ruleset it is for.
    pub(crate) ruleset: Ruleset,
    /// The manifest's id.
    pub(crate) pack_id: String,
    /// The manifest's name.
    pub(crate) name: String,
    /// The manifest's own version.
    pub(crate) pack_version: String,
    /// Every file, by its path in the pack.
    pub(crate) files: BTreeMap<String, String>,
    /// The seat that uploaded it.
    pub(crate) by: String,
    /// Seconds since the epoch.
    pub(crate) uploaded: u64,
}

/// The record id of version `version`.
pub(crate) fn record_id(version: u32) -> String {
    format!("v{version:04}")
}

/// The digest of a pack for `ruleset` made of `files`.
pub(crate) fn digest(ruleset: Ruleset, files: &BTreeMap<String, String>) -> String {
    let mut hash = Sha256::new();
    hash.update(ruleset.name().as_bytes());
    for (path, text) in files {
        hash.update([0]);
        hash.update(path.as_bytes());
        hash.update([0]);
        hash.update(text.as_bytes());
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Loads `files` with `ruleset`'s own loader: the pack and every problem.
pub(crate) fn load(
    ruleset: Ruleset,
    files: &BTreeMap<String, String>,
) -> Result<(Uploaded, Diagnostics), AppError> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(path.clone(), text.clone()))
        .collect();
    Ok(match ruleset {
        Ruleset::CompoundX => {
            let (pack, found) = nanite_compound_x::Pack::load(&sources);
            (Uploaded::CompoundX(Arc::new(pack)), found)
        }
        Ruleset::D20 => {
            let (pack, found) = nanite_d20::Pack::load(&sources);
            (Uploaded::D20(Arc::new(pack)), found)
        }
        Ruleset::Station => station::load(files),
        Ruleset::Plugged(key) => {
            return Err(crate::campaigns::plugged_has_no(key, "content packs"));
        }
    })
}

/// Every stored version of `campaign`'s pack, oldest first.
pub(crate) async fn versions(
    state: &AppState,
    campaign: &str,
) -> Result<Vec<StoredPack>, AppError> {
    let mut out: Vec<StoredPack> = state
        .store()
        .records(&collection(campaign))
        .await?
        .into_iter()
        .map(|r| serde_json::from_value(r.data).map_err(AppError::internal))
        .collect::<Result<_, _>>()?;
    out.sort_by_key(|p| p.version);
    Ok(out)
}

/// Version `version` of `campaign`'s pack.
pub(crate) async fn version(
    state: &AppState,
    campaign: &str,
    version: u32,
) -> Result<StoredPack, AppError> {
    let record = state
        .store()
        .record(&collection(campaign), &record_id(version))
        .await?
        .ok_or_else(|| {
            AppError::not_found(format!(
                "campaign {campaign} has no pack version {version}; GET /api/campaigns/{campaign}/packs lists them"
            ))
        })?;
    serde_json::from_value(record.data).map_err(AppError::internal)
}

/// Makes a stored version known to `packs` (loading it once).
pub(crate) fn register(packs: &Packs, stored: &StoredPack) -> Result<(), String> {
    if packs.knows(&stored.digest) {
        return Ok(());
    }
    if digest(stored.ruleset, &stored.files) != stored.digest {
        return Err(format!(
            "pack version {} does not match its digest",
            stored.version
        ));
    }
    let (pack, found) = load(stored.ruleset, &stored.files).map_err(|e| e.message().to_string())?;
    if found.has_errors() {
        return Err(format!(
            "pack version {} no longer loads:\n{found}",
            stored.version
        ));
    }
    packs.register(&stored.digest, pack);
    Ok(())
}

/// Makes every stored version of `campaign`'s pack known to the server,
/// before its table is replayed or checked against one.
pub(crate) async fn ensure_loaded(state: &AppState, campaign: &str) -> Result<(), AppError> {
    for stored in versions(state, campaign).await? {
        register(state.packs(), &stored).map_err(AppError::internal)?;
    }
    Ok(())
}

/// Makes the pack versions among an export's `records` known to `packs`
/// (an import's check, `nanite verify`): a campaign replays on a server
/// that never saw its pack.
pub(crate) fn carried(packs: &Packs, records: &[nanite_store::RecordExport]) -> Result<(), String> {
    for record in records
        .iter()
        .filter(|r| r.collection.starts_with(COLLECTION))
    {
        let stored: StoredPack = serde_json::from_value(record.data.clone()).map_err(|e| {
            format!(
                "record {}/{} is not a content pack version: {e}",
                record.collection, record.id
            )
        })?;
        register(packs, &stored)
            .map_err(|e| format!("{}/{}: {e}", record.collection, record.id))?;
    }
    Ok(())
}

/// The pack a campaign plays now.
#[derive(Clone, Debug)]
pub(crate) struct InForce {
    /// Its version (0: the built-in sample pack).
    pub(crate) version: u32,
    /// The packs, with the campaign's in force.
    pub(crate) packs: Packs,
}

/// The pack `campaign` plays now: the version its stream last switched to,
/// or the built-in sample.
pub(crate) async fn in_force(state: &AppState, campaign: &str) -> Result<InForce, AppError> {
    let (version, digest) = state
        .tables()
        .read(state, campaign, |t| t.pack_in_force())
        .await?;
    if let Some(d) = &digest
        && !state.packs().knows(d)
    {
        let stored = self::version(state, campaign, version).await?;
        register(state.packs(), &stored).map_err(AppError::internal)?;
    }
    let packs = state
        .packs()
        .in_force(digest.as_deref())
        .map_err(AppError::internal)?;
    Ok(InForce { version, packs })
}
