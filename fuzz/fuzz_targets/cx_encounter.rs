//! Fuzz target: any text as a Compound X encounter file is read by
//! `nanite_compound_x::encounter_file::read`, the reader of `nanite cx
//! encounter` and `nanite cx play` (its script lines parsed), without
//! panicking or hanging, and its problems are written out.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_compound_x::encounter_file;
use nanite_core::content::SourceFile;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let (file, found) = encounter_file::read(&SourceFile::new("fuzz.toml", text), "fuzz");
        let _ = found.to_string();
        assert!(
            file.is_none() || !found.has_errors(),
            "a file with errors was read as fit to run"
        );
    }
});
