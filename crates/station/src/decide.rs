//! Deciding commands: the [`Station`] ruleset. Each decision works on a
//! scratch copy of the state (a [`Decision`]) so later steps see what earlier
//! ones did (a shot that kills, then the body it leaves), and a refusal
//! discards everything.

mod actions;
mod deploy;
mod devices;
mod tech;
mod turn;

use nanite_core::{DiceSource, Ruleset};

use crate::command::{Command, Refusal, refuse, refuse_by};
use crate::event::{Event, evolve};
use crate::map::{Pos, distance};
use crate::state::{Phase, Player, Side, State};

pub use deploy::check_deploy;

/// The Station rules, over a [`State`].
#[derive(Clone, Copy, Debug)]
pub struct Station;

impl Ruleset for Station {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Error = Refusal;

    fn decide(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Refusal> {
        Self::decide_with_state(state, command, dice).map(|(_, events)| events)
    }

    fn evolve(state: &mut State, event: &Event) {
        evolve(state, event);
    }

    // The decision's scratch state, each event applied as it was decided.
    fn decide_with_state(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<(State, Vec<Event>), Refusal> {
        let mut d = Decision::new(state);
        decide(&mut d, command, dice)?;
        Ok((d.state, d.events))
    }
}

/// A decision in progress: events so far and the state they lead to (the
/// shared [`nanite_core::Decision`]).
pub(crate) type Decision = nanite_core::Decision<Station>;

fn decide(d: &mut Decision, command: &Command, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    if let Phase::Over(winner) = d.state.phase {
        return Err(refuse(format!(
            "the game is over: {} won",
            match winner {
                Side::Players => "the players",
                Side::Gm => "the GM",
            }
        )));
    }
    match command {
        Command::Begin => turn::begin(d),
        Command::EndTurn => turn::end_turn(d, dice),
        Command::Deploy { creature, at } => deploy::deploy(d, creature, *at),
        Command::Move { who, to } => actions::move_unit(d, who, *to),
        Command::Attack { who, target, aim } => actions::attack(d, who, target, *aim, dice),
        Command::Psi { who, power, target } => actions::psi(d, who, power, target, dice),
        Command::Defend { who, against } => actions::defend(d, who, against),
        Command::Equip { who, item } => actions::equip(d, who, item),
        Command::Drop { who, item } => actions::drop_item(d, who, item),
        Command::Use { who, item } => actions::use_item(d, who, item),
        Command::Buy { who, what } => actions::buy(d, who, what),
        Command::Hack { who, at } => tech::hack(d, who, *at, dice),
        Command::Modify { who } => tech::modify(d, who, dice),
        Command::Repair { who, at } => tech::repair(d, who, *at, dice),
        Command::Research { who, item } => tech::research(d, who, item),
        Command::Search { who, at } => devices::search(d, who, *at, dice),
        Command::Activate { who, at } => devices::activate(d, who, *at),
        Command::UseSwitch { who, at } => devices::switch(d, who, *at),
        Command::UseCard { who, at } => devices::card(d, who, *at),
    }
}

/// The acting player, checked: the players' turn, alive, not busy.
pub(crate) fn acting<'s>(state: &'s State, who: &str) -> Result<&'s Player, Refusal> {
    let Some(p) = state.player(who) else {
        if state.creature(who).is_some() {
            return Err(refuse(format!(
                "{who} is a creature: the GM commands it on the GM's turn"
            )));
        }
        return Err(refuse(format!("there is no player {who}")));
    };
    if state.phase != Phase::Players {
        return Err(refuse_by(
            "ST-FLOW-02",
            format!("{who} can act only in the players' turn"),
        ));
    }
    if !p.alive() {
        return Err(refuse_by("ST-CHAR-01", format!("{who} is dead")));
    }
    if let Some(t) = &p.task {
        return Err(refuse(format!(
            "{who} is busy {} for {} more turn(s)",
            t.what, t.turns_left
        )));
    }
    Ok(p)
}

/// Checks that `who` has `ap` AP left.
pub(crate) fn needs_ap(have: i32, ap: i32, who: &str, on: &str) -> Result<(), Refusal> {
    if have < ap {
        return Err(refuse_by(
            "ST-CHAR-01",
            format!("{who} has {have} AP left; {on} needs {ap}"),
        ));
    }
    Ok(())
}

/// Checks that `at` is in front of the player: on or next to its square.
pub(crate) fn in_front(p: &Player, at: Pos, what: &str) -> Result<(), Refusal> {
    let here = p.at.unwrap_or(at);
    if distance(here, at) > 1 {
        return Err(refuse(format!(
            "{} must stand in front of the {what} at {at} (it is {} squares away)",
            p.id,
            distance(here, at)
        )));
    }
    Ok(())
}

/// What follows harm to `target`: death, bodies, reconstruction, kills and the
/// end of the game (rules ST-DEATH-01, ST-DEATH-02, ST-DEATH-04).
pub(crate) fn after_harm(d: &mut Decision, target: &str) {
    if let Some(c) = d.state.creature(target) {
        if c.hp <= 0 {
            let body = d
                .state
                .pack
                .creatures
                .get(&c.kind)
                .and_then(|k| k.body.clone());
            d.push(Event::CreatureDied {
                id: target.to_string(),
                body,
            });
            turn::check_objectives(d);
        }
        return;
    }
    let Some(p) = d.state.player(target) else {
        return;
    };
    let (Some(at), true) = (p.at, p.hp <= 0) else {
        return;
    };
    d.push(Event::PlayerDied {
        who: target.to_string(),
        at,
    });
    let p = d.state.player(target).cloned();
    if let Some(p) = p {
        if p.nanites >= 15 {
            if let Some((machine, spot)) = reconstruction_spot(&d.state, at) {
                d.push(Event::Reconstructed {
                    who: target.to_string(),
                    at: spot,
                    machine,
                });
            }
        }
    }
    turn::check_gm_victory(d);
}

/// The nearest working, activated machine to `from` and a free square beside it.
fn reconstruction_spot(state: &State, from: Pos) -> Option<(Pos, Pos)> {
    let mut machines: Vec<_> = state
        .machines
        .iter()
        .filter(|m| m.active && !m.broken)
        .collect();
    machines.sort_by_key(|m| (distance(m.at, from), m.at));
    for m in machines {
        let free = m.at.neighbours().into_iter().find(|n| {
            state.grid().tile(*n) == crate::map::Tile::Floor
                && !state.unit_at(*n)
                && !state.device(*n)
                && state.door(*n).is_none()
        });
        if let Some(spot) = free {
            return Some((m.at, spot));
        }
    }
    None
}

#[cfg(test)]
mod tests;
