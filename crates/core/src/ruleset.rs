//! The contract between the spine and a ruleset: decide, then evolve.

use nanite_dice::DiceSource;

/// A game's rules: how commands become events and events change state.
///
/// Implementations hold no state of their own and do no I/O. `decide` may roll
/// dice (through the source it is given) and must record every die it relies
/// on inside the events it returns, so that `evolve` never needs a source and
/// replaying the same events always gives the same state.
pub trait Ruleset {
    /// Everything the rules need to know about one game.
    type State: Clone;
    /// A request to change the game ("fire at Vex from 12 m").
    type Command;
    /// A fact that happened ("Vex took 14 damage; armor roll 37").
    type Event: Clone;
    /// Why a command was refused, in the player's terms.
    type Error: std::error::Error;

    /// Decides `command` against `state`. A refusal changes nothing.
    fn decide(
        state: &Self::State,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Self::Event>, Self::Error>;

    /// Applies one event. Must not fail: events are facts already decided.
    fn evolve(state: &mut Self::State, event: &Self::Event);
}

/// The lines telling every event of one command, starting from `before`,
/// the state just before the command: each event is told by `tell` from the
/// state just before it (names, what it changed), then applied.
pub fn narrate_each<R: Ruleset>(
    before: &R::State,
    events: &[R::Event],
    tell: impl Fn(&R::State, &R::Event) -> Vec<String>,
) -> Vec<String> {
    let mut state = before.clone();
    let mut lines = Vec::new();
    for event in events {
        lines.extend(tell(&state, event));
        R::evolve(&mut state, event);
    }
    lines
}
