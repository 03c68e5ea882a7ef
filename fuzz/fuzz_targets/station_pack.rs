//! Fuzz target: the Station sample pack with one file replaced by any text
//! (the first byte picks which) loads without panicking or hanging and,
//! when it loads clean, sets up the Derelict Lab example on it.

#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use nanite_station::{Pack, State, scenario};

const LAB: &str = include_str!("../../examples/station/derelict-lab.txt");

fuzz_target!(|data: &[u8]| {
    let Some(files) = nanite_fuzz::pack_files(&nanite_fuzz::STATION_SAMPLE, data) else {
        return;
    };
    let (pack, found) = Pack::load(&files);
    let _ = found.to_string();
    if found.has_errors() {
        return;
    }
    let (lab, found) = scenario::parse("derelict-lab.txt", LAB, &pack);
    if let (Some(lab), false) = (lab, found.has_errors()) {
        let _ = State::new(Arc::new(pack), Arc::new(lab));
    }
});
