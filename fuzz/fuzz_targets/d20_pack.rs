//! Fuzz target: the D20 sample pack with one file replaced by any text (the
//! first byte picks which) loads without panicking or hanging and, when it
//! loads clean, computes the example character bram's sheet.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_core::content::SourceFile;
use nanite_d20::encounter::Fighter;
use nanite_d20::pack::SAMPLE_PACK;
use nanite_d20::{Character, Pack, Sheet, validate};

const BRAM: &str = include_str!("../../examples/d20/bram.toml");

fuzz_target!(|data: &[u8]| {
    let Some(files) = nanite_fuzz::pack_files(&SAMPLE_PACK, data) else {
        return;
    };
    let (pack, found) = Pack::load(&files);
    let _ = found.to_string();
    if found.has_errors() {
        return;
    }
    let (bram, _) = Character::read(&SourceFile::new("bram.toml", BRAM));
    if !validate(&bram, &pack).has_errors() {
        let _ = Sheet::compute(&bram, &pack, &pack.campaign);
        let _ = Fighter::new(&bram, &pack, &pack.campaign);
    }
});
