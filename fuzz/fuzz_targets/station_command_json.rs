//! Fuzz target: any bytes as the API's JSON commands for Station (one object,
//! or an array of at most 64), read as the server reads a command body
//! (an `add` is refused, a `dice` field set aside), and decided against a
//! sample game: no panic, a refused command changes nothing, and the log
//! replays to the state reached.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_station::{Command, Station};

fuzz_target!(|data: &[u8]| {
    let commands: Vec<Command> = nanite_fuzz::station_json_commands(data);
    nanite_fuzz::run::<Station>(
        nanite_fuzz::station_state(),
        commands,
        nanite_fuzz::seed(data),
        |a, b| a == b,
    );
});
