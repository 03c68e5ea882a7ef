//! A D20 fight, run through the shared encounter spine: commands decided
//! against the [`Battle`] into [`Event`]s that carry their dice and
//! breakdowns, so a fight can be replayed, undone and explained.
//!
//! D20 differs from Compound X where the spine must bend: initiative is
//! 1d100 + DEX score, rolled again every round or by side (D20-INIT); a turn
//! is one action and a move (or a double move for the action); the field is
//! a square grid or two rows a side (D20-MOVE); spells and powers take
//! effect just before the caster's next turn, as an effect of the clock that
//! expires at that moment (D20-CAST); and grappling is a state machine of
//! opposed checks (D20-GRAP).
//!
//! - [`command`]: what the table asks for, and why a request is refused.
//! - [`event`]: what happened, and how it changes the battle.
//! - `fighter`: a combatant's fighting numbers from its character.
//! - `turn`: initiative, the start of the fight, of each round and turn.
//! - `field`: the grid and the rows, and reach; `movement`: moving, passing
//!   enemies, changing rows.
//! - `attack`, `casting`, `grapple`, `gm`, `recovery`: the actions.
//! - `narrate`: the log in words.

mod attack;
mod casting;
pub mod choices;
pub mod command;
mod concerns;
pub mod event;
pub use event::{DiceRoll, SideRoll};
mod field;
mod fighter;
mod gm;
mod grapple;
mod movement;
mod narrate;
mod recovery;
mod turn;

use std::collections::BTreeMap;

use nanite_core::encounter::{FightPhase, Limits};
use nanite_core::{CombatantId, DiceSource, Encounter, Ruleset};
use serde::{Deserialize, Serialize};

use crate::attribute::{Attribute, Scores};
use crate::campaign::Campaign;
use crate::pack::Magic;
pub use command::{Command, Refusal};
pub use event::Event;
pub use field::{FEET, Field, Place, RETRY_FEET, Row, SQUARE_FEET, Square, distance_feet, path};
pub use fighter::{Fighter, FighterKit, FighterSkill, FighterWeapon};
pub use grapple::{
    ADVANTAGE_BONUS, Grapple, GrappleAttack, HOUR_ROUNDS, PRIMED_BONUS, PositionChange,
    SLAM_DAMAGE, Takedown, TakedownChoice,
};
pub use narrate::{narrate, narrate_all};
pub use turn::SIDE_STEP;

/// D20's limits: one action a turn besides the move (a decision: the seed
/// speaks of "their action" and of giving up "all their actions" for a
/// double move), one reaction a round, one held action.
pub const LIMITS: Limits = Limits {
    actions_per_turn: 1,
    reactions_per_round: 1,
    max_held: 1,
};

/// D20 effects kept by the encounter clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum D20Effect {
    /// A spell or power under way: it takes effect when this effect expires,
    /// just before the caster's next turn (D20-CAST-01).
    Casting {
        /// The spell or power.
        magic: Magic,
        /// Its target.
        target: CombatantId,
    },
    /// Stunned: the bearer's turns are lost until it ends (D20-GRAP-06).
    Stunned,
    /// Strength and Constitution lowered by a submission hold for an hour
    /// (D20-GRAP-05).
    Drained {
        /// Points off each.
        points: i64,
    },
}

/// A combatant's movement this turn (D20-MOVE-01/02).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Movement {
    /// Feet it may move this turn (its speed, twice that after a double move).
    pub allowance: i64,
    /// Feet used so far (steps and retries).
    pub used: i64,
    /// It gave up its actions to move twice its speed.
    pub doubled: bool,
    /// Enemies it has got past this turn.
    pub passed: Vec<CombatantId>,
    /// Enemies that stopped it this turn: another try costs 10 ft.
    pub halted_by: Vec<CombatantId>,
}

impl Movement {
    /// Feet left this turn.
    pub fn left(&self) -> i64 {
        (self.allowance - self.used).max(0)
    }
}

/// One combatant in the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// Its fighting numbers.
    pub fighter: Fighter,
    /// Hit points now (0 or less: down).
    pub hp: i64,
    /// Spell energy left.
    pub energy: i64,
    /// Power points left.
    pub power_points: i64,
    /// Where it stands.
    pub place: Place,
    /// Its movement this turn.
    pub movement: Movement,
}

/// A takedown's natural 1: the opponent chooses Grappling Advantage or a
/// free melee attack (D20-GRAP-02) before anything else happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owed {
    /// Who chooses.
    pub chooser: CombatantId,
    /// Who rolled the natural 1.
    pub against: CombatantId,
}

/// Everything the rules know about one D20 fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    /// Initiative, rounds, turns, actions, reactions, effects.
    pub clock: Encounter<D20Effect>,
    /// The campaign's settings (attribute bonus, initiative).
    pub campaign: Campaign,
    /// A grid or rows.
    pub field: Field,
    /// The combatants by id.
    pub combatants: BTreeMap<CombatantId, Combatant>,
    /// Grapples under way.
    pub grapples: Vec<Grapple>,
    /// A choice owed after a takedown's natural 1.
    pub owed: Option<Owed>,
    /// Who may take one grappling action free this turn (a takedown's
    /// natural 20, D20-GRAP-02).
    pub free_grapple: Option<CombatantId>,
    /// In-game minutes spent out of combat (rests, healing kits).
    pub minutes: i64,
}

impl Battle {
    /// An empty battle on `field` under `campaign`.
    pub fn new(campaign: Campaign, field: Field) -> Self {
        Battle {
            clock: Encounter::new(LIMITS),
            campaign,
            field,
            combatants: BTreeMap::new(),
            grapples: Vec::new(),
            owed: None,
            free_grapple: None,
            minutes: 0,
        }
    }

    /// The combatant `id`.
    pub fn combatant(&self, id: &CombatantId) -> Result<&Combatant, Refusal> {
        self.combatants.get(id).ok_or_else(|| Refusal::Unknown {
            id: id.clone(),
            known: self.combatants.keys().map(|k| k.to_string()).collect(),
        })
    }

    /// The name of `id`, or the id itself.
    pub fn name(&self, id: &CombatantId) -> String {
        self.combatants
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.fighter.name.clone())
    }

    /// Points of STR and CON drained from `id` (D20-GRAP-05).
    pub fn drain(&self, id: &CombatantId) -> i64 {
        self.clock
            .effects_on(id)
            .map(|e| match e.payload {
                D20Effect::Drained { points } => points,
                _ => 0,
            })
            .sum()
    }

    /// `id`'s scores now: STR and CON lowered by submission holds.
    pub fn scores(&self, id: &CombatantId) -> Scores {
        let Some(c) = self.combatants.get(id) else {
            return Scores::default();
        };
        let mut s = c.fighter.scores;
        let drain = self.drain(id);
        s.str -= drain;
        s.con -= drain;
        s
    }

    /// The bonus of `id`'s `attribute` now.
    pub fn bonus(&self, id: &CombatantId, attribute: Attribute) -> i64 {
        self.campaign.bonus(self.scores(id).get(attribute))
    }

    /// `id`'s maximum hit points now (they follow CON, D20-GRAP-05).
    pub fn max_hp(&self, id: &CombatantId) -> i64 {
        self.combatants
            .get(id)
            .map_or(0, |c| c.fighter.max_hp(&self.campaign, &self.scores(id)))
    }

    /// Whether `id` is down: at 0 hit points or less, or its Constitution
    /// drained to 0 (D20-GRAP-05).
    pub fn is_down(&self, id: &CombatantId) -> bool {
        self.combatants.get(id).is_some_and(|c| c.hp <= 0) || self.scores(id).con <= 0
    }

    /// Whether `id` is stunned (D20-GRAP-06).
    pub fn is_stunned(&self, id: &CombatantId) -> bool {
        self.clock
            .effects_on(id)
            .any(|e| matches!(e.payload, D20Effect::Stunned))
    }

    /// The spell or power `id` is casting, if any.
    pub fn casting(&self, id: &CombatantId) -> Option<&nanite_core::encounter::Effect<D20Effect>> {
        self.clock
            .effects
            .iter()
            .find(|e| &e.bearer == id && matches!(e.payload, D20Effect::Casting { .. }))
    }

    /// The grapple `id` is in, if any.
    pub fn grapple_of(&self, id: &CombatantId) -> Option<&Grapple> {
        self.grapples.iter().find(|g| g.involves(id))
    }

    /// `id`'s side.
    pub fn side(&self, id: &CombatantId) -> Option<&str> {
        self.clock.seat(id).ok().map(|s| s.side.as_str())
    }

    /// Whether the fight is under way.
    pub fn in_combat(&self) -> bool {
        matches!(
            self.clock.phase,
            FightPhase::Surprise { .. } | FightPhase::Round { .. }
        )
    }
}

/// The D20 ruleset for the spine.
#[derive(Clone, Copy, Debug, Default)]
pub struct D20;

impl Ruleset for D20 {
    type State = Battle;
    type Command = Command;
    type Event = Event;
    type Error = Refusal;

    fn decide(
        state: &Battle,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Refusal> {
        command::decide(state, command, dice)
    }

    fn evolve(state: &mut Battle, event: &Event) {
        event::evolve(state, event);
    }

    // The decision's scratch battle, each event applied as it was decided.
    fn decide_with_state(
        state: &Battle,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<(Battle, Vec<Event>), Refusal> {
        command::decide_with_state(state, command, dice).map(|d| (d.state, d.events))
    }
}

/// Events decided so far, applied to a scratch copy of the battle as they
/// are pushed, so later decisions see earlier consequences; a refusal
/// discards them all (the shared [`nanite_core::Decision`]).
pub(crate) type Decision = nanite_core::Decision<D20>;
