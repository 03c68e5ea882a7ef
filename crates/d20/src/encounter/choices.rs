//! What a viewer may do now in a D20 fight, as the table's [`Choice`]s:
//! every command of the engine, for the combatant the viewer acts for (the
//! one owed a choice after a natural 1, else the one whose turn it is) and,
//! for the GM, the GM's own hand. Each choice is judged by deciding it on
//! the fight as the viewer knows it (deciding changes nothing): the actions
//! it would spend, or the engine's refusal in the table's shape.
//!
//! A player's choices are worked out on a copy of the fight from which every
//! combatant hidden from the players has left, so neither the list, nor a
//! cost, nor a refusal can depend on what the player may not know.

mod panel;

use nanite_core::encounter::FightPhase;
use nanite_core::table::{
    Acting, Choice, Draft, ParamKind, ParamOption, ParamValue, Refusal as TableRefusal, Seat,
    Verdict,
};
use nanite_core::{ClockCommand, ClockEvent, CombatantId, Ruleset, SeededDice};

use super::{
    Battle, Combatant, Command, D20, Event, Field, GrappleAttack, PositionChange, Refusal, Row,
    Square, Takedown, TakedownChoice, distance_feet,
};
use crate::attribute::Attribute;
use crate::pack::WeaponKind;

/// The longest free text a choice takes (a held action's trigger, a why).
const TEXT_MAX: usize = 200;

/// The takedowns with their labels (D20-GRAP-02).
const TAKEDOWNS: [(Takedown, &str); 3] = [
    (Takedown::Clinch, "Clinch"),
    (Takedown::Tackle, "Tackle"),
    (Takedown::Trip, "Trip"),
];

/// The position changes with their labels (D20-GRAP-03).
const POSITION_CHANGES: [(PositionChange, &str); 4] = [
    (PositionChange::Push, "Push"),
    (PositionChange::Pull, "Pull"),
    (PositionChange::Scramble, "Scramble"),
    (PositionChange::Reversal, "Reversal"),
];

/// The grappling attacks with their labels (D20-GRAP-04..07).
const GRAPPLE_ATTACKS: [(GrappleAttack, &str); 3] = [
    (GrappleAttack::Submission, "Submission hold"),
    (GrappleAttack::Slam, "Slam"),
    (GrappleAttack::ShortStrikes, "Short strikes"),
];

/// Who acts in `command`, for the table's permissions. Commands not named
/// here are the GM's (adding, placing, checks with their DCs, harm, rest
/// and kits, the clock), so a command added to the engine is the GM's until
/// someone decides otherwise.
pub fn acting(command: &Command, battle: &Battle) -> Acting {
    use Command as C;
    match command {
        C::RollInitiative { who } if !who.is_empty() => Acting::Rolls(who.clone()),
        C::Clock(ClockCommand::NextTurn | ClockCommand::Hold { .. }) => {
            battle.clock.active.clone().map_or(Acting::Gm, Acting::Turn)
        }
        C::Clock(ClockCommand::Trigger { id }) => Acting::Reaction(id.clone()),
        // The choice after an opponent's takedown rolls a natural 1 is
        // made out of turn (D20-GRAP-02).
        C::Choose { id, .. } => Acting::Reaction(id.clone()),
        C::Move { id, .. }
        | C::DoubleMove { id }
        | C::ChangeRow { id, .. }
        | C::Attack { id, .. }
        | C::Cast { id, .. }
        | C::Takedown { id, .. }
        | C::ChangePosition { id, .. }
        | C::GrappleAttack { id, .. }
        | C::Release { id }
        | C::Hold { id, .. } => Acting::Turn(id.clone()),
        _ => Acting::Gm,
    }
}

/// The fight as `seat` knows it: for anyone but the GM, without the
/// combatants hidden from the players (they left, as far as this copy
/// goes). The hidden combatant whose turn it is stays, so the clock is
/// unchanged.
pub fn as_known_by(battle: &Battle, seat: &Seat) -> Battle {
    nanite_core::table::known_by::<D20, _>(seat, battle, &battle.clock, |id| {
        Command::Clock(ClockCommand::Leave { id })
    })
}

/// Everything `seat` may do now, judged on the fight as it knows it.
pub fn choices(battle: &Battle, seat: &Seat) -> Vec<Choice<Command>> {
    let known = as_known_by(battle, seat);
    let mut offer = Offer {
        battle: &known,
        seat,
        out: Vec::new(),
    };
    let actor = known
        .owed
        .as_ref()
        .map(|o| o.chooser.clone())
        .or_else(|| known.clock.active.clone());
    if let Some(actor) = actor.filter(|a| seat.acts_for(a) && !offer.hidden(a)) {
        offer.turn(&actor);
    }
    if seat.is_gm() {
        offer.gm();
    }
    offer.out
}

/// The table's shape of an engine refusal: a code, the rule it names, what
/// is wrong and how to put it right.
pub fn refusal(r: &Refusal) -> TableRefusal {
    let code = match r {
        Refusal::Clock(e) => e.code(),
        Refusal::Unknown { .. } => "unknown_combatant",
        Refusal::CannotAct { .. } => "cannot_act",
        Refusal::Illegal { .. } => "against_the_rules",
        Refusal::Dice(_) => "dice_needed",
    };
    TableRefusal::from_message(code, &r.to_string(), "D20-")
}

/// The choices being gathered for one viewer.
struct Offer<'a> {
    battle: &'a Battle,
    seat: &'a Seat,
    out: Vec<Choice<Command>>,
}

/// A whole number from `min` to `max`, `default` in the command.
fn whole(min: i64, max: i64, default: i64) -> ParamKind {
    ParamKind::Whole {
        min,
        max,
        default: Some(default),
    }
}

/// The skills a check may use: none (the attribute alone), then each of
/// `checked`'s skills.
fn skill_options(checked: Option<&Combatant>) -> Vec<ParamOption> {
    std::iter::once(ParamOption::new(
        ParamValue::Unset,
        "none: the attribute alone",
    ))
    .chain(
        checked
            .into_iter()
            .flat_map(|c| c.fighter.skills.iter())
            .map(|s| ParamOption::new(ParamValue::word(&s.id), s.name.as_str())),
    )
    .collect()
}

/// The attributes a check may use: the command's own value first (a
/// non-skill check of WIS), then the others, then the skill's default.
fn attribute_options() -> Vec<ParamOption> {
    std::iter::once(Attribute::Wis)
        .chain(Attribute::ALL.into_iter().filter(|a| *a != Attribute::Wis))
        .map(|a| ParamOption::new(ParamValue::word(a.key()), a.key()))
        .chain(std::iter::once(ParamOption::new(
            ParamValue::Unset,
            "the skill's default",
        )))
        .collect()
}

/// The check the GM calls for `id` until other parameters are picked: WIS
/// against DC 15, open.
fn called_check(id: &CombatantId) -> Command {
    Command::Check {
        id: id.clone(),
        skill: None,
        attribute: Some(Attribute::Wis),
        dc: 15,
        hidden: false,
    }
}

/// `draft` of a [`called_check`] with what the GM may pick: a skill of
/// `checked`'s, the attribute, the DC and whether it is hidden.
fn check_params(draft: Draft<Command>, checked: Option<&Combatant>) -> Draft<Command> {
    draft
        .param("skill", "skill", ParamKind::one_of(skill_options(checked)))
        .param(
            "attribute",
            "attribute",
            ParamKind::one_of(attribute_options()),
        )
        .param("dc", "DC", whole(1, 100, 15))
        .param("hidden", "hidden DC", ParamKind::Flag)
}

/// Free text, `default` in the command.
fn text(default: &str) -> ParamKind {
    ParamKind::Text {
        max_len: TEXT_MAX,
        default: default.to_string(),
    }
}

impl Offer<'_> {
    /// Judges `draft` and keeps it.
    fn push(&mut self, draft: Draft<Command>) {
        let verdict = self.judge(draft.command(), draft.actor());
        self.out.push(draft.judged(verdict));
    }

    fn judge(&self, command: &Command, actor: Option<&CombatantId>) -> Verdict {
        if let Some(r) = self.seat.refusal(acting(command, self.battle)) {
            return Verdict::Refused(r);
        }
        // The probe's dice never leave this function: only whether the
        // engine accepts the command and what it spends are read.
        let mut dice = SeededDice::new(0);
        match D20::decide(self.battle, command, &mut dice) {
            Ok(events) => Verdict::Allowed {
                cost: events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Clock(ClockEvent::ActionsSpent { id, actions, .. })
                            if Some(id) == actor =>
                        {
                            Some(*actions)
                        }
                        _ => None,
                    })
                    .sum(),
                odds: None,
            },
            Err(r) => Verdict::Refused(refusal(&r)),
        }
    }

    /// Whether `id` is hidden from this seat.
    fn hidden(&self, id: &CombatantId) -> bool {
        !self.seat.is_gm()
            && self
                .battle
                .clock
                .seats
                .iter()
                .any(|s| &s.id == id && s.hidden)
    }

    /// The others in the fight, as this viewer knows them.
    fn others(&self, actor: &CombatantId) -> Vec<CombatantId> {
        self.battle
            .clock
            .seats
            .iter()
            .filter(|s| &s.id != actor && !self.hidden(&s.id))
            .map(|s| s.id.clone())
            .collect()
    }

    /// Every action of `actor` now: the owed choice alone, or its turn.
    fn turn(&mut self, actor: &CombatantId) {
        let Some(me) = self.battle.combatants.get(actor).cloned() else {
            return;
        };
        if let Some(owed) = self.battle.owed.clone().filter(|o| &o.chooser == actor) {
            self.owed(actor, &me, &owed.against);
            return;
        }
        for target in self.others(actor) {
            self.against(actor, &me, &target);
        }
        self.own(actor, &me);
        self.push(
            Draft::new(
                "end_turn",
                "End turn",
                Command::Clock(ClockCommand::NextTurn),
            )
            .by(actor),
        );
    }

    /// The choice after `against`'s takedown rolled a natural 1
    /// (D20-GRAP-02): Grappling Advantage, or a free melee attack.
    fn owed(&mut self, actor: &CombatantId, me: &Combatant, against: &CombatantId) {
        let melee: Vec<(usize, &str)> = me
            .fighter
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.kind == WeaponKind::Melee)
            .map(|(i, w)| (i, w.name.as_str()))
            .collect();
        self.push(
            Draft::new(
                "choose",
                "Take Grappling Advantage",
                Command::Choose {
                    id: actor.clone(),
                    choice: TakedownChoice::Advantage,
                },
            )
            .by(actor),
        );
        let weapons = melee
            .iter()
            .map(|(i, name)| ParamOption::new(ParamValue::Whole(*i as i64), *name))
            .chain(std::iter::once(ParamOption::new(
                ParamValue::Unset,
                "unarmed",
            )))
            .collect();
        self.push(
            Draft::new(
                "choose",
                format!("Free melee attack on {}", self.battle.name(against)),
                Command::Choose {
                    id: actor.clone(),
                    choice: TakedownChoice::Attack {
                        weapon: melee.first().map(|(i, _)| *i),
                    },
                },
            )
            .by(actor)
            .param("choice.weapon", "with", ParamKind::one_of(weapons)),
        );
    }

    /// The actions of `actor` aimed at `target`.
    fn against(&mut self, actor: &CombatantId, me: &Combatant, target: &CombatantId) {
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            self.push(
                Draft::new(
                    "attack",
                    format!("Attack with {}", weapon.name),
                    Command::Attack {
                        id: actor.clone(),
                        target: target.clone(),
                        weapon: Some(index),
                    },
                )
                .by(actor)
                .at(target),
            );
        }
        self.push(
            Draft::new(
                "attack",
                "Unarmed strike",
                Command::Attack {
                    id: actor.clone(),
                    target: target.clone(),
                    weapon: None,
                },
            )
            .by(actor)
            .at(target),
        );
        for magic in &me.fighter.magic {
            self.push(
                Draft::new(
                    "cast",
                    format!("Cast {}", magic.name),
                    Command::Cast {
                        id: actor.clone(),
                        magic: magic.id.clone(),
                        target: target.clone(),
                    },
                )
                .by(actor)
                .at(target),
            );
        }
        for (kind, label) in TAKEDOWNS {
            self.push(
                Draft::new(
                    "takedown",
                    format!("{label} (takedown)"),
                    Command::Takedown {
                        id: actor.clone(),
                        target: target.clone(),
                        kind,
                    },
                )
                .by(actor)
                .at(target),
            );
        }
    }

    /// The actions of `actor` that take no target.
    fn own(&mut self, actor: &CombatantId, me: &Combatant) {
        for magic in me.fighter.magic.iter().filter(|m| !m.harmful()) {
            self.push(
                Draft::new(
                    "cast",
                    format!("Cast {} on yourself", magic.name),
                    Command::Cast {
                        id: actor.clone(),
                        magic: magic.id.clone(),
                        target: actor.clone(),
                    },
                )
                .by(actor),
            );
        }
        match self.battle.field {
            Field::Map { width, height } => self.walk(actor, me, width, height),
            Field::Rows => {
                let other = match self.battle.row(actor) {
                    Some(Row::Front) => Row::Back,
                    _ => Row::Front,
                };
                self.push(
                    Draft::new(
                        "change_row",
                        format!("Move to the {} row", other.key()),
                        Command::ChangeRow {
                            id: actor.clone(),
                            row: other,
                        },
                    )
                    .by(actor),
                );
            }
        }
        self.push(
            Draft::new(
                "double_move",
                "Double move",
                Command::DoubleMove { id: actor.clone() },
            )
            .by(actor),
        );
        if self.battle.grapple_of(actor).is_some() {
            for (kind, label) in POSITION_CHANGES {
                self.push(
                    Draft::new(
                        "change_position",
                        label,
                        Command::ChangePosition {
                            id: actor.clone(),
                            kind,
                        },
                    )
                    .by(actor),
                );
            }
            for (kind, label) in GRAPPLE_ATTACKS {
                self.push(
                    Draft::new(
                        "grapple_attack",
                        label,
                        Command::GrappleAttack {
                            id: actor.clone(),
                            kind,
                        },
                    )
                    .by(actor),
                );
            }
            self.push(
                Draft::new(
                    "release",
                    "Release the grapple",
                    Command::Release { id: actor.clone() },
                )
                .by(actor),
            );
        }
        self.push(
            Draft::new(
                "hold",
                "Hold the action",
                Command::Hold {
                    id: actor.clone(),
                    trigger: "an enemy comes within reach".into(),
                },
            )
            .by(actor)
            .param("trigger", "until", text("an enemy comes within reach")),
        );
    }

    /// A move on the grid (D20-MOVE-01/02): its parameter is the square,
    /// one of those the engine accepts from where the actor stands, each
    /// labelled with its distance; offered at the first in reading order
    /// (where it stands, refused with the engine's reason, when none is).
    fn walk(&mut self, actor: &CombatantId, me: &Combatant, width: i64, height: i64) {
        let Some(from) = self.battle.square(actor) else {
            return;
        };
        let left = me.movement.left();
        let step = |to: Square| Command::Move {
            id: actor.clone(),
            to: vec![to],
        };
        let legal: Vec<Square> = (0..height)
            .flat_map(|y| (0..width).map(move |x| Square { x, y }))
            .filter(|s| *s != from && distance_feet(from, *s) <= left)
            .filter(|s| matches!(self.judge(&step(*s), Some(actor)), Verdict::Allowed { .. }))
            .collect();
        let mut draft =
            Draft::new("move", "Move", step(legal.first().copied().unwrap_or(from))).by(actor);
        if !legal.is_empty() {
            let squares = legal
                .iter()
                .map(|s| {
                    ParamOption::new(
                        ParamValue::Square { x: s.x, y: s.y },
                        format!("{},{} ({} ft)", s.x, s.y, distance_feet(from, *s)),
                    )
                })
                .collect();
            draft = draft.param("to.0", "to square", ParamKind::one_of(squares));
        }
        self.push(draft);
    }

    /// The GM's own hand: the clock, placing, checks with their DCs, harm,
    /// rest, hiding, setting off held actions.
    fn gm(&mut self) {
        let ids = self.battle.clock.seated();
        let roll_all = Command::RollInitiative { who: Vec::new() };
        for draft in nanite_core::table::gm_clock(&self.battle.clock, roll_all, Command::Clock) {
            self.push(draft);
        }
        let held: Vec<CombatantId> = self.battle.clock.held.keys().cloned().collect();
        for id in held {
            self.push(Draft::new(
                "trigger",
                format!("Set off {}'s held action", self.battle.name(&id)),
                Command::Clock(ClockCommand::Trigger { id: id.clone() }),
            ));
        }
        if let Some(first) = ids.first().cloned() {
            self.gm_on(&ids, &first);
        }
        for id in &ids {
            self.gm_panel(id);
        }
        if !matches!(self.battle.clock.phase, FightPhase::Ended) {
            self.push(Draft::new(
                "end",
                "End the fight",
                Command::Clock(ClockCommand::End),
            ));
        }
    }

    /// The GM's commands on a combatant the GM picks (the first offered).
    fn gm_on(&mut self, ids: &[CombatantId], first: &CombatantId) {
        let combatants = ParamKind::one_of(
            ids.iter()
                .map(|id| ParamOption::new(ParamValue::word(id.as_str()), self.battle.name(id)))
                .collect(),
        );
        let (place, params): (_, Vec<(&'static str, &'static str, ParamKind)>) =
            match self.battle.field {
                Field::Map { width, height } => {
                    let at = self.battle.square(first).unwrap_or(Square { x: 0, y: 0 });
                    (
                        super::Place::Square(at),
                        vec![
                            ("place.square.x", "column", whole(0, width - 1, at.x)),
                            ("place.square.y", "row", whole(0, height - 1, at.y)),
                        ],
                    )
                }
                Field::Rows => {
                    let row = self.battle.row(first).unwrap_or(Row::Front);
                    let rows = [
                        row,
                        if row == Row::Front {
                            Row::Back
                        } else {
                            Row::Front
                        },
                    ];
                    (
                        super::Place::Row(row),
                        vec![(
                            "place.row",
                            "row",
                            ParamKind::one_of(
                                rows.iter()
                                    .map(|r| ParamOption::new(ParamValue::word(r.key()), r.key()))
                                    .collect(),
                            ),
                        )],
                    )
                }
            };
        let mut position = Draft::new(
            "position",
            "Place a combatant",
            Command::Position {
                id: first.clone(),
                place,
            },
        )
        .param("id", "who", combatants.clone());
        for (field, label, kind) in params {
            position = position.param(field, label, kind);
        }
        self.push(position);
        self.push(check_params(
            Draft::new("check", "Call for a check", called_check(first)).param(
                "id",
                "who",
                combatants.clone(),
            ),
            self.battle.combatants.get(first),
        ));
        self.push(
            Draft::new(
                "harm",
                "Deal damage",
                Command::Harm {
                    target: first.clone(),
                    amount: 1,
                    by: None,
                    why: "the GM's ruling".into(),
                },
            )
            .param("target", "to", combatants.clone())
            .param("amount", "amount", whole(0, 1_000, 1))
            .param("why", "why", text("the GM's ruling")),
        );
        for (hide, kind, label) in [
            (true, "hide", "Hide from the players"),
            (false, "reveal", "Reveal to the players"),
        ] {
            // Offered on the first combatant it would change.
            let Some(who) = self
                .battle
                .clock
                .seats
                .iter()
                .find(|s| s.hidden != hide)
                .map(|s| s.id.clone())
            else {
                continue;
            };
            self.push(
                Draft::new(
                    kind,
                    label,
                    Command::Clock(ClockCommand::Hide {
                        id: who,
                        hidden: hide,
                    }),
                )
                .param("id", "who", combatants.clone()),
            );
        }
        for (healer, kit) in self.battle.combatants.iter().flat_map(|(id, c)| {
            c.fighter
                .kits
                .iter()
                .filter(|k| k.count > 0)
                .map(move |k| (id.clone(), k.clone()))
        }) {
            self.push(
                Draft::new(
                    "use_kit",
                    format!("{}: use a {}", self.battle.name(&healer), kit.name),
                    Command::UseKit {
                        id: healer.clone(),
                        target: healer.clone(),
                        kit: kit.id.clone(),
                        max_checks: None,
                    },
                )
                .param("target", "on", combatants.clone()),
            );
        }
        self.push(
            Draft::new(
                "rest",
                "Rest",
                Command::Rest {
                    id: first.clone(),
                    periods: 1,
                },
            )
            .param("id", "who", combatants)
            .param("periods", "periods", whole(1, 100, 1)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Campaign;

    fn command(text: &str) -> Command {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn commands_name_who_acts() {
        let battle = Battle::new(Campaign::default(), Field::Rows);
        let cases = [
            (
                r#"{"command":"attack","id":"kara","target":"brute","weapon":0}"#,
                Acting::Turn("kara".into()),
            ),
            (
                r#"{"command":"move","id":"kara","to":[{"x":1,"y":2}]}"#,
                Acting::Turn("kara".into()),
            ),
            (
                r#"{"command":"change_row","id":"kara","row":"back"}"#,
                Acting::Turn("kara".into()),
            ),
            (
                r#"{"command":"choose","id":"kara","choice":{"choice":"advantage"}}"#,
                Acting::Reaction("kara".into()),
            ),
            (
                r#"{"command":"roll_initiative","who":["kara","brute"]}"#,
                Acting::Rolls(vec!["kara".into(), "brute".into()]),
            ),
            (r#"{"command":"roll_initiative","who":[]}"#, Acting::Gm),
            (r#"{"command":"clock","clock":"next_turn"}"#, Acting::Gm),
            (
                r#"{"command":"check","id":"kara","skill":"athletics","attribute":null,"dc":15,"hidden":true}"#,
                Acting::Gm,
            ),
            (
                r#"{"command":"harm","target":"kara","amount":3,"by":null,"why":"a fall"}"#,
                Acting::Gm,
            ),
            (
                r#"{"command":"position","id":"kara","place":{"row":"front"}}"#,
                Acting::Gm,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(acting(&command(text), &battle), expected, "{text}");
        }
    }
}
