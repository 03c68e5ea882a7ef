//! Effects and the exact moments they end: the start or end of a named
//! combatant's turn, counted.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::CombatantId;

/// An effect's handle, unique in its encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EffectId(pub u64);

impl fmt::Display for EffectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Start or end of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MomentKind {
    /// When the turn begins.
    StartOfTurn,
    /// When the turn ends.
    EndOfTurn,
}

/// A moment in the fight: the start or end of someone's turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Moment {
    /// Start or end.
    pub kind: MomentKind,
    /// Whose turn.
    pub of: CombatantId,
}

impl Moment {
    /// The start of `of`'s turn.
    pub fn start_of(of: &CombatantId) -> Moment {
        Moment {
            kind: MomentKind::StartOfTurn,
            of: of.clone(),
        }
    }

    /// The end of `of`'s turn.
    pub fn end_of(of: &CombatantId) -> Moment {
        Moment {
            kind: MomentKind::EndOfTurn,
            of: of.clone(),
        }
    }
}

impl Moment {
    /// The words before and after the combatant's id ("the end of ",
    /// "'s turn").
    fn words(&self) -> (&'static str, &'static str) {
        match self.kind {
            MomentKind::StartOfTurn => ("the start of ", "'s turn"),
            MomentKind::EndOfTurn => ("the end of ", "'s turn"),
        }
    }

    /// Why an effect called `name` ends at this moment ("aimed ended at
    /// the end of vex's turn"): put together piece by piece, as an effect
    /// ends at nearly every turn's end.
    pub fn ended(&self, name: &str) -> String {
        let (before, after) = self.words();
        [name, " ended at ", before, self.of.as_str(), after].concat()
    }
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (before, after) = self.words();
        write!(f, "{before}{}{after}", self.of)
    }
}

/// When an effect ends: at the `count`-th time `at` comes around.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expiry {
    /// The moment.
    pub at: Moment,
    /// How many more times it must pass (1: the next time).
    pub count: u32,
}

impl Expiry {
    /// Ends the next time `at` passes.
    pub fn next(at: Moment) -> Expiry {
        Expiry { at, count: 1 }
    }

    /// Ends the `count`-th time `at` passes.
    pub fn after(count: u32, at: Moment) -> Expiry {
        Expiry {
            at,
            count: count.max(1),
        }
    }
}

impl fmt::Display for Expiry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 1 {
            write!(f, "until {}", self.at)
        } else {
            write!(f, "until {} ({} more times)", self.at, self.count)
        }
    }
}

/// Something lasting on a combatant: a condition, an aim, a suppression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect<P> {
    /// Its handle.
    pub id: EffectId,
    /// Who bears it.
    pub bearer: CombatantId,
    /// Its name, for people: a fixed word ("aimed") is kept as it is, not
    /// copied, as an effect is added and its event applied.
    pub name: Cow<'static, str>,
    /// When it ends by itself (none: until removed).
    pub expiry: Option<Expiry>,
    /// What the ruleset needs to know about it.
    pub payload: P,
}

impl<P> Effect<P> {
    /// Whether `moment` passing makes this effect end.
    pub fn expires_at(&self, moment: &Moment) -> bool {
        self.expiry
            .as_ref()
            .is_some_and(|e| &e.at == moment && e.count <= 1)
    }
}
