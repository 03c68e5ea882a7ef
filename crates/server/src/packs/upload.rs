//! What a pack upload may hold, checked before anything is read: a JSON
//! object of file paths to TOML texts (the files of the pack's directory,
//! as `--pack DIR` reads them; a Station pack's scenario files, `.txt`,
//! too). No archive is taken, so there is nothing to
//! decompress and no archive bomb: the request body's limit (1 MB) bounds
//! the whole pack, and the counts and names are bounded here. A path is
//! relative, made of plain names (letters, digits, `-`, `_`, `.`), at most
//! two deep, and ends in `.toml`; `..`, absolute paths, backslashes and
//! duplicate names are refused.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::AppError;

/// The most files a pack may hold.
pub(crate) const MAX_FILES: usize = 64;
/// The longest path, in bytes.
pub(crate) const MAX_PATH: usize = 120;
/// The largest file, in bytes.
pub(crate) const MAX_FILE: usize = 512 * 1024;

/// What `POST /api/campaigns/{campaign}/packs` takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PackUpload {
    /// Every file of the pack by its path (`pack.toml`, `weapons.toml`),
    /// each the file's whole text; one must be `pack.toml`.
    pub(crate) files: BTreeMap<String, String>,
}

/// Refuses a path that is not a plain relative `.toml` path (or, in a
/// Station pack, a scenario's `.txt`).
fn check_path(path: &str, scenarios: bool) -> Result<(), String> {
    if path.is_empty() || path.len() > MAX_PATH {
        return Err(format!(
            "a file path is 1 to {MAX_PATH} bytes; shorten `{}`",
            path.chars().take(40).collect::<String>()
        ));
    }
    let parts: Vec<&str> = path.split('/').collect();
    for part in &parts {
        if part.is_empty() || *part == "." || *part == ".." {
            return Err(format!(
                "`{path}` is not a plain relative path (no leading `/`, no `.` or `..`)"
            ));
        }
        if !part
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        {
            return Err(format!(
                "`{path}` holds a character other than letters, digits, `-`, `_`, `.` and `/`"
            ));
        }
    }
    if parts.len() > 2 {
        return Err(format!(
            "`{path}` is more than one folder deep; send the pack's own files (`pack.toml`, `weapons.toml`)"
        ));
    }
    if scenarios && path.ends_with(super::station::SCENARIO_EXTENSION) {
        return Ok(());
    }
    if !path.ends_with(".toml") {
        return Err(if scenarios {
            format!(
                "`{path}` is neither a .toml pack file nor a .txt scenario; a Station pack is its TOML files and its scenario files"
            )
        } else {
            format!("`{path}` is not a .toml file; a pack is its TOML files only")
        });
    }
    Ok(())
}

/// The upload's files, bounded and with safe names, or why not. A Station
/// pack (`scenarios`) may hold scenario files (`.txt`) too.
pub(crate) fn files(
    upload: PackUpload,
    scenarios: bool,
) -> Result<BTreeMap<String, String>, AppError> {
    let refuse = |message: String| AppError::unprocessable("invalid_pack_upload", message);
    if upload.files.is_empty() {
        return Err(refuse(
            "the upload holds no file; send `files` with at least `pack.toml`".into(),
        ));
    }
    if upload.files.len() > MAX_FILES {
        return Err(refuse(format!(
            "the upload holds {} files; a pack has at most {MAX_FILES}",
            upload.files.len()
        )));
    }
    for (path, text) in &upload.files {
        check_path(path, scenarios).map_err(refuse)?;
        if text.len() > MAX_FILE {
            return Err(refuse(format!(
                "`{path}` is {} bytes; a pack file is at most {MAX_FILE}",
                text.len()
            )));
        }
    }
    let manifests = upload
        .files
        .keys()
        .filter(|p| *p == "pack.toml" || p.ends_with("/pack.toml"))
        .count();
    if manifests > 1 {
        return Err(refuse(
            "the upload holds more than one pack.toml; send one pack".into(),
        ));
    }
    // Two folders would be two packs; a name twice in two folders would
    // read as two files of one.
    let folders: std::collections::BTreeSet<&str> = upload
        .files
        .keys()
        .map(|p| p.rsplit_once('/').map_or("", |(dir, _)| dir))
        .collect();
    if folders.len() > 1 {
        return Err(refuse(
            "the files are in more than one folder; send the files of one pack directory".into(),
        ));
    }
    Ok(upload.files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files_of(upload: PackUpload) -> Result<BTreeMap<String, String>, AppError> {
        files(upload, false)
    }

    fn upload(files: &[(&str, &str)]) -> PackUpload {
        PackUpload {
            files: files
                .iter()
                .map(|(p, t)| ((*p).to_string(), (*t).to_string()))
                .collect(),
        }
    }

    #[test]
    fn hostile_paths_are_refused_with_what_is_wrong() {
        let cases = [
            ("../pack.toml", "not a plain relative path"),
            ("/etc/pack.toml", "not a plain relative path"),
            ("a/../../x.toml", "not a plain relative path"),
            ("a/./x.toml", "not a plain relative path"),
            ("a\\..\\x.toml", "a character other than"),
            ("pack.toml\0", "a character other than"),
            ("notes.txt", "not a .toml file"),
            ("notes.md", "not a .toml file"),
            ("a/b/c.toml", "more than one folder deep"),
            ("", "1 to 120 bytes"),
        ];
        for (path, said) in cases {
            let e = files_of(upload(&[(path, "x")])).unwrap_err();
            assert_eq!(e.code(), "invalid_pack_upload", "{path}");
            assert!(e.message().contains(said), "{path}: {}", e.message());
        }
        let long = format!("{}.toml", "a".repeat(MAX_PATH));
        assert!(files_of(upload(&[(&long, "x")])).is_err());
    }

    #[test]
    fn counts_and_sizes_are_bounded() {
        let many: Vec<(String, String)> = (0..=MAX_FILES)
            .map(|i| (format!("f{i}.toml"), String::new()))
            .collect();
        let e = files_of(PackUpload {
            files: many.into_iter().collect(),
        })
        .unwrap_err();
        assert!(e.message().contains("at most 64"), "{}", e.message());
        let big = "#".repeat(MAX_FILE + 1);
        let e = files_of(upload(&[("pack.toml", &big)])).unwrap_err();
        assert!(e.message().contains("at most"), "{}", e.message());
        assert!(files_of(upload(&[])).is_err());
        let two = files_of(upload(&[("a/pack.toml", ""), ("b/pack.toml", "")])).unwrap_err();
        assert!(two.message().contains("more than one pack.toml"));
        let split = files_of(upload(&[("a/pack.toml", ""), ("b/x.toml", "")])).unwrap_err();
        assert!(split.message().contains("more than one folder"));
    }

    #[test]
    fn a_station_pack_takes_its_scenarios_too() {
        let ok = files(upload(&[("gear.toml", "a"), ("lab.txt", "b")]), true).unwrap();
        assert_eq!(ok.len(), 2);
        let e = files(upload(&[("gear.toml", "a"), ("notes.md", "b")]), true).unwrap_err();
        assert!(
            e.message().contains("nor a .txt scenario"),
            "{}",
            e.message()
        );
        let e = files(upload(&[("../lab.txt", "b")]), true).unwrap_err();
        assert!(e.message().contains("not a plain relative path"));
    }

    #[test]
    fn a_pack_directory_is_taken_as_it_is() {
        let ok = files_of(upload(&[("pack.toml", "a"), ("weapons.toml", "b")])).unwrap();
        assert_eq!(ok.len(), 2);
        let ok = files_of(upload(&[
            ("my-pack/pack.toml", "a"),
            ("my-pack/gear.toml", "b"),
        ]));
        assert!(ok.is_ok());
    }
}
