//! Tidy checks over the whole workspace: every Rust module opens with a `//!`
//! line saying what it owns (a habit from ../shared/conventions.md).

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if matches!(
            name.to_str(),
            Some("target" | "node_modules" | "scratch" | ".git")
        ) {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_opens_with_a_doc_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["crates", "fuzz", "bench"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 20,
        "found only {} Rust files under {}",
        files.len(),
        root.display()
    );
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !fs::read_to_string(f).unwrap_or_default().starts_with("//!"))
        .map(|f| f.strip_prefix(&root).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a `//!` opening line: {missing:?}"
    );
}
