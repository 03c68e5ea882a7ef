//! The bounds of a scenario file: how big its text and map may be, how many
//! of each thing it may hold, and the range of every number in it
//! (documented in docs/station/scenario.md, "Limits"). They keep a careless
//! or hostile file from stalling whoever reads it (a map of 2,000,000,000
//! squares, a camera per square) and keep every later sum far from
//! overflowing.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The longest scenario text, in bytes.
pub const TEXT_BYTES: usize = 1 << 20;
/// Squares across and down: every square's x and y lie in `0..MAP_SQUARES`.
pub const MAP_SQUARES: i32 = 128;
/// Map pieces in one scenario.
pub const PIECES: usize = 64;
/// Players (their starts are the digits 1 to 4).
pub const PLAYERS: usize = 4;
/// Objectives.
pub const OBJECTIVES: usize = 32;
/// Doors, searchable objects and light tokens, each.
pub const MANY: usize = 256;
/// Cameras, turrets and switches, each.
pub const SOME: usize = 32;
/// Security stations, bio-reconstruction machines and upgrade units, each.
pub const FEW: usize = 16;

/// Threat levels.
pub const THREAT_LEVELS: RangeInclusive<u32> = 1..=20;
/// How many of a creature a threat level allows on the map.
pub const CREATURES_ALLOWED: RangeInclusive<u32> = 0..=50;
/// Starting cyber modules (`starting-cm`, `starting-cm-by-players`).
pub const CYBER_MODULES: RangeInclusive<i32> = 0..=1000;
/// The GM's starting creature points, BCP and MCP each.
pub const CREATURE_POINTS: RangeInclusive<i32> = 0..=1000;
/// A `kill N` objective's count.
pub const KILLS: RangeInclusive<u32> = 1..=1000;
/// A `survive T` objective's turn.
pub const TURNS: RangeInclusive<u32> = 1..=1000;
/// An objective's reward in cyber modules.
pub const REWARD: RangeInclusive<i32> = 0..=100;
/// A hack's difficulty.
pub const DIFFICULTY: RangeInclusive<i32> = 0..=30;
/// A hack's required hacking level.
pub const SKILL: RangeInclusive<i32> = 0..=20;
/// A hack's nanite cost.
pub const NANITES: RangeInclusive<i32> = 0..=100;
/// A camera's or turret's range in squares.
pub const RANGE: RangeInclusive<i32> = 1..=50;
/// A camera's or turret's full angle in degrees.
pub const ANGLE: RangeInclusive<i32> = 1..=360;
/// A turret's total accuracy.
pub const ACCURACY: RangeInclusive<i32> = 0..=20;
/// A turret's damage per shot.
pub const DAMAGE: RangeInclusive<i32> = 1..=100;
/// Turns a hacked security station keeps cameras and turrets off.
pub const DOWNTIME: RangeInclusive<u32> = 1..=100;

/// Reads a whole number in `range`; the error names `what`, the text and
/// the range.
pub(crate) fn whole<T>(text: &str, what: &str, range: &RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    match text.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(_) => Err(out_of_range(text, what, range)),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(out_of_range(text, what, range))
        }
        Err(_) => Err(format!("`{text}` is not a whole number ({what})")),
    }
}

fn out_of_range<T: Display>(text: &str, what: &str, range: &RangeInclusive<T>) -> String {
    format!(
        "{what} {text} is out of range: from {} to {}",
        range.start(),
        range.end()
    )
}

/// Checks that there are at most `max` of `what`.
pub(crate) fn at_most(count: usize, max: usize, what: &str) -> Result<(), String> {
    if count > max {
        return Err(format!(
            "the scenario has {count} {what}; it may have at most {max}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_within_their_range() {
        // input: numbers in and out of range, too big for the type, not numbers
        let cases: [(&str, Result<i32, &str>); 6] = [
            ("5", Ok(5)),
            ("0", Ok(0)),
            (
                "1001",
                Err("starting-cm 1001 is out of range: from 0 to 1000"),
            ),
            ("-1", Err("starting-cm -1 is out of range: from 0 to 1000")),
            (
                "2147483648",
                Err("starting-cm 2147483648 is out of range: from 0 to 1000"),
            ),
            ("many", Err("`many` is not a whole number (starting-cm)")),
        ];
        for (text, want) in cases {
            let got = whole(text, "starting-cm", &CYBER_MODULES);
            assert_eq!(got, want.map_err(str::to_string), "{text}");
        }
    }
}
