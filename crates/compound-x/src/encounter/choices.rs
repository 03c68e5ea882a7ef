//! What a viewer may do now in a Compound X fight, as the table's
//! [`Choice`]s: every command the engine has, for the combatant whose turn
//! it is (if the viewer acts for it) and, for the GM, the GM's own hand.
//! Each choice is judged by deciding it on the fight as the viewer knows it
//! (deciding changes nothing): its action cost and, for a shot, its exact
//! chance to hit, or the engine's refusal.
//!
//! A player's choices are worked out on a copy of the fight from which every
//! combatant hidden from the players has left, so neither the list, nor a
//! cost, nor a refusal can depend on what the player may not know.

mod panel;

use nanite_core::table::{
    Acting, Choice, Draft, ParamKind, ParamOption, ParamValue, Refusal as TableRefusal, Seat,
    Verdict,
};
use nanite_core::{ClockCommand, ClockEvent, CombatantId, Ruleset, SeededDice};

use super::{
    Battle, Command, CompoundX, CxEffect, Event, GrappleAct, Hold, MeleeKind, Refusal, Way,
};
use crate::Attack;
use crate::check::Effort;
use crate::combat::{ConditionKind, Stance};
use crate::pack::{DamageType, FireMode, Suppression};

/// Suppression levels, lightest first, with their keys (CX-SUP-02..04).
const SUPPRESSION: [(Suppression, &str); 3] = [
    (Suppression::Light, "light"),
    (Suppression::Medium, "medium"),
    (Suppression::Heavy, "heavy"),
];

/// Damage types with their keys (CX-DMG-05).
const DAMAGE_TYPES: [(DamageType, &str); 5] = [
    (DamageType::Ballistic, "ballistic"),
    (DamageType::Laser, "laser"),
    (DamageType::Plasma, "plasma"),
    (DamageType::Explosive, "explosive"),
    (DamageType::Melee, "melee"),
];

/// The longest free text a choice takes (a held action's trigger, an act).
const TEXT_MAX: usize = 200;

/// Who acts in `command`, for the table's permissions. Commands not named
/// here are the GM's, so a command added to the engine is the GM's until
/// someone decides otherwise.
pub fn acting(command: &Command, battle: &Battle) -> Acting {
    use Command as C;
    match command {
        C::RollInitiative { who } if !who.is_empty() => Acting::Rolls(who.clone()),
        C::Clock(ClockCommand::NextTurn) => {
            battle.clock.active.clone().map_or(Acting::Gm, Acting::Turn)
        }
        C::Clock(ClockCommand::Trigger { id }) => Acting::Reaction(id.clone()),
        // A check the player calls in the open; a hidden DC is the GM's
        // (CX-DICE-09), and so are taking 50 or 100 (the GM marks the
        // checks that forbid it, CX-DICE-06) and combining two skills (the
        // GM chooses, CX-DICE-07).
        C::Check {
            id,
            hidden: false,
            effort: Effort::Roll,
            combined_with: None,
            ..
        } => Acting::Turn(id.clone()),
        C::Stance { id, .. }
        | C::Move { id, .. }
        | C::Jump { id, .. }
        | C::Suppress { id, .. }
        | C::Melee { id, .. }
        | C::Grapple { id, .. }
        | C::GrappleAct { id, .. }
        | C::Cook { id, .. }
        | C::Throw { id, .. }
        | C::Hold { id, .. }
        | C::Treat { id, .. }
        | C::Aim { id }
        | C::Fire { id, .. }
        | C::ClearJam { id, .. }
        | C::Reload { id, .. }
        | C::Repair { id, .. }
        | C::FastRecharge { id }
        | C::Save { id, .. }
        | C::Stabilize { id, .. }
        | C::Act { id, .. }
        | C::Search { id, .. }
        | C::Cloak { id }
        | C::Uncloak { id }
        | C::Cast { id, .. }
        // On the battle map: a move to a point, a door opened by hand.
        | C::MoveTo { id, .. }
        | C::Door { id: Some(id), .. } => Acting::Turn(id.clone()),
        _ => Acting::Gm,
    }
}

/// The fight as `seat` knows it: for anyone but the GM, without the
/// combatants hidden from the players (they left, as far as this copy
/// goes). The hidden combatant whose turn it is stays, so the clock is
/// unchanged; nobody the viewer acts for is hidden from them.
pub fn as_known_by(battle: &Battle, seat: &Seat) -> Battle {
    nanite_core::table::known_by::<CompoundX, _>(seat, battle, &battle.clock, |id| {
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
    if let Some(actor) = known.clock.active.clone() {
        if seat.acts_for(&actor) && !hidden_from_seat(&known, seat, &actor) {
            offer.turn(&actor);
        }
    }
    if seat.is_gm() {
        offer.gm();
    }
    offer.out
}

fn hidden_from_seat(battle: &Battle, seat: &Seat, id: &CombatantId) -> bool {
    !seat.is_gm() && battle.clock.seats.iter().any(|s| &s.id == id && s.hidden)
}

/// The table's shape of an engine refusal: a code, the rule it names, what
/// is wrong and how to put it right.
pub fn refusal(r: &Refusal) -> TableRefusal {
    let code = match r {
        Refusal::Clock(e) => e.code(),
        Refusal::Unknown { .. } => "unknown_combatant",
        Refusal::CannotAct { .. } => "cannot_act",
        Refusal::Shot { .. } => "cannot_fire",
        Refusal::Illegal { .. } => "against_the_rules",
        Refusal::Dice(_) => "dice_needed",
    };
    TableRefusal::from_message(code, &r.to_string(), "CX-")
}

/// The choices being gathered for one viewer.
struct Offer<'a> {
    battle: &'a Battle,
    seat: &'a Seat,
    out: Vec<Choice<Command>>,
}

/// A whole number from `min` to `max`, `default` in the command.
fn whole(min: i64, max: i64, default: Option<i64>) -> ParamKind {
    ParamKind::Whole { min, max, default }
}

/// Free text, `default` in the command.
fn text(default: &str) -> ParamKind {
    ParamKind::Text {
        max_len: TEXT_MAX,
        default: default.to_string(),
    }
}

fn covers(default_label: Option<&str>) -> ParamKind {
    let mut options = Vec::new();
    if let Some(label) = default_label {
        options.push(ParamOption::new(ParamValue::Unset, label));
    }
    for (key, label) in [
        ("none", "no cover"),
        ("partial", "partial cover"),
        ("full", "full cover"),
    ] {
        options.push(ParamOption::new(ParamValue::word(key), label));
    }
    ParamKind::one_of(options)
}

fn conditions() -> ParamKind {
    ParamKind::one_of(
        ConditionKind::ALL
            .iter()
            .map(|c| ParamOption::new(ParamValue::word(c.key()), c.key()))
            .collect(),
    )
}

impl Offer<'_> {
    /// Judges `draft` and keeps it.
    fn push(&mut self, draft: Draft<Command>) {
        let verdict = self.judge(&draft);
        self.out.push(draft.judged(verdict));
    }

    fn judge(&self, draft: &Draft<Command>) -> Verdict {
        let command = draft.command();
        if let Some(r) = self.seat.refusal(acting(command, self.battle)) {
            return Verdict::Refused(r);
        }
        // The probe's dice never leave this function: only whether the
        // engine accepts the command, what it spends and its odds are read.
        let mut dice = SeededDice::new(0);
        match CompoundX::decide(self.battle, command, &mut dice) {
            Ok(events) => {
                let actor = draft.actor();
                let cost = events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Clock(ClockEvent::ActionsSpent { id, actions, .. })
                            if Some(id) == actor =>
                        {
                            Some(*actions)
                        }
                        _ => None,
                    })
                    .sum();
                let odds = events.iter().find_map(|e| match e {
                    Event::Shot { attacker, shot, .. } if Some(attacker) == actor => {
                        // The accuracy d10 must beat the miss chance (CX-RNG-01).
                        Some(((10 - shot.miss_chance).clamp(0, 10) * 10) as f64)
                    }
                    _ => None,
                });
                Verdict::Allowed { cost, odds }
            }
            Err(r) => Verdict::Refused(refusal(&r)),
        }
    }

    /// The others in the fight, as this viewer knows them.
    fn others(&self, actor: &CombatantId) -> Vec<CombatantId> {
        self.battle
            .clock
            .seats
            .iter()
            .filter(|s| &s.id != actor && (self.seat.is_gm() || !s.hidden))
            .map(|s| s.id.clone())
            .collect()
    }

    /// Every action of `actor`'s turn.
    fn turn(&mut self, actor: &CombatantId) {
        let Some(me) = self.battle.combatants.get(actor) else {
            return;
        };
        let me = me.clone();
        let others = self.others(actor);
        for target in &others {
            self.against(actor, &me, target);
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

    /// The actions aimed at `target`.
    fn against(&mut self, actor: &CombatantId, me: &super::Combatant, target: &CombatantId) {
        let a = actor.clone();
        let t = target.clone();
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            match weapon.attack {
                Attack::Ranged => {
                    for mode in [FireMode::Semi, FireMode::Burst, FireMode::Auto] {
                        if weapon.aimed.row(mode).is_none() {
                            continue;
                        }
                        let mut fire =
                            vec![ParamOption::new(ParamValue::Unset, "as the turn allows")];
                        fire.push(ParamOption::new(ParamValue::word("aimed"), "aimed"));
                        if weapon.hip.is_some() {
                            fire.push(ParamOption::new(ParamValue::word("hip"), "hip fire"));
                        }
                        if weapon.blind.is_some() {
                            fire.push(ParamOption::new(ParamValue::word("blind"), "blind fire"));
                        }
                        self.push(
                            Draft::new(
                                "fire",
                                format!("Fire {} ({})", weapon.name, mode.key()),
                                Command::Fire {
                                    id: a.clone(),
                                    target: t.clone(),
                                    weapon: index,
                                    mode,
                                    fire: None,
                                    distance: None,
                                    cover: None,
                                },
                            )
                            .by(actor)
                            .at(target)
                            .param("fire", "how", ParamKind::one_of(fire))
                            .param(
                                "cover",
                                "its cover from here",
                                covers(Some("as it stands")),
                            ),
                        );
                    }
                    if let Some(most) = weapon.suppression {
                        let levels =
                            std::iter::once(ParamOption::new(ParamValue::Unset, "its heaviest"))
                                .chain(
                                    SUPPRESSION
                                        .iter()
                                        .take_while(|(l, _)| *l != most)
                                        .chain(SUPPRESSION.iter().filter(|(l, _)| *l == most))
                                        .map(|(_, key)| {
                                            ParamOption::new(ParamValue::word(key), *key)
                                        }),
                                )
                                .collect();
                        self.push(
                            Draft::new(
                                "suppress",
                                format!("Suppress with {}", weapon.name),
                                Command::Suppress {
                                    id: a.clone(),
                                    target: t.clone(),
                                    weapon: index,
                                    level: None,
                                },
                            )
                            .by(actor)
                            .at(target)
                            .param(
                                "level",
                                "level",
                                ParamKind::one_of(levels),
                            ),
                        );
                    }
                }
                Attack::Thrown => self.push(
                    Draft::new(
                        "throw",
                        format!("Throw {}", weapon.name),
                        Command::Throw {
                            id: a.clone(),
                            target: t.clone(),
                            weapon: index,
                            distance: None,
                        },
                    )
                    .by(actor)
                    .at(target)
                    .param(
                        "distance",
                        "metres (if not the distance set)",
                        whole(1, 100, None),
                    ),
                ),
                Attack::Melee => self.push(
                    Draft::new(
                        "melee",
                        format!("Strike with {}", weapon.name),
                        Command::Melee {
                            id: a.clone(),
                            target: t.clone(),
                            weapon: Some(index),
                            kind: MeleeKind::Strike,
                            flanking: false,
                        },
                    )
                    .by(actor)
                    .at(target)
                    .param("flanking", "from behind", ParamKind::Flag),
                ),
            }
        }
        for (kind, label) in [
            (MeleeKind::Strike, "Strike unarmed"),
            (MeleeKind::Shove, "Shove"),
            (MeleeKind::Kick, "Kick"),
        ] {
            self.push(
                Draft::new(
                    "melee",
                    label,
                    Command::Melee {
                        id: a.clone(),
                        target: t.clone(),
                        weapon: None,
                        kind,
                        flanking: false,
                    },
                )
                .by(actor)
                .at(target)
                .param("flanking", "from behind", ParamKind::Flag),
            );
        }
        self.push(
            Draft::new(
                "grapple",
                "Grapple",
                Command::Grapple {
                    id: a.clone(),
                    target: t.clone(),
                },
            )
            .by(actor)
            .at(target),
        );
        for (toward, label) in [(true, "Move toward"), (false, "Move away")] {
            let way = if toward {
                Way::Toward { id: t.clone() }
            } else {
                Way::Away { id: t.clone() }
            };
            self.push(move_draft(actor, label, way).at(target));
        }
        let downed = self
            .battle
            .combatants
            .get(target)
            .is_some_and(|c| c.fighter.is_downed());
        if downed {
            self.push(
                Draft::new(
                    "stabilize",
                    "Stabilize",
                    Command::Stabilize {
                        id: a.clone(),
                        target: t.clone(),
                        kit: false,
                        count_revive: false,
                    },
                )
                .by(actor)
                .at(target)
                .param("kit", "spend a medkit or repair kit (+20)", ParamKind::Flag)
                .param(
                    "count_revive",
                    "on a critical success, count the revive all the same (CX-DEATH-07)",
                    ParamKind::Flag,
                ),
            );
        }
        self.push(treat_draft(actor, target));
        self.push(
            Draft::new(
                "repair",
                "Repair its armor or a weapon",
                Command::Repair {
                    id: a.clone(),
                    target: t.clone(),
                    weapon: None,
                    effort: Effort::Roll,
                },
            )
            .by(actor)
            .at(target)
            .param("weapon", "which", self.gear_of(target))
            .param(
                "effort",
                "roll, or out of combat take 50 or 100 (CX-DICE-06)",
                efforts(),
            ),
        );
        for glance in [false, true] {
            self.push(
                Draft::new(
                    "search",
                    if glance {
                        "Glance (free Awareness)"
                    } else {
                        "Search"
                    },
                    Command::Search {
                        id: a.clone(),
                        target: t.clone(),
                        glance,
                    },
                )
                .by(actor)
                .at(target),
            );
        }
        self.spells(actor, me, target);
    }

    /// A target's armor and weapons, to repair.
    fn gear_of(&self, target: &CombatantId) -> ParamKind {
        let mut options = vec![ParamOption::new(ParamValue::Unset, "the armor")];
        if let Some(c) = self.battle.combatants.get(target) {
            for (i, w) in c.fighter.weapons.iter().enumerate() {
                options.push(ParamOption::new(
                    ParamValue::Whole(i as i64),
                    w.name.clone(),
                ));
            }
        }
        ParamKind::one_of(options)
    }

    /// The spells `actor` knows, cast at `target`.
    fn spells(&mut self, actor: &CombatantId, me: &super::Combatant, target: &CombatantId) {
        let Some(book) = &me.fighter.spellbook else {
            return;
        };
        for spell in &book.spells {
            self.push(
                Draft::new(
                    "cast",
                    format!("Cast {}", spell.name),
                    Command::Cast {
                        id: actor.clone(),
                        spell: spell.id.clone(),
                        target: target.clone(),
                        cover: None,
                    },
                )
                .by(actor)
                .at(target)
                .param(
                    "cover",
                    "its cover from here",
                    covers(Some("as it stands")),
                ),
            );
        }
    }

    /// The actions that take no target.
    fn own(&mut self, actor: &CombatantId, me: &super::Combatant) {
        let a = actor.clone();
        self.push(Draft::new("aim", "Aim", Command::Aim { id: a.clone() }).by(actor));
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            if weapon.magazine > 0 {
                self.push(
                    Draft::new(
                        "reload",
                        format!("Reload {}", weapon.name),
                        Command::Reload {
                            id: a.clone(),
                            weapon: index,
                        },
                    )
                    .by(actor),
                );
            }
            if weapon.jammed {
                self.push(
                    Draft::new(
                        "clear_jam",
                        format!("Clear the jam of {}", weapon.name),
                        Command::ClearJam {
                            id: a.clone(),
                            weapon: index,
                        },
                    )
                    .by(actor),
                );
            }
            if weapon.attack == Attack::Thrown && weapon.blast_radius.is_some() {
                self.push(
                    Draft::new(
                        "cook",
                        format!("Cook {}", weapon.name),
                        Command::Cook {
                            id: a.clone(),
                            weapon: index,
                        },
                    )
                    .by(actor),
                );
            }
        }
        if let Some(me_spells) = &me.fighter.spellbook {
            for spell in &me_spells.spells {
                self.push(
                    Draft::new(
                        "cast",
                        format!("Cast {} on oneself", spell.name),
                        Command::Cast {
                            id: a.clone(),
                            spell: spell.id.clone(),
                            target: a.clone(),
                            cover: None,
                        },
                    )
                    .by(actor),
                );
            }
        }
        for stance in [
            Stance::Standing,
            Stance::Crouched,
            Stance::Prone,
            Stance::Hunkered,
        ] {
            if stance != me.stance {
                self.push(
                    Draft::new(
                        "stance",
                        format!("Go {}", stance.key()),
                        Command::Stance {
                            id: a.clone(),
                            to: stance,
                        },
                    )
                    .by(actor),
                );
            }
        }
        self.push(move_draft(actor, "Move elsewhere", Way::Elsewhere));
        self.push(
            Draft::new(
                "jump",
                "Jump",
                Command::Jump {
                    id: a.clone(),
                    metres: 1.0,
                    vertical: false,
                    run_up: false,
                },
            )
            .by(actor)
            .param("metres", "metres", whole(1, 20, Some(1)))
            .param("vertical", "upward", ParamKind::Flag)
            .param("run_up", "with a 3 m run-up", ParamKind::Flag),
        );
        self.push(treat_draft(actor, actor));
        self.grapple_acts(actor);
        if me.fighter.shield.is_some() {
            self.push(
                Draft::new(
                    "fast_recharge",
                    "Fast-recharge the shield",
                    Command::FastRecharge { id: a.clone() },
                )
                .by(actor),
            );
        }
        if me.fighter.cloak.is_some() {
            let on = me.stealth.cloak.is_some();
            let (kind, label, command) = if on {
                (
                    "uncloak",
                    "Switch the cloak off",
                    Command::Uncloak { id: a.clone() },
                )
            } else {
                (
                    "cloak",
                    "Switch the cloak on",
                    Command::Cloak { id: a.clone() },
                )
            };
            self.push(Draft::new(kind, label, command).by(actor));
        }
        let bearing: Vec<ConditionKind> = self
            .battle
            .clock
            .effects_on(actor)
            .filter_map(|e| match &e.payload {
                CxEffect::Condition(c) => Some(c.kind),
                _ => None,
            })
            .collect();
        for condition in bearing {
            self.push(
                Draft::new(
                    "save",
                    format!("Save against {}", condition.key()),
                    Command::Save {
                        id: a.clone(),
                        condition,
                    },
                )
                .by(actor),
            );
        }
        let skills = ParamKind::one_of(
            me.fighter
                .skills
                .iter()
                .map(|s| ParamOption::new(ParamValue::word(&s.id), s.name.clone()))
                .collect(),
        );
        if let Some(first) = me.fighter.skills.first() {
            self.push(
                Draft::new(
                    "check",
                    "Make a check",
                    Command::Check {
                        id: a.clone(),
                        skill: first.id.clone(),
                        dc: 50,
                        hidden: false,
                        effort: Effort::Roll,
                        combined_with: None,
                    },
                )
                .by(actor)
                .param("skill", "skill", skills)
                .param("dc", "DC the GM called", whole(1, 300, Some(50))),
            );
        }
        self.push(
            Draft::new(
                "hold",
                "Hold actions",
                Command::Hold {
                    id: a.clone(),
                    actions: 1,
                    trigger: "an enemy comes into view".into(),
                },
            )
            .by(actor)
            .param("actions", "actions", whole(1, 2, Some(1)))
            .param("trigger", "trigger", text("an enemy comes into view")),
        );
        self.push(
            Draft::new(
                "act",
                "Another action",
                Command::Act {
                    id: a.clone(),
                    what: "draw a weapon".into(),
                    actions: 1,
                },
            )
            .by(actor)
            .param("what", "what", text("draw a weapon"))
            .param("actions", "actions it costs", whole(0, 10, Some(1))),
        );
    }

    /// The acts of a grapple `actor` is in.
    fn grapple_acts(&mut self, actor: &CombatantId) {
        if !self.battle.grapples.iter().any(|g| g.involves(actor)) {
            return;
        }
        let mut acts = vec![
            ("Contest control", GrappleAct::Contest),
            ("Strike in the grapple", GrappleAct::Strike { weapon: None }),
            ("Let go", GrappleAct::Release),
        ];
        for hold in [Hold::ChokeOut, Hold::Pin, Hold::JointLock] {
            acts.push(("Subdue", GrappleAct::Subdue { hold }));
        }
        for (label, act) in acts {
            let label = match act {
                GrappleAct::Subdue { hold } => format!("{label}: {}", hold.key()),
                _ => label.to_string(),
            };
            self.push(
                Draft::new(
                    "grapple_act",
                    label,
                    Command::GrappleAct {
                        id: actor.clone(),
                        act,
                    },
                )
                .by(actor),
            );
        }
    }

    /// The GM's own hand: the clock, the scene, harm and rulings.
    fn gm(&mut self) {
        let ids: Vec<CombatantId> = self
            .battle
            .clock
            .seats
            .iter()
            .map(|s| s.id.clone())
            .collect();
        let Some(first) = ids.first().cloned() else {
            return;
        };
        let combatants = ParamKind::one_of(
            ids.iter()
                .map(|id| ParamOption::new(ParamValue::word(id.as_str()), id.as_str()))
                .collect(),
        );
        let second = ids.get(1).cloned().unwrap_or_else(|| first.clone());
        let clock = &self.battle.clock;
        if matches!(clock.phase, nanite_core::encounter::FightPhase::Setup) {
            self.push(Draft::new(
                "roll_initiative",
                "Roll initiative for everyone without it",
                Command::RollInitiative { who: Vec::new() },
            ));
            self.push(Draft::new(
                "begin",
                "Begin the fight",
                Command::Clock(ClockCommand::Begin {
                    surprise: Vec::new(),
                }),
            ));
        } else if clock.active.is_some() {
            self.push(Draft::new(
                "next_turn",
                "Next turn (GM)",
                Command::Clock(ClockCommand::NextTurn),
            ));
        }
        self.push(
            Draft::new(
                "distance",
                "Set a distance",
                Command::Distance {
                    a: first.clone(),
                    b: second.clone(),
                    metres: 10,
                },
            )
            .param("a", "between", combatants.clone())
            .param("b", "and", combatants.clone())
            .param("metres", "metres", whole(0, 10_000, Some(10))),
        );
        self.push(
            Draft::new(
                "position",
                "Place a combatant",
                Command::Position {
                    id: first.clone(),
                    cover: None,
                    stance: None,
                },
            )
            .param("id", "who", combatants.clone())
            .param("cover", "cover", covers(Some("unchanged")))
            .param(
                "stance",
                "stance",
                ParamKind::one_of(
                    std::iter::once(ParamOption::new(ParamValue::Unset, "unchanged"))
                        .chain(
                            [
                                Stance::Standing,
                                Stance::Crouched,
                                Stance::Prone,
                                Stance::Hunkered,
                            ]
                            .into_iter()
                            .map(|s| ParamOption::new(ParamValue::word(s.key()), s.key())),
                        )
                        .collect(),
                ),
            ),
        );
        let damage_types = ParamKind::one_of(
            DAMAGE_TYPES
                .iter()
                .map(|(_, key)| ParamOption::new(ParamValue::word(key), *key))
                .collect(),
        );
        self.push(
            Draft::new(
                "harm",
                "Harm (a hazard)",
                Command::Harm {
                    target: first.clone(),
                    amount: 10,
                    damage_type: DamageType::Ballistic,
                    apl: 0,
                    why: "a hazard".into(),
                },
            )
            .param("target", "who", combatants.clone())
            .param("amount", "damage", whole(0, 10_000, Some(10)))
            .param("damage_type", "type", damage_types)
            .param("apl", "armor-piercing level", whole(0, 20, Some(0)))
            .param("why", "why", text("a hazard")),
        );
        self.push(
            Draft::new(
                "afflict",
                "Put a condition on",
                Command::Afflict {
                    target: first.clone(),
                    condition: ConditionKind::ALL[0],
                    turns: None,
                },
            )
            .param("target", "who", combatants.clone())
            .param("condition", "condition", conditions())
            .param("turns", "turns (empty: until saved)", whole(1, 100, None)),
        );
        self.push(
            Draft::new(
                "cure",
                "End a condition",
                Command::Cure {
                    target: first.clone(),
                    condition: ConditionKind::ALL[0],
                },
            )
            .param("target", "who", combatants.clone())
            .param("condition", "condition", conditions()),
        );
        self.push(
            Draft::new(
                "check",
                "Call a check (GM)",
                Command::Check {
                    id: first.clone(),
                    skill: String::new(),
                    dc: 50,
                    hidden: true,
                    effort: Effort::Roll,
                    combined_with: None,
                },
            )
            .param("id", "who", combatants.clone())
            .param("skill", "skill id", text(""))
            .param("dc", "DC", whole(1, 300, Some(50)))
            .param("hidden", "hide the DC from the players", ParamKind::Flag)
            .param(
                "effort",
                "roll, or out of combat take 50 or 100 (CX-DICE-06)",
                efforts(),
            )
            .param(
                "combined_with",
                "combined with a second skill id: one roll adding both, against twice the DC (CX-DICE-07)",
                text(""),
            ),
        );
        for (kind, label, command) in [
            (
                "conceal",
                "Rule undetected",
                Command::Conceal {
                    id: first.clone(),
                    from: Vec::new(),
                    dc: None,
                },
            ),
            (
                "reveal",
                "Rule detected",
                Command::Reveal {
                    id: first.clone(),
                    to: Vec::new(),
                },
            ),
            (
                "kill",
                "Kill outright (a deadly hazard)",
                Command::Kill {
                    target: first.clone(),
                    why: "a deadly hazard".into(),
                },
            ),
        ] {
            let field = if kind == "kill" { "target" } else { "id" };
            let mut d = Draft::new(kind, label, command).param(field, "who", combatants.clone());
            if kind == "kill" {
                d = d.param("why", "why", text("a deadly hazard"));
            }
            if kind == "conceal" {
                d = d.param(
                    "dc",
                    "the DC a search must beat (uncloaked)",
                    whole(1, 300, None),
                );
            }
            self.push(d);
        }
        for (hidden, label) in [
            (true, "Hide from the players"),
            (false, "Reveal to the players"),
        ] {
            self.push(
                Draft::new(
                    if hidden { "hide" } else { "unhide" },
                    label,
                    Command::Clock(ClockCommand::Hide {
                        id: first.clone(),
                        hidden,
                    }),
                )
                .param("id", "who", combatants.clone()),
            );
        }
        self.push(
            Draft::new(
                "leave",
                "Remove from the fight",
                Command::Clock(ClockCommand::Leave { id: first.clone() }),
            )
            .param("id", "who", combatants.clone()),
        );
        self.push(
            Draft::new(
                "crossing",
                "Rule a crossing in front of a suppressor",
                Command::Crossing {
                    by: first.clone(),
                    target: second.clone(),
                },
            )
            .param("by", "suppressor", combatants.clone())
            .param("target", "who crossed", combatants.clone()),
        );
        self.push(
            Draft::new(
                "penalty_attack",
                "Grant a penalty attack",
                Command::PenaltyAttack {
                    by: first.clone(),
                    target: second,
                    why: "crossed in front".into(),
                },
            )
            .param("by", "who strikes", combatants.clone())
            .param("target", "who is struck", combatants)
            .param("why", "why", text("crossed in front")),
        );
        for id in &ids {
            self.gm_on(id);
        }
        if !matches!(
            self.battle.clock.phase,
            nanite_core::encounter::FightPhase::Ended
        ) {
            self.push(Draft::new(
                "end_fight",
                "End the fight",
                Command::Clock(ClockCommand::End),
            ));
        }
    }
}

/// A move of `actor` that way: metres, sprinting, cover at the end, into
/// concealment.
fn move_draft(actor: &CombatantId, label: &str, way: Way) -> Draft<Command> {
    Draft::new(
        "move",
        label,
        Command::Move {
            id: actor.clone(),
            metres: 1,
            way,
            sprint: false,
            cover: None,
            concealed: false,
        },
    )
    .by(actor)
    .param("metres", "metres", whole(1, 100, Some(1)))
    .param("sprint", "sprint", ParamKind::Flag)
    .param("cover", "cover where it ends", covers(Some("unchanged")))
    .param("concealed", "into complete concealment", ParamKind::Flag)
}

/// Roll the d100, or out of combat take 50 or 100 (CX-DICE-06).
fn efforts() -> ParamKind {
    ParamKind::OneOf {
        options: vec![
            ParamOption::new(ParamValue::word("roll"), "roll the d100"),
            ParamOption::new(ParamValue::word("take50"), "take 50: rushed, in no danger"),
            ParamOption::new(ParamValue::word("take100"), "take 100: no pressure"),
        ],
    }
}

/// Medicine of `actor` on `patient`'s worst wound, or a chosen one.
fn treat_draft(actor: &CombatantId, patient: &CombatantId) -> Draft<Command> {
    Draft::new(
        "treat",
        if actor == patient {
            "Treat one's own wound"
        } else {
            "Treat a wound"
        },
        Command::Treat {
            id: actor.clone(),
            target: patient.clone(),
            wound: None,
            medikit: false,
            effort: Effort::Roll,
        },
    )
    .by(actor)
    .at(patient)
    .param(
        "wound",
        "wound number (empty: the worst)",
        whole(0, 50, None),
    )
    .param("medikit", "use a medikit", ParamKind::Flag)
    .param(
        "effort",
        "roll, or out of combat take 50 or 100 (CX-DICE-06)",
        efforts(),
    )
}
