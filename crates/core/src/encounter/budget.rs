//! Actions in a turn and actions held for a trigger.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The active combatant's actions this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Actions the turn began with.
    pub total: u32,
    /// Actions left.
    pub left: u32,
    /// What the spent ones went on, in order.
    pub spent: Vec<(Cow<'static, str>, u32)>,
}

impl Budget {
    /// A fresh turn of `actions`.
    pub fn new(actions: u32) -> Self {
        Budget {
            total: actions,
            left: actions,
            // Room for a turn of single actions, made once a turn.
            spent: Vec::with_capacity(actions as usize),
        }
    }

    /// Starts afresh with `actions` (none: between turns), as
    /// [`Budget::new`] would, keeping the room of its list of what they
    /// went on: a turn begins and ends without making one.
    pub fn begin(&mut self, actions: u32) {
        self.total = actions;
        self.left = actions;
        self.spent.clear();
    }

    /// Spends `actions` (never below zero) on `on` (a fixed word is kept
    /// as it is, not copied).
    pub fn spend(&mut self, actions: u32, on: Cow<'static, str>) {
        self.left = self.left.saturating_sub(actions);
        self.spent.push((on, actions));
    }
}

/// Actions held at the end of a turn, waiting for their trigger until the
/// holder's next turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// How many actions.
    pub actions: u32,
    /// The declared trigger.
    pub trigger: String,
    /// The trigger happened: the holder may use them now.
    pub triggered: bool,
}
