//! Who may do what. The GM does everything; a player acts only for their
//! own characters, on their turn or with a reaction; spectators watch. These
//! are the server's only decisions: whether an action is legal is the
//! engine's to say.

use nanite_core::CombatantId;
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::fought::Fought;

/// A seat's role at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Role {
    /// Runs the game, sees everything.
    Gm,
    /// Plays their own characters.
    Player,
    /// Watches.
    Spectator,
}

impl Role {
    /// The role as the API spells it (`gm`, `player`, `spectator`).
    pub(crate) fn key(self) -> &'static str {
        match self {
            Role::Gm => "gm",
            Role::Player => "player",
            Role::Spectator => "spectator",
        }
    }
}

/// Who is looking: what a view, a log entry or a live update is cut to.
#[derive(Clone, Debug)]
pub(crate) struct Viewer {
    /// Their role.
    pub(crate) role: Role,
    /// Their seat (invitation id).
    pub(crate) invite: String,
    /// The character slot their invitation fills, if any.
    pub(crate) slot: Option<String>,
}

impl Viewer {
    /// Whether they see everything.
    pub(crate) fn is_gm(&self) -> bool {
        self.role == Role::Gm
    }
}

pub(crate) use nanite_core::table::Acting;

/// The command's name as it is sent (`fire`, `clock`).
pub(crate) fn command_name(command: &impl serde::Serialize) -> String {
    serde_json::to_value(command)
        .ok()
        .and_then(|v| v.get("command").and_then(|c| c.as_str()).map(String::from))
        .unwrap_or_else(|| "this".into())
}

/// Whether `role` may give `command` in a fight of `R` now; `owns` says
/// which combatants are the caller's.
pub(crate) fn may_command<R: Fought<Command: serde::Serialize>>(
    role: Role,
    owns: impl Fn(&CombatantId) -> bool,
    state: &R::State,
    command: &R::Command,
) -> Result<(), AppError> {
    let acting = R::acting(command, state);
    let clock = R::clock(state);
    // The command's name is only in a refusal's message: it is read (by
    // serializing the command) only when there is one.
    may_act(role, &owns, clock, acting.clone(), "")
        .or_else(|_| may_act(role, &owns, clock, acting, &command_name(command)))
}

/// Whether `role` may do what `acting` says with a command called `name`,
/// on any ruleset's `clock`; `owns` says which combatants are the caller's.
pub(crate) fn may_act<P>(
    role: Role,
    owns: impl Fn(&CombatantId) -> bool,
    clock: &nanite_core::Encounter<P>,
    acting: Acting,
    name: &str,
) -> Result<(), AppError> {
    match role {
        Role::Gm => return Ok(()),
        Role::Spectator => {
            return Err(AppError::forbidden(
                "spectators_watch",
                "spectators only watch; ask the GM for a player invitation to act",
            ));
        }
        Role::Player => {}
    }
    let not_yours = |id: &CombatantId| {
        // A combatant hidden from the players is not named to them: as far
        // as they know, it is simply not their turn.
        if clock.seats.iter().any(|s| &s.id == id && s.hidden) {
            return AppError::forbidden(
                "not_your_turn",
                "it is not your character's turn; act on your turn, or react by setting off held actions (clock trigger)",
            );
        }
        AppError::forbidden(
            "not_your_character",
            format!("{id} is not your character; you act only for characters you own"),
        )
    };
    match acting {
        Acting::Gm => Err(AppError::forbidden(
            "gm_only",
            format!("only the GM gives `{name}` commands; ask the GM"),
        )),
        Acting::Rolls(ids) => match ids.iter().find(|id| !owns(id)) {
            Some(id) => Err(not_yours(id)),
            None => Ok(()),
        },
        // Compound X and D20 bring combatants in through the GM's
        // `.../combatants`; a player's command never joins one.
        Acting::Joins(id) => Err(not_yours(&id)),
        Acting::Reaction(id) if owns(&id) => Ok(()),
        Acting::Reaction(id) => Err(not_yours(&id)),
        Acting::Turn(id) if !owns(&id) => Err(not_yours(&id)),
        Acting::Turn(id) => {
            let on_turn = clock.active.as_ref() == Some(&id);
            let held = clock.held.get(&id).is_some_and(|h| h.triggered);
            if on_turn || held {
                Ok(())
            } else {
                Err(AppError::forbidden(
                    "not_your_turn",
                    format!(
                        "it is not {id}'s turn; act on your turn, or react by setting off held actions (clock trigger)"
                    ),
                ))
            }
        }
    }
}

/// A character record's ownership: the GM owns all; a player owns what they
/// uploaded and the slot their invitation fills.
pub(crate) fn owns_character(viewer: &Viewer, character: &str, uploaded_by: Option<&str>) -> bool {
    viewer.is_gm()
        || uploaded_by == Some(viewer.invite.as_str())
        || viewer.slot.as_deref() == Some(character)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nanite_compound_x::encounter::{Battle, Command, CompoundX};

    fn command(text: &str) -> Command {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn commands_name_who_acts() {
        let battle = Battle::new();
        let cases = [
            (
                r#"{"command":"aim","id":"vex"}"#,
                Acting::Turn("vex".into()),
            ),
            (
                r#"{"command":"clock","clock":"trigger","id":"vex"}"#,
                Acting::Reaction("vex".into()),
            ),
            (
                r#"{"command":"roll_initiative","who":["vex"]}"#,
                Acting::Rolls(vec!["vex".into()]),
            ),
            (r#"{"command":"roll_initiative","who":[]}"#, Acting::Gm),
            (r#"{"command":"clock","clock":"next_turn"}"#, Acting::Gm),
            (
                r#"{"command":"harm","target":"vex","amount":5,"damage_type":"ballistic","apl":0,"why":"fire"}"#,
                Acting::Gm,
            ),
            (
                r#"{"command":"distance","a":"vex","b":"raider","metres":10}"#,
                Acting::Gm,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                CompoundX::acting(&command(text), &battle),
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn players_act_only_for_their_own_on_their_turn() {
        let battle = Battle::new();
        let aim = command(r#"{"command":"aim","id":"vex"}"#);
        let mine = |id: &CombatantId| id.as_str() == "vex";
        let theirs = |_: &CombatantId| false;
        assert!(may_command::<CompoundX>(Role::Gm, theirs, &battle, &aim).is_ok());
        let code = |r: Result<(), AppError>| r.unwrap_err().code();
        assert_eq!(
            code(may_command::<CompoundX>(
                Role::Spectator,
                mine,
                &battle,
                &aim
            )),
            "spectators_watch"
        );
        assert_eq!(
            code(may_command::<CompoundX>(
                Role::Player,
                theirs,
                &battle,
                &aim
            )),
            "not_your_character"
        );
        // Nobody's turn before the fight begins.
        assert_eq!(
            code(may_command::<CompoundX>(Role::Player, mine, &battle, &aim)),
            "not_your_turn"
        );
    }
}
