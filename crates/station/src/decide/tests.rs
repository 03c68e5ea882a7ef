//! Rule tests of the Station engine, played through `Game` with forced dice.

use std::sync::Arc;

use nanite_core::{Game, ScriptedDice};

use crate::command::{Command, Purchase};
use crate::content::{DamageType, Pack, Skill};
use crate::event::Event;
use crate::map::Pos;
use crate::scenario;
use crate::state::{Carried, Gear, Monster, Phase, Side, State};

use super::Station;

/// The scenario: its own threats, players and objectives on the two rooms
/// every Station rule test plays in (`tests/station/two_rooms.txt`: the
/// locked door L between them, the bio-machine Q, the engineer's body B).
const MAP: &str = concat!(
    "\
name: Test
kind: players-vs-gm
gm-points: 10 bcp 5 mcp
threat 1: crawler 2, hybrid 1, crawler-egg 6, protocol-droid 1
threat 2: crawler 3, hybrid 1
player: ana engineer picks 1 1 1
player: bo marine picks 1 1 1
objective: kill 2 reward 1
objective: survive 30 win

",
    include_str!("../../tests/station/two_rooms.txt")
);

fn state_of(text: &str) -> State {
    let pack = Arc::new(Pack::sample());
    let (s, problems) = scenario::parse("test", text, &pack);
    assert!(!problems.has_errors(), "{problems}");
    State::new(pack, Arc::new(s.expect("scenario"))).expect("setup")
}

fn state() -> State {
    state_of(MAP)
}

fn game(state: State) -> Game<Station> {
    Game::new(state)
}

/// Runs a command with these dice; panics on refusal.
fn run(g: &mut Game<Station>, c: Command, dice: &[i64]) -> Vec<Event> {
    let mut d = ScriptedDice::new(dice.iter().copied());
    match g.execute(&c, &mut d) {
        Ok(e) => e.events.clone(),
        Err(r) => panic!("{c:?} refused: {r}"),
    }
}

/// Runs a command that must be refused; checks nothing changed, returns the reason.
fn refused(g: &mut Game<Station>, c: Command) -> String {
    let before = g.state().clone();
    let log = g.log().len();
    let mut d = ScriptedDice::new([3, 3, 3, 3, 3, 3]);
    let reason = match g.execute(&c, &mut d) {
        Ok(e) => panic!("{c:?} was accepted: {:?}", e.events),
        Err(r) => r.to_string(),
    };
    assert_eq!(g.state(), &before, "a refusal changes nothing");
    assert_eq!(g.log().len(), log);
    reason
}

fn creature(state: &mut State, id: &str, kind: &str, at: Pos) {
    let hp = state.pack.creatures[kind].hp;
    state.creatures.push(Monster {
        id: id.into(),
        kind: kind.into(),
        hp,
        at,
        ap: 0,
        knows: false,
        defending: Default::default(),
    });
}

fn begun(state: State) -> Game<Station> {
    let mut g = game(state);
    run(&mut g, Command::Begin, &[]);
    g
}

/// Ends the players' and the GM's turns; without dice given, an action card
/// drawn picks card 1 (2 BCP, harmless to the test).
fn end_round(g: &mut Game<Station>, dice: &[i64]) -> Vec<Event> {
    let dice = if dice.is_empty() { &[1][..] } else { dice };
    let mut events = run(g, Command::EndTurn, dice);
    events.extend(run(g, Command::EndTurn, &[]));
    events
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// `who` attacks `target`, spending `aim` AP on aiming.
fn attack(who: &str, target: &str, aim: u32) -> Command {
    Command::Attack {
        who: who.into(),
        target: target.into(),
        aim,
    }
}

/// `who` spends an AP defending against `against`'s blows.
fn defend(who: &str, against: &str) -> Command {
    Command::Defend {
        who: who.into(),
        against: against.into(),
    }
}

/// The GM deploys a `creature` at `at`.
fn deploy(creature: &str, at: Pos) -> Command {
    Command::Deploy {
        creature: creature.into(),
        at,
    }
}

/// `who` hacks the thing at `at` (a door, a camera, a turret, a station).
fn hack(who: &str, at: Pos) -> Command {
    Command::Hack {
        who: who.into(),
        at,
    }
}

/// `who` searches the object at `at`.
fn search(who: &str, at: Pos) -> Command {
    Command::Search {
        who: who.into(),
        at,
    }
}

/// `who` uses the switch at `at`.
fn use_switch(who: &str, at: Pos) -> Command {
    Command::UseSwitch {
        who: who.into(),
        at,
    }
}

/// `who` uses a security card on the door at `at`.
fn use_card(who: &str, at: Pos) -> Command {
    Command::UseCard {
        who: who.into(),
        at,
    }
}

fn mv(who: &str, x: i32, y: i32) -> Command {
    Command::Move {
        who: who.into(),
        to: p(x, y),
    }
}

mod combat;
mod env;
mod flow;
mod gm;
mod tech;
