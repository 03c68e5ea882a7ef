//! Fuzz target: any text as a D20 character file is read, checked against
//! the sample pack (as `nanite d20 check`) and, when valid, computed into a
//! sheet and a fighter, without panicking or hanging.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_core::content::SourceFile;
use nanite_d20::encounter::Fighter;
use nanite_d20::{Character, Sheet, validate};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pack = nanite_fuzz::d20_pack();
    let (character, mut found) = Character::read(&SourceFile::new("fuzz.toml", text));
    if !found.has_errors() {
        found.extend(validate(&character, pack));
    }
    let _ = found.to_string();
    if !found.has_errors() {
        let _ = Sheet::compute(&character, pack, &pack.campaign);
        let _ = Fighter::new(&character, pack, &pack.campaign);
    }
});
