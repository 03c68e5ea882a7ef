//! Finding the D20 content pack: `--pack DIR`, or the sample pack built in.

use std::path::Path;

use anyhow::{Context, Result, bail};
use nanite_core::content::SourceFile;
use nanite_d20::Pack;

/// The sample pack's files, compiled into the binary so `nanite d20` works
/// from any directory.
const SAMPLE: [(&str, &str); 4] = [
    (
        "pack.toml",
        include_str!("../../../../content/d20/pack.toml"),
    ),
    (
        "skills.toml",
        include_str!("../../../../content/d20/skills.toml"),
    ),
    (
        "gear.toml",
        include_str!("../../../../content/d20/gear.toml"),
    ),
    (
        "magic.toml",
        include_str!("../../../../content/d20/magic.toml"),
    ),
];

/// Loads the pack in `dir`, or the built-in sample pack. A pack with errors
/// is refused with all of them.
pub(super) fn load(dir: Option<&Path>) -> Result<Pack> {
    let files: Vec<SourceFile> = match dir {
        None => SAMPLE
            .iter()
            .map(|(name, text)| SourceFile::new(format!("content/d20/{name}"), *text))
            .collect(),
        Some(dir) => read_dir(dir)?,
    };
    let (pack, found) = Pack::load(&files);
    if found.has_errors() {
        bail!(
            "the D20 content pack has {} error{}:\n{found}",
            found.error_count(),
            if found.error_count() == 1 { "" } else { "s" }
        );
    }
    Ok(pack)
}

fn read_dir(dir: &Path) -> Result<Vec<SourceFile>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the content pack directory {}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|x| x == "toml") {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            files.push(SourceFile::new(path.display().to_string(), text));
        }
    }
    if files.is_empty() {
        bail!(
            "{} holds no .toml files; a pack needs at least pack.toml",
            dir.display()
        );
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_sample_matches_the_content_directory() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/d20");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        on_disk.sort();
        let mut built_in: Vec<String> = SAMPLE.iter().map(|(n, _)| n.to_string()).collect();
        built_in.sort();
        assert_eq!(
            on_disk, built_in,
            "add new pack files to SAMPLE in d20/pack.rs"
        );
        load(None).expect("the built-in sample pack loads");
    }
}
