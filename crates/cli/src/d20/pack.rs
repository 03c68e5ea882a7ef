//! Finding the D20 content pack: `--pack DIR`, or the sample pack built in.

use std::path::Path;

use anyhow::Result;
use nanite_d20::Pack;

use crate::pack_files;

/// Loads the pack in `dir`, or the sample pack built into the binary (so
/// `nanite d20` works from any directory). A pack with errors is refused
/// with all of them.
pub(super) fn load(dir: Option<&Path>) -> Result<Pack> {
    let files = match dir {
        Some(dir) => pack_files::read(dir)?,
        None => Pack::sample_files(),
    };
    let (pack, found) = Pack::load(&files);
    pack_files::checked(pack, &found, "the D20 content pack")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_sample_pack_loads() {
        super::load(None).expect("the built-in sample pack loads");
    }
}
