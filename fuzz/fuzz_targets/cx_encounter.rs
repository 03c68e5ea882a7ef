//! Fuzz target: any text as a Compound X encounter file is read as `nanite
//! cx encounter` reads it (its script lines parsed) without panicking or
//! hanging.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        nanite_fuzz::cx::encounter::read(text);
    }
});
