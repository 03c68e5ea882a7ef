//! Fuzz target: any text as lines of the D20 text command language
//! (`nanite_d20::script`: encounter file scripts, the `nanite d20 play`
//! prompt and the server's script route; at most 64 lines) is parsed,
//! resolved against a sample fight and run through the engine: no panic, a
//! refused command changes nothing, and the log replays to the state
//! reached.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_d20::encounter::D20;
use nanite_d20::script;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let start = nanite_fuzz::d20_battle();
    let commands: Vec<_> = text
        .lines()
        .take(nanite_fuzz::MOST_COMMANDS)
        .filter_map(|line| match script::parse(line) {
            Ok(order) => order.command(start).ok(),
            Err(e) => {
                let _ = e.under(line);
                None
            }
        })
        .collect();
    nanite_fuzz::run::<D20>(
        start,
        commands,
        nanite_fuzz::seed(data),
        nanite_fuzz::same_json,
    );
});
