//! A decision in progress: the events decided so far, each applied to a
//! scratch copy of the state as it is decided.

use crate::encounter::ClockEvent;
use crate::ruleset::Ruleset;

/// The events a command has been decided into so far, and the state they
/// lead to.
///
/// A command is often decided in steps (a move, then what the move set
/// off; a hit, then the fall it causes), and each step must see what the
/// steps before it did. So each event is applied, with the ruleset's own
/// [`Ruleset::evolve`], to a copy of the state as soon as it is decided.
/// The caller's state is untouched: if a later step refuses, the decision
/// is dropped and the refusal changes nothing; if none does, `events` is
/// the command's outcome.
///
/// Compound X keeps its own decision: its simulator decides straight onto
/// the battle it keeps whatever happens (no copy to make for every command)
/// and lends the decision buffers for rolling damage; a table's command
/// still decides on a copy there.
pub struct Decision<R: Ruleset> {
    /// The state as the events so far left it.
    pub state: R::State,
    /// The events decided so far, in order.
    pub events: Vec<R::Event>,
}

impl<R: Ruleset> Decision<R> {
    /// A decision on a copy of `state`, with no events yet.
    pub fn new(state: &R::State) -> Self {
        Decision {
            state: state.clone(),
            events: Vec::new(),
        }
    }

    /// Keeps `event` and applies it to the scratch state.
    pub fn push(&mut self, event: R::Event) {
        R::evolve(&mut self.state, &event);
        self.events.push(event);
    }

    /// Keeps and applies an event of the shared clock, for a ruleset whose
    /// events carry the clock's.
    pub fn clock<P>(&mut self, event: ClockEvent<P>)
    where
        R::Event: From<ClockEvent<P>>,
    {
        self.push(event.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::{ClockEvent, CombatantId};
    use crate::{DiceSource, Ruleset};

    /// A ladder climbed a rung at a time: a command climbs `rungs` rungs,
    /// each step deciding on where the last one left the climber, and is
    /// refused whole if it would pass the top.
    struct Ladder;

    #[derive(Clone, Debug, PartialEq)]
    struct Climb {
        rung: u32,
        top: u32,
        clock_events: usize,
    }

    #[derive(Clone, Debug, PartialEq)]
    enum Climbed {
        Rung(u32),
        Clock,
    }

    impl From<ClockEvent<()>> for Climbed {
        fn from(_: ClockEvent<()>) -> Self {
            Climbed::Clock
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("past the top")]
    struct PastTheTop;

    impl Ruleset for Ladder {
        type State = Climb;
        type Command = u32;
        type Event = Climbed;
        type Error = PastTheTop;

        fn decide(
            state: &Climb,
            rungs: &u32,
            _: &mut dyn DiceSource,
        ) -> Result<Vec<Climbed>, PastTheTop> {
            let mut d = Decision::<Ladder>::new(state);
            for _ in 0..*rungs {
                // Each step reads the rung the last step reached.
                if d.state.rung == d.state.top {
                    return Err(PastTheTop);
                }
                d.push(Climbed::Rung(d.state.rung + 1));
            }
            d.clock(ClockEvent::<()>::Left {
                id: CombatantId::new("climber"),
            });
            Ok(d.events)
        }

        fn evolve(state: &mut Climb, event: &Climbed) {
            match event {
                Climbed::Rung(n) => state.rung = *n,
                Climbed::Clock => state.clock_events += 1,
            }
        }
    }

    #[test]
    fn later_steps_see_earlier_ones_and_a_refusal_keeps_nothing() {
        let start = Climb {
            rung: 1,
            top: 4,
            clock_events: 0,
        };
        let mut dice = crate::ScriptedDice::new([]);
        for (rungs, want) in [
            (
                2,
                Some(vec![Climbed::Rung(2), Climbed::Rung(3), Climbed::Clock]),
            ),
            (
                3,
                Some(vec![
                    Climbed::Rung(2),
                    Climbed::Rung(3),
                    Climbed::Rung(4),
                    Climbed::Clock,
                ]),
            ),
            (4, None),
        ] {
            let got = Ladder::decide(&start, &rungs, &mut dice).ok();
            assert_eq!(got, want, "{rungs} rungs");
        }
        let mut d = Decision::<Ladder>::new(&start);
        d.push(Climbed::Rung(3));
        d.clock(ClockEvent::<()>::Left {
            id: CombatantId::new("climber"),
        });
        assert_eq!(d.state.rung, 3);
        assert_eq!(d.state.clock_events, 1);
        assert_eq!(start.rung, 1, "the caller's state is untouched");
    }
}
