//! The background image an encounter file's `[map]` names
//! (`background = "warehouse.webp"`, beside the file): read and checked
//! as the server checks an upload (a PNG, JPEG or WebP image by its first
//! bytes, at most 512 KiB), then kept with the map, so that `--svg` draws
//! it (as a `data:` address: the drawing needs no other file).

use std::path::Path;

use nanite_compound_x::encounter::scene::{Backdrop, MAX_BACKDROP_BYTES};
use nanite_compound_x::encounter_file::MapSection;
use nanite_core::content::SourceFile;
use nanite_core::{Diagnostic, Diagnostics};

/// Reads the image `map` names, beside `file`, into its layout; a missing,
/// oversized or foreign file is an error at its line.
pub(crate) fn load(file: &SourceFile, map: &mut MapSection, found: &mut Diagnostics) {
    let Some((name, line)) = map.background.clone() else {
        return;
    };
    let dir = Path::new(file.name()).parent().unwrap_or(Path::new(""));
    let path = dir.join(&name);
    let error = |message: String, help: &str| {
        Diagnostic::error("map.background", message)
            .help(help)
            .at(file.name(), Some(line))
    };
    let size = match std::fs::metadata(&path) {
        Ok(m) => m.len(),
        Err(e) => {
            found.push(error(
                format!("cannot read the background image {}: {e}", path.display()),
                "name an image file beside the encounter file, like background = \"warehouse.webp\"",
            ));
            return;
        }
    };
    if size > MAX_BACKDROP_BYTES as u64 {
        found.push(error(
            format!(
                "the background image {} is {size} bytes; at most {MAX_BACKDROP_BYTES} ({} KiB) are kept with a map",
                path.display(),
                MAX_BACKDROP_BYTES / 1024
            ),
            "shrink or compress it (WebP or JPEG)",
        ));
        return;
    }
    let checked = std::fs::read(&path)
        .map_err(|e| e.to_string())
        .and_then(|bytes| Backdrop::new(bytes).map_err(|e| e.to_string()));
    match checked {
        Ok(image) => map.layout.background = Some(image),
        Err(why) => found.push(error(
            format!("{}: {why}", path.display()),
            "give a PNG, JPEG or WebP image of at most 512 KiB",
        )),
    }
}
