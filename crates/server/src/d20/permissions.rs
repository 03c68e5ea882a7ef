//! Who acts in each D20 command, for the table's permissions (the GM does
//! everything; a player acts for their own combatants on their turn, or
//! out of turn where the rules give them a choice; spectators watch).
//! Whether the action is legal is the engine's to say.

use nanite_core::{ClockCommand, CombatantId};
use nanite_d20::encounter::{Battle, Command};

use crate::error::AppError;
use crate::permissions::{Acting, Role, may_act};
use crate::ruleset::RulesCommand;

/// Who acts in `command`. Commands not named here are the GM's (adding,
/// placing, checks with their DCs, harm, rest and kits, the clock), so a
/// command added to the engine is GM-only until someone decides otherwise.
pub(crate) fn acting(command: &Command, battle: &Battle) -> Acting {
    use Command as C;
    match command {
        C::RollInitiative { who } if !who.is_empty() => Acting::Rolls(who.clone()),
        C::Clock(ClockCommand::NextTurn | ClockCommand::Hold { .. }) => {
            battle.clock.active.clone().map_or(Acting::Gm, Acting::Turn)
        }
        C::Clock(ClockCommand::Trigger { id }) => Acting::Reaction(id.clone()),
        // The choice after an opponent's takedown rolls a natural 1 is
        // made out of turn (D20-GRAP-02).
        C::Choose { id, .. } => Acting::Reaction(id.clone()),
        C::Move { id, .. }
        | C::DoubleMove { id }
        | C::ChangeRow { id, .. }
        | C::Attack { id, .. }
        | C::Cast { id, .. }
        | C::Takedown { id, .. }
        | C::ChangePosition { id, .. }
        | C::GrappleAttack { id, .. }
        | C::Release { id }
        | C::Hold { id, .. } => Acting::Turn(id.clone()),
        _ => Acting::Gm,
    }
}

/// Whether `role` may give `command` now; `owns` says which combatants are
/// the caller's.
pub(crate) fn may_command(
    role: Role,
    owns: impl Fn(&CombatantId) -> bool,
    battle: &Battle,
    command: &Command,
) -> Result<(), AppError> {
    may_act(
        role,
        owns,
        &battle.clock,
        acting(command, battle),
        &RulesCommand::D20(command.clone()).name(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use nanite_d20::encounter::Field;

    fn command(text: &str) -> Command {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn commands_name_who_acts() {
        let battle = Battle::new(nanite_d20::Campaign::default(), Field::Rows);
        let cases = [
            (
                r#"{"command":"attack","id":"kara","target":"brute","weapon":0}"#,
                Acting::Turn("kara".into()),
            ),
            (
                r#"{"command":"move","id":"kara","to":[{"x":1,"y":2}]}"#,
                Acting::Turn("kara".into()),
            ),
            (
                r#"{"command":"change_row","id":"kara","row":"back"}"#,
                Acting::Turn("kara".into()),
            ),
            (
                r#"{"command":"choose","id":"kara","choice":{"choice":"advantage"}}"#,
                Acting::Reaction("kara".into()),
            ),
            (
                r#"{"command":"roll_initiative","who":["kara","brute"]}"#,
                Acting::Rolls(vec!["kara".into(), "brute".into()]),
            ),
            (r#"{"command":"roll_initiative","who":[]}"#, Acting::Gm),
            (r#"{"command":"clock","clock":"next_turn"}"#, Acting::Gm),
            (
                r#"{"command":"check","id":"kara","skill":"athletics","attribute":null,"dc":15,"hidden":true}"#,
                Acting::Gm,
            ),
            (
                r#"{"command":"harm","target":"kara","amount":3,"by":null,"why":"a fall"}"#,
                Acting::Gm,
            ),
            (
                r#"{"command":"position","id":"kara","place":{"row":"front"}}"#,
                Acting::Gm,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(acting(&command(text), &battle), expected, "{text}");
        }
    }
}
