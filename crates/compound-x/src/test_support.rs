//! What the unit tests share: the sample pack, loaded and checked, and
//! characters and fighters read from character file texts.

use nanite_core::content::SourceFile;

use crate::combat::Fighter;
use crate::{Character, Pack, Sheet};

/// The built-in sample pack; panics with every diagnostic if it has errors.
pub(crate) fn pack() -> Pack {
    let (pack, found) = Pack::load(&Pack::sample_files());
    assert!(!found.has_errors(), "{found}");
    pack
}

/// The character of the file `file` holding `text`; panics with every
/// diagnostic if it does not read.
pub(crate) fn character(file: &str, text: &str) -> Character {
    let (character, found) = Character::read(&SourceFile::new(file, text));
    assert!(!found.has_errors(), "{found}");
    character
}

/// The fighter of that character in `pack`.
pub(crate) fn fighter(pack: &Pack, file: &str, text: &str) -> Fighter {
    Fighter::from_sheet(&Sheet::compute(&character(file, text), pack), pack)
}
