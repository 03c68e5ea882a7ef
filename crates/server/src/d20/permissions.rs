//! Who acts in each D20 command, for the table's permissions (the GM does
//! everything; a player acts for their own combatants on their turn, or
//! out of turn where the rules give them a choice; spectators watch).
//! Whether the action is legal is the engine's to say.

use nanite_core::CombatantId;
use nanite_d20::encounter::{Battle, Command};

use crate::error::AppError;
use crate::permissions::{Role, may_act};
use crate::ruleset::RulesCommand;

/// Who acts in `command`: the D20 engine's own answer (its choices use
/// it too), so the page, the API and a bot agree.
pub(crate) use nanite_d20::encounter::choices::acting;

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
