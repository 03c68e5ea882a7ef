//! Tag at the table: `TableRules` for [`Tag`]. A player brings in runners
//! of their own and acts for them on their turns; the GM brings in any
//! (hidden ones too), rolls initiative, begins, ends turns and the game.
//! What a player sees and is offered is worked out on the yard without the
//! runners hidden from the players.

use nanite_core::encounter::FightPhase;
use nanite_core::script::LineError;
use nanite_core::table::{
    Acting, Board, Choice, Draft, Narration, ParamKind, Piece, Refusal as TableRefusal, Seat, Stat,
    TableRules, Verdict, without_hidden,
};
use nanite_core::{ClockCommand, CombatantId, Ruleset, SeededDice};
use serde::{Deserialize, Serialize};

use crate::{Command, Event, Refusal, Runner, Tag, Yard};

/// How a game of tag opens.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Actions a runner has each turn, 1 to 3 (none: 2).
    #[serde(default)]
    pub actions: Option<u32>,
}

/// The yard as `seat` knows it: without the runners hidden from players.
fn known(yard: &Yard, seat: &Seat) -> Yard {
    if seat.is_gm() {
        return yard.clone();
    }
    without_hidden::<Tag, ()>(yard, &yard.clock, |id| {
        Command::Clock(ClockCommand::Leave { id })
    })
}

/// Whether `seat` may see runner `id`.
fn sees(yard: &Yard, seat: &Seat, id: &CombatantId) -> bool {
    seat.is_gm() || !yard.hidden(id)
}

impl TableRules for Tag {
    const KEY: &'static str = "tag";
    const TITLE: &'static str = "Playground tag";
    const EXAMPLES: &'static [&'static str] = &["ann tag bob", "next", "initiative ann 6"];
    type Setup = Setup;

    fn open(setup: &Setup) -> Result<Yard, TableRefusal> {
        let actions = setup.actions.unwrap_or(2);
        if !(1..=3).contains(&actions) {
            return Err(TableRefusal::new(
                "invalid_setup",
                format!("a runner has 1 to 3 actions a turn, not {actions}"),
            )
            .fix("give `actions` from 1 to 3, or leave it out for 2"));
        }
        Ok(Yard::new(actions))
    }

    fn name(command: &Command) -> &'static str {
        match command {
            Command::Enter { .. } => "enter",
            Command::Roll => "roll",
            Command::Clock(_) => "clock",
            Command::Tag { .. } => "tag",
        }
    }

    fn acting(yard: &Yard, command: &Command) -> Acting {
        match command {
            Command::Enter { id, .. } => Acting::Joins(id.clone()),
            Command::Tag { id, .. } => Acting::Turn(id.clone()),
            // A runner ends its own turn.
            Command::Clock(ClockCommand::NextTurn) => match &yard.clock.active {
                Some(id) => Acting::Turn(id.clone()),
                None => Acting::Gm,
            },
            Command::Roll | Command::Clock(_) => Acting::Gm,
        }
    }

    fn entrant(command: &Command) -> Option<CombatantId> {
        match command {
            Command::Enter { id, .. } => Some(id.clone()),
            _ => None,
        }
    }

    fn board(yard: &Yard, seat: &Seat) -> Board {
        let phase = match &yard.clock.phase {
            FightPhase::Setup => "setup: runners join".to_string(),
            FightPhase::Surprise { .. } => "the surprise round".to_string(),
            FightPhase::Round { number } => format!("round {number}"),
            FightPhase::Ended => "over".to_string(),
        };
        let mut pieces: Vec<Piece> = yard
            .clock
            .seats
            .iter()
            .filter(|s| sees(yard, seat, &s.id))
            .map(|s| {
                let mut facts = vec![Stat::new(
                    "dodge",
                    yard.runners.get(&s.id).map_or(0, |r| r.dodge),
                )];
                if let Some(i) = &s.initiative {
                    facts.push(Stat::new("initiative", i.total));
                }
                if yard.clock.active.as_ref() == Some(&s.id) {
                    facts.push(Stat::new("actions left", yard.clock.budget.left));
                }
                if s.hidden {
                    facts.push(Stat::new("hidden", "from the players"));
                }
                Piece {
                    id: s.id.clone(),
                    name: yard.name(&s.id).to_string(),
                    side: s.side.clone(),
                    facts,
                }
            })
            .collect();
        pieces.extend(
            yard.out
                .iter()
                .filter(|id| seat.is_gm() || !yard.unseen_out.contains(id))
                .map(|id| Piece {
                    id: id.clone(),
                    name: yard.name(id).to_string(),
                    side: "out".into(),
                    facts: vec![Stat::new("tagged", "out")],
                }),
        );
        Board {
            phase,
            acting: yard.clock.active.clone().filter(|id| sees(yard, seat, id)),
            pieces,
        }
    }

    fn choices(yard: &Yard, seat: &Seat) -> Vec<Choice<Command>> {
        if matches!(seat, Seat::Spectator) {
            return Vec::new();
        }
        let known = known(yard, seat);
        let mut drafts: Vec<Draft<Command>> = Vec::new();
        // The runner whose turn it is, if the seat acts for it.
        if let Some(active) = known.clock.active.clone().filter(|a| seat.acts_for(a)) {
            for target in known.clock.seats.iter().map(|s| &s.id) {
                if target != &active {
                    drafts.push(
                        Draft::new(
                            "tag",
                            format!("Tag {}", known.name(target)),
                            Command::Tag {
                                id: active.clone(),
                                target: target.clone(),
                            },
                        )
                        .by(&active)
                        .at(target),
                    );
                }
            }
            drafts.push(
                Draft::new(
                    "end_turn",
                    "End the turn",
                    Command::Clock(ClockCommand::NextTurn),
                )
                .by(&active),
            );
        }
        let side = if seat.is_gm() { "chasers" } else { "runners" };
        let mut enter = Draft::new(
            "enter",
            if seat.is_gm() {
                "Bring in a runner"
            } else {
                "Join with a runner"
            },
            Command::Enter {
                id: CombatantId::from("runner"),
                side: side.into(),
                hidden: false,
                runner: Runner {
                    name: "Runner".into(),
                    dodge: 3,
                },
            },
        )
        .param(
            "id",
            "Handle",
            ParamKind::Text {
                max_len: 30,
                default: "runner".into(),
            },
        )
        .param(
            "runner.name",
            "Name",
            ParamKind::Text {
                max_len: 60,
                default: "Runner".into(),
            },
        )
        .param(
            "runner.dodge",
            "Dodge (1 to 5)",
            ParamKind::Whole {
                min: 1,
                max: 5,
                default: Some(3),
            },
        )
        .param(
            "side",
            "Side",
            ParamKind::Text {
                max_len: 30,
                default: side.into(),
            },
        );
        if seat.is_gm() {
            enter = enter.param("hidden", "Hidden from the players", ParamKind::Flag);
            drafts.push(Draft::new("roll", "Roll initiative", Command::Roll));
            drafts.push(Draft::new(
                "begin",
                "Begin",
                Command::Clock(ClockCommand::Begin {
                    surprise: Vec::new(),
                }),
            ));
            if known.clock.active.is_some() {
                drafts.push(Draft::new(
                    "next_turn",
                    "Next turn",
                    Command::Clock(ClockCommand::NextTurn),
                ));
            }
            drafts.push(Draft::new(
                "end",
                "End the game",
                Command::Clock(ClockCommand::End),
            ));
        }
        drafts.push(enter);
        drafts
            .into_iter()
            .map(|draft| {
                let verdict = judge(&known, seat, draft.command());
                draft.judged(verdict)
            })
            .collect()
    }

    fn narrate(before: &Yard, events: &[Event]) -> Narration {
        crate::narrate(before, events)
    }

    fn refusal(error: &Refusal) -> TableRefusal {
        match error {
            Refusal::Clock(e) => TableRefusal::new("clock", e.to_string()),
            Refusal::Out(_) => {
                TableRefusal::new("out", error.to_string()).fix("tag a runner still in the game")
            }
            Refusal::Dodge(_) => TableRefusal::new("invalid_dodge", error.to_string()),
            Refusal::Dice(_) => TableRefusal::new("dice", error.to_string()),
        }
    }

    fn parse(_yard: &Yard, line: &str) -> Result<Command, LineError> {
        crate::parse(line).map(|order| order.command)
    }
}

/// The table's and the rules' verdict on `command` for `seat`, decided on
/// the yard as the seat knows it with throwaway dice.
fn judge(known: &Yard, seat: &Seat, command: &Command) -> Verdict {
    if let Some(refused) = seat.refusal(Tag::acting(known, command)) {
        return Verdict::Refused(refused);
    }
    match Tag::decide(known, command, &mut SeededDice::new(0)) {
        Ok(_) => {
            let (cost, odds) = match command {
                Command::Tag { target, .. } => {
                    let dodge = known.runners.get(target).map_or(0, |r| r.dodge);
                    (1, Some((6 - dodge) as f64 * 100.0 / 6.0))
                }
                _ => (0, None),
            };
            Verdict::Allowed { cost, odds }
        }
        Err(e) => Verdict::Refused(Tag::refusal(&e)),
    }
}
