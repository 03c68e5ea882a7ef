//! A Station campaign's own content: a version is the pack directory's
//! `.toml` files (classes, creatures, gear, cards, loot, threat levels,
//! cyber-module prices, powers), read exactly as `nanite station --pack
//! DIR` reads them, and the campaign's scenario files (`.txt`, the format
//! of docs/station/scenario.md), each checked against that pack exactly as
//! `nanite station --pack DIR check FILE` checks it (parsed, then the game
//! it sets up must start). Every problem of every file comes out at once,
//! and a version with an error is refused whole. A new game of the
//! campaign starts from one of the version's scenarios (or a built-in
//! sample, or a pasted text) on the version's pack, and keeps that pack's
//! digest, so a replay builds it on the same content.

use std::collections::BTreeMap;
use std::sync::Arc;

use nanite_core::content::SourceFile;
use nanite_core::{Diagnostic, Diagnostics};
use nanite_station::{Pack, State, scenario};

use crate::pack::Uploaded;

/// The extension of a scenario file in a Station pack version.
pub(crate) const SCENARIO_EXTENSION: &str = ".txt";

/// A scenario a Station pack version holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PackScenario {
    /// Its id: the file's name without its folder and `.txt`.
    pub(crate) id: String,
    /// Its path in the version.
    pub(crate) file: String,
    /// Its text.
    pub(crate) text: String,
}

/// The scenario files among a version's `files`, by id.
pub(crate) fn scenarios(files: &BTreeMap<String, String>) -> Vec<PackScenario> {
    files
        .iter()
        .filter(|(path, _)| path.ends_with(SCENARIO_EXTENSION))
        .map(|(path, text)| {
            let name = path.rsplit('/').next().unwrap_or(path);
            PackScenario {
                id: name
                    .strip_suffix(SCENARIO_EXTENSION)
                    .unwrap_or(name)
                    .to_string(),
                file: path.clone(),
                text: text.clone(),
            }
        })
        .collect()
}

/// The problems of scenario `file` on `pack`, as `nanite station check`
/// finds them: the parser's, then whether the game it sets up starts.
pub(crate) fn scenario_problems(pack: &Arc<Pack>, file: &str, text: &str) -> Diagnostics {
    let (parsed, mut found) = scenario::parse(file, text, pack);
    match parsed {
        Some(s) if !found.has_errors() => {
            if let Err(e) = State::new(pack.clone(), Arc::new(s)) {
                found.push(
                    Diagnostic::error("scenario", format!("the game it sets up cannot start: {e}"))
                        .help("fix the scenario so `nanite station check` accepts it")
                        .at(file, None),
                );
            }
        }
        Some(_) => {}
        None if found.has_errors() => {}
        None => found.push(
            Diagnostic::error("scenario", "the scenario does not read")
                .help("see docs/station/scenario.md for the format")
                .at(file, None),
        ),
    }
    found
}

/// Loads a Station version: its `.toml` files as the pack (the CLI's
/// `--pack DIR`), then each scenario on that pack; every problem at once.
pub(crate) fn load(files: &BTreeMap<String, String>) -> (Uploaded, Diagnostics) {
    let sources: Vec<SourceFile> = files
        .iter()
        .filter(|(path, _)| path.ends_with(".toml"))
        .map(|(path, text)| SourceFile::new(path.clone(), text.clone()))
        .collect();
    let (pack, mut found) = Pack::load(&sources);
    let pack = Arc::new(pack);
    if sources.is_empty() {
        found.push(
            Diagnostic::error(
                "files",
                "the upload holds no pack file; a Station pack is its `.toml` files (gear, creatures, classes, cards, loot, powers, cyber)",
            )
            .help("send the files of the directory `nanite station --pack DIR` reads"),
        );
    }
    // A scenario is only worth checking on a pack that loads: on a broken
    // one its ids would fail for the pack's reasons.
    if !found.has_errors() {
        for s in scenarios(files) {
            found.extend(scenario_problems(&pack, &s.file, &s.text));
        }
    }
    (Uploaded::Station(pack), found)
}

/// The name a Station version goes by: its folder's, or a plain one (a
/// Station pack has no manifest).
pub(crate) fn name(files: &BTreeMap<String, String>) -> String {
    files
        .keys()
        .find_map(|p| p.rsplit_once('/').map(|(dir, _)| dir.to_string()))
        .unwrap_or_else(|| "Station pack".to_string())
}

/// The Station content a campaign's new games start on.
pub(crate) struct StationInForce {
    /// The version (0: the built-in sample pack).
    pub(crate) version: u32,
    /// Its digest (none: the built-in sample pack).
    pub(crate) digest: Option<String>,
    /// The pack.
    pub(crate) pack: Arc<Pack>,
    /// The version's scenarios (none for the built-in pack).
    pub(crate) scenarios: Vec<PackScenario>,
}

/// The Station content `campaign` plays now.
pub(crate) async fn in_force(
    state: &crate::AppState,
    campaign: &str,
) -> Result<StationInForce, crate::error::AppError> {
    let now = super::in_force(state, campaign).await?;
    if now.version == 0 {
        return Ok(StationInForce {
            version: 0,
            digest: None,
            pack: now.packs.station,
            scenarios: Vec::new(),
        });
    }
    let stored = super::version(state, campaign, now.version).await?;
    Ok(StationInForce {
        version: now.version,
        digest: Some(stored.digest),
        pack: now.packs.station,
        scenarios: scenarios(&stored.files),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/station");

    fn sample_files() -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        for entry in std::fs::read_dir(SAMPLE_DIR).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.insert(name, std::fs::read_to_string(&path).unwrap());
        }
        out
    }

    #[test]
    fn the_sample_directory_and_its_scenarios_load_as_the_cli_loads_them() {
        let mut files = sample_files();
        files.insert(
            "lab.txt".into(),
            include_str!("../../../../examples/station/derelict-lab.txt").into(),
        );
        let (_, found) = load(&files);
        assert!(!found.has_errors(), "{found}");
        let s = scenarios(&files);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].id, "lab");
    }

    #[test]
    fn every_problem_of_the_pack_comes_out_at_once() {
        let mut files = sample_files();
        files.insert(
            "broken.toml".into(),
            "format = 1\n[[weapon]]\nid = \"x\"\nkind = \"laser\"\ndamage = 0\n".into(),
        );
        let (_, found) = load(&files);
        assert!(found.error_count() >= 2, "{found}");
        assert!(
            found
                .iter()
                .all(|d| d.file.as_deref() == Some("broken.toml"))
        );
    }

    #[test]
    fn a_scenario_naming_what_the_pack_lacks_is_refused_with_its_line() {
        let mut files = sample_files();
        files.insert(
            "bad.txt".into(),
            include_str!("../../../../examples/station/derelict-lab.txt")
                .replace("marine", "wizard")
                .replace("crawler", "dragon"),
        );
        let (_, found) = load(&files);
        assert!(found.error_count() >= 2, "{found}");
        assert!(
            found
                .iter()
                .all(|d| d.file.as_deref() == Some("bad.txt") && d.line.is_some()),
            "{found}"
        );
    }

    #[test]
    fn a_version_without_pack_files_is_refused() {
        let files = BTreeMap::from([("x.txt".to_string(), "name: x".to_string())]);
        let (_, found) = load(&files);
        assert!(found.has_errors());
        assert_eq!(name(&files), "Station pack");
        let named = BTreeMap::from([("mine/gear.toml".to_string(), String::new())]);
        assert_eq!(name(&named), "mine");
    }
}
