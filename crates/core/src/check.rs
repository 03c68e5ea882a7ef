//! Checks against difficulty classes that may be hidden from the players.
//!
//! Games disagree on ties: Compound X wants the total strictly above the DC,
//! D20 lets a total that meets the DC succeed. [`Beats`] names the rule, and
//! [`Dc::shown_to`] keeps a hidden DC away from the players.

use serde::{Deserialize, Serialize};

/// How a total must compare with the DC to succeed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Beats {
    /// The total must be greater than the DC; a tie fails.
    StrictlyGreater,
    /// The total must be at least the DC; a tie succeeds.
    AtLeast,
}

impl Beats {
    /// Whether `total` succeeds against `dc`.
    pub fn passes(self, total: i64, dc: i64) -> bool {
        match self {
            Beats::StrictlyGreater => total > dc,
            Beats::AtLeast => total >= dc,
        }
    }

    /// The operator shown for a success or a failure.
    pub fn operator(self, success: bool) -> &'static str {
        match (self, success) {
            (Beats::StrictlyGreater, true) => ">",
            (Beats::StrictlyGreater, false) => "<=",
            (Beats::AtLeast, true) => ">=",
            (Beats::AtLeast, false) => "<",
        }
    }
}

/// Who is looking at a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The Game Master sees everything.
    GameMaster,
    /// A player or spectator sees what the table shows.
    Player,
}

/// A difficulty class, possibly hidden from the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dc {
    /// The number to beat.
    pub value: i64,
    /// Only the GM may see it.
    pub hidden: bool,
}

impl Dc {
    /// An open DC.
    pub fn open(value: i64) -> Dc {
        Dc {
            value,
            hidden: false,
        }
    }

    /// A DC only the GM sees.
    pub fn hidden(value: i64) -> Dc {
        Dc {
            value,
            hidden: true,
        }
    }

    /// The DC as `viewer` may see it: `None` when hidden from them.
    pub fn shown_to(self, viewer: Viewer) -> Option<i64> {
        match viewer {
            Viewer::Player if self.hidden => None,
            _ => Some(self.value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_follow_the_game() {
        assert!(!Beats::StrictlyGreater.passes(50, 50));
        assert!(Beats::StrictlyGreater.passes(51, 50));
        assert!(Beats::AtLeast.passes(50, 50));
        assert!(!Beats::AtLeast.passes(49, 50));
    }

    #[test]
    fn hidden_dcs_are_for_the_gm() {
        assert_eq!(Dc::hidden(60).shown_to(Viewer::Player), None);
        assert_eq!(Dc::hidden(60).shown_to(Viewer::GameMaster), Some(60));
        assert_eq!(Dc::open(60).shown_to(Viewer::Player), Some(60));
    }
}
