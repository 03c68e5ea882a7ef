//! The built-in Compound X sample pack, compiled into the server so it runs
//! from any directory (the same files `nanite cx` builds in).

use anyhow::bail;
use nanite_compound_x::Pack;
use nanite_core::content::SourceFile;

/// The sample pack's files.
const SAMPLE: [(&str, &str); 8] = [
    (
        "pack.toml",
        include_str!("../../../content/compound-x/pack.toml"),
    ),
    (
        "races.toml",
        include_str!("../../../content/compound-x/races.toml"),
    ),
    (
        "classes.toml",
        include_str!("../../../content/compound-x/classes.toml"),
    ),
    (
        "skills.toml",
        include_str!("../../../content/compound-x/skills.toml"),
    ),
    (
        "feats.toml",
        include_str!("../../../content/compound-x/feats.toml"),
    ),
    (
        "weapons.toml",
        include_str!("../../../content/compound-x/weapons.toml"),
    ),
    (
        "gear.toml",
        include_str!("../../../content/compound-x/gear.toml"),
    ),
    (
        "spells.toml",
        include_str!("../../../content/compound-x/spells.toml"),
    ),
];

/// Loads the sample pack; a pack with errors is refused with all of them.
pub(crate) fn sample() -> anyhow::Result<Pack> {
    let files: Vec<SourceFile> = SAMPLE
        .iter()
        .map(|(name, text)| SourceFile::new(format!("content/compound-x/{name}"), *text))
        .collect();
    let (pack, found) = Pack::load(&files);
    if found.has_errors() {
        bail!("the built-in content pack has errors:\n{found}");
    }
    Ok(pack)
}

#[cfg(test)]
mod tests {
    #[test]
    fn built_in_sample_matches_the_content_directory() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/compound-x");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        on_disk.sort();
        let mut built_in: Vec<String> = super::SAMPLE.iter().map(|(n, _)| n.to_string()).collect();
        built_in.sort();
        assert_eq!(on_disk, built_in, "add new pack files to SAMPLE in pack.rs");
        super::sample().expect("the built-in sample pack loads");
    }
}
