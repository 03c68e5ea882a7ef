//! What a Station campaign's stream keeps of its games: the scenario text a
//! game started from, who sits at each crew member, and every accepted
//! command with the dice it rolled and the play session they came from, so
//! a game is rebuilt by parsing the scenario again and re-executing the
//! commands (`nanite verify` re-derives their dice from the revealed seeds).
//! Add fields with defaults; never rename: stored streams are read back.

use nanite_core::RolledDie;
use nanite_station::Command;
use serde::{Deserialize, Serialize};

use crate::seeds::SeedUse;

/// A game started from a scenario.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Started {
    /// The game's id.
    pub(crate) game: String,
    /// Its name at the table.
    pub(crate) name: String,
    /// The scenario's file name.
    pub(crate) file: String,
    /// The scenario's text, as checked when the game started.
    pub(crate) text: String,
    /// The digest of the campaign's own pack it was checked on and plays
    /// on (none: the built-in sample pack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pack: Option<String>,
    /// In a single-player scenario, the automated GM's setup.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) moves: Vec<Move>,
}

/// A crew member's seat: the player invitation that acts for it, or none.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Seated {
    /// The game.
    pub(crate) game: String,
    /// The crew member's handle.
    pub(crate) crew: String,
    /// The seat (invitation id) now acting for it; none frees it.
    pub(crate) seat: Option<String>,
}

/// Commands the engine accepted as one change.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Played {
    /// The game.
    pub(crate) game: String,
    /// The commands, in order.
    pub(crate) moves: Vec<Move>,
}

/// The GM took back the game's last accepted change (all its commands).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Undone {
    /// The game.
    pub(crate) game: String,
}

/// One accepted command.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Move {
    /// The engine's command.
    pub(crate) command: Command,
    /// Every die it rolled, in order.
    pub(crate) dice: Vec<RolledDie>,
    /// The play session and index its dice came from (none when it rolled none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seeded: Option<SeedUse>,
    /// The automated GM gave it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) engine: bool,
    /// The narrated events, for readers of the stream (not read back).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) lines: Vec<String>,
}
