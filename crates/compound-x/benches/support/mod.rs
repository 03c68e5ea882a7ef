//! What the benchmarks share: the sample pack and fighters read from
//! character text.

use nanite_compound_x::combat::Fighter;
use nanite_compound_x::{Character, Pack, Sheet};
use nanite_core::content::SourceFile;

/// The built-in sample pack; panics on any error in it.
pub(crate) fn pack() -> Pack {
    let (pack, found) = Pack::load(&Pack::sample_files());
    assert!(!found.has_errors(), "{found}");
    pack
}

/// The fighter of a character text; panics on any error in it.
pub(crate) fn fighter(pack: &Pack, text: &str) -> Fighter {
    let (character, found) = Character::read(&SourceFile::new("bench.toml", text));
    assert!(!found.has_errors(), "{found}");
    Fighter::from_sheet(&Sheet::compute(&character, pack), pack)
}
