//! The built-in sample packs, Compound X and D20, compiled into the server
//! so it runs from any directory (the same files `nanite cx` and `nanite
//! d20` build in).

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

/// The D20 sample pack's files.
const D20_SAMPLE: [(&str, &str); 4] = [
    ("pack.toml", include_str!("../../../content/d20/pack.toml")),
    (
        "skills.toml",
        include_str!("../../../content/d20/skills.toml"),
    ),
    ("gear.toml", include_str!("../../../content/d20/gear.toml")),
    (
        "magic.toml",
        include_str!("../../../content/d20/magic.toml"),
    ),
];

/// Loads the D20 sample pack; a pack with errors is refused with all of
/// them.
pub(crate) fn d20_sample() -> anyhow::Result<nanite_d20::Pack> {
    let files: Vec<SourceFile> = D20_SAMPLE
        .iter()
        .map(|(name, text)| SourceFile::new(format!("content/d20/{name}"), *text))
        .collect();
    let (pack, found) = nanite_d20::Pack::load(&files);
    if found.has_errors() {
        bail!("the built-in D20 content pack has errors:\n{found}");
    }
    Ok(pack)
}

/// Every ruleset's pack: what replaying a campaign's stream needs.
#[derive(Debug)]
pub(crate) struct Packs {
    /// Compound X's.
    pub(crate) cx: Pack,
    /// D20's.
    pub(crate) d20: nanite_d20::Pack,
}

impl Packs {
    /// The built-in sample packs.
    pub(crate) fn sample() -> anyhow::Result<Packs> {
        Ok(Packs {
            cx: sample()?,
            d20: d20_sample()?,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn built_in_d20_sample_matches_the_content_directory() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/d20");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        on_disk.sort();
        let mut built_in: Vec<String> = super::D20_SAMPLE
            .iter()
            .map(|(n, _)| n.to_string())
            .collect();
        built_in.sort();
        assert_eq!(
            on_disk, built_in,
            "add new pack files to D20_SAMPLE in pack.rs"
        );
        super::d20_sample().expect("the built-in D20 sample pack loads");
    }

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
