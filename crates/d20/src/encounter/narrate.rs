//! Events told in words, one or more lines each, with the breakdowns they
//! carry: the log a GM reads. Each kind of event is told by the module of
//! the rules it comes from.

mod casting;
mod clock;
mod grapple;
mod harm;
mod movement;
mod recovery;
mod setup;

use nanite_core::Breakdown;

use super::event::DiceRoll;
use super::{Battle, Event};
use crate::check::CheckResult;
use clock::clock;

/// The lines telling every event of one command, starting from `before`,
/// the battle just before the command.
pub fn narrate_all(before: &Battle, events: &[Event]) -> Vec<String> {
    nanite_core::narrate_each::<super::D20>(before, events, narrate)
}

fn indent(b: &Breakdown) -> Vec<String> {
    b.to_string().lines().map(|l| format!("  {l}")).collect()
}

fn check_lines(head: String, r: &CheckResult) -> Vec<String> {
    let mut out = vec![head];
    out.extend(indent(&r.breakdown));
    out
}

fn roll_text(r: &DiceRoll) -> String {
    let faces: Vec<String> = r.faces.iter().map(|(_, f)| f.to_string()).collect();
    format!("{} [{}]", r.dice, faces.join(", "))
}

/// The lines telling `event`, using `state` (the battle just before it)
/// for names.
pub fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    match event {
        Event::Clock(e) => clock(state, e),
        Event::Entered { .. }
        | Event::Positioned { .. }
        | Event::SideInitiative { .. }
        | Event::TurnLost { .. } => setup::told(state, event),
        Event::DoubledMove { .. }
        | Event::Moved { .. }
        | Event::PassContest { .. }
        | Event::RowChanged { .. } => movement::told(state, event),
        Event::Attacked { .. }
        | Event::Hurt { .. }
        | Event::Healed { .. }
        | Event::HpCapped { .. }
        | Event::Fell { .. }
        | Event::Rose { .. } => harm::told(state, event),
        Event::CastBegan { .. }
        | Event::Concentration { .. }
        | Event::Resistance { .. }
        | Event::MagicSpent { .. }
        | Event::MagicTookEffect { .. }
        | Event::MagicFizzled { .. } => casting::told(state, event),
        Event::GrappleCheck { .. }
        | Event::GrappleHit { .. }
        | Event::GrappleBegan { .. }
        | Event::AdvantageTo { .. }
        | Event::Primed { .. }
        | Event::PrimedUsed { .. }
        | Event::GrappleEnded { .. }
        | Event::ChoiceOwed { .. }
        | Event::Chose { .. }
        | Event::FreeGrapple { .. }
        | Event::FreeGrappleUsed { .. } => grapple::told(state, event),
        Event::Checked { .. }
        | Event::Rested { .. }
        | Event::KitUsed { .. }
        | Event::TimePassed { .. } => recovery::told(state, event),
    }
}
