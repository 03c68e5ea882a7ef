//! Shared helpers: the sample pack, characters from TOML text.

use std::sync::OnceLock;

use nanite_compound_x::{Character, Pack};
use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;

/// The files of the sample pack in `content/compound-x/`.
pub(crate) fn sample_files() -> Vec<SourceFile> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/compound-x");
    let mut files: Vec<SourceFile> = std::fs::read_dir(dir)
        .expect("the sample pack exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            SourceFile::new(name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort_by(|a, b| a.name().cmp(b.name()));
    files
}

/// The sample pack, loaded once; panics with every diagnostic if it has errors.
pub(crate) fn sample() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let (pack, found) = Pack::load(&sample_files());
        assert!(!found.has_errors(), "the sample pack has errors:\n{found}");
        pack
    })
}

/// A character read from `text` (as `test.toml`), with its diagnostics.
pub(crate) fn read(text: &str) -> (Character, Diagnostics) {
    Character::read(&SourceFile::new("test.toml", text))
}
