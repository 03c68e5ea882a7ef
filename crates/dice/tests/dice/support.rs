//! Helpers shared by the test modules: rolling with scripted dice and
//! rendering errors.

use nanite_dice::{Expression, Roll, ScriptedDice};

/// Parses `text` and rolls it with exactly `dice`, checking that every
/// supplied die was asked for.
pub(crate) fn roll_scripted(text: &str, dice: &[i64]) -> Roll {
    let expr = Expression::parse(text).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"));
    let mut source = ScriptedDice::new(dice.iter().copied());
    let roll = expr
        .roll(&mut source)
        .unwrap_or_else(|e| panic!("{text:?} with dice {dice:?} should roll: {e}"));
    assert_eq!(
        source.remaining(),
        0,
        "{text:?} with dice {dice:?} left {} dice unused",
        source.remaining()
    );
    roll
}

/// The message of the error from parsing `text`, or of rolling it with a
/// seeded source when it parses.
pub(crate) fn error_of(text: &str) -> String {
    match Expression::parse(text) {
        Err(e) => e.to_string(),
        Ok(expr) => match expr.roll(&mut nanite_dice::SeededDice::new(1)) {
            Err(e) => e.to_string(),
            Ok(roll) => panic!("{text:?} should fail but rolled {roll}"),
        },
    }
}
