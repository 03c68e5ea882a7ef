//! What the table asks of a D20 fight, and why a request is refused.

use nanite_core::{ClockCommand, CombatantId, DiceSource, EncounterError};
use nanite_dice::SourceError;
use serde::{Deserialize, Serialize};

use super::{
    Battle, D20Effect, Decision, Event, Fighter, GrappleAttack, Place, PositionChange, Row, Square,
    Takedown, TakedownChoice, attack, casting, gm, grapple, movement, recovery, turn,
};
use crate::attribute::Attribute;

/// A request to change the fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Command))]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// The GM adds a combatant (before or during the fight). Not read from
    /// JSON: a server adds combatants from character files it validated.
    #[serde(skip_deserializing)]
    Add {
        /// Its handle.
        id: CombatantId,
        /// Its side.
        side: String,
        /// Hidden from the players.
        hidden: bool,
        /// Its fighting numbers.
        fighter: Box<Fighter>,
        /// Where it stands.
        place: Place,
    },
    /// Initiative for these combatants, or for everyone without initiative
    /// when empty: 1d100 + DEX score each (D20-INIT-01), or 1d100 a side
    /// under side initiative (D20-INIT-03, always everyone).
    RollInitiative {
        /// Who rolls.
        who: Vec<CombatantId>,
    },
    /// A clock command: set, pin or place initiative, hide, remove, begin,
    /// next turn, trigger held actions, end.
    Clock(ClockCommand),
    /// The GM puts a combatant on a square or in a row, free.
    Position {
        /// Who.
        id: CombatantId,
        /// Where.
        place: Place,
    },
    /// Moves on the grid through these squares in turn (D20-MOVE-01/02).
    Move {
        /// Who.
        id: CombatantId,
        /// The waypoints; the path runs straight from one to the next.
        to: Vec<Square>,
    },
    /// Gives up the turn's actions to move twice the speed (D20-MOVE-01).
    DoubleMove {
        /// Who.
        id: CombatantId,
    },
    /// Moves to the other row, map-less (D20-MOVE-03): the whole move.
    ChangeRow {
        /// Who.
        id: CombatantId,
        /// The row.
        row: Row,
    },
    /// A melee or ranged attack: 1 action.
    Attack {
        /// The attacker.
        id: CombatantId,
        /// The target.
        target: CombatantId,
        /// A weapon by index; none for an unarmed strike.
        weapon: Option<usize>,
    },
    /// Begins casting a spell or manifesting a power: 1 action; it takes
    /// effect just before the caster's next turn (D20-CAST-01).
    Cast {
        /// The caster.
        id: CombatantId,
        /// The spell or power id.
        magic: String,
        /// Its target (the caster itself for one on itself).
        target: CombatantId,
    },
    /// A takedown: clinch, tackle or trip (D20-GRAP-02).
    Takedown {
        /// Who.
        id: CombatantId,
        /// The one taken down.
        target: CombatantId,
        /// Which takedown.
        kind: Takedown,
    },
    /// A position change in a grapple (D20-GRAP-03).
    ChangePosition {
        /// Who.
        id: CombatantId,
        /// Which.
        kind: PositionChange,
    },
    /// A grappling attack: submission, slam, short strikes (D20-GRAP-04..07).
    GrappleAttack {
        /// Who.
        id: CombatantId,
        /// Which.
        kind: GrappleAttack,
    },
    /// Lets go of a grapple: only the one holding Grappling Advantage (a
    /// decision), free.
    Release {
        /// Who.
        id: CombatantId,
    },
    /// The choice after an opponent's takedown rolls a natural 1
    /// (D20-GRAP-02).
    Choose {
        /// Who chooses.
        id: CombatantId,
        /// What.
        choice: TakedownChoice,
    },
    /// Holds the turn's action for a declared trigger.
    Hold {
        /// Who.
        id: CombatantId,
        /// What sets it off.
        trigger: String,
    },
    /// A skill check (D20-CHK-01) or, without a skill, a non-skill check of
    /// an attribute (D20-CHK-02): 1 action in a fight, free outside one.
    Check {
        /// Who.
        id: CombatantId,
        /// The skill id; none for a non-skill check.
        skill: Option<String>,
        /// The attribute: the skill's default when none, allowed alternates
        /// otherwise; required without a skill.
        attribute: Option<Attribute>,
        /// The difficulty.
        dc: i64,
        /// Hidden from the players.
        hidden: bool,
    },
    /// The GM deals damage (a trap, a fall), from `by` if someone did it.
    Harm {
        /// Who.
        target: CombatantId,
        /// Hit points.
        amount: i64,
        /// Who did it (its level sets a concentration DC, D20-CAST-02).
        by: Option<CombatantId>,
        /// Why.
        why: String,
    },
    /// The GM restores hit points (a potion, a ruling), up to the maximum;
    /// a combatant healed above 0 is back on its feet (a GM decision, see
    /// docs/rules/d20.md).
    Heal {
        /// Who.
        target: CombatantId,
        /// Hit points, 1 to 10,000.
        amount: i64,
        /// Why, in words.
        why: String,
    },
    /// Periods of 8 hours of rest, out of combat (D20-REST-01).
    Rest {
        /// Who.
        id: CombatantId,
        /// How many periods.
        periods: i64,
    },
    /// A healing kit on a target, out of combat: an extended check (D20-REST-02).
    UseKit {
        /// The healer.
        id: CombatantId,
        /// The patient (the healer itself allowed).
        target: CombatantId,
        /// The kit id.
        kit: String,
        /// The GM's maximum number of rolls, if any (D20-CHK-04).
        max_checks: Option<u32>,
    },
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Refusal))]
#[serde(tag = "refusal", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Refusal {
    /// No such combatant.
    #[error("nobody called '{id}' is in this fight (known: {})", known.join(", "))]
    Unknown {
        /// The id asked for.
        id: CombatantId,
        /// The ids there are.
        known: Vec<String>,
    },
    /// The actor cannot act.
    #[error("{id} cannot act: {why}")]
    CannotAct {
        /// Who.
        id: CombatantId,
        /// Why, with the rule.
        why: String,
    },
    /// Anything else against the rules.
    #[error("{why}")]
    Illegal {
        /// What is wrong, with the rule and the fix.
        why: String,
    },
    /// The dice source gave no die (physical dice not entered, a script ran
    /// out), or a die off its faces: written `{"refusal": "dice", "message": ...}`.
    #[error("no die for {0}")]
    #[serde(serialize_with = "dice_message")]
    Dice(String),
    /// The clock refused (turns, actions, reactions, initiative): written
    /// as the clock's own refusal (`EncounterError`, its `refusal` naming
    /// its kind), not tagged a second time.
    #[error("{0}")]
    #[serde(untagged)]
    Clock(#[from] EncounterError),
}

/// `Refusal::Dice` as an object with its message: an internally tagged
/// enum cannot write a bare string.
fn dice_message<S: serde::Serializer>(message: &str, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut fields = serializer.serialize_struct("Dice", 1)?;
    fields.serialize_field("message", message)?;
    fields.end()
}

impl Refusal {
    /// The combatants it names as data (its `id`, the clock's ids), so a
    /// table cuts or rewrites it for a viewer by these, never by searching
    /// its text. A `why` is the engine's words on the fight it decided:
    /// a table that hides combatants from a viewer decides the command on
    /// the fight as that viewer knows it for words fit for them.
    pub fn mentions(&self) -> Vec<&CombatantId> {
        match self {
            Refusal::Unknown { id, .. } | Refusal::CannotAct { id, .. } => vec![id],
            Refusal::Clock(e) => e.mentions(),
            Refusal::Illegal { .. } | Refusal::Dice(_) => Vec::new(),
        }
    }
}

impl From<SourceError> for Refusal {
    fn from(e: SourceError) -> Self {
        Refusal::Dice(e.to_string())
    }
}

pub(crate) fn decide(
    state: &Battle,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Refusal> {
    decide_with_state(state, command, dice).map(|d| d.events)
}

/// Decides `command` and keeps the battle as its events left it, so a
/// simulator need not apply them again.
pub(crate) fn decide_with_state(
    state: &Battle,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Decision, Refusal> {
    if let Some(owed) = &state.owed {
        let allowed = match command {
            Command::Choose { id, .. } => id == &owed.chooser,
            Command::Clock(ClockCommand::End | ClockCommand::Leave { .. }) => true,
            _ => false,
        };
        if !allowed {
            return Err(Refusal::Illegal {
                why: format!(
                    "{} must first choose Grappling Advantage or a free melee attack after {}'s takedown rolled a natural 1 (D20-GRAP-02): `{} choose advantage` or `{} choose attack`",
                    state.name(&owed.chooser),
                    state.name(&owed.against),
                    owed.chooser,
                    owed.chooser
                ),
            });
        }
    }
    let mut d = Decision::new(state);
    match command {
        Command::Add {
            id,
            side,
            hidden,
            fighter,
            place,
        } => gm::add(&mut d, id, side, *hidden, fighter, *place)?,
        Command::RollInitiative { who } => turn::roll_initiative(&mut d, who, dice)?,
        Command::Clock(ClockCommand::Join { id, .. }) => {
            return Err(Refusal::Illegal {
                why: format!("add '{id}' with its character (Add), not with a bare join"),
            });
        }
        Command::Clock(ClockCommand::Begin { surprise }) => turn::begin(&mut d, surprise)?,
        Command::Clock(ClockCommand::NextTurn) => turn::next(&mut d, dice)?,
        Command::Clock(ClockCommand::Hold { trigger, .. }) => {
            let id = state
                .clock
                .active
                .clone()
                .ok_or(EncounterError::NoActiveTurn)?;
            hold(&mut d, &id, trigger)?;
        }
        Command::Clock(clock) => {
            if let ClockCommand::SetInitiative { total, .. } = clock {
                crate::limits::within("initiative", *total, &crate::limits::INITIATIVE)
                    .map_err(|why| Refusal::Illegal { why })?;
            }
            for e in state.clock.decide(clock)? {
                d.clock(e);
            }
            if let ClockCommand::End = clock {
                end_of_fight(&mut d);
            }
        }
        Command::Position { id, place } => gm::position(&mut d, id, *place)?,
        Command::Move { id, to } => movement::walk(&mut d, id, to, dice)?,
        Command::DoubleMove { id } => movement::double_move(&mut d, id)?,
        Command::ChangeRow { id, row } => movement::change_row(&mut d, id, *row)?,
        Command::Attack { id, target, weapon } => {
            attack::attack(&mut d, id, target, *weapon, dice)?;
        }
        Command::Cast { id, magic, target } => casting::begin(&mut d, id, magic, target)?,
        Command::Takedown { id, target, kind } => {
            grapple::takedown(&mut d, id, target, *kind, dice)?;
        }
        Command::ChangePosition { id, kind } => grapple::position(&mut d, id, *kind, dice)?,
        Command::GrappleAttack { id, kind } => grapple::attack(&mut d, id, *kind, dice)?,
        Command::Release { id } => grapple::release(&mut d, id)?,
        Command::Choose { id, choice } => grapple::choose(&mut d, id, *choice, dice)?,
        Command::Hold { id, trigger } => hold(&mut d, id, trigger)?,
        Command::Check {
            id,
            skill,
            attribute,
            dc,
            hidden,
        } => gm::check_command(&mut d, id, skill.as_deref(), *attribute, *dc, *hidden, dice)?,
        Command::Harm {
            target,
            amount,
            by,
            why,
        } => gm::harm(&mut d, target, *amount, by.as_ref(), why, dice)?,
        Command::Heal {
            target,
            amount,
            why,
        } => gm::gm_heal(&mut d, target, *amount, why)?,
        Command::Rest { id, periods } => recovery::rest(&mut d, id, *periods)?,
        Command::UseKit {
            id,
            target,
            kit,
            max_checks,
        } => recovery::use_kit(&mut d, id, target, kit, *max_checks, dice)?,
    }
    Ok(d)
}

fn hold(d: &mut Decision, id: &CombatantId, trigger: &str) -> Result<(), Refusal> {
    gm::able(d, id)?;
    d.state.clock.check_turn_of(id)?;
    for e in d.state.clock.decide(&ClockCommand::Hold {
        actions: 1,
        trigger: trigger.to_string(),
    })? {
        d.clock(e);
    }
    Ok(())
}

/// What lasts a turn or a round ends with the fight: spells under way are
/// interrupted (their energy kept) and stuns end; a submission's drain
/// lasts its hour (D20-GRAP-05).
fn end_of_fight(d: &mut Decision) {
    let ending = d
        .state
        .clock
        .effects_ending_with_the_fight(|p| matches!(p, D20Effect::Drained { .. }));
    for e in ending {
        d.clock(e);
    }
    let grapples: Vec<_> = d.state.grapples.clone();
    for g in grapples {
        d.push(Event::GrappleEnded {
            a: g.a,
            b: g.b,
            why: "the fight is over".into(),
        });
    }
}

#[cfg(test)]
mod refusal_json {
    use super::*;

    #[test]
    fn a_dice_refusal_is_an_object_and_a_clock_refusal_is_tagged_once() {
        let dice = serde_json::to_string(&Refusal::Dice("the roll needs another d10".into()))
            .expect("a dice refusal is written");
        assert_eq!(
            dice,
            r#"{"refusal":"dice","message":"the roll needs another d10"}"#
        );
        let clock = serde_json::to_string(&Refusal::Clock(EncounterError::NotTheirTurn {
            id: CombatantId::from("vex"),
            active: None,
        }))
        .unwrap();
        assert_eq!(clock.matches("\"refusal\"").count(), 1, "{clock}");
        assert!(
            clock.starts_with(r#"{"refusal":"not_their_turn""#),
            "{clock}"
        );
    }
}
