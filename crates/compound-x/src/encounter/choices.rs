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

mod against;
mod gm;
mod own;
mod panel;

use nanite_core::table::{
    Acting, Choice, Draft, ParamKind, ParamOption, ParamValue, Refusal as TableRefusal, Seat,
    Verdict,
};
use nanite_core::{ClockCommand, ClockEvent, CombatantId, Ruleset, SeededDice};

use super::{Battle, Command, CompoundX, Event, Refusal, Way};
use crate::check::Effort;
use crate::combat::{ConditionKind, Stance};
use crate::pack::{DamageType, Suppression};

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

/// The check the GM calls on `id`'s `skill` until other parameters are
/// picked: rolled, against DC 50 hidden from the players.
fn called_check(id: &CombatantId, skill: String) -> Command {
    Command::Check {
        id: id.clone(),
        skill,
        dc: 50,
        hidden: true,
        effort: Effort::Roll,
        combined_with: None,
    }
}

/// `draft` of a [`called_check`] with what the GM may pick after the skill:
/// the DC, whether the players see it, and rolling or taking 50 or 100.
fn dc_params(draft: Draft<Command>) -> Draft<Command> {
    draft
        .param("dc", "DC", whole(1, 300, Some(50)))
        .param("hidden", "hide the DC from the players", ParamKind::Flag)
        .param(
            "effort",
            "roll, or out of combat take 50 or 100 (CX-DICE-06)",
            efforts(),
        )
}

/// Free text, `default` in the command.
fn text(default: &str) -> ParamKind {
    ParamKind::Text {
        max_len: TEXT_MAX,
        default: default.to_string(),
    }
}

/// A stance to choose, headed by `default_label` meaning "as it is" when
/// given.
fn stances(default_label: Option<&str>) -> ParamKind {
    let mut options = Vec::new();
    if let Some(label) = default_label {
        options.push(ParamOption::new(ParamValue::Unset, label));
    }
    for stance in [
        Stance::Standing,
        Stance::Crouched,
        Stance::Prone,
        Stance::Hunkered,
    ] {
        options.push(ParamOption::new(
            ParamValue::word(stance.key()),
            stance.key(),
        ));
    }
    ParamKind::one_of(options)
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
