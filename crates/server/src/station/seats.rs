//! Who acts for which crew member, and who may give which Station command.
//! The GM gives every command (the GM's side, and any crew member's when
//! running the table); a player acts only for the crew members seated at
//! their invitation, and only in the players' turn; spectators watch. A crew
//! member is seated at an invitation by the GM, by a player claiming a free
//! one, or, until then, by a player invitation made for that crew member's
//! slot. Whether the command is legal is the engine's to say.

use nanite_core::table::Seat;
use nanite_station::Command;
use nanite_station::choices;

use super::Game;
use crate::error::AppError;
use crate::permissions::{Role, Viewer};

/// Whether `viewer` acts for crew member `crew` of `game`.
pub(crate) fn controls(game: &Game, viewer: &Viewer, crew: &str) -> bool {
    match game.seat_of(crew) {
        Some(seat) => seat.as_deref() == Some(viewer.invite.as_str()),
        None => viewer.role == Role::Player && viewer.slot.as_deref() == Some(crew),
    }
}

/// The seat the GM or a claim put at `crew`, if any.
pub(crate) fn seat(game: &Game, crew: &str) -> Option<String> {
    game.seat_of(crew).cloned().flatten()
}

/// The table's seat of `viewer` in `game`: the GM, a player acting for
/// the crew members seated at their invitation, or a spectator.
pub(crate) fn table_seat(game: &Game, viewer: &Viewer) -> Seat {
    match viewer.role {
        Role::Gm => Seat::Gm,
        Role::Spectator => Seat::Spectator,
        Role::Player => choices::player_seat(
            game.state()
                .players
                .iter()
                .filter(|p| controls(game, viewer, &p.id))
                .map(|p| p.id.as_str()),
        ),
    }
}

/// The codes of the table's refusals (`nanite_station::choices::permission`).
const CODES: [&str; 5] = [
    "spectators_watch",
    "not_your_turn",
    "not_your_crew",
    "gm_only",
    "not_seated",
];

/// Whether `viewer` may give `command` in `game` now: the table's
/// permissions as `nanite_station::choices` judges them, so a choice
/// offered and a command given are refused alike.
pub(crate) fn may_command(game: &Game, viewer: &Viewer, command: &Command) -> Result<(), AppError> {
    match choices::permission(game.state(), &table_seat(game, viewer), command) {
        None => Ok(()),
        Some(r) => Err(AppError::forbidden(
            CODES
                .into_iter()
                .find(|c| *c == r.code)
                .unwrap_or("forbidden"),
            match &r.fix {
                Some(fix) => format!("{}; {fix}", r.message),
                None => r.message.clone(),
            },
        )),
    }
}
