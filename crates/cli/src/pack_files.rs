//! What finding a ruleset's content pack shares between rulesets: the
//! files of `--pack DIR` (the sample pack built into the binary is the
//! ruleset's own), and refusing a pack that has errors with all of them.

use std::path::Path;

use anyhow::{Context, Result, bail};
use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;

/// The pack's files: the `.toml` files in `dir`.
pub(crate) fn read(dir: &Path) -> Result<Vec<SourceFile>> {
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

/// Refuses `pack` if reading it `found` errors, naming them all.
pub(crate) fn checked<P>(pack: P, found: &Diagnostics, what: &str) -> Result<P> {
    if found.has_errors() {
        bail!(
            "{what} has {} error{}:\n{found}",
            found.error_count(),
            if found.error_count() == 1 { "" } else { "s" }
        );
    }
    Ok(pack)
}
