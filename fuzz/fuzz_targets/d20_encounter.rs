//! Fuzz target: any text as a D20 encounter file is read by
//! `nanite_d20::encounter_file::read` over the default campaign, the reader
//! of `nanite d20 encounter` and `nanite d20 play` (its script lines
//! parsed), without panicking or hanging, and its problems are written out.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_core::content::SourceFile;
use nanite_d20::Campaign;
use nanite_d20::encounter_file;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let (file, found) = encounter_file::read(
            &SourceFile::new("fuzz.toml", text),
            "fuzz",
            &Campaign::default(),
        );
        let _ = found.to_string();
        assert!(
            file.is_none() || !found.has_errors(),
            "a file with errors was read as fit to run"
        );
    }
});
