//! Who acts for which crew member, and who may give which Station command.
//! The GM gives every command (the GM's side, and any crew member's when
//! running the table); a player acts only for the crew members seated at
//! their invitation, and only in the players' turn; spectators watch. A crew
//! member is seated at an invitation by the GM, by a player claiming a free
//! one, or, until then, by a player invitation made for that crew member's
//! slot. Whether the command is legal is the engine's to say.

use nanite_station::{Command, Phase};

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

/// Whether `viewer` may give `command` in `game` now.
pub(crate) fn may_command(game: &Game, viewer: &Viewer, command: &Command) -> Result<(), AppError> {
    match viewer.role {
        Role::Gm => Ok(()),
        Role::Spectator => Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to act",
        )),
        Role::Player => {
            let state = game.state();
            if matches!(state.phase, Phase::Setup | Phase::Gm) {
                return Err(AppError::forbidden(
                    "not_your_turn",
                    if state.phase == Phase::Setup {
                        "the GM is still setting up; the players move when the GM begins"
                    } else {
                        "it is the GM's turn; the players act when it ends"
                    },
                ));
            }
            match command.actor() {
                Some(who) if state.player(who).is_some() => {
                    if controls(game, viewer, who) {
                        Ok(())
                    } else {
                        Err(AppError::forbidden(
                            "not_your_crew",
                            format!(
                                "{who} is not seated at your invitation; act for your own crew member, or claim a free one"
                            ),
                        ))
                    }
                }
                Some(who) => Err(AppError::forbidden(
                    "gm_only",
                    format!("{who} is not a crew member: only the GM commands creatures"),
                )),
                None if *command == Command::EndTurn => {
                    let seated = state.players.iter().any(|p| controls(game, viewer, &p.id));
                    if seated {
                        Ok(())
                    } else {
                        Err(AppError::forbidden(
                            "not_seated",
                            "you act for no crew member of this game, so you cannot end the players' turn; claim a free crew member first",
                        ))
                    }
                }
                None => Err(AppError::forbidden(
                    "gm_only",
                    format!("only the GM gives the command {}", command.name()),
                )),
            }
        }
    }
}
