//! The encounter clock every ruleset shares: who is in the fight, initiative,
//! the surprise round, rounds and turns, action budgets, reactions, held
//! actions, and effects that expire at exact moments.
//!
//! A ruleset keeps an [`Encounter`] inside its state, wraps [`ClockCommand`]s
//! in its own commands and [`ClockEvent`]s in its own events, and lets
//! [`Encounter::decide`] and [`Encounter::apply`] do the bookkeeping, so that
//! initiative and turn order work the same way in every game. Rulesets add
//! what is theirs: which die initiative uses, how many actions a turn has,
//! what an effect does when it ticks.
//!
//! Like the rest of the spine, deciding may roll dice (initiative, roll-offs),
//! and applying never does.

mod budget;
mod concerns;
mod effect;
mod id;
mod initiative;
mod turns;

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use budget::{Budget, Held};
pub use concerns::Concerns;
pub use effect::{Effect, EffectId, Expiry, Moment, MomentKind};
pub use id::CombatantId;
pub use initiative::{Initiative, InitiativeDie, MAX_ROLLOFFS, roll_initiative};
pub use turns::{TurnTaker, next_turn_in};

/// One combatant's place at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Its handle.
    pub id: CombatantId,
    /// Its side ("players", "drones"); the fight ends when one side is left.
    pub side: String,
    /// Hidden from the players (the GM still sees it, and it still acts).
    pub hidden: bool,
    /// Its initiative, once rolled or set.
    pub initiative: Option<Initiative>,
    /// Pinned by the GM: keeps its place in the order when others change.
    pub pinned: bool,
}

/// Where the fight is: setting up, the surprise round, a numbered round, or
/// over. (A modifier's place in computing a sheet is a
/// [`ModifierPhase`](crate::ModifierPhase).)
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum FightPhase {
    /// Combatants join and roll initiative; nobody acts yet.
    #[default]
    Setup,
    /// The surprise round: only the hidden attackers act.
    Surprise {
        /// Who acts.
        actors: Vec<CombatantId>,
    },
    /// A normal round.
    Round {
        /// Its number, from 1.
        number: u32,
    },
    /// The GM ended the fight.
    Ended,
}

/// The shared clock and bookkeeping of a fight. `P` is the ruleset's payload
/// for effects (a condition, a stance, an aim).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encounter<P> {
    /// Everyone in the fight, in the order they joined.
    pub seats: Vec<Seat>,
    /// Turn order, first to act first.
    pub order: Vec<CombatantId>,
    /// Where the fight is.
    pub phase: FightPhase,
    /// Whose turn it is.
    pub active: Option<CombatantId>,
    /// The order position of the active combatant (or of the slot a removed
    /// one left), where the search for the next turn starts.
    pub cursor: usize,
    /// Who has had a turn this round.
    pub acted: Vec<CombatantId>,
    /// The active combatant's actions.
    pub budget: Budget,
    /// Reactions used this round, by combatant.
    pub reactions: BTreeMap<CombatantId, u32>,
    /// Held actions waiting for their trigger, by combatant.
    pub held: BTreeMap<CombatantId, Held>,
    /// Effects in play.
    pub effects: Vec<Effect<P>>,
    /// The id the next effect gets.
    pub next_effect: EffectId,
    /// The rules' limits.
    pub limits: Limits,
}

/// What a ruleset sets once: actions per turn, reactions per round, held
/// actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Actions in a turn.
    pub actions_per_turn: u32,
    /// Reactions a combatant may take in one round.
    pub reactions_per_round: u32,
    /// Actions a combatant may hold at the end of its turn.
    pub max_held: u32,
}

/// A request to the clock, from the GM or the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockCommand {
    /// A combatant joins (before or during the fight).
    Join {
        /// Its handle.
        id: CombatantId,
        /// Its side.
        side: String,
        /// Hidden from the players.
        hidden: bool,
    },
    /// A combatant leaves the fight (fled, removed by the GM).
    Leave {
        /// Who.
        id: CombatantId,
    },
    /// The GM hides or reveals a combatant.
    Hide {
        /// Who.
        id: CombatantId,
        /// Hidden or revealed.
        hidden: bool,
    },
    /// The GM sets an initiative total by hand.
    SetInitiative {
        /// Who.
        id: CombatantId,
        /// The total.
        total: i64,
    },
    /// The GM pins a combatant where it stands in the order, or unpins it.
    Pin {
        /// Who.
        id: CombatantId,
        /// Pinned or not.
        pinned: bool,
    },
    /// The GM moves a combatant to a place in the order (0 is first); it is
    /// pinned there.
    Place {
        /// Who.
        id: CombatantId,
        /// The new place.
        position: usize,
    },
    /// The fight begins; `surprise` lists the hidden attackers who get a
    /// surprise round (empty: none).
    Begin {
        /// Who acts in the surprise round.
        surprise: Vec<CombatantId>,
    },
    /// The active combatant's turn ends and the next one's starts.
    NextTurn,
    /// The active combatant holds up to the limit of its unused actions for
    /// a declared trigger.
    Hold {
        /// How many actions.
        actions: u32,
        /// What sets them off.
        trigger: String,
    },
    /// A combatant's held actions are set off by their trigger: a reaction.
    Trigger {
        /// Whose held actions.
        id: CombatantId,
    },
    /// The GM ends the fight.
    End,
}

/// A fact about the clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockEvent<P> {
    /// A combatant joined.
    Joined {
        /// Its handle.
        id: CombatantId,
        /// Its side.
        side: String,
        /// Hidden from the players.
        hidden: bool,
    },
    /// A combatant left.
    Left {
        /// Who.
        id: CombatantId,
    },
    /// A combatant was hidden or revealed.
    HiddenSet {
        /// Who.
        id: CombatantId,
        /// Hidden or revealed.
        hidden: bool,
    },
    /// An initiative roll: the die, the modifier and the total.
    InitiativeRolled {
        /// Who.
        id: CombatantId,
        /// The die as rolled.
        die: u32,
        /// Its modifier.
        modifier: i64,
        /// The total.
        total: i64,
    },
    /// A roll-off die between tied combatants; higher goes first.
    RolledOff {
        /// Who.
        id: CombatantId,
        /// The die.
        die: u32,
    },
    /// The GM set an initiative total.
    InitiativeSet {
        /// Who.
        id: CombatantId,
        /// The total.
        total: i64,
    },
    /// A combatant was pinned or unpinned.
    PinSet {
        /// Who.
        id: CombatantId,
        /// Pinned or not.
        pinned: bool,
    },
    /// A combatant was placed in the order by hand (and pinned).
    Placed {
        /// Who.
        id: CombatantId,
        /// Its place.
        position: usize,
    },
    /// The surprise round began.
    SurpriseBegan {
        /// Who acts in it.
        actors: Vec<CombatantId>,
    },
    /// A round began.
    RoundBegan {
        /// Its number.
        number: u32,
    },
    /// A turn began with this many actions.
    TurnBegan {
        /// Whose.
        id: CombatantId,
        /// Actions available.
        actions: u32,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        id: CombatantId,
    },
    /// Actions were spent.
    ActionsSpent {
        /// Whose.
        id: CombatantId,
        /// How many.
        actions: u32,
        /// On what ("fire burst", "aim"): a fixed word ("aim", "move") is
        /// kept as it is, not copied, here and in the turn's [`Budget`].
        on: Cow<'static, str>,
        /// The combatant the actions are spent on, when there is one (the
        /// target `on` names): whom the event concerns besides `id`, so a
        /// table that may not know of it never hears the line. (Boxed: a
        /// clock event stays small to move, and most have no target.)
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Box<CombatantId>>,
    },
    /// A reaction was used.
    ReactionUsed {
        /// Whose.
        id: CombatantId,
        /// What it was.
        on: String,
        /// The combatant reacted against, when there is one (the target
        /// `on` names), as for [`ClockEvent::ActionsSpent`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Box<CombatantId>>,
    },
    /// Actions were held for a trigger.
    ActionsHeld {
        /// Whose.
        id: CombatantId,
        /// How many.
        actions: u32,
        /// The declared trigger.
        trigger: String,
    },
    /// Held actions were set off (a reaction); the holder may now use them.
    HeldTriggered {
        /// Whose.
        id: CombatantId,
        /// How many.
        actions: u32,
    },
    /// Held actions went unused until the holder's next turn and are lost.
    HeldLost {
        /// Whose.
        id: CombatantId,
        /// How many.
        actions: u32,
    },
    /// An effect began. (Boxed, as in `EffectChanged`: an effect is the
    /// biggest thing a clock event carries, and events are moved often.)
    EffectAdded {
        /// The effect.
        effect: Box<Effect<P>>,
    },
    /// An effect ended (expired, saved against, removed).
    EffectEnded {
        /// Which.
        id: EffectId,
        /// Why, in words.
        why: String,
    },
    /// An effect's payload changed (a stack added, a stage passed).
    EffectChanged {
        /// The effect as it is now.
        effect: Box<Effect<P>>,
    },
    /// The fight ended.
    Ended,
}

/// Why the clock refused a command. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "refusal", rename_all = "snake_case")]
#[non_exhaustive]
pub enum EncounterError {
    /// No combatant has that id.
    #[error("nobody called '{id}' is in this fight; check the name (see `status`)")]
    Unknown {
        /// The id asked for.
        id: CombatantId,
    },
    /// The id is taken.
    #[error("'{id}' is already in this fight; give the newcomer another name")]
    Taken {
        /// The id.
        id: CombatantId,
    },
    /// The command needs the fight to have begun.
    #[error("the fight has not begun yet; begin it first")]
    NotBegun,
    /// The command needs the fight not to have begun.
    #[error("the fight has already begun")]
    AlreadyBegun,
    /// The fight is over.
    #[error("the fight is over")]
    Over,
    /// Someone has no initiative.
    #[error("'{id}' has no initiative yet; roll or set it before the fight begins")]
    NoInitiative {
        /// Who.
        id: CombatantId,
    },
    /// Only hidden combatants can surprise.
    #[error("'{id}' is not hidden, so it cannot take a surprise round (rule: surprise round)")]
    NotHidden {
        /// Who.
        id: CombatantId,
    },
    /// Acting out of turn.
    #[error("it is not {id}'s turn{}", active.as_ref().map(|a| format!(" (it is {a}'s)")).unwrap_or_default())]
    NotTheirTurn {
        /// Who tried.
        id: CombatantId,
        /// Whose turn it is.
        active: Option<CombatantId>,
    },
    /// Not enough actions left.
    #[error("{id} needs {needed} action(s) for {on} but has {left} left this turn")]
    NotEnoughActions {
        /// Who.
        id: CombatantId,
        /// What for.
        on: String,
        /// Actions needed.
        needed: u32,
        /// Actions left.
        left: u32,
    },
    /// The reaction limit is reached.
    #[error(
        "{id} has used all {limit} reactions this round; a reaction is possible again next round"
    )]
    NoReactionsLeft {
        /// Who.
        id: CombatantId,
        /// The limit.
        limit: u32,
    },
    /// Holding more than allowed.
    #[error("at most {max} actions can be held, and only unused ones ({left} left)")]
    TooManyHeld {
        /// The limit.
        max: u32,
        /// Actions left.
        left: u32,
    },
    /// Nothing is held.
    #[error("{id} holds no actions")]
    NothingHeld {
        /// Who.
        id: CombatantId,
    },
    /// A place outside the order.
    #[error("place {position} is outside the order (0 to {last})")]
    NoSuchPlace {
        /// The place asked for.
        position: usize,
        /// The last place.
        last: usize,
    },
    /// The combatant has no turn to end.
    #[error("nobody is taking a turn")]
    NoActiveTurn,
    /// A hold needs a trigger.
    #[error("a held action needs a declared trigger (what sets it off)")]
    NoTrigger,
    /// Nobody is in the fight.
    #[error("nobody is in the fight yet; add combatants before it begins")]
    Empty,
    /// The active combatant already holds actions this turn.
    #[error(
        "{id} already holds {actions} action(s) for \"{trigger}\"; a turn holds actions for one trigger, once"
    )]
    AlreadyHolding {
        /// Who.
        id: CombatantId,
        /// The actions already held.
        actions: u32,
        /// Their trigger.
        trigger: String,
    },
}

impl EncounterError {
    /// A stable, snake_case code for the table's refusals.
    pub fn code(&self) -> &'static str {
        match self {
            EncounterError::Unknown { .. } => "unknown_combatant",
            EncounterError::Taken { .. } => "name_taken",
            EncounterError::NotBegun => "not_begun",
            EncounterError::AlreadyBegun => "already_begun",
            EncounterError::Over => "fight_over",
            EncounterError::NoInitiative { .. } => "no_initiative",
            EncounterError::NotHidden { .. } => "not_hidden",
            EncounterError::NotTheirTurn { .. } => "not_their_turn",
            EncounterError::NotEnoughActions { .. } => "not_enough_actions",
            EncounterError::NoReactionsLeft { .. } => "no_reactions_left",
            EncounterError::TooManyHeld { .. } => "too_many_held",
            EncounterError::NothingHeld { .. } => "nothing_held",
            _ => "clock_refused",
        }
    }

    /// The combatants its message mentions, as data: a table cuts or
    /// rewrites a refusal by these, never by searching its text.
    pub fn mentions(&self) -> Vec<&CombatantId> {
        match self {
            EncounterError::Unknown { id }
            | EncounterError::Taken { id }
            | EncounterError::NoInitiative { id }
            | EncounterError::NotHidden { id }
            | EncounterError::NotEnoughActions { id, .. }
            | EncounterError::NoReactionsLeft { id, .. }
            | EncounterError::NothingHeld { id }
            | EncounterError::AlreadyHolding { id, .. } => vec![id],
            EncounterError::NotTheirTurn { id, active } => {
                std::iter::once(id).chain(active.as_ref()).collect()
            }
            EncounterError::NotBegun
            | EncounterError::AlreadyBegun
            | EncounterError::Over
            | EncounterError::TooManyHeld { .. }
            | EncounterError::NoSuchPlace { .. }
            | EncounterError::NoActiveTurn
            | EncounterError::NoTrigger
            | EncounterError::Empty => Vec::new(),
        }
    }
}

impl<P> Encounter<P> {
    /// An empty encounter with the ruleset's limits.
    pub fn new(limits: Limits) -> Self {
        Encounter {
            seats: Vec::new(),
            order: Vec::new(),
            phase: FightPhase::Setup,
            active: None,
            cursor: 0,
            acted: Vec::new(),
            budget: Budget::default(),
            reactions: BTreeMap::new(),
            held: BTreeMap::new(),
            effects: Vec::new(),
            next_effect: EffectId(1),
            limits,
        }
    }

    /// The seat of `id`.
    pub fn seat(&self, id: &CombatantId) -> Result<&Seat, EncounterError> {
        self.seats
            .iter()
            .find(|s| &s.id == id)
            .ok_or_else(|| EncounterError::Unknown { id: id.clone() })
    }

    fn seat_mut(&mut self, id: &CombatantId) -> Option<&mut Seat> {
        self.seats.iter_mut().find(|s| &s.id == id)
    }

    /// The round number (0 in setup and in the surprise round).
    pub fn round(&self) -> u32 {
        match self.phase {
            FightPhase::Round { number } => number,
            _ => 0,
        }
    }

    /// Whether the fight is running (surprise round or a round).
    pub fn running(&self) -> bool {
        matches!(
            self.phase,
            FightPhase::Surprise { .. } | FightPhase::Round { .. }
        )
    }

    /// Refuses unless the fight is running: not begun yet, or over.
    fn check_running(&self) -> Result<(), EncounterError> {
        match self.phase {
            FightPhase::Setup => Err(EncounterError::NotBegun),
            FightPhase::Ended => Err(EncounterError::Over),
            FightPhase::Surprise { .. } | FightPhase::Round { .. } => Ok(()),
        }
    }

    /// Checks that `id` may spend `needed` actions now: on its turn with
    /// enough left, or out of turn from held actions whose trigger happened.
    pub fn can_spend(&self, id: &CombatantId, needed: u32, on: &str) -> Result<(), EncounterError> {
        let active = self.active.as_ref() == Some(id);
        // The active combatant is always seated (one who leaves on its
        // turn ends it first): only another needs its seat looked up.
        if !active {
            self.seat(id)?;
        }
        self.check_running()?;
        if !active {
            // Out of turn, only actions held for a trigger that happened.
            return match self.held.get(id).filter(|h| h.triggered) {
                Some(held) if needed <= held.actions => Ok(()),
                Some(held) => Err(EncounterError::NotEnoughActions {
                    id: id.clone(),
                    on: on.to_string(),
                    needed,
                    left: held.actions,
                }),
                None => Err(EncounterError::NotTheirTurn {
                    id: id.clone(),
                    active: self.active.clone(),
                }),
            };
        }
        if needed > self.budget.left {
            return Err(EncounterError::NotEnoughActions {
                id: id.clone(),
                on: on.to_string(),
                needed,
                left: self.budget.left,
            });
        }
        Ok(())
    }

    /// The event spending `actions` of `id`'s turn on `on`, after checking
    /// it may. A reason made for the purpose (`format!`) is moved into the
    /// event, not copied; a fixed one (`"aim"`) is not copied at all.
    pub fn spend(
        &self,
        id: &CombatantId,
        actions: u32,
        on: impl Into<Cow<'static, str>>,
    ) -> Result<ClockEvent<P>, EncounterError> {
        let on = on.into();
        self.can_spend(id, actions, &on)?;
        Ok(ClockEvent::ActionsSpent {
            id: id.clone(),
            actions,
            on,
            target: None,
        })
    }

    /// [`Encounter::spend`] on `target`, which `on` names: the event says
    /// so as data ([`ClockEvent::ActionsSpent`]'s `target`).
    pub fn spend_on(
        &self,
        id: &CombatantId,
        actions: u32,
        on: impl Into<Cow<'static, str>>,
        target: &CombatantId,
    ) -> Result<ClockEvent<P>, EncounterError> {
        let mut event = self.spend(id, actions, on)?;
        if let ClockEvent::ActionsSpent { target: t, .. } = &mut event {
            *t = Some(Box::new(target.clone()));
        }
        Ok(event)
    }

    /// Reactions `id` has used this round.
    pub fn reactions_used(&self, id: &CombatantId) -> u32 {
        self.reactions.get(id).copied().unwrap_or(0)
    }

    /// The event of `id` using a reaction, after checking the round's limit.
    pub fn react(&self, id: &CombatantId, on: &str) -> Result<ClockEvent<P>, EncounterError> {
        self.seat(id)?;
        self.check_running()?;
        if self.reactions_used(id) >= self.limits.reactions_per_round {
            return Err(EncounterError::NoReactionsLeft {
                id: id.clone(),
                limit: self.limits.reactions_per_round,
            });
        }
        Ok(ClockEvent::ReactionUsed {
            id: id.clone(),
            on: on.to_string(),
            target: None,
        })
    }

    /// [`Encounter::react`] against `target`, which `on` names: the event
    /// says so as data ([`ClockEvent::ReactionUsed`]'s `target`).
    pub fn react_against(
        &self,
        id: &CombatantId,
        on: &str,
        target: &CombatantId,
    ) -> Result<ClockEvent<P>, EncounterError> {
        let mut event = self.react(id, on)?;
        if let ClockEvent::ReactionUsed { target: t, .. } = &mut event {
            *t = Some(Box::new(target.clone()));
        }
        Ok(event)
    }

    /// The effects on `id`.
    pub fn effects_on<'a>(&'a self, id: &'a CombatantId) -> impl Iterator<Item = &'a Effect<P>> {
        self.effects.iter().filter(move |e| &e.bearer == id)
    }

    /// The event adding an effect, with the next free id.
    pub fn add_effect(
        &self,
        bearer: &CombatantId,
        name: impl Into<Cow<'static, str>>,
        expiry: Option<Expiry>,
        payload: P,
    ) -> ClockEvent<P> {
        ClockEvent::EffectAdded {
            effect: Box::new(Effect {
                id: self.next_effect,
                bearer: bearer.clone(),
                name: name.into(),
                expiry,
                payload,
            }),
        }
    }

    /// Refuses unless it is `id`'s turn (held actions do not count): what
    /// a combatant may do only as its turn's own, such as holding actions.
    pub fn check_turn_of(&self, id: &CombatantId) -> Result<(), EncounterError> {
        if self.active.as_ref() != Some(id) {
            return Err(EncounterError::NotTheirTurn {
                id: id.clone(),
                active: self.active.clone(),
            });
        }
        Ok(())
    }

    /// Everyone seated, in seat order.
    pub fn seated(&self) -> Vec<CombatantId> {
        self.seats.iter().map(|s| s.id.clone()).collect()
    }

    /// The events ending every effect with the fight but those that
    /// `outlast` it (conditions, a drain that runs its hour).
    pub fn effects_ending_with_the_fight(
        &self,
        outlast: impl Fn(&P) -> bool,
    ) -> Vec<ClockEvent<P>> {
        self.effects
            .iter()
            .filter(|e| !outlast(&e.payload))
            .map(|e| ClockEvent::EffectEnded {
                id: e.id,
                why: format!("{} ends with the fight", e.name),
            })
            .collect()
    }

    /// Everyone seated who has no initiative yet, in seat order: whom a
    /// roll of initiative naming nobody rolls for.
    pub fn without_initiative(&self) -> Vec<CombatantId> {
        self.seats
            .iter()
            .filter(|s| s.initiative.is_none())
            .map(|s| s.id.clone())
            .collect()
    }

    /// Who is left on each side (not counting those who left).
    pub fn sides(&self) -> BTreeMap<&str, Vec<&CombatantId>> {
        let mut sides: BTreeMap<&str, Vec<&CombatantId>> = BTreeMap::new();
        for seat in &self.seats {
            sides.entry(&seat.side).or_default().push(&seat.id);
        }
        sides
    }
}

impl<P: Clone> Encounter<P> {
    /// Decides a clock command. `roll` rolls one initiative or roll-off die
    /// for a combatant (rulesets choose the die); it is only called by
    /// commands that need it.
    pub fn decide(&self, command: &ClockCommand) -> Result<Vec<ClockEvent<P>>, EncounterError> {
        if self.phase == FightPhase::Ended {
            return Err(EncounterError::Over);
        }
        turns::decide(self, command)
    }

    /// Applies a clock event. Never fails: events are facts.
    pub fn apply(&mut self, event: &ClockEvent<P>) {
        turns::apply(self, event);
    }
}

#[cfg(test)]
mod mentions {
    use super::*;

    #[test]
    fn a_clock_refusal_names_its_combatants_as_data() {
        let (vex, scav) = (CombatantId::from("vex"), CombatantId::from("scav"));
        let cases = [
            (
                EncounterError::NotTheirTurn {
                    id: vex.clone(),
                    active: Some(scav.clone()),
                },
                vec![&vex, &scav],
            ),
            (
                EncounterError::NotTheirTurn {
                    id: vex.clone(),
                    active: None,
                },
                vec![&vex],
            ),
            (EncounterError::NothingHeld { id: vex.clone() }, vec![&vex]),
            (EncounterError::Over, vec![]),
        ];
        for (refusal, named) in cases {
            assert_eq!(refusal.mentions(), named, "{refusal}");
        }
    }
}
