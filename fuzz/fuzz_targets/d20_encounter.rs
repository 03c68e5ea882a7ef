//! Fuzz target: any text as a D20 encounter file is read as `nanite d20
//! encounter` reads it (its script lines parsed) without panicking or
//! hanging.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        nanite_fuzz::d20::encounter::read(text);
    }
});
