//! The encounter script: one short line per command (`vex fire burst raider`),
//! parsed into an [`Order`] and then resolved against the battle into an
//! engine [`Command`].
//!
//! Encounter files use it, and so will the interactive prompt, so the syntax
//! lives here apart from either. A line is either a GM command (`next`,
//! `distance vex raider 15`) or a combatant's action (`vex aim`): the first
//! word is a GM verb or a combatant's id. Words are separated by spaces;
//! free text (`"draw pistol"`) is quoted with `"` or `'`. The reference, with
//! every form, is docs/compound-x/encounter-file.md.
//!
//! Parsing needs no battle; only weapons named by id or left to their default
//! need one (`resolve`), so a whole script is checked before any die is rolled.

mod actions;
mod forms;
mod gm;
mod resolve;
mod words;

use crate::encounter::Command;
use nanite_core::{ClockCommand, CombatantId};

use forms::Form;
pub use forms::{ACTION_FORMS, GM_FORMS};
use words::Words;

/// A line that is not a command (or names a weapon its actor does not
/// carry): the text command languages' one error, from core.
pub use nanite_core::script::LineError;

/// Which weapon a line means, before the battle is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeaponRef {
    /// The line names none: the usual one for the action (see `resolve`).
    Usual,
    /// By position in the character's weapon list, from 0.
    Index(usize),
    /// By weapon id (`smg`) or name (`Basic SMG`).
    Named(String),
    /// Bare hands (melee only).
    Unarmed,
}

/// A parsed line.
#[derive(Debug, Clone)]
pub enum Order {
    /// A command as it will be executed.
    Ready(Command),
    /// A command whose weapon is still to be found in the actor's hands: its
    /// weapon field is filled in by `resolve`.
    Armed {
        /// The command, with weapon 0 (or none) for now.
        command: Command,
        /// The weapon the line asked for.
        weapon: WeaponRef,
    },
    /// Holding actions: the clock's hold names nobody (it is always the
    /// active combatant's), so the line's actor is checked against the turn.
    Hold {
        /// Who holds.
        id: CombatantId,
        /// How many actions.
        actions: u32,
        /// What sets them off.
        trigger: String,
    },
}

/// A parsed line and every combatant id it names, so that a script can be
/// checked against the combatants before it runs.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// What the line asks for.
    pub order: Order,
    /// The ids it names, in order.
    pub ids: Vec<CombatantId>,
}

/// Whether `word` starts a GM command, so cannot be a combatant's id.
pub fn is_gm_verb(word: &str) -> bool {
    GM_FORMS.iter().any(|f| f.verb == word)
}

fn find(forms: &'static [Form], verb: &str) -> Option<&'static Form> {
    forms.iter().find(|f| f.verb == verb)
}

/// Parses one line of a script.
pub fn parse(line: &str) -> Result<Parsed, LineError> {
    let mut w = Words::split(line)?;
    let Some(first) = w.next_word() else {
        return Err(LineError {
            message: "this command is empty".into(),
            help: "write a command such as `next` or `vex fire burst raider`, or remove the line"
                .into(),
            column: Some(1),
        });
    };
    let order = if let Some(form) = find(GM_FORMS, &first) {
        w.set_form(form);
        gm::gm(&first, &mut w)?
    } else {
        let id = CombatantId::from(first.clone());
        let Some(verb) = w.next_word() else {
            return Err(LineError {
                column: Some(w.end_column()),
                message: format!(
                    "`{first}` is not a command; after a combatant's id an action is expected"
                ),
                help: format!(
                    "commands: {}; actions: `{first} aim`, `{first} fire burst TARGET`, ... (see docs/compound-x/encounter-file.md)",
                    verbs(GM_FORMS)
                ),
            });
        };
        let Some(form) = find(ACTION_FORMS, &verb) else {
            return Err(LineError {
                column: w.last_column(),
                message: format!("`{first}` is not a command and `{verb}` is not an action"),
                help: format!(
                    "a line is a command ({}) or a combatant's id and an action ({})",
                    verbs(GM_FORMS),
                    verbs(ACTION_FORMS)
                ),
            });
        };
        w.set_form(form);
        w.note_id(&id);
        actions::action(id, &verb, &mut w)?
    };
    w.done()?;
    Ok(Parsed {
        order,
        ids: w.into_ids(),
    })
}

fn verbs(forms: &[Form]) -> String {
    forms.iter().map(|f| f.verb).collect::<Vec<_>>().join(", ")
}

/// A line that needs nothing more.
fn ready(command: Command) -> Order {
    Order::Ready(command)
}

/// A clock command that needs nothing more.
fn clock(command: ClockCommand) -> Order {
    Order::Ready(Command::Clock(command))
}

#[cfg(test)]
mod tests;
