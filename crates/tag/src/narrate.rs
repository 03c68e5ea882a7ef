//! Tag's log in words: every line for the GM, and for the table only what
//! concerns runners it may see. Whether an event concerns a hidden runner
//! is read from its typed fields; of a hidden runner tagging a visible one,
//! the table hears only what the target felt ("Bob is tagged by someone
//! unseen").

use nanite_core::table::Narration;
use nanite_core::{ClockEvent, Ruleset};

use crate::{Event, Tag, Yard};

/// `events`, decided from `before`, in words.
pub fn narrate(before: &Yard, events: &[Event]) -> Narration {
    let mut yard = before.clone();
    let mut said = Narration::default();
    for event in events {
        let (gm, table) = line(&yard, event);
        if let Some(gm) = gm {
            said.gm.push(gm);
        }
        if let Some(table) = table {
            said.table.push(table);
        }
        Tag::evolve(&mut yard, event);
    }
    said
}

/// One event's line for the GM and for the table (none: not heard).
fn line(yard: &Yard, event: &Event) -> (Option<String>, Option<String>) {
    let open = |line: String| (Some(line.clone()), Some(line));
    match event {
        Event::Entered { id, runner } => {
            let gm = format!("{} joins as {id} (dodge {})", runner.name, runner.dodge);
            if yard.hidden(id) {
                (Some(format!("{gm}, hidden from the players")), None)
            } else {
                open(gm)
            }
        }
        Event::Tagged { id, target, die } | Event::Dodged { id, target, die } => {
            let tagged = matches!(event, Event::Tagged { .. });
            let dodge = yard.runners.get(target).map_or(0, |r| r.dodge);
            let result = |by: &str| {
                if tagged {
                    format!(
                        "{} tags {}: d6 {die} beats dodge {dodge}; {} is out",
                        by,
                        yard.name(target),
                        yard.name(target)
                    )
                } else {
                    format!(
                        "{} dodges {}: d6 {die} does not beat dodge {dodge}",
                        yard.name(target),
                        by
                    )
                }
            };
            let gm = result(yard.name(id));
            let table = match (yard.hidden(id), yard.hidden(target)) {
                (_, true) => None,
                (true, false) if tagged => Some(format!(
                    "{} is tagged by someone unseen and is out",
                    yard.name(target)
                )),
                (true, false) => Some(format!("{} dodges someone unseen", yard.name(target))),
                (false, false) => Some(gm.clone()),
            };
            (Some(gm), table)
        }
        Event::Clock(e) => {
            let gm = match e {
                ClockEvent::RoundBegan { number } => format!("round {number} begins"),
                ClockEvent::TurnBegan { id, .. } => format!("{}'s turn", yard.name(id)),
                ClockEvent::InitiativeRolled { id, die, .. } => {
                    format!("{} rolls {die} for initiative", yard.name(id))
                }
                ClockEvent::Ended => "the game is over".into(),
                _ => return (None, None),
            };
            let concerns = e.concerns(&yard.clock);
            if concerns.iter().any(|id| yard.hidden(id)) {
                (Some(gm), None)
            } else {
                open(gm)
            }
        }
    }
}
