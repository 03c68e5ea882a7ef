//! Fuzz target: any text as a Station scenario is read against the sample
//! pack (as `nanite station check`) and, when it reads clean, set up as a
//! game, without panicking, hanging or allocating without bound.

#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use nanite_station::{State, scenario};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pack = nanite_fuzz::station_pack();
    let (found_scenario, found) = scenario::parse("fuzz.txt", text, pack);
    let _ = found.to_string();
    if let (Some(s), false) = (found_scenario, found.has_errors()) {
        let _ = State::new(pack.clone(), Arc::new(s));
    }
});
