//! An encounter of a registered ruleset as one viewer may see it: the
//! ruleset's [`Board`] for the viewer's seat, the choices the viewer has
//! now, and the log as the viewer heard it. The API answers it and the
//! encounter page draws it, for any registered ruleset alike.

use nanite_core::table::{Board, Choice, Seat};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::Played;
use crate::permissions::Viewer;
use crate::table::{Encounter, Table};
use crate::view::{Shown, seat, shown};

/// An encounter of a registered ruleset as one viewer sees it.
#[derive(Serialize, ToSchema)]
pub(crate) struct PluggedEncounter<'a> {
    /// The ruleset's key.
    pub(crate) ruleset: &'static str,
    /// Its id.
    pub(crate) id: &'a str,
    /// Its name.
    pub(crate) name: &'a str,
    /// The game as the viewer may see it.
    pub(crate) board: Board,
    /// The log as the viewer heard it.
    pub(crate) log: Vec<Shown<'a>>,
}

/// `enc`, a game of a registered ruleset, as `viewer` sees it.
pub(crate) fn encounter<'a>(
    table: &'a Table,
    enc: &'a Encounter,
    game: &dyn Played,
    viewer: &Viewer,
) -> PluggedEncounter<'a> {
    PluggedEncounter {
        ruleset: game.key(),
        id: &enc.id,
        name: &enc.name,
        board: game.board(&seat_of(enc, viewer)),
        log: enc
            .log
            .iter()
            .filter_map(|i| shown(table, i, viewer))
            .collect(),
    }
}

/// The seat `viewer` holds at `enc`: a player acts for the combatants
/// they brought in.
pub(crate) fn seat_of(enc: &Encounter, viewer: &Viewer) -> Seat {
    seat(enc, enc.roster.keys(), viewer)
}

/// What `viewer` may do now in `enc`.
pub(crate) fn choices(enc: &Encounter, game: &dyn Played, viewer: &Viewer) -> Vec<Choice<Value>> {
    game.choices(&seat_of(enc, viewer))
}
