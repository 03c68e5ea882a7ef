//! Conditions: their ticks at the start of the bearer's turn, how they end,
//! and what they forbid (CX-COND-01..12).

use nanite_dice::{DiceSource, SourceError};
use serde::{Deserialize, Serialize};

use super::dice::die;
use crate::stat::Stat;

/// The skills of driving, flying and operating heavy machinery, by id: drink
/// weighs on their checks (CX-COND-09, CX-COND-10).
pub const MACHINE_SKILLS: [&str; 3] = ["driving", "flying", "heavy-machinery"];

/// A condition (CX-COND).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ConditionKind {
    /// floor(d10 / 2) + 1 per turn per stack (CX-COND-01).
    Bleeding,
    /// 2d10 per turn, +1d10 every 2 turns (CX-COND-02).
    Burning,
    /// d10 per turn (CX-COND-03).
    Frozen,
    /// Only flee or roll DC 50 Will (CX-COND-04).
    Fear,
    /// Only roll DC 75 Will (CX-COND-04).
    GreaterFear,
    /// 2d10 + 5 per turn (CX-COND-05).
    Necrosis,
    /// Hunkered, cannot move, for 2 full turns or a DC 70 Will save (CX-COND-06).
    PinnedDown,
    /// 1d10 + 1 per turn for 2 turns, per stack (CX-COND-07).
    PlasmaBurn,
    /// d10 per turn; after 5 turns DC 50 Fortitude or unconscious (CX-COND-08).
    Poisoned,
    /// Greater poison: +5 damage, +25 DC (CX-COND-08).
    GreaterPoison,
    /// Lesser poison: -5 damage, -10 DC (CX-COND-08).
    LesserPoison,
    /// +1 miss chance, -1 PER, +1 CHA and LUCK (CX-COND-09).
    Buzzed,
    /// +3 miss chance, -2 DEX, PER, CHA (CX-COND-10).
    Hammered,
    /// No actions (CX-COND-11).
    Stunned,
    /// No actions (CX-COND-11).
    Paralyzed,
    /// No actions, prone (CX-COND-11).
    Unconscious,
}

impl ConditionKind {
    /// Every condition.
    pub const ALL: [ConditionKind; 16] = [
        Self::Bleeding,
        Self::Burning,
        Self::Frozen,
        Self::Fear,
        Self::GreaterFear,
        Self::Necrosis,
        Self::PinnedDown,
        Self::PlasmaBurn,
        Self::Poisoned,
        Self::GreaterPoison,
        Self::LesserPoison,
        Self::Buzzed,
        Self::Hammered,
        Self::Stunned,
        Self::Paralyzed,
        Self::Unconscious,
    ];

    /// The name used in files and commands.
    pub fn key(self) -> &'static str {
        match self {
            Self::Bleeding => "bleeding",
            Self::Burning => "burning",
            Self::Frozen => "frozen",
            Self::Fear => "fear",
            Self::GreaterFear => "greater-fear",
            Self::Necrosis => "necrosis",
            Self::PinnedDown => "pinned-down",
            Self::PlasmaBurn => "plasma-burn",
            Self::Poisoned => "poisoned",
            Self::GreaterPoison => "greater-poison",
            Self::LesserPoison => "lesser-poison",
            Self::Buzzed => "buzzed",
            Self::Hammered => "hammered",
            Self::Stunned => "stunned",
            Self::Paralyzed => "paralyzed",
            Self::Unconscious => "unconscious",
        }
    }

    /// The condition for a name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.key() == text)
    }

    /// Whether it deals damage each turn (ends when the bearer is downed, CX-DEATH-02).
    pub fn is_ongoing_damage(self) -> bool {
        matches!(
            self,
            Self::Bleeding
                | Self::Burning
                | Self::Frozen
                | Self::Necrosis
                | Self::PlasmaBurn
                | Self::Poisoned
                | Self::GreaterPoison
                | Self::LesserPoison
        )
    }

    /// Whether the bearer can take no actions (CX-COND-11).
    pub fn prevents_actions(self) -> bool {
        matches!(self, Self::Stunned | Self::Paralyzed | Self::Unconscious)
    }

    /// Miss chance it adds to the bearer's attacks (CX-COND-09, CX-COND-10).
    pub fn miss_chance(self) -> i64 {
        match self {
            Self::Buzzed => 1,
            Self::Hammered => 3,
            _ => 0,
        }
    }

    /// The temporary change it makes to `stat` (CX-COND-09: buzzed PER -1,
    /// CHA and LUCK +1; CX-COND-10: hammered DEX, PER and CHA -2).
    pub fn stat_change(self, stat: Stat) -> i64 {
        match (self, stat) {
            (Self::Buzzed, Stat::Perception) => -1,
            (Self::Buzzed, Stat::Charisma | Stat::Luck) => 1,
            (Self::Hammered, Stat::Dexterity | Stat::Perception | Stat::Charisma) => -2,
            _ => 0,
        }
    }

    /// What it takes off checks of driving, flying or heavy machinery
    /// ([`MACHINE_SKILLS`]): buzzed -20, hammered -50 (CX-COND-09, CX-COND-10).
    pub fn machine_penalty(self) -> i64 {
        match self {
            Self::Buzzed => -20,
            Self::Hammered => -50,
            _ => 0,
        }
    }

    /// Whether it is a level of intoxication (CX-COND-09, CX-COND-10).
    pub fn is_drink(self) -> bool {
        matches!(self, Self::Buzzed | Self::Hammered)
    }

    /// Turns after which it ends by itself, if any (plasma burn 2, pinned 2).
    pub fn lasts(self) -> Option<u32> {
        match self {
            Self::PlasmaBurn | Self::PinnedDown => Some(2),
            _ => None,
        }
    }

    /// The check that ends it: (what, DC), when the rules fix the DC.
    pub fn ends_with(self) -> Option<(&'static str, i64)> {
        match self {
            Self::Burning => Some(("Maneuver", 40)),
            Self::Frozen => Some(("Medicine", 50)),
            Self::Fear => Some(("Will save", 50)),
            Self::GreaterFear => Some(("Will save", 75)),
            Self::Necrosis => Some(("Medicine", 75)),
            Self::PinnedDown => Some(("Will save", 70)),
            _ => None,
        }
    }
}

/// A condition on a fighter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// Which.
    pub kind: ConditionKind,
    /// Stacks (bleeding and plasma burn stack).
    pub stacks: u32,
    /// Turns it has ticked.
    pub turns: u32,
}

/// The damage of one tick, with its dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tick {
    /// Which condition.
    pub kind: ConditionKind,
    /// The dice rolled.
    pub dice: Vec<u32>,
    /// Damage dealt.
    pub damage: i64,
}

/// Rolls the damage a condition deals at the start of its bearer's turn.
pub fn tick(
    condition: &Condition,
    bearer: &str,
    source: &mut dyn DiceSource,
) -> Result<Option<Tick>, SourceError> {
    let kind = condition.kind;
    let mut dice = Vec::new();
    let mut roll = |n: u32, dice: &mut Vec<u32>| -> Result<i64, SourceError> {
        let mut sum = 0;
        for _ in 0..n {
            let d = die(source, 10, || format!("{} d10 for {bearer}", kind.key()))?;
            dice.push(d);
            sum += i64::from(d);
        }
        Ok(sum)
    };
    let damage = match kind {
        ConditionKind::Bleeding => {
            let mut total = 0;
            for _ in 0..condition.stacks.max(1) {
                total += roll(1, &mut dice)? / 2 + 1;
            }
            total
        }
        // Decision: +1d10 per stage, a stage every 2 turns.
        ConditionKind::Burning => roll(2 + condition.turns / 2, &mut dice)?,
        ConditionKind::Frozen | ConditionKind::Poisoned => roll(1, &mut dice)?,
        ConditionKind::GreaterPoison => roll(1, &mut dice)? + 5,
        ConditionKind::LesserPoison => (roll(1, &mut dice)? - 5).max(0),
        ConditionKind::Necrosis => roll(2, &mut dice)? + 5,
        ConditionKind::PlasmaBurn => {
            let mut total = 0;
            for _ in 0..condition.stacks.max(1) {
                total += roll(1, &mut dice)? + 1;
            }
            total
        }
        _ => return Ok(None),
    };
    Ok(Some(Tick { kind, dice, damage }))
}
