//! What every ruleset's campaign keeps alike between fights: experience
//! points and levels, and why a change to a character's state is refused.
//!
//! The texts give no XP table, so nanite decides one for all its rulesets
//! (docs/campaign.md): a level costs [`XP_PER_LEVEL`], whatever the game.
//! What a character carries besides (health, gear, drains) is each
//! ruleset's own.

/// XP a level costs: reaching level `n` takes `n` times this in all (a
/// decision: the texts give no XP table; docs/campaign.md).
pub const XP_PER_LEVEL: i64 = 1000;
/// The most XP one award may give.
pub const MAX_AWARD: i64 = 1_000_000;

/// The total XP that reaching `level` takes (a decision, docs/campaign.md).
pub fn xp_for_level(level: i64) -> i64 {
    level.max(0).saturating_mul(XP_PER_LEVEL)
}

/// The XP after the GM awards `award` to a character who has `xp`: an award
/// is 1 to [`MAX_AWARD`] XP.
pub fn award_xp(xp: i64, award: i64) -> Result<i64, CarryError> {
    if !(1..=MAX_AWARD).contains(&award) {
        return Err(CarryError::Invalid(format!(
            "an award is 1 to {MAX_AWARD} XP, not {award}"
        )));
    }
    Ok(xp.saturating_add(award))
}

/// Whether `name`, with `xp` in all, has the XP that level `next` takes.
pub fn check_xp_for(name: &str, xp: i64, next: i64) -> Result<(), CarryError> {
    let needed = xp_for_level(next);
    if xp < needed {
        return Err(CarryError::NotEnoughXp {
            name: name.to_string(),
            xp,
            next,
            needed,
        });
    }
    Ok(())
}

/// Why a change to a character's state is refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CarryError {
    /// The rules refuse it (the engine's own words).
    #[error("{0}")]
    Refused(String),
    /// A value out of its range.
    #[error("{0}")]
    Invalid(String),
    /// Not enough XP for the next level.
    #[error(
        "{name} has {xp} XP and level {next} takes {needed} in all ({XP_PER_LEVEL} a level); the GM awards XP first"
    )]
    NotEnoughXp {
        /// The character's name.
        name: String,
        /// Its XP.
        xp: i64,
        /// The level it would reach.
        next: i64,
        /// XP that level takes.
        needed: i64,
    },
    /// The checks of the character at its new level refuse it (each
    /// problem with its rule).
    #[error("the level-up is refused:\n{0}")]
    LevelUp(String),
}
