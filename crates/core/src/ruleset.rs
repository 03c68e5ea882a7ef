//! The contract between the spine and a ruleset: decide, then evolve.

use nanite_dice::DiceSource;

/// A decided command: the state its events lead to, and the events.
pub type Decided<R> = (<R as Ruleset>::State, Vec<<R as Ruleset>::Event>);

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

    /// As [`Ruleset::decide`], also giving the state the events lead to:
    /// exactly what applying them to a copy of `state` with
    /// [`Ruleset::evolve`] gives, which is what this default does.
    ///
    /// A ruleset that decides on a scratch copy of the state already (as
    /// [`crate::Decision`] does, so that each step sees the steps before
    /// it) gives that copy back instead: [`Game::execute_keeping_before`]
    /// then takes it as the game's new state and hands back the old one,
    /// so a table that narrates a command from the state before it copies
    /// no state at all.
    ///
    /// [`Game::execute_keeping_before`]: crate::Game::execute_keeping_before
    fn decide_with_state(
        state: &Self::State,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Decided<Self>, Self::Error> {
        let events = Self::decide(state, command, dice)?;
        let mut after = state.clone();
        for event in &events {
            Self::evolve(&mut after, event);
        }
        Ok((after, events))
    }
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
