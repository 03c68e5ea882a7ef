//! Fuzz target: any text as lines of the D20 encounter script (at most 64)
//! is parsed, resolved against a sample fight and run through the engine:
//! no panic, a refused command changes nothing, and the log replays to the
//! state reached.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_d20::encounter::D20;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let start = nanite_fuzz::d20_battle();
    let commands: Vec<_> = text
        .lines()
        .take(nanite_fuzz::MOST_COMMANDS)
        .filter_map(|line| nanite_fuzz::d20::encounter::command(line, start))
        .collect();
    nanite_fuzz::run::<D20>(
        start,
        commands,
        nanite_fuzz::seed(data),
        nanite_fuzz::same_json,
    );
});
