//! What every ruleset's content pack shares: the order its files are read
//! in ([`read_pack`]), the `[pack]` manifest in its `pack.toml`, the form
//! of an entry's id, and where each entry is defined.
//!
//! The sections a pack holds, and what they mean, are each ruleset's own
//! ([`PackReading`]).

use super::{Fields, Item, Reading, SourceFile, check_format};
use crate::diagnostic::{Diagnostic, Diagnostics};

/// A ruleset's pack being read, file by file, through [`read_pack`].
pub trait PackReading {
    /// The sections (`weapon`, `skill`) any file of the pack may hold,
    /// besides the manifest's own tables.
    const SECTIONS: &'static [&'static str];

    /// Reads the manifest's own tables (`[pack]` and the ruleset's others)
    /// from its document.
    fn read_manifest(&mut self, top: &Fields<'_, '_>);

    /// Reads the table of one of [`Self::SECTIONS`] in any file.
    fn read_section(&mut self, section: &str, table: &Fields<'_, '_>);
}

/// Reads every file of a pack into `pack`: its `pack.toml` first, then the
/// others in name order, so that what the manifest sets is known to every
/// section. A pack without a `pack.toml` is reported with `missing` (which
/// names the manifest's tables and the pack's docs), and its files are
/// still read. Every problem of every file is reported.
pub fn read_pack<P: PackReading>(
    files: &[SourceFile],
    pack: &mut P,
    missing: Diagnostic,
) -> Diagnostics {
    let mut found = Diagnostics::new();
    let mut sorted: Vec<&SourceFile> = files.iter().collect();
    sorted.sort_by_key(|f| (!is_manifest(f), f.name().to_string()));
    if !sorted.first().is_some_and(|f| is_manifest(f)) {
        found.push(missing);
    }
    for file in sorted {
        let reading = Reading::new(file);
        reading.document(|top| {
            if is_manifest(file) {
                pack.read_manifest(&top);
            }
            for &section in P::SECTIONS {
                if let Some(table) = top.table(section) {
                    pack.read_section(section, &table);
                    table.finish();
                }
            }
            top.finish();
        });
        found.extend(reading.finish());
    }
    found
}

/// A pack's manifest, the `[pack]` table of its `pack.toml`.
#[derive(Clone, Debug, Default)]
pub struct PackInfo {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its own version.
    pub version: String,
    /// Sample content, not a published game's numbers.
    pub sample: bool,
    /// What it is.
    pub description: String,
}

impl PackInfo {
    /// Reads the `[pack]` table of a manifest (`top` is its document) of
    /// a pack at the newest format `supported`, refusing a pack written for
    /// another ruleset than `ruleset` (the id a pack names, `compound-x`;
    /// `game` is its name for people, `Compound X`). `None` when there is
    /// no `[pack]` table (reported): the rest of the manifest is not read.
    pub fn read(top: &Fields<'_, '_>, supported: i64, ruleset: &str, game: &str) -> Option<Self> {
        let meta = top.required("pack").and_then(|i| i.table())?;
        let mut info = PackInfo::default();
        if check_format(&meta, "pack", supported) {
            info.id = meta.required_string("id").unwrap_or_default();
            info.name = meta.required_string("name").unwrap_or_default();
            info.version = meta.string("version").unwrap_or_default();
            info.sample = meta.boolean("sample").unwrap_or_default();
            info.description = meta.string("description").unwrap_or_default();
            if let Some(named) = meta.required_string("ruleset")
                && named != ruleset
            {
                meta.error_at(
                    "ruleset",
                    format!("this is a pack for `{named}`, not {game}"),
                    Some(format!(
                        "set ruleset = \"{ruleset}\", or load it with its own ruleset"
                    )),
                );
            }
            // Only a readable manifest has its other fields checked.
            meta.finish();
        }
        Some(info)
    }
}

/// Where each entry of a pack is defined (`weapon.smg` -> file and line),
/// for the problems found after reading (a reference to nothing).
#[derive(Clone, Debug, Default)]
pub struct Definitions {
    places: Vec<(String, String, usize)>,
}

impl Definitions {
    /// Records that `entry` (`weapon.smg`) is defined at `line` of `file`.
    pub fn add(&mut self, entry: String, file: &str, line: usize) {
        self.places.push((entry, file.to_string(), line));
    }

    /// Whether `entry` is defined already.
    pub fn contains(&self, entry: &str) -> bool {
        self.places.iter().any(|(e, _, _)| e == entry)
    }

    /// An error about `field` of `entry`, placed at the entry's definition.
    pub fn problem(&self, entry: &str, field: &str, message: String) -> Diagnostic {
        let d = Diagnostic::error(format!("{entry}.{field}"), message);
        match self.places.iter().find(|(e, _, _)| e == entry) {
            Some((_, file, line)) => d.at(file.clone(), Some(*line)),
            None => d,
        }
    }
}

/// Files given as `(name, text)`, such as a sample pack compiled in.
pub fn source_files(files: &[(&str, &str)]) -> Vec<SourceFile> {
    files
        .iter()
        .map(|(name, text)| SourceFile::new(*name, *text))
        .collect()
}

/// Whether `file` is a pack's manifest: its `pack.toml`.
pub fn is_manifest(file: &SourceFile) -> bool {
    file.name() == "pack.toml" || file.name().ends_with("/pack.toml")
}

/// Reports the entry `item` unless its `id` is one a pack may define:
/// lowercase letters, digits and `-`.
pub fn check_entry_id(item: &Item<'_, '_>, id: &str) {
    let valid = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        item.error(
            format!("`{id}` is not a valid id"),
            Some("ids use lowercase letters, digits and `-`".to_string()),
        );
    }
}
