//! The table's contract with a ruleset: who is looking ([`Seat`]), what
//! they may do now ([`Choice`], each with the parameters it still needs and
//! the engine's verdict), who acts in a command ([`Acting`]), and why a
//! command was refused, in one typed shape ([`Refusal`]).
//!
//! A page's buttons and a bot's menu are the same list of choices, so a
//! page never needs to know a ruleset: it draws each choice as a form whose
//! fields are the choice's parameters, fills them into the choice's command
//! and sends it. The ruleset builds the list from what the viewer may know
//! (a player is never offered a target they cannot see), and judges each
//! choice by deciding it on the current state (deciding changes nothing).
//!
//! Architecture invariant: this module knows no rule and no wire format; a
//! parameter names a field of the ruleset's own (serde) command, which the
//! edge fills.

mod draft;
mod rules;

use serde::Serialize;

use crate::encounter::{CombatantId, Encounter};
use crate::ruleset::Ruleset;

pub use draft::{Draft, delay, gm_clock, hide_or_reveal, remove_from_the_fight, set_initiative};
pub use rules::{Board, Narration, Piece, Stat, TableRules};

/// Who is looking at a table, as far as the rules' secrets go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The Game Master: sees everything, gives every command.
    Gm,
    /// A player of these combatants (possibly none yet).
    Player {
        /// The combatants they act for.
        controls: Vec<CombatantId>,
    },
    /// Watches; acts for nobody.
    Spectator,
}

impl Seat {
    /// Whether this seat sees everything.
    pub fn is_gm(&self) -> bool {
        matches!(self, Seat::Gm)
    }

    /// Whether this seat may act for `id` (the GM acts for everyone).
    pub fn acts_for(&self, id: &CombatantId) -> bool {
        match self {
            Seat::Gm => true,
            Seat::Player { controls } => controls.contains(id),
            Seat::Spectator => false,
        }
    }

    /// The table's refusal of a command in which `acting` acts, if this
    /// seat may not give it: only the GM gives the GM's commands, and a
    /// player only those of the combatants they act for (for a roll, the
    /// first who rolls) or a new combatant of their own joining.
    pub fn refusal(&self, acting: Acting) -> Option<Refusal> {
        let id = match acting {
            Acting::Gm if self.is_gm() => return None,
            Acting::Gm => {
                return Some(
                    Refusal::new("gm_only", "only the GM gives this command").fix("ask the GM"),
                );
            }
            Acting::Joins(_) if matches!(self, Seat::Spectator) => {
                return Some(
                    Refusal::new("spectators_watch", "spectators only watch")
                        .fix("ask the GM for a player invitation to act"),
                );
            }
            Acting::Joins(_) => return None,
            Acting::Turn(id) | Acting::Reaction(id) => id,
            Acting::Rolls(ids) => ids.into_iter().next()?,
        };
        (!self.acts_for(&id)).then(|| {
            Refusal::new("not_your_character", format!("{id} is not your character"))
                .fix("you act only for characters you own")
        })
    }
}

/// Who acts in a command, as far as permissions go: the table lets the GM
/// give everything, and a player only what their own combatants do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acting {
    /// Only the GM gives it: setting the scene, the GM's hand, rulings.
    Gm,
    /// A combatant acts: on its turn, or with held actions set off.
    Turn(CombatantId),
    /// A combatant reacts out of turn (sets off its held actions).
    Reaction(CombatantId),
    /// These combatants roll (initiative).
    Rolls(Vec<CombatantId>),
    /// A new combatant joins: any player may bring one of their own in (it
    /// acts for them from then on), and the GM any.
    Joins(CombatantId),
}

/// Why a command was refused, in one shape for every ruleset: a stable
/// code a bot can match, the rule that refuses it, what is wrong and how
/// to put it right. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Refusal {
    /// A stable, snake_case code (`out_of_range`, `not_your_turn`).
    pub code: String,
    /// The rule's catalog id (`CX-RNG-02`), where one rule refuses it.
    pub rule: Option<String>,
    /// What is wrong, in the player's terms.
    pub message: String,
    /// How to put it right, where there is a way.
    pub fix: Option<String>,
}

impl Refusal {
    /// An engine's refusal from its message, which the rulesets write as
    /// "what is wrong; how to put it right (RULE)": the fix is what follows
    /// the first "; ", the rule the last catalog id starting with
    /// `rule_prefix` (`CX-`, `D20-`) the message names.
    pub fn from_message(code: &str, message: &str, rule_prefix: &str) -> Self {
        let rule = message
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with(rule_prefix) && w.len() > rule_prefix.len())
            .map(|w| w.trim_end_matches('-').to_string())
            .next_back();
        let (what, fix) = match message.split_once("; ") {
            Some((what, fix)) => (what.to_string(), Some(fix.to_string())),
            None => (message.to_string(), None),
        };
        Refusal {
            code: code.into(),
            rule,
            message: what,
            fix,
        }
    }

    /// A refusal with a code and a message, no rule or fix yet.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Refusal {
            code: code.into(),
            rule: None,
            message: message.into(),
            fix: None,
        }
    }

    /// This refusal, naming the rule that refuses.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// This refusal, saying how to put it right.
    pub fn fix(mut self, fix: impl Into<String>) -> Self {
        self.fix = Some(fix.into());
        self
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// What the engine says of a choice now.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Verdict {
    /// The engine would carry it out with its parameters as offered.
    Allowed {
        /// Actions it would spend.
        cost: u32,
        /// Its exact chance of success in percent, where the ruleset has it
        /// (a shot's chance to hit).
        odds: Option<f64>,
    },
    /// The engine (or the table's permissions) refuses it, and why.
    Refused(Refusal),
}

impl Verdict {
    /// The refusal, if refused.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Verdict::Refused(r) => Some(r),
            Verdict::Allowed { .. } => None,
        }
    }
}

/// A value a parameter may take, as the command's field holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ParamValue {
    /// Text or a name (a combatant's id, a fire mode's key).
    Text(String),
    /// A whole number (metres, an index).
    Whole(i64),
    /// Nothing: the field's default (`None`).
    Unset,
    /// A square of a grid map, as the command's field holds it
    /// (`{"x": 3, "y": 4}`): where to move, where to deploy.
    Square {
        /// Its column.
        x: i64,
        /// Its row.
        y: i64,
    },
}

/// One value of a [`ParamKind::OneOf`], with what a page shows for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ParamOption {
    /// The field's value.
    pub value: ParamValue,
    /// What it says ("Burst", "Raider (12 m)").
    pub label: String,
    /// Actions this value would spend, where they differ from one value to
    /// the next (a move's squares): the engine's own count for the command
    /// with this value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
}

/// What values a parameter takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ParamKind {
    /// A whole number from `min` to `max`, both included.
    Whole {
        /// The least.
        min: i64,
        /// The most.
        max: i64,
        /// The command's value; none: the field is left out (the rules'
        /// default, such as the distance the GM set).
        default: Option<i64>,
    },
    /// One of these values; the first is the command's.
    OneOf {
        /// The values.
        options: Vec<ParamOption>,
    },
    /// Yes or no; no in the command.
    Flag,
    /// Free text of at most `max_len` characters.
    Text {
        /// The longest it may be.
        max_len: usize,
        /// The command's text.
        default: String,
    },
}

impl ParamOption {
    /// The value `value`, shown as `label`.
    pub fn new(value: ParamValue, label: impl Into<String>) -> Self {
        ParamOption {
            value,
            label: label.into(),
            cost: None,
        }
    }

    /// This value, spending `cost` actions.
    pub fn costing(mut self, cost: u32) -> Self {
        self.cost = Some(cost);
        self
    }
}

impl ParamValue {
    /// A word (a key, a name, an id).
    pub fn word(w: &str) -> Self {
        ParamValue::Text(w.to_string())
    }
}

impl ParamKind {
    /// One of `options`; the first is the command's.
    pub fn one_of(options: Vec<ParamOption>) -> Self {
        ParamKind::OneOf { options }
    }
}

/// A value a choice still needs before it is a command: metres, a weapon,
/// a fire mode. `field` is the command's field it fills (dotted for a
/// field inside a field); the choice's command holds its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Param {
    /// The command's field.
    pub field: &'static str,
    /// What a page labels it.
    pub label: &'static str,
    /// Its legal values.
    pub kind: ParamKind,
}

/// One thing a viewer may do now: a button on the page, an item of a bot's
/// menu. `command` is the command with every parameter at its default;
/// `verdict` is the engine's judgement of exactly that command.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Choice<C> {
    /// The kind of action, stable (`fire`, `move`, `end_turn`).
    pub kind: &'static str,
    /// What the button says ("Fire Basic SMG (burst)").
    pub label: String,
    /// Who acts (none for the GM's own hand).
    pub actor: Option<CombatantId>,
    /// Whom it is aimed at, if anyone: a page shows one target's choices
    /// at a time.
    pub target: Option<CombatantId>,
    /// The command, parameters at their defaults.
    pub command: C,
    /// What may still be filled in.
    pub params: Vec<Param>,
    /// What the engine says of `command` now.
    pub verdict: Verdict,
    /// What else it spends besides actions, in the ruleset's words, when
    /// allowed ("2 CM", "1 PP", "3 turns"); left out where nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<String>,
}

impl<C> Choice<C> {
    /// Whether the engine would carry it out as offered.
    pub fn allowed(&self) -> bool {
        matches!(self.verdict, Verdict::Allowed { .. })
    }

    /// This choice, spending `price` besides its actions.
    pub fn priced(mut self, price: Option<String>) -> Self {
        self.price = price;
        self
    }
}

/// `state` as `seat` knows it: all of it for the GM, otherwise
/// [`without_hidden`].
pub fn known_by<R: Ruleset, P>(
    seat: &Seat,
    state: &R::State,
    clock: &Encounter<P>,
    leave: impl Fn(CombatantId) -> R::Command,
) -> R::State {
    if seat.is_gm() {
        return state.clone();
    }
    without_hidden::<R, P>(state, clock, leave)
}

/// `state` as a player knows it: every combatant hidden from the players
/// (but the one whose turn it is, so the clock is unchanged) has left this
/// copy, through the ruleset's own `leave` command. A ruleset judges a
/// player's choices on it, so nothing offered, and no reason given, can
/// depend on what the player may not know.
pub fn without_hidden<R: Ruleset, P>(
    state: &R::State,
    clock: &Encounter<P>,
    leave: impl Fn(CombatantId) -> R::Command,
) -> R::State {
    let mut known = state.clone();
    let hidden = clock
        .seats
        .iter()
        .filter(|s| s.hidden && Some(&s.id) != clock.active.as_ref());
    for seat in hidden {
        let command = leave(seat.id.clone());
        // The probe's dice are never read: leaving rolls nothing.
        if let Ok(events) = R::decide(&known, &command, &mut nanite_dice::SeededDice::new(0)) {
            for e in &events {
                R::evolve(&mut known, e);
            }
        }
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_acts_for_its_own_combatants_only() {
        let vex = CombatantId::from("vex");
        let raider = CombatantId::from("raider");
        let player = Seat::Player {
            controls: vec![vex.clone()],
        };
        let cases = [
            (&Seat::Gm, &raider, true),
            (&player, &vex, true),
            (&player, &raider, false),
            (&Seat::Spectator, &vex, false),
        ];
        for (seat, id, acts) in cases {
            assert_eq!(seat.acts_for(id), acts, "{seat:?} for {id}");
        }
    }

    #[test]
    fn a_seat_is_refused_the_commands_of_others_and_the_gm() {
        let vex = CombatantId::from("vex");
        let raider = CombatantId::from("raider");
        let player = Seat::Player {
            controls: vec![vex.clone()],
        };
        let cases = [
            (&Seat::Gm, Acting::Gm, None),
            (&Seat::Gm, Acting::Turn(raider.clone()), None),
            (&player, Acting::Gm, Some("gm_only")),
            (&player, Acting::Turn(vex.clone()), None),
            (
                &player,
                Acting::Reaction(raider.clone()),
                Some("not_your_character"),
            ),
            (
                &player,
                Acting::Rolls(vec![vex.clone(), raider.clone()]),
                None,
            ),
            (&player, Acting::Rolls(vec![]), None),
            (
                &Seat::Spectator,
                Acting::Turn(vex.clone()),
                Some("not_your_character"),
            ),
        ];
        for (seat, acting, code) in cases {
            let refused = seat.refusal(acting.clone());
            assert_eq!(
                refused.as_ref().map(|r| r.code.as_str()),
                code,
                "{seat:?} giving {acting:?}"
            );
        }
    }

    #[test]
    fn a_refusal_reads_as_its_message_and_keeps_rule_and_fix() {
        let r = Refusal::new("out_of_range", "the target is beyond the last bracket")
            .rule("CX-RNG-02")
            .fix("move closer");
        assert_eq!(r.to_string(), "the target is beyond the last bracket");
        assert_eq!(r.rule.as_deref(), Some("CX-RNG-02"));
        assert_eq!(r.fix.as_deref(), Some("move closer"));
    }
}
