//! Fuzz target: any bytes as the API's JSON commands for D20 (one object,
//! or an array of at most 64), read as the server reads a command body
//! (an `add` is refused, a `dice` field set aside), and decided against a
//! sample game: no panic, a refused command changes nothing, and the log
//! replays to the state reached.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_d20::encounter::{Command, D20};

fuzz_target!(|data: &[u8]| {
    let commands: Vec<Command> = nanite_fuzz::json_commands(data);
    nanite_fuzz::run::<D20>(
        nanite_fuzz::d20_battle(),
        commands,
        nanite_fuzz::seed(data),
        nanite_fuzz::same_json,
    );
});
