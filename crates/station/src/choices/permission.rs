//! Who may give which Station command at the table: the GM gives every
//! command (the GM's side, and any crew member's when running the table); a
//! player acts only for the crew members they act for, and only in the
//! players' turn (ST-FLOW-02), ending it once they act for someone;
//! spectators watch. Whether the command is legal is the engine's to say.

use nanite_core::CombatantId;
use nanite_core::table::{Refusal, Seat};

use crate::command::Command;
use crate::state::{Phase, State};

/// The table's refusal of `command` from `seat` in `state`, if it may not
/// give it.
pub fn permission(state: &State, seat: &Seat, command: &Command) -> Option<Refusal> {
    match seat {
        Seat::Gm => None,
        Seat::Spectator => Some(
            Refusal::new("spectators_watch", "spectators only watch")
                .fix("ask the GM for a player invitation to act"),
        ),
        Seat::Player { .. } => player(state, seat, command),
    }
}

fn player(state: &State, seat: &Seat, command: &Command) -> Option<Refusal> {
    match state.phase {
        Phase::Setup => {
            return Some(
                Refusal::new("not_your_turn", "the GM is still setting up")
                    .fix("the players move when the GM begins")
                    .rule("ST-FLOW-01"),
            );
        }
        Phase::Gm => {
            return Some(
                Refusal::new("not_your_turn", "it is the GM's turn")
                    .fix("the players act when it ends")
                    .rule("ST-FLOW-02"),
            );
        }
        Phase::Players | Phase::Over(_) => {}
    }
    let acts_for = |who: &str| seat.acts_for(&CombatantId::from(who));
    match command.actor() {
        Some(who) if state.player(who).is_some() => (!acts_for(who)).then(|| {
            Refusal::new(
                "not_your_crew",
                format!("{who} is not seated at your invitation"),
            )
            .fix("act for your own crew member, or claim a free one")
        }),
        Some(who) => Some(Refusal::new(
            "gm_only",
            format!("{who} is not a crew member: only the GM commands creatures"),
        )),
        None if *command == Command::EndTurn => (!state.players.iter().any(|p| acts_for(&p.id)))
            .then(|| {
                Refusal::new(
                    "not_seated",
                    "you act for no crew member of this game, so you cannot end the players' turn",
                )
                .fix("claim a free crew member first")
            }),
        None => Some(Refusal::new(
            "gm_only",
            format!("only the GM gives the command {}", command.name()),
        )),
    }
}
