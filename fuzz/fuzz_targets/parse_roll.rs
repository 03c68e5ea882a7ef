//! Fuzz target: any bytes, as dice notation, must parse, roll and (for small
//! expressions) give an exact distribution without panicking or hanging.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nanite_dice::{Distribution, Expression, SeededDice};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = Expression::parse(text) else {
        return;
    };
    let _ = expr.to_string();
    let seed = data
        .iter()
        .fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(*b));
    let _ = expr.roll(&mut SeededDice::new(seed));
    let _ = expr.roll_with(&[("FORT", 7), ("LEVEL", -3)], &mut SeededDice::new(seed));
    let _ = expr.evaluate(&[("FORT", 7)]);
    // Exact distributions are bounded by their own work limit, but that limit
    // allows seconds of work; keep each run quick.
    if expr.base_dice() <= 50 {
        let _ = Distribution::of(&expr);
    }
});
