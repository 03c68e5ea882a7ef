//! A fight at the table for the stealth, cloak and spell tests: combatants
//! from character text, commands with forced dice, refusals that must change
//! nothing.

use nanite_compound_x::Sheet;
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::encounter::{Battle, Combatant, Command, CompoundX, Refusal, narrate};
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::arena::{distance, join};
use super::support::{character, edit, sample};

/// The support template with a Basic SMG, a combat knife and `changes`.
pub(crate) fn armed(changes: &[(&str, &str)]) -> String {
    let text = edit(
        super::support::TEMPLATE,
        &[(
            "[equipment]\nitems = {}\n",
            "[equipment]\nitems = {}\n\n[[equipment.weapons]]\nid = \"smg\"\nattachments = []\nmagazines = 3\n\n[[equipment.weapons]]\nid = \"combat-knife\"\nattachments = []\nmagazines = 0\n",
        )],
    );
    edit(&text, changes)
}

/// The fighter of a character text.
pub(crate) fn fighter(text: &str) -> Fighter {
    Fighter::from_sheet(&Sheet::compute(&character(text), sample()), sample())
}

/// A combatant id.
pub(crate) fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

/// A fight and its log.
pub(crate) struct Table {
    pub(crate) game: Game<CompoundX>,
}

impl Table {
    /// An empty table.
    pub(crate) fn new() -> Self {
        Table {
            game: Game::new(Battle::new()),
        }
    }

    /// Adds `who` on `side`, standing without cover.
    pub(crate) fn add(&mut self, who: &str, side: &str, f: Fighter) {
        self.run(join(who, side, f), &[]);
    }

    /// Sets the distance between two combatants.
    pub(crate) fn distance(&mut self, a: &str, b: &str, metres: i64) {
        self.run(distance(a, b, metres), &[]);
    }

    /// Gives everyone initiative in `order` (first acts first) and begins.
    pub(crate) fn begin(&mut self, order: &[&str]) -> Vec<String> {
        for (i, who) in order.iter().enumerate() {
            self.run(
                Command::Clock(ClockCommand::SetInitiative {
                    id: id(who),
                    total: 100 - i64::try_from(i).unwrap(),
                }),
                &[],
            );
        }
        self.run(
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            &[],
        )
    }

    /// Ends the turn; the next one begins (with `dice` for its start).
    pub(crate) fn next(&mut self, dice: &[i64]) -> Vec<String> {
        self.run(Command::Clock(ClockCommand::NextTurn), dice)
    }

    /// Runs a command that must be accepted; returns the narrated log.
    pub(crate) fn run(&mut self, command: Command, dice: &[i64]) -> Vec<String> {
        let mut source = ScriptedDice::new(dice.iter().copied());
        let before = self.game.state().clone();
        let entry = match self.game.execute(&command, &mut source) {
            Ok(entry) => entry,
            Err(refusal) => panic!("{command:?} was refused: {refusal}"),
        };
        let mut state = before;
        let mut out = Vec::new();
        for e in &entry.events {
            out.extend(narrate(&state, e));
            <CompoundX as nanite_core::Ruleset>::evolve(&mut state, e);
        }
        out
    }

    /// Runs a command that must be refused, changing nothing; returns why.
    pub(crate) fn refuse(&mut self, command: Command, dice: &[i64]) -> Refusal {
        let before = serde_json::to_value(self.game.state()).unwrap();
        let mut source = ScriptedDice::new(dice.iter().copied());
        let refusal = match self.game.execute(&command, &mut source) {
            Ok(_) => panic!("{command:?} was accepted"),
            Err(refusal) => refusal,
        };
        assert_eq!(
            serde_json::to_value(self.game.state()).unwrap(),
            before,
            "a refusal changed the battle: {refusal}"
        );
        refusal
    }

    /// The combatant `who`.
    pub(crate) fn c(&self, who: &str) -> &Combatant {
        &self.game.state().combatants[&id(who)]
    }

    /// Actions left in the turn under way.
    pub(crate) fn actions_left(&self) -> u32 {
        self.game.state().clock.budget.left
    }
}
