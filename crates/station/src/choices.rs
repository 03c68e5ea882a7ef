//! What a viewer may do now in a Station game, as the table's [`Choice`]s:
//! for a player, the actions of the crew members they act for in the
//! players' turn; for the GM, those of every crew member, the creatures'
//! in the GM's turn, deployments and the turn's end (the automated GM's
//! side is the engine's, so a single-player game offers none of it).
//!
//! Each choice is judged as the command would be: first the table's
//! permissions ([`permission`]), then the engine deciding it on the game as
//! the viewer knows it ([`known_by`]) with a throwaway die (deciding
//! changes nothing). An allowed choice carries the AP the engine would
//! spend, a shot's chance to hit (the engine's "in 6", as a percentage) and
//! anything else it costs; a refused one the engine's reason and rule. A
//! move or a deployment is one choice whose square is a parameter, listing
//! every square the engine accepts with the AP each costs.
//!
//! - `permission`: who may give which command; `known`: the game as a
//!   viewer knows it; `crew`: a crew member's actions; `gm`: the GM's.

mod crew;
mod gm;
mod known;
mod permission;

use nanite_core::table::{
    Choice, Draft, ParamKind, ParamOption, ParamValue, Refusal, Seat, Verdict,
};
use nanite_core::{CombatantId, Ruleset, SeededDice};

use crate::Station;
use crate::command::{self, Command};
use crate::event::Event;
use crate::map::{Pos, distance};
use crate::scenario::Kind;
use crate::state::{Phase, State};

pub use known::known_by;
pub use permission::permission;

/// The engine's refusal in the table's shape: the code `refused` (what the
/// commands endpoint answers for it too), the rule it names and its
/// message. Station's messages say what is wrong; none is split into a fix.
pub fn refusal(r: &command::Refusal) -> Refusal {
    let out = Refusal::new("refused", r.message.clone());
    match r.rule {
        Some(rule) => out.rule(rule),
        None => out,
    }
}

/// The table's seat of a viewer acting for crew members `crew`.
pub fn player_seat<'a>(crew: impl IntoIterator<Item = &'a str>) -> Seat {
    Seat::Player {
        controls: crew.into_iter().map(CombatantId::from).collect(),
    }
}

/// Everything `seat` may do in `state` now, judged on the game as it knows
/// it: the crew members' actions, then the creatures', the deployments and
/// the turn's end.
pub fn choices(state: &State, seat: &Seat) -> Vec<Choice<Command>> {
    if matches!(state.phase, Phase::Over(_)) || *seat == Seat::Spectator {
        return Vec::new();
    }
    let known = known_by(state, seat);
    let mut offer = Offer {
        state: &known,
        seat,
        out: Vec::new(),
    };
    if known.phase == Phase::Players {
        for p in &known.players {
            if seat.acts_for(&CombatantId::from(p.id.as_str())) {
                offer.crew(p);
            }
        }
    }
    let automated = known.scenario.kind == Kind::SinglePlayer;
    if seat.is_gm() && !automated {
        if known.phase == Phase::Gm {
            for c in &known.creatures {
                offer.creature(c);
            }
        }
        if matches!(known.phase, Phase::Setup | Phase::Gm) {
            offer.deployments();
        }
    }
    let end = match known.phase {
        Phase::Setup => Some(("begin", "Begin: the players move first", Command::Begin)),
        Phase::Players => Some(("end_turn", "End the players' turn", Command::EndTurn)),
        Phase::Gm if !automated => Some(("end_turn", "End the GM's turn", Command::EndTurn)),
        _ => None,
    };
    if let Some((kind, label, command)) = end {
        let choice = offer.judged(Draft::new(kind, label, command));
        // A player is offered the turn's end only when they may give it.
        if choice.allowed() || seat.is_gm() {
            offer.out.push(choice);
        }
    }
    offer.out
}

/// The choices being gathered for one viewer, on the game as it knows it.
pub(crate) struct Offer<'a> {
    state: &'a State,
    seat: &'a Seat,
    out: Vec<Choice<Command>>,
}

/// AP unit `who` has left this turn (a crew member's or a creature's).
fn ap_left(state: &State, who: &str) -> i32 {
    state
        .player(who)
        .map(|p| p.ap)
        .or_else(|| state.creature(who).map(|c| c.ap))
        .unwrap_or(0)
}

/// A square as a parameter's value.
fn square(at: Pos) -> ParamValue {
    ParamValue::Square {
        x: i64::from(at.x),
        y: i64::from(at.y),
    }
}

impl Offer<'_> {
    /// Judges `draft` and keeps it.
    fn push(&mut self, draft: Draft<Command>) {
        let choice = self.judged(draft);
        self.out.push(choice);
    }

    /// `draft` with its verdict and price.
    fn judged(&self, draft: Draft<Command>) -> Choice<Command> {
        let (verdict, price) = self.judge(draft.command());
        draft.judged(verdict).priced(price)
    }

    /// The verdict on `command`: the table's permissions, then the engine;
    /// and, when allowed, what it costs besides AP.
    fn judge(&self, command: &Command) -> (Verdict, Option<String>) {
        if let Some(r) = permission(self.state, self.seat, command) {
            return (Verdict::Refused(r), None);
        }
        // The probe's die never leaves this function: only whether the
        // engine accepts the command, what it spends and its odds are read,
        // never an outcome.
        let events = match Station::decide(self.state, command, &mut SeededDice::new(0)) {
            Ok(events) => events,
            Err(r) => return (Verdict::Refused(refusal(&r)), None),
        };
        let who = command.actor();
        let cost = who.map_or(0, |who| {
            let mut after = self.state.clone();
            for e in &events {
                Station::evolve(&mut after, e);
            }
            (ap_left(self.state, who) - ap_left(&after, who)).max(0) as u32
        });
        // A shot's chance to hit is "in 6" (ST-SHOOT-01): as a percentage.
        let odds = events.iter().find_map(|e| match e {
            Event::Attacked {
                attacker, report, ..
            } if Some(attacker.as_str()) == who => Some(f64::from(report.chance) * 100.0 / 6.0),
            _ => None,
        });
        (Verdict::Allowed { cost, odds }, price(&events))
    }

    /// The move of unit `who` standing on `at`: one choice whose square is a
    /// parameter listing every square the engine accepts, with its AP. With
    /// none, the choice is the nearest square's, refused with the engine's
    /// reason.
    fn moves(&mut self, who: &str, at: Pos) {
        let state = self.state;
        let reach = ap_left(state, who).max(1);
        let candidates: Vec<Pos> = state
            .grid()
            .floor()
            .filter(|p| *p != at && distance(*p, at) <= reach)
            .collect();
        let mut legal = Vec::new();
        for to in &candidates {
            let command = Command::Move {
                who: who.to_string(),
                to: *to,
            };
            if let (Verdict::Allowed { cost, .. }, _) = self.judge(&command) {
                legal.push(ParamOption::new(square(*to), to.to_string()).costing(cost));
            }
        }
        let first = match legal.first() {
            Some(ParamOption {
                value: ParamValue::Square { x, y },
                ..
            }) => Pos::new(*x as i32, *y as i32),
            _ => match candidates.iter().min_by_key(|p| distance(**p, at)) {
                Some(p) => *p,
                None => return,
            },
        };
        let mut draft = Draft::new(
            "move",
            format!("Move {who}"),
            Command::Move {
                who: who.to_string(),
                to: first,
            },
        )
        .by(&CombatantId::from(who));
        if !legal.is_empty() {
            draft = draft.param("Move.to", "to", ParamKind::one_of(legal));
        }
        self.push(draft);
    }
}

/// What an accepted command costs besides AP, from its events: cyber
/// modules for a purchase, Psi Points, and a task's nanites and turns.
fn price(events: &[Event]) -> Option<String> {
    events.iter().find_map(|e| match e {
        Event::Bought { cost, .. } => Some(format!("{cost} CM")),
        Event::PsiSpent { pp, .. } => Some(format!("{pp} PP")),
        // The probe's die is not the real one: only the cost and the time
        // are read, never the outcome.
        Event::TaskStarted { task, nanites, .. } => Some(format!(
            "{}{} turns",
            if *nanites > 0 {
                format!("{nanites} nanites · ")
            } else {
                String::new()
            },
            task.turns_left
        )),
        _ => None,
    })
}

#[cfg(test)]
mod tests;
