//! Fuzz target: any text as lines of the Station text command language
//! (`nanite_station::script`, the `nanite station play` prompt's; at most 64
//! lines) is parsed and run through the engine on the Derelict Lab: no
//! panic, a refused command changes nothing, and the log replays to the
//! state reached.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_station::{Station, script};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let commands: Vec<_> = text
        .lines()
        .take(nanite_fuzz::MOST_COMMANDS)
        .filter_map(|line| match script::parse(line) {
            Ok(command) => command,
            Err(e) => {
                let _ = e.under(line);
                None
            }
        })
        .collect();
    nanite_fuzz::run::<Station>(
        nanite_fuzz::station_state(),
        commands,
        nanite_fuzz::seed(data),
        |a, b| a == b,
    );
});
