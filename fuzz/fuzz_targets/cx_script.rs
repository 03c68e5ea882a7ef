//! Fuzz target: any text as lines of the Compound X text command language
//! (`nanite_compound_x::script`: encounter file scripts and the `nanite cx
//! play` prompt; at most 64 lines) is parsed, resolved against a sample
//! fight and run through the engine: no panic, a refused command changes
//! nothing, and the log replays to the state reached.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_compound_x::encounter::CompoundX;
use nanite_compound_x::script;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let start = nanite_fuzz::cx_battle();
    // Each line resolves against the sample fight as it starts: enough to
    // reach the engine with well-formed commands.
    let commands: Vec<_> = text
        .lines()
        .take(nanite_fuzz::MOST_COMMANDS)
        .filter_map(|line| match script::parse(line) {
            Ok(parsed) => parsed.order.command(start).ok(),
            Err(e) => {
                let _ = e.under(line);
                None
            }
        })
        .collect();
    nanite_fuzz::run::<CompoundX>(
        start,
        commands,
        nanite_fuzz::seed(data),
        nanite_fuzz::same_json,
    );
});
