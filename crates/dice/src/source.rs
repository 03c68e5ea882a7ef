//! Where die results come from: the operating system, a seeded generator, or
//! the table's physical dice.
//!
//! The engine asks a [`DiceSource`] for one die at a time, naming its sides and
//! its purpose, so a physical-dice source can tell the player exactly which die
//! to roll and why. Uniform sampling is done here, not by a library, so a seed
//! gives the same dice on every platform and every future version of nanite.

use std::collections::VecDeque;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::error::SourceError;

/// Why a die is rolled, beyond the purpose its caller gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DieRole {
    /// An ordinary die of the pool.
    Normal,
    /// A die rolled because another exploded.
    Explosion,
    /// A die rolled because another was rerolled.
    Reroll,
    /// The tens d10 of a percentile die (rule CX-DICE-01).
    Tens,
    /// The ones d10 of a percentile die (rule CX-DICE-01).
    Ones,
}

/// One die the engine needs.
#[derive(Debug, Clone, Copy)]
pub struct DieRequest<'a> {
    /// Faces of the die: the result must be in `1..=sides`.
    pub sides: u32,
    /// What the die is for ("accuracy", "armor", or the dice term as typed).
    pub purpose: &'a str,
    /// Its part in the roll.
    pub role: DieRole,
}

impl<'a> DieRequest<'a> {
    /// A normal die with `sides` faces for `purpose`.
    pub fn new(sides: u32, purpose: &'a str) -> Self {
        DieRequest {
            sides,
            purpose,
            role: DieRole::Normal,
        }
    }
}

/// A source of die results.
///
/// Implementations must return a value in `1..=request.sides`, or an error.
pub trait DiceSource {
    /// Rolls one die.
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError>;

    /// Whether this source shows or keeps the purposes of the dice it rolls.
    /// A caller may skip composing a detailed purpose ("accuracy d10 for
    /// Vex's burst at Drone-2") for a source that ignores it, such as a
    /// seeded generator in a simulation.
    fn reads_purposes(&self) -> bool {
        true
    }
}

impl<S: DiceSource + ?Sized> DiceSource for &mut S {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        (**self).roll(request)
    }

    fn reads_purposes(&self) -> bool {
        (**self).reads_purposes()
    }
}

impl<S: DiceSource + ?Sized> DiceSource for Box<S> {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        (**self).roll(request)
    }

    fn reads_purposes(&self) -> bool {
        (**self).reads_purposes()
    }
}

/// Maps a uniform `u32` stream to `1..=sides` without bias (Lemire's
/// multiply-and-reject method). Fixed here so seeds stay reproducible.
#[inline]
fn uniform(rng: &mut impl Rng, sides: u32) -> u32 {
    debug_assert!(sides >= 1);
    let range = sides;
    let mut m = u64::from(rng.next_u32()) * u64::from(range);
    if (m as u32) < range {
        let threshold = range.wrapping_neg() % range;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(range);
        }
    }
    (m >> 32) as u32 + 1
}

/// Seeded, reproducible dice (ChaCha8): the same seed always gives the same
/// dice, so a table's seed can be revealed afterwards and every roll audited.
#[derive(Debug, Clone)]
pub struct SeededDice {
    rng: ChaCha8Rng,
    seed: u64,
}

impl SeededDice {
    /// Dice from a 64-bit seed.
    pub fn new(seed: u64) -> Self {
        SeededDice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
        }
    }

    /// The seed these dice started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl DiceSource for SeededDice {
    #[inline]
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        Ok(uniform(&mut self.rng, request.sides))
    }

    fn reads_purposes(&self) -> bool {
        false
    }
}

/// Dice of one roll of a play session whose seed was committed beforehand:
/// ChaCha8 keyed by the session's 32-byte seed, on the stream numbered by
/// the roll's index in the session. Anyone holding the revealed seed and the
/// index re-derives exactly the same dice (the sampling is fixed here), and
/// no two rolls of a session share a stream.
#[derive(Debug, Clone)]
pub struct KeyedDice {
    rng: ChaCha8Rng,
}

impl KeyedDice {
    /// The dice of roll `index` of the session with `seed`.
    pub fn new(seed: [u8; 32], index: u64) -> Self {
        let mut rng = ChaCha8Rng::from_seed(seed);
        rng.set_stream(index);
        KeyedDice { rng }
    }
}

impl DiceSource for KeyedDice {
    #[inline]
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        Ok(uniform(&mut self.rng, request.sides))
    }
}

/// Dice from the operating system's entropy, for live play.
///
/// Reads entropy in blocks of 256 bytes to keep system calls rare; every die
/// still comes from fresh operating-system randomness.
#[derive(Debug, Clone, Default)]
pub struct EntropyDice {
    buffer: Vec<u32>,
}

impl EntropyDice {
    /// A new entropy source.
    pub fn new() -> Self {
        EntropyDice::default()
    }

    fn next_u32(&mut self) -> Result<u32, SourceError> {
        if let Some(v) = self.buffer.pop() {
            return Ok(v);
        }
        let mut bytes = [0u8; 256];
        getrandom::fill(&mut bytes).map_err(|e| SourceError::Entropy(e.to_string()))?;
        self.buffer = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(self.buffer.pop().unwrap_or_default())
    }
}

impl DiceSource for EntropyDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        let range = request.sides;
        loop {
            let m = u64::from(self.next_u32()?) * u64::from(range);
            let threshold = range.wrapping_neg() % range;
            if (m as u32) >= threshold {
                return Ok((m >> 32) as u32 + 1);
            }
        }
    }
}

/// Physical dice typed in ahead of time: each request takes the next value.
///
/// A value outside `1..=sides` is an error naming the die and its purpose, and
/// running out is an error saying which die is still needed. For a percentile
/// die, give the tens d10 then the ones d10, each as 1..10 (a face showing 0 is
/// 10).
#[derive(Debug, Clone, Default)]
pub struct ScriptedDice {
    values: VecDeque<i64>,
    used: usize,
    log: Vec<(u32, String)>,
}

impl ScriptedDice {
    /// Dice that will answer with `values`, in order.
    pub fn new(values: impl IntoIterator<Item = i64>) -> Self {
        ScriptedDice {
            values: values.into_iter().collect(),
            used: 0,
            log: Vec::new(),
        }
    }

    /// How many supplied values are not used yet.
    pub fn remaining(&self) -> usize {
        self.values.len()
    }

    /// Each die asked for so far: sides and purpose.
    pub fn requests(&self) -> &[(u32, String)] {
        &self.log
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        let purpose = describe(request);
        self.log.push((request.sides, purpose.clone()));
        let Some(value) = self.values.pop_front() else {
            return Err(SourceError::Exhausted {
                sides: request.sides,
                purpose,
                used: self.used,
            });
        };
        if value < 1 || value > i64::from(request.sides) {
            return Err(SourceError::OutOfRange {
                value,
                sides: request.sides,
                purpose,
            });
        }
        self.used += 1;
        Ok(value as u32)
    }
}

/// Physical dice asked for one at a time, e.g. by prompting at a terminal.
///
/// The closure receives each request (with a readable description) and returns
/// the die's value; values are checked as for [`ScriptedDice`].
pub struct AskedDice<F> {
    ask: F,
}

impl<F> AskedDice<F>
where
    F: FnMut(&DieRequest<'_>, &str) -> Result<i64, SourceError>,
{
    /// Dice that ask `ask` for every value.
    pub fn new(ask: F) -> Self {
        AskedDice { ask }
    }
}

impl<F> DiceSource for AskedDice<F>
where
    F: FnMut(&DieRequest<'_>, &str) -> Result<i64, SourceError>,
{
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        let purpose = describe(request);
        let value = (self.ask)(request, &purpose)?;
        if value < 1 || value > i64::from(request.sides) {
            return Err(SourceError::OutOfRange {
                value,
                sides: request.sides,
                purpose,
            });
        }
        Ok(value as u32)
    }
}

/// "2d10 (explosion)", "d100 (tens die: 10 for a face showing 0)".
pub fn describe(request: &DieRequest<'_>) -> String {
    match request.role {
        DieRole::Normal => request.purpose.to_string(),
        DieRole::Explosion => format!("{}, explosion", request.purpose),
        DieRole::Reroll => format!("{}, reroll", request.purpose),
        DieRole::Tens => format!(
            "{}, tens d10: 10 for a face showing 0 or 00",
            request.purpose
        ),
        DieRole::Ones => format!("{}, ones d10: 10 for a face showing 0", request.purpose),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_repeat_and_stay_in_range() {
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::new(42);
        for sides in [1u32, 2, 6, 10, 20, 100, 1_000_000] {
            for _ in 0..200 {
                let x = a.roll(&DieRequest::new(sides, "t")).unwrap();
                assert_eq!(x, b.roll(&DieRequest::new(sides, "t")).unwrap());
                assert!((1..=sides).contains(&x));
            }
        }
    }

    /// The first d20s of `KeyedDice::new([0; 32], 1)`.
    const KNOWN_KEYED_D20: [u32; 8] = [15, 16, 10, 17, 17, 6, 19, 13];

    #[test]
    fn keyed_dice_repeat_per_index_and_differ_between_indices() {
        let roll = |seed: [u8; 32], index| {
            let mut dice = KeyedDice::new(seed, index);
            (0..32)
                .map(|_| dice.roll(&DieRequest::new(20, "t")).unwrap())
                .collect::<Vec<_>>()
        };
        let seed = [7u8; 32];
        assert_eq!(roll(seed, 3), roll(seed, 3));
        assert_ne!(roll(seed, 3), roll(seed, 4));
        assert_ne!(roll(seed, 3), roll([8u8; 32], 3));
        assert!(roll(seed, 0).iter().all(|v| (1..=20).contains(v)));
        // Fixed forever: a revealed seed must verify in every later version.
        assert_eq!(
            roll([0u8; 32], 1)[..8],
            KNOWN_KEYED_D20[..],
            "the keyed dice changed; old exports would no longer verify"
        );
    }

    #[test]
    fn entropy_dice_stay_in_range() {
        let mut dice = EntropyDice::new();
        let mut seen = [false; 6];
        for _ in 0..600 {
            let x = dice.roll(&DieRequest::new(6, "t")).unwrap();
            seen[x as usize - 1] = true;
        }
        assert!(
            seen.iter().all(|s| *s),
            "600 d6 from the OS showed every face"
        );
    }

    #[test]
    fn scripted_dice_check_range_and_supply() {
        let mut dice = ScriptedDice::new([3, 11]);
        assert_eq!(dice.roll(&DieRequest::new(10, "accuracy")).unwrap(), 3);
        let err = dice.roll(&DieRequest::new(10, "accuracy")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "die result 11 is impossible on a d10 (for accuracy); enter a value from 1 to 10"
        );
        let err = dice.roll(&DieRequest::new(6, "damage")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the roll needs another d6 (for damage) but only 1 die was supplied; supply more dice"
        );
    }
}
