//! The D20 tracker fragment (`templates/d20/part.html`) and the GM's
//! controls (`templates/d20/gm.html`), from the typed view of the encounter
//! and the engine's judgement of the viewer's actions. The templates escape
//! every value; what they show is prepared here.

use askama::Template;
use nanite_core::ClockCommand;
use nanite_d20::campaign::{InitiativeBy, InitiativeReroll};
use nanite_d20::encounter::{Command, Field, Place};

use super::{Judged, field};
use crate::d20::view::{CombatantView, Condition, EncounterView, InitiativeSettings};
use crate::web::html::Bar;
use crate::web::tracker::choices::{
    ChoiceView, ChoicesPanel, GM_HAND, Input, TargetView, commands_api,
};

/// The tracker fragment: the status, the initiative, the actions of the
/// combatant the viewer acts for, the latest result, the field, the
/// combatants, the log and the combatants' ids for the GM's forms.
#[derive(Template)]
#[template(path = "d20/part.html")]
pub(crate) struct Part<'a> {
    /// The encounter's name.
    name: &'a str,
    /// The round, or what is happening instead.
    status: String,
    /// How initiative is rolled, in words.
    rule: String,
    /// Whose turn, with what they have left.
    turn: Option<Turn>,
    /// The "your turn" badge.
    turn_call: String,
    /// A round is on but no combatant the viewer sees is acting: a hidden
    /// combatant's turn, of which the page says only that the GM is acting
    /// (as the Compound X tracker does; docs/server.md).
    gm_acting: bool,
    /// The choice owed after a natural 1: who chooses, and after whom.
    owed: Option<(String, String)>,
    /// The initiative order.
    initiative: Vec<InitiativeRow<'a>>,
    /// The viewer's actions and the GM's hand.
    actions: Option<ChoicesPanel<'a>>,
    /// The latest entry's lines.
    latest: Option<Vec<Line<'a>>>,
    /// The grid or the rows.
    field: field::FieldPart,
    /// The combatants.
    cards: Vec<Card<'a>>,
    /// The older entries the viewer heard, newest first (at most 40).
    log: Vec<Vec<Line<'a>>>,
    /// Each combatant's id and name, for the GM's forms.
    ids: Vec<(&'a str, &'a str)>,
    /// Where the GM panels' commands go.
    api: String,
    /// The encounter's API address (copies, the engine).
    enc_api: String,
    /// Who the engine plays, and the sides for the GM.
    engine: &'a crate::web::npcs::EngineShown,
    /// The viewer is the GM.
    gm: bool,
    /// Names linked to their compendium entries (web/links.rs).
    links: crate::web::links::Links,
}

impl Part<'_> {
    /// The same fragment with the names of `links` linked.
    pub(crate) fn with_links(mut self, links: crate::web::links::Links) -> Self {
        self.links = links;
        self
    }

    /// Whether `card` is an NPC the GM may copy or hand to the engine.
    fn npc(&self, card: &Card<'_>) -> bool {
        self.gm && card.c.full.as_ref().is_some_and(|d| d.character.is_none())
    }
}

/// Whose turn it is and what they have left.
struct Turn {
    name: String,
    actions: Option<(u32, u32)>,
    movement: Option<(i64, i64)>,
}

/// A place in the initiative order.
struct InitiativeRow<'a> {
    total: Option<i64>,
    name: &'a str,
    side: Option<&'a str>,
    active: bool,
}

/// A line of a log entry, indented as the engine indents its breakdowns.
struct Line<'a> {
    depth: usize,
    text: &'a str,
}

/// A combatant's card.
struct Card<'a> {
    c: &'a CombatantView,
    /// The GM's commands aimed at it (empty for anyone else).
    panel: &'a [ChoiceView],
    active: bool,
    hidden: bool,
    wounded_class: String,
    place: String,
    bars: Vec<Bar>,
    weapons: String,
    states: Vec<State>,
}

/// A state shown on a card.
enum State {
    Grappling { other: String, who: &'static str },
    Casting { magic: String, on: Option<String> },
    Drained { points: i64, ends: Option<String> },
    Stunned { ends: Option<String> },
}

/// Where a combatant stands, in words ("square 3,2", "front row").
pub(crate) fn place_words(place: &Place) -> String {
    match place {
        Place::Square(s) => format!("square {},{}", s.x, s.y),
        Place::Row(row) => format!("{} row", row.key()),
    }
}

fn initiative_rule(s: &InitiativeSettings) -> String {
    format!(
        "Initiative {}, {}",
        match s.by {
            InitiativeBy::Side => "by side (1d100 a side)",
            InitiativeBy::Combatant => "by combatant (1d100 + DEX)",
        },
        match s.reroll {
            InitiativeReroll::Kept => "kept for the battle",
            InitiativeReroll::EachRound => "rolled each round",
        }
    )
}

fn lines(lines: &[String]) -> Vec<Line<'_>> {
    lines
        .iter()
        .map(|text| {
            // The engine indents a breakdown under its line, two spaces a level.
            let trimmed = text.trim_start_matches(' ');
            Line {
                depth: ((text.len() - trimmed.len()) / 2).min(3),
                text: text.trim_start(),
            }
        })
        .collect()
}

impl<'a> Part<'a> {
    /// The fragment of `shown` with the viewer's `judged` actions.
    pub(crate) fn new(
        campaign: &'a str,
        encounter: &'a str,
        shown: &'a EncounterView,
        judged: &'a Judged,
        gm: bool,
    ) -> Part<'a> {
        let active = shown.active.as_ref();
        let status = match shown.phase {
            "setup" if gm => {
                "Setting up: add combatants, roll initiative, then begin the fight.".to_string()
            }
            "setup" => "Setting up: the GM is placing the combatants.".to_string(),
            "surprise" => "Surprise round".to_string(),
            "round" => format!("Round {}", shown.round),
            "ended" => "The fight is over.".to_string(),
            _ => String::new(),
        };
        let turn = active.map(|id| Turn {
            name: shown.name_of(id),
            actions: shown.actions.as_ref().map(|a| (a.left, a.total)),
            movement: shown.movement.as_ref().map(|m| (m.left, m.allowance)),
        });
        let heard: Vec<&[String]> = shown
            .log
            .iter()
            .map(|e| e.lines.as_slice())
            .filter(|l| !l.is_empty())
            .collect();
        let call = active
            .and_then(|id| shown.combatants.iter().find(|c| &c.id == id))
            .map(|c| (c.mine, c.full.as_ref().and_then(|f| f.owner.as_deref())));
        Part {
            name: &shown.name,
            turn_call: crate::web::turn::badge(crate::web::turn::TurnCall::of(call, gm)),
            gm_acting: active.is_none() && matches!(shown.phase, "surprise" | "round"),
            status,
            rule: initiative_rule(&shown.initiative_settings),
            turn,
            owed: shown
                .owed
                .as_ref()
                .map(|o| (shown.name_of(&o.chooser), shown.name_of(&o.against))),
            initiative: shown
                .initiative
                .iter()
                .map(|i| InitiativeRow {
                    total: i.total,
                    name: &i.name,
                    side: i.side.as_deref(),
                    active: Some(&i.id) == active,
                })
                .collect(),
            actions: (!judged.turn.is_empty() || !judged.hand.is_empty())
                .then(|| actions_panel(campaign, encounter, shown, judged)),
            latest: shown.log.last().map(|e| lines(&e.lines)),
            field: field::FieldPart::new(campaign, encounter, shown, judged),
            cards: shown
                .combatants
                .iter()
                .map(|c| {
                    let mut made = card(shown, c, Some(&c.id) == active);
                    made.panel = judged.panels.get(c.id.as_str()).map_or(&[], Vec::as_slice);
                    made
                })
                .collect(),
            // An entry the viewer heard nothing of is left out, not drawn
            // empty: an empty line would mark where a secret happened.
            log: if heard.len() > 1 {
                heard
                    .iter()
                    .rev()
                    .skip(1)
                    .take(40)
                    .map(|l| lines(l))
                    .collect()
            } else {
                Vec::new()
            },
            ids: shown
                .combatants
                .iter()
                .map(|c| (c.id.as_str(), c.name.as_str()))
                .collect(),
            api: commands_api(campaign, encounter),
            enc_api: format!("/api/campaigns/{campaign}/encounters/{encounter}"),
            engine: &judged.engine,
            gm,
            links: crate::web::links::Links::default(),
        }
    }
}

/// A bar with its exact numbers (the `bar` macro of `templates/macros.html`).
fn bar(kind: &'static str, label: &'static str, now: i64, max: i64) -> Bar {
    Bar {
        kind,
        label,
        now,
        max,
    }
}

fn card<'a>(shown: &EncounterView, c: &'a CombatantView, active: bool) -> Card<'a> {
    let mut bars = Vec::new();
    let mut weapons = String::new();
    if let Some(d) = &c.full {
        bars.push(bar("hp", "Hit points", d.hp, d.max_hp));
        if d.max_energy > 0 {
            bars.push(bar("energy", "Spell energy", d.energy, d.max_energy));
        }
        if d.max_power_points > 0 {
            bars.push(bar(
                "power",
                "Power points",
                d.power_points,
                d.max_power_points,
            ));
        }
        weapons = d
            .weapons
            .iter()
            .map(|w| format!("{} ({}, reach {} ft)", w.name, w.damage, w.reach_feet))
            .collect::<Vec<_>>()
            .join("; ");
    }
    let mut states = Vec::new();
    if let Some(g) = &c.grapple {
        let who = if g.advantage {
            " (holds Grappling Advantage)"
        } else if g.opponent_advantage {
            " (the opponent holds Grappling Advantage)"
        } else {
            ""
        };
        states.push(State::Grappling {
            other: shown.name_of(&g.with),
            who,
        });
    }
    for k in &c.conditions {
        states.push(match k {
            Condition::Casting { magic, target } => State::Casting {
                magic: magic.clone(),
                on: target.as_ref().map(|t| shown.name_of(t)),
            },
            Condition::Drained { points, ends } => State::Drained {
                points: *points,
                ends: ends.clone(),
            },
            Condition::Stunned { ends } => State::Stunned { ends: ends.clone() },
        });
    }
    Card {
        c,
        panel: &[],
        active,
        hidden: c.full.as_ref().is_some_and(|d| d.hidden),
        wounded_class: c.wounded.replace(' ', "-"),
        place: place_words(&c.place),
        bars,
        weapons,
        states,
    }
}

/// The actions panel of the combatant the viewer acts for, drawn by the
/// tracker's choices template: a target picker (each target with its side,
/// how hurt it looks and where it stands; the first enemy standing picked
/// until the viewer picks another), each target's choices, then the rest,
/// and the GM's hand below.
fn actions_panel<'j>(
    campaign: &'j str,
    encounter: &'j str,
    shown: &EncounterView,
    judged: &'j Judged,
) -> ChoicesPanel<'j> {
    let actor = judged.turn.first().and(judged.actor.as_ref());
    let mut targets: Vec<&str> = Vec::new();
    for t in judged.turn.iter().filter_map(|c| c.target.as_deref()) {
        if !targets.contains(&t) {
            targets.push(t);
        }
    }
    let by_id = |t: &str| shown.combatants.iter().find(|c| c.id.as_str() == t);
    let my_side = actor
        .and_then(|a| shown.combatant(a))
        .map(|c| c.side.as_str());
    let first = targets
        .iter()
        .copied()
        .find(|t| by_id(t).is_some_and(|x| Some(x.side.as_str()) != my_side && !x.down))
        .or_else(|| targets.first().copied());
    ChoicesPanel {
        campaign,
        encounter,
        actor: actor.map(|a| shown.name_of(a)),
        targets: targets
            .iter()
            .map(|t| {
                let facts = by_id(t).map_or_else(String::new, |x| {
                    [x.side.clone(), x.wounded.to_string(), place_words(&x.place)].join(" · ")
                });
                TargetView {
                    id: t.to_string(),
                    name: by_id(t).map_or_else(|| t.to_string(), |x| x.name.clone()),
                    facts,
                    picked: Some(*t) == first,
                }
            })
            .collect(),
        turn: judged.turn.iter().collect(),
        hand: judged.hand.iter().collect(),
        hand_title: GM_HAND,
    }
}

/// A campaign character the GM may add.
pub(crate) struct Named {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
}

/// The GM's controls: the clock (initiative, begin, next turn, end),
/// adding a combatant on a square or in a row, placing one, checks with
/// their DCs, damage, hiding, undo.
#[derive(Template)]
#[template(path = "d20/gm.html")]
pub(crate) struct GmControls<'a> {
    /// The commands route's parent, `/api/campaigns/{c}/encounters/{e}`.
    api: String,
    /// The campaign's characters.
    characters: &'a [Named],
    /// The grid's largest x and y, when the fight is on a grid.
    grid: Option<(i64, i64)>,
    /// The clock's buttons: label and command.
    clock: Vec<(&'static str, String)>,
}

impl<'a> GmControls<'a> {
    /// The GM's controls of `encounter` in `campaign`, on `field`.
    pub(crate) fn new(
        campaign: &str,
        encounter: &str,
        field: &Field,
        characters: &'a [Named],
    ) -> GmControls<'a> {
        let body = |c: Command| serde_json::to_string(&c).unwrap_or_default();
        GmControls {
            api: format!("/api/campaigns/{campaign}/encounters/{encounter}"),
            characters,
            grid: match field {
                Field::Map { width, height } => Some((width - 1, height - 1)),
                Field::Rows => None,
            },
            clock: vec![
                (
                    "Roll initiative for everyone",
                    body(Command::RollInitiative { who: Vec::new() }),
                ),
                (
                    "Begin the fight",
                    body(Command::Clock(ClockCommand::Begin {
                        surprise: Vec::new(),
                    })),
                ),
                ("Next turn", body(Command::Clock(ClockCommand::NextTurn))),
                ("End the fight", body(Command::Clock(ClockCommand::End))),
            ],
        }
    }
}
