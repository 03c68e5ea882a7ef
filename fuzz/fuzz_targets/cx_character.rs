//! Fuzz target: any text as a Compound X character file is read, checked
//! against the sample pack (as `nanite cx check`) and, when valid, computed
//! into a sheet and a fighter, without panicking or hanging.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::{Character, Sheet, validate};
use nanite_core::content::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pack = nanite_fuzz::cx_pack();
    let (character, mut found) = Character::read(&SourceFile::new("fuzz.toml", text));
    if !found.has_errors() {
        found.extend(validate(&character, pack));
    }
    let _ = found.to_string();
    if !found.has_errors() {
        let sheet = Sheet::compute(&character, pack);
        let _ = Fighter::from_sheet(&sheet, pack);
    }
});
