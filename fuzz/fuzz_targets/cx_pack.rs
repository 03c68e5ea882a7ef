//! Fuzz target: the Compound X sample pack with one file replaced by any
//! text (the first byte picks which) loads without panicking or hanging
//! and, when it loads clean, computes the example character vex's sheet.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::{Character, Pack, SAMPLE_PACK, Sheet, validate};
use nanite_core::content::SourceFile;

const VEX: &str = include_str!("../../examples/compound-x/vex.toml");

fuzz_target!(|data: &[u8]| {
    let Some(files) = nanite_fuzz::pack_files(&SAMPLE_PACK, data) else {
        return;
    };
    let (pack, found) = Pack::load(&files);
    let _ = found.to_string();
    if found.has_errors() {
        return;
    }
    let (vex, _) = Character::read(&SourceFile::new("vex.toml", VEX));
    if !validate(&vex, &pack).has_errors() {
        let sheet = Sheet::compute(&vex, &pack);
        let _ = Fighter::from_sheet(&sheet, &pack);
    }
});
